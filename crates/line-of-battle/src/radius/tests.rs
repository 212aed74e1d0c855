use super::*;
use crate::game::Game;
use crate::orders::OrderKind;
use crate::orders::commands::OrderCommand;
use crate::orders::ending::Event;
use crate::table::Slot;

/// The test game with a Command Radius Chart entered as the players would: the values are
/// the test's, not the game's chart.
fn game() -> Game {
    let mut g = crate::orders::test_game();
    let mut t = chart();
    for (name, v) in [("Corps", 10), ("Division", 8), ("Brigade", 6)] {
        if let Some(m) = t.modifiers.iter_mut().find(|m| m.name == name) {
            m.value = Slot::Entered(v);
        }
    }
    g.tables.put(t).unwrap();
    g
}

fn m(hexes: u32) -> Measure {
    Measure { hexes, blocked: false }
}

/// 3.3: the CR Tree begins with the Corps HQ (not the Army's) and reaches each level's
/// Leader down to the units.
#[test]
fn rule_3_3_the_cr_tree_starts_at_the_command() {
    let g = game();
    let ids: Vec<&str> = tree(&g.oob, "1/1/1").unwrap().iter().map(|f| f.id.as_str()).collect();
    assert_eq!(ids, ["1", "1/1", "1/1/1"]);
    let ids: Vec<&str> = tree(&g.oob, "AoP").unwrap().iter().map(|f| f.id.as_str()).collect();
    assert_eq!(ids, ["AoP"], "the Army HQ's CR serves units assigned to it directly");
}

/// 3.3a: a Stack is in CR only if every level above it is; 3.3c: enemy units or EZOCs block
/// the count.
#[test]
fn rule_3_3a_every_level_above() {
    let g = game();
    let v = check(&g, "1/1/1", &[m(10), m(8), m(6)]).unwrap();
    assert!(v.in_radius, "{}", v.why);
    let v = check(&g, "1/1/1", &[m(10), m(8), m(7)]).unwrap();
    assert!(!v.in_radius && v.stand_in.is_none());
    let v = check(&g, "1/1/1", &[m(10), Measure { hexes: 2, blocked: true }, m(1)]).unwrap();
    assert!(!v.in_radius);
    assert!(check(&g, "1/1/1", &[m(1)]).is_err(), "one count per level");
}

/// 3.3b: when the Division's Leader is out of the Corps HQ's CR, he stands in for the HQ and
/// his Brigades count from him.
#[test]
fn rule_3_3b_the_senior_cut_off_leader_stands_in() {
    let g = game();
    let v = check(&g, "1/1/1", &[m(11), m(3), m(2)]).unwrap();
    assert!(!v.in_radius);
    assert_eq!(v.stand_in.as_deref(), Some("Wadsworth"));
    assert!(v.within_cut_off_tree, "{}", v.why);
}

/// 13.2e: "Formations in Limited Defense Status have their CRs halved (a Brigade CR would be
/// three hexes and so on)": with a Brigade CR of 6 entered, a Brigade in No Orders has 3.
#[test]
fn rule_13_2e_no_orders_halves_the_radius() {
    let mut s = companion_core::session::Session::<crate::LineOfBattle>::new(game());
    let dp = crate::orders::DefensivePosition {
        orientation: "west".into(),
        front_line: "ridge".into(),
        left: "a".into(),
        right: "b".into(),
    };
    let order = OrderCommand::InForce {
        side: crate::oob::Side::Federal,
        kind: OrderKind::Defensive,
        formation: "1/1/1".into(),
        recipient: "Meredith".into(),
        instructions: crate::orders::Instructions { position: Some(dp), ..Default::default() },
    };
    s.dispatch(&crate::Command::Orders(Box::new(order)), 0.0).unwrap();
    let v = check(s.game(), "1/1/1", &[m(1), m(1), m(4)]).unwrap();
    assert!(v.in_radius);
    let end = OrderCommand::End { formation: "1/1/1".into(), event: Event::AbortDefensive };
    s.dispatch(&crate::Command::Orders(Box::new(end)), 0.0).unwrap();
    let v = check(s.game(), "1/1/1", &[m(1), m(1), m(4)]).unwrap();
    assert_eq!(v.links[2].radius, 3);
    assert!(v.links[2].limited_defense && !v.in_radius);
}

#[test]
fn a_missing_chart_value_is_asked_for() {
    let g = crate::orders::test_game();
    let err = check(&g, "1/1/1", &[m(1), m(1), m(1)]).unwrap_err();
    assert!(err.why.contains("Command Radius Chart"), "{err}");
}
