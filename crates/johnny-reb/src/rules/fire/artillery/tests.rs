//! Artillery fire (4.3, Tables 13-15).

use super::*;
use crate::rules::fire::{Table10Roll, combat_result};
use crate::rules::{Entered, TwoDice};
use proptest::prelude::*;

fn strength(fire: &ArtilleryFire) -> FireStrength {
    artillery_strength(fire, &FireRulings::default(), &Overrides::new()).unwrap().unwrap()
}

#[test]
fn table_13_napoleon_by_range_and_ammunition() {
    let at = |range: u32, ammunition| ArtilleryFire { range: Ratio::whole(range), ammunition, ..Default::default() };
    assert_eq!(strength(&at(12, Ammunition::Shot)).strength, Ratio::whole(6));
    assert_eq!(strength(&at(13, Ammunition::Shot)).strength, Ratio::whole(3));
    assert_eq!(strength(&at(36, Ammunition::Shot)).strength, Ratio::ONE);
    assert_eq!(artillery_strength(&at(40, Ammunition::Shot), &FireRulings::default(), &Overrides::new()), Ok(None));
    assert_eq!(strength(&at(4, Ammunition::Canister)).strength, Ratio::whole(12));
    assert_eq!(strength(&at(4, Ammunition::DoubleCanister)).strength, Ratio::whole(20));
    assert_eq!(artillery_strength(&at(5, Ammunition::Canister), &FireRulings::default(), &Overrides::new()), Ok(None));
}

#[test]
fn other_guns_are_asked_for() {
    let gun = GunType {
        table: GunTable::Field,
        name: "3\" Ordnance Rifle".into(),
        class: GunClass::Rifle,
        parrott: false,
        siege: false,
    };
    let fire = ArtilleryFire { gun, range: Ratio::whole(20), ..Default::default() };
    let want = CellRef::new("Table 13", "3\" Ordnance Rifle", "Shot 24\"");
    assert_eq!(
        artillery_strength(&fire, &FireRulings::default(), &Overrides::new()),
        Err(RuleError::Missing(want.clone()))
    );
    let mut o = Overrides::new();
    o.set(want, Entered::Value(Ratio::whole(4)));
    assert_eq!(artillery_strength(&fire, &FireRulings::default(), &o).unwrap().unwrap().strength, Ratio::whole(4));
}

#[test]
fn rule_6_6_1_c_limber_move_unlimber_fires_at_half_effect() {
    let fire = ArtilleryFire { order: OrderKind::Move, ..Default::default() };
    assert_eq!(strength(&fire).strength, Ratio::whole(3));
}

#[test]
fn rule_4_3_3_modifiers() {
    // Woods: each 12" or fraction of light woods down 1; each 6" of heavy woods down 1.
    let fire = ArtilleryFire {
        range: Ratio::whole(30),
        light_woods_inches: Ratio::whole(13),
        heavy_woods_inches: Ratio::whole(6),
        ..Default::default()
    };
    assert_eq!(strength(&fire).row_shifts, -3);
    let cav = ArtilleryFire { target_charging_cavalry: true, ..Default::default() };
    assert_eq!(strength(&cav).row_shifts, -2);
    let ch = ArtilleryFire { order: OrderKind::ConditionalHold, pivot: Pivot::Over90, ..Default::default() };
    assert_eq!(strength(&ch).strength, Ratio::whole(3));
    let over90 = ArtilleryFire { pivot: Pivot::Over90, ..Default::default() };
    assert_eq!(strength(&over90).strength, Ratio::whole(3));
    let fr = ArtilleryFire { order: OrderKind::FirstFire, pivot: Pivot::UpTo45, ..Default::default() };
    assert!(artillery_strength(&fr, &FireRulings::default(), &Overrides::new()).is_err());
    let green = ArtilleryFire { crew_quality: Quality::GreenOrTired, ..Default::default() };
    assert_eq!(
        artillery_strength(&green, &FireRulings::default(), &Overrides::new()),
        Err(RuleError::Missing(CellRef::new("Table 14", "Green/Tired Crew", "modifier")))
    );
}

