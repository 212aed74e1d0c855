//! What every game system of the companion shares, written once.
//!
//! - [`dice`], [`d10`], [`chance`], [`ratio`]: dice as inputs (rolled by the app or entered from the
//!   table), exact odds, exact fractions;
//! - [`provenance`] and [`error`]: where each table value comes from (printed, rule text,
//!   missing) and the players' entered values for what the text lacks;
//! - [`system`], [`session`], [`log`]: the boundary a game system implements, and the undoable
//!   session that every change of a game goes through;
//! - [`doc`], [`saves`], [`persist`], [`settings`], [`exchange`], [`names`]: the stored
//!   document with its layout number and migrations, saved games of every system, persistence
//!   that never overwrites what it could not read, device settings, the checks every imported
//!   file goes through, and names typed by players.
//!
//! Nothing here knows of Leptos, the browser or storage APIs: the app supplies the key-value
//! store ([`persist::KeyValueStore`]). The app's `tests/source_rules.rs` asks `cargo tree` to prove it.

#![warn(missing_docs)]

pub mod chance;
pub mod d10;
pub mod dice;
pub mod doc;
pub mod error;
pub mod exchange;
pub mod log;
pub mod names;
pub mod persist;
pub mod provenance;
pub mod ratio;
pub mod saves;
pub mod session;
pub mod settings;
pub mod system;

pub use chance::{Chance, Distribution};
pub use dice::{DiceSource, Die, TwoDice};
pub use error::{RuleError, RuleResult};
pub use provenance::{Cell, CellRef, Entered, Overrides, Source, Sourced};
pub use ratio::Ratio;
