//! Insights in play (10.2.12, 12.1): Duration and Entrench at the first Insight step,
//! Demolitions and Screen rolled against Lee's Command Rating, a failed roll re-rolled with a
//! Scout (12.1.1). Front and Terrain act at the placing ([`crate::setup`]); Morale and Officers
//! change values ([`crate::confederate::InsightsInPlay`]).

use crate::combat::AttackValues;
use crate::dice::Dice;
use crate::dispatch::at;
use crate::force::Loyalty;
use crate::game::{Report, Step, refuse};
use crate::outcome;
use crate::prebattle::{self, Insight};
use crate::state::{Battle, FailedInsight, Stage};

fn counter_mut(g: &mut Battle, insight: Insight) -> Option<&mut crate::state::InsightCounter> {
    g.insight_counters.iter_mut().find(|c| c.insight == insight && !c.used)
}

pub(crate) fn duration(g: &mut Battle, longer: bool, r: &mut Report) -> Step {
    at(g, &[Stage::Insights], "Duration")?;
    if g.turn != 1 {
        return Err(refuse("Duration activates at the Insight step of the first Battle Turn (10.2.12.1)"));
    }
    let c = counter_mut(g, Insight::Duration).ok_or_else(|| refuse("no Duration Insight to use"))?;
    c.used = true;
    let before = g.turns.ok_or_else(|| refuse("no Battle Turns from Fog of War"))?;
    let after = prebattle::duration(before, longer);
    g.turns = Some(after);
    r.say(format!("Duration: the battle lasts {after} Battle Turns instead of {before} (1 to 6, 10.2.12.1)"));
    Ok(())
}

pub(crate) fn entrench(g: &mut Battle, id: u32, r: &mut Report) -> Step {
    at(g, &[Stage::Insights], "Entrench")?;
    if g.turn != 1 {
        return Err(refuse("Entrench activates at the Insight step of the first Battle Turn (10.2.12.3)"));
    }
    let f = g.field.get(id)?;
    if f.counter.loyalty != Loyalty::Confederate || g.field.in_melee(id)? {
        return Err(refuse("Entrench goes on a Confederate Force not in Melee (10.2.12.3)"));
    }
    let name = f.counter.name.clone();
    counter_mut(g, Insight::Entrench).ok_or_else(|| refuse("no Entrench Insight to use"))?.used = true;
    if let Some(x) = g.field.forces.iter_mut().find(|f| f.id == id) {
        x.entrenched = true;
    }
    r.say(format!("Entrench on {name}: Union attacks on it -2/-2, +2 on its Shock checks, until it moves (10.2.12.3)"));
    Ok(())
}

fn rating(g: &Battle) -> Result<i32, companion_core::error::RuleError> {
    g.lee_rating.map(i32::from).ok_or_else(|| refuse("enter Lee's Command Rating: the Insight rolls against it (5.8)"))
}

pub(crate) fn activate(
    g: &mut Battle,
    insight: Insight,
    target: Option<u32>,
    dice: &mut Dice,
    tie: usize,
    r: &mut Report,
) -> Step {
    at(g, &[Stage::Insights], "An Insight Activation roll")?;
    if insight.activation_modifier().is_none() {
        return Err(refuse(format!("{} activates by itself, without a roll (10.2.12)", insight.label())));
    }
    if !g.has_insight(insight) {
        return Err(refuse(format!("no {} Insight in play", insight.label())));
    }
    if g.insights_tried.contains(&insight) {
        return Err(refuse(format!("{} rolls once a Battle Turn (10.2.12.2, 10.2.12.7)", insight.label())));
    }
    if insight == Insight::Demolitions {
        demolitions_target(g, target)?;
    }
    g.insights_tried.push(insight);
    roll_and_apply(g, FailedInsight { insight, target }, dice, tie, r)
}

pub(crate) fn reroll(g: &mut Battle, dice: &mut Dice, tie: usize, r: &mut Report) -> Step {
    at(g, &[Stage::Insights], "An Insight re-roll")?;
    let failed = g.insight_failed.ok_or_else(|| refuse("no failed Insight roll this turn to re-roll (12.1.1)"))?;
    if g.scouts == 0 {
        return Err(refuse("no Scout to discard (12.1.1)"));
    }
    g.scouts -= 1;
    r.say(format!(
        "A Scout is discarded to re-roll {}; the earlier roll cannot be taken back (12.1.1)",
        failed.insight.label()
    ));
    roll_and_apply(g, failed, dice, tie, r)
}

