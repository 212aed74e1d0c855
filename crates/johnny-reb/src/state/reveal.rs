//! Phase three: both sides' orders revealed (3.1) and the changes to Conditional Hold, those the
//! rules demand (3.2, 5.2.3, Appendix F.2), proposed with their reasons, and those the players
//! choose (3.2). The commands are [`super::orders::OrdersCommand`]'s phase-three variants.

use super::error::{CommandError, refused};
use super::game::{Game, Phase};
use super::ids::UnitId;
use super::order_sheet::{finish, held_text, name_of, order_text, turn_mut};
use super::orders_state::{ConditionalHoldChange, PlayMode};
use super::roster::Side;
use crate::rules::orders::{ShakenOrderOutcome, may_change_to_conditional_hold, shaken_order_at_reveal};
use crate::rules::unit::{MoraleLevel, OrderKind};

/// A change the rules demand at the reveal, for the players to accept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    /// The unit's id.
    pub unit: UnitId,
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

/// Reveals both sides' orders (3.1); a side that did not finish marking has its unmarked
/// units on Hold.
pub(super) fn reveal(game: &mut Game) -> Result<String, CommandError> {
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

/// Changes a unit's order to Conditional Hold, or back, as the players choose (3.2).
pub(super) fn set_conditional_hold(game: &mut Game, unit: &str, on: bool) -> Result<String, CommandError> {
    revealed_now(game)?;
    let name = name_of(&game.roster, unit);
    let turn = turn_mut(game);
    let o = turn
        .orders
        .iter_mut()
        .find(|o| o.unit == unit)
        .ok_or_else(|| refused(format!("{name} has no order this turn.")))?;
    if on {
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
            Some(c) if c.forced => Err(refused(format!("{name}: the rules require Conditional Hold ({}).", c.rule))),
            Some(_) => {
                o.conditional_hold = None;
                Ok(format!("{name}: back to {} (3.2)", o.kind.label()))
            }
        }
    }
}

/// Accepts the changes the rules demand (one unit's, or every one), with 5.2.3's half move
/// first if `half_move`.
pub(super) fn accept_proposal(game: &mut Game, unit: Option<&str>, half_move: bool) -> Result<String, CommandError> {
    revealed_now(game)?;
    let chosen: Vec<Proposal> = proposals(game).into_iter().filter(|p| unit.is_none_or(|u| p.unit == u)).collect();
    if chosen.is_empty() {
        return Err(refused("No change to Conditional Hold is due."));
    }
    if half_move && chosen.iter().any(|p| !p.may_half_move) {
        return Err(refused("Only a charged unit on a Move order may complete half its move first (5.2.3)."));
    }
    let mut lines = Vec::new();
    let turn = turn_mut(game);
    for p in &chosen {
        let rule = if half_move { "5.2.3" } else { p.rule };
        if let Some(o) = turn.orders.iter_mut().find(|o| o.unit == p.unit) {
            o.conditional_hold = Some(ConditionalHoldChange { forced: true, rule: rule.into() });
        }
        let mut line = if half_move {
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

/// Says that a unit will be charged this turn, or not (own devices, 3.2).
pub(super) fn set_charged(game: &mut Game, unit: &str, on: bool) -> Result<String, CommandError> {
    revealed_now(game)?;
    let name = name_of(&game.roster, unit);
    let turn = turn_mut(game);
    if turn.order_of(unit).is_none() {
        return Err(refused(format!("{name} has no order this turn.")));
    }
    turn.charged.retain(|u| u != unit);
    if on {
        turn.charged.push(UnitId::from(unit));
        Ok(format!("{name} will be charged this turn (3.2)"))
    } else {
        Ok(format!("{name} will not be charged after all"))
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
