//! Fog of War's effects on the campaign (10.2.5-10.2.8): Command Points and Scouts gained or
//! transferred, a Brigade bought into a Confederate-Held Area, Disease and Desertion in a
//! random Confederate-Held Area, Union forces from the cups and the pile added to the battle.
//! The events that change only the battle (Insights, Special Battle Plans) are the battle's;
//! under the Quick rules they become column shifts (part two, Fog of War and Battle Turns).

use super::*;
use crate::force::{HitResult, suffer_hit};
use crate::prebattle::{FogEvent, FogFollowUp, fog_follow_up};

/// The player's choices and the rolls a Fog of War event needs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FogChoices {
    /// The event's second d10 (10.2.6 events 5 and 8).
    #[serde(default)]
    pub follow_up: Option<D10>,
    /// Random picks: Areas, forces, cup draws, in the order the event needs them.
    #[serde(default)]
    pub picks: Vec<usize>,
    /// Event "Pay 2 Command Points to add 1 Confederate Brigade": the Brigade and the Area, if
    /// the player pays.
    #[serde(default)]
    pub buy_brigade: Option<(u32, String)>,
    /// Desertion's Activation check (10.2.8, 10).
    #[serde(default)]
    pub desertion_roll: Option<D10>,
}

/// What a Fog of War event leaves for a Quick battle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct FogForQuick {
    /// Union column shifts (each Battle Turn under the Quick rules).
    pub union_shift: u8,
    /// The Confederate one-time shift.
    pub confederate_shift: bool,
}

impl Campaign {
    /// One Hit on a piece on the campaign map (11.10): flipped, or destroyed to where 11.11
    /// sends it; `removed` sends a destroyed force out of the game (10.2.8).
    pub(crate) fn hit_piece(&mut self, id: u32, removed: bool, r: &mut CampaignReport) -> RuleResult<HitResult> {
        let c = self.counter(id)?.clone();
        let p = self.piece(id)?;
        let result = suffer_hit(&c, p.strength)?;
        match result {
            HitResult::Flipped => {
                self.piece_mut(id)?.strength = Strength::Reduced;
                r.say(format!("{} takes a Hit and is flipped to its reduced side (11.10)", c.name));
            }
            HitResult::Destroyed => {
                let to = if removed { Place::Removed } else { self.destroyed_place(id)? };
                r.say(format!("{} takes a Hit and is destroyed: {} (11.11)", c.name, place_words(&to)));
                self.remove_to(id, to)?;
            }
        }
        Ok(result)
    }

    /// Where a destroyed force goes (11.11, ruling "Destroyed static forces").
    pub(crate) fn destroyed_place(&self, id: u32) -> RuleResult<Place> {
        Ok(match crate::force::destination(self.counter(id)?) {
            crate::force::Destination::ReinforcementCup => Place::ReinforcementCup,
            crate::force::Destination::AdditionalForcesCup => Place::AdditionalCup,
            crate::force::Destination::StaticForcesPile => Place::StaticPile,
            crate::force::Destination::BesideTheMap => Place::Beside,
        })
    }

    /// Takes a piece off the map to `to`, full side up and out of any group.
    pub(crate) fn remove_to(&mut self, id: u32, to: Place) -> RuleResult<()> {
        let p = self.piece_mut(id)?;
        p.place = to;
        p.strength = Strength::Full;
        p.group = None;
        Ok(())
    }

    /// A Union force from a cup or the pile joins the battle in `area`.
    fn union_joins(&mut self, id: u32, area: &str, picks: &mut Picks, r: &mut CampaignReport) -> RuleResult<()> {
        let p = self.piece_mut(id)?;
        p.place = Place::Area(area.to_string());
        p.strength = Strength::Full;
        r.say(format!("{} joins the battle in {area} (10.2.5)", self.name(id)));
        self.join_group(id, area, picks, r)
    }

    fn union_in_cup(&self, cup: &Place, echelon: Echelon, kinds: &[ForceType]) -> Vec<u32> {
        self.cup(cup)
            .into_iter()
            .filter(|id| self.design(*id).is_ok_and(|d| d.echelon == echelon && kinds.contains(&d.counter.kind)))
            .collect()
    }

    fn random_held_area(&self, picks: &mut Picks, battle_area: &str) -> String {
        let held = self.held_by(Loyalty::Confederate);
        picks.one(&held).unwrap_or_else(|| battle_area.to_string())
    }

    /// The force Desertion checks for the battle in `battle_area` with these random picks, and
    /// the Area it is in (10.2.8): the same picks give the same force when the event is applied.
    pub fn desertion_target(&self, battle_area: &str, picks: &[usize]) -> Option<(String, u32)> {
        let mut picks = Picks::new(picks);
        let at = self.random_held_area(&mut picks, battle_area);
        let here = self.in_area(&at, Loyalty::Confederate);
        picks.one(&here).map(|id| (at, id))
    }

