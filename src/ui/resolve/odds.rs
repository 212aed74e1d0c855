//! The odds line shown before the roll (rules::chance).

use crate::rules::Chance;
use leptos::prelude::*;

/// A chance in words: "42% (15 in 36)".
pub fn chance_words(c: Chance) -> String {
    let p = c.percent();
    let pct = if p > 0.0 && p < 1.0 { format!("{p:.1}%") } else { format!("{p:.0}%") };
    format!("{pct} ({} in {})", c.numer(), c.denom())
}

/// The target and the chance of each outcome that matters, before the dice.
#[component]
pub fn OddsLine(#[prop(into)] target: String, chances: Vec<(&'static str, Chance)>) -> impl IntoView {
    view! {
        <div class="odds" role="group" aria-label="Before the roll">
            <p class="target"><strong>{target}</strong></p>
            <p>
                {chances
                    .into_iter()
                    .map(|(what, c)| view! { <span class="chance">{format!("{what}: {}", chance_words(c))}</span>" " })
                    .collect_view()}
            </p>
        </div>
    }
    .into_any()
}
