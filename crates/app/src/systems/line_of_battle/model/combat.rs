//! The combat screens' sums before a command goes to the engine: a Stack's units and Morale
//! State, the SPs first fired from each unit (9.1b), a lawful first proposal of the owner's
//! Loss Distribution (9.4a), the Combat Table modifiers with the players' values, and who may
//! Charge (11.2).

use line_of_battle::Game;
use line_of_battle::morale::MoraleState;
use line_of_battle::oob::{Arm, Unit, UnitFormation};
use line_of_battle::table::RollTable;

/// The units named, as they stand, in the order given (the top unit first).
pub fn stack<'a>(game: &'a Game, ids: &[String]) -> Vec<&'a Unit> {
    ids.iter().filter_map(|id| game.oob.unit(id)).collect()
}

/// A Stack's one Morale State (10.0): the worst of its units'.
pub fn stack_state(units: &[&Unit]) -> MoraleState {
    units.iter().map(|u| u.state).fold(MoraleState::BloodLust, MoraleState::worst)
}

/// The SPs a player first fires from each chosen unit: all of each, in order, until the 8 SP
/// limit (9.1b) is reached.
pub fn first_choice(strengths: &[u8]) -> Vec<u8> {
    let mut left = 8u8;
    strengths
        .iter()
        .map(|s| {
            let take = (*s).min(left);
            left -= take;
            take
        })
        .collect()
}

/// A lawful Loss Distribution to propose (9.4a): the Top Unit takes the first loss, then one
/// each down the Stack before any takes two, and round again.
pub fn first_distribution(strengths: &[u8], loss: u8) -> Vec<u8> {
    let mut given = vec![0u8; strengths.len()];
    let total: u16 = strengths.iter().map(|s| u16::from(*s)).sum();
    let mut left = u16::from(loss).min(total);
    while left > 0 {
        let before = left;
        for (g, s) in given.iter_mut().zip(strengths) {
            if left > 0 && *g < *s {
                *g += 1;
                left -= 1;
            }
        }
        if left == before {
            break;
        }
    }
    given
}

/// The Combat Table modifiers with their rules and the players' values (`None`: not entered).
pub fn modifier_values(table: &RollTable, names: &[String]) -> Vec<(String, String, Option<i32>)> {
    names
        .iter()
        .map(|n| match table.modifier(n) {
            Some(m) => (m.name.clone(), m.rule.clone(), m.value.get()),
            None => (n.clone(), String::new(), None),
        })
        .collect()
}

/// Whether a unit may Charge (11.2): Line Infantry or Mounted Cavalry, not DG or Routed.
pub fn may_charge(u: &Unit) -> bool {
    matches!((u.arm, u.unit_formation), (Arm::Infantry, UnitFormation::Line) | (Arm::Cavalry, UnitFormation::Mounted))
        && !matches!(u.state, MoraleState::Disorganized | MoraleState::Routed)
}

/// A unit's name in a Stack picker: with its current SPs only where they are used in a Fire or
/// Charge (1.8: "The enemy cannot see ... Current Strengths (he is only told the SPs used
/// during a Fire Combat or Charge)").
pub fn picked_name(u: &Unit, used: bool) -> String {
    if used { format!("{} ({} SP)", u.name, u.strength) } else { u.name.clone() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::line_of_battle::model::fixture;

    #[test]
    fn rule_1_8_a_target_is_picked_without_its_current_strength() {
        let g = fixture::game();
        let u = g.oob.units.first().expect("the fixture has units");
        assert_eq!(picked_name(u, false), u.name);
        assert!(!picked_name(u, false).contains("SP"));
        assert_eq!(picked_name(u, true), format!("{} ({} SP)", u.name, u.strength));
    }
    use line_of_battle::fire::check_distribution;
    use proptest::prelude::*;

    #[test]
    fn rule_9_1b_the_first_choice_stops_at_eight() {
        assert_eq!(first_choice(&[12, 3]), [8, 0]);
        assert_eq!(first_choice(&[3, 12]), [3, 5], "9.3 example: an SR3 and 5 SPs of an R12");
    }

    proptest! {
        /// 9.4a: the proposed distribution is always one the rule allows.
        #[test]
        fn the_first_distribution_is_lawful(strengths in proptest::collection::vec(1u8..9, 1..5), loss in 0u8..20) {
            let given = first_distribution(&strengths, loss);
            prop_assert_eq!(check_distribution(&strengths, loss, &given), Ok(()));
        }
    }
}
