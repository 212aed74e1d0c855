//! Small arms fire strength: figures firing, Table 8 range, Table 9 conditions; multipliers
//! first, then row shifts (4.2.2, 4.2.3, 4.2.7, 6.8.7, 9.1.3, 9.1.4, 9.2, 9.3.3.a, Appendix A).

use super::{CombatResult, FireRulings, FireStrength, at_most, resolve_modifier};
use crate::rules::tables::appendix_a_firearms::Firearm;
use crate::rules::tables::t08_small_arms_ranges::{self as t08, RangeBand, SmallArm};
use crate::rules::tables::t09_small_arms_modifiers::{FireModifier, Table9Row};
use crate::rules::tables::t12_saving_rolls::WorksKind;
use crate::rules::unit::{Formation, Quality};
use crate::rules::{Overrides, Ratio, RuleError, RuleResult, Source, Sourced};
use serde::{Deserialize, Serialize};

/// What the firer sees of the target (4.2.3.c, 4.2.3.e, 4.2.7.a, Appendix F 14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Visibility {
    /// Seen: no modifier.
    #[default]
    Clear,
    /// Area fire: x1/2 (target obscured and not sighted, 2"-6" behind skirmishers, beyond the
    /// visibility limit, night).
    Area,
    /// Blind fire: x1/4 (into woods from outside, over 6" behind skirmishers, prone beyond
    /// its view).
    Blind,
}

/// One small arms fire, as declared (Table 15 steps 1-4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SmallArmsFire {
    /// Figures firing: those in the unit (or the stands in arc) not marked off as kills (4.2.2).
    pub figures: u32,
    /// The weapon (Appendix A).
    pub firearm: Firearm,
    /// Range measured from the firer's front center to the target's nearest edge, inches (4.2.3.a).
    pub range: Ratio,
    /// Fire after the fear-of-charge check is always close range (5.6).
    pub always_close_range: bool,
    /// The firer's formation.
    pub formation: Formation,
    /// Mounted cavalry (or mounted infantry on horseback).
    pub mounted: bool,
    /// A sharpshooter unit (4.2.7.d).
    pub sharpshooters: bool,
    /// Troop quality.
    pub quality: Quality,
    /// Shaken firer (5.4.3 "shaken volley").
    pub shaken: bool,
    /// Marked FR: "fire with increased effect" (1.2).
    pub first_fire: bool,
    /// The unit's opening volley of the game (4.2.2); forfeit under surprise (10.2.1.c, 10.2.2.d).
    pub opening_volley: bool,
    /// A repeater's second fire of the turn: no opening volley (4.2.7.c).
    pub repeater_second_fire: bool,
    /// Repeaters announcing rapid fire (4.2.7.c).
    pub rapid_fire: bool,
    /// Out of ammunition: one die on Table 10 (4.2.4.a), no rapid fire.
    pub out_of_ammunition: bool,
    /// Any movement or formation change, or fire in Phase Seven on a Move or FM order
    /// (4.2.3.b, 1.2); a refusing stand on Hold (6.4.3).
    pub moving: bool,
    /// Marked CH: half effect (3.2).
    pub conditional_hold: bool,
    /// Fire and advance by rushes (6.8.7): skirmish or disorder only.
    pub rushes: bool,
    /// Area or blind fire.
    pub visibility: Visibility,
    /// Lying prone (4.2.7.a, 6.8.5).
    pub prone: bool,
    /// Prone and charged: the formation change x1/2 (6.8.5; see `FireRulings::prone_charged`).
    pub prone_charged: bool,
    /// Within 1" behind (inside) works.
    pub works: Option<WorksKind>,
    /// Enemy artillery or infantry that turned the works fires on its flank (4.2.3.g).
    pub works_flanked: bool,
    /// Firing out of a building (9.3.3.a).
    pub from_building: bool,
    /// Firing across an abatis (9.2.1.c).
    pub across_abatis: bool,
    /// Firing from behind a fraise (9.2.2.c).
    pub behind_fraise: bool,
    /// Firing across a chevaux-de-frise (9.2.3.c).
    pub across_chevaux_de_frise: bool,
    /// The best officer benefit within 1" (4.2.3.f): rows up.
    pub officer_benefit: u8,
    /// Stands of the target infantry regiment, for Appendix F 6 (linear density).
    pub target_infantry_stands: Option<u8>,
}

