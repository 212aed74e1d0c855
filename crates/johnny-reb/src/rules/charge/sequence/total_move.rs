//! Table 16 step 3, the charging unit's total move marked: (a) the normal move and its
//! disorder roll (5.3.1), (b) the bonus declared, rolled and marked (5.3.2, Table 4), (c) the
//! attempt to halt at the announced point (5.3.3). And the chance, before the bonus is rolled,
//! that the charge reaches its target.

use super::{Charge, Input, Need, Outcome, Resolved, Stage, out_of_range};
use crate::rules::charge::cavalry::charge_through_woods;
use crate::rules::charge::distance::{
    BonusPath, ChargeMoveSetup, ChargingArm, attempt_to_halt, bonus_move, chance_to_cover, disorder_roll,
    disorder_roll_target, mark_charge,
};
use crate::rules::charge::{ChargeRulings, Happened, inches_ge, show_inches};
use crate::rules::unit::Terrain;
use crate::rules::{Chance, Die, Overrides, Ratio, RuleResult};

impl Charge {
    /// Table 16 step 3a ("Determine normal move; roll for disorder", 5.3.1): the normal move,
    /// and the disorder roll when the greater Table 3 distance is taken; mounted cavalry
    /// through woods loses figures (Appendix F.13, when on); a second consecutive charge has
    /// no bonus and is marked now (5.1.4).
    pub(super) fn normal_move(
        &self,
        c: &mut Charge,
        h: &mut Vec<Happened>,
        input: Input,
        rulings: &ChargeRulings,
        overrides: &Overrides,
    ) -> RuleResult<Resolved> {
        let Input::NormalMove { inches, greater_distance, disorder_roll: roll, terrain, woods } = input else {
            return Err(self.wrong_input());
        };
        if !inches_ge(Ratio::whole(60), inches) {
            return Err(out_of_range("normal move", format!("{} is beyond any Table 3 rate", show_inches(inches))));
        }
        c.normal_move = Some(inches);
        c.charge_terrain = Some(terrain);
        h.push(Happened::new("5.3.1", format!("Normal move: {}.", show_inches(inches))));
        if greater_distance && !self.disordered_from_start {
            let arm = self.setup.charger.arm;
            let officer = self.setup.charger.officer_benefit > 0;
            let Some(roll) = roll else {
                return Ok(Resolved::Waiting(Need::DisorderRoll {
                    must_beat: disorder_roll_target(self.setup.charger.bmp, officer, arm),
                }));
            };
            let r = disorder_roll(self.setup.charger.bmp, officer, arm, roll);
            c.failed_disorder_roll = r.disordered;
            h.push(Happened::new(
                "5.3.1",
                if r.disordered {
                    format!(
                        "Disorder roll {} is not higher than {}: a yellow pipe cleaner at the end of the normal move.",
                        r.roll, r.target
                    )
                } else {
                    format!("Disorder roll {} beats {}: no disorder from the normal move.", r.roll, r.target)
                },
            ));
        }
        if let Some((kind, die)) = woods
            && self.setup.charger.arm.is_mounted()
        {
            let (lost, said) =
                charge_through_woods(self.charger_figures, self.setup.charger.bmp, die, kind, rulings, overrides)?;
            c.charger_figures = self.charger_figures.saturating_sub(lost);
            h.extend(said);
            if c.charger_figures == 0 {
                Self::end(c, Outcome::ChargerStopped(None), h);
                return Ok(Resolved::Next);
            }
        }
        if self.setup.charger.consecutive_turn == 2 {
            c.marks = Some(mark_charge(&self.move_setup(c), None));
            h.push(Happened::new("5.1.4", "No bonus on a second consecutive charge."));
            c.stage = Stage::Close;
        } else {
            c.stage = Stage::Bonus;
        }
        Ok(Resolved::Next)
    }

    /// Table 16 step 3b ("Declare and roll for bonus; mark bonus"): no bonus, the red pipe
    /// cleaner at the normal move (5.3.1).
    pub(super) fn no_bonus(&self, c: &mut Charge, h: &mut Vec<Happened>) -> RuleResult<Resolved> {
        let marks = mark_charge(&self.move_setup(c), None);
        h.push(Happened::new("5.3.1", format!("No bonus: a red pipe cleaner at {}.", show_inches(marks.total))));
        c.marks = Some(marks);
        c.stage = Stage::Close;
        Ok(Resolved::Next)
    }

