//! What a command did before the session logs it: its log line, what it created, the morale
//! checks it calls for (4.4.1). Shared by the domains' commands and the session.

use super::checks_state::{Due, Reason};

/// What a domain's command found, before the session adds the integrity levels it crossed
/// (11.2) and writes the log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// The log line.
    pub text: String,
    /// The id of what the command added or copied.
    pub created: Option<String>,
    /// Morale checks now due (4.4.1).
    pub morale_checks: Vec<MoraleCheck>,
    /// A stand went (0.1.3).
    pub stand_lost: bool,
}

impl From<String> for Effect {
    fn from(text: String) -> Effect {
        Effect { text, ..Effect::default() }
    }
}

impl Effect {
    /// A line for the log that added or copied the item `id`.
    pub fn created(text: String, id: String) -> Effect {
        Effect { text, created: Some(id), ..Effect::default() }
    }
}

/// Why a unit must check morale now (4.4.1, Table 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheckReason {
    /// Its first kill (4.4.1.a; Table 2, no. 3).
    FirstKill,
    /// A crew kill to a gun section (4.4.1.b; Table 2, no. 4).
    CrewKill,
    /// A stand lost (4.4.1.d; Table 2, no. 6), with the new +2 (2.3.4.a).
    StandLost,
}

impl CheckReason {
    /// The rule that asks for the check.
    pub fn rule(self) -> &'static str {
        match self {
            CheckReason::FirstKill => "4.4.1.a",
            CheckReason::CrewKill => "4.4.1.b",
            CheckReason::StandLost => "4.4.1.d",
        }
    }

    /// The words the players see.
    pub fn label(self) -> &'static str {
        match self {
            CheckReason::FirstKill => "first kill",
            CheckReason::CrewKill => "crew kill",
            CheckReason::StandLost => "stand lost",
        }
    }
}

/// A morale check a command calls for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoraleCheck {
    /// The unit's id.
    pub unit: String,
    /// The unit's name.
    pub name: String,
    /// Why.
    pub reason: CheckReason,
}

impl From<MoraleCheck> for Due {
    fn from(c: MoraleCheck) -> Due {
        let reason = match c.reason {
            CheckReason::FirstKill => Reason::FirstKill,
            CheckReason::CrewKill => Reason::CrewKill,
            CheckReason::StandLost => Reason::StandLost,
        };
        Due { unit: c.unit, name: c.name, reason }
    }
}
