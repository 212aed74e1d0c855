//! The movement tests: the whole file is `#[cfg(test)]`, declared so in `movement/mod.rs`.

use super::*;
use crate::rules::tables::t03_movement_rates::RateColumn;
use crate::rules::tables::t04_movement_conditions::Path;
use crate::rules::unit::{MoraleLevel, OrderKind};
use crate::rules::{Chance, Die, Entered, Source};
use proptest::prelude::*;

fn o() -> Overrides {
    Overrides::new()
}

fn r() -> MovementRulings {
    MovementRulings::default()
}

fn w(n: u32) -> Ratio {
    Ratio::whole(n)
}

fn inf(formation: Formation) -> Mover {
    Mover::Regiment { arm: Arm::Infantry, formation, routed: false, stands: 5 }
}

fn open() -> Ground {
    Ground::Terrain(TerrainType::Open)
}

fn broken() -> Ground {
    Ground::Terrain(TerrainType::Broken)
}

fn rough() -> Ground {
    Ground::Terrain(TerrainType::Rough)
}

fn go(mover: Mover, ground: Ground, bmp: Option<u8>, manoeuvres: Vec<Manoeuvre>) -> RuleResult<Allowance> {
    allowance(&MoveRequest { mover, ground, bmp, manoeuvres }, &o(), &r())
}

#[test]
fn rule_6_2_line_in_open_is_5_or_8_with_a_disorder_roll() {
    let a = go(inf(Formation::Line), open(), None, vec![]).unwrap();
    assert_eq!(a.without_disorder, w(5));
    assert_eq!(a.with_disorder_roll, Some(w(8)));
    assert_eq!(a.disorder_check, DisorderCheck::IfBeyondFirst);
    assert_eq!(a.rate.source, Source::Printed);
}

#[test]
fn rule_2_1_1_routed_infantry_in_broken_must_move_6() {
    let routed = Mover::Regiment { arm: Arm::Infantry, formation: Formation::Disorder, routed: true, stands: 5 };
    let a = go(routed, broken(), None, vec![]).unwrap();
    assert_eq!(a.without_disorder, w(6));
    assert_eq!(a.with_disorder_roll, None);
    assert!(a.moves_in_disorder && a.mandatory);
    assert_eq!(a.rate.source, Source::RuleText("2.1.1".into()));
    // Routed crews move as routed infantry (6.6.5).
    assert_eq!(go(Mover::Crew { routed: true }, broken(), None, vec![]).unwrap().without_disorder, w(6));
    // In open the routed row is not in the transcription: the players are asked for it.
    assert_eq!(
        go(routed, open(), None, vec![]),
        Err(RuleError::Missing(CellRef::new("Table 3", "Infantry Routed", "Open")))
    );
}

#[test]
fn rule_6_4_1_formation_change_reaches_skirmish_rate() {
    let reach = |g| formation_change_reach(false, g, &o(), &r()).unwrap().value;
    assert_eq!(reach(open()), w(12));
    assert_eq!(reach(broken()), w(6));
    assert_eq!(reach(rough()), w(3));
}

#[test]
fn rule_6_4_4_skirmishers_cross_fence_into_woods_at_6() {
    let crossing = fence_crossing(Formation::MarchColumn, false);
    let ground = ground_with_fence(open(), crossing);
    assert_eq!(ground, broken());
    assert!(crossing.leaves_gap);
    let a = go(inf(Formation::Skirmish), ground, None, vec![]).unwrap();
    assert_eq!(a.without_disorder, w(6));
    assert_eq!(a.disorder_check, DisorderCheck::Never);
}

#[test]
fn rule_6_5_5_front_to_flank_three_moves() {
    // The column turns front-to-flank and crosses the fence in line: 5" - 2" = 3", disorder roll.
    let a = go(inf(Formation::Line), broken(), None, vec![Manoeuvre::FrontToFlank]).unwrap();
    assert_eq!(a.with_disorder_roll, Some(w(3)));
    assert_eq!(a.costs, vec![MoveCost { what: "front-to-flank", rule: "6.5.5", inches: w(2) }]);
    // The line moves at maximum open rate, 6" onto the road and 2" to form column.
    let b = go(inf(Formation::Line), open(), None, vec![Manoeuvre::FrontToFlank]).unwrap();
    assert_eq!(b.with_disorder_roll, Some(w(6)));
    // The column moves 14" down the road and uses the last 2" of the maximum road rate.
    let c = go(inf(Formation::MarchColumn), Ground::Road, None, vec![Manoeuvre::FrontToFlank]).unwrap();
    assert_eq!(c.with_disorder_roll, Some(w(14)));
    for x in [a, b, c] {
        assert_eq!(x.disorder_check, DisorderCheck::IfBeyondFirst);
    }
}

