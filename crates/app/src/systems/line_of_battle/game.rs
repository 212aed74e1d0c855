//! The Game area: where the game stands on the Turn Record Track (1.4) and in the Sequence of
//! Play (2.1), moved on one phase at a time, with undo and the history.

use crate::systems::line_of_battle::store::use_store;
use leptos::prelude::*;
use line_of_battle::Command;
use line_of_battle::clock::Clock;

/// The Game area.
#[component]
pub fn GameScreen() -> impl IntoView {
    let store = use_store();
    let name = move || store.with(|g| g.name.clone());
    let turn = move || {
        store.with(|g| {
            let c = &g.clock;
            format!("Turn {}, day {}, {}", c.turn, c.day, Clock::time_label(c.minutes))
        })
    };
    let phase = move || store.with(|g| format!("{:?} Player Turn: {}", g.clock.phasing(), g.clock.phase().label()));
    let recent = move || store.with(|g| g.log.iter().rev().take(8).map(|e| e.text.clone()).collect::<Vec<_>>());
    view! {
        <section class="screen" aria-labelledby="game-title">
            <h1 id="game-title">"Game"</h1>
            {move || store.problem.get().map(|why| view! {
                <p class="banner error" role="alert">
                    {why} " It is kept as it was: export it from Saved games to keep a copy, or open another game."
                </p>
            })}
            <p class="subtitle">{name}</p>
            <div class="turn-card" aria-live="polite">
                <p class="turn">{turn}</p>
                <p class="phase">{phase}</p>
            </div>
            <div class="row">
                <button class="button primary big" on:click=move |_| store.send(Command::NextPhase)>"Next phase"</button>
            </div>
            <div class="row">
                <button class="button" prop:disabled=move || !store.can_undo() on:click=move |_| store.undo()>"Undo"</button>
                <button class="button" prop:disabled=move || !store.can_redo() on:click=move |_| store.redo()>"Redo"</button>
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
            </Show>
        </section>
    }
    .into_any()
}
