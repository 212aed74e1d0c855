//! What a game keeps of its orders (1.1, 3): every turn's marked orders, the marking timer,
//! how the players mark, and every change of a unit's morale. The commands that change them
//! are in [`super::orders`].

use super::ids::{OfficerId, UnitId};
use super::roster::Side;
use crate::rules::officers::Experience;
use crate::rules::unit::{Formation, MoraleLevel, OrderKind};
use serde::{Deserialize, Serialize};

/// Seconds allowed for marking: "limit the marking phase to three minutes" (1.1.1).
pub const MARKING_SECONDS: u32 = 180;

/// How the players mark their orders.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayMode {
    /// One device passes between the players; a cover screen hides one side's orders from
    /// the other until both have marked.
    #[default]
    SharedDevice,
    /// Each player marks their own side on their own device.
    OwnDevices,
}

/// The direction on a Move This Direction counter (1.2), as seen from behind the unit. The
/// exact direction is revealed in phase three.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum MoveDirection {
    Forward,
    ForwardLeft,
    ForwardRight,
    Left,
    Right,
    BackLeft,
    BackRight,
    Back,
}

impl MoveDirection {
    /// Every direction, forward first.
    pub const ALL: [MoveDirection; 8] = [
        MoveDirection::Forward,
        MoveDirection::ForwardLeft,
        MoveDirection::ForwardRight,
        MoveDirection::Left,
        MoveDirection::Right,
        MoveDirection::BackLeft,
        MoveDirection::BackRight,
        MoveDirection::Back,
    ];

    /// The words the players see.
    pub fn label(self) -> &'static str {
        match self {
            MoveDirection::Forward => "forward",
            MoveDirection::ForwardLeft => "forward left",
            MoveDirection::ForwardRight => "forward right",
            MoveDirection::Left => "left",
            MoveDirection::Right => "right",
            MoveDirection::BackLeft => "back left",
            MoveDirection::BackRight => "back right",
            MoveDirection::Back => "back",
        }
    }
}

/// Why an order became Conditional Hold at the reveal (3.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConditionalHoldChange {
    /// The players chose it (3.2: any order but First Fire and Charge), or the rules forced it.
    pub forced: bool,
    /// The rule behind it, e.g. "3.2" or "5.2.3".
    pub rule: String,
}

/// One regiment's or gun section's order for one turn (1.1.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitOrder {
    /// The regiment's or gun section's id.
    pub unit: UnitId,
    /// Its side.
    pub side: Side,
    /// The order as marked in phase one.
    pub kind: OrderKind,
    /// Move This Direction: the arrow's direction.
    #[serde(default)]
    pub direction: Option<MoveDirection>,
    /// Formation Change: the new formation.
    #[serde(default)]
    pub formation: Option<Formation>,
    /// Charge: the objective, an enemy unit's id (3.1, 5.1.1).
    #[serde(default)]
    pub objective: Option<UnitId>,
    /// The order takes the unit closer to the enemy, as the player marking it said (1.1.3).
    #[serde(default)]
    pub toward_enemy: bool,
    /// The unit's morale when the order was marked: one that was good then and is shaken by
    /// the reveal must change a forward order to Conditional Hold (3.2).
    pub morale_when_marked: MoraleLevel,
    /// Not marked in time, or by mistake: given Hold (1.1.1, 1.1.2).
    #[serde(default)]
    pub by_default: bool,
    /// Changed to Conditional Hold at the reveal (3.2).
    #[serde(default)]
    pub conditional_hold: Option<ConditionalHoldChange>,
    /// Marked with one counter for its whole brigade or battery (1.1.2): that group's id.
    /// A group is one order for the Appendix F.1 command limits.
    #[serde(default)]
    pub group: Option<String>,
    /// Appendix F.2: an order illegal for the shaken unit, carried out only if it rallies to
    /// good morale in Phase Two.
    #[serde(default)]
    pub if_rallied: bool,
}

impl UnitOrder {
    /// The order the unit carries out: Conditional Hold once changed at the reveal (3.2),
    /// otherwise the order marked.
    pub fn in_force(&self) -> OrderKind {
        if self.conditional_hold.is_some() { OrderKind::ConditionalHold } else { self.kind }
    }
}

/// The marking timer of phase one (1.1.1), kept as a deadline so it stays right through a
/// locked screen, a tab switch or a reload.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MarkingTimer {
    /// When it runs out, in milliseconds since the Unix epoch (device clock).
    pub deadline_ms: f64,
    /// Its length when started, in seconds.
    pub seconds: u32,
    /// The side marking under it, on a shared device; both sides at once otherwise.
    #[serde(default)]
    pub side: Option<Side>,
}

/// Every order of one turn, both sides.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TurnOrders {
    /// The turn, from 1.
    pub turn: u32,
    /// One order per unit marked (or given Hold by default), in marking order.
    #[serde(default)]
    pub orders: Vec<UnitOrder>,
    /// Sides that have finished marking.
    #[serde(default)]
    pub marked: Vec<Side>,
    /// The running marking timer, if any.
    #[serde(default)]
    pub timer: Option<MarkingTimer>,
    /// Revealed in phase three (3): from then on both sides' orders may be shown.
    #[serde(default)]
    pub revealed: bool,
    /// Units the players say will be charged this turn although no Charge order on this
    /// device names them (own devices: the enemy's orders are on the other device) (3.2).
    #[serde(default)]
    pub charged: Vec<UnitId>,
}

