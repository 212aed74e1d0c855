//! The Union's steps of a Battle Turn as commands: Tactics (13.0), the draw of Special Battle
//! Plans (14.0, 14.1) and each force's Default Battle Plan front to rear (14.2, 14.3), with
//! targets by skill (11.5, 11.9) and the Hits' consequences ([`crate::hits`]).

use crate::battle::Field;
use crate::battlefield::{Formation, Region, Step as Move};
use crate::confederate::confederate_activation;
use crate::dice::Dice;
use crate::dispatch::at;
use crate::force::{ForceType, Loyalty};
use crate::game::{Report, Step, refuse};
use crate::hits::{self, Source};
use crate::outcome::{self, Retreated};
use crate::state::{Battle, Stage};
use crate::union::{self, AttackKind, Cup, DefaultPlan, SpecialPlan, Tactics};
use companion_core::error::RuleResult;

/// Determines Union Tactics and fills the cup (13.0); at 1:1 the d10 decides.
pub(crate) fn determine_tactics(g: &mut Battle, dice: &mut Dice, r: &mut Report) -> Step {
    at(g, &[Stage::UnionTactics], "Determining Union Tactics")?;
    if g.routed == Some(Loyalty::Union) {
        return Err(refuse("Routed Union forces only Retreat: no Tactics, no Special Battle Plans (13.0, 14.5)"));
    }
    let u = g.field.total(Loyalty::Union)?;
    let c = g.field.total(Loyalty::Confederate)?;
    let tie =
        if u == c { Some(dice.table("Union Tactics at 1:1: even Aggressive, odd Defensive (13.0)")?) } else { None };
    let t = union::tactics(u, c, tie)?;
    if g.tactics.is_none() {
        // 10.3: the Union's Infantry and Cavalry start in Column when Aggressive, Line when Defensive.
        let formation = if t == Tactics::Aggressive { Formation::Column } else { Formation::Line };
        for f in g.field.forces.iter_mut().filter(|f| f.counter.loyalty == Loyalty::Union) {
            if matches!(f.counter.kind, ForceType::Infantry | ForceType::Cavalry) {
                f.formation = formation;
            }
        }
    }
    match g.cup.as_mut() {
        Some(cup) if cup.tactics != t => {
            cup.refill(t);
            r.say("The cup is refilled for the new Tactics (14.0)");
        }
        Some(_) => {}
        None => g.cup = Some(Cup::filled(t, g.scout_removed.clone())),
    }
    if t == Tactics::Aggressive {
        // 14.1.2: Hard Cover is disregarded under Aggressive Tactics.
        for f in g.field.forces.iter_mut() {
            f.hard_cover = false;
        }
    }
    g.tactics = Some(t);
    let why = match (tie, t) {
        (Some(d), _) => format!("1:1, rolled {}", d.value()),
        (None, Tactics::Aggressive) => "the Union is stronger".into(),
        (None, Tactics::Defensive) => "the Confederates are stronger".into(),
    };
    r.say(format!("Union {u} to Confederate {c}: {t:?} Tactics, {why} (13.0)"));
    let quantity = g.quantities.map(|q| q.1).unwrap_or(0);
    g.stage = if quantity == 0 { Stage::UnionResolve } else { Stage::UnionDraw };
    Ok(())
}

/// A Confederate force's Activation number with its modifiers, for Broken and Heavy Fire
/// ("including any modifiers (such as Mixed Orders)", 14.1.9, 14.1.10).
fn activation_target(g: &Battle, id: u32) -> RuleResult<i32> {
    Ok(confederate_activation(&g.field, id, &g.effects, g.insights, None)?
        .map(|(n, m)| n + m.iter().map(|x| x.combat).sum::<i32>())
        .unwrap_or(0))
}

