//! The Charge (11): its requirements (11.2), the Closing Roll (7.1), and the Charge Process
//! step by step (11.1) with its results (11.3) and special situations (11.4). Each roll is
//! read from the players' tables; the dice are arguments.

use crate::morale::{MoraleCheck, MoraleRating, MoraleState, morale_check};
use crate::oob::{Arm, UnitFormation};
use crate::refusal::Refused;
use crate::table::{Effect, LookupError, Reading, RollTable};
use serde::{Deserialize, Serialize};

/// The steps of one Charge, in order (11.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChargeStep {
    /// a) Declaration.
    Declaration,
    /// b) Closing Roll.
    ClosingRoll,
    /// c) Opening Volley, by the Inactive Player.
    OpeningVolley,
    /// d) Leader Loss Checks for the attacking Leaders, after a loss from the Volley.
    AttackerLeaderLoss,
    /// e) Target Losses (11.3a) with its Leaders' checks on the Charge Defender column.
    TargetLosses,
    /// f) Target Morale Check, loss or not (11.3b).
    TargetMorale,
    /// g) Charge Results (11.3c, 11.4).
    Results,
    /// The Charge is over.
    Over,
}

/// One unit of the Charging Stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Charger {
    /// Its identity.
    pub id: String,
    /// Its arm.
    pub arm: Arm,
    /// Its Formation.
    pub formation: UnitFormation,
    /// Its Strength now.
    pub strength: u8,
    /// Its Morale State.
    pub state: MoraleState,
}

/// What the players see on the map when the Charge is declared (11.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declaration {
    /// The Charging units, top first.
    pub units: Vec<Charger>,
    /// The Morale Rating of the Stack's top unit (7.1).
    pub top_rating: MoraleRating,
    /// Stacked together at the start of the Phase.
    pub stacked_at_start: bool,
    /// Enough MPs to enter the Target hex.
    pub mps_to_enter: bool,
    /// In Command Radius for the initial announcement.
    pub in_radius: bool,
    /// Center Front aimed at the Target (6.3d).
    pub facing_target: bool,
    /// Finished (2.3), or failed an earlier Charge this Phase.
    pub finished: bool,
    /// Over-Stacked (6.1a).
    pub over_stacked: bool,
    /// Stacked with non-participating Combat Units.
    pub with_others: bool,
    /// Using the One Hex Move (7.0a).
    pub one_hex_move: bool,
    /// Adjacent to the Target, and not across Prohibited Terrain.
    pub adjacent: bool,
}

/// 11.2 and 10.2d: the requirements of a Charge.
pub fn check_declaration(d: &Declaration) -> Result<(), Refused> {
    let no = |rule, why: &str| Err(Refused::by(rule, why.to_string()));
    if d.units.is_empty() {
        return no("11.2", "name the Charging units");
    }
    for u in &d.units {
        let line_or_mounted = matches!(
            (u.arm, u.formation),
            (Arm::Infantry, UnitFormation::Line) | (Arm::Cavalry, UnitFormation::Mounted)
        );
        if !line_or_mounted {
            return no("11.2", "only Line Infantry or Mounted Cavalry can Charge");
        }
        if matches!(u.state, MoraleState::Disorganized | MoraleState::Routed) {
            return no("10.2d", "DG and Routed units cannot Charge");
        }
    }
    let checks = [
        (d.stacked_at_start, "the Charging units must be Stacked together at the start of the Phase"),
        (d.mps_to_enter, "they need the MPs to enter the Target hex"),
        (d.in_radius, "they must be in Command Radius to announce the Charge"),
        (d.facing_target, "their Center Front must be aimed at the Target (6.3d)"),
        (!d.finished, "a Finished Stack cannot Charge"),
        (!d.over_stacked, "an Over-Stacked Stack cannot Charge (6.1a)"),
        (!d.with_others, "they cannot be Stacked with non-participating Combat Units"),
        (!d.one_hex_move, "not while using the One Hex Move (7.0a)"),
        (d.adjacent, "the Target must be adjacent at the Charge Closing Roll"),
    ];
    match checks.iter().find(|(ok, _)| !ok) {
        Some((_, why)) => no("11.2", why),
        None => Ok(()),
    }
}

