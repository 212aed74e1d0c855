//! Setting up a battle (10.1, 10.2) in its order: the counters entered, the Scouts and Command
//! Points at hand, Fog of War with Scout re-rolls and its event, the Envelopment Check, the
//! quantities and Insights, Scouts against the Union's plans, the forces placed, the
//! campaign's Withdrawal table, and the first Battle Turn.

mod fog;
mod placing;
mod quantities;
mod withdrawal;

use super::counter::CounterForm;
use super::sheet::{ForceView, card};
use super::store::{battle, use_store};
use crate::widgets::toggles::Stepper;
use field_commander::battlefield::{Formation, Region};
use field_commander::force::Loyalty;
use field_commander::game::Command;
use field_commander::setup::setup_missing;
use field_commander::state::Phase;
use leptos::prelude::*;

/// The counters entered, each with its card, and the form to enter one more.
#[component]
fn Counters() -> impl IntoView {
    let store = use_store();
    let cards = move || battle(store, |b| b.field.forces.iter().map(|f| card(b, f)).collect::<Vec<_>>());
    let missing = move || battle(store, |b| b.field.forces.iter().map(|f| f.counter.missing().len()).sum::<usize>());
    let add = Callback::new(move |c: field_commander::force::Counter| {
        // Up to 4 of your Mobile Forces start in the Approach (10.2.16); the Union is placed
        // at random later (10.2.19).
        let region = battle(store, |b| match c.loyalty {
            Loyalty::Confederate if b.field.has_room(Loyalty::Confederate, Region::ConfederateApproach) => {
                Region::ConfederateApproach
            }
            Loyalty::Confederate => Region::ConfederateReserve,
            Loyalty::Union => Region::UnionReserve,
        });
        store.send(Command::AddForce { counter: c, region, formation: Formation::Line });
    });
    let practice = move |_| {
        if let Err(why) = store.dispatch_all(field_commander::practice::practice_setup()) {
            store.shell.error.set(Some(why));
        }
    };
    view! {
        <section aria-labelledby="counters-title">
            <h2 id="counters-title">"Counters (5.0)"</h2>
            <p class="muted">"Every value comes from your counters: the rulebook prints none. A value not entered is asked for when the rules need it."</p>
            {move || (missing() > 0).then(|| view! { <p class="banner warning">{format!("{} value(s) still to enter (5.0)", missing())}</p> })}
            <ul class="fc-forces">
                {move || cards().into_iter().map(|c| {
                    let id = c.id;
                    view! {
                        <ForceView card=c>
                            <button class="button" on:click=move |_| store.send(Command::RemoveForce { force: id })>"Take it off the sheet"</button>
                        </ForceView>
                    }
                }).collect_view()}
            </ul>
            <details class="more" open=move || battle(store, |b| b.field.forces.is_empty())>
                <summary class="button">"Enter a counter"</summary>
                <CounterForm submit="Add the counter" on_submit=add/>
            </details>
            <Show when=move || battle(store, |b| b.field.forces.is_empty())>
                <button class="button big" on:click=practice>"Load the practice battle (made-up values, not the game's)"</button>
            </Show>
        </section>
    }
    .into_any()
}

/// The Scouts and Command Points the player has as the battle begins (4.9, 4.10).
#[component]
fn StartingLedger() -> impl IntoView {
    let store = use_store();
    let (s, c, u) = battle(store, |b| (b.scouts, b.confederate_cp, b.union_cp));
    let scouts = RwSignal::new(s);
    let conf = RwSignal::new(c);
    let union = RwSignal::new(u);
    let set = move |_| {
        store.send(Command::SetLedger {
            scouts: scouts.get_untracked(),
            confederate_cp: conf.get_untracked(),
            union_cp: union.get_untracked(),
        })
    };
    view! {
        <details class="more">
            <summary class="button">{move || battle(store, |b| format!(
                "Scouts and Command Points: {} Scouts, {} Confederate, {} Union",
                b.scouts, b.confederate_cp, b.union_cp
            ))}</summary>
            <Stepper label="Scouts" value=scouts max=30/>
            <Stepper label="Confederate Command Points" value=conf max=99/>
            <Stepper label="Union Command Points" value=union max=99/>
            <button class="button primary" on:click=set>"Set them"</button>
        </details>
    }
    .into_any()
}

/// The set-up screen.
#[component]
pub fn SetupScreen() -> impl IntoView {
    let store = use_store();
    let pre = move || battle(store, |b| b.phase == Phase::PreBattle);
    let missing = move || battle(store, setup_missing);
    view! {
        <section class="screen fc" aria-labelledby="setup-title">
            <h1 id="setup-title">"Set-up"</h1>
            <p class="subtitle">{move || store.with(|g| g.name.clone())}</p>
            <Show
                when=pre
                fallback=move || match store.with(|g| g.campaign_battle_over()) {
                    Some(words) => view! {
                        <p>{words}</p>
                        <a class="button big primary" href="/campaign/battle">"Bring the result back to the campaign"</a>
                    }
                    .into_any(),
                    None if battle(store, |b| b.phase == Phase::Ended) => view! {
                        <p>"The battle is over: its set-up is done."</p>
                        <a class="button big" href="/">"Game"</a>
                    }
                    .into_any(),
                    None => view! {
                        <p>"The battle has begun: its set-up is done."</p>
                        <a class="button big" href="/">"Game"</a>
                    }
                    .into_any(),
                }
            >
                <Counters/>
                <StartingLedger/>
                <fog::FogOfWar/>
                <placing::ScreenedApproach/>
                <quantities::Quantities/>
                <placing::Placing/>
                <withdrawal::WithdrawalTableEntry/>
                <h2>"Start (10.1)"</h2>
                <ul>{move || missing().into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}</ul>
                <button
                    class="button big primary"
                    prop:disabled=move || !missing().is_empty()
                    on:click=move |_| store.send(Command::StartBattle)
                >
                    "Start the first Battle Turn"
                </button>
            </Show>
            <div class="row">
                <button class="button" prop:disabled=move || !store.can_undo() on:click=move |_| store.undo()>"Undo"</button>
                <button class="button" prop:disabled=move || !store.can_redo() on:click=move |_| store.redo()>"Redo"</button>
            </div>
        </section>
    }
    .into_any()
}
