//! The charges through the session (5, Table 16).

use super::*;
use crate::fixtures::revealed;
use crate::rules::charge::ChargeSetup;
use crate::rules::charge::distance::BonusPath;
use crate::rules::charge::sequence::{FireEffect, MoraleCheckInput};
use crate::rules::test_dice::{d, two};
use crate::rules::unit::Terrain;
use crate::state::command::charge_result;
use crate::state::demo::demo_game;
use crate::state::orders::UnitOrder;
use crate::state::roster::{GunState, RegimentFlag, Side};
use crate::state::units::UnitCommand;
use crate::state::{command::Command, session::Session};

/// The demo game with this turn's orders revealed: the 2nd Wisconsin charges the 1st
/// Tennessee, which holds.
fn session() -> Session {
    let charge = UnitOrder {
        objective: Some("r-1tn".into()),
        toward_enemy: true,
        ..UnitOrder::example("r-2wi", Side::Union, OrderKind::Charge)
    };
    let hold = UnitOrder::example("r-1tn", Side::Confederate, OrderKind::Hold);
    Session::new(revealed(demo_game("g"), vec![charge, hold]))
}

/// `charger` of the game charges `defender` (with `crew` crew figures if it is a gun section,
/// on Hold) from `distance` inches, as the roster gives them.
fn setup_from(g: &Game, charger: &str, defender: &str, crew: u32, distance: u32) -> ChargeSetup {
    let o = Overrides::new();
    ChargeSetup {
        charger: charging_unit(g, charger, &o).unwrap().unwrap(),
        defender: charged_unit(g, defender, Some(OrderKind::Hold), crew, ArtillerySituation::SectionAlone, &o)
            .unwrap()
            .unwrap(),
        ..ChargeSetup::example(distance, OrderKind::Hold)
    }
}

/// Steps 2 to 4 of a charge from 5": the charged unit stays, the normal move and a bonus of
/// 2, 2, 2 in the open, and the close (5.2-5.3).
fn to_contact(s: &mut Session, id: &str) {
    step(s, id, Input::ChargedUnitStays);
    step(s, id, Input::open_move(5));
    step(s, id, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: vec![d(2), d(2), d(2)] });
    step(s, id, Input::Close);
}

fn declare(s: &mut Session, distance: u32) -> ChargeId {
    let g = s.game();
    let o = Overrides::new();
    let charger = charging_unit(g, "r-2wi", &o).unwrap().unwrap();
    let defender = charged_unit(g, "r-1tn", None, 0, ArtillerySituation::SectionAlone, &o).unwrap().unwrap();
    assert_eq!(defender.order, Some(OrderKind::Hold), "the revealed order is read");
    let setup = ChargeSetup { charger, defender, ..ChargeSetup::example(distance, OrderKind::Hold) };
    let charge = Charge::declare(setup).unwrap();
    let cmd = ChargeCommand::Declare {
        charger: "r-2wi".into(),
        defender: "r-1tn".into(),
        charge: Box::new(charge),
        follows: None,
        guns: None,
    };
    s.dispatch(&Command::Charge(cmd), 0.0).unwrap();
    s.game().charges.charges.last().unwrap().id.clone()
}

fn step(s: &mut Session, id: &str, input: Input) {
    let cmd = ChargeCommand::Step { charge: id.into(), input: Box::new(input), entries: Overrides::new(), given: None };
    s.dispatch(&Command::Charge(cmd), 0.0).unwrap();
}

/// The 2nd Wisconsin (15 figures, elite) charges the 1st Tennessee (14, average) from 5"
/// and wins by breakthrough into a melee that the Tennesseans lose.
fn to_the_end(s: &mut Session) -> ChargeId {
    let id = declare(s, 5);
    to_contact(s, &id);
    step(
        s,
        &id,
        Input::DefensiveFire(FireEffect { kills: 3, checks: vec![MoraleCheckInput { mmp: 2, roll: two(4, 4) }] }),
    );
    step(s, &id, Input::FearOfCharge(MoraleCheckInput { mmp: 3, roll: two(5, 5) }));
    step(s, &id, Input::DefensiveFire(FireEffect::default()));
    step(s, &id, Input::Impact { charger_mmp: 1, charger_roll: two(2, 2), defender_mmp: 3, defender_roll: two(4, 4) });
    step(s, &id, Input::LossDie(d(5)));
    step(s, &id, Input::Retire(two(1, 2)));
    step(
        s,
        &id,
        Input::MeleeRound {
            charger_kills: 5,
            defender_kills: 2,
            charger_checks: vec![],
            defender_checks: vec![MoraleCheckInput { mmp: 9, roll: two(3, 3) }],
            officer_rolls: vec![],
        },
    );
    id
}

