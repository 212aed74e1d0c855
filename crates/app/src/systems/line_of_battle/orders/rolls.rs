//! The Command Phase's rolls on the players' tables, each with its odds before the dice: a
//! Leader's acceptance roll (13.3c), Fluke Stoppage's two rolls (13.6h), Recovery's two
//! (13.7c). The modifiers offered are those the players' table lists.

use super::{Said, use_said};
use crate::systems::line_of_battle::model::odds;
use crate::systems::line_of_battle::store::{Store, use_store};
use crate::systems::line_of_battle::ui::{ModifierChoices, odds_line};
use crate::widgets::dice::{DiceEntry, two_dice};
use leptos::prelude::*;
use line_of_battle::clock::Light;
use line_of_battle::game::Command;
use line_of_battle::orders::commands::OrderCommand;
use line_of_battle::orders::ending::Event;
use line_of_battle::tables::key;

/// Sends an order-book command; what it said (or why not) goes to the message above the bar.
pub fn send(store: Store, said: Said, command: OrderCommand) -> bool {
    let result = store.dispatch(Command::Orders(Box::new(command)));
    let ok = result.is_ok();
    said.outcome(result.map(|o| o.lines).map_err(|e| e.to_string()));
    ok
}

fn command_value(v: u8) -> Vec<(String, String, i32)> {
    vec![("Command Value".to_string(), "13.3c".to_string(), i32::from(v))]
}

/// The recipient's roll to accept an arrived Order (13.3, 13.3c): two dice plus his Command
/// Value on the players' Command Roll Table; one roll a turn, in his HQ's CR.
#[component]
pub fn AcceptForm(order: u32) -> impl IntoView {
    let store = use_store();
    let said = use_said();
    let faces = RwSignal::new(Vec::<u8>::new());
    let chosen = RwSignal::new(Vec::<String>::new());
    let in_radius = RwSignal::new(true);
    let condition_met = RwSignal::new(false);
    let info = move || {
        store.with(|g| {
            let o = g.book.order(order).ok()?.clone();
            let l = g.oob.leader(&o.recipient)?.clone();
            Some((o, l))
        })
    };
    let has_condition = move || info().is_some_and(|(o, _)| o.instructions.condition.is_some());
    let odds = move || {
        let (_, l) = info()?;
        let table = store.with(|g| g.tables.get(key::COMMAND_ROLL).cloned())?;
        let chance = odds::pass(&table, "", &chosen.get(), &command_value(l.command));
        Some(odds_line(
            format!("{} rolls two dice plus his Command Value {} (13.3c)", l.name, l.command),
            chance.map(|c| vec![("Accepted", c)]),
        ))
    };
    let roll = move |_| {
        let Some(roll) = two_dice(&faces.get_untracked()) else {
            said.outcome(Err("Enter both dice first.".into()));
            return;
        };
        let sent = send(
            store,
            said,
            OrderCommand::Accept {
                order,
                roll,
                in_radius: in_radius.get_untracked(),
                condition_met: condition_met.get_untracked() || !has_condition(),
                modifiers: chosen.get_untracked(),
            },
        );
        if sent {
            faces.set(Vec::new());
        }
    };
    view! {
        <div class="roll-form" role="group" aria-label=format!("Acceptance of Order {order}")>
            <label class="choice">
                <input type="checkbox" bind:checked=in_radius/>
                <span>"He is in his own HQ's Command Radius (13.3c)"</span>
            </label>
            <Show when=has_condition>
                <label class="choice">
                    <input type="checkbox" bind:checked=condition_met/>
                    <span>"Its Condition is met (13.4b)"</span>
                </label>
            </Show>
            <ModifierChoices table=key::COMMAND_ROLL chosen=chosen skip=vec!["Release Reserves"]/>
            {odds}
            <DiceEntry name="Acceptance die" count=Signal::derive(|| 2usize) faces=faces/>
            <button class="button primary big" on:click=roll>"Roll to accept"</button>
        </div>
    }
    .into_any()
}

