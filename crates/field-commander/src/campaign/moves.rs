//! Confederate Moves (9.2), the Forced March with Jackson's rule (15.1, 15.1.1) and Late
//! Arrivals (7.9).

use super::*;
use crate::pack::{ArrivalWhen, ArrivalWhere};

impl Campaign {
    /// The Area all of `forces` stand in, each a Confederate Mobile Force on the map not yet
    /// moved this step; with none, Lee's Area.
    fn movers_area(&self, forces: &[u32], lee: bool, step: &str) -> RuleResult<String> {
        let mut from: Option<String> = None;
        for (i, id) in forces.iter().enumerate() {
            if forces[..i].contains(id) {
                return Err(refuse(format!("{} is listed twice", self.name(*id))));
            }
            let c = self.counter(*id)?;
            if c.loyalty != Loyalty::Confederate {
                return Err(refuse(format!("{} is a Union Force", c.name)));
            }
            if !c.kind.is_mobile() {
                return Err(refuse(format!("{} is a Static Force: it never moves (6.2)", c.name)));
            }
            let Place::Area(a) = &self.piece(*id)?.place else {
                return Err(refuse(format!("{} is not on the campaign map", c.name)));
            };
            if self.acted.contains(id) {
                return Err(refuse(format!("{} has moved in the {step} already", c.name)));
            }
            match &from {
                Some(f) if f != a => return Err(refuse("forces that move together start in the same Area")),
                _ => from = Some(a.clone()),
            }
        }
        match (from, lee, &self.lee) {
            (Some(f), true, Some(l)) if &f != l => Err(refuse(format!("Robert E. Lee is in {l}, not {f}"))),
            (Some(f), _, _) => Ok(f),
            (None, true, Some(l)) => Ok(l.clone()),
            (None, true, None) => Err(refuse("Robert E. Lee is not on the map")),
            (None, false, _) => Err(refuse("choose the forces to move")),
        }
    }

    /// Refuses a move that would leave Robert E. Lee alone: the campaign would be lost (3.2);
    /// no player makes it on purpose (9.2, Design Note; ruling "Lee alone").
    fn lee_left_alone(&self, forces: &[u32], lee: bool, from: &str, to: &str) -> RuleResult<()> {
        let Some(at) = &self.lee else { return Ok(()) };
        let end = if lee { to } else { at.as_str() };
        let staying = self
            .in_area(end, Loyalty::Confederate)
            .into_iter()
            .filter(|id| end != from || !forces.contains(id))
            .count();
        let arriving = if end == to { forces.len() } else { 0 };
        if staying + arriving == 0 {
            return Err(refuse(format!(
                "that would leave Robert E. Lee alone in {end}: the campaign would be lost (3.2); move him with them"
            )));
        }
        Ok(())
    }

    /// Moves Confederate Forces (and Lee) to an adjacent Area, free (9.2).
    pub(crate) fn confederate_move(
        &mut self,
        forces: &[u32],
        lee: bool,
        to: &str,
        r: &mut CampaignReport,
    ) -> RuleResult<()> {
        let from = self.movers_area(forces, lee, "Moves step")?;
        if !self.def.map.adjacent(&from, to) {
            return Err(refuse(format!("{to} is not adjacent to {from} (9.2)")));
        }
        self.lee_left_alone(forces, lee, &from, to)?;
        self.relocate(forces, lee, to);
        r.say(format!("{} {from} \u{2192} {to} (9.2, no cost)", self.movers(forces, lee)));
        self.note_entered(to, forces, r);
        if !self.in_area(to, Loyalty::Union).is_empty() {
            r.say(format!("Union Forces are in {to}: a battle will be fought (9.3)"));
        }
        Ok(())
    }

    fn relocate(&mut self, forces: &[u32], lee: bool, to: &str) {
        for p in self.pieces.iter_mut().filter(|p| forces.contains(&p.id)) {
            p.place = Place::Area(to.to_string());
        }
        self.acted.extend_from_slice(forces);
        if lee {
            self.lee = Some(to.to_string());
        }
    }

