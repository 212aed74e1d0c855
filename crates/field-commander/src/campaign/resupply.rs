//! Confederate Resupply (15.3-15.6): the turn's Command Points and Scouts, then Refit, then
//! purchases of forces, then Scouts, in that order.

use super::*;
use crate::pack::PlayerLevel;

impl Campaign {
    /// The start of the Confederate Resupply: the sheet's Command Points (15.3) and free Scouts
    /// (15.3.1), up to the Scout counters in the game (4.10).
    pub(crate) fn begin_confederate_resupply(&mut self, r: &mut CampaignReport) -> RuleResult<()> {
        let cp = self.def.confederate_cp_per_turn.copied(|| self.def.cell("Confederate Resupply", "Command Points"))?;
        let mut scouts = self.def.scouts_per_turn.copied(|| self.def.cell("Confederate Resupply", "Scouts"))?;
        let mut why = String::new();
        if self.settings.scout_number_by_level {
            match self.settings.difficulty.player {
                PlayerLevel::Easy => {
                    scouts += 1;
                    why = ", +1 at Easy (optional rule Number of Scout Counters)".into();
                }
                PlayerLevel::Hard => {
                    scouts = scouts.saturating_sub(1);
                    why = ", -1 at Hard (optional rule Number of Scout Counters)".into();
                }
                PlayerLevel::Regular => {}
            }
        }
        self.confederate_cp += cp;
        let got = self.gain_scouts(scouts)?;
        self.resupply_step = 0;
        r.say(format!("Confederate Resupply: +{cp} Command Points (15.3), now {}", self.confederate_cp));
        r.say(format!("+{got} Scouts (the sheet gives {scouts}{why}) (15.3.1), now {}", self.scouts));
        if got < scouts {
            r.say("The Scout counters are a hard limit: no more are left (4.10)");
        }
        Ok(())
    }

    fn resupply_order(&mut self, step: u8) -> RuleResult<()> {
        if self.phase != Phase::ConfederateResupply {
            return Err(refuse("this is done in the Confederate Resupply (15.3-15.6)"));
        }
        if self.resupply_step > step {
            let names = ["Refit (15.4)", "purchases of forces (15.5)", "purchases of Scouts (15.6)"];
            let now = names.get(usize::from(self.resupply_step)).copied().unwrap_or("");
            let then = names.get(usize::from(step)).copied().unwrap_or("");
            return Err(refuse(format!(
                "{then} comes before {now}: a step once completed cannot be gone back to (8.0)"
            )));
        }
        self.resupply_step = step;
        Ok(())
    }

    /// Refit (15.4): 2 Command Points flip a reduced force on the map to full strength; not a
    /// force bought reduced in this same step (15.5).
    pub(crate) fn refit(&mut self, id: u32, r: &mut CampaignReport) -> RuleResult<()> {
        self.resupply_order(0)?;
        let c = self.counter(id)?;
        if c.loyalty != Loyalty::Confederate {
            return Err(refuse(format!("{} is a Union Force", c.name)));
        }
        let p = self.piece(id)?;
        if !matches!(p.place, Place::Area(_)) {
            return Err(refuse(format!("{} is not on the campaign map", c.name)));
        }
        if p.strength != Strength::Reduced {
            return Err(refuse(format!("{} is at full strength", c.name)));
        }
        if self.confederate_cp < 2 {
            return Err(refuse(format!("a Refit costs 2 Command Points; you have {} (15.4)", self.confederate_cp)));
        }
        self.confederate_cp -= 2;
        self.piece_mut(id)?.strength = Strength::Full;
        r.say(format!("{} refitted to full strength for 2 Command Points (15.4)", self.name(id)));
        Ok(())
    }

    /// Purchase New Forces (15.5): a force beside the map for its Combat Value (or its reduced
    /// one, reduced), placed in an Area with Confederate Forces.
    pub(crate) fn buy(&mut self, id: u32, reduced: bool, area: &str, r: &mut CampaignReport) -> RuleResult<()> {
        self.resupply_order(1)?;
        let c = self.counter(id)?.clone();
        if c.loyalty != Loyalty::Confederate {
            return Err(refuse(format!("{} is a Union Force", c.name)));
        }
        match self.piece(id)?.place {
            Place::Beside => {}
            Place::Captured => {
                return Err(refuse(format!("{} was captured: it cannot be repurchased (5.9.1, 15.5)", c.name)));
            }
            Place::Removed => return Err(refuse(format!("{} was removed from the game (10.2.8)", c.name))),
            _ => return Err(refuse(format!("{} is not beside the campaign map (15.5)", c.name))),
        }
        let (strength, side) = if reduced {
            let face =
                c.reduced_side()?.ok_or_else(|| refuse(format!("{} has no reduced side to buy (15.5)", c.name)))?;
            (Strength::Reduced, face)
        } else {
            (Strength::Full, c.full)
        };
        let cost = u32::from(side.combat.get(&c.name, if reduced { "reduced combat value" } else { "combat value" })?);
        if self.in_area(area, Loyalty::Confederate).is_empty() {
            return Err(refuse(format!(
                "new forces are placed in an Area with Confederate Forces; {area} has none (15.5)"
            )));
        }
        if cost > self.confederate_cp {
            return Err(refuse(format!(
                "{} costs {cost} Command Points; you have {} (15.5)",
                c.name, self.confederate_cp
            )));
        }
        self.confederate_cp -= cost;
        let p = self.piece_mut(id)?;
        p.place = Place::Area(area.to_string());
        p.strength = strength;
        self.acted.push(id);
        r.say(format!(
            "{} bought{} for {cost} Command Points, placed in {area} (15.5)",
            c.name,
            if reduced { " on its reduced side" } else { "" }
        ));
        if !c.kind.is_mobile() {
            r.say(format!("{} stays in {area} for the rest of the campaign (15.5)", c.name));
        }
        Ok(())
    }

    /// Purchase Scouts (15.6): 1 Command Point each, no more than the counters left (4.10).
    pub(crate) fn buy_scouts(&mut self, n: u32, r: &mut CampaignReport) -> RuleResult<()> {
        self.resupply_order(2)?;
        if n == 0 {
            return Err(refuse("buy at least one Scout"));
        }
        if n > self.confederate_cp {
            return Err(refuse(format!("{n} Scouts cost {n} Command Points; you have {} (15.6)", self.confederate_cp)));
        }
        let left = self.scouts_available()?;
        if n > left {
            return Err(refuse(format!("only {left} Scout counters are left: the counters are a hard limit (15.6)")));
        }
        self.confederate_cp -= n;
        self.scouts += n;
        r.say(format!("{n} Scouts bought for {n} Command Points (15.6), now {}", self.scouts));
        Ok(())
    }
}
