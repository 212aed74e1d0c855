//! Table 16, Charge Sequence: the printed steps the charge state machine
//! ([`crate::rules::charge::sequence`]) follows, and the Table 4 charge bonus dice it uses
//! at step 3b.

#![warn(missing_docs)]

use crate::rules::Cell;
use crate::rules::unit::Terrain;

/// The table's name as printed on the card.
pub const TABLE: &str = "Table 16";

/// One printed step (or lettered sub-step) of Table 16.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SequenceStep {
    /// The step number, 1 to 12.
    pub number: u8,
    /// The sub-step letter ('a', 'b', 'c') or `None` for the step itself.
    pub letter: Option<char>,
    /// The text as printed (without its number or letter).
    pub text: &'static str,
}

impl SequenceStep {
    /// "Table 16 step 3b", as the app cites it.
    pub fn citation(&self) -> String {
        match self.letter {
            Some(l) => format!("Table 16 step {}{}", self.number, l),
            None => format!("Table 16 step {}", self.number),
        }
    }
}

const fn s(number: u8, letter: Option<char>, text: &'static str) -> SequenceStep {
    SequenceStep { number, letter, text }
}

/// Every printed step and sub-step of Table 16, in order.
pub const STEPS: [SequenceStep; 18] = [
    s(1, None, "Declare objective of charge (3.1, 5.1.1)."),
    s(2, None, "Move charged units marked D or FM (5.2)."),
    s(3, None, "Mark charging unit's total move."),
    s(3, Some('a'), "Determine normal move; roll for disorder (5.3.1)."),
    s(3, Some('b'), "Declare and roll for bonus; mark bonus (5.3.2, Table 4)."),
    s(3, Some('c'), "Roll for attempt to halt; change marker (5.3.3)."),
    s(4, None, "Move charging unit to 3\" from defender (5.3.4) or until countercharged (5.3.5)."),
    s(
        5,
        None,
        "Units marked H may fire at charging unit, whether they are charged or not, if they have not already fired this turn (5.4, Table 15).",
    ),
    s(6, None, "Check charging unit's morale if necessary (2.3, 4.4). If fail, charge ends."),
    s(
        7,
        None,
        "Make fear-of-charge checks for charged unit and others within 3\" (5.5; Tables 17 and 18). Does not apply if both units charging or countercharging.",
    ),
    s(
        8,
        None,
        "Units marked H, CH, or FM may fire at charging unit if they have not already fired this turn (5.6, Table 15).",
    ),
    s(9, None, "Check charging unit's morale if necessary (2.3, 4.4). If fail, charge ends."),
    s(10, None, "Roll for Impact (5.7)."),
    s(
        10,
        Some('a'),
        "Determine MMP using Tables 17 and 18. Each unit rolls two dice, adding total to MMP. Lowest wins; ties go to melee, step 12.",
    ),
    s(
        10,
        Some('b'),
        "If target is artillery, the crew may flee first. If doesn't, roll two dice and add total to number of enemy figures (5.7.1.b). Lowest wins; ties go to step 12.",
    ),
    s(
        11,
        None,
        "If charging unit won impact, move both defeated unit and charging unit (5.7.3). If still in contact, go to melee, step 12 (5.7.4). If not, charge ends.",
    ),
    s(12, None, "Both attacker and defender roll for Melee (5.8.2)."),
    s(
        12,
        Some('a'),
        "Determine kills (Tables 19 and 10). Losses are simultaneous. Check for involved officer casualty (Table 20).",
    ),
];

/// The printed step, if there is one with this number and letter.
///
/// ```
/// use johnny_reb::rules::tables::t16_charge_sequence::step;
/// assert_eq!(step(3, Some('b')).map(|s| s.citation()), Some("Table 16 step 3b".to_string()));
/// ```
pub fn step(number: u8, letter: Option<char>) -> Option<SequenceStep> {
    STEPS.iter().copied().find(|s| s.number == number && s.letter == letter)
}

/// Table 4, "Charge C": the number of dice rolled for the charge bonus, by the terrain the
/// bonus portion is made in (5.3.2.a, 5.3.2.c). Table 4 prints road, open, broken and rough;
/// a trail is not a terrain of its own here (Table 3: a trail is moved in open, broken or
/// rough), so it has no cell.
pub fn charge_bonus_dice(terrain: Terrain) -> Cell<u8> {
    match terrain {
        Terrain::Road => Cell::Printed(4),
        Terrain::Open => Cell::Printed(3),
        Terrain::Broken => Cell::Printed(2),
        Terrain::Rough => Cell::Printed(1),
        Terrain::Trail => Cell::Missing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tables::rulebook;
    #[test]
    fn steps_match_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let book = rulebook();
        let start = book.find("Table 16. Charge Sequence").expect("Table 16");
        let rest = &book[start..];
        let end = rest.find("Table 17.").expect("Table 17 follows");
        let mut parsed = Vec::new();
        let mut number = 0u8;
        for line in rest[..end].lines().skip(1) {
            let t = line.trim();
            if t.is_empty() {
                continue;
            }
            if let Some(sub) = t.strip_prefix("• ") {
                let (letter, text) = sub.split_once(". ").expect("lettered sub-step");
                parsed.push((number, letter.chars().next(), text.to_string()));
            } else {
                let (n, text) = t.split_once(". ").expect("numbered step");
                number = n.parse().expect("step number");
                parsed.push((number, None, text.to_string()));
            }
        }
        let ours: Vec<(u8, Option<char>, String)> =
            STEPS.iter().map(|s| (s.number, s.letter, s.text.to_string())).collect();
        assert_eq!(ours, parsed);
    }

    #[test]
    fn charge_bonus_dice_match_table_4() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let book = rulebook();
        let start = book.find("Charge C\n").expect("Table 4 Charge C");
        let block: Vec<&str> = book[start..].lines().take(8).collect();
        for (label, terrain) in
            [("Road", Terrain::Road), ("Open", Terrain::Open), ("Broken", Terrain::Broken), ("Rough", Terrain::Rough)]
        {
            let line = block.iter().find(|l| l.contains(&format!("• {label}: "))).expect(label);
            let n: u8 = line.rsplit(": ").next().unwrap().split_whitespace().next().unwrap().parse().unwrap();
            assert_eq!(charge_bonus_dice(terrain), Cell::Printed(n), "{label}");
        }
        assert_eq!(charge_bonus_dice(Terrain::Trail), Cell::Missing);
    }
}
