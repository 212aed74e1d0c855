//! Entering a value from the Tables Card, and table set files: plain functions, tested
//! natively. Nothing here changes anything until its result is applied.

use super::model::{EntryKind, is_known_table};
use johnny_reb::rules::morale::below_zero_cell;
use johnny_reb::rules::{CellRef, Entered, Overrides, Ratio};
use serde::{Deserialize, Serialize};

/// One change to the entries: `Some` sets the cell, `None` forgets it.
pub type Change = (CellRef, Option<Entered>);

/// Applies changes in order.
pub fn apply(o: &mut Overrides, changes: Vec<Change>) {
    for (cell, value) in changes {
        match value {
            Some(v) => o.set(cell, v),
            None => {
                o.reset(&cell);
            }
        }
    }
}

fn is_na(t: &str) -> bool {
    t.eq_ignore_ascii_case("na") || matches!(t, "-" | "–" | "—")
}

/// The cells a modifier may be entered in (fire module: `modifier`, `x`, `rows up`, `rows down`).
fn modifier_cells(cell: &CellRef) -> [CellRef; 4] {
    let at = |c: &str| CellRef::new(cell.table.clone(), cell.row.clone(), c);
    [at("modifier"), at("x"), at("rows up"), at("rows down")]
}

/// Reads what the players typed for `cell`. On success, the changes to make; on refusal, a
/// message saying what is wrong (nothing is to be saved).
pub fn parse_entry(cell: &CellRef, kind: EntryKind, text: &str) -> Result<Vec<Change>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("Type the value from your Tables Card (NA or - for a dash), or use Reset.".into());
    }
    match kind {
        EntryKind::Whole { min, max, na } => {
            if is_na(t) {
                return if na {
                    Ok(vec![(cell.clone(), Some(Entered::NotApplicable))])
                } else {
                    Err("This value cannot be NA: type a whole number.".into())
                };
            }
            let r = Ratio::parse(t)?;
            if r.denom() != 1 {
                return Err(format!("\"{t}\" is not a whole number: this cell holds whole numbers only."));
            }
            if r.numer() < min || r.numer() > max {
                return Err(format!("{} is out of range: this cell takes {min} to {max}.", r.numer()));
            }
            Ok(vec![(cell.clone(), Some(Entered::Value(r)))])
        }
        EntryKind::Number { na } => {
            if is_na(t) {
                return if na {
                    Ok(vec![(cell.clone(), Some(Entered::NotApplicable))])
                } else {
                    Err("This value cannot be NA: type a number.".into())
                };
            }
            let r = Ratio::parse(t)?;
            Ok(vec![(cell.clone(), Some(Entered::Value(r)))])
        }
        EntryKind::Signed => {
            let minus = below_zero_cell(cell);
            if is_na(t) {
                return Ok(vec![(cell.clone(), Some(Entered::NotApplicable)), (minus, None)]);
            }
            let (negative, digits) = match t.chars().next() {
                Some('-') | Some('−') | Some('–') => (true, t.chars().skip(1).collect::<String>()),
                Some('+') => (false, t.chars().skip(1).collect::<String>()),
                _ => (false, t.to_string()),
            };
            let n: u32 = digits
                .trim()
                .parse()
                .map_err(|_| format!("\"{t}\" is not a modifier (write it as printed: +3, -2 or 0)."))?;
            if n > 99 {
                return Err(format!("{n} is out of range: a morale modifier is -99 to +99."));
            }
            let v = Entered::Value(Ratio::whole(n));
            Ok(if negative && n > 0 {
                vec![(cell.clone(), None), (minus, Some(v))]
            } else {
                vec![(cell.clone(), Some(v)), (minus, None)]
            })
        }
        EntryKind::Modifier => {
            let [times, x, up, down] = modifier_cells(cell);
            let only = |keep: &CellRef, value: Entered| -> Vec<Change> {
                [times.clone(), x.clone(), up.clone(), down.clone()]
                    .into_iter()
                    .map(|c| {
                        let v = if &c == keep { Some(value) } else { None };
                        (c, v)
                    })
                    .collect()
            };
            if is_na(t) {
                return Ok(only(&times, Entered::NotApplicable));
            }
            let lower = t.to_lowercase();
            let shift = |rest: &str| -> Result<Ratio, String> {
                let n: u32 = rest
                    .trim()
                    .parse()
                    .map_err(|_| format!("\"{t}\" is not a row shift (write it like up 1 or down 2)."))?;
                if !(1..=9).contains(&n) {
                    return Err(format!("\"{t}\": a row shift is 1 to 9 rows."));
                }
                Ok(Ratio::whole(n))
            };
            if let Some(rest) = lower.strip_prefix("up").or_else(|| lower.strip_prefix('+')) {
                return Ok(only(&up, Entered::Value(shift(rest)?)));
            }
            if let Some(rest) = lower.strip_prefix("down").or_else(|| lower.strip_prefix('-')) {
                return Ok(only(&down, Entered::Value(shift(rest)?)));
            }
            let r = Ratio::parse(t)
                .map_err(|_| format!("\"{t}\" is not a modifier (write it like x2, x1/2, up 1 or down 2)."))?;
            Ok(only(&times, Entered::Value(r)))
        }
    }
}

