//! The Union's side of a battle turn (13, 14): Tactics from the combat-value ratio, the pool
//! and cup of Special Battle Plans (the draw is an input, like dice), each force's Default
//! Battle Plan by range, resolution front to rear, and targets by skill.

use crate::battle::Field;
use crate::battlefield::{Formation, Region, Step};
use crate::combat::{AttackValues, Modifier, artillery_range, melee};
use crate::force::{ForceType, Loyalty};
use companion_core::d10::D10;
use companion_core::error::{RuleError, RuleResult};
use serde::{Deserialize, Serialize};

/// Aggressive or Defensive (13.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tactics {
    /// 13.1, 13.2.
    Aggressive,
    /// 13.3, 13.4.
    Defensive,
}

/// 13.0: Aggressive if the Union's combined Combat Value is greater, Defensive if the
/// Confederates' is; at 1:1 the roll decides (even Aggressive, odd Defensive; a 0 is even).
pub fn tactics(union: u32, confederate: u32, tie_roll: Option<D10>) -> RuleResult<Tactics> {
    use std::cmp::Ordering::*;
    match union.cmp(&confederate) {
        Greater => Ok(Tactics::Aggressive),
        Less => Ok(Tactics::Defensive),
        Equal => match tie_roll {
            Some(r) if r.is_even() => Ok(Tactics::Aggressive),
            Some(_) => Ok(Tactics::Defensive),
            None => Err(RuleError::OutOfRange { what: "dice", detail: "1:1: roll the d10 for Union Tactics".into() }),
        },
    }
}

/// The Union Special Battle Plans (14.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SpecialPlan {
    /// 14.1.1.
    CloseRanks,
    /// 14.1.2 (Defensive only).
    HardCover,
    /// 14.1.3 (Aggressive only).
    Charge,
    /// 14.1.4 (Aggressive only).
    WellStruck,
    /// 14.1.5.
    Smoke,
    /// 14.1.6.
    MixedOrders,
    /// 14.1.7.
    FlankingFire,
    /// 14.1.8; printed "Hidden March" in 13.2 (ruling "Hidden March").
    ScreenedMarch,
    /// 14.1.9.
    Broken,
    /// 14.1.10.
    HeavyFire,
    /// 14.1.11.
    FogOfWar,
}

impl SpecialPlan {
    /// Every plan, in the order of 14.1.
    pub const ALL: [SpecialPlan; 11] = [
        SpecialPlan::CloseRanks,
        SpecialPlan::HardCover,
        SpecialPlan::Charge,
        SpecialPlan::WellStruck,
        SpecialPlan::Smoke,
        SpecialPlan::MixedOrders,
        SpecialPlan::FlankingFire,
        SpecialPlan::ScreenedMarch,
        SpecialPlan::Broken,
        SpecialPlan::HeavyFire,
        SpecialPlan::FogOfWar,
    ];

    /// Its name as printed on the counter.
    pub fn label(self) -> &'static str {
        match self {
            SpecialPlan::CloseRanks => "Close Ranks",
            SpecialPlan::HardCover => "Hard Cover",
            SpecialPlan::Charge => "Charge!",
            SpecialPlan::WellStruck => "Well-Struck",
            SpecialPlan::Smoke => "Smoke",
            SpecialPlan::MixedOrders => "Mixed Orders",
            SpecialPlan::FlankingFire => "Flanking Fire",
            SpecialPlan::ScreenedMarch => "Screened March",
            SpecialPlan::Broken => "Broken",
            SpecialPlan::HeavyFire => "Heavy Fire",
            SpecialPlan::FogOfWar => "Fog of War",
        }
    }

    /// Its rule.
    pub fn rule(self) -> &'static str {
        match self {
            SpecialPlan::CloseRanks => "14.1.1",
            SpecialPlan::HardCover => "14.1.2",
            SpecialPlan::Charge => "14.1.3",
            SpecialPlan::WellStruck => "14.1.4",
            SpecialPlan::Smoke => "14.1.5",
            SpecialPlan::MixedOrders => "14.1.6",
            SpecialPlan::FlankingFire => "14.1.7",
            SpecialPlan::ScreenedMarch => "14.1.8",
            SpecialPlan::Broken => "14.1.9",
            SpecialPlan::HeavyFire => "14.1.10",
            SpecialPlan::FogOfWar => "14.1.11",
        }
    }
}

