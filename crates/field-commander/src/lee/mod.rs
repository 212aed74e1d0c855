//! Lee's side of a Battle Turn: his Battle Plan Counters placed (12.2) and resolved in their
//! orders (12.3), the Default Battle Plans (12.4), Clear Orders (11.2.1), with his attacks,
//! Shock attacks, Retreats and what they set off (11.4-11.11). The player chooses; the rules
//! say what may be chosen and roll the Union's side of each fight.

mod attack;
mod moves;
mod plans;

use crate::battlefield::Formation;
use crate::dice::Dice;
use crate::dispatch::at;
use crate::force::{ForceType, Loyalty};
use crate::game::{Report, Step, refuse};
use crate::state::{Battle, Stage};
use crate::union::SpecialPlan;
use serde::{Deserialize, Serialize};

pub use attack::{attack_preview, tied_targets};
pub use plans::{BattlePlan, PlacedPlan};

/// When a March changes Formation (12.4.1): before or after moving, not both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum FormationChange {
    /// Keeps its Formation.
    #[default]
    None,
    /// Changes before moving (a force put in Column marches without a roll).
    Before,
    /// Changes after moving.
    After,
}

/// Cavalry's second move on a March (12.4.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SecondMove {
    /// None.
    #[default]
    None,
    /// Advance again.
    Advance,
    /// Retreat.
    Retreat,
}

/// What a Confederate force does when it acts (14.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeeOrder {
    /// Its attached Battle Plan Counter (12.3).
    Counter,
    /// March (12.4.1): one Region toward the Union Reserve, or back (in Melee, 11.5; off the
    /// sheet from the Reserve, 14.5.1); Cavalry may move twice.
    March {
        /// Formation change before or after.
        change: FormationChange,
        /// A Retreat move rather than an Advance.
        back: bool,
        /// Cavalry's second move.
        second: SecondMove,
    },
    /// Fire (12.4.2).
    Fire,
    /// Disrupt (12.4.3): one plan examined and removed, or three at random.
    Disrupt {
        /// The plan chosen after examining the cup; `None`: three at random.
        plan: Option<SpecialPlan>,
        /// Random indexes into the cup for the three.
        picks: Vec<usize>,
    },
    /// Pivot (12.4.4).
    Pivot,
    /// Retreat (12.4.5), when Routed.
    Retreat,
    /// Hold (12.4.6).
    Hold,
}

impl LeeOrder {
    /// A short key (part of a step's identity).
    pub fn key(&self) -> &'static str {
        match self {
            LeeOrder::Counter => "counter",
            LeeOrder::March { .. } => "march",
            LeeOrder::Fire => "fire",
            LeeOrder::Disrupt { .. } => "disrupt",
            LeeOrder::Pivot => "pivot",
            LeeOrder::Retreat => "retreat",
            LeeOrder::Hold => "hold",
        }
    }

    /// Its name and rule.
    pub fn label(&self) -> &'static str {
        match self {
            LeeOrder::Counter => "Battle Plan Counter (12.3)",
            LeeOrder::March { .. } => "March (12.4.1)",
            LeeOrder::Fire => "Fire (12.4.2)",
            LeeOrder::Disrupt { .. } => "Disrupt (12.4.3)",
            LeeOrder::Pivot => "Pivot (12.4.4)",
            LeeOrder::Retreat => "Retreat (12.4.5)",
            LeeOrder::Hold => "Hold (12.4.6)",
        }
    }
}

/// Forces with Prepare that have yet to act: they act before the Union's plans (12.3.8).
pub fn prepared_waiting(g: &Battle) -> Vec<u32> {
    g.plans
        .iter()
        .filter(|p| p.plan == BattlePlan::Prepare)
        .filter_map(|p| p.force)
        .filter(|f| !g.lee_acted.contains(f) && g.field.get(*f).is_ok())
        .collect()
}

/// The counter attached to a force, other than Prepare, if any.
pub fn attached(g: &Battle, id: u32) -> Option<BattlePlan> {
    g.plans.iter().find(|p| p.force == Some(id) && p.plan != BattlePlan::Prepare).map(|p| p.plan)
}

