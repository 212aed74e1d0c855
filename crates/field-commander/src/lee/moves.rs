//! Confederate movement: Activation checks (5.6, 11.2, 11.2.1), Advances with the Shock attack
//! they may start (11.3, 11.4), voluntary Retreats (11.3, 14.5.1), March, Disrupt and the
//! Routed Retreat (12.4).

use super::{FormationChange, SecondMove, remove_plan};
use crate::battlefield::{Formation, Region, Step as Move};
use crate::combat::{ShockOutcome, shock_roll_words, shock_with_dice};
use crate::confederate::{PlanCounter, confederate_activation, confederate_shock};
use crate::dice::Dice;
use crate::force::{ForceType, Loyalty};
use crate::game::{Report, Step, refuse};
use crate::hits::{self, Source};
use crate::outcome::{self, Retreated};
use crate::state::Battle;
use crate::union::SpecialPlan;
use companion_core::error::RuleResult;

/// Whether an Advance into Union forces makes a Shock attack, and how (11.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ShockMode {
    /// After an Activation check (March, 11.4).
    NeedsActivation,
    /// Without one (Engage, Flank: 12.3.4, 12.3.6).
    Free(PlanCounter),
    /// Not at all: the force may not enter a Region of opposing forces (Artillery, 11.1.1;
    /// Rapid Advance never reaches one).
    Forbidden,
}

/// How an Advance ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Advanced {
    /// Into an empty Region.
    Moved(Region),
    /// It could not move (a full Region, the opposing Reserve, Melee): the order is skipped.
    Stayed,
    /// The Shock attack failed before the Shock checks: the force stays and Holds (11.4, 11.4.1).
    Held,
    /// The defender was driven out and no Union force is left there (11.4.2).
    Cleared(Region),
    /// The force shares a Region with Union forces: Melee from now on (11.4.2, 11.5).
    InMelee,
}

fn name(g: &Battle, id: u32) -> String {
    g.field.get(id).map(|f| f.counter.name.clone()).unwrap_or_else(|_| format!("Force {id}"))
}

/// An Activation check with its modifiers (5.6, 10.2.12.6, 14.1.6; -2 in Line for Fighting
/// Retreat and Rapid Advance), skipped under Clear Orders (11.2.1).
pub(crate) fn activates(
    g: &Battle,
    id: u32,
    plan: Option<PlanCounter>,
    what: &str,
    dice: &mut Dice,
    r: &mut Report,
) -> RuleResult<bool> {
    let who = name(g, id);
    if g.clear_orders.contains(&id) {
        r.say(format!("{who} has Clear Orders: no Activation check (11.2.1)"));
        return Ok(true);
    }
    let Some((number, mods)) = confederate_activation(&g.field, id, &g.effects, g.insights, plan)? else {
        r.say(format!("{who} prints no Activation number and cannot Activate (11.1.1)"));
        return Ok(false);
    };
    let target = number + mods.iter().map(|m| m.combat).sum::<i32>();
    let roll = dice.check(what, target)?;
    let ok = roll.check(target);
    let mods: Vec<String> = mods.iter().map(|m| format!("{} {:+} ({})", m.what, m.combat, m.rule)).collect();
    let mods = if mods.is_empty() { String::new() } else { format!(", {}", mods.join(", ")) };
    r.say(format!(
        "{what}: rolls {} against {target} (Activation {number}{mods}): {} (5.6)",
        roll.value(),
        if ok { "Activates" } else { "fails and Holds" }
    ));
    Ok(ok)
}

fn move_in(g: &mut Battle, id: u32, into: Region, r: &mut Report) -> Step {
    g.field.step(id, Move::Into(into))?;
    let points = outcome::entry_points(Loyalty::Confederate, into, &mut g.reached);
    if points > 0 {
        g.confederate_cp += points;
        r.say(format!("Your force first enters the Union Reserve: +{points} Command Point (15.3)"));
    }
    Ok(())
}

