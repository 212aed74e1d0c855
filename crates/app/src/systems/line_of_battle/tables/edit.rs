//! One table entered from the players' chart: its columns' bands of modified rolls with their
//! results, the Combat Table's grid for raw rolls of 9 or more (9.0), and its named modifiers
//! each with the rule that calls for it. Every change is validated by the table's own check
//! (overlaps, gaps, a band without a result) and refused with its words, the game unchanged.

use crate::systems::line_of_battle::model::tables as model;
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::{number, refusal};
use leptos::prelude::*;
use line_of_battle::game::Command;
use line_of_battle::table::{Band, Column, Dice, Effect, GridCell, Modifier, RollTable, Slot};

/// The editor of the table `key`.
#[component]
pub fn TableEditor(key: String) -> impl IntoView {
    let store = use_store();
    let key = StoredValue::new(key);
    let table = move || store.with(|g| g.tables.get(&key.get_value()).cloned());
    let problem = RwSignal::new(None::<String>);
    // Every change is the whole table put back: one undo step, validated as a whole.
    let put = move |change: &dyn Fn(&mut RollTable)| -> bool {
        let Some(mut t) = store.with_untracked(|g| g.tables.get(&key.get_value()).cloned()) else { return false };
        change(&mut t);
        match store.dispatch(Command::PutTable(t)) {
            Ok(_) => {
                problem.set(None);
                true
            }
            Err(e) => {
                problem.set(Some(format!("Not entered: {e}.")));
                false
            }
        }
    };
    let put = StoredValue::new_local(put);
    let columns =
        move || table().map(|t| t.columns.iter().map(|c| c.label.clone()).collect::<Vec<_>>()).unwrap_or_default();
    let grid = move || table().is_some_and(|t| t.grid_from_raw.is_some());
    let new_column = RwSignal::new(String::new());
    view! {
        <section class="screen tables lob-table" aria-labelledby="table-title">
            <div class="row back"><a class="button" href="/tables">"← All tables"</a></div>
            {move || match table() {
                None => view! { <h1 id="table-title">"No such table"</h1> }.into_any(),
                Some(t) => view! {
                    <h1 id="table-title">{t.name.clone()}</h1>
                    <p class="subtitle">{format!(
                        "{} ({}): {}.",
                        match t.dice { Dice::One => "One die plus modifiers", Dice::Two => "Two dice plus modifiers" },
                        t.rule,
                        model::progress(&t)
                    )}</p>
                }
                .into_any(),
            }}
            {refusal(problem)}
            <For
                each=columns
                key=|label| label.clone()
                children=move |label| view! { <ColumnEditor table=key.get_value() label=label problem=problem/> }
            />
            <details class="more" open=move || columns().is_empty()>
                <summary class="button">{move || if columns().is_empty() { "Start its results" } else { "Add a column" }}</summary>
                <form class="lob-form" on:submit=move |ev| {
                    ev.prevent_default();
                    let label = new_column.get_untracked().trim().to_string();
                    let done = put.with_value(|p| p(&|t: &mut RollTable| t.columns.push(Column { label: label.clone(), bands: Vec::new() })));
                    if done {
                        new_column.set(String::new());
                    }
                }>
                    <label class="field">
                        <span>"Column label, as on your chart (empty for a table of one column)"</span>
                        <input type="text" maxlength="40" autocomplete="off" bind:value=new_column/>
                    </label>
                    <button class="button" type="submit">"Add the column"</button>
                </form>
            </details>
            <Show when=grid>
                <GridEditor table=key.get_value() problem=problem/>
            </Show>
            <ModifierEditor table=key.get_value() problem=problem/>
        </section>
    }
    .into_any()
}

fn put_table(
    store: crate::systems::line_of_battle::store::Store,
    problem: RwSignal<Option<String>>,
    t: RollTable,
) -> bool {
    match store.dispatch(Command::PutTable(t)) {
        Ok(_) => {
            problem.set(None);
            true
        }
        Err(e) => {
            problem.set(Some(format!("Not entered: {e}.")));
            false
        }
    }
}

