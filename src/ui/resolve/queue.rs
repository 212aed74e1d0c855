//! The morale checks waiting to be rolled, in the order of 4.4.2: what a fire result or a kill
//! calls for (the Outcome's `morale_checks`, and the fire's own), each opening the morale
//! resolver.

use super::morale::Reason;
use crate::state::command::{CheckReason, MoraleCheck};
use leptos::prelude::*;

/// One check due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Due {
    /// The unit's id.
    pub unit: String,
    /// Its name.
    pub name: String,
    /// Why (Table 2).
    pub reason: Reason,
}

impl From<MoraleCheck> for Due {
    fn from(c: MoraleCheck) -> Due {
        let reason = match c.reason {
            CheckReason::FirstKill => Reason::FirstKill,
            CheckReason::CrewKill => Reason::CrewKill,
            CheckReason::StandLost => Reason::StandLost,
        };
        Due { unit: c.unit, name: c.name, reason }
    }
}

/// The waiting checks, shared by every resolver (provided by the shell so that it outlives a
/// change of screen).
#[derive(Clone, Copy)]
pub struct Queue(pub RwSignal<Vec<Due>>);

impl Queue {
    /// An empty queue.
    pub fn new() -> Queue {
        Queue(RwSignal::new(Vec::new()))
    }

    /// Adds checks, then puts the whole queue in the order of 4.4.2 (stable within a step).
    pub fn push(self, checks: impl IntoIterator<Item = Due>) {
        self.0.update(|q| {
            q.extend(checks);
            q.sort_by_key(|c| c.reason.order());
        });
    }

    /// Takes one waiting check of `unit` for `reason` off the queue (it has been rolled).
    pub fn done(self, unit: &str, reason: Option<Reason>) {
        self.0.update(|q| {
            let at = q.iter().position(|c| c.unit == unit && reason.is_none_or(|r| r == c.reason));
            if let Some(i) = at {
                q.remove(i);
            }
        });
    }

    /// Takes every waiting check of `unit` for one of `reasons` off the queue (a charge's
    /// checks, already rolled in the charge, that its kills would queue again).
    pub fn forget(self, unit: &str, reasons: &[Reason]) {
        self.0.update(|q| q.retain(|c| !(c.unit == unit && reasons.contains(&c.reason))));
    }

    /// Takes back checks queued by an apply that was undone.
    pub fn take_back(self, checks: &[Due]) {
        self.0.update(|q| {
            for c in checks {
                if let Some(i) = q.iter().position(|x| x == c) {
                    q.remove(i);
                }
            }
        });
    }
}

impl Default for Queue {
    fn default() -> Self {
        Queue::new()
    }
}

/// The shared queue.
pub fn use_queue() -> Queue {
    use_context::<Queue>().unwrap_or_else(|| {
        let q = Queue::new();
        provide_context(q);
        q
    })
}

/// The waiting checks as links to the morale resolver; nothing when none wait.
#[component]
pub fn QueueList() -> impl IntoView {
    let queue = use_queue();
    view! {
        <Show when=move || queue.0.with(|q| !q.is_empty())>
            <section class="card queue" aria-labelledby="queue-title">
                <h2 id="queue-title">"Morale checks due (4.4.2 order)"</h2>
                <ul>
                    {move || queue.0.get().into_iter().map(|c| {
                        let href = format!("/resolve/morale?unit={}&reason={}", c.unit, c.reason.key());
                        view! {
                            <li><a href=href class="button big">
                                {format!("Check morale: {} ({}, {})", c.name, c.reason.label().to_lowercase(), c.reason.rule())}
                            </a></li>
                        }
                    }).collect_view()}
                </ul>
                <div class="row">
                    <button class="button" on:click=move |_| queue.0.set(Vec::new())>"Clear the list"</button>
                </div>
            </section>
        </Show>
    }
    .into_any()
}
