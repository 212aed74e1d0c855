//! Table 14, Artillery Fire Modifiers (4.3.3, 9.1.5, 9.3.3.b).
//!
//! Printed: all rows but the green/tired crew's value (missing). The moving target shifts
//! (4.3.3.a) come from the rule text. A militia/poor crew (an infantry stand serving a gun is a
//! "poor crew", 4.3.5.d) has no row in the transcription: missing.
#![warn(missing_docs)]

use super::t09_small_arms_modifiers::FireModifier;
use crate::rules::{Cell, CellRef, Ratio};
use serde::{Deserialize, Serialize};

/// The table's name as printed.
pub const TABLE: &str = "Table 14";

/// A row of Table 14.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Table14Row {
    /// Marked H or FR: x1.
    HoldOrFirstFire,
    /// Marked CH, FM or Move: x1/2.
    ConditionalHoldFormationOrMove,
    /// Shaken crew: x1/2.
    ShakenCrew,
    /// Pivoted over 90 degrees on H: x1/2.
    PivotOver90,
    /// Pivoted 45-90 degrees on H: down 1.
    Pivot45To90,
    /// Area fire: x1/2.
    AreaFire,
    /// Blind fire: x1/4.
    BlindFire,
    /// Each 12" (or fraction) of light woods, shot only: down 1.
    Each12LightWoods,
    /// Each 6" (or fraction) of heavy woods, shot only: down 1.
    Each6HeavyWoods,
    /// Elite crew: up 1.
    EliteCrew,
    /// Green/tired crew: printed without a value.
    GreenOrTiredCrew,
    /// Militia/poor crew: no row in the transcription.
    PoorCrew,
    /// Shot at hasty works: x2.
    VsHastyWorks,
    /// Shot at light works: x1.
    VsLightWorks,
    /// Shot at medium works: x1/2.
    VsMediumWorks,
    /// Shot at heavy works: x1/4.
    VsHeavyWorks,
    /// Siege artillery against works: up 1.
    SiegeVsWorks,
    /// Against a large building: up 1.
    VsLargeBuilding,
    /// Target marked Move, Disengage, Charge or Routed: down 1 (4.3.3.a).
    TargetMoving,
    /// Charging cavalry: a further down 1, for down 2 in all (4.3.3.a).
    ChargingCavalryExtra,
    /// Appendix F 8, a large group: up 1.
    LargeGroup,
}

impl Table14Row {
    /// Every row, in card order (for the Tables screen).
    pub const ALL: [Table14Row; 21] = [
        Table14Row::HoldOrFirstFire,
        Table14Row::ConditionalHoldFormationOrMove,
        Table14Row::ShakenCrew,
        Table14Row::PivotOver90,
        Table14Row::Pivot45To90,
        Table14Row::AreaFire,
        Table14Row::BlindFire,
        Table14Row::Each12LightWoods,
        Table14Row::Each6HeavyWoods,
        Table14Row::EliteCrew,
        Table14Row::GreenOrTiredCrew,
        Table14Row::PoorCrew,
        Table14Row::VsHastyWorks,
        Table14Row::VsLightWorks,
        Table14Row::VsMediumWorks,
        Table14Row::VsHeavyWorks,
        Table14Row::SiegeVsWorks,
        Table14Row::VsLargeBuilding,
        Table14Row::TargetMoving,
        Table14Row::ChargingCavalryExtra,
        Table14Row::LargeGroup,
    ];

