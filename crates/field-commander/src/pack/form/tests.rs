//! The pack's forms: what a player types, what the pack gets, and what is refused.

use super::*;
use crate::force::{Entry, ForceType, Loyalty, Skill};
use crate::outcome::Withdrawal;
use crate::pack::{BrtCell, CampaignPack, Echelon, HeldPlace, Order, PackEdit, Resupply, practice_pack};

fn stuart() -> CounterForm {
    let mut f = CounterForm::new(Loyalty::Confederate, Echelon::Named);
    f.name = "Stuart".into();
    f.kind = ForceType::Cavalry;
    f.campaign = "Antietam".into();
    f.skill = Some(Skill::Line);
    f.full = FaceForm { activation: "6".into(), no_activation: false, combat: "4".into(), superior: String::new() };
    f
}

#[test]
fn rule_5_7_the_stuart_counter_of_the_example_entered_in_a_few_taps() {
    // 5.7's example: Line, Confederate, Antietam, Cavalry, Stuart, Independent, 6 and 4.
    let d = stuart().design().unwrap();
    assert_eq!(d.key, "Stuart (Antietam)");
    assert_eq!(d.counter.corps, None, "no Corps identifier: an Independent Force (5.5)");
    assert_eq!(d.counter.full.activation, Entry::Entered(Some(6)));
    assert_eq!(d.counter.full.combat, Entry::Entered(4));
    assert_eq!(d.counter.full.superior, Entry::Entered(None), "no superscript printed");
    assert_eq!(d.counter.reduced_side(), Ok(None), "6.1: Cavalry has no reduced side");
    assert_eq!(d.copies.value(), Some(&1), "a Named counter is one counter");
    assert!(d.counter.missing().is_empty());
}

#[test]
fn rule_5_7_the_gibbon_counter_of_the_example_with_its_superscript_and_reduced_side() {
    // 5.7's second example: Veteran, Union, Gettysburg, Infantry, Gibbon, II Corps, 8 and 5/2.
    let mut f = CounterForm::new(Loyalty::Union, Echelon::Named);
    f.name = "Gibbon".into();
    f.campaign = "Gettysburg".into();
    f.corps = "II".into();
    f.skill = Some(Skill::Veteran);
    f.full = FaceForm { activation: "8".into(), no_activation: false, combat: "5".into(), superior: "2".into() };
    assert!(f.may_be_reduced());
    f.reduced = Some(FaceForm { activation: "7".into(), combat: "3".into(), ..FaceForm::default() });
    let d = f.design().unwrap();
    assert_eq!(d.counter.full.superior, Entry::Entered(Some(2)));
    assert_eq!(d.counter.corps.as_deref(), Some("II"));
    let reduced = d.counter.reduced_side().unwrap().unwrap();
    assert_eq!((reduced.activation, reduced.combat), (Entry::Entered(Some(7)), Entry::Entered(3)));
    // Opened again, the form shows what was entered.
    assert_eq!(CounterForm::from_design(&d).design().unwrap(), d);
}

#[test]
fn a_counter_form_names_each_problem_and_leaves_blanks_missing() {
    let mut f = stuart();
    f.name = " ".into();
    f.full.activation = "11".into();
    f.full.superior = "5".into();
    let problems = f.design().unwrap_err();
    let fields: Vec<&str> = problems.iter().map(|p| p.field).collect();
    assert_eq!(fields, vec!["name", "full activation", "full superior"]);
    assert!(problems[1].problem.contains("11 is not 1 to 10 (5.6)"));
    assert!(problems[2].problem.contains("above the Combat Value 4 (5.7)"));
    let mut blank = CounterForm::new(Loyalty::Union, Echelon::Brigade);
    blank.name = "Union Infantry Brigade".into();
    let d = blank.design().unwrap();
    assert_eq!((d.counter.full.combat, d.copies.clone()), (Entry::Missing, crate::pack::Given::Missing));
    assert!(d.counter.missing().iter().any(|c| c.column == "full combat value"));
    blank.kind = ForceType::Artillery;
    assert!(blank.design().unwrap_err()[0].problem.contains("cannot be Artillery"));
}

