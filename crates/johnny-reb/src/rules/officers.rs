//! Phase Eight: Officer Casualties (rule 8, Table 20), officers' standing after a hit, and the
//! replacement brigadier of Appendix F.1.
//!
//! The distance is the closest the officer, or the unit he assisted, came to a non-routed,
//! non-disengaging enemy unit at any time during the turn (8, note to Table 20). An officer
//! used for a melee strength modifier rolls too (5.8.2), at contact: the "Under 2\"" row.

#![warn(missing_docs)]

use crate::rules::movement::cmp_inches;
use crate::rules::tables::t20_officer_casualty::{self as t20, CasualtyEffect, DistanceRow};
use crate::rules::{Cell, Chance, Die, Distribution, Ratio, RuleError, RuleResult};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// The Table 20 row for the officer's closest distance to the enemy, in inches.
///
/// ```
/// use johnny_reb::rules::officers::casualty_row;
/// use johnny_reb::rules::Ratio;
/// assert_eq!(casualty_row(Ratio::whole(12)).dice, 3);
/// assert_eq!(casualty_row(Ratio::new(3, 2).unwrap()).hit_on, &[5, 6]);
/// ```
pub fn casualty_row(distance: Ratio) -> DistanceRow {
    let mut last = None;
    for cell in t20::ROWS {
        if let Some(row) = cell.value() {
            last = Some(*row);
            if cmp_inches(distance, row.min_inches) != Ordering::Less {
                return *row;
            }
        }
    }
    // The last row starts at zero, so every distance finds a row; this is only a fallback.
    last.unwrap_or(DistanceRow { label: "Under 2\"", min_inches: Ratio::ZERO, dice: 1, hit_on: &[5, 6] })
}

/// Whether the officer is hit (rule 8, Table 20): throw the row's number of dice; the officer
/// is hit when the total is one the row lists. The dice must be exactly that many.
///
/// ```
/// use johnny_reb::rules::officers::is_hit;
/// use johnny_reb::rules::{Die, Ratio};
/// let six = Die::new(6).unwrap();
/// assert!(is_hit(Ratio::whole(7), &[six, six]).unwrap());
/// assert!(!is_hit(Ratio::whole(7), &[six, Die::new(5).unwrap()]).unwrap());
/// assert!(is_hit(Ratio::whole(7), &[six]).is_err());
/// ```
pub fn is_hit(distance: Ratio, dice: &[Die]) -> RuleResult<bool> {
    let row = casualty_row(distance);
    if dice.len() != row.dice as usize {
        return Err(RuleError::OutOfRange {
            what: "dice",
            detail: format!(
                "an officer {} from the enemy rolls {} dice (Table 20), not {}",
                row.label,
                row.dice,
                dice.len()
            ),
        });
    }
    let total: u32 = dice.iter().map(|d| d.face() as u32).sum();
    Ok(row.hit_on.contains(&total))
}

/// The exact chance the officer is hit at this distance, before the roll: 1/1296 at 24" or
/// more, 1/216 at 12", 1/36 at 6", 1/6 at 2", 1/3 under 2".
///
/// ```
/// use johnny_reb::rules::officers::hit_chance;
/// use johnny_reb::rules::{Chance, Ratio};
/// assert_eq!(hit_chance(Ratio::whole(30)), Chance::new(1, 1296));
/// assert_eq!(hit_chance(Ratio::ZERO), Chance::new(1, 3));
/// ```
pub fn hit_chance(distance: Ratio) -> Chance {
    let row = casualty_row(distance);
    let hits = row.hit_on;
    Distribution::of_dice_total(row.dice as usize, |t| hits.contains(&t)).chance_of(&true)
}

/// The effect of a hit, on one die (Table 20).
///
/// ```
/// use johnny_reb::rules::officers::casualty_effect;
/// use johnny_reb::rules::tables::t20_officer_casualty::CasualtyEffect;
/// use johnny_reb::rules::Die;
/// assert_eq!(casualty_effect(Die::new(3).unwrap()), CasualtyEffect::LightWound);
/// ```
pub fn casualty_effect(die: Die) -> CasualtyEffect {
    for cell in t20::EFFECTS {
        if let Some((faces, effect)) = cell.value()
            && faces.contains(&die.face())
        {
            return *effect;
        }
    }
    CasualtyEffect::SpectacularDeath
}

/// What can become of an officer in Phase Eight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OfficerFate {
    /// Not hit.
    Unhurt,
    /// Hit, with this effect.
    Hit(CasualtyEffect),
}

