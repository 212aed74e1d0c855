//! What a game keeps of the turn tracker: the items ticked by hand, the surprise in force
//! (10.2) and the regiments lost from their brigades (2.3.4.e). The tracker's items and
//! commands are in [`super::tracker`].

use super::roster::Side;
use crate::rules::surprise::SurpriseKind;
use serde::{Deserialize, Serialize};

/// Longest game the settings accept, in turns.
pub const MAX_TURNS: u32 = 200;
/// Longest surprise the settings accept, in turns.
pub const MAX_SURPRISE_TURNS: u32 = 50;

/// One item ticked by hand: turn, phase and item key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tick {
    /// The turn.
    pub turn: u32,
    /// The phase's number, 1 to 8.
    pub phase: u8,
    /// The item's [`PhaseItem::key`].
    pub key: String,
}

/// A side under surprise for the scenario's number of turns (10.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SurpriseState {
    /// The surprised side.
    pub side: Side,
    /// Tactical or strategic.
    pub kind: SurpriseKind,
    /// Turns it still lasts, this one included; counted down at the end of each turn.
    pub turns_left: u32,
}

/// A regiment counted as lost to its brigade at the end of `turn` (2.3.4.e).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegimentLoss {
    /// The brigade's id.
    pub brigade: String,
    /// The regiment's id.
    pub regiment: String,
    /// The turn at whose end it was counted.
    pub turn: u32,
}

/// The tracker's part of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrackerState {
    /// Items ticked by hand.
    #[serde(default)]
    pub ticks: Vec<Tick>,
    /// Sides under surprise (10.2).
    #[serde(default)]
    pub surprises: Vec<SurpriseState>,
    /// Regiments lost from their brigades, for the +1 per regiment lost (2.3.4.e).
    #[serde(default)]
    pub regiments_lost: Vec<RegimentLoss>,
}

impl TrackerState {
    /// Whether the item `key` of `turn`'s phase `phase` is ticked.
    pub fn is_ticked(&self, turn: u32, phase: u8, key: &str) -> bool {
        self.ticks.iter().any(|t| t.turn == turn && t.phase == phase && t.key == key)
    }

    /// The surprise on `side`, while it lasts.
    pub fn surprise_on(&self, side: Side) -> Option<&SurpriseState> {
        self.surprises.iter().find(|s| s.side == side && s.turns_left > 0)
    }
}

/// One thing the rules require in the current phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseItem {
    /// Stable within the turn and phase: what ticks are kept by.
    pub key: String,
    /// What the players do, in the game's words.
    pub text: String,
    /// The rule behind it.
    pub rule: &'static str,
    /// The unit's or officer's id it concerns, if one.
    pub subject: Option<String>,
    /// The screen that settles it.
    pub link: Option<String>,
    /// Ticked by hand.
    pub done: bool,
}
