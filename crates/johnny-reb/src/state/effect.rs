//! What a command did before the session logs it: its log line, what it created, the morale
//! checks it calls for (4.4.1). Shared by the domains' commands and the session.

use super::checks_state::Due;
use super::ids::UnitId;
use crate::rules::morale::triggers::CheckReason;

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
    /// Its log line tells of a side's marking, kept out of the history until the reveal (1.1).
    pub secret: bool,
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

/// A morale check a command calls for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoraleCheck {
    /// The unit's id.
    pub unit: UnitId,
    /// The unit's name.
    pub name: String,
    /// Why (Table 2).
    pub reason: CheckReason,
}

impl From<MoraleCheck> for Due {
    fn from(c: MoraleCheck) -> Due {
        Due { unit: c.unit, name: c.name, reason: c.reason }
    }
}
