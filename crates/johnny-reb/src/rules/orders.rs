//! Orders: which may be given (1.1), what each allows (1.2, 3.2), which may or must become
//! Conditional Hold at the reveal (3.2, 5.2.3, 10.2), and the optional Appendix F.1 command
//! limits and F.2 orders for shaken units.

#![warn(missing_docs)]

use crate::rules::command_integrity::IntegrityLevel;
use crate::rules::movement::MovementRulings;
use crate::rules::officers::Experience;
use crate::rules::tables::t06_bmp_modifiers as t06;
use crate::rules::tables::t18_charge_modifiers as t18;
use crate::rules::unit::{MoraleLevel, OrderKind};
use crate::rules::{Cell, RuleError, RuleResult};
use serde::{Deserialize, Serialize};

/// The seven orders, in counter-sheet order (0.4).
pub const ALL_ORDERS: [OrderKind; 7] = [
    OrderKind::Move,
    OrderKind::Disengage,
    OrderKind::FormationChange,
    OrderKind::FirstFire,
    OrderKind::Charge,
    OrderKind::Hold,
    OrderKind::ConditionalHold,
];

/// When and how a unit under an order may fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FireRight {
    /// May not fire (Disengage, 1.2; 6.5.8).
    None,
    /// Fires in Phase Four with increased effect, before any movement (First Fire, 1.2).
    FirstFire,
    /// Full effect, any time after First Fire units, even during movement (Hold, 1.2).
    FullAnyTime,
    /// Half effect, in Phase Seven (Move and Formation Change, 1.2).
    HalfInPhaseSeven,
    /// Half effect, in Phase Seven or against a charge directed at it (Conditional Hold, 3.2).
    HalfInPhaseSevenOrAtCharger,
    /// In Phase Seven by the fire rules (rule 7 excepts only D and FR); not when charging
    /// with empty guns (5.1.3).
    PhaseSevenUnlessEmptyGuns,
}

/// How a unit under an order may move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveRight {
    /// Cannot move at all (First Fire, Conditional Hold).
    None,
    /// Cannot move, except one stand refusing the flank if announced at the reveal (Hold,
    /// 1.2; 6.4.3).
    OneStandRefusingFlank,
    /// Moves in Phase Six, all or part of its allowance (Move, 1.2).
    PhaseSix,
    /// Changes formation in Phase Six (6.4.1; also limber/unlimber without moving, 6.6.1.a,
    /// mount/dismount without moving, 6.7.2).
    FormationChangeInPhaseSix,
    /// Moves away from the enemy in disorder, the full disorder distance, in Phase Six, or in
    /// Phase Five before the charger if charged (6.5.8, 5.2.2).
    DisengageAway,
    /// Charges in Phase Five (5.1).
    ChargeInPhaseFive,
}

/// What an order allows this turn (1.2, 3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderEffects {
    /// The order.
    pub order: OrderKind,
    /// How it may move.
    pub movement: MoveRight,
    /// How it may fire.
    pub fire: FireRight,
    /// A modifier to its morale if charged (Conditional Hold: +1, 3.2), for the morale checks.
    pub morale_if_charged: Option<Cell<i8>>,
    /// The rule that says so.
    pub rule: &'static str,
}

/// A morale modifier of Tables 6 and 18 (the morale part owns the values) in this module's
/// small type.
fn small(cell: Cell<i32>) -> Cell<i8> {
    match cell {
        Cell::Printed(v) => i8::try_from(v).map_or(Cell::Missing, Cell::Printed),
        Cell::RuleText { value, rule } => {
            i8::try_from(value).map_or(Cell::Missing, |value| Cell::RuleText { value, rule })
        }
        Cell::Missing => Cell::Missing,
    }
}

