//! The battle's sequence (10.1) as a to-do list computed from the battle as it stands, and the
//! Union's next decision for the "Union acts" step-through.

use crate::force::Loyalty;
use crate::game::Command;
use crate::prebattle::{self, Insight};
use crate::state::{Battle, BattleResult, Phase, Stage};
use crate::union::Tactics;
use crate::{ending, lee, setup, union_turn};

/// Where an item stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Done.
    Done,
    /// The step the battle is at.
    Now,
    /// Still to come.
    Later,
}

/// One step of the sequence, with what is left to do in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Todo {
    /// The step, with its rule.
    pub text: String,
    /// Where it stands.
    pub mark: Mark,
    /// What is left in it, each with its rule (the current step only).
    pub items: Vec<String>,
}

fn todo(text: impl Into<String>, mark: Mark, items: Vec<String>) -> Todo {
    Todo { text: text.into(), mark, items }
}

/// The Pre-Battle sequence (10.1), each step done or not.
fn pre_battle(g: &Battle) -> Vec<Todo> {
    let missing: usize = g.field.forces.iter().map(|f| f.counter.missing().len()).sum();
    let both = [Loyalty::Confederate, Loyalty::Union].iter().all(|s| g.field.side(*s).next().is_some());
    let conf: Vec<_> = g.field.side(Loyalty::Confederate).map(|f| (f.counter.kind, f.region)).collect();
    let union: Vec<_> = g.field.side(Loyalty::Union).map(|f| (f.counter.kind, f.region)).collect();
    // No Confederate force is nothing placed, not everything placed (10.2.13).
    let conf_ok = !conf.is_empty()
        && prebattle::check_confederate_setup(&conf, g.chose_insight(Insight::Front)).is_ok()
        && (!g.chose_insight(Insight::Screen) || g.screen.is_some());
    let union_ok = g.union_placed && prebattle::check_union_setup(&union, g.chose_insight(Insight::Terrain)).is_ok();
    let steps = [
        ("Enter both sides' counters, every value from the counter (5.0)", both && missing == 0),
        ("Roll for Fog of War; a Scout re-rolls (10.2.1, 10.2.2)", g.fog.row.is_some()),
        ("Resolve the Fog of War event (10.2.5)", g.fog.resolved && g.fog.awaiting.is_none()),
        ("Envelopment Check (10.2.9)", g.envelopment_checked),
        ("Battle Plan Quantities, buy more, select Insights (10.2.10-10.2.12)", g.quantities.is_some()),
        ("Place the Confederate Forces and Lee (10.2.13-10.2.17)", conf_ok),
        ("Place the Union Forces (10.2.18, 10.2.19)", union_ok),
    ];
    let mut steps = steps.to_vec();
    if g.screened.is_some() {
        // Screened Approach: the Union is placed first (10.2.20).
        steps.swap(5, 6);
        if let Some(s) = steps.get_mut(5) {
            s.0 = "Place the Union Forces first: Screened Approach (10.2.18, 10.2.19, 10.2.20)";
        }
    }
    let now = steps.iter().position(|s| !s.1);
    let mut out: Vec<Todo> = steps
        .iter()
        .enumerate()
        .map(|(i, (text, done))| {
            let mark = if *done {
                Mark::Done
            } else if Some(i) == now {
                Mark::Now
            } else {
                Mark::Later
            };
            todo(*text, mark, Vec::new())
        })
        .collect();
    let left = setup::setup_missing(g);
    out.push(todo(
        "Start the first Battle Turn (10.1)",
        if now.is_none() { Mark::Now } else { Mark::Later },
        if now.is_none() { Vec::new() } else { left },
    ));
    out
}

/// The Battle Turn's steps (10.1), the present one with its items.
fn battle_turn(g: &Battle) -> Vec<Todo> {
    let stages = [
        Stage::Insights,
        Stage::ConfederatePlans,
        Stage::UnionTactics,
        Stage::UnionDraw,
        Stage::UnionResolve,
        Stage::ConfederateResolve,
        Stage::RoutCheck,
    ];
    stages
        .iter()
        .map(|s| {
            let mark = match s.cmp(&g.stage) {
                std::cmp::Ordering::Less => Mark::Done,
                std::cmp::Ordering::Equal => Mark::Now,
                std::cmp::Ordering::Greater => Mark::Later,
            };
            let items = if mark == Mark::Now { items_now(g) } else { Vec::new() };
            todo(s.label(), mark, items)
        })
        .collect()
}

