//! What the Tables screen shows, as plain data built from the rules' tables and the players'
//! entries. No Leptos here: the views only render it, and it is tested natively.

use johnny_reb::rules::fire::resolve_modifier;
use johnny_reb::rules::movement;
use johnny_reb::rules::tables::t03_movement_rates::{self as t03, GunColumn, MoveRow, Rate, RateColumn};
use johnny_reb::rules::tables::t04_movement_conditions::{self as t04, Path};
use johnny_reb::rules::tables::t05_bmp::{self as t05, BmpTable};
use johnny_reb::rules::tables::t08_small_arms_ranges::{self as t08, RangeBand, SmallArm};
use johnny_reb::rules::tables::t09_small_arms_modifiers::{FireModifier, Table9Row};
use johnny_reb::rules::tables::t10_combat_results as t10;
use johnny_reb::rules::tables::t11_fire_multipliers::Table11Row;
use johnny_reb::rules::tables::t12_saving_rolls::{
    self as t12, AreaCover, FormationSave, Fortification, LinealCover, WorksKind,
};
use johnny_reb::rules::tables::t13_artillery::{self as t13, GunRow};
use johnny_reb::rules::tables::t14_artillery_modifiers::Table14Row;
use johnny_reb::rules::tables::{
    appendix_a_firearms as app_a, appendix_b_seacoast as app_b, appendix_c_mortars as app_c,
    appendix_d_rare_weapons as app_d, t01_turn_sequence as t01, t02_morale_checks as t02, t06_bmp_modifiers as t06,
    t07_morale_results as t07, t15_firing_procedure as t15, t16_charge_sequence as t16, t17_bmp_charged as t17,
    t18_charge_modifiers as t18, t19_melee_modifiers as t19, t20_officer_casualty as t20,
};
use johnny_reb::rules::unit::{Formation, Quality};
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

// ---- the tables ----

fn table_1(v: &mut TableView) {
    for p in t01::PHASES {
        let mut s = section(&format!("Phase {}: {} (rule {})", p.number, p.name, p.rule), "Step", &["What to do"]);
        s.prose = true;
        for step in p.steps {
            let name = format!("Phase {} step {}", p.number, step.value().map_or('?', |s| s.letter));
            let shown = fixed_cell(name, step, |s| format!("{} (rules: {})", s.text, s.rules.join(", ")));
            s.rows.push(prose_row(step.value().map_or("?".into(), |s| s.letter.to_string()), shown));
        }
        v.sections.push(s);
    }
    v.notes
        .push("Phases 5 to 8 are cut from the transcription; their steps come from the rules of those phases.".into());
}

fn table_2(v: &mut TableView) {
    let mut current: Option<Section> = None;
    for c in t02::CONDITIONS {
        if current.as_ref().map(|s| s.heading.as_str()) != Some(c.phase) {
            if let Some(s) = current.take() {
                v.sections.push(s);
            }
            let mut s = section(c.phase, "No.", &["Condition"]);
            s.prose = true;
            current = Some(s);
        }
        if let Some(s) = current.as_mut() {
            s.rows.push(prose_row(c.number.to_string(), printed(format!("Condition {}", c.number), c.text)));
        }
    }
    if let Some(s) = current {
        v.sections.push(s);
    }
}

fn rate_text(r: &Rate) -> String {
    match r {
        Rate::NotApplicable => "NA".into(),
        Rate::One(x) => x.to_string(),
        Rate::Two { without_disorder, with_disorder_roll } => format!("{without_disorder}/{with_disorder_roll}"),
    }
}

fn table_3(v: &mut TableView, o: &Overrides) {
    let cols: Vec<&str> = RateColumn::ALL.iter().map(|c| c.label()).collect();
    let mut s = section("Troops (inches; X/Y = without disorder / with a disorder roll)", "Formation", &cols);
    for row in MoveRow::ALL {
        let cells = RateColumn::ALL
            .iter()
            .map(|&col| {
                let name = format!("{}, {}", row.label(), col.label());
                match movement::troop_rate(row, col, o) {
                    Ok(r) => Shown::fixed(name, rate_text(&r.value), Provenance::of_source(&r.source)),
                    Err(_) => Shown::fixed(name, "?", Provenance::Missing),
                }
            })
            .collect();
        s.rows.push(Row { label: row.label().into(), cells });
    }
    v.sections.push(s);

    let cols: Vec<&str> = GunColumn::ALL.iter().map(|c| c.label()).collect();
    let mut g = section("Artillery (D limbered / E hand-pushed)", "Weight", &cols);
    for w in t03::WEIGHTS {
        let cells = GunColumn::ALL
            .iter()
            .map(|&c| {
                let d = t03::limbered(w, c);
                let e = t03::hand_push(w, c);
                let text = format!("{} / {}", shipped_text(&d, |r| r.to_string()), shipped_text(&e, |r| r.to_string()));
                Shown::fixed(format!("{}, {}", t03::weight_label(w), c.label()), text, Provenance::of(&d))
            })
            .collect();
        g.rows.push(Row { label: t03::weight_label(w).into(), cells });
    }
    v.sections.push(g);

    let mut l = section(
        "Artillery trail and limbering",
        "Weight",
        &["Trail (open-broken-rough)", "Cost to Unlimber", "Cost to Limber"],
    );
    for w in t03::WEIGHTS {
        let trail: Vec<String> = [GunColumn::Open, GunColumn::Broken, GunColumn::Rough]
            .iter()
            .map(|&c| t03::limbered_trail(w, c).map_or("NA".into(), |cell| shipped_text(&cell, |r| r.to_string())))
            .collect();
        let label = t03::weight_label(w);
        let limber_cell = CellRef::new(t03::TABLE, label, "Cost to Limber");
        l.rows.push(Row {
            label: label.into(),
            cells: vec![
                printed(format!("{label}, trail"), trail.join("-")),
                printed(format!("{label}, cost to unlimber"), "No cost"),
                number(
                    format!("{label}, cost to limber (fraction of move)"),
                    t03::cost_to_limber(w),
                    limber_cell,
                    EntryKind::Number { na: true },
                    o,
                ),
            ],
        });
    }
    v.sections.push(l);

    // The cells the transcription lacks, one number each, as the movement rules ask for them.
    let mut e = section("From your Tables Card (each number on its own)", "Row and column", &["Value"]);
    for cell in movement::table_3_missing_cells() {
        if cell.column == "Cost to Limber" {
            continue; // entered above
        }
        let name = format!("{}, {}", cell.row, cell.column);
        let shown = number(name.clone(), Cell::Missing, cell.clone(), EntryKind::Number { na: true }, o);
        e.rows.push(Row { label: name, cells: vec![shown] });
    }
    v.sections.push(e);
    v.notes.push("NA = not applicable. A-B-C = trail in open-broken-rough. Dismounted cavalry moves as infantry (6.7.1); crews without guns as skirmishers, routed crews as routed infantry.".into());
    v.notes.push("An officer giving morale or fire benefits moves half the distance shown.".into());
}

