//! One Order of a side's book: its heading, where it stands, what it says, and what can be
//! done with it now (accepted, reissued, ended), with the Ending steps of its Formation.

use super::rolls::{AcceptForm, RecoveryForm, send};
use super::use_said;
use crate::systems::line_of_battle::model::orders::{self as model, StepState};
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::number;
use leptos::prelude::*;
use line_of_battle::clock::{Light, Segment};
use line_of_battle::orders::commands::OrderCommand;
use line_of_battle::orders::{Status, ending::Step};

/// An Order's card.
#[component]
pub fn OrderCard(id: u32) -> impl IntoView {
    let store = use_store();
    let said = use_said();
    let order = move || store.with(|g| g.book.order(id).ok().cloned());
    let heading = move || store.with(|g| g.book.order(id).map(|o| model::heading(g, o)).unwrap_or_default());
    let status = move || store.with(|g| g.book.order(id).map(|o| model::status(&g.clock, o)).unwrap_or_default());
    let lines = move || order().map(|o| model::instruction_lines(o.kind, &o.instructions)).unwrap_or_default();
    let awaiting = move || order().is_some_and(|o| o.status == Status::Awaiting);
    let accepted = move || order().is_some_and(|o| matches!(o.status, Status::Accepted(_)));
    let current = move || {
        store.with(|g| g.book.order(id).is_ok_and(|o| g.book.current(&o.formation).is_some_and(|c| c.id == id)))
    };
    let reissues = move || store.with(|g| g.book.order(id).map(|o| model::reissues_due(g, o)).unwrap_or_default());
    let origin = move || order().map(|o| model::origin(&o.origin)).unwrap_or_default();
    let ended = move || order().is_some_and(|o| matches!(o.status, Status::Ended(..)));
    view! {
        <article class="unit-card order-card" class:ended=ended aria-label=heading>
            <h3>{heading}</h3>
            <p class="order-status"><strong>{status}</strong></p>
            <p class="muted">{origin}</p>
            <ul class="plain order-lines">{move || lines().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
            <Show when=awaiting>
                <AcceptForm order=id/>
            </Show>
            <Show when=move || !reissues().is_empty()>
                <ReissueForm order=id/>
            </Show>
            <Show when=move || accepted() && current()>
                <details class="more">
                    <summary class="button">"End this Order (13.6)"</summary>
                    <div class="actions stacked">
                        {move || order().map(|o| model::endings(o.kind).iter().map(|e| {
                            let e = *e;
                            let formation = StoredValue::new(o.formation.clone());
                            view! {
                                <button class="button" on:click=move |_| {
                                    send(store, said, OrderCommand::End { formation: formation.get_value(), event: e });
                                }>{model::event(e)}</button>
                            }
                        }).collect_view())}
                    </div>
                </details>
            </Show>
        </article>
    }
    .into_any()
}

/// The Reissues of an accepted Attack Order to each of the Formation's Divisions, the turn it
/// is accepted, with no roll; each arrives by its distance, without Awareness (13.2a, 13.3c).
#[component]
fn ReissueForm(order: u32) -> impl IntoView {
    let store = use_store();
    let said = use_said();
    let due = store.with_untracked(|g| {
        g.book
            .order(order)
            .map(|o| model::reissues_due(g, o))
            .unwrap_or_default()
            .into_iter()
            .filter_map(|d| g.oob.formation(&d).cloned())
            .collect::<Vec<_>>()
    });
    let rows: Vec<(String, String, String, RwSignal<String>)> = due
        .into_iter()
        .map(|f| {
            let leader = f.leader.clone().unwrap_or_default();
            (f.id, f.name, leader, RwSignal::new(String::from("10")))
        })
        .collect();
    let rows = StoredValue::new(rows);
    let go = move |_| {
        let mut to = Vec::new();
        for (id, name, leader, mps) in rows.get_value() {
            let Some(m) = number::<u32>(&mps.get_untracked()) else {
                said.outcome(Err(format!("Enter the Leader MPs from the Corps HQ to {name}'s Leader (13.3a).")));
                return;
            };
            to.push((id, leader, m));
        }
        send(store, said, OrderCommand::Reissue { order, to });
    };
    view! {
        <div class="roll-form" role="group" aria-label=format!("Reissues of Order {order}")>
            <h4>"Reissue it to each Division now (13.2a)"</h4>
            {rows
                .get_value()
                .into_iter()
                .map(|(_, name, _, mps)| view! {
                    <label class="field">
                        <span>{format!("Leader MPs to {name}")}</span>
                        <input type="text" inputmode="numeric" pattern="[0-9]*" maxlength="3" autocomplete="off" bind:value=mps/>
                    </label>
                })
                .collect_view()}
            <button class="button primary" on:click=go>"Send the Reissues"</button>
        </div>
    }
    .into_any()
}

/// A Formation going through the steps of ending its Orders (13.6, 13.7): each step in order,
/// the one due marked, with its button where the players do it on the map, Recovery's rolls
/// in the Recovery Segment, and the first Twilight Turn's automatic Recovery.
#[component]
pub fn EndingCard(formation: String) -> impl IntoView {
    let store = use_store();
    let said = use_said();
    let fid = StoredValue::new(formation);
    let ending = move || store.with(|g| g.book.standing(&fid.get_value()).and_then(|s| s.ending.clone()));
    let name = move || store.with(|g| g.oob.formation(&fid.get_value()).map(|f| f.name.clone()).unwrap_or_default());
    let due = Memo::new(move |_| ending().and_then(|e| e.at()));
    let own_recovery = move || {
        store.with(|g| {
            let side = g.oob.formation(&fid.get_value()).map(|f| f.side);
            side.is_some_and(|s| model::own_segment(g, s, Segment::Recovery))
        })
    };
    let twilight = move || store.with(|g| g.clock.light() == Some(Light::Twilight));
    view! {
        <article class="unit-card ending-card" aria-label=move || format!("{} ends its Orders", name())>
            <h3>{move || format!("{}: {}", name(), ending().map(|e| model::event(e.event)).unwrap_or_default())}</h3>
            <ol class="ending-steps">
                {move || ending().map(|e| model::ending_steps(&e).into_iter().map(|(text, state)| {
                    let (mark, class) = match state {
                        StepState::Done => ("✓ done: ", "done"),
                        StepState::Due => ("▶ now: ", "due"),
                        StepState::ToCome => ("", "to-come"),
                    };
                    view! { <li class=class>{mark}{text}</li> }
                }).collect_view())}
            </ol>
            {move || match due.get() {
                Some(step) if model::marked_on_the_map(step) => view! {
                    <button class="button primary" on:click=move |_| {
                        send(store, said, OrderCommand::StepDone { formation: fid.get_value(), step });
                    }>{format!("Done on the map: {}", model::step(step))}</button>
                }
                .into_any(),
                Some(Step::Recovery) => view! {
                    <Show when=twilight>
                        <button class="button" on:click=move |_| {
                            send(store, said, OrderCommand::RecoverAtFirstLight { formation: fid.get_value() });
                        }>"Recover automatically: the first Twilight Turn (13.7c)"</button>
                    </Show>
                    <Show
                        when=own_recovery
                        fallback=|| view! { <p class="muted">"Recovery is rolled in this side's Recovery Segment (13.7c)."</p> }
                    >
                        <RecoveryForm formation=fid.get_value()/>
                    </Show>
                }
                .into_any(),
                _ => ().into_any(),
            }}
        </article>
    }
    .into_any()
}
