//! Charge! (14.1.3): the foremost Union forces at range 1 roll to Activate; those that fail
//! attack with Combat, those that pass advance one at a time, highest Skill Level first, each
//! making a Shock attack on the next Confederate up the Skill Levels (11.4).

use crate::battlefield::{Formation, Step};
use crate::combat::{ShockOutcome, ShockRolls, shock_attack};
use crate::confederate::union_charge_shock;
use crate::force::{ForceType, Loyalty};
use crate::game::{Battle, Report, combat};
use crate::outcome::{self, UnionHit};
use crate::union::{DefaultPlan, SpecialPlan};
use companion_core::d10::D10;
use companion_core::error::{RuleError, RuleResult};
use serde::{Deserialize, Serialize};

/// Charge! in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChargeState {
    /// The forces that may charge, highest Skill Level first.
    pub candidates: Vec<u32>,
    /// Those that Activated, in the order they advance.
    pub passed: Vec<u32>,
    /// Those that failed and attack with Combat.
    pub failed: Vec<u32>,
    /// Confederates that have faced a Shock attack (and their Defensive Fire) this Charge!.
    pub defended: Vec<u32>,
    /// Forces done.
    pub done: Vec<u32>,
    /// The Activation checks are rolled.
    pub rolled: bool,
}

impl ChargeState {
    /// Charge! drawn with these candidates.
    pub fn new(candidates: Vec<u32>) -> ChargeState {
        ChargeState { candidates, passed: vec![], failed: vec![], defended: vec![], done: vec![], rolled: false }
    }
}

fn refuse(detail: &str) -> RuleError {
    RuleError::OutOfRange { what: "Charge!", detail: detail.into() }
}

/// Each candidate's Activation check (14.1.3): a failure changes to Line, a pass to Column.
pub fn activations(g: &mut Battle, rolls: &[D10], r: &mut Report) -> RuleResult<()> {
    let mut c = g.charge.clone().ok_or_else(|| refuse("no Charge! in play"))?;
    if c.rolled || rolls.len() != c.candidates.len() {
        return Err(refuse("one Activation roll for each charging force"));
    }
    for (id, roll) in c.candidates.clone().into_iter().zip(rolls) {
        let number = g.field.activation(id)?.map(i32::from).unwrap_or(0);
        let name = g.field.get(id)?.counter.name.clone();
        if roll.check(number) {
            c.passed.push(id);
            r.say(format!("{name} Activates for Charge! ({} against {number})", roll.value()));
        } else {
            g.field.set_formation(id, Formation::Line)?;
            c.failed.push(id);
            r.say(format!("{name} fails to Activate: Line and Combat (14.1.3)"));
        }
        g.acted.push(id);
    }
    c.rolled = true;
    g.charge = Some(c);
    Ok(())
}

/// A force that failed its Activation attacks with Combat (14.1.3, 14.2.2).
pub fn failed_attack(
    g: &mut Battle,
    id: u32,
    activation: Option<D10>,
    attack: Option<D10>,
    tie: usize,
    r: &mut Report,
) -> RuleResult<()> {
    let mut c = g.charge.clone().ok_or_else(|| refuse("no Charge! in play"))?;
    if !c.failed.contains(&id) || c.done.contains(&id) {
        return Err(refuse("only a force that failed to Activate for Charge! attacks with Combat"));
    }
    c.done.push(id);
    g.charge = Some(c);
    combat(g, id, DefaultPlan::Combat, activation, attack, tie, r)
}