#[test]
fn a_made_up_value_kept_as_it_was_stays_made_up() {
    let pack = practice_pack();
    let d = pack.counters.iter().find(|d| d.key == "Grey Infantry A").unwrap();
    let mut f = CounterForm::from_design(d);
    assert_eq!(f.design().unwrap(), *d, "nothing typed: nothing changes");
    f.full.combat = "8".into();
    let changed = f.design().unwrap();
    assert_eq!(changed.counter.full.combat, Entry::Entered(8));
    assert!(changed.counter.full.activation.is_made_up(), "the activation was not typed");
}

#[test]
fn part_two_the_seven_days_battle_resolution_table_cells_typed_as_printed() {
    let cell = |a, d| Some(BrtCell { attacker: a, defender: d });
    assert_eq!(parse_brt_cell("A: 3 D: 1"), Ok(cell(3, 1)));
    assert_eq!(parse_brt_cell("A: - D: 1"), Ok(cell(0, 1)), "the +10 column's roll 1");
    assert_eq!(parse_brt_cell("2/1"), Ok(cell(2, 1)));
    assert_eq!(parse_brt_cell("a2 d1"), Ok(cell(2, 1)));
    assert_eq!(parse_brt_cell("-/1"), Ok(cell(0, 1)));
    assert_eq!(parse_brt_cell("  "), Ok(None));
    assert!(parse_brt_cell("2").unwrap_err().contains("as 2/1"));
    assert!(parse_brt_cell("A: x D: 1").unwrap_err().starts_with("Attacker"));
    assert_eq!(brt_cell_words(&BrtCell { attacker: 0, defender: 1 }), "A: - D: 1");
    assert_eq!(parse_column("-10 or less", true, false), Ok((None, Some(-10))));
    assert_eq!(parse_column("-7 to -9", false, false), Ok((Some(-9), Some(-7))));
    assert_eq!(parse_column("0", false, false), Ok((Some(0), Some(0))));
    assert_eq!(parse_column("+10", false, true), Ok((Some(10), None)), "the rightmost column reads or more");
    assert_eq!(parse_column("+1 to +3", false, false), Ok((Some(1), Some(3))));
    assert!(parse_column("big", false, false).is_err());
    assert_eq!(withdrawal_words(Withdrawal::UnionRetreat), "Union Retreat");
}

#[test]
fn rule_16_1_2_the_seven_days_battle_area_chart_rows_entered_as_forms() {
    // "Move to Crew House. Otherwise, Hold." (16.1.2; ruling: "Move to X" is "Move toward X").
    let form = OrderForm {
        kind: OrderKind::MoveToward,
        area: "Crew House".into(),
        otherwise: Some((OrderKind::Hold, String::new())),
        ..OrderForm::default()
    };
    let o = form.order().unwrap();
    assert_eq!(o.words(), "Move toward Crew House. Otherwise, Hold");
    assert_eq!(OrderForm::from_order(&o), form);
    let two = OrderForm { kind: OrderKind::MoveToward, area: "Malvern Hill".into(), times: 2, ..OrderForm::default() };
    assert_eq!(two.order().unwrap(), Order::MoveToward("Malvern Hill".into(), 2), "16.1.1, roll 10");
    let held = OrderForm { kind: OrderKind::ConfederateHeldCityOrFort, times: 2, ..OrderForm::default() };
    assert_eq!(held.order().unwrap(), Order::TowardConfederateHeld(HeldPlace::CityOrFort, 2));
    let no_area = OrderForm { kind: OrderKind::MoveToward, ..OrderForm::default() };
    assert!(no_area.order().unwrap_err().contains("choose the Area"));
    for k in OrderKind::ALL.into_iter().filter(|k| *k != OrderKind::Words && !k.names_area()) {
        let f = OrderForm { kind: k, ..OrderForm::default() };
        assert_eq!(OrderForm::from_order(&f.order().unwrap()).kind, k);
    }
}

