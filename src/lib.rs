//! Johnny Reb (2nd edition) table companion.
//!
//! Three parts kept apart:
//! - [`rules`]: the pure rules engine (tables as data, resolvers as functions of their dice);
//! - [`state`]: the game state, the commands that change it, and its persistence;
//! - [`ui`]: the Leptos views, which only render state and send commands.

pub mod rules;
pub mod state;
pub mod ui;
