//! Tables 1-20 and the numbers of the appendices, as data with provenance: the one place the
//! engine's values live. Each table is its own module.

pub mod t16_charge_sequence;
pub mod t19_melee_modifiers;
pub mod t10_combat_results;
pub mod t02_morale_checks;
pub mod t05_bmp;
pub mod t06_bmp_modifiers;
pub mod t07_morale_results;
pub mod t17_bmp_charged;
pub mod t18_charge_modifiers;
