//! A campaign battle fought on the Battlefield Sheet (Basic rules): its set-up from the campaign
//! map (10.2.10, 10.2.13-10.2.19: the forces of the Battle Location Area, the sheet's Battle
//! Plan quantities, Lee's rating, the Fog of War table of the Difficulty Level) and, once the
//! battle is over, its end read back onto the map as a [`BattleResult`] for
//! [`CampaignCommand::ApplyBattle`] (14.5, 14.7, 14.8, 5.9).
//!
//! The battle numbers its forces itself; the [`BattleLink`] keeps which campaign counter each
//! battle force is. A force the battle gained (a Fog of War event's Union force, a captured
//! gun's replacement) is found among the counters in the cups, the piles or beside the map by
//! its values. The Withdrawal (14.8) is settled here, on the campaign map, with the campaign's
//! own table, so that its Retreats reach the adjacent Areas and its captured guns are replaced
//! from the campaign's counters (5.9.2).

use super::*;
use crate::battle::{Field, Force};
use crate::battlefield::{Formation, Region};
use crate::outcome::{Withdrawal, WithdrawalCheck, WithdrawalTable, withdrawal_check};
use crate::prebattle::QuantityInputs;

/// Which campaign counter each battle force is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleLink {
    /// The Battle Location Area (4.16).
    pub area: String,
    /// The side whose half of the Campaign Turn it is: the Battle Location counter's side
    /// (9.3, 17.0).
    pub side: Loyalty,
    /// (battle force number, campaign piece number).
    pub forces: Vec<(u32, u32)>,
    /// Robert E. Lee is in the Battle Location Area (10.2.17).
    pub lee_present: bool,
    /// The Fog of War event's effect on the campaign map has been applied (10.2.6).
    #[serde(default)]
    pub fog_on_map: bool,
}

impl BattleLink {
    /// The campaign piece a battle force is, if it came from the map.
    pub fn piece_of(&self, force: u32) -> Option<u32> {
        self.forces.iter().find(|(f, _)| *f == force).map(|(_, p)| *p)
    }
}

/// Everything a Battlefield Sheet battle starts from (10.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleSetup {
    /// Which counter each force is.
    pub link: BattleLink,
    /// The forces on the sheet: Static Forces in their Regions (10.2.15, 10.2.18), Mobile
    /// Forces in their own Reserve until placed (10.2.16, 10.2.19), with the side up that they
    /// show on the map (5.9).
    pub field: Field,
    /// The battle's next force number.
    pub next_id: u32,
    /// The Battle Plan quantities the sheet sets (10.2.10), or the value still to enter.
    pub quantities: Result<QuantityInputs, String>,
    /// Lee's Command Rating, used whether or not he is present (5.8, 10.2.6 event 1).
    pub lee_rating: Option<u8>,
    /// The Fog of War table of the Difficulty Level (7.14, 10.2.1).
    pub fog_table: crate::prebattle::FogTable,
    /// The Hard table's row 9 as the pack has it (10.2.7).
    pub hard_row_9: Option<crate::prebattle::FogRow>,
    /// The campaign's Withdrawal table, or the row still to enter (14.8).
    pub withdrawal: Result<WithdrawalTable, String>,
    /// The player's Scouts (4.10).
    pub scouts: u32,
    /// Confederate Command Points (4.9).
    pub confederate_cp: u32,
    /// Union Command Points (4.9).
    pub union_cp: u32,
}

/// How a Battlefield Sheet battle ended (10.2.9, 14.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SheetEnd {
    /// This side was Enveloped and Destroyed (10.2.9).
    Enveloped(Loyalty),
    /// Only this side's forces are left on the sheet (14.7).
    OneSideLeft(Loyalty),
    /// This side Routed and its last Mobile Force left the sheet (14.5, 14.7).
    RoutedOff(Loyalty),
    /// The Battle Turn counter entered the Withdrawal box (14.7, 14.8): the Withdrawal is
    /// settled on the campaign map.
    WithdrawalDue,
}

/// The battle as it ended: what is left on the sheet, what left it, what was captured, and the
/// ledger it carried.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SheetOutcome {
    /// How it ended.
    pub end: SheetEnd,
    /// The forces still on the sheet.
    pub field: Field,
    /// Battle forces that left the sheet behind their own Reserve (14.5, 14.5.1): back to the
    /// campaign map.
    pub exited: Vec<u32>,
    /// Battle forces captured (5.9.1): to the Captured Artillery Pile.
    pub captured: Vec<u32>,
    /// Battle forces kept off the sheet that stayed in the Battle Location Area as they were
    /// (the Screen Insight's two forces, 10.2.12.7).
    #[serde(default)]
    pub stayed_off: Vec<u32>,
    /// Confederate Command Points at the end.
    pub confederate_cp: u32,
    /// Union Command Points at the end.
    pub union_cp: u32,
    /// Scouts at the end.
    pub scouts: u32,
}

