//! The saved game and the system's boundary: [`FieldCommander`] applies a [`Command`] to a
//! [`Game`]; a refused command leaves it unchanged (the session throws the copy away). Each
//! command takes the rolls it needs ([`crate::dice`]); the Union's decisions are made by the
//! rules here and reported with their rule numbers.

use crate::battlefield::{Formation, Region};
use crate::campaign::{AfterBattle, CampaignPlay, FogChoices, PlayCommand};
use crate::combat::Modifier;
use crate::dice::{Dice, RollNeed};
use crate::force::Counter;
use crate::lee::{BattlePlan, LeeOrder};
use crate::outcome::WithdrawalTable;
use crate::prebattle::FogEvent;
use crate::prebattle::{FogRow, FogTable, Insight, QuantityInputs};
use crate::union::SpecialPlan;
use companion_core::d10::D10;
use companion_core::doc::{StoredGame, Summary};
use companion_core::error::{RuleError, RuleResult};
use companion_core::log::LogEntry;
use companion_core::system::{GameSystem, SystemTag};
use serde::{Deserialize, Serialize};

pub use crate::battle::HitTaken;
pub use crate::state::{Battle, BattleResult, Phase, Stage};

/// The system: Field Commander: Robert E. Lee.
pub struct FieldCommander;

/// A saved game of Field Commander: Robert E. Lee: for now one battle. A campaign is to be
/// added beside it as a field read with `#[serde(default)]`, so that games saved before read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// The system's tag in the stored document.
    #[serde(default)]
    pub system: SystemTag<FieldCommander>,
    /// Its identity among the saved games.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The battle on the Battlefield Sheet.
    pub battle: Battle,
    /// The campaign: its pack, its state, the battle on the sheet that belongs to it (a game
    /// saved before campaigns reads with none).
    #[serde(default, skip_serializing_if = "CampaignPlay::is_blank")]
    pub campaign: CampaignPlay,
    /// The history, in the game's words, each line with its rule.
    pub log: Vec<LogEntry<String>>,
}

impl Game {
    /// A new game with an empty battle on the Difficulty Level's Fog of War table.
    pub fn new(id: &str, name: &str, fog_table: FogTable) -> Game {
        Game {
            system: SystemTag::default(),
            id: id.into(),
            name: name.into(),
            battle: Battle::new(fog_table),
            campaign: CampaignPlay::default(),
            log: Vec::new(),
        }
    }

    /// Where the battle stands, in a line.
    pub fn progress(&self) -> String {
        if let (Some(c), None) = (&self.campaign.campaign, &self.campaign.sheet) {
            return format!("{}: {}", c.def.name, c.turn_words());
        }
        let b = &self.battle;
        match (b.phase, b.result) {
            (Phase::PreBattle, _) => "Setting up the battle (10.2)".into(),
            (Phase::BattleTurns, _) => {
                let of = b.turns.map(|t| format!(" of {t}")).unwrap_or_default();
                let routed = b.routed.map(|s| format!(", the {s:?} forces Routed")).unwrap_or_default();
                format!("Battle Turn {}{of}{routed}: {}", b.turn, b.stage.label())
            }
            (Phase::Ended, Some(r)) => format!("Battle over: {}", crate::ending::result_words(r)),
            (Phase::Ended, None) => "Battle over".into(),
        }
    }
}

