//! Table 2, Conditions Requiring Morale Checks (2.2, 2.4, 4.4, 5.5, 8), as printed. The
//! triggers themselves are [`crate::rules::morale::triggers`].
#![warn(missing_docs)]

/// The table's name as printed.
pub const TABLE: &str = "Table 2";

/// One condition: its number, the phase heading it stands under, and its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Condition {
    /// The printed number, 1 to 10.
    pub number: u8,
    /// The phase heading.
    pub phase: &'static str,
    /// The condition as printed.
    pub text: &'static str,
}

const P2: &str = "Phase Two: Routs and Rallies";
const P4: &str = "Phase Four: First Fires; Phase Five: Charges; Phase Six: Movement; Phase Seven: Moving Fires (4.4)";
const P5: &str = "Phase Five: Charges (5.5)";
const P8: &str = "Phase Eight: Officer Casualties (8)";

/// The ten conditions as printed.
pub const CONDITIONS: [Condition; 10] = [
    Condition {
        number: 1,
        phase: P2,
        text: "Check each unit that could see a friendly routed or surrendered unit within 1' (2.2).",
    },
    Condition {
        number: 2,
        phase: P2,
        text: "Check each shaken or routed unit for rally, except those shaken or routed during this phase by above check (2.4).",
    },
    Condition {
        number: 3,
        phase: P4,
        text: "Check each infantry or cavalry unit when it loses its first figure to fire or melee.",
    },
    Condition {
        number: 4,
        phase: P4,
        text: "Check each artillery section that took one hit, whether the figure is removed or not.",
    },
    Condition {
        number: 5,
        phase: P4,
        text: "Check each unit hit by artillery fire, once for each hit to a limit of three.",
    },
    Condition {
        number: 6,
        phase: P4,
        text: "Check each unit that lost a stand to fire or melee, once for each stand.",
    },
    Condition {
        number: 7,
        phase: P4,
        text: "Check each unit hit by a dice roll of 12 on Table 10, for unexpected devastation.",
    },
    Condition {
        number: 8,
        phase: P4,
        text: "Check each unit adjacent within 3\" to a friendly unit totally eliminated (last stand removed) by fire.",
    },
    Condition {
        number: 9,
        phase: P5,
        text: "Check each unit for Fear-of-Charge when an enemy charging unit moves to, or moves past within 3\".",
    },
    Condition { number: 10, phase: P8, text: "Check each unit which could see a friendly officer hit within 1'." },
];

#[cfg(test)]
mod tests {
    use super::super::rulebook;
    use super::*;

    #[test]
    fn table_2_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let text = rulebook();
        let lines: Vec<&str> = text.lines().collect();
        let start = lines.iter().position(|l| l.trim() == "Table 2. Conditions Requiring Morale Checks").unwrap();
        let mut phase = "";
        let mut found = Vec::new();
        for line in lines[start + 1..].iter().take_while(|l| !l.starts_with("Table 3")) {
            let line = line.trim();
            if line.starts_with("Phase ") {
                phase = line;
            } else if let Some((n, rest)) = line.split_once(". ")
                && let Ok(n) = n.parse::<u8>()
            {
                found.push((n, phase, rest));
            }
        }
        assert_eq!(found.len(), 10);
        for ((n, phase, text), c) in found.iter().zip(CONDITIONS.iter()) {
            assert_eq!((*n, *phase, *text), (c.number, c.phase, c.text));
        }
    }
}
