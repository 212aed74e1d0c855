//! Hits with Close Ranks and Heavy Fire, Retreats with full Regions, Rout and Withdrawal,
//! captured Artillery and the Command Points battles give (11.4.2, 14.1, 14.5, 14.8, 5.9,
//! 15.3, 18.4).

use crate::battle::{Field, HitTaken, tie_pick};
use crate::battlefield::{Region, Step};
use crate::force::{ForceType, Loyalty};
use crate::union::TurnEffects;
use companion_core::d10::D10;
use companion_core::error::{RuleError, RuleResult};
use companion_core::provenance::CellRef;
use serde::{Deserialize, Serialize};

/// What became of a Hit on a Union force (14.1.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnionHit {
    /// Close Ranks cancelled it; that Close Ranks goes back to the cup.
    Cancelled,
    /// It landed.
    Taken(HitTaken),
}

/// A Hit on a Union force: Close Ranks cancels the turn's first Hits, one per counter drawn,
/// from any source (14.1.1).
pub fn hit_union(field: &mut Field, fx: &mut TurnEffects, id: u32) -> RuleResult<UnionHit> {
    field.get(id)?;
    if fx.close_ranks > 0 {
        fx.close_ranks -= 1;
        return Ok(UnionHit::Cancelled);
    }
    Ok(UnionHit::Taken(field.hit(id)?))
}

/// What a Retreat did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Retreated {
    /// Moved into the Region.
    Into(Region),
    /// Left the sheet, back to the campaign map (11.3).
    OffTheSheet,
    /// Destroyed: the Region was full (11.4.2, 14.5), or a Mobile Force in its Reserve failed
    /// a Shock check (11.4.2).
    Destroyed,
}

/// A Retreat after a failed Shock check (11.4.2): a Static Force is destroyed, a Mobile Force
/// in its Reserve is destroyed, and one retreating into a full Region is destroyed.
pub fn retreat_from_shock(field: &mut Field, id: u32) -> RuleResult<Retreated> {
    let f = field.get(id)?;
    let side = f.counter.loyalty;
    let to = f.region.retreat(side);
    let destroyed = !f.counter.kind.is_mobile()
        || f.region == Region::reserve_of(side)
        || matches!(to, Step::Into(r) if !field.has_room(side, r));
    if destroyed {
        field.forces.retain(|f| f.id != id);
        return Ok(Retreated::Destroyed);
    }
    field.step(id, to)?;
    Ok(match to {
        Step::Into(r) => Retreated::Into(r),
        _ => Retreated::OffTheSheet,
    })
}

/// A Routed force's Retreat (14.5): into a full Region it is destroyed; behind its Reserve it
/// leaves the battle.
pub fn retreat_routed(field: &mut Field, id: u32) -> RuleResult<Retreated> {
    let f = field.get(id)?;
    let side = f.counter.loyalty;
    match f.region.retreat(side) {
        Step::Into(r) if !field.has_room(side, r) => {
            field.forces.retain(|f| f.id != id);
            Ok(Retreated::Destroyed)
        }
        Step::Into(r) => {
            field.step(id, Step::Into(r))?;
            Ok(Retreated::Into(r))
        }
        _ => {
            field.step(id, Step::OffTheSheet)?;
            Ok(Retreated::OffTheSheet)
        }
    }
}

/// Broken and Heavy Fire Retreats (14.1.9, 14.1.10): no force is destroyed; when a Region
/// overflows, its lowest Skill Level force (other than those already moved) Retreats in turn.
/// `ties` picks among equals at each step. Returns every force moved and where.
pub fn retreat_pushing(field: &mut Field, id: u32, ties: &[usize]) -> RuleResult<Vec<(u32, Retreated)>> {
    let mut moved = Vec::new();
    let mut next = Some(id);
    let mut step = 0;
    while let Some(cur) = next {
        let f = field.get(cur)?;
        let side = f.counter.loyalty;
        let to = f.region.retreat(side);
        field.step(cur, to)?;
        let Step::Into(r) = to else {
            moved.push((cur, Retreated::OffTheSheet));
            break;
        };
        moved.push((cur, Retreated::Into(r)));
        next = None;
        if r.limit().is_some_and(|n| field.mobile_in(side, r) > n) {
            let mut candidates = Vec::new();
            for f in field.side(side).filter(|f| f.region == r && f.counter.kind.is_mobile()) {
                if !moved.iter().any(|m| m.0 == f.id) {
                    candidates.push((field.skill(f.id)?, f.id));
                }
            }
            let low = candidates.iter().map(|c| c.0).min();
            let tied: Vec<u32> = candidates.into_iter().filter(|c| Some(c.0) == low).map(|c| c.1).collect();
            next = tie_pick(&tied, ties.get(step).copied().unwrap_or(0));
            step += 1;
        }
    }
    Ok(moved)
}

/// Heavy Fire (14.1.10): a Mobile Confederate force hit this turn (not by a Shock attack or
/// Defensive Fire) makes an Activation check with its modifiers; on a failure it Retreats.
pub fn heavy_fire_retreats(activation: i32, roll: D10) -> bool {
    !roll.check(activation)
}

/// A Rout (14.5): the side's Garrisons and Fortifications are destroyed at once and its
/// Artillery is abandoned to be captured (5.9.1). Returns the Artillery captured.
pub fn rout(field: &mut Field, side: Loyalty) -> Vec<u32> {
    let guns: Vec<u32> = field.side(side).filter(|f| f.counter.kind == ForceType::Artillery).map(|f| f.id).collect();
    field.forces.retain(|f| {
        f.counter.loyalty != side || (f.counter.kind.is_mobile() && f.counter.kind != ForceType::Artillery)
    });
    guns
}

