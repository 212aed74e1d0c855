//! Every change to a game is a [`Command`]: a thin enum over each domain's own command type,
//! applied in one place ([`super::session`]), which logs it and makes it undoable.

use super::charges::{ChargeCommand, GameCharge, charger_ends_in_disorder, officer_with};
use super::checks::ChecksCommand;
use super::effect::{Effect, MoraleCheck};
use super::error::{CommandError, clean_name, quoted};
use super::game::Game;
use super::orders::{self, OrdersCommand};
use super::roster::{GunState, RegimentFlag};
use super::roster_edit::RosterEdit;
use super::roster_query::LevelCrossed;
use super::tracker::{self, TrackerCommand};
use super::units::UnitCommand;
use crate::rules::charge::cavalry::CavalryAftermath;
use crate::rules::charge::{Outcome as ChargeOutcome, Side as ChargeSide};
use crate::rules::unit::Formation;
use serde::{Deserialize, Serialize};

/// A change a player asks for, by the domain it belongs to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Move on to the next phase; after phase 8, the next turn (0.5: phases are never
    /// skipped, and only undo goes back). A new turn cancels single crew kills (4.3.5.b).
    NextPhase,
    /// Give the game a new name.
    RenameGame {
        /// The name.
        name: String,
    },
    /// The order of battle: divisions, brigades, regiments, batteries, sections, officers.
    Roster(RosterEdit),
    /// The units in play: kills, morale, formation, markers, guns, officers hit.
    Unit(UnitCommand),
    /// The turn tracker: ticks, the game's length and house rules, surprise.
    Tracker(TrackerCommand),
    /// Orders: the marking timer, marking, the reveal and Conditional Hold (1, 3).
    Orders(OrdersCommand),
    /// Charges: declared, resolved step by step through Table 16, applied (5).
    Charge(ChargeCommand),
    /// The morale checks due (4.4.1, 4.4.2).
    Checks(ChecksCommand),
}

impl From<RosterEdit> for Command {
    fn from(c: RosterEdit) -> Command {
        Command::Roster(c)
    }
}

impl From<UnitCommand> for Command {
    fn from(c: UnitCommand) -> Command {
        Command::Unit(c)
    }
}

/// What an applied command did, for the screens to show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The log line written.
    pub text: String,
    /// The id of what the command added or copied.
    pub created: Option<String>,
    /// Morale checks now due (4.4.1), in the order of 4.4.2.
    pub morale_checks: Vec<MoraleCheck>,
    /// A stand went (0.1.3): the screens say so.
    pub stand_lost: bool,
    /// Commands whose integrity level changed (11.2): the warning to show.
    pub levels_crossed: Vec<LevelCrossed>,
}

impl Command {
    /// Checks the command against the game, then applies it; returns what it did. Works on a
    /// copy the session throws away on refusal, so a refusal half-way changes nothing.
    pub(crate) fn execute(&self, game: &mut Game) -> Result<Effect, CommandError> {
        let text = match self {
            Command::Roster(c) => return c.execute(game),
            Command::Unit(c) => return c.execute(game),
            Command::Tracker(c) => c.execute(game)?,
            Command::Orders(c) => {
                let text = orders::execute(c, game)?;
                return Ok(Effect { secret: c.tells_of_marking(), ..Effect::from(text) });
            }
            Command::Charge(c) => super::charges::execute(c, game)?,
            Command::Checks(c) => c.execute(game)?,
            Command::NextPhase => next_phase(game),
            Command::RenameGame { name } => {
                let name = clean_name(name)?;
                let text = format!("Game renamed to {}", quoted(&name));
                game.name = name;
                text
            }
        };
        Ok(Effect::from(text))
    }
}

/// Moves the game on to the next phase, or after phase 8 to the next turn with the
/// end-of-turn housekeeping in one line (4.3.5.b, 5.1.4, 10.2, 2.3.4.e, 11.2, 8); returns the
/// log line.
fn next_phase(game: &mut Game) -> String {
    let (next, new_turn) = game.phase.next();
    if new_turn {
        let ended = game.turn;
        let effects = tracker::end_of_turn(game);
        game.phase = next;
        game.turn = game.turn.saturating_add(1);
        let effects = if effects.is_empty() { "nothing carries over".to_string() } else { effects.join("; ") };
        format!("End of turn {ended}: {effects}. Turn {} begins: phase 1, {}", game.turn, next.name())
    } else {
        game.phase = next;
        format!("Phase {}: {}", next.number(), next.name())
    }
}

/// The commands of the Game area, the app's first screen: the phase moved on and the
/// checklist's items ticked. They are applied through [`super::session::apply_turn`], which
/// reaches nothing of the other commands, so that the module every player loads first need
/// not hold the roster's edits or the charge machine (issue 15).
#[derive(Clone, Debug, PartialEq)]
pub enum TurnCommand {
    /// As [`Command::NextPhase`].
    NextPhase,
    /// As [`Command::Tracker`].
    Tracker(TrackerCommand),
}

