//! The combat assistant's sums, from the game and what the players say of the map: a Stack's
//! Morale State and top unit, Limited Defense Status, the Firing units as the fire procedure
//! takes them, the owner's Loss Distribution (9.4a) with a lawful first proposal, and a
//! Morale Table result turned into the game's commands (10.1, 10.2, 10.2a).

use line_of_battle::Game;
use line_of_battle::fire::{Firer, check_distribution};
use line_of_battle::game::Command;
use line_of_battle::morale::MoraleState;
use line_of_battle::oob::{Arm, Unit, UnitFormation};
use line_of_battle::table::{Effect, Reading, RollTable};

/// The units named, as they stand, in the order given (the top unit first).
pub fn stack<'a>(game: &'a Game, ids: &[String]) -> Vec<&'a Unit> {
    ids.iter().filter_map(|id| game.oob.unit(id)).collect()
}

/// A Stack's one Morale State (10.0): the worst of its units'.
pub fn stack_state(units: &[&Unit]) -> MoraleState {
    units.iter().map(|u| u.state).fold(MoraleState::BloodLust, MoraleState::worst)
}

/// 13.2e: a unit whose Formations, from its own up, have no accepted Order is in Limited
/// Defense Status.
pub fn limited_defense(game: &Game, unit: &Unit) -> bool {
    let mut here = game.oob.formation(&unit.formation);
    while let Some(f) = here {
        if game.book.current(&f.id).is_some() {
            return false;
        }
        here = f.parent.as_deref().and_then(|p| game.oob.formation(p));
    }
    true
}

