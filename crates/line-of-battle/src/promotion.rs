//! Leaders after a loss (4.1): ranks for Seniority, promotion down the chain of command
//! (4.1b), Repl Leaders at the Brigade level (4.1c) and the Zero Roll (4.1d).

use crate::clock::Segment;
use crate::game::Game;
use crate::oob::{Arm, Echelon, Leader};
use crate::orders::OrderKind;
use crate::orders::effective::{Following, following};
use crate::refusal::Refused;
use crate::seniority::{Rank, printed};
use crate::tables::key;
use companion_core::Die;
use serde::{Deserialize, Serialize};

/// A Repl Leader's values, from the counter's back (4.1c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplValues {
    /// Command Value.
    pub command: u8,
    /// Morale Value.
    pub morale: u8,
}

/// A command about Leaders.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeaderCommand {
    /// A Leader's rank for Seniority (from the printed list, a counter, or a ruling).
    SetRank {
        /// The Leader.
        leader: String,
        /// His rank.
        rank: Rank,
    },
    /// 4.1b: fills the Formation's empty command with its ranking subordinate, and each
    /// opening that makes below it, down to a Brigade, where a Repl takes over (4.1c).
    Promote {
        /// The Formation without a Leader.
        formation: String,
        /// The players' choices where Seniority cannot tell: (Formation, Leader).
        choices: Vec<(String, String)>,
        /// The Repl's values for the Brigade at the end of the chain, if known.
        repl: Option<ReplValues>,
    },
    /// 4.1c: a Repl takes command of a Brigade.
    Repl {
        /// The Brigade.
        brigade: String,
        /// His values.
        values: ReplValues,
    },
    /// 4.1d: a Zero-led Brigade's roll on the Zero Roll Table before any of its units acts.
    ZeroRoll {
        /// The Brigade.
        brigade: String,
        /// The die.
        die: Die,
    },
}

/// A Leader's rank: the players' entry, else the printed Seniority List's line for his name.
pub fn rank_of(game: &Game, leader: &str) -> Option<Rank> {
    if let Some((_, r)) = game.ranks.iter().find(|(l, _)| l == leader) {
        return Some(*r);
    }
    let l = game.oob.leader(leader)?;
    printed(l.side, &l.name).map(|p| p.rank)
}

/// The echelon whose Leaders fill a command of `echelon` (4.1b play note: a Corps from its
/// Divisions, a Division from its Brigades).
fn filled_from(echelon: Echelon) -> Option<Echelon> {
    match echelon {
        Echelon::Corps => Some(Echelon::Division),
        Echelon::Division => Some(Echelon::Brigade),
        _ => None,
    }
}

/// The Leaders who could fill `formation`'s command: those of the Formations just below it.
pub fn candidates(game: &Game, formation: &str) -> Vec<Leader> {
    let Some(f) = game.oob.formation(formation) else { return Vec::new() };
    let Some(below) = filled_from(f.echelon) else { return Vec::new() };
    game.oob
        .formations
        .iter()
        .filter(|c| c.parent.as_deref() == Some(formation) && c.echelon == below)
        .filter_map(|c| game.oob.leader_of(&c.id))
        .cloned()
        .collect()
}

/// 4.1b: the ranking Leader among `pool`; `Err` names them when Seniority cannot tell.
fn ranking(game: &Game, pool: &[Leader]) -> Result<Leader, Refused> {
    for c in pool {
        let beats_all = pool.iter().filter(|o| o.id != c.id).all(|o| {
            matches!((rank_of(game, &c.id), rank_of(game, &o.id)), (Some(a), Some(b)) if a.outranks(&b) == Some(true))
        });
        if beats_all {
            return Ok(c.clone());
        }
    }
    let names: Vec<&str> = pool.iter().map(|l| l.name.as_str()).collect();
    Err(Refused::by("4.1b", format!("Seniority cannot tell who ranks among {}: choose one", names.join(", "))))
}

fn vacant(game: &Game, formation: &str) -> Result<(), Refused> {
    let f = game.oob.formation(formation).ok_or_else(|| Refused::because(format!("no Formation {formation}")))?;
    if let Some(l) = game.oob.leader_of(formation) {
        return Err(Refused::by("4.1b", format!("{} already commands {}", l.name, f.name)));
    }
    Ok(())
}

