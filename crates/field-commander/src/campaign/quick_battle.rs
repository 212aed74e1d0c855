//! A battle fought with the Very Quick or Quick Battle Rules (part two) inside a Resolve
//! Battles step: Fog of War with Scout re-rolls and its event, the Envelopment Check, then one
//! roll (Very Quick) or Battle Turn after Battle Turn with Rout checks and the player's choice
//! to retreat (Quick), then the Withdrawal.

use super::*;
use crate::outcome::{Withdrawal, WithdrawalCheck, points_for_rout_or_envelopment, withdrawal_check};
use crate::prebattle::{fog_of_war, fog_roll_kept, three_to_one};
use crate::quick::{self, Column, Shift, Target};

/// Where a Quick battle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum QuickStage {
    /// Roll for Fog of War, re-rolling with Scouts (10.2.1-10.2.3).
    FogOfWar,
    /// Resolve the Battle Turn's (or the single) roll.
    Fight,
    /// This side has Routed: its forces leave (14.5 (Quick)).
    Routed(Loyalty),
    /// Battle Turns remain: retreat or fight on (14.5.1, 14.6 (Quick)).
    Decide,
    /// Into the Withdrawal box (14.8).
    Withdrawal,
}

/// A Quick or Very Quick battle in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuickBattle {
    /// The Battle Location Area.
    pub area: String,
    /// The Very Quick rules (one roll) rather than the Quick ones.
    pub very_quick: bool,
    /// The Attacker of the first Battle Turn: the side whose phase it is (14.8.4 (Quick)).
    pub first_attacker: Loyalty,
    /// Where it stands.
    pub stage: QuickStage,
    /// The Fog of War rolls made; the last stands (10.2.2).
    pub fog_rolls: Vec<D10>,
    /// The Battle Turns (the Very Quick multiplier).
    pub turns: u8,
    /// The Battle Turn being fought.
    pub turn: u8,
    /// Union column shifts from Fog of War.
    pub union_shifts: u8,
    /// The Confederate shift from Fog of War is still to be used.
    pub confederate_shift: bool,
    /// Robert E. Lee is at the battle.
    pub lee_present: bool,
}

/// A step of a Quick or Very Quick battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum QuickCommand {
    /// Starts the battle in an Area with both sides' Forces (9.3, 15.2, 17.0).
    Begin {
        /// The Battle Location Area.
        area: String,
    },
    /// A Fog of War roll; each after the first spends a Scout (10.2.1, 10.2.2).
    FogRoll {
        /// The d10.
        roll: D10,
    },
    /// Keeps the last roll: its event and the Envelopment Check (10.2.4-10.2.9).
    FogEvent(FogChoices),
    /// The roll of a Battle Turn (Quick) or of the whole battle (Very Quick).
    Fight {
        /// The d10 on the Battle Resolution Table.
        roll: D10,
        /// Uses the Confederate shift from Fog of War now, this way.
        confederate_shift: Option<Shift>,
        /// The player's choices among Union forces of equal Skill Level (11.9 (Quick)).
        union_picks: Vec<usize>,
        /// Random picks among Confederate forces of equal Skill Level (11.9 (Quick)).
        confederate_picks: Vec<usize>,
    },
    /// The Routed army leaves (14.5 (Quick)): Union forces to random Areas, Confederate ones
    /// to the Areas the player chooses.
    Rout {
        /// Random picks of the Union forces' Areas.
        union_picks: Vec<usize>,
        /// Each Confederate Mobile Force's Area.
        confederate_to: Vec<(u32, String)>,
    },
    /// The player retreats instead of fighting on (14.5.1 (Quick)).
    Retreat {
        /// Each Confederate Mobile Force's Area.
        confederate_to: Vec<(u32, String)>,
    },
    /// Fights another Battle Turn (14.6 (Quick)).
    NextTurn,
    /// The Withdrawal (14.8): the table's roll unless one side is at 2:1.
    Withdraw {
        /// The d10 on the campaign's Withdrawal table.
        roll: Option<D10>,
        /// Very Quick: on Rejoin, retreat instead (14.8.1 (Very Quick)).
        retreat_instead: bool,
        /// The random Area of a Retreat.
        picks: Vec<usize>,
    },
}

