//! The Confederate Battle Plan Counters (12.3): where each may go (11.1, 12.2), and each one's
//! orders in turn, skipping what the force cannot do (11.2).

use super::attack::{attack, range_one};
use super::moves::{Advanced, ShockMode, activates, advance, retreat_steps};
use crate::battlefield::Formation;
use crate::confederate::PlanCounter;
use crate::dice::Dice;
use crate::dispatch::at;
use crate::force::{ForceType, Loyalty};
use crate::game::{Report, Step, refuse};
use crate::state::{Battle, Stage};
use serde::{Deserialize, Serialize};

/// The Confederate Battle Plan Counters (12.3.1-12.3.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BattlePlan {
    /// 12.3.1.
    AimedVolley,
    /// 12.3.2.
    Canister,
    /// 12.3.3.
    Cover,
    /// 12.3.4.
    Engage,
    /// 12.3.5.
    FightingRetreat,
    /// 12.3.6.
    Flank,
    /// 12.3.7.
    Formation,
    /// 12.3.8.
    Prepare,
    /// 12.3.9.
    RapidAdvance,
    /// 12.3.10.
    RapidFire,
    /// 12.3.11.
    Volley,
}

impl BattlePlan {
    /// Every counter, in the order of 12.3.
    pub const ALL: [BattlePlan; 11] = [
        BattlePlan::AimedVolley,
        BattlePlan::Canister,
        BattlePlan::Cover,
        BattlePlan::Engage,
        BattlePlan::FightingRetreat,
        BattlePlan::Flank,
        BattlePlan::Formation,
        BattlePlan::Prepare,
        BattlePlan::RapidAdvance,
        BattlePlan::RapidFire,
        BattlePlan::Volley,
    ];

    /// Its name as printed.
    pub fn label(self) -> &'static str {
        match self {
            BattlePlan::AimedVolley => "Aimed Volley",
            BattlePlan::Canister => "Canister",
            BattlePlan::Cover => "Cover",
            BattlePlan::Engage => "Engage",
            BattlePlan::FightingRetreat => "Fighting Retreat",
            BattlePlan::Flank => "Flank",
            BattlePlan::Formation => "Formation",
            BattlePlan::Prepare => "Prepare",
            BattlePlan::RapidAdvance => "Rapid Advance",
            BattlePlan::RapidFire => "Rapid Fire",
            BattlePlan::Volley => "Volley",
        }
    }

    /// Its rule.
    pub fn rule(self) -> &'static str {
        match self {
            BattlePlan::AimedVolley => "12.3.1",
            BattlePlan::Canister => "12.3.2",
            BattlePlan::Cover => "12.3.3",
            BattlePlan::Engage => "12.3.4",
            BattlePlan::FightingRetreat => "12.3.5",
            BattlePlan::Flank => "12.3.6",
            BattlePlan::Formation => "12.3.7",
            BattlePlan::Prepare => "12.3.8",
            BattlePlan::RapidAdvance => "12.3.9",
            BattlePlan::RapidFire => "12.3.10",
            BattlePlan::Volley => "12.3.11",
        }
    }

    /// Its orders, as the Player Aid sums them up.
    pub fn words(self) -> &'static str {
        match self {
            BattlePlan::AimedVolley => "Infantry in Line: roll; attack +3/+1 at range 1",
            BattlePlan::Canister => "Artillery or Fortification exactly 1 Region away: attack +2/+2 on top of range",
            BattlePlan::Cover => "Roll now; stays put; Union attacks on it -1/-1, +1 on a Shock check against Charge!",
            BattlePlan::Engage => "Column: no roll. Advance (Shock without a roll), Line, attack +1/+1",
            BattlePlan::FightingRetreat => {
                "1 Region away: roll (-2 in Line); attack -2/-2 Column, -1/-1 Line; Retreat 2"
            }
            BattlePlan::Flank => {
                "2 Regions away; Column: no roll. Advance twice, Shock at -3, attack (-2/-2 in Column)"
            }
            BattlePlan::Formation => "Beside the sheet: once, up to 3 forces change Formation",
            BattlePlan::Prepare => "On any force, with its other plan: it acts before the Union",
            BattlePlan::RapidAdvance => {
                "Infantry 3 Regions away: roll (-2 in Line); Advance twice; in Line attack -1/-1"
            }
            BattlePlan::RapidFire => "Infantry, Line: no roll; attack -1/-1, then -2/-2 at the same force",
            BattlePlan::Volley => "Infantry, Line: no roll; attack +2/+0 at range 1",
        }
    }

    /// Whether the counter may go on a force of this type (11.1, 12.2, 12.3).
    pub fn fits(self, kind: ForceType) -> bool {
        match self {
            BattlePlan::Canister => matches!(kind, ForceType::Artillery | ForceType::Fortification),
            BattlePlan::Prepare => true,
            BattlePlan::Formation => false,
            BattlePlan::AimedVolley | BattlePlan::RapidAdvance | BattlePlan::RapidFire | BattlePlan::Volley => {
                kind == ForceType::Infantry
            }
            _ => matches!(kind, ForceType::Infantry | ForceType::Cavalry),
        }
    }
}

