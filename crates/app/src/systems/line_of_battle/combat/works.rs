//! Breastworks (5.0): each side's markers as the scenario allocates them (5.0a), a marker built
//! where the players say the hex qualifies, the Formation's Defensive Orders and their 3 hours
//! checked in its book (5.0b), and removal or capture (5.0c). Each change is one undo step.

use super::parts::back;
use crate::systems::line_of_battle::model::words;
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::{SideSwitch, applied, number, refusal};
use leptos::prelude::*;
use line_of_battle::game::Command;
use line_of_battle::oob::{Echelon, Side};
use line_of_battle::works::{LCV_POOLS, Site, WorksCommand};

/// The Breastworks screen.
#[component]
pub fn WorksScreen() -> impl IntoView {
    let store = use_store();
    let side = RwSignal::new(store.with_untracked(|g| g.clock.phasing()));
    let said = RwSignal::new(None::<Vec<String>>);
    let problem = RwSignal::new(None::<String>);
    let send = move |commands: Vec<Command>| match store.dispatch_all(commands) {
        Ok(o) => {
            said.set(Some(o.into_iter().flat_map(|o| o.lines).collect()));
            problem.set(None);
        }
        Err(e) => problem.set(Some(e)),
    };
    let pools = move || {
        store.with(|g| {
            words::SIDES
                .into_iter()
                .map(|s| {
                    format!("{}: {} of {} markers off the map", words::side(s), g.works.available(s), g.works.pool(s))
                })
                .collect::<Vec<_>>()
        })
    };
    let markers = RwSignal::new(String::new());
    let allocate = move |_| {
        let Some(n) = number::<u8>(&markers.get_untracked()) else {
            problem.set(Some("Enter the number of markers the scenario gives this side (5.0a).".into()));
            return;
        };
        send(vec![Command::Works(WorksCommand::Allocate { side: side.get_untracked(), markers: n })]);
    };
    let lcv = move |_| {
        send(LCV_POOLS.iter().map(|(s, n)| Command::Works(WorksCommand::Allocate { side: *s, markers: *n })).collect())
    };
    let hex = RwSignal::new(String::new());
    let formation = RwSignal::new(String::new());
    let facing = RwSignal::new(String::new());
    let line_held = RwSignal::new(false);
    let unattacked = RwSignal::new(false);
    let woods = RwSignal::new(false);
    let formations = move || {
        store.with(|g| {
            g.oob
                .formations
                .iter()
                .filter(|f| f.side == side.get() && matches!(f.echelon, Echelon::Division | Echelon::Brigade))
                .map(|f| (f.id.clone(), f.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let build = move |_| {
        send(vec![Command::Works(WorksCommand::Build(Site {
            hex: hex.get_untracked().trim().to_string(),
            formation: formation.get_untracked(),
            facing: facing.get_untracked().trim().to_string(),
            line_held: line_held.get_untracked(),
            unattacked: unattacked.get_untracked(),
            woods: woods.get_untracked(),
        }))])
    };
    let placed = move || store.with(|g| g.works.placed.clone());
    view! {
        <section class="screen lob-combat lob-works" aria-labelledby="works-title">
            {back()}
            <h1 id="works-title">"Breastworks"</h1>
            <p class="subtitle">"5.0: markers by the scenario, built after 3 hours under Defensive Orders in Woods, removed or captured."</p>
            {move || said.get().map(|lines| applied("Applied", lines))}
            {refusal(problem)}
            <ul class="plain">{move || pools().into_iter().map(|p| view! { <li>{p}</li> }).collect_view()}</ul>
            <SideSwitch side=side/>
            <details class="more">
                <summary class="button">"The scenario's markers (5.0a)"</summary>
                <label class="field">
                    <span>{move || format!("{} markers", words::side(side.get()))}</span>
                    <input type="text" inputmode="numeric" maxlength="2" autocomplete="off" bind:value=markers/>
                </label>
                <button type="button" class="button" on:click=allocate>"Set the markers"</button>
                <button type="button" class="button" on:click=lcv>"Last Chance for Victory: 15 Federal, none Confederate (LCV 1.0a)"</button>
            </details>
            <section class="card" aria-label="Build Breastworks">
                <h2>"Build (5.0b)"</h2>
                <label class="field"><span>"Hex"</span><input type="text" autocomplete="off" bind:value=hex/></label>
                <label class="field">
                    <span>"The Formation holding it"</span>
                    <select on:change=move |ev| formation.set(event_target_value(&ev))>
                        <option value="">"Choose a Formation"</option>
                        {move || formations().into_iter().map(|(id, name)| view! { <option value=id>{name}</option> }).collect_view()}
                    </select>
                </label>
                <label class="field"><span>"Facing (its Frontal hexsides)"</span><input type="text" autocomplete="off" bind:value=facing/></label>
                <label class="choice"><input type="checkbox" bind:checked=woods/><span>"The hex holds some Woods (the hex symbol)"</span></label>
                <label class="choice"><input type="checkbox" bind:checked=line_held/><span>"A friendly unit in Line has held it for those 3 hours"</span></label>
                <label class="choice"><input type="checkbox" bind:checked=unattacked/><span>"No enemy Formation under Attack Orders attacked it in that time"</span></label>
                <button type="button" class="button primary" on:click=build>"Build the Breastworks"</button>
            </section>
            <h2>"On the map"</h2>
            <Show when=move || !placed().is_empty() fallback=|| view! { <p class="muted">"No Breastworks on the map."</p> }>
                <ul class="plain">
                    {move || placed().into_iter().map(|b| {
                        let owner = b.owner;
                        let hex = StoredValue::new(b.hex.clone());
                        let remove = move |by: Side| send(vec![Command::Works(WorksCommand::Remove { hex: hex.get_value(), by })]);
                        view! {
                            <li class="card">
                                <p>{format!("{}: {}'s, facing {}", b.hex, words::side(owner), b.facing)}</p>
                                <div class="row">
                                    <button type="button" class="button" on:click=move |_| remove(owner)>{format!("Removed by the {} player (5.0c)", words::side(owner))}</button>
                                    <button type="button" class="button danger" on:click=move |_| remove(owner.other())>{format!("Destroyed by the {} player (5.0c)", words::side(owner.other()))}</button>
                                </div>
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </Show>
        </section>
    }
    .into_any()
}