/// 7.1, 7.1a, 10.2a: the Closing Roll: BL always passes, DG never does (nor, outside a
/// Charge, Wrecked units); otherwise one die plus modifiers against the Passing Roll on the
/// players' Closing Roll Table. `leader_morale` is the Leader's Morale Value as the DRM.
pub fn closing_roll(
    table: &RollTable,
    state: MoraleState,
    rating: MoraleRating,
    modifiers: &[String],
    leader_morale: Option<u8>,
    die: u8,
) -> Result<Option<Reading>, LookupError> {
    match state {
        MoraleState::BloodLust => return Ok(None),
        MoraleState::Disorganized => {
            let raw = i32::from(die);
            let effects = vec![Effect::Fail];
            return Ok(Some(Reading { raw, applied: Vec::new(), drm: 0, modified: raw, from_grid: false, effects }));
        }
        _ => {}
    }
    let mut names = vec![crate::morale::rating_modifier(rating)];
    names.extend(modifiers.iter().cloned());
    let apply: Vec<&str> = names.iter().map(String::as_str).collect();
    let extra: Vec<(String, String, i32)> = leader_morale
        .map(|m| ("Leader's Morale Value".to_string(), "7.1".to_string(), i32::from(m)))
        .into_iter()
        .collect();
    table.read("", i32::from(die), &apply, &extra).map(Some)
}

/// Whether a Closing Roll passed: BL (no roll) always does.
pub fn closed(r: &Option<Reading>) -> bool {
    r.as_ref().is_none_or(Reading::passed)
}

/// A Charge in progress: the SPs on each side and the step reached.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Charge {
    /// The step due.
    pub step: ChargeStep,
    /// The Charging Stack's SPs capable of Firing.
    pub attacker_sps: u8,
    /// The Target Stack's SPs capable of Firing.
    pub target_sps: u8,
    /// Attacking through frontal Breastworks (11.3a).
    pub through_breastworks: bool,
    /// A Mounted Charge (11.4e).
    pub mounted: bool,
    /// The Target is exclusively Artillery or Open Order (11.4e).
    pub target_artillery_or_open_order: bool,
}

/// What one step did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepResult {
    /// The Closing Roll failed: the Charge becomes Fire, or nothing; the Opening Volley is
    /// still due, at Range 1 (11.4b, 9.2).
    ClosingFailed,
    /// The attacker lost so many SPs; Leader Loss Checks for his Leaders if any (11.1d).
    AttackerLoss(u8),
    /// The attacker is destroyed: no Target loss or Morale Check (11.4a).
    AttackerDestroyed,
    /// The Target loses 1 SP and checks its Leaders on the Charge Defender column (11.3a).
    TargetLoss,
    /// No Target loss (fewer than 4 SPs left, or through frontal Breastworks).
    NoTargetLoss,
    /// The Morale Check's reading.
    Morale(Reading),
    /// The Target is destroyed: exclusively Artillery or Open Order against Mounted (11.4e).
    TargetDestroyed,
}

impl Charge {
    /// A Charge declared (11.1a).
    pub fn declare(d: &Declaration, target_sps: u8) -> Result<Charge, Refused> {
        check_declaration(d)?;
        let attacker_sps = d.units.iter().map(|u| u.strength).fold(0u8, u8::saturating_add);
        let mounted = d.units.iter().all(|u| u.arm == Arm::Cavalry);
        Ok(Charge {
            step: ChargeStep::ClosingRoll,
            attacker_sps,
            target_sps,
            through_breastworks: false,
            mounted,
            target_artillery_or_open_order: false,
        })
    }

    fn due(&self, step: ChargeStep) -> Result<(), Refused> {
        if self.step == step { Ok(()) } else { Err(Refused::by("11.1", format!("the step due is {:?}", self.step))) }
    }

    /// 11.1b: the Charge Closing Roll's outcome.
    pub fn closing(&mut self, passed: bool) -> Result<Option<StepResult>, Refused> {
        self.due(ChargeStep::ClosingRoll)?;
        self.step = ChargeStep::OpeningVolley;
        Ok(if passed { None } else { Some(StepResult::ClosingFailed) })
    }

    /// 11.1c-d: the Opening Volley's loss against the Charging Stack (doubled already for a
    /// Mounted Charge, 11.4e).
    pub fn volley(&mut self, loss: u8, closing_failed: bool) -> Result<StepResult, Refused> {
        self.due(ChargeStep::OpeningVolley)?;
        self.attacker_sps = self.attacker_sps.saturating_sub(loss);
        if self.attacker_sps == 0 {
            self.step = ChargeStep::Over;
            return Ok(StepResult::AttackerDestroyed);
        }
        self.step = if closing_failed { ChargeStep::Over } else { ChargeStep::TargetLosses };
        Ok(StepResult::AttackerLoss(loss))
    }

