//! The Charge, step by step (11.1), through the engine's Charge commands, the Charge in
//! progress kept in the game (a reload keeps it): a) the Declaration with 11.2's requirements
//! as the players see them, b) the Charge Closing Roll (7.1), c) the Inactive Player's Opening
//! Volley at Charge Range (Range 1 after a failed Closing Roll, 11.4b) with d) the attacking
//! Leaders' checks and e) the Target's automatic loss (11.3a) and its Leaders' checks, f) the
//! Target's Morale Check with the Charge Modifier and both sides' Leaders (11.3b), g) the
//! results (11.3c, 11.4d). What a step leaves due is settled before the next.

use super::dues::DueList;
use super::parts::{LeaderColumn, LeaderPicks, StackPicker, back};
use super::retreat::retreat_link;
use crate::systems::line_of_battle::model::retreat::address;
use crate::systems::line_of_battle::model::{combat, odds, tables as table_words, words};
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::{ModifierChoices, odds_line, refusal};
use crate::widgets::dice::{DiceEntry, one_die, two_dice};
use companion_core::Chance;
use leptos::prelude::*;
use line_of_battle::charge::ChargeStep;
use line_of_battle::combat::charge::{ChargeCommand, ChargeFacts};
use line_of_battle::combat::checks::read_morale;
use line_of_battle::game::Command;
use line_of_battle::morale::{MoraleState, rating_modifier};
use line_of_battle::tables::key;

fn step_words(s: ChargeStep) -> &'static str {
    match s {
        ChargeStep::Declaration => "a) Declaration",
        ChargeStep::ClosingRoll => "b) The Charge Closing Roll",
        ChargeStep::OpeningVolley => "c) The Opening Volley",
        ChargeStep::AttackerLeaderLoss => "d) The attacking Leaders' Loss Checks",
        ChargeStep::TargetLosses => "e) Target Losses",
        ChargeStep::TargetMorale => "f) The Target's Morale Check",
        ChargeStep::Results => "g) Charge Results",
        ChargeStep::Over => "Over",
    }
}

/// The Charge screen.
#[component]
pub fn ChargeScreen() -> impl IntoView {
    let store = use_store();
    let phasing = store.with_untracked(|g| g.clock.phasing());
    let told = RwSignal::new(Vec::<String>::new());
    let problem = RwSignal::new(None::<String>);
    let step = Memo::new(move |_| store.with(|g| g.charge.as_ref().map(|c| c.machine.step)));
    let dues = move || store.with(|g| !g.dues.list.is_empty());
    // The Target, kept for its Retreat once the Charge is over (10.3, 10.3d).
    let target =
        RwSignal::new(store.with_untracked(|g| g.charge.as_ref().map(|c| c.target.clone()).unwrap_or_default()));
    let send = Callback::new(move |c: ChargeCommand| match store.dispatch(Command::Charge(Box::new(c))) {
        Ok(o) => {
            if let Some(t) = store.with_untracked(|g| g.charge.as_ref().map(|c| c.target.clone())) {
                target.set(t);
            }
            told.update(|t| t.extend(o.lines));
            problem.set(None);
        }
        Err(e) => problem.set(Some(e)),
    });
    let summary = move || {
        store.with(|g| {
            g.charge.as_ref().map(|c| {
                let names = |ids: &[String]| {
                    ids.iter().filter_map(|id| g.oob.unit(id).map(|u| u.name.clone())).collect::<Vec<_>>().join(", ")
                };
                format!(
                    "{} ({} SPs) Charging {} ({} SPs): {}",
                    names(&c.attackers),
                    c.machine.attacker_sps,
                    names(&c.target),
                    c.machine.target_sps,
                    step_words(c.machine.step)
                )
            })
        })
    };
    view! {
        <section class="screen lob-combat lob-charge charge-view" aria-labelledby="charge-title">
            {back()}
            <h1 id="charge-title">"Charge"</h1>
            <p class="subtitle">{format!("{} Charges (11.1: only the Phasing Player).", words::side(phasing))}</p>
            {move || summary().map(|s| view! { <p class="charge-now" role="status" aria-label="The Charge now"><strong>{s}</strong></p> })}
            <Show when=move || !told.with(Vec::is_empty)>
                <ol class="history charge-so-far" aria-label="The Charge so far">
                    {move || told.get().into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}
                </ol>
            </Show>
            {move || retreat_link(address(&target.get(), &told.get(), true))}
            <Show when=dues>
                <h2 class="step">"Settle first (9.4)"</h2>
                <DueList/>
            </Show>
            <Show when=move || !dues()>
                {move || match step.get() {
                    None => view! { <Declare send=send/> }.into_any(),
                    Some(ChargeStep::ClosingRoll | ChargeStep::Declaration) => view! { <Closing send=send/> }.into_any(),
                    Some(ChargeStep::OpeningVolley | ChargeStep::AttackerLeaderLoss | ChargeStep::TargetLosses) => {
                        view! { <Volley send=send/> }.into_any()
                    }
                    Some(ChargeStep::TargetMorale) => view! { <TargetMorale send=send/> }.into_any(),
                    Some(ChargeStep::Results | ChargeStep::Over) => view! {
                        <h2 class="step">"g) Charge Results (11.3c, 11.4d)"</h2>
                        <p>"Is any Combat Unit of the Target left in its hex?"</p>
                        <div class="row">
                            <button class="button big" on:click=move |_| send.run(ChargeCommand::Results { target_left_hex: true })>"No: the hex is empty"</button>
                            <button class="button big" on:click=move |_| send.run(ChargeCommand::Results { target_left_hex: false })>"Yes: it stands firm"</button>
                        </div>
                    }
                    .into_any(),
                }}
            </Show>
            {refusal(problem)}
        </section>
    }
    .into_any()
}

