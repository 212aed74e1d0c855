//! Game area: the turn and phase, moved on one tap at a time (0.5, Table 1).

use crate::state::command::Command;
use crate::state::roster::{CommandScope, Side};
use crate::ui::store::use_store;
use leptos::prelude::*;

/// The turn tracker.
#[component]
pub fn GameScreen() -> impl IntoView {
    let store = use_store();
    let game = move || store.session.with(|s| s.game().clone());
    let turn = move || store.session.with(|s| s.game().turn);
    let phase = move || store.session.with(|s| s.game().phase);
    let can_undo = move || store.session.with(|s| s.can_undo());
    let can_redo = move || store.session.with(|s| s.can_redo());
    let recent = move || {
        store.session.with(|s| s.game().log.iter().rev().take(8).map(|e| e.text.clone()).collect::<Vec<_>>())
    };

    view! {
        <section class="screen" aria-labelledby="game-title">
            <h1 id="game-title">"Game"</h1>
            <p class="subtitle">{move || game().name}</p>
            <div class="turn-card" aria-live="polite">
                <p class="turn">"Turn " {turn}</p>
                <p class="phase">
                    "Phase " {move || phase().number()} " of 8: " <strong>{move || phase().name()}</strong>
                </p>
            </div>
            <ul class="army-summary" aria-label="Command integrity">
                {move || {
                    store.session.with(|s| {
                        Side::BOTH
                            .into_iter()
                            .filter_map(|side| {
                                s.game().roster.integrity(&CommandScope::Army(side)).map(|i| {
                                    format!(
                                        "{} army: {} of {} command points lost, {}.",
                                        side.label(),
                                        i.lost,
                                        i.value,
                                        crate::ui::roster::level_words(i.level)
                                    )
                                })
                            })
                            .map(|line| view! { <li>{line}</li> })
                            .collect_view()
                    })
                }}
            </ul>
            <div class="row">
                <button class="button primary big" on:click=move |_| store.dispatch(Command::NextPhase)>
                    "Next phase"
                </button>
            </div>
            <div class="row">
                <button class="button" prop:disabled=move || !can_undo() on:click=move |_| store.undo()>"Undo"</button>
                <button class="button" prop:disabled=move || !can_redo() on:click=move |_| store.redo()>"Redo"</button>
            </div>
            <div class="row">
                <a class="button" href="/games">"Saved games"</a>
            </div>
            <h2>"History"</h2>
            <Show
                when=move || !recent().is_empty()
                fallback=|| view! { <p class="muted">"Nothing has happened yet."</p> }
            >
                <ol class="history" reversed>
                    {move || recent().into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}
                </ol>
                <details class="more">
                    <summary class="button">{move || format!("The whole history ({} entries)", store.session.with(|s| s.game().log.len()))}</summary>
                    <ol class="history">
                        {move || store.session.with(|s| {
                            s.game()
                                .log
                                .iter()
                                .map(|e| view! { <li>{format!("Turn {}, phase {}: {}", e.turn, e.phase.number(), e.text)}</li> })
                                .collect_view()
                        })}
                    </ol>
                </details>
            </Show>
        </section>
    }
    .into_any()
}
