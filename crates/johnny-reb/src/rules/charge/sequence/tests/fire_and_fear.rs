//! Table 16 steps 5 to 9: defensive fire and the charging unit's morale (5.4, 5.6), and the
//! fear-of-charge check with a routed defender's rout move (5.5).

use super::*;

#[test]
fn rule_5_4_3_shaken_by_defensive_fire_halts_the_charge() {
    let c = at_three_inches(8, [3, 3, 3]);
    let fire = FireEffect { kills: 3, checks: vec![MoraleCheckInput { mmp: 5, roll: two(2, 3) }] };
    let c = go(&c, Input::DefensiveFire(fire));
    assert_eq!(c.outcome, Some(Outcome::ChargerStopped(Some(MoraleLevel::Shaken))));
    assert_eq!(c.charger_figures, 21);
    // the first failure stops the charge; later checks are not taken
    let c2 = at_three_inches(8, [3, 3, 3]);
    let fire = FireEffect {
        kills: 3,
        checks: vec![MoraleCheckInput { mmp: 5, roll: two(2, 3) }, MoraleCheckInput { mmp: 7, roll: two(2, 3) }],
    };
    let c2 = go(&c2, Input::DefensiveFire(fire));
    assert_eq!(c2.charger_morale, MoraleLevel::Shaken);
}

#[test]
fn charger_fire_checks_from_the_morale_engine() {
    // An average regiment loses its first figures and a stand to the first defensive
    // fire: first-kill check at 3 - 1 = 2, then stand-lost at 2 + 2 = 4.
    let c = at_three_inches(8, [3, 3, 3]);
    let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
    let reasons = [CheckReason::StandLost, CheckReason::FirstKill];
    let dice = [two(3, 3), two(2, 2)];
    let checks = c
        .charger_fire_checks(
            &unit,
            MoraleSituation::default(),
            &reasons,
            &dice,
            &Overrides::new(),
            &MoraleRulings::default(),
        )
        .unwrap();
    assert_eq!(checks.iter().map(|k| k.mmp).collect::<Vec<_>>(), vec![2, 4]);
    let c = go(&c, Input::DefensiveFire(FireEffect { kills: 5, checks }));
    assert_eq!(c.outcome, Some(Outcome::ChargerStopped(Some(MoraleLevel::Shaken))));
}

#[test]
fn a_charge_within_3_inches_but_short_of_contact_halts_after_the_checks() {
    // 8" away, 5" normal move, no bonus: it reaches the 3" point, not the defender.
    let c = Charge::declare(ChargeSetup::example(8, OrderKind::Hold)).unwrap();
    let c = go(&go(&go(&go(&c, Input::ChargedUnitStays), Input::open_move(5)), Input::NoBonus), Input::Close);
    let c = go(&c, no_fire());
    let c = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp: 3, roll: two(4, 4) }));
    let c = go(&c, no_fire());
    assert_eq!(c.outcome, Some(Outcome::HaltedShort));
}

#[test]
fn rule_5_5_2_fear_of_charge_examples() {
    // MMP 2: a 3 or more passes. MMP 8: 9 or more. MMP 5: 6 or more.
    for (mmp, pass, fail) in [(2, 3, 2), (8, 9, 8), (5, 6, 5)] {
        let c = go(&at_three_inches(8, [3, 3, 3]), no_fire());
        assert_eq!(c.stage, Stage::FearOfCharge);
        let split = |t: u8| if t <= 7 { (1, t - 1) } else { (t - 6, 6) };
        let (a, b) = split(pass);
        let passed = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp, roll: two(a, b) }));
        assert_eq!(passed.defender_morale, MoraleLevel::Good, "MMP {mmp} roll {pass}");
        let (a, b) = split(fail);
        let failed = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp, roll: two(a, b) }));
        assert_ne!(failed.defender_morale, MoraleLevel::Good, "MMP {mmp} roll {fail}");
    }
    assert_eq!(crate::rules::morale::chance_to_pass(2), Chance::new(35, 36));
}

