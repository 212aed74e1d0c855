//! Table 16 step 12: one melee round (5.8.2): simultaneous kills (Tables 19 and 10), the
//! casualty rolls of officers used (Table 20), both sides' morale checks, and whether the melee
//! goes on. And each side as it fights, its kills, their odds, and its melee checks, from
//! Tables 19 and 10 and the morale engine.

use super::{
    Charge, Input, MeleeOfficerCasualty, MoraleCheckInput, Need, OfficerRoll, Outcome, Resolved, out_of_range,
    run_checks,
};
use crate::rules::charge::melee::{MeleeEnd, MeleeKills, MeleeUnit, melee_round_end, melee_strength};
use crate::rules::charge::{ChargeRulings, Happened, Side};
use crate::rules::morale::{
    ChargeElan, CheckReason, Mmp, MoraleRulings, MoraleSituation, MoraleUnit, mmp as morale_mmp, resolve_sequence,
};
use crate::rules::unit::{Formation, MoraleLevel, OrderKind};
use crate::rules::{Chance, Distribution, Overrides, Ratio, RuleResult, TwoDice};

/// Resolves an officer's casualty roll in the melee (5.8.2, 8, Table 20: in contact, the
/// "Under 2\"" row): records a hit in `c`, or says the effect die is still needed.
pub(super) fn melee_officer_roll(c: &mut Charge, roll: OfficerRoll, round: u32, h: &mut Vec<Happened>) -> Option<Need> {
    let who = if roll.side == Side::Charger { "The charging unit's officer" } else { "The defender's officer" };
    // One die at "Under 2\"": is_hit cannot fail for one die.
    if !crate::rules::officers::is_hit(Ratio::ZERO, &[roll.hit]).unwrap_or(false) {
        h.push(Happened::new(
            "5.8.2",
            format!("{who} used in the melee rolls {}: not hit (8, Table 20).", roll.hit.face()),
        ));
        return None;
    }
    let Some(effect_die) = roll.effect else { return Some(Need::OfficerEffectDie(roll.side)) };
    let effect = crate::rules::officers::casualty_effect(effect_die);
    c.officer_casualties.push(MeleeOfficerCasualty { side: roll.side, round, effect });
    h.push(Happened::new(
        "5.8.2",
        format!(
            "{who} used in the melee rolls {}: hit, {} ({}); his own unit checks morale for it with the melee's own checks (Table 2 no. 10).",
            roll.hit.face(),
            effect.label(),
            effect.effect_text()
        ),
    ));
    None
}

impl Charge {
    /// Table 16 step 12 ("Both attacker and defender roll for Melee", 5.8.2; 12a "Losses are
    /// simultaneous. Check for involved officer casualty"): the round's kills, the officers'
    /// rolls, both sides' checks, and the end of the melee when a side routs.
    pub(super) fn melee_round(&self, c: &mut Charge, h: &mut Vec<Happened>, input: Input) -> RuleResult<Resolved> {
        let Input::MeleeRound { charger_kills, defender_kills, charger_checks, defender_checks, officer_rolls } = input
        else {
            return Err(self.wrong_input());
        };
        if self.setup.defender.order == Some(OrderKind::Disengage) && defender_kills > 0 {
            return Err(out_of_range(
                "melee",
                "a defending unit marked Disengage never fights back in a melee (5.8.2)",
            ));
        }
        let round = self.melee_round;
        c.defender_figures = self.defender_figures.saturating_sub(charger_kills);
        c.charger_figures = self.charger_figures.saturating_sub(defender_kills);
        h.push(Happened::new(
            "5.8.2",
            format!("Melee round {round}: the charger kills {charger_kills}, the defender kills {defender_kills}, at the same time."),
        ));
        // 5.8.2: the officer's roll comes after the kills and before the morale checks.
        for roll in &officer_rolls {
            if let Some(need) = melee_officer_roll(c, *roll, round, h) {
                return Ok(Resolved::Waiting(need));
            }
        }
        let cl = run_checks("The charging unit", self.charger_morale, &charger_checks, false, h);
        let dl = run_checks("The defender", self.defender_morale, &defender_checks, false, h);
        let cl_level = if c.charger_figures == 0 { MoraleLevel::Routed } else { cl.unwrap_or(MoraleLevel::Routed) };
        let dl_level = if c.defender_figures == 0 { MoraleLevel::Routed } else { dl.unwrap_or(MoraleLevel::Routed) };
        c.charger_morale = cl_level;
        c.defender_morale = dl_level;
        match melee_round_end(cl_level, dl_level) {
            MeleeEnd::Continues => {
                h.push(Happened::new(
                    "5.8.2",
                    "Neither side routs: another round, both in disorder with all their figures.",
                ));
                c.melee_round = round + 1;
            }
            MeleeEnd::Surrenders(side) => {
                h.push(Happened::new(
                    "5.8.2",
                    format!("The {} routs and surrenders to the other; units that see it check morale unless waiting on their own charge.",
                        if side == Side::Charger { "charging unit" } else { "defender" }),
                ));
                Self::end(c, Outcome::MeleeSurrender(side), h);
                return Ok(Resolved::Next);
            }
            MeleeEnd::BothRout => {
                h.push(Happened::new(
                    "5.8.2",
                    "Both rout in the same round: both make the forced rout move directly away from each other.",
                ));
                Self::end(c, Outcome::MeleeBothRout, h);
                return Ok(Resolved::Next);
            }
        }
        Ok(Resolved::Next)
    }

