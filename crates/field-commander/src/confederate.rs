//! The Confederate side's values as the Union's plans change them: attacks with Battle Plan
//! Counters, Smoke and Hard Cover (12.3, 14.1); Activation with Mixed Orders and Officers; and
//! the two sides of a Shock attack in either direction (11.4, 12.3.4, 12.3.6, 14.1.3).

use crate::battle::Field;
use crate::battlefield::Formation;
use crate::combat::{AttackValues, Modifier, ShockSides, artillery_range, defensive_fire_values, melee};
use crate::force::ForceType;
use crate::union::TurnEffects;
use companion_core::error::RuleResult;
use serde::{Deserialize, Serialize};

/// Battle Plan Counters that change an attack (12.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlanCounter {
    /// 12.3.1.
    AimedVolley,
    /// 12.3.2.
    Canister,
    /// 12.3.4.
    Engage,
    /// 12.3.5.
    FightingRetreat,
    /// 12.3.6.
    Flank,
    /// 12.3.9.
    RapidAdvance,
    /// 12.3.10, first attack.
    RapidFire,
    /// 12.3.10, second attack.
    RapidFireSecond,
    /// 12.3.11.
    Volley,
}

/// The counter's modifier to the attack, for a force in `formation`.
pub fn plan_modifier(plan: PlanCounter, formation: Formation) -> Option<Modifier> {
    use Formation::*;
    use PlanCounter::*;
    let m = |rule: &str, what: &str, c, s| Some(Modifier::new(rule, what, c, s));
    match (plan, formation) {
        (AimedVolley, _) => m("12.3.1", "Aimed Volley", 3, 1),
        (Canister, _) => m("12.3.2", "Canister", 2, 2),
        (Engage, _) => m("12.3.4", "Engage", 1, 1),
        (FightingRetreat, Column) => m("12.3.5", "Fighting Retreat in Column", -2, -2),
        (FightingRetreat, Line) => m("12.3.5", "Fighting Retreat in Line", -1, -1),
        (Flank, Column) => m("12.3.6", "Flank in Column", -2, -2),
        (Flank, Line) => None,
        (RapidAdvance, _) => m("12.3.9", "Rapid Advance in Line", -1, -1),
        (RapidFire, _) => m("12.3.10", "Rapid Fire", -1, -1),
        (RapidFireSecond, _) => m("12.3.10", "Rapid Fire, second attack", -2, -2),
        (Volley, _) => m("12.3.11", "Volley", 2, 0),
    }
}

/// The Insights in play that change values (10.2.12.5, 10.2.12.6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InsightsInPlay {
    /// Morale: +2/+0 on Shock checks.
    pub morale: bool,
    /// Officers: +1 to every Activation number.
    pub officers: bool,
}

fn smoke() -> Modifier {
    Modifier::new("14.1.5", "Smoke", -1, -1)
}

/// A Confederate attack on a Union force with every modifier (11.5-11.8, 12.3, 14.1.2, 14.1.5).
pub fn confederate_attack(
    field: &Field,
    attacker: u32,
    target: u32,
    plan: Option<PlanCounter>,
    fx: &TurnEffects,
) -> RuleResult<AttackValues> {
    let a = field.get(attacker)?;
    let t = field.get(target)?;
    let mut v = AttackValues::new(field.combat(attacker)?, field.superior(attacker)?);
    let range = a.region.range(t.region);
    if range == 0 {
        v = v.with(melee());
    } else if a.counter.kind.is_gun() {
        v = v.with(artillery_range(range)?);
    }
    if let Some(m) = plan.and_then(|p| plan_modifier(p, a.formation)) {
        v = v.with(m);
    }
    if fx.smoke {
        v = v.with(smoke());
    }
    if t.hard_cover {
        v = v.with(Modifier::new("14.1.2", "Hard Cover", -2, -2));
    }
    Ok(v)
}

/// A Confederate Activation number with its modifiers (5.6, 10.2.12.6, 14.1.6; -2 in Line for
/// Fighting Retreat and Rapid Advance, 12.3.5, 12.3.9). `None` if the counter prints none.
pub fn confederate_activation(
    field: &Field,
    id: u32,
    fx: &TurnEffects,
    insights: InsightsInPlay,
    plan: Option<PlanCounter>,
) -> RuleResult<Option<(i32, Vec<Modifier>)>> {
    let Some(number) = field.activation(id)? else { return Ok(None) };
    let mut mods = Vec::new();
    if fx.mixed_orders {
        mods.push(Modifier::new("14.1.6", "Mixed Orders", -1, 0));
    }
    if insights.officers {
        mods.push(Modifier::new("10.2.12.6", "Officers", 1, 0));
    }
    let line = field.get(id)?.formation == Formation::Line;
    match plan {
        Some(PlanCounter::FightingRetreat) if line => mods.push(Modifier::new("12.3.5", "In Line", -2, 0)),
        Some(PlanCounter::RapidAdvance) if line => mods.push(Modifier::new("12.3.9", "In Line", -2, 0)),
        _ => {}
    }
    Ok(Some((i32::from(number), mods)))
}

