//! The units that take orders and this turn's order sheet: who is marked, who is given Hold
//! when time is up (1.1.1-1.1.3), what a unit may be ordered (1.1.3, 11.2) and each unit's
//! orders turn by turn once revealed (3.1).

use super::error::quoted;
use super::game::Game;
use super::ids::{BrigadeId, UnitId};
use super::orders_state::{OrderChoice, TurnOrders, UnitOrder};
use super::roster::{CommandScope, Roster, Side};
use crate::rules::command_integrity::IntegrityLevel;
use crate::rules::officers::Experience;
use crate::rules::orders::{Legality, OrderContext, legality};
use crate::rules::unit::{MoraleLevel, OrderKind};

/// A regiment or gun section that takes orders, as the marking screen and the checks see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderedUnit {
    /// Its id.
    pub id: UnitId,
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Its morale (the crew's, for a section).
    pub morale: MoraleLevel,
    /// A regiment down to one stand (Appendix F.12).
    pub single_stand: bool,
    /// A gun section.
    pub section: bool,
    /// Its brigade's id, if it has one (a divisional battery has none).
    pub brigade: Option<BrigadeId>,
    /// Its brigade's (regiments) or battery's (sections) id: what one counter may cover (1.1.2).
    pub group: String,
    /// The commands it belongs to, smallest first (11.2).
    pub scopes: Vec<CommandScope>,
}

/// Every regiment and gun section of `side` still in play, in roster order: not lost, not
/// merged into another (6.8.9), gun not lost (4.3.5).
pub fn units_of(roster: &Roster, side: Side) -> Vec<OrderedUnit> {
    let mut out = Vec::new();
    let army = roster.army(side);
    for d in &army.divisions {
        let div = CommandScope::Division(d.id.clone());
        let army_scope = CommandScope::Army(side);
        for b in &d.brigades {
            let scopes = vec![CommandScope::Brigade(b.id.clone()), div.clone(), army_scope.clone()];
            for r in &b.regiments {
                if r.is_lost() || r.merged_into.is_some() {
                    continue;
                }
                out.push(OrderedUnit {
                    id: UnitId::from(&r.id),
                    name: r.name.clone(),
                    side,
                    morale: r.morale,
                    single_stand: r.stands_left() == 1,
                    section: false,
                    brigade: Some(b.id.clone()),
                    group: b.id.to_string(),
                    scopes: scopes.clone(),
                });
            }
            for bat in &b.batteries {
                push_sections(&mut out, bat, side, Some(b.id.clone()), scopes.clone());
            }
        }
        for bat in &d.batteries {
            push_sections(&mut out, bat, side, None, vec![div.clone(), army_scope.clone()]);
        }
    }
    out
}

fn push_sections(
    out: &mut Vec<OrderedUnit>,
    bat: &super::roster::Battery,
    side: Side,
    brigade: Option<BrigadeId>,
    scopes: Vec<CommandScope>,
) {
    for s in &bat.sections {
        if s.state.is_lost() {
            continue;
        }
        out.push(OrderedUnit {
            id: UnitId::from(&s.id),
            name: s.name.clone(),
            side,
            morale: s.morale,
            single_stand: false,
            section: true,
            brigade: brigade.clone(),
            group: bat.id.to_string(),
            scopes: scopes.clone(),
        });
    }
}

/// A unit that takes orders, on either side.
pub(super) fn find_unit(roster: &Roster, id: &str) -> Option<OrderedUnit> {
    Side::BOTH.into_iter().find_map(|side| units_of(roster, side).into_iter().find(|u| u.id == id))
}

/// The highest integrity level in force this turn over the unit's commands (11.2).
pub fn integrity_of(game: &Game, unit: &OrderedUnit) -> IntegrityLevel {
    unit.scopes.iter().map(|s| game.roster.level_in_force(s, game.turn)).max().unwrap_or(IntegrityLevel::Fighting)
}

/// Whether `order` may be given to `unit` now (1.1.3, 10.2, 11.2; Appendix F.2, F.12).
pub fn legality_for(game: &Game, unit: &OrderedUnit, order: &OrderChoice) -> Legality {
    let ctx = OrderContext {
        morale: unit.morale,
        toward_enemy: order.toward_enemy || order.kind == OrderKind::Charge,
        integrity: integrity_of(game, unit),
        into_friendly_position: order.into_friendly_position,
        isolated_rejoining: order.rejoining,
        surprised: false,
        single_stand: unit.single_stand,
    };
    legality(order.kind, &ctx, &game.setup.rules.movement)
}

