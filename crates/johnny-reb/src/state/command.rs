//! Every change to a game is a [`Command`], checked and then applied in one place
//! ([`Session::dispatch`]), which records it in the log and makes it undoable.

use super::charges::ChargeCommand;
use super::game::{Game, LogEntry};
use super::orders::{MoraleChange, OrdersCommand};
use super::roster::{
    Army, Battery, Brigade, CANISTER_ROUNDS, CREW_KILLS_TO_ELIMINATE, ChargePermission, CommandScope, Division,
    GunState, LevelCrossed, MAX_BENEFIT, MAX_DETACHED_STANDS, MAX_MERGED_STANDS, Officer, OfficerCondition, Regiment,
    Roster, Section, Side,
};
use super::tracker::TrackerCommand;
use crate::rules::command::Stance;
use crate::rules::officers::consequences;
use crate::rules::tables::t20_officer_casualty::CasualtyEffect;
use crate::rules::unit::{Arm, Formation, MoraleLevel};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::fmt;

/// A change a player asks for. Ids name the units, commands and officers of the game's
/// [`Roster`]; a command that adds something gets a fresh id from the game, returned in
/// [`Outcome::created`].
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

    /// Set the stance of a side's whole army as one command (11.2).
    SetArmyStance {
        /// The side.
        side: Side,
        /// The stance (11.2).
        stance: Stance,
    },
    /// Replace a side's army with an imported army list (already validated by
    /// [`super::exchange`]; checked again here).
    ReplaceArmy {
        /// The side.
        side: Side,
        /// The army.
        army: Army,
    },

    /// Add an empty division at the end of a side.
    AddDivision {
        /// The side.
        side: Side,
        /// The name.
        name: String,
    },
    /// Rename a division and set its stance (11.2).
    EditDivision {
        /// The id of the item.
        id: String,
        /// The name.
        name: String,
        /// The stance (11.2).
        stance: Stance,
    },
    /// Copy a division with everything in it, placed after it.
    CopyDivision {
        /// The id of the item.
        id: String,
    },
    /// Delete a division with everything in it.
    DeleteDivision {
        /// The id of the item.
        id: String,
    },
    /// Move a division to position `to` in its side.
    MoveDivision {
        /// The id of the item.
        id: String,
        /// The new place, from 0 (past the end means last).
        to: usize,
    },

    /// Add an empty brigade at the end of a division.
    AddBrigade {
        /// The division's id.
        division: String,
        /// The name.
        name: String,
    },
    /// Rename a brigade.
    RenameBrigade {
        /// The id of the item.
        id: String,
        /// The name.
        name: String,
    },
    /// Copy a whole brigade, regiments and batteries, placed after it.
    CopyBrigade {
        /// The id of the item.
        id: String,
    },
    /// Delete a brigade with everything in it.
    DeleteBrigade {
        /// The id of the item.
        id: String,
    },
    /// Move a brigade to position `to` of a division of the same side.
    MoveBrigade {
        /// The id of the item.
        id: String,
        /// The division's id.
        division: String,
        /// The new place, from 0 (past the end means last).
        to: usize,
    },

    /// Add a regiment at the end of a brigade (its id is replaced by a fresh one).
    AddRegiment {
        /// The brigade's id.
        brigade: String,
        /// The regiment as filled in.
        regiment: Regiment,
    },
    /// Replace a regiment with an edited one of the same id.
    EditRegiment {
        /// The regiment as filled in.
        regiment: Regiment,
    },
    /// Copy a regiment, placed after it, with no losses.
    CopyRegiment {
        /// The id of the item.
        id: String,
    },
    /// Delete a regiment.
    DeleteRegiment {
        /// The id of the item.
        id: String,
    },
    /// Move a regiment to position `to` of a brigade of the same side.
    MoveRegiment {
        /// The id of the item.
        id: String,
        /// The brigade's id.
        brigade: String,
        /// The new place, from 0 (past the end means last).
        to: usize,
    },

    /// Add an empty battery to a division (divisional artillery) or a brigade.
    AddBattery {
        /// The id of the division or brigade.
        owner: String,
        /// The name.
        name: String,
    },
    /// Rename a battery.
    RenameBattery {
        /// The id of the item.
        id: String,
        /// The name.
        name: String,
    },
    /// Copy a battery with its sections, placed after it.
    CopyBattery {
        /// The id of the item.
        id: String,
    },
    /// Delete a battery and its sections.
    DeleteBattery {
        /// The id of the item.
        id: String,
    },
    /// Move a battery to position `to` of a division or brigade of the same side.
    MoveBattery {
        /// The id of the item.
        id: String,
        /// The id of the division or brigade.
        owner: String,
        /// The new place, from 0 (past the end means last).
        to: usize,
    },

    /// Add a gun section at the end of a battery (its id is replaced by a fresh one).
    AddSection {
        /// The battery's id.
        battery: String,
        /// The section as filled in.
        section: Section,
    },
    /// Replace a section with an edited one of the same id.
    EditSection {
        /// The section as filled in.
        section: Section,
    },
    /// Copy a section, placed after it, fresh.
    CopySection {
        /// The id of the item.
        id: String,
    },
    /// Delete a section.
    DeleteSection {
        /// The id of the item.
        id: String,
    },
    /// Move a section to position `to` of its battery.
    MoveSection {
        /// The id of the item.
        id: String,
        /// The new place, from 0 (past the end means last).
        to: usize,
    },

    /// Add an officer to a side (his id is replaced by a fresh one).
    AddOfficer {
        /// The side.
        side: Side,
        /// The officer as filled in.
        officer: Officer,
    },
    /// Replace an officer with an edited one of the same id.
    EditOfficer {
        /// The officer as filled in.
        officer: Officer,
    },
    /// Copy an officer (commanding nothing), placed after him.
    CopyOfficer {
        /// The id of the item.
        id: String,
    },
    /// Delete an officer.
    DeleteOfficer {
        /// The id of the item.
        id: String,
    },
    /// Move an officer to position `to` in his side's list.
    MoveOfficer {
        /// The id of the item.
        id: String,
        /// The new place, from 0 (past the end means last).
        to: usize,
    },

    /// One kill to a regiment, taken from the left (0.1.3).
    AddKill {
        /// The regiment's id.
        regiment: String,
    },
    /// Take back one kill (a mistaken tap).
    RemoveKill {
        /// The regiment's id.
        regiment: String,
    },
    /// Remove a stand other than by kills, from the right (2.4: a routed regiment that fails
    /// to rally).
    RemoveStand {
        /// The regiment's id.
        regiment: String,
    },
    /// Put back a stand removed by [`Command::RemoveStand`].
    RestoreStand {
        /// The regiment's id.
        regiment: String,
    },
    /// Set a regiment's or a section crew's morale (2.3.5).
    SetMorale {
        /// The regiment's or gun section's id.
        unit: String,
        /// The morale level.
        level: MoraleLevel,
    },
    /// Set a regiment's formation (0.1.2).
    SetFormation {
        /// The regiment's id.
        regiment: String,
        /// The formation.
        formation: Formation,
    },
    /// Mount or dismount a cavalry or mounted infantry regiment (6.7.2), in the formation it
    /// takes by the free formation change that goes with it.
    SetMounted {
        /// The regiment's id.
        regiment: String,
        /// On horseback (true) or on foot (false).
        mounted: bool,
        /// Its formation afterwards (0.1.2.b when mounted).
        formation: Formation,
    },
    /// Set or clear a marker on a regiment.
    SetFlag {
        /// The regiment's id.
        regiment: String,
        /// The marker.
        flag: RegimentFlag,
        /// Set (true) or clear (false).
        on: bool,
    },
    /// Record that a regiment charges this turn (5.1.4: refused on a third turn in a row).
    RecordCharge {
        /// The regiment's id.
        regiment: String,
    },
    /// Detach 0 to 2 stands as skirmishers (6.8.6).
    SetDetachedSkirmishers {
        /// The regiment's id.
        regiment: String,
        /// How many stands (0 to 2).
        stands: u8,
    },
    /// Merge the remaining stands of `regiment` into `host` of the same brigade (6.8.9).
    Merge {
        /// The regiment's id.
        regiment: String,
        /// The id of the regiment they join.
        host: String,
    },

    /// One kill to a gun crew this turn (4.3.5.b; 4.4.1.b): the second eliminates the crew
    /// and the gun is abandoned.
    AddCrewKill {
        /// The gun section's id.
        section: String,
    },
    /// Take back one crew kill this turn.
    RemoveCrewKill {
        /// The gun section's id.
        section: String,
    },
    /// Limber or unlimber a section (6.6.1).
    SetLimbered {
        /// The gun section's id.
        section: String,
        /// Limbered (true) or unlimbered (false).
        limbered: bool,
    },
    /// Fire canister: one round, or two for double canister (4.3.4.a, 4.3.4.b).
    UseCanister {
        /// The gun section's id.
        section: String,
        /// 1, or 2 for double canister.
        rounds: u8,
    },
    /// Set or clear "low on shot" (4.3.4.a).
    SetLowOnShot {
        /// The gun section's id.
        section: String,
        /// Set (true) or clear (false).
        on: bool,
    },
    /// Set what has become of a gun: abandoned, spiked, destroyed, captured, or back in
    /// action (4.3.5).
    SetGunState {
        /// The gun section's id.
        section: String,
        /// What has become of the gun.
        state: GunState,
    },

    /// An officer hit in Phase Eight with this Table 20 effect, in the current turn (8).
    OfficerHit {
        /// The officer's id.
        officer: String,
        /// The Table 20 effect.
        effect: CasualtyEffect,
    },
    /// Set an officer's condition directly (a correction).
    SetOfficerCondition {
        /// The officer's id.
        officer: String,
        /// His condition.
        condition: OfficerCondition,
    },
    /// Attach an officer to a regiment or section, or to none.
    SetOfficerWith {
        /// The officer's id.
        officer: String,
        /// The regiment or gun section, by id, or none.
        unit: Option<String>,
    },

    /// The turn tracker: ticks, the game's length and house rules, surprise.
    Tracker(TrackerCommand),
    /// Orders: the marking timer, marking, the reveal and Conditional Hold (1, 3).
    Orders(OrdersCommand),
    /// Charges: declared, resolved step by step through Table 16, applied (5).
    Charge(ChargeCommand),
    /// The morale checks due (4.4.1, 4.4.2).
    Checks(super::checks::ChecksCommand),
}

/// A marker on a regiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RegimentFlag {
    /// Out of ammunition for the rest of the scenario (4.2.4.a).
    OutOfAmmo,
    /// Its opening volley has been fired (4.2.3).
    OpeningVolleyUsed,
    /// Lying prone (6.8.5).
    Prone,
    /// Removed from the board as lost (2.3, a routed unit failing a check).
    RemovedFromBoard,
}

impl RegimentFlag {
    /// The words of the marker.
    pub fn label(self) -> &'static str {
        match self {
            RegimentFlag::OutOfAmmo => "out of ammo",
            RegimentFlag::OpeningVolleyUsed => "opening volley fired",
            RegimentFlag::Prone => "lying prone",
            RegimentFlag::RemovedFromBoard => "removed from the board",
        }
    }
}

/// Why a unit must check morale now (4.4.1, Table 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheckReason {
    /// Its first kill (4.4.1.a; Table 2, no. 3).
    FirstKill,
    /// A crew kill to a gun section (4.4.1.b; Table 2, no. 4).
    CrewKill,
    /// A stand lost (4.4.1.d; Table 2, no. 6), with the new +2 (2.3.4.a).
    StandLost,
}

