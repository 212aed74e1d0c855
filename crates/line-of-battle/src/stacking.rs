//! Stacking (6.1) as checks the players can be told: the 16 SP limit and what Over-Stacking
//! does (6.1a), Unlimbered Artillery's company (4.2c), the Stacking Order (6.1b, 4.5) and the
//! one Morale State of a Stack (10.0). The players name the units of one hex, top first.

use crate::morale::MoraleState;
use crate::oob::{Arm, Oob, Side, Unit, UnitFormation};
use crate::refusal::Refused;

/// 6.1a: a maximum of 16 SPs of Combat Units in one hex, regardless of Terrain.
pub const STACKING_LIMIT: u16 = 16;

/// One thing wrong with a Stack, with its rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The rule.
    pub rule: &'static str,
    /// What is wrong, in the players' words.
    pub text: String,
}

/// What the players are told about one Stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackReport {
    /// The Stack's SPs of Combat Units.
    pub sps: u16,
    /// Over the 16 SP limit (6.1a).
    pub over_stacked: bool,
    /// The Morale State it would have after Over-Stacking and adopting the worst State (6.1a,
    /// 10.0 "Ending a Move Stacked").
    pub state: MoraleState,
    /// The unit that belongs on top (6.1b, 4.5), if it is not there.
    pub top_should_be: Option<String>,
    /// Everything wrong.
    pub problems: Vec<Problem>,
}

fn units<'a>(oob: &'a Oob, ids: &[String]) -> Result<Vec<&'a Unit>, Refused> {
    if ids.is_empty() {
        return Err(Refused::because("name the units of the Stack"));
    }
    let mut out = Vec::new();
    for (i, id) in ids.iter().enumerate() {
        if ids[..i].contains(id) {
            return Err(Refused::because(format!("{id} is named twice")));
        }
        let u = oob.unit(id).ok_or_else(|| Refused::because(format!("no unit {id}")))?;
        if u.dead || !u.on_map {
            return Err(Refused::because(format!("{} is not on the map", u.name)));
        }
        out.push(u);
    }
    let side: Side = out[0].side;
    if out.iter().any(|u| u.side != side) {
        return Err(Refused::by("7.0c", "no unit can enter a hex holding enemy Combat Units"));
    }
    Ok(out)
}

/// The unit 6.1b puts on top: a Green unit always (4.5); else the largest unit in Line (Line
/// units go above other Formations), else the largest. `None` on a tie the player breaks.
fn rightful_top<'a>(stack: &[&'a Unit]) -> Option<&'a Unit> {
    let pool: Vec<&Unit> = if stack.iter().any(|u| u.green) {
        stack.iter().copied().filter(|u| u.green).collect()
    } else if stack.iter().any(|u| u.unit_formation == UnitFormation::Line) {
        stack.iter().copied().filter(|u| u.unit_formation == UnitFormation::Line).collect()
    } else {
        stack.to_vec()
    };
    let largest = pool.iter().map(|u| u.strength).max()?;
    let mut at_most = pool.iter().filter(|u| u.strength == largest);
    let first = at_most.next().copied();
    if at_most.next().is_some() { None } else { first }
}

