//! Table 16 step 2: the charged unit marked D, FM or Move moves before the charger (5.2), or
//! receives the charge as it stands.

use super::{Charge, Objective, Resolved, Stage, out_of_range};
use crate::rules::charge::{Happened, inches_ge, show_inches};
use crate::rules::unit::{Arm, Formation, OrderKind};
use crate::rules::{Ratio, RuleResult};

impl Charge {
    /// Table 16 step 2 ("Move charged units marked D or FM"): the charged unit stays as it is.
    /// A unit marked FM receives the charge charged-while-forming (5.2.1), one marked Move goes
    /// to Conditional Hold (5.2.3); a unit marked D must make its move (5.2.2).
    pub(super) fn charged_unit_stays(&self, c: &mut Charge, h: &mut Vec<Happened>) -> RuleResult<Resolved> {
        match self.setup.defender.order {
            Some(OrderKind::Disengage) => {
                return Err(out_of_range(
                    "charged unit",
                    "a unit marked D performs its disengage move now (5.2.2): give its new distance",
                ));
            }
            Some(OrderKind::FormationChange) => {
                c.defender_charged_while_forming = true;
                h.push(Happened::new(
                    "5.2.1",
                    "The unit marked FM receives the charge as it is: charged-while-forming, +3 to its charge checks.",
                ));
            }
            Some(OrderKind::Move) => {
                c.defender_on_conditional_hold = true;
                h.push(Happened::new(
                    "5.2.3",
                    "The unit marked Move changes its order to CH (3.2: +1 to its morale if charged).",
                ));
            }
            Some(OrderKind::Hold) | Some(OrderKind::ConditionalHold) if self.setup.defender.arm == Arm::Artillery => {
                h.push(Happened::new("5.2.4", "Guns on H or CH may pivot to face the charge unless it began within 3\"; pivoting does not cancel a flank or rear penalty."));
            }
            _ => h.push(Happened::new("5.2", "The charged unit stays as it is.")),
        }
        c.stage = Stage::NormalMove;
        Ok(Resolved::Next)
    }

    /// Table 16 step 2: the charged unit moves before the charger and is `distance_now` from it:
    /// a unit marked D disengages (5.2.2), one marked FM forms (5.2.1, not when the charge
    /// begins within 3"), one marked Move completes half its move (5.2.3).
    pub(super) fn charged_unit_moved(
        &self,
        c: &mut Charge,
        h: &mut Vec<Happened>,
        distance_now: Ratio,
        new_formation: Option<Formation>,
    ) -> RuleResult<Resolved> {
        match self.setup.defender.order {
            Some(OrderKind::Disengage) => {
                c.defender_disordered = true;
                c.defender_charged_on_rear = true;
                h.push(Happened::new(
                    "5.2.2",
                    format!(
                        "The unit marked D disengages now (6.5.8), {} away: disordered and charged-on-rear.",
                        show_inches(distance_now)
                    ),
                ));
                if self.setup.objective == Objective::Position {
                    h.push(Happened::new(
                        "5.1.1",
                        "The charge is against the position: it goes there, not after the unit.",
                    ));
                }
            }
            Some(OrderKind::FormationChange) => {
                if inches_ge(Ratio::whole(3), self.distance) {
                    return Err(out_of_range(
                        "formation change",
                        "the charge begins within 3\": the unit receives it as it is (5.2.1)",
                    ));
                }
                c.defender_charged_while_forming = true;
                if let Some(f) = new_formation {
                    c.defender_formation = f;
                    c.defender_disordered = f == Formation::Disorder;
                }
                h.push(Happened::new(
                    "5.2.1",
                    format!("The unit marked FM forms before the charger moves{}: charged-while-forming, +3 to its charge checks.",
                        new_formation.map(|f| format!(" into {}", f.label())).unwrap_or_default()),
                ));
            }
            Some(OrderKind::Move) => {
                c.defender_on_conditional_hold = true;
                h.push(Happened::new(
                    "5.2.3",
                    format!("The charger came into sight only after half its charge move: the unit completes half its move ({} away now), then goes to CH.", show_inches(distance_now)),
                ));
            }
            _ => {
                return Err(out_of_range(
                    "charged unit",
                    "only a unit marked D, FM or Move moves before the charger (5.2)",
                ));
            }
        }
        if self.setup.objective == Objective::EnemyUnit {
            c.distance = distance_now;
        }
        c.stage = Stage::NormalMove;
        Ok(Resolved::Next)
    }
}
