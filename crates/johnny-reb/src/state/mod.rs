//! Game state, the commands that change it, and its files. No views here: the app renders
//! this state and sends [`command::Command`]s through a [`session::Session`].
//!
//! The modules form one chain, each importing only modules before it (checked against the
//! order declared in `layers.rs`): the shared vocabulary ([`error`], [`ids`]), the order of battle
//! ([`troops`], [`roster`], [`roster_query`]), what each domain keeps in the game (`*_state`),
//! the [`game`], what a command did ([`effect`]), each domain's commands, the thin [`command`]
//! enum over them, the [`session`], then the files and devices built on it.

#![warn(missing_docs)]

pub mod charges;
pub mod charges_state;
pub mod checks;
pub mod checks_state;
pub mod command;
pub mod demo;
pub mod device;
pub mod effect;
pub mod error;
pub mod exchange;
pub mod game;
pub mod ids;
pub mod listed;
pub mod order_sheet;
pub mod orders;
pub mod orders_state;
pub mod result;
pub mod reveal;
pub mod roster;
pub mod roster_edit;
pub mod roster_query;
pub mod session;
pub mod tracker;
pub mod tracker_state;
pub mod troops;
pub mod turn_end;
pub mod units;

#[cfg(test)]
mod layers;
