//! The order book (13): Orders written, carried, accepted, reissued and ended, per side.
//!
//! An Order is written by the Army Commander on a successful Command Roll (13.1, 13.3c), a
//! Leader's Initiative (13.4a), a Reissue of an accepted Attack Order (13.2a) or the Midnight
//! burst (13.5b). It travels 12 Leader MPs a turn, plus the Army Commander's Awareness
//! (13.3a), then waits for its recipient's acceptance roll, once a turn (13.3). Each Leader
//! makes one Command Roll a turn, for one purpose (13.3c). The steps of ending an Order are in
//! [`ending`]; the commands that drive the book are in [`commands`].
//!
//! Hidden information (1.8): a side's Orders are never in the other side's [`BookView`].

pub mod commands;
pub mod effective;
pub mod ending;

use crate::oob::{Echelon, Oob, Side};
use crate::refusal::Refused;
use ending::{Ending, Step};
use serde::{Deserialize, Serialize};

/// An Order's type (13.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OrderKind {
    /// 13.2a.
    Attack,
    /// 13.2b.
    Move,
    /// 13.2c.
    Defensive,
    /// 13.2d.
    Reserve,
}

/// A Defensive Position (13.2c): an orientation, a front-line, a left and a right boundary.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DefensivePosition {
    /// Which way it faces.
    pub orientation: String,
    /// The front-line, in hexes or map features.
    pub front_line: String,
    /// The left boundary.
    pub left: String,
    /// The right boundary.
    pub right: String,
}

/// A starting Condition (13.4b): the earliest the Order may be rolled for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Condition {
    /// Two Night Turns before the day's first Twilight Turn.
    BeforeFirstLight,
    /// The day's first Twilight Turn.
    FirstLight,
    /// When another friendly Formation begins executing its attack.
    With(String),
    /// A period (hours or half hours only) after another Formation begins its attack.
    After {
        /// The Formation.
        formation: String,
        /// Minutes: a multiple of 30.
        minutes: u16,
    },
}

/// What an Order says (13.1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Instructions {
    /// The Objective: where a successful Order ends, the HQ's destination hex included.
    pub objective: String,
    /// The Route (Attack: to the Line of Departure; Move: to the Objective).
    pub route: String,
    /// Attack: the Starting Location, the Line of Departure.
    pub line_of_departure: String,
    /// Attack: the Axis of Advance, straight unless it follows a map feature.
    pub axis: String,
    /// Defensive: the Position.
    pub position: Option<DefensivePosition>,
    /// The Formations set in Reserve (13.2d).
    pub reserves: Vec<String>,
    /// Preliminary Movement Instructions (13.1d): not for Move Orders.
    pub preliminary: String,
    /// A starting Condition (13.4b).
    pub condition: Option<Condition>,
    /// The rest, in the writer's words (13.1a).
    pub text: String,
}

fn blank(s: &str) -> bool {
    s.trim().is_empty()
}

/// Checks that an Order has what its type needs (13.1, 13.2a-d).
pub fn check_instructions(kind: OrderKind, i: &Instructions) -> Result<(), Refused> {
    let need = |rule, what: &str| Err(Refused::by(rule, format!("a {kind:?} Order needs {what}")));
    match kind {
        OrderKind::Attack => {
            if blank(&i.line_of_departure) {
                return need("13.2a", "a Starting Location (Line of Departure)");
            }
            if blank(&i.route) {
                return need("13.2a", "a Route to the Line of Departure");
            }
            if blank(&i.axis) {
                return need("13.2a", "an Axis of Advance");
            }
            if blank(&i.objective) {
                return need("13.2a", "an Objective");
            }
        }
        OrderKind::Move => {
            if blank(&i.objective) {
                return need("13.2b", "an Objective");
            }
            if blank(&i.route) {
                return need("13.2b", "a Route");
            }
            if !blank(&i.preliminary) {
                return Err(Refused::by("13.1d", "Move Orders have no Preliminary Movement Instructions"));
            }
        }
        OrderKind::Defensive => {
            let ok = i.position.as_ref().is_some_and(|p| {
                !blank(&p.orientation) && !blank(&p.front_line) && !blank(&p.left) && !blank(&p.right)
            });
            if !ok {
                return need("13.2c", "a Defensive Position: orientation, front-line, left and right boundaries");
            }
        }
        OrderKind::Reserve => {
            if i.reserves.is_empty() {
                return need("13.2d", "the Formation set in Reserve");
            }
        }
    }
    if let Some(Condition::After { minutes, .. }) = &i.condition
        && (*minutes == 0 || minutes % 30 != 0)
    {
        return Err(Refused::by("13.4b", "a Condition's period is in hours or half-hours only"));
    }
    Ok(())
}

