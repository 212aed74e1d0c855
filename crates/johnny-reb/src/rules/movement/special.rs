//! The movement procedures beyond one unit's plain allowance: disengaging (6.5.8), forced
//! rout (2.1.2), split moves (6.3.3), formation changes (6.4.1, 6.4.4), fences (6.3.4),
//! moving through friends (6.4.2.b), merged and detached units (6.8.6, 6.8.9), officers (6.9)
//! and resupply (4.2.4.b).

use super::{
    Allowance, Ground, MoveRequest, MovementRulings, Mover, TerrainType, add, allowance, check_bmp, exceeds,
    gun_limbered, out_of_range, troop_rate,
};
use crate::rules::tables::t03_movement_rates::{MoveRow, Rate};
use crate::rules::tables::t04_movement_conditions::{self as t04, Path};
use crate::rules::unit::{Arm, Formation, GunWeight, MoraleLevel, OrderKind};
use crate::rules::{Cell, Chance, Die, Distribution, Overrides, Ratio, RuleError, RuleResult, Sourced};
use serde::{Deserialize, Serialize};

/// What a disengaging regiment or limbered gun must and may move (6.5.8, Table 4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disengage {
    /// The full distance it must move away from the enemy: the disorder distance for a
    /// regiment, the full limbered distance for a gun.
    pub must_move: Sourced<Ratio>,
    /// The optional bonus it may add, all, some or none (Table 4).
    pub bonus_up_to: Sourced<Ratio>,
    /// The unit ends in disorder, facing away from the enemy.
    pub ends_in_disorder: bool,
    /// Casualties from fire (not melee) on it are halved (6.5.8.a, b): for the fire engineer.
    pub fire_casualties_halved: bool,
    /// If charged, it is charged-on-rear with full penalties (6.5.8.a, 5.2.2); a regiment is
    /// immune to fired-on-rear/flank penalties while disengaging.
    pub charged_counts_as_rear: bool,
    /// It may not fire, nor fight back in a melee (6.5.8.a).
    pub may_not_fire: bool,
}

impl Disengage {
    /// The farthest it may go: the distance it must move and the whole bonus.
    pub fn reach(&self) -> Ratio {
        total_inches(self.must_move.value, self.bonus_up_to.value)
    }
}

/// The disengage move of a regiment (6.5.8.a): the full disorder distance for its arm and the
/// ground, plus up to the Table 4 bonus.
///
/// ```
/// use johnny_reb::rules::movement::{disengage_regiment, Ground, MovementRulings, TerrainType};
/// use johnny_reb::rules::{unit::Arm, Overrides, Ratio};
/// let d = disengage_regiment(Arm::Infantry, Ground::Terrain(TerrainType::Open), &Overrides::new(), &MovementRulings::default()).unwrap();
/// assert_eq!(d.must_move.value, Ratio::whole(6)); // disorder in open (6.7.2 example)
/// assert_eq!(d.bonus_up_to.value, Ratio::whole(4));
/// ```
pub fn disengage_regiment(
    arm: Arm,
    ground: Ground,
    overrides: &Overrides,
    rulings: &MovementRulings,
) -> RuleResult<Disengage> {
    let g = ground.under(rulings);
    let row = super::row_for(arm, Formation::Disorder, false)?;
    let rate = troop_rate(row, g.column(), overrides)?;
    let must = match rate.value.maximum() {
        Some(v) => v,
        None => return Err(out_of_range("the disorder row is NA here: the unit cannot disengage over this ground")),
    };
    let bonus = bonus(g.path(), false, overrides)?;
    Ok(Disengage {
        must_move: Sourced { value: must, source: rate.source },
        bonus_up_to: bonus,
        ends_in_disorder: true,
        fire_casualties_halved: true,
        charged_counts_as_rear: true,
        may_not_fire: true,
    })
}

fn bonus(path: Path, artillery: bool, overrides: &Overrides) -> RuleResult<Sourced<Ratio>> {
    let column = if artillery && path == Path::Road { "Road (art)" } else { path.label() };
    let cell = crate::rules::CellRef::new(t04::TABLE, "Disengage bonus", column);
    match overrides.resolve(&cell, t04::disengage_bonus(path, artillery))? {
        Some(v) => Ok(v),
        None => Ok(Sourced { value: Ratio::ZERO, source: crate::rules::Source::Entered }),
    }
}