#[test]
fn rule_6_5_6_about_face() {
    // Regiment A moves back 8" facing away: the about face is free.
    let a = go(inf(Formation::Line), open(), None, vec![Manoeuvre::AboutFace { facing_front: false }]).unwrap();
    assert_eq!(a.with_disorder_roll, Some(w(8)));
    // Regiment B moves back 4" facing the enemy: half the rate, and it rolls at that maximum.
    let b = go(inf(Formation::Line), open(), None, vec![Manoeuvre::AboutFace { facing_front: true }]).unwrap();
    assert_eq!(b.with_disorder_roll, Some(w(4)));
    assert_eq!(b.without_disorder, Ratio::new(5, 2).unwrap());
    assert_eq!(b.disorder_check, DisorderCheck::IfBeyondFirst);
    assert_eq!(b.halved_by, vec![Halving { what: "backwards facing the front", rule: "6.5.6" }]);
}

#[test]
fn rule_6_5_7_rear_march_uses_short_rate_and_always_rolls() {
    let a = go(inf(Formation::MarchColumn), open(), None, vec![Manoeuvre::RearMarch]).unwrap();
    assert_eq!(a.without_disorder, w(9));
    assert_eq!(a.with_disorder_roll, None);
    assert_eq!(a.disorder_check, DisorderCheck::Always);
    assert!(go(inf(Formation::Line), open(), None, vec![Manoeuvre::RearMarch]).is_err());
}

#[test]
fn rule_6_5_3_wheel_costs_1_or_2() {
    let a = go(inf(Formation::Line), rough(), None, vec![Manoeuvre::Wheel { at_least_45: false }]).unwrap();
    assert_eq!((a.without_disorder, a.with_disorder_roll), (w(0), Some(w(1))));
    let b = go(inf(Formation::Line), open(), None, vec![Manoeuvre::Wheel { at_least_45: true }]).unwrap();
    assert_eq!((b.without_disorder, b.with_disorder_roll), (w(3), Some(w(6))));
    assert!(go(inf(Formation::MarchColumn), open(), None, vec![Manoeuvre::Wheel { at_least_45: true }]).is_err());
}

#[test]
fn rule_6_5_2_oblique_over_45_moves_in_disorder() {
    let req = go(inf(Formation::Line), open(), None, vec![Manoeuvre::Oblique { over_45: true }]).unwrap();
    assert!(req.moves_in_disorder);
    assert_eq!(req.cell, CellRef::new("Table 3", "Infantry Disorder", "Open"));
    assert_eq!(req.without_disorder, w(6));
    // One or two stands remaining move freely (6.4.2.c).
    let two = Mover::Regiment { arm: Arm::Infantry, formation: Formation::Line, routed: false, stands: 2 };
    assert!(!go(two, open(), None, vec![Manoeuvre::Oblique { over_45: true }]).unwrap().moves_in_disorder);
}

#[test]
fn rule_6_3_3_split_moves() {
    let line = inf(Formation::Line);
    // Regiment A: half a broken move to clear the fence, half an open move, both at the greater rate.
    let a = split_move(line, broken(), open(), &o(), &r()).unwrap();
    assert_eq!(a.first.with_disorder_roll, Some(Ratio::new(5, 2).unwrap()));
    assert_eq!(a.second.with_disorder_roll, Some(w(4)));
    assert!(a.disorder_roll_needed(Ratio::new(5, 2).unwrap(), w(4)));
    // Regiment B: half a normal open move, then half a normal broken move: no roll.
    let b = split_move(line, open(), broken(), &o(), &r()).unwrap();
    assert!(!b.disorder_roll_needed(Ratio::new(5, 2).unwrap(), Ratio::new(3, 2).unwrap()));
    // Regiment C, in column: half a normal road move and half a normal broken move.
    let c = split_move(inf(Formation::MarchColumn), Ground::Road, broken(), &o(), &r()).unwrap();
    assert_eq!(c.first.without_disorder, w(6));
    assert_eq!(c.second.without_disorder, Ratio::new(5, 2).unwrap());
    assert!(!c.disorder_roll_needed(w(6), Ratio::new(5, 2).unwrap()));
    // Artillery never splits.
    let gun = Mover::Gun { weight: GunWeight::Light, how: GunMove::Limbered };
    assert!(split_move(gun, open(), broken(), &o(), &r()).is_err());
}

