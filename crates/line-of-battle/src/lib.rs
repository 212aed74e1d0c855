//! Line of Battle v3.0 (the series rules of Last Chance for Victory) as pure Rust: a
//! procedure assistant whose outcomes are read from the players' own charts.
//!
//! - [`table`], [`tables`]: one "dice roll plus modifiers" schema for every chart, filled by
//!   the players, validated, and passed as a file;
//! - [`morale`]: Morale Ratings and States, the Morale Check, the Rally Phase (10, 12.1).
//!
//! Dice are always arguments. Nothing here knows of Leptos or the browser.

#![warn(missing_docs)]

pub mod morale;
pub mod table;
pub mod tables;
