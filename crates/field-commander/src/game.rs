//! A battle in progress and the commands that change it: the [`GameSystem`] the app's session
//! undoes, redoes and saves. Each command takes the rolls it needs; the Union's decisions are
//! made here and reported with their rules.

use crate::battle::{Field, Force, HitTaken};
use crate::battlefield::{Formation, Region, Step};
use crate::combat::Modifier;
use crate::force::{Counter, ForceType, Loyalty, Strength};
use crate::outcome::{self, UnionHit, WithdrawalCheck};
use crate::prebattle::{self, FogRow, FogTable, QuantityInputs};
use crate::union::{self, AttackKind, Cup, DefaultPlan, SpecialPlan, Tactics, TurnEffects};
use companion_core::d10::D10;
use companion_core::error::{RuleError, RuleResult};
use companion_core::log::LogEntry;
use companion_core::system::GameSystem;
use serde::{Deserialize, Serialize};

/// The system: Field Commander: Robert E. Lee.
pub struct FieldCommander;

/// Where the battle stands (10.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Fog of War to set-up (10.2).
    PreBattle,
    /// The Battle Turns (12-14).
    BattleTurns,
    /// Over (14.7).
    Ended,
}

/// A battle in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Battle {
    /// The forces on the sheet.
    pub field: Field,
    /// The next force number.
    pub next_id: u32,
    /// Where the battle stands.
    pub phase: Phase,
    /// The Battle Turn, from 1.
    pub turn: u8,
    /// Battle Turns from Fog of War (10.2.4).
    pub turns: Option<u8>,
    /// The Difficulty Level's table (10.2.1).
    pub fog_table: FogTable,
    /// The Hard table's row 9 as entered from the Player Help Sheet.
    pub hard_row_9: Option<FogRow>,
    /// Every Fog of War roll made; the last one stands (10.2.2).
    pub fog_rolls: Vec<D10>,
    /// The player's Scouts.
    pub scouts: u32,
    /// Confederate Command Points.
    pub confederate_cp: u32,
    /// Union Command Points.
    pub union_cp: u32,
    /// (Confederate, Union) Battle Plan Quantities (10.2.10).
    pub quantities: Option<(u32, u32)>,
    /// The Union's Tactics this turn (13.0).
    pub tactics: Option<Tactics>,
    /// The Special Battle Plans cup.
    pub cup: Option<Cup>,
    /// Special Battle Plans drawn this turn that count against the quantity (14.0).
    pub drawn: u32,
    /// The turn's Special Battle Plan effects.
    pub effects: TurnEffects,
    /// Union forces that acted this turn.
    pub acted: Vec<u32>,
    /// The Routed side (14.5).
    pub routed: Option<Loyalty>,
    /// Regions first entered, for Command Points (15.3, 18.4).
    pub reached: Vec<(Loyalty, Region)>,
    /// Charge! under way this turn (14.1.3).
    #[serde(default)]
    pub charge: Option<crate::charge::ChargeState>,
    /// Insights in play that change values (10.2.12).
    #[serde(default)]
    pub insights: crate::confederate::InsightsInPlay,
    /// The history, in the game's words.
    pub log: Vec<LogEntry<Phase>>,
}

impl Battle {
    /// An empty battle on `table`.
    pub fn new(fog_table: FogTable) -> Battle {
        Battle {
            field: Field::default(),
            next_id: 1,
            phase: Phase::PreBattle,
            turn: 1,
            turns: None,
            fog_table,
            hard_row_9: None,
            fog_rolls: Vec::new(),
            scouts: 0,
            confederate_cp: 0,
            union_cp: 0,
            quantities: None,
            tactics: None,
            cup: None,
            drawn: 0,
            effects: TurnEffects::default(),
            acted: Vec::new(),
            routed: None,
            reached: Vec::new(),
            charge: None,
            insights: Default::default(),
            log: Vec::new(),
        }
    }
}