/// One Advance (11.3); into Union forces, a Shock attack as `mode` allows (11.4).
pub(crate) fn advance(
    g: &mut Battle,
    id: u32,
    mode: ShockMode,
    dice: &mut Dice,
    tie: usize,
    r: &mut Report,
) -> RuleResult<Advanced> {
    let who = name(g, id);
    if g.field.in_melee(id)? {
        r.say(format!("{who} is in Melee: it cannot Advance (11.0, 11.5)"));
        return Ok(Advanced::Stayed);
    }
    let Move::Into(to) = g.field.get(id)?.region.advance(Loyalty::Confederate) else {
        r.say(format!("{who} is in the Union Reserve: the Advance is ignored (11.3)"));
        return Ok(Advanced::Stayed);
    };
    if !g.field.has_room(Loyalty::Confederate, to) {
        r.say(format!("The {} is full (10.2.14): {who}'s Advance is skipped (11.2)", to.label()));
        return Ok(Advanced::Stayed);
    }
    if g.field.side(Loyalty::Union).any(|u| u.region == to) {
        return match mode {
            ShockMode::Forbidden => {
                r.say(format!("{who} cannot enter the {}, held by Union forces (11.1.1)", to.label()));
                Ok(Advanced::Stayed)
            }
            ShockMode::NeedsActivation => shock(g, id, to, None, dice, tie, r),
            ShockMode::Free(p) => shock(g, id, to, Some(p), dice, tie, r),
        };
    }
    move_in(g, id, to, r)?;
    r.say(format!("{who} Advances into the {} (11.3)", to.label()));
    Ok(Advanced::Moved(to))
}

/// A Confederate Shock attack into `into` (11.4-11.4.4) on the Union force with the lowest
/// Skill Level; the Union's Defensive Fire and Shock check are rolled for the Union.
fn shock(
    g: &mut Battle,
    id: u32,
    into: Region,
    plan: Option<PlanCounter>,
    dice: &mut Dice,
    tie: usize,
    r: &mut Report,
) -> RuleResult<Advanced> {
    let who = name(g, id);
    let Some(target) = crate::battle::tie_pick(&g.field.by_skill(Loyalty::Union, into, false)?, tie) else {
        return Ok(Advanced::Stayed);
    };
    let target_name = name(g, target);
    r.say(format!(
        "{who} makes a Shock attack into the {} on {target_name}, the Union Force with the lowest Skill Level (11.4)",
        into.label()
    ));
    let sides = confederate_shock(&g.field, id, target, plan, &g.effects, g.insights)?;
    for line in crate::combat::shock_preview_words(&sides, &who, &target_name) {
        r.say(line);
    }
    let report = shock_with_dice(&sides, dice, &who, &target_name)?;
    for line in shock_roll_words(&report, &who, &target_name) {
        r.say(line);
    }
    r.modifiers = report.defender_modifiers.clone();
    r.modifiers.extend(report.attacker_modifiers.clone());
    let checked = !matches!(report.outcome, ShockOutcome::NotActivated | ShockOutcome::DefensiveFireHit);
    if checked && g.field.get(target)?.hard_cover {
        // 14.1.2: after its Shock check Hard Cover goes back to the cup.
        g.field.set_hard_cover(target, false)?;
        r.say(format!("{target_name}'s Hard Cover is removed after its Shock check and goes back to the cup (14.1.2)"));
    }
    Ok(match report.outcome {
        ShockOutcome::NotActivated => {
            r.say(format!("{who} fails to Activate for the Shock attack: it stays and Holds (11.4)"));
            Advanced::Held
        }
        ShockOutcome::DefensiveFireHit => {
            r.say(format!(
                "{target_name}'s Defensive Fire hits {who}: the Shock attack fails; it stays, loses its Battle Plan Counter and Holds (11.4.1)"
            ));
            hits::on_confederate(g, id, Source::Shock, false, dice, tie, r)?;
            remove_plan(g, id);
            Advanced::Held
        }
        ShockOutcome::DefenderFailed => {
            if g.field.get(target)?.counter.kind == ForceType::Artillery {
                r.say(format!("{target_name} is Artillery and fails its Shock check (11.4.4)"));
                hits::capture(g, target, Loyalty::Confederate, r)?;
            } else {
                r.say(format!("{target_name} fails its Shock check: a Hit and a Retreat (11.4.2)"));
                hits::on_union(g, target, false, r)?;
                if g.field.get(target).is_ok() {
                    let went = outcome::retreat_from_shock(&mut g.field, target)?;
                    r.say(format!("{target_name}: {}", crate::ending::retreat_words(&went)));
                }
            }
            move_in(g, id, into, r)?;
            if g.field.side(Loyalty::Union).any(|u| u.region == into) {
                r.say(format!(
                    "{who} enters the {} and is in Melee with the Union forces still there (11.4.2)",
                    into.label()
                ));
                remove_plan(g, id);
                Advanced::InMelee
            } else {
                r.say(format!("{who} takes the {} (11.4.2)", into.label()));
                Advanced::Cleared(into)
            }
        }
        ShockOutcome::BothPassed => {
            move_in(g, id, into, r)?;
            remove_plan(g, id);
            r.say(format!("{who} and {target_name} both pass: they share the {}, in Melee (11.4.2)", into.label()));
            Advanced::InMelee
        }
        ShockOutcome::AttackerFailed => {
            r.say(format!(
                "{target_name} passes; {who} fails its Shock check: a Hit, and it stays in the Region (11.4.2)"
            ));
            hits::on_confederate(g, id, Source::Shock, false, dice, tie, r)?;
            if g.field.get(id).is_ok() {
                move_in(g, id, into, r)?;
                remove_plan(g, id);
                Advanced::InMelee
            } else {
                Advanced::Held
            }
        }
    })
}

