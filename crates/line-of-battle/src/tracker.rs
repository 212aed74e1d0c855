//! The Sequence of Play (2.1) as a tracker: [`todo`] reads the game and lists what the rules
//! require of the Phasing Player in the Segment in progress, each item with its rule and what
//! it is about, done or not. What the game can tell it tells (a Leader who has rolled, a
//! Routed unit rolled for); the rest the players tick ([`TrackerCommand::Tick`]), undoably.

use crate::clock::{Light, Segment};
use crate::game::Game;
use crate::morale::MoraleState;
use crate::oob::{Arm, Echelon, Side, Unit};
use crate::orders::ending::Step;
use crate::orders::{OrderKind, Origin, Status};
use crate::refusal::Refused;
use serde::{Deserialize, Serialize};

/// What an item is about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Subject {
    /// A Combat Unit.
    Unit(String),
    /// A Leader.
    Leader(String),
    /// A Formation.
    Formation(String),
    /// An Order of the book.
    Order(u32),
    /// An Order of Arrival entry, by its index.
    Arrival(usize),
    /// Something due ([`crate::due`]).
    Due(u32),
    /// A Consolidation the rules allow (1.3e): the recipient and the donor it may absorb.
    Consolidation {
        /// Absorbs.
        recipient: String,
        /// Gives all its SPs.
        donor: String,
    },
}

/// One thing the rules require now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Todo {
    /// Stable within the Player Turn and Segment: ticks are kept by it.
    pub key: String,
    /// What the players do.
    pub text: String,
    /// The rule.
    pub rule: String,
    /// What it is about.
    pub subject: Option<Subject>,
    /// Required by the rules (not only allowed).
    pub required: bool,
    /// Done.
    pub done: bool,
}

/// An item ticked by hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tick {
    /// The Game Turn.
    pub turn: u32,
    /// In the Second Player Turn.
    pub second: bool,
    /// The Segment's index in [`crate::clock::SEQUENCE`].
    pub segment: usize,
    /// The item's key.
    pub key: String,
}

/// The scenario's facts the tracker uses.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    /// The year (4.4d: Open Order Retirement is required before 1864). LCV is 1863.
    pub year: Option<u16>,
    /// The scenario's Last Turn: day and time.
    pub last: Option<(u8, u16)>,
}

/// A tracker command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TrackerCommand {
    /// Ticks (or unticks) an item of the current list by hand.
    Tick {
        /// The item's key.
        key: String,
        /// Done or not.
        done: bool,
    },
    /// The scenario's facts.
    SetScenario(Scenario),
    /// LCV 1.0b: in the two-map game, Confederate units leaving by N29.14/N31.14 or S9.23
    /// reach the other exit 5 turns later: they leave the map and are entered as an arrival.
    MarchBetweenMaps {
        /// The units and Leaders.
        units: Vec<String>,
        /// Where they enter.
        entry: String,
    },
}

/// LCV 1.0b: the turns a march between the two maps takes.
pub const MARCH_BETWEEN_MAPS_TURNS: u32 = 5;

fn item(key: String, text: String, rule: &str, subject: Option<Subject>, required: bool) -> Todo {
    Todo { key, text, rule: rule.into(), subject, required, done: false }
}

fn name_of(game: &Game, id: &str) -> String {
    game.oob
        .unit(id)
        .map(|u| u.name.clone())
        .or_else(|| game.oob.leader(id).map(|l| l.name.clone()))
        .or_else(|| game.oob.formation(id).map(|f| f.name.clone()))
        .unwrap_or_else(|| id.to_string())
}

