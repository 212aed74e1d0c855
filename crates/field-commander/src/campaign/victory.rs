//! The end of a campaign (3.0): the sheet's conditions judged at the end of each step,
//! victory when all are achieved (3.1), defeat when a Defeat condition fails, when Lee is
//! alone, or when the turn track runs out (3.2); Campaign Victory Points and the Command
//! rating (3.3, 21.0, 21.1); linked campaigns (21.0).

use super::*;
use crate::pack::{Condition, Deadline, Test, TurnEnd};

/// A condition's state (3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ConditionState {
    /// Not yet judged.
    Pending,
    /// Achieved.
    Achieved,
    /// Failed.
    Failed,
}

/// Victory or defeat (3.1, 3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Every Victory Condition achieved (3.1).
    Victory,
    /// A Defeat condition met, Lee alone, or the turn track run out (3.2).
    Defeat,
}

/// The Command performance against Robert E. Lee's own (3.3, 21.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Better than Robert E. Lee.
    Superior,
    /// As well as Robert E. Lee.
    Historical,
    /// Not as well as Robert E. Lee.
    Inferior,
}

/// Campaign Victory Points (3.3, 21.0, 21.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VictoryPoints {
    /// From the Objectives achieved (21.0: 1 each unless the sheet says otherwise).
    pub objectives: u32,
    /// The casualties point (21.1).
    pub casualties: u32,
    /// The total.
    pub total: u32,
    /// Robert E. Lee's historical result.
    pub lee: u32,
    /// The Command performance.
    pub rating: Command,
}

/// How the campaign ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// Victory or defeat.
    pub outcome: Outcome,
    /// Why, with the rule.
    pub why: String,
    /// The Campaign Turn it ended in.
    pub turn: u8,
    /// The Victory Points, where the sheet's values allow them to be counted.
    pub vp: Option<VictoryPoints>,
}

/// When conditions are judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Moment {
    /// The end of a step (3.1).
    Step,
    /// The end of this turn's Confederate phase.
    ConfederateEnd,
    /// The end of this Campaign Turn.
    TurnEnd,
    /// The turn counter moves past the last box (3.0, 3.2).
    CampaignEnd,
}

impl Campaign {
    /// Whether a condition's test is met now; `None` for one the player judges.
    pub fn test_met(&self, test: &Test) -> RuleResult<Option<bool>> {
        Ok(Some(match test {
            Test::Hold { areas, min_combat } => {
                let mut all = true;
                for a in areas {
                    let held = self.holder(a) == Some(Loyalty::Confederate);
                    let strong = match min_combat {
                        Some(min) => self.total(&self.in_area(a, Loyalty::Confederate))? >= *min,
                        None => true,
                    };
                    all &= held && strong;
                }
                all
            }
            Test::Present(areas) => areas.iter().all(|a| !self.in_area(a, Loyalty::Confederate).is_empty()),
            Test::Clear(areas) => areas.iter().all(|a| self.in_area(a, Loyalty::Union).is_empty()),
            Test::Reach { area, corps } => {
                self.in_area(area, Loyalty::Confederate).iter().any(|id| self.of_corps(*id, corps))
            }
            Test::ByHand => return Ok(None),
        }))
    }

    fn of_corps(&self, id: u32, corps: &Option<String>) -> bool {
        match corps {
            None => true,
            Some(c) => self.counter(id).is_ok_and(|k| k.corps.as_ref() == Some(c)),
        }
    }

    /// Whether the deadline allows a "By" condition to be met now.
    fn before_deadline(&self, turn: u8, end: TurnEnd) -> bool {
        self.turn < turn || (self.turn == turn && (end == TurnEnd::Turn || self.phase <= Phase::ConfederateResupply))
    }

    /// Confederate Forces entering an Area: a "Reach" condition is met for good once any of
    /// them (of its Corps) enters in time, even passing through (3.1, 2.2).
    pub(crate) fn note_entered(&mut self, area: &str, ids: &[u32], r: &mut CampaignReport) {
        let conditions = self.def.conditions.clone();
        for (i, c) in conditions.iter().enumerate() {
            let Test::Reach { area: target, corps } = &c.test else { continue };
            if target != area || self.conditions.get(i) != Some(&ConditionState::Pending) {
                continue;
            }
            let in_time = match c.deadline {
                Deadline::By(t, end) | Deadline::At(t, end) => self.before_deadline(t, end),
                Deadline::Throughout | Deadline::AtEnd => true,
            };
            if in_time && ids.iter().any(|id| self.of_corps(*id, corps)) {
                if let Some(s) = self.conditions.get_mut(i) {
                    *s = ConditionState::Achieved;
                }
                r.say(format!("Condition achieved: {} (3.1)", c.text));
            }
        }
    }

