//! Charge distance (5.3): the normal move and its disorder roll (5.3.1, 6.2, Table 3), the
//! bonus move by terrain (5.3.2, Table 4), where the charge falls into disorder (5.3.2.b), the
//! attempt to halt (5.3.3), the countercharge move (5.3.5.b), and the chance that a charge
//! covers a given distance.

use super::{Happened, inches_add, inches_ge, inches_min, inches_sub, show_inches};
use crate::rules::tables::t16_charge_sequence::charge_bonus_dice;
use crate::rules::unit::{Arm, Terrain};
use crate::rules::{Cell, Chance, Die, Distribution, Ratio, RuleError, RuleResult};
use serde::{Deserialize, Serialize};

/// The result of a disorder roll (6.2, Table 3 "Disorder Roll").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisorderRoll {
    /// The BMP as modified for the roll: -1 officer present, +1 dismounted cavalry or mounted
    /// infantry.
    pub target: i32,
    /// The die rolled.
    pub roll: u8,
    /// The roll was not higher than the modified BMP: the unit falls into disorder.
    pub disordered: bool,
}

/// The BMP a disorder roll must beat (Table 3): "-1 if officer present; +1 if dismounted
/// cavalry or mounted infantry". Mounted infantry counts as such when mounted (6.7.3: "If it
/// moves using the maximum distances, subtract 1 from its disorder roll"); dismounted it moves
/// as infantry "without the dismounted cavalry penalties, such as disorder roll".
pub fn disorder_roll_target(bmp: i32, officer_present: bool, arm: Arm) -> i32 {
    let officer = if officer_present { -1 } else { 0 };
    let arm_penalty = match arm {
        Arm::Cavalry { mounted: false } | Arm::MountedInfantry { mounted: true } => 1,
        _ => 0,
    };
    bmp.saturating_add(officer).saturating_add(arm_penalty)
}

/// The disorder roll for taking the greater Table 3 distance (5.3.1, 6.2): roll one die, and
/// the unit falls into disorder unless the roll is higher than its (modified) BMP.
///
/// ```
/// use johnny_reb::rules::charge::distance::disorder_roll;
/// use johnny_reb::rules::unit::Arm;
/// use johnny_reb::rules::Die;
/// // An average regiment (BMP 3) with its colonel: a 3 beats the modified BMP of 2.
/// let r = disorder_roll(3, true, Arm::Infantry, Die::new(3).unwrap());
/// assert!(!r.disordered);
/// ```
pub fn disorder_roll(bmp: i32, officer_present: bool, arm: Arm, roll: Die) -> DisorderRoll {
    let target = disorder_roll_target(bmp, officer_present, arm);
    DisorderRoll { target, roll: roll.face(), disordered: i32::from(roll.face()) <= target }
}

/// The chance that the disorder roll throws the unit into disorder.
///
/// ```
/// use johnny_reb::rules::charge::distance::chance_of_disorder;
/// use johnny_reb::rules::unit::Arm;
/// use johnny_reb::rules::Chance;
/// assert_eq!(chance_of_disorder(3, false, Arm::Infantry), Chance::new(1, 2));
/// ```
pub fn chance_of_disorder(bmp: i32, officer_present: bool, arm: Arm) -> Chance {
    Distribution::of_die(|d| disorder_roll(bmp, officer_present, arm, d).disordered).chance_of(&true)
}

/// The number of dice for the charge bonus in the terrain of the bonus portion (5.3.2.a,
/// 5.3.2.c, Table 4: road 4, open 3, broken 2, rough 1).
///
/// ```
/// use johnny_reb::rules::charge::distance::bonus_dice_count;
/// use johnny_reb::rules::unit::Terrain;
/// assert_eq!(bonus_dice_count(Terrain::Open).unwrap(), 3);
/// assert!(bonus_dice_count(Terrain::Trail).is_err());
/// ```
pub fn bonus_dice_count(terrain: Terrain) -> RuleResult<usize> {
    match charge_bonus_dice(terrain) {
        Cell::Printed(n) | Cell::RuleText { value: n, .. } => Ok(usize::from(n)),
        Cell::Missing => Err(RuleError::OutOfRange {
            what: "charge bonus terrain",
            detail: "Table 4 gives charge bonus dice for road, open, broken and rough; for a trail give \
                     the terrain it runs through (Table 3: trail movement is in open, broken or rough)"
                .to_string(),
        }),
    }
}

