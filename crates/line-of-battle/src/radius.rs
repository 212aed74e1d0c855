//! Command Radius (3.3) as a calculator. The Command Radius Chart is missing from the text
//! (GAPS-line-of-battle.md): the players enter each level's CR once, in the tables file, as
//! the named entries of a chart read without a roll ([`chart`]). Hexes are labels only
//! (1.5a): the players count each distance on the map, as 3.3c says (hexes, never MPs,
//! ignoring terrain), and say whether enemy units or EZOCs block the count.

use crate::game::Game;
use crate::oob::{Echelon, Formation, Oob};
use crate::orders::effective::in_limited_defense;
use crate::refusal::Refused;
use crate::table::{Dice, Modifier, RollTable, Slot};
use crate::tables::TableSet;
use serde::{Deserialize, Serialize};

/// The Command Radius Chart's key in the table set.
pub const CHART: &str = "command-radius";

/// The chart's entry for an echelon: the CR of that level's HQ or Leader.
pub fn entry(echelon: Echelon) -> &'static str {
    match echelon {
        Echelon::Army => "Army HQ",
        Echelon::Corps => "Corps",
        Echelon::Division => "Division",
        Echelon::Brigade => "Brigade",
        Echelon::ArtilleryBattalion => "Artillery Battalion",
    }
}

/// The Command Radius Chart as the players fill it: one named entry per level, in hexes, and
/// no bands (it is read, not rolled).
pub fn chart() -> RollTable {
    let mut t = RollTable::new(CHART, "Command Radius Chart", "3.3", Dice::One);
    t.modifiers = [Echelon::Army, Echelon::Corps, Echelon::Division, Echelon::Brigade, Echelon::ArtilleryBattalion]
        .into_iter()
        .map(|e| Modifier { name: entry(e).into(), rule: "3.3".into(), value: Slot::Missing })
        .collect();
    t
}

/// The CR of a level from the players' chart, in hexes.
pub fn radius_of(tables: &TableSet, echelon: Echelon) -> Result<u32, Refused> {
    let value = tables.get(CHART).and_then(|t| t.modifier(entry(echelon))).and_then(|m| m.value.get());
    match value {
        Some(v) if v >= 0 => Ok(v as u32),
        Some(_) => Err(Refused::by("3.3", "a Command Radius is a number of hexes, 0 or more")),
        None => Err(Refused::by(
            "3.3",
            format!("enter the Command Radius Chart's {} value from your chart", entry(echelon)),
        )),
    }
}

/// 13.2e: "Formations in Limited Defense Status have their CRs halved (a Brigade CR would be
/// three hexes and so on)", fractions dropped as everywhere else halving is done (7.0f).
pub fn halved(radius: u32) -> u32 {
    radius / 2
}

/// The CR Tree above a Formation's units, top first (3.3): from its Command's HQ (the lowest
/// Formation above with its own HQ), or the highest Leader below the Army when there is none,
/// down to the Formation itself. The Army HQ's CR serves only units directly assigned to it.
pub fn tree<'a>(oob: &'a Oob, formation: &str) -> Result<Vec<&'a Formation>, Refused> {
    let mut f = oob.formation(formation).ok_or_else(|| Refused::because(format!("no Formation {formation}")))?;
    let mut chain = vec![f];
    while !f.hq && chain.len() < 16 {
        let Some(parent) = f.parent.as_deref().and_then(|p| oob.formation(p)) else { break };
        if parent.echelon == Echelon::Army {
            break;
        }
        chain.push(parent);
        f = parent;
    }
    chain.reverse();
    Ok(chain)
}

/// What the players count for one link of the tree: from this level's centre (its HQ, or its
/// Leader's hex when it has no HQ) to the next level's Leader, or to the Stack for the last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Measure {
    /// Hexes, counted ignoring terrain (3.3c).
    pub hexes: u32,
    /// Enemy units or EZOCs not negated by friendly Combat Units block every count (3.3c,
    /// 6.4c).
    pub blocked: bool,
}

