//! Exact odds of a fire before any die is thrown: the 36 rolls of Table 10 (or 6 faces out of
//! ammunition), Table 11, then the binomial of the saving rolls, then the casualty limit.
//! Computed in whole numbers over the common denominator, then reduced.

use super::{FireTarget, SavePlan, Table10Roll, combat_result, modify_kills};
use crate::rules::{Chance, Die, Distribution, Overrides, Ratio, RuleError, RuleResult, TwoDice};

/// The most save dice the exact odds handle (36 x 6^22 still fits the exact fractions).
pub const MAX_SAVE_DICE: usize = 22;

fn binomial(n: u32, k: u32) -> u128 {
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * u128::from(n - i) / u128::from(i + 1);
    }
    r
}

/// Ways (out of 6^n) that `n` kills with save `save` leave `j` casualties, for j = 0..=n.
fn group_ways(n: u32, save: u8) -> Vec<u128> {
    if save == 0 {
        let mut v = vec![0u128; n as usize + 1];
        if let Some(last) = v.last_mut() {
            *last = 1;
        }
        return v;
    }
    let s = u128::from(save.min(6));
    (0..=n).map(|j| binomial(n, j) * (6 - s).pow(j) * s.pow(n - j)).collect()
}

/// Ways (out of 6^dice_needed) for each casualty count, after the limit.
fn casualty_ways(kills: u32, plan: &SavePlan) -> Vec<(u32, u128)> {
    let [(n1, s1), (n2, s2)] = plan.split(kills);
    let a = group_ways(n1, s1);
    let b = group_ways(n2, s2);
    let mut out: Vec<(u32, u128)> = Vec::new();
    for (i, wa) in a.iter().enumerate() {
        for (j, wb) in b.iter().enumerate() {
            let w = wa * wb;
            if w == 0 {
                continue;
            }
            let c = u32::try_from(i + j).unwrap_or(u32::MAX).min(plan.figures_in_arc);
            match out.iter_mut().find(|(v, _)| *v == c) {
                Some(slot) => slot.1 += w,
                None => out.push((c, w)),
            }
        }
    }
    out
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a.max(1)
}

fn to_distribution(mut weights: Vec<(u32, u128)>, den: u128) -> RuleResult<Distribution<u32>> {
    weights.sort_by_key(|(v, _)| *v);
    let mut items = Vec::with_capacity(weights.len());
    for (v, w) in weights {
        let g = gcd(w, den);
        let (n, d) = (u64::try_from(w / g), u64::try_from(den / g));
        match (n, d) {
            (Ok(n), Ok(d)) => items.push((v, Chance::new(n, d))),
            _ => return Err(too_many()),
        }
    }
    Ok(Distribution::from_weighted(items))
}

fn too_many() -> RuleError {
    RuleError::OutOfRange {
        what: "odds",
        detail: format!("exact odds are computed for at most {MAX_SAVE_DICE} save dice"),
    }
}

/// The distribution of casualties from `kills` after saves and the casualty limit.
///
/// ```
/// use johnny_reb::rules::Chance;
/// use johnny_reb::rules::fire::{casualty_odds, SavePlan};
/// // Five kills on skirmishers (1, 2, 3): each kill stands with chance 1/2.
/// let d = casualty_odds(5, &SavePlan { save: 3, outside_cover: None, figures_in_arc: 25 }).unwrap();
/// assert_eq!(d.chance_of(&2), Chance::new(10, 32));
/// ```
pub fn casualty_odds(kills: u32, plan: &SavePlan) -> RuleResult<Distribution<u32>> {
    let m = plan.dice_needed(kills);
    if m > MAX_SAVE_DICE {
        return Err(too_many());
    }
    to_distribution(casualty_ways(kills, plan), 6u128.pow(m as u32))
}

