//! What the Tables screen shows, as plain data built from the rules' tables and the players'
//! entries. No Leptos here: the views only render it, and it is tested natively.
//!
//! Here: a cell shown with its provenance and how the players type it ([`Shown`],
//! [`EntryKind`]), the list of tables and [`table_view`]. Each table's layout is in the
//! submodules, by part of the card.

mod charge_officers;
mod fire;
mod morale_movement;

use charge_officers::*;
use fire::*;
pub use fire::{gun_entry, gun_names};
use morale_movement::*;

use johnny_reb::rules::fire::resolve_modifier;
use johnny_reb::rules::tables::t05_bmp::{self as t05};
use johnny_reb::rules::tables::t09_small_arms_modifiers::FireModifier;
use johnny_reb::rules::tables::t13_artillery::{self as t13};
use johnny_reb::rules::tables::{appendix_b_seacoast as app_b, t17_bmp_charged as t17};
use johnny_reb::rules::{Cell, CellRef, Entered, Overrides, Ratio, Source};

/// Where a value shown comes from, said in words and a mark (never colour alone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Provenance {
    /// Stands in a table of the transcription.
    Printed,
    /// Stated by a rule or worked example: its number.
    RuleText(String),
    /// Neither: to be entered from the players' Tables Card.
    Missing,
    /// Entered by the players.
    Entered,
}

impl Provenance {
    /// The provenance in words, as read aloud and shown in the cell's name.
    pub fn words(&self) -> String {
        match self {
            Provenance::Printed => "printed".into(),
            Provenance::RuleText(rule) => format!("rule text {rule}"),
            Provenance::Missing => "missing".into(),
            Provenance::Entered => "entered by players".into(),
        }
    }

    /// The short mark shown beside the value (the legend explains it).
    pub fn mark(&self) -> String {
        match self {
            Provenance::Printed => "P".into(),
            Provenance::RuleText(rule) => format!("§{rule}"),
            Provenance::Missing => "?".into(),
            Provenance::Entered => "✎".into(),
        }
    }

    /// The CSS class for its border style.
    pub fn class(&self) -> &'static str {
        match self {
            Provenance::Printed => "printed",
            Provenance::RuleText(_) => "rule",
            Provenance::Missing => "missing",
            Provenance::Entered => "entered",
        }
    }

    fn of<T>(cell: &Cell<T>) -> Provenance {
        match cell {
            Cell::Printed(_) => Provenance::Printed,
            Cell::RuleText { rule, .. } => Provenance::RuleText(rule.to_string()),
            Cell::Missing => Provenance::Missing,
        }
    }

    fn of_source(source: &Source) -> Provenance {
        match source {
            Source::Printed => Provenance::Printed,
            Source::RuleText(rule) => Provenance::RuleText(rule.clone()),
            Source::Entered => Provenance::Entered,
        }
    }
}

/// What a cell accepts when the players enter it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryKind {
    /// A whole number from `min` to `max`; `na`: the card may print a dash or NA here.
    Whole { min: u32, max: u32, na: bool },
    /// Any number such as 3, 1/2 or 1 1/2 (inches, multipliers); `na` as above.
    Number { na: bool },
    /// A fire modifier: x1/2, up 1 or down 2 (Tables 9 and 14).
    Modifier,
    /// A morale modifier as printed: +3, -2, 0, or NA (Table 18). A value below zero is kept
    /// under its "below zero" cell (entries are never negative).
    Signed,
}

impl EntryKind {
    /// The `inputmode` that brings up the right keyboard.
    pub fn input_mode(self) -> &'static str {
        match self {
            EntryKind::Whole { .. } => "numeric",
            EntryKind::Number { .. } => "decimal",
            EntryKind::Modifier | EntryKind::Signed => "text",
        }
    }

    /// A hint of what to type.
    pub fn hint(self) -> &'static str {
        match self {
            EntryKind::Whole { na: true, .. } => "A whole number, or NA (or -) for a dash.",
            EntryKind::Whole { na: false, .. } => "A whole number.",
            EntryKind::Number { na: true } => "A number such as 3, 1/2, 1 1/2 or 1.5, or NA.",
            EntryKind::Number { na: false } => "A number such as 3, 1/2, 1 1/2 or 1.5.",
            EntryKind::Modifier => "As printed: x2, x1/2, up 1, down 2, or NA for none.",
            EntryKind::Signed => "As printed: +3, -2 or 0, or NA for Not Applicable.",
        }
    }
}

/// One value on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The value as the card prints it ("12", "5/8", "x1/2", "?" when missing).
    pub text: String,
    pub provenance: Provenance,
    /// The cell's full name, e.g. "Row 80, roll 9".
    pub name: String,
    /// Where the players' entry goes, if it can be entered.
    pub entry: Option<(CellRef, EntryKind)>,
}

impl Shown {
    fn fixed(name: impl Into<String>, text: impl Into<String>, provenance: Provenance) -> Shown {
        Shown { text: text.into(), provenance, name: name.into(), entry: None }
    }

