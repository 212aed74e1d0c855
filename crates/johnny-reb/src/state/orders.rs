//! The orders of a turn: marked in secret in phase one (1.1), revealed in phase three (3),
//! changed to Conditional Hold where the rules allow or demand it (3.2), and kept per turn so
//! each unit's order sheet can show them.
//!
//! The legality and reveal rules themselves are pure, in [`crate::rules::orders`]; this module
//! records what the players chose. Changes go through [`OrdersCommand`], one variant of
//! [`super::command::Command`], so they are logged and undoable like every other change. The
//! units that take orders and the turn's sheet are [`super::order_sheet`]; phase three's reveal
//! and Conditional Hold are [`super::reveal`].

use super::error::{CommandError, quoted, refused};
use super::game::{Game, Phase};
use super::ids::{OfficerId, UnitId};
use super::order_sheet::{find_unit, finish, held_text, name_of, turn_mut};
use super::reveal;
use super::roster::{ChargePermission, Rank, Side};
use crate::rules::RuleError;
use crate::rules::officers::Experience;
use crate::rules::orders::{Legality, check_command_limit};
use crate::rules::unit::{MoraleLevel, OrderKind};
use serde::{Deserialize, Serialize};

pub use super::order_sheet::{
    OrderedUnit, clock, experience_word, hold_for_unmarked, integrity_of, legality_for, order_history, units_of,
    unmarked_units,
};
pub use super::orders_state::*;
pub use super::reveal::{Proposal, proposals};

/// A change to the orders, one variant of [`super::command::Command`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum OrdersCommand {
    /// Set the marking time, in seconds (1.1.1: three minutes unless the players agree).
    SetTimerSeconds {
        /// Seconds, within [`TIMER_RANGE`].
        seconds: u32,
    },
    /// Shared device or own devices, and this device's side for own devices.
    SetPlayMode {
        /// The mode.
        mode: PlayMode,
        /// The side this device marks (own devices).
        device_side: Option<Side>,
    },
    /// Start the marking timer for a side (1.1.1). The deadline comes from the device clock
    /// so the timer survives a reload or a locked screen.
    StartTimer {
        /// The side that marks now.
        side: Side,
        /// When it runs out, in milliseconds since the Unix epoch.
        deadline_ms: f64,
    },
    /// Mark one regiment or gun section (1.1.2).
    Mark {
        /// The unit's id.
        unit: UnitId,
        /// The order.
        order: OrderChoice,
    },
    /// One order for a whole brigade's regiments or battery's sections (1.1.2).
    MarkGroup {
        /// The brigade's or battery's id.
        group: String,
        /// The order.
        order: OrderChoice,
    },
    /// Take a unit's order back while marking.
    Clear {
        /// The unit's id.
        unit: UnitId,
    },
    /// A side has marked: its unmarked units are given Hold (1.1.2).
    FinishMarking {
        /// The side.
        side: Side,
    },
    /// The timer ran out: the marking side's unmarked units are given Hold (1.1.1).
    TimeUp,
    /// Reveal both sides' orders (3.1).
    Reveal,
    /// Change an order to Conditional Hold, or back, as the players choose (3.2).
    SetConditionalHold {
        /// The unit's id.
        unit: UnitId,
        /// To CH (true) or back to its order (false).
        on: bool,
    },
    /// Accept the changes the rules demand at the reveal (3.2, 5.2.3, Appendix F.2).
    AcceptProposal {
        /// The unit's id; `None` accepts every proposal.
        unit: Option<UnitId>,
        /// 5.2.3: the charger comes into sight late, so the unit completes half its move first.
        half_move: bool,
    },
    /// Say that a unit will be charged this turn (own devices, where the enemy's Charge
    /// orders are on the other device) (3.2).
    SetCharged {
        /// The unit's id.
        unit: UnitId,
        /// Charged (true) or not.
        on: bool,
    },
    /// A brigadier's experience for Appendix F.1, or none.
    SetExperience {
        /// The officer's id.
        officer: OfficerId,
        /// His experience.
        experience: Option<Experience>,
    },
}

fn in_mark_phase(game: &Game) -> Result<(), CommandError> {
    if game.phase != Phase::MarkOrders {
        return Err(refused(format!(
            "Orders are marked in phase 1, Mark Orders (1.1); this is phase {}, {}.",
            game.phase.number(),
            game.phase.name()
        )));
    }
    Ok(())
}

