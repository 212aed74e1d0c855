//! The result card: the result in words with its rule numbers, applied to the game in one tap
//! through existing commands, and undone in one tap.

use super::queue::{Due, NextStep};
use crate::systems::johnny_reb::store::use_store;
use johnny_reb::state::command::Command;
use johnny_reb::state::result::ResultRecord;
use johnny_reb::state::tracker_state::ItemKey;
use leptos::prelude::*;

/// A resolver's result.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Resolution {
    /// The result in one sentence, with the rule.
    pub headline: String,
    /// What the players do on the table because of it.
    pub details: Vec<String>,
    /// The commands that record it (none in a quick look-up).
    pub commands: Vec<Command>,
    /// From a unit of the game (false: a quick look-up, nothing recorded).
    pub recorded: bool,
    /// Checks the result calls for besides those the commands report.
    pub queue: Vec<Due>,
    /// The resolver to go on with (its address and words), e.g. the forced rout move.
    pub next: Option<(String, &'static str)>,
    /// The tracker items this result settles, by key (`first-fire-ID`, `charge-ID`,
    /// `officer-ID`...): those open in the current phase are ticked in the same step.
    pub settles: Vec<ItemKey>,
}

/// What was applied: the result as it was, to show it and to offer its undo.
#[derive(Clone, Debug, PartialEq)]
pub struct Applied {
    /// The result applied.
    pub resolution: Resolution,
    /// A change was recorded (a result that changes nothing records none: undo leaves the
    /// game alone).
    changed: bool,
}

/// The result of the roll, once the dice are in; `applied` is owned by the resolver so that a
/// new choice of unit or dice can clear it. `on_applied` runs after a successful apply.
///
/// "Apply to the game" sends the result's commands, the checks it queues and the tracker ticks
/// it settles as one change, in the game's order ([`johnny_reb::state::result::batch`]): one
/// undo takes the whole result back.
#[component]
pub fn ResultCard(
    #[prop(into)] result: Signal<Option<Resolution>>,
    applied: RwSignal<Option<Applied>>,
    #[prop(optional)] on_applied: Option<Callback<()>>,
) -> impl IntoView {
    let store = use_store();
    let apply = move |_| {
        let Some(res) = result.get_untracked() else { return };
        let record =
            ResultRecord { commands: res.commands.clone(), queue: res.queue.clone(), settles: res.settles.clone() };
        match store.apply_result(&record) {
            Ok(changed) => {
                applied.set(Some(Applied { resolution: res, changed }));
                // What to do next is at the card's top: brought into view. Found in the page,
                // not through the card's reactive state: the card may be gone by the next frame
                // (a charge's end is redrawn once applied).
                request_animation_frame(|| {
                    if let Ok(Some(c)) = document().query_selector(".result .applied") {
                        c.scroll_into_view();
                    }
                });
                if let Some(cb) = on_applied {
                    cb.run(());
                }
            }
            // Refused: the reason is shown and nothing changed.
            Err(e) => store.refuse(&e),
        }
    };
    let undo = move |_| {
        if applied.get_untracked().is_some_and(|a| a.changed) {
            store.undo();
        }
        applied.set(None);
    };
    view! {
        {move || {
            let done = applied.get();
            let res = done.as_ref().map(|a| a.resolution.clone()).or_else(|| result.get());
            res.map(|r| {
                let button = if r.commands.is_empty() { "Done: nothing changes in the game" } else { "Apply to the game" };
                view! {
                    <section class="card result" role="status" aria-label="Result">
                        // Once applied, the way on comes first: the checks the result left
                        // waiting (4.4.2), or back to the turn.
                        {done.is_some().then(|| view! {
                            <p class="applied">"Applied to the game."</p>
                            <div class="actions stacked">
                                {r.next.clone().map(|(href, words)| view! { <a href=href class="button big primary">{words}</a> })}
                                <NextStep/>
                                <button class="button" on:click=undo>"Undo"</button>
                            </div>
                        })}
                        <p class="headline"><strong>{r.headline.clone()}</strong></p>
                        {r.details.iter().map(|d| view! { <p>{d.clone()}</p> }).collect_view()}
                        {r.next.clone().filter(|_| done.is_none()).map(|(href, words)| view! { <p><a href=href class="button">{words}</a></p> })}
                        {match (&done, r.recorded) {
                            (Some(_), _) => ().into_any(),
                            (None, true) => view! {
                                <div class="row">
                                    <button class="button big primary" on:click=apply>{button}</button>
                                </div>
                            }.into_any(),
                            (None, false) => view! { <p class="muted">"Quick look-up: nothing recorded."</p> }.into_any(),
                        }}
                    </section>
                }
            })
        }}
    }
    .into_any()
}
