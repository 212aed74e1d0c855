//! Table 8, Small Arms Ranges: the outer limit of each range band per weapon, in inches, and
//! the band's strength multiplier (4.2.3.a).
//!
//! The transcription prints five weapons. The sharpshooter rifle row (Appendix A note 1 refers
//! to it) and the shotgun row (4.2.3.a gives only its x3 at close range) are missing.
//! All distances are for 9/10, 15 and 20 mm figures; 25 mm doubles them (0.1.1), a setting.
#![warn(missing_docs)]

use crate::rules::{Cell, CellRef, Ratio};
use serde::{Deserialize, Serialize};

/// The table's name as printed.
pub const TABLE: &str = "Table 8";

/// The weapon rows of Table 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SmallArm {
    /// Rifle-musket (also breechloading rifles not otherwise specified, Appendix A note 1).
    RifleMusket,
    /// Smoothbore musket: x3 at close range ("buck and ball", 4.2.3.a).
    SmoothboreMusket,
    /// Carbine.
    Carbine,
    /// Repeating carbine.
    RepeatingCarbine,
    /// Repeating rifle.
    RepeatingRifle,
    /// Sharpshooter rifle: the row for weapons with a long-range benefit (Appendix A note 1);
    /// missing from the transcription.
    SharpshooterRifle,
    /// Shotgun: x3 at close range (4.2.3.a); its ranges are missing from the transcription.
    Shotgun,
}

impl SmallArm {
    /// Every row, printed rows first.
    pub const ALL: [SmallArm; 7] = [
        SmallArm::RifleMusket,
        SmallArm::SmoothboreMusket,
        SmallArm::Carbine,
        SmallArm::RepeatingCarbine,
        SmallArm::RepeatingRifle,
        SmallArm::SharpshooterRifle,
        SmallArm::Shotgun,
    ];

    /// The row heading as printed (or as Appendix A and 4.2.3.a name it).
    pub fn label(self) -> &'static str {
        match self {
            SmallArm::RifleMusket => "Rifle-musket",
            SmallArm::SmoothboreMusket => "Smoothbore Musket",
            SmallArm::Carbine => "Carbine",
            SmallArm::RepeatingCarbine => "Repeating Carbine",
            SmallArm::RepeatingRifle => "Repeating Rifle",
            SmallArm::SharpshooterRifle => "Sharpshooter Rifle",
            SmallArm::Shotgun => "Shotgun",
        }
    }

    /// A repeating weapon (4.2.7.c).
    pub fn is_repeater(self) -> bool {
        matches!(self, SmallArm::RepeatingCarbine | SmallArm::RepeatingRifle)
    }
}

/// The four range bands of Table 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RangeBand {
    /// Close: x2, or x3 for smoothbores and shotguns.
    Close,
    /// Normal: no change.
    Normal,
    /// Long: x1/2.
    Long,
    /// Extreme: x1/4.
    Extreme,
}

impl RangeBand {
    /// Nearest first.
    pub const ALL: [RangeBand; 4] = [RangeBand::Close, RangeBand::Normal, RangeBand::Long, RangeBand::Extreme];

    /// The column heading as printed.
    pub fn label(self) -> &'static str {
        match self {
            RangeBand::Close => "Close",
            RangeBand::Normal => "Normal",
            RangeBand::Long => "Long",
            RangeBand::Extreme => "Extreme",
        }
    }
}

const fn p(n: u32) -> Cell<Ratio> {
    Cell::Printed(Ratio::whole(n))
}

/// The outer limit, in inches, of `band` for `weapon`, as printed (missing for the
/// sharpshooter rifle and the shotgun).
///
/// ```
/// use johnny_reb::rules::{Cell, Ratio};
/// use johnny_reb::rules::tables::t08_small_arms_ranges::{max_range, RangeBand, SmallArm};
/// assert_eq!(max_range(SmallArm::RifleMusket, RangeBand::Normal), Cell::Printed(Ratio::whole(5)));
/// assert_eq!(max_range(SmallArm::Shotgun, RangeBand::Close), Cell::Missing);
/// ```
pub fn max_range(weapon: SmallArm, band: RangeBand) -> Cell<Ratio> {
    let row: [Cell<Ratio>; 4] = match weapon {
        SmallArm::RifleMusket => [p(2), p(5), p(10), p(15)],
        SmallArm::SmoothboreMusket => [p(1), p(2), p(4), p(7)],
        SmallArm::Carbine => [p(1), p(3), p(6), p(9)],
        SmallArm::RepeatingCarbine => [p(2), p(4), p(8), p(12)],
        SmallArm::RepeatingRifle => [p(3), p(6), p(12), p(18)],
        SmallArm::SharpshooterRifle | SmallArm::Shotgun => [Cell::Missing; 4],
    };
    let [close, normal, long, extreme] = row;
    match band {
        RangeBand::Close => close,
        RangeBand::Normal => normal,
        RangeBand::Long => long,
        RangeBand::Extreme => extreme,
    }
}

