//! Tables area (a titled placeholder until its issue fills it).

use leptos::prelude::*;

/// The Tables area.
#[component]
pub fn TablesScreen() -> impl IntoView {
    view! {
        <section class="screen" aria-labelledby="tables-title">
            <h1 id="tables-title">"Tables"</h1>
            <p class="muted">"Every table of the rules, with where each value comes from, and your Tables Card entries, will be here."</p>
        </section>
    }
}
