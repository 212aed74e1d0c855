//! Game settings: the number of turns, 25 mm measurement doubling, surprise (10.2), and the
//! house rules (the rulings and the Appendix F optional rules) of the open game. Every change
//! is a tracker command, so it is undoable and logged.

use crate::systems::johnny_reb::store::use_store;
use johnny_reb::rules::settings::{RulingEntry, RulingGroup};
use johnny_reb::rules::surprise::SurpriseKind;
use johnny_reb::state::command::Command;
use johnny_reb::state::roster::Side;
use johnny_reb::state::tracker::{MAX_TURNS, TrackerCommand};
use leptos::prelude::*;

const GROUPS: [(RulingGroup, &str); 5] = [
    (RulingGroup::OptionalRule, "Optional rules (Appendix F: only if all players agree)"),
    (RulingGroup::Morale, "Rulings: morale"),
    (RulingGroup::Fire, "Rulings: fire"),
    (RulingGroup::Movement, "Rulings: movement, orders, works"),
    (RulingGroup::Charges, "Rulings: charges and melee"),
];

fn is_on_off(e: &RulingEntry) -> bool {
    e.options.len() == 2 && e.options[0].key == "off" && e.options[1].key == "on"
}

/// One setting: a checkbox for an on/off rule, radio buttons for a ruling's readings.
fn entry_view(key: &'static str) -> AnyView {
    let store = use_store();
    let entry = move || store.session.with(|s| s.game().setup.rules.entries().into_iter().find(|e| e.key == key));
    let Some(first) = entry() else { return ().into_any() };
    let set = move |value: &str| {
        store.send(Command::Tracker(TrackerCommand::SetRule { key: key.into(), value: value.into() }))
    };
    if is_on_off(&first) {
        let on = move || entry().is_some_and(|e| e.value == "on");
        view! {
            <label class="choice">
                <input type="checkbox" prop:checked=on on:change=move |_| set(if on() { "off" } else { "on" }) />
                <span>{first.label} <span class="muted">" (" {first.rules} ")"</span></span>
            </label>
        }
        .into_any()
    } else {
        let name = format!("rule-{key}");
        view! {
            <fieldset class="choices">
                <legend>{first.label} <span class="muted">" (" {first.rules} ")"</span></legend>
                {first
                    .options
                    .iter()
                    .map(|o| {
                        let option = o.key;
                        let default = if o.key == first.default { " (default)" } else { "" };
                        view! {
                            <label class="choice">
                                <input
                                    type="radio"
                                    name=name.clone()
                                    prop:checked=move || entry().is_some_and(|e| e.value == option)
                                    on:change=move |_| set(option)
                                />
                                <span>{o.label} {default}</span>
                            </label>
                        }
                    })
                    .collect_view()}
            </fieldset>
        }
        .into_any()
    }
}

/// The open game's settings.
#[component]
pub fn GameSettings() -> impl IntoView {
    let store = use_store();
    let turns = move || store.session.with(|s| s.game().setup.turns);
    let (turns_text, set_turns_text) = signal(String::new());
    let apply_turns = move || {
        let text = turns_text.get_untracked();
        let text = text.trim();
        if text.is_empty() {
            store.send(Command::Tracker(TrackerCommand::SetTurns { turns: None }));
            return;
        }
        match text.parse::<u32>() {
            Ok(n) => store.send(Command::Tracker(TrackerCommand::SetTurns { turns: Some(n) })),
            Err(_) => store.error.set(Some(format!("The number of turns is a whole number from 1 to {MAX_TURNS}."))),
        }
    };
    let doubling = move || store.session.with(|s| s.game().setup.rules.fire.figures_25mm);
    let surprise = move |side: Side| store.session.with(|s| s.game().tracker.surprise_on(side).cloned());
    let keys = move |group: RulingGroup| {
        store.session.with_untracked(|s| {
            s.game()
                .setup
                .rules
                .entries()
                .into_iter()
                .filter(|e| e.group == group && e.key != "fire.figures_25mm")
                .map(|e| e.key)
                .collect::<Vec<_>>()
        })
    };

    view! {
        <div class="game-settings">
            <h3>"Length"</h3>
            <p>{move || match turns() {
                Some(n) => format!("The scenario lasts {n} turns."),
                None => "No number of turns is set.".to_string(),
            }}</p>
            <div class="add-named">
                <label class="field">
                    <span>"Number of turns"</span>
                    <input
                        type="number"
                        inputmode="numeric"
                        min="1"
                        max=MAX_TURNS.to_string()
                        prop:value=move || turns().map(|n| n.to_string()).unwrap_or_default()
                        on:input=move |ev| set_turns_text.set(event_target_value(&ev))
                    />
                </label>
                <button class="button" on:click=move |_| apply_turns()>"Set turns"</button>
            </div>
            <h3>"Figures"</h3>
            <label class="choice">
                <input
                    type="checkbox"
                    prop:checked=doubling
                    on:change=move |_| store.send(Command::Tracker(TrackerCommand::SetRule {
                        key: "fire.figures_25mm".into(),
                        value: if doubling() { "off".into() } else { "on".into() },
                    }))
                />
                <span>"25 mm figures: double every distance (0.1.1)"</span>
            </label>
            <h3>"Surprise (10.2)"</h3>
            {Side::BOTH
                .into_iter()
                .map(|side| {
                    let set = move |kind: SurpriseKind, turns: u32| {
                        store.send(Command::Tracker(TrackerCommand::SetSurprise { side, kind, turns }))
                    };
                    let words = move || match surprise(side) {
                        Some(s) => format!(
                            "{} under {} surprise: {} turn{} left, this one included.",
                            side.label(),
                            if s.kind == SurpriseKind::Strategic { "strategic" } else { "tactical" },
                            s.turns_left,
                            if s.turns_left == 1 { "" } else { "s" }
                        ),
                        None => format!("{}: not surprised.", side.label()),
                    };
                    let more = move |kind: SurpriseKind| {
                        let now = surprise(side).filter(|s| s.kind == kind).map(|s| s.turns_left).unwrap_or(0);
                        set(kind, now + 1)
                    };
                    view! {
                        <p>{words}</p>
                        <div class="row">
                            <button class="button" on:click=move |_| more(SurpriseKind::Tactical)>
                                {format!("{}: tactical, one more turn", side.label())}
                            </button>
                            <button class="button" on:click=move |_| more(SurpriseKind::Strategic)>
                                {format!("{}: strategic, one more turn", side.label())}
                            </button>
                            <button
                                class="button"
                                prop:disabled=move || surprise(side).is_none()
                                on:click=move |_| set(SurpriseKind::Tactical, 0)
                            >
                                {format!("{}: no surprise", side.label())}
                            </button>
                        </div>
                    }
                })
                .collect_view()}
            <h3 id="house-rules">"House rules"</h3>
            <p class="muted">"For this game only. Every change is in the history and can be undone."</p>
            {GROUPS
                .into_iter()
                .map(|(group, title)| {
                    view! {
                        <h4>{title}</h4>
                        {keys(group).into_iter().map(entry_view).collect_view()}
                    }
                })
                .collect_view()}
        </div>
    }
    .into_any()
}
