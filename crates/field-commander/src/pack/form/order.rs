//! A row of a Union Orders chart (16.1, 16.4) as the form holds it: the order's kind as one
//! choice, the Area it names, how many Areas, and an "Otherwise" order.

use crate::pack::{HeldPlace, Order};
use serde::{Deserialize, Serialize};

/// The kinds of order the charts print (16.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OrderKind {
    /// Hold.
    Hold,
    /// Advance (x2, x3).
    Advance,
    /// Random.
    Random,
    /// Move toward (an Area).
    MoveToward,
    /// Move toward Robert E. Lee.
    TowardLee,
    /// Union-Held Objective.
    UnionHeldObjective,
    /// Union-Held Area, City or Fort.
    UnionHeldCityOrFort,
    /// Confederate-Held Objective (x2, x3).
    ConfederateHeldObjective,
    /// Confederate-Held Area, City or Fort (x2).
    ConfederateHeldCityOrFort,
    /// Move to the closest Confederate Force.
    ClosestConfederate,
    /// Move to the closest Confederate Force, only one in the Battle Area counting.
    ClosestConfederateInBattleArea,
    /// Advance to the closest Union Held Area.
    ClosestUnionHeld,
    /// Words the app does not read: the player moves the group.
    Words,
}

impl OrderKind {
    /// Every kind, in the order the form offers them.
    pub const ALL: [OrderKind; 13] = [
        OrderKind::Hold,
        OrderKind::MoveToward,
        OrderKind::Advance,
        OrderKind::Random,
        OrderKind::TowardLee,
        OrderKind::UnionHeldObjective,
        OrderKind::UnionHeldCityOrFort,
        OrderKind::ConfederateHeldObjective,
        OrderKind::ConfederateHeldCityOrFort,
        OrderKind::ClosestConfederate,
        OrderKind::ClosestConfederateInBattleArea,
        OrderKind::ClosestUnionHeld,
        OrderKind::Words,
    ];

    /// The kind in the charts' words (16.4).
    pub fn label(self) -> &'static str {
        match self {
            OrderKind::Hold => "Hold",
            OrderKind::Advance => "Advance",
            OrderKind::Random => "Random adjacent Area",
            OrderKind::MoveToward => "Move toward an Area",
            OrderKind::TowardLee => "Move toward Robert E. Lee",
            OrderKind::UnionHeldObjective => "Union-Held Objective",
            OrderKind::UnionHeldCityOrFort => "Union-Held City or Fort",
            OrderKind::ConfederateHeldObjective => "Confederate-Held Objective",
            OrderKind::ConfederateHeldCityOrFort => "Confederate-Held City or Fort",
            OrderKind::ClosestConfederate => "Closest Confederate Force",
            OrderKind::ClosestConfederateInBattleArea => "Closest Confederate Force in the Battle Area",
            OrderKind::ClosestUnionHeld => "Closest Union Held Area",
            OrderKind::Words => "Other words (moved by hand)",
        }
    }

    /// Whether the order names an Area.
    pub fn names_area(self) -> bool {
        self == OrderKind::MoveToward
    }

    /// Whether the order may move more than one Area (x2, x3).
    pub fn counts_areas(self) -> bool {
        matches!(
            self,
            OrderKind::Advance
                | OrderKind::MoveToward
                | OrderKind::TowardLee
                | OrderKind::ConfederateHeldObjective
                | OrderKind::ConfederateHeldCityOrFort
        )
    }
}

/// A chart row as the form holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderForm {
    /// The order.
    pub kind: OrderKind,
    /// The Area a "Move toward" names.
    pub area: String,
    /// How many Areas (1 to 3).
    pub times: u8,
    /// The words of an order the app does not read.
    pub words: String,
    /// "Otherwise, ...": the order when the first cannot be done or is done already.
    pub otherwise: Option<(OrderKind, String)>,
}

impl Default for OrderForm {
    fn default() -> Self {
        OrderForm { kind: OrderKind::Hold, area: String::new(), times: 1, words: String::new(), otherwise: None }
    }
}