/// Fluke Stoppage for a Division under Attack Orders (13.6h): the Base Check, and on a Fail
/// the Failure Roll with the Division Leader's Morale Value and the Corps Leader's Command
/// Value.
#[component]
pub fn FlukeForm(formation: String) -> impl IntoView {
    let store = use_store();
    let said = use_said();
    let formation = StoredValue::new(formation);
    let base = RwSignal::new(Vec::<u8>::new());
    let failure = RwSignal::new(Vec::<u8>::new());
    let chosen = RwSignal::new(Vec::<String>::new());
    let reserve = RwSignal::new(false);
    let case = RwSignal::new(String::from("a"));
    let name =
        move || store.with(|g| g.oob.formation(&formation.get_value()).map(|f| f.name.clone()).unwrap_or_default());
    let apply = move || {
        let mut a = chosen.get();
        if reserve.get() && store.with(|g| matches!(g.clock.light(), Some(Light::Day | Light::Twilight))) {
            a.push("Reserve".into());
        }
        a
    };
    let base_passed = move || {
        let dice = two_dice(&base.get())?;
        let t = store.with(|g| g.tables.get(key::FLUKE_BASE).cloned())?;
        let names = apply();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        t.read("", i32::from(dice.total()), &names, &[]).ok().map(|r| r.passed())
    };
    let odds = move || {
        let table = store.with(|g| g.tables.get(key::FLUKE_BASE).cloned())?;
        Some(odds_line(
            "Base Check: two dice plus modifiers (13.6h)".into(),
            odds::pass(&table, "", &apply(), &[]).map(|c| vec![("Pass", c)]),
        ))
    };
    let go = move |_| {
        let Some(b) = two_dice(&base.get_untracked()) else {
            said.outcome(Err("Enter the Base Check's dice first.".into()));
            return;
        };
        let event = match case.get_untracked().as_str() {
            "b" => Event::FlukeOnApproach,
            "all" => Event::FlukeAll,
            _ => Event::FlukeInCombat,
        };
        send(
            store,
            said,
            OrderCommand::Fluke {
                formation: formation.get_value(),
                base: b,
                failure: two_dice(&failure.get_untracked()),
                reserve: reserve.get_untracked(),
                case: event,
                modifiers: chosen.get_untracked(),
            },
        );
    };
    view! {
        <div class="roll-form" role="group" aria-label=move || format!("Fluke Stoppage of {}", name())>
            <h4>{move || format!("{}: Fluke Stoppage check (13.6h)", name())}</h4>
            <label class="choice">
                <input type="checkbox" bind:checked=reserve/>
                <span>"A Reserve of the size 13.2d requires is in place (not at Night)"</span>
            </label>
            <label class="field">
                <span>"If it Flukes, the Division is"</span>
                <select on:change=move |ev| case.set(event_target_value(&ev))>
                    <option value="a">"Case A: in combat"</option>
                    <option value="b">"Case B: on the approach march"</option>
                    <option value="all">"All the Command's Divisions"</option>
                </select>
            </label>
            <ModifierChoices table=key::FLUKE_BASE chosen=chosen skip=vec!["Reserve"]/>
            {odds}
            <DiceEntry name="Base Check die" count=Signal::derive(|| 2usize) faces=base/>
            <Show when=move || base_passed() == Some(false)>
                <p><strong>"The Base Check fails: roll the Failure Roll."</strong></p>
                <DiceEntry name="Failure Roll die" count=Signal::derive(|| 2usize) faces=failure/>
            </Show>
            <button class="button primary big" on:click=go>"Roll for Fluke Stoppage"</button>
        </div>
    }
    .into_any()
}

/// Recovery (13.7c): the Base Check, and on a Pass the Recovery Roll with the Division
/// Leader's Command Value.
#[component]
pub fn RecoveryForm(formation: String) -> impl IntoView {
    let store = use_store();
    let said = use_said();
    let formation = StoredValue::new(formation);
    let base = RwSignal::new(Vec::<u8>::new());
    let roll = RwSignal::new(Vec::<u8>::new());
    let chosen = RwSignal::new(Vec::<String>::new());
    let name =
        move || store.with(|g| g.oob.formation(&formation.get_value()).map(|f| f.name.clone()).unwrap_or_default());
    let base_passed = move || {
        let dice = two_dice(&base.get())?;
        let t = store.with(|g| g.tables.get(key::RECOVERY_BASE).cloned())?;
        let names = chosen.get();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        t.read("", i32::from(dice.total()), &names, &[]).ok().map(|r| r.passed())
    };
    let odds = move || {
        let table = store.with(|g| g.tables.get(key::RECOVERY_BASE).cloned())?;
        Some(odds_line(
            "Base Check: two dice plus modifiers (13.7c)".into(),
            odds::pass(&table, "", &chosen.get(), &[]).map(|c| vec![("Pass", c)]),
        ))
    };
    let go = move |_| {
        let Some(b) = two_dice(&base.get_untracked()) else {
            said.outcome(Err("Enter the Base Check's dice first.".into()));
            return;
        };
        send(
            store,
            said,
            OrderCommand::Recovery {
                formation: formation.get_value(),
                base: b,
                roll: two_dice(&roll.get_untracked()),
                modifiers: chosen.get_untracked(),
            },
        );
    };
    view! {
        <div class="roll-form" role="group" aria-label=move || format!("Recovery of {}", name())>
            <ModifierChoices table=key::RECOVERY_BASE chosen=chosen/>
            {odds}
            <DiceEntry name="Recovery Base Check die" count=Signal::derive(|| 2usize) faces=base/>
            <Show when=move || base_passed() == Some(true)>
                <p><strong>"The Base Check passes: roll the Recovery Roll."</strong></p>
                <DiceEntry name="Recovery Roll die" count=Signal::derive(|| 2usize) faces=roll/>
            </Show>
            <button class="button primary big" on:click=go>"Roll for Recovery"</button>
        </div>
    }
    .into_any()
}
