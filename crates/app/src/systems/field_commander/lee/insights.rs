//! The Insight Activation step (12.1): Duration and Entrench at the first, Demolitions and
//! Screen rolled against Lee's Command Rating, a Scout re-rolling a failed roll (12.1.1).

use super::{LeeState, Pending};
use crate::systems::field_commander::store::{battle, use_store};
use field_commander::force::Loyalty;
use field_commander::game::Command;
use field_commander::prebattle::Insight;
use leptos::prelude::*;

/// What the player may do at the Insight step.
#[component]
pub fn InsightStep() -> impl IntoView {
    let store = use_store();
    let state = expect_context::<LeeState>();
    let facts = move || {
        battle(store, |b| {
            let first = b.turn == 1;
            let duration = first && b.has_insight(Insight::Duration);
            let entrench: Vec<(u32, String)> = if first && b.has_insight(Insight::Entrench) {
                b.field
                    .side(Loyalty::Confederate)
                    .filter(|f| !b.field.in_melee(f.id).unwrap_or(true))
                    .map(|f| (f.id, f.counter.name.clone()))
                    .collect()
            } else {
                Vec::new()
            };
            let demolitions: Vec<(u32, String)> =
                if b.has_insight(Insight::Demolitions) && !b.insights_tried.contains(&Insight::Demolitions) {
                    b.field
                        .side(Loyalty::Union)
                        .filter(|f| !f.counter.kind.is_mobile())
                        .filter(|t| b.field.side(Loyalty::Confederate).any(|c| c.region.range(t.region) <= 1))
                        .map(|f| (f.id, f.counter.name.clone()))
                        .collect()
                } else {
                    Vec::new()
                };
            let screen = b.has_insight(Insight::Screen) && !b.insights_tried.contains(&Insight::Screen);
            let reroll = b.insight_failed.filter(|_| b.scouts > 0).map(|f| f.insight.label());
            (duration, entrench, demolitions, screen, reroll)
        })
    };
    view! {
        <section class="card" aria-labelledby="insights-title">
            <h2 id="insights-title">"Insight Activation (12.1)"</h2>
            {move || {
                let (duration, entrench, demolitions, screen, reroll) = facts();
                let nothing = !duration && entrench.is_empty() && demolitions.is_empty() && !screen && reroll.is_none();
                view! {
                    {duration.then(|| view! {
                        <fieldset class="choices inline">
                            <legend>"Duration (10.2.12.1)"</legend>
                            <button class="button" on:click=move |_| store.send(Command::Duration { longer: true })>"One Battle Turn more"</button>
                            <button class="button" on:click=move |_| store.send(Command::Duration { longer: false })>"One Battle Turn fewer"</button>
                        </fieldset>
                    })}
                    {(!entrench.is_empty()).then(|| view! {
                        <fieldset class="choices inline">
                            <legend>"Entrench on (10.2.12.3)"</legend>
                            {entrench.into_iter().map(|(id, name)| view! {
                                <button class="button" on:click=move |_| store.send(Command::Entrench { force: id })>{name}</button>
                            }).collect_view()}
                        </fieldset>
                    })}
                    {(!demolitions.is_empty()).then(|| view! {
                        <fieldset class="choices inline">
                            <legend>"Demolitions: roll Lee's rating or less (10.2.12.2)"</legend>
                            {demolitions.into_iter().map(|(id, name)| {
                                let title = format!("Demolitions on {name}");
                                view! {
                                    <button class="button" on:click=move |_| state.pending.set(Some(Pending {
                                        title: title.clone(),
                                        command: Command::ActivateInsight { insight: Insight::Demolitions, target: Some(id), rolls: vec![], tie: 0 },
                                    }))>{name}</button>
                                }
                            }).collect_view()}
                        </fieldset>
                    })}
                    {screen.then(|| view! {
                        <button class="button big" on:click=move |_| state.pending.set(Some(Pending {
                            title: "Screen: roll Lee's rating +2 or less (10.2.12.7)".into(),
                            command: Command::ActivateInsight { insight: Insight::Screen, target: None, rolls: vec![], tie: super::super::dice::random_pick() },
                        }))>"Roll for Screen"</button>
                    })}
                    {reroll.map(|name| view! {
                        <button class="button big" on:click=move |_| state.pending.set(Some(Pending {
                            title: format!("A Scout re-rolls {name} (12.1.1)"),
                            command: Command::RerollInsight { rolls: vec![], tie: super::super::dice::random_pick() },
                        }))>{format!("Discard a Scout: re-roll {name}")}</button>
                    })}
                    {nothing.then(|| view! { <p class="muted">"No Insight to activate this turn."</p> })}
                }
            }}
        </section>
    }
    .into_any()
}
