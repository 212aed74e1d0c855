//! Tables area: every table of the rules with where each value comes from, and the players'
//! Tables Card entries for what the transcription lacks.
//!
//! `/tables` lists the tables; `/tables?t=10` shows one; `/tables?card=10` is the guided
//! entry of the whole Tables Card ([`card`]). What is shown is built by [`model`] and
//! [`grid`]; typing and table set files are read by [`entry`]; the views only render them
//! and call the store.

mod card;
pub mod entry;
pub mod grid;
pub mod model;

use crate::shell::browser;
use crate::shell::router::use_query_map;
use crate::systems::johnny_reb::store::use_store;
use johnny_reb::rules::CellRef;
use leptos::prelude::*;
use model::{Provenance, Section, Shown, TABLES, TableView};

/// The Tables area.
#[component]
pub fn TablesScreen() -> impl IntoView {
    let query = use_query_map();
    let chosen = move || query.with(|q| q.get("t")).filter(|id| model::table_info(id).is_some());
    let card = move || query.with(|q| q.get("card"));
    move || match (card(), chosen()) {
        (Some(id), _) => view! { <card::CardScreen id=id/> }.into_any(),
        (None, Some(id)) => view! { <OneTable id=id/> }.into_any(),
        (None, None) => view! { <TableList/> }.into_any(),
    }
}

fn legend() -> impl IntoView {
    view! {
        <p class="legend">
            <span class="cell printed"><span class="mark">"P"</span></span>" printed "
            <span class="cell rule"><span class="mark">"§"</span></span>" rule text (its number) "
            <span class="cell missing"><span class="mark">"?"</span></span>" missing: enter it from your card "
            <span class="cell entered"><span class="mark">"✎"</span></span>" entered by players"
        </p>
    }
}

