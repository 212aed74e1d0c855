//! The game in progress and the system's boundary: [`LineOfBattle`] applies [`Command`]s to a
//! [`Game`]; a refused command leaves the game as it was (the session throws the copy away,
//! and every command here checks before it changes anything).

use crate::clock::Clock;
use crate::morale::MoraleState;
use crate::oob::{Formation, Leader, Oob, Side, Unit, UnitFormation};
use crate::orders::OrderBook;
use crate::refusal::Refused;
use crate::tables::TableSet;
use companion_core::doc::{StoredGame, Summary};
use companion_core::log::LogEntry;
use companion_core::system::{GameSystem, SystemTag};
use serde::{Deserialize, Serialize};

/// Line of Battle v3.0 as a companion system.
pub struct LineOfBattle;

/// A game of Line of Battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// The system's tag in the stored document.
    #[serde(default)]
    pub system: SystemTag<LineOfBattle>,
    /// Its identity among the saved games.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The order of battle.
    pub oob: Oob,
    /// Both sides' orders (hidden from the other side, 1.8).
    pub book: OrderBook,
    /// The turn, the Player Turn, the phase and the Turn Record Track.
    pub clock: Clock,
    /// The players' charts.
    pub tables: TableSet,
    /// The players' Additive Morale Chart (10.2).
    #[serde(default)]
    pub morale_chart: crate::morale::AdditiveChart,
    /// The players' Threshold Values Chart (9.3).
    #[serde(default)]
    pub thresholds: crate::fire::ThresholdChart,
    /// The history.
    pub log: Vec<LogEntry<String>>,
    /// What the Phasing Player's units have done this Player Turn (2.3, 9.1, 11.2, 12.1).
    #[serde(default)]
    pub this_turn: crate::turn_record::TurnRecord,
    /// What results have left to settle: losses to distribute, Leader Loss and Morale Checks,
    /// Depletions (9.4).
    #[serde(default)]
    pub dues: crate::due::Dues,
    /// The Charge in progress (11.1).
    #[serde(default)]
    pub charge: Option<crate::combat::charge::ChargeState>,
    /// Wagons and the Artillery's markers (4.2l, 4.3).
    #[serde(default)]
    pub supply: crate::supply::Supply,
    /// Breastworks (5.0).
    #[serde(default)]
    pub works: crate::works::Works,
    /// Leaders' ranks entered by the players (4.1b).
    #[serde(default)]
    pub ranks: Vec<(String, crate::seniority::Rank)>,
    /// Tracker items ticked by hand.
    #[serde(default)]
    pub ticks: Vec<crate::tracker::Tick>,
    /// The scenario's facts (4.4d's year, the Last Turn).
    #[serde(default)]
    pub scenario: crate::tracker::Scenario,
}

impl Game {
    /// A new game: the standard tables, empty, and the clock at `clock`.
    pub fn new(id: &str, name: &str, clock: Clock) -> Game {
        Game {
            system: SystemTag::default(),
            id: id.into(),
            name: name.into(),
            oob: Oob::default(),
            book: OrderBook::default(),
            clock,
            tables: TableSet::standard(),
            morale_chart: crate::morale::AdditiveChart::default(),
            thresholds: crate::fire::ThresholdChart::default(),
            log: Vec::new(),
            this_turn: crate::turn_record::TurnRecord::default(),
            dues: crate::due::Dues::default(),
            charge: None,
            supply: crate::supply::Supply::default(),
            works: crate::works::Works::default(),
            ranks: Vec::new(),
            ticks: Vec::new(),
            scenario: crate::tracker::Scenario::default(),
        }
    }

    fn note(&mut self, text: String, now_ms: f64, secret: bool) {
        let phase = self.clock.phase().label().to_string();
        self.log.push(LogEntry { turn: self.clock.turn, phase, at_ms: now_ms, text, secret });
    }
}

