//! Table 7, Morale Results (2.3, 2.4), as printed. The procedure it describes is
//! [`crate::rules::morale::check()`] and [`crate::rules::morale::rally()`]; the text is kept for
//! display beside a result.
#![warn(missing_docs)]

/// The table's name as printed.
pub const TABLE: &str = "Table 7";

/// "Morale Checks (2.3)": result and effect.
pub const MORALE_CHECKS: [(&str, &str); 4] = [
    ("Roll Higher Than MMP", "Pass check: Morale stays the same."),
    (
        "Roll Lower Than or Same as MMP",
        "Fail check: Good morale becomes Shaken, Shaken becomes Routed, Routed is removed from game.",
    ),
    ("Roll of 2", "Unit's morale becomes Routed regardless of other circumstances."),
    ("Roll of 12", "Unit's morale becomes Good, regardless of other circumstances."),
];

/// "Rallies (2.4)": result and effect.
pub const RALLIES: [(&str, &str); 4] = [
    ("Pass Check (Above)", "Routed becomes Shaken, Shaken becomes Good."),
    ("Fail Check (Above)", "Morale remains the same. If Routed, remove one stand."),
    ("Rolls of 2 or 12", "Same as above; if already Routed, remove whole unit."),
    ("Artillery Crew", "Routed artillery has two chances to rally; if doesn't, remove from game."),
];

/// "Routed Units": result and effect.
pub const ROUTED_UNITS: [(&str, &str); 3] = [
    (
        "Retreated Movement",
        "Roll dice for total distance retreated: Road-4 dice, Open-3 dice, Broken-2 dice, Rough-1 die.",
    ),
    ("Other Routed Units", "No check required."),
    ("Officer Casualty", "Check required."),
];

/// Dice rolled for a forced rout move (2.1.2; "Retreated Movement"): road, open, broken,
/// rough.
pub const RETREAT_DICE: [(&str, usize); 4] = [("Road", 4), ("Open", 3), ("Broken", 2), ("Rough", 1)];

#[cfg(test)]
mod tests {
    use super::super::rulebook;
    use super::*;

    #[test]
    fn table_7_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let text = rulebook();
        let lines: Vec<&str> = text.lines().collect();
        let start = lines.iter().position(|l| l.trim() == "Table 7. Morale Results").unwrap();
        let rows: Vec<(&str, &str)> = lines[start + 1..]
            .iter()
            .take_while(|l| !l.starts_with("Table 8"))
            .filter_map(|l| l.split_once('\t'))
            .filter(|(a, _)| *a != "Result")
            .collect();
        assert_eq!(rows.len(), 11);
        assert_eq!(rows[..4], MORALE_CHECKS);
        assert_eq!(rows[4..8], RALLIES);
        assert_eq!(rows[8..], ROUTED_UNITS);
        let dice: Vec<String> =
            RETREAT_DICE.iter().map(|(t, n)| format!("{t}-{n} {}", if *n == 1 { "die" } else { "dice" })).collect();
        assert!(ROUTED_UNITS[0].1.contains(&dice.join(", ")));
    }
}
