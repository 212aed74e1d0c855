//! The guided entry of the Tables Card (`/tables?card=10`): once, before the game, every
//! table the transcription cut short as a grid in the card's layout, what the text gives
//! filled in and marked, the rest typed on the numeric keypad and checked as typed, with the
//! progress, and the table set shared at the end. Built by [`grid`]; this only renders it.

use super::grid::{self, Grid, GridCell, InputCell, Progress};
use super::model::Provenance;
use super::{TableSet, entry, legend};
use crate::systems::johnny_reb::store::use_store;
use johnny_reb::rules::CellRef;
use leptos::prelude::*;
use std::collections::BTreeMap;

/// What was typed in each cell on this screen, and its refusal if the cell refused it: the
/// input shows it as typed (nothing lost), the store holds only what was accepted.
type Drafts = RwSignal<BTreeMap<CellRef, (String, Option<String>)>>;

/// The guided entry, on the table `id` ("10", "11", ...).
#[component]
pub fn CardScreen(id: String) -> impl IntoView {
    let store = use_store();
    let drafts: Drafts = RwSignal::new(BTreeMap::new());
    // A table set taken in replaces what is shown: drafts go, the grids are built anew.
    let generation = RwSignal::new(0u32);
    let imported = Callback::new(move |()| {
        drafts.set(BTreeMap::new());
        generation.update(|g| *g += 1);
    });
    let tables = Memo::new(move |_| store.table_entries.with(grid::card_tables));
    let whole = move || {
        tables.with(|t| t.iter().fold((0, 0, false), |(d, n, a), (_, p)| (d + p.done, n + p.total, a || p.at_least)))
    };
    let whole_words = move || {
        let (done, total, at_least) = whole();
        Progress { done, total, at_least }.words()
    };
    let current = id.clone();
    let next = {
        let id = id.clone();
        move || {
            tables.with(|t| {
                let here = t.iter().position(|(i, _)| i.id == id);
                here.and_then(|h| t.get(h + 1)).map(|(i, p)| (i.id, i.name, *p))
            })
        }
    };
    let body = {
        let id = id.clone();
        move || {
            generation.get();
            if id == "10" {
                view! { <Table10Entry drafts=drafts/> }.into_any()
            } else {
                view! { <TableEntry id=id.clone() drafts=drafts/> }.into_any()
            }
        }
    };
    view! {
        <section class="screen tables card-entry" aria-labelledby="card-title">
            <div class="row back">
                <a href="/tables" class="button">"‹ All tables"</a>
            </div>
            <h1 id="card-title">"Enter your Tables Card"</h1>
            <p class="subtitle">"Once, before the game, from your printed card: what the rulebook text gives is filled in and marked; type the rest. Each cell is checked and saved as you type."</p>
            <p class="progress-line" role="status" aria-label="Progress on the whole card">
                <strong>{whole_words}</strong>" on the whole card"
            </p>
            {legend()}
            {body}
            {move || next().map(|(id, name, p)| view! {
                <div class="row">
                    <a class="button primary big" href=format!("/tables?card={id}")>
                        {format!("Next: {name} ({})", p.words())}
                    </a>
                </div>
            })}
            <h2>"Every table to enter"</h2>
            <nav class="card-tables" aria-label="Tables to enter">
                {move || tables.get().into_iter().map(|(info, p)| {
                    let here = info.id == current;
                    let mark = if p.complete() { " ✓" } else { "" };
                    view! {
                        <a
                            class="button"
                            class:primary=here
                            aria-current=if here { "page" } else { "false" }
                            href=format!("/tables?card={}", info.id)
                        >
                            <span class="table-name">{format!("{}{mark}", info.name)}</span>
                            <span class="table-progress">{p.words()}</span>
                        </a>
                    }
                }).collect_view()}
            </nav>
            <p class="muted">"The values entered here are the table set below: share it once and every other phone has the same card in one step."</p>
            <TableSet on_imported=imported/>
        </section>
    }
    .into_any()
}