impl StoredGame for Game {
    fn from_stored(value: serde_json::Value) -> Result<Self, String> {
        serde_json::from_value(value).map_err(|e| e.to_string())
    }
    fn id(&self) -> &str {
        &self.id
    }
    fn set_id(&mut self, id: String) {
        self.id = id;
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn set_name(&mut self, name: String) {
        self.name = name;
    }
    fn summary(&self) -> Summary {
        let c = &self.clock;
        Summary {
            system: LineOfBattle::NAME,
            progress: format!(
                "Turn {}, {}, {:?} {}",
                c.turn,
                crate::clock::Clock::time_label(c.minutes),
                c.phasing(),
                c.phase().label()
            ),
            size: format!("{} units, {} Leaders", self.oob.units.len(), self.oob.leaders.len()),
            last_change_ms: self.log.last().map(|l| l.at_ms),
        }
    }
}

/// A change the players ask for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Adds a Formation to the tree.
    AddFormation(Formation),
    /// Adds a Combat Unit.
    AddUnit(Unit),
    /// Adds a Leader.
    AddLeader(Leader),
    /// Copies a Brigade and its units.
    CopyBrigade {
        /// The Brigade copied.
        from: String,
        /// The copy's identity.
        id: String,
        /// The copy's name.
        name: String,
    },
    /// A loss in SPs (9.4, 10.3b, 11.3a).
    Loss {
        /// The unit.
        unit: String,
        /// SPs lost.
        sps: u8,
    },
    /// Sets a unit's Strength (a correction, or a Strength marker read from the table).
    SetStrength {
        /// The unit.
        unit: String,
        /// SPs now.
        sps: u8,
    },
    /// Sets the Morale State of the units of one Stack (10.0: one State per Stack).
    SetMorale {
        /// The units of the Stack.
        units: Vec<String>,
        /// The State.
        state: MoraleState,
    },
    /// A Morale Table State result for a Stack (10.2): combined with its State by the
    /// players' Additive Morale Chart when it already has one.
    MoraleResult {
        /// The units of the Stack.
        units: Vec<String>,
        /// The result.
        result: MoraleState,
        /// The Stack is adjacent to the Firing Stack (10.2a: Blood Lust only then).
        adjacent_to_firer: bool,
    },
    /// Changes a unit's Formation (6.2).
    SetFormation {
        /// The unit.
        unit: String,
        /// The Formation.
        formation: UnitFormation,
    },
    /// 1.3e Consolidation in the Consolidation Segment.
    Consolidate {
        /// Absorbs.
        recipient: String,
        /// Gives all its SPs and is removed.
        donor: String,
        /// Both are Stacked together.
        stacked: bool,
    },
    /// 4.1a: the Leader is removed from play.
    LeaderLost {
        /// The Leader.
        leader: String,
    },
    /// 4.1b, 4.1c: a Leader takes command of a Formation (a promotion or a Repl).
    Command {
        /// The Leader.
        leader: String,
        /// The Formation.
        formation: String,
    },
    /// 12.1 part 3: a Routed Stack's Rally roll, one die plus one Leader's Morale Value.
    RallyRouted {
        /// The units of the Stack.
        units: Vec<String>,
        /// The die.
        die: companion_core::Die,
        /// The Leader in the hex whose Morale Value is used.
        leader: Option<String>,
    },
    /// 12.1 parts 1-2: the Rally Phase's markers for the Phasing side's units; `held` are
    /// the DG units in Towns or Over-Stacked (1.6b, 6.1a).
    RallyMarkers {
        /// DG units that stay DG.
        held: Vec<String>,
    },
    /// 12.2 Rebuilding on the Midnight turn; `eligible` are the units in CR or in the Dead Pile.
    Rebuild {
        /// The units the players found eligible.
        eligible: Vec<String>,
    },
    /// An order-book or clock command.
    Orders(Box<crate::orders::commands::OrderCommand>),
    /// Advances to the next phase of the Sequence of Play (2.1).
    NextPhase,
    /// Replaces the players' tables after validating them.
    PutTable(crate::table::RollTable),
    /// Fire Combat (9.3, 9.4): the result applied through Loss Distribution (9.4a).
    Fire(Box<crate::combat::FireCommand>),
    /// An Opening Volley (9.2).
    Volley(Box<crate::combat::VolleyCommand>),
    /// A step of the Charge Process (11.1), the Charge kept in the game.
    Charge(Box<crate::combat::charge::ChargeCommand>),
    /// Settles a check due: a loss to distribute, a Leader Loss or Morale Check (9.4, 10.1).
    Check(Box<crate::combat::checks::CheckCommand>),
    /// Retreat losses, Collisions, guns overrun, a Stack's end of move (10.3, 6.1a).
    Retreat(Box<crate::combat::retreat::RetreatCommand>),
    /// Ranks, promotion, Repls and the Zero Roll (4.1).
    Leaders(Box<crate::promotion::LeaderCommand>),
    /// Wagons, Depletion, Replenishment, CBF, Limbering (4.2, 4.3).
    Supply(Box<crate::supply::SupplyCommand>),
    /// Breastworks (5.0).
    Works(crate::works::WorksCommand),
    /// The tracker's ticks and the scenario's facts (2.1).
    Tracker(crate::tracker::TrackerCommand),
    /// A correction of the order of battle or of a chart ([`crate::edit`]).
    Edit(Box<crate::edit::EditCommand>),
}

