//! What a battle leaves on the campaign map (9.3, 14.5, 14.7, 14.8, 5.9): a battle fought on
//! the Battlefield Sheet brings its result back whole ([`BattleResult`]); the Quick and Very
//! Quick battles use the same pieces: captured guns and their replacements, Routs and
//! Retreats to adjacent Areas, destroyed Static Forces.

use super::fog::place_words;
use super::*;

/// What became of one force in a battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fate {
    /// Back in the Battle Location Area (14.7, 14.8.1, 14.8.4), this side up.
    Stays {
        /// The side up.
        strength: Strength,
    },
    /// To an adjacent Area (14.5, 14.5.1, 14.8.2, 14.8.3), this side up.
    To {
        /// The Area.
        area: String,
        /// The side up.
        strength: Strength,
    },
    /// Destroyed: to its cup, pile or beside the map (11.11).
    Destroyed,
    /// Captured: to the Captured Artillery Pile (5.9.1).
    Captured,
    /// Removed from the game (10.2.8 Desertion).
    Removed,
}

/// A battle's result as the battle engine gives it back to the campaign.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleResult {
    /// Every force of the battle whose place or side changed, and every force the battle
    /// added (a Fog of War event's, a captured gun's replacement).
    pub fates: Vec<(u32, Fate)>,
    /// Confederate Command Points gained (or spent, negative) in the battle (10.2, 15.3).
    pub confederate_cp: i32,
    /// Union Command Points gained (or lost) in the battle (10.2, 18.4).
    pub union_cp: i32,
    /// Scouts gained (or spent, negative) in the battle (10.2.2, 11.2.1, 12.1.1, 14.0.1).
    pub scouts: i32,
    /// Where Robert E. Lee ends, if he was at the battle and leaves its Area (14.5, 14.8.3).
    pub lee: Option<String>,
    /// The Withdrawal result was Encamp (14.8.4).
    pub encamp: bool,
}

fn add(value: u32, delta: i32, what: &str) -> RuleResult<u32> {
    let v = i64::from(value) + i64::from(delta);
    u32::try_from(v).map_err(|_| refuse(format!("{what} would fall below zero ({value} {delta:+})")))
}

impl Campaign {
    /// The forces in a battle's Area, for the battle engine (10.2.13-10.2.19): each piece's
    /// number, counter and side up.
    pub fn forces_at(&self, area: &str) -> RuleResult<Vec<(u32, crate::force::Counter, Strength)>> {
        let mut out = Vec::new();
        for side in [Loyalty::Confederate, Loyalty::Union] {
            for id in self.in_area(area, side) {
                out.push((id, self.counter(id)?.clone(), self.piece(id)?.strength));
            }
        }
        Ok(out)
    }

    /// What the sheet sets of a battle's Battle Plan quantities (10.2.10): the player's number
    /// without Lee at his level, Lee's Command Rating if he is in the Area, the Union's number
    /// at its level. Fog of War's bonus, purchases and Insights are the battle's.
    pub fn quantity_inputs(&self, area: &str) -> RuleResult<crate::prebattle::QuantityInputs> {
        let lvl = self.settings.difficulty;
        let c = &self.def;
        let confederate = c
            .plans
            .confederate
            .at(lvl.player)
            .copied(|| c.cell("Battle Plans", format!("Confederate ({:?})", lvl.player)))?;
        let union = c
            .plans
            .union
            .at(lvl.union_plans)
            .copied(|| c.cell("Battle Plans", format!("Union ({:?})", lvl.union_plans)))?;
        let lee = if self.lee.as_deref() == Some(area) {
            Some(u32::from(c.lee_rating.copied(|| c.cell("Robert E. Lee", "Command Rating"))?))
        } else {
            None
        };
        Ok(crate::prebattle::QuantityInputs {
            confederate_without_lee: u32::from(confederate),
            lee_rating_if_present: lee,
            union_base: u32::from(union),
            union_fog_bonus: 0,
            purchase: crate::prebattle::PlanPurchase::None,
            insights_selected: 0,
        })
    }

