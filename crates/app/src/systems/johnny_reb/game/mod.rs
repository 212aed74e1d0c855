//! Game area: the turn and phase, moved on one tap at a time (0.5, Table 1), with the
//! phase's checklist from the tracker and the game's settings.

mod settings;

use crate::shell::lazy::lazy_screen;
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::next_phase::NextPhaseQuestion;
use johnny_reb::rules::tables::t01_turn_sequence;
use johnny_reb::state::command::TurnCommand;
use johnny_reb::state::roster::{CommandScope, Side};
use johnny_reb::state::tracker::{self, PhaseItem, TrackerCommand};
use leptos::prelude::*;

/// One item of the checklist: ticked by hand, or opened in its resolver.
fn checklist_item(item: PhaseItem) -> AnyView {
    let store = use_store();
    let key = item.key.clone();
    let done = item.done;
    let toggle = move |_| {
        let key = key.clone();
        let cmd = if done { TrackerCommand::Untick { key } } else { TrackerCommand::Tick { key } };
        store.send_turn(TurnCommand::Tracker(cmd));
    };
    let open = item.link.as_ref().map(crate::systems::johnny_reb::resolve::address::item_href).map(|href| {
        view! { <a class="button open" href=href aria-label=format!("Open: {}", item.text)>"Open"</a> }
    });
    view! {
        <li class="check-item" class:done=done>
            <label class="choice">
                <input type="checkbox" prop:checked=done on:change=toggle />
                <span>{item.text.clone()} <span class="muted">" (" {item.rule} ")"</span></span>
            </label>
            {open}
        </li>
    }
    .into_any()
}

/// The first screen of a game with no armies: a way in rather than an empty checklist (the
/// rules require nothing of a game without units).
#[component]
fn FirstStart() -> impl IntoView {
    let shell = crate::shell::store::use_shell();
    let problem = RwSignal::new(None::<String>);
    let on_demo = move |_| {
        if let Err(why) = crate::shell::games::open_demo(shell) {
            problem.set(Some(why));
        }
    };
    view! {
        <section class="card first-start" aria-labelledby="first-start-title">
            <h2 id="first-start-title">"Start here"</h2>
            <p>"This game has no armies yet. Pick a way in:"</p>
            <div class="actions stacked">
                <button class="button primary big" on:click=on_demo>"Open the demo game"</button>
                <a class="button big" href="/roster?side=union">"Build the Union side"</a>
                <a class="button big" href="/roster?side=confederate">"Build the Confederate side"</a>
                <a class="button big" href="/games?show=import">"Import an army list"</a>
                {move || card_link(false)}
            </div>
            {move || problem.get().map(|p| view! { <p class="banner error" role="alert">{p}</p> })}
        </section>
    }
}

/// The morale checks waiting (4.4.2), whatever the phase: their count, opening the first.
#[component]
fn ChecksDue() -> impl IntoView {
    use crate::systems::johnny_reb::resolve::queue::{check_href, check_words, count_words};
    let store = use_store();
    move || {
        let (first, n) = store.session.with(|s| (s.game().checks_due.first().cloned(), s.game().checks_due.len()));
        first.map(|c| {
            view! {
                <p class="checks-due">
                    <a class="button big primary" href=check_href(&c)>
                        <span>{format!("{} (4.4.2)", count_words(n))}</span>
                        <span class="small">{format!("First: {}", check_words(&c))}</span>
                    </a>
                </p>
            }
        })
    }
}