/// The Firing units as the fire procedure takes them: each with the SPs the player fires from
/// it (9.1c), the Stack's fewest MPs remaining (9.1e), and whether the Artillery began Limbered.
pub fn firers(game: &Game, chosen: &[(String, u8)], mps_remaining: u8, artillery_was_limbered: bool) -> Vec<Firer> {
    chosen
        .iter()
        .filter_map(|(id, sps)| {
            let u = game.oob.unit(id)?;
            Some(Firer {
                id: u.name.clone(),
                sps: *sps,
                strength: u.strength,
                weapon: u.weapon.clone(),
                artillery: u.arm == Arm::Artillery,
                formation: u.unit_formation,
                mps_remaining,
                was_limbered: u.arm == Arm::Artillery && artillery_was_limbered,
                wrecked: u.wrecked(),
            })
        })
        .collect()
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

/// The loss commands of a distribution checked by 9.4a.
pub fn loss_commands(units: &[&Unit], loss: u8, allocation: &[u8]) -> Result<Vec<Command>, String> {
    let strengths: Vec<u8> = units.iter().map(|u| u.strength).collect();
    check_distribution(&strengths, loss, allocation).map_err(|e| e.to_string())?;
    Ok(units
        .iter()
        .zip(allocation)
        .filter(|(_, a)| **a > 0)
        .map(|(u, a)| Command::Loss { unit: u.id.clone(), sps: *a })
        .collect())
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

/// What a Morale Table result does to the Stack: the game's commands, and what the players do
/// on the map (Retreats, Cowardly Legs). A Blood Lusted Stack ignores Retreat and Loss results
/// (10.2a); Losses go top unit first, then one each (9.4a).
pub fn morale_result(game: &Game, ids: &[String], r: &Reading, adjacent_to_firer: bool) -> (Vec<Command>, Vec<String>) {
    let units = stack(game, ids);
    let blood_lust = stack_state(&units) == MoraleState::BloodLust;
    let mut commands = Vec::new();
    let mut notes = Vec::new();
    for e in &r.effects {
        match e {
            Effect::State(s) => {
                commands.push(Command::MoraleResult { units: ids.to_vec(), result: *s, adjacent_to_firer })
            }
            Effect::Loss(n) if blood_lust => notes.push(format!("Blood Lust: the {n} SP loss is ignored (10.2a)")),
            Effect::Loss(n) => {
                let strengths: Vec<u8> = units.iter().map(|u| u.strength).collect();
                let given = first_distribution(&strengths, *n);
                commands.extend(
                    units
                        .iter()
                        .zip(given)
                        .filter(|(_, g)| *g > 0)
                        .map(|(u, g)| Command::Loss { unit: u.id.clone(), sps: g }),
                );
            }
            Effect::Retreat(n) if blood_lust => {
                notes.push(format!("Blood Lust: the Retreat of {n} is ignored (10.2a)"))
            }
            Effect::Retreat(n) => notes.push(format!(
                "Retreat the Stack {n} hex{} to the rear, together; 1 SP for each EZOC hex entered (10.3, 10.3b)",
                if *n == 1 { "" } else { "es" }
            )),
            Effect::CowardlyLegs => notes.push("Place a Cowardly Legs marker in the hex it left (10.4a)".into()),
            Effect::NoEffect => notes.push("No effect".into()),
            other => notes.push(super::tables::effect(other)),
        }
    }
    (commands, notes)
}

/// Whether a unit may Charge (11.2): Line Infantry or Mounted Cavalry, not DG or Routed.
pub fn may_charge(u: &Unit) -> bool {
    matches!((u.arm, u.unit_formation), (Arm::Infantry, UnitFormation::Line) | (Arm::Cavalry, UnitFormation::Mounted))
        && !matches!(u.state, MoraleState::Disorganized | MoraleState::Routed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::line_of_battle::model::fixture;
    use line_of_battle::fire::check_distribution;
    use proptest::prelude::*;

    #[test]
    fn rule_9_1b_the_first_choice_stops_at_eight() {
        assert_eq!(first_choice(&[12, 3]), [8, 0]);
        assert_eq!(first_choice(&[3, 12]), [3, 5], "9.3 example: an SR3 and 5 SPs of an R12");
    }

    #[test]
    fn rule_13_2e_limited_defense_without_an_accepted_order() {
        use line_of_battle::orders::commands::OrderCommand;
        use line_of_battle::orders::{Instructions, OrderKind};
        let mut s = fixture::session();
        let u = s.game().oob.unit("19 Ind").cloned().unwrap();
        assert!(limited_defense(s.game(), &u));
        fixture::run(
            &mut s,
            OrderCommand::InForce {
                side: line_of_battle::oob::Side::Federal,
                kind: OrderKind::Defensive,
                formation: "1".into(),
                recipient: "Reynolds".into(),
                instructions: Instructions {
                    position: Some(line_of_battle::orders::DefensivePosition {
                        orientation: "west".into(),
                        front_line: "McPherson's Ridge".into(),
                        left: "the Fairfield Road".into(),
                        right: "the railroad cut".into(),
                    }),
                    ..Instructions::default()
                },
            },
        );
        assert!(!limited_defense(s.game(), &u), "the Corps' Order covers its brigades");
    }

    /// 10.2a: a Blood Lusted Stack ignores the Retreat and Loss of a result; a State goes
    /// through the Additive Morale Chart (MoraleResult).
    #[test]
    fn rule_10_2a_blood_lust_ignores_retreat_and_loss() {
        let mut g = fixture::game();
        let ids = vec!["19 Ind".to_string(), "2 Wisc".to_string()];
        let r = Reading {
            raw: 9,
            applied: vec![],
            drm: 0,
            modified: 9,
            from_grid: false,
            effects: vec![
                Effect::State(MoraleState::Shaken),
                Effect::Retreat(1),
                Effect::Loss(1),
                Effect::CowardlyLegs,
            ],
        };
        let (c, notes) = morale_result(&g, &ids, &r, true);
        assert_eq!(c.len(), 2);
        assert!(matches!(&c[1], Command::Loss { unit, sps: 1 } if unit == "19 Ind"), "the top unit first");
        assert!(notes[0].starts_with("Retreat the Stack 1 hex"), "{notes:?}");
        for u in g.oob.units.iter_mut() {
            u.state = MoraleState::BloodLust;
        }
        let (c, notes) = morale_result(&g, &ids, &r, true);
        assert_eq!(c.len(), 1);
        assert!(notes.iter().filter(|n| n.contains("10.2a")).count() == 2, "{notes:?}");
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
