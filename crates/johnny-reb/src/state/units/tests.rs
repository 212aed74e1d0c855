//! The unit commands through the session.

use super::*;
use crate::rules::command_integrity::IntegrityLevel;
use crate::state::command::{Command, Outcome};
use crate::state::demo::demo_game;
use crate::state::roster::CommandScope;
use crate::state::roster_edit::RosterEdit;
use crate::state::session::Session;

fn demo() -> Session {
    Session::new(demo_game("g1"))
}

fn kill(s: &mut Session, id: &str, n: u32) -> Outcome {
    let mut last = Outcome::default();
    for _ in 0..n {
        last = s.dispatch(&Command::Unit(UnitCommand::AddKill { regiment: id.into() }), 0.0).unwrap();
    }
    last
}

#[test]
fn one_tap_kills_say_when_a_stand_goes_uneven_regiment() {
    // 0.1.1.a: 18 figures are 4-3-4-3-4; 0.1.3: kills from the left.
    let mut s = demo();
    assert_eq!(s.game().roster.regiment("r-7wi").unwrap().stands, vec![4, 3, 4, 3, 4]);
    let first = kill(&mut s, "r-7wi", 1);
    assert_eq!(first.morale_checks.len(), 1);
    assert_eq!(first.morale_checks[0].reason, CheckReason::FirstKill);
    assert!(!first.stand_lost);
    kill(&mut s, "r-7wi", 2);
    let fourth = kill(&mut s, "r-7wi", 1);
    assert!(fourth.stand_lost, "the leftmost stand of 4 goes on the fourth kill (0.1.3)");
    assert_eq!(fourth.morale_checks[0].reason, CheckReason::StandLost);
    assert!(fourth.text.contains("stand is removed"), "{}", fourth.text);
    let r = s.game().roster.regiment("r-7wi").unwrap();
    assert_eq!((r.stands_left(), r.figures_left(), r.kills_to_next_stand()), (4, 14, Some(3)));
    // The 3-figure stand goes after three more, then the 4 after four more.
    assert!(!kill(&mut s, "r-7wi", 2).stand_lost);
    assert!(kill(&mut s, "r-7wi", 1).stand_lost);
    assert!(!kill(&mut s, "r-7wi", 3).stand_lost);
    assert!(kill(&mut s, "r-7wi", 1).stand_lost);
    assert_eq!(s.game().roster.regiment("r-7wi").unwrap().stands_left(), 2);
    // Kills to the last figure: the regiment is lost; no more kills.
    kill(&mut s, "r-7wi", 6);
    let last = kill(&mut s, "r-7wi", 1);
    assert!(last.stand_lost && last.text.contains("lost"));
    assert!(s.game().roster.regiment("r-7wi").unwrap().is_lost());
    assert!(s.dispatch(&Command::Unit(UnitCommand::AddKill { regiment: "r-7wi".into() }), 0.0).is_err());
    // Taking a kill back returns the stand.
    s.dispatch(&Command::Unit(UnitCommand::RemoveKill { regiment: "r-7wi".into() }), 0.0).unwrap();
    assert_eq!(s.game().roster.regiment("r-7wi").unwrap().stands_left(), 1);
}

#[test]
fn crossing_an_integrity_level_is_reported_and_logged() {
    // Archer's brigade: 5 regiments (10) + Archer (3) = 13 points; 40% = 5.2, so three
    // regiments lost (6 points) reach cease offensive activity (11.2).
    let mut s = demo();
    let scope = CommandScope::Brigade("b-archer".into());
    for id in ["r-5al", "r-14tn"] {
        s.dispatch(
            &Command::Unit(UnitCommand::SetFlag {
                regiment: id.into(),
                flag: RegimentFlag::RemovedFromBoard,
                on: true,
            }),
            0.0,
        )
        .unwrap();
    }
    assert_eq!(s.game().roster.integrity(&scope).unwrap().level, IntegrityLevel::Fighting);
    // The 1st Tennessee (14 figures) is killed to the last figure.
    let mut crossed = Vec::new();
    for _ in 0..14 {
        let out = s.dispatch(&Command::Unit(UnitCommand::AddKill { regiment: "r-1tn".into() }), 0.0).unwrap();
        crossed.extend(out.levels_crossed);
    }
    let brigade: Vec<_> = crossed.iter().filter(|c| c.scope == scope).collect();
    assert_eq!(brigade.len(), 1);
    assert_eq!(brigade[0].to, IntegrityLevel::CeaseOffensive);
    assert!(s.game().log.last().unwrap().text.contains("cease offensive activity"));
    assert_eq!(s.game().roster.integrity(&scope).unwrap().lost, 6);
    // Its restrictions apply from the next turn (11.2).
    assert_eq!(s.game().roster.level_in_force(&scope, 1), IntegrityLevel::Fighting);
    assert_eq!(s.game().roster.level_in_force(&scope, 2), IntegrityLevel::CeaseOffensive);
    // Taking the kill back goes below the level and forgets it.
    let mut t = s.clone();
    t.dispatch(&Command::Unit(UnitCommand::RemoveKill { regiment: "r-1tn".into() }), 0.0).unwrap();
    assert_eq!(t.game().roster.level_in_force(&scope, 2), IntegrityLevel::Fighting);
    // Deleting the brigade forgets its levels.
    let mut t = s.clone();
    t.dispatch(&Command::Roster(RosterEdit::DeleteBrigade { id: "b-archer".into() }), 0.0).unwrap();
    assert!(t.game().roster.levels_reached.iter().all(|l| l.scope != scope));
    // Undo goes back below the level.
    s.undo();
    assert_eq!(s.game().roster.integrity(&scope).unwrap().level, IntegrityLevel::Fighting);
}

