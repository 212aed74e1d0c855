use super::*;
use crate::battlefield::Region::*;
use crate::force::Skill::*;
use crate::game::{Command, Game};
use crate::prebattle::FogTable;
use crate::testkit::*;

#[test]
fn rule_10_1_the_pre_battle_sequence_in_order() {
    let g = Game::new("g", "G", FogTable::Regular);
    let list = todo_list(&g.battle);
    assert_eq!(list.len(), 8);
    assert_eq!(list[0].mark, Mark::Now, "the counters first");
    assert!(list[1].text.contains("10.2.1") && list[1].mark == Mark::Later);
    assert!(list[7].text.contains("Start the first Battle Turn"));
    assert!(!list[7].items.is_empty(), "what still stands in the way");
}

#[test]
fn rule_10_1_the_battle_turn_marks_the_present_step_and_the_union_decides_next() {
    let mut s = session_at(
        Stage::UnionTactics,
        vec![
            conf_inf(1, "Longstreet", Line, 5, 5, ConfederateFront),
            union_inf(2, "Slocum", Conscript, 3, 6, UnionFront),
        ],
    );
    let list = todo_list(&s.game().battle);
    assert_eq!(list.len(), 7);
    assert_eq!(list.iter().filter(|t| t.mark == Mark::Done).count(), 2);
    assert_eq!(list[2].mark, Mark::Now);
    let next = union_next(&s.game().battle).unwrap();
    assert!(matches!(next.command, Command::DetermineTactics { .. }));
    s.dispatch(&next.command, 0.0).unwrap();
    let next = union_next(&s.game().battle).unwrap();
    assert!(next.title.contains("Draw Special Battle Plan 1 of 2"), "{}", next.title);
    let mut g = s.game().clone();
    g.battle.stage = Stage::UnionResolve;
    s.replace(g);
    let next = union_next(&s.game().battle).unwrap();
    assert!(matches!(next.command, Command::UnionAct { force: 2, .. }), "{next:?}");
    assert!(next.title.contains("Combat"), "{}", next.title);
}

#[test]
fn rule_10_2_13_no_confederate_force_is_not_placed() {
    let g = Game::new("g", "G", FogTable::Regular);
    let list = todo_list(&g.battle);
    assert!(list[5].text.contains("Place the Confederate Forces"));
    assert_ne!(list[5].mark, Mark::Done, "an empty battle has placed no Confederate force");
    assert_ne!(list[6].mark, Mark::Done, "nor the Union");
    assert!(list.iter().all(|t| t.mark != Mark::Done), "nothing of a new battle is done");
}
