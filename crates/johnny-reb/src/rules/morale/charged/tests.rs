//! Morale when charged (5.5, 5.7, Tables 17, 18).

use super::super::{BrigadeColumn, ChargeElan};
use super::*;
use crate::rules::unit::Quality;
use crate::rules::{Chance, Entered, RuleError};
use proptest::prelude::*;

fn avg() -> MoraleUnit {
    MoraleUnit::regiment(Arm::Infantry, Quality::Average)
}
fn line() -> Charger {
    Charger { arm: Arm::Infantry, formation: Formation::Line }
}
fn foc(unit: &MoraleUnit, s: &ChargeSituation, level: MoraleLevel, a: &Charger) -> i32 {
    fear_of_charge_mmp(unit, s, level, a, &Overrides::new(), &MoraleRulings::default()).unwrap().value
}
fn fence() -> MoraleSituation {
    MoraleSituation { cover: Cover::Cover, ..Default::default() }
}

#[test]
fn rule_5_5_2_fear_of_charge_examples() {
    // 1: BMP 3 - 1 fence = 2; a roll of 3 or more passes.
    let s = ChargeSituation { general: fence(), ..Default::default() };
    assert_eq!(foc(&avg(), &s, MoraleLevel::Good, &line()), 2);
    assert!(check(2, TwoDice::new(1, 2).unwrap(), MoraleLevel::Good).passed());
    assert!(!check(2, TwoDice::new(1, 1).unwrap(), MoraleLevel::Good).passed());
    // 2: + 6 skirmish = 8; 9 or more passes.
    let s = ChargeSituation { general: fence(), formation: Formation::Skirmish, ..Default::default() };
    assert_eq!(foc(&avg(), &s, MoraleLevel::Good, &line()), 8);
    assert!(!check(8, TwoDice::new(4, 4).unwrap(), MoraleLevel::Good).passed());
    assert!(check(8, TwoDice::new(4, 5).unwrap(), MoraleLevel::Good).passed());
    // 3: - 3 for the attacker in disorder = 5; 6 or more passes.
    let dis = Charger { arm: Arm::Infantry, formation: Formation::Disorder };
    assert_eq!(foc(&avg(), &s, MoraleLevel::Good, &dis), 5);
    let d =
        fear_of_charge_odds(&avg(), &s, MoraleLevel::Good, &dis, &Overrides::new(), &MoraleRulings::default()).unwrap();
    assert_eq!(d.chance_that(|r| r.passed()), Chance::new(26, 36));
}

#[test]
fn rule_5_2_1_charged_while_forming() {
    // B cannot form (A within 3"): +6 charged-on-flank and +3 charged-while-forming.
    let b = ChargeSituation { charged_on: Aspect::FullFlank, charged_while_forming: true, ..Default::default() };
    assert_eq!(foc(&avg(), &b, MoraleLevel::Good, &line()), 3 + 6 + 3);
    // C forms: +3 for charged-while-forming.
    let c = ChargeSituation { charged_while_forming: true, ..Default::default() };
    assert_eq!(foc(&avg(), &c, MoraleLevel::Good, &line()), 3 + 3);
    // It applies at impact too ("all its charge-related morale checks", 5.5.3.b).
    let m = impact_mmp(
        &avg(),
        &c,
        MoraleLevel::Good,
        ImpactSide::Defender { attacker: Arm::Infantry },
        &Overrides::new(),
        &MoraleRulings::default(),
    )
    .unwrap();
    assert_eq!(m.value, 6);
}