impl Default for SmallArmsFire {
    fn default() -> Self {
        SmallArmsFire {
            figures: 0,
            firearm: Firearm::of(SmallArm::RifleMusket),
            range: Ratio::whole(4),
            always_close_range: false,
            formation: Formation::Line,
            mounted: false,
            sharpshooters: false,
            quality: Quality::Average,
            shaken: false,
            first_fire: false,
            opening_volley: false,
            repeater_second_fire: false,
            rapid_fire: false,
            out_of_ammunition: false,
            moving: false,
            conditional_hold: false,
            rushes: false,
            visibility: Visibility::Clear,
            prone: false,
            prone_charged: false,
            works: None,
            works_flanked: false,
            from_building: false,
            across_abatis: false,
            behind_fraise: false,
            across_chevaux_de_frise: false,
            officer_benefit: 0,
            target_infantry_stands: None,
        }
    }
}

/// The Table 8 band of a range; `Ok(None)` beyond extreme range: "the fire automatically has
/// no effect" (4.2.3.a). A range exactly at a band's limit is inside it.
///
/// ```
/// use johnny_reb::rules::{Overrides, Ratio};
/// use johnny_reb::rules::fire::{range_band, FireRulings};
/// use johnny_reb::rules::tables::t08_small_arms_ranges::{RangeBand, SmallArm};
/// let band = range_band(SmallArm::RifleMusket, Ratio::whole(8), &FireRulings::default(), &Overrides::new());
/// assert_eq!(band, Ok(Some(RangeBand::Long)));
/// ```
pub fn range_band(
    weapon: SmallArm,
    range: Ratio,
    rulings: &FireRulings,
    overrides: &Overrides,
) -> RuleResult<Option<RangeBand>> {
    let range = rulings.card_distance(range);
    for band in RangeBand::ALL {
        let cell = t08::range_cell(weapon, band);
        let limit = overrides.resolve(&cell, t08::max_range(weapon, band))?;
        if let Some(limit) = limit
            && at_most(range, limit.value)
        {
            return Ok(Some(band));
        }
    }
    Ok(None)
}

fn row(r: Table9Row, overrides: &Overrides) -> RuleResult<Sourced<FireModifier>> {
    resolve_modifier(&r.cell(), r.shipped(), overrides)
}

