//! Fortifications (rule 9): works, obstacles and buildings, as facts other parts of the engine
//! read (the fire engineer's saves and column shifts, the morale engineer's cover modifiers),
//! plus the hasty works roll and the movement each feature imposes; and the field obstacles of
//! Appendix D, wire entanglements (D 7) and land torpedoes (D 8).
//!
//! The fire and morale numbers here are the rule text's own statements of what a work gives
//! (which cover it is, which column shift); how they enter a fire or morale resolution is for
//! those resolvers.

#![warn(missing_docs)]

use crate::rules::movement::{MovementRulings, OfficerOnDieRoll, TerrainType, chance_to_beat, check_bmp};
use crate::rules::tables::t09_small_arms_modifiers::{FireModifier, Table9Row};
use crate::rules::tables::t12_saving_rolls::LinealCover;
use crate::rules::unit::{Arm, Formation};
use crate::rules::{Cell, Chance, Die, Ratio, RuleError, RuleResult};
use serde::{Deserialize, Serialize};

/// Field works (9.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Works {
    /// Hasty works built on the table (9.1.1).
    Hasty,
    /// Light works (9.1.2).
    Light,
    /// Medium works (9.1.3).
    Medium,
    /// Heavy works: formal forts (9.1.4).
    Heavy,
}

/// Combat obstacles (9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Obstacle {
    /// Felled trees, branches toward the enemy (9.2.1).
    Abatis,
    /// Sharpened stakes at breast height (9.2.2).
    Fraise,
    /// Light movable cross-patch of stakes (9.2.3).
    ChevauxDeFrise,
}

/// What a building is made of (9.3.2, 9.3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Construction {
    /// Wooden or frame.
    Wood,
    /// Stone or masonry.
    Stone,
}

/// The cover a position gives for morale (Table 6's rows; 2.3.4.b, 9.1.3, 9.1.4, 9.3.2). The
/// modifier itself is the morale engineer's Table 6 value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoraleCover {
    /// "In/Behind Cover" (-1 on Table 6).
    Cover,
    /// "Cover is Medium Works" (-2).
    MediumWorks,
    /// "Cover is Heavy Works" (-3).
    HeavyWorks,
}

/// What fire a work's saves apply against (9.1.2-9.1.4, 9.2, 9.3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SavesAgainst {
    /// Small arms and canister, not artillery shot.
    SmallArmsAndCanister,
    /// All fire, artillery shot included.
    AllFire,
    /// No saves against artillery of any kind.
    SmallArmsOnly,
}

/// How crossing a feature constrains a move (9.1-9.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crossing {
    /// The terrain rate the crossing is made at, at best.
    pub rate: TerrainType,
    /// Only the slow (first, X) number of that rate may be used.
    pub slow_rate_only: bool,
    /// The crossing unit is put in disorder.
    pub causes_disorder: bool,
    /// It must cross in disorder or skirmish order.
    pub disorder_or_skirmish_only: bool,
    /// All movement stops on reaching it; the crossing is next turn's move (9.2.2.d, 9.2.3.d).
    pub stops_on_reaching: bool,
    /// The rule.
    pub rule: &'static str,
}

/// The facts of a work (9.1) for the fire and morale parts of the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorksFacts {
    /// The work.
    pub works: Works,
    /// Which fire its saves apply against.
    pub saves_against: SavesAgainst,
    /// The morale cover it gives troops inside.
    pub morale_cover: MoraleCover,
    /// Column shift up for fire from inside at targets outside (medium 1, heavy 2).
    pub fire_up_columns_from_inside: Option<Cell<u8>>,
    /// A formation taken inside without fire, shock or morale detriment (medium: extended
    /// line; heavy: skirmish).
    pub free_formation_inside: Option<Formation>,
    /// Units behind it are not seen until the enemy is within this distance (10.1.2.a).
    pub hidden_until_within: Option<Cell<Ratio>>,
}

