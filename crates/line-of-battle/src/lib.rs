//! Line of Battle v3.0 (the series rules of Last Chance for Victory) as pure Rust: a
//! procedure assistant whose outcomes are read from the players' own charts.
//!
//! - [`table`], [`tables`]: one "dice roll plus modifiers" schema for every chart, filled by
//!   the players, validated, and passed as a file;
//! - [`oob`]: the order of battle, Strength, Morale, Formation, Wrecked (1.3, 4.1);
//!   [`seniority`] and [`promotion`]: ranks, promotion, Repls and Zero Rolls (4.1b-d);
//! - [`orders`]: the order book (13), hidden from the other side (1.8);
//! - [`clock`], [`schedule`]: the Turn Record Track, Visibility, reinforcements, the
//!   Sequence of Play (1.4, 2.1, 2.2); [`tracker`]: each Segment's to-do list (2.1);
//! - [`fire`], [`charge`]: Fire Combat, Opening Volleys, Loss Distribution, the Charge
//!   Process and Closing Rolls (7.1, 9, 11); [`combat`]: all of them as game commands, with
//!   what their results leave to settle ([`due`]) and retreats (10.3);
//! - [`morale`]: Morale Ratings and States, the Morale Check, the Rally Phase (10, 12.1);
//! - calculators the players state facts to: [`los`] (8.0), [`radius`] (3.3), [`stacking`]
//!   (6.1), [`artillery`] (4.2), [`open_order`] (4.4), [`movement`] (6.2, 7.0, 7.2);
//! - [`supply`]: Wagons and Artillery Ammunition (4.3); [`works`]: Breastworks (5.0);
//! - [`edit`]: corrections of the order of battle, and the Threshold Values and Additive Morale
//!   charts;
//! - [`game`]: the game and its commands, the system's [`companion_core::system::GameSystem`];
//!   [`turn_record`]: what the Phasing Player's units did this Player Turn;
//! - [`file`]: a game as a file, checked on import.
//!
//! Dice are always arguments. Nothing here knows of Leptos or the browser.

#![warn(missing_docs)]

pub mod artillery;
pub mod charge;
pub mod clock;
pub mod combat;
pub mod due;
pub mod edit;
pub mod file;
pub mod fire;
pub mod game;
pub mod los;
pub mod morale;
pub mod movement;
pub mod oob;
pub mod open_order;
pub mod orders;
pub mod promotion;
pub mod radius;
pub mod refusal;
pub mod schedule;
pub mod seniority;
pub mod stacking;
pub mod supply;
pub mod table;
pub mod tables;
pub mod tracker;
pub mod turn_record;
pub mod works;

pub use game::{Command, Game, LineOfBattle};
pub use refusal::Refused;
