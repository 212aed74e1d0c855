//! The Tables screen's model: what each table shows, with the players' entries.

use super::*;
use johnny_reb::rules::tables::t09_small_arms_modifiers::Table9Row;
use johnny_reb::rules::tables::t10_combat_results as t10;
use johnny_reb::rules::unit::{Formation, Quality};

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
    assert!(v.find(&CellRef::new("Table 18", "Artillery Unlimbered", "Defender's formation")).unwrap().is_missing());
    assert!(v.find(&CellRef::new("Table 18", "Mounted Cavalry Line", "Attacker's formation")).unwrap().is_missing());
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

/// A gun table's cell takes a number or NA; a cell of another table is no gun cell.
#[test]
fn a_gun_cell_is_entered_as_a_number_or_na_and_other_cells_are_not_gun_cells() {
    let c = CellRef::new("Table 13", "20# Parrott", "Shot 24\"");
    assert_eq!(gun_entry(&c), Some(EntryKind::Number { na: true }));
    assert_eq!(gun_entry(&CellRef::new("Table 10", "row 4", "roll 7")), None);
}