/// The facts of each work (9.1.1-9.1.4).
///
/// ```
/// use johnny_reb::rules::works::{works_facts, MoraleCover, SavesAgainst, Works};
/// let m = works_facts(Works::Medium);
/// assert_eq!((m.saves_against, m.morale_cover), (SavesAgainst::AllFire, MoraleCover::MediumWorks));
/// ```
pub fn works_facts(works: Works) -> WorksFacts {
    let three = Some(Cell::RuleText { value: Ratio::whole(3), rule: "10.1.2.a" });
    match works {
        // Hasty works add one to the cover save of the ground they improve (9.1.1); they give
        // the ordinary cover of that ground.
        Works::Hasty => WorksFacts {
            works,
            saves_against: SavesAgainst::SmallArmsAndCanister,
            morale_cover: MoraleCover::Cover,
            fire_up_columns_from_inside: None,
            free_formation_inside: None,
            hidden_until_within: None,
        },
        Works::Light => WorksFacts {
            works,
            saves_against: SavesAgainst::SmallArmsAndCanister,
            morale_cover: MoraleCover::Cover,
            fire_up_columns_from_inside: None,
            free_formation_inside: None,
            hidden_until_within: None,
        },
        Works::Medium => WorksFacts {
            works,
            saves_against: SavesAgainst::AllFire,
            morale_cover: MoraleCover::MediumWorks,
            fire_up_columns_from_inside: Some(rows_up(Table9Row::MediumWorks)),
            free_formation_inside: Some(Formation::ExtendedLine),
            hidden_until_within: three,
        },
        Works::Heavy => WorksFacts {
            works,
            saves_against: SavesAgainst::AllFire,
            morale_cover: MoraleCover::HeavyWorks,
            fire_up_columns_from_inside: Some(rows_up(Table9Row::HeavyWorks)),
            free_formation_inside: Some(Formation::Skirmish),
            hidden_until_within: three,
        },
    }
}

/// How heavy works may be crossed: the scenario decides (9.1.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HeavyWorksCrossing {
    /// In disorder or skirmish, at the rough rate.
    #[default]
    RoughInDisorderOrSkirmish,
    /// Impossible without scaling ladders.
    NeedsLadders,
    /// With scaling ladders: an entire turn from the base to the top, without firing.
    ScalingLadders,
}

/// Crossing a work (9.1.2-9.1.4). Hasty works do not slow a move (9.1.1 names no effect on
/// movement): `None`. Heavy works needing ladders that the unit lacks: an error.
///
/// ```
/// use johnny_reb::rules::works::{works_crossing, HeavyWorksCrossing, Works};
/// use johnny_reb::rules::movement::TerrainType;
/// let c = works_crossing(Works::Light, HeavyWorksCrossing::default()).unwrap().unwrap();
/// assert_eq!(c.rate, TerrainType::Broken);
/// ```
pub fn works_crossing(works: Works, heavy: HeavyWorksCrossing) -> RuleResult<Option<Crossing>> {
    let c = |rate, disorder_or_skirmish_only, stops, rule| {
        Some(Crossing {
            rate,
            slow_rate_only: false,
            causes_disorder: false,
            disorder_or_skirmish_only,
            stops_on_reaching: stops,
            rule,
        })
    };
    Ok(match works {
        Works::Hasty => None,
        Works::Light => c(TerrainType::Broken, false, false, "9.1.2"),
        Works::Medium => c(TerrainType::Rough, true, false, "9.1.3"),
        Works::Heavy => match heavy {
            HeavyWorksCrossing::RoughInDisorderOrSkirmish => c(TerrainType::Rough, true, false, "9.1.4"),
            HeavyWorksCrossing::NeedsLadders => {
                return Err(RuleError::OutOfRange {
                    what: "movement",
                    detail: "these heavy works cannot be crossed without scaling ladders (9.1.4)".into(),
                });
            }
            // The whole turn is spent climbing from the base to the top.
            HeavyWorksCrossing::ScalingLadders => c(TerrainType::Rough, false, true, "9.1.4"),
        },
    })
}