/// A counter placed this turn (12.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedPlan {
    /// Which.
    pub plan: BattlePlan,
    /// On which force; `None` beside the sheet (Formation).
    pub force: Option<u32>,
}

/// Places a counter (12.2): up to the quantity, one per force (Prepare besides), none on a
/// force in Melee; Cover rolls for Activation as it is placed (ruling "Cover's roll").
pub(crate) fn place(g: &mut Battle, force: Option<u32>, plan: BattlePlan, dice: &mut Dice, r: &mut Report) -> Step {
    at(g, &[Stage::ConfederatePlans], "Placing a Battle Plan Counter")?;
    if g.routed == Some(Loyalty::Confederate) {
        return Err(refuse("Routed Confederates select no Battle Plans (14.5)"));
    }
    let quantity = g.quantities.map(|q| q.0).unwrap_or(0);
    if g.plans.len() as u32 >= quantity {
        return Err(refuse(format!("your Battle Plan Quantity is {quantity} this turn (10.2.10, 12.2)")));
    }
    if g.plans.iter().any(|p| p.plan == plan) {
        return Err(refuse(format!("the {} counter is placed already", plan.label())));
    }
    let Some(id) = force else {
        if plan != BattlePlan::Formation {
            return Err(refuse(format!("{} goes on a force", plan.label())));
        }
        g.plans.push(PlacedPlan { plan, force: None });
        r.say("Formation is placed beside the Battlefield Sheet: once, up to 3 forces may change Formation (12.3.7)");
        return Ok(());
    };
    let f = g.field.get(id)?;
    let name = f.counter.name.clone();
    if f.counter.loyalty != Loyalty::Confederate {
        return Err(refuse("Battle Plan Counters go on Confederate forces"));
    }
    if !plan.fits(f.counter.kind) {
        return Err(refuse(format!(
            "{} cannot go on a {:?} Force (11.1, {})",
            plan.label(),
            f.counter.kind,
            plan.rule()
        )));
    }
    if plan != BattlePlan::Prepare {
        if g.field.in_melee(id)? {
            return Err(refuse(format!("{name} is in Melee: no Battle Plan Counter (12.2)")));
        }
        if let Some(p) = super::attached(g, id) {
            return Err(refuse(format!("{name} carries {} already: one counter a force (12.2)", p.label())));
        }
    }
    g.plans.push(PlacedPlan { plan, force: Some(id) });
    r.say(format!("{} on {name} ({})", plan.label(), plan.rule()));
    if plan == BattlePlan::Cover
        && activates(g, id, None, &format!("{name}'s Activation check for Cover (12.3.3)"), dice, r)?
    {
        if let Some(x) = g.field.forces.iter_mut().find(|f| f.id == id) {
            x.cover = true;
        }
        r.say(format!("{name} takes Cover: Union attacks on it -1/-1 this turn (12.3.3)"));
    }
    Ok(())
}