/// The pool for the Tactics in use (13.2, 13.4), each counter once.
pub fn pool(t: Tactics) -> Vec<SpecialPlan> {
    use SpecialPlan::*;
    let own: &[SpecialPlan] = match t {
        Tactics::Aggressive => &[Charge, WellStruck],
        Tactics::Defensive => &[HardCover, HardCover],
    };
    let mut out = own.to_vec();
    out.extend([CloseRanks, CloseRanks, Smoke, FlankingFire, MixedOrders, ScreenedMarch, Broken, HeavyFire]);
    out.extend([FogOfWar; 4]);
    out
}

/// The opaque cup of Special Battle Plans (13.0, 14.0). It never holds more of a plan than the
/// pool for its Tactics: plans set aside for the battle by Scouts (14.0.1), for a turn by
/// Disrupt (12.4.3), or in play (Hard Cover) are out of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cup {
    /// The Tactics whose pool fills it.
    pub tactics: Tactics,
    /// What is in it now.
    pub contents: Vec<SpecialPlan>,
    /// Removed for the whole battle by Scouts (14.0.1).
    pub removed_for_battle: Vec<SpecialPlan>,
    /// Removed until the end of the next draw by Disrupt (12.4.3).
    pub disrupted: Vec<SpecialPlan>,
    /// Drawn or attached and not yet returned.
    pub out: Vec<SpecialPlan>,
}

fn remove_one(list: &mut Vec<SpecialPlan>, plan: SpecialPlan) -> bool {
    match list.iter().position(|p| *p == plan) {
        Some(i) => {
            list.remove(i);
            true
        }
        None => false,
    }
}

impl Cup {
    /// A cup filled with the pool, less what Scouts removed for the battle.
    pub fn filled(tactics: Tactics, removed_for_battle: Vec<SpecialPlan>) -> Cup {
        let mut contents = pool(tactics);
        for p in &removed_for_battle {
            remove_one(&mut contents, *p);
        }
        Cup { tactics, contents, removed_for_battle, disrupted: Vec::new(), out: Vec::new() }
    }

    /// Refills for new Tactics (14.0: "Refill the cup if the Union AI changes tactics"); Hard
    /// Cover in play stays out while the Tactics stay Defensive.
    pub fn refill(&mut self, tactics: Tactics) {
        let attached: Vec<SpecialPlan> = self
            .out
            .iter()
            .copied()
            .filter(|p| *p == SpecialPlan::HardCover && tactics == Tactics::Defensive)
            .collect();
        let mut cup = Cup::filled(tactics, self.removed_for_battle.clone());
        for p in &attached {
            if remove_one(&mut cup.contents, *p) {
                cup.out.push(*p);
            }
        }
        *self = cup;
    }

    /// 14.0.1: a Scout removes a selected plan for the rest of the battle.
    pub fn remove_with_scout(&mut self, plan: SpecialPlan) -> RuleResult<()> {
        if !remove_one(&mut self.contents, plan) {
            return Err(RuleError::OutOfRange { what: "cup", detail: format!("no {plan:?} in the cup") });
        }
        self.removed_for_battle.push(plan);
        Ok(())
    }

    /// Disrupt (12.4.3) sets a plan aside until the end of the next draw.
    pub fn disrupt(&mut self, plan: SpecialPlan) -> RuleResult<()> {
        if !remove_one(&mut self.contents, plan) {
            return Err(RuleError::OutOfRange { what: "cup", detail: format!("no {plan:?} in the cup") });
        }
        self.disrupted.push(plan);
        Ok(())
    }

    /// Draws the plan at `pick` (a random index into the cup, modulo its size).
    pub fn draw(&mut self, pick: usize) -> RuleResult<SpecialPlan> {
        if self.contents.is_empty() {
            return Err(RuleError::OutOfRange { what: "cup", detail: "the Special Battle Plans cup is empty".into() });
        }
        let plan = self.contents.remove(pick % self.contents.len());
        self.out.push(plan);
        Ok(plan)
    }

