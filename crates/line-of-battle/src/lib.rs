//! Line of Battle v3.0 (the series rules of Last Chance for Victory) as pure Rust: a
//! procedure assistant whose outcomes are read from the players' own charts.
//!
//! - [`table`], [`tables`]: one "dice roll plus modifiers" schema for every chart, filled by
//!   the players, validated, and passed as a file;
//! - [`oob`]: the order of battle, Strength, Morale, Formation, Wrecked (1.3, 4.1);
//! - [`orders`]: the order book (13), hidden from the other side (1.8);
//! - [`clock`]: the Turn Record Track, Visibility, reinforcements, the Sequence of Play (1.4,
//!   2.1, 2.2);
//! - [`fire`], [`charge`]: Fire Combat, Opening Volleys, Loss Distribution, the Charge
//!   Process and Closing Rolls (7.1, 9, 11);
//! - [`morale`]: Morale Ratings and States, the Morale Check, the Rally Phase (10, 12.1);
//! - [`game`]: the game and its commands, the system's [`companion_core::system::GameSystem`];
//! - [`file`]: a game as a file, checked on import.
//!
//! Dice are always arguments. Nothing here knows of Leptos or the browser.

#![warn(missing_docs)]

pub mod charge;
pub mod clock;
pub mod file;
pub mod fire;
pub mod game;
pub mod morale;
pub mod oob;
pub mod orders;
pub mod refusal;
pub mod table;
pub mod tables;

pub use game::{Command, Game, LineOfBattle};
pub use refusal::Refused;
