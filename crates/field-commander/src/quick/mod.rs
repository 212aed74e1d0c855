//! The Very Quick and Quick Battle Rules (part two): a battle resolved on the campaign map
//! with the campaign's Battle Resolution Table instead of the Battlefield Sheet. Pure
//! resolvers: the Battle Turns from Fog of War, the Attacker, the Battle Differential and its
//! column with Lee's and Fog of War's shifts, the Hits for a roll, and the order Hits fall in.
//! The campaign ([`crate::campaign`]) runs them in its battle steps.

use crate::force::{Counter, ForceType, HitResult, Loyalty, Strength, suffer_hit};
use crate::pack::{Brt, BrtCell};
use crate::prebattle::FogEvent;
use companion_core::d10::D10;
use companion_core::error::RuleResult;
use serde::{Deserialize, Serialize};

/// A column shift on the Battle Resolution Table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Shift {
    /// One column left (toward the Attacker's disadvantage).
    Left,
    /// One column right.
    Right,
}

/// The Battle Turns of a Quick or Very Quick battle: the Fog of War table's number less two,
/// at least one (Fog of War and Battle Turns (Very Quick); the Quick example does the same).
pub fn battle_turns(fog_turns: u8) -> u8 {
    fog_turns.saturating_sub(2).max(1)
}

/// How a Fog of War event reads under the Quick and Very Quick rules (part two, Fog of War
/// and Battle Turns): Insights and Special Battle Plans become column shifts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum QuickFog {
    /// "Select 1 Insight at random" becomes a Confederate shift left or right (Very Quick:
    /// for the roll; Quick: once, chosen before the turn's roll).
    ConfederateShift,
    /// "Union gains +N Special Battle Plans" becomes N Union shifts: right when the Union
    /// attacks, left when it defends (Quick: each Battle Turn).
    UnionShifts(u8),
    /// The event as the Basic rules give it (a Fortification or Garrison goes to the Battle
    /// Location Area).
    AsBasic(FogEvent),
}

/// 10.2.6 read for the Quick rules.
pub fn quick_fog(event: FogEvent) -> QuickFog {
    match event {
        FogEvent::RandomInsight => QuickFog::ConfederateShift,
        FogEvent::UnionPlans(n) => QuickFog::UnionShifts(n),
        other => QuickFog::AsBasic(other),
    }
}

/// The Attacker of a Quick Battle Turn (Determine Attacker (Quick)): in the first, the army
/// that entered the enemy-occupied Area; later, the Union when its combined Combat Value is
/// greater or equal, else the Confederates. The Very Quick battle keeps the first.
pub fn attacker(turn: u8, first: Loyalty, union_cv: u32, confederate_cv: u32) -> Loyalty {
    if turn <= 1 {
        first
    } else if union_cv >= confederate_cv {
        Loyalty::Union
    } else {
        Loyalty::Confederate
    }
}

/// What sets the column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Column {
    /// The Attacker.
    pub attacker: Loyalty,
    /// The Attacker's combined Combat Value.
    pub attacker_cv: u32,
    /// The Defender's.
    pub defender_cv: u32,
    /// Robert E. Lee is at the battle.
    pub lee_present: bool,
    /// Union column shifts from Fog of War.
    pub union_shifts: u8,
    /// The Confederate shift from Fog of War, if used now.
    pub confederate_shift: Option<Shift>,
}

/// A Battle Resolution Table reading.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reading {
    /// The Battle Differential (Attacker less Defender).
    pub differential: i32,
    /// The column the differential falls in.
    pub base_column: usize,
    /// The column after the shifts, within the table.
    pub column: usize,
    /// Its heading.
    pub label: String,
    /// The cell read.
    pub cell: BrtCell,
    /// Hits to the Attacker, after the Very Quick multiplier.
    pub attacker_hits: u32,
    /// Hits to the Defender.
    pub defender_hits: u32,
    /// Each step of the reading, with its rule.
    pub lines: Vec<String>,
}