#[test]
fn rule_6_3_2_worst_terrain_governs() {
    assert_eq!(TerrainType::worst(&[TerrainType::Open, TerrainType::Rough]), Some(TerrainType::Rough));
    assert_eq!(TerrainType::Open.better(TerrainType::Broken), TerrainType::Open);
    assert_eq!(TerrainType::worst(&[]), None);
}

#[test]
fn rule_6_3_4_columns_through_a_gap_ignore_the_fence() {
    let through = fence_crossing(Formation::MarchColumn, true);
    assert_eq!(ground_with_fence(Ground::Road, through), Ground::Road);
    let line = fence_crossing(Formation::Line, false);
    assert_eq!(ground_with_fence(rough(), line), rough());
    assert!(!line.leaves_gap);
}

#[test]
fn rule_6_6_1_light_gun_limbers_for_half_its_open_move() {
    let gun = Mover::Gun { weight: GunWeight::Light, how: GunMove::Limbered };
    let a = go(gun, open(), None, vec![Manoeuvre::Limber, Manoeuvre::Unlimber]).unwrap();
    assert_eq!(a.costs[0], MoveCost { what: "limber", rule: "6.6.1", inches: w(6) });
    assert_eq!(a.costs[1].inches, w(0));
    assert_eq!(a.without_disorder, w(6));
    assert_eq!(a.may_fire_after_limbering, Some(true));
    // The heavy gun's cost to limber is not in the transcription.
    let heavy = Mover::Gun { weight: GunWeight::Heavy, how: GunMove::Limbered };
    assert_eq!(
        go(heavy, open(), None, vec![Manoeuvre::Limber]),
        Err(RuleError::Missing(CellRef::new("Table 3", "Heavy", "Cost to Limber")))
    );
}

#[test]
fn rule_6_6_2_prolonge_is_half_the_limbered_rate() {
    let gun = Mover::Gun { weight: GunWeight::Heavy, how: GunMove::Prolonge };
    assert_eq!(go(gun, open(), None, vec![]).unwrap().without_disorder, w(5));
}

#[test]
fn rule_6_6_3_hand_push_of_a_very_light_gun_in_broken() {
    let gun = Mover::Gun { weight: GunWeight::VeryLight, how: GunMove::HandPush };
    assert_eq!(go(gun, broken(), None, vec![]).unwrap().without_disorder, w(3));
    let rulings = MovementRulings { very_light_broken_hand_push: VeryLightBrokenHandPush::Rule663, ..r() };
    let a = allowance(&MoveRequest { mover: gun, ground: broken(), bmp: None, manoeuvres: vec![] }, &o(), &rulings)
        .unwrap();
    assert_eq!(a.without_disorder, w(4));
    assert_eq!(a.rate.source, Source::RuleText("6.6.3".into()));
}

#[test]
fn rule_6_6_5_crews_move_as_skirmishers() {
    assert_eq!(go(Mover::Crew { routed: false }, open(), None, vec![]).unwrap().without_disorder, w(12));
}

#[test]
fn rule_6_7_2_mounting_and_dismounting() {
    // The 15th Virginia falls back in disorder to its horses: 6" in open - 3 BMP = 3".
    let on_foot = Mover::Regiment {
        arm: Arm::Cavalry { mounted: false },
        formation: Formation::Disorder,
        routed: false,
        stands: 5,
    };
    let a = go(on_foot, open(), Some(3), vec![Manoeuvre::Mount { at_start: false }]).unwrap();
    assert_eq!(a.without_disorder, w(3));
    assert_eq!(a.rate.source, Source::RuleText("6.7.2".into()));
    // Mounted at the start, it dismounts and moves as skirmishers: 12" - 3 BMP = 9".
    let skirm = Mover::Regiment {
        arm: Arm::Cavalry { mounted: false },
        formation: Formation::Skirmish,
        routed: false,
        stands: 5,
    };
    let b = go(skirm, open(), Some(3), vec![Manoeuvre::Dismount { at_start: true }]).unwrap();
    assert_eq!(b.without_disorder, w(9));
    // The mounted column on the road dismounts at the end: 20" - 2 x 3 BMP = 14" (24" long move).
    let column = Mover::Regiment {
        arm: Arm::Cavalry { mounted: true },
        formation: Formation::MarchColumn,
        routed: false,
        stands: 5,
    };
    let c = go(column, Ground::Road, Some(3), vec![Manoeuvre::Dismount { at_start: false }]).unwrap();
    assert_eq!(c.without_disorder, w(14));
    assert_eq!(c.with_disorder_roll, Some(w(18)));
    assert_eq!(c.dismounted_advance, Some(w(1)));
    // Inconsistent declarations are refused.
    assert!(go(column, Ground::Road, Some(3), vec![Manoeuvre::Dismount { at_start: true }]).is_err());
    assert!(go(column, Ground::Road, None, vec![Manoeuvre::Dismount { at_start: false }]).is_err());
    assert!(go(inf(Formation::Line), open(), Some(3), vec![Manoeuvre::Mount { at_start: false }]).is_err());
}