#[test]
fn rule_5_5_2_fear_of_charge_mmps_through_the_machine() {
    // B: average BMP 3, -1 fence cover: MMP 2, a 3 or more passes.
    let c = go(&at_three_inches(8, [3, 3, 3]), no_fire());
    assert_eq!(fear_mmp(&c, ChargeSituation { general: behind_fence(), ..Default::default() }), 2);
    let passed = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp: 2, roll: two(1, 2) }));
    assert_eq!(passed.defender_morale, MoraleLevel::Good);
    // B in skirmish order: +6, MMP 8, a 9 or more passes.
    let mut s = ChargeSetup::example(8, OrderKind::Hold);
    s.defender.formation = Formation::Skirmish;
    let c = Charge::declare(s).unwrap();
    let c = go(&go(&go(&go(&c, Input::ChargedUnitStays), Input::open_move(5)), Input::NoBonus), Input::Close);
    assert_eq!(fear_mmp(&c, ChargeSituation { general: behind_fence(), ..Default::default() }), 8);
    // ...and -3 for the attacker in disorder: MMP 5, a 6 or more passes.
    let mut s = ChargeSetup::example(8, OrderKind::Hold);
    s.defender.formation = Formation::Skirmish;
    s.charger.target_off_front = true;
    let c = Charge::declare(s).unwrap();
    let c = go(&go(&go(&go(&c, Input::ChargedUnitStays), Input::open_move(5)), Input::NoBonus), Input::Close);
    assert_eq!(c.charger_for_fear_of_charge().formation, Formation::Disorder);
    assert_eq!(fear_mmp(&c, ChargeSituation { general: behind_fence(), ..Default::default() }), 5);
}

#[test]
fn rule_5_5_3_a_charge_and_fire_aspects_never_together() {
    // Unit C: +4 full flank fire at the time of fire, +8 charged-on-rear at the fear of
    // charge check, but not both.
    let c = Charge::declare(ChargeSetup::example(8, OrderKind::Hold)).unwrap();
    let general = crate::rules::morale::MoraleSituation { fired_on: Aspect::FullFlank, ..Default::default() };
    assert_eq!(fear_mmp(&c, ChargeSituation { general, charged_on: Aspect::Rear, ..Default::default() }), 3 + 8);
    // a disengaging unit is always charged on the rear (5.2.2), and counts as disordered
    let d = go(
        &Charge::declare(ChargeSetup::example(6, OrderKind::Disengage)).unwrap(),
        Input::ChargedUnitMoved { distance_now: Ratio::whole(9), new_formation: None },
    );
    assert_eq!(fear_mmp(&d, ChargeSituation::default()), 3 + 3 + 8);
}

#[test]
fn rule_5_5_4_routed_defender_caught_surrenders_or_gets_away() {
    // 8" away, total 14": a rout of 6" or less is caught.
    let c = go(&at_three_inches(8, [3, 3, 3]), no_fire());
    let c = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp: 5, roll: two(1, 1) }));
    assert_eq!(c.stage, Stage::DefenderRoutMove);
    assert!(c.advance(Input::RoutMove { terrain: Terrain::Open, dice: dice(&[1, 2]) }).is_err());
    let caught = go(&c, Input::RoutMove { terrain: Terrain::Open, dice: dice(&[1, 2, 3]) });
    assert_eq!(caught.outcome, Some(Outcome::DefenderSurrendered));
    let away = go(&c, Input::RoutMove { terrain: Terrain::Open, dice: dice(&[3, 2, 3]) });
    assert_eq!(away.outcome, Some(Outcome::DefenderRouted));
}

#[test]
fn a_routed_defender_failing_fear_of_charge_is_removed() {
    let mut s = ChargeSetup::example(8, OrderKind::Hold);
    s.defender.morale = MoraleLevel::Routed;
    s.defender.order = None;
    let c = Charge::declare(s).unwrap();
    assert!(c.defender_charged_on_rear && c.defender_disordered);
    let c = go(&go(&go(&go(&c, Input::ChargedUnitStays), Input::open_move(5)), Input::NoBonus), Input::Close);
    let c = go(&c, no_fire());
    let c = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp: 9, roll: two(3, 3) }));
    assert_eq!(c.outcome, Some(Outcome::DefenderRemoved));
}
