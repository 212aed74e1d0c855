//! The Tables Card entered once, before the game, as grids in the card's layout: which cells
//! exist, which the text already gives, which are still to enter, the progress, and every
//! typed cell checked at once. Plain data and functions, tested natively; the guided screen
//! (`card.rs`) only renders them and applies the changes.
//!
//! Table 10 has its own grid: the text gives neither its number of rows nor their strengths
//! beyond the five it names (100+, 80, 30, 6, 4; GAPS.md), so the players say how many rows
//! their card prints (the range said before they type), then the strengths of the rows the
//! text does not name, in any order; the app places every row in the card's order (highest
//! first, 4.2.2) and writes the row list the fire rules read (`Table 10, row list, ...`).
//! Every other table with missing cells is shown as the Tables screen builds it
//! ([`model::table_view`]), its missing cells as inputs.

use super::entry::{self, Change};
use super::model::{self, EntryKind, Provenance, TABLES};
use johnny_reb::rules::tables::t10_combat_results as t10;
use johnny_reb::rules::{Cell, CellRef, Entered, Overrides, Ratio};

/// How far the entry of a set of cells has come: `done` of `total` cells to enter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
    /// The total is the least it can be: Table 10's number of rows is not entered yet.
    pub at_least: bool,
}

impl Progress {
    /// "37 of 198 cells", "0 of at least 37 cells".
    pub fn words(self) -> String {
        let of = if self.at_least { "of at least" } else { "of" };
        let cells = if self.total == 1 { "cell" } else { "cells" };
        format!("{} {of} {} {cells}", self.done, self.total)
    }

    /// Nothing left to enter.
    pub fn complete(self) -> bool {
        !self.at_least && self.done >= self.total
    }

    fn add(self, other: Progress) -> Progress {
        Progress {
            done: self.done + other.done,
            total: self.total + other.total,
            at_least: self.at_least || other.at_least,
        }
    }
}

/// One cell of a guided grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridCell {
    /// Given by the text (printed, or stated by a rule) or entered over it on the Tables
    /// screen: shown, not typed here.
    Fixed { text: String, provenance: Provenance },
    /// To be typed from the card.
    Input(InputCell),
}

/// A cell the players type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputCell {
    /// Where the entry goes.
    pub cell: CellRef,
    pub kind: EntryKind,
    /// The cell's name as read aloud: "Row 30, roll 7".
    pub name: String,
    /// What is entered, as the players would type it; empty when still to enter.
    pub text: String,
}

impl InputCell {
    /// Entered already.
    pub fn done(&self) -> bool {
        !self.text.is_empty()
    }
}

/// One row of a grid: its heading and its cells, in the card's columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridRow {
    pub label: String,
    /// Where the row heading comes from (Table 10: a row the text names, or one entered).
    pub label_provenance: Option<Provenance>,
    pub cells: Vec<GridCell>,
}

/// A block of cells with its own column headings, as the card prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub heading: String,
    pub corner: String,
    pub columns: Vec<String>,
    pub rows: Vec<GridRow>,
}

impl Grid {
    fn inputs(&self) -> impl Iterator<Item = &InputCell> {
        self.rows.iter().flat_map(|r| r.cells.iter()).filter_map(|c| match c {
            GridCell::Input(i) => Some(i),
            GridCell::Fixed { .. } => None,
        })
    }

    fn progress(&self) -> Progress {
        let (done, total) = self.inputs().fold((0, 0), |(d, t), i| (d + usize::from(i.done()), t + 1));
        Progress { done, total, at_least: false }
    }
}

// ---- Table 10 ----

/// A kills cell: a whole number of kills, or the card's dash (no kills).
pub const KILLS: EntryKind = EntryKind::Whole { min: 0, max: 99, na: true };

/// The number of rows the card prints, said before it is typed: the text names five.
pub const ROW_COUNT: EntryKind = EntryKind::Whole { min: t10::FEWEST_ROWS, max: t10::MOST_ROWS, na: false };

