//! The forms of the Roster area: a name and an Add button, and a regiment in a few taps.

use super::use_alerts;
use crate::systems::johnny_reb::store::use_store;
use johnny_reb::rules::unit::{Arm, Quality};
use johnny_reb::state::command::Command;
use johnny_reb::state::roster::{BrigadeId, MAX_FIGURES_PER_STAND, MIN_FIGURES_PER_STAND, Regiment, Weapon};
use johnny_reb::state::roster_edit::RosterEdit;
use leptos::prelude::*;

/// A labelled name field with its Add button; empty names are refused by the command.
#[component]
pub fn AddNamed(label: &'static str, button: &'static str, on_add: Callback<String>) -> impl IntoView {
    let name = RwSignal::new(String::new());
    view! {
        <form class="add-named" on:submit=move |ev| {
            ev.prevent_default();
            on_add.run(name.get_untracked());
            name.set(String::new());
        }>
            <label class="field">
                <span>{label}</span>
                <input type="text" maxlength="80" autocomplete="off" bind:value=name/>
            </label>
            <button class="button" type="submit">{button}</button>
        </form>
    }
    .into_any()
}

const ARMS: [(&str, Arm); 5] = [
    ("Infantry", Arm::Infantry),
    ("Cavalry, mounted", Arm::Cavalry { mounted: true }),
    ("Cavalry, dismounted", Arm::Cavalry { mounted: false }),
    ("Mounted infantry, mounted", Arm::MountedInfantry { mounted: true }),
    ("Mounted infantry, dismounted", Arm::MountedInfantry { mounted: false }),
];

/// A new regiment: name, figures, quality and weapon (0.1.1); uneven regiments are laid out
/// symmetrically (0.1.1.a).
#[component]
pub fn RegimentForm(brigade: BrigadeId, on_done: Callback<()>) -> impl IntoView {
    let store = use_store();
    let alerts = use_alerts();
    let brigade = StoredValue::new(brigade);
    let name = RwSignal::new(String::new());
    let figures = RwSignal::new(String::from("20"));
    let quality = RwSignal::new(Quality::Average);
    let weapon = RwSignal::new(Weapon::RifleMusket);
    let arm = RwSignal::new(0usize);
    let problem = RwSignal::new(None::<String>);
    let layout = move || figures.get().trim().parse::<u32>().ok().and_then(Regiment::stands_for_total);

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(stands) = layout() else {
            problem.set(Some(format!(
                "Give the figures of the whole regiment: five stands of {MIN_FIGURES_PER_STAND} to {MAX_FIGURES_PER_STAND} figures, so {} to {} (0.1.1).",
                MIN_FIGURES_PER_STAND as u32 * 5,
                MAX_FIGURES_PER_STAND as u32 * 5
            )));
            return;
        };
        let mut regiment =
            Regiment::new("new", name.get_untracked().trim(), stands, quality.get_untracked(), weapon.get_untracked());
        regiment.arm = ARMS.get(arm.get_untracked()).map(|a| a.1).unwrap_or(Arm::Infantry);
        if alerts
            .dispatch(store, Command::Roster(RosterEdit::AddRegiment { brigade: brigade.get_value(), regiment }))
            .is_some()
        {
            problem.set(None);
            name.set(String::new());
            on_done.run(());
        }
    };

    view! {
        <form class="regiment-form" on:submit=submit aria-label="New regiment">
            <label class="field">
                <span>"Regiment name"</span>
                <input type="text" maxlength="80" autocomplete="off" required bind:value=name/>
            </label>
            <label class="field">
                <span>"Figures"</span>
                <input type="number" inputmode="numeric" min="5" max="30" bind:value=figures/>
            </label>
            <p class="muted">
                {move || match layout() {
                    Some(stands) => format!(
                        "Stands: {}",
                        stands.iter().map(|s| s.to_string()).collect::<Vec<_>>().join("-")
                    ),
                    None => "No layout of five stands fits this number.".to_string(),
                }}
            </p>
            <QualityChoice quality=quality group="quality"/>
            <WeaponSelect weapon=weapon/>
            <label class="field">
                <span>"Arm"</span>
                <select on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some(i) = ARMS.iter().position(|a| a.0 == v) {
                        arm.set(i);
                    }
                }>
                    {ARMS.iter().enumerate().map(|(i, a)| view! { <option value=a.0 selected=move || arm.get() == i>{a.0}</option> }).collect_view()}
                </select>
            </label>
            {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
            <div class="row">
                <button class="button primary" type="submit">"Add regiment"</button>
                <button class="button" type="button" on:click=move |_| on_done.run(())>"Cancel"</button>
            </div>
        </form>
    }
    .into_any()
}

/// The four quality columns of Table 5 as large radio rows.
#[component]
pub fn QualityChoice(quality: RwSignal<Quality>, #[prop(into)] group: String) -> impl IntoView {
    view! {
        <fieldset class="choices">
            <legend>"Quality"</legend>
            {Quality::ALL
                .into_iter()
                .map(|q| {
                    let group = group.clone();
                    view! {
                        <label class="choice">
                            <input type="radio" name=group prop:checked=move || quality.get() == q on:change=move |_| quality.set(q)/>
                            <span>{q.label()}</span>
                        </label>
                    }
                })
                .collect_view()}
        </fieldset>
    }
    .into_any()
}

/// The small arms classes of Table 8; `on_pick` runs after the choice is set.
#[component]
pub fn WeaponSelect(weapon: RwSignal<Weapon>, #[prop(optional)] on_pick: Option<Callback<Weapon>>) -> impl IntoView {
    view! {
        <label class="field">
            <span>"Weapon"</span>
            <select on:change=move |ev| {
                let v = event_target_value(&ev);
                if let Some(w) = Weapon::ALL.iter().find(|w| w.label() == v) {
                    weapon.set(*w);
                    if let Some(f) = on_pick {
                        f.run(*w);
                    }
                }
            }>
                {Weapon::ALL
                    .into_iter()
                    .map(|w| view! { <option value=w.label() selected=move || weapon.get() == w>{w.label()}</option> })
                    .collect_view()}
            </select>
        </label>
    }
    .into_any()
}