/// A change asked of the battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Places a counter on the sheet (10.2.13-10.2.19).
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
    /// Rolls for Fog of War; every roll after the first spends a Scout (10.2.1, 10.2.2).
    RollFogOfWar {
        /// The d10.
        roll: D10,
    },
    /// Sets the quantities from the Campaign Information Sheet and choices (10.2.10-10.2.12).
    SetQuantities(QuantityInputs),
    /// Starts the Battle Turns.
    StartBattle,
    /// Determines Union Tactics and fills the cup (13.0).
    DetermineTactics {
        /// The d10 at 1:1.
        tie_roll: Option<D10>,
    },
    /// Draws one Special Battle Plan and resolves it if it resolves at once (14.0, 14.1).
    DrawSpecialPlan {
        /// Random index into the cup.
        pick: usize,
        /// The d10 for Flanking Fire, Screened March or Broken.
        roll: Option<D10>,
        /// Random pick among tied or random targets.
        tie: usize,
    },
    /// Resolves one Union force's Default Battle Plan (14.2, 14.3).
    UnionAct {
        /// The force; it must be the next in front-to-rear order.
        force: u32,
        /// Its Activation check, where the plan needs one.
        activation: Option<D10>,
        /// The attack roll, where it attacks.
        attack: Option<D10>,
        /// Random pick among tied targets.
        tie: usize,
    },
    /// One Hit on a force from the Confederate side's attacks (11.10; Close Ranks, 14.1.1).
    Hit {
        /// The force.
        force: u32,
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
        /// Its Activation check for Combat (14.2.2).
        activation: Option<D10>,
        /// The attack roll.
        attack: Option<D10>,
        /// Random pick among tied targets.
        tie: usize,
    },
    /// Charge!: the next force that Activated advances and makes its Shock attack (14.1.3, 11.4).
    ChargeShock {
        /// The force.
        force: u32,
        /// The rolls of the Shock attack.
        rolls: crate::combat::ShockRolls,
        /// Random pick among tied targets.
        tie: usize,
    },
    /// Checks for a Rout (14.5).
    RoutCheck,
    /// Ends the turn: plans go back to the cup, the Battle Turn counter advances (14.6).
    EndTurn,
}

/// Why a command was refused: a rule, a missing value, or an empty batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BattleError {
    /// A rule refused it, or a value or roll is missing.
    Rule(RuleError),
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
    /// What happened, each line with its rule.
    pub lines: Vec<String>,
    /// The modifiers of an attack, each with its rule.
    pub modifiers: Vec<Modifier>,
    /// Hits taken.
    pub hits: Vec<HitTaken>,
}

impl Report {
    pub(crate) fn say(&mut self, line: impl Into<String>) {
        self.lines.push(line.into());
    }
}

fn refuse(detail: impl Into<String>) -> RuleError {
    RuleError::OutOfRange { what: "battle", detail: detail.into() }
}

fn need(roll: Option<D10>, what: &str) -> RuleResult<D10> {
    roll.ok_or_else(|| RuleError::OutOfRange { what: "dice", detail: format!("roll the d10 for {what}") })
}

impl GameSystem for FieldCommander {
    const ID: &'static str = "field-commander-rel";
    const NAME: &'static str = "Field Commander: Robert E. Lee";
    type Game = Battle;
    type Command = Command;
    type Outcome = Report;
    type Error = BattleError;

    fn apply(game: &mut Battle, command: &Command, now_ms: f64) -> Result<Report, BattleError> {
        let report = step(game, command)?;
        for line in &report.lines {
            game.log.push(LogEntry {
                turn: u32::from(game.turn),
                phase: game.phase,
                at_ms: now_ms,
                text: line.clone(),
            });
        }
        Ok(report)
    }
}