impl StoredGame for Game {
    fn from_stored(value: serde_json::Value) -> Result<Self, String> {
        serde_json::from_value(value).map_err(|e| e.to_string())
    }
    fn id(&self) -> &str {
        &self.id
    }
    fn set_id(&mut self, id: String) {
        self.id = id;
    }
    fn name(&self) -> &str {
        &self.name
    }
    fn set_name(&mut self, name: String) {
        self.name = name;
    }
    fn summary(&self) -> Summary {
        let f = &self.battle.field;
        let side = |s| f.side(s).count();
        let (confederate, union) = match &self.campaign.campaign {
            Some(c) if self.campaign.sheet.is_none() => {
                let on_map = |s| {
                    c.pieces
                        .iter()
                        .filter(|p| matches!(p.place, crate::campaign::Place::Area(_)))
                        .filter(|p| c.loyalty(p.id).is_ok_and(|l| l == s))
                        .count()
                };
                (on_map(crate::force::Loyalty::Confederate), on_map(crate::force::Loyalty::Union))
            }
            _ => (side(crate::force::Loyalty::Confederate), side(crate::force::Loyalty::Union)),
        };
        let campaign_change = self.campaign.campaign.as_ref().and_then(|c| c.log.last()).map(|l| l.at_ms);
        let battle_change = self.log.last().map(|l| l.at_ms);
        Summary {
            system: FieldCommander::NAME,
            progress: self.progress(),
            size: format!("{confederate} Confederate and {union} Union forces"),
            last_change_ms: match (campaign_change, battle_change) {
                (Some(a), Some(b)) => Some(a.max(b)),
                (a, b) => a.or(b),
            },
        }
    }
}

/// The player's choice in a Fog of War event (10.2.6-10.2.8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum FogChoice {
    /// Nothing to choose, or declined (not paying for the Brigade).
    #[default]
    None,
    /// Pay 2 Command Points for the Brigade (event 4).
    Pay,
    /// Disease, Virulent Disease or Desertion falls on this battle's forces: the player holds
    /// no other Area (10.2.6 event 6).
    HereInThisBattle,
}