/// What an applied command did, for the screens.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// One line per effect, in the game's words.
    pub lines: Vec<String>,
}

impl GameSystem for LineOfBattle {
    const ID: &'static str = "line-of-battle";
    const NAME: &'static str = "Line of Battle (Last Chance for Victory)";
    type Game = Game;
    type Command = Command;
    type Outcome = Outcome;
    type Error = Refused;

    fn apply(game: &mut Game, command: &Command, now_ms: f64) -> Result<Outcome, Refused> {
        // Worked on a copy: a refusal half-way leaves the game as it was, with or without a
        // session around it.
        let mut next = game.clone();
        let lines = execute(&mut next, command)?;
        *game = next;
        for line in &lines {
            game.note(line.clone(), now_ms, tells_orders(command, line));
        }
        Ok(Outcome { lines })
    }
}

/// 1.8: whether a line of the history tells a side's Orders and plans, so that it is kept
/// from the other side's player (marked secret: the Game area's history leaves it out, and
/// each side reads its own Orders in its order book). Every order-book command's lines are,
/// but for the Turn Record Track and the Orders of Arrival, which both sides know; of the
/// other commands' lines, those the order book adds: the Command Phase's deliveries and
/// Fluke Stoppage checks, and the Ending steps a lost Leader starts (13.6g).
fn tells_orders(command: &Command, line: &str) -> bool {
    use crate::orders::commands::OrderCommand;
    match command {
        Command::Orders(c) => {
            !matches!(**c, OrderCommand::SetTrack(_) | OrderCommand::AddArrival(_) | OrderCommand::Arrive(_))
        }
        // A tick of the order book's items of the tracker (the app ticks them in the book).
        Command::Tracker(crate::tracker::TrackerCommand::Tick { key, .. }) => {
            ["accept-", "held-", "reissue-", "army-order", "ending-", "recovery-", "fluke-", "midnight"]
                .iter()
                .any(|k| key.starts_with(k))
        }
        _ => line.starts_with("Order ") || line.contains("(13.") || line.contains("(3.2)"),
    }
}

