//! Ending Orders (13.6) and the Ending Order Processes (13.7): each event's steps in their
//! order; the book carries out the ones that need no table (eliminating Orders, No Orders),
//! the players mark the map's (Withdrawal, Deployment), and Recovery is rolled in the Recovery
//! Segment (13.7c). Fluke Stoppage (13.6h) starts one of them.

use super::{OrderBook, Status};
use serde::{Deserialize, Serialize};

/// What ends an Order (13.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// 13.6a Attack Order, Objective taken.
    ObjectiveTaken,
    /// 13.6b Move Order, Objective reached.
    MoveObjectiveReached,
    /// 13.6e Skedaddle.
    Skedaddle,
    /// 13.6f Aborting an Attack Order.
    AbortAttack,
    /// 13.6f Aborting a Move Order.
    AbortMove,
    /// 13.6f Aborting a Defensive Order.
    AbortDefensive,
    /// 13.6g Defensive Failure.
    DefensiveFailure,
    /// 13.6g Loss of the senior Leader (4.1a).
    SeniorLeaderLost,
    /// 13.6h Fluke Stoppage, some Divisions, Case A: in combat.
    FlukeInCombat,
    /// 13.6h Fluke Stoppage, some Divisions, Case B: on the approach march.
    FlukeOnApproach,
    /// 13.6h Fluke Stoppage of all the Command's Divisions.
    FlukeAll,
}

/// One Ending Order step (13.6, 13.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// Eliminate the current Order and change to No Orders (13.6a, 13.6b).
    EliminateCurrent,
    /// Eliminate all Orders, current and awaiting Acceptance.
    EliminateAll,
    /// The current Order stays in effect but cannot be acted on until the steps are done,
    /// then it is acted on again at once (13.6h note).
    Suspend,
    /// Withdrawal (13.7a).
    Withdrawal,
    /// Deployment (13.7b).
    Deployment,
    /// No Orders (13.2e).
    NoOrders,
    /// Recovery (13.7c), in the Recovery Segment.
    Recovery,
    /// Stay in position (13.6h Case B).
    StayInPosition,
    /// Stop in place (13.6f Move).
    StopInPlace,
    /// Remain in Column (13.6f Move).
    RemainInColumn,
    /// Await new Orders (13.6f Move).
    AwaitNewOrders,
    /// New Order Acceptance: Orders may be accepted again.
    NewOrderAcceptance,
}

impl Event {
    /// The steps, in order.
    pub fn steps(self) -> Vec<Step> {
        use Step::*;
        match self {
            Event::ObjectiveTaken => vec![EliminateCurrent, Deployment, NewOrderAcceptance],
            Event::MoveObjectiveReached => vec![Deployment, EliminateCurrent, NewOrderAcceptance],
            Event::Skedaddle => vec![EliminateAll, Withdrawal, Deployment, NoOrders, Recovery, NewOrderAcceptance],
            Event::AbortAttack => vec![EliminateAll, NoOrders, Recovery, NewOrderAcceptance],
            Event::AbortMove => vec![StopInPlace, RemainInColumn, AwaitNewOrders],
            Event::AbortDefensive | Event::DefensiveFailure | Event::SeniorLeaderLost => {
                vec![EliminateAll, Withdrawal, Deployment, NoOrders, Recovery, NewOrderAcceptance]
            }
            Event::FlukeInCombat => vec![Suspend, Withdrawal, Deployment, Recovery],
            Event::FlukeOnApproach => vec![Suspend, StayInPosition, Recovery],
            Event::FlukeAll => vec![EliminateAll, Withdrawal, Deployment, Recovery, NewOrderAcceptance],
        }
    }

    /// Its rule.
    pub fn rule(self) -> &'static str {
        match self {
            Event::ObjectiveTaken => "13.6a",
            Event::MoveObjectiveReached => "13.6b",
            Event::Skedaddle => "13.6e",
            Event::AbortAttack | Event::AbortMove | Event::AbortDefensive => "13.6f",
            Event::DefensiveFailure | Event::SeniorLeaderLost => "13.6g",
            Event::FlukeInCombat | Event::FlukeOnApproach | Event::FlukeAll => "13.6h",
        }
    }
}

/// An Ending process in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// What started it.
    pub event: Event,
    /// Its steps.
    pub steps: Vec<Step>,
    /// How many are done.
    pub done: usize,
    /// The turn it started.
    pub started: u32,
}

