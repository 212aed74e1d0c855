//! The order of battle (the Units area): each side's Army, Corps, Divisions, Brigades,
//! units and Leaders as the players enter them from their counters, and each unit's state
//! changed in one or two taps: Strength (1.3a), Morale State (10.2), Formation (6.2), with
//! Wrecked (1.3b) and the Dead Pile (9.4b) shown.
//!
//! Every value is the players' (GAPS: the unit and Leader values are not in the rulebook).

mod card;
mod forms;

use super::model::words;
use super::store::use_store;
use super::ui::SideSwitch;
use crate::shell::router::use_query_map;
use leptos::prelude::*;
use line_of_battle::oob::{Echelon, Side};

/// The Units area: `?side=federal` opens it on that side.
#[component]
pub fn UnitsScreen() -> impl IntoView {
    let store = use_store();
    let asked = use_query_map().with_untracked(|q| q.get("side")).and_then(|k| words::side_from_key(&k));
    let side = RwSignal::new(asked.unwrap_or(Side::Confederate));
    // A Memo: the tree is built again only when the side's Army changes, not at every tap.
    let army = Memo::new(move |_| {
        store.with(|g| {
            g.oob.formations.iter().find(|f| f.side == side.get() && f.echelon == Echelon::Army).map(|f| f.id.clone())
        })
    });
    view! {
        <section class=move || format!("screen lob-units side-{}", words::side_key(side.get())) aria-labelledby="units-title">
            <h1 id="units-title">"Units"</h1>
            <p class="subtitle">"The order of battle from your counters: each unit's Strength, Morale State and Formation a tap away."</p>
            <SideSwitch side=side/>
            {move || match army.get() {
                None => view! { <forms::ArmyForm side=side.get()/> }.into_any(),
                Some(id) => view! {
                    <card::FormationBlock id=id depth=0/>
                    <card::SpareLeaders side=side.get()/>
                }
                .into_any(),
            }}
        </section>
    }
    .into_any()
}