/// Crossing an obstacle (9.2). `with_spikes`: moving the way the points face away (from the
/// defender's side). Mounted cavalry and artillery may not cross a fraise either way.
///
/// ```
/// use johnny_reb::rules::works::{obstacle_crossing, Obstacle};
/// use johnny_reb::rules::movement::TerrainType;
/// use johnny_reb::rules::unit::Arm;
/// let c = obstacle_crossing(Obstacle::Abatis, false, Arm::Infantry).unwrap();
/// assert_eq!(c.rate, TerrainType::Rough);
/// assert!(c.slow_rate_only && c.causes_disorder);
/// assert!(obstacle_crossing(Obstacle::Fraise, true, Arm::Artillery).is_err());
/// ```
pub fn obstacle_crossing(obstacle: Obstacle, with_spikes: bool, arm: Arm) -> RuleResult<Crossing> {
    let c = |rate, slow_rate_only, causes_disorder, stops_on_reaching, rule| Crossing {
        rate,
        slow_rate_only,
        causes_disorder,
        disorder_or_skirmish_only: false,
        stops_on_reaching,
        rule,
    };
    Ok(match obstacle {
        Obstacle::Abatis if with_spikes => c(TerrainType::Broken, true, true, false, "9.2.1.d"),
        Obstacle::Abatis => c(TerrainType::Rough, true, true, false, "9.2.1.d"),
        Obstacle::Fraise => {
            if arm == Arm::Artillery || arm.is_mounted() {
                return Err(RuleError::OutOfRange {
                    what: "movement",
                    detail: "mounted cavalry and artillery cannot cross a fraise in either direction (9.2.2.d)".into(),
                });
            }
            if with_spikes {
                c(TerrainType::Rough, false, false, false, "9.2.2.d")
            } else {
                // Against the spikes: move up and stop; next turn just cross, into disorder.
                c(TerrainType::Rough, false, true, true, "9.2.2.d")
            }
        }
        Obstacle::ChevauxDeFrise => c(TerrainType::Rough, false, true, true, "9.2.3.d"),
    })
}

/// Entering or leaving a building: in disorder at the broken rate (9.3.1).
pub const BUILDING_CROSSING: Crossing = Crossing {
    rate: TerrainType::Broken,
    slow_rate_only: false,
    causes_disorder: true,
    disorder_or_skirmish_only: false,
    stops_on_reaching: false,
    rule: "9.3.1",
};

/// Save numbers on one die, with their provenance.
pub type SaveNumbers = Cell<&'static [u8]>;

/// The facts of an obstacle for fire (9.2.1.c, 9.2.2.c, 9.2.3.c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObstacleFire {
    /// Infantry fire across it is shifted down this many columns.
    pub fire_across_down_columns: Option<Cell<u8>>,
    /// Fire from behind it is shifted down this many columns.
    pub fire_from_behind_down_columns: Option<Cell<u8>>,
    /// Save numbers for troops taking cover directly behind it, and with breechloaders.
    pub cover_saves: Option<(SaveNumbers, SaveNumbers)>,
    /// Its cover gives no protection from artillery.
    pub no_protection_from_artillery: bool,
}

/// A Table 9 row shift as a count of columns up (the fire tables own the values).
fn rows_up(row: Table9Row) -> Cell<u8> {
    rows(row, 1)
}

/// A Table 9 row shift as a count of columns down.
fn rows_down(row: Table9Row) -> Cell<u8> {
    rows(row, -1)
}

