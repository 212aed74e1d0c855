//! The rules of Johnny Reb, 2nd edition, as pure Rust.
//!
//! Nothing here knows of Leptos, the browser or storage (a test in `tests/source_rules.rs`
//! enforces it), so every table and procedure runs and is tested natively.
//!
//! - Tables are data with provenance ([`Cell`]): printed in the transcription, stated in the
//!   rule text, or missing. A missing value is never guessed: the resolver that meets it returns
//!   [`RuleError::Missing`] naming the exact cell, and the players supply it through
//!   [`Overrides`] from their own Tables Card.
//! - Dice are inputs ([`dice`]): every resolver takes its rolls as arguments, and can report the
//!   exact odds of each outcome before the roll ([`chance`]).
//! - The players' house rules (every ruling with two playable readings and every optional rule
//!   of Appendix F) are one [`settings::RulesSettings`], which the Settings screen lists and
//!   edits generically; each domain's resolvers take their part of it.

pub mod chance;
pub mod charge;
pub mod dice;
pub mod fire;
pub mod morale;
pub mod organisation;
pub mod provenance;
pub mod ratio;
pub mod settings;
pub mod tables;
pub mod unit;
// Movement, officers, orders, command, works and surprise (rules 1, 3, 6, 8-11).
pub mod command;
pub mod movement;
pub mod officers;
pub mod orders;
pub mod surprise;
pub mod works;

pub use chance::{Chance, Distribution};
pub use dice::{Die, DiceSource, TwoDice};
pub use provenance::{Cell, CellRef, Entered, Overrides, Source, Sourced};
pub use ratio::Ratio;

use std::fmt;

/// Why a resolver could not give a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// A table value the transcription lacks and the players have not entered yet.
    /// The cell says exactly what to look up on the printed Tables Card.
    Missing(CellRef),
    /// An input outside what the rules allow (a die of 7, a regiment of 40 stands...).
    OutOfRange {
        /// What was out of range ("die", "BMP", "setting"...).
        what: &'static str,
        /// Why, in the players' words.
        detail: String,
    },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Missing(cell) => write!(f, "{cell} is not in the rulebook text: enter it from your Tables Card"),
            RuleError::OutOfRange { what, detail } => write!(f, "{what}: {detail}"),
        }
    }
}

impl std::error::Error for RuleError {}

/// Shorthand for a resolver's result.
pub type RuleResult<T> = Result<T, RuleError>;
