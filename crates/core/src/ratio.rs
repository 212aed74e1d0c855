//! Exact fractions for the rules' multipliers (x1/2, x1 1/2, x1/4) and half inches.
#![warn(missing_docs)]

use serde::{Deserialize, Serialize};
use std::fmt;

/// A non-negative exact fraction, always kept in lowest terms with a non-zero denominator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RatioRepr", into = "RatioRepr")]
pub struct Ratio {
    num: u32,
    den: u32,
}

#[derive(Serialize, Deserialize)]
struct RatioRepr(u32, u32);

impl TryFrom<RatioRepr> for Ratio {
    type Error = String;
    fn try_from(r: RatioRepr) -> Result<Self, String> {
        Ratio::new(r.0, r.1).ok_or_else(|| format!("{}/{} is not a fraction", r.0, r.1))
    }
}

impl From<Ratio> for RatioRepr {
    fn from(r: Ratio) -> Self {
        RatioRepr(r.num, r.den)
    }
}

const fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Ratio {
    /// One: no change.
    pub const ONE: Ratio = Ratio { num: 1, den: 1 };
    /// Zero.
    pub const ZERO: Ratio = Ratio { num: 0, den: 1 };
    /// One half (x1/2).
    pub const HALF: Ratio = Ratio { num: 1, den: 2 };
    /// One quarter (x1/4).
    pub const QUARTER: Ratio = Ratio { num: 1, den: 4 };
    /// One and a half (x1 1/2: "50% more kills", Table 11).
    pub const ONE_AND_HALF: Ratio = Ratio { num: 3, den: 2 };

    /// `num/den` in lowest terms, or `None` when `den` is zero.
    ///
    /// ```
    /// use companion_core::Ratio;
    /// assert_eq!(Ratio::new(2, 4), Some(Ratio::HALF));
    /// assert_eq!(Ratio::new(1, 0), None);
    /// ```
    pub const fn new(num: u32, den: u32) -> Option<Ratio> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den);
        let g = if g == 0 { 1 } else { g };
        Some(Ratio { num: num / g, den: den / g })
    }

    /// A whole number.
    pub const fn whole(n: u32) -> Ratio {
        Ratio { num: n, den: 1 }
    }

    /// Numerator in lowest terms.
    pub const fn numer(self) -> u32 {
        self.num
    }

    /// Denominator in lowest terms (never zero).
    pub const fn denom(self) -> u32 {
        self.den
    }

    /// The product, saturating instead of overflowing (not `*`, which would promise the
    /// exact product).
    #[allow(clippy::should_implement_trait)]
    pub fn mul(self, other: Ratio) -> Ratio {
        let num = (self.num as u64) * (other.num as u64);
        let den = (self.den as u64) * (other.den as u64);
        let g = {
            let (mut a, mut b) = (num, den);
            while b != 0 {
                let t = a % b;
                a = b;
                b = t;
            }
            a.max(1)
        };
        let (num, den) = (num / g, den / g);
        Ratio { num: num.min(u32::MAX as u64) as u32, den: den.clamp(1, u32::MAX as u64) as u32 }
    }

    /// Applies this multiplier to a whole number and rounds down, as the rules do for fire
    /// strength ("round down", 4.2.2) and kills.
    ///
    /// ```
    /// use companion_core::Ratio;
    /// assert_eq!(Ratio::HALF.of_floor(15), 7);
    /// assert_eq!(Ratio::ONE_AND_HALF.of_floor(3), 4);
    /// ```
    pub fn of_floor(self, n: u32) -> u32 {
        ((n as u64 * self.num as u64) / self.den as u64).min(u32::MAX as u64) as u32
    }

    /// Rounded down to a whole number.
    pub fn floor(self) -> u32 {
        self.num / self.den
    }

    /// Parses "3", "1/2", "1 1/2", "x1/2" or "1.5" (as players type them from the card).
    ///
    /// ```
    /// use companion_core::Ratio;
    /// assert_eq!(Ratio::parse("x1 1/2"), Ok(Ratio::ONE_AND_HALF));
    /// assert!(Ratio::parse("abc").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Ratio, String> {
        let t = text.trim().trim_start_matches(['x', 'X', '×']).trim();
        let bad = || format!("\"{}\" is not a number (write it like 3, 1/2 or 1 1/2)", text.trim());
        if t.is_empty() || t.len() > 16 {
            return Err(bad());
        }
        let whole_and_frac: Vec<&str> = t.split_whitespace().collect();
        let parse_frac = |s: &str| -> Result<Ratio, String> {
            if let Some((n, d)) = s.split_once('/') {
                let n: u32 = n.trim().parse().map_err(|_| bad())?;
                let d: u32 = d.trim().parse().map_err(|_| bad())?;
                Ratio::new(n, d).ok_or_else(bad)
            } else if let Some((w, f)) = s.split_once('.') {
                let w: u32 = if w.is_empty() { 0 } else { w.parse().map_err(|_| bad())? };
                if f.is_empty() || f.len() > 4 || !f.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad());
                }
                let den = 10u32.pow(f.len() as u32);
                let frac: u32 = f.parse().map_err(|_| bad())?;
                Ratio::new(w.saturating_mul(den).saturating_add(frac), den).ok_or_else(bad)
            } else {
                s.parse::<u32>().map(Ratio::whole).map_err(|_| bad())
            }
        };
        match whole_and_frac.as_slice() {
            [one] => parse_frac(one),
            [w, f] if f.contains('/') => {
                let w: u32 = w.parse().map_err(|_| bad())?;
                let f = parse_frac(f)?;
                Ratio::new(w.saturating_mul(f.den).saturating_add(f.num), f.den).ok_or_else(bad)
            }
            _ => Err(bad()),
        }
    }
}

