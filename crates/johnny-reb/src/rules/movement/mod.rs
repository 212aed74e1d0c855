//! Phase Six: Movement (rule 6, with 2.1 routed movement), read from Tables 3 and 4.
//!
//! A resolver takes the unit's facts (arm, formation, stands, BMP), the ground it moves
//! through or into, what it does on the way (wheel, front-to-flank, mount...) and the players'
//! [`Overrides`], and returns the allowance in exact inches ([`Allowance`]) with every cost it
//! paid. Dice are always inputs; each roll also has its exact odds.
//!
//! - [`allowance`]: the distance a unit, gun, crew or officer may move this turn.
//! - [`disorder_roll`], [`disorder_odds`]: the one-die roll after a maximum move (6.2).
//! - [`special`]: disengage (6.5.8), forced rout (2.1.2), split moves (6.3.3), formation
//!   change reach (6.4.1), fences (6.3.4), merged and detached units (6.8), officers (6.9),
//!   resupply (4.2.4.b).

#![warn(missing_docs)]

pub mod special;

use crate::rules::tables::t03_movement_rates::{self as t03, GunColumn, MoveRow, Rate, RateColumn};
use crate::rules::tables::t04_movement_conditions as t04;
use crate::rules::unit::{Arm, Formation, GunWeight};
use crate::rules::{
    Cell, CellRef, Chance, Die, Distribution, Entered, Overrides, Ratio, RuleError, RuleResult, Source, Sourced,
};
use serde::{Deserialize, Serialize};

pub use special::*;

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

fn second_ref(row: MoveRow, column: RateColumn) -> CellRef {
    CellRef::new(t03::TABLE, row.label(), format!("{} (Y, with disorder roll)", column.label()))
}

/// The cell address of a troop rate, as the players find it on the card.
pub fn troop_rate_ref(row: MoveRow, column: RateColumn) -> CellRef {
    CellRef::new(t03::TABLE, row.label(), column.label())
}

fn source_of<T>(cell: &Cell<T>) -> Source {
    match cell {
        Cell::RuleText { rule, .. } => Source::RuleText(rule.to_string()),
        _ => Source::Printed,
    }
}

/// A Table 3 troop entry: the players' entries first, then the shipped value. A missing entry
/// is asked for as two cells: the first number (or NA), then the second number after the slash
/// (NA if the card prints only one). Trail entries have one number only.
///
/// ```
/// use johnny_reb::rules::movement::troop_rate;
/// use johnny_reb::rules::tables::t03_movement_rates::{MoveRow, Rate, RateColumn};
/// use johnny_reb::rules::{CellRef, Entered, Overrides, Ratio, RuleError};
/// let mut o = Overrides::new();
/// let x = CellRef::new("Table 3", "Infantry Attack Column", "Open");
/// assert_eq!(troop_rate(MoveRow::AttackColumn, RateColumn::Open, &o), Err(RuleError::Missing(x.clone())));
/// o.set(x, Entered::Value(Ratio::whole(7)));
/// let y = CellRef::new("Table 3", "Infantry Attack Column", "Open (Y, with disorder roll)");
/// o.set(y, Entered::NotApplicable);
/// assert_eq!(troop_rate(MoveRow::AttackColumn, RateColumn::Open, &o).unwrap().value, Rate::One(Ratio::whole(7)));
/// ```
pub fn troop_rate(row: MoveRow, column: RateColumn, overrides: &Overrides) -> RuleResult<Sourced<Rate>> {
    let main = troop_rate_ref(row, column);
    let second = second_ref(row, column);
    let shipped = t03::troop_rate(row, column);
    let entered = |value| Ok(Sourced { value, source: Source::Entered });
    match overrides.get(&main) {
        Some(Entered::NotApplicable) => entered(Rate::NotApplicable),
        Some(Entered::Value(x)) => {
            if column.is_trail() {
                return entered(Rate::One(x));
            }
            match (overrides.get(&second), shipped) {
                (Some(Entered::Value(y)), _) => entered(Rate::Two { without_disorder: x, with_disorder_roll: y }),
                (Some(Entered::NotApplicable), _) => entered(Rate::One(x)),
                (None, Cell::Missing) => Err(RuleError::Missing(second)),
                (None, Cell::Printed(Rate::Two { with_disorder_roll, .. }))
                | (None, Cell::RuleText { value: Rate::Two { with_disorder_roll, .. }, .. }) => {
                    entered(Rate::Two { without_disorder: x, with_disorder_roll })
                }
                (None, _) => entered(Rate::One(x)),
            }
        }
        None => match shipped {
            Cell::Missing => Err(RuleError::Missing(main)),
            Cell::Printed(rate) | Cell::RuleText { value: rate, .. } => {
                let source = source_of(&shipped);
                // A house rule may replace only the second number of a shipped "X/Y".
                match (rate, overrides.get(&second)) {
                    (Rate::Two { without_disorder, .. }, Some(Entered::Value(y))) => Ok(Sourced {
                        value: Rate::Two { without_disorder, with_disorder_roll: y },
                        source: Source::Entered,
                    }),
                    (Rate::Two { without_disorder, .. }, Some(Entered::NotApplicable)) => {
                        Ok(Sourced { value: Rate::One(without_disorder), source: Source::Entered })
                    }
                    _ => Ok(Sourced { value: rate, source }),
                }
            }
        },
    }
}

