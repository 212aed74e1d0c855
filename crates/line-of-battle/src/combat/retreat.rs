//! Retreats beyond the Morale result itself (10.3): losses for EZOC hexes entered (10.3b),
//! Collisions with Displacement, Joining and Pass Through (10.3c), Unlimbered guns caught by
//! a Charge (10.3d), and a Stack's end of move or Retreat checked for the 16 SP limit and its
//! one Morale State (6.1a, 10.0).

use super::{apply_loss, leader_checks, stack};
use crate::game::Game;
use crate::morale::MoraleState;
use crate::oob::{Arm, UnitFormation};
use crate::refusal::Refused;
use crate::stacking::{STACKING_LIMIT, check_stack};
use companion_core::Die;
use serde::{Deserialize, Serialize};

/// What the stationary Stack does when a Retreating Stack enters its hex (10.3c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Collision {
    /// Sidestep one hex, one Morale level worse.
    Displace,
    /// Join the Retreat, both at the worse Morale State.
    Join,
    /// Let the Retreating Stack run through.
    PassThrough,
}

/// 10.3c: Pass Through disturbs the stationary Stack only if one of the two has this many SPs.
pub const PASS_THROUGH_SPS: u16 = 4;

/// A retreat command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RetreatCommand {
    /// 10.3b, 6.4a: one SP per Stack for each EZOC hex entered; Open Order units never take
    /// it; Leader Loss Checks for the Stack's Leaders.
    EzocLosses {
        /// The Retreating Stack, top first.
        units: Vec<String>,
        /// EZOC hexes entered.
        hexes: u8,
        /// Its Leaders.
        leaders: Vec<String>,
        /// The Leader Loss Table's column.
        leader_column: String,
        /// The owner's distribution (9.4a).
        allocation: Option<Vec<u8>>,
    },
    /// 10.3c: a Collision.
    Collision {
        /// The Retreating Stack.
        retreating: Vec<String>,
        /// The stationary Stack.
        stationary: Vec<String>,
        /// The stationary Stack's choice.
        choice: Collision,
        /// The Retreat ends in that hex (then no Pass Through).
        ends_here: bool,
    },
    /// 10.3d: Unlimbered Artillery retreating from a Charge: one die of SPs killed, the rest
    /// Limbers and Retreats.
    GunsOverrun {
        /// The Battery.
        battery: String,
        /// The die.
        die: Die,
    },
    /// 6.1a, 10.0: a Stack ends its move or Retreat: Over-Stacking and the worst Morale State.
    StackEnds {
        /// The Stack, top first.
        units: Vec<String>,
    },
    /// 4.4c, 4.4d: an Open Order Capable unit Retires 2 hexes when a Fire or a Non-Mounted
    /// Charge that would Trigger an Opening Volley is declared against it: no Volley, no Fire,
    /// no Charge; the declaring Stack stops where it is, Finished.
    Retire {
        /// The Open Order unit.
        unit: String,
        /// What the players see (4.4b).
        facts: crate::open_order::OpenOrderFacts,
        /// The declaring Stack.
        against: Vec<String>,
    },
    /// 4.4d, from 1864: the unit stands fast and cannot Retire later in the Phase.
    StandFast {
        /// The Open Order unit.
        unit: String,
    },
}

fn set_state(game: &mut Game, ids: &[String], state: MoraleState) -> Result<(), Refused> {
    for id in ids {
        game.oob.unit_mut(id)?.state = state;
    }
    Ok(())
}

