//! The campaign's commands and the one function that applies them (8.0's Sequence of Play):
//! each is checked against the step it belongs to; a refused command leaves the campaign as it
//! was (the change is made on a copy, kept only when every check passed).

use super::victory::Moment;
use super::*;
use crate::prebattle::FogEvent;
use companion_core::system::GameSystem;

/// A change asked of the campaign.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CampaignCommand {
    /// Advance Turn Counter (9.1), and the Late Arrivals due at a named Area (7.9).
    AdvanceTurn,
    /// A Late Arrival: its roll, its condition met, or its Area chosen (7.9).
    Arrive {
        /// The Late Arrival's number on the sheet, from 0.
        arrival: usize,
        /// The d10 where the sheet has one rolled.
        roll: Option<D10>,
        /// The Area where the player chooses it.
        area: Option<String>,
    },
    /// Moves Confederate Forces (and Lee) from one Area to an adjacent one (9.2).
    Move {
        /// The forces, all in the same Area.
        forces: Vec<u32>,
        /// Robert E. Lee moves with them (or alone).
        lee: bool,
        /// The adjacent Area.
        to: String,
    },
    /// Ends the Moves step (9.2).
    EndMoves,
    /// A battle fought on the Battlefield Sheet, its result brought back (9.3, 14.7, 14.8).
    ApplyBattle {
        /// The Battle Location Area.
        area: String,
        /// What became of the forces, Command Points and Scouts.
        result: BattleResult,
    },
    /// A Fog of War event's effects on the campaign, for a battle on the Battlefield Sheet
    /// (10.2.5-10.2.8).
    FogOfWar {
        /// The Battle Location Area.
        area: String,
        /// The event.
        event: FogEvent,
        /// Its rolls and choices.
        choices: FogChoices,
    },
    /// A step of a Quick or Very Quick battle (part two).
    Quick(QuickCommand),
    /// Ends a Resolve Battles step once no battle is left (9.3, 15.2, 17.0).
    EndBattles,
    /// Force Marches Confederate Forces (and Lee) (15.1, 15.1.1).
    ForcedMarch {
        /// The forces, all in the same Area.
        forces: Vec<u32>,
        /// Robert E. Lee marches with them (or alone), one Area.
        lee: bool,
        /// The Area (two for Jackson's Forces, 15.1.1).
        path: Vec<String>,
    },
    /// Ends the Forced March step (15.1).
    EndForcedMarch,
    /// Refits a reduced Confederate Force (15.4).
    Refit {
        /// The force.
        force: u32,
    },
    /// Buys a Confederate Force from beside the map (15.5).
    Buy {
        /// The force.
        force: u32,
        /// On its reduced side, for its reduced Combat Value.
        reduced: bool,
        /// An Area with Confederate Forces.
        area: String,
    },
    /// Buys Scouts (15.6).
    BuyScouts {
        /// How many.
        count: u32,
    },
    /// Ends the Confederate half of the turn (16.0: flip the Campaign Turn counter).
    EndConfederateTurn,
    /// Rolls for one Union group and carries out its order (16.1, 16.3, 16.3.1, 16.4).
    UnionOrder {
        /// The group's number in [`Campaign::groups`].
        group: usize,
        /// The first d10 and every re-roll bought with a Scout (16.3.1).
        rolls: Vec<D10>,
        /// Scouts spent to shift the last roll: -1, 0 or +1 (more with O16.3.1).
        shift: i8,
        /// Random picks among equal choices (20.0).
        picks: Vec<usize>,
        /// For an order the engine does not read: the Area the group goes to.
        by_hand: Option<String>,
    },
    /// Ends the Union Orders step once every group has had its order (16.3).
    EndUnionOrders,
    /// A step of the Union Resupply (18.1-18.3).
    UnionResupply(UnionResupplyCommand),
    /// Ends the Campaign Turn (19.0); after the last box, the campaign (3.0).
    EndTurn,
    /// The player says whether a condition the engine does not read is met (3.1).
    DeclareCondition {
        /// The condition's number on the sheet, from 0.
        condition: usize,
        /// Met.
        met: bool,
    },
    /// Moves a counter by hand, for a Special Rule the engine does not read (7.1).
    ByHand {
        /// The force.
        force: u32,
        /// Where it goes.
        to: Place,
        /// The Special Rule.
        why: String,
    },
    /// Changes Command Points or Scouts by hand, for a Special Rule (7.1).
    AdjustPoints {
        /// Confederate Command Points.
        confederate_cp: i32,
        /// Union Command Points.
        union_cp: i32,
        /// Scouts.
        scouts: i32,
        /// The Special Rule.
        why: String,
    },
}

