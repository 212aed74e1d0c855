//! One regiment: its figures and stands at a glance, one tap per kill (0.1.3), and the rest of
//! what the rules track behind "More".

use super::use_alerts;
use crate::systems::johnny_reb::store::use_store;
use johnny_reb::rules::unit::{Formation, MoraleLevel};
use johnny_reb::state::command::Command;
use johnny_reb::state::ids::{BrigadeId, RegimentId};
use johnny_reb::state::roster::RegimentFlag;
use johnny_reb::state::roster_edit::RosterEdit;
use johnny_reb::state::units::UnitCommand;
use leptos::prelude::*;

/// Formations a regiment can be in (0.1.2, 6.8).
const FORMATIONS: [Formation; 7] = [
    Formation::Line,
    Formation::MarchColumn,
    Formation::Skirmish,
    Formation::Disorder,
    Formation::AttackColumn,
    Formation::BrigadeColumn,
    Formation::ExtendedLine,
];

const FLAGS: [RegimentFlag; 3] = [RegimentFlag::OutOfAmmo, RegimentFlag::OpeningVolleyUsed, RegimentFlag::Prone];

/// Morale in words, with a shape so that it is not told by colour alone.
pub fn morale_words(level: MoraleLevel) -> &'static str {
    match level {
        MoraleLevel::Good => "● Good",
        MoraleLevel::Shaken => "▲ Shaken",
        MoraleLevel::Routed => "✖ Routed",
    }
}

fn morale_class(level: MoraleLevel) -> &'static str {
    match level {
        MoraleLevel::Good => "badge good",
        MoraleLevel::Shaken => "badge shaken",
        MoraleLevel::Routed => "badge routed",
    }
}

/// The unit's revealed orders, turn by turn (1.1, 3.1): its line of the order sheet.
pub fn order_sheet(store: crate::systems::johnny_reb::store::Store, unit: &str) -> Option<AnyView> {
    let line = store.session.with(|s| johnny_reb::state::orders::order_history(s.game(), unit))?;
    Some(view! { <p class="unit-facts order-history">{format!("Orders: {line}")}</p> }.into_any())
}

