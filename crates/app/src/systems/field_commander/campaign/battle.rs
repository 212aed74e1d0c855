//! The campaign's battles (9.3, 15.2, 17.0): each Area where both armies stand, fought on the
//! Battlefield Sheet (the Basic rules, its result brought back onto the map with the
//! Withdrawal settled there, 14.5-14.8) or on the campaign map with the Quick or Very Quick
//! Battle Rules (part two): Fog of War with Scout re-rolls and its event, the Envelopment
//! Check, the Battle Resolution Table's column before each roll, the Rout, the choice to
//! retreat, the Withdrawal.

use super::common::{Done, Problem, UndoRedo, act, campaign, campaign_now, picks, play};
use crate::shell::router::navigate;
use crate::systems::field_commander::dice::D10Entry;
use crate::systems::field_commander::store::use_store;
use companion_core::d10::D10;
use field_commander::campaign::{
    AfterBattle, BattleRules, Campaign, CampaignCommand, FogChoices, PlayCommand, QuickCommand, QuickStage,
};
use field_commander::campaign_game::sheet_outcome;
use field_commander::force::{ForceType, Loyalty};
use field_commander::game::{Command, Report};
use field_commander::pack::form::brt_cell_words;
use field_commander::prebattle::{FogEvent, fog_of_war};
use field_commander::quick::Shift;
use leptos::prelude::*;

fn quick(c: QuickCommand) -> Command {
    Command::Campaign(PlayCommand::Step(CampaignCommand::Quick(c)))
}

/// The adjacent Areas without Union Forces a Confederate force may leave a battle for (14.5).
fn free_exits(c: &Campaign, area: &str) -> Vec<String> {
    c.def.map.neighbours(area, &[]).into_iter().filter(|a| c.in_area(a, Loyalty::Union).is_empty()).collect()
}

/// Where each Confederate force goes as it leaves a battle: the player's choice (14.5).
#[component]
fn LeaveFor(forces: Vec<(u32, String)>, exits: Vec<String>, chosen: RwSignal<Vec<(u32, String)>>) -> impl IntoView {
    if exits.is_empty() {
        return view! { <p class="banner warning">"Every adjacent Area holds Union Forces: forces that leave are destroyed (14.5)."</p> }.into_any();
    }
    // The first Area is the default for every force.
    if chosen.get_untracked().is_empty()
        && let Some(first) = exits.first()
    {
        chosen.set(forces.iter().map(|(id, _)| (*id, first.clone())).collect());
    }
    view! {
        {forces.into_iter().map(|(id, name)| {
            let exits = exits.clone();
            view! {
                <fieldset class="choices inline toggles">
                    <legend>{format!("{name} goes to")}</legend>
                    {exits.into_iter().map(|a| {
                        let to = a.clone();
                        let is = a.clone();
                        view! {
                            <button class="button"
                                aria-pressed=move || if chosen.get().iter().any(|(f, x)| *f == id && *x == is) { "true" } else { "false" }
                                on:click=move |_| chosen.update(|c| {
                                    c.retain(|(f, _)| *f != id);
                                    c.push((id, to.clone()));
                                })>{a}</button>
                        }
                    }).collect_view()}
                </fieldset>
            }
        }).collect_view()}
    }
    .into_any()
}