    /// What "Pay 2 Command Points to add 1 Confederate Brigade" may place for the battle in
    /// `battle_area` (10.2.6): the unpurchased Brigades beside the map, and the Confederate-Held
    /// Areas other than the battle's.
    pub fn brigade_choices(&self, battle_area: &str) -> (Vec<u32>, Vec<String>) {
        let brigades = self
            .at(&Place::Beside)
            .into_iter()
            .filter(|id| {
                self.design(*id)
                    .is_ok_and(|d| d.counter.loyalty == Loyalty::Confederate && d.echelon == Echelon::Brigade)
            })
            .collect();
        let areas = self.held_by(Loyalty::Confederate).into_iter().filter(|a| a != battle_area).collect();
        (brigades, areas)
    }

    /// Applies a Fog of War event's effects on the campaign for the battle in `area`.
    pub(crate) fn fog_effects(
        &mut self,
        event: FogEvent,
        area: &str,
        ch: &FogChoices,
        r: &mut CampaignReport,
    ) -> RuleResult<FogForQuick> {
        let mut picks = Picks::new(&ch.picks);
        let mut quick = FogForQuick::default();
        use ForceType::{Artillery, Cavalry, Infantry};
        match event {
            FogEvent::RandomInsight => {
                quick.confederate_shift = true;
                r.say("A random Insight for the battle; under the Quick rules a Confederate column shift (10.2.6, part two)");
            }
            FogEvent::GainCommandPoints(n) => {
                self.confederate_cp += u32::from(n);
                r.say(format!("+{n} Confederate Command Points (10.2.6)"));
            }
            FogEvent::GainScout => {
                let got = self.gain_scouts(1)?;
                r.say(if got == 1 { "+1 Scout (10.2.6)" } else { "No Scout counter is left: none gained (4.10)" });
            }
            FogEvent::BuyBrigade => match &ch.buy_brigade {
                None => r.say("The Brigade is not bought: the event is disregarded (10.2.6)"),
                Some((id, to)) => {
                    let d = self.design(*id)?;
                    if d.counter.loyalty != Loyalty::Confederate
                        || d.echelon != Echelon::Brigade
                        || self.piece(*id)?.place != Place::Beside
                    {
                        return Err(refuse(format!(
                            "{} is not an unpurchased Confederate Brigade (10.2.6)",
                            self.name(*id)
                        )));
                    }
                    if to == area || self.holder(to) != Some(Loyalty::Confederate) {
                        return Err(refuse(format!(
                            "{to} is not a Confederate-Held Area other than the battle's (10.2.6)"
                        )));
                    }
                    if self.confederate_cp < 2 {
                        return Err(refuse("the Brigade costs 2 Command Points (10.2.6)"));
                    }
                    self.confederate_cp -= 2;
                    self.piece_mut(*id)?.place = Place::Area(to.clone());
                    r.say(format!("{} bought for 2 Command Points into {to} (10.2.6)", self.name(*id)));
                }
            },
            FogEvent::RegimentOrCommandPoints => {
                let roll = ch.follow_up.ok_or_else(|| refuse("roll the event's second d10 (10.2.6)"))?;
                r.rolled("Fog of War event", roll);
                match fog_follow_up(event, roll, self.confederate_cp) {
                    Some(FogFollowUp::TransferCommandPoints) => {
                        self.confederate_cp -= 2;
                        self.union_cp += 2;
                        r.say(format!("{}: 2 of your Command Points go to the Union (10.2.6)", roll.value()));
                    }
                    _ => match picks.one(&self.union_in_cup(
                        &Place::AdditionalCup,
                        Echelon::Regiment,
                        &[Infantry, Cavalry],
                    )) {
                        Some(id) => self.union_joins(id, area, &mut picks, r)?,
                        None => r.say("No Union Regiment left: the event is ignored (10.2.6)"),
                    },
                }
            }
            FogEvent::Disease | FogEvent::VirulentDisease => {
                let at = self.random_held_area(&mut picks, area);
                let here = self.in_area(&at, Loyalty::Confederate);
                if event == FogEvent::VirulentDisease {
                    r.say(format!("Virulent Disease in {at}: 1 Hit on every Confederate Force there (10.2.7)"));
                    for id in here {
                        self.hit_piece(id, false, r)?;
                    }
                } else {
                    let infantry: Vec<u32> =
                        here.into_iter().filter(|id| self.counter(*id).is_ok_and(|c| c.kind == Infantry)).collect();
                    match picks.one(&infantry) {
                        Some(id) => {
                            r.say(format!("Disease in {at} (10.2.6)"));
                            self.hit_piece(id, false, r)?;
                        }
                        None => r.say(format!("Disease in {at}: no Infantry there, no effect (10.2.5)")),
                    }
                }
            }
            FogEvent::Desertion => {
                let at = self.random_held_area(&mut picks, area);
                let here = self.in_area(&at, Loyalty::Confederate);
                let Some(id) = picks.one(&here) else {
                    r.say("Desertion: no Confederate Force to check (10.2.5)");
                    return Ok(quick);
                };
                let roll =
                    ch.desertion_roll.ok_or_else(|| refuse("roll the deserting force's Activation check (10.2.8)"))?;
                r.rolled("Desertion Activation check", roll);
                let c = self.counter(id)?.clone();
                let activation = c.face(self.piece(id)?.strength)?.activation.get(&c.name, "activation")?;
                // A force with no Activation number cannot pass the check (ruling "Desertion").
                let passed = activation.is_some_and(|a| roll.check(i32::from(a)));
                if passed {
                    r.say(format!("Desertion: {} passes its Activation check and takes a Hit (10.2.8)", c.name));
                    self.hit_piece(id, true, r)?;
                } else {
                    r.say(format!(
                        "Desertion: {} fails its Activation check and is removed from the game (10.2.8)",
                        c.name
                    ));
                    self.remove_to(id, Place::Removed)?;
                }
            }
            FogEvent::UnionReinforcement => {
                let order: [(Place, Echelon, &[ForceType]); 4] = [
                    (Place::ReinforcementCup, Echelon::Named, &[Infantry, Cavalry, Artillery]),
                    (Place::AdditionalCup, Echelon::Brigade, &[Infantry, Cavalry]),
                    (Place::AdditionalCup, Echelon::Regiment, &[Infantry, Cavalry]),
                    (Place::AdditionalCup, Echelon::Battery, &[Artillery]),
                ];
                let mut done = false;
                for (cup, echelon, kinds) in order {
                    let cands = self.union_in_cup(&cup, echelon, kinds);
                    if let Some(id) = picks.one(&cands) {
                        self.union_joins(id, area, &mut picks, r)?;
                        done = true;
                        break;
                    }
                }
                if !done {
                    self.union_cp += 4;
                    r.say("No Reinforcement, Brigade, Regiment or Battery left: the Union gains 4 Command Points (10.2.6)");
                }
            }
            FogEvent::FortificationOrGarrison => {
                let roll = ch.follow_up.ok_or_else(|| refuse("roll the event's second d10 (10.2.6)"))?;
                r.rolled("Fog of War event", roll);
                let kind = match fog_follow_up(event, roll, self.confederate_cp) {
                    Some(FogFollowUp::UnionFortification) => ForceType::Fortification,
                    _ => ForceType::Garrison,
                };
                let cands: Vec<u32> = self
                    .cup(&Place::StaticPile)
                    .into_iter()
                    .filter(|id| self.counter(*id).is_ok_and(|c| c.kind == kind))
                    .collect();
                match picks.one(&cands) {
                    Some(id) => {
                        self.piece_mut(id)?.place = Place::Area(area.to_string());
                        r.say(format!("{}: a Union {kind:?} joins the battle in {area} (10.2.6)", roll.value()));
                    }
                    None => {
                        self.union_cp += 2;
                        r.say(format!("No Union {kind:?} left: the Union gains 2 Command Points (10.2.6)"));
                    }
                }
            }
            FogEvent::UnionPlans(n) => {
                quick.union_shift = n;
                r.say(format!(
                    "The Union gains +{n} Special Battle Plans each Battle Turn; under the Quick rules {n} column shifts (10.2.6, part two)"
                ));
            }
        }
        Ok(quick)
    }
}