fn step(g: &mut Battle, command: &Command) -> RuleResult<Report> {
    let mut r = Report::default();
    match command {
        Command::AddForce { counter, region, formation } => {
            let id = g.next_id;
            g.next_id += 1;
            let formation = if counter.kind == ForceType::Infantry || counter.kind == ForceType::Cavalry {
                *formation
            } else {
                Formation::Line // 10.3
            };
            g.field.forces.push(Force {
                id,
                counter: counter.clone(),
                strength: Strength::Full,
                region: *region,
                formation,
                hard_cover: false,
                entrenched: false,
                cover: false,
            });
            r.say(format!("{} placed in the {}", counter.name, region.label()));
        }
        Command::EnterCounter { force, counter } => {
            let f = g.field.forces.iter_mut().find(|f| f.id == *force).ok_or_else(|| refuse("no such force"))?;
            f.counter = counter.clone();
            r.say(format!("{}: values entered", counter.name));
        }
        Command::RollFogOfWar { roll } => {
            if g.phase != Phase::PreBattle {
                return Err(refuse("Fog of War is rolled before the battle (10.2.1)"));
            }
            let mut rolls = g.fog_rolls.clone();
            rolls.push(*roll);
            let before = u32::try_from(g.fog_rolls.len().saturating_sub(1)).unwrap_or(u32::MAX);
            let (kept, spent) = prebattle::fog_roll_kept(&rolls, g.scouts + before)?;
            let row = prebattle::fog_of_war(g.fog_table, kept, g.hard_row_9)?;
            if spent > before {
                g.scouts -= 1;
                r.say("A Scout spent to re-roll Fog of War (10.2.2)");
            }
            g.fog_rolls = rolls;
            g.turns = Some(row.turns);
            r.say(format!("Fog of War {}: {} Battle Turns, {:?} (10.2.4, 10.2.5)", kept.value(), row.turns, row.event));
        }
        Command::SetQuantities(q) => {
            let (c, u) = prebattle::plan_quantities(q)?;
            let cost = q.purchase.cost_and_gain().0;
            g.confederate_cp = g.confederate_cp.checked_sub(cost).ok_or_else(|| refuse("not enough Command Points"))?;
            g.quantities = Some((c, u));
            r.say(format!("Battle Plans: {c} Confederate, {u} Union Special Battle Plans each turn (10.2.10)"));
        }
        Command::StartBattle => start(g, &mut r)?,
        Command::DetermineTactics { tie_roll } => determine_tactics(g, *tie_roll, &mut r)?,
        Command::DrawSpecialPlan { pick, roll, tie } => draw(g, *pick, *roll, *tie, &mut r)?,
        Command::UnionAct { force, activation, attack, tie } => {
            union_act(g, *force, *activation, *attack, *tie, &mut r)?
        }
        Command::Hit { force } => {
            let f = g.field.get(*force)?;
            if f.counter.loyalty == Loyalty::Union {
                match outcome::hit_union(&mut g.field, &mut g.effects, *force)? {
                    UnionHit::Cancelled => {
                        if let Some(cup) = g.cup.as_mut() {
                            cup.give_back(SpecialPlan::CloseRanks);
                        }
                        r.say("Close Ranks cancels the Hit and goes back to the cup (14.1.1)");
                    }
                    UnionHit::Taken(h) => r.hits.push(h),
                }
            } else {
                r.hits.push(g.field.hit(*force)?);
            }
        }
        Command::ChargeActivations { rolls } => crate::charge::activations(g, rolls, &mut r)?,
        Command::ChargeAttack { force, activation, attack, tie } => {
            crate::charge::failed_attack(g, *force, *activation, *attack, *tie, &mut r)?
        }
        Command::ChargeShock { force, rolls, tie } => crate::charge::shock(g, *force, rolls, *tie, &mut r)?,
        Command::RoutCheck => rout_check(g, &mut r)?,
        Command::EndTurn => end_turn(g, &mut r)?,
    }
    Ok(r)
}

