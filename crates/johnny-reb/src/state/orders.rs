//! The orders of a turn: marked in secret in phase one (1.1), revealed in phase three (3),
//! changed to Conditional Hold where the rules allow or demand it (3.2), and kept per turn so
//! each unit's order sheet can show them.
//!
//! The legality and reveal rules themselves are pure, in [`crate::rules::orders`]; this module
//! records what the players chose. Changes go through [`OrdersCommand`], one variant of
//! [`super::command::Command`], so they are logged and undoable like every other change.

use super::game::{Game, Phase};
use super::roster::{ChargePermission, CommandScope, Rank, Roster, Side};
use crate::rules::RuleError;
use crate::rules::command_integrity::IntegrityLevel;
use crate::rules::officers::Experience;
use crate::rules::orders::{
    Legality, OrderContext, ShakenOrderOutcome, check_command_limit, legality, may_change_to_conditional_hold,
    shaken_order_at_reveal,
};
use crate::rules::unit::{MoraleLevel, OrderKind};
use serde::{Deserialize, Serialize};

use super::error::{CommandError, quoted, refused};
pub use super::orders_state::*;

/// A change to the orders, one variant of [`super::command::Command`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum OrdersCommand {
    /// Set the marking time, in seconds (1.1.1: three minutes unless the players agree).
    SetTimerSeconds {
        /// Seconds, within [`TIMER_RANGE`].
        seconds: u32,
    },
    /// Shared device or own devices, and this device's side for own devices.
    SetPlayMode {
        /// The mode.
        mode: PlayMode,
        /// The side this device marks (own devices).
        device_side: Option<Side>,
    },
    /// Start the marking timer for a side (1.1.1). The deadline comes from the device clock
    /// so the timer survives a reload or a locked screen.
    StartTimer {
        /// The side that marks now.
        side: Side,
        /// When it runs out, in milliseconds since the Unix epoch.
        deadline_ms: f64,
    },
    /// Mark one regiment or gun section (1.1.2).
    Mark {
        /// The unit's id.
        unit: String,
        /// The order.
        order: OrderChoice,
    },
    /// One order for a whole brigade's regiments or battery's sections (1.1.2).
    MarkGroup {
        /// The brigade's or battery's id.
        group: String,
        /// The order.
        order: OrderChoice,
    },
    /// Take a unit's order back while marking.
    Clear {
        /// The unit's id.
        unit: String,
    },
    /// A side has marked: its unmarked units are given Hold (1.1.2).
    FinishMarking {
        /// The side.
        side: Side,
    },
    /// The timer ran out: the marking side's unmarked units are given Hold (1.1.1).
    TimeUp,
    /// Reveal both sides' orders (3.1).
    Reveal,
    /// Change an order to Conditional Hold, or back, as the players choose (3.2).
    SetConditionalHold {
        /// The unit's id.
        unit: String,
        /// To CH (true) or back to its order (false).
        on: bool,
    },
    /// Accept the changes the rules demand at the reveal (3.2, 5.2.3, Appendix F.2).
    AcceptProposal {
        /// The unit's id; `None` accepts every proposal.
        unit: Option<String>,
        /// 5.2.3: the charger comes into sight late, so the unit completes half its move first.
        half_move: bool,
    },
    /// Say that a unit will be charged this turn (own devices, where the enemy's Charge
    /// orders are on the other device) (3.2).
    SetCharged {
        /// The unit's id.
        unit: String,
        /// Charged (true) or not.
        on: bool,
    },
    /// A brigadier's experience for Appendix F.1, or none.
    SetExperience {
        /// The officer's id.
        officer: String,
        /// His experience.
        experience: Option<Experience>,
    },
}

/// A regiment or gun section that takes orders, as the marking screen and the checks see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderedUnit {
    /// Its id.
    pub id: String,
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
    pub brigade: Option<String>,
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
                    id: r.id.clone(),
                    name: r.name.clone(),
                    side,
                    morale: r.morale,
                    single_stand: r.stands_left() == 1,
                    section: false,
                    brigade: Some(b.id.clone()),
                    group: b.id.clone(),
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
    brigade: Option<String>,
    scopes: Vec<CommandScope>,
) {
    for s in &bat.sections {
        if s.state.is_lost() {
            continue;
        }
        out.push(OrderedUnit {
            id: s.id.clone(),
            name: s.name.clone(),
            side,
            morale: s.morale,
            single_stand: false,
            section: true,
            brigade: brigade.clone(),
            group: bat.id.clone(),
            scopes: scopes.clone(),
        });
    }
}

fn find_unit(roster: &Roster, id: &str) -> Option<OrderedUnit> {
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

/// A change the rules demand at the reveal, for the players to accept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    /// The unit's id.
    pub unit: String,
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// The rule: "3.2" or "Appendix F.2".
    pub rule: &'static str,
    /// Why, in the players' words.
    pub reason: String,
    /// A charged Move: 5.2.3 may let it complete half its move first.
    pub may_half_move: bool,
    /// Appendix F.2: it also checks morale at once with +3 for Unreasonable Order.
    pub morale_check_plus: Option<i8>,
}

fn name_of(roster: &Roster, id: &str) -> String {
    roster
        .regiment(id)
        .map(|r| r.name.clone())
        .or_else(|| roster.section(id).map(|s| s.name.clone()))
        .unwrap_or_else(|| super::roster::shown(id))
}

/// The changes to Conditional Hold the rules demand this turn and not yet made (3.2, 5.2.3,
/// Appendix F.2), from the orders, the morale changes of Phase Two and the Charge orders.
pub fn proposals(game: &Game) -> Vec<Proposal> {
    let Some(turn) = game.orders_this_turn() else { return Vec::new() };
    let shaken_in_two: Vec<&str> = game.morale_changed_in(2, MoraleLevel::Shaken).collect();
    let mut out = Vec::new();
    for o in &turn.orders {
        if o.conditional_hold.is_some() {
            continue;
        }
        let now = game.roster.morale_of(&o.unit);
        let advance = o.kind == OrderKind::Charge || (o.kind == OrderKind::Move && o.toward_enemy);
        let name = name_of(&game.roster, &o.unit);
        let mut push = |rule: &'static str, reason: String, may_half_move: bool, plus: Option<i8>| {
            out.push(Proposal {
                unit: o.unit.clone(),
                name: name.clone(),
                side: o.side,
                rule,
                reason,
                may_half_move,
                morale_check_plus: plus,
            })
        };
        if o.if_rallied && advance && now != Some(MoraleLevel::Good) {
            let plus = match shaken_order_at_reveal(false, &game.setup.rules.movement) {
                Ok(ShakenOrderOutcome::ConditionalHoldAndCheck { modifier }) => modifier.value().copied(),
                _ => None,
            };
            push(
                "Appendix F.2",
                "shaken when ordered to advance and not rallied to good morale: Conditional Hold and a morale check with +3 for Unreasonable Order; if it fails, it routs".into(),
                false,
                plus,
            );
            continue;
        }
        if o.morale_when_marked == MoraleLevel::Good
            && advance
            && now == Some(MoraleLevel::Shaken)
            && shaken_in_two.contains(&o.unit.as_str())
        {
            push(
                "3.2",
                "ordered to advance or charge with good morale, it became shaken in Phase Two".into(),
                false,
                None,
            );
            continue;
        }
        if o.kind == OrderKind::Move {
            let charged_by = turn
                .units_with(OrderKind::Charge)
                .find(|c| c.side != o.side && c.objective.as_deref() == Some(o.unit.as_str()))
                .map(|c| name_of(&game.roster, &c.unit));
            let declared = turn.charged.iter().any(|u| u == &o.unit);
            if let Some(by) = charged_by {
                push("3.2", format!("on a Move order, it will be charged by {by}"), true, None);
            } else if declared {
                push("3.2", "on a Move order, it will be charged".into(), true, None);
            }
        }
    }
    out
}

