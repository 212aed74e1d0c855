//! Table 16 step 7: the charged unit's fear-of-charge check (5.5; Tables 17 and 18), and the
//! charged unit and the charger as that check sees them, from the morale engine.

use super::{Charge, MoraleCheckInput, Outcome, Resolved, Stage, run_checks};
use crate::rules::Ratio;
use crate::rules::charge::{Happened, inches_sub};
use crate::rules::morale::{
    Aspect, ChargeSituation, Charger as MoraleCharger, Mmp, MoraleRulings, MoraleUnit, fear_of_charge_mmp,
};
use crate::rules::unit::{Formation, MoraleLevel, OrderKind};
use crate::rules::{Overrides, RuleResult};

impl Charge {
    /// Table 16 step 7 ("Make fear-of-charge checks for charged unit", 5.5.2): the charged
    /// unit stands, routs and makes its forced rout move at once (5.5.4), or is removed
    /// (2.3.5.d). It takes one check against a whole wave assault (6.8.8.b).
    pub(super) fn fear_of_charge(
        &self,
        c: &mut Charge,
        h: &mut Vec<Happened>,
        chk: MoraleCheckInput,
    ) -> RuleResult<Resolved> {
        c.defender_checked_fear = true;
        let level = run_checks("The charged unit (fear of charge, 5.5.2)", self.defender_morale, &[chk], false, h);
        match level {
            None => {
                h.push(Happened::new(
                    "2.3.5.d",
                    "The routed unit disintegrates; within close range of the enemy it surrenders.",
                ));
                Self::end(c, Outcome::DefenderRemoved, h);
                return Ok(Resolved::Next);
            }
            Some(MoraleLevel::Routed) => {
                c.defender_morale = MoraleLevel::Routed;
                h.push(Happened::new(
                    "5.5.4",
                    "It routs and makes the forced rout move at once; friendly units seeing it that are not charged check morale now, charged ones after their own charge.",
                ));
                c.stage = Stage::DefenderRoutMove;
            }
            Some(l) => {
                c.defender_morale = l;
                h.push(Happened::new(
                    "5.5.4",
                    "It stands; units within 3\" of the charge check fear of charge too (5.5.1).",
                ));
                c.stage = Stage::DefensiveFireTwo;
            }
        }
        Ok(Resolved::Next)
    }

    /// The charging unit as the defender's fear-of-charge check sees it at the 3" halt: its
    /// formation, Disorder if it is disordered there (5.5.2, Table 18 attacker's column).
    pub fn charger_for_fear_of_charge(&self) -> MoraleCharger {
        let at = inches_sub(self.distance, Ratio::whole(3));
        let disordered = self.disordered_from_start
            || self.charger_turned_in_disorder
            || self.marks.as_ref().is_some_and(|m| m.disordered_at(at));
        MoraleCharger {
            arm: self.setup.charger.arm,
            formation: if disordered { Formation::Disorder } else { self.setup.charger.formation },
        }
    }

    /// The charged unit's situation with what the machine knows filled in: its formation
    /// (Disorder if disordered), charged-while-forming (5.2.1), charged-on-rear when
    /// disengaging or routed (5.2.2, 5.5.3.a), Conditional Hold (3.2). `situation` gives the
    /// rest (stands lost, cover, flank, bayonets, officer...).
    pub fn defender_situation(&self, situation: ChargeSituation) -> ChargeSituation {
        let mut s = situation;
        s.formation = if self.defender_disordered { Formation::Disorder } else { self.defender_formation };
        s.charged_while_forming |= self.defender_charged_while_forming;
        if self.defender_charged_on_rear {
            s.charged_on = Aspect::Rear;
        }
        s.general.disengaging = self.setup.defender.order == Some(OrderKind::Disengage);
        s.conditional_hold |= self.defender_on_conditional_hold;
        s
    }

    /// The charged unit's fear-of-charge MMP (5.5.2; Tables 17 and 18, both formations, the
    /// cavalry doubling of 5.5.5.a) from the morale engine, for
    /// [`Input::FearOfCharge`](super::Input::FearOfCharge).
    ///
    /// ```
    /// # use johnny_reb::rules::charge::sequence::*;
    /// # use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality};
    /// # use johnny_reb::rules::Ratio;
    /// use johnny_reb::rules::morale::{ChargeSituation, MoraleRulings, MoraleUnit};
    /// use johnny_reb::rules::Overrides;
    /// # let setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 24, stands: 4, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: Quality::Average, arm: Arm::Infantry, formation: Formation::Skirmish, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// let c = Charge::declare(setup).unwrap();
    /// // An average unit in skirmish order charged by a line: 3 + 6.
    /// let b = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
    /// let m = c.fear_of_charge_mmp(&b, ChargeSituation::default(), &Overrides::new(), &MoraleRulings::default()).unwrap();
    /// assert_eq!(m.value, 9);
    /// ```
    pub fn fear_of_charge_mmp(
        &self,
        defender: &MoraleUnit,
        situation: ChargeSituation,
        overrides: &Overrides,
        rulings: &MoraleRulings,
    ) -> RuleResult<Mmp> {
        fear_of_charge_mmp(
            defender,
            &self.defender_situation(situation),
            self.defender_morale,
            &self.charger_for_fear_of_charge(),
            overrides,
            rulings,
        )
    }
}
