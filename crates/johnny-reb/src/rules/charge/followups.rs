//! What a charge leads on to beyond its own two units: the fear-of-charge checks of other
//! units it comes within 3" of (5.5.1), the checks of a melee round with an officer hit in it
//! (5.8.2, 8), the next wave of a wave assault passing through a stopped first wave (6.8.8.b),
//! cavalry passing through into another enemy (5.5.5.b.3), and the series of one-on-one
//! impacts of an unequal impact (5.7.2).
//!
//! Each continuation is a new [`Charge`] that carries over the state of the unit that goes on
//! (figures, morale, disorder, marks), so that the screens drive it like any other charge.

use super::cavalry::CavalryAftermath;
use super::impact::{ImpactSeries, ImpactWinner, wave_passes_through};
use super::sequence::{Charge, ChargedUnit, ChargingUnit, Outcome, Stage};
use super::{Happened, Side};
use crate::rules::morale::{
    ChargeSituation, CheckReason, FireEffects, Mmp, MoraleRulings, MoraleUnit, TriggeredUnit, checks_due,
    fear_of_charge_mmp,
};
use crate::rules::tables::t20_officer_casualty::CasualtyEffect;
use crate::rules::unit::{Arm, Formation, MoraleLevel, OrderKind};
use crate::rules::{Die, Overrides, Ratio, RuleError, RuleResult};
use serde::{Deserialize, Serialize};

fn refused(what: &'static str, detail: impl Into<String>) -> RuleError {
    RuleError::OutOfRange { what, detail: detail.into() }
}

/// Another enemy unit the lone unit of an impact meets next (5.7.2, 5.5.5.b.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NextContact {
    /// The charging unit goes on into another defender: it won an impact of a series, or it is
    /// cavalry of good morale passing through (5.5.5.b.3).
    Defender(ChargedUnit),
    /// The lone defender meets the next charging unit of a series (5.7.2).
    Charger(ChargingUnit),
}

/// The checks a side takes after a melee round (5.8.2: Tables 5 and 6 as in 2.3 and 4.4): what
/// the round's kills call for (Table 2 nos. 3, 6, 7; 4.4.1) and, when its own officer used in
/// the melee was hit, the check for seeing an officer casualty (Table 2 no. 10; 5.8.2: units in
/// melee check for "the casualty of an officer within the melee"), in the order of 4.4.2.
///
/// ```
/// use johnny_reb::rules::charge::followups::melee_check_reasons;
/// use johnny_reb::rules::morale::{CheckReason, FireEffects, MoraleRulings, TriggeredUnit};
/// use johnny_reb::rules::tables::t20_officer_casualty::CasualtyEffect;
/// use johnny_reb::rules::unit::{Arm, MoraleLevel};
/// let unit = TriggeredUnit::new(Arm::Infantry, MoraleLevel::Good);
/// let round = FireEffects { figures_lost: 3, stands_lost: 1, ..Default::default() };
/// let due = melee_check_reasons(&unit, &round, Some(CasualtyEffect::Stunned), &MoraleRulings::default()).unwrap();
/// assert_eq!(due, vec![CheckReason::StandLost, CheckReason::OfficerCasualtySeen { spectacular_death: false }]);
/// ```
pub fn melee_check_reasons(
    unit: &TriggeredUnit,
    round: &FireEffects,
    own_officer_hit: Option<CasualtyEffect>,
    rulings: &MoraleRulings,
) -> RuleResult<Vec<CheckReason>> {
    let mut due = checks_due(unit, round, rulings)?;
    if let Some(effect) = own_officer_hit {
        due.push(CheckReason::OfficerCasualtySeen { spectacular_death: effect == CasualtyEffect::SpectacularDeath });
    }
    Ok(crate::rules::morale::in_order(&due))
}

