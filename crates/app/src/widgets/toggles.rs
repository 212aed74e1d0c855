//! Large toggles for what a resolver cannot know (range, cover, flank), the common case first,
//! and a stepper for small counts.

use leptos::prelude::*;

/// One choice among `options`, as a group of large buttons named by `legend`.
#[component]
pub fn Toggles<T>(legend: &'static str, options: Vec<(T, &'static str)>, value: RwSignal<T>) -> impl IntoView
where
    T: Copy + PartialEq + Send + Sync + 'static,
{
    view! {
        <fieldset class="choices inline toggles">
            <legend>{legend}</legend>
            {options
                .into_iter()
                .map(|(v, label)| view! {
                    <button
                        class="button"
                        aria-pressed=move || if value.get() == v { "true" } else { "false" }
                        on:click=move |_| value.set(v)
                    >
                        {label}
                    </button>
                })
                .collect_view()}
        </fieldset>
    }
    .into_any()
}

/// A count from 0 to `max` with large − and + buttons.
#[component]
pub fn Stepper(label: &'static str, value: RwSignal<u32>, max: u32) -> impl IntoView {
    view! {
        <fieldset class="choices inline stepper">
            <legend>{label}</legend>
            <button class="button" aria-label=format!("Fewer: {label}") on:click=move |_| value.update(|v| *v = v.saturating_sub(1))>"−"</button>
            <output class="count" aria-live="polite">{move || value.get()}</output>
            <button class="button" aria-label=format!("More: {label}") on:click=move |_| value.update(|v| *v = (*v + 1).min(max))>"+"</button>
        </fieldset>
    }
    .into_any()
}
