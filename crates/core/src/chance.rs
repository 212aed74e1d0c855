//! Exact odds, by enumerating the dice. The spaces are small (36 rolls for two dice, 6^n for
//! n dice), so every probability is an exact fraction rather than a simulation.
#![warn(missing_docs)]

use crate::dice::{Die, TwoDice};
use std::fmt;

/// An exact probability `num / den`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Chance {
    num: u64,
    den: u64,
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a.max(1)
}

impl Chance {
    /// Certain failure.
    pub const NEVER: Chance = Chance { num: 0, den: 1 };
    /// Certainty.
    pub const ALWAYS: Chance = Chance { num: 1, den: 1 };

    /// `num` out of `den` equally likely outcomes (clamped to at most certainty).
    ///
    /// ```
    /// use companion_core::Chance;
    /// assert_eq!(Chance::new(6, 36), Chance::new(1, 6));
    /// assert!((Chance::new(1, 6).percent() - 16.667).abs() < 0.001);
    /// ```
    pub fn new(num: u64, den: u64) -> Chance {
        if den == 0 {
            return Chance::NEVER;
        }
        let num = num.min(den);
        let g = gcd(num, den);
        Chance { num: num / g, den: den / g }
    }

    /// Numerator in lowest terms.
    pub fn numer(self) -> u64 {
        self.num
    }

    /// Denominator in lowest terms.
    pub fn denom(self) -> u64 {
        self.den
    }

    /// As a percentage, for display.
    pub fn percent(self) -> f64 {
        self.num as f64 * 100.0 / self.den as f64
    }

    /// The sum of two chances of disjoint outcomes.
    pub fn plus(self, other: Chance) -> Chance {
        let den = self.den / gcd(self.den, other.den) * other.den;
        Chance::new(self.num * (den / self.den) + other.num * (den / other.den), den)
    }

    /// The chance of both of two independent outcomes.
    pub fn times(self, other: Chance) -> Chance {
        let g1 = gcd(self.num, other.den);
        let g2 = gcd(other.num, self.den);
        Chance::new((self.num / g1) * (other.num / g2), (self.den / g2) * (other.den / g1))
    }

    /// The chance that it does not happen.
    pub fn complement(self) -> Chance {
        Chance::new(self.den - self.num, self.den)
    }
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.0}%", self.percent())
    }
}

/// The outcomes of a roll with their exact chances; the chances sum to one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distribution<T> {
    outcomes: Vec<(T, Chance)>,
}

impl<T: PartialEq + Clone> Distribution<T> {
    /// Enumerates the 36 rolls of two dice through `outcome`.
    ///
    /// ```
    /// use companion_core::{Chance, Distribution};
    /// let d = Distribution::of_two_dice(|roll| roll.total() > 7);
    /// assert_eq!(d.chance_of(&true), Chance::new(15, 36));
    /// ```
    pub fn of_two_dice(outcome: impl Fn(TwoDice) -> T) -> Distribution<T> {
        let mut d = Distribution { outcomes: Vec::new() };
        for roll in TwoDice::all() {
            d.add(outcome(roll), Chance::new(1, 36));
        }
        d
    }

    /// Enumerates the 6 faces of one die through `outcome`.
    pub fn of_die(outcome: impl Fn(Die) -> T) -> Distribution<T> {
        let mut d = Distribution { outcomes: Vec::new() };
        for face in Die::FACES {
            d.add(outcome(face), Chance::new(1, 6));
        }
        d
    }

    /// Enumerates the totals of `n` dice (n at most 8), for distances.
    pub fn of_dice_total(n: usize, outcome: impl Fn(u32) -> T) -> Distribution<T> {
        let n = n.min(8);
        // ways[t] = number of ways n dice make total t
        let mut ways = vec![1u64];
        for _ in 0..n {
            let mut next = vec![0u64; ways.len() + 6];
            for (t, w) in ways.iter().enumerate() {
                for f in 1..=6 {
                    next[t + f] += w;
                }
            }
            ways = next;
        }
        let den = 6u64.pow(n as u32);
        let mut d = Distribution { outcomes: Vec::new() };
        for (t, w) in ways.iter().enumerate() {
            if *w > 0 {
                d.add(outcome(t as u32), Chance::new(*w, den));
            }
        }
        d
    }

    /// Builds a distribution from weighted outcomes, merging equal ones.
    pub fn from_weighted(items: impl IntoIterator<Item = (T, Chance)>) -> Distribution<T> {
        let mut d = Distribution { outcomes: Vec::new() };
        for (o, c) in items {
            d.add(o, c);
        }
        d
    }

    fn add(&mut self, outcome: T, chance: Chance) {
        if let Some(slot) = self.outcomes.iter_mut().find(|(o, _)| *o == outcome) {
            slot.1 = slot.1.plus(chance);
        } else {
            self.outcomes.push((outcome, chance));
        }
    }

    /// The chance of one outcome.
    pub fn chance_of(&self, outcome: &T) -> Chance {
        self.outcomes.iter().find(|(o, _)| o == outcome).map(|(_, c)| *c).unwrap_or(Chance::NEVER)
    }

    /// The chance that an outcome satisfies `pred`.
    pub fn chance_that(&self, pred: impl Fn(&T) -> bool) -> Chance {
        self.outcomes.iter().filter(|(o, _)| pred(o)).fold(Chance::NEVER, |acc, (_, c)| acc.plus(*c))
    }

    /// Every outcome with its chance.
    pub fn outcomes(&self) -> &[(T, Chance)] {
        &self.outcomes
    }

    /// Sum of all chances (one, unless the distribution is empty).
    pub fn total(&self) -> Chance {
        self.outcomes.iter().fold(Chance::NEVER, |acc, (_, c)| acc.plus(*c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn dice_totals_sum_to_one() {
        for n in 0..=4 {
            assert_eq!(Distribution::of_dice_total(n, |t| t).total(), Chance::ALWAYS);
        }
        assert_eq!(Distribution::of_dice_total(3, |t| t).chance_of(&3), Chance::new(1, 216));
    }

    proptest! {
        #[test]
        fn two_dice_distributions_sum_to_one(threshold in 0u8..14) {
            let d = Distribution::of_two_dice(|r| r.total() > threshold);
            prop_assert_eq!(d.total(), Chance::ALWAYS);
        }
    }
}