/// Everything the rules require of the Phasing Player now, in the order to do it.
pub fn todo(game: &Game) -> Vec<Todo> {
    let side = game.clock.phasing();
    let mut items = Vec::new();
    for d in &game.dues.list {
        let (text, rule) = d.describe(&game.oob);
        items.push(item(format!("due-{}", d.id), text, &rule, Some(Subject::Due(d.id)), true));
    }
    match game.clock.phase() {
        Segment::Orders => orders(game, side, &mut items),
        Segment::Recovery => recovery(game, side, &mut items),
        Segment::FlukeStoppage => fluke(game, side, &mut items),
        Segment::Reinforcements => reinforcements(game, side, &mut items),
        Segment::Consolidation => consolidation(game, side, &mut items),
        Segment::MovementAndCombat => activity(game, side, &mut items),
        Segment::Rally => rally(game, side, &mut items),
        Segment::Rebuilding => rebuilding(game, side, &mut items),
    }
    if let Some((day, minutes)) = game.scenario.last
        && game.clock.day == day
        && game.clock.minutes == minutes
        && game.clock.second
        && game.clock.phase() == Segment::Rally
    {
        items.push(item(
            "last-turn".into(),
            "The scenario's Last Turn ends with this Phase".into(),
            "7.0",
            None,
            false,
        ));
    }
    let c = &game.clock;
    for i in items.iter_mut() {
        if game
            .ticks
            .iter()
            .any(|t| t.turn == c.turn && t.second == c.second && t.segment == c.segment && t.key == i.key)
        {
            i.done = true;
        }
    }
    items
}

fn leader_of_side(game: &Game, side: Side) -> Option<&crate::oob::Leader> {
    game.oob.leaders.iter().find(|l| l.side == side && l.army_commander() && !l.lost)
}

fn orders(game: &Game, side: Side, items: &mut Vec<Todo>) {
    let turn = game.clock.turn;
    if game.clock.midnight() {
        items.push(item(
            "midnight".into(),
            "Midnight: the Army Commander may write any number of Orders, no Command Roll, delivered before First Light".into(),
            "13.5b",
            None,
            false,
        ));
    }
    for o in game.book.orders.iter().filter(|o| o.side == side) {
        match &o.status {
            Status::Awaiting => {
                let mut i = item(
                    format!("accept-{}", o.id),
                    format!(
                        "{} rolls to accept Order {} ({:?} for {})",
                        name_of(game, &o.recipient),
                        o.id,
                        o.kind,
                        name_of(game, &o.formation)
                    ),
                    "13.3",
                    Some(Subject::Order(o.id)),
                    true,
                );
                i.done = game.book.rolled(&o.recipient, turn);
                items.push(i);
            }
            Status::Held => items.push(item(
                format!("held-{}", o.id),
                format!("Order {} waits until {}'s attack ends", o.id, name_of(game, &o.formation)),
                "13.6c",
                Some(Subject::Order(o.id)),
                false,
            )),
            Status::Accepted(t) if *t == turn && o.kind == OrderKind::Attack => {
                let corps = game.oob.formation(&o.formation).is_some_and(|f| f.echelon == Echelon::Corps);
                if corps {
                    let mut i = item(
                        format!("reissue-{}", o.id),
                        format!("Reissue Order {} to each involved Division of {}", o.id, name_of(game, &o.formation)),
                        "13.2a",
                        Some(Subject::Order(o.id)),
                        true,
                    );
                    i.done = game.book.orders.iter().any(|r| r.origin == Origin::Reissue(o.id));
                    items.push(i);
                }
            }
            _ => {}
        }
    }
    let quiet = crate::orders::commands::after_midnight_before_twilight(game);
    if let Some(army) = leader_of_side(game, side)
        && army.on_map
        && !game.clock.midnight()
        && !quiet
    {
        let mut i = item(
            "army-order".into(),
            format!("{} may make his Command Roll to issue one Order", army.name),
            "13.3c",
            Some(Subject::Leader(army.id.clone())),
            false,
        );
        i.done = game.book.rolled(&army.id, turn);
        items.push(i);
    }
    endings(game, side, items);
    vacancies(game, side, items);
}

