//! The orders through the session: marking, the reveal, Conditional Hold (1.1, 3, 5.1.4, 11.2,
//! Appendix F.1, F.2).

use super::*;
use crate::rules::command_integrity::IntegrityLevel;
use crate::rules::unit::Formation;
use crate::state::roster::CommandScope;
use crate::state::units::UnitCommand;

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
        refuse(&mut s, OrdersCommand::StartTimer { side: Side::Union, deadline_ms: 2.0 }).contains("already running")
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
        OrdersCommand::MarkGroup { group: "b-iron".into(), order: OrderChoice::movement(MoveDirection::Forward, true) },
    );
    assert!(text.contains("5 units"), "{text}");
    for r in ["r-2wi", "r-6wi", "r-7wi", "r-19in", "r-24mi"] {
        let o = order_of(&s, r);
        assert_eq!(
            (o.kind, o.direction, o.group.as_deref()),
            (OrderKind::Move, Some(MoveDirection::Forward), Some("b-iron"))
        );
    }
    go(&mut s, OrdersCommand::MarkGroup { group: "bt-hall".into(), order: OrderChoice::plain(OrderKind::FirstFire) });
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
    let fm = OrderChoice { formation: Some(Formation::AttackColumn), ..OrderChoice::plain(OrderKind::FormationChange) };
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
    assert!(refuse(&mut s, OrdersCommand::SetConditionalHold { unit: "r-2wi".into(), on: false }).contains("require"));
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
    assert!(refuse(&mut s, OrdersCommand::SetConditionalHold { unit: "r-2wi".into(), on: true }).contains("Reveal"));
    go(&mut s, OrdersCommand::Reveal);
    go(&mut s, OrdersCommand::SetConditionalHold { unit: "r-2wi".into(), on: true });
    assert_eq!(order_of(&s, "r-2wi").in_force(), OrderKind::ConditionalHold);
    assert!(s.game().orders_this_turn().unwrap().units_with(OrderKind::ConditionalHold).any(|o| o.unit == "r-2wi"));
    go(&mut s, OrdersCommand::SetConditionalHold { unit: "r-2wi".into(), on: false });
    assert_eq!(order_of(&s, "r-2wi").in_force(), OrderKind::Hold);
    assert!(
        refuse(&mut s, OrdersCommand::SetConditionalHold { unit: "r-1tn".into(), on: true }).contains("Charge cannot")
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
    let behind = OrderChoice { into_friendly_position: true, ..OrderChoice::movement(MoveDirection::Forward, true) };
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
        s.dispatch(&Command::Unit(UnitCommand::SetMorale { unit: u.into(), level: MoraleLevel::Shaken }), 1.0).unwrap();
        go(&mut s, mark(u, OrderChoice::charge("r-1tn")));
        assert!(order_of(&s, u).if_rallied);
    }
    go(&mut s, OrdersCommand::FinishMarking { side: Side::Union });
    go(&mut s, OrdersCommand::FinishMarking { side: Side::Confederate });
    next_phase(&mut s);
    // The 2nd Wisconsin rallies in phase 2; the 6th does not.
    s.dispatch(&Command::Unit(UnitCommand::SetMorale { unit: "r-2wi".into(), level: MoraleLevel::Good }), 1.0).unwrap();
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
        OrdersCommand::MarkGroup { group: "b-iron".into(), order: OrderChoice::movement(MoveDirection::Forward, true) },
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
    let mut o = UnitOrder::example("r1", Side::Union, OrderKind::Move);
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
    assert!(!during.contains("2nd Wisconsin") && !during.contains("marked") && !during.contains("Hold"), "{during}");
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
