//! The morale checks a fire triggers (4.4.1, 4.4.2, Table 2 items 3, 4, 5 and 7), as the fire
//! screens ask for them. The triggers themselves belong to the morale part
//! ([`crate::rules::morale::checks_due`]); this module only says what one fire did. Stand
//! losses (item 6) are the roster's: it knows the stands; a fire reports kills only.

use crate::rules::RuleResult;
use crate::rules::morale::{BrigadeColumn, CheckReason, FireEffects, MoraleRulings, TriggeredUnit, checks_due};
use crate::rules::unit::{Arm, MoraleLevel};
use serde::{Deserialize, Serialize};

/// One morale check caused by fire: the morale part's [`CheckReason`] (first kill, crew kill,
/// artillery hit, unexpected devastation), in the order of 4.4.2.
pub type FireMoraleCheck = CheckReason;

/// What the morale checks depend on about the target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleTarget {
    /// A gun section (its crew): no first-kill or artillery-hit checks.
    pub artillery: bool,
    /// It had taken kills before this fire.
    pub had_kills: bool,
    /// A brigade column in good order is exempt from first-casualty checks (6.8.2.d).
    pub brigade_column: Option<BrigadeColumn>,
    /// Artillery hit checks it has already taken this turn.
    pub artillery_hits_this_turn: u8,
}

/// What one fire did to the target, for [`checks_due`]: `casualties` kills after saves;
/// `by_artillery` artillery fire; `canister` canister or double canister; `crew_kill` one crew
/// figure killed (see `crew_casualties`); `unexpected_devastation` the firer rolled 12.
pub fn fire_effects(
    target: &MoraleTarget,
    casualties: u32,
    by_artillery: bool,
    canister: bool,
    crew_kill: bool,
    unexpected_devastation: bool,
) -> FireEffects {
    let hit = by_artillery && casualties > 0;
    FireEffects {
        figures_lost: casualties,
        first_kill: casualties > 0 && !target.had_kills,
        crew_kill: target.artillery && crew_kill,
        artillery_hits: u32::from(hit),
        canister_hits: u32::from(hit && canister),
        unexpected_devastation: u32::from(unexpected_devastation),
        ..FireEffects::default()
    }
}

/// The checks one fire causes the target, in the order 4.4.2 takes them (the morale part's
/// [`checks_due`] on the [`fire_effects`]). An error for a brigade column of fewer than three
/// regiments.
///
/// ```
/// use johnny_reb::rules::fire::{morale_checks, FireMoraleCheck, MoraleTarget};
/// let checks = morale_checks(&MoraleTarget::default(), 2, true, false, false, true).unwrap();
/// assert_eq!(checks, vec![
///     FireMoraleCheck::FirstKill,
///     FireMoraleCheck::ArtilleryHit { canister: false },
///     FireMoraleCheck::UnexpectedDevastation,
/// ]);
/// ```
pub fn morale_checks(
    target: &MoraleTarget,
    casualties: u32,
    by_artillery: bool,
    canister: bool,
    crew_kill: bool,
    unexpected_devastation: bool,
) -> RuleResult<Vec<CheckReason>> {
    let unit = TriggeredUnit {
        artillery_hit_checks_this_turn: u32::from(target.artillery_hits_this_turn),
        brigade_column: target.brigade_column.map(|c| (c, 0)),
        ..TriggeredUnit::new(if target.artillery { Arm::Artillery } else { Arm::Infantry }, MoraleLevel::Good)
    };
    let effects = fire_effects(target, casualties, by_artillery, canister, crew_kill, unexpected_devastation);
    // The rulings only matter for a single stand (Appendix F 12), which a fire does not report.
    checks_due(&unit, &effects, &MoraleRulings::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_4_4_1_c_at_most_three_artillery_hits() {
        let t = MoraleTarget { had_kills: true, artillery_hits_this_turn: 3, ..Default::default() };
        assert!(morale_checks(&t, 4, true, true, false, false).unwrap().is_empty());
        let t = MoraleTarget { artillery_hits_this_turn: 2, ..t };
        assert_eq!(
            morale_checks(&t, 4, true, true, false, false).unwrap(),
            vec![FireMoraleCheck::ArtilleryHit { canister: true }]
        );
    }

    #[test]
    fn artillery_targets_check_crew_kills_only() {
        let t = MoraleTarget { artillery: true, ..Default::default() };
        assert_eq!(morale_checks(&t, 1, true, false, true, false).unwrap(), vec![FireMoraleCheck::CrewKill]);
    }

    #[test]
    fn unexpected_devastation_even_without_kills() {
        assert_eq!(
            morale_checks(&MoraleTarget::default(), 0, false, false, false, true).unwrap(),
            vec![FireMoraleCheck::UnexpectedDevastation]
        );
    }

    #[test]
    fn rule_6_8_2_d_brigade_column_takes_no_first_casualty_check() {
        let t = MoraleTarget { brigade_column: Some(BrigadeColumn { stands_at_forming: 15 }), ..Default::default() };
        assert!(morale_checks(&t, 3, false, false, false, false).unwrap().is_empty());
        let bad = MoraleTarget { brigade_column: Some(BrigadeColumn { stands_at_forming: 2 }), ..Default::default() };
        assert!(morale_checks(&bad, 3, false, false, false, false).is_err());
    }
}
