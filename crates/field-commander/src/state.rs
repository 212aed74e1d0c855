//! A battle in progress: the forces on the sheet, the ledger of the Player Help Sheet (Battle
//! Turn, Command Points, Scouts, quantities, the cup) and where the turn stands in 10.1's
//! sequence. The commands that change it are in [`crate::game`].

use crate::battle::Field;
use crate::battlefield::Region;
use crate::charge::ChargeState;
use crate::confederate::InsightsInPlay;
use crate::force::{Counter, Loyalty};
use crate::lee::PlacedPlan;
use crate::outcome::{Withdrawal, WithdrawalTable};
use crate::prebattle::{FogFollowUp, FogRow, FogTable, Insight, QuantityInputs};
use crate::union::{Cup, SpecialPlan, Tactics, TurnEffects};
use companion_core::d10::D10;
use serde::{Deserialize, Serialize};

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

/// The step of a Battle Turn (10.1), in order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Stage {
    /// Before the first Battle Turn (10.2).
    #[default]
    Setup,
    /// Insight Activation (12.1).
    Insights,
    /// Select and Place Confederate Battle Plans (12.2).
    ConfederatePlans,
    /// Determine Union Tactics and Special Battle Plans (13.0).
    UnionTactics,
    /// Draw and Assign Union Special Battle Plans (14.0).
    UnionDraw,
    /// Resolve Union Battle Plans (14.3); Prepared Confederate Forces act first (12.3.8).
    UnionResolve,
    /// Resolve Confederate Battle Plans (14.4).
    ConfederateResolve,
    /// Rout Check (14.5) and Advance Battle Turn Counter (14.6).
    RoutCheck,
    /// The battle is over (14.7).
    Over,
}

impl Stage {
    /// The step's name as the Player Help Sheet prints it, with its rule.
    pub fn label(self) -> &'static str {
        match self {
            Stage::Setup => "Pre-Battle (10.2)",
            Stage::Insights => "Insight Activation (12.1)",
            Stage::ConfederatePlans => "Select and Place Confederate Battle Plans (12.2)",
            Stage::UnionTactics => "Determine Union Tactics (13.0)",
            Stage::UnionDraw => "Draw and Assign Union Special Battle Plans (14.0)",
            Stage::UnionResolve => "Resolve Union Battle Plans (14.3)",
            Stage::ConfederateResolve => "Resolve Confederate Battle Plans (14.4)",
            Stage::RoutCheck => "Rout Check (14.5)",
            Stage::Over => "End of the Battle (14.7)",
        }
    }
}

/// The Fog of War roll and its event (10.2.1-10.2.8).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FogState {
    /// The row of the roll that stands.
    pub row: Option<FogRow>,
    /// The event is resolved: no more re-rolls (10.2.2).
    pub resolved: bool,
    /// The event's follow-up result, where it had one.
    pub follow_up: Option<FogFollowUp>,
    /// A Union force the event adds that the player has yet to enter (or say is not available).
    pub awaiting: Option<FogForce>,
    /// The player's choice when the event was resolved (paying for the Brigade, Disease here).
    #[serde(default)]
    pub choice: Option<crate::game::FogChoice>,
}

/// A Union force a Fog of War event brings to the battle (10.2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FogForce {
    /// A Regiment, Infantry or Cavalry (event 5).
    Regiment,
    /// A random Reinforcement from the Reinforcement cup (event 7).
    Reinforcement,
    /// A Fortification in the Union Reserve (event 8).
    Fortification,
    /// A Garrison in the Union Approach (event 8).
    Garrison,
}

/// An Insight counter chosen for the battle (10.2.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InsightCounter {
    /// Which.
    pub insight: Insight,
    /// From Fog of War event 1: it costs no Battle Plan (10.2.6).
    pub free: bool,
    /// Used up (Duration, Entrench, Screen after its attacks, Morale and Officers once active).
    pub used: bool,
}