/// The modified strength of a small arms fire: figures, then every multiplier (range,
/// formation, movement, visibility, prone, building, rapid fire), then the row shifts
/// (opening volley, quality, first fire, breechloaders, works, weapon, officer, obstacles).
/// `Ok(None)`: beyond effective range, no effect (4.2.3.a).
///
/// ```
/// use johnny_reb::rules::{Overrides, Ratio};
/// use johnny_reb::rules::fire::{small_arms_strength, FireRulings, SmallArmsFire};
/// use johnny_reb::rules::unit::Formation;
/// // 4.2.2: 23 figures skirmishing at long range: 23 x 1/2 x 1/2 = 5.75.
/// let fire = SmallArmsFire { figures: 23, range: Ratio::whole(8), formation: Formation::Skirmish, ..Default::default() };
/// let s = small_arms_strength(&fire, &FireRulings::default(), &Overrides::new()).unwrap().unwrap();
/// assert_eq!(s.strength, Ratio::new(23, 4).unwrap());
/// ```
pub fn small_arms_strength(
    fire: &SmallArmsFire,
    rulings: &FireRulings,
    overrides: &Overrides,
) -> RuleResult<Option<FireStrength>> {
    let weapon = fire.firearm.range_row;
    let band = if fire.always_close_range {
        RangeBand::Close
    } else {
        match range_band(weapon, fire.range, rulings, overrides)? {
            Some(b) => b,
            None => return Ok(None),
        }
    };
    let breech = fire.firearm.has_breechloader_benefits();
    let mut s = FireStrength::new(Ratio::whole(fire.figures));

    // Multipliers (4.2.2: "always calculate multipliers before shifts").
    let range_m = overrides.resolve(&t08::multiplier_cell(weapon, band), t08::multiplier(weapon, band))?;
    if let Some(m) = range_m {
        s.apply(format!("{} range", band.label()), Sourced { value: FireModifier::Times(m.value), source: m.source });
    }
    if fire.rushes && !matches!(fire.formation, Formation::Skirmish | Formation::Disorder) {
        return Err(RuleError::OutOfRange {
            what: "fire and advance by rushes",
            detail: "only units in skirmish or disorder may advance by rushes (6.8.7)".into(),
        });
    }
    let formation_row = formation_row(fire)?;
    if let Some(r) = formation_row {
        s.apply(r.label(), row(r, overrides)?);
    }
    if fire.rushes {
        s.apply(Table9Row::Rushes.label(), row(Table9Row::Rushes, overrides)?);
    } else if fire.moving {
        s.apply(Table9Row::Moving.label(), row(Table9Row::Moving, overrides)?);
    }
    if fire.conditional_hold {
        s.apply(Table9Row::ConditionalHold.label(), row(Table9Row::ConditionalHold, overrides)?);
    }
    match rulings.visibility(fire.visibility) {
        Visibility::Clear => {}
        Visibility::Area => s.apply(Table9Row::AreaFire.label(), row(Table9Row::AreaFire, overrides)?),
        Visibility::Blind => s.apply(Table9Row::BlindFire.label(), row(Table9Row::BlindFire, overrides)?),
    }
    let charged_getting_up = fire.prone && fire.prone_charged;
    if fire.prone && !breech && !(charged_getting_up && rulings.prone_charged == super::ProneCharged::HalfOnly) {
        s.apply(Table9Row::Prone.label(), row(Table9Row::Prone, overrides)?);
    }
    if charged_getting_up && !fire.moving {
        s.apply(
            "Prone, Charged (6.8.5)",
            Sourced { value: FireModifier::Times(Ratio::HALF), source: Source::RuleText("6.8.5".into()) },
        );
    }
    if fire.from_building {
        s.apply(Table9Row::FromBuilding.label(), row(Table9Row::FromBuilding, overrides)?);
    }
    if fire.rapid_fire {
        if !fire.firearm.repeater || fire.out_of_ammunition {
            return Err(RuleError::OutOfRange {
                what: "rapid fire",
                detail: "only repeaters with ammunition may use rapid fire (4.2.7.c)".into(),
            });
        }
        s.apply(Table9Row::RapidFire.label(), row(Table9Row::RapidFire, overrides)?);
    }
    if fire.shaken {
        s.apply(Table9Row::Shaken.label(), row(Table9Row::Shaken, overrides)?);
    }
    if rulings.linear_density {
        let density = match fire.target_infantry_stands {
            Some(1) => Some(Table9Row::LinearDensityOneStand),
            Some(2) => Some(Table9Row::LinearDensityTwoStands),
            Some(3) => Some(Table9Row::LinearDensityThreeStands),
            _ => None,
        };
        if let Some(r) = density {
            s.apply(r.label(), row(r, overrides)?);
        }
    }

    // Row shifts.
    if fire.opening_volley && !fire.repeater_second_fire {
        let r = if fire.firearm.repeater {
            Table9Row::OpeningVolleyRepeater
        } else {
            match rulings.opening_volley {
                super::OpeningVolley::UpTwoRows => Table9Row::OpeningVolleyRule,
                super::OpeningVolley::TimesTwo => Table9Row::OpeningVolleyTable9,
            }
        };
        s.apply(r.label(), row(r, overrides)?);
    }
    let quality = match fire.quality {
        Quality::Elite => Table9Row::Elite,
        Quality::Average => Table9Row::Average,
        Quality::GreenOrTired => Table9Row::GreenOrTired,
        Quality::MilitiaOrPoor => Table9Row::MilitiaOrPoor,
    };
    if quality != Table9Row::Average {
        s.apply(quality.label(), row(quality, overrides)?);
    }
    if fire.first_fire {
        s.apply(Table9Row::FirstFire.label(), row(Table9Row::FirstFire, overrides)?);
    }
    if breech {
        s.apply(Table9Row::Breechloader.label(), row(Table9Row::Breechloader, overrides)?);
    }
    if !fire.works_flanked {
        match fire.works {
            Some(WorksKind::Medium) => s.apply(Table9Row::MediumWorks.label(), row(Table9Row::MediumWorks, overrides)?),
            Some(WorksKind::Heavy) => s.apply(Table9Row::HeavyWorks.label(), row(Table9Row::HeavyWorks, overrides)?),
            _ => {}
        }
    }
    if fire.firearm.flintlock {
        s.apply(Table9Row::Flintlock.label(), row(Table9Row::Flintlock, overrides)?);
    }
    if fire.firearm.poor {
        s.apply(Table9Row::PoorWeapon.label(), row(Table9Row::PoorWeapon, overrides)?);
    }
    if fire.officer_benefit > 0 {
        s.apply(
            "Officer Present",
            Sourced {
                value: FireModifier::Rows(i32::from(fire.officer_benefit)),
                source: Source::RuleText("4.2.3.f".into()),
            },
        );
    }
    for (on, r) in [
        (fire.across_abatis, Table9Row::AcrossAbatis),
        (fire.behind_fraise, Table9Row::BehindFraise),
        (fire.across_chevaux_de_frise, Table9Row::AcrossChevauxDeFrise),
    ] {
        if on {
            s.apply(r.label(), row(r, overrides)?);
        }
    }
    Ok(Some(s))
}

