//! Line of Sight (8.0) as a calculator: the players read elevations, Crests and features off
//! the map and state them; this module does the rest. Hexes are labels only (1.5a), so every
//! distance is given as a number of hexes.
//!
//! Order of the checks: the 1-hex case is always Clear; a LOS longer than the Visibility is
//! Blocked (1.4b); a Sudden Dip (8.0c); the Easy LOS at 2 or 3 hexes unless challenged; then
//! the Graph Sheet (13 hexes or less) or the formula (14 or more, or at any range if the
//! players prefer), 8.0b. The modifiers are printed (8.0b-c): +1 Crests (to elevation, at End
//! Points and Obstacles), and the single largest of +1 troops, +1 Orchard, +2 Town, +3 Woods
//! on an Obstacle.

use crate::refusal::Refused;
use serde::{Deserialize, Serialize};

/// The Graph Sheet covers ranges up to this many hexes (8.0b).
pub const GRAPH_MAX_RANGE: u32 = 13;

/// An End Point: the ground's elevation level and whether a Crest raises it (1.6a, 8.0a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndPoint {
    /// The elevation level of the ground at the End Point.
    pub elevation: i32,
    /// A Crest line there: +1 to its elevation.
    pub crest: bool,
}

impl EndPoint {
    /// Its modified elevation (8.0a: Crests modify Elevation).
    pub fn level(self) -> i32 {
        self.elevation + i32::from(self.crest)
    }
}

/// A feature under the LOS Line that gives an Obstacle Modifier (8.0c's chart).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Feature {
    /// Woods symbol (not hexside): +3 (1.6a).
    Woods,
    /// Town: +2.
    Town,
    /// An Orchard: +1, ignored entirely if any part of it is within either End Point hex.
    Orchard {
        /// Part of the Orchard lies within an End Point hex.
        at_end_point: bool,
    },
    /// Combat Units of either side: +1, not for Open Order units; along a hexside only when
    /// both hexes hold Combat Units of the same side (8.0c).
    Troops {
        /// Every unit there is Open Order.
        open_order: bool,
        /// The LOS Line (or the line of 9.1g) runs along a hexside here.
        along_hexside: bool,
        /// ... and both hexes of that hexside hold Combat Units of the same side.
        same_side_both: bool,
    },
}

impl Feature {
    /// Its modifier, or 0 where 8.0c says to ignore it.
    pub fn modifier(self) -> i32 {
        match self {
            Feature::Woods => 3,
            Feature::Town => 2,
            Feature::Orchard { at_end_point } => i32::from(!at_end_point),
            Feature::Troops { open_order, along_hexside, same_side_both } => {
                i32::from(!open_order && (!along_hexside || same_side_both))
            }
        }
    }
}

/// A point along the LOS Line that might exceed its height (8.0a).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Obstacle {
    /// Hexes from End Point `a` (the first End Point given), strictly between the two.
    pub from_a: u32,
    /// The ground's elevation level there.
    pub elevation: i32,
    /// A Crest there: +1 to its elevation.
    pub crest: bool,
    /// The features directly under the LOS Line there; only the largest modifier counts.
    pub features: Vec<Feature>,
    /// On the descending slope of the hill that holds the higher End Point (8.0c Same Hill).
    pub same_hill_slope: bool,
}

impl Obstacle {
    /// The single largest applicable Modifier (8.0b-c).
    pub fn modifier(&self) -> i32 {
        self.features.iter().map(|f| f.modifier()).max().unwrap_or(0)
    }
}

/// A Sudden Dip hexside on the way (8.0c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuddenDip {
    /// The LOS crosses the hexside, its corners included.
    pub crossed: bool,
    /// An End Point is adjacent to the inside (downhill side) of the hexside. Any hex that is
    /// also adjacent to that hexside is within 1 hex of it, so past the 1-hex case the Dip
    /// always hides it.
    pub end_point_inside: bool,
}