    /// 11.1e, 11.3a: at least 4 SPs left and not through frontal Breastworks: the Target loses
    /// 1 SP automatically.
    pub fn target_losses(&mut self) -> Result<StepResult, Refused> {
        self.due(ChargeStep::TargetLosses)?;
        self.step = ChargeStep::TargetMorale;
        if self.mounted && self.target_artillery_or_open_order {
            self.step = ChargeStep::Over;
            return Ok(StepResult::TargetDestroyed);
        }
        if self.attacker_sps >= 4 && !self.through_breastworks {
            self.target_sps = self.target_sps.saturating_sub(1);
            Ok(StepResult::TargetLoss)
        } else {
            Ok(StepResult::NoTargetLoss)
        }
    }

    /// 11.1f, 11.3b: the Target's Morale Check with the Charge Modifier the players read from
    /// the SP differential (`charge_modifier`, e.g. "Charge: Bigger"), the Target's Leader
    /// subtracted and the Charging Leaders' Morale Values added.
    pub fn target_morale(
        &mut self,
        table: &RollTable,
        mut check: MoraleCheck,
        charge_modifier: Option<&str>,
        raw: u8,
    ) -> Result<StepResult, Refused> {
        self.due(ChargeStep::TargetMorale)?;
        if let Some(m) = charge_modifier {
            check.modifiers.push(m.to_string());
        }
        let r = morale_check(table, &check, i32::from(raw)).map_err(|e| Refused::because(e.to_string()))?;
        self.step = ChargeStep::Results;
        Ok(StepResult::Morale(r))
    }

