//! The Orders area: an order book per side (13), behind a cover on a shared device (1.8: a
//! side's Orders are never rendered while the other side's player may be holding it).
//!
//! The cover names the Phasing Player, whose Command Phase it is (2.1b), and opens either
//! side's book on a tap (some Ending events happen in the enemy Player Turn, 13.6). Which book
//! is open is never saved: after a reload, or once closed, the cover is back.

mod book;
mod card;
mod fields;
mod rolls;
mod write;

use super::model::words;
use super::store::use_store;
use super::ui::Cover;
use crate::shell::router::use_query_map;
use leptos::prelude::*;
use line_of_battle::oob::Side;

/// What an order-book command said, shown above the bottom bar until dismissed.
#[derive(Clone, Copy)]
pub(crate) struct Said(pub RwSignal<Option<(bool, Vec<String>)>>);

impl Said {
    /// Shows what a command did, or why it was refused.
    pub fn outcome(self, result: Result<Vec<String>, String>) {
        match result {
            Ok(lines) => self.0.set(Some((false, lines))),
            Err(why) => self.0.set(Some((true, vec![why]))),
        }
    }
}

pub(crate) fn use_said() -> Said {
    use_context::<Said>().unwrap_or_else(|| Said(RwSignal::new(None)))
}

/// The Orders area.
#[component]
pub fn OrdersScreen() -> impl IntoView {
    let store = use_store();
    let open = RwSignal::new(None::<Side>);
    let said = Said(RwSignal::new(None));
    provide_context(said);
    let asked = use_query_map().with_untracked(|q| q.get("side")).and_then(|k| words::side_from_key(&k));
    let heading = move || {
        store.with(|g| {
            let c = &g.clock;
            format!("{}, {}: {}, {}", words::turn(c), words::time(c), words::player_turn(c), c.phase().label())
        })
    };
    let close = move || {
        open.set(None);
        said.0.set(None);
    };
    view! {
        <section class="screen lob-orders" aria-labelledby="orders-title">
            <h1 id="orders-title">"Orders"</h1>
            <p class="subtitle">{heading}</p>
            {move || match open.get() {
                None => view! {
                    <Cover
                        asked=asked
                        noun="order book"
                        why="Each side's Orders are its own (1.8): the book opens for its player only, and closes before the device goes back."
                        open=open
                    />
                }
                .into_any(),
                Some(side) => view! { <book::Book side=side on_close=Callback::new(move |_| close())/> }.into_any(),
            }}
            {move || said.0.get().map(|(error, lines)| view! {
                <div class="messages">
                    <div class=if error { "banner error" } else { "banner info" } role="status" aria-label="What happened">
                        {lines.into_iter().map(|l| view! { <p>{l}</p> }).collect_view()}
                        <div class="actions">
                            <button class="button" on:click=move |_| said.0.set(None)>"OK"</button>
                        </div>
                    </div>
                </div>
            })}
        </section>
    }
    .into_any()
}