fn side_may_mark(game: &Game, side: Side) -> Result<(), CommandError> {
    in_mark_phase(game)?;
    let setup = &game.setup.orders;
    if setup.mode == PlayMode::OwnDevices && setup.device_side.is_some_and(|d| d != side) {
        return Err(refused(format!(
            "This device marks the {} side only.",
            setup.device_side.map(Side::label).unwrap_or("")
        )));
    }
    if let Some(t) = game.orders_this_turn() {
        if t.marked.contains(&side) {
            return Err(refused(format!("The {} side has finished marking this turn.", side.label())));
        }
        if let Some(timer) = t.timer
            && timer.side.is_some_and(|s| s != side)
        {
            return Err(refused(format!(
                "The {} player is marking now; the {} side marks after.",
                timer.side.map(Side::label).unwrap_or(""),
                side.label()
            )));
        }
    }
    Ok(())
}

fn experience_of(game: &Game, officer: &str) -> Option<Experience> {
    game.setup.orders.experience.iter().find(|(o, _)| o == officer).map(|(_, e)| *e)
}

/// Appendix F.1: the orders this turn for the brigade, counting a group as one, if `changes`
/// (unit ids) were given `group`.
fn check_limits(game: &Game, units: &[OrderedUnit], group: Option<&str>) -> Result<(), CommandError> {
    let rulings = &game.setup.rules.movement;
    if !rulings.command_limits {
        return Ok(());
    }
    let mut brigades: Vec<&str> = units.iter().filter_map(|u| u.brigade.as_deref()).collect();
    brigades.dedup();
    for b in brigades {
        let side = units.first().map(|u| u.side).unwrap_or(Side::Union);
        let Some(officer) = game
            .roster
            .army(side)
            .officers
            .iter()
            .find(|o| o.rank == Rank::BrigadeCommander && o.commands.as_deref() == Some(b) && !o.is_removed())
        else {
            continue;
        };
        let Some(exp) = experience_of(game, &officer.id) else { continue };
        let members: Vec<OrderedUnit> =
            units_of(&game.roster, side).into_iter().filter(|u| u.brigade.as_deref() == Some(b)).collect();
        let attached = officer.with_unit.as_ref().is_some_and(|w| members.iter().any(|m| &m.id == w));
        let changing: Vec<&str> = units.iter().map(|u| u.id.as_str()).collect();
        let mut keys: Vec<String> = Vec::new();
        if let Some(t) = game.orders_this_turn() {
            for o in t.orders.iter().filter(|o| !o.by_default && members.iter().any(|m| m.id == o.unit)) {
                if changing.contains(&o.unit.as_str()) {
                    continue;
                }
                keys.push(o.group.clone().unwrap_or_else(|| o.unit.to_string()));
            }
        }
        for u in units.iter().filter(|u| u.brigade.as_deref() == Some(b)) {
            keys.push(group.map(str::to_string).unwrap_or_else(|| u.id.to_string()));
        }
        keys.sort();
        keys.dedup();
        let n = u8::try_from(keys.len()).unwrap_or(u8::MAX);
        check_command_limit(exp, attached, n, rulings).map_err(|e| match e {
            RuleError::OutOfRange { detail, .. } => refused(format!("{}: {detail}.", officer.name)),
            other => refused(other.to_string()),
        })?;
    }
    Ok(())
}