impl TurnCommand {
    pub(crate) fn execute(&self, game: &mut Game) -> Result<Effect, CommandError> {
        Ok(Effect::from(match self {
            TurnCommand::NextPhase => next_phase(game),
            TurnCommand::Tracker(c) => c.execute(game)?,
        }))
    }
}

/// The ordinary commands that record a finished charge on the roster, in one list (applied
/// as one step): kills on both units one figure at a time (0.1.3), morale, disorder,
/// surrender or removal, guns taken, officers hit in the melee (5.8.2, 8), the charge counted
/// for 5.1.4, and the charge marked applied.
pub fn charge_result(game: &Game, gc: &GameCharge) -> Vec<Command> {
    let c = &gc.charge;
    let Some(outcome) = c.outcome else { return Vec::new() };
    let mut out = Vec::new();
    let roster = &game.roster;
    // The charging regiment.
    if let Some(r) = roster.regiment(&gc.charger) {
        let lost = c.setup.charger.figures.saturating_sub(c.charger_figures).min(r.figures_left());
        out.extend((0..lost).map(|_| Command::Unit(UnitCommand::AddKill { regiment: r.id.clone() })));
        let removed =
            matches!(outcome, ChargeOutcome::ChargerStopped(None) | ChargeOutcome::MeleeSurrender(ChargeSide::Charger))
                || matches!(outcome, ChargeOutcome::Cavalry { charger: CavalryAftermath::Surrenders, .. })
                || c.charger_figures == 0;
        if removed {
            if !r.removed_from_board && lost < r.figures_left() {
                out.push(Command::Unit(UnitCommand::SetFlag {
                    regiment: r.id.clone(),
                    flag: RegimentFlag::RemovedFromBoard,
                    on: true,
                }));
            }
        } else {
            if c.charger_morale != r.morale {
                out.push(Command::Unit(UnitCommand::SetMorale { unit: gc.charger.clone(), level: c.charger_morale }));
            }
            if charger_ends_in_disorder(c, outcome) && r.formation != Formation::Disorder {
                out.push(Command::Unit(UnitCommand::SetFormation {
                    regiment: r.id.clone(),
                    formation: Formation::Disorder,
                }));
            }
        }
        if r.charges.last_turn != Some(game.turn) && gc.follows.is_none() {
            out.push(Command::Unit(UnitCommand::RecordCharge { regiment: r.id.clone() }));
        }
    }
    // The charged unit.
    let defender_removed =
        matches!(
            outcome,
            ChargeOutcome::DefenderRemoved
                | ChargeOutcome::DefenderSurrendered
                | ChargeOutcome::MeleeSurrender(ChargeSide::Defender)
        ) || matches!(outcome, ChargeOutcome::Cavalry { defender: CavalryAftermath::Surrenders, .. })
            || c.defender_figures == 0;
    if let Some(r) = roster.regiment(&gc.defender) {
        let lost = c.setup.defender.figures.saturating_sub(c.defender_figures).min(r.figures_left());
        out.extend((0..lost).map(|_| Command::Unit(UnitCommand::AddKill { regiment: r.id.clone() })));
        if defender_removed {
            if !r.removed_from_board && lost < r.figures_left() {
                out.push(Command::Unit(UnitCommand::SetFlag {
                    regiment: r.id.clone(),
                    flag: RegimentFlag::RemovedFromBoard,
                    on: true,
                }));
            }
        } else {
            if c.defender_morale != r.morale {
                out.push(Command::Unit(UnitCommand::SetMorale { unit: gc.defender.clone(), level: c.defender_morale }));
            }
            if c.defender_disordered && r.formation != Formation::Disorder {
                out.push(Command::Unit(UnitCommand::SetFormation {
                    regiment: r.id.clone(),
                    formation: Formation::Disorder,
                }));
            }
        }
    } else if let Some(s) = roster.section(&gc.defender) {
        let lost = c.setup.defender.figures.saturating_sub(c.defender_figures);
        let taken = matches!(outcome, ChargeOutcome::GunsTaken) || defender_removed;
        if taken {
            if s.state != GunState::Captured {
                out.push(Command::Unit(UnitCommand::SetGunState { section: s.id.clone(), state: GunState::Captured }));
            }
        } else {
            // Two crew kills in a turn eliminate the crew (4.3.5.b).
            let room = 2u8.saturating_sub(s.crew_kills_this_turn);
            out.extend(
                (0..lost.min(u32::from(room)))
                    .map(|_| Command::Unit(UnitCommand::AddCrewKill { section: s.id.clone() })),
            );
            if c.defender_morale != s.morale && lost < u32::from(room) {
                out.push(Command::Unit(UnitCommand::SetMorale { unit: gc.defender.clone(), level: c.defender_morale }));
            }
        }
    }
    // Officers hit in the melee (5.8.2, 8).
    for hit in &c.officer_casualties {
        let unit = if hit.side == ChargeSide::Charger { &gc.charger } else { &gc.defender };
        if let Some((officer, _)) = officer_with(game, unit) {
            out.push(Command::Unit(UnitCommand::OfficerHit { officer, effect: hit.effect }));
        }
    }
    out.push(Command::Charge(ChargeCommand::Applied { charge: gc.id.clone() }));
    out
}
