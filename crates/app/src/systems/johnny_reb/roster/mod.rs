//! Roster area: both sides' divisions, brigades, regiments, batteries and officers, with one
//! tap per kill, and the morale checks and integrity warnings that follow (0.1.3, 4.4.1, 11).

mod battery;
mod edit;
mod forms;
mod officers;
mod regiment;

use crate::systems::johnny_reb::store::{Store, use_store};
use johnny_reb::rules::command_integrity::IntegrityLevel;
use johnny_reb::state::command::{Command, Outcome};
use johnny_reb::state::roster::{BrigadeId, CommandScope, DivisionId, Side};
use johnny_reb::state::roster_edit::RosterEdit;
use leptos::prelude::*;

pub use regiment::{RegimentCard, morale_words};

/// What the players must be told after a tap: morale checks due, a stand lost, a level
/// crossed, or a deletion to undo.
#[derive(Clone, Debug, PartialEq)]
pub enum RosterAlert {
    /// A morale check due (4.4.1), or a command's integrity level crossed (11.2).
    Check(String),
    /// Something was deleted; Undo puts it back.
    Deleted(String),
}

/// The alerts of the Roster area, shared by its cards.
#[derive(Clone, Copy)]
pub struct RosterAlerts(pub RwSignal<Vec<RosterAlert>>);

impl RosterAlerts {
    /// Dispatches a command and turns what it did into alerts.
    pub fn dispatch(self, store: Store, command: Command) -> Option<Outcome> {
        let deleting = deleted_name(store, &command);
        let outcome = store.dispatch(command).map_err(|e| store.refuse(&e)).ok()?;
        let mut new = Vec::new();
        for check in &outcome.morale_checks {
            new.push(RosterAlert::Check(format!(
                "Morale check due: {} ({}, {}).",
                check.name,
                check.reason.label(),
                check.reason.rule()
            )));
        }
        if outcome.stand_lost && outcome.morale_checks.is_empty() {
            new.push(RosterAlert::Check(outcome.text.clone()));
        }
        for crossed in &outcome.levels_crossed {
            new.push(RosterAlert::Check(format!("{crossed}.")));
        }
        if let Some(name) = deleting {
            self.0.update(|a| a.retain(|x| !matches!(x, RosterAlert::Deleted(_))));
            new.push(RosterAlert::Deleted(name));
        }
        if !new.is_empty() {
            self.0.update(|a| a.extend(new));
        }
        Some(outcome)
    }
}

fn deleted_name(store: Store, command: &Command) -> Option<String> {
    store.session.with_untracked(|s| {
        let roster = &s.game().roster;
        match command {
            Command::Roster(RosterEdit::DeleteRegiment { id }) => roster.regiment(id).map(|r| r.name.clone()),
            Command::Roster(RosterEdit::DeleteBrigade { id }) => roster.brigade(id).map(|b| b.name.clone()),
            Command::Roster(RosterEdit::DeleteDivision { id }) => roster.division(id).map(|d| d.name.clone()),
            Command::Roster(RosterEdit::DeleteBattery { id }) => roster.battery(id).map(|b| b.name.clone()),
            Command::Roster(RosterEdit::DeleteSection { id }) => roster.section(id).map(|s| s.name.clone()),
            Command::Roster(RosterEdit::DeleteOfficer { id }) => Side::BOTH
                .iter()
                .flat_map(|side| roster.army(*side).officers.iter())
                .find(|o| &o.id == id)
                .map(|o| o.name.clone()),
            _ => None,
        }
    })
}

fn use_alerts() -> RosterAlerts {
    use_context::<RosterAlerts>().unwrap_or_else(|| RosterAlerts(RwSignal::new(Vec::new())))
}