impl Ending {
    /// The step now due; `None`: all done.
    pub fn at(&self) -> Option<Step> {
        self.steps.get(self.done).copied()
    }
}

/// Starts `event` for `formation`, carrying out its first steps that need no one.
pub fn start(book: &mut OrderBook, formation: &str, event: Event, turn: u32) -> Vec<String> {
    let mut lines = vec![format!("{formation}: {:?} ({}): {:?}", event, event.rule(), event.steps())];
    let s = book.standing_mut(formation);
    s.ending = Some(Ending { event, steps: event.steps(), done: 0, started: turn });
    lines.extend(run(book, formation, turn));
    lines
}

/// Carries out the automatic steps due; stops at a step the players or a roll must do.
pub fn run(book: &mut OrderBook, formation: &str, turn: u32) -> Vec<String> {
    let mut lines = Vec::new();
    while let Some(ending) = book.standing(formation).and_then(|s| s.ending.clone()) {
        let Some(step) = ending.at() else {
            lines.extend(finish(book, formation, &ending, turn));
            break;
        };
        match step {
            Step::EliminateCurrent | Step::NoOrders => {
                if let Some(id) = book.standing(formation).and_then(|s| s.current) {
                    book.end(id, turn, ending.event.rule());
                    lines.push(format!("Order {id} eliminated: {formation} in No Orders (13.2e)"));
                }
            }
            Step::EliminateAll => {
                if let Some(id) = book.standing(formation).and_then(|s| s.current) {
                    book.end(id, turn, ending.event.rule());
                    lines.push(format!("Order {id} eliminated ({})", ending.event.rule()));
                }
                lines.extend(book.end_waiting(formation, 0, turn, ending.event.rule()));
            }
            Step::Suspend => lines.push(format!("{formation}'s current Order stays in effect but is not acted on")),
            Step::NewOrderAcceptance => {
                lines.extend(release_held(book, formation));
                lines.push(format!("{formation} may accept new Orders"));
            }
            _ => break,
        }
        if let Some(e) = book.standing_mut(formation).ending.as_mut() {
            e.done += 1;
        }
    }
    lines
}

fn finish(book: &mut OrderBook, formation: &str, ending: &Ending, turn: u32) -> Vec<String> {
    book.standing_mut(formation).ending = None;
    let mut lines = vec![format!("{formation}: the Ending process is complete")];
    // 13.6f: an aborted Move Order stops; the Formation awaits new Orders.
    if ending.event == Event::AbortMove
        && let Some(id) = book.standing(formation).and_then(|s| s.current)
    {
        book.end(id, turn, "13.6f");
        lines.push(format!("Order {id} called off: {formation} awaits new Orders"));
    }
    if ending.steps.contains(&Step::Suspend) && book.current(formation).is_some() {
        lines.push(format!("{formation} acts on its current Order again, at once (13.6h)"));
    }
    lines.extend(release_held(book, formation));
    lines
}

/// Orders held while the attack went on now wait for acceptance (13.6c).
fn release_held(book: &mut OrderBook, formation: &str) -> Vec<String> {
    if book.attacking(formation) {
        return Vec::new();
    }
    let mut lines = Vec::new();
    for o in book.orders.iter_mut().filter(|o| o.formation == formation && o.status == Status::Held) {
        o.status = Status::Awaiting;
        lines.push(format!("Order {} now awaits Acceptance (13.6c)", o.id));
    }
    lines
}

/// The players mark the step now due as done (Withdrawal, Deployment, Stay in position, ...).
pub fn mark_done(book: &mut OrderBook, formation: &str, step: Step, turn: u32) -> Result<Vec<String>, crate::Refused> {
    let due = book.standing(formation).and_then(|s| s.ending.as_ref()).and_then(Ending::at);
    if due != Some(step) {
        return Err(crate::Refused::by("13.7", format!("{formation}'s next Ending step is {due:?}, not {step:?}")));
    }
    if step == Step::Recovery {
        return Err(crate::Refused::by("13.7c", "Recovery is rolled in the Recovery Segment"));
    }
    if let Some(e) = book.standing_mut(formation).ending.as_mut() {
        e.done += 1;
    }
    let mut lines = vec![format!("{formation}: {step:?} done")];
    lines.extend(run(book, formation, turn));
    Ok(lines)
}
