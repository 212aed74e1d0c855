//! Union Resupply (18.0): the sheet's Command Points, then Refit from the highest Skill Level,
//! Reinforcements drawn from their cup, Additional Forces drawn from theirs, each until one
//! drawn costs more than is left (18.1), then the Union Resupply Table's rolls with their
//! follow-up rolls (18.2, 18.3). Draws are picks into the cups.

use super::*;
use crate::pack::{Resupply, UnionLevel};

/// Where the Union Resupply stands (18.1, 18.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnionStage {
    /// Refit reduced forces (18.1).
    Refit,
    /// Draw Reinforcements (18.1).
    Reinforcements,
    /// Draw Brigades, Regiments and Batteries (18.1).
    Additional,
    /// Roll on the Union Resupply Table; the rolls made so far (18.2).
    Table(u8),
    /// Done.
    Done,
}

/// One step of the Union Resupply, with its draws and rolls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnionResupplyCommand {
    /// Refits every reduced Union Force the Command Points allow, highest Skill Level first;
    /// picks break ties (18.1).
    Refit {
        /// Picks among forces of equal Skill Level.
        picks: Vec<usize>,
    },
    /// Draws a Reinforcement from its cup (18.1).
    DrawReinforcement {
        /// The draw: an index into the cup; then the Area pick.
        picks: Vec<usize>,
    },
    /// Draws a Brigade, Regiment or Battery from the Additional Forces cup (18.1).
    DrawAdditional {
        /// The draw, the Area and the group picks.
        picks: Vec<usize>,
    },
    /// One roll on the Union Resupply Table (18.2) with its follow-up roll (18.3).
    RollTable {
        /// The d10.
        roll: D10,
        /// The follow-up d10, where the result needs one.
        follow_up: Option<D10>,
        /// The draws and the random Areas.
        picks: Vec<usize>,
    },
}

impl Campaign {
    fn resupply_level(&self) -> UnionLevel {
        self.settings.difficulty.resupply
    }

    fn table_rolls(&self) -> RuleResult<u8> {
        let lvl = self.resupply_level();
        self.def.union_resupply_rolls.at(lvl).copied(|| self.def.cell("Union Resupply", format!("rolls ({lvl:?})")))
    }

    /// The start of the Union Resupply: the sheet's Command Points (18.0).
    pub(crate) fn begin_union_resupply(&mut self, r: &mut CampaignReport) -> RuleResult<()> {
        let lvl = self.resupply_level();
        let cp = self
            .def
            .union_cp_per_turn
            .at(lvl)
            .copied(|| self.def.cell("Union Resupply", format!("Command Points ({lvl:?})")))?;
        self.union_cp += cp;
        r.say(format!("Union Resupply: +{cp} Command Points at {lvl:?} (18.0), now {}", self.union_cp));
        self.union_stage = UnionStage::Refit;
        self.skip_empty_stages(r)
    }

    /// Moves past steps with nothing to do: no reduced force, an empty cup, no Command Points.
    fn skip_empty_stages(&mut self, r: &mut CampaignReport) -> RuleResult<()> {
        loop {
            let next = match self.union_stage {
                UnionStage::Refit if self.union_cp < 2 || self.reduced_union().is_empty() => UnionStage::Reinforcements,
                UnionStage::Reinforcements if self.union_cp == 0 || self.cup(&Place::ReinforcementCup).is_empty() => {
                    UnionStage::Additional
                }
                UnionStage::Additional if self.union_cp == 0 || self.cup(&Place::AdditionalCup).is_empty() => {
                    UnionStage::Table(0)
                }
                UnionStage::Table(n) if n >= self.table_rolls()? => UnionStage::Done,
                _ => return Ok(()),
            };
            if next == UnionStage::Table(0) {
                r.say(format!("Next: {} rolls on the Union Resupply Table (18.2)", self.table_rolls()?));
            }
            self.union_stage = next;
        }
    }

    fn reduced_union(&self) -> Vec<u32> {
        self.pieces
            .iter()
            .filter(|p| p.strength == Strength::Reduced && matches!(p.place, Place::Area(_)))
            .filter(|p| self.loyalty(p.id).is_ok_and(|l| l == Loyalty::Union))
            .map(|p| p.id)
            .collect()
    }