/// Which way the players determine the LOS (8.0b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Method {
    /// The Graph Sheet: 13 hexes or less.
    Graph,
    /// The formula H1 × R2 ≤ H2 × R1, at any range.
    Formula,
}

/// What the players state about one LOS.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sight {
    /// Range in hexes between the End Points.
    pub range: u32,
    /// One End Point.
    pub a: EndPoint,
    /// The other.
    pub b: EndPoint,
    /// The Obstacles the players want checked.
    pub obstacles: Vec<Obstacle>,
    /// The turn's Visibility in hexes; `None`: unlimited (1.4b).
    pub visibility: Option<u8>,
    /// The optional Advanced Heights (8.0a).
    pub advanced_heights: bool,
    /// `None`: the Graph Sheet to 13 hexes, the formula beyond (8.0b).
    pub method: Option<Method>,
    /// A player challenges an Easy LOS and does the work (8.0).
    pub easy_challenged: bool,
    /// A Sudden Dip hexside, if one matters.
    pub dip: Option<SuddenDip>,
}

/// How the verdict was reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// 8.0: End Points adjacent, always Clear.
    Adjacent,
    /// 1.4b: beyond the Visibility.
    Visibility,
    /// 8.0c Sudden Dips.
    SuddenDip,
    /// 8.0: the Easy LOS at 2 or 3 hexes.
    Easy,
    /// 8.0b: the Graph Sheet.
    Graph,
    /// 8.0b: the formula.
    Formula,
}

/// One Obstacle as checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Its index in [`Sight::obstacles`].
    pub index: usize,
    /// R1: hexes from the Lower Point.
    pub range: u32,
    /// H1: its Obstacle Height above the Lower Point, modifiers included.
    pub height: i32,
    /// Ignored (Same Hill, 8.0c).
    pub ignored: bool,
    /// It pokes through the LOS Line.
    pub blocks: bool,
}

/// The answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The End Points see each other.
    pub clear: bool,
    /// How.
    pub how: How,
    /// H2: the Higher Point's height above the Lower Point (8.0a); 0 when not needed.
    pub higher_height: i32,
    /// Every Obstacle checked, in the order given.
    pub obstacles: Vec<Checked>,
    /// Why, in the players' words, with the rule.
    pub why: String,
}

/// 8.0a: the Lower Point is height 0; the Higher Point's height is the differential of the
/// two modified elevations. Returns (H2, whether `a` is the Lower Point).
pub fn heights(a: EndPoint, b: EndPoint) -> (i32, bool) {
    let (la, lb) = (a.level(), b.level());
    if la <= lb { (lb - la, true) } else { (la - lb, false) }
}

/// 8.0b, the formula: H1 × R2 ≤ H2 × R1 is Clear of that Obstacle. With Advanced Heights,
/// half a level comes off the Obstacle's height; "truncate all fractions before the final
/// comparison" (the left product, which alone can hold a half).
pub fn formula_clear(h1: i32, r1: u32, h2: i32, r2: u32, advanced: bool) -> bool {
    let (r1, r2) = (i64::from(r1), i64::from(r2));
    let (h1, h2) = (i64::from(h1), i64::from(h2));
    let left = if advanced { ((2 * h1 - 1) * r2) / 2 } else { h1 * r2 };
    left <= h2 * r1
}

/// 8.0b, the Graph Sheet: the LOS Line drawn from (0, 0) to (R2, H2), or from (0, ½) to
/// (R2, H2 + ½) with Advanced Heights; its height at R1 is read truncated ("4.95 truncates
/// to 4") and the Obstacle is Clear if it is not higher.
pub fn graph_clear(h1: i32, r1: u32, h2: i32, r2: u32, advanced: bool) -> bool {
    let (r1, r2) = (i64::from(r1), i64::from(r2.max(1)));
    let (h1, h2) = (i64::from(h1), i64::from(h2));
    // The line's height at R1, doubled to keep the half exact: 2·H2·R1/R2 (+1).
    let twice = 2 * h2 * r1 + if advanced { r2 } else { 0 };
    let line = twice.div_euclid(2 * r2);
    h1 <= line
}

