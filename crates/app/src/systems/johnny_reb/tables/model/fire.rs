//! Tables 8 to 15 as the Tables screen shows them: small arms ranges and modifiers, combat
//! results, multipliers, saving rolls, the guns of Table 13 and Appendix B, artillery modifiers
//! and the firing procedure.

use super::*;
use johnny_reb::rules::tables::t03_movement_rates::{self as t03};
use johnny_reb::rules::tables::t08_small_arms_ranges::{self as t08, RangeBand, SmallArm};
use johnny_reb::rules::tables::t09_small_arms_modifiers::Table9Row;
use johnny_reb::rules::tables::t10_combat_results as t10;
use johnny_reb::rules::tables::t11_fire_multipliers::Table11Row;
use johnny_reb::rules::tables::t12_saving_rolls::{
    self as t12, AreaCover, FormationSave, Fortification, LinealCover, WorksKind,
};
use johnny_reb::rules::tables::t13_artillery::{self as t13, GunRow};
use johnny_reb::rules::tables::t14_artillery_modifiers::Table14Row;
use johnny_reb::rules::tables::{appendix_b_seacoast as app_b, t15_firing_procedure as t15};
use johnny_reb::rules::{Cell, CellRef, Entered, Overrides, Ratio};

pub(super) fn table_8(v: &mut TableView, o: &Overrides) {
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

pub(super) fn table_9(v: &mut TableView, o: &Overrides) {
    let mut s = section("Condition of firing unit", "Condition", &["Modifier"]);
    for r in Table9Row::ALL {
        s.rows.push(Row { label: r.label().into(), cells: vec![modifier(r.label().into(), r.shipped(), r.cell(), o)] });
    }
    v.sections.push(s);
    v.notes.push("Multipliers first, then row shifts on Table 10 (4.2.2). Table 9 prints the opening volley as x2; rule 4.2.2 says up 2 rows (see RULINGS.md).".into());
}

pub(super) fn table_10(v: &mut TableView, o: &Overrides) {
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

pub(super) fn table_11(v: &mut TableView, o: &Overrides) {
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

pub(super) fn save(name: &str, shipped: Cell<u8>, entry: CellRef, o: &Overrides) -> Shown {
    number(name.into(), count(shipped), entry, EntryKind::Whole { min: 0, max: 6, na: true }, o)
}

pub(super) fn table_12(v: &mut TableView, o: &Overrides) {
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
/// (Its cases: `tests::a_gun_cell_is_entered_as_a_number_or_na_and_other_cells_are_not_gun_cells`.)
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
pub(super) fn gun_columns(canister_range: Ratio) -> Vec<String> {
    let mut columns = vec![format!("Canister 0-{canister_range}\""), format!("Double Canister 0-{canister_range}\"")];
    columns.extend((0..t13::SHOT_COLUMNS.len()).map(t13::shot_column_label));
    columns
}

pub(super) fn guns(v: &mut TableView, table: &str, rows: &[GunRow], canister_range: Ratio, o: &Overrides) {
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

pub(super) fn s_has_missing_weight(v: &TableView) -> bool {
    v.sections
        .iter()
        .flat_map(|s| s.rows.iter())
        .filter_map(|r| r.cells.last())
        .any(|c| c.name.ends_with(", weight") && c.is_missing())
}

pub(super) fn table_14(v: &mut TableView, o: &Overrides) {
    let mut s = section("Condition of section, and firing shot at fortifications", "Condition", &["Modifier"]);
    for r in Table14Row::ALL {
        s.rows.push(Row { label: r.label().into(), cells: vec![modifier(r.label().into(), r.shipped(), r.cell(), o)] });
    }
    v.sections.push(s);
    v.notes.push("Marked D or routed: the section cannot fire (NA).".into());
}

pub(super) fn table_15(v: &mut TableView) {
    let mut s = section("Steps", "Step", &["What to do"]);
    s.prose = true;
    for (i, step) in t15::STEPS.iter().enumerate() {
        s.rows.push(prose_row((i + 1).to_string(), printed(format!("Step {}", i + 1), *step)));
    }
    v.sections.push(s);
}
