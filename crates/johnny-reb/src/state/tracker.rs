//! The turn tracker: what the rules require in the current phase (0.5, Table 1; rules 1 to 8),
//! the players' ticks, the game's length and house rules, surprise, and the housekeeping at
//! the end of each turn.
//!
//! [`phase_items`] reads the game and lists what must be settled now, each with its rule and a
//! link to the resolver that settles it. The players tick items by hand through
//! [`TrackerCommand`], one variant of [`super::command::Command`], so ticks are undoable and
//! logged like every other change. [`end_of_turn`] is run by `Command::NextPhase` when phase 8
//! ends and returns the one line of what changed.

use super::game::{Game, Phase};
use super::orders::UnitOrder;
use super::roster::{OfficerCondition, Roster, Side};
use crate::rules::command_integrity::IntegrityLevel;
use crate::rules::orders::{FireRight, order_effects};
use crate::rules::surprise::SurpriseKind;
use crate::rules::tables::t03_movement_rates::{MoveRow, RateColumn, troop_rate};
use crate::rules::unit::{MoraleLevel, OrderKind};
use crate::rules::{Cell, Ratio};
use serde::{Deserialize, Serialize};

use super::error::{CommandError, refused};
pub use super::tracker_state::*;

fn item(
    key: ItemKey,
    text: impl Into<String>,
    rule: &'static str,
    subject: Option<&str>,
    link: Option<String>,
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
fn units_at(roster: &Roster, level: MoraleLevel) -> Vec<(String, String, bool)> {
    let mut out = Vec::new();
    for side in Side::BOTH {
        let army = roster.army(side);
        for r in army.regiments() {
            if r.morale == level && !r.is_lost() && r.merged_into.is_none() {
                out.push((r.id.clone(), r.name.clone(), r.arm.is_mounted()));
            }
        }
        for s in army.sections() {
            if s.morale == level && !s.state.is_lost() {
                out.push((s.id.clone(), format!("{} crew", s.name), false));
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
    let link = |kind: &str, id: &str| {
        // A gun section fires through the artillery resolver (4.3).
        let kind = if kind == "fire" && roster.section(id).is_some() { "artillery" } else { kind };
        Some(format!("/resolve/{kind}?unit={id}"))
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
                        Some("/orders".into()),
                    ));
                }
            }
            if has_units {
                items.push(item(
                    ItemKey::Mark,
                    "Mark orders for every regiment and gun section, both sides (3 minutes)",
                    "1.1",
                    None,
                    Some("/orders".into()),
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
                    ItemKey::Rout(id.to_string()),
                    format!("Move {name} routed, away from the enemy: {}", rout_distances(game, *mounted)),
                    "2.1.1",
                    Some(id),
                    link("rout", id),
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
                    Some("/resolve/morale".into()),
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
                        Some("/resolve/rolls?roll=surprise&kind=release".into()),
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
                    ItemKey::Rally(id.to_string()),
                    format!("Rally {name} ({word})"),
                    "2.4",
                    Some(&id),
                    link("rally", &id),
                ));
            }
        }
        Phase::RevealOrders if has_units => {
            items.push(item(ItemKey::Reveal, "Reveal both sides' orders at once", "3.1", None, Some("/orders".into())));
            items.push(item(
                ItemKey::Declare,
                "Declare each charge's objective and explain complicated moves",
                "3.1",
                None,
                Some("/orders".into()),
            ));
            items.push(item(
                ItemKey::ConditionalHold,
                "Change orders to Conditional Hold where chosen or required",
                "3.2",
                None,
                Some("/orders".into()),
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
                    link("fire", &o.unit),
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
                    link("fire", &o.unit),
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
                items.push(item(ItemKey::Charge(o.unit.clone()), text, "5.1", Some(&o.unit), link("charge", &o.unit)));
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
                    link("move", &o.unit),
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
                    link("fire", &o.unit),
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
                        Some(format!("/resolve/officer?officer={}", o.id)),
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

fn surprise_word(kind: SurpriseKind) -> &'static str {
    match kind {
        SurpriseKind::Tactical => "tactical",
        SurpriseKind::Strategic => "strategic",
    }
}

/// "Turn 3 of 12", or "Turn 3" when the scenario sets no length.
pub fn turn_words(game: &Game) -> String {
    match game.setup.turns {
        Some(n) if game.turn > n => format!("Turn {} (the scenario's {n} turns are over)", game.turn),
        Some(n) => format!("Turn {} of {n}", game.turn),
        None => format!("Turn {}", game.turn),
    }
}

/// Whether this is the scenario's last turn.
pub fn is_last_turn(game: &Game) -> bool {
    game.setup.turns == Some(game.turn)
}

/// The +1 per regiment lost from `brigade` in force on `turn` (2.3.4.e: from the start of the
/// turn after the loss).
pub fn brigade_loss_modifier(game: &Game, brigade: &str, turn: u32) -> u32 {
    game.tracker.regiments_lost.iter().filter(|l| l.brigade == brigade && l.turn < turn).count() as u32
}

/// The end-of-turn housekeeping when phase 8 of `game.turn` ends, before the turn number
/// moves on. Returns what changed, one clause each.
pub fn end_of_turn(game: &mut Game) -> Vec<String> {
    let turn = game.turn;
    let mut lines = Vec::new();

    // 4.3.5.b: a single crew kill is cancelled at the end of the turn.
    let mut cancelled = Vec::new();
    for side in Side::BOTH {
        for d in &mut game.roster.army_mut(side).divisions {
            let bats = d.brigades.iter_mut().flat_map(|b| b.batteries.iter_mut());
            for bat in bats.chain(d.batteries.iter_mut()) {
                for s in &mut bat.sections {
                    if s.crew_kills_this_turn == 1 {
                        cancelled.push(s.name.clone());
                    }
                    s.crew_kills_this_turn = 0;
                }
            }
        }
    }
    if !cancelled.is_empty() {
        lines.push(format!("single crew kills cancelled: {} (4.3.5.b)", cancelled.join(", ")));
    }

    // 5.1.4: a Charge order counts as a charge, recorded or not; two turns in a row forbid a
    // third.
    let charged: Vec<String> = game
        .orders_this_turn()
        .map(|t| t.units_with(OrderKind::Charge).map(|o| o.unit.clone()).collect())
        .unwrap_or_default();
    for id in charged {
        if let Some(r) = game.roster.regiment_mut(&id)
            && r.charges.last_turn != Some(turn)
        {
            r.charges.in_a_row =
                if r.charges.charged_last_turn(turn) { r.charges.in_a_row.saturating_add(1) } else { 1 };
            r.charges.last_turn = Some(turn);
        }
    }
    let mut second = Vec::new();
    let mut barred = Vec::new();
    for side in Side::BOTH {
        for r in game.roster.army(side).regiments() {
            if r.charges.last_turn == Some(turn) && !r.is_lost() {
                if r.charges.in_a_row >= 2 {
                    barred.push(r.name.clone());
                } else {
                    second.push(r.name.clone());
                }
            }
        }
    }
    if !second.is_empty() {
        lines.push(format!(
            "charged this turn, a charge next turn is in disorder without elan or bonus: {} (5.1.4)",
            second.join(", ")
        ));
    }
    if !barred.is_empty() {
        lines.push(format!("charged two turns in a row, may not charge next turn: {} (5.1.4)", barred.join(", ")));
    }

    // 10.2: surprise lasts the scenario's number of turns.
    for s in &mut game.tracker.surprises {
        if s.turns_left == 0 {
            continue;
        }
        s.turns_left -= 1;
        let rule = if s.kind == SurpriseKind::Strategic { "10.2.2" } else { "10.2.1" };
        if s.turns_left == 0 {
            lines.push(format!("{} surprise of the {} ends ({rule})", surprise_word(s.kind), s.side.label()));
        } else {
            let turns =
                if s.turns_left == 1 { "1 more turn".to_string() } else { format!("{} more turns", s.turns_left) };
            lines.push(format!("{} surprise of the {}: {turns} ({rule})", surprise_word(s.kind), s.side.label()));
        }
    }
    game.tracker.surprises.retain(|s| s.turns_left > 0);

    // 2.3.4.e: each regiment lost gives its brigade's other regiments +1, from next turn.
    let mut now_lost = Vec::new();
    for side in Side::BOTH {
        for d in &game.roster.army(side).divisions {
            for b in &d.brigades {
                for r in &b.regiments {
                    if r.is_lost() {
                        now_lost.push((b.id.clone(), b.name.clone(), r.id.clone(), r.name.clone()));
                    }
                }
            }
        }
    }
    // A loss taken back (a kill removed by mistake) is no longer counted.
    game.tracker.regiments_lost.retain(|l| now_lost.iter().any(|(b, _, r, _)| *b == l.brigade && *r == l.regiment));
    for (b, bname, r, rname) in now_lost {
        if !game.tracker.regiments_lost.iter().any(|l| l.regiment == r) {
            game.tracker.regiments_lost.push(RegimentLoss { brigade: b.clone(), regiment: r, turn });
            let total = brigade_loss_modifier(game, &b, turn + 1);
            lines.push(format!(
                "{rname} lost: from turn {} {bname}'s regiments check morale at +{total} (2.3.4.e)",
                turn + 1
            ));
        }
    }

    // 11.2: a level reached this turn restricts the command from the next.
    for l in game.roster.levels_reached.iter().filter(|l| l.turn == turn) {
        let name = game
            .roster
            .commands()
            .into_iter()
            .find(|c| c.scope == l.scope)
            .map(|c| c.name)
            .unwrap_or_else(|| "A command".into());
        let what = match l.level {
            IntegrityLevel::CeaseOffensive => "ceases offensive activity: no advance or charge against the enemy",
            IntegrityLevel::RetireFromField => "retires from the field: all its units move away from the enemy",
            IntegrityLevel::Fighting => continue,
        };
        lines.push(format!("from turn {} {name} {what} (11.2)", turn + 1));
    }

    // Table 20, 8: stunned "for one turn", the turn after the hit; he recovers at its end.
    for side in Side::BOTH {
        for o in &mut game.roster.army_mut(side).officers {
            if let OfficerCondition::Stunned { turn: hit } = o.condition {
                if hit.saturating_add(1) <= turn {
                    o.condition = OfficerCondition::Unhurt;
                    lines.push(format!("{} recovers from being stunned (8)", o.name));
                } else if hit == turn {
                    lines.push(format!("{} is stunned: no benefits, no movement in turn {} (8)", o.name, turn + 1));
                }
            }
        }
    }

    if is_last_turn(game) {
        lines.push(format!("the scenario's last turn ({turn}) is over"));
    }
    lines
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
mod tests {
    use super::*;
    use crate::rules::tables::t20_officer_casualty::CasualtyEffect;
    use crate::state::demo::demo_game;
    use crate::state::orders::TurnOrders;
    use crate::state::units::UnitCommand;
    use crate::state::{command::Command, session::Session};

    fn order(unit: &str, side: Side, kind: OrderKind) -> UnitOrder {
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

    /// The demo game with this turn's orders.
    fn with_orders(orders: Vec<UnitOrder>) -> Game {
        let mut g = demo_game("g");
        g.orders.push(TurnOrders {
            turn: 1,
            orders,
            marked: Side::BOTH.to_vec(),
            timer: None,
            revealed: true,
            charged: Vec::new(),
        });
        g
    }

    fn at(mut g: Game, phase: Phase) -> Game {
        g.phase = phase;
        g
    }

    fn keys(g: &Game) -> Vec<String> {
        phase_items(g).into_iter().map(|i| i.key.to_string()).collect()
    }

    fn next(s: &mut Session) {
        s.dispatch(&Command::NextPhase, 0.0).unwrap();
    }

    fn to_turn_end(s: &mut Session) -> String {
        while s.game().phase != Phase::OfficerCasualties {
            next(s);
        }
        next(s);
        s.game().log.last().unwrap().text.clone()
    }

    #[test]
    fn rule_1_1_and_3_2_the_orders_area_settles_marking_and_the_reveal() {
        use crate::state::orders::{OrderChoice, OrdersCommand};
        let mut s = Session::new(demo_game("g"));
        let key_done = |s: &Session, key: &str| phase_items(s.game()).iter().find(|i| i.key == key).map(|i| i.done);
        assert_eq!(key_done(&s, "mark"), Some(false));
        s.dispatch(
            &Command::Orders(OrdersCommand::Mark { unit: "r-2wi".into(), order: OrderChoice::plain(OrderKind::Hold) }),
            0.0,
        )
        .unwrap();
        s.dispatch(&Command::Orders(OrdersCommand::FinishMarking { side: Side::Union }), 0.0).unwrap();
        assert_eq!(key_done(&s, "mark"), Some(false), "one side still marking");
        s.dispatch(&Command::Orders(OrdersCommand::FinishMarking { side: Side::Confederate }), 0.0).unwrap();
        assert_eq!(key_done(&s, "mark"), Some(true));
        assert!(not_done(s.game()).is_empty());
        s.dispatch(&Command::NextPhase, 0.0).unwrap();
        s.dispatch(&Command::NextPhase, 0.0).unwrap();
        assert_eq!(key_done(&s, "reveal"), Some(false));
        s.dispatch(&Command::Orders(OrdersCommand::Reveal), 0.0).unwrap();
        assert_eq!(key_done(&s, "reveal"), Some(true));
        assert_eq!(key_done(&s, "declare"), Some(true));
    }

    #[test]
    fn rule_2_2_the_distances_for_seeing_routs_double_for_25mm() {
        let mut g = demo_game("g");
        let r = g.roster.union.divisions[0].brigades[0].regiments[0].id.clone();
        if let Some(reg) = g.roster.regiment_mut(&r) {
            reg.morale = MoraleLevel::Routed;
        }
        g.phase = Phase::RoutsAndRallies;
        let seen = |g: &Game| phase_items(g).into_iter().find(|i| i.key == "seen-routs").map(|i| i.text);
        assert!(seen(&g).is_some_and(|t| t.contains("within 12\u{2033} to the front or 3\u{2033} to the rear")));
        g.setup.rules.set("fire.figures_25mm", "on").unwrap();
        assert!(
            seen(&g).is_some_and(|t| t.contains("within 24\u{2033} to the front or 6\u{2033} to the rear")),
            "{:?}",
            seen(&g)
        );
    }

    #[test]
    fn rule_1_1_with_own_devices_a_device_answers_for_its_side_only() {
        use crate::state::orders::{OrdersCommand, PlayMode};
        let mut s = Session::new(demo_game("g"));
        let own = OrdersCommand::SetPlayMode { mode: PlayMode::OwnDevices, device_side: Some(Side::Confederate) };
        s.dispatch(&Command::Orders(own), 0.0).unwrap();
        let mark_done = |s: &Session| phase_items(s.game()).iter().find(|i| i.key == "mark").map(|i| i.done);
        s.dispatch(&Command::Orders(OrdersCommand::StartTimer { side: Side::Confederate, deadline_ms: 9.0e12 }), 0.0)
            .unwrap();
        assert_eq!(mark_done(&s), Some(false));
        s.dispatch(&Command::Orders(OrdersCommand::FinishMarking { side: Side::Confederate }), 0.0).unwrap();
        assert_eq!(mark_done(&s), Some(true), "the Union marks on the other device");
    }

    #[test]
    fn rule_1_1_phase_one_asks_for_orders() {
        let g = demo_game("g");
        let items = phase_items(&g);
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].link.as_deref(), Some("/orders"));
        assert_eq!(items[0].rule, "1.1");
    }

    #[test]
    fn rule_2_1_1_routed_units_move_by_table_3_with_missing_values_named() {
        let mut g = at(demo_game("g"), Phase::RoutsAndRallies);
        g.roster.regiment_mut("r-2wi").unwrap().morale = MoraleLevel::Routed;
        let items = phase_items(&g);
        let rout = items.iter().find(|i| i.key == "rout-r-2wi").unwrap();
        assert_eq!(
            rout.text,
            "Move 2nd Wisconsin routed, away from the enemy: road missing, open missing, broken 6\u{2033} (2.1.1), rough missing"
        );
        assert_eq!(rout.link.as_deref(), Some("/resolve/rout?unit=r-2wi"));
        // 2.2, then 2.4 last: order is rout, seen, rally.
        let k = keys(&g);
        assert_eq!(k, vec!["rout-r-2wi", "seen-routs", "rally-r-2wi"]);
        // 25 mm figures measure double (0.1.1).
        g.setup.rules.set("fire.figures_25mm", "on").unwrap();
        assert!(phase_items(&g)[0].text.contains("broken 12\u{2033}"));
    }

    #[test]
    fn rule_2_4_units_shaken_or_routed_this_phase_do_not_rally() {
        let mut s = Session::new(demo_game("g"));
        s.dispatch(&Command::Unit(UnitCommand::SetMorale { unit: "r-24mi".into(), level: MoraleLevel::Shaken }), 0.0)
            .unwrap();
        next(&mut s); // phase 2
        s.dispatch(&Command::Unit(UnitCommand::SetMorale { unit: "r-2wi".into(), level: MoraleLevel::Routed }), 0.0)
            .unwrap();
        s.dispatch(&Command::Unit(UnitCommand::SetMorale { unit: "r-7wi".into(), level: MoraleLevel::Shaken }), 0.0)
            .unwrap();
        let k = keys(s.game());
        assert!(k.contains(&"rally-r-24mi".to_string()), "{k:?}");
        assert!(!k.contains(&"rally-r-2wi".to_string()) && !k.contains(&"rally-r-7wi".to_string()), "{k:?}");
        // Routed this phase by a forced rout: it has moved already (2.1.2).
        assert!(!k.contains(&"rout-r-2wi".to_string()));
        let rally = phase_items(s.game()).into_iter().find(|i| i.key == "rally-r-24mi").unwrap();
        assert_eq!(rally.link.as_deref(), Some("/resolve/rally?unit=r-24mi"));
    }

    #[test]
    fn rule_4_1_first_fire_then_hold() {
        let g = at(
            with_orders(vec![
                order("r-2wi", Side::Union, OrderKind::Hold),
                order("r-7wi", Side::Union, OrderKind::FirstFire),
                order("r-1tn", Side::Confederate, OrderKind::FirstFire),
                order("r-24mi", Side::Union, OrderKind::Move),
            ]),
            Phase::FirstFires,
        );
        assert_eq!(keys(&g), vec!["first-fire-r-7wi", "first-fire-r-1tn", "hold-r-2wi"]);
        assert_eq!(phase_items(&g)[0].link.as_deref(), Some("/resolve/fire?unit=r-7wi"));
    }

    #[test]
    fn rule_4_1_a_first_fire_units_fire_settles_its_item_and_nothing_else() {
        let mut g = at(
            with_orders(vec![
                order("r-7wi", Side::Union, OrderKind::FirstFire),
                order("r-2wi", Side::Union, OrderKind::Hold),
            ]),
            Phase::FirstFires,
        );
        let fired = ["first-fire", "hold", "moving-fire"].map(|k| format!("{k}-r-7wi")).to_vec();
        assert_eq!(open_items(&g, &fired), vec![ItemKey::FirstFire("r-7wi".into())]);
        g.tracker.ticks.push(Tick { turn: g.turn, phase: g.phase.number(), key: "first-fire-r-7wi".into() });
        assert!(open_items(&g, &fired).is_empty(), "a ticked item is not ticked twice");
        assert!(open_items(&g, &["charge-r-7wi".to_string()]).is_empty(), "not an item of this phase");
    }

    #[test]
    fn rule_2_1_2_a_routed_unit_carries_out_no_order() {
        let mut g = at(with_orders(vec![order("r-7wi", Side::Union, OrderKind::FirstFire)]), Phase::FirstFires);
        g.roster.regiment_mut("r-7wi").unwrap().morale = MoraleLevel::Routed;
        assert!(keys(&g).is_empty());
    }

    #[test]
    fn rule_5_1_5_charges_with_the_order_of_resolution_and_5_1_4_second_turn() {
        let mut g = at(
            with_orders(vec![UnitOrder {
                objective: Some("r-1tn".into()),
                ..order("r-2wi", Side::Union, OrderKind::Charge)
            }]),
            Phase::Charges,
        );
        let items = phase_items(&g);
        assert_eq!(items[0].rule, "5.1.5");
        assert!(items[0].text.contains("nearest charge first"));
        assert_eq!(items[1].text, "2nd Wisconsin charges 1st Tennessee");
        assert_eq!(items[1].link.as_deref(), Some("/resolve/charge?unit=r-2wi"));
        g.turn = 2;
        g.orders[0].turn = 2;
        g.roster.regiment_mut("r-2wi").unwrap().charges =
            crate::state::roster::ChargeRecord { last_turn: Some(1), in_a_row: 1 };
        assert!(phase_items(&g)[1].text.contains("second turn in a row"));
    }

    #[test]
    fn rule_6_1_movers_and_rule_7_who_may_fire() {
        let orders = vec![
            order("r-2wi", Side::Union, OrderKind::Move),
            order("r-7wi", Side::Union, OrderKind::FormationChange),
            order("r-19in", Side::Union, OrderKind::Disengage),
            order("r-24mi", Side::Union, OrderKind::FirstFire),
            order("r-1tn", Side::Confederate, OrderKind::Hold),
        ];
        let g = at(with_orders(orders.clone()), Phase::Movement);
        assert_eq!(keys(&g), vec!["move-r-2wi", "move-r-7wi", "move-r-19in", "hold-at-movers"]);
        let g = at(with_orders(orders), Phase::MovingFires);
        let items = phase_items(&g);
        assert_eq!(
            keys(&g),
            vec!["moving-fire-r-2wi", "moving-fire-r-7wi", "moving-fire-r-1tn"],
            "D and FR may not fire (7)"
        );
        assert!(items[0].text.contains("half effect"));
        assert!(items[2].text.contains("full effect"));
    }

    #[test]
    fn rule_8_every_officer_on_the_board_rolls() {
        let mut g = at(demo_game("g"), Phase::OfficerCasualties);
        let all = g.roster.union.officers.len() + g.roster.confederate.officers.len();
        assert_eq!(phase_items(&g).len(), all);
        g.roster.officer_mut("o-archer").unwrap().condition = OfficerCondition::Dead;
        let items = phase_items(&g);
        assert_eq!(items.len(), all - 1);
        assert!(items.iter().all(|i| i.link.as_deref().is_some_and(|l| l.starts_with("/resolve/officer?officer="))));
    }

    #[test]
    fn ticks_are_kept_per_turn_and_phase_and_undoable() {
        let mut s = Session::new(demo_game("g"));
        let tick = Command::Tracker(TrackerCommand::Tick { key: "mark".into() });
        s.dispatch(&tick, 0.0).unwrap();
        assert!(phase_items(s.game())[0].done);
        assert!(not_done(s.game()).is_empty());
        assert!(s.dispatch(&tick, 0.0).is_err());
        assert!(s.dispatch(&Command::Tracker(TrackerCommand::Tick { key: "nope".into() }), 0.0).is_err());
        s.undo();
        assert!(!phase_items(s.game())[0].done);
        s.redo();
        to_turn_end(&mut s);
        assert!(!phase_items(s.game())[0].done, "a new turn starts unticked");
    }

    #[test]
    fn rule_4_3_5_b_single_crew_kill_cancelled_in_the_end_of_turn_line() {
        let mut s = Session::new(demo_game("g"));
        s.dispatch(&Command::Unit(UnitCommand::AddCrewKill { section: "s-hall-1".into() }), 0.0).unwrap();
        let line = to_turn_end(&mut s);
        assert!(line.starts_with("End of turn 1: "), "{line}");
        assert!(line.contains("single crew kills cancelled: ") && line.contains("(4.3.5.b)"), "{line}");
        assert!(line.ends_with("Turn 2 begins: phase 1, Mark Orders"), "{line}");
        assert_eq!(s.game().roster.section("s-hall-1").unwrap().crew_kills_this_turn, 0);
    }

    #[test]
    fn rule_5_1_4_a_charge_order_counts_as_a_charge() {
        let mut s = Session::new(with_orders(vec![order("r-2wi", Side::Union, OrderKind::Charge)]));
        let line = to_turn_end(&mut s);
        assert!(line.contains("a charge next turn is in disorder") && line.contains("2nd Wisconsin"), "{line}");
        let r = s.game().roster.regiment("r-2wi").unwrap();
        assert_eq!((r.charges.last_turn, r.charges.in_a_row), (Some(1), 1));
        // Turn 2: charged again (recorded by hand this time): barred from turn 3.
        s.dispatch(&Command::Unit(UnitCommand::RecordCharge { regiment: "r-2wi".into() }), 0.0).unwrap();
        let line = to_turn_end(&mut s);
        assert!(line.contains("may not charge next turn: 2nd Wisconsin (5.1.4)"), "{line}");
        assert!(s.dispatch(&Command::Unit(UnitCommand::RecordCharge { regiment: "r-2wi".into() }), 0.0).is_err());
    }

    #[test]
    fn rule_10_2_surprise_counts_down_and_ends() {
        let mut s = Session::new(demo_game("g"));
        s.dispatch(
            &Command::Tracker(TrackerCommand::SetSurprise {
                side: Side::Union,
                kind: SurpriseKind::Tactical,
                turns: 2,
            }),
            0.0,
        )
        .unwrap();
        assert!(phase_items(s.game())[0].text.contains("Conditional Hold"));
        let line = to_turn_end(&mut s);
        assert!(line.contains("tactical surprise of the Union: 1 more turn (10.2.1)"), "{line}");
        assert!(s.game().tracker.surprise_on(Side::Union).is_some());
        let line = to_turn_end(&mut s);
        assert!(line.contains("tactical surprise of the Union ends (10.2.1)"), "{line}");
        assert!(s.game().tracker.surprise_on(Side::Union).is_none());
        assert_eq!(keys(s.game()), vec!["mark"]);
    }

    #[test]
    fn rule_10_2_2_a_strategic_surprise_release_rolls_in_the_rally_phase() {
        let mut g = at(demo_game("g"), Phase::RoutsAndRallies);
        g.tracker.surprises.push(SurpriseState {
            side: Side::Confederate,
            kind: SurpriseKind::Strategic,
            turns_left: 3,
        });
        assert_eq!(keys(&g), vec!["release-Confederate"]);
        let items = phase_items(&g);
        assert_eq!(items.first().and_then(|i| i.link.as_deref()), Some("/resolve/rolls?roll=surprise&kind=release"));
    }

    #[test]
    fn rule_2_3_4_e_a_regiment_lost_counts_from_the_next_turn() {
        let mut s = Session::new(demo_game("g"));
        s.dispatch(
            &Command::Unit(UnitCommand::SetFlag {
                regiment: "r-2wi".into(),
                flag: crate::state::roster::RegimentFlag::RemovedFromBoard,
                on: true,
            }),
            0.0,
        )
        .unwrap();
        assert_eq!(brigade_loss_modifier(s.game(), "b-iron", 1), 0);
        let line = to_turn_end(&mut s);
        assert!(
            line.contains("2nd Wisconsin lost: from turn 2 Iron Brigade's regiments check morale at +1 (2.3.4.e)"),
            "{line}"
        );
        assert_eq!(brigade_loss_modifier(s.game(), "b-iron", 1), 0);
        assert_eq!(brigade_loss_modifier(s.game(), "b-iron", 2), 1);
        // Counted once.
        let line = to_turn_end(&mut s);
        assert!(!line.contains("2.3.4.e"), "{line}");
    }

    #[test]
    fn rule_11_2_a_level_reached_restricts_from_the_next_turn() {
        let mut s = Session::new(demo_game("g"));
        for id in ["r-5al", "r-14tn", "r-1tn"] {
            s.dispatch(
                &Command::Unit(UnitCommand::SetFlag {
                    regiment: id.into(),
                    flag: crate::state::roster::RegimentFlag::RemovedFromBoard,
                    on: true,
                }),
                0.0,
            )
            .unwrap();
        }
        let line = to_turn_end(&mut s);
        assert!(line.contains("from turn 2 Archer's Brigade ceases offensive activity"), "{line}");
    }

    #[test]
    fn rule_8_a_stunned_officer_misses_one_turn_then_recovers() {
        let mut s = Session::new(demo_game("g"));
        s.dispatch(
            &Command::Unit(UnitCommand::OfficerHit { officer: "o-archer".into(), effect: CasualtyEffect::Stunned }),
            0.0,
        )
        .unwrap();
        let line = to_turn_end(&mut s);
        assert!(line.contains("is stunned: no benefits, no movement in turn 2 (8)"), "{line}");
        let line = to_turn_end(&mut s);
        assert!(line.contains("recovers from being stunned (8)"), "{line}");
        assert_eq!(s.game().roster.officer("o-archer").unwrap().condition, OfficerCondition::Unhurt);
    }

    #[test]
    fn the_game_length_is_shown_and_its_end_said() {
        let mut s = Session::new(demo_game("g"));
        assert_eq!(turn_words(s.game()), "Turn 1");
        s.dispatch(&Command::Tracker(TrackerCommand::SetTurns { turns: Some(2) }), 0.0).unwrap();
        assert_eq!(turn_words(s.game()), "Turn 1 of 2");
        assert!(s.dispatch(&Command::Tracker(TrackerCommand::SetTurns { turns: Some(0) }), 0.0).is_err());
        to_turn_end(&mut s);
        assert!(is_last_turn(s.game()));
        let line = to_turn_end(&mut s);
        assert!(line.contains("the scenario's last turn (2) is over"), "{line}");
        assert_eq!(turn_words(s.game()), "Turn 3 (the scenario's 2 turns are over)");
    }

    #[test]
    fn house_rules_are_set_through_commands_and_undone() {
        let mut s = Session::new(demo_game("g"));
        let set = |v: &str| Command::Tracker(TrackerCommand::SetRule { key: "appendix_f.12".into(), value: v.into() });
        let out = s.dispatch(&set("on"), 0.0).unwrap();
        assert!(out.text.starts_with("House rule: F.12"), "{}", out.text);
        assert!(s.game().setup.rules.movement.single_stands);
        assert!(s.dispatch(&set("on"), 0.0).is_err());
        assert!(
            s.dispatch(&Command::Tracker(TrackerCommand::SetRule { key: "no.such".into(), value: "on".into() }), 0.0)
                .is_err()
        );
        s.undo();
        assert!(!s.game().setup.rules.movement.single_stands);
    }

    #[test]
    fn nothing_to_carry_over_says_so() {
        let mut s = Session::new(Game::new("g", "Empty"));
        let line = to_turn_end(&mut s);
        assert_eq!(line, "End of turn 1: nothing carries over. Turn 2 begins: phase 1, Mark Orders");
    }

    /// 4.1, 7: "may fire" items are optional, "fires" (First Fire) and the moves are not.
    #[test]
    fn rule_4_1_a_hold_units_fire_is_optional_a_first_fire_is_not() {
        let g = at(
            with_orders(vec![
                order("r-2wi", Side::Union, OrderKind::Hold),
                order("r-7wi", Side::Union, OrderKind::FirstFire),
            ]),
            Phase::FirstFires,
        );
        let items = phase_items(&g);
        let optional: Vec<bool> = items.iter().map(|i| i.key.optional()).collect();
        assert_eq!(keys(&g), vec!["first-fire-r-7wi", "hold-r-2wi"]);
        assert_eq!(optional, vec![false, true]);
        assert!(!ItemKey::Mark.optional() && !ItemKey::Rally("r-2wi".into()).optional());
    }
}