#[test]
fn rule_5_2_4_guns_charged_on_flank() {
    // The guns suffer a +6 charged-on-flank modifier to their fear-of-charge check.
    let guns = MoraleUnit::gun_section(Quality::Average, super::super::ArtillerySituation::SectionAlone);
    let s = ChargeSituation { formation: Formation::Unlimbered, charged_on: Aspect::FullFlank, ..Default::default() };
    let cell = CellRef::new("Table 18", "Artillery Unlimbered", "Defender's formation");
    let r = fear_of_charge_mmp(&guns, &s, MoraleLevel::Good, &line(), &Overrides::new(), &MoraleRulings::default());
    assert_eq!(r, Err(RuleError::Missing(cell.clone())));
    let mut o = Overrides::new();
    o.set(cell, Entered::NotApplicable);
    let m = fear_of_charge_mmp(&guns, &s, MoraleLevel::Good, &line(), &o, &MoraleRulings::default()).unwrap();
    assert_eq!(m.value, 9 + 6);
    assert_eq!(m.of(|l| matches!(l, Modifier::ChargedOn(_))), 6);
}

#[test]
fn rule_6_8_2_e_brigade_column_impact_mmp_is_minus_1() {
    // "an impact MMP of -1 per Table 18 (2 BMP -1 for charging +2 for 20 percent loss -4
    // for brigade column)": elite lead regiment, six stands lost of twenty.
    let lead = MoraleUnit::regiment(Arm::Infantry, Quality::Elite);
    let s = ChargeSituation {
        general: MoraleSituation {
            stands_lost: 6,
            elan: ChargeElan::Charging,
            brigade_column: Some(BrigadeColumn { stands_at_forming: 20 }),
            ..Default::default()
        },
        formation: Formation::BrigadeColumn,
        ..Default::default()
    };
    let m =
        impact_mmp(&lead, &s, MoraleLevel::Good, ImpactSide::Attacker, &Overrides::new(), &MoraleRulings::default())
            .unwrap();
    assert_eq!(m.value, -1);
    assert_eq!(m.bmp.value, 2);
}

#[test]
fn rule_5_5_3_a_fire_and_charge_aspects_never_together() {
    // Unit C: +4 full flank fire at the time of fire, +8 charged-on-rear at fear-of-charge.
    let s = ChargeSituation {
        general: MoraleSituation { fired_on: Aspect::FullFlank, ..Default::default() },
        charged_on: Aspect::Rear,
        ..Default::default()
    };
    assert_eq!(foc(&avg(), &s, MoraleLevel::Good, &line()), 3 + 8);
    let fire =
        super::super::mmp(&avg(), &s.general, MoraleLevel::Good, &Overrides::new(), &MoraleRulings::default()).unwrap();
    assert_eq!(fire.value, 3 + 4);
}

#[test]
fn rule_5_5_3_a_routed_and_disengaging_defenders_are_charged_on_rear() {
    let s = ChargeSituation::default();
    // Routed: Routed row +3 and rear +8.
    assert_eq!(foc(&avg(), &s, MoraleLevel::Routed, &line()), 3 + 3 + 8);
    // Disengaging (5.2.2): disordered +3 and rear +8.
    let d = ChargeSituation { general: MoraleSituation { disengaging: true, ..Default::default() }, ..s };
    assert_eq!(foc(&avg(), &d, MoraleLevel::Good, &line()), 3 + 3 + 8);
    // Shaken +2.
    assert_eq!(foc(&avg(), &s, MoraleLevel::Shaken, &line()), 5);
}

#[test]
fn table_18_note_1_net_formation_modifier() {
    for (own, theirs, want) in [
        (Formation::Line, Formation::MarchColumn, 0),
        (Formation::MarchColumn, Formation::MarchColumn, 3),
        (Formation::Skirmish, Formation::Skirmish, 3 + 6 - 6),
        (Formation::Line, Formation::AttackColumn, 3 + 1),
        (Formation::Line, Formation::BrigadeColumn, 3 + 2),
        (Formation::Line, Formation::ExtendedLine, 3 - 2),
    ] {
        let s = ChargeSituation { formation: own, ..Default::default() };
        let a = Charger { arm: Arm::Infantry, formation: theirs };
        let got = foc(&avg(), &s, MoraleLevel::Good, &a);
        let want = if want == 0 { 3 - 3 } else { want };
        assert_eq!(got, want, "{own:?} charged by {theirs:?}");
    }
    // The defender's own attack column, brigade column or extended line is not printed.
    let s = ChargeSituation { formation: Formation::AttackColumn, ..Default::default() };
    let r = fear_of_charge_mmp(&avg(), &s, MoraleLevel::Good, &line(), &Overrides::new(), &MoraleRulings::default());
    assert_eq!(r, Err(RuleError::Missing(CellRef::new("Table 18", "Attack Column", "Defender's formation"))));
}

