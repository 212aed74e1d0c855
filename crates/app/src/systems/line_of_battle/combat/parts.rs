//! What the combat screens share: a Stack picked unit by unit (its top unit first), the
//! Leaders in a hex, the Leader Loss Table's columns, and the back link (a table's modifiers
//! as checkboxes are every roll's: `ui::ModifierChoices`).

use crate::systems::line_of_battle::model::combat;
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::ChoiceBox;
use leptos::prelude::*;
use line_of_battle::oob::{Echelon, Side};
use line_of_battle::tables::key;

/// "← Combat".
pub fn back() -> impl IntoView {
    view! { <div class="row back"><a class="button" href="/combat">"← Combat"</a></div> }
}

/// A Stack of `side`'s units on the map, picked one by one (the first picked is the top
/// unit, 6.1b), brigade by brigade. Each unit's current SPs are shown only where the Stack
/// fires or charges (`used`): 1.8, the enemy "is only told the SPs used during a Fire Combat
/// or Charge", so a Target's, a checking or a Retreating Stack's are not shown.
#[component]
pub fn StackPicker(
    legend: &'static str,
    side: Signal<Side>,
    chosen: RwSignal<Vec<String>>,
    /// Only units that may Charge (11.2: Line Infantry and Mounted Cavalry).
    #[prop(optional)]
    only_chargers: bool,
    /// The Stack's SPs are used in a Fire or Charge (1.8): shown.
    #[prop(optional)]
    used: bool,
) -> impl IntoView {
    let store = use_store();
    let brigade = RwSignal::new(String::new());
    let groups = move || {
        store.with(|g| {
            g.oob
                .formations
                .iter()
                .filter(|f| f.side == side.get() && f.echelon != Echelon::Army)
                .filter(|f| g.oob.units.iter().any(|u| u.formation == f.id && u.on_map && !u.dead))
                .map(|f| (f.id.clone(), f.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let units = move || {
        store.with(|g| {
            g.oob
                .units
                .iter()
                .filter(|u| u.formation == brigade.get() && u.on_map && !u.dead)
                .filter(|u| !only_chargers || combat::may_charge(u))
                .map(|u| (u.id.clone(), combat::picked_name(u, used)))
                .collect::<Vec<_>>()
        })
    };
    let names = move || {
        store.with(|g| chosen.get().iter().filter_map(|id| g.oob.unit(id).map(|u| u.name.clone())).collect::<Vec<_>>())
    };
    view! {
        <fieldset class="choices stack-picker">
            <legend>{legend}</legend>
            <p class="stack-now" aria-live="polite">
                {move || {
                    let n = names();
                    if n.is_empty() { "None picked yet.".to_string() } else { format!("Top first: {}", n.join(", ")) }
                }}
            </p>
            <label class="field">
                <span>"Brigade"</span>
                <select on:change=move |ev| brigade.set(event_target_value(&ev))>
                    <option value="">"Choose a brigade"</option>
                    {move || groups().into_iter().map(|(id, name)| view! { <option value=id>{name}</option> }).collect_view()}
                </select>
            </label>
            <div class="unit-picks">
                {move || units()
                    .into_iter()
                    .map(|(id, label)| {
                        let id = StoredValue::new(id);
                        view! {
                            <button
                                type="button"
                                class="button"
                                aria-pressed=move || if chosen.with(|c| c.contains(&id.get_value())) { "true" } else { "false" }
                                on:click=move |_| chosen.update(|c| {
                                    let id = id.get_value();
                                    if let Some(i) = c.iter().position(|x| *x == id) { c.remove(i); } else { c.push(id); }
                                })
                            >
                                {label}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <Show when=move || !chosen.with(Vec::is_empty)>
                <button type="button" class="button" on:click=move |_| chosen.set(Vec::new())>"Clear the Stack"</button>
            </Show>
        </fieldset>
    }
    .into_any()
}

/// The Leaders of `side` in play: (identity, "Name (C-M)", Morale Value).
pub fn leaders_of(side: Side) -> Vec<(String, String, u8)> {
    let store = use_store();
    store.with_untracked(|g| {
        g.oob
            .leaders
            .iter()
            .filter(|l| l.side == side && !l.lost && l.on_map)
            .map(|l| (l.id.clone(), format!("{} ({}-{})", l.name, l.command, l.morale), l.morale))
            .collect()
    })
}

/// The Leaders of `side` in a hex, as checkboxes.
#[component]
pub fn LeaderPicks(legend: &'static str, side: Signal<Side>, chosen: RwSignal<Vec<String>>) -> impl IntoView {
    let store = use_store();
    let list = move || {
        store.with(|g| {
            g.oob
                .leaders
                .iter()
                .filter(|l| l.side == side.get() && !l.lost && l.on_map)
                .map(|l| (l.id.clone(), format!("{} ({}-{})", l.name, l.command, l.morale)))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <details class="more">
            <summary class="button">{move || {
                let n = chosen.with(Vec::len);
                if n == 0 { format!("{legend}: none") } else { format!("{legend}: {n}") }
            }}</summary>
            <fieldset class="choices">
                <legend>{legend}</legend>
                {move || list().into_iter().map(|(id, name)| view! { <ChoiceBox id=id label=name chosen=chosen/> }).collect_view()}
            </fieldset>
        </details>
    }
    .into_any()
}

/// The Leader Loss Table's columns as the players entered them.
pub fn leader_columns() -> Vec<String> {
    let store = use_store();
    store.with_untracked(|g| {
        g.tables.get(key::LEADER_LOSS).map(|t| t.columns.iter().map(|c| c.label.clone()).collect()).unwrap_or_default()
    })
}

/// The column picked for a loss's Leader Loss Checks.
#[component]
pub fn LeaderColumn(column: RwSignal<String>) -> impl IntoView {
    let columns = leader_columns();
    if column.get_untracked().is_empty()
        && let Some(first) = columns.first()
    {
        column.set(first.clone());
    }
    view! {
        <label class="field">
            <span>"Leader Loss Table column for a loss (4.1a)"</span>
            <select on:change=move |ev| column.set(event_target_value(&ev))>
                {columns.into_iter().map(|c| {
                    let v = c.clone();
                    let shown = if c.is_empty() { "(the table's one column)".to_string() } else { c.clone() };
                    view! { <option value=c selected=move || column.get() == v>{shown}</option> }
                }).collect_view()}
            </select>
        </label>
    }
    .into_any()
}
