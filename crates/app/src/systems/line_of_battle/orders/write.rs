//! Writing an Order (13.1): its type and what the type needs, the Formation and the receiving
//! Leader; then, for the Army Commander's Order, the distance the couriers ride (13.3a) with
//! its arrival turn, and his Command Roll (13.3c) with its odds. The same form puts a
//! scenario's Order in force (1.7) and writes the Midnight burst (13.5b), with no roll.

use super::fields::{Fields, InstructionFields};
use super::rolls::send;
use super::use_said;
use crate::systems::line_of_battle::model::{odds, orders, words};
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::{ModifierChoices, number, odds_line};
use crate::widgets::dice::{DiceEntry, two_dice};
use crate::widgets::toggles::Toggles;
use leptos::prelude::*;
use line_of_battle::oob::{Echelon, Side};
use line_of_battle::orders::OrderKind;
use line_of_battle::orders::commands::{InitiativePurpose, OrderCommand};
use line_of_battle::tables::key;

/// How the Order comes to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The Army Commander's Command Roll and the couriers (13.3).
    Write,
    /// In force from the scenario, accepted (1.7).
    InForce,
    /// The Midnight burst: no roll, no delivery time (13.5b).
    Midnight,
    /// A Leader's Initiative, for its limited purposes (13.4a).
    Initiative,
}

