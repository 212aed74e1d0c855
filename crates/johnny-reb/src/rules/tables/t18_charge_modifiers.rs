//! Table 18, Charge Modifiers to BMP (5.5, 5.7.1), as printed, with the rows the transcription
//! lacks filled only where the rule text states them (6.8.1, 6.8.2.e, 6.8.3) and the further
//! charge modifiers of the rule text (3.2, 5.5.3.b, 10.2.1).
//!
//! A value of `None` is the card's "NA" (Not Applicable).
#![warn(missing_docs)]

use crate::rules::Cell;
use crate::rules::unit::Formation;

/// The table's name as printed.
pub const TABLE: &str = "Table 18";
/// Column labels of the formation rows, as printed.
pub const ATTACKER_COLUMN: &str = "Attacker's formation";
/// Defender's formation column.
pub const DEFENDER_COLUMN: &str = "Defender's formation";
/// Impact column of the formation rows.
pub const IMPACT_COLUMN: &str = "Impact (both)";
/// Column labels of the condition rows, as printed.
pub const FEAR_COLUMN: &str = "Defender only: fear-of-charge";
/// Impact column of the condition rows.
pub const CONDITION_IMPACT_COLUMN: &str = "Defender/attacker: impact";

/// A formation row (Infantry or Dismounted Cavalry): attacker's, defender's, impact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormationRow {
    /// The row label as printed (or as the rule names the formation).
    pub label: &'static str,
    /// Modifier to the defender's fear-of-charge BMP for the attacker's formation.
    pub attacker: Cell<Option<i32>>,
    /// Modifier to the defender's fear-of-charge BMP for its own formation.
    pub defender: Cell<Option<i32>>,
    /// Modifier to a unit's own impact BMP for its formation.
    pub impact: Cell<Option<i32>>,
}

const fn printed(v: i32) -> Cell<Option<i32>> {
    Cell::Printed(Some(v))
}

const NA: Cell<Option<i32>> = Cell::Printed(None);

/// The formation rows for infantry or dismounted cavalry; the last three are not in the
/// transcription and carry only what the rule text states.
pub const FORMATION_ROWS: [FormationRow; 8] = [
    FormationRow { label: "Line", attacker: printed(0), defender: printed(0), impact: printed(0) },
    FormationRow { label: "March Column", attacker: printed(-3), defender: printed(3), impact: printed(3) },
    FormationRow { label: "Skirmish", attacker: printed(-6), defender: printed(6), impact: printed(6) },
    FormationRow { label: "Disorder", attacker: printed(-3), defender: printed(3), impact: printed(3) },
    FormationRow { label: "Routed", attacker: NA, defender: printed(3), impact: NA },
    // 6.8.1: "+1 shock benefit in terms of a fear-of-charge modifier to the charged target's
    // BMP"; "in the dice roll for impact it has a benefit of -2".
    FormationRow {
        label: "Attack Column",
        attacker: Cell::RuleText { value: Some(1), rule: "6.8.1" },
        defender: Cell::Missing,
        impact: Cell::RuleText { value: Some(-2), rule: "6.8.1" },
    },
    // 6.8.2.e: "a shock benefit of +2 for fear-of-charge and -4 for impact" (and its example).
    FormationRow {
        label: "Brigade Column",
        attacker: Cell::RuleText { value: Some(2), rule: "6.8.2.e" },
        defender: Cell::Missing,
        impact: Cell::RuleText { value: Some(-4), rule: "6.8.2.e" },
    },
    // 6.8.3: "-2 to shock effect" (see RULINGS.md: read as the attacker's shock on the
    // defender; the extended line's own defence and impact values are asked of the players).
    FormationRow {
        label: "Extended Line",
        attacker: Cell::RuleText { value: Some(-2), rule: "6.8.3" },
        defender: Cell::Missing,
        impact: Cell::Missing,
    },
];

/// The row for a formation of infantry or dismounted cavalry; `None` for the artillery
/// formations, which Table 18 has no row for.
pub fn formation_row(formation: Formation) -> Option<&'static FormationRow> {
    let label = match formation {
        Formation::Limbered | Formation::Unlimbered => return None,
        f => f.label(),
    };
    FORMATION_ROWS.iter().find(|r| r.label == label)
}

