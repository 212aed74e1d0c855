//! Table 1, Turn Sequence: the eight phases of a turn (0.5) and their steps, for the turn
//! tracker.
//!
//! The transcription prints the steps of phases one to four. The steps of phases five to eight
//! are cut (GAPS.md); they are taken from the rules of those phases (5, 6, 7, 8, with 9.1.1 and
//! 6.9), each step carrying its rule number as [`Cell::RuleText`].

#![warn(missing_docs)]

use crate::rules::Cell;

/// The table's name as printed on the card.
pub const TABLE: &str = "Table 1";

/// One step of a phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The step's letter as printed ("a", "b"...).
    pub letter: char,
    /// What the players do, in the table's words (or the rule's, for phases 5-8).
    pub text: &'static str,
    /// The rules and tables the step cites.
    pub rules: &'static [&'static str],
}

/// One phase of the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phase {
    /// 1 to 8.
    pub number: u8,
    /// The phase's name (0.5).
    pub name: &'static str,
    /// The rule section of the phase.
    pub rule: &'static str,
    /// Its steps, in order, each with its provenance.
    pub steps: &'static [Cell<Step>],
}

const fn printed(letter: char, text: &'static str, rules: &'static [&'static str]) -> Cell<Step> {
    Cell::Printed(Step { letter, text, rules })
}

const fn rule(letter: char, text: &'static str, rules: &'static [&'static str]) -> Cell<Step> {
    // The first cited rule is the step's source.
    let source = match rules.first() {
        Some(r) => r,
        None => "0.5",
    };
    Cell::RuleText { value: Step { letter, text, rules }, rule: source }
}

/// The eight phases of a turn, in order.
///
/// ```
/// use johnny_reb::rules::tables::t01_turn_sequence::PHASES;
/// assert_eq!(PHASES.len(), 8);
/// assert_eq!(PHASES[5].name, "Movement");
/// ```
pub const PHASES: [Phase; 8] = [
    Phase {
        number: 1,
        name: "Mark Orders",
        rule: "1",
        steps: &[
            printed(
                'a',
                "Place one order upside down beside each regiment or section (1.1.2). Do not mark routed units. Shaken units cannot be ordered to move closer to the enemy (1.1.3).",
                &["1.1.2", "1.1.3"],
            ),
            printed('b', "Three minute time limit. Any unit not marked is given a Hold order (1.1.1).", &["1.1.1"]),
        ],
    },
    Phase {
        number: 2,
        name: "Routs and Rallies",
        rule: "2",
        steps: &[
            printed('a', "Move all routed units (2.1.1, Table 3).", &["2.1.1", "Table 3"]),
            printed(
                'b',
                "Check morale of all non-routed units that could see a routed unit (2.2; Tables 2, 5, 6, and 7).",
                &["2.2", "Table 2", "Table 5", "Table 6", "Table 7"],
            ),
            printed(
                'c',
                "Make morale checks for rally of all shaken and routed units except those just shaken or routed this phase (2.4).",
                &["2.4"],
            ),
        ],
    },
    Phase {
        number: 3,
        name: "Reveal Orders",
        rule: "3",
        steps: &[
            printed('a', "Turn over orders simultaneously.", &["3.1"]),
            printed(
                'b',
                "Declare order intentions and objectives of charging units (3.1, Table 4).",
                &["3.1", "Table 4"],
            ),
            printed(
                'c',
                "Except for FR and C, orders may be changed to CH. Charged units ordered to Move must change to CH (3.2).",
                &["3.2"],
            ),
        ],
    },
    Phase {
        number: 4,
        name: "First Fires",
        rule: "4",
        steps: &[
            printed(
                'a',
                "Units marked FR fire simultaneously (4.1). See Table 15, Firing Procedure.",
                &["4.1", "Table 15"],
            ),
            printed('b', "Check morale of targets as necessary (4.4).", &["4.4"]),
            printed('c', "Units marked H or advancing by rushes (6.8.7) fire simultaneously.", &["4.1", "6.8.7"]),
            printed('d', "Check morale of their targets as necessary.", &["4.4"]),
        ],
    },
    Phase {
        number: 5,
        name: "Charges",
        rule: "5",
        steps: &[
            rule(
                'a',
                "Resolve charges in order of proximity, nearest first, each completely before the next.",
                &["5.1.5"],
            ),
            rule('b', "Resolve each charge by the Charge Sequence (Table 16).", &["5.1", "Table 16"]),
        ],
    },
    Phase {
        number: 6,
        name: "Movement",
        rule: "6",
        steps: &[
            rule(
                'a',
                "Units marked Move, Form or Disengage that have not already been forced to move by a charge or morale check move, both sides simultaneously (Tables 3 and 4).",
                &["6.1", "Table 3", "Table 4"],
            ),
            rule(
                'b',
                "Units marked Hold that have not fired this turn may fire at moving units before or during their move.",
                &["6.1"],
            ),
            rule('c', "Roll for disorder for units that used the greater distance.", &["6.2"]),
            rule('d', "At the end of all movement, roll for regiments attempting hasty works.", &["9.1.1"]),
        ],
    },
    Phase {
        number: 7,
        name: "Moving Fires",
        rule: "7",
        steps: &[
            rule(
                'a',
                "Non-routed units not marked D or FR that have not yet fired (or fired only once, with repeaters or advancing by rushes) fire (Table 15).",
                &["7", "4.2.7.c", "6.8.7", "Table 15"],
            ),
            rule('b', "Check morale of targets as necessary.", &["7", "4.4"]),
        ],
    },
    Phase {
        number: 8,
        name: "Officer Casualties",
        rule: "8",
        steps: &[
            rule(
                'a',
                "After all moving fires and officer movement, roll for each officer by his closest distance to a non-routed, non-disengaging enemy unit (Table 20).",
                &["8", "6.9", "Table 20"],
            ),
            rule('b', "Roll one die for the effect of each hit (Table 20).", &["8", "Table 20"]),
            rule(
                'c',
                "Units that saw an officer casualty check morale, as for seeing a rout.",
                &["8", "2.2", "Table 2"],
            ),
        ],
    },
];

/// The phase with number `n` (1 to 8).
///
/// ```
/// use johnny_reb::rules::tables::t01_turn_sequence::phase;
/// assert_eq!(phase(8).map(|p| p.name), Some("Officer Casualties"));
/// ```
pub fn phase(n: u8) -> Option<&'static Phase> {
    PHASES.iter().find(|p| p.number == n)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::tables::rulebook;

    #[test]
    fn printed_steps_match_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let book = rulebook();
        let start = book.rfind("\nTable 1. Turn Sequence\n").unwrap();
        let end = book[start..].find("Table 2. Conditions").unwrap() + start;
        let t = &book[start..end];
        let mut printed_steps = 0;
        for p in PHASES {
            for cell in p.steps {
                if let Cell::Printed(step) = cell {
                    printed_steps += 1;
                    assert!(p.number <= 4);
                    let line = format!("   • {}. {}", step.letter, step.text);
                    assert!(t.contains(&line), "{line}");
                }
            }
            if p.number <= 4 {
                assert!(t.contains(&format!("{}. {}:", p.number, p.name)), "{}", p.name);
            }
        }
        // Every bullet of the printed table is shipped.
        assert_eq!(printed_steps, t.matches("   • ").count());
    }

    #[test]
    fn phases_are_those_of_rule_0_5() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let book = rulebook();
        for p in PHASES {
            assert!(book.contains(&format!(
                "{}. Phase {}: {}",
                p.number,
                ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight"][p.number as usize - 1],
                p.name
            )));
            assert!(!p.steps.is_empty());
            for (i, s) in p.steps.iter().enumerate() {
                assert_eq!(s.value().unwrap().letter, (b'a' + i as u8) as char);
            }
        }
        assert_eq!(phase(6).unwrap().name, "Movement");
        assert!(phase(9).is_none());
    }
}
