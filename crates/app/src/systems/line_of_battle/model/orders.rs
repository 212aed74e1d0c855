//! The order book as one side's player reads it (1.8: never the other side's), the delivery
//! of an Order before it is sent (13.3a), and an Ending process's steps (13.6, 13.7).

use super::words;
use line_of_battle::Game;
use line_of_battle::clock::{Clock, Segment};
use line_of_battle::oob::{Echelon, Side};
use line_of_battle::orders::ending::{Ending, Event, Step};
use line_of_battle::orders::{Condition, Instructions, Order, OrderKind, Origin, Purpose, Status, delivery_turns};

/// "turn 5 (8:30 a.m.)": a turn of the game with the time the Track will show then.
pub fn turn_time(clock: &Clock, turn: u32) -> String {
    if turn >= clock.turn {
        let (day, minutes) = clock.after(turn - clock.turn);
        let day = if day == clock.day { String::new() } else { format!("day {day}, ") };
        format!("turn {turn} ({day}{})", Clock::time_label(minutes))
    } else {
        format!("turn {turn}")
    }
}

/// When an Order written now arrives (13.3a): 12 Leader MPs a turn, any part rounded up, one
/// turn at least, and the Army Commander's Awareness; with the reckoning in words.
pub fn delivery(clock: &Clock, mps: u32, awareness: u8) -> (u32, String) {
    let turns = delivery_turns(mps, awareness);
    let distance = mps.div_ceil(12).max(1);
    let arrives = clock.turn + turns;
    let aware =
        if awareness > 0 { format!(" and {awareness} for the Army Commander's Awareness") } else { String::new() };
    let words = format!(
        "Arrives {}: {distance} turn{} for {mps} Leader MPs{aware} (13.3a).",
        turn_time(clock, arrives),
        if distance == 1 { "" } else { "s" }
    );
    (arrives, words)
}

/// Where an Order stands, in words.
pub fn status(clock: &Clock, o: &Order) -> String {
    match &o.status {
        Status::InTransit => format!("On its way: arrives {}", turn_time(clock, o.arrives)),
        Status::Awaiting => "Arrived: awaiting Acceptance, rolled for once a turn (13.3)".into(),
        Status::Held => "Arrived: waits without Acceptance rolls until the attack ends (13.6c)".into(),
        Status::Accepted(t) => format!("Accepted on turn {t}: followed now"),
        Status::Ended(t, why) => format!("Ended on turn {t} ({why})"),
    }
}

/// Where the Order came from.
pub fn origin(o: &Origin) -> String {
    match o {
        Origin::Army => "written by the Army Commander (13.3c)".into(),
        Origin::Reissue(n) => format!("Reissue of Order {n} (13.2a)"),
        Origin::Initiative => "Initiative (13.4a)".into(),
        Origin::Midnight => "Midnight Order (13.5b)".into(),
        Origin::Scenario => "in force from the scenario (1.7)".into(),
    }
}

/// What the Order says, one line a part, in the rules' words (13.1, 13.2).
pub fn instruction_lines(kind: OrderKind, i: &Instructions) -> Vec<String> {
    let mut out = Vec::new();
    fn put(out: &mut Vec<String>, label: &str, v: &str) {
        if !v.trim().is_empty() {
            out.push(format!("{label}: {}", v.trim()));
        }
    }
    if kind == OrderKind::Attack {
        put(&mut out, "Starting Location", &i.line_of_departure);
        put(&mut out, "Route to it", &i.route);
        put(&mut out, "Axis of Advance", &i.axis);
    } else {
        put(&mut out, "Route", &i.route);
    }
    put(&mut out, "Objective", &i.objective);
    if let Some(p) = &i.position {
        out.push(format!(
            "Defensive Position: facing {}, front-line {}, left {}, right {}",
            p.orientation, p.front_line, p.left, p.right
        ));
    }
    if !i.reserves.is_empty() {
        out.push(format!("Reserve: {}", i.reserves.join(", ")));
    }
    put(&mut out, "Preliminary Movement", &i.preliminary);
    match &i.condition {
        Some(Condition::BeforeFirstLight) => out.push("Condition: Before First Light (13.4b)".into()),
        Some(Condition::FirstLight) => out.push("Condition: First Light (13.4b)".into()),
        Some(Condition::With(f)) => out.push(format!("Condition: when {f} begins its attack (13.4b)")),
        Some(Condition::After { formation, minutes }) => {
            out.push(format!("Condition: {} after {formation} begins its attack (13.4b)", period(*minutes)))
        }
        None => {}
    }
    put(&mut out, "Notes", &i.text);
    out
}

fn period(minutes: u16) -> String {
    match (minutes / 60, minutes % 60) {
        (0, m) => format!("{m} minutes"),
        (1, 0) => "1 hour".into(),
        (h, 0) => format!("{h} hours"),
        (h, m) => format!("{h} hours {m} minutes"),
    }
}