    /// 11.1g, 11.3c, 11.4d: the results. Returns whether the Charging Stack advances into the
    /// vacated hex (with a Cowardly Legs marker on top) or is Finished.
    pub fn results(&mut self, target_left_hex: bool) -> Result<&'static str, Refused> {
        self.due(ChargeStep::Results)?;
        self.step = ChargeStep::Over;
        Ok(if target_left_hex {
            "Advance into the Target hex at normal MP cost, Cowardly Legs on top; it may move or Charge on, ignoring CR and EZOCs, without changing Facing (11.3c)"
        } else {
            "The Defender stands firm: the Charging Stack is Finished (11.4d)"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Band, Column, Dice, Modifier, Slot, Span};

    fn entered(name: &str, rule: &str, v: i32) -> Modifier {
        Modifier { name: name.into(), rule: rule.into(), value: Slot::Entered(v) }
    }

    fn table(key: &str, dice: Dice, modifiers: Vec<Modifier>, bands: Vec<Band>) -> RollTable {
        let mut t = RollTable::new(key, key, "11", dice);
        t.modifiers = modifiers;
        t.columns.push(Column { label: String::new(), bands });
        t
    }

    fn declaration(strength: u8) -> Declaration {
        Declaration {
            units: vec![Charger {
                id: "1 Tex".into(),
                arm: Arm::Infantry,
                formation: UnitFormation::Line,
                strength,
                state: MoraleState::Normal,
            }],
            top_rating: MoraleRating::A,
            stacked_at_start: true,
            mps_to_enter: true,
            in_radius: true,
            facing_target: true,
            finished: false,
            over_stacked: false,
            with_others: false,
            one_hex_move: false,
            adjacent: true,
        }
    }

    /// 11.3c "Example of a Charge Sequence", with the example's DRMs entered as the players
    /// would and test bands around them: the 1st Texas (7 SPs, A) Charges the 7th Indiana
    /// (4 SPs, B).
    #[test]
    fn rule_11_3c_example_of_a_charge_sequence() {
        let closing = table(
            "closing",
            Dice::One,
            vec![entered("Morale Rating A", "7.1", 3)],
            vec![
                Band { rolls: Span::at_most(4), effects: vec![Effect::Fail] },
                Band { rolls: Span::at_least(5), effects: vec![Effect::Pass] },
            ],
        );
        // Moving adjacent: +3 for the A rating, a roll of 2 "succeeds, just barely".
        let r = closing_roll(&closing, MoraleState::Normal, MoraleRating::A, &[], None, 2).unwrap();
        assert!(closed(&r));
        assert_eq!(r.map(|r| r.modified), Some(5));
        let mut charge = Charge::declare(&declaration(7), 4).unwrap();
        // The Charge's own Closing Roll: a modified 9.
        let r = closing_roll(&closing, MoraleState::Normal, MoraleRating::A, &[], None, 6).unwrap();
        assert_eq!(r.as_ref().map(|r| r.modified), Some(9));
        assert_eq!(charge.closing(closed(&r)).unwrap(), None);
        // The Opening Volley at Charge Range (+3): a roll of 4 modifies to 7, 1 SP.
        let volley = table(
            "opening-volley",
            Dice::One,
            vec![entered("Charge Range", "11.1", 3)],
            vec![
                Band { rolls: Span::at_most(6), effects: vec![Effect::NoEffect] },
                Band { rolls: Span::between(7, 8), effects: vec![Effect::Loss(1)] },
                Band { rolls: Span::at_least(9), effects: vec![Effect::Loss(2)] },
            ],
        );
        let (r, loss) = crate::fire::opening_volley(&volley, &["Charge Range".into()], 4, false).unwrap();
        assert_eq!((r.modified, loss), (7, 1));
        assert_eq!(charge.volley(loss, false).unwrap(), StepResult::AttackerLoss(1));
        assert_eq!(charge.attacker_sps, 6);
        // At least 4 SPs: the 7 Ind loses 1 SP and checks at 3.
        assert_eq!(charge.target_losses().unwrap(), StepResult::TargetLoss);
        assert_eq!(charge.target_sps, 3);
        // "Bigger" +2 and the B rating +1: +3; a roll of 7 modifies to 10: Shaken, retreat 1.
        let morale = table(
            "morale",
            Dice::Two,
            vec![entered("Morale Rating B", "10.1", 1), entered("Charge: Bigger", "11.3b", 2)],
            vec![
                Band { rolls: Span::at_most(9), effects: vec![Effect::NoEffect] },
                Band {
                    rolls: Span::at_least(10),
                    effects: vec![Effect::State(MoraleState::Shaken), Effect::Retreat(1), Effect::CowardlyLegs],
                },
            ],
        );
        let check = MoraleCheck {
            top_rating: MoraleRating::B,
            leader_morale: None,
            charging_leaders_morale: 0,
            modifiers: vec![],
        };
        let StepResult::Morale(r) = charge.target_morale(&morale, check, Some("Charge: Bigger"), 7).unwrap() else {
            panic!()
        };
        assert_eq!((r.drm, r.modified), (3, 10));
        assert!(r.effects.contains(&Effect::Retreat(1)));
        assert!(charge.results(true).unwrap().contains("Cowardly Legs"));
        assert_eq!(charge.step, ChargeStep::Over);
    }

    #[test]
    fn rule_11_2_charge_requirements() {
        let mut d = declaration(7);
        d.units[0].formation = UnitFormation::Column;
        assert!(Charge::declare(&d, 4).is_err());
        let mut d = declaration(7);
        d.units[0].state = MoraleState::Disorganized;
        assert_eq!(Charge::declare(&d, 4).unwrap_err().rule, Some("10.2d"));
        let mut d = declaration(7);
        d.facing_target = false;
        assert!(Charge::declare(&d, 4).is_err());
    }

    /// 11.3a: fewer than 4 SPs after the Volley, no Target loss; 11.4a: destroyed, no check.
    #[test]
    fn rule_11_3a_and_11_4a() {
        let mut c = Charge::declare(&declaration(4), 4).unwrap();
        c.closing(true).unwrap();
        c.volley(1, false).unwrap();
        assert_eq!(c.target_losses().unwrap(), StepResult::NoTargetLoss);
        let mut c = Charge::declare(&declaration(2), 4).unwrap();
        c.closing(true).unwrap();
        assert_eq!(c.volley(2, false).unwrap(), StepResult::AttackerDestroyed);
        assert!(c.target_losses().is_err());
    }

    /// 10.2a, 10.2d: BL always closes, DG never.
    #[test]
    fn rule_10_2_closing_by_morale_state() {
        let t = table(
            "closing",
            Dice::One,
            vec![entered("Morale Rating C", "7.1", 0)],
            vec![Band { rolls: Span::at_least(1), effects: vec![Effect::Pass] }],
        );
        assert!(closed(&closing_roll(&t, MoraleState::BloodLust, MoraleRating::C, &[], None, 1).unwrap()));
        assert!(!closed(&closing_roll(&t, MoraleState::Disorganized, MoraleRating::C, &[], None, 6).unwrap()));
    }
}