/// The changes that reset `cell` to its shipped value (or its gap).
pub fn reset_changes(cell: &CellRef, kind: EntryKind) -> Vec<Change> {
    match kind {
        EntryKind::Modifier => modifier_cells(cell).into_iter().map(|c| (c, None)).collect(),
        EntryKind::Signed => vec![(cell.clone(), None), (below_zero_cell(cell), None)],
        _ => vec![(cell.clone(), None)],
    }
}

/// Whether anything is entered for `cell`.
pub fn has_entry(o: &Overrides, cell: &CellRef, kind: EntryKind) -> bool {
    match kind {
        EntryKind::Modifier => modifier_cells(cell).iter().any(|c| o.get(c).is_some()),
        EntryKind::Signed => o.get(cell).is_some() || o.get(&below_zero_cell(cell)).is_some(),
        _ => o.get(cell).is_some(),
    }
}

/// A signed modifier as entered ("+3", "-2", "0", "NA"), read as the morale engine reads it
/// (the "below zero" cell first); `None` when nothing is entered.
pub fn signed_entered(o: &Overrides, cell: &CellRef) -> Option<String> {
    if let Some(Entered::Value(r)) = o.get(&below_zero_cell(cell)) {
        return Some(format!("-{r}"));
    }
    match o.get(cell)? {
        Entered::NotApplicable => Some("NA".into()),
        Entered::Value(r) if r == Ratio::ZERO => Some("0".into()),
        Entered::Value(r) => Some(format!("+{r}")),
    }
}

/// What the input shows for an entered cell, typed as the players would type it.
pub fn entry_text(o: &Overrides, cell: &CellRef, kind: EntryKind) -> String {
    let text = |e: Entered| match e {
        Entered::Value(r) => r.to_string(),
        Entered::NotApplicable => "NA".into(),
    };
    match kind {
        EntryKind::Signed => signed_entered(o, cell).unwrap_or_default(),
        EntryKind::Modifier => {
            let [times, x, up, down] = modifier_cells(cell);
            if let Some(e) = o.get(&times).or_else(|| o.get(&x)) {
                return match e {
                    Entered::Value(r) => format!("x{r}"),
                    Entered::NotApplicable => "NA".into(),
                };
            }
            if let Some(Entered::Value(r)) = o.get(&up) {
                return format!("up {r}");
            }
            if let Some(Entered::Value(r)) = o.get(&down) {
                return format!("down {r}");
            }
            String::new()
        }
        _ => o.get(cell).map(text).unwrap_or_default(),
    }
}