impl Charge {
    /// Whether the units other than the charged one that this charge comes within 3" of must
    /// check fear of charge (5.5.1; Table 16 step 7, "for charged unit and others within 3\"").
    /// They do once the charger has reached 3" of its target without being shaken or routed by
    /// the first defensive fire ("it is no longer a threat"), and for any unit its move after
    /// that (a pursuit, 5.5.4 example) takes it within 3" of. Two units charging each other
    /// do not check against each other, but others within 3" of them still do (RULINGS.md).
    /// `None` when no check is due, otherwise what to tell the players.
    ///
    /// ```
    /// # use johnny_reb::rules::charge::sequence::*;
    /// # use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality, Terrain};
    /// # use johnny_reb::rules::Ratio;
    /// # let setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 24, stands: 4, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// let c = Charge::declare(setup).unwrap();
    /// assert!(c.bystanders_check().is_none()); // not yet within 3"
    /// ```
    pub fn bystanders_check(&self) -> Option<Happened> {
        if !self.within_3_inches {
            return None;
        }
        Some(Happened::new(
            "5.5.1",
            "Every other unit the charging unit came within 3\" of checks fear of charge too (Tables 17 and 18), friend of the target or not.",
        ))
    }

    /// The fear-of-charge MMP of a unit other than the charged one that the charge comes within
    /// 3" of (5.5.1, 5.5.2): Tables 17 and 18 with the charging unit's formation as it stands
    /// 3" from its target (Disorder once disordered); `situation` is that unit's own (its
    /// formation, cover, the aspect the charge passes on, bayonets...).
    pub fn bystander_fear_of_charge_mmp(
        &self,
        unit: &MoraleUnit,
        situation: ChargeSituation,
        level: MoraleLevel,
        overrides: &Overrides,
        rulings: &MoraleRulings,
    ) -> RuleResult<Mmp> {
        fear_of_charge_mmp(unit, &situation, level, &self.charger_for_fear_of_charge(), overrides, rulings)
    }