/// What `order` allows (1.2; 3.2 for Conditional Hold).
///
/// ```
/// use johnny_reb::rules::orders::{order_effects, FireRight, MoveRight};
/// use johnny_reb::rules::unit::OrderKind;
/// let e = order_effects(OrderKind::Move);
/// assert_eq!((e.movement, e.fire), (MoveRight::PhaseSix, FireRight::HalfInPhaseSeven));
/// ```
pub fn order_effects(order: OrderKind) -> OrderEffects {
    let (movement, fire, morale_if_charged, rule) = match order {
        OrderKind::Move => (MoveRight::PhaseSix, FireRight::HalfInPhaseSeven, None, "1.2"),
        OrderKind::FormationChange => (MoveRight::FormationChangeInPhaseSix, FireRight::HalfInPhaseSeven, None, "1.2"),
        OrderKind::Disengage => (MoveRight::DisengageAway, FireRight::None, None, "1.2"),
        OrderKind::FirstFire => (MoveRight::None, FireRight::FirstFire, None, "1.2"),
        OrderKind::Charge => (MoveRight::ChargeInPhaseFive, FireRight::PhaseSevenUnlessEmptyGuns, None, "1.2"),
        OrderKind::Hold => (MoveRight::OneStandRefusingFlank, FireRight::FullAnyTime, None, "1.2"),
        OrderKind::ConditionalHold => {
            (MoveRight::None, FireRight::HalfInPhaseSevenOrAtCharger, Some(small(t18::CONDITIONAL_HOLD_CHARGED)), "3.2")
        }
    };
    OrderEffects { order, movement, fire, morale_if_charged, rule }
}

/// The phases in which a unit under `order` acts (0.5, 1.2, 3.2, 4.1, 5.2, 6.1, 7): firing,
/// moving or charging. Hold fires in any phase after First Fire; a charged unit under FM, D
/// or CH may act in Phase Five.
///
/// ```
/// use johnny_reb::rules::orders::phases_active;
/// use johnny_reb::rules::unit::OrderKind;
/// assert_eq!(phases_active(OrderKind::Move), &[6, 7]);
/// assert_eq!(phases_active(OrderKind::FirstFire), &[4]);
/// ```
pub fn phases_active(order: OrderKind) -> &'static [u8] {
    match order {
        OrderKind::Move => &[6, 7],
        OrderKind::FormationChange => &[5, 6, 7],
        OrderKind::Disengage => &[5, 6],
        OrderKind::FirstFire => &[4],
        OrderKind::Charge => &[5, 7],
        OrderKind::Hold => &[4, 5, 6, 7],
        OrderKind::ConditionalHold => &[5, 7],
    }
}

/// Whether an order may be given, and why not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Legality {
    /// The order may be given.
    Legal,
    /// It may not; the reason cites the rule.
    Illegal(String),
    /// Appendix F.2: a shaken unit may take this illegal order; at the reveal, if it did not
    /// rally to good morale, it goes to CH and checks morale at +3 ([`shaken_order_at_reveal`]).
    LegalIfRallied,
}

/// What the players know about the unit and the order when marking it (phase one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderContext {
    /// The unit's morale.
    pub morale: MoraleLevel,
    /// The order would take it in any way closer to the enemy (1.1.3).
    pub toward_enemy: bool,
    /// Its command's integrity level in force this turn (11.2).
    pub integrity: IntegrityLevel,
    /// The advance ends only where friendly non-officer units already stand (11.2).
    pub into_friendly_position: bool,
    /// An isolated unit obviously trying to rejoin the main force (11.2 exception).
    pub isolated_rejoining: bool,
    /// Its command is under tactical or strategic surprise and not released (10.2): CH only.
    pub surprised: bool,
    /// It is down to a single stand (Appendix F.12: may not charge, if in force).
    pub single_stand: bool,
}

impl OrderContext {
    /// A unit of good morale, in a command still fighting, not surprised.
    pub fn good(toward_enemy: bool) -> OrderContext {
        OrderContext {
            morale: MoraleLevel::Good,
            toward_enemy,
            integrity: IntegrityLevel::Fighting,
            into_friendly_position: false,
            isolated_rejoining: false,
            surprised: false,
            single_stand: false,
        }
    }
}

fn advances(order: OrderKind, toward_enemy: bool) -> bool {
    order == OrderKind::Charge || (toward_enemy && matches!(order, OrderKind::Move | OrderKind::FormationChange))
}