/// Checks and builds the order of one unit.
fn build_order(game: &Game, unit: &OrderedUnit, choice: &OrderChoice) -> Result<UnitOrder, CommandError> {
    let mut choice = choice.clone();
    match choice.kind {
        OrderKind::Move if choice.direction.is_none() => {
            return Err(refused("Move This Direction needs a direction (1.2)."));
        }
        OrderKind::FormationChange if choice.formation.is_none() => {
            return Err(refused("Formation Change needs the new formation (1.2)."));
        }
        OrderKind::Charge => {
            let Some(obj) = choice.objective.as_deref() else {
                return Err(refused("A charge needs its objective, an enemy unit (3.1, 5.1.1)."));
            };
            match find_unit(&game.roster, obj) {
                Some(t) if t.side != unit.side => {}
                _ => {
                    return Err(refused(
                        "A charge's objective must be an enemy regiment or gun section in play (5.1.1).",
                    ));
                }
            }
            // 5.1.4: "A unit may never charge three turns in a row."
            if let Some(r) = game.roster.regiment(&unit.id)
                && r.charges.permission(game.turn) == ChargePermission::NotAllowed
            {
                let last = r.charges.last_turn.unwrap_or(game.turn);
                return Err(refused(format!(
                    "{} charged on turns {} and {}: a unit may never charge three turns in a row (5.1.4).",
                    unit.name,
                    last.saturating_sub(1),
                    last
                )));
            }
            choice.toward_enemy = true;
        }
        _ => {}
    }
    if choice.kind != OrderKind::Move {
        choice.direction = None;
    }
    if choice.kind != OrderKind::FormationChange {
        choice.formation = None;
    }
    if choice.kind != OrderKind::Charge {
        choice.objective = None;
    }
    let if_rallied = match legality_for(game, unit, &choice) {
        Legality::Legal => false,
        Legality::LegalIfRallied => true,
        Legality::Illegal(why) => return Err(refused(format!("{}: {why}.", unit.name))),
    };
    Ok(UnitOrder {
        unit: unit.id.clone(),
        side: unit.side,
        kind: choice.kind,
        direction: choice.direction,
        formation: choice.formation,
        objective: choice.objective,
        toward_enemy: choice.toward_enemy,
        morale_when_marked: unit.morale,
        by_default: false,
        conditional_hold: None,
        group: None,
        if_rallied,
    })
}

fn put(turn: &mut TurnOrders, order: UnitOrder) {
    if let Some(slot) = turn.orders.iter_mut().find(|o| o.unit == order.unit) {
        *slot = order;
    } else {
        turn.orders.push(order);
    }
}

impl OrdersCommand {
    /// Its log line tells of a side's marking: which units were marked, cleared or given Hold,
    /// and when. Kept out of the history until the reveal (1.1).
    pub fn tells_of_marking(&self) -> bool {
        matches!(
            self,
            OrdersCommand::Mark { .. }
                | OrdersCommand::MarkGroup { .. }
                | OrdersCommand::Clear { .. }
                | OrdersCommand::FinishMarking { .. }
                | OrdersCommand::TimeUp
        )
    }
}