/// The Roster area.
#[component]
pub fn RosterScreen() -> impl IntoView {
    let store = use_store();
    // "Build the Confederate side" on the first start opens this screen on that side.
    let asked = crate::shell::router::use_query_map().with_untracked(|q| q.get("side"));
    let side = RwSignal::new(if asked.as_deref() == Some("confederate") { Side::Confederate } else { Side::Union });
    let alerts = RosterAlerts(RwSignal::new(Vec::new()));
    provide_context(alerts);

    let division_ids = move || {
        store
            .session
            .with(|s| s.game().roster.army(side.get()).divisions.iter().map(|d| d.id.clone()).collect::<Vec<_>>())
    };
    let army_integrity = move || store.session.with(|s| s.game().roster.integrity(&CommandScope::Army(side.get())));

    view! {
        // The side's colour edges every unit card (style/main.css); its name heads the screen,
        // so the colour never carries the side alone. An army list loaded for the other side
        // takes that side's colour with its place.
        <section class=move || format!("screen side-{}", side.get().label().to_ascii_lowercase()) aria-labelledby="roster-title">
            <h1 id="roster-title">"Roster"</h1>
            <div class="segmented" role="group" aria-label="Side">
                {Side::BOTH
                    .into_iter()
                    .map(|s| {
                        view! {
                            <button
                                class="button"
                                aria-pressed=move || if side.get() == s { "true" } else { "false" }
                                on:click=move |_| side.set(s)
                            >
                                {s.label()}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <AlertList/>
            <p class="muted integrity">
                {move || match army_integrity() {
                    Some(i) => format!(
                        "{} army: {} of {} command points lost, {}.",
                        side.get().label(),
                        i.lost,
                        i.value,
                        level_words(i.level)
                    ),
                    None => format!("The {} army has no units yet.", side.get().label()),
                }}
            </p>
            <For each=division_ids key=|id| id.clone() children=move |id| view! { <DivisionBlock id=id/> }/>
            <forms::AddNamed
                label="New division"
                button="Add division"
                on_add=Callback::new(move |name: String| {
                    alerts.dispatch(store, Command::Roster(RosterEdit::AddDivision { side: side.get_untracked(), name }));
                })
            />
            <officers::OfficerList side=side/>
        </section>
    }
    .into_any()
}

/// An integrity level in words (11.2).
pub fn level_words(level: IntegrityLevel) -> &'static str {
    match level {
        IntegrityLevel::Fighting => "fighting",
        IntegrityLevel::CeaseOffensive => "must cease offensive activity (11.2)",
        IntegrityLevel::RetireFromField => "must retire from the field (11.2)",
    }
}

#[component]
fn AlertList() -> impl IntoView {
    let store = use_store();
    let alerts = use_alerts();
    let items = move || alerts.0.get().into_iter().enumerate().collect::<Vec<_>>();
    view! {
        <div class="roster-alerts" aria-live="polite">
            {move || {
                items()
                    .into_iter()
                    .map(|(i, alert)| match alert {
                        RosterAlert::Check(text) => view! {
                            <div class="banner warning" role="alert">
                                <p>{text}</p>
                                <div class="actions">
                                    <button class="button" on:click=move |_| alerts.0.update(|a| { if i < a.len() { a.remove(i); } })>
                                        "Done"
                                    </button>
                                </div>
                            </div>
                        }
                        .into_any(),
                        RosterAlert::Deleted(name) => view! {
                            <div class="banner info" role="status">
                                <p>{format!("Deleted {name}.")}</p>
                                <div class="actions">
                                    <button class="button primary" on:click=move |_| {
                                        store.undo();
                                        alerts.0.update(|a| { if i < a.len() { a.remove(i); } });
                                    }>"Undo"</button>
                                    <button class="button" on:click=move |_| alerts.0.update(|a| { if i < a.len() { a.remove(i); } })>
                                        "Dismiss"
                                    </button>
                                </div>
                            </div>
                        }
                        .into_any(),
                    })
                    .collect_view()
            }}
        </div>
    }
    .into_any()
}

#[component]
fn DivisionBlock(id: DivisionId) -> impl IntoView {
    let store = use_store();
    let alerts = use_alerts();
    let id = StoredValue::new(id);
    let division = Memo::new(move |_| store.session.with(|s| s.game().roster.division(&id.get_value()).cloned()));
    let integrity = move || store.session.with(|s| s.game().roster.integrity(&CommandScope::Division(id.get_value())));
    let brigade_ids =
        move || division.get().map(|d| d.brigades.iter().map(|b| b.id.clone()).collect::<Vec<_>>()).unwrap_or_default();
    let battery_ids = move || {
        division.get().map(|d| d.batteries.iter().map(|b| b.id.clone()).collect::<Vec<_>>()).unwrap_or_default()
    };
    let name = move || division.get().map(|d| d.name).unwrap_or_default();

    view! {
        <section class="division" aria-label=name>
            <h2>{name}</h2>
            <p class="muted integrity">
                {move || integrity().map(|i| format!("{} of {} points lost: {}.", i.lost, i.value, level_words(i.level)))}
            </p>
            <For each=brigade_ids key=|id| id.clone() children=move |id| view! { <BrigadeBlock id=id/> }/>
            <For each=battery_ids key=|id| id.clone() children=move |id| view! { <battery::BatteryCard id=id/> }/>
            <div class="row">
                <forms::AddNamed
                    label="New brigade"
                    button="Add brigade"
                    on_add=Callback::new(move |name: String| {
                        alerts.dispatch(store, Command::Roster(RosterEdit::AddBrigade { division: id.get_value(), name }));
                    })
                />
            </div>
            <details class="more">
                <summary class="button">{move || format!("More for {}", name())}</summary>
                // The division keeps its stance (11.2): only the name changes here.
                <forms::AddNamed
                    label="New name for the division"
                    button="Rename division"
                    on_add=Callback::new(move |name: String| {
                        let stance = division.get_untracked().map(|d| d.stance).unwrap_or_default();
                        alerts.dispatch(store, Command::Roster(RosterEdit::EditDivision { id: id.get_value(), name, stance }));
                    })
                />
                <div class="row">
                    <forms::AddNamed
                        label="New divisional battery"
                        button="Add battery"
                        on_add=Callback::new(move |name: String| {
                            alerts.dispatch(store, Command::Roster(RosterEdit::AddBattery { owner: id.get_value().into(), name }));
                        })
                    />
                </div>
                <div class="row">
                    <button class="button" on:click=move |_| { alerts.dispatch(store, Command::Roster(RosterEdit::CopyDivision { id: id.get_value() })); }>
                        "Copy division"
                    </button>
                    <button class="button" on:click=move |_| { alerts.dispatch(store, Command::Roster(RosterEdit::DeleteDivision { id: id.get_value() })); }>
                        "Delete division"
                    </button>
                </div>
            </details>
        </section>
    }
    .into_any()
}

/// What a brigade's foot is adding: nothing, a regiment or a battery.
#[derive(Clone, Copy, PartialEq)]
enum Adding {
    Nothing,
    Regiment,
    Battery,
}

#[component]
fn BrigadeBlock(id: BrigadeId) -> impl IntoView {
    let store = use_store();
    let alerts = use_alerts();
    let id = StoredValue::new(id);
    let brigade = Memo::new(move |_| store.session.with(|s| s.game().roster.brigade(&id.get_value()).cloned()));
    let integrity = move || store.session.with(|s| s.game().roster.integrity(&CommandScope::Brigade(id.get_value())));
    let regiment_ids =
        move || brigade.get().map(|b| b.regiments.iter().map(|r| r.id.clone()).collect::<Vec<_>>()).unwrap_or_default();
    let battery_ids =
        move || brigade.get().map(|b| b.batteries.iter().map(|b| b.id.clone()).collect::<Vec<_>>()).unwrap_or_default();
    let name = move || brigade.get().map(|b| b.name).unwrap_or_default();
    let adding = RwSignal::new(Adding::Nothing);

    view! {
        <section class="brigade" aria-label=name>
            <h3>{name}</h3>
            <p class="muted integrity">
                {move || integrity().map(|i| format!("{} of {} points lost: {}.", i.lost, i.value, level_words(i.level)))}
            </p>
            <div class="unit-grid">
                <For each=regiment_ids key=|id| id.clone() children=move |rid| view! { <RegimentCard id=rid brigade=id.get_value()/> }/>
                <For each=battery_ids key=|id| id.clone() children=move |id| view! { <battery::BatteryCard id=id/> }/>
            </div>
            // A battery is added as readily as a regiment (0.1.2): both from the brigade's foot.
            {move || match adding.get() {
                Adding::Nothing => view! {
                    <div class="row">
                        <button class="button" on:click=move |_| adding.set(Adding::Regiment)>
                            {move || format!("Add a regiment to {}", name())}
                        </button>
                        <button class="button" on:click=move |_| adding.set(Adding::Battery)>
                            {move || format!("Add a battery to {}", name())}
                        </button>
                    </div>
                }
                .into_any(),
                Adding::Regiment => view! {
                    <forms::RegimentForm brigade=id.get_value() on_done=Callback::new(move |_| adding.set(Adding::Nothing))/>
                }
                .into_any(),
                Adding::Battery => view! {
                    <div class="add-battery">
                        <forms::AddNamed
                            label="New battery"
                            button="Add battery"
                            on_add=Callback::new(move |name: String| {
                                if alerts.dispatch(store, Command::Roster(RosterEdit::AddBattery { owner: id.get_value().into(), name })).is_some() {
                                    adding.set(Adding::Nothing);
                                }
                            })
                        />
                        <button class="button" on:click=move |_| adding.set(Adding::Nothing)>"Cancel"</button>
                    </div>
                }
                .into_any(),
            }}
            <details class="more">
                <summary class="button">{move || format!("More for {}", name())}</summary>
                <forms::AddNamed
                    label="New name for the brigade"
                    button="Rename brigade"
                    on_add=Callback::new(move |name: String| {
                        alerts.dispatch(store, Command::Roster(RosterEdit::RenameBrigade { id: id.get_value(), name }));
                    })
                />
                <div class="row">
                    <button class="button" on:click=move |_| { alerts.dispatch(store, Command::Roster(RosterEdit::CopyBrigade { id: id.get_value() })); }>
                        "Copy brigade"
                    </button>
                    <button class="button" on:click=move |_| { alerts.dispatch(store, Command::Roster(RosterEdit::DeleteBrigade { id: id.get_value() })); }>
                        "Delete brigade"
                    </button>
                </div>
            </details>
        </section>
    }
    .into_any()
}