/// Every Table 3 cell the transcription lacks, as the players will be asked for it: each
/// missing troop entry's first number and (outside the trail column) its second number, the
/// hand-push numbers on trails, and the heavy gun's cost to limber. For a screen where the
/// players enter their card once.
///
/// ```
/// use johnny_reb::rules::movement::table_3_missing_cells;
/// use johnny_reb::rules::CellRef;
/// let cells = table_3_missing_cells();
/// assert!(cells.contains(&CellRef::new("Table 3", "Infantry Attack Column", "Open")));
/// assert!(cells.contains(&CellRef::new("Table 3", "Heavy", "Cost to Limber")));
/// assert!(!cells.contains(&CellRef::new("Table 3", "Infantry Line", "Open")));
/// ```
pub fn table_3_missing_cells() -> Vec<CellRef> {
    let mut cells = Vec::new();
    for row in MoveRow::ALL {
        for column in RateColumn::ALL {
            if t03::troop_rate(row, column) == Cell::Missing {
                cells.push(troop_rate_ref(row, column));
                if !column.is_trail() {
                    cells.push(second_ref(row, column));
                }
            }
        }
    }
    for weight in t03::WEIGHTS {
        for t in [TerrainType::Open, TerrainType::Broken, TerrainType::Rough] {
            let label = Ground::Trail(t).column().label();
            cells.push(CellRef::new(t03::TABLE, t03::weight_label(weight), format!("{label}, hand-pushed (E)")));
        }
        if t03::cost_to_limber(weight) == Cell::Missing {
            cells.push(CellRef::new(t03::TABLE, t03::weight_label(weight), "Cost to Limber"));
        }
    }
    cells
}

fn gun_column(ground: Ground) -> GunColumn {
    match ground {
        Ground::Road => GunColumn::Road,
        Ground::Terrain(TerrainType::Open) | Ground::Trail(TerrainType::Open) => GunColumn::Open,
        Ground::Terrain(TerrainType::Broken) | Ground::Trail(TerrainType::Broken) => GunColumn::Broken,
        Ground::Terrain(TerrainType::Rough) | Ground::Trail(TerrainType::Rough) => GunColumn::Rough,
    }
}

fn resolve_number(cell: CellRef, shipped: Cell<Ratio>, overrides: &Overrides) -> RuleResult<Sourced<Ratio>> {
    match overrides.resolve(&cell, shipped)? {
        Some(v) => Ok(v),
        None => Err(RuleError::OutOfRange {
            what: "movement",
            detail: format!("{cell} is marked NA: this move is not allowed"),
        }),
    }
}

/// D: limbered movement of a gun section on this ground (6.6.1, 6.6.4), with overrides.
///
/// ```
/// use johnny_reb::rules::movement::{gun_limbered, Ground, TerrainType};
/// use johnny_reb::rules::{unit::GunWeight, Overrides, Ratio};
/// let d = gun_limbered(GunWeight::Heavy, Ground::Trail(TerrainType::Broken), &Overrides::new()).unwrap();
/// assert_eq!(d.value, Ratio::whole(6));
/// ```
pub fn gun_limbered(weight: GunWeight, ground: Ground, overrides: &Overrides) -> RuleResult<Sourced<Ratio>> {
    let row = t03::weight_label(weight);
    match ground {
        Ground::Trail(t) => {
            let col = gun_column(Ground::Terrain(t));
            let shipped = t03::limbered_trail(weight, col).unwrap_or(Cell::Missing);
            let label = Ground::Trail(t).column().label();
            resolve_number(CellRef::new(t03::TABLE, row, label), shipped, overrides)
        }
        _ => {
            let col = gun_column(ground);
            let cell = CellRef::new(t03::TABLE, row, format!("{}, limbered (D)", col.label()));
            resolve_number(cell, t03::limbered(weight, col), overrides)
        }
    }
}

/// E: hand-pushed movement of a gun section on this ground (6.6.3), with overrides and the
/// 6.6.3 ruling. Table 3 prints no hand-push number for trails: it is asked of the players.
///
/// ```
/// use johnny_reb::rules::movement::{gun_hand_push, Ground, MovementRulings, TerrainType};
/// use johnny_reb::rules::{unit::GunWeight, Overrides, Ratio};
/// let e = gun_hand_push(GunWeight::Heavy, Ground::Terrain(TerrainType::Rough), &Overrides::new(), &MovementRulings::default());
/// assert_eq!(e.unwrap().value, Ratio::HALF);
/// ```
pub fn gun_hand_push(
    weight: GunWeight,
    ground: Ground,
    overrides: &Overrides,
    rulings: &MovementRulings,
) -> RuleResult<Sourced<Ratio>> {
    let row = t03::weight_label(weight);
    if let Ground::Trail(_) = ground {
        let cell = CellRef::new(t03::TABLE, row, format!("{}, hand-pushed (E)", ground.column().label()));
        return resolve_number(cell, Cell::Missing, overrides);
    }
    let col = gun_column(ground);
    let mut shipped = t03::hand_push(weight, col);
    if weight == GunWeight::VeryLight
        && col == GunColumn::Broken
        && rulings.very_light_broken_hand_push == VeryLightBrokenHandPush::Rule663
    {
        shipped = Cell::RuleText { value: Ratio::whole(4), rule: "6.6.3" };
    }
    let cell = CellRef::new(t03::TABLE, row, format!("{}, hand-pushed (E)", col.label()));
    resolve_number(cell, shipped, overrides)
}