/// A change asked of the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Renames the game.
    RenameGame {
        /// The new name.
        name: String,
    },
    /// Enters a counter and puts it on the sheet (10.2.13-10.2.19); Union forces go to the
    /// Reserve until the Union is placed.
    AddForce {
        /// The counter.
        counter: Counter,
        /// Its Region.
        region: Region,
        /// Its Formation.
        formation: Formation,
    },
    /// Replaces a force's counter values as the player entered them.
    EnterCounter {
        /// The force.
        force: u32,
        /// The values.
        counter: Counter,
    },
    /// Takes a force entered by mistake off the sheet (before the battle).
    RemoveForce {
        /// The force.
        force: u32,
    },
    /// Places a force in a Region and Formation (before the battle, 10.2.15-10.2.19, 10.3).
    PlaceForce {
        /// The force.
        force: u32,
        /// Where.
        region: Region,
        /// Column or Line.
        formation: Formation,
    },
    /// Chooses the Difficulty Level's Fog of War table, before the roll (7.14, 10.2.1).
    SetFogTable(FogTable),
    /// Enters the Hard Fog of War table's row 9 from the Player Help Sheet (10.2.7).
    EnterHardRow9(FogRow),
    /// Sets the Scouts and Command Points the player has at the battle's start.
    SetLedger {
        /// Scouts.
        scouts: u32,
        /// Confederate Command Points.
        confederate_cp: u32,
        /// Union Command Points.
        union_cp: u32,
    },
    /// Rolls for Fog of War; every roll after the first spends a Scout (10.2.1, 10.2.2).
    RollFogOfWar {
        /// The d10.
        roll: D10,
    },
    /// Resolves the Fog of War event (10.2.5-10.2.8): its follow-up roll, the player's choice.
    ResolveFogEvent {
        /// The follow-up roll, where the event has one.
        rolls: Vec<D10>,
        /// The player's choice.
        choice: FogChoice,
        /// A random pick (the Insight of event 1, the force Disease strikes).
        pick: usize,
    },
    /// The Union force a Fog of War event adds is not available: its fallback (10.2.6).
    FogForceUnavailable,
    /// The Envelopment Check (10.2.9).
    EnvelopmentCheck,
    /// Sets the quantities and the Insights chosen (10.2.10-10.2.12).
    SetQuantities {
        /// The Campaign Information Sheet's values and the choices.
        inputs: QuantityInputs,
        /// The Insights selected.
        insights: Vec<Insight>,
        /// Lee's Command Rating, whether or not he is present (5.8, 10.2.6 event 1).
        lee_rating: Option<u8>,
    },
    /// A Scout removes a Union Special Battle Plan for the battle (14.0.1).
    ScoutRemovesPlan {
        /// The plan.
        plan: SpecialPlan,
    },
    /// The Screen Insight keeps a Cavalry and an Infantry Force off the sheet (10.2.12.7).
    SetScreenForces {
        /// The Cavalry Force.
        cavalry: u32,
        /// The Infantry Force.
        infantry: u32,
    },
    /// Screened Approach (10.2.20): this Confederate Cavalry Force stays on the campaign map,
    /// the Union is placed before the Confederates, and Terrain, Front and Duration may be
    /// selected whether or not Lee is present.
    ScreenedApproach {
        /// The Cavalry Force.
        cavalry: u32,
    },
    /// Places the Union forces (10.2.18, 10.2.19): the first 4 Infantry and Cavalry of `order`
    /// (a random order) in the Approach. With the Terrain Insight the player places them.
    PlaceUnion {
        /// Every Union force, in random order.
        order: Vec<u32>,
    },
    /// The campaign's Withdrawal table as the player entered it (14.8).
    SetWithdrawalTable(WithdrawalTable),
    /// Starts the Battle Turns.
    StartBattle,
    /// Duration (10.2.12.1): one Battle Turn more or fewer.
    Duration {
        /// One more.
        longer: bool,
    },
    /// Entrench (10.2.12.3) on a force.
    Entrench {
        /// The force.
        force: u32,
    },
    /// An Insight's Activation roll (12.1): Demolitions on a target, or Screen.
    ActivateInsight {
        /// Demolitions or Screen.
        insight: Insight,
        /// Demolitions' Union Garrison or Fortification.
        target: Option<u32>,
        /// The Activation roll, then Screen's three attacks.
        rolls: Vec<D10>,
        /// Random pick among tied targets.
        tie: usize,
    },
    /// A Scout re-rolls the Insight roll that failed this turn (12.1.1).
    RerollInsight {
        /// The new roll, then Screen's attacks.
        rolls: Vec<D10>,
        /// Random pick among tied targets.
        tie: usize,
    },
    /// Places a Battle Plan Counter (12.2): on a force, or beside the sheet (Formation).
    PlacePlan {
        /// The force; `None` for Formation.
        force: Option<u32>,
        /// The counter.
        plan: BattlePlan,
        /// Cover's Activation roll (12.3.3).
        rolls: Vec<D10>,
    },
    /// Moves on to the next step of the Battle Turn (10.1), once the present one is done.
    NextStep,
    /// Determines Union Tactics and fills the cup (13.0).
    DetermineTactics {
        /// The d10 at 1:1.
        rolls: Vec<D10>,
    },
    /// Draws one Special Battle Plan and resolves it if it resolves at once (14.0, 14.1).
    DrawSpecialPlan {
        /// The plan the player drew from his own cup, if he draws; else `pick`.
        plan: Option<SpecialPlan>,
        /// Random index into the cup.
        pick: usize,
        /// Flanking Fire's, Screened March's or Broken's roll, then Heavy Fire checks.
        rolls: Vec<D10>,
        /// Random pick among tied or random targets.
        tie: usize,
    },
    /// Charge!: each candidate's Activation check, highest Skill Level first (14.1.3).
    ChargeActivations {
        /// One d10 per candidate, in [`crate::charge::ChargeState::candidates`] order.
        rolls: Vec<D10>,
    },
    /// Charge!: a force that failed to Activate attacks with Combat (14.1.3).
    ChargeAttack {
        /// The force.
        force: u32,
        /// Its Activation check for Combat, the attack, Heavy Fire checks.
        rolls: Vec<D10>,
        /// Random pick among tied targets.
        tie: usize,
    },
    /// Charge!: the next force that Activated advances and makes its Shock attack (14.1.3, 11.4).
    ChargeShock {
        /// The force.
        force: u32,
        /// The rolls of the Shock attack, in the order 11.4 calls for them.
        rolls: Vec<D10>,
        /// Random pick among tied targets.
        tie: usize,
    },
    /// Resolves one Union force's Default Battle Plan (14.2, 14.3).
    UnionAct {
        /// The force; it must be the next in front-to-rear order.
        force: u32,
        /// Its Activation check, its attack, Heavy Fire checks.
        rolls: Vec<D10>,
        /// Random pick among tied targets.
        tie: usize,
    },
    /// Resolves one Confederate force's Battle Plan (14.4; Prepare, 12.3.8).
    ConfederateAct {
        /// The force.
        force: u32,
        /// Its attached counter, or the Default Battle Plan chosen.
        order: LeeOrder,
        /// Its rolls and the Union's, in the order the rules call for them.
        rolls: Vec<D10>,
        /// The player's pick among tied targets.
        tie: usize,
    },
    /// The Formation counter: up to 3 forces change Formation (12.3.7).
    UseFormationPlan {
        /// The forces and their new Formations.
        changes: Vec<(u32, Formation)>,
    },
    /// A Scout gives Clear Orders (11.2.1): up to 3 forces on Default Battle Plans, or one on
    /// a Battle Plan Counter, act without an Activation check this turn.
    ClearOrders {
        /// The forces.
        forces: Vec<u32>,
    },
    /// One Hit on a force, by hand (11.10; Close Ranks, 14.1.1).
    Hit {
        /// The force.
        force: u32,
    },
    /// Checks for a Rout (14.5).
    RoutCheck,
    /// Ends the turn: plans go back to the cup, the Battle Turn counter advances (14.6, 14.7).
    EndTurn,
    /// Resolves the Withdrawal (14.8): automatic at 2:1, else the d10 on the table.
    Withdraw {
        /// The Withdrawal roll.
        rolls: Vec<D10>,
    },
    /// Settles a captured gun (5.9.1, 5.9.2): the capturing side's Artillery counter of equal
    /// or lower Combat Value, or none available and 2 Command Points.
    ReplaceCapturedGun {
        /// Its place in [`Battle::captured`].
        index: usize,
        /// The replacement, if one is available.
        counter: Option<Counter>,
    },
    /// A change to the campaign: its pack, its start, one of its steps, a die for a step that
    /// waits for the player's choice, the Player Log ([`crate::campaign::CampaignPlay`]).
    Campaign(PlayCommand),
    /// A battle of the campaign set up on the Battlefield Sheet from its Battle Location Area
    /// (9.3, 10.2.13-10.2.19).
    SheetBattle {
        /// The Battle Location Area.
        area: String,
    },
    /// The campaign battle on the sheet is over: its result brought back onto the campaign map,
    /// its Withdrawal settled there (14.5-14.8).
    SheetResult(AfterBattle),
    /// A Fog of War event of the campaign battle on the sheet that reaches the campaign map
    /// (10.2.6-10.2.8).
    SheetFog {
        /// The event.
        event: FogEvent,
        /// Its picks and choices.
        choices: FogChoices,
    },
    /// One die thrown for the step in progress, kept in the game until the step has all it
    /// needs (each die undoable and saved).
    Roll {
        /// The die.
        roll: D10,
        /// The step, as asked, without dice.
        step: Box<Command>,
    },
}

