use super::*;
use crate::force::Skill::*;
use crate::testkit::*;
use Region::*;
use proptest::prelude::*;

fn d(face: u8) -> D10 {
    D10::new(face).unwrap()
}

#[test]
fn rule_13_0_tactics_from_the_ratio() {
    assert_eq!(tactics(10, 9, None).unwrap(), Tactics::Aggressive);
    assert_eq!(tactics(9, 10, None).unwrap(), Tactics::Defensive);
    assert!(tactics(9, 9, None).is_err(), "a 1:1 asks for the roll");
    assert_eq!(tactics(9, 9, Some(d(0))).unwrap(), Tactics::Aggressive, "a 0 reads 10, even");
    assert_eq!(tactics(9, 9, Some(d(3))).unwrap(), Tactics::Defensive);
}

#[test]
fn rule_13_2_and_13_4_pools() {
    let a = pool(Tactics::Aggressive);
    let dfn = pool(Tactics::Defensive);
    assert_eq!((a.len(), dfn.len()), (14, 14));
    assert!(a.contains(&SpecialPlan::Charge) && a.contains(&SpecialPlan::WellStruck));
    assert!(!a.contains(&SpecialPlan::HardCover));
    assert_eq!(dfn.iter().filter(|p| **p == SpecialPlan::HardCover).count(), 2);
    assert_eq!(a.iter().filter(|p| **p == SpecialPlan::FogOfWar).count(), 4);
    assert!(a.contains(&SpecialPlan::ScreenedMarch), "ruling: 13.2's Hidden March is Screened March");
}

#[test]
fn rule_14_0_1_a_scout_removes_a_plan_for_the_battle() {
    let mut cup = Cup::filled(Tactics::Aggressive, vec![]);
    cup.remove_with_scout(SpecialPlan::Charge).unwrap();
    assert!(cup.remove_with_scout(SpecialPlan::Charge).is_err());
    cup.refill(Tactics::Defensive);
    cup.refill(Tactics::Aggressive);
    assert!(!cup.contents.contains(&SpecialPlan::Charge));
}

#[test]
fn rule_12_4_3_disrupt_returns_at_the_end_of_the_draw() {
    let mut cup = Cup::filled(Tactics::Defensive, vec![]);
    cup.disrupt(SpecialPlan::Smoke).unwrap();
    assert!(!cup.contents.contains(&SpecialPlan::Smoke));
    cup.end_of_draw();
    assert!(cup.contents.contains(&SpecialPlan::Smoke));
}

proptest! {
    /// The cup never holds more of a plan than its pool, whatever is drawn, returned, removed
    /// or refilled.
    #[test]
    fn cups_never_hold_more_than_their_pool(ops in proptest::collection::vec((0u8..6, 0usize..20), 0..60)) {
        let mut cup = Cup::filled(Tactics::Defensive, vec![]);
        for (op, n) in ops {
            match op {
                0 => { let _ = cup.draw(n); }
                1 => { if let Some(p) = cup.out.get(n % cup.out.len().max(1)).copied() { cup.give_back(p); } }
                2 => { let _ = cup.disrupt(pool(cup.tactics)[n % 14]); }
                3 => cup.end_of_draw(),
                4 => { let _ = cup.remove_with_scout(pool(cup.tactics)[n % 14]); }
                _ => cup.refill(if n % 2 == 0 { Tactics::Aggressive } else { Tactics::Defensive }),
            }
            let p = pool(cup.tactics);
            for plan in &p {
                let in_pool = p.iter().filter(|x| *x == plan).count();
                let scouted = cup.removed_for_battle.iter().filter(|x| *x == plan).count();
                prop_assert!(cup.accounted(*plan) + scouted.min(in_pool) <= in_pool);
            }
            prop_assert!(cup.contents.len() <= p.len());
        }
    }
}