impl TurnOrders {
    /// A unit's order this turn.
    pub fn order_of(&self, unit: &str) -> Option<&UnitOrder> {
        self.orders.iter().find(|o| o.unit == unit)
    }

    /// The units whose order in force is `kind`, in marking order.
    pub fn units_with(&self, kind: OrderKind) -> impl Iterator<Item = &UnitOrder> {
        self.orders.iter().filter(move |o| o.in_force() == kind)
    }
}

/// How this game marks its orders.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrdersSetup {
    /// Shared device or one device per player.
    #[serde(default)]
    pub mode: PlayMode,
    /// The marking time in seconds; three minutes unless the players choose otherwise
    /// (1.1.1).
    #[serde(default = "marking_seconds")]
    pub timer_seconds: u32,
    /// With one device per player: the side this device marks.
    #[serde(default)]
    pub device_side: Option<Side>,
    /// Appendix F.1: each brigadier's experience, as the referee assigns it, by officer id.
    #[serde(default)]
    pub experience: Vec<(OfficerId, Experience)>,
}

fn marking_seconds() -> u32 {
    MARKING_SECONDS
}

impl Default for OrdersSetup {
    fn default() -> OrdersSetup {
        OrdersSetup {
            mode: PlayMode::default(),
            timer_seconds: MARKING_SECONDS,
            device_side: None,
            experience: Vec::new(),
        }
    }
}

/// A change of a unit's morale, stamped with when it happened, so the tracker can tell which
/// units were shaken or routed this phase (2.4: they do not try to rally) and the reveal which
/// were shaken in phase two (3.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleChange {
    /// The regiment's or gun section's id.
    pub unit: UnitId,
    /// The turn it happened in.
    pub turn: u32,
    /// The phase's number, 1 to 8.
    pub phase: u8,
    /// Its morale before.
    pub from: MoraleLevel,
    /// Its morale after.
    pub to: MoraleLevel,
}

/// Shortest and longest marking time the app accepts, in seconds (1.1.1 says three minutes;
/// players may agree otherwise, and a short one lets a table try the app quickly).
pub const TIMER_RANGE: (u32, u32) = (5, 3600);

/// An order as the player chooses it in phase one (1.1, 1.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderChoice {
    /// The order.
    pub kind: OrderKind,
    /// Move This Direction: the arrow's direction.
    #[serde(default)]
    pub direction: Option<MoveDirection>,
    /// Formation Change: the new formation.
    #[serde(default)]
    pub formation: Option<Formation>,
    /// Charge: the objective, an enemy regiment's or gun section's id (3.1, 5.1.1).
    #[serde(default)]
    pub objective: Option<UnitId>,
    /// The order takes the unit in any way closer to the enemy, as the player says (1.1.3).
    #[serde(default)]
    pub toward_enemy: bool,
    /// The advance ends where friendly non-officer units already stand (11.2).
    #[serde(default)]
    pub into_friendly_position: bool,
    /// An isolated unit obviously moving to rejoin the main force (11.2).
    #[serde(default)]
    pub rejoining: bool,
}

impl OrderChoice {
    /// An order with no direction, formation or objective.
    pub fn plain(kind: OrderKind) -> OrderChoice {
        OrderChoice {
            kind,
            direction: None,
            formation: None,
            objective: None,
            toward_enemy: false,
            into_friendly_position: false,
            rejoining: false,
        }
    }

    /// Move This Direction in `direction`; a forward direction is toward the enemy (see
    /// RULINGS.md) unless the player says otherwise.
    pub fn movement(direction: MoveDirection, toward_enemy: bool) -> OrderChoice {
        OrderChoice { direction: Some(direction), toward_enemy, ..OrderChoice::plain(OrderKind::Move) }
    }

    /// Charge against `objective` (always toward the enemy).
    pub fn charge(objective: impl Into<UnitId>) -> OrderChoice {
        OrderChoice { objective: Some(objective.into()), toward_enemy: true, ..OrderChoice::plain(OrderKind::Charge) }
    }
}

impl MoveDirection {
    /// Forward, forward left or forward right: the directions the app takes as toward the
    /// enemy unless the player says otherwise (RULINGS.md).
    pub fn is_forward(self) -> bool {
        matches!(self, MoveDirection::Forward | MoveDirection::ForwardLeft | MoveDirection::ForwardRight)
    }

    /// The arrow shown on the counter.
    pub fn arrow(self) -> &'static str {
        match self {
            MoveDirection::Forward => "↑",
            MoveDirection::ForwardLeft => "↖",
            MoveDirection::ForwardRight => "↗",
            MoveDirection::Left => "←",
            MoveDirection::Right => "→",
            MoveDirection::BackLeft => "↙",
            MoveDirection::BackRight => "↘",
            MoveDirection::Back => "↓",
        }
    }
}

impl UnitOrder {
    /// The order in the players' words: "Move This Direction, forward left", "Charge".
    pub fn words(&self) -> String {
        let mut w = self.kind.label().to_string();
        if let Some(d) = self.direction {
            w.push_str(&format!(", {}", d.label()));
        }
        if let Some(f) = self.formation {
            w.push_str(&format!(" to {}", f.label()));
        }
        if self.by_default {
            w.push_str(" (not marked in time)");
        }
        w
    }

    /// The counter code, with the arrow for a move: "H", "→↖", "CH".
    pub fn code(&self) -> String {
        match (self.in_force(), self.direction) {
            (OrderKind::Move, Some(d)) => d.arrow().to_string(),
            (k, _) => k.code().to_string(),
        }
    }
}
