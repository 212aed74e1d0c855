//! A Morale Check the players call for themselves (10.1): a Stack named in the address
//! (`?units=a,b`) or picked, checked on the players' Morale Table, the result applied to it.
//! Those a result leaves due are settled from "Checks due".

use super::dues::{DueList, Morale};
use super::parts::{StackPicker, back};
use super::retreat::retreat_link;
use crate::shell::router::use_query_map;
use crate::systems::line_of_battle::model::retreat::address;
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::refusal;
use leptos::prelude::*;
use line_of_battle::game::Command;

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
    let problem = RwSignal::new(None::<String>);
    let said = RwSignal::new(None::<Vec<String>>);
    let retreat = RwSignal::new(None::<String>);
    let send = Callback::new(move |c: Command| match store.dispatch(c) {
        Ok(o) => {
            retreat.set(address(&units.get_untracked(), &o.lines, false));
            said.set(Some(o.lines));
            problem.set(None);
        }
        Err(e) => problem.set(Some(e)),
    });
    view! {
        <section class="screen lob-combat" aria-labelledby="morale-title">
            {back()}
            <h1 id="morale-title">"Morale Check"</h1>
            <p class="subtitle">"10.1: the Stack's top unit's rating, one Leader, the chart's modifiers; two dice."</p>
            <Show when=move || store.with(|g| !g.dues.list.is_empty())>
                <h2>"Checks due"</h2>
                <DueList/>
            </Show>
            <crate::systems::line_of_battle::ui::SideSwitch side=side label="The checking Stack's side"/>
            <StackPicker legend="The checking Stack" side=Signal::derive(move || side.get()) chosen=units/>
            {move || {
                let u = units.get();
                (!u.is_empty()).then(|| view! { <Morale due=None units=u adjacent=true send=send/> })
            }}
            {move || said.get().map(|lines| view! {
                <section class="card result" role="status" aria-label="Applied">
                    <p class="applied">"Applied to the game."</p>
                    <ul class="plain">{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                    {retreat_link(retreat.get())}
                </section>
            })}
            {refusal(problem)}
        </section>
    }
    .into_any()
}