fn table_4(v: &mut TableView) {
    let mut d = section("Disengage bonus (inches)", "Terrain", &["Infantry, cavalry", "Artillery"]);
    let mut c = section("Charge bonus and forced rout", "Terrain", &["Charge bonus dice", "Rout dice"]);
    for p in Path::ALL {
        let inf = t04::disengage_bonus(p, false);
        let art = t04::disengage_bonus(p, true);
        d.rows.push(Row {
            label: p.label().into(),
            cells: vec![
                fixed_cell(format!("{}, infantry and cavalry", p.label()), &inf, |r| r.to_string()),
                fixed_cell(format!("{}, artillery", p.label()), &art, |r| r.to_string()),
            ],
        });
        let bonus = t04::charge_bonus_dice(p);
        let rout = t04::forced_rout_dice(p);
        c.rows.push(Row {
            label: p.label().into(),
            cells: vec![
                fixed_cell(format!("{}, charge bonus dice", p.label()), &bonus, |n| n.to_string()),
                fixed_cell(format!("{}, rout dice", p.label()), &rout, |n| n.to_string()),
            ],
        });
    }
    v.sections.push(d);
    v.sections.push(c);
    let mut m = section("Costs (inches, or part of the move)", "Manoeuvre", &["Cost"]);
    let rows: [(&str, Cell<Ratio>); 5] = [
        ("Front-to-flank", t04::FRONT_TO_FLANK_COST),
        ("Wheel under 45 degrees", t04::WHEEL_UNDER_45_COST),
        ("Wheel 45 degrees or more", t04::WHEEL_45_OR_MORE_COST),
        ("About face (part of move)", t04::BACKWARDS_FACING_FRONT),
        ("Charge: temporary stop from charged unit", t04::CHARGE_TEMPORARY_STOP),
    ];
    for (label, cell) in rows {
        m.rows.push(Row { label: label.into(), cells: vec![fixed_cell(label.to_string(), &cell, |r| r.to_string())] });
    }
    v.sections.push(m);
    v.notes.push("Mount or dismount: deduct the unit's BMP in inches (6.7.2).".into());
}

fn bmp(v: &mut TableView, t: &BmpTable) {
    let cols: Vec<&str> = Quality::ALL.iter().map(|q| q.label()).collect();
    let mut s = section("Infantry, Cavalry", "Arm", &cols);
    s.rows.push(Row {
        label: t05::INFANTRY_CAVALRY_ROW.into(),
        cells: Quality::ALL
            .iter()
            .zip(t.infantry_cavalry)
            .map(|(q, n)| printed(format!("{}, {}", t05::INFANTRY_CAVALRY_ROW, q.label()), n.to_string()))
            .collect(),
    });
    v.sections.push(s);
    let mut a = section("Artillery (three values as printed)", "Situation", &["1st", "2nd", "3rd"]);
    for (label, values) in t.artillery {
        a.rows.push(Row {
            label: label.into(),
            cells: values
                .iter()
                .enumerate()
                .map(|(i, n)| printed(format!("{label}, value {}", i + 1), n.to_string()))
                .collect(),
        });
    }
    v.sections.push(a);
    v.notes.push("The artillery rows print three values for four quality columns; which column each belongs to is a ruling (RULINGS.md, Morale).".into());
}

fn table_6(v: &mut TableView) {
    let mut s = section("As printed", "Condition of unit", &["Rules", "Modifier"]);
    for (label, rules, value) in t06::PRINTED_ROWS {
        s.rows.push(Row {
            label: label.into(),
            cells: vec![printed(format!("{label}, rules"), rules), printed(format!("{label}, modifier"), value)],
        });
    }
    v.sections.push(s);
    let mut r = section("Stated by the rules", "Condition", &["Modifier"]);
    let rows: [(&str, Cell<i32>); 12] = [
        ("Fired on full flank", t06::FIRED_ON_FULL_FLANK),
        ("Fired on partial flank", t06::FIRED_ON_PARTIAL_FLANK),
        ("Fired on rear", t06::FIRED_ON_REAR),
        ("Charge elan", t06::CHARGE_ELAN),
        ("Charge elan, empty guns", t06::CHARGE_ELAN_EMPTY_GUNS),
        ("Saw a spectacular death", t06::SPECTACULAR_DEATH),
        ("Detached skirmishers", t06::DETACHED_SKIRMISHERS),
        ("Merged unit, per stand attached", t06::MERGED_PER_STAND_ATTACHED),
        ("Brigade column, per 20% lost", t06::BRIGADE_COLUMN_PER_20_PERCENT_LOST),
        ("Mounted infantry charging", t06::MOUNTED_INFANTRY_CHARGING),
        ("Unreasonable order (optional)", t06::UNREASONABLE_ORDER),
        ("Canister hit (optional)", t06::CANISTER_HIT),
    ];
    for (label, cell) in rows {
        r.rows.push(Row { label: label.into(), cells: vec![fixed_cell(label.to_string(), &cell, |n| signed(*n))] });
    }
    v.sections.push(r);
    v.notes.push("A plus worsens morale (the roll must beat a higher MMP); a minus improves it.".into());
}

