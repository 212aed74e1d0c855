//! A campaign's Battle Resolution Table (Very Quick and Quick Battle Rules): columns of Battle
//! Differentials, left (the attacker weakest) to right, and for each d10 roll the Hits to the
//! Attacker and to the Defender. The tables are separate sheets, not in the text; the Seven
//! Days examples give two rows and a few cells.

use super::given::Given;
use companion_core::error::{RuleError, RuleResult};
use companion_core::provenance::CellRef;
use serde::{Deserialize, Serialize};

/// Hits per (assumed) Battle Turn: "A: 2 D: 1".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BrtCell {
    /// Hits to the Attacker ("-" is 0).
    pub attacker: u8,
    /// Hits to the Defender.
    pub defender: u8,
}

/// One column: the differentials it covers and its ten cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BrtColumn {
    /// The lowest differential, `None` for "or less".
    pub low: Option<i32>,
    /// The highest differential, `None` for "or more".
    pub high: Option<i32>,
    /// The cells for rolls 1 to 10.
    pub cells: Vec<Given<BrtCell>>,
}

impl BrtColumn {
    /// The column's heading as printed: "-10 or less", "-9 to -7", "0", "+10 or more".
    pub fn label(&self) -> String {
        let s = |v: i32| if v > 0 { format!("+{v}") } else { v.to_string() };
        match (self.low, self.high) {
            (None, Some(h)) => format!("{} or less", s(h)),
            (Some(l), None) => format!("{} or more", s(l)),
            (Some(l), Some(h)) if l == h => s(l),
            (Some(l), Some(h)) => format!("{} to {}", s(l), s(h)),
            (None, None) => "any".into(),
        }
    }

    /// Whether `differential` falls in this column.
    pub fn covers(&self, differential: i32) -> bool {
        self.low.is_none_or(|l| differential >= l) && self.high.is_none_or(|h| differential <= h)
    }
}

/// The table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Brt {
    /// The columns, left to right.
    pub columns: Vec<BrtColumn>,
}

impl Brt {
    /// The column index for a Battle Differential.
    pub fn column_of(&self, differential: i32) -> RuleResult<usize> {
        self.columns.iter().position(|c| c.covers(differential)).ok_or_else(|| RuleError::OutOfRange {
            what: "Battle Resolution Table",
            detail: format!("no column for a Battle Differential of {differential}: enter the table's columns"),
        })
    }

    /// The cell at `column` for `roll` (1-10), or a request to enter it.
    pub fn cell(&self, campaign: &str, column: usize, roll: u8) -> RuleResult<BrtCell> {
        let col = self.columns.get(column).ok_or_else(|| RuleError::OutOfRange {
            what: "Battle Resolution Table",
            detail: format!("no column {column}"),
        })?;
        let missing =
            || CellRef::new(format!("Battle Resolution Table, {campaign}"), format!("roll {roll}"), col.label());
        let given = col.cells.get(usize::from(roll.max(1) - 1)).ok_or_else(|| RuleError::Missing(missing()))?;
        given.copied(missing)
    }
}
