//! Open Order and Sharpshooters (4.4): who is Open Order Capable (4.4b), and whether a unit
//! must or may Retire (4.4c, 4.4d).

use crate::morale::MoraleState;
use crate::refusal::Refused;
use serde::{Deserialize, Serialize};

/// 4.4d: Retirement is required before this year, a choice from it on.
pub const RETIREMENT_CHOICE_FROM: u16 = 1864;

/// What the players see of an Open Order unit (4.4b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenOrderFacts {
    /// Stacked with any other unit, even Open Order, at the beginning of the Phase.
    pub stacked_at_phase_start: bool,
    /// In a Breastworks hex.
    pub in_breastworks: bool,
}

/// 4.4b: Open Order Capable unless Stacked with others at the Phase's start, DG, Routed or in
/// Breastworks.
pub fn capable(state: MoraleState, facts: OpenOrderFacts) -> Result<(), Refused> {
    let no = |why: &str| Err(Refused::by("4.4b", format!("not Open Order Capable: {why}")));
    if facts.stacked_at_phase_start {
        return no("Stacked with another unit at the beginning of the Phase");
    }
    if state == MoraleState::Disorganized {
        return no("DG");
    }
    if state == MoraleState::Routed {
        return no("Routed");
    }
    if facts.in_breastworks {
        return no("in Breastworks");
    }
    Ok(())
}

/// 4.4d: whether Retiring is required or a choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Retirement {
    /// Before 1864: the unit must Retire.
    Required,
    /// 1864 and after: the non-Phasing Player chooses, once a Phase.
    Choice,
}

/// 4.4d: by the scenario's year (LCV is 1863); `None`: the year is not entered.
pub fn retirement(year: Option<u16>) -> Result<Retirement, Refused> {
    match year {
        Some(y) if y >= RETIREMENT_CHOICE_FROM => Ok(Retirement::Choice),
        Some(_) => Ok(Retirement::Required),
        None => Err(Refused::by("4.4d", "enter the scenario's year: Retirement is required before 1864")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(stacked: bool, works: bool) -> OpenOrderFacts {
        OpenOrderFacts { stacked_at_phase_start: stacked, in_breastworks: works }
    }

    /// 4.4b: the four situations that take the capability away.
    #[test]
    fn rule_4_4b_open_order_capability() {
        assert!(capable(MoraleState::Shaken, facts(false, false)).is_ok());
        assert!(capable(MoraleState::Normal, facts(true, false)).is_err());
        assert!(capable(MoraleState::Disorganized, facts(false, false)).is_err());
        assert!(capable(MoraleState::Routed, facts(false, false)).is_err());
        assert!(capable(MoraleState::Normal, facts(false, true)).is_err());
    }

    /// 4.4d: required before 1864, a choice from 1864.
    #[test]
    fn rule_4_4d_retirement_by_year() {
        assert_eq!(retirement(Some(1863)), Ok(Retirement::Required));
        assert_eq!(retirement(Some(1864)), Ok(Retirement::Choice));
        assert!(retirement(None).is_err());
    }
}