fn take_command(game: &mut Game, leader: &str, formation: &str) -> Result<Option<String>, Refused> {
    let old = game.oob.leader(leader).and_then(|l| l.formation.clone());
    for f in game.oob.formations.iter_mut() {
        if f.leader.as_deref() == Some(leader) {
            f.leader = None;
        }
        if f.id == formation {
            f.leader = Some(leader.to_string());
        }
    }
    game.oob.leader_mut(leader)?.formation = Some(formation.to_string());
    note_new_leader(game, formation);
    Ok(old)
}

fn note_new_leader(game: &mut Game, formation: &str) {
    let brigade = game.oob.formation(formation).is_some_and(|f| f.echelon == Echelon::Brigade);
    if brigade && game.clock.phase() == Segment::MovementAndCombat {
        let r = game.this_turn.now(&game.clock);
        if !r.new_leaders.iter().any(|b| b == formation) {
            r.new_leaders.push(formation.to_string());
        }
    }
}

fn place_repl(game: &mut Game, brigade: &str, values: ReplValues) -> Result<Vec<String>, Refused> {
    vacant(game, brigade)?;
    let f = game.oob.formation(brigade).cloned().ok_or_else(|| Refused::because(format!("no Formation {brigade}")))?;
    if f.echelon != Echelon::Brigade {
        return Err(Refused::by("4.1c", "Repl Leaders take Brigades"));
    }
    if values.command > 4 || values.morale > 4 {
        return Err(Refused::by("4.1", "Leader values are 0 to 4"));
    }
    let existing =
        game.oob.leaders.iter().find(|l| l.repl && l.formation.as_deref() == Some(brigade)).map(|l| l.id.clone());
    let id = match existing {
        Some(id) => {
            let l = game.oob.leader_mut(&id)?;
            l.lost = false;
            l.on_map = true;
            l.command = values.command;
            l.morale = values.morale;
            id
        }
        None => {
            let mut id = format!("Repl {brigade}");
            let mut n = 2;
            while game.oob.leader(&id).is_some() || game.oob.unit(&id).is_some() || game.oob.formation(&id).is_some() {
                id = format!("Repl {brigade} ({n})");
                n += 1;
            }
            game.oob.leaders.push(Leader {
                id: id.clone(),
                name: format!("Repl ({})", f.name),
                side: f.side,
                formation: Some(brigade.to_string()),
                command: values.command,
                morale: values.morale,
                awareness: None,
                on_map: true,
                lost: false,
                repl: true,
            });
            id
        }
    };
    take_command(game, &id, brigade)?;
    Ok(vec![format!(
        "A Repl ({}-{}) commands {}: place him in another Stack of the Brigade; with none, he affects no Morale Check this Player Turn (4.1c)",
        values.command, values.morale, f.name
    )])
}

/// Applies a Leader command.
pub(crate) fn execute(game: &mut Game, command: &LeaderCommand) -> Result<Vec<String>, Refused> {
    match command {
        LeaderCommand::SetRank { leader, rank } => {
            let l = game.oob.leader(leader).ok_or_else(|| Refused::because(format!("no Leader {leader}")))?;
            let name = l.name.clone();
            game.ranks.retain(|(id, _)| id != leader);
            game.ranks.push((leader.clone(), *rank));
            Ok(vec![format!("{name} ranks as {} (4.1b)", rank.grade.abbreviation())])
        }
        LeaderCommand::Promote { formation, choices, repl } => promote(game, formation, choices, *repl),
        LeaderCommand::Repl { brigade, values } => place_repl(game, brigade, *values),
        LeaderCommand::ZeroRoll { brigade, die } => zero_roll(game, brigade, *die),
    }
}

