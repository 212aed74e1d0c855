use super::commands::{InitiativePurpose, OrderCommand};
use super::ending::{Event, Step};
use super::*;
use crate::clock::{Clock, Light, Period, Segment};
use crate::game::{Command, Game, LineOfBattle};
use crate::oob::tests::{formation, leader, oob};
use crate::table::{Band, Column, Dice, Effect, RollTable, Span};
use crate::tables::key;
use companion_core::TwoDice;
use companion_core::session::Session;
use proptest::prelude::*;

/// A test chart: `pass_from` or more passes. The game's own values are the players'.
fn yes_no(k: &str, pass_from: i32, pass: Effect, fail: Effect) -> RollTable {
    let mut t = RollTable::new(k, k, "13", Dice::Two);
    t.columns.push(Column {
        label: String::new(),
        bands: vec![
            Band { rolls: Span::at_most(pass_from - 1), effects: vec![fail] },
            Band { rolls: Span::at_least(pass_from), effects: vec![pass] },
        ],
    });
    t
}

pub(crate) fn game() -> Game {
    let mut g = Game::new("g", "test", Clock::new(Side::Federal, 1, 7 * 60 + 30));
    g.oob = oob();
    g.oob.add_formation(formation("2/1", Echelon::Division, Some("1"), Some("Doubleday"))).unwrap();
    g.oob.add_leader(leader("Doubleday", "2/1", 2, 2)).unwrap();
    g.tables.put(yes_no(key::COMMAND_ROLL, 8, Effect::Pass, Effect::Fail)).unwrap();
    let mut base = yes_no(key::FLUKE_BASE, 6, Effect::Pass, Effect::Fail);
    base.modifiers = vec![crate::table::Modifier {
        name: "Reserve".into(),
        rule: "13.2d".into(),
        value: crate::table::Slot::Entered(2),
    }];
    g.tables.put(base).unwrap();
    g.tables.put(yes_no(key::FLUKE_FAILURE, 10, Effect::NoEffect, Effect::FlukeStoppage)).unwrap();
    g.tables.put(yes_no(key::RECOVERY_BASE, 6, Effect::Pass, Effect::Fail)).unwrap();
    g.tables.put(yes_no(key::RECOVERY_ROLL, 8, Effect::Pass, Effect::Fail)).unwrap();
    g
}

fn dice(a: u8, b: u8) -> TwoDice {
    TwoDice::new(a, b).unwrap()
}

fn attack() -> Instructions {
    Instructions {
        objective: "Seminary Ridge".into(),
        route: "Chambersburg Pike".into(),
        line_of_departure: "McPherson's Ridge".into(),
        axis: "west along the Pike".into(),
        ..Instructions::default()
    }
}

fn to(session: &mut Session<LineOfBattle>, side: Side, segment: Segment) {
    for _ in 0..200 {
        let c = &session.game().clock;
        if c.phasing() == side && c.phase() == segment {
            return;
        }
        session.dispatch(&Command::NextPhase, 0.0).unwrap();
    }
    panic!("never reached {segment:?}");
}

fn run(session: &mut Session<LineOfBattle>, c: OrderCommand) -> Result<Vec<String>, crate::Refused> {
    session.dispatch(&Command::Orders(Box::new(c)), 0.0).map(|o| o.lines)
}

fn write(kind: OrderKind, formation: &str, recipient: &str, i: Instructions, mps: u32, roll: TwoDice) -> OrderCommand {
    OrderCommand::Write {
        kind,
        formation: formation.into(),
        recipient: recipient.into(),
        instructions: i,
        mps,
        roll,
        in_radius: true,
        modifiers: vec![],
    }
}

fn accept(order: u32, roll: TwoDice) -> OrderCommand {
    OrderCommand::Accept { order, roll, in_radius: true, condition_met: true, modifiers: vec![] }
}

/// 13.3a example: 26 MPs is two turns and a remainder, three turns; the minimum is one.
#[test]
fn rule_13_3a_determining_order_arrival() {
    assert_eq!(delivery_turns(26, 0), 3);
    assert_eq!(delivery_turns(24, 0), 2);
    assert_eq!(delivery_turns(0, 0), 1);
    // 13.3c narrative: Normal Awareness (2) and 23 MPs: 4 turns.
    assert_eq!(delivery_turns(23, 2), 4);
}

