use super::*;
use crate::combat::AttackValues;
use crate::force::Skill::*;
use crate::force::{HitResult, Strength};
use crate::testkit::*;
use Region::*;
use proptest::prelude::*;

fn d(face: u8) -> D10 {
    D10::new(face).unwrap()
}

#[test]
fn rule_14_1_1_two_close_ranks_cancel_the_first_two_hits() {
    let mut f = field(vec![union_inf(1, "Smith", Conscript, 3, 3, UnionFront)]);
    let mut fx = TurnEffects { close_ranks: 2, ..Default::default() };
    assert_eq!(hit_union(&mut f, &mut fx, 1).unwrap(), UnionHit::Cancelled);
    assert_eq!(hit_union(&mut f, &mut fx, 1).unwrap(), UnionHit::Cancelled);
    assert_eq!(
        hit_union(&mut f, &mut fx, 1).unwrap(),
        UnionHit::Taken(HitTaken { force: 1, result: HitResult::Flipped })
    );
}

#[test]
fn rule_11_4_2_retreats_after_a_failed_shock_check() {
    let mut f = field(vec![
        union_inf(1, "Slocum", Conscript, 3, 3, UnionFront),
        union_inf(2, "In reserve", Conscript, 3, 3, UnionReserve),
        force(3, "Garrison", Loyalty::Union, ForceType::Garrison, Line, Some(3), 2, None, UnionApproach),
    ]);
    assert_eq!(retreat_from_shock(&mut f, 1).unwrap(), Retreated::Into(UnionApproach));
    assert_eq!(retreat_from_shock(&mut f, 2).unwrap(), Retreated::Destroyed);
    assert_eq!(retreat_from_shock(&mut f, 3).unwrap(), Retreated::Destroyed);
    let mut full: Vec<_> = (10..14).map(|i| union_inf(i, "A", Line, 3, 3, UnionApproach)).collect();
    full.push(union_inf(20, "Slocum", Conscript, 3, 3, UnionFront));
    let mut f = field(full);
    assert_eq!(retreat_from_shock(&mut f, 20).unwrap(), Retreated::Destroyed, "the Approach holds 4");
}

#[test]
fn rule_14_1_10_example_broken_then_heavy_fire_pushes_the_lowest_skill() {
    let mut forces = vec![conf_inf(1, "Poor", PoorLine, 5, 4, UnionFront), conf_inf(2, "Line", Line, 6, 5, UnionFront)];
    forces.extend((10..15).map(|i| conf_inf(i, "Front", Veteran, 6, 5, ConfederateFront)));
    forces[3].counter.skill = crate::force::Entry::Entered(Conscript);
    let mut f = field(forces);
    assert!(!d(10).check(5));
    assert_eq!(retreat_pushing(&mut f, 1, &[]).unwrap(), vec![(1, Retreated::Into(ConfederateFront))]);
    assert!(heavy_fire_retreats(6, d(7)));
    let moved = retreat_pushing(&mut f, 2, &[]).unwrap();
    assert_eq!(moved, vec![(2, Retreated::Into(ConfederateFront)), (11, Retreated::Into(ConfederateApproach))]);
    assert_eq!(f.mobile_in(Loyalty::Confederate, ConfederateFront), 6);
}

#[test]
fn rule_14_5_a_rout_destroys_statics_and_abandons_the_guns() {
    let mut f = field(vec![
        union_inf(1, "Smith", Conscript, 3, 3, UnionFront),
        force(2, "Garrison", Loyalty::Union, ForceType::Garrison, Line, Some(3), 2, None, UnionApproach),
        force(3, "Battery", Loyalty::Union, ForceType::Artillery, Line, None, 4, None, UnionReserve),
        conf_inf(4, "Jackson", Line, 3, 6, ConfederateFront),
    ]);
    assert_eq!(rout(&mut f, Loyalty::Union), vec![3]);
    assert_eq!(f.forces.iter().map(|x| x.id).collect::<Vec<_>>(), vec![1, 4]);
    assert_eq!(retreat_routed(&mut f, 1).unwrap(), Retreated::Into(UnionApproach));
}

