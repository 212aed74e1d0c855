//! A game in progress: its turn, its phase and its history.
//!
//! The rosters (issue 4) and orders (issue 5) hang off [`Game`]; every change to it goes
//! through a [`super::command::Command`] applied by the [`super::session`], which is what
//! gives undo and the log.

use super::charges_state::ChargesState;
use super::checks_state::Due;
use super::orders_state::{MoraleChange, OrdersSetup, TurnOrders};
use super::roster::Roster;
use super::tracker_state::TrackerState;
use crate::rules::settings::RulesSettings;
use serde::{Deserialize, Serialize};

/// The eight phases of a turn (0.5, Table 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Phase {
    MarkOrders,
    RoutsAndRallies,
    RevealOrders,
    FirstFires,
    Charges,
    Movement,
    MovingFires,
    OfficerCasualties,
}

impl Phase {
    /// The phases in turn order.
    pub const ALL: [Phase; 8] = [
        Phase::MarkOrders,
        Phase::RoutsAndRallies,
        Phase::RevealOrders,
        Phase::FirstFires,
        Phase::Charges,
        Phase::Movement,
        Phase::MovingFires,
        Phase::OfficerCasualties,
    ];

    /// The phase's number, 1 to 8.
    pub fn number(self) -> u8 {
        Phase::ALL.iter().position(|p| *p == self).map(|i| i as u8 + 1).unwrap_or(1)
    }

    /// The phase's name as the rulebook gives it (Table of Contents, rules 1-8).
    pub fn name(self) -> &'static str {
        match self {
            Phase::MarkOrders => "Mark Orders",
            Phase::RoutsAndRallies => "Routs and Rallies",
            Phase::RevealOrders => "Reveal Orders",
            Phase::FirstFires => "First Fires",
            Phase::Charges => "Charges",
            Phase::Movement => "Movement",
            Phase::MovingFires => "Moving Fires",
            Phase::OfficerCasualties => "Officer Casualties",
        }
    }

    /// The next phase, and whether it starts a new turn.
    pub fn next(self) -> (Phase, bool) {
        let i = self.number() as usize; // index of the next phase
        match Phase::ALL.get(i) {
            Some(p) => (*p, false),
            None => (Phase::MarkOrders, true),
        }
    }
}

/// Johnny Reb, 2nd edition, as a game system of the companion: its
/// [`companion_core::system::GameSystem`] is in [`super::session`].
pub struct JohnnyReb;

/// One line of the game's history.
pub type LogEntry = companion_core::log::LogEntry<Phase>;

/// A game in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// Written as "johnny-reb": the stored document says whose game it is (schema 3).
    #[serde(default)]
    pub system: companion_core::system::SystemTag<JohnnyReb>,
    /// Stable identity, unique among the saved games.
    pub id: String,
    /// The game's name, as the players gave it.
    pub name: String,
    /// The turn, from 1.
    pub turn: u32,
    /// The phase of the turn.
    pub phase: Phase,
    /// Applied commands, oldest first: the game's history.
    #[serde(default)]
    pub log: Vec<LogEntry>,
    /// Both armies. Absent from documents written before rosters existed (schema 1).
    #[serde(default)]
    pub roster: Roster,
    /// The counter new roster ids are drawn from ([`Roster::fresh_id`]).
    #[serde(default)]
    pub next_id: u64,
    /// The game's settings: length, rulings and optional rules, how orders are marked.
    #[serde(default)]
    pub setup: GameSetup,
    /// Every turn's orders, oldest first (1.1, 3).
    #[serde(default)]
    pub orders: Vec<TurnOrders>,
    /// Every change of a unit's morale, oldest first (2.4, 3.2).
    #[serde(default)]
    pub morale_changes: Vec<MoraleChange>,
    /// The turn tracker's ticks, surprise and brigade losses ([`super::tracker`]).
    #[serde(default)]
    pub tracker: TrackerState,
    /// The charges declared, in progress or resolved ([`super::charges`], 5).
    #[serde(default)]
    pub charges: ChargesState,
    /// The morale checks waiting to be rolled, in the order of 4.4.2 ([`super::checks`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checks_due: Vec<Due>,
}

/// A game's settings, chosen when it is set up and changeable during play.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameSetup {
    /// The scenario's number of turns, if it sets one.
    #[serde(default)]
    pub turns: Option<u32>,
    /// The rulings and optional rules in force (Appendix F), and 25 mm measurement doubling.
    #[serde(default)]
    pub rules: RulesSettings,
    /// How orders are marked (1.1).
    #[serde(default)]
    pub orders: OrdersSetup,
}

impl Game {
    /// A new game at turn 1, phase 1.
    pub fn new(id: impl Into<String>, name: impl Into<String>) -> Game {
        Game {
            system: Default::default(),
            id: id.into(),
            name: name.into(),
            turn: 1,
            phase: Phase::MarkOrders,
            log: Vec::new(),
            roster: Roster::default(),
            next_id: 0,
            setup: GameSetup::default(),
            orders: Vec::new(),
            morale_changes: Vec::new(),
            tracker: TrackerState::default(),
            charges: ChargesState::default(),
            checks_due: Vec::new(),
        }
    }

    /// This turn's orders, once marking has begun.
    pub fn orders_this_turn(&self) -> Option<&TurnOrders> {
        self.orders.iter().rev().find(|t| t.turn == self.turn)
    }

    /// The units whose morale changed to `to` in this turn's phase `phase` (1 to 8).
    pub fn morale_changed_in(&self, phase: u8, to: crate::rules::unit::MoraleLevel) -> impl Iterator<Item = &str> {
        self.morale_changes
            .iter()
            .filter(move |c| c.turn == self.turn && c.phase == phase && c.to == to)
            .map(|c| c.unit.as_str())
    }
}

impl companion_core::doc::StoredGame for Game {
    fn from_stored(value: serde_json::Value) -> Result<Self, String> {
        serde_json::from_value(value).map_err(|e| e.to_string())
    }

    fn id(&self) -> &str {
        &self.id
    }

    fn set_id(&mut self, id: String) {
        self.id = id;
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn set_name(&mut self, name: String) {
        self.name = name;
    }

    fn summary(&self) -> companion_core::doc::Summary {
        use companion_core::system::GameSystem;
        let regiments = self.roster.union.regiments().count() + self.roster.confederate.regiments().count();
        companion_core::doc::Summary {
            system: JohnnyReb::NAME,
            progress: format!("Turn {}, phase {} of 8: {}", self.turn, self.phase.number(), self.phase.name()),
            size: match regiments {
                1 => "1 regiment".to_string(),
                n => format!("{n} regiments"),
            },
            last_change_ms: self.log.last().map(|e| e.at_ms),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_schema_1_game_without_a_roster_still_loads() {
        let old = r#"{"id":"g1","name":"Old","turn":3,"phase":"Charges","log":[]}"#;
        let g: Game = serde_json::from_str(old).unwrap();
        assert_eq!(g.turn, 3);
        assert_eq!(g.roster, Roster::default());
    }

    #[test]
    fn phases_run_one_to_eight_then_a_new_turn() {
        let mut p = Phase::MarkOrders;
        for n in 1..=8 {
            assert_eq!(p.number(), n);
            let (next, new_turn) = p.next();
            assert_eq!(new_turn, n == 8);
            p = next;
        }
        assert_eq!(p, Phase::MarkOrders);
    }
}