fn table_7(v: &mut TableView) {
    for (heading, rows) in [
        ("Morale Checks (2.3)", &t07::MORALE_CHECKS[..]),
        ("Rallies (2.4)", &t07::RALLIES[..]),
        ("Routed Units", &t07::ROUTED_UNITS[..]),
    ] {
        let mut s = section(heading, "Result", &["Effect"]);
        s.prose = true;
        for (result, effect) in rows {
            s.rows.push(prose_row(*result, printed(result.to_string(), *effect)));
        }
        v.sections.push(s);
    }
}

fn table_8(v: &mut TableView, o: &Overrides) {
    let cols: Vec<&str> = RangeBand::ALL.iter().map(|b| b.label()).collect();
    let mut s = section("Ranges (inches, up to)", "Weapon", &cols);
    let mut m = section("Fire multiplier", "Weapon", &cols);
    for w in SmallArm::ALL {
        s.rows.push(Row {
            label: w.label().into(),
            cells: RangeBand::ALL
                .iter()
                .map(|&b| {
                    number(
                        format!("{}, {}", w.label(), b.label()),
                        t08::max_range(w, b),
                        t08::range_cell(w, b),
                        EntryKind::Number { na: true },
                        o,
                    )
                })
                .collect(),
        });
        m.rows.push(Row {
            label: w.label().into(),
            cells: RangeBand::ALL
                .iter()
                .map(|&b| {
                    let mut c = number(
                        format!("{}, {} multiplier", w.label(), b.label()),
                        t08::multiplier(w, b),
                        t08::multiplier_cell(w, b),
                        EntryKind::Number { na: true },
                        o,
                    );
                    if c.text != "?" && c.text != "NA" {
                        c.text = format!("x{}", c.text);
                    }
                    c
                })
                .collect(),
        });
    }
    v.sections.push(s);
    v.sections.push(m);
    v.notes.push("Close x2, Normal no change, Long x1/2, Extreme x1/4; smoothbore muskets x3 at close.".into());
}

fn table_9(v: &mut TableView, o: &Overrides) {
    let mut s = section("Condition of firing unit", "Condition", &["Modifier"]);
    for r in Table9Row::ALL {
        s.rows.push(Row { label: r.label().into(), cells: vec![modifier(r.label().into(), r.shipped(), r.cell(), o)] });
    }
    v.sections.push(s);
    v.notes.push("Multipliers first, then row shifts on Table 10 (4.2.2). Table 9 prints the opening volley as x2; rule 4.2.2 says up 2 rows (see RULINGS.md).".into());
}

fn table_10(v: &mut TableView, o: &Overrides) {
    let whole = |min, max, na| EntryKind::Whole { min, max, na };
    let count = match o.get(&t10::row_count_cell()) {
        Some(Entered::Value(r)) if r.denom() == 1 => r.numer().clamp(5, 40) as usize,
        _ => 5,
    };
    let mut list = section("Row list, from the top of the card", "Position", &["Strength"]);
    list.rows.push(Row {
        label: "Number of rows".into(),
        cells: vec![number(
            "Number of rows".into(),
            Cell::Missing,
            t10::row_count_cell(),
            whole(t10::FEWEST_ROWS, t10::MOST_ROWS, false),
            o,
        )],
    });
    for position in 1..=count {
        let shown = if position == 1 {
            printed("Row 1", "100+")
        } else {
            number(
                format!("Row {position}"),
                t10::shipped_row_position(position),
                t10::row_position_cell(position),
                whole(t10::LOWEST_ROW, t10::HIGHEST_ROW_BELOW_TOP, false),
                o,
            )
        };
        list.rows.push(Row { label: format!("Row {position}"), cells: vec![shown] });
    }
    // Rows: those the text names and those entered, highest first.
    let mut rows: Vec<Ratio> = t10::ROWS_NAMED_BY_TEXT.to_vec();
    for position in 2..=count {
        if let Some(Entered::Value(r)) = o.get(&t10::row_position_cell(position))
            && !rows.contains(&r)
        {
            rows.push(r);
        }
    }
    rows.sort_by(|a, b| b.cmp(a));
    let columns: Vec<String> = (2u8..=12).map(|r| r.to_string()).collect();
    let column_refs: Vec<&str> = columns.iter().map(|c| c.as_str()).collect();
    let mut kills = section("Kills by strength row (down) and two-dice roll (across)", "Strength", &column_refs);
    for row in rows {
        let label = t10::row_label(row);
        kills.rows.push(Row {
            label: label.clone(),
            cells: (2u8..=12)
                .map(|roll| {
                    let mut c = number(
                        format!("Row {label}, roll {roll}"),
                        t10::shipped(row, roll),
                        t10::kills_cell(row, roll),
                        whole(0, 99, true),
                        o,
                    );
                    if c.text == "NA" {
                        c.text = "–".into();
                    }
                    c
                })
                .collect(),
        });
    }
    v.sections.push(kills);
    v.sections.push(list);
    if let Err(johnny_reb::rules::RuleError::OutOfRange { detail, .. }) = johnny_reb::rules::fire::table10_rows(o) {
        v.warnings.push(format!("The row list is not usable yet: {detail}."));
    }
    v.notes.push("A dash (entered as NA or -) means no kills. Roll 2: out of ammunition, one die for the rest of the game, a 1 scores nothing. Roll 12: unexpected devastation.".into());
    v.notes.push("Rows 100+ and 80 are printed; row 30 roll 9 = 7 kills is rule 4.2.4; rows 6 and 4 are neighbours (4.2.2). Row 100+ reads 12 at rolls 9 and 10 as printed (GAPS.md doubts it): tap a cell to enter your card's value over it.".into());
}