impl CheckReason {
    /// The rule that asks for the check.
    pub fn rule(self) -> &'static str {
        match self {
            CheckReason::FirstKill => "4.4.1.a",
            CheckReason::CrewKill => "4.4.1.b",
            CheckReason::StandLost => "4.4.1.d",
        }
    }

    /// The words the players see.
    pub fn label(self) -> &'static str {
        match self {
            CheckReason::FirstKill => "first kill",
            CheckReason::CrewKill => "crew kill",
            CheckReason::StandLost => "stand lost",
        }
    }
}

/// A morale check a command calls for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoraleCheck {
    /// The unit's id.
    pub unit: String,
    /// The unit's name.
    pub name: String,
    /// Why.
    pub reason: CheckReason,
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

/// Why a command was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// A name must have something in it and be of reasonable length.
    BadName(String),
    /// No such unit, command or officer in the game.
    NotFound {
        /// What was looked for: "regiment", "battery"...
        what: &'static str,
        /// The id asked for.
        id: String,
    },
    /// The rules (or the app's limits) do not allow it; the text says why, with the rule.
    Refused(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::BadName(why) => write!(f, "{why}"),
            CommandError::NotFound { what, id } => {
                write!(f, "There is no {what} {} in this game.", super::roster::shown(id))
            }
            CommandError::Refused(why) => write!(f, "{why}"),
        }
    }
}

pub use companion_core::names::MAX_NAME_CHARS;
use companion_core::names::copy_name;

/// Checks a name typed by a player (see [`companion_core::names::clean_name`]).
pub fn clean_name(name: &str) -> Result<String, CommandError> {
    companion_core::names::clean_name(name).map_err(|e| CommandError::BadName(e.0))
}

fn not_found(what: &'static str, id: &str) -> CommandError {
    CommandError::NotFound { what, id: id.to_string() }
}

fn refused(why: impl Into<String>) -> CommandError {
    CommandError::Refused(why.into())
}

/// What `execute` found, before the session adds the integrity levels.
#[derive(Default)]
struct Effect {
    text: String,
    created: Option<String>,
    morale_checks: Vec<MoraleCheck>,
    stand_lost: bool,
}

impl From<String> for Effect {
    fn from(text: String) -> Effect {
        Effect { text, ..Effect::default() }
    }
}

fn q(name: &str) -> String {
    format!("\u{201c}{name}\u{201d}")
}

/// Refuses a roster over the app's limits or otherwise unsound.
fn check_roster(roster: &Roster) -> Result<(), CommandError> {
    roster.validate().map_err(CommandError::Refused)
}

/// Clears every reference to ids no longer in the roster: officers' commands and units,
/// merges, and the integrity levels of commands that are gone.
fn clear_dangling(roster: &mut Roster) {
    let ids: HashSet<String> = roster.ids().into_iter().map(str::to_string).collect();
    roster.levels_reached.retain(|l| match &l.scope {
        CommandScope::Army(_) => true,
        CommandScope::Division(id) | CommandScope::Brigade(id) => ids.contains(id),
    });
    for side in Side::BOTH {
        let army = roster.army_mut(side);
        for o in &mut army.officers {
            if o.commands.as_ref().is_some_and(|c| !ids.contains(c)) {
                o.commands = None;
            }
            if o.with_unit.as_ref().is_some_and(|u| !ids.contains(u)) {
                o.with_unit = None;
            }
        }
        for d in &mut army.divisions {
            for b in &mut d.brigades {
                for r in &mut b.regiments {
                    if r.merged_into.as_ref().is_some_and(|h| !ids.contains(h)) {
                        r.merged_into = None;
                    }
                }
            }
        }
    }
}

fn renew_section(s: &mut Section, roster: &Roster, counter: &mut u64) {
    s.id = roster.fresh_id("s", counter);
}

fn renew_battery(b: &mut Battery, roster: &Roster, counter: &mut u64) {
    b.id = roster.fresh_id("bt", counter);
    for s in &mut b.sections {
        renew_section(s, roster, counter);
    }
}

fn renew_regiment(r: &mut Regiment, roster: &Roster, counter: &mut u64) {
    r.id = roster.fresh_id("r", counter);
}

/// A brigade copy with fresh ids; merges inside it point at the copies.
fn renew_brigade(b: &mut Brigade, roster: &Roster, counter: &mut u64) {
    b.id = roster.fresh_id("b", counter);
    let mut map = Vec::new();
    for r in &mut b.regiments {
        let old = r.id.clone();
        renew_regiment(r, roster, counter);
        map.push((old, r.id.clone()));
    }
    let new_of = |old: &str| map.iter().find(|(o, _)| o == old).map(|(_, n)| n.clone());
    for r in &mut b.regiments {
        r.merged_into = r.merged_into.as_deref().and_then(new_of);
    }
    for bat in &mut b.batteries {
        renew_battery(bat, roster, counter);
    }
}

fn renew_division(d: &mut Division, roster: &Roster, counter: &mut u64) {
    d.id = roster.fresh_id("d", counter);
    for b in &mut d.brigades {
        renew_brigade(b, roster, counter);
    }
    for bat in &mut d.batteries {
        renew_battery(bat, roster, counter);
    }
}

/// Gives every division, brigade, regiment, battery, section and officer of an incoming
/// army a fresh id, and points the officers, merges and attachments at the new ids.
fn renew_army(army: &mut Army, roster: &Roster, counter: &mut u64) {
    let mut map: HashMap<String, String> = HashMap::new();
    {
        let mut fresh = |id: &mut String, prefix: &str| {
            let new = roster.fresh_id(prefix, counter);
            map.insert(std::mem::replace(id, new.clone()), new);
        };
        for d in &mut army.divisions {
            fresh(&mut d.id, "d");
            for b in &mut d.brigades {
                fresh(&mut b.id, "b");
                for r in &mut b.regiments {
                    fresh(&mut r.id, "r");
                }
                for bat in &mut b.batteries {
                    fresh(&mut bat.id, "bt");
                    for s in &mut bat.sections {
                        fresh(&mut s.id, "s");
                    }
                }
            }
            for bat in &mut d.batteries {
                fresh(&mut bat.id, "bt");
                for s in &mut bat.sections {
                    fresh(&mut s.id, "s");
                }
            }
        }
        for o in &mut army.officers {
            fresh(&mut o.id, "o");
        }
    }
    let remap = |id: &Option<String>| id.as_ref().and_then(|i| map.get(i).cloned());
    for o in &mut army.officers {
        o.commands = remap(&o.commands);
        o.with_unit = remap(&o.with_unit);
    }
    for d in &mut army.divisions {
        for b in &mut d.brigades {
            for r in &mut b.regiments {
                r.merged_into = remap(&r.merged_into);
            }
        }
    }
}

/// Moves the item at `from` to `to` (clamped to the end).
fn reorder<T>(items: &mut Vec<T>, from: usize, to: usize) {
    if from < items.len() {
        let item = items.remove(from);
        let to = to.min(items.len());
        items.insert(to, item);
    }
}

fn regiment_ref<'a>(roster: &'a Roster, id: &str) -> Result<&'a Regiment, CommandError> {
    roster.regiment(id).ok_or_else(|| not_found("regiment", id))
}

fn regiment_mut<'a>(roster: &'a mut Roster, id: &str) -> Result<&'a mut Regiment, CommandError> {
    roster.regiment_mut(id).ok_or_else(|| not_found("regiment", id))
}

fn section_mut<'a>(roster: &'a mut Roster, id: &str) -> Result<&'a mut Section, CommandError> {
    roster.section_mut(id).ok_or_else(|| not_found("gun section", id))
}

fn officer_mut<'a>(roster: &'a mut Roster, id: &str) -> Result<&'a mut Officer, CommandError> {
    roster.officer_mut(id).ok_or_else(|| not_found("officer", id))
}

fn morale_word(level: MoraleLevel) -> &'static str {
    match level {
        MoraleLevel::Good => "good",
        MoraleLevel::Shaken => "shaken",
        MoraleLevel::Routed => "routed",
    }
}

/// Cleans the names of a regiment the players filled in.
fn clean_regiment(r: &mut Regiment) -> Result<(), CommandError> {
    r.name = clean_name(&r.name)?;
    let problems = r.problems();
    if let Some(p) = problems.first() {
        return Err(refused(format!("{}: {p}.", q(&r.name))));
    }
    Ok(())
}

fn clean_section(s: &mut Section) -> Result<(), CommandError> {
    s.name = clean_name(&s.name)?;
    s.gun.name = clean_name(&s.gun.name)?;
    if let Some(p) = s.problems().first() {
        return Err(refused(format!("{}: {p}.", q(&s.name))));
    }
    Ok(())
}

fn clean_officer(o: &mut Officer) -> Result<(), CommandError> {
    o.name = clean_name(&o.name)?;
    if o.benefit > MAX_BENEFIT {
        return Err(refused(format!(
            "A benefit value is usually 1 or 2 (2.3.4.f); the app takes up to {MAX_BENEFIT}."
        )));
    }
    Ok(())
}

