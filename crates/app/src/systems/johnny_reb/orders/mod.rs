//! Orders area: secret marking under the timer (1.1), the cover screen between the sides of a
//! shared device, the reveal and Conditional Hold (3).

mod cover;
mod marking;
mod reveal;
mod timer;

use crate::systems::johnny_reb::store::use_store;
use johnny_reb::rules::officers::Experience;
use johnny_reb::state::command::Command;
use johnny_reb::state::game::{Game, Phase};
use johnny_reb::state::orders::{OrdersCommand, PlayMode, TIMER_RANGE, clock, experience_word};
use johnny_reb::state::roster::{Rank, Side};
use leptos::prelude::*;

/// What the area shows: only what the device's holder may see.
#[derive(Clone, Debug, PartialEq)]
enum Stage {
    /// A side marks (its timer, if any, is in the game).
    Marking(Side),
    /// Shared device: hand over to this side.
    Cover(Side),
    /// Own devices: this device's side may start marking.
    StartOwn(Side),
    /// Own devices, no side chosen for this device yet.
    ChooseSide,
    /// Every side on this device has marked; the orders stay hidden until the reveal.
    Marked,
    /// Phase two: routs and rallies before the reveal.
    Rallies,
    /// Phase three and after.
    Reveal,
}

fn stage(g: &Game) -> Stage {
    let turn = g.orders_this_turn();
    let marked = |s: Side| turn.is_some_and(|t| t.marked.contains(&s));
    match g.phase {
        Phase::MarkOrders => {}
        Phase::RoutsAndRallies => return Stage::Rallies,
        _ => return Stage::Reveal,
    }
    let timer_side = turn.and_then(|t| t.timer).and_then(|t| t.side).filter(|s| !marked(*s));
    match g.setup.orders.mode {
        PlayMode::SharedDevice => match timer_side {
            Some(s) => Stage::Marking(s),
            None => Side::BOTH.into_iter().find(|s| !marked(*s)).map(Stage::Cover).unwrap_or(Stage::Marked),
        },
        PlayMode::OwnDevices => match g.setup.orders.device_side {
            None => Stage::ChooseSide,
            Some(s) if marked(s) => Stage::Marked,
            Some(s) if timer_side == Some(s) => Stage::Marking(s),
            Some(s) => Stage::StartOwn(s),
        },
    }
}