/// 13.3c "A Narrative of an Elaborate Order Issuing Cycle": issued at 7:30 a.m. and arriving
/// at 8:30; accepted by the Corps and Reissued to a Division 10 MPs away, arriving at 8:45,
/// where the Division Leader must accept it before his Division follows it.
#[test]
fn rule_13_3c_elaborate_order_issuing_cycle() {
    let mut s = Session::<LineOfBattle>::new(game());
    let lines = run(&mut s, write(OrderKind::Attack, "1", "Reynolds", attack(), 23, dice(4, 4))).unwrap();
    assert!(lines[0].contains("arrives turn 5"), "{lines:?}");
    assert_eq!(Clock::time_label(s.game().clock.after(4).1), "8:30 a.m.");
    // Not before it arrives.
    assert!(run(&mut s, accept(1, dice(6, 6))).is_err());
    to(&mut s, Side::Federal, Segment::Recovery);
    to(&mut s, Side::Federal, Segment::Orders);
    assert_eq!(s.game().clock.turn, 2);
    assert_eq!(s.game().book.order(1).map(|o| o.status.clone()), Ok(Status::InTransit));
    while s.game().clock.turn < 5 {
        to(&mut s, Side::Federal, Segment::Recovery);
        to(&mut s, Side::Federal, Segment::Orders);
    }
    assert_eq!(Clock::time_label(s.game().clock.minutes), "8:30 a.m.");
    assert_eq!(s.game().book.order(1).map(|o| o.status.clone()), Ok(Status::Awaiting));
    // Reynolds (Command 4) rolls 2: 6, No. He must try again next turn, and only next turn.
    let lines = run(&mut s, accept(1, dice(1, 1))).unwrap();
    assert!(lines[0].contains("try again"), "{lines:?}");
    assert!(run(&mut s, accept(1, dice(6, 6))).is_err(), "one Command Roll per turn (13.3c)");
    to(&mut s, Side::Federal, Segment::Recovery);
    to(&mut s, Side::Federal, Segment::Orders);
    let lines = run(&mut s, accept(1, dice(2, 2))).unwrap();
    assert!(lines.iter().any(|l| l.contains("Reissue")), "{lines:?}");
    assert!(s.game().book.attacking("1"));
    let lines =
        run(&mut s, OrderCommand::Reissue { order: 1, to: vec![("1/1".into(), "Wadsworth".into(), 10)] }).unwrap();
    assert!(lines[0].contains("arrives turn 7"), "{lines:?}");
    to(&mut s, Side::Federal, Segment::Recovery);
    to(&mut s, Side::Federal, Segment::Orders);
    assert_eq!(Clock::time_label(s.game().clock.minutes), "9:00 a.m.");
    assert!(!s.game().book.attacking("1/1"));
    run(&mut s, accept(2, dice(3, 3))).unwrap();
    assert!(s.game().book.attacking("1/1"), "the Division follows once its Leader accepts");
    // A Reissue on a later turn than acceptance is refused.
    assert!(run(&mut s, OrderCommand::Reissue { order: 1, to: vec![("2/1".into(), "Doubleday".into(), 5)] }).is_err());
}

#[test]
fn rule_13_3c_a_command_roll_needs_the_leader_in_his_hq_radius_and_a_refusal_changes_nothing() {
    let mut s = Session::<LineOfBattle>::new(game());
    let before = s.game().clone();
    let mut c = write(
        OrderKind::Move,
        "1",
        "Reynolds",
        Instructions { objective: "Cemetery Hill".into(), route: "Baltimore Pike".into(), ..Instructions::default() },
        5,
        dice(6, 6),
    );
    if let OrderCommand::Write { in_radius, .. } = &mut c {
        *in_radius = false;
    }
    assert!(run(&mut s, c).is_err());
    assert_eq!(*s.game(), before);
}

#[test]
fn rule_13_2_each_type_needs_its_instructions() {
    let mut s = Session::<LineOfBattle>::new(game());
    let err =
        run(&mut s, write(OrderKind::Attack, "1", "Reynolds", Instructions::default(), 5, dice(6, 6))).unwrap_err();
    assert_eq!(err.rule, Some("13.2a"));
    let err =
        run(&mut s, write(OrderKind::Defensive, "1", "Reynolds", Instructions::default(), 5, dice(6, 6))).unwrap_err();
    assert_eq!(err.rule, Some("13.2c"));
    let err =
        run(&mut s, write(OrderKind::Reserve, "1", "Reynolds", Instructions::default(), 5, dice(6, 6))).unwrap_err();
    assert_eq!(err.rule, Some("13.2d"));
    assert!(s.game().book.rolls.is_empty(), "a refused Order makes no roll");
}