#[test]
fn rule_14_2_default_plans_by_range() {
    let f = field(vec![
        union_inf(1, "Slocum", Conscript, 3, 3, UnionApproach),
        union_inf(2, "Smith", Conscript, 3, 3, UnionFront),
        force(3, "Battery", Loyalty::Union, ForceType::Artillery, Line, None, 4, None, UnionReserve),
        conf_inf(4, "Longstreet", Line, 3, 6, ConfederateApproach),
    ]);
    assert_eq!(default_plan(&f, 1, Tactics::Aggressive, false).unwrap(), DefaultPlan::Advance);
    assert_eq!(default_plan(&f, 1, Tactics::Defensive, false).unwrap(), DefaultPlan::Hold);
    assert_eq!(default_plan(&f, 2, Tactics::Aggressive, false).unwrap(), DefaultPlan::Advance);
    assert_eq!(default_plan(&f, 3, Tactics::Defensive, false).unwrap(), DefaultPlan::Combat);
    assert_eq!(default_plan(&f, 2, Tactics::Aggressive, true).unwrap(), DefaultPlan::Retreat);
    assert_eq!(default_plan(&f, 3, Tactics::Aggressive, true).unwrap(), DefaultPlan::Hold, "guns cannot Retreat");
    let near = field(vec![
        union_inf(2, "Smith", Conscript, 3, 3, UnionFront),
        conf_inf(4, "Longstreet", Line, 3, 6, ConfederateFront),
    ]);
    assert_eq!(default_plan(&near, 2, Tactics::Aggressive, false).unwrap(), DefaultPlan::Combat);
    let t = union_target(&near, 2, DefaultPlan::Combat).unwrap().unwrap();
    assert_eq!((t.region, t.range), (ConfederateFront, 1));
}

#[test]
fn rule_14_2_2_1_cavalry_at_range_two_example() {
    let f = field(vec![
        force(1, "Cooke", Loyalty::Union, ForceType::Cavalry, Line, Some(5), 3, Some(0), UnionFront),
        conf_inf(2, "Longstreet", Line, 3, 6, ConfederateApproach),
    ]);
    for t in [Tactics::Aggressive, Tactics::Defensive] {
        assert_eq!(default_plan(&f, 1, t, false).unwrap(), DefaultPlan::CavalryCombat);
    }
    let target = union_target(&f, 1, DefaultPlan::CavalryCombat).unwrap().unwrap();
    assert_eq!(target.region, ConfederateApproach);
    let v = union_attack(&f, 1, 2, AttackKind::CavalryAtTwo, &TurnEffects { well_struck: true, ..Default::default() })
        .unwrap();
    assert_eq!((v.combat(), v.superior()), (1, -2), "Well-Struck does not apply at range 2");
    assert_eq!(v.hits(d(7)), 0);
}

#[test]
fn rule_14_3_front_to_rear() {
    let f = field(vec![
        union_inf(1, "A", Conscript, 3, 3, UnionReserve),
        union_inf(2, "B", Conscript, 3, 3, UnionFront),
        union_inf(3, "C", Conscript, 3, 3, ConfederateFront),
        union_inf(4, "D", Conscript, 3, 3, UnionFront),
    ]);
    assert_eq!(resolution_order(&f), vec![3, 2, 4, 1]);
}

#[test]
fn rule_11_7_example_artillery_skips_the_melee_region() {
    let f = field(vec![
        force(1, "Battery", Loyalty::Confederate, ForceType::Artillery, Line, None, 3, None, ConfederateReserve),
        conf_inf(2, "Jackson", Line, 3, 6, ConfederateApproach),
        conf_inf(3, "Hill", Line, 3, 6, ConfederateFront),
        union_inf(4, "Slocum", Conscript, 3, 3, ConfederateFront),
        union_inf(5, "Smith", Conscript, 3, 3, UnionApproach),
    ]);
    assert_eq!(gun_target(&f, 1).unwrap(), Some((UnionApproach, 4)));
}

#[test]
fn rule_14_1_2_example_hard_cover_skips_the_force_in_melee() {
    let f = field(vec![
        union_inf(1, "Slocum", Conscript, 3, 3, ConfederateFront),
        union_inf(2, "Smith", Conscript, 3, 3, UnionFront),
        union_inf(3, "Richardson", Conscript, 3, 3, UnionFront),
        conf_inf(4, "Longstreet", Line, 3, 6, ConfederateFront),
    ]);
    let mut f = f;
    let chosen = hard_cover_force(&f, 0).unwrap().unwrap();
    assert_eq!(chosen, 2, "Slocum is in Melee; Smith is picked among the equals");
    f.set_formation(2, Formation::Column).unwrap();
    attach_hard_cover(&mut f, 2).unwrap();
    assert_eq!(f.get(2).unwrap().formation, Formation::Line);
    let v = {
        let mut c = crate::combat::AttackValues::new(6, Some(0));
        c = c.with(Modifier::new("14.1.2", "Hard Cover", -2, -2));
        c.with(Modifier::new("12.3.10", "Rapid Fire", -1, -1))
    };
    assert_eq!(v.hits(d(1)), 1);
}

