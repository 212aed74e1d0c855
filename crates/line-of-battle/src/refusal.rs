//! Why a command was refused, with the rule that refuses it.

use std::fmt;

/// A refused command: why, in the players' words, and the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// Why.
    pub why: String,
    /// The rule, when one refuses it ("13.3c").
    pub rule: Option<&'static str>,
}

impl Refused {
    /// Refused by `rule`.
    pub fn by(rule: &'static str, why: impl Into<String>) -> Refused {
        Refused { why: why.into(), rule: Some(rule) }
    }
    /// Refused for a reason of the game's data (an unknown unit, a bad entry).
    pub fn because(why: impl Into<String>) -> Refused {
        Refused { why: why.into(), rule: None }
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.rule {
            Some(rule) => write!(f, "{} ({rule})", self.why),
            None => write!(f, "{}", self.why),
        }
    }
}

impl std::error::Error for Refused {}

impl companion_core::session::EmptyBatch for Refused {
    fn nothing_to_do() -> Self {
        Refused::because("Nothing to do.")
    }
}
