//! Command integrity (rule 11): the command value of 11.1 and the integrity levels of 11.2.
//!
//! A command that has lost 40 percent of its points (30 if apathetic, 50 if determined) ceases
//! offensive activity from the next turn; at 60 percent (50, 70) it retires from the field.

#![warn(missing_docs)]

use crate::rules::{Cell, RuleError, RuleResult};
use serde::{Deserialize, Serialize};

/// The elements that make a command's value (11.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ElementKind {
    /// A regiment or battalion: 2 points.
    Regiment,
    /// A gun section: 1 point.
    GunSection,
    /// A brigade officer: 3 points.
    BrigadeOfficer,
    /// A divisional officer: 5 points.
    DivisionalOfficer,
}

impl ElementKind {
    /// The points of the element (11.1). A scenario may give an officer other points for his
    /// quality; see [`Element::points`].
    pub fn points(self) -> Cell<u32> {
        let v = match self {
            ElementKind::Regiment => 2,
            ElementKind::GunSection => 1,
            ElementKind::BrigadeOfficer => 3,
            ElementKind::DivisionalOfficer => 5,
        };
        Cell::RuleText { value: v, rule: "11.1" }
    }
}

/// One element of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Element {
    /// What it is.
    pub kind: ElementKind,
    /// The scenario's own value for it, if it differs (11.1 note).
    pub scenario_points: Option<u32>,
    /// Lost (11.2): a regiment when all its stands are removed (a merge is not a loss); a gun
    /// section when its gun is captured or removed; an officer when removed from the board.
    pub lost: bool,
}

impl Element {
    /// Its points: the scenario's value, else 11.1's.
    pub fn points(&self) -> u32 {
        self.scenario_points.unwrap_or_else(|| self.kind.points().value().copied().unwrap_or(0))
    }
}

/// A command's stance, which sets its integrity levels (11.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stance {
    /// 40 and 60 percent.
    #[default]
    Normal,
    /// 30 and 50 percent (e.g. Sigel at New Market).
    Apathetic,
    /// 50 and 70 percent (e.g. Jackson in the Valley).
    Determined,
}

/// The two integrity levels of a stance, in percent of the command value: (cease offensive
/// activity, retire from field).
///
/// ```
/// use johnny_reb::rules::command_integrity::{integrity_levels, Stance};
/// let (cease, retire) = integrity_levels(Stance::Determined);
/// assert_eq!((cease.value(), retire.value()), (Some(&50), Some(&70)));
/// ```
pub fn integrity_levels(stance: Stance) -> (Cell<u32>, Cell<u32>) {
    let (a, b) = match stance {
        Stance::Normal => (40, 60),
        Stance::Apathetic => (30, 50),
        Stance::Determined => (50, 70),
    };
    (Cell::RuleText { value: a, rule: "11.2" }, Cell::RuleText { value: b, rule: "11.2" })
}

/// How far a command's integrity has fallen (11.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum IntegrityLevel {
    /// Fighting: no restriction.
    #[default]
    Fighting,
    /// Cease offensive activity: no unit may advance or charge against the enemy to a position
    /// not already occupied by friendly non-officer units; an isolated unit may advance (not
    /// charge) in an obvious attempt to rejoin the main force.
    CeaseOffensive,
    /// Retire from the field: every unit moves to increase its distance from every enemy unit
    /// until it leaves the table.
    RetireFromField,
}

/// A command's value and losses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Integrity {
    /// The total points of the command (11.1).
    pub value: u32,
    /// The points of its lost elements.
    pub lost: u32,
    /// The level reached.
    pub level: IntegrityLevel,
    /// Points that may still be lost before the next level (`None` at the last).
    pub points_to_next_level: Option<u32>,
}

