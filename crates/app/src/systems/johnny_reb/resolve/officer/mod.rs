//! Officer casualties (8, Table 20): one officer, or every officer in turn in Phase Eight.
//! The hit is applied with `OfficerHit`. The rules part is [`model`].

pub mod model;

use super::card::{Applied, ResultCard};
use super::frame::{ResolverFrame, from_address};
use super::picker::{Pick, UnitPicker};
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::dice::DiceEntry;
use crate::widgets::odds::OddsLine;
use crate::widgets::toggles::Toggles;
use johnny_reb::rules::officers::{effect_odds, hit_chance};
use johnny_reb::rules::tables::t20_officer_casualty::CasualtyEffect;
use johnny_reb::state::game::Phase;
use leptos::prelude::*;
use model::{OfficerForm, resolve, rows};

/// The officer casualty resolver at `/resolve/officer`.
#[component]
pub fn OfficerResolver() -> impl IntoView {
    let store = use_store();
    let chosen = from_address();
    let row = RwSignal::new(None::<usize>);
    let hit_faces = RwSignal::new(Vec::<u8>::new());
    let effect_faces = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Applied>);
    let sweep = RwSignal::new(false);
    let table = StoredValue::new(rows());

    Effect::new(move |prev: Option<Option<String>>| {
        let now = chosen.get();
        if prev.is_some_and(|p| p != now) {
            row.set(None);
            hit_faces.set(Vec::new());
            effect_faces.set(Vec::new());
            applied.set(None);
        }
        now
    });
    let form = Memo::new(move |_| OfficerForm {
        officer: chosen.get(),
        row: row.get(),
        hit: hit_faces.get(),
        effect: effect_faces.get(),
    });
    let the_row = move || form.with(OfficerForm::row);
    let dice_count = Signal::derive(move || form.with(OfficerForm::hit_dice));
    let is_a_hit = move || form.with(OfficerForm::is_hit);
    let result = Signal::derive(move || form.with(|f| store.session.with(|s| resolve(f, s.game()))));
    let next_officer = move || store.session.with(|s| model::next_officer(s.game(), chosen.get().as_deref()));
    let phase_eight = move || store.session.with(|s| s.game().phase == Phase::OfficerCasualties);

    view! {
        <ResolverFrame title="Officer casualties" rules="8, Table 20: the closest the officer, or the unit he helped, came to a non-routed enemy this turn. An officer used in melee rolls at Under 2\" (5.8.2).">
            <UnitPicker pick=Pick::Officers chosen=chosen/>
            <Show when=move || chosen.get().is_none() && next_officer().is_some()>
                <div class="row">
                    <button class=move || if phase_eight() { "button big primary" } else { "button big" } on:click=move |_| {
                        sweep.set(true);
                        chosen.set(next_officer());
                    }>"Roll for every officer in turn (phase 8)"</button>
                </div>
            </Show>
            <Toggles legend="Closest to the enemy" options=table.with_value(|t| t.iter().enumerate().map(|(i, r)| (Some(i), r.label)).collect()) value=row/>
            {move || the_row().map(|r| {
                let hits_on = r.hit_on.iter().map(u32::to_string).collect::<Vec<_>>().join(" or ");
                let dice_words = if r.dice == 1 { "one die".to_string() } else { format!("{} dice", r.dice) };
                view! {
                    <OddsLine target=format!("Hit on {hits_on} with {dice_words}") chances=vec![("Hit", hit_chance(r.min_inches))]/>
                }
            })}
            <DiceEntry name="Hit die" count=dice_count faces=hit_faces/>
            <Show when=move || is_a_hit() == Some(true)>
                <p class="headline" role="status"><strong>"Hit. Now roll the effect die."</strong></p>
                <OddsLine
                    target="1 stunned · 2-3 light wound · 4-5 severe wound · 6 spectacular death"
                    chances=CasualtyEffect::ALL.iter().map(|e| (e.label(), effect_odds().chance_of(e))).collect()
                />
                <DiceEntry name="Effect die" count=Signal::derive(|| 1usize) faces=effect_faces/>
            </Show>
            <ResultCard result=result applied=applied/>
            // Only once the result is applied ("Done" for a miss): that ticks the officer's phase 8
            // item, so the sweep cannot leave one unticked behind it.
            <Show when=move || sweep.get() && chosen.get().is_some() && applied.get().is_some()>
                <div class="row">
                    {move || match next_officer() {
                        Some(_) => view! { <button class="button big" on:click=move |_| chosen.set(next_officer())>"Next officer"</button> }.into_any(),
                        None => view! { <p>"Every officer has rolled."</p> }.into_any(),
                    }}
                </div>
            </Show>
        </ResolverFrame>
    }
    .into_any()
}
