//! Table 13, Artillery Information: base fire strength by gun, ammunition and range (4.3.1),
//! and the gun's weight (for Table 3). Appendix B's seacoast guns share the layout.
//!
//! The transcription prints the 12# Napoleon and the 6# gun (its weight cut off). Every other
//! gun is missing: the players name the gun and enter its row from their card, e.g.
//! `Table 13, 3" Ordnance Rifle, Shot 24"`.
#![warn(missing_docs)]

use crate::rules::unit::GunWeight;
use crate::rules::{Cell, CellRef, Ratio};
use serde::{Deserialize, Serialize};

/// The table's name as printed.
pub const TABLE: &str = "Table 13";

/// Field artillery canister reaches 4" (the column "Canister 0-4\"").
pub const CANISTER_RANGE: Ratio = Ratio::whole(4);

/// The shot columns' outer limits, in inches: 0-12", 24", 36", 48", 60".
pub const SHOT_COLUMNS: [u32; 5] = [12, 24, 36, 48, 60];

/// Smoothbore, rifle or Whitworth: the counterbattery save (4.3.5.a) and indirect fire
/// (4.3.6.c) depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GunClass {
    /// Smoothbore (the card's "Smoothbores" section).
    Smoothbore,
    /// Rifle other than Whitworth.
    Rifle,
    /// Whitworth rifle.
    Whitworth,
}

/// One printed row of a gun table. `None` inside a cell is the card's "NA": beyond the gun's
/// reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GunRow {
    /// The gun as printed: "12# Napoleon".
    pub name: &'static str,
    /// Its class (the section it is printed under).
    pub class: GunClass,
    /// Canister strength.
    pub canister: Cell<Option<Ratio>>,
    /// Double canister strength (in parentheses).
    pub double_canister: Cell<Option<Ratio>>,
    /// Shot strength at 0-12", 24", 36", 48", 60".
    pub shot: [Cell<Option<Ratio>>; 5],
    /// Weight class for movement.
    pub weight: Cell<GunWeight>,
}

const fn s(n: u32) -> Cell<Option<Ratio>> {
    Cell::Printed(Some(Ratio::whole(n)))
}
const NA: Cell<Option<Ratio>> = Cell::Printed(None);

/// The guns printed in the transcription's Table 13.
pub const GUNS: [GunRow; 2] = [
    GunRow {
        name: "12# Napoleon",
        class: GunClass::Smoothbore,
        canister: s(12),
        double_canister: s(20),
        shot: [s(6), s(3), s(1), NA, NA],
        weight: Cell::Printed(GunWeight::Heavy),
    },
    GunRow {
        name: "6# Gun",
        class: GunClass::Smoothbore,
        canister: s(6),
        double_canister: s(8),
        shot: [s(3), s(1), Cell::Printed(Some(Ratio::HALF)), NA, NA],
        weight: Cell::Missing,
    },
];

/// The printed row of a gun by name, if the transcription has it.
///
/// ```
/// use johnny_reb::rules::tables::t13_artillery::gun_row;
/// assert!(gun_row("12# Napoleon").is_some());
/// assert!(gun_row("10# Parrott").is_none());
/// ```
pub fn gun_row(name: &str) -> Option<&'static GunRow> {
    GUNS.iter().find(|g| g.name == name)
}

/// The column heading of a shot column: `Shot 24"` (the first is `Shot 0-12"`).
pub fn shot_column_label(column: usize) -> String {
    match SHOT_COLUMNS.get(column) {
        Some(12) => "Shot 0-12\"".to_string(),
        Some(n) => format!("Shot {n}\""),
        None => "Shot".to_string(),
    }
}

/// The address of a Table 13 (or Appendix B) cell.
pub fn cell(table: &str, gun: &str, column: &str) -> CellRef {
    CellRef::new(table, gun, column)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tables::t08_small_arms_ranges::transcription;

    /// "12(20)" -> (12, 20); "6" -> 6; "NA" -> None.
    pub(crate) fn parse_strength(c: &str) -> Option<Ratio> {
        if c == "NA" { None } else { Some(Ratio::parse(c).unwrap()) }
    }

    pub(crate) fn parse_canister(c: &str) -> (Option<Ratio>, Option<Ratio>) {
        let (single, double) = c.trim_end_matches(')').split_once('(').unwrap();
        (parse_strength(single), parse_strength(double))
    }

    #[test]
    fn every_printed_value_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let section = transcription::section("Table 13. Artillery Information", "Table 14.");
        let header = transcription::row(&section, "Gun Type");
        assert_eq!(header, ["Canister 0-4\"", "Shot 0-12\"", "24\"", "36\"", "48\"", "60\"", "Weight"]);
        assert!(section.iter().any(|l| l == "Smoothbores"));
        for gun in GUNS {
            let cells = transcription::row(&section, gun.name);
            let (single, double) = parse_canister(&cells[0]);
            assert_eq!(gun.canister, Cell::Printed(single));
            assert_eq!(gun.double_canister, Cell::Printed(double));
            for (i, shot) in gun.shot.iter().enumerate() {
                assert_eq!(*shot, Cell::Printed(parse_strength(&cells[i + 1])), "{} {i}", gun.name);
            }
            match cells.get(6).map(String::as_str) {
                Some("Heavy") => assert_eq!(gun.weight, Cell::Printed(GunWeight::Heavy)),
                None => assert_eq!(gun.weight, Cell::Missing),
                Some(other) => panic!("weight {other}"),
            }
        }
    }
}