/// Table 10: the number of rows (its range said first), the rows the text does not name,
/// then the kills grid in the card's layout.
#[component]
fn Table10Entry(drafts: Drafts) -> impl IntoView {
    let store = use_store();
    let start = store.table_entries.with_untracked(grid::table_10_grid);
    let progress = move || store.table_entries.with(grid::table_10_progress);
    let count = Memo::new(move |_| store.table_entries.with(grid::row_count));
    // The grid is built again only when its rows change, so typing keeps the focus.
    let rows = Memo::new(move |_| {
        store
            .table_entries
            .with(|o| grid::table_10_grid(o).kills.rows.iter().map(|r| r.label.clone()).collect::<Vec<_>>())
    });
    let problem = move || store.table_entries.with(|o| grid::table_10_grid(o).problem);
    let count_range = grid::range_words(grid::ROW_COUNT);
    let count_cell = start.row_count.clone();
    let count_name = format!("Strength rows on your card ({count_range})");
    let others = move || {
        count.get().map(|_| {
            let g = store.table_entries.with_untracked(grid::table_10_grid);
            let n = g.other_rows.len();
            (n > 0).then(|| {
                let legend = format!(
                    "The {n} row{} the text does not name: each strength as printed, in any order ({})",
                    if n == 1 { "" } else { "s" },
                    grid::range_words(grid::OTHER_ROW)
                );
                view! {
                    <fieldset class="other-rows">
                        <legend>{legend}</legend>
                        <div class="other-row-inputs">
                            {g.other_rows.into_iter().map(|i| view! {
                                <label class="field small">
                                    <span>{i.name.clone()}</span>
                                    {cell_input(i, drafts)}
                                </label>
                            }).collect_view()}
                        </div>
                        {problems(drafts, |c| c.row == "row list" && c.column.starts_with("other row"))}
                    </fieldset>
                }
            })
        })
    };
    let kills = move || {
        rows.get();
        let g = store.table_entries.with_untracked(grid::table_10_grid);
        grid_view(g.kills, drafts)
    };
    view! {
        <h2>"Table 10: Combat Results"</h2>
        <p class="progress-line" role="status" aria-label="Progress on Table 10">
            "Table 10: "<strong>{move || progress().words()}</strong>
        </p>
        <p>"Every fire and melee reads it. The text names five rows: 100+ and 80 (printed), 30 (rule 4.2.4), 6 and 4 (rule 4.2.2: 6 directly above 4). Say how many rows your card prints, then the strengths of the others; each falls into its place."</p>
        <label class="field">
            <span>{count_name.clone()}</span>
            {cell_input(InputCell { name: count_name, ..count_cell }, drafts)}
        </label>
        {problems(drafts, |c| c.row == "row list" && c.column == "number of rows")}
        {others}
        {move || problem().map(|p| view! { <p class="banner warning" role="status">{p}</p> })}
        {kills}
        <p class="muted">"A dash on the card (no kills): type - or 0. Roll 2: out of ammunition; roll 12: unexpected devastation (Table 10 notes)."</p>
    }
    .into_any()
}

/// Any other table with cells to enter, in its card layout.
#[component]
fn TableEntry(id: String, drafts: Drafts) -> impl IntoView {
    let store = use_store();
    let table_id = StoredValue::new(id.clone());
    let progress =
        move || store.table_entries.with(|o| table_id.with_value(|id| grid::table_grid(id, o)).map(|g| g.progress));
    // Built again only when its cells change (a gun added to Table 13), so typing keeps the focus.
    let shape_id = id.clone();
    let shape = Memo::new(move |_| {
        store.table_entries.with(|o| {
            grid::table_grid(&shape_id, o).map(|g| {
                g.grids.iter().flat_map(|g| g.rows.iter()).map(|r| (r.label.clone(), r.cells.len())).collect::<Vec<_>>()
            })
        })
    });
    let body = move || {
        shape.get();
        let Some(t) = store.table_entries.with_untracked(|o| grid::table_grid(&id, o)) else {
            return view! { <p>"Nothing of this table is missing from the text."</p> }.into_any();
        };
        let title = format!("{}: {}", t.info.name, t.info.title);
        let name = t.info.name;
        view! {
            <h2>{title}</h2>
            <p class="progress-line" role="status" aria-label=format!("Progress on {name}")>
                {format!("{name}: ")}<strong>{move || progress().map(|p| p.words()).unwrap_or_default()}</strong>
            </p>
            {t.grids.into_iter().map(|g| grid_view(g, drafts)).collect_view()}
        }
        .into_any()
    };
    view! { {body} }.into_any()
}

/// The refusals of the cells `which` picks, said on the screen beside their grid.
fn problems(drafts: Drafts, which: impl Fn(&CellRef) -> bool + Send + Sync + 'static) -> impl IntoView {
    move || {
        let list: Vec<String> =
            drafts.with(|d| d.iter().filter(|(c, _)| which(c)).filter_map(|(_, (_, why))| why.clone()).collect());
        (!list.is_empty()).then(|| {
            view! { <ul class="cell-problems" role="alert">{list.into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}</ul> }
        })
    }
}

