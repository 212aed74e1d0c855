//! The ground a unit moves over (Table 3's columns, Table 4's paths, 6.3, Appendix F.15), the
//! players' movement rulings, and exact sums of inches.

use crate::rules::Ratio;
use crate::rules::tables::t03_movement_rates::RateColumn;
use crate::rules::tables::t04_movement_conditions as t04;
use serde::{Deserialize, Serialize};

/// How to read the hand-push distance of a very light gun in broken terrain: Table 3 prints
/// "8 / 3", but rule 6.6.3's example says 4" (RULINGS.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum VeryLightBrokenHandPush {
    /// 3", as Table 3 prints it (default).
    #[default]
    Table3,
    /// 4", as the example of rule 6.6.3 states.
    Rule663,
}

/// How an officer helps a one-die roll against BMP that the rule does not size: the hasty
/// works roll (9.1.1, "the presence of an officer benefits this roll").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum OfficerOnDieRoll {
    /// -1 to the BMP, as for disorder rolls (6.2) and as the 9.1.1 example shows (default).
    #[default]
    MinusOne,
    /// The officer's benefit value (as for the attempt to halt, 5.3.3).
    BenefitValue,
}

/// The rulings and optional rules of movement, orders, command, works and surprise
/// (RULINGS.md, last section). Appendix F rules are off by default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct MovementRulings {
    /// Table 3 against rule 6.6.3 for the very light gun's hand push in broken terrain.
    pub very_light_broken_hand_push: VeryLightBrokenHandPush,
    /// The officer's help on the hasty works roll (9.1.1).
    pub hasty_works_officer: OfficerOnDieRoll,
    /// Appendix F.1, Command Limits: brigadiers give a limited number of orders.
    pub command_limits: bool,
    /// Appendix F.2, Orders for Shaken Units: a shaken unit may be given an illegal order.
    pub orders_for_shaken_units: bool,
    /// Appendix F.12, Single Stands: a regiment reduced to one stand is always in disorder and
    /// may not charge (its extra morale checks are the morale engineer's).
    pub single_stands: bool,
    /// Appendix F.15, Night: all movement one level of terrain worse (open as broken, broken
    /// as rough), also for disengage and charge bonuses and rout moves.
    pub night: bool,
}

impl Default for MovementRulings {
    fn default() -> Self {
        MovementRulings {
            very_light_broken_hand_push: VeryLightBrokenHandPush::Table3,
            hasty_works_officer: OfficerOnDieRoll::MinusOne,
            command_limits: false,
            orders_for_shaken_units: false,
            single_stands: false,
            night: false,
        }
    }
}

/// The three terrain types (0.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TerrainType {
    /// Open.
    Open,
    /// Broken.
    Broken,
    /// Rough.
    Rough,
}

impl TerrainType {
    /// The worst of several terrain types: "If any part of the unit moves into worse terrain,
    /// calculate the unit's move using that worse terrain rate" (6.3.2). `None` for none.
    pub fn worst(types: &[TerrainType]) -> Option<TerrainType> {
        types.iter().copied().max()
    }

    /// The better of the two types bounding a trail (6.3.1: "use the most favorable").
    pub fn better(self, other: TerrainType) -> TerrainType {
        self.min(other)
    }

    pub(crate) fn one_level_worse(self) -> TerrainType {
        match self {
            TerrainType::Open => TerrainType::Broken,
            TerrainType::Broken | TerrainType::Rough => TerrainType::Rough,
        }
    }
}

/// The ground a move is made through or into (Table 3's columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ground {
    /// Along a road.
    Road,
    /// Terrain of one type.
    Terrain(TerrainType),
    /// Along a trail bounded by this terrain type (the better of two, 6.3.1).
    Trail(TerrainType),
}

impl Ground {
    /// A trail bounded by two terrain types: a trail in the more favourable (6.3.1).
    ///
    /// ```
    /// use johnny_reb::rules::movement::{Ground, TerrainType};
    /// assert_eq!(Ground::trail_between(TerrainType::Rough, TerrainType::Broken), Ground::Trail(TerrainType::Broken));
    /// ```
    pub fn trail_between(a: TerrainType, b: TerrainType) -> Ground {
        Ground::Trail(a.better(b))
    }

