use super::*;
use crate::battlefield::Region::*;
use crate::force::Skill::*;
use crate::force::{ForceType, HitResult};
use crate::game::{BattleError, Command, FieldCommander};
use crate::state::{InsightCounter, ScreenForces};
use crate::testkit::*;
use companion_core::session::Session;

fn with(insights: &[Insight], forces: Vec<crate::battle::Force>) -> Session<FieldCommander> {
    let mut s = session_at(Stage::Insights, forces);
    let mut g = s.game().clone();
    for i in insights {
        g.battle.insight_counters.push(InsightCounter { insight: *i, free: false, used: false });
    }
    g.battle.lee_rating = Some(2);
    s.replace(g);
    s
}

#[test]
fn rule_10_2_12_1_duration_once_at_the_first_insight_step() {
    let mut s = with(
        &[Insight::Duration],
        vec![
            conf_inf(1, "Longstreet", Line, 5, 5, ConfederateApproach),
            union_inf(2, "Slocum", Line, 5, 5, UnionApproach),
        ],
    );
    assert!(s.dispatch(&Command::NextStep, 0.0).is_err(), "Duration is chosen first");
    s.dispatch(&Command::Duration { longer: true }, 0.0).unwrap();
    assert_eq!(s.game().battle.turns, Some(5));
    assert!(s.dispatch(&Command::Duration { longer: true }, 0.0).is_err(), "once");
    s.dispatch(&Command::NextStep, 0.0).unwrap();
}

#[test]
fn rule_10_2_12_3_entrench_goes_on_a_force_not_in_melee() {
    let mut s = with(
        &[Insight::Entrench],
        vec![
            conf_inf(1, "Longstreet", Line, 5, 5, ConfederateFront),
            conf_inf(2, "Hill", Line, 5, 5, ConfederateApproach),
            union_inf(3, "Slocum", Conscript, 3, 3, ConfederateFront),
        ],
    );
    assert!(s.dispatch(&Command::Entrench { force: 1 }, 0.0).is_err(), "Longstreet is in Melee");
    s.dispatch(&Command::Entrench { force: 2 }, 0.0).unwrap();
    assert!(s.game().battle.field.get(2).unwrap().entrenched);
}

#[test]
fn rule_10_2_12_7_screen_example_three_attacks_on_the_rear() {
    let mut s = with(
        &[Insight::Screen],
        vec![
            conf_inf(1, "Second Infantry", Line, 5, 5, ConfederateApproach),
            force(
                2,
                "Union Battery",
                crate::force::Loyalty::Union,
                ForceType::Artillery,
                Line,
                None,
                3,
                None,
                UnionReserve,
            ),
            union_inf(3, "Poor Line", PoorLine, 3, 3, UnionApproach),
            union_inf(4, "Line", Line, 3, 3, UnionApproach),
        ],
    );
    let mut g = s.game().clone();
    let cav = crate::force::Counter::new("Cavalry", crate::force::Loyalty::Confederate, ForceType::Cavalry, true);
    let mut inf = crate::force::Counter::new("Infantry", crate::force::Loyalty::Confederate, ForceType::Infantry, true);
    inf.full = crate::force::Face::entered(Some(5), 5, None);
    g.battle.screen = Some(ScreenForces { cavalry: cav, infantry: inf });
    s.replace(g);
    let act = |rolls: &[u8]| Command::ActivateInsight {
        insight: Insight::Screen,
        target: None,
        rolls: rolls.iter().map(|r| d(*r)).collect(),
        tie: 0,
    };
    let BattleError::NeedRoll { need, .. } = s.dispatch(&act(&[]), 0.0).unwrap_err() else { panic!() };
    assert_eq!(need.kind, crate::dice::RollKind::Check { target: 4 }, "Lee's rating 2 + 2");
    // 3 activates; the attacks roll 10, 4 and 2 against 5: two Hits.
    let r = s.dispatch(&act(&[3, 10, 4, 2]), 0.0).unwrap();
    assert_eq!(r.hits.len(), 2);
    assert_eq!(
        r.hits[0],
        crate::battle::HitTaken { force: 2, result: HitResult::Destroyed },
        "the Battery in the Reserve"
    );
    assert_eq!(r.hits[1].force, 3, "then the Poor Line Infantry in the Approach");
    assert!(!s.game().battle.has_insight(Insight::Screen), "the two forces go back to the map");
}

#[test]
fn rule_12_1_1_a_scout_rerolls_a_failed_demolitions() {
    let mut s = with(
        &[Insight::Demolitions],
        vec![
            conf_inf(1, "Longstreet", Line, 5, 5, UnionFront),
            force(
                2,
                "Fort",
                crate::force::Loyalty::Union,
                ForceType::Fortification,
                Line,
                None,
                3,
                None,
                UnionApproach,
            ),
        ],
    );
    let demolish =
        |r: u8| Command::ActivateInsight { insight: Insight::Demolitions, target: Some(2), rolls: vec![d(r)], tie: 0 };
    s.dispatch(&demolish(7), 0.0).unwrap();
    assert!(s.game().battle.field.get(2).is_ok(), "7 against Lee's 2 fails");
    assert!(s.dispatch(&demolish(1), 0.0).is_err(), "one roll a turn (10.2.12.2)");
    assert!(s.dispatch(&Command::RerollInsight { rolls: vec![d(2)], tie: 0 }, 0.0).is_err(), "no Scout");
    let mut g = s.game().clone();
    g.battle.scouts = 1;
    s.replace(g);
    s.dispatch(&Command::RerollInsight { rolls: vec![d(2)], tie: 0 }, 0.0).unwrap();
    assert!(s.game().battle.field.get(2).is_err(), "the Fortification is Destroyed");
    assert!(s.game().battle.has_insight(Insight::Demolitions), "kept for a later turn");
    assert_eq!(s.game().battle.scouts, 0);
}