impl Command {
    /// Checks the command against the game, then applies it. Returns what it did.
    ///
    /// Works on a copy the session throws away on refusal, so a refusal half-way changes
    /// nothing.
    fn execute(&self, game: &mut Game) -> Result<Effect, CommandError> {
        let turn = game.turn;
        let counter = &mut game.next_id;
        let roster = &mut game.roster;
        let text = match self {
            Command::Orders(cmd) => super::orders::execute(cmd, game)?,
            Command::Charge(cmd) => super::charges::execute(cmd, game)?,
            Command::NextPhase => {
                let from = game.phase;
                let (next, new_turn) = from.next();
                if new_turn {
                    // The end-of-turn housekeeping, in one line (4.3.5.b, 5.1.4, 10.2,
                    // 2.3.4.e, 11.2, 8).
                    let ended = game.turn;
                    let effects = super::tracker::end_of_turn(game);
                    game.phase = next;
                    game.turn = game.turn.saturating_add(1);
                    let effects =
                        if effects.is_empty() { "nothing carries over".to_string() } else { effects.join("; ") };
                    format!("End of turn {ended}: {effects}. Turn {} begins: phase 1, {}", game.turn, next.name())
                } else {
                    game.phase = next;
                    format!("Phase {}: {}", next.number(), next.name())
                }
            }
            Command::RenameGame { name } => {
                let name = clean_name(name)?;
                let text = format!("Game renamed to {}", q(&name));
                game.name = name;
                text
            }
            Command::SetArmyStance { side, stance } => {
                roster.army_mut(*side).stance = *stance;
                format!("{} army: stance {:?} (11.2)", side.label(), stance)
            }
            Command::ReplaceArmy { side, army } => {
                let mut army = army.clone();
                renew_army(&mut army, roster, counter);
                *roster.army_mut(*side) = army;
                clear_dangling(roster);
                check_roster(roster)?;
                let a = roster.army(*side);
                format!(
                    "{} army list loaded: {} regiments, {} gun sections, {} officers",
                    side.label(),
                    a.regiments().count(),
                    a.sections().count(),
                    a.officers.len()
                )
            }

            // Divisions.
            Command::AddDivision { side, name } => {
                let name = clean_name(name)?;
                let id = roster.fresh_id("d", counter);
                roster.army_mut(*side).divisions.push(Division {
                    id: id.clone(),
                    name: name.clone(),
                    stance: Stance::Normal,
                    brigades: Vec::new(),
                    batteries: Vec::new(),
                });
                check_roster(roster)?;
                return Ok(Effect {
                    text: format!("{}: division {} added", side.label(), q(&name)),
                    created: Some(id),
                    ..Effect::default()
                });
            }
            Command::EditDivision { id, name, stance } => {
                let name = clean_name(name)?;
                let d = roster.division_mut(id).ok_or_else(|| not_found("division", id))?;
                let text = format!("Division {} is now {} ({:?})", q(&d.name), q(&name), stance);
                d.name = name;
                d.stance = *stance;
                text
            }
            Command::CopyDivision { id } => {
                let (side, i) = roster.find_division(id).ok_or_else(|| not_found("division", id))?;
                let mut copy = roster.army(side).divisions.get(i).cloned().ok_or_else(|| not_found("division", id))?;
                renew_division(&mut copy, roster, counter);
                copy.name = copy_name(&copy.name);
                let (name, new_id) = (copy.name.clone(), copy.id.clone());
                roster.army_mut(side).divisions.insert(i + 1, copy);
                check_roster(roster)?;
                return Ok(Effect {
                    text: format!("Division copied as {}", q(&name)),
                    created: Some(new_id),
                    ..Effect::default()
                });
            }
            Command::DeleteDivision { id } => {
                let (side, i) = roster.find_division(id).ok_or_else(|| not_found("division", id))?;
                let d = roster.army_mut(side).divisions.remove(i);
                clear_dangling(roster);
                format!("Division {} deleted", q(&d.name))
            }
            Command::MoveDivision { id, to } => {
                let (side, i) = roster.find_division(id).ok_or_else(|| not_found("division", id))?;
                let divisions = &mut roster.army_mut(side).divisions;
                reorder(divisions, i, *to);
                let name = divisions
                    .get((*to).min(divisions.len().saturating_sub(1)))
                    .map(|d| d.name.clone())
                    .unwrap_or_default();
                format!("Division {} moved to place {}", q(&name), (*to).min(divisions.len().saturating_sub(1)) + 1)
            }

            // Brigades.
            Command::AddBrigade { division, name } => {
                let name = clean_name(name)?;
                let id = roster.fresh_id("b", counter);
                let d = roster.division_mut(division).ok_or_else(|| not_found("division", division))?;
                d.brigades.push(Brigade {
                    id: id.clone(),
                    name: name.clone(),
                    regiments: Vec::new(),
                    batteries: Vec::new(),
                });
                let text = format!("{}: brigade {} added", d.name, q(&name));
                check_roster(roster)?;
                return Ok(Effect { text, created: Some(id), ..Effect::default() });
            }
            Command::RenameBrigade { id, name } => {
                let name = clean_name(name)?;
                let b = roster.brigade_mut(id).ok_or_else(|| not_found("brigade", id))?;
                let text = format!("Brigade {} renamed {}", q(&b.name), q(&name));
                b.name = name;
                text
            }
            Command::CopyBrigade { id } => {
                let (side, di, bi) = roster.find_brigade(id).ok_or_else(|| not_found("brigade", id))?;
                let mut copy = roster.brigade(id).cloned().ok_or_else(|| not_found("brigade", id))?;
                renew_brigade(&mut copy, roster, counter);
                copy.name = copy_name(&copy.name);
                let (name, new_id, n) = (copy.name.clone(), copy.id.clone(), copy.regiments.len());
                if let Some(d) = roster.army_mut(side).divisions.get_mut(di) {
                    d.brigades.insert(bi + 1, copy);
                }
                check_roster(roster)?;
                return Ok(Effect {
                    text: format!("Brigade copied as {} with {n} regiments", q(&name)),
                    created: Some(new_id),
                    ..Effect::default()
                });
            }
            Command::DeleteBrigade { id } => {
                let (side, di, bi) = roster.find_brigade(id).ok_or_else(|| not_found("brigade", id))?;
                let d = roster.army_mut(side).divisions.get_mut(di).ok_or_else(|| not_found("brigade", id))?;
                let b = d.brigades.remove(bi);
                clear_dangling(roster);
                format!("Brigade {} deleted", q(&b.name))
            }
            Command::MoveBrigade { id, division, to } => {
                let (side, di, bi) = roster.find_brigade(id).ok_or_else(|| not_found("brigade", id))?;
                let (to_side, to_di) = roster.find_division(division).ok_or_else(|| not_found("division", division))?;
                if side != to_side {
                    return Err(refused("A brigade cannot change sides."));
                }
                let army = roster.army_mut(side);
                let b = army
                    .divisions
                    .get_mut(di)
                    .map(|d| d.brigades.remove(bi))
                    .ok_or_else(|| not_found("brigade", id))?;
                let name = b.name.clone();
                let d = army.divisions.get_mut(to_di).ok_or_else(|| not_found("division", division))?;
                let at = (*to).min(d.brigades.len());
                d.brigades.insert(at, b);
                format!("Brigade {} moved to {}, place {}", q(&name), q(&d.name), at + 1)
            }

            // Regiments.
            Command::AddRegiment { brigade, regiment } => {
                let mut r = regiment.clone();
                clean_regiment(&mut r)?;
                r.id = roster.fresh_id("r", counter);
                r.merged_into = None;
                let id = r.id.clone();
                let b = roster.brigade_mut(brigade).ok_or_else(|| not_found("brigade", brigade))?;
                let text = format!("{}: regiment {} added ({} figures)", b.name, q(&r.name), r.figures());
                b.regiments.push(r);
                check_roster(roster)?;
                return Ok(Effect { text, created: Some(id), ..Effect::default() });
            }
            Command::EditRegiment { regiment } => {
                let mut r = regiment.clone();
                clean_regiment(&mut r)?;
                let slot = regiment_mut(roster, &r.id)?;
                let text = format!("Regiment {} edited", q(&r.name));
                *slot = r;
                check_roster(roster)?;
                text
            }
            Command::CopyRegiment { id } => {
                let at = roster.find_regiment(id).ok_or_else(|| not_found("regiment", id))?;
                let original = regiment_ref(roster, id)?;
                // A copy is a fresh regiment of the same make: no losses, no markers (0.1.1).
                let mut copy = Regiment::new(
                    "",
                    copy_name(&original.name),
                    original.stands.clone(),
                    original.quality,
                    original.weapon,
                );
                copy.arm = original.arm;
                copy.traits = original.traits;
                copy.formation = if original.arm.is_mounted() { Formation::Line } else { original.formation };
                if matches!(copy.formation, Formation::Disorder) {
                    copy.formation = Formation::Line;
                }
                renew_regiment(&mut copy, roster, counter);
                let (name, new_id) = (copy.name.clone(), copy.id.clone());
                if let Some(b) =
                    roster.army_mut(at.side).divisions.get_mut(at.division).and_then(|d| d.brigades.get_mut(at.brigade))
                {
                    b.regiments.insert(at.index + 1, copy);
                }
                check_roster(roster)?;
                return Ok(Effect {
                    text: format!("Regiment copied as {}", q(&name)),
                    created: Some(new_id),
                    ..Effect::default()
                });
            }
            Command::DeleteRegiment { id } => {
                let at = roster.find_regiment(id).ok_or_else(|| not_found("regiment", id))?;
                let b = roster
                    .army_mut(at.side)
                    .divisions
                    .get_mut(at.division)
                    .and_then(|d| d.brigades.get_mut(at.brigade))
                    .ok_or_else(|| not_found("regiment", id))?;
                let r = b.regiments.remove(at.index);
                clear_dangling(roster);
                format!("Regiment {} deleted", q(&r.name))
            }
            Command::MoveRegiment { id, brigade, to } => {
                let at = roster.find_regiment(id).ok_or_else(|| not_found("regiment", id))?;
                let (to_side, to_d, to_b) =
                    roster.find_brigade(brigade).ok_or_else(|| not_found("brigade", brigade))?;
                if at.side != to_side {
                    return Err(refused("A regiment cannot change sides."));
                }
                let army = roster.army_mut(at.side);
                let r = army
                    .divisions
                    .get_mut(at.division)
                    .and_then(|d| d.brigades.get_mut(at.brigade))
                    .map(|b| b.regiments.remove(at.index))
                    .ok_or_else(|| not_found("regiment", id))?;
                let name = r.name.clone();
                let b = army
                    .divisions
                    .get_mut(to_d)
                    .and_then(|d| d.brigades.get_mut(to_b))
                    .ok_or_else(|| not_found("brigade", brigade))?;
                let place = (*to).min(b.regiments.len());
                b.regiments.insert(place, r);
                format!("Regiment {} moved to {}, place {}", q(&name), q(&b.name), place + 1)
            }

            // Batteries.
            Command::AddBattery { owner, name } => {
                let name = clean_name(name)?;
                let id = roster.fresh_id("bt", counter);
                let battery = Battery { id: id.clone(), name: name.clone(), sections: Vec::new() };
                if let Some(b) = roster.brigade_mut(owner) {
                    b.batteries.push(battery);
                } else if let Some(d) = roster.division_mut(owner) {
                    d.batteries.push(battery);
                } else {
                    return Err(not_found("division or brigade", owner));
                }
                check_roster(roster)?;
                return Ok(Effect {
                    text: format!("Battery {} added", q(&name)),
                    created: Some(id),
                    ..Effect::default()
                });
            }
            Command::RenameBattery { id, name } => {
                let name = clean_name(name)?;
                let b = roster.battery_mut(id).ok_or_else(|| not_found("battery", id))?;
                let text = format!("Battery {} renamed {}", q(&b.name), q(&name));
                b.name = name;
                text
            }
            Command::CopyBattery { id } => {
                let at = roster.find_battery(id).ok_or_else(|| not_found("battery", id))?;
                let mut copy = roster.battery(id).cloned().ok_or_else(|| not_found("battery", id))?;
                renew_battery(&mut copy, roster, counter);
                copy.name = copy_name(&copy.name);
                for s in &mut copy.sections {
                    let fresh = Section::new(s.id.clone(), s.name.clone(), s.gun.clone(), s.crew_quality);
                    *s = fresh;
                }
                let (name, new_id) = (copy.name.clone(), copy.id.clone());
                roster.battery_list_mut(at).ok_or_else(|| not_found("battery", id))?.insert(at.index + 1, copy);
                check_roster(roster)?;
                return Ok(Effect {
                    text: format!("Battery copied as {}", q(&name)),
                    created: Some(new_id),
                    ..Effect::default()
                });
            }
            Command::DeleteBattery { id } => {
                let at = roster.find_battery(id).ok_or_else(|| not_found("battery", id))?;
                let list = roster.battery_list_mut(at).ok_or_else(|| not_found("battery", id))?;
                let b = list.remove(at.index);
                clear_dangling(roster);
                format!("Battery {} deleted", q(&b.name))
            }
            Command::MoveBattery { id, owner, to } => {
                let at = roster.find_battery(id).ok_or_else(|| not_found("battery", id))?;
                let owner_side = roster.side_of(owner).ok_or_else(|| not_found("division or brigade", owner))?;
                if owner_side != at.side {
                    return Err(refused("A battery cannot change sides."));
                }
                if roster.brigade(owner).is_none() && roster.division(owner).is_none() {
                    return Err(not_found("division or brigade", owner));
                }
                let list = roster.battery_list_mut(at).ok_or_else(|| not_found("battery", id))?;
                let b = list.remove(at.index);
                let name = b.name.clone();
                let target = match roster.brigade_mut(owner) {
                    Some(br) => &mut br.batteries,
                    None => &mut roster.division_mut(owner).ok_or_else(|| not_found("division", owner))?.batteries,
                };
                let place = (*to).min(target.len());
                target.insert(place, b);
                format!("Battery {} moved, place {}", q(&name), place + 1)
            }

            // Sections.
            Command::AddSection { battery, section } => {
                let mut s = section.clone();
                clean_section(&mut s)?;
                renew_section(&mut s, roster, counter);
                let id = s.id.clone();
                let b = roster.battery_mut(battery).ok_or_else(|| not_found("battery", battery))?;
                let text = format!("{}: section {} added ({})", b.name, q(&s.name), s.gun.name);
                b.sections.push(s);
                check_roster(roster)?;
                return Ok(Effect { text, created: Some(id), ..Effect::default() });
            }
            Command::EditSection { section } => {
                let mut s = section.clone();
                clean_section(&mut s)?;
                let slot = section_mut(roster, &s.id)?;
                let text = format!("Section {} edited", q(&s.name));
                *slot = s;
                check_roster(roster)?;
                text
            }
            Command::CopySection { id } => {
                let (bat, i) = roster.find_section(id).ok_or_else(|| not_found("gun section", id))?;
                let original = roster.section(id).ok_or_else(|| not_found("gun section", id))?;
                let mut copy = Section::new("", copy_name(&original.name), original.gun.clone(), original.crew_quality);
                copy.limbered = original.limbered;
                renew_section(&mut copy, roster, counter);
                let (name, new_id) = (copy.name.clone(), copy.id.clone());
                roster.battery_mut(&bat).ok_or_else(|| not_found("battery", &bat))?.sections.insert(i + 1, copy);
                check_roster(roster)?;
                return Ok(Effect {
                    text: format!("Section copied as {}", q(&name)),
                    created: Some(new_id),
                    ..Effect::default()
                });
            }
            Command::DeleteSection { id } => {
                let (bat, i) = roster.find_section(id).ok_or_else(|| not_found("gun section", id))?;
                let s = roster.battery_mut(&bat).ok_or_else(|| not_found("battery", &bat))?.sections.remove(i);
                clear_dangling(roster);
                format!("Section {} deleted", q(&s.name))
            }
            Command::MoveSection { id, to } => {
                let (bat, i) = roster.find_section(id).ok_or_else(|| not_found("gun section", id))?;
                let b = roster.battery_mut(&bat).ok_or_else(|| not_found("battery", &bat))?;
                reorder(&mut b.sections, i, *to);
                let place = (*to).min(b.sections.len().saturating_sub(1));
                format!("{}: section moved to place {}", b.name, place + 1)
            }

            // Officers.
            Command::AddOfficer { side, officer } => {
                let mut o = officer.clone();
                clean_officer(&mut o)?;
                o.id = roster.fresh_id("o", counter);
                let id = o.id.clone();
                let text = format!("{}: {} {} added (benefit {})", side.label(), o.rank.label(), q(&o.name), o.benefit);
                roster.army_mut(*side).officers.push(o);
                check_roster(roster)?;
                return Ok(Effect { text, created: Some(id), ..Effect::default() });
            }
            Command::EditOfficer { officer } => {
                let mut o = officer.clone();
                clean_officer(&mut o)?;
                let slot = officer_mut(roster, &o.id)?;
                let text = format!("Officer {} edited", q(&o.name));
                *slot = o;
                check_roster(roster)?;
                text
            }
            Command::CopyOfficer { id } => {
                let (side, i) = roster.find_officer(id).ok_or_else(|| not_found("officer", id))?;
                let mut copy = roster.officer(id).cloned().ok_or_else(|| not_found("officer", id))?;
                copy.id = roster.fresh_id("o", counter);
                copy.name = copy_name(&copy.name);
                copy.commands = None;
                copy.with_unit = None;
                copy.condition = OfficerCondition::Unhurt;
                let (name, new_id) = (copy.name.clone(), copy.id.clone());
                roster.army_mut(side).officers.insert(i + 1, copy);
                check_roster(roster)?;
                return Ok(Effect {
                    text: format!("Officer copied as {}", q(&name)),
                    created: Some(new_id),
                    ..Effect::default()
                });
            }
            Command::DeleteOfficer { id } => {
                let (side, i) = roster.find_officer(id).ok_or_else(|| not_found("officer", id))?;
                let o = roster.army_mut(side).officers.remove(i);
                format!("Officer {} deleted", q(&o.name))
            }
            Command::MoveOfficer { id, to } => {
                let (side, i) = roster.find_officer(id).ok_or_else(|| not_found("officer", id))?;
                let officers = &mut roster.army_mut(side).officers;
                reorder(officers, i, *to);
                format!("Officer moved to place {}", (*to).min(officers.len().saturating_sub(1)) + 1)
            }

            // Casualties and markers.
            Command::AddKill { regiment } => {
                // 6.8.9.c: in a merged unit, kills may be taken from either regiment when their
                // stands hold the same figures, else from the one with fewer per stand.
                let this = regiment_ref(roster, regiment)?;
                let (host_id, unit_name) = match &this.merged_into {
                    Some(h) => (h.clone(), regiment_ref(roster, h)?.name.clone()),
                    None => (this.id.clone(), this.name.clone()),
                };
                let mut members: Vec<&Regiment> = roster.merged_parts(&host_id);
                if let Some(h) = roster.regiment(&host_id) {
                    members.push(h);
                }
                let merged = members.len() > 1;
                if merged {
                    let mine = this.next_stand_figures().unwrap_or(u8::MAX);
                    let fewest = members.iter().filter_map(|m| m.next_stand_figures()).min().unwrap_or(mine);
                    if mine > fewest {
                        return Err(refused(format!(
                            "In {}, kills must be taken from the regiment with fewer figures per stand (6.8.9.c).",
                            q(&unit_name)
                        )));
                    }
                }
                let r = regiment_mut(roster, regiment)?;
                let effect = r
                    .kill_effect()
                    .ok_or_else(|| refused(format!("{} has no stands left to take a kill (0.1.3).", q(&r.name))))?;
                r.kills = r.kills.saturating_add(1);
                let mut checks = Vec::new();
                // The merged unit checks as one, and takes no new first-casualty check (6.8.9.b).
                let check = |reason| MoraleCheck { unit: host_id.clone(), name: unit_name.clone(), reason };
                if effect.first_kill && !merged {
                    checks.push(check(CheckReason::FirstKill));
                }
                let mut text =
                    format!("{}: kill {} ({} of {} figures left)", r.name, r.kills, r.figures_left(), r.figures());
                if effect.stand_lost {
                    checks.push(check(CheckReason::StandLost));
                    text.push_str(&format!("; a stand is removed, {} left (0.1.3)", r.stands_left()));
                }
                if effect.regiment_lost {
                    text.push_str("; the regiment is lost (11.2)");
                }
                if !checks.is_empty() {
                    let why: Vec<String> =
                        checks.iter().map(|c| format!("{}, {}", c.reason.label(), c.reason.rule())).collect();
                    text.push_str(&format!("; morale check: {}", why.join("; ")));
                }
                return Ok(Effect { text, created: None, morale_checks: checks, stand_lost: effect.stand_lost });
            }
            Command::RemoveKill { regiment } => {
                let r = regiment_mut(roster, regiment)?;
                if r.kills == 0 {
                    return Err(refused(format!("{} has no kills to take back.", q(&r.name))));
                }
                let before = r.stands_lost();
                r.kills -= 1;
                let mut text = format!("{}: kill taken back ({} kills)", r.name, r.kills);
                if r.stands_lost() < before {
                    text.push_str("; the stand returns");
                }
                text
            }
            Command::RemoveStand { regiment } => {
                let r = regiment_mut(roster, regiment)?;
                if r.stands_left() == 0 {
                    return Err(refused(format!("{} has no stand left to remove.", q(&r.name))));
                }
                r.stands_removed = r.stands_removed.saturating_add(1);
                let text = format!("{}: a stand is removed, {} left (2.4)", r.name, r.stands_left());
                let checks = Vec::new();
                return Ok(Effect { text, created: None, morale_checks: checks, stand_lost: true });
            }
            Command::RestoreStand { regiment } => {
                let r = regiment_mut(roster, regiment)?;
                if r.stands_removed == 0 {
                    return Err(refused(format!("{} has no removed stand to put back.", q(&r.name))));
                }
                r.stands_removed -= 1;
                format!("{}: a removed stand is put back, {} stand", r.name, r.stands_left())
            }
            Command::SetMorale { unit, level } => {
                let (from, text) = if let Some(r) = roster.regiment_mut(unit) {
                    let from = std::mem::replace(&mut r.morale, *level);
                    (from, format!("{} is now {} (2.3.5)", r.name, morale_word(*level)))
                } else if let Some(s) = roster.section_mut(unit) {
                    let from = std::mem::replace(&mut s.morale, *level);
                    (from, format!("{} crew is now {} (2.3.5)", s.name, morale_word(*level)))
                } else {
                    return Err(not_found("regiment or gun section", unit));
                };
                if from != *level {
                    game.morale_changes.push(MoraleChange {
                        unit: unit.clone(),
                        turn,
                        phase: game.phase.number(),
                        from,
                        to: *level,
                    });
                }
                text
            }
            Command::SetFormation { regiment, formation } => {
                let r = regiment_mut(roster, regiment)?;
                let old = r.formation;
                r.formation = *formation;
                if let Some(p) = r.problems().first() {
                    return Err(refused(format!("{}: {p}.", q(&r.name))));
                }
                format!("{}: {} to {} (0.1.2)", r.name, old.label(), formation.label())
            }
            Command::SetMounted { regiment, mounted, formation } => {
                let r = regiment_mut(roster, regiment)?;
                r.arm = match r.arm {
                    Arm::Cavalry { .. } => Arm::Cavalry { mounted: *mounted },
                    Arm::MountedInfantry { .. } => Arm::MountedInfantry { mounted: *mounted },
                    _ => {
                        return Err(refused(format!(
                            "{} has no horses: only cavalry and mounted infantry mount (6.7.2).",
                            q(&r.name)
                        )));
                    }
                };
                r.formation = *formation;
                if let Some(p) = r.problems().first() {
                    return Err(refused(format!("{}: {p}.", q(&r.name))));
                }
                let verb = if *mounted { "mounts" } else { "dismounts" };
                format!("{} {verb}, in {} (6.7.2)", r.name, formation.label())
            }
            Command::SetFlag { regiment, flag, on } => {
                let r = regiment_mut(roster, regiment)?;
                let slot = match flag {
                    RegimentFlag::OutOfAmmo => &mut r.out_of_ammo,
                    RegimentFlag::OpeningVolleyUsed => &mut r.opening_volley_used,
                    RegimentFlag::Prone => &mut r.prone,
                    RegimentFlag::RemovedFromBoard => &mut r.removed_from_board,
                };
                if *slot == *on {
                    return Err(refused(format!(
                        "{} is already {}{}.",
                        q(&r.name),
                        if *on { "" } else { "not " },
                        flag.label()
                    )));
                }
                *slot = *on;
                format!("{}: {}{}", r.name, if *on { "" } else { "no longer " }, flag.label())
            }
            Command::RecordCharge { regiment } => {
                let r = regiment_mut(roster, regiment)?;
                if r.charges.last_turn == Some(turn) {
                    return Err(refused(format!("{}'s charge this turn is already recorded.", q(&r.name))));
                }
                let text = match r.charges.permission(turn) {
                    ChargePermission::NotAllowed => {
                        return Err(refused(format!(
                            "{} charged the last two turns: a unit may never charge three turns in a row (5.1.4).",
                            q(&r.name)
                        )));
                    }
                    ChargePermission::SecondTurn => {
                        r.charges.in_a_row = r.charges.in_a_row.saturating_add(1);
                        format!(
                            "{} charges a second turn: in disorder, no charge elan, no bonus movement (5.1.4)",
                            r.name
                        )
                    }
                    ChargePermission::Fresh => {
                        r.charges.in_a_row = 1;
                        format!("{} charges", r.name)
                    }
                };
                r.charges.last_turn = Some(turn);
                text
            }
            Command::SetDetachedSkirmishers { regiment, stands } => {
                let r = regiment_mut(roster, regiment)?;
                if *stands > MAX_DETACHED_STANDS {
                    return Err(refused(format!(
                        "Up to {MAX_DETACHED_STANDS} stands of a regiment may be detached as skirmishers (6.8.6.a)."
                    )));
                }
                if *stands as usize >= r.stands_left() {
                    return Err(refused(format!(
                        "{} has {} stands: the parent regiment must keep at least one (6.8.6).",
                        q(&r.name),
                        r.stands_left()
                    )));
                }
                r.detached_skirmishers = *stands;
                if *stands == 0 {
                    format!("{}: skirmishers rejoin (6.8.6)", r.name)
                } else {
                    format!("{}: {stands} stands detached as skirmishers (6.8.6)", r.name)
                }
            }
            Command::Merge { regiment, host } => {
                if regiment == host {
                    return Err(refused("A regiment cannot merge with itself."));
                }
                let a = roster.find_regiment(regiment).ok_or_else(|| not_found("regiment", regiment))?;
                let h = roster.find_regiment(host).ok_or_else(|| not_found("regiment", host))?;
                if (a.side, a.division, a.brigade) != (h.side, h.division, h.brigade) {
                    return Err(refused("Only remnants of units of the same brigade may merge (6.8.9)."));
                }
                let part = regiment_ref(roster, regiment)?;
                let host_r = regiment_ref(roster, host)?;
                if part.merged_into.is_some()
                    || host_r.merged_into.is_some()
                    || !roster.merged_parts(regiment).is_empty()
                {
                    return Err(refused("One of these regiments has already merged with another (6.8.9)."));
                }
                if part.is_lost() || host_r.is_lost() {
                    return Err(refused("A lost regiment cannot merge (6.8.9)."));
                }
                let moving = part.stands_left();
                if roster.merged_stands(host) + moving > MAX_MERGED_STANDS {
                    return Err(refused(format!(
                        "A merged unit may never have more than {MAX_MERGED_STANDS} stands (6.8.9.a)."
                    )));
                }
                let (part_name, host_name) = (part.name.clone(), host_r.name.clone());
                regiment_mut(roster, regiment)?.merged_into = Some(host.clone());
                format!(
                    "{moving} stands of {part_name} merge into {host_name}: morale {} for stands attached (6.8.9.b)",
                    roster.merged_modifier(host)
                )
            }

            // Artillery.
            Command::AddCrewKill { section } => {
                let s = section_mut(roster, section)?;
                if s.state != GunState::InAction {
                    return Err(refused(format!("{} has no crew at the gun ({}).", q(&s.name), s.state.label())));
                }
                s.crew_kills_this_turn = s.crew_kills_this_turn.saturating_add(1);
                let check =
                    vec![MoraleCheck { unit: s.id.clone(), name: s.name.clone(), reason: CheckReason::CrewKill }];
                let text = if s.crew_kills_this_turn >= CREW_KILLS_TO_ELIMINATE {
                    s.state = GunState::Abandoned;
                    format!(
                        "{}: second crew kill this turn, the crew is eliminated and the gun abandoned (4.3.5.b)",
                        s.name
                    )
                } else {
                    format!(
                        "{}: crew kill, cancelled at the end of the turn unless another follows; morale check (4.4.1.b)",
                        s.name
                    )
                };
                let eliminated = s.state == GunState::Abandoned;
                return Ok(Effect {
                    text,
                    created: None,
                    morale_checks: if eliminated { Vec::new() } else { check },
                    stand_lost: false,
                });
            }
            Command::RemoveCrewKill { section } => {
                let s = section_mut(roster, section)?;
                if s.crew_kills_this_turn == 0 {
                    return Err(refused(format!("{} has no crew kill this turn to take back.", q(&s.name))));
                }
                if s.crew_kills_this_turn >= CREW_KILLS_TO_ELIMINATE && s.state == GunState::Abandoned {
                    s.state = GunState::InAction;
                }
                s.crew_kills_this_turn -= 1;
                format!("{}: crew kill taken back", s.name)
            }
            Command::SetLimbered { section, limbered } => {
                let s = section_mut(roster, section)?;
                s.limbered = *limbered;
                format!("{} {} (6.6.1)", s.name, if *limbered { "limbers" } else { "unlimbers" })
            }
            Command::UseCanister { section, rounds } => {
                let s = section_mut(roster, section)?;
                if !matches!(rounds, 1 | 2) {
                    return Err(refused("Canister is one round, or two for double canister (4.3.4.b)."));
                }
                if s.canister_left() < *rounds {
                    return Err(refused(format!(
                        "{} has {} rounds of canister left of {CANISTER_ROUNDS} (4.3.4.a).",
                        q(&s.name),
                        s.canister_left()
                    )));
                }
                s.canister_used += rounds;
                format!(
                    "{} fires {}canister: {} rounds left (4.3.4)",
                    s.name,
                    if *rounds == 2 { "double " } else { "" },
                    s.canister_left()
                )
            }
            Command::SetLowOnShot { section, on } => {
                let s = section_mut(roster, section)?;
                s.low_on_shot = *on;
                format!("{}: {} (4.3.4.a)", s.name, if *on { "low on shot" } else { "shot replenished" })
            }
            Command::SetGunState { section, state } => {
                let s = section_mut(roster, section)?;
                if s.state == *state {
                    return Err(refused(format!("{} is already {}.", q(&s.name), state.label())));
                }
                s.state = *state;
                format!("{}: gun {} (4.3.5)", s.name, state.label())
            }

            // Officers in play.
            Command::OfficerHit { officer, effect } => {
                let o = officer_mut(roster, officer)?;
                if o.is_removed() {
                    return Err(refused(format!("{} is no longer in the game.", q(&o.name))));
                }
                let c = consequences(*effect, turn);
                o.condition = match effect {
                    CasualtyEffect::Stunned => OfficerCondition::Stunned { turn },
                    CasualtyEffect::LightWound => OfficerCondition::LightWound,
                    CasualtyEffect::SevereWound => OfficerCondition::SevereWound,
                    CasualtyEffect::SpectacularDeath => OfficerCondition::Dead,
                };
                if c.moved_to_rear {
                    o.with_unit = None;
                }
                let mut text = format!("{} is hit: {} (8, Table 20)", o.name, o.condition.label());
                if c.seers_check_morale {
                    text.push_str("; units that saw it within 1' check morale (Table 2, no. 10)");
                }
                text
            }
            Command::SetOfficerCondition { officer, condition } => {
                let o = officer_mut(roster, officer)?;
                o.condition = *condition;
                format!("{} is now {}", o.name, condition.label())
            }
            Command::SetOfficerWith { officer, unit } => {
                let unit_name = match unit {
                    None => None,
                    Some(u) => Some(
                        roster
                            .regiment(u)
                            .map(|r| r.name.clone())
                            .or_else(|| roster.section(u).map(|s| s.name.clone()))
                            .ok_or_else(|| not_found("regiment or gun section", u))?,
                    ),
                };
                let o_side = roster.find_officer(officer).map(|(s, _)| s);
                if let (Some(u), Some(os)) = (unit, o_side)
                    && roster.side_of(u) != Some(os)
                {
                    return Err(refused("An officer joins units of his own side."));
                }
                let o = officer_mut(roster, officer)?;
                o.with_unit = unit.clone();
                match unit_name {
                    Some(n) => format!("{} joins {}", o.name, n),
                    None => format!("{} rides alone", o.name),
                }
            }
            Command::Tracker(t) => t.execute(game)?,
            Command::Checks(c) => c.execute(game)?,
        };
        Ok(Effect::from(text))
    }
}