/// A row the text does not name: a whole strength below "100+".
pub const OTHER_ROW: EntryKind = EntryKind::Whole { min: t10::LOWEST_ROW, max: t10::HIGHEST_ROW_BELOW_TOP, na: false };

/// Where the strength of the `k`-th row the text does not name is kept, as typed, until the
/// row list is complete (`Table 10, row list, other row 1`). The fire rules read only the
/// row list by position; these keep a half-entered list across a reload and a table set.
pub fn other_row_cell(k: usize) -> CellRef {
    CellRef::new(t10::TABLE, "row list", format!("other row {k}"))
}

/// Where each row the text names comes from.
fn named_row_provenance(row: Ratio) -> Provenance {
    if row == t10::TOP_ROW || row == t10::ROW_80 {
        Provenance::Printed
    } else if row == t10::ROW_30 {
        Provenance::RuleText("4.2.4".into())
    } else {
        Provenance::RuleText("4.2.2".into())
    }
}

fn is_named(row: Ratio) -> bool {
    t10::ROWS_NAMED_BY_TEXT.contains(&row)
}

fn whole_entry(o: &Overrides, cell: &CellRef) -> Option<u32> {
    match o.get(cell) {
        Some(Entered::Value(r)) if r.denom() == 1 => Some(r.numer()),
        _ => None,
    }
}

/// The number of rows entered, if it is one a card can print.
pub fn row_count(o: &Overrides) -> Option<usize> {
    whole_entry(o, &t10::row_count_cell())
        .filter(|n| (t10::FEWEST_ROWS..=t10::MOST_ROWS).contains(n))
        .map(|n| n as usize)
}

/// The strengths of the rows the text does not name, one per slot (`count - 5` slots): the
/// "other row" entries; if none is entered, those of a row list entered by position (on the
/// Tables screen or asked during a game) that the text does not name, in card order.
fn other_rows(o: &Overrides, count: usize) -> Vec<Option<Ratio>> {
    let slots = count.saturating_sub(t10::ROWS_NAMED_BY_TEXT.len());
    let typed: Vec<Option<Ratio>> = (1..=slots).map(|k| whole_entry(o, &other_row_cell(k)).map(Ratio::whole)).collect();
    if typed.iter().any(Option::is_some) {
        return typed;
    }
    let mut from_list = (2..=count)
        .filter_map(|p| whole_entry(o, &t10::row_position_cell(p)).map(Ratio::whole))
        .filter(|r| !is_named(*r));
    (0..slots).map(|_| from_list.next()).collect()
}

/// Whether `row` can stand on the card beside the rows the text names: below "100+", not a
/// named row, and not between rows 6 and 4 (4.2.2 shifts up one row from 4 to 6).
fn check_other_row(row: u32) -> Result<(), String> {
    let r = Ratio::whole(row);
    if is_named(r) {
        return Err(format!("Row {} is named by the text: it is in the grid already.", t10::row_label(r)));
    }
    if r > t10::ROW_4 && r < t10::ROW_6 {
        return Err(format!(
            "Row {row} cannot be: rule 4.2.2 shifts up one row from 4 to 6, so no row lies between them."
        ));
    }
    Ok(())
}

/// Table 10 as the guided entry shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table10Grid {
    /// "Strength rows on your card", asked first.
    pub row_count: InputCell,
    /// One input per row the text does not name, once the number of rows is known.
    pub other_rows: Vec<InputCell>,
    /// The kills by strength row (down) and roll (across): the rows known so far.
    pub kills: Grid,
    /// A row list the rules refuse, said plainly.
    pub problem: Option<String>,
    pub progress: Progress,
}

fn rows_in_card_order(o: &Overrides, count: Option<usize>) -> Vec<Ratio> {
    let mut rows: Vec<Ratio> = t10::ROWS_NAMED_BY_TEXT.to_vec();
    for r in count.map(|n| other_rows(o, n)).unwrap_or_default().into_iter().flatten() {
        if !rows.contains(&r) && check_other_row(r.numer()).is_ok() {
            rows.push(r);
        }
    }
    rows.sort_by(|a, b| b.cmp(a));
    rows
}

