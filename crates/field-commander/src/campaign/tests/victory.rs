//! The end of the campaign (3.0-3.3) and Victory Points (21.0, 21.1).

use super::*;
use crate::pack::{Deadline, Test, TurnEnd};

/// The practice campaign at the end of its last turn's Union Resupply.
fn last_turn(c: &mut Campaign) {
    c.turn = 6;
    c.phase = Phase::UnionResupply;
    c.union_stage = UnionStage::Done;
}

fn reach_the_depot(c: &mut Campaign) -> CampaignReport {
    run(c, CampaignCommand::AdvanceTurn);
    let cav = id(c, "Grey Cavalry");
    put(c, cav, area("Orchard"));
    let r = run(c, CampaignCommand::Move { forces: vec![cav], lee: false, to: "Depot".into() });
    put(c, cav, area("Capital"));
    r
}

#[test]
fn rule_3_1_every_condition_achieved_at_the_end_is_a_victory_and_21_0_its_points() {
    let mut c = practice();
    let r = reach_the_depot(&mut c);
    assert!(
        r.lines
            .iter()
            .any(|l| l == "Condition achieved: A Force reaches the Depot by the end of turn 6 (made up) (3.1)"),
        "{:?}",
        r.lines
    );
    assert_eq!(
        c.conditions,
        vec![ConditionState::Pending, ConditionState::Achieved],
        "Hold throughout waits for the end"
    );
    last_turn(&mut c);
    let r = run(&mut c, CampaignCommand::EndTurn);
    assert!(r.lines.iter().any(|l| l == "The Turn counter moves past the last box, Turn 6 (3.0)"), "{:?}", r.lines);
    let end = c.ending.clone().unwrap();
    assert_eq!(end.outcome, Outcome::Victory);
    let vp = end.vp.unwrap();
    // 1 + 1 for the Objectives; 21.1: the named forces' 7 + 6 + 4 + 4 reach the 12 aimed at.
    assert_eq!((vp.objectives, vp.casualties, vp.total, vp.lee, vp.rating), (2, 1, 3, 1, CommandRating::Superior));
    assert_eq!(c.phase, Phase::Over);
    assert!(
        refused(&mut c, CampaignCommand::AdvanceTurn)
            .contains("the campaign is over: every Victory Condition is achieved (3.1)")
    );
}

#[test]
fn rule_3_2_the_turn_track_runs_out_without_victory() {
    let mut c = practice();
    last_turn(&mut c);
    let r = run(&mut c, CampaignCommand::EndTurn);
    assert!(r.lines.iter().any(|l| l.starts_with("Condition failed: A Force reaches the Depot")), "{:?}", r.lines);
    let end = c.ending.clone().unwrap();
    assert_eq!(end.outcome, Outcome::Defeat);
    assert_eq!(end.why, "the Turn counter moves past the last box without every Victory Condition achieved (3.2)");
    let vp = end.vp.unwrap();
    assert_eq!(
        (vp.objectives, vp.casualties, vp.rating),
        (1, 1, CommandRating::Superior),
        "the Capital held throughout; 21.1 needs the Historical minimum only"
    );
}

#[test]
fn rule_3_2_a_defeat_condition_failed_loses_at_once() {
    let mut c = practice();
    c.def.conditions[1].defeat_if_failed = true;
    c.def.conditions[1].deadline = Deadline::By(1, TurnEnd::Confederate);
    advance_to(&mut c, Phase::ConfederateResupply);
    run(&mut c, CampaignCommand::EndConfederateTurn);
    let end = c.ending.clone().unwrap();
    assert_eq!((end.outcome, end.turn), (Outcome::Defeat, 1));
    assert!(end.why.starts_with("a Defeat condition is met: A Force reaches the Depot"), "{}", end.why);
}

