//! A value of the campaign pack and where it came from: missing until the player enters it
//! from the game's components, entered, stated by the rule text (a worked example), or made up
//! for practice (and saying so).

use companion_core::error::{RuleError, RuleResult};
use companion_core::provenance::CellRef;
use serde::{Deserialize, Serialize};

/// A value of the pack with its provenance.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Given<T> {
    /// Not entered yet: the engine asks for it rather than guessing.
    #[default]
    Missing,
    /// Entered by the player from the game's components.
    Entered(T),
    /// Stated by the rule text, a worked example in the numbered rule.
    RuleText {
        /// The value.
        value: T,
        /// The rule or example that states it ("18.2").
        rule: String,
    },
    /// Made up for practice; never the game's value.
    MadeUp(T),
}

impl<T> Given<T> {
    /// A value stated by rule `rule`.
    pub fn rule(value: T, rule: &str) -> Given<T> {
        Given::RuleText { value, rule: rule.into() }
    }

    /// The value, if any.
    pub fn value(&self) -> Option<&T> {
        match self {
            Given::Entered(v) | Given::MadeUp(v) | Given::RuleText { value: v, .. } => Some(v),
            Given::Missing => None,
        }
    }

    /// The value, or a request naming where to look it up.
    pub fn get(&self, cell: impl FnOnce() -> CellRef) -> RuleResult<&T> {
        self.value().ok_or_else(|| RuleError::Missing(cell()))
    }

    /// Not entered yet.
    pub fn is_missing(&self) -> bool {
        matches!(self, Given::Missing)
    }

    /// Made up for practice.
    pub fn is_made_up(&self) -> bool {
        matches!(self, Given::MadeUp(_))
    }

    /// What the app shows beside the value.
    pub fn provenance(&self) -> String {
        match self {
            Given::Missing => "missing".into(),
            Given::Entered(_) => "entered".into(),
            Given::RuleText { rule, .. } => format!("rule text {rule}"),
            Given::MadeUp(_) => "made up, not the game's".into(),
        }
    }
}

impl<T: Copy> Given<T> {
    /// The value copied, or a request naming where to look it up.
    pub fn copied(&self, cell: impl FnOnce() -> CellRef) -> RuleResult<T> {
        self.get(cell).copied()
    }
}

/// Where a listed item (an area, a link, a placement, a condition) came from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Origin {
    /// Entered by the player from the game's components.
    #[default]
    Entered,
    /// Named by a worked example of the rule text.
    RuleText(String),
    /// Made up for practice; not the game's.
    MadeUp,
}