/// The whole of Table 10 as the card prints it, with what the text gives filled in.
pub fn table_10_grid(o: &Overrides) -> Table10Grid {
    let count = row_count(o);
    let row_count = InputCell {
        cell: t10::row_count_cell(),
        kind: ROW_COUNT,
        name: "Strength rows on your card".into(),
        text: count.map(|n| n.to_string()).unwrap_or_default(),
    };
    let other_rows: Vec<InputCell> = count
        .map(|n| other_rows(o, n))
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .map(|(i, r)| InputCell {
            cell: other_row_cell(i + 1),
            kind: OTHER_ROW,
            name: format!("Other row {}", i + 1),
            text: r.map(|r| r.to_string()).unwrap_or_default(),
        })
        .collect();
    let columns: Vec<String> = (2u8..=12).map(|r| r.to_string()).collect();
    let rows = rows_in_card_order(o, count)
        .into_iter()
        .map(|row| {
            let label = t10::row_label(row);
            let cells = (2u8..=12)
                .map(|roll| {
                    let cell = t10::kills_cell(row, roll);
                    let name = format!("Row {label}, roll {roll}");
                    let entered = o.get(&cell);
                    match (t10::shipped(row, roll), entered) {
                        (Cell::Missing, _) => GridCell::Input(InputCell {
                            text: entry::entry_text(o, &cell, KILLS),
                            cell,
                            kind: KILLS,
                            name,
                        }),
                        (_, Some(e)) => GridCell::Fixed { text: kills_text(e), provenance: Provenance::Entered },
                        (shipped, None) => GridCell::Fixed {
                            text: shipped.value().map(|v| v.to_string()).unwrap_or_default(),
                            provenance: match shipped {
                                Cell::RuleText { rule, .. } => Provenance::RuleText(rule.into()),
                                _ => Provenance::Printed,
                            },
                        },
                    }
                })
                .collect();
            GridRow {
                label,
                label_provenance: Some(if is_named(row) { named_row_provenance(row) } else { Provenance::Entered }),
                cells,
            }
        })
        .collect();
    let kills = Grid {
        heading: "Kills by strength row (down) and two-dice roll (across)".into(),
        corner: "Strength".into(),
        columns,
        rows,
    };
    let problem = match johnny_reb::rules::fire::table10_rows(o) {
        Err(johnny_reb::rules::RuleError::OutOfRange { detail, .. }) => {
            Some(format!("The row list is refused: {detail}."))
        }
        _ => None,
    };
    let heads = other_rows
        .iter()
        .fold(Progress::default(), |p, i| p.add(Progress { done: usize::from(i.done()), total: 1, at_least: false }));
    // Rows not typed yet still have their kills to enter: 11 missing cells each.
    let untyped = other_rows.iter().filter(|i| !i.done()).count();
    let progress = Progress { done: usize::from(row_count.done()), total: 1, at_least: count.is_none() }
        .add(heads)
        .add(kills.progress())
        .add(Progress { done: 0, total: untyped * 11, at_least: false });
    Table10Grid { row_count, other_rows, kills, problem, progress }
}

fn kills_text(e: Entered) -> String {
    match e {
        Entered::Value(r) => r.to_string(),
        Entered::NotApplicable => "–".into(),
    }
}

/// Table 10's progress alone (the Game screen's reminder: every fire reads Table 10).
pub fn table_10_progress(o: &Overrides) -> Progress {
    table_10_grid(o).progress
}

/// A row list entered by position (on the Tables screen, or asked during a game) as "other
/// row" entries, so that typing one row in the grid keeps the others.
fn keep_other_rows(o: &Overrides) -> Vec<Change> {
    let Some(count) = row_count(o) else { return Vec::new() };
    other_rows(o, count)
        .into_iter()
        .enumerate()
        .filter_map(|(k, r)| {
            let cell = other_row_cell(k + 1);
            let r = r?;
            whole_entry(o, &cell).is_none().then_some((cell, Some(Entered::Value(r))))
        })
        .collect()
}