impl Command {
    /// The step a dice-taking command is, so that dice thrown for it wait in the game; `None`
    /// for a command that takes no dice.
    pub fn step_key(&self) -> Option<String> {
        Some(match self {
            Command::ResolveFogEvent { .. } => "fog-event".into(),
            Command::ActivateInsight { insight, .. } => format!("insight-{insight:?}"),
            Command::RerollInsight { .. } => "insight-reroll".into(),
            Command::PlacePlan { force, plan, .. } => format!("plan-{plan:?}-{}", force.unwrap_or(0)),
            Command::DetermineTactics { .. } => "tactics".into(),
            Command::DrawSpecialPlan { .. } => "draw".into(),
            Command::ChargeActivations { .. } => "charge-activations".into(),
            Command::ChargeAttack { force, .. } => format!("charge-attack-{force}"),
            Command::ChargeShock { force, .. } => format!("charge-shock-{force}"),
            Command::UnionAct { force, .. } => format!("union-{force}"),
            Command::ConfederateAct { force, order, .. } => format!("lee-{force}-{}", order.key()),
            Command::Withdraw { .. } => "withdrawal".into(),
            _ => return None,
        })
    }

    /// The same command carrying these dice (a command that takes none is unchanged).
    pub fn with_rolls(mut self, dice: Vec<D10>) -> Command {
        match &mut self {
            Command::ResolveFogEvent { rolls, .. }
            | Command::ActivateInsight { rolls, .. }
            | Command::RerollInsight { rolls, .. }
            | Command::PlacePlan { rolls, .. }
            | Command::DetermineTactics { rolls }
            | Command::DrawSpecialPlan { rolls, .. }
            | Command::ChargeActivations { rolls }
            | Command::ChargeAttack { rolls, .. }
            | Command::ChargeShock { rolls, .. }
            | Command::UnionAct { rolls, .. }
            | Command::ConfederateAct { rolls, .. }
            | Command::Withdraw { rolls } => *rolls = dice,
            _ => {}
        }
        self
    }