/// 13.6c: an Order arriving while the Formation attacks waits until the attack ends.
#[test]
fn rule_13_6c_new_orders_under_attack_wait() {
    let mut s = Session::<LineOfBattle>::new(game());
    run(
        &mut s,
        OrderCommand::InForce {
            side: Side::Federal,
            kind: OrderKind::Attack,
            formation: "1/1".into(),
            recipient: "Wadsworth".into(),
            instructions: attack(),
        },
    )
    .unwrap();
    let dp = DefensivePosition {
        orientation: "west".into(),
        front_line: "the ridge".into(),
        left: "the Pike".into(),
        right: "the railroad cut".into(),
    };
    let i = Instructions { position: Some(dp), ..Instructions::default() };
    run(&mut s, write(OrderKind::Defensive, "1/1", "Wadsworth", i, 1, dice(5, 5))).unwrap();
    while s.game().clock.turn < 4 {
        to(&mut s, Side::Federal, Segment::Recovery);
        to(&mut s, Side::Federal, Segment::Orders);
    }
    assert_eq!(s.game().book.order(2).map(|o| o.status.clone()), Ok(Status::Held));
    assert!(run(&mut s, accept(2, dice(6, 6))).is_err());
    let lines = run(&mut s, OrderCommand::End { formation: "1/1".into(), event: Event::ObjectiveTaken }).unwrap();
    assert!(lines.iter().any(|l| l.contains("No Orders")), "{lines:?}");
    run(&mut s, OrderCommand::StepDone { formation: "1/1".into(), step: Step::Deployment }).unwrap();
    assert_eq!(s.game().book.order(2).map(|o| o.status.clone()), Ok(Status::Awaiting));
    run(&mut s, accept(2, dice(6, 6))).unwrap();
    assert_eq!(s.game().book.current("1/1").map(|o| o.kind), Some(OrderKind::Defensive));
}

/// 13.6h: no check in the grace period; a failed Base Check and Failure Roll start the
/// Ending steps; Recovery (13.7c) in the Recovery Segment lets the Division act again.
#[test]
fn rule_13_6h_fluke_stoppage_and_13_7c_recovery() {
    let mut s = Session::<LineOfBattle>::new(game());
    run(
        &mut s,
        OrderCommand::InForce {
            side: Side::Federal,
            kind: OrderKind::Attack,
            formation: "1/1".into(),
            recipient: "Wadsworth".into(),
            instructions: attack(),
        },
    )
    .unwrap();
    to(&mut s, Side::Federal, Segment::FlukeStoppage);
    let fluke = |base, failure| OrderCommand::Fluke {
        formation: "1/1".into(),
        base,
        failure,
        reserve: false,
        case: Event::FlukeOnApproach,
        modifiers: vec![],
    };
    assert_eq!(run(&mut s, fluke(dice(1, 1), Some(dice(1, 1)))).unwrap_err().rule, Some("13.6h"));
    while s.game().clock.turn < 9 {
        to(&mut s, Side::Federal, Segment::Recovery);
        to(&mut s, Side::Federal, Segment::FlukeStoppage);
    }
    // Base 2 fails; the Failure Roll 2 + Wadsworth's Morale 2 + Reynolds' Command 4 = 8: Fluke.
    let lines = run(&mut s, fluke(dice(1, 1), Some(dice(1, 1)))).unwrap();
    assert!(lines.iter().any(|l| l.contains("Fluke Stoppage: 1/1 (8)")), "{lines:?}");
    assert!(run(&mut s, fluke(dice(6, 6), None)).is_err(), "one check a turn");
    assert!(s.game().book.attacking("1/1"), "Case B: the current Order stays in effect");
    run(&mut s, OrderCommand::StepDone { formation: "1/1".into(), step: Step::StayInPosition }).unwrap();
    to(&mut s, Side::Federal, Segment::Recovery);
    let recover = |base, roll| OrderCommand::Recovery { formation: "1/1".into(), base, roll, modifiers: vec![] };
    let lines = run(&mut s, recover(dice(1, 2), None)).unwrap();
    assert!(lines[0].contains("fails"), "{lines:?}");
    let lines = run(&mut s, recover(dice(3, 3), Some(dice(3, 3)))).unwrap();
    assert!(lines.iter().any(|l| l.contains("acts on its current Order again")), "{lines:?}");
    assert_eq!(s.game().book.standing("1/1").and_then(|st| st.ending.clone()), None);
}

