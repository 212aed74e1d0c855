//! Line of Battle's screens (Last Chance for Victory), over the rules crate `line_of_battle`.
//! Every screen, the Game area included, is a lazy chunk of its own, and the open game is read
//! by them ([`store`]): nothing of Line of Battle is in the main module a Johnny Reb player
//! loads. The screens: the Game area (the clock and the Sequence of Play, 1.4, 2.1), the order
//! books (13), the order of battle, the combat assistant (9, 10, 11, 12), the players' tables,
//! the scenario's clock.
//!
//! What the screens show is computed in [`model`] (pure, tested natively); the views render
//! it and send the game's commands through the store.

pub mod combat;
pub mod game;
pub mod model;
pub mod orders;
pub mod setup;
pub mod store;
pub mod tables;
pub mod ui;
pub mod units;

use super::Area;
use crate::shell::lazy::lazy_screen;
use leptos::prelude::*;

/// The bottom bar's areas.
pub const AREAS: [Area; 6] = [
    Area { href: "/", label: "Game", icon: "⚑" },
    Area { href: "/orders", label: "Orders", icon: "✎" },
    Area { href: "/units", label: "Units", icon: "☰" },
    Area { href: "/combat", label: "Combat", icon: "⚄" },
    Area { href: "/tables", label: "Tables", icon: "▦" },
    Area { href: "/settings", label: "Settings", icon: "⚙" },
];

/// Line of Battle's screen for a path, if it has one.
pub fn screen(path: &str) -> Option<AnyView> {
    Some(match path {
        "" => lazy_screen!(lob_game, view! { <game::GameScreen/> }),
        "/orders" => lazy_screen!(lob_orders, view! { <orders::OrdersScreen/> }),
        "/units" => lazy_screen!(lob_units, view! { <units::UnitsScreen/> }),
        "/units/leaders" => lazy_screen!(lob_leaders, view! { <units::leaders::LeadersScreen/> }),
        "/tables" => lazy_screen!(lob_tables, view! { <tables::TablesScreen/> }),
        "/setup" => lazy_screen!(lob_setup, view! { <setup::SetupScreen/> }),
        "/combat" => lazy_screen!(lob_combat, view! { <combat::CombatMenu/> }),
        "/combat/fire" => lazy_screen!(lob_fire, view! { <combat::fire::FireScreen/> }),
        "/combat/charge" => lazy_screen!(lob_charge, view! { <combat::charge::ChargeScreen/> }),
        "/combat/due" => lazy_screen!(lob_due, view! { <combat::dues::DueScreen/> }),
        "/combat/morale" => lazy_screen!(lob_morale, view! { <combat::morale::MoraleScreen/> }),
        "/combat/retreat" => lazy_screen!(lob_retreat, view! { <combat::retreat::RetreatScreen/> }),
        "/combat/sight" => lazy_screen!(lob_sight, view! { <combat::sight::SightScreen/> }),
        "/combat/works" => lazy_screen!(lob_works, view! { <combat::works::WorksScreen/> }),
        "/combat/rally" => lazy_screen!(lob_rally, view! { <combat::rally::RallyScreen/> }),
        _ => return None,
    })
}