    /// Judges every pending condition at `moment` (3.1, 3.2) and ends the campaign if that
    /// decides it.
    pub(crate) fn judge(&mut self, moment: Moment, r: &mut CampaignReport) -> RuleResult<()> {
        let conditions: Vec<Condition> = self.def.conditions.clone();
        for (i, c) in conditions.iter().enumerate() {
            if self.conditions.get(i) != Some(&ConditionState::Pending) {
                continue;
            }
            let met = self.test_met(&c.test)?;
            let state = match (c.deadline, met) {
                (_, None) => {
                    if moment == Moment::CampaignEnd {
                        return Err(refuse(format!(
                            "say whether \u{201c}{}\u{201d} was met before the campaign ends",
                            c.text
                        )));
                    }
                    None
                }
                (Deadline::Throughout, Some(false)) => Some(ConditionState::Failed),
                (Deadline::Throughout, Some(true)) => {
                    (moment == Moment::CampaignEnd).then_some(ConditionState::Achieved)
                }
                (Deadline::AtEnd, Some(m)) => (moment == Moment::CampaignEnd).then_some(if m {
                    ConditionState::Achieved
                } else {
                    ConditionState::Failed
                }),
                (Deadline::By(t, end), Some(m)) => {
                    if m && self.before_deadline(t, end) {
                        Some(ConditionState::Achieved)
                    } else if self.at_deadline(t, end, moment) || moment == Moment::CampaignEnd || self.turn > t {
                        Some(ConditionState::Failed)
                    } else {
                        None
                    }
                }
                (Deadline::At(t, end), Some(m)) => {
                    if self.at_deadline(t, end, moment) {
                        Some(if m { ConditionState::Achieved } else { ConditionState::Failed })
                    } else if moment == Moment::CampaignEnd || self.turn > t {
                        Some(ConditionState::Failed)
                    } else {
                        None
                    }
                }
            };
            if let Some(s) = state {
                if let Some(slot) = self.conditions.get_mut(i) {
                    *slot = s;
                }
                let word = if s == ConditionState::Achieved { "achieved" } else { "failed" };
                r.say(format!("Condition {word}: {} (3.1)", c.text));
                if s == ConditionState::Failed && c.defeat_if_failed {
                    self.end(Outcome::Defeat, format!("a Defeat condition is met: {} (3.2)", c.text), r);
                    return Ok(());
                }
            }
        }
        let all = !self.conditions.is_empty() && self.conditions.iter().all(|s| *s == ConditionState::Achieved);
        if all {
            self.end(Outcome::Victory, "every Victory Condition is achieved (3.1)".into(), r);
        } else if moment == Moment::CampaignEnd {
            self.end(
                Outcome::Defeat,
                "the Turn counter moves past the last box without every Victory Condition achieved (3.2)".into(),
                r,
            );
        }
        Ok(())
    }

    fn at_deadline(&self, turn: u8, end: TurnEnd, moment: Moment) -> bool {
        self.turn == turn
            && match end {
                TurnEnd::Confederate => moment == Moment::ConfederateEnd,
                TurnEnd::Turn => moment == Moment::TurnEnd || moment == Moment::CampaignEnd,
            }
    }

    /// Ends the campaign.
    pub(crate) fn end(&mut self, outcome: Outcome, why: String, r: &mut CampaignReport) {
        if self.ending.is_some() {
            return;
        }
        let vp = self.victory_points().ok();
        r.say(format!(
            "The campaign ends in {}: {why}",
            if outcome == Outcome::Victory { "Victory" } else { "Defeat" }
        ));
        if let Some(v) = &vp {
            r.say(format!(
                "Campaign Victory Points {} against Robert E. Lee's {}: {:?} Command (3.3, 21.0)",
                v.total, v.lee, v.rating
            ));
        }
        self.ending = Some(Ending { outcome, why, turn: self.turn, vp });
        self.phase = Phase::Over;
    }

