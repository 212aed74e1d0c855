//! Resolve area (a titled placeholder until its issue fills it).

use leptos::prelude::*;

/// The Resolve area.
#[component]
pub fn ResolveScreen() -> impl IntoView {
    view! {
        <section class="screen" aria-labelledby="resolve-title">
            <h1 id="resolve-title">"Resolve"</h1>
            <p class="muted">"Morale checks, small arms and artillery fire, charges, melee, movement and officer casualty rolls will be here."</p>
        </section>
    }
}
