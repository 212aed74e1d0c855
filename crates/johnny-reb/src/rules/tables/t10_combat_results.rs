//! Table 10, Combat Results: kills by strength row and two-dice roll, for fire and melee.
//!
//! The transcription prints only the top row, "100+" (all eleven columns, rolls 2 to 12), and
//! row 80 (rolls 2 to 8). Rule 4.2.4 gives one more cell (row 30, roll 9 = 7 kills), and
//! rule 4.2.2 names rows 4 and 6 as neighbours ("shift upward one row from 4 to 6"). Every
//! other cell, and the list of rows itself, is missing: the players enter them from their
//! Tables Card (GAPS.md).
//!
//! How the players enter the row list: one numeric cell per row, counted from the top of the
//! card, plus the number of rows:
//! - [`row_count_cell`]: `Table 10, row list, number of rows`;
//! - [`row_position_cell`]: `Table 10, row list, row 2` (row 1 is the printed "100+").
//!
//! A kills cell is `Table 10, row 30, roll 9` (the top row reads `row 100+`); an entry of
//! [`Entered::NotApplicable`](crate::rules::Entered::NotApplicable) stands for the card's
//! dash, "no kills".
#![warn(missing_docs)]

use crate::rules::{Cell, CellRef, Ratio};

/// The table's name as printed.
pub const TABLE: &str = "Table 10";

/// The strength of the top row, printed "100+": any strength of 100 or more uses it.
pub const TOP_ROW: Ratio = Ratio::whole(100);

/// Row 80, the second row the transcription prints.
pub const ROW_80: Ratio = Ratio::whole(80);

/// Row 30, named by the worked example of rule 4.2.4.
pub const ROW_30: Ratio = Ratio::whole(30);

/// Rows 6 and 4: neighbours on the card, with 6 directly above 4 (rule 4.2.2).
pub const ROW_6: Ratio = Ratio::whole(6);
/// See [`ROW_6`].
pub const ROW_4: Ratio = Ratio::whole(4);

/// Every row strength the text names, highest first. The players' row list must hold them all.
pub const ROWS_NAMED_BY_TEXT: [Ratio; 5] = [TOP_ROW, ROW_80, ROW_30, ROW_6, ROW_4];

/// The fewest rows a card can print: the rows the text names.
pub const FEWEST_ROWS: u32 = ROWS_NAMED_BY_TEXT.len() as u32;

/// The most rows a card can print: "100+" and, below it, every whole strength from 99 down
/// to 1 (a row is a whole strength, each lower than the one above).
pub const MOST_ROWS: u32 = 100;

/// The strength of a row below "100+", as the players enter it: a whole number from
/// [`LOWEST_ROW`] to [`HIGHEST_ROW_BELOW_TOP`].
pub const LOWEST_ROW: u32 = 1;
/// See [`LOWEST_ROW`].
pub const HIGHEST_ROW_BELOW_TOP: u32 = 99;

const fn p(n: u32) -> Cell<Ratio> {
    Cell::Printed(Ratio::whole(n))
}

/// Row 100+, rolls 2 to 12, as printed. Rolls 9 and 10 both read 12; GAPS.md doubts it, and
/// RULINGS.md keeps the printed value (players may enter their card's value over it).
pub const ROW_100_PLUS: [Cell<Ratio>; 11] = [p(5), p(6), p(7), p(8), p(9), p(10), p(11), p(12), p(12), p(14), p(15)];

/// Row 80, rolls 2 to 12: rolls 2 to 8 printed, 9 to 12 missing.
pub const ROW_80_CELLS: [Cell<Ratio>; 11] =
    [p(4), p(5), p(6), p(7), p(8), p(9), p(10), Cell::Missing, Cell::Missing, Cell::Missing, Cell::Missing];

/// Row 30, roll 9 = 7 kills (rule 4.2.4, "a unit firing on the 30 row rolled a 9 with two
/// dice, so seven kills are scored").
pub const ROW_30_ROLL_9: Cell<Ratio> = Cell::RuleText { value: Ratio::whole(7), rule: "4.2.4" };

/// The shipped value of one cell: printed, stated by a rule, or missing.
///
/// ```
/// use johnny_reb::rules::{Cell, Ratio};
/// use johnny_reb::rules::tables::t10_combat_results::shipped;
/// assert_eq!(shipped(Ratio::whole(100), 12), Cell::Printed(Ratio::whole(15)));
/// assert_eq!(shipped(Ratio::whole(20), 7), Cell::Missing);
/// ```
pub fn shipped(row: Ratio, roll: u8) -> Cell<Ratio> {
    let column = match roll {
        2..=12 => usize::from(roll - 2),
        _ => return Cell::Missing,
    };
    if row == TOP_ROW {
        ROW_100_PLUS.get(column).copied().unwrap_or(Cell::Missing)
    } else if row == ROW_80 {
        ROW_80_CELLS.get(column).copied().unwrap_or(Cell::Missing)
    } else if row == ROW_30 && roll == 9 {
        ROW_30_ROLL_9
    } else {
        Cell::Missing
    }
}