/// Whether `order` may be given in phase one (1.1.3, 1.2, 10.2, 11.2; Appendix F.2 if on).
///
/// - Routed units get no order (1.1.3). Conditional Hold is never given in phase one: it is
///   only changed to at the reveal (1.2, 3.2), or marked by surprise (10.2).
/// - Shaken units cannot charge or move (or form) in any way closer to the enemy (1.1.3),
///   unless Appendix F.2 is in force.
/// - After the 40 percent level, no advance or charge against the enemy beyond positions of
///   friendly troops, save an isolated unit advancing (not charging) to rejoin; after the 60
///   percent level, every move must increase the distance from the enemy (11.2).
///
/// ```
/// use johnny_reb::rules::orders::{legality, Legality, OrderContext};
/// use johnny_reb::rules::movement::MovementRulings;
/// use johnny_reb::rules::unit::{MoraleLevel, OrderKind};
/// let shaken = OrderContext { morale: MoraleLevel::Shaken, ..OrderContext::good(true) };
/// let rulings = MovementRulings::default();
/// assert!(matches!(legality(OrderKind::Charge, &shaken, &rulings), Legality::Illegal(_)));
/// assert_eq!(legality(OrderKind::Hold, &shaken, &rulings), Legality::Legal);
/// ```
pub fn legality(order: OrderKind, ctx: &OrderContext, rulings: &MovementRulings) -> Legality {
    if ctx.morale == MoraleLevel::Routed {
        return Legality::Illegal("routed units are not marked: they move in Phase Two until rallied (1.1.3)".into());
    }
    if ctx.surprised {
        return if order == OrderKind::ConditionalHold {
            Legality::Legal
        } else {
            Legality::Illegal("a surprised unit is marked CH until released (10.2.1.a, 10.2.2.a)".into())
        };
    }
    if order == OrderKind::ConditionalHold {
        return Legality::Illegal("Conditional Hold is only chosen at the reveal (1.2, 3.2)".into());
    }
    match ctx.integrity {
        IntegrityLevel::RetireFromField => {
            if order == OrderKind::Charge || ctx.toward_enemy {
                return Legality::Illegal(
                    "the command retires from the field: every unit moves to increase its distance from the enemy (11.2)"
                        .into(),
                );
            }
        }
        IntegrityLevel::CeaseOffensive => {
            if order == OrderKind::Charge {
                return Legality::Illegal("the command has ceased offensive activity: no charges (11.2)".into());
            }
            if advances(order, ctx.toward_enemy) && !ctx.into_friendly_position && !ctx.isolated_rejoining {
                return Legality::Illegal(
                    "the command has ceased offensive activity: no advance beyond positions held by friendly troops (11.2)"
                        .into(),
                );
            }
        }
        IntegrityLevel::Fighting => {}
    }
    if rulings.single_stands && ctx.single_stand && order == OrderKind::Charge {
        return Legality::Illegal("a single stand may not charge (Appendix F.12)".into());
    }
    if ctx.morale == MoraleLevel::Shaken && advances(order, ctx.toward_enemy) {
        if rulings.orders_for_shaken_units {
            return Legality::LegalIfRallied;
        }
        return Legality::Illegal(
            "a shaken unit cannot be ordered to charge or to move any closer to the enemy (1.1.3)".into(),
        );
    }
    Legality::Legal
}

/// The order of a unit the players did not mark in time, or by mistake: Hold (1.1.1, 1.1.2).
///
/// ```
/// use johnny_reb::rules::orders::order_or_hold;
/// use johnny_reb::rules::unit::OrderKind;
/// assert_eq!(order_or_hold(None), OrderKind::Hold);
/// ```
pub fn order_or_hold(marked: Option<OrderKind>) -> OrderKind {
    marked.unwrap_or(OrderKind::Hold)
}

/// Whether the players may choose to change `order` to Conditional Hold at the reveal: any
/// order except First Fire and Charge (3.2).
///
/// ```
/// use johnny_reb::rules::orders::may_change_to_conditional_hold;
/// use johnny_reb::rules::unit::OrderKind;
/// assert!(may_change_to_conditional_hold(OrderKind::Hold));
/// assert!(!may_change_to_conditional_hold(OrderKind::FirstFire));
/// ```
pub fn may_change_to_conditional_hold(order: OrderKind) -> bool {
    !matches!(order, OrderKind::FirstFire | OrderKind::Charge | OrderKind::ConditionalHold)
}

/// What happens to an order at the reveal (3.2, 5.2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RevealChange {
    /// The order stands (the players may still choose CH where allowed).
    Stands,
    /// The order must become Conditional Hold; the rule says why.
    MustBecomeConditionalHold {
        /// "3.2" or "5.2.3".
        rule: &'static str,
    },
    /// A charged unit ordered to Move completes half its intended movement, then goes to CH:
    /// the charger comes into sight only after half its total charge move (5.2.3).
    HalfMoveThenConditionalHold,
}

