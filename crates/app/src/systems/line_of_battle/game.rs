//! The Game area: the clock (the Turn Record Track's day, time, light and Visibility, 1.4;
//! the Player Turn and phase of 2.1) and what the segment in progress requires, from the game
//! (2.1), with "Next phase" one tap; undo, and the history the whole table may read (1.8:
//! nothing of a side's Orders, which each side reads in its own order book).

use super::model::todo::{self, Action, Item};
use super::model::words;
use super::store::{Untracked, use_store};
use crate::widgets::history::{self, History, UndoRedo};
use crate::widgets::next_phase::NextPhaseQuestion;
use leptos::prelude::*;
use line_of_battle::game::Command;
use line_of_battle::orders::commands::OrderCommand;
use line_of_battle::tracker::TrackerCommand;

/// A game with no unit yet: the ways in, in order.
#[component]
fn FirstStart() -> impl IntoView {
    view! {
        <section class="card first-start" aria-labelledby="first-start-title">
            <h2 id="first-start-title">"Start here"</h2>
            <p>"This game has no units yet. From your scenario and counters:"</p>
            <div class="actions stacked">
                <a class="button big" href="/setup">"1. The scenario's start and Turn Record Track"</a>
                <a class="button big" href="/units">"2. The order of battle"</a>
                <a class="button big" href="/tables">"3. Your charts"</a>
                <a class="button big" href="/games?show=import">"Or import a game file"</a>
            </div>
        </section>
    }
    .into_any()
}

fn to_do(item: Item) -> AnyView {
    let store = use_store();
    let problem = RwSignal::new(None::<String>);
    let send = move |c: Command| {
        if let Err(e) = store.dispatch(c) {
            problem.set(Some(e));
        }
    };
    let action = item.action.clone().filter(|_| !item.done).map(|a| {
        let (label, command) = match a {
            Action::Arrive(i) => ("Placed", Command::Orders(Box::new(OrderCommand::Arrive(i)))),
            Action::RallyMarkers => ("Done", Command::RallyMarkers { held: Vec::new() }),
            // The item says "if Stacked together": the tap is the players saying they are.
            Action::Consolidate { recipient, donor } => {
                ("Consolidate", Command::Consolidate { recipient, donor, stacked: true })
            }
        };
        let command = StoredValue::new(command);
        view! {
            <button class="button open" aria-label=format!("{label}: {}", item.text) on:click=move |_| send(command.get_value())>{label}</button>
        }
    });
    let link = item.link.clone().map(|(href, words)| view! { <a class="button open" href=href>{words}</a> });
    let text = view! { <span>{item.text.clone()} <span class="muted">" (" {item.rule.clone()} ")"</span></span> };
    // Ticked by hand, undoably (the engine keeps the tick by the item's key).
    let body = if item.key.is_empty() {
        view! { <span class="todo-text">{text}</span> }.into_any()
    } else {
        let key = StoredValue::new(item.key.clone());
        let done = item.done;
        view! {
            <label class="choice todo-text">
                <input type="checkbox" prop:checked=done on:change=move |_| {
                    send(Command::Tracker(TrackerCommand::Tick { key: key.get_value(), done: !done }))
                }/>
                {text}
            </label>
        }
        .into_any()
    };
    view! {
        <li class="check-item" class:done=item.done>
            {body}
            {action}
            {link}
            {move || problem.get().map(|p| view! { <p class="refusal" role="alert">{p}</p> })}
        </li>
    }
    .into_any()
}

/// The Game area.
#[component]
pub fn GameScreen() -> impl IntoView {
    let store = use_store();
    let name = move || store.with(|g| g.name.clone());
    let clock = move || store.with(|g| g.clock.clone());
    let items = move || store.with(todo::items);
    let no_units = move || store.with(|g| g.oob.units.is_empty());
    let problem = RwSignal::new(None::<String>);
    let move_on = move || match store.dispatch(Command::NextPhase) {
        Ok(_) => problem.set(None),
        Err(e) => problem.set(Some(e)),
    };
    // What the rules require and is not done when "Next phase" is tapped: asked about first.
    let confirm = RwSignal::new(None::<Vec<Item>>);
    // Any change to the game (a tick, an undo) makes the question stale.
    Effect::new(move |_| {
        store.with(|g| g.log.len());
        confirm.set(None);
    });
    let next = move |_| {
        let open = store.with_untracked(|g| todo::still_required(&todo::items(g)));
        if open.is_empty() { move_on() } else { confirm.set(Some(open)) }
    };
    view! {
        <section class="screen lob-game" aria-labelledby="game-title">
            <h1 id="game-title">"Game"</h1>
            <p class="subtitle">{name}</p>
            <div class="turn-card" aria-live="polite" aria-label="Clock">
                <p class="turn">{move || format!("{}, day {}", words::turn(&clock()), clock().day)}</p>
                <p class="clock-time"><strong>{move || line_of_battle::clock::Clock::time_label(clock().minutes)}</strong></p>
                <p class="clock-light">{move || format!("{}. {}.", words::light(&clock()), words::visibility(&clock()))}</p>
                <p class="phase">{move || format!("{}: ", words::player_turn(&clock()))}<strong>{move || clock().phase().label()}</strong></p>
            </div>
            <Show when=no_units>
                <FirstStart/>
            </Show>
            <h2 id="todo-title">"To do now"</h2>
            <ul class="checklist" aria-labelledby="todo-title">
                {move || items().into_iter().map(to_do).collect_view()}
            </ul>
            {move || match confirm.get() {
                None => view! {
                    <div class="row">
                        <button class="button primary big" on:click=next>"Next phase"</button>
                    </div>
                }
                .into_any(),
                Some(open) => {
                    let question = format!(
                        "{} required item{} not done in {}: move on anyway?",
                        open.len(),
                        if open.len() == 1 { "" } else { "s" },
                        clock().phase().label()
                    );
                    view! {
                        <NextPhaseQuestion
                            question=question
                            required=open.into_iter().map(|i| format!("{} ({})", i.text, i.rule)).collect()
                            move_on=Callback::new(move |()| { confirm.set(None); move_on(); })
                            stay=Callback::new(move |()| confirm.set(None))
                        />
                    }
                    .into_any()
                }
            }}
            {move || problem.get().map(|p| view! { <p class="refusal" role="alert">{p}</p> })}
            <UndoRedo
                can_undo=Signal::derive(move || store.can_undo())
                can_redo=Signal::derive(move || store.can_redo())
                undo=Callback::new(move |()| store.undo())
                redo=Callback::new(move |()| store.redo())
            />
            <div class="row">
                <a class="button" href="/setup">"Scenario and clock"</a>
                <a class="button" href="/games">"Saved games"</a>
            </div>
            <History
                latest=Signal::derive(move || store.with(|g| history::latest(&g.log, 8)))
                count=Signal::derive(move || store.with(|g| history::count(&g.log)))
                every=Signal::derive(move || store.with(|g| history::every_line(&g.log)))
            />
        </section>
    }
    .into_any()
}
