//! Table 4, Summary Movement Conditions, and the forced rout distances of rule 2.1.2.
//!
//! Table 4 prints the disengage bonus (6.5.8), the charge bonus dice (5.3.2) and the costs of
//! the manoeuvres of rule 6.5. The forced rout dice (2.1.2) are stated in the rule text.

#![warn(missing_docs)]

use crate::rules::{Cell, Ratio};
use serde::{Deserialize, Serialize};

/// The table's name as printed on the card.
pub const TABLE: &str = "Table 4";

/// The terrain the bonus or retreat passes through (Table 4; 2.1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Path {
    /// Along a road.
    Road,
    /// Through open terrain.
    Open,
    /// Through broken terrain.
    Broken,
    /// Through rough terrain.
    Rough,
}

impl Path {
    /// Every path, in card order.
    pub const ALL: [Path; 4] = [Path::Road, Path::Open, Path::Broken, Path::Rough];

    /// The label as printed.
    pub fn label(self) -> &'static str {
        match self {
            Path::Road => "Road",
            Path::Open => "Open",
            Path::Broken => "Broken",
            Path::Rough => "Rough",
        }
    }

    /// One level worse (Appendix F.15, night: open is treated as broken, broken as rough,
    /// never worse than rough). A road stays a road: the rule names only open and broken.
    pub fn one_level_worse(self) -> Path {
        match self {
            Path::Road => Path::Road,
            Path::Open => Path::Broken,
            Path::Broken | Path::Rough => Path::Rough,
        }
    }
}

/// Disengage bonus in inches (Table 4, 6.5.8): road 5" for infantry and cavalry, 4" for
/// artillery; open 4"; broken 3"; rough 2".
///
/// ```
/// use johnny_reb::rules::tables::t04_movement_conditions::{disengage_bonus, Path};
/// use johnny_reb::rules::{Cell, Ratio};
/// assert_eq!(disengage_bonus(Path::Road, true), Cell::Printed(Ratio::whole(4)));
/// ```
pub fn disengage_bonus(path: Path, artillery: bool) -> Cell<Ratio> {
    let inches = match (path, artillery) {
        (Path::Road, false) => 5,
        (Path::Road, true) => 4,
        (Path::Open, _) => 4,
        (Path::Broken, _) => 3,
        (Path::Rough, _) => 2,
    };
    Cell::Printed(Ratio::whole(inches))
}

/// Number of dice for the optional charge bonus move (Table 4, 5.3.2): road 4, open 3,
/// broken 2, rough 1.
///
/// ```
/// use johnny_reb::rules::tables::t04_movement_conditions::{charge_bonus_dice, Path};
/// assert_eq!(charge_bonus_dice(Path::Open).value(), Some(&3));
/// ```
pub fn charge_bonus_dice(path: Path) -> Cell<u8> {
    Cell::Printed(match path {
        Path::Road => 4,
        Path::Open => 3,
        Path::Broken => 2,
        Path::Rough => 1,
    })
}

/// Number of dice for a forced rout (2.1.2): road 4, open 3, broken 2, rough 1. The sum is
/// the inches the unit must move at once.
///
/// ```
/// use johnny_reb::rules::tables::t04_movement_conditions::{forced_rout_dice, Path};
/// assert_eq!(forced_rout_dice(Path::Road).value(), Some(&4));
/// ```
pub fn forced_rout_dice(path: Path) -> Cell<u8> {
    // Table 7 prints the dice ("Retreated Movement"); it is their one home.
    crate::rules::tables::t07_morale_results::RETREAT_DICE
        .iter()
        .find(|(label, _)| *label == path.label())
        .and_then(|(_, n)| u8::try_from(*n).ok())
        .map_or(Cell::Missing, Cell::Printed)
}

/// Front-to-flank cost in inches, regardless of terrain (Table 4, 6.5.5).
pub const FRONT_TO_FLANK_COST: Cell<Ratio> = Cell::Printed(Ratio::whole(2));

/// Wheel cost under 45 degrees (6.5.3; Table 4's summary does not repeat it).
pub const WHEEL_UNDER_45_COST: Cell<Ratio> = Cell::RuleText { value: Ratio::whole(1), rule: "6.5.3" };

/// Wheel cost at 45 degrees or more (6.5.3).
pub const WHEEL_45_OR_MORE_COST: Cell<Ratio> = Cell::RuleText { value: Ratio::whole(2), rule: "6.5.3" };

/// About face, moving backwards still facing the front: half the move distance (Table 4,
/// 6.5.6).
pub const BACKWARDS_FACING_FRONT: Cell<Ratio> = Cell::Printed(Ratio::HALF);

/// Temporary stop of a charge, inches short of the charged unit (Table 4, 5.3.4).
pub const CHARGE_TEMPORARY_STOP: Cell<Ratio> = Cell::Printed(Ratio::whole(3));

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::tables::rulebook;

    fn table(book: &str) -> &str {
        let start = book.rfind("\nTable 4. Summary Movement Conditions\n").unwrap();
        let end = book[start..].find("Table 5.").unwrap() + start;
        &book[start..end]
    }

    #[test]
    fn printed_values_match_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let book = rulebook();
        let t = table(&book);
        assert!(t.contains("• Road: 5\" (inf., cav.); 4\" (art)"));
        let disengage = &t[t.find("Disengage D").unwrap()..t.find("Change Formation FM").unwrap()];
        for path in [Path::Open, Path::Broken, Path::Rough] {
            let v = disengage_bonus(path, false).value().copied().unwrap();
            assert!(disengage.contains(&format!("• {}: {}\"", path.label(), v)), "{path:?}");
            assert_eq!(disengage_bonus(path, true), disengage_bonus(path, false));
        }
        assert_eq!(disengage_bonus(Path::Road, false), Cell::Printed(Ratio::whole(5)));
        let charge = &t[t.find("Charge C").unwrap()..t.find("Temporary stop").unwrap()];
        for path in Path::ALL {
            let n = *charge_bonus_dice(path).value().unwrap();
            let word = if n == 1 { "die" } else { "dice" };
            assert!(charge.contains(&format!("• {}: {} {}", path.label(), n, word)), "{path:?}");
        }
        assert!(t.contains("Deduct 2\" from move distance allowed. (6.5.5)"));
        assert!(t.contains("deduct half of move distance allowed"));
        assert!(t.contains("Temporary stop 3\" from charged unit."));
    }

    #[test]
    fn forced_rout_dice_match_rule_2_1_2() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let book = rulebook();
        for (path, text) in [
            (Path::Road, "• Along Road: Roll 4 dice."),
            (Path::Open, "• Through Open Terrain: Roll 3 dice."),
            (Path::Broken, "• Through Broken Terrain: Roll 2 dice."),
            (Path::Rough, "• Through Rough Terrain: Roll 1 die."),
        ] {
            assert!(book.contains(text));
            let n = *forced_rout_dice(path).value().unwrap();
            assert!(text.contains(&format!("Roll {n} di")));
        }
        assert!(book.contains("subtract 1\" from the unit's move allowance if the wheel is under 45 degrees, or 2\" if the wheel is 45 degrees or more"));
    }
}