#[component]
fn TableList() -> impl IntoView {
    let store = use_store();
    let missing =
        move |id: &str| store.table_entries.with(|o| model::table_view(id, o).map_or(0, |v| v.missing_count()));
    let card = move || store.table_entries.with(grid::card_progress);

    view! {
        <section class="screen tables" aria-labelledby="tables-title">
            <h1 id="tables-title">"Tables"</h1>
            <p class="subtitle">"Every table of the rules, with where each value comes from. Values the transcription lacks are entered once from your printed Tables Card."</p>
            <div class="row">
                <a class="button primary big" href="/tables?card=10">
                    {move || format!("Enter your Tables Card ({})", card().words())}
                </a>
            </div>
            {legend()}
            <ul class="table-list">
                {TABLES
                    .iter()
                    .map(|t| {
                        let id = t.id;
                        let href = format!("/tables?t={id}");
                        view! {
                            <li>
                                <a href=href class="table-link">
                                    <span class="table-name">{t.name}</span>
                                    <span class="table-title">{t.title}</span>
                                    {move || {
                                        let n = missing(id);
                                        (n > 0).then(|| view! { <span class="to-enter">{format!("? {n} to enter")}</span> })
                                    }}
                                </a>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
            <TableSet/>
        </section>
    }
    .into_any()
}

/// The players' entries shared as a table set: a file exported and imported, or text copied
/// and pasted, so one player's entry of the card serves the whole group. `on_imported` runs
/// after a set is taken in.
#[component]
fn TableSet(#[prop(optional)] on_imported: Option<Callback<()>>) -> impl IntoView {
    let store = use_store();
    let status: RwSignal<Option<(bool, String)>> = RwSignal::new(None);
    let entered = move || store.table_entries.with(|o| o.len());
    let imported = move || {
        if let Some(f) = on_imported {
            f.run(());
        }
    };

    let export = move |_| {
        let text = store.table_entries.with_untracked(entry::encode_table_set);
        match browser::download(&browser::dated_filename("johnny-reb-table-set"), &text, "application/json") {
            Ok(()) => status.set(Some((false, format!("Exported {} as a table set.", entries(entered()))))),
            Err(e) => status.set(Some((true, format!("Export failed: {e}")))),
        }
    };
    let import = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let chosen = input.clone();
        browser::read_chosen_file(&input, entry::MAX_TABLE_SET_BYTES, move |read| {
            let result = read.and_then(|(name, text)| store.import_table_set(&text).map(|n| (name, n)));
            match result {
                Ok((name, n)) => {
                    imported();
                    status.set(Some((false, format!("Imported {} from \"{name}\".", entries(n)))));
                }
                Err(why) => status.set(Some((true, format!("Nothing was imported. {why}")))),
            }
            // The same file may be chosen again.
            chosen.set_value("");
        });
    };

    let copy = move |_| {
        let text = store.table_entries.with_untracked(entry::encode_table_set);
        let n = entered();
        crate::widgets::paste::copy_text(&text, move |r| match r {
            Ok(()) => status.set(Some((
                false,
                format!(
                    "Copied {} as text: paste it into a message, or into “Paste a table set” on the other phone.",
                    entries(n)
                ),
            ))),
            Err(why) => status.set(Some((true, why))),
        });
    };
    let paste = move |text: Result<String, String>| match text.and_then(|t| store.import_table_set(&t)) {
        Ok(n) => {
            imported();
            status.set(Some((false, format!("Imported {} from the pasted text.", entries(n)))));
            true
        }
        Err(why) => {
            status.set(Some((true, format!("Nothing was imported. {why}"))));
            false
        }
    };

    view! {
        <h2 id="table-set">"Table set"</h2>
        <p class="muted">
            {move || format!("{} values entered on this device. Share them as a table set file so one player's entry serves the whole group.", entered())}
        </p>
        <div class="row">
            <button class="button" on:click=export>"Export the table set"</button>
            <label class="button" for="table-set-file">"Import a table set"</label>
            <input
                id="table-set-file"
                class="file-input"
                type="file"
                accept=".json,application/json"
                on:change=import
            />
            <button class="button" on:click=copy>"Copy the table set as text"</button>
        </div>
        <crate::widgets::paste::PasteBox
            label="Paste a table set"
            button="Import the pasted table set"
            max_bytes=entry::MAX_TABLE_SET_BYTES
            on_paste=Callback::new(paste)
        />
        {move || status.get().map(outcome_banner)}
    }
    .into_any()
}

#[component]
fn OneTable(id: String) -> impl IntoView {
    let store = use_store();
    let table_id = id.clone();
    let guns = id == "13";
    let table = Memo::new(move |_| store.table_entries.with(|o| model::table_view(&table_id, o)));
    let selected: RwSignal<Option<CellRef>> = RwSignal::new(None);
    let draft = RwSignal::new(String::new());
    let message: RwSignal<Option<(bool, String)>> = RwSignal::new(None);
    let input_ref = NodeRef::<leptos::html::Input>::new();

    let focus_input = move || {
        request_animation_frame(move || {
            if let Some(input) = input_ref.get_untracked() {
                let _ = input.focus();
                input.select();
            }
            reveal("button.cell.editing");
        })
    };
    let choose = move |cell: CellRef| {
        let text = store.table_entries.with_untracked(|o| {
            table
                .with_untracked(|t| {
                    t.as_ref().and_then(|t| t.find(&cell)).and_then(|s| s.entry.as_ref().map(|(_, k)| *k))
                })
                .map(|k| entry::entry_text(o, &cell, k))
                .unwrap_or_default()
        });
        draft.set(text);
        message.set(None);
        selected.set(Some(cell));
        focus_input();
    };
    let current =
        move || selected.get().and_then(|cell| table.with(|t| t.as_ref().and_then(|t| t.find(&cell).cloned())));
    let save_next = move || {
        let Some(shown) = current() else { return };
        let Some((cell, kind)) = shown.entry.clone() else { return };
        match store.enter_table_value(&cell, kind, &draft.get_untracked()) {
            Err(why) => message.set(Some((true, format!("Not saved: {why}")))),
            Ok(()) => {
                let next = table.with_untracked(|t| t.as_ref().and_then(|t| t.next_missing(&cell)));
                match next {
                    Some(next) => {
                        choose(next);
                        message.set(Some((false, format!("Saved {}.", shown.name))));
                    }
                    None => {
                        selected.set(None);
                        message.set(Some((
                            false,
                            format!("Saved {}. Nothing else is missing in this table.", shown.name),
                        )));
                    }
                }
            }
        }
    };
    let reset = move || {
        let Some(shown) = current() else { return };
        let Some((cell, kind)) = shown.entry.clone() else { return };
        store.reset_table_value(&cell, kind);
        draft.set(String::new());
        message.set(Some((false, format!("Reset {}: the shipped value, or the gap, is back.", shown.name))));
        focus_input();
    };

    let message_view = move || message.get().map(outcome_banner);
    let editor = move || {
        current().map(|shown| {
            let (cell, kind) = shown.entry.clone().unwrap_or((CellRef::new("", "", ""), model::EntryKind::Number { na: true }));
            let has_entry = store.table_entries.with(|o| entry::has_entry(o, &cell, kind));
            let shipped = model::table_view(&id_for_editor(&cell), &johnny_reb::rules::Overrides::new())
                .and_then(|t| t.find(&cell).cloned());
            let shipped_text = match shipped {
                Some(s) if !s.is_missing() => format!("Shipped: {} ({}).", s.text, s.provenance.words()),
                _ => "Missing from the transcription.".to_string(),
            };
            view! {
                <section class="editor" aria-label="Tables Card entry">
                    <p class="editor-cell">
                        <strong>{shown.name.clone()}</strong>
                        " "
                        <span class="muted">{shipped_text}{has_entry.then(|| format!(" Entered: {}.", shown.text))}</span>
                    </p>
                    <label class="editor-label" for="table-entry">"Value from your card"</label>
                    <div class="editor-line">
                        <input
                            id="table-entry"
                            class="editor-input"
                            type="text"
                            inputmode=kind.input_mode()
                            enterkeyhint="next"
                            autocomplete="off"
                            autocapitalize="off"
                            spellcheck="false"
                            node_ref=input_ref
                            prop:value=move || draft.get()
                            on:input=move |ev| draft.set(event_target_value(&ev))
                            on:keydown=move |ev: leptos::ev::KeyboardEvent| {
                                if ev.key() == "Enter" {
                                    ev.prevent_default();
                                    save_next();
                                }
                            }
                        />
                        <button class="button primary" on:click=move |_| save_next()>"Save and next"</button>
                    </div>
                    <p class="muted hint">{kind.hint()}</p>
                    {message_view}
                    <div class="row">
                        {has_entry.then(|| view! { <button class="button" on:click=move |_| reset()>"Reset"</button> })}
                        <button class="button" on:click=move |_| {
                            selected.set(None);
                            message.set(None);
                        }>"Close"</button>
                    </div>
                </section>
            }
        })
    };

    let body = move || {
        table.get().map(|t: TableView| {
            let title = format!("{}: {}", t.info.name, t.info.title);
            let missing = t.missing_count();
            let first_missing = t.entries().into_iter().find(|c| c.is_missing()).and_then(|c| c.entry.clone()).map(|(c, _)| c);
            view! {
                <h1 id="table-title">{title}</h1>
                <p class="muted">{format!("From the rules: {}.", t.info.rules)}</p>
                {legend()}
                {first_missing.map(|cell| view! {
                    <div class="row">
                        <button class="button primary" on:click=move |_| choose(cell.clone())>
                            {format!("Enter the {missing} missing values")}
                        </button>
                    </div>
                })}
                {t.warnings.iter().map(|w| view! { <p class="banner warning" role="status">{w.clone()}</p> }).collect_view()}
                {t.sections.into_iter().map(|s| section_view(s, choose, selected)).collect_view()}
                {(!t.notes.is_empty()).then(|| view! {
                    <h2>"Notes"</h2>
                    <ul class="table-notes">{t.notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
                })}
            }
        })
    };

    view! {
        <section class="screen tables" class:editing=move || selected.get().is_some() aria-labelledby="table-title">
            <div class="row back">
                <a href="/tables" class="button">"‹ All tables"</a>
            </div>
            {move || selected.get().is_none().then(message_view)}
            {editor}
            {body}
            {guns.then(|| view! { <AddGun/> })}
        </section>
    }
}

/// A gun the transcription lacks, added by name with its canister value from the card; its
/// other cells are then listed as missing, to enter as any other (4.3.1, Table 13).
#[component]
fn AddGun() -> impl IntoView {
    let store = use_store();
    let name = RwSignal::new(String::new());
    let value = RwSignal::new(String::new());
    let message: RwSignal<Option<(bool, String)>> = RwSignal::new(None);
    let column = format!("Canister 0-{}\"", johnny_reb::rules::tables::t13_artillery::CANISTER_RANGE);
    let label = format!("{column} strength");
    let add = {
        let column = column.clone();
        move || {
            let gun = name.get_untracked().trim().to_string();
            if let Err(why) = johnny_reb::state::roster::check_name(&gun) {
                message.set(Some((true, format!("Not added: the gun's name: {why}."))));
                return;
            }
            let cell = CellRef::new("Table 13", gun.clone(), column.clone());
            match store.enter_table_value(&cell, model::EntryKind::Number { na: true }, &value.get_untracked()) {
                Ok(()) => {
                    message.set(Some((
                        false,
                        format!("Added {gun}: enter its other values from your card in the grid above."),
                    )));
                    name.set(String::new());
                    value.set(String::new());
                }
                Err(why) => message.set(Some((true, format!("Not added: {why}")))),
            }
        }
    };
    view! {
        <h2>"A gun not listed"</h2>
        <form class="add-named" aria-label="Add a gun" on:submit=move |ev| {
            ev.prevent_default();
            add();
        }>
            <label class="field">
                <span>"Gun, as your card names it"</span>
                <input autocomplete="off" prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev))/>
            </label>
            <label class="field">
                <span>{label}</span>
                <input inputmode="decimal" autocomplete="off" prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev))/>
            </label>
            <button class="button" type="submit">"Add the gun"</button>
        </form>
        {move || message.get().map(outcome_banner)}
    }
    .into_any()
}

