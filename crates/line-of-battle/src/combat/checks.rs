//! Settling what a result left due: the owner's Loss Distribution (9.4a), Leader Loss Checks
//! (4.1a), Morale Checks (10.1) and their results (10.2, 10.3), in 9.4's order.

use super::{apply_loss, stack};
use crate::due::DueKind;
use crate::fire::check_distribution;
use crate::game::Game;
use crate::morale::{MoraleCheck, MoraleState, morale_check};
use crate::oob::{Arm, Oob, UnitFormation};
use crate::orders::effective::in_limited_defense;
use crate::refusal::Refused;
use crate::table::{Effect, Reading};
use crate::tables::key;
use companion_core::TwoDice;
use serde::{Deserialize, Serialize};

/// A command that settles a check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CheckCommand {
    /// A Morale Check (10.1): two dice on the players' Morale Table.
    Morale {
        /// The Morale Check due it settles; `None`: one the players call for themselves.
        due: Option<u32>,
        /// The Stack, top first (ignored when `due` names it).
        units: Vec<String>,
        /// The one Leader whose Morale Value is used; he must have a unit of his own
        /// Formation in the Stack (10.1).
        leader: Option<String>,
        /// The Morale Table's other modifiers that apply, by name; "Wrecked" and "Limited
        /// Defense Status" are added from the game.
        modifiers: Vec<String>,
        /// The two dice.
        dice: TwoDice,
        /// The Stack is adjacent to the Firing Stack (10.2a); taken from `due` when given.
        adjacent_to_firer: bool,
        /// The owner's distribution of a Morale Table loss (9.4a).
        allocation: Option<Vec<u8>>,
    },
    /// A Leader Loss Check (4.1a): two dice on the Leader Loss Table's column.
    LeaderLoss {
        /// The Leader.
        leader: String,
        /// The column the situation calls for ("Capture", "Charge Defender").
        column: String,
        /// The two dice.
        dice: TwoDice,
        /// The table's modifiers that apply ("Sharpshooter", 4.4a).
        modifiers: Vec<String>,
    },
    /// The owner distributes a loss due (9.4a).
    Distribute {
        /// The Loss due.
        due: u32,
        /// SPs per unit, top first.
        allocation: Vec<u8>,
    },
    /// The players set a due check aside (a Leader not in the hex after all, say).
    SetAside {
        /// The due.
        due: u32,
    },
}

/// 10.1: whether `leader` has a Combat Unit of his own Formation among `units`.
pub fn leads_a_unit_of(oob: &Oob, leader: &str, units: &[String]) -> bool {
    let Some(f) = oob.leader(leader).and_then(|l| l.formation.clone()) else { return false };
    units
        .iter()
        .filter_map(|id| oob.unit(id))
        .any(|u| u.formation == f || oob.below(&f).iter().any(|b| b.id == u.formation))
}

/// The Morale Check's modifiers: the players' and those the game knows (the top unit
/// Wrecked, 1.3b; the Stack in Limited Defense Status, 13.2e).
pub fn morale_modifiers(game: &Game, units: &[String], given: &[String]) -> Vec<String> {
    let mut names = given.to_vec();
    let top = units.first().and_then(|id| game.oob.unit(id));
    if top.is_some_and(|u| u.wrecked()) && !names.iter().any(|n| n == "Wrecked") {
        names.push("Wrecked".into());
    }
    let limited = top.is_some_and(|u| in_limited_defense(&game.book, &game.oob, &u.formation));
    if limited && !names.iter().any(|n| n == "Limited Defense Status") {
        names.push("Limited Defense Status".into());
    }
    names
}

/// Reads a Morale Check without changing the game (10.1, 10.2a).
pub fn read_morale(
    game: &Game,
    units: &[String],
    leader: Option<&str>,
    charging_leaders_morale: u8,
    modifiers: &[String],
    dice: TwoDice,
) -> Result<Reading, Refused> {
    let members = stack(game, units)?;
    let leader_morale = match leader {
        Some(l) => {
            let who =
                game.oob.leader(l).filter(|x| !x.lost).ok_or_else(|| Refused::because(format!("no Leader {l}")))?;
            if !leads_a_unit_of(&game.oob, l, units) {
                return Err(Refused::by(
                    "10.1",
                    format!("{} has no Combat Unit of his own Formation in the Stack", who.name),
                ));
            }
            Some(who.morale)
        }
        None => None,
    };
    let check = MoraleCheck {
        top_rating: members[0].rating,
        leader_morale,
        charging_leaders_morale,
        modifiers: morale_modifiers(game, units, modifiers),
    };
    let table = game.tables.get(key::MORALE).ok_or_else(|| Refused::because("no Morale Table"))?;
    morale_check(table, &check, i32::from(dice.total())).map_err(|e| Refused::because(e.to_string()))
}

