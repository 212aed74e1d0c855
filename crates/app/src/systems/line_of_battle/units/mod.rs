//! The order of battle (the Units area): each side's Army, Corps, Divisions, Brigades,
//! units and Leaders as the players enter them from their counters, and each unit's state
//! changed in one or two taps: Strength (1.3a), Morale State (10.2), Formation (6.2), with
//! Wrecked (1.3b) and the Dead Pile (9.4b) shown.
//!
//! Every value is the players' (GAPS: the unit and Leader values are not in the rulebook).

mod card;
mod forms;
pub mod leaders;

use super::model::words;
use super::store::use_store;
use super::ui::Cover;
use crate::shell::router::use_query_map;
use leptos::prelude::*;
use line_of_battle::oob::{Echelon, Side};

/// The Units area, behind the cover (1.8: "The enemy cannot see ... Current Strengths"): a
/// side's units are rendered only once its player opens them, and closing them (or a reload)
/// brings the cover back. `?side=federal` offers that side first.
#[component]
pub fn UnitsScreen() -> impl IntoView {
    let asked = use_query_map().with_untracked(|q| q.get("side")).and_then(|k| words::side_from_key(&k));
    let open = RwSignal::new(None::<Side>);
    view! {
        <section
            class=move || match open.get() {
                Some(side) => format!("screen lob-units side-{}", words::side_key(side)),
                None => "screen lob-units".to_string(),
            }
            aria-labelledby="units-title"
        >
            <h1 id="units-title">"Units"</h1>
            <p class="subtitle">"The order of battle from your counters: each unit's Strength, Morale State and Formation a tap away."</p>
            {move || match open.get() {
                None => view! {
                    <Cover
                        asked=asked
                        noun="units"
                        why="Each side's current Strengths are its own (1.8): its units open for its player only, and close before the device goes back."
                        open=open
                    />
                }
                .into_any(),
                Some(side) => view! { <SideUnits side=side open=open/> }.into_any(),
            }}
        </section>
    }
    .into_any()
}

/// One side's order of battle, open for its player.
#[component]
fn SideUnits(side: Side, open: RwSignal<Option<Side>>) -> impl IntoView {
    let store = use_store();
    // A Memo: the tree is built again only when the side's Army changes, not at every tap.
    let army = Memo::new(move |_| {
        store.with(|g| {
            g.oob.formations.iter().find(|f| f.side == side && f.echelon == Echelon::Army).map(|f| f.id.clone())
        })
    });
    view! {
        <div class="row">
            <button class="button" on:click=move |_| open.set(None)>{format!("Close the {} units", words::side(side))}</button>
            <a class="button" href="/units/leaders">"Leaders: promotion, Repls, Zero Rolls"</a>
        </div>
        <h2>{format!("{} units", words::side(side))}</h2>
        {move || match army.get() {
            None => view! { <forms::ArmyForm side=side/> }.into_any(),
            Some(id) => view! {
                <card::FormationBlock id=id depth=0/>
                <card::SpareLeaders side=side/>
            }
            .into_any(),
        }}
    }
    .into_any()
}
