//! Table 20, Officer Casualty (rule 8): dice by proximity, and the effect of a hit.

#![warn(missing_docs)]

use crate::rules::{Cell, Ratio};
use serde::{Deserialize, Serialize};

/// The table's name as printed on the card.
pub const TABLE: &str = "Table 20";

/// One distance row: at `min_inches` or more, throw `dice` and the officer is hit on any
/// total in `hit_on`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DistanceRow {
    /// The row label as printed ("24\" or More", "Under 2\"").
    pub label: &'static str,
    /// The least distance of the row in inches (zero for "Under 2\"").
    pub min_inches: Ratio,
    /// Dice thrown.
    pub dice: u8,
    /// Totals that hit.
    pub hit_on: &'static [u32],
}

/// The rows, farthest first, as printed.
pub const ROWS: [Cell<DistanceRow>; 5] = [
    Cell::Printed(DistanceRow { label: "24\" or More", min_inches: Ratio::whole(24), dice: 4, hit_on: &[24] }),
    Cell::Printed(DistanceRow { label: "12\" or More", min_inches: Ratio::whole(12), dice: 3, hit_on: &[18] }),
    Cell::Printed(DistanceRow { label: "6\" or More", min_inches: Ratio::whole(6), dice: 2, hit_on: &[12] }),
    Cell::Printed(DistanceRow { label: "2\" or More", min_inches: Ratio::whole(2), dice: 1, hit_on: &[6] }),
    Cell::Printed(DistanceRow { label: "Under 2\"", min_inches: Ratio::ZERO, dice: 1, hit_on: &[5, 6] }),
];

/// What a hit does to the officer (rule 8; the effect die of Table 20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CasualtyEffect {
    /// 1: cannot give any benefits or move for one turn.
    Stunned,
    /// 2, 3: no benefits for the rest of the game; moved to the rear of the army.
    LightWound,
    /// 4, 5: removed from the game.
    SevereWound,
    /// 6: removed; units seeing it use an additional +1 on their morale check (Table 6).
    SpectacularDeath,
}

impl CasualtyEffect {
    /// Every effect, in card order.
    pub const ALL: [CasualtyEffect; 4] = [
        CasualtyEffect::Stunned,
        CasualtyEffect::LightWound,
        CasualtyEffect::SevereWound,
        CasualtyEffect::SpectacularDeath,
    ];

    /// The result as printed.
    pub fn label(self) -> &'static str {
        match self {
            CasualtyEffect::Stunned => "Stunned",
            CasualtyEffect::LightWound => "Light Wound",
            CasualtyEffect::SevereWound => "Severe Wound",
            CasualtyEffect::SpectacularDeath => "Spectacular Death",
        }
    }

    /// The effect as printed on the card.
    pub fn effect_text(self) -> &'static str {
        match self {
            CasualtyEffect::Stunned => "No benefits, one turn.",
            CasualtyEffect::LightWound => "No benefits rest of game.",
            CasualtyEffect::SevereWound => "Remove from the game.",
            CasualtyEffect::SpectacularDeath => "Remove. +1 to morale checks.",
        }
    }
}

/// The effect rows: the die faces of each result.
pub const EFFECTS: [Cell<(&[u8], CasualtyEffect)>; 4] = [
    Cell::Printed((&[1], CasualtyEffect::Stunned)),
    Cell::Printed((&[2, 3], CasualtyEffect::LightWound)),
    Cell::Printed((&[4, 5], CasualtyEffect::SevereWound)),
    Cell::Printed((&[6], CasualtyEffect::SpectacularDeath)),
];

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::tables::rulebook;

    #[test]
    fn printed_values_match_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let book = rulebook();
        let start = book.rfind("\nTable 20. Officer Casualty\n").unwrap();
        let t = &book[start..];
        for row in ROWS {
            let r = row.value().unwrap();
            let hits: Vec<String> = r.hit_on.iter().map(|h| h.to_string()).collect();
            let line = format!("{}\t{}\t{}", r.label, r.dice, hits.join(", "));
            assert!(t.contains(&line), "{line}");
        }
        for cell in EFFECTS {
            let (faces, effect) = cell.value().unwrap();
            let faces: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
            let line = format!("{}\t{}\t{}", faces.join(", "), effect.label(), effect.effect_text());
            assert!(t.contains(&line), "{line}");
        }
    }
}