/// The row heading as printed on the card: "100+" for the top row, else the strength.
pub fn row_label(row: Ratio) -> String {
    if row == TOP_ROW { "100+".to_string() } else { row.to_string() }
}

/// The address of one kills cell: `Table 10, row 30, roll 9`.
///
/// ```
/// use johnny_reb::rules::Ratio;
/// use johnny_reb::rules::tables::t10_combat_results::kills_cell;
/// assert_eq!(kills_cell(Ratio::whole(100), 9).to_string(), "Table 10, row 100+, roll 9");
/// ```
pub fn kills_cell(row: Ratio, roll: u8) -> CellRef {
    CellRef::new(TABLE, format!("row {}", row_label(row)), format!("roll {roll}"))
}

/// The cell holding the number of rows on the card (the row list is missing from the text).
pub fn row_count_cell() -> CellRef {
    CellRef::new(TABLE, "row list", "number of rows")
}

/// The cell holding the strength of the row at `position`, counted from the top (1 = "100+").
///
/// ```
/// use johnny_reb::rules::tables::t10_combat_results::row_position_cell;
/// assert_eq!(row_position_cell(2).to_string(), "Table 10, row list, row 2");
/// ```
pub fn row_position_cell(position: usize) -> CellRef {
    CellRef::new(TABLE, "row list", format!("row {position}"))
}

/// The shipped strength of the row at `position` from the top: only row 1 ("100+") is printed
/// as the top row; the rest are missing.
pub fn shipped_row_position(position: usize) -> Cell<Ratio> {
    if position == 1 { Cell::Printed(TOP_ROW) } else { Cell::Missing }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::tables::rulebook as transcription;

    /// The printed rows of Table 10, parsed from the transcription: (row label, values).
    fn printed_rows() -> Vec<(String, Vec<u32>)> {
        let text = transcription();
        let start = text.rfind("\nTable 10. Combat Results").expect("Table 10 heading");
        let end = text[start..].find("Table 11.").expect("Table 11 heading") + start;
        text[start..end]
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()) && l.contains('\t'))
            .map(|l| {
                let mut parts = l.split('\t');
                let label = parts.next().unwrap().to_string();
                (label, parts.map(|v| v.trim().parse::<u32>().unwrap()).collect())
            })
            .collect()
    }

    #[test]
    fn every_printed_value_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let rows = printed_rows();
        assert_eq!(rows.len(), 2, "the transcription prints rows 100+ and 80");
        for (label, values) in rows {
            let row = if label == "100+" { TOP_ROW } else { Ratio::parse(&label).unwrap() };
            assert_eq!(row_label(row), label);
            for roll in 2u8..=12 {
                let printed = values.get(usize::from(roll - 2)).copied();
                match (printed, shipped(row, roll)) {
                    (Some(v), Cell::Printed(s)) => assert_eq!(s, Ratio::whole(v), "row {label} roll {roll}"),
                    (None, Cell::Missing) => {}
                    (p, s) => panic!("row {label} roll {roll}: printed {p:?}, shipped {s:?}"),
                }
            }
        }
    }

    #[test]
    fn rule_4_2_4_row_30_roll_9_is_seven_kills() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        assert_eq!(shipped(ROW_30, 9), Cell::RuleText { value: Ratio::whole(7), rule: "4.2.4" });
        let text = transcription();
        assert!(text.contains("a unit firing on the 30 row rolled a 9 with two dice, so seven kills are scored"));
    }

    #[test]
    fn rule_4_2_2_names_rows_4_and_6_as_neighbours() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let text = transcription();
        assert!(text.contains("it would shift its fire upward one row from 4 to 6"));
        assert!(text.contains("in the above case use the 4 row"));
    }

    #[test]
    fn nothing_else_is_shipped() {
        for roll in 2u8..=12 {
            assert_eq!(shipped(Ratio::whole(20), roll), Cell::Missing);
            assert_eq!(shipped(ROW_6, roll), Cell::Missing);
        }
        assert_eq!(shipped(TOP_ROW, 13), Cell::Missing);
        assert_eq!(shipped_row_position(2), Cell::Missing);
    }
}