/// What the player says and rolls once the battle is over.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AfterBattle {
    /// The d10 on the campaign's Withdrawal table, where one is rolled (14.8).
    pub withdrawal_roll: Option<D10>,
    /// Random picks: a Union force's Area, a Retreat's Area, in the order needed (14.5, 14.8).
    pub picks: Vec<usize>,
    /// The Area each Confederate Mobile Force that left the sheet goes to, by campaign piece:
    /// the player's choice among the adjacent Areas without Union Forces (14.5, 14.5.1).
    pub confederate_to: Vec<(u32, String)>,
}

/// What the end of a battle does to the campaign, before it is applied.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetResult {
    /// The result for [`CampaignCommand::ApplyBattle`].
    pub result: BattleResult,
    /// What was decided, with its rule; and the Withdrawal's roll.
    pub report: CampaignReport,
}

fn start_region(side: Loyalty, kind: ForceType) -> Region {
    match (side, kind) {
        (Loyalty::Confederate, ForceType::Garrison) => Region::ConfederateApproach,
        (Loyalty::Union, ForceType::Garrison) => Region::UnionApproach,
        (side, _) => Region::reserve_of(side),
    }
}

fn words<T>(r: RuleResult<T>) -> Result<T, String> {
    r.map_err(|e| e.to_string())
}

impl Campaign {
    /// A Battlefield Sheet battle's set-up from the Battle Location Area (10.2.13-10.2.19).
    pub fn battle_setup(&self, area: &str) -> RuleResult<BattleSetup> {
        if !self.pending_battles().iter().any(|a| a == area) {
            return Err(refuse(format!("there is no battle to resolve in {area}")));
        }
        let mut field = Field::default();
        let mut forces = Vec::new();
        let mut next_id = 1;
        for (piece, counter, strength) in self.forces_at(area)? {
            let region = start_region(counter.loyalty, counter.kind);
            field.forces.push(Force {
                id: next_id,
                counter,
                strength,
                region,
                formation: Formation::Line,
                hard_cover: false,
                entrenched: false,
                cover: false,
            });
            forces.push((next_id, piece));
            next_id += 1;
        }
        let lee_present = self.lee.as_deref() == Some(area);
        Ok(BattleSetup {
            link: BattleLink {
                area: area.to_string(),
                side: self.phase.side(),
                forces,
                lee_present,
                fog_on_map: false,
            },
            field,
            next_id,
            quantities: words(self.quantity_inputs(area)),
            lee_rating: self.def.lee_rating.value().copied(),
            fog_table: self.settings.difficulty.fog,
            hard_row_9: self.hard_fog_row_9.value().copied(),
            withdrawal: words(self.def.withdrawal_table()),
            scouts: self.scouts,
            confederate_cp: self.confederate_cp,
            union_cp: self.union_cp,
        })
    }

    /// The guns the capturing side may put in a captured gun's place (5.9.1, 5.9.2), each of
    /// the same Combat Value, else of the highest lower one there is. The Union's come from the
    /// Captured Artillery Pile as a priority, then the Additional Forces cup (5.9.2.2), every
    /// one of equal standing offered, since the player chooses between equally valid options
    /// (20.0); the Confederates' from the pile or the stock beside the map, as the player
    /// selects (5.9.2.1). Empty when there is none: 2 Command Points instead.
    pub fn gun_candidates(&self, by: Loyalty, captured_cv: u8) -> RuleResult<Vec<u32>> {
        let guns = |place: &Place| -> RuleResult<Vec<(u32, u8)>> {
            let mut out = Vec::new();
            for id in self.at(place) {
                let c = self.counter(id)?;
                if c.kind == ForceType::Artillery && c.loyalty == by {
                    let cv = self.combat(id)?;
                    if cv <= captured_cv {
                        out.push((id, cv));
                    }
                }
            }
            Ok(out)
        };
        let best = |g: &[(u32, u8)]| -> Vec<u32> {
            let top = g.iter().map(|x| x.1).max();
            g.iter().filter(|x| Some(x.1) == top).map(|x| x.0).collect()
        };
        let pile = guns(&Place::Captured)?;
        Ok(match by {
            Loyalty::Union if !pile.is_empty() => best(&pile),
            Loyalty::Union => best(&guns(&Place::AdditionalCup)?),
            Loyalty::Confederate => {
                let mut all = pile;
                all.extend(guns(&Place::Beside)?);
                best(&all)
            }
        })
    }

