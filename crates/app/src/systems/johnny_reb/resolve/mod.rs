//! The Resolve area: "what do I need to roll, and what happened?" A menu of resolvers with big
//! buttons; each works from a unit of the game (the result applied in one tap, undoable) or as
//! a quick look-up with nothing recorded. Shared parts: the widgets ([`crate::widgets`]), the
//! [`frame`] of every resolver, [`picker`], [`card`], and the [`queue`] of morale checks due.

pub mod address;
pub mod artillery;
pub mod card;
pub mod charge;
pub mod distance;
pub mod fire;
pub mod frame;
pub mod missing;
pub mod morale;
pub mod movement;
pub mod officer;
pub mod picker;
pub mod queue;
pub mod rolls;
pub mod rout;
pub mod saves;

use leptos::prelude::*;

/// The resolvers: route, button (the resolver's heading), rules.
pub const RESOLVERS: [(&str, &str, &str); 9] = [
    ("/resolve/morale", "Morale check", "2.3, Tables 2, 5-7"),
    ("/resolve/rally", "Rally", "2.4"),
    ("/resolve/officer", "Officer casualties", "8, Table 20"),
    ("/resolve/fire", "Small arms fire", "4.2, Tables 8-12, 15"),
    ("/resolve/charge", "Charge and melee", "5, Tables 16-19"),
    ("/resolve/move", "Movement", "6, Tables 3, 4"),
    ("/resolve/rout", "Forced rout move", "2.1.2"),
    ("/resolve/artillery", "Artillery fire", "4.3, Tables 13, 14"),
    ("/resolve/rolls", "Other rolls", "Sighting, hasty works, halt, mounting, surprise, resupply"),
];

/// The Resolve menu.
#[component]
pub fn ResolveScreen() -> impl IntoView {
    view! {
        <section class="screen" aria-labelledby="resolve-title">
            <h1 id="resolve-title">"Resolve"</h1>
            <queue::QueueList/>
            <nav class="resolve-menu" aria-label="Resolvers">
                {RESOLVERS
                    .iter()
                    .map(|(href, label, rules)| view! {
                        <a href=*href class="button big">
                            <span>{*label}</span>
                            <span class="muted small">{*rules}</span>
                        </a>
                    })
                    .collect_view()}
            </nav>
        </section>
    }
    .into_any()
}

/// `/resolve/morale`.
#[component]
pub fn MoraleScreen() -> impl IntoView {
    view! { <morale::MoraleResolver kind=morale::Kind::Check/> }.into_any()
}

/// `/resolve/rally`.
#[component]
pub fn RallyScreen() -> impl IntoView {
    view! { <morale::MoraleResolver kind=morale::Kind::Rally/> }.into_any()
}

/// `/resolve/fire`.
#[component]
pub fn FireScreen() -> impl IntoView {
    view! { <fire::FireResolver/> }.into_any()
}

/// `/resolve/artillery`.
#[component]
pub fn ArtilleryScreen() -> impl IntoView {
    view! { <artillery::ArtilleryResolver/> }.into_any()
}

/// `/resolve/rout`.
#[component]
pub fn RoutScreen() -> impl IntoView {
    view! { <rout::RoutResolver/> }.into_any()
}

/// `/resolve/move`.
#[component]
pub fn MoveScreen() -> impl IntoView {
    view! { <movement::MoveResolver/> }.into_any()
}

/// `/resolve/rolls`.
#[component]
pub fn RollsScreen() -> impl IntoView {
    view! { <rolls::RollsScreen/> }.into_any()
}

/// `/resolve/charge`.
#[component]
pub fn ChargeScreen() -> impl IntoView {
    view! { <charge::ChargeResolver/> }.into_any()
}

/// `/resolve/officer`.
#[component]
pub fn OfficerScreen() -> impl IntoView {
    view! { <officer::OfficerResolver/> }.into_any()
}
