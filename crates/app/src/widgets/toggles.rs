//! Large toggles for what a resolver cannot know (range, cover, flank), the common case first,
//! and a stepper for small counts.

use leptos::prelude::*;

/// One choice among `options`, as a group of large buttons named by `legend`; the labels are
/// fixed words or words made from the game (a Leader's name and values). `class` adds a
/// layout of the caller's ("pick": the order form's two columns).
#[component]
pub fn Toggles<T, L>(
    #[prop(into)] legend: String,
    options: Vec<(T, L)>,
    value: RwSignal<T>,
    #[prop(optional)] class: &'static str,
) -> impl IntoView
where
    T: Copy + PartialEq + Send + Sync + 'static,
    L: Into<String>,
{
    view! {
        <fieldset class=format!("choices inline toggles {class}")>
            <legend>{legend}</legend>
            {options
                .into_iter()
                .map(|(v, label)| {
                    let label: String = label.into();
                    view! {
                        <button
                            type="button"
                            class="button"
                            aria-pressed=move || if value.get() == v { "true" } else { "false" }
                            on:click=move |_| value.set(v)
                        >
                            {label}
                        </button>
                    }
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