/// Cost to limber as a fraction of the move (6.6.1), with overrides.
///
/// ```
/// use johnny_reb::rules::movement::cost_to_limber;
/// use johnny_reb::rules::{unit::GunWeight, Overrides, Ratio, RuleError};
/// assert_eq!(cost_to_limber(GunWeight::VeryLight, &Overrides::new()).unwrap().value, Ratio::QUARTER);
/// assert!(matches!(cost_to_limber(GunWeight::Heavy, &Overrides::new()), Err(RuleError::Missing(_))));
/// ```
pub fn cost_to_limber(weight: GunWeight, overrides: &Overrides) -> RuleResult<Sourced<Ratio>> {
    let cell = CellRef::new(t03::TABLE, t03::weight_label(weight), "Cost to Limber");
    resolve_number(cell, t03::cost_to_limber(weight), overrides)
}

/// Cost to unlimber as a fraction of the move (6.6.1), with overrides.
pub fn cost_to_unlimber(weight: GunWeight, overrides: &Overrides) -> RuleResult<Sourced<Ratio>> {
    let cell = CellRef::new(t03::TABLE, t03::weight_label(weight), "Cost to Unlimber");
    resolve_number(cell, t03::cost_to_unlimber(weight), overrides)
}

/// How a gun section moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GunMove {
    /// Hooked to its limber (6.6.1).
    Limbered,
    /// By prolonge: half the limbered rate (6.6.2).
    Prolonge,
    /// Pushed by the crew: Table 3's E number (6.6.3).
    HandPush,
}

/// What moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mover {
    /// A regiment of infantry or cavalry (mounted or dismounted), in `formation` for this
    /// move, with `stands` stands on the board.
    Regiment {
        /// Infantry, cavalry or mounted infantry, mounted or not during this move.
        arm: Arm,
        /// The formation moved in.
        formation: Formation,
        /// Routed (2.1.1): moves on the routed row.
        routed: bool,
        /// Stands on the board (6.4.2.c: one or two stands may move freely).
        stands: u8,
    },
    /// A gun section.
    Gun {
        /// Its weight class (Table 13).
        weight: GunWeight,
        /// Limbered, by prolonge or by hand.
        how: GunMove,
    },
    /// An artillery crew without its gun: infantry skirmish rate, routed infantry if routed
    /// (6.6.5, notes to Table 3).
    Crew {
        /// Routed.
        routed: bool,
    },
    /// An officer figure (6.9).
    Officer {
        /// Uses his leadership benefit this turn (half movement, 6.9).
        giving_benefits: bool,
    },
}

/// Something a unit does during its move that costs distance or changes the rate (6.5, 6.6,
/// 6.7, 6.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Manoeuvre {
    /// Oblique (6.5.2). Over 45 degrees off the front the whole move is made in disorder at
    /// the disordered rate (6.4.2.c), unless skirmishing or with only one or two stands.
    Oblique {
        /// More than 45 degrees off the front or rear.
        over_45: bool,
    },
    /// Wheel, line only (6.5.3): -1" under 45 degrees, -2" at 45 or more.
    Wheel {
        /// 45 degrees or more.
        at_least_45: bool,
    },
    /// Turn, column only, at column rate (6.5.4): no cost.
    Turn,
    /// Front-to-flank, column to line or line to column (6.5.5): -2" each.
    FrontToFlank,
    /// About face, line only (6.5.6): free when turning to move away; half the rate when
    /// moving backwards still facing the front.
    AboutFace {
        /// Moves backwards still facing the front.
        facing_front: bool,
    },
    /// Rear march, column only (6.5.7): the short distance only, and always a disorder roll.
    RearMarch,
    /// Stands up from lying prone (6.8.5): -1".
    StandUp,
    /// Mounts (6.7.2): at the start (then moves mounted) or the end (after moving on foot).
    Mount {
        /// Done at the start of the move.
        at_start: bool,
    },
    /// Dismounts (6.7.2): at the start (then moves on foot) or the end (after moving mounted).
    Dismount {
        /// Done at the start of the move.
        at_start: bool,
    },
    /// Limbers a gun (6.6.1): a fraction of the limbered move.
    Limber,
    /// Unlimbers a gun (6.6.1): no cost in Table 3.
    Unlimber,
    /// Fire and advance by rushes (6.8.7): skirmish or disorder only, half rates.
    Rushes,
}

/// One deduction from a move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveCost {
    /// What was paid for, in the game's words.
    pub what: &'static str,
    /// The rule that sets it.
    pub rule: &'static str,
    /// Inches deducted.
    pub inches: Ratio,
}

/// A halving of the rate (6.5.6, 6.6.2, 6.8.7, 6.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Halving {
    /// Why, in the game's words.
    pub what: &'static str,
    /// The rule that sets it.
    pub rule: &'static str,
}

/// When the unit rolls for disorder after this move (6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DisorderCheck {
    /// No risk of disorder.
    Never,
    /// Only if it moves farther than [`Allowance::without_disorder`].
    IfBeyondFirst,
    /// At the end of the move whatever the distance (rear march, 6.5.7).
    Always,
}

