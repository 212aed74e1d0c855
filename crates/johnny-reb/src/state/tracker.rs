//! The turn tracker: what the rules require in the current phase (0.5, Table 1; rules 1 to 8),
//! the players' ticks, the game's length and house rules, and surprise.
//!
//! [`phase_items`] reads the game and lists what must be settled now, each with its rule and a
//! link to the resolver that settles it. The players tick items by hand through
//! [`TrackerCommand`], one variant of [`super::command::Command`], so ticks are undoable and
//! logged like every other change. What carries over at the end of a turn is
//! [`super::turn_end`].

use super::game::{Game, Phase};
use super::ids::UnitId;
use super::orders::UnitOrder;
use super::roster::{Roster, Side};
use crate::rules::orders::{FireRight, order_effects};
use crate::rules::surprise::SurpriseKind;
use crate::rules::tables::t03_movement_rates::{MoveRow, RateColumn, troop_rate};
use crate::rules::unit::{MoraleLevel, OrderKind};
use crate::rules::{Cell, Ratio};
use serde::{Deserialize, Serialize};

use super::error::{CommandError, refused};
pub use super::tracker_state::*;
use super::turn_end::surprise_word;
pub use super::turn_end::{brigade_loss_modifier, end_of_turn, is_last_turn, turn_words};

fn item(
    key: ItemKey,
    text: impl Into<String>,
    rule: &'static str,
    subject: Option<&str>,
    link: Option<ItemLink>,
) -> PhaseItem {
    PhaseItem { key, text: text.into(), rule, subject: subject.map(str::to_string), link, done: false }
}

/// The name of a regiment or gun section, or its id when it is gone from the roster.
pub fn unit_name(roster: &Roster, id: &str) -> String {
    roster
        .regiment(id)
        .map(|r| r.name.clone())
        .or_else(|| roster.section(id).map(|s| s.name.clone()))
        .unwrap_or_else(|| id.to_string())
}

/// A unit that still acts this turn: on the board, not routed (a forced rout cancels its
/// planned actions, 2.1.2), not lost, not merged into another (which acts for it, 6.8.9).
fn acts(roster: &Roster, id: &str) -> bool {
    if let Some(r) = roster.regiment(id) {
        return !r.is_lost() && r.morale != MoraleLevel::Routed && r.merged_into.is_none();
    }
    if let Some(s) = roster.section(id) {
        return !s.state.is_lost() && s.morale != MoraleLevel::Routed;
    }
    false
}

/// This turn's orders whose order in force is one of `kinds`, of units that still act.
fn ordered<'a>(game: &'a Game, kinds: &'a [OrderKind]) -> Vec<&'a UnitOrder> {
    match game.orders_this_turn() {
        Some(t) => t.orders.iter().filter(|o| kinds.contains(&o.in_force()) && acts(&game.roster, &o.unit)).collect(),
        None => Vec::new(),
    }
}

fn inches(game: &Game, r: Ratio) -> String {
    format!("{}\u{2033}", game.setup.rules.table_inches(r))
}

