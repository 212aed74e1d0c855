//! The question "Next phase" asks when items of the phase are not done (Johnny Reb's 0.5,
//! Line of Battle's 2.1): how many and where, the buttons first so they stay within reach,
//! then what the rules require, and what they only allow folded below.

use leptos::prelude::*;

/// The question, as an alert dialog: "Move on anyway" or "Stay in this phase".
#[component]
pub fn NextPhaseQuestion(
    /// "2 items not done in phase 4 (Fire): move on anyway?"
    question: String,
    /// What the rules require and is not done.
    required: Vec<String>,
    /// What the rules only allow, folded under its title, if any.
    #[prop(optional)]
    folded: Option<(String, Vec<String>)>,
    /// "Move on anyway".
    move_on: Callback<()>,
    /// "Stay in this phase".
    stay: Callback<()>,
) -> impl IntoView {
    let folded = folded.filter(|(_, items)| !items.is_empty()).map(|(title, items)| {
        view! {
            <details class="more">
                <summary class="button">{title}</summary>
                <ul>{items.into_iter().map(|i| view! { <li>{i}</li> }).collect_view()}</ul>
            </details>
        }
    });
    view! {
        <div class="banner warning" role="alertdialog" aria-labelledby="confirm-question">
            <p id="confirm-question"><strong>{question}</strong></p>
            <div class="actions">
                <button class="button primary" on:click=move |_| move_on.run(())>"Move on anyway"</button>
                <button class="button" on:click=move |_| stay.run(())>"Stay in this phase"</button>
            </div>
            {(!required.is_empty()).then(|| view! {
                <p>"Required by the rules:"</p>
                <ul>{required.into_iter().map(|i| view! { <li>{i}</li> }).collect_view()}</ul>
            })}
            {folded}
        </div>
    }
    .into_any()
}