    /// Still to be entered from the card.
    pub fn is_missing(&self) -> bool {
        self.provenance == Provenance::Missing
    }
}

/// One row of a section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub label: String,
    pub cells: Vec<Shown>,
}

/// A block of a table with its own column headings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub heading: String,
    /// The heading over the row labels.
    pub corner: String,
    pub columns: Vec<String>,
    pub rows: Vec<Row>,
    /// Long text cells (steps, conditions): shown as a list rather than a grid.
    pub prose: bool,
}

/// One table, ready to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableView {
    pub info: &'static TableInfo,
    pub sections: Vec<Section>,
    /// Notes printed with the table or about its gaps.
    pub notes: Vec<String>,
    /// Problems with what was entered (e.g. a Table 10 row list the rules refuse).
    pub warnings: Vec<String>,
}

impl TableView {
    /// Every enterable cell, in reading order (the order Next follows).
    pub fn entries(&self) -> Vec<&Shown> {
        self.sections
            .iter()
            .flat_map(|s| s.rows.iter())
            .flat_map(|r| r.cells.iter())
            .filter(|c| c.entry.is_some())
            .collect()
    }

    /// How many enterable cells are still missing.
    pub fn missing_count(&self) -> usize {
        self.entries().iter().filter(|c| c.is_missing()).count()
    }

    /// The cell with this entry address.
    pub fn find(&self, cell: &CellRef) -> Option<&Shown> {
        self.entries().into_iter().find(|c| c.entry.as_ref().map(|(r, _)| r) == Some(cell))
    }

    /// The next missing cell after `cell` (wrapping to the start), or `None` when no other
    /// cell is missing.
    pub fn next_missing(&self, cell: &CellRef) -> Option<CellRef> {
        let entries = self.entries();
        let here = entries.iter().position(|c| c.entry.as_ref().map(|(r, _)| r) == Some(cell)).unwrap_or(0);
        let n = entries.len();
        (1..=n)
            .map(|k| entries[(here + k) % n])
            .find(|c| c.is_missing() && c.entry.as_ref().map(|(r, _)| r) != Some(cell))
            .and_then(|c| c.entry.as_ref().map(|(r, _)| r.clone()))
    }
}

/// A table of the rules as listed on the Tables screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableInfo {
    /// Its address on the screen: "10", "a".
    pub id: &'static str,
    /// Its name as printed and as cells name it: "Table 10", "Appendix A".
    pub name: &'static str,
    pub title: &'static str,
    /// The rules it comes from.
    pub rules: &'static str,
}

const fn info(id: &'static str, name: &'static str, title: &'static str, rules: &'static str) -> TableInfo {
    TableInfo { id, name, title, rules }
}

/// Every numbered table and the appendices with numbers, in card order.
pub const TABLES: [TableInfo; 24] = [
    info("1", "Table 1", "Turn Sequence", "0.5; rules 1-8"),
    info("2", "Table 2", "Conditions Requiring Morale Checks", "2.2, 2.4, 4.4, 5.5, 8"),
    info("3", "Table 3", "Movement Rates", "6.2, 6.3, 6.6, 6.7, 2.1.1"),
    info("4", "Table 4", "Summary Movement Conditions", "6.3-6.7, 5.3.2, 2.1.2"),
    info("5", "Table 5", "Basic Morale Points (Not Charged)", "2.3.3"),
    info("6", "Table 6", "Modifiers to BMP (Not Charged)", "2.3.4, 2.3.5, 4.4.3"),
    info("7", "Table 7", "Morale Results", "2.3, 2.4, 2.1.2"),
    info("8", "Table 8", "Small Arms Ranges", "4.2.1, 4.2.3"),
    info("9", "Table 9", "Small Arms Fire Modifiers", "4.2.2, 4.2.3, 4.2.7, 6.8, 9"),
    info("10", "Table 10", "Combat Results", "4.2.2, 4.2.4, 5.8.2"),
    info("11", "Table 11", "Fire Results Multipliers", "4.2.5, 6.8"),
    info("12", "Table 12", "Saving Rolls", "4.2.6, 9"),
    info("13", "Table 13", "Artillery Information", "4.3.1, 6.6"),
    info("14", "Table 14", "Artillery Fire Modifiers", "4.3.3, 9"),
    info("15", "Table 15", "Firing Procedure", "4.1-4.3"),
    info("16", "Table 16", "Charge Sequence", "5"),
    info("17", "Table 17", "Basic Morale Points (When Charged)", "2.3.3, 5.5, 5.7"),
    info("18", "Table 18", "Charge Modifiers to BMP", "5.5, 5.7, 6.8"),
    info("19", "Table 19", "Melee Strength Modifiers", "5.8.2"),
    info("20", "Table 20", "Officer Casualty", "8, 6.9"),
    info("a", "Appendix A", "Civil War Shoulder Firearms", "Appendix A"),
    info("b", "Appendix B", "Seacoast Artillery", "Appendix B"),
    info("c", "Appendix C", "Mortars", "Appendix C"),
    info("d", "Appendix D", "Very Rare Weapons", "Appendix D"),
];

