//! Table 19, Melee Strength Modifiers (5.8.2).
//!
//! The transcription prints the rows for infantry or dismounted cavalry (by formation, vs. foot
//! and vs. mounted) and the rows for all units (quality, shaken, officer). It prints no rows for
//! mounted cavalry; rule 5.8.2 states one of them ("a mounted cavalry unit in line formation
//! meleeing with infantry modifies its strength by x2"), the rest are missing and are asked of
//! the players.

#![warn(missing_docs)]

use crate::rules::{Cell, Ratio};

/// The table's name as printed on the card, for [`crate::rules::CellRef`]s.
pub const TABLE: &str = "Table 19";

/// The column of the formation rows: the enemy the unit melees with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Versus {
    /// "Vs. Foot": infantry, dismounted cavalry, artillery crews.
    Foot,
    /// "Vs. Mounted": mounted cavalry or mounted infantry on horseback.
    Mounted,
}

impl Versus {
    /// The column heading as printed.
    pub fn label(self) -> &'static str {
        match self {
            Versus::Foot => "Vs. Foot",
            Versus::Mounted => "Vs. Mounted",
        }
    }
}

/// One formation row: its printed label and its two multipliers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormationRow {
    /// The row heading as printed ("Line", "March Column"...).
    pub label: &'static str,
    /// Multiplier of the melee strength against foot.
    pub vs_foot: Cell<Ratio>,
    /// Multiplier of the melee strength against mounted troops.
    pub vs_mounted: Cell<Ratio>,
}

impl FormationRow {
    /// The cell of one column.
    pub fn cell(&self, versus: Versus) -> Cell<Ratio> {
        match versus {
            Versus::Foot => self.vs_foot,
            Versus::Mounted => self.vs_mounted,
        }
    }
}

const fn p(num: u32, den: u32) -> Cell<Ratio> {
    match Ratio::new(num, den) {
        Some(r) => Cell::Printed(r),
        None => Cell::Missing,
    }
}

/// "Infantry or Dismounted Cavalry" formation rows, as printed.
pub const FOOT_ROWS: [FormationRow; 7] = [
    FormationRow { label: "Line", vs_foot: p(3, 1), vs_mounted: p(1, 1) },
    FormationRow { label: "March Column", vs_foot: p(2, 1), vs_mounted: p(1, 2) },
    FormationRow { label: "Skirmish", vs_foot: p(1, 1), vs_mounted: p(1, 2) },
    FormationRow { label: "Disorder", vs_foot: p(2, 1), vs_mounted: p(1, 2) },
    FormationRow { label: "Attack Column", vs_foot: p(3, 1), vs_mounted: p(1, 1) },
    FormationRow { label: "Brigade Column", vs_foot: p(3, 1), vs_mounted: p(1, 1) },
    FormationRow { label: "Extended Line", vs_foot: p(2, 1), vs_mounted: p(1, 1) },
];

/// Mounted cavalry formation rows (0.1.2.b: line, skirmish, column, disorder). Not printed in
/// the transcription; the line row against foot is stated by rule 5.8.2.
pub const MOUNTED_ROWS: [FormationRow; 4] = [
    FormationRow {
        label: "Mounted Cavalry Line",
        vs_foot: Cell::RuleText { value: Ratio::whole(2), rule: "5.8.2" },
        vs_mounted: Cell::Missing,
    },
    FormationRow { label: "Mounted Cavalry Column", vs_foot: Cell::Missing, vs_mounted: Cell::Missing },
    FormationRow { label: "Mounted Cavalry Skirmish", vs_foot: Cell::Missing, vs_mounted: Cell::Missing },
    FormationRow { label: "Mounted Cavalry Disorder", vs_foot: Cell::Missing, vs_mounted: Cell::Missing },
];

/// Quality rows (all units): row shifts on Table 10, up positive. "Average x1" is no shift.
pub const QUALITY_SHIFTS: [(&str, i32); 4] = [("Elite", 1), ("Average", 0), ("Green/Tired", -1), ("Militia/Poor", -2)];

/// "Shaken Morale x1/2" (all units).
pub const SHAKEN: Cell<Ratio> = Cell::Printed(Ratio::HALF);

/// "Officer Present (Benefit Varies) up 1, 2, 3": the printed shifts an officer may give.
pub const OFFICER_SHIFTS: [i32; 3] = [1, 2, 3];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tables::rulebook;
    fn table_lines(book: &str) -> Vec<String> {
        let start = book.find("Table 19. Melee Strength Modifiers").expect("Table 19 heading");
        let rest = &book[start..];
        let end = rest.find("Table 20.").expect("Table 20 follows");
        rest[..end].lines().map(|l| l.to_string()).collect()
    }

    fn mult(text: &str) -> Ratio {
        Ratio::parse(text).expect("a multiplier")
    }

    #[test]
    fn printed_formation_rows_match_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let lines = table_lines(&rulebook());
        let mut seen = 0;
        for row in FOOT_ROWS {
            let line = lines
                .iter()
                .find(|l| l.split('\t').next() == Some(row.label))
                .unwrap_or_else(|| panic!("row {} in Table 19", row.label));
            let cols: Vec<&str> = line.split('\t').collect();
            assert_eq!(cols.len(), 3, "{line}");
            assert_eq!(row.vs_foot, Cell::Printed(mult(cols[1])), "{} vs foot", row.label);
            assert_eq!(row.vs_mounted, Cell::Printed(mult(cols[2])), "{} vs mounted", row.label);
            seen += 1;
        }
        assert_eq!(seen, 7);
    }

    #[test]
    fn printed_all_unit_rows_match_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let lines = table_lines(&rulebook());
        let value = |label: &str| -> String {
            lines
                .iter()
                .find(|l| l.split('\t').next() == Some(label))
                .and_then(|l| l.split('\t').nth(1))
                .unwrap_or_else(|| panic!("row {label}"))
                .to_string()
        };
        for (label, shift) in QUALITY_SHIFTS {
            let printed = value(label);
            let parsed = if printed == "x1" {
                0
            } else if let Some(n) = printed.strip_prefix("up ") {
                n.parse::<i32>().unwrap()
            } else if let Some(n) = printed.strip_prefix("down ") {
                -n.parse::<i32>().unwrap()
            } else {
                panic!("{label}: {printed}")
            };
            assert_eq!(parsed, shift, "{label}");
        }
        assert_eq!(Cell::Printed(mult(&value("Shaken Morale"))), SHAKEN);
        let officer = value("Officer Present (Benefit Varies)");
        let shifts: Vec<i32> =
            officer.trim_start_matches("up ").split(',').map(|s| s.trim().parse().unwrap()).collect();
        assert_eq!(shifts, OFFICER_SHIFTS.to_vec());
    }

    #[test]
    fn rule_5_8_2_mounted_line_vs_foot_is_rule_text() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let book = rulebook();
        assert!(
            book.contains(
                "a mounted cavalry unit in line formation meleeing with infantry modifies its strength by x2"
            )
        );
        assert_eq!(MOUNTED_ROWS[0].vs_foot.value(), Some(&Ratio::whole(2)));
        // and no mounted row is printed in the transcription's table
        assert!(!table_lines(&book).iter().any(|l| l.starts_with("Mounted")));
    }
}