/// The form.
#[component]
pub fn OrderForm(side: Side, mode: Mode) -> impl IntoView {
    let store = use_store();
    let said = use_said();
    let kind = RwSignal::new(OrderKind::Move);
    let formation = RwSignal::new(String::new());
    let recipient = RwSignal::new(String::new());
    let fields = Fields::new();
    let mps = RwSignal::new(String::new());
    let in_radius = RwSignal::new(true);
    let chosen = RwSignal::new(Vec::<String>::new());
    let faces = RwSignal::new(Vec::<u8>::new());
    // Initiative (13.4a): the Leader rolling, what for, and to whom it goes.
    let roller = RwSignal::new(String::new());
    let purpose = RwSignal::new(InitiativePurpose::Defensive);
    let self_issued = RwSignal::new(true);
    let formations = move || {
        store.with(|g| {
            g.oob
                .formations
                .iter()
                .filter(|f| f.side == side && f.echelon != Echelon::Army)
                .map(|f| (f.id.clone(), format!("{} ({})", f.name, words::echelon(f.echelon))))
                .collect::<Vec<_>>()
        })
    };
    let leaders = move || {
        store.with(|g| {
            g.oob
                .leaders
                .iter()
                .filter(|l| l.side == side && !l.lost && !l.army_commander())
                .map(|l| (l.id.clone(), l.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    // The Formation's Leader receives it unless the players choose another.
    let choose_formation = move |id: String| {
        let leader = store.with_untracked(|g| g.oob.formation(&id).and_then(|f| f.leader.clone()));
        formation.set(id);
        if let Some(l) = leader {
            recipient.set(l);
        }
    };
    let army =
        move || store.with(|g| g.oob.leaders.iter().find(|l| l.side == side && l.army_commander() && !l.lost).cloned());
    let arrival = move || {
        let a = army()?;
        let m = number::<u32>(&mps.get())?;
        let awareness = if mode == Mode::Initiative { 0 } else { a.awareness.unwrap_or(0) };
        Some(store.with(|g| orders::delivery(&g.clock, m, awareness).1))
    };
    let odds = move || {
        let a = army()?;
        let table = store.with(|g| g.tables.get(key::COMMAND_ROLL).cloned())?;
        let cv = vec![("Command Value".to_string(), "13.3c".to_string(), i32::from(a.command))];
        Some(odds_line(
            format!("{} rolls two dice plus his Command Value {} (13.3c)", a.name, a.command),
            odds::pass(&table, "", &chosen.get(), &cv).map(|c| vec![("Yes, the Order is written", c)]),
        ))
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let k = kind.get_untracked();
        let f = formation.get_untracked();
        let r = recipient.get_untracked();
        if f.is_empty() || r.is_empty() {
            said.outcome(Err("Choose the Formation ordered and the Leader who receives the Order.".into()));
            return;
        }
        let instructions = fields.instructions(k);
        let command = match mode {
            Mode::Write => {
                let Some(m) = number::<u32>(&mps.get_untracked()) else {
                    said.outcome(Err("Enter the Leader MPs from the Army Commander to the recipient (13.3a).".into()));
                    return;
                };
                let Some(roll) = two_dice(&faces.get_untracked()) else {
                    said.outcome(Err("Enter both dice of the Command Roll first.".into()));
                    return;
                };
                OrderCommand::Write {
                    kind: k,
                    formation: f,
                    recipient: r,
                    instructions,
                    mps: m,
                    roll,
                    in_radius: in_radius.get_untracked(),
                    modifiers: chosen.get_untracked(),
                }
            }
            Mode::InForce => OrderCommand::InForce { side, kind: k, formation: f, recipient: r, instructions },
            Mode::Midnight => OrderCommand::WriteMidnight { kind: k, formation: f, recipient: r, instructions },
            Mode::Initiative => {
                let Some(roll) = two_dice(&faces.get_untracked()) else {
                    said.outcome(Err("Enter both dice of the Command Roll first.".into()));
                    return;
                };
                let to = if self_issued.get_untracked() {
                    None
                } else {
                    let Some(m) = number::<u32>(&mps.get_untracked()) else {
                        said.outcome(Err("Enter the Leader MPs to the subordinate who receives it (13.3a).".into()));
                        return;
                    };
                    Some((r, m))
                };
                OrderCommand::Initiative {
                    leader: roller.get_untracked(),
                    purpose: purpose.get_untracked(),
                    kind: k,
                    formation: f,
                    to,
                    instructions,
                    roll,
                    in_radius: in_radius.get_untracked(),
                    modifiers: chosen.get_untracked(),
                }
            }
        };
        if send(store, said, command) {
            fields.clear();
            faces.set(Vec::new());
        }
    };
    let kinds: Vec<(OrderKind, String)> =
        words::KINDS.iter().map(|k| (*k, format!("{} ({})", words::kind(*k), words::kind_rule(*k)))).collect();
    let (label, button) = match mode {
        Mode::Write => ("A new Order", "Roll and send the Order"),
        Mode::InForce => ("An Order in force from the scenario", "Put the Order in force (1.7)"),
        Mode::Midnight => ("A Midnight Order", "Write the Midnight Order (13.5b)"),
        Mode::Initiative => ("An Initiative Order", "Roll for Initiative"),
    };
    let rollers = move || {
        store.with(|g| {
            g.oob
                .leaders
                .iter()
                .filter(|l| l.side == side && !l.lost && l.on_map && !l.army_commander())
                .map(|l| (l.id.clone(), l.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let purposes: Vec<(InitiativePurpose, String)> = [
        (InitiativePurpose::Defensive, "A Defensive Order"),
        (InitiativePurpose::Reserve, "Establish or Release a Reserve"),
        (InitiativePurpose::ChangeRouting, "Change a Line of Departure, Axis or Route"),
        (InitiativePurpose::ArtilleryMove, "A Move Order for an Artillery Battalion"),
        (InitiativePurpose::BackIntoRadius, "A Move Order back into CR (3.3f)"),
    ]
    .into_iter()
    .map(|(p, w)| (p, w.to_string()))
    .collect();
    view! {
        <form class="lob-form order-form" on:submit=submit aria-label=label>
            {(mode == Mode::Initiative).then(|| view! {
                <label class="field">
                    <span>"The Leader rolling (never the Army Commander, 13.4a)"</span>
                    <select on:change=move |ev| roller.set(event_target_value(&ev))>
                        <option value="">"Choose a Leader"</option>
                        {move || rollers().into_iter().map(|(id, n)| view! { <option value=id>{n}</option> }).collect_view()}
                    </select>
                </label>
                <Toggles class="pick" legend="For (13.4a: only these)".to_string() options=purposes.clone() value=purpose/>
                <label class="choice">
                    <input type="checkbox" bind:checked=self_issued/>
                    <span>"For himself: no delivery, no Acceptance roll"</span>
                </label>
            })}
            <Toggles class="pick" legend="Type of Order (13.2)".to_string() options=kinds value=kind/>
            <label class="field">
                <span>"Formation ordered (one main Formation, 13.1c)"</span>
                <select on:change=move |ev| choose_formation(event_target_value(&ev))>
                    <option value="" selected=move || formation.get().is_empty()>"Choose a Formation"</option>
                    {move || formations().into_iter().map(|(id, name)| {
                        let v = id.clone();
                        view! { <option value=id selected=move || formation.get() == v>{name}</option> }
                    }).collect_view()}
                </select>
            </label>
            <label class="field">
                <span>"Receiving Leader"</span>
                <select on:change=move |ev| recipient.set(event_target_value(&ev))>
                    <option value="" selected=move || recipient.get().is_empty()>"Choose a Leader"</option>
                    {move || leaders().into_iter().map(|(id, name)| {
                        let v = id.clone();
                        view! { <option value=id selected=move || recipient.get() == v>{name}</option> }
                    }).collect_view()}
                </select>
            </label>
            <InstructionFields kind=kind fields=fields formation=formation/>
            {(mode == Mode::Initiative).then(|| view! {
                <Show when=move || !self_issued.get()>
                    <label class="field">
                        <span>"Leader MPs to the subordinate (13.3a, no Awareness)"</span>
                        <input type="text" inputmode="numeric" pattern="[0-9]*" maxlength="3" autocomplete="off" bind:value=mps/>
                    </label>
                    <p class="arrival" aria-live="polite">{move || arrival().unwrap_or_default()}</p>
                </Show>
                <label class="choice">
                    <input type="checkbox" bind:checked=in_radius/>
                    <span>"He is in his Command Radius (3.3f: out of it, only to move back in)"</span>
                </label>
                <ModifierChoices table=key::COMMAND_ROLL chosen=chosen/>
                {odds}
                <DiceEntry name="Initiative die" count=Signal::derive(|| 2usize) faces=faces/>
            })}
            {(mode == Mode::Write).then(|| view! {
                <label class="field">
                    <span>"Leader MPs from the Army Commander to the recipient (13.3a)"</span>
                    <input type="text" inputmode="numeric" pattern="[0-9]*" maxlength="3" autocomplete="off" bind:value=mps/>
                </label>
                <p class="arrival" aria-live="polite">{move || arrival().unwrap_or_else(|| "12 Leader MPs a turn, any part a whole turn, one turn at least, and the Army Commander's Awareness.".into())}</p>
                <label class="choice">
                    <input type="checkbox" bind:checked=in_radius/>
                    <span>"The Army Commander is in his HQ's Command Radius (3.3, 13.3c)"</span>
                </label>
                <ModifierChoices table=key::COMMAND_ROLL chosen=chosen skip=vec!["Release Reserves"]/>
                {odds}
                <DiceEntry name="Command Roll die" count=Signal::derive(|| 2usize) faces=faces/>
            })}
            <button class="button primary big" type="submit">{button}</button>
        </form>
    }
    .into_any()
}