/// Why a command was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CampaignError {
    /// A rule refused it, or a value or roll is missing.
    Rule(RuleError),
    /// A batch of no commands.
    NothingToDo,
}

impl From<RuleError> for CampaignError {
    fn from(e: RuleError) -> Self {
        CampaignError::Rule(e)
    }
}

impl std::fmt::Display for CampaignError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CampaignError::Rule(e) => e.fmt(f),
            CampaignError::NothingToDo => f.write_str("Nothing to do."),
        }
    }
}

impl companion_core::session::EmptyBatch for CampaignError {
    fn nothing_to_do() -> Self {
        CampaignError::NothingToDo
    }
}

/// The campaign as a game system, for the core's undoable session.
pub struct CampaignSystem;

impl GameSystem for CampaignSystem {
    const ID: &'static str = "field-commander-rel-campaign";
    const NAME: &'static str = "Field Commander: Robert E. Lee (campaign)";
    type Game = Campaign;
    type Command = CampaignCommand;
    type Outcome = CampaignReport;
    type Error = CampaignError;

    fn apply(game: &mut Campaign, command: &CampaignCommand, now_ms: f64) -> Result<CampaignReport, CampaignError> {
        apply(game, command, now_ms)
    }
}

/// Applies a command to the campaign, writing its log. A refused command changes nothing.
pub fn apply(campaign: &mut Campaign, command: &CampaignCommand, now_ms: f64) -> Result<CampaignReport, CampaignError> {
    if campaign.phase == Phase::Over {
        let why = campaign.ending.as_ref().map(|e| e.why.clone()).unwrap_or_default();
        return Err(refuse(format!("the campaign is over: {why}")).into());
    }
    let mut next = campaign.clone();
    let mut r = CampaignReport::default();
    step(&mut next, command, &mut r)?;
    if next.phase != Phase::SetUp && next.lee_isolated() && next.ending.is_none() {
        let where_ = next.lee.clone().map(|a| format!(" in {a}")).unwrap_or_default();
        next.end(Outcome::Defeat, format!("Robert E. Lee is without Confederate Forces{where_} (3.2)"), &mut r);
    }
    for line in &r.lines {
        next.log.push(LogEntry::new(u32::from(next.turn), next.phase, now_ms, line.clone()));
    }
    *campaign = next;
    Ok(r)
}

fn expect(c: &Campaign, phase: Phase) -> RuleResult<()> {
    if c.phase != phase {
        return Err(refuse(format!("this belongs to {}; the campaign is at {}", phase.label(), c.phase.label())));
    }
    Ok(())
}

