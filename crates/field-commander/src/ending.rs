//! The end of each step and of the battle: moving on through 10.1's sequence, the Rout Check
//! (14.5), the Battle Turn counter (14.6), the End of the Battle (14.7), the Withdrawal and its
//! four results (14.8.1-14.8.4), captured guns settled (5.9.1, 5.9.2).

use crate::battlefield::{Formation, Region};
use crate::dice::Dice;
use crate::dispatch::at;
use crate::force::{Counter, ForceType, Loyalty, Strength};
use crate::game::{Report, Step, refuse};
use crate::lee::{self, BattlePlan};
use crate::outcome::{self, Retreated, Withdrawal, WithdrawalCheck};
use crate::prebattle::{self, Insight};
use crate::state::{Battle, BattleResult, Capture, CaptureSettled, Phase, Stage};
use crate::union::{SpecialPlan, TurnEffects};
use companion_core::error::{RuleError, RuleResult};
use companion_core::provenance::CellRef;

/// A battle's result in words.
pub fn result_words(r: BattleResult) -> String {
    match r {
        BattleResult::Enveloped(s) => format!("the {s:?} forces were Enveloped (10.2.9)"),
        BattleResult::OneSideLeft(s) => format!("only {s:?} forces remain on the Battlefield Sheet (14.7)"),
        BattleResult::RoutedOff(s) => format!("the {s:?} forces Routed off the Battlefield Sheet (14.5, 14.7)"),
        BattleResult::WithdrawalDue => "the Withdrawal is to resolve (14.8)".into(),
        BattleResult::Withdrawn(w) => withdrawal_words(w).into(),
    }
}

/// A Withdrawal result in words.
pub fn withdrawal_words(w: Withdrawal) -> &'static str {
    match w {
        Withdrawal::Rejoin => "Rejoin: a new battle starts with the same forces (14.8.1)",
        Withdrawal::UnionRetreat => "Union Retreat (14.8.2)",
        Withdrawal::ConfederateRetreat => "Confederate Retreat (14.8.3)",
        Withdrawal::Encamp => "Encamp (14.8.4)",
    }
}

/// What a Retreat did, in words.
pub fn retreat_words(went: &Retreated) -> String {
    match went {
        Retreated::Into(r) => format!("Retreats into the {} (11.4.2)", r.label()),
        Retreated::OffTheSheet => "leaves the Battlefield Sheet".into(),
        Retreated::Destroyed => {
            "cannot Retreat (a Static Force, its own Reserve, or a full Region) and is Destroyed (11.4.2)".into()
        }
    }
}

/// What must be done before the step ends (10.1), in the player's words.
pub fn step_open(g: &Battle) -> Vec<String> {
    let mut out = Vec::new();
    match g.stage {
        Stage::Insights if g.turn == 1 => {
            if g.has_insight(Insight::Duration) {
                out.push("Duration: one Battle Turn more or fewer (10.2.12.1)".into());
            }
            if g.has_insight(Insight::Entrench) {
                out.push("Entrench: choose the force it goes on (10.2.12.3)".into());
            }
        }
        Stage::UnionTactics if g.routed != Some(Loyalty::Union) => {
            out.push("Determine Union Tactics (13.0)".into());
        }
        Stage::UnionDraw => out.push("Draw the Union's Special Battle Plans (14.0)".into()),
        Stage::UnionResolve => {
            for id in lee::prepared_waiting(g) {
                if let Ok(f) = g.field.get(id) {
                    out.push(format!("{} acts first: it has Prepare (12.3.8)", f.counter.name));
                }
            }
            if let Some(id) = crate::union_turn::next_union_force(g)
                && let Ok(f) = g.field.get(id)
            {
                out.push(format!("{}'s plan and the Union forces after it (14.3)", f.counter.name));
            }
        }
        Stage::ConfederateResolve => {
            for f in g.field.side(Loyalty::Confederate) {
                if g.lee_acted.contains(&f.id) {
                    continue;
                }
                let melee = g.field.in_melee(f.id).unwrap_or(false);
                if let Some(p) = lee::attached(g, f.id).filter(|_| !melee) {
                    out.push(format!("{} must follow {} (12.2, 14.4)", f.counter.name, p.label()));
                } else if g.routed == Some(Loyalty::Confederate) && f.counter.kind.is_mobile() {
                    out.push(format!("{} is Routed and must Retreat (12.4.5, 14.5)", f.counter.name));
                }
            }
        }
        Stage::RoutCheck if !g.rout_checked => out.push("The Rout Check (14.5)".into()),
        _ => {}
    }
    out
}