/// The results chosen for a band or a grid cell, from the table's palette.
#[component]
fn EffectsPicker(key: String, chosen: RwSignal<Vec<Effect>>) -> impl IntoView {
    let other = RwSignal::new(String::new());
    view! {
        <fieldset class="choices inline effects">
            <legend>{move || format!("Result: {}", model::effects(&chosen.get()))}</legend>
            {model::palette(&key)
                .into_iter()
                .map(|e| {
                    let label = model::effect(&e);
                    let e = StoredValue::new(e);
                    view! {
                        <button
                            type="button"
                            class="button"
                            aria-pressed=move || if chosen.with(|c| c.contains(&e.get_value())) { "true" } else { "false" }
                            on:click=move |_| chosen.update(|c| {
                                let e = e.get_value();
                                if let Some(i) = c.iter().position(|x| *x == e) { c.remove(i); } else { c.push(e); }
                            })
                        >
                            {label}
                        </button>
                    }
                })
                .collect_view()}
            <label class="field">
                <span>"Another result, in your chart's words"</span>
                <input type="text" maxlength="60" autocomplete="off" bind:value=other/>
            </label>
            <button type="button" class="button" on:click=move |_| {
                let t = other.get_untracked().trim().to_string();
                if !t.is_empty() {
                    chosen.update(|c| c.push(Effect::Other(t)));
                    other.set(String::new());
                }
            }>"Add that result"</button>
            <button type="button" class="button" on:click=move |_| chosen.set(Vec::new())>"Clear the result"</button>
        </fieldset>
    }
    .into_any()
}