/// 13.3a: 12 Leader MPs a turn, any part rounded up, at least 1 turn; plus Awareness for the
/// Army Commander's Orders only.
pub fn delivery_turns(mps: u32, awareness: u8) -> u32 {
    mps.div_ceil(12).max(1) + u32::from(awareness)
}

/// Where an Order came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Origin {
    /// The Army Commander's Command Roll (13.3c).
    Army,
    /// A Reissue of an accepted Attack Order (13.2a).
    Reissue(u32),
    /// A Leader's Initiative (13.4a).
    Initiative,
    /// The Midnight burst (13.5b).
    Midnight,
    /// In force from the scenario (1.7).
    Scenario,
}

/// Where an Order stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Carried toward its recipient.
    InTransit,
    /// Arrived: rolled for once a turn until Accepted (13.3).
    Awaiting,
    /// Arrived while the Formation is under Attack Orders: waits, without acceptance rolls,
    /// until the attack ends (13.6c).
    Held,
    /// Accepted on this turn.
    Accepted(u32),
    /// Ended on this turn, and why.
    Ended(u32, String),
}

/// One Order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Order {
    /// Its number in the book.
    pub id: u32,
    /// The side.
    pub side: Side,
    /// Its type.
    pub kind: OrderKind,
    /// The Formation ordered (one main Formation, 13.1c).
    pub formation: String,
    /// The sending Leader.
    pub sender: String,
    /// The receiving Leader.
    pub recipient: String,
    /// The turn it was written.
    pub written: u32,
    /// The turn it arrives.
    pub arrives: u32,
    /// What it says.
    pub instructions: Instructions,
    /// Where it came from.
    pub origin: Origin,
    /// Where it stands.
    pub status: Status,
}

/// Why a Command Roll was made (13.3c: one purpose).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Purpose {
    /// To issue an Order.
    Issue,
    /// To accept an Order.
    Accept,
    /// For Initiative.
    Initiative,
}

/// One Command Roll made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandRoll {
    /// The Leader.
    pub leader: String,
    /// The turn.
    pub turn: u32,
    /// Its purpose.
    pub purpose: Purpose,
    /// The Order it was for, if any.
    pub order: Option<u32>,
    /// Yes or No.
    pub passed: bool,
}

/// A Formation's standing in the Orders system.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The Formation.
    pub formation: String,
    /// Its current accepted Order; `None`: No Orders, Limited Defense Status (13.2e).
    pub current: Option<u32>,
    /// An Ending Order process in progress (13.6).
    pub ending: Option<Ending>,
    /// The turn of its last Fluke Stoppage check (13.6h: one each turn).
    pub fluke_checked: Option<u32>,
    /// Set in Reserve (13.2d).
    pub reserve: bool,
}

/// Both sides' order books.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderBook {
    /// Every Order written.
    pub orders: Vec<Order>,
    /// Every Command Roll made.
    pub rolls: Vec<CommandRoll>,
    /// Every Formation that has had an Order.
    pub standings: Vec<Standing>,
    /// Initiative rolls by Formation and turn (13.4a "Layering for Success").
    pub initiative: Vec<(String, u32, String)>,
}

/// What one side's player may see of the book (1.8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookView<'a> {
    /// The side.
    pub side: Side,
    /// That side's Orders only.
    pub orders: Vec<&'a Order>,
    /// That side's Command Rolls.
    pub rolls: Vec<&'a CommandRoll>,
}

impl OrderBook {
    /// The Order `id`.
    pub fn order(&self, id: u32) -> Result<&Order, Refused> {
        self.orders.iter().find(|o| o.id == id).ok_or_else(|| Refused::because(format!("no Order {id}")))
    }

    fn order_mut(&mut self, id: u32) -> Result<&mut Order, Refused> {
        self.orders.iter_mut().find(|o| o.id == id).ok_or_else(|| Refused::because(format!("no Order {id}")))
    }