/// The distribution of casualties of a whole fire before the roll: Table 10 at the modified
/// strength and shifts (two dice, or one when out of ammunition / low on shot), Table 11 for
/// the target, then the saves of `plan` and the casualty limit. A missing table value on any
/// roll is asked for first.
///
/// ```
/// use johnny_reb::rules::{Chance, Overrides, Ratio};
/// use johnny_reb::rules::fire::{fire_odds, Flank, FireTarget, SavePlan};
/// use johnny_reb::rules::unit::{Arm, Formation};
/// let target = FireTarget { arm: Arm::Infantry, formation: Formation::Line, disengaging_or_routed: false, flank: Flank::None };
/// let plan = SavePlan { save: 0, outside_cover: None, figures_in_arc: 30 };
/// let d = fire_odds(Ratio::whole(100), 0, false, &target, &plan, &Overrides::new()).unwrap();
/// assert_eq!(d.total(), Chance::ALWAYS);
/// assert_eq!(d.chance_of(&15), Chance::new(1, 36));
/// ```
pub fn fire_odds(
    strength: Ratio,
    row_shifts: i32,
    one_die: bool,
    target: &FireTarget,
    plan: &SavePlan,
    overrides: &Overrides,
) -> RuleResult<Distribution<u32>> {
    let rolls: Vec<Table10Roll> = if one_die {
        Die::FACES.iter().map(|d| Table10Roll::OneDie(*d)).collect()
    } else {
        TwoDice::all().map(Table10Roll::TwoDice).collect()
    };
    let mut per_roll: Vec<(u32, usize)> = Vec::with_capacity(rolls.len());
    for roll in &rolls {
        let r = combat_result(strength, row_shifts, *roll, overrides)?;
        let kills = modify_kills(r.kills, target, overrides)?.kills;
        per_roll.push((kills, plan.dice_needed(kills)));
    }
    let max_dice = per_roll.iter().map(|(_, m)| *m).max().unwrap_or(0);
    if max_dice > MAX_SAVE_DICE {
        return Err(too_many());
    }
    let mut weights: Vec<(u32, u128)> = Vec::new();
    for (kills, m) in per_roll {
        let scale = 6u128.pow((max_dice - m) as u32);
        for (c, w) in casualty_ways(kills, plan) {
            let w = w * scale;
            match weights.iter_mut().find(|(v, _)| *v == c) {
                Some(slot) => slot.1 += w,
                None => weights.push((c, w)),
            }
        }
    }
    let den = rolls.len() as u128 * 6u128.pow(max_dice as u32);
    to_distribution(weights, den)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fire::Flank;
    use crate::rules::unit::{Arm, Formation};
    use proptest::prelude::*;

    fn line() -> FireTarget {
        FireTarget { arm: Arm::Infantry, formation: Formation::Line, disengaging_or_routed: false, flank: Flank::None }
    }

    #[test]
    fn rule_4_2_6_a_odds_of_the_example() {
        let d = casualty_odds(5, &SavePlan { save: 3, outside_cover: None, figures_in_arc: 25 }).unwrap();
        assert_eq!(d.total(), Chance::ALWAYS);
        assert_eq!(d.chance_of(&0), Chance::new(1, 32));
        // 4.2.6.f: eight kills, six outside the woods, two with light woods saves (1, 2).
        let d = casualty_odds(8, &SavePlan { save: 2, outside_cover: Some((6, 0)), figures_in_arc: 30 }).unwrap();
        assert_eq!(d.chance_of(&6), Chance::new(4, 36));
        assert_eq!(d.chance_of(&8), Chance::new(16, 36));
    }

    #[test]
    fn top_row_with_skirmish_saves() {
        let plan = SavePlan { save: 3, outside_cover: None, figures_in_arc: 40 };
        let d = fire_odds(Ratio::whole(100), 0, false, &line(), &plan, &Overrides::new()).unwrap();
        assert_eq!(d.total(), Chance::ALWAYS);
        // 15 casualties need roll 12 (1/36) and no save on 15 dice (1/2^15).
        assert_eq!(d.chance_of(&15), Chance::new(1, 36 * 32768));
        let one = fire_odds(Ratio::whole(100), 0, true, &line(), &plan, &Overrides::new()).unwrap();
        assert_eq!(one.total(), Chance::ALWAYS);
    }

    #[test]
    fn too_many_dice_is_an_error_not_a_panic() {
        let plan = SavePlan { save: 3, outside_cover: None, figures_in_arc: 100 };
        assert!(casualty_odds(30, &plan).is_err());
        let target = FireTarget { formation: Formation::AttackColumn, ..line() };
        assert!(fire_odds(Ratio::whole(100), 0, false, &target, &plan, &Overrides::new()).is_err());
    }

    /// A complete Table 10 as players might enter it, for tests only.
    fn entered_table() -> Overrides {
        use crate::rules::Entered;
        use crate::rules::tables::t10_combat_results as t10;
        let rows = [100u32, 80, 30, 6, 4];
        let mut o = Overrides::new();
        o.set(t10::row_count_cell(), Entered::Value(Ratio::whole(rows.len() as u32)));
        for (k, r) in rows.iter().enumerate() {
            o.set(t10::row_position_cell(k + 1), Entered::Value(Ratio::whole(*r)));
            for roll in 2u8..=12 {
                o.set(
                    t10::kills_cell(Ratio::whole(*r), roll),
                    Entered::Value(Ratio::whole((r / 10 + u32::from(roll)) / 2)),
                );
            }
        }
        o
    }

    proptest! {
        #[test]
        fn fire_odds_sum_to_one(strength in 0u32..150, shift in -6i32..6, one_die: bool, save in 0u8..7, arc in 0u32..30, f in 0usize..4) {
            let formations = [Formation::Line, Formation::MarchColumn, Formation::Skirmish, Formation::Disorder];
            let target = FireTarget { formation: formations[f], ..line() };
            let plan = SavePlan { save, outside_cover: None, figures_in_arc: arc };
            let d = fire_odds(Ratio::whole(strength), shift, one_die, &target, &plan, &entered_table()).unwrap();
            prop_assert_eq!(d.total(), Chance::ALWAYS);
            prop_assert!(d.outcomes().iter().all(|(c, _)| *c <= arc));
        }

        #[test]
        fn casualty_odds_sum_to_one(kills in 0u32..22, save in 0u8..7, arc in 0u32..30, outside in 0u32..10, os in 0u8..4) {
            let plan = SavePlan { save, outside_cover: Some((outside, os)), figures_in_arc: arc };
            if plan.dice_needed(kills) <= MAX_SAVE_DICE {
                let d = casualty_odds(kills, &plan).unwrap();
                prop_assert_eq!(d.total(), Chance::ALWAYS);
                prop_assert!(d.outcomes().iter().all(|(c, _)| *c <= kills && *c <= arc));
            }
        }
    }
}
