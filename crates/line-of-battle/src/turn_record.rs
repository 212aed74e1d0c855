//! What the Phasing Player's units and Leaders have done this Player Turn: the Stacks that
//! Fired (9.1: once per Activity Phase), the units Finished (2.3), the Charges that succeeded
//! (11.2), Artillery shots per Target hex (4.2g), Zero Rolls (4.1d) and the Rally Phase's
//! steps (12.1). It belongs to one Player Turn and reads as empty in any other.

use crate::clock::Clock;
use serde::{Deserialize, Serialize};

/// One Player Turn's record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnRecord {
    /// The Game Turn it belongs to.
    pub turn: u32,
    /// In the Second Player Turn.
    pub second: bool,
    /// Units that Fired (9.1a: Firing Finishes each involved unit).
    pub fired: Vec<String>,
    /// Units Finished (2.3).
    pub finished: Vec<String>,
    /// Units whose Charges all succeeded so far this Phase (11.2, 11.3c: they may Charge on).
    pub charged: Vec<String>,
    /// Each Artillery Fire's Target Stack, by its units (4.2g).
    pub artillery_targets: Vec<Vec<String>>,
    /// Zero Rolls made: Brigade and the result in the chart's words (4.1d).
    pub zero_rolls: Vec<(String, String)>,
    /// Brigades that gained their Leader in this Activity Phase (4.1d: no Zero rule for them).
    pub new_leaders: Vec<String>,
    /// 12.1 parts 1 and 2 done.
    pub rally_markers: bool,
    /// Routed units rolled for in the Rally Phase (12.1 part 3).
    pub rallied: Vec<String>,
    /// 12.1 part 5: CBF markers removed.
    pub cbf_removed: bool,
    /// 12.2: the Rebuild made.
    pub rebuilt: bool,
    /// 4.4d: Open Order units that stood fast this Phase.
    pub stood_fast: Vec<String>,
    /// 1.3e: recipients that absorbed a donor this Consolidation Segment.
    pub consolidated: Vec<String>,
}

impl TurnRecord {
    /// Whether this record is the current Player Turn's.
    pub fn is_current(&self, clock: &Clock) -> bool {
        self.turn == clock.turn && self.second == clock.second
    }

    /// The record of the current Player Turn, if any has been kept.
    pub fn current(&self, clock: &Clock) -> Option<&TurnRecord> {
        self.is_current(clock).then_some(self)
    }

    /// The record to write to: a fresh one once the Player Turn has changed.
    pub fn now(&mut self, clock: &Clock) -> &mut TurnRecord {
        if !self.is_current(clock) {
            *self = TurnRecord { turn: clock.turn, second: clock.second, ..TurnRecord::default() };
        }
        self
    }

    /// Whether `unit` Fired this Player Turn.
    pub fn has_fired(&self, clock: &Clock, unit: &str) -> bool {
        self.current(clock).is_some_and(|r| r.fired.iter().any(|u| u == unit))
    }

    /// Whether `unit` is Finished this Player Turn.
    pub fn is_finished(&self, clock: &Clock, unit: &str) -> bool {
        self.current(clock).is_some_and(|r| r.finished.iter().any(|u| u == unit))
    }

    /// Artillery shots made this Phase at the Stack of `target` (any unit in common).
    pub fn artillery_shots_at(&self, clock: &Clock, target: &[String]) -> usize {
        self.current(clock)
            .map(|r| r.artillery_targets.iter().filter(|t| t.iter().any(|u| target.contains(u))).count())
            .unwrap_or(0)
    }
}

fn push_new(list: &mut Vec<String>, ids: &[String]) {
    for id in ids {
        if !list.contains(id) {
            list.push(id.clone());
        }
    }
}

impl TurnRecord {
    /// Marks units as having Fired, and so Finished (9.1a).
    pub fn mark_fired(&mut self, clock: &Clock, units: &[String]) {
        let r = self.now(clock);
        push_new(&mut r.fired, units);
        push_new(&mut r.finished, units);
    }

    /// Marks units Finished (2.3, 11.4d).
    pub fn mark_finished(&mut self, clock: &Clock, units: &[String]) {
        push_new(&mut self.now(clock).finished, units);
    }
}