    /// The view of `side`'s player: his own Orders and rolls, nothing of the enemy's (1.8).
    pub fn view(&self, side: Side) -> BookView<'_> {
        BookView {
            side,
            orders: self.orders.iter().filter(|o| o.side == side).collect(),
            rolls: self
                .rolls
                .iter()
                .filter(|r| self.orders.iter().all(|o| Some(o.id) != r.order || o.side == side))
                .collect(),
        }
    }

    /// The Formation's standing, made if it had none.
    pub fn standing_mut(&mut self, formation: &str) -> &mut Standing {
        if let Some(i) = self.standings.iter().position(|s| s.formation == formation) {
            &mut self.standings[i]
        } else {
            self.standings.push(Standing {
                formation: formation.into(),
                current: None,
                ending: None,
                fluke_checked: None,
                reserve: false,
            });
            let last = self.standings.len() - 1;
            &mut self.standings[last]
        }
    }

    /// The Formation's standing, if any.
    pub fn standing(&self, formation: &str) -> Option<&Standing> {
        self.standings.iter().find(|s| s.formation == formation)
    }

    /// The Formation's current accepted Order.
    pub fn current(&self, formation: &str) -> Option<&Order> {
        let id = self.standing(formation)?.current?;
        self.orders.iter().find(|o| o.id == id)
    }

    /// Whether the Formation follows accepted Attack Orders.
    pub fn attacking(&self, formation: &str) -> bool {
        self.current(formation).is_some_and(|o| o.kind == OrderKind::Attack)
    }

    /// Whether the Leader has made his Command Roll this turn (13.3c).
    pub fn rolled(&self, leader: &str, turn: u32) -> bool {
        self.rolls.iter().any(|r| r.leader == leader && r.turn == turn)
    }

    /// Whether the Formation may accept a new Order now: no Ending process, or one that has
    /// reached its New Order Acceptance step (13.6; until Recovery, 13.7c).
    pub fn may_accept(&self, formation: &str) -> bool {
        self.standing(formation)
            .and_then(|s| s.ending.as_ref())
            .is_none_or(|e| e.at() == Some(Step::NewOrderAcceptance))
    }

    fn add(&mut self, mut order: Order) -> u32 {
        let id = self.orders.iter().map(|o| o.id).max().unwrap_or(0) + 1;
        order.id = id;
        self.orders.push(order);
        id
    }

    fn end(&mut self, id: u32, turn: u32, why: &str) {
        if let Ok(o) = self.order_mut(id)
            && !matches!(o.status, Status::Ended(..))
        {
            o.status = Status::Ended(turn, why.into());
        }
        for s in self.standings.iter_mut().filter(|s| s.current == Some(id)) {
            s.current = None;
        }
    }

    /// Ends every Order of the Formation waiting for Acceptance (13.6c, 13.6d).
    fn end_waiting(&mut self, formation: &str, except: u32, turn: u32, why: &str) -> Vec<String> {
        let ids: Vec<u32> = self
            .orders
            .iter()
            .filter(|o| {
                o.formation == formation && o.id != except && matches!(o.status, Status::Awaiting | Status::Held)
            })
            .map(|o| o.id)
            .collect();
        for id in &ids {
            self.end(*id, turn, why);
        }
        ids.iter().map(|id| format!("Order {id} for {formation} eliminated ({why})")).collect()
    }

    /// The Command Phase's deliveries for `side` (13.3a, 13.6c, 3.2).
    pub fn deliver(&mut self, side: Side, turn: u32, oob: &Oob) -> Vec<String> {
        let mut lines = Vec::new();
        let arriving: Vec<u32> = self
            .orders
            .iter()
            .filter(|o| o.side == side && o.status == Status::InTransit && o.arrives <= turn)
            .map(|o| o.id)
            .collect();
        for id in arriving {
            let Ok(o) = self.order(id).cloned() else { continue };
            lines.push(format!("Order {id} ({:?}) arrives for {} (13.3a)", o.kind, o.recipient));
            lines.extend(self.end_waiting(&o.formation, id, turn, "13.6c"));
            let held = self.attacking(&o.formation);
            if !held && let Some(current) = self.standing(&o.formation).and_then(|s| s.current) {
                self.end(current, turn, "13.6c new Orders");
                lines.push(format!("{} is in No Orders until it accepts (13.6c, 13.2e)", o.formation));
            }
            let status = if held { Status::Held } else { Status::Awaiting };
            if held {
                lines.push(format!("Order {id} waits until {}'s attack ends (13.6c)", o.formation));
            }
            if let Ok(m) = self.order_mut(id) {
                m.status = status;
            }
            let army_move =
                o.kind == OrderKind::Move && oob.leader(&o.recipient).is_some_and(|l| l.army_commander()) && !held;
            if army_move {
                lines.push(self.accepted(id, turn));
                lines.push("The Army HQ accepts Move Orders on arrival (3.2)".into());
            }
        }
        lines
    }

    /// Makes `id` its Formation's current Order.
    fn accepted(&mut self, id: u32, turn: u32) -> String {
        let Ok(o) = self.order(id).cloned() else { return String::new() };
        if let Some(old) = self.standing(&o.formation).and_then(|s| s.current) {
            self.end(old, turn, "replaced by an accepted Order (2.1b)");
        }
        if let Ok(m) = self.order_mut(id) {
            m.status = Status::Accepted(turn);
        }
        let s = self.standing_mut(&o.formation);
        s.current = Some(id);
        s.ending = None;
        for r in &o.instructions.reserves {
            self.standing_mut(r).reserve = true;
        }
        format!("Order {id} accepted: {} follows its {:?} Order", o.formation, o.kind)
    }

    /// The Formations of `side` that must check for Fluke Stoppage this turn (13.6h): those
    /// under accepted Attack Orders, Divisions or Brigades attacking on their own, not checked
    /// yet, not in an Ending process.
    pub fn fluke_checks_due(&self, side: Side, turn: u32, oob: &Oob) -> Vec<String> {
        self.standings
            .iter()
            .filter(|s| s.ending.is_none() && s.fluke_checked != Some(turn))
            .filter(|s| self.current(&s.formation).is_some_and(|o| o.kind == OrderKind::Attack && o.side == side))
            .filter(|s| {
                oob.formation(&s.formation).is_some_and(|f| matches!(f.echelon, Echelon::Division | Echelon::Brigade))
            })
            .map(|s| s.formation.clone())
            .collect()
    }

    /// 13.6g: the loss of a Formation's senior Leader starts its Ending process.
    pub fn senior_leader_lost(&mut self, formation: &str, turn: u32) -> Vec<String> {
        if self.current(formation).is_none() && self.standing(formation).is_none() {
            return Vec::new();
        }
        ending::start(self, formation, ending::Event::SeniorLeaderLost, turn)
    }
}

