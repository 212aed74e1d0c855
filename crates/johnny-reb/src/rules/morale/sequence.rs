//! Several checks in a row (4.4.2): in order, each with the MMP of the unit's level at that
//! point (shaken +2, routed +3), new stand losses counted from the stand-lost checks on, and
//! stopping when the unit is removed.

use super::MoraleRulings;
use super::bmp::MoraleUnit;
use super::check::{AfterCheck, Consequence, MoraleResult, check, check_odds};
use super::modifiers::{Mmp, MoraleSituation, mmp};
use super::triggers::{CheckReason, in_order};
use crate::rules::unit::MoraleLevel;
use crate::rules::{Chance, Distribution, Overrides, RuleError, RuleResult, TwoDice};

/// One check taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceStep {
    /// Why.
    pub reason: CheckReason,
    /// The MMP it was taken against.
    pub mmp: Mmp,
    /// Its result.
    pub result: MoraleResult,
}

/// The checks taken and where the unit ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceResult {
    /// Each check taken, in the order of 4.4.2.
    pub steps: Vec<SequenceStep>,
    /// Checks not taken because the unit was removed first.
    pub not_taken: Vec<CheckReason>,
    /// The level at the end, or removal.
    pub after: AfterCheck,
    /// The unit routed during the sequence: it makes the forced rout move (2.1.2), and
    /// friendly units that see it must check (2.2).
    pub forced_rout_move: bool,
}

/// The situation for the check at position `index` of the ordered list: new stands counted
/// from the stand-lost checks on (4.4.2), canister and spectacular death for their checks.
fn situation_for(base: &MoraleSituation, ordered: &[CheckReason], index: usize) -> MoraleSituation {
    let stand_checks = ordered.iter().take(index + 1).filter(|c| **c == CheckReason::StandLost).count();
    let k = u32::try_from(stand_checks).unwrap_or(u32::MAX);
    let mut s = *base;
    let new_stands = match base.brigade_column {
        // Each stand-lost check of a brigade column is one 20 percent step (6.8.2.d).
        Some(c) => k.saturating_mul(c.stands_at_forming).div_ceil(5),
        None => k,
    };
    s.stands_lost = s.stands_lost.saturating_add(new_stands);
    let reason = ordered.get(index).copied().unwrap_or(CheckReason::Other);
    s.canister_hit = matches!(reason, CheckReason::ArtilleryHit { canister: true });
    s.saw_spectacular_death = matches!(reason, CheckReason::OfficerCasualtySeen { spectacular_death: true });
    s
}

/// Resolves the checks due to one unit (4.4.2), one roll per check in the order of 4.4.2
/// (the checks are put in that order first; the dice are used in it). `situation.stands_lost`
/// is the stands lost before this fire; each stand-lost check adds one. The sequence stops
/// when the unit is removed; unused dice are ignored. Fewer dice than checks is an error.
///
/// ```
/// use johnny_reb::rules::morale::{resolve_sequence, AfterCheck, CheckReason, MoraleRulings, MoraleSituation, MoraleUnit};
/// use johnny_reb::rules::unit::{Arm, MoraleLevel, Quality};
/// use johnny_reb::rules::{Overrides, TwoDice};
/// // 4.4.2, regiment B: fails its first-loss check (shaken), then the artillery hit check
/// // as a shaken unit (+2) and routs.
/// let b = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
/// let checks = [CheckReason::FirstKill, CheckReason::ArtilleryHit { canister: false }];
/// let dice = [TwoDice::new(1, 2).unwrap(), TwoDice::new(2, 3).unwrap()];
/// let r = resolve_sequence(&b, &MoraleSituation::default(), MoraleLevel::Good, &checks, &dice,
///     &Overrides::new(), &MoraleRulings::default()).unwrap();
/// assert_eq!(r.steps[1].mmp.value, 5);
/// assert_eq!(r.after, AfterCheck::Morale(MoraleLevel::Routed));
/// ```
pub fn resolve_sequence(
    unit: &MoraleUnit,
    situation: &MoraleSituation,
    level: MoraleLevel,
    checks: &[CheckReason],
    dice: &[TwoDice],
    overrides: &Overrides,
    rulings: &MoraleRulings,
) -> RuleResult<SequenceResult> {
    if dice.len() < checks.len() {
        return Err(RuleError::OutOfRange {
            what: "dice",
            detail: format!("{} checks need {} rolls of two dice, not {}", checks.len(), checks.len(), dice.len()),
        });
    }
    let ordered = in_order(checks);
    let mut steps = Vec::new();
    let mut after = AfterCheck::Morale(level);
    let mut forced_rout_move = false;
    for (i, (reason, roll)) in ordered.iter().zip(dice.iter()).enumerate() {
        let current = match after {
            AfterCheck::Morale(l) => l,
            AfterCheck::Removed => break,
        };
        let m = mmp(unit, &situation_for(situation, &ordered, i), current, overrides, rulings)?;
        let result = check(m.value, *roll, current);
        forced_rout_move |= result.consequence == Consequence::ForcedRoutMove;
        after = result.after;
        steps.push(SequenceStep { reason: *reason, mmp: m, result });
    }
    let not_taken = ordered.get(steps.len()..).map(|s| s.to_vec()).unwrap_or_default();
    Ok(SequenceResult { steps, not_taken, after, forced_rout_move })
}

