//! A Campaign Information Sheet (4.20) as the player enters it: starting forces and late
//! arrivals, special rules as text, Command Points and Scouts per turn, plan quantities, the
//! group maximum, the Union Orders charts at their levels, the Withdrawal and Union Resupply
//! tables, victory and defeat conditions and Victory Points.

use super::given::{Given, Origin};
use crate::force::ForceType;
use crate::outcome::Withdrawal;
use serde::{Deserialize, Serialize};

/// A value for each Union AI Difficulty Level (7.14).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnionLevels<T> {
    /// Regular, the sheet's default.
    pub regular: T,
    /// Hard.
    pub hard: T,
    /// Veteran.
    pub veteran: T,
}

/// A value for each of the player's Difficulty Levels (7.14).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerLevels<T> {
    /// Easy.
    pub easy: T,
    /// Regular, the level the game was designed for.
    pub regular: T,
    /// Hard.
    pub hard: T,
}

/// A Union AI Difficulty Level (7.14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnionLevel {
    /// The default on each sheet.
    #[default]
    Regular,
    /// Hard.
    Hard,
    /// Veteran.
    Veteran,
}

/// The player's Difficulty Level (7.14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerLevel {
    /// Easy.
    Easy,
    /// Regular.
    #[default]
    Regular,
    /// Hard.
    Hard,
}

impl<T> UnionLevels<T> {
    /// The value at `level`.
    pub fn at(&self, level: UnionLevel) -> &T {
        match level {
            UnionLevel::Regular => &self.regular,
            UnionLevel::Hard => &self.hard,
            UnionLevel::Veteran => &self.veteran,
        }
    }
}

impl<T> PlayerLevels<T> {
    /// The value at `level`.
    pub fn at(&self, level: PlayerLevel) -> &T {
        match level {
            PlayerLevel::Easy => &self.easy,
            PlayerLevel::Regular => &self.regular,
            PlayerLevel::Hard => &self.hard,
        }
    }
}

/// A counter placed at the start (7.8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placement {
    /// The counter's key in the pack.
    pub counter: String,
    /// The Area.
    pub area: Given<String>,
    /// Where it came from.
    #[serde(default)]
    pub origin: Origin,
}

/// When Late Arrivals come (7.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArrivalWhen {
    /// When the Turn counter enters this box.
    Turn(u8),
    /// From this turn on, a d10 of the target or less each turn.
    RollFromTurn {
        /// The first turn to roll.
        turn: u8,
        /// The target number.
        target: Given<u8>,
    },
    /// When the sheet's condition has occurred, as the player says.
    Condition(String),
}

/// Where Late Arrivals come (7.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArrivalWhere {
    /// This Area, whoever holds it (7.9).
    Area(String),
    /// An Area Held by Confederate Forces, the player's choice.
    ConfederateHeld,
    /// Any Area, the player's choice as the sheet says.
    PlayerChoice,
}

/// A group of Late Arrivals (7.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LateArrival {
    /// The counters' keys.
    pub forces: Vec<String>,
    /// When.
    pub when: ArrivalWhen,
    /// Where.
    pub area: ArrivalWhere,
    /// The sheet's words.
    #[serde(default)]
    pub text: String,
    /// Where it came from.
    #[serde(default)]
    pub origin: Origin,
}

/// A special rule or special counter, as text (7.1): the player applies it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    /// The words.
    pub text: String,
    /// Where they came from.
    #[serde(default)]
    pub origin: Origin,
}

/// What a Union Orders chart's "toward the closest ... Held" looks for (16.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HeldPlace {
    /// An Objective Area (7.13).
    Objective,
    /// An Area with a City or Fort (7.6).
    CityOrFort,
}

/// One result of a Union Orders chart (16.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Order {
    /// Do not move the group.
    Hold,
    /// Move 1 (or 2, 3) Areas toward the closest Confederate Force.
    Advance(u8),
    /// To a randomly chosen adjacent Area.
    Random,
    /// One Area toward the closest Objective (or City or Fort) Held by the Union.
    TowardUnionHeld(HeldPlace),
    /// 1 (or 2, 3) Areas toward the closest Objective (or City or Fort) Held by the
    /// Confederates.
    TowardConfederateHeld(HeldPlace, u8),
    /// 1 (or more) Areas toward the named Area ("Move toward", "Move to").
    MoveToward(String, u8),
    /// 1 (or more) Areas toward the Area of the Robert E. Lee counter.
    TowardLee(u8),
    /// One Area toward the closest Confederate Force; with `true`, only one in the Battle
    /// Area counts (the Seven Days chart's "*").
    TowardClosestConfederate(bool),
    /// One Area toward the closest other Area Held by the Union (the Seven Days chart's
    /// "Advance to the closest Union Held Area").
    TowardClosestUnionHeld,
    /// "X. Otherwise, Y": Y when X cannot be done or is done already.
    Otherwise(Box<Order>, Box<Order>),
    /// Words the engine does not read: the player moves the group as they say.
    Text(String),
}

