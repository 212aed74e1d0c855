//! Charges and melee (rule 5, Tables 16 and 19; 6.8.2.e brigade column, 6.8.8 wave assault,
//! 5.5.5 cavalry charge variations, Appendix F.13 cavalry charge through woods).
//!
//! - [`distance`]: the charge distance (5.3): normal move and its disorder roll, the bonus dice
//!   by terrain (Table 4), the disorder point, the attempt to halt, the countercharge, and the
//!   chance that a charge reaches its target.
//! - [`impact`]: the dice roll for impact (5.7.1) for infantry, cavalry and artillery, wave
//!   assaults and brigade columns, the loser's fate (5.7.3) and the breakthrough (5.7.4).
//! - [`melee`]: melee strengths (Table 19) and kills (Table 10), round by round (5.8).
//! - [`cavalry`]: mounted cavalry charging foot (5.5.5.a), cavalry against cavalry (5.5.5.b),
//!   and the optional charge through woods (Appendix F.13).
//! - [`sequence`]: Table 16 as a state machine: each step takes the machine's state and that
//!   step's inputs (rolls, distances, terrain, the players' answers) and gives the next state
//!   and what happened, in words with rule numbers.
//!
//! Every resolver takes its dice as arguments and offers the odds before the roll.
//!
//! The screens drive a charge through [`Charge`]: [`Charge::declare`], then
//! [`Charge::waiting_for`] (a [`Need`]) and [`Charge::advance`] with the matching [`Input`]
//! until [`Charge::outcome`](sequence::Charge::outcome) is set. The machine computes the
//! MMPs it needs through the morale engine ([`Charge::fear_of_charge_mmp`],
//! [`Charge::charger_impact_mmp`], [`Charge::defender_impact_mmp`],
//! [`Charge::charger_fire_checks`], [`Charge::melee_checks`]) and the melee kills through
//! Tables 19 and 10 ([`Charge::melee_kills`]); odds: [`Charge::chance_to_reach_impact`],
//! [`Charge::impact_odds`], [`Charge::melee_kills_odds`].

#![warn(missing_docs)]

pub mod cavalry;
pub mod distance;
pub mod followups;
pub mod impact;
pub mod melee;
pub mod sequence;

pub use sequence::{Advance, Charge, ChargeSetup, ChargedUnit, ChargingUnit, Input, Need, Objective, Outcome, Stage};

use crate::rules::Ratio;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// The charge rulings that are settings (RULINGS.md, "Charges and melee"), and the optional
/// rules of Appendix F in this area. The default is the stated default ruling of each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ChargeRulings {
    /// Appendix F.13 (optional, off by default): a mounted charge through woods loses
    /// figures to the trees.
    pub cavalry_charge_through_woods: bool,
    /// 5.7.3.b / 5.7.4: a defender routed by losing the impact whose forced rout move does not
    /// carry it beyond the winner's total charge distance is contacted and surrenders (as in
    /// 5.5.4 for a rout from fear of charge, and 2.3.5.d). Default true; false leaves the
    /// routed unit on the table where its rout move ended.
    pub routed_loser_caught_surrenders: bool,
    /// 5.1.3, 5.8.2: the charging unit keeps its charge elan in the morale checks of the melee
    /// its charge led to ("until its charge is stopped": a charge in melee has not been
    /// stopped). Default true; false drops elan once the units are in melee.
    pub elan_in_melee: bool,
    /// Appendix F.15, Night (optional, off by default): movement is one level of terrain worse
    /// (open as broken, broken as rough, never worse than rough; a road as open, RULINGS.md),
    /// for the charge bonus and rout moves too.
    pub night: bool,
    /// Appendix F.12, Single Stands (optional, off by default): a regiment reduced to a single
    /// stand may not charge (and is always in disorder: its formation for the tables).
    pub single_stands: bool,
}

impl Default for ChargeRulings {
    fn default() -> Self {
        ChargeRulings {
            cavalry_charge_through_woods: false,
            routed_loser_caught_surrenders: true,
            elan_in_melee: true,
            night: false,
            single_stands: false,
        }
    }
}

