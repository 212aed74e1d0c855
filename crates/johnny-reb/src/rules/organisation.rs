//! Your command (0.1.1): how many figures a regiment of so many men has, and how they stand on
//! its five stands, "uneven" regiments included.
#![warn(missing_docs)]

use crate::rules::{Cell, RuleError, RuleResult};

/// Soldiers each figure stands for (0.1.1.a: "Each miniature figure represents 20 soldiers").
pub const MEN_PER_FIGURE: Cell<u32> = Cell::RuleText { value: 20, rule: "0.1.1.a" };

/// Stands of an infantry or cavalry regiment (0.1.1.a: "composed of five stands").
pub const STANDS_PER_REGIMENT: usize = 5;

/// The figures on each of a regiment's five stands, left to right, for `men` soldiers
/// (0.1.1.a): one figure per 20 men, shared over five stands of at most two sizes, the larger
/// stands set symmetrically (RULINGS.md, "Appendices D and F": alternating from the flanks, as
/// the book's 4-3-4-3-4). An error unless `men` is a multiple of 20 ("increments of 20 men",
/// Note to First Edition Owners) with at least one figure a stand.
///
/// ```
/// use johnny_reb::rules::organisation::regiment_stands;
/// assert_eq!(regiment_stands(360).unwrap(), [4, 3, 4, 3, 4]);
/// assert!(regiment_stands(350).is_err());
/// ```
pub fn regiment_stands(men: u32) -> RuleResult<[u32; STANDS_PER_REGIMENT]> {
    let per = MEN_PER_FIGURE.value().copied().unwrap_or(20);
    if !men.is_multiple_of(per) || men < per * STANDS_PER_REGIMENT as u32 {
        return Err(RuleError::OutOfRange {
            what: "regiment",
            detail: format!("{men} men is not five stands of whole figures of {per} men each (0.1.1.a)"),
        });
    }
    let figures = men / per;
    let base = figures / STANDS_PER_REGIMENT as u32;
    // Which stands carry the extra figure, for 0 to 4 extra: symmetrical about the centre.
    let larger: [[bool; STANDS_PER_REGIMENT]; STANDS_PER_REGIMENT] = [
        [false, false, false, false, false],
        [false, false, true, false, false],
        [false, true, false, true, false],
        [true, false, true, false, true],
        [true, true, false, true, true],
    ];
    let pattern = larger.get((figures % STANDS_PER_REGIMENT as u32) as usize).copied().unwrap_or_default();
    Ok(pattern.map(|big| base + u32::from(big)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_0_1_1_a_regiments_of_400_300_and_360_men() {
        // The 24th New York, 400 men: five stands of four figures.
        assert_eq!(regiment_stands(400).unwrap(), [4; 5]);
        // The 2nd Texas Cavalry, 300 men: three figures a stand.
        assert_eq!(regiment_stands(300).unwrap(), [3; 5]);
        // 360 men: three stands of four and two of three, lined up 4-3-4-3-4.
        assert_eq!(regiment_stands(360).unwrap(), [4, 3, 4, 3, 4]);
        assert!(regiment_stands(390).is_err());
        assert!(regiment_stands(80).is_err());
    }

    #[test]
    fn every_regiment_has_two_stand_sizes_at_most_symmetrically() {
        for figures in 5u32..200 {
            let stands = regiment_stands(figures * 20).unwrap();
            assert_eq!(stands.iter().sum::<u32>(), figures);
            let (min, max) = (stands.iter().min().unwrap(), stands.iter().max().unwrap());
            assert!(max - min <= 1);
            assert_eq!(stands, [stands[4], stands[3], stands[2], stands[1], stands[0]]);
        }
    }
}
