use super::*;
use crate::game::{Command, LineOfBattle};
use crate::oob::tests::{formation, leader};
use crate::seniority::Grade;
use companion_core::session::Session;

/// The test game with a second Brigade under each Division, the Leaders named as on the
/// printed Seniority List.
fn game() -> Game {
    let mut g = crate::orders::test_game();
    g.oob.add_formation(formation("1/1/2", Echelon::Brigade, Some("1/1"), Some("Cutler"))).unwrap();
    g.oob.add_leader(leader("Cutler", "1/1/2", 2, 2)).unwrap();
    g.oob.add_formation(formation("2/1/1", Echelon::Brigade, Some("2/1"), Some("Paul"))).unwrap();
    g.oob.add_leader(leader("Paul", "2/1/1", 2, 2)).unwrap();
    g.oob.add_formation(formation("2/1/2", Echelon::Brigade, Some("2/1"), Some("Baxter"))).unwrap();
    g.oob.add_leader(leader("Baxter", "2/1/2", 2, 2)).unwrap();
    g
}

fn run(s: &mut Session<LineOfBattle>, c: LeaderCommand) -> Result<Vec<String>, Refused> {
    s.dispatch(&Command::Leaders(Box::new(c)), 0.0).map(|o| o.lines)
}

fn commands(g: &Game, formation: &str) -> Option<String> {
    g.oob.leader_of(formation).map(|l| l.id.clone())
}

/// 4.1b Play Note: "If a Corps Leader is killed, his ranking Division Leader will become
/// Corps Leader, that Division's senior Brigade Leader will be promoted to Division Leader,
/// and a Repl will be placed in charge of his Brigade." Doubleday (MG) outranks Wadsworth
/// (BG); Paul (5 Sept 62) outranks Baxter (12 Mar 63).
#[test]
fn rule_4_1b_promotion_play_note() {
    let mut s = Session::<LineOfBattle>::new(game());
    s.dispatch(&Command::LeaderLost { leader: "Reynolds".into() }, 0.0).unwrap();
    let lines = run(
        &mut s,
        LeaderCommand::Promote {
            formation: "1".into(),
            choices: vec![],
            repl: Some(ReplValues { command: 1, morale: 1 }),
        },
    )
    .unwrap();
    let g = s.game();
    assert_eq!(commands(g, "1").as_deref(), Some("Doubleday"), "{lines:?}");
    assert_eq!(commands(g, "2/1").as_deref(), Some("Paul"));
    let repl = g.oob.leader_of("2/1/1").unwrap();
    assert!(repl.repl && repl.command == 1);
    assert_eq!(commands(g, "1/1").as_deref(), Some("Wadsworth"), "untouched");
}

/// 4.1b: without the Repl's values the chain stops at the Brigade and says so; where the
/// list cannot tell (two Colonels), the players choose.
#[test]
fn rule_4_1b_where_seniority_cannot_tell() {
    let mut g = game();
    for (id, name) in [("Paul", "Cross"), ("Baxter", "Kelly")] {
        g.oob.leader_mut(id).unwrap().name = name.into();
    }
    let mut s = Session::<LineOfBattle>::new(g);
    s.dispatch(&Command::LeaderLost { leader: "Doubleday".into() }, 0.0).unwrap();
    let err = run(&mut s, LeaderCommand::Promote { formation: "2/1".into(), choices: vec![], repl: None }).unwrap_err();
    assert!(err.why.contains("Cross") && err.why.contains("Kelly"), "{err}");
    let lines = run(
        &mut s,
        LeaderCommand::Promote { formation: "2/1".into(), choices: vec![("2/1".into(), "Baxter".into())], repl: None },
    )
    .unwrap();
    assert_eq!(commands(s.game(), "2/1").as_deref(), Some("Baxter"));
    assert!(lines.iter().any(|l| l.contains("needs a Repl")), "{lines:?}");
    run(&mut s, LeaderCommand::Repl { brigade: "2/1/2".into(), values: ReplValues { command: 0, morale: 2 } }).unwrap();
    assert!(s.game().oob.zero_led("2/1/2"), "a 0-rated Repl is a Zero (4.1d)");
}

/// 4.1b: the players' entered rank settles what the printed list cannot; a ranking Leader
/// not yet on the map lets the ranking available one command until he arrives.
#[test]
fn rule_4_1b_entered_ranks_and_temporary_promotion() {
    let mut g = game();
    g.oob.leader_mut("Paul").unwrap().on_map = false;
    let mut s = Session::<LineOfBattle>::new(g);
    s.dispatch(&Command::LeaderLost { leader: "Doubleday".into() }, 0.0).unwrap();
    let lines = run(&mut s, LeaderCommand::Promote { formation: "2/1".into(), choices: vec![], repl: None }).unwrap();
    assert_eq!(commands(s.game(), "2/1").as_deref(), Some("Baxter"));
    assert!(lines.iter().any(|l| l.contains("until Paul arrives")), "{lines:?}");
    let mut s = Session::<LineOfBattle>::new(game());
    let rank = Rank { grade: Grade::MajorGeneral, date: None };
    run(&mut s, LeaderCommand::SetRank { leader: "Baxter".into(), rank }).unwrap();
    s.dispatch(&Command::LeaderLost { leader: "Doubleday".into() }, 0.0).unwrap();
    run(&mut s, LeaderCommand::Promote { formation: "2/1".into(), choices: vec![], repl: None }).unwrap();
    assert_eq!(commands(s.game(), "2/1").as_deref(), Some("Baxter"));
}

#[test]
fn a_command_already_filled_is_not_promoted_into() {
    let mut s = Session::<LineOfBattle>::new(game());
    assert!(run(&mut s, LeaderCommand::Promote { formation: "1".into(), choices: vec![], repl: None }).is_err());
}
