//! The Charge, step by step (11.1): a) the Declaration with its requirements (11.2), b) the
//! Charge Closing Roll (7.1), c) the Inactive Player's Opening Volley at Charge Range (9.2;
//! Range 1 after a failed Closing Roll, 11.4b), d) the attacking Leaders' Loss Checks, e) the
//! Target's automatic loss (11.3a) and its Leaders' checks on the Charge Defender column, f) the
//! Target's Morale Check with the Charge Modifier and both sides' Leaders (11.3b), g) the
//! results (11.3c, 11.4). Each step's losses and states go into the game as it is done (each
//! one undo step); the engine's `Charge` keeps the step and the SPs on each side.

use super::parts::{ChargeParts, LeaderLossCheck, MoraleCheckForm, StackPicker, back};
use super::volley::OpeningVolley;
use crate::systems::line_of_battle::model::{combat, odds, words};
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::{odds_line, refusal};
use crate::widgets::dice::{DiceEntry, one_die};
use leptos::prelude::*;
use line_of_battle::charge::{Charge, ChargeStep, Charger, Declaration, StepResult, closed, closing_roll};
use line_of_battle::game::Command;
use line_of_battle::morale::rating_modifier;
use line_of_battle::oob::Arm;
use line_of_battle::tables::key;

/// The Charge screen.
#[component]
pub fn ChargeScreen() -> impl IntoView {
    let store = use_store();
    let phasing = store.with_untracked(|g| g.clock.phasing());
    let chargers = RwSignal::new(Vec::<String>::new());
    let leaders = RwSignal::new(Vec::<String>::new());
    let target = RwSignal::new(Vec::<String>::new());
    let charge = RwSignal::new(None::<Charge>);
    let closing_failed = RwSignal::new(false);
    let told = RwSignal::new(Vec::<String>::new());
    let problem = RwSignal::new(None::<String>);
    let say = move |line: String| told.update(|t| t.push(line));
    let step = Memo::new(move |_| charge.with(|c| c.as_ref().map(|c| c.step)));
    let start_over = move |_: leptos::ev::MouseEvent| {
        charge.set(None);
        closing_failed.set(false);
        told.set(Vec::new());
        problem.set(None);
    };
    view! {
        <section class="screen lob-combat lob-charge charge-view" aria-labelledby="charge-title">
            {back()}
            <h1 id="charge-title">"Charge"</h1>
            <p class="subtitle">{format!("{} Charges (11.1: only the Phasing Player).", words::side(phasing))}</p>
            <Show when=move || !told.with(Vec::is_empty)>
                <ol class="history charge-so-far" aria-label="The Charge so far">
                    {move || told.get().into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}
                </ol>
            </Show>
            {move || match step.get() {
                None => view! { <Declare chargers=chargers leaders=leaders target=target charge=charge told=told/> }.into_any(),
                Some(ChargeStep::ClosingRoll | ChargeStep::Declaration) => view! {
                    <Closing chargers=chargers leaders=leaders charge=charge closing_failed=closing_failed told=told/>
                }
                .into_any(),
                Some(ChargeStep::OpeningVolley) => {
                    let mounted = charge.with_untracked(|c| c.as_ref().is_some_and(|c| c.mounted));
                    view! {
                        <h2 class="step">"c) The Opening Volley, by the Inactive Player (11.1c)"</h2>
                        <OpeningVolley
                            trigger=Signal::derive(move || chargers.get())
                            charge=true
                            closing_failed=Signal::derive(move || closing_failed.get())
                            mounted=Signal::derive(move || mounted)
                            on_done=Callback::new(move |loss: u8| {
                                let failed = closing_failed.get_untracked();
                                let mut result = None;
                                charge.update(|c| if let Some(c) = c.as_mut() { result = Some(c.volley(loss, failed)); });
                                match result {
                                    Some(Ok(StepResult::AttackerDestroyed)) => say("The Charging Stack is destroyed: no Target loss or Morale Check; its Leaders check for Leader Loss (11.4a).".into()),
                                    Some(Ok(_)) if failed => say(format!("Opening Volley: {loss} SP lost. The Closing Roll failed: the Charge ends; the Stack may Fire at its Target instead (11.4b).")),
                                    Some(Ok(_)) => say(format!("Opening Volley: {loss} SP lost{}.", if loss > 0 { "; the attacking Leaders check for Leader Loss (11.1d)" } else { "" })),
                                    Some(Err(e)) => problem.set(Some(e.to_string())),
                                    None => {}
                                }
                            })
                        />
                    }
                    .into_any()
                }
                Some(ChargeStep::AttackerLeaderLoss | ChargeStep::TargetLosses) => view! {
                    <h2 class="step">"d) The attacking Leaders' Loss Checks, after a loss (11.1d)"</h2>
                    <LeaderLossCheck side=Signal::derive(move || phasing) column=""/>
                    <h2 class="step">"e) Target Losses (11.3a)"</h2>
                    <p>{move || charge.with(|c| c.as_ref().map(|c| if c.attacker_sps >= 4 && !c.through_breastworks {
                        format!("The Charging Stack has {} SPs (4 or more) and does not attack through frontal Breastworks: the Target loses 1 SP.", c.attacker_sps)
                    } else {
                        format!("The Charging Stack has {} SPs{}: no Target loss.", c.attacker_sps, if c.through_breastworks { " and attacks through frontal Breastworks" } else { "" })
                    }))}</p>
                    <button class="button big primary" on:click=move |_| {
                        let mut result = None;
                        charge.update(|c| if let Some(c) = c.as_mut() { result = Some(c.target_losses()); });
                        match result {
                            Some(Ok(StepResult::TargetLoss)) => {
                                let top = target.get_untracked().first().cloned().unwrap_or_default();
                                match store.dispatch(Command::Loss { unit: top, sps: 1 }) {
                                    Ok(o) => say(format!("{} Its Leaders check on the Charge Defender column (11.1e).", o.lines.join(" "))),
                                    Err(e) => problem.set(Some(e.to_string())),
                                }
                            }
                            Some(Ok(StepResult::TargetDestroyed)) => {
                                let commands = store.with_untracked(|g| combat::stack(g, &target.get_untracked()).iter().map(|u| Command::Loss { unit: u.id.clone(), sps: u.strength }).collect::<Vec<_>>());
                                match store.dispatch_all(commands) {
                                    Ok(_) => say("A Mounted Charge destroys a Target of Artillery or Open Order only (11.4e).".into()),
                                    Err(e) => problem.set(Some(e.to_string())),
                                }
                            }
                            Some(Ok(_)) => say("No Target loss (11.3a).".into()),
                            Some(Err(e)) => problem.set(Some(e.to_string())),
                            None => {}
                        }
                    }>"Take the Target's loss (11.3a)"</button>
                }
                .into_any(),
                Some(ChargeStep::TargetMorale) => view! {
                    <LeaderLossCheck side=Signal::derive(move || phasing.other()) column="Charge Defender"/>
                    <TargetMorale leaders=leaders target=target charge=charge told=told/>
                }
                .into_any(),
                Some(ChargeStep::Results) => view! {
                    <h2 class="step">"g) Charge Results (11.3c, 11.4d)"</h2>
                    <p>"Did the Target Stack leave its hex (a Retreat, or destroyed)?"</p>
                    <div class="row">
                        {[(true, "Yes: the hex is empty"), (false, "No: it stands firm")].into_iter().map(|(left, label)| view! {
                            <button class="button big" on:click=move |_| {
                                let mut result = None;
                                charge.update(|c| if let Some(c) = c.as_mut() { result = Some(c.results(left)); });
                                match result {
                                    Some(Ok(text)) => say(text.to_string()),
                                    Some(Err(e)) => problem.set(Some(e.to_string())),
                                    None => {}
                                }
                            }>{label}</button>
                        }).collect_view()}
                    </div>
                }
                .into_any(),
                Some(ChargeStep::Over) => view! {
                    <p class="banner info" role="status">"This Charge is over (11.1)."</p>
                    <LeaderLossCheck side=Signal::derive(move || phasing) column=""/>
                }
                .into_any(),
            }}
            {refusal(problem)}
            <Show when=move || charge.with(Option::is_some)>
                <div class="row">
                    <button class="button" on:click=start_over>"A new Charge"</button>
                </div>
            </Show>
        </section>
    }
    .into_any()
}