    /// The same command with these random picks (a draw from the cup, ties among equals).
    pub fn with_picks(mut self, random_pick: usize, random_tie: usize) -> Command {
        match &mut self {
            Command::DrawSpecialPlan { pick, tie, .. } => {
                *pick = random_pick;
                *tie = random_tie;
            }
            Command::ResolveFogEvent { pick, .. } => *pick = random_pick,
            Command::ActivateInsight { tie, .. }
            | Command::RerollInsight { tie, .. }
            | Command::ChargeAttack { tie, .. }
            | Command::ChargeShock { tie, .. }
            | Command::UnionAct { tie, .. }
            | Command::ConfederateAct { tie, .. } => *tie = random_tie,
            _ => {}
        }
        self
    }

    /// The dice the command carries.
    fn rolls(&self) -> &[D10] {
        match self {
            Command::ResolveFogEvent { rolls, .. }
            | Command::ActivateInsight { rolls, .. }
            | Command::RerollInsight { rolls, .. }
            | Command::PlacePlan { rolls, .. }
            | Command::DetermineTactics { rolls }
            | Command::DrawSpecialPlan { rolls, .. }
            | Command::ChargeActivations { rolls }
            | Command::ChargeAttack { rolls, .. }
            | Command::ChargeShock { rolls, .. }
            | Command::UnionAct { rolls, .. }
            | Command::ConfederateAct { rolls, .. }
            | Command::Withdraw { rolls } => rolls,
            _ => &[],
        }
    }
}

/// Why a command was refused: a rule, a missing value, a roll still to throw, or an empty batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BattleError {
    /// A rule refused it, or a value is missing.
    Rule(RuleError),
    /// The rules call for one more roll: which, with its target, and what the rolls given did.
    NeedRoll {
        /// The roll.
        need: RollNeed,
        /// What happened before it, each line with its rule.
        so_far: Vec<String>,
    },
    /// A batch of no commands.
    NothingToDo,
}

impl From<RuleError> for BattleError {
    fn from(e: RuleError) -> Self {
        BattleError::Rule(e)
    }
}

impl std::fmt::Display for BattleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BattleError::Rule(e) => e.fmt(f),
            BattleError::NeedRoll { need, .. } => write!(f, "Roll the d10 for {}", need.what),
            BattleError::NothingToDo => f.write_str("Nothing to do."),
        }
    }
}

impl companion_core::session::EmptyBatch for BattleError {
    fn nothing_to_do() -> Self {
        BattleError::NothingToDo
    }
}

/// What a command did, for the screens.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// What happened, each line with its rule and its roll.
    pub lines: Vec<String>,
    /// The modifiers of the last attack or Shock check, each with its rule.
    pub modifiers: Vec<Modifier>,
    /// Hits taken.
    pub hits: Vec<HitTaken>,
}

impl Report {
    pub(crate) fn say(&mut self, line: impl Into<String>) {
        self.lines.push(line.into());
    }
}

pub(crate) fn refuse(detail: impl Into<String>) -> RuleError {
    RuleError::OutOfRange { what: "battle", detail: detail.into() }
}

