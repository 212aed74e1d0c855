//! The phase items read from the game, the ticks and the tracker's commands (0.5, Table 1;
//! rules 1 to 8, 10.2).

use super::*;
use crate::fixtures::revealed;
use crate::state::demo::demo_game;
use crate::state::roster::OfficerCondition;
use crate::state::units::UnitCommand;
use crate::state::{command::Command, session::Session};

fn at(mut g: Game, phase: Phase) -> Game {
    g.phase = phase;
    g
}

fn keys(g: &Game) -> Vec<String> {
    phase_items(g).into_iter().map(|i| i.key.to_string()).collect()
}

/// The game moved on to the next phase.
pub(crate) fn next(s: &mut Session) {
    s.dispatch(&Command::NextPhase, 0.0).unwrap();
}

/// The game moved on past phase 8 into the next turn; the end-of-turn line of the history.
pub(crate) fn to_turn_end(s: &mut Session) -> String {
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
    assert_eq!(items[0].link, Some(ItemLink::Orders));
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
    assert_eq!(rout.link, Some(ItemLink::Rout("r-2wi".into())));
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
    assert_eq!(rally.link, Some(ItemLink::Rally("r-24mi".into())));
}

#[test]
fn rule_4_1_first_fire_then_hold() {
    let g = at(
        revealed(
            demo_game("g"),
            vec![
                UnitOrder::example("r-2wi", Side::Union, OrderKind::Hold),
                UnitOrder::example("r-7wi", Side::Union, OrderKind::FirstFire),
                UnitOrder::example("r-1tn", Side::Confederate, OrderKind::FirstFire),
                UnitOrder::example("r-24mi", Side::Union, OrderKind::Move),
            ],
        ),
        Phase::FirstFires,
    );
    assert_eq!(keys(&g), vec!["first-fire-r-7wi", "first-fire-r-1tn", "hold-r-2wi"]);
    assert_eq!(phase_items(&g)[0].link, Some(ItemLink::Fire("r-7wi".into())));
}

#[test]
fn rule_4_1_a_first_fire_units_fire_settles_its_item_and_nothing_else() {
    let mut g = at(
        revealed(
            demo_game("g"),
            vec![
                UnitOrder::example("r-7wi", Side::Union, OrderKind::FirstFire),
                UnitOrder::example("r-2wi", Side::Union, OrderKind::Hold),
            ],
        ),
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
    let mut g = at(
        revealed(demo_game("g"), vec![UnitOrder::example("r-7wi", Side::Union, OrderKind::FirstFire)]),
        Phase::FirstFires,
    );
    g.roster.regiment_mut("r-7wi").unwrap().morale = MoraleLevel::Routed;
    assert!(keys(&g).is_empty());
}

#[test]
fn rule_5_1_5_charges_with_the_order_of_resolution_and_5_1_4_second_turn() {
    let mut g = at(
        revealed(
            demo_game("g"),
            vec![UnitOrder {
                objective: Some("r-1tn".into()),
                ..UnitOrder::example("r-2wi", Side::Union, OrderKind::Charge)
            }],
        ),
        Phase::Charges,
    );
    let items = phase_items(&g);
    assert_eq!(items[0].rule, "5.1.5");
    assert!(items[0].text.contains("nearest charge first"));
    assert_eq!(items[1].text, "2nd Wisconsin charges 1st Tennessee");
    assert_eq!(items[1].link, Some(ItemLink::Charge("r-2wi".into())));
    g.turn = 2;
    g.orders[0].turn = 2;
    g.roster.regiment_mut("r-2wi").unwrap().charges =
        crate::state::roster::ChargeRecord { last_turn: Some(1), in_a_row: 1 };
    assert!(phase_items(&g)[1].text.contains("second turn in a row"));
}

#[test]
fn rule_6_1_movers_and_rule_7_who_may_fire() {
    let orders = vec![
        UnitOrder::example("r-2wi", Side::Union, OrderKind::Move),
        UnitOrder::example("r-7wi", Side::Union, OrderKind::FormationChange),
        UnitOrder::example("r-19in", Side::Union, OrderKind::Disengage),
        UnitOrder::example("r-24mi", Side::Union, OrderKind::FirstFire),
        UnitOrder::example("r-1tn", Side::Confederate, OrderKind::Hold),
    ];
    let g = at(revealed(demo_game("g"), orders.clone()), Phase::Movement);
    assert_eq!(keys(&g), vec!["move-r-2wi", "move-r-7wi", "move-r-19in", "hold-at-movers"]);
    let g = at(revealed(demo_game("g"), orders), Phase::MovingFires);
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
    assert!(
        items.iter().all(|i| matches!(&i.link, Some(ItemLink::Officer(o)) if i.key == ItemKey::Officer(o.clone())))
    );
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
fn rule_10_2_2_a_strategic_surprise_release_rolls_in_the_rally_phase() {
    let mut g = at(demo_game("g"), Phase::RoutsAndRallies);
    g.tracker.surprises.push(SurpriseState { side: Side::Confederate, kind: SurpriseKind::Strategic, turns_left: 3 });
    assert_eq!(keys(&g), vec!["release-Confederate"]);
    let items = phase_items(&g);
    assert_eq!(items.first().and_then(|i| i.link.clone()), Some(ItemLink::SurpriseRelease));
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

/// 4.1, 7: "may fire" items are optional, "fires" (First Fire) and the moves are not.
#[test]
fn rule_4_1_a_hold_units_fire_is_optional_a_first_fire_is_not() {
    let g = at(
        revealed(
            demo_game("g"),
            vec![
                UnitOrder::example("r-2wi", Side::Union, OrderKind::Hold),
                UnitOrder::example("r-7wi", Side::Union, OrderKind::FirstFire),
            ],
        ),
        Phase::FirstFires,
    );
    let items = phase_items(&g);
    let optional: Vec<bool> = items.iter().map(|i| i.key.optional()).collect();
    assert_eq!(keys(&g), vec!["first-fire-r-7wi", "hold-r-2wi"]);
    assert_eq!(optional, vec![false, true]);
    assert!(!ItemKey::Mark.optional() && !ItemKey::Rally("r-2wi".into()).optional());
}
