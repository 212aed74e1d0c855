//! Widgets every system's resolvers share: dice entered by face or rolled by the app
//! ([`dice`]), the odds before a roll ([`odds`]), and large toggles ([`toggles`]).

pub mod dice;
pub mod odds;
pub mod toggles;