/// The longest sequence [`sequence_odds`] works out.
pub const MAX_CHECKS_FOR_ODDS: usize = 12;

/// The exact distribution of where the unit ends after the checks, before any roll (each
/// check's MMP follows the level reached, as in [`resolve_sequence`]).
///
/// ```
/// use johnny_reb::rules::morale::{sequence_odds, AfterCheck, CheckReason, MoraleRulings, MoraleSituation, MoraleUnit};
/// use johnny_reb::rules::unit::{Arm, MoraleLevel, Quality};
/// use johnny_reb::rules::{Chance, Overrides};
/// let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
/// let d = sequence_odds(&unit, &MoraleSituation::default(), MoraleLevel::Good,
///     &[CheckReason::FirstKill, CheckReason::StandLost], &Overrides::new(), &MoraleRulings::default()).unwrap();
/// assert_eq!(d.total(), Chance::ALWAYS);
/// // Good at the end: both passed (higher than 3, then higher than 5), or the first failed
/// // and the second rolled 12 (2.3.2).
/// let both = Chance::new(33, 36).times(Chance::new(26, 36));
/// let saved = Chance::new(3, 36).times(Chance::new(1, 36));
/// assert_eq!(d.chance_of(&AfterCheck::Morale(MoraleLevel::Good)), both.plus(saved));
/// ```
pub fn sequence_odds(
    unit: &MoraleUnit,
    situation: &MoraleSituation,
    level: MoraleLevel,
    checks: &[CheckReason],
    overrides: &Overrides,
    rulings: &MoraleRulings,
) -> RuleResult<Distribution<AfterCheck>> {
    // Each check divides the chances by up to 36; twelve checks stay within exact fractions.
    if checks.len() > MAX_CHECKS_FOR_ODDS {
        return Err(RuleError::OutOfRange {
            what: "morale checks",
            detail: format!(
                "odds are worked out for at most {MAX_CHECKS_FOR_ODDS} checks in a row, not {}",
                checks.len()
            ),
        });
    }
    let ordered = in_order(checks);
    let mut states: Vec<(AfterCheck, Chance)> = vec![(AfterCheck::Morale(level), Chance::ALWAYS)];
    for i in 0..ordered.len() {
        let s = situation_for(situation, &ordered, i);
        let mut next: Vec<(AfterCheck, Chance)> = Vec::new();
        for (state, chance) in &states {
            match state {
                AfterCheck::Removed => next.push((AfterCheck::Removed, *chance)),
                AfterCheck::Morale(l) => {
                    let m = mmp(unit, &s, *l, overrides, rulings)?;
                    for (r, c) in check_odds(m.value, *l).outcomes() {
                        next.push((r.after, chance.times(*c)));
                    }
                }
            }
        }
        states = Distribution::from_weighted(next).outcomes().to_vec();
    }
    Ok(Distribution::from_weighted(states))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::unit::{Arm, Quality};
    use proptest::prelude::*;

    fn roll(a: u8, b: u8) -> TwoDice {
        TwoDice::new(a, b).unwrap()
    }

    fn avg() -> MoraleUnit {
        MoraleUnit::regiment(Arm::Infantry, Quality::Average)
    }

    fn run(checks: &[CheckReason], dice: &[TwoDice], level: MoraleLevel) -> SequenceResult {
        resolve_sequence(
            &avg(),
            &MoraleSituation::default(),
            level,
            checks,
            dice,
            &Overrides::new(),
            &MoraleRulings::default(),
        )
        .unwrap()
    }

    #[test]
    fn rule_4_4_2_regiments_a_b_c() {
        // All three average regiments suffered first losses inflicted by artillery fire.
        let own = [CheckReason::FirstKill, CheckReason::ArtilleryHit { canister: false }];
        // 1. A checks for first loss and artillery hit and passes both (MMP 3).
        let a = run(&own, &[roll(4, 4), roll(3, 3)], MoraleLevel::Good);
        assert_eq!(a.steps.iter().map(|s| s.mmp.value).collect::<Vec<_>>(), vec![3, 3]);
        assert_eq!(a.after, AfterCheck::Morale(MoraleLevel::Good));
        // 2. B fails the first loss check (3 is not higher than 3) and goes shaken; then as a
        //    shaken unit (MMP 3 + 2 = 5) it checks for the artillery hit, fails and routs.
        let b = run(&own, &[roll(1, 2), roll(2, 3)], MoraleLevel::Good);
        assert_eq!(b.steps[0].result.after, AfterCheck::Morale(MoraleLevel::Shaken));
        assert_eq!(b.steps[1].mmp.value, 5);
        assert_eq!(b.after, AfterCheck::Morale(MoraleLevel::Routed));
        assert!(b.forced_rout_move);
        // 3. C checks and passes both.
        let c = run(&own, &[roll(5, 2), roll(6, 1)], MoraleLevel::Good);
        assert_eq!(c.after, AfterCheck::Morale(MoraleLevel::Good));
        // 4. Since B routed, A and C must now check for seeing a rout, after their own checks.
        let seen = [CheckReason::FriendlyRoutOrSurrender];
        for unit in [&a, &c] {
            let level = unit.after;
            let AfterCheck::Morale(level) = level else { panic!() };
            let r = run(&seen, &[roll(2, 2)], level);
            assert_eq!(r.steps[0].mmp.value, 3);
            assert_eq!(r.after, AfterCheck::Morale(MoraleLevel::Good));
        }
    }

    #[test]
    fn rule_4_4_2_checks_are_taken_in_order() {
        let r = run(
            &[CheckReason::FriendlyRoutOrSurrender, CheckReason::StandLost, CheckReason::FirstKill],
            &[roll(6, 6), roll(6, 6), roll(6, 6)],
            MoraleLevel::Good,
        );
        let reasons: Vec<CheckReason> = r.steps.iter().map(|s| s.reason).collect();
        assert_eq!(reasons, vec![CheckReason::FirstKill, CheckReason::StandLost, CheckReason::FriendlyRoutOrSurrender]);
        // The stand-loss modifier is not applied until the stand-lost check, then always.
        let mmps: Vec<i32> = r.steps.iter().map(|s| s.mmp.value).collect();
        assert_eq!(mmps, vec![3, 5, 5]);
    }

    #[test]
    fn rule_4_4_2_two_stands_lost_and_removal_stops_the_sequence() {
        let r = run(
            &[
                CheckReason::StandLost,
                CheckReason::StandLost,
                CheckReason::UnexpectedDevastation,
                CheckReason::AdjacentUnitEliminated,
            ],
            &[roll(1, 1), roll(3, 3), roll(6, 5), roll(6, 6)],
            MoraleLevel::Good,
        );
        // A 2 routs; as routed (+3) with two stands (+4) the 6 fails: removed.
        assert_eq!(r.steps.len(), 2);
        assert_eq!(r.steps[1].mmp.value, 3 + 4 + 3);
        assert_eq!(r.after, AfterCheck::Removed);
        assert_eq!(r.not_taken, vec![CheckReason::UnexpectedDevastation, CheckReason::AdjacentUnitEliminated]);
        assert!(
            resolve_sequence(
                &avg(),
                &MoraleSituation::default(),
                MoraleLevel::Good,
                &[CheckReason::FirstKill],
                &[],
                &Overrides::new(),
                &MoraleRulings::default()
            )
            .is_err()
        );
    }

    #[test]
    fn sequence_odds_match_enumeration() {
        let checks = [CheckReason::FirstKill, CheckReason::ArtilleryHit { canister: false }, CheckReason::StandLost];
        let d = sequence_odds(
            &avg(),
            &MoraleSituation::default(),
            MoraleLevel::Good,
            &checks,
            &Overrides::new(),
            &MoraleRulings::default(),
        )
        .unwrap();
        let mut counts: Vec<(AfterCheck, u64)> = Vec::new();
        for a in TwoDice::all() {
            for b in TwoDice::all() {
                for c in TwoDice::all() {
                    let r = run(&checks, &[a, b, c], MoraleLevel::Good);
                    match counts.iter_mut().find(|(s, _)| *s == r.after) {
                        Some(slot) => slot.1 += 1,
                        None => counts.push((r.after, 1)),
                    }
                }
            }
        }
        for (state, n) in counts {
            assert_eq!(d.chance_of(&state), Chance::new(n, 36 * 36 * 36));
        }
    }

    #[test]
    fn twelve_checks_are_the_most_for_odds() {
        let many = vec![CheckReason::FriendlyRoutOrSurrender; 12];
        let d = sequence_odds(
            &avg(),
            &MoraleSituation::default(),
            MoraleLevel::Good,
            &many,
            &Overrides::new(),
            &MoraleRulings::default(),
        )
        .unwrap();
        assert_eq!(d.total(), Chance::ALWAYS);
        let too_many = vec![CheckReason::FriendlyRoutOrSurrender; 13];
        assert!(
            sequence_odds(
                &avg(),
                &MoraleSituation::default(),
                MoraleLevel::Good,
                &too_many,
                &Overrides::new(),
                &MoraleRulings::default()
            )
            .is_err()
        );
    }

    proptest! {
        #[test]
        fn sequences_never_panic_and_odds_sum_to_one(
            n in 0usize..5, faces in proptest::collection::vec((1u8..=6, 1u8..=6), 5), stands in 0u32..10,
            level in prop_oneof![Just(MoraleLevel::Good), Just(MoraleLevel::Shaken), Just(MoraleLevel::Routed)],
        ) {
            let all = [CheckReason::StandLost, CheckReason::FirstKill, CheckReason::ArtilleryHit { canister: true },
                CheckReason::FriendlyRoutOrSurrender, CheckReason::UnexpectedDevastation];
            let checks = &all[..n];
            let dice: Vec<TwoDice> = faces.iter().map(|(a, b)| roll(*a, *b)).collect();
            let s = MoraleSituation { stands_lost: stands, ..Default::default() };
            let r = resolve_sequence(&avg(), &s, level, checks, &dice, &Overrides::new(), &MoraleRulings::default()).unwrap();
            prop_assert_eq!(r.steps.len() + r.not_taken.len(), n);
            let d = sequence_odds(&avg(), &s, level, checks, &Overrides::new(), &MoraleRulings::default()).unwrap();
            prop_assert_eq!(d.total(), Chance::ALWAYS);
        }
    }
}