    /// The next wave of a wave assault takes up the charge after the first wave was stopped
    /// (6.8.8.b: "If the first wave is stopped by fire or other difficulties, the succeeding
    /// waves can simply pass through, rolling for disorder (see 6.4.2). If they are already in
    /// disorder, they pass through with no further penalty."). `wave` is the next regiment,
    /// `distance` its distance to the target, `pass_roll` its disorder die when it is in order
    /// (one die, higher than its BMP, officer -1). The new charge starts at step 3 (its own
    /// normal move and bonus: each wave is a separate entity, 6.8.8.a), the defender as the
    /// first wave left it; the defender takes no second fear-of-charge check (6.8.8.b), and the
    /// waves still behind count for the impact.
    ///
    /// ```
    /// # use johnny_reb::rules::charge::sequence::*;
    /// # use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality};
    /// # use johnny_reb::rules::{Die, Ratio};
    /// # let mut setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 24, stands: 4, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// setup.waves.in_good_order = 1;
    /// let c = Charge::declare(setup).unwrap();
    /// // Not stopped: no wave passes through.
    /// assert!(c.next_wave(setup.charger, Ratio::whole(10), Some(Die::new(5).unwrap())).is_err());
    /// ```
    pub fn next_wave(&self, wave: ChargingUnit, distance: Ratio, pass_roll: Option<Die>) -> RuleResult<Charge> {
        let stopped =
            matches!(self.outcome, Some(Outcome::ChargerStopped(_) | Outcome::FellShort | Outcome::HaltedShort));
        if !stopped {
            return Err(refused(
                "wave assault",
                "a following wave passes through only a first wave that was stopped (6.8.8.b)",
            ));
        }
        let waves = self.setup.waves;
        if waves.in_good_order + waves.in_disorder == 0 {
            return Err(refused("wave assault", "no wave follows this charge (6.8.8)"));
        }
        let in_disorder = wave.formation == Formation::Disorder;
        if in_disorder && waves.in_disorder == 0 {
            return Err(refused("wave assault", "the waves declared behind are all in good order"));
        }
        if !in_disorder && waves.in_good_order == 0 {
            return Err(refused("wave assault", "the waves declared behind are all in disorder"));
        }
        let officer = wave.officer_benefit > 0;
        let disordered = wave_passes_through(wave.bmp, officer, wave.arm, in_disorder, pass_roll)?;
        let mut setup = self.setup;
        setup.charger = wave;
        setup.distance = distance;
        setup.halting_point = None;
        if in_disorder {
            setup.waves.in_disorder -= 1;
        } else {
            setup.waves.in_good_order -= 1;
        }
        let mut next = Charge::declare(setup)?;
        next.log = vec![Happened::new(
            "6.8.8.b",
            match (in_disorder, disordered) {
                (true, _) => {
                    "The next wave, already in disorder, passes through the stopped first wave with no further penalty."
                        .to_string()
                }
                (false, true) => format!(
                    "The next wave passes through the stopped first wave: disorder roll {}, not higher than its BMP: it goes on in disorder.",
                    pass_roll.map(|d| d.face()).unwrap_or(0)
                ),
                (false, false) => format!(
                    "The next wave passes through the stopped first wave: disorder roll {} beats its BMP: it goes on in order.",
                    pass_roll.map(|d| d.face()).unwrap_or(0)
                ),
            },
        )];
        next.disordered_from_start |= disordered;
        // The defender as the first wave left it: its reaction (step 2) is done.
        next.defender_morale = self.defender_morale;
        next.defender_figures = self.defender_figures;
        next.defender_formation = self.defender_formation;
        next.defender_disordered = self.defender_disordered;
        next.defender_charged_on_rear = self.defender_charged_on_rear;
        next.defender_charged_while_forming = self.defender_charged_while_forming;
        next.defender_on_conditional_hold = self.defender_on_conditional_hold;
        next.defender_checked_fear = self.defender_checked_fear;
        next.stage = Stage::NormalMove;
        if next.defender_morale == MoraleLevel::Routed {
            return Err(refused("wave assault", "the defender has routed: there is nothing left to charge"));
        }
        Ok(next)
    }

    /// Declares an unequal impact at the impact step (5.7.2): more units on one side than the
    /// other in contact. `lone` is the side of the single unit, `contacts` the enemy units in
    /// contact with it (two or more). The series goes on with [`Charge::impact_again`]; while
    /// it lasts, a lone defender that loses and is caught again by the winner's charge rolls for
    /// impact again, shaken and in disorder, instead of going to melee (the 18th Alabama's third
    /// roll).
    pub fn unequal_impact(&self, lone: Side, contacts: u32) -> RuleResult<Charge> {
        if self.stage != Stage::Impact {
            return Err(refused(
                "unequal impact",
                "an unequal impact is declared at the impact step (Table 16 step 10)",
            ));
        }
        let mut c = self.clone();
        c.series = Some(ImpactSeries::new(lone, contacts)?);
        let who = if lone == Side::Charger { "the charging unit" } else { "the defender" };
        let chooser = if lone == Side::Charger { "defending" } else { "charging" };
        let said = Happened::new(
            "5.7.2",
            format!(
                "Unequal impact: {who} against {contacts} enemy units; the {chooser} side, with more units, chooses the order of the one-on-one impacts."
            ),
        );
        c.log.push(said);
        Ok(c)
    }