/// The Fog of War step of a Quick battle: the roll, Scout re-rolls, the event (10.2.1-10.2.9).
#[component]
fn QuickFog(done: RwSignal<Option<Report>>, problem: RwSignal<Option<String>>) -> impl IntoView {
    let store = use_store();
    let rolls = move || {
        campaign(store, |c| c.battle.as_ref().map(|b| b.fog_rolls.clone()).unwrap_or_default()).unwrap_or_default()
    };
    let scouts = move || campaign(store, |c| c.scouts).unwrap_or(0);
    let row = move || {
        campaign(store, |c| {
            let last = c.battle.as_ref()?.fog_rolls.last().copied()?;
            fog_of_war(c.settings.difficulty.fog, last, c.hard_fog_row_9.value().copied()).ok()
        })
        .flatten()
    };
    let rerolling = RwSignal::new(false);
    let pay = RwSignal::new(false);
    let seed = StoredValue::new(picks());
    let on_roll = Callback::new(move |d: D10| {
        rerolling.set(false);
        act(store, quick(QuickCommand::FogRoll { roll: d }), done, problem)
    });
    let event = move |choices: FogChoices| act(store, quick(QuickCommand::FogEvent(choices)), done, problem);
    let with = move |follow_up: Option<D10>, desertion_roll: Option<D10>| {
        let buy =
            pay.get_untracked()
                .then(|| {
                    campaign_now(store, |c| {
                        let brigade = c.at(&field_commander::campaign::Place::Beside).into_iter().find(|id| {
                            c.design(*id).is_ok_and(|d| d.echelon == field_commander::pack::Echelon::Brigade)
                        })?;
                        let area = c.held_by(Loyalty::Confederate).into_iter().next()?;
                        Some((brigade, area))
                    })
                    .flatten()
                })
                .flatten();
        FogChoices { follow_up, picks: seed.get_value(), buy_brigade: buy, desertion_roll }
    };
    view! {
        {move || match row() {
            None => view! { <D10Entry legend="Fog of War (10.2.1)".to_string() on_roll=on_roll/> }.into_any(),
            Some(r) => {
                let n = rolls().len();
                let ev = r.event;
                view! {
                    <p class="fc-rolled"><strong>{format!(
                        "Fog of War: {} Battle Turns, less two under these rules; {}",
                        r.turns,
                        field_commander::campaign::fog_words(ev)
                    )}</strong></p>
                    {(n > 1).then(|| view! { <p class="muted">{format!("{} Scout(s) spent on re-rolls (10.2.2)", n - 1)}</p> })}
                    {match ev {
                        FogEvent::RegimentOrCommandPoints | FogEvent::FortificationOrGarrison => view! {
                            <D10Entry legend="The event's second roll (10.2.6)".to_string() on_roll=Callback::new(move |d| event(with(Some(d), None)))/>
                        }.into_any(),
                        FogEvent::Desertion => view! {
                            <D10Entry legend="The deserting force's Activation check (10.2.8)".to_string() on_roll=Callback::new(move |d| event(with(None, Some(d))))/>
                        }.into_any(),
                        FogEvent::BuyBrigade => view! {
                            <crate::widgets::toggles::Toggles legend="Pay 2 Command Points for a Brigade in an Area you Hold?" options=vec![(false, "No"), (true, "Pay 2")] value=pay/>
                            <button class="button big primary" on:click=move |_| event(with(None, None))>"Keep it: resolve the event"</button>
                        }.into_any(),
                        _ => view! {
                            <button class="button big primary" on:click=move |_| event(with(None, None))>"Keep it: resolve the event and check for Envelopment"</button>
                        }.into_any(),
                    }}
                    {move || (scouts() > 0).then(|| view! {
                        <button class="button" on:click=move |_| rerolling.set(true)>{format!("Re-roll it: discard a Scout ({} left, 10.2.2)", scouts())}</button>
                    })}
                    <Show when=move || rerolling.get()>
                        <D10Entry legend="The Fog of War re-roll".to_string() on_roll=on_roll/>
                    </Show>
                }.into_any()
            }
        }}
    }
    .into_any()
}