/// One column: its bands, and the next band's entry.
#[component]
fn ColumnEditor(table: String, label: String, problem: RwSignal<Option<String>>) -> impl IntoView {
    let store = use_store();
    let key = StoredValue::new(table);
    let label = StoredValue::new(label);
    let bands = move || {
        store.with(|g| {
            g.tables
                .get(&key.get_value())
                .and_then(|t| t.columns.iter().find(|c| c.label == label.get_value()).cloned())
                .map(|c| c.bands)
                .unwrap_or_default()
        })
    };
    let low = RwSignal::new(String::new());
    let high = RwSignal::new(String::new());
    let chosen = RwSignal::new(Vec::<Effect>::new());
    let edit = move |f: &dyn Fn(&mut Vec<Band>)| -> bool {
        let Some(mut t) = store.with_untracked(|g| g.tables.get(&key.get_value()).cloned()) else { return false };
        if let Some(c) = t.columns.iter_mut().find(|c| c.label == label.get_value()) {
            f(&mut c.bands);
            c.bands.sort_by_key(|b| b.rolls.low.unwrap_or(i32::MIN));
        }
        put_table(store, problem, t)
    };
    let edit = StoredValue::new_local(edit);
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let rolls = match model::span(&low.get_untracked(), &high.get_untracked()) {
            Ok(s) => s,
            Err(why) => {
                problem.set(Some(why));
                return;
            }
        };
        let band = Band { rolls, effects: chosen.get_untracked() };
        if edit.with_value(|e| e(&|b: &mut Vec<Band>| b.push(band.clone()))) {
            // The next band usually starts where this one ended.
            low.set(rolls.high.map(|h| (h + 1).to_string()).unwrap_or_default());
            high.set(String::new());
            chosen.set(Vec::new());
        }
    };
    let title = if label.get_value().is_empty() {
        "Results".to_string()
    } else {
        format!("Column “{}”", label.get_value())
    };
    view! {
        <section class="table-column" aria-label=title.clone()>
            <h2>{title.clone()}</h2>
            <ul class="plain bands">
                {move || bands()
                    .into_iter()
                    .map(|b| {
                        let text = format!("{}: {}", b.rolls, model::effects(&b.effects));
                        let rolls = b.rolls;
                        view! {
                            <li class="band">
                                <span class="band-text">{format!("✎ {text}")}</span>
                                <button class="button" aria-label=format!("Remove the band {}", rolls) on:click=move |_| {
                                    edit.with_value(|e| e(&|b: &mut Vec<Band>| b.retain(|x| x.rolls != rolls)));
                                }>"Remove"</button>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
            <form class="lob-form band-form" on:submit=add aria-label=format!("New band of {title}")>
                <div class="row">
                    <label class="field">
                        <span>"From modified roll (empty: “or less”)"</span>
                        <input type="text" inputmode="numeric" maxlength="4" autocomplete="off" bind:value=low/>
                    </label>
                    <label class="field">
                        <span>"To modified roll (empty: “or more”)"</span>
                        <input type="text" inputmode="numeric" maxlength="4" autocomplete="off" bind:value=high/>
                    </label>
                </div>
                <EffectsPicker key=key.get_value() chosen=chosen/>
                <button class="button primary" type="submit">"Add the band"</button>
            </form>
        </section>
    }
    .into_any()
}

/// The Combat Table's grid for raw rolls of 9 or more, read by the raw roll and the total
/// DRM (9.0).
#[component]
fn GridEditor(table: String, problem: RwSignal<Option<String>>) -> impl IntoView {
    let store = use_store();
    let key = StoredValue::new(table);
    let cells = move || store.with(|g| g.tables.get(&key.get_value()).map(|t| t.grid.clone()).unwrap_or_default());
    let raw_low = RwSignal::new(String::from("9"));
    let raw_high = RwSignal::new(String::from("9"));
    let drm_low = RwSignal::new(String::new());
    let drm_high = RwSignal::new(String::new());
    let chosen = RwSignal::new(Vec::<Effect>::new());
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let (raw, drm) = match (
            model::span(&raw_low.get_untracked(), &raw_high.get_untracked()),
            model::span(&drm_low.get_untracked(), &drm_high.get_untracked()),
        ) {
            (Ok(r), Ok(d)) => (r, d),
            (Err(why), _) | (_, Err(why)) => {
                problem.set(Some(why));
                return;
            }
        };
        let Some(mut t) = store.with_untracked(|g| g.tables.get(&key.get_value()).cloned()) else { return };
        t.grid.push(GridCell { raw, drm, effects: chosen.get_untracked() });
        if put_table(store, problem, t) {
            chosen.set(Vec::new());
            drm_low.set(drm.high.map(|h| (h + 1).to_string()).unwrap_or_default());
            drm_high.set(String::new());
        }
    };
    view! {
        <section class="table-grid" aria-label="Grid for raw rolls of 9 or more">
            <h2>"Grid for raw rolls of 9 or more (9.0)"</h2>
            <ul class="plain bands">
                {move || cells()
                    .into_iter()
                    .enumerate()
                    .map(|(i, c)| view! {
                        <li class="band">
                            <span class="band-text">{format!("✎ raw {}, DRM {}: {}", c.raw, c.drm, model::effects(&c.effects))}</span>
                            <button class="button" aria-label=format!("Remove grid cell {}", i + 1) on:click=move |_| {
                                if let Some(mut t) = store.with_untracked(|g| g.tables.get(&key.get_value()).cloned()) {
                                    if i < t.grid.len() {
                                        t.grid.remove(i);
                                    }
                                    put_table(store, problem, t);
                                }
                            }>"Remove"</button>
                        </li>
                    })
                    .collect_view()}
            </ul>
            <form class="lob-form" on:submit=add aria-label="New grid cell">
                <div class="row">
                    <label class="field"><span>"Raw roll from"</span><input type="text" inputmode="numeric" maxlength="3" bind:value=raw_low/></label>
                    <label class="field"><span>"Raw roll to"</span><input type="text" inputmode="numeric" maxlength="3" bind:value=raw_high/></label>
                </div>
                <div class="row">
                    <label class="field"><span>"DRM from (empty: “or less”)"</span><input type="text" inputmode="numeric" maxlength="4" bind:value=drm_low/></label>
                    <label class="field"><span>"DRM to (empty: “or more”)"</span><input type="text" inputmode="numeric" maxlength="4" bind:value=drm_high/></label>
                </div>
                <EffectsPicker key=key.get_value() chosen=chosen/>
                <button class="button primary" type="submit">"Add the grid cell"</button>
            </form>
        </section>
    }
    .into_any()
}

/// The table's named modifiers: each value typed from the chart, or cleared; a modifier the
/// chart has and the list lacks added with its rule.
#[component]
fn ModifierEditor(table: String, problem: RwSignal<Option<String>>) -> impl IntoView {
    let store = use_store();
    let key = StoredValue::new(table);
    let modifiers =
        move || store.with(|g| g.tables.get(&key.get_value()).map(|t| t.modifiers.clone()).unwrap_or_default());
    let set = move |name: String, value: Slot<i32>| {
        if let Some(mut t) = store.with_untracked(|g| g.tables.get(&key.get_value()).cloned()) {
            if let Some(m) = t.modifiers.iter_mut().find(|m| m.name == name) {
                m.value = value;
            }
            put_table(store, problem, t);
        }
    };
    let names = move || modifiers().into_iter().map(|m| m.name).collect::<Vec<_>>();
    let new_name = RwSignal::new(String::new());
    let new_rule = RwSignal::new(String::new());
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if let Some(mut t) = store.with_untracked(|g| g.tables.get(&key.get_value()).cloned()) {
            t.modifiers.push(Modifier {
                name: new_name.get_untracked().trim().to_string(),
                rule: new_rule.get_untracked().trim().to_string(),
                value: Slot::Missing,
            });
            if put_table(store, problem, t) {
                new_name.set(String::new());
                new_rule.set(String::new());
            }
        }
    };
    view! {
        <section class="table-modifiers" aria-label="Modifiers">
            <h2>"Modifiers"</h2>
            <p class="muted">"Type each value as your chart gives it (+1, −2); clear one the chart does not have. The rule names where the rulebook calls for it."</p>
            <ul class="plain modifiers">
                // Keyed by name: a row typed in stays as it is while the others change.
                <For
                    each=names
                    key=|n| n.clone()
                    children=move |n| {
                        let name = StoredValue::new(n.clone());
                        let current = move || modifiers().into_iter().find(|m| m.name == name.get_value());
                        let first = current().map(|m| m.value.get()).unwrap_or(None);
                        let text = RwSignal::new(first.map(|v| format!("{v:+}")).unwrap_or_default());
                        let rule = current().map(|m| m.rule).unwrap_or_default();
                        view! {
                            <li class="modifier">
                                <label class="field">
                                    <span>{format!("{n} ({rule})")}<span class="muted">{move || format!(" · {}", current().map(|m| model::provenance(&m.value)).unwrap_or_default())}</span></span>
                                    <input
                                        type="text"
                                        inputmode="text"
                                        maxlength="4"
                                        autocomplete="off"
                                        bind:value=text
                                        on:change=move |_| {
                                            let typed = text.get_untracked().replace('−', "-").replace('+', "");
                                            if typed.trim().is_empty() {
                                                set(name.get_value(), Slot::Missing);
                                            } else if let Some(v) = number::<i32>(&typed) {
                                                set(name.get_value(), Slot::Entered(v));
                                            } else {
                                                problem.set(Some(format!("{}: a whole number such as +1 or -2.", name.get_value())));
                                            }
                                        }
                                    />
                                </label>
                            </li>
                        }
                    }
                />
            </ul>
            <details class="more">
                <summary class="button">"Add a modifier your chart has"</summary>
                <form class="lob-form" on:submit=add>
                    <label class="field"><span>"Its name, as on the chart"</span><input type="text" maxlength="60" bind:value=new_name/></label>
                    <label class="field"><span>"The rule that calls for it"</span><input type="text" maxlength="12" bind:value=new_rule/></label>
                    <button class="button" type="submit">"Add the modifier"</button>
                </form>
            </details>
        </section>
    }
    .into_any()
}