fn entries(n: usize) -> String {
    if n == 1 { "1 entry".into() } else { format!("{n} entries") }
}

/// The screen id of the table a cell belongs to.
fn id_for_editor(cell: &CellRef) -> String {
    TABLES.iter().find(|t| t.name == cell.table).map(|t| t.id.to_string()).unwrap_or_default()
}

/// Scrolls the first element matching `selector` to the middle of the screen, clear of the
/// entry panel.
fn reveal(selector: &str) {
    use wasm_bindgen::JsCast;
    let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector(selector).ok().flatten())
    else {
        return;
    };
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"block".into(), &"center".into());
    let _ = js_sys::Reflect::set(&options, &"inline".into(), &"center".into());
    if let Ok(f) = js_sys::Reflect::get(&el, &"scrollIntoView".into()).and_then(|f| f.dyn_into::<js_sys::Function>()) {
        let _ = f.call1(&el, &options);
    }
}

fn cell_view(c: Shown, choose: impl Fn(CellRef) + Copy + 'static, selected: RwSignal<Option<CellRef>>) -> AnyView {
    let class = format!("cell {}", c.provenance.class());
    // A gap shows its "?" once, as the value.
    let mark = if c.is_missing() { String::new() } else { c.provenance.mark() };
    match c.entry.clone() {
        Some((cell, _)) => {
            let label = format!("{}: {}, {}", c.name, c.text, c.provenance.words());
            let this = cell.clone();
            let editing = move || selected.with(|s| s.as_ref() == Some(&this));
            view! {
                <button
                    class=class
                    class:editing=editing.clone()
                    aria-pressed=move || if editing() { "true" } else { "false" }
                    aria-label=label
                    on:click=move |_| choose(cell.clone())
                >
                    <span class="value">{c.text}</span>
                    <span class="mark" aria-hidden="true">{mark}</span>
                </button>
            }
            .into_any()
        }
        None => {
            let words = c.provenance.words();
            view! {
                <span class=class>
                    <span class="value">{c.text}</span>
                    <span class="mark" aria-hidden="true">{mark}</span>
                    <span class="visually-hidden">{format!(", {words}")}</span>
                </span>
            }
            .into_any()
        }
    }
}

