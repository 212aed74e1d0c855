//! The skeleton every resolver shares: back to the menu, the heading and its rules, the unit
//! from the address, the odds before the roll or the problem that stops it, the morale checks
//! due after the resolver's own form. What goes between (the unit, the toggles, the dice, the
//! result card) is the resolver's own.

use super::address::Resolver;
use super::missing::Problem;
use super::queue::QueueList;
use crate::shell::router::use_query_map;
use crate::widgets::odds::OddsLine;
use johnny_reb::rules::{Chance, RuleResult};
use leptos::prelude::*;

/// A resolver's screen: `title` is its heading (the screen's name for assistive technology),
/// `rules` the line of rules under it, `up` a link back to a sub-menu ("← Other rolls").
#[component]
pub fn ResolverFrame(
    title: &'static str,
    #[prop(optional)] rules: Option<&'static str>,
    /// Another class beside `screen resolver`.
    #[prop(optional)]
    class: Option<&'static str>,
    /// A link back to a sub-menu: its address and words.
    #[prop(optional)]
    up: Option<(&'static str, &'static str)>,
    children: Children,
) -> impl IntoView {
    let class = match class {
        Some(c) => format!("screen resolver {c}"),
        None => "screen resolver".to_string(),
    };
    view! {
        <section class=class aria-labelledby="resolver-title">
            <div class="row back">
                <a href="/resolve" class="button">"← All resolvers"</a>
            </div>
            {up.map(|(href, words)| view! { <div class="row back"><a href=href class="button">{words}</a></div> })}
            <h1 id="resolver-title">{title}</h1>
            {rules.map(|r| view! { <p class="muted">{r}</p> })}
            // One column on a phone; on a tablet its parts stand two by two (style/main.css).
            <div class="resolver-body">{children()}</div>
            // After the resolver's own form: the check being rolled comes first on its screen.
            <QueueList/>
        </section>
    }
    .into_any()
}

/// The unit (or officer) the resolver's address names ([`Resolver::subject`]), none for a
/// quick look-up.
pub fn from_address() -> RwSignal<Option<String>> {
    let query = use_query_map();
    RwSignal::new(query.with_untracked(|q| Resolver::read(q).and_then(|r| r.subject())))
}

/// What the players see before the roll: the target and the chances that matter.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    /// The target in words ("Roll 4 dice: 4\" to 24\"").
    pub target: String,
    /// The chance of each outcome that matters.
    pub chances: Vec<(&'static str, Chance)>,
}

/// The odds before the roll, or the rules problem that stops it (a missing table value gets
/// its entry field).
pub fn odds_or_problem(odds: RuleResult<Odds>) -> AnyView {
    match odds {
        Ok(o) => view! { <OddsLine target=o.target chances=o.chances/> }.into_any(),
        Err(e) => view! { <Problem error=e/> }.into_any(),
    }
}
