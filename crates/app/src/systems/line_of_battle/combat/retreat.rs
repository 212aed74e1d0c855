//! A Retreat (10.3) told from the map: the Retreating Stack (from the Morale result's address,
//! `?units=a,b`, or picked), its Unlimbered guns overrun when it comes from a Charge
//! (`&charge=1`, 10.3d), the EZOC hexes it enters (10.3b) and the Stacks it collides with
//! (10.3c). What that does is worked out first (`model::retreat`) and shown with its rules;
//! one tap applies it all, one undo takes it back.

use super::parts::{LeaderColumn, LeaderPicks, StackPicker, back};
use crate::shell::router::use_query_map;
use crate::systems::line_of_battle::model::retreat::{self, Meeting, RetreatForm};
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::{SideSwitch, refusal};
use crate::widgets::dice::{DiceEntry, one_die};
use crate::widgets::toggles::{Stepper, Toggles};
use leptos::prelude::*;
use line_of_battle::combat::retreat::Collision;

fn choice_words(c: Collision) -> &'static str {
    match c {
        Collision::Displace => "Displaces",
        Collision::Join => "Joins",
        Collision::PassThrough => "lets it Pass Through",
    }
}

/// The Retreat screen.
#[component]
pub fn RetreatScreen() -> impl IntoView {
    let store = use_store();
    let (given, from_charge) = use_query_map().with_untracked(|q| {
        let units: Vec<String> = q
            .get("units")
            .map(|s| s.split(',').filter(|x| !x.is_empty()).map(str::to_string).collect())
            .unwrap_or_default();
        (units, q.get("charge").is_some_and(|c| c == "1"))
    });
    let first_side = store.with_untracked(|g| given.first().and_then(|id| g.oob.unit(id)).map(|u| u.side));
    let side = RwSignal::new(first_side.unwrap_or_else(|| store.with_untracked(|g| g.clock.phasing().other())));
    let units = RwSignal::new(given);
    let charge = RwSignal::new(from_charge);
    let overrun_faces = RwSignal::new(Vec::<u8>::new());
    let hexes = RwSignal::new(0u32);
    let leaders = RwSignal::new(Vec::<String>::new());
    let column = RwSignal::new(String::new());
    let meetings = RwSignal::new(Vec::<Meeting>::new());
    let stationary = RwSignal::new(Vec::<String>::new());
    let choice = RwSignal::new(Collision::Displace);
    let ends_here = RwSignal::new(false);
    let ends_with = RwSignal::new(Vec::<String>::new());
    let said = RwSignal::new(None::<Vec<String>>);
    let problem = RwSignal::new(None::<String>);
    let guns =
        move || if charge.get() { store.with(|g| retreat::unlimbered_guns(g, &units.get())) } else { Vec::new() };
    let form = move || RetreatForm {
        units: units.get(),
        overrun: guns().first().cloned().and_then(|b| one_die(&overrun_faces.get()).map(|d| (b, d))),
        ezoc_hexes: u8::try_from(hexes.get()).unwrap_or(u8::MAX),
        leaders: leaders.get(),
        leader_column: column.get(),
        meetings: meetings.get(),
        ends_with: ends_with.get(),
    };
    let waiting_for_die = move || !guns().is_empty() && one_die(&overrun_faces.get()).is_none();
    let plan = Memo::new(move |_| {
        let f = form();
        (!f.units.is_empty()).then(|| store.with(|g| retreat::plan(g, &f)))
    });
    let apply = move |_| {
        let Some(Ok(p)) = plan.get_untracked() else { return };
        match store.dispatch_all(p.commands) {
            Ok(outcomes) => {
                said.set(Some(outcomes.into_iter().flat_map(|o| o.lines).collect()));
                problem.set(None);
                units.set(Vec::new());
                overrun_faces.set(Vec::new());
                hexes.set(0);
                leaders.set(Vec::new());
                meetings.set(Vec::new());
                ends_with.set(Vec::new());
            }
            Err(e) => problem.set(Some(e)),
        }
    };
    let add_meeting = move |_| {
        let s = stationary.get_untracked();
        if s.is_empty() {
            problem.set(Some("Pick the stationary Stack the Retreat enters, top unit first.".into()));
            return;
        }
        meetings.update(|m| {
            m.push(Meeting { stationary: s, choice: choice.get_untracked(), ends_here: ends_here.get_untracked() })
        });
        stationary.set(Vec::new());
        ends_here.set(false);
        problem.set(None);
    };
    let names = move |ids: &[String]| {
        store
            .with(|g| ids.iter().filter_map(|id| g.oob.unit(id).map(|u| u.name.clone())).collect::<Vec<_>>().join(", "))
    };
    view! {
        <section class="screen lob-combat" aria-labelledby="retreat-title">
            {back()}
            <h1 id="retreat-title">"Retreat"</h1>
            <p class="subtitle">"10.3: move the Stack on the map, then say here what it met; every loss is shown with its rule before you apply it."</p>
            {move || said.get().map(|lines| view! {
                <section class="card result" role="status" aria-label="Retreat applied">
                    <p class="applied">"Applied to the game."</p>
                    <ul class="plain">{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                    <a class="button" href="/combat/due">"Checks due"</a>
                </section>
            })}
            <SideSwitch side=side label="The Retreating Stack's side"/>
            <StackPicker legend="The Retreating Stack" side=Signal::derive(move || side.get()) chosen=units/>
            <label class="choice">
                <input type="checkbox" bind:checked=charge/>
                <span>"The Retreat comes from a Charge (10.3d: Unlimbered guns are overrun)"</span>
            </label>
            <Show when=move || !guns().is_empty()>
                <section class="card" aria-label="Guns overrun">
                    <h2>{move || format!("{}: Unlimbered guns overrun (10.3d)", names(&guns()[..1]))}</h2>
                    <p>"Roll one die: that many SPs are killed; the rest Limbers and Retreats."</p>
                    <DiceEntry name="Overrun die" count=Signal::derive(|| 1usize) faces=overrun_faces/>
                </section>
            </Show>
            <Stepper label="EZOC hexes entered (10.3b)" value=hexes max=12/>
            <Show when=move || { hexes.get() > 0 }>
                <p class="muted">"One SP for the Stack per EZOC hex, never from Open Order units (10.3b, 6.4a); a Leader Loss Check for each Leader with it."</p>
                <LeaderPicks legend="Leaders with the Retreating Stack" side=Signal::derive(move || side.get()) chosen=leaders/>
                <Show when=move || !leaders.with(Vec::is_empty)>
                    <LeaderColumn column=column/>
                </Show>
            </Show>
            <section class="card" aria-label="Collisions">
                <h2>"Collisions (10.3c)"</h2>
                <Show when=move || !meetings.with(Vec::is_empty) fallback=|| view! { <p class="muted">"None yet: add each friendly Stack whose hex the Retreat enters."</p> }>
                    <ol class="plain">
                        {move || meetings.get().into_iter().enumerate().map(|(i, m)| {
                            let text = format!(
                                "{} {}{}",
                                names(&m.stationary),
                                choice_words(m.choice),
                                if m.ends_here { ", the Retreat ends there" } else { "" }
                            );
                            view! {
                                <li class="row">
                                    <span>{text.clone()}</span>
                                    <button type="button" class="button" aria-label=format!("Remove: {text}") on:click=move |_| meetings.update(|v| { if i < v.len() { v.remove(i); } })>"Remove"</button>
                                </li>
                            }
                        }).collect_view()}
                    </ol>
                </Show>
                <details class="more collision-add">
                    <summary class="button">"Add a Collision"</summary>
                    <StackPicker legend="The stationary Stack" side=Signal::derive(move || side.get()) chosen=stationary/>
                    <Toggles
                        legend="The stationary Stack's choice"
                        options=vec![(Collision::Displace, "Displace"), (Collision::Join, "Join"), (Collision::PassThrough, "Pass Through")]
                        value=choice
                    />
                    <label class="choice">
                        <input type="checkbox" bind:checked=ends_here/>
                        <span>"The Retreat ends in this hex"</span>
                    </label>
                    <button type="button" class="button" on:click=add_meeting>"Add the Collision"</button>
                </details>
            </section>
            <section class="card" aria-label="Where the Retreat ends">
                <h2>"Where the Retreat ends (6.1a, 10.3a)"</h2>
                <p class="muted">"Stacking is enforced at the end of a Retreat: pick the friendly units already in that hex, if any. Over 16 SPs the hex is DG, Routed if already DG."</p>
                <StackPicker legend="Already in the hex where the Retreat ends" side=Signal::derive(move || side.get()) chosen=ends_with/>
            </section>
            {move || match plan.get() {
                None => ().into_any(),
                Some(_) if waiting_for_die() => view! { <p class="muted">"Enter the overrun die first (10.3d)."</p> }.into_any(),
                Some(Ok(p)) => view! {
                    <section class="card result" role="status" aria-label="The Retreat">
                        <ul class="plain">{p.lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                        <button class="button big primary" on:click=apply>"Apply the Retreat"</button>
                    </section>
                }
                .into_any(),
                Some(Err(e)) => view! { <p class="banner warning" role="status">{e}</p> }.into_any(),
            }}
            {refusal(problem)}
        </section>
    }
    .into_any()
}

/// The way on from a Morale result that calls for a Retreat (10.1, 10.3).
pub fn retreat_link(href: Option<String>) -> impl IntoView {
    href.map(|h| view! { <a class="button big primary" href=h>"Retreat the Stack (10.3)"</a> })
}
