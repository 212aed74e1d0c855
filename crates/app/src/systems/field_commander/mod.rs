//! Field Commander: Robert E. Lee's screens, over the rules crate `field_commander`: the app
//! plays the Union in a battle while the player is Lee. Every screen, the Game area included,
//! is a lazy chunk of its own and reads the open game itself ([`store`]): nothing of Field
//! Commander is in the main module another system's player loads.

pub mod campaign;
pub mod captured;
pub mod counter;
pub mod dice;
pub mod game;
pub mod ledger;
pub mod lee;
pub mod setup;
pub mod sheet;
pub mod step;
pub mod store;
pub mod union;

use super::Area;
use crate::shell::lazy::lazy_screen;
use leptos::prelude::*;

/// The bottom bar's areas.
pub const AREAS: [Area; 6] = [
    Area { href: "/", label: "Game", icon: "⚑" },
    Area { href: "/union", label: "Union", icon: "⚔" },
    Area { href: "/lee", label: "Lee", icon: "★" },
    Area { href: "/setup", label: "Set-up", icon: "☰" },
    Area { href: "/campaign", label: "Campaign", icon: "⚐" },
    Area { href: "/settings", label: "Settings", icon: "⚙" },
];

/// Field Commander's screen for a path, if it has one.
pub fn screen(path: &str) -> Option<AnyView> {
    Some(match path {
        "" => lazy_screen!(fc_game, view! { <game::GameScreen/> }),
        "/union" => lazy_screen!(fc_union, view! { <union::UnionScreen/> }),
        "/lee" => lazy_screen!(fc_lee, view! { <lee::LeeScreen/> }),
        "/setup" => lazy_screen!(fc_setup, view! { <setup::SetupScreen/> }),
        _ => return campaign::screen(path),
    })
}