/// A unit's name, or its id shown when it is not in the roster.
pub(super) fn name_of(roster: &Roster, id: &str) -> String {
    roster
        .regiment(id)
        .map(|r| r.name.clone())
        .or_else(|| roster.section(id).map(|s| s.name.clone()))
        .unwrap_or_else(|| super::roster::shown(id))
}

/// This turn's orders, started if marking has not begun.
pub(super) fn turn_mut(game: &mut Game) -> &mut TurnOrders {
    let turn = game.turn;
    if game.orders.iter().all(|t| t.turn != turn) {
        game.orders.push(TurnOrders { turn, ..TurnOrders::default() });
    }
    let i = game.orders.iter().rposition(|t| t.turn == turn).unwrap_or(0);
    &mut game.orders[i]
}

/// The units of `side` that take orders and have none this turn: those finishing would give
/// Hold (1.1.1, 1.1.2). Routed units are not marked (1.1.3).
pub fn unmarked_units(game: &Game, side: Side) -> Vec<OrderedUnit> {
    let turn = game.orders_this_turn();
    units_of(&game.roster, side)
        .into_iter()
        .filter(|u| u.morale != MoraleLevel::Routed && turn.and_then(|t| t.order_of(&u.id)).is_none())
        .collect()
}

/// Gives Hold to every unit of `side` that takes orders and has none (1.1.1, 1.1.2); routed
/// units are not marked (1.1.3). Returns their names.
pub fn hold_for_unmarked(game: &mut Game, side: Side) -> Vec<String> {
    let units = unmarked_units(game, side);
    let turn = turn_mut(game);
    let mut named = Vec::new();
    for u in units {
        named.push(u.name.clone());
        turn.orders.push(UnitOrder {
            unit: u.id,
            side,
            kind: OrderKind::Hold,
            direction: None,
            formation: None,
            objective: None,
            toward_enemy: false,
            morale_when_marked: u.morale,
            by_default: true,
            conditional_hold: None,
            group: None,
            if_rallied: false,
        });
    }
    named
}

/// A side has marked: its unmarked units are given Hold (1.1.2) and its timer stops. Returns
/// the names of the units given Hold.
pub(super) fn finish(game: &mut Game, side: Side) -> Vec<String> {
    let named = hold_for_unmarked(game, side);
    let turn = turn_mut(game);
    if !turn.marked.contains(&side) {
        turn.marked.push(side);
    }
    if turn.timer.is_some_and(|t| t.side.is_none() || t.side == Some(side)) {
        turn.timer = None;
    }
    named
}

/// The log's words for the units given Hold.
pub(super) fn held_text(named: &[String]) -> String {
    if named.is_empty() {
        "every unit was marked".into()
    } else {
        format!("Hold given to {} not marked (1.1.1)", named.join(", "))
    }
}

/// An order in words, with its objective's name.
pub(super) fn order_text(game: &Game, o: &UnitOrder) -> String {
    let mut t = o.words();
    if let Some(obj) = &o.objective {
        t.push_str(&format!(" {}", quoted(&name_of(&game.roster, obj))));
    }
    t
}

/// The experience's word.
pub fn experience_word(e: Experience) -> &'static str {
    match e {
        Experience::Superior => "superior",
        Experience::Average => "average",
        Experience::Poor => "poor",
    }
}

/// A unit's order sheet: its order in force each turn once revealed, e.g. "T1 H, T2 ↑".
/// Turns not yet revealed are left out: they are still secret (1.1).
pub fn order_history(game: &Game, unit: &str) -> Option<String> {
    let items: Vec<String> = game
        .orders
        .iter()
        .filter(|t| t.revealed)
        .filter_map(|t| t.order_of(unit).map(|o| format!("T{} {}", t.turn, o.code())))
        .collect();
    (!items.is_empty()).then(|| items.join(", "))
}

/// Seconds as "3:00".
pub fn clock(seconds: u32) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}
