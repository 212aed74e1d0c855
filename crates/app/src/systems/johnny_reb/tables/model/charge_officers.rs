//! Tables 16 to 20 and Appendices A, C and D as the Tables screen shows them: the charge
//! sequence, morale points and modifiers when charged, melee, officer casualties and the
//! weapons of the appendices.

use super::*;
use johnny_reb::rules::tables::{
    appendix_a_firearms as app_a, appendix_c_mortars as app_c, appendix_d_rare_weapons as app_d,
    t16_charge_sequence as t16, t18_charge_modifiers as t18, t19_melee_modifiers as t19, t20_officer_casualty as t20,
};
use johnny_reb::rules::unit::Formation;
use johnny_reb::rules::{Cell, CellRef, Overrides};

pub(super) fn table_16(v: &mut TableView) {
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

pub(super) fn table_19(v: &mut TableView, o: &Overrides) {
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
pub(super) fn signed_entry(name: String, shipped: Cell<Option<i32>>, entry: CellRef, o: &Overrides) -> Shown {
    let (text, provenance) = match crate::systems::johnny_reb::tables::entry::signed_entered(o, &entry) {
        Some(text) => (text, Provenance::Entered),
        None => (shipped_text(&shipped, |v| v.map_or("NA".into(), signed)), Provenance::of(&shipped)),
    };
    Shown { text, provenance, name, entry: Some((entry, EntryKind::Signed)) }
}

pub(super) fn table_18(v: &mut TableView, o: &Overrides) {
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

pub(super) fn table_20(v: &mut TableView) {
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

pub(super) fn appendix_a(v: &mut TableView) {
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

pub(super) fn appendix_c(v: &mut TableView) {
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

pub(super) fn appendix_d(v: &mut TableView) {
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
