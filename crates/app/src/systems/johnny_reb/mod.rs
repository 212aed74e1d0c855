//! Johnny Reb's screens: the Game area (the turn tracker), Orders, Roster, Resolve, Tables and
//! the print sheet, over the rules crate `johnny_reb`. The shell keeps Johnny Reb's games and
//! device data as stored JSON, as every system's: these screens read them ([`store`]), so the
//! shell names none of Johnny Reb's types. Every screen but the Game area is a lazy chunk of
//! its own (see [`screen`] for why the Game area is not yet).

pub mod files;
pub mod game;
pub mod orders;
pub mod print;
pub mod resolve;
pub mod roster;
pub mod store;
pub mod tables;

use super::{Area, SystemId};
use crate::doc::{DeferredGame, SavedGame};
use crate::shell::lazy::lazy_screen;
use leptos::prelude::*;
use serde_json::json;

/// An empty game (turn 1, phase 1, no armies, named "New game"), as the stored JSON the Game
/// area reads: exactly `johnny_reb::Game::new(id, "New game")` once read (every other field
/// has its default), without the rules crate's code.
pub fn empty_game(id: String) -> SavedGame {
    let value = json!({ "system": "johnny-reb", "id": id, "name": "New game", "turn": 1, "phase": "MarkOrders" });
    SavedGame::Deferred(Box::new(DeferredGame { system: SystemId::JohnnyReb, value }))
}

/// The bottom bar's areas (the shell adds nothing: Settings is one of them).
pub const AREAS: [Area; 6] = [
    Area { href: "/", label: "Game", icon: "⚑" },
    Area { href: "/orders", label: "Orders", icon: "✎" },
    Area { href: "/roster", label: "Roster", icon: "☰" },
    Area { href: "/resolve", label: "Resolve", icon: "⚄" },
    Area { href: "/tables", label: "Tables", icon: "▦" },
    Area { href: "/settings", label: "Settings", icon: "⚙" },
];

/// Johnny Reb's screen for a path, if it has one. Every screen, the Game area included, is
/// loaded from its own wasm chunk on first visit ([`crate::shell::lazy`]); the code the screens
/// share comes in Johnny Reb's one shared chunk (the splitter groups shared code by the chunk
/// names' prefix, `jr_`), so the first screen fetches a few chunks, not the 238 an ungrouped
/// split made of it.
pub fn screen(path: &str) -> Option<AnyView> {
    Some(match path {
        "" => lazy_screen!(jr_game, view! { <game::GameScreen/> }),
        "/orders" => lazy_screen!(jr_orders, view! { <orders::OrdersScreen/> }),
        "/roster" => lazy_screen!(jr_roster, view! { <roster::RosterScreen/> }),
        "/resolve" => lazy_screen!(jr_resolve_menu, view! { <resolve::ResolveScreen/> }),
        "/resolve/morale" => lazy_screen!(jr_resolve_morale, view! { <resolve::MoraleScreen/> }),
        "/resolve/rally" => lazy_screen!(jr_resolve_rally, view! { <resolve::RallyScreen/> }),
        "/resolve/officer" => lazy_screen!(jr_resolve_officer, view! { <resolve::OfficerScreen/> }),
        "/resolve/fire" => lazy_screen!(jr_resolve_fire, view! { <resolve::FireScreen/> }),
        "/resolve/rout" => lazy_screen!(jr_resolve_rout, view! { <resolve::RoutScreen/> }),
        "/resolve/charge" => lazy_screen!(jr_resolve_charge, view! { <resolve::ChargeScreen/> }),
        "/resolve/move" => lazy_screen!(jr_resolve_move, view! { <resolve::MoveScreen/> }),
        "/resolve/rolls" => lazy_screen!(jr_resolve_rolls, view! { <resolve::RollsScreen/> }),
        "/resolve/artillery" => lazy_screen!(jr_resolve_artillery, view! { <resolve::ArtilleryScreen/> }),
        "/tables" => lazy_screen!(jr_tables, view! { <tables::TablesScreen/> }),
        "/print" => lazy_screen!(jr_print, view! { <print::PrintScreen/> }),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use companion_core::doc::StoredGame;
    use johnny_reb::state::command::{Command, TurnCommand};
    use johnny_reb::state::demo::demo_game;
    use johnny_reb::state::session::Session;
    use johnny_reb::state::units::UnitCommand;

    /// The first start's game is written without the rules crate: read by the Game area, it
    /// is exactly the rules crate's new game, and the saved games list names it.
    #[test]
    fn the_first_start_opens_a_new_empty_game_as_stored_json() {
        let first = crate::systems::first_game("g-first".into());
        assert_eq!(first.system(), SystemId::JohnnyReb);
        assert_eq!((first.id(), first.name()), ("g-first", "New game"));
        let read: johnny_reb::Game = first.deferred().unwrap().read().unwrap();
        assert_eq!(read, johnny_reb::Game::new("g-first", "New game"));
        assert!(first.check().is_ok());
        assert!(first.summary().progress.starts_with("Turn 1"), "{}", first.summary().progress);
    }

    /// A game played in the session and handed back to the shell reads back unchanged, every
    /// field of it (the roster, the log, the tracker, a kill's checks due), as does the demo.
    #[test]
    fn a_game_round_trips_through_the_stored_form_and_the_session_unchanged() {
        let mut session = Session::new(demo_game("g1"));
        let kept = SavedGame::of(SystemId::JohnnyReb, session.game()).unwrap();
        assert_eq!(kept.deferred().unwrap().read::<johnny_reb::Game>().unwrap(), demo_game("g1"));
        session.dispatch(&Command::Unit(UnitCommand::AddKill { regiment: "r-2wi".into() }), 1.0).unwrap();
        session.dispatch_with(|g| johnny_reb::state::session::apply_turn(g, &TurnCommand::NextPhase, 2.0)).unwrap();
        assert!(!session.game().checks_due.is_empty(), "the kill calls for a morale check");
        let played = session.game().clone();
        assert_ne!(played, demo_game("g1"));
        let kept = SavedGame::of(SystemId::JohnnyReb, &played).unwrap();
        let raw = serde_json::to_string(&kept).unwrap();
        let back = <SavedGame as StoredGame>::from_stored(serde_json::from_str(&raw).unwrap()).unwrap();
        assert_eq!(back, kept);
        let mut again = Session::new(johnny_reb::Game::new("x", "x"));
        again.replace(back.deferred().unwrap().read().unwrap());
        assert_eq!(again.game(), &played);
    }
}
