//! The game systems the app serves, and the screens of each, one folder a system.
//!
//! A system brings a pure rules crate (its game, its commands, its
//! [`companion_core::system::GameSystem`]) and a folder here with its areas (the bottom bar's
//! entries) and screens. The shell asks [`SystemId`] which system the open game is, and shows
//! that system's areas and screens; a system's screens never import another system's.

pub mod field_commander;
pub mod johnny_reb;
pub mod line_of_battle;

use crate::doc::SavedGame;
use companion_core::system::GameSystem;

/// The game a first start opens (and a damaged document's fresh start): an empty Johnny Reb
/// game, as the JSON its screens read, so that the shell needs none of its code.
pub fn first_game(id: String) -> SavedGame {
    johnny_reb::empty_game(id)
}

/// Every system the app knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SystemId {
    /// Johnny Reb, 2nd edition (miniatures).
    JohnnyReb,
    /// Line of Battle v3.0 (Last Chance for Victory; hex and counter).
    LineOfBattle,
    /// Field Commander: Robert E. Lee (solitaire; the app plays the Union).
    FieldCommander,
}

impl SystemId {
    /// Every system, in the order a new game offers them.
    pub const ALL: [SystemId; 3] = [SystemId::JohnnyReb, SystemId::LineOfBattle, SystemId::FieldCommander];

    /// The system's key in stored documents and files.
    pub fn id(self) -> &'static str {
        match self {
            SystemId::JohnnyReb => ::johnny_reb::JohnnyReb::ID,
            SystemId::LineOfBattle => ::line_of_battle::LineOfBattle::ID,
            SystemId::FieldCommander => ::field_commander::FieldCommander::ID,
        }
    }

    /// The system of a key, if this version knows it.
    pub fn from_id(id: &str) -> Option<SystemId> {
        SystemId::ALL.into_iter().find(|s| s.id() == id)
    }

    /// The system's name as the players know it.
    pub fn name(self) -> &'static str {
        match self {
            SystemId::JohnnyReb => ::johnny_reb::JohnnyReb::NAME,
            SystemId::LineOfBattle => ::line_of_battle::LineOfBattle::NAME,
            SystemId::FieldCommander => ::field_commander::FieldCommander::NAME,
        }
    }

    /// What it is, in a line, for the new game's choice.
    pub fn blurb(self) -> &'static str {
        match self {
            SystemId::JohnnyReb => {
                "Miniatures: rosters, secret orders under the timer, the eight phases and every resolver."
            }
            SystemId::LineOfBattle => {
                "Hex and counter: the orders and their couriers, the clock, and the sums of fire and charges."
            }
            SystemId::FieldCommander => {
                "Solitaire, you are Lee: the app plays the Union in a battle, decision by decision, with every rule."
            }
        }
    }
}

/// One entry of the bottom navigation bar.
pub struct Area {
    /// Where it goes.
    pub href: &'static str,
    /// Its words.
    pub label: &'static str,
    /// A letter-free glyph beside the label; the label alone carries the meaning.
    pub icon: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_system_is_found_by_its_id() {
        for s in SystemId::ALL {
            assert_eq!(SystemId::from_id(s.id()), Some(s));
        }
        assert_eq!(SystemId::from_id("nope"), None);
    }
}