#[test]
fn rule_6_7_1_dismounted_cavalry_moves_as_infantry() {
    let dis =
        Mover::Regiment { arm: Arm::Cavalry { mounted: false }, formation: Formation::Line, routed: false, stands: 4 };
    assert_eq!(go(dis, open(), None, vec![]).unwrap(), go(inf(Formation::Line), open(), None, vec![]).unwrap());
    let mounted =
        Mover::Regiment { arm: Arm::Cavalry { mounted: true }, formation: Formation::Line, routed: false, stands: 5 };
    assert_eq!(
        go(mounted, open(), None, vec![]),
        Err(RuleError::Missing(CellRef::new("Table 3", "Cavalry Line", "Open")))
    );
    let attack = Mover::Regiment {
        arm: Arm::Cavalry { mounted: true },
        formation: Formation::AttackColumn,
        routed: false,
        stands: 5,
    };
    assert!(matches!(go(attack, open(), None, vec![]), Err(RuleError::OutOfRange { .. })));
}

#[test]
fn rule_6_2_disorder_roll_modifiers() {
    let face = |f| Die::new(f).unwrap();
    // Roll higher than BMP 3 to avoid disorder.
    assert_eq!(disorder_roll(3, false, Arm::Infantry, face(3)).unwrap(), DisorderResult::Disordered);
    assert_eq!(disorder_roll(3, true, Arm::Infantry, face(3)).unwrap(), DisorderResult::Steady);
    assert_eq!(
        disorder_roll(3, false, Arm::MountedInfantry { mounted: true }, face(4)).unwrap(),
        DisorderResult::Disordered
    );
    // Dismounted mounted infantry has none of the dismounted cavalry penalties (6.7.3).
    assert_eq!(disorder_target(3, false, Arm::MountedInfantry { mounted: false }), 3);
    assert_eq!(disorder_odds(3, false, Arm::Infantry).unwrap().chance_of(&DisorderResult::Steady), Chance::new(1, 2));
    assert!(disorder_roll(13, false, Arm::Infantry, face(6)).is_err());
}

#[test]
fn rule_6_5_8_b_gun_accident_on_saves_plus_one() {
    for f in 1..=6u8 {
        assert_eq!(special::gun_accident(2, Die::new(f).unwrap()).unwrap(), f <= 3);
        assert_eq!(special::gun_accident(0, Die::new(f).unwrap()).unwrap(), f == 1);
    }
    assert_eq!(special::gun_accident_odds(2).unwrap(), Chance::new(1, 2));
}

#[test]
fn rule_6_5_8_disengage_bonus() {
    let d = disengage_gun(GunWeight::Light, Ground::Road, &o(), &r()).unwrap();
    assert_eq!((d.must_move.value, d.bonus_up_to.value), (w(16), w(4)));
    // The infantry disorder row on a road is not in the transcription.
    assert!(matches!(disengage_regiment(Arm::Infantry, Ground::Road, &o(), &r()), Err(RuleError::Missing(_))));
}

#[test]
fn rule_2_1_2_forced_rout_dice() {
    let d = |f| Die::new(f).unwrap();
    assert_eq!(forced_rout_distance(Path::Road, &[d(1), d(2), d(3), d(4)], &r()).unwrap(), w(10));
    assert!(forced_rout_distance(Path::Road, &[d(1)], &r()).is_err());
    let odds = forced_rout_odds(Path::Open, &r());
    assert_eq!(odds.total(), Chance::ALWAYS);
    assert_eq!(odds.chance_of(&18), Chance::new(1, 216));
    // At night the open is treated as broken (Appendix F.15).
    let night = MovementRulings { night: true, ..r() };
    assert_eq!(forced_rout_dice(Path::Open, &night), 2);
}

#[test]
fn appendix_f_15_night_moves_one_level_worse() {
    let night = MovementRulings { night: true, ..r() };
    let a = allowance(
        &MoveRequest { mover: inf(Formation::Line), ground: open(), bmp: None, manoeuvres: vec![] },
        &o(),
        &night,
    )
    .unwrap();
    assert_eq!(a.with_disorder_roll, Some(w(5)));
    assert_eq!(rough().at_night(), rough());
}

