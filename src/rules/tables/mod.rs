//! Tables 1-20 and the numbers of the appendices, as data with provenance: the one place the
//! engine's values live. Each table is its own module.

pub mod t16_charge_sequence;
pub mod t19_melee_modifiers;
pub mod t10_combat_results;
