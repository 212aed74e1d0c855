//! The Tables area: the one "dice roll plus modifiers" schema (table.rs) filled from the
//! players' own charts (GAPS: the rulebook prints almost none), each value marked with where it
//! comes from; the whole set passed as a file or as text copied and pasted, validated on the
//! way in with a clear message. The worked examples are never a source for a table.
//!
//! `/tables` lists them; `/tables?t=combat` edits one; `/tables?t=thresholds` and
//! `/tables?t=additive` the two charts that are not rolled on.

mod charts;
mod edit;

use super::model::tables as model;
use super::store::{Untracked, use_store};
use crate::shell::browser;
use crate::shell::router::use_query_map;
use leptos::prelude::*;
use line_of_battle::edit::EditCommand;
use line_of_battle::game::Command;
use line_of_battle::tables::Charts;

/// The Tables area.
#[component]
pub fn TablesScreen() -> impl IntoView {
    let query = use_query_map();
    move || match query.with(|q| q.get("t")) {
        Some(k) if k == "thresholds" => view! { <charts::Thresholds/> }.into_any(),
        Some(k) if k == "additive" => view! { <charts::Additive/> }.into_any(),
        Some(k) => view! { <edit::TableEditor key=k/> }.into_any(),
        None => view! { <TableList/> }.into_any(),
    }
}

#[component]
fn TableList() -> impl IntoView {
    let store = use_store();
    let tables = move || {
        store.with(|g| {
            g.tables
                .tables
                .iter()
                .map(|t| (t.key.clone(), t.name.clone(), t.rule.clone(), model::progress(t)))
                .collect::<Vec<_>>()
        })
    };
    let thresholds = move || store.with(|g| g.thresholds.rows.len());
    let additive = move || store.with(|g| g.morale_chart.entries.len());
    view! {
        <section class="screen tables lob-tables" aria-labelledby="tables-title">
            <h1 id="tables-title">"Tables"</h1>
            <p class="subtitle">"Your charts, entered once: every roll in the app is read from them. The rulebook prints almost none (9.0, 10.1, 13.3c), so nothing here is guessed."</p>
            <p class="legend">"✎ entered by you · § stated in the rule text · ? not entered yet"</p>
            <ul class="table-list">
                {move || tables()
                    .into_iter()
                    .map(|(key, name, rule, progress)| view! {
                        <li>
                            <a class="table-link" href=format!("/tables?t={key}")>
                                <span class="table-name">{name}</span>
                                <span class="table-title">{format!("({rule}) {progress}")}</span>
                            </a>
                        </li>
                    })
                    .collect_view()}
                <li>
                    <a class="table-link" href="/tables?t=thresholds">
                        <span class="table-name">"Threshold Values Chart"</span>
                        <span class="table-title">{move || counted("(9.3)", thresholds(), "row")}</span>
                    </a>
                </li>
                <li>
                    <a class="table-link" href="/tables?t=additive">
                        <span class="table-name">"Additive Morale Chart"</span>
                        <span class="table-title">{move || counted("(10.2)", additive(), "pair")}</span>
                    </a>
                </li>
            </ul>
            <TablesFile/>
        </section>
    }
    .into_any()
}

/// "(9.3) 1 row", "(9.3) 4 rows".
fn counted(rule: &str, n: usize, what: &str) -> String {
    format!("{rule} {n} {what}{}", if n == 1 { "" } else { "s" })
}

/// The tables passed between devices: a file exported and imported, or text copied and
/// pasted (the same text), each checked before anything changes.
#[component]
fn TablesFile() -> impl IntoView {
    let store = use_store();
    let status: RwSignal<Option<(bool, String)>> = RwSignal::new(None);
    // The charts in the file go through the game's own checks with the tables, all or nothing.
    let take = move |text: &str| -> Result<String, String> {
        let charts = Charts::import(text).map_err(|e| format!("Nothing was imported: {e}."))?;
        let n = charts.set.tables.len();
        let what = match (charts.thresholds.is_some(), charts.additive.is_some()) {
            (true, true) => format!("{n} tables and the two charts"),
            (true, false) => format!("{n} tables and the Threshold Values Chart"),
            (false, true) => format!("{n} tables and the Additive Morale Chart"),
            (false, false) => format!("{n} tables"),
        };
        let mut commands = charts.set.tables.into_iter().map(Command::PutTable).collect::<Vec<_>>();
        if let Some(chart) = charts.thresholds {
            commands.push(Command::Edit(Box::new(EditCommand::Thresholds(chart))));
        }
        if let Some(chart) = charts.additive {
            commands.push(Command::Edit(Box::new(EditCommand::MoraleChart(chart))));
        }
        store.dispatch_all(commands).map_err(|e| format!("Nothing was imported: {e}."))?;
        Ok(what)
    };
    let file_text = move || {
        store.with_untracked(|g| {
            Charts {
                set: g.tables.clone(),
                thresholds: Some(g.thresholds.clone()),
                additive: Some(g.morale_chart.clone()),
            }
            .export()
        })
    };
    let export = move |_| {
        let text = file_text();
        match browser::download(&browser::dated_filename("line-of-battle-tables"), &text, "application/json") {
            Ok(()) => status.set(Some((false, "Exported the tables as a file.".into()))),
            Err(e) => status.set(Some((true, format!("Export failed: {e}")))),
        }
    };
    let import = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let chosen = input.clone();
        browser::read_chosen_file(&input, companion_core::exchange::MAX_FILE_BYTES, move |read| {
            match read.and_then(|(name, text)| take(&text).map(|n| (name, n))) {
                Ok((name, n)) => status.set(Some((false, format!("Imported {n} from \"{name}\".")))),
                Err(why) => status.set(Some((true, why))),
            }
            chosen.set_value("");
        });
    };
    let copy = move |_| {
        let text = file_text();
        crate::widgets::paste::copy_text(&text, move |r| match r {
            Ok(()) => status.set(Some((false, "Copied the tables as text: paste them on the other device.".into()))),
            Err(why) => status.set(Some((true, why))),
        });
    };
    let paste = move |text: Result<String, String>| match text.and_then(|t| take(&t)) {
        Ok(n) => {
            status.set(Some((false, format!("Imported {n} from the pasted text."))));
            true
        }
        Err(why) => {
            status.set(Some((true, why)));
            false
        }
    };
    view! {
        <h2>"Pass the tables on"</h2>
        <div class="row">
            <button class="button" on:click=export>"Export the tables"</button>
            <label class="button" for="lob-tables-file">"Import tables"</label>
            <input id="lob-tables-file" class="file-input" type="file" accept=".json,application/json" on:change=import/>
            <button class="button" on:click=copy>"Copy the tables as text"</button>
        </div>
        <crate::widgets::paste::PasteBox
            label="Paste tables"
            button="Import the pasted tables"
            max_bytes=companion_core::exchange::MAX_FILE_BYTES
            on_paste=Callback::new(paste)
        />
        {move || status.get().map(|(error, text)| {
            if error {
                view! { <p class="banner error" role="alert">{text}</p> }.into_any()
            } else {
                view! { <p class="banner info" role="status">{text}</p> }.into_any()
            }
        })}
    }
    .into_any()
}
