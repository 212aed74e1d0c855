//! What a result leaves to be settled, in the order the rules settle it: the owner's Loss
//! Distribution (9.4a), then Leader Loss Checks (4.1a: before any Morale Check from the same
//! Loss), then the Morale Check (9.4, 10.1), and a Battery's Ammunition Depletion (4.3b).
//! Each is kept in the game until settled, so a reload keeps it and the tracker lists it.

use crate::oob::Oob;
use crate::refusal::Refused;
use serde::{Deserialize, Serialize};

/// What is due.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DueKind {
    /// The owner distributes a loss over the Stack, top first (9.4a).
    Loss {
        /// The Stack's units, top first.
        units: Vec<String>,
        /// SPs to take.
        sps: u8,
        /// The rule of the result ("9.4", "10.3b").
        rule: String,
    },
    /// A Leader Loss Check on the Leader Loss Table's column (4.1a).
    LeaderLoss {
        /// The Leader.
        leader: String,
        /// The column the situation calls for ("Combat", "Charge Defender", "Capture").
        column: String,
        /// The rule that calls for it.
        rule: String,
    },
    /// A Morale Check of the Stack (10.1).
    MoraleCheck {
        /// The Stack's units, top first.
        units: Vec<String>,
        /// The Stack is adjacent to the Firing Stack (10.2a: Blood Lust only then).
        adjacent_to_firer: bool,
        /// The rule that calls for it.
        rule: String,
    },
    /// One Battery of the Firing Stack is Depleted, the owner's choice (4.3b).
    Depletion {
        /// The Firing Stack's Batteries.
        batteries: Vec<String>,
        /// The blue band: only if Canister was fired; otherwise the type used.
        canister_only: bool,
        /// The type the Stack fired.
        fired: crate::artillery::Round,
    },
}

/// One thing due.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Due {
    /// Its number.
    pub id: u32,
    /// The result it comes from: what is due from one result is settled in order.
    pub cause: u32,
    /// What.
    pub kind: DueKind,
}

/// Everything due, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dues {
    /// The last number given.
    pub last: u32,
    /// What is due.
    pub list: Vec<Due>,
}

impl Dues {
    /// A new cause's number: the results of one Fire, Volley, Charge step or Morale Check.
    pub fn cause(&mut self) -> u32 {
        self.last += 1;
        self.last
    }

    /// Adds what is due from `cause`.
    pub fn add(&mut self, cause: u32, kind: DueKind) -> u32 {
        self.last += 1;
        self.list.push(Due { id: self.last, cause, kind });
        self.last
    }

    /// The due `id`.
    pub fn get(&self, id: u32) -> Result<&Due, Refused> {
        self.list.iter().find(|d| d.id == id).ok_or_else(|| Refused::because(format!("nothing due numbered {id}")))
    }

    /// Takes the due `id` off the list.
    pub fn settle(&mut self, id: u32) {
        self.list.retain(|d| d.id != id);
    }

    /// 9.4's order: what of the same cause must be settled before `id`.
    pub fn waiting_on(&self, id: u32) -> Option<&Due> {
        let due = self.list.iter().find(|d| d.id == id)?;
        let rank = |k: &DueKind| match k {
            DueKind::Loss { .. } => 0,
            DueKind::LeaderLoss { .. } => 1,
            DueKind::MoraleCheck { .. } => 2,
            DueKind::Depletion { .. } => 3,
        };
        let mine = rank(&due.kind);
        self.list.iter().find(|d| d.cause == due.cause && d.id != id && rank(&d.kind) < mine && mine < 3)
    }

    /// The first Leader Loss Check due for `leader`.
    pub fn leader_check(&self, leader: &str) -> Option<&Due> {
        self.list.iter().find(|d| matches!(&d.kind, DueKind::LeaderLoss { leader: l, .. } if l == leader))
    }

    /// Whether anything is due from `cause`.
    pub fn open(&self, cause: u32) -> bool {
        self.list.iter().any(|d| d.cause == cause)
    }
}

fn names(oob: &Oob, ids: &[String]) -> String {
    let list: Vec<String> =
        ids.iter().map(|id| oob.unit(id).map(|u| u.name.clone()).unwrap_or_else(|| id.clone())).collect();
    list.join(", ")
}

impl Due {
    /// What the players do, in their words, with the rule.
    pub fn describe(&self, oob: &Oob) -> (String, String) {
        match &self.kind {
            DueKind::Loss { units, sps, rule } => (
                format!(
                    "Distribute {sps} SP lost over {}: the top unit first, one each before two (9.4a)",
                    names(oob, units)
                ),
                rule.clone(),
            ),
            DueKind::LeaderLoss { leader, column, rule } => {
                let name = oob.leader(leader).map(|l| l.name.clone()).unwrap_or_else(|| leader.clone());
                (format!("Leader Loss Check for {name}: two dice, column \u{201c}{column}\u{201d}"), rule.clone())
            }
            DueKind::MoraleCheck { units, rule, .. } => {
                (format!("Morale Check for {}: two dice on the Morale Table", names(oob, units)), rule.clone())
            }
            DueKind::Depletion { batteries, canister_only, .. } => {
                let what = if *canister_only { "Canister, if it fired Canister" } else { "the type it fired" };
                (format!("Deplete one Battery of {} of {what}", names(oob, batteries)), "4.3b".into())
            }
        }
    }

    /// The units and Leaders it names.
    pub fn subjects(&self) -> Vec<&str> {
        match &self.kind {
            DueKind::Loss { units, .. } | DueKind::MoraleCheck { units, .. } => {
                units.iter().map(String::as_str).collect()
            }
            DueKind::LeaderLoss { leader, .. } => vec![leader.as_str()],
            DueKind::Depletion { batteries, .. } => batteries.iter().map(String::as_str).collect(),
        }
    }
}