/// The terrain a move counts as at night (Appendix F.15): open as broken, broken as rough,
/// never worse than rough; a road stays a road, as the movement engine rules (RULINGS.md). A
/// trail stays a trail (it is given by the terrain it runs through).
///
/// ```
/// use johnny_reb::rules::charge::distance::night_terrain;
/// use johnny_reb::rules::unit::Terrain;
/// assert_eq!(night_terrain(Terrain::Open), Terrain::Broken);
/// assert_eq!(night_terrain(Terrain::Rough), Terrain::Rough);
/// ```
pub fn night_terrain(terrain: Terrain) -> Terrain {
    match terrain {
        Terrain::Road => Terrain::Road,
        Terrain::Open => Terrain::Broken,
        Terrain::Broken | Terrain::Rough => Terrain::Rough,
        Terrain::Trail => Terrain::Trail,
    }
}

/// Where the bonus portion of a charge is made (5.3.2.c): the terrain that sets the number of
/// dice, and the worse terrain it runs into, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BonusPath {
    /// The terrain of the bonus portion: it sets the number of dice (Table 4).
    pub terrain: Terrain,
    /// The bonus carries the unit into broken or rough terrain after this many inches of the
    /// roll: the rest counts as half inches in broken, quarter inches in rough (5.3.2.c).
    pub enters: Option<TerrainChange>,
}

impl BonusPath {
    /// The bonus is made all in one terrain.
    pub fn all_in(terrain: Terrain) -> BonusPath {
        BonusPath { terrain, enters: None }
    }

    /// The same path at night (Appendix F.15): every terrain one level worse.
    pub fn at_night(self) -> BonusPath {
        BonusPath {
            terrain: night_terrain(self.terrain),
            enters: self.enters.map(|c| TerrainChange { after: c.after, terrain: night_terrain(c.terrain) }),
        }
    }
}

/// The point where a bonus move enters worse terrain (5.3.2.c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerrainChange {
    /// Inches of the bonus used before the edge of the worse terrain.
    pub after: Ratio,
    /// The worse terrain: broken (half inches) or rough (quarter inches).
    pub terrain: Terrain,
}

/// What each rolled inch is worth once the bonus enters `terrain` (5.3.2.c): half an inch in
/// broken, a quarter in rough; open and road cost nothing more.
fn inch_worth(terrain: Terrain) -> Ratio {
    match terrain {
        Terrain::Broken => Ratio::HALF,
        Terrain::Rough => Ratio::QUARTER,
        _ => Ratio::ONE,
    }
}

/// The ground covered by `rolled` inches of bonus along `path` (5.3.2.c), before any
/// countercharge halving.
fn covered(rolled: Ratio, path: BonusPath) -> Ratio {
    match path.enters {
        Some(change) if !inches_ge(change.after, rolled) => {
            let beyond = inches_sub(rolled, change.after);
            inches_add(change.after, beyond.mul(inch_worth(change.terrain)))
        }
        _ => rolled,
    }
}

/// A charge bonus as rolled and marked (5.3.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BonusMove {
    /// The dice total: the bonus in rolled inches.
    pub rolled: u32,
    /// The ground the bonus covers, after 5.3.2.c and, for a countercharge, 5.3.5.b.
    pub distance: Ratio,
    /// The ground covered by the first half of the roll (5.3.2.b: the infantry disorder point,
    /// measured from the end of the normal move).
    pub half_distance: Ratio,
    /// What happened, in words.
    pub happened: Vec<Happened>,
}

