//! "Union acts" in the campaign: the app plays the Union's half of the turn one step at a time
//! (16.0-19.0): each group's orders roll on its chart, with the player's Scouts to re-roll or
//! shift it (16.3.1), the order read and carried out (16.4); the Union's battles (17.0); the
//! Resupply's Refit, draws from the cups and the Union Resupply Table with its follow-up rolls
//! (18.1-18.3). Each step says what was decided, why (its rule) and what was rolled; the chart
//! comes before the roll; every die is the app's or the table's, and undoable.

use super::common::{Done, Problem, UndoRedo, act, campaign, picks, play, trial};
use crate::systems::field_commander::dice::D10Entry;
use crate::systems::field_commander::store::use_store;
use companion_core::d10::D10;
use field_commander::campaign::{CampaignCommand, PlayCommand, UnionResupplyCommand, UnionStep};
use field_commander::game::{Command, Report};
use field_commander::pack::Order;
use leptos::prelude::*;

fn step_command(c: CampaignCommand) -> Command {
    Command::Campaign(PlayCommand::Step(c))
}

fn order_command(group: usize, shift: i8, by_hand: Option<String>, picks: Vec<usize>) -> CampaignCommand {
    CampaignCommand::UnionOrder { group, rolls: vec![], shift, picks, by_hand }
}