/// One grid in the card's layout: a box that scrolls sideways on a phone, the row headings
/// staying in view, with a cue while columns are hidden.
fn grid_view(g: Grid, drafts: Drafts) -> AnyView {
    let region = g.heading.clone();
    let mine: std::collections::BTreeSet<CellRef> = g
        .rows
        .iter()
        .flat_map(|r| r.cells.iter())
        .filter_map(|c| match c {
            GridCell::Input(i) => Some(i.cell.clone()),
            GridCell::Fixed { .. } => None,
        })
        .collect();
    let wide = g.columns.len() > 4;
    let cue = wide.then(|| {
        let last = g.columns.last().cloned().unwrap_or_default();
        view! { <p class="scroll-cue" aria-hidden="true">{format!("Scroll sideways for every column, to {last} →")}</p> }
    });
    view! {
        <h3>{g.heading}</h3>
        {problems(drafts, move |c| mine.contains(c))}
        {cue}
        <div class="table-scroll" role="region" aria-label=region tabindex="0">
            <table class="card-table card-grid">
                {super::table_head(g.corner, g.columns)}
                <tbody>
                    {g.rows.into_iter().map(|r| {
                        let head = match &r.label_provenance {
                            Some(p) if *p != Provenance::Entered => format!(" ({})", p.words()),
                            _ => String::new(),
                        };
                        let mark = r.label_provenance.as_ref().filter(|p| **p != Provenance::Entered).map(|p| p.mark());
                        view! {
                            <tr>
                                <th scope="row">
                                    {r.label}
                                    {mark.map(|m| view! { <span class="mark" aria-hidden="true">{format!(" {m}")}</span> })}
                                    <span class="visually-hidden">{head}</span>
                                </th>
                                {r.cells.into_iter().map(|c| view! { <td>{cell_view(c, drafts)}</td> }).collect_view()}
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
    .into_any()
}

fn cell_view(c: GridCell, drafts: Drafts) -> AnyView {
    match c {
        GridCell::Fixed { text, provenance } => {
            let class = format!("cell {}", provenance.class());
            let words = provenance.words();
            view! {
                <span class=class>
                    <span class="value">{text}</span>
                    <span class="mark" aria-hidden="true">{provenance.mark()}</span>
                    <span class="visually-hidden">{format!(", {words}")}</span>
                </span>
            }
            .into_any()
        }
        GridCell::Input(i) => cell_input(i, drafts),
    }
}

/// A cell typed from the card: the keypad its values need, checked at each keystroke; a
/// refused value stays as typed, marked, with the reason said beside the grid.
fn cell_input(i: InputCell, drafts: Drafts) -> AnyView {
    let store = use_store();
    let (mode, pattern) = grid::keypad(i.kind);
    let cell = StoredValue::new(i.cell.clone());
    let kind = i.kind;
    let name = i.name.clone();
    let shown = move || {
        let cell = cell.get_value();
        drafts
            .with(|d| d.get(&cell).map(|(t, _)| t.clone()))
            .unwrap_or_else(|| store.table_entries.with(|o| entry::entry_text(o, &cell, kind)))
    };
    let invalid = move || drafts.with(|d| cell.with_value(|c| d.get(c).is_some_and(|(_, why)| why.is_some())));
    let on_input = {
        let name = name.clone();
        move |ev: leptos::ev::Event| {
            let text = event_target_value(&ev);
            let c = cell.get_value();
            let result = store.table_entries.with_untracked(|o| grid::typed(o, &c, kind, &text));
            let why = match result {
                Ok(changes) => {
                    store.edit_table_entries(|o| entry::apply(o, changes));
                    None
                }
                Err(why) => Some(format!("{name}: {why}")),
            };
            drafts.update(|d| {
                d.insert(c, (text, why));
            });
        }
    };
    view! {
        <input
            class="cell-input"
            class:invalid=invalid
            class:done=move || !shown().is_empty()
            type="text"
            inputmode=mode
            pattern=pattern
            enterkeyhint="next"
            autocomplete="off"
            autocapitalize="off"
            spellcheck="false"
            aria-label=name
            aria-invalid=move || if invalid() { "true" } else { "false" }
            prop:value=shown
            on:input=on_input
            on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                if ev.key() == "Enter" {
                    ev.prevent_default();
                    focus_next(&ev);
                }
            }
        />
    }
    .into_any()
}

/// Moves to the next cell to type, in reading order (Enter, or the keypad's Next).
fn focus_next(ev: &leptos::ev::KeyboardEvent) {
    use wasm_bindgen::JsCast;
    let Some(here) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
    let Some(list) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector_all(".card-entry input.cell-input").ok())
    else {
        return;
    };
    let found = (0..list.length()).find(|k| list.item(*k).is_some_and(|n| n.is_same_node(Some(here.as_ref()))));
    if let Some(next) = found.and_then(|k| list.item(k + 1)).and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = next.focus();
    }
}