/// The strength multiplier of a band: printed in the column headings (close x2, normal no
/// change, long x1/2, extreme x1/4), the smoothbore's close x3 by the printed asterisk, the
/// shotgun's close x3 by rule 4.2.3.a.
pub fn multiplier(weapon: SmallArm, band: RangeBand) -> Cell<Ratio> {
    match (weapon, band) {
        (SmallArm::SmoothboreMusket, RangeBand::Close) => Cell::Printed(Ratio::whole(3)),
        (SmallArm::Shotgun, RangeBand::Close) => Cell::RuleText { value: Ratio::whole(3), rule: "4.2.3.a" },
        (_, RangeBand::Close) => Cell::Printed(Ratio::whole(2)),
        (_, RangeBand::Normal) => Cell::Printed(Ratio::ONE),
        (_, RangeBand::Long) => Cell::Printed(Ratio::HALF),
        (_, RangeBand::Extreme) => Cell::Printed(Ratio::QUARTER),
    }
}

/// The address of a range cell: `Table 8, Shotgun, Close`.
pub fn range_cell(weapon: SmallArm, band: RangeBand) -> CellRef {
    CellRef::new(TABLE, weapon.label(), band.label())
}

/// The address of a multiplier cell: `Table 8, Shotgun, Close multiplier`.
pub fn multiplier_cell(weapon: SmallArm, band: RangeBand) -> CellRef {
    CellRef::new(TABLE, weapon.label(), format!("{} multiplier", band.label()))
}

/// Test support shared by the fire tables: the transcription and its table sections.
#[cfg(test)]
pub(crate) mod transcription {
    /// The rulebook transcription.
    pub fn text() -> String {
        crate::rules::tables::rulebook()
    }

    /// The lines from the last heading `start` (a whole line) up to the next line `end`.
    pub fn section(start: &str, end: &str) -> Vec<String> {
        let text = text();
        let lines: Vec<&str> = text.lines().collect();
        let from = lines.iter().rposition(|l| l.trim() == start).unwrap_or_else(|| panic!("no heading {start}"));
        let to = lines[from + 1..].iter().position(|l| l.trim().starts_with(end)).map_or(lines.len(), |i| from + 1 + i);
        lines[from..to].iter().map(|l| l.to_string()).collect()
    }

    /// The tab-separated cells of the first line of `section` whose first cell is `row`.
    pub fn row(section: &[String], row: &str) -> Vec<String> {
        section
            .iter()
            .find(|l| l.split('\t').next() == Some(row))
            .unwrap_or_else(|| panic!("no row {row}"))
            .split('\t')
            .skip(1)
            .map(|c| c.trim().to_string())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_printed_value_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let section = transcription::section("Table 8. Small Arms Ranges", "Order Codes");
        for weapon in &SmallArm::ALL[..5] {
            let cells = transcription::row(&section, weapon.label());
            assert_eq!(cells.len(), 4);
            for (band, printed) in RangeBand::ALL.iter().zip(&cells) {
                let printed: u32 = printed.trim_end_matches('*').parse().unwrap();
                assert_eq!(max_range(*weapon, *band), Cell::Printed(Ratio::whole(printed)), "{weapon:?} {band:?}");
            }
        }
        // The asterisk on the smoothbore's close range: "* Multiplier is x3."
        assert_eq!(transcription::row(&section, "Smoothbore Musket")[0], "1*");
        assert!(section.iter().any(|l| l == "* Multiplier is x3."));
        assert!(section.iter().any(|l| l.contains("Close x2, Normal no change, Long x1/2, Extreme x1/4")));
    }

    #[test]
    fn missing_rows_stay_missing() {
        for band in RangeBand::ALL {
            assert_eq!(max_range(SmallArm::SharpshooterRifle, band), Cell::Missing);
            assert_eq!(max_range(SmallArm::Shotgun, band), Cell::Missing);
        }
    }
}