    /// Table 16 step 3b: the bonus declared and rolled (5.3.2, Table 4; at night one level of
    /// terrain worse, Appendix F.15) and the red and yellow pipe cleaners marked.
    pub(super) fn bonus(
        &self,
        c: &mut Charge,
        h: &mut Vec<Happened>,
        path: BonusPath,
        dice: &[Die],
        rulings: &ChargeRulings,
    ) -> RuleResult<Resolved> {
        let path = if rulings.night {
            h.push(Happened::new("F.15", "Night: the bonus terrain counts one level worse."));
            path.at_night()
        } else {
            path
        };
        let bonus = bonus_move(dice, path, false)?;
        h.extend(bonus.happened.iter().cloned());
        let marks = mark_charge(&self.move_setup(c), Some(bonus));
        h.push(Happened::new(
            "5.3.2",
            format!(
                "Red pipe cleaner (total charge distance) at {}{}.",
                show_inches(marks.total),
                marks.disorder_at.map(|d| format!("; yellow (disorder) at {}", show_inches(d))).unwrap_or_default()
            ),
        ));
        let halting = self.setup.halting_point.filter(|p| !inches_ge(*p, marks.total));
        c.marks = Some(marks);
        c.stage = if halting.is_some() { Stage::AttemptToHalt } else { Stage::Close };
        Ok(Resolved::Next)
    }

    /// Table 16 step 3c ("Roll for attempt to halt; change marker", 5.3.3).
    pub(super) fn attempt_to_halt(&self, c: &mut Charge, h: &mut Vec<Happened>, die: Die) -> RuleResult<Resolved> {
        let r = attempt_to_halt(self.setup.charger.bmp, self.setup.charger.officer_benefit, die);
        if let (true, Some(point), Some(marks)) = (r.halts, self.setup.halting_point, c.marks.as_mut()) {
            marks.total = point;
            // "or at the end of its total charge, whichever comes first" (5.3.2.b)
            if let Some(d) = marks.disorder_at
                && !inches_ge(point, d)
            {
                marks.disorder_at = Some(point);
            }
            h.push(Happened::new(
                "5.3.3",
                format!(
                    "Rolled {}, higher than {}: the red pipe cleaner moves to the halting point, {}.",
                    r.roll,
                    r.target,
                    show_inches(point)
                ),
            ));
        } else {
            h.push(Happened::new(
                "5.3.3",
                format!("Rolled {}, not higher than {}: the unit charges its full bonus distance.", r.roll, r.target),
            ));
        }
        c.stage = Stage::Close;
        Ok(Resolved::Next)
    }

    /// The chance that the charge reaches the defender (impact) with a bonus along `path`,
    /// before the bonus is rolled (5.3.2, Table 4). Needs the normal move (step 3a done).
    ///
    /// ```
    /// # use johnny_reb::rules::charge::sequence::*;
    /// # use johnny_reb::rules::charge::distance::BonusPath;
    /// # use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Terrain};
    /// # use johnny_reb::rules::{Chance, Ratio};
    /// # let setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 24, stands: 4, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// let c = Charge::declare(setup).unwrap();
    /// let Advance::Next { charge: c, .. } = c.advance(Input::ChargedUnitStays).unwrap() else { panic!() };
    /// let Advance::Next { charge: c, .. } = c.advance(Input::NormalMove { inches: Ratio::whole(5), greater_distance: false, disorder_roll: None, terrain: Terrain::Open, woods: None }).unwrap() else { panic!() };
    /// // 8" away, 5" normal move: three dice must make 3 or more.
    /// assert_eq!(c.chance_to_reach_impact(BonusPath::all_in(Terrain::Open)).unwrap(), Chance::ALWAYS);
    /// ```
    pub fn chance_to_reach_impact(&self, path: BonusPath) -> RuleResult<Chance> {
        let normal = self.normal_move.ok_or(out_of_range("normal move", "give the normal move first (step 3a)"))?;
        if self.setup.charger.consecutive_turn == 2 {
            return chance_to_cover(normal, None, false, self.distance);
        }
        chance_to_cover(normal, Some(path), false, self.distance)
    }

    fn move_setup(&self, c: &Charge) -> ChargeMoveSetup {
        ChargeMoveSetup {
            arm: if self.setup.charger.arm.is_mounted() { ChargingArm::Mounted } else { ChargingArm::Foot },
            normal_move: c.normal_move.unwrap_or(Ratio::ZERO),
            disordered_from_start: self.disordered_from_start,
            failed_normal_move_roll: c.failed_disorder_roll,
            worst_terrain: c.charge_terrain.unwrap_or(Terrain::Open),
        }
    }
}