/// The charge bonus (5.3.2.a, 5.3.2.c; for a countercharge 5.3.5.b): the dice total is the
/// bonus in inches; inches carried into broken terrain count half, into rough a quarter; a
/// countercharge counts its dice as half inches. The number of dice must match Table 4 for the
/// terrain of the bonus portion.
///
/// ```
/// use johnny_reb::rules::charge::distance::{bonus_move, BonusPath, TerrainChange};
/// use johnny_reb::rules::unit::Terrain;
/// use johnny_reb::rules::{Die, Ratio};
/// // 5.3.2.c: a 10 rolled in the open, the woods (broken) 5" on: 5" + 5 half inches.
/// let dice = [Die::new(4).unwrap(), Die::new(3).unwrap(), Die::new(3).unwrap()];
/// let path = BonusPath { terrain: Terrain::Open, enters: Some(TerrainChange { after: Ratio::whole(5), terrain: Terrain::Broken }) };
/// let bonus = bonus_move(&dice, path, false).unwrap();
/// assert_eq!(bonus.distance, Ratio::new(15, 2).unwrap());
/// ```
pub fn bonus_move(dice: &[Die], path: BonusPath, countercharge: bool) -> RuleResult<BonusMove> {
    let wanted = bonus_dice_count(path.terrain)?;
    if dice.len() != wanted {
        return Err(RuleError::OutOfRange {
            what: "charge bonus dice",
            detail: format!(
                "a charge bonus in {:?} terrain rolls {wanted} dice (Table 4), not {}",
                path.terrain,
                dice.len()
            ),
        });
    }
    if let Some(change) = path.enters
        && !matches!(change.terrain, Terrain::Broken | Terrain::Rough)
    {
        return Err(RuleError::OutOfRange {
            what: "charge bonus terrain change",
            detail: "5.3.2.c converts the inches carried into broken or rough terrain; give broken or rough"
                .to_string(),
        });
    }
    let rolled: u32 = dice.iter().map(|d| u32::from(d.face())).sum();
    let roll = Ratio::whole(rolled);
    let half_roll = Ratio::new(rolled, 2).unwrap_or(Ratio::ZERO);
    let mut distance = covered(roll, path);
    let mut half_distance = covered(half_roll, path);
    let mut happened = vec![Happened::new("5.3.2.a", format!("The bonus dice total {rolled}: {rolled}\" of bonus."))];
    if distance != roll {
        happened.push(Happened::new(
            "5.3.2.c",
            format!(
                "The bonus enters worse terrain: the inches beyond count {} each, so it covers {}.",
                show_inches(path.enters.map(|c| inch_worth(c.terrain)).unwrap_or(Ratio::ONE)),
                show_inches(distance)
            ),
        ));
    }
    if countercharge {
        distance = distance.mul(Ratio::HALF);
        half_distance = half_distance.mul(Ratio::HALF);
        happened.push(Happened::new(
            "5.3.5.b",
            format!("A countercharge counts its bonus dice as half inches: {}.", show_inches(distance)),
        ));
    }
    Ok(BonusMove { rolled, distance, half_distance, happened })
}

/// The marked charge distances (5.3): the red pipe cleaner (total charge distance) and the
/// yellow one (where the unit goes into disorder), both measured from the start of the charge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChargeMarks {
    /// The normal move taken (5.3.1).
    pub normal_move: Ratio,
    /// The bonus, if one was declared and rolled (5.3.2).
    pub bonus: Option<BonusMove>,
    /// The total charge distance: the red pipe cleaner.
    pub total: Ratio,
    /// Where the charge falls into disorder: the yellow pipe cleaner. `Some(0)` is disorder
    /// from the start; `None` is a charge that stays in order to its end (no bonus and no
    /// failed disorder roll).
    pub disorder_at: Option<Ratio>,
}

impl ChargeMarks {
    /// Whether the charging unit is in disorder once it has moved `inches` from its start.
    pub fn disordered_at(&self, inches: Ratio) -> bool {
        self.disorder_at.is_some_and(|d| inches_ge(inches, d))
    }
}

