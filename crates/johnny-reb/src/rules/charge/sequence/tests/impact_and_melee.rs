//! Table 16 steps 10 to 12: the impact (5.7.1; 6.8.2.e, 6.8.8.b), its loser (5.7.3, 5.7.4)
//! and the melee (5.8.2).

use super::*;

#[test]
fn rule_5_7_1_b_artillery_impact_in_the_machine() {
    let mut s = ChargeSetup::example(5, OrderKind::Hold);
    s.charger.figures = 9;
    s.defender.arm = Arm::Artillery;
    s.defender.formation = Formation::Unlimbered;
    s.defender.figures = 4;
    let c = Charge::declare(s).unwrap();
    let c = go(&c, Input::ChargedUnitStays);
    let c = go(&c, Input::open_move(5));
    let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[2, 2, 2]) });
    let c = go(&c, Input::Close);
    let c = go(&c, no_fire());
    let c = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp: 9, roll: two(5, 5) }));
    let c = go(&c, no_fire());
    assert!(
        c.advance(Input::Impact { charger_mmp: 3, charger_roll: two(2, 2), defender_mmp: 3, defender_roll: two(4, 4) })
            .is_err()
    );
    let fled = go(&c, Input::CrewFlees);
    assert_eq!(fled.outcome, Some(Outcome::GunsTaken));
    // the infantry adds 4, the guns 9: 4 + 6 = 10 against 9 + 2 = 11
    let won = go(&c, Input::ArtilleryImpact { charger_roll: two(3, 3), artillery_roll: two(1, 1) });
    assert_eq!(won.impact, Some(ImpactWinner::Won(Side::Charger)));
    // a tie: melee with the artillery as if in skirmish
    let tie = go(&c, Input::ArtilleryImpact { charger_roll: two(6, 1), artillery_roll: two(1, 1) });
    assert_eq!(tie.stage, Stage::Melee);
    assert_eq!(tie.defender_formation, Formation::Skirmish);
}

#[test]
fn a_tied_impact_is_a_melee() {
    let c = to_impact(5, [2, 2, 2]);
    // 2 (3 - 1 elan) + 6 = 8; 3 + 5 = 8
    let c =
        go(&c, Input::Impact { charger_mmp: 2, charger_roll: two(3, 3), defender_mmp: 3, defender_roll: two(2, 3) });
    assert_eq!(c.stage, Stage::Melee);
}

#[test]
fn rule_6_8_2_e_brigade_column_impact() {
    // The column's impact MMP is -1: 2 BMP -1 charging +2 for 20 percent loss -4 for
    // brigade column. The machine adds the -1 elan to the rest (2 + 2 - 4 = 0).
    let mut s = ChargeSetup::example(5, OrderKind::Hold);
    s.charger.formation = Formation::BrigadeColumn;
    s.charger.bmp = 2;
    let c = Charge::declare(s).unwrap();
    let c = go(&c, Input::ChargedUnitStays);
    let c = go(&c, Input::open_move(5));
    let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[2, 2, 2]) });
    let c = go(&c, Input::Close);
    let c = go(&c, no_fire());
    let c = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp: 3, roll: two(5, 5) }));
    // "MMP is three ... A roll of 4 or more will pass the check."
    let mmp_fire = 2 - 1 + crate::rules::charge::impact::brigade_column_loss_modifier(20, 6).unwrap();
    assert_eq!(mmp_fire, 3);
    let held = go(
        &c,
        Input::DefensiveFire(FireEffect {
            kills: 0,
            checks: vec![MoraleCheckInput { mmp: mmp_fire, roll: two(2, 2) }],
        }),
    );
    assert_eq!(held.stage, Stage::Impact);
    let failed = go(
        &c,
        Input::DefensiveFire(FireEffect {
            kills: 0,
            checks: vec![MoraleCheckInput { mmp: mmp_fire, roll: two(1, 2) }],
        }),
    );
    assert_eq!(failed.outcome, Some(Outcome::ChargerStopped(Some(MoraleLevel::Shaken))));
    // The morale engine gives the column's impact MMP from the machine's state: -1.
    let lead = MoraleUnit::regiment(Arm::Infantry, Quality::Elite);
    let general = crate::rules::morale::MoraleSituation {
        stands_lost: 6,
        brigade_column: Some(crate::rules::morale::BrigadeColumn { stands_at_forming: 20 }),
        ..Default::default()
    };
    let column_mmp = held
        .charger_impact_mmp(
            &lead,
            ChargeSituation { general, ..Default::default() },
            &Overrides::new(),
            &MoraleRulings::default(),
        )
        .unwrap()
        .value;
    assert_eq!(column_mmp, -1);
    let Advance::Next { happened, .. } = held
        .advance(Input::Impact {
            charger_mmp: column_mmp,
            charger_roll: two(4, 4),
            defender_mmp: 3,
            defender_roll: two(3, 3),
        })
        .unwrap()
    else {
        panic!()
    };
    assert!(happened.iter().any(|e| e.text.contains("MMP -1 = 7")), "{happened:?}");
}

