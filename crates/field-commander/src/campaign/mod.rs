//! The campaign turn (8.0-21.0): the state of a campaign in progress ([`Campaign`]) and the one
//! pure function that changes it ([`apply`], with [`CampaignCommand`]). Every roll is an
//! argument (a [`D10`]), every random pick an index; a refused command leaves the campaign as
//! it was; every step says what was decided, why (its rule) and what was rolled.
//!
//! The forces are the counters of the pack, one [`Piece`] per counter of the counter mix
//! (4.10, 18.2: a hard limit), each in exactly one [`Place`]: an Area of the map, a cup, a pile,
//! beside the map, or waiting to arrive. The cups (4.18, 4.19) are the pieces whose place is
//! that cup: a force can never be in two places, and a cup never holds more than its pool.

mod battle_link;
mod battles;
mod command;
mod fog;
mod ledger;
mod moves;
mod orders;
mod play;
mod quick_battle;
mod resupply;
mod setup;
mod todo;
mod union_resupply;
mod victory;

pub use battle_link::{AfterBattle, BattleLink, BattleSetup, SheetEnd, SheetOutcome, SheetResult};
pub use battles::{BattleResult, Fate};
pub use command::{CampaignCommand, CampaignError, CampaignSystem, apply};
pub use fog::{FogChoices, fog_words, place_words};
pub use ledger::{LedgerLine, QuickOutlook, UnionNext, UnionStep};
pub use orders::{GroupKey, OrdersGroup};
pub use play::{CampaignPlay, PlayCommand, dice_step};
pub use quick_battle::{QuickBattle, QuickCommand, QuickStage};
pub use todo::ToDo;
pub use union_resupply::{UnionResupplyCommand, UnionStage};
pub use victory::{
    CampaignRecord, Command as CommandRating, ConditionState, Ending, GrandCampaign, Outcome, VictoryPoints,
};

use crate::force::{Counter, ForceType, Loyalty, Skill, Strength};
use crate::pack::{CampaignDef, CounterDesign, Echelon, Given, PlayerLevel, UnionLevel};
use crate::prebattle::{FogRow, FogTable};
use companion_core::d10::D10;
use companion_core::error::{RuleError, RuleResult};
use companion_core::log::LogEntry;
use companion_core::provenance::CellRef;
use serde::{Deserialize, Serialize};

/// Where a counter is (4.18, 4.19, 5.9.2, 6.2.1, 7.9, 7.10, 15.5).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Place {
    /// In an Area of the campaign map.
    Area(String),
    /// Confederate, next to the campaign map: not yet bought, or destroyed (7.10, 11.11, 15.5).
    Beside,
    /// The Reinforcement cup: destroyed Named Union Forces (4.18).
    ReinforcementCup,
    /// The Additional Forces cup: Union Brigades, Regiments and Batteries (4.19).
    AdditionalCup,
    /// The Static Forces Pile: Union Garrisons and Fortifications not in play (6.2.1, 7.12).
    StaticPile,
    /// The Captured Artillery Pile (5.9.2): not bought back, not gained by Resupply.
    Captured,
    /// A Late Arrival not yet arrived (7.9).
    Waiting,
    /// Removed from the game (Desertion, 10.2.8): never bought back.
    Removed,
    /// Not used in this campaign (a Named counter the sheet does not list, 7.7).
    Unused,
}

/// Which group a Union Additional Force belongs to (16.3.2, 16.3.3). Named Union Forces group
/// by their Corps, or alone when Independent (5.5).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum GroupTag {
    /// With the Named Forces of this Corps.
    Corps(String),
    /// With this Independent Named Force.
    Independent(u32),
    /// A group of Additional Forces of its own, by number.
    Own(u32),
}

/// One counter of the campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    /// Its number in this campaign.
    pub id: u32,
    /// The index of its design in [`Campaign::counters`].
    pub design: usize,
    /// Which side is up (5.9).
    pub strength: Strength,
    /// Where it is.
    pub place: Place,
    /// A Union Additional Force's group (16.3.3).
    #[serde(default)]
    pub group: Option<GroupTag>,
}