/// How a charge falls into disorder, by arm (5.3.2.b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChargingArm {
    /// Infantry (and dismounted troops): disorder when half the rolled bonus is used, or at
    /// the end of the charge, whichever comes first.
    Foot,
    /// Mounted cavalry: disorder at the start of the bonus move in open or road terrain, at the
    /// start of the normal move in broken or rough.
    Mounted,
}

/// What the charge distance depends on (5.3.1, 5.3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChargeMoveSetup {
    /// The arm, for the disorder point.
    pub arm: ChargingArm,
    /// The normal move distance (Table 3 for the formation and terrain), in inches.
    pub normal_move: Ratio,
    /// The unit charges in disorder from the start: more than 45 degrees off its front
    /// (5.1.2), a second consecutive charge (5.1.4), a countercharge (5.3.5.b), mounted
    /// infantry (6.7.3), or already disordered.
    pub disordered_from_start: bool,
    /// The disorder roll for the greater Table 3 distance failed (5.3.1): disorder at the end
    /// of the normal move.
    pub failed_normal_move_roll: bool,
    /// The worst terrain of the charge path, for mounted cavalry (5.3.2.b). By 6.3.1 a unit
    /// any part of which moves in broken or rough uses that terrain.
    pub worst_terrain: Terrain,
}

/// Marks a charge's total distance and its disorder point (5.3.1, 5.3.2).
///
/// ```
/// use johnny_reb::rules::charge::distance::{mark_charge, ChargeMoveSetup, ChargingArm, bonus_move, BonusPath};
/// use johnny_reb::rules::unit::Terrain;
/// use johnny_reb::rules::{Die, Ratio};
/// // 5.3.2.b: 5" normal move in the open, a bonus of 6: red at 11", yellow at 8".
/// let setup = ChargeMoveSetup { arm: ChargingArm::Foot, normal_move: Ratio::whole(5), disordered_from_start: false, failed_normal_move_roll: false, worst_terrain: Terrain::Open };
/// let dice = [Die::new(1).unwrap(), Die::new(2).unwrap(), Die::new(3).unwrap()];
/// let bonus = bonus_move(&dice, BonusPath::all_in(Terrain::Open), false).unwrap();
/// let marks = mark_charge(&setup, Some(bonus));
/// assert_eq!(marks.total, Ratio::whole(11));
/// assert_eq!(marks.disorder_at, Some(Ratio::whole(8)));
/// ```
pub fn mark_charge(setup: &ChargeMoveSetup, bonus: Option<BonusMove>) -> ChargeMarks {
    let normal = setup.normal_move;
    let total = inches_add(normal, bonus.as_ref().map(|b| b.distance).unwrap_or(Ratio::ZERO));
    let disorder_at = if setup.disordered_from_start {
        Some(Ratio::ZERO)
    } else {
        match setup.arm {
            ChargingArm::Mounted => {
                if matches!(setup.worst_terrain, Terrain::Broken | Terrain::Rough) {
                    Some(Ratio::ZERO)
                } else if setup.failed_normal_move_roll || bonus.is_some() {
                    Some(normal)
                } else {
                    None
                }
            }
            ChargingArm::Foot => {
                if setup.failed_normal_move_roll {
                    Some(normal)
                } else {
                    // Without a bonus only the normal move's disorder roll can disorder the
                    // charge (5.3.1); 5.3.2.b is the disorder of the bonus move.
                    bonus.as_ref().map(|b| inches_min(inches_add(normal, b.half_distance), total))
                }
            }
        }
    };
    ChargeMarks { normal_move: normal, bonus, total, disorder_at }
}

/// The attempt to halt at an announced terrain feature (5.3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HaltAttempt {
    /// The BMP as modified by the officer present (5.3.3).
    pub target: i32,
    /// The die rolled.
    pub roll: u8,
    /// The roll was higher than the modified BMP: the unit halts at the announced point.
    pub halts: bool,
}