    /// Places a Union Force come from a cup or pile: a Named one with its Corps where it can
    /// (18.1, 18.2), else (and every other) in a random Union-Held Area; Additional Forces join
    /// a group there (16.3.3). `None` when no Area can take it.
    fn place_union(
        &mut self,
        id: u32,
        area: Option<String>,
        picks: &mut Picks,
        r: &mut CampaignReport,
    ) -> RuleResult<Option<String>> {
        let d = self.design(id)?.clone();
        let to = if let Some(a) = area {
            Some(a)
        } else {
            let corps_areas: Vec<String> = match (&d.counter.corps, d.echelon) {
                (Some(corps), Echelon::Named) => {
                    let mut areas: Vec<String> = self
                        .pieces
                        .iter()
                        .filter(|p| p.id != id)
                        .filter(|p| {
                            self.design(p.id).is_ok_and(|o| {
                                o.echelon == Echelon::Named
                                    && o.counter.loyalty == Loyalty::Union
                                    && o.counter.corps.as_ref() == Some(corps)
                            })
                        })
                        .filter_map(|p| match &p.place {
                            Place::Area(a) => Some(a.clone()),
                            _ => None,
                        })
                        .collect();
                    areas.sort();
                    areas.dedup();
                    areas
                }
                _ => Vec::new(),
            };
            if corps_areas.is_empty() { picks.one(&self.held_by(Loyalty::Union)) } else { picks.one(&corps_areas) }
        };
        let Some(to) = to else { return Ok(None) };
        let p = self.piece_mut(id)?;
        p.place = Place::Area(to.clone());
        p.strength = Strength::Full;
        r.say(format!("{} placed in {to}", d.counter.name));
        self.join_group(id, &to, picks, r)?;
        Ok(Some(to))
    }

    /// One step of the Union Resupply.
    pub(crate) fn union_resupply(&mut self, cmd: &UnionResupplyCommand, r: &mut CampaignReport) -> RuleResult<()> {
        if self.phase != Phase::UnionResupply {
            return Err(refuse("this is done in the Union Resupply (18.0)"));
        }
        let stage = self.union_stage;
        let wrong = |what: &str| refuse(format!("the Union Resupply is at {stage:?}, not {what} (18.1, 18.2)"));
        match cmd {
            UnionResupplyCommand::Refit { picks } => {
                if stage != UnionStage::Refit {
                    return Err(wrong("Refit"));
                }
                let mut picks = Picks::new(picks);
                let mut left = self.reduced_union();
                while self.union_cp >= 2 && !left.is_empty() {
                    let mut scored = Vec::new();
                    for id in &left {
                        scored.push((self.skill(*id)?, *id));
                    }
                    let top = scored.iter().map(|s| s.0).max();
                    let tied: Vec<u32> = scored.into_iter().filter(|s| Some(s.0) == top).map(|s| s.1).collect();
                    let Some(id) = picks.one(&tied) else { break };
                    left.retain(|x| *x != id);
                    self.union_cp -= 2;
                    self.piece_mut(id)?.strength = Strength::Full;
                    r.say(format!(
                        "{} refitted for 2 Union Command Points, highest Skill Level first (18.1)",
                        self.name(id)
                    ));
                }
                self.union_stage = UnionStage::Reinforcements;
            }
            UnionResupplyCommand::DrawReinforcement { picks } | UnionResupplyCommand::DrawAdditional { picks } => {
                let (cup, want, next, word) = match cmd {
                    UnionResupplyCommand::DrawReinforcement { .. } => {
                        (Place::ReinforcementCup, UnionStage::Reinforcements, UnionStage::Additional, "Reinforcement")
                    }
                    _ => (Place::AdditionalCup, UnionStage::Additional, UnionStage::Table(0), "Additional Force"),
                };
                if stage != want {
                    return Err(wrong(word));
                }
                let mut picks = Picks::new(picks);
                let Some(id) = picks.one(&self.cup(&cup)) else {
                    self.union_stage = next;
                    return self.skip_empty_stages(r);
                };
                let cost = u32::from(self.counter(id)?.full.combat.get(&self.name(id), "combat value")?);
                if cost > self.union_cp {
                    r.say(format!(
                        "Drew {} ({cost}): more than the {} Union Command Points left; it goes back and the drawing stops (18.1)",
                        self.name(id),
                        self.union_cp
                    ));
                    self.union_stage = next;
                } else {
                    self.union_cp -= cost;
                    r.say(format!(
                        "Drew {} from the cup and bought it for {cost} Command Points (18.1)",
                        self.name(id)
                    ));
                    if self.place_union(id, None, &mut picks, r)?.is_none() {
                        self.union_cp += cost;
                        r.say("No Union-Held Area to place it in: it goes back and the drawing stops (18.1)");
                        self.union_stage = next;
                    }
                }
            }
            UnionResupplyCommand::RollTable { roll, follow_up, picks } => {
                let UnionStage::Table(n) = stage else { return Err(wrong("the Union Resupply Table")) };
                let cell = || self.def.cell("Union Resupply Table", format!("roll {}", roll.value()));
                let row = self
                    .def
                    .union_resupply
                    .rows
                    .get(usize::from(roll.value() - 1))
                    .ok_or_else(|| RuleError::Missing(cell()))?
                    .get(cell)?
                    .clone();
                r.rolled(format!("Union Resupply Table, roll {}", n + 1), *roll);
                r.say(format!("Union Resupply Table: {} gives \u{201c}{}\u{201d} (18.2)", roll.value(), row.words()));
                self.resupply_result(&row, *follow_up, &mut Picks::new(picks), r)?;
                self.union_stage = UnionStage::Table(n + 1);
            }
        }
        self.skip_empty_stages(r)
    }

