use super::*;
use crate::battlefield::Region::*;
use crate::combat::{ShockOutcome, ShockRolls, shock_attack};
use crate::force::Loyalty;
use crate::force::Skill::*;
use crate::testkit::*;
use companion_core::d10::D10;

fn d(face: u8) -> D10 {
    D10::new(face).unwrap()
}

#[test]
fn rule_12_2_example_engage_plus_one() {
    let f = field(vec![
        conf_inf(1, "Longstreet", Line, 7, 8, ConfederateFront),
        union_inf(2, "Slocum", Conscript, 3, 3, UnionFront),
    ]);
    let v = confederate_attack(&f, 1, 2, Some(PlanCounter::Engage), &TurnEffects::default()).unwrap();
    assert_eq!((v.combat(), v.superior()), (9, 1));
    assert_eq!(v.hits(d(9)), 1);
    assert_eq!(v.hits(d(1)), 2, "11.2: a 1 inflicts 2 Hits");
}

#[test]
fn rule_14_1_6_example_smoke_and_mixed_orders() {
    let mut longstreet = conf_inf(1, "Infantry", Line, 6, 6, ConfederateFront);
    longstreet.counter.full.superior = crate::force::Entry::Entered(Some(1));
    longstreet.formation = Formation::Column;
    let f = field(vec![longstreet, union_inf(2, "U", Line, 3, 3, UnionFront)]);
    let fx = TurnEffects { smoke: true, mixed_orders: true, ..Default::default() };
    let act = confederate_activation(&f, 1, &fx, InsightsInPlay::default(), None).unwrap().unwrap();
    assert_eq!(total(&act), 5);
    assert!(d(2).check(total(&act)));
    let v = confederate_attack(&f, 1, 2, None, &fx).unwrap();
    assert_eq!((v.combat(), v.superior()), (5, 0));
    assert_eq!(v.hits(d(7)), 0);
}

#[test]
fn rule_12_3_5_fighting_retreat_in_line_activates_at_one() {
    let f = field(vec![
        conf_inf(1, "Longstreet", Line, 3, 6, ConfederateFront),
        union_inf(2, "Smith", Conscript, 3, 3, UnionFront),
    ]);
    let act = confederate_activation(
        &f,
        1,
        &TurnEffects::default(),
        InsightsInPlay::default(),
        Some(PlanCounter::FightingRetreat),
    )
    .unwrap()
    .unwrap();
    assert_eq!(total(&act), 1);
    let v = confederate_attack(&f, 1, 2, Some(PlanCounter::FightingRetreat), &TurnEffects::default()).unwrap();
    assert_eq!(v.combat(), 5);
}

#[test]
fn rule_10_2_12_5_morale_example_five_becomes_seven() {
    let mut a = conf_inf(1, "Longstreet", Line, 3, 5, ConfederateFront);
    a.formation = Formation::Line;
    let f = field(vec![a, union_inf(2, "Slocum", Conscript, 3, 3, ConfederateFront)]);
    let s = union_charge_shock(&f, 2, 1, &TurnEffects::default(), InsightsInPlay { morale: true, officers: false })
        .unwrap();
    assert_eq!(s.defender_modifiers, vec![Modifier::new("10.2.12.5", "Morale", 2, 0)]);
    let rolls = ShockRolls {
        defensive_activation: Some(d(9)),
        defender_check: Some(d(7)),
        attacker_check: Some(d(1)),
        ..Default::default()
    };
    let r = shock_attack(&s, &rolls).unwrap();
    // Column against Line: -2 to the defender, so 5 + 2 - 2 = 5 and a 7 fails.
    assert_eq!(r.outcome, ShockOutcome::DefenderFailed);
}

#[test]
fn rule_12_3_6_flank_and_hard_cover_on_the_union_defender() {
    let mut a = conf_inf(1, "Longstreet", Line, 3, 6, UnionFront);
    a.formation = Formation::Column;
    let mut slocum = union_inf(2, "Slocum", Conscript, 3, 3, UnionFront);
    slocum.hard_cover = true;
    let f = field(vec![a, slocum]);
    let s = confederate_shock(&f, 1, 2, Some(PlanCounter::Flank), &TurnEffects::default(), InsightsInPlay::default())
        .unwrap();
    assert!(s.attacker_activation.is_none(), "Flank needs no Activation check for the Shock");
    assert_eq!(s.defender_modifiers.iter().map(|m| m.combat).sum::<i32>(), 2 - 3);
    let v = confederate_attack(&f, 1, 2, None, &TurnEffects::default()).unwrap();
    assert_eq!(v.modifiers.last(), Some(&Modifier::new("14.1.2", "Hard Cover", -2, -2)));
    let _ = Loyalty::Union;
}

#[test]
fn rule_10_2_12_3_entrench_on_a_charge() {
    let mut def = conf_inf(1, "Jackson", Line, 3, 4, ConfederateFront);
    def.entrenched = true;
    def.cover = true;
    let f = field(vec![def, union_inf(2, "Slocum", Conscript, 3, 3, UnionFront)]);
    let s = union_charge_shock(&f, 2, 1, &TurnEffects::default(), InsightsInPlay::default()).unwrap();
    assert_eq!(s.defender_modifiers.iter().map(|m| m.combat).sum::<i32>(), 3);
    assert_eq!(s.attacker_modifiers, vec![Modifier::new("10.2.12.3", "Entrench", -2, 0)]);
}