impl Campaign {
    fn quick(&self) -> RuleResult<QuickBattle> {
        self.battle.clone().ok_or_else(|| refuse("no Quick battle is being fought: begin one"))
    }

    fn quick_stage(&self, want: QuickStage, what: &str) -> RuleResult<QuickBattle> {
        let b = self.quick()?;
        if b.stage != want {
            return Err(refuse(format!("the battle is at {:?}, not {what}", b.stage)));
        }
        Ok(b)
    }

    fn totals(&self, area: &str) -> RuleResult<(u32, u32)> {
        Ok((self.total(&self.in_area(area, Loyalty::Union))?, self.total(&self.in_area(area, Loyalty::Confederate))?))
    }

    fn targets(&self, area: &str, side: Loyalty) -> RuleResult<Vec<Target>> {
        self.in_area(area, side)
            .into_iter()
            .map(|id| Ok(Target { id, counter: self.counter(id)?.clone(), strength: self.piece(id)?.strength }))
            .collect()
    }

    /// One step of a Quick or Very Quick battle.
    pub(crate) fn quick_step(&mut self, cmd: &QuickCommand, r: &mut CampaignReport) -> RuleResult<()> {
        if self.settings.battles == BattleRules::Basic {
            return Err(refuse("this campaign fights its battles on the Battlefield Sheet (the Basic rules)"));
        }
        if !self.phase.resolves_battles() {
            return Err(refuse("battles are resolved in the Resolve Battles steps (9.3, 15.2, 17.0)"));
        }
        match cmd {
            QuickCommand::Begin { area } => {
                if self.battle.is_some() {
                    return Err(refuse("a battle is being fought: finish it first"));
                }
                if !self.pending_battles().contains(area) {
                    return Err(refuse(format!("there is no battle to resolve in {area}")));
                }
                self.begin_quick(area, self.phase.side(), r);
            }
            QuickCommand::FogRoll { roll } => {
                let mut b = self.quick_stage(QuickStage::FogOfWar, "Fog of War")?;
                if !b.fog_rolls.is_empty() {
                    if self.scouts == 0 {
                        return Err(refuse("a re-roll spends a Scout; you have none (10.2.2)"));
                    }
                    self.scouts -= 1;
                    r.say("A Scout spent to re-roll Fog of War; the new roll stands (10.2.2)");
                }
                b.fog_rolls.push(*roll);
                r.rolled("Fog of War", *roll);
                let row = fog_of_war(self.settings.difficulty.fog, *roll, self.hard_fog_row_9.value().copied())?;
                r.say(format!(
                    "Fog of War {}: {} Battle Turns, {} ({:?} table, 10.2.6-10.2.8)",
                    roll.value(),
                    row.turns,
                    super::fog::fog_words(row.event),
                    self.settings.difficulty.fog
                ));
                self.battle = Some(b);
            }
            QuickCommand::FogEvent(choices) => {
                let mut b = self.quick_stage(QuickStage::FogOfWar, "Fog of War")?;
                let (kept, _) = fog_roll_kept(&b.fog_rolls, u32::MAX)?;
                let row = fog_of_war(self.settings.difficulty.fog, kept, self.hard_fog_row_9.value().copied())?;
                b.turns = quick::battle_turns(row.turns);
                r.say(format!(
                    "{} Battle Turns less two: {} (Fog of War and Battle Turns (Very Quick); the Quick example does the same)",
                    row.turns, b.turns
                ));
                let fx = self.fog_effects(row.event, &b.area.clone(), choices, r)?;
                b.union_shifts += fx.union_shift;
                b.confederate_shift |= fx.confederate_shift;
                b.stage = QuickStage::Fight;
                b.turn = 1;
                let area = b.area.clone();
                self.battle = Some(b);
                self.envelopment(&area, r)?;
            }
            QuickCommand::Fight { roll, confederate_shift, union_picks, confederate_picks } => {
                self.quick_fight(*roll, *confederate_shift, union_picks, confederate_picks, r)?;
            }
            QuickCommand::Rout { union_picks, confederate_to } => {
                let b = self.quick()?;
                let QuickStage::Routed(side) = b.stage else {
                    return Err(refuse(format!("no army has Routed (the battle is at {:?})", b.stage)));
                };
                match side {
                    Loyalty::Union => self.union_routs(&b.area, &mut Picks::new(union_picks), r)?,
                    Loyalty::Confederate => self.confederate_leaves(&b.area, confederate_to, r)?,
                }
                self.battle = None;
                r.say(format!("The battle in {} ends: the {side:?} forces are Routed (14.7 (Quick))", b.area));
            }
            QuickCommand::Retreat { confederate_to } => {
                let b = self.quick_stage(QuickStage::Decide, "the choice to retreat")?;
                r.say("The player retreats: the Confederate Forces leave as 14.5 guides (14.5.1 (Quick); ruling \u{201c}Voluntary Retreat\u{201d})");
                self.destroy_statics(Loyalty::Confederate, &b.area, r)?;
                self.capture_guns(Loyalty::Confederate, &b.area, r)?;
                self.confederate_leaves(&b.area, confederate_to, r)?;
                self.battle = None;
            }
            QuickCommand::NextTurn => {
                let mut b = self.quick_stage(QuickStage::Decide, "the choice to fight on")?;
                b.turn += 1;
                b.stage = QuickStage::Fight;
                r.say(format!("Battle Turn {} of {} (14.6 (Quick))", b.turn, b.turns));
                self.battle = Some(b);
            }
            QuickCommand::Withdraw { roll, retreat_instead, picks } => {
                self.quick_withdraw(*roll, *retreat_instead, picks, r)?;
            }
        }
        Ok(())
    }

