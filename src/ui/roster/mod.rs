//! Roster area (a titled placeholder until its issue fills it).

use leptos::prelude::*;

/// The Roster area.
#[component]
pub fn RosterScreen() -> impl IntoView {
    view! {
        <section class="screen" aria-labelledby="roster-title">
            <h1 id="roster-title">"Roster"</h1>
            <p class="muted">"Regiments, batteries and officers of both sides, with casualties, stands and morale, will be here."</p>
        </section>
    }
}