/// The row list the fire rules read, from the number of rows and the other rows: once every
/// row is typed and the rules accept the list, its rows by position from the top; while it
/// is not, no positions at all (a fire then asks for the list rather than use a stale one).
fn row_list_changes(o: &Overrides) -> Vec<Change> {
    let Some(count) = row_count(o) else { return Vec::new() };
    let rows = rows_in_card_order(o, Some(count));
    let complete = rows.len() == count && johnny_reb::rules::fire::Table10Rows::new(rows.clone()).is_ok();
    (2..=(t10::MOST_ROWS as usize))
        .filter_map(|position| {
            let cell = t10::row_position_cell(position);
            let want = if complete { rows.get(position - 1).copied().map(Entered::Value) } else { None };
            (o.get(&cell) != want).then_some((cell, want))
        })
        .collect()
}

fn is_row_list(cell: &CellRef) -> bool {
    cell.table == t10::TABLE && cell.row == "row list"
}

/// What typing `text` into `cell` changes, checked at once: an empty cell forgets its entry;
/// a value the cell cannot hold is refused with what is wrong (nothing changes). Table 10's
/// row cells also keep the row list the fire rules read in step.
pub fn typed(o: &Overrides, cell: &CellRef, kind: EntryKind, text: &str) -> Result<Vec<Change>, String> {
    let t = text.trim();
    if let EntryKind::Whole { .. } = kind
        && !t.is_empty()
        && !t.chars().all(|c| c.is_ascii_digit())
        && !matches!(t, "-" | "–" | "—")
        && !t.eq_ignore_ascii_case("na")
    {
        return Err(format!("\"{t}\" is not a whole number: this cell takes {}.", range_words(kind)));
    }
    let mut changes = if t.is_empty() { entry::reset_changes(cell, kind) } else { entry::parse_entry(cell, kind, t)? };
    if !is_row_list(cell) {
        return Ok(changes);
    }
    if let Some((_, Some(Entered::Value(r)))) = changes.first()
        && cell.column.starts_with("other row")
    {
        check_other_row(r.numer())?;
        let count = row_count(o).unwrap_or(0);
        let duplicate = other_rows(o, count)
            .iter()
            .enumerate()
            .any(|(k, other)| *other == Some(*r) && other_row_cell(k + 1) != *cell);
        if duplicate {
            return Err(format!("Row {r} is entered already: each row of the card once."));
        }
    }
    let mut all: Vec<Change> = keep_other_rows(o).into_iter().filter(|(c, _)| c != cell).collect();
    all.append(&mut changes);
    let mut next = o.clone();
    entry::apply(&mut next, all.clone());
    all.extend(row_list_changes(&next));
    Ok(all)
}

// ---- the other tables ----

/// A table with cells to enter, as a guided grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableGrid {
    pub info: &'static model::TableInfo,
    pub grids: Vec<Grid>,
    pub progress: Progress,
}

/// A table other than 10 in its card layout: what the text gives shown, each cell it lacks
/// an input. `None` when the table lacks nothing (or is not a table).
pub fn table_grid(id: &str, o: &Overrides) -> Option<TableGrid> {
    if id == "10" {
        return None;
    }
    let shipped = model::table_view(id, &Overrides::new())?;
    let view = model::table_view(id, o)?;
    let to_enter = |cell: &CellRef| shipped.find(cell).is_none_or(|s| s.is_missing());
    let grids: Vec<Grid> = view
        .sections
        .iter()
        .filter(|s| !s.prose)
        .map(|s| Grid {
            heading: s.heading.clone(),
            corner: s.corner.clone(),
            columns: s.columns.clone(),
            rows: s
                .rows
                .iter()
                .map(|r| GridRow {
                    label: r.label.clone(),
                    label_provenance: None,
                    cells: r
                        .cells
                        .iter()
                        .map(|c| match &c.entry {
                            Some((cell, kind)) if to_enter(cell) => GridCell::Input(InputCell {
                                cell: cell.clone(),
                                kind: *kind,
                                name: c.name.clone(),
                                text: entry::entry_text(o, cell, *kind),
                            }),
                            _ => GridCell::Fixed { text: c.text.clone(), provenance: c.provenance.clone() },
                        })
                        .collect(),
                })
                .collect(),
        })
        .collect();
    let progress = grids.iter().fold(Progress::default(), |p, g| p.add(g.progress()));
    (progress.total > 0).then_some(TableGrid { info: view.info, grids, progress })
}

