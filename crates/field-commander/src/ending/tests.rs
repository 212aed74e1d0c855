use super::*;
use crate::battlefield::Region::*;
use crate::force::Skill::*;
use crate::game::{Command, FieldCommander};
use crate::state::Stage;
use crate::testkit::*;
use companion_core::session::Session;

fn gun(id: u32, loyalty: Loyalty, region: Region) -> crate::battle::Force {
    force(id, "Battery", loyalty, ForceType::Artillery, Line, None, 3, None, region)
}

#[test]
fn rule_14_5_example_fifteen_to_fifty_two_routs_and_the_guns_are_captured() {
    let mut s = session_at(
        Stage::RoutCheck,
        vec![
            conf_inf(1, "Longstreet", Line, 5, 12, ConfederateApproach),
            gun(2, Loyalty::Confederate, ConfederateReserve),
            union_inf(3, "Slocum", Conscript, 5, 52, UnionApproach),
        ],
    );
    assert!(s.dispatch(&Command::EndTurn, 0.0).is_err(), "the Rout Check first");
    s.dispatch(&Command::RoutCheck, 0.0).unwrap();
    let b = &s.game().battle;
    assert_eq!(b.routed, Some(Loyalty::Confederate));
    assert_eq!(b.union_cp, 2, "18.4");
    assert_eq!(b.captured.len(), 1);
    assert_eq!(b.captured[0].by, Loyalty::Union);
    s.dispatch(&Command::ReplaceCapturedGun { index: 0, counter: None }, 0.0).unwrap();
    assert_eq!(s.game().battle.union_cp, 4, "no Union Battery available: 2 Command Points (5.9.2)");
    s.dispatch(&Command::EndTurn, 0.0).unwrap();
    assert_eq!(s.game().battle.turn, 2);
}

#[test]
fn rule_14_8_example_the_withdrawal_table_is_read_below_two_to_one() {
    let forces = vec![
        conf_inf(1, "Longstreet", Line, 5, 15, ConfederateApproach),
        union_inf(2, "Slocum", Conscript, 5, 6, UnionApproach),
        gun(3, Loyalty::Union, UnionReserve),
        force(4, "Fort", Loyalty::Union, ForceType::Fortification, Line, None, 1, None, UnionReserve),
    ];
    let mut s = session_at(Stage::RoutCheck, forces);
    let mut g = s.game().clone();
    g.battle.turn = 4;
    s.replace(g);
    s.dispatch(&Command::RoutCheck, 0.0).unwrap();
    s.dispatch(&Command::EndTurn, 0.0).unwrap();
    assert_eq!(s.game().battle.result, Some(BattleResult::WithdrawalDue), "15 to 10: less than 2 to 1");
    let err = s.dispatch(&Command::Withdraw { rolls: vec![d(4)] }, 0.0).unwrap_err();
    assert!(err.to_string().contains("Withdrawal table"), "the campaign's table is entered, never guessed: {err}");
    s.dispatch(&Command::SetWithdrawalTable(outcome::WithdrawalTable::example_14_8()), 0.0).unwrap();
    s.dispatch(&Command::Withdraw { rolls: vec![d(4)] }, 0.0).unwrap();
    let b = &s.game().battle;
    assert_eq!(b.result, Some(BattleResult::Withdrawn(Withdrawal::UnionRetreat)), "a 4: Union Retreat (14.8.2)");
    assert!(b.field.side(Loyalty::Union).next().is_none(), "statics destroyed, the rest gone");
    assert_eq!(b.captured.len(), 1, "the Union Battery is captured");
    assert_eq!(b.captured[0].region, None, "its replacement goes to the campaign map");
}

#[test]
fn rule_14_8_at_two_to_one_the_weaker_side_retreats_without_a_roll() {
    let mut s = session_at(
        Stage::RoutCheck,
        vec![
            conf_inf(1, "Longstreet", Line, 5, 8, ConfederateApproach),
            union_inf(2, "Slocum", Conscript, 5, 16, UnionApproach),
        ],
    );
    let mut g = s.game().clone();
    g.battle.turn = 4;
    s.replace(g);
    s.dispatch(&Command::RoutCheck, 0.0).unwrap();
    s.dispatch(&Command::EndTurn, 0.0).unwrap();
    s.dispatch(&Command::Withdraw { rolls: vec![] }, 0.0).unwrap();
    assert_eq!(s.game().battle.result, Some(BattleResult::Withdrawn(Withdrawal::ConfederateRetreat)));
}

#[test]
fn rule_14_8_1_rejoin_starts_a_new_battle_from_fog_of_war() {
    let mut s: Session<FieldCommander> = session_at(
        Stage::RoutCheck,
        vec![
            conf_inf(1, "Longstreet", Line, 5, 10, ConfederateFront),
            union_inf(2, "Slocum", Conscript, 5, 9, UnionFront),
        ],
    );
    let mut g = s.game().clone();
    g.battle.turn = 4;
    g.battle.confederate_cp = 3;
    g.battle.withdrawal_table = Some(outcome::WithdrawalTable::example_14_8());
    g.battle.field.hit(1).unwrap();
    s.replace(g);
    s.dispatch(&Command::RoutCheck, 0.0).unwrap();
    s.dispatch(&Command::EndTurn, 0.0).unwrap();
    s.dispatch(&Command::Withdraw { rolls: vec![d(1)] }, 0.0).unwrap();
    let b = &s.game().battle;
    assert_eq!((b.phase, b.stage, b.turn), (Phase::PreBattle, Stage::Setup, 1));
    assert!(b.fog.row.is_none() && b.quantities.is_none());
    assert_eq!(b.field.forces.len(), 2);
    assert_eq!(b.field.get(1).unwrap().strength, Strength::Reduced, "a reduced force stays reduced");
    assert_eq!(b.confederate_cp, 3);
}

#[test]
fn rule_14_7_the_battle_ends_when_one_side_is_gone() {
    let mut s = session_at(
        Stage::ConfederateResolve,
        vec![
            conf_inf(1, "Longstreet", Line, 5, 10, ConfederateFront),
            union_inf(2, "Slocum", Conscript, 5, 1, UnionFront),
        ],
    );
    let mut g = s.game().clone();
    g.battle.field.hit(2).unwrap();
    s.replace(g);
    let order = crate::lee::LeeOrder::Fire;
    s.dispatch(&Command::ConfederateAct { force: 1, order, rolls: vec![d(2)], tie: 0 }, 0.0).unwrap();
    let b = &s.game().battle;
    assert_eq!(b.result, Some(BattleResult::OneSideLeft(Loyalty::Confederate)));
    assert_eq!(b.stage, Stage::Over);
}