fn promote(
    game: &mut Game,
    formation: &str,
    choices: &[(String, String)],
    repl: Option<ReplValues>,
) -> Result<Vec<String>, Refused> {
    vacant(game, formation)?;
    let mut lines = Vec::new();
    let mut opening = formation.to_string();
    for _ in 0..8 {
        let f =
            game.oob.formation(&opening).cloned().ok_or_else(|| Refused::because(format!("no Formation {opening}")))?;
        if f.echelon == Echelon::Brigade {
            match repl {
                Some(v) => lines.extend(place_repl(game, &opening, v)?),
                None => lines.push(format!("{} needs a Repl: enter his values from the counter (4.1c)", f.name)),
            }
            return Ok(lines);
        }
        if f.echelon == Echelon::Army {
            return Err(Refused::by("4.1b", "the Game-Specific Rules say who commands the Army (LCV 4.1b)"));
        }
        let pool = candidates(game, &opening);
        if pool.is_empty() {
            lines.push(format!("{} has no subordinate Leader to promote: assign one (4.1b)", f.name));
            return Ok(lines);
        }
        let available: Vec<Leader> = pool.iter().filter(|l| l.on_map).cloned().collect();
        let chosen = match choices.iter().find(|(fid, _)| *fid == opening) {
            Some((_, l)) => pool
                .iter()
                .find(|c| c.id == *l)
                .cloned()
                .ok_or_else(|| Refused::by("4.1b", format!("{l} is not a subordinate Leader of {}", f.name)))?,
            None if available.is_empty() => ranking(game, &pool)?,
            None => ranking(game, &available)?,
        };
        if !chosen.on_map {
            return Err(Refused::by(
                "4.1b",
                format!("{} is not yet on the map: promote the ranking available Leader", chosen.name),
            ));
        }
        if let Ok(senior) = ranking(game, &pool)
            && senior.id != chosen.id
            && !senior.on_map
        {
            lines.push(format!("{} commands until {} arrives (4.1b)", chosen.name, senior.name));
        }
        let old = take_command(game, &chosen.id, &opening)?;
        lines.push(format!("{} is promoted to command {} (4.1b)", chosen.name, f.name));
        match old {
            Some(o) => opening = o,
            None => return Ok(lines),
        }
    }
    Ok(lines)
}

fn zero_roll(game: &mut Game, brigade: &str, die: Die) -> Result<Vec<String>, Refused> {
    if game.clock.phase() != Segment::MovementAndCombat {
        return Err(Refused::by("4.1d", "the Zero Roll is made in the Activity Phase"));
    }
    let f = game.oob.formation(brigade).cloned().ok_or_else(|| Refused::because(format!("no Formation {brigade}")))?;
    if f.side != game.clock.phasing() {
        return Err(Refused::by("4.1d", "the Zero Roll is the Phasing Player's"));
    }
    if !zero_roll_due(game, brigade) {
        return Err(Refused::by(
            "4.1d",
            format!(
                "{} makes no Zero Roll now: a Zero-led Brigade under Attack or Defensive Orders rolls once per Activity Phase",
                f.name
            ),
        ));
    }
    let table = game.tables.get(key::ZERO_ROLL).ok_or_else(|| Refused::because("no Zero Roll Table"))?;
    let r = table.read("", i32::from(die.face()), &[], &[]).map_err(|e| Refused::because(e.to_string()))?;
    let words: Vec<String> = r
        .effects
        .iter()
        .map(|e| match e {
            crate::table::Effect::Other(w) => w.clone(),
            other => format!("{other:?}"),
        })
        .collect();
    let result = words.join(", ");
    game.this_turn.now(&game.clock).zero_rolls.push((brigade.to_string(), result.clone()));
    Ok(vec![format!("{} Zero Roll {}: {result}; its units act by Brigade (4.1d)", f.name, r.modified)])
}

/// 4.1d: whether a Brigade owes a Zero Roll this Activity Phase: Zero-led, under Attack or
/// Defensive Orders (never Move), not Artillery only, not given its Leader in this Activity
/// Phase, not rolled yet.
pub fn zero_roll_due(game: &Game, brigade: &str) -> bool {
    if !game.oob.zero_led(brigade) {
        return false;
    }
    let units: Vec<&crate::oob::Unit> = game.oob.units.iter().filter(|u| u.formation == brigade && !u.dead).collect();
    if units.is_empty() || units.iter().all(|u| u.arm == Arm::Artillery) {
        return false;
    }
    let orders = matches!(following(&game.book, &game.oob, brigade), Following::Order(o) if matches!(o.kind, OrderKind::Attack | OrderKind::Defensive));
    let record = game.this_turn.current(&game.clock);
    let fresh = record.is_some_and(|r| r.new_leaders.iter().any(|b| b == brigade));
    let rolled = record.is_some_and(|r| r.zero_rolls.iter().any(|(b, _)| b == brigade));
    orders && !fresh && !rolled
}

#[cfg(test)]
mod tests;
