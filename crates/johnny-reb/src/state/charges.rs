//! Charges kept in the game (5, Table 16): each declared from two roster units and advanced one
//! Table 16 step at a time through [`ChargeCommand`], one variant of
//! [`super::command::Command`], so that every step is logged and undoable and a charge in
//! progress survives a reload, a locked screen or a flat battery (it is part of the saved
//! game). The rules are the engine's ([`crate::rules::charge::Charge`]); this module only
//! keeps them, reads the roster for them, and says which ordinary commands record a finished
//! charge on the roster ([`super::command::charge_result`]).

use super::error::{CommandError, refused};
use super::game::Game;
use super::ids::{ChargeId, OfficerId, UnitId};
use super::roster::{ChargePermission, Regiment};
use crate::rules::charge::cavalry::CavalryAftermath;
use crate::rules::charge::sequence::{ChargedUnit, ChargingUnit, Conditions, Input};
use crate::rules::charge::{Advance, Charge, Happened, Outcome, Side as ChargeSide, show_inches};
use crate::rules::morale::{ArtillerySituation, BmpTableKind, CheckReason, FireEffects, MoraleUnit, bmp};
use crate::rules::unit::{Arm, Formation, MoraleLevel, OrderKind};
use crate::rules::{Overrides, RuleResult};
use serde::{Deserialize, Serialize};

pub use super::charges_state::*;

/// Changes to the game's charges.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ChargeCommand {
    /// Declare a charge (Table 16 step 1): the charging regiment, the charged unit and the
    /// charge as declared by the rules engine ([`Charge::declare_with`], or a continuation).
    Declare {
        /// The charging regiment's id.
        charger: UnitId,
        /// The charged regiment's or section's id.
        defender: UnitId,
        /// The charge as declared.
        charge: Box<Charge>,
        /// The charge it continues, if any.
        follows: Option<ChargeId>,
        /// A charged gun section's situation (2.3.3).
        #[serde(default)]
        guns: Option<ArtillerySituation>,
    },
    /// Resolve the current step of a charge with its input (Table 16).
    Step {
        /// The charge's id.
        charge: ChargeId,
        /// The step's input.
        input: Box<Input>,
        /// The players' Tables Card entries the step may read (Appendix F.13's Table 10).
        entries: Overrides,
        /// What the players said of the units' situations at this step, kept for the steps
        /// after it (none: the charge keeps what it had).
        #[serde(default)]
        given: Option<Conditions>,
    },
    /// More units on one side than the other in the impact (5.7.2): a series of one-on-one
    /// impacts for the lone unit.
    UnequalImpact {
        /// The charge's id.
        charge: ChargeId,
        /// The side of the lone unit.
        lone: ChargeSide,
        /// The enemy units in contact with it.
        contacts: u32,
    },
    /// The charge's result was applied to the roster (written with the commands that apply
    /// it, so that it is undone with them).
    Applied {
        /// The charge's id.
        charge: ChargeId,
    },
    /// Forget a charge declared by mistake.
    Discard {
        /// The charge's id.
        charge: ChargeId,
    },
}

fn name_of(game: &Game, id: &str) -> String {
    super::tracker::unit_name(&game.roster, id)
}

/// The charge of the game with this id, or the refusal.
fn charge_in<'g>(game: &'g mut Game, id: &str) -> Result<&'g mut GameCharge, CommandError> {
    game.charges.charges.iter_mut().find(|c| c.id == id).ok_or_else(|| refused("No such charge in this game."))
}

fn said(happened: &[Happened]) -> String {
    happened.iter().map(|h| format!("{} ({})", h.text.trim_end_matches('.'), h.rule)).collect::<Vec<_>>().join("; ")
}

