//! The campaign in a Field Commander saved game (issue 13): the game's commands for the
//! campaign pack, the campaign and its steps ([`crate::campaign::CampaignPlay`]), a campaign
//! battle set up on the Battlefield Sheet from the Battle Location Area (10.2.13-10.2.19) and
//! its end brought back onto the campaign map (14.5-14.8, 5.9), and the Fog of War events that
//! reach the campaign map during such a battle (10.2.6-10.2.8).
//!
//! While a battle on the sheet belongs to the campaign, the campaign waits for it, the forces
//! that came from the map keep their counters (they are the campaign's), and its Withdrawal is
//! settled on the campaign map with the campaign's table.

use crate::campaign::{
    AfterBattle, BattleLink, BattleSetup, Campaign, CampaignCommand, CampaignError, CampaignReport, FogChoices,
    PlayCommand, SheetEnd, SheetOutcome,
};
use crate::force::Loyalty;
use crate::game::{BattleError, Command, Game, Report, refuse};
use crate::prebattle::FogEvent;
use crate::state::{Battle, BattleResult};
use companion_core::error::RuleError;
use companion_core::log::LogEntry;

fn campaign_error(e: CampaignError) -> BattleError {
    match e {
        CampaignError::Rule(r) => BattleError::Rule(r),
        CampaignError::NothingToDo => BattleError::NothingToDo,
    }
}

fn report(c: CampaignReport) -> Report {
    let mut r = Report::default();
    for (what, face) in &c.rolled {
        r.say(format!("Rolled {face}: {what}"));
    }
    r.lines.extend(c.lines);
    r
}

/// A battle on the sheet set up from the campaign (10.2.13-10.2.19): its forces, the Fog of
/// War table, Lee, the ledger; the player goes on from the Fog of War roll.
pub fn battle_from_setup(setup: &BattleSetup) -> Battle {
    let mut b = Battle::new(setup.fog_table);
    b.field = setup.field.clone();
    b.next_id = setup.next_id;
    b.hard_row_9 = setup.hard_row_9;
    b.scouts = setup.scouts;
    b.confederate_cp = setup.confederate_cp;
    b.union_cp = setup.union_cp;
    b.lee_present = setup.link.lee_present;
    b.lee_rating = setup.lee_rating;
    b.withdrawal_table = setup.withdrawal.clone().ok();
    b
}

/// The battle as it ended, read for the campaign: what is left, what left the sheet, what was
/// captured or kept off it. A force gone from the sheet is known by its counter, which is the
/// campaign's own (a campaign battle's counters are never changed on the sheet).
pub fn sheet_outcome(b: &Battle, link: &BattleLink, c: &Campaign) -> Result<SheetOutcome, RuleError> {
    let end = match b.result {
        Some(BattleResult::Enveloped(s)) => SheetEnd::Enveloped(s),
        Some(BattleResult::OneSideLeft(s)) => SheetEnd::OneSideLeft(s),
        Some(BattleResult::RoutedOff(s)) => SheetEnd::RoutedOff(s),
        Some(BattleResult::WithdrawalDue) => SheetEnd::WithdrawalDue,
        Some(BattleResult::Withdrawn(_)) => {
            return Err(refuse("a campaign battle's Withdrawal is settled on the campaign map (14.8)"));
        }
        None => return Err(refuse("the battle is not over (14.7)")),
    };
    let mut gone: Vec<(u32, crate::force::Counter)> = Vec::new();
    for (force, piece) in &link.forces {
        if b.field.get(*force).is_err() && !b.field.exited.contains(force) {
            gone.push((*force, c.counter(*piece)?.clone()));
        }
    }
    let mut take = |counter: &crate::force::Counter| -> Option<u32> {
        let i = gone.iter().position(|(_, k)| k == counter)?;
        Some(gone.remove(i).0)
    };
    let captured: Vec<u32> = b.captured.iter().filter_map(|cap| take(&cap.gun)).collect();
    let mut stayed_off = Vec::new();
    if let Some(s) = &b.screen {
        stayed_off.extend(take(&s.cavalry));
        stayed_off.extend(take(&s.infantry));
    }
    if let Some(cavalry) = &b.screened {
        stayed_off.extend(take(cavalry));
    }
    Ok(SheetOutcome {
        end,
        field: b.field.clone(),
        exited: b.field.exited.clone(),
        captured,
        stayed_off,
        confederate_cp: b.confederate_cp,
        union_cp: b.union_cp,
        scouts: b.scouts,
    })
}

impl Game {
    /// A battle of the campaign on the sheet that is over, in words: its end, the Withdrawal
    /// included, is settled on the campaign map, not on the sheet (14.7, 14.8); `None` while it
    /// is fought or when the battle is not the campaign's.
    pub fn campaign_battle_over(&self) -> Option<String> {
        let link = self.campaign.sheet.as_ref()?;
        if self.battle.phase != crate::state::Phase::Ended {
            return None;
        }
        let result = self.battle.result?;
        let then = if result == BattleResult::WithdrawalDue {
            "bring it back to the campaign map, where the campaign's Withdrawal table is rolled (14.8)"
        } else {
            "bring its result back to the campaign map (14.7)"
        };
        Some(format!("The battle in {} is over: {}; {then}.", link.area, crate::ending::result_words(result)))
    }
}

