use super::*;
use crate::clock::Arrival;
use crate::combat::tests::battle;
use crate::game::{Command, LineOfBattle};
use crate::orders::commands::OrderCommand;
use crate::orders::{Instructions, OrderKind};
use crate::table::{Band, Column, Dice, Effect, RollTable, Span};
use crate::tables::key;
use companion_core::session::Session;
use companion_core::{Die, TwoDice};
use proptest::prelude::*;

fn keys(g: &Game) -> Vec<String> {
    todo(g).into_iter().map(|i| i.key).collect()
}

fn find(g: &Game, key: &str) -> Option<Todo> {
    todo(g).into_iter().find(|i| i.key == key)
}

fn next(s: &mut Session<LineOfBattle>) {
    s.dispatch(&Command::NextPhase, 0.0).unwrap();
}

fn to(s: &mut Session<LineOfBattle>, turn: u32, second: bool, segment: Segment) {
    for _ in 0..400 {
        let c = &s.game().clock;
        if c.turn == turn && c.second == second && c.phase() == segment {
            return;
        }
        next(s);
    }
    panic!("never reached turn {turn} {segment:?}");
}

fn orders(s: &mut Session<LineOfBattle>, c: OrderCommand) -> Result<Vec<String>, Refused> {
    s.dispatch(&Command::Orders(Box::new(c)), 0.0).map(|o| o.lines)
}

fn attack() -> Instructions {
    Instructions {
        objective: "Seminary Ridge".into(),
        route: "the Pike".into(),
        line_of_departure: "McPherson's Ridge".into(),
        axis: "west".into(),
        ..Instructions::default()
    }
}

fn start() -> Game {
    let mut g = battle();
    g.clock.segment = 0;
    g
}

/// 2.1b, 13.3: the Command Phase lists each Order awaiting Acceptance with its recipient's
/// roll, done once he has rolled this turn; the Army Commander's optional roll; 13.2a: the
/// Reissue of an Attack Order accepted by a Corps.
#[test]
fn rule_2_1b_the_orders_segment() {
    let mut s = Session::<LineOfBattle>::new(start());
    assert!(find(s.game(), "army-order").is_some_and(|i| !i.required && !i.done));
    let write = OrderCommand::Write {
        kind: OrderKind::Attack,
        formation: "1".into(),
        recipient: "Reynolds".into(),
        instructions: attack(),
        mps: 0,
        roll: TwoDice::new(6, 6).unwrap(),
        in_radius: true,
        modifiers: vec![],
    };
    orders(&mut s, write).unwrap();
    assert!(find(s.game(), "army-order").is_some_and(|i| i.done));
    to(&mut s, 4, false, Segment::Orders);
    let item = find(s.game(), "accept-1").unwrap();
    assert!(item.required && !item.done);
    assert_eq!(item.subject, Some(Subject::Order(1)));
    let accept = OrderCommand::Accept {
        order: 1,
        roll: TwoDice::new(6, 6).unwrap(),
        in_radius: true,
        condition_met: true,
        modifiers: vec![],
    };
    orders(&mut s, accept).unwrap();
    assert!(find(s.game(), "accept-1").is_none(), "accepted");
    assert!(find(s.game(), "reissue-1").is_some_and(|i| i.required && !i.done));
    orders(&mut s, OrderCommand::Reissue { order: 1, to: vec![("1/1".into(), "Wadsworth".into(), 5)] }).unwrap();
    assert!(find(s.game(), "reissue-1").is_some_and(|i| i.done));
}

/// 13.6h: no Fluke Stoppage item in the grace period; after it, each attacking Division.
#[test]
fn rule_13_6h_the_fluke_stoppage_segment() {
    let mut s = Session::<LineOfBattle>::new(start());
    let force = OrderCommand::InForce {
        side: Side::Federal,
        kind: OrderKind::Attack,
        formation: "1/1".into(),
        recipient: "Wadsworth".into(),
        instructions: attack(),
    };
    orders(&mut s, force).unwrap();
    to(&mut s, 1, false, Segment::FlukeStoppage);
    assert_eq!(keys(s.game()), ["grace"]);
    to(&mut s, 9, false, Segment::FlukeStoppage);
    assert!(find(s.game(), "fluke-1/1").is_some_and(|i| i.required));
}