/// One link as checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The level's Formation.
    pub formation: String,
    /// Its CR in hexes, halved in Limited Defense Status.
    pub radius: u32,
    /// Halved: the Formation is in No Orders (13.2e).
    pub limited_defense: bool,
    /// The count.
    pub hexes: u32,
    /// Blocked by the enemy.
    pub blocked: bool,
    /// At or within the CR.
    pub within: bool,
}

/// The answer for one Stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RadiusVerdict {
    /// Every link, top first.
    pub links: Vec<Link>,
    /// 3.3a: in CR only if every level above is at or within its CR.
    pub in_radius: bool,
    /// 3.3b: when a higher link is broken, the senior cut-off Leader stands in for the HQ.
    pub stand_in: Option<String>,
    /// ... and the Stack is within the cut-off part's CR Tree, counted from him.
    pub within_cut_off_tree: bool,
    /// Why, in the players' words.
    pub why: String,
}

/// 3.3, 3.3a, 3.3b: whether a Stack of `formation`'s units is in CR, from the players'
/// counts, one per link of [`tree`], top first.
pub fn check(game: &Game, formation: &str, measures: &[Measure]) -> Result<RadiusVerdict, Refused> {
    let chain = tree(&game.oob, formation)?;
    if measures.len() != chain.len() {
        let names: Vec<&str> = chain.iter().map(|f| f.name.as_str()).collect();
        return Err(Refused::by("3.3", format!("count one distance for each level: {}", names.join(", "))));
    }
    let mut links = Vec::new();
    for (f, m) in chain.iter().zip(measures) {
        let limited = in_limited_defense(&game.book, &game.oob, &f.id);
        let full = radius_of(&game.tables, f.echelon)?;
        let radius = if limited { halved(full) } else { full };
        links.push(Link {
            formation: f.id.clone(),
            radius,
            limited_defense: limited,
            hexes: m.hexes,
            blocked: m.blocked,
            within: !m.blocked && m.hexes <= radius,
        });
    }
    let broken = links.iter().position(|l| !l.within);
    let (stand_in, within_cut_off_tree, why) = match broken {
        None => (None, true, "in Command Radius (3.3a)".to_string()),
        Some(k) if k + 1 == links.len() => {
            (None, false, format!("out of {}'s Command Radius: 3.3e applies", links[k].formation))
        }
        Some(k) => {
            let cut = chain.get(k + 1).and_then(|f| game.oob.leader_of(&f.id)).map(|l| l.id.clone());
            let rest = links[k + 1..].iter().all(|l| l.within);
            let who = cut.clone().unwrap_or_else(|| "the senior cut-off Leader".into());
            (
                cut,
                rest,
                format!(
                    "{} is out of {}'s Command Radius: {who} stands in for the HQ (3.3b); the Stack is {} his CR",
                    links[k + 1].formation,
                    links[k].formation,
                    if rest { "within" } else { "outside" }
                ),
            )
        }
    };
    Ok(RadiusVerdict { in_radius: broken.is_none(), links, stand_in, within_cut_off_tree, why })
}

/// 3.3, 13.3c: a Leader with an HQ must be in his own HQ's CR to make a Command Roll;
/// `hexes` is the count from the HQ to him. A Leader without an HQ always is.
pub fn leader_in_hq_radius(game: &Game, leader: &str, hexes: u32, blocked: bool) -> Result<bool, Refused> {
    let l = game.oob.leader(leader).ok_or_else(|| Refused::because(format!("no Leader {leader}")))?;
    let Some(f) = l.formation.as_deref().and_then(|f| game.oob.formation(f)) else { return Ok(true) };
    if !f.hq {
        return Ok(true);
    }
    let full = radius_of(&game.tables, f.echelon)?;
    let radius = if in_limited_defense(&game.book, &game.oob, &f.id) { halved(full) } else { full };
    Ok(!blocked && hexes <= radius)
}

#[cfg(test)]
mod tests;