/// A regiment's card.
#[component]
pub fn RegimentCard(id: RegimentId, brigade: BrigadeId) -> impl IntoView {
    let store = use_store();
    let alerts = use_alerts();
    let id = StoredValue::new(id);
    let brigade = StoredValue::new(brigade);
    let regiment = Memo::new(move |_| store.session.with(|s| s.game().roster.regiment(&id.get_value()).cloned()));
    let open = RwSignal::new(false);
    let editing = RwSignal::new(false);
    let name = move || regiment.get().map(|r| r.name).unwrap_or_default();
    let dispatch = move |command: Command| {
        alerts.dispatch(store, command);
    };
    let place = move || store.session.with_untracked(|s| s.game().roster.find_regiment(&id.get_value()));

    view! {
        <Show when=move || regiment.get().is_some()>
            <article class="unit-card" aria-label=name>
                {move || {
                    regiment.get().map(|r| {
                        let total = r.stands.len();
                        let left = r.stands_left();
                        let pips: String = (0..total).map(|i| if r.stand_standing(i) { '■' } else { '□' }).collect();
                        let next = r.kills_to_next_stand().map(|k| format!(" · {k} more to lose a stand")).unwrap_or_default();
                        view! {
                            <header class="unit-head">
                                <h4>{r.name.clone()}</h4>
                                <span class=morale_class(r.morale)>{morale_words(r.morale)}</span>
                            </header>
                            <p class="unit-facts">
                                <strong>{format!("{} of {} figures", r.figures_left(), r.figures())}</strong>
                                {format!(" · {left} of {total} stands")}
                                <span class="pips" aria-hidden="true">{pips}</span>
                                {next}
                            </p>
                            <p class="unit-facts muted">
                                {format!("{} · {} · {}", r.quality.label(), r.weapon.label(), r.formation.label())}
                                {r.out_of_ammo.then_some(" · out of ammunition")}
                                {r.prone.then_some(" · prone")}
                                {r.removed_from_board.then_some(" · removed from the board")}
                            </p>
                            {order_sheet(store, &r.id)}
                        }
                    })
                }}
                <div class="row kill-row">
                    <button
                        class="button primary kill"
                        aria-label=move || format!("Add a kill to {}", name())
                        on:click=move |_| dispatch(Command::Unit(UnitCommand::AddKill { regiment: id.get_value() }))
                    >
                        "+1 kill"
                    </button>
                    <button
                        class="button"
                        aria-label=move || format!("Take back a kill from {}", name())
                        on:click=move |_| dispatch(Command::Unit(UnitCommand::RemoveKill { regiment: id.get_value() }))
                    >
                        "−1"
                    </button>
                    <button
                        class="button"
                        aria-expanded=move || if open.get() { "true" } else { "false" }
                        aria-label=move || format!("More for {}", name())
                        on:click=move |_| open.update(|o| *o = !*o)
                    >
                        "More"
                    </button>
                </div>
                <Show when=move || open.get()>
                    <div class="unit-more">
                        {move || {
                            if editing.get() {
                                regiment.get_untracked().map(|r| view! {
                                    <super::edit::RegimentEditor regiment=r on_done=Callback::new(move |_| editing.set(false))/>
                                }.into_any())
                            } else {
                                Some(view! {
                                    <div class="row">
                                        <button class="button" on:click=move |_| editing.set(true)>"Edit name, quality and weapon"</button>
                                    </div>
                                }.into_any())
                            }
                        }}
                        <fieldset class="choices inline">
                            <legend>"Morale"</legend>
                            {[MoraleLevel::Good, MoraleLevel::Shaken, MoraleLevel::Routed]
                                .into_iter()
                                .map(|level| view! {
                                    <button
                                        class="button"
                                        aria-pressed=move || if regiment.get().map(|r| r.morale) == Some(level) { "true" } else { "false" }
                                        on:click=move |_| dispatch(Command::Unit(UnitCommand::SetMorale { unit: id.get_value().into(), level }))
                                    >
                                        {morale_words(level)}
                                    </button>
                                })
                                .collect_view()}
                        </fieldset>
                        <label class="field">
                            <span>"Formation"</span>
                            <select on:change=move |ev| {
                                let v = event_target_value(&ev);
                                if let Some(f) = FORMATIONS.iter().find(|f| f.label() == v) {
                                    dispatch(Command::Unit(UnitCommand::SetFormation { regiment: id.get_value(), formation: *f }));
                                }
                            }>
                                {FORMATIONS
                                    .into_iter()
                                    .map(|f| view! {
                                        <option value=f.label() selected=move || regiment.get().map(|r| r.formation) == Some(f)>
                                            {f.label()}
                                        </option>
                                    })
                                    .collect_view()}
                            </select>
                        </label>
                        {FLAGS
                            .into_iter()
                            .map(|flag| {
                                let on = move || regiment.get().map(|r| match flag {
                                    RegimentFlag::OutOfAmmo => r.out_of_ammo,
                                    RegimentFlag::OpeningVolleyUsed => r.opening_volley_used,
                                    RegimentFlag::Prone => r.prone,
                                    RegimentFlag::RemovedFromBoard => r.removed_from_board,
                                }).unwrap_or(false);
                                view! {
                                    <label class="choice">
                                        <input
                                            type="checkbox"
                                            prop:checked=on
                                            on:change=move |ev| dispatch(Command::Unit(UnitCommand::SetFlag { regiment: id.get_value(), flag, on: event_target_checked(&ev) }))
                                        />
                                        <span>{flag.label()}</span>
                                    </label>
                                }
                            })
                            .collect_view()}
                        <div class="row">
                            <span class="muted">
                                {move || format!(
                                    "Detached skirmishers (6.8.6): {} stands",
                                    regiment.get().map(|r| r.detached_skirmishers).unwrap_or(0)
                                )}
                            </span>
                        </div>
                        <div class="row">
                            <button class="button" on:click=move |_| {
                                let n = regiment.get_untracked().map(|r| r.detached_skirmishers).unwrap_or(0);
                                dispatch(Command::Unit(UnitCommand::SetDetachedSkirmishers { regiment: id.get_value(), stands: n.saturating_add(1) }));
                            }>"Detach a stand"</button>
                            <button class="button" on:click=move |_| {
                                let n = regiment.get_untracked().map(|r| r.detached_skirmishers).unwrap_or(0);
                                if n > 0 {
                                    dispatch(Command::Unit(UnitCommand::SetDetachedSkirmishers { regiment: id.get_value(), stands: n - 1 }));
                                }
                            }>"Recall a stand"</button>
                        </div>
                        <label class="field">
                            <span>"Merge into (6.8.9)"</span>
                            <select on:change=move |ev| {
                                let host = event_target_value(&ev);
                                if !host.is_empty() {
                                    dispatch(Command::Unit(UnitCommand::Merge { regiment: id.get_value(), host: host.into() }));
                                }
                            }>
                                <option value="" selected=true>"Choose a regiment of the brigade"</option>
                                {move || {
                                    store.session.with(|s| {
                                        s.game()
                                            .roster
                                            .brigade(&brigade.get_value())
                                            .map(|b| {
                                                b.regiments
                                                    .iter()
                                                    .filter(|r| r.id != id.get_value())
                                                    .map(|r| view! { <option value=r.id.to_string()>{r.name.clone()}</option> })
                                                    .collect_view()
                                            })
                                    })
                                }}
                            </select>
                        </label>
                        <div class="row">
                            <button class="button" on:click=move |_| dispatch(Command::Roster(RosterEdit::CopyRegiment { id: id.get_value() }))>"Copy"</button>
                            <button class="button" on:click=move |_| {
                                if let Some(at) = place()
                                    && at.index > 0 {
                                        dispatch(Command::Roster(RosterEdit::MoveRegiment { id: id.get_value(), brigade: brigade.get_value(), to: at.index - 1 }));
                                    }
                            }>"Move up"</button>
                            <button class="button" on:click=move |_| {
                                if let Some(at) = place() {
                                    dispatch(Command::Roster(RosterEdit::MoveRegiment { id: id.get_value(), brigade: brigade.get_value(), to: at.index + 1 }));
                                }
                            }>"Move down"</button>
                            <button class="button danger" on:click=move |_| dispatch(Command::Roster(RosterEdit::DeleteRegiment { id: id.get_value() }))>"Delete"</button>
                        </div>
                    </div>
                </Show>
            </article>
        </Show>
    }
    .into_any()
}