fn endings(game: &Game, side: Side, items: &mut Vec<Todo>) {
    for s in &game.book.standings {
        let Some(step) = s.ending.as_ref().and_then(|e| e.at()) else { continue };
        if game.oob.formation(&s.formation).is_none_or(|f| f.side != side) {
            continue;
        }
        let words = match step {
            Step::Withdrawal => {
                "Withdraw: teleport the senior Leader to a destination to the rear; the units follow each turn (13.7a)"
            }
            Step::Deployment => "Deploy, or not, within half CR of each level (13.7b)",
            Step::StayInPosition => "Stay in position (13.6h Case B)",
            Step::StopInPlace => "Stop in place (13.6f)",
            Step::RemainInColumn => "Remain in Column (13.6f)",
            Step::AwaitNewOrders => "Await new Orders (13.6f)",
            _ => continue,
        };
        items.push(item(
            format!("ending-{}", s.formation),
            format!("{}: {words}", name_of(game, &s.formation)),
            "13.7",
            Some(Subject::Formation(s.formation.clone())),
            true,
        ));
    }
}

fn vacancies(game: &Game, side: Side, items: &mut Vec<Todo>) {
    for f in game.oob.formations.iter().filter(|f| f.side == side && f.echelon != Echelon::Army) {
        let has_units = game.oob.units.iter().any(|u| u.formation == f.id && !u.dead)
            || game.oob.formations.iter().any(|c| c.parent.as_deref() == Some(f.id.as_str()));
        let had_leader = f.leader.is_some();
        if has_units && had_leader && game.oob.leader_of(&f.id).is_none() {
            let what = if f.echelon == Echelon::Brigade {
                "a Repl takes command (4.1c)"
            } else {
                "promote the ranking subordinate (4.1b)"
            };
            items.push(item(
                format!("vacancy-{}", f.id),
                format!("{} has lost its Leader: {what}", f.name),
                "4.1b",
                Some(Subject::Formation(f.id.clone())),
                true,
            ));
        }
    }
}

/// 13.7c: the Division's Wrecked or Dead units, Artillery and Open Order ignored, for the
/// Recovery Base Check's modifier.
pub fn wrecked_or_dead<'a>(game: &'a Game, division: &str) -> Vec<&'a Unit> {
    game.oob
        .units
        .iter()
        .filter(|u| !matches!(u.arm, Arm::Artillery | Arm::OpenOrder))
        .filter(|u| u.formation == division || game.oob.below(division).iter().any(|f| f.id == u.formation))
        .filter(|u| u.dead || u.wrecked())
        .collect()
}

fn recovery(game: &Game, side: Side, items: &mut Vec<Todo>) {
    let twilight = game.clock.light() == Some(Light::Twilight);
    for s in &game.book.standings {
        let due = s.ending.as_ref().and_then(|e| e.at()) == Some(Step::Recovery);
        if !due || game.oob.formation(&s.formation).is_none_or(|f| f.side != side) {
            continue;
        }
        let n = wrecked_or_dead(game, &s.formation).len();
        let text = if twilight {
            format!("{} Recovers automatically in the first Twilight Turn", name_of(game, &s.formation))
        } else {
            format!(
                "Recovery for {}: Base Check, then the Recovery Roll ({n} Wrecked or Dead units)",
                name_of(game, &s.formation)
            )
        };
        items.push(item(
            format!("recovery-{}", s.formation),
            text,
            "13.7c",
            Some(Subject::Formation(s.formation.clone())),
            true,
        ));
    }
}

fn fluke(game: &Game, side: Side, items: &mut Vec<Todo>) {
    if game.clock.in_grace_period() {
        items.push(item("grace".into(), "No Fluke Stoppage rolls in the first 8 turns".into(), "13.6h", None, false));
        return;
    }
    for f in game.book.fluke_checks_due(side, game.clock.turn, &game.oob) {
        items.push(item(
            format!("fluke-{f}"),
            format!("{} checks for Fluke Stoppage: Base Check, then the Failure Roll if it fails", name_of(game, &f)),
            "13.6h",
            Some(Subject::Formation(f.clone())),
            true,
        ));
    }
}

