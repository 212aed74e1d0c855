//! The campaign map: each Area with the forces in it, who Holds it (2.1), its Objective,
//! City or Fort and whether it is in the Battle Area (2.2, 2.3, 7.6); the Confederate Moves
//! (9.2) and Forced March (15.1, 15.1.1) by choosing forces in an Area and the Area they go
//! to; Late Arrivals rolled for and placed (7.9).

use super::common::{Done, Problem, act, campaign, campaign_now, force_line};
use crate::systems::field_commander::dice::D10Entry;
use crate::systems::field_commander::store::use_store;
use companion_core::d10::D10;
use field_commander::campaign::{Campaign, CampaignCommand, Phase, PlayCommand};
use field_commander::force::{Loyalty, Strength};
use field_commander::game::{Command, Report};
use field_commander::pack::{ArrivalWhen, ArrivalWhere};
use leptos::prelude::*;

/// One Area as the map screen shows it.
#[derive(Clone, PartialEq)]
struct AreaView {
    name: String,
    notes: Vec<&'static str>,
    holder: Option<Loyalty>,
    lee: bool,
    confederate: Vec<(u32, String, bool)>,
    union: Vec<String>,
    next_to: Vec<String>,
}

fn areas(c: &Campaign) -> Vec<AreaView> {
    let objectives = c.objectives().unwrap_or_default();
    c.def
        .map
        .areas
        .iter()
        .filter(|a| !a.inaccessible)
        .map(|a| {
            let mut notes = Vec::new();
            if a.battle_area.value() == Some(&true) {
                notes.push("Battle Area");
            }
            if a.city_or_fort.value() == Some(&true) {
                notes.push("City or Fort");
            }
            if objectives.contains(&a.name) {
                notes.push("Objective");
            }
            AreaView {
                name: a.name.clone(),
                notes,
                holder: c.holder(&a.name),
                lee: c.lee.as_deref() == Some(a.name.as_str()),
                confederate: c
                    .in_area(&a.name, Loyalty::Confederate)
                    .into_iter()
                    .map(|id| (id, force_line(c, id), c.acted.contains(&id)))
                    .collect(),
                union: c.in_area(&a.name, Loyalty::Union).into_iter().map(|id| force_line(c, id)).collect(),
                next_to: c.def.map.neighbours(&a.name, &[]),
            }
        })
        .collect()
}

/// Two-Area Forced Marches for Jackson's Forces not yet hit (15.1.1): each path through an
/// Area without Union Forces.
fn jackson_paths(c: &Campaign, from: &str, forces: &[u32]) -> Vec<(String, String)> {
    let all_jackson = !forces.is_empty()
        && forces.iter().all(|id| {
            c.counter(*id).is_ok_and(|k| k.corps.as_deref() == Some("J"))
                && c.piece(*id).is_ok_and(|p| p.strength == Strength::Full)
        });
    if !all_jackson {
        return Vec::new();
    }
    let mut out = Vec::new();
    for first in c.def.map.neighbours(from, &[]) {
        if !c.in_area(&first, Loyalty::Union).is_empty() {
            continue;
        }
        for second in c.def.map.neighbours(&first, &[]) {
            if second != from {
                out.push((first.clone(), second));
            }
        }
    }
    out
}