#[test]
fn rule_3_1_victory_at_the_end_of_any_step_once_everything_is_achieved() {
    let mut c = practice();
    c.def.conditions.truncate(1);
    c.conditions.truncate(1);
    c.def.conditions[0] = crate::pack::Condition {
        text: "Reach the Depot by turn 3".into(),
        test: Test::Reach { area: "Depot".into(), corps: None },
        deadline: Deadline::By(3, TurnEnd::Turn),
        defeat_if_failed: false,
        vp: crate::pack::Given::Entered(2),
        origin: crate::pack::Origin::Entered,
    };
    reach_the_depot(&mut c);
    assert!(c.ending.is_none(), "judged at the end of the step");
    run(&mut c, CampaignCommand::EndMoves);
    let end = c.ending.clone().unwrap();
    assert_eq!((end.outcome, end.turn, end.vp.unwrap().objectives), (Outcome::Victory, 1, 2));
}

#[test]
fn rule_3_2_lee_alone_after_a_battle_loses_the_campaign() {
    let mut c = practice();
    advance_to(&mut c, Phase::BattlesAfterMoves);
    put_k(&mut c, "Blue Regiment", area("Capital"));
    let fates: Vec<(u32, Fate)> =
        c.in_area("Capital", Loyalty::Confederate).into_iter().map(|i| (i, Fate::Destroyed)).collect();
    run(
        &mut c,
        CampaignCommand::ApplyBattle {
            area: "Capital".into(),
            result: BattleResult { fates, ..BattleResult::default() },
        },
    );
    let end = c.ending.clone().unwrap();
    assert_eq!(end.outcome, Outcome::Defeat);
    assert_eq!(end.why, "Robert E. Lee is without Confederate Forces in Capital (3.2)");
}

#[test]
fn rule_21_1_no_casualties_point_below_the_historical_minimum() {
    let mut c = practice();
    c.def.lee_vp = crate::pack::Given::Entered(3);
    reach_the_depot(&mut c);
    last_turn(&mut c);
    run(&mut c, CampaignCommand::EndTurn);
    let vp = c.ending.clone().unwrap().vp.unwrap();
    assert_eq!((vp.objectives, vp.casualties, vp.total, vp.rating), (2, 0, 2, CommandRating::Inferior));
}

#[test]
fn rule_3_1_a_condition_the_app_does_not_read_is_declared_by_the_player() {
    let mut c = practice();
    c.def.conditions[1].test = Test::ByHand;
    c.def.conditions[1].deadline = Deadline::AtEnd;
    assert!(
        refused(&mut c, CampaignCommand::DeclareCondition { condition: 0, met: true }).contains("is judged by the app")
    );
    last_turn(&mut c);
    assert!(refused(&mut c, CampaignCommand::EndTurn).contains("say whether"));
    run(&mut c, CampaignCommand::DeclareCondition { condition: 1, met: true });
    run(&mut c, CampaignCommand::EndTurn);
    assert_eq!(c.ending.clone().unwrap().outcome, Outcome::Victory);
}

#[test]
fn rule_21_0_a_grand_campaign_in_order_ends_at_the_first_defeat() {
    let win = Ending { outcome: Outcome::Victory, why: String::new(), turn: 9, vp: None };
    let mut g = GrandCampaign::default();
    assert_eq!(g.next(), Some("Seven Days Battles"));
    assert!(g.record("Antietam", &win, "").unwrap_err().to_string().contains("Seven Days Battles is next (21.0)"));
    let mut with_vp = win.clone();
    let mut c = practice();
    reach_the_depot(&mut c);
    last_turn(&mut c);
    run(&mut c, CampaignCommand::EndTurn);
    with_vp.vp = c.ending.clone().unwrap().vp;
    g.record("Seven Days Battles", &with_vp, "held Richmond").unwrap();
    let lost = Ending { outcome: Outcome::Defeat, ..win.clone() };
    g.record("Second Manassas", &lost, "").unwrap();
    assert!(g.over());
    assert_eq!(g.next(), None);
    assert!(g.record("Antietam", &win, "").unwrap_err().to_string().contains("a Campaign Defeat ends it"));
    assert_eq!(g.total_vp(), 3);
}