fn demolitions_target(g: &Battle, target: Option<u32>) -> Step {
    let id = target.ok_or_else(|| refuse("Demolitions needs a Union Garrison or Fortification as its target"))?;
    let t = g.field.get(id)?;
    if t.counter.loyalty != Loyalty::Union || t.counter.kind.is_mobile() {
        return Err(refuse("Demolitions targets a Union Garrison or Fortification (10.2.12.2)"));
    }
    if !g.field.side(Loyalty::Confederate).any(|c| c.region.range(t.region) <= 1) {
        return Err(refuse("Demolitions needs a Confederate Force in the target's Region or next to it (10.2.12.2)"));
    }
    Ok(())
}

fn roll_and_apply(g: &mut Battle, what: FailedInsight, dice: &mut Dice, tie: usize, r: &mut Report) -> Step {
    let modifier = what.insight.activation_modifier().unwrap_or(0);
    let target = rating(g)? + modifier;
    let plus = if modifier > 0 { format!(" +{modifier}") } else { String::new() };
    let roll = dice.check(
        format!("{} against Lee's rating{plus} (12.1, {})", what.insight.label(), what.insight.rule()),
        target,
    )?;
    if !roll.check(target) {
        g.insight_failed = Some(what);
        r.say(format!(
            "{} rolls {} against {target}: it fails; the Insight is kept for a later turn, or a Scout re-rolls (12.1.1)",
            what.insight.label(),
            roll.value()
        ));
        return Ok(());
    }
    g.insight_failed = None;
    r.say(format!(
        "{} rolls {} against {target}: it activates ({})",
        what.insight.label(),
        roll.value(),
        what.insight.rule()
    ));
    match what.insight {
        Insight::Demolitions => {
            let id = what.target.ok_or_else(|| refuse("no target"))?;
            let name = g.field.get(id)?.counter.name.clone();
            g.field.forces.retain(|f| f.id != id);
            r.say(format!("{name} is Destroyed; Demolitions stays in play for a later turn (10.2.12.2)"));
        }
        Insight::Screen => screen(g, dice, tie, r)?,
        _ => {}
    }
    Ok(())
}

/// Screen's three attacks with the Infantry Force's Combat Value (10.2.12.7), then the two
/// forces go back to the campaign map.
fn screen(g: &mut Battle, dice: &mut Dice, tie: usize, r: &mut Report) -> Step {
    let forces = g.screen.clone().ok_or_else(|| refuse("Screen's forces were not set aside (10.2.12.7)"))?;
    let cv = forces.infantry.full.combat.get(&forces.infantry.name, "combat value")?;
    let values = AttackValues::new(cv, None);
    let mut hits = 0u8;
    for n in 1..=3 {
        let roll = dice.attack(
            format!("Screen's attack {n} of 3 with {}'s Combat Value {cv} (10.2.12.7)", forces.infantry.name),
            &values,
        )?;
        let hit = values.hits(roll).min(1);
        hits += hit;
        r.say(format!("Screen attack {n}: rolls {}, {}", roll.value(), if hit > 0 { "a Hit" } else { "a miss" }));
    }
    let names: Vec<(u32, String)> = g.field.forces.iter().map(|f| (f.id, f.counter.name.clone())).collect();
    let taken = outcome::screen_hits(&mut g.field, hits, tie)?;
    for h in &taken {
        let name = names.iter().find(|n| n.0 == h.force).map(|n| n.1.as_str()).unwrap_or("A Union Force");
        let what = if h.result == crate::force::HitResult::Flipped { "flipped" } else { "Destroyed" };
        r.say(format!("{name} takes a Hit from the rear, lowest Skill Level first: {what} (10.2.12.7)"));
    }
    r.hits.extend(taken);
    if let Some(c) = counter_mut(g, Insight::Screen) {
        c.used = true;
    }
    r.say(format!(
        "{} and {} go back to the campaign map's Battle Location Area and take no further part (10.2.12.7)",
        forces.cavalry.name, forces.infantry.name
    ));
    Ok(())
}

#[cfg(test)]
mod tests;
