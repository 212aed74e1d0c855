//! Widgets every system's resolvers share: dice entered by face or rolled by the app
//! ([`dice`]), the odds before a roll ([`odds`]), large toggles ([`toggles`]), and text copied
//! out and pasted in for sharing ([`paste`]), a game's history with undo and redo
//! ([`history`]), and the question "Next phase" asks ([`next_phase`]).

pub mod dice;
pub mod history;
pub mod next_phase;
pub mod odds;
pub mod paste;
pub mod toggles;
