//! The ten-sided die of Field Commander: Robert E. Lee (rule 4.5): it reads 1 to 10, a face of
//! "0" reading 10. Where the rules say so, a natural 1 always succeeds and a natural 10 always
//! fails ([`D10::check`]); tables read the face as it is ([`D10::value`]).
#![warn(missing_docs)]

use crate::chance::Chance;
use crate::error::{RuleError, RuleResult};
use serde::{Deserialize, Serialize};

/// One d10, reading 1 to 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct D10(u8);

impl D10 {
    /// Every reading, 1 to 10.
    pub const ALL: [D10; 10] = [D10(1), D10(2), D10(3), D10(4), D10(5), D10(6), D10(7), D10(8), D10(9), D10(10)];

    /// The die as thrown: 1 to 9, and 0 or 10 for the face that reads 10 (4.5).
    ///
    /// ```
    /// use companion_core::d10::D10;
    /// assert_eq!(D10::new(0).unwrap().value(), 10);
    /// assert!(D10::new(11).is_err());
    /// ```
    pub fn new(face: u8) -> RuleResult<D10> {
        match face {
            0 => Ok(D10(10)),
            1..=10 => Ok(D10(face)),
            _ => Err(RuleError::OutOfRange { what: "d10", detail: format!("a d10 shows 0 to 9, not {face}") }),
        }
    }

    /// What the die reads, 1 to 10.
    pub fn value(self) -> u8 {
        self.0
    }

    /// A natural 1.
    pub fn is_natural_one(self) -> bool {
        self.0 == 1
    }

    /// A natural 10 (the face "0").
    pub fn is_natural_ten(self) -> bool {
        self.0 == 10
    }

    /// Even, with a "0" counting as 10 and so even (4.5).
    pub fn is_even(self) -> bool {
        self.0.is_multiple_of(2)
    }

    /// The roll is `target` or less, with no natural results (a table band, an Insight roll).
    pub fn at_most(self, target: i32) -> bool {
        i32::from(self.0) <= target
    }

    /// A check that succeeds on `target` or less where a natural 1 always succeeds and a
    /// natural 10 always fails (4.5, 5.6, 5.7): activation, attack and Shock checks.
    ///
    /// ```
    /// use companion_core::d10::D10;
    /// assert!(D10::new(1).unwrap().check(-3));
    /// assert!(!D10::new(0).unwrap().check(12));
    /// assert!(D10::new(7).unwrap().check(7));
    /// ```
    pub fn check(self, target: i32) -> bool {
        if self.is_natural_one() {
            true
        } else if self.is_natural_ten() {
            false
        } else {
            self.at_most(target)
        }
    }

    /// The chance that [`D10::check`] succeeds against `target`: never below 1 in 10 or above
    /// 9 in 10.
    pub fn chance_of_check(target: i32) -> Chance {
        let n = D10::ALL.iter().filter(|d| d.check(target)).count();
        Chance::new(n as u64, 10)
    }

    /// The chance that [`D10::at_most`] holds for `target`.
    pub fn chance_at_most(target: i32) -> Chance {
        let n = D10::ALL.iter().filter(|d| d.at_most(target)).count();
        Chance::new(n as u64, 10)
    }
}

impl TryFrom<u8> for D10 {
    type Error = String;
    fn try_from(face: u8) -> Result<Self, String> {
        D10::new(face).map_err(|e| e.to_string())
    }
}

impl From<D10> for u8 {
    fn from(d: D10) -> u8 {
        d.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn rule_4_5_zero_reads_ten_and_is_even() {
        let ten = D10::new(0).unwrap();
        assert_eq!(ten, D10::new(10).unwrap());
        assert!(ten.is_even() && ten.is_natural_ten());
        assert!(!D10::new(1).unwrap().is_even());
    }

    #[test]
    fn rule_5_6_natural_one_and_ten() {
        assert_eq!(D10::chance_of_check(0), Chance::new(1, 10));
        assert_eq!(D10::chance_of_check(10), Chance::new(9, 10));
        assert_eq!(D10::chance_of_check(6), Chance::new(6, 10));
        assert_eq!(D10::chance_at_most(0), Chance::new(0, 10));
    }

    #[test]
    fn serde_refuses_a_face_of_eleven() {
        assert!(serde_json::from_str::<D10>("11").is_err());
        assert_eq!(serde_json::from_str::<D10>("0").unwrap().value(), 10);
    }

    proptest! {
        #[test]
        fn a_check_is_never_certain(target in -20i32..30) {
            let p = D10::chance_of_check(target);
            prop_assert!(p.percent() >= 10.0 - 1e-9 && p.percent() <= 90.0 + 1e-9);
        }
    }
}