    /// Applies a battle's result (9.3, 14.7, 14.8).
    pub(crate) fn apply_battle(&mut self, area: &str, res: &BattleResult, r: &mut CampaignReport) -> RuleResult<()> {
        if !self.phase.resolves_battles() {
            return Err(refuse("battles are resolved in the Resolve Battles steps (9.3, 15.2, 17.0)"));
        }
        if self.battle.is_some() {
            return Err(refuse("a Quick battle is being fought: finish it first"));
        }
        if !self.pending_battles().iter().any(|a| a == area) {
            return Err(refuse(format!("there is no battle to resolve in {area}")));
        }
        let lee_there = self.lee.as_deref() == Some(area);
        for (i, (id, fate)) in res.fates.iter().enumerate() {
            if res.fates[..i].iter().any(|(o, _)| o == id) {
                return Err(refuse(format!("{} has two fates", self.name(*id))));
            }
            let place = self.piece(*id)?.place.clone();
            let fought = place == Place::Area(area.to_string());
            let joined = matches!(
                place,
                Place::Beside | Place::ReinforcementCup | Place::AdditionalCup | Place::StaticPile | Place::Captured
            );
            if !fought && !joined {
                return Err(refuse(format!("{} was not at the battle in {area}", self.name(*id))));
            }
            if let Fate::To { area: to, .. } = fate
                && !self.def.map.adjacent(area, to)
            {
                return Err(refuse(format!("{to} is not adjacent to {area} (14.5, 14.8)")));
            }
            if matches!(
                fate,
                Fate::Stays { strength: Strength::Reduced } | Fate::To { strength: Strength::Reduced, .. }
            ) && self.counter(*id)?.reduced_side()?.is_none()
            {
                return Err(refuse(format!("{} has no reduced side (5.9)", self.name(*id))));
            }
            if *fate == Fate::Captured && self.counter(*id)?.kind != ForceType::Artillery {
                return Err(refuse(format!("only Artillery is captured; {} is not (5.9.1)", self.name(*id))));
            }
        }
        if let Some(to) = &res.lee {
            if !lee_there {
                return Err(refuse(format!("Robert E. Lee was not at the battle in {area}")));
            }
            if to != area && !self.def.map.adjacent(area, to) {
                return Err(refuse(format!("{to} is not adjacent to {area}")));
            }
        }
        let ccp = add(self.confederate_cp, res.confederate_cp, "Confederate Command Points")?;
        let ucp = add(self.union_cp, res.union_cp, "Union Command Points")?;
        let scouts = add(self.scouts, res.scouts, "Scouts")?;
        if res.scouts > 0 && scouts > self.scouts + self.scouts_available()? {
            return Err(refuse("more Scouts than the counters in the game (4.10)"));
        }
        self.confederate_cp = ccp;
        self.union_cp = ucp;
        self.scouts = scouts;
        r.say(format!("The battle in {area} is over (14.7)"));
        for (id, fate) in &res.fates {
            let name = self.name(*id);
            match fate {
                Fate::Stays { strength } | Fate::To { strength, .. } => {
                    let to = match fate {
                        Fate::To { area: to, .. } => to.clone(),
                        _ => area.to_string(),
                    };
                    let p = self.piece_mut(*id)?;
                    p.place = Place::Area(to.clone());
                    p.strength = *strength;
                    r.say(format!("{name}: {to}, {strength:?} side up"));
                    if self.is_union_additional(*id) && self.piece(*id)?.group.is_none() {
                        self.join_group(*id, &to, &mut Picks::new(&[]), r)?;
                    }
                }
                Fate::Destroyed => {
                    let to = self.destroyed_place(*id)?;
                    r.say(format!("{name} destroyed: {} (11.11)", place_words(&to)));
                    self.remove_to(*id, to)?;
                }
                Fate::Captured => {
                    r.say(format!("{name} captured: the Captured Artillery Pile (5.9.2)"));
                    self.remove_to(*id, Place::Captured)?;
                }
                Fate::Removed => {
                    r.say(format!("{name} removed from the game (10.2.8)"));
                    self.remove_to(*id, Place::Removed)?;
                }
            }
        }
        if let Some(to) = &res.lee {
            self.lee = Some(to.clone());
            r.say(format!("Robert E. Lee: {to}"));
        }
        if res.encamp {
            self.encamped.push(area.to_string());
            r.say(format!("Encamp: no new battle in {area} during this step (14.8.4)"));
        }
        r.say(format!(
            "Command Points {:+} Confederate, {:+} Union; Scouts {:+}",
            res.confederate_cp, res.union_cp, res.scouts
        ));
        Ok(())
    }