fn items_now(g: &Battle) -> Vec<String> {
    let mut out = ending::step_open(g);
    match g.stage {
        Stage::Insights => {
            for i in [Insight::Demolitions, Insight::Screen] {
                if g.has_insight(i) && !g.insights_tried.contains(&i) {
                    out.push(format!("You may roll {} against Lee's rating ({})", i.label(), i.rule()));
                }
            }
            if let Some(f) = g.insight_failed
                && g.scouts > 0
            {
                out.push(format!("A Scout may re-roll {} (12.1.1)", f.insight.label()));
            }
        }
        Stage::ConfederatePlans => {
            let q = g.quantities.map(|q| q.0).unwrap_or(0);
            if g.routed == Some(Loyalty::Confederate) {
                out.push("Routed: no Battle Plans; every Mobile Force will Retreat (14.5)".into());
            } else {
                out.push(format!("Place up to {q} Battle Plan Counters: {} placed (12.2)", g.plans.len()));
            }
        }
        Stage::UnionDraw => {
            let q = g.quantities.map(|q| q.1).unwrap_or(0);
            out.push(format!("{} of {q} Special Battle Plans drawn (14.0)", g.drawn));
        }
        Stage::ConfederateResolve => {
            let idle = g.field.side(Loyalty::Confederate).filter(|f| !g.lee_acted.contains(&f.id)).count();
            if idle > 0 {
                out.push(format!("{idle} Confederate force(s) yet to act; those left Hold (14.4, 12.4.6)"));
            }
        }
        Stage::RoutCheck if g.rout_checked => out.push("Advance the Battle Turn counter (14.6)".into()),
        _ => {}
    }
    out
}

/// The whole to-do list of the battle as it stands (10.1).
pub fn todo_list(g: &Battle) -> Vec<Todo> {
    let mut out = match g.phase {
        Phase::PreBattle => pre_battle(g),
        Phase::BattleTurns => battle_turn(g),
        Phase::Ended => {
            let mut v = Vec::new();
            if g.result == Some(BattleResult::WithdrawalDue) {
                v.push(todo("Resolve the Withdrawal (14.8)", Mark::Now, Vec::new()));
            }
            v
        }
    };
    let waiting: Vec<String> = g
        .captured
        .iter()
        .filter(|c| c.settled.is_none())
        .map(|c| {
            format!(
                "{} captured by the {:?} side: its replacement or 2 Command Points (5.9.1, 5.9.2)",
                c.gun.name, c.by
            )
        })
        .collect();
    if !waiting.is_empty() {
        out.push(todo("Captured guns to settle", Mark::Now, waiting));
    }
    out
}

/// One Union decision to step through: what it is and the command that makes it (its dice
/// and random picks are added by the caller).
#[derive(Clone, Debug, PartialEq)]
pub struct UnionStep {
    /// What the Union does next, with its rule.
    pub title: String,
    /// The command, without dice.
    pub command: Command,
}

/// The Union's next decision in the Battle Turn, if the Union has one now (13.0-14.3).
pub fn union_next(g: &Battle) -> Option<UnionStep> {
    if g.phase != Phase::BattleTurns {
        return None;
    }
    match g.stage {
        Stage::UnionTactics if g.routed != Some(Loyalty::Union) => Some(UnionStep {
            title: "Determine Union Tactics from the Combat Values (13.0)".into(),
            command: Command::DetermineTactics { rolls: Vec::new() },
        }),
        Stage::UnionDraw | Stage::UnionResolve => {
            if let Some(c) = &g.charge {
                if !c.rolled {
                    return Some(UnionStep {
                        title: "Charge!: each foremost Union Force rolls to Activate (14.1.3)".into(),
                        command: Command::ChargeActivations { rolls: Vec::new() },
                    });
                }
                if let Some((id, charges)) = c.next(g) {
                    let name = g.field.get(id).map(|f| f.counter.name.clone()).unwrap_or_default();
                    return Some(if charges {
                        UnionStep {
                            title: format!("Charge!: {name} advances and makes a Shock attack (14.1.3, 11.4)"),
                            command: Command::ChargeShock { force: id, rolls: Vec::new(), tie: 0 },
                        }
                    } else {
                        UnionStep {
                            title: format!("Charge!: {name} failed to Activate and uses Combat (14.1.3)"),
                            command: Command::ChargeAttack { force: id, rolls: Vec::new(), tie: 0 },
                        }
                    });
                }
            }
            if g.stage == Stage::UnionDraw {
                let q = g.quantities.map(|q| q.1).unwrap_or(0);
                return Some(UnionStep {
                    title: format!("Draw Special Battle Plan {} of {q} (14.0)", g.drawn + 1),
                    command: Command::DrawSpecialPlan { plan: None, pick: 0, rolls: Vec::new(), tie: 0 },
                });
            }
            if !lee::prepared_waiting(g).is_empty() {
                return None;
            }
            let id = union_turn::next_union_force(g)?;
            let f = g.field.get(id).ok()?;
            let t = g.tactics.unwrap_or(Tactics::Defensive);
            let plan = crate::union::default_plan(&g.field, id, t, g.routed == Some(Loyalty::Union)).ok()?;
            Some(UnionStep {
                title: format!("{} in the {}: {:?} (14.2, 14.3)", f.counter.name, f.region.label(), plan),
                command: Command::UnionAct { force: id, rolls: Vec::new(), tie: 0 },
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests;