/// Applies a charge command; the log line on success.
pub fn execute(cmd: &ChargeCommand, game: &mut Game) -> Result<String, CommandError> {
    match cmd {
        ChargeCommand::Declare { charger, defender, charge, follows, guns } => {
            let r = game
                .roster
                .regiment(charger)
                .ok_or_else(|| refused("The charging unit is not a regiment of the roster."))?;
            if r.is_lost() {
                return Err(refused(format!("{} is no longer on the board.", r.name)));
            }
            let defender_side =
                game.roster.side_of(defender).ok_or_else(|| refused("The charged unit is not in the roster."))?;
            if game.roster.regiment(defender).is_none() && game.roster.section(defender).is_none() {
                return Err(refused("The charged unit must be a regiment or a gun section."));
            }
            if game.roster.side_of(charger) == Some(defender_side) {
                return Err(refused("A charge is made against an enemy unit (5.1.1)."));
            }
            if follows.is_none() {
                if r.charges.permission(game.turn) == ChargePermission::NotAllowed {
                    return Err(refused(format!(
                        "{} charged the last two turns: a unit may never charge three turns in a row (5.1.4).",
                        r.name
                    )));
                }
                if let Some(open) = game
                    .charges
                    .charges
                    .iter()
                    .find(|c| c.turn == game.turn && c.charger == *charger && c.charge.outcome.is_none())
                {
                    return Err(refused(format!(
                        "{}'s charge against {} is still being resolved.",
                        r.name,
                        name_of(game, &open.defender)
                    )));
                }
            } else if let Some(f) = follows
                && game.charges.get(f).is_none()
            {
                return Err(refused("The charge it continues is not in the game."));
            }
            let id: ChargeId = game.roster.fresh(&mut game.next_id);
            let text = format!(
                "{} charges {}, {} away (5.1){}",
                r.name,
                name_of(game, defender),
                show_inches(charge.setup.distance),
                if follows.is_some() { ", continuing the charge before it" } else { "" }
            );
            game.charges.charges.push(GameCharge {
                id,
                turn: game.turn,
                charger: charger.clone(),
                defender: defender.clone(),
                charge: (**charge).clone(),
                applied: false,
                follows: follows.clone(),
                guns: *guns,
            });
            Ok(text)
        }
        ChargeCommand::Step { charge, input, entries, given } => {
            let rulings = game.setup.rules.charges.clone();
            let names = game.charges.get(charge).map(|c| (name_of(game, &c.charger), name_of(game, &c.defender)));
            let gc = charge_in(game, charge)?;
            if gc.applied {
                return Err(refused("This charge's result is already applied to the game."));
            }
            let step = gc
                .charge
                .table16_step()
                .map(|s| format!("Table 16 step {}{}", s.number, s.letter.map(String::from).unwrap_or_default()));
            let conditions = given.unwrap_or(gc.charge.conditions);
            match gc.charge.advance_given((**input).clone(), conditions, &rulings, entries) {
                Ok(Advance::Next { charge: next, happened }) => {
                    gc.charge = *next;
                    let (a, b) = names.unwrap_or_default();
                    Ok(format!("{a} charging {b}, {}: {}", step.unwrap_or_else(|| "Table 16".into()), said(&happened)))
                }
                Ok(Advance::Waiting(need)) => Err(refused(format!("This step still needs more: {need:?}."))),
                Err(e) => Err(refused(e.to_string())),
            }
        }
        ChargeCommand::UnequalImpact { charge, lone, contacts } => {
            let gc = charge_in(game, charge)?;
            gc.charge = gc.charge.unequal_impact(*lone, *contacts).map_err(|e| refused(e.to_string()))?;
            Ok(format!("Unequal impact: {contacts} units in contact with the lone unit (5.7.2)"))
        }
        ChargeCommand::Applied { charge } => {
            let gc = charge_in(game, charge)?;
            if gc.charge.outcome.is_none() {
                return Err(refused("The charge is not over yet: its result cannot be applied."));
            }
            if gc.applied {
                return Err(refused("This charge's result is already applied to the game."));
            }
            gc.applied = true;
            // The kills just applied queued first-kill, stand-lost and crew-kill checks (4.4.1)
            // that the charge has already rolled (5.4.3, 5.8.2): they do not wait again.
            let units = [gc.charger.clone(), gc.defender.clone()];
            game.checks_due.retain(|c| {
                !(units.contains(&c.unit)
                    && matches!(c.reason, CheckReason::FirstKill | CheckReason::StandLost | CheckReason::CrewKill))
            });
            Ok("The charge's result is applied to the roster".to_string())
        }
        ChargeCommand::Discard { charge } => {
            let at = game
                .charges
                .charges
                .iter()
                .position(|c| c.id == *charge)
                .ok_or_else(|| refused("No such charge in this game."))?;
            if game.charges.charges.iter().any(|c| c.follows.as_deref() == Some(charge.as_str())) {
                return Err(refused("Another charge continues this one: discard that one first."));
            }
            let gc = game.charges.charges.remove(at);
            Ok(format!(
                "The charge of {} against {} is discarded",
                name_of(game, &gc.charger),
                name_of(game, &gc.defender)
            ))
        }
    }
}

// ---- what the roster knows ----

/// The best benefit of the officers with `unit` who give benefits this turn, and his id.
pub fn officer_with(game: &Game, unit: &str) -> Option<(OfficerId, u8)> {
    [&game.roster.union, &game.roster.confederate]
        .into_iter()
        .flat_map(|a| a.officers.iter())
        .filter(|o| o.with_unit.as_deref() == Some(unit) && o.condition.status().gives_benefits(game.turn))
        .max_by_key(|o| o.benefit)
        .map(|o| (o.id.clone(), o.benefit))
}

/// A unit's order in force this turn, once the orders are revealed (3, 3.2); `None` before the
/// reveal or when no order was recorded (the players then say it).
pub fn revealed_order(game: &Game, unit: &str) -> Option<OrderKind> {
    let t = game.orders_this_turn().filter(|t| t.revealed)?;
    t.order_of(unit).map(|o| o.in_force())
}

/// The objective of `unit`'s Charge order this turn, if one is recorded (3.1, 5.1.1).
pub fn charge_objective(game: &Game, unit: &str) -> Option<UnitId> {
    let t = game.orders_this_turn()?;
    t.order_of(unit).filter(|o| o.kind == OrderKind::Charge).and_then(|o| o.objective.clone())
}