#[test]
fn rule_6_8_8_b_waves_add_to_the_impact_roll() {
    let mut s = ChargeSetup::example(5, OrderKind::Hold);
    s.waves = Waves { in_good_order: 1, in_disorder: 1 };
    let c = Charge::declare(s).unwrap();
    let c = go(&c, Input::ChargedUnitStays);
    let c = go(&c, Input::open_move(5));
    let c = go(&c, Input::NoBonus);
    let c = go(&c, Input::Close);
    let c = go(&c, no_fire());
    let c = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp: 3, roll: two(5, 5) }));
    let c = go(&c, no_fire());
    assert!(matches!(c.waiting_for(), Need::ImpactRolls { wave_benefit: -3, .. }));
    // 3 - 1 elan - 2 - 1 for the waves = -1; + 7 = 6 against 3 + 4 = 7
    let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
    let mmp =
        c.charger_impact_mmp(&unit, ChargeSituation::default(), &Overrides::new(), &MoraleRulings::default()).unwrap();
    assert_eq!(mmp.value, -1);
    let defender =
        c.defender_impact_mmp(&unit, ChargeSituation::default(), &Overrides::new(), &MoraleRulings::default()).unwrap();
    assert_eq!(defender.value, 3);
    let c = go(
        &c,
        Input::Impact { charger_mmp: mmp.value, charger_roll: two(3, 4), defender_mmp: 3, defender_roll: two(2, 2) },
    );
    assert_eq!(c.impact, Some(ImpactWinner::Won(Side::Charger)));
    let d = c.impact_odds(3, 3);
    assert_eq!(d.total(), Chance::ALWAYS);
}

#[test]
fn rule_5_7_3_a_charger_loses_and_falls_back() {
    let c = to_impact(5, [2, 2, 2]);
    let c =
        go(&c, Input::Impact { charger_mmp: 3, charger_roll: two(6, 6), defender_mmp: 3, defender_roll: two(1, 2) });
    assert_eq!(c.waiting_for(), Need::Retire(Side::Charger));
    let c = go(&c, Input::Retire(two(1, 2)));
    assert_eq!(c.outcome, Some(Outcome::ChargerRepulsed));
    assert_eq!(c.charger_morale, MoraleLevel::Shaken);
}