    /// The row as printed (or as the rule names it).
    pub fn label(self) -> &'static str {
        use Table14Row::*;
        match self {
            HoldOrFirstFire => "Marked H or FR",
            ConditionalHoldFormationOrMove => "Marked CH, FM, or Move",
            ShakenCrew => "Shaken Crew",
            PivotOver90 => "Pivoted Over 90 degrees on H",
            Pivot45To90 => "Pivoted 45-90 degrees on H",
            AreaFire => "Area Fire",
            BlindFire => "Blind Fire",
            Each12LightWoods => "Each 12\" Light Woods",
            Each6HeavyWoods => "Each 6\" Heavy Woods",
            EliteCrew => "Elite Crew",
            GreenOrTiredCrew => "Green/Tired Crew",
            PoorCrew => "Militia/Poor Crew",
            VsHastyWorks => "Vs. Hasty Works",
            VsLightWorks => "Vs. Light Works",
            VsMediumWorks => "Vs. Medium Works",
            VsHeavyWorks => "Vs. Heavy Works",
            SiegeVsWorks => "If Siege Art vs. Works",
            VsLargeBuilding => "Vs. Large Building",
            TargetMoving => "Target Moving",
            ChargingCavalryExtra => "Charging Cavalry",
            LargeGroup => "Large Group",
        }
    }

    /// The printed rows, in the card's order.
    pub const PRINTED: [Table14Row; 17] = [
        Table14Row::HoldOrFirstFire,
        Table14Row::ConditionalHoldFormationOrMove,
        Table14Row::ShakenCrew,
        Table14Row::PivotOver90,
        Table14Row::Pivot45To90,
        Table14Row::AreaFire,
        Table14Row::BlindFire,
        Table14Row::Each12LightWoods,
        Table14Row::Each6HeavyWoods,
        Table14Row::EliteCrew,
        Table14Row::VsHastyWorks,
        Table14Row::VsLightWorks,
        Table14Row::VsMediumWorks,
        Table14Row::VsHeavyWorks,
        Table14Row::SiegeVsWorks,
        Table14Row::VsLargeBuilding,
        Table14Row::GreenOrTiredCrew,
    ];

    /// The shipped modifier with its provenance.
    ///
    /// ```
    /// use johnny_reb::rules::Cell;
    /// use johnny_reb::rules::tables::t09_small_arms_modifiers::FireModifier;
    /// use johnny_reb::rules::tables::t14_artillery_modifiers::Table14Row;
    /// assert_eq!(Table14Row::EliteCrew.shipped(), Cell::Printed(FireModifier::Rows(1)));
    /// assert_eq!(Table14Row::GreenOrTiredCrew.shipped(), Cell::Missing);
    /// ```
    pub fn shipped(self) -> Cell<FireModifier> {
        use FireModifier::{Rows, Times};
        use Table14Row::*;
        let pr = |m| Cell::Printed(m);
        match self {
            HoldOrFirstFire | VsLightWorks => pr(Times(Ratio::ONE)),
            ConditionalHoldFormationOrMove | ShakenCrew | PivotOver90 | AreaFire | VsMediumWorks => {
                pr(Times(Ratio::HALF))
            }
            BlindFire | VsHeavyWorks => pr(Times(Ratio::QUARTER)),
            Pivot45To90 | Each12LightWoods | Each6HeavyWoods => pr(Rows(-1)),
            EliteCrew | SiegeVsWorks | VsLargeBuilding => pr(Rows(1)),
            VsHastyWorks => pr(Times(Ratio::whole(2))),
            TargetMoving => Cell::RuleText { value: Rows(-1), rule: "4.3.3.a" },
            ChargingCavalryExtra => Cell::RuleText { value: Rows(-1), rule: "4.3.3.a" },
            LargeGroup => Cell::RuleText { value: Rows(1), rule: "Appendix F 8" },
            GreenOrTiredCrew | PoorCrew => Cell::Missing,
        }
    }

    /// The cell a missing modifier is asked as: `Table 14, Green/Tired Crew, modifier`.
    pub fn cell(self) -> CellRef {
        CellRef::new(TABLE, self.label(), "modifier")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_table14row_rows_are_listed_once_in_order() {
        // The match is exhaustive: a new row fails to compile until it is listed here and in ALL.
        let index = |r: Table14Row| match r {
            Table14Row::HoldOrFirstFire => 0,
            Table14Row::ConditionalHoldFormationOrMove => 1,
            Table14Row::ShakenCrew => 2,
            Table14Row::PivotOver90 => 3,
            Table14Row::Pivot45To90 => 4,
            Table14Row::AreaFire => 5,
            Table14Row::BlindFire => 6,
            Table14Row::Each12LightWoods => 7,
            Table14Row::Each6HeavyWoods => 8,
            Table14Row::EliteCrew => 9,
            Table14Row::GreenOrTiredCrew => 10,
            Table14Row::PoorCrew => 11,
            Table14Row::VsHastyWorks => 12,
            Table14Row::VsLightWorks => 13,
            Table14Row::VsMediumWorks => 14,
            Table14Row::VsHeavyWorks => 15,
            Table14Row::SiegeVsWorks => 16,
            Table14Row::VsLargeBuilding => 17,
            Table14Row::TargetMoving => 18,
            Table14Row::ChargingCavalryExtra => 19,
            Table14Row::LargeGroup => 20,
        };
        for (i, r) in Table14Row::ALL.iter().enumerate() {
            assert_eq!(index(*r), i);
        }
    }
    use crate::rules::tables::t08_small_arms_ranges::transcription;

    use crate::rules::tables::t09_small_arms_modifiers::tests::parse;

    #[test]
    fn every_printed_value_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let section = transcription::section("Table 14. Artillery Fire Modifiers", "Table 15.");
        for row in Table14Row::PRINTED {
            let line =
                section.iter().find(|l| l.split('\t').next() == Some(row.label())).unwrap_or_else(|| panic!("{row:?}"));
            match line.split('\t').nth(1) {
                Some(v) => assert_eq!(row.shipped(), Cell::Printed(parse(v.trim())), "{row:?}"),
                None => assert_eq!(row.shipped(), Cell::Missing, "{row:?}"),
            }
        }
        assert_eq!(transcription::row(&section, "Marked D or Routed"), ["NA"]);
        let t = transcription::text();
        assert!(t.contains(
            "If the target is marked Move, Disengage, Charge, or Routed, shift the artillery fire down 1 row"
        ));
        assert!(t.contains(
            "Charging cavalry, due to its speed, receives another shift down in addition to the first for down 2 total"
        ));
    }
}