    fn resupply_result(
        &mut self,
        row: &Resupply,
        follow_up: Option<D10>,
        picks: &mut Picks,
        r: &mut CampaignReport,
    ) -> RuleResult<()> {
        let need = || refuse("roll the follow-up d10 (18.3)");
        match row {
            Resupply::Nothing => r.say("Nothing this roll"),
            Resupply::Text(words) => r.say(format!("\u{201c}{words}\u{201d}: apply it by hand")),
            Resupply::CommandPoints(n) => {
                self.union_cp += u32::from(*n);
                r.say(format!("+{n} Union Command Points, spent from the next Union Resupply (18.0)"));
            }
            Resupply::Additional { echelon, count, arm } => {
                for _ in 0..*count {
                    let cands: Vec<u32> = self
                        .cup(&Place::AdditionalCup)
                        .into_iter()
                        .filter(|id| {
                            self.design(*id)
                                .is_ok_and(|d| d.echelon == *echelon && arm.is_none_or(|k| d.counter.kind == k))
                        })
                        .collect();
                    let Some(id) = picks.one(&cands) else {
                        r.say(format!("No {echelon:?} counter left: the result is ignored, not re-rolled (18.2)"));
                        break;
                    };
                    if self.place_union(id, None, picks, r)?.is_none() {
                        r.say("No Union-Held Area: the result is ignored (18.3)");
                    }
                }
            }
            Resupply::Battery(values) => {
                let f = follow_up.ok_or_else(need)?;
                r.rolled("Union Resupply follow-up", f);
                let cell = || self.def.cell("Union Resupply Table, Battery follow-up", format!("roll {}", f.value()));
                let cv =
                    values.get(usize::from(f.value() - 1)).ok_or_else(|| RuleError::Missing(cell()))?.copied(cell)?;
                let mut by_cv = Vec::new();
                for id in self.cup(&Place::AdditionalCup) {
                    if self.design(id)?.echelon == Echelon::Battery {
                        let v = self.combat(id)?;
                        if v <= cv {
                            by_cv.push((v, id));
                        }
                    }
                }
                let best = by_cv.iter().map(|b| b.0).max();
                let cands: Vec<u32> = by_cv.into_iter().filter(|b| Some(b.0) == best).map(|b| b.1).collect();
                match picks.one(&cands) {
                    Some(id) => {
                        r.say(format!("A Battery of Combat Value {cv} (18.3); {} from the cup", self.name(id)));
                        if self.place_union(id, None, picks, r)?.is_none() {
                            r.say("No Union-Held Area: the result is ignored (18.3)");
                        }
                    }
                    None => {
                        r.say(format!("No Battery of Combat Value {cv} or lower left: ignored, not re-rolled (18.2)"))
                    }
                }
            }
            Resupply::Reinforcement => match picks.one(&self.cup(&Place::ReinforcementCup)) {
                Some(id) => {
                    if self.place_union(id, None, picks, r)?.is_none() {
                        r.say("No Union-Held Area: the result is ignored (18.3)");
                    }
                }
                None => r.say("The Reinforcement cup is empty: ignored (18.2)"),
            },
            Resupply::Static(kind, areas) => {
                let cands: Vec<u32> = self
                    .cup(&Place::StaticPile)
                    .into_iter()
                    .filter(|id| self.counter(*id).is_ok_and(|c| c.kind == *kind))
                    .collect();
                let Some(id) = picks.one(&cands) else {
                    r.say(format!("No Union {kind:?} left in the Static Forces Pile: ignored (18.2)"));
                    return Ok(());
                };
                let mut area = None;
                if !areas.is_empty() {
                    let f = follow_up.ok_or_else(need)?;
                    r.rolled("Union Resupply follow-up", f);
                    let cell = || {
                        self.def
                            .cell(format!("Union Resupply Table, {kind:?} follow-up"), format!("roll {}", f.value()))
                    };
                    let a = areas
                        .get(usize::from(f.value() - 1))
                        .ok_or_else(|| RuleError::Missing(cell()))?
                        .get(cell)?
                        .clone();
                    if self.holder(&a) == Some(Loyalty::Confederate)
                        || !self.in_area(&a, Loyalty::Confederate).is_empty()
                    {
                        r.say(format!("{a} has Confederate Forces: a random Union-Held Area instead (18.3)"));
                    } else {
                        area = Some(a);
                    }
                }
                if self.place_union(id, area, picks, r)?.is_none() {
                    r.say("No Area the Force can be placed in: ignored, not re-rolled (18.3)");
                }
            }
        }
        Ok(())
    }
}