/// The routed row (a routed defender, 2.3.5.c: routed units are always in disorder).
pub const ROUTED_ROW: &FormationRow = &FORMATION_ROWS[4];

/// A condition row: fear-of-charge (defender only) and impact (defender or attacker).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConditionRow {
    /// The row label as printed.
    pub label: &'static str,
    /// Fear-of-charge column.
    pub fear: Cell<Option<i32>>,
    /// Impact column.
    pub impact: Cell<Option<i32>>,
}

/// "Charging": the impact value is the first of the printed "-1, -2" (5.1.3 charge elan).
pub const CHARGING: ConditionRow = ConditionRow { label: "Charging", fear: NA, impact: printed(-1) };
/// "with Empty Guns": the second of the printed "-1, -2" (5.1.3).
pub const CHARGING_EMPTY_GUNS: ConditionRow =
    ConditionRow { label: "Charging, with Empty Guns", fear: NA, impact: printed(-2) };
/// Does not have bayonets (5.5.3.c).
pub const NO_BAYONETS: ConditionRow =
    ConditionRow { label: "Does Not Have Bayonets", fear: printed(1), impact: printed(2) };
/// Charged on flank (5.5.3.a).
pub const CHARGED_ON_FLANK: ConditionRow =
    ConditionRow { label: "Charged-on-Flank", fear: printed(6), impact: printed(6) };
/// Charged on partial flank (5.5.3.a).
pub const CHARGED_ON_PARTIAL_FLANK: ConditionRow =
    ConditionRow { label: "Charged-on-Partial Flank", fear: printed(3), impact: printed(3) };
/// Charged on rear; disengaging and routed defenders always (5.5.3.a, 5.2.2).
pub const CHARGED_ON_REAR: ConditionRow =
    ConditionRow { label: "Charged-on-Rear", fear: printed(8), impact: printed(8) };
/// For each stand the unit has lost.
pub const PER_STAND_LOST: ConditionRow =
    ConditionRow { label: "For Each Stand Unit Has Lost", fear: printed(2), impact: printed(2) };
/// Shaken.
pub const SHAKEN: ConditionRow = ConditionRow { label: "Shaken", fear: printed(2), impact: printed(2) };
/// In or behind cover.
pub const IN_BEHIND_COVER: ConditionRow =
    ConditionRow { label: "In or Behind Cover", fear: printed(-1), impact: printed(-1) };

/// The printed condition rows as the transcription shows them (label, fear, impact).
pub const PRINTED_CONDITION_ROWS: [(&str, &str, &str); 8] = [
    ("Charging, with Empty Guns", "NA", "-1, -2"),
    ("Does Not Have Bayonets", "+1", "+2"),
    ("Charged-on-Flank", "+6", "+6"),
    ("Charged-on-Partial Flank", "+3", "+3"),
    ("Charged-on-Rear", "+8", "+8"),
    ("For Each Stand Unit Has Lost", "+2", "+2"),
    ("Shaken", "+2", "+2"),
    ("In or Behind Cover", "-1", "-1"),
];

// Charge modifiers of the rule text, not in the transcribed table.

/// Charged while forming: "+3 to all its charge-related morale checks" (5.5.3.b, 5.2.1,
/// 6.8.5 for a prone unit).
pub const CHARGED_WHILE_FORMING: Cell<i32> = Cell::RuleText { value: 3, rule: "5.5.3.b" };
/// On Conditional Hold when charged (3.2).
pub const CONDITIONAL_HOLD_CHARGED: Cell<i32> = Cell::RuleText { value: 1, rule: "3.2" };
/// Tactical surprise by the defender's die (10.2.1.b): die 1 no change, 2-3 +1, 4-5 +2, 6 +3.
pub const TACTICAL_SURPRISE_BY_DIE: [Cell<i32>; 6] = [
    Cell::RuleText { value: 0, rule: "10.2.1.b" },
    Cell::RuleText { value: 1, rule: "10.2.1.b" },
    Cell::RuleText { value: 1, rule: "10.2.1.b" },
    Cell::RuleText { value: 2, rule: "10.2.1.b" },
    Cell::RuleText { value: 2, rule: "10.2.1.b" },
    Cell::RuleText { value: 3, rule: "10.2.1.b" },
];
/// Wave assault: per following wave in good order, to the first charging unit's impact
/// (6.8.8.b).
pub const WAVE_IN_GOOD_ORDER: Cell<i32> = Cell::RuleText { value: -2, rule: "6.8.8.b" };
/// Wave assault: per following wave in disorder (6.8.8.b).
pub const WAVE_IN_DISORDER: Cell<i32> = Cell::RuleText { value: -1, rule: "6.8.8.b" };

