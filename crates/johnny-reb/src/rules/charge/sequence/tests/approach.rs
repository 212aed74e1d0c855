//! Table 16 steps 1 to 4: the declaration (5.1), the charged unit's move (5.2), the marked
//! total move (5.3.1-5.3.3) and the close or countercharge (5.3.4, 5.3.5).

use super::*;

#[test]
fn rule_5_3_2_b_marks_through_the_machine() {
    let c = Charge::declare(ChargeSetup::example(10, OrderKind::Hold)).unwrap();
    let c = go(&c, Input::ChargedUnitStays);
    let c = go(&c, Input::open_move(5));
    let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[1, 2, 3]) });
    let marks = c.marks.clone().unwrap();
    assert_eq!(marks.total, Ratio::whole(11));
    assert_eq!(marks.disorder_at, Some(Ratio::whole(8)));
    // at the point of contact, 10" on, the charger is in disorder
    assert!(c.charger_disordered_at_contact());
}

#[test]
fn rule_5_3_2_c_18th_indiana_through_the_machine() {
    let c = Charge::declare(ChargeSetup::example(12, OrderKind::Hold)).unwrap();
    let c = go(&c, Input::ChargedUnitStays);
    let c = go(&c, Input::open_move(5));
    let path = BonusPath {
        terrain: Terrain::Open,
        enters: Some(TerrainChange { after: Ratio::whole(5), terrain: Terrain::Broken }),
    };
    let c = go(&c, Input::Bonus { path, dice: dice(&[4, 4, 2]) });
    assert_eq!(c.marks.as_ref().unwrap().total, Ratio::new(25, 2).unwrap());
}

#[test]
fn a_greater_distance_waits_for_the_disorder_roll() {
    let c = Charge::declare(ChargeSetup::example(10, OrderKind::Hold)).unwrap();
    let c = go(&c, Input::ChargedUnitStays);
    let input = Input::NormalMove {
        inches: Ratio::whole(8),
        greater_distance: true,
        disorder_roll: None,
        terrain: Terrain::Open,
        woods: None,
    };
    assert_eq!(c.advance(input).unwrap(), Advance::Waiting(Need::DisorderRoll { must_beat: 3 }));
    let input = Input::NormalMove {
        inches: Ratio::whole(8),
        greater_distance: true,
        disorder_roll: Some(d(2)),
        terrain: Terrain::Open,
        woods: None,
    };
    let c = go(&c, input);
    assert!(c.failed_disorder_roll);
    let c = go(&c, Input::NoBonus);
    assert_eq!(c.marks.as_ref().unwrap().disorder_at, Some(Ratio::whole(8)));
}

#[test]
fn declaration_errors() {
    let mut s = ChargeSetup::example(10, OrderKind::Hold);
    s.charger.consecutive_turn = 3;
    assert!(Charge::declare(s).is_err());
    let mut s = ChargeSetup::example(10, OrderKind::Hold);
    s.charger.empty_guns = true;
    s.charger.formation = Formation::Skirmish;
    assert!(Charge::declare(s).is_err());
    let mut s = ChargeSetup::example(10, OrderKind::Hold);
    s.charger.morale = MoraleLevel::Shaken;
    assert!(Charge::declare(s).is_err());
}

#[test]
fn rule_5_1_3_and_5_1_4_elan() {
    let mut s = ChargeSetup::example(10, OrderKind::Hold);
    assert_eq!(Charge::declare(s).unwrap().elan, -1);
    s.charger.empty_guns = true;
    assert_eq!(Charge::declare(s).unwrap().elan, -2);
    s.charger.empty_guns = false;
    s.charger.consecutive_turn = 2;
    let c = Charge::declare(s).unwrap();
    assert_eq!(c.elan, 0);
    assert!(c.disordered_from_start);
    // no bonus on a second consecutive charge: straight from the normal move to step 4
    let c = go(&c, Input::ChargedUnitStays);
    let c = go(&c, Input::open_move(5));
    assert_eq!(c.stage, Stage::Close);
}

#[test]
fn rule_5_1_2_a_target_off_the_front_is_charged_in_disorder() {
    let mut s = ChargeSetup::example(8, OrderKind::Hold);
    s.charger.target_off_front = true;
    let c = Charge::declare(s).unwrap();
    assert!(c.disordered_from_start);
    let c = go(
        &go(&go(&c, Input::ChargedUnitStays), Input::open_move(5)),
        Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[3, 3, 3]) },
    );
    assert_eq!(c.marks.as_ref().unwrap().disorder_at, Some(Ratio::ZERO));
    assert!(c.charger_disordered_at_contact());
}