    /// The counter the capturing side puts in a captured gun's place (5.9.1, 5.9.2): its own
    /// gun of the same Combat Value, else the highest lower one, from the Captured Artillery
    /// Pile first, then its stock (the Additional Forces cup, or beside the map); `None` when
    /// there is none and 2 Command Points are gained instead.
    pub fn gun_replacement(&self, by: Loyalty, captured_cv: u8) -> RuleResult<Option<u32>> {
        let guns = |place: &Place| -> RuleResult<Vec<(u32, u8)>> {
            let mut out = Vec::new();
            for id in self.at(place) {
                let c = self.counter(id)?;
                if c.kind == ForceType::Artillery && c.loyalty == by {
                    out.push((id, self.combat(id)?));
                }
            }
            Ok(out)
        };
        let stock = if by == Loyalty::Union { Place::AdditionalCup } else { Place::Beside };
        let pile = guns(&Place::Captured)?;
        let stock = guns(&stock)?;
        let cvs = |g: &[(u32, u8)]| g.iter().map(|x| x.1).collect::<Vec<_>>();
        Ok(match crate::outcome::union_replacement(captured_cv, &cvs(&pile), &cvs(&stock)) {
            crate::outcome::Replacement::FromPile(i) => pile.get(i).map(|g| g.0),
            crate::outcome::Replacement::FromCup(i) => stock.get(i).map(|g| g.0),
            crate::outcome::Replacement::TwoCommandPoints => None,
        })
    }

    /// What a finished Battlefield Sheet battle does to the campaign map (14.5, 14.7, 14.8,
    /// 5.9): worked out on a copy of the campaign and given back as the [`BattleResult`] that
    /// [`CampaignCommand::ApplyBattle`] applies. The Withdrawal, if due, is settled here with
    /// the campaign's table.
    pub fn sheet_result(&self, link: &BattleLink, out: &SheetOutcome, after: &AfterBattle) -> RuleResult<SheetResult> {
        let area = link.area.clone();
        if !self.pending_battles().contains(&area) {
            return Err(refuse(format!("there is no battle to resolve in {area}")));
        }
        let mut c = self.clone();
        let mut r = CampaignReport::default();
        let here = Place::Area(area.clone());
        // The forces from the map: still on the sheet, left it, captured, or destroyed.
        let mut exited: Vec<u32> = Vec::new();
        for (force, piece) in &link.forces {
            if c.piece(*piece)?.place != here {
                return Err(refuse(format!("{} is no longer in {area}", c.name(*piece))));
            }
            if let Ok(f) = out.field.get(*force) {
                if f.counter.loyalty != c.loyalty(*piece)? {
                    return Err(refuse(format!("battle force {force} is not {}", c.name(*piece))));
                }
                c.piece_mut(*piece)?.strength = f.strength;
            } else if out.stayed_off.contains(force) {
                r.say(format!("{} stayed off the sheet, in {area} (10.2.12.7)", c.name(*piece)));
            } else if out.captured.contains(force) {
                c.remove_to(*piece, Place::Captured)?;
                r.say(format!("{} was captured: the Captured Artillery Pile (5.9.1)", c.name(*piece)));
            } else if out.exited.contains(force) {
                exited.push(*piece);
            } else {
                let to = c.destroyed_place(*piece)?;
                r.say(format!("{} was destroyed: {} (11.11)", c.name(*piece), fog::place_words(&to)));
                c.remove_to(*piece, to)?;
            }
        }
        // The forces the battle gained: found among the counters off the map by their values.
        for f in &out.field.forces {
            if link.piece_of(f.id).is_some() {
                continue;
            }
            let piece = c.joining_piece(&f.counter)?;
            let p = c.piece_mut(piece)?;
            p.place = here.clone();
            p.strength = f.strength;
            r.say(format!("{} joined the battle and stays in {area} (10.2.5, 5.9.1)", c.name(piece)));
            c.join_group(piece, &area, &mut Picks::new(&[]), &mut r)?;
        }
        c.confederate_cp = out.confederate_cp;
        c.union_cp = out.union_cp;
        c.scouts = out.scouts;
        let mut picks = Picks::new(&after.picks);
        match out.end {
            SheetEnd::Enveloped(side) => {
                r.say(format!("The {side:?} forces were Enveloped and destroyed, their guns with them (10.2.9)"))
            }
            SheetEnd::OneSideLeft(side) => r.say(format!("Only {side:?} forces are left on the sheet (14.7)")),
            SheetEnd::RoutedOff(side) => r.say(format!("The {side:?} forces Routed off the sheet (14.5, 14.7)")),
            SheetEnd::WithdrawalDue => r.say("The Battle Turn counter is in the Withdrawal box (14.7, 14.8)"),
        }
        c.leave_sheet(&area, &exited, link.lee_present, after, &mut picks, &mut r)?;
        let mut encamp = false;
        if out.end == SheetEnd::WithdrawalDue {
            encamp = c.settle_withdrawal(&area, after.withdrawal_roll, &mut picks, &mut r)?;
        } else if after.withdrawal_roll.is_some() {
            return Err(refuse("the battle did not end in the Withdrawal box: no Withdrawal roll (14.7)"));
        }
        Ok(SheetResult { result: self.difference(&c, &area, encamp)?, report: r })
    }