/// a) The Declaration: the Charging Stack, its Leaders and the Target hex, with 11.2's
/// requirements each said by the players (what the map shows).
#[component]
fn Declare(
    chargers: RwSignal<Vec<String>>,
    leaders: RwSignal<Vec<String>>,
    target: RwSignal<Vec<String>>,
    charge: RwSignal<Option<Charge>>,
    told: RwSignal<Vec<String>>,
) -> impl IntoView {
    let store = use_store();
    let phasing = store.with_untracked(|g| g.clock.phasing());
    let flags: [(&str, bool); 9] = [
        ("Stacked together at the start of the Phase", true),
        ("Enough MPs to enter the Target hex", true),
        ("In Command Radius for the announcement", true),
        ("Center Front aimed at the Target (6.3d)", true),
        ("Adjacent to the Target, not across Prohibited Terrain", true),
        ("Finished, or failed a Charge this Phase", false),
        ("Over-Stacked (6.1a)", false),
        ("Stacked with Combat Units not charging", false),
        ("Using the One Hex Move (7.0a)", false),
    ];
    let values: Vec<RwSignal<bool>> = flags.iter().map(|(_, v)| RwSignal::new(*v)).collect();
    let values = StoredValue::new(values);
    let breastworks = RwSignal::new(false);
    let problem = RwSignal::new(None::<String>);
    let side_leaders = move || {
        store.with(|g| {
            g.oob
                .leaders
                .iter()
                .filter(|l| l.side == phasing && !l.lost && l.on_map)
                .map(|l| (l.id.clone(), format!("{} ({}-{})", l.name, l.command, l.morale)))
                .collect::<Vec<_>>()
        })
    };
    let declare = move |_| {
        let v: Vec<bool> = values.get_value().iter().map(|s| s.get_untracked()).collect();
        let (units, rating, target_sps, only_guns_or_oo, names) = store.with_untracked(|g| {
            let st = combat::stack(g, &chargers.get_untracked());
            let t = combat::stack(g, &target.get_untracked());
            (
                st.iter()
                    .map(|u| Charger {
                        id: u.name.clone(),
                        arm: u.arm,
                        formation: u.unit_formation,
                        strength: u.strength,
                        state: u.state,
                    })
                    .collect::<Vec<_>>(),
                st.first().map(|u| u.rating),
                t.iter().map(|u| u.strength).fold(0u8, u8::saturating_add),
                !t.is_empty() && t.iter().all(|u| matches!(u.arm, Arm::Artillery | Arm::OpenOrder)),
                (
                    st.iter().map(|u| u.name.clone()).collect::<Vec<_>>(),
                    t.iter().map(|u| u.name.clone()).collect::<Vec<_>>(),
                ),
            )
        });
        let Some(top_rating) = rating else {
            problem.set(Some("Pick the Charging Stack first.".into()));
            return;
        };
        if target.with_untracked(Vec::is_empty) {
            problem.set(Some("Pick the Target Stack.".into()));
            return;
        }
        let d = Declaration {
            units,
            top_rating,
            stacked_at_start: v[0],
            mps_to_enter: v[1],
            in_radius: v[2],
            facing_target: v[3],
            adjacent: v[4],
            finished: v[5],
            over_stacked: v[6],
            with_others: v[7],
            one_hex_move: v[8],
        };
        match Charge::declare(&d, target_sps) {
            Ok(mut c) => {
                c.through_breastworks = breastworks.get_untracked();
                c.target_artillery_or_open_order = only_guns_or_oo;
                told.set(vec![format!(
                    "a) {} ({} SPs) Charge{} {} ({} SPs){}.",
                    names.0.join(", "),
                    c.attacker_sps,
                    if names.0.len() == 1 { "s" } else { "" },
                    names.1.join(", "),
                    c.target_sps,
                    if c.mounted { ": a Mounted Charge (11.4e)" } else { "" }
                )]);
                charge.set(Some(c));
                problem.set(None);
            }
            Err(e) => problem.set(Some(e.to_string())),
        }
    };
    view! {
        <h2 class="step">"a) Declaration (11.1a)"</h2>
        <StackPicker legend="The Charging Stack: Line Infantry or Mounted Cavalry" side=Signal::derive(move || phasing) chosen=chargers only_chargers=true/>
        <fieldset class="choices">
            <legend>"Leaders with the Charging Stack"</legend>
            {move || side_leaders().into_iter().map(|(id, name)| {
                let id = StoredValue::new(id);
                view! {
                    <label class="choice">
                        <input type="checkbox"
                            prop:checked=move || leaders.with(|c| c.contains(&id.get_value()))
                            on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                leaders.update(|c| { c.retain(|x| *x != id.get_value()); if on { c.push(id.get_value()); } });
                            }/>
                        <span>{name}</span>
                    </label>
                }
            }).collect_view()}
        </fieldset>
        <StackPicker legend="The Target Stack" side=Signal::derive(move || phasing.other()) chosen=target/>
        <details class="more">
            <summary class="button">"The Charge's requirements on the map (11.2)"</summary>
            {flags.iter().enumerate().map(|(i, (label, _))| {
                let s = values.get_value()[i];
                view! { <label class="choice"><input type="checkbox" bind:checked=s/><span>{*label}</span></label> }
            }).collect_view()}
            <label class="choice"><input type="checkbox" bind:checked=breastworks/><span>"Attacking through frontal Breastworks (11.3a)"</span></label>
        </details>
        {refusal(problem)}
        <button class="button big primary" on:click=declare>"Declare the Charge"</button>
    }
    .into_any()
}