/// The facts that decide a forced change at the reveal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevealFacts {
    /// The unit had good morale when ordered but became shaken in Phase Two.
    pub shaken_in_phase_two: bool,
    /// Its order moves it toward the enemy (or is a charge).
    pub toward_enemy: bool,
    /// It will be charged this turn.
    pub will_be_charged: bool,
    /// The charger comes into its sight only after half or more of its total charge move,
    /// bonus included (5.2.3).
    pub charger_seen_late: bool,
}

/// The forced change of an order at the reveal (3.2; 5.2.3).
///
/// ```
/// use johnny_reb::rules::orders::{reveal_change, RevealChange, RevealFacts};
/// use johnny_reb::rules::unit::OrderKind;
/// let facts = RevealFacts { shaken_in_phase_two: false, toward_enemy: false, will_be_charged: true, charger_seen_late: false };
/// assert_eq!(reveal_change(OrderKind::Move, &facts), RevealChange::MustBecomeConditionalHold { rule: "3.2" });
/// ```
pub fn reveal_change(order: OrderKind, facts: &RevealFacts) -> RevealChange {
    if facts.shaken_in_phase_two && (order == OrderKind::Charge || (facts.toward_enemy && order == OrderKind::Move)) {
        return RevealChange::MustBecomeConditionalHold { rule: "3.2" };
    }
    if facts.will_be_charged && order == OrderKind::Move {
        if facts.charger_seen_late {
            return RevealChange::HalfMoveThenConditionalHold;
        }
        return RevealChange::MustBecomeConditionalHold { rule: "3.2" };
    }
    RevealChange::Stands
}

/// Appendix F.2 at the reveal: a shaken unit holding an illegal order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShakenOrderOutcome {
    /// It rallied to good morale in Phase Two: it performs the order.
    Performs,
    /// It did not: it adopts CH at once and takes a morale check with this extra modifier for
    /// "Unreasonable Order"; if it fails, it routs.
    ConditionalHoldAndCheck {
        /// +3 (Appendix F.2).
        modifier: Cell<i8>,
    },
}

/// The Appendix F.2 outcome; an error if the optional rule is not in force.
///
/// ```
/// use johnny_reb::rules::orders::{shaken_order_at_reveal, ShakenOrderOutcome};
/// use johnny_reb::rules::movement::MovementRulings;
/// let f2 = MovementRulings { orders_for_shaken_units: true, ..MovementRulings::default() };
/// assert_eq!(shaken_order_at_reveal(true, &f2).unwrap(), ShakenOrderOutcome::Performs);
/// ```
pub fn shaken_order_at_reveal(rallied_to_good: bool, rulings: &MovementRulings) -> RuleResult<ShakenOrderOutcome> {
    if !rulings.orders_for_shaken_units {
        return Err(RuleError::OutOfRange {
            what: "orders",
            detail: "Appendix F.2 (orders for shaken units) is not in force".into(),
        });
    }
    Ok(if rallied_to_good {
        ShakenOrderOutcome::Performs
    } else {
        ShakenOrderOutcome::ConditionalHoldAndCheck { modifier: small(t06::UNREASONABLE_ORDER) }
    })
}

/// Orders a brigadier may give each turn under Appendix F.1: three if superior, two if
/// average, one if poor, plus one to the unit or group he is attached to. `None` when the
/// optional rule is off (no limit). One order may cover several adjacent units (1.1.2).
///
/// ```
/// use johnny_reb::rules::orders::orders_per_turn;
/// use johnny_reb::rules::officers::Experience;
/// use johnny_reb::rules::movement::MovementRulings;
/// let on = MovementRulings { command_limits: true, ..MovementRulings::default() };
/// assert_eq!(orders_per_turn(Experience::Poor, true, &on), Some(2));
/// assert_eq!(orders_per_turn(Experience::Poor, true, &MovementRulings::default()), None);
/// ```
pub fn orders_per_turn(experience: Experience, attached: bool, rulings: &MovementRulings) -> Option<u8> {
    if !rulings.command_limits {
        return None;
    }
    let base = match experience {
        Experience::Superior => 3,
        Experience::Average => 2,
        Experience::Poor => 1,
    };
    Some(base + u8::from(attached))
}

