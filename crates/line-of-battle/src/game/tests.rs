use super::*;
use crate::clock::{Arrival, Clock, Segment};
use crate::orders::commands::OrderCommand;
use crate::orders::ending::Step;
use crate::orders::{Instructions, OrderKind};
use companion_core::Die;
use companion_core::session::Session;
use proptest::prelude::*;

fn game() -> Game {
    crate::orders::test_game()
}

fn next(s: &mut Session<LineOfBattle>) -> Vec<String> {
    s.dispatch(&Command::NextPhase, 0.0).map(|o| o.lines).unwrap()
}

#[test]
fn the_system_id_never_changes() {
    assert_eq!(LineOfBattle::ID, "line-of-battle");
}

#[test]
fn a_game_round_trips_through_json() {
    let mut s = Session::<LineOfBattle>::new(game());
    s.dispatch(&Command::Loss { unit: "19 Ind".into(), sps: 1 }, 5.0).unwrap();
    let text = serde_json::to_string(s.game()).unwrap();
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, s.game());
}

#[test]
fn a_refused_command_leaves_the_game_untouched() {
    let mut s = Session::<LineOfBattle>::new(game());
    let before = s.game().clone();
    assert!(s.dispatch(&Command::Loss { unit: "nobody".into(), sps: 1 }, 0.0).is_err());
    assert!(s.dispatch(&Command::SetStrength { unit: "19 Ind".into(), sps: 9 }, 0.0).is_err());
    let err = s.dispatch(
        &Command::SetMorale { units: vec!["19 Ind".into(), "nobody".into()], state: MoraleState::Shaken },
        0.0,
    );
    assert!(err.is_err());
    assert_eq!(*s.game(), before);
}

/// 1.3b: the loss that takes a unit below half its printed SPs says it is Wrecked; 9.4b:
/// the last SP sends it to the Dead Pile.
#[test]
fn rule_1_3b_and_9_4b_losses() {
    let mut s = Session::<LineOfBattle>::new(game());
    let lines = s.dispatch(&Command::Loss { unit: "19 Ind".into(), sps: 2 }, 0.0).unwrap().lines;
    assert!(lines.iter().any(|l| l.contains("Wrecked")), "{lines:?}");
    let lines = s.dispatch(&Command::Loss { unit: "19 Ind".into(), sps: 5 }, 0.0).unwrap().lines;
    assert!(lines.iter().any(|l| l.contains("Dead Pile")), "{lines:?}");
    assert_eq!(s.game().oob.unit("19 Ind").map(|u| (u.strength, u.dead)), Some((0, true)));
    assert!(s.undo());
    assert_eq!(s.game().oob.unit("19 Ind").map(|u| u.strength), Some(2));
}

/// 4.1a, 13.6g: the loss of a Division's Leader starts its Ending steps.
#[test]
fn rule_13_6g_loss_of_senior_leader() {
    let mut s = Session::<LineOfBattle>::new(game());
    let attack = Instructions {
        objective: "Seminary Ridge".into(),
        route: "the Pike".into(),
        line_of_departure: "the ridge".into(),
        axis: "west".into(),
        ..Instructions::default()
    };
    let c = OrderCommand::InForce {
        side: Side::Federal,
        kind: OrderKind::Attack,
        formation: "1/1".into(),
        recipient: "Wadsworth".into(),
        instructions: attack,
    };
    s.dispatch(&Command::Orders(Box::new(c)), 0.0).unwrap();
    let lines = s.dispatch(&Command::LeaderLost { leader: "Wadsworth".into() }, 0.0).unwrap().lines;
    assert!(lines.iter().any(|l| l.contains("13.6g")), "{lines:?}");
    let g = s.game();
    assert!(!g.book.attacking("1/1"));
    assert_eq!(g.book.standing("1/1").and_then(|st| st.ending.as_ref()).and_then(|e| e.at()), Some(Step::Withdrawal));
    assert!(!g.book.may_accept("1/1"), "no new Orders until Recovery (13.7c)");
}

/// 2.1a: each Player Turn's Segments in order, the Second Player Turn, then the Game Turn
/// End with the Turn Record Track advanced; Rebuilding only on the Midnight turn (12.2).
#[test]
fn rule_2_1a_sequence_of_play() {
    let mut s = Session::<LineOfBattle>::new(game());
    let mut seen = vec![s.game().clock.phase()];
    for _ in 0..6 {
        next(&mut s);
        seen.push(s.game().clock.phase());
    }
    assert_eq!(
        seen,
        [
            Segment::Orders,
            Segment::Recovery,
            Segment::FlukeStoppage,
            Segment::Reinforcements,
            Segment::Consolidation,
            Segment::MovementAndCombat,
            Segment::Rally
        ]
    );
    let lines = next(&mut s);
    assert_eq!(s.game().clock.phasing(), Side::Confederate, "{lines:?}");
    assert_eq!(s.game().clock.phase(), Segment::Orders);
    for _ in 0..7 {
        next(&mut s);
    }
    let c = &s.game().clock;
    assert_eq!((c.turn, c.phasing(), c.minutes), (2, Side::Federal, 7 * 60 + 45));
    let mut g = game();
    g.clock = Clock::new(Side::Federal, 1, 0);
    g.clock.segment = 6;
    let mut s = Session::<LineOfBattle>::new(g);
    next(&mut s);
    assert_eq!(s.game().clock.phase(), Segment::Rebuilding);
}

