//! A Morale Check on its own (10.1): a Stack named in the address (`?units=a,b`, from a fire's
//! result) or picked, checked on the players' Morale Table, the result applied to it.

use super::parts::{MoraleCheckForm, StackPicker, back};
use crate::shell::router::use_query_map;
use crate::systems::line_of_battle::store::{Untracked, use_store};
use leptos::prelude::*;

/// The Morale Check screen.
#[component]
pub fn MoraleScreen() -> impl IntoView {
    let store = use_store();
    let given: Vec<String> = use_query_map()
        .with_untracked(|q| q.get("units"))
        .map(|s| s.split(',').filter(|x| !x.is_empty()).map(str::to_string).collect())
        .unwrap_or_default();
    let first_side = store.with_untracked(|g| given.first().and_then(|id| g.oob.unit(id)).map(|u| u.side));
    let side = RwSignal::new(first_side.unwrap_or_else(|| store.with_untracked(|g| g.clock.phasing().other())));
    let units = RwSignal::new(given);
    view! {
        <section class="screen lob-combat" aria-labelledby="morale-title">
            {back()}
            <h1 id="morale-title">"Morale Check"</h1>
            <p class="subtitle">"10.1: the Stack's top unit's rating, one Leader, the chart's modifiers; two dice."</p>
            <crate::systems::line_of_battle::ui::SideSwitch side=side label="The checking Stack's side"/>
            <StackPicker legend="The checking Stack" side=Signal::derive(move || side.get()) chosen=units/>
            <Show when=move || !units.with(Vec::is_empty)>
                <MoraleCheckForm units=Signal::derive(move || units.get())/>
            </Show>
        </section>
    }
    .into_any()
}
