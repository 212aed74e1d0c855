//! Table 16 step 10, the roll for impact (5.7): (a) both sides' MMPs from Tables 17 and 18 and
//! two dice each, (b) against artillery the crew flees or both add the enemy's figures
//! (5.7.1.b); and where the result sends the charge (step 11 or 12). And the impact MMPs and
//! odds, from the morale engine.

use super::{Charge, Outcome, Resolved, Stage, out_of_range};
use crate::rules::charge::impact::{ImpactWinner, artillery_impact, impact, impact_odds};
use crate::rules::charge::{Happened, Side};
use crate::rules::morale::{ChargeElan, ChargeSituation, ImpactSide, Mmp, MoraleRulings, MoraleUnit, impact_mmp};
use crate::rules::unit::{Arm, Formation, MoraleLevel, OrderKind};
use crate::rules::{Distribution, Overrides, RuleResult, TwoDice};

impl Charge {
    /// Table 16 step 10b ("If target is artillery, the crew may flee first", 5.7): the crew
    /// flees to the nearest infantry and the charger takes the guns.
    pub(super) fn crew_flees(&self, c: &mut Charge, h: &mut Vec<Happened>) -> RuleResult<Resolved> {
        if self.setup.defender.arm != Arm::Artillery {
            return Err(self.wrong_input());
        }
        h.push(Happened::new(
            "5.7",
            "The crew flees as skirmishers to the nearest infantry and shares its fate; the charger takes the guns.",
        ));
        Self::end(c, Outcome::GunsTaken, h);
        Ok(Resolved::Next)
    }

    /// Table 16 step 10b ("If doesn't, roll two dice and add total to number of enemy
    /// figures", 5.7.1.b): lowest wins; a tie sends the crew to skirmish order and the units to
    /// melee.
    pub(super) fn roll_artillery_impact(
        &self,
        c: &mut Charge,
        h: &mut Vec<Happened>,
        charger_roll: TwoDice,
        artillery_roll: TwoDice,
    ) -> RuleResult<Resolved> {
        if self.setup.defender.arm != Arm::Artillery {
            return Err(out_of_range("impact", "the target is not artillery: roll with MMPs (5.7.1.a)"));
        }
        let r = artillery_impact(
            self.charger_figures,
            charger_roll,
            self.defender_figures,
            artillery_roll,
            self.wave_benefit(),
        )?;
        h.extend(r.happened.iter().cloned());
        if r.winner == ImpactWinner::Tie {
            c.defender_formation = Formation::Skirmish;
        }
        self.after_impact(c, r.winner, h);
        Ok(Resolved::Next)
    }

    /// Table 16 step 10a ("Each unit rolls two dice, adding total to MMP. Lowest wins; ties go
    /// to melee", 5.7.1.a).
    pub(super) fn roll_impact(
        &self,
        c: &mut Charge,
        h: &mut Vec<Happened>,
        charger_mmp: i32,
        charger_roll: TwoDice,
        defender_mmp: i32,
        defender_roll: TwoDice,
    ) -> RuleResult<Resolved> {
        if self.setup.defender.arm == Arm::Artillery {
            return Err(out_of_range(
                "impact",
                "against guns both sides add the enemy's figures (5.7.1.b): use the artillery impact",
            ));
        }
        let r = impact(charger_mmp, charger_roll, defender_mmp, defender_roll);
        h.extend(r.happened.iter().cloned());
        self.after_impact(c, r.winner, h);
        Ok(Resolved::Next)
    }

    /// Where Table 16 step 10 sends the charge: a tie to melee (step 12); the charger's loss
    /// to its fall back (step 11, 5.7.3.a); its win to the defender's loss die, or to its rout
    /// if it was already shaken (step 11, 5.7.3.b). Cavalry against cavalry neither moves: the
    /// winner strikes first (5.5.5.b).
    fn after_impact(&self, c: &mut Charge, winner: ImpactWinner, h: &mut Vec<Happened>) {
        c.impact = Some(winner);
        if self.cavalry_vs_cavalry {
            match winner {
                ImpactWinner::Won(side) => {
                    h.push(Happened::new(
                        "5.5.5.b",
                        "Cavalry against cavalry: neither moves; the winner of the impact strikes first in the melee.",
                    ));
                    c.stage = Stage::CavalryStrike { striker: side, second: false };
                }
                ImpactWinner::Tie => {
                    h.push(Happened::new("5.5.5.b", "A tied impact: the melee is simultaneous (RULINGS.md)."));
                    c.melee_round = 1;
                    c.stage = Stage::Melee;
                }
            }
            return;
        }
        match winner {
            ImpactWinner::Tie => {
                c.melee_round = 1;
                c.stage = Stage::Melee;
            }
            ImpactWinner::Won(Side::Defender) => {
                c.elan = 0;
                c.stage = Stage::Retire(Side::Charger);
            }
            ImpactWinner::Won(Side::Charger) => {
                if self.defender_morale == MoraleLevel::Good {
                    c.stage = Stage::DefenderLossDie;
                } else {
                    c.defender_morale = MoraleLevel::Routed;
                    c.defender_disordered = true;
                    h.push(Happened::new(
                        "5.7.3.b",
                        "The defender lost the impact while shaken: it routs and makes the forced rout move.",
                    ));
                    c.stage = Stage::DefenderRoutMove;
                }
            }
        }
    }