/// Checks one hex's Stack, top first: what the players are told (6.1a, 6.1b, 4.2c, 4.5, 10.0).
pub fn check_stack(oob: &Oob, ids: &[String]) -> Result<StackReport, Refused> {
    let stack = units(oob, ids)?;
    let sps: u16 = stack.iter().map(|u| u16::from(u.strength)).sum();
    let mut problems = Vec::new();
    let over_stacked = sps > STACKING_LIMIT;
    let mut state = stack.iter().map(|u| u.state).fold(MoraleState::BloodLust, MoraleState::worst);
    if over_stacked {
        state = if state >= MoraleState::Disorganized { MoraleState::Routed } else { MoraleState::Disorganized };
        problems.push(Problem {
            rule: "6.1a",
            text: format!(
                "{sps} SPs: Over-Stacked, the hex is DG (Routed if already DG) and fails any Charge Closing Roll"
            ),
        });
    }
    let unlimbered = stack.iter().filter(|u| u.unit_formation == UnitFormation::Unlimbered).count();
    if unlimbered > 0 && unlimbered < stack.len() {
        problems.push(Problem {
            rule: "4.2c",
            text: "Unlimbered Artillery stacks only with Unlimbered Artillery and Non-Combat Units".into(),
        });
    }
    let mixed = stack.windows(2).any(|w| w[0].state != w[1].state);
    if mixed {
        problems.push(Problem {
            rule: "10.0",
            text: format!("one Morale State per Stack: it adopts the worst, {}", state.label()),
        });
    }
    let top_should_be = match rightful_top(&stack) {
        Some(t) if t.id != stack[0].id => Some(t.id.clone()),
        _ => None,
    };
    if let Some(t) = &top_should_be {
        let name = stack.iter().find(|u| u.id == *t).map(|u| u.name.clone()).unwrap_or_default();
        let rule = if stack.iter().any(|u| u.green) { "4.5" } else { "6.1b" };
        problems.push(Problem {
            rule,
            text: format!("{name} goes on top when the Stack Finishes its Activity or ends its Retreat"),
        });
    }
    Ok(StackReport { sps, over_stacked, state, top_should_be, problems })
}

/// Whether every unit of the Stack is Artillery (10.3d, 11.4e).
pub fn all_artillery(oob: &Oob, ids: &[String]) -> bool {
    !ids.is_empty() && ids.iter().all(|id| oob.unit(id).is_some_and(|u| u.arm == Arm::Artillery))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oob::tests::{oob, unit};

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    /// 6.1a: more than 16 SPs is Over-Stacked: DG, or Routed if already DG.
    #[test]
    fn rule_6_1a_sixteen_sp_limit() {
        let mut o = oob();
        o.add_unit(unit("6 Wisc", "1/1/1", 8, 7)).unwrap();
        let r = check_stack(&o, &ids(&["2 Wisc", "6 Wisc"])).unwrap();
        assert_eq!((r.sps, r.over_stacked), (13, false));
        o.units.iter_mut().for_each(|u| u.strength = u.printed);
        let r = check_stack(&o, &ids(&["6 Wisc", "2 Wisc", "19 Ind"])).unwrap();
        assert_eq!((r.sps, r.over_stacked, r.state), (20, true, MoraleState::Disorganized));
        o.unit_mut("19 Ind").unwrap().state = MoraleState::Disorganized;
        let r = check_stack(&o, &ids(&["6 Wisc", "2 Wisc", "19 Ind"])).unwrap();
        assert_eq!(r.state, MoraleState::Routed);
    }

    /// 6.1b: the largest Line unit on top; 4.5: a Green unit on top whatever its size; 4.2c:
    /// Unlimbered Artillery alone with its kind.
    #[test]
    fn rule_6_1b_stacking_order_and_4_5_green_on_top() {
        let mut o = oob();
        let r = check_stack(&o, &ids(&["19 Ind", "2 Wisc"])).unwrap();
        assert_eq!(r.top_should_be.as_deref(), Some("2 Wisc"));
        o.unit_mut("19 Ind").unwrap().green = true;
        let r = check_stack(&o, &ids(&["2 Wisc", "19 Ind"])).unwrap();
        assert_eq!(r.top_should_be.as_deref(), Some("19 Ind"));
        assert!(r.problems.iter().any(|p| p.rule == "4.5"));
        let mut guns = unit("Hall", "1/1/1", 6, 6);
        guns.arm = Arm::Artillery;
        guns.unit_formation = UnitFormation::Unlimbered;
        o.add_unit(guns).unwrap();
        let r = check_stack(&o, &ids(&["19 Ind", "Hall"])).unwrap();
        assert!(r.problems.iter().any(|p| p.rule == "4.2c"));
    }

    /// 10.0: a Stack ending a Move with two Morale States adopts the worst.
    #[test]
    fn rule_10_0_one_morale_state_per_stack() {
        let mut o = oob();
        o.unit_mut("19 Ind").unwrap().state = MoraleState::Shaken;
        let r = check_stack(&o, &ids(&["2 Wisc", "19 Ind"])).unwrap();
        assert_eq!(r.state, MoraleState::Shaken);
        assert!(r.problems.iter().any(|p| p.rule == "10.0"));
    }
}