/// The table listed under `id`.
pub fn table_info(id: &str) -> Option<&'static TableInfo> {
    TABLES.iter().find(|t| t.id == id)
}

/// Whether `name` is a table the players may enter values for ("Table 10", "Appendix B").
pub fn is_known_table(name: &str) -> bool {
    TABLES.iter().any(|t| t.name == name)
}

/// One table with the players' entries over the shipped values.
pub fn table_view(id: &str, o: &Overrides) -> Option<TableView> {
    let info = table_info(id)?;
    let mut v = TableView { info, sections: Vec::new(), notes: Vec::new(), warnings: Vec::new() };
    match id {
        "1" => table_1(&mut v),
        "2" => table_2(&mut v),
        "3" => table_3(&mut v, o),
        "4" => table_4(&mut v),
        "5" => bmp(&mut v, &t05::TABLE_5),
        "6" => table_6(&mut v),
        "7" => table_7(&mut v),
        "8" => table_8(&mut v, o),
        "9" => table_9(&mut v, o),
        "10" => table_10(&mut v, o),
        "11" => table_11(&mut v, o),
        "12" => table_12(&mut v, o),
        "13" => guns(&mut v, t13::TABLE, &t13::GUNS, t13::CANISTER_RANGE, o),
        "14" => table_14(&mut v, o),
        "15" => table_15(&mut v),
        "16" => table_16(&mut v),
        "19" => table_19(&mut v, o),
        "17" => bmp(&mut v, &t17::TABLE_17),
        "18" => table_18(&mut v, o),
        "20" => table_20(&mut v),
        "a" => appendix_a(&mut v),
        "b" => guns(&mut v, app_b::TABLE, &app_b::GUNS, app_b::CANISTER_RANGE, o),
        "c" => appendix_c(&mut v),
        "d" => appendix_d(&mut v),
        _ => {}
    }
    Some(v)
}

// ---- helpers ----

fn section(heading: &str, corner: &str, columns: &[&str]) -> Section {
    Section {
        heading: heading.into(),
        corner: corner.into(),
        columns: columns.iter().map(|c| c.to_string()).collect(),
        rows: Vec::new(),
        prose: false,
    }
}

fn entered_text(e: Entered) -> String {
    match e {
        Entered::Value(r) => r.to_string(),
        Entered::NotApplicable => "NA".into(),
    }
}

fn shipped_text<T>(cell: &Cell<T>, show: impl Fn(&T) -> String) -> String {
    cell.value().map(show).unwrap_or_else(|| "?".into())
}

/// A numeric cell the players may enter.
fn number(name: String, shipped: Cell<Ratio>, entry: CellRef, kind: EntryKind, o: &Overrides) -> Shown {
    number_opt(name, cell_some(shipped), entry, kind, o)
}

fn cell_some(c: Cell<Ratio>) -> Cell<Option<Ratio>> {
    match c {
        Cell::Printed(v) => Cell::Printed(Some(v)),
        Cell::RuleText { value, rule } => Cell::RuleText { value: Some(value), rule },
        Cell::Missing => Cell::Missing,
    }
}

/// A numeric cell that may read "NA" as shipped.
fn number_opt(name: String, shipped: Cell<Option<Ratio>>, entry: CellRef, kind: EntryKind, o: &Overrides) -> Shown {
    let (text, provenance) = match o.get(&entry) {
        Some(e) => (entered_text(e), Provenance::Entered),
        None => (shipped_text(&shipped, |v| v.map_or("NA".into(), |r| r.to_string())), Provenance::of(&shipped)),
    };
    Shown { text, provenance, name, entry: Some((entry, kind)) }
}

fn count(c: Cell<u8>) -> Cell<Ratio> {
    match c {
        Cell::Printed(v) => Cell::Printed(Ratio::whole(u32::from(v))),
        Cell::RuleText { value, rule } => Cell::RuleText { value: Ratio::whole(u32::from(value)), rule },
        Cell::Missing => Cell::Missing,
    }
}

fn modifier(name: String, shipped: Cell<FireModifier>, entry: CellRef, o: &Overrides) -> Shown {
    let (text, provenance) = match resolve_modifier(&entry, shipped, o) {
        Ok(s) => (s.value.to_string(), Provenance::of_source(&s.source)),
        Err(_) => ("?".into(), Provenance::Missing),
    };
    Shown { text, provenance, name, entry: Some((entry, EntryKind::Modifier)) }
}

fn signed(v: i32) -> String {
    if v > 0 { format!("+{v}") } else { v.to_string() }
}

fn fixed_cell<T>(name: String, cell: &Cell<T>, show: impl Fn(&T) -> String) -> Shown {
    Shown::fixed(name, shipped_text(cell, show), Provenance::of(cell))
}

fn printed(name: impl Into<String>, text: impl Into<String>) -> Shown {
    Shown::fixed(name, text, Provenance::Printed)
}

fn prose_row(label: impl Into<String>, cell: Shown) -> Row {
    Row { label: label.into(), cells: vec![cell] }
}

#[cfg(test)]
mod tests;
