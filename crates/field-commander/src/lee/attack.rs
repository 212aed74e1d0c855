//! A Confederate attack (11.5-11.9): the closest Union forces, the lowest Skill Level first, in
//! Melee at +3/+3, guns by range; every modifier with its rule; each Hit through Close Ranks.

use crate::battlefield::Region;
use crate::combat::{AttackValues, Modifier};
use crate::confederate::{PlanCounter, confederate_attack};
use crate::dice::Dice;
use crate::force::Loyalty;
use crate::game::Report;
use crate::hits;
use crate::state::Battle;
use companion_core::error::RuleResult;

/// The adjacent Region with Union forces a force may fire into: toward the Union edge first.
/// `None` when there is none, or the force cannot attack from where it stands (11.6).
pub(crate) fn range_one(g: &Battle, id: u32) -> RuleResult<Option<Region>> {
    let f = g.field.get(id)?;
    if !f.region.may_attack_from(Loyalty::Confederate, f.counter.kind) {
        return Ok(None);
    }
    let has_union = |r: Region| g.field.side(Loyalty::Union).any(|u| u.region == r);
    let mut near: Vec<Region> =
        Region::ALL.iter().copied().filter(|r| f.region.range(*r) == 1 && has_union(*r)).collect();
    near.sort_by(|a, b| b.cmp(a));
    Ok(near.first().copied())
}

/// The Region a force attacks and its range (11.5-11.7), if any.
fn target_region(g: &Battle, id: u32) -> RuleResult<Option<(Region, u8)>> {
    let f = g.field.get(id)?;
    let melee = g.field.in_melee(id)?;
    if f.counter.kind.is_gun() {
        // 11.7: guns in Melee cannot attack; they fire at the closest non-Melee Region.
        return if melee { Ok(None) } else { crate::union::gun_target(&g.field, id) };
    }
    if !f.region.may_attack_from(Loyalty::Confederate, f.counter.kind) {
        return Ok(None);
    }
    if melee {
        return Ok(Some((f.region, 0)));
    }
    Ok(range_one(g, id)?.map(|r| (r, 1)))
}

fn lowest(g: &Battle, region: Region, tie: usize) -> RuleResult<Option<u32>> {
    Ok(crate::battle::tie_pick(&g.field.by_skill(Loyalty::Union, region, false)?, tie))
}

/// The Union forces a Confederate attack of this force may be aimed at: the lowest Skill
/// Level in the Region it attacks (11.5-11.7, 11.9). More than one is a tie that the player
/// breaks (ruling "Two Hits from a Confederate attack"): a force's index here is the `tie` of
/// its command.
pub fn tied_targets(g: &Battle, id: u32) -> RuleResult<Vec<u32>> {
    let Some((region, _)) = target_region(g, id)? else { return Ok(Vec::new()) };
    g.field.by_skill(Loyalty::Union, region, false)
}

/// What an attack would be: its target and values with every modifier, before the roll.
pub fn attack_preview(
    g: &Battle,
    id: u32,
    plan: Option<PlanCounter>,
    tie: usize,
) -> RuleResult<Option<(u32, AttackValues)>> {
    let Some((region, _)) = target_region(g, id)? else { return Ok(None) };
    let Some(target) = lowest(g, region, tie)? else { return Ok(None) };
    Ok(Some((target, confederate_attack(&g.field, id, target, plan, &g.effects)?)))
}

/// A Confederate attack; returns the force it was aimed at. `first` aims it at a given force
/// (Rapid Fire's second attack, 12.3.10) while it is on the sheet.
#[allow(clippy::too_many_arguments)]
pub(crate) fn attack(
    g: &mut Battle,
    id: u32,
    plan: Option<PlanCounter>,
    extra: Vec<Modifier>,
    first: Option<u32>,
    dice: &mut Dice,
    tie: usize,
    r: &mut Report,
) -> RuleResult<Option<u32>> {
    let here = g.field.get(id)?.region;
    let aimed = first.filter(|t| g.field.get(*t).is_ok());
    let (region, range) = match aimed {
        Some(t) => {
            let tr = g.field.get(t)?.region;
            (tr, here.range(tr))
        }
        None => match target_region(g, id)? {
            Some(x) => x,
            None => return Ok(None),
        },
    };
    let target = match aimed {
        Some(t) => t,
        None => match lowest(g, region, tie)? {
            Some(t) => t,
            None => return Ok(None),
        },
    };
    let mut values = confederate_attack(&g.field, id, target, plan, &g.effects)?;
    for m in extra {
        values = values.with(m);
    }
    let name = g.field.get(id)?.counter.name.clone();
    let target_name = g.field.get(target)?.counter.name.clone();
    let how = match range {
        0 => "in Melee, the lowest Skill Level (11.5)".to_string(),
        _ if g.field.get(id)?.counter.kind.is_gun() => format!("at range {range} (11.7)"),
        _ => "at range 1, the lowest Skill Level (11.6, 11.9)".to_string(),
    };
    let roll = dice.attack(format!("{name}'s attack on {target_name} {how}"), &values)?;
    let hits = values.hits(roll);
    r.modifiers = values.modifiers.clone();
    let mods: Vec<String> =
        values.modifiers.iter().map(|m| format!("{} {:+}/{:+} ({})", m.what, m.combat, m.superior, m.rule)).collect();
    let mods = if mods.is_empty() { String::new() } else { format!(" [{}]", mods.join(", ")) };
    r.say(format!(
        "{name} attacks {target_name} in the {} {how} at {}/{}{mods}: rolls {}, {hits} Hit(s)",
        region.label(),
        values.combat(),
        values.superior(),
        roll.value()
    ));
    let gun = g.field.get(id)?.counter.kind.is_gun();
    let mut region = region;
    for n in 0..hits {
        let next = if n == 0 && g.field.get(target).is_ok() {
            Some(target)
        } else {
            match lowest(g, region, tie)? {
                Some(t) => Some(t),
                None => {
                    // 11.9: a second Hit in Melee goes to an adjacent Region; 11.7.2: a gun's
                    // to the next farthest Region with Union forces.
                    let with_union: Vec<Region> = Region::ALL
                        .iter()
                        .copied()
                        .filter(|x| g.field.side(Loyalty::Union).any(|u| u.region == *x))
                        .collect();
                    let pick = if range == 0 {
                        with_union.iter().copied().filter(|x| here.range(*x) == 1).max()
                    } else if gun {
                        with_union.iter().copied().filter(|x| here.range(*x) > here.range(region)).min()
                    } else {
                        None
                    };
                    match pick {
                        Some(p) => {
                            region = p;
                            lowest(g, p, tie)?
                        }
                        None => None,
                    }
                }
            }
        };
        match next {
            Some(t) => {
                let melee = g.field.get(t)?.region == here;
                hits::on_union(g, t, melee, r)?;
            }
            None => r.say("The extra Hit finds no target (11.9)"),
        }
    }
    Ok(Some(target))
}
