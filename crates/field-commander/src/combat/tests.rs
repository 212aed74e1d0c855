use super::*;
use proptest::prelude::*;

fn d(face: u8) -> D10 {
    D10::new(face).unwrap()
}

#[test]
fn rule_11_6_example_six_over_three() {
    let v = AttackValues::new(6, Some(3));
    for (roll, hits) in [(1, 2), (3, 2), (4, 1), (6, 1), (7, 0), (10, 0)] {
        assert_eq!(v.hits(d(roll)), hits, "roll {roll}");
    }
}

#[test]
fn rule_11_8_example_aimed_volley_makes_a_natural_one_two_hits() {
    let plain = AttackValues::new(6, None);
    assert_eq!(plain.hits(d(1)), 1);
    let aimed = plain.with(Modifier::new("12.3.1", "Aimed Volley", 3, 1));
    assert_eq!((aimed.combat(), aimed.superior()), (9, 1));
    assert_eq!(aimed.hits(d(1)), 2);
    assert_eq!(aimed.hits(d(9)), 1);
}

#[test]
fn rule_10_2_12_3_entrench_example() {
    let v = AttackValues::new(9, Some(3)).with(Modifier::new("10.2.12.3", "Entrench", -2, -2));
    assert_eq!((v.combat(), v.superior()), (7, 1));
    assert_eq!(v.hits(d(1)), 2);
}

#[test]
fn rule_11_7_2_artillery_example() {
    let near = AttackValues::new(3, None).with(artillery_range(1).unwrap());
    assert_eq!((near.combat(), near.superior()), (5, 2));
    assert_eq!(near.hits(d(5)), 1);
    assert_eq!(near.hits(d(2)), 2);
    let far = AttackValues::new(3, None).with(artillery_range(5).unwrap());
    assert_eq!(far.combat(), 0);
    assert_eq!(far.hits(d(1)), 1);
    assert_eq!(far.hits(d(2)), 0);
    assert!(artillery_range(6).is_err());
}

#[test]
fn rule_11_5_melee_examples() {
    let union = AttackValues::new(6, None).with(melee());
    assert_eq!((union.combat(), union.superior()), (9, 3));
    let cavalry = AttackValues::new(2, Some(1)).with(melee());
    assert_eq!((cavalry.combat(), cavalry.superior()), (5, 4));
}

#[test]
fn rule_12_3_10_rapid_fire_example() {
    let first = AttackValues::new(7, Some(2)).with(Modifier::new("12.3.10", "Rapid Fire", -1, -1));
    assert_eq!(first.hits(d(1)), 2);
    let second = AttackValues::new(7, Some(2)).with(Modifier::new("12.3.10", "Rapid Fire, second", -2, -2));
    assert_eq!((second.combat(), second.superior()), (5, 0));
    assert_eq!(second.hits(d(9)), 0);
}

#[test]
fn rule_14_1_2_hard_cover_example_natural_one_hits_once() {
    let v = AttackValues::new(6, Some(0)).with(Modifier::new("14.1.2", "Hard Cover", -2, -2)).with(Modifier::new(
        "12.3.10",
        "Rapid Fire",
        -1,
        -1,
    ));
    assert_eq!((v.combat(), v.superior()), (3, -3));
    assert_eq!(v.hits(d(1)), 1);
}

#[test]
fn rule_14_1_6_smoke_and_mixed_orders_example() {
    assert!(d(2).check(6 - 1));
    let v = AttackValues::new(6, Some(1)).with(Modifier::new("14.1.5", "Smoke", -1, -1));
    assert_eq!((v.combat(), v.superior()), (5, 0));
    assert_eq!(v.hits(d(7)), 0);
}

#[test]
fn rule_14_2_2_1_cavalry_carbine_example() {
    assert!(d(3).check(5));
    let v = AttackValues::new(3, Some(0)).with(Modifier::new("14.2.2.1", "Cavalry at range 2", -2, -2));
    assert_eq!((v.combat(), v.superior()), (1, -2));
    assert_eq!(v.hits(d(7)), 0);
}

#[test]
fn rule_12_3_5_fighting_retreat_example() {
    assert!(d(1).check(3 - 2));
    let v = AttackValues::new(6, None).with(Modifier::new("12.3.5", "Fighting Retreat in Line", -1, -1));
    assert_eq!(v.hits(d(6)), 0);
}

fn sides(att_form: Formation, def_form: Formation, def_cv: u8, att_cv: u8) -> ShockSides {
    ShockSides {
        attacker_activation: None,
        attacker_combat: att_cv,
        attacker_modifiers: vec![],
        formations: (att_form, def_form),
        defender_activation: Some(3),
        defensive_fire: defensive_fire_values(def_cv, None).unwrap(),
        defender_combat: def_cv,
        defender_modifiers: vec![],
        defender_is_artillery: false,
    }
}