    /// Destroys `side`'s Garrisons and Fortifications in `area` (14.5, 14.8.2, 14.8.3).
    pub(crate) fn destroy_statics(&mut self, side: Loyalty, area: &str, r: &mut CampaignReport) -> RuleResult<()> {
        for id in self.in_area(area, side) {
            if !self.counter(id)?.kind.is_mobile() {
                let to = self.destroyed_place(id)?;
                r.say(format!("{} destroyed: {}", self.name(id), place_words(&to)));
                self.remove_to(id, to)?;
            }
        }
        Ok(())
    }

    /// `loser`'s Artillery in `area` is captured (5.9.1, 14.5, 14.8.2, 14.8.3): each gun goes to
    /// the Captured Artillery Pile and the winner puts in its place one of its own guns of the
    /// same Combat Value, else the highest lower one, the Captured Artillery Pile first, then
    /// its stock; with none, 2 Command Points (5.9.2; ruling "Union replacement guns", the same
    /// for the player).
    pub(crate) fn capture_guns(&mut self, loser: Loyalty, area: &str, r: &mut CampaignReport) -> RuleResult<()> {
        let winner = loser.opponent();
        for id in self.in_area(area, loser) {
            if self.counter(id)?.kind != ForceType::Artillery {
                continue;
            }
            let cv = self.combat(id)?;
            self.remove_to(id, Place::Captured)?;
            r.say(format!("{} is captured: the Captured Artillery Pile (5.9.1)", self.name(id)));
            // The first of the rule's candidates (5.9.2; the same as a battle on the sheet offers).
            let gun = self.gun_candidates(winner, cv)?.first().copied();
            match gun {
                Some(g) => {
                    let p = self.piece_mut(g)?;
                    p.place = Place::Area(area.to_string());
                    p.strength = Strength::Full;
                    r.say(format!("{} takes its place for the {winner:?} forces (5.9.1, 5.9.2)", self.name(g)));
                    self.join_group(g, area, &mut Picks::new(&[]), r)?;
                }
                None => {
                    match winner {
                        Loyalty::Union => self.union_cp += 2,
                        Loyalty::Confederate => self.confederate_cp += 2,
                    }
                    r.say(format!(
                        "No {winner:?} gun to put in its place: the {winner:?} forces gain 2 Command Points (5.9.2)"
                    ));
                }
            }
        }
        Ok(())
    }

    /// The adjacent Areas a retreating `side` may go to: those it Holds first, else those the
    /// other side does not Hold (14.5, 14.8.2, 14.8.3).
    pub(crate) fn retreat_areas(&self, side: Loyalty, area: &str) -> Vec<String> {
        let around = self.def.map.neighbours(area, &[]);
        let held: Vec<String> = around.iter().filter(|a| self.holder(a) == Some(side)).cloned().collect();
        if !held.is_empty() {
            return held;
        }
        around.into_iter().filter(|a| self.holder(a) != Some(side.opponent())).collect()
    }

    /// A Withdrawal Retreat (14.8.2, 14.8.3): the side's Static Forces destroyed, its guns
    /// captured, its Mobile Forces (and Lee, for the Confederates) to one random adjacent Area,
    /// or destroyed with none.
    pub(crate) fn withdrawal_retreat(
        &mut self,
        side: Loyalty,
        area: &str,
        picks: &mut Picks,
        r: &mut CampaignReport,
    ) -> RuleResult<()> {
        let rule = if side == Loyalty::Union { "14.8.2" } else { "14.8.3" };
        r.say(format!("{side:?} Retreat ({rule})"));
        self.destroy_statics(side, area, r)?;
        self.capture_guns(side, area, r)?;
        let movers = self.in_area(area, side);
        let to = picks.one(&self.retreat_areas(side, area));
        let lee_here = side == Loyalty::Confederate && self.lee.as_deref() == Some(area);
        match to {
            Some(to) => {
                for id in &movers {
                    self.piece_mut(*id)?.place = Place::Area(to.clone());
                }
                let names: Vec<String> = movers.iter().map(|id| self.name(*id)).collect();
                r.say(format!(
                    "{} \u{2192} {to} ({rule})",
                    if names.is_empty() { "No force".into() } else { names.join(", ") }
                ));
                if lee_here {
                    self.lee = Some(to.clone());
                    r.say(format!("Robert E. Lee \u{2192} {to} ({rule})"));
                }
                if side == Loyalty::Confederate {
                    self.note_entered(&to, &movers, r);
                }
            }
            None => {
                r.say(format!("No adjacent Area to retreat to: the {side:?} Mobile Forces are destroyed ({rule})"));
                for id in movers {
                    let place = self.destroyed_place(id)?;
                    self.remove_to(id, place)?;
                }
                if lee_here {
                    self.lee = None;
                    r.say(format!("Robert E. Lee is lost with them ({rule})"));
                }
            }
        }
        Ok(())
    }

