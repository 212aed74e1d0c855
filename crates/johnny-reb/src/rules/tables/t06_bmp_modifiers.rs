//! Table 6, Modifiers to BMP (Not Charged) (2.3.4), as printed, and the further modifiers the
//! rule text gives for checks that are not charge checks (2.3.4.g: "Other modifiers ... will
//! be explained in the section for rules on Fire and Charge").
//!
//! Positive modifiers worsen morale (the roll must beat a higher MMP); negative ones improve it.
#![warn(missing_docs)]

use crate::rules::Cell;

/// The table's name as printed.
pub const TABLE: &str = "Table 6";

/// Per stand lost (2.3.4.a).
pub const PER_STAND_LOST: Cell<i32> = Cell::Printed(2);
/// Shaken (2.3.5.b).
pub const SHAKEN: Cell<i32> = Cell::Printed(2);
/// Routed (2.3.5.c).
pub const ROUTED: Cell<i32> = Cell::Printed(3);
/// In or behind cover (2.3.4.b).
pub const IN_BEHIND_COVER: Cell<i32> = Cell::Printed(-1);
/// Cover is medium works (2.3.4.b; also stone buildings, 9.3.2).
pub const MEDIUM_WORKS: Cell<i32> = Cell::Printed(-2);
/// Cover is heavy works (2.3.4.b).
pub const HEAVY_WORKS: Cell<i32> = Cell::Printed(-3);
/// Protected by own troops (2.3.4.c).
pub const PROTECTED_BY_OWN_TROOPS: Cell<i32> = Cell::Printed(-3);
/// Isolated, lines traceable to only two, one, or no friendly units (2.3.4.d).
pub const ISOLATED: [Cell<i32>; 3] = [Cell::Printed(1), Cell::Printed(2), Cell::Printed(3)];
/// Per regiment lost, same brigade (2.3.4.e).
pub const PER_REGIMENT_LOST_SAME_BRIGADE: Cell<i32> = Cell::Printed(1);

/// The printed rows: condition, rule reference, modifier as printed.
pub const PRINTED_ROWS: [(&str, &str, &str); 8] = [
    ("Per Stand Lost", "(2.3.4.a)", "+2"),
    ("Shaken", "(2.3.5.b)", "+2"),
    ("Routed", "(2.3.5.c)", "+3"),
    ("In/Behind Cover", "(2.3.4.b)", "-1"),
    ("OR If Cover is Medium, Heavy Works", "", "-2, -3"),
    ("Protected by Own Troops", "(2.3.4.c)", "-3"),
    ("Isolated", "(2.3.4.d)", "+1, 2, 3"),
    ("Per Regiment Lost, Same Brigade", "(2.3.4.e)", "+1"),
];

// Modifiers stated by the rule text, not in the transcribed Table 6.

/// Fired on full flank (4.4.3.a).
pub const FIRED_ON_FULL_FLANK: Cell<i32> = Cell::RuleText { value: 4, rule: "4.4.3.a" };
/// Fired on partial flank (4.4.3.a).
pub const FIRED_ON_PARTIAL_FLANK: Cell<i32> = Cell::RuleText { value: 2, rule: "4.4.3.a" };
/// Fired on rear (4.4.3.a); also a routed unit fired on at close range or by double canister
/// (4.4.3.b).
pub const FIRED_ON_REAR: Cell<i32> = Cell::RuleText { value: 6, rule: "4.4.3.a" };
/// Charge elan, to all morale checks of a charging unit until its charge is stopped (5.1.3).
pub const CHARGE_ELAN: Cell<i32> = Cell::RuleText { value: -1, rule: "5.1.3" };
/// Charge elan when charging with empty guns (5.1.3).
pub const CHARGE_ELAN_EMPTY_GUNS: Cell<i32> = Cell::RuleText { value: -2, rule: "5.1.3" };
/// Seeing an officer's spectacular death (8; Table 20 "+1 to morale checks").
pub const SPECTACULAR_DEATH: Cell<i32> = Cell::RuleText { value: 1, rule: "8" };
/// Detached skirmishers: 1 worse than the parent regiment (6.8.6.b).
pub const DETACHED_SKIRMISHERS: Cell<i32> = Cell::RuleText { value: 1, rule: "6.8.6.b" };
/// Merged unit: per stand attached to the regiment whose BMP is used (6.8.9.b).
pub const MERGED_PER_STAND_ATTACHED: Cell<i32> = Cell::RuleText { value: -1, rule: "6.8.9.b" };
/// Brigade column: per 20 percent of its stands lost, instead of per stand (6.8.2.d).
pub const BRIGADE_COLUMN_PER_20_PERCENT_LOST: Cell<i32> = Cell::RuleText { value: 2, rule: "6.8.2.d" };
/// Mounted infantry charging mounted: "+1 morale disadvantage" (6.7.3).
pub const MOUNTED_INFANTRY_CHARGING: Cell<i32> = Cell::RuleText { value: 1, rule: "6.7.3" };
/// Optional rule: unreasonable order given to a shaken unit that failed to rally
/// (Appendix F 2).
pub const UNREASONABLE_ORDER: Cell<i32> = Cell::RuleText { value: 3, rule: "Appendix F 2" };
/// Optional rule: an artillery hit caused by canister (Appendix F 10).
pub const CANISTER_HIT: Cell<i32> = Cell::RuleText { value: 1, rule: "Appendix F 10" };