/// 2.2: reinforcements due at their time are listed at the start of the Activity Phase and
/// placed then.
#[test]
fn rule_2_2_reinforcements_from_the_order_of_arrival() {
    let mut g = game();
    g.oob.unit_mut("2 Wisc").unwrap().on_map = false;
    g.clock.arrivals.push(Arrival {
        side: Side::Federal,
        day: 1,
        minutes: 7 * 60 + 45,
        units: vec!["2 Wisc".into()],
        entry: "B".into(),
        removal: false,
        done: false,
    });
    let mut s = Session::<LineOfBattle>::new(g);
    let arrive = Command::Orders(Box::new(OrderCommand::Arrive(0)));
    assert!(s.dispatch(&arrive, 0.0).is_err(), "not yet due");
    while !(s.game().clock.turn == 2 && s.game().clock.phase() == Segment::Reinforcements) {
        next(&mut s);
    }
    assert_eq!(s.game().clock.due(Side::Federal).len(), 1);
    s.dispatch(&arrive, 0.0).unwrap();
    assert_eq!(s.game().oob.unit("2 Wisc").map(|u| u.on_map), Some(true));
    assert!(s.dispatch(&arrive, 0.0).is_err(), "placed once");
}

#[test]
fn rule_12_1_rally_phase() {
    let mut g = game();
    g.clock.segment = 6;
    g.oob.unit_mut("19 Ind").unwrap().state = MoraleState::Routed;
    g.oob.unit_mut("2 Wisc").unwrap().state = MoraleState::Disorganized;
    let mut s = Session::<LineOfBattle>::new(g);
    s.dispatch(&Command::RallyMarkers { held: vec![] }, 0.0).unwrap();
    assert_eq!(s.game().oob.unit("2 Wisc").map(|u| u.state), Some(MoraleState::Shaken));
    let rally = |die| Command::RallyRouted {
        units: vec!["19 Ind".into()],
        die: Die::new(die).unwrap(),
        leader: Some("Meredith".into()),
    };
    // 1 + Meredith's Morale 3 = 4: remains Routed; 2 + 3 = 5: DG.
    s.dispatch(&rally(1), 0.0).unwrap();
    assert_eq!(s.game().oob.unit("19 Ind").map(|u| u.state), Some(MoraleState::Routed));
    s.dispatch(&rally(2), 0.0).unwrap();
    assert_eq!(s.game().oob.unit("19 Ind").map(|u| u.state), Some(MoraleState::Disorganized));
}

#[test]
fn rule_1_8_strength_is_hidden_from_the_enemy() {
    let g = game();
    assert_eq!(visible_strength(&g, Side::Federal, "19 Ind"), Some(4));
    assert_eq!(visible_strength(&g, Side::Confederate, "19 Ind"), None);
}

/// 10.2: a second State result is combined by the players' Additive Morale Chart; 10.2a:
/// Blood Lust only adjacent to the Firing Stack.
#[test]
fn rule_10_2_additive_morale() {
    let mut s = Session::<LineOfBattle>::new(game());
    let result = |state, adjacent| Command::MoraleResult {
        units: vec!["19 Ind".into(), "2 Wisc".into()],
        result: state,
        adjacent_to_firer: adjacent,
    };
    s.dispatch(&result(MoraleState::Shaken, true), 0.0).unwrap();
    assert_eq!(s.game().oob.unit("2 Wisc").map(|u| u.state), Some(MoraleState::Shaken));
    let err = s.dispatch(&result(MoraleState::Shaken, true), 0.0).unwrap_err();
    assert!(err.why.contains("Additive Morale Chart"), "{err}");
    let mut g = s.game().clone();
    g.morale_chart.entries.push((
        MoraleState::Shaken,
        MoraleState::Shaken,
        crate::table::Slot::Entered(MoraleState::Disorganized),
    ));
    let mut s = Session::<LineOfBattle>::new(g);
    s.dispatch(&result(MoraleState::Shaken, true), 0.0).unwrap();
    assert_eq!(s.game().oob.unit("19 Ind").map(|u| u.state), Some(MoraleState::Disorganized));
    let mut g = game();
    g.oob.unit_mut("19 Ind").unwrap().state = MoraleState::Normal;
    let mut s = Session::<LineOfBattle>::new(g);
    s.dispatch(&result(MoraleState::BloodLust, false), 0.0).unwrap();
    assert_eq!(s.game().oob.unit("19 Ind").map(|u| u.state), Some(MoraleState::Normal));
}

#[test]
fn the_saved_games_line() {
    use companion_core::doc::StoredGame;
    let g = game();
    let sum = g.summary();
    assert_eq!(sum.system, "Line of Battle (Last Chance for Victory)");
    assert!(sum.progress.starts_with("Turn 1, 7:30 a.m."), "{}", sum.progress);
    let back = Game::from_stored(serde_json::to_value(&g).unwrap()).unwrap();
    assert_eq!(back, g);
    assert_eq!(serde_json::to_value(&g).unwrap()["system"], "line-of-battle");
}

proptest! {
    /// Whatever losses and corrections the players enter, a unit's Strength stays between
    /// zero and its printed SPs, and it is Dead exactly at zero.
    #[test]
    fn strength_never_below_zero(steps in proptest::collection::vec((any::<bool>(), 0u8..12), 1..30)) {
        let mut s = Session::<LineOfBattle>::new(game());
        for (loss, n) in steps {
            let c = if loss { Command::Loss { unit: "2 Wisc".into(), sps: n } } else { Command::SetStrength { unit: "2 Wisc".into(), sps: n } };
            let _ = s.dispatch(&c, 0.0);
            let u = s.game().oob.unit("2 Wisc").unwrap();
            prop_assert!(u.strength <= u.printed);
            prop_assert_eq!(u.dead, u.strength == 0);
        }
    }
}
