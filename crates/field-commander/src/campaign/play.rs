//! The campaign side of a Field Commander saved game: the campaign pack as the player enters
//! it, the campaign started from it, the battle on the Battlefield Sheet that belongs to it,
//! the dice thrown for a step that waits for the player's choice (an orders roll before a
//! Scout re-roll or shift, 16.3.1; a Union Resupply roll before its follow-up, 18.3), and the
//! Grand Campaign's Player Log (21.0). Every change is one [`PlayCommand`], so that the game's
//! session undoes it and the saved game keeps it across a reload.

use super::*;
use crate::pack::{CampaignPack, PackEdit};

/// The campaign side of a saved game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CampaignPlay {
    /// The campaign pack, as entered or read from a file.
    #[serde(default)]
    pub pack: Option<CampaignPack>,
    /// The campaign in progress (or ended).
    #[serde(default)]
    pub campaign: Option<Campaign>,
    /// The battle on the Battlefield Sheet belongs to the campaign: which counter each force is.
    #[serde(default)]
    pub sheet: Option<BattleLink>,
    /// Dice thrown for the step in progress and not yet used.
    #[serde(default)]
    pub dice: Vec<D10>,
    /// The step they were thrown for ([`dice_step`]).
    #[serde(default)]
    pub dice_for: Option<String>,
    /// The Grand Campaign's Player Log (21.0).
    #[serde(default)]
    pub grand: GrandCampaign,
}

/// A change to the campaign side of a saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PlayCommand {
    /// A change to the campaign pack; the first makes an empty pack.
    Pack(PackEdit),
    /// Sets up a campaign of the pack (7.0). A campaign in progress must have ended first.
    Start {
        /// The campaign's name in the pack.
        campaign: String,
        /// The Difficulty Levels and how battles are fought (7.14, 7.15).
        settings: Settings,
    },
    /// A step of the campaign; the dice waiting for it are used first.
    Step(CampaignCommand),
    /// A die thrown for a step that waits for the player's choice before it is carried out.
    Roll {
        /// The die.
        die: D10,
        /// The step ([`dice_step`]).
        step: String,
    },
    /// Notes the ended campaign on the Grand Campaign's Player Log (21.0).
    Record {
        /// The player's notes.
        notes: String,
    },
}

/// The key of the step a campaign command's dice are for: a Union group's orders roll, the
/// Union Resupply Table's roll.
pub fn dice_step(c: &CampaignCommand) -> Option<String> {
    match c {
        CampaignCommand::UnionOrder { group, .. } => Some(format!("orders-{group}")),
        CampaignCommand::UnionResupply(UnionResupplyCommand::RollTable { .. }) => Some("resupply-table".into()),
        _ => None,
    }
}

fn refuse_play(detail: impl Into<String>) -> CampaignError {
    CampaignError::Rule(refuse(detail))
}

impl CampaignPlay {
    /// Nothing of a campaign: a battle alone (the saved game leaves the field out).
    pub fn is_blank(&self) -> bool {
        *self == CampaignPlay::default()
    }

    /// The campaign, or why there is none.
    pub fn campaign(&self) -> Result<&Campaign, CampaignError> {
        self.campaign.as_ref().ok_or_else(|| refuse_play("no campaign has been started: start one from the pack"))
    }

    /// The command with the dice waiting for its step put in: an orders roll's dice before its
    /// own, a Resupply roll's first die before its follow-up.
    pub fn with_dice(&self, c: &CampaignCommand) -> CampaignCommand {
        if self.dice.is_empty() || dice_step(c) != self.dice_for {
            return c.clone();
        }
        let mut c = c.clone();
        match &mut c {
            CampaignCommand::UnionOrder { rolls, .. } => {
                let mut all = self.dice.clone();
                all.append(rolls);
                *rolls = all;
            }
            CampaignCommand::UnionResupply(UnionResupplyCommand::RollTable { roll, follow_up, .. }) => {
                if let Some(first) = self.dice.first() {
                    if follow_up.is_none() {
                        *follow_up = Some(*roll).filter(|_| self.dice.len() == 1);
                    }
                    *roll = *first;
                }
            }
            _ => {}
        }
        c
    }