/// Moves on to the next step of the Battle Turn (10.1) once nothing required is left.
pub(crate) fn next_step(g: &mut Battle, r: &mut Report) -> Step {
    if g.phase != Phase::BattleTurns {
        return Err(refuse("the Battle Turns have not begun or are over"));
    }
    let open = step_open(g);
    if let Some(first) = open.first() {
        return Err(refuse(format!("first: {first}")));
    }
    let next = match g.stage {
        Stage::Insights => Stage::ConfederatePlans,
        Stage::ConfederatePlans if g.routed == Some(Loyalty::Union) => Stage::UnionResolve,
        Stage::ConfederatePlans => Stage::UnionTactics,
        Stage::UnionTactics => Stage::UnionResolve,
        Stage::UnionDraw => Stage::UnionResolve,
        Stage::UnionResolve => Stage::ConfederateResolve,
        Stage::ConfederateResolve => {
            let idle: Vec<String> = g
                .field
                .side(Loyalty::Confederate)
                .filter(|f| !g.lee_acted.contains(&f.id))
                .map(|f| f.counter.name.clone())
                .collect();
            if !idle.is_empty() {
                r.say(format!("{} Hold (12.4.6)", idle.join(", ")));
            }
            Stage::RoutCheck
        }
        Stage::RoutCheck | Stage::Setup | Stage::Over => {
            return Err(refuse("make the Rout Check, then end the turn (14.5, 14.6)"));
        }
    };
    if g.stage == Stage::Insights {
        g.insight_failed = None;
    }
    g.stage = next;
    r.say(format!("Next: {}", next.label()));
    Ok(())
}

pub(crate) fn rout_check(g: &mut Battle, r: &mut Report) -> Step {
    at(g, &[Stage::RoutCheck], "The Rout Check")?;
    if g.rout_checked {
        return Err(refuse("the Rout Check of this turn is made"));
    }
    g.rout_checked = true;
    let u = g.field.total(Loyalty::Union)?;
    let c = g.field.total(Loyalty::Confederate)?;
    match prebattle::three_to_one(u, c) {
        Some(side) if g.routed.is_none() => {
            let guns: Vec<(Counter, Region)> = g
                .field
                .side(side)
                .filter(|f| f.counter.kind == ForceType::Artillery)
                .map(|f| (f.counter.clone(), f.region))
                .collect();
            let statics = g.field.side(side).filter(|f| !f.counter.kind.is_mobile()).count();
            outcome::rout(&mut g.field, side);
            g.routed = Some(side);
            let winner = side.opponent();
            let points = outcome::points_for_rout_or_envelopment(winner);
            g.gain(winner, points);
            r.say(format!(
                "Union {u} to Confederate {c}: 3 to 1 or more, the {side:?} forces Rout; {statics} Static Force(s) Destroyed; the {winner:?} side gains {points} Command Point(s) (14.5, 15.3, 18.4)"
            ));
            for (gun, region) in guns {
                r.say(format!("{} is abandoned and captured (14.5, 5.9.1)", gun.name));
                g.captured.push(Capture { gun, by: winner, region: Some(region), settled: None });
            }
            r.say(format!("Every {side:?} Mobile Force must Retreat until it leaves the sheet (12.4.5, 14.2.3)"));
        }
        _ => r.say(format!("Union {u} to Confederate {c}: no Rout (14.5)")),
    }
    Ok(())
}

/// Clears what lasts a turn: plans back to the cup (Hard Cover attached stays out), the turn's
/// effects, Battle Plan Counters, Cover, Clear Orders (14.3, 14.4, 14.6).
fn clear_turn(g: &mut Battle) {
    if let Some(cup) = g.cup.as_mut() {
        let mut keep = g.field.forces.iter().filter(|f| f.hard_cover).count();
        for p in cup.out.clone() {
            if p == SpecialPlan::HardCover && keep > 0 {
                keep -= 1;
            } else {
                cup.give_back(p);
            }
        }
    }
    g.effects = TurnEffects::default();
    g.acted.clear();
    g.drawn = 0;
    g.charge = None;
    g.plans.clear();
    g.lee_acted.clear();
    g.clear_orders.clear();
    g.formation_used = false;
    g.insights_tried.clear();
    g.insight_failed = None;
    g.rout_checked = false;
    for f in g.field.forces.iter_mut() {
        f.cover = false;
    }
}