/// The attempt to halt (5.3.3): roll one die; higher than the unit's BMP (less the benefit of
/// an officer present) and the red pipe cleaner moves back to the announced halting point;
/// otherwise the unit charges its full bonus distance.
///
/// ```
/// use johnny_reb::rules::charge::distance::attempt_to_halt;
/// use johnny_reb::rules::Die;
/// // An average regiment (BMP 3) with a benefit-1 colonel must roll higher than 2.
/// assert!(attempt_to_halt(3, 1, Die::new(3).unwrap()).halts);
/// assert!(!attempt_to_halt(3, 0, Die::new(3).unwrap()).halts);
/// ```
pub fn attempt_to_halt(bmp: i32, officer_benefit: u8, roll: Die) -> HaltAttempt {
    let target = bmp.saturating_sub(i32::from(officer_benefit));
    HaltAttempt { target, roll: roll.face(), halts: i32::from(roll.face()) > target }
}

/// The chance that an attempt to halt succeeds (5.3.3).
///
/// ```
/// use johnny_reb::rules::charge::distance::chance_to_halt;
/// use johnny_reb::rules::Chance;
/// assert_eq!(chance_to_halt(3, 1), Chance::new(4, 6));
/// ```
pub fn chance_to_halt(bmp: i32, officer_benefit: u8) -> Chance {
    Distribution::of_die(|d| attempt_to_halt(bmp, officer_benefit, d).halts).chance_of(&true)
}

/// The exact distribution of the ground a charge bonus covers along `path` (5.3.2, 5.3.5.b).
///
/// ```
/// use johnny_reb::rules::charge::distance::{bonus_distance_odds, BonusPath};
/// use johnny_reb::rules::unit::Terrain;
/// use johnny_reb::rules::{Chance, Ratio};
/// let d = bonus_distance_odds(BonusPath::all_in(Terrain::Rough), false).unwrap();
/// assert_eq!(d.chance_of(&Ratio::whole(6)), Chance::new(1, 6));
/// ```
pub fn bonus_distance_odds(path: BonusPath, countercharge: bool) -> RuleResult<Distribution<Ratio>> {
    let n = bonus_dice_count(path.terrain)?;
    Ok(Distribution::of_dice_total(n, |total| {
        let d = covered(Ratio::whole(total), path);
        if countercharge { d.mul(Ratio::HALF) } else { d }
    }))
}

/// The chance that a charge with this normal move and a bonus along `path` covers at least
/// `needed` inches: with `needed` the distance to the target, the chance to reach impact; with
/// the distance less 3", the chance to reach the temporary halt (5.3.4). Without a bonus the
/// answer is certain either way.
///
/// ```
/// use johnny_reb::rules::charge::distance::{chance_to_cover, BonusPath};
/// use johnny_reb::rules::unit::Terrain;
/// use johnny_reb::rules::{Chance, Ratio};
/// // 5" normal move and three dice in the open: 8" away needs 3 or more on three dice.
/// let c = chance_to_cover(Ratio::whole(5), Some(BonusPath::all_in(Terrain::Open)), false, Ratio::whole(8)).unwrap();
/// assert_eq!(c, Chance::ALWAYS);
/// let c = chance_to_cover(Ratio::whole(5), Some(BonusPath::all_in(Terrain::Open)), false, Ratio::whole(9)).unwrap();
/// assert_eq!(c, Chance::new(215, 216));
/// ```
pub fn chance_to_cover(
    normal_move: Ratio,
    bonus: Option<BonusPath>,
    countercharge: bool,
    needed: Ratio,
) -> RuleResult<Chance> {
    match bonus {
        None => Ok(if inches_ge(normal_move, needed) { Chance::ALWAYS } else { Chance::NEVER }),
        Some(path) => {
            let d = bonus_distance_odds(path, countercharge)?;
            Ok(d.chance_that(|b| inches_ge(inches_add(normal_move, *b), needed)))
        }
    }
}