/// The distance a mover may cover this turn, and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Allowance {
    /// The Table 3 cell used, as printed on the card.
    pub cell: CellRef,
    /// The entry found there, with its provenance.
    pub rate: Sourced<Rate>,
    /// Inches the mover may go without a disorder roll, after every cost.
    pub without_disorder: Ratio,
    /// Inches it may go with a disorder roll, after every cost (`None`: no greater distance).
    pub with_disorder_roll: Option<Ratio>,
    /// When the disorder roll is made.
    pub disorder_check: DisorderCheck,
    /// The whole move is made in disorder (6.4.2.c, 6.5.2).
    pub moves_in_disorder: bool,
    /// The distance must be moved in full: a routed unit "must move" it (2.1.1).
    pub mandatory: bool,
    /// Why the rate was halved, if it was (each halving applies once, before the costs).
    pub halved_by: Vec<Halving>,
    /// Each deduction, in order.
    pub costs: Vec<MoveCost>,
    /// After dismounting at the end, the first dismounted stand still advances this far from
    /// the horses (6.7.2: "always gets 1" of movement").
    pub dismounted_advance: Option<Ratio>,
    /// A gun that limbers may still fire this turn when limbering takes half a move or less
    /// (6.6.1.c).
    pub may_fire_after_limbering: Option<bool>,
}

impl Allowance {
    /// The greatest distance allowed this turn.
    pub fn maximum(&self) -> Ratio {
        self.with_disorder_roll.unwrap_or(self.without_disorder)
    }

    /// Whether moving `moved` inches calls for a disorder roll (6.2, 6.5.7); an error if it
    /// is beyond the allowance.
    ///
    /// ```
    /// use johnny_reb::rules::movement::{allowance, Ground, MoveRequest, Mover, MovementRulings, TerrainType};
    /// use johnny_reb::rules::unit::{Arm, Formation};
    /// use johnny_reb::rules::{Overrides, Ratio};
    /// let req = MoveRequest {
    ///     mover: Mover::Regiment { arm: Arm::Infantry, formation: Formation::Line, routed: false, stands: 5 },
    ///     ground: Ground::Terrain(TerrainType::Open), bmp: None, manoeuvres: vec![],
    /// };
    /// let a = allowance(&req, &Overrides::new(), &MovementRulings::default()).unwrap();
    /// assert_eq!(a.disorder_roll_due(Ratio::whole(5)), Ok(false));
    /// assert_eq!(a.disorder_roll_due(Ratio::whole(8)), Ok(true));
    /// assert!(a.disorder_roll_due(Ratio::whole(9)).is_err());
    /// ```
    pub fn disorder_roll_due(&self, moved: Ratio) -> RuleResult<bool> {
        if exceeds(moved, self.maximum()) {
            return Err(out_of_range(format!("{moved}\" is beyond the {}\" allowed", self.maximum())));
        }
        Ok(match self.disorder_check {
            DisorderCheck::Never => false,
            DisorderCheck::Always => true,
            DisorderCheck::IfBeyondFirst => exceeds(moved, self.without_disorder),
        })
    }
}

/// A movement question: who moves, over what ground, doing what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRequest {
    /// What moves.
    pub mover: Mover,
    /// The ground moved through or into: the worst any part of the unit enters (6.3.2). A
    /// fence crossed makes it at least broken (6.3.4).
    pub ground: Ground,
    /// Its BMP (Table 5), needed to mount or dismount (6.7.2).
    pub bmp: Option<u8>,
    /// What it does on the way.
    pub manoeuvres: Vec<Manoeuvre>,
}

fn out_of_range(detail: impl Into<String>) -> RuleError {
    RuleError::OutOfRange { what: "movement", detail: detail.into() }
}

/// The Table 3 row a regiment uses (6.7.1: dismounted cavalry moves as infantry; mounted
/// infantry on horseback uses the cavalry rows, RULINGS.md).
///
/// ```
/// use johnny_reb::rules::movement::row_for;
/// use johnny_reb::rules::tables::t03_movement_rates::MoveRow;
/// use johnny_reb::rules::unit::{Arm, Formation};
/// assert_eq!(row_for(Arm::Cavalry { mounted: false }, Formation::Line, false).unwrap(), MoveRow::Line);
/// assert_eq!(row_for(Arm::Cavalry { mounted: true }, Formation::MarchColumn, false).unwrap(), MoveRow::CavalryColumn);
/// ```
pub fn row_for(arm: Arm, formation: Formation, routed: bool) -> RuleResult<MoveRow> {
    if arm == Arm::Artillery {
        return Err(out_of_range("a gun section moves as a gun, not on a regiment's row"));
    }
    let mounted = arm.is_mounted();
    if routed {
        return Ok(if mounted { MoveRow::CavalryRouted } else { MoveRow::Routed });
    }
    let row = match (mounted, formation) {
        (false, Formation::Line) => MoveRow::Line,
        (false, Formation::MarchColumn) => MoveRow::MarchColumn,
        (false, Formation::Skirmish) => MoveRow::Skirmish,
        (false, Formation::Disorder) => MoveRow::Disorder,
        (false, Formation::AttackColumn) => MoveRow::AttackColumn,
        (false, Formation::BrigadeColumn) => MoveRow::BrigadeColumn,
        (false, Formation::ExtendedLine) => MoveRow::ExtendedLine,
        (true, Formation::Line) => MoveRow::CavalryLine,
        (true, Formation::MarchColumn) => MoveRow::CavalryColumn,
        (true, Formation::Skirmish) => MoveRow::CavalrySkirmish,
        (true, Formation::Disorder) => MoveRow::CavalryDisorder,
        (true, f) => {
            return Err(out_of_range(format!(
                "mounted cavalry forms line, column, skirmish or disorder (0.1.2.b), not {}",
                f.label()
            )));
        }
        (false, f) => {
            return Err(out_of_range(format!("{} is an artillery state, not a formation of troops", f.label())));
        }
    };
    Ok(row)
}