/// Removes a force's counter other than Prepare (Melee, 11.4.2, 11.5; Cover, 12.3.3).
pub fn remove_plan(g: &mut Battle, id: u32) {
    g.plans.retain(|p| p.force != Some(id) || p.plan == BattlePlan::Prepare);
}

/// The Default Battle Plans a force may choose now (12.4, 11.5): in Melee only Fire, Pivot,
/// Hold, Retreat when Routed and March back; Routed, Mobile Forces only Retreat.
pub fn default_choices(g: &Battle, id: u32) -> Vec<LeeOrder> {
    let Ok(f) = g.field.get(id) else { return Vec::new() };
    let kind = f.counter.kind;
    let melee = g.field.in_melee(id).unwrap_or(false);
    if g.routed == Some(Loyalty::Confederate) && kind.is_mobile() {
        return vec![LeeOrder::Retreat];
    }
    let march = LeeOrder::March { change: FormationChange::None, back: melee, second: SecondMove::None };
    let mut out = Vec::new();
    let marches = match kind {
        ForceType::Infantry | ForceType::Cavalry => true,
        ForceType::Artillery => g.field.activation(id).ok().flatten().is_some() && !melee,
        _ => false,
    };
    if marches {
        out.push(march);
    }
    out.push(LeeOrder::Fire);
    if kind == ForceType::Cavalry && !melee {
        out.push(LeeOrder::Disrupt { plan: None, picks: Vec::new() });
    }
    if matches!(kind, ForceType::Infantry | ForceType::Cavalry) {
        out.push(LeeOrder::Pivot);
    }
    out.push(LeeOrder::Hold);
    out
}

/// Resolves one Confederate force's plan (14.4; Prepare first, 12.3.8).
pub(crate) fn act(g: &mut Battle, id: u32, order: &LeeOrder, dice: &mut Dice, tie: usize, r: &mut Report) -> Step {
    at(g, &[Stage::UnionResolve, Stage::ConfederateResolve], "A Confederate force's plan")?;
    let f = g.field.get(id)?;
    if f.counter.loyalty != Loyalty::Confederate {
        return Err(refuse("Lee orders Confederate forces only"));
    }
    if g.lee_acted.contains(&id) {
        return Err(refuse(format!("{} has acted this turn (4.14)", f.counter.name)));
    }
    let name = f.counter.name.clone();
    let prepared = prepared_waiting(g).contains(&id);
    if g.stage == Stage::UnionResolve && !prepared {
        return Err(refuse(format!(
            "{name} acts in the Resolve Confederate Battle Plans step; only a force with Prepare acts before the Union (12.3.8)"
        )));
    }
    let melee = g.field.in_melee(id)?;
    let counter = attached(g, id);
    if melee && counter.is_some() {
        remove_plan(g, id);
        r.say(format!(
            "{name} is in Melee: its Battle Plan Counter is discarded; it uses a Default Battle Plan (11.5, 14.4)"
        ));
    }
    let counter = if melee { None } else { counter };
    match (counter, order) {
        (Some(_), LeeOrder::Counter) => {}
        (Some(p), _) => {
            return Err(refuse(format!(
                "{name} carries {}: it must follow it, not a Default Battle Plan (12.2, 14.4)",
                p.label()
            )));
        }
        (None, LeeOrder::Counter) => return Err(refuse(format!("{name} has no Battle Plan Counter"))),
        (None, o) => {
            let allowed = default_choices(g, id);
            if !allowed.iter().any(|a| a.key() == o.key()) {
                let words: Vec<&str> = allowed.iter().map(|a| a.label()).collect();
                return Err(refuse(format!("{name} may use {} now (11.5, 12.4)", words.join(", "))));
            }
        }
    }
    g.lee_acted.push(id);
    match (counter, order) {
        (Some(plan), _) => {
            plans::resolve(g, id, plan, dice, tie, r)?;
            remove_plan(g, id);
        }
        (None, LeeOrder::March { change, back, second }) => moves::march(g, id, *change, *back, *second, dice, tie, r)?,
        (None, LeeOrder::Fire) => {
            if g.field.get(id)?.formation == Formation::Column
                && !moves::activates(
                    g,
                    id,
                    None,
                    &format!("{name}'s Activation check to Fire in Column (12.4.2)"),
                    dice,
                    r,
                )?
            {
                return Ok(());
            }
            if attack::attack(g, id, None, Vec::new(), None, dice, tie, r)?.is_none() {
                r.say(format!("{name} has no Union Force to fire at (11.6, 12.4.2)"));
            }
        }
        (None, LeeOrder::Disrupt { plan, picks }) => moves::disrupt(g, id, *plan, picks, dice, r)?,
        (None, LeeOrder::Pivot) => {
            let f = g.field.get(id)?;
            let to = if f.formation == Formation::Line { Formation::Column } else { Formation::Line };
            g.field.set_formation(id, to)?;
            r.say(format!("{name} Pivots to {to:?} (12.4.4)"));
        }
        (None, LeeOrder::Retreat) => moves::routed_retreat(g, id, r)?,
        (None, LeeOrder::Hold) | (None, LeeOrder::Counter) => r.say(format!("{name} Holds (12.4.6)")),
    }
    Ok(())
}