#[test]
fn rule_9_1_3_extended_line_in_medium_works_has_no_shock_detriment() {
    let s = ChargeSituation {
        general: MoraleSituation { cover: Cover::MediumWorks, ..Default::default() },
        formation: Formation::ExtendedLine,
        ..Default::default()
    };
    assert_eq!(foc(&avg(), &s, MoraleLevel::Good, &line()), 3 - 2);
    let no_works = MoraleRulings { works_in_charges: false, ..Default::default() };
    let m = fear_of_charge_mmp(&avg(), &s, MoraleLevel::Good, &line(), &Overrides::new(), &no_works).unwrap();
    assert_eq!(m.value, 3 - 1);
}

#[test]
fn rule_5_5_5_a_mounted_cavalry_doubles_the_defenders_table_18_modifiers() {
    // "if infantry is behind cover, the morale benefit would be -2; if skirmishing, the
    // shock penalty would be +12; if charged-on-flank, it would be +12".
    let cav_rulings =
        MoraleRulings { mounted_formation_rows: super::super::MountedFormationRows::AsFoot, ..Default::default() };
    let cav = Charger { arm: Arm::Cavalry { mounted: true }, formation: Formation::Line };
    let get = |s: &ChargeSituation| {
        fear_of_charge_mmp(&avg(), s, MoraleLevel::Good, &cav, &Overrides::new(), &cav_rulings).unwrap()
    };
    assert_eq!(get(&ChargeSituation { general: fence(), ..Default::default() }).value, 3 - 2);
    assert_eq!(get(&ChargeSituation { formation: Formation::Skirmish, ..Default::default() }).value, 3 + 12);
    assert_eq!(get(&ChargeSituation { charged_on: Aspect::FullFlank, ..Default::default() }).value, 3 + 12);
    // The officer is not a Table 18 modifier and is not doubled.
    let s = ChargeSituation { general: MoraleSituation { officer_benefit: 1, ..fence() }, ..Default::default() };
    assert_eq!(get(&s).value, 3 - 2 - 1);
    // At impact too.
    let m = impact_mmp(
        &avg(),
        &ChargeSituation { formation: Formation::Skirmish, ..Default::default() },
        MoraleLevel::Good,
        ImpactSide::Defender { attacker: Arm::Cavalry { mounted: true } },
        &Overrides::new(),
        &cav_rulings,
    )
    .unwrap();
    assert_eq!(m.value, 3 + 12);
    // Mounted cavalry's own formation rows are asked of the players by default.
    let r = fear_of_charge_mmp(
        &avg(),
        &ChargeSituation::default(),
        MoraleLevel::Good,
        &cav,
        &Overrides::new(),
        &MoraleRulings::default(),
    );
    assert_eq!(r, Err(RuleError::Missing(CellRef::new("Table 18", "Mounted Cavalry Line", "Attacker's formation"))));
}

#[test]
fn rule_3_2_conditional_hold_and_10_2_1_tactical_surprise() {
    let s = ChargeSituation { conditional_hold: true, ..Default::default() };
    assert_eq!(foc(&avg(), &s, MoraleLevel::Good, &line()), 4);
    for (face, add) in [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)] {
        let s = ChargeSituation { tactical_surprise: Some(Die::new(face).unwrap()), ..Default::default() };
        assert_eq!(foc(&avg(), &s, MoraleLevel::Good, &line()), 3 + add);
    }
    // 10.2.2.c: strategic surprise adds the BMP and tactical surprise as well.
    let s = ChargeSituation {
        general: MoraleSituation { strategic_surprise: true, ..Default::default() },
        tactical_surprise: Some(Die::new(6).unwrap()),
        ..Default::default()
    };
    assert_eq!(foc(&avg(), &s, MoraleLevel::Good, &line()), 3 + 3 + 3);
}

