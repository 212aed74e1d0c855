//! One side's order book, open for its player: what the Command Phase asks of him now, his
//! Orders with their cards, his Leaders' Command Rolls this turn, the Formations ending their
//! Orders, and his orders log. Nothing of the other side's book is read here (1.8).

use super::card::{EndingCard, OrderCard};
use super::rolls::FlukeForm;
use super::write::{Mode, OrderForm};
use crate::systems::line_of_battle::model::{orders, words};
use crate::systems::line_of_battle::store::use_store;
use leptos::prelude::*;
use line_of_battle::clock::Segment;
use line_of_battle::oob::Side;
use line_of_battle::orders::Status;

/// The book of `side`.
#[component]
pub fn Book(side: Side, on_close: Callback<()>) -> impl IntoView {
    let store = use_store();
    let name = words::side(side);
    // Only this side's Orders: the book's own view (1.8).
    let ids = move |live: bool| {
        store.with(|g| {
            let mut ids: Vec<u32> = g
                .book
                .view(side)
                .orders
                .iter()
                .filter(|o| live != matches!(o.status, Status::Ended(..)))
                .map(|o| o.id)
                .collect();
            ids.reverse();
            ids
        })
    };
    let in_segment = move |s: Segment| store.with(|g| orders::own_segment(g, side, s));
    let army =
        move || store.with(|g| g.oob.leaders.iter().find(|l| l.side == side && l.army_commander() && !l.lost).cloned());
    let army_rolled = move || store.with(|g| army().is_some_and(|a| g.book.rolled(&a.id, g.clock.turn)));
    let midnight = move || store.with(|g| g.clock.midnight());
    let flukes = move || {
        store.with(|g| {
            if g.clock.in_grace_period() || !orders::own_segment(g, side, Segment::FlukeStoppage) {
                Vec::new()
            } else {
                g.book.fluke_checks_due(side, g.clock.turn, &g.oob)
            }
        })
    };
    let endings = move || {
        store.with(|g| {
            g.book
                .standings
                .iter()
                .filter(|s| s.ending.is_some())
                .filter(|s| g.oob.formation(&s.formation).is_some_and(|f| f.side == side))
                .map(|s| s.formation.clone())
                .collect::<Vec<_>>()
        })
    };
    let rolls = move || {
        store.with(|g| {
            g.book
                .view(side)
                .rolls
                .iter()
                .filter(|r| r.turn == g.clock.turn)
                .filter_map(|r| g.oob.leader(&r.leader).filter(|l| l.side == side).map(|l| (l.name.clone(), r.passed)))
                .map(|(n, passed)| format!("{n}: rolled ({})", if passed { "Yes" } else { "No" }))
                .collect::<Vec<_>>()
        })
    };
    let log = move || store.with(|g| orders::log(g, side));
    let close = move |_| on_close.run(());
    view! {
        <section class=format!("order-book side-{}", words::side_key(side)) aria-labelledby="book-title">
            <div class="row">
                <button class="button" on:click=close>"Close the book"</button>
            </div>
            <h2 id="book-title">{format!("{name} order book")}</h2>
            <Show when=move || in_segment(Segment::Orders) && army().is_some() && !army_rolled() && !midnight()>
                <h3>{move || format!("{}'s Order this turn (13.3c)", army().map(|a| a.name).unwrap_or_default())}</h3>
                <OrderForm side=side mode=Mode::Write/>
            </Show>
            <Show when=move || in_segment(Segment::Orders) && army().is_none()>
                <p class="banner warning">"Enter the Army and its Commander with his Awareness in the Units area first (13.3a)."</p>
            </Show>
            <Show when=move || midnight() && in_segment(Segment::Orders)>
                <h3>"Midnight Orders (13.5b): any number, no roll"</h3>
                <OrderForm side=side mode=Mode::Midnight/>
            </Show>
            <Show when=move || !flukes().is_empty()>
                <h3>"Fluke Stoppage (13.6h)"</h3>
                <For each=flukes key=|f| f.clone() children=|f| view! { <FlukeForm formation=f/> }/>
            </Show>
            <Show when=move || !endings().is_empty()>
                <h3>"Ending Orders (13.6)"</h3>
                <For each=endings key=|f| f.clone() children=|f| view! { <EndingCard formation=f/> }/>
            </Show>
            <h3>"Orders"</h3>
            <Show when=move || !ids(true).is_empty() fallback=|| view! { <p class="muted">"No Order in force or on its way."</p> }>
                <For each=move || ids(true) key=|id| *id children=|id| view! { <OrderCard id=id/> }/>
            </Show>
            <Show when=move || !rolls().is_empty()>
                <p class="muted">{move || format!("Command Rolls this turn (13.3c: one per Leader): {}", rolls().join("; "))}</p>
            </Show>
            <details class="more">
                <summary class="button">"The orders log"</summary>
                <ol class="history">
                    {move || log().into_iter().map(|l| view! { <li>{format!("Turn {}: {}", l.turn, l.text)}</li> }).collect_view()}
                </ol>
                <Show when=move || !ids(false).is_empty()>
                    <h4>"Orders ended"</h4>
                    <For each=move || ids(false) key=|id| *id children=|id| view! { <OrderCard id=id/> }/>
                </Show>
            </details>
            <details class="more">
                <summary class="button">"A Leader's Initiative (13.4a)"</summary>
                <OrderForm side=side mode=Mode::Initiative/>
            </details>
            <details class="more">
                <summary class="button">"An Order in force from the scenario (1.7)"</summary>
                <OrderForm side=side mode=Mode::InForce/>
            </details>
            <div class="row">
                <button class="button" on:click=close>"Close the book"</button>
            </div>
        </section>
    }
    .into_any()
}