/// The cover the players give at the fear-of-charge step (5.5.2) is kept in the game's
/// charge, through the steps that do not give it again, for the impact (5.7.1.a); a step
/// saved before conditions were kept (no `given`) still reads.
#[test]
fn rule_5_7_1_a_cover_given_at_fear_of_charge_kept_in_the_game() {
    use crate::rules::morale::{ChargeSituation, Cover};
    let mut s = session();
    let id = declare(&mut s, 5);
    to_contact(&mut s, &id);
    step(&mut s, &id, Input::DefensiveFire(FireEffect::default()));
    let mut covered = ChargeSituation::default();
    covered.general.cover = Cover::Cover;
    let given = Conditions::default().with(ChargeSide::Defender, covered);
    let cmd = ChargeCommand::Step {
        charge: id.clone(),
        input: Box::new(Input::FearOfCharge(MoraleCheckInput { mmp: 2, roll: two(5, 5) })),
        entries: Overrides::new(),
        given: Some(given),
    };
    s.dispatch(&Command::Charge(cmd), 0.0).unwrap();
    step(&mut s, &id, Input::DefensiveFire(FireEffect::default()));
    let c = &s.game().charges.get(&id).unwrap().charge;
    assert_eq!(c.conditions.of(ChargeSide::Defender).general.cover, Cover::Cover);
    let old: ChargeCommand =
        serde_json::from_str(r#"{"Step":{"charge":"charge-1","input":"Close","entries":[]}}"#).unwrap();
    assert!(matches!(old, ChargeCommand::Step { given: None, .. }));
}

#[test]
fn rule_5_charge_declared_stepped_applied_and_undone() {
    let mut s = session();
    let before = s.game().clone();
    let id = to_the_end(&mut s);
    let gc = s.game().charges.get(&id).unwrap().clone();
    assert_eq!(gc.charge.outcome, Some(Outcome::MeleeSurrender(ChargeSide::Defender)));
    // Every step is in the history with its rule.
    assert!(
        s.game()
            .log
            .iter()
            .any(|l| l.text.contains("2nd Wisconsin charging 1st Tennessee, Table 16 step 12")
                && l.text.contains("5.8.2"))
    );
    let cmds = charge_result(s.game(), &gc);
    let kills = |who: &str| {
        cmds.iter().filter(|c| matches!(c, Command::Unit(UnitCommand::AddKill { regiment }) if regiment == who)).count()
    };
    assert_eq!((kills("r-2wi"), kills("r-1tn")), (5, 5));
    assert!(cmds.contains(&Command::Unit(UnitCommand::SetFlag {
        regiment: "r-1tn".into(),
        flag: RegimentFlag::RemovedFromBoard,
        on: true
    })));
    assert!(cmds.contains(&Command::Unit(UnitCommand::SetFormation {
        regiment: "r-2wi".into(),
        formation: Formation::Disorder
    })));
    assert!(cmds.contains(&Command::Unit(UnitCommand::RecordCharge { regiment: "r-2wi".into() })));
    assert_eq!(cmds.last(), Some(&Command::Charge(ChargeCommand::Applied { charge: id.clone() })));
    let steps = cmds.len();
    for c in &cmds {
        s.dispatch(c, 0.0).unwrap();
    }
    let g = s.game();
    assert!(g.checks_due.is_empty(), "the checks the charge rolled do not wait again: {:?}", g.checks_due);
    assert_eq!(g.roster.regiment("r-2wi").unwrap().figures_left(), 10);
    assert!(g.roster.regiment("r-1tn").unwrap().removed_from_board);
    assert!(g.charges.get(&id).unwrap().applied);
    // Applying twice is refused; a step after applying too.
    assert!(s.dispatch(&Command::Charge(ChargeCommand::Applied { charge: id.clone() }), 0.0).is_err());
    // Undone: the roster as it was before the result.
    for _ in 0..steps {
        s.undo();
    }
    assert_eq!(s.game().roster, before.roster);
    assert!(!s.game().charges.get(&id).unwrap().applied);
    // And every step of the charge undoes too, back to before the declaration.
    while s.game().charges.get(&id).is_some() {
        assert!(s.undo());
    }
    assert_eq!(s.game().charges, before.charges);
}

#[test]
fn rule_5_the_trackers_charge_item_is_settled_once_the_result_is_applied() {
    let mut s = session();
    for _ in 0..4 {
        s.dispatch(&Command::NextPhase, 0.0).unwrap();
    }
    assert_eq!(s.game().phase, crate::state::game::Phase::Charges);
    let item = |s: &Session| {
        crate::state::tracker::phase_items(s.game()).into_iter().find(|i| i.key == "charge-r-2wi").map(|i| i.done)
    };
    assert_eq!(item(&s), Some(false));
    let id = to_the_end(&mut s);
    assert_eq!(item(&s), Some(false), "over but not applied");
    let gc = s.game().charges.get(&id).unwrap().clone();
    for c in charge_result(s.game(), &gc) {
        s.dispatch(&c, 0.0).unwrap();
    }
    assert_eq!(item(&s), Some(true));
}

#[test]
fn a_charge_in_progress_survives_a_save_and_load_of_the_game() {
    let mut s = session();
    let id = declare(&mut s, 8);
    step(&mut s, &id, Input::ChargedUnitStays);
    step(&mut s, &id, Input::open_move(5));
    let text = serde_json::to_string(s.game()).unwrap();
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back.charges, s.game().charges);
    assert_eq!(back.charges.get(&id).unwrap().charge.waiting_for(), crate::rules::charge::Need::Bonus);
    // A game saved before charges existed still loads, with none.
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v.as_object_mut().unwrap().remove("charges");
    let old: Game = serde_json::from_value(v).unwrap();
    assert!(old.charges.charges.is_empty());
}