#[test]
fn rule_4_3_6_a_battery_one_section_pivoted_shifts_the_whole_battery() {
    let a = ArtilleryFire { range: Ratio::whole(20), ..Default::default() };
    let b = ArtilleryFire { pivot: Pivot::Over45, ..a.clone() };
    let s = battery_strength(&[a.clone(), b.clone(), b], &FireRulings::default(), &Overrides::new()).unwrap().unwrap();
    assert_eq!((s.strength, s.row_shifts), (Ratio::whole(9), -1));
    // Woods counted per inch band: 13" of light woods is down 2 for the battery, not down 1.
    let w = ArtilleryFire { light_woods_inches: Ratio::whole(13), range: Ratio::whole(30), ..Default::default() };
    let s = battery_strength(&[w.clone(), w], &FireRulings::default(), &Overrides::new()).unwrap().unwrap();
    assert_eq!((s.strength, s.row_shifts), (Ratio::whole(2), -2));
}

#[test]
fn rule_4_3_6_a_five_kills_two_saved_crew_eliminated_one_on_b() {
    let c = crew_casualties(0, 3);
    assert_eq!((c.crew_eliminated, c.excess_to_adjacent, c.kills_this_turn), (true, 1, 2));
    let one = crew_casualties(0, 1);
    assert!(!one.crew_eliminated && one.crew_kill_check);
    assert_eq!(crew_casualties(2, 2).excess_to_adjacent, 2);
    assert!(crew_casualties(1, 1).crew_eliminated);
}

#[test]
fn rule_4_3_4_a_ammunition_limits() {
    let o = Overrides::new();
    let two = combat_result(Ratio::whole(100), 0, Table10Roll::TwoDice(TwoDice::new(1, 1).unwrap()), &o).unwrap();
    let canister = ArtilleryFire { ammunition: Ammunition::Canister, range: Ratio::whole(3), ..Default::default() };
    let out = canister.outcome(&two, true, &FireRulings::default());
    assert_eq!(out.ammunition, ArtilleryAmmunition { canister_used: 1, low_on_shot: false });
    let spent = ArtilleryFire {
        ammunition_state: ArtilleryAmmunition { canister_used: 3, low_on_shot: false },
        ammunition: Ammunition::DoubleCanister,
        ..canister
    };
    assert!(artillery_strength(&spent, &FireRulings::default(), &o).is_err());
    assert!(spent.outcome(&two, true, &FireRulings::default()).fear_of_charge_check_first);
    let mut parrott = ArtilleryFire::default();
    parrott.gun.parrott = true;
    let f9 = FireRulings { parrott_rifles: true, ..Default::default() };
    let out = parrott.outcome(&two, true, &f9);
    assert!(out.parrott_burst && !out.ammunition.low_on_shot);
    assert!(parrott.outcome(&two, true, &FireRulings::default()).ammunition.low_on_shot);
}

#[test]
fn rule_4_3_6_c_indirect_fire_conditions() {
    let w = Ratio::whole;
    let r = FireRulings::default();
    assert_eq!(indirect_fire(GunClass::Smoothbore, w(6), w(18), w(4), w(5), false, &r), Ok(Visibility::Blind));
    assert!(indirect_fire(GunClass::Rifle, w(6), w(18), w(4), w(5), false, &r).is_err());
    assert!(indirect_fire(GunClass::Smoothbore, w(13), w(18), w(4), w(5), false, &r).is_err());
    assert!(indirect_fire(GunClass::Smoothbore, w(6), w(11), w(4), w(5), false, &r).is_err());
    assert!(indirect_fire(GunClass::Smoothbore, w(6), w(18), w(2), w(5), false, &r).is_err());
}