#[test]
fn rule_13_2d_reserve_drm_needs_the_track_and_not_at_night() {
    let mut g = game();
    g.clock.turn = 9;
    let mut s = Session::<LineOfBattle>::new(g);
    run(
        &mut s,
        OrderCommand::InForce {
            side: Side::Federal,
            kind: OrderKind::Attack,
            formation: "1/1".into(),
            recipient: "Wadsworth".into(),
            instructions: attack(),
        },
    )
    .unwrap();
    to(&mut s, Side::Federal, Segment::FlukeStoppage);
    let fluke = OrderCommand::Fluke {
        formation: "1/1".into(),
        base: dice(2, 2),
        failure: Some(dice(6, 6)),
        reserve: true,
        case: Event::FlukeInCombat,
        modifiers: vec![],
    };
    assert_eq!(run(&mut s, fluke.clone()).unwrap_err().rule, Some("13.2d"));
    run(&mut s, OrderCommand::SetTrack(vec![Period { from: 4 * 60, light: Light::Day, visibility: None }])).unwrap();
    // 4 + Reserve 2 = 6: passes by day.
    let lines = run(&mut s, fluke).unwrap();
    assert!(lines[0].contains("passes"), "{lines:?}");
}

#[test]
fn rule_13_4a_initiative_limits() {
    let mut s = Session::<LineOfBattle>::new(game());
    let dp = DefensivePosition {
        orientation: "west".into(),
        front_line: "ridge".into(),
        left: "a".into(),
        right: "b".into(),
    };
    let i = Instructions { position: Some(dp), ..Instructions::default() };
    let init = |leader: &str, formation: &str, kind| OrderCommand::Initiative {
        leader: leader.into(),
        purpose: InitiativePurpose::Defensive,
        kind,
        formation: formation.into(),
        to: None,
        instructions: i.clone(),
        roll: dice(1, 1),
        in_radius: true,
        modifiers: vec![],
    };
    assert!(run(&mut s, init("Meade", "1", OrderKind::Defensive)).is_err(), "never the Army Commander");
    assert!(
        run(&mut s, init("Wadsworth", "1/1", OrderKind::Attack)).is_err(),
        "Defensive Initiative writes Defensive Orders"
    );
    let lines = run(&mut s, init("Meredith", "1/1/1", OrderKind::Defensive)).unwrap();
    assert!(lines[0].contains("fails"), "{lines:?}");
    let err = run(&mut s, init("Wadsworth", "1/1", OrderKind::Defensive)).unwrap_err();
    assert!(err.why.contains("Layering"), "{err}");
}

#[test]
fn rule_1_8_a_side_sees_only_its_own_orders() {
    let mut s = Session::<LineOfBattle>::new(game());
    run(&mut s, write(OrderKind::Attack, "1", "Reynolds", attack(), 23, dice(4, 4))).unwrap();
    let g = s.game();
    assert_eq!(g.book.view(Side::Federal).orders.len(), 1);
    assert!(g.book.view(Side::Confederate).orders.is_empty());
    assert!(g.book.view(Side::Confederate).rolls.iter().all(|r| r.order.is_none()));
}

#[test]
fn rule_3_2_the_army_hq_accepts_move_orders_on_arrival() {
    let mut s = Session::<LineOfBattle>::new(game());
    let i =
        Instructions { objective: "Cemetery Ridge".into(), route: "Taneytown Road".into(), ..Instructions::default() };
    run(&mut s, write(OrderKind::Move, "AoP", "Meade", i, 0, dice(6, 6))).unwrap();
    while s.game().clock.turn < 4 {
        to(&mut s, Side::Federal, Segment::Recovery);
        to(&mut s, Side::Federal, Segment::Orders);
    }
    assert_eq!(s.game().book.current("AoP").map(|o| o.kind), Some(OrderKind::Move));
}

/// 13.2d: a Reserve exists once its Order is accepted, and a new accepted Order that does not
/// list it releases it.
#[test]
fn rule_13_2d_reserve_created_and_released() {
    let mut s = Session::<LineOfBattle>::new(game());
    let i = Instructions { reserves: vec!["1/1/1".into()], ..Instructions::default() };
    run(
        &mut s,
        OrderCommand::InForce {
            side: Side::Federal,
            kind: OrderKind::Reserve,
            formation: "1/1".into(),
            recipient: "Wadsworth".into(),
            instructions: i,
        },
    )
    .unwrap();
    assert!(s.game().book.standing("1/1/1").is_some_and(|st| st.reserve));
    run(&mut s, write(OrderKind::Attack, "1/1", "Wadsworth", attack(), 1, dice(6, 6))).unwrap();
    while s.game().clock.turn < 4 {
        to(&mut s, Side::Federal, Segment::Recovery);
        to(&mut s, Side::Federal, Segment::Orders);
    }
    let lines = run(&mut s, accept(2, dice(6, 6))).unwrap();
    assert!(lines.iter().any(|l| l.contains("released")), "{lines:?}");
    assert!(s.game().book.standing("1/1/1").is_some_and(|st| !st.reserve));
}

