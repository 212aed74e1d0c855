use super::*;

fn d(face: u8) -> D10 {
    D10::new(face).unwrap()
}

#[test]
fn rule_10_2_4_example_scout_reroll_eight_then_two() {
    let (kept, spent) = fog_roll_kept(&[d(8), d(2)], 1).unwrap();
    assert_eq!(spent, 1);
    let row = fog_of_war(FogTable::Regular, kept, None).unwrap();
    assert_eq!(row, FogRow { turns: 4, event: FogEvent::GainCommandPoints(2) });
}

#[test]
fn rule_10_2_2_no_reroll_without_a_scout() {
    assert!(fog_roll_kept(&[d(8), d(2)], 0).is_err());
    assert!(fog_roll_kept(&[], 3).is_err());
    assert_eq!(fog_roll_kept(&[d(8), d(2), d(5)], 4).unwrap(), (d(5), 2));
}

#[test]
fn rule_10_2_6_regular_table() {
    let t = |r| fog_of_war(FogTable::Regular, d(r), None).unwrap();
    assert_eq!(t(1), FogRow { turns: 3, event: FogEvent::RandomInsight });
    assert_eq!(t(7), FogRow { turns: 6, event: FogEvent::UnionReinforcement });
    assert_eq!(t(8), FogRow { turns: 4, event: FogEvent::FortificationOrGarrison });
    assert_eq!(t(0), FogRow { turns: 4, event: FogEvent::UnionPlans(2) });
}

#[test]
fn rule_10_2_7_hard_table_row_9_is_asked_for() {
    assert!(matches!(fog_of_war(FogTable::Hard, d(9), None), Err(RuleError::Missing(_))));
    let entered = FogRow { turns: 3, event: FogEvent::UnionPlans(2) };
    assert_eq!(fog_of_war(FogTable::Hard, d(9), Some(entered)).unwrap(), entered);
    assert_eq!(fog_of_war(FogTable::Hard, d(8), None).unwrap(), FogRow { turns: 5, event: FogEvent::UnionPlans(1) });
    assert_eq!(fog_of_war(FogTable::Hard, d(10), None).unwrap().event, FogEvent::VirulentDisease);
}

#[test]
fn rule_10_2_8_veteran_table() {
    let t = |r| fog_of_war(FogTable::Veteran, d(r), None).unwrap();
    assert_eq!(t(6), FogRow { turns: 5, event: FogEvent::UnionPlans(1) });
    assert_eq!(t(7), FogRow { turns: 4, event: FogEvent::UnionPlans(2) });
    assert_eq!(t(9).event, FogEvent::VirulentDisease);
    assert_eq!(t(10).event, FogEvent::Desertion);
}

#[test]
fn rule_10_2_6_follow_up_rolls() {
    let e = FogEvent::RegimentOrCommandPoints;
    assert_eq!(fog_follow_up(e, d(5), 9), Some(FogFollowUp::UnionRegiment));
    assert_eq!(fog_follow_up(e, d(6), 9), Some(FogFollowUp::TransferCommandPoints));
    assert_eq!(fog_follow_up(e, d(6), 1), Some(FogFollowUp::UnionRegiment), "without 2 CP, a Regiment");
    assert_eq!(fog_follow_up(FogEvent::FortificationOrGarrison, d(2), 0), Some(FogFollowUp::UnionFortification));
    assert_eq!(fog_follow_up(FogEvent::FortificationOrGarrison, d(3), 0), Some(FogFollowUp::UnionGarrison));
}

#[test]
fn rule_10_2_9_envelopment_example() {
    assert_eq!(three_to_one(6, 16), None);
    assert_eq!(three_to_one(6, 18), Some(Loyalty::Union));
    assert_eq!(three_to_one(0, 0), None);
}

#[test]
fn rule_14_5_rout_example() {
    assert_eq!(three_to_one(52, 15), Some(Loyalty::Confederate));
}