fn execute(game: &mut Game, command: &Command) -> Result<Vec<String>, Refused> {
    let oob = &mut game.oob;
    Ok(match command {
        Command::AddFormation(f) => {
            oob.add_formation(f.clone())?;
            vec![format!("{} added", f.name)]
        }
        Command::AddUnit(u) => {
            oob.add_unit(u.clone())?;
            vec![format!("{} ({} SPs) added", u.name, u.strength)]
        }
        Command::AddLeader(l) => {
            oob.add_leader(l.clone())?;
            vec![format!("{} ({}-{}) added", l.name, l.command, l.morale)]
        }
        Command::CopyBrigade { from, id, name } => {
            oob.copy_brigade(from, id, name)?;
            vec![format!("{name} copied from {from}")]
        }
        Command::Loss { unit, sps } => {
            let u = oob.unit_mut(unit)?;
            let was_wrecked = u.wrecked();
            u.take_loss(*sps);
            let mut lines = vec![format!("{} loses {sps} SP, {} left", u.name, u.strength)];
            if u.dead {
                lines.push(format!("{} to the Dead Pile (9.4b)", u.name));
            } else if u.wrecked() && !was_wrecked {
                lines.push(format!("{} is Wrecked (1.3b)", u.name));
            }
            lines
        }
        Command::SetStrength { unit, sps } => {
            let u = oob.unit_mut(unit)?;
            if *sps > u.printed {
                return Err(Refused::by("1.3a", format!("{} has {} SPs printed", u.name, u.printed)));
            }
            u.strength = *sps;
            u.dead = *sps == 0;
            if *sps > 0 {
                u.on_map = true;
            }
            vec![format!("{} at {sps} SPs", u.name)]
        }
        Command::SetMorale { units, state } => {
            for id in units {
                oob.unit_mut(id)?;
            }
            for id in units {
                oob.unit_mut(id)?.state = *state;
            }
            vec![format!("{} now {}", units.join(", "), state.label())]
        }
        Command::MoraleResult { units, result, adjacent_to_firer } => {
            let first = units.first().ok_or_else(|| Refused::because("name the Stack's units"))?;
            let current = oob.unit(first).ok_or_else(|| Refused::because(format!("no unit {first}")))?.state;
            let mut stack = Vec::new();
            for id in units {
                stack.push(oob.unit(id).ok_or_else(|| Refused::because(format!("no unit {id}")))?.clone());
            }
            let blood_lust_barred = *result == MoraleState::BloodLust
                && (!adjacent_to_firer || stack.iter().any(|u| u.arm == crate::oob::Arm::OpenOrder));
            if blood_lust_barred {
                return Ok(vec![format!(
                    "{}: no Blood Lust, not adjacent to the Firer or Open Order (10.2a)",
                    units.join(", ")
                )]);
            }
            let result = *result;
            let state = game.morale_chart.combine(current, result).ok_or_else(|| {
                Refused::by(
                    "10.2",
                    format!("enter the Additive Morale Chart for {} plus {}", current.label(), result.label()),
                )
            })?;
            for id in units {
                oob.unit_mut(id)?.state = state;
            }
            vec![format!("{} now {} (10.2)", units.join(", "), state.label())]
        }
        Command::SetFormation { unit, formation } => {
            let u = oob.unit_mut(unit)?;
            u.unit_formation = *formation;
            vec![format!("{} in {formation:?}", u.name)]
        }
        Command::Consolidate { recipient, donor, stacked } => {
            // 1.3e: in the player's own Consolidation Segment, one donor per recipient.
            if game.clock.phase() != crate::clock::Segment::Consolidation {
                return Err(Refused::by("1.3e", "Consolidation is done in the Consolidation Segment"));
            }
            let side = oob.unit(recipient).map(|u| u.side);
            if side.is_some_and(|s| s != game.clock.phasing()) {
                return Err(Refused::by("1.3e", "the Active Player consolidates his own units"));
            }
            let record = game.this_turn.current(&game.clock);
            if record.is_some_and(|r| r.consolidated.contains(recipient)) {
                return Err(Refused::by("1.3e", "a recipient absorbs one donor in a Segment"));
            }
            oob.consolidate(recipient, donor, *stacked)?;
            game.this_turn.now(&game.clock).consolidated.push(recipient.clone());
            vec![format!("{donor} consolidated into {recipient} (1.3e)")]
        }
        Command::LeaderLost { leader } => {
            let l = oob.leader_mut(leader)?;
            if l.lost {
                return Err(Refused::because(format!("{} is already out of play", l.name)));
            }
            l.lost = true;
            let name = l.name.clone();
            let formation = l.formation.clone();
            let mut lines = vec![format!("{name} is removed from play (4.1a); promote his ranking subordinate (4.1b)")];
            if let Some(f) = formation {
                lines.extend(game.book.senior_leader_lost(&f, game.clock.turn));
            }
            lines
        }
        Command::Command { leader, formation } => {
            if oob.formation(formation).is_none() {
                return Err(Refused::because(format!("no Formation {formation}")));
            }
            let l = oob.leader_mut(leader)?;
            if l.lost {
                return Err(Refused::by("4.1a", format!("{} is out of play", l.name)));
            }
            l.formation = Some(formation.clone());
            let name = l.name.clone();
            for f in oob.formations.iter_mut() {
                if f.leader.as_deref() == Some(leader.as_str()) {
                    f.leader = None;
                }
                if f.id == *formation {
                    f.leader = Some(leader.clone());
                }
            }
            vec![format!("{name} commands {formation} (4.1b)")]
        }
        Command::RallyRouted { units, die, leader } => {
            if game.clock.phase() != crate::clock::Segment::Rally {
                return Err(Refused::by("12.1", "Rally in the Rally Phase"));
            }
            let side = game.clock.phasing();
            for id in units {
                let u = oob.unit(id).ok_or_else(|| Refused::because(format!("no unit {id}")))?;
                if u.side != side || u.state != MoraleState::Routed {
                    return Err(Refused::by("12.1", format!("{} is not a Routed unit of the Active Player", u.name)));
                }
            }
            let morale = match leader {
                Some(l) => Some(
                    oob.leader(l).filter(|l| !l.lost).ok_or_else(|| Refused::because(format!("no Leader {l}")))?.morale,
                ),
                None => None,
            };
            let record = game.this_turn.now(&game.clock);
            for id in units {
                if !record.rallied.contains(id) {
                    record.rallied.push(id.clone());
                }
            }
            let oob = &mut game.oob;
            if crate::morale::rally_routed(*die, morale) {
                for id in units {
                    oob.unit_mut(id)?.state = MoraleState::Disorganized;
                }
                vec![format!("{} Rally to DG: set Facing and Formation as desired (12.1)", units.join(", "))]
            } else {
                vec![format!(
                    "{} remain Routed; within 5 hexes of the enemy they retreat to 6 (12.1)",
                    units.join(", ")
                )]
            }
        }
        Command::RallyMarkers { held } => {
            if game.clock.phase() != crate::clock::Segment::Rally {
                return Err(Refused::by("12.1", "Rally in the Rally Phase"));
            }
            let side = game.clock.phasing();
            for u in oob.units.iter_mut().filter(|u| u.side == side) {
                u.state = crate::morale::rally_marker_step(u.state, held.contains(&u.id));
            }
            game.this_turn.now(&game.clock).rally_markers = true;
            vec![format!("{side:?}: Sh and BL removed, DG flipped to Sh (12.1)")]
        }
        Command::Rebuild { eligible } => {
            if game.clock.phase() != crate::clock::Segment::Rebuilding {
                return Err(Refused::by("12.2", "Rebuilding is the last action of the Midnight turn's Rally Phase"));
            }
            let side = game.clock.phasing();
            let rebuilt = oob.rebuild(side, &|u| eligible.contains(&u.id));
            game.this_turn.now(&game.clock).rebuilt = true;
            vec![format!("Rebuilt 1 SP (12.2): {}", rebuilt.join(", "))]
        }
        Command::Orders(c) => crate::orders::commands::execute(game, c)?,
        Command::NextPhase => crate::clock::next_phase(game)?,
        Command::Edit(c) => crate::edit::execute(game, c)?,
        Command::PutTable(t) => {
            game.tables.put(t.clone()).map_err(|errors| {
                let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
                Refused::because(lines.join("; "))
            })?;
            vec![format!("{} entered", t.name)]
        }
        Command::Fire(c) => crate::combat::fire(game, c)?,
        Command::Volley(c) => crate::combat::volley(game, c)?,
        Command::Charge(c) => crate::combat::charge::execute(game, c)?,
        Command::Check(c) => crate::combat::checks::execute(game, c)?,
        Command::Retreat(c) => crate::combat::retreat::execute(game, c)?,
        Command::Leaders(c) => crate::promotion::execute(game, c)?,
        Command::Supply(c) => crate::supply::execute(game, c)?,
        Command::Works(c) => crate::works::execute(game, c)?,
        Command::Tracker(c) => crate::tracker::execute(game, c)?,
    })
}

/// The units a side's player may see the Strength of: his own (1.8: the enemy is told only
/// the SPs used in a Fire Combat or Charge).
pub fn visible_strength(game: &Game, viewer: Side, unit: &str) -> Option<u8> {
    game.oob.unit(unit).filter(|u| u.side == viewer).map(|u| u.strength)
}

#[cfg(test)]
mod tests;