#[test]
fn rule_18_3_the_resupply_examples_rows_entered_as_forms() {
    // 18.3: a 3 gains a Battery whose Combat Value is rolled: 9 or 10 give a 4.
    let mut f = ResupplyForm { kind: ResupplyKind::Battery, ..ResupplyForm::default() };
    f.follow_up[8] = "4".into();
    f.follow_up[9] = "4".into();
    let Resupply::Battery(values) = f.row().unwrap() else { panic!() };
    assert_eq!((values.len(), values[9].value(), values[0].value()), (10, Some(&4), None));
    // 18.2: a 7 gains 1 Garrison, its Area by a follow-up roll; none entered: a random one.
    let g = ResupplyForm { kind: ResupplyKind::Garrison, ..ResupplyForm::default() };
    assert_eq!(g.row().unwrap(), Resupply::Static(ForceType::Garrison, Vec::new()));
    let brigade = ResupplyForm { kind: ResupplyKind::Brigade, ..ResupplyForm::default() };
    assert_eq!(ResupplyForm::from_row(&brigade.row().unwrap()).row(), brigade.row());
    let cp = ResupplyForm { kind: ResupplyKind::CommandPoints, count: "x".into(), ..ResupplyForm::default() };
    assert!(cp.row().unwrap_err().contains("not a whole number"));
}

#[test]
fn numbers_of_the_sheet_keep_their_provenance_when_unchanged() {
    use crate::pack::Given;
    let made_up: Given<u8> = Given::MadeUp(3);
    assert_eq!(given_number("3", 1, 10, &made_up), Ok(made_up.clone()));
    assert_eq!(given_number("4", 1, 10, &made_up), Ok(Given::Entered(4)));
    assert_eq!(given_number("", 1, 10, &made_up), Ok(Given::Missing));
    assert!(given_number("0", 1, 10, &made_up).unwrap_err().contains("0 is not 1 to 10"));
    assert_eq!(given_text(&made_up), "3");
}

#[test]
fn pack_edits_check_names_and_keys_and_follow_a_renamed_counter() {
    let mut pack = practice_pack();
    let before = pack.clone();
    let mut dup = pack.counters[1].clone();
    dup.key = pack.counters[0].key.clone();
    let e = pack.edit(&PackEdit::PutCounter { at: None, design: dup }).unwrap_err().to_string();
    assert!(e.contains("each counter has a key of its own"), "{e}");
    assert!(pack.edit(&PackEdit::Rename("<b>".into())).is_err());
    assert_eq!(pack, before);
    let i = pack.counters.iter().position(|d| d.key == "Grey Infantry A").unwrap();
    let mut renamed = pack.counters[i].clone();
    renamed.key = "Grey Infantry Alpha".into();
    pack.edit(&PackEdit::PutCounter { at: Some(i), design: renamed }).unwrap();
    assert!(pack.campaigns[0].starting_forces.iter().any(|s| s.counter == "Grey Infantry Alpha"));
    assert!(pack.validate().is_ok(), "{:?}", pack.validate());
    pack.edit(&PackEdit::RemoveCounter(i)).unwrap();
    assert!(pack.validate().is_err(), "a starting force names a counter taken out");
    let fresh = CampaignPack { name: "Mine".into(), ..CampaignPack::default() };
    pack.edit(&PackEdit::Replace(Box::new(fresh.clone()))).unwrap();
    assert_eq!(pack, fresh);
}

#[test]
fn a_new_campaign_starts_with_its_tables_ready_to_fill_and_is_sound() {
    let mut pack = CampaignPack { name: "Mine".into(), ..CampaignPack::default() };
    let def = crate::pack::CampaignDef::blank("Seven Days Battles");
    assert_eq!((def.withdrawal.rows.len(), def.union_resupply.rows.len(), def.brt.columns.len()), (10, 10, 9));
    assert_eq!(def.brt.columns[8].label(), "+10 or more");
    pack.edit(&PackEdit::PutCampaign { at: None, def: Box::new(def) }).unwrap();
    assert_eq!(pack.validate(), Ok(()), "nothing entered is not wrong: the values are missing");
    assert!(!pack.missing().is_empty());
}
