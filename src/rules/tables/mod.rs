//! Tables 1-20 and the numbers of the appendices, as data with provenance: the one place the
//! engine's values live. Each table is its own module.
#![warn(missing_docs)]

pub mod t01_turn_sequence;
pub mod t03_movement_rates;
pub mod t04_movement_conditions;
pub mod t20_officer_casualty;
pub mod t10_combat_results;
pub mod t08_small_arms_ranges;
pub mod t09_small_arms_modifiers;
pub mod t11_fire_multipliers;
pub mod t12_saving_rolls;
pub mod t13_artillery;
pub mod t14_artillery_modifiers;
pub mod t15_firing_procedure;
pub mod appendix_a_firearms;
pub mod appendix_b_seacoast;
pub mod appendix_c_mortars;
pub mod appendix_d_rare_weapons;
pub mod t16_charge_sequence;
pub mod t19_melee_modifiers;
pub mod appendix_e_balloons;
pub mod t02_morale_checks;
pub mod t05_bmp;
pub mod t06_bmp_modifiers;
pub mod t07_morale_results;
pub mod t17_bmp_charged;
pub mod t18_charge_modifiers;
