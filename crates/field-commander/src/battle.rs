//! A battle on the Battlefield Sheet: the forces in it, where they stand, and the queries the
//! rules ask of it (totals of combat values, range, Melee, room in a Region), with hit
//! allocation by skill (11.9, 11.10).

use crate::battlefield::{Formation, Region, Step};
use crate::force::{Counter, HitResult, Loyalty, Skill, Strength, suffer_hit};
use companion_core::error::{RuleError, RuleResult};
use serde::{Deserialize, Serialize};

/// One force on the Battlefield Sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Force {
    /// Its number in this battle.
    pub id: u32,
    /// The counter as entered.
    pub counter: Counter,
    /// Which side is face up.
    pub strength: Strength,
    /// Where it stands.
    pub region: Region,
    /// Column or Line (10.3).
    pub formation: Formation,
    /// Hard Cover is attached (14.1.2).
    pub hard_cover: bool,
    /// The Entrench Insight is attached (10.2.12.3).
    pub entrenched: bool,
    /// The Cover Battle Plan Counter is attached and activated (12.3.3).
    pub cover: bool,
}

/// What a Hit did to the battle (11.10, 11.11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HitTaken {
    /// The force hit.
    pub force: u32,
    /// Flipped or destroyed.
    pub result: HitResult,
}

/// The forces on the sheet. Removed forces are gone from `forces`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Field {
    /// Every force on the sheet, in the order it was placed.
    pub forces: Vec<Force>,
    /// Forces that left the sheet behind their own Reserve, back to the campaign map (11.3,
    /// 14.5, 14.5.1), rather than destroyed on it.
    #[serde(default)]
    pub exited: Vec<u32>,
}

fn no_force(id: u32) -> RuleError {
    RuleError::OutOfRange { what: "force", detail: format!("no force {id} on the Battlefield Sheet") }
}

impl Field {
    /// A force by number.
    pub fn get(&self, id: u32) -> RuleResult<&Force> {
        self.forces.iter().find(|f| f.id == id).ok_or_else(|| no_force(id))
    }

    fn get_mut(&mut self, id: u32) -> RuleResult<&mut Force> {
        self.forces.iter_mut().find(|f| f.id == id).ok_or_else(|| no_force(id))
    }

    /// One side's forces.
    pub fn side(&self, side: Loyalty) -> impl Iterator<Item = &Force> {
        self.forces.iter().filter(move |f| f.counter.loyalty == side)
    }

    /// The face-up Combat Value of a force.
    pub fn combat(&self, id: u32) -> RuleResult<u8> {
        let f = self.get(id)?;
        f.counter.face(f.strength)?.combat.get(&f.counter.name, "combat value")
    }

    /// The face-up superscripted value of a force, if any.
    pub fn superior(&self, id: u32) -> RuleResult<Option<u8>> {
        let f = self.get(id)?;
        f.counter.face(f.strength)?.superior.get(&f.counter.name, "superior value")
    }

    /// The face-up Activation number, if any.
    pub fn activation(&self, id: u32) -> RuleResult<Option<u8>> {
        let f = self.get(id)?;
        f.counter.face(f.strength)?.activation.get(&f.counter.name, "activation")
    }

    /// The skill of a force (5.1).
    pub fn skill(&self, id: u32) -> RuleResult<Skill> {
        let f = self.get(id)?;
        f.counter.skill.get(&f.counter.name, "skill")
    }

    /// A side's combined Combat Values, superscripts not counted (10.2.9, 13.0, 14.5).
    pub fn total(&self, side: Loyalty) -> RuleResult<u32> {
        self.side(side).map(|f| self.combat(f.id).map(u32::from)).sum()
    }

    /// A force is in Melee when an opposing force shares its Region (11.5).
    pub fn in_melee(&self, id: u32) -> RuleResult<bool> {
        let f = self.get(id)?;
        Ok(self.side(f.counter.loyalty.opponent()).any(|e| e.region == f.region))
    }