/// The roll of an Insight this turn that failed and may be re-rolled with a Scout (12.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FailedInsight {
    /// Which.
    pub insight: Insight,
    /// Its target (Demolitions).
    pub target: Option<u32>,
}

/// The two forces the Screen Insight keeps off the sheet (10.2.12.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScreenForces {
    /// The Cavalry Force.
    pub cavalry: Counter,
    /// The Infantry Force whose Combat Value makes the three attacks.
    pub infantry: Counter,
}

/// A captured gun (5.9.1): where it was, who took it, and its replacement once settled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Capture {
    /// The gun, now in the Captured Artillery Pile (5.9.2).
    pub gun: Counter,
    /// The side that took it.
    pub by: Loyalty,
    /// Where the replacement goes on the sheet; `None` after the battle (14.8.2, 14.8.3).
    pub region: Option<Region>,
    /// How it was settled, once it is.
    pub settled: Option<CaptureSettled>,
}

/// How a capture was settled (5.9.1, 5.9.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CaptureSettled {
    /// An Artillery counter of the capturing side took its place.
    Replaced(String),
    /// None was available: 2 Command Points instead.
    TwoCommandPoints,
}

/// How the battle ended (10.2.9, 14.7, 14.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BattleResult {
    /// This side was Enveloped and Destroyed (10.2.9).
    Enveloped(Loyalty),
    /// Only this side's forces are left on the sheet (14.7).
    OneSideLeft(Loyalty),
    /// This side Routed and its last Mobile Force left the sheet (14.5, 14.7).
    RoutedOff(Loyalty),
    /// The Battle Turn counter is in the Withdrawal box: the Withdrawal is to resolve (14.8).
    WithdrawalDue,
    /// The Withdrawal's result, applied (14.8.1-14.8.4).
    Withdrawn(Withdrawal),
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
    /// The step of the Battle Turn (10.1).
    #[serde(default)]
    pub stage: Stage,
    /// The Battle Turn, from 1.
    pub turn: u8,
    /// Battle Turns from Fog of War (10.2.4), as Duration changed them.
    pub turns: Option<u8>,
    /// The Difficulty Level's table (10.2.1).
    pub fog_table: FogTable,
    /// The Hard table's row 9 as entered from the Player Help Sheet.
    pub hard_row_9: Option<FogRow>,
    /// Every Fog of War roll made; the last one stands (10.2.2).
    pub fog_rolls: Vec<D10>,
    /// The Fog of War event.
    #[serde(default)]
    pub fog: FogState,
    /// The Envelopment Check is made (10.2.9).
    #[serde(default)]
    pub envelopment_checked: bool,
    /// The player's Scouts.
    pub scouts: u32,
    /// Confederate Command Points.
    pub confederate_cp: u32,
    /// Union Command Points.
    pub union_cp: u32,
    /// (Confederate, Union) Battle Plan Quantities (10.2.10).
    pub quantities: Option<(u32, u32)>,
    /// What set them, as entered (its purchase is refunded if they are set again).
    #[serde(default)]
    pub quantity_inputs: Option<QuantityInputs>,
    /// Robert E. Lee is on the sheet (10.2.17).
    #[serde(default)]
    pub lee_present: bool,
    /// Lee's Command Rating, entered from his counter (4.7, 5.8).
    #[serde(default)]
    pub lee_rating: Option<u8>,
    /// The Insight counters chosen (10.2.12).
    #[serde(default)]
    pub insight_counters: Vec<InsightCounter>,
    /// Insight rolls tried this turn (one each, 10.2.12.2, 10.2.12.7).
    #[serde(default)]
    pub insights_tried: Vec<Insight>,
    /// An Insight roll that failed this turn, for a Scout re-roll (12.1.1).
    #[serde(default)]
    pub insight_failed: Option<FailedInsight>,
    /// The two forces the Screen Insight keeps aside.
    #[serde(default)]
    pub screen: Option<ScreenForces>,
    /// The Cavalry Force using Screened Approach, kept on the campaign map (10.2.20): the
    /// Union is placed first.
    #[serde(default)]
    pub screened: Option<Counter>,
    /// The Union forces are placed (10.2.18, 10.2.19).
    #[serde(default)]
    pub union_placed: bool,
    /// The Union's Tactics this turn (13.0).
    pub tactics: Option<Tactics>,
    /// Plans Scouts removed for this battle (14.0.1).
    #[serde(default)]
    pub scout_removed: Vec<SpecialPlan>,
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
    pub charge: Option<ChargeState>,
    /// Insights in play that change values (10.2.12).
    #[serde(default)]
    pub insights: InsightsInPlay,
    /// The Confederate Battle Plan Counters placed this turn (12.2).
    #[serde(default)]
    pub plans: Vec<PlacedPlan>,
    /// Confederate forces that acted this turn (14.4).
    #[serde(default)]
    pub lee_acted: Vec<u32>,
    /// Forces given Clear Orders this turn (11.2.1).
    #[serde(default)]
    pub clear_orders: Vec<u32>,
    /// The Formation counter was used this turn (12.3.7).
    #[serde(default)]
    pub formation_used: bool,
    /// The Rout Check of this turn is made (14.5).
    #[serde(default)]
    pub rout_checked: bool,
    /// Captured guns (5.9.1), settled or waiting for their replacement.
    #[serde(default)]
    pub captured: Vec<Capture>,
    /// The campaign's Withdrawal table as entered (14.8).
    #[serde(default)]
    pub withdrawal_table: Option<WithdrawalTable>,
    /// How the battle ended.
    #[serde(default)]
    pub result: Option<BattleResult>,
    /// Dice thrown for the step in progress and not yet used, so that a reload keeps them.
    #[serde(default)]
    pub rolled: Vec<D10>,
    /// The step they were thrown for, as it was asked (its choices and random picks kept).
    #[serde(default)]
    pub rolled_for: Option<Box<crate::game::Command>>,
}