/// The disengage move of limbered artillery (6.5.8.b): its full limbered distance to the rear
/// plus up to the Table 4 bonus (4" on a road).
///
/// ```
/// use johnny_reb::rules::movement::{disengage_gun, Ground, MovementRulings};
/// use johnny_reb::rules::{unit::GunWeight, Overrides, Ratio};
/// let d = disengage_gun(GunWeight::VeryLight, Ground::Road, &Overrides::new(), &MovementRulings::default()).unwrap();
/// assert_eq!((d.must_move.value, d.bonus_up_to.value), (Ratio::whole(20), Ratio::whole(4)));
/// ```
pub fn disengage_gun(
    weight: GunWeight,
    ground: Ground,
    overrides: &Overrides,
    rulings: &MovementRulings,
) -> RuleResult<Disengage> {
    let g = ground.under(rulings);
    let must = gun_limbered(weight, g, overrides)?;
    let bonus = bonus(g.path(), true, overrides)?;
    Ok(Disengage {
        must_move: must,
        bonus_up_to: bonus,
        ends_in_disorder: false,
        fire_casualties_halved: true,
        charged_counts_as_rear: false,
        may_not_fire: true,
    })
}

/// Whether a disengaging limbered gun meets an accident (6.5.8.b): it is lost on a die equal
/// to any saving roll of the terrain plus one. `terrain_best_save` is the terrain's highest
/// saving number on Table 12 (0 in the open, 2 in light woods).
///
/// ```
/// use johnny_reb::rules::movement::gun_accident;
/// use johnny_reb::rules::Die;
/// // Light woods save on 1 or 2: the gun smashes on 1, 2 or 3.
/// assert!(gun_accident(2, Die::new(3).unwrap()).unwrap());
/// assert!(!gun_accident(0, Die::new(2).unwrap()).unwrap());
/// ```
pub fn gun_accident(terrain_best_save: u8, die: Die) -> RuleResult<bool> {
    if terrain_best_save > 6 {
        return Err(out_of_range(format!("a saving number of {terrain_best_save} is not on a die")));
    }
    Ok(die.face() <= terrain_best_save + 1)
}

/// The exact chance of the accident of 6.5.8.b.
pub fn gun_accident_odds(terrain_best_save: u8) -> RuleResult<Chance> {
    if terrain_best_save > 6 {
        return Err(out_of_range(format!("a saving number of {terrain_best_save} is not on a die")));
    }
    Ok(Chance::new((terrain_best_save as u64 + 1).min(6), 6))
}

/// The number of dice for a forced rout along this path (2.1.2), night applied.
pub fn forced_rout_dice(path: Path, rulings: &MovementRulings) -> u8 {
    let cell = t04::forced_rout_dice(super::path_under(path, rulings));
    cell.value().copied().unwrap_or(1)
}

/// The forced rout move (2.1.2): the sum of the dice, in inches, that the unit must move at
/// once, in disorder, away from the enemy. The dice must be exactly the number the path asks.
///
/// ```
/// use johnny_reb::rules::movement::{forced_rout_distance, MovementRulings};
/// use johnny_reb::rules::tables::t04_movement_conditions::Path;
/// use johnny_reb::rules::{Die, Ratio};
/// let dice = [Die::new(3).unwrap(), Die::new(5).unwrap()];
/// assert_eq!(forced_rout_distance(Path::Broken, &dice, &MovementRulings::default()).unwrap(), Ratio::whole(8));
/// ```
pub fn forced_rout_distance(path: Path, dice: &[Die], rulings: &MovementRulings) -> RuleResult<Ratio> {
    let n = forced_rout_dice(path, rulings) as usize;
    if dice.len() != n {
        return Err(RuleError::OutOfRange {
            what: "dice",
            detail: format!("a forced rout {} rolls {n} dice (2.1.2), not {}", path.label().to_lowercase(), dice.len()),
        });
    }
    Ok(Ratio::whole(dice.iter().map(|d| d.face() as u32).sum()))
}

/// The exact distribution of the forced rout distance in inches (2.1.2).
///
/// ```
/// use johnny_reb::rules::movement::{forced_rout_odds, MovementRulings};
/// use johnny_reb::rules::tables::t04_movement_conditions::Path;
/// use johnny_reb::rules::Chance;
/// assert_eq!(forced_rout_odds(Path::Rough, &MovementRulings::default()).chance_of(&6), Chance::new(1, 6));
/// ```
pub fn forced_rout_odds(path: Path, rulings: &MovementRulings) -> Distribution<u32> {
    Distribution::of_dice_total(forced_rout_dice(path, rulings) as usize, |t| t)
}