#[test]
fn merged_units_are_not_a_command_loss() {
    let mut s = demo();
    kill(&mut s, "r-2wi", 9); // 3 of 5 stands gone, 2 left
    kill(&mut s, "r-7wi", 11); // 3 stands gone, 2 left
    let before = s.game().roster.integrity(&CommandScope::Brigade("b-iron".into())).unwrap().lost;
    s.dispatch(&Command::Unit(UnitCommand::Merge { regiment: "r-2wi".into(), host: "r-7wi".into() }), 0.0).unwrap();
    let g = s.game();
    assert_eq!(g.roster.integrity(&CommandScope::Brigade("b-iron".into())).unwrap().lost, before);
    assert_eq!(g.roster.merged_modifier("r-7wi"), -2);
    assert_eq!(g.roster.merged_stands("r-7wi"), 4);
    // 2nd Wisconsin has stands of 3, the 7th's next stand has 3 figures too (4-3-4-3-4 with
    // three gone: 3, 4): kills may go to either (6.8.9.c).
    let out = s.dispatch(&Command::Unit(UnitCommand::AddKill { regiment: "r-2wi".into() }), 0.0).unwrap();
    assert_eq!(out.morale_checks, vec![], "no new first-casualty check (6.8.9.b)");
    s.dispatch(&Command::Unit(UnitCommand::AddKill { regiment: "r-7wi".into() }), 0.0).unwrap();
    // Kills go to the regiment with fewer figures per stand (6.8.9.c).
    let mut t = demo();
    kill(&mut t, "r-24mi", 15); // stands of 5, two left
    kill(&mut t, "r-2wi", 9); // stands of 3, two left
    t.dispatch(&Command::Unit(UnitCommand::Merge { regiment: "r-2wi".into(), host: "r-24mi".into() }), 0.0).unwrap();
    assert!(t.dispatch(&Command::Unit(UnitCommand::AddKill { regiment: "r-24mi".into() }), 0.0).is_err());
    assert!(t.dispatch(&Command::Unit(UnitCommand::AddKill { regiment: "r-2wi".into() }), 0.0).is_ok());
    // No more than five stands in a merged unit (6.8.9.a).
    kill(&mut s, "r-19in", 3);
    assert!(
        s.dispatch(&Command::Unit(UnitCommand::Merge { regiment: "r-19in".into(), host: "r-7wi".into() }), 0.0)
            .is_err()
    );
}

#[test]
fn crew_kills_two_in_a_turn_eliminate_one_is_cancelled() {
    // 4.3.5.b
    let mut s = demo();
    let sec = || Command::Unit(UnitCommand::AddCrewKill { section: "s-hall-1".into() });
    let out = s.dispatch(&sec(), 0.0).unwrap();
    assert_eq!(out.morale_checks[0].reason, CheckReason::CrewKill);
    for _ in 0..8 {
        s.dispatch(&Command::NextPhase, 0.0).unwrap();
    }
    assert_eq!(s.game().roster.section("s-hall-1").unwrap().crew_kills_this_turn, 0);
    s.dispatch(&sec(), 0.0).unwrap();
    s.dispatch(&sec(), 0.0).unwrap();
    assert_eq!(s.game().roster.section("s-hall-1").unwrap().state, GunState::Abandoned);
    // Abandoned is not a loss for 11.2; captured is.
    let div = CommandScope::Division("d-wadsworth".into());
    assert_eq!(s.game().roster.integrity(&div).unwrap().lost, 0);
    s.dispatch(&Command::Unit(UnitCommand::SetGunState { section: "s-hall-1".into(), state: GunState::Captured }), 0.0)
        .unwrap();
    assert_eq!(s.game().roster.integrity(&div).unwrap().lost, 1);
}