    /// The Table 3 column.
    pub fn column(self) -> RateColumn {
        match self {
            Ground::Road => RateColumn::Road,
            Ground::Terrain(TerrainType::Open) => RateColumn::Open,
            Ground::Terrain(TerrainType::Broken) => RateColumn::Broken,
            Ground::Terrain(TerrainType::Rough) => RateColumn::Rough,
            Ground::Trail(TerrainType::Open) => RateColumn::TrailOpen,
            Ground::Trail(TerrainType::Broken) => RateColumn::TrailBroken,
            Ground::Trail(TerrainType::Rough) => RateColumn::TrailRough,
        }
    }

    /// The Table 4 path of the same ground (a trail counts as its bounding terrain).
    pub fn path(self) -> t04::Path {
        match self {
            Ground::Road => t04::Path::Road,
            Ground::Terrain(t) | Ground::Trail(t) => match t {
                TerrainType::Open => t04::Path::Open,
                TerrainType::Broken => t04::Path::Broken,
                TerrainType::Rough => t04::Path::Rough,
            },
        }
    }

    /// The ground at night (Appendix F.15): open as broken, broken as rough; roads stay roads
    /// and a trail is a trail in the worse bounding terrain (RULINGS.md).
    pub fn at_night(self) -> Ground {
        match self {
            Ground::Road => Ground::Road,
            Ground::Terrain(t) => Ground::Terrain(t.one_level_worse()),
            Ground::Trail(t) => Ground::Trail(t.one_level_worse()),
        }
    }

    /// The ground as the rulings make it (night, if in force).
    pub fn under(self, rulings: &MovementRulings) -> Ground {
        if rulings.night { self.at_night() } else { self }
    }
}

/// Applies the night rule to a Table 4 path.
pub fn path_under(path: t04::Path, rulings: &MovementRulings) -> t04::Path {
    if rulings.night { path.one_level_worse() } else { path }
}

/// Compares two exact distances by value. (Compare fractions with this, not with `<`:
/// [`Ratio`]'s derived ordering compares numerators first, so it would put 3/2 above 3.)
///
/// ```
/// use johnny_reb::rules::movement::cmp_inches;
/// use johnny_reb::rules::Ratio;
/// assert_eq!(cmp_inches(Ratio::new(3, 2).unwrap(), Ratio::whole(3)), std::cmp::Ordering::Less);
/// ```
pub fn cmp_inches(a: Ratio, b: Ratio) -> std::cmp::Ordering {
    (a.numer() as u64 * b.denom() as u64).cmp(&(b.numer() as u64 * a.denom() as u64))
}

/// Whether distance `a` is greater than `b`, by value.
pub fn exceeds(a: Ratio, b: Ratio) -> bool {
    cmp_inches(a, b) == std::cmp::Ordering::Greater
}

pub(crate) fn add(a: Ratio, b: Ratio) -> Ratio {
    let den = a.denom() as u64 * b.denom() as u64;
    let num = a.numer() as u64 * b.denom() as u64 + b.numer() as u64 * a.denom() as u64;
    reduce(num, den)
}

pub(crate) fn sub_saturating(a: Ratio, b: Ratio) -> Ratio {
    let den = a.denom() as u64 * b.denom() as u64;
    let l = a.numer() as u64 * b.denom() as u64;
    let r = b.numer() as u64 * a.denom() as u64;
    reduce(l.saturating_sub(r), den)
}

fn reduce(num: u64, den: u64) -> Ratio {
    let (mut a, mut b) = (num, den);
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    let g = a.max(1);
    let (n, d) = (num / g, (den / g).max(1));
    Ratio::new(n.min(u32::MAX as u64) as u32, d.min(u32::MAX as u64) as u32).unwrap_or(Ratio::ZERO)
}
