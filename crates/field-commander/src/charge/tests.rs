use crate::battlefield::{Formation, Region};
use crate::combat::ShockRolls;
use crate::force::{Counter, Entry, Face, ForceType, Loyalty, Skill, Strength};
use crate::game::{Battle, BattleError, Command, FieldCommander, Phase};
use crate::prebattle::FogTable;
use crate::union::{SpecialPlan, Tactics};
use companion_core::d10::D10;
use companion_core::session::Session;

fn d(face: u8) -> D10 {
    D10::new(face).unwrap()
}

fn infantry(name: &str, loyalty: Loyalty, skill: Skill, activation: u8, combat: u8) -> Counter {
    let mut c = Counter::new(name, loyalty, ForceType::Infantry, true);
    c.skill = Entry::Entered(skill);
    c.full = Face::entered(Some(activation), combat, None);
    c.reduced = Entry::Entered(Some(Face::entered(Some(activation), combat - 1, None)));
    c
}

/// 14.1.4's example: Slocum, Smith and Richardson in the Union Front face three Conscript
/// Confederates in the Confederate Front; Well-Struck, then Charge!.
fn example() -> Session<FieldCommander> {
    let mut g = Battle::new(FogTable::Regular);
    g.phase = Phase::BattleTurns;
    g.turns = Some(4);
    g.quantities = Some((1, 2));
    let mut s = Session::<FieldCommander>::new(g);
    for (name, skill) in [("Slocum", Skill::Veteran), ("Smith", Skill::Line), ("Richardson", Skill::Line)] {
        let c = infantry(name, Loyalty::Union, skill, 5, 5);
        s.dispatch(&Command::AddForce { counter: c, region: Region::UnionFront, formation: Formation::Line }, 0.0)
            .unwrap();
    }
    for name in ["Longstreet", "Jackson", "Hill"] {
        let c = infantry(name, Loyalty::Confederate, Skill::Conscript, 4, 4);
        s.dispatch(
            &Command::AddForce { counter: c, region: Region::ConfederateFront, formation: Formation::Line },
            0.0,
        )
        .unwrap();
    }
    s.dispatch(&Command::DetermineTactics { tie_roll: None }, 0.0).unwrap();
    assert_eq!(s.game().tactics, Some(Tactics::Aggressive), "15 to 12");
    for plan in [SpecialPlan::WellStruck, SpecialPlan::Charge] {
        let pick = s.game().cup.as_ref().unwrap().contents.iter().position(|p| *p == plan).unwrap();
        s.dispatch(&Command::DrawSpecialPlan { pick, roll: None, tie: 0 }, 0.0).unwrap();
    }
    s
}

#[test]
fn rule_14_1_4_example_well_struck_then_charge() {
    let mut s = example();
    assert_eq!(s.game().charge.as_ref().unwrap().candidates, vec![1, 2, 3], "highest Skill Level first");
    s.dispatch(&Command::ChargeActivations { rolls: vec![d(2), d(9), d(8)] }, 0.0).unwrap();
    let c = s.game().charge.clone().unwrap();
    assert_eq!((c.passed, c.failed), (vec![1], vec![2, 3]));
    let shock = ShockRolls {
        defensive_activation: Some(d(9)),
        defender_check: Some(d(2)),
        attacker_check: Some(d(3)),
        ..Default::default()
    };
    let early = s.dispatch(&Command::ChargeShock { force: 1, rolls: shock, tie: 0 }, 0.0);
    assert!(matches!(early, Err(BattleError::Rule(_))), "the failed forces attack first");
    // Smith hits with Well-Struck's +2/+0 (5 + 2 = 7 against a 6); Richardson misses.
    let smith = s
        .dispatch(&Command::ChargeAttack { force: 2, activation: Some(d(3)), attack: Some(d(6)), tie: 1 }, 0.0)
        .unwrap();
    assert_eq!(smith.hits.len(), 1);
    assert_eq!(s.game().field.get(5).unwrap().strength, Strength::Reduced, "Jackson is picked at random and flipped");
    let richardson = s
        .dispatch(&Command::ChargeAttack { force: 3, activation: Some(d(3)), attack: Some(d(8)), tie: 0 }, 0.0)
        .unwrap();
    assert!(richardson.hits.is_empty());
    // Slocum advances in Column against the lowest Skill Level; both pass: Melee.
    s.dispatch(&Command::ChargeShock { force: 1, rolls: shock, tie: 0 }, 0.0).unwrap();
    let slocum = s.game().field.get(1).unwrap();
    assert_eq!((slocum.region, slocum.formation), (Region::ConfederateFront, Formation::Column));
    assert_eq!(s.game().union_cp, 1, "first Union entry into the Confederate Front (18.4)");
    assert!(
        s.dispatch(&Command::UnionAct { force: 1, activation: None, attack: None, tie: 0 }, 0.0).is_err(),
        "forces affected by Charge! take no Default Battle Plan"
    );
}

#[test]
fn rule_11_4_1_defensive_fire_stops_a_charge() {
    let mut s = example();
    s.dispatch(&Command::ChargeActivations { rolls: vec![d(2), d(2), d(2)] }, 0.0).unwrap();
    let fire = ShockRolls { defensive_activation: Some(d(1)), defensive_fire: Some(d(3)), ..Default::default() };
    s.dispatch(&Command::ChargeShock { force: 1, rolls: fire, tie: 0 }, 0.0).unwrap();
    let slocum = s.game().field.get(1).unwrap();
    assert_eq!((slocum.region, slocum.strength), (Region::UnionFront, Strength::Reduced));
    // The next charger targets the next Confederate, one that has not yet fired.
    let pass = ShockRolls { defensive_activation: Some(d(9)), defender_check: Some(d(9)), ..Default::default() };
    s.dispatch(&Command::ChargeShock { force: 2, rolls: pass, tie: 0 }, 0.0).unwrap();
    let c = s.game().charge.clone().unwrap();
    assert_eq!(c.defended.len(), 2);
    assert_ne!(c.defended[0], c.defended[1]);
}