/// The step of the Sequence of Play (8.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Set up, before Turn 1's Advance Turn Counter (7.0).
    SetUp,
    /// Confederate Moves (9.2), after Advance Turn Counter (9.1).
    ConfederateMoves,
    /// Resolve Battles after the Moves (9.3).
    BattlesAfterMoves,
    /// Confederate Forced March (15.1).
    ForcedMarch,
    /// Resolve Battles after the Forced March (15.2).
    BattlesAfterForcedMarch,
    /// Confederate Resupply: Command Points, Scouts, Refit, purchases (15.3-15.6).
    ConfederateResupply,
    /// Union Orders (16.0).
    UnionOrders,
    /// Resolve Battles in the Union turn (17.0).
    UnionBattles,
    /// Union Resupply (18.0).
    UnionResupply,
    /// The Campaign Turn is over (19.0): the next begins with Advance Turn Counter.
    TurnOver,
    /// The campaign has ended (3.0).
    Over,
}

impl Phase {
    /// The step's name and rule, for the ledger.
    pub fn label(self) -> &'static str {
        match self {
            Phase::SetUp => "Set-up (7.0)",
            Phase::ConfederateMoves => "Confederate Moves (9.2)",
            Phase::BattlesAfterMoves => "Resolve Battles (9.3)",
            Phase::ForcedMarch => "Confederate Forced March (15.1)",
            Phase::BattlesAfterForcedMarch => "Resolve Battles (15.2)",
            Phase::ConfederateResupply => "Confederate Resupply (15.3-15.6)",
            Phase::UnionOrders => "Union Orders (16.0)",
            Phase::UnionBattles => "Resolve Battles (17.0)",
            Phase::UnionResupply => "Union Resupply (18.0)",
            Phase::TurnOver => "Next Turn (19.0)",
            Phase::Over => "The campaign is over (3.0)",
        }
    }

    /// The side whose half of the Campaign Turn it is (the Campaign Turn counter's side, 4.11).
    pub fn side(self) -> Loyalty {
        match self {
            Phase::UnionOrders | Phase::UnionBattles | Phase::UnionResupply | Phase::TurnOver => Loyalty::Union,
            _ => Loyalty::Confederate,
        }
    }

    /// A step in which battles are resolved (9.3, 15.2, 17.0).
    pub fn resolves_battles(self) -> bool {
        matches!(self, Phase::BattlesAfterMoves | Phase::BattlesAfterForcedMarch | Phase::UnionBattles)
    }
}

/// How battles are fought in this campaign (part two, Introduction).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum BattleRules {
    /// On the Battlefield Sheet (10-14): the battle engine fights it and
    /// [`CampaignCommand::ApplyBattle`] brings its result back.
    #[default]
    Basic,
    /// The Quick Battle Rules: turn by turn on the campaign map.
    Quick,
    /// The Very Quick Battle Rules: one roll.
    VeryQuick,
}

/// The Difficulty Levels, mixed as the player likes (7.14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Difficulty {
    /// The player's level: Battle Plan Counters (12.3).
    pub player: PlayerLevel,
    /// Union Special Battle Plans (10.2.10).
    pub union_plans: UnionLevel,
    /// The Fog of War table (10.2.1).
    pub fog: FogTable,
    /// Campaign Map Orders (16.1.1).
    pub map_orders: UnionLevel,
    /// Battle Area Orders (16.1.2).
    pub battle_area_orders: UnionLevel,
    /// Union Resupply (18.0).
    pub resupply: UnionLevel,
}

impl Default for Difficulty {
    fn default() -> Self {
        Difficulty {
            player: PlayerLevel::Regular,
            union_plans: UnionLevel::Regular,
            fog: FogTable::Regular,
            map_orders: UnionLevel::Regular,
            battle_area_orders: UnionLevel::Regular,
            resupply: UnionLevel::Regular,
        }
    }
}

