//! Tables 1-20 and the numbers of the appendices, as data with provenance: the one place the
//! engine's values live. Each table is its own module.

pub mod t01_turn_sequence;
pub mod t03_movement_rates;
pub mod t04_movement_conditions;
pub mod t20_officer_casualty;
