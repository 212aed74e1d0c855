//! Hits as they land (11.9-11.11) with what they set off: Close Ranks cancelling a Union Hit
//! (14.1.1), Heavy Fire's Activation check on a hit Confederate (14.1.10), and guns destroyed
//! in Melee captured (5.9.1, 11.5).

use crate::confederate::confederate_activation;
use crate::dice::Dice;
use crate::force::{ForceType, HitResult, Loyalty};
use crate::game::{Report, Step};
use crate::outcome::{self, Retreated, UnionHit};
use crate::state::{Battle, Capture};
use crate::union::SpecialPlan;

/// Where a Hit on a Confederate came from: Heavy Fire has no effect on Hits from Shock attacks
/// or Defensive Fire (14.1.10, 11.4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// An attack, Flanking Fire or Screened March.
    Fire,
    /// A Shock check or Defensive Fire.
    Shock,
}

/// Takes a gun off the sheet into the Captured Artillery Pile (5.9.1, 5.9.2); its replacement
/// waits in [`Battle::captured`].
pub(crate) fn capture(g: &mut Battle, id: u32, by: Loyalty, r: &mut Report) -> Step {
    let f = g.field.get(id)?.clone();
    g.field.forces.retain(|x| x.id != id);
    r.say(format!(
        "{} is captured and goes to the Captured Artillery Pile; the {by:?} side replaces it (5.9.1)",
        f.counter.name
    ));
    g.captured.push(Capture { gun: f.counter, by, region: Some(f.region), settled: None });
    Ok(())
}

fn name(g: &Battle, id: u32) -> String {
    g.field.get(id).map(|f| f.counter.name.clone()).unwrap_or_else(|_| format!("Force {id}"))
}

/// A Hit on a Union force (11.10): Close Ranks cancels the turn's first Hits (14.1.1); a gun
/// destroyed in Melee is captured (5.9.1).
pub(crate) fn on_union(g: &mut Battle, id: u32, melee: bool, r: &mut Report) -> Step {
    let who = name(g, id);
    let gun = g.field.get(id)?.counter.kind == ForceType::Artillery;
    if gun && melee && g.effects.close_ranks == 0 {
        r.say(format!("{who} takes a Hit in Melee"));
        return capture(g, id, Loyalty::Confederate, r);
    }
    match outcome::hit_union(&mut g.field, &mut g.effects, id)? {
        UnionHit::Cancelled => {
            if let Some(cup) = g.cup.as_mut() {
                cup.give_back(SpecialPlan::CloseRanks);
            }
            r.say(format!("Close Ranks cancels the Hit on {who} and goes back to the cup (14.1.1)"));
        }
        UnionHit::Taken(h) => {
            r.say(match h.result {
                HitResult::Flipped => format!("{who} takes a Hit: flipped to its reduced side (11.10)"),
                HitResult::Destroyed => format!("{who} takes a Hit: Destroyed (11.10, 11.11)"),
            });
            r.hits.push(h);
        }
    }
    Ok(())
}

/// A Hit on a Confederate force (11.10): a gun destroyed in Melee is captured (5.9.1); while
/// Heavy Fire is in effect a Mobile force that survives a Hit from fire checks Activation and
/// Retreats on a failure (14.1.10).
pub(crate) fn on_confederate(
    g: &mut Battle,
    id: u32,
    source: Source,
    melee: bool,
    dice: &mut Dice,
    tie: usize,
    r: &mut Report,
) -> Step {
    let who = name(g, id);
    let kind = g.field.get(id)?.counter.kind;
    if kind == ForceType::Artillery && melee {
        r.say(format!("{who} takes a Hit in Melee"));
        return capture(g, id, Loyalty::Union, r);
    }
    let h = g.field.hit(id)?;
    r.say(match h.result {
        HitResult::Flipped => format!("{who} takes a Hit: flipped to its reduced side (11.10)"),
        HitResult::Destroyed => format!("{who} takes a Hit: Destroyed (11.10, 11.11)"),
    });
    r.hits.push(h.clone());
    // Artillery cannot Retreat (11.1.1): Heavy Fire's Retreat is for Infantry and Cavalry.
    let retreats = matches!(kind, ForceType::Infantry | ForceType::Cavalry);
    if source == Source::Fire && g.effects.heavy_fire && h.result == HitResult::Flipped && retreats {
        heavy_fire_check(g, id, dice, tie, r)?;
    }
    Ok(())
}

fn heavy_fire_check(g: &mut Battle, id: u32, dice: &mut Dice, tie: usize, r: &mut Report) -> Step {
    let who = name(g, id);
    let (number, mods) = confederate_activation(&g.field, id, &g.effects, g.insights, None)?.unwrap_or((0, vec![]));
    let target = number + mods.iter().map(|m| m.combat).sum::<i32>();
    let roll = dice.check(format!("{who}'s Activation check for Heavy Fire (14.1.10)"), target)?;
    if roll.check(target) {
        r.say(format!("Heavy Fire: {who} rolls {} against {target} and holds (14.1.10)", roll.value()));
        return Ok(());
    }
    r.say(format!("Heavy Fire: {who} rolls {} against {target} and Retreats one Region (14.1.10)", roll.value()));
    for (moved, to) in outcome::retreat_pushing(&mut g.field, id, &[tie, tie])? {
        let n = if moved == id { who.clone() } else { name(g, moved) };
        r.say(match to {
            Retreated::Into(region) => format!("{n} Retreats into the {}", region.label()),
            _ => format!("{n} leaves the Battlefield Sheet for the campaign map (14.1.10)"),
        });
    }
    Ok(())
}

/// A Hit given by hand (a correction): Close Ranks still cancels a Union one.
pub(crate) fn by_hand(g: &mut Battle, id: u32, r: &mut Report) -> Step {
    if g.field.get(id)?.counter.loyalty == Loyalty::Union {
        on_union(g, id, false, r)
    } else {
        let who = name(g, id);
        let h = g.field.hit(id)?;
        r.say(format!("{who} takes a Hit by hand (11.10)"));
        r.hits.push(h);
        Ok(())
    }
}