    /// Routed Union Forces leave the battle one by one, each to a random adjacent Area the
    /// Union Holds, else one the Confederates do not; with none, destroyed (14.5).
    pub(crate) fn union_routs(&mut self, area: &str, picks: &mut Picks, r: &mut CampaignReport) -> RuleResult<()> {
        for id in self.in_area(area, Loyalty::Union) {
            match picks.one(&self.retreat_areas(Loyalty::Union, area)) {
                Some(to) => {
                    self.piece_mut(id)?.place = Place::Area(to.clone());
                    r.say(format!("{} \u{2192} {to} (14.5)", self.name(id)));
                }
                None => {
                    let place = self.destroyed_place(id)?;
                    r.say(format!("{}: no Area to go to, destroyed (14.5)", self.name(id)));
                    self.remove_to(id, place)?;
                }
            }
        }
        Ok(())
    }

    /// Confederate Forces leave a battle (14.5, 14.5.1): each Mobile Force to the adjacent Area
    /// of the player's choice without Union Forces; one with none is destroyed; Lee goes with
    /// the first. Every Mobile Force with somewhere to go must be given it.
    pub(crate) fn confederate_leaves(
        &mut self,
        area: &str,
        to: &[(u32, String)],
        r: &mut CampaignReport,
    ) -> RuleResult<()> {
        let free: Vec<String> = self
            .def
            .map
            .neighbours(area, &[])
            .into_iter()
            .filter(|a| self.in_area(a, Loyalty::Union).is_empty())
            .collect();
        for (i, (id, dest)) in to.iter().enumerate() {
            if to[..i].iter().any(|(o, _)| o == id) {
                return Err(refuse(format!("{} is given two Areas", self.name(*id))));
            }
            if self.piece(*id)?.place != Place::Area(area.to_string()) || self.loyalty(*id)? != Loyalty::Confederate {
                return Err(refuse(format!("{} is not a Confederate Force in {area}", self.name(*id))));
            }
            if !free.contains(dest) {
                return Err(refuse(format!("{dest} is not an adjacent Area free of Union Forces (14.5)")));
            }
        }
        let movers: Vec<u32> = self.in_area(area, Loyalty::Confederate);
        for id in &movers {
            if !free.is_empty() && !to.iter().any(|(o, _)| o == id) {
                return Err(refuse(format!("say where {} goes (14.5)", self.name(*id))));
            }
        }
        let lee_here = self.lee.as_deref() == Some(area);
        for id in movers {
            match to.iter().find(|(o, _)| *o == id) {
                Some((_, dest)) => {
                    self.piece_mut(id)?.place = Place::Area(dest.clone());
                    r.say(format!("{} \u{2192} {dest} (14.5)", self.name(id)));
                    self.note_entered(dest, &[id], r);
                }
                None => {
                    let place = self.destroyed_place(id)?;
                    r.say(format!("{}: every adjacent Area holds Union Forces, destroyed (14.5)", self.name(id)));
                    self.remove_to(id, place)?;
                }
            }
        }
        if lee_here && let Some((_, first)) = to.first() {
            self.lee = Some(first.clone());
            r.say(format!("Robert E. Lee goes with the first force to leave: {first} (14.5)"));
        }
        Ok(())
    }
}
