//! Appendix E, Observation Balloons: the observer's radius by time of day and the die rolls
//! that make the opponent tell whether a hidden movement counter is real or a dummy.
#![warn(missing_docs)]

use crate::rules::{Cell, Ratio};

/// The appendix's name as printed.
pub const TABLE: &str = "Appendix E";

/// The observer's unobstructed sight, in inches: 3' at early morning and late evening.
pub const RADIUS_MORNING_EVENING: Cell<Ratio> = Cell::RuleText { value: Ratio::whole(36), rule: "Appendix E" };

/// The observer's unobstructed sight, in inches: 5' at midday.
pub const RADIUS_MIDDAY: Cell<Ratio> = Cell::RuleText { value: Ratio::whole(60), rule: "Appendix E" };

/// (where the marker is, as printed; the highest face that makes the opponent report), in the
/// printed order: open 1-4, light woods 1-2, heavy woods 1.
pub const REPORT_AT_MOST: [(&str, u8); 3] =
    [("Marker in the Open", 4), ("Marker in Light Woods", 2), ("Marker in Heavy Woods", 1)];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_printed_value_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let book = crate::rules::tables::rulebook();
        let start = book.find("Appendix E: Observation Balloons").unwrap();
        let end = book.find("Appendix F: Optional Rules").unwrap();
        let e = &book[start..end];
        for (label, most) in REPORT_AT_MOST {
            let faces: Vec<String> = (1..=most).map(|f| f.to_string()).collect();
            assert!(e.contains(&format!("• {label}: Roll {}", faces.join(", "))), "{label}");
        }
        assert!(e.contains("a distance of 3' at early morning and late evening, and of 5' at midday"));
        assert_eq!(
            (RADIUS_MORNING_EVENING.value(), RADIUS_MIDDAY.value()),
            (Some(&Ratio::whole(36)), Some(&Ratio::whole(60)))
        );
    }
}