/// Determines one LOS (8.0, 8.0a-c, 1.4b).
pub fn line_of_sight(s: &Sight) -> Result<Verdict, Refused> {
    let verdict =
        |clear, how, why: &str| Verdict { clear, how, higher_height: 0, obstacles: Vec::new(), why: why.to_string() };
    if s.range == 0 {
        return Err(Refused::by("8.0", "the End Points are in different hexes: give the range"));
    }
    if s.range == 1 {
        return Ok(verdict(true, How::Adjacent, "adjacent End Points always see each other (8.0)"));
    }
    if s.visibility.is_some_and(|v| s.range > u32::from(v)) {
        return Ok(verdict(false, How::Visibility, "beyond the Visibility, the LOS is Blocked (1.4b)"));
    }
    if let Some(d) = s.dip
        && d.crossed
        && d.end_point_inside
    {
        return Ok(verdict(false, How::SuddenDip, "a Sudden Dip hides what is inside it beyond 1 hex (8.0c)"));
    }
    for o in &s.obstacles {
        if o.from_a == 0 || o.from_a >= s.range {
            return Err(Refused::by("8.0a", "an Obstacle lies between the End Points"));
        }
    }
    if (2..=3).contains(&s.range) && !s.easy_challenged {
        let blocking = s.obstacles.iter().position(|o| o.modifier() > 0);
        let obstacles = s
            .obstacles
            .iter()
            .enumerate()
            .map(|(index, o)| Checked {
                index,
                range: o.from_a,
                height: o.modifier(),
                ignored: false,
                blocks: o.modifier() > 0,
            })
            .collect();
        let (clear, why) = match blocking {
            Some(_) => (false, "Easy LOS: a feature with an LOS Modifier between the End Points Blocks (8.0)"),
            None => (true, "Easy LOS: no feature with an LOS Modifier between the End Points (8.0)"),
        };
        return Ok(Verdict { obstacles, ..verdict(clear, How::Easy, why) });
    }
    let how = match s.method {
        Some(Method::Graph) if s.range > GRAPH_MAX_RANGE => {
            return Err(Refused::by("8.0b", "the Graph Sheet goes to 13 hexes: use the formula beyond"));
        }
        Some(Method::Graph) => How::Graph,
        Some(Method::Formula) => How::Formula,
        None if s.range <= GRAPH_MAX_RANGE => How::Graph,
        None => How::Formula,
    };
    let (h2, a_lower) = heights(s.a, s.b);
    let lower = if a_lower { s.a.level() } else { s.b.level() };
    let mut checked = Vec::new();
    for (index, o) in s.obstacles.iter().enumerate() {
        let r1 = if a_lower { o.from_a } else { s.range - o.from_a };
        let height = o.elevation + i32::from(o.crest) - lower + o.modifier();
        // 8.0c Same Hill: unmodified Heights on the descending slope of the higher End
        // Point's hill are ignored.
        let ignored = o.same_hill_slope && !o.crest && o.modifier() == 0;
        let clear = match how {
            How::Graph => graph_clear(height, r1, h2, s.range, s.advanced_heights),
            _ => formula_clear(height, r1, h2, s.range, s.advanced_heights),
        };
        checked.push(Checked { index, range: r1, height, ignored, blocks: !ignored && !clear });
    }
    let blocked = checked.iter().any(|c| c.blocks);
    let rule = if how == How::Graph { "the Graph Sheet, 8.0b" } else { "H1 × R2 ≤ H2 × R1, 8.0b" };
    let why = if blocked {
        format!("an Obstacle pokes through the LOS Line: Blocked ({rule})")
    } else {
        format!("no Obstacle is higher than the LOS Line: Clear ({rule})")
    };
    Ok(Verdict { clear: !blocked, how, higher_height: h2, obstacles: checked, why })
}

#[cfg(test)]
mod tests;