fn table_11(v: &mut TableView, o: &Overrides) {
    let mut s = section("Condition of target", "Condition", &["Multiplier"]);
    for r in Table11Row::ALL {
        let mut c = number(r.label().into(), r.shipped(), r.cell(), EntryKind::Number { na: true }, o);
        if c.text != "?" && c.text != "NA" {
            c.text = format!("x{}", c.text);
        }
        s.rows.push(Row { label: r.label().into(), cells: vec![c] });
    }
    v.sections.push(s);
    v.notes.push("Attack column never suffers flank multipliers; disengaging or routed units never suffer disorder or flank multipliers. x1 1/2 means 50% more kills.".into());
}

fn save(name: &str, shipped: Cell<u8>, entry: CellRef, o: &Overrides) -> Shown {
    number(name.into(), count(shipped), entry, EntryKind::Whole { min: 0, max: 6, na: true }, o)
}

fn table_12(v: &mut TableView, o: &Overrides) {
    let col = ["Saves on 1 to"];
    let mut f = section("Formation", "Condition of target", &col);
    for r in FormationSave::ALL {
        let mut c = save(r.label(), r.save(), CellRef::new(t12::TABLE, r.label(), "save number"), o);
        if let (Some(b), Provenance::Printed) = (r.breechloader_save(), &c.provenance) {
            c.text = format!("{} ({b})", c.text);
        }
        f.rows.push(Row { label: r.label().into(), cells: vec![c] });
    }
    v.sections.push(f);
    let mut l = section("Lineal cover", "Cover", &col);
    for r in LinealCover::ALL {
        l.rows.push(Row { label: r.label().into(), cells: vec![save(r.label(), r.save(), r.cell(), o)] });
    }
    v.sections.push(l);
    let mut a = section("Area cover", "Cover", &col);
    for r in AreaCover::ALL {
        a.rows.push(Row { label: r.label().into(), cells: vec![save(r.label(), r.save(), r.cell(), o)] });
    }
    v.sections.push(a);
    let mut z = section("Fortifications (within 1\")", "Works", &col);
    for r in Fortification::ALL {
        z.rows.push(Row { label: r.label().into(), cells: vec![save(r.label(), r.save(), r.cell(), o)] });
    }
    for stone in [false, true] {
        let cell = t12::building_cell(stone);
        z.rows.push(Row { label: cell.row.clone(), cells: vec![save(&cell.row.clone(), Cell::Missing, cell, o)] });
    }
    for (label, works) in
        [("Wrong side of light works", WorksKind::Light), ("Wrong side of medium/heavy works", WorksKind::Medium)]
    {
        let c = t12::wrong_side_save(works);
        z.rows.push(Row { label: label.into(), cells: vec![fixed_cell(label.to_string(), &c, |n| n.to_string())] });
    }
    v.sections.push(z);
    v.notes.push("(#): only if the target has breechloaders. * only these save from artillery shot. Close range and double canister reduce cover saves by 1; several conditions: use the best and add 1; sharpshooter fire reduces the final save by 1.".into());
}

/// The guns a gun table lists: its printed rows, then (Table 13) the gun types the rules name
/// without values (the roster's known types: 6.6.1's 10-pound Parrott, 0.1.1.c's three-inch
/// rifle), then every other gun the players entered values for, in the order entered.
pub fn gun_names(table: &str, printed: &[GunRow], o: &Overrides) -> Vec<String> {
    let mut names: Vec<String> = printed.iter().map(|g| g.name.to_string()).collect();
    if table == t13::TABLE {
        for g in johnny_reb::state::roster::GunType::known() {
            if !names.contains(&g.name) {
                names.push(g.name);
            }
        }
    }
    for (cell, _) in o.iter() {
        if cell.table == table && gun_entry(cell).is_some() && !names.contains(&cell.row) {
            names.push(cell.row.clone());
        }
    }
    names
}

/// How a gun table's cell (`Table 13, <gun>, Shot 24"`) is entered, for any gun, listed or not:
/// the base strengths are numbers, NA for beyond reach. `None` for other cells.
///
/// ```
/// use johnny_reb::rules::CellRef;
/// use companion::systems::johnny_reb::tables::model::{gun_entry, EntryKind};
/// let c = CellRef::new("Table 13", "20# Parrott", "Shot 24\"");
/// assert_eq!(gun_entry(&c), Some(EntryKind::Number { na: true }));
/// assert_eq!(gun_entry(&CellRef::new("Table 10", "row 4", "roll 7")), None);
/// ```
pub fn gun_entry(cell: &CellRef) -> Option<EntryKind> {
    let range = match cell.table.as_str() {
        t if t == t13::TABLE => t13::CANISTER_RANGE,
        t if t == app_b::TABLE => app_b::CANISTER_RANGE,
        _ => return None,
    };
    let columns = gun_columns(range);
    columns.contains(&cell.column).then_some(EntryKind::Number { na: true })
}

/// The strength columns of a gun table: canister, double canister, the shot ranges.
fn gun_columns(canister_range: Ratio) -> Vec<String> {
    let mut columns = vec![format!("Canister 0-{canister_range}\""), format!("Double Canister 0-{canister_range}\"")];
    columns.extend((0..t13::SHOT_COLUMNS.len()).map(t13::shot_column_label));
    columns
}