#[cfg(test)]
mod tests {
    use super::super::rulebook;
    use super::*;

    #[test]
    fn table_6_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let text = rulebook();
        let lines: Vec<&str> = text.lines().collect();
        let start = lines.iter().position(|l| l.trim() == "Table 6. Modifiers to BMP (Not Charged)").unwrap();
        let rows: Vec<Vec<&str>> = lines[start + 1..]
            .iter()
            .take_while(|l| !l.starts_with("Table 7"))
            .filter(|l| l.contains('\t') && !l.starts_with("Condition of Unit"))
            .map(|l| l.split('\t').collect())
            .collect();
        assert_eq!(rows.len(), 8);
        for (row, printed) in rows.iter().zip(PRINTED_ROWS.iter()) {
            assert_eq!(row[0], printed.0);
            assert_eq!(row[1], printed.1);
            assert_eq!(row[2], printed.2);
        }
        // The typed values agree with the printed strings.
        let v = |c: Cell<i32>| *c.value().unwrap();
        assert_eq!(format!("{:+}", v(PER_STAND_LOST)), PRINTED_ROWS[0].2);
        assert_eq!(format!("{:+}", v(SHAKEN)), PRINTED_ROWS[1].2);
        assert_eq!(format!("{:+}", v(ROUTED)), PRINTED_ROWS[2].2);
        assert_eq!(format!("{:+}", v(IN_BEHIND_COVER)), PRINTED_ROWS[3].2);
        assert_eq!(format!("{}, {}", v(MEDIUM_WORKS), v(HEAVY_WORKS)), PRINTED_ROWS[4].2);
        assert_eq!(format!("{:+}", v(PROTECTED_BY_OWN_TROOPS)), PRINTED_ROWS[5].2);
        assert_eq!(format!("{:+}, {}, {}", v(ISOLATED[0]), v(ISOLATED[1]), v(ISOLATED[2])), PRINTED_ROWS[6].2);
        assert_eq!(format!("{:+}", v(PER_REGIMENT_LOST_SAME_BRIGADE)), PRINTED_ROWS[7].2);
    }

    #[test]
    fn rule_text_modifiers_are_in_the_rules() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let text = rulebook();
        assert!(text.contains("Full flank fire causes a +4 modifier and Partial flank fire causes a +2 modifier"));
        assert!(text.contains("it causes a +6 morale modifier"));
        assert!(text.contains("charge elan morale modifier of -1"));
        assert!(text.contains("improved to -2"));
        assert!(text.contains("Their morale is 1 worse than that of the parent regiment"));
        assert!(text.contains("Modify the morale by -1 for each stand attached"));
        assert!(text.contains("with +2 per 20 percent morale penalty"));
        assert!(text.contains("charges in disorder with a +1 morale disadvantage"));
        assert!(text.contains("additional +3 modifier for Unreasonable Order"));
        assert!(text.contains("the resultant morale check uses a +1 modifier"));
        assert!(text.contains("use an additional +1 modifier per Table 6"));
    }
}