/// The Table 9 formation row of the firer; `None` when the formation's own multiplier is
/// replaced (rushes, 6.8.7) or waived inside works (9.1.3, 9.1.4).
fn formation_row(fire: &SmallArmsFire) -> RuleResult<Option<Table9Row>> {
    use Formation::*;
    let r = match (fire.mounted, fire.formation) {
        (_, Skirmish | Disorder) if fire.rushes => return Ok(None),
        (false, Line) => Table9Row::Line,
        (false, MarchColumn) => Table9Row::MarchColumn,
        (false, Skirmish) if fire.sharpshooters => Table9Row::SkirmishSharpshooters,
        // Troops inside heavy works skirmish "with no fire detriment" (9.1.4).
        (false, Skirmish) if fire.works == Some(WorksKind::Heavy) => return Ok(None),
        (false, Skirmish) => Table9Row::SkirmishOthers,
        (false, Disorder) => Table9Row::Disorder,
        (false, AttackColumn) => Table9Row::AttackColumn,
        (false, BrigadeColumn) => Table9Row::BrigadeColumn,
        // Extended line inside medium works has "no fire detriment" (9.1.3); heavy works too.
        (false, ExtendedLine) if matches!(fire.works, Some(WorksKind::Medium | WorksKind::Heavy)) => return Ok(None),
        (false, ExtendedLine) => Table9Row::ExtendedLine,
        (true, Line) => Table9Row::MountedLine,
        (true, MarchColumn) => Table9Row::MountedColumn,
        (true, Skirmish) => Table9Row::MountedSkirmish,
        (true, Disorder) => Table9Row::MountedDisorder,
        (_, f) => {
            return Err(RuleError::OutOfRange {
                what: "firing formation",
                detail: format!("small arms do not fire from {}", f.label()),
            });
        }
    };
    Ok(Some(r))
}

/// Whether a small arms fire runs out of ammunition with this Table 10 result: a roll of 2
/// (4.2.4.a; either fire of a repeater, 4.2.7.c), or 7 or less on rapid fire (4.2.7.c).
///
/// ```
/// use johnny_reb::rules::{Overrides, Ratio, TwoDice};
/// use johnny_reb::rules::fire::{combat_result, small_arms_ammunition, SmallArmsFire, Table10Roll};
/// let r = combat_result(Ratio::whole(100), 0, Table10Roll::TwoDice(TwoDice::new(3, 4).unwrap()), &Overrides::new()).unwrap();
/// let fire = SmallArmsFire { rapid_fire: true, ..Default::default() };
/// assert!(small_arms_ammunition(&fire, &r));
/// assert!(!small_arms_ammunition(&SmallArmsFire::default(), &r));
/// ```
pub fn small_arms_ammunition(fire: &SmallArmsFire, result: &CombatResult) -> bool {
    if result.one_die {
        return false;
    }
    result.out_of_ammunition || (fire.rapid_fire && result.roll <= 7)
}