/// A place in the players' words.
pub fn place_words(p: &Place) -> String {
    match p {
        Place::Area(a) => a.clone(),
        Place::Beside => "beside the campaign map".into(),
        Place::ReinforcementCup => "the Reinforcement cup".into(),
        Place::AdditionalCup => "the Additional Forces cup".into(),
        Place::StaticPile => "the Static Forces Pile".into(),
        Place::Captured => "the Captured Artillery Pile".into(),
        Place::Waiting => "off the map, waiting to arrive".into(),
        Place::Removed => "out of the game".into(),
        Place::Unused => "not in this campaign".into(),
    }
}

/// A Fog of War event in the table's words (10.2.6-10.2.8).
pub fn fog_words(event: FogEvent) -> String {
    match event {
        FogEvent::RandomInsight => "Select 1 Insight at random".into(),
        FogEvent::GainCommandPoints(n) => format!("You gain {n} Command Points"),
        FogEvent::GainScout => "You gain 1 Scout".into(),
        FogEvent::BuyBrigade => "Pay 2 Command Points to add 1 Confederate Brigade to 1 Confederate Held Area".into(),
        FogEvent::RegimentOrCommandPoints => {
            "Roll d10: 1-5 add 1 Union Regiment, 6-10 transfer 2 of your Command Points to the Union".into()
        }
        FogEvent::Disease => "Disease".into(),
        FogEvent::VirulentDisease => "Virulent Disease".into(),
        FogEvent::UnionReinforcement => "Add 1 random Union Reinforcement to the Battle".into(),
        FogEvent::FortificationOrGarrison => {
            "Roll d10: 1-2 add 1 Union Fortification, 3-10 add 1 Union Garrison".into()
        }
        FogEvent::UnionPlans(n) => format!("Union gains +{n} Special Battle Plans"),
        FogEvent::Desertion => "Desertion".into(),
    }
}