/// A move of two halves (6.3.3): half the move at one terrain rate, half at another. Each half
/// is done wholly in its terrain; no inches pass from one half to the other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMove {
    /// The first half: the allowance of its ground, halved.
    pub first: Allowance,
    /// The second half.
    pub second: Allowance,
}

impl SplitMove {
    /// Whether the regiment rolls for disorder at the end: if either half went beyond its
    /// half of the first number (6.3.3).
    pub fn disorder_roll_needed(&self, first_inches: Ratio, second_inches: Ratio) -> bool {
        exceeds(first_inches, self.first.without_disorder) || exceeds(second_inches, self.second.without_disorder)
    }
}

/// Splits a move between two grounds (6.3.3). Only infantry and cavalry may split a move:
/// artillery moves at the worst applicable rate.
///
/// ```
/// use johnny_reb::rules::movement::{split_move, Ground, Mover, MovementRulings, TerrainType};
/// use johnny_reb::rules::unit::{Arm, Formation};
/// use johnny_reb::rules::{Overrides, Ratio};
/// // 6.3.3, regiment B: half a normal open move (5/2) then half a normal broken move (3/2).
/// let line = Mover::Regiment { arm: Arm::Infantry, formation: Formation::Line, routed: false, stands: 5 };
/// let s = split_move(line, Ground::Terrain(TerrainType::Open), Ground::Terrain(TerrainType::Broken),
///     &Overrides::new(), &MovementRulings::default()).unwrap();
/// assert_eq!(s.first.without_disorder, Ratio::new(5, 2).unwrap());
/// assert_eq!(s.second.without_disorder, Ratio::new(3, 2).unwrap());
/// ```
pub fn split_move(
    mover: Mover,
    first: Ground,
    second: Ground,
    overrides: &Overrides,
    rulings: &MovementRulings,
) -> RuleResult<SplitMove> {
    match mover {
        Mover::Regiment { arm, .. } if arm != Arm::Artillery => {}
        _ => {
            return Err(out_of_range(
                "only infantry or cavalry may split a move; artillery uses the worst rate (6.3.3)",
            ));
        }
    }
    let half = |ground: Ground| -> RuleResult<Allowance> {
        let mut a = allowance(&MoveRequest { mover, ground, bmp: None, manoeuvres: vec![] }, overrides, rulings)?;
        a.without_disorder = a.without_disorder.mul(Ratio::HALF);
        a.with_disorder_roll = a.with_disorder_roll.map(|v| v.mul(Ratio::HALF));
        a.halved_by.push(super::Halving { what: "split move", rule: "6.3.3" });
        Ok(a)
    };
    Ok(SplitMove { first: half(first)?, second: half(second)? })
}

/// The farthest any stand may move in a formation change (6.4.1) or in reforming from
/// skirmish (6.4.4): the skirmish rate for the terrain, centre of stand to centre of stand.
/// Mounted cavalry uses its own skirmish row.
///
/// ```
/// use johnny_reb::rules::movement::{formation_change_reach, Ground, MovementRulings, TerrainType};
/// use johnny_reb::rules::{Overrides, Ratio};
/// let o = Overrides::new();
/// let r = |t| formation_change_reach(false, Ground::Terrain(t), &o, &MovementRulings::default()).unwrap().value;
/// assert_eq!(r(TerrainType::Open), Ratio::whole(12));
/// assert_eq!(r(TerrainType::Rough), Ratio::whole(3));
/// ```
pub fn formation_change_reach(
    mounted: bool,
    ground: Ground,
    overrides: &Overrides,
    rulings: &MovementRulings,
) -> RuleResult<Sourced<Ratio>> {
    let row = if mounted { MoveRow::CavalrySkirmish } else { MoveRow::Skirmish };
    let g = match ground.under(rulings) {
        // Stands re-forming do not follow the road: they cross the ground beside it.
        Ground::Road => Ground::Terrain(TerrainType::Open),
        Ground::Trail(t) => Ground::Terrain(t),
        g => g,
    };
    let rate = troop_rate(row, g.column(), overrides)?;
    match rate.value {
        Rate::NotApplicable => Err(out_of_range("the skirmish row is NA here")),
        Rate::One(v) | Rate::Two { without_disorder: v, .. } => Ok(Sourced { value: v, source: rate.source }),
    }
}