/// The choices made before the campaign (7.14, 7.15).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The Difficulty Levels.
    pub difficulty: Difficulty,
    /// How battles are fought.
    pub battles: BattleRules,
    /// Optional rule O16.3.1: several Scouts may shift a Union Orders roll by their number.
    #[serde(default)]
    pub scouts_shift_cumulatively: bool,
    /// Optional rule "Number of Scout Counters": Easy +1, Hard -1 Scout each Resupply.
    #[serde(default)]
    pub scout_number_by_level: bool,
}

/// What one step did: each line with its rule, and every die read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignReport {
    /// What was decided and why, each with its rule.
    pub lines: Vec<String>,
    /// Every d10 read: what for, and the face.
    pub rolled: Vec<(String, u8)>,
}

impl CampaignReport {
    pub(crate) fn say(&mut self, line: impl Into<String>) {
        self.lines.push(line.into());
    }

    pub(crate) fn rolled(&mut self, what: impl Into<String>, roll: D10) {
        self.rolled.push((what.into(), roll.value()));
    }
}

/// A campaign in progress: everything that is saved and undone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Campaign {
    /// The campaign's sheet, map and Battle Resolution Table, as the pack gave them.
    pub def: CampaignDef,
    /// The pack's counter designs.
    pub counters: Vec<CounterDesign>,
    /// Scout counters in the game: the hard limit (4.10).
    pub scout_mix: Given<u32>,
    /// The Hard Fog of War table's row 9 (10.2.7), as entered.
    pub hard_fog_row_9: Given<FogRow>,
    /// The choices made before the campaign.
    pub settings: Settings,
    /// The Campaign Turn, from 1 (0 before the first Advance Turn Counter).
    pub turn: u8,
    /// The step of the Sequence of Play.
    pub phase: Phase,
    /// Confederate Command Points (4.9).
    pub confederate_cp: u32,
    /// Union Command Points (4.9).
    pub union_cp: u32,
    /// The player's Scout counters (4.10).
    pub scouts: u32,
    /// Every counter of the game.
    pub pieces: Vec<Piece>,
    /// The Area of the Robert E. Lee counter; `None` once he is lost.
    pub lee: Option<String>,
    /// Forces that moved (or were bought) in the current step.
    pub acted: Vec<u32>,
    /// The Confederate Resupply's sub-step: 0 Refit (15.4), 1 purchases (15.5), 2 Scouts (15.6).
    pub resupply_step: u8,
    /// Areas where an Encamp result stands for this step (14.8.4).
    pub encamped: Vec<String>,
    /// Each Late Arrival's state (7.9).
    pub arrivals: Vec<ArrivalState>,
    /// Each condition's state (3.1, 3.2).
    pub conditions: Vec<ConditionState>,
    /// The Union groups of this Union Orders step (16.3).
    pub groups: Vec<OrdersGroup>,
    /// Where the Union Resupply stands (18.1, 18.2).
    pub union_stage: UnionStage,
    /// The battle being fought with the Quick or Very Quick rules.
    pub battle: Option<QuickBattle>,
    /// How the campaign ended.
    pub ending: Option<Ending>,
    /// The next number for a group of Additional Forces.
    pub next_group: u32,
    /// The history, in the game's words.
    pub log: Vec<LogEntry<Phase>>,
}

/// A Late Arrival's state (7.9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArrivalState {
    /// The forces are on the map.
    pub arrived: bool,
    /// The turn of the last roll for it (one a turn).
    pub rolled_on: Option<u8>,
}

pub(crate) fn refuse(detail: impl Into<String>) -> RuleError {
    RuleError::OutOfRange { what: "campaign", detail: detail.into() }
}

/// Random picks (or the player's choices), used in order: each one modulo the number of
/// candidates; a missing one takes the first in the listed order.
pub(crate) struct Picks<'a> {
    list: &'a [usize],
    next: usize,
}