    /// The counter off the map with these values that a battle brought in: the Captured
    /// Artillery Pile first (a recaptured gun, 5.9.2), then the Union's cups and pile, or the
    /// Confederate counters beside the map.
    fn joining_piece(&self, counter: &crate::force::Counter) -> RuleResult<u32> {
        let places: &[Place] = match counter.loyalty {
            Loyalty::Union => &[Place::Captured, Place::ReinforcementCup, Place::AdditionalCup, Place::StaticPile],
            Loyalty::Confederate => &[Place::Captured, Place::Beside],
        };
        for place in places {
            if let Some(id) = self.at(place).into_iter().find(|id| self.counter(*id).is_ok_and(|c| c == counter)) {
                return Ok(id);
            }
        }
        Err(refuse(format!(
            "{} joined the battle but no such {:?} counter is off the map: the counter mix is a hard limit",
            counter.name, counter.loyalty
        )))
    }

    /// Forces that left the sheet behind their Reserve go to the campaign map (14.5, 14.5.1):
    /// each Union force to a random adjacent Area the Union Holds, else one the Confederates do
    /// not; each Confederate force to the adjacent Area the player chooses without Union
    /// Forces; with none, destroyed. Lee goes with the first Confederate force to leave when
    /// none stays in the Area (14.5; ruling "Lee after a battle on the sheet").
    fn leave_sheet(
        &mut self,
        area: &str,
        exited: &[u32],
        lee_present: bool,
        after: &AfterBattle,
        picks: &mut Picks,
        r: &mut CampaignReport,
    ) -> RuleResult<()> {
        for (i, (piece, to)) in after.confederate_to.iter().enumerate() {
            if after.confederate_to[..i].iter().any(|(o, _)| o == piece) {
                return Err(refuse(format!("{} is given two Areas", self.name(*piece))));
            }
            if !exited.contains(piece) || self.loyalty(*piece)? != Loyalty::Confederate {
                return Err(refuse(format!(
                    "{} did not leave the sheet: only the forces that left it are placed (14.5)",
                    self.name(*piece)
                )));
            }
            if !self.def.map.adjacent(area, to) {
                return Err(refuse(format!("{to} is not adjacent to {area} (14.5)")));
            }
        }
        let free: Vec<String> = self
            .def
            .map
            .neighbours(area, &[])
            .into_iter()
            .filter(|a| self.in_area(a, Loyalty::Union).is_empty())
            .collect();
        let mut first: Option<String> = None;
        for piece in exited {
            let name = self.name(*piece);
            match self.loyalty(*piece)? {
                Loyalty::Union => match picks.one(&self.retreat_areas(Loyalty::Union, area)) {
                    Some(to) => {
                        self.piece_mut(*piece)?.place = Place::Area(to.clone());
                        r.say(format!("{name} left the sheet \u{2192} {to} (14.5)"));
                    }
                    None => {
                        let to = self.destroyed_place(*piece)?;
                        r.say(format!("{name} left the sheet with no adjacent Area to go to: destroyed (14.5)"));
                        self.remove_to(*piece, to)?;
                    }
                },
                Loyalty::Confederate => {
                    let chosen = after.confederate_to.iter().find(|(p, _)| p == piece).map(|(_, a)| a.clone());
                    match chosen {
                        Some(to) if free.contains(&to) => {
                            self.piece_mut(*piece)?.place = Place::Area(to.clone());
                            r.say(format!("{name} left the sheet \u{2192} {to} (14.5)"));
                            self.note_entered(&to, &[*piece], r);
                            first.get_or_insert(to);
                        }
                        Some(to) => return Err(refuse(format!("{to} holds Union Forces (14.5)"))),
                        None if free.is_empty() => {
                            let to = self.destroyed_place(*piece)?;
                            r.say(format!("{name}: every adjacent Area holds Union Forces, destroyed (14.5)"));
                            self.remove_to(*piece, to)?;
                        }
                        None => return Err(refuse(format!("say where {name} goes (14.5)"))),
                    }
                }
            }
        }
        if lee_present
            && self.in_area(area, Loyalty::Confederate).is_empty()
            && let Some(to) = first
        {
            self.lee = Some(to.clone());
            r.say(format!("Robert E. Lee goes with the first force to leave: {to} (14.5)"));
        }
        Ok(())
    }