    /// What a command would do, tried on a copy: its report, or why it is refused.
    pub fn trial(&self, command: &PlayCommand) -> Result<CampaignReport, CampaignError> {
        self.clone().apply(command, 0.0)
    }

    /// Applies a command and says what it did; a refused command changes nothing.
    pub fn apply(&mut self, command: &PlayCommand, now_ms: f64) -> Result<CampaignReport, CampaignError> {
        let mut r = CampaignReport::default();
        match command {
            PlayCommand::Pack(edit) => {
                let mut pack = self.pack.clone().unwrap_or_default();
                r.say(pack.edit(edit)?);
                self.pack = Some(pack);
            }
            PlayCommand::Start { campaign, settings } => {
                if self.campaign.as_ref().is_some_and(|c| c.ending.is_none()) {
                    return Err(refuse_play("a campaign is in progress: it must end before another starts"));
                }
                let pack = self.pack.as_ref().ok_or_else(|| refuse_play("enter or import a campaign pack first"))?;
                let (c, report) = Campaign::start(pack, campaign, *settings)?;
                self.campaign = Some(c);
                self.sheet = None;
                self.dice.clear();
                self.dice_for = None;
                r = report;
                if let Some(c) = self.campaign.as_mut() {
                    for line in &r.lines {
                        c.log.push(LogEntry::new(0, Phase::SetUp, now_ms, line.clone()));
                    }
                }
            }
            PlayCommand::Step(step) => {
                if self.sheet.is_some() {
                    return Err(refuse_play(
                        "a battle is being fought on the Battlefield Sheet: finish it and bring its result back first",
                    ));
                }
                let command = self.with_dice(step);
                let c = self.campaign.as_mut().ok_or_else(|| refuse_play("no campaign has been started"))?;
                r = apply(c, &command, now_ms)?;
                if dice_step(step).is_some_and(|k| Some(k) == self.dice_for) {
                    self.dice.clear();
                    self.dice_for = None;
                }
            }
            PlayCommand::Roll { die, step } => {
                let c = self.campaign()?;
                if self.dice_for.as_ref().is_some_and(|k| k != step) {
                    return Err(refuse_play("dice are waiting for another step: finish it or undo them"));
                }
                if step.starts_with("orders-") && !self.dice.is_empty() {
                    let spent = u32::try_from(self.dice.len()).unwrap_or(u32::MAX);
                    if spent > c.scouts {
                        return Err(refuse_play(format!(
                            "a re-roll discards a Scout, and your {} Scouts are spent on the re-rolls so far (16.3.1)",
                            c.scouts
                        )));
                    }
                    r.say(format!("A Scout discarded to re-roll: {} stands (16.3.1)", die.value()));
                } else if step == "resupply-table" && self.dice.len() >= 2 {
                    return Err(refuse_play("the Union Resupply Table takes a roll and at most one follow-up (18.3)"));
                } else if step == "resupply-table" && !self.dice.is_empty() {
                    r.say(format!("Rolled {}: the follow-up roll (18.3)", die.value()));
                } else if step == "resupply-table" {
                    r.say(format!(
                        "Rolled {}: the Union Resupply Table, kept for its follow-up roll (18.3)",
                        die.value()
                    ));
                } else {
                    r.say(format!(
                        "Rolled {}: the orders roll, kept while you decide on your Scouts (16.3.1)",
                        die.value()
                    ));
                }
                self.dice.push(*die);
                self.dice_for = Some(step.clone());
            }
            PlayCommand::Record { notes } => {
                let c = self.campaign()?;
                let ending = c.ending.clone().ok_or_else(|| refuse_play("the campaign has not ended (3.0)"))?;
                let name = c.def.name.clone();
                if self.grand.records.iter().any(|x| x.campaign == name) {
                    return Err(refuse_play(format!("{name} is on the Player Log already")));
                }
                self.grand.record(&name, &ending, notes)?;
                r.say(format!(
                    "{name} noted on the Player Log: {:?}, {} Victory Points; {} in all (21.0)",
                    ending.outcome,
                    ending.vp.as_ref().map(|v| v.total).unwrap_or(0),
                    self.grand.total_vp()
                ));
            }
        }
        Ok(r)
    }
}

#[cfg(test)]
mod tests;