/// Draws one Special Battle Plan and resolves what resolves at once (14.0, 14.1).
pub(crate) fn draw(
    g: &mut Battle,
    named: Option<SpecialPlan>,
    pick: usize,
    dice: &mut Dice,
    tie: usize,
    r: &mut Report,
) -> Step {
    at(g, &[Stage::UnionDraw], "Drawing Special Battle Plans")?;
    let quantity = g.quantities.map(|q| q.1).ok_or_else(|| refuse("set the Battle Plan Quantities (10.2.10)"))?;
    if g.drawn >= quantity {
        return Err(refuse(format!("the Union has drawn its {quantity} Special Battle Plans this turn (14.0)")));
    }
    if g.charge.as_ref().is_some_and(|c| !crate::charge::complete(g, c)) {
        return Err(refuse("Charge! is resolved before the next plan is drawn (14.1.3)"));
    }
    let cup = g.cup.as_mut().ok_or_else(|| refuse("determine Union Tactics first (13.0)"))?;
    let plan = match named {
        Some(p) => cup.draw_named(p)?,
        None => cup.draw(pick)?,
    };
    let mut counts = true;
    let n = g.drawn + 1;
    let head = format!("Special Battle Plan {n} of {quantity}:");
    match plan {
        SpecialPlan::CloseRanks => {
            g.effects.close_ranks += 1;
            r.say(format!("{head} Close Ranks: the next Hit on the Union this turn is cancelled (14.1.1)"));
        }
        SpecialPlan::WellStruck => {
            g.effects.well_struck = true;
            r.say(format!("{head} Well-Struck: Union Infantry and Cavalry +2/+0 at range 1 this turn (14.1.4)"));
        }
        SpecialPlan::Smoke => {
            g.effects.smoke = true;
            r.say(format!("{head} Smoke: Confederate Forces -1/-1 to their Combat Value this turn (14.1.5)"));
        }
        SpecialPlan::MixedOrders => {
            g.effects.mixed_orders = true;
            r.say(format!("{head} Mixed Orders: Confederate Activation numbers -1 this turn (14.1.6)"));
        }
        SpecialPlan::HeavyFire => {
            g.effects.heavy_fire = true;
            r.say(format!(
                "{head} Heavy Fire: a Confederate Force hit this turn checks Activation or Retreats (14.1.10)"
            ));
        }
        SpecialPlan::FogOfWar => r.say(format!("{head} Fog of War: no effect, but it counts (14.1.11)")),
        SpecialPlan::HardCover => {
            match union::hard_cover_force(&g.field, tie)? {
                Some(id) => {
                    // 14.1.2: it counts this turn; while attached it stays out of the cup.
                    union::attach_hard_cover(&mut g.field, id)?;
                    r.say(format!(
                    "{head} Hard Cover on {}, the Union Infantry or Artillery with the highest Skill Level; it changes to Line (14.1.2)",
                    g.field.get(id)?.counter.name
                ));
                }
                None => {
                    counts = false;
                    cup.give_back(plan);
                    r.say("Hard Cover: no Union Infantry or Artillery can take it; it is set aside and another drawn (14.0)");
                }
            }
        }
        SpecialPlan::FlankingFire => {
            let targets = union::flanking_fire_targets(&g.field)?;
            if targets.is_empty() {
                counts = false;
                r.say("Flanking Fire: every Confederate Force is in Melee; draw another, this one does not count (14.1.7)");
            } else {
                let count = g.field.side(Loyalty::Union).count() as i32;
                let roll = dice.check(format!("Flanking Fire: {count} Union counters or less (14.1.7)"), count)?;
                if roll.check(count) {
                    let id = crate::battle::tie_pick(&targets, tie).ok_or_else(|| refuse("no target"))?;
                    r.say(format!(
                        "{head} Flanking Fire rolls {} against {count}: a Hit on a random Confederate Force not in Melee (14.1.7)",
                        roll.value()
                    ));
                    hits::on_confederate(g, id, Source::Fire, false, dice, tie, r)?;
                } else {
                    r.say(format!("{head} Flanking Fire rolls {} against {count}: no effect (14.1.7)", roll.value()));
                }
            }
        }
        SpecialPlan::ScreenedMarch => {
            let targets = union::screened_march_targets(&g.field)?;
            let count = g.field.side(Loyalty::Union).count() as i32;
            let roll = dice.check(format!("Screened March: {count} Union Forces or less (14.1.8)"), count)?;
            match crate::battle::tie_pick(&targets, tie) {
                Some(id) if roll.check(count) => {
                    r.say(format!(
                        "{head} Screened March rolls {} against {count}: a Hit on the lowest Skill Level Confederate in the rearmost Region (14.1.8)",
                        roll.value()
                    ));
                    hits::on_confederate(g, id, Source::Fire, false, dice, tie, r)?;
                }
                _ => r.say(format!("{head} Screened March rolls {} against {count}: no effect (14.1.8)", roll.value())),
            }
        }
        SpecialPlan::Broken => match crate::battle::tie_pick(&union::broken_targets(&g.field)?, tie) {
            Some(id) => {
                let target = activation_target(g, id)?;
                let who = g.field.get(id)?.counter.name.clone();
                let roll = dice.check(format!("{who}'s Activation check against Broken (14.1.9)"), target)?;
                if roll.check(target) {
                    r.say(format!("{head} Broken: {who} rolls {} against {target} and holds (14.1.9)", roll.value()));
                } else {
                    r.say(format!(
                        "{head} Broken: {who} rolls {} against {target} and Retreats (14.1.9)",
                        roll.value()
                    ));
                    for (moved, to) in outcome::retreat_pushing(&mut g.field, id, &[tie, tie])? {
                        let n = g.field.get(moved).map(|f| f.counter.name.clone()).unwrap_or_else(|_| who.clone());
                        r.say(match to {
                            Retreated::Into(region) => format!("{n} Retreats into the {}", region.label()),
                            _ => format!("{n} leaves the Battlefield Sheet for the campaign map"),
                        });
                    }
                }
            }
            None => r.say(format!("{head} Broken: no Mobile Confederate Force (14.1.9)")),
        },
        SpecialPlan::Charge => {
            let candidates = charge_candidates(&g.field)?;
            if candidates.is_empty() || g.tactics != Some(Tactics::Aggressive) {
                r.say(format!("{head} Charge!: no Union Force can charge; set aside, it still counts (14.1.3)"));
            } else {
                r.say(format!(
                    "{head} Charge!: {} foremost Union Force(s) 1 Region from the Confederates roll to Activate (14.1.3)",
                    candidates.len()
                ));
                g.charge = Some(crate::charge::ChargeState::new(candidates));
            }
        }
    }
    if counts {
        g.drawn += 1;
    }
    finish_draw(g, quantity);
    Ok(())
}