fn guns(v: &mut TableView, table: &str, rows: &[GunRow], canister_range: Ratio, o: &Overrides) {
    let labels = gun_columns(canister_range);
    let mut columns: Vec<&str> = labels.iter().map(|s| s.as_str()).collect();
    columns.push("Weight");
    let mut s = section("Base fire strength by range", "Gun", &columns);
    let kind = EntryKind::Number { na: true };
    let known = johnny_reb::state::roster::GunType::known();
    for name in gun_names(table, rows, o) {
        let printed = rows.iter().find(|g| g.name == name);
        let mut cells = Vec::new();
        for (i, label) in labels.iter().enumerate() {
            let shipped = match (printed, i) {
                (Some(g), 0) => g.canister,
                (Some(g), 1) => g.double_canister,
                (Some(g), i) => g.shot.get(i - 2).copied().unwrap_or(Cell::Missing),
                (None, _) => Cell::Missing,
            };
            cells.push(number_opt(
                format!("{name}, {label}"),
                shipped,
                CellRef::new(table, name.clone(), label.clone()),
                kind,
                o,
            ));
        }
        let weight = match (printed, known.iter().find(|g| g.name == name).and_then(|g| g.weight)) {
            (Some(g), _) => g.weight,
            // 6.6.1's example: "The 10-pound Parrott light gun section".
            (None, Some(w)) => Cell::RuleText { value: w, rule: "6.6.1" },
            (None, None) => Cell::Missing,
        };
        cells.push(fixed_cell(format!("{name}, weight"), &weight, |w| t03::weight_label(*w).to_string()));
        s.rows.push(Row { label: name.clone(), cells });
    }
    v.sections.push(s);
    v.notes.push("NA: beyond the gun's reach for that ammunition. A gun not listed here is asked for by name when a resolver first fires it, and listed from then on.".into());
    if s_has_missing_weight(v) {
        v.notes.push("A missing weight is chosen on the unit's roster entry.".into());
    }
}

fn s_has_missing_weight(v: &TableView) -> bool {
    v.sections
        .iter()
        .flat_map(|s| s.rows.iter())
        .filter_map(|r| r.cells.last())
        .any(|c| c.name.ends_with(", weight") && c.is_missing())
}

fn table_14(v: &mut TableView, o: &Overrides) {
    let mut s = section("Condition of section, and firing shot at fortifications", "Condition", &["Modifier"]);
    for r in Table14Row::ALL {
        s.rows.push(Row { label: r.label().into(), cells: vec![modifier(r.label().into(), r.shipped(), r.cell(), o)] });
    }
    v.sections.push(s);
    v.notes.push("Marked D or routed: the section cannot fire (NA).".into());
}

fn table_15(v: &mut TableView) {
    let mut s = section("Steps", "Step", &["What to do"]);
    s.prose = true;
    for (i, step) in t15::STEPS.iter().enumerate() {
        s.rows.push(prose_row((i + 1).to_string(), printed(format!("Step {}", i + 1), *step)));
    }
    v.sections.push(s);
}

fn table_16(v: &mut TableView) {
    let mut s = section("Steps of a charge", "Step", &["What to do"]);
    s.prose = true;
    for step in t16::STEPS {
        let label = match step.letter {
            Some(l) => format!("{}{l}", step.number),
            None => step.number.to_string(),
        };
        s.rows.push(prose_row(label, printed(step.citation(), step.text)));
    }
    v.sections.push(s);
}

fn table_19(v: &mut TableView, o: &Overrides) {
    let versus = [t19::Versus::Foot, t19::Versus::Mounted];
    let cols: Vec<&str> = versus.iter().map(|x| x.label()).collect();
    for (heading, rows) in
        [("Infantry or dismounted cavalry", &t19::FOOT_ROWS[..]), ("Mounted cavalry", &t19::MOUNTED_ROWS[..])]
    {
        let mut s = section(heading, "Formation", &cols);
        for r in rows {
            let cells = versus
                .iter()
                .map(|&x| {
                    let mut c = number(
                        format!("{}, {}", r.label, x.label()),
                        r.cell(x),
                        CellRef::new(t19::TABLE, r.label, x.label()),
                        EntryKind::Number { na: true },
                        o,
                    );
                    if c.text != "?" && c.text != "NA" {
                        c.text = format!("x{}", c.text);
                    }
                    c
                })
                .collect();
            s.rows.push(Row { label: r.label.into(), cells });
        }
        v.sections.push(s);
    }
    let mut q = section("All units", "Formation or unit", &["Modifier"]);
    for (label, shift) in t19::QUALITY_SHIFTS {
        let text = match shift {
            0 => "x1".to_string(),
            n if n > 0 => format!("up {n}"),
            n => format!("down {}", n.unsigned_abs()),
        };
        q.rows.push(Row { label: label.into(), cells: vec![printed(label, text)] });
    }
    q.rows.push(Row {
        label: "Shaken Morale".into(),
        cells: vec![fixed_cell("Shaken Morale".into(), &t19::SHAKEN, |r| format!("x{r}"))],
    });
    let officer: Vec<String> = t19::OFFICER_SHIFTS.iter().map(|n| n.to_string()).collect();
    q.rows.push(Row {
        label: "Officer Present".into(),
        cells: vec![printed("Officer Present", format!("up {}", officer.join(", ")))],
    });
    v.sections.push(q);
    v.notes.push(
        "Melee strength: figures in contact times the formation multiplier, then row shifts on Table 10 (5.8.2)."
            .into(),
    );
}

/// A signed modifier cell of Table 18 the players may enter (note: entries are never
/// negative, so a value below zero goes under its "below zero" cell, as the morale engine
/// reads it).
fn signed_entry(name: String, shipped: Cell<Option<i32>>, entry: CellRef, o: &Overrides) -> Shown {
    let (text, provenance) = match crate::systems::johnny_reb::tables::entry::signed_entered(o, &entry) {
        Some(text) => (text, Provenance::Entered),
        None => (shipped_text(&shipped, |v| v.map_or("NA".into(), signed)), Provenance::of(&shipped)),
    };
    Shown { text, provenance, name, entry: Some((entry, EntryKind::Signed)) }
}