#[test]
fn rule_14_8_example_fifteen_to_eight_rolls_sixteen_retreats() {
    assert_eq!(withdrawal_check(8, 15), WithdrawalCheck::Roll);
    assert_eq!(withdrawal_check(8, 16), WithdrawalCheck::Retreats(Loyalty::Union));
    assert_eq!(withdrawal_check(20, 10), WithdrawalCheck::Retreats(Loyalty::Confederate));
    let t = WithdrawalTable::example_14_8();
    assert_eq!(t.read(d(2)).unwrap(), Withdrawal::Rejoin);
    assert_eq!(t.read(d(0)).unwrap(), Withdrawal::Encamp);
    let gap = WithdrawalTable { campaign: "Seven Days".into(), bands: vec![(1, 5, Withdrawal::UnionRetreat)] };
    assert!(matches!(gap.read(d(6)), Err(RuleError::Missing(_))));
}

#[test]
fn rule_5_9_2_example_the_union_returns_its_captured_four() {
    assert_eq!(union_replacement(5, &[4], &[]), Replacement::FromPile(0));
    assert_eq!(union_replacement(5, &[6], &[3, 5]), Replacement::FromCup(1));
    assert_eq!(union_replacement(2, &[4], &[3]), Replacement::TwoCommandPoints);
}

#[test]
fn rule_18_4_first_entries_pay_once() {
    let mut reached = Vec::new();
    assert_eq!(entry_points(Loyalty::Union, ConfederateFront, &mut reached), 1);
    assert_eq!(entry_points(Loyalty::Union, ConfederateFront, &mut reached), 0);
    assert_eq!(entry_points(Loyalty::Union, UnionFront, &mut reached), 0);
    assert_eq!(entry_points(Loyalty::Confederate, UnionReserve, &mut reached), 1);
    assert_eq!(points_for_rout_or_envelopment(Loyalty::Union), 2);
    assert_eq!(points_for_rout_or_envelopment(Loyalty::Confederate), 1);
}

#[test]
fn rule_10_2_12_7_screen_example() {
    let infantry = AttackValues::new(5, None);
    let hits: u8 = [d(10), d(4), d(2)].iter().map(|r| infantry.hits(*r).min(1)).sum();
    assert_eq!(hits, 2);
    let mut f = field(vec![
        force(1, "Battery", Loyalty::Union, ForceType::Artillery, Line, None, 4, None, UnionReserve),
        union_inf(2, "Poor", PoorLine, 3, 3, UnionApproach),
        union_inf(3, "Line", Line, 3, 3, UnionApproach),
    ]);
    let taken = screen_hits(&mut f, hits, 0).unwrap();
    assert_eq!(
        taken,
        vec![HitTaken { force: 1, result: HitResult::Destroyed }, HitTaken { force: 2, result: HitResult::Flipped }]
    );
}

proptest! {
    /// A reduced force never flips back: hits, Retreats and pushes only ever reduce or remove.
    #[test]
    fn a_reduced_force_never_flips_back(ops in proptest::collection::vec((0u8..4, 0u32..6), 0..40)) {
        let regions = [ConfederateFront, ConfederateApproach, UnionFront, UnionApproach, UnionReserve, ConfederateReserve];
        let mut forces = Vec::new();
        for i in 0..6u32 {
            let side = if i % 2 == 0 { Loyalty::Union } else { Loyalty::Confederate };
            forces.push(force(i, "F", side, ForceType::Infantry, Line, Some(5), 5, Some(1), regions[i as usize]));
        }
        let mut f = field(forces);
        let mut reduced = std::collections::BTreeSet::new();
        for (op, id) in ops {
            if f.get(id).is_err() { continue; }
            let _ = match op {
                0 => f.hit(id).map(|_| ()),
                1 => retreat_from_shock(&mut f, id).map(|_| ()),
                2 => retreat_pushing(&mut f, id, &[1, 2]).map(|_| ()),
                _ => retreat_routed(&mut f, id).map(|_| ()),
            };
            for x in &f.forces {
                if reduced.contains(&x.id) { prop_assert_eq!(x.strength, Strength::Reduced); }
                if x.strength == Strength::Reduced { reduced.insert(x.id); }
            }
        }
    }
}