fn rows(row: Table9Row, sign: i32) -> Cell<u8> {
    let count = |m: FireModifier| match m {
        FireModifier::Rows(n) => u8::try_from(n.saturating_mul(sign)).ok(),
        FireModifier::Times(_) => None,
    };
    match row.shipped() {
        Cell::Printed(m) => count(m).map_or(Cell::Missing, Cell::Printed),
        Cell::RuleText { value, rule } => count(value).map_or(Cell::Missing, |value| Cell::RuleText { value, rule }),
        Cell::Missing => Cell::Missing,
    }
}

/// The save numbers 1 to n, for n up to 6.
const SAVES_UP_TO: [&[u8]; 7] = [&[], &[1], &[1, 2], &[1, 2, 3], &[1, 2, 3, 4], &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5, 6]];

/// An obstacle's cover saves from Table 12's lineal cover row: plain, and with breechloaders
/// (one more, 4.2.7.b).
fn lineal_saves(cover: LinealCover) -> (SaveNumbers, SaveNumbers) {
    let list = |n: u8, extra: bool| {
        let n = if extra && cover.breechloaders_add_one() { n.saturating_add(1) } else { n };
        SAVES_UP_TO.get(usize::from(n)).copied().unwrap_or(&[1, 2, 3, 4, 5, 6])
    };
    let both = |extra| match cover.save() {
        Cell::Printed(n) => Cell::Printed(list(n, extra)),
        Cell::RuleText { value, rule } => Cell::RuleText { value: list(value, extra), rule },
        Cell::Missing => Cell::Missing,
    };
    (both(false), both(true))
}

/// Fire facts of each obstacle.
///
/// ```
/// use johnny_reb::rules::works::{obstacle_fire, Obstacle};
/// assert_eq!(obstacle_fire(Obstacle::Abatis).fire_across_down_columns.and_then(|c| c.value().copied()), Some(1));
/// ```
pub fn obstacle_fire(obstacle: Obstacle) -> ObstacleFire {
    match obstacle {
        Obstacle::Abatis => ObstacleFire {
            fire_across_down_columns: Some(rows_down(Table9Row::AcrossAbatis)),
            fire_from_behind_down_columns: None,
            cover_saves: None,
            no_protection_from_artillery: false,
        },
        Obstacle::Fraise => ObstacleFire {
            fire_across_down_columns: None,
            fire_from_behind_down_columns: Some(rows_down(Table9Row::BehindFraise)),
            cover_saves: Some(lineal_saves(LinealCover::Fraise)),
            no_protection_from_artillery: true,
        },
        Obstacle::ChevauxDeFrise => ObstacleFire {
            fire_across_down_columns: Some(rows_down(Table9Row::AcrossChevauxDeFrise)),
            fire_from_behind_down_columns: None,
            cover_saves: Some(lineal_saves(LinealCover::ChevauxDeFrise)),
            no_protection_from_artillery: true,
        },
    }
}

/// How long building or removing an obstacle takes (9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObstacleLabour {
    /// To build a regimental frontage.
    pub build: &'static str,
    /// To remove it.
    pub remove: &'static str,
    /// Removing it puts the regiment in disorder.
    pub removal_disorders: bool,
    /// The rule.
    pub rule: &'static str,
}

/// The labour of each obstacle, in the rules' words.
pub fn obstacle_labour(obstacle: Obstacle) -> ObstacleLabour {
    match obstacle {
        Obstacle::Abatis => ObstacleLabour {
            build: "six non-move, non-fight consecutive turns of one regiment, in woods or brush",
            remove: "one regiment doing nothing else for a turn: 1\" of abatis per stand",
            removal_disorders: true,
            rule: "9.2.1",
        },
        Obstacle::Fraise => ObstacleLabour {
            build: "one whole day of a regiment, or half a day of pioneers or engineers",
            remove: "four turns of an infantry regiment, or two of a pioneer battalion; the ground stays broken",
            removal_disorders: false,
            rule: "9.2.2",
        },
        Obstacle::ChevauxDeFrise => ObstacleLabour {
            build: "one day of an infantry regiment, or half a day of an engineer battalion",
            remove: "one full turn of any regiment doing nothing else",
            removal_disorders: true,
            rule: "9.2.3",
        },
    }
}