/// The end of the Draw and Assign step (14.0): Disrupted plans go back (12.4.3) and the
/// Union's plans resolve next.
pub(crate) fn finish_draw(g: &mut Battle, quantity: u32) {
    let charging = g.charge.as_ref().is_some_and(|c| !crate::charge::complete(g, c));
    let empty = g.cup.as_ref().is_some_and(|c| c.contents.is_empty());
    if (g.drawn >= quantity || empty) && !charging {
        if let Some(cup) = g.cup.as_mut() {
            cup.end_of_draw();
        }
        g.stage = Stage::UnionResolve;
    }
}

/// The foremost Union forces exactly 1 Region from the nearest Confederate, not in Melee, in
/// the order Charge! advances them: highest Skill Level first (14.1.3).
pub fn charge_candidates(field: &Field) -> RuleResult<Vec<u32>> {
    let mut out = Vec::new();
    for f in field.side(Loyalty::Union) {
        if matches!(f.counter.kind, ForceType::Infantry | ForceType::Cavalry)
            && field.nearest_enemy(f.id)? == Some(1)
            && !field.in_melee(f.id)?
        {
            out.push((std::cmp::Reverse(field.skill(f.id)?), f.id));
        }
    }
    out.sort();
    Ok(out.into_iter().map(|x| x.1).collect())
}

