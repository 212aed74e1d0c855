//! The Rally Phase in its strict order (12.1) for the Phasing Player's units, and the
//! Midnight turn's Rebuilding (12.2).

use super::parts::{back, leaders_of};
use crate::systems::line_of_battle::model::words;
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::{ChoiceBox, refusal};
use crate::widgets::dice::{DiceEntry, one_die};
use leptos::prelude::*;
use line_of_battle::clock::Segment;
use line_of_battle::game::Command;
use line_of_battle::morale::{MoraleState, RALLY_STEPS};
use line_of_battle::oob::Arm;

/// The Rally screen.
#[component]
pub fn RallyScreen() -> impl IntoView {
    let store = use_store();
    let side = move || store.with(|g| g.clock.phasing());
    let segment = move || store.with(|g| g.clock.phase());
    let problem = RwSignal::new(None::<String>);
    let said = RwSignal::new(None::<String>);
    let send = move |c: Command| match store.dispatch(c) {
        Ok(o) => {
            problem.set(None);
            said.set(Some(o.lines.join(" ")));
        }
        Err(e) => problem.set(Some(e.to_string())),
    };
    let routed = move || {
        store.with(|g| {
            g.oob
                .units
                .iter()
                .filter(|u| u.side == side() && u.on_map && u.state == MoraleState::Routed)
                .map(|u| (u.id.clone(), u.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let rebuildable = move || {
        store.with(|g| {
            g.oob
                .units
                .iter()
                .filter(|u| {
                    u.side == side()
                        && matches!(u.arm, Arm::Infantry | Arm::Artillery)
                        && u.strength < u.printed
                        && !u.green
                })
                .filter(|u| u.on_map || u.dead)
                .map(|u| {
                    (
                        u.id.clone(),
                        format!(
                            "{} ({} of {} SP{})",
                            u.name,
                            u.strength,
                            u.printed,
                            if u.dead { ", Dead Pile" } else { "" }
                        ),
                    )
                })
                .collect::<Vec<_>>()
        })
    };
    let eligible = RwSignal::new(Vec::<String>::new());
    view! {
        <section class="screen lob-combat" aria-labelledby="rally-title">
            {back()}
            <h1 id="rally-title">"Rally and Rebuilding"</h1>
            <p class="subtitle">{move || format!("{} units, in this order (12.1):", words::side(side()))}</p>
            <ol class="steps">{RALLY_STEPS.iter().map(|s| view! { <li>{*s}</li> }).collect_view()}</ol>
            <Show when=move || segment() == Segment::Rally fallback=|| view! { <p class="muted">"Rally is done in the Rally Phase (12.1)."</p> }>
                <div class="row">
                    <button class="button primary" on:click=move |_| send(Command::RallyMarkers { held: Vec::new() })>"Steps 1 and 2: remove Sh and BL, flip DG to Sh"</button>
                </div>
                <h2>"Step 3: each Routed Stack"</h2>
                <Show when=move || !routed().is_empty() fallback=|| view! { <p class="muted">"No Routed unit."</p> }>
                    {move || routed().into_iter().map(|(id, name)| view! { <RallyRoll id=id name=name/> }).collect_view()}
                </Show>
            </Show>
            <Show when=move || segment() == Segment::Rebuilding>
                <h2>"Rebuilding (12.2): the units in Command Radius or in the Dead Pile"</h2>
                <fieldset class="choices">
                    <legend>"Units eligible"</legend>
                    {move || rebuildable().into_iter().map(|(id, label)| view! { <ChoiceBox id=id label=label chosen=eligible/> }).collect_view()}
                </fieldset>
                <button class="button primary" on:click=move |_| send(Command::Rebuild { eligible: eligible.get_untracked() })>"Rebuild 1 SP each"</button>
            </Show>
            {refusal(problem)}
            {move || said.get().map(|t| view! { <p class="banner info" role="status">{t}</p> })}
        </section>
    }
    .into_any()
}

/// One Routed Stack's Rally roll: one die plus one Leader's Morale Value; 5 or more is DG.
#[component]
fn RallyRoll(id: String, name: String) -> impl IntoView {
    let store = use_store();
    let id = StoredValue::new(id);
    let leader = RwSignal::new(String::new());
    let faces = RwSignal::new(Vec::<u8>::new());
    let problem = RwSignal::new(None::<String>);
    let side = store.with_untracked(|g| g.oob.unit(&id.get_value()).map(|u| u.side));
    let roll = move |_| {
        let Some(die) = one_die(&faces.get_untracked()) else {
            problem.set(Some("Enter the die first.".into()));
            return;
        };
        let l = leader.get_untracked();
        let c = Command::RallyRouted { units: vec![id.get_value()], die, leader: (!l.is_empty()).then_some(l) };
        match store.dispatch(c) {
            Ok(_) => problem.set(None),
            Err(e) => problem.set(Some(e.to_string())),
        }
    };
    view! {
        <div class="roll-form" role="group" aria-label=format!("Rally of {name}")>
            <h3>{name.clone()}</h3>
            <label class="field">
                <span>"A Leader in its hex"</span>
                <select on:change=move |ev| leader.set(event_target_value(&ev))>
                    <option value="">"None"</option>
                    {side.map(|s| leaders_of(s).into_iter().map(|(id, n, _)| view! { <option value=id>{n}</option> }).collect_view())}
                </select>
            </label>
            <DiceEntry name=format!("Rally die for {name}") count=Signal::derive(|| 1usize) faces=faces/>
            <button class="button" on:click=roll>"Roll to rally (5 or more)"</button>
            {refusal(problem)}
        </div>
    }
    .into_any()
}