/// What a campaign needs now, for the battle's Game area while no battle of the campaign is on
/// the Battlefield Sheet (8.0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CampaignNow {
    /// The campaign's name.
    pub name: String,
    /// The Campaign Turn in words.
    pub turn: String,
    /// The step, with its rule.
    pub step: String,
    /// What the step requires, or what it allows when it requires nothing.
    pub items: Vec<String>,
    /// The step resolves battles and one is waiting or being fought (9.3, 15.2, 17.0).
    pub battle_waiting: bool,
    /// The campaign is over (3.0, 21.0).
    pub over: bool,
}

impl Game {
    /// The Fog of War event of a campaign battle on the sheet that is still to reach the
    /// campaign map (10.2.6-10.2.8): Disease, Virulent Disease or Desertion in a Confederate-Held
    /// Area (unless it fell on this battle), or the Brigade paid for.
    pub fn fog_for_the_map(&self) -> Option<FogEvent> {
        let link = self.campaign.sheet.as_ref()?;
        let fog = &self.battle.fog;
        if link.fog_on_map || !fog.resolved {
            return None;
        }
        let event = fog.row?.event;
        let choice = fog.choice.unwrap_or_default();
        match event {
            FogEvent::Disease | FogEvent::VirulentDisease | FogEvent::Desertion
                if choice != crate::game::FogChoice::HereInThisBattle =>
            {
                Some(event)
            }
            FogEvent::BuyBrigade if choice == crate::game::FogChoice::Pay => Some(event),
            _ => None,
        }
    }

    /// The counters that may replace the captured gun at `index` in a battle of the campaign
    /// on the sheet (5.9.1, 5.9.2; [`Campaign::gun_candidates`]), each counter once; `None` in a battle of its own, where the player enters the replacement.
    pub fn capture_candidates(&self, index: usize) -> Option<Vec<crate::force::Counter>> {
        self.campaign.sheet.as_ref()?;
        let c = self.campaign.campaign.as_ref()?;
        let cap = self.battle.captured.get(index)?;
        let cv = cap.gun.full.combat.get(&cap.gun.name, "combat value").ok()?;
        let ids = c.gun_candidates(cap.by, cv).ok()?;
        let link = self.campaign.sheet.as_ref()?;
        let counters: Vec<&crate::force::Counter> = ids.iter().filter_map(|id| c.counter(*id).ok()).collect();
        // A gun that joined the sheet already in this battle is not offered again.
        let joined = |k: &crate::force::Counter| {
            self.battle.field.forces.iter().filter(|f| link.piece_of(f.id).is_none() && f.counter == *k).count()
        };
        let mut out: Vec<crate::force::Counter> = Vec::new();
        for k in &counters {
            let free = counters.iter().filter(|x| **x == *k).count().saturating_sub(joined(k));
            if free > 0 && !out.contains(k) {
                out.push((*k).clone());
            }
        }
        Some(out)
    }

    /// The campaign's present step and what it needs, when a campaign has been started and no
    /// battle of it is on the sheet: the empty sheet is then not a battle to set up.
    pub fn campaign_now(&self) -> Option<CampaignNow> {
        if self.campaign.sheet.is_some() {
            return None;
        }
        let c = self.campaign.campaign.as_ref()?;
        let todo = c.to_do();
        let required: Vec<String> = todo.iter().filter(|t| t.required).map(|t| t.what.clone()).collect();
        let items = if required.is_empty() { todo.into_iter().map(|t| t.what).collect() } else { required };
        Some(CampaignNow {
            name: c.def.name.clone(),
            turn: c.turn_words(),
            step: c.phase.label().to_string(),
            items,
            battle_waiting: c.phase.resolves_battles() && (c.battle.is_some() || !c.pending_battles().is_empty()),
            over: c.phase == crate::campaign::Phase::Over,
        })
    }
}

/// Refuses a battle command that would cut a campaign battle from the campaign: taking a
/// force of the map off the sheet or changing its counter, or resolving the Withdrawal on the
/// sheet (the campaign settles it on the map).
pub(crate) fn guard(game: &Game, command: &Command) -> Result<(), BattleError> {
    let Some(link) = &game.campaign.sheet else { return Ok(()) };
    let linked = |f: &u32| link.piece_of(*f).is_some();
    match command {
        Command::RemoveForce { force } | Command::EnterCounter { force, .. } if linked(force) => {
            Err(BattleError::Rule(refuse(
                "this force is the campaign's counter: it keeps its values and stays in the battle",
            )))
        }
        Command::Withdraw { .. } => Err(BattleError::Rule(refuse(
            "in a campaign the Withdrawal is settled on the campaign map: bring the result back to the campaign (14.8)",
        ))),
        Command::SetLedger { .. } | Command::SetWithdrawalTable(_) => {
            Err(BattleError::Rule(refuse("the campaign keeps these: they come from its ledger and its sheet")))
        }
        _ => Ok(()),
    }
}