/// The rout distances of Table 3's Routed row by terrain (2.1.1), as measured on this table
/// (doubled for 25 mm), with "missing" where the table lacks them.
pub fn rout_distances(game: &Game, mounted: bool) -> String {
    let row = if mounted { MoveRow::CavalryRouted } else { MoveRow::Routed };
    [RateColumn::Road, RateColumn::Open, RateColumn::Broken, RateColumn::Rough]
        .into_iter()
        .map(|c| {
            let value = match troop_rate(row, c) {
                Cell::Printed(rate) => rate.maximum().map(|r| inches(game, r)).unwrap_or_else(|| "NA".into()),
                Cell::RuleText { value, rule } => {
                    value.maximum().map(|r| format!("{} ({rule})", inches(game, r))).unwrap_or_else(|| "NA".into())
                }
                Cell::Missing => "missing".into(),
            };
            format!("{} {value}", c.label().to_lowercase())
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Routed and shaken regiments and crews, in roster order, with their morale.
fn units_at(roster: &Roster, level: MoraleLevel) -> Vec<(UnitId, String, bool)> {
    let mut out = Vec::new();
    for side in Side::BOTH {
        let army = roster.army(side);
        for r in army.regiments() {
            if r.morale == level && !r.is_lost() && r.merged_into.is_none() {
                out.push((UnitId::from(&r.id), r.name.clone(), r.arm.is_mounted()));
            }
        }
        for s in army.sections() {
            if s.morale == level && !s.state.is_lost() {
                out.push((UnitId::from(&s.id), format!("{} crew", s.name), false));
            }
        }
    }
    out
}

/// Of `keys`, those that are items of the current phase not yet ticked: what a resolver's
/// result settles (the fire of a First Fire unit, a unit's charge, an officer's roll), given
/// as keys or in their words ("first-fire-r-2wi").
pub fn open_items<K: Clone + Into<ItemKey>>(game: &Game, keys: &[K]) -> Vec<ItemKey> {
    if keys.is_empty() {
        return Vec::new();
    }
    let keys: Vec<ItemKey> = keys.iter().cloned().map(Into::into).collect();
    phase_items(game).into_iter().filter(|i| !i.done && keys.contains(&i.key)).map(|i| i.key).collect()
}

/// What the rules require now, for the current turn and phase, with the ticks applied.
pub fn phase_items(game: &Game) -> Vec<PhaseItem> {
    let turn = game.turn;
    let phase = game.phase;
    let roster = &game.roster;
    let mut items = Vec::new();
    // An empty game (no units yet) has nothing to order or reveal.
    let has_units = Side::BOTH
        .into_iter()
        .any(|s| roster.army(s).regiments().next().is_some() || roster.army(s).sections().next().is_some());
    // A gun section fires through the artillery resolver (4.3).
    let fire = |id: &UnitId| {
        Some(if roster.section(id).is_some() { ItemLink::Artillery(id.section()) } else { ItemLink::Fire(id.clone()) })
    };
    match phase {
        Phase::MarkOrders => {
            for side in Side::BOTH {
                if let Some(s) = game.tracker.surprise_on(side) {
                    items.push(item(
                        ItemKey::Surprise(side),
                        format!(
                            "{} is under {} surprise: mark all its units Conditional Hold{}",
                            side.label(),
                            surprise_word(s.kind),
                            if s.kind == SurpriseKind::Strategic { " until released" } else { "" }
                        ),
                        if s.kind == SurpriseKind::Strategic { "10.2.2.a" } else { "10.2.1.a" },
                        None,
                        Some(ItemLink::Orders),
                    ));
                }
            }
            if has_units {
                items.push(item(
                    ItemKey::Mark,
                    "Mark orders for every regiment and gun section, both sides (3 minutes)",
                    "1.1",
                    None,
                    Some(ItemLink::Orders),
                ));
            }
        }
        Phase::RoutsAndRallies => {
            let routed_now: Vec<&str> = game.morale_changed_in(2, MoraleLevel::Routed).collect();
            let shaken_now: Vec<&str> = game.morale_changed_in(2, MoraleLevel::Shaken).collect();
            // 2.1.1: units routed earlier move first; one routed in this phase has made its
            // forced rout move already (2.1.2).
            let routed = units_at(roster, MoraleLevel::Routed);
            let to_move: Vec<_> = routed.iter().filter(|(id, _, _)| !routed_now.contains(&id.as_str())).collect();
            for (id, name, mounted) in &to_move {
                items.push(item(
                    ItemKey::Rout(id.clone()),
                    format!("Move {name} routed, away from the enemy: {}", rout_distances(game, *mounted)),
                    "2.1.1",
                    Some(id),
                    Some(ItemLink::Rout(id.clone())),
                ));
            }
            if !to_move.is_empty() {
                // 2.2's 12" and 3" are measurements, doubled for 25 mm figures like the rest.
                items.push(item(
                    ItemKey::SeenRouts,
                    format!(
                        "Units that see a routed unit move within {} to the front or {} to the rear (line of sight unblocked) check morale",
                        inches(game, Ratio::whole(12)),
                        inches(game, Ratio::whole(3))
                    ),
                    "2.2",
                    None,
                    Some(ItemLink::Morale),
                ));
            }
            for side in Side::BOTH {
                if game.tracker.surprise_on(side).is_some_and(|s| s.kind == SurpriseKind::Strategic) {
                    items.push(item(
                        ItemKey::Release(side),
                        format!(
                            "{}: roll one die for each surprised unit; higher than its BMP releases it",
                            side.label()
                        ),
                        "10.2.2.a",
                        None,
                        Some(ItemLink::SurpriseRelease),
                    ));
                }
            }
            // 2.4: the last step; units shaken or routed this phase do not try.
            let mut due = routed.clone();
            due.extend(units_at(roster, MoraleLevel::Shaken));
            for (id, name, _) in due {
                if routed_now.contains(&id.as_str()) || shaken_now.contains(&id.as_str()) {
                    continue;
                }
                let level = roster.morale_of(&id);
                let word = if level == Some(MoraleLevel::Routed) { "routed" } else { "shaken" };
                items.push(item(
                    ItemKey::Rally(id.clone()),
                    format!("Rally {name} ({word})"),
                    "2.4",
                    Some(&id),
                    Some(ItemLink::Rally(id.clone())),
                ));
            }
        }
        Phase::RevealOrders if has_units => {
            items.push(item(ItemKey::Reveal, "Reveal both sides' orders at once", "3.1", None, Some(ItemLink::Orders)));
            items.push(item(
                ItemKey::Declare,
                "Declare each charge's objective and explain complicated moves",
                "3.1",
                None,
                Some(ItemLink::Orders),
            ));
            items.push(item(
                ItemKey::ConditionalHold,
                "Change orders to Conditional Hold where chosen or required",
                "3.2",
                None,
                Some(ItemLink::Orders),
            ));
        }
        Phase::RevealOrders => {}
        Phase::FirstFires => {
            for o in ordered(game, &[OrderKind::FirstFire]) {
                items.push(item(
                    ItemKey::FirstFire(o.unit.clone()),
                    format!("{} fires (First Fire)", unit_name(roster, &o.unit)),
                    "4.1",
                    Some(&o.unit),
                    fire(&o.unit),
                ));
            }
            for o in ordered(game, &[OrderKind::Hold]) {
                items.push(item(
                    ItemKey::Hold(o.unit.clone()),
                    format!(
                        "{} (Hold) may fire now, after all First Fire, or wait for a later phase",
                        unit_name(roster, &o.unit)
                    ),
                    "4.1",
                    Some(&o.unit),
                    fire(&o.unit),
                ));
            }
            if game.orders_this_turn().is_none() && has_units {
                items.push(item(
                    ItemKey::FireUnrecorded,
                    "No orders recorded this turn: units marked First Fire fire, then units on Hold",
                    "4.1",
                    None,
                    None,
                ));
            }
        }
        Phase::Charges => {
            let charges = ordered(game, &[OrderKind::Charge]);
            if !charges.is_empty() {
                items.push(item(
                    ItemKey::ChargeOrder,
                    "Measure each charger's distance to its target: resolve the nearest charge first, each one completely; units check for routs seen only after their own charge",
                    "5.1.5",
                    None,
                    None,
                ));
            }
            for o in charges {
                let mut text = format!("{} charges", unit_name(roster, &o.unit));
                if let Some(target) = &o.objective {
                    text.push_str(&format!(" {}", unit_name(roster, target)));
                }
                if let Some(r) = roster.regiment(&o.unit) {
                    match r.charges.permission(turn) {
                        super::roster::ChargePermission::SecondTurn => text.push_str(
                            ": a second turn in a row, in disorder, without charge elan or bonus movement (5.1.4)",
                        ),
                        super::roster::ChargePermission::NotAllowed => {
                            text.push_str(": it charged the last two turns and may not charge (5.1.4)")
                        }
                        super::roster::ChargePermission::Fresh => {}
                    }
                }
                items.push(item(
                    ItemKey::Charge(o.unit.clone()),
                    text,
                    "5.1",
                    Some(&o.unit),
                    Some(ItemLink::Charge(o.unit.clone())),
                ));
            }
        }
        Phase::Movement => {
            for o in ordered(game, &[OrderKind::Move, OrderKind::FormationChange, OrderKind::Disengage]) {
                let what = match o.in_force() {
                    OrderKind::FormationChange => {
                        let to = o.formation.map(|f| format!(" to {}", f.label())).unwrap_or_default();
                        format!("changes formation{to}")
                    }
                    OrderKind::Disengage => "disengages, away from the enemy in disorder".to_string(),
                    _ => match o.direction {
                        Some(d) => format!("moves {}", d.label()),
                        None => "moves".to_string(),
                    },
                };
                items.push(item(
                    ItemKey::Move(o.unit.clone()),
                    format!("{} {what}", unit_name(roster, &o.unit)),
                    "6.1",
                    Some(&o.unit),
                    Some(ItemLink::Move(o.unit.clone())),
                ));
            }
            if !ordered(game, &[OrderKind::Hold]).is_empty() {
                items.push(item(
                    ItemKey::HoldAtMovers,
                    "Units on Hold that have not fired may fire at moving units, before or during their move",
                    "6.1",
                    None,
                    None,
                ));
            }
            if game.orders_this_turn().is_none() && has_units {
                items.push(item(
                    ItemKey::MoveUnrecorded,
                    "No orders recorded this turn: units marked Move, Formation Change or Disengage move",
                    "6.1",
                    None,
                    None,
                ));
            }
        }
        Phase::MovingFires => {
            let kinds = [
                OrderKind::Hold,
                OrderKind::Move,
                OrderKind::FormationChange,
                OrderKind::ConditionalHold,
                OrderKind::Charge,
            ];
            for o in ordered(game, &kinds) {
                let how = match order_effects(o.in_force()).fire {
                    FireRight::FullAnyTime => "at full effect, if it has not fired this turn",
                    FireRight::HalfInPhaseSeven | FireRight::HalfInPhaseSevenOrAtCharger => {
                        "at half effect, if it has not fired this turn"
                    }
                    FireRight::PhaseSevenUnlessEmptyGuns => {
                        "if it has not fired this turn and did not charge with empty guns"
                    }
                    FireRight::None | FireRight::FirstFire => continue,
                };
                items.push(item(
                    ItemKey::MovingFire(o.unit.clone()),
                    format!("{} ({}) may fire {how}", unit_name(roster, &o.unit), o.in_force().label()),
                    "7",
                    Some(&o.unit),
                    fire(&o.unit),
                ));
            }
            if game.orders_this_turn().is_none() && has_units {
                items.push(item(ItemKey::Fire7Unrecorded, "No orders recorded this turn: non-routed units not on Disengage or First Fire that have not fired may fire", "7", None, None));
            }
        }
        Phase::OfficerCasualties => {
            for side in Side::BOTH {
                for o in &roster.army(side).officers {
                    if o.is_removed() {
                        continue;
                    }
                    items.push(item(
                        ItemKey::Officer(o.id.clone()),
                        format!("Roll for {}: the closest he or his unit came to a fighting enemy unit", o.name),
                        "8, Table 20",
                        Some(&o.id),
                        Some(ItemLink::Officer(o.id.clone())),
                    ));
                }
            }
        }
    }
    let settled = settled_by_orders(game);
    // A charge is settled once its result is applied to the roster (5; state::charges).
    let charged = |key: &ItemKey| match key {
        ItemKey::Charge(unit) => game.charges.latest_for(game.turn, unit).is_some_and(|c| c.applied),
        _ => false,
    };
    for i in &mut items {
        i.done = game.tracker.is_ticked(turn, phase.number(), &i.key) || settled.contains(&i.key) || charged(&i.key);
    }
    items
}

/// The items the Orders area settles itself: marking is done once every side with units has
/// finished (1.1), the reveal once revealed (3.1), and the Conditional Hold changes once no
/// required change is left (3.2).
fn settled_by_orders(game: &Game) -> Vec<ItemKey> {
    let mut done = Vec::new();
    let Some(turn) = game.orders_this_turn() else { return done };
    // With one device per player, this device answers only for its own side.
    let own_side = match game.setup.orders.mode {
        super::orders::PlayMode::OwnDevices => game.setup.orders.device_side,
        super::orders::PlayMode::SharedDevice => None,
    };
    let mut sides_with_units = Side::BOTH
        .into_iter()
        .filter(|s| own_side.is_none_or(|own| own == *s))
        .filter(|s| !super::orders::units_of(&game.roster, *s).is_empty());
    if sides_with_units.all(|s| turn.marked.contains(&s)) {
        done.push(ItemKey::Mark);
    }
    if turn.revealed {
        done.extend([ItemKey::Reveal, ItemKey::Declare]);
        if super::orders::proposals(game).is_empty() {
            done.push(ItemKey::ConditionalHold);
        }
    }
    done
}

/// The items of the current phase not ticked.
pub fn not_done(game: &Game) -> Vec<PhaseItem> {
    phase_items(game).into_iter().filter(|i| !i.done).collect()
}

/// The tracker's changes: ticks, the game's settings, surprise.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TrackerCommand {
    /// Tick an item of the current phase as done by hand.
    Tick {
        /// The item's key.
        key: ItemKey,
    },
    /// Take a tick back.
    Untick {
        /// The item's key.
        key: ItemKey,
    },
    /// Set the scenario's number of turns, or none.
    SetTurns {
        /// The number of turns.
        turns: Option<u32>,
    },
    /// Set a house rule (a ruling or an Appendix F optional rule, or 25 mm doubling).
    SetRule {
        /// The setting's key ([`crate::rules::settings::RulesSettings::entries`]).
        key: String,
        /// The option's key.
        value: String,
    },
    /// Put a side under surprise for a number of turns, this one included (10.2); 0 ends it.
    SetSurprise {
        /// The surprised side.
        side: Side,
        /// Tactical or strategic.
        kind: SurpriseKind,
        /// Turns it lasts.
        turns: u32,
    },
}

impl TrackerCommand {
    /// Checks and applies the change; returns the log line.
    pub fn execute(&self, game: &mut Game) -> Result<String, CommandError> {
        let (turn, phase) = (game.turn, game.phase.number());
        match self {
            TrackerCommand::Tick { key } | TrackerCommand::Untick { key } => {
                let items = phase_items(game);
                let it = items
                    .iter()
                    .find(|i| &i.key == key)
                    .ok_or_else(|| refused("That item is not part of this phase."))?;
                let ticked = game.tracker.is_ticked(turn, phase, key);
                if matches!(self, TrackerCommand::Tick { .. }) {
                    if ticked {
                        return Err(refused("That item is already ticked."));
                    }
                    game.tracker.ticks.push(Tick { turn, phase, key: key.clone() });
                    Ok(format!("Done: {} ({})", it.text, it.rule))
                } else {
                    if !ticked {
                        return Err(refused("That item is not ticked."));
                    }
                    game.tracker.ticks.retain(|t| !(t.turn == turn && t.phase == phase && &t.key == key));
                    Ok(format!("Not done after all: {}", it.text))
                }
            }
            TrackerCommand::SetTurns { turns } => {
                if let Some(n) = turns
                    && (*n == 0 || *n > MAX_TURNS)
                {
                    return Err(refused(format!("A game lasts 1 to {MAX_TURNS} turns.")));
                }
                if game.setup.turns == *turns {
                    return Err(refused("The game already has that length."));
                }
                game.setup.turns = *turns;
                Ok(match turns {
                    Some(n) => format!("The game lasts {n} turns"),
                    None => "The game has no set number of turns".into(),
                })
            }
            TrackerCommand::SetRule { key, value } => {
                let before = game.setup.rules.get(key).map_err(|e| refused(e.to_string()))?;
                if before == value.as_str() {
                    return Err(refused("That setting is already chosen."));
                }
                game.setup.rules.set(key, value).map_err(|e| refused(e.to_string()))?;
                let entry = game.setup.rules.entries().into_iter().find(|e| e.key == key);
                let (label, chosen) = match entry {
                    Some(e) => {
                        (e.label, e.options.iter().find(|o| o.key == e.value).map(|o| o.label).unwrap_or(e.value))
                    }
                    None => (key.as_str(), value.as_str()),
                };
                Ok(format!("House rule: {label}: {chosen}"))
            }
            TrackerCommand::SetSurprise { side, kind, turns } => {
                if *turns > MAX_SURPRISE_TURNS {
                    return Err(refused(format!("Surprise lasts at most {MAX_SURPRISE_TURNS} turns here.")));
                }
                game.tracker.surprises.retain(|s| s.side != *side);
                if *turns == 0 {
                    return Ok(format!("The {} is no longer surprised (10.2)", side.label()));
                }
                game.tracker.surprises.push(SurpriseState { side: *side, kind: *kind, turns_left: *turns });
                Ok(format!(
                    "The {} is under {} surprise for {turns} turn{} (10.2)",
                    side.label(),
                    surprise_word(*kind),
                    if *turns == 1 { "" } else { "s" }
                ))
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