/// The command value and the level reached (11.1, 11.2). The level is reached when the lost
/// points are at least the percentage of the value; its restrictions apply from the turn after
/// ([`level_in_force`]).
///
/// ```
/// use johnny_reb::rules::command_integrity::{integrity, Element, ElementKind, IntegrityLevel, Stance};
/// let reg = |lost| Element { kind: ElementKind::Regiment, scenario_points: None, lost };
/// // Five regiments and a brigadier: 13 points. Two regiments lost: 4 points, under 40 percent.
/// let c = [reg(true), reg(true), reg(false), reg(false), reg(false),
///          Element { kind: ElementKind::BrigadeOfficer, scenario_points: None, lost: false }];
/// let i = integrity(&c, Stance::Normal).unwrap();
/// assert_eq!((i.value, i.lost, i.level), (13, 4, IntegrityLevel::Fighting));
/// assert_eq!(i.points_to_next_level, Some(2));
/// ```
pub fn integrity(elements: &[Element], stance: Stance) -> RuleResult<Integrity> {
    let value: u32 = elements.iter().map(Element::points).fold(0u32, u32::saturating_add);
    let lost: u32 = elements.iter().filter(|e| e.lost).map(Element::points).fold(0u32, u32::saturating_add);
    if value == 0 {
        return Err(RuleError::OutOfRange {
            what: "command",
            detail: "a command with no points has no integrity".into(),
        });
    }
    let (cease, retire) = integrity_levels(stance);
    let cease = cease.value().copied().unwrap_or(40);
    let retire = retire.value().copied().unwrap_or(60);
    // Points needed to reach `pct` percent of the value: the least n with n * 100 >= pct * value.
    let needed = |pct: u32| -> u32 { ((pct as u64 * value as u64).div_ceil(100)) as u32 };
    let reached = |pct: u32| lost as u64 * 100 >= pct as u64 * value as u64;
    let level = if reached(retire) {
        IntegrityLevel::RetireFromField
    } else if reached(cease) {
        IntegrityLevel::CeaseOffensive
    } else {
        IntegrityLevel::Fighting
    };
    let points_to_next_level = match level {
        IntegrityLevel::Fighting => Some(needed(cease).saturating_sub(lost)),
        IntegrityLevel::CeaseOffensive => Some(needed(retire).saturating_sub(lost)),
        IntegrityLevel::RetireFromField => None,
    };
    Ok(Integrity { value, lost, level, points_to_next_level })
}

/// The level in force on `turn`, for a level first reached on `reached_on_turn`: "beginning on
/// the turn after" (11.2). Before that the command still fights.
///
/// ```
/// use johnny_reb::rules::command_integrity::{level_in_force, IntegrityLevel};
/// assert_eq!(level_in_force(IntegrityLevel::RetireFromField, 6, 6), IntegrityLevel::Fighting);
/// assert_eq!(level_in_force(IntegrityLevel::RetireFromField, 6, 7), IntegrityLevel::RetireFromField);
/// ```
pub fn level_in_force(level: IntegrityLevel, reached_on_turn: u32, turn: u32) -> IntegrityLevel {
    if turn > reached_on_turn { level } else { IntegrityLevel::Fighting }
}