fn start(g: &mut Battle, r: &mut Report) -> RuleResult<()> {
    if g.turns.is_none() || g.quantities.is_none() {
        return Err(refuse("roll Fog of War and set the Battle Plan Quantities first (10.2)"));
    }
    let u = g.field.total(Loyalty::Union)?;
    let c = g.field.total(Loyalty::Confederate)?;
    if let Some(side) = prebattle::three_to_one(u, c) {
        g.field.forces.retain(|f| f.counter.loyalty != side);
        let winner = side.opponent();
        let points = outcome::points_for_rout_or_envelopment(winner);
        match winner {
            Loyalty::Union => g.union_cp += points,
            Loyalty::Confederate => g.confederate_cp += points,
        }
        g.phase = Phase::Ended;
        r.say(format!("{u} to {c}: the {side:?} forces are Enveloped and Destroyed (10.2.9)"));
        return Ok(());
    }
    g.phase = Phase::BattleTurns;
    r.say(format!("{u} to {c}: no Envelopment (10.2.9); Battle Turn 1"));
    Ok(())
}

fn determine_tactics(g: &mut Battle, tie_roll: Option<D10>, r: &mut Report) -> RuleResult<()> {
    if g.phase != Phase::BattleTurns {
        return Err(refuse("Union Tactics are determined during a Battle Turn (13.0)"));
    }
    let u = g.field.total(Loyalty::Union)?;
    let c = g.field.total(Loyalty::Confederate)?;
    let t = union::tactics(u, c, tie_roll)?;
    if g.tactics.is_none() {
        // 10.3: the Union's Infantry and Cavalry start in Column when Aggressive, Line when Defensive.
        let formation = if t == Tactics::Aggressive { Formation::Column } else { Formation::Line };
        for f in g.field.forces.iter_mut().filter(|f| f.counter.loyalty == Loyalty::Union) {
            if matches!(f.counter.kind, ForceType::Infantry | ForceType::Cavalry) {
                f.formation = formation;
            }
        }
    }
    match g.cup.as_mut() {
        Some(cup) if cup.tactics != t => cup.refill(t),
        Some(_) => {}
        None => g.cup = Some(Cup::filled(t, Vec::new())),
    }
    if t == Tactics::Aggressive {
        // 14.1.2: Hard Cover is disregarded under Aggressive Tactics.
        for f in g.field.forces.iter_mut() {
            f.hard_cover = false;
        }
    }
    g.tactics = Some(t);
    r.say(format!("Union {u} to Confederate {c}: {t:?} Tactics (13.0)"));
    Ok(())
}

