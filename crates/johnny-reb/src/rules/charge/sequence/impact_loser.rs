//! Table 16 step 11: the loser of the impact (5.7.3): a losing charger falls back shaken and
//! in disorder; a losing defender rolls one die to rout or retire, and the winner's charge may
//! carry it into melee (5.7.4) or, in an unequal impact, into another impact (5.7.2).

use super::{Charge, Outcome, Resolved, Stage};
use crate::rules::charge::impact::{breakthrough_contacts, charger_loses, describe_breakthrough};
use crate::rules::charge::{Happened, Side, inches_sub, show_inches};
use crate::rules::unit::MoraleLevel;
use crate::rules::{Die, Ratio, RuleResult, TwoDice};

impl Charge {
    /// Table 16 step 11, a losing defender of good morale (5.7.3.b): one die, higher than its
    /// Table 17 BMP less its officer's benefit or it routs; otherwise shaken, it retires.
    pub(super) fn loss_die(&self, c: &mut Charge, h: &mut Vec<Happened>, die: Die) -> RuleResult<Resolved> {
        let target = self.setup.defender.table17_bmp.saturating_sub(i32::from(self.setup.defender.officer_benefit));
        if i32::from(die.face()) <= target {
            c.defender_morale = MoraleLevel::Routed;
            c.defender_disordered = true;
            h.push(Happened::new(
                "5.7.3.b",
                format!(
                    "Rolled {}, not higher than {target}: the defender routs and makes the forced rout move.",
                    die.face()
                ),
            ));
            c.stage = Stage::DefenderRoutMove;
        } else {
            c.defender_morale = MoraleLevel::Shaken;
            c.defender_disordered = true;
            h.push(Happened::new("5.7.3.b", format!("Rolled {}, higher than {target}: the defender is shaken and retires in disorder, facing the winner.", die.face())));
            c.stage = Stage::Retire(Side::Defender);
        }
        Ok(Resolved::Next)
    }

    /// Table 16 step 11, the charger lost (5.7.3.a): it falls back two dice, shaken and in
    /// disorder, and the charge ends; in a wave assault all the waves are thrown back
    /// (6.8.8.b).
    pub(super) fn charger_falls_back(
        &self,
        c: &mut Charge,
        h: &mut Vec<Happened>,
        dice: TwoDice,
    ) -> RuleResult<Resolved> {
        let (_, said) = charger_loses(dice);
        h.extend(said);
        c.charger_morale = MoraleLevel::Shaken;
        if self.setup.waves.in_good_order + self.setup.waves.in_disorder > 0 {
            h.push(Happened::new(
                "6.8.8.b",
                "The first charging unit lost: all the waves are thrown back shaken and in disorder.",
            ));
        }
        Self::end(c, Outcome::ChargerRepulsed, h);
        Ok(Resolved::Next)
    }

    /// Table 16 step 11 ("move both defeated unit and charging unit. If still in contact, go
    /// to melee, step 12. If not, charge ends"; 5.7.3.b, 5.7.4): the defender retires two dice;
    /// the rest of the charge may carry the winner into it again.
    pub(super) fn defender_retires(
        &self,
        c: &mut Charge,
        h: &mut Vec<Happened>,
        dice: TwoDice,
    ) -> RuleResult<Resolved> {
        let inches = Ratio::whole(u32::from(dice.total()));
        h.push(Happened::new("5.7.3.b", format!("The defender retires {}.", show_inches(inches))));
        let left = inches_sub(self.total(), self.distance);
        h.push(describe_breakthrough(left, inches));
        if breakthrough_contacts(left, inches) && self.series.is_some() {
            // 5.7.2: in an unequal impact the lone unit, caught again, rolls for impact
            // again, shaken and in disorder (the 18th Alabama's third roll).
            c.disordered_from_start = true;
            c.defender_disordered = true;
            if let Some(series) = c.series.as_mut() {
                series.after_roll(false, Some(MoraleLevel::Shaken), true);
            }
            h.push(Happened::new("5.7.2", "The winner's charge carries it into contact again: the lone unit rolls for impact again, shaken and in disorder."));
            c.stage = Stage::Impact;
        } else if breakthrough_contacts(left, inches) {
            c.disordered_from_start = true;
            c.defender_disordered = true;
            c.melee_round = 1;
            c.stage = Stage::Melee;
        } else {
            Self::end(c, Outcome::DefenderDrivenBack, h);
            return Ok(Resolved::Next);
        }
        Ok(Resolved::Next)
    }
}