/// Crossing a fence (6.3.4): the move is made at least at the broken rate, unless a column
/// passes through a gap an earlier column made. A column crossing leaves a gap one stand wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FenceCrossing {
    /// The terrain the crossing counts as, at best.
    pub at_least: Option<TerrainType>,
    /// The crossing leaves a "gap in fence" counter one stand wide.
    pub leaves_gap: bool,
}

/// How a fence affects the move of a unit in `formation` (6.3.4).
///
/// ```
/// use johnny_reb::rules::movement::{fence_crossing, TerrainType};
/// use johnny_reb::rules::unit::Formation;
/// let c = fence_crossing(Formation::MarchColumn, false);
/// assert_eq!(c.at_least, Some(TerrainType::Broken));
/// assert!(c.leaves_gap);
/// ```
pub fn fence_crossing(formation: Formation, through_gap: bool) -> FenceCrossing {
    let column = formation == Formation::MarchColumn;
    if column && through_gap {
        FenceCrossing { at_least: None, leaves_gap: false }
    } else {
        FenceCrossing { at_least: Some(TerrainType::Broken), leaves_gap: column }
    }
}

/// The ground of a move that crosses a fence (6.3.4, 6.3.2): the worse of the ground and the
/// fence's broken rate.
///
/// ```
/// use johnny_reb::rules::movement::{fence_crossing, ground_with_fence, Ground, TerrainType};
/// use johnny_reb::rules::unit::Formation;
/// let g = ground_with_fence(Ground::Terrain(TerrainType::Open), fence_crossing(Formation::Line, false));
/// assert_eq!(g, Ground::Terrain(TerrainType::Broken));
/// ```
pub fn ground_with_fence(ground: Ground, crossing: FenceCrossing) -> Ground {
    match (ground, crossing.at_least) {
        (_, None) => ground,
        (Ground::Terrain(t), Some(min)) => Ground::Terrain(t.max(min)),
        (Ground::Road, Some(min)) | (Ground::Trail(_), Some(min)) => Ground::Terrain(min),
    }
}

/// Whether two units passing through each other roll for disorder (6.4.2.b): never if either
/// is skirmishing, nor for a unit changing formation into skirmish; otherwise both roll, with
/// [`super::disorder_roll`], and the move is completed in full either way.
///
/// ```
/// use johnny_reb::rules::movement::through_friend_rolls;
/// use johnny_reb::rules::unit::Formation;
/// assert_eq!(through_friend_rolls(Formation::MarchColumn, Formation::Line, false), (true, true));
/// assert_eq!(through_friend_rolls(Formation::Skirmish, Formation::Line, false), (false, false));
/// ```
pub fn through_friend_rolls(mover: Formation, other: Formation, other_forming_skirmish: bool) -> (bool, bool) {
    if mover == Formation::Skirmish || other == Formation::Skirmish {
        return (false, false);
    }
    (true, !other_forming_skirmish)
}

/// At most this many stands in a merged unit (6.8.9.a).
pub const MERGED_UNIT_MAX_STANDS: Cell<u8> = Cell::RuleText { value: 5, rule: "6.8.9.a" };
/// Stands joining a merged unit move up to this many inches (6.8.9.a).
pub const MERGE_STAND_MOVE: Cell<Ratio> = Cell::RuleText { value: Ratio::whole(3), rule: "6.8.9.a" };
/// Up to this many stands may be detached as skirmishers (6.8.6.a).
pub const DETACHED_SKIRMISHERS_MAX_STANDS: Cell<u8> = Cell::RuleText { value: 2, rule: "6.8.6.a" };
/// Detached skirmishers never move farther than this from the parent regiment (6.8.6.a).
pub const DETACHED_SKIRMISHERS_MAX_DISTANCE: Cell<Ratio> = Cell::RuleText { value: Ratio::whole(6), rule: "6.8.6.a" };
/// A brigade column forms from regiments within this distance of each other (6.8.2.a).
pub const BRIGADE_COLUMN_GATHER: Cell<Ratio> = Cell::RuleText { value: Ratio::whole(3), rule: "6.8.2.a" };
/// A brigade column needs at least this many regiments of one brigade (6.8.2).
pub const BRIGADE_COLUMN_MIN_REGIMENTS: Cell<u8> = Cell::RuleText { value: 3, rule: "6.8.2" };
/// Stands of an extended line are no farther apart than this; beyond it they are
/// skirmishers (6.8.3).
pub const EXTENDED_LINE_MAX_GAP: Cell<Ratio> = Cell::RuleText { value: Ratio::HALF, rule: "6.8.3" };
/// Wave assault: each wave at least this far behind the one before (6.8.8.a).
pub const WAVE_MIN_SPACING: Cell<Ratio> = Cell::RuleText { value: Ratio::whole(2), rule: "6.8.8.a" };