fn toward_words(to: &str, n: u8) -> String {
    if n > 1 { format!("Move {n} Areas toward {to}") } else { format!("Move toward {to}") }
}

impl Order {
    /// The order in the chart's words (16.4).
    pub fn words(&self) -> String {
        let held = |p: &HeldPlace| match p {
            HeldPlace::Objective => "Objective",
            HeldPlace::CityOrFort => "City or Fort",
        };
        let times = |n: u8| if n > 1 { format!(" x{n}") } else { String::new() };
        match self {
            Order::Hold => "Hold".into(),
            Order::Advance(n) => format!("Advance{}", times(*n)),
            Order::Random => "Move to a random adjacent Area".into(),
            Order::TowardUnionHeld(p) => format!("Union-Held {}", held(p)),
            Order::TowardConfederateHeld(p, n) => format!("Confederate-Held {}{}", held(p), times(*n)),
            Order::MoveToward(to, n) => toward_words(to, *n),
            Order::TowardLee(n) => toward_words("Robert E. Lee", *n),
            Order::TowardClosestConfederate(true) => "Move to the closest Confederate Force in the Battle Area".into(),
            Order::TowardClosestConfederate(false) => "Move to the closest Confederate Force".into(),
            Order::TowardClosestUnionHeld => "Advance to the closest Union Held Area".into(),
            Order::Otherwise(a, b) => format!("{}. Otherwise, {}", a.words(), b.words()),
            Order::Text(t) => t.clone(),
        }
    }
}

/// A Union Orders chart: the ten results of the d10 (16.1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrdersChart {
    /// Results for rolls 1 to 10.
    pub rows: Vec<Given<Order>>,
}

impl OrdersChart {
    /// A chart with every row still to be entered.
    pub fn missing() -> OrdersChart {
        OrdersChart { rows: vec![Given::Missing; 10] }
    }
}

/// A sheet's charts of one kind: Regular always, Hard and Veteran where the sheet offers them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrdersCharts {
    /// The default.
    pub regular: OrdersChart,
    /// Hard, if offered.
    #[serde(default)]
    pub hard: Option<OrdersChart>,
    /// Veteran, if offered.
    #[serde(default)]
    pub veteran: Option<OrdersChart>,
}

impl OrdersCharts {
    /// The chart at `level`, if the sheet offers it.
    pub fn at(&self, level: UnionLevel) -> Option<&OrdersChart> {
        match level {
            UnionLevel::Regular => Some(&self.regular),
            UnionLevel::Hard => self.hard.as_ref(),
            UnionLevel::Veteran => self.veteran.as_ref(),
        }
    }
}

/// The sort of an unnamed Force counter (4.8, 6.1, 6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Echelon {
    /// A Named Force (a division, or a named cavalry or artillery command).
    Named,
    /// A Brigade (Infantry or Cavalry).
    Brigade,
    /// A Regiment (Infantry or Cavalry).
    Regiment,
    /// A Battery (Artillery).
    Battery,
    /// A Garrison or a Fortification.
    Static,
}

/// One result of the Union Resupply Table (18.2, 18.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Resupply {
    /// Nothing.
    Nothing,
    /// Extra Union Command Points, spent from the next Union Resupply (18.0).
    CommandPoints(u8),
    /// Forces of this echelon from the Additional Forces cup; `arm` Infantry or Cavalry
    /// where the sheet says which.
    Additional {
        /// Brigade, Regiment or Battery.
        echelon: Echelon,
        /// How many.
        count: u8,
        /// Infantry or Cavalry, if the sheet says.
        arm: Option<ForceType>,
    },
    /// A Battery whose Combat Value a follow-up roll gives (18.3): the values for rolls 1-10.
    Battery(Vec<Given<u8>>),
    /// A Reinforcement from the Reinforcement cup (18.2).
    Reinforcement,
    /// A Garrison or Fortification from the Static Forces Pile; the Area for follow-up rolls
    /// 1-10, or a random Union-Held Area when the list is empty (18.3).
    Static(ForceType, Vec<Given<String>>),
    /// Words the engine does not read: the player applies them.
    Text(String),
}