/// Turns to build a regimental frontage of abatis (9.2.1.a).
pub const ABATIS_BUILD_TURNS: Cell<u8> = Cell::RuleText { value: 6, rule: "9.2.1.a" };

/// Inches of abatis one regiment removes in a turn (9.2.1.b): one per stand.
pub fn abatis_removed(stands: u8) -> Ratio {
    Ratio::whole(stands as u32)
}

/// Where hasty works may be attempted (9.1.1): in rough or broken terrain or behind a fence
/// or hedge, never in the open.
///
/// ```
/// use johnny_reb::rules::works::hasty_works_allowed;
/// use johnny_reb::rules::movement::TerrainType;
/// assert!(!hasty_works_allowed(TerrainType::Open, false));
/// ```
pub fn hasty_works_allowed(terrain: TerrainType, behind_fence_or_hedge: bool) -> bool {
    behind_fence_or_hedge || terrain != TerrainType::Open
}

/// The number the hasty works die must beat (9.1.1): the BMP, less the officer's help.
pub fn hasty_works_target(bmp: u8, officer_benefit: Option<u8>, rulings: &MovementRulings) -> i16 {
    let help = match (officer_benefit, rulings.hasty_works_officer) {
        (None, _) => 0,
        (Some(_), OfficerOnDieRoll::MinusOne) => 1,
        (Some(b), OfficerOnDieRoll::BenefitValue) => b as i16,
    };
    bmp as i16 - help
}

/// The hasty works roll (9.1.1), made at the end of all movement, before moving fires: one
/// die higher than the BMP finishes the works for the regiment's frontage. Either way the
/// regiment is in disorder for the turn; charged, it is a disordered unit on CH.
///
/// ```
/// use johnny_reb::rules::works::hasty_works_roll;
/// use johnny_reb::rules::movement::MovementRulings;
/// use johnny_reb::rules::Die;
/// // 9.1.1: BMP 3 with an officer succeeds on a 3.
/// assert!(hasty_works_roll(3, Some(1), Die::new(3).unwrap(), &MovementRulings::default()).unwrap());
/// ```
pub fn hasty_works_roll(bmp: u8, officer_benefit: Option<u8>, die: Die, rulings: &MovementRulings) -> RuleResult<bool> {
    check_bmp(bmp)?;
    Ok(die.face() as i16 > hasty_works_target(bmp, officer_benefit, rulings))
}

/// The exact chance of finishing hasty works (9.1.1).
///
/// ```
/// use johnny_reb::rules::works::hasty_works_chance;
/// use johnny_reb::rules::movement::MovementRulings;
/// use johnny_reb::rules::Chance;
/// assert_eq!(hasty_works_chance(3, None, &MovementRulings::default()).unwrap(), Chance::new(1, 2));
/// ```
pub fn hasty_works_chance(bmp: u8, officer_benefit: Option<u8>, rulings: &MovementRulings) -> RuleResult<Chance> {
    check_bmp(bmp)?;
    Ok(chance_to_beat(hasty_works_target(bmp, officer_benefit, rulings)))
}

/// What finished hasty works add to the cover save number of their stretch of ground (9.1.1):
/// a wood fence saving on 1 saves on 1 or 2; broken ground with no save saves on 1.
pub const HASTY_WORKS_SAVE_BONUS: Cell<u8> = Cell::RuleText { value: 1, rule: "9.1.1" };

/// Building sizes for occupation (9.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BuildingSize {
    /// Small or average: one stand of infantry.
    SmallOrAverage,
    /// Large, such as a barn: two stands.
    Large,
}

