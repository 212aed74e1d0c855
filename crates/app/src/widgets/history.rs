//! The history the whole table may read, for a system whose log is core's [`LogEntry`]: the
//! latest lines, then every line under a fold that is read only once opened (a long game's
//! log is not rendered until asked for). A secret line (a side's hidden orders, Line of
//! Battle 1.8) is never shown.

use companion_core::log::LogEntry;
use leptos::prelude::*;
use std::fmt::Display;

/// The latest `n` lines the table may read, newest first.
pub fn latest<P>(log: &[LogEntry<P>], n: usize) -> Vec<String> {
    log.iter().filter(|e| !e.secret).rev().take(n).map(|e| e.text.clone()).collect()
}

/// Every line the table may read, oldest first, with its turn and phase.
pub fn every_line<P: Display>(log: &[LogEntry<P>]) -> Vec<String> {
    log.iter().filter(|e| !e.secret).map(|e| format!("Turn {}, {}: {}", e.turn, e.phase, e.text)).collect()
}

/// How many lines the table may read.
pub fn count<P>(log: &[LogEntry<P>]) -> usize {
    log.iter().filter(|e| !e.secret).count()
}

/// The "History" heading, the latest lines and the whole history under its fold. `every` is
/// read only once the fold has been opened.
#[component]
pub fn History(
    #[prop(into)] latest: Signal<Vec<String>>,
    #[prop(into)] count: Signal<usize>,
    #[prop(into)] every: Signal<Vec<String>>,
) -> impl IntoView {
    let opened = RwSignal::new(false);
    view! {
        <h2>"History"</h2>
        <Show
            when=move || !latest.with(Vec::is_empty)
            fallback=|| view! { <p class="muted">"Nothing has happened yet."</p> }
        >
            <ol class="history" reversed>
                {move || latest.get().into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}
            </ol>
            <details class="more" on:toggle=move |_| opened.set(true)>
                <summary class="button">{move || format!("The whole history ({} entries)", count.get())}</summary>
                <ol class="history">
                    {move || opened.get().then(|| every.get().into_iter().map(|t| view! { <li>{t}</li> }).collect_view())}
                </ol>
            </details>
        </Show>
    }
    .into_any()
}

/// Undo and Redo, each disabled when there is nothing to take back or do again.
#[component]
pub fn UndoRedo(
    #[prop(into)] can_undo: Signal<bool>,
    #[prop(into)] can_redo: Signal<bool>,
    undo: Callback<()>,
    redo: Callback<()>,
) -> impl IntoView {
    view! {
        <div class="row">
            <button class="button" prop:disabled=move || !can_undo.get() on:click=move |_| undo.run(())>"Undo"</button>
            <button class="button" prop:disabled=move || !can_redo.get() on:click=move |_| redo.run(())>"Redo"</button>
        </div>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(turn: u32, text: &str, secret: bool) -> LogEntry<&'static str> {
        LogEntry { secret, ..LogEntry::new(turn, "Orders", 0.0, text.into()) }
    }

    /// 1.8 (Line of Battle): a side's Orders never reach the history the table reads.
    #[test]
    fn the_history_holds_no_secret_line() {
        let log = vec![entry(1, "Turn 1", false), entry(1, "Order 1 to Hill", true), entry(2, "Turn 2", false)];
        assert_eq!(latest(&log, 8), vec!["Turn 2".to_string(), "Turn 1".into()]);
        assert_eq!(latest(&log, 1), vec!["Turn 2".to_string()]);
        assert_eq!(every_line(&log), vec!["Turn 1, Orders: Turn 1".to_string(), "Turn 2, Orders: Turn 2".into()]);
        assert_eq!(count(&log), 2);
    }
}