/// The charging regiment as the roster knows it (5.1): quality, arm, formation, morale,
/// figures and stands left, its Table 5 BMP, the officer with it, and which consecutive turn
/// of charging this is (5.1.4). What the roster cannot know (empty guns, the target off the
/// front) is left false for the players to set.
pub fn charging_unit(game: &Game, id: &str, overrides: &Overrides) -> RuleResult<Option<ChargingUnit>> {
    let Some(r) = game.roster.regiment(id) else { return Ok(None) };
    let rulings = &game.setup.rules.morale;
    let bmp = bmp(&MoraleUnit::regiment(r.arm, r.quality), BmpTableKind::NotCharged, overrides, rulings)?.value;
    Ok(Some(ChargingUnit {
        quality: r.quality,
        arm: r.arm,
        formation: r.formation,
        morale: r.morale,
        figures: r.figures_left(),
        stands: r.stands_left() as u32,
        bmp,
        officer_benefit: officer_with(game, id).map(|o| o.1).unwrap_or(0),
        empty_guns: false,
        consecutive_turn: match r.charges.permission(game.turn) {
            ChargePermission::Fresh => 1,
            ChargePermission::SecondTurn => 2,
            ChargePermission::NotAllowed => 3,
        },
        target_off_front: false,
    }))
}

/// The charged unit as the roster knows it: a regiment, or a gun section with its crew
/// (`crew_figures`, counted on the table, and the section's situation for Table 17). Its order
/// is the revealed one, or `order` when the players give it.
pub fn charged_unit(
    game: &Game,
    id: &str,
    order: Option<OrderKind>,
    crew_figures: u32,
    guns: ArtillerySituation,
    overrides: &Overrides,
) -> RuleResult<Option<ChargedUnit>> {
    let rulings = &game.setup.rules.morale;
    let order = revealed_order(game, id).or(order);
    let officer_benefit = officer_with(game, id).map(|o| o.1).unwrap_or(0);
    if let Some(r) = game.roster.regiment(id) {
        let table17_bmp =
            bmp(&MoraleUnit::regiment(r.arm, r.quality), BmpTableKind::Charged, overrides, rulings)?.value;
        return Ok(Some(ChargedUnit {
            quality: r.quality,
            arm: r.arm,
            formation: r.formation,
            morale: r.morale,
            figures: r.figures_left(),
            order: if r.morale == MoraleLevel::Routed { None } else { order },
            table17_bmp,
            officer_benefit,
        }));
    }
    let Some(s) = game.roster.section(id) else { return Ok(None) };
    let table17_bmp =
        bmp(&MoraleUnit::gun_section(s.crew_quality, guns), BmpTableKind::Charged, overrides, rulings)?.value;
    Ok(Some(ChargedUnit {
        quality: s.crew_quality,
        arm: Arm::Artillery,
        formation: if s.limbered { Formation::Limbered } else { Formation::Unlimbered },
        morale: s.morale,
        figures: crew_figures,
        order: if s.morale == MoraleLevel::Routed { None } else { order },
        table17_bmp,
        officer_benefit,
    }))
}

/// What `kills` more figures lost would do to a roster regiment that has already lost
/// `earlier` figures in this charge (4.4.1: its first kill, the stands emptied), for the morale
/// checks they call for.
pub fn kill_effects(r: &Regiment, earlier: u32, kills: u32) -> FireEffects {
    let mut before = r.clone();
    before.kills = before.kills.saturating_add(earlier);
    let mut after = before.clone();
    after.kills = after.kills.saturating_add(kills);
    FireEffects {
        figures_lost: kills,
        first_kill: kills > 0 && before.kills == 0,
        stands_lost: (after.stands_lost() - before.stands_lost()) as u32,
        ..FireEffects::default()
    }
}

/// Stands a roster regiment has lost once `earlier` more figures are killed (2.3.4.a, Table 18
/// "for each stand unit has lost").
pub fn stands_lost_after(r: &Regiment, earlier: u32) -> u32 {
    let mut after = r.clone();
    after.kills = after.kills.saturating_add(earlier);
    after.stands_lost() as u32
}

/// Whether the charging unit ends the charge in disorder: it lost the impact (5.7.3.a), fell
/// into disorder on the way in (its yellow marker, 5.3.1-5.3.2), or fought a melee (5.8.2).
pub fn charger_ends_in_disorder(c: &Charge, outcome: Outcome) -> bool {
    match outcome {
        Outcome::ChargerRepulsed | Outcome::MeleeBothRout | Outcome::MeleeSurrender(_) => true,
        Outcome::Cavalry { charger, .. } => charger != CavalryAftermath::Surrenders,
        Outcome::FellShort
        | Outcome::HaltedShort
        | Outcome::DefenderRouted
        | Outcome::DefenderSurrendered
        | Outcome::DefenderDrivenBack => {
            c.disordered_from_start || c.marks.as_ref().is_some_and(|m| m.disordered_at(m.total))
        }
        _ => c.charger_disordered_at_contact() && c.impact.is_some(),
    }
}

#[cfg(test)]
mod tests;