/// Stands of infantry a building holds (9.3.1); two gun crews count as one stand, and single
/// leader figures are always allowed in.
pub fn building_capacity(size: BuildingSize) -> Cell<u8> {
    match size {
        BuildingSize::SmallOrAverage => Cell::RuleText { value: 1, rule: "9.3.1" },
        BuildingSize::Large => Cell::RuleText { value: 2, rule: "9.3.1" },
    }
}

/// Whether these occupants fit (9.3.1).
///
/// ```
/// use johnny_reb::rules::works::{building_fits, BuildingSize};
/// assert!(building_fits(BuildingSize::Large, 1, 2));
/// assert!(!building_fits(BuildingSize::SmallOrAverage, 2, 0));
/// ```
pub fn building_fits(size: BuildingSize, infantry_stands: u8, gun_crews: u8) -> bool {
    let cap = building_capacity(size).value().copied().unwrap_or(1) as u32 * 2;
    infantry_stands as u32 * 2 + gun_crews as u32 <= cap
}

/// The morale cover of a building (9.3.2): wood is ordinary cover, stone counts as medium
/// works.
///
/// ```
/// use johnny_reb::rules::works::{building_morale_cover, Construction, MoraleCover};
/// assert_eq!(building_morale_cover(Construction::Wood), MoraleCover::Cover);
/// ```
pub fn building_morale_cover(construction: Construction) -> MoraleCover {
    match construction {
        Construction::Wood => MoraleCover::Cover,
        Construction::Stone => MoraleCover::MediumWorks,
    }
}

/// Fire out of a building is quartered (9.3.3.a): Table 9's "From Building" line.
pub const FIRE_FROM_BUILDING: Cell<Ratio> = match Table9Row::FromBuilding.shipped() {
    Cell::RuleText { value: FireModifier::Times(r), rule } => Cell::RuleText { value: r, rule },
    Cell::Printed(FireModifier::Times(r)) => Cell::Printed(r),
    _ => Cell::Missing,
};

/// Kills in one turn that destroy a building fired at by artillery (9.3.3.b): one for wood,
/// two for stone. A large building is fired at one row up.
///
/// ```
/// use johnny_reb::rules::works::{kills_to_destroy, Construction};
/// assert_eq!(kills_to_destroy(Construction::Wood).value(), Some(&1));
/// ```
pub fn kills_to_destroy(construction: Construction) -> Cell<u8> {
    match construction {
        Construction::Wood => Cell::RuleText { value: 1, rule: "9.3.3.b" },
        Construction::Stone => Cell::RuleText { value: 2, rule: "9.3.3.b" },
    }
}

/// Figures lost when a building collapses on its occupants: one die (9.3.3.b). They leave it
/// at once in disorder.
pub fn collapse_losses(die: Die) -> u8 {
    die.face()
}

/// Inches of works destroyed by artillery shot (9.1.5): equal to the kills scored.
pub fn works_destroyed(kills: u32) -> Ratio {
    Ratio::whole(kills)
}

/// What wire entanglements do to a unit moving into them (Appendix D 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WireEffect {
    /// Thrown into disorder automatically (the unit's first encounter only).
    pub disordered: bool,
    /// The terrain its movement is reckoned in from then on.
    pub terrain: TerrainType,
}

/// Wire entanglements (Appendix D 7; the wire's extent is the scenario's): the first time a
/// moving unit meets the wire it is disordered at once and moves as in rough terrain; after
/// that, the terrain is one level worse than normal. `first_encounter` is this unit's first
/// meeting with this wire (RULINGS.md, "Appendices D and F").
///
/// ```
/// use johnny_reb::rules::movement::TerrainType;
/// use johnny_reb::rules::works::{wire_entanglement, WireEffect};
/// assert_eq!(wire_entanglement(TerrainType::Open, true), WireEffect { disordered: true, terrain: TerrainType::Rough });
/// assert_eq!(wire_entanglement(TerrainType::Open, false), WireEffect { disordered: false, terrain: TerrainType::Broken });
/// ```
pub fn wire_entanglement(terrain: TerrainType, first_encounter: bool) -> WireEffect {
    if first_encounter {
        WireEffect { disordered: true, terrain: TerrainType::Rough }
    } else {
        WireEffect { disordered: false, terrain: terrain.one_level_worse() }
    }
}

