//! A battery and its gun sections: crew kills (4.3.5), canister rounds (4.3.4), limbered, low
//! on shot, and the gun's fate.

use super::regiment::morale_words;
use super::use_alerts;
use crate::systems::johnny_reb::store::use_store;
use johnny_reb::rules::unit::{MoraleLevel, Quality};
use johnny_reb::state::command::Command;
use johnny_reb::state::ids::{BatteryId, SectionId};
use johnny_reb::state::roster::{CANISTER_ROUNDS, GunState, GunType, Section};
use johnny_reb::state::roster_edit::RosterEdit;
use johnny_reb::state::units::UnitCommand;
use leptos::prelude::*;

const GUN_STATES: [GunState; 5] =
    [GunState::InAction, GunState::Abandoned, GunState::Spiked, GunState::Destroyed, GunState::Captured];

/// A battery's card with its sections.
#[component]
pub fn BatteryCard(id: BatteryId) -> impl IntoView {
    let store = use_store();
    let alerts = use_alerts();
    let id = StoredValue::new(id);
    let battery = Memo::new(move |_| store.session.with(|s| s.game().roster.battery(&id.get_value()).cloned()));
    let name = move || battery.get().map(|b| b.name).unwrap_or_default();
    let section_ids =
        move || battery.get().map(|b| b.sections.iter().map(|s| s.id.clone()).collect::<Vec<_>>()).unwrap_or_default();
    let gun = RwSignal::new(0usize);

    view! {
        <Show when=move || battery.get().is_some()>
            <article class="unit-card battery" aria-label=name>
                <header class="unit-head"><h4>{name}</h4><span class="badge">"Battery"</span></header>
                <For each=section_ids key=|id| id.clone() children=move |sid| view! { <SectionRow id=sid/> }/>
                <div class="row">
                    <label class="field">
                        <span>"Gun"</span>
                        <select on:change=move |ev| {
                            let v = event_target_value(&ev);
                            if let Some(i) = GunType::known().iter().position(|g| g.name == v) { gun.set(i); }
                        }>
                            {GunType::known().into_iter().enumerate().map(|(i, g)| view! {
                                <option value=g.name.clone() selected=move || gun.get() == i>{g.name.clone()}</option>
                            }).collect_view()}
                        </select>
                    </label>
                    <button class="button" on:click=move |_| {
                        let guns = GunType::known();
                        if let Some(g) = guns.get(gun.get_untracked()).or(guns.first()) {
                            let n = battery.get_untracked().map(|b| b.sections.len()).unwrap_or(0) + 1;
                            let section = Section::new("new", format!("Section {n}"), g.clone(), Quality::Average);
                            alerts.dispatch(store, Command::Roster(RosterEdit::AddSection { battery: id.get_value(), section }));
                        }
                    }>{move || format!("Add a section to {}", name())}</button>
                </div>
                <div class="row">
                    <button class="button" on:click=move |_| { alerts.dispatch(store, Command::Roster(RosterEdit::CopyBattery { id: id.get_value() })); }>"Copy battery"</button>
                    <button class="button danger" on:click=move |_| { alerts.dispatch(store, Command::Roster(RosterEdit::DeleteBattery { id: id.get_value() })); }>"Delete battery"</button>
                </div>
            </article>
        </Show>
    }
    .into_any()
}

