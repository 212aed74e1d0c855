use crate::battlefield::{Formation, Region};
use crate::force::Skill::*;
use crate::force::Strength;
use crate::game::{BattleError, Command};
use crate::state::Stage;
use crate::testkit::*;
use crate::union::{SpecialPlan, Tactics};
use companion_core::session::Session;

/// 14.1.4's example: Slocum, Smith and Richardson in the Union Front face three Conscript
/// Confederates in the Confederate Front; Well-Struck, then Charge!.
fn example() -> Session<crate::game::FieldCommander> {
    let mut forces = Vec::new();
    for (id, name, skill) in [(1, "Slocum", Veteran), (2, "Smith", Line), (3, "Richardson", Line)] {
        forces.push(union_inf(id, name, skill, 5, 5, Region::UnionFront));
    }
    for (id, name) in [(4, "Longstreet"), (5, "Jackson"), (6, "Hill")] {
        forces.push(conf_inf(id, name, Conscript, 4, 4, Region::ConfederateFront));
    }
    let mut s = session_at(Stage::UnionTactics, forces);
    s.dispatch(&Command::DetermineTactics { rolls: vec![] }, 0.0).unwrap();
    assert_eq!(s.game().battle.tactics, Some(Tactics::Aggressive), "15 to 12");
    for plan in [SpecialPlan::WellStruck, SpecialPlan::Charge] {
        s.dispatch(&Command::DrawSpecialPlan { plan: Some(plan), pick: 0, rolls: vec![], tie: 0 }, 0.0).unwrap();
    }
    s
}

#[test]
fn rule_14_1_4_example_well_struck_then_charge() {
    let mut s = example();
    assert_eq!(s.game().battle.charge.as_ref().unwrap().candidates, vec![1, 2, 3], "highest Skill Level first");
    s.dispatch(&Command::ChargeActivations { rolls: vec![d(2), d(9), d(8)] }, 0.0).unwrap();
    let c = s.game().battle.charge.clone().unwrap();
    assert_eq!((c.passed, c.failed), (vec![1], vec![2, 3]));
    let early = s.dispatch(&Command::ChargeShock { force: 1, rolls: vec![d(9), d(2), d(3)], tie: 0 }, 0.0);
    assert!(matches!(early, Err(BattleError::Rule(_))), "the failed forces attack first");
    // Smith hits with Well-Struck's +2/+0 (5 + 2 = 7 against a 6); Richardson misses.
    let smith = s.dispatch(&Command::ChargeAttack { force: 2, rolls: vec![d(3), d(6)], tie: 1 }, 0.0).unwrap();
    assert_eq!(smith.hits.len(), 1);
    let jackson = s.game().battle.field.get(5).unwrap();
    assert_eq!(jackson.strength, Strength::Reduced, "Jackson is picked at random and flipped");
    let richardson = s.dispatch(&Command::ChargeAttack { force: 3, rolls: vec![d(3), d(8)], tie: 0 }, 0.0).unwrap();
    assert!(richardson.hits.is_empty());
    // Slocum advances in Column against the lowest Skill Level; Defensive Fire fails to
    // Activate (9), Longstreet passes at 4 - 2 = 2 with a 2, Slocum at 5 + 2 with a 3: Melee.
    s.dispatch(&Command::ChargeShock { force: 1, rolls: vec![d(9), d(2), d(3)], tie: 0 }, 0.0).unwrap();
    let slocum = s.game().battle.field.get(1).unwrap();
    assert_eq!((slocum.region, slocum.formation), (Region::ConfederateFront, Formation::Column));
    assert_eq!(s.game().battle.union_cp, 1, "first Union entry into the Confederate Front (18.4)");
    assert_eq!(s.game().battle.stage, Stage::UnionResolve, "Charge! resolved, the draw is over");
    assert!(
        s.dispatch(&Command::UnionAct { force: 1, rolls: vec![], tie: 0 }, 0.0).is_err(),
        "forces affected by Charge! take no Default Battle Plan"
    );
}

#[test]
fn rule_11_4_1_defensive_fire_stops_a_charge() {
    let mut s = example();
    s.dispatch(&Command::ChargeActivations { rolls: vec![d(2), d(2), d(2)] }, 0.0).unwrap();
    // Longstreet Activates for Defensive Fire (1) and hits (3 against 4).
    s.dispatch(&Command::ChargeShock { force: 1, rolls: vec![d(1), d(3)], tie: 0 }, 0.0).unwrap();
    let slocum = s.game().battle.field.get(1).unwrap();
    assert_eq!((slocum.region, slocum.strength), (Region::UnionFront, Strength::Reduced));
    // The next charger targets the next Confederate, one that has not yet fired.
    s.dispatch(&Command::ChargeShock { force: 2, rolls: vec![d(9), d(9)], tie: 0 }, 0.0).unwrap();
    let c = s.game().battle.charge.clone().unwrap();
    assert_eq!(c.defended.len(), 2);
    assert_ne!(c.defended[0], c.defended[1]);
}

#[test]
fn rule_14_1_3_charge_asks_each_roll_in_turn() {
    let mut s = example();
    let err = s.dispatch(&Command::ChargeActivations { rolls: vec![d(2)] }, 0.0).unwrap_err();
    let BattleError::NeedRoll { need, so_far } = err else { panic!("{err:?}") };
    assert!(need.what.starts_with("Smith's Activation check"), "{}", need.what);
    assert_eq!(so_far.len(), 1, "Slocum's roll is reported before Smith's is asked for");
    assert!(s.game().battle.charge.as_ref().is_some_and(|c| !c.rolled), "nothing changed");
}