/// The `format` of a table set file.
pub const TABLE_SET_FORMAT: &str = "johnny-reb-table-set";
/// The layout this build writes.
pub const TABLE_SET_VERSION: u32 = 1;
/// A table set larger than this is refused unread (a full card is a few kilobytes).
pub const MAX_TABLE_SET_BYTES: usize = 256 * 1024;
/// More entries than any card holds.
const MAX_ENTRIES: usize = 5000;

#[derive(Serialize, Deserialize)]
struct TableSetFile {
    format: String,
    version: u32,
    entries: Vec<TableSetEntry>,
}

#[derive(Serialize, Deserialize)]
struct TableSetEntry {
    table: String,
    row: String,
    column: String,
    /// As typed from the card: "11", "1 1/2", or "NA" for a dash.
    value: String,
}

/// The entries as a table set file, readable and editable by hand.
pub fn encode_table_set(o: &Overrides) -> String {
    let file = TableSetFile {
        format: TABLE_SET_FORMAT.into(),
        version: TABLE_SET_VERSION,
        entries: o
            .iter()
            .map(|(c, e)| TableSetEntry {
                table: c.table.clone(),
                row: c.row.clone(),
                column: c.column.clone(),
                value: match e {
                    Entered::Value(r) => r.to_string(),
                    Entered::NotApplicable => "NA".into(),
                },
            })
            .collect(),
    };
    // Plain strings and numbers: serialising cannot fail.
    serde_json::to_string_pretty(&file).unwrap_or_default()
}

/// Reads and checks a table set file: every entry must name a known table and hold a valid
/// value. On refusal, says what is wrong; the caller changes nothing.
pub fn decode_table_set(text: &str) -> Result<Overrides, String> {
    if text.len() > MAX_TABLE_SET_BYTES {
        return Err(format!(
            "The file is too large to be a table set ({} KB; a table set is at most {} KB).",
            text.len().div_ceil(1024),
            MAX_TABLE_SET_BYTES / 1024
        ));
    }
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| format!("The file is not a table set: it is not readable JSON ({e})."))?;
    match value.get("format").and_then(|f| f.as_str()) {
        Some(TABLE_SET_FORMAT) => {}
        Some(other) => return Err(format!("The file is not a Johnny Reb table set (its format is \"{other}\").")),
        None => {
            return Err(
                "The file is not a Johnny Reb table set (it has no \"format\": \"johnny-reb-table-set\").".into()
            );
        }
    }
    let file: TableSetFile = serde_json::from_value(value).map_err(|e| format!("The table set is damaged: {e}."))?;
    if file.version > TABLE_SET_VERSION {
        return Err(format!(
            "The table set was written by a newer version of the app (version {}; this one reads {TABLE_SET_VERSION}).",
            file.version
        ));
    }
    if file.entries.len() > MAX_ENTRIES {
        return Err(format!("The table set has {} entries, more than any Tables Card holds.", file.entries.len()));
    }
    let mut o = Overrides::new();
    for (i, e) in file.entries.iter().enumerate() {
        let n = i + 1;
        if !is_known_table(&e.table) {
            return Err(format!("Entry {n} names \"{}\", which is not a table of the rules.", e.table));
        }
        if e.row.trim().is_empty() || e.column.trim().is_empty() {
            return Err(format!("Entry {n} ({}) does not say which row and column it is.", e.table));
        }
        let cell = CellRef::new(e.table.clone(), e.row.clone(), e.column.clone());
        let value = e.value.trim();
        let entered = if is_na(value) {
            Entered::NotApplicable
        } else {
            Entered::Value(Ratio::parse(value).map_err(|why| format!("Entry {n} ({cell}): {why}."))?)
        };
        o.set(cell, entered);
    }
    Ok(o)
}