/// This turn's orders, started if marking has not begun.
fn turn_mut(game: &mut Game) -> &mut TurnOrders {
    let turn = game.turn;
    if game.orders.iter().all(|t| t.turn != turn) {
        game.orders.push(TurnOrders { turn, ..TurnOrders::default() });
    }
    let i = game.orders.iter().rposition(|t| t.turn == turn).unwrap_or(0);
    &mut game.orders[i]
}

fn in_mark_phase(game: &Game) -> Result<(), CommandError> {
    if game.phase != Phase::MarkOrders {
        return Err(refused(format!(
            "Orders are marked in phase 1, Mark Orders (1.1); this is phase {}, {}.",
            game.phase.number(),
            game.phase.name()
        )));
    }
    Ok(())
}

fn side_may_mark(game: &Game, side: Side) -> Result<(), CommandError> {
    in_mark_phase(game)?;
    let setup = &game.setup.orders;
    if setup.mode == PlayMode::OwnDevices && setup.device_side.is_some_and(|d| d != side) {
        return Err(refused(format!(
            "This device marks the {} side only.",
            setup.device_side.map(Side::label).unwrap_or("")
        )));
    }
    if let Some(t) = game.orders_this_turn() {
        if t.marked.contains(&side) {
            return Err(refused(format!("The {} side has finished marking this turn.", side.label())));
        }
        if let Some(timer) = t.timer
            && timer.side.is_some_and(|s| s != side)
        {
            return Err(refused(format!(
                "The {} player is marking now; the {} side marks after.",
                timer.side.map(Side::label).unwrap_or(""),
                side.label()
            )));
        }
    }
    Ok(())
}

fn experience_of(game: &Game, officer: &str) -> Option<Experience> {
    game.setup.orders.experience.iter().find(|(o, _)| o == officer).map(|(_, e)| *e)
}

/// Appendix F.1: the orders this turn for the brigade, counting a group as one, if `changes`
/// (unit ids) were given `group`.
fn check_limits(game: &Game, units: &[OrderedUnit], group: Option<&str>) -> Result<(), CommandError> {
    let rulings = &game.setup.rules.movement;
    if !rulings.command_limits {
        return Ok(());
    }
    let mut brigades: Vec<&str> = units.iter().filter_map(|u| u.brigade.as_deref()).collect();
    brigades.dedup();
    for b in brigades {
        let side = units.first().map(|u| u.side).unwrap_or(Side::Union);
        let Some(officer) = game
            .roster
            .army(side)
            .officers
            .iter()
            .find(|o| o.rank == Rank::BrigadeCommander && o.commands.as_deref() == Some(b) && !o.is_removed())
        else {
            continue;
        };
        let Some(exp) = experience_of(game, &officer.id) else { continue };
        let members: Vec<OrderedUnit> =
            units_of(&game.roster, side).into_iter().filter(|u| u.brigade.as_deref() == Some(b)).collect();
        let attached = officer.with_unit.as_ref().is_some_and(|w| members.iter().any(|m| &m.id == w));
        let changing: Vec<&str> = units.iter().map(|u| u.id.as_str()).collect();
        let mut keys: Vec<String> = Vec::new();
        if let Some(t) = game.orders_this_turn() {
            for o in t.orders.iter().filter(|o| !o.by_default && members.iter().any(|m| m.id == o.unit)) {
                if changing.contains(&o.unit.as_str()) {
                    continue;
                }
                keys.push(o.group.clone().unwrap_or_else(|| o.unit.clone()));
            }
        }
        for u in units.iter().filter(|u| u.brigade.as_deref() == Some(b)) {
            keys.push(group.map(str::to_string).unwrap_or_else(|| u.id.clone()));
        }
        keys.sort();
        keys.dedup();
        let n = u8::try_from(keys.len()).unwrap_or(u8::MAX);
        check_command_limit(exp, attached, n, rulings).map_err(|e| match e {
            RuleError::OutOfRange { detail, .. } => refused(format!("{}: {detail}.", officer.name)),
            other => refused(other.to_string()),
        })?;
    }
    Ok(())
}

/// Checks and builds the order of one unit.
fn build_order(game: &Game, unit: &OrderedUnit, choice: &OrderChoice) -> Result<UnitOrder, CommandError> {
    let mut choice = choice.clone();
    match choice.kind {
        OrderKind::Move if choice.direction.is_none() => {
            return Err(refused("Move This Direction needs a direction (1.2)."));
        }
        OrderKind::FormationChange if choice.formation.is_none() => {
            return Err(refused("Formation Change needs the new formation (1.2)."));
        }
        OrderKind::Charge => {
            let Some(obj) = choice.objective.as_deref() else {
                return Err(refused("A charge needs its objective, an enemy unit (3.1, 5.1.1)."));
            };
            match find_unit(&game.roster, obj) {
                Some(t) if t.side != unit.side => {}
                _ => {
                    return Err(refused(
                        "A charge's objective must be an enemy regiment or gun section in play (5.1.1).",
                    ));
                }
            }
            // 5.1.4: "A unit may never charge three turns in a row."
            if let Some(r) = game.roster.regiment(&unit.id)
                && r.charges.permission(game.turn) == ChargePermission::NotAllowed
            {
                let last = r.charges.last_turn.unwrap_or(game.turn);
                return Err(refused(format!(
                    "{} charged on turns {} and {}: a unit may never charge three turns in a row (5.1.4).",
                    unit.name,
                    last.saturating_sub(1),
                    last
                )));
            }
            choice.toward_enemy = true;
        }
        _ => {}
    }
    if choice.kind != OrderKind::Move {
        choice.direction = None;
    }
    if choice.kind != OrderKind::FormationChange {
        choice.formation = None;
    }
    if choice.kind != OrderKind::Charge {
        choice.objective = None;
    }
    let if_rallied = match legality_for(game, unit, &choice) {
        Legality::Legal => false,
        Legality::LegalIfRallied => true,
        Legality::Illegal(why) => return Err(refused(format!("{}: {why}.", unit.name))),
    };
    Ok(UnitOrder {
        unit: unit.id.clone(),
        side: unit.side,
        kind: choice.kind,
        direction: choice.direction,
        formation: choice.formation,
        objective: choice.objective,
        toward_enemy: choice.toward_enemy,
        morale_when_marked: unit.morale,
        by_default: false,
        conditional_hold: None,
        group: None,
        if_rallied,
    })
}