    fn movers(&self, forces: &[u32], lee: bool) -> String {
        let mut names: Vec<String> = forces.iter().map(|id| self.name(*id)).collect();
        if lee {
            names.push("Robert E. Lee".into());
        }
        names.join(", ")
    }

    /// The Forced March (15.1): 1 Command Point a force (Lee free), one Area; Jackson's Forces
    /// not yet hit two Areas for the same cost if the first holds no Union Force (15.1.1).
    pub(crate) fn forced_march(
        &mut self,
        forces: &[u32],
        lee: bool,
        path: &[String],
        r: &mut CampaignReport,
    ) -> RuleResult<()> {
        let from = self.movers_area(forces, lee, "Forced March step")?;
        let (first, second) = match path {
            [a] => (a, None),
            [a, b] => (a, Some(b)),
            _ => return Err(refuse("a Forced March moves one Area, or two for Jackson's Forces (15.1, 15.1.1)")),
        };
        if !self.def.map.adjacent(&from, first) {
            return Err(refuse(format!("{first} is not adjacent to {from} (15.1)")));
        }
        if let Some(second) = second {
            if lee {
                return Err(refuse("Robert E. Lee Force Marches one Area (15.1)"));
            }
            for id in forces {
                let jackson = self.counter(*id)?.corps.as_deref() == Some("J");
                if !jackson || self.piece(*id)?.strength != Strength::Full {
                    return Err(refuse(format!(
                        "{} may not march two Areas: only Jackson's Forces (\u{2018}J\u{2019}) that have not suffered a Hit (15.1.1)",
                        self.name(*id)
                    )));
                }
            }
            if !self.def.map.adjacent(first, second) {
                return Err(refuse(format!("{second} is not adjacent to {first} (15.1.1)")));
            }
            if !self.in_area(first, Loyalty::Union).is_empty() {
                return Err(refuse(format!(
                    "Union Forces are in {first}: Jackson's Forces stop there and fight once the other Forced Marches are done (15.1.1)"
                )));
            }
        }
        let to = second.unwrap_or(first);
        let cost = u32::try_from(forces.len()).unwrap_or(u32::MAX);
        if cost > self.confederate_cp {
            return Err(refuse(format!(
                "a Forced March of {cost} forces costs {cost} Command Points; you have {} (15.1)",
                self.confederate_cp
            )));
        }
        self.lee_left_alone(forces, lee, &from, to)?;
        self.confederate_cp -= cost;
        self.relocate(forces, lee, to);
        r.say(format!(
            "{} force march {from} \u{2192} {} for {cost} Command Points (15.1{})",
            self.movers(forces, lee),
            path.join(" \u{2192} "),
            if second.is_some() { ", 15.1.1" } else { "" }
        ));
        if second.is_some() {
            self.note_entered(first, forces, r);
        }
        self.note_entered(to, forces, r);
        if !self.in_area(to, Loyalty::Union).is_empty() {
            r.say(format!("Union Forces are in {to}: a battle will be fought (15.2)"));
        }
        Ok(())
    }

    /// Late Arrivals due when the Turn counter enters this box, at a named Area (7.9).
    pub(crate) fn arrivals_on_turn(&mut self, r: &mut CampaignReport) -> RuleResult<()> {
        let due: Vec<(usize, ArrivalWhere)> = self
            .def
            .late_arrivals
            .iter()
            .enumerate()
            .filter(|(i, l)| {
                matches!(l.when, ArrivalWhen::Turn(t) if t == self.turn)
                    && self.arrivals.get(*i).is_some_and(|s| !s.arrived)
            })
            .map(|(i, l)| (i, l.area.clone()))
            .collect();
        for (i, area) in due {
            match area {
                ArrivalWhere::Area(a) => self.place_arrival(i, &a, r)?,
                _ => r.say(format!("Late Arrival {} is due this turn: choose its Area (7.9)", i + 1)),
            }
        }
        Ok(())
    }