#[test]
fn rule_4_3_6_d_through_friendly_skirmishers() {
    let fire = ArtilleryFire { through_friendly_skirmishers: true, ..Default::default() };
    assert_eq!(strength(&fire).strength, Ratio::whole(3));
    let r = combat_result(Ratio::whole(100), 0, Table10Roll::TwoDice(TwoDice::new(3, 3).unwrap()), &Overrides::new())
        .unwrap();
    assert!(fire.outcome(&r, true, &FireRulings::default()).friendly_skirmishers_hit);
    assert!(!fire.outcome(&r, false, &FireRulings::default()).friendly_skirmishers_hit);
    let canister = ArtilleryFire { ammunition: Ammunition::Canister, range: Ratio::whole(3), ..fire };
    assert!(artillery_strength(&canister, &FireRulings::default(), &Overrides::new()).is_err());
}

#[test]
fn rule_4_3_5_a_counterbattery_saves_by_gun_type() {
    let d = |f: u8| Die::new(f).unwrap();
    let r = FireRulings::default();
    let o = Overrides::new();
    assert_eq!(counterbattery(1, GunClass::Smoothbore, None, &[d(5)], &r, &o), Ok(false));
    assert_eq!(counterbattery(1, GunClass::Rifle, None, &[d(5)], &r, &o), Ok(true));
    assert_eq!(counterbattery(1, GunClass::Whitworth, None, &[d(4)], &r, &o), Ok(true));
    // In heavy works (1-5) a rifle gets best (5) + 1 = 6: every kill saved.
    assert_eq!(counterbattery(1, GunClass::Rifle, Some((Fortification::HeavyWorks, 0)), &[d(6)], &r, &o), Ok(false));
}

#[test]
fn rule_9_1_5_and_9_3_3_b_works_and_buildings() {
    // "three kills equals 3" destroyed".
    assert_eq!(works_destroyed_inches(3), 3);
    let fire = ArtilleryFire { target_works: Some(WorksTarget::Heavy), range: Ratio::whole(10), ..Default::default() };
    assert_eq!(strength(&fire).strength, Ratio::new(3, 2).unwrap());
    let siege = ArtilleryFire { gun: GunType { siege: true, ..fire.gun.clone() }, ..fire };
    assert_eq!(strength(&siege).row_shifts, 1);
    assert!(building_destroyed(false, 1) && !building_destroyed(true, 1) && building_destroyed(true, 2));
}

#[test]
fn appendix_b_seacoast_and_columbiad_pivot() {
    let gun = GunType::printed("32# Gun").unwrap();
    let fire = ArtilleryFire {
        gun: gun.clone(),
        ammunition: Ammunition::Canister,
        range: Ratio::whole(6),
        ..Default::default()
    };
    assert_eq!(strength(&fire).strength, Ratio::whole(20));
    let col = ArtilleryFire {
        gun: GunType::printed("8\" Columbiad").unwrap(),
        ammunition: Ammunition::Canister,
        range: Ratio::whole(5),
        pivot: Pivot::Over90,
        ..Default::default()
    };
    assert_eq!(strength(&col).strength, Ratio::new(30, 4).unwrap());
}

proptest! {
    #[test]
    fn artillery_never_panics(range in 0u32..80, pivot in 0usize..4, order in 0usize..7, q in 0usize..4, lw in 0u32..40, hw in 0u32..40) {
        let pivots = [Pivot::None, Pivot::UpTo45, Pivot::Over45, Pivot::Over90];
        let orders = [OrderKind::Move, OrderKind::FormationChange, OrderKind::Disengage, OrderKind::FirstFire, OrderKind::Charge, OrderKind::Hold, OrderKind::ConditionalHold];
        let fire = ArtilleryFire { range: Ratio::whole(range), pivot: pivots[pivot], order: orders[order], crew_quality: Quality::ALL[q], light_woods_inches: Ratio::whole(lw), heavy_woods_inches: Ratio::whole(hw), ..Default::default() };
        let _ = artillery_strength(&fire, &FireRulings::default(), &Overrides::new());
    }
}