#[test]
fn refusals_change_nothing() {
    let mut s = session();
    let id = declare(&mut s, 8);
    // The wrong input for the step.
    let cmd = ChargeCommand::Step {
        charge: id.clone(),
        input: Box::new(Input::Close),
        entries: Overrides::new(),
        given: None,
    };
    assert!(s.dispatch(&Command::Charge(cmd), 0.0).is_err());
    // A second charge by the same regiment while the first is open.
    let g = s.game().clone();
    let charge = g.charges.get(&id).unwrap().charge.clone();
    let again = ChargeCommand::Declare {
        charger: "r-2wi".into(),
        defender: "r-1tn".into(),
        charge: Box::new(charge.clone()),
        follows: None,
        guns: None,
    };
    assert!(s.dispatch(&Command::Charge(again), 0.0).is_err());
    // Against a friend.
    let friend = ChargeCommand::Declare {
        charger: "r-2wi".into(),
        defender: "r-7wi".into(),
        charge: Box::new(charge),
        follows: None,
        guns: None,
    };
    assert!(s.dispatch(&Command::Charge(friend), 0.0).is_err());
    // Applying before the end.
    assert!(s.dispatch(&Command::Charge(ChargeCommand::Applied { charge: id.clone() }), 0.0).is_err());
    assert_eq!(s.game(), &g);
    // An unequal impact is declared only at the impact step.
    let unequal = ChargeCommand::UnequalImpact { charge: id.clone(), lone: ChargeSide::Defender, contacts: 2 };
    assert!(s.dispatch(&Command::Charge(unequal), 0.0).is_err());
    // Discard is undoable.
    s.dispatch(&Command::Charge(ChargeCommand::Discard { charge: id.clone() }), 0.0).unwrap();
    assert!(s.game().charges.get(&id).is_none());
    s.undo();
    assert!(s.game().charges.get(&id).is_some());
}

#[test]
fn rule_5_1_5_charges_of_the_turn_nearest_first() {
    let mut s = session();
    let far = declare(&mut s, 8);
    // A second charger, nearer.
    let g = s.game();
    let mut setup = setup_from(g, "r-6wi", "r-7tn", 0, 6);
    setup.charger.consecutive_turn = 1;
    let cmd = ChargeCommand::Declare {
        charger: "r-6wi".into(),
        defender: "r-7tn".into(),
        charge: Box::new(Charge::declare(setup).unwrap()),
        follows: None,
        guns: None,
    };
    s.dispatch(&Command::Charge(cmd), 0.0).unwrap();
    let order: Vec<&str> = s.game().charges.of_turn(1).iter().map(|c| c.charger.as_str()).collect();
    assert_eq!(order, vec!["r-6wi", "r-2wi"]);
    assert_eq!(s.game().charges.open_for(1, "r-2wi").map(|c| c.id.clone()), Some(far));
}