/// Whether a land torpedo explodes under a unit that entered the torpedo field, on one die at
/// the end of its movement (Appendix D 8): a 1 or 2 throws the unit into disorder and calls
/// for a morale check (`morale::CheckReason::Other`).
///
/// ```
/// use johnny_reb::rules::works::torpedo_explodes;
/// use johnny_reb::rules::Die;
/// assert!(torpedo_explodes(Die::new(2).unwrap()));
/// assert!(!torpedo_explodes(Die::new(3).unwrap()));
/// ```
pub fn torpedo_explodes(die: Die) -> bool {
    die.face() <= crate::rules::tables::appendix_d_rare_weapons::TORPEDO_EXPLODES_AT_MOST
}

/// The exact chance a torpedo explodes (Appendix D 8): one in three.
///
/// ```
/// use johnny_reb::rules::works::torpedo_chance;
/// use johnny_reb::rules::Chance;
/// assert_eq!(torpedo_chance(), Chance::new(1, 3));
/// ```
pub fn torpedo_chance() -> Chance {
    crate::rules::Distribution::of_die(torpedo_explodes).chance_of(&true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn appendix_d_7_wire_and_8_torpedoes() {
        assert_eq!(
            wire_entanglement(TerrainType::Broken, true),
            WireEffect { disordered: true, terrain: TerrainType::Rough }
        );
        assert_eq!(wire_entanglement(TerrainType::Broken, false).terrain, TerrainType::Rough);
        assert_eq!(wire_entanglement(TerrainType::Rough, false).terrain, TerrainType::Rough);
        let exploded: Vec<bool> = Die::FACES.iter().map(|d| torpedo_explodes(*d)).collect();
        assert_eq!(exploded, [true, true, false, false, false, false]);
        assert_eq!(torpedo_chance(), Chance::new(1, 3));
    }

    fn r() -> MovementRulings {
        MovementRulings::default()
    }

    #[test]
    fn rule_9_1_1_new_jersey_hasty_works() {
        // Both have BMP 3; the 1st has an officer and needs 3 or more, the 2nd needs 4 or more.
        let first = |f| hasty_works_roll(3, Some(1), Die::new(f).unwrap(), &r()).unwrap();
        let second = |f| hasty_works_roll(3, None, Die::new(f).unwrap(), &r()).unwrap();
        assert!(!first(2) && first(3));
        assert!(!second(3) && second(4));
        assert_eq!(hasty_works_chance(3, Some(1), &r()).unwrap(), Chance::new(4, 6));
        assert_eq!(hasty_works_chance(3, None, &r()).unwrap(), Chance::new(1, 2));
        // Not in the open, unless behind a fence or hedge.
        assert!(!hasty_works_allowed(TerrainType::Open, false));
        assert!(hasty_works_allowed(TerrainType::Open, true));
        assert!(hasty_works_allowed(TerrainType::Broken, false));
        // A wood fence saving on 1 saves on 1 or 2.
        assert_eq!(HASTY_WORKS_SAVE_BONUS.value(), Some(&1));
    }

    #[test]
    fn rule_9_1_1_officer_benefit_value_ruling() {
        let rulings = MovementRulings { hasty_works_officer: OfficerOnDieRoll::BenefitValue, ..r() };
        assert!(hasty_works_roll(3, Some(2), Die::new(2).unwrap(), &rulings).unwrap());
        assert!(!hasty_works_roll(3, Some(2), Die::new(2).unwrap(), &r()).unwrap());
    }

    #[test]
    fn rule_9_1_works_facts() {
        assert_eq!(works_facts(Works::Light).saves_against, SavesAgainst::SmallArmsAndCanister);
        assert_eq!(works_facts(Works::Heavy).morale_cover, MoraleCover::HeavyWorks);
        assert_eq!(works_facts(Works::Heavy).fire_up_columns_from_inside.and_then(|c| c.value().copied()), Some(2));
        assert_eq!(works_facts(Works::Medium).free_formation_inside, Some(Formation::ExtendedLine));
        let light = works_crossing(Works::Light, HeavyWorksCrossing::default()).unwrap().unwrap();
        assert_eq!(light.rate, TerrainType::Broken);
        let medium = works_crossing(Works::Medium, HeavyWorksCrossing::default()).unwrap().unwrap();
        assert!(medium.disorder_or_skirmish_only && medium.rate == TerrainType::Rough);
        assert!(works_crossing(Works::Heavy, HeavyWorksCrossing::NeedsLadders).is_err());
        assert!(works_crossing(Works::Heavy, HeavyWorksCrossing::ScalingLadders).unwrap().unwrap().stops_on_reaching);
        assert_eq!(works_destroyed(3), Ratio::whole(3));
    }

    #[test]
    fn rule_9_1_5_three_kills_destroy_three_inches() {
        assert_eq!(works_destroyed(3), Ratio::whole(3));
    }

    #[test]
    fn rule_9_2_obstacles() {
        let with = obstacle_crossing(Obstacle::Abatis, true, Arm::Infantry).unwrap();
        assert_eq!((with.rate, with.slow_rate_only, with.causes_disorder), (TerrainType::Broken, true, true));
        let fraise = obstacle_crossing(Obstacle::Fraise, false, Arm::Infantry).unwrap();
        assert!(fraise.stops_on_reaching && fraise.causes_disorder);
        assert!(obstacle_crossing(Obstacle::Fraise, false, Arm::Cavalry { mounted: true }).is_err());
        assert!(obstacle_crossing(Obstacle::Fraise, false, Arm::Cavalry { mounted: false }).is_ok());
        let cdf = obstacle_crossing(Obstacle::ChevauxDeFrise, true, Arm::Artillery).unwrap();
        assert!(cdf.stops_on_reaching && cdf.rate == TerrainType::Rough);
        assert_eq!(abatis_removed(5), Ratio::whole(5));
        assert_eq!(ABATIS_BUILD_TURNS.value(), Some(&6));
        let saves = obstacle_fire(Obstacle::Fraise).cover_saves.unwrap();
        assert_eq!(saves.1.value().copied(), Some(&[1u8, 2, 3][..]));
        assert!(obstacle_labour(Obstacle::ChevauxDeFrise).removal_disorders);
    }

    #[test]
    fn rule_9_3_buildings() {
        assert!(building_fits(BuildingSize::SmallOrAverage, 1, 0));
        assert!(!building_fits(BuildingSize::SmallOrAverage, 1, 1));
        assert!(building_fits(BuildingSize::SmallOrAverage, 0, 2));
        assert!(building_fits(BuildingSize::Large, 1, 2));
        assert!(!building_fits(BuildingSize::Large, 3, 0));
        assert_eq!(building_morale_cover(Construction::Stone), MoraleCover::MediumWorks);
        assert_eq!(kills_to_destroy(Construction::Stone).value(), Some(&2));
        assert_eq!(BUILDING_CROSSING.rate, TerrainType::Broken);
        assert_eq!(collapse_losses(Die::new(4).unwrap()), 4);
    }

    proptest! {
        #[test]
        fn hasty_works_odds_match_the_roll(bmp in 0u8..13, officer in proptest::option::of(0u8..4)) {
            let chance = hasty_works_chance(bmp, officer, &MovementRulings::default()).unwrap();
            let passes = Die::FACES.iter().filter(|d| hasty_works_roll(bmp, officer, **d, &MovementRulings::default()).unwrap()).count();
            prop_assert_eq!(chance, Chance::new(passes as u64, 6));
        }
    }
}