fn is_line(f: Formation) -> bool {
    matches!(f, Formation::Line | Formation::BrigadeColumn)
}

fn is_column(f: Formation) -> bool {
    f == Formation::MarchColumn
}

/// The distance a mover may go this turn (6.2-6.9), and what it cost.
///
/// The rate is Table 3's for the row and ground; then, in order: the half rates (about face
/// facing front, rushes, prolonge, officers giving benefits), then the inch costs (wheel,
/// front-to-flank, standing up, mounting, limbering). Costs never take a distance below zero.
///
/// ```
/// use johnny_reb::rules::movement::{allowance, Ground, Manoeuvre, MoveRequest, Mover, MovementRulings, TerrainType};
/// use johnny_reb::rules::unit::{Arm, Formation};
/// use johnny_reb::rules::{Overrides, Ratio};
/// // 6.5.5: a line in broken terrain turns front-to-flank: 5" maximum less 2" leaves 3".
/// let req = MoveRequest {
///     mover: Mover::Regiment { arm: Arm::Infantry, formation: Formation::Line, routed: false, stands: 5 },
///     ground: Ground::Terrain(TerrainType::Broken),
///     bmp: Some(3),
///     manoeuvres: vec![Manoeuvre::FrontToFlank],
/// };
/// let a = allowance(&req, &Overrides::new(), &MovementRulings::default()).unwrap();
/// assert_eq!(a.with_disorder_roll, Some(Ratio::whole(3)));
/// assert_eq!(a.without_disorder, Ratio::whole(1));
/// ```
pub fn allowance(request: &MoveRequest, overrides: &Overrides, rulings: &MovementRulings) -> RuleResult<Allowance> {
    let ground = request.ground.under(rulings);
    let m = &request.manoeuvres;
    let has = |x: Manoeuvre| m.contains(&x);
    let mut costs: Vec<MoveCost> = Vec::new();
    let mut halves: Vec<(&'static str, &'static str)> = Vec::new();
    let mut moves_in_disorder = false;
    let mut mandatory = false;
    let mut disorder_check_always = false;
    let mut short_only = false;
    let mut dismounted_advance = None;
    let mut may_fire_after_limbering = None;

    let (cell, rate): (CellRef, Sourced<Rate>) = match request.mover {
        Mover::Regiment { arm, formation, routed, stands } => {
            if stands == 0 || stands > 25 {
                return Err(out_of_range(format!("a regiment has 1 to 25 stands on the board, not {stands}")));
            }
            let mut formation = formation;
            for x in m {
                match *x {
                    Manoeuvre::Limber | Manoeuvre::Unlimber => {
                        return Err(out_of_range("only artillery limbers or unlimbers (6.6.1)"));
                    }
                    Manoeuvre::Wheel { .. } if !is_line(formation) => {
                        return Err(out_of_range("only a line wheels (6.5.3)"));
                    }
                    Manoeuvre::Turn if !is_column(formation) => {
                        return Err(out_of_range("only a column turns (6.5.4)"));
                    }
                    Manoeuvre::AboutFace { .. } if !is_line(formation) && formation != Formation::ExtendedLine => {
                        return Err(out_of_range("about face is done in line (6.5.6)"));
                    }
                    Manoeuvre::RearMarch if !is_column(formation) => {
                        return Err(out_of_range("rear march is done in column (6.5.7)"));
                    }
                    Manoeuvre::FrontToFlank if !matches!(formation, Formation::Line | Formation::MarchColumn) => {
                        return Err(out_of_range(
                            "front-to-flank turns a column into a line or a line into a column (6.5.5)",
                        ));
                    }
                    Manoeuvre::Rushes if !matches!(formation, Formation::Skirmish | Formation::Disorder) => {
                        return Err(out_of_range("only skirmishers or a disordered unit advance by rushes (6.8.7)"));
                    }
                    Manoeuvre::Mount { .. } | Manoeuvre::Dismount { .. }
                        if !matches!(arm, Arm::Cavalry { .. } | Arm::MountedInfantry { .. }) =>
                    {
                        return Err(out_of_range("only cavalry or mounted infantry mount and dismount (6.7.2)"));
                    }
                    Manoeuvre::Mount { at_start } if at_start != arm.is_mounted() => {
                        return Err(out_of_range(
                            "mounting at the start means moving mounted; mounting at the end means moving on foot (6.7.2)",
                        ));
                    }
                    Manoeuvre::Dismount { at_start } if at_start == arm.is_mounted() => {
                        return Err(out_of_range(
                            "dismounting at the start means moving on foot; dismounting at the end means moving mounted (6.7.2)",
                        ));
                    }
                    Manoeuvre::Oblique { over_45: true }
                        if !routed && formation != Formation::Skirmish && stands > 2 =>
                    {
                        formation = Formation::Disorder;
                        moves_in_disorder = true;
                    }
                    _ => {}
                }
            }
            if routed {
                moves_in_disorder = true;
                mandatory = true;
            }
            // Appendix F.12: a regiment of a single stand is always in disorder.
            if rulings.single_stands && stands == 1 && !routed && formation != Formation::Disorder {
                formation = Formation::Disorder;
                moves_in_disorder = true;
            }
            let row = row_for(arm, formation, routed)?;
            let column = ground.column();
            (troop_rate_ref(row, column), troop_rate(row, column, overrides)?)
        }
        Mover::Crew { routed } => {
            no_manoeuvres_but_oblique(m, "an artillery crew")?;
            mandatory = routed;
            let row = if routed { MoveRow::Routed } else { MoveRow::Skirmish };
            let column = ground.column();
            (troop_rate_ref(row, column), troop_rate(row, column, overrides)?)
        }
        Mover::Officer { giving_benefits } => {
            no_manoeuvres_but_oblique(m, "an officer")?;
            if giving_benefits {
                halves.push(("officer giving leadership benefits", "6.9"));
            }
            let column = ground.column();
            (troop_rate_ref(MoveRow::Officer, column), troop_rate(MoveRow::Officer, column, overrides)?)
        }
        Mover::Gun { weight, how } => {
            for x in m {
                if !matches!(x, Manoeuvre::Limber | Manoeuvre::Unlimber | Manoeuvre::Oblique { .. } | Manoeuvre::Turn) {
                    return Err(out_of_range(format!("a gun section does not {x:?} (6.6)")));
                }
            }
            let (cell, value) = match how {
                GunMove::HandPush => {
                    if has(Manoeuvre::Limber) || has(Manoeuvre::Unlimber) {
                        return Err(out_of_range("a gun pushed by hand is unlimbered (6.6.3)"));
                    }
                    let v = gun_hand_push(weight, ground, overrides, rulings)?;
                    let col = ground_label_for_gun(ground, "hand-pushed (E)");
                    (CellRef::new(t03::TABLE, t03::weight_label(weight), col), v)
                }
                GunMove::Limbered | GunMove::Prolonge => {
                    if how == GunMove::Prolonge {
                        halves.push(("prolonge", "6.6.2"));
                    }
                    let v = gun_limbered(weight, ground, overrides)?;
                    let col = match ground {
                        Ground::Trail(_) => ground.column().label().to_string(),
                        _ => ground_label_for_gun(ground, "limbered (D)"),
                    };
                    (CellRef::new(t03::TABLE, t03::weight_label(weight), col), v)
                }
            };
            (cell, Sourced { value: Rate::One(value.value), source: value.source })
        }
    };

    let (mut x, mut y) = match rate.value {
        Rate::NotApplicable => {
            return Err(out_of_range(format!(
                "{cell} is NA: this formation cannot use it (6.3.1); move at the rate of the terrain the road or trail runs through"
            )));
        }
        Rate::One(v) => (v, None),
        Rate::Two { without_disorder, with_disorder_roll } => (without_disorder, Some(with_disorder_roll)),
    };

    for man in m {
        match *man {
            Manoeuvre::AboutFace { facing_front: true } => halves.push(("backwards facing the front", "6.5.6")),
            Manoeuvre::Rushes => halves.push(("advancing by rushes", "6.8.7")),
            Manoeuvre::RearMarch => {
                short_only = true;
                disorder_check_always = true;
            }
            _ => {}
        }
    }
    let full_x = x;
    for _ in &halves {
        x = x.mul(Ratio::HALF);
        y = y.map(|v| v.mul(Ratio::HALF));
    }
    let halved_by: Vec<Halving> = halves.iter().map(|(what, rule)| Halving { what, rule }).collect();
    if short_only {
        y = None;
    }

    let mut deduct = |what: &'static str, rule: &'static str, inches: Ratio, costs: &mut Vec<MoveCost>| {
        x = sub_saturating(x, inches);
        y = y.map(|v| sub_saturating(v, inches));
        costs.push(MoveCost { what, rule, inches });
    };
    for man in m {
        match *man {
            Manoeuvre::Wheel { at_least_45 } => {
                let (cell, what) = if at_least_45 {
                    (t04::WHEEL_45_OR_MORE_COST, "wheel of 45 degrees or more")
                } else {
                    (t04::WHEEL_UNDER_45_COST, "wheel under 45 degrees")
                };
                let v = *cell.value().unwrap_or(&Ratio::ZERO);
                deduct(what, "6.5.3", v, &mut costs);
            }
            Manoeuvre::FrontToFlank => {
                let v = *t04::FRONT_TO_FLANK_COST.value().unwrap_or(&Ratio::ZERO);
                deduct("front-to-flank", "6.5.5", v, &mut costs);
            }
            Manoeuvre::StandUp => deduct("standing up from prone", "6.8.5", Ratio::whole(1), &mut costs),
            Manoeuvre::Mount { .. } | Manoeuvre::Dismount { .. } => {
                let bmp =
                    request.bmp.ok_or_else(|| out_of_range("the unit's BMP is needed to mount or dismount (6.7.2)"))?;
                let mounted_move = matches!(request.mover, Mover::Regiment { arm, .. } if arm.is_mounted());
                let inches = mounting_cost(bmp, mounted_move)?;
                let what = if mounted_move {
                    "mount or dismount, twice BMP for mounted movement"
                } else {
                    "mount or dismount, BMP for dismounted movement"
                };
                deduct(what, "6.7.2", inches, &mut costs);
                if *man == (Manoeuvre::Dismount { at_start: false }) {
                    dismounted_advance = Some(Ratio::whole(1));
                }
            }
            Manoeuvre::Limber | Manoeuvre::Unlimber => {
                if let Mover::Gun { weight, .. } = request.mover {
                    let (fraction, what) = if *man == Manoeuvre::Limber {
                        (cost_to_limber(weight, overrides)?.value, "limber")
                    } else {
                        (cost_to_unlimber(weight, overrides)?.value, "unlimber")
                    };
                    let inches = full_x.mul(fraction);
                    deduct(what, "6.6.1", inches, &mut costs);
                    if *man == Manoeuvre::Limber {
                        may_fire_after_limbering = Some(!exceeds(fraction, Ratio::HALF));
                    }
                }
            }
            _ => {}
        }
    }

    let disorder_check = if disorder_check_always {
        DisorderCheck::Always
    } else if y.is_some() {
        DisorderCheck::IfBeyondFirst
    } else {
        DisorderCheck::Never
    };
    Ok(Allowance {
        cell,
        rate,
        without_disorder: x,
        with_disorder_roll: y,
        disorder_check,
        moves_in_disorder,
        mandatory,
        halved_by,
        costs,
        dismounted_advance,
        may_fire_after_limbering,
    })
}