fn section_view(
    s: Section,
    choose: impl Fn(CellRef) + Copy + 'static,
    selected: RwSignal<Option<CellRef>>,
) -> impl IntoView {
    let heading = s.heading.clone();
    if s.prose {
        return view! {
            <h2>{s.heading}</h2>
            <dl class="prose-table">
                {s.rows.into_iter().map(|r| {
                    let cells = r.cells.into_iter().map(|c| {
                        let words = match &c.provenance {
                            Provenance::RuleText(rule) => format!("rule text {rule}"),
                            p => p.words(),
                        };
                        let class = format!("prose-cell {}", c.provenance.class());
                        view! {
                            <dd class=class>
                                {c.text}
                                " "
                                <span class="source">{format!("({words})")}</span>
                            </dd>
                        }
                    }).collect_view();
                    view! { <dt>{r.label}</dt>{cells} }
                }).collect_view()}
            </dl>
        }
        .into_any();
    }
    view! {
        <h2>{s.heading}</h2>
        <div class="table-scroll" role="region" aria-label=heading tabindex="0">
            <table class="card-table">
                {table_head(s.corner, s.columns)}
                <tbody>
                    {s.rows.into_iter().map(|r| view! {
                        <tr>
                            <th scope="row">{r.label}</th>
                            {r.cells.into_iter().map(|c| view! { <td>{cell_view(c, choose, selected)}</td> }).collect_view()}
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
    .into_any()
}

/// What an entry, an import or an added gun did, `(error, words)`: an error is an alert,
/// anything else a status.
fn outcome_banner((error, text): (bool, String)) -> AnyView {
    if error {
        view! { <p class="banner error" role="alert">{text}</p> }.into_any()
    } else {
        view! { <p class="banner info" role="status">{text}</p> }.into_any()
    }
}

/// A table's head row: the corner's words, then each column's.
pub(super) fn table_head(corner: String, columns: Vec<String>) -> impl IntoView {
    view! {
        <thead>
            <tr>
                <th scope="col">{corner}</th>
                {columns.into_iter().map(|c| view! { <th scope="col">{c}</th> }).collect_view()}
            </tr>
        </thead>
    }
}