    /// Draws a named plan: the one the player took from his own cup.
    pub fn draw_named(&mut self, plan: SpecialPlan) -> RuleResult<SpecialPlan> {
        if !remove_one(&mut self.contents, plan) {
            return Err(RuleError::OutOfRange { what: "cup", detail: format!("no {} in the cup", plan.label()) });
        }
        self.out.push(plan);
        Ok(plan)
    }

    /// Returns a drawn plan to the cup (end of turn, Close Ranks used, Hard Cover removed).
    pub fn give_back(&mut self, plan: SpecialPlan) {
        if remove_one(&mut self.out, plan) {
            self.contents.push(plan);
        }
    }

    /// End of the Draw and Assign step: Disrupted plans go back (12.4.3).
    pub fn end_of_draw(&mut self) {
        self.contents.append(&mut self.disrupted);
    }

    /// How many of `plan` are in the cup, set aside by Disrupt, or drawn: never more than its
    /// pool holds (plans Scouts removed are kept apart, 14.0.1).
    pub fn accounted(&self, plan: SpecialPlan) -> usize {
        [&self.contents, &self.disrupted, &self.out].iter().map(|l| l.iter().filter(|p| **p == plan).count()).sum()
    }
}

/// A Union Default Battle Plan (14.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DefaultPlan {
    /// 14.2.1 (Aggressive): Column, Advance one Region, no Activation roll.
    Advance,
    /// 14.2.2: roll to Activate, Line, Attack at range 0 or 1; guns at range 1 or more.
    Combat,
    /// 14.2.2.1: Cavalry at exactly range 2, -2/-2, no move, no change of Formation.
    CavalryCombat,
    /// 14.2.3 (Routed): Column, Retreat one Region.
    Retreat,
    /// 14.2.4: nothing this turn.
    Hold,
}

/// The nearest non-Melee Region of the other side a gun can fire at, and its range (11.7).
pub fn gun_target(field: &Field, id: u32) -> RuleResult<Option<(Region, u8)>> {
    let f = field.get(id)?;
    let side = f.counter.loyalty;
    let mut best: Option<(Region, u8)> = None;
    for e in field.side(side.opponent()) {
        let engaged = field.side(side).any(|o| o.region == e.region);
        let r = f.region.range(e.region);
        if !engaged && r >= 1 && best.is_none_or(|b| r < b.1) {
            best = Some((e.region, r));
        }
    }
    Ok(best)
}

/// Each Union force's Default Battle Plan (13.1, 13.3, 14.2), or `None` where Charge! has
/// taken it this turn (the caller skips those).
pub fn default_plan(field: &Field, id: u32, t: Tactics, routed: bool) -> RuleResult<DefaultPlan> {
    let f = field.get(id)?;
    let kind = f.counter.kind;
    if routed {
        // 14.2.3, 11.1.2: Artillery cannot Retreat; Static Forces are destroyed on a Rout (14.5).
        return Ok(if kind.is_mobile() && kind != ForceType::Artillery {
            DefaultPlan::Retreat
        } else {
            DefaultPlan::Hold
        });
    }
    let melee = field.in_melee(id)?;
    if kind.is_gun() {
        // 11.1.2, 11.1: guns fire at non-Melee forces at range 1 or more, never from Melee.
        return Ok(if !melee && gun_target(field, id)?.is_some() { DefaultPlan::Combat } else { DefaultPlan::Hold });
    }
    let Some(range) = field.nearest_enemy(id)? else { return Ok(DefaultPlan::Hold) };
    if range <= 1 {
        return Ok(if f.region.may_attack_from(Loyalty::Union, kind) || melee {
            DefaultPlan::Combat
        } else {
            DefaultPlan::Hold
        });
    }
    if kind == ForceType::Garrison {
        return Ok(DefaultPlan::Hold);
    }
    // Ruling "Union Cavalry at range 2": 14.2.2.1 applies under both Tactics.
    if kind == ForceType::Cavalry && range == 2 && f.region.may_attack_from(Loyalty::Union, kind) {
        return Ok(DefaultPlan::CavalryCombat);
    }
    if t == Tactics::Defensive {
        return Ok(DefaultPlan::Hold);
    }
    // 13.1: Advance if able; never into a Region of Confederates without Charge!, and only
    // into a Region with room (10.2.14). Hard Cover keeps a force from moving only while the
    // Tactics are Defensive (14.1.2).
    Ok(match f.region.advance(Loyalty::Union) {
        Step::Into(to) if field.has_room(Loyalty::Union, to) => DefaultPlan::Advance,
        _ => DefaultPlan::Hold,
    })
}