/// The tables the guided entry goes through, in the order it offers them: Table 10 first
/// (every fire and melee reads it), then the card's order. Each with its progress.
pub fn card_tables(o: &Overrides) -> Vec<(&'static model::TableInfo, Progress)> {
    let mut list = Vec::new();
    if let Some(info) = model::table_info("10") {
        list.push((info, table_10_progress(o)));
    }
    for t in TABLES.iter().filter(|t| t.id != "10") {
        if let Some(g) = table_grid(t.id, o) {
            list.push((t, g.progress));
        }
    }
    list
}

/// The whole card's progress.
pub fn card_progress(o: &Overrides) -> Progress {
    card_tables(o).into_iter().fold(Progress::default(), |p, (_, q)| p.add(q))
}

/// The `inputmode` and `pattern` of a cell: the numeric keypad wherever a number is typed.
pub fn keypad(kind: EntryKind) -> (&'static str, &'static str) {
    match kind {
        EntryKind::Whole { na: false, .. } => ("numeric", "[0-9]*"),
        EntryKind::Whole { na: true, .. } => ("numeric", "[0-9]*|[-–]|[Nn][Aa]"),
        EntryKind::Number { .. } => ("decimal", "[0-9 ./,]*|[-–]|[Nn][Aa]"),
        EntryKind::Modifier | EntryKind::Signed => ("text", ".*"),
    }
}