impl Ord for Ratio {
    /// By value: `3/2 < 3`, compared exactly by cross-multiplying.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.num as u64 * other.den as u64).cmp(&(other.num as u64 * self.den as u64))
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.num / self.den;
        let rest = self.num % self.den;
        match (whole, rest) {
            (w, 0) => write!(f, "{w}"),
            (0, r) => write!(f, "{r}/{}", self.den),
            (w, r) => write!(f, "{w} {r}/{}", self.den),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn displays_as_the_tables_print_it() {
        assert_eq!(Ratio::ONE_AND_HALF.to_string(), "1 1/2");
        assert_eq!(Ratio::QUARTER.to_string(), "1/4");
        assert_eq!(Ratio::whole(12).to_string(), "12");
    }

    #[test]
    fn orders_by_value() {
        assert!(Ratio::ONE_AND_HALF < Ratio::whole(3));
        assert!(Ratio::QUARTER < Ratio::HALF);
        assert!(Ratio::whole(2) > Ratio::ONE_AND_HALF);
    }

    proptest! {
        #[test]
        fn order_agrees_with_floating_point(a in 0u32..500, b in 1u32..50, c in 0u32..500, d in 1u32..50) {
            let (x, y) = (Ratio::new(a, b).unwrap(), Ratio::new(c, d).unwrap());
            let (fx, fy) = (a as f64 / b as f64, c as f64 / d as f64);
            if (fx - fy).abs() > 1e-9 {
                prop_assert_eq!(x < y, fx < fy);
            } else {
                prop_assert_eq!(x, y);
            }
        }

        #[test]
        fn parse_reads_what_display_writes(n in 0u32..10_000, d in 1u32..100) {
            let r = Ratio::new(n, d).unwrap();
            prop_assert_eq!(Ratio::parse(&r.to_string()), Ok(r));
        }

        #[test]
        fn parse_never_panics(s in ".{0,40}") {
            let _ = Ratio::parse(&s);
        }
    }
}