/// Resolves a counter's orders in turn (11.2, 12.3).
pub(crate) fn resolve(g: &mut Battle, id: u32, plan: BattlePlan, dice: &mut Dice, tie: usize, r: &mut Report) -> Step {
    let name = g.field.get(id)?.counter.name.clone();
    let column = g.field.get(id)?.formation == Formation::Column;
    let nearest = g.field.nearest_enemy(id)?;
    let check = |what: &str| format!("{name}'s Activation check for {what}");
    r.say(format!("{name} follows {} ({})", plan.label(), plan.rule()));
    match plan {
        BattlePlan::AimedVolley => {
            if column {
                r.say(format!("{name} is in Column: Aimed Volley is for Line only; it Holds (12.3.1)"));
            } else if activates(g, id, Some(PlanCounter::AimedVolley), &check("Aimed Volley (12.3.1)"), dice, r)? {
                fire_at_one(g, id, PlanCounter::AimedVolley, dice, tie, r)?;
            }
        }
        BattlePlan::Canister => {
            let target = crate::union::gun_target(&g.field, id)?;
            if nearest != Some(1) || target.map(|t| t.1) != Some(1) {
                r.say(format!("{name}: no opposing Force exactly 1 Region away outside Melee; it Holds (12.3.2)"));
            } else {
                attack(g, id, Some(PlanCounter::Canister), Vec::new(), None, dice, tie, r)?;
            }
        }
        BattlePlan::Cover => {
            let words = if g.field.get(id)?.cover {
                "keeps its Cover and stays in position"
            } else {
                "failed to take Cover and Holds"
            };
            r.say(format!("{name} {words} (12.3.3)"));
        }
        BattlePlan::Engage => {
            if column || activates(g, id, Some(PlanCounter::Engage), &check("Engage (12.3.4)"), dice, r)? {
                if column {
                    r.say(format!("{name} is in Column: Engage activates without a roll (12.3.4)"));
                }
                match advance(g, id, ShockMode::Free(PlanCounter::Engage), dice, tie, r)? {
                    Advanced::Held | Advanced::InMelee => {
                        r.say("Engage is discarded (12.3.4)");
                    }
                    _ => {
                        g.field.set_formation(id, Formation::Line)?;
                        r.say(format!("{name} changes to Line (12.3.4)"));
                        fire_at_one(g, id, PlanCounter::Engage, dice, tie, r)?;
                    }
                }
            }
        }
        BattlePlan::FightingRetreat => {
            if nearest != Some(1) {
                r.say(format!("{name} is not exactly 1 Region from the nearest Union Force: it Holds (12.3.5)"));
            } else if activates(
                g,
                id,
                Some(PlanCounter::FightingRetreat),
                &check("Fighting Retreat (12.3.5)"),
                dice,
                r,
            )? {
                fire_at_one(g, id, PlanCounter::FightingRetreat, dice, tie, r)?;
                if g.field.get(id).is_ok() {
                    retreat_steps(g, id, 2, r)?;
                }
            }
        }
        BattlePlan::Flank => {
            if nearest != Some(2) {
                r.say(format!("{name} is not exactly 2 Regions from the nearest Union Force: it Holds (12.3.6)"));
            } else if column || activates(g, id, Some(PlanCounter::Flank), &check("Flank (12.3.6)"), dice, r)? {
                if column {
                    r.say(format!("{name} is in Column: Flank activates without a roll (12.3.6)"));
                }
                let mut held = false;
                for _ in 0..2 {
                    match advance(g, id, ShockMode::Free(PlanCounter::Flank), dice, tie, r)? {
                        Advanced::Held | Advanced::InMelee => {
                            r.say("Flank is discarded (12.3.6)");
                            held = true;
                            break;
                        }
                        _ => {}
                    }
                }
                if !held {
                    fire_at_one(g, id, PlanCounter::Flank, dice, tie, r)?;
                }
            }
        }
        BattlePlan::Formation | BattlePlan::Prepare => {}
        BattlePlan::RapidAdvance => {
            if nearest != Some(3) {
                r.say(format!("{name} is not exactly 3 Regions from the nearest Union Force: it Holds (12.3.9)"));
            } else if activates(g, id, Some(PlanCounter::RapidAdvance), &check("Rapid Advance (12.3.9)"), dice, r)? {
                for _ in 0..2 {
                    if matches!(advance(g, id, ShockMode::Forbidden, dice, tie, r)?, Advanced::Held | Advanced::InMelee)
                    {
                        break;
                    }
                }
                if g.field.get(id)?.formation == Formation::Line {
                    fire_at_one(g, id, PlanCounter::RapidAdvance, dice, tie, r)?;
                } else {
                    r.say(format!("{name} is in Column: it cannot attack after Rapid Advance (12.3.9)"));
                }
            }
        }
        BattlePlan::RapidFire => {
            if !column || activates(g, id, Some(PlanCounter::RapidFire), &check("Rapid Fire (12.3.10)"), dice, r)? {
                if range_one(g, id)?.is_none() {
                    r.say(format!("{name}: no Union Force at range 1 (12.3.10)"));
                } else {
                    let first = attack(g, id, Some(PlanCounter::RapidFire), Vec::new(), None, dice, tie, r)?;
                    if range_one(g, id)?.is_some() {
                        attack(g, id, Some(PlanCounter::RapidFireSecond), Vec::new(), first, dice, tie, r)?;
                    } else {
                        r.say(format!("{name}: no Union Force left at range 1 for the second attack (12.3.10)"));
                    }
                }
            }
        }
        BattlePlan::Volley => {
            if !column || activates(g, id, Some(PlanCounter::Volley), &check("Volley (12.3.11)"), dice, r)? {
                fire_at_one(g, id, PlanCounter::Volley, dice, tie, r)?;
            }
        }
    }
    Ok(())
}

/// An attack at range 1 only, as most counters order ("if there are Union Forces at range 1").
fn fire_at_one(g: &mut Battle, id: u32, plan: PlanCounter, dice: &mut Dice, tie: usize, r: &mut Report) -> Step {
    let name = g.field.get(id)?.counter.name.clone();
    if range_one(g, id)?.is_none() {
        r.say(format!("{name}: no Union Force at range 1, no attack (11.2)"));
        return Ok(());
    }
    attack(g, id, Some(plan), Vec::new(), None, dice, tie, r)?;
    Ok(())
}