/// Resupply (4.2.4.b): an out-of-ammunition unit that leaves by a friendly road returns the
/// number of turns later shown on one die.
///
/// ```
/// use johnny_reb::rules::Die;
/// use johnny_reb::rules::fire::small_arms::resupply_turns;
/// assert_eq!(resupply_turns(Die::new(4).unwrap()), 4);
/// ```
pub fn resupply_turns(die: crate::rules::Die) -> u8 {
    die.face()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fire::OpeningVolley;
    use crate::rules::{CellRef, Entered};
    use proptest::prelude::*;

    fn strength(fire: &SmallArmsFire) -> FireStrength {
        small_arms_strength(fire, &FireRulings::default(), &Overrides::new()).unwrap().unwrap()
    }

    #[test]
    fn rule_4_2_2_skirmishers_at_long_range() {
        let fire = SmallArmsFire {
            figures: 25 - 2,
            range: Ratio::whole(8),
            formation: Formation::Skirmish,
            ..Default::default()
        };
        let s = strength(&fire);
        assert_eq!(s.strength, Ratio::new(575, 100).unwrap());
        assert_eq!(s.row_shifts, 0);
        let green = SmallArmsFire { quality: Quality::GreenOrTired, opening_volley: true, ..fire };
        let s = strength(&green);
        assert_eq!((s.strength, s.row_shifts), (Ratio::new(23, 4).unwrap(), 1));
        assert_eq!(
            crate::rules::fire::table10_row(s.strength, s.row_shifts, &Overrides::new()),
            Ok(Some(Ratio::whole(6)))
        );
    }

    #[test]
    fn rule_4_2_3_a_twenty_rifle_muskets_at_8_inches() {
        let fire = SmallArmsFire { figures: 20, range: Ratio::whole(8), ..Default::default() };
        assert_eq!(
            range_band(SmallArm::RifleMusket, Ratio::whole(8), &FireRulings::default(), &Overrides::new()),
            Ok(Some(RangeBand::Long))
        );
        assert_eq!(strength(&fire).strength, Ratio::whole(10));
        // At the band's limit, 5", still normal range; beyond 15" no effect.
        assert_eq!(
            range_band(SmallArm::RifleMusket, Ratio::whole(5), &FireRulings::default(), &Overrides::new()),
            Ok(Some(RangeBand::Normal))
        );
        let far = SmallArmsFire { range: Ratio::new(31, 2).unwrap(), ..fire };
        assert_eq!(small_arms_strength(&far, &FireRulings::default(), &Overrides::new()), Ok(None));
    }

    #[test]
    fn rule_6_8_5_prone_unit_charged() {
        let fire = SmallArmsFire { figures: 16, prone: true, prone_charged: true, ..Default::default() };
        assert_eq!(strength(&fire).strength, Ratio::whole(2));
        let half_only = FireRulings { prone_charged: crate::rules::fire::ProneCharged::HalfOnly, ..Default::default() };
        let s = small_arms_strength(&fire, &half_only, &Overrides::new()).unwrap().unwrap();
        assert_eq!(s.strength, Ratio::whole(8));
    }

    #[test]
    fn rule_4_2_7_d_sharpshooters_skirmish_at_x1() {
        let fire =
            SmallArmsFire { figures: 10, formation: Formation::Skirmish, sharpshooters: true, ..Default::default() };
        assert_eq!(strength(&fire).strength, Ratio::whole(10));
        let others = SmallArmsFire { sharpshooters: false, ..fire };
        assert_eq!(strength(&others).strength, Ratio::whole(5));
    }

    #[test]
    fn rule_4_2_4_b_resupply_roll_4_returns_four_turns_later() {
        assert_eq!(resupply_turns(crate::rules::Die::new(4).unwrap()), 4);
    }

    #[test]
    fn smoothbores_triple_at_close_range_and_25mm_doubles_distances() {
        let fire = SmallArmsFire {
            figures: 10,
            range: Ratio::ONE,
            firearm: Firearm::of(SmallArm::SmoothboreMusket),
            ..Default::default()
        };
        assert_eq!(strength(&fire).strength, Ratio::whole(30));
        // 0.1.1: "the close range distance for rifle-muskets would be 4" instead of 2"".
        let rulings = FireRulings { figures_25mm: true, ..Default::default() };
        assert_eq!(
            range_band(SmallArm::RifleMusket, Ratio::whole(4), &rulings, &Overrides::new()),
            Ok(Some(RangeBand::Close))
        );
    }

    #[test]
    fn appendix_f_15_night_fire_is_area_fire() {
        let fire = SmallArmsFire { figures: 20, range: Ratio::whole(4), ..Default::default() };
        let day = strength(&fire);
        let night = FireRulings { night: true, ..Default::default() };
        let dark = small_arms_strength(&fire, &night, &Overrides::new()).unwrap().unwrap();
        assert_eq!(dark.strength, day.strength.mul(Ratio::HALF));
        assert!(dark.steps.iter().any(|s| s.what == Table9Row::AreaFire.label()));
    }

    #[test]
    fn shotgun_ranges_are_asked_for() {
        let fire = SmallArmsFire { figures: 10, firearm: Firearm::of(SmallArm::Shotgun), ..Default::default() };
        assert_eq!(
            small_arms_strength(&fire, &FireRulings::default(), &Overrides::new()),
            Err(RuleError::Missing(CellRef::new("Table 8", "Shotgun", "Close")))
        );
    }

    #[test]
    fn appendix_a_green_henry_rifles() {
        // Green troops with the Henry rifle: breechloading and repeater benefits, down 1 for green.
        let fire = SmallArmsFire {
            figures: 12,
            range: Ratio::whole(5),
            firearm: Firearm::of(SmallArm::RepeatingRifle),
            quality: Quality::GreenOrTired,
            ..Default::default()
        };
        let s = strength(&fire);
        assert_eq!((s.strength, s.row_shifts), (Ratio::whole(12), 0));
    }

    #[test]
    fn appendix_a_poor_flintlock_is_down_three() {
        let firearm = Firearm { flintlock: true, poor: true, ..Firearm::of(SmallArm::SmoothboreMusket) };
        let fire = SmallArmsFire { figures: 12, range: Ratio::whole(2), firearm, ..Default::default() };
        assert_eq!(strength(&fire).row_shifts, -3);
    }

    #[test]
    fn opening_volley_readings() {
        let fire = SmallArmsFire { figures: 12, opening_volley: true, ..Default::default() };
        assert_eq!(strength(&fire).row_shifts, 2);
        let t9 = FireRulings { opening_volley: OpeningVolley::TimesTwo, ..Default::default() };
        let s = small_arms_strength(&fire, &t9, &Overrides::new()).unwrap().unwrap();
        assert_eq!((s.strength, s.row_shifts), (Ratio::whole(24), 0));
        let repeaters = SmallArmsFire { firearm: Firearm::of(SmallArm::RepeatingCarbine), ..fire.clone() };
        assert_eq!(strength(&repeaters).row_shifts, 1 + 1);
        let second = SmallArmsFire { repeater_second_fire: true, ..repeaters };
        assert_eq!(strength(&second).row_shifts, 1);
    }

    #[test]
    fn prone_rushes_and_works() {
        let prone = SmallArmsFire { figures: 16, prone: true, ..Default::default() };
        assert_eq!(strength(&prone).strength, Ratio::whole(4));
        let breech =
            SmallArmsFire { firearm: Firearm { breechloader: true, ..Firearm::of(SmallArm::RifleMusket) }, ..prone };
        assert_eq!(strength(&breech).strength, Ratio::whole(16));
        // 6.8.7: x1/4 in place of moving and skirmish x1/2.
        let rushes = SmallArmsFire {
            figures: 16,
            formation: Formation::Skirmish,
            moving: true,
            rushes: true,
            ..Default::default()
        };
        assert_eq!(strength(&rushes).strength, Ratio::whole(4));
        let heavy = SmallArmsFire { figures: 16, works: Some(WorksKind::Heavy), ..Default::default() };
        assert_eq!(strength(&heavy).row_shifts, 2);
        let flanked = SmallArmsFire { works_flanked: true, ..heavy };
        assert_eq!(strength(&flanked).row_shifts, 0);
    }

    #[test]
    fn missing_modifiers_are_asked_and_entries_used() {
        let fire = SmallArmsFire { figures: 16, first_fire: true, ..Default::default() };
        assert_eq!(
            small_arms_strength(&fire, &FireRulings::default(), &Overrides::new()),
            Err(RuleError::Missing(CellRef::new("Table 9", "First Fire", "modifier")))
        );
        let mut o = Overrides::new();
        o.set(CellRef::new("Table 9", "First Fire", "rows up"), Entered::Value(Ratio::ONE));
        let s = small_arms_strength(&fire, &FireRulings::default(), &o).unwrap().unwrap();
        assert_eq!(s.row_shifts, 1);
        assert_eq!(s.steps.last().map(|st| st.source.clone()), Some(Source::Entered));
    }

    proptest! {
        #[test]
        fn no_small_arms_fire_panics(
            figures in 0u32..200, range_halves in 0u32..60, weapon in 0usize..7, formation in 0usize..9,
            flags in proptest::collection::vec(any::<bool>(), 20), quality in 0usize..4, officer in 0u8..4, stands in 0u8..6,
        ) {
            let formations = [Formation::Line, Formation::MarchColumn, Formation::Skirmish, Formation::Disorder, Formation::AttackColumn,
                Formation::BrigadeColumn, Formation::ExtendedLine, Formation::Limbered, Formation::Unlimbered];
            let f = |i: usize| flags.get(i).copied().unwrap_or(false);
            let firearm = Firearm { breechloader: f(0), flintlock: f(1), poor: f(2), ..Firearm::of(SmallArm::ALL[weapon]) };
            let fire = SmallArmsFire {
                figures, range: Ratio::new(range_halves, 2).unwrap(), firearm, formation: formations[formation],
                mounted: f(3), sharpshooters: f(4), quality: Quality::ALL[quality], shaken: f(5), first_fire: f(6),
                opening_volley: f(7), repeater_second_fire: f(8), rapid_fire: f(9), out_of_ammunition: f(10), moving: f(11),
                conditional_hold: f(12), rushes: f(13), prone: f(14), works: if f(15) { Some(WorksKind::Heavy) } else { None },
                works_flanked: f(16), from_building: f(17), across_abatis: f(18), behind_fraise: f(19),
                officer_benefit: officer, target_infantry_stands: Some(stands), ..Default::default()
            };
            let rulings = FireRulings { linear_density: f(0), figures_25mm: f(1), opening_volley: if f(2) { OpeningVolley::TimesTwo } else { OpeningVolley::UpTwoRows }, ..Default::default() };
            match small_arms_strength(&fire, &rulings, &Overrides::new()) {
                Ok(Some(s)) => prop_assert!(at_most(s.strength, Ratio::whole(figures.saturating_mul(6)))),
                Ok(None) | Err(RuleError::Missing(_)) | Err(RuleError::OutOfRange { .. }) => {}
            }
        }

        #[test]
        fn strength_never_exceeds_triple_the_figures_before_rapid_fire(figures in 0u32..60, range in 0u32..40, formation in 0usize..7, moving: bool, prone: bool) {
            let formations = [Formation::Line, Formation::MarchColumn, Formation::Skirmish, Formation::Disorder, Formation::AttackColumn, Formation::BrigadeColumn, Formation::ExtendedLine];
            let fire = SmallArmsFire { figures, range: Ratio::whole(range), formation: formations[formation], moving, prone, ..Default::default() };
            if let Ok(Some(s)) = small_arms_strength(&fire, &FireRulings::default(), &Overrides::new()) {
                prop_assert!(at_most(s.strength, Ratio::whole(figures * 3)));
            }
        }
    }
}