    /// Range to the nearest opposing force, if any remain (14.2).
    pub fn nearest_enemy(&self, id: u32) -> RuleResult<Option<u8>> {
        let f = self.get(id)?;
        Ok(self.side(f.counter.loyalty.opponent()).map(|e| f.region.range(e.region)).min())
    }

    /// Mobile forces of one side in a Region: the ones that count against its limit (10.2.14).
    pub fn mobile_in(&self, side: Loyalty, region: Region) -> usize {
        self.side(side).filter(|f| f.region == region && f.counter.kind.is_mobile()).count()
    }

    /// Whether one more mobile force of `side` fits in `region` (10.2.14).
    pub fn has_room(&self, side: Loyalty, region: Region) -> bool {
        region.limit().is_none_or(|n| self.mobile_in(side, region) < n)
    }

    /// The forces of `side` in `region` with the lowest (or highest) Skill Level; ties are all
    /// returned, in placing order, for the player or a random pick to choose among.
    pub fn by_skill(&self, side: Loyalty, region: Region, highest: bool) -> RuleResult<Vec<u32>> {
        let mut here = Vec::new();
        for f in self.side(side).filter(|f| f.region == region) {
            here.push((self.skill(f.id)?, f.id));
        }
        let pick = if highest { here.iter().map(|h| h.0).max() } else { here.iter().map(|h| h.0).min() };
        Ok(here.into_iter().filter(|h| Some(h.0) == pick).map(|h| h.1).collect())
    }

    /// Flips or destroys a force with one Hit (11.10); a destroyed force leaves the sheet.
    pub fn hit(&mut self, id: u32) -> RuleResult<HitTaken> {
        let f = self.get(id)?;
        let result = suffer_hit(&f.counter, f.strength)?;
        match result {
            HitResult::Flipped => self.get_mut(id)?.strength = Strength::Reduced,
            HitResult::Destroyed => self.forces.retain(|f| f.id != id),
        }
        Ok(HitTaken { force: id, result })
    }

    /// Moves a force one step; off the sheet removes it (11.3). A force that changes Region
    /// loses Hard Cover (14.1.2), Entrench (10.2.12.3) and Cover (12.3.3).
    pub fn step(&mut self, id: u32, to: Step) -> RuleResult<()> {
        match to {
            Step::Into(r) => {
                let f = self.get_mut(id)?;
                if f.region != r {
                    f.region = r;
                    f.hard_cover = false;
                    f.entrenched = false;
                    f.cover = false;
                }
            }
            Step::OffTheSheet => {
                self.get(id)?;
                self.forces.retain(|f| f.id != id);
                self.exited.push(id);
            }
            Step::Stays => {}
        }
        Ok(())
    }

    /// Sets a force's Formation (10.3).
    pub fn set_formation(&mut self, id: u32, formation: Formation) -> RuleResult<()> {
        self.get_mut(id)?.formation = formation;
        Ok(())
    }

    /// Attaches or removes Hard Cover (14.1.2).
    pub fn set_hard_cover(&mut self, id: u32, on: bool) -> RuleResult<()> {
        self.get_mut(id)?.hard_cover = on;
        Ok(())
    }

    /// Hits on the forces of `side` in `region`, lowest Skill Level first (11.9); `tie` picks
    /// among equals (the player's choice or a random pick: index modulo the number tied).
    /// Returns the hits taken; hits left over when the Region empties are returned unspent.
    pub fn allocate(&mut self, side: Loyalty, region: Region, hits: u8, tie: usize) -> RuleResult<(Vec<HitTaken>, u8)> {
        let mut taken = Vec::new();
        let mut left = hits;
        while left > 0 {
            let tied = self.by_skill(side, region, false)?;
            let Some(id) = tie_pick(&tied, tie) else { break };
            taken.push(self.hit(id)?);
            left -= 1;
        }
        Ok((taken, left))
    }
}

/// One of several tied forces: `tie` modulo their number.
pub fn tie_pick(tied: &[u32], tie: usize) -> Option<u32> {
    if tied.is_empty() { None } else { tied.get(tie % tied.len()).copied() }
}