/// A group's orders roll: the chart, the die, the Scouts' re-roll and shift (16.1, 16.3.1).
#[component]
fn OrdersRoll(group: usize, done: RwSignal<Option<Report>>, problem: RwSignal<Option<String>>) -> impl IntoView {
    let store = use_store();
    let key = StoredValue::new(format!("orders-{group}"));
    let pending = move || {
        play(store, |p| {
            if key.with_value(|k| p.dice_for.as_deref() == Some(k.as_str())) { p.dice.clone() } else { Vec::new() }
        })
    };
    let chart = move || campaign(store, |c| c.orders_chart(group).ok()).flatten();
    let scouts = move || campaign(store, |c| c.scouts).unwrap_or(0);
    let rerolling = RwSignal::new(false);
    // The random picks of this roll (a random Area, ties, 20.0): the same for what the preview
    // shows and what is carried out.
    let seed = StoredValue::new(picks());
    let order = move |shift: i8, by_hand: Option<String>| order_command(group, shift, by_hand, seed.get_value());
    let on_die = {
        Callback::new(move |die: D10| {
            rerolling.set(false);
            if scouts() == 0 && play(store, |p| p.dice.is_empty()) {
                act(
                    store,
                    step_command(CampaignCommand::UnionOrder {
                        group,
                        rolls: vec![die],
                        shift: 0,
                        picks: picks(),
                        by_hand: None,
                    }),
                    done,
                    problem,
                );
            } else {
                act(store, Command::Campaign(PlayCommand::Roll { die, step: key.get_value() }), done, problem);
            }
        })
    };
    let words = move |value: u8| {
        chart().and_then(|(_, rows)| rows.into_iter().find(|r| r.0 == value).map(|r| r.1)).unwrap_or_default()
    };
    let by_hand_areas = move || {
        campaign(store, |c| {
            let last = pending().last().map(|d| d.value())?;
            let g = c.groups.get(group)?;
            matches!(c.order_for(group, last), Some(Order::Text(_))).then(|| {
                let mut out = vec![g.area.clone()];
                out.extend(c.def.map.neighbours(&g.area, &[]));
                out
            })
        })
        .flatten()
    };
    view! {
        {move || chart().map(|(name, rows)| {
            let last = pending().last().map(|d| d.value());
            view! {
                <details class="more" open=last.is_none()>
                    <summary class="button">{format!("The chart: {name}")}</summary>
                    <ol class="fc-chart" aria-label="Before the roll">
                        {rows.into_iter().map(|(roll, w)| view! {
                            <li class=if last == Some(roll) { "rolled" } else { "" }><strong>{roll.to_string()}</strong>" "{w}</li>
                        }).collect_view()}
                    </ol>
                </details>
            }
        })}
        {move || {
            let dice = pending();
            match dice.last().copied() {
                None => view! { <D10Entry legend="The orders roll (16.3)".to_string() on_roll=on_die/> }.into_any(),
                Some(last) => {
                    let v = last.value();
                    let spent = dice.len() as u32 - 1;
                    let left = scouts().saturating_sub(spent);
                    let preview = trial(store, &PlayCommand::Step(order(0, None)))
                        .map(|r| r.lines)
                        .unwrap_or_else(|e| vec![e]);
                    let shift_to = move |s: i8| {
                        let to = i16::from(v) + i16::from(s);
                        (left > 0 && (1..=10).contains(&to)).then(|| {
                            let label = format!("{to}: {} ({:+}, a Scout)", words(to as u8), s);
                            view! { <button class="button" on:click=move |_| act(store, step_command(order(s, None)), done, problem)>{label}</button> }
                        })
                    };
                    view! {
                        <p class="fc-rolled"><strong>{format!("Rolled {v}: {}", words(v))}</strong></p>
                        {(spent > 0).then(|| view! { <p class="muted">{format!("{spent} Scout(s) spent on re-rolls (16.3.1)")}</p> })}
                        <ol class="fc-lines so-far" aria-label="What it will do">{preview.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ol>
                        {move || match by_hand_areas() {
                            Some(areas) => view! {
                                <fieldset class="choices toggles">
                                    <legend>"The order is words the app does not read: where does the group go?"</legend>
                                    {areas.into_iter().map(|a| {
                                        let to = a.clone();
                                        view! { <button class="button" on:click=move |_| act(store, step_command(order(0, Some(to.clone()))), done, problem)>{a}</button> }
                                    }).collect_view()}
                                </fieldset>
                            }.into_any(),
                            None => view! {
                                <button class="button big primary" on:click=move |_| act(store, step_command(order(0, None)), done, problem)>"Union acts: carry it out"</button>
                            }.into_any(),
                        }}
                        <details class="more">
                            <summary class="button">{format!("Your Scouts: {left} (16.3.1)")}</summary>
                            {shift_to(-1)}
                            {shift_to(1)}
                            {(left > 0).then(|| view! {
                                <button class="button" on:click=move |_| rerolling.set(true)>"Re-roll it (a Scout)"</button>
                            })}
                            <Show when=move || rerolling.get()>
                                <D10Entry legend="The re-roll".to_string() on_roll=on_die/>
                            </Show>
                        </details>
                    }.into_any()
                }
            }
        }}
    }
    .into_any()
}

/// A roll on the Union Resupply Table, with its follow-up roll where the row has one (18.2,
/// 18.3).
#[component]
fn TableRoll(done: RwSignal<Option<Report>>, problem: RwSignal<Option<String>>) -> impl IntoView {
    let store = use_store();
    let pending = move || {
        play(store, |p| if p.dice_for.as_deref() == Some("resupply-table") { p.dice.first().copied() } else { None })
    };
    let row_words = move |d: D10| {
        campaign(store, |c| {
            c.def.union_resupply.rows.get(usize::from(d.value()) - 1).and_then(|r| r.value()).map(|r| r.words())
        })
        .flatten()
        .unwrap_or_else(|| "missing: enter it on the sheet".into())
    };
    let rows = move || {
        campaign(store, |c| {
            (1..=10u8)
                .map(|roll| {
                    let w =
                        c.def.union_resupply.rows.get(usize::from(roll) - 1).and_then(|r| r.value()).map(|r| r.words());
                    (roll, w.unwrap_or_else(|| "missing".into()))
                })
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    let roll = move |die: D10, follow_up: Option<D10>| {
        step_command(CampaignCommand::UnionResupply(UnionResupplyCommand::RollTable {
            roll: die,
            follow_up,
            picks: picks(),
        }))
    };
    let first = Callback::new(move |die: D10| {
        if campaign(store, |c| c.resupply_follow_up(die)).unwrap_or(false) {
            act(store, Command::Campaign(PlayCommand::Roll { die, step: "resupply-table".into() }), done, problem);
        } else {
            act(store, roll(die, None), done, problem);
        }
    });
    let second = Callback::new(move |die: D10| act(store, roll(die, None), done, problem));
    view! {
        <details class="more">
            <summary class="button">"The Union Resupply Table"</summary>
            <ol class="fc-chart">{move || rows().into_iter().map(|(r, w)| view! { <li><strong>{r.to_string()}</strong>" "{w}</li> }).collect_view()}</ol>
        </details>
        {move || match pending() {
            None => view! { <D10Entry legend="The Union Resupply Table roll (18.2)".to_string() on_roll=first/> }.into_any(),
            Some(d) => view! {
                <p class="fc-rolled"><strong>{format!("Rolled {}: {}", d.value(), row_words(d))}</strong></p>
                <D10Entry legend="The follow-up roll (18.3)".to_string() on_roll=second/>
            }.into_any(),
        }}
    }
    .into_any()
}

/// The Union screen of the campaign.
#[component]
pub fn UnionScreen() -> impl IntoView {
    let store = use_store();
    let done = RwSignal::new(None::<Report>);
    let problem = RwSignal::new(None::<String>);
    let next = Memo::new(move |_| campaign(store, |c| c.union_next()).flatten());
    let ledger = move || {
        campaign(store, |c| {
            c.ledger()
                .into_iter()
                .filter(|l| {
                    matches!(
                        l.what,
                        "Campaign Turn"
                            | "Union Command Points"
                            | "Scouts"
                            | "Reinforcement cup"
                            | "Additional Forces cup"
                    )
                })
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    let simple = move |c: CampaignCommand| act(store, step_command(c), done, problem);
    let resupply =
        move |c: UnionResupplyCommand| act(store, step_command(CampaignCommand::UnionResupply(c)), done, problem);
    view! {
        <section class="screen fc fc-campaign" aria-labelledby="cunion-title">
            <h1 id="cunion-title">"Union acts"</h1>
            <p class="subtitle">"The rules play the Union's half of the turn: one tap a step, each with its rule and its roll."</p>
            <dl class="fc-ledger-short">
                {move || ledger().into_iter().map(|l| view! { <div class="fc-ledger-line"><dt>{l.what}</dt><dd>{l.value}</dd></div> }).collect_view()}
            </dl>
            {move || match next.get() {
                None => view! {
                    <section class="card">
                        <p>"The Union has nothing to do now: it acts once you end the Confederate turn (16.0)."</p>
                        <a class="button big primary" href="/campaign">"Back to the campaign"</a>
                    </section>
                }.into_any(),
                Some(n) => {
                    let body = match n.step.clone() {
                        UnionStep::Orders { group } => view! { <OrdersRoll group=group done=done problem=problem/> }.into_any(),
                        UnionStep::EndOrders => view! {
                            <button class="button big primary" on:click=move |_| simple(CampaignCommand::EndUnionOrders)>"Union acts: on to its battles (17.0)"</button>
                        }.into_any(),
                        UnionStep::Battle { .. } => view! { <a class="button big primary" href="/campaign/battle">"Resolve the battle"</a> }.into_any(),
                        UnionStep::EndBattles => view! {
                            <button class="button big primary" on:click=move |_| simple(CampaignCommand::EndBattles)>"Union acts: on to its Resupply (18.0)"</button>
                        }.into_any(),
                        UnionStep::Refit => view! {
                            <button class="button big primary" on:click=move |_| resupply(UnionResupplyCommand::Refit { picks: picks() })>"Union acts: Refit"</button>
                        }.into_any(),
                        UnionStep::DrawReinforcement => view! {
                            <button class="button big primary" on:click=move |_| resupply(UnionResupplyCommand::DrawReinforcement { picks: picks() })>"Union acts: draw from the Reinforcement cup"</button>
                        }.into_any(),
                        UnionStep::DrawAdditional => view! {
                            <button class="button big primary" on:click=move |_| resupply(UnionResupplyCommand::DrawAdditional { picks: picks() })>"Union acts: draw from the Additional Forces cup"</button>
                        }.into_any(),
                        UnionStep::Table { .. } => view! { <TableRoll done=done problem=problem/> }.into_any(),
                        UnionStep::EndTurn => view! {
                            <button class="button big primary" on:click=move |_| simple(CampaignCommand::EndTurn)>"End the Campaign Turn (19.0)"</button>
                        }.into_any(),
                    };
                    view! {
                        <section class="card fc-next" aria-labelledby="cunion-next">
                            <h2 id="cunion-next">{n.title.clone()}</h2>
                            <p class="muted">{n.why.clone()}</p>
                            {body}
                        </section>
                    }.into_any()
                }
            }}
            <Problem problem=problem/>
            <Done report=done/>
            <UndoRedo store=store report=done/>
            <a class="button" href="/campaign">"Back to the campaign"</a>
        </section>
    }
    .into_any()
}
