//! Where each table value comes from, and the players' own entries for what the text lacks.
//!
//! GAPS.md (shared rules folder) lists the tables the transcription cut short. A value is
//! shipped only when it is printed in a table of the transcription or stated by a rule or
//! worked example; everything else is [`Cell::Missing`] and is asked of the players.
#![warn(missing_docs)]

use crate::error::{RuleError, RuleResult};
use crate::ratio::Ratio;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// One value of a table as the app ships it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell<T> {
    /// Stands in a table of the transcription.
    Printed(T),
    /// Stated by a rule or a worked example; `rule` is its number, e.g. "4.2.4".
    RuleText {
        /// The value.
        value: T,
        /// The rule or example that states it.
        rule: &'static str,
    },
    /// Neither: the players enter it from their printed Tables Card.
    Missing,
}

impl<T> Cell<T> {
    /// The shipped value, if any.
    pub fn value(&self) -> Option<&T> {
        match self {
            Cell::Printed(v) | Cell::RuleText { value: v, .. } => Some(v),
            Cell::Missing => None,
        }
    }
}

/// Where a value in use came from: what the app shows beside it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// Printed in the named table of the transcription.
    Printed,
    /// Stated in the rule text; the rule number.
    RuleText(String),
    /// Entered by the players from their Tables Card, or a house rule.
    Entered,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Printed => write!(f, "printed"),
            Source::RuleText(rule) => write!(f, "rule text {rule}"),
            Source::Entered => write!(f, "entered by players"),
        }
    }
}

/// A value together with where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sourced<T> {
    /// The value.
    pub value: T,
    /// Where it came from.
    pub source: Source,
}

/// The address of one table value, as a player finds it on the printed card:
/// "Table 10, row 20, roll 7".
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CellRef {
    /// "Table 10", "Appendix A".
    pub table: String,
    /// The row label as printed ("20", "Rifle-musket", "Attack Column").
    pub row: String,
    /// The column label as printed ("roll 7", "Close", "Shot 24\"").
    pub column: String,
}

impl CellRef {
    /// A cell address.
    ///
    /// ```
    /// use companion_core::CellRef;
    /// assert_eq!(CellRef::new("Table 10", "row 20", "roll 7").to_string(), "Table 10, row 20, roll 7");
    /// ```
    pub fn new(table: impl Into<String>, row: impl Into<String>, column: impl Into<String>) -> Self {
        CellRef { table: table.into(), row: row.into(), column: column.into() }
    }
}

impl fmt::Display for CellRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {}, {}", self.table, self.row, self.column)
    }
}

/// A value entered by the players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Entered {
    /// A number: kills, inches, a strength, a save number, a multiplier.
    Value(Ratio),
    /// The card prints "NA" or a dash here.
    NotApplicable,
}

/// The players' entries: values missing from the transcription, or house rules that replace
/// a shipped value. The engine always looks here first.
///
/// Stored as a list of `{table, row, column, entered}` (JSON object keys must be strings).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<StoredEntry>", into = "Vec<StoredEntry>")]
pub struct Overrides {
    cells: BTreeMap<CellRef, Entered>,
}

/// One entry as stored. The cell's fields are spelt out (not `#[serde(flatten)]`), which
/// keeps serde's buffered-content reader out of the wasm.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct StoredEntry {
    table: String,
    row: String,
    column: String,
    entered: Entered,
}

impl From<Vec<StoredEntry>> for Overrides {
    fn from(list: Vec<StoredEntry>) -> Self {
        Overrides {
            cells: list
                .into_iter()
                .map(|e| (CellRef { table: e.table, row: e.row, column: e.column }, e.entered))
                .collect(),
        }
    }
}

impl From<Overrides> for Vec<StoredEntry> {
    fn from(o: Overrides) -> Self {
        o.cells
            .into_iter()
            .map(|(c, entered)| StoredEntry { table: c.table, row: c.row, column: c.column, entered })
            .collect()
    }
}

impl Overrides {
    /// No entries.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records an entry, replacing any earlier one for the same cell.
    pub fn set(&mut self, cell: CellRef, value: Entered) {
        self.cells.insert(cell, value);
    }

    /// Forgets an entry (the shipped value, or the gap, comes back).
    pub fn reset(&mut self, cell: &CellRef) -> Option<Entered> {
        self.cells.remove(cell)
    }

    /// The entry for a cell.
    pub fn get(&self, cell: &CellRef) -> Option<Entered> {
        self.cells.get(cell).copied()
    }

    /// Every entry, in table order.
    pub fn iter(&self) -> impl Iterator<Item = (&CellRef, &Entered)> {
        self.cells.iter()
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Looks a numeric cell up: the players' entry first, then the shipped value; a gap is a
    /// precise request for the value. `Ok(None)` means the card says "NA" for this cell.
    ///
    /// ```
    /// use companion_core::{Cell, CellRef, Entered, Overrides, Ratio, RuleError};
    /// let cell = CellRef::new("Table 10", "row 20", "roll 7");
    /// let mut overrides = Overrides::new();
    /// assert_eq!(overrides.resolve(&cell, Cell::Missing), Err(RuleError::Missing(cell.clone())));
    /// overrides.set(cell.clone(), Entered::Value(Ratio::whole(4)));
    /// assert_eq!(overrides.resolve(&cell, Cell::Missing).unwrap().unwrap().value, Ratio::whole(4));
    /// ```
    pub fn resolve(&self, cell: &CellRef, shipped: Cell<Ratio>) -> RuleResult<Option<Sourced<Ratio>>> {
        match (self.get(cell), shipped) {
            (Some(Entered::Value(v)), _) => Ok(Some(Sourced { value: v, source: Source::Entered })),
            (Some(Entered::NotApplicable), _) => Ok(None),
            (None, Cell::Printed(v)) => Ok(Some(Sourced { value: v, source: Source::Printed })),
            (None, Cell::RuleText { value, rule }) => {
                Ok(Some(Sourced { value, source: Source::RuleText(rule.to_string()) }))
            }
            (None, Cell::Missing) => Err(RuleError::Missing(cell.clone())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_round_trip_through_json() {
        let mut o = Overrides::new();
        o.set(CellRef::new("Table 10", "row 80", "roll 9"), Entered::Value(Ratio::whole(11)));
        o.set(CellRef::new("Table 10", "row 4", "roll 2"), Entered::NotApplicable);
        let text = serde_json::to_string(&o).unwrap();
        assert!(text.starts_with('['), "{text}");
        assert_eq!(serde_json::from_str::<Overrides>(&text).unwrap(), o);
        assert_eq!(serde_json::from_str::<Overrides>("[]").unwrap(), Overrides::new());
    }
}
