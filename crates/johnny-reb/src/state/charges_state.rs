//! What a game keeps of its charges (5): every charge declared, where it stands in Table 16,
//! and the quick look-up charge of a device. The charge commands are in [`super::charges`].

use super::ids::{ChargeId, UnitId};
use crate::rules::charge::Charge;
use crate::rules::charge::sequence::resolution_order;
use crate::rules::morale::ArtillerySituation;
use serde::{Deserialize, Serialize};

/// The charges of a game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ChargesState {
    /// Every charge declared, oldest first.
    #[serde(default)]
    pub charges: Vec<GameCharge>,
}

impl ChargesState {
    /// A charge by id.
    pub fn get(&self, id: &str) -> Option<&GameCharge> {
        self.charges.iter().find(|c| c.id == id)
    }

    /// The charges of `turn` in the order of resolution (5.1.5: nearest first; a charge
    /// continuing another comes right after it).
    pub fn of_turn(&self, turn: u32) -> Vec<&GameCharge> {
        let first: Vec<&GameCharge> = self.charges.iter().filter(|c| c.turn == turn && c.follows.is_none()).collect();
        let distances: Vec<_> = first.iter().map(|c| c.charge.setup.distance).collect();
        let mut out = Vec::new();
        for i in resolution_order(&distances) {
            if let Some(c) = first.get(i) {
                out.push(*c);
                let mut last = c.id.clone();
                while let Some(next) = self.charges.iter().find(|n| n.follows.as_deref() == Some(last.as_str())) {
                    out.push(next);
                    last = next.id.clone();
                }
            }
        }
        out
    }

    /// The charge of `unit` this turn that is still being resolved or waits to be applied.
    pub fn open_for(&self, turn: u32, unit: &str) -> Option<&GameCharge> {
        self.charges.iter().rev().find(|c| c.turn == turn && c.charger == unit && !c.applied)
    }

    /// The latest charge of `unit` this turn, applied or not.
    pub fn latest_for(&self, turn: u32, unit: &str) -> Option<&GameCharge> {
        self.charges.iter().rev().find(|c| c.turn == turn && c.charger == unit)
    }
}

/// One charge of the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameCharge {
    /// Stable identity in the game.
    pub id: ChargeId,
    /// The turn it was declared in.
    pub turn: u32,
    /// The charging regiment's id.
    pub charger: UnitId,
    /// The charged regiment's or gun section's id.
    pub defender: UnitId,
    /// The charge itself: where it stands in Table 16 and what has happened.
    pub charge: Charge,
    /// Its result has been applied to the roster.
    #[serde(default)]
    pub applied: bool,
    /// The charge it continues (the next wave of a wave assault, the next impact of an
    /// unequal impact, cavalry passing through into another enemy).
    #[serde(default)]
    pub follows: Option<ChargeId>,
    /// A charged gun section's situation for Table 17 (2.3.3), as the players gave it.
    #[serde(default)]
    pub guns: Option<ArtillerySituation>,
}

/// A quick look-up charge, kept on this device only (nothing recorded in the game), so that it
/// too survives a reload: the charge, the steps before it (to go back), and the units' names.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LookupCharge {
    /// The charge now.
    pub charge: Charge,
    /// The charge before each step, oldest first.
    #[serde(default)]
    pub history: Vec<Charge>,
    /// A charged gun section's situation (2.3.3).
    #[serde(default)]
    pub guns: Option<ArtillerySituation>,
}