pub(crate) fn end_turn(g: &mut Battle, r: &mut Report) -> Step {
    at(g, &[Stage::RoutCheck], "Advancing the Battle Turn counter")?;
    if !g.rout_checked {
        return Err(refuse("make the Rout Check first (14.5)"));
    }
    clear_turn(g);
    if ended(g, r) {
        return Ok(());
    }
    g.turn += 1;
    if g.routed.is_none() && g.turns.is_some_and(|t| g.turn > t) {
        g.phase = Phase::Ended;
        g.stage = Stage::Over;
        g.result = Some(BattleResult::WithdrawalDue);
        let u = g.field.total(Loyalty::Union)?;
        let c = g.field.total(Loyalty::Confederate)?;
        r.say("The Battle Turn counter enters the Withdrawal box: the battle ends (14.7, 14.8)");
        r.say(match outcome::withdrawal_check(u, c) {
            WithdrawalCheck::Roll => {
                format!("Union {u} to Confederate {c}: less than 2 to 1, roll on the Withdrawal table (14.8)")
            }
            WithdrawalCheck::Retreats(s) => {
                format!("Union {u} to Confederate {c}: the {s:?} side is at 2 to 1 or worse and Retreats (14.8)")
            }
        });
        return Ok(());
    }
    g.stage = Stage::Insights;
    let of = if g.routed.is_some() {
        " (the Battle Turn Track is ignored after a Rout, 14.5)".to_string()
    } else {
        g.turns.map(|t| format!(" of {t}")).unwrap_or_default()
    };
    r.say(format!("Battle Turn {}{of} (14.6)", g.turn));
    Ok(())
}

/// The End of the Battle when one side is gone from the sheet (14.7).
fn ended(g: &mut Battle, r: &mut Report) -> bool {
    if g.phase != Phase::BattleTurns {
        return false;
    }
    let union = g.field.side(Loyalty::Union).next().is_some();
    let confederate = g.field.side(Loyalty::Confederate).next().is_some();
    let gone = match (union, confederate) {
        (true, true) => return false,
        (true, false) => Loyalty::Confederate,
        (false, _) => Loyalty::Union,
    };
    g.phase = Phase::Ended;
    g.stage = Stage::Over;
    let result =
        if g.routed == Some(gone) { BattleResult::RoutedOff(gone) } else { BattleResult::OneSideLeft(gone.opponent()) };
    g.result = Some(result);
    r.say(format!(
        "The battle ends: {}; the {:?} forces left return to the Battle Location Area (14.7)",
        result_words(result),
        gone.opponent()
    ));
    true
}

/// After every command: Hard Cover no longer attached goes back to the cup (14.1.2); a
/// Confederate force in Melee loses its Battle Plan Counter (11.4.2, 11.5, 12.2); the battle
/// ends when one side is gone (14.7).
pub(crate) fn after_command(g: &mut Battle, r: &mut Report) -> RuleResult<()> {
    let attached = g.field.forces.iter().filter(|f| f.hard_cover).count();
    if let Some(cup) = g.cup.as_mut() {
        let out = cup.out.iter().filter(|p| **p == SpecialPlan::HardCover).count();
        for _ in attached..out {
            cup.give_back(SpecialPlan::HardCover);
        }
    }
    let engaged: Vec<(u32, String, BattlePlan)> = g
        .field
        .side(Loyalty::Confederate)
        .filter(|f| g.field.in_melee(f.id).unwrap_or(false))
        .filter_map(|f| lee::attached(g, f.id).map(|p| (f.id, f.counter.name.clone(), p)))
        .collect();
    for (id, name, plan) in engaged {
        lee::remove_plan(g, id);
        if let Some(f) = g.field.forces.iter_mut().find(|f| f.id == id) {
            f.cover = false;
        }
        r.say(format!("{name} is in Melee: {} is removed (11.4.2, 11.5)", plan.label()));
    }
    ended(g, r);
    Ok(())
}

fn capture_all_guns(g: &mut Battle, side: Loyalty, r: &mut Report) {
    let guns: Vec<Counter> =
        g.field.side(side).filter(|f| f.counter.kind == ForceType::Artillery).map(|f| f.counter.clone()).collect();
    for gun in guns {
        r.say(format!("{} is captured (5.9.1)", gun.name));
        g.captured.push(Capture { gun, by: side.opponent(), region: None, settled: None });
    }
}

