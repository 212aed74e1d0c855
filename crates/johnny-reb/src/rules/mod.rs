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

pub mod charge;
pub mod fire;
pub mod morale;
pub mod organisation;
pub mod settings;
pub mod tables;
pub mod unit;
// Movement, officers, orders, command integrity, works and surprise (rules 1, 3, 6, 8-11).
pub mod command_integrity;
pub mod movement;
pub mod officers;
pub mod orders;
pub mod surprise;
#[cfg(test)]
pub(crate) mod test_dice;
pub mod works;

// The shared core's vocabulary, under the names the rules have always used.
pub use companion_core::chance::{self, Chance, Distribution};
pub use companion_core::dice::{self, DiceSource, Die, TwoDice};
pub use companion_core::provenance::{self, Cell, CellRef, Entered, Overrides, Source, Sourced};
pub use companion_core::ratio::{self, Ratio};

pub use companion_core::error::{RuleError, RuleResult};