impl Battle {
    /// An empty battle on `table`.
    pub fn new(fog_table: FogTable) -> Battle {
        Battle {
            field: Field::default(),
            next_id: 1,
            phase: Phase::PreBattle,
            stage: Stage::Setup,
            turn: 1,
            turns: None,
            fog_table,
            hard_row_9: None,
            fog_rolls: Vec::new(),
            fog: FogState::default(),
            envelopment_checked: false,
            scouts: 0,
            confederate_cp: 0,
            union_cp: 0,
            quantities: None,
            quantity_inputs: None,
            lee_present: false,
            lee_rating: None,
            insight_counters: Vec::new(),
            insights_tried: Vec::new(),
            insight_failed: None,
            screen: None,
            screened: None,
            union_placed: false,
            tactics: None,
            scout_removed: Vec::new(),
            cup: None,
            drawn: 0,
            effects: TurnEffects::default(),
            acted: Vec::new(),
            routed: None,
            reached: Vec::new(),
            charge: None,
            insights: InsightsInPlay::default(),
            plans: Vec::new(),
            lee_acted: Vec::new(),
            clear_orders: Vec::new(),
            formation_used: false,
            rout_checked: false,
            captured: Vec::new(),
            withdrawal_table: None,
            result: None,
            rolled: Vec::new(),
            rolled_for: None,
        }
    }

    /// Whether an Insight was chosen for this battle and not used up.
    pub fn has_insight(&self, insight: Insight) -> bool {
        self.insight_counters.iter().any(|c| c.insight == insight && !c.used)
    }

    /// Whether an Insight was chosen for this battle at all.
    pub fn chose_insight(&self, insight: Insight) -> bool {
        self.insight_counters.iter().any(|c| c.insight == insight)
    }

    /// Gives Command Points to a side.
    pub fn gain(&mut self, side: Loyalty, points: u32) {
        match side {
            Loyalty::Union => self.union_cp += points,
            Loyalty::Confederate => self.confederate_cp += points,
        }
    }
}