pub(crate) fn withdraw(g: &mut Battle, dice: &mut Dice, r: &mut Report) -> Step {
    if g.result != Some(BattleResult::WithdrawalDue) {
        return Err(refuse("the Withdrawal comes when the Battle Turn counter enters the Withdrawal box (14.8)"));
    }
    let u = g.field.total(Loyalty::Union)?;
    let c = g.field.total(Loyalty::Confederate)?;
    let w = match outcome::withdrawal_check(u, c) {
        WithdrawalCheck::Retreats(side) => {
            let w = if side == Loyalty::Union { Withdrawal::UnionRetreat } else { Withdrawal::ConfederateRetreat };
            r.say(format!(
                "Union {u} to Confederate {c}: the {side:?} side is at 2 to 1 or worse: {} (14.8)",
                withdrawal_words(w)
            ));
            w
        }
        WithdrawalCheck::Roll => {
            let table = g.withdrawal_table.clone().ok_or_else(|| {
                RuleError::Missing(CellRef::new("Withdrawal table (14.8)", "your campaign", "every row"))
            })?;
            let roll = dice.table(format!("the Withdrawal table, {} (14.8)", table.campaign))?;
            let w = table.read(roll)?;
            r.say(format!(
                "Union {u} to Confederate {c}, less than 2 to 1: the Withdrawal table ({}) reads {}: {}",
                table.campaign,
                roll.value(),
                withdrawal_words(w)
            ));
            w
        }
    };
    match w {
        Withdrawal::Rejoin => rejoin(g, r),
        Withdrawal::UnionRetreat | Withdrawal::ConfederateRetreat => {
            let side = if w == Withdrawal::UnionRetreat { Loyalty::Union } else { Loyalty::Confederate };
            let statics = g.field.side(side).filter(|f| !f.counter.kind.is_mobile()).count();
            capture_all_guns(g, side, r);
            g.field.forces.retain(|f| f.counter.loyalty != side);
            r.say(format!(
                "{statics} {side:?} Static Force(s) Destroyed; the {side:?} Mobile Forces go to one random adjacent Area held by their side, or else not held by the other; with none, they are Destroyed ({})",
                if side == Loyalty::Union { "14.8.2" } else { "14.8.3; Lee with them, if present" }
            ));
            r.say(format!("The {:?} forces return to the Battle Location Area", side.opponent()));
            g.result = Some(BattleResult::Withdrawn(w));
        }
        Withdrawal::Encamp => {
            r.say("Both sides return to the Battle Location Area; no new battle there in this step; fight again after the Forced March or the Union Orders if they are still together (14.8.4)");
            g.result = Some(BattleResult::Withdrawn(w));
        }
    }
    Ok(())
}

/// 14.8.1: back to the campaign map's Battle Location Area and a new battle at once, starting
/// with the Fog of War roll; the forces keep their sides face up, and are placed again.
fn rejoin(g: &mut Battle, r: &mut Report) {
    let mut next = Battle::new(g.fog_table);
    next.field = g.field.clone();
    for f in next.field.forces.iter_mut() {
        f.hard_cover = false;
        f.entrenched = false;
        f.cover = false;
        if matches!(f.counter.kind, ForceType::Infantry | ForceType::Cavalry) {
            f.formation = Formation::Line;
        }
    }
    next.next_id = g.next_id;
    next.hard_row_9 = g.hard_row_9;
    next.scouts = g.scouts;
    next.confederate_cp = g.confederate_cp;
    next.union_cp = g.union_cp;
    next.lee_rating = g.lee_rating;
    next.captured = g.captured.clone();
    next.withdrawal_table = g.withdrawal_table.clone();
    *g = next;
    r.say("Rejoin: every force returns to the Battle Location Area and a new battle begins with the Fog of War roll (14.8.1)");
}

pub(crate) fn replace_captured_gun(g: &mut Battle, index: usize, counter: Option<&Counter>, r: &mut Report) -> Step {
    let cap = g.captured.get(index).cloned().ok_or_else(|| refuse("no such captured gun"))?;
    if cap.settled.is_some() {
        return Err(refuse(format!("{} is settled", cap.gun.name)));
    }
    let gun_cv = cap.gun.full.combat.get(&cap.gun.name, "combat value")?;
    let settled = match counter {
        Some(c) => {
            if c.kind != ForceType::Artillery || c.loyalty != cap.by {
                return Err(refuse(format!("the replacement is a {:?} Artillery counter (5.9.1)", cap.by)));
            }
            let cv = c.full.combat.get(&c.name, "combat value")?;
            if cv > gun_cv {
                return Err(refuse(format!("the replacement's Combat Value is {gun_cv} or lower, not {cv} (5.9.1)")));
            }
            match cap.region.filter(|_| g.phase == Phase::BattleTurns) {
                Some(region) => {
                    let id = g.next_id;
                    g.next_id += 1;
                    g.field.forces.push(crate::battle::Force {
                        id,
                        counter: c.clone(),
                        strength: Strength::Full,
                        region,
                        formation: Formation::Line,
                        hard_cover: false,
                        entrenched: false,
                        cover: false,
                    });
                    r.say(format!(
                        "{} takes {}'s place in the {}; it may be given a Battle Plan next turn (5.9.1)",
                        c.name,
                        cap.gun.name,
                        region.label()
                    ));
                }
                None => r.say(format!("{} replaces {} on the campaign map (5.9.1, 14.8)", c.name, cap.gun.name)),
            }
            CaptureSettled::Replaced(c.name.clone())
        }
        None => {
            g.gain(cap.by, 2);
            r.say(format!(
                "No {:?} Artillery counter of Combat Value {gun_cv} or lower is available: the {:?} side gains 2 Command Points (5.9.2)",
                cap.by, cap.by
            ));
            CaptureSettled::TwoCommandPoints
        }
    };
    if let Some(x) = g.captured.get_mut(index) {
        x.settled = Some(settled);
    }
    Ok(())
}

#[cfg(test)]
mod tests;
