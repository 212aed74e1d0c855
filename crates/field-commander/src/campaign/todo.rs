//! The step's to-do list for the campaign ledger: what the rules require now, and what they
//! allow, each with its rule (8.0).

use super::*;
use crate::pack::{ArrivalWhen, Deadline, TurnEnd};

/// One item of the step's to-do list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToDo {
    /// What to do, with its rule.
    pub what: String,
    /// The step cannot end before it is done (a battle, a Union group, a Resupply stage).
    pub required: bool,
}

fn must(what: impl Into<String>) -> ToDo {
    ToDo { what: what.into(), required: true }
}

fn may(what: impl Into<String>) -> ToDo {
    ToDo { what: what.into(), required: false }
}

impl Campaign {
    /// What the rules require and allow in the current step.
    pub fn to_do(&self) -> Vec<ToDo> {
        let mut out = Vec::new();
        match self.phase {
            Phase::SetUp | Phase::TurnOver => out.push(must("Advance the Campaign Turn counter (9.1)")),
            Phase::ConfederateMoves => {
                out.push(may("Move Mobile Forces (and Lee) to adjacent Areas, free (9.2)"));
                for (i, l) in self.def.late_arrivals.iter().enumerate() {
                    let state = self.arrivals.get(i).copied().unwrap_or_default();
                    if state.arrived {
                        continue;
                    }
                    match &l.when {
                        ArrivalWhen::RollFromTurn { turn, target }
                            if self.turn >= *turn && state.rolled_on != Some(self.turn) =>
                        {
                            let t = target.value().map(|t| format!(": {t} or less")).unwrap_or_default();
                            out.push(must(format!("Roll for Late Arrival {}{t} (7.9)", i + 1)));
                        }
                        ArrivalWhen::Turn(t) if self.turn >= *t => {
                            out.push(must(format!("Place Late Arrival {}: choose its Area (7.9)", i + 1)));
                        }
                        ArrivalWhen::Condition(c) => out.push(may(format!("Late Arrival {} when {c} (7.9)", i + 1))),
                        _ => {}
                    }
                }
            }
            Phase::BattlesAfterMoves | Phase::BattlesAfterForcedMarch | Phase::UnionBattles => {
                if let Some(b) = &self.battle {
                    out.push(must(format!("Go on with the battle in {}: {:?}", b.area, b.stage)));
                }
                for a in self.pending_battles() {
                    if self.battle.as_ref().is_none_or(|b| b.area != a) {
                        out.push(must(format!("Resolve the battle in {a} (9.3, 15.2, 17.0)")));
                    }
                }
            }
            Phase::ForcedMarch => out.push(may(format!(
                "Force March at 1 Command Point a force, Lee free (15.1); {} Command Points",
                self.confederate_cp
            ))),
            Phase::ConfederateResupply => {
                let reduced = self
                    .pieces
                    .iter()
                    .filter(|p| p.strength == Strength::Reduced && matches!(p.place, Place::Area(_)))
                    .filter(|p| self.loyalty(p.id).is_ok_and(|l| l == Loyalty::Confederate))
                    .count();
                if self.resupply_step == 0 && reduced > 0 {
                    out.push(may(format!("Refit {reduced} reduced forces at 2 Command Points each (15.4)")));
                }
                if self.resupply_step <= 1 {
                    out.push(may("Buy forces from beside the map at their Combat Value (15.5)"));
                }
                let left = self.scouts_available().map(|n| format!(", {n} counters left")).unwrap_or_default();
                out.push(may(format!("Buy Scouts at 1 Command Point each (15.6){left}")));
            }
            Phase::UnionOrders => {
                for g in self.groups.iter().filter(|g| !g.done) {
                    out.push(must(format!("Roll the orders of {} in {} (16.3)", self.group_name(&g.tag), g.area)));
                }
            }
            Phase::UnionResupply => out.push(must(match self.union_stage {
                UnionStage::Refit => "Refit the reduced Union Forces, highest Skill Level first (18.1)".into(),
                UnionStage::Reinforcements => format!(
                    "Draw a Reinforcement: {} in the cup, {} Union Command Points (18.1)",
                    self.cup(&Place::ReinforcementCup).len(),
                    self.union_cp
                ),
                UnionStage::Additional => format!(
                    "Draw a Brigade, Regiment or Battery: {} in the cup, {} Union Command Points (18.1)",
                    self.cup(&Place::AdditionalCup).len(),
                    self.union_cp
                ),
                UnionStage::Table(n) => {
                    let of = self.table_rolls_left().map(|all| format!(" {} of {all}", n + 1)).unwrap_or_default();
                    format!("Roll on the Union Resupply Table{of} (18.2)")
                }
                UnionStage::Done => "End the Campaign Turn (19.0)".into(),
            })),
            Phase::Over => {}
        }
        for (i, c) in self.def.conditions.iter().enumerate() {
            if self.conditions.get(i) != Some(&ConditionState::Pending) {
                continue;
            }
            let when = match c.deadline {
                Deadline::Throughout => "throughout".to_string(),
                Deadline::AtEnd => "at the end".to_string(),
                Deadline::By(t, TurnEnd::Confederate) | Deadline::At(t, TurnEnd::Confederate) => {
                    format!("by the end of the Confederate phase of Turn {t}")
                }
                Deadline::By(t, TurnEnd::Turn) | Deadline::At(t, TurnEnd::Turn) => format!("by the end of Turn {t}"),
            };
            out.push(may(format!("Objective, {when}: {} (3.1)", c.text)));
        }
        out
    }

    pub(crate) fn table_rolls_left(&self) -> Option<u8> {
        let lvl = self.settings.difficulty.resupply;
        self.def.union_resupply_rolls.at(lvl).value().copied()
    }
}