/// The charging unit's normal move (5.3.1) as Table 3 gives it for its formation and the worst
/// ground of the charge path (6.3.1, 6.3.2): the card's cell and its entry, the players'
/// entries where the transcription lacks it (GAPS.md), the ground one level worse at night
/// (Appendix F.15). "X/Y": X without disorder, Y with the disorder roll (6.2). A trail is
/// named by its bounding terrain in the movement resolver, not here.
///
/// ```
/// use johnny_reb::rules::charge::distance::normal_move_rate;
/// use johnny_reb::rules::movement::MovementRulings;
/// use johnny_reb::rules::tables::t03_movement_rates::Rate;
/// use johnny_reb::rules::unit::{Arm, Formation, Terrain};
/// use johnny_reb::rules::{Overrides, Ratio};
/// let (cell, rate) = normal_move_rate(Arm::Infantry, Formation::Line, Terrain::Open, &Overrides::new(), &MovementRulings::default()).unwrap();
/// assert_eq!(cell.to_string(), "Table 3, Infantry Line, Open");
/// assert_eq!(rate.value, Rate::Two { without_disorder: Ratio::whole(5), with_disorder_roll: Ratio::whole(8) });
/// ```
pub fn normal_move_rate(
    arm: Arm,
    formation: crate::rules::unit::Formation,
    terrain: Terrain,
    overrides: &crate::rules::Overrides,
    rulings: &crate::rules::movement::MovementRulings,
) -> RuleResult<(crate::rules::CellRef, crate::rules::Sourced<crate::rules::tables::t03_movement_rates::Rate>)> {
    use crate::rules::movement::{Ground, TerrainType, row_for, troop_rate, troop_rate_ref};
    use crate::rules::tables::t03_movement_rates::Rate;
    let ground = match terrain {
        Terrain::Road => Ground::Road,
        Terrain::Open => Ground::Terrain(TerrainType::Open),
        Terrain::Broken => Ground::Terrain(TerrainType::Broken),
        Terrain::Rough => Ground::Terrain(TerrainType::Rough),
        Terrain::Trail => {
            return Err(RuleError::OutOfRange {
                what: "normal move",
                detail: "a trail's rate depends on the terrain it runs through (6.3.1): enter the normal move".into(),
            });
        }
    }
    .under(rulings);
    let row = row_for(arm, formation, false)?;
    let cell = troop_rate_ref(row, ground.column());
    let rate = troop_rate(row, ground.column(), overrides)?;
    if rate.value == Rate::NotApplicable {
        return Err(RuleError::OutOfRange {
            what: "normal move",
            detail: format!("{cell} is NA: the formation cannot use this ground (6.3.1)"),
        });
    }
    Ok((cell, rate))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_dice::dice;
    use proptest::prelude::*;

    fn foot(normal: u32) -> ChargeMoveSetup {
        ChargeMoveSetup {
            arm: ChargingArm::Foot,
            normal_move: Ratio::whole(normal),
            disordered_from_start: false,
            failed_normal_move_roll: false,
            worst_terrain: Terrain::Open,
        }
    }

    #[test]
    fn rule_5_3_2_b_red_and_yellow_pipe_cleaners() {
        // 5" normal move in the open, bonus rolled 6: total 11", disorder at half the bonus.
        let bonus = bonus_move(&dice(&[2, 2, 2]), BonusPath::all_in(Terrain::Open), false).unwrap();
        assert_eq!(bonus.rolled, 6);
        let marks = mark_charge(&foot(5), Some(bonus));
        assert_eq!(marks.total, Ratio::whole(11));
        assert_eq!(marks.disorder_at, Some(Ratio::whole(8)));
        assert!(!marks.disordered_at(Ratio::whole(7)));
        assert!(marks.disordered_at(Ratio::whole(8)));
    }

    #[test]
    fn rule_5_3_2_c_bonus_in_the_open_after_light_woods() {
        // A 3" broken-terrain normal move clears 2" of light woods: the bonus is in the open,
        // three dice.
        assert_eq!(bonus_dice_count(Terrain::Open).unwrap(), 3);
        assert_eq!(bonus_dice_count(Terrain::Road).unwrap(), 4);
        assert_eq!(bonus_dice_count(Terrain::Broken).unwrap(), 2);
        assert_eq!(bonus_dice_count(Terrain::Rough).unwrap(), 1);
    }

    #[test]
    fn rule_5_3_2_c_18th_indiana_into_the_woods() {
        // 5" normal move in the open, 3 dice roll 10, the woods start 5" into the bonus: the
        // remaining 5" count as half inches, halting 2 1/2" into the woods; disorder 5" from
        // the normal movement line, exactly half the rolled distance.
        let path = BonusPath {
            terrain: Terrain::Open,
            enters: Some(TerrainChange { after: Ratio::whole(5), terrain: Terrain::Broken }),
        };
        let bonus = bonus_move(&dice(&[4, 3, 3]), path, false).unwrap();
        assert_eq!(bonus.rolled, 10);
        assert_eq!(bonus.distance, Ratio::new(15, 2).unwrap());
        assert_eq!(inches_sub(bonus.distance, Ratio::whole(5)), Ratio::new(5, 2).unwrap());
        let marks = mark_charge(&foot(5), Some(bonus));
        assert_eq!(marks.total, Ratio::new(25, 2).unwrap());
        assert_eq!(marks.disorder_at, Some(Ratio::whole(10))); // 5" beyond the normal move line
    }

    #[test]
    fn rough_terrain_counts_quarter_inches() {
        let path = BonusPath {
            terrain: Terrain::Open,
            enters: Some(TerrainChange { after: Ratio::whole(2), terrain: Terrain::Rough }),
        };
        let bonus = bonus_move(&dice(&[2, 2, 2]), path, false).unwrap();
        assert_eq!(bonus.distance, Ratio::whole(3)); // 2 + 4 x 1/4
    }

    #[test]
    fn rule_5_3_5_b_countercharge_counts_half_inches() {
        let bonus = bonus_move(&dice(&[3, 4, 2]), BonusPath::all_in(Terrain::Open), true).unwrap();
        assert_eq!(bonus.distance, Ratio::new(9, 2).unwrap());
    }

    #[test]
    fn wrong_number_of_dice_is_an_error() {
        assert!(bonus_move(&dice(&[3, 4]), BonusPath::all_in(Terrain::Open), false).is_err());
        assert!(bonus_move(&dice(&[3]), BonusPath::all_in(Terrain::Trail), false).is_err());
    }

    #[test]
    fn rule_5_3_2_b_cavalry_disorder_points() {
        let mut setup = foot(8);
        setup.arm = ChargingArm::Mounted;
        let bonus = bonus_move(&dice(&[2, 2, 2]), BonusPath::all_in(Terrain::Open), false).unwrap();
        assert_eq!(mark_charge(&setup, Some(bonus.clone())).disorder_at, Some(Ratio::whole(8)));
        setup.worst_terrain = Terrain::Broken;
        assert_eq!(mark_charge(&setup, Some(bonus)).disorder_at, Some(Ratio::ZERO));
    }

    #[test]
    fn failed_normal_move_roll_puts_yellow_at_the_normal_move() {
        let mut setup = foot(8);
        setup.failed_normal_move_roll = true;
        let bonus = bonus_move(&dice(&[6, 6, 6]), BonusPath::all_in(Terrain::Open), false).unwrap();
        assert_eq!(mark_charge(&setup, Some(bonus)).disorder_at, Some(Ratio::whole(8)));
    }

    #[test]
    fn table_3_disorder_roll_modifiers() {
        assert_eq!(disorder_roll_target(3, true, Arm::Infantry), 2);
        assert_eq!(disorder_roll_target(3, false, Arm::Cavalry { mounted: false }), 4);
        assert_eq!(disorder_roll_target(3, false, Arm::MountedInfantry { mounted: true }), 4);
        assert_eq!(disorder_roll_target(3, false, Arm::MountedInfantry { mounted: false }), 3);
        assert!(disorder_roll(3, false, Arm::Infantry, Die::new(3).unwrap()).disordered);
        assert!(!disorder_roll(3, false, Arm::Infantry, Die::new(4).unwrap()).disordered);
    }

    #[test]
    fn rule_5_3_3_attempt_to_halt() {
        assert!(!attempt_to_halt(3, 0, Die::new(3).unwrap()).halts);
        assert!(attempt_to_halt(3, 0, Die::new(4).unwrap()).halts);
        assert_eq!(chance_to_halt(3, 0), Chance::new(1, 2));
        assert_eq!(chance_to_halt(2, 2), Chance::ALWAYS);
    }

    #[test]
    fn chance_to_cover_counts_the_dice() {
        // 0 normal, one die in rough, need 4: faces 4, 5, 6.
        let c = chance_to_cover(Ratio::ZERO, Some(BonusPath::all_in(Terrain::Rough)), false, Ratio::whole(4)).unwrap();
        assert_eq!(c, Chance::new(1, 2));
        // countercharge: one die counts half inches, need 2 -> 4, 5, 6
        let c = chance_to_cover(Ratio::ZERO, Some(BonusPath::all_in(Terrain::Rough)), true, Ratio::whole(2)).unwrap();
        assert_eq!(c, Chance::new(1, 2));
        assert_eq!(chance_to_cover(Ratio::whole(5), None, false, Ratio::whole(6)).unwrap(), Chance::NEVER);
    }

    proptest! {
        #[test]
        fn rolls_never_panic_on_extreme_numbers(bmp in any::<i32>(), officer in any::<u8>(), face in 1u8..=6) {
            let _ = disorder_roll(bmp, officer > 0, Arm::MountedInfantry { mounted: true }, Die::new(face).unwrap());
            let _ = attempt_to_halt(bmp, officer, Die::new(face).unwrap());
            prop_assert_eq!(Distribution::of_die(|d| attempt_to_halt(bmp, officer, d).halts).total(), Chance::ALWAYS);
        }

        #[test]
        fn bonus_odds_sum_to_one(t in 0usize..4, cc in any::<bool>()) {
            let terrain = [Terrain::Road, Terrain::Open, Terrain::Broken, Terrain::Rough][t];
            prop_assert_eq!(bonus_distance_odds(BonusPath::all_in(terrain), cc).unwrap().total(), Chance::ALWAYS);
        }

        #[test]
        fn worse_terrain_never_lengthens_a_bonus(faces in proptest::collection::vec(1u8..=6, 3), after in 0u32..20, rough in any::<bool>()) {
            let d = dice(&faces);
            let plain = bonus_move(&d, BonusPath::all_in(Terrain::Open), false).unwrap();
            let terrain = if rough { Terrain::Rough } else { Terrain::Broken };
            let path = BonusPath { terrain: Terrain::Open, enters: Some(TerrainChange { after: Ratio::whole(after), terrain }) };
            let slowed = bonus_move(&d, path, false).unwrap();
            prop_assert!(inches_ge(plain.distance, slowed.distance));
            prop_assert!(inches_ge(slowed.distance, slowed.half_distance));
        }

        #[test]
        fn disorder_point_is_within_the_charge(normal in 0u32..12, faces in proptest::collection::vec(1u8..=6, 3), failed in any::<bool>(), mounted in any::<bool>()) {
            let mut setup = foot(normal);
            setup.failed_normal_move_roll = failed;
            if mounted { setup.arm = ChargingArm::Mounted; }
            let bonus = bonus_move(&dice(&faces), BonusPath::all_in(Terrain::Open), false).unwrap();
            let marks = mark_charge(&setup, Some(bonus));
            if let Some(d) = marks.disorder_at {
                prop_assert!(inches_ge(marks.total, d));
            }
        }
    }
}