/// The range a cell takes, said before it is typed.
pub fn range_words(kind: EntryKind) -> String {
    match kind {
        EntryKind::Whole { min, max, na: true } => format!("{min} to {max}, or - for a dash"),
        EntryKind::Whole { min, max, na: false } => format!("{min} to {max}"),
        _ => kind.hint().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use johnny_reb::rules::RuleError;
    use johnny_reb::rules::fire::{table10_kills, table10_row, table10_rows};

    fn type_in(o: &mut Overrides, cell: &CellRef, kind: EntryKind, text: &str) {
        let changes = typed(o, cell, kind, text).unwrap_or_else(|e| panic!("{cell} {text}: {e}"));
        entry::apply(o, changes);
    }

    fn labels(g: &Table10Grid) -> Vec<String> {
        g.kills.rows.iter().map(|r| r.label.clone()).collect()
    }

    fn input<'a>(g: &'a Table10Grid, row: &str, roll: u8) -> Option<&'a InputCell> {
        let r = g.kills.rows.iter().find(|r| r.label == row)?;
        match r.cells.get(usize::from(roll - 2))? {
            GridCell::Input(i) => Some(i),
            GridCell::Fixed { .. } => None,
        }
    }

    #[test]
    fn table_10_grid_fills_in_the_rows_and_cells_the_text_names() {
        let g = table_10_grid(&Overrides::new());
        assert_eq!(labels(&g), ["100+", "80", "30", "6", "4"]);
        let heads: Vec<Option<Provenance>> = g.kills.rows.iter().map(|r| r.label_provenance.clone()).collect();
        assert_eq!(
            heads,
            [
                Some(Provenance::Printed),
                Some(Provenance::Printed),
                Some(Provenance::RuleText("4.2.4".into())),
                Some(Provenance::RuleText("4.2.2".into())),
                Some(Provenance::RuleText("4.2.2".into())),
            ]
        );
        assert_eq!(g.kills.columns.len(), 11, "rolls 2 to 12");
        // Printed row 100+ and row 80 to roll 8; rule 4.2.4's row 30 roll 9 = 7 kills.
        let top = &g.kills.rows[0].cells[0];
        assert_eq!(top, &GridCell::Fixed { text: "5".into(), provenance: Provenance::Printed });
        let r30 = &g.kills.rows[2].cells[7];
        assert_eq!(r30, &GridCell::Fixed { text: "7".into(), provenance: Provenance::RuleText("4.2.4".into()) });
        assert!(input(&g, "80", 8).is_none());
        assert_eq!(input(&g, "80", 9).map(|i| i.name.as_str()), Some("Row 80, roll 9"));
        // Five rows of 11 less the 19 the text gives, and the number of rows: at least 37.
        assert_eq!(g.progress, Progress { done: 0, total: 37, at_least: true });
        assert_eq!(g.progress.words(), "0 of at least 37 cells");
        assert!(g.other_rows.is_empty());
    }

    #[test]
    fn table_10_grid_row_count_range_is_said_before_and_checked_as_typed() {
        assert_eq!(range_words(ROW_COUNT), "5 to 100");
        let o = Overrides::new();
        let why = typed(&o, &t10::row_count_cell(), ROW_COUNT, "3").unwrap_err();
        assert!(why.contains("5 to 100"), "{why}");
        assert!(typed(&o, &t10::row_count_cell(), ROW_COUNT, "101").is_err());
        assert!(typed(&o, &t10::row_count_cell(), ROW_COUNT, "NA").is_err());
        // The engine takes the same range.
        let mut o = Overrides::new();
        o.set(t10::row_count_cell(), Entered::Value(Ratio::whole(101)));
        assert!(matches!(table10_rows(&o), Err(RuleError::OutOfRange { .. })));
    }

    #[test]
    fn table_10_grid_other_rows_take_their_place_in_card_order_and_make_the_row_list() {
        let mut o = Overrides::new();
        type_in(&mut o, &t10::row_count_cell(), ROW_COUNT, "7");
        let g = table_10_grid(&o);
        assert_eq!(g.other_rows.len(), 2);
        assert_eq!(g.progress, Progress { done: 1, total: 1 + 2 + 7 * 11 - 19, at_least: false });
        // Not complete: no row list yet, so a fire below 80 asks for it rather than guess.
        assert_eq!(table10_rows(&o), Err(RuleError::Missing(t10::row_position_cell(2))));
        type_in(&mut o, &other_row_cell(1), OTHER_ROW, "15");
        assert_eq!(labels(&table_10_grid(&o)), ["100+", "80", "30", "15", "6", "4"]);
        assert!(table10_rows(&o).is_err());
        type_in(&mut o, &other_row_cell(2), OTHER_ROW, "60");
        let g = table_10_grid(&o);
        assert_eq!(labels(&g), ["100+", "80", "60", "30", "15", "6", "4"]);
        assert_eq!(g.kills.rows[2].label_provenance, Some(Provenance::Entered));
        let rows = table10_rows(&o).unwrap();
        assert_eq!(rows.rows(), [100, 80, 60, 30, 15, 6, 4].map(Ratio::whole));
        assert_eq!(g.progress.done, 3);
        assert!(g.problem.is_none());
        // A row changed: the list follows; a row cleared: the list is withdrawn.
        type_in(&mut o, &other_row_cell(2), OTHER_ROW, "50");
        assert_eq!(table10_rows(&o).unwrap().rows()[2], Ratio::whole(50));
        type_in(&mut o, &other_row_cell(2), OTHER_ROW, "");
        assert!(table10_rows(&o).is_err());
        assert_eq!(labels(&table_10_grid(&o)), ["100+", "80", "30", "15", "6", "4"]);
    }

    #[test]
    fn table_10_grid_refuses_rows_the_card_cannot_print() {
        let mut o = Overrides::new();
        type_in(&mut o, &t10::row_count_cell(), ROW_COUNT, "7");
        type_in(&mut o, &other_row_cell(1), OTHER_ROW, "20");
        let refuse = |text: &str, says: &str| {
            let why = typed(&o, &other_row_cell(2), OTHER_ROW, text).unwrap_err();
            assert!(why.contains(says), "{text}: {why}");
        };
        refuse("30", "named by the text");
        refuse("5", "4.2.2");
        refuse("20", "entered already");
        refuse("100", "1 to 99");
        refuse("0", "1 to 99");
        refuse("x", "not a whole number");
        refuse("NA", "cannot be NA");
        // The same row typed again in its own cell is no duplicate.
        assert!(typed(&o, &other_row_cell(1), OTHER_ROW, "20").is_ok());
    }

    #[test]
    fn table_10_grid_keeps_a_row_list_entered_by_position() {
        let mut o = Overrides::new();
        o.set(t10::row_count_cell(), Entered::Value(Ratio::whole(6)));
        for (p, r) in [(2, 80), (3, 60), (4, 30), (5, 6), (6, 4)] {
            o.set(t10::row_position_cell(p), Entered::Value(Ratio::whole(r)));
        }
        let g = table_10_grid(&o);
        assert_eq!(g.other_rows.iter().map(|i| i.text.as_str()).collect::<Vec<_>>(), ["60"]);
        assert_eq!(g.progress.done, 2);
        // One more row: the 60 stays, the list waits for the new row.
        type_in(&mut o, &t10::row_count_cell(), ROW_COUNT, "7");
        let g = table_10_grid(&o);
        assert_eq!(g.other_rows.iter().map(|i| i.text.as_str()).collect::<Vec<_>>(), ["60", ""]);
        assert!(table10_rows(&o).is_err());
        type_in(&mut o, &other_row_cell(2), OTHER_ROW, "10");
        assert_eq!(table10_rows(&o).unwrap().rows(), [100, 80, 60, 30, 10, 6, 4].map(Ratio::whole));
    }

    #[test]
    fn table_10_grid_checks_each_kills_cell_and_counts_it() {
        let mut o = Overrides::new();
        let cell = t10::kills_cell(t10::ROW_80, 9);
        let why = typed(&o, &cell, KILLS, "lots").unwrap_err();
        assert_eq!(why, "\"lots\" is not a whole number: this cell takes 0 to 99, or - for a dash.");
        assert!(typed(&o, &cell, KILLS, "1/2").unwrap_err().contains("not a whole number"));
        assert!(typed(&o, &cell, KILLS, "100").unwrap_err().contains("0 to 99"));
        type_in(&mut o, &cell, KILLS, "11");
        let g = table_10_grid(&o);
        assert_eq!(g.progress.words(), "1 of at least 37 cells");
        assert_eq!(input(&g, "80", 9).map(|i| i.text.as_str()), Some("11"));
        type_in(&mut o, &t10::kills_cell(t10::ROW_4, 2), KILLS, "-");
        assert_eq!(input(&table_10_grid(&o), "4", 2).map(|i| i.text.as_str()), Some("NA"));
        // Emptied: the entry is forgotten, the cell is to enter again.
        type_in(&mut o, &cell, KILLS, " ");
        assert_eq!(o.get(&cell), None);
        assert_eq!(table_10_grid(&o).progress.done, 1);
    }

    #[test]
    fn table_10_grid_complete_then_a_fire_below_80_asks_nothing() {
        let mut o = Overrides::new();
        type_in(&mut o, &t10::row_count_cell(), ROW_COUNT, "5");
        let g = table_10_grid(&o);
        for row in &g.kills.rows {
            for c in &row.cells {
                if let GridCell::Input(i) = c {
                    type_in(&mut o, &i.cell, i.kind, "3");
                }
            }
        }
        let g = table_10_grid(&o);
        assert!(g.progress.complete(), "{:?}", g.progress);
        assert_eq!(g.progress.words(), "37 of 37 cells");
        // 4.2.4: strength 40 falls between rows 80 and 30, so the 30 row; no question asked.
        let row = table10_row(Ratio::whole(40), 0, &o).unwrap();
        assert_eq!(row, Some(t10::ROW_30));
        assert_eq!(table10_kills(t10::ROW_30, 7, &o).unwrap().value, 3);
        assert_eq!(table10_kills(t10::ROW_30, 9, &o).unwrap().value, 7);
    }

    #[test]
    fn tables_card_lists_table_10_first_then_every_table_with_missing_cells() {
        let o = Overrides::new();
        let list = card_tables(&o);
        assert_eq!(list.first().map(|(t, _)| t.name), Some("Table 10"));
        for t in &TABLES {
            let missing = model::table_view(t.id, &o).map_or(0, |v| v.missing_count());
            let listed = list.iter().find(|(i, _)| i.id == t.id);
            assert_eq!(listed.is_some(), missing > 0 || t.id == "10", "{}", t.name);
            if t.id != "10"
                && let Some((_, p)) = listed
            {
                assert_eq!((p.done, p.total), (0, missing), "{}", t.name);
            }
        }
        let total = card_progress(&o);
        assert_eq!(total.total, list.iter().map(|(_, p)| p.total).sum::<usize>());
    }

    #[test]
    fn table_12_grid_shows_the_rule_text_saves_and_asks_the_rest() {
        let mut o = Overrides::new();
        let g = table_grid("12", &o).unwrap();
        let cells: Vec<&GridCell> = g.grids.iter().flat_map(|g| g.rows.iter()).flat_map(|r| r.cells.iter()).collect();
        // 9.1.1: a wood fence saves on 1, stated by the rules, not typed.
        assert!(
            cells
                .iter()
                .any(|c| matches!(c, GridCell::Fixed { provenance: Provenance::RuleText(r), .. } if r == "9.1.1"))
        );
        let first = g.grids.iter().flat_map(|g| g.rows.iter()).flat_map(|r| r.cells.iter()).find_map(|c| match c {
            GridCell::Input(i) => Some(i.clone()),
            GridCell::Fixed { .. } => None,
        });
        let first = first.unwrap();
        assert!(typed(&o, &first.cell, first.kind, "7").unwrap_err().contains("0 to 6"));
        type_in(&mut o, &first.cell, first.kind, "2");
        let after = table_grid("12", &o).unwrap();
        assert_eq!(after.progress.done, 1);
        assert_eq!(after.progress.total, g.progress.total);
    }

    #[test]
    fn keypad_is_numeric_wherever_a_number_is_typed() {
        assert_eq!(keypad(KILLS).0, "numeric");
        assert_eq!(keypad(ROW_COUNT), ("numeric", "[0-9]*"));
        assert_eq!(keypad(EntryKind::Number { na: true }).0, "decimal");
    }

    proptest::proptest! {
        #[test]
        fn table_10_grid_any_typing_keeps_progress_within_its_total(texts in proptest::collection::vec("[0-9a-z -]{0,4}", 0..12)) {
            let mut o = Overrides::new();
            let cells = [
                (t10::row_count_cell(), ROW_COUNT),
                (other_row_cell(1), OTHER_ROW),
                (other_row_cell(2), OTHER_ROW),
                (t10::kills_cell(t10::ROW_80, 9), KILLS),
            ];
            for (i, text) in texts.iter().enumerate() {
                let (cell, kind) = &cells[i % cells.len()];
                let before = o.clone();
                match typed(&o, cell, *kind, text) {
                    Ok(changes) => entry::apply(&mut o, changes),
                    Err(_) => proptest::prop_assert_eq!(&o, &before),
                }
                let p = table_10_grid(&o).progress;
                proptest::prop_assert!(p.done <= p.total);
                // Whenever the rules accept the row list, it is the grid's rows.
                if let Ok(rows) = table10_rows(&o) {
                    let grid = table_10_grid(&o);
                    proptest::prop_assert_eq!(rows.rows().len(), grid.kills.rows.len());
                }
            }
        }
    }
}