fn put(turn: &mut TurnOrders, order: UnitOrder) {
    if let Some(slot) = turn.orders.iter_mut().find(|o| o.unit == order.unit) {
        *slot = order;
    } else {
        turn.orders.push(order);
    }
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

fn finish(game: &mut Game, side: Side) -> Vec<String> {
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

fn held_text(named: &[String]) -> String {
    if named.is_empty() {
        "every unit was marked".into()
    } else {
        format!("Hold given to {} not marked (1.1.1)", named.join(", "))
    }
}

fn order_text(game: &Game, o: &UnitOrder) -> String {
    let mut t = o.words();
    if let Some(obj) = &o.objective {
        t.push_str(&format!(" {}", quoted(&name_of(&game.roster, obj))));
    }
    t
}

impl OrdersCommand {
    /// Its log line tells of a side's marking: which units were marked, cleared or given Hold,
    /// and when. Kept out of the history until the reveal (1.1).
    pub fn tells_of_marking(&self) -> bool {
        matches!(
            self,
            OrdersCommand::Mark { .. }
                | OrdersCommand::MarkGroup { .. }
                | OrdersCommand::Clear { .. }
                | OrdersCommand::FinishMarking { .. }
                | OrdersCommand::TimeUp
        )
    }
}

/// Applies an orders command to the game (called for [`super::command::Command::Orders`]).
pub fn execute(cmd: &OrdersCommand, game: &mut Game) -> Result<String, CommandError> {
    match cmd {
        OrdersCommand::SetTimerSeconds { seconds } => {
            if !(TIMER_RANGE.0..=TIMER_RANGE.1).contains(seconds) {
                return Err(refused(format!(
                    "The marking time is {} to {} seconds (1.1.1 gives three minutes).",
                    TIMER_RANGE.0, TIMER_RANGE.1
                )));
            }
            game.setup.orders.timer_seconds = *seconds;
            Ok(format!("Marking time set to {} (1.1.1)", clock(*seconds)))
        }
        OrdersCommand::SetPlayMode { mode, device_side } => {
            let setup = &mut game.setup.orders;
            setup.mode = *mode;
            setup.device_side = match mode {
                PlayMode::SharedDevice => None,
                PlayMode::OwnDevices => *device_side,
            };
            Ok(match (mode, setup.device_side) {
                (PlayMode::SharedDevice, _) => "Orders are marked on one shared device".into(),
                (PlayMode::OwnDevices, Some(s)) => {
                    format!("Each player marks on his own device; this one marks the {} side", s.label())
                }
                (PlayMode::OwnDevices, None) => "Each player marks on his own device".into(),
            })
        }
        OrdersCommand::StartTimer { side, deadline_ms } => {
            side_may_mark(game, *side)?;
            if !deadline_ms.is_finite() || *deadline_ms <= 0.0 {
                return Err(refused("The device clock gave no usable time."));
            }
            let seconds = game.setup.orders.timer_seconds;
            let turn = turn_mut(game);
            if turn.timer.is_some() {
                return Err(refused("The marking timer is already running."));
            }
            turn.timer = Some(MarkingTimer { deadline_ms: *deadline_ms, seconds, side: Some(*side) });
            Ok(format!("{} marks orders: {} on the timer (1.1.1)", side.label(), clock(seconds)))
        }
        OrdersCommand::Mark { unit, order } => {
            let u = find_unit(&game.roster, unit)
                .ok_or_else(|| CommandError::NotFound { what: "regiment or gun section", id: unit.clone() })?;
            side_may_mark(game, u.side)?;
            let o = build_order(game, &u, order)?;
            check_limits(game, std::slice::from_ref(&u), None)?;
            // The log is seen by both players: it says an order was marked, not which (1.1).
            let text = format!("{}: order marked", u.name);
            put(turn_mut(game), o);
            Ok(text)
        }
        OrdersCommand::MarkGroup { group, order } => {
            let mut units: Vec<OrderedUnit> = Vec::new();
            for side in Side::BOTH {
                units.extend(units_of(&game.roster, side).into_iter().filter(|u| &u.group == group));
            }
            let name = game
                .roster
                .brigade(group)
                .map(|b| b.name.clone())
                .or_else(|| game.roster.battery(group).map(|b| b.name.clone()))
                .ok_or_else(|| CommandError::NotFound { what: "brigade or battery", id: group.clone() })?;
            // Routed units are left unmarked (1.1.3); every other unit must take the order.
            units.retain(|u| u.morale != MoraleLevel::Routed);
            let Some(first) = units.first() else {
                return Err(refused(format!("{} has no unit that can take an order.", quoted(&name))));
            };
            side_may_mark(game, first.side)?;
            let mut built = Vec::new();
            for u in &units {
                let mut o = build_order(game, u, order)?;
                o.group = Some(group.clone());
                built.push(o);
            }
            check_limits(game, &units, Some(group))?;
            let n = built.len();
            let turn = turn_mut(game);
            for o in built {
                put(turn, o);
            }
            Ok(format!("{}: one order for its {n} units marked (1.1.2)", name))
        }
        OrdersCommand::Clear { unit } => {
            let side = game
                .roster
                .side_of(unit)
                .ok_or_else(|| CommandError::NotFound { what: "regiment or gun section", id: unit.clone() })?;
            side_may_mark(game, side)?;
            let name = name_of(&game.roster, unit);
            let turn = turn_mut(game);
            let before = turn.orders.len();
            turn.orders.retain(|o| &o.unit != unit);
            if turn.orders.len() == before {
                return Err(refused(format!("{} has no order to take back.", name)));
            }
            Ok(format!("{name}: order taken back"))
        }
        OrdersCommand::FinishMarking { side } => {
            side_may_mark(game, *side)?;
            let named = finish(game, *side);
            Ok(format!("{} has marked its orders; {}", side.label(), held_text(&named)))
        }
        OrdersCommand::TimeUp => {
            in_mark_phase(game)?;
            let timer =
                game.orders_this_turn().and_then(|t| t.timer).ok_or_else(|| refused("No marking timer is running."))?;
            let sides: Vec<Side> = match timer.side {
                Some(s) => vec![s],
                None => Side::BOTH.to_vec(),
            };
            let mut named = Vec::new();
            for s in &sides {
                named.extend(finish(game, *s));
            }
            if let Some(t) = game.orders.iter_mut().rev().find(|t| t.turn == game.turn) {
                t.timer = None;
            }
            let who: Vec<&str> = sides.iter().map(|s| s.label()).collect();
            Ok(format!("Time is up for {}: {}", who.join(" and "), held_text(&named)))
        }
        OrdersCommand::Reveal => {
            if game.phase != Phase::RevealOrders {
                return Err(refused(format!(
                    "Orders are revealed in phase 3, Reveal Orders, after the routs and rallies (3.1); this is phase {}, {}.",
                    game.phase.number(),
                    game.phase.name()
                )));
            }
            let needed: Vec<Side> = match (game.setup.orders.mode, game.setup.orders.device_side) {
                (PlayMode::OwnDevices, Some(s)) => vec![s],
                _ => Side::BOTH.to_vec(),
            };
            if turn_mut(game).revealed {
                return Err(refused("The orders are already revealed."));
            }
            // Phase one is over: a side that did not finish marking has its unmarked units
            // on Hold (1.1.1).
            let mut held = Vec::new();
            for s in needed {
                if !turn_mut(game).marked.contains(&s) {
                    held.extend(finish(game, s));
                }
            }
            let turn = turn_mut(game);
            turn.revealed = true;
            turn.timer = None;
            let n = proposals(game).len();
            let charges: Vec<String> = game
                .orders_this_turn()
                .map(|t| {
                    t.units_with(OrderKind::Charge)
                        .map(|o| {
                            format!(
                                "{} charges {}",
                                name_of(&game.roster, &o.unit),
                                order_text(game, o).trim_start_matches("Charge ")
                            )
                        })
                        .collect()
                })
                .unwrap_or_default();
            let charges = if charges.is_empty() { "no charges".to_string() } else { charges.join(", ") };
            let mut text = format!("Orders revealed (3.1): {charges}; {n} to change to Conditional Hold (3.2)");
            if !held.is_empty() {
                text.push_str(&format!("; {}", held_text(&held)));
            }
            Ok(text)
        }
        OrdersCommand::SetConditionalHold { unit, on } => {
            revealed_now(game)?;
            let name = name_of(&game.roster, unit);
            let turn = turn_mut(game);
            let o = turn
                .orders
                .iter_mut()
                .find(|o| &o.unit == unit)
                .ok_or_else(|| refused(format!("{name} has no order this turn.")))?;
            if *on {
                if o.conditional_hold.is_some() {
                    return Err(refused(format!("{name} is already on Conditional Hold.")));
                }
                if !may_change_to_conditional_hold(o.kind) {
                    return Err(refused(format!(
                        "{name}: {} cannot be changed to Conditional Hold; any other order can (3.2).",
                        o.kind.label()
                    )));
                }
                o.conditional_hold = Some(ConditionalHoldChange { forced: false, rule: "3.2".into() });
                Ok(format!("{name}: {} changed to Conditional Hold (3.2)", o.kind.label()))
            } else {
                match &o.conditional_hold {
                    None => Err(refused(format!("{name} is not on Conditional Hold."))),
                    Some(c) if c.forced => {
                        Err(refused(format!("{name}: the rules require Conditional Hold ({}).", c.rule)))
                    }
                    Some(_) => {
                        o.conditional_hold = None;
                        Ok(format!("{name}: back to {} (3.2)", o.kind.label()))
                    }
                }
            }
        }
        OrdersCommand::AcceptProposal { unit, half_move } => {
            revealed_now(game)?;
            let chosen: Vec<Proposal> =
                proposals(game).into_iter().filter(|p| unit.as_ref().is_none_or(|u| &p.unit == u)).collect();
            if chosen.is_empty() {
                return Err(refused("No change to Conditional Hold is due."));
            }
            if *half_move && chosen.iter().any(|p| !p.may_half_move) {
                return Err(refused("Only a charged unit on a Move order may complete half its move first (5.2.3)."));
            }
            let mut lines = Vec::new();
            let turn = turn_mut(game);
            for p in &chosen {
                let rule = if *half_move { "5.2.3" } else { p.rule };
                if let Some(o) = turn.orders.iter_mut().find(|o| o.unit == p.unit) {
                    o.conditional_hold = Some(ConditionalHoldChange { forced: true, rule: rule.into() });
                }
                let mut line = if *half_move {
                    format!("{} completes half its move, then Conditional Hold (5.2.3)", p.name)
                } else {
                    format!("{} to Conditional Hold ({})", p.name, p.rule)
                };
                if let Some(plus) = p.morale_check_plus {
                    line.push_str(&format!(", morale check now at +{plus}"));
                }
                lines.push(line);
            }
            Ok(lines.join("; "))
        }
        OrdersCommand::SetCharged { unit, on } => {
            revealed_now(game)?;
            let name = name_of(&game.roster, unit);
            let turn = turn_mut(game);
            if turn.order_of(unit).is_none() {
                return Err(refused(format!("{name} has no order this turn.")));
            }
            turn.charged.retain(|u| u != unit);
            if *on {
                turn.charged.push(unit.clone());
                Ok(format!("{name} will be charged this turn (3.2)"))
            } else {
                Ok(format!("{name} will not be charged after all"))
            }
        }
        OrdersCommand::SetExperience { officer, experience } => {
            let o = game
                .roster
                .officer(officer)
                .ok_or_else(|| CommandError::NotFound { what: "officer", id: officer.clone() })?;
            let name = o.name.clone();
            let list = &mut game.setup.orders.experience;
            list.retain(|(id, _)| id != officer);
            match experience {
                Some(e) => {
                    list.push((officer.clone(), *e));
                    Ok(format!("{name}: {} brigadier (Appendix F.1)", experience_word(*e)))
                }
                None => Ok(format!("{name}: experience not set (Appendix F.1)")),
            }
        }
    }
}

/// The experience's word.
pub fn experience_word(e: Experience) -> &'static str {
    match e {
        Experience::Superior => "superior",
        Experience::Average => "average",
        Experience::Poor => "poor",
    }
}

fn revealed_now(game: &Game) -> Result<(), CommandError> {
    if game.phase != Phase::RevealOrders {
        return Err(refused("Orders change to Conditional Hold in phase 3, Reveal Orders (3.2)."));
    }
    if !game.orders_this_turn().is_some_and(|t| t.revealed) {
        return Err(refused("Reveal the orders first (3.1)."));
    }
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::unit::Formation;
    use crate::state::units::UnitCommand;

    fn order(kind: OrderKind) -> UnitOrder {
        UnitOrder {
            unit: "r1".into(),
            side: Side::Union,
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

    use crate::rules::settings::RulesSettings;
    use crate::state::demo::demo_game;
    use crate::state::{command::Command, session::Session};

    fn go(s: &mut Session, c: OrdersCommand) -> String {
        s.dispatch(&Command::Orders(c.clone()), 1.0).unwrap_or_else(|e| panic!("{c:?}: {e}")).text
    }

    fn refuse(s: &mut Session, c: OrdersCommand) -> String {
        let before = s.game().clone();
        let e = s.dispatch(&Command::Orders(c), 1.0).expect_err("refused").to_string();
        assert_eq!(s.game(), &before, "a refusal changes nothing");
        e
    }

    fn mark(unit: &str, order: OrderChoice) -> OrdersCommand {
        OrdersCommand::Mark { unit: unit.into(), order }
    }

    fn demo() -> Session {
        Session::new(demo_game("g1"))
    }

    fn start(s: &mut Session, side: Side) {
        go(s, OrdersCommand::StartTimer { side, deadline_ms: 180_000.0 });
    }

    fn next_phase(s: &mut Session) {
        s.dispatch(&Command::NextPhase, 1.0).unwrap();
    }

    fn order_of<'a>(s: &'a Session, unit: &str) -> &'a UnitOrder {
        s.game().orders_this_turn().and_then(|t| t.order_of(unit)).unwrap()
    }

    /// Both sides mark (Union's 2nd Wisconsin moves forward, Archer's 1st Tennessee charges
    /// it), then phases 2 and 3.
    fn marked_and_at_reveal(union_order: OrderChoice) -> Session {
        let mut s = demo();
        start(&mut s, Side::Union);
        go(&mut s, mark("r-2wi", union_order));
        go(&mut s, OrdersCommand::FinishMarking { side: Side::Union });
        start(&mut s, Side::Confederate);
        go(&mut s, mark("r-1tn", OrderChoice::charge("r-2wi")));
        go(&mut s, OrdersCommand::FinishMarking { side: Side::Confederate });
        next_phase(&mut s);
        s
    }

    #[test]
    fn rule_1_1_1_the_timer_is_a_stored_deadline_of_the_set_length() {
        let mut s = demo();
        go(&mut s, OrdersCommand::SetTimerSeconds { seconds: 5 });
        assert!(refuse(&mut s, OrdersCommand::SetTimerSeconds { seconds: 2 }).contains("5 to 3600"));
        go(&mut s, OrdersCommand::StartTimer { side: Side::Union, deadline_ms: 1_000_005_000.0 });
        let timer = s.game().orders_this_turn().and_then(|t| t.timer).unwrap();
        assert_eq!((timer.deadline_ms, timer.seconds, timer.side), (1_000_005_000.0, 5, Some(Side::Union)));
        // Stored in the saved game: a reload finds the same deadline.
        let back: crate::state::game::Game = serde_json::from_str(&serde_json::to_string(s.game()).unwrap()).unwrap();
        assert_eq!(back.orders_this_turn().and_then(|t| t.timer), Some(timer));
        assert!(
            refuse(&mut s, OrdersCommand::StartTimer { side: Side::Union, deadline_ms: 2.0 })
                .contains("already running")
        );
    }

    #[test]
    fn rule_1_1_1_units_not_marked_in_time_are_given_hold_and_named() {
        let mut s = demo();
        start(&mut s, Side::Union);
        go(&mut s, mark("r-2wi", OrderChoice::plain(OrderKind::FirstFire)));
        go(&mut s, OrdersCommand::SetTimerSeconds { seconds: 60 });
        let text = go(&mut s, OrdersCommand::TimeUp);
        assert!(text.starts_with("Time is up for Union"), "{text}");
        assert!(
            text.contains("6th Wisconsin") && text.contains("Hall, left section") && !text.contains("2nd Wisconsin"),
            "{text}"
        );
        let t = s.game().orders_this_turn().unwrap();
        assert_eq!(t.order_of("r-6wi").map(|o| (o.kind, o.by_default)), Some((OrderKind::Hold, true)));
        assert_eq!(t.order_of("r-2wi").map(|o| (o.kind, o.by_default)), Some((OrderKind::FirstFire, false)));
        assert!(t.timer.is_none() && t.marked == vec![Side::Union]);
        assert!(t.order_of("r-1tn").is_none(), "the other side is untouched");
        assert!(refuse(&mut s, mark("r-2wi", OrderChoice::plain(OrderKind::Hold))).contains("finished marking"));
        assert!(refuse(&mut s, OrdersCommand::TimeUp).contains("No marking timer"));
    }

    #[test]
    fn rule_1_1_2_one_order_per_unit_and_hold_for_units_missed() {
        let mut s = demo();
        go(&mut s, mark("r-2wi", OrderChoice::plain(OrderKind::FirstFire)));
        go(&mut s, mark("r-2wi", OrderChoice::plain(OrderKind::Disengage)));
        assert_eq!(s.game().orders_this_turn().unwrap().orders.len(), 1);
        assert_eq!(order_of(&s, "r-2wi").kind, OrderKind::Disengage);
        go(&mut s, OrdersCommand::Clear { unit: "r-2wi".into() });
        assert!(s.game().orders_this_turn().unwrap().orders.is_empty());
        let text = go(&mut s, OrdersCommand::FinishMarking { side: Side::Union });
        assert!(text.contains("Hold given to 2nd Wisconsin"), "{text}");
        assert!(order_of(&s, "r-2wi").by_default);
    }

    #[test]
    fn rule_1_1_2_one_counter_for_a_brigade_or_a_battery() {
        let mut s = demo();
        let text = go(
            &mut s,
            OrdersCommand::MarkGroup {
                group: "b-iron".into(),
                order: OrderChoice::movement(MoveDirection::Forward, true),
            },
        );
        assert!(text.contains("5 units"), "{text}");
        for r in ["r-2wi", "r-6wi", "r-7wi", "r-19in", "r-24mi"] {
            let o = order_of(&s, r);
            assert_eq!(
                (o.kind, o.direction, o.group.as_deref()),
                (OrderKind::Move, Some(MoveDirection::Forward), Some("b-iron"))
            );
        }
        go(
            &mut s,
            OrdersCommand::MarkGroup { group: "bt-hall".into(), order: OrderChoice::plain(OrderKind::FirstFire) },
        );
        assert_eq!(order_of(&s, "s-hall-2").kind, OrderKind::FirstFire);
        // One shaken regiment cannot advance: the whole group order is refused, naming it.
        s.dispatch(&Command::Unit(UnitCommand::SetMorale { unit: "r-76ny".into(), level: MoraleLevel::Shaken }), 1.0)
            .unwrap();
        let why = refuse(
            &mut s,
            OrdersCommand::MarkGroup {
                group: "b-cutler".into(),
                order: OrderChoice::movement(MoveDirection::Forward, true),
            },
        );
        assert!(why.contains("76th New York") && why.contains("1.1.3"), "{why}");
    }

    #[test]
    fn rule_1_1_3_routed_units_are_not_marked_nor_given_hold() {
        let mut s = demo();
        s.dispatch(&Command::Unit(UnitCommand::SetMorale { unit: "r-2wi".into(), level: MoraleLevel::Routed }), 1.0)
            .unwrap();
        assert!(refuse(&mut s, mark("r-2wi", OrderChoice::plain(OrderKind::Hold))).contains("routed"));
        go(&mut s, OrdersCommand::FinishMarking { side: Side::Union });
        assert!(s.game().orders_this_turn().unwrap().order_of("r-2wi").is_none());
    }

    #[test]
    fn rule_1_1_3_a_shaken_unit_may_not_charge_nor_close_on_the_enemy() {
        let mut s = demo();
        s.dispatch(&Command::Unit(UnitCommand::SetMorale { unit: "r-2wi".into(), level: MoraleLevel::Shaken }), 1.0)
            .unwrap();
        let why = refuse(&mut s, mark("r-2wi", OrderChoice::charge("r-1tn")));
        assert!(
            why.contains("2nd Wisconsin") && why.contains("cannot be ordered to charge") && why.contains("1.1.3"),
            "{why}"
        );
        assert!(refuse(&mut s, mark("r-2wi", OrderChoice::movement(MoveDirection::Forward, true))).contains("1.1.3"));
        // Confirmed not to close on the enemy: marked.
        go(&mut s, mark("r-2wi", OrderChoice::movement(MoveDirection::Forward, false)));
        assert!(!order_of(&s, "r-2wi").toward_enemy);
        go(&mut s, mark("r-2wi", OrderChoice::plain(OrderKind::FirstFire)));
    }

    #[test]
    fn rule_5_1_4_no_third_charge_order_in_a_row() {
        use crate::state::roster::ChargeRecord;
        let mut g = demo_game("g1");
        g.turn = 3;
        let record = |g: &mut Game, id: &str, in_a_row| {
            g.roster.regiment_mut(id).unwrap().charges = ChargeRecord { last_turn: Some(2), in_a_row };
        };
        record(&mut g, "r-6wi", 2);
        record(&mut g, "r-2wi", 1);
        let mut s = Session::new(g);
        let why = refuse(&mut s, mark("r-6wi", OrderChoice::charge("r-1tn")));
        assert!(why.contains("6th Wisconsin charged on turns 1 and 2") && why.contains("5.1.4"), "{why}");
        // Another order is marked; a second turn's charge is allowed (in disorder, 5.1.4).
        go(&mut s, mark("r-6wi", OrderChoice::plain(OrderKind::Hold)));
        go(&mut s, mark("r-2wi", OrderChoice::charge("r-1tn")));
    }

    #[test]
    fn rule_1_2_orders_carry_their_direction_formation_and_objective() {
        let mut s = demo();
        assert!(refuse(&mut s, mark("r-2wi", OrderChoice::plain(OrderKind::Move))).contains("direction"));
        assert!(refuse(&mut s, mark("r-2wi", OrderChoice::plain(OrderKind::FormationChange))).contains("formation"));
        assert!(refuse(&mut s, mark("r-2wi", OrderChoice::plain(OrderKind::Charge))).contains("objective"));
        assert!(refuse(&mut s, mark("r-2wi", OrderChoice::charge("r-6wi"))).contains("enemy"));
        assert!(refuse(&mut s, mark("r-2wi", OrderChoice::plain(OrderKind::ConditionalHold))).contains("3.2"));
        let fm =
            OrderChoice { formation: Some(Formation::AttackColumn), ..OrderChoice::plain(OrderKind::FormationChange) };
        go(&mut s, mark("r-2wi", fm));
        assert_eq!(order_of(&s, "r-2wi").formation, Some(Formation::AttackColumn));
        let text = go(&mut s, mark("r-6wi", OrderChoice::charge("r-1tn")));
        assert_eq!(text, "6th Wisconsin: order marked", "the log keeps the order secret (1.1)");
        assert_eq!(order_of(&s, "r-6wi").objective.as_deref(), Some("r-1tn"));
    }

    #[test]
    fn rule_1_1_orders_are_marked_in_phase_one_by_one_side_at_a_time() {
        let mut s = demo();
        start(&mut s, Side::Union);
        assert!(refuse(&mut s, mark("r-1tn", OrderChoice::plain(OrderKind::Hold))).contains("Union player is marking"));
        go(&mut s, OrdersCommand::SetPlayMode { mode: PlayMode::OwnDevices, device_side: Some(Side::Union) });
        next_phase(&mut s);
        assert!(refuse(&mut s, mark("r-2wi", OrderChoice::plain(OrderKind::Hold))).contains("phase 1"));
        let mut own = demo();
        go(&mut own, OrdersCommand::SetPlayMode { mode: PlayMode::OwnDevices, device_side: Some(Side::Confederate) });
        assert!(refuse(&mut own, mark("r-2wi", OrderChoice::plain(OrderKind::Hold))).contains("Confederate side only"));
        assert_eq!(own.game().setup.orders.device_side, Some(Side::Confederate));
    }

    #[test]
    fn rule_3_1_reveal_after_both_sides_mark_in_phase_three() {
        let mut s = marked_and_at_reveal(OrderChoice::plain(OrderKind::Hold));
        assert!(refuse(&mut s, OrdersCommand::Reveal).contains("phase 3"));
        next_phase(&mut s);
        let text = go(&mut s, OrdersCommand::Reveal);
        assert!(text.contains("1st Tennessee charges \u{201c}2nd Wisconsin\u{201d}"), "{text}");
        assert!(s.game().orders_this_turn().unwrap().revealed);
        // Phase one ended without a side finishing: its unmarked units are on Hold (1.1.1).
        let mut early = demo();
        go(&mut early, mark("r-2wi", OrderChoice::plain(OrderKind::FirstFire)));
        next_phase(&mut early);
        next_phase(&mut early);
        let text = go(&mut early, OrdersCommand::Reveal);
        assert!(text.contains("Hold given to 6th Wisconsin") && text.contains("1st Tennessee"), "{text}");
        assert_eq!(order_of(&early, "r-2wi").kind, OrderKind::FirstFire);
        assert!(order_of(&early, "r-1tn").by_default);
        assert!(refuse(&mut early, OrdersCommand::Reveal).contains("already revealed"));
    }

    #[test]
    fn rule_3_2_a_charged_unit_on_a_move_order_must_change_to_conditional_hold() {
        let mut s = marked_and_at_reveal(OrderChoice::movement(MoveDirection::Left, false));
        next_phase(&mut s);
        go(&mut s, OrdersCommand::Reveal);
        let p = proposals(s.game());
        assert_eq!(p.len(), 1);
        assert_eq!((p[0].unit.as_str(), p[0].rule, p[0].may_half_move), ("r-2wi", "3.2", true));
        assert!(p[0].reason.contains("charged by 1st Tennessee"), "{}", p[0].reason);
        let text = go(&mut s, OrdersCommand::AcceptProposal { unit: None, half_move: false });
        assert!(text.contains("2nd Wisconsin to Conditional Hold (3.2)"), "{text}");
        assert_eq!(order_of(&s, "r-2wi").in_force(), OrderKind::ConditionalHold);
        assert!(proposals(s.game()).is_empty());
        assert!(
            refuse(&mut s, OrdersCommand::SetConditionalHold { unit: "r-2wi".into(), on: false }).contains("require")
        );
    }

    #[test]
    fn rule_5_2_3_a_charged_move_may_complete_half_its_move_first() {
        let mut s = marked_and_at_reveal(OrderChoice::movement(MoveDirection::Left, false));
        next_phase(&mut s);
        go(&mut s, OrdersCommand::Reveal);
        go(&mut s, OrdersCommand::AcceptProposal { unit: Some("r-2wi".into()), half_move: true });
        assert_eq!(order_of(&s, "r-2wi").conditional_hold.as_ref().map(|c| c.rule.as_str()), Some("5.2.3"));
    }

    #[test]
    fn rule_3_2_good_when_ordered_forward_then_shaken_in_phase_two_must_hold() {
        let mut s = marked_and_at_reveal(OrderChoice::movement(MoveDirection::Forward, true));
        // Phase 2: the 2nd Wisconsin is shaken; the 1st Tennessee too.
        s.dispatch(&Command::Unit(UnitCommand::SetMorale { unit: "r-2wi".into(), level: MoraleLevel::Shaken }), 1.0)
            .unwrap();
        s.dispatch(&Command::Unit(UnitCommand::SetMorale { unit: "r-1tn".into(), level: MoraleLevel::Shaken }), 1.0)
            .unwrap();
        next_phase(&mut s);
        go(&mut s, OrdersCommand::Reveal);
        let p = proposals(s.game());
        let units: Vec<&str> = p.iter().map(|p| p.unit.as_str()).collect();
        // The 1st Tennessee's charge goes; the 2nd Wisconsin is then not charged but shaken.
        assert_eq!(units, vec!["r-2wi", "r-1tn"]);
        assert!(p.iter().all(|p| p.rule == "3.2" && p.reason.contains("Phase Two")));
        go(&mut s, OrdersCommand::AcceptProposal { unit: Some("r-1tn".into()), half_move: false });
        assert_eq!(order_of(&s, "r-1tn").in_force(), OrderKind::ConditionalHold);
        assert_eq!(proposals(s.game()).len(), 1);
    }

    #[test]
    fn rule_3_2_a_unit_shaken_before_phase_two_is_not_forced() {
        // Shaken in phase 1 after marking (a correction): the rule speaks of Phase Two.
        let mut s = demo();
        go(&mut s, mark("r-2wi", OrderChoice::movement(MoveDirection::Forward, true)));
        s.dispatch(&Command::Unit(UnitCommand::SetMorale { unit: "r-2wi".into(), level: MoraleLevel::Shaken }), 1.0)
            .unwrap();
        go(&mut s, OrdersCommand::FinishMarking { side: Side::Union });
        go(&mut s, OrdersCommand::FinishMarking { side: Side::Confederate });
        next_phase(&mut s);
        next_phase(&mut s);
        go(&mut s, OrdersCommand::Reveal);
        assert!(proposals(s.game()).is_empty());
    }

    #[test]
    fn rule_3_2_players_may_change_any_order_but_first_fire_and_charge_to_ch() {
        let mut s = marked_and_at_reveal(OrderChoice::plain(OrderKind::Hold));
        next_phase(&mut s);
        assert!(
            refuse(&mut s, OrdersCommand::SetConditionalHold { unit: "r-2wi".into(), on: true }).contains("Reveal")
        );
        go(&mut s, OrdersCommand::Reveal);
        go(&mut s, OrdersCommand::SetConditionalHold { unit: "r-2wi".into(), on: true });
        assert_eq!(order_of(&s, "r-2wi").in_force(), OrderKind::ConditionalHold);
        assert!(s.game().orders_this_turn().unwrap().units_with(OrderKind::ConditionalHold).any(|o| o.unit == "r-2wi"));
        go(&mut s, OrdersCommand::SetConditionalHold { unit: "r-2wi".into(), on: false });
        assert_eq!(order_of(&s, "r-2wi").in_force(), OrderKind::Hold);
        assert!(
            refuse(&mut s, OrdersCommand::SetConditionalHold { unit: "r-1tn".into(), on: true })
                .contains("Charge cannot")
        );
    }

    #[test]
    fn rule_3_2_own_devices_the_players_say_which_units_are_charged() {
        let mut s = demo();
        go(&mut s, OrdersCommand::SetPlayMode { mode: PlayMode::OwnDevices, device_side: Some(Side::Union) });
        go(&mut s, mark("r-2wi", OrderChoice::movement(MoveDirection::Back, false)));
        go(&mut s, OrdersCommand::FinishMarking { side: Side::Union });
        next_phase(&mut s);
        next_phase(&mut s);
        go(&mut s, OrdersCommand::Reveal);
        assert!(proposals(s.game()).is_empty());
        go(&mut s, OrdersCommand::SetCharged { unit: "r-2wi".into(), on: true });
        assert_eq!(proposals(s.game()).len(), 1);
    }

    #[test]
    fn rule_11_2_a_command_that_ceased_offensive_activity_may_not_advance() {
        let mut g = demo_game("g1");
        g.roster.levels_reached.push(crate::state::roster::LevelReached {
            scope: CommandScope::Brigade("b-iron".into()),
            level: IntegrityLevel::CeaseOffensive,
            turn: 0,
        });
        let mut s = Session::new(g);
        assert!(refuse(&mut s, mark("r-2wi", OrderChoice::charge("r-1tn"))).contains("11.2"));
        assert!(refuse(&mut s, mark("r-2wi", OrderChoice::movement(MoveDirection::Forward, true))).contains("11.2"));
        let behind =
            OrderChoice { into_friendly_position: true, ..OrderChoice::movement(MoveDirection::Forward, true) };
        go(&mut s, mark("r-2wi", behind));
        go(&mut s, mark("r-76ny", OrderChoice::charge("r-1tn")));
    }

    #[test]
    fn appendix_f_2_a_shaken_unit_may_take_an_advance_it_keeps_only_if_rallied() {
        let mut g = demo_game("g1");
        g.setup.rules = RulesSettings::default();
        g.setup.rules.movement.orders_for_shaken_units = true;
        let mut s = Session::new(g);
        for u in ["r-2wi", "r-6wi"] {
            s.dispatch(&Command::Unit(UnitCommand::SetMorale { unit: u.into(), level: MoraleLevel::Shaken }), 1.0)
                .unwrap();
            go(&mut s, mark(u, OrderChoice::charge("r-1tn")));
            assert!(order_of(&s, u).if_rallied);
        }
        go(&mut s, OrdersCommand::FinishMarking { side: Side::Union });
        go(&mut s, OrdersCommand::FinishMarking { side: Side::Confederate });
        next_phase(&mut s);
        // The 2nd Wisconsin rallies in phase 2; the 6th does not.
        s.dispatch(&Command::Unit(UnitCommand::SetMorale { unit: "r-2wi".into(), level: MoraleLevel::Good }), 1.0)
            .unwrap();
        next_phase(&mut s);
        go(&mut s, OrdersCommand::Reveal);
        let p = proposals(s.game());
        assert_eq!(p.len(), 1);
        assert_eq!((p[0].unit.as_str(), p[0].rule, p[0].morale_check_plus), ("r-6wi", "Appendix F.2", Some(3)));
        let text = go(&mut s, OrdersCommand::AcceptProposal { unit: None, half_move: false });
        assert!(text.contains("+3"), "{text}");
    }

    #[test]
    fn appendix_f_1_a_brigadier_gives_a_limited_number_of_orders() {
        let mut g = demo_game("g1");
        g.setup.rules.movement.command_limits = true;
        let mut s = Session::new(g);
        // Meredith (Iron Brigade) is with the 19th Indiana: poor, one order plus one.
        go(&mut s, OrdersCommand::SetExperience { officer: "o-meredith".into(), experience: Some(Experience::Poor) });
        go(&mut s, mark("r-2wi", OrderChoice::plain(OrderKind::FirstFire)));
        go(&mut s, mark("r-6wi", OrderChoice::plain(OrderKind::FirstFire)));
        let why = refuse(&mut s, mark("r-7wi", OrderChoice::plain(OrderKind::FirstFire)));
        assert!(why.contains("Meredith") && why.contains("Appendix F.1"), "{why}");
        // Changing an order already given is not another order.
        go(&mut s, mark("r-6wi", OrderChoice::plain(OrderKind::Hold)));
        // One counter for the whole brigade is one order: "even a poor brigadier can always
        // have his entire brigade advance".
        go(
            &mut s,
            OrdersCommand::MarkGroup {
                group: "b-iron".into(),
                order: OrderChoice::movement(MoveDirection::Forward, true),
            },
        );
        // Off, or no experience set: no limit.
        go(&mut s, OrdersCommand::SetExperience { officer: "o-meredith".into(), experience: None });
        for r in ["r-2wi", "r-6wi", "r-7wi"] {
            go(&mut s, mark(r, OrderChoice::plain(OrderKind::Hold)));
        }
    }

    #[test]
    fn rule_3_1_the_order_sheet_shows_a_turn_only_once_revealed() {
        let mut s = marked_and_at_reveal(OrderChoice::movement(MoveDirection::Forward, true));
        assert_eq!(order_history(s.game(), "r-2wi"), None, "still secret before the reveal");
        next_phase(&mut s);
        go(&mut s, OrdersCommand::Reveal);
        assert_eq!(order_history(s.game(), "r-2wi").as_deref(), Some("T1 ↑"));
        go(&mut s, OrdersCommand::AcceptProposal { unit: None, half_move: false });
        assert_eq!(order_history(s.game(), "r-2wi").as_deref(), Some("T1 CH"));
        assert_eq!(order_history(s.game(), "r-1tn").as_deref(), Some("T1 C"));
    }

    #[test]
    fn rule_1_1_orders_are_undone_like_every_change() {
        let mut s = demo();
        start(&mut s, Side::Union);
        go(&mut s, mark("r-2wi", OrderChoice::plain(OrderKind::FirstFire)));
        go(&mut s, OrdersCommand::TimeUp);
        assert!(s.undo());
        let t = s.game().orders_this_turn().unwrap();
        assert!(t.timer.is_some() && t.orders.len() == 1);
    }

    #[test]
    fn rule_3_2_a_changed_order_is_carried_out_as_conditional_hold() {
        let mut o = order(OrderKind::Move);
        assert_eq!(o.in_force(), OrderKind::Move);
        o.conditional_hold = Some(ConditionalHoldChange { forced: true, rule: "3.2".into() });
        assert_eq!(o.in_force(), OrderKind::ConditionalHold);
    }

    #[test]
    fn rule_1_1_1_the_marking_time_is_three_minutes_unless_set() {
        assert_eq!(OrdersSetup::default().timer_seconds, 180);
        let old: OrdersSetup = serde_json::from_str(r#"{"mode":"OwnDevices"}"#).unwrap();
        assert_eq!(old.timer_seconds, 180);
        assert_eq!(old.mode, PlayMode::OwnDevices);
    }

    /// 1.1.2: finishing early gives Hold to the units without an order, and the marking
    /// screen names exactly those beforehand; a marked unit is not among them.
    #[test]
    fn rule_1_1_2_unmarked_units_are_those_finishing_gives_hold() {
        let mut s = demo();
        start(&mut s, Side::Union);
        go(&mut s, mark("r-2wi", OrderChoice::charge("r-1tn")));
        let before: Vec<String> = unmarked_units(s.game(), Side::Union).into_iter().map(|u| u.name).collect();
        assert!(!before.contains(&"2nd Wisconsin".to_string()));
        assert_eq!(before.len() + 1, units_of(&s.game().roster, Side::Union).len());
        go(&mut s, OrdersCommand::FinishMarking { side: Side::Union });
        let t = s.game().orders_this_turn().unwrap();
        let held: Vec<&str> = t.orders.iter().filter(|o| o.by_default).map(|o| o.unit.as_str()).collect();
        assert_eq!(held.len(), before.len());
        assert!(unmarked_units(s.game(), Side::Union).is_empty());
    }

    /// 1.1, 3.1: while the Confederates mark on a shared phone, the history tells nothing of
    /// the Union's marking (which units, when, how many, who was given Hold); after the reveal
    /// it all reads back.
    #[test]
    fn rule_1_1_the_history_keeps_a_sides_marking_until_the_reveal() {
        let readable = |s: &Session| s.game().readable_log().map(|e| e.text.clone()).collect::<Vec<_>>().join(" | ");
        let mut s = demo();
        start(&mut s, Side::Union);
        go(&mut s, mark("r-2wi", OrderChoice::charge("r-1tn")));
        go(&mut s, OrdersCommand::FinishMarking { side: Side::Union });
        start(&mut s, Side::Confederate);
        let during = readable(&s);
        assert!(
            !during.contains("2nd Wisconsin") && !during.contains("marked") && !during.contains("Hold"),
            "{during}"
        );
        go(&mut s, mark("r-1tn", OrderChoice::charge("r-2wi")));
        go(&mut s, OrdersCommand::FinishMarking { side: Side::Confederate });
        next_phase(&mut s);
        next_phase(&mut s);
        go(&mut s, OrdersCommand::Reveal);
        let after = readable(&s);
        assert!(after.contains("2nd Wisconsin: order marked"), "{after}");
        assert!(after.contains("Union has marked its orders"), "{after}");
        // The whole log keeps everything: only what is shown waits for the reveal.
        assert_eq!(s.game().readable_log().count(), s.game().log.len());
    }
}