/// The next Activated force advances and makes its Shock attack (14.1.3, 11.4).
pub fn shock(g: &mut Battle, id: u32, rolls: &ShockRolls, tie: usize, r: &mut Report) -> RuleResult<()> {
    let mut c = g.charge.clone().ok_or_else(|| refuse("no Charge! in play"))?;
    if c.failed.iter().any(|f| !c.done.contains(f) && g.field.get(*f).is_ok()) {
        return Err(refuse("the forces that failed to Activate attack first"));
    }
    if c.passed.iter().find(|p| !c.done.contains(p)) != Some(&id) {
        return Err(refuse("charging forces advance highest Skill Level first"));
    }
    c.done.push(id);
    let f = g.field.get(id)?;
    let name = f.counter.name.clone();
    let Step::Into(into) = f.region.advance(Loyalty::Union) else {
        g.charge = Some(c);
        r.say(format!("{name} Holds"));
        return Ok(());
    };
    let mut waiting = Vec::new();
    for e in g.field.side(Loyalty::Confederate).filter(|e| e.region == into) {
        waiting.push((g.field.skill(e.id)?, c.defended.contains(&e.id), e.id));
    }
    let fresh: Vec<_> = waiting.iter().filter(|w| !w.1).copied().collect();
    let pool = if fresh.is_empty() { waiting } else { fresh };
    let low = pool.iter().map(|w| w.0).min();
    let tied: Vec<u32> = pool.iter().filter(|w| Some(w.0) == low).map(|w| w.2).collect();
    let Some(target) = crate::battle::tie_pick(&tied, tie) else {
        g.charge = Some(c);
        r.say(format!("{name} Holds: no Confederate Force at range 1 (14.1.3)"));
        return Ok(());
    };
    if !g.field.has_room(Loyalty::Union, into) {
        g.charge = Some(c);
        r.say(format!("{name} Holds: the {} is full (10.2.14)", into.label()));
        return Ok(());
    }
    c.defended.push(target);
    g.charge = Some(c);
    g.field.set_formation(id, Formation::Column)?;
    let sides = union_charge_shock(&g.field, id, target, &g.effects, g.insights)?;
    let report = shock_attack(&sides, rolls)?;
    r.modifiers = report.defender_modifiers.clone();
    r.modifiers.extend(report.attacker_modifiers.clone());
    let target_name = g.field.get(target)?.counter.name.clone();
    let union_hit = |g: &mut Battle, r: &mut Report| -> RuleResult<()> {
        match outcome::hit_union(&mut g.field, &mut g.effects, id)? {
            UnionHit::Cancelled => {
                if let Some(cup) = g.cup.as_mut() {
                    cup.give_back(SpecialPlan::CloseRanks);
                }
                r.say("Close Ranks cancels the Hit (14.1.1)");
            }
            UnionHit::Taken(h) => r.hits.push(h),
        }
        Ok(())
    };
    let move_in = |g: &mut Battle| -> RuleResult<()> {
        g.field.step(id, Step::Into(into))?;
        g.union_cp += outcome::entry_points(Loyalty::Union, into, &mut g.reached);
        Ok(())
    };
    match report.outcome {
        ShockOutcome::NotActivated => {}
        ShockOutcome::DefensiveFireHit => {
            r.say(format!("{target_name}'s Defensive Fire hits {name}: the Shock attack fails (11.4.1)"));
            union_hit(g, r)?;
        }
        ShockOutcome::DefenderFailed => {
            if g.field.get(target)?.counter.kind == ForceType::Artillery {
                g.field.forces.retain(|f| f.id != target);
                r.say(format!("{target_name} is captured (11.4.4, 5.9.1)"));
            } else {
                let hit = g.field.hit(target)?;
                r.hits.push(hit.clone());
                if g.field.get(target).is_ok() {
                    let went = outcome::retreat_from_shock(&mut g.field, target)?;
                    r.say(format!("{target_name} fails its Shock check: Hit and Retreat, {went:?} (11.4.2)"));
                }
            }
            move_in(g)?;
        }
        ShockOutcome::BothPassed => {
            r.say(format!("{name} and {target_name} pass: Melee next turn (11.4.2)"));
            move_in(g)?;
        }
        ShockOutcome::AttackerFailed => {
            r.say(format!("{target_name} holds; {name} fails its Shock check and takes a Hit (11.4.2)"));
            union_hit(g, r)?;
            if g.field.get(id).is_ok() {
                move_in(g)?;
            }
        }
    }
    // 12.3.3: Cover is removed after the Shock check, passed or not.
    if let Some(f) = g.field.forces.iter_mut().find(|f| f.id == target) {
        f.cover = false;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