/// 13.6h: a Division of fewer than 3 Brigades needs one full-strength Regiment in Reserve.
#[test]
fn rule_13_6h_reserve_size() {
    let mut g = game();
    g.book.standing_mut("1/1/1").reserve = true;
    let r = |g: &Game, units: &[&str]| {
        let units: Vec<String> = units.iter().map(|u| u.to_string()).collect();
        reserve_qualifies(&g.book, &g.oob, "1/1", "1/1/1", &units)
    };
    assert!(r(&g, &["2 Wisc"]).is_ok());
    assert!(r(&g, &["19 Ind"]).is_err(), "19 Ind is not at full strength");
    g.book.standing_mut("1/1/1").reserve = false;
    assert!(r(&g, &["2 Wisc"]).is_err(), "not set in Reserve");
}

proptest! {
    /// An Order is never delivered before it was sent, and never in the turn it was written
    /// (13.3a: at least one turn), whatever the distances and the dice.
    #[test]
    fn an_order_is_never_delivered_before_it_was_sent(mps in 0u32..80, faces in proptest::collection::vec((1u8..=6, 1u8..=6), 1..12)) {
        let mut s = Session::<LineOfBattle>::new(game());
        let mut rolls = faces.into_iter();
        for _ in 0..10 {
            if let Some((a, b)) = rolls.next() {
                let _ = run(&mut s, write(OrderKind::Attack, "1", "Reynolds", attack(), mps, dice(a, b)));
                let _ = run(&mut s, accept(1, dice(a, b)));
            }
            to(&mut s, Side::Federal, Segment::Recovery);
            to(&mut s, Side::Federal, Segment::Orders);
            for o in &s.game().book.orders {
                prop_assert!(o.arrives > o.written);
                if o.status != Status::InTransit {
                    prop_assert!(s.game().clock.turn >= o.arrives);
                }
                if let Status::Accepted(t) = o.status {
                    prop_assert!(t >= o.arrives);
                }
            }
        }
    }

    /// One Command Roll per Leader per turn (13.3c), however often the players ask.
    #[test]
    fn one_acceptance_roll_per_leader_per_turn(attempts in proptest::collection::vec((0usize..3, 1u8..=6, 1u8..=6, any::<bool>()), 1..40)) {
        let mut s = Session::<LineOfBattle>::new(game());
        for f in ["1/1", "2/1"] {
            let leader = if f == "1/1" { "Wadsworth" } else { "Doubleday" };
            run(&mut s, OrderCommand::InForce { side: Side::Federal, kind: OrderKind::Attack, formation: f.into(), recipient: leader.into(), instructions: attack() }).unwrap();
        }
        run(&mut s, write(OrderKind::Attack, "1", "Reynolds", attack(), 1, dice(6, 6))).unwrap();
        for (which, a, b, next) in attempts {
            let _ = run(&mut s, accept(which as u32 + 1, dice(a, b)));
            if next {
                to(&mut s, Side::Federal, Segment::Recovery);
                to(&mut s, Side::Federal, Segment::Orders);
            }
        }
        let rolls = &s.game().book.rolls;
        for (i, r) in rolls.iter().enumerate() {
            prop_assert!(!rolls[..i].iter().any(|o| o.leader == r.leader && o.turn == r.turn));
        }
    }
}

/// 1.8: an Order written, carried and accepted leaves nothing of itself in the history the
/// whole table reads; the phase lines stay public.
#[test]
fn rule_1_8_orders_stay_out_of_the_public_history() {
    let mut s = Session::<LineOfBattle>::new(game());
    run(&mut s, write(OrderKind::Attack, "1", "Reynolds", attack(), 23, dice(4, 4))).unwrap();
    while s.game().clock.turn < 5 {
        to(&mut s, Side::Federal, Segment::Recovery);
        to(&mut s, Side::Federal, Segment::Orders);
    }
    run(&mut s, accept(1, dice(6, 6))).unwrap();
    let public: Vec<&str> = s.game().log.iter().filter(|e| !e.secret).map(|e| e.text.as_str()).collect();
    assert!(public.iter().all(|t| !t.starts_with("Order") && !t.contains("Reynolds")), "{public:?}");
    assert!(public.iter().any(|t| t.contains("Command Phase: Orders")), "{public:?}");
    let secret: Vec<&str> = s.game().log.iter().filter(|e| e.secret).map(|e| e.text.as_str()).collect();
    assert!(secret.iter().any(|t| t.contains("arrives for Reynolds")), "{secret:?}");
    assert!(secret.iter().any(|t| t.contains("Order 1 accepted")), "{secret:?}");
}