/// A voluntary Retreat of `steps` Regions (11.3): into a full Region it stops; behind the
/// Confederate Reserve it leaves the sheet for the campaign map (14.5.1).
pub(crate) fn retreat_steps(g: &mut Battle, id: u32, steps: u8, r: &mut Report) -> Step {
    let who = name(g, id);
    for _ in 0..steps {
        match g.field.get(id)?.region.retreat(Loyalty::Confederate) {
            Move::Into(to) if !g.field.has_room(Loyalty::Confederate, to) => {
                r.say(format!("The {} is full (10.2.14): {who} stops", to.label()));
                break;
            }
            Move::Into(to) => {
                g.field.step(id, Move::Into(to))?;
                r.say(format!("{who} Retreats into the {} (11.3)", to.label()));
            }
            _ => {
                g.field.step(id, Move::OffTheSheet)?;
                r.say(format!("{who} leaves the Battlefield Sheet for an adjacent Area free of Union forces (14.5.1)"));
                break;
            }
        }
    }
    Ok(())
}

fn flip(f: Formation) -> Formation {
    if f == Formation::Line { Formation::Column } else { Formation::Line }
}

/// March (12.4.1).
#[allow(clippy::too_many_arguments)]
pub(crate) fn march(
    g: &mut Battle,
    id: u32,
    change: FormationChange,
    back: bool,
    second: SecondMove,
    dice: &mut Dice,
    tie: usize,
    r: &mut Report,
) -> Step {
    let who = name(g, id);
    let f = g.field.get(id)?;
    let kind = f.counter.kind;
    let melee = g.field.in_melee(id)?;
    if kind == ForceType::Artillery && change != FormationChange::None {
        return Err(refuse("an Artillery Force stays in Line (12.4.1)"));
    }
    if melee && (!back || change != FormationChange::None) {
        return Err(refuse("in Melee a force marches only back, without changing Formation (11.5)"));
    }
    if second != SecondMove::None && kind != ForceType::Cavalry {
        return Err(refuse("only Cavalry moves twice on a March (12.4.1)"));
    }
    if back && !melee && f.region != Region::ConfederateReserve {
        return Err(refuse(
            "a March goes toward the Union Reserve; back only in Melee (11.5) or off the sheet from your Reserve (14.5.1)",
        ));
    }
    let before = f.formation;
    if change == FormationChange::Before {
        g.field.set_formation(id, flip(before))?;
        r.say(format!("{who} changes to {:?} before marching (12.4.1)", flip(before)));
    }
    let column = g.field.get(id)?.formation == Formation::Column;
    if column {
        r.say(format!("{who} is in Column: March activates without a roll (12.4.1)"));
    } else if !activates(g, id, None, &format!("{who}'s Activation check to March in Line (12.4.1)"), dice, r)? {
        g.field.set_formation(id, before)?;
        return Ok(());
    }
    let mode = if kind == ForceType::Artillery { ShockMode::Forbidden } else { ShockMode::NeedsActivation };
    let first = if back {
        retreat_steps(g, id, 1, r)?;
        Advanced::Stayed
    } else {
        advance(g, id, mode, dice, tie, r)?
    };
    let on_sheet = g.field.get(id).is_ok();
    let engaged = matches!(first, Advanced::Held | Advanced::InMelee);
    if on_sheet && !engaged && !g.field.in_melee(id)? {
        match second {
            SecondMove::Advance => {
                advance(g, id, mode, dice, tie, r)?;
            }
            SecondMove::Retreat => retreat_steps(g, id, 1, r)?,
            SecondMove::None => {}
        }
    }
    if change == FormationChange::After && g.field.get(id).is_ok() && !g.field.in_melee(id)? {
        let now = g.field.get(id)?.formation;
        g.field.set_formation(id, flip(now))?;
        r.say(format!("{who} changes to {:?} after marching (12.4.1)", flip(now)));
    }
    Ok(())
}