#[test]
fn rule_6_8_5_standing_up_costs_1() {
    let a = go(inf(Formation::Line), open(), None, vec![Manoeuvre::StandUp]).unwrap();
    assert_eq!((a.without_disorder, a.with_disorder_roll), (w(4), Some(w(7))));
}

#[test]
fn rule_6_8_7_rushes_at_half_rates() {
    let a = go(inf(Formation::Skirmish), broken(), None, vec![Manoeuvre::Rushes]).unwrap();
    assert_eq!(a.without_disorder, w(3));
    assert!(go(inf(Formation::Line), broken(), None, vec![Manoeuvre::Rushes]).is_err());
}

#[test]
fn rule_6_8_merged_and_detached_units() {
    assert!(check_merge(5, &[w(3), Ratio::new(5, 2).unwrap()]).is_ok());
    assert!(check_merge(5, &[Ratio::new(7, 2).unwrap()]).is_err());
    assert!(check_detached_skirmishers(2, w(6)).is_ok());
    assert!(check_detached_skirmishers(3, w(1)).is_err());
    assert!(check_detached_skirmishers(1, Ratio::new(13, 2).unwrap()).is_err());
}

#[test]
fn rule_6_9_officer_movement() {
    assert_eq!(
        go(Mover::Officer { giving_benefits: false }, open(), None, vec![]),
        Err(RuleError::Missing(CellRef::new("Table 3", "Officer", "Open")))
    );
    let mut ov = o();
    ov.set(CellRef::new("Table 3", "Officer", "Open"), Entered::Value(w(20)));
    ov.set(CellRef::new("Table 3", "Officer", "Open (Y, with disorder roll)"), Entered::NotApplicable);
    let req =
        MoveRequest { mover: Mover::Officer { giving_benefits: true }, ground: open(), bmp: None, manoeuvres: vec![] };
    let a = allowance(&req, &ov, &r()).unwrap();
    assert_eq!(a.without_disorder, w(10));
    assert_eq!(a.rate.source, Source::Entered);
    assert!(officer_may_give_benefits(w(10), w(20), false));
    assert!(!officer_may_give_benefits(w(11), w(20), false));
    assert!(officer_may_give_benefits(w(30), w(20), true));
}

#[test]
fn rule_4_2_4_b_resupply_returns_after_one_die() {
    assert_eq!(resupply_return_turn(3, Die::new(4).unwrap()), 7);
    assert_eq!(resupply_odds().total(), Chance::ALWAYS);
}

#[test]
fn na_cells_refuse_the_formation() {
    // A line cannot use the road rate (6.3.1).
    assert!(matches!(go(inf(Formation::Line), Ground::Road, None, vec![]), Err(RuleError::OutOfRange { .. })));
    // A march column on a trail in broken terrain: 8" (Table 3, 12-8-4).
    assert_eq!(
        go(inf(Formation::MarchColumn), Ground::Trail(TerrainType::Broken), None, vec![]).unwrap().without_disorder,
        w(8)
    );
}

#[test]
fn overrides_replace_shipped_values() {
    let mut ov = o();
    ov.set(CellRef::new("Table 3", "Infantry Line", "Open"), Entered::Value(w(4)));
    let rate = troop_rate(MoveRow::Line, RateColumn::Open, &ov).unwrap();
    assert_eq!(rate.value, Rate::Two { without_disorder: w(4), with_disorder_roll: w(8) });
    ov.set(CellRef::new("Table 3", "Infantry Line", "Open (Y, with disorder roll)"), Entered::NotApplicable);
    assert_eq!(troop_rate(MoveRow::Line, RateColumn::Open, &ov).unwrap().value, Rate::One(w(4)));
    // A missing two-number entry asks for its second number once the first is entered.
    let mut ov = o();
    ov.set(CellRef::new("Table 3", "Infantry Attack Column", "Broken"), Entered::Value(w(4)));
    assert_eq!(
        troop_rate(MoveRow::AttackColumn, RateColumn::Broken, &ov),
        Err(RuleError::Missing(CellRef::new("Table 3", "Infantry Attack Column", "Broken (Y, with disorder roll)")))
    );
}

fn arb_arm() -> impl Strategy<Value = Arm> {
    prop_oneof![
        Just(Arm::Infantry),
        any::<bool>().prop_map(|mounted| Arm::Cavalry { mounted }),
        any::<bool>().prop_map(|mounted| Arm::MountedInfantry { mounted }),
        Just(Arm::Artillery),
    ]
}