/// Checks a merge (6.8.9.a): at most five stands in all, and no joining stand moving more
/// than 3".
///
/// ```
/// use johnny_reb::rules::movement::check_merge;
/// use johnny_reb::rules::Ratio;
/// assert!(check_merge(4, &[Ratio::whole(3)]).is_ok());
/// assert!(check_merge(6, &[]).is_err());
/// ```
pub fn check_merge(total_stands: u8, stand_moves: &[Ratio]) -> RuleResult<()> {
    let max = *MERGED_UNIT_MAX_STANDS.value().unwrap_or(&5);
    let reach = *MERGE_STAND_MOVE.value().unwrap_or(&Ratio::whole(3));
    if total_stands == 0 || total_stands > max {
        return Err(out_of_range(format!("a merged unit has 1 to {max} stands (6.8.9.a), not {total_stands}")));
    }
    if let Some(m) = stand_moves.iter().find(|m| exceeds(**m, reach)) {
        return Err(out_of_range(format!("a joining stand moves at most {reach}\" (6.8.9.a), not {m}\"")));
    }
    Ok(())
}

/// Checks detached skirmishers (6.8.6.a): one or two stands, never farther than 6" from the
/// parent regiment.
///
/// ```
/// use johnny_reb::rules::movement::check_detached_skirmishers;
/// use johnny_reb::rules::Ratio;
/// assert!(check_detached_skirmishers(2, Ratio::whole(6)).is_ok());
/// assert!(check_detached_skirmishers(2, Ratio::whole(7)).is_err());
/// ```
pub fn check_detached_skirmishers(stands: u8, distance_from_parent: Ratio) -> RuleResult<()> {
    let max = *DETACHED_SKIRMISHERS_MAX_STANDS.value().unwrap_or(&2);
    let reach = *DETACHED_SKIRMISHERS_MAX_DISTANCE.value().unwrap_or(&Ratio::whole(6));
    if stands == 0 || stands > max {
        return Err(out_of_range(format!("one or two stands may be detached (6.8.6.a), not {stands}")));
    }
    if exceeds(distance_from_parent, reach) {
        return Err(out_of_range(format!(
            "detached skirmishers stay within {reach}\" of the parent (6.8.6.a), not {distance_from_parent}\""
        )));
    }
    Ok(())
}

/// Whether an officer may give leadership benefits this turn (6.9): not if he moved by himself
/// over half his allotment; an officer staying with one unit all turn gives full benefits and
/// moves as far as it does.
///
/// ```
/// use johnny_reb::rules::movement::officer_may_give_benefits;
/// use johnny_reb::rules::Ratio;
/// assert!(!officer_may_give_benefits(Ratio::whole(11), Ratio::whole(20), false));
/// ```
pub fn officer_may_give_benefits(moved: Ratio, full_allotment: Ratio, stayed_with_one_unit: bool) -> bool {
    stayed_with_one_unit || !exceeds(moved, full_allotment.mul(Ratio::HALF))
}

/// The turn an out-of-ammunition unit that left by a friendly road returns (4.2.4.b): one die
/// of turns later.
///
/// ```
/// use johnny_reb::rules::movement::resupply_return_turn;
/// use johnny_reb::rules::Die;
/// assert_eq!(resupply_return_turn(5, Die::new(4).unwrap()), 9);
/// ```
pub fn resupply_return_turn(turn_left: u32, die: Die) -> u32 {
    turn_left.saturating_add(die.face() as u32)
}

/// The exact odds of how many turns a resupplying unit is away (4.2.4.b).
pub fn resupply_odds() -> Distribution<u32> {
    Distribution::of_die(|d| d.face() as u32)
}