/// A Quick or Very Quick battle in progress (part two).
#[component]
fn QuickBattleCard(done: RwSignal<Option<Report>>, problem: RwSignal<Option<String>>) -> impl IntoView {
    let store = use_store();
    let stage = move || {
        campaign(store, |c| {
            c.battle.as_ref().map(|b| (b.stage, b.area.clone(), b.very_quick, b.turn, b.turns, b.confederate_shift))
        })
        .flatten()
    };
    let shift = RwSignal::new(None::<Shift>);
    let chosen = RwSignal::new(Vec::<(u32, String)>::new());
    let retreat_instead = RwSignal::new(false);
    let seed = StoredValue::new(picks());
    let fight = Callback::new(move |d: D10| {
        let c = QuickCommand::Fight {
            roll: d,
            confederate_shift: shift.get_untracked(),
            union_picks: seed.get_value(),
            confederate_picks: picks(),
        };
        act(store, quick(c), done, problem);
        shift.set(None);
    });
    let confederates = move |area: &str| {
        campaign(store, |c| {
            c.in_area(area, Loyalty::Confederate)
                .into_iter()
                .filter(|id| c.counter(*id).is_ok_and(|k| k.kind.is_mobile() && k.kind != ForceType::Artillery))
                .map(|id| (id, c.name(id)))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    let exits = move |area: &str| campaign(store, |c| free_exits(c, area)).unwrap_or_default();
    let needs_roll = move || {
        campaign(store, |c| {
            let b = c.battle.as_ref()?;
            let u = c.total(&c.in_area(&b.area, Loyalty::Union)).ok()?;
            let k = c.total(&c.in_area(&b.area, Loyalty::Confederate)).ok()?;
            Some(field_commander::outcome::withdrawal_check(u, k) == field_commander::outcome::WithdrawalCheck::Roll)
        })
        .flatten()
        .unwrap_or(true)
    };
    view! {
        {move || stage().map(|(stage, area, very_quick, turn, turns, cshift)| {
            let heading = format!(
                "{} battle in {area}{}",
                if very_quick { "A Very Quick" } else { "A Quick" },
                if very_quick || stage == QuickStage::FogOfWar { String::new() } else { format!(": Battle Turn {turn} of {turns}") }
            );
            let body = match stage {
                QuickStage::FogOfWar => view! { <QuickFog done=done problem=problem/> }.into_any(),
                QuickStage::Fight => {
                    let outlook = move || campaign(store, |c| c.quick_outlook(shift.get())).map(|r| r.map_err(|e| e.to_string()));
                    view! {
                        {move || match outlook() {
                            Some(Ok(o)) => view! {
                                <div class="odds" role="group" aria-label="Before the roll">
                                    <ul>{o.lines.iter().map(|l| view! { <li>{l.clone()}</li> }).collect_view()}</ul>
                                    <ol class="fc-chart">
                                        {o.cells.iter().map(|(r, cell)| view! {
                                            <li><strong>{r.to_string()}</strong>" "{cell.map(|c| brt_cell_words(&c)).unwrap_or_else(|| "missing".into())}</li>
                                        }).collect_view()}
                                    </ol>
                                    {(o.multiplier > 1).then(|| view! { <p class="muted">{format!("Hits times {} Battle Turns (Very Quick)", o.multiplier)}</p> })}
                                </div>
                            }.into_any(),
                            Some(Err(e)) => view! { <p class="banner warning">{e}</p> }.into_any(),
                            None => ().into_any(),
                        }}
                        {cshift.then(|| view! {
                            <crate::widgets::toggles::Toggles legend="Your one BRT shift from Fog of War" options=vec![(None, "Keep it"), (Some(Shift::Left), "Use it: left"), (Some(Shift::Right), "Use it: right")] value=shift/>
                        })}
                        <D10Entry legend="The Battle Resolution Table roll".to_string() on_roll=fight/>
                    }.into_any()
                }
                QuickStage::Routed(Loyalty::Union) => view! {
                    <p>"The Union forces are Routed: each goes to an adjacent Area the Union Holds, else one you do not (14.5)."</p>
                    <button class="button big primary" on:click=move |_| act(store, quick(QuickCommand::Rout { union_picks: picks(), confederate_to: vec![] }), done, problem)>"The Union forces leave"</button>
                }.into_any(),
                QuickStage::Routed(Loyalty::Confederate) => view! {
                    <p>"Your forces are Routed: choose where each goes (14.5)."</p>
                    <LeaveFor forces=confederates(&area) exits=exits(&area) chosen=chosen/>
                    <button class="button big primary" on:click=move |_| act(store, quick(QuickCommand::Rout { union_picks: vec![], confederate_to: chosen.get_untracked() }), done, problem)>"They leave"</button>
                }.into_any(),
                QuickStage::Decide => view! {
                    <button class="button big primary" on:click=move |_| act(store, quick(QuickCommand::NextTurn), done, problem)>"Fight another Battle Turn (14.6)"</button>
                    <details class="more">
                        <summary class="button">"Retreat instead (14.5.1)"</summary>
                        <LeaveFor forces=confederates(&area) exits=exits(&area) chosen=chosen/>
                        <button class="button" on:click=move |_| act(store, quick(QuickCommand::Retreat { confederate_to: chosen.get_untracked() }), done, problem)>"Retreat"</button>
                    </details>
                }.into_any(),
                QuickStage::Withdrawal => view! {
                    {very_quick.then(|| view! {
                        <crate::widgets::toggles::Toggles legend="On a Rejoin (14.8.1, Very Quick)" options=vec![(false, "Fight again"), (true, "Retreat instead")] value=retreat_instead/>
                    })}
                    {move || if needs_roll() {
                        view! { <D10Entry legend="The Withdrawal table (14.8)".to_string() on_roll=Callback::new(move |d| act(store, quick(QuickCommand::Withdraw { roll: Some(d), retreat_instead: retreat_instead.get_untracked(), picks: picks() }), done, problem))/> }.into_any()
                    } else {
                        view! { <button class="button big primary" on:click=move |_| act(store, quick(QuickCommand::Withdraw { roll: None, retreat_instead: false, picks: picks() }), done, problem)>"At 2:1 the weaker side Retreats (14.8)"</button> }.into_any()
                    }}
                }.into_any(),
            };
            view! {
                <section class="card fc-next" aria-label="The battle">
                    <h2>{heading}</h2>
                    {body}
                </section>
            }
        })}
    }
    .into_any()
}

/// The campaign battle on the Battlefield Sheet: fought there, its result brought back.
#[component]
fn SheetCard(done: RwSignal<Option<Report>>, problem: RwSignal<Option<String>>) -> impl IntoView {
    let store = use_store();
    let area = move || play(store, |p| p.sheet.as_ref().map(|l| l.area.clone())).unwrap_or_default();
    let over = move || store.with(|g| g.battle.result.is_some());
    let chosen = RwSignal::new(Vec::<(u32, String)>::new());
    let seed = StoredValue::new(picks());
    // What the end needs: the Confederate forces that left the sheet, and whether the
    // Withdrawal is rolled.
    let exited = move || {
        store.with(|g| {
            let (Some(link), Some(c)) = (&g.campaign.sheet, &g.campaign.campaign) else { return Vec::new() };
            g.battle
                .field
                .exited
                .iter()
                .filter_map(|f| link.piece_of(*f))
                .filter(|p| c.loyalty(*p).is_ok_and(|l| l == Loyalty::Confederate))
                .map(|p| (p, c.name(p)))
                .collect::<Vec<_>>()
        })
    };
    let after = move |roll: Option<D10>| AfterBattle {
        withdrawal_roll: roll,
        picks: seed.get_value(),
        confederate_to: chosen.get_untracked(),
    };
    let needs_roll = move || {
        store.with(|g| {
            let (Some(link), Some(c)) = (&g.campaign.sheet, &g.campaign.campaign) else { return false };
            let Ok(out) = sheet_outcome(&g.battle, link, c) else { return false };
            matches!(c.sheet_result(link, &out, &AfterBattle { confederate_to: chosen.get(), picks: seed.get_value(), ..AfterBattle::default() }), Err(e) if e.to_string().contains("Withdrawal table"))
        })
    };
    let bring = move |roll: Option<D10>| act(store, Command::SheetResult(after(roll)), done, problem);
    view! {
        <section class="card fc-next" aria-label="The battle on the Battlefield Sheet">
            <h2>{move || format!("The battle in {} is on the Battlefield Sheet", area())}</h2>
            <Show when=over fallback=|| view! {
                <p>"Fight it on the battle's screens. Once it is over, come back here to bring its result to the campaign map."</p>
                <div class="actions stacked">
                    <a class="button big primary" href="/setup">"Set up the battle"</a>
                    <a class="button" href="/">"The Battlefield Sheet"</a>
                </div>
            }>
                <p>"The battle is over. Its result goes back onto the campaign map (14.7, 14.8)."</p>
                {move || {
                    let gone = exited();
                    let a = area();
                    (!gone.is_empty()).then(|| {
                        let exits = campaign_now(store, |c| free_exits(c, &a)).unwrap_or_default();
                        view! { <LeaveFor forces=gone exits=exits chosen=chosen/> }
                    })
                }}
                {move || if needs_roll() {
                    view! { <D10Entry legend="The campaign's Withdrawal table (14.8)".to_string() on_roll=Callback::new(move |d| bring(Some(d)))/> }.into_any()
                } else {
                    view! { <button class="button big primary" on:click=move |_| bring(None)>"Bring the result back to the campaign"</button> }.into_any()
                }}
            </Show>
        </section>
    }
    .into_any()
}

/// The campaign's battles screen.
#[component]
pub fn BattleScreen() -> impl IntoView {
    let store = use_store();
    let done = RwSignal::new(None::<Report>);
    let problem = RwSignal::new(None::<String>);
    let sheet = move || play(store, |p| p.sheet.is_some());
    let state = move || {
        campaign(store, |c| (c.phase.resolves_battles(), c.settings.battles, c.battle.is_some(), c.pending_battles()))
    };
    let begin_sheet = move |area: String| {
        act(store, Command::SheetBattle { area }, done, problem);
        if problem.get_untracked().is_none() {
            navigate("/setup");
        }
    };
    view! {
        <section class="screen fc fc-campaign" aria-labelledby="battles-title">
            <h1 id="battles-title">"Battles"</h1>
            <p class="subtitle">{move || campaign(store, |c| format!("{}: {}", c.turn_words(), c.phase.label())).unwrap_or_default()}</p>
            {move || match (sheet(), state()) {
                (true, _) => view! { <SheetCard done=done problem=problem/> }.into_any(),
                (false, None) => view! { <p>"No campaign has been started."</p> }.into_any(),
                (false, Some((false, ..))) => view! { <p>"Battles are resolved in the Resolve Battles steps (9.3, 15.2, 17.0)."</p> }.into_any(),
                (false, Some((true, _, true, _))) => view! { <QuickBattleCard done=done problem=problem/> }.into_any(),
                (false, Some((true, _, false, pending))) if pending.is_empty() => view! {
                    <p>"No Area holds both armies: no battle is left in this step."</p>
                    <button class="button big primary" on:click=move |_| act(store, Command::Campaign(PlayCommand::Step(CampaignCommand::EndBattles)), done, problem)>"End the Resolve Battles step"</button>
                }.into_any(),
                (false, Some((true, rules, false, pending))) => view! {
                    <p>"Resolve the battles in the order you choose (9.3)."</p>
                    <ul class="fc-areas">
                        {pending.into_iter().map(|a| {
                            let area = a.clone();
                            let forces = campaign(store, |c| {
                                let side = |s| c.in_area(&a, s).into_iter().map(|id| super::common::force_line(c, id)).collect::<Vec<_>>().join("; ");
                                (side(Loyalty::Confederate), side(Loyalty::Union))
                            }).unwrap_or_default();
                            view! {
                                <li class="card">
                                    <h2>{a.clone()}</h2>
                                    <p>{format!("Confederate: {}", forces.0)}</p>
                                    <p>{format!("Union: {}", forces.1)}</p>
                                    {if rules == BattleRules::Basic {
                                        view! { <button class="button big primary" on:click=move |_| begin_sheet(area.clone())>"Fight it on the Battlefield Sheet"</button> }.into_any()
                                    } else {
                                        view! { <button class="button big primary" on:click=move |_| act(store, quick(QuickCommand::Begin { area: area.clone() }), done, problem)>"Begin the battle"</button> }.into_any()
                                    }}
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                }.into_any(),
            }}
            <Problem problem=problem/>
            <Done report=done/>
            <UndoRedo store=store report=done/>
            <a class="button" href="/campaign">"Back to the campaign"</a>
        </section>
    }
    .into_any()
}