impl<'a> Picks<'a> {
    pub(crate) fn new(list: &'a [usize]) -> Picks<'a> {
        Picks { list, next: 0 }
    }

    /// The index among `n` candidates, `None` when there are none.
    pub(crate) fn index(&mut self, n: usize) -> Option<usize> {
        if n == 0 {
            return None;
        }
        let raw = self.list.get(self.next).copied().unwrap_or(0);
        self.next += 1;
        Some(raw % n)
    }

    /// One of `items`.
    pub(crate) fn one<T: Clone>(&mut self, items: &[T]) -> Option<T> {
        self.index(items.len()).and_then(|i| items.get(i).cloned())
    }
}

impl Campaign {
    /// A piece by number.
    pub fn piece(&self, id: u32) -> RuleResult<&Piece> {
        self.pieces.iter().find(|p| p.id == id).ok_or_else(|| refuse(format!("no force {id} in this campaign")))
    }

    pub(crate) fn piece_mut(&mut self, id: u32) -> RuleResult<&mut Piece> {
        self.pieces.iter_mut().find(|p| p.id == id).ok_or_else(|| refuse(format!("no force {id} in this campaign")))
    }

    /// A piece's counter design.
    pub fn design(&self, id: u32) -> RuleResult<&CounterDesign> {
        let p = self.piece(id)?;
        self.counters.get(p.design).ok_or_else(|| refuse(format!("force {id} has no counter")))
    }

    /// A piece's counter.
    pub fn counter(&self, id: u32) -> RuleResult<&Counter> {
        Ok(&self.design(id)?.counter)
    }

    /// A piece's name as the counter shows it.
    pub fn name(&self, id: u32) -> String {
        self.counter(id).map(|c| c.name.clone()).unwrap_or_else(|_| format!("force {id}"))
    }

    /// A piece's loyalty.
    pub fn loyalty(&self, id: u32) -> RuleResult<Loyalty> {
        Ok(self.counter(id)?.loyalty)
    }

    /// The face-up Combat Value (5.7), superscripts not counted.
    pub fn combat(&self, id: u32) -> RuleResult<u8> {
        let p = self.piece(id)?;
        let c = self.counter(id)?;
        c.face(p.strength)?.combat.get(&c.name, "combat value")
    }

    /// The Skill Level (5.1).
    pub fn skill(&self, id: u32) -> RuleResult<Skill> {
        let c = self.counter(id)?;
        c.skill.get(&c.name, "skill")
    }

    /// The pieces in `place`, by number.
    pub fn at(&self, place: &Place) -> Vec<u32> {
        self.pieces.iter().filter(|p| &p.place == place).map(|p| p.id).collect()
    }

    /// The pieces of `side` in Area `area`.
    pub fn in_area(&self, area: &str, side: Loyalty) -> Vec<u32> {
        self.pieces
            .iter()
            .filter(|p| matches!(&p.place, Place::Area(a) if a == area))
            .filter(|p| self.counters.get(p.design).is_some_and(|d| d.counter.loyalty == side))
            .map(|p| p.id)
            .collect()
    }

    /// Who Holds an Area (2.1): the side with Forces there when the other has none.
    pub fn holder(&self, area: &str) -> Option<Loyalty> {
        let c = !self.in_area(area, Loyalty::Confederate).is_empty();
        let u = !self.in_area(area, Loyalty::Union).is_empty();
        match (c, u) {
            (true, false) => Some(Loyalty::Confederate),
            (false, true) => Some(Loyalty::Union),
            _ => None,
        }
    }

    /// The combined Combat Value of these pieces (superscripts not counted).
    pub fn total(&self, ids: &[u32]) -> RuleResult<u32> {
        ids.iter().map(|id| self.combat(*id).map(u32::from)).sum()
    }