/// The Union force whose plan resolves next (14.3), if any is left.
pub fn next_union_force(g: &Battle) -> Option<u32> {
    union::resolution_order(&g.field).into_iter().find(|f| !g.acted.contains(f))
}

/// Resolves the next Union force's Default Battle Plan (14.2, 14.3).
pub(crate) fn union_act(g: &mut Battle, id: u32, dice: &mut Dice, tie: usize, r: &mut Report) -> Step {
    at(g, &[Stage::UnionResolve], "A Union force's plan")?;
    if let Some(p) = crate::lee::prepared_waiting(g).first() {
        let name = g.field.get(*p)?.counter.name.clone();
        return Err(refuse(format!("{name} has Prepare: it acts before the Union's plans (12.3.8)")));
    }
    if next_union_force(g) != Some(id) {
        return Err(refuse("Union plans resolve front to rear, Region by Region (14.3)"));
    }
    g.acted.push(id);
    let t = g.tactics.unwrap_or(Tactics::Defensive);
    let plan = union::default_plan(&g.field, id, t, g.routed == Some(Loyalty::Union))?;
    let f = g.field.get(id)?;
    let name = f.counter.name.clone();
    let range = g.field.nearest_enemy(id)?;
    let range_words = range.map(|x| format!("the nearest Confederate is {x} Region(s) away")).unwrap_or_default();
    match plan {
        DefaultPlan::Hold => {
            let why = if f.counter.kind.is_gun() {
                "a gun fires only at Confederates not in Melee, 1 Region or more away (11.1.2)"
            } else if t == Tactics::Defensive {
                "Defensive Tactics: Hold when Combat is not possible (13.3, 14.2.4)"
            } else {
                "it can neither Advance nor use Combat (13.1)"
            };
            r.say(format!("{name} Holds: {why}; {range_words}"));
        }
        DefaultPlan::Retreat => {
            g.field.set_formation(id, Formation::Column)?;
            let done = outcome::retreat_routed(&mut g.field, id)?;
            r.say(match done {
                Retreated::Into(region) => {
                    format!("{name} is Routed: Column, Retreats into the {} (14.2.3)", region.label())
                }
                Retreated::OffTheSheet => format!("{name} is Routed and leaves the Battlefield Sheet (14.2.3, 14.5)"),
                Retreated::Destroyed => format!("{name} is Routed into a full Region and Destroyed (14.5)"),
            });
        }
        DefaultPlan::Advance => {
            g.field.set_formation(id, Formation::Column)?;
            let to = g.field.get(id)?.region.advance(Loyalty::Union);
            g.field.step(id, to)?;
            if let Move::Into(region) = to {
                let points = outcome::entry_points(Loyalty::Union, region, &mut g.reached);
                g.union_cp += points;
                r.say(format!(
                    "{name} Advances in Column into the {}: Aggressive Tactics, {range_words} (13.1, 14.2.1)",
                    region.label()
                ));
                if points > 0 {
                    r.say(format!("The Union first enters the {}: +{points} Command Point (18.4)", region.label()));
                }
            }
        }
        DefaultPlan::Combat | DefaultPlan::CavalryCombat => {
            let why = if plan == DefaultPlan::CavalryCombat {
                "Cavalry exactly 2 Regions from the nearest Confederate (14.2.2.1)".to_string()
            } else {
                format!("{range_words} (14.2.2)")
            };
            r.say(format!("{name} uses Combat: {why}"));
            combat(g, id, plan, dice, tie, r)?;
        }
    }
    if next_union_force(g).is_none() {
        g.stage = Stage::ConfederateResolve;
    }
    Ok(())
}

