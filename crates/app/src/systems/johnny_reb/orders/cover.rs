//! The cover screen of a shared device (1.1: orders stay secret until the reveal): between
//! the sides nothing of either side's orders is rendered, so neither scrolling, the back button
//! nor a screen reader can reach them.

use super::timer::unlock_audio;
use crate::shell::browser;
use crate::systems::johnny_reb::store::use_store;
use johnny_reb::state::command::Command;
use johnny_reb::state::orders::{OrdersCommand, clock};
use johnny_reb::state::roster::Side;
use leptos::prelude::*;

/// The start of a side's marking. On a shared device (`shared`) it is the cover: "Hand the
/// device to the ... player", and nothing of either side's orders behind it; on a player's
/// own device, just the start. The tap starts the side's marking and its timer.
#[component]
pub fn Cover(side: Side, shared: bool) -> impl IntoView {
    let store = use_store();
    let seconds = move || store.session.with(|s| s.game().setup.orders.timer_seconds);
    let start = move |_| {
        // The tap that starts the timer also unlocks its sound on mobile browsers.
        unlock_audio();
        let deadline_ms = browser::now_ms() + f64::from(seconds()) * 1000.0;
        store.send(Command::Orders(OrdersCommand::StartTimer { side, deadline_ms }));
    };
    let heading = if shared {
        format!("Hand the device to the {} player", side.label())
    } else {
        format!("Mark the {} orders", side.label())
    };
    view! {
        <section class="cover" aria-labelledby="cover-title">
            <h2 id="cover-title">{heading}</h2>
            {shared.then(|| view! {
                <p>{move || format!("The {} player marks in secret, with {} on the timer (1.1.1).", side.label(), clock(seconds()))}</p>
            })}
            <button class="button primary big cover-start" on:click=start>
                {move || if shared {
                    format!("Tap to start marking: {}", side.label())
                } else {
                    format!("Start marking: {} on the timer", clock(seconds()))
                }}
            </button>
        </section>
    }
    .into_any()
}