/// a) The Declaration: the Charging Stack, its Leaders and the Target hex, with 11.2's
/// requirements as the map shows them.
#[component]
fn Declare(send: Callback<ChargeCommand>) -> impl IntoView {
    let store = use_store();
    let phasing = store.with_untracked(|g| g.clock.phasing());
    let attackers = RwSignal::new(Vec::<String>::new());
    let target = RwSignal::new(Vec::<String>::new());
    let attacking_leaders = RwSignal::new(Vec::<String>::new());
    let target_leaders = RwSignal::new(Vec::<String>::new());
    let good = [
        ("Stacked together at the start of the Phase", RwSignal::new(true)),
        ("Enough MPs to enter the Target hex", RwSignal::new(true)),
        ("In Command Radius for the announcement", RwSignal::new(true)),
        ("Center Front aimed at the Target (6.3d)", RwSignal::new(true)),
        ("Adjacent to the Target, not across Prohibited Terrain", RwSignal::new(true)),
    ];
    let bad = [
        ("Stacked with Combat Units not charging", RwSignal::new(false)),
        ("Using the One Hex Move (7.0a)", RwSignal::new(false)),
        ("Attacking through frontal Breastworks (11.3a)", RwSignal::new(false)),
    ];
    let declare = move |_| {
        send.run(ChargeCommand::Declare {
            attackers: attackers.get_untracked(),
            target: target.get_untracked(),
            attacking_leaders: attacking_leaders.get_untracked(),
            target_leaders: target_leaders.get_untracked(),
            facts: ChargeFacts {
                stacked_at_start: good[0].1.get_untracked(),
                mps_to_enter: good[1].1.get_untracked(),
                in_radius: good[2].1.get_untracked(),
                facing_target: good[3].1.get_untracked(),
                adjacent: good[4].1.get_untracked(),
                with_others: bad[0].1.get_untracked(),
                one_hex_move: bad[1].1.get_untracked(),
                through_breastworks: bad[2].1.get_untracked(),
            },
        })
    };
    view! {
        <h2 class="step">"a) Declaration (11.1a)"</h2>
        <StackPicker legend="The Charging Stack: Line Infantry or Mounted Cavalry" side=Signal::derive(move || phasing) chosen=attackers only_chargers=true used=true/>
        <LeaderPicks legend="Leaders with the Charging Stack" side=Signal::derive(move || phasing) chosen=attacking_leaders/>
        <StackPicker legend="The Target Stack" side=Signal::derive(move || phasing.other()) chosen=target/>
        <LeaderPicks legend="Leaders in the Target hex" side=Signal::derive(move || phasing.other()) chosen=target_leaders/>
        <details class="more">
            <summary class="button">"The Charge's requirements on the map (11.2)"</summary>
            {good.into_iter().chain(bad).map(|(label, s)| view! { <label class="choice"><input type="checkbox" bind:checked=s/><span>{label}</span></label> }).collect_view()}
        </details>
        <button class="button big primary" on:click=declare>"Declare the Charge"</button>
    }
    .into_any()
}