impl GameSystem for FieldCommander {
    const ID: &'static str = "field-commander-rel";
    const NAME: &'static str = "Field Commander: Robert E. Lee";
    type Game = Game;
    type Command = Command;
    type Outcome = Report;
    type Error = BattleError;

    fn apply(game: &mut Game, command: &Command, now_ms: f64) -> Result<Report, BattleError> {
        if let Command::RenameGame { name } = command {
            let name = name.trim();
            if name.is_empty() {
                return Err(BattleError::Rule(refuse("a game needs a name")));
            }
            let mut r = Report::default();
            r.say(format!("Renamed \"{name}\""));
            game.name = name.to_string();
            note(game, &r, now_ms);
            return Ok(r);
        }
        if let Some(done) = crate::campaign_game::apply(game, command, now_ms) {
            return done;
        }
        crate::campaign_game::guard(game, command)?;
        let r = run(&mut game.battle, command)?;
        note(game, &r, now_ms);
        Ok(r)
    }
}

fn note(game: &mut Game, r: &Report, now_ms: f64) {
    let b = &game.battle;
    let phase = match b.phase {
        Phase::PreBattle => "Pre-Battle".to_string(),
        Phase::BattleTurns => b.stage.label().to_string(),
        Phase::Ended => "After the battle".to_string(),
    };
    for line in &r.lines {
        game.log.push(LogEntry::new(u32::from(b.turn), phase.clone(), now_ms, line.clone()));
    }
}

/// Applies a battle command, with the dice waiting in the game for its step first.
fn run(g: &mut Battle, command: &Command) -> Result<Report, BattleError> {
    if let Command::Roll { roll, step } = command {
        return roll_for(g, *roll, step);
    }
    let key = command.step_key();
    let mut rolls = Vec::new();
    if let Some(k) = &key {
        if !g.rolled.is_empty() && g.rolled_for.as_ref().and_then(|c| c.step_key()).as_ref() != Some(k) {
            return Err(BattleError::Rule(refuse("dice are waiting for another step: finish it or undo them")));
        }
        rolls.extend(g.rolled.iter().copied());
    }
    rolls.extend(command.rolls().iter().copied());
    let mut dice = Dice::new(rolls);
    let mut r = Report::default();
    match crate::dispatch::step(g, command, &mut dice, &mut r) {
        Ok(()) => {}
        Err(e) => {
            return Err(match dice.wanted.take() {
                Some(need) => BattleError::NeedRoll { need, so_far: r.lines },
                None => BattleError::Rule(e),
            });
        }
    }
    if dice.unused() > 0 {
        return Err(BattleError::Rule(refuse(format!("{} more dice than this step needs", dice.unused()))));
    }
    if key.is_some() {
        g.rolled.clear();
        g.rolled_for = None;
    }
    crate::ending::after_command(g, &mut r)?;
    Ok(r)
}

/// A die thrown for a step that still needs more: kept until the step takes it.
fn roll_for(g: &mut Battle, roll: D10, step: &Command) -> Result<Report, BattleError> {
    let key = step.step_key().ok_or_else(|| BattleError::Rule(refuse("this step takes no dice")))?;
    if !g.rolled.is_empty() && g.rolled_for.as_ref().and_then(|c| c.step_key()) != Some(key) {
        return Err(BattleError::Rule(refuse("dice are waiting for another step: finish it or undo them")));
    }
    g.rolled.push(roll);
    g.rolled_for = Some(Box::new(step.clone().with_rolls(Vec::new())));
    let mut r = Report::default();
    r.say(format!("Rolled {} (4.5)", roll.value()));
    Ok(r)
}

/// Tries a command on a copy of the game: what it would report, or the next roll it needs
/// (with what the dice given so far did), or why it is refused. Nothing changes.
pub fn trial(game: &Game, command: &Command) -> Result<Report, BattleError> {
    let mut copy = game.clone();
    FieldCommander::apply(&mut copy, command, 0.0)
}

/// Shorthand used by the command modules.
pub(crate) type Step = RuleResult<()>;

#[cfg(test)]
mod tests;