/// Applies an orders command to the game (called for [`super::command::Command::Orders`]).
pub fn execute(cmd: &OrdersCommand, game: &mut Game) -> Result<String, CommandError> {
    match cmd {
        OrdersCommand::SetTimerSeconds { seconds } => {
            if !(TIMER_RANGE.0..=TIMER_RANGE.1).contains(seconds) {
                return Err(refused(format!(
                    "The marking time is {} to {} seconds (1.1.1 gives three minutes).",
                    TIMER_RANGE.0, TIMER_RANGE.1
                )));
            }
            game.setup.orders.timer_seconds = *seconds;
            Ok(format!("Marking time set to {} (1.1.1)", clock(*seconds)))
        }
        OrdersCommand::SetPlayMode { mode, device_side } => {
            let setup = &mut game.setup.orders;
            setup.mode = *mode;
            setup.device_side = match mode {
                PlayMode::SharedDevice => None,
                PlayMode::OwnDevices => *device_side,
            };
            Ok(match (mode, setup.device_side) {
                (PlayMode::SharedDevice, _) => "Orders are marked on one shared device".into(),
                (PlayMode::OwnDevices, Some(s)) => {
                    format!("Each player marks on his own device; this one marks the {} side", s.label())
                }
                (PlayMode::OwnDevices, None) => "Each player marks on his own device".into(),
            })
        }
        OrdersCommand::StartTimer { side, deadline_ms } => {
            side_may_mark(game, *side)?;
            if !deadline_ms.is_finite() || *deadline_ms <= 0.0 {
                return Err(refused("The device clock gave no usable time."));
            }
            let seconds = game.setup.orders.timer_seconds;
            let turn = turn_mut(game);
            if turn.timer.is_some() {
                return Err(refused("The marking timer is already running."));
            }
            turn.timer = Some(MarkingTimer { deadline_ms: *deadline_ms, seconds, side: Some(*side) });
            Ok(format!("{} marks orders: {} on the timer (1.1.1)", side.label(), clock(seconds)))
        }
        OrdersCommand::Mark { unit, order } => {
            let u = find_unit(&game.roster, unit)
                .ok_or_else(|| CommandError::NotFound { what: "regiment or gun section", id: unit.to_string() })?;
            side_may_mark(game, u.side)?;
            let o = build_order(game, &u, order)?;
            check_limits(game, std::slice::from_ref(&u), None)?;
            // The log is seen by both players: it says an order was marked, not which (1.1).
            let text = format!("{}: order marked", u.name);
            put(turn_mut(game), o);
            Ok(text)
        }
        OrdersCommand::MarkGroup { group, order } => {
            let mut units: Vec<OrderedUnit> = Vec::new();
            for side in Side::BOTH {
                units.extend(units_of(&game.roster, side).into_iter().filter(|u| &u.group == group));
            }
            let name = game
                .roster
                .brigade(group)
                .map(|b| b.name.clone())
                .or_else(|| game.roster.battery(group).map(|b| b.name.clone()))
                .ok_or_else(|| CommandError::NotFound { what: "brigade or battery", id: group.clone() })?;
            // Routed units are left unmarked (1.1.3); every other unit must take the order.
            units.retain(|u| u.morale != MoraleLevel::Routed);
            let Some(first) = units.first() else {
                return Err(refused(format!("{} has no unit that can take an order.", quoted(&name))));
            };
            side_may_mark(game, first.side)?;
            let mut built = Vec::new();
            for u in &units {
                let mut o = build_order(game, u, order)?;
                o.group = Some(group.clone());
                built.push(o);
            }
            check_limits(game, &units, Some(group))?;
            let n = built.len();
            let turn = turn_mut(game);
            for o in built {
                put(turn, o);
            }
            Ok(format!("{}: one order for its {n} units marked (1.1.2)", name))
        }
        OrdersCommand::Clear { unit } => {
            let side = game
                .roster
                .side_of(unit)
                .ok_or_else(|| CommandError::NotFound { what: "regiment or gun section", id: unit.to_string() })?;
            side_may_mark(game, side)?;
            let name = name_of(&game.roster, unit);
            let turn = turn_mut(game);
            let before = turn.orders.len();
            turn.orders.retain(|o| &o.unit != unit);
            if turn.orders.len() == before {
                return Err(refused(format!("{} has no order to take back.", name)));
            }
            Ok(format!("{name}: order taken back"))
        }
        OrdersCommand::FinishMarking { side } => {
            side_may_mark(game, *side)?;
            let named = finish(game, *side);
            Ok(format!("{} has marked its orders; {}", side.label(), held_text(&named)))
        }
        OrdersCommand::TimeUp => {
            in_mark_phase(game)?;
            let timer =
                game.orders_this_turn().and_then(|t| t.timer).ok_or_else(|| refused("No marking timer is running."))?;
            let sides: Vec<Side> = match timer.side {
                Some(s) => vec![s],
                None => Side::BOTH.to_vec(),
            };
            let mut named = Vec::new();
            for s in &sides {
                named.extend(finish(game, *s));
            }
            if let Some(t) = game.orders.iter_mut().rev().find(|t| t.turn == game.turn) {
                t.timer = None;
            }
            let who: Vec<&str> = sides.iter().map(|s| s.label()).collect();
            Ok(format!("Time is up for {}: {}", who.join(" and "), held_text(&named)))
        }
        OrdersCommand::Reveal => reveal::reveal(game),
        OrdersCommand::SetConditionalHold { unit, on } => reveal::set_conditional_hold(game, unit, *on),
        OrdersCommand::AcceptProposal { unit, half_move } => reveal::accept_proposal(game, unit.as_deref(), *half_move),
        OrdersCommand::SetCharged { unit, on } => reveal::set_charged(game, unit, *on),
        OrdersCommand::SetExperience { officer, experience } => {
            let o = game
                .roster
                .officer(officer)
                .ok_or_else(|| CommandError::NotFound { what: "officer", id: officer.to_string() })?;
            let name = o.name.clone();
            let list = &mut game.setup.orders.experience;
            list.retain(|(id, _)| id != officer);
            match experience {
                Some(e) => {
                    list.push((officer.clone(), *e));
                    Ok(format!("{name}: {} brigadier (Appendix F.1)", experience_word(*e)))
                }
                None => Ok(format!("{name}: experience not set (Appendix F.1)")),
            }
        }
    }
}

#[cfg(test)]
mod tests;