/// 2.2 Play Note: reinforcements not placed at their time wait off the map and stay listed.
#[test]
fn rule_2_2_arrivals_wait_until_placed() {
    let mut g = start();
    g.oob.unit_mut("2 Wisc").unwrap().on_map = false;
    g.clock.arrivals.push(Arrival {
        side: Side::Federal,
        day: 1,
        minutes: 7 * 60 + 30,
        units: vec!["2 Wisc".into()],
        entry: "B".into(),
        removal: false,
        done: false,
    });
    let mut s = Session::<LineOfBattle>::new(g);
    to(&mut s, 1, false, Segment::Reinforcements);
    assert!(find(s.game(), "arrival-0").is_some());
    to(&mut s, 2, false, Segment::Reinforcements);
    assert!(find(s.game(), "arrival-0").is_some(), "still waiting the next turn");
    s.dispatch(&Command::Orders(Box::new(OrderCommand::Arrive(0))), 0.0).unwrap();
    assert!(find(s.game(), "arrival-0").is_none());
    assert_eq!(s.game().oob.unit("2 Wisc").map(|u| u.on_map), Some(true));
}

/// 12.1: the Rally Phase's items in order, each done when the game shows it.
#[test]
fn rule_12_1_the_rally_segment() {
    let mut g = start();
    g.oob.unit_mut("19 Ind").unwrap().state = MoraleState::Routed;
    g.supply.batteries.push(crate::supply::BatteryMarks { battery: "Hall".into(), cbf: 1, ..Default::default() });
    let mut s = Session::<LineOfBattle>::new(g);
    to(&mut s, 1, false, Segment::Rally);
    assert_eq!(keys(s.game()), ["rally-markers", "rally-19 Ind", "cbf"]);
    s.dispatch(&Command::RallyMarkers { held: vec![] }, 0.0).unwrap();
    let rally = Command::RallyRouted { units: vec!["19 Ind".into()], die: Die::new(1).unwrap(), leader: None };
    s.dispatch(&rally, 0.0).unwrap();
    s.dispatch(&Command::Supply(Box::new(crate::supply::SupplyCommand::RemoveCbf)), 0.0).unwrap();
    assert!(todo(s.game()).iter().all(|i| i.done), "{:?}", todo(s.game()));
}

/// 12.2, 4.5: the Midnight turn's Rebuilding lists the qualified units, Green units not.
#[test]
fn rule_12_2_rebuilding_at_midnight() {
    let mut g = start();
    g.clock = crate::clock::Clock::new(Side::Federal, 1, 0);
    g.oob.unit_mut("2 Wisc").unwrap().strength = 5;
    g.oob.unit_mut("2 Wisc").unwrap().green = true;
    let mut s = Session::<LineOfBattle>::new(g);
    to(&mut s, 1, false, Segment::Rebuilding);
    let item = find(s.game(), "rebuild").unwrap();
    assert!(item.text.contains("19 Ind") && !item.text.contains("2 Wisc"), "{}", item.text);
    s.dispatch(&Command::Rebuild { eligible: vec!["19 Ind".into(), "2 Wisc".into()] }, 0.0).unwrap();
    assert!(find(s.game(), "rebuild").is_some_and(|i| i.done));
    assert_eq!(s.game().oob.unit("2 Wisc").map(|u| u.strength), Some(5), "4.5: Green units cannot Rebuild");
}

/// 4.1b: a Formation whose Leader is lost is listed until someone takes command.
#[test]
fn rule_4_1b_a_vacancy_is_listed() {
    let mut s = Session::<LineOfBattle>::new(start());
    s.dispatch(&Command::LeaderLost { leader: "Wadsworth".into() }, 0.0).unwrap();
    assert!(find(s.game(), "vacancy-1/1").is_some_and(|i| i.required));
}