/// The way to the Tables Card's guided entry while Table 10 is not complete: every fire and
/// melee reads it (4.2.4, 5.8.2) and the transcription lacks most of it (GAPS.md), so it is
/// better entered once before the game than asked cell by cell during it. `said`: with a
/// line saying why (the Game screen); the first-start card lists it among its ways in.
fn card_link(said: bool) -> Option<AnyView> {
    let store = use_store();
    let progress = store.table_entries.with(crate::systems::johnny_reb::tables::grid::table_10_progress);
    (!progress.complete()).then(|| {
        let link = view! {
            <a class="button big" href="/tables?card=10">
                {format!("Enter your Tables Card (Table 10: {})", progress.words())}
            </a>
        };
        if said {
            view! {
                <div class="card-reminder">
                    <p class="muted">"Before the game: every fire reads Table 10, which the rulebook text lacks. Enter it once from your printed card, or paste a table set from another phone."</p>
                    {link}
                </div>
            }
            .into_any()
        } else {
            link.into_any()
        }
    })
}

/// Table 1's steps of the phase the game is in.
#[component]
fn PhaseSteps() -> impl IntoView {
    let store = use_store();
    let steps = move || {
        let phase = store.session.with(|s| s.game().phase);
        t01_turn_sequence::phase(phase.number())
            .map(|p| {
                p.steps
                    .iter()
                    .filter_map(|c| c.value().copied())
                    .map(|st| format!("{}. {} ({})", st.letter, st.text, st.rules.join(", ")))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    };
    view! { <ol class="steps">{move || steps().into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}</ol> }
}

/// The turn tracker.
#[component]
pub fn GameScreen() -> impl IntoView {
    let store = use_store();
    let game = move || store.session.with(|s| s.game().clone());
    let turn = move || store.session.with(|s| tracker::turn_words(s.game()));
    let phase = move || store.session.with(|s| s.game().phase);
    let last_turn = move || store.session.with(|s| tracker::is_last_turn(s.game()));
    let items = move || store.session.with(|s| tracker::phase_items(s.game()));
    // The items not done when "Next phase" was tapped: the confirm step (0.5: never skip a
    // phase without saying so).
    let confirm = RwSignal::new(None::<Vec<PhaseItem>>);
    // Any change to the game (undo, another tab) makes the question stale.
    Effect::new(move |_| {
        store.session.with(|s| s.game().log.len());
        confirm.set(None);
    });
    let next_phase = move |_| {
        let open = store.session.with_untracked(|s| tracker::not_done(s.game()));
        if open.is_empty() {
            store.send_turn(TurnCommand::NextPhase);
        } else {
            confirm.set(Some(open));
        }
    };
    let move_on = move |_| {
        confirm.set(None);
        store.send_turn(TurnCommand::NextPhase);
    };
    let settings_opened = RwSignal::new(false);
    let steps_opened = RwSignal::new(false);
    let history_opened = RwSignal::new(false);
    let can_undo = move || store.session.with(|s| s.can_undo());
    let can_redo = move || store.session.with(|s| s.can_redo());
    let no_armies =
        move || store.session.with(|s| Side::BOTH.iter().all(|side| s.game().roster.army(*side).divisions.is_empty()));
    let recent = move || {
        store.session.with(|s| s.game().readable_log().rev().take(8).map(|e| e.text.clone()).collect::<Vec<_>>())
    };

    view! {
        <section class="screen" aria-labelledby="game-title">
            <h1 id="game-title">"Game"</h1>
            {move || store.problem.get().map(|why| view! {
                <p class="banner error" role="alert">
                    {why} " It is kept as it was: export it from Saved games to keep a copy, or open another game."
                </p>
            })}
            <p class="subtitle">{move || game().name}</p>
            <div class="turn-card" aria-live="polite">
                <p class="turn">{turn}</p>
                <p class="phase">
                    "Phase " {move || phase().number()} " of 8: " <strong>{move || phase().name()}</strong>
                </p>
            </div>
            <Show when=no_armies>
                <FirstStart/>
            </Show>
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
                                        crate::systems::johnny_reb::roster::level_words(i.level)
                                    )
                                })
                            })
                            .map(|line| view! { <li>{line}</li> })
                            .collect_view()
                    })
                }}
            </ul>
            {move || match confirm.get() {
                None => view! {
                    <div class="row">
                        <button class="button primary big" on:click=next_phase>"Next phase"</button>
                    </div>
                }
                .into_any(),
                Some(open) => {
                    let question = format!(
                        "{} item{} not done in phase {} ({}): move on anyway?",
                        open.len(),
                        if open.len() == 1 { "" } else { "s" },
                        phase().number(),
                        phase().name()
                    );
                    // What the rules require first; what they only allow (a unit that may
                    // fire) folded below, so the buttons stay within reach.
                    let (optional, required): (Vec<PhaseItem>, Vec<PhaseItem>) =
                        open.into_iter().partition(|i| i.key.optional());
                    let title = format!(
                        "{} optional: {} may fire and need not",
                        optional.len(),
                        if optional.len() == 1 { "a unit that" } else { "units that" }
                    );
                    view! {
                        <NextPhaseQuestion
                            question=question
                            required=required.into_iter().map(|i| i.text).collect()
                            folded=(title, optional.into_iter().map(|i| i.text).collect())
                            move_on=Callback::new(move |()| move_on(()))
                            stay=Callback::new(move |()| confirm.set(None))
                        />
                    }
                    .into_any()
                }
            }}
            <Show when=last_turn>
                <p class="banner info" role="status">"This is the scenario's last turn: the game ends when phase 8 is done."</p>
            </Show>
            <Show when=move || !no_armies()>{move || card_link(true)}</Show>
            <h2 id="checklist-title">{move || format!("To do in phase {}", phase().number())}</h2>
            <ChecksDue/>
            <Show
                when=move || !items().is_empty()
                fallback=|| view! { <p class="muted">"Nothing the rules require in this phase."</p> }
            >
                <ul class="checklist" aria-labelledby="checklist-title">
                    {move || items().into_iter().map(checklist_item).collect_view()}
                </ul>
            </Show>
            // Table 1's text is read from its own chunk when first opened: the first screen is
            // the app's start-up time on a cheap phone.
            <details class="more" on:toggle=move |_| steps_opened.set(true)>
                <summary class="button">"Steps of this phase (Table 1)"</summary>
                <Show when=move || steps_opened.get()>
                    {lazy_screen!(jr_turn_steps, view! { <PhaseSteps/> })}
                </Show>
            </details>
            <div class="row">
                <button class="button" prop:disabled=move || !can_undo() on:click=move |_| store.undo()>"Undo"</button>
                <button class="button" prop:disabled=move || !can_redo() on:click=move |_| store.redo()>"Redo"</button>
            </div>
            <div class="row">
                <a class="button" href="/games">"Saved games"</a>
            </div>
            // Rendered when first opened: the house rules are many controls, and the first
            // render of the Game screen is the app's start-up time on a cheap phone.
            <details class="more" id="game-settings" on:toggle=move |_| settings_opened.set(true)>
                <summary class="button">"Game settings and house rules"</summary>
                <Show when=move || settings_opened.get()>
                    {lazy_screen!(jr_game_settings, view! { <settings::GameSettings/> })}
                </Show>
            </details>
            <h2>"History"</h2>
            <Show
                when=move || !recent().is_empty()
                fallback=|| view! { <p class="muted">"Nothing has happened yet."</p> }
            >
                <ol class="history" reversed>
                    {move || recent().into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}
                </ol>
                <details class="more" on:toggle=move |_| history_opened.set(true)>
                    <summary class="button">{move || format!("The whole history ({} entries)", store.session.with(|s| s.game().readable_log().count()))}</summary>
                    <ol class="history">
                        {move || history_opened.get().then(|| store.session.with(|s| {
                            s.game()
                                .readable_log()
                                .map(|e| view! { <li>{format!("Turn {}, phase {}: {}", e.turn, e.phase.number(), e.text)}</li> })
                                .collect_view()
                        }))}
                    </ol>
                </details>
            </Show>
        </section>
    }
    .into_any()
}