fn table_18(v: &mut TableView, o: &Overrides) {
    let columns = [t18::ATTACKER_COLUMN, t18::DEFENDER_COLUMN, t18::IMPACT_COLUMN];
    let mut f = section("Formation modifiers", "Formation", &columns);
    let row = |label: &str, cells: [Cell<Option<i32>>; 3]| Row {
        label: label.into(),
        cells: columns
            .iter()
            .zip(cells)
            .map(|(column, cell)| {
                signed_entry(format!("{label}, {column}"), cell, CellRef::new(t18::TABLE, label, *column), o)
            })
            .collect(),
    };
    for r in t18::FORMATION_ROWS {
        f.rows.push(row(r.label, [r.attacker, r.defender, r.impact]));
    }
    v.sections.push(f);
    // Rows Table 18 does not print, which the charge rules ask for (RULINGS.md, "Charges and
    // melee"): artillery sections charged, and mounted cavalry's own formation rows.
    let mut a = section("Artillery (not in the transcription)", "Formation", &columns);
    for formation in [Formation::Unlimbered, Formation::Limbered] {
        a.rows.push(row(&format!("Artillery {}", formation.label()), [Cell::Missing, Cell::Missing, Cell::Missing]));
    }
    v.sections.push(a);
    let mut m = section("Mounted cavalry (not in the transcription)", "Formation", &columns);
    for formation in [
        Formation::Line,
        Formation::MarchColumn,
        Formation::Skirmish,
        Formation::Disorder,
        Formation::AttackColumn,
        Formation::ExtendedLine,
        Formation::BrigadeColumn,
    ] {
        m.rows.push(row(
            &format!("Mounted Cavalry {}", formation.label()),
            [Cell::Missing, Cell::Missing, Cell::Missing],
        ));
    }
    v.sections.push(m);
    let mut c = section("Conditions", "Condition", &[t18::FEAR_COLUMN, t18::CONDITION_IMPACT_COLUMN]);
    for r in [
        t18::CHARGING,
        t18::CHARGING_EMPTY_GUNS,
        t18::NO_BAYONETS,
        t18::CHARGED_ON_FLANK,
        t18::CHARGED_ON_PARTIAL_FLANK,
        t18::CHARGED_ON_REAR,
        t18::PER_STAND_LOST,
        t18::SHAKEN,
        t18::IN_BEHIND_COVER,
    ] {
        c.rows.push(Row {
            label: r.label.into(),
            cells: vec![
                signed_entry(
                    format!("{}, {}", r.label, t18::FEAR_COLUMN),
                    r.fear,
                    CellRef::new(t18::TABLE, r.label, t18::FEAR_COLUMN),
                    o,
                ),
                signed_entry(
                    format!("{}, {}", r.label, t18::CONDITION_IMPACT_COLUMN),
                    r.impact,
                    CellRef::new(t18::TABLE, r.label, t18::CONDITION_IMPACT_COLUMN),
                    o,
                ),
            ],
        });
    }
    v.sections.push(c);
    let mut r = section("Stated by the rules", "Condition", &["Modifier"]);
    let mut rows: Vec<(String, Cell<i32>)> = vec![
        ("Charged while forming".into(), t18::CHARGED_WHILE_FORMING),
        ("Conditional hold, charged".into(), t18::CONDITIONAL_HOLD_CHARGED),
        ("Wave behind, in good order".into(), t18::WAVE_IN_GOOD_ORDER),
        ("Wave behind, in disorder".into(), t18::WAVE_IN_DISORDER),
    ];
    for (i, cell) in t18::TACTICAL_SURPRISE_BY_DIE.iter().enumerate() {
        rows.push((format!("Tactical surprise, die {}", i + 1), *cell));
    }
    for (label, cell) in rows {
        r.rows.push(Row { label: label.clone(), cells: vec![fixed_cell(label, &cell, |n| signed(*n))] });
    }
    v.sections.push(r);
    v.notes.push("The defender adds the defending and the attacking formation's modifiers (note 1). Mounted cavalry charging foot or artillery doubles the defender's modifiers (note 2).".into());
    v.notes.push(
        "Missing values are asked for by the charge resolver when a charge needs them, or entered here from your card."
            .into(),
    );
}

fn table_20(v: &mut TableView) {
    let mut d = section("Chance of a hit", "Distance*", &["Dice", "Hit on"]);
    for row in t20::ROWS {
        let label = row.value().map_or("?", |r| r.label);
        d.rows.push(Row {
            label: label.into(),
            cells: vec![
                fixed_cell(format!("{label}, dice"), &row, |r| r.dice.to_string()),
                fixed_cell(format!("{label}, hit on"), &row, |r| {
                    r.hit_on.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ")
                }),
            ],
        });
    }
    v.sections.push(d);
    let mut e = section("Effect of each hit (one die)", "Roll", &["Result", "Effect"]);
    for cell in t20::EFFECTS {
        let roll = cell
            .value()
            .map_or("?".into(), |(faces, _)| faces.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", "));
        e.rows.push(Row {
            label: roll.clone(),
            cells: vec![
                fixed_cell(format!("Roll {roll}, result"), &cell, |(_, eff)| eff.label().to_string()),
                fixed_cell(format!("Roll {roll}, effect"), &cell, |(_, eff)| eff.effect_text().to_string()),
            ],
        });
    }
    v.sections.push(e);
    v.notes.push("* The closest distance the officer, or the unit he assisted, came to a non-routed, non-disengaging enemy unit during the turn.".into());
}

fn appendix_a(v: &mut TableView) {
    let mut s = section("Listed weapons", "Weapon", &["Range row (Table 8)", "Notes"]);
    for w in app_a::LISTED {
        s.rows.push(Row {
            label: w.name.into(),
            cells: vec![
                printed(format!("{}, range row", w.name), w.firearm.range_row.label()),
                printed(format!("{}, notes", w.name), if w.notes.is_empty() { "–" } else { w.notes }),
            ],
        });
    }
    v.sections.push(s);
    v.notes.push(
        "The transcription lists only these four smoothbores; choose any other weapon's Table 8 row on the roster."
            .into(),
    );
}

fn appendix_c(v: &mut TableView) {
    let mut s =
        section("Mortars", "Mortar", &["Range (inches)", "Direct hit on", "Indirect hit on", "Shell value", "Fires"]);
    for m in app_c::MORTARS {
        s.rows.push(Row {
            label: m.name.into(),
            cells: vec![
                printed(format!("{}, range", m.name), format!("{}-{}", m.min_range, m.max_range)),
                printed(format!("{}, direct hit", m.name), m.direct_hit.to_string()),
                printed(format!("{}, indirect hit", m.name), m.indirect_hit.to_string()),
                printed(format!("{}, shell value", m.name), m.shell_value.to_string()),
                printed(
                    format!("{}, fires", m.name),
                    if m.every_other_turn { "every other turn" } else { "every turn" },
                ),
            ],
        });
    }
    v.sections.push(s);
    v.notes.push(format!(
        "Consecutive fire at the same target adds {} (siege mortars); area fire hits on {}, blind fire on {}.",
        app_c::CONSECUTIVE_BONUS,
        app_c::AREA_FIRE_HIT,
        app_c::BLIND_FIRE_HIT
    ));
}

