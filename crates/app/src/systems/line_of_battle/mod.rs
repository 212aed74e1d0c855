//! Line of Battle's screens (Last Chance for Victory), over the rules crate `line_of_battle`.
//! Every screen, the Game area included, is a lazy chunk of its own, and the open game is read
//! by them ([`store`]): nothing of Line of Battle is in the main module a Johnny Reb player
//! loads.

pub mod game;
pub mod store;

use super::Area;
use leptos::prelude::*;

/// The bottom bar's areas.
pub const AREAS: [Area; 2] =
    [Area { href: "/", label: "Game", icon: "⚑" }, Area { href: "/settings", label: "Settings", icon: "⚙" }];

/// Line of Battle's screen for a path, if it has one.
pub fn screen(path: &str) -> Option<AnyView> {
    Some(match path {
        "" => crate::shell::lazy::lazy_screen!(lob_game, view! { <game::GameScreen/> }),
        _ => return None,
    })
}