    /// The Withdrawal (14.8) on the campaign map: at 2:1 the weaker side Retreats, else the
    /// campaign's table is rolled; Rejoin leaves both armies for a new battle, Encamp keeps them
    /// apart for this step. Returns whether the result is Encamp.
    fn settle_withdrawal(
        &mut self,
        area: &str,
        roll: Option<D10>,
        picks: &mut Picks,
        r: &mut CampaignReport,
    ) -> RuleResult<bool> {
        let union = self.total(&self.in_area(area, Loyalty::Union))?;
        let confederate = self.total(&self.in_area(area, Loyalty::Confederate))?;
        let w = match withdrawal_check(union, confederate) {
            WithdrawalCheck::Retreats(side) => {
                if roll.is_some() {
                    return Err(refuse(format!(
                        "{union} Union against {confederate} Confederate: the {side:?} forces Retreat at 2:1, no roll (14.8)"
                    )));
                }
                r.say(format!(
                    "{union} Union against {confederate} Confederate: the {side:?} forces are at 2:1 and Retreat (14.8)"
                ));
                if side == Loyalty::Union { Withdrawal::UnionRetreat } else { Withdrawal::ConfederateRetreat }
            }
            WithdrawalCheck::Roll => {
                let roll = roll.ok_or_else(|| {
                    refuse(format!(
                        "{union} Union against {confederate} Confederate, less than 2:1: roll the d10 on the Withdrawal table (14.8)"
                    ))
                })?;
                let w = self.def.withdrawal_table()?.read(roll)?;
                r.rolled("Withdrawal", roll);
                r.say(format!(
                    "{union} Union against {confederate} Confederate, less than 2:1: the Withdrawal table reads {}: {} (14.8)",
                    roll.value(),
                    crate::ending::withdrawal_words(w)
                ));
                w
            }
        };
        match w {
            Withdrawal::Rejoin => {
                r.say(format!(
                    "Rejoin: every force stays in {area} and a new battle starts there at once, from Fog of War (14.8.1)"
                ));
                Ok(false)
            }
            Withdrawal::UnionRetreat => self.withdrawal_retreat(Loyalty::Union, area, picks, r).map(|_| false),
            Withdrawal::ConfederateRetreat => {
                self.withdrawal_retreat(Loyalty::Confederate, area, picks, r).map(|_| false)
            }
            Withdrawal::Encamp => {
                r.say(format!("Encamp: both armies stay in {area}; no new battle there during this step (14.8.4)"));
                Ok(true)
            }
        }
    }

    /// The result that turns this campaign into `after` (every piece whose place or side
    /// changed, the Command Points and Scouts, Lee).
    fn difference(&self, after: &Campaign, area: &str, encamp: bool) -> RuleResult<BattleResult> {
        let mut fates = Vec::new();
        for p in &after.pieces {
            let before = self.piece(p.id)?;
            if before.place == p.place && before.strength == p.strength {
                continue;
            }
            let fate = match &p.place {
                Place::Area(a) if a == area => Fate::Stays { strength: p.strength },
                Place::Area(a) => Fate::To { area: a.clone(), strength: p.strength },
                Place::Captured => Fate::Captured,
                Place::Removed => Fate::Removed,
                _ => Fate::Destroyed,
            };
            fates.push((p.id, fate));
        }
        let delta = |a: u32, b: u32| i32::try_from(i64::from(b) - i64::from(a)).unwrap_or(0);
        let lee = match (&self.lee, &after.lee) {
            (Some(a), Some(b)) if a != b => Some(b.clone()),
            _ => None,
        };
        Ok(BattleResult {
            fates,
            confederate_cp: delta(self.confederate_cp, after.confederate_cp),
            union_cp: delta(self.union_cp, after.union_cp),
            scouts: delta(self.scouts, after.scouts),
            lee,
            encamp,
        })
    }
}

#[cfg(test)]
mod tests;