    /// The lone unit goes on to its next impact (5.7.2 series; 5.5.5.b.3 cavalry passing
    /// through): a new charge at the impact step against `next`, the lone unit as it stands now
    /// (figures, morale, disorder, its total charge distance). Allowed when the lone charging
    /// unit won (or its cavalry has good morale after a cavalry melee) and another defender is in
    /// contact, or when the lone defender threw back a charging unit and another one meets it.
    ///
    /// ```
    /// # use johnny_reb::rules::charge::sequence::*;
    /// # use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality};
    /// # use johnny_reb::rules::Ratio;
    /// use johnny_reb::rules::charge::followups::NextContact;
    /// # let setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 24, stands: 4, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// let c = Charge::declare(setup).unwrap();
    /// // Nothing has been decided yet: there is no next impact.
    /// assert!(c.impact_again(NextContact::Defender(setup.defender)).is_err());
    /// ```
    pub fn impact_again(&self, next: NextContact) -> RuleResult<Charge> {
        let mut c = self.clone();
        c.log = Vec::new();
        c.outcome = None;
        c.impact = None;
        c.melee_round = 0;
        c.officer_casualties = Vec::new();
        c.both_charging = false;
        match next {
            NextContact::Defender(defender) => {
                let passes_through =
                    matches!(self.outcome, Some(Outcome::Cavalry { charger: CavalryAftermath::PassesThrough, .. }));
                let won = matches!(
                    self.outcome,
                    Some(
                        Outcome::DefenderDrivenBack
                            | Outcome::DefenderRouted
                            | Outcome::DefenderSurrendered
                            | Outcome::DefenderRemoved
                            | Outcome::GunsTaken
                    )
                ) && self.impact == Some(ImpactWinner::Won(Side::Charger));
                if !(passes_through || won && self.series.is_some_and(|s| s.lone == Side::Charger)) {
                    return Err(refused(
                        "next impact",
                        "the charging unit goes on into another enemy only after winning an impact of an unequal impact (5.7.2) or as cavalry of good morale passing through (5.5.5.b.3)",
                    ));
                }
                if defender.figures == 0 || defender.figures > 500 {
                    return Err(refused("figures", "the next defender needs 1 to 500 figures"));
                }
                let mut series = self.series;
                if let Some(s) = series.as_mut() {
                    if s.contacts <= 1 && !passes_through {
                        return Err(refused(
                            "next impact",
                            "every enemy unit in contact has been met: the impact step is over (5.7.2)",
                        ));
                    }
                    s.after_roll(true, Some(self.charger_morale), false);
                }
                c.series = series;
                // The charge goes on, so its elan does too (5.1.3: "until its charge is stopped").
                c.elan = Charge::declare(self.setup).map(|f| f.elan).unwrap_or(0);
                c.setup.defender = defender;
                c.defender_morale = defender.morale;
                c.defender_figures = defender.figures;
                c.defender_formation = defender.formation;
                let routed_or_disengaging =
                    defender.morale == MoraleLevel::Routed || defender.order == Some(OrderKind::Disengage);
                c.defender_disordered = defender.formation == Formation::Disorder || routed_or_disengaging;
                c.defender_charged_on_rear = routed_or_disengaging;
                c.defender_charged_while_forming = false;
                c.defender_on_conditional_hold = defender.order == Some(OrderKind::ConditionalHold);
                c.defender_checked_fear = false;
                c.cavalry_vs_cavalry = self.setup.charger.arm == (Arm::Cavalry { mounted: true })
                    && defender.arm == (Arm::Cavalry { mounted: true });
                if passes_through {
                    // 5.5.5.b.3: it passes through "in disorder", and repeats impact and melee.
                    c.disordered_from_start = true;
                    c.log.push(Happened::new(
                        "5.5.5.b",
                        "The cavalry passes through in disorder and contacts another enemy unit within its total charge move: impact and melee again.",
                    ));
                } else {
                    c.log.push(Happened::new(
                        "5.7.2",
                        "The lone charging unit won: it rolls for impact again against the next enemy unit in contact.",
                    ));
                }
                c.stage = Stage::Impact;
            }
            NextContact::Charger(charger) => {
                let lone_defender = self.series.is_some_and(|s| s.lone == Side::Defender);
                if !(lone_defender && self.outcome == Some(Outcome::ChargerRepulsed)) {
                    return Err(refused(
                        "next impact",
                        "the lone defender meets another charging unit only after throwing back the last one in an unequal impact (5.7.2)",
                    ));
                }
                let mut series = self.series;
                if let Some(s) = series.as_mut() {
                    if s.contacts <= 1 {
                        return Err(refused(
                            "next impact",
                            "every enemy unit in contact has been met: the impact step is over (5.7.2)",
                        ));
                    }
                    s.after_roll(true, Some(self.defender_morale), false);
                }
                c.series = series;
                let fresh = Charge::declare(crate::rules::charge::ChargeSetup { charger, ..self.setup })?;
                c.setup.charger = charger;
                c.charger_morale = charger.morale;
                c.charger_figures = charger.figures;
                c.elan = fresh.elan;
                c.disordered_from_start = fresh.disordered_from_start;
                c.charger_turned_in_disorder = false;
                c.failed_disorder_roll = false;
                c.log.push(Happened::new(
                    "5.7.2",
                    "The lone defender won: it rolls for impact again against the next charging unit in contact.",
                ));
                c.stage = Stage::Impact;
            }
        }
        let text = format!(
            "Impact again: the charging unit has {} figures, the defender {}.",
            c.charger_figures, c.defender_figures
        );
        c.log.push(Happened::new("5.7", text));
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::charge::distance::BonusPath;
    use crate::rules::charge::sequence::{
        Advance, ChargeSetup, FireEffect, Input, MoraleCheckInput, Need, OfficerRoll, Waves,
    };
    use crate::rules::morale::{Aspect, Cover, MoraleSituation};
    use crate::rules::test_dice::{d, two};
    use crate::rules::unit::{Quality, Terrain};

    fn go(c: &Charge, input: Input) -> Charge {
        match c.advance(input).unwrap() {
            Advance::Next { charge, .. } => *charge,
            Advance::Waiting(n) => panic!("waiting for {n:?}"),
        }
    }

    fn closed(s: ChargeSetup, bonus: [u8; 3]) -> Charge {
        let c = Charge::declare(s).unwrap();
        let c = go(&c, Input::ChargedUnitStays);
        let c = go(&c, Input::open_move(5));
        let dice: Vec<Die> = bonus.iter().map(|f| d(*f)).collect();
        let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice });
        go(&c, Input::Close)
    }

    fn no_fire() -> Input {
        Input::DefensiveFire(FireEffect::default())
    }

    fn check(mmp: i32, a: u8, b: u8) -> MoraleCheckInput {
        MoraleCheckInput { mmp, roll: two(a, b) }
    }

    #[test]
    fn rule_5_5_1_units_within_3_inches_check_once_the_charger_is_a_threat() {
        // Regiment D's charge: A and C check as it passes within 3", B when it comes to 3".
        let c = closed(ChargeSetup::example(8, OrderKind::Hold), [3, 3, 3]);
        assert!(c.bystanders_check().is_none(), "at the halt, before the first defensive fire");
        let after_fire = go(&c, no_fire());
        assert_eq!(after_fire.bystanders_check().map(|h| h.rule), Some("5.5.1".to_string()));
        // Shaken by the first defensive fire: "no longer a threat", no check.
        let shaken = go(&c, Input::DefensiveFire(FireEffect { kills: 3, checks: vec![check(5, 2, 3)] }));
        assert_eq!(shaken.outcome, Some(Outcome::ChargerStopped(Some(MoraleLevel::Shaken))));
        assert!(shaken.bystanders_check().is_none());
    }

    #[test]
    fn rule_5_5_2_a_bystander_checks_against_the_chargers_formation() {
        // 5.5.2's third example for a unit the charge passes: BMP 3, fence -1, skirmish +6,
        // attacker in disorder -3: MMP 5.
        let mut s = ChargeSetup::example(8, OrderKind::Hold);
        s.charger.target_off_front = true; // in disorder from the start (5.1.2)
        let c = go(&closed(s, [3, 3, 3]), no_fire());
        let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
        let situation = ChargeSituation {
            formation: Formation::Skirmish,
            general: MoraleSituation { cover: Cover::Cover, ..Default::default() },
            ..Default::default()
        };
        let m = c
            .bystander_fear_of_charge_mmp(
                &unit,
                situation,
                MoraleLevel::Good,
                &Overrides::new(),
                &MoraleRulings::default(),
            )
            .unwrap();
        assert_eq!(m.value, 5);
        // Charged on its flank as the charge passes: +6 more.
        let flank = ChargeSituation { charged_on: Aspect::FullFlank, ..situation };
        let m = c
            .bystander_fear_of_charge_mmp(&unit, flank, MoraleLevel::Good, &Overrides::new(), &MoraleRulings::default())
            .unwrap();
        assert_eq!(m.value, 11);
    }

    #[test]
    fn rule_5_8_2_an_officer_used_in_melee_rolls_after_the_kills_and_before_morale() {
        // Breakthrough into melee (as the 5.7.4 example).
        let c = closed(ChargeSetup::example(5, OrderKind::Hold), [2, 2, 2]);
        let c = go(&c, no_fire());
        let c = go(&c, Input::FearOfCharge(check(3, 5, 5)));
        let c = go(&c, no_fire());
        let c = go(
            &c,
            Input::Impact { charger_mmp: 3, charger_roll: two(2, 2), defender_mmp: 3, defender_roll: two(4, 4) },
        );
        let c = go(&c, Input::LossDie(d(5)));
        let c = go(&c, Input::Retire(two(1, 2)));
        assert_eq!(c.stage, Stage::Melee);
        // Hit (5 or 6 on one die, Table 20 "Under 2\"") without the effect die: asked for.
        let round = |rolls: Vec<OfficerRoll>| Input::MeleeRound {
            charger_kills: 2,
            defender_kills: 1,
            charger_checks: vec![],
            defender_checks: vec![check(5, 4, 4)],
            officer_rolls: rolls,
        };
        let hit = OfficerRoll { side: Side::Charger, hit: d(5), effect: None };
        assert_eq!(c.advance(round(vec![hit])).unwrap(), Advance::Waiting(Need::OfficerEffectDie(Side::Charger)));
        let hit = OfficerRoll { effect: Some(d(6)), ..hit };
        let after = go(&c, round(vec![hit]));
        assert_eq!(after.officer_casualties.len(), 1);
        assert_eq!(after.officer_casualties[0].effect, CasualtyEffect::SpectacularDeath);
        // The roll is logged between the kills and the morale checks.
        let rules: Vec<&str> = after.log.iter().rev().take(4).map(|h| h.rule.as_str()).collect();
        assert!(rules.contains(&"5.8.2"));
        let missed = go(&c, round(vec![OfficerRoll { side: Side::Defender, hit: d(4), effect: None }]));
        assert!(missed.officer_casualties.is_empty());
        // The hit officer's own unit checks for it with the melee's checks.
        let unit = TriggeredUnit::new(Arm::Infantry, MoraleLevel::Good);
        let reasons = melee_check_reasons(
            &unit,
            &FireEffects::default(),
            Some(CasualtyEffect::SpectacularDeath),
            &MoraleRulings::default(),
        )
        .unwrap();
        assert_eq!(reasons, vec![CheckReason::OfficerCasualtySeen { spectacular_death: true }]);
    }

    #[test]
    fn rule_6_8_8_b_the_next_wave_passes_through_a_stopped_first_wave() {
        let mut s = ChargeSetup::example(8, OrderKind::Hold);
        s.waves = Waves { in_good_order: 1, in_disorder: 1 };
        let c = closed(s, [3, 3, 3]);
        let c = go(&c, no_fire());
        // The defender takes its one fear-of-charge check, then the second fire shakes the
        // first wave: it is stopped.
        let c = go(&c, Input::FearOfCharge(check(3, 5, 5)));
        let stopped = go(&c, Input::DefensiveFire(FireEffect { kills: 2, checks: vec![check(6, 3, 3)] }));
        assert_eq!(stopped.outcome, Some(Outcome::ChargerStopped(Some(MoraleLevel::Shaken))));
        // A wave in order rolls for disorder as it passes (6.4.2): 3 is not higher than BMP 3.
        assert!(stopped.next_wave(ChargingUnit::example(), Ratio::whole(10), None).is_err());
        let wave = stopped.next_wave(ChargingUnit::example(), Ratio::whole(10), Some(d(3))).unwrap();
        assert!(wave.disordered_from_start);
        assert_eq!(wave.stage, Stage::NormalMove);
        assert_eq!(wave.setup.waves, Waves { in_good_order: 0, in_disorder: 1 });
        // The wave in disorder behind passes with no roll; the first in order with a 4 is in order.
        let disordered = ChargingUnit { formation: Formation::Disorder, ..ChargingUnit::example() };
        assert!(
            !stopped.next_wave(ChargingUnit::example(), Ratio::whole(10), Some(d(4))).unwrap().disordered_from_start
        );
        assert!(stopped.next_wave(disordered, Ratio::whole(10), None).unwrap().disordered_from_start);
        // Only one fear-of-charge check for the defender: the next wave goes from its first
        // defensive fire straight to the second.
        let w = go(&wave, Input::open_move(5));
        let w = go(&w, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: vec![d(3), d(3), d(3)] });
        let w = go(&w, Input::Close);
        let w = go(&w, no_fire());
        assert_eq!(w.stage, Stage::DefensiveFireTwo);
        assert!(w.log.iter().any(|h| h.rule == "6.8.8.b"));
        // A first wave that is not stopped lets no wave through.
        assert!(c.next_wave(ChargingUnit::example(), Ratio::whole(10), Some(d(5))).is_err());
    }

    #[test]
    fn rule_5_7_2_the_18th_alabama_rolls_three_times() {
        // Three Union regiments charge the 18th Alabama (the lone defender).
        let c = closed(ChargeSetup::example(5, OrderKind::Hold), [2, 2, 2]);
        let c = go(&c, no_fire());
        let c = go(&c, Input::FearOfCharge(check(3, 5, 5)));
        let c = go(&c, no_fire());
        let c = c.unequal_impact(Side::Defender, 3).unwrap();
        // First roll: the 18th Alabama wins and the 21st Ohio falls back shaken.
        let c = go(
            &c,
            Input::Impact { charger_mmp: 3, charger_roll: two(5, 5), defender_mmp: 3, defender_roll: two(1, 2) },
        );
        let c = go(&c, Input::Retire(two(2, 2)));
        assert_eq!(c.outcome, Some(Outcome::ChargerRepulsed));
        // Second roll against the 8th Illinois: it loses and falls back shaken...
        let illinois = ChargingUnit::example();
        let c = c.impact_again(NextContact::Charger(illinois)).unwrap();
        assert_eq!(c.stage, Stage::Impact);
        assert_eq!(c.charger_morale, MoraleLevel::Good);
        let c = go(
            &c,
            Input::Impact { charger_mmp: 3, charger_roll: two(1, 2), defender_mmp: 3, defender_roll: two(5, 5) },
        );
        let c = go(&c, Input::LossDie(d(5)));
        assert_eq!(c.defender_morale, MoraleLevel::Shaken);
        // ...and the 8th Illinois' charge brings it into contact again: a third roll, shaken and
        // in disorder, not a melee.
        let c = go(&c, Input::Retire(two(1, 1)));
        assert_eq!(c.stage, Stage::Impact);
        assert!(c.defender_disordered);
        assert!(c.log.iter().any(|h| h.rule == "5.7.2"));
    }

    #[test]
    fn rule_5_7_2_the_17th_virginia_meets_the_next_unit_after_winning() {
        // The 17th Virginia charges into the 19th Indiana and a battery: it wins the first
        // impact and goes on against the next unit in contact.
        let c = closed(ChargeSetup::example(5, OrderKind::Hold), [1, 1, 1]);
        let c = go(&c, no_fire());
        let c = go(&c, Input::FearOfCharge(check(3, 5, 5)));
        let c = go(&c, no_fire());
        assert!(c.impact_again(NextContact::Defender(ChargedUnit::example(OrderKind::Hold))).is_err());
        let c = c.unequal_impact(Side::Charger, 2).unwrap();
        let c = go(
            &c,
            Input::Impact { charger_mmp: 3, charger_roll: two(1, 1), defender_mmp: 3, defender_roll: two(5, 5) },
        );
        let c = go(&c, Input::LossDie(d(2)));
        let c = go(&c, Input::RoutMove { terrain: Terrain::Open, dice: vec![d(6), d(6), d(6)] });
        assert_eq!(c.outcome, Some(Outcome::DefenderRouted));
        let guns = ChargedUnit { arm: Arm::Artillery, figures: 4, ..ChargedUnit::example(OrderKind::Hold) };
        let next = c.impact_again(NextContact::Defender(guns)).unwrap();
        assert_eq!((next.stage, next.defender_figures, next.charger_figures), (Stage::Impact, 4, 24));
        assert!(
            next.waiting_for()
                == Need::ImpactRolls {
                    against_artillery: true,
                    charger_elan: -1,
                    wave_benefit: 0,
                    charger_disordered: next.charger_disordered_at_contact()
                }
        );
        // Both units in contact met: no third.
        let next = go(&next, Input::CrewFlees);
        assert!(next.impact_again(NextContact::Defender(ChargedUnit::example(OrderKind::Hold))).is_err());
    }

    #[test]
    fn rule_5_5_5_b_good_cavalry_passes_through_into_the_next_enemy() {
        let cav = ChargingUnit { arm: Arm::Cavalry { mounted: true }, ..ChargingUnit::example() };
        let mut s = ChargeSetup::example(8, OrderKind::Hold);
        s.charger = cav;
        s.defender = ChargedUnit { arm: Arm::Cavalry { mounted: true }, ..ChargedUnit::example(OrderKind::Hold) };
        let c = Charge::declare(s).unwrap();
        let c =
            go(&c, Input::CavalrySighting { check: check(3, 2, 3), countercharge: false, must_turn_over_45: false });
        // Failed: shaken and in disorder, waiting for the blow.
        let c = go(&c, Input::ChargedUnitStays);
        let c = go(&c, Input::open_move(12));
        let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: vec![d(4), d(4), d(4)] });
        let c = go(&c, Input::Close);
        let c = go(&c, no_fire());
        let c = go(&c, no_fire());
        let c = go(
            &c,
            Input::Impact { charger_mmp: 3, charger_roll: two(1, 1), defender_mmp: 5, defender_roll: two(5, 5) },
        );
        let c = go(&c, Input::CavalryStrike { kills: 2, checks: vec![check(9, 5, 5)], officer_roll: None });
        let c = go(&c, Input::CavalryStrike { kills: 1, checks: vec![check(3, 5, 5)], officer_roll: None });
        assert!(matches!(c.outcome, Some(Outcome::Cavalry { charger: CavalryAftermath::PassesThrough, .. })));
        // On into an infantry regiment within its total charge move: impact again, in disorder.
        let next = c.impact_again(NextContact::Defender(ChargedUnit::example(OrderKind::Hold))).unwrap();
        assert_eq!(next.stage, Stage::Impact);
        assert!(next.charger_disordered_at_contact());
        assert!(!next.cavalry_vs_cavalry);
        assert_eq!(next.charger_figures, c.charger_figures);
    }
}