/// The Order's heading: "Order 3: Attack, I Corps (Reynolds)".
pub fn heading(game: &Game, o: &Order) -> String {
    let f = game.oob.formation(&o.formation).map_or(o.formation.as_str(), |f| f.name.as_str());
    let l = game.oob.leader(&o.recipient).map_or(o.recipient.as_str(), |l| l.name.as_str());
    format!("Order {}: {}, {f} ({l})", o.id, words::kind(o.kind))
}

/// One line of a side's orders log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// The turn.
    pub turn: u32,
    /// What happened.
    pub text: String,
}

/// A side's orders log from its order book, turn by turn (1.8: only that side's Orders and
/// the Command Rolls of its own Leaders).
pub fn log(game: &Game, side: Side) -> Vec<LogLine> {
    let view = game.book.view(side);
    let name = |id: &str| game.oob.leader(id).map_or(id.to_string(), |l| l.name.clone());
    let mut out = Vec::new();
    for o in &view.orders {
        out.push(LogLine {
            turn: o.written,
            text: format!("{} {} to {}", heading(game, o), origin(&o.origin), name(&o.recipient)),
        });
        if o.arrives > o.written && !matches!(o.status, Status::InTransit) {
            out.push(LogLine { turn: o.arrives, text: format!("Order {} arrives", o.id) });
        }
        if let Status::Ended(t, why) = &o.status {
            out.push(LogLine { turn: *t, text: format!("Order {} ends ({why})", o.id) });
        }
    }
    let own = |leader: &str| game.oob.leader(leader).is_some_and(|l| l.side == side);
    for r in view.rolls.iter().filter(|r| own(&r.leader)) {
        let what = match (r.purpose, r.order) {
            (Purpose::Issue, Some(n)) => format!("Command Roll Yes: Order {n} written"),
            (Purpose::Issue, None) => "Command Roll No: no Order this turn".into(),
            (Purpose::Accept, Some(n)) if r.passed => format!("accepts Order {n}"),
            (Purpose::Accept, Some(n)) => format!("fails to accept Order {n}"),
            (Purpose::Accept, None) => "Acceptance roll".into(),
            (Purpose::Initiative, _) if r.passed => "Initiative: Yes".into(),
            (Purpose::Initiative, _) => "Initiative: No".into(),
        };
        out.push(LogLine { turn: r.turn, text: format!("{}: {what}", name(&r.leader)) });
    }
    out.sort_by_key(|l| l.turn);
    out
}

/// A step of an Ending process in words, with its rule.
pub fn step(s: Step) -> &'static str {
    match s {
        Step::EliminateCurrent => "Eliminate the current Order: No Orders (13.2e)",
        Step::EliminateAll => "Eliminate all Orders, current and awaiting Acceptance",
        Step::Suspend => "The current Order stays but is not acted on until the steps are done (13.6h)",
        Step::Withdrawal => "Withdrawal (13.7a)",
        Step::Deployment => "Deployment (13.7b)",
        Step::NoOrders => "No Orders: Limited Defense Status (13.2e)",
        Step::Recovery => "Recovery, in the Recovery Segment (13.7c)",
        Step::StayInPosition => "Stay in position (13.6h Case B)",
        Step::StopInPlace => "Stop in place (13.6f)",
        Step::RemainInColumn => "Remain in Column (13.6f)",
        Step::AwaitNewOrders => "Await new Orders (13.6f)",
        Step::NewOrderAcceptance => "New Order Acceptance",
    }
}

/// What starts an Ending process, in words.
pub fn event(e: Event) -> &'static str {
    match e {
        Event::ObjectiveTaken => "Objective taken (13.6a)",
        Event::MoveObjectiveReached => "Objective reached (13.6b)",
        Event::Skedaddle => "Skedaddle (13.6e)",
        Event::AbortAttack => "Abort the attack (13.6f)",
        Event::AbortMove => "Abort the move (13.6f)",
        Event::AbortDefensive => "Abort the defence (13.6f)",
        Event::DefensiveFailure => "Defensive Failure (13.6g)",
        Event::SeniorLeaderLost => "Loss of the senior Leader (13.6g)",
        Event::FlukeInCombat => "Fluke Stoppage, Case A: in combat (13.6h)",
        Event::FlukeOnApproach => "Fluke Stoppage, Case B: on the approach march (13.6h)",
        Event::FlukeAll => "Fluke Stoppage of all the Command's Divisions (13.6h)",
    }
}

/// The events that may end an Order of this type (13.6a-g); Fluke Stoppage comes from its
/// table (13.6h) and a Leader's loss from Leader Loss (4.1a).
pub fn endings(kind: OrderKind) -> &'static [Event] {
    match kind {
        OrderKind::Attack => &[Event::ObjectiveTaken, Event::AbortAttack, Event::Skedaddle],
        OrderKind::Move => &[Event::MoveObjectiveReached, Event::AbortMove, Event::Skedaddle],
        OrderKind::Defensive => &[Event::DefensiveFailure, Event::AbortDefensive, Event::Skedaddle],
        OrderKind::Reserve => &[Event::Skedaddle],
    }
}