fn step(c: &mut Campaign, command: &CampaignCommand, r: &mut CampaignReport) -> RuleResult<()> {
    match command {
        CampaignCommand::AdvanceTurn => {
            if !matches!(c.phase, Phase::SetUp | Phase::TurnOver) {
                return Err(refuse(format!(
                    "the Turn counter advances at the start of a turn (9.1); the campaign is at {}",
                    c.phase.label()
                )));
            }
            c.turn += 1;
            c.phase = Phase::ConfederateMoves;
            c.acted.clear();
            let of = c.def.turns.value().map(|t| format!(" of {t}")).unwrap_or_default();
            r.say(format!("Campaign Turn {}{of}: the counter's grey Confederate side up (9.1)", c.turn));
            c.arrivals_on_turn(r)?;
        }
        CampaignCommand::Arrive { arrival, roll, area } => c.arrive(*arrival, *roll, area.as_deref(), r)?,
        CampaignCommand::Move { forces, lee, to } => {
            expect(c, Phase::ConfederateMoves)?;
            c.confederate_move(forces, *lee, to, r)?;
        }
        CampaignCommand::EndMoves => {
            expect(c, Phase::ConfederateMoves)?;
            c.judge(Moment::Step, r)?;
            c.next_step(Phase::BattlesAfterMoves, r);
        }
        CampaignCommand::ApplyBattle { area, result } => c.apply_battle(area, result, r)?,
        CampaignCommand::FogOfWar { area, event, choices } => {
            if !c.phase.resolves_battles() || c.settings.battles != BattleRules::Basic {
                return Err(refuse("a Fog of War event is brought in this way for a battle on the Battlefield Sheet"));
            }
            if !c.pending_battles().contains(area) {
                return Err(refuse(format!("there is no battle to resolve in {area}")));
            }
            c.fog_effects(*event, area, choices, r)?;
        }
        CampaignCommand::Quick(q) => c.quick_step(q, r)?,
        CampaignCommand::EndBattles => {
            if !c.phase.resolves_battles() {
                return Err(refuse(format!("the campaign is at {}, not a Resolve Battles step", c.phase.label())));
            }
            if c.battle.is_some() {
                return Err(refuse("a battle is being fought: finish it first"));
            }
            let left = c.pending_battles();
            if !left.is_empty() {
                return Err(refuse(format!("battles remain to be resolved in {} (9.3)", left.join(", "))));
            }
            c.judge(Moment::Step, r)?;
            c.encamped.clear();
            match c.phase {
                Phase::BattlesAfterMoves => c.next_step(Phase::ForcedMarch, r),
                Phase::BattlesAfterForcedMarch => {
                    c.next_step(Phase::ConfederateResupply, r);
                    if c.ending.is_none() {
                        c.begin_confederate_resupply(r)?;
                    }
                }
                _ => {
                    c.next_step(Phase::UnionResupply, r);
                    if c.ending.is_none() {
                        c.begin_union_resupply(r)?;
                    }
                }
            }
        }
        CampaignCommand::ForcedMarch { forces, lee, path } => {
            expect(c, Phase::ForcedMarch)?;
            c.forced_march(forces, *lee, path, r)?;
        }
        CampaignCommand::EndForcedMarch => {
            expect(c, Phase::ForcedMarch)?;
            c.judge(Moment::Step, r)?;
            c.next_step(Phase::BattlesAfterForcedMarch, r);
        }
        CampaignCommand::Refit { force } => c.refit(*force, r)?,
        CampaignCommand::Buy { force, reduced, area } => c.buy(*force, *reduced, area, r)?,
        CampaignCommand::BuyScouts { count } => c.buy_scouts(*count, r)?,
        CampaignCommand::EndConfederateTurn => {
            expect(c, Phase::ConfederateResupply)?;
            c.judge(Moment::ConfederateEnd, r)?;
            if c.ending.is_none() {
                c.next_step(Phase::UnionOrders, r);
                r.say("Union Turn: the Campaign Turn counter's blue side up (16.0)");
                c.begin_union_orders(r);
            }
        }
        CampaignCommand::UnionOrder { group, rolls, shift, picks, by_hand } => {
            expect(c, Phase::UnionOrders)?;
            c.union_order(*group, rolls, *shift, picks, by_hand.as_deref(), r)?;
        }
        CampaignCommand::EndUnionOrders => {
            expect(c, Phase::UnionOrders)?;
            let left: Vec<String> = c
                .groups
                .iter()
                .filter(|g| !g.done)
                .map(|g| format!("{} in {}", c.group_name(&g.tag), g.area))
                .collect();
            if !left.is_empty() {
                return Err(refuse(format!("roll for every Union group first: {} (16.3)", left.join(", "))));
            }
            c.judge(Moment::Step, r)?;
            c.groups.clear();
            c.next_step(Phase::UnionBattles, r);
        }
        CampaignCommand::UnionResupply(u) => c.union_resupply(u, r)?,
        CampaignCommand::EndTurn => {
            expect(c, Phase::UnionResupply)?;
            if c.union_stage != UnionStage::Done {
                return Err(refuse(format!("the Union Resupply is not finished: {:?} (18.0)", c.union_stage)));
            }
            let last = c.def.turns.copied(|| c.def.cell("Campaign Turn Track", "turns"))?;
            c.judge(Moment::TurnEnd, r)?;
            if c.ending.is_none() && c.turn >= last {
                r.say(format!("The Turn counter moves past the last box, Turn {last} (3.0)"));
                c.judge(Moment::CampaignEnd, r)?;
            }
            if c.ending.is_none() {
                c.next_step(Phase::TurnOver, r);
                r.say(format!("Campaign Turn {} is over (19.0)", c.turn));
            }
        }
        CampaignCommand::DeclareCondition { condition, met } => {
            let cond = c
                .def
                .conditions
                .get(*condition)
                .cloned()
                .ok_or_else(|| refuse(format!("no condition {}", condition + 1)))?;
            if cond.test != crate::pack::Test::ByHand {
                return Err(refuse(format!("\u{201c}{}\u{201d} is judged by the app from the map", cond.text)));
            }
            if c.conditions.get(*condition) != Some(&ConditionState::Pending) {
                return Err(refuse(format!("\u{201c}{}\u{201d} is judged already", cond.text)));
            }
            let state = if *met { ConditionState::Achieved } else { ConditionState::Failed };
            if let Some(s) = c.conditions.get_mut(*condition) {
                *s = state;
            }
            r.say(format!(
                "The player says \u{201c}{}\u{201d} is {} (3.1)",
                cond.text,
                if *met { "met" } else { "not met" }
            ));
            if !met && cond.defeat_if_failed {
                c.end(Outcome::Defeat, format!("a Defeat condition is met: {} (3.2)", cond.text), r);
            }
        }
        CampaignCommand::ByHand { force, to, why } => {
            if let Place::Area(a) = to
                && !c.def.map.enterable(a)
            {
                return Err(refuse(format!("no Area {a} that forces may enter (2.1)")));
            }
            let from = c.piece(*force)?.place.clone();
            if &from == to {
                return Err(refuse("the force is there already"));
            }
            c.piece_mut(*force)?.place = to.clone();
            c.piece_mut(*force)?.group = None;
            if let Place::Area(a) = to {
                c.join_group(*force, a, &mut Picks::new(&[]), r)?;
            }
            r.say(format!(
                "By hand ({why}): {} from {} to {} (7.1)",
                c.name(*force),
                super::fog::place_words(&from),
                super::fog::place_words(to)
            ));
        }
        CampaignCommand::AdjustPoints { confederate_cp, union_cp, scouts, why } => {
            let f = |v: u32, d: i32, what: &str| -> RuleResult<u32> {
                u32::try_from(i64::from(v) + i64::from(d)).map_err(|_| refuse(format!("{what} would fall below zero")))
            };
            let ccp = f(c.confederate_cp, *confederate_cp, "Confederate Command Points")?;
            let ucp = f(c.union_cp, *union_cp, "Union Command Points")?;
            let s = f(c.scouts, *scouts, "Scouts")?;
            if s > c.scouts && s - c.scouts > c.scouts_available()? {
                return Err(refuse("more Scouts than the counters in the game (4.10)"));
            }
            c.confederate_cp = ccp;
            c.union_cp = ucp;
            c.scouts = s;
            r.say(format!(
                "By hand ({why}): Command Points {confederate_cp:+} Confederate, {union_cp:+} Union; Scouts {scouts:+} (7.1)"
            ));
        }
    }
    Ok(())
}

impl Campaign {
    /// Goes on to the next step of the Sequence of Play (8.0).
    fn next_step(&mut self, phase: Phase, r: &mut CampaignReport) {
        if self.ending.is_some() {
            return;
        }
        self.phase = phase;
        self.acted.clear();
        r.say(format!("Next: {}", phase.label()));
        if phase.resolves_battles() {
            let battles = self.pending_battles();
            if battles.is_empty() {
                r.say("No Area holds both armies: no battle to resolve");
            } else {
                r.say(format!("Battles to resolve, in the order the player chooses (9.3): {}", battles.join(", ")));
            }
        }
    }
}
