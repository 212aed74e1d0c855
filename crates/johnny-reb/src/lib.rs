//! Johnny Reb (2nd edition) as pure Rust: the rules engine ([`rules`]) and the game state with
//! the commands that change it ([`state`]). It knows nothing of Leptos, the browser or
//! storage; the app renders [`state::game::Game`] and sends [`state::command::Command`]s through a
//! [`state::session::Session`].
//!
//! The system's boundary with the companion is [`JohnnyReb`], its
//! [`companion_core::system::GameSystem`].

pub mod rules;
pub mod state;

#[cfg(any(test, feature = "test-fixtures"))]
pub mod fixtures;

pub use state::game::Game;
pub use state::session::{JohnnyReb, Session};
