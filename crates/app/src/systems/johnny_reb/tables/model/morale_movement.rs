//! Tables 1 to 7 as the Tables screen shows them: the turn sequence, the morale checks, movement
//! (Table 3 with the players' entries, Table 4) and morale points and results (Tables 5-7).

use super::*;
use johnny_reb::rules::movement;
use johnny_reb::rules::tables::t03_movement_rates::{self as t03, GunColumn, MoveRow, Rate, RateColumn};
use johnny_reb::rules::tables::t04_movement_conditions::{self as t04, Path};
use johnny_reb::rules::tables::t05_bmp::{self as t05, BmpTable};
use johnny_reb::rules::tables::{
    t01_turn_sequence as t01, t02_morale_checks as t02, t06_bmp_modifiers as t06, t07_morale_results as t07,
};
use johnny_reb::rules::unit::Quality;
use johnny_reb::rules::{Cell, CellRef, Overrides, Ratio};

pub(super) fn table_1(v: &mut TableView) {
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

pub(super) fn table_2(v: &mut TableView) {
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

pub(super) fn rate_text(r: &Rate) -> String {
    match r {
        Rate::NotApplicable => "NA".into(),
        Rate::One(x) => x.to_string(),
        Rate::Two { without_disorder, with_disorder_roll } => format!("{without_disorder}/{with_disorder_roll}"),
    }
}

pub(super) fn table_3(v: &mut TableView, o: &Overrides) {
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

pub(super) fn table_4(v: &mut TableView) {
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

pub(super) fn bmp(v: &mut TableView, t: &BmpTable) {
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

pub(super) fn table_6(v: &mut TableView) {
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

pub(super) fn table_7(v: &mut TableView) {
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