/// The order Union plans resolve in (14.3): front to rear, Confederate Reserve to Union
/// Reserve; within a Region in placing order (ruling "Order within a Region").
pub fn resolution_order(field: &Field) -> Vec<u32> {
    let mut ids: Vec<(Region, usize, u32)> =
        field.side(Loyalty::Union).enumerate().map(|(i, f)| (f.region, i, f.id)).collect();
    ids.sort();
    ids.into_iter().map(|x| x.2).collect()
}

/// Where a Union attack lands and how: the Region, Melee or not, and the range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    /// The Region attacked.
    pub region: Region,
    /// Range 0 is Melee.
    pub range: u8,
}

/// The Region a Union force attacks with `plan` (11.0 "the closest opposing Forces", 11.7,
/// 14.2.2.1); `None` if there is nothing to attack.
pub fn union_target(field: &Field, id: u32, plan: DefaultPlan) -> RuleResult<Option<Target>> {
    let f = field.get(id)?;
    if f.counter.kind.is_gun() {
        return Ok(gun_target(field, id)?.map(|(region, range)| Target { region, range }));
    }
    let want = |r: u8| match plan {
        DefaultPlan::CavalryCombat => r == 2,
        DefaultPlan::Combat => r <= 1,
        _ => false,
    };
    // The nearest Region with Confederates; forward (toward the Confederate edge) on a tie.
    let mut best: Option<Target> = None;
    for e in field.side(Loyalty::Confederate) {
        let r = f.region.range(e.region);
        if want(r) && best.is_none_or(|b| r < b.range || (r == b.range && e.region < b.region)) {
            best = Some(Target { region: e.region, range: r });
        }
    }
    Ok(best)
}

/// The turn's effects of drawn Special Battle Plans (14.0).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnEffects {
    /// Hits still to cancel this turn (14.1.1), one per Close Ranks drawn.
    pub close_ranks: u8,
    /// 14.1.4.
    pub well_struck: bool,
    /// 14.1.5.
    pub smoke: bool,
    /// 14.1.6.
    pub mixed_orders: bool,
    /// 14.1.10.
    pub heavy_fire: bool,
}

/// How a Union attack is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackKind {
    /// Combat at range 1 (or a gun at `range`).
    Ranged,
    /// Combat at range 0 (11.5).
    Melee,
    /// Cavalry at range 2 (14.2.2.1).
    CavalryAtTwo,
}

/// A Union attack's values with every modifier and its rule (11.5-11.8, 14.1, Insights and
/// Battle Plan Counters on the target).
pub fn union_attack(
    field: &Field,
    attacker: u32,
    target: u32,
    kind: AttackKind,
    fx: &TurnEffects,
) -> RuleResult<AttackValues> {
    let a = field.get(attacker)?;
    let t = field.get(target)?;
    let mut v = AttackValues::new(field.combat(attacker)?, field.superior(attacker)?);
    match kind {
        AttackKind::Melee => v = v.with(melee()),
        AttackKind::CavalryAtTwo => v = v.with(Modifier::new("14.2.2.1", "Cavalry at range 2", -2, -2)),
        AttackKind::Ranged if a.counter.kind.is_gun() => v = v.with(artillery_range(a.region.range(t.region))?),
        AttackKind::Ranged => {}
    }
    let infantry_or_cavalry = matches!(a.counter.kind, ForceType::Infantry | ForceType::Cavalry);
    if fx.well_struck && kind == AttackKind::Ranged && infantry_or_cavalry {
        v = v.with(Modifier::new("14.1.4", "Well-Struck", 2, 0));
    }
    if t.entrenched {
        v = v.with(Modifier::new("10.2.12.3", "Entrench", -2, -2));
    }
    if t.cover {
        v = v.with(Modifier::new("12.3.3", "Cover", -1, -1));
    }
    Ok(v)
}