fn simple(kind: OrderKind, area: &str, times: u8, words: &str) -> Result<Order, String> {
    let n = times.clamp(1, 3);
    Ok(match kind {
        OrderKind::Hold => Order::Hold,
        OrderKind::Advance => Order::Advance(n),
        OrderKind::Random => Order::Random,
        OrderKind::MoveToward => {
            let a = area.trim();
            if a.is_empty() {
                return Err("choose the Area the group moves toward".into());
            }
            Order::MoveToward(a.to_string(), n)
        }
        OrderKind::TowardLee => Order::TowardLee(n),
        OrderKind::UnionHeldObjective => Order::TowardUnionHeld(HeldPlace::Objective),
        OrderKind::UnionHeldCityOrFort => Order::TowardUnionHeld(HeldPlace::CityOrFort),
        OrderKind::ConfederateHeldObjective => Order::TowardConfederateHeld(HeldPlace::Objective, n),
        OrderKind::ConfederateHeldCityOrFort => Order::TowardConfederateHeld(HeldPlace::CityOrFort, n),
        OrderKind::ClosestConfederate => Order::TowardClosestConfederate(false),
        OrderKind::ClosestConfederateInBattleArea => Order::TowardClosestConfederate(true),
        OrderKind::ClosestUnionHeld => Order::TowardClosestUnionHeld,
        OrderKind::Words => {
            let w = words.trim();
            if w.is_empty() {
                return Err("type the order's words".into());
            }
            Order::Text(w.to_string())
        }
    })
}

fn parts(o: &Order) -> (OrderKind, String, u8, String) {
    match o {
        Order::Hold => (OrderKind::Hold, String::new(), 1, String::new()),
        Order::Advance(n) => (OrderKind::Advance, String::new(), *n, String::new()),
        Order::Random => (OrderKind::Random, String::new(), 1, String::new()),
        Order::MoveToward(a, n) => (OrderKind::MoveToward, a.clone(), *n, String::new()),
        Order::TowardLee(n) => (OrderKind::TowardLee, String::new(), *n, String::new()),
        Order::TowardUnionHeld(HeldPlace::Objective) => {
            (OrderKind::UnionHeldObjective, String::new(), 1, String::new())
        }
        Order::TowardUnionHeld(HeldPlace::CityOrFort) => {
            (OrderKind::UnionHeldCityOrFort, String::new(), 1, String::new())
        }
        Order::TowardConfederateHeld(HeldPlace::Objective, n) => {
            (OrderKind::ConfederateHeldObjective, String::new(), *n, String::new())
        }
        Order::TowardConfederateHeld(HeldPlace::CityOrFort, n) => {
            (OrderKind::ConfederateHeldCityOrFort, String::new(), *n, String::new())
        }
        Order::TowardClosestConfederate(false) => (OrderKind::ClosestConfederate, String::new(), 1, String::new()),
        Order::TowardClosestConfederate(true) => {
            (OrderKind::ClosestConfederateInBattleArea, String::new(), 1, String::new())
        }
        Order::TowardClosestUnionHeld => (OrderKind::ClosestUnionHeld, String::new(), 1, String::new()),
        Order::Otherwise(a, _) => parts(a),
        Order::Text(t) => (OrderKind::Words, String::new(), 1, t.clone()),
    }
}

impl OrderForm {
    /// The form of a chart's row.
    pub fn from_order(o: &Order) -> OrderForm {
        let (kind, area, times, words) = parts(o);
        let otherwise = match o {
            Order::Otherwise(_, then) => {
                let (k, a, ..) = parts(then);
                Some((k, a))
            }
            _ => None,
        };
        OrderForm { kind, area, times, words, otherwise }
    }

    /// The order, or what is missing from the form.
    pub fn order(&self) -> Result<Order, String> {
        let first = simple(self.kind, &self.area, self.times, &self.words)?;
        match &self.otherwise {
            None => Ok(first),
            Some((k, a)) => {
                if *k == OrderKind::Words {
                    return Err("an \u{201c}Otherwise\u{201d} order is one the app reads".into());
                }
                Ok(Order::Otherwise(Box::new(first), Box::new(simple(*k, a, 1, "")?)))
            }
        }
    }
}
