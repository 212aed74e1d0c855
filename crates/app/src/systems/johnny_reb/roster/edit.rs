//! Editing a regiment after it is raised: its name, quality, weapon and the weapon's traits
//! (Table 8, Appendix A, 4.2.7, 5.5.3.c).

use super::forms::{QualityChoice, WeaponSelect};
use super::use_alerts;
use crate::systems::johnny_reb::store::use_store;
use johnny_reb::state::command::Command;
use johnny_reb::state::roster::{Regiment, Weapon, WeaponTraits};
use johnny_reb::state::roster_edit::RosterEdit;
use leptos::prelude::*;

type TraitField = fn(&mut WeaponTraits) -> &mut bool;

const TRAITS: [(&str, TraitField); 6] = [
    ("Breechloader", |t| &mut t.breechloader),
    ("Repeater", |t| &mut t.repeater),
    ("Sharpshooters", |t| &mut t.sharpshooters),
    ("No bayonets", |t| &mut t.no_bayonets),
    ("Flintlock", |t| &mut t.flintlock),
    ("Poor weapon", |t| &mut t.poor_weapon),
];

/// The form, filled from the regiment as it stands.
#[component]
pub fn RegimentEditor(regiment: Regiment, on_done: Callback<()>) -> impl IntoView {
    let store = use_store();
    let alerts = use_alerts();
    let original = StoredValue::new(regiment.clone());
    let name = RwSignal::new(regiment.name.clone());
    let quality = RwSignal::new(regiment.quality);
    let weapon = RwSignal::new(regiment.weapon);
    let traits = RwSignal::new(regiment.traits);
    let group = format!("quality-{}", regiment.id);

    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let mut r = original.get_value();
        r.name = name.get_untracked().trim().to_string();
        r.quality = quality.get_untracked();
        r.weapon = weapon.get_untracked();
        r.traits = traits.get_untracked();
        if alerts.dispatch(store, Command::Roster(RosterEdit::EditRegiment { regiment: r })).is_some() {
            on_done.run(());
        }
    };

    view! {
        <form class="regiment-form" aria-label="Edit regiment" on:submit=save>
            <label class="field">
                <span>"Regiment name"</span>
                <input type="text" maxlength="80" autocomplete="off" required bind:value=name/>
            </label>
            <QualityChoice quality=quality group=group/>
            // A new class brings the traits that follow from it alone.
            <WeaponSelect weapon=weapon on_pick=Callback::new(move |w: Weapon| traits.set(w.implied_traits()))/>
            <fieldset class="choices">
                <legend>"Weapon traits"</legend>
                {TRAITS
                    .into_iter()
                    .map(|(label, field)| view! {
                        <label class="choice">
                            <input
                                type="checkbox"
                                prop:checked=move || { let mut t = traits.get(); *field(&mut t) }
                                on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    traits.update(|t| *field(t) = on);
                                }
                            />
                            <span>{label}</span>
                        </label>
                    })
                    .collect_view()}
            </fieldset>
            <div class="row">
                <button class="button primary" type="submit">"Save regiment"</button>
                <button class="button" type="button" on:click=move |_| on_done.run(())>"Cancel"</button>
            </div>
        </form>
    }
    .into_any()
}
