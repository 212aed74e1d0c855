//! The morale checks a fire triggers (4.4.1, 4.4.2, Table 2 items 3, 4, 5 and 7), as plain data
//! for the morale part of the engine. Stand losses (item 6) are the roster's: it knows the
//! stands; this module reports kills only.

use serde::{Deserialize, Serialize};

/// One morale check caused by fire, in the order of 4.4.2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FireMoraleCheck {
    /// 4.4.1.a, Table 2 item 3: an infantry or cavalry unit takes its first kill.
    FirstKill,
    /// 4.4.1.b, Table 2 item 4: one crew figure killed.
    CrewKill,
    /// 4.4.1.c, Table 2 item 5: an infantry or cavalry unit hit by artillery, once per hit up
    /// to three a turn. `canister`: the hit was canister, +1 to the check under Appendix F 10.
    ArtilleryHit {
        /// Caused by canister or double canister.
        canister: bool,
    },
    /// 4.4.1.f, Table 2 item 7: the firer rolled 12 on Table 10.
    UnexpectedDevastation,
}

/// What the morale checks depend on about the target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleTarget {
    /// A gun section (its crew): no first-kill or artillery-hit checks.
    pub artillery: bool,
    /// It had taken kills before this fire.
    pub had_kills: bool,
    /// A brigade column is exempt from first-casualty checks (6.8.2.d).
    pub brigade_column: bool,
    /// Artillery hit checks it has already taken this turn.
    pub artillery_hits_this_turn: u8,
}

/// Limit of artillery hit checks per unit per turn (4.4.1.c).
pub const ARTILLERY_HIT_CHECKS_PER_TURN: u8 = 3;

/// The checks one fire causes the target, in the order 4.4.2 takes them.
/// `casualties`: kills after saves; `by_artillery`: artillery fire; `canister`: canister or
/// double canister; `crew_kill`: one crew figure killed (see `crew_casualties`).
///
/// ```
/// use johnny_reb::rules::fire::{morale_checks, FireMoraleCheck, MoraleTarget};
/// let checks = morale_checks(&MoraleTarget::default(), 2, true, false, false, true);
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
) -> Vec<FireMoraleCheck> {
    let mut checks = Vec::new();
    if !target.artillery && !target.had_kills && !target.brigade_column && casualties > 0 {
        checks.push(FireMoraleCheck::FirstKill);
    }
    if target.artillery && crew_kill {
        checks.push(FireMoraleCheck::CrewKill);
    }
    if !target.artillery && by_artillery && casualties > 0 && target.artillery_hits_this_turn < ARTILLERY_HIT_CHECKS_PER_TURN {
        checks.push(FireMoraleCheck::ArtilleryHit { canister });
    }
    if unexpected_devastation {
        checks.push(FireMoraleCheck::UnexpectedDevastation);
    }
    checks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_4_4_1_c_at_most_three_artillery_hits() {
        let t = MoraleTarget { had_kills: true, artillery_hits_this_turn: 3, ..Default::default() };
        assert!(morale_checks(&t, 4, true, true, false, false).is_empty());
        let t = MoraleTarget { artillery_hits_this_turn: 2, ..t };
        assert_eq!(morale_checks(&t, 4, true, true, false, false), vec![FireMoraleCheck::ArtilleryHit { canister: true }]);
    }

    #[test]
    fn artillery_targets_check_crew_kills_only() {
        let t = MoraleTarget { artillery: true, ..Default::default() };
        assert_eq!(morale_checks(&t, 1, true, false, true, false), vec![FireMoraleCheck::CrewKill]);
    }

    #[test]
    fn unexpected_devastation_even_without_kills() {
        assert_eq!(morale_checks(&MoraleTarget::default(), 0, false, false, false, true), vec![FireMoraleCheck::UnexpectedDevastation]);
    }
}
