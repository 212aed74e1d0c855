//! Table 15, Firing Procedure: the seven steps every fire follows, as printed. The fire
//! resolvers (`rules::fire`) run them in this order.
#![warn(missing_docs)]

/// The table's name as printed.
pub const TABLE: &str = "Table 15";

/// The steps, as printed.
pub const STEPS: [&str; 7] = [
    "Declare target. For artillery fire, also declare canister or shot.",
    "Measure range from front center of firer to edge of target.",
    "Determine base firing strength: small arms, count number of firing figures; artillery, consult Table 13.",
    "Modify firing strength on Tables 8 and 9 (small arms) or 14 (artillery). Use multipliers then row shifts.",
    "Roll on Table 10 for kills scored.",
    "Multiply kills scored on Table 11 per target's situation.",
    "Make saving rolls on Table 12 to cancel kills if possible.",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tables::t08_small_arms_ranges::transcription;

    #[test]
    fn every_printed_step_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let section = transcription::section("Table 15. Firing Procedure", "Table 16.");
        for (i, step) in STEPS.iter().enumerate() {
            assert!(section.iter().any(|l| *l == format!("{}. {step}", i + 1)), "step {}", i + 1);
        }
    }
}