/// Adds an imported set to the entries: its cells replace the same cells, others stay.
pub fn merge(into: &mut Overrides, set: &Overrides) {
    for (cell, e) in set.iter() {
        into.set(cell.clone(), *e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kills() -> CellRef {
        CellRef::new("Table 10", "row 80", "roll 9")
    }
    const WHOLE: EntryKind = EntryKind::Whole { min: 0, max: 99, na: true };

    #[test]
    fn whole_numbers_and_dashes() {
        assert_eq!(parse_entry(&kills(), WHOLE, " 11 "), Ok(vec![(kills(), Some(Entered::Value(Ratio::whole(11))))]));
        for dash in ["NA", "na", "-", "–"] {
            assert_eq!(parse_entry(&kills(), WHOLE, dash), Ok(vec![(kills(), Some(Entered::NotApplicable))]));
        }
        assert!(parse_entry(&kills(), WHOLE, "1/2").unwrap_err().contains("whole"));
        assert!(parse_entry(&kills(), WHOLE, "abc").unwrap_err().contains("not a number"));
        assert!(parse_entry(&kills(), WHOLE, "").is_err());
        assert!(parse_entry(&kills(), WHOLE, "100").unwrap_err().contains("0 to 99"));
        let no_na = EntryKind::Whole { min: 5, max: 200, na: false };
        assert!(parse_entry(&kills(), no_na, "NA").is_err());
        assert!(parse_entry(&kills(), no_na, "4").is_err());
    }

    #[test]
    fn numbers_take_fractions() {
        let k = EntryKind::Number { na: false };
        assert_eq!(parse_entry(&kills(), k, "1 1/2").unwrap()[0].1, Some(Entered::Value(Ratio::ONE_AND_HALF)));
        assert_eq!(parse_entry(&kills(), k, "0.5").unwrap()[0].1, Some(Entered::Value(Ratio::HALF)));
        assert!(parse_entry(&kills(), k, "-").is_err());
    }

    #[test]
    fn modifiers_go_to_their_column_and_clear_the_others() {
        let cell = CellRef::new("Table 9", "First Fire", "modifier");
        let up = CellRef::new("Table 9", "First Fire", "rows up");
        let mut o = Overrides::new();
        apply(&mut o, parse_entry(&cell, EntryKind::Modifier, "x1/2").unwrap());
        assert_eq!(o.get(&cell), Some(Entered::Value(Ratio::HALF)));
        assert_eq!(entry_text(&o, &cell, EntryKind::Modifier), "x1/2");
        apply(&mut o, parse_entry(&cell, EntryKind::Modifier, "Up 1").unwrap());
        assert_eq!((o.get(&cell), o.get(&up)), (None, Some(Entered::Value(Ratio::ONE))));
        assert_eq!(entry_text(&o, &cell, EntryKind::Modifier), "up 1");
        apply(&mut o, parse_entry(&cell, EntryKind::Modifier, "-2").unwrap());
        assert_eq!(entry_text(&o, &cell, EntryKind::Modifier), "down 2");
        assert!(parse_entry(&cell, EntryKind::Modifier, "up lots").is_err());
        assert!(parse_entry(&cell, EntryKind::Modifier, "sideways").is_err());
        assert!(has_entry(&o, &cell, EntryKind::Modifier));
        apply(&mut o, reset_changes(&cell, EntryKind::Modifier));
        assert!(o.is_empty());
    }

    #[test]
    fn a_table_set_round_trips() {
        let mut o = Overrides::new();
        o.set(kills(), Entered::Value(Ratio::whole(11)));
        o.set(CellRef::new("Table 3", "Officer", "Open"), Entered::Value(Ratio::ONE_AND_HALF));
        o.set(CellRef::new("Table 10", "row 4", "roll 2"), Entered::NotApplicable);
        let text = encode_table_set(&o);
        assert!(text.contains("\"format\": \"johnny-reb-table-set\""));
        assert_eq!(decode_table_set(&text), Ok(o));
    }

    #[test]
    fn bad_table_sets_are_refused_with_the_reason() {
        let refuse = |text: &str, says: &str| {
            let why = decode_table_set(text).unwrap_err();
            assert!(why.contains(says), "{text}: {why}");
        };
        refuse("{", "not readable JSON");
        refuse("[]", "not a Johnny Reb table set");
        refuse(r#"{"format":"johnny-reb","version":1,"entries":[]}"#, "its format is \"johnny-reb\"");
        refuse(r#"{"format":"johnny-reb-table-set","version":9,"entries":[]}"#, "newer version");
        refuse(r#"{"format":"johnny-reb-table-set","version":1}"#, "damaged");
        refuse(
            r#"{"format":"johnny-reb-table-set","version":1,"entries":[{"table":"Table 99","row":"a","column":"b","value":"1"}]}"#,
            "Entry 1 names \"Table 99\"",
        );
        refuse(
            r#"{"format":"johnny-reb-table-set","version":1,"entries":[{"table":"Table 10","row":"row 80","column":"roll 9","value":"lots"}]}"#,
            "Entry 1 (Table 10, row 80, roll 9)",
        );
        refuse(
            r#"{"format":"johnny-reb-table-set","version":1,"entries":[{"table":"Table 10","row":" ","column":"roll 9","value":"1"}]}"#,
            "which row and column",
        );
        refuse(&" ".repeat(MAX_TABLE_SET_BYTES + 1), "too large");
        assert_eq!(
            decode_table_set(r#"{"format":"johnny-reb-table-set","version":1,"entries":[]}"#),
            Ok(Overrides::new())
        );
    }

    #[test]
    fn merging_replaces_only_the_same_cells() {
        let other = CellRef::new("Table 11", "Partial Flank", "multiplier");
        let mut mine = Overrides::new();
        mine.set(kills(), Entered::Value(Ratio::whole(10)));
        mine.set(other.clone(), Entered::Value(Ratio::ONE));
        let mut set = Overrides::new();
        set.set(kills(), Entered::Value(Ratio::whole(11)));
        merge(&mut mine, &set);
        assert_eq!(mine.get(&kills()), Some(Entered::Value(Ratio::whole(11))));
        assert_eq!(mine.get(&other), Some(Entered::Value(Ratio::ONE)));
    }

    #[test]
    fn signed_table_18_modifiers_are_entered_as_printed() {
        let cell = CellRef::new("Table 18", "Extended Line", "Impact (both)");
        let minus = below_zero_cell(&cell);
        let mut o = Overrides::new();
        apply(&mut o, parse_entry(&cell, EntryKind::Signed, "+3").unwrap());
        assert_eq!((o.get(&cell), o.get(&minus)), (Some(Entered::Value(Ratio::whole(3))), None));
        assert_eq!(entry_text(&o, &cell, EntryKind::Signed), "+3");
        apply(&mut o, parse_entry(&cell, EntryKind::Signed, "-2").unwrap());
        assert_eq!((o.get(&cell), o.get(&minus)), (None, Some(Entered::Value(Ratio::whole(2)))));
        assert_eq!(entry_text(&o, &cell, EntryKind::Signed), "-2");
        apply(&mut o, parse_entry(&cell, EntryKind::Signed, "0").unwrap());
        assert_eq!(entry_text(&o, &cell, EntryKind::Signed), "0");
        apply(&mut o, parse_entry(&cell, EntryKind::Signed, "NA").unwrap());
        assert_eq!(entry_text(&o, &cell, EntryKind::Signed), "NA");
        assert!(has_entry(&o, &cell, EntryKind::Signed));
        assert!(parse_entry(&cell, EntryKind::Signed, "x2").is_err());
        assert!(parse_entry(&cell, EntryKind::Signed, "+100").is_err());
        apply(&mut o, reset_changes(&cell, EntryKind::Signed));
        assert!(!has_entry(&o, &cell, EntryKind::Signed));
    }
}