/// 4.1d: a Zero-led Brigade under Attack Orders owes its Zero Roll before its units act.
#[test]
fn rule_4_1d_the_zero_roll_item() {
    let mut g = battle();
    g.oob.leader_mut("Meredith").unwrap().command = 0;
    let mut zero = RollTable::new(key::ZERO_ROLL, "Zero Roll Table", "4.1d", Dice::One);
    zero.columns.push(Column {
        label: String::new(),
        bands: vec![
            Band { rolls: Span::at_most(3), effects: vec![Effect::Other("Half".into())] },
            Band { rolls: Span::at_least(4), effects: vec![Effect::Other("Full".into())] },
        ],
    });
    g.tables.put(zero).unwrap();
    let mut s = Session::<LineOfBattle>::new(g);
    assert!(find(s.game(), "zero-1/1/1").is_none(), "no Orders known: no Zero Roll");
    let force = OrderCommand::InForce {
        side: Side::Federal,
        kind: OrderKind::Attack,
        formation: "1/1".into(),
        recipient: "Wadsworth".into(),
        instructions: attack(),
    };
    orders(&mut s, force).unwrap();
    assert!(find(s.game(), "zero-1/1/1").is_some());
    let roll = Command::Leaders(Box::new(crate::promotion::LeaderCommand::ZeroRoll {
        brigade: "1/1/1".into(),
        die: Die::new(2).unwrap(),
    }));
    let lines = s.dispatch(&roll, 0.0).unwrap().lines;
    assert!(lines[0].contains("Half"), "{lines:?}");
    assert!(find(s.game(), "zero-1/1/1").is_none());
    assert!(s.dispatch(&roll, 0.0).is_err(), "once per Activity Phase");
}

/// Items the game cannot see are ticked by hand, undoably; only items on the list.
#[test]
fn ticks_by_hand() {
    let mut g = start();
    g.oob.unit_mut("19 Ind").unwrap().strength = 2;
    let mut s = Session::<LineOfBattle>::new(g);
    to(&mut s, 1, false, Segment::Consolidation);
    let key = "consolidate-2 Wisc-19 Ind".to_string();
    assert!(find(s.game(), &key).is_none(), "2 Wisc at full strength would be over-strength");
    s.dispatch(&Command::SetStrength { unit: "2 Wisc".into(), sps: 4 }, 0.0).unwrap();
    assert!(find(s.game(), &key).is_some_and(|i| !i.required));
    let tick = |done| Command::Tracker(TrackerCommand::Tick { key: key.clone(), done });
    s.dispatch(&tick(true), 0.0).unwrap();
    assert!(find(s.game(), &key).is_some_and(|i| i.done));
    assert!(s.undo());
    assert!(find(s.game(), &key).is_some_and(|i| !i.done));
    assert!(s.dispatch(&Command::Tracker(TrackerCommand::Tick { key: "nothing".into(), done: true }), 0.0).is_err());
}

/// LCV 1.0b: a march between the two maps takes 5 turns, then the units are due to enter.
#[test]
fn rule_lcv_1_0b_march_between_the_maps() {
    let mut s = Session::<LineOfBattle>::new(start());
    let march =
        Command::Tracker(TrackerCommand::MarchBetweenMaps { units: vec!["2 Wisc".into()], entry: "S9.23".into() });
    s.dispatch(&march, 0.0).unwrap();
    assert_eq!(s.game().oob.unit("2 Wisc").map(|u| u.on_map), Some(false));
    to(&mut s, 5, false, Segment::Reinforcements);
    assert!(find(s.game(), "arrival-0").is_none());
    to(&mut s, 6, false, Segment::Reinforcements);
    assert!(find(s.game(), "arrival-0").is_some());
}