    fn begin_quick(&mut self, area: &str, attacker: Loyalty, r: &mut CampaignReport) {
        let very_quick = self.settings.battles == BattleRules::VeryQuick;
        let lee_present = self.lee.as_deref() == Some(area);
        r.say(format!(
            "A {} battle in {area}: the {attacker:?} forces attack, as it is their phase (Determine Attacker; 14.8.4 (Quick)){}",
            if very_quick { "Very Quick" } else { "Quick" },
            if lee_present { "; Robert E. Lee is present" } else { "" }
        ));
        self.battle = Some(QuickBattle {
            area: area.to_string(),
            very_quick,
            first_attacker: attacker,
            stage: QuickStage::FogOfWar,
            fog_rolls: Vec::new(),
            turns: 1,
            turn: 1,
            union_shifts: 0,
            confederate_shift: false,
            lee_present,
        });
    }

    /// The Envelopment Check (10.2.9): the weaker side at 3:1 or worse is destroyed outright,
    /// its Artillery destroyed, not captured; the winner gains its Command Points (15.3, 18.4).
    fn envelopment(&mut self, area: &str, r: &mut CampaignReport) -> RuleResult<()> {
        let (union, confederate) = self.totals(area)?;
        let Some(loser) = three_to_one(union, confederate) else {
            r.say(format!(
                "Envelopment Check: {union} Union against {confederate} Confederate, no Envelopment (10.2.9)"
            ));
            return Ok(());
        };
        let winner = loser.opponent();
        r.say(format!(
            "Envelopment Check: {union} Union against {confederate} Confederate: the {loser:?} forces are Enveloped and destroyed (10.2.9)"
        ));
        for id in self.in_area(area, loser) {
            let to = self.destroyed_place(id)?;
            self.remove_to(id, to)?;
        }
        let cp = points_for_rout_or_envelopment(winner);
        match winner {
            Loyalty::Union => self.union_cp += cp,
            Loyalty::Confederate => self.confederate_cp += cp,
        }
        r.say(format!("The {winner:?} forces gain {cp} Command Points for the Envelopment (15.3, 18.4)"));
        self.battle = None;
        Ok(())
    }