/// At the Withdrawal box (14.8): roll on the table, or the weaker side Retreats at 2:1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WithdrawalCheck {
    /// Less than 2:1: roll d10 on the campaign's Withdrawal table.
    Roll,
    /// At a 2:1 or greater disadvantage, this side Retreats (14.8.2, 14.8.3).
    Retreats(Loyalty),
}

/// 14.8: compares the combined Combat Values left on the sheet.
pub fn withdrawal_check(union: u32, confederate: u32) -> WithdrawalCheck {
    if confederate >= union.saturating_mul(2) && confederate > 0 {
        WithdrawalCheck::Retreats(Loyalty::Union)
    } else if union >= confederate.saturating_mul(2) && union > 0 {
        WithdrawalCheck::Retreats(Loyalty::Confederate)
    } else {
        WithdrawalCheck::Roll
    }
}

/// A Withdrawal result (14.8.1-14.8.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Withdrawal {
    /// 14.8.1: a new battle at once, from Fog of War.
    Rejoin,
    /// 14.8.2.
    UnionRetreat,
    /// 14.8.3.
    ConfederateRetreat,
    /// 14.8.4.
    Encamp,
}

/// A campaign's Withdrawal table, entered from its Campaign Information Sheet (4.20): bands of
/// rolls, lowest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WithdrawalTable {
    /// The campaign it belongs to.
    pub campaign: String,
    /// (lowest roll, highest roll, result).
    pub bands: Vec<(u8, u8, Withdrawal)>,
}

impl WithdrawalTable {
    /// The example of 14.8: the rulebook's illustration, not any campaign's table.
    pub fn example_14_8() -> WithdrawalTable {
        use Withdrawal::*;
        WithdrawalTable {
            campaign: "Example in 14.8 (not a campaign's table)".into(),
            bands: vec![(1, 2, Rejoin), (3, 5, UnionRetreat), (6, 8, ConfederateRetreat), (9, 10, Encamp)],
        }
    }

    /// The result for `roll`; a roll the entered bands do not cover is asked for.
    pub fn read(&self, roll: D10) -> RuleResult<Withdrawal> {
        self.bands.iter().find(|b| (b.0..=b.1).contains(&roll.value())).map(|b| b.2).ok_or_else(|| {
            RuleError::Missing(CellRef::new(
                format!("Withdrawal table, {}", self.campaign),
                roll.value().to_string(),
                "result",
            ))
        })
    }
}

/// Where the Union's replacement for a captured Confederate gun comes from (5.9.1, 5.9.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Replacement {
    /// The Union gun at this index of the Captured Artillery Pile.
    FromPile(usize),
    /// The Union Battery at this index of the Additional Forces cup.
    FromCup(usize),
    /// None available: 2 Command Points instead (5.9.2).
    TwoCommandPoints,
}

fn best_at_most(cvs: &[u8], cap: u8) -> Option<usize> {
    cvs.iter().enumerate().filter(|(_, cv)| **cv <= cap).max_by_key(|(_, cv)| **cv).map(|(i, _)| i)
}

/// The Union's replacement (5.9.2.2): the Captured Artillery Pile first, then the cup; in each,
/// the same Combat Value or else the highest lower one (ruling "Union replacement guns").
pub fn union_replacement(captured_cv: u8, union_guns_in_pile: &[u8], batteries_in_cup: &[u8]) -> Replacement {
    if let Some(i) = best_at_most(union_guns_in_pile, captured_cv) {
        Replacement::FromPile(i)
    } else if let Some(i) = best_at_most(batteries_in_cup, captured_cv) {
        Replacement::FromCup(i)
    } else {
        Replacement::TwoCommandPoints
    }
}

/// The Command Points a move into `region` earns, once per battle per Region, the first time a
/// force of `side` enters it (18.4, 15.3; ruling "First enters"). `reached` records it.
pub fn entry_points(side: Loyalty, region: Region, reached: &mut Vec<(Loyalty, Region)>) -> u32 {
    let pays = match side {
        Loyalty::Union => {
            matches!(region, Region::ConfederateFront | Region::ConfederateApproach | Region::ConfederateReserve)
        }
        Loyalty::Confederate => region == Region::UnionReserve,
    };
    if !pays || reached.contains(&(side, region)) {
        return 0;
    }
    reached.push((side, region));
    1
}

/// Command Points for a Rout or an Envelopment by `winner` (18.4: the Union 2; 15.3: the
/// Confederates 1).
pub fn points_for_rout_or_envelopment(winner: Loyalty) -> u32 {
    match winner {
        Loyalty::Union => 2,
        Loyalty::Confederate => 1,
    }
}

/// The Screen Insight's Hits (10.2.12.7): from the Union's rearmost Region forward, lowest
/// Skill Level first. Returns each Hit taken.
pub fn screen_hits(field: &mut Field, hits: u8, tie: usize) -> RuleResult<Vec<HitTaken>> {
    let mut taken = Vec::new();
    let mut left = hits;
    for region in Region::ALL.iter().rev() {
        if left == 0 {
            break;
        }
        let (t, rest) = field.allocate(Loyalty::Union, *region, left, tie)?;
        taken.extend(t);
        left = rest;
    }
    Ok(taken)
}

#[cfg(test)]
mod tests;