#[test]
fn rule_5_7_3_b_shaken_loser_routs_and_a_caught_loser_surrenders() {
    let c = to_impact(5, [2, 2, 2]);
    let mut shaken = c.clone();
    shaken.defender_morale = MoraleLevel::Shaken;
    let s = go(
        &shaken,
        Input::Impact { charger_mmp: 3, charger_roll: two(2, 2), defender_mmp: 5, defender_roll: two(4, 4) },
    );
    assert_eq!(s.stage, Stage::DefenderRoutMove);
    let caught = go(&s, Input::RoutMove { terrain: Terrain::Open, dice: dice(&[1, 2, 1]) });
    assert_eq!(caught.outcome, Some(Outcome::DefenderSurrendered));
    let rulings = ChargeRulings { routed_loser_caught_surrenders: false, ..ChargeRulings::default() };
    let Advance::Next { charge, .. } = s
        .advance_with(Input::RoutMove { terrain: Terrain::Open, dice: dice(&[1, 2, 1]) }, &rulings, &Overrides::new())
        .unwrap()
    else {
        panic!()
    };
    assert_eq!(charge.outcome, Some(Outcome::DefenderRouted));
    // a good-morale loser rolling not higher than its Table 17 BMP routs
    let c =
        go(&c, Input::Impact { charger_mmp: 3, charger_roll: two(2, 2), defender_mmp: 3, defender_roll: two(4, 4) });
    let c = go(&c, Input::LossDie(d(3)));
    assert_eq!(c.stage, Stage::DefenderRoutMove);
}

#[test]
fn retiring_out_of_reach_ends_the_charge() {
    let c = to_impact(5, [2, 2, 2]);
    let c =
        go(&c, Input::Impact { charger_mmp: 3, charger_roll: two(2, 2), defender_mmp: 3, defender_roll: two(4, 4) });
    let c = go(&c, Input::LossDie(d(5)));
    let c = go(&c, Input::Retire(two(6, 6)));
    assert_eq!(c.outcome, Some(Outcome::DefenderDrivenBack));
}

#[test]
fn rule_5_7_4_breakthrough_into_melee_until_surrender() {
    // 5" away, 5" normal move and a bonus of 6: the total charge distance is 6" beyond
    // the contact point. The defender loses the impact and retires 3": contact again.
    let c = to_impact(5, [2, 2, 2]);
    assert_eq!(c.stage, Stage::Impact);
    assert_eq!(
        c.waiting_for(),
        Need::ImpactRolls { against_artillery: false, charger_elan: -1, wave_benefit: 0, charger_disordered: false }
    );
    let c =
        go(&c, Input::Impact { charger_mmp: 3, charger_roll: two(2, 2), defender_mmp: 3, defender_roll: two(4, 4) });
    assert_eq!(c.impact, Some(ImpactWinner::Won(Side::Charger)));
    assert_eq!(c.waiting_for(), Need::LossDie { must_beat: 3 });
    let c = go(&c, Input::LossDie(d(5)));
    assert_eq!(c.defender_morale, MoraleLevel::Shaken);
    let c = go(&c, Input::Retire(two(1, 2)));
    assert_eq!(c.stage, Stage::Melee);
    assert_eq!(
        c.waiting_for(),
        Need::MeleeRound { round: 1, both_in_disorder_all_figures: false, defender_fights_back: true }
    );
    let c = go(
        &c,
        Input::MeleeRound {
            charger_kills: 4,
            defender_kills: 2,
            charger_checks: vec![MoraleCheckInput { mmp: 3, roll: two(5, 5) }],
            defender_checks: vec![MoraleCheckInput { mmp: 7, roll: two(4, 4) }],
            officer_rolls: vec![],
        },
    );
    assert_eq!(c.melee_round, 2);
    assert_eq!((c.charger_figures, c.defender_figures), (22, 16));
    // round two: all figures, both in disorder (x2 vs foot), the shaken defender x1/2
    let u = c.melee_unit(Side::Charger, 5, 0);
    assert_eq!((u.figures, u.formation), (22, Formation::Disorder));
    let s = melee_strength(&c.melee_unit(Side::Defender, 5, 0), Arm::Infantry, 2, &Overrides::new()).unwrap();
    assert_eq!(s.strength, Ratio::whole(16));
    assert!(c.melee_kills_odds(Side::Charger, 5, 0, &Overrides::new()).is_err()); // row 44: not in the text
    let c = go(
        &c,
        Input::MeleeRound {
            charger_kills: 4,
            defender_kills: 0,
            charger_checks: vec![],
            defender_checks: vec![MoraleCheckInput { mmp: 9, roll: two(3, 3) }],
            officer_rolls: vec![],
        },
    );
    assert_eq!(c.outcome, Some(Outcome::MeleeSurrender(Side::Defender)));
}