    /// One side as it fights in the current melee round (5.8.2): in the first round the
    /// figures of its stands within 2" of the point of contact (`figures_within_2in`), from the
    /// second all its figures; its formation (Disorder if it is disordered); its morale; the
    /// row shift of an officer used in the melee (0 to 3).
    ///
    /// ```
    /// # use johnny_reb::rules::charge::sequence::*;
    /// # use johnny_reb::rules::charge::Side;
    /// # use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind};
    /// # use johnny_reb::rules::Ratio;
    /// # let setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 24, stands: 4, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// let c = Charge::declare(setup).unwrap();
    /// let u = c.melee_unit(Side::Defender, 12, 0);
    /// assert_eq!((u.figures, u.formation), (12, Formation::Line));
    /// ```
    pub fn melee_unit(&self, side: Side, figures_within_2in: u32, officer_shift: u8) -> MeleeUnit {
        let round = self.melee_round.max(1);
        let (arm, quality, morale, all, formation, disordered, disengaging) = match side {
            Side::Charger => (
                self.setup.charger.arm,
                self.setup.charger.quality,
                self.charger_morale,
                self.charger_figures,
                self.setup.charger.formation,
                self.charger_disordered_at_contact(),
                false,
            ),
            Side::Defender => (
                self.setup.defender.arm,
                self.setup.defender.quality,
                self.defender_morale,
                self.defender_figures,
                self.defender_formation,
                self.defender_disordered,
                self.setup.defender.order == Some(OrderKind::Disengage),
            ),
        };
        MeleeUnit {
            arm,
            formation: if disordered { Formation::Disorder } else { formation },
            quality,
            morale,
            figures: if round >= 2 { all } else { figures_within_2in.min(all) },
            officer_shift,
            disengaging,
        }
    }

    /// The kills one side inflicts in the current melee round (5.8.2; Tables 19 and 10), for
    /// [`Input::MeleeRound`] or [`Input::CavalryStrike`].
    ///
    /// ```
    /// # use johnny_reb::rules::charge::sequence::*;
    /// # use johnny_reb::rules::charge::Side;
    /// # use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind};
    /// # use johnny_reb::rules::{Overrides, Ratio, TwoDice};
    /// # let setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 40, stands: 5, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// let c = Charge::declare(setup).unwrap();
    /// // 40 figures in line x3 = 120: Table 10 "100+", a 7 kills 10.
    /// let k = c.melee_kills(Side::Charger, 40, 0, TwoDice::new(3, 4).unwrap(), &Overrides::new()).unwrap();
    /// assert_eq!(k.kills, 10);
    /// ```
    pub fn melee_kills(
        &self,
        side: Side,
        figures_within_2in: u32,
        officer_shift: u8,
        roll: TwoDice,
        overrides: &Overrides,
    ) -> RuleResult<MeleeKills> {
        let unit = self.melee_unit(side, figures_within_2in, officer_shift);
        let (enemy_arm, enemy_figures) = match side {
            Side::Charger => (self.setup.defender.arm, self.defender_figures),
            Side::Defender => (self.setup.charger.arm, self.charger_figures),
        };
        let strength = melee_strength(&unit, enemy_arm, self.melee_round.max(1), overrides)?;
        let mut kills = crate::rules::charge::melee::melee_kills(&strength, roll, enemy_figures, overrides)?;
        let mut happened = strength.happened;
        happened.append(&mut kills.happened);
        kills.happened = happened;
        Ok(kills)
    }