fn total(a: &(i32, Vec<Modifier>)) -> i32 {
    a.0 + a.1.iter().map(|m| m.combat).sum::<i32>()
}

/// A Confederate Shock attack on a Union force (11.4). Engage and Flank need no Activation
/// check for the Shock (12.3.4, 12.3.6); Flank gives the defender -3.
pub fn confederate_shock(
    field: &Field,
    attacker: u32,
    defender: u32,
    plan: Option<PlanCounter>,
    fx: &TurnEffects,
    insights: InsightsInPlay,
) -> RuleResult<ShockSides> {
    let a = field.get(attacker)?;
    let d = field.get(defender)?;
    let free = matches!(plan, Some(PlanCounter::Engage | PlanCounter::Flank));
    let attacker_activation = if free { None } else { confederate_activation(field, attacker, fx, insights, None)? };
    let mut attacker_modifiers = Vec::new();
    if insights.morale {
        attacker_modifiers.push(Modifier::new("10.2.12.5", "Morale", 2, 0));
    }
    if fx.smoke {
        attacker_modifiers.push(smoke());
    }
    let mut defender_modifiers = Vec::new();
    if d.hard_cover {
        defender_modifiers.push(Modifier::new("14.1.2", "Hard Cover", 2, 0));
    }
    if plan == Some(PlanCounter::Flank) {
        defender_modifiers.push(Modifier::new("12.3.6", "Flank", -3, 0));
    }
    let gun = d.counter.kind.is_gun().then_some(1);
    Ok(ShockSides {
        attacker_activation,
        attacker_combat: field.combat(attacker)?,
        attacker_modifiers,
        formations: (a.formation, d.formation),
        defender_activation: field.activation(defender)?.map(i32::from),
        defensive_fire: defensive_fire_values(field.combat(defender)?, gun)?,
        defender_combat: field.combat(defender)?,
        defender_modifiers,
        defender_is_artillery: d.counter.kind == ForceType::Artillery,
    })
}

/// A Union Shock attack under Charge! on a Confederate force (14.1.3): no Activation check for
/// the Shock; the defender's Defensive Fire and Shock check take its Insights, Cover and Smoke
/// (10.2.12.3, 10.2.12.5, 12.3.3, 14.1.5; ruling "Smoke").
pub fn union_charge_shock(
    field: &Field,
    attacker: u32,
    defender: u32,
    fx: &TurnEffects,
    insights: InsightsInPlay,
) -> RuleResult<ShockSides> {
    let d = field.get(defender)?;
    let mut defender_modifiers = Vec::new();
    let mut attacker_modifiers = Vec::new();
    if d.entrenched {
        defender_modifiers.push(Modifier::new("10.2.12.3", "Entrench", 2, 0));
        attacker_modifiers.push(Modifier::new("10.2.12.3", "Entrench", -2, 0));
    }
    if d.cover {
        defender_modifiers.push(Modifier::new("12.3.3", "Cover", 1, 0));
    }
    if insights.morale {
        defender_modifiers.push(Modifier::new("10.2.12.5", "Morale", 2, 0));
    }
    let mut fire = defensive_fire_values(field.combat(defender)?, d.counter.kind.is_gun().then_some(1))?;
    if fx.smoke {
        defender_modifiers.push(smoke());
        fire = fire.with(Modifier::new("14.1.5", "Smoke", -1, 0));
    }
    Ok(ShockSides {
        attacker_activation: None,
        attacker_combat: field.combat(attacker)?,
        attacker_modifiers,
        formations: (Formation::Column, d.formation),
        defender_activation: confederate_activation(field, defender, fx, insights, None)?.map(|a| total(&a)),
        defensive_fire: fire,
        defender_combat: field.combat(defender)?,
        defender_modifiers,
        defender_is_artillery: d.counter.kind == ForceType::Artillery,
    })
}

#[cfg(test)]
mod tests;