#[test]
fn rule_5_5_3_c_no_bayonets() {
    let s = ChargeSituation { no_bayonets: true, ..Default::default() };
    assert_eq!(foc(&avg(), &s, MoraleLevel::Good, &line()), 4);
    let dismounted = MoraleUnit::regiment(Arm::Cavalry { mounted: false }, Quality::Average);
    assert_eq!(foc(&dismounted, &ChargeSituation::default(), MoraleLevel::Good, &line()), 4);
    // 6.7.3: dismounted mounted infantry keep their bayonets.
    let mi = MoraleUnit::regiment(Arm::MountedInfantry { mounted: false }, Quality::Average);
    assert_eq!(foc(&mi, &ChargeSituation::default(), MoraleLevel::Good, &line()), 3);
    let m = impact_mmp(
        &dismounted,
        &ChargeSituation::default(),
        MoraleLevel::Good,
        ImpactSide::Attacker,
        &Overrides::new(),
        &MoraleRulings::default(),
    )
    .unwrap();
    assert_eq!(m.value, 3 + 2);
}

#[test]
fn rule_5_7_1_a_impact_each_side() {
    let o = Overrides::new();
    let r = MoraleRulings::default();
    // Attacker in attack column, not disordered, charging: 3 - 2 - 1.
    let att = ChargeSituation {
        general: MoraleSituation { elan: ChargeElan::Charging, ..Default::default() },
        formation: Formation::AttackColumn,
        ..Default::default()
    };
    assert_eq!(impact_mmp(&avg(), &att, MoraleLevel::Good, ImpactSide::Attacker, &o, &r).unwrap().value, 0);
    // Empty guns: -2 instead of -1.
    let empty =
        ChargeSituation { general: MoraleSituation { elan: ChargeElan::EmptyGuns, ..Default::default() }, ..att };
    assert_eq!(impact_mmp(&avg(), &empty, MoraleLevel::Good, ImpactSide::Attacker, &o, &r).unwrap().value, -1);
    // Defender: one stand lost, shaken, behind cover, charged on partial flank.
    let def = ChargeSituation {
        general: MoraleSituation {
            stands_lost: 1,
            cover: Cover::Cover,
            isolation: super::super::Isolation::NoUnit,
            officer_benefit: 1,
            ..Default::default()
        },
        charged_on: Aspect::PartialFlank,
        ..Default::default()
    };
    let m = impact_mmp(&avg(), &def, MoraleLevel::Shaken, ImpactSide::Defender { attacker: Arm::Infantry }, &o, &r)
        .unwrap();
    assert_eq!(m.value, 3 + 2 + 2 - 1 + 3 - 1);
    let with6 = MoraleRulings { table_6_modifiers_at_impact: true, officer_at_impact: false, ..Default::default() };
    let m = impact_mmp(&avg(), &def, MoraleLevel::Shaken, ImpactSide::Defender { attacker: Arm::Infantry }, &o, &with6)
        .unwrap();
    assert_eq!(m.value, 3 + 2 + 2 - 1 + 3 + 3);
    // Waves: two in good order, one in disorder: -5.
    let waves = ChargeSituation { waves_in_good_order: 2, waves_in_disorder: 1, ..Default::default() };
    assert_eq!(impact_mmp(&avg(), &waves, MoraleLevel::Good, ImpactSide::Attacker, &o, &r).unwrap().value, 3 - 5);
    // Mounted infantry charging: +1 (6.7.3).
    let mi = MoraleUnit::regiment(Arm::MountedInfantry { mounted: true }, Quality::Average);
    let rf = MoraleRulings { mounted_formation_rows: super::super::MountedFormationRows::AsFoot, ..Default::default() };
    let s = ChargeSituation {
        general: MoraleSituation { elan: ChargeElan::Charging, ..Default::default() },
        formation: Formation::Disorder,
        ..Default::default()
    };
    assert_eq!(impact_mmp(&mi, &s, MoraleLevel::Good, ImpactSide::Attacker, &o, &rf).unwrap().value, 3 + 3 - 1 + 1);
}