/// Checks the number of orders (counting a group of adjacent units under one counter as one)
/// against the Appendix F.1 limit.
///
/// ```
/// use johnny_reb::rules::orders::check_command_limit;
/// use johnny_reb::rules::officers::Experience;
/// use johnny_reb::rules::movement::MovementRulings;
/// let f1 = MovementRulings { command_limits: true, ..MovementRulings::default() };
/// assert!(check_command_limit(Experience::Average, false, 3, &f1).is_err());
/// ```
pub fn check_command_limit(
    experience: Experience,
    attached: bool,
    orders_given: u8,
    rulings: &MovementRulings,
) -> RuleResult<()> {
    match orders_per_turn(experience, attached, rulings) {
        Some(limit) if orders_given > limit => Err(RuleError::OutOfRange {
            what: "orders",
            detail: format!("this brigadier may give {limit} orders this turn (Appendix F.1), not {orders_given}"),
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn r() -> MovementRulings {
        MovementRulings::default()
    }

    #[test]
    fn rule_1_1_3_routed_units_get_no_order() {
        let routed = OrderContext { morale: MoraleLevel::Routed, ..OrderContext::good(false) };
        for o in ALL_ORDERS {
            assert!(matches!(legality(o, &routed, &r()), Legality::Illegal(_)));
        }
    }

    #[test]
    fn rule_1_1_3_shaken_units_hold_fire_form_or_move_away() {
        let toward = OrderContext { morale: MoraleLevel::Shaken, ..OrderContext::good(true) };
        let away = OrderContext { morale: MoraleLevel::Shaken, ..OrderContext::good(false) };
        assert!(matches!(legality(OrderKind::Charge, &away, &r()), Legality::Illegal(_)));
        assert!(matches!(legality(OrderKind::Move, &toward, &r()), Legality::Illegal(_)));
        for o in
            [OrderKind::Hold, OrderKind::FirstFire, OrderKind::FormationChange, OrderKind::Move, OrderKind::Disengage]
        {
            assert_eq!(legality(o, &away, &r()), Legality::Legal, "{o:?}");
        }
        let f2 = MovementRulings { orders_for_shaken_units: true, ..r() };
        assert_eq!(legality(OrderKind::Charge, &away, &f2), Legality::LegalIfRallied);
    }

    #[test]
    fn rule_1_2_order_effects() {
        assert_eq!(order_effects(OrderKind::FirstFire).movement, MoveRight::None);
        assert_eq!(order_effects(OrderKind::FirstFire).fire, FireRight::FirstFire);
        assert_eq!(order_effects(OrderKind::Hold).fire, FireRight::FullAnyTime);
        assert_eq!(order_effects(OrderKind::Disengage).fire, FireRight::None);
        assert_eq!(order_effects(OrderKind::FormationChange).fire, FireRight::HalfInPhaseSeven);
        let ch = order_effects(OrderKind::ConditionalHold);
        assert_eq!((ch.movement, ch.fire), (MoveRight::None, FireRight::HalfInPhaseSevenOrAtCharger));
        assert_eq!(ch.morale_if_charged, Some(Cell::RuleText { value: 1, rule: "3.2" }));
        assert_eq!(order_or_hold(None), OrderKind::Hold);
    }

    #[test]
    fn rule_3_2_conditional_hold_at_the_reveal() {
        assert!(!may_change_to_conditional_hold(OrderKind::FirstFire));
        assert!(!may_change_to_conditional_hold(OrderKind::Charge));
        assert!(may_change_to_conditional_hold(OrderKind::Disengage));
        let shaken = RevealFacts {
            shaken_in_phase_two: true,
            toward_enemy: true,
            will_be_charged: false,
            charger_seen_late: false,
        };
        assert_eq!(reveal_change(OrderKind::Charge, &shaken), RevealChange::MustBecomeConditionalHold { rule: "3.2" });
        assert_eq!(reveal_change(OrderKind::Move, &shaken), RevealChange::MustBecomeConditionalHold { rule: "3.2" });
        assert_eq!(reveal_change(OrderKind::Hold, &shaken), RevealChange::Stands);
        let charged = RevealFacts {
            shaken_in_phase_two: false,
            toward_enemy: false,
            will_be_charged: true,
            charger_seen_late: true,
        };
        assert_eq!(reveal_change(OrderKind::Move, &charged), RevealChange::HalfMoveThenConditionalHold);
        assert_eq!(reveal_change(OrderKind::Disengage, &charged), RevealChange::Stands);
    }

    #[test]
    fn rule_11_2_integrity_forbids_advances() {
        let cease = OrderContext { integrity: IntegrityLevel::CeaseOffensive, ..OrderContext::good(true) };
        assert!(matches!(legality(OrderKind::Move, &cease, &r()), Legality::Illegal(_)));
        assert!(matches!(legality(OrderKind::Charge, &cease, &r()), Legality::Illegal(_)));
        let rejoin = OrderContext { isolated_rejoining: true, ..cease };
        assert_eq!(legality(OrderKind::Move, &rejoin, &r()), Legality::Legal);
        assert!(matches!(legality(OrderKind::Charge, &rejoin, &r()), Legality::Illegal(_)));
        let behind_friends = OrderContext { into_friendly_position: true, ..cease };
        assert_eq!(legality(OrderKind::Move, &behind_friends, &r()), Legality::Legal);
        let retire = OrderContext { integrity: IntegrityLevel::RetireFromField, ..OrderContext::good(false) };
        assert_eq!(legality(OrderKind::Move, &retire, &r()), Legality::Legal);
        let retire_toward = OrderContext { integrity: IntegrityLevel::RetireFromField, ..OrderContext::good(true) };
        assert!(matches!(legality(OrderKind::Move, &retire_toward, &r()), Legality::Illegal(_)));
    }

    #[test]
    fn rule_10_2_surprised_units_are_marked_ch() {
        let surprised = OrderContext { surprised: true, ..OrderContext::good(false) };
        assert_eq!(legality(OrderKind::ConditionalHold, &surprised, &r()), Legality::Legal);
        assert!(matches!(legality(OrderKind::Hold, &surprised, &r()), Legality::Illegal(_)));
        assert!(matches!(legality(OrderKind::ConditionalHold, &OrderContext::good(false), &r()), Legality::Illegal(_)));
    }

    #[test]
    fn appendix_f_12_single_stands_may_not_charge() {
        let one = OrderContext { single_stand: true, ..OrderContext::good(true) };
        let f12 = MovementRulings { single_stands: true, ..r() };
        assert!(matches!(legality(OrderKind::Charge, &one, &f12), Legality::Illegal(_)));
        assert_eq!(legality(OrderKind::Charge, &one, &r()), Legality::Legal);
    }

    #[test]
    fn appendix_f_1_command_limits() {
        let on = MovementRulings { command_limits: true, ..r() };
        assert_eq!(orders_per_turn(Experience::Superior, false, &on), Some(3));
        assert_eq!(orders_per_turn(Experience::Average, true, &on), Some(3));
        assert!(check_command_limit(Experience::Poor, false, 2, &on).is_err());
        assert!(check_command_limit(Experience::Poor, false, 2, &r()).is_ok());
    }

    #[test]
    fn appendix_f_2_shaken_orders() {
        let on = MovementRulings { orders_for_shaken_units: true, ..r() };
        assert_eq!(shaken_order_at_reveal(true, &on).unwrap(), ShakenOrderOutcome::Performs);
        assert_eq!(
            shaken_order_at_reveal(false, &on).unwrap(),
            ShakenOrderOutcome::ConditionalHoldAndCheck { modifier: Cell::RuleText { value: 3, rule: "Appendix F 2" } }
        );
        assert!(shaken_order_at_reveal(false, &r()).is_err());
    }

    fn arb_order() -> impl Strategy<Value = OrderKind> {
        proptest::sample::select(ALL_ORDERS.to_vec())
    }

    proptest! {
        #[test]
        fn good_units_in_a_fighting_command_may_take_any_order_but_ch(order in arb_order(), toward in any::<bool>()) {
            let l = legality(order, &OrderContext::good(toward), &MovementRulings::default());
            prop_assert_eq!(l == Legality::Legal, order != OrderKind::ConditionalHold);
        }

        #[test]
        fn shaken_units_never_advance_without_f2(order in arb_order(), toward in any::<bool>()) {
            let ctx = OrderContext { morale: MoraleLevel::Shaken, ..OrderContext::good(toward) };
            if legality(order, &ctx, &MovementRulings::default()) == Legality::Legal {
                prop_assert!(order != OrderKind::Charge);
                prop_assert!(!(toward && matches!(order, OrderKind::Move | OrderKind::FormationChange)));
            }
        }
    }
}
