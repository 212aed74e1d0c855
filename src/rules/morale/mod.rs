//! Morale: the Basic Morale Point (BMP), its modifiers, the check itself, rallies, the order
//! of several checks, fear-of-charge and the impact MMP (rules 2.2-2.4, 4.4, 5.5, 5.7.1;
//! Tables 2, 5, 6, 7, 17, 18).
//!
//! The core is [`check`]: MMP = BMP + modifiers; two dice; the unit passes if the roll is
//! higher than the MMP, a 2 routs at once and a 12 restores good morale (2.3.1, 2.3.2,
//! Table 7). [`rally`] is the Phase Two rally attempt (2.4). Every resolver has its odds:
//! [`check_odds`], [`chance_to_pass`], [`rally_odds`], [`chance_to_rally`].
#![warn(missing_docs)]

pub mod check;

pub use check::{
    chance_to_pass, chance_to_rally, check, check_odds, rally, rally_odds, AfterCheck, CheckRoll,
    Consequence, MoraleResult, RallyingUnit,
};

use serde::{Deserialize, Serialize};

/// What a rally roll of 12 does to a routed unit (Table 7 against 2.3.2; see RULINGS.md,
/// "Morale").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum RoutedRallyTwelve {
    /// Rule 2.3.2 (and 2.4, "Rule 2.3.2 ... also applies during rally attempts"): a shaken or
    /// routed unit that rolls 12 finds new courage and has good morale.
    #[default]
    GoodMorale,
    /// Table 7's rally row as transcribed, "Rolls of 2 or 12: Same as above; if already
    /// Routed, remove whole unit": a routed unit that rolls 12 to rally is removed.
    RemoveUnit,
}

/// The players' choices where the morale rules admit two playable readings, and the optional
/// rules of Appendix F that touch morale. Every default is the ruling written in RULINGS.md.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct MoraleRulings {
    /// A rally roll of 12 by a routed unit (Table 7 against 2.3.2).
    pub routed_rally_twelve: RoutedRallyTwelve,
}
