//! Johnny Reb's screens: the Game area (the turn tracker), Orders, Roster, Resolve, Tables and
//! the print sheet, over the rules crate `johnny_reb`.

pub mod files;
pub mod game;
pub mod orders;
pub mod print;
pub mod resolve;
pub mod roster;
pub mod store;
pub mod tables;

use super::Area;
use crate::shell::lazy::lazy_screen;
use leptos::prelude::*;

/// The bottom bar's areas (the shell adds nothing: Settings is one of them).
pub const AREAS: [Area; 6] = [
    Area { href: "/", label: "Game", icon: "⚑" },
    Area { href: "/orders", label: "Orders", icon: "✎" },
    Area { href: "/roster", label: "Roster", icon: "☰" },
    Area { href: "/resolve", label: "Resolve", icon: "⚄" },
    Area { href: "/tables", label: "Tables", icon: "▦" },
    Area { href: "/settings", label: "Settings", icon: "⚙" },
];

/// Johnny Reb's screen for a path, if it has one. The Game area comes with the shell; every
/// other screen is loaded from its own wasm chunk on first visit ([`crate::shell::lazy`]).
pub fn screen(path: &str) -> Option<AnyView> {
    Some(match path {
        "" => view! { <game::GameScreen/> }.into_any(),
        "/orders" => lazy_screen!(orders, view! { <orders::OrdersScreen/> }),
        "/roster" => lazy_screen!(roster, view! { <roster::RosterScreen/> }),
        "/resolve" => lazy_screen!(resolve_menu, view! { <resolve::ResolveScreen/> }),
        "/resolve/morale" => lazy_screen!(resolve_morale, view! { <resolve::MoraleScreen/> }),
        "/resolve/rally" => lazy_screen!(resolve_rally, view! { <resolve::RallyScreen/> }),
        "/resolve/officer" => lazy_screen!(resolve_officer, view! { <resolve::OfficerScreen/> }),
        "/resolve/fire" => lazy_screen!(resolve_fire, view! { <resolve::FireScreen/> }),
        "/resolve/rout" => lazy_screen!(resolve_rout, view! { <resolve::RoutScreen/> }),
        "/resolve/charge" => lazy_screen!(resolve_charge, view! { <resolve::ChargeScreen/> }),
        "/resolve/move" => lazy_screen!(resolve_move, view! { <resolve::MoveScreen/> }),
        "/resolve/rolls" => lazy_screen!(resolve_rolls, view! { <resolve::RollsScreen/> }),
        "/resolve/artillery" => lazy_screen!(resolve_artillery, view! { <resolve::ArtilleryScreen/> }),
        "/tables" => lazy_screen!(tables, view! { <tables::TablesScreen/> }),
        "/print" => lazy_screen!(print, view! { <print::PrintScreen/> }),
        _ => return None,
    })
}
