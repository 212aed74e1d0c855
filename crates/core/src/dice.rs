//! Dice as inputs. Resolvers take [`Die`] and [`TwoDice`] values; a [`DiceSource`] produces
//! them, either by rolling ([`RandomDice`]) or from the players' physical dice ([`EnteredDice`]).
#![warn(missing_docs)]

use crate::error::{RuleError, RuleResult};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// One six-sided die showing 1 to 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Die(u8);

impl Die {
    /// Every face, 1 to 6.
    pub const FACES: [Die; 6] = [Die(1), Die(2), Die(3), Die(4), Die(5), Die(6)];

    /// A die showing `face`; anything but 1-6 is an error.
    ///
    /// ```
    /// use companion_core::Die;
    /// assert_eq!(Die::new(4).unwrap().face(), 4);
    /// assert!(Die::new(7).is_err());
    /// ```
    pub fn new(face: u8) -> RuleResult<Die> {
        if (1..=6).contains(&face) {
            Ok(Die(face))
        } else {
            Err(RuleError::OutOfRange { what: "die", detail: format!("a die shows 1 to 6, not {face}") })
        }
    }

    /// The face shown.
    pub fn face(self) -> u8 {
        self.0
    }
}

impl TryFrom<u8> for Die {
    type Error = String;
    fn try_from(face: u8) -> Result<Self, String> {
        Die::new(face).map_err(|e| e.to_string())
    }
}

impl From<Die> for u8 {
    fn from(d: Die) -> u8 {
        d.0
    }
}

/// Two dice kept apart, because doubles and the single faces matter to some rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TwoDice {
    /// The first die.
    pub first: Die,
    /// The second die.
    pub second: Die,
}

impl TwoDice {
    /// Two dice from their faces.
    ///
    /// ```
    /// use companion_core::TwoDice;
    /// let roll = TwoDice::new(6, 6).unwrap();
    /// assert_eq!(roll.total(), 12);
    /// assert!(roll.is_doubles());
    /// ```
    pub fn new(first: u8, second: u8) -> RuleResult<TwoDice> {
        Ok(TwoDice { first: Die::new(first)?, second: Die::new(second)? })
    }

    /// The sum, 2 to 12.
    pub fn total(self) -> u8 {
        self.first.0 + self.second.0
    }

    /// Both dice show the same face.
    pub fn is_doubles(self) -> bool {
        self.first == self.second
    }

    /// All 36 equally likely rolls.
    pub fn all() -> impl Iterator<Item = TwoDice> {
        Die::FACES.into_iter().flat_map(|a| Die::FACES.into_iter().map(move |b| TwoDice { first: a, second: b }))
    }
}

/// Anything that produces dice for a resolver.
pub trait DiceSource {
    /// One die.
    fn die(&mut self) -> RuleResult<Die>;

    /// Two dice kept apart.
    fn two_dice(&mut self) -> RuleResult<TwoDice> {
        Ok(TwoDice { first: self.die()?, second: self.die()? })
    }

    /// `n` dice, for distances (bonus moves, rout moves) and one save roll per kill.
    fn dice(&mut self, n: usize) -> RuleResult<Vec<Die>> {
        (0..n).map(|_| self.die()).collect()
    }
}

/// The app's own dice: uniform rolls from the operating system's entropy (getrandom).
pub struct RandomDice {
    rng: rand::rngs::StdRng,
}

impl RandomDice {
    /// Seeded from the system; fails only where the platform has no entropy source.
    pub fn from_os() -> RuleResult<RandomDice> {
        use rand::SeedableRng;
        rand::rngs::StdRng::try_from_os_rng()
            .map(|rng| RandomDice { rng })
            .map_err(|e| RuleError::OutOfRange { what: "dice", detail: format!("no random source: {e}") })
    }

    /// Seeded, for repeatable tests.
    pub fn seeded(seed: u64) -> RandomDice {
        use rand::SeedableRng;
        RandomDice { rng: rand::rngs::StdRng::seed_from_u64(seed) }
    }
}

impl DiceSource for RandomDice {
    fn die(&mut self) -> RuleResult<Die> {
        use rand::Rng;
        Die::new(self.rng.random_range(1..=6))
    }
}

/// The faces the players threw on the table, used in order. Running out is an error that
/// asks for more dice rather than a made-up roll.
#[derive(Clone, Debug, Default)]
pub struct EnteredDice {
    faces: VecDeque<Die>,
}

impl EnteredDice {
    /// The dice as entered, first die first.
    ///
    /// ```
    /// use companion_core::dice::{DiceSource, EnteredDice};
    /// let mut dice = EnteredDice::new(&[3, 5]).unwrap();
    /// assert_eq!(dice.two_dice().unwrap().total(), 8);
    /// assert!(dice.die().is_err());
    /// ```
    pub fn new(faces: &[u8]) -> RuleResult<EnteredDice> {
        Ok(EnteredDice { faces: faces.iter().map(|&f| Die::new(f)).collect::<RuleResult<_>>()? })
    }

    /// Dice not yet used.
    pub fn remaining(&self) -> usize {
        self.faces.len()
    }
}

impl DiceSource for EnteredDice {
    fn die(&mut self) -> RuleResult<Die> {
        self.faces.pop_front().ok_or(RuleError::OutOfRange {
            what: "dice",
            detail: "more dice are needed: enter the next roll".to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn two_dice_cover_36_rolls() {
        assert_eq!(TwoDice::all().count(), 36);
        assert_eq!(TwoDice::all().filter(|r| r.total() == 7).count(), 6);
    }

    proptest! {
        #[test]
        fn random_dice_stay_on_the_faces(seed in any::<u64>()) {
            let mut d = RandomDice::seeded(seed);
            for _ in 0..50 {
                let face = d.die().unwrap().face();
                prop_assert!((1..=6).contains(&face));
            }
        }

        #[test]
        fn a_die_is_only_1_to_6(face in any::<u8>()) {
            prop_assert_eq!(Die::new(face).is_ok(), (1..=6).contains(&face));
        }
    }
}