/// Whether a unit of a command at `level` may make this move (11.2).
///
/// `toward_enemy`: it advances (or charges) against the enemy; `charge`: it is a charge;
/// `into_friendly_position`: it ends only where friendly non-officer units already stand;
/// `isolated_rejoining`: an isolated unit obviously moving to rejoin the main force;
/// `increases_distance`: the move takes it farther from every enemy unit.
///
/// ```
/// use johnny_reb::rules::command_integrity::{move_permitted, IntegrityLevel};
/// // An isolated unit may advance, not charge, to rejoin the main force.
/// assert!(move_permitted(IntegrityLevel::CeaseOffensive, true, false, false, true, false));
/// assert!(!move_permitted(IntegrityLevel::CeaseOffensive, true, true, false, true, false));
/// ```
pub fn move_permitted(
    level: IntegrityLevel,
    toward_enemy: bool,
    charge: bool,
    into_friendly_position: bool,
    isolated_rejoining: bool,
    increases_distance: bool,
) -> bool {
    match level {
        IntegrityLevel::Fighting => true,
        IntegrityLevel::CeaseOffensive => {
            if charge {
                false
            } else {
                !toward_enemy || into_friendly_position || isolated_rejoining
            }
        }
        IntegrityLevel::RetireFromField => !charge && increases_distance,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn el(kind: ElementKind, lost: bool) -> Element {
        Element { kind, scenario_points: None, lost }
    }

    #[test]
    fn rule_11_1_command_values() {
        assert_eq!(el(ElementKind::Regiment, false).points(), 2);
        assert_eq!(el(ElementKind::GunSection, false).points(), 1);
        assert_eq!(el(ElementKind::BrigadeOfficer, false).points(), 3);
        assert_eq!(el(ElementKind::DivisionalOfficer, false).points(), 5);
        let special = Element { kind: ElementKind::BrigadeOfficer, scenario_points: Some(4), lost: false };
        assert_eq!(special.points(), 4);
    }

    #[test]
    fn rule_11_2_levels_by_stance() {
        // Ten points: four regiments and two guns.
        let mut c = vec![el(ElementKind::Regiment, false); 4];
        c.extend([el(ElementKind::GunSection, false); 2]);
        c[0].lost = true; // 2 points: 20 percent
        assert_eq!(integrity(&c, Stance::Normal).unwrap().level, IntegrityLevel::Fighting);
        c[4].lost = true; // 3 points: 30 percent
        assert_eq!(integrity(&c, Stance::Normal).unwrap().level, IntegrityLevel::Fighting);
        assert_eq!(integrity(&c, Stance::Apathetic).unwrap().level, IntegrityLevel::CeaseOffensive);
        c[5].lost = true; // 4 points: 40 percent
        assert_eq!(integrity(&c, Stance::Normal).unwrap().level, IntegrityLevel::CeaseOffensive);
        assert_eq!(integrity(&c, Stance::Determined).unwrap().level, IntegrityLevel::Fighting);
        c[1].lost = true; // 6 points: 60 percent
        assert_eq!(integrity(&c, Stance::Normal).unwrap().level, IntegrityLevel::RetireFromField);
        assert_eq!(integrity(&c, Stance::Apathetic).unwrap().level, IntegrityLevel::RetireFromField);
        assert_eq!(integrity(&c, Stance::Determined).unwrap().level, IntegrityLevel::CeaseOffensive);
        assert!(integrity(&[], Stance::Normal).is_err());
    }

    #[test]
    fn rule_11_2_restrictions_begin_the_turn_after() {
        assert_eq!(level_in_force(IntegrityLevel::CeaseOffensive, 5, 5), IntegrityLevel::Fighting);
        assert_eq!(level_in_force(IntegrityLevel::CeaseOffensive, 5, 6), IntegrityLevel::CeaseOffensive);
        assert!(!move_permitted(IntegrityLevel::CeaseOffensive, true, false, false, false, false));
        assert!(move_permitted(IntegrityLevel::CeaseOffensive, true, false, false, true, false));
        assert!(!move_permitted(IntegrityLevel::CeaseOffensive, true, true, false, true, false));
        assert!(move_permitted(IntegrityLevel::CeaseOffensive, true, false, true, false, false));
        assert!(!move_permitted(IntegrityLevel::RetireFromField, false, false, false, false, false));
        assert!(move_permitted(IntegrityLevel::RetireFromField, false, false, false, false, true));
    }

    proptest! {
        #[test]
        fn losing_more_never_raises_integrity(n in 1usize..12, a in 0usize..12, b in 0usize..12) {
            let (few, many) = if a <= b { (a, b) } else { (b, a) };
            let make = |lost: usize| -> Vec<Element> {
                (0..n).map(|i| el(ElementKind::Regiment, i < lost)).collect()
            };
            for stance in [Stance::Normal, Stance::Apathetic, Stance::Determined] {
                let l1 = integrity(&make(few), stance).unwrap().level;
                let l2 = integrity(&make(many), stance).unwrap().level;
                prop_assert!(l1 <= l2);
            }
        }
    }
}
