//! The morale checks waiting to be rolled, in the order of 4.4.2, each opening the morale
//! resolver. The list lives in the game ([`johnny_reb::state::checks`]): it survives a reload and
//! an undo takes back the checks its change queued.

use crate::systems::johnny_reb::store::{Store, use_store};
use johnny_reb::state::checks::ChecksCommand;
use johnny_reb::state::command::Command;
use leptos::prelude::*;

pub use johnny_reb::state::checks::Due;

/// The game's list of waiting checks, seen from the views.
#[derive(Clone, Copy)]
pub struct Queue(Store);

impl Queue {
    /// The checks waiting, in the order of 4.4.2.
    pub fn checks(self) -> Vec<Due> {
        self.0.session.with(|s| s.game().checks_due.clone())
    }

    /// Queues checks as a change of its own (a result card queues them in its own step).
    pub fn push(self, checks: impl IntoIterator<Item = Due>) {
        let checks: Vec<Due> = checks.into_iter().collect();
        if !checks.is_empty() {
            self.0.send(Command::Checks(ChecksCommand::Queue { checks }));
        }
    }
}

/// The shared queue.
pub fn use_queue() -> Queue {
    Queue(use_store())
}

/// The waiting checks as links to the morale resolver; nothing when none wait.
#[component]
pub fn QueueList() -> impl IntoView {
    let queue = use_queue();
    let store = use_store();
    view! {
        <Show when=move || store.session.with(|s| !s.game().checks_due.is_empty())>
            <section class="card queue" aria-labelledby="queue-title">
                <h2 id="queue-title">"Morale checks due (4.4.2 order)"</h2>
                <ul>
                    {move || queue.checks().into_iter().map(|c| {
                        let href = format!("/resolve/morale?unit={}&reason={}", c.unit, c.reason.key());
                        view! {
                            <li><a href=href class="button big">
                                {format!("Check morale: {} ({}, {})", c.name, c.reason.label().to_lowercase(), c.reason.rule())}
                            </a></li>
                        }
                    }).collect_view()}
                </ul>
                <div class="row">
                    <button class="button" on:click=move |_| store.send(Command::Checks(ChecksCommand::Clear))>"Clear the list"</button>
                </div>
            </section>
        </Show>
    }
    .into_any()
}
