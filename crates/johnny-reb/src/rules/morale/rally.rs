//! Phase Two around the rally (2.1, 2.4): who may rally, the rally at the table edge, and the
//! forced rout move's dice (2.1.2, Table 7 "Routed Units").

use super::MoraleRulings;
use super::bmp::MoraleUnit;
use super::check::{AfterCheck, CheckRoll, Consequence, MoraleResult, RallyingUnit, check, rally, rally_odds};
use super::modifiers::{Mmp, MoraleSituation, mmp};
use crate::rules::movement::MovementRulings;
use crate::rules::tables::t04_movement_conditions::Path;
use crate::rules::tables::t07_morale_results::TABLE;
use crate::rules::unit::{MoraleLevel, Terrain};
use crate::rules::{CellRef, Distribution, Overrides, RuleError, RuleResult, TwoDice};

/// Whether a unit attempts to rally in Phase Two (2.4; Table 2 no. 2): shaken and routed units
/// do, except those that became shaken or routed this phase from seeing routed or surrendered
/// units.
///
/// ```
/// use johnny_reb::rules::morale::may_rally;
/// use johnny_reb::rules::unit::MoraleLevel;
/// assert!(may_rally(MoraleLevel::Shaken, false));
/// assert!(!may_rally(MoraleLevel::Routed, true));
/// assert!(!may_rally(MoraleLevel::Good, false));
/// ```
pub fn may_rally(level: MoraleLevel, worsened_this_phase_by_seeing_routs: bool) -> bool {
    level != MoraleLevel::Good && !worsened_this_phase_by_seeing_routs
}

/// A unit's whole rally attempt (2.4): its MMP for its situation (Table 5 and 6, with shaken
/// +2 or routed +3) and the result of the roll.
///
/// ```
/// use johnny_reb::rules::morale::{rally_unit, AfterCheck, MoraleRulings, MoraleSituation, MoraleUnit, RallyingUnit};
/// use johnny_reb::rules::unit::{Arm, MoraleLevel, Quality};
/// use johnny_reb::rules::{Overrides, TwoDice};
/// // A shaken average regiment with an officer of benefit 1: MMP 3 + 2 - 1 = 4.
/// let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
/// let s = MoraleSituation { officer_benefit: 1, ..Default::default() };
/// let (m, r) = rally_unit(&unit, &s, MoraleLevel::Shaken, RallyingUnit::Regiment, TwoDice::new(2, 3).unwrap(),
///     &Overrides::new(), &MoraleRulings::default()).unwrap();
/// assert_eq!(m.value, 4);
/// assert_eq!(r.after, AfterCheck::Morale(MoraleLevel::Good));
/// ```
pub fn rally_unit(
    unit: &MoraleUnit,
    situation: &MoraleSituation,
    level: MoraleLevel,
    rallying: RallyingUnit,
    roll: TwoDice,
    overrides: &Overrides,
    rulings: &MoraleRulings,
) -> RuleResult<(Mmp, MoraleResult)> {
    let m = mmp(unit, situation, level, overrides, rulings)?;
    let r = rally(m.value, roll, level, rallying, rulings);
    Ok((m, r))
}

/// The odds of [`rally_unit`] before the roll.
///
/// ```
/// use johnny_reb::rules::morale::{rally_unit_odds, MoraleRulings, MoraleSituation, MoraleUnit, RallyingUnit};
/// use johnny_reb::rules::unit::{Arm, MoraleLevel, Quality};
/// use johnny_reb::rules::{Chance, Overrides};
/// let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
/// let d = rally_unit_odds(&unit, &MoraleSituation::default(), MoraleLevel::Routed, RallyingUnit::Regiment,
///     &Overrides::new(), &MoraleRulings::default()).unwrap();
/// // MMP 6: higher than 6 rallies (21 of 36 rolls).
/// assert_eq!(d.chance_that(|r| r.rallied()), Chance::new(21, 36));
/// ```
pub fn rally_unit_odds(
    unit: &MoraleUnit,
    situation: &MoraleSituation,
    level: MoraleLevel,
    rallying: RallyingUnit,
    overrides: &Overrides,
    rulings: &MoraleRulings,
) -> RuleResult<Distribution<MoraleResult>> {
    let m = mmp(unit, situation, level, overrides, rulings)?;
    Ok(rally_odds(m.value, level, rallying, rulings))
}