/// The one-die reform roll of skirmishers (6.4.4) uses the disorder roll; this is its odds.
///
/// ```
/// use johnny_reb::rules::movement::reform_from_skirmish_odds;
/// use johnny_reb::rules::{unit::Arm, Chance};
/// assert_eq!(reform_from_skirmish_odds(4, false, Arm::Infantry).unwrap(), Chance::new(1, 3));
/// ```
pub fn reform_from_skirmish_odds(bmp: u8, officer_present: bool, arm: Arm) -> RuleResult<Chance> {
    check_bmp(bmp)?;
    Ok(super::chance_to_beat(super::disorder_target(bmp, officer_present, arm)))
}

/// Adds two distances (a move and its bonus, say), exactly.
pub fn total_inches(a: Ratio, b: Ratio) -> Ratio {
    add(a, b)
}

/// Whether a formation adjustment (6.4.3) penalises the whole regiment for fire: when half or
/// more of its stands move or pivot; otherwise only the stands that moved are penalised.
///
/// ```
/// use johnny_reb::rules::movement::adjustment_penalises_whole_regiment;
/// assert!(!adjustment_penalises_whole_regiment(2, 5));
/// assert!(adjustment_penalises_whole_regiment(3, 5));
/// ```
pub fn adjustment_penalises_whole_regiment(stands_moved: u8, stands: u8) -> bool {
    stands_moved as u16 * 2 >= stands as u16 && stands_moved > 0
}

/// Whether going from one formation to another needs a Formation Change order (6.4.1), or
/// may be done during a Move: into skirmish order with the whole move as skirmishers (6.4.4),
/// and from line straight into extended line (6.8.3). Changing back from extended line needs
/// FM. Mounting or dismounting with a move uses the Move order and carries a free formation
/// change (6.7.2).
///
/// ```
/// use johnny_reb::rules::movement::needs_formation_change_order;
/// use johnny_reb::rules::unit::Formation;
/// assert!(!needs_formation_change_order(Formation::Line, Formation::Skirmish));
/// assert!(needs_formation_change_order(Formation::MarchColumn, Formation::Line));
/// ```
pub fn needs_formation_change_order(from: Formation, to: Formation) -> bool {
    if from == to {
        return false;
    }
    !matches!((from, to), (_, Formation::Skirmish) | (Formation::Line, Formation::ExtendedLine))
}

/// Gun sections that a road or trail is wide enough to move or deploy on, abreast (6.6.4).
pub const GUN_SECTIONS_ABREAST_ON_ROAD: Cell<u8> = Cell::RuleText { value: 1, rule: "6.6.4" };

/// Whether a unit may reform from disorder this turn (6.4.2.a): good or shaken morale and a
/// Formation Change order. Routed and disengaging units are always in disorder.
///
/// ```
/// use johnny_reb::rules::movement::may_reform_from_disorder;
/// use johnny_reb::rules::unit::{MoraleLevel, OrderKind};
/// assert!(may_reform_from_disorder(MoraleLevel::Good, OrderKind::FormationChange));
/// ```
pub fn may_reform_from_disorder(morale: MoraleLevel, order: OrderKind) -> bool {
    morale != MoraleLevel::Routed && order == OrderKind::FormationChange
}

/// One regiment's part in a merged unit (6.8.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MergedPart {
    /// Figures it brings.
    pub figures: u32,
    /// Figures per stand.
    pub figures_per_stand: u32,
    /// Its BMP (Table 5).
    pub bmp: u8,
    /// Stands it brings.
    pub stands: u8,
}

/// The BMP of a merged unit (6.8.9.b): that of the regiment with the most figures; if the
/// most figures are equal, the lower BMP (the better morale). Also the index of that
/// regiment, the one the others attach to.
///
/// ```
/// use johnny_reb::rules::movement::{merged_unit_bmp, MergedPart};
/// let sc = MergedPart { figures: 9, figures_per_stand: 3, bmp: 3, stands: 3 };
/// let va = MergedPart { figures: 4, figures_per_stand: 2, bmp: 2, stands: 2 };
/// assert_eq!(merged_unit_bmp(&[sc, va]).unwrap(), (3, 0));
/// ```
pub fn merged_unit_bmp(parts: &[MergedPart]) -> RuleResult<(u8, usize)> {
    for p in parts {
        check_bmp(p.bmp)?;
    }
    // The morale part owns the rule (6.8.9.b); here we only find which regiment it names.
    let pairs: Vec<(u32, i32)> = parts.iter().map(|p| (p.figures, i32::from(p.bmp))).collect();
    let bmp = crate::rules::morale::merged_bmp(&pairs)?;
    let most = parts.iter().map(|p| p.figures).max().unwrap_or(0);
    parts
        .iter()
        .position(|p| p.figures == most && i32::from(p.bmp) == bmp)
        .map(|i| (u8::try_from(bmp).unwrap_or(u8::MAX), i))
        .ok_or_else(|| out_of_range("a merged unit needs at least one regiment (6.8.9)"))
}