    /// The distribution of one side's kills in the current melee round, before the roll.
    pub fn melee_kills_odds(
        &self,
        side: Side,
        figures_within_2in: u32,
        officer_shift: u8,
        overrides: &Overrides,
    ) -> RuleResult<Distribution<u32>> {
        let mut items = Vec::new();
        for roll in TwoDice::all() {
            items.push((
                self.melee_kills(side, figures_within_2in, officer_shift, roll, overrides)?.kills,
                Chance::new(1, 36),
            ));
        }
        Ok(Distribution::from_weighted(items))
    }

    /// A side's elan and morale level for its melee checks: the charger keeps its elan unless
    /// the ruling drops it; a defender keeps the elan it was given only if it was charging the
    /// charger.
    fn melee_elan_and_level(
        &self,
        side: Side,
        charge_rulings: &ChargeRulings,
        given: ChargeElan,
    ) -> (ChargeElan, MoraleLevel) {
        match side {
            Side::Charger => {
                (if charge_rulings.elan_in_melee { self.morale_elan() } else { ChargeElan::None }, self.charger_morale)
            }
            Side::Defender => {
                let charging = self.both_charging && self.setup.defender.order == Some(OrderKind::Charge);
                (if charging && charge_rulings.elan_in_melee { given } else { ChargeElan::None }, self.defender_morale)
            }
        }
    }

    /// One side's melee checks for the round, ready for [`Input::MeleeRound`] or
    /// [`Input::CavalryStrike`]: as [`Charge::charger_fire_checks`], from Tables 5 and 6
    /// (5.8.2), with elan as [`Charge::melee_mmp`] gives it.
    #[allow(clippy::too_many_arguments)]
    pub fn melee_checks(
        &self,
        side: Side,
        unit: &MoraleUnit,
        general: MoraleSituation,
        reasons: &[CheckReason],
        dice: &[TwoDice],
        charge_rulings: &ChargeRulings,
        overrides: &Overrides,
        rulings: &MoraleRulings,
    ) -> RuleResult<Vec<MoraleCheckInput>> {
        let mut g = general;
        let (elan, level) = self.melee_elan_and_level(side, charge_rulings, g.elan);
        g.elan = elan;
        let r = resolve_sequence(unit, &g, level, reasons, dice, overrides, rulings)?;
        Ok(r.steps
            .iter()
            .zip(dice.iter())
            .map(|(st, roll)| MoraleCheckInput { mmp: st.mmp.value, roll: *roll })
            .collect())
    }

    /// A side's MMP for a morale check in the melee (5.8.2: Table 5 BMP, Table 6 modifiers)
    /// from the morale engine, at its current morale; the charger keeps its elan unless
    /// [`ChargeRulings::elan_in_melee`] is off, a defender has none unless it was charging too.
    pub fn melee_mmp(
        &self,
        side: Side,
        unit: &MoraleUnit,
        general: MoraleSituation,
        charge_rulings: &ChargeRulings,
        overrides: &Overrides,
        rulings: &MoraleRulings,
    ) -> RuleResult<Mmp> {
        let mut g = general;
        let (elan, level) = self.melee_elan_and_level(side, charge_rulings, g.elan);
        g.elan = elan;
        morale_mmp(unit, &g, level, overrides, rulings)
    }
}
