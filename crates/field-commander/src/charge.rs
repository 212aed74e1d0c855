//! Charge! (14.1.3): the foremost Union forces at range 1 roll to Activate; those that fail
//! attack with Combat, those that pass advance one at a time, highest Skill Level first, each
//! making a Shock attack on the next Confederate up the Skill Levels (11.4).

use crate::battlefield::{Formation, Step};
use crate::combat::{ShockOutcome, shock_roll_words, shock_with_dice};
use crate::confederate::union_charge_shock;
use crate::dice::Dice;
use crate::force::{ForceType, Loyalty};
use crate::game::{Battle, Report};
use crate::hits::{self, Source};
use crate::outcome;
use crate::state::Stage;
use crate::union::DefaultPlan;
use crate::union_turn::{combat, finish_draw};
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

    /// The next force to act and how: a failed one's Combat first, then the charges in order.
    pub fn next(&self, g: &Battle) -> Option<(u32, bool)> {
        if !self.rolled {
            return None;
        }
        let waiting = |id: &&u32| !self.done.contains(id) && g.field.get(**id).is_ok();
        if let Some(f) = self.failed.iter().find(waiting) {
            return Some((*f, false));
        }
        self.passed.iter().find(waiting).map(|p| (*p, true))
    }
}

/// Whether Charge! is resolved: every force that could take part has acted.
pub fn complete(g: &Battle, c: &ChargeState) -> bool {
    c.rolled && c.next(g).is_none()
}

fn refuse(detail: &str) -> RuleError {
    RuleError::OutOfRange { what: "Charge!", detail: detail.into() }
}

fn settle(g: &mut Battle) {
    if g.stage == Stage::UnionDraw {
        let quantity = g.quantities.map(|q| q.1).unwrap_or(0);
        finish_draw(g, quantity);
    }
}

/// Each candidate's Activation check (14.1.3): a failure changes to Line, a pass to Column.
pub fn activations(g: &mut Battle, dice: &mut Dice, r: &mut Report) -> RuleResult<()> {
    let mut c = g.charge.clone().ok_or_else(|| refuse("no Charge! in play"))?;
    if c.rolled {
        return Err(refuse("the Activation checks are rolled"));
    }
    for id in c.candidates.clone() {
        let number = g.field.activation(id)?.map(i32::from).unwrap_or(0);
        let name = g.field.get(id)?.counter.name.clone();
        let roll = dice.check(format!("{name}'s Activation check for Charge! (14.1.3)"), number)?;
        if roll.check(number) {
            c.passed.push(id);
            r.say(format!("{name} rolls {} against {number}: Activates and will charge (14.1.3)", roll.value()));
        } else {
            g.field.set_formation(id, Formation::Line)?;
            c.failed.push(id);
            r.say(format!(
                "{name} rolls {} against {number}: fails, changes to Line and uses Combat (14.1.3)",
                roll.value()
            ));
        }
        g.acted.push(id);
    }
    c.rolled = true;
    g.charge = Some(c);
    settle(g);
    Ok(())
}

/// A force that failed its Activation attacks with Combat (14.1.3, 14.2.2).
pub fn failed_attack(g: &mut Battle, id: u32, dice: &mut Dice, tie: usize, r: &mut Report) -> RuleResult<()> {
    let mut c = g.charge.clone().ok_or_else(|| refuse("no Charge! in play"))?;
    if c.next(g) != Some((id, false)) {
        return Err(refuse("the forces that failed to Activate attack first, highest Skill Level first"));
    }
    c.done.push(id);
    g.charge = Some(c);
    let name = g.field.get(id)?.counter.name.clone();
    r.say(format!("{name} failed to Activate for Charge!: it uses Combat (14.1.3)"));
    combat(g, id, DefaultPlan::Combat, dice, tie, r)?;
    settle(g);
    Ok(())
}