/// Reads the Battle Resolution Table for one roll (Determine Battle Differential, Consult
/// Battle Resolution Table, Check Robert E. Lee Counter, Determine Hits); `multiplier` is the
/// Very Quick battle's number of Battle Turns (1 for a Quick turn). Shifts stop at the table's
/// edges (ruling "Shifts past the edge").
pub fn read(brt: &Brt, campaign: &str, c: &Column, roll: D10, multiplier: u8) -> RuleResult<Reading> {
    let differential = i64::from(c.attacker_cv) - i64::from(c.defender_cv);
    let differential = i32::try_from(differential).unwrap_or(if differential < 0 { i32::MIN } else { i32::MAX });
    let base = brt.column_of(differential)?;
    let mut lines = vec![format!(
        "Battle Differential {differential:+}: the {:?} Attacker's {} against {} (Determine Battle Differential)",
        c.attacker, c.attacker_cv, c.defender_cv
    )];
    let label = |i: usize| brt.columns.get(i).map(|col| col.label()).unwrap_or_default();
    lines.push(format!("Column {} (Consult Battle Resolution Table)", label(base)));
    let mut shift: i32 = 0;
    if !c.lee_present {
        let (s, why) = if c.attacker == Loyalty::Confederate {
            (-1, "the Confederates attack without Lee: one column left")
        } else {
            (1, "the Confederates defend without Lee: one column right")
        };
        shift += s;
        lines.push(format!("{why} (Check Robert E. Lee Counter)"));
    }
    if c.union_shifts > 0 {
        let n = i32::from(c.union_shifts);
        let s = if c.attacker == Loyalty::Union { n } else { -n };
        shift += s;
        lines.push(format!(
            "Union BRT {n}: {} column{} {} as the Union {} (Fog of War and Battle Turns)",
            n,
            if n == 1 { "" } else { "s" },
            if s > 0 { "right" } else { "left" },
            if c.attacker == Loyalty::Union { "attacks" } else { "defends" }
        ));
    }
    if let Some(s) = c.confederate_shift {
        shift += if s == Shift::Right { 1 } else { -1 };
        lines.push(format!("Confederate BRT \u{b1}1: one column {s:?} (Fog of War and Battle Turns)"));
    }
    let last = i32::try_from(brt.columns.len().saturating_sub(1)).unwrap_or(i32::MAX);
    let column = (i32::try_from(base).unwrap_or(0) + shift).clamp(0, last);
    let column = usize::try_from(column).unwrap_or(0);
    if column != base {
        lines.push(format!("Column {}", label(column)));
    }
    let cell = brt.cell(campaign, column, roll.value())?;
    let attacker_hits = u32::from(cell.attacker) * u32::from(multiplier);
    let defender_hits = u32::from(cell.defender) * u32::from(multiplier);
    lines.push(format!(
        "Rolled {}: A {} D {}{} (Determine Hits to Attacker and Defender)",
        roll.value(),
        cell.attacker,
        cell.defender,
        if multiplier > 1 {
            format!(", times {multiplier} Battle Turns: {attacker_hits} and {defender_hits} Hits")
        } else {
            String::new()
        }
    ));
    Ok(Reading {
        differential,
        base_column: base,
        column,
        label: label(column),
        cell,
        attacker_hits,
        defender_hits,
        lines,
    })
}

/// A force taking Hits in a Quick battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    /// Its number.
    pub id: u32,
    /// Its counter.
    pub counter: Counter,
    /// The side up.
    pub strength: Strength,
}

/// The order Hits fall in (11.9 (Very Quick, Quick)): Infantry and Cavalry, then Garrisons,
/// then Artillery, then Fortifications, each lowest Skill Level first. Reading "Mobile Forces"
/// as Infantry and Cavalry, since Artillery has its own place in the list (ruling "Mobile
/// Forces first").
pub fn hit_rank(kind: ForceType) -> u8 {
    match kind {
        ForceType::Infantry | ForceType::Cavalry => 0,
        ForceType::Garrison => 1,
        ForceType::Artillery => 2,
        ForceType::Fortification => 3,
    }
}

/// Allocates `hits` to `forces` (11.9, 11.10): each Hit on a force of the lowest rank and
/// Skill Level, `picks` choosing among equals (the player for the Union, a random pick for the
/// Confederates); Hits left when every force is destroyed are discounted (11.10 Very Quick).
/// Returns each Hit's force and result, in order.
pub fn allocate(forces: &[Target], hits: u32, picks: &[usize]) -> RuleResult<Vec<(u32, HitResult)>> {
    let mut left: Vec<Target> = forces.to_vec();
    let mut out = Vec::new();
    for n in 0..hits {
        let mut ranked = Vec::new();
        for t in &left {
            ranked.push(((hit_rank(t.counter.kind), t.counter.skill.get(&t.counter.name, "skill")?), t.id));
        }
        let Some(low) = ranked.iter().map(|r| r.0).min() else { break };
        let tied: Vec<u32> = ranked.into_iter().filter(|r| r.0 == low).map(|r| r.1).collect();
        let pick = usize::try_from(n).ok().and_then(|i| picks.get(i)).copied().unwrap_or(0);
        let Some(id) = tied.get(pick % tied.len().max(1)).copied() else { break };
        let Some(pos) = left.iter().position(|t| t.id == id) else { break };
        let Some(t) = left.get_mut(pos) else { break };
        let result = suffer_hit(&t.counter, t.strength)?;
        match result {
            HitResult::Flipped => t.strength = Strength::Reduced,
            HitResult::Destroyed => {
                left.remove(pos);
            }
        }
        out.push((id, result));
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