#[test]
fn melee_checks_keep_the_elan_by_default() {
    let c = to_impact(5, [2, 2, 2]);
    let c =
        go(&c, Input::Impact { charger_mmp: 2, charger_roll: two(3, 3), defender_mmp: 3, defender_roll: two(2, 3) });
    assert_eq!(c.stage, Stage::Melee);
    let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
    let g = MoraleSituation { stands_lost: 1, ..Default::default() };
    let on = ChargeRulings::default();
    let off = ChargeRulings { elan_in_melee: false, ..ChargeRulings::default() };
    let m = |side, r: &ChargeRulings| {
        c.melee_mmp(side, &unit, g, r, &Overrides::new(), &MoraleRulings::default()).unwrap().value
    };
    assert_eq!(m(Side::Charger, &on), 4);
    assert_eq!(m(Side::Charger, &off), 5);
    assert_eq!(m(Side::Defender, &on), 5);
}

#[test]
fn both_rout_in_the_same_melee_round() {
    let c = to_impact(5, [2, 2, 2]);
    let c =
        go(&c, Input::Impact { charger_mmp: 2, charger_roll: two(3, 3), defender_mmp: 3, defender_roll: two(2, 3) });
    let rout = vec![MoraleCheckInput { mmp: 3, roll: two(1, 1) }];
    let c = go(
        &c,
        Input::MeleeRound {
            charger_kills: 2,
            defender_kills: 2,
            charger_checks: rout.clone(),
            defender_checks: rout,
            officer_rolls: vec![],
        },
    );
    assert_eq!(c.outcome, Some(Outcome::MeleeBothRout));
}

/// The cover the players give for the charged unit's fear-of-charge check (5.5.2, Table 18
/// "In or behind cover") is the cover it has at the impact (5.7.1.a): kept in the charge, it
/// gives the defender's impact MMP without being asked again.
#[test]
fn rule_5_7_1_a_cover_given_at_fear_of_charge_carried_to_impact() {
    use crate::rules::morale::Cover;
    // A militia regiment on Hold in line, charged by an average line from 8".
    let unit = MoraleUnit::regiment(Arm::Infantry, Quality::MilitiaOrPoor);
    let (o, mr) = (Overrides::new(), MoraleRulings::default());
    let mut setup = ChargeSetup::example(8, OrderKind::Hold);
    setup.defender.quality = Quality::MilitiaOrPoor;
    let c = Charge::declare(setup).unwrap();
    let c = go(&c, Input::ChargedUnitStays);
    let c = go(&c, Input::open_move(5));
    let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[2, 2, 2]) });
    let c = go(&go(&c, Input::Close), no_fire());
    assert_eq!(c.stage, Stage::FearOfCharge);
    let mut covered = ChargeSituation::default();
    covered.general.cover = Cover::Cover;
    let fear = c.fear_of_charge_mmp(&unit, covered, &o, &mr).unwrap().value;
    let given = c.conditions.with(Side::Defender, covered);
    let Advance::Next { charge: c, .. } = c
        .advance_given(
            Input::FearOfCharge(MoraleCheckInput { mmp: fear, roll: two(6, 6) }),
            given,
            &ChargeRulings::default(),
            &o,
        )
        .unwrap()
    else {
        panic!("the check is resolved")
    };
    let c = go(&c, no_fire());
    assert_eq!(c.stage, Stage::Impact);
    assert_eq!(c.conditions.of(Side::Defender).general.cover, Cover::Cover, "kept through step 8");
    let at_impact = c.defender_impact_mmp(&unit, c.conditions.of(Side::Defender), &o, &mr).unwrap();
    assert_eq!(at_impact.value, 4, "{at_impact:?}");
    // Not carried, the defender would be in the open at the impact: MMP 5.
    let open = c.defender_impact_mmp(&unit, ChargeSituation::default(), &o, &mr).unwrap();
    assert_eq!(open.value, 5);
}