fn reinforcements(game: &Game, side: Side, items: &mut Vec<Todo>) {
    for (i, a) in crate::schedule::waiting(&game.clock, side) {
        let names: Vec<String> = a.units.iter().map(|u| name_of(game, u)).collect();
        let text = if a.removal {
            format!("Remove {} from the game", names.join(", "))
        } else {
            format!("Place {} at Entry Area {}", names.join(", "), a.entry)
        };
        items.push(item(
            format!("arrival-{i}"),
            text,
            if a.removal { "2.2c" } else { "2.2" },
            Some(Subject::Arrival(i)),
            true,
        ));
    }
    for b in &game.supply.batteries {
        let Some(back) = b.returns else { continue };
        let Some(u) = game.oob.unit(&b.battery) else { continue };
        if u.side == side && back <= game.clock.turn {
            items.push(item(
                format!("battery-{}", u.id),
                format!("{} returns Limbered within 1 of its HQ", u.name),
                "4.3c",
                Some(Subject::Unit(u.id.clone())),
                true,
            ));
        }
    }
}

fn consolidation(game: &Game, side: Side, items: &mut Vec<Todo>) {
    let able = |u: &&Unit| {
        u.side == side
            && u.on_map
            && !u.dead
            && !matches!(u.state, MoraleState::BloodLust | MoraleState::Disorganized | MoraleState::Routed)
    };
    let units: Vec<&Unit> = game.oob.units.iter().filter(able).collect();
    // A recipient absorbs one donor a Segment (1.3e): once it has, its other pairs go.
    let record = game.this_turn.current(&game.clock);
    let absorbed = |r: &Unit| record.is_some_and(|t| t.consolidated.contains(&r.id));
    for r in units.iter().filter(|r| !absorbed(r)) {
        for d in &units {
            let fits = r.id != d.id
                && r.formation == d.formation
                && r.arm == d.arm
                && r.weapon == d.weapon
                && r.green == d.green
                && !r.wrecked()
                && d.strength < d.printed
                && u16::from(r.strength) + u16::from(d.strength) <= u16::from(r.printed);
            if fits {
                items.push(item(
                    format!("consolidate-{}-{}", r.id, d.id),
                    format!("{} may absorb {} if Stacked together", r.name, d.name),
                    "1.3e",
                    Some(Subject::Consolidation { recipient: r.id.clone(), donor: d.id.clone() }),
                    false,
                ));
            }
        }
    }
}

fn activity(game: &Game, side: Side, items: &mut Vec<Todo>) {
    vacancies(game, side, items);
    endings(game, side, items);
    for f in game.oob.formations.iter().filter(|f| f.side == side && f.echelon == Echelon::Brigade) {
        if crate::promotion::zero_roll_due(game, &f.id) {
            items.push(item(
                format!("zero-{}", f.id),
                format!("Zero Roll for {} before any of its units acts", f.name),
                "4.1d",
                Some(Subject::Formation(f.id.clone())),
                true,
            ));
        }
    }
    if let Some(c) = &game.charge {
        let top = c.attackers.first().map(|u| name_of(game, u)).unwrap_or_default();
        let target = c.target.first().map(|u| name_of(game, u)).unwrap_or_default();
        items.push(item(
            "charge".into(),
            format!("{top}'s Charge on {target}: {:?} due", c.machine.step),
            "11.1",
            c.attackers.first().map(|u| Subject::Unit(u.clone())),
            true,
        ));
    }
}

