//! The campaign pack: everything of Field Commander: Robert E. Lee that is on the game's
//! components and not in the rule text, entered once by the player (issue 13, "What the player
//! enters"): the counters and their numbers in the counter mix (4.10, 18.2), each Campaign
//! Information Sheet (4.20), Lee's rating (4.7), the turn track (4.21), the campaign map (2.x,
//! 7.6, 16.2), the Battle Resolution Tables (part two) and the Hard Fog of War table's row 9.
//!
//! Every value carries its provenance ([`Given`]): missing until entered, entered, stated by
//! the rule text's worked examples ([`seven_days_from_the_text`]), or made up for practice
//! ([`practice_pack`]). [`CampaignPack::validate`] names where each error is; a pack travels as
//! a file ([`CampaignPack::export`], [`CampaignPack::import`]).

mod brt;
mod edit;
mod file;
pub mod form;
mod given;
mod map;
mod practice;
mod seven_days;
mod sheet;
mod validate;

pub use brt::{Brt, BrtCell, BrtColumn};
pub use edit::PackEdit;
pub use file::{PACK_FILE, PackFileError};
pub use given::{Given, Origin};
pub use map::{Area, Link, Map};
pub use practice::{PRACTICE, practice_pack};
pub use seven_days::{SEVEN_DAYS, seven_days_from_the_text};
pub use sheet::*;
pub use validate::PackError;

use crate::force::Counter;
use crate::outcome::WithdrawalTable;
use crate::prebattle::FogRow;
use companion_core::error::{RuleError, RuleResult};
use companion_core::provenance::CellRef;
use serde::{Deserialize, Serialize};

/// One counter design and how many of it the counter mix holds (4.10, 18.2: a hard limit).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterDesign {
    /// Its unique key in the pack ("Longstreet (Seven Days)", "Union Infantry Brigade 2").
    pub key: String,
    /// The counter's values (5.0), each with its provenance.
    pub counter: Counter,
    /// Named, Brigade, Regiment, Battery or Static (4.8, 6.1, 6.2).
    pub echelon: Echelon,
    /// The Campaign name printed on a Named counter (5.3, 7.7); generic counters have none.
    #[serde(default)]
    pub campaign: Option<String>,
    /// How many counters of this design the game holds (1 for a Named counter).
    pub copies: Given<u32>,
}

/// One campaign: its Information Sheet, map and Battle Resolution Table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignDef {
    /// Its name ("Seven Days Battles").
    pub name: String,
    /// Where it came from.
    #[serde(default)]
    pub origin: Origin,
    /// Lee's Command Rating in this campaign (4.7, 5.8).
    pub lee_rating: Given<u8>,
    /// The boxes of the Campaign Turn Track (4.21).
    pub turns: Given<u8>,
    /// Where the Robert E. Lee counter starts (7.8).
    pub lee_start: Given<String>,
    /// The Command Points and Scouts placed at set-up (7.4).
    pub starting: StartingPoints,
    /// Starting Forces and Placement, both sides (7.8).
    pub starting_forces: Vec<Placement>,
    /// Late Arrivals (7.9).
    pub late_arrivals: Vec<LateArrival>,
    /// Special Rules and Special Counters, as text (7.1).
    pub special_rules: Vec<Note>,
    /// The Areas that receive a Confederate Objective counter (7.13).
    pub objectives: Vec<Given<String>>,
    /// Confederate Command Points each Confederate Resupply (7.4, 15.3).
    pub confederate_cp_per_turn: Given<u32>,
    /// Scout counters each Confederate Resupply (15.3.1).
    pub scouts_per_turn: Given<u32>,
    /// Union Command Points at the start of each Union Resupply (18.0).
    pub union_cp_per_turn: UnionLevels<Given<u32>>,
    /// Rolls on the Union Resupply Table (18.2).
    pub union_resupply_rolls: UnionLevels<Given<u8>>,
    /// The Battle Plans section (10.2.10).
    pub plans: PlanQuantities,
    /// The Union Group Maximum (16.3).
    pub group_maximum: Given<u8>,
    /// Union Campaign Map Orders charts (16.1.1).
    pub map_orders: OrdersCharts,
    /// Union Battle Area Orders charts (16.1.2).
    pub battle_area_orders: OrdersCharts,
    /// The Withdrawal table (14.8).
    pub withdrawal: WithdrawalRows,
    /// The Union Resupply Table (18.2, 18.3).
    pub union_resupply: ResupplyTable,
    /// Victory and Defeat conditions (3.1, 3.2).
    pub conditions: Vec<Condition>,
    /// Robert E. Lee's historical Campaign Victory Points (3.3, 21.0).
    pub lee_vp: Given<u32>,
    /// The casualties condition for a Superior Command, if any (21.1).
    #[serde(default)]
    pub casualties: Option<Casualties>,
    /// Rivers the Union never crosses (16.2).
    #[serde(default)]
    pub rivers: Vec<RiverRule>,
    /// The campaign map.
    pub map: Map,
    /// The Battle Resolution Table (Very Quick and Quick Battle Rules).
    pub brt: Brt,
}

/// The player's campaign pack.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignPack {
    /// What the player calls it.
    pub name: String,
    /// Every counter design.
    pub counters: Vec<CounterDesign>,
    /// Scout counters in the game: a hard limit (4.10, 15.6).
    pub scouts: Given<u32>,
    /// The Hard Fog of War table's row 9, which the text does not print (10.2.7).
    pub hard_fog_row_9: Given<FogRow>,
    /// The campaigns.
    pub campaigns: Vec<CampaignDef>,
}

impl CampaignPack {
    /// The campaign with this name.
    pub fn campaign(&self, name: &str) -> Option<&CampaignDef> {
        self.campaigns.iter().find(|c| c.name == name)
    }

    /// The counter design with this key.
    pub fn counter(&self, key: &str) -> Option<&CounterDesign> {
        self.counters.iter().find(|c| c.key == key)
    }

    /// Every value the engine may ask for that is still missing, as the cells to enter.
    pub fn missing(&self) -> Vec<CellRef> {
        validate::missing(self)
    }
}

impl CampaignDef {
    /// The campaign's Withdrawal table for the battle engine (14.8), or the first roll whose
    /// result is still to be entered.
    pub fn withdrawal_table(&self) -> RuleResult<WithdrawalTable> {
        let mut bands: Vec<(u8, u8, crate::outcome::Withdrawal)> = Vec::new();
        for roll in 1..=10u8 {
            let cell = || CellRef::new(format!("Withdrawal table, {}", self.name), roll.to_string(), "result");
            let given = self.withdrawal.rows.get(usize::from(roll - 1)).ok_or_else(|| RuleError::Missing(cell()))?;
            let w = given.copied(cell)?;
            match bands.last_mut() {
                Some(last) if last.2 == w => last.1 = roll,
                _ => bands.push((roll, roll, w)),
            }
        }
        Ok(WithdrawalTable { campaign: self.name.clone(), bands })
    }

    /// A cell address on this campaign's Information Sheet.
    pub fn cell(&self, row: impl Into<String>, column: impl Into<String>) -> CellRef {
        CellRef::new(format!("Campaign Information Sheet, {}", self.name), row, column)
    }
}

#[cfg(test)]
mod tests;