/// The steps the players mark done on the map (the others run by themselves or are rolled).
pub fn marked_on_the_map(s: Step) -> bool {
    matches!(
        s,
        Step::Withdrawal
            | Step::Deployment
            | Step::StayInPosition
            | Step::StopInPlace
            | Step::RemainInColumn
            | Step::AwaitNewOrders
    )
}

/// An Ending process in progress: each step in words with whether it is done, due or to come.
pub fn ending_steps(e: &Ending) -> Vec<(String, StepState)> {
    e.steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let state = match i.cmp(&e.done) {
                std::cmp::Ordering::Less => StepState::Done,
                std::cmp::Ordering::Equal => StepState::Due,
                std::cmp::Ordering::Greater => StepState::ToCome,
            };
            (step(*s).to_string(), state)
        })
        .collect()
}

/// Where a step of an Ending process stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepState {
    /// Done.
    Done,
    /// The one due now.
    Due,
    /// Later.
    ToCome,
}

/// The Divisions (or Brigades) under an accepted Attack Order's Formation that have no Reissue
/// of it yet (13.2a: reissued the turn it is accepted).
pub fn reissues_due(game: &Game, o: &Order) -> Vec<String> {
    if o.kind != OrderKind::Attack || o.status != Status::Accepted(game.clock.turn) {
        return Vec::new();
    }
    game.oob
        .formations
        .iter()
        .filter(|f| f.parent.as_deref() == Some(o.formation.as_str()))
        .filter(|f| matches!(f.echelon, Echelon::Division | Echelon::Brigade))
        .filter(|f| !game.book.orders.iter().any(|r| r.origin == Origin::Reissue(o.id) && r.formation == f.id))
        .map(|f| f.id.clone())
        .collect()
}

/// Whether the segment in progress is the side's own `segment` (the order book's rolls are
/// made in the side's own Command Phase, 2.1b).
pub fn own_segment(game: &Game, side: Side, segment: Segment) -> bool {
    game.clock.phasing() == side && game.clock.phase() == segment
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::line_of_battle::model::fixture;
    use line_of_battle::orders::commands::OrderCommand;

    /// 13.3a example: 26 MPs is three turns; 13.3c narrative: 23 MPs and Normal Awareness
    /// (2) from 7:30 a.m. arrive at 8:30 a.m.
    #[test]
    fn rule_13_3a_delivery_in_words() {
        let c = Clock::new(Side::Federal, 1, 7 * 60 + 30);
        let (turn, text) = delivery(&c, 23, 2);
        assert_eq!(turn, 5);
        assert_eq!(
            text,
            "Arrives turn 5 (8:30 a.m.): 2 turns for 23 Leader MPs and 2 for the Army Commander's Awareness (13.3a)."
        );
        assert_eq!(delivery(&c, 0, 0).0, 2, "one turn at least");
        assert!(delivery(&c, 26, 0).1.contains("3 turns for 26"));
    }

    /// 1.8: a side's log holds its own Orders and its own Leaders' rolls, nothing of the
    /// enemy's.
    #[test]
    fn rule_1_8_each_side_reads_only_its_own_orders_log() {
        let mut s = fixture::session();
        fixture::run(
            &mut s,
            OrderCommand::Write {
                kind: OrderKind::Move,
                formation: "1".into(),
                recipient: "Reynolds".into(),
                instructions: fixture::move_to("Cemetery Hill"),
                mps: 10,
                roll: fixture::dice(6, 6),
                in_radius: true,
                modifiers: vec![],
            },
        );
        let federal = log(s.game(), Side::Federal);
        assert!(federal.iter().any(|l| l.text.contains("Order 1: Move, 1 (Reynolds)")), "{federal:?}");
        assert!(federal.iter().any(|l| l.text.contains("Meade: Command Roll Yes")), "{federal:?}");
        assert!(log(s.game(), Side::Confederate).is_empty());
        let o = s.game().book.order(1).cloned().unwrap();
        assert_eq!(
            instruction_lines(o.kind, &o.instructions),
            ["Route: the Baltimore Pike", "Objective: Cemetery Hill"]
        );
        assert!(status(&s.game().clock, &o).starts_with("On its way: arrives turn 4"));
    }

    #[test]
    fn rule_13_6_ending_steps_in_order() {
        let e = Ending { event: Event::AbortAttack, steps: Event::AbortAttack.steps(), done: 2, started: 1 };
        let steps = ending_steps(&e);
        assert_eq!(steps[1].1, StepState::Done);
        assert_eq!(steps[2], ("Recovery, in the Recovery Segment (13.7c)".to_string(), StepState::Due));
        assert_eq!(steps[3].1, StepState::ToCome);
        assert!(marked_on_the_map(Step::Withdrawal) && !marked_on_the_map(Step::Recovery));
    }
}