    fn quick_fight(
        &mut self,
        roll: D10,
        confederate_shift: Option<Shift>,
        union_picks: &[usize],
        confederate_picks: &[usize],
        r: &mut CampaignReport,
    ) -> RuleResult<()> {
        let mut b = self.quick_stage(QuickStage::Fight, "a Battle Turn")?;
        if confederate_shift.is_some() && !b.confederate_shift {
            return Err(refuse("no Confederate BRT shift is available (Fog of War and Battle Turns)"));
        }
        let area = b.area.clone();
        let (union, confederate) = self.totals(&area)?;
        let attacker =
            if b.very_quick { b.first_attacker } else { quick::attacker(b.turn, b.first_attacker, union, confederate) };
        let (attacker_cv, defender_cv) =
            if attacker == Loyalty::Union { (union, confederate) } else { (confederate, union) };
        let column = Column {
            attacker,
            attacker_cv,
            defender_cv,
            lee_present: b.lee_present,
            union_shifts: b.union_shifts,
            confederate_shift,
        };
        let multiplier = if b.very_quick { b.turns } else { 1 };
        let reading = quick::read(&self.def.brt, &self.def.name, &column, roll, multiplier)?;
        r.rolled("Battle Resolution Table", roll);
        if !b.very_quick {
            r.say(format!(
                "Battle Turn {} of {}: the {attacker:?} forces attack (Determine Attacker (Quick))",
                b.turn, b.turns
            ));
        }
        for l in &reading.lines {
            r.say(l.clone());
        }
        if confederate_shift.is_some() {
            b.confederate_shift = false;
        }
        // All Hits fall at once (11.10 (Very Quick)): each side's allocation is worked out on
        // the forces as they stood.
        let (union_hits, confederate_hits) = if attacker == Loyalty::Union {
            (reading.attacker_hits, reading.defender_hits)
        } else {
            (reading.defender_hits, reading.attacker_hits)
        };
        let on_union = quick::allocate(&self.targets(&area, Loyalty::Union)?, union_hits, union_picks)?;
        let on_confederates =
            quick::allocate(&self.targets(&area, Loyalty::Confederate)?, confederate_hits, confederate_picks)?;
        for (id, result) in on_union.iter().chain(on_confederates.iter()) {
            match result {
                crate::force::HitResult::Flipped => {
                    self.piece_mut(*id)?.strength = Strength::Reduced;
                    r.say(format!("{} takes a Hit: reduced (11.10)", self.name(*id)));
                }
                crate::force::HitResult::Destroyed => {
                    let to = self.destroyed_place(*id)?;
                    r.say(format!(
                        "{} takes a Hit: destroyed, {} (11.11 (Very Quick))",
                        self.name(*id),
                        super::fog::place_words(&to)
                    ));
                    self.remove_to(*id, to)?;
                }
            }
        }
        for (side, hits, taken) in [
            (Loyalty::Union, union_hits, on_union.len()),
            (Loyalty::Confederate, confederate_hits, on_confederates.len()),
        ] {
            let spare = hits.saturating_sub(u32::try_from(taken).unwrap_or(u32::MAX));
            if spare > 0 {
                r.say(format!(
                    "{spare} Hits on the {side:?} forces are discounted: none of their forces is left (11.10 (Very Quick))"
                ));
            }
        }
        let (union, confederate) = self.totals(&area)?;
        r.say(format!("Now {union} Union against {confederate} Confederate"));
        // An army destroyed leaves nothing to withdraw: the battle ends with the other side's
        // forces in the Battle Location Area (14.7, 14.7 (Quick) iii, 11.10 (Very Quick)).
        let union_left = !self.in_area(&area, Loyalty::Union).is_empty();
        let confederates_left = !self.in_area(&area, Loyalty::Confederate).is_empty();
        if !union_left || !confederates_left {
            let gone = match (union_left, confederates_left) {
                (false, false) => "Both armies are destroyed".to_string(),
                (false, true) => "The whole Union army is destroyed".to_string(),
                _ => "The whole Confederate army is destroyed".to_string(),
            };
            let rule = if b.very_quick { "14.7, 14.7 (Very Quick)" } else { "14.7 (Quick)" };
            let stays = match (union_left, confederates_left) {
                (true, false) => format!("; the Union forces stay in {area}"),
                (false, true) => format!("; the Confederate forces stay in {area}"),
                _ => String::new(),
            };
            r.say(format!(
                "{gone}: the battle ends with no Withdrawal ({rule}){stays}; no Rout is counted (ruling \u{201c}Destroyed to the last\u{201d})"
            ));
            self.battle = None;
            return Ok(());
        }
        if b.very_quick {
            b.stage = QuickStage::Withdrawal;
            r.say("The Very Quick battle ends with its one roll (14.7 (Very Quick)); on to the Withdrawal (14.8)");
            self.battle = Some(b);
            return Ok(());
        }
        if let Some(routed) = three_to_one(union, confederate) {
            let winner = routed.opponent();
            let cp = points_for_rout_or_envelopment(winner);
            match winner {
                Loyalty::Union => self.union_cp += cp,
                Loyalty::Confederate => self.confederate_cp += cp,
            }
            r.say(format!("The {routed:?} forces are Routed at 3:1 (14.5 (Quick)); the {winner:?} forces gain {cp} Command Points (15.3, 18.4)"));
            self.destroy_statics(routed, &area, r)?;
            self.capture_guns(routed, &area, r)?;
            b.stage = QuickStage::Routed(routed);
        } else if b.turn < b.turns {
            b.stage = QuickStage::Decide;
            r.say(format!("{} Battle Turns remain: retreat or fight on (14.5.1, 14.6 (Quick))", b.turns - b.turn));
        } else {
            b.stage = QuickStage::Withdrawal;
            r.say("The Battle Turn counter enters the Withdrawal box (14.6, 14.8 (Quick))");
        }
        self.battle = Some(b);
        Ok(())
    }

