//! A routed defender's forced rout move (2.1.2) within the charge: after it routs on sighting
//! cavalry (5.5.5.b), from fear of charge (Table 16 step 7, 5.5.4) or on losing the impact
//! (step 11, 5.7.3.b). The charge catches it, and it surrenders, or it gets away.

use super::{Charge, Outcome, Resolved, Stage, out_of_range};
use crate::rules::charge::distance::night_terrain;
use crate::rules::charge::{ChargeRulings, Happened, inches_add, inches_ge, show_inches};
use crate::rules::morale::forced_rout_dice;
use crate::rules::unit::Terrain;
use crate::rules::{Die, Ratio, RuleResult};

impl Charge {
    /// The defender's forced rout move (2.1.2; at night one level of terrain worse, Appendix
    /// F.15) in Table 16 step 7 (5.5.4) or 11 (5.7.3.b, 5.7.4): caught by the charge's total
    /// distance it surrenders; before the charge is marked (routed on sighting cavalry,
    /// 5.5.5.b) the charge goes on after it.
    pub(super) fn rout_move(
        &self,
        c: &mut Charge,
        h: &mut Vec<Happened>,
        terrain: Terrain,
        dice: &[Die],
        rulings: &ChargeRulings,
    ) -> RuleResult<Resolved> {
        let terrain = if rulings.night { night_terrain(terrain) } else { terrain };
        let wanted = forced_rout_dice(terrain)?;
        if dice.len() != wanted {
            return Err(out_of_range(
                "rout move dice",
                format!("a rout through {terrain:?} rolls {wanted} dice (2.1.2), not {}", dice.len()),
            ));
        }
        let rout: u32 = dice.iter().map(|d| u32::from(d.face())).sum();
        c.defender_disordered = true;
        if self.marks.is_none() {
            // Routed on sighting the cavalry (5.5.5.b), before the charge was marked:
            // the charge goes on, and takes its surrender if it reaches it (5.5.4).
            c.distance = inches_add(self.distance, Ratio::whole(rout));
            h.push(Happened::new(
                "5.5.4",
                format!(
                    "The routed unit runs {rout}\" in disorder, {} from the charger now; the charge goes on.",
                    show_inches(c.distance)
                ),
            ));
            c.stage = Stage::ChargedUnitReaction;
            return Ok(Resolved::Next);
        }
        let total = self.total();
        let caught = inches_ge(total, inches_add(self.distance, Ratio::whole(rout)));
        let after_impact = self.impact.is_some();
        h.push(Happened::new("2.1.2", format!("The routed unit runs {rout}\" in disorder.")));
        let surrenders = caught && (!after_impact || rulings.routed_loser_caught_surrenders);
        if surrenders {
            h.push(Happened::new(
                if after_impact {
                    "5.7.4"
                } else if self.setup.charger.arm.is_mounted() {
                    "5.5.5.a"
                } else {
                    "5.5.4"
                },
                format!(
                    "The charge's total distance {} carries it into the routed unit: it surrenders.",
                    show_inches(total)
                ),
            ));
            Self::end(c, Outcome::DefenderSurrendered, h);
            return Ok(Resolved::Next);
        }
        h.push(Happened::new("5.5.4", "The routed unit gets beyond the charge; the charging unit completes its move."));
        Self::end(c, Outcome::DefenderRouted, h);
        Ok(Resolved::Next)
    }
}