/// The exact odds of every fate at this distance: the hit chance times the effect die.
///
/// ```
/// use johnny_reb::rules::officers::{fate_odds, OfficerFate};
/// use johnny_reb::rules::tables::t20_officer_casualty::CasualtyEffect;
/// use johnny_reb::rules::{Chance, Ratio};
/// let d = fate_odds(Ratio::ZERO);
/// assert_eq!(d.chance_of(&OfficerFate::Hit(CasualtyEffect::SpectacularDeath)), Chance::new(1, 18));
/// ```
pub fn fate_odds(distance: Ratio) -> Distribution<OfficerFate> {
    let hit = hit_chance(distance);
    let mut items = vec![(OfficerFate::Unhurt, hit.complement())];
    for face in Die::FACES {
        items.push((OfficerFate::Hit(casualty_effect(face)), hit.times(Chance::new(1, 6))));
    }
    Distribution::from_weighted(items)
}

/// The exact odds of each effect once hit.
///
/// ```
/// use johnny_reb::rules::officers::effect_odds;
/// use johnny_reb::rules::tables::t20_officer_casualty::CasualtyEffect;
/// use johnny_reb::rules::Chance;
/// assert_eq!(effect_odds().chance_of(&CasualtyEffect::SevereWound), Chance::new(1, 3));
/// ```
pub fn effect_odds() -> Distribution<CasualtyEffect> {
    Distribution::of_die(casualty_effect)
}

/// An officer's standing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OfficerStatus {
    /// Gives benefits and moves.
    Active,
    /// Stunned in `turn`: no benefits and no movement during the next turn (8: "for one turn").
    Stunned {
        /// The turn he was hit.
        turn: u32,
    },
    /// Lightly wounded: no benefits for the rest of the game, moved to the rear of the army.
    LightlyWounded,
    /// Removed from the game (severe wound or spectacular death).
    Removed,
}

impl OfficerStatus {
    /// Whether he may give leadership benefits in `turn`.
    pub fn gives_benefits(self, turn: u32) -> bool {
        match self {
            OfficerStatus::Active => true,
            OfficerStatus::Stunned { turn: hit } => turn > hit.saturating_add(1),
            OfficerStatus::LightlyWounded | OfficerStatus::Removed => false,
        }
    }

    /// Whether he may move in `turn` (a lightly wounded officer stays in the game at the rear).
    pub fn moves(self, turn: u32) -> bool {
        match self {
            OfficerStatus::Stunned { turn: hit } => turn > hit.saturating_add(1),
            OfficerStatus::Removed => false,
            _ => true,
        }
    }
}

/// What a hit in `turn` does (rule 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CasualtyConsequences {
    /// The officer's new standing.
    pub status: OfficerStatus,
    /// He is moved to the rear of the army, near the table edge.
    pub moved_to_rear: bool,
    /// Friendly units that saw it check morale, as for seeing a rout (8; Table 2, no. 10),
    /// whatever its severity.
    pub seers_check_morale: bool,
    /// The extra modifier on those checks (spectacular death: +1, Table 6), for the morale
    /// engineer's check.
    pub seers_extra_modifier: Option<Cell<i8>>,
}

/// The consequences of a hit with `effect` in `turn`.
///
/// ```
/// use johnny_reb::rules::officers::{consequences, OfficerStatus};
/// use johnny_reb::rules::tables::t20_officer_casualty::CasualtyEffect;
/// let c = consequences(CasualtyEffect::Stunned, 4);
/// assert!(!c.status.gives_benefits(5));
/// assert!(c.status.gives_benefits(6));
/// ```
pub fn consequences(effect: CasualtyEffect, turn: u32) -> CasualtyConsequences {
    let (status, moved_to_rear, extra) = match effect {
        CasualtyEffect::Stunned => (OfficerStatus::Stunned { turn }, false, None),
        CasualtyEffect::LightWound => (OfficerStatus::LightlyWounded, true, None),
        CasualtyEffect::SevereWound => (OfficerStatus::Removed, false, None),
        CasualtyEffect::SpectacularDeath => (OfficerStatus::Removed, false, Some(Cell::Printed(1))),
    };
    CasualtyConsequences { status, moved_to_rear, seers_check_morale: true, seers_extra_modifier: extra }
}

/// A brigadier's experience (Appendix F.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Experience {
    /// Three orders a turn.
    Superior,
    /// Two orders a turn.
    Average,
    /// One order a turn.
    Poor,
}

/// The experience of a replacement brigadier (Appendix F.1): 1 superior, 2-4 average, 5-6
/// poor. He joins his regiment at the end of the next officer casualties phase.
///
/// ```
/// use johnny_reb::rules::officers::{replacement_experience, Experience};
/// use johnny_reb::rules::Die;
/// assert_eq!(replacement_experience(Die::new(3).unwrap()), Experience::Average);
/// ```
pub fn replacement_experience(die: Die) -> Experience {
    match die.face() {
        1 => Experience::Superior,
        2..=4 => Experience::Average,
        _ => Experience::Poor,
    }
}