    /// The chance that the charging unit wins the impact (lowest total), and of a tie, given
    /// both impact MMPs as for [`Input::Impact`](super::Input::Impact).
    ///
    /// ```
    /// # use johnny_reb::rules::charge::sequence::*;
    /// # use johnny_reb::rules::charge::impact::ImpactWinner;
    /// # use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind};
    /// # use johnny_reb::rules::{Chance, Ratio};
    /// # let setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 24, stands: 4, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// let c = Charge::declare(setup).unwrap();
    /// // Equal BMPs: the charger's elan (-1, in its MMP) makes it likelier to win than to lose.
    /// let d = c.impact_odds(3 + c.elan, 3);
    /// assert!(d.chance_of(&ImpactWinner::Won(Side::Charger)).percent() > 50.0);
    /// # use johnny_reb::rules::charge::Side;
    /// ```
    pub fn impact_odds(&self, charger_mmp: i32, defender_mmp: i32) -> Distribution<ImpactWinner> {
        impact_odds(charger_mmp, defender_mmp)
    }

    /// The charging unit's situation at impact with what the machine knows filled in: its
    /// formation (Disorder if disordered at contact), its elan, the following waves (5.1.3,
    /// 5.3.2.b, 6.8.8.b).
    pub fn charger_situation(&self, situation: ChargeSituation) -> ChargeSituation {
        let mut s = situation;
        s.formation =
            if self.charger_disordered_at_contact() { Formation::Disorder } else { self.setup.charger.formation };
        s.general.elan = self.morale_elan();
        s.waves_in_good_order = self.setup.waves.in_good_order;
        s.waves_in_disorder = self.setup.waves.in_disorder;
        s
    }

    /// The charging unit's impact MMP (5.7.1.a; Tables 17 and 18) from the morale engine,
    /// with its elan, disorder at contact and waves, for [`Input::Impact`](super::Input::Impact).
    pub fn charger_impact_mmp(
        &self,
        charger: &MoraleUnit,
        situation: ChargeSituation,
        overrides: &Overrides,
        rulings: &MoraleRulings,
    ) -> RuleResult<Mmp> {
        impact_mmp(
            charger,
            &self.charger_situation(situation),
            self.charger_morale,
            ImpactSide::Attacker,
            overrides,
            rulings,
        )
    }

    /// The charged (or countercharging) unit's impact MMP (5.7.1.a; Tables 17 and 18, the
    /// cavalry doubling of 5.5.5.a) from the morale engine, for
    /// [`Input::Impact`](super::Input::Impact). A unit that was itself charging the charger has
    /// elan (5.7.1.a: "If both are charging, both use the elan modifier"); a countercharging one
    /// has none (5.3.5.c).
    pub fn defender_impact_mmp(
        &self,
        defender: &MoraleUnit,
        situation: ChargeSituation,
        overrides: &Overrides,
        rulings: &MoraleRulings,
    ) -> RuleResult<Mmp> {
        let mut s = self.defender_situation(situation);
        if !self.both_charging {
            s.general.elan = ChargeElan::None;
        } else if self.setup.defender.order != Some(OrderKind::Charge) {
            // a countercharge, or cavalry countercharging cavalry: no elan (5.3.5.c)
            s.general.elan = ChargeElan::None;
        }
        let side = if self.both_charging {
            ImpactSide::Attacker
        } else {
            ImpactSide::Defender { attacker: self.setup.charger.arm }
        };
        impact_mmp(defender, &s, self.defender_morale, side, overrides, rulings)
    }
}
