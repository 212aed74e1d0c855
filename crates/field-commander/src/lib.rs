//! The rules of Field Commander: Robert E. Lee as pure Rust (issue 13). The player is Lee; the
//! rules play the Union, and this crate decides for them: tactics, Special Battle Plans,
//! default plans by range, targets by skill, every roll taken as an argument and every
//! modifier listed with its rule.
//!
//! The rules source is `../shared/rules/field-commander-robert-e-lee-rulebook.txt`; what it
//! lacks (every counter, the Campaign Information Sheets) is entered by the player and marked
//! so ([`force::Entry`]). Text slips are settled in RULINGS.md, section "Field Commander".
//!
//! The battle: [`game`] (the saved game, the commands, the system), [`state`] (the battle and
//! its ledger), [`setup`] (10.2), [`insight`] (10.2.12, 12.1), [`lee`] (12.2-12.4),
//! [`union_turn`] and [`charge`] (13, 14), [`hits`], [`ending`] (14.5-14.8, 5.9) and
//! [`sequence`] (10.1's to-do list); the values and resolvers they use: [`force`],
//! [`battlefield`], [`battle`], [`combat`], [`confederate`], [`union`], [`outcome`],
//! [`prebattle`], [`dice`].
#![warn(missing_docs)]

pub mod battle;
pub mod battlefield;
pub mod campaign;
pub mod campaign_game;
pub mod charge;
pub mod combat;
pub mod confederate;
pub mod dice;
mod dispatch;
pub mod ending;
pub mod file;
pub mod force;
pub mod game;
pub mod hits;
pub mod insight;
pub mod lee;
pub mod outcome;
pub mod pack;
pub mod practice;
pub mod prebattle;
pub mod quick;
pub mod sequence;
pub mod setup;
pub mod state;
#[cfg(test)]
mod testkit;
pub mod union;
pub mod union_turn;

pub use game::{Battle, BattleError, Command, FieldCommander, Game, Report};