/// The exact odds of a replacement brigadier's experience.
pub fn replacement_experience_odds() -> Distribution<Experience> {
    Distribution::of_die(replacement_experience)
}

/// The turn a replacement brigadier is placed: at the end of the next turn's officer
/// casualties phase (Appendix F.1 example: killed on turn 3, placed at the end of Phase Eight
/// of turn 4).
///
/// ```
/// use johnny_reb::rules::officers::replacement_turn;
/// assert_eq!(replacement_turn(3), 4);
/// ```
pub fn replacement_turn(turn_killed: u32) -> u32 {
    turn_killed.saturating_add(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn w(n: u32) -> Ratio {
        Ratio::whole(n)
    }

    #[test]
    fn rule_8_table_20_rows_by_distance() {
        assert_eq!(casualty_row(w(24)).dice, 4);
        assert_eq!(casualty_row(Ratio::new(47, 2).unwrap()).dice, 3);
        assert_eq!(casualty_row(w(6)).hit_on, &[12]);
        assert_eq!(casualty_row(Ratio::new(11, 2).unwrap()).dice, 1);
        assert_eq!(casualty_row(w(2)).hit_on, &[6]);
        assert_eq!(casualty_row(Ratio::new(19, 10).unwrap()).hit_on, &[5, 6]);
    }

    #[test]
    fn rule_8_exact_hit_odds() {
        assert_eq!(hit_chance(w(24)), Chance::new(1, 1296));
        assert_eq!(hit_chance(w(12)), Chance::new(1, 216));
        assert_eq!(hit_chance(w(6)), Chance::new(1, 36));
        assert_eq!(hit_chance(w(2)), Chance::new(1, 6));
        assert_eq!(hit_chance(w(1)), Chance::new(1, 3));
    }

    #[test]
    fn rule_8_effects() {
        let e = |f| casualty_effect(Die::new(f).unwrap());
        assert_eq!(e(1), CasualtyEffect::Stunned);
        assert_eq!(e(2), CasualtyEffect::LightWound);
        assert_eq!(e(5), CasualtyEffect::SevereWound);
        assert_eq!(e(6), CasualtyEffect::SpectacularDeath);
        assert_eq!(effect_odds().chance_of(&CasualtyEffect::LightWound), Chance::new(1, 3));
        let death = consequences(CasualtyEffect::SpectacularDeath, 2);
        assert_eq!(death.status, OfficerStatus::Removed);
        assert_eq!(death.seers_extra_modifier, Some(Cell::Printed(1)));
        let light = consequences(CasualtyEffect::LightWound, 2);
        assert!(light.moved_to_rear && light.seers_check_morale);
        assert!(!light.status.gives_benefits(10) && light.status.moves(10));
        let stunned = consequences(CasualtyEffect::Stunned, 2).status;
        assert!(!stunned.moves(3) && stunned.moves(4));
    }

    #[test]
    fn appendix_f_1_replacement_brigadier_example() {
        // Killed on turn 3; a 3 gives average experience; placed at the end of Phase Eight of turn 4.
        assert_eq!(replacement_experience(Die::new(3).unwrap()), Experience::Average);
        assert_eq!(replacement_turn(3), 4);
        let d = replacement_experience_odds();
        assert_eq!(d.chance_of(&Experience::Superior), Chance::new(1, 6));
        assert_eq!(d.chance_of(&Experience::Average), Chance::new(1, 2));
        assert_eq!(d.chance_of(&Experience::Poor), Chance::new(1, 3));
    }

    proptest! {
        #[test]
        fn fate_odds_sum_to_one(n in 0u32..2000, d in 1u32..20) {
            let distance = Ratio::new(n, d).unwrap();
            prop_assert_eq!(fate_odds(distance).total(), Chance::ALWAYS);
        }

        #[test]
        fn hits_need_the_right_number_of_dice(n in 0u32..60, faces in proptest::collection::vec(1u8..=6, 0..6)) {
            let dice: Vec<Die> = faces.iter().map(|f| Die::new(*f).unwrap()).collect();
            let row = casualty_row(Ratio::whole(n));
            prop_assert_eq!(is_hit(Ratio::whole(n), &dice).is_ok(), dice.len() == row.dice as usize);
        }

        #[test]
        fn nearer_is_never_safer(a in 0u32..40, b in 0u32..40) {
            let (near, far) = if a <= b { (a, b) } else { (b, a) };
            let pn = hit_chance(Ratio::whole(near));
            let pf = hit_chance(Ratio::whole(far));
            prop_assert!(pn.numer() * pf.denom() >= pf.numer() * pn.denom());
        }
    }
}