/// Applies a campaign command of the game; `None` for a battle command.
pub(crate) fn apply(game: &mut Game, command: &Command, now_ms: f64) -> Option<Result<Report, BattleError>> {
    let done = match command {
        Command::Campaign(c) => game.campaign.apply(c, now_ms).map(report).map_err(campaign_error),
        Command::SheetBattle { area } => begin(game, area),
        Command::SheetResult(after) => finish(game, after, now_ms),
        Command::SheetFog { event, choices } => fog_on_map(game, *event, choices),
        _ => return None,
    };
    Some(done)
}

fn begin(game: &mut Game, area: &str) -> Result<Report, BattleError> {
    if game.campaign.sheet.is_some() {
        return Err(BattleError::Rule(refuse("a battle of the campaign is on the sheet: finish it first")));
    }
    let c = game.campaign.campaign().map_err(campaign_error)?;
    if c.settings.battles != crate::campaign::BattleRules::Basic {
        return Err(BattleError::Rule(refuse(
            "this campaign fights its battles with the Quick or Very Quick rules, on the campaign map",
        )));
    }
    if !c.phase.resolves_battles() {
        return Err(BattleError::Rule(refuse("battles are resolved in the Resolve Battles steps (9.3, 15.2, 17.0)")));
    }
    let setup = c.battle_setup(area)?;
    let mut r = Report::default();
    r.say(format!(
        "The battle in {area} is set up on the Battlefield Sheet: {} forces; the Battle Location counter's {} side up (9.3, 10.2.13-10.2.19)",
        setup.field.forces.len(),
        if setup.link.side == Loyalty::Confederate { "grey" } else { "blue" }
    ));
    game.battle = battle_from_setup(&setup);
    game.campaign.sheet = Some(setup.link);
    Ok(r)
}

fn finish(game: &mut Game, after: &AfterBattle, now_ms: f64) -> Result<Report, BattleError> {
    let link =
        game.campaign.sheet.clone().ok_or_else(|| BattleError::Rule(refuse("no campaign battle is on the sheet")))?;
    let c = game.campaign.campaign().map_err(campaign_error)?;
    let out = sheet_outcome(&game.battle, &link, c)?;
    let res = c.sheet_result(&link, &out, after)?;
    let mut play = game.campaign.clone();
    play.sheet = None;
    let applied = play
        .apply(
            &PlayCommand::Step(CampaignCommand::ApplyBattle { area: link.area.clone(), result: res.result.clone() }),
            now_ms,
        )
        .map_err(campaign_error)?;
    game.campaign = play;
    let fog = game.battle.fog_table;
    game.battle = Battle::new(fog);
    let mut r = report(res.report);
    r.lines.extend(report(applied).lines);
    for line in &r.lines {
        game.log.push(LogEntry::new(0, "Campaign".to_string(), now_ms, line.clone()));
    }
    Ok(r)
}

/// A Fog of War event of a battle on the sheet that reaches the campaign map (10.2.6-10.2.8):
/// the Brigade bought placed in a Confederate-Held Area (its 2 Command Points are paid on the
/// sheet and in the campaign alike, so the battle's result keeps them paid once), Disease,
/// Virulent Disease or Desertion in a random Confederate-Held Area.
fn fog_on_map(game: &mut Game, event: FogEvent, choices: &FogChoices) -> Result<Report, BattleError> {
    let link =
        game.campaign.sheet.clone().ok_or_else(|| BattleError::Rule(refuse("no campaign battle is on the sheet")))?;
    if !matches!(event, FogEvent::BuyBrigade | FogEvent::Disease | FogEvent::VirulentDisease | FogEvent::Desertion) {
        return Err(BattleError::Rule(refuse("this Fog of War event is resolved on the sheet (10.2.5)")));
    }
    if link.fog_on_map {
        return Err(BattleError::Rule(refuse("this battle's Fog of War event has reached the campaign map already")));
    }
    if game.battle.fog.row.map(|r| r.event) != Some(event) || !game.battle.fog.resolved {
        return Err(BattleError::Rule(refuse("resolve this battle's Fog of War event on the sheet first (10.2.5)")));
    }
    let mut play = game.campaign.clone();
    let c = play.campaign.as_mut().ok_or_else(|| BattleError::Rule(refuse("no campaign has been started")))?;
    if event != FogEvent::BuyBrigade && c.held_by(Loyalty::Confederate).is_empty() {
        return Err(BattleError::Rule(refuse(
            "you Hold no Area: the event falls on this battle's forces, on the sheet (10.2.6)",
        )));
    }
    let mut r = CampaignReport::default();
    c.fog_effects(event, &link.area, choices, &mut r)?;
    if let Some(l) = play.sheet.as_mut() {
        l.fog_on_map = true;
    }
    game.campaign = play;
    Ok(report(r))
}

#[cfg(test)]
mod tests;