#[test]
fn rule_5_7_2_third_impact_shaken_and_in_disorder() {
    // The 18th Alabama rolls a third time for impact, "this time shaken and in disorder".
    let s = ChargeSituation { formation: Formation::Disorder, ..Default::default() };
    let m = impact_mmp(
        &avg(),
        &s,
        MoraleLevel::Shaken,
        ImpactSide::Defender { attacker: Arm::Infantry },
        &Overrides::new(),
        &MoraleRulings::default(),
    )
    .unwrap();
    assert_eq!(m.value, 3 + 3 + 2);
    assert_eq!(m.lines.iter().map(|l| l.modifier.label()).collect::<Vec<_>>(), vec!["Formation", "Shaken"]);
}

#[test]
fn rule_5_7_3_b_defender_loses_impact() {
    let o = Overrides::new();
    let r = MoraleRulings::default();
    let d =
        |face, level, officer| defender_loses_impact(&avg(), level, officer, Die::new(face).unwrap(), &o, &r).unwrap();
    assert_eq!(d(3, MoraleLevel::Good, 0), ImpactLoss::Routs);
    assert_eq!(d(4, MoraleLevel::Good, 0), ImpactLoss::FallsBackShaken);
    assert_eq!(d(3, MoraleLevel::Good, 1), ImpactLoss::FallsBackShaken);
    assert_eq!(d(6, MoraleLevel::Shaken, 2), ImpactLoss::Routs);
    let odds = defender_loses_impact_odds(&avg(), MoraleLevel::Good, 0, &o, &r).unwrap();
    assert_eq!(odds.chance_of(&ImpactLoss::Routs), Chance::new(1, 2));
}

fn formation_strategy() -> impl Strategy<Value = Formation> {
    prop_oneof![
        Just(Formation::Line),
        Just(Formation::MarchColumn),
        Just(Formation::Skirmish),
        Just(Formation::Disorder),
        Just(Formation::AttackColumn),
        Just(Formation::BrigadeColumn),
        Just(Formation::ExtendedLine),
        Just(Formation::Limbered),
        Just(Formation::Unlimbered)
    ]
}

proptest! {
    #[test]
    fn charge_mmps_never_panic(
        own in formation_strategy(), theirs in formation_strategy(), stands in 0u32..40,
        mounted in any::<bool>(), flank in 0u8..4, face in 1u8..=6, forming in any::<bool>(),
        level in prop_oneof![Just(MoraleLevel::Good), Just(MoraleLevel::Shaken), Just(MoraleLevel::Routed)],
    ) {
        let aspect = [Aspect::Front, Aspect::PartialFlank, Aspect::FullFlank, Aspect::Rear][usize::from(flank)];
        let s = ChargeSituation {
            general: MoraleSituation { stands_lost: stands, ..Default::default() },
            formation: own, charged_on: aspect, charged_while_forming: forming,
            tactical_surprise: Some(Die::new(face).unwrap()), ..Default::default()
        };
        let a = Charger { arm: Arm::Cavalry { mounted }, formation: theirs };
        let r = MoraleRulings::default();
        if let Ok(d) = fear_of_charge_odds(&avg(), &s, level, &a, &Overrides::new(), &r) {
            prop_assert_eq!(d.total(), Chance::ALWAYS);
        }
        let _ = impact_mmp(&avg(), &s, level, ImpactSide::Defender { attacker: a.arm }, &Overrides::new(), &r);
    }
}