#[test]
fn rule_5_7_guns_taken_when_the_crew_flees_and_a_crew_that_loses_melee_records_two_kills() {
    let mut s = session();
    let g = s.game();
    // The 1st Tennessee charges the Union's right section of Hall's battery (4 crew).
    let setup = setup_from(g, "r-1tn", "s-hall-1", 4, 4);
    assert_eq!((setup.defender.arm, setup.defender.figures), (crate::rules::unit::Arm::Artillery, 4));
    let charge = Charge::declare(setup).unwrap();
    let cmd = ChargeCommand::Declare {
        charger: "r-1tn".into(),
        defender: "s-hall-1".into(),
        charge: Box::new(charge),
        follows: None,
        guns: Some(ArtillerySituation::SectionAlone),
    };
    s.dispatch(&Command::Charge(cmd), 0.0).unwrap();
    let id = s.game().charges.charges.last().unwrap().id.clone();
    step(&mut s, &id, Input::ChargedUnitStays);
    step(&mut s, &id, Input::open_move(5));
    step(&mut s, &id, Input::NoBonus);
    step(&mut s, &id, Input::Close);
    step(&mut s, &id, Input::DefensiveFire(FireEffect::default()));
    step(&mut s, &id, Input::FearOfCharge(MoraleCheckInput { mmp: 5, roll: two(6, 5) }));
    step(&mut s, &id, Input::DefensiveFire(FireEffect::default()));
    let before = s.clone();
    step(&mut s, &id, Input::CrewFlees);
    let gc = s.game().charges.get(&id).unwrap().clone();
    assert_eq!(gc.charge.outcome, Some(Outcome::GunsTaken));
    let cmds = charge_result(s.game(), &gc);
    assert!(
        cmds.contains(&Command::Unit(UnitCommand::SetGunState {
            section: "s-hall-1".into(),
            state: GunState::Captured
        }))
    );
    assert!(!cmds.iter().any(|c| matches!(c, Command::Unit(UnitCommand::AddCrewKill { .. }))));
    // Instead the crew fights for its guns: a tie, then a melee round in which three of
    // the crew fall but the charging regiment routs and surrenders (5.8.2): two crew kills
    // eliminate the crew (4.3.5.b), the third is not recorded.
    let mut s = before;
    step(&mut s, &id, Input::ArtilleryImpact { charger_roll: two(6, 6), artillery_roll: two(1, 1) });
    let c = s.game().charges.get(&id).unwrap().charge.clone();
    assert_eq!(c.stage, crate::rules::charge::Stage::Melee);
    step(
        &mut s,
        &id,
        Input::MeleeRound {
            charger_kills: 3,
            defender_kills: 0,
            charger_checks: vec![MoraleCheckInput { mmp: 9, roll: two(1, 1) }],
            defender_checks: vec![MoraleCheckInput { mmp: 9, roll: two(5, 5) }],
            officer_rolls: vec![],
        },
    );
    let gc = s.game().charges.get(&id).unwrap().clone();
    assert_eq!(gc.charge.outcome, Some(Outcome::MeleeSurrender(ChargeSide::Charger)));
    let cmds = charge_result(s.game(), &gc);
    assert_eq!(cmds.iter().filter(|c| matches!(c, Command::Unit(UnitCommand::AddCrewKill { .. }))).count(), 2);
    for c in &cmds {
        s.dispatch(c, 0.0).unwrap();
    }
    assert_eq!(s.game().roster.section("s-hall-1").unwrap().state, GunState::Abandoned);
    assert!(s.game().roster.regiment("r-1tn").unwrap().removed_from_board);
}

#[test]
fn rule_4_4_1_kill_effects_of_the_roster_regiment() {
    let g = demo_game("g");
    let r = g.roster.regiment("r-1tn").unwrap(); // 14 figures: 3-3-2-3-3
    let e = kill_effects(r, 0, 3);
    assert!(e.first_kill);
    assert_eq!(e.stands_lost, 1);
    let e = kill_effects(r, 3, 2);
    assert!(!e.first_kill);
    assert_eq!(e.stands_lost, 0);
    let e = kill_effects(r, 3, 3);
    assert_eq!(e.stands_lost, 1);
    assert_eq!(stands_lost_after(r, 6), 2);
}