#[test]
fn rule_5_1_5_nearest_charge_first() {
    assert_eq!(resolution_order(&[Ratio::whole(8), Ratio::whole(6)]), vec![1, 0]);
    assert_eq!(resolution_order(&[Ratio::new(13, 2).unwrap(), Ratio::whole(6), Ratio::whole(7)]), vec![1, 0, 2]);
    assert!(resolution_order(&[]).is_empty());
}

#[test]
fn rule_5_2_1_forming_within_three_inches() {
    // B is within 3": it cannot change formation. C beyond 3" can. Both are
    // charged-while-forming.
    let b = Charge::declare(ChargeSetup::example(2, OrderKind::FormationChange)).unwrap();
    assert_eq!(
        b.waiting_for(),
        Need::ChargedUnitReaction { order: Some(OrderKind::FormationChange), may_change_formation: false }
    );
    assert!(
        b.advance(Input::ChargedUnitMoved { distance_now: Ratio::whole(2), new_formation: Some(Formation::Line) })
            .is_err()
    );
    let b = go(&b, Input::ChargedUnitStays);
    assert!(b.defender_charged_while_forming);
    let c = Charge::declare(ChargeSetup::example(6, OrderKind::FormationChange)).unwrap();
    let c = go(&c, Input::ChargedUnitMoved { distance_now: Ratio::whole(6), new_formation: Some(Formation::Line) });
    assert!(c.defender_charged_while_forming);
}

#[test]
fn rule_5_2_2_disengaging_unit_is_disordered_and_charged_on_rear() {
    let c = Charge::declare(ChargeSetup::example(6, OrderKind::Disengage)).unwrap();
    assert!(c.advance(Input::ChargedUnitStays).is_err());
    let c = go(&c, Input::ChargedUnitMoved { distance_now: Ratio::whole(10), new_formation: None });
    assert!(c.defender_disordered && c.defender_charged_on_rear);
    assert_eq!(c.distance, Ratio::whole(10));
    // 5.1.1 (2): against a position the charge does not follow the unit
    let mut s = ChargeSetup::example(6, OrderKind::Disengage);
    s.objective = Objective::Position;
    let c = go(
        &Charge::declare(s).unwrap(),
        Input::ChargedUnitMoved { distance_now: Ratio::whole(10), new_formation: None },
    );
    assert_eq!(c.distance, Ratio::whole(6));
}

#[test]
fn rule_5_2_1_forming_penalties_through_the_machine() {
    // B within 3" on its flank: +6 charged-on-flank and +3 charged-while-forming.
    let b = go(&Charge::declare(ChargeSetup::example(2, OrderKind::FormationChange)).unwrap(), Input::ChargedUnitStays);
    let flank = ChargeSituation { charged_on: Aspect::FullFlank, ..Default::default() };
    assert_eq!(fear_mmp(&b, flank), 3 + 6 + 3);
    // C beyond 3" forms, and still takes +3.
    let c = Charge::declare(ChargeSetup::example(6, OrderKind::FormationChange)).unwrap();
    let c = go(&c, Input::ChargedUnitMoved { distance_now: Ratio::whole(6), new_formation: Some(Formation::Line) });
    assert_eq!(fear_mmp(&c, ChargeSituation::default()), 3 + 3);
}

#[test]
fn rule_5_2_4_guns_on_hold_charged_on_flank() {
    // The guns suffer +6 charged-on-flank whether or not they pivot (distance X over 3").
    use crate::rules::morale::{ArtillerySituation, BmpTableKind, bmp};
    let mut s = ChargeSetup::example(6, OrderKind::Hold);
    s.defender.arm = Arm::Artillery;
    s.defender.formation = Formation::Unlimbered;
    s.defender.figures = 4;
    let c = go(&Charge::declare(s).unwrap(), Input::ChargedUnitStays);
    let guns = MoraleUnit::gun_section(Quality::Average, ArtillerySituation::SectionAlone);
    let mut o = Overrides::new();
    // the artillery rows of Table 18 are not in the transcription: the card's entry
    o.set(
        crate::rules::CellRef::new("Table 18", "Artillery Unlimbered", "Defender's formation"),
        crate::rules::Entered::NotApplicable,
    );
    let base = bmp(&guns, BmpTableKind::Charged, &o, &MoraleRulings::default()).unwrap().value;
    let flank = ChargeSituation { charged_on: Aspect::FullFlank, ..Default::default() };
    let m = c.fear_of_charge_mmp(&guns, flank, &o, &MoraleRulings::default()).unwrap();
    assert_eq!(m.value, base + 6);
}

