//! Table 16 steps 5 and 6, 8 and 9: the defensive fire on the charging unit (5.4; the second
//! at close range, 5.6) and the charging unit's morale checks after each (2.3, 4.4): "If fail,
//! charge ends" (5.4.3). And the charging unit's MMPs and checks for that fire, from the morale
//! engine.

use super::{Charge, FireEffect, MoraleCheckInput, Outcome, Resolved, Stage, run_checks};
use crate::rules::charge::{Happened, inches_ge, show_inches};
use crate::rules::morale::{
    CheckReason, Mmp, MoraleRulings, MoraleSituation, MoraleUnit, mmp as morale_mmp, resolve_sequence,
};
use crate::rules::unit::MoraleLevel;
use crate::rules::{Overrides, RuleResult, TwoDice};

impl Charge {
    /// Table 16 steps 5 and 6 (the first fire), or 8 and 9 (the second): the fire's kills, the
    /// charging unit's checks, then what comes next if the charge goes on.
    pub(super) fn defensive_fire(
        &self,
        c: &mut Charge,
        h: &mut Vec<Happened>,
        fire: &FireEffect,
    ) -> RuleResult<Resolved> {
        let first = self.stage == Stage::DefensiveFireOne;
        if self.fire_on_charger(c, h, fire, first) && self.charger_checks_after_fire(c, h, &fire.checks, first) {
            if first {
                self.after_first_fire(c, h);
            } else {
                self.after_second_fire(c, h);
            }
        }
        Ok(Resolved::Next)
    }

    /// Table 16 step 5 ("Units marked H may fire at charging unit", 5.4) or 8 (H, CH or FM, at
    /// close range, 5.6): the kills on the charging unit, which has no cover saves (5.4.2).
    /// False when the fire destroyed it and the charge has ended.
    fn fire_on_charger(&self, c: &mut Charge, h: &mut Vec<Happened>, fire: &FireEffect, first: bool) -> bool {
        let fire_rule = if first { "5.4" } else { "5.6" };
        if fire.kills == 0 && fire.checks.is_empty() {
            h.push(Happened::new(fire_rule, "No defensive fire effect on the charging unit."));
        } else {
            c.charger_figures = self.charger_figures.saturating_sub(fire.kills);
            h.push(Happened::new(
                fire_rule,
                format!(
                    "Defensive fire{}: {} kill(s) on the charging unit (no cover saves for chargers, 5.4.2).",
                    if first { "" } else { " at close range" },
                    fire.kills
                ),
            ));
        }
        if c.charger_figures == 0 {
            h.push(Happened::new(fire_rule, "The charging unit is destroyed."));
            Self::end(c, Outcome::ChargerStopped(None), h);
            return false;
        }
        true
    }

    /// Table 16 step 6 or 9 ("Check charging unit's morale if necessary. If fail, charge
    /// ends"; 2.3, 4.4): the checks in order, stopping at the first failure (5.4.3). False when
    /// the charge has ended.
    fn charger_checks_after_fire(
        &self,
        c: &mut Charge,
        h: &mut Vec<Happened>,
        checks: &[MoraleCheckInput],
        first: bool,
    ) -> bool {
        let morale_rule = if first { "Table 16 step 6" } else { "Table 16 step 9" };
        let level = run_checks(&format!("The charging unit ({morale_rule})"), self.charger_morale, checks, true, h);
        match level {
            Some(MoraleLevel::Good) => true,
            Some(MoraleLevel::Shaken) => {
                c.charger_morale = MoraleLevel::Shaken;
                h.push(Happened::new("5.4.3", "Shaken: the charge halts here; it may still fire a disordered, moving, shaken volley in Phase Seven."));
                Self::end(c, Outcome::ChargerStopped(Some(MoraleLevel::Shaken)), h);
                false
            }
            Some(MoraleLevel::Routed) => {
                c.charger_morale = MoraleLevel::Routed;
                h.push(Happened::new(
                    "5.4.3",
                    "Routed: it makes the forced rout move (2.1.2) from where it received fire.",
                ));
                Self::end(c, Outcome::ChargerStopped(Some(MoraleLevel::Routed)), h);
                false
            }
            None => {
                Self::end(c, Outcome::ChargerStopped(None), h);
                false
            }
        }
    }