/// 13.6h, 13.2d: whether `reserve` qualifies as the Reserve for `division`'s Fluke Stoppage
/// DRM: a Division of 3 or more Brigades needs one complete Brigade, of fewer one
/// full-strength Regiment (all its "-a"/"-b" units), of the same arm, set in Reserve, none
/// DG, Routed or Wrecked; never Artillery. `units` are the units of the Reserve.
pub fn reserve_qualifies(
    book: &OrderBook,
    oob: &Oob,
    division: &str,
    reserve: &str,
    units: &[String],
) -> Result<(), Refused> {
    let no = |why: &str| Err(Refused::by("13.6h", why.to_string()));
    if !book.standing(reserve).is_some_and(|s| s.reserve) {
        return no("the Formation is not set in Reserve (13.2d)");
    }
    let brigades = oob.below(division).iter().filter(|f| f.echelon == Echelon::Brigade).count().max(1);
    let listed: Vec<&crate::oob::Unit> = units.iter().filter_map(|u| oob.unit(u)).collect();
    if listed.len() != units.len() || listed.is_empty() {
        return no("name the Reserve's units");
    }
    if listed.iter().any(|u| u.arm == crate::oob::Arm::Artillery) {
        return no("Artillery cannot serve as a Reserve for this purpose");
    }
    let division_arm = oob
        .units
        .iter()
        .find(|u| {
            oob.above(&u.formation, Echelon::Division).is_some_and(|d| d.id == division) && !units.contains(&u.id)
        })
        .map(|u| u.arm);
    if division_arm.is_some_and(|a| listed.iter().any(|u| u.arm != a)) {
        return no("a Formation requires a Reserve of the same type");
    }
    if listed.iter().any(|u| {
        u.wrecked() || matches!(u.state, crate::morale::MoraleState::Disorganized | crate::morale::MoraleState::Routed)
    }) {
        return no("the Reserve cannot contain Disorganized, Routed or Wrecked Regiments");
    }
    if brigades >= 3 {
        let complete = oob.formation(reserve).is_some_and(|f| f.echelon == Echelon::Brigade)
            && oob.units.iter().filter(|u| u.formation == reserve && u.on_map).all(|u| units.contains(&u.id));
        if !complete {
            return no("a Division of 3 or more Brigades needs one complete Brigade in Reserve");
        }
    } else if listed.iter().any(|u| u.strength < u.printed) {
        return no("a Division of 1 or 2 Brigades needs one full-strength Regiment in Reserve");
    }
    Ok(())
}

#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) use tests::game as test_game;