fn draw(g: &mut Battle, pick: usize, roll: Option<D10>, tie: usize, r: &mut Report) -> RuleResult<()> {
    let quantity = g.quantities.map(|q| q.1).ok_or_else(|| refuse("set the Battle Plan Quantities (10.2.10)"))?;
    if g.drawn >= quantity {
        return Err(refuse(format!("the Union has drawn its {quantity} Special Battle Plans this turn (14.0)")));
    }
    if g.routed == Some(Loyalty::Union) {
        return Err(refuse("a Routed army draws no Battle Plans (14.5)"));
    }
    let cup = g.cup.as_mut().ok_or_else(|| refuse("determine Union Tactics first (13.0)"))?;
    let plan = cup.draw(pick)?;
    let mut counts = true;
    match plan {
        SpecialPlan::CloseRanks => {
            g.effects.close_ranks += 1;
            r.say("Close Ranks: the next Hit on the Union this turn is cancelled (14.1.1)");
        }
        SpecialPlan::WellStruck => {
            g.effects.well_struck = true;
            r.say("Well-Struck: Union Infantry and Cavalry +2/+0 at range 1 this turn (14.1.4)");
        }
        SpecialPlan::Smoke => {
            g.effects.smoke = true;
            r.say("Smoke: Confederate Forces -1/-1 this turn (14.1.5)");
        }
        SpecialPlan::MixedOrders => {
            g.effects.mixed_orders = true;
            r.say("Mixed Orders: Confederate Activation numbers -1 this turn (14.1.6)");
        }
        SpecialPlan::HeavyFire => {
            g.effects.heavy_fire = true;
            r.say("Heavy Fire: a hit Confederate Mobile Force checks Activation or Retreats (14.1.10)");
        }
        SpecialPlan::FogOfWar => r.say("Fog of War: no effect, but it counts (14.1.11)"),
        SpecialPlan::HardCover => match union::hard_cover_force(&g.field, tie)? {
            Some(id) => {
                // 14.1.2: it counts this turn; while attached it stays out of the cup.
                union::attach_hard_cover(&mut g.field, id)?;
                r.say(format!("Hard Cover on {} (14.1.2)", g.field.get(id)?.counter.name));
            }
            None => {
                counts = false;
                cup.give_back(plan);
                r.say("Hard Cover: no Union Infantry or Artillery can take it; draw again (14.0)");
            }
        },
        SpecialPlan::FlankingFire => {
            let targets = union::flanking_fire_targets(&g.field)?;
            if targets.is_empty() {
                counts = false;
                r.say("Flanking Fire: every Confederate Force is in Melee; draw again (14.1.7)");
            } else if union::off_board_activates(&g.field, need(roll, "Flanking Fire")?) {
                let id = crate::battle::tie_pick(&targets, tie).ok_or_else(|| refuse("no target"))?;
                r.hits.push(g.field.hit(id)?);
                r.say("Flanking Fire activates: one Hit on a random Confederate Force (14.1.7)");
            } else {
                r.say("Flanking Fire does not activate (14.1.7)");
            }
        }
        SpecialPlan::ScreenedMarch => {
            let targets = union::screened_march_targets(&g.field)?;
            if union::off_board_activates(&g.field, need(roll, "Screened March")?) {
                if let Some(id) = crate::battle::tie_pick(&targets, tie) {
                    r.hits.push(g.field.hit(id)?);
                    r.say("Screened March activates: one Hit on the rearmost lowest-skill Confederate (14.1.8)");
                }
            } else {
                r.say("Screened March does not activate (14.1.8)");
            }
        }
        SpecialPlan::Broken => {
            if let Some(id) = crate::battle::tie_pick(&union::broken_targets(&g.field)?, tie) {
                let activation = confederate_activation(g, id)?;
                if need(roll, "Broken's Activation check")?.check(activation) {
                    r.say("Broken: the Confederate Force holds (14.1.9)");
                } else {
                    let moved = outcome::retreat_pushing(&mut g.field, id, &[tie])?;
                    r.say(format!("Broken: {} Force(s) Retreat (14.1.9)", moved.len()));
                }
            }
        }
        SpecialPlan::Charge => {
            let candidates = charge_candidates(&g.field)?;
            if candidates.is_empty() || g.tactics != Some(Tactics::Aggressive) {
                r.say("Charge!: no Union Force can charge; set aside, it still counts (14.1.3)");
            } else {
                r.say(format!("Charge!: {} foremost Union Force(s) roll to Activate (14.1.3)", candidates.len()));
                g.charge = Some(crate::charge::ChargeState::new(candidates));
            }
        }
    }
    if counts {
        g.drawn += 1;
    }
    if g.drawn >= quantity
        && let Some(cup) = g.cup.as_mut()
    {
        cup.end_of_draw();
    }
    Ok(())
}

/// A Confederate force's Activation number with Mixed Orders (14.1.6).
fn confederate_activation(g: &Battle, id: u32) -> RuleResult<i32> {
    let base = g.field.activation(id)?.map(i32::from).unwrap_or(0);
    Ok(base - i32::from(g.effects.mixed_orders))
}