    /// After Table 16 step 6: the charger is within 3" of its target (5.5.1), and step 7 comes
    /// next unless it does not apply: cavalry against cavalry checked on sighting (5.5.5.b),
    /// the defender already checked against this wave assault (6.8.8.b), or both are charging
    /// (5.5.1).
    fn after_first_fire(&self, c: &mut Charge, h: &mut Vec<Happened>) {
        c.within_3_inches = true;
        if self.cavalry_vs_cavalry {
            h.push(Happened::new(
                "5.5.5.b",
                "The defending cavalry took its fear-of-charge check on sighting the charge.",
            ));
            c.stage = Stage::DefensiveFireTwo;
        } else if self.defender_checked_fear {
            h.push(Happened::new(
                "6.8.8.b",
                "The defender already took its one fear-of-charge check against this wave assault.",
            ));
            c.stage = Stage::DefensiveFireTwo;
        } else if self.both_charging {
            h.push(Happened::new("5.5.1", "Both units are charging: no fear-of-charge check."));
            c.stage = Stage::DefensiveFireTwo;
        } else {
            c.stage = Stage::FearOfCharge;
        }
    }

    /// After Table 16 step 9: step 10 (the impact, 5.7) if the total charge distance reaches
    /// the defender or both are charging; otherwise the charge halts short (RULINGS.md).
    fn after_second_fire(&self, c: &mut Charge, h: &mut Vec<Happened>) {
        if !self.both_charging && !inches_ge(self.total(), self.distance) {
            h.push(Happened::new(
                "5.7",
                format!(
                    "The total charge distance {} does not reach the defender {} away: the charge halts short.",
                    show_inches(self.total()),
                    show_inches(self.distance)
                ),
            ));
            Self::end(c, Outcome::HaltedShort, h);
        } else {
            h.push(Happened::new("5.7", "There will be an impact: the charging unit moves into contact."));
            c.stage = Stage::Impact;
        }
    }

    /// The charging unit's MMP for a morale check from defensive fire (Table 16 steps 6 and 9;
    /// 5.4.3: Tables 5 and 6 as in 4.4) from the morale engine, with its elan filled in.
    /// `general` gives the rest (stands lost, cover, flank of the fire, officer...).
    ///
    /// ```
    /// # use johnny_reb::rules::charge::sequence::*;
    /// # use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality};
    /// # use johnny_reb::rules::Ratio;
    /// use johnny_reb::rules::morale::{MoraleRulings, MoraleSituation, MoraleUnit};
    /// use johnny_reb::rules::Overrides;
    /// # let setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 24, stands: 4, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// let c = Charge::declare(setup).unwrap();
    /// // An average regiment that lost a stand to the defensive fire: 3 + 2 - 1 elan.
    /// let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
    /// let general = MoraleSituation { stands_lost: 1, ..Default::default() };
    /// assert_eq!(c.charger_fire_mmp(&unit, general, &Overrides::new(), &MoraleRulings::default()).unwrap().value, 4);
    /// ```
    pub fn charger_fire_mmp(
        &self,
        charger: &MoraleUnit,
        general: MoraleSituation,
        overrides: &Overrides,
        rulings: &MoraleRulings,
    ) -> RuleResult<Mmp> {
        let mut g = general;
        g.elan = self.morale_elan();
        morale_mmp(charger, &g, self.charger_morale, overrides, rulings)
    }

    /// The charging unit's checks for defensive fire, ready for [`FireEffect::checks`]: the
    /// reasons due (the morale engine's `checks_due`) resolved in the order of 4.4.2 with one
    /// roll each, each MMP from the unit's level at that point, the elan filled in.
    /// `general.stands_lost` is the stands lost before this fire.
    pub fn charger_fire_checks(
        &self,
        charger: &MoraleUnit,
        general: MoraleSituation,
        reasons: &[CheckReason],
        dice: &[TwoDice],
        overrides: &Overrides,
        rulings: &MoraleRulings,
    ) -> RuleResult<Vec<MoraleCheckInput>> {
        let mut g = general;
        g.elan = self.morale_elan();
        let r = resolve_sequence(charger, &g, self.charger_morale, reasons, dice, overrides, rulings)?;
        Ok(r.steps
            .iter()
            .zip(dice.iter())
            .map(|(st, roll)| MoraleCheckInput { mmp: st.mmp.value, roll: *roll })
            .collect())
    }
}
