//! A value of the campaign pack and where it came from: missing until the player enters it
//! from the game's components, entered, stated by the rule text (a worked example), or made up
//! for practice (and saying so).

use companion_core::error::{RuleError, RuleResult};
use companion_core::provenance::CellRef;
use serde::{Deserialize, Serialize};

/// A value of the pack with its provenance. Written in files as one flat object, so that a
/// pack and a saved campaign stay well within the core's nesting limit: `{}` (missing),
/// `{"entered": v}`, `{"rule_text": v, "rule": "18.2"}`, `{"made_up": v}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    try_from = "GivenRepr<T>",
    into = "GivenRepr<T>",
    bound(serialize = "T: Serialize + Clone", deserialize = "T: Deserialize<'de>")
)]
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

/// [`Given`] as written in files.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound(serialize = "T: Serialize", deserialize = "T: Deserialize<'de>"))]
struct GivenRepr<T> {
    #[serde(default = "none", skip_serializing_if = "Option::is_none")]
    entered: Option<T>,
    #[serde(default = "none", skip_serializing_if = "Option::is_none")]
    rule_text: Option<T>,
    #[serde(default = "none", skip_serializing_if = "Option::is_none")]
    rule: Option<String>,
    #[serde(default = "none", skip_serializing_if = "Option::is_none")]
    made_up: Option<T>,
}

fn none<T>() -> Option<T> {
    None
}

impl<T> From<Given<T>> for GivenRepr<T> {
    fn from(g: Given<T>) -> Self {
        let mut r = GivenRepr { entered: None, rule_text: None, rule: None, made_up: None };
        match g {
            Given::Missing => {}
            Given::Entered(v) => r.entered = Some(v),
            Given::RuleText { value, rule } => {
                r.rule_text = Some(value);
                r.rule = Some(rule);
            }
            Given::MadeUp(v) => r.made_up = Some(v),
        }
        r
    }
}

impl<T> TryFrom<GivenRepr<T>> for Given<T> {
    type Error = String;

    fn try_from(r: GivenRepr<T>) -> Result<Self, String> {
        match (r.entered, r.rule_text, r.rule, r.made_up) {
            (None, None, None, None) => Ok(Given::Missing),
            (Some(v), None, None, None) => Ok(Given::Entered(v)),
            (None, Some(value), Some(rule), None) => Ok(Given::RuleText { value, rule }),
            (None, None, None, Some(v)) => Ok(Given::MadeUp(v)),
            _ => Err("a value is entered, stated by a rule (with its number) or made up: one of them".into()),
        }
    }
}