#[test]
fn rule_11_4_1_defensive_fire_example() {
    let s = sides(Formation::Column, Formation::Line, 3, 6);
    let rolls = ShockRolls { defensive_activation: Some(d(3)), defensive_fire: Some(d(1)), ..ShockRolls::default() };
    assert_eq!(shock_attack(&s, &rolls).unwrap().outcome, ShockOutcome::DefensiveFireHit);
}

#[test]
fn rule_11_4_3_first_example_slocum_fails_at_one() {
    // Slocum failed to activate for Defensive Fire; Column against Line: Slocum 3-2 = 1, rolls 9.
    let s = sides(Formation::Column, Formation::Line, 3, 6);
    let rolls = ShockRolls { defensive_activation: Some(d(7)), defender_check: Some(d(9)), ..ShockRolls::default() };
    let r = shock_attack(&s, &rolls).unwrap();
    assert_eq!(r.outcome, ShockOutcome::DefenderFailed);
    assert_eq!(r.defender_modifiers, vec![Modifier::new("11.4.3", "Formation", -2, 0)]);
}

#[test]
fn rule_11_4_3_second_example_longstreet_fails_at_four() {
    // Line against Column: Slocum 3+2 = 5 passes on 2; Longstreet 6-2 = 4 fails on 10.
    let s = sides(Formation::Line, Formation::Column, 3, 6);
    let rolls = ShockRolls {
        defensive_activation: Some(d(8)),
        defender_check: Some(d(2)),
        attacker_check: Some(d(10)),
        ..ShockRolls::default()
    };
    let r = shock_attack(&s, &rolls).unwrap();
    assert_eq!(r.outcome, ShockOutcome::AttackerFailed);
    assert_eq!(r.attacker_modifiers, vec![Modifier::new("11.4.3", "Formation", -2, 0)]);
}

#[test]
fn rule_11_4_example_longstreet_activates_on_two() {
    let mut s = sides(Formation::Column, Formation::Line, 3, 6);
    s.attacker_activation = Some((3, vec![]));
    let failed = ShockRolls { attacker_activation: Some(d(4)), ..ShockRolls::default() };
    assert_eq!(shock_attack(&s, &failed).unwrap().outcome, ShockOutcome::NotActivated);
    let missing = ShockRolls { attacker_activation: Some(d(2)), ..ShockRolls::default() };
    assert!(shock_attack(&s, &missing).is_err(), "the Defensive Fire roll is asked for, not invented");
}

#[test]
fn rule_12_3_6_flank_example_cumulative_minus_five() {
    let mut s = sides(Formation::Column, Formation::Line, 3, 6);
    s.defender_modifiers.push(Modifier::new("12.3.6", "Flank", -3, 0));
    let rolls = ShockRolls { defensive_activation: Some(d(9)), defender_check: Some(d(2)), ..ShockRolls::default() };
    let r = shock_attack(&s, &rolls).unwrap();
    assert_eq!(r.defender_modifiers.iter().map(|m| m.combat).sum::<i32>(), -5);
    assert_eq!(r.outcome, ShockOutcome::DefenderFailed, "a natural 1 would be needed");
}

#[test]
fn rule_11_4_4_artillery_fails_shock_checks() {
    let mut s = sides(Formation::Column, Formation::Line, 3, 6);
    s.defender_is_artillery = true;
    s.defender_activation = None;
    assert_eq!(shock_attack(&s, &ShockRolls::default()).unwrap().outcome, ShockOutcome::DefenderFailed);
}

#[test]
fn rule_11_4_1_defensive_fire_ignores_the_superscript() {
    let v = defensive_fire_values(3, Some(1)).unwrap();
    assert_eq!((v.combat(), v.superior()), (5, 0));
    assert_eq!(v.hits(d(1)), 1);
}

proptest! {
    /// Hits never exceed what the roll allows: none above the Combat Value (but a natural 1),
    /// two only at or under a positive superscript, never more than two.
    #[test]
    fn hits_never_exceed_what_the_roll_allows(cv in 0u8..12, sup in proptest::option::of(0u8..8),
        mc in -6i32..6, ms in -6i32..6, face in 0u8..10) {
        let v = AttackValues::new(cv, sup).with(Modifier::new("test", "test", mc, ms));
        let roll = D10::new(face).unwrap();
        let hits = v.hits(roll);
        prop_assert!(hits <= 2);
        if roll.is_natural_ten() { prop_assert_eq!(hits, 0); }
        if roll.is_natural_one() { prop_assert!(hits >= 1); }
        if hits >= 1 && !roll.is_natural_one() { prop_assert!(i32::from(roll.value()) <= v.combat()); }
        if hits == 2 { prop_assert!(v.superior() >= 1 && i32::from(roll.value()) <= v.superior()); }
    }
}