#[test]
fn canister_is_four_rounds() {
    // 4.3.4.a, 4.3.4.b
    let mut s = demo();
    let fire = |n| Command::Unit(UnitCommand::UseCanister { section: "s-marye-1".into(), rounds: n });
    s.dispatch(&fire(2), 0.0).unwrap();
    s.dispatch(&fire(1), 0.0).unwrap();
    assert!(s.dispatch(&fire(2), 0.0).is_err());
    s.dispatch(&fire(1), 0.0).unwrap();
    assert_eq!(s.game().roster.section("s-marye-1").unwrap().canister_left(), 0);
}

#[test]
fn never_three_charges_in_a_row() {
    // 5.1.4
    let mut s = demo();
    let charge = || Command::Unit(UnitCommand::RecordCharge { regiment: "r-2wi".into() });
    let next_turn = |s: &mut Session| {
        for _ in 0..8 {
            s.dispatch(&Command::NextPhase, 0.0).unwrap();
        }
    };
    s.dispatch(&charge(), 0.0).unwrap();
    assert!(s.dispatch(&charge(), 0.0).is_err(), "once a turn");
    next_turn(&mut s);
    let r = s.game().roster.regiment("r-2wi").unwrap();
    assert!(r.charges.charged_last_turn(s.game().turn));
    assert_eq!(r.charges.permission(s.game().turn), ChargePermission::SecondTurn);
    assert!(s.dispatch(&charge(), 0.0).unwrap().text.contains("disorder"));
    next_turn(&mut s);
    assert!(s.dispatch(&charge(), 0.0).is_err());
    next_turn(&mut s);
    assert!(s.dispatch(&charge(), 0.0).is_ok(), "after a turn's rest it may charge again");
}

#[test]
fn officer_hits_follow_table_20() {
    let mut s = demo();
    s.dispatch(
        &Command::Unit(UnitCommand::OfficerHit { officer: "o-archer".into(), effect: CasualtyEffect::Stunned }),
        0.0,
    )
    .unwrap();
    let o = s.game().roster.officer("o-archer").unwrap();
    assert_eq!(o.condition, OfficerCondition::Stunned { turn: 1 });
    assert!(!o.condition.status().gives_benefits(2) && o.condition.status().gives_benefits(3));
    s.dispatch(
        &Command::Unit(UnitCommand::OfficerHit {
            officer: "o-archer".into(),
            effect: CasualtyEffect::SpectacularDeath,
        }),
        0.0,
    )
    .unwrap();
    // A dead brigadier is 3 points lost to his brigade (11.1, 11.2).
    assert_eq!(s.game().roster.integrity(&CommandScope::Brigade("b-archer".into())).unwrap().lost, 3);
    assert!(
        s.dispatch(
            &Command::Unit(UnitCommand::OfficerHit { officer: "o-archer".into(), effect: CasualtyEffect::Stunned }),
            0.0
        )
        .is_err()
    );
}

#[test]
fn rule_6_7_2_set_mounted_with_its_free_formation_change_and_undo() {
    let mut s = demo();
    let mut cav = s.game().roster.regiment("r-2wi").unwrap().clone();
    cav.arm = Arm::Cavalry { mounted: false };
    cav.formation = Formation::Skirmish;
    s.dispatch(&Command::Roster(RosterEdit::EditRegiment { regiment: cav }), 0.0).unwrap();
    let before = s.game().clone();
    let out = s
        .dispatch(
            &Command::Unit(UnitCommand::SetMounted {
                regiment: "r-2wi".into(),
                mounted: true,
                formation: Formation::MarchColumn,
            }),
            0.0,
        )
        .unwrap();
    assert!(out.text.contains("mounts"), "{}", out.text);
    let r = s.game().roster.regiment("r-2wi").unwrap();
    assert_eq!((r.arm, r.formation), (Arm::Cavalry { mounted: true }, Formation::MarchColumn));
    assert!(s.undo());
    assert_eq!(s.game(), &before);
    // Mounted cavalry forms line, column, skirmish or disorder only (0.1.2.b); infantry has no horses.
    assert!(
        s.dispatch(
            &Command::Unit(UnitCommand::SetMounted {
                regiment: "r-2wi".into(),
                mounted: true,
                formation: Formation::AttackColumn
            }),
            0.0
        )
        .is_err()
    );
    assert!(
        s.dispatch(
            &Command::Unit(UnitCommand::SetMounted {
                regiment: "r-7wi".into(),
                mounted: true,
                formation: Formation::Line
            }),
            0.0
        )
        .is_err()
    );
    assert_eq!(s.game(), &before);
}