/// 1.3e: Consolidation in the Consolidation Segment, one donor per recipient in a Segment.
#[test]
fn rule_1_3e_consolidation_in_its_segment() {
    let mut g = start();
    g.oob.add_unit(crate::oob::tests::unit("6 Wisc", "1/1/1", 6, 1)).unwrap();
    g.oob.add_unit(crate::oob::tests::unit("7 Wisc", "1/1/1", 6, 1)).unwrap();
    let mut s = Session::<LineOfBattle>::new(g);
    let c = |donor: &str| Command::Consolidate { recipient: "19 Ind".into(), donor: donor.into(), stacked: true };
    assert_eq!(s.dispatch(&c("6 Wisc"), 0.0).unwrap_err().rule, Some("1.3e"));
    to(&mut s, 1, false, Segment::Consolidation);
    assert!(
        todo(s.game())
            .iter()
            .any(|t| t.subject == Some(Subject::Consolidation { recipient: "19 Ind".into(), donor: "7 Wisc".into() }))
    );
    s.dispatch(&c("6 Wisc"), 0.0).unwrap();
    assert_eq!(s.dispatch(&c("7 Wisc"), 0.0).unwrap_err().rule, Some("1.3e"));
    assert_eq!(s.game().oob.unit("19 Ind").map(|u| u.strength), Some(5));
    // The list offers 19 Ind no other donor this Segment.
    let offers = |g: &Game, donor: &str| {
        todo(g)
            .iter()
            .any(|t| t.subject == Some(Subject::Consolidation { recipient: "19 Ind".into(), donor: donor.into() }))
    };
    assert!(!offers(s.game(), "7 Wisc"), "{:?}", todo(s.game()));
}

fn subject_exists(g: &Game, s: &Subject) -> bool {
    match s {
        Subject::Unit(id) => g.oob.unit(id).is_some(),
        Subject::Leader(id) => g.oob.leader(id).is_some(),
        Subject::Formation(id) => g.oob.formation(id).is_some(),
        Subject::Order(id) => g.book.order(*id).is_ok(),
        Subject::Arrival(i) => g.clock.arrivals.get(*i).is_some(),
        Subject::Consolidation { recipient, donor } => g.oob.unit(recipient).is_some() && g.oob.unit(donor).is_some(),
        Subject::Due(id) => g
            .dues
            .get(*id)
            .is_ok_and(|d| d.subjects().iter().all(|x| g.oob.unit(x).is_some() || g.oob.leader(x).is_some())),
    }
}

proptest! {
    /// Whatever happens, the to-do list names only units, Leaders, Formations, Orders,
    /// arrivals and dues that exist.
    #[test]
    fn the_todo_list_never_names_what_does_not_exist(steps in proptest::collection::vec((0u8..9, 0usize..6, 1u8..=6, 1u8..=6), 1..60)) {
        let mut s = Session::<LineOfBattle>::new(battle());
        let units = ["19 Ind", "2 Wisc", "7 Ind", "1 Tex", "4 Tex", "5 Tex"];
        let leaders = ["Wadsworth", "Meredith", "Reynolds", "HoodL", "RobertsonL", "Longstreet"];
        for (what, who, a, b) in steps {
            let unit = units[who].to_string();
            let c = match what {
                0 | 1 => Command::NextPhase,
                2 => Command::Loss { unit, sps: a },
                3 => Command::SetMorale { units: vec![unit], state: MoraleState::Routed },
                4 => Command::LeaderLost { leader: leaders[who].into() },
                5 => Command::RallyRouted { units: vec![unit], die: Die::new(a).unwrap(), leader: None },
                6 => Command::Fire(Box::new(crate::combat::FireCommand {
                    firers: vec![crate::combat::FiringUnit { unit: units[who % 3].into(), sps: 4, mps_remaining: 6, was_limbered: false }],
                    target: vec![units[3 + who % 3].into(), units[3 + (who + 1) % 3].into()],
                    target_leaders: vec!["RobertsonL".into()],
                    leader_column: "Combat".into(),
                    range: 2,
                    round: None,
                    weapon_drm: None,
                    protection: None,
                    modifiers: vec![],
                    out_of_radius: false,
                    zero_led: false,
                    artillery_leader: false,
                    dice: TwoDice::new(a, b).unwrap(),
                    allocation: None,
                })),
                7 => Command::Leaders(Box::new(crate::promotion::LeaderCommand::Promote { formation: "1/1".into(), choices: vec![], repl: Some(crate::promotion::ReplValues { command: 1, morale: 1 }) })),
                _ => Command::Orders(Box::new(OrderCommand::Arrive(who))),
            };
            let _ = s.dispatch(&c, 0.0);
            for i in todo(s.game()) {
                if let Some(subject) = &i.subject {
                    prop_assert!(subject_exists(s.game(), subject), "{:?}", i);
                }
            }
        }
    }
}
