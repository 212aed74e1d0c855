//! The odds line shown before the roll (rules::chance).

use johnny_reb::rules::Chance;
use leptos::prelude::*;

/// A chance in words, counted in throws of the dice: "42% (15 in 36)", "33% (2 in 6)".
pub fn chance_words(c: Chance) -> String {
    let p = c.percent();
    let pct = if p > 0.0 && p < 1.0 { format!("{p:.1}%") } else { format!("{p:.0}%") };
    let throws = [6u64, 36, 216, 1296].into_iter().find(|t| t % c.denom() == 0);
    match throws {
        Some(t) => format!("{pct} ({} in {t})", c.numer() * (t / c.denom())),
        None => format!("{pct} ({} in {})", c.numer(), c.denom()),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odds_are_counted_in_throws_of_the_dice() {
        assert_eq!(chance_words(Chance::new(33, 36)), "92% (33 in 36)");
        assert_eq!(chance_words(Chance::new(1, 3)), "33% (2 in 6)");
        assert_eq!(chance_words(Chance::new(1, 1296)), "0.1% (1 in 1296)");
    }
}