/// The merged unit's morale modifier for the stands attached to its regiment (6.8.9.b): -1 for
/// each. The morale engineer adds it to the MMP.
pub fn merged_attached_modifier(stands_attached: u8) -> Cell<i8> {
    // Table 6's data (its "Merged Unit, per Stand Attached" line) is the one home of the -1.
    match crate::rules::tables::t06_bmp_modifiers::MERGED_PER_STAND_ATTACHED {
        Cell::Printed(v) => Cell::Printed(i8::try_from(v).unwrap_or(0).saturating_mul(stands_attached.min(5) as i8)),
        Cell::RuleText { value, rule } => Cell::RuleText {
            value: i8::try_from(value).unwrap_or(0).saturating_mul(stands_attached.min(5) as i8),
            rule,
        },
        Cell::Missing => Cell::Missing,
    }
}

/// Which parts of a merged unit kills may be taken from (6.8.9.c): any, if all have the same
/// figures per stand; otherwise those with the fewest figures per stand.
pub fn merged_kills_from(parts: &[MergedPart]) -> Vec<usize> {
    let fewest = parts.iter().map(|p| p.figures_per_stand).min();
    parts.iter().enumerate().filter(|(_, p)| Some(p.figures_per_stand) == fewest).map(|(i, _)| i).collect()
}

/// Checks a formation change (6.4.1): one stand stays in place (it may pivot) and no other
/// stand moves farther than the skirmish rate for the terrain, centre to centre.
///
/// ```
/// use johnny_reb::rules::movement::{check_formation_change, Ground, MovementRulings, TerrainType};
/// use johnny_reb::rules::{Overrides, Ratio};
/// // 6.4.1: forming line on the lead stand needs up to 4" here: legal in broken (6"), not in rough (3").
/// let moves = [Ratio::whole(4), Ratio::whole(2)];
/// let (o, r) = (Overrides::new(), MovementRulings::default());
/// assert!(check_formation_change(false, Ground::Terrain(TerrainType::Broken), &moves, &o, &r).is_ok());
/// assert!(check_formation_change(false, Ground::Terrain(TerrainType::Rough), &moves, &o, &r).is_err());
/// ```
pub fn check_formation_change(
    mounted: bool,
    ground: Ground,
    stand_moves: &[Ratio],
    overrides: &Overrides,
    rulings: &MovementRulings,
) -> RuleResult<()> {
    let reach = formation_change_reach(mounted, ground, overrides, rulings)?.value;
    match stand_moves.iter().find(|m| exceeds(**m, reach)) {
        Some(m) => Err(out_of_range(format!(
            "a stand may move at most the skirmish rate, {reach}\", when changing formation (6.4.1), not {m}\""
        ))),
        None => Ok(()),
    }
}

/// Skirmish spacing in stand widths between stands (6.4.4): at least one, at most two for
/// infantry and three for cavalry. Closer at the end of a move, skirmishers fall into
/// disorder (6.4.2.c).
pub fn skirmish_spacing(cavalry: bool) -> (Cell<u8>, Cell<u8>) {
    let most = if cavalry { 3 } else { 2 };
    (Cell::RuleText { value: 1, rule: "6.4.4" }, Cell::RuleText { value: most, rule: "6.4.4" })
}

/// Whether a dismounting regiment puts down a horseholder stand (6.7.2.b): with three or more
/// stands on the board, one of them becomes the horseholders.
pub fn horseholders_needed(stands_on_board: u8) -> bool {
    stands_on_board >= 3
}

/// Whether fire at the horseholders drives the horses off (6.7.2.b): they get no cover saves
/// and nothing happens unless all are killed in one turn, when they bolt and the regiment walks.
pub fn horses_bolt(kills_this_turn: u32, horse_figures: u32) -> bool {
    crate::rules::fire::special::horses_driven_off(horse_figures, kills_this_turn)
}