/// The foremost Union forces exactly 1 Region from the nearest Confederate, not in Melee, in
/// the order Charge! advances them: highest Skill Level first (14.1.3).
pub fn charge_candidates(field: &Field) -> RuleResult<Vec<u32>> {
    let mut out = Vec::new();
    for f in field.side(Loyalty::Union) {
        if f.counter.kind.is_mobile()
            && f.counter.kind != ForceType::Artillery
            && field.nearest_enemy(f.id)? == Some(1)
            && !field.in_melee(f.id)?
        {
            out.push((std::cmp::Reverse(field.skill(f.id)?), f.id));
        }
    }
    out.sort();
    Ok(out.into_iter().map(|x| x.1).collect())
}

fn union_act(
    g: &mut Battle,
    id: u32,
    activation: Option<D10>,
    attack: Option<D10>,
    tie: usize,
    r: &mut Report,
) -> RuleResult<()> {
    let t = g.tactics.ok_or_else(|| refuse("determine Union Tactics first (13.0)"))?;
    let next = union::resolution_order(&g.field).into_iter().find(|f| !g.acted.contains(f));
    if next != Some(id) {
        return Err(refuse("Union plans resolve front to rear (14.3)"));
    }
    g.acted.push(id);
    let plan = union::default_plan(&g.field, id, t, g.routed == Some(Loyalty::Union))?;
    let name = g.field.get(id)?.counter.name.clone();
    match plan {
        DefaultPlan::Hold => r.say(format!("{name} Holds (14.2.4)")),
        DefaultPlan::Advance | DefaultPlan::Retreat => {
            g.field.set_formation(id, Formation::Column)?;
            if plan == DefaultPlan::Retreat {
                let done = outcome::retreat_routed(&mut g.field, id)?;
                r.say(format!("{name} Retreats: {done:?} (14.2.3)"));
            } else {
                let to = g.field.get(id)?.region.advance(Loyalty::Union);
                g.field.step(id, to)?;
                if let Step::Into(region) = to {
                    g.union_cp += outcome::entry_points(Loyalty::Union, region, &mut g.reached);
                    if g.field.get(id)?.hard_cover {
                        g.field.set_hard_cover(id, false)?;
                        if let Some(cup) = g.cup.as_mut() {
                            cup.give_back(SpecialPlan::HardCover);
                        }
                    }
                    r.say(format!("{name} Advances into the {} (14.2.1)", region.label()));
                }
            }
        }
        DefaultPlan::Combat | DefaultPlan::CavalryCombat => combat(g, id, plan, activation, attack, tie, r)?,
    }
    Ok(())
}