impl Resupply {
    /// The result in the table's words (18.2).
    pub fn words(&self) -> String {
        match self {
            Resupply::Nothing => "Nothing".into(),
            Resupply::CommandPoints(n) => format!("{n} Command Points"),
            Resupply::Additional { echelon, count, arm } => {
                let arm = arm.map(|k| format!("{k:?} ")).unwrap_or_default();
                format!("{count} {arm}{echelon:?}{}", if *count > 1 { " counters" } else { "" })
            }
            Resupply::Battery(_) => "1 Artillery Battery (roll again for its Combat Value)".into(),
            Resupply::Reinforcement => "1 Reinforcement".into(),
            Resupply::Static(kind, areas) if areas.is_empty() => format!("1 {kind:?}"),
            Resupply::Static(kind, _) => format!("1 {kind:?} (roll again for its Area)"),
            Resupply::Text(t) => t.clone(),
        }
    }
}

/// The Union Resupply Table: the ten results of the d10 (18.2).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResupplyTable {
    /// Results for rolls 1 to 10.
    pub rows: Vec<Given<Resupply>>,
}

/// Which end of a half-turn a deadline falls at (3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TurnEnd {
    /// The end of the Confederate phase (15.6).
    Confederate,
    /// The end of the whole Campaign Turn (18.0).
    Turn,
}

/// When a condition is judged (3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Deadline {
    /// At the end of every step, and achieved when the campaign ends.
    Throughout,
    /// When the campaign ends.
    AtEnd,
    /// At the end of any step up to this turn's end: once met, kept.
    By(u8, TurnEnd),
    /// At this turn's end, as things then stand.
    At(u8, TurnEnd),
}

/// What a condition asks (2.1, 2.2, 3.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Test {
    /// Hold every one of these Areas (2.1), with a combined Combat Value in each of at least
    /// `min_combat` if set (2.2).
    Hold {
        /// The Areas.
        areas: Vec<String>,
        /// The least combined Confederate Combat Value in each.
        min_combat: Option<u32>,
    },
    /// At least one Confederate Force in each of these Areas (Union Forces may be there too).
    Present(Vec<String>),
    /// No Union Forces in any of these Areas.
    Clear(Vec<String>),
    /// A Confederate Force (of this Corps, if set) has entered the Area: it need not stay.
    Reach {
        /// The Area.
        area: String,
        /// The Corps identifier, if the sheet names one ("J").
        corps: Option<String>,
    },
    /// A condition the engine does not read: the player says whether it is met.
    ByHand,
}

/// One victory (or defeat) condition of the sheet (3.1, 3.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Condition {
    /// The sheet's words.
    pub text: String,
    /// What it asks.
    pub test: Test,
    /// When it is judged.
    pub deadline: Deadline,
    /// Failing it loses the campaign at once (3.2); otherwise it only denies victory.
    #[serde(default)]
    pub defeat_if_failed: bool,
    /// Campaign Victory Points for achieving it (3.3; 21.0: 1 for every Objective).
    pub vp: Given<u32>,
    /// Where it came from.
    #[serde(default)]
    pub origin: Origin,
}

/// 21.1: extra Victory Point for minimal casualties.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Casualties {
    /// The target combined Combat Value of the named Confederate counters that end the
    /// campaign.
    pub target: Given<u32>,
    /// The Areas they must be in, if the sheet says.
    #[serde(default)]
    pub areas: Vec<String>,
    /// Compare the surviving Confederate Combat Value with the surviving Union one instead.
    #[serde(default)]
    pub against_union: bool,
}

/// A river the Union never crosses (16.2), and where it goes instead.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RiverRule {
    /// The river.
    pub river: String,
    /// Instead, the group moves toward this Area (if the sheet says).
    pub instead_toward: Option<String>,
}

/// A campaign's Withdrawal table (14.8): results for rolls 1 to 10.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WithdrawalRows {
    /// Results for rolls 1 to 10.
    pub rows: Vec<Given<Withdrawal>>,
}

/// The plan quantities of the sheet's Battle Plans section (10.2.10).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanQuantities {
    /// Confederate Battle Plan Counters per Battle Turn when Lee is absent, by the player's
    /// level.
    pub confederate: PlayerLevels<Given<u8>>,
    /// Union Special Battle Plans per Battle Turn, by the Union level.
    pub union: UnionLevels<Given<u8>>,
}

/// What 7.4 places on the Player Help Sheet at set-up. The text does not say how much: the
/// sheet's amounts are entered (0 where the sheet gives none).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartingPoints {
    /// Confederate Command Points.
    pub confederate_cp: Given<u32>,
    /// Union Command Points.
    pub union_cp: Given<u32>,
    /// Scout counters.
    pub scouts: Given<u32>,
}
