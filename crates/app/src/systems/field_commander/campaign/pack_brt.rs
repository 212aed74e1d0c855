//! A campaign's Battle Resolution Table entered as one grid in the sheet's layout (part two):
//! the column headings as printed ("-10 or less", "-4 to -6", "0", "+10"), then for each d10
//! roll each column's cell ("A: 2 D: 1", or 2/1; "-" for no Hit), each cell checked as it is
//! typed, with the progress ("37 of 90 cells").

use super::common::Problem;
use super::pack_map::{campaign_at, put};
use crate::shell::router::use_query_map;
use crate::systems::field_commander::store::use_store;
use field_commander::pack::form::{brt_cell_words, parse_brt_cell, parse_column};
use field_commander::pack::{BrtColumn, Given};
use leptos::prelude::*;

/// The grid screen.
#[component]
pub fn BrtScreen() -> impl IntoView {
    let store = use_store();
    let c: usize = use_query_map().get_untracked().get("c").and_then(|v| v.parse().ok()).unwrap_or(0);
    let problem = RwSignal::new(None::<String>);
    let def = campaign_at(store, c);
    let name = def.as_ref().map(|d| d.name.clone()).unwrap_or_else(|| "No such campaign".into());
    let start = def.map(|d| d.brt.columns).unwrap_or_default();
    let headings: Vec<RwSignal<String>> = start.iter().map(|col| RwSignal::new(col.label())).collect();
    let cells: Vec<Vec<RwSignal<String>>> = start
        .iter()
        .map(|col| {
            (0..10)
                .map(|r| {
                    RwSignal::new(col.cells.get(r).and_then(|g| g.value()).map(brt_cell_words).unwrap_or_default())
                })
                .collect()
        })
        .collect();
    let columns = StoredValue::new(start);
    let headings = StoredValue::new(headings);
    let cells = StoredValue::new(cells);
    let filled = move || cells.with_value(|cols| cols.iter().flatten().filter(|s| !s.get().trim().is_empty()).count());
    let total = move || cells.with_value(|cols| cols.len() * 10);
    let save = move |_| {
        let n = headings.with_value(|h| h.len());
        let mut out = Vec::new();
        let mut problems = Vec::new();
        for i in 0..n {
            let text = headings.with_value(|h| h.get(i).map(|s| s.get_untracked()).unwrap_or_default());
            let (low, high) = match parse_column(&text, i == 0, i + 1 == n) {
                Ok(b) => b,
                Err(e) => {
                    problems.push(format!("Column {}: {e}", i + 1));
                    (None, None)
                }
            };
            let old = columns.with_value(|c| c.get(i).cloned());
            let mut col_cells = Vec::new();
            for r in 0..10 {
                let t = cells
                    .with_value(|c| c.get(i).and_then(|col| col.get(r)).map(|s| s.get_untracked()).unwrap_or_default());
                match parse_brt_cell(&t) {
                    Ok(None) => col_cells.push(Given::Missing),
                    Ok(Some(cell)) => {
                        let kept =
                            old.as_ref().and_then(|o| o.cells.get(r)).filter(|g| g.value() == Some(&cell)).cloned();
                        col_cells.push(kept.unwrap_or(Given::Entered(cell)));
                    }
                    Err(e) => problems.push(format!("Column {}, roll {}: {e}", text.trim(), r + 1)),
                }
            }
            out.push(BrtColumn { low, high, cells: col_cells });
        }
        if !problems.is_empty() {
            problem.set(Some(problems.join(" ")));
            return;
        }
        if let Some(mut d) = campaign_at(store, c) {
            d.brt.columns = out;
            put(store, c, d, problem);
        }
    };
    view! {
        <section class="screen fc fc-pack" aria-labelledby="pbrt-title">
            <h1 id="pbrt-title">"Battle Resolution Table"</h1>
            <p class="subtitle">{name}</p>
            <p class="muted">"Type each cell as the sheet prints it: A: 2 D: 1, or 2/1; a dash for no Hit. The table is for the Quick and Very Quick Battle Rules."</p>
            <p class="turn-card" aria-live="polite">{move || format!("{} of {} cells", filled(), total())}</p>
            <div class="fc-grid-scroll">
                <table class="fc-brt-grid">
                    <thead>
                        <tr>
                            <th scope="col">"Roll"</th>
                            {headings.get_value().into_iter().enumerate().map(|(i, h)| view! {
                                <th scope="col"><input type="text" aria-label=format!("Column {} heading", i + 1) bind:value=h/></th>
                            }).collect_view()}
                        </tr>
                    </thead>
                    <tbody>
                        {(0..10usize).map(|r| view! {
                            <tr>
                                <th scope="row">{(r + 1).to_string()}</th>
                                {cells.get_value().into_iter().enumerate().map(|(i, col)| {
                                    let s = col.get(r).copied();
                                    s.map(|s| {
                                        let bad = move || !s.get().trim().is_empty() && parse_brt_cell(&s.get()).is_err();
                                        view! {
                                            <td>
                                                <input type="text" class:bad=bad aria-invalid=move || if bad() { "true" } else { "false" }
                                                    aria-label=format!("Roll {}, column {}", r + 1, i + 1) bind:value=s/>
                                            </td>
                                        }
                                    })
                                }).collect_view()}
                            </tr>
                        }).collect_view()}
                    </tbody>
                </table>
            </div>
            <Problem problem=problem/>
            <button class="button big primary" on:click=save>"Save the table"</button>
            <a class="button" href="/pack">"Back to the pack"</a>
        </section>
    }
    .into_any()
}
