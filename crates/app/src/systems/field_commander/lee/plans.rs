//! Select and Place Confederate Battle Plans (12.2): up to the quantity, one a force (Prepare
//! besides), none on a force in Melee, each counter where it may go (11.1, 12.3).

use super::{LeeState, Pending};
use crate::systems::field_commander::store::{battle, use_store};
use field_commander::force::Loyalty;
use field_commander::game::Command;
use field_commander::lee::{self, BattlePlan};
use leptos::prelude::*;

/// One force and the counters it may take.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    id: u32,
    name: String,
    facts: String,
    carries: Vec<String>,
    melee: bool,
    may: Vec<BattlePlan>,
}

/// The placing of Battle Plan Counters.
#[component]
pub fn PlanPlacement() -> impl IntoView {
    let store = use_store();
    let state = expect_context::<LeeState>();
    let rows = move || {
        battle(store, |b| {
            let placed: Vec<BattlePlan> = b.plans.iter().map(|p| p.plan).collect();
            b.field
                .side(Loyalty::Confederate)
                .map(|f| {
                    let melee = b.field.in_melee(f.id).unwrap_or(false);
                    let has = lee::attached(b, f.id).is_some();
                    let may = BattlePlan::ALL
                        .into_iter()
                        .filter(|p| !placed.contains(p) && p.fits(f.counter.kind))
                        .filter(|p| *p == BattlePlan::Prepare || (!melee && !has))
                        .collect();
                    Row {
                        id: f.id,
                        name: f.counter.name.clone(),
                        facts: format!("{}, {:?} in the {}", f.counter.kind.label(), f.formation, f.region.label()),
                        carries: b
                            .plans
                            .iter()
                            .filter(|p| p.force == Some(f.id))
                            .map(|p| p.plan.label().to_string())
                            .collect(),
                        melee,
                        may,
                    }
                })
                .collect::<Vec<_>>()
        })
    };
    let count = move || {
        battle(store, |b| {
            let q = b.quantities.map(|q| q.0).unwrap_or(0);
            format!("{} of {q} Battle Plan Counters placed this turn (10.2.10, 12.2)", b.plans.len())
        })
    };
    let formation_free = move || battle(store, |b| !b.plans.iter().any(|p| p.plan == BattlePlan::Formation));
    let place = move |force: Option<u32>, plan: BattlePlan, name: String| {
        let command = Command::PlacePlan { force, plan, rolls: vec![] };
        if plan == BattlePlan::Cover {
            state.pending.set(Some(Pending { title: format!("Cover on {name}: roll to Activate (12.3.3)"), command }));
        } else {
            state.pending.set(None);
            store.send(command);
        }
    };
    view! {
        <section aria-labelledby="plans-title">
            <h2 id="plans-title">"Battle Plan Counters (12.2)"</h2>
            <p>{count}</p>
            <Show when=formation_free>
                <button class="button" on:click=move |_| place(None, BattlePlan::Formation, String::new())>
                    "Formation beside the sheet (12.3.7)"
                </button>
            </Show>
            <ul class="fc-act-list">
                {move || rows()
                    .into_iter()
                    .map(|row| {
                        let name = row.name.clone();
                        view! {
                            <li class="card">
                                <p><strong>{row.name.clone()}</strong></p>
                                <p class="muted">{row.facts.clone()}</p>
                                {(!row.carries.is_empty()).then(|| view! { <p class="fc-plan">{format!("Carries {}", row.carries.join(", "))}</p> })}
                                {row.melee.then(|| view! { <p class="muted">"In Melee: no Battle Plan Counter, only Prepare (12.2, 12.3.8)"</p> })}
                                <details class="more">
                                    <summary class="button">{format!("Place a counter on {}", row.name)}</summary>
                                    <ul class="fc-plan-list">
                                        {row.may.into_iter().map(|p| {
                                            let name = name.clone();
                                            view! {
                                                <li>
                                                    <button class="button" on:click=move |_| place(Some(row.id), p, name.clone())>
                                                        {format!("{} ({})", p.label(), p.rule())}
                                                    </button>
                                                    <span class="muted small">{p.words()}</span>
                                                </li>
                                            }
                                        }).collect_view()}
                                    </ul>
                                </details>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </section>
    }
    .into_any()
}
