//! Tables 1-20 and the numbers of the appendices, as data with provenance: the one place the
//! engine's values live. Each table is its own module.
#![warn(missing_docs)]

pub mod appendix_a_firearms;
pub mod appendix_b_seacoast;
pub mod appendix_c_mortars;
pub mod appendix_d_rare_weapons;
pub mod appendix_e_balloons;
pub mod t01_turn_sequence;
pub mod t02_morale_checks;
pub mod t03_movement_rates;
pub mod t04_movement_conditions;
pub mod t05_bmp;
pub mod t06_bmp_modifiers;
pub mod t07_morale_results;
pub mod t08_small_arms_ranges;
pub mod t09_small_arms_modifiers;
pub mod t10_combat_results;
pub mod t11_fire_multipliers;
pub mod t12_saving_rolls;
pub mod t13_artillery;
pub mod t14_artillery_modifiers;
pub mod t15_firing_procedure;
pub mod t16_charge_sequence;
pub mod t17_bmp_charged;
pub mod t18_charge_modifiers;
pub mod t19_melee_modifiers;
pub mod t20_officer_casualty;

/// The rulebook transcription, beside the workspace (`../shared/rules/`): the checks of the
/// printed values against it run where it is (CI) and are skipped, saying so, where it is not.
#[cfg(test)]
pub(crate) const TRANSCRIPTION: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/rules/johnny-reb-2nd-edition-rulebook.txt");

/// The transcription's text; call [`transcription_present`] first.
#[cfg(test)]
pub(crate) fn rulebook() -> String {
    std::fs::read_to_string(TRANSCRIPTION).unwrap_or_default()
}

/// Whether the transcription is there; when it is not, says that the check is skipped.
#[cfg(test)]
pub(crate) fn transcription_present() -> bool {
    let present = std::path::Path::new(TRANSCRIPTION).is_file();
    if !present {
        eprintln!("skipped: the rulebook transcription is not at {TRANSCRIPTION}");
    }
    present
}