    fn place_arrival(&mut self, i: usize, area: &str, r: &mut CampaignReport) -> RuleResult<()> {
        let keys = self.def.late_arrivals.get(i).map(|l| l.forces.clone()).unwrap_or_default();
        let mut placed = Vec::new();
        for key in keys {
            let Some(design) = self.counters.iter().position(|d| d.key == key) else { continue };
            let found = self.pieces.iter().find(|p| p.design == design && p.place == Place::Waiting).map(|p| p.id);
            if let Some(id) = found {
                self.piece_mut(id)?.place = Place::Area(area.to_string());
                placed.push(id);
            }
        }
        for id in &placed {
            if self.is_union_additional(*id) {
                self.join_group(*id, area, &mut Picks::new(&[]), r)?;
            }
        }
        if let Some(s) = self.arrivals.get_mut(i) {
            s.arrived = true;
        }
        let names: Vec<String> = placed.iter().map(|id| self.name(*id)).collect();
        r.say(format!("Late Arrivals enter {area}: {} (7.9)", names.join(", ")));
        self.note_entered(area, &placed, r);
        Ok(())
    }

    /// A Late Arrival placed by the player: its roll (7.9 "roll d10 against a target number"),
    /// its condition met, or its Area chosen.
    pub(crate) fn arrive(
        &mut self,
        i: usize,
        roll: Option<D10>,
        area: Option<&str>,
        r: &mut CampaignReport,
    ) -> RuleResult<()> {
        let l = self.def.late_arrivals.get(i).cloned().ok_or_else(|| refuse(format!("no Late Arrival {}", i + 1)))?;
        let state = self.arrivals.get(i).copied().unwrap_or_default();
        if state.arrived {
            return Err(refuse(format!("Late Arrival {} is on the map already", i + 1)));
        }
        match &l.when {
            ArrivalWhen::Turn(t) if self.turn < *t => {
                return Err(refuse(format!("Late Arrival {} comes on Turn {t} (7.9)", i + 1)));
            }
            ArrivalWhen::Turn(_) | ArrivalWhen::Condition(_) => {}
            ArrivalWhen::RollFromTurn { turn, target } => {
                if self.turn < *turn {
                    return Err(refuse(format!("the roll for Late Arrival {} starts on Turn {turn} (7.9)", i + 1)));
                }
                if self.phase != Phase::ConfederateMoves {
                    return Err(refuse("the arrival roll is made at the start of the turn, in the Moves step (7.9)"));
                }
                if state.rolled_on == Some(self.turn) {
                    return Err(refuse(format!("Late Arrival {} was rolled for this turn (7.9)", i + 1)));
                }
                let roll = roll.ok_or_else(|| refuse("roll the d10 for the Late Arrival (7.9)"))?;
                let target = target.copied(|| self.def.cell(format!("Late Arrivals, {}", i + 1), "target number"))?;
                r.rolled(format!("Late Arrival {}", i + 1), roll);
                if let Some(s) = self.arrivals.get_mut(i) {
                    s.rolled_on = Some(self.turn);
                }
                if !roll.at_most(i32::from(target)) {
                    r.say(format!("Late Arrival {}: {} against {target}: not this turn (7.9)", i + 1, roll.value()));
                    return Ok(());
                }
                r.say(format!("Late Arrival {}: {} against {target}: they arrive (7.9)", i + 1, roll.value()));
            }
        }
        let to = match &l.area {
            ArrivalWhere::Area(a) => a.clone(),
            ArrivalWhere::ConfederateHeld | ArrivalWhere::PlayerChoice => {
                area.ok_or_else(|| refuse(format!("choose the Area for Late Arrival {} (7.9)", i + 1)))?.to_string()
            }
        };
        if !self.def.map.enterable(&to) {
            return Err(refuse(format!("no Area {to} that forces may enter (2.1)")));
        }
        if l.area == ArrivalWhere::ConfederateHeld && self.holder(&to) != Some(Loyalty::Confederate) {
            return Err(refuse(format!("{to} is not Held by Confederate Forces (7.9)")));
        }
        self.place_arrival(i, &to, r)
    }
}