/// b) The Charge Closing Roll (7.1): one die plus the top unit's rating and the chart's
/// modifiers, and one Leader's Morale Value; Blood Lust always passes, DG never (10.2).
#[component]
fn Closing(
    chargers: RwSignal<Vec<String>>,
    leaders: RwSignal<Vec<String>>,
    charge: RwSignal<Option<Charge>>,
    closing_failed: RwSignal<bool>,
    told: RwSignal<Vec<String>>,
) -> impl IntoView {
    let store = use_store();
    let leader = RwSignal::new(String::new());
    let chosen = RwSignal::new(Vec::<String>::new());
    let faces = RwSignal::new(Vec::<u8>::new());
    let stack = move || {
        store.with(|g| {
            let st = combat::stack(g, &chargers.get());
            (combat::stack_state(&st), st.first().map(|u| u.rating))
        })
    };
    let leader_morale = move || store.with(|g| g.oob.leader(&leader.get()).map(|l| l.morale));
    let options = move || {
        store.with(|g| {
            g.tables
                .get(key::CLOSING)
                .map(|t| {
                    t.modifiers
                        .iter()
                        .filter(|m| !m.name.starts_with("Morale Rating"))
                        .map(|m| {
                            (
                                m.name.clone(),
                                format!(
                                    "{} ({}){}",
                                    m.name,
                                    m.rule,
                                    m.value.get().map(|v| format!(": {v:+}")).unwrap_or_else(|| ": not entered".into())
                                ),
                            )
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    };
    let odds = move || {
        let (state, rating) = stack();
        let rating = rating?;
        let table = store.with(|g| g.tables.get(key::CLOSING).cloned())?;
        let mut names = vec![rating_modifier(rating)];
        names.extend(chosen.get());
        let extra: Vec<(String, String, i32)> = leader_morale()
            .map(|m| ("Leader's Morale Value".to_string(), "7.1".to_string(), i32::from(m)))
            .into_iter()
            .collect();
        let chance = match state {
            line_of_battle::morale::MoraleState::BloodLust => Ok(companion_core::Chance::ALWAYS),
            line_of_battle::morale::MoraleState::Disorganized => Ok(companion_core::Chance::NEVER),
            _ => odds::pass(&table, "", &names, &extra),
        };
        Some(odds_line(
            format!("One die plus the modifiers, top unit rated {} (7.1)", rating.letter()),
            chance.map(|c| vec![("The Charge closes", c)]),
        ))
    };
    let result = move || -> Option<Result<bool, String>> {
        let (state, rating) = stack();
        let table = store.with(|g| g.tables.get(key::CLOSING).cloned())?;
        if state == line_of_battle::morale::MoraleState::BloodLust {
            return Some(Ok(true));
        }
        let die = one_die(&faces.get())?;
        let r = closing_roll(&table, state, rating?, &chosen.get(), leader_morale(), die.face());
        Some(r.map(|r| closed(&r)).map_err(|e| e.to_string()))
    };
    let go_on = move |_| {
        let Some(Ok(passed)) = result() else { return };
        closing_failed.set(!passed);
        charge.update(|c| {
            if let Some(c) = c.as_mut() {
                let _ = c.closing(passed);
            }
        });
        told.update(|t| {
            t.push(if passed {
                "b) The Closing Roll passes: the Charge goes on (11.1b).".into()
            } else {
                "b) The Closing Roll fails (7.1c): the Opening Volley still comes, at Range 1 (11.4b).".into()
            })
        });
    };
    view! {
        <h2 class="step">"b) The Charge Closing Roll (11.1b, 7.1)"</h2>
        <label class="field">
            <span>"The Leader whose Morale Value is the DRM, if any"</span>
            <select on:change=move |ev| leader.set(event_target_value(&ev))>
                <option value="">"No Leader"</option>
                {move || store.with(|g| leaders.get().iter().filter_map(|id| g.oob.leader(id)).map(|l| (l.id.clone(), l.name.clone())).collect::<Vec<_>>()).into_iter().map(|(id, n)| view! { <option value=id>{n}</option> }).collect_view()}
            </select>
        </label>
        <fieldset class="choices">
            <legend>"Modifiers that apply"</legend>
            {move || options().into_iter().map(|(name, label)| {
                let n = StoredValue::new(name);
                view! {
                    <label class="choice">
                        <input type="checkbox"
                            prop:checked=move || chosen.with(|c| c.contains(&n.get_value()))
                            on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                chosen.update(|c| { c.retain(|x| *x != n.get_value()); if on { c.push(n.get_value()); } });
                            }/>
                        <span>{label}</span>
                    </label>
                }
            }).collect_view()}
        </fieldset>
        {odds}
        <DiceEntry name="Closing die" count=Signal::derive(|| 1usize) faces=faces/>
        {move || result().map(|r| match r {
            Ok(passed) => view! {
                <section class="card result" role="status" aria-label="Closing Roll result">
                    <p class="headline"><strong>{if passed { "The Closing Roll passes." } else { "The Closing Roll fails." }}</strong></p>
                    <button class="button big primary step-go" on:click=go_on>"On to the Opening Volley"</button>
                </section>
            }
            .into_any(),
            Err(e) => view! { <p class="banner warning" role="status">{format!("{e}.")}</p> }.into_any(),
        })}
    }
    .into_any()
}

/// f) The Target's Morale Check (11.3b): its own modifiers, the Charge Modifier the players
/// read from the SP differential, its Leader subtracted and the Charging Leaders added.
#[component]
fn TargetMorale(
    leaders: RwSignal<Vec<String>>,
    target: RwSignal<Vec<String>>,
    charge: RwSignal<Option<Charge>>,
    told: RwSignal<Vec<String>>,
) -> impl IntoView {
    let store = use_store();
    let modifier = RwSignal::new(String::new());
    let options = move || {
        store.with(|g| {
            g.tables
                .get(key::MORALE)
                .map(|t| {
                    t.modifiers
                        .iter()
                        .filter(|m| m.name.starts_with("Charge:"))
                        .map(|m| m.name.clone())
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    };
    let parts = Signal::derive(move || ChargeParts {
        charging_leaders_morale: store.with(|g| {
            leaders.get().iter().filter_map(|id| g.oob.leader(id)).filter(|l| !l.lost).map(|l| l.morale).sum()
        }),
        modifier: Some(modifier.get()).filter(|m| !m.is_empty()),
    });
    let sps = move || charge.with(|c| c.as_ref().map(|c| (c.attacker_sps, c.target_sps)).unwrap_or((0, 0)));
    view! {
        <h2 class="step">"f) The Target's Morale Check (11.1f, 11.3b)"</h2>
        <p>{move || { let (a, t) = sps(); format!("SPs capable of Firing: the Charging Stack {a}, the Target {t}.") }}</p>
        <label class="field">
            <span>"The Charge Modifier your chart gives for that differential"</span>
            <select on:change=move |ev| modifier.set(event_target_value(&ev))>
                <option value="">"None"</option>
                {move || options().into_iter().map(|m| view! { <option value=m.clone()>{m.clone()}</option> }).collect_view()}
            </select>
        </label>
        <MoraleCheckForm
            units=Signal::derive(move || target.get())
            charge=parts
            adjacent=true
            on_done=Callback::new(move |lines: Vec<String>| {
                charge.update(|c| if let Some(c) = c.as_mut() { c.step = ChargeStep::Results; });
                told.update(|t| t.push(format!("f) The Target's Morale Check: {}", lines.join(" "))));
            })
        />
    }
    .into_any()
}