/// What mounting or dismounting costs of a move (6.7.2): twice the BMP in inches when the move
/// itself is made mounted, the BMP when it is made on foot. (Table 4's summary says "deduct
/// unit's BMP"; the rule and its three examples govern, RULINGS.md.) Card inches.
///
/// ```
/// use johnny_reb::rules::movement::mounting_cost;
/// use johnny_reb::rules::Ratio;
/// // 6.7.2: the mounted column pays 2 x 3 BMP; the 15th Virginia on foot pays its BMP of 3.
/// assert_eq!(mounting_cost(3, true).unwrap(), Ratio::whole(6));
/// assert_eq!(mounting_cost(3, false).unwrap(), Ratio::whole(3));
/// ```
pub fn mounting_cost(bmp: u8, mounted_move: bool) -> RuleResult<Ratio> {
    check_bmp(bmp)?;
    Ok(Ratio::whole(u32::from(bmp) * if mounted_move { 2 } else { 1 }))
}

/// The formation a front-to-flank turns a unit into (6.5.5): a column into a line, a line into
/// a column. Any other formation cannot turn front-to-flank.
///
/// ```
/// use johnny_reb::rules::movement::front_to_flank;
/// use johnny_reb::rules::unit::Formation;
/// assert_eq!(front_to_flank(Formation::MarchColumn).unwrap(), Formation::Line);
/// assert!(front_to_flank(Formation::Skirmish).is_err());
/// ```
pub fn front_to_flank(formation: Formation) -> RuleResult<Formation> {
    match formation {
        Formation::Line => Ok(Formation::MarchColumn),
        Formation::MarchColumn => Ok(Formation::Line),
        f => Err(out_of_range(format!(
            "front-to-flank turns a column into a line or a line into a column (6.5.5), not {}",
            f.label()
        ))),
    }
}

