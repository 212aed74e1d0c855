//! Table 15 steps 5-7 in one place, for the screens: Table 10, Table 11, then the saves, the
//! casualty limit and the morale checks the fire causes.

use super::{
    CombatResult, FireMoraleCheck, FireStrength, FireTarget, ModifiedKills, MoraleTarget, SavePlan, Table10Roll,
    casualties_after_saves, combat_result, modify_kills, morale_checks,
};
use crate::rules::{Die, Overrides, RuleResult};

/// Kills scored and multiplied: what the players need before they roll the saves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredKills {
    /// The Table 10 roll.
    pub result: CombatResult,
    /// After Table 11.
    pub kills: ModifiedKills,
}

/// Table 15 steps 5 and 6: Table 10 at the modified strength, then Table 11.
///
/// ```
/// use johnny_reb::rules::{Overrides, Ratio, TwoDice};
/// use johnny_reb::rules::fire::{procedure::score_kills, FireStrength, Flank, FireTarget, Table10Roll};
/// use johnny_reb::rules::unit::{Arm, Formation};
/// let target = FireTarget { arm: Arm::Infantry, formation: Formation::MarchColumn, disengaging_or_routed: false, flank: Flank::None };
/// let strength = FireStrength { base: Ratio::whole(100), steps: vec![], strength: Ratio::whole(100), row_shifts: 0 };
/// let roll = Table10Roll::TwoDice(TwoDice::new(2, 3).unwrap());
/// let k = score_kills(&strength, roll, &target, &Overrides::new()).unwrap();
/// assert_eq!((k.result.kills, k.kills.kills), (8, 12));
/// ```
pub fn score_kills(
    strength: &FireStrength,
    roll: Table10Roll,
    target: &FireTarget,
    overrides: &Overrides,
) -> RuleResult<ScoredKills> {
    let result = combat_result(strength.strength, strength.row_shifts, roll, overrides)?;
    let kills = modify_kills(result.kills, target, overrides)?;
    Ok(ScoredKills { result, kills })
}

/// A fire resolved to the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FireOutcome {
    /// Table 10 and Table 11.
    pub scored: ScoredKills,
    /// Casualties after saves and the casualty limit: the figures the roster marks off.
    pub casualties: u32,
    /// The morale checks the target takes for this fire (4.4.2 order).
    pub checks: Vec<FireMoraleCheck>,
}

/// Table 15 step 7 after [`score_kills`]: the saving dice (one per kill with a save, see
/// [`SavePlan::dice_needed`]), the casualty limit and the morale checks.
///
/// ```
/// use johnny_reb::rules::{Die, Overrides, Ratio, TwoDice};
/// use johnny_reb::rules::fire::{finish_fire, score_kills, FireMoraleCheck, FireStrength, Flank, FireTarget, MoraleTarget, SavePlan, Table10Roll};
/// use johnny_reb::rules::unit::{Arm, Formation};
/// let target = FireTarget { arm: Arm::Infantry, formation: Formation::Line, disengaging_or_routed: false, flank: Flank::None };
/// let strength = FireStrength { base: Ratio::whole(100), steps: vec![], strength: Ratio::whole(100), row_shifts: 0 };
/// let scored = score_kills(&strength, Table10Roll::TwoDice(TwoDice::new(1, 2).unwrap()), &target, &Overrides::new()).unwrap();
/// let plan = SavePlan { save: 0, outside_cover: None, figures_in_arc: 20 };
/// let out = finish_fire(scored, &plan, &[], &MoraleTarget::default(), false, false).unwrap();
/// assert_eq!((out.casualties, out.checks), (6, vec![FireMoraleCheck::FirstKill]));
/// ```
pub fn finish_fire(
    scored: ScoredKills,
    plan: &SavePlan,
    save_dice: &[Die],
    morale: &MoraleTarget,
    by_artillery: bool,
    canister: bool,
) -> RuleResult<FireOutcome> {
    let casualties = casualties_after_saves(scored.kills.kills, plan, save_dice)?;
    let checks =
        morale_checks(morale, casualties, by_artillery, canister, false, scored.result.unexpected_devastation)?;
    Ok(FireOutcome { scored, casualties, checks })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fire::{FireRulings, Flank, SmallArmsFire, small_arms_strength};
    use crate::rules::unit::{Arm, Formation};
    use crate::rules::{Ratio, TwoDice};

    #[test]
    fn a_whole_fire_on_the_top_row() {
        let fire = SmallArmsFire { figures: 30, range: Ratio::whole(2), ..Default::default() };
        let strength = small_arms_strength(&fire, &FireRulings::default(), &Overrides::new()).unwrap().unwrap();
        assert_eq!(strength.strength, Ratio::whole(60));
        let target = FireTarget {
            arm: Arm::Infantry,
            formation: Formation::Skirmish,
            disengaging_or_routed: false,
            flank: Flank::None,
        };
        // 60 is below 80: the row list is needed.
        let roll = Table10Roll::TwoDice(TwoDice::new(6, 6).unwrap());
        assert!(score_kills(&strength, roll, &target, &Overrides::new()).is_err());
        let opening = SmallArmsFire { figures: 60, opening_volley: true, ..fire };
        let strength = small_arms_strength(&opening, &FireRulings::default(), &Overrides::new()).unwrap().unwrap();
        let scored = score_kills(&strength, roll, &target, &Overrides::new()).unwrap();
        assert_eq!(scored.kills.kills, 15);
        let plan = SavePlan { save: 3, outside_cover: None, figures_in_arc: 12 };
        let dice: Vec<Die> = (0..15).map(|i| Die::new(if i < 5 { 1 } else { 6 }).unwrap()).collect();
        let out = finish_fire(scored, &plan, &dice, &MoraleTarget::default(), false, false).unwrap();
        assert_eq!(out.casualties, 10);
        assert_eq!(out.checks, vec![FireMoraleCheck::FirstKill, FireMoraleCheck::UnexpectedDevastation]);
    }
}