/// The Combat Default Battle Plan of one Union force (14.2.2, 14.2.2.1, 11.5-11.9).
pub(crate) fn combat(
    g: &mut Battle,
    id: u32,
    plan: DefaultPlan,
    activation: Option<D10>,
    attack: Option<D10>,
    tie: usize,
    r: &mut Report,
) -> RuleResult<()> {
    let name = g.field.get(id)?.counter.name.clone();
    if let Some(number) = g.field.activation(id)? {
        // Ruling "Guns without an Activation number": only forces printing one roll.
        if !need(activation, "the Union Activation check")?.check(i32::from(number)) {
            r.say(format!("{name} fails to Activate and Holds (14.2.2)"));
            return Ok(());
        }
    }
    if plan == DefaultPlan::Combat && !g.field.get(id)?.counter.kind.is_gun() {
        g.field.set_formation(id, Formation::Line)?;
    }
    let Some(target) = union::union_target(&g.field, id, plan)? else {
        r.say(format!("{name} has no target (11.6)"));
        return Ok(());
    };
    let kind = match (plan, target.range) {
        (DefaultPlan::CavalryCombat, _) => AttackKind::CavalryAtTwo,
        (_, 0) => AttackKind::Melee,
        _ => AttackKind::Ranged,
    };
    let melee = kind == AttackKind::Melee;
    let first = union::union_hit_target(&g.field, target.region, melee, tie)?.ok_or_else(|| refuse("no target"))?;
    let values = union::union_attack(&g.field, id, first, kind, &g.effects)?;
    let roll = need(attack, "the Union attack")?;
    let hits = values.hits(roll);
    r.modifiers = values.modifiers.clone();
    r.say(format!(
        "{name} attacks at {}/{}: rolls {}, {hits} Hit(s) (11.6)",
        values.combat(),
        values.superior(),
        roll.value()
    ));
    let mut region = target.region;
    for _ in 0..hits {
        let target_id = match union::union_hit_target(&g.field, region, melee, tie)? {
            Some(t) => Some(t),
            None => {
                // 11.9: in Melee the second Hit goes to an adjacent Region; 11.7.2: a gun's
                // to the next farthest Region with Confederates.
                let here = g.field.get(id)?.region;
                let next =
                    Region::ALL.iter().copied().filter(|x| g.field.side(Loyalty::Confederate).any(|c| c.region == *x));
                let pick = if melee {
                    next.filter(|x| here.range(*x) == 1).min()
                } else if g.field.get(id)?.counter.kind.is_gun() {
                    next.filter(|x| here.range(*x) > here.range(region)).max()
                } else {
                    None
                };
                match pick {
                    Some(p) => {
                        region = p;
                        union::union_hit_target(&g.field, p, false, tie)?
                    }
                    None => None,
                }
            }
        };
        match target_id {
            Some(t) => r.hits.push(g.field.hit(t)?),
            None => r.say("The extra Hit finds no target (11.9)"),
        }
    }
    Ok(())
}

fn rout_check(g: &mut Battle, r: &mut Report) -> RuleResult<()> {
    let u = g.field.total(Loyalty::Union)?;
    let c = g.field.total(Loyalty::Confederate)?;
    match prebattle::three_to_one(u, c) {
        Some(side) if g.routed.is_none() => {
            let guns = outcome::rout(&mut g.field, side);
            g.routed = Some(side);
            let points = outcome::points_for_rout_or_envelopment(side.opponent());
            match side.opponent() {
                Loyalty::Union => g.union_cp += points,
                Loyalty::Confederate => g.confederate_cp += points,
            }
            r.say(format!("{u} to {c}: the {side:?} forces Rout; {} gun(s) abandoned (14.5)", guns.len()));
        }
        _ => r.say(format!("{u} to {c}: no Rout (14.5)")),
    }
    Ok(())
}

fn end_turn(g: &mut Battle, r: &mut Report) -> RuleResult<()> {
    if let Some(cup) = g.cup.as_mut() {
        let attached = g.field.forces.iter().filter(|f| f.hard_cover).count();
        let mut keep = attached;
        for p in cup.out.clone() {
            if p == SpecialPlan::HardCover && keep > 0 {
                keep -= 1;
            } else {
                cup.give_back(p);
            }
        }
    }
    g.effects = TurnEffects::default();
    g.acted.clear();
    g.drawn = 0;
    let over = g.field.side(Loyalty::Union).next().is_none() || g.field.side(Loyalty::Confederate).next().is_none();
    if over {
        g.phase = Phase::Ended;
        r.say("Only one army remains on the Battlefield Sheet: the battle ends (14.7)");
        return Ok(());
    }
    g.turn += 1;
    if g.routed.is_none() && g.turns.is_some_and(|t| g.turn > t) {
        g.phase = Phase::Ended;
        let u = g.field.total(Loyalty::Union)?;
        let c = g.field.total(Loyalty::Confederate)?;
        match outcome::withdrawal_check(u, c) {
            WithdrawalCheck::Roll => r.say(format!("Withdrawal: {u} to {c}, roll on the Withdrawal table (14.8)")),
            WithdrawalCheck::Retreats(s) => r.say(format!("Withdrawal: {u} to {c}, the {s:?} forces Retreat (14.8)")),
        }
    } else {
        r.say(format!("Battle Turn {} (14.6)", g.turn));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