/// The Late Arrivals to roll for or place now (7.9).
#[component]
fn LateArrivals(done: RwSignal<Option<Report>>, problem: RwSignal<Option<String>>) -> impl IntoView {
    let store = use_store();
    let due = move || {
        campaign(store, |c| {
            if c.phase != Phase::ConfederateMoves {
                return Vec::new();
            }
            c.def
                .late_arrivals
                .iter()
                .enumerate()
                .filter(|(i, l)| {
                    let s = c.arrivals.get(*i).copied().unwrap_or_default();
                    !s.arrived
                        && match &l.when {
                            ArrivalWhen::RollFromTurn { turn, .. } => c.turn >= *turn && s.rolled_on != Some(c.turn),
                            ArrivalWhen::Turn(t) => c.turn >= *t,
                            ArrivalWhen::Condition(_) => true,
                        }
                })
                .map(|(i, l)| {
                    let choose = !matches!(l.area, ArrivalWhere::Area(_));
                    let held = match l.area {
                        ArrivalWhere::ConfederateHeld => c.held_by(Loyalty::Confederate),
                        _ => c.def.map.areas.iter().filter(|a| !a.inaccessible).map(|a| a.name.clone()).collect(),
                    };
                    let rolls = matches!(l.when, ArrivalWhen::RollFromTurn { .. });
                    let text = if l.text.is_empty() { l.forces.join(", ") } else { l.text.clone() };
                    (i, text, rolls, choose.then_some(held))
                })
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    view! {
        {move || due().into_iter().map(|(i, text, rolls, choices)| {
            let area = RwSignal::new(choices.as_ref().and_then(|c| c.first().cloned()));
            let send = move |roll: Option<D10>| {
                act(store, Command::Campaign(PlayCommand::Step(CampaignCommand::Arrive { arrival: i, roll, area: area.get_untracked() })), done, problem)
            };
            view! {
                <section class="card" aria-label=format!("Late Arrival {}", i + 1)>
                    <h2>{format!("Late Arrival {} (7.9)", i + 1)}</h2>
                    <p>{text}</p>
                    {choices.map(|list| view! {
                        <fieldset class="choices inline toggles">
                            <legend>"Where they enter"</legend>
                            {list.into_iter().map(|a| {
                                let b = a.clone();
                                view! { <button class="button" aria-pressed=move || if area.get().as_deref() == Some(b.as_str()) { "true" } else { "false" } on:click=move |_| area.set(Some(a.clone()))>{a.clone()}</button> }
                            }).collect_view()}
                        </fieldset>
                    })}
                    {if rolls {
                        view! { <D10Entry legend="The arrival roll" on_roll=Callback::new(move |d| send(Some(d)))/> }.into_any()
                    } else {
                        view! { <button class="button big primary" on:click=move |_| send(None)>"They arrive"</button> }.into_any()
                    }}
                </section>
            }
        }).collect_view()}
    }
    .into_any()
}

/// The campaign map screen.
#[component]
pub fn MapScreen() -> impl IntoView {
    let store = use_store();
    let done = RwSignal::new(None::<Report>);
    let problem = RwSignal::new(None::<String>);
    let chosen = RwSignal::new(Vec::<u32>::new());
    let with_lee = RwSignal::new(false);
    let from = RwSignal::new(None::<String>);
    let phase = move || campaign(store, |c| c.phase);
    let moving = move || matches!(phase(), Some(Phase::ConfederateMoves | Phase::ForcedMarch));
    let list = move || campaign(store, areas).unwrap_or_default();
    let cp = move || campaign(store, |c| c.confederate_cp).unwrap_or(0);
    let clear = move || {
        chosen.set(Vec::new());
        with_lee.set(false);
        from.set(None);
    };
    let toggle = move |area: String, id: u32| {
        if from.get_untracked().as_deref() != Some(area.as_str()) {
            chosen.set(Vec::new());
            with_lee.set(false);
            from.set(Some(area));
        }
        chosen.update(|c| {
            if let Some(i) = c.iter().position(|x| *x == id) {
                c.remove(i);
            } else {
                c.push(id);
            }
        });
    };
    let go = move |path: Vec<String>| {
        let forces = chosen.get_untracked();
        let lee = with_lee.get_untracked();
        let Some(first) = path.first().cloned() else { return };
        let c = match phase() {
            Some(Phase::ForcedMarch) => CampaignCommand::ForcedMarch { forces, lee, path },
            _ => CampaignCommand::Move { forces, lee, to: first },
        };
        act(store, Command::Campaign(PlayCommand::Step(c)), done, problem);
        if problem.get_untracked().is_none() {
            clear();
        }
    };
    let end = move |_| {
        let c = if phase() == Some(Phase::ForcedMarch) {
            CampaignCommand::EndForcedMarch
        } else {
            CampaignCommand::EndMoves
        };
        act(store, Command::Campaign(PlayCommand::Step(c)), done, problem);
    };
    view! {
        <section class="screen fc fc-campaign" aria-labelledby="map-title">
            <h1 id="map-title">"Campaign map"</h1>
            <p class="subtitle">{move || campaign(store, |c| format!("{}: {}", c.turn_words(), c.phase.label())).unwrap_or_default()}</p>
            <Show when=moving>
                <p class="muted">{move || if phase() == Some(Phase::ForcedMarch) {
                    format!("Choose forces in one Area, then where they march: 1 Command Point a force, Lee free (15.1). {} Command Points.", cp())
                } else {
                    "Choose forces in one Area, then the adjacent Area they move to, free (9.2).".to_string()
                }}</p>
            </Show>
            <LateArrivals done=done problem=problem/>
            <Problem problem=problem/>
            <Done report=done/>
            <ul class="fc-areas">
                {move || list().into_iter().map(|a| {
                    let name = a.name.clone();
                    let here = name.clone();
                    let selecting_here = move || from.get().as_deref() == Some(here.as_str()) && (!chosen.get().is_empty() || with_lee.get());
                    let holder = match a.holder {
                        Some(Loyalty::Confederate) => "Held by the Confederates",
                        Some(Loyalty::Union) => "Held by the Union",
                        None if a.confederate.is_empty() => "Empty",
                        None => "Contested: a battle",
                    };
                    let next_to = a.next_to.clone();
                    let paths_from = name.clone();
                    let lee_area = name.clone();
                    view! {
                        <li class="card fc-area" aria-label=name.clone()>
                            <h2>{name.clone()}</h2>
                            <p class="muted">{holder}{(!a.notes.is_empty()).then(|| format!("; {}", a.notes.join(", ")))}</p>
                            {a.lee.then(|| view! {
                                <p><strong>"Robert E. Lee is here"</strong>
                                    {move || moving().then(|| view! {
                                        <button class="button" aria-pressed=move || if with_lee.get() { "true" } else { "false" }
                                            on:click={let lee_area = lee_area.clone(); move |_| {
                                                if from.get_untracked().as_deref() != Some(lee_area.as_str()) {
                                                    chosen.set(Vec::new());
                                                    from.set(Some(lee_area.clone()));
                                                }
                                                with_lee.update(|l| *l = !*l);
                                            }}>"Lee moves too"</button>
                                    })}
                                </p>
                            })}
                            <ul class="fc-area-forces confederate" aria-label=format!("Confederate forces in {}", a.name)>
                                {a.confederate.iter().cloned().map(|(id, line, moved)| {
                                    let area = a.name.clone();
                                    view! {
                                        <li>
                                            {move || if moving() && !moved {
                                                let area = area.clone();
                                                view! {
                                                    <button class="button fc-force-pick" aria-pressed=move || if chosen.get().contains(&id) { "true" } else { "false" }
                                                        on:click=move |_| toggle(area.clone(), id)>{line.clone()}</button>
                                                }.into_any()
                                            } else {
                                                view! { <span>{line.clone()}{moved.then_some(" (moved)")}</span> }.into_any()
                                            }}
                                        </li>
                                    }
                                }).collect_view()}
                            </ul>
                            {(!a.union.is_empty()).then(|| view! {
                                <ul class="fc-area-forces union" aria-label=format!("Union forces in {}", a.name)>
                                    {a.union.iter().map(|l| view! { <li>{l.clone()}</li> }).collect_view()}
                                </ul>
                            })}
                            <p class="muted small">{format!("Next to: {}", a.next_to.join(", "))}</p>
                            <Show when=selecting_here.clone()>
                                <fieldset class="choices toggles">
                                    <legend>"Where to"</legend>
                                    {next_to.iter().map(|to| {
                                        let path = vec![to.clone()];
                                        view! { <button class="button primary" on:click=move |_| go(path.clone())>{format!("To {to}")}</button> }
                                    }).collect_view()}
                                    {let from_area = paths_from.clone(); move || (phase() == Some(Phase::ForcedMarch)).then(|| {
                                        let paths = campaign_now(store, |c| jackson_paths(c, &from_area, &chosen.get())).unwrap_or_default();
                                        paths.into_iter().map(|(a, b)| {
                                            let path = vec![a.clone(), b.clone()];
                                            view! { <button class="button" on:click=move |_| go(path.clone())>{format!("To {a} then {b} (15.1.1)")}</button> }
                                        }).collect_view()
                                    })}
                                </fieldset>
                            </Show>
                        </li>
                    }
                }).collect_view()}
            </ul>
            <Show when=moving>
                <button class="button big" on:click=end>{move || if phase() == Some(Phase::ForcedMarch) { "End the Forced March" } else { "End the Moves" }}</button>
            </Show>
            <a class="button" href="/campaign">"Back to the campaign"</a>
        </section>
    }
    .into_any()
}
