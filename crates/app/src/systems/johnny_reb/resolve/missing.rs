//! A table value the transcription lacks, asked for where it is needed: entered from the
//! printed Tables Card, used at once and remembered in the Tables Card entries (as the Tables
//! screen writes them), so the next time it is not asked.

use crate::systems::johnny_reb::store::use_store;
use crate::systems::johnny_reb::tables::model::{EntryKind, TABLES, gun_entry, table_view};
use johnny_reb::rules::{CellRef, RuleError};
use leptos::prelude::*;

/// How the Tables screen enters `cell`, if it lists it; a gun's strength on Table 13 or
/// Appendix B for any gun, listed there or not yet (the gun is listed once entered).
fn entry_kind(cell: &CellRef) -> Option<EntryKind> {
    let store = use_store();
    let info = TABLES.iter().find(|t| t.name == cell.table)?;
    store
        .table_entries
        .with_untracked(|o| table_view(info.id, o)?.find(cell)?.entry.as_ref().map(|(_, k)| *k))
        .or_else(|| gun_entry(cell))
}

/// A rules problem: a missing cell gets its entry field; anything else is said plainly.
#[component]
pub fn Problem(error: RuleError) -> impl IntoView {
    let store = use_store();
    let RuleError::Missing(cell) = error else {
        return view! { <p class="problem" role="alert">{error.to_string()}</p> }.into_any();
    };
    let Some(kind) = entry_kind(&cell) else {
        return view! {
            <p class="problem" role="alert">{RuleError::Missing(cell).to_string()}</p>
            <p><a class="button" href="/tables">"Enter it on the Tables screen"</a></p>
        }
        .into_any();
    };
    let text = RwSignal::new(String::new());
    let refusal = RwSignal::new(None::<String>);
    let cell = StoredValue::new(cell);
    let label = cell.with_value(|c| c.to_string());
    let whole_card = cell.with_value(|c| c.table == "Table 10");
    let save = move || match store.enter_table_value(&cell.get_value(), kind, &text.get_untracked()) {
        Ok(()) => refusal.set(None),
        Err(e) => refusal.set(Some(e)),
    };
    view! {
        <form class="card missing" aria-label="Missing table value" on:submit=move |ev| {
            ev.prevent_default();
            save();
        }>
            <p role="alert"><strong>{format!("{label} is not in the rulebook text.")}</strong>" Enter it from your printed Tables Card; it is remembered."</p>
            <label class="field">
                <span>{label}</span>
                <input inputmode=kind.input_mode() autocomplete="off" prop:value=move || text.get() on:input=move |ev| text.set(event_target_value(&ev))/>
            </label>
            <p class="muted">{kind.hint()}</p>
            {move || refusal.get().map(|e| view! { <p class="problem" role="alert">{e}</p> })}
            <div class="row">
                <button class="button big primary" type="submit">"Use and remember"</button>
            </div>
            {whole_card.then(|| view! {
                <p><a href="/tables?card=10">"Enter the whole of Table 10 at once"</a>" (the guided Tables Card), so that no fire asks again."</p>
            })}
        </form>
    }
    .into_any()
}
