//! The rules of Field Commander: Robert E. Lee as pure Rust (issue 13). The player is Lee; the
//! rules play the Union, and this crate decides for them: tactics, Special Battle Plans,
//! default plans by range, targets by skill, every roll taken as an argument and every
//! modifier listed with its rule.
//!
//! The rules source is `../shared/rules/field-commander-robert-e-lee-rulebook.txt`; what it
//! lacks (every counter, the Campaign Information Sheets) is entered by the player and marked
//! so ([`force::Entry`]). Text slips are settled in RULINGS.md, section "Field Commander".
#![warn(missing_docs)]

pub mod battle;
pub mod battlefield;
pub mod campaign;
pub mod charge;
pub mod combat;
pub mod confederate;
pub mod force;
pub mod game;
pub mod outcome;
pub mod pack;
pub mod practice;
pub mod prebattle;
pub mod quick;
#[cfg(test)]
mod testkit;
pub mod union;

pub use game::{Battle, BattleError, Command, FieldCommander, Report};