/// Applies a Morale Table result to the Stack, in the order presented (10.1): a State through
/// the players' Additive Morale Chart (10.2), losses (9.4a), a Retreat (10.3, 10.3d) and its
/// Cowardly Legs (10.4). Blood Lust ignores Retreat and Loss results (10.2a).
pub(crate) fn apply_morale(
    game: &mut Game,
    units: &[String],
    reading: &Reading,
    adjacent_to_firer: bool,
    from_charge: bool,
    allocation: Option<&[u8]>,
    cause: u32,
) -> Result<Vec<String>, Refused> {
    let members = stack(game, units)?;
    let current = members.iter().map(|u| u.state).fold(MoraleState::BloodLust, MoraleState::worst);
    let mut ignore = current == MoraleState::BloodLust;
    let mut lines = Vec::new();
    for e in &reading.effects {
        match e {
            Effect::State(s) => {
                let open_order = members.iter().any(|u| u.arm == Arm::OpenOrder);
                if *s == MoraleState::BloodLust && (!adjacent_to_firer || open_order) {
                    lines.push("No Blood Lust: not adjacent to the Firing Stack, or Open Order (10.2a)".into());
                    continue;
                }
                let combined = game.morale_chart.combine(current, *s).ok_or_else(|| {
                    Refused::by(
                        "10.2",
                        format!("enter the Additive Morale Chart for {} plus {}", current.label(), s.label()),
                    )
                })?;
                for id in units {
                    game.oob.unit_mut(id)?.state = combined;
                }
                ignore |= combined == MoraleState::BloodLust;
                lines.push(format!("The Stack is now {} (10.2)", combined.label()));
            }
            Effect::Loss(n) if ignore => lines.push(format!("Blood Lust ignores the {n} SP loss (10.2a)")),
            Effect::Loss(n) => {
                let alive: Vec<String> =
                    units.iter().filter(|id| game.oob.unit(id).is_some_and(|u| !u.dead)).cloned().collect();
                if !alive.is_empty() {
                    lines.extend(apply_loss(game, &alive, *n, allocation, false, ("10.1", cause))?.lines);
                }
            }
            Effect::Retreat(n) if ignore => lines.push(format!("Blood Lust ignores the Retreat of {n} (10.2a)")),
            Effect::Retreat(n) => lines.extend(retreat_lines(game, units, *n, from_charge)?),
            _ => {}
        }
    }
    Ok(lines)
}

fn retreat_lines(game: &mut Game, units: &[String], hexes: u8, from_charge: bool) -> Result<Vec<String>, Refused> {
    let members = stack(game, units)?;
    let mut lines = vec![format!(
        "Retreat {hexes} hexes to the rear, away from the enemy, together (10.3, 10.3a); one SP per EZOC hex entered (10.3b)"
    )];
    let guns: Vec<&crate::oob::Unit> = members.iter().filter(|u| u.arm == Arm::Artillery).collect();
    let overrun = from_charge && guns.iter().any(|u| u.unit_formation == UnitFormation::Unlimbered);
    if overrun {
        lines.push(
            "Unlimbered Artillery retreating from a Charge: roll one die, that many SPs are killed (10.3d)".into(),
        );
    }
    for g in &guns {
        if !(overrun && g.unit_formation == UnitFormation::Unlimbered) {
            game.oob.unit_mut(&g.id)?.unit_formation = UnitFormation::Limbered;
        }
    }
    if !guns.is_empty() {
        lines.push("Retreating Artillery Limbers and removes its hex's CBF marker (10.3d)".into());
        let ids: Vec<String> = guns.iter().map(|g| g.id.clone()).collect();
        for b in game.supply.batteries.iter_mut().filter(|b| ids.contains(&b.battery)) {
            b.cbf = 0;
        }
    }
    if guns.len() < members.len() {
        lines.push("Cowardly Legs in the hex left (10.4a)".into());
    }
    Ok(lines)
}