/// The Confederate a Union attack hits (11.5, 11.9): in Melee the highest Skill Level, at range
/// the lowest; `tie` picks among equals.
pub fn union_hit_target(field: &Field, region: Region, melee: bool, tie: usize) -> RuleResult<Option<u32>> {
    Ok(crate::battle::tie_pick(&field.by_skill(Loyalty::Confederate, region, melee)?, tie))
}

/// Hard Cover (14.1.2): the Union Infantry or Artillery with the highest Skill Level not in
/// Melee and without Hard Cover; `None` means discard it and draw again (14.0).
pub fn hard_cover_force(field: &Field, tie: usize) -> RuleResult<Option<u32>> {
    let mut best = Vec::new();
    let mut top = None;
    for f in field.side(Loyalty::Union) {
        if !matches!(f.counter.kind, ForceType::Infantry | ForceType::Artillery)
            || f.hard_cover
            || field.in_melee(f.id)?
        {
            continue;
        }
        let s = field.skill(f.id)?;
        if top.is_none_or(|t| s > t) {
            top = Some(s);
            best.clear();
        }
        if Some(s) == top {
            best.push(f.id);
        }
    }
    Ok(crate::battle::tie_pick(&best, tie))
}

/// Attaches Hard Cover and puts the force in Line (14.1.2).
pub fn attach_hard_cover(field: &mut Field, id: u32) -> RuleResult<()> {
    field.set_hard_cover(id, true)?;
    field.set_formation(id, Formation::Line)
}

/// Flanking Fire and Screened March activate on the number of Union Force counters on the
/// sheet or less (14.1.7, 14.1.8); an Activation roll with natural 1 and 10 (ruling
/// "Off-board rolls").
pub fn off_board_activates(field: &Field, roll: D10) -> bool {
    let n = field.side(Loyalty::Union).count();
    roll.check(i32::try_from(n).unwrap_or(i32::MAX))
}

/// Flanking Fire's targets (14.1.7): every Confederate not in Melee, to be picked at random;
/// empty means draw another plan, which does not count.
pub fn flanking_fire_targets(field: &Field) -> RuleResult<Vec<u32>> {
    let mut out = Vec::new();
    for f in field.side(Loyalty::Confederate) {
        if !field.in_melee(f.id)? {
            out.push(f.id);
        }
    }
    Ok(out)
}

/// Screened March's targets (14.1.8): the lowest Skill Level Confederates in the rearmost
/// Region holding any, Melee or not; ties are picked at random.
pub fn screened_march_targets(field: &Field) -> RuleResult<Vec<u32>> {
    match field.side(Loyalty::Confederate).map(|f| f.region).min() {
        Some(rear) => field.by_skill(Loyalty::Confederate, rear, false),
        None => Ok(Vec::new()),
    }
}

/// Broken's targets (14.1.9): the lowest Skill Level Mobile Confederates in the foremost Region
/// holding any, Melee or not; ties are picked at random.
pub fn broken_targets(field: &Field) -> RuleResult<Vec<u32>> {
    let mobile: Vec<&crate::battle::Force> =
        field.side(Loyalty::Confederate).filter(|f| f.counter.kind.is_mobile()).collect();
    let Some(front) = mobile.iter().map(|f| f.region).max() else { return Ok(Vec::new()) };
    let mut here = Vec::new();
    for f in mobile.into_iter().filter(|f| f.region == front) {
        here.push((field.skill(f.id)?, f.id));
    }
    let low = here.iter().map(|h| h.0).min();
    Ok(here.into_iter().filter(|h| Some(h.0) == low).map(|h| h.1).collect())
}

#[cfg(test)]
mod tests;