fn no_manoeuvres_but_oblique(m: &[Manoeuvre], who: &str) -> RuleResult<()> {
    match m.iter().find(|x| !matches!(x, Manoeuvre::Oblique { .. })) {
        Some(x) => Err(out_of_range(format!("{who} moves freely and does not {x:?} (6.6.5, 6.9)"))),
        None => Ok(()),
    }
}

fn ground_label_for_gun(ground: Ground, what: &str) -> String {
    format!("{}, {what}", gun_column(ground).label())
}

/// The number a disorder roll must beat: the BMP, -1 with an officer within 1", +1 for
/// dismounted cavalry or mounted infantry on horseback (6.2, 6.7.3). These are the only two
/// modifiers.
///
/// ```
/// use johnny_reb::rules::movement::disorder_target;
/// use johnny_reb::rules::unit::Arm;
/// assert_eq!(disorder_target(3, true, Arm::Cavalry { mounted: false }), 3);
/// ```
pub fn disorder_target(bmp: u8, officer_present: bool, arm: Arm) -> i16 {
    let mut t = bmp as i16;
    if officer_present {
        t -= 1;
    }
    if matches!(arm, Arm::Cavalry { mounted: false } | Arm::MountedInfantry { mounted: true }) {
        t += 1;
    }
    t
}

/// The result of a disorder roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DisorderResult {
    /// Rolled higher than the modified BMP: no effect.
    Steady,
    /// Not higher: the unit is placed in disorder.
    Disordered,
}

/// The disorder roll of 6.2 (also for moving through a friendly unit, 6.4.2.b, and for
/// reforming from skirmish, 6.4.4): one die, which must be higher than the modified BMP.
///
/// ```
/// use johnny_reb::rules::movement::{disorder_roll, DisorderResult};
/// use johnny_reb::rules::{unit::Arm, Die};
/// let d4 = Die::new(4).unwrap();
/// assert_eq!(disorder_roll(3, false, Arm::Infantry, d4).unwrap(), DisorderResult::Steady);
/// assert_eq!(disorder_roll(3, false, Arm::Cavalry { mounted: false }, d4).unwrap(), DisorderResult::Disordered);
/// ```
pub fn disorder_roll(bmp: u8, officer_present: bool, arm: Arm, die: Die) -> RuleResult<DisorderResult> {
    check_bmp(bmp)?;
    Ok(if (die.face() as i16) > disorder_target(bmp, officer_present, arm) {
        DisorderResult::Steady
    } else {
        DisorderResult::Disordered
    })
}