fn appendix_d(v: &mut TableView) {
    let mut s = section("Machine guns", "Gun", &["Strength by range (up to inches)", "Doubles multiplier"]);
    for g in app_d::MACHINE_GUNS {
        let fire: Vec<String> = g.fire.iter().map(|(r, n)| format!("{n} to {r}\"")).collect();
        s.rows.push(Row {
            label: g.name.into(),
            cells: vec![
                printed(format!("{}, strength", g.name), fire.join(", ")),
                printed(format!("{}, doubles", g.name), format!("x{}", g.doubles_multiplier)),
            ],
        });
    }
    v.sections.push(s);
    let mut h = section("Hand grenades", "Grenade", &["Strength", "Multiplier"]);
    for (name, a, b) in app_d::GRENADES {
        h.rows.push(Row {
            label: name.into(),
            cells: vec![
                printed(format!("{name}, strength"), a.to_string()),
                printed(format!("{name}, multiplier"), format!("x{b}")),
            ],
        });
    }
    v.sections.push(h);
    v.notes.push(format!(
        "Williams gun: cover saves reduced by {}. A torpedo explodes on a roll of {} or less.",
        app_d::WILLIAMS_COVER_SAVE_REDUCTION,
        app_d::TORPEDO_EXPLODES_AT_MOST
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_13_lists_the_guns_the_rules_name_and_every_gun_entered() {
        let mut o = Overrides::new();
        let v = table_view("13", &o).unwrap();
        let names: Vec<&str> = v.sections[0].rows.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(names, ["12# Napoleon", "6# Gun", "10# Parrott", "3\" Rifle"]);
        // The Parrott's weight from 6.6.1's example ("the 10-pound Parrott light gun section").
        let parrott = &v.sections[0].rows[2];
        assert_eq!(parrott.cells.last().map(|c| c.provenance.clone()), Some(Provenance::RuleText("6.6.1".into())));
        // Every strength of the guns not printed is missing and enterable: 7 each.
        assert_eq!(v.missing_count(), 14);
        let cell = CellRef::new("Table 13", "3\" Rifle", "Shot 24\"");
        assert_eq!(v.find(&cell).and_then(|c| c.entry.clone()), Some((cell.clone(), EntryKind::Number { na: true })));
        // A gun the resolver asked for by name is listed from then on.
        o.set(CellRef::new("Table 13", "20# Parrott", "Canister 0-4\""), Entered::Value(Ratio::whole(8)));
        let v = table_view("13", &o).unwrap();
        let row = v.sections[0].rows.iter().find(|r| r.label == "20# Parrott").unwrap();
        assert_eq!(row.cells[0].text, "8");
        assert_eq!(row.cells[0].provenance, Provenance::Entered);
        assert_eq!(v.missing_count(), 14 + 6);
        // Any gun's strength cell is enterable; other cells are not gun cells.
        assert_eq!(
            gun_entry(&CellRef::new("Table 13", "24# Howitzer", "Double Canister 0-4\"")),
            Some(EntryKind::Number { na: true })
        );
        assert_eq!(
            gun_entry(&CellRef::new("Appendix B", "32# Gun", "Canister 0-6\"")),
            Some(EntryKind::Number { na: true })
        );
        assert_eq!(gun_entry(&CellRef::new("Table 13", "24# Howitzer", "Weight")), None);
    }

    #[test]
    fn every_listed_table_has_a_view() {
        for t in &TABLES {
            let v = table_view(t.id, &Overrides::new()).unwrap();
            assert_eq!(v.info.name, t.name);
            {
                assert!(!v.sections.is_empty(), "{}", t.name);
                for s in &v.sections {
                    for r in &s.rows {
                        assert_eq!(r.cells.len(), s.columns.len(), "{} {} {}", t.name, s.heading, r.label);
                    }
                }
            }
        }
        assert!(table_view("99", &Overrides::new()).is_none());
        assert!(is_known_table("Appendix B") && !is_known_table("Table 99"));
    }

    #[test]
    fn table_10_shows_printed_rule_text_and_missing_cells() {
        let v = table_view("10", &Overrides::new()).unwrap();
        let top = v.find(&t10::kills_cell(t10::TOP_ROW, 2)).unwrap();
        assert_eq!((top.text.as_str(), &top.provenance), ("5", &Provenance::Printed));
        let r30 = v.find(&t10::kills_cell(t10::ROW_30, 9)).unwrap();
        assert_eq!((r30.text.as_str(), &r30.provenance), ("7", &Provenance::RuleText("4.2.4".into())));
        let gap = v.find(&t10::kills_cell(t10::ROW_80, 9)).unwrap();
        assert!(gap.is_missing());
        assert_eq!(gap.name, "Row 80, roll 9");
        // Rows 100+, 80, 30, 6, 4 with 11 rolls each, plus the row list.
        assert_eq!(v.sections[0].rows.len(), 5);
        assert!(v.missing_count() > 30);
    }

    #[test]
    fn entries_show_as_entered_and_add_rows() {
        let mut o = Overrides::new();
        o.set(t10::kills_cell(t10::ROW_80, 9), Entered::Value(Ratio::whole(11)));
        o.set(t10::row_count_cell(), Entered::Value(Ratio::whole(6)));
        o.set(t10::row_position_cell(3), Entered::Value(Ratio::whole(60)));
        o.set(t10::kills_cell(t10::ROW_4, 2), Entered::NotApplicable);
        let v = table_view("10", &o).unwrap();
        let c = v.find(&t10::kills_cell(t10::ROW_80, 9)).unwrap();
        assert_eq!((c.text.as_str(), &c.provenance), ("11", &Provenance::Entered));
        assert_eq!(v.find(&t10::kills_cell(t10::ROW_4, 2)).unwrap().text, "–");
        let labels: Vec<&str> = v.sections[0].rows.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(labels, ["100+", "80", "60", "30", "6", "4"]);
        // Six rows in the list: number of rows, then rows 1 to 6.
        assert_eq!(v.sections[1].rows.len(), 7);
        assert!(v.warnings.is_empty() || v.warnings[0].contains("row list"));
    }

    #[test]
    fn next_goes_to_the_following_missing_cell() {
        let v = table_view("10", &Overrides::new()).unwrap();
        let first = t10::row_count_cell();
        assert_eq!(v.next_missing(&first), Some(t10::row_position_cell(2)));
        // After row 80 roll 8 (printed), the next gap is row 80 roll 9.
        assert_eq!(v.next_missing(&t10::kills_cell(t10::ROW_80, 8)), Some(t10::kills_cell(t10::ROW_80, 9)));
        let mut o = Overrides::new();
        o.set(t10::kills_cell(t10::ROW_80, 9), Entered::Value(Ratio::whole(11)));
        let v = table_view("10", &o).unwrap();
        assert_eq!(v.next_missing(&t10::kills_cell(t10::ROW_80, 8)), Some(t10::kills_cell(t10::ROW_80, 10)));
    }

    #[test]
    fn modifier_cells_read_entries_from_any_of_their_columns() {
        let mut o = Overrides::new();
        let cell = Table9Row::FirstFire.cell();
        let v = table_view("9", &o).unwrap();
        assert!(v.find(&cell).unwrap().is_missing());
        o.set(CellRef::new("Table 9", "First Fire", "rows up"), Entered::Value(Ratio::ONE));
        let v = table_view("9", &o).unwrap();
        let c = v.find(&cell).unwrap();
        assert_eq!((c.text.as_str(), &c.provenance), ("up 1", &Provenance::Entered));
    }

    #[test]
    fn table_19_asks_for_the_cells_the_melee_rules_read() {
        let v = table_view("19", &Overrides::new()).unwrap();
        let c = v.find(&CellRef::new("Table 19", "Mounted Cavalry Line", "Vs. Mounted")).unwrap();
        assert!(c.is_missing());
        let line = v.find(&CellRef::new("Table 19", "Line", "Vs. Foot")).unwrap();
        assert_eq!((line.text.as_str(), &line.provenance), ("x3", &Provenance::Printed));
        assert_eq!(table_view("16", &Overrides::new()).unwrap().sections[0].rows.len(), 18);
    }

    #[test]
    fn table_18_missing_cells_can_be_entered_and_the_charge_rules_read_them() {
        use crate::systems::johnny_reb::tables::entry::{apply, parse_entry};
        use johnny_reb::rules::morale::{ChargeSituation, Charger, MoraleRulings, MoraleUnit, fear_of_charge_mmp};
        use johnny_reb::rules::unit::{Arm, MoraleLevel};
        let v = table_view("18", &Overrides::new()).unwrap();
        // GAPS.md: attack column, brigade column and extended line lack their defender values.
        for row in ["Attack Column", "Brigade Column", "Extended Line"] {
            let c = v.find(&CellRef::new("Table 18", row, "Defender's formation")).unwrap();
            assert!(c.is_missing(), "{row}");
            assert_eq!(c.entry.as_ref().map(|e| e.1), Some(EntryKind::Signed));
        }
        assert!(v.find(&CellRef::new("Table 18", "Extended Line", "Impact (both)")).unwrap().is_missing());
        // Rows the rules ask for that the table does not print.
        assert!(
            v.find(&CellRef::new("Table 18", "Artillery Unlimbered", "Defender's formation")).unwrap().is_missing()
        );
        assert!(
            v.find(&CellRef::new("Table 18", "Mounted Cavalry Line", "Attacker's formation")).unwrap().is_missing()
        );
        // Printed values stay as printed; rule-text ones carry their rule.
        let skirmish = v.find(&CellRef::new("Table 18", "Skirmish", "Defender's formation")).unwrap();
        assert_eq!((skirmish.text.as_str(), &skirmish.provenance), ("+6", &Provenance::Printed));
        let attack = v.find(&CellRef::new("Table 18", "Attack Column", "Impact (both)")).unwrap();
        assert_eq!((attack.text.as_str(), &attack.provenance), ("-2", &Provenance::RuleText("6.8.1".into())));
        // Entered below zero, shown as typed and read by the fear-of-charge check (5.5.2).
        let cell = CellRef::new("Table 18", "Attack Column", "Defender's formation");
        let mut o = Overrides::new();
        apply(&mut o, parse_entry(&cell, EntryKind::Signed, "-1").unwrap());
        let shown = table_view("18", &o).unwrap().find(&cell).cloned().unwrap();
        assert_eq!((shown.text.as_str(), &shown.provenance), ("-1", &Provenance::Entered));
        let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
        let s = ChargeSituation { formation: Formation::AttackColumn, ..Default::default() };
        let line = Charger { arm: Arm::Infantry, formation: Formation::Line };
        let m = fear_of_charge_mmp(&unit, &s, MoraleLevel::Good, &line, &o, &MoraleRulings::default()).unwrap();
        assert_eq!(m.value, 2);
        apply(&mut o, parse_entry(&cell, EntryKind::Signed, "+2").unwrap());
        let m = fear_of_charge_mmp(&unit, &s, MoraleLevel::Good, &line, &o, &MoraleRulings::default()).unwrap();
        assert_eq!(m.value, 5);
    }

    #[test]
    fn table_3_asks_for_each_missing_number() {
        let v = table_view("3", &Overrides::new()).unwrap();
        let want = CellRef::new("Table 3", "Infantry Attack Column", "Open");
        assert!(v.find(&want).unwrap().is_missing());
        assert!(v.find(&CellRef::new("Table 3", "Heavy", "Cost to Limber")).unwrap().is_missing());
    }
}
