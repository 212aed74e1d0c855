//! The battle's ledger, as the Player Help Sheet keeps it (4.3): the Battle Turn, the Union's
//! Tactics, both sides' Command Points, the Scouts, the Battle Plan Quantities, the cup and
//! the draws left, the Special Battle Plans in effect, the Insights.

use super::store::{battle, use_store};
use field_commander::Battle;
use field_commander::state::Phase;
use leptos::prelude::*;

/// The ledger's lines, each "what: how much".
pub fn ledger_lines(b: &Battle) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let turns = b.turns.map(|t| t.to_string()).unwrap_or_else(|| "not rolled".into());
    out.push((
        "Battle Turn",
        match b.phase {
            Phase::PreBattle => format!("before the battle; it will last {turns}"),
            _ if b.routed.is_some() => format!("{} (a side is Routed: the track is ignored, 14.5)", b.turn),
            _ => format!("{} of {turns}", b.turn),
        },
    ));
    out.push((
        "Union Tactics",
        b.tactics.map(|t| format!("{t:?} (13.0)")).unwrap_or_else(|| "not yet determined".into()),
    ));
    out.push(("Command Points", format!("Confederate {}, Union {}", b.confederate_cp, b.union_cp)));
    out.push(("Scouts", b.scouts.to_string()));
    if let Some((c, u)) = b.quantities {
        out.push(("Battle Plans each turn", format!("Confederate {c}, Union {u} (10.2.10)")));
        let placed = b.plans.len();
        out.push(("Your counters this turn", format!("{placed} of {c} placed")));
        let left = u.saturating_sub(b.drawn);
        let cup = b.cup.as_ref().map(|c| c.contents.len()).unwrap_or(0);
        out.push(("Union cup", format!("{cup} plans in the cup; {} of {u} drawn, {left} draw(s) left", b.drawn)));
        if let Some(cup) = &b.cup {
            let mut plans: Vec<&str> = cup.contents.iter().map(|p| p.label()).collect();
            plans.sort_unstable();
            plans.dedup();
            out.push(("In the cup", plans.join(", ")));
        }
    }
    let fx = &b.effects;
    let mut effects = Vec::new();
    if fx.close_ranks > 0 {
        effects.push(format!("Close Ranks x{} (14.1.1)", fx.close_ranks));
    }
    if fx.well_struck {
        effects.push("Well-Struck (14.1.4)".into());
    }
    if fx.smoke {
        effects.push("Smoke (14.1.5)".into());
    }
    if fx.mixed_orders {
        effects.push("Mixed Orders (14.1.6)".into());
    }
    if fx.heavy_fire {
        effects.push("Heavy Fire (14.1.10)".into());
    }
    if !effects.is_empty() {
        out.push(("Union plans in effect", effects.join(", ")));
    }
    if !b.insight_counters.is_empty() {
        let words: Vec<String> = b
            .insight_counters
            .iter()
            .map(|c| format!("{}{}", c.insight.label(), if c.used { " (used)" } else { "" }))
            .collect();
        out.push(("Insights", words.join(", ")));
    }
    if b.lee_present {
        out.push((
            "Robert E. Lee",
            format!("present, Command Rating {}", b.lee_rating.map(|r| r.to_string()).unwrap_or("?".into())),
        ));
    }
    out
}

/// The ledger.
#[component]
pub fn Ledger() -> impl IntoView {
    let store = use_store();
    view! {
        <section class="fc-ledger" aria-label="Ledger">
            <h2>"Ledger"</h2>
            <dl>
                {move || battle(store, ledger_lines)
                    .into_iter()
                    .map(|(what, value)| view! { <div class="fc-ledger-line"><dt>{what}</dt><dd>{value}</dd></div> })
                    .collect_view()}
            </dl>
        </section>
    }
    .into_any()
}
