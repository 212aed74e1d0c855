//! The Battlefield Sheet of the Basic rules (10.2.14): six Regions in a line, their limits,
//! range, Advance and Retreat (11.3), and Formations (10.3).

use crate::force::{ForceType, Loyalty};
use serde::{Deserialize, Serialize};

/// The six Regions, from the Confederate edge to the Union edge (10.2.14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Region {
    /// Confederate Reserve.
    ConfederateReserve,
    /// Confederate Approach.
    ConfederateApproach,
    /// Confederate Front.
    ConfederateFront,
    /// Union Front.
    UnionFront,
    /// Union Approach.
    UnionApproach,
    /// Union Reserve.
    UnionReserve,
}

/// Where a move ends (11.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// Into this Region.
    Into(Region),
    /// Behind its own Reserve Region: off the Battlefield Sheet, back to the campaign map.
    OffTheSheet,
    /// An Advance from the opposing Reserve Region is ignored (11.3).
    Stays,
}

impl Region {
    /// Every Region, Confederate Reserve first: the order Union plans resolve in (14.3).
    pub const ALL: [Region; 6] = [
        Region::ConfederateReserve,
        Region::ConfederateApproach,
        Region::ConfederateFront,
        Region::UnionFront,
        Region::UnionApproach,
        Region::UnionReserve,
    ];

    fn index(self) -> i32 {
        self as i32
    }

    fn at(i: i32) -> Option<Region> {
        usize::try_from(i).ok().and_then(|i| Region::ALL.get(i)).copied()
    }

    /// Regions between two forces, counting the target's Region and not the firer's (11.7.1).
    pub fn range(self, other: Region) -> u8 {
        self.index().abs_diff(other.index()) as u8
    }

    /// A side's own Reserve Region.
    pub fn reserve_of(side: Loyalty) -> Region {
        match side {
            Loyalty::Confederate => Region::ConfederateReserve,
            Loyalty::Union => Region::UnionReserve,
        }
    }

    /// Advance: one Region toward the opposing edge; ignored from the opposing Reserve (11.3).
    pub fn advance(self, side: Loyalty) -> Step {
        let to = self.index() + forward(side);
        Region::at(to).map(Step::Into).unwrap_or(Step::Stays)
    }

    /// Retreat: one Region toward the own edge; from the own Reserve, off the sheet (11.3).
    pub fn retreat(self, side: Loyalty) -> Step {
        let to = self.index() - forward(side);
        Region::at(to).map(Step::Into).unwrap_or(Step::OffTheSheet)
    }

    /// How many Mobile Forces of one side may occupy the Region during a battle (10.2.14):
    /// `None` for no limit. Static Forces never count (10.2.15, 10.2.18).
    pub fn limit(self) -> Option<usize> {
        match self {
            Region::ConfederateReserve | Region::UnionReserve => None,
            Region::ConfederateApproach | Region::UnionApproach => Some(4),
            Region::ConfederateFront | Region::UnionFront => Some(6),
        }
    }

    /// Infantry and Cavalry cannot attack from their own Reserve Region (10.2.14, 11.6).
    pub fn may_attack_from(self, side: Loyalty, kind: ForceType) -> bool {
        kind.is_gun() || kind == ForceType::Garrison || self != Region::reserve_of(side)
    }

    /// The Region's name as printed on the sheet.
    pub fn label(self) -> &'static str {
        match self {
            Region::ConfederateReserve => "Confederate Reserve",
            Region::ConfederateApproach => "Confederate Approach",
            Region::ConfederateFront => "Confederate Front",
            Region::UnionFront => "Union Front",
            Region::UnionApproach => "Union Approach",
            Region::UnionReserve => "Union Reserve",
        }
    }
}

fn forward(side: Loyalty) -> i32 {
    match side {
        Loyalty::Confederate => 1,
        Loyalty::Union => -1,
    }
}

/// Column or Line (10.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Formation {
    /// Counter upright.
    Column,
    /// Counter sideways; Artillery, Garrisons and Fortifications are always in Line (10.3).
    Line,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_11_3_advance_from_the_opposing_reserve_is_ignored() {
        assert_eq!(Region::UnionReserve.advance(Loyalty::Confederate), Step::Stays);
        assert_eq!(Region::ConfederateApproach.advance(Loyalty::Confederate), Step::Into(Region::ConfederateFront));
        assert_eq!(Region::UnionFront.advance(Loyalty::Union), Step::Into(Region::ConfederateFront));
    }

    #[test]
    fn rule_11_3_retreat_example_leaves_the_sheet_from_the_reserve() {
        let once = Region::ConfederateApproach.retreat(Loyalty::Confederate);
        assert_eq!(once, Step::Into(Region::ConfederateReserve));
        assert_eq!(Region::ConfederateReserve.retreat(Loyalty::Confederate), Step::OffTheSheet);
        assert_eq!(Region::UnionReserve.retreat(Loyalty::Union), Step::OffTheSheet);
    }

    #[test]
    fn rule_11_7_2_example_ranges() {
        assert_eq!(Region::ConfederateReserve.range(Region::ConfederateApproach), 1);
        assert_eq!(Region::ConfederateReserve.range(Region::UnionReserve), 5);
    }

    #[test]
    fn rule_10_2_14_limits() {
        assert_eq!(Region::UnionApproach.limit(), Some(4));
        assert_eq!(Region::ConfederateFront.limit(), Some(6));
        assert_eq!(Region::UnionReserve.limit(), None);
        assert!(!Region::UnionReserve.may_attack_from(Loyalty::Union, ForceType::Infantry));
        assert!(Region::UnionReserve.may_attack_from(Loyalty::Union, ForceType::Artillery));
    }
}
