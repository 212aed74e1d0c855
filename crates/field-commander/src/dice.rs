//! The d10s a command is given (4.5), used in the order the rules call for them. A command that
//! runs out says which roll it needs next, with its target, so that the screens show the odds
//! before the die is thrown ([`RollNeed`]); the rolls themselves are always arguments.

use crate::combat::AttackValues;
use companion_core::chance::Chance;
use companion_core::d10::D10;
use companion_core::error::{RuleError, RuleResult};
use serde::{Deserialize, Serialize};

/// How a needed roll is read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RollKind {
    /// Succeeds on `target` or less; a natural 1 always succeeds, a natural 10 always fails
    /// (5.6: Activation and Shock checks).
    Check {
        /// The modified number.
        target: i32,
    },
    /// An attack (5.7, 11.6, 11.8): one Hit at the Combat Value or less, two at the
    /// superscript or less.
    Attack {
        /// The modified Combat Value.
        combat: i32,
        /// The modified superscript (zero where none is printed, 11.8).
        superior: i32,
    },
    /// Read on a table or as a random pick: no odds of success to show.
    Table,
}

/// A roll the rules call for next and the command was not given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollNeed {
    /// Whose roll and for what, with its rule ("Slocum's Activation check (14.2.2)").
    pub what: String,
    /// How it is read.
    pub kind: RollKind,
}

impl RollNeed {
    /// The chances worth saying before the roll, each with its words.
    pub fn chances(&self) -> Vec<(&'static str, Chance)> {
        match self.kind {
            RollKind::Check { target } => vec![("Succeeds", D10::chance_of_check(target))],
            RollKind::Attack { combat, superior } => {
                let hits = |n: u8| {
                    let count = D10::ALL.iter().filter(|d| attack_hits(combat, superior, **d) >= n).count();
                    Chance::new(count as u64, 10)
                };
                vec![("At least one Hit", hits(1)), ("Two Hits", hits(2))]
            }
            RollKind::Table => Vec::new(),
        }
    }

    /// The target in words ("7 or less; a natural 1 always succeeds, a natural 10 always fails").
    pub fn target_words(&self) -> String {
        match self.kind {
            RollKind::Check { target } => format!("Roll {} or less (a 1 always succeeds, a 0 always fails)", target),
            RollKind::Attack { combat, superior } if superior >= 1 => {
                format!("Roll {combat} or less for a Hit, {superior} or less for two (a 1 always hits, a 0 misses)")
            }
            RollKind::Attack { combat, .. } => format!("Roll {combat} or less for a Hit (a 1 always hits, a 0 misses)"),
            RollKind::Table => "Roll the d10 (a 0 reads 10)".into(),
        }
    }
}

fn attack_hits(combat: i32, superior: i32, roll: D10) -> u8 {
    let mut v = AttackValues::new(0, None);
    v.modifiers.push(crate::combat::Modifier::new("", "", combat, superior));
    v.hits(roll)
}

/// The dice a command was given, taken in turn. When the rules call for one more than it has,
/// it keeps what was needed ([`Dice::wanted`]) and refuses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dice {
    rolls: Vec<D10>,
    next: usize,
    /// The roll that was needed and missing.
    pub wanted: Option<RollNeed>,
}

impl Dice {
    /// These rolls, first first.
    pub fn new(rolls: Vec<D10>) -> Dice {
        Dice { rolls, next: 0, wanted: None }
    }

    fn take(&mut self, need: RollNeed) -> RuleResult<D10> {
        match self.rolls.get(self.next) {
            Some(r) => {
                self.next += 1;
                Ok(*r)
            }
            None => {
                let detail = format!("roll the d10 for {}", need.what);
                self.wanted = Some(need);
                Err(RuleError::OutOfRange { what: "dice", detail })
            }
        }
    }

    /// A check against `target` (5.6): the roll, for the caller to read with [`D10::check`].
    pub fn check(&mut self, what: impl Into<String>, target: i32) -> RuleResult<D10> {
        self.take(RollNeed { what: what.into(), kind: RollKind::Check { target } })
    }

    /// An attack roll against `values` (11.6).
    pub fn attack(&mut self, what: impl Into<String>, values: &AttackValues) -> RuleResult<D10> {
        self.take(RollNeed {
            what: what.into(),
            kind: RollKind::Attack { combat: values.combat(), superior: values.superior() },
        })
    }

    /// A roll read on a table.
    pub fn table(&mut self, what: impl Into<String>) -> RuleResult<D10> {
        self.take(RollNeed { what: what.into(), kind: RollKind::Table })
    }

    /// How many rolls were not used.
    pub fn unused(&self) -> usize {
        self.rolls.len().saturating_sub(self.next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(face: u8) -> D10 {
        D10::new(face).unwrap()
    }

    #[test]
    fn rule_4_5_a_missing_roll_says_what_it_is_for_and_its_target() {
        let mut dice = Dice::new(vec![d(3)]);
        assert_eq!(dice.check("Slocum's Activation check (14.2.2)", 5).unwrap(), d(3));
        assert!(dice.check("Slocum's attack", 4).is_err());
        let need = dice.wanted.clone().unwrap();
        assert_eq!(need.kind, RollKind::Check { target: 4 });
        assert_eq!(need.chances(), vec![("Succeeds", Chance::new(4, 10))]);
    }

    #[test]
    fn rule_11_6_example_six_over_three_odds() {
        let need = RollNeed { what: "x".into(), kind: RollKind::Attack { combat: 6, superior: 3 } };
        assert_eq!(need.chances(), vec![("At least one Hit", Chance::new(6, 10)), ("Two Hits", Chance::new(3, 10))]);
        let none = RollNeed { what: "x".into(), kind: RollKind::Attack { combat: 6, superior: 0 } };
        assert_eq!(none.chances()[1].1, Chance::new(0, 10), "11.8: no superscript, a 1 scores one Hit");
    }
}