/// b) The Charge Closing Roll (7.1): one die plus the top unit's rating and the chart's
/// modifiers and one Leader's Morale Value; Blood Lust always passes, DG never (10.2).
#[component]
fn Closing(send: Callback<ChargeCommand>) -> impl IntoView {
    let store = use_store();
    let leader = RwSignal::new(String::new());
    let chosen = RwSignal::new(Vec::<String>::new());
    let automatic = RwSignal::new(false);
    let faces = RwSignal::new(Vec::<u8>::new());
    let leaders = store.with_untracked(|g| {
        g.charge
            .as_ref()
            .map(|c| {
                c.attacking_leaders
                    .iter()
                    .filter_map(|id| g.oob.leader(id))
                    .map(|l| (l.id.clone(), format!("{} ({}-{})", l.name, l.command, l.morale)))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    });
    let odds = move || {
        let t = store.with(|g| g.tables.get(key::CLOSING).cloned())?;
        let (state, rating, lm) = store.with(|g| {
            let c = g.charge.as_ref()?;
            let st = combat::stack(g, &c.attackers);
            Some((combat::stack_state(&st), st.first()?.rating, g.oob.leader(&leader.get()).map(|l| l.morale)))
        })?;
        let mut names = vec![rating_modifier(rating)];
        names.extend(chosen.get());
        let extra: Vec<(String, String, i32)> =
            lm.map(|m| ("Leader's Morale Value".to_string(), "7.1".to_string(), i32::from(m))).into_iter().collect();
        let chance = match state {
            MoraleState::BloodLust => Ok(Chance::ALWAYS),
            MoraleState::Disorganized => Ok(Chance::NEVER),
            _ => odds::pass(&t, "", &names, &extra),
        };
        Some(odds_line(
            format!("One die plus the modifiers, top unit rated {} (7.1)", rating.letter()),
            chance.map(|c| vec![("The Charge closes", c)]),
        ))
    };
    let roll = move |_| {
        let Some(die) = one_die(&faces.get_untracked()) else { return };
        send.run(ChargeCommand::Closing {
            die,
            leader: Some(leader.get_untracked()).filter(|l| !l.is_empty()),
            modifiers: chosen.get_untracked(),
            automatic: automatic.get_untracked(),
        });
    };
    view! {
        <h2 class="step">"b) The Charge Closing Roll (11.1b, 7.1)"</h2>
        <label class="field">
            <span>"The Leader whose Morale Value is the DRM, if any"</span>
            <select on:change=move |ev| leader.set(event_target_value(&ev))>
                <option value="">"No Leader"</option>
                {leaders.into_iter().map(|(id, n)| view! { <option value=id>{n}</option> }).collect_view()}
            </select>
        </label>
        <ModifierChoices table=key::CLOSING chosen=chosen legend="Other modifiers that apply" skip_starting=vec!["Morale Rating"]/>
        <label class="choice"><input type="checkbox" bind:checked=automatic/><span>"It succeeds automatically (7.1b)"</span></label>
        {odds}
        <DiceEntry name="Closing die" count=Signal::derive(|| 1usize) faces=faces/>
        <button class="button big primary step-go" prop:disabled=move || one_die(&faces.get()).is_none() on:click=roll>"Roll the Closing Roll"</button>
    }
    .into_any()
}

/// c) The Opening Volley, by the Inactive Player: Charge Range, or Range 1 after a failed
/// Closing Roll (11.4b); then d) and e) by the engine.
#[component]
fn Volley(send: Callback<ChargeCommand>) -> impl IntoView {
    let store = use_store();
    let other = store.with_untracked(|g| g.clock.phasing().other());
    let firer = RwSignal::new(Vec::<String>::new());
    let chosen = RwSignal::new(Vec::<String>::new());
    let column = RwSignal::new(String::new());
    let faces = RwSignal::new(Vec::<u8>::new());
    let failed = move || store.with(|g| g.charge.as_ref().is_some_and(|c| c.closing_failed));
    let range = move || if failed() { "Range 1" } else { "Charge Range" };
    let odds = move || {
        let t = store.with(|g| g.tables.get(key::OPENING_VOLLEY).cloned())?;
        let mut names = vec![range().to_string()];
        names.extend(chosen.get());
        Some(odds_line(
            format!("The Inactive Player rolls one die plus the modifiers, at {} (9.2)", range()),
            odds::loss_and_check(&t, &names, &[]).map(|(l, _)| vec![("A loss", l)]),
        ))
    };
    let roll = move |_| {
        let Some(die) = one_die(&faces.get_untracked()) else { return };
        send.run(ChargeCommand::Volley {
            die,
            firer: firer.get_untracked(),
            modifiers: chosen.get_untracked(),
            leader_column: column.get_untracked(),
        });
    };
    view! {
        <h2 class="step">"c) The Opening Volley, by the Inactive Player (11.1c)"</h2>
        <StackPicker legend="The Opening Volley Stack" side=Signal::derive(move || other) chosen=firer used=true/>
        <ModifierChoices table=key::OPENING_VOLLEY chosen=chosen legend="Other modifiers that apply" skip_starting=vec!["Range", "Charge Range", "Green Firer"]/>
        <LeaderColumn column=column/>
        {odds}
        <DiceEntry name="Opening Volley die" count=Signal::derive(|| 1usize) faces=faces/>
        <button class="button big primary step-go" prop:disabled=move || one_die(&faces.get()).is_none() || firer.with(Vec::is_empty) on:click=roll>"Roll the Opening Volley"</button>
    }
    .into_any()
}

/// f) The Target's Morale Check (11.3b): its own modifiers, the Charge Modifier the players
/// read from the SP differential, its Leader subtracted and the Charging Leaders added.
#[component]
fn TargetMorale(send: Callback<ChargeCommand>) -> impl IntoView {
    let store = use_store();
    let leader = RwSignal::new(String::new());
    let modifier = RwSignal::new(String::new());
    let chosen = RwSignal::new(Vec::<String>::new());
    let faces = RwSignal::new(Vec::<u8>::new());
    let (target, leaders, charging, sps) = store.with_untracked(|g| match &g.charge {
        Some(c) => (
            c.target.iter().filter(|id| g.oob.unit(id).is_some_and(|u| !u.dead)).cloned().collect::<Vec<_>>(),
            c.target_leaders
                .iter()
                .filter_map(|id| g.oob.leader(id))
                .map(|l| (l.id.clone(), l.name.clone()))
                .collect::<Vec<_>>(),
            c.attacking_leaders
                .iter()
                .filter_map(|id| g.oob.leader(id))
                .filter(|l| !l.lost)
                .map(|l| l.morale)
                .sum::<u8>(),
            (c.machine.attacker_sps, c.machine.target_sps),
        ),
        None => (Vec::new(), Vec::new(), 0, (0, 0)),
    });
    let target = StoredValue::new(target);
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
    let names = move || {
        let mut n = chosen.get();
        if !modifier.get().is_empty() {
            n.push(modifier.get());
        }
        n
    };
    let leader_id = move || Some(leader.get()).filter(|l| !l.is_empty());
    let reading = move || {
        let dice = two_dice(&faces.get())?;
        Some(
            store
                .with(|g| read_morale(g, &target.get_value(), leader_id().as_deref(), charging, &names(), dice))
                .map_err(|e| e.to_string()),
        )
    };
    let odds = move || {
        let chances =
            store.with(|g| odds::morale_check(g, &target.get_value(), &names(), leader_id().as_deref(), charging))?;
        Some(odds_line("Two dice plus the modifiers (10.1, 11.3b)".into(), chances))
    };
    let roll = move |_| {
        let Some(dice) = two_dice(&faces.get_untracked()) else { return };
        send.run(ChargeCommand::Morale {
            dice,
            leader: leader_id(),
            charge_modifier: Some(modifier.get_untracked()).filter(|m| !m.is_empty()),
            modifiers: chosen.get_untracked(),
            allocation: None,
        });
    };
    view! {
        <h2 class="step">"f) The Target's Morale Check (11.1f, 11.3b)"</h2>
        <p>{format!("SPs capable of Firing: the Charging Stack {}, the Target {}.", sps.0, sps.1)}</p>
        <label class="field">
            <span>"The Charge Modifier your chart gives for that differential"</span>
            <select on:change=move |ev| modifier.set(event_target_value(&ev))>
                <option value="">"None"</option>
                {move || options().into_iter().map(|m| view! { <option value=m.clone()>{m.clone()}</option> }).collect_view()}
            </select>
        </label>
        <label class="field">
            <span>"The Target's one Leader whose Morale Value counts, if any"</span>
            <select on:change=move |ev| leader.set(event_target_value(&ev))>
                <option value="">"No Leader"</option>
                {leaders.into_iter().map(|(id, n)| view! { <option value=id>{n}</option> }).collect_view()}
            </select>
        </label>
        {(charging > 0).then(|| view! { <p class="muted">{format!("The Charging Leaders' Morale Values add {charging} (11.3b).")}</p> })}
        <ModifierChoices table=key::MORALE chosen=chosen legend="Other modifiers that apply" skip_starting=vec!["Morale Rating", "Charge:", "Wrecked", "Limited Defense Status"]/>
        {odds}
        <DiceEntry name="Morale die" count=Signal::derive(|| 2usize) faces=faces/>
        {move || reading().map(|r| match r {
            Ok(r) => view! {
                <section class="card result" role="status" aria-label="Morale result">
                    <p class="headline"><strong>{format!("Morale Table: {} {:+} = {}: {}", r.raw, r.drm, r.modified, table_words::effects(&r.effects))}</strong></p>
                    <ul class="plain">{r.applied.iter().map(|(n, rule, v)| view! { <li>{format!("{n} ({rule}): {v:+}")}</li> }).collect_view()}</ul>
                    <button class="button big primary step-go" on:click=roll>"Apply to the Target"</button>
                </section>
            }
            .into_any(),
            Err(e) => view! { <p class="banner warning" role="status">{format!("{e}.")}</p> }.into_any(),
        })}
    }
    .into_any()
}