/// The two sides of a charge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The charging unit (or, in a charge against a charge, the first one declared).
    Charger,
    /// The charged unit (or the countercharging one).
    Defender,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Charger => Side::Defender,
            Side::Defender => Side::Charger,
        }
    }
}

/// One thing that happened in a charge, in words, with the rule behind it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Happened {
    /// The rule (or table step) that makes it happen, e.g. "5.3.2.b".
    pub rule: String,
    /// What happened, for the players.
    pub text: String,
}

impl Happened {
    /// An event.
    pub fn new(rule: impl Into<String>, text: impl Into<String>) -> Happened {
        Happened { rule: rule.into(), text: text.into() }
    }
}

// Inches are exact fractions (half inches in broken terrain and for countercharges, quarter
// inches in rough: 5.3.2.c, 5.3.5.b). `Ratio` derives its ordering on the stored numerator
// and denominator, so distances are compared and added here.

pub(crate) fn inches_cmp(a: Ratio, b: Ratio) -> Ordering {
    (u64::from(a.numer()) * u64::from(b.denom())).cmp(&(u64::from(b.numer()) * u64::from(a.denom())))
}

pub(crate) fn inches_ge(a: Ratio, b: Ratio) -> bool {
    inches_cmp(a, b) != Ordering::Less
}

fn from_u64(num: u64, den: u64) -> Ratio {
    let mut n = num;
    let mut d = den.max(1);
    // keep within u32, losing precision only for absurd distances
    while n > u64::from(u32::MAX) || d > u64::from(u32::MAX) {
        n /= 2;
        d = (d / 2).max(1);
    }
    Ratio::new(n as u32, d as u32).unwrap_or(Ratio::ZERO)
}

pub(crate) fn inches_add(a: Ratio, b: Ratio) -> Ratio {
    let den = u64::from(a.denom()) * u64::from(b.denom());
    let num = u64::from(a.numer()) * u64::from(b.denom()) + u64::from(b.numer()) * u64::from(a.denom());
    from_u64(num, den)
}

/// `a - b`, or zero when `b` is the longer.
pub fn inches_sub(a: Ratio, b: Ratio) -> Ratio {
    let den = u64::from(a.denom()) * u64::from(b.denom());
    let x = u64::from(a.numer()) * u64::from(b.denom());
    let y = u64::from(b.numer()) * u64::from(a.denom());
    from_u64(x.saturating_sub(y), den)
}

pub(crate) fn inches_min(a: Ratio, b: Ratio) -> Ratio {
    if inches_cmp(a, b) == Ordering::Greater { b } else { a }
}

/// Shows inches as the players write them: 2 1/2".
pub fn show_inches(r: Ratio) -> String {
    let whole = r.numer() / r.denom();
    let rest = r.numer() % r.denom();
    match (whole, rest) {
        (w, 0) => format!("{w}\""),
        (0, n) => format!("{n}/{}\"", r.denom()),
        (w, n) => format!("{w} {n}/{}\"", r.denom()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inches_arithmetic() {
        let half = Ratio::HALF;
        assert_eq!(inches_add(Ratio::whole(2), half), Ratio::new(5, 2).unwrap());
        assert_eq!(inches_sub(Ratio::whole(2), Ratio::whole(3)), Ratio::ZERO);
        assert_eq!(inches_cmp(Ratio::new(5, 2).unwrap(), Ratio::whole(3)), Ordering::Less);
        assert_eq!(show_inches(Ratio::new(5, 2).unwrap()), "2 1/2\"");
        assert_eq!(show_inches(Ratio::whole(11)), "11\"");
        assert_eq!(show_inches(Ratio::QUARTER), "1/4\"");
    }

    #[test]
    fn rulings_default_and_serde_default() {
        let r: ChargeRulings = serde_json::from_str("{}").unwrap();
        assert_eq!(r, ChargeRulings::default());
        assert!(!r.cavalry_charge_through_woods);
    }
}