/// The Combat Default Battle Plan of one Union force (14.2.2, 14.2.2.1, 11.5-11.9).
pub(crate) fn combat(g: &mut Battle, id: u32, plan: DefaultPlan, dice: &mut Dice, tie: usize, r: &mut Report) -> Step {
    let name = g.field.get(id)?.counter.name.clone();
    if let Some(number) = g.field.activation(id)? {
        // Ruling "Guns without an Activation number": only forces printing one roll.
        let roll = dice.check(format!("{name}'s Activation check (14.2.2)"), i32::from(number))?;
        if !roll.check(i32::from(number)) {
            r.say(format!("{name} rolls {} against its Activation {number}: fails and Holds (14.2.2)", roll.value()));
            return Ok(());
        }
        r.say(format!("{name} rolls {} against its Activation {number}: Activates (14.2.2)", roll.value()));
    }
    if plan == DefaultPlan::Combat && !g.field.get(id)?.counter.kind.is_gun() && !g.field.in_melee(id)? {
        g.field.set_formation(id, Formation::Line)?;
    }
    let Some(target) = union::union_target(&g.field, id, plan)? else {
        r.say(format!("{name} has no target (11.6)"));
        return Ok(());
    };
    let kind = match (plan, target.range) {
        (DefaultPlan::CavalryCombat, _) => AttackKind::CavalryAtTwo,
        (_, 0) => AttackKind::Melee,
        _ => AttackKind::Ranged,
    };
    let melee = kind == AttackKind::Melee;
    let first = union::union_hit_target(&g.field, target.region, melee, tie)?.ok_or_else(|| refuse("no target"))?;
    let values = union::union_attack(&g.field, id, first, kind, &g.effects)?;
    let target_name = g.field.get(first)?.counter.name.clone();
    let rule = if melee {
        "Melee: the Confederate with the highest Skill Level (11.5)"
    } else {
        "the Confederate with the lowest Skill Level (11.9)"
    };
    let roll = dice.attack(format!("{name}'s attack on {target_name} ({})", kind_words(kind)), &values)?;
    let hits = values.hits(roll);
    r.modifiers = values.modifiers.clone();
    r.say(format!(
        "{name} attacks {target_name} in the {}, {rule}, at {}/{}: rolls {}, {hits} Hit(s) (11.6)",
        target.region.label(),
        values.combat(),
        values.superior(),
        roll.value()
    ));
    let mut region = target.region;
    let here = g.field.get(id)?.region;
    for _ in 0..hits {
        let target_id = match union::union_hit_target(&g.field, region, melee, tie)? {
            Some(t) => Some(t),
            None => {
                // 11.9: in Melee the second Hit goes to an adjacent Region; 11.7.2: a gun's
                // to the next farthest Region with Confederates.
                let next =
                    Region::ALL.iter().copied().filter(|x| g.field.side(Loyalty::Confederate).any(|c| c.region == *x));
                let pick = if melee {
                    next.filter(|x| here.range(*x) == 1).min()
                } else if g.field.get(id)?.counter.kind.is_gun() {
                    next.filter(|x| here.range(*x) > here.range(region)).max()
                } else {
                    None
                };
                match pick {
                    Some(p) => {
                        region = p;
                        union::union_hit_target(&g.field, p, false, tie)?
                    }
                    None => None,
                }
            }
        };
        match target_id {
            Some(t) => {
                let in_melee = melee && g.field.get(t)?.region == here;
                hits::on_confederate(g, t, Source::Fire, in_melee, dice, tie, r)?
            }
            None => r.say("The extra Hit finds no target (11.9)"),
        }
    }
    Ok(())
}

fn kind_words(kind: AttackKind) -> &'static str {
    match kind {
        AttackKind::Ranged => "11.6",
        AttackKind::Melee => "Melee +3/+3, 11.5",
        AttackKind::CavalryAtTwo => "Cavalry at range 2, -2/-2, 14.2.2.1",
    }
}