#[test]
fn rule_5_2_3_a_unit_marked_move_goes_to_conditional_hold() {
    let c = go(&Charge::declare(ChargeSetup::example(8, OrderKind::Move)).unwrap(), Input::ChargedUnitStays);
    assert!(c.defender_on_conditional_hold);
    assert_eq!(fear_mmp(&c, ChargeSituation::default()), 3 + 1);
}

#[test]
fn rule_5_3_3_attempt_to_halt_moves_the_red_marker() {
    let mut s = ChargeSetup::example(14, OrderKind::Hold);
    s.halting_point = Some(Ratio::whole(9));
    let c = go(&Charge::declare(s).unwrap(), Input::ChargedUnitStays);
    let c = go(&c, Input::open_move(5));
    let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[4, 4, 4]) });
    assert_eq!(c.waiting_for(), Need::HaltRoll { must_beat: 3 });
    let held = go(&c, Input::HaltRoll(d(4)));
    assert_eq!(held.marks.as_ref().unwrap().total, Ratio::whole(9));
    let full = go(&c, Input::HaltRoll(d(3)));
    assert_eq!(full.marks.as_ref().unwrap().total, Ratio::whole(17));
}

#[test]
fn mounted_cavalry_in_broken_ground_is_disordered_from_the_start() {
    let mut s = ChargeSetup::example(10, OrderKind::Hold);
    s.charger.arm = Arm::Cavalry { mounted: true };
    let c = go(&Charge::declare(s).unwrap(), Input::ChargedUnitStays);
    let c = go(
        &c,
        Input::NormalMove {
            inches: Ratio::whole(6),
            greater_distance: false,
            disorder_roll: None,
            terrain: Terrain::Broken,
            woods: None,
        },
    );
    let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Broken), dice: dice(&[3, 3]) });
    assert_eq!(c.marks.as_ref().unwrap().disorder_at, Some(Ratio::ZERO));
}

#[test]
fn appendix_f_13_woods_losses_in_the_machine() {
    let mut s = ChargeSetup::example(10, OrderKind::Hold);
    s.charger.arm = Arm::Cavalry { mounted: true };
    s.charger.figures = 100;
    let c = go(&Charge::declare(s).unwrap(), Input::ChargedUnitStays);
    let input = Input::NormalMove {
        inches: Ratio::whole(6),
        greater_distance: false,
        disorder_roll: None,
        terrain: Terrain::Broken,
        woods: Some((Woods::Heavy, d(4))),
    };
    // off by default: nothing lost
    let off = go(&c, input.clone());
    assert_eq!(off.charger_figures, 100);
    let on = ChargeRulings { cavalry_charge_through_woods: true, ..ChargeRulings::default() };
    let Advance::Next { charge, .. } = c.advance_with(input, &on, &Overrides::new()).unwrap() else { panic!() };
    assert_eq!(charge.charger_figures, 90);
}

#[test]
fn appendix_f_15_night_charge_bonus() {
    let c = go(
        &go(&Charge::declare(ChargeSetup::example(10, OrderKind::Hold)).unwrap(), Input::ChargedUnitStays),
        Input::open_move(5),
    );
    let night = ChargeRulings { night: true, ..ChargeRulings::default() };
    let open = Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[3, 3, 3]) };
    // at night the open counts as broken: two dice, not three
    assert!(c.advance_with(open, &night, &Overrides::new()).is_err());
    let two_dice = Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[3, 3]) };
    let Advance::Next { charge, .. } = c.advance_with(two_dice, &night, &Overrides::new()).unwrap() else { panic!() };
    assert_eq!(charge.marks.as_ref().unwrap().total, Ratio::whole(11));
}