#[cfg(test)]
mod tests {
    use super::super::rulebook;
    use super::*;

    fn show(c: Cell<Option<i32>>) -> String {
        match c.value() {
            Some(Some(0)) => "0".to_string(),
            Some(Some(v)) => format!("{v:+}"),
            Some(None) => "NA".to_string(),
            None => "missing".to_string(),
        }
    }

    #[test]
    fn table_18_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let text = rulebook();
        let lines: Vec<&str> = text.lines().collect();
        let start = lines.iter().position(|l| l.trim() == "Table 18. Charge Modifiers to BMP").unwrap();
        let body: Vec<Vec<&str>> = lines[start + 1..]
            .iter()
            .take_while(|l| !l.starts_with("Table 19"))
            .filter(|l| l.contains('\t'))
            .map(|l| l.split('\t').collect())
            .collect();
        let formation: Vec<&Vec<&str>> = body.iter().filter(|r| r.len() == 4 && r[0] != "Conditions").collect();
        assert_eq!(formation.len(), 5);
        for (row, data) in formation.iter().zip(FORMATION_ROWS.iter()) {
            assert_eq!(row[0], data.label);
            assert!(matches!(data.attacker, Cell::Printed(_)));
            assert_eq!(row[1], show(data.attacker));
            assert_eq!(row[2], show(data.defender));
            assert_eq!(row[3], show(data.impact));
        }
        let conditions: Vec<&Vec<&str>> = body.iter().filter(|r| r.len() == 3 && r[0] != "Conditions").collect();
        assert_eq!(conditions.len(), PRINTED_CONDITION_ROWS.len());
        for (row, printed) in conditions.iter().zip(PRINTED_CONDITION_ROWS.iter()) {
            assert_eq!((row[0], row[1], row[2]), *printed);
        }
        assert_eq!(show(CHARGING_EMPTY_GUNS.fear), "NA");
        assert_eq!(format!("{}, {}", show(CHARGING.impact), show(CHARGING_EMPTY_GUNS.impact)), "-1, -2");
        for (data, printed) in [
            NO_BAYONETS,
            CHARGED_ON_FLANK,
            CHARGED_ON_PARTIAL_FLANK,
            CHARGED_ON_REAR,
            PER_STAND_LOST,
            SHAKEN,
            IN_BEHIND_COVER,
        ]
        .iter()
        .zip(PRINTED_CONDITION_ROWS[1..].iter())
        {
            assert_eq!(data.label, printed.0);
            assert_eq!(show(data.fear), printed.1);
            assert_eq!(show(data.impact), printed.2);
        }
    }

    #[test]
    fn rule_text_rows_are_in_the_rules() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let text = rulebook();
        assert!(text.contains("it carries a +1 shock benefit in terms of a fear-of-charge modifier"));
        assert!(text.contains("it has a benefit of -2 in its favor"));
        assert!(
            text.contains("The brigade column carries a shock benefit of +2 for fear-of-charge and -4 for impact.")
        );
        assert!(text.contains("-2 to shock effect"));
        assert!(text.contains("it must add +3 to all its charge-related morale checks"));
        assert!(text.contains("The unit also suffers a +1 morale modifier if charged."));
        assert!(text.contains("4, 5\t+2, very surprised"));
        assert!(text.contains("the first charging unit gets a -2 benefit in the impact dice roll"));
    }
}
