//! Orders area (a titled placeholder until its issue fills it).

use leptos::prelude::*;

/// The Orders area.
#[component]
pub fn OrdersScreen() -> impl IntoView {
    view! {
        <section class="screen" aria-labelledby="orders-title">
            <h1 id="orders-title">"Orders"</h1>
            <p class="muted">"Secret order marking under the three-minute timer, the reveal and Conditional Hold will be here."</p>
        </section>
    }
}