/// Applies a retreat command.
pub(crate) fn execute(game: &mut Game, command: &RetreatCommand) -> Result<Vec<String>, Refused> {
    match command {
        RetreatCommand::EzocLosses { units, hexes, leaders, leader_column, allocation } => {
            let members = stack(game, units)?;
            if *hexes == 0 {
                return Ok(vec!["No EZOC hex entered".into()]);
            }
            let takers: Vec<String> =
                members.iter().filter(|u| u.arm != Arm::OpenOrder).map(|u| u.id.clone()).collect();
            if takers.is_empty() {
                return Ok(vec!["Open Order units never take EZOC losses in a Retreat (10.3b, 6.4a)".into()]);
            }
            let cause = game.dues.cause();
            let mut lines = vec![format!("{hexes} EZOC hexes entered: {hexes} SP for the Stack (10.3b)")];
            lines.extend(apply_loss(game, &takers, *hexes, allocation.as_deref(), false, ("10.3b", cause))?.lines);
            lines.extend(leader_checks(game, leaders, leader_column, "10.3b", cause)?);
            Ok(lines)
        }
        RetreatCommand::Collision { retreating, stationary, choice, ends_here } => {
            let r = stack(game, retreating)?;
            let s = stack(game, stationary)?;
            if r[0].side != s[0].side {
                return Err(Refused::by("10.3", "Retreats never enter enemy Combat Units' hexes"));
            }
            if r.iter().all(|u| u.arm == Arm::Artillery) {
                return Ok(vec!["Retreating Artillery does not affect other units at all (10.3d)".into()]);
            }
            let worst = r.iter().chain(s.iter()).map(|u| u.state).fold(MoraleState::BloodLust, MoraleState::worst);
            match choice {
                Collision::Displace => {
                    let state = s.iter().map(|u| u.state).fold(MoraleState::BloodLust, MoraleState::worst).decreased();
                    set_state(game, stationary, state)?;
                    for u in s.iter().filter(|u| u.arm == Arm::Artillery) {
                        game.oob.unit_mut(&u.id)?.unit_formation = UnitFormation::Limbered;
                    }
                    Ok(vec![format!(
                        "The stationary Stack Displaces one hex left, right or center rear, now {} (10.3c); an HQ with it Skedaddles (13.6e)",
                        state.label()
                    )])
                }
                Collision::Join => {
                    let sps: u16 = r.iter().chain(s.iter()).map(|u| u16::from(u.strength)).sum();
                    if sps > STACKING_LIMIT {
                        return Err(Refused::by(
                            "10.3c",
                            format!("Joining cannot break the Stacking Limit: {sps} SPs"),
                        ));
                    }
                    set_state(game, retreating, worst)?;
                    set_state(game, stationary, worst)?;
                    Ok(vec![format!("The Stacks Join the Retreat together, {} (10.3c)", worst.label())])
                }
                Collision::PassThrough => {
                    if *ends_here {
                        return Err(Refused::by(
                            "10.3c",
                            "a Retreat that ends in the hex is a Displacement or a Joining",
                        ));
                    }
                    if s.iter().all(|u| u.arm == Arm::Artillery && u.unit_formation == UnitFormation::Unlimbered) {
                        return Ok(vec![
                            "Unlimbered Artillery is unaffected by friendly units Retreating through (10.3c)".into(),
                        ]);
                    }
                    let big = |list: &[crate::oob::Unit]| {
                        list.iter().map(|u| u16::from(u.strength)).sum::<u16>() >= PASS_THROUGH_SPS
                    };
                    if !(big(&r) || big(&s)) {
                        return Ok(vec![
                            "Neither Stack has 4 SPs: the Pass Through leaves the stationary Stack undisturbed (10.3c)"
                                .into(),
                        ]);
                    }
                    let state = worst.decreased();
                    set_state(game, retreating, state)?;
                    set_state(game, stationary, state)?;
                    Ok(vec![format!("Pass Through: both Stacks now {} (10.3c)", state.label())])
                }
            }
        }
        RetreatCommand::GunsOverrun { battery, die } => {
            let b = stack(game, std::slice::from_ref(battery))?.remove(0);
            if b.arm != Arm::Artillery || b.unit_formation != UnitFormation::Unlimbered {
                return Err(Refused::by("10.3d", format!("{} is not Unlimbered Artillery", b.name)));
            }
            let killed = die.face().min(b.strength);
            let u = game.oob.unit_mut(battery)?;
            u.take_loss(killed);
            let mut lines = vec![format!("{} loses {killed} SP, {} left (10.3d)", u.name, u.strength)];
            if u.dead {
                lines.push(format!("{} to the Dead Pile", u.name));
            } else {
                u.unit_formation = UnitFormation::Limbered;
                lines.push(format!("{} Limbers and Retreats (10.3d)", u.name));
            }
            Ok(lines)
        }
        RetreatCommand::Retire { unit, facts, against } => retire(game, unit, *facts, against),
        RetreatCommand::StandFast { unit } => {
            let u = stack(game, std::slice::from_ref(unit))?.remove(0);
            if crate::open_order::retirement(game.scenario.year)? != crate::open_order::Retirement::Choice {
                return Err(Refused::by("4.4d", "Retirement is required before 1864"));
            }
            let r = game.this_turn.now(&game.clock);
            if !r.stood_fast.contains(unit) {
                r.stood_fast.push(unit.clone());
            }
            Ok(vec![format!("{} stands fast: it cannot Retire later this Phase (4.4d)", u.name)])
        }
        RetreatCommand::StackEnds { units } => {
            let report = check_stack(&game.oob, units)?;
            set_state(game, units, report.state)?;
            let mut lines = vec![format!("{} SPs in the hex, {} (6.1a, 10.0)", report.sps, report.state.label())];
            lines.extend(report.problems.iter().map(|p| format!("{} ({})", p.text, p.rule)));
            Ok(lines)
        }
    }
}

fn retire(
    game: &mut Game,
    unit: &str,
    facts: crate::open_order::OpenOrderFacts,
    against: &[String],
) -> Result<Vec<String>, Refused> {
    let u = stack(game, &[unit.to_string()])?.remove(0);
    if u.arm != Arm::OpenOrder {
        return Err(Refused::by("4.4c", format!("{} is not an Open Order unit", u.name)));
    }
    crate::open_order::capable(u.state, facts)?;
    if game.this_turn.current(&game.clock).is_some_and(|r| r.stood_fast.iter().any(|x| x == unit)) {
        return Err(Refused::by("4.4d", format!("{} stood fast this Phase", u.name)));
    }
    let declaring = stack(game, against)?;
    if declaring[0].side == u.side || declaring[0].side != game.clock.phasing() {
        return Err(Refused::by("4.4d", "the non-Phasing unit Retires from the Phasing Stack's Fire or Charge"));
    }
    let mut lines =
        vec![format!("{} Retires 2 hexes to the rear: no Opening Volley, no Fire, no Charge (4.4d)", u.name)];
    if let Some(c) = &game.charge {
        if c.machine.mounted {
            return Err(Refused::by("11.4e", "Open Order units cannot escape a Mounted Charge by Retiring"));
        }
        if c.target.iter().any(|t| t == unit) && c.machine.step == crate::charge::ChargeStep::ClosingRoll {
            game.charge = None;
            lines.push("The Charge does not take place".into());
        }
    }
    let ids: Vec<String> = declaring.iter().map(|d| d.id.clone()).collect();
    game.this_turn.mark_finished(&game.clock, &ids);
    lines.push("The declaring Stack stops where it is and is Finished for the Phase (4.4d)".into());
    Ok(lines)
}
