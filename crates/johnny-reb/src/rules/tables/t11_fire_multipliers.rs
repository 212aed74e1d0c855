//! Table 11, Fire Result Multipliers: kills scored are multiplied by the target's situation,
//! then any fraction is rounded down (4.2.5).
//!
//! Printed: the formation rows. Full flank doubles kills (rule text 6.8.2.f, 6.8.4); the
//! partial flank multiplier and the mounted cavalry rows other than line are missing. A
//! disengaging limbered gun takes half casualties (6.5.8.b).
#![warn(missing_docs)]

use crate::rules::{Cell, CellRef, Ratio};
use serde::{Deserialize, Serialize};

/// The table's name as printed.
pub const TABLE: &str = "Table 11";

/// A row of Table 11.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Table11Row {
    /// Line: x1.
    Line,
    /// March column: x1 1/2.
    MarchColumn,
    /// Skirmish: x1.
    Skirmish,
    /// Disorder: x1 1/2.
    Disorder,
    /// Attack column: x2, never flank multipliers (6.8.1).
    AttackColumn,
    /// Extended line: x1.
    ExtendedLine,
    /// Disengaging or routed: x1/2, never disorder or flank multipliers (6.5.8.a).
    DisengagingOrRouted,
    /// Mounted cavalry in line: x1 1/2.
    MountedLine,
    /// Mounted cavalry in column: not printed.
    MountedColumn,
    /// Mounted cavalry skirmishing: not printed.
    MountedSkirmish,
    /// Mounted cavalry in disorder: not printed.
    MountedDisorder,
    /// Full flank fire: kills doubled (6.8.2.f, 6.8.4).
    FullFlank,
    /// Partial flank fire: not in the text.
    PartialFlank,
    /// Limbered artillery marked D: half casualties (6.5.8.b).
    LimberedDisengaging,
}

impl Table11Row {
    /// Every row, in card order (for the Tables screen).
    pub const ALL: [Table11Row; 14] = [
        Table11Row::Line,
        Table11Row::MarchColumn,
        Table11Row::Skirmish,
        Table11Row::Disorder,
        Table11Row::AttackColumn,
        Table11Row::ExtendedLine,
        Table11Row::DisengagingOrRouted,
        Table11Row::MountedLine,
        Table11Row::MountedColumn,
        Table11Row::MountedSkirmish,
        Table11Row::MountedDisorder,
        Table11Row::FullFlank,
        Table11Row::PartialFlank,
        Table11Row::LimberedDisengaging,
    ];

    /// The heading as printed (or as the rule names it).
    pub fn label(self) -> &'static str {
        use Table11Row::*;
        match self {
            Line => "Line",
            MarchColumn => "March Column",
            Skirmish => "Skirmish",
            Disorder => "Disorder",
            AttackColumn => "Attack Column",
            ExtendedLine => "Extended Line",
            DisengagingOrRouted => "Disengaging/Routed",
            MountedLine => "Mounted Cavalry: Line",
            MountedColumn => "Mounted Cavalry: Column",
            MountedSkirmish => "Mounted Cavalry: Skirmish",
            MountedDisorder => "Mounted Cavalry: Disorder",
            FullFlank => "Full Flank",
            PartialFlank => "Partial Flank",
            LimberedDisengaging => "Limbered Artillery Disengaging",
        }
    }

    /// The shipped multiplier with its provenance.
    ///
    /// ```
    /// use johnny_reb::rules::{Cell, Ratio};
    /// use johnny_reb::rules::tables::t11_fire_multipliers::Table11Row;
    /// assert_eq!(Table11Row::Disorder.shipped(), Cell::Printed(Ratio::ONE_AND_HALF));
    /// assert_eq!(Table11Row::PartialFlank.shipped(), Cell::Missing);
    /// ```
    pub fn shipped(self) -> Cell<Ratio> {
        use Table11Row::*;
        match self {
            Line | Skirmish | ExtendedLine => Cell::Printed(Ratio::ONE),
            MarchColumn | Disorder | MountedLine => Cell::Printed(Ratio::ONE_AND_HALF),
            AttackColumn => Cell::Printed(Ratio::whole(2)),
            DisengagingOrRouted => Cell::Printed(Ratio::HALF),
            FullFlank => Cell::RuleText { value: Ratio::whole(2), rule: "6.8.2.f, 6.8.4" },
            LimberedDisengaging => Cell::RuleText { value: Ratio::HALF, rule: "6.5.8.b" },
            MountedColumn | MountedSkirmish | MountedDisorder | PartialFlank => Cell::Missing,
        }
    }

    /// The cell address: `Table 11, Partial Flank, multiplier`.
    pub fn cell(self) -> CellRef {
        CellRef::new(TABLE, self.label(), "multiplier")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_table11row_rows_are_listed_once_in_order() {
        // The match is exhaustive: a new row fails to compile until it is listed here and in ALL.
        let index = |r: Table11Row| match r {
            Table11Row::Line => 0,
            Table11Row::MarchColumn => 1,
            Table11Row::Skirmish => 2,
            Table11Row::Disorder => 3,
            Table11Row::AttackColumn => 4,
            Table11Row::ExtendedLine => 5,
            Table11Row::DisengagingOrRouted => 6,
            Table11Row::MountedLine => 7,
            Table11Row::MountedColumn => 8,
            Table11Row::MountedSkirmish => 9,
            Table11Row::MountedDisorder => 10,
            Table11Row::FullFlank => 11,
            Table11Row::PartialFlank => 12,
            Table11Row::LimberedDisengaging => 13,
        };
        for (i, r) in Table11Row::ALL.iter().enumerate() {
            assert_eq!(index(*r), i);
        }
    }
    use crate::rules::tables::t08_small_arms_ranges::transcription;

    #[test]
    fn every_printed_value_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let section = transcription::section("Table 11. Fire Results Multipliers", "Table 12.");
        let mounted_at = section.iter().position(|l| l == "Mounted Cavalry").unwrap();
        let foot = [
            (Table11Row::Line, "Line"),
            (Table11Row::MarchColumn, "March Column"),
            (Table11Row::Skirmish, "Skirmish"),
            (Table11Row::Disorder, "Disorder"),
            (Table11Row::AttackColumn, "Attack Column*"),
            (Table11Row::ExtendedLine, "Extended Line"),
            (Table11Row::DisengagingOrRouted, "Disengaging/Routed**"),
        ];
        for (row, label) in foot {
            let cells = transcription::row(&section[..mounted_at], label);
            assert_eq!(row.shipped(), Cell::Printed(Ratio::parse(&cells[0]).unwrap()), "{row:?}");
        }
        let cells = transcription::row(&section[mounted_at..], "Line");
        assert_eq!(Table11Row::MountedLine.shipped(), Cell::Printed(Ratio::parse(&cells[0]).unwrap()));
        assert_eq!(transcription::row(&section, "Brigade Column")[0], "(6.8.2)");
    }

    #[test]
    fn full_flank_doubles_in_the_rule_text() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let t = transcription::text();
        assert!(t.contains("The 17th Virginia has full flank fire on the 19th Indiana and kills are doubled"));
        assert!(t.contains("if a brigade column received full flank fire that caused two casualties, there would be four casualties on each regiment"));
        assert!(t.contains("Limbered artillery marked D is entitled to half casualties when fired upon"));
    }
}