/// Disrupt (12.4.3): a Cavalry Force not in Melee rolls in any Formation; it goes to the
/// Confederate Reserve and takes one examined plan, or three at random, out of the cup until
/// the end of the next Draw and Assign step.
pub(crate) fn disrupt(
    g: &mut Battle,
    id: u32,
    plan: Option<SpecialPlan>,
    picks: &[usize],
    dice: &mut Dice,
    r: &mut Report,
) -> Step {
    let who = name(g, id);
    if g.cup.as_ref().is_none_or(|c| c.contents.is_empty()) {
        return Err(refuse("the Union's cup is empty: nothing to Disrupt (12.4.3)"));
    }
    if !activates(g, id, None, &format!("{who}'s Activation check for Disrupt (12.4.3)"), dice, r)? {
        return Ok(());
    }
    g.field.step(id, Move::Into(Region::ConfederateReserve))?;
    r.say(format!("{who} goes to the Confederate Reserve (12.4.3)"));
    let cup = g.cup.as_mut().ok_or_else(|| refuse("no cup"))?;
    let mut taken = Vec::new();
    match plan {
        Some(p) => {
            cup.disrupt(p)?;
            taken.push(p);
        }
        None => {
            for i in 0..3 {
                let n = cup.contents.len();
                let Some(p) =
                    (n > 0).then(|| cup.contents.get(picks.get(i).copied().unwrap_or(i) % n).copied()).flatten()
                else {
                    break;
                };
                cup.disrupt(p)?;
                taken.push(p);
            }
        }
    }
    let names: Vec<&str> = taken.iter().map(|p| p.label()).collect();
    r.say(format!("Disrupt takes {} out of the Union's cup until the end of its next draw (12.4.3)", names.join(", ")));
    Ok(())
}

/// The Routed Retreat (12.4.5, 14.5): Column, one Region back; into a full Region the force is
/// Destroyed; behind the Reserve it leaves the battle.
pub(crate) fn routed_retreat(g: &mut Battle, id: u32, r: &mut Report) -> Step {
    let who = name(g, id);
    g.field.set_formation(id, Formation::Column)?;
    let went = outcome::retreat_routed(&mut g.field, id)?;
    r.say(match went {
        Retreated::Into(to) => format!("{who} is Routed: Column, Retreats into the {} (12.4.5)", to.label()),
        Retreated::OffTheSheet => {
            format!("{who} is Routed and leaves the Battlefield Sheet for an adjacent Area free of Union forces (14.5)")
        }
        Retreated::Destroyed => format!("{who} Retreats into a full Region and is Destroyed (14.5)"),
    });
    Ok(())
}
