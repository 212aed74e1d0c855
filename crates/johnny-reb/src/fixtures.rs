//! Made-up charges and orders that the tests of this crate and of the app share, so that each
//! is written once. Compiled for this crate's tests and, through the `test-fixtures` feature,
//! for the app's (its dev-dependency): never in a build the players load. The figures and
//! morale points here are made up for the tests; none is a rules value.

use crate::rules::Ratio;
use crate::rules::charge::sequence::{ChargeSetup, ChargedUnit, ChargingUnit, Input, Objective, Waves};
use crate::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality, Terrain};
use crate::state::game::Game;
use crate::state::orders_state::{TurnOrders, UnitOrder};
use crate::state::roster::Side;

impl ChargingUnit {
    /// An average infantry regiment in line, in good order, of 24 figures on 4 stands, BMP 3,
    /// with no officer, charging for the first turn in a row.
    pub fn example() -> ChargingUnit {
        ChargingUnit {
            quality: Quality::Average,
            arm: Arm::Infantry,
            formation: Formation::Line,
            morale: MoraleLevel::Good,
            figures: 24,
            stands: 4,
            bmp: 3,
            officer_benefit: 0,
            empty_guns: false,
            consecutive_turn: 1,
            target_off_front: false,
        }
    }
}

impl ChargedUnit {
    /// An average infantry regiment in line, in good order, of 20 figures, Table 17 BMP 3,
    /// with no officer, on `order`.
    pub fn example(order: OrderKind) -> ChargedUnit {
        ChargedUnit {
            quality: Quality::Average,
            arm: Arm::Infantry,
            formation: Formation::Line,
            morale: MoraleLevel::Good,
            figures: 20,
            order: Some(order),
            table17_bmp: 3,
            officer_benefit: 0,
        }
    }
}

impl ChargeSetup {
    /// [`ChargingUnit::example`] charges [`ChargedUnit::example`] on `order` from `distance`
    /// inches, against the enemy unit, in one wave with no halting point.
    pub fn example(distance: u32, order: OrderKind) -> ChargeSetup {
        ChargeSetup {
            objective: Objective::EnemyUnit,
            charger: ChargingUnit::example(),
            defender: ChargedUnit::example(order),
            distance: Ratio::whole(distance),
            halting_point: None,
            waves: Waves::default(),
        }
    }
}

impl Input {
    /// A charge's normal move of `inches` in the open, within the first distance, with no
    /// roll (5.3.1).
    pub fn open_move(inches: u32) -> Input {
        Input::NormalMove {
            inches: Ratio::whole(inches),
            greater_distance: false,
            disorder_roll: None,
            terrain: Terrain::Open,
            woods: None,
        }
    }
}

impl UnitOrder {
    /// `kind` marked by `side` for `unit` in phase one, in good morale, with no direction,
    /// formation or objective.
    pub fn example(unit: &str, side: Side, kind: OrderKind) -> UnitOrder {
        UnitOrder {
            unit: unit.into(),
            side,
            kind,
            direction: None,
            formation: None,
            objective: None,
            toward_enemy: false,
            morale_when_marked: MoraleLevel::Good,
            by_default: false,
            conditional_hold: None,
            group: None,
            if_rallied: false,
        }
    }
}

/// `game` with `orders` as this turn's, both sides marked and the orders revealed (3.1).
pub fn revealed(mut game: Game, orders: Vec<UnitOrder>) -> Game {
    game.orders.push(TurnOrders {
        turn: game.turn,
        orders,
        marked: Side::BOTH.to_vec(),
        timer: None,
        revealed: true,
        charged: Vec::new(),
    });
    game
}