pub(crate) fn place_plan(
    g: &mut Battle,
    force: Option<u32>,
    plan: BattlePlan,
    dice: &mut Dice,
    r: &mut Report,
) -> Step {
    plans::place(g, force, plan, dice, r)
}

/// The Formation counter (12.3.7): once, during either Resolve step, up to 3 forces change
/// Formation, Melee included; Artillery, Garrisons and Fortifications stay in Line (10.3).
pub(crate) fn use_formation_plan(g: &mut Battle, changes: &[(u32, Formation)], r: &mut Report) -> Step {
    at(g, &[Stage::UnionResolve, Stage::ConfederateResolve], "The Formation counter")?;
    if g.formation_used || !g.plans.iter().any(|p| p.plan == BattlePlan::Formation) {
        return Err(refuse("the Formation counter was not placed this turn, or is used (12.3.7)"));
    }
    if changes.is_empty() || changes.len() > 3 {
        return Err(refuse("the Formation counter changes the Formation of 1 to 3 forces (12.3.7)"));
    }
    for (id, formation) in changes {
        let f = g.field.get(*id)?;
        if f.counter.loyalty != Loyalty::Confederate {
            return Err(refuse("the Formation counter changes Confederate forces"));
        }
        if !matches!(f.counter.kind, ForceType::Infantry | ForceType::Cavalry) && *formation == Formation::Column {
            return Err(refuse(format!("{} stays in Line (10.3)", f.counter.name)));
        }
    }
    for (id, formation) in changes {
        g.field.set_formation(*id, *formation)?;
        r.say(format!("{} changes to {formation:?} (12.3.7)", g.field.get(*id)?.counter.name));
    }
    g.formation_used = true;
    g.plans.retain(|p| p.plan != BattlePlan::Formation);
    Ok(())
}

/// Clear Orders (11.2.1): a Scout lets up to 3 forces resolve their Default Battle Plans, or one
/// its Battle Plan Counter, without an Activation check, this turn.
pub(crate) fn clear_orders(g: &mut Battle, forces: &[u32], r: &mut Report) -> Step {
    at(g, &[Stage::UnionResolve, Stage::ConfederateResolve], "Clear Orders")?;
    if g.scouts == 0 {
        return Err(refuse("no Scout to redeem (11.2.1)"));
    }
    if forces.is_empty() {
        return Err(refuse("name the forces given Clear Orders"));
    }
    let with_counter = forces.iter().filter(|f| attached(g, **f).is_some()).count();
    if (with_counter > 0 && forces.len() > 1) || forces.len() > 3 {
        return Err(refuse(
            "one Scout clears up to 3 forces on Default Battle Plans, or one on a Battle Plan Counter (11.2.1)",
        ));
    }
    let mut names = Vec::new();
    for id in forces {
        let f = g.field.get(*id)?;
        if f.counter.loyalty != Loyalty::Confederate || g.lee_acted.contains(id) || g.clear_orders.contains(id) {
            return Err(refuse(format!("{} cannot take Clear Orders now", f.counter.name)));
        }
        names.push(f.counter.name.clone());
    }
    g.scouts -= 1;
    g.clear_orders.extend_from_slice(forces);
    r.say(format!("A Scout gives Clear Orders to {}: no Activation check this turn (11.2.1)", names.join(", ")));
    Ok(())
}

#[cfg(test)]
mod tests;