    fn quick_withdraw(
        &mut self,
        roll: Option<D10>,
        retreat_instead: bool,
        picks: &[usize],
        r: &mut CampaignReport,
    ) -> RuleResult<()> {
        let b = self.quick_stage(QuickStage::Withdrawal, "the Withdrawal")?;
        let area = b.area.clone();
        let (union, confederate) = self.totals(&area)?;
        let mut picks = Picks::new(picks);
        let result = match withdrawal_check(union, confederate) {
            WithdrawalCheck::Retreats(side) => {
                r.say(format!(
                    "{union} Union against {confederate} Confederate: the {side:?} forces are at 2:1 and Retreat (14.8)"
                ));
                if side == Loyalty::Union { Withdrawal::UnionRetreat } else { Withdrawal::ConfederateRetreat }
            }
            WithdrawalCheck::Roll => {
                let roll = roll.ok_or_else(|| refuse("roll the d10 on the Withdrawal table (14.8)"))?;
                let cell = || self.def.cell("Withdrawal table", format!("roll {}", roll.value()));
                let w = self
                    .def
                    .withdrawal
                    .rows
                    .get(usize::from(roll.value() - 1))
                    .ok_or_else(|| RuleError::Missing(cell()))?
                    .copied(cell)?;
                r.rolled("Withdrawal", roll);
                r.say(format!(
                    "Withdrawal table: {} gives {} (14.8)",
                    roll.value(),
                    crate::ending::withdrawal_words(w)
                ));
                w
            }
        };
        if retreat_instead && !(b.very_quick && result == Withdrawal::Rejoin) {
            return Err(refuse(
                "only a Rejoin under the Very Quick rules may be turned into a Retreat (14.8.1 (Very Quick))",
            ));
        }
        self.battle = None;
        match result {
            Withdrawal::Rejoin if retreat_instead => {
                r.say("Rejoin: the player retreats instead (14.8.1 (Very Quick))");
                self.withdrawal_retreat(Loyalty::Confederate, &area, &mut picks, r)?;
            }
            Withdrawal::Rejoin => {
                let attacker = if union >= confederate { Loyalty::Union } else { Loyalty::Confederate };
                r.say(format!(
                    "Rejoin: a new battle at once, the {attacker:?} forces attacking with the greater combined Combat Value (14.8.1 (Quick); ruling \u{201c}Rejoin at equal strength\u{201d})"
                ));
                self.begin_quick(&area, attacker, r);
            }
            Withdrawal::UnionRetreat => self.withdrawal_retreat(Loyalty::Union, &area, &mut picks, r)?,
            Withdrawal::ConfederateRetreat => self.withdrawal_retreat(Loyalty::Confederate, &area, &mut picks, r)?,
            Withdrawal::Encamp => {
                self.encamped.push(area.clone());
                r.say(format!("Encamp: both armies stay in {area}; no new battle there during this step (14.8.4)"));
            }
        }
        Ok(())
    }
}
