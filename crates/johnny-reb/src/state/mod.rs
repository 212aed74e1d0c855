//! Game state, the commands that change it, and its files. No views here: the app renders
//! this state and sends [`command::Command`]s through a [`command::Session`].

#![warn(missing_docs)]

pub mod charges;
pub mod checks;
pub mod command;
pub mod demo;
pub mod device;
pub mod exchange;
pub mod game;
pub mod orders;
pub mod result;
pub mod roster;
pub mod tracker;