#[test]
fn rule_14_1_8_example_flanking_fire_and_screened_march() {
    let mut f = field(vec![
        union_inf(1, "U1", Conscript, 3, 3, UnionFront),
        union_inf(2, "U2", Conscript, 3, 3, UnionFront),
        union_inf(3, "U3", Conscript, 3, 3, UnionApproach),
        union_inf(4, "U4", Conscript, 3, 3, UnionApproach),
        union_inf(5, "U5", Conscript, 3, 3, UnionReserve),
        conf_inf(6, "I1", Line, 3, 6, ConfederateApproach),
        conf_inf(7, "I2", Line, 3, 6, ConfederateApproach),
        conf_inf(8, "I3", Line, 3, 6, ConfederateApproach),
        force(9, "Regiment", Loyalty::Confederate, ForceType::Infantry, Line, Some(4), 2, None, ConfederateReserve),
        force(10, "Regiment", Loyalty::Confederate, ForceType::Infantry, Line, Some(4), 2, None, ConfederateReserve),
    ]);
    f.forces.iter_mut().filter(|x| x.id >= 9).for_each(|x| x.counter.named = false);
    assert!(off_board_activates(&f, d(4)));
    assert_eq!(flanking_fire_targets(&f).unwrap().len(), 5);
    f.hit(9).unwrap();
    assert!(f.get(9).is_err(), "a Regiment has no reduced side (6.1)");
    assert!(off_board_activates(&f, d(5)));
    assert!(!off_board_activates(&f, d(6)));
    assert_eq!(screened_march_targets(&f).unwrap(), vec![10]);
}

#[test]
fn rule_14_1_9_example_broken_picks_the_poor_line_force_in_front() {
    let f = field(vec![
        conf_inf(1, "Poor", PoorLine, 5, 4, UnionFront),
        conf_inf(2, "Line", Line, 6, 5, UnionFront),
        conf_inf(3, "Rear", Conscript, 6, 5, ConfederateFront),
        union_inf(4, "U", Line, 3, 3, UnionFront),
    ]);
    assert_eq!(broken_targets(&f).unwrap(), vec![1]);
    assert!(!d(10).check(5), "a natural 10 fails: the force Retreats");
}

#[test]
fn rule_14_1_4_well_struck_only_at_range_one_for_infantry_and_cavalry() {
    let f = field(vec![
        union_inf(1, "Smith", Conscript, 3, 4, UnionFront),
        force(2, "Battery", Loyalty::Union, ForceType::Artillery, Line, None, 4, None, UnionReserve),
        conf_inf(3, "Jackson", Conscript, 3, 6, ConfederateFront),
        union_inf(4, "Melee", Conscript, 3, 4, ConfederateFront),
    ]);
    let fx = TurnEffects { well_struck: true, ..Default::default() };
    assert_eq!(union_attack(&f, 1, 3, AttackKind::Ranged, &fx).unwrap().combat(), 6);
    assert_eq!(union_attack(&f, 2, 3, AttackKind::Ranged, &fx).unwrap().combat(), 4 - 1, "range 3, no Well-Struck");
    assert_eq!(union_attack(&f, 4, 3, AttackKind::Melee, &fx).unwrap().combat(), 7);
}

#[test]
fn rule_11_5_union_melee_hits_the_highest_skill() {
    let f = field(vec![
        conf_inf(1, "Low", Conscript, 3, 6, ConfederateFront),
        conf_inf(2, "High", Veteran, 3, 6, ConfederateFront),
        union_inf(3, "U", Line, 3, 3, ConfederateFront),
    ]);
    assert_eq!(union_hit_target(&f, ConfederateFront, true, 0).unwrap(), Some(2));
    assert_eq!(union_hit_target(&f, ConfederateFront, false, 0).unwrap(), Some(1));
}