/// The marking time, the play mode and (Appendix F.1) the brigadiers' experience.
#[component]
fn OrdersSettings() -> impl IntoView {
    let store = use_store();
    let setup = move || store.session.with(|s| s.game().setup.orders.clone());
    let seconds = RwSignal::new(String::new());
    let set_time = move |_| {
        let v = seconds.get_untracked();
        match v.trim().parse::<u32>() {
            Ok(n) => store.send(Command::Orders(OrdersCommand::SetTimerSeconds { seconds: n })),
            Err(_) => store
                .error
                .set(Some(format!("Enter the marking time in whole seconds, {} to {}.", TIMER_RANGE.0, TIMER_RANGE.1))),
        }
    };
    let mode = move |mode: PlayMode, side: Option<Side>| {
        store.send(Command::Orders(OrdersCommand::SetPlayMode { mode, device_side: side }))
    };
    let limits = move || store.session.with(|s| s.game().setup.rules.movement.command_limits);
    let brigadiers = move || {
        store.session.with(|s| {
            let g = s.game();
            Side::BOTH
                .into_iter()
                .flat_map(|side| {
                    g.roster
                        .army(side)
                        .officers
                        .iter()
                        .filter(|o| o.rank == Rank::BrigadeCommander)
                        .cloned()
                        .collect::<Vec<_>>()
                })
                .map(|o| {
                    let e = g.setup.orders.experience.iter().find(|(id, _)| id == &o.id).map(|(_, e)| *e);
                    (o.id, o.name, e)
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <details class="more orders-settings">
            <summary class="button">"Marking settings"</summary>
            <div class="row">
                <label class="field">
                    <span>"Marking time in seconds (1.1.1: 180)"</span>
                    <input
                        type="number"
                        inputmode="numeric"
                        min=TIMER_RANGE.0
                        max=TIMER_RANGE.1
                        prop:value=move || setup().timer_seconds.to_string()
                        on:input=move |ev| seconds.set(event_target_value(&ev))
                    />
                </label>
                <button class="button" on:click=set_time>"Set marking time"</button>
            </div>
            <p class="muted">{move || format!("Now {}.", clock(setup().timer_seconds))}</p>
            <div class="segmented" role="group" aria-label="How orders are marked">
                <button
                    class="button"
                    aria-pressed=move || if setup().mode == PlayMode::SharedDevice { "true" } else { "false" }
                    on:click=move |_| mode(PlayMode::SharedDevice, None)
                >
                    "One shared device"
                </button>
                <button
                    class="button"
                    aria-pressed=move || if setup().mode == PlayMode::OwnDevices { "true" } else { "false" }
                    on:click=move |_| mode(PlayMode::OwnDevices, setup().device_side)
                >
                    "Each player's own device"
                </button>
            </div>
            <Show when=move || setup().mode == PlayMode::OwnDevices>
                <div class="segmented" role="group" aria-label="This device marks">
                    {Side::BOTH
                        .into_iter()
                        .map(|s| view! {
                            <button
                                class="button"
                                aria-pressed=move || if setup().device_side == Some(s) { "true" } else { "false" }
                                on:click=move |_| mode(PlayMode::OwnDevices, Some(s))
                            >
                                {format!("This device: {}", s.label())}
                            </button>
                        })
                        .collect_view()}
                </div>
            </Show>
            <Show when=limits>
                <h3>"Brigadiers' experience (Appendix F.1)"</h3>
                <p class="muted">"Superior: three orders a turn, average two, poor one, and one more to the unit he is with. Not set: no limit."</p>
                {move || brigadiers()
                    .into_iter()
                    .map(|(id, name, current)| {
                        let id = StoredValue::new(id);
                        view! {
                            <label class="field">
                                <span>{name}</span>
                                <select on:change=move |ev| {
                                    let experience = match event_target_value(&ev).as_str() {
                                        "superior" => Some(Experience::Superior),
                                        "average" => Some(Experience::Average),
                                        "poor" => Some(Experience::Poor),
                                        _ => None,
                                    };
                                    store.send(Command::Orders(OrdersCommand::SetExperience { officer: id.get_value(), experience }));
                                }>
                                    <option value="" selected={current.is_none()}>"Not set"</option>
                                    {[Experience::Superior, Experience::Average, Experience::Poor]
                                        .into_iter()
                                        .map(|e| view! { <option value=experience_word(e) selected={current == Some(e)}>{experience_word(e)}</option> })
                                        .collect_view()}
                                </select>
                            </label>
                        }
                    })
                    .collect_view()}
            </Show>
        </details>
    }
    .into_any()
}

/// The Orders area.
#[component]
pub fn OrdersScreen() -> impl IntoView {
    let store = use_store();
    let current = Memo::new(move |_| store.session.with(|s| stage(s.game())));
    // What the last side's marking came to (Hold given by default, time up): shown to the
    // player who marked, until he hides it to hand the device over.
    let message = RwSignal::new(None::<String>);
    let on_message = Callback::new(move |text: String| message.set(Some(text)));
    let heading = move || {
        store.session.with(|s| {
            let g = s.game();
            format!("Turn {}, phase {}: {}", g.turn, g.phase.number(), g.phase.name())
        })
    };

    let body = move || {
        if message.get().is_some() {
            return ().into_any();
        }
        match current.get() {
            Stage::Marking(side) => view! { <marking::MarkingSide side=side on_message=on_message/> }.into_any(),
            Stage::Cover(side) => view! { <cover::Cover side=side shared=true/> }.into_any(),
            Stage::StartOwn(side) => view! { <cover::Cover side=side shared=false/> }.into_any(),
            Stage::ChooseSide => view! {
                <p>"Each player marks on his own device: choose this device's side in Marking settings."</p>
            }
            .into_any(),
            Stage::Marked => view! {
                <section class="cover" aria-labelledby="marked-title">
                    <h2 id="marked-title">"Orders marked"</h2>
                    <p>"The orders stay hidden until the reveal in phase 3 (1.1, 3.1). Move on to phase 2, Routs and Rallies, in the Game area."</p>
                </section>
            }
            .into_any(),
            Stage::Rallies => view! {
                <section class="cover" aria-labelledby="marked-title">
                    <h2 id="marked-title">"Routs and rallies first"</h2>
                    <p>"The orders are revealed in phase 3 (3.1). Record any morale changes of this phase in the Roster: a unit shaken now may have to change its order (3.2)."</p>
                </section>
            }
            .into_any(),
            Stage::Reveal => view! { <reveal::Reveal/> }.into_any(),
        }
    };

    view! {
        <section class="screen orders-screen" aria-labelledby="orders-title">
            <h1 id="orders-title">"Orders"</h1>
            <p class="subtitle">{heading}</p>
            {move || message.get().map(|text| {
                let time_up = text.starts_with("Time is up");
                view! {
                    <div class={if time_up { "banner warning time-up" } else { "banner info" }} role="alert">
                        {time_up.then(|| view! { <p class="time-up-title"><strong>"Time is up"</strong></p> })}
                        <p>{text}</p>
                        <div class="actions">
                            <button class="button primary" on:click=move |_| message.set(None)>"Hide and hand over"</button>
                        </div>
                    </div>
                }
            })}
            {body}
            <OrdersSettings/>
        </section>
    }
    .into_any()
}