/// The next Activated force advances and makes its Shock attack (14.1.3, 11.4).
pub fn shock(g: &mut Battle, id: u32, dice: &mut Dice, tie: usize, r: &mut Report) -> RuleResult<()> {
    let mut c = g.charge.clone().ok_or_else(|| refuse("no Charge! in play"))?;
    if c.next(g) != Some((id, true)) {
        return Err(refuse("charging forces advance highest Skill Level first, after the failed ones attack"));
    }
    c.done.push(id);
    g.charge = Some(c.clone());
    let f = g.field.get(id)?;
    let name = f.counter.name.clone();
    let Step::Into(into) = f.region.advance(Loyalty::Union) else {
        r.say(format!("{name} Holds"));
        settle(g);
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
        r.say(format!("{name} Holds: no Confederate Force at range 1 any more (14.1.3)"));
        settle(g);
        return Ok(());
    };
    if !g.field.has_room(Loyalty::Union, into) {
        r.say(format!("{name} Holds: the {} is full (10.2.14)", into.label()));
        settle(g);
        return Ok(());
    }
    c.defended.push(target);
    g.charge = Some(c);
    g.field.set_formation(id, Formation::Column)?;
    let target_name = g.field.get(target)?.counter.name.clone();
    r.say(format!(
        "{name} advances in Column into the {} and makes a Shock attack on {target_name}, the next Confederate up the Skill Levels (14.1.3, 11.4)",
        into.label()
    ));
    let sides = union_charge_shock(&g.field, id, target, &g.effects, g.insights)?;
    for line in crate::combat::shock_preview_words(&sides, &name, &target_name) {
        r.say(line);
    }
    let report = shock_with_dice(&sides, dice, &name, &target_name)?;
    for line in shock_roll_words(&report, &name, &target_name) {
        r.say(line);
    }
    r.modifiers = report.defender_modifiers.clone();
    r.modifiers.extend(report.attacker_modifiers.clone());
    let move_in = |g: &mut Battle, r: &mut Report| -> RuleResult<()> {
        g.field.step(id, Step::Into(into))?;
        let points = outcome::entry_points(Loyalty::Union, into, &mut g.reached);
        g.union_cp += points;
        if points > 0 {
            r.say(format!("The Union first enters the {}: +{points} Command Point (18.4)", into.label()));
        }
        Ok(())
    };
    match report.outcome {
        ShockOutcome::NotActivated => {}
        ShockOutcome::DefensiveFireHit => {
            r.say(format!(
                "{target_name}'s Defensive Fire hits {name}: the Shock attack fails, {name} stays and Holds (11.4.1)"
            ));
            hits::on_union(g, id, false, r)?;
        }
        ShockOutcome::DefenderFailed => {
            if g.field.get(target)?.counter.kind == ForceType::Artillery {
                r.say(format!("{target_name} is Artillery and fails its Shock check (11.4.4)"));
                hits::capture(g, target, Loyalty::Union, r)?;
            } else {
                r.say(format!("{target_name} fails its Shock check: a Hit and a Retreat (11.4.2)"));
                hits::on_confederate(g, target, Source::Shock, false, dice, tie, r)?;
                if g.field.get(target).is_ok() {
                    let went = outcome::retreat_from_shock(&mut g.field, target)?;
                    r.say(format!("{target_name}: {}", crate::ending::retreat_words(&went)));
                }
            }
            move_in(g, r)?;
        }
        ShockOutcome::BothPassed => {
            r.say(format!("{name} and {target_name} both pass: they share the {}, in Melee (11.4.2)", into.label()));
            move_in(g, r)?;
        }
        ShockOutcome::AttackerFailed => {
            r.say(format!("{target_name} holds; {name} fails its Shock check, takes a Hit and stays (11.4.2)"));
            hits::on_union(g, id, false, r)?;
            if g.field.get(id).is_ok() {
                move_in(g, r)?;
            }
        }
    }
    // 12.3.3: Cover is removed after the Shock check, passed or not.
    if let Some(f) = g.field.forces.iter_mut().find(|f| f.id == target)
        && f.cover
    {
        f.cover = false;
        crate::lee::remove_plan(g, target);
        r.say(format!("{target_name}'s Cover is removed after the Shock check (12.3.3)"));
    }
    settle(g);
    Ok(())
}

#[cfg(test)]
mod tests;