fn arb_formation() -> impl Strategy<Value = Formation> {
    prop_oneof![
        Just(Formation::Line),
        Just(Formation::MarchColumn),
        Just(Formation::Skirmish),
        Just(Formation::Disorder),
        Just(Formation::AttackColumn),
        Just(Formation::BrigadeColumn),
        Just(Formation::ExtendedLine),
        Just(Formation::Limbered),
        Just(Formation::Unlimbered),
    ]
}

fn arb_ground() -> impl Strategy<Value = Ground> {
    let t = prop_oneof![Just(TerrainType::Open), Just(TerrainType::Broken), Just(TerrainType::Rough)];
    prop_oneof![Just(Ground::Road), t.clone().prop_map(Ground::Terrain), t.prop_map(Ground::Trail)]
}

fn arb_manoeuvre() -> impl Strategy<Value = Manoeuvre> {
    prop_oneof![
        any::<bool>().prop_map(|over_45| Manoeuvre::Oblique { over_45 }),
        any::<bool>().prop_map(|at_least_45| Manoeuvre::Wheel { at_least_45 }),
        Just(Manoeuvre::Turn),
        Just(Manoeuvre::FrontToFlank),
        any::<bool>().prop_map(|facing_front| Manoeuvre::AboutFace { facing_front }),
        Just(Manoeuvre::RearMarch),
        Just(Manoeuvre::StandUp),
        any::<bool>().prop_map(|at_start| Manoeuvre::Mount { at_start }),
        any::<bool>().prop_map(|at_start| Manoeuvre::Dismount { at_start }),
        Just(Manoeuvre::Limber),
        Just(Manoeuvre::Unlimber),
        Just(Manoeuvre::Rushes),
    ]
}

fn arb_mover() -> impl Strategy<Value = Mover> {
    let weight = prop_oneof![Just(GunWeight::VeryLight), Just(GunWeight::Light), Just(GunWeight::Heavy)];
    let how = prop_oneof![Just(GunMove::Limbered), Just(GunMove::Prolonge), Just(GunMove::HandPush)];
    prop_oneof![
        (arb_arm(), arb_formation(), any::<bool>(), any::<u8>())
            .prop_map(|(arm, formation, routed, stands)| Mover::Regiment { arm, formation, routed, stands }),
        (weight, how).prop_map(|(weight, how)| Mover::Gun { weight, how }),
        any::<bool>().prop_map(|routed| Mover::Crew { routed }),
        any::<bool>().prop_map(|giving_benefits| Mover::Officer { giving_benefits }),
    ]
}

proptest! {
    #[test]
    fn allowance_never_panics_and_never_exceeds_the_rate(
        mover in arb_mover(),
        ground in arb_ground(),
        bmp in proptest::option::of(0u8..20),
        manoeuvres in proptest::collection::vec(arb_manoeuvre(), 0..4),
        night in any::<bool>(),
    ) {
        let rulings = MovementRulings { night, ..MovementRulings::default() };
        if let Ok(a) = allowance(&MoveRequest { mover, ground, bmp, manoeuvres }, &Overrides::new(), &rulings) {
            let max = a.rate.value.maximum().unwrap();
            prop_assert!(!exceeds(a.without_disorder, max));
            if let Some(y) = a.with_disorder_roll {
                prop_assert!(!exceeds(y, max));
                prop_assert!(!exceeds(a.without_disorder, y));
            }
        }
    }

    #[test]
    fn disorder_odds_sum_to_one(bmp in 0u8..13, officer in any::<bool>(), arm in arb_arm()) {
        let d = disorder_odds(bmp, officer, arm).unwrap();
        prop_assert_eq!(d.total(), Chance::ALWAYS);
        for face in Die::FACES {
            let r = disorder_roll(bmp, officer, arm, face).unwrap();
            prop_assert_eq!(r == DisorderResult::Steady, (face.face() as i16) > disorder_target(bmp, officer, arm));
        }
    }

    #[test]
    fn forced_rout_distance_lies_between_n_and_6n(faces in proptest::collection::vec(1u8..=6, 1..=4)) {
        let dice: Vec<Die> = faces.iter().map(|f| Die::new(*f).unwrap()).collect();
        for path in Path::ALL {
            let n = forced_rout_dice(path, &MovementRulings::default()) as usize;
            match forced_rout_distance(path, &dice, &MovementRulings::default()) {
                Ok(d) => {
                    prop_assert_eq!(dice.len(), n);
                    prop_assert!(!exceeds(Ratio::whole(n as u32), d) && !exceeds(d, Ratio::whole(6 * n as u32)));
                }
                Err(_) => prop_assert_ne!(dice.len(), n),
            }
        }
    }
}