/// Applies a check command.
pub(crate) fn execute(game: &mut Game, command: &CheckCommand) -> Result<Vec<String>, Refused> {
    match command {
        CheckCommand::Morale { due, units, leader, modifiers, dice, adjacent_to_firer, allocation } => {
            let (units, adjacent, cause) = match due {
                Some(id) => {
                    if let Some(w) = game.dues.waiting_on(*id) {
                        let (what, _) = w.describe(&game.oob);
                        return Err(Refused::by("9.4", format!("first: {what}")));
                    }
                    let d = game.dues.get(*id)?;
                    let DueKind::MoraleCheck { units, adjacent_to_firer, .. } = &d.kind else {
                        return Err(Refused::because("that is not a Morale Check due"));
                    };
                    (units.clone(), *adjacent_to_firer, d.cause)
                }
                None => (units.clone(), *adjacent_to_firer, game.dues.cause()),
            };
            let r = read_morale(game, &units, leader.as_deref(), 0, modifiers, *dice)?;
            let mut lines = vec![format!("Morale Check: {} {:+} = {}", r.raw, r.drm, r.modified)];
            lines.extend(apply_morale(game, &units, &r, adjacent, false, allocation.as_deref(), cause)?);
            if let Some(id) = due {
                game.dues.settle(*id);
            }
            Ok(lines)
        }
        CheckCommand::LeaderLoss { leader, column, dice, modifiers } => {
            leader_loss(game, leader, column, *dice, modifiers)
        }
        CheckCommand::Distribute { due, allocation } => {
            let d = game.dues.get(*due)?.clone();
            let DueKind::Loss { units, sps, rule } = &d.kind else {
                return Err(Refused::because("that is not a loss to distribute"));
            };
            let members = stack(game, units)?;
            let strengths: Vec<u8> = members.iter().map(|u| u.strength).collect();
            check_distribution(&strengths, *sps, allocation)?;
            game.dues.settle(*due);
            let mut lines = apply_loss(game, units, *sps, Some(allocation), false, (rule.as_str(), d.cause))?.lines;
            // 9.4b: no Morale Check for a Stack destroyed; the dead leave the Stack.
            for other in game.dues.list.iter_mut().filter(|o| o.cause == d.cause) {
                if let DueKind::MoraleCheck { units, .. } = &mut other.kind {
                    units.retain(|id| game.oob.unit(id).is_some_and(|u| !u.dead));
                }
            }
            let before = game.dues.list.len();
            game.dues.list.retain(|o| !matches!(&o.kind, DueKind::MoraleCheck { units, .. } if units.is_empty()));
            if game.dues.list.len() < before {
                lines.push("The Stack is destroyed: no Morale Check (9.4b)".into());
            }
            Ok(lines)
        }
        CheckCommand::SetAside { due } => {
            let d = game.dues.get(*due)?.clone();
            let (what, _) = d.describe(&game.oob);
            game.dues.settle(*due);
            Ok(vec![format!("Set aside by the players: {what}")])
        }
    }
}

/// 4.1a: a Leader Loss Check; anything but No Effect removes him, and 13.6g may follow.
pub(crate) fn leader_loss(
    game: &mut Game,
    leader: &str,
    column: &str,
    dice: TwoDice,
    modifiers: &[String],
) -> Result<Vec<String>, Refused> {
    let l = game.oob.leader(leader).cloned().ok_or_else(|| Refused::because(format!("no Leader {leader}")))?;
    if l.lost {
        return Err(Refused::because(format!("{} is already out of play", l.name)));
    }
    let due = game.dues.leader_check(leader).map(|d| d.id);
    if let Some(w) = due.and_then(|d| game.dues.waiting_on(d)) {
        let (what, _) = w.describe(&game.oob);
        return Err(Refused::by("9.4", format!("first: {what}")));
    }
    let table = game.tables.get(key::LEADER_LOSS).ok_or_else(|| Refused::because("no Leader Loss Table"))?;
    let names: Vec<&str> = modifiers.iter().map(String::as_str).collect();
    let r = table.read(column, i32::from(dice.total()), &names, &[]).map_err(|e| Refused::because(e.to_string()))?;
    if let Some(d) = due {
        game.dues.settle(d);
    }
    let lost = !r.effects.iter().all(|e| *e == Effect::NoEffect);
    if !lost {
        return Ok(vec![format!("{}: No Effect ({})", l.name, r.modified)]);
    }
    game.oob.leader_mut(leader)?.lost = true;
    let mut lines =
        vec![format!("{} is removed from play ({}): promote his ranking subordinate (4.1b)", l.name, r.modified)];
    if let Some(f) = &l.formation {
        lines.extend(game.book.senior_leader_lost(f, game.clock.turn));
    }
    Ok(lines)
}