    /// The Campaign Victory Points now (21.0, 21.1).
    pub fn victory_points(&self) -> RuleResult<VictoryPoints> {
        let mut objectives = 0;
        for (i, c) in self.def.conditions.iter().enumerate() {
            if self.conditions.get(i) == Some(&ConditionState::Achieved) {
                objectives += c.vp.copied(|| self.def.cell(format!("Campaign Victory Points, {}", c.text), "VP"))?;
            }
        }
        let lee = self.def.lee_vp.copied(|| self.def.cell("Campaign Victory Points", "Robert E. Lee"))?;
        let mut casualties = 0;
        if let Some(cas) = &self.def.casualties
            && objectives >= lee
        {
            let on_map = |p: &Piece| match &p.place {
                Place::Area(a) => cas.areas.is_empty() || cas.areas.contains(a),
                _ => false,
            };
            let confederate: Vec<u32> = self
                .pieces
                .iter()
                .filter(|p| on_map(p) && self.loyalty(p.id).is_ok_and(|l| l == Loyalty::Confederate))
                .filter(|p| cas.against_union || self.design(p.id).is_ok_and(|d| d.echelon == Echelon::Named))
                .map(|p| p.id)
                .collect();
            let ours = self.total(&confederate)?;
            let target = if cas.against_union {
                let union: Vec<u32> = self
                    .pieces
                    .iter()
                    .filter(|p| {
                        matches!(p.place, Place::Area(_)) && self.loyalty(p.id).is_ok_and(|l| l == Loyalty::Union)
                    })
                    .map(|p| p.id)
                    .collect();
                self.total(&union)?
            } else {
                cas.target.copied(|| self.def.cell("Casualties (21.1)", "End of Campaign Combat Value"))?
            };
            if ours >= target {
                casualties = 1;
            }
        }
        let total = objectives + casualties;
        let rating = match total.cmp(&lee) {
            std::cmp::Ordering::Greater => Command::Superior,
            std::cmp::Ordering::Equal => Command::Historical,
            std::cmp::Ordering::Less => Command::Inferior,
        };
        Ok(VictoryPoints { objectives, casualties, total, lee, rating })
    }
}

/// One campaign of a Grand Campaign, as noted on the Player Log (21.0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignRecord {
    /// The campaign.
    pub campaign: String,
    /// Victory or defeat.
    pub outcome: Outcome,
    /// Its Campaign Victory Points.
    pub vp: u32,
    /// The player's notes.
    pub notes: String,
}

/// Campaigns linked into a Grand Campaign (21.0): in chronological order, ending at the first
/// defeat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GrandCampaign {
    /// The campaigns played, in order.
    pub records: Vec<CampaignRecord>,
}

impl GrandCampaign {
    /// The five campaigns in chronological order (21.0).
    pub const ORDER: [&'static str; 5] =
        ["Seven Days Battles", "Second Manassas", "Antietam", "Chancellorsville", "Gettysburg"];

    /// Over: all five played, or a defeat ("do not continue", 21.0).
    pub fn over(&self) -> bool {
        self.records.len() >= Self::ORDER.len() || self.records.iter().any(|r| r.outcome == Outcome::Defeat)
    }

    /// The campaign to play next.
    pub fn next(&self) -> Option<&'static str> {
        if self.over() { None } else { Self::ORDER.get(self.records.len()).copied() }
    }

    /// Notes a campaign's end on the Player Log.
    pub fn record(&mut self, campaign: &str, ending: &Ending, notes: &str) -> RuleResult<()> {
        let next = self.next().ok_or_else(|| {
            refuse("the Grand Campaign is over: a Campaign Defeat ends it, and five campaigns complete it (21.0)")
        })?;
        if next != campaign {
            return Err(refuse(format!("the Grand Campaign plays the campaigns in order: {next} is next (21.0)")));
        }
        let vp = ending.vp.as_ref().map(|v| v.total).unwrap_or(0);
        self.records.push(CampaignRecord {
            campaign: campaign.into(),
            outcome: ending.outcome,
            vp,
            notes: notes.into(),
        });
        Ok(())
    }

    /// The total Victory Points.
    pub fn total_vp(&self) -> u32 {
        self.records.iter().map(|r| r.vp).sum()
    }
}