#[test]
fn rule_6_4_3_adjustments_and_6_8_3_extended_line() {
    assert!(!adjustment_penalises_whole_regiment(1, 5));
    assert!(adjustment_penalises_whole_regiment(3, 5));
    assert!(adjustment_penalises_whole_regiment(2, 4));
    assert!(!needs_formation_change_order(Formation::Line, Formation::ExtendedLine));
    assert!(needs_formation_change_order(Formation::ExtendedLine, Formation::Line));
    assert!(!needs_formation_change_order(Formation::MarchColumn, Formation::Skirmish));
    assert!(needs_formation_change_order(Formation::Skirmish, Formation::Line));
    assert!(needs_formation_change_order(Formation::Disorder, Formation::Line));
}

#[test]
fn rule_6_4_2_b_moving_through_friends() {
    assert_eq!(through_friend_rolls(Formation::Line, Formation::Skirmish, false), (false, false));
    assert_eq!(through_friend_rolls(Formation::MarchColumn, Formation::Line, false), (true, true));
    assert_eq!(through_friend_rolls(Formation::MarchColumn, Formation::Line, true), (true, false));
}

#[test]
fn rule_6_4_4_reform_from_skirmish_odds() {
    assert_eq!(reform_from_skirmish_odds(3, false, Arm::Infantry).unwrap(), Chance::new(1, 2));
    assert_eq!(reform_from_skirmish_odds(3, true, Arm::Infantry).unwrap(), Chance::new(2, 3));
}

#[test]
fn rule_5_3_2_charge_examples_use_table_3() {
    // "a normal move of 5" in open terrain" and "normal non-disordered line move of 3" for broken".
    assert_eq!(go(inf(Formation::Line), open(), None, vec![]).unwrap().without_disorder, w(5));
    assert_eq!(go(inf(Formation::Line), broken(), None, vec![]).unwrap().without_disorder, w(3));
}

#[test]
fn rule_6_4_2_a_reform_from_disorder() {
    assert!(may_reform_from_disorder(MoraleLevel::Shaken, OrderKind::FormationChange));
    assert!(!may_reform_from_disorder(MoraleLevel::Routed, OrderKind::FormationChange));
    assert!(!may_reform_from_disorder(MoraleLevel::Good, OrderKind::Move));
}

#[test]
fn rule_6_5_7_rear_march_always_rolls() {
    let a = go(inf(Formation::MarchColumn), open(), None, vec![Manoeuvre::RearMarch]).unwrap();
    assert_eq!(a.disorder_roll_due(w(1)), Ok(true));
    assert!(a.disorder_roll_due(w(10)).is_err());
}

#[test]
fn rule_6_2_finish_move_with_disorder_roll() {
    let a = go(inf(Formation::Line), open(), None, vec![]).unwrap();
    let facts = DisorderFacts { bmp: 3, officer_present: true, arm: Arm::Infantry };
    let out = finish_move(&a, w(8), &facts, Some(Die::new(3).unwrap())).unwrap();
    assert_eq!(out.roll, Some(DisorderResult::Steady));
    assert!(!out.in_disorder);
    assert_eq!(disorder_chance_for_move(&a, w(8), &facts).unwrap(), Chance::new(1, 3));
    assert_eq!(disorder_chance_for_move(&a, w(5), &facts).unwrap(), Chance::NEVER);
    let ob = go(inf(Formation::Line), open(), None, vec![Manoeuvre::Oblique { over_45: true }]).unwrap();
    assert_eq!(disorder_chance_for_move(&ob, w(2), &facts).unwrap(), Chance::ALWAYS);
}

#[test]
fn every_missing_cell_is_asked_for_and_answerable() {
    let cells = table_3_missing_cells();
    // 11 missing troop rows plus partial rows; every ask resolves once entered.
    let mut ov = o();
    for c in &cells {
        ov.set(c.clone(), Entered::Value(w(4)));
    }
    for row in MoveRow::ALL {
        for column in RateColumn::ALL {
            assert!(troop_rate(row, column, &ov).is_ok(), "{row:?} {column:?}");
        }
    }
    for weight in crate::rules::tables::t03_movement_rates::WEIGHTS {
        assert!(cost_to_limber(weight, &ov).is_ok());
        assert!(gun_hand_push(weight, Ground::Trail(TerrainType::Rough), &ov, &r()).is_ok());
    }
    // Each missing cell appears once.
    let mut sorted = cells.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), cells.len());
}

