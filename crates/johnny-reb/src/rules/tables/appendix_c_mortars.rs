//! Appendix C, Mortars: minimum and maximum range, the hit numbers (two dice at or under the
//! number hits), and the constant shell value used as the strength on Table 10.
#![warn(missing_docs)]

use crate::rules::Ratio;

/// The appendix's name as printed.
pub const TABLE: &str = "Appendix C";

/// One mortar as printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mortar {
    /// As printed.
    pub name: &'static str,
    /// Minimum range, inches.
    pub min_range: u32,
    /// Maximum range, inches.
    pub max_range: u32,
    /// Direct hit number (line of sight).
    pub direct_hit: u8,
    /// Indirect hit number (an officer or spotter within 12" sees the target).
    pub indirect_hit: u8,
    /// "C": +3 to the hit number for consecutive fire on a non-moving target.
    pub consecutive: bool,
    /// Shell value: the fire strength.
    pub shell_value: Ratio,
    /// Fires only every other turn (the Notes column).
    pub every_other_turn: bool,
}

/// The consecutive shot benefit on a non-moving target: +3 to the hit number.
pub const CONSECUTIVE_BONUS: u8 = 3;
/// Area fire reduces the hit number to 3, regardless of other factors.
pub const AREA_FIRE_HIT: u8 = 3;
/// Blind fire reduces the hit number to 2, regardless of other factors.
pub const BLIND_FIRE_HIT: u8 = 2;

/// The mortars as printed.
pub const MORTARS: [Mortar; 3] = [
    Mortar {
        name: "24# Coehorn",
        min_range: 8,
        max_range: 24,
        direct_hit: 4,
        indirect_hit: 3,
        consecutive: false,
        shell_value: Ratio::whole(8),
        every_other_turn: false,
    },
    Mortar {
        name: "8\" Siege",
        min_range: 10,
        max_range: 30,
        direct_hit: 3,
        indirect_hit: 2,
        consecutive: true,
        shell_value: Ratio::whole(15),
        every_other_turn: true,
    },
    Mortar {
        name: "10\" (Short) Siege",
        min_range: 16,
        max_range: 48,
        direct_hit: 3,
        indirect_hit: 2,
        consecutive: true,
        shell_value: Ratio::whole(20),
        every_other_turn: false,
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tables::t08_small_arms_ranges::transcription;

    #[test]
    fn every_printed_value_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let section = transcription::section("MORTARS", "Appendix D");
        for m in MORTARS {
            let c = transcription::row(&section, m.name);
            assert_eq!(c[0], format!("{}\"", m.min_range));
            assert_eq!(c[1], format!("{}\"", m.max_range));
            let hit = |n: u8| if m.consecutive { format!("{n} C") } else { n.to_string() };
            assert_eq!(c[2], hit(m.direct_hit));
            assert_eq!(c[3], hit(m.indirect_hit));
            assert_eq!(Ratio::parse(&c[4]).unwrap(), m.shell_value);
            assert_eq!(c.get(6).is_some_and(|n| n.contains("every other turn")), m.every_other_turn);
        }
        let t = transcription::text();
        assert!(t.contains("The mortars get a consecutive shot benefit on a non-moving target of +3"));
        assert!(t.contains("If the fire is area fire, reduce the hit number to 3 regardless of any other factors. If the fire is blind, reduce the hit number to 2"));
    }
}
