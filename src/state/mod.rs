//! Game state, the commands that change it, and its persistence. No views here: the UI
//! renders this state and sends [`command::Command`]s.

pub mod command;
pub mod game;
pub mod persist;
pub mod schema;
pub mod settings;