#[test]
fn appendix_f_12_single_stands_move_in_disorder() {
    let one = Mover::Regiment { arm: Arm::Infantry, formation: Formation::Line, routed: false, stands: 1 };
    let f12 = MovementRulings { single_stands: true, ..r() };
    let a = allowance(&MoveRequest { mover: one, ground: open(), bmp: None, manoeuvres: vec![] }, &o(), &f12).unwrap();
    assert!(a.moves_in_disorder);
    assert_eq!(a.without_disorder, w(6));
    assert!(!go(one, open(), None, vec![]).unwrap().moves_in_disorder);
}

#[test]
fn rule_6_8_9_b_first_south_carolina_merged() {
    // The 1st South Carolina has the most figures, so its BMP of 3 is used; two stands of the
    // 17th Virginia attach: -2. With two stands lost (+4) and two regiments of the brigade lost
    // (+2, Table 6, the morale engineer's), the MMP is 7.
    let sc = MergedPart { figures: 9, figures_per_stand: 3, bmp: 3, stands: 3 };
    let va = MergedPart { figures: 4, figures_per_stand: 2, bmp: 4, stands: 2 };
    let (bmp, lead) = merged_unit_bmp(&[va, sc]).unwrap();
    assert_eq!((bmp, lead), (3, 1));
    let attached = *merged_attached_modifier(va.stands).value().unwrap();
    assert_eq!(bmp as i8 + 4 + 2 + attached, 7);
    assert!(check_merge(sc.stands + va.stands, &[w(3)]).is_ok());
    // Kills come from the regiment with fewer figures per stand (6.8.9.c).
    assert_eq!(merged_kills_from(&[va, sc]), vec![0]);
    // Equal figures: the lower BMP.
    let a = MergedPart { figures: 6, figures_per_stand: 3, bmp: 4, stands: 2 };
    let b = MergedPart { figures: 6, figures_per_stand: 3, bmp: 2, stands: 2 };
    assert_eq!(merged_unit_bmp(&[a, b]).unwrap(), (2, 1));
    assert_eq!(merged_kills_from(&[a, b]), vec![0, 1]);
    assert!(merged_unit_bmp(&[]).is_err());
}

#[test]
fn rule_6_4_1_column_to_line_legal_in_open_and_broken_not_rough() {
    // Extending a column of five into line on its lead stand: the last stand moves about 4".
    let moves = [w(1), w(2), w(3), w(4)];
    assert!(check_formation_change(false, open(), &moves, &o(), &r()).is_ok());
    assert!(check_formation_change(false, broken(), &moves, &o(), &r()).is_ok());
    assert!(check_formation_change(false, rough(), &moves, &o(), &r()).is_err());
}

#[test]
fn rule_6_7_2_b_horseholders() {
    assert!(horseholders_needed(3) && !horseholders_needed(2));
    assert!(horses_bolt(4, 4) && !horses_bolt(3, 4));
    assert_eq!(skirmish_spacing(true).1.value(), Some(&3));
    assert_eq!(skirmish_spacing(false).1.value(), Some(&2));
}

#[test]
fn rule_6_7_2_mounting_cost_by_the_three_examples() {
    // "6" in open - 3 BMP" (on foot), "12" in open - 3 BMP" (dismounted skirmishers),
    // "20" column on road - 2 x 3 BMP" (mounted).
    assert_eq!(mounting_cost(3, false).unwrap(), w(3));
    assert_eq!(mounting_cost(3, true).unwrap(), w(6));
    assert_eq!(sub_saturating(w(6), mounting_cost(3, false).unwrap()), w(3));
    assert_eq!(sub_saturating(w(12), mounting_cost(3, false).unwrap()), w(9));
    assert_eq!(sub_saturating(w(20), mounting_cost(3, true).unwrap()), w(14));
    assert!(mounting_cost(13, true).is_err());
}

#[test]
fn rule_6_5_5_front_to_flank_turns_column_and_line() {
    assert_eq!(front_to_flank(Formation::MarchColumn).unwrap(), Formation::Line);
    assert_eq!(front_to_flank(Formation::Line).unwrap(), Formation::MarchColumn);
    for f in [Formation::Skirmish, Formation::Disorder, Formation::AttackColumn, Formation::ExtendedLine] {
        assert!(front_to_flank(f).is_err());
    }
}
