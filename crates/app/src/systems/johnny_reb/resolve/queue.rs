//! The morale checks waiting to be rolled, in the order of 4.4.2, each opening the morale
//! resolver. The list lives in the game ([`johnny_reb::state::checks`]): it survives a reload and
//! an undo takes back the checks its change queued.

use super::address::{MoraleCheck, Resolver};
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

/// The morale check resolver's address for a waiting check.
pub fn check_href(c: &Due) -> String {
    check_address(c, None).href()
}

/// The morale check resolver for a waiting check; `due`, the count waiting when it is opened
/// as the next of them.
fn check_address(c: &Due, due: Option<usize>) -> Resolver {
    Resolver::Morale(MoraleCheck { unit: Some(c.unit.clone()), reason: Some(c.reason), due })
}

/// A waiting check in words: "1st Tennessee (first kill, Table 2 no. 3, 4.4.1.a)".
pub fn check_words(c: &Due) -> String {
    format!("{} ({}, {})", c.name, c.reason.label().to_lowercase(), c.reason.rule())
}

/// The count of checks waiting in words: "3 morale checks due".
pub fn count_words(n: usize) -> String {
    if n == 1 { "1 morale check due".to_string() } else { format!("{n} morale checks due") }
}

/// What comes after a result applied: the first of the morale checks waiting (4.4.2 order),
/// or back to the turn when none wait.
#[component]
pub fn NextStep() -> impl IntoView {
    let store = use_store();
    move || {
        let (first, n) = store.session.with(|s| (s.game().checks_due.first().cloned(), s.game().checks_due.len()));
        match first {
            Some(c) => {
                // The count in the address makes each next check a new address, even for the
                // same unit and reason (a second stand lost): the screen starts afresh.
                let href = check_address(&c, Some(n)).href();
                let words = if n == 1 {
                    "Roll the morale check due".to_string()
                } else {
                    format!("Roll the {n} morale checks due")
                };
                view! {
                    <a class="button big primary next-step" href=href>
                        <span>{words}</span>
                        <span class="small">{format!("First: {}", check_words(&c))}</span>
                    </a>
                }
                .into_any()
            }
            None => view! { <a class="button big primary next-step" href="/">"Back to the turn"</a> }.into_any(),
        }
    }
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
                        view! {
                            <li><a href=check_href(&c) class="button big">{format!("Check morale: {}", check_words(&c))}</a></li>
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

#[cfg(test)]
mod tests {
    use super::*;
    use johnny_reb::rules::morale::CheckReason;

    #[test]
    fn rule_4_4_2_a_waiting_check_opens_the_morale_check_for_its_unit_and_reason() {
        let c = Due { unit: "r-1tn".into(), name: "1st Tennessee".into(), reason: CheckReason::StandLost };
        assert_eq!(check_href(&c), format!("/resolve/morale?unit=r-1tn&reason={}", CheckReason::StandLost.key()));
        assert_eq!(check_address(&c, Some(2)).href(), format!("{}&due=2", check_href(&c)));
        assert_eq!(check_words(&c), format!("1st Tennessee (stand lost, {})", CheckReason::StandLost.rule()));
        assert_eq!(count_words(1), "1 morale check due");
        assert_eq!(count_words(3), "3 morale checks due");
    }
}