#[component]
fn SectionRow(id: SectionId) -> impl IntoView {
    let store = use_store();
    let alerts = use_alerts();
    let id = StoredValue::new(id);
    let section = Memo::new(move |_| store.session.with(|s| s.game().roster.section(&id.get_value()).cloned()));
    let name = move || section.get().map(|s| s.name).unwrap_or_default();
    let dispatch = move |c: Command| {
        alerts.dispatch(store, c);
    };
    view! {
        <Show when=move || section.get().is_some()>
            <div class="section-row" role="group" aria-label=name>
                {move || section.get().map(|s| view! {
                    <p class="unit-facts">
                        <strong>{s.name.clone()}</strong>
                        {format!(" · {} · crew {} · {}", s.gun.name, s.crew_quality.label(), morale_words(s.morale))}
                    </p>
                    <p class="unit-facts muted">
                        {format!(
                            "Crew kills this turn: {} · canister left: {} of {CANISTER_ROUNDS} · {}{}{}",
                            s.crew_kills_this_turn,
                            s.canister_left(),
                            if s.limbered { "limbered" } else { "unlimbered" },
                            if s.low_on_shot { " · low on shot" } else { "" },
                            if s.state == GunState::InAction { String::new() } else { format!(" · {}", s.state.label()) },
                        )}
                    </p>
                    {super::regiment::order_sheet(store, &s.id)}
                })}
                // The crew's state (Table 14: a shaken crew x1/2, a routed one may not fire).
                <fieldset class="choices inline">
                    <legend>{move || format!("Crew of {} (Table 14)", name())}</legend>
                    {[MoraleLevel::Good, MoraleLevel::Shaken, MoraleLevel::Routed]
                        .into_iter()
                        .map(|level| view! {
                            <button
                                class="button"
                                aria-pressed=move || if section.get().map(|s| s.morale) == Some(level) { "true" } else { "false" }
                                on:click=move |_| dispatch(Command::Unit(UnitCommand::SetMorale { unit: id.get_value().into(), level }))
                            >
                                {morale_words(level)}
                            </button>
                        })
                        .collect_view()}
                </fieldset>
                <div class="row">
                    <button class="button primary" aria-label=move || format!("Add a crew kill to {}", name())
                        on:click=move |_| dispatch(Command::Unit(UnitCommand::AddCrewKill { section: id.get_value() }))>"+1 crew kill"</button>
                    <button class="button" aria-label=move || format!("Fire a round of canister from {}", name())
                        on:click=move |_| dispatch(Command::Unit(UnitCommand::UseCanister { section: id.get_value(), rounds: 1 }))>"Canister fired"</button>
                    <button class="button" on:click=move |_| {
                        let limbered = section.get_untracked().map(|s| s.limbered).unwrap_or(false);
                        dispatch(Command::Unit(UnitCommand::SetLimbered { section: id.get_value(), limbered: !limbered }));
                    }>{move || if section.get().map(|s| s.limbered).unwrap_or(false) { "Unlimber" } else { "Limber" }}</button>
                </div>
                <details class="more">
                    <summary class="button">{move || format!("More for {}", name())}</summary>
                    <div class="row">
                        <button class="button" on:click=move |_| dispatch(Command::Unit(UnitCommand::RemoveCrewKill { section: id.get_value() }))>"−1 crew kill"</button>
                        <button class="button" on:click=move |_| {
                            let low = section.get_untracked().map(|s| s.low_on_shot).unwrap_or(false);
                            dispatch(Command::Unit(UnitCommand::SetLowOnShot { section: id.get_value(), on: !low }));
                        }>{move || if section.get().map(|s| s.low_on_shot).unwrap_or(false) { "Shot resupplied" } else { "Low on shot" }}</button>
                    </div>
                    <label class="field">
                        <span>"Gun"</span>
                        <select on:change=move |ev| {
                            let v = event_target_value(&ev);
                            if let Some(state) = GUN_STATES.iter().find(|g| g.label() == v) {
                                dispatch(Command::Unit(UnitCommand::SetGunState { section: id.get_value(), state: *state }));
                            }
                        }>
                            {GUN_STATES.into_iter().map(|g| view! {
                                <option value=g.label() selected=move || section.get().map(|s| s.state) == Some(g)>{g.label()}</option>
                            }).collect_view()}
                        </select>
                    </label>
                    <div class="row">
                        <button class="button" on:click=move |_| dispatch(Command::Roster(RosterEdit::CopySection { id: id.get_value() }))>"Copy section"</button>
                        <button class="button danger" on:click=move |_| dispatch(Command::Roster(RosterEdit::DeleteSection { id: id.get_value() }))>"Delete section"</button>
                    </div>
                </details>
            </div>
        </Show>
    }
    .into_any()
}