fn rally(game: &Game, side: Side, items: &mut Vec<Todo>) {
    let record = game.this_turn.current(&game.clock);
    let mut i = item(
        "rally-markers".into(),
        "Remove Sh, BL and every Cowardly Legs marker; flip DG to Sh (not in Towns or Over-Stacked)".into(),
        "12.1",
        None,
        true,
    );
    i.done = record.is_some_and(|r| r.rally_markers);
    items.push(i);
    for u in game.oob.units.iter().filter(|u| u.side == side && u.on_map && !u.dead && u.state == MoraleState::Routed) {
        let mut i = item(
            format!("rally-{}", u.id),
            format!(
                "Rally roll for {}: one die plus a Leader's Morale Value, 5 or more; else retreat to 6 hexes from the enemy",
                u.name
            ),
            "12.1",
            Some(Subject::Unit(u.id.clone())),
            true,
        );
        i.done = record.is_some_and(|r| r.rallied.contains(&u.id));
        items.push(i);
    }
    let cbf =
        game.supply.batteries.iter().any(|b| b.cbf > 0 && game.oob.unit(&b.battery).is_some_and(|u| u.side == side));
    if cbf || record.is_some_and(|r| r.cbf_removed) {
        let mut i = item("cbf".into(), "Remove all CBF markers from your Artillery".into(), "4.2l", None, true);
        i.done = record.is_some_and(|r| r.cbf_removed);
        items.push(i);
    }
}

/// 12.2: the units of `side` a Rebuild would serve, Green units and Open Order excepted.
pub fn rebuild_candidates(game: &Game, side: Side) -> Vec<&Unit> {
    game.oob
        .units
        .iter()
        .filter(|u| u.side == side && matches!(u.arm, Arm::Infantry | Arm::Artillery) && !u.green)
        .filter(|u| u.strength < u.printed && (u.on_map || u.dead))
        .collect()
}

fn rebuilding(game: &Game, side: Side, items: &mut Vec<Todo>) {
    let list: Vec<String> = rebuild_candidates(game, side).iter().map(|u| u.name.clone()).collect();
    if list.is_empty() {
        return;
    }
    let mut i = item(
        "rebuild".into(),
        format!("Rebuild 1 SP for each qualified unit in CR or the Dead Pile: {}", list.join(", ")),
        "12.2",
        None,
        true,
    );
    i.done = game.this_turn.current(&game.clock).is_some_and(|r| r.rebuilt);
    items.push(i);
}

/// Applies a tracker command.
pub(crate) fn execute(game: &mut Game, command: &TrackerCommand) -> Result<Vec<String>, Refused> {
    match command {
        TrackerCommand::Tick { key, done } => {
            let item = todo(game)
                .into_iter()
                .find(|i| i.key == *key)
                .ok_or_else(|| Refused::because("that item is not on this Segment's list"))?;
            let c = &game.clock;
            let tick = Tick { turn: c.turn, second: c.second, segment: c.segment, key: key.clone() };
            game.ticks.retain(|t| *t != tick);
            if *done {
                game.ticks.push(tick);
            }
            Ok(vec![format!("{}: {}", item.text, if *done { "done" } else { "not done" })])
        }
        TrackerCommand::SetScenario(s) => {
            game.scenario = s.clone();
            Ok(vec!["Scenario set".into()])
        }
        TrackerCommand::MarchBetweenMaps { units, entry } => {
            let side = game.clock.phasing();
            if units.is_empty() {
                return Err(Refused::because("name the units that march"));
            }
            for id in units {
                let ok = match (game.oob.unit(id), game.oob.leader(id)) {
                    (Some(u), _) => u.side == side && u.on_map && !u.dead,
                    (None, Some(l)) => l.side == side && l.on_map && !l.lost,
                    _ => false,
                };
                if !ok {
                    return Err(Refused::by("LCV 1.0b", format!("{id} is not the Phasing Player's on the map")));
                }
            }
            for id in units {
                if let Ok(u) = game.oob.unit_mut(id) {
                    u.on_map = false;
                } else if let Ok(l) = game.oob.leader_mut(id) {
                    l.on_map = false;
                }
            }
            let (day, minutes) = game.clock.after(MARCH_BETWEEN_MAPS_TURNS);
            game.clock.arrivals.push(crate::clock::Arrival {
                side,
                day,
                minutes,
                units: units.clone(),
                entry: entry.clone(),
                removal: false,
                done: false,
            });
            Ok(vec![format!(
                "{} march off the map: they enter at {entry} at {} on day {day} (LCV 1.0b)",
                units.join(", "),
                crate::clock::Clock::time_label(minutes)
            )])
        }
    }
}

#[cfg(test)]
mod tests;