/// A routed unit whose rout move would leave the table must rally at once (2.1.1): if it
/// rallies it stops at the table edge, shaken (or good on a 12, 2.3.2); if not it is removed
/// from play.
///
/// ```
/// use johnny_reb::rules::morale::{rally_at_table_edge, AfterCheck, MoraleRulings};
/// use johnny_reb::rules::unit::MoraleLevel;
/// use johnny_reb::rules::TwoDice;
/// let r = rally_at_table_edge(6, TwoDice::new(3, 3).unwrap(), &MoraleRulings::default());
/// assert_eq!(r.after, AfterCheck::Removed);
/// let r = rally_at_table_edge(6, TwoDice::new(3, 4).unwrap(), &MoraleRulings::default());
/// assert_eq!(r.after, AfterCheck::Morale(MoraleLevel::Shaken));
/// ```
pub fn rally_at_table_edge(mmp: i32, roll: TwoDice, rulings: &MoraleRulings) -> MoraleResult {
    let read = CheckRoll::read(mmp, roll.total());
    let mut r = check(mmp, roll, MoraleLevel::Routed);
    r.after = match read {
        CheckRoll::Passed => AfterCheck::Morale(MoraleLevel::Shaken),
        CheckRoll::InstantRally if rulings.routed_rally_twelve == super::RoutedRallyTwelve::RemoveUnit => {
            AfterCheck::Removed
        }
        CheckRoll::InstantRally => AfterCheck::Morale(MoraleLevel::Good),
        CheckRoll::Failed | CheckRoll::InstantRout => AfterCheck::Removed,
    };
    r.consequence = if r.after == AfterCheck::Removed { Consequence::RemoveUnit } else { Consequence::None };
    r
}

/// The odds of [`rally_at_table_edge`].
///
/// ```
/// use johnny_reb::rules::morale::{rally_at_table_edge_odds, AfterCheck, MoraleRulings};
/// use johnny_reb::rules::Chance;
/// let d = rally_at_table_edge_odds(6, &MoraleRulings::default());
/// assert_eq!(d.chance_that(|r| r.after != AfterCheck::Removed), Chance::new(21, 36));
/// ```
pub fn rally_at_table_edge_odds(mmp: i32, rulings: &MoraleRulings) -> Distribution<MoraleResult> {
    Distribution::of_two_dice(|roll| rally_at_table_edge(mmp, roll, rulings))
}

/// Dice rolled for the forced rout move (2.1.2): 4 along a road, 3 open, 2 broken, 1 rough;
/// the sum is the inches moved at once. Trail is not given and is asked of the players.
///
/// ```
/// use johnny_reb::rules::morale::forced_rout_dice;
/// use johnny_reb::rules::unit::Terrain;
/// assert_eq!(forced_rout_dice(Terrain::Open).unwrap(), 3);
/// assert!(forced_rout_dice(Terrain::Trail).is_err());
/// ```
pub fn forced_rout_dice(terrain: Terrain) -> RuleResult<usize> {
    Ok(usize::from(crate::rules::movement::forced_rout_dice(rout_path(terrain)?, &MovementRulings::default())))
}

/// The path of a forced rout through `terrain`; a trail is not given (2.1.2) and is asked of
/// the players.
fn rout_path(terrain: Terrain) -> RuleResult<Path> {
    match terrain {
        Terrain::Road => Ok(Path::Road),
        Terrain::Open => Ok(Path::Open),
        Terrain::Broken => Ok(Path::Broken),
        Terrain::Rough => Ok(Path::Rough),
        Terrain::Trail => Err(RuleError::Missing(CellRef::new(TABLE, "Retreated Movement", "Trail"))),
    }
}

/// The distribution of the forced rout distance in inches (2.1.2), by day: the movement
/// part's [`crate::rules::movement::forced_rout_odds`], which also honours Appendix F 15.
///
/// ```
/// use johnny_reb::rules::morale::forced_rout_distance_odds;
/// use johnny_reb::rules::unit::Terrain;
/// use johnny_reb::rules::Chance;
/// let d = forced_rout_distance_odds(Terrain::Broken).unwrap();
/// assert_eq!(d.chance_of(&7), Chance::new(1, 6));
/// ```
pub fn forced_rout_distance_odds(terrain: Terrain) -> RuleResult<Distribution<u32>> {
    Ok(crate::rules::movement::forced_rout_odds(rout_path(terrain)?, &MovementRulings::default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Chance;

    #[test]
    fn rule_2_4_who_may_rally() {
        assert!(may_rally(MoraleLevel::Routed, false));
        assert!(!may_rally(MoraleLevel::Shaken, true));
    }

    #[test]
    fn rule_2_1_1_table_edge() {
        let r = MoraleRulings::default();
        assert_eq!(
            rally_at_table_edge(20, TwoDice::new(6, 6).unwrap(), &r).after,
            AfterCheck::Morale(MoraleLevel::Good)
        );
        assert_eq!(rally_at_table_edge(-5, TwoDice::new(1, 1).unwrap(), &r).after, AfterCheck::Removed);
        assert_eq!(
            rally_at_table_edge_odds(7, &r).chance_that(|x| x.after == AfterCheck::Removed),
            Chance::new(21, 36)
        );
    }

    #[test]
    fn rule_2_1_2_forced_rout_dice() {
        assert_eq!(forced_rout_dice(Terrain::Road).unwrap(), 4);
        assert_eq!(forced_rout_dice(Terrain::Broken).unwrap(), 2);
        assert_eq!(forced_rout_dice(Terrain::Rough).unwrap(), 1);
        assert_eq!(forced_rout_distance_odds(Terrain::Road).unwrap().total(), Chance::ALWAYS);
    }
}