#[test]
fn rule_5_3_5_countercharge() {
    let c = Charge::declare(ChargeSetup::example(8, OrderKind::Hold)).unwrap();
    let c = go(&c, Input::ChargedUnitStays);
    let c = go(&c, Input::open_move(5));
    let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[1, 1, 1]) });
    assert_eq!(c.waiting_for(), Need::Close { may_countercharge: true });
    let cc = CounterchargeInput {
        charger_moved: Ratio::whole(4),
        normal_move: Ratio::whole(2),
        bonus: Some((BonusPath::all_in(Terrain::Open), dice(&[2, 2, 2]))),
        from_outside_charger_primary_zone: true,
        charge_against_charge: false,
    };
    // not yet within 5": the charger moved only 2" of 8"
    let early = CounterchargeInput { charger_moved: Ratio::whole(2), ..cc.clone() };
    assert!(c.advance(Input::Countercharge(early)).is_err());
    let met = go(&c, Input::Countercharge(cc));
    assert!(met.both_charging && met.defender_disordered && met.charger_turned_in_disorder);
    // no fear of charge when both charge
    let met = go(&met, no_fire());
    assert_eq!(met.stage, Stage::DefensiveFireTwo);
    let met = go(&met, no_fire());
    assert_eq!(met.stage, Stage::Impact);
    // only from Hold
    let c = Charge::declare(ChargeSetup::example(8, OrderKind::ConditionalHold)).unwrap();
    let c = go(&go(&go(&c, Input::ChargedUnitStays), Input::open_move(5)), Input::NoBonus);
    let cc = CounterchargeInput {
        charger_moved: Ratio::whole(4),
        normal_move: Ratio::whole(2),
        bonus: None,
        from_outside_charger_primary_zone: false,
        charge_against_charge: false,
    };
    assert!(c.advance(Input::Countercharge(cc)).is_err());
}

#[test]
fn a_countercharge_that_does_not_meet() {
    let c = Charge::declare(ChargeSetup::example(12, OrderKind::Hold)).unwrap();
    let c = go(&go(&go(&c, Input::ChargedUnitStays), Input::open_move(8)), Input::NoBonus);
    let cc = CounterchargeInput {
        charger_moved: Ratio::whole(8),
        normal_move: Ratio::ZERO,
        bonus: None,
        from_outside_charger_primary_zone: false,
        charge_against_charge: false,
    };
    let c = go(&c, Input::Countercharge(cc));
    assert_eq!(c.outcome, Some(Outcome::NoContact));
}

/// 5.3.1: the normal move is the Table 3 distance for the charger's formation and the ground:
/// an infantry line in the open 5" (8" with the disorder roll), in broken 3/5; a line cannot
/// charge along a road (NA); mounted cavalry in line is not in the transcription and is asked
/// for (GAPS.md).
#[test]
fn rule_5_3_1_normal_move_read_from_table_3() {
    use crate::rules::charge::distance::normal_move_rate;
    use crate::rules::movement::MovementRulings;
    use crate::rules::tables::t03_movement_rates::Rate;
    use crate::rules::{CellRef, RuleError};
    let (o, r) = (Overrides::new(), MovementRulings::default());
    let rate = |arm, f, t| normal_move_rate(arm, f, t, &o, &r).map(|(_, s)| s.value);
    let two = |x, y| Rate::Two { without_disorder: Ratio::whole(x), with_disorder_roll: Ratio::whole(y) };
    assert_eq!(rate(Arm::Infantry, Formation::Line, Terrain::Open), Ok(two(5, 8)));
    assert_eq!(rate(Arm::Infantry, Formation::Line, Terrain::Broken), Ok(two(3, 5)));
    assert_eq!(rate(Arm::Infantry, Formation::MarchColumn, Terrain::Road), Ok(two(12, 16)));
    assert!(matches!(rate(Arm::Infantry, Formation::Line, Terrain::Road), Err(RuleError::OutOfRange { .. })));
    assert_eq!(
        rate(Arm::Cavalry { mounted: true }, Formation::Line, Terrain::Open),
        Err(RuleError::Missing(CellRef::new("Table 3", "Cavalry Line", "Open")))
    );
    // At night the open counts as broken (Appendix F.15).
    let night = MovementRulings { night: true, ..MovementRulings::default() };
    let (_, s) = normal_move_rate(Arm::Infantry, Formation::Line, Terrain::Open, &o, &night).unwrap();
    assert_eq!(s.value, two(3, 5));
}