/// The exact odds of the disorder roll before it is thrown.
///
/// ```
/// use johnny_reb::rules::movement::{disorder_odds, DisorderResult};
/// use johnny_reb::rules::{unit::Arm, Chance};
/// let d = disorder_odds(3, true, Arm::Infantry).unwrap();
/// assert_eq!(d.chance_of(&DisorderResult::Steady), Chance::new(4, 6));
/// ```
pub fn disorder_odds(bmp: u8, officer_present: bool, arm: Arm) -> RuleResult<Distribution<DisorderResult>> {
    check_bmp(bmp)?;
    let t = disorder_target(bmp, officer_present, arm);
    Ok(Distribution::of_die(
        |d| if (d.face() as i16) > t { DisorderResult::Steady } else { DisorderResult::Disordered },
    ))
}

/// The chance of passing a one-die roll that must beat `target` (a face above it).
///
/// ```
/// use johnny_reb::rules::movement::chance_to_beat;
/// use johnny_reb::rules::Chance;
/// assert_eq!(chance_to_beat(4), Chance::new(1, 3));
/// ```
pub fn chance_to_beat(target: i16) -> Chance {
    let faces = (1..=6).filter(|f| *f > target).count() as u64;
    Chance::new(faces, 6)
}

/// How a move ended (6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveOutcome {
    /// Inches moved.
    pub moved: Ratio,
    /// The disorder roll, if one was due.
    pub roll: Option<DisorderResult>,
    /// The unit is in disorder at the end of the move.
    pub in_disorder: bool,
}

/// The facts a disorder roll needs (6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisorderFacts {
    /// The unit's BMP (Table 5).
    pub bmp: u8,
    /// An officer within 1".
    pub officer_present: bool,
    /// The unit's arm during the move.
    pub arm: Arm,
}

/// Ends a move of `moved` inches under `allowance`: rolls for disorder if one is due, with the
/// die given (an error asks for the die when it is needed and missing).
///
/// ```
/// use johnny_reb::rules::movement::{allowance, finish_move, DisorderFacts, Ground, MoveRequest, Mover, MovementRulings, TerrainType};
/// use johnny_reb::rules::unit::{Arm, Formation};
/// use johnny_reb::rules::{Die, Overrides, Ratio};
/// let req = MoveRequest {
///     mover: Mover::Regiment { arm: Arm::Infantry, formation: Formation::Line, routed: false, stands: 5 },
///     ground: Ground::Terrain(TerrainType::Open), bmp: None, manoeuvres: vec![],
/// };
/// let a = allowance(&req, &Overrides::new(), &MovementRulings::default()).unwrap();
/// let facts = DisorderFacts { bmp: 3, officer_present: false, arm: Arm::Infantry };
/// // 8" of 5/8 and a roll of 3, not higher than BMP 3: disorder.
/// let out = finish_move(&a, Ratio::whole(8), &facts, Some(Die::new(3).unwrap())).unwrap();
/// assert!(out.in_disorder);
/// assert!(finish_move(&a, Ratio::whole(8), &facts, None).is_err());
/// assert!(!finish_move(&a, Ratio::whole(5), &facts, None).unwrap().in_disorder);
/// ```
pub fn finish_move(
    allowance: &Allowance,
    moved: Ratio,
    facts: &DisorderFacts,
    die: Option<Die>,
) -> RuleResult<MoveOutcome> {
    let due = allowance.disorder_roll_due(moved)?;
    let roll = if due {
        let die = die.ok_or_else(|| RuleError::OutOfRange {
            what: "dice",
            detail: "a disorder roll is due (6.2): enter one die".into(),
        })?;
        Some(disorder_roll(facts.bmp, facts.officer_present, facts.arm, die)?)
    } else {
        None
    };
    let in_disorder = allowance.moves_in_disorder || roll == Some(DisorderResult::Disordered);
    Ok(MoveOutcome { moved, roll, in_disorder })
}

/// The exact chance that a move of `moved` inches ends in disorder, before the roll.
///
/// ```
/// use johnny_reb::rules::movement::{allowance, disorder_chance_for_move, DisorderFacts, Ground, MoveRequest, Mover, MovementRulings, TerrainType};
/// use johnny_reb::rules::unit::{Arm, Formation};
/// use johnny_reb::rules::{Chance, Overrides, Ratio};
/// let req = MoveRequest {
///     mover: Mover::Regiment { arm: Arm::Infantry, formation: Formation::Line, routed: false, stands: 5 },
///     ground: Ground::Terrain(TerrainType::Open), bmp: None, manoeuvres: vec![],
/// };
/// let a = allowance(&req, &Overrides::new(), &MovementRulings::default()).unwrap();
/// let facts = DisorderFacts { bmp: 3, officer_present: false, arm: Arm::Infantry };
/// assert_eq!(disorder_chance_for_move(&a, Ratio::whole(8), &facts).unwrap(), Chance::new(1, 2));
/// ```
pub fn disorder_chance_for_move(allowance: &Allowance, moved: Ratio, facts: &DisorderFacts) -> RuleResult<Chance> {
    if allowance.moves_in_disorder {
        return Ok(Chance::ALWAYS);
    }
    if !allowance.disorder_roll_due(moved)? {
        return Ok(Chance::NEVER);
    }
    Ok(disorder_odds(facts.bmp, facts.officer_present, facts.arm)?.chance_of(&DisorderResult::Disordered))
}

pub(crate) fn check_bmp(bmp: u8) -> RuleResult<()> {
    if bmp > 12 {
        Err(RuleError::OutOfRange { what: "BMP", detail: format!("a BMP of {bmp} is not on Table 5 or 17") })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests;