#[test]
fn rule_10_2_10_example_fog_of_war_ten_gives_the_union_four() {
    let q = QuantityInputs {
        confederate_without_lee: 1,
        lee_rating_if_present: None,
        union_base: 2,
        union_fog_bonus: 2,
        purchase: PlanPurchase::None,
        insights_selected: 0,
    };
    assert_eq!(plan_quantities(&q).unwrap(), (1, 4));
    let lee = QuantityInputs { lee_rating_if_present: Some(2), union_fog_bonus: 0, ..q };
    assert_eq!(plan_quantities(&lee).unwrap(), (2, 2), "Lee's rating replaces the sheet's number");
}

#[test]
fn rule_10_2_12_example_lee_two_buy_one_insight_one() {
    let q = QuantityInputs {
        confederate_without_lee: 1,
        lee_rating_if_present: Some(2),
        union_base: 2,
        union_fog_bonus: 0,
        purchase: PlanPurchase::One,
        insights_selected: 1,
    };
    assert_eq!(plan_quantities(&q).unwrap(), (2, 2));
    assert_eq!(PlanPurchase::Two.cost_and_gain(), (5, 2));
    assert!(plan_quantities(&QuantityInputs { lee_rating_if_present: None, ..q }).is_err());
}

#[test]
fn rule_10_2_12_7_screen_example_rating_two_needs_four() {
    assert!(insight_activates(Insight::Screen, 2, d(3)).unwrap());
    assert!(insight_activates(Insight::Screen, 2, d(4)).unwrap());
    assert!(!insight_activates(Insight::Screen, 2, d(5)).unwrap());
    assert!(!insight_activates(Insight::Demolitions, 2, d(3)).unwrap());
    assert!(insight_activates(Insight::Morale, 2, d(1)).is_err());
}

#[test]
fn rule_10_2_12_1_duration_stays_within_one_and_six() {
    assert_eq!(duration(6, true), 6);
    assert_eq!(duration(1, false), 1);
    assert_eq!(duration(4, true), 5);
}

#[test]
fn rule_10_2_19_first_four_infantry_and_cavalry_to_the_approach() {
    use ForceType::*;
    let kinds = [Artillery, Infantry, Cavalry, Garrison, Infantry, Infantry, Infantry, Fortification];
    let got = union_setup(&kinds);
    use Region::{UnionApproach as A, UnionReserve as R};
    assert_eq!(got, vec![R, A, A, A, A, A, R, R]);
}

#[test]
fn rule_10_2_16_at_most_four_in_the_approach() {
    use ForceType::*;
    let four = vec![(Infantry, Region::ConfederateApproach); 4];
    assert!(check_confederate_setup(&four, false).is_ok());
    let mut five = four.clone();
    five.push((Cavalry, Region::ConfederateApproach));
    assert!(check_confederate_setup(&five, false).is_err());
    assert!(check_confederate_setup(&[(Infantry, Region::ConfederateFront)], false).is_err());
    assert!(check_confederate_setup(&[(Infantry, Region::ConfederateFront)], true).is_ok());
    assert!(check_confederate_setup(&[(Garrison, Region::ConfederateReserve)], false).is_err());
}

#[test]
fn rule_10_2_7_hard_row_9_is_chosen_among_the_printed_results() {
    let (turns, events) = hard_row_9_choices();
    assert_eq!(turns, 1..=6, "10.2.12.1's bounds");
    assert_eq!(events.len(), 12, "every event the three tables print, once: {events:?}");
    assert!(events.contains(&FogEvent::Desertion) && events.contains(&FogEvent::UnionPlans(2)));
    assert!(check_hard_row_9(FogRow { turns: 4, event: FogEvent::GainScout }).is_ok());
    assert!(check_hard_row_9(FogRow { turns: 7, event: FogEvent::GainScout }).is_err());
    assert!(check_hard_row_9(FogRow { turns: 0, event: FogEvent::GainScout }).is_err());
    assert!(check_hard_row_9(FogRow { turns: 4, event: FogEvent::UnionPlans(3) }).is_err(), "no table prints +3");
}