/// Johnny Reb, 2nd edition, as a game system of the companion.
pub struct JohnnyReb;

/// A Johnny Reb game with its undo and redo stacks: the one place where games change.
pub type Session = companion_core::session::Session<JohnnyReb>;

impl companion_core::session::EmptyBatch for CommandError {
    fn nothing_to_do() -> Self {
        CommandError::Refused("Nothing to do.".into())
    }
}

impl companion_core::system::GameSystem for JohnnyReb {
    const ID: &'static str = "johnny-reb";
    const NAME: &'static str = "Johnny Reb (2nd edition)";
    type Game = Game;
    type Command = Command;
    type Outcome = Outcome;
    type Error = CommandError;

    /// One command applied to `game`, logged, its morale checks queued (4.4.1, 4.4.2) and the
    /// integrity levels it crossed noted (11.2).
    fn apply(game: &mut Game, command: &Command, now_ms: f64) -> Result<Outcome, CommandError> {
        let levels_before = game.roster.commands();
        let effect = command.execute(game)?;
        let levels_crossed = game.roster.levels_crossed_from(&levels_before);
        game.roster.note_levels(&levels_crossed, game.turn);
        if !effect.morale_checks.is_empty() {
            super::checks::queue(game, effect.morale_checks.iter().cloned().map(super::checks::Due::from));
        }
        let mut text = effect.text;
        for l in &levels_crossed {
            text.push_str(&format!(". {l}"));
        }
        game.log.push(LogEntry { turn: game.turn, phase: game.phase, at_ms: now_ms, text: text.clone() });
        Ok(Outcome {
            text,
            created: effect.created,
            morale_checks: effect.morale_checks,
            stand_lost: effect.stand_lost,
            levels_crossed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::command::IntegrityLevel;
    use crate::rules::officers::Experience;
    use crate::rules::unit::OrderKind;
    use crate::rules::unit::Quality;
    use crate::state::checks::{ChecksCommand, Due, Reason};
    use crate::state::demo::demo_game;
    use crate::state::game::Phase;
    use crate::state::orders::{MoveDirection, OrderChoice, PlayMode};
    use crate::state::roster::{GunType, Rank, Weapon};

    fn demo() -> Session {
        Session::new(demo_game("g1"))
    }

    fn kill(s: &mut Session, id: &str, n: u32) -> Outcome {
        let mut last = Outcome::default();
        for _ in 0..n {
            last = s.dispatch(&Command::AddKill { regiment: id.into() }, 0.0).unwrap();
        }
        last
    }

    fn new_regiment() -> Regiment {
        Regiment::new("", "20th Maine", Regiment::even_stands(4), Quality::Elite, Weapon::RifleMusket)
    }

    fn new_officer() -> Officer {
        Officer {
            id: String::new(),
            name: "Col. Lucius Fairchild".into(),
            rank: Rank::Other,
            benefit: 1,
            commands: None,
            with_unit: None,
            condition: OfficerCondition::Unhurt,
            scenario_points: None,
        }
    }

    /// Every command kind, each with the commands that prepare for it.
    fn every_kind(g: &Game) -> Vec<(Vec<Command>, Command)> {
        let r = |id: &str| g.roster.regiment(id).cloned().unwrap();
        let mut edited = r("r-2wi");
        edited.name = "2nd Wisconsin Volunteers".into();
        edited.quality = Quality::Average;
        let mut sec = g.roster.section("s-hall-1").cloned().unwrap();
        sec.crew_quality = Quality::Elite;
        let mut off = g.roster.officer("o-meredith").cloned().unwrap();
        off.benefit = 2;
        let kills = |id: &str, n: usize| vec![Command::AddKill { regiment: id.into() }; n];
        let c = |cmd: Command| (Vec::new(), cmd);
        let id = |s: &str| s.to_string();
        vec![
            c(Command::NextPhase),
            c(Command::RenameGame { name: "Shiloh".into() }),
            c(Command::SetArmyStance { side: Side::Union, stance: Stance::Determined }),
            c(Command::ReplaceArmy { side: Side::Confederate, army: g.roster.union.clone() }),
            c(Command::AddDivision { side: Side::Union, name: "Doubleday's Division".into() }),
            c(Command::EditDivision {
                id: id("d-heth"),
                name: "Heth's Light Division".into(),
                stance: Stance::Apathetic,
            }),
            c(Command::CopyDivision { id: id("d-heth") }),
            c(Command::DeleteDivision { id: id("d-heth") }),
            (
                vec![Command::AddDivision { side: Side::Union, name: "Second".into() }],
                Command::MoveDivision { id: id("d-wadsworth"), to: 1 },
            ),
            c(Command::AddBrigade { division: id("d-heth"), name: "Pettigrew's Brigade".into() }),
            c(Command::RenameBrigade { id: id("b-iron"), name: "Black Hats".into() }),
            c(Command::CopyBrigade { id: id("b-iron") }),
            c(Command::DeleteBrigade { id: id("b-iron") }),
            c(Command::MoveBrigade { id: id("b-iron"), division: id("d-wadsworth"), to: 1 }),
            c(Command::AddRegiment { brigade: id("b-iron"), regiment: new_regiment() }),
            c(Command::EditRegiment { regiment: edited }),
            c(Command::CopyRegiment { id: id("r-2wi") }),
            c(Command::DeleteRegiment { id: id("r-2wi") }),
            c(Command::MoveRegiment { id: id("r-2wi"), brigade: id("b-cutler"), to: 0 }),
            c(Command::AddBattery { owner: id("b-iron"), name: "Battery B, 4th US".into() }),
            c(Command::RenameBattery { id: id("bt-hall"), name: "Hall's Battery".into() }),
            c(Command::CopyBattery { id: id("bt-hall") }),
            c(Command::DeleteBattery { id: id("bt-hall") }),
            c(Command::MoveBattery { id: id("bt-hall"), owner: id("b-iron"), to: 0 }),
            c(Command::AddSection {
                battery: id("bt-hall"),
                section: Section::new("", "Centre section", GunType::known()[0].clone(), Quality::Average),
            }),
            c(Command::EditSection { section: sec }),
            c(Command::CopySection { id: id("s-hall-1") }),
            c(Command::DeleteSection { id: id("s-hall-1") }),
            c(Command::MoveSection { id: id("s-hall-1"), to: 1 }),
            c(Command::AddOfficer { side: Side::Union, officer: new_officer() }),
            c(Command::EditOfficer { officer: off }),
            c(Command::CopyOfficer { id: id("o-meredith") }),
            c(Command::DeleteOfficer { id: id("o-meredith") }),
            c(Command::MoveOfficer { id: id("o-meredith"), to: 0 }),
            c(Command::AddKill { regiment: id("r-2wi") }),
            (kills("r-2wi", 1), Command::RemoveKill { regiment: id("r-2wi") }),
            c(Command::RemoveStand { regiment: id("r-2wi") }),
            (vec![Command::RemoveStand { regiment: id("r-2wi") }], Command::RestoreStand { regiment: id("r-2wi") }),
            c(Command::SetMorale { unit: id("r-2wi"), level: MoraleLevel::Shaken }),
            c(Command::SetMorale { unit: id("s-hall-1"), level: MoraleLevel::Routed }),
            c(Command::SetFormation { regiment: id("r-2wi"), formation: Formation::AttackColumn }),
            (
                vec![Command::EditRegiment {
                    regiment: Regiment { arm: Arm::Cavalry { mounted: false }, ..r("r-2wi") },
                }],
                Command::SetMounted { regiment: id("r-2wi"), mounted: true, formation: Formation::MarchColumn },
            ),
            c(Command::SetFlag { regiment: id("r-2wi"), flag: RegimentFlag::OutOfAmmo, on: true }),
            c(Command::SetFlag { regiment: id("r-2wi"), flag: RegimentFlag::OpeningVolleyUsed, on: true }),
            c(Command::SetFlag { regiment: id("r-2wi"), flag: RegimentFlag::Prone, on: true }),
            c(Command::SetFlag { regiment: id("r-2wi"), flag: RegimentFlag::RemovedFromBoard, on: true }),
            c(Command::RecordCharge { regiment: id("r-2wi") }),
            c(Command::SetDetachedSkirmishers { regiment: id("r-2wi"), stands: 2 }),
            (
                [kills("r-2wi", 9), kills("r-7wi", 11)].concat(),
                Command::Merge { regiment: id("r-2wi"), host: id("r-7wi") },
            ),
            c(Command::AddCrewKill { section: id("s-hall-1") }),
            (
                vec![Command::AddCrewKill { section: id("s-hall-1") }],
                Command::RemoveCrewKill { section: id("s-hall-1") },
            ),
            c(Command::SetLimbered { section: id("s-hall-1"), limbered: true }),
            c(Command::UseCanister { section: id("s-hall-1"), rounds: 2 }),
            c(Command::SetLowOnShot { section: id("s-hall-1"), on: true }),
            c(Command::SetGunState { section: id("s-hall-1"), state: GunState::Captured }),
            c(Command::OfficerHit { officer: id("o-meredith"), effect: CasualtyEffect::LightWound }),
            c(Command::SetOfficerCondition { officer: id("o-meredith"), condition: OfficerCondition::Dead }),
            c(Command::SetOfficerWith { officer: id("o-meredith"), unit: Some(id("r-2wi")) }),
            c(Command::Tracker(TrackerCommand::Tick { key: id("mark") })),
            (
                vec![Command::Tracker(TrackerCommand::Tick { key: id("mark") })],
                Command::Tracker(TrackerCommand::Untick { key: id("mark") }),
            ),
            c(Command::Tracker(TrackerCommand::SetTurns { turns: Some(12) })),
            c(Command::Tracker(TrackerCommand::SetRule { key: id("fire.figures_25mm"), value: id("on") })),
            c(Command::Tracker(TrackerCommand::SetSurprise {
                side: Side::Union,
                kind: crate::rules::surprise::SurpriseKind::Tactical,
                turns: 2,
            })),
            c(Command::Orders(OrdersCommand::SetTimerSeconds { seconds: 5 })),
            c(Command::Orders(OrdersCommand::SetPlayMode {
                mode: PlayMode::OwnDevices,
                device_side: Some(Side::Union),
            })),
            c(Command::Orders(OrdersCommand::StartTimer { side: Side::Union, deadline_ms: 9.0e12 })),
            c(Command::Orders(OrdersCommand::Mark { unit: id("r-2wi"), order: OrderChoice::charge("r-1tn") })),
            c(Command::Orders(OrdersCommand::MarkGroup {
                group: id("bt-hall"),
                order: OrderChoice::plain(OrderKind::FirstFire),
            })),
            (
                vec![Command::Orders(OrdersCommand::Mark {
                    unit: id("r-2wi"),
                    order: OrderChoice::plain(OrderKind::Hold),
                })],
                Command::Orders(OrdersCommand::Clear { unit: id("r-2wi") }),
            ),
            c(Command::Orders(OrdersCommand::FinishMarking { side: Side::Confederate })),
            (
                vec![Command::Orders(OrdersCommand::StartTimer { side: Side::Union, deadline_ms: 9.0e12 })],
                Command::Orders(OrdersCommand::TimeUp),
            ),
            (at_reveal(), Command::Orders(OrdersCommand::Reveal)),
            (
                [at_reveal(), vec![Command::Orders(OrdersCommand::Reveal)]].concat(),
                Command::Orders(OrdersCommand::SetConditionalHold { unit: id("r-6wi"), on: true }),
            ),
            (
                [at_reveal(), vec![Command::Orders(OrdersCommand::Reveal)]].concat(),
                Command::Orders(OrdersCommand::AcceptProposal { unit: None, half_move: true }),
            ),
            (
                [at_reveal(), vec![Command::Orders(OrdersCommand::Reveal)]].concat(),
                Command::Orders(OrdersCommand::SetCharged { unit: id("r-6wi"), on: true }),
            ),
            c(Command::Orders(OrdersCommand::SetExperience {
                officer: id("o-meredith"),
                experience: Some(Experience::Poor),
            })),
            c(Command::Charge(super::super::charges::ChargeCommand::Declare {
                charger: id("r-2wi"),
                defender: id("r-1tn"),
                charge: Box::new(demo_charge(g)),
                follows: None,
                guns: None,
            })),
            c(Command::Checks(ChecksCommand::Queue {
                checks: vec![Due { unit: id("r-2wi"), name: id("2nd Wisconsin"), reason: Reason::Devastation }],
            })),
            (
                kills("r-2wi", 1),
                Command::Checks(ChecksCommand::Done { unit: id("r-2wi"), reason: Some(Reason::FirstKill) }),
            ),
            (kills("r-2wi", 1), Command::Checks(ChecksCommand::Clear)),
        ]
    }

    /// The 2nd Wisconsin charging the 1st Tennessee from 6" (5.1).
    fn demo_charge(g: &Game) -> crate::rules::charge::Charge {
        use super::super::charges::{charged_unit, charging_unit};
        let o = crate::rules::Overrides::new();
        let setup = crate::rules::charge::ChargeSetup {
            objective: crate::rules::charge::Objective::EnemyUnit,
            charger: charging_unit(g, "r-2wi", &o).unwrap().unwrap(),
            defender: charged_unit(
                g,
                "r-1tn",
                Some(OrderKind::Hold),
                0,
                crate::rules::morale::ArtillerySituation::SectionAlone,
                &o,
            )
            .unwrap()
            .unwrap(),
            distance: crate::rules::Ratio::whole(6),
            halting_point: None,
            waves: Default::default(),
        };
        crate::rules::charge::Charge::declare(setup).unwrap()
    }

    /// Both sides marked (the 2nd Wisconsin moving, charged by the 1st Tennessee), phase 3.
    fn at_reveal() -> Vec<Command> {
        let o = |c: OrdersCommand| Command::Orders(c);
        vec![
            o(OrdersCommand::Mark { unit: "r-2wi".into(), order: OrderChoice::movement(MoveDirection::Left, false) }),
            o(OrdersCommand::Mark { unit: "r-1tn".into(), order: OrderChoice::charge("r-2wi") }),
            o(OrdersCommand::FinishMarking { side: Side::Union }),
            o(OrdersCommand::FinishMarking { side: Side::Confederate }),
            Command::NextPhase,
            Command::NextPhase,
        ]
    }

    fn session() -> Session {
        Session::new(Game::new("g1", "Test"))
    }

    #[test]
    fn rule_4_2_4_a_ten_kills_of_one_fire_are_one_undo_step() {
        let mut s = Session::new(demo_game("g"));
        let before = s.game().clone();
        let kills = vec![Command::AddKill { regiment: "r-6wi".into() }; 10];
        let outs = s.dispatch_all(&kills, 0.0).unwrap();
        assert_eq!(outs.len(), 10);
        assert_eq!(s.game().roster.regiment("r-6wi").unwrap().kills, 10);
        assert_eq!(s.game().log.len(), before.log.len() + 10, "each kill keeps its line in the history");
        assert!(
            s.game().checks_due.iter().any(|c| c.reason == Reason::StandLost),
            "4.4.1.d: the stands lost are queued"
        );
        assert!(s.undo());
        assert_eq!(s.game(), &before, "one undo takes the whole result back");
        assert!(!s.can_undo());
    }

    #[test]
    fn a_batch_with_a_refused_command_changes_nothing() {
        let mut s = Session::new(demo_game("g"));
        let before = s.game().clone();
        let batch = [Command::AddKill { regiment: "r-6wi".into() }, Command::AddKill { regiment: "nobody".into() }];
        assert!(matches!(s.dispatch_all(&batch, 0.0), Err(CommandError::NotFound { .. })));
        assert_eq!(s.game(), &before);
        assert!(!s.can_undo());
        assert!(s.dispatch_all(&[], 0.0).is_err());
    }

    #[test]
    fn next_phase_after_eight_starts_turn_two() {
        let mut s = session();
        for _ in 0..8 {
            s.dispatch(&Command::NextPhase, 0.0).unwrap();
        }
        assert_eq!((s.game().turn, s.game().phase), (2, Phase::MarkOrders));
        assert_eq!(s.game().log.len(), 8);
        assert!(s.game().log[7].text.contains("Turn 2"));
    }

    #[test]
    fn undo_and_redo_every_command_kind() {
        let g = demo_game("g1");
        let cases = every_kind(&g);
        // Every variant of Command is covered (counted by name).
        let mut kinds: Vec<String> = cases
            .iter()
            .map(|(_, c)| format!("{c:?}").split([' ', '{', '(']).next().unwrap_or_default().to_string())
            .collect();
        kinds.sort();
        kinds.dedup();
        let source = include_str!("command.rs");
        let body = source.split("pub enum Command {").nth(1).and_then(|b| b.split("\n}").next()).unwrap();
        let declared: Vec<&str> = body
            .lines()
            .filter_map(|l| l.strip_prefix("    "))
            .filter(|l| l.starts_with(|c: char| c.is_ascii_uppercase()))
            .map(|l| l.split([' ', ',', '{']).next().unwrap())
            .collect();
        assert_eq!(kinds.len(), declared.len(), "declared {declared:?}, tested {kinds:?}");
        for (setup, cmd) in cases {
            let mut s = Session::new(g.clone());
            for c in &setup {
                s.dispatch(c, 1.0).unwrap_or_else(|e| panic!("setup {c:?}: {e}"));
            }
            let before = s.game().clone();
            let out = s.dispatch(&cmd, 5.0).unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
            let after = s.game().clone();
            assert_ne!(before.roster.clone(), Roster::default());
            assert_ne!(before, after, "{cmd:?} changed nothing");
            assert_eq!(after.log.last().map(|e| e.text.as_str()), Some(out.text.as_str()));
            assert!(!out.text.is_empty() && !out.text.contains("Some("), "{cmd:?}: {}", out.text);
            assert!(after.roster.problems().is_empty(), "{cmd:?}: {:?}", after.roster.problems());
            assert!(s.undo());
            assert_eq!(s.game(), &before, "undo of {cmd:?}");
            assert!(s.redo());
            assert_eq!(s.game(), &after, "redo of {cmd:?}");
        }
    }

    #[test]
    fn refused_roster_commands_change_nothing() {
        let g = demo_game("g1");
        let refusals = [
            Command::AddKill { regiment: "nope".into() },
            Command::RemoveKill { regiment: "r-2wi".into() },
            Command::SetDetachedSkirmishers { regiment: "r-2wi".into(), stands: 3 },
            Command::UseCanister { section: "s-hall-1".into(), rounds: 3 },
            Command::Merge { regiment: "r-2wi".into(), host: "r-76ny".into() },
            Command::Merge { regiment: "r-2wi".into(), host: "r-7wi".into() },
            Command::MoveRegiment { id: "r-2wi".into(), brigade: "b-archer".into(), to: 0 },
            Command::SetFormation { regiment: "r-2wi".into(), formation: Formation::Limbered },
            Command::AddRegiment {
                brigade: "b-iron".into(),
                regiment: Regiment::new("", "Bad", vec![4, 4, 4, 3, 3], Quality::Average, Weapon::RifleMusket),
            },
            Command::AddRegiment {
                brigade: "b-iron".into(),
                regiment: Regiment { name: "<i>x</i>".into(), ..new_regiment() },
            },
            Command::AddOfficer { side: Side::Union, officer: Officer { benefit: 9, ..new_officer() } },
            Command::SetFlag { regiment: "r-2wi".into(), flag: RegimentFlag::Prone, on: false },
        ];
        for cmd in refusals {
            let mut s = Session::new(g.clone());
            assert!(s.dispatch(&cmd, 0.0).is_err(), "{cmd:?} was accepted");
            assert_eq!(s.game(), &g, "{cmd:?}");
            assert!(!s.can_undo());
        }
    }

    #[test]
    fn one_tap_kills_say_when_a_stand_goes_uneven_regiment() {
        // 0.1.1.a: 18 figures are 4-3-4-3-4; 0.1.3: kills from the left.
        let mut s = demo();
        assert_eq!(s.game().roster.regiment("r-7wi").unwrap().stands, vec![4, 3, 4, 3, 4]);
        let first = kill(&mut s, "r-7wi", 1);
        assert_eq!(first.morale_checks.len(), 1);
        assert_eq!(first.morale_checks[0].reason, CheckReason::FirstKill);
        assert!(!first.stand_lost);
        kill(&mut s, "r-7wi", 2);
        let fourth = kill(&mut s, "r-7wi", 1);
        assert!(fourth.stand_lost, "the leftmost stand of 4 goes on the fourth kill (0.1.3)");
        assert_eq!(fourth.morale_checks[0].reason, CheckReason::StandLost);
        assert!(fourth.text.contains("stand is removed"), "{}", fourth.text);
        let r = s.game().roster.regiment("r-7wi").unwrap();
        assert_eq!((r.stands_left(), r.figures_left(), r.kills_to_next_stand()), (4, 14, Some(3)));
        // The 3-figure stand goes after three more, then the 4 after four more.
        assert!(!kill(&mut s, "r-7wi", 2).stand_lost);
        assert!(kill(&mut s, "r-7wi", 1).stand_lost);
        assert!(!kill(&mut s, "r-7wi", 3).stand_lost);
        assert!(kill(&mut s, "r-7wi", 1).stand_lost);
        assert_eq!(s.game().roster.regiment("r-7wi").unwrap().stands_left(), 2);
        // Kills to the last figure: the regiment is lost; no more kills.
        kill(&mut s, "r-7wi", 6);
        let last = kill(&mut s, "r-7wi", 1);
        assert!(last.stand_lost && last.text.contains("lost"));
        assert!(s.game().roster.regiment("r-7wi").unwrap().is_lost());
        assert!(s.dispatch(&Command::AddKill { regiment: "r-7wi".into() }, 0.0).is_err());
        // Taking a kill back returns the stand.
        s.dispatch(&Command::RemoveKill { regiment: "r-7wi".into() }, 0.0).unwrap();
        assert_eq!(s.game().roster.regiment("r-7wi").unwrap().stands_left(), 1);
    }

    #[test]
    fn crossing_an_integrity_level_is_reported_and_logged() {
        // Archer's brigade: 5 regiments (10) + Archer (3) = 13 points; 40% = 5.2, so three
        // regiments lost (6 points) reach cease offensive activity (11.2).
        let mut s = demo();
        let scope = CommandScope::Brigade("b-archer".into());
        for id in ["r-5al", "r-14tn"] {
            s.dispatch(&Command::SetFlag { regiment: id.into(), flag: RegimentFlag::RemovedFromBoard, on: true }, 0.0)
                .unwrap();
        }
        assert_eq!(s.game().roster.integrity(&scope).unwrap().level, IntegrityLevel::Fighting);
        // The 1st Tennessee (14 figures) is killed to the last figure.
        let mut crossed = Vec::new();
        for _ in 0..14 {
            let out = s.dispatch(&Command::AddKill { regiment: "r-1tn".into() }, 0.0).unwrap();
            crossed.extend(out.levels_crossed);
        }
        let brigade: Vec<_> = crossed.iter().filter(|c| c.scope == scope).collect();
        assert_eq!(brigade.len(), 1);
        assert_eq!(brigade[0].to, IntegrityLevel::CeaseOffensive);
        assert!(s.game().log.last().unwrap().text.contains("cease offensive activity"));
        assert_eq!(s.game().roster.integrity(&scope).unwrap().lost, 6);
        // Its restrictions apply from the next turn (11.2).
        assert_eq!(s.game().roster.level_in_force(&scope, 1), IntegrityLevel::Fighting);
        assert_eq!(s.game().roster.level_in_force(&scope, 2), IntegrityLevel::CeaseOffensive);
        // Taking the kill back goes below the level and forgets it.
        let mut t = s.clone();
        t.dispatch(&Command::RemoveKill { regiment: "r-1tn".into() }, 0.0).unwrap();
        assert_eq!(t.game().roster.level_in_force(&scope, 2), IntegrityLevel::Fighting);
        // Deleting the brigade forgets its levels.
        let mut t = s.clone();
        t.dispatch(&Command::DeleteBrigade { id: "b-archer".into() }, 0.0).unwrap();
        assert!(t.game().roster.levels_reached.iter().all(|l| l.scope != scope));
        // Undo goes back below the level.
        s.undo();
        assert_eq!(s.game().roster.integrity(&scope).unwrap().level, IntegrityLevel::Fighting);
    }

    #[test]
    fn merged_units_are_not_a_command_loss() {
        let mut s = demo();
        kill(&mut s, "r-2wi", 9); // 3 of 5 stands gone, 2 left
        kill(&mut s, "r-7wi", 11); // 3 stands gone, 2 left
        let before = s.game().roster.integrity(&CommandScope::Brigade("b-iron".into())).unwrap().lost;
        s.dispatch(&Command::Merge { regiment: "r-2wi".into(), host: "r-7wi".into() }, 0.0).unwrap();
        let g = s.game();
        assert_eq!(g.roster.integrity(&CommandScope::Brigade("b-iron".into())).unwrap().lost, before);
        assert_eq!(g.roster.merged_modifier("r-7wi"), -2);
        assert_eq!(g.roster.merged_stands("r-7wi"), 4);
        // 2nd Wisconsin has stands of 3, the 7th's next stand has 3 figures too (4-3-4-3-4 with
        // three gone: 3, 4): kills may go to either (6.8.9.c).
        let out = s.dispatch(&Command::AddKill { regiment: "r-2wi".into() }, 0.0).unwrap();
        assert_eq!(out.morale_checks, vec![], "no new first-casualty check (6.8.9.b)");
        s.dispatch(&Command::AddKill { regiment: "r-7wi".into() }, 0.0).unwrap();
        // Kills go to the regiment with fewer figures per stand (6.8.9.c).
        let mut t = demo();
        kill(&mut t, "r-24mi", 15); // stands of 5, two left
        kill(&mut t, "r-2wi", 9); // stands of 3, two left
        t.dispatch(&Command::Merge { regiment: "r-2wi".into(), host: "r-24mi".into() }, 0.0).unwrap();
        assert!(t.dispatch(&Command::AddKill { regiment: "r-24mi".into() }, 0.0).is_err());
        assert!(t.dispatch(&Command::AddKill { regiment: "r-2wi".into() }, 0.0).is_ok());
        // No more than five stands in a merged unit (6.8.9.a).
        kill(&mut s, "r-19in", 3);
        assert!(s.dispatch(&Command::Merge { regiment: "r-19in".into(), host: "r-7wi".into() }, 0.0).is_err());
    }

    #[test]
    fn crew_kills_two_in_a_turn_eliminate_one_is_cancelled() {
        // 4.3.5.b
        let mut s = demo();
        let sec = || Command::AddCrewKill { section: "s-hall-1".into() };
        let out = s.dispatch(&sec(), 0.0).unwrap();
        assert_eq!(out.morale_checks[0].reason, CheckReason::CrewKill);
        for _ in 0..8 {
            s.dispatch(&Command::NextPhase, 0.0).unwrap();
        }
        assert_eq!(s.game().roster.section("s-hall-1").unwrap().crew_kills_this_turn, 0);
        s.dispatch(&sec(), 0.0).unwrap();
        s.dispatch(&sec(), 0.0).unwrap();
        assert_eq!(s.game().roster.section("s-hall-1").unwrap().state, GunState::Abandoned);
        // Abandoned is not a loss for 11.2; captured is.
        let div = CommandScope::Division("d-wadsworth".into());
        assert_eq!(s.game().roster.integrity(&div).unwrap().lost, 0);
        s.dispatch(&Command::SetGunState { section: "s-hall-1".into(), state: GunState::Captured }, 0.0).unwrap();
        assert_eq!(s.game().roster.integrity(&div).unwrap().lost, 1);
    }

    #[test]
    fn canister_is_four_rounds() {
        // 4.3.4.a, 4.3.4.b
        let mut s = demo();
        let fire = |n| Command::UseCanister { section: "s-marye-1".into(), rounds: n };
        s.dispatch(&fire(2), 0.0).unwrap();
        s.dispatch(&fire(1), 0.0).unwrap();
        assert!(s.dispatch(&fire(2), 0.0).is_err());
        s.dispatch(&fire(1), 0.0).unwrap();
        assert_eq!(s.game().roster.section("s-marye-1").unwrap().canister_left(), 0);
    }

    #[test]
    fn never_three_charges_in_a_row() {
        // 5.1.4
        let mut s = demo();
        let charge = || Command::RecordCharge { regiment: "r-2wi".into() };
        let next_turn = |s: &mut Session| {
            for _ in 0..8 {
                s.dispatch(&Command::NextPhase, 0.0).unwrap();
            }
        };
        s.dispatch(&charge(), 0.0).unwrap();
        assert!(s.dispatch(&charge(), 0.0).is_err(), "once a turn");
        next_turn(&mut s);
        let r = s.game().roster.regiment("r-2wi").unwrap();
        assert!(r.charges.charged_last_turn(s.game().turn));
        assert_eq!(r.charges.permission(s.game().turn), ChargePermission::SecondTurn);
        assert!(s.dispatch(&charge(), 0.0).unwrap().text.contains("disorder"));
        next_turn(&mut s);
        assert!(s.dispatch(&charge(), 0.0).is_err());
        next_turn(&mut s);
        assert!(s.dispatch(&charge(), 0.0).is_ok(), "after a turn's rest it may charge again");
    }

    #[test]
    fn officer_hits_follow_table_20() {
        let mut s = demo();
        s.dispatch(&Command::OfficerHit { officer: "o-archer".into(), effect: CasualtyEffect::Stunned }, 0.0).unwrap();
        let o = s.game().roster.officer("o-archer").unwrap();
        assert_eq!(o.condition, OfficerCondition::Stunned { turn: 1 });
        assert!(!o.condition.status().gives_benefits(2) && o.condition.status().gives_benefits(3));
        s.dispatch(&Command::OfficerHit { officer: "o-archer".into(), effect: CasualtyEffect::SpectacularDeath }, 0.0)
            .unwrap();
        // A dead brigadier is 3 points lost to his brigade (11.1, 11.2).
        assert_eq!(s.game().roster.integrity(&CommandScope::Brigade("b-archer".into())).unwrap().lost, 3);
        assert!(
            s.dispatch(&Command::OfficerHit { officer: "o-archer".into(), effect: CasualtyEffect::Stunned }, 0.0)
                .is_err()
        );
    }

    #[test]
    fn copying_a_brigade_gives_fresh_ids_and_no_losses_carry_over_to_copied_regiments() {
        let mut s = demo();
        kill(&mut s, "r-2wi", 3);
        let out = s.dispatch(&Command::CopyBrigade { id: "b-iron".into() }, 0.0).unwrap();
        let new_id = out.created.unwrap();
        let g = s.game();
        let copy = g.roster.brigade(&new_id).unwrap();
        assert_eq!(copy.name, "Iron Brigade (copy)");
        assert_eq!(copy.regiments.len(), 5);
        assert!(g.roster.problems().is_empty());
        let out = s.dispatch(&Command::CopyRegiment { id: "r-2wi".into() }, 0.0).unwrap();
        assert_eq!(s.game().roster.regiment(&out.created.unwrap()).unwrap().kills, 0);
    }

    #[test]
    fn deleting_clears_references_and_undo_restores_them() {
        let mut s = demo();
        s.dispatch(&Command::DeleteBrigade { id: "b-iron".into() }, 0.0).unwrap();
        let o = s.game().roster.officer("o-meredith").unwrap();
        assert_eq!((o.commands.as_deref(), o.with_unit.as_deref()), (None, None));
        s.undo();
        assert_eq!(s.game().roster.officer("o-meredith").unwrap().commands.as_deref(), Some("b-iron"));
    }

    #[test]
    fn large_game_stays_instant() {
        // 60 regiments, 20 gun sections, 20 officers.
        let mut g = Game::new("big", "Big game");
        let mut counter = 0u64;
        for (si, side) in Side::BOTH.into_iter().enumerate() {
            let army = g.roster.army_mut(side);
            for d in 0..2 {
                let mut div = Division {
                    id: format!("d{si}{d}"),
                    name: format!("Division {d}"),
                    stance: Stance::Normal,
                    brigades: Vec::new(),
                    batteries: Vec::new(),
                };
                for b in 0..3 {
                    let mut br = Brigade {
                        id: format!("b{si}{d}{b}"),
                        name: format!("Brigade {b}"),
                        regiments: Vec::new(),
                        batteries: Vec::new(),
                    };
                    for r in 0..5 {
                        counter += 1;
                        br.regiments.push(Regiment::new(
                            format!("r{counter}"),
                            format!("Regiment {r}"),
                            Regiment::stands_for_total(18).unwrap(),
                            Quality::Average,
                            Weapon::RifleMusket,
                        ));
                    }
                    div.brigades.push(br);
                }
                let mut bat = Battery { id: format!("bt{si}{d}"), name: "Battery".into(), sections: Vec::new() };
                for x in 0..5 {
                    bat.sections.push(Section::new(
                        format!("s{si}{d}{x}"),
                        format!("Section {x}"),
                        GunType::known()[0].clone(),
                        Quality::Average,
                    ));
                }
                div.batteries.push(bat);
                army.divisions.push(div);
            }
            for o in 0..10 {
                let (rank, commands) = match o {
                    0 | 1 => (Rank::DivisionCommander, Some(format!("d{si}{o}"))),
                    2..=7 => (Rank::BrigadeCommander, Some(format!("b{si}{}{}", (o - 2) / 3, (o - 2) % 3))),
                    _ => (Rank::Other, None),
                };
                army.officers.push(Officer { id: format!("o{si}{o}"), rank, commands, ..new_officer() });
            }
        }
        // A long history, as late in a game.
        for i in 0..500 {
            g.log.push(LogEntry {
                turn: 1 + i / 40,
                phase: Phase::FirstFires,
                at_ms: 1.7e12,
                text: "Regiment 3: kill 4 (14 of 18 figures left)".into(),
            });
        }
        let count = |s: Side| {
            (g.roster.army(s).regiments().count(), g.roster.army(s).sections().count(), g.roster.army(s).officers.len())
        };
        let (u, c) = (count(Side::Union), count(Side::Confederate));
        assert_eq!((u.0 + c.0, u.1 + c.1, u.2 + c.2), (60, 20, 20));
        assert!(g.roster.problems().is_empty(), "{:?}", g.roster.problems());

        let mut s = Session::new(g);
        // The best of five rounds of 40, so that other work on a shared machine does not
        // decide the result.
        let best = |f: &mut dyn FnMut(u32)| -> std::time::Duration {
            (0..5)
                .map(|round| {
                    let t = std::time::Instant::now();
                    for i in 0..40 {
                        f(round * 40 + i);
                    }
                    t.elapsed() / 40
                })
                .min()
                .unwrap()
        };
        let kill = best(&mut |i| {
            s.dispatch(&Command::AddKill { regiment: format!("r{}", 1 + i % 60) }, 0.0).unwrap();
        });
        let undo = best(&mut |_| {
            s.undo();
        });
        let redo = best(&mut |_| {
            s.redo();
        });
        // What a save writes of the game (the stored document is little more than its games).
        let game = s.game().clone();
        let mut bytes = 0;
        let encode = best(&mut |_| bytes = serde_json::to_string(&game).map(|t| t.len()).unwrap_or(0));
        println!(
            "60 regiments, 20 sections, 20 officers, 500 log lines ({} build): \
             kill {kill:?}, undo {undo:?}, redo {redo:?}, encode {encode:?} ({bytes} bytes)",
            if cfg!(debug_assertions) { "debug-assertions" } else { "release" }
        );
        // An unoptimised (debug) build on a shared 2-core machine, with builds running beside
        // it, is up to ten times slower than the app's optimised build: its bounds catch an
        // order-of-magnitude regression, not noise (seen: kill 1.5-2.1 ms, encode 10-16 ms
        // under a load of 10). Optimised, each is well under 1 ms.
        let us = std::time::Duration::from_micros(1);
        let (kill_max, undo_max, encode_max) =
            if cfg!(debug_assertions) { (5000 * us, 200 * us, 30_000 * us) } else { (500 * us, 20 * us, 1000 * us) };
        assert!(kill < kill_max, "kill {kill:?}");
        assert!(undo < undo_max && redo < undo_max, "undo {undo:?}, redo {redo:?}");
        assert!(encode < encode_max, "encode {encode:?}");
    }

    #[test]
    fn refused_command_changes_nothing_and_cannot_be_undone() {
        let mut s = session();
        let err = s.dispatch(&Command::RenameGame { name: "   ".into() }, 0.0);
        assert!(matches!(err, Err(CommandError::BadName(_))));
        assert!(!s.can_undo());
        assert_eq!(s.game().name, "Test");
    }

    #[test]
    fn a_new_command_clears_redo() {
        let mut s = session();
        s.dispatch(&Command::NextPhase, 0.0).unwrap();
        s.undo();
        s.dispatch(&Command::RenameGame { name: "B".into() }, 0.0).unwrap();
        assert!(!s.can_redo());
    }

    #[test]
    fn rule_6_7_2_set_mounted_with_its_free_formation_change_and_undo() {
        let mut s = demo();
        let mut cav = s.game().roster.regiment("r-2wi").unwrap().clone();
        cav.arm = Arm::Cavalry { mounted: false };
        cav.formation = Formation::Skirmish;
        s.dispatch(&Command::EditRegiment { regiment: cav }, 0.0).unwrap();
        let before = s.game().clone();
        let out = s
            .dispatch(
                &Command::SetMounted { regiment: "r-2wi".into(), mounted: true, formation: Formation::MarchColumn },
                0.0,
            )
            .unwrap();
        assert!(out.text.contains("mounts"), "{}", out.text);
        let r = s.game().roster.regiment("r-2wi").unwrap();
        assert_eq!((r.arm, r.formation), (Arm::Cavalry { mounted: true }, Formation::MarchColumn));
        assert!(s.undo());
        assert_eq!(s.game(), &before);
        // Mounted cavalry forms line, column, skirmish or disorder only (0.1.2.b); infantry has no horses.
        assert!(
            s.dispatch(
                &Command::SetMounted { regiment: "r-2wi".into(), mounted: true, formation: Formation::AttackColumn },
                0.0
            )
            .is_err()
        );
        assert!(
            s.dispatch(
                &Command::SetMounted { regiment: "r-7wi".into(), mounted: true, formation: Formation::Line },
                0.0
            )
            .is_err()
        );
        assert_eq!(s.game(), &before);
    }
}