    /// The Areas where both sides have Forces: the battles to fight (9.3, 15.2, 17.0), less
    /// those under an Encamp result for this step (14.8.4).
    pub fn pending_battles(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .def
            .map
            .areas
            .iter()
            .map(|a| a.name.clone())
            .filter(|a| !self.in_area(a, Loyalty::Confederate).is_empty())
            .filter(|a| !self.in_area(a, Loyalty::Union).is_empty())
            .filter(|a| !self.encamped.contains(a))
            .collect();
        out.dedup();
        out
    }

    /// The cup's (or pile's) counters (4.18, 4.19, 6.2.1, 5.9.2), by number: a pick is an
    /// index into this list.
    pub fn cup(&self, place: &Place) -> Vec<u32> {
        self.at(place)
    }

    /// The counters that may ever be in a cup or pile: its pool (4.18: the Named Union Mobile
    /// Forces; 4.19: the Union Brigades, Regiments and Batteries; 6.2.1: the Union Static
    /// Forces; 5.9.2: the Artillery of both sides).
    pub fn pool(&self, place: &Place) -> Vec<u32> {
        self.pieces
            .iter()
            .filter(|p| {
                let Some(d) = self.counters.get(p.design) else { return false };
                let union = d.counter.loyalty == Loyalty::Union;
                match place {
                    Place::ReinforcementCup => union && d.echelon == Echelon::Named,
                    Place::AdditionalCup => {
                        union && matches!(d.echelon, Echelon::Brigade | Echelon::Regiment | Echelon::Battery)
                    }
                    Place::StaticPile => union && d.echelon == Echelon::Static,
                    Place::Captured => d.counter.kind == ForceType::Artillery,
                    _ => true,
                }
            })
            .map(|p| p.id)
            .collect()
    }

    /// Scout counters still in the box: the hard limit less those held (4.10, 15.6).
    pub fn scouts_available(&self) -> RuleResult<u32> {
        let mix = self.scout_mix.copied(|| CellRef::new("Counter mix", "Scout counters", "copies"))?;
        Ok(mix.saturating_sub(self.scouts))
    }

    /// Adds Scouts up to the counter mix; returns how many were added.
    pub(crate) fn gain_scouts(&mut self, n: u32) -> RuleResult<u32> {
        let add = n.min(self.scouts_available()?);
        self.scouts += add;
        Ok(add)
    }

    /// Whether an Area is in the Battle Area (2.3), or a request to enter it.
    pub fn in_battle_area(&self, area: &str) -> RuleResult<bool> {
        let a = self.def.map.area(area).ok_or_else(|| refuse(format!("no area {area} on the map")))?;
        a.battle_area.copied(|| CellRef::new(format!("Map, {}", self.def.name), area, "in the Battle Area"))
    }

    /// The Objective Areas (7.13).
    pub fn objectives(&self) -> RuleResult<Vec<String>> {
        self.def
            .objectives
            .iter()
            .enumerate()
            .map(|(i, o)| o.get(|| self.def.cell(format!("Objectives, {}", i + 1), "area")).cloned())
            .collect()
    }

    /// The Areas with a City or Fort (7.6).
    pub fn cities_and_forts(&self) -> RuleResult<Vec<String>> {
        let mut out = Vec::new();
        for a in &self.def.map.areas {
            let is =
                a.city_or_fort.copied(|| CellRef::new(format!("Map, {}", self.def.name), &a.name, "City or Fort"))?;
            if is {
                out.push(a.name.clone());
            }
        }
        Ok(out)
    }

    /// The Areas Held by `side` (2.1).
    pub fn held_by(&self, side: Loyalty) -> Vec<String> {
        self.def.map.areas.iter().map(|a| a.name.clone()).filter(|a| self.holder(a) == Some(side)).collect()
    }

    /// Whether Robert E. Lee is in an Area with no Confederate Force (3.2).
    pub fn lee_isolated(&self) -> bool {
        match &self.lee {
            Some(a) => self.in_area(a, Loyalty::Confederate).is_empty(),
            None => true,
        }
    }
}

#[cfg(test)]
mod tests;
