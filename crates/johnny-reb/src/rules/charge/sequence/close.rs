//! Table 16 step 4: the charging unit moves to 3" from the defender (5.3.4) or until
//! countercharged (5.3.5), or the defender meets it with a charge of its own (5.5.1).

use super::{Charge, CounterchargeInput, Outcome, Resolved, Stage, out_of_range};
use crate::rules::charge::distance::bonus_move;
use crate::rules::charge::{ChargeRulings, Happened, inches_add, inches_ge, inches_sub, show_inches};
use crate::rules::unit::{MoraleLevel, OrderKind};
use crate::rules::{Ratio, RuleResult};

impl Charge {
    /// Table 16 step 4 ("Move charging unit to 3\" from defender", 5.3.4): a charge whose total
    /// distance does not reach the temporary halt falls short; one that reaches routed cavalry
    /// takes its surrender (5.5.4).
    pub(super) fn close(&self, c: &mut Charge, h: &mut Vec<Happened>) -> RuleResult<Resolved> {
        let total = self.total();
        if self.defender_morale == MoraleLevel::Routed && self.cavalry_vs_cavalry {
            let caught = inches_ge(total, self.distance);
            h.push(Happened::new(
                "5.5.4",
                if caught {
                    "The charge reaches the routed cavalry: it surrenders."
                } else {
                    "The routed cavalry is beyond the charge."
                },
            ));
            Self::end(c, if caught { Outcome::DefenderSurrendered } else { Outcome::DefenderRouted }, h);
            return Ok(Resolved::Next);
        }
        let halt_point = inches_sub(self.distance, Ratio::whole(3));
        if !inches_ge(total, halt_point) {
            h.push(Happened::new(
                "5.3.4",
                format!(
                    "The total charge distance {} does not reach the temporary halt 3\" from the defender ({}).",
                    show_inches(total),
                    show_inches(halt_point)
                ),
            ));
            Self::end(c, Outcome::FellShort, h);
            return Ok(Resolved::Next);
        }
        h.push(Happened::new(
            "5.3.4",
            "The charging unit moves to 3\" from the defender and halts there for defensive fire.",
        ));
        c.stage = Stage::DefensiveFireOne;
        Ok(Resolved::Next)
    }

    /// Table 16 step 4 ("or until countercharged", 5.3.5): a countercharge from Hold, a charge
    /// against a charge (5.5.1) or cavalry countercharging cavalry (5.5.5.b); the units meet
    /// or do not.
    pub(super) fn countercharge(
        &self,
        c: &mut Charge,
        h: &mut Vec<Happened>,
        cc: &CounterchargeInput,
        rulings: &ChargeRulings,
    ) -> RuleResult<Resolved> {
        self.may_countercharge(cc)?;
        let total = self.total();
        let gap = inches_sub(self.distance, cc.charger_moved);
        let half_inches = !cc.charge_against_charge && !self.cavalry_vs_cavalry;
        let bonus = match &cc.bonus {
            Some((path, dice)) => {
                Some(bonus_move(dice, if rulings.night { path.at_night() } else { *path }, half_inches)?)
            }
            None => None,
        };
        let counter_total = inches_add(cc.normal_move, bonus.as_ref().map(|b| b.distance).unwrap_or(Ratio::ZERO));
        if let Some(b) = &bonus {
            h.extend(b.happened.iter().cloned());
        }
        c.both_charging = true;
        if cc.charge_against_charge {
            h.push(Happened::new(
                "5.5.1",
                "Both units are charging each other: no fear-of-charge check; both use elan at impact.",
            ));
        } else if !self.cavalry_vs_cavalry {
            c.defender_disordered = true;
            h.push(Happened::new(
                "5.3.5.b",
                format!(
                    "The defender countercharges in disorder, {} in all; it has no charge elan.",
                    show_inches(counter_total)
                ),
            ));
        }
        if cc.from_outside_charger_primary_zone {
            c.charger_turned_in_disorder = true;
            h.push(Happened::new(
                "5.3.5.c",
                "The countercharge comes from outside the charger's primary zone: it turns to face it, in disorder.",
            ));
        }
        let reach = inches_add(counter_total, inches_sub(total, cc.charger_moved));
        if !inches_ge(reach, gap) {
            h.push(Happened::new(
                "5.3.5",
                format!("Together they cover {} of the {} between them: they do not meet, and both halt where their moves end.", show_inches(reach), show_inches(gap)),
            ));
            Self::end(c, Outcome::NoContact, h);
            return Ok(Resolved::Next);
        }
        // They meet where the countercharger's move ends, or where the charger comes on
        // to it: the contact point, from the charger's start (RULINGS.md).
        c.distance = inches_add(cc.charger_moved, inches_sub(gap, counter_total));
        h.push(Happened::new(
            "5.3.5.c",
            format!(
                "They meet {} from the charger's start: resolved as charge against charge, straight to impact after any other defensive fire.",
                show_inches(c.distance)
            ),
        ));
        c.stage = Stage::DefensiveFireOne;
        Ok(Resolved::Next)
    }

    /// Whether the defender may countercharge now (Table 16 step 4; 5.3.5.a): from Hold, with
    /// the charger in its primary fire zone within 5"; a charge against a charge only if it is
    /// marked Charge (5.5.1); cavalry only if it passed its check on sighting and chose to
    /// (5.5.5.b); the charger never farther on than its total charge distance.
    fn may_countercharge(&self, cc: &CounterchargeInput) -> RuleResult<()> {
        if !self.cavalry_vs_cavalry && !cc.charge_against_charge && self.setup.defender.order != Some(OrderKind::Hold) {
            return Err(out_of_range("countercharge", "only a unit on Hold may countercharge (5.3.5.a)"));
        }
        if cc.charge_against_charge && self.setup.defender.order != Some(OrderKind::Charge) {
            return Err(out_of_range("charge against charge", "the charged unit is not marked Charge"));
        }
        if self.cavalry_vs_cavalry && !self.both_charging {
            return Err(out_of_range(
                "countercharge",
                "the defending cavalry did not pass its check and choose to countercharge (5.5.5.b)",
            ));
        }
        let total = self.total();
        if !inches_ge(total, cc.charger_moved) {
            return Err(out_of_range(
                "countercharge",
                "the charger cannot have moved farther than its total charge distance",
            ));
        }
        let gap = inches_sub(self.distance, cc.charger_moved);
        if !self.cavalry_vs_cavalry && !cc.charge_against_charge && !inches_ge(Ratio::whole(5), gap) {
            return Err(out_of_range(
                "countercharge",
                "the charger is not yet in the defender's primary fire zone, 5\" straight ahead (5.3.5.a)",
            ));
        }
        Ok(())
    }
}
