use super::*;
use crate::clock::{Arrival, Clock, Segment};
use crate::orders::commands::OrderCommand;
use crate::orders::ending::Step;
use crate::orders::{Instructions, OrderKind};
use companion_core::Die;
use companion_core::session::Session;
use proptest::prelude::*;

fn game() -> Game {
    crate::orders::test_game()
}

fn next(s: &mut Session<LineOfBattle>) -> Vec<String> {
    s.dispatch(&Command::NextPhase, 0.0).map(|o| o.lines).unwrap()
}

#[test]
fn the_system_id_never_changes() {
    assert_eq!(LineOfBattle::ID, "line-of-battle");
}

#[test]
fn a_game_round_trips_through_json() {
    let mut s = Session::<LineOfBattle>::new(game());
    s.dispatch(&Command::Loss { unit: "19 Ind".into(), sps: 1 }, 5.0).unwrap();
    let text = serde_json::to_string(s.game()).unwrap();
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, s.game());
}

#[test]
fn a_refused_command_leaves_the_game_untouched() {
    let mut s = Session::<LineOfBattle>::new(game());
    let before = s.game().clone();
    assert!(s.dispatch(&Command::Loss { unit: "nobody".into(), sps: 1 }, 0.0).is_err());
    assert!(s.dispatch(&Command::SetStrength { unit: "19 Ind".into(), sps: 9 }, 0.0).is_err());
    let err = s.dispatch(
        &Command::SetMorale { units: vec!["19 Ind".into(), "nobody".into()], state: MoraleState::Shaken },
        0.0,
    );
    assert!(err.is_err());
    assert_eq!(*s.game(), before);
}

/// 1.3b: the loss that takes a unit below half its printed SPs says it is Wrecked; 9.4b:
/// the last SP sends it to the Dead Pile.
#[test]
fn rule_1_3b_and_9_4b_losses() {
    let mut s = Session::<LineOfBattle>::new(game());
    let lines = s.dispatch(&Command::Loss { unit: "19 Ind".into(), sps: 2 }, 0.0).unwrap().lines;
    assert!(lines.iter().any(|l| l.contains("Wrecked")), "{lines:?}");
    let lines = s.dispatch(&Command::Loss { unit: "19 Ind".into(), sps: 5 }, 0.0).unwrap().lines;
    assert!(lines.iter().any(|l| l.contains("Dead Pile")), "{lines:?}");
    assert_eq!(s.game().oob.unit("19 Ind").map(|u| (u.strength, u.dead)), Some((0, true)));
    assert!(s.undo());
    assert_eq!(s.game().oob.unit("19 Ind").map(|u| u.strength), Some(2));
}

/// 4.1a, 13.6g: the loss of a Division's Leader starts its Ending steps.
#[test]
fn rule_13_6g_loss_of_senior_leader() {
    let mut s = Session::<LineOfBattle>::new(game());
    let attack = Instructions {
        objective: "Seminary Ridge".into(),
        route: "the Pike".into(),
        line_of_departure: "the ridge".into(),
        axis: "west".into(),
        ..Instructions::default()
    };
    let c = OrderCommand::InForce {
        side: Side::Federal,
        kind: OrderKind::Attack,
        formation: "1/1".into(),
        recipient: "Wadsworth".into(),
        instructions: attack,
    };
    s.dispatch(&Command::Orders(Box::new(c)), 0.0).unwrap();
    let lines = s.dispatch(&Command::LeaderLost { leader: "Wadsworth".into() }, 0.0).unwrap().lines;
    assert!(lines.iter().any(|l| l.contains("13.6g")), "{lines:?}");
    let g = s.game();
    assert!(!g.book.attacking("1/1"));
    assert_eq!(g.book.standing("1/1").and_then(|st| st.ending.as_ref()).and_then(|e| e.at()), Some(Step::Withdrawal));
    assert!(!g.book.may_accept("1/1"), "no new Orders until Recovery (13.7c)");
}

/// 2.1a: each Player Turn's Segments in order, the Second Player Turn, then the Game Turn
/// End with the Turn Record Track advanced; Rebuilding only on the Midnight turn (12.2).
#[test]
fn rule_2_1a_sequence_of_play() {
    let mut s = Session::<LineOfBattle>::new(game());
    let mut seen = vec![s.game().clock.phase()];
    for _ in 0..6 {
        next(&mut s);
        seen.push(s.game().clock.phase());
    }
    assert_eq!(
        seen,
        [
            Segment::Orders,
            Segment::Recovery,
            Segment::FlukeStoppage,
            Segment::Reinforcements,
            Segment::Consolidation,
            Segment::MovementAndCombat,
            Segment::Rally
        ]
    );
    let lines = next(&mut s);
    assert_eq!(s.game().clock.phasing(), Side::Confederate, "{lines:?}");
    assert_eq!(s.game().clock.phase(), Segment::Orders);
    for _ in 0..7 {
        next(&mut s);
    }
    let c = &s.game().clock;
    assert_eq!((c.turn, c.phasing(), c.minutes), (2, Side::Federal, 7 * 60 + 45));
    let mut g = game();
    g.clock = Clock::new(Side::Federal, 1, 0);
    g.clock.segment = 6;
    let mut s = Session::<LineOfBattle>::new(g);
    next(&mut s);
    assert_eq!(s.game().clock.phase(), Segment::Rebuilding);
}

/// 2.2: reinforcements due at their time are listed at the start of the Activity Phase and
/// placed then.
#[test]
fn rule_2_2_reinforcements_from_the_order_of_arrival() {
    let mut g = game();
    g.oob.unit_mut("2 Wisc").unwrap().on_map = false;
    g.clock.arrivals.push(Arrival {
        side: Side::Federal,
        day: 1,
        minutes: 7 * 60 + 45,
        units: vec!["2 Wisc".into()],
        entry: "B".into(),
        removal: false,
        done: false,
    });
    let mut s = Session::<LineOfBattle>::new(g);
    let arrive = Command::Orders(Box::new(OrderCommand::Arrive(0)));
    assert!(s.dispatch(&arrive, 0.0).is_err(), "not yet due");
    while !(s.game().clock.turn == 2 && s.game().clock.phase() == Segment::Reinforcements) {
        next(&mut s);
    }
    assert_eq!(s.game().clock.due(Side::Federal).len(), 1);
    s.dispatch(&arrive, 0.0).unwrap();
    assert_eq!(s.game().oob.unit("2 Wisc").map(|u| u.on_map), Some(true));
    assert!(s.dispatch(&arrive, 0.0).is_err(), "placed once");
}

#[test]
fn rule_12_1_rally_phase() {
    let mut g = game();
    g.clock.segment = 6;
    g.oob.unit_mut("19 Ind").unwrap().state = MoraleState::Routed;
    g.oob.unit_mut("2 Wisc").unwrap().state = MoraleState::Disorganized;
    let mut s = Session::<LineOfBattle>::new(g);
    s.dispatch(&Command::RallyMarkers { held: vec![] }, 0.0).unwrap();
    assert_eq!(s.game().oob.unit("2 Wisc").map(|u| u.state), Some(MoraleState::Shaken));
    let rally = |die| Command::RallyRouted {
        units: vec!["19 Ind".into()],
        die: Die::new(die).unwrap(),
        leader: Some("Meredith".into()),
    };
    // 1 + Meredith's Morale 3 = 4: remains Routed; 2 + 3 = 5: DG.
    s.dispatch(&rally(1), 0.0).unwrap();
    assert_eq!(s.game().oob.unit("19 Ind").map(|u| u.state), Some(MoraleState::Routed));
    s.dispatch(&rally(2), 0.0).unwrap();
    assert_eq!(s.game().oob.unit("19 Ind").map(|u| u.state), Some(MoraleState::Disorganized));
}

#[test]
fn rule_1_8_strength_is_hidden_from_the_enemy() {
    let g = game();
    assert_eq!(visible_strength(&g, Side::Federal, "19 Ind"), Some(4));
    assert_eq!(visible_strength(&g, Side::Confederate, "19 Ind"), None);
}

/// 10.2: a second State result is combined by the players' Additive Morale Chart; 10.2a:
/// Blood Lust only adjacent to the Firing Stack.
#[test]
fn rule_10_2_additive_morale() {
    let mut s = Session::<LineOfBattle>::new(game());
    let result = |state, adjacent| Command::MoraleResult {
        units: vec!["19 Ind".into(), "2 Wisc".into()],
        result: state,
        adjacent_to_firer: adjacent,
    };
    s.dispatch(&result(MoraleState::Shaken, true), 0.0).unwrap();
    assert_eq!(s.game().oob.unit("2 Wisc").map(|u| u.state), Some(MoraleState::Shaken));
    let err = s.dispatch(&result(MoraleState::Shaken, true), 0.0).unwrap_err();
    assert!(err.why.contains("Additive Morale Chart"), "{err}");
    let mut g = s.game().clone();
    g.morale_chart.entries.push((
        MoraleState::Shaken,
        MoraleState::Shaken,
        crate::table::Slot::Entered(MoraleState::Disorganized),
    ));
    let mut s = Session::<LineOfBattle>::new(g);
    s.dispatch(&result(MoraleState::Shaken, true), 0.0).unwrap();
    assert_eq!(s.game().oob.unit("19 Ind").map(|u| u.state), Some(MoraleState::Disorganized));
    let mut g = game();
    g.oob.unit_mut("19 Ind").unwrap().state = MoraleState::Normal;
    let mut s = Session::<LineOfBattle>::new(g);
    s.dispatch(&result(MoraleState::BloodLust, false), 0.0).unwrap();
    assert_eq!(s.game().oob.unit("19 Ind").map(|u| u.state), Some(MoraleState::Normal));
}

#[test]
fn the_saved_games_line() {
    use companion_core::doc::StoredGame;
    let g = game();
    let sum = g.summary();
    assert_eq!(sum.system, "Line of Battle (Last Chance for Victory)");
    assert!(sum.progress.starts_with("Turn 1, 7:30 a.m."), "{}", sum.progress);
    let back = Game::from_stored(serde_json::to_value(&g).unwrap()).unwrap();
    assert_eq!(back, g);
    assert_eq!(serde_json::to_value(&g).unwrap()["system"], "line-of-battle");
}

/// A game saved before the combat, supply, Breastworks and tracker state existed reads with
/// all of it empty.
#[test]
fn a_game_saved_by_an_earlier_build_still_reads() {
    let g = game();
    let mut value = serde_json::to_value(&g).unwrap();
    let fields = ["this_turn", "dues", "charge", "supply", "works", "ranks", "ticks", "scenario"];
    if let Some(map) = value.as_object_mut() {
        for f in fields {
            assert!(map.remove(f).is_some(), "{f}");
        }
    }
    use companion_core::doc::StoredGame;
    assert_eq!(Game::from_stored(value), Ok(g));
}

proptest! {
    /// Whatever losses and corrections the players enter, a unit's Strength stays between
    /// zero and its printed SPs, and it is Dead exactly at zero.
    #[test]
    fn strength_never_below_zero(steps in proptest::collection::vec((any::<bool>(), 0u8..12), 1..30)) {
        let mut s = Session::<LineOfBattle>::new(game());
        for (loss, n) in steps {
            let c = if loss { Command::Loss { unit: "2 Wisc".into(), sps: n } } else { Command::SetStrength { unit: "2 Wisc".into(), sps: n } };
            let _ = s.dispatch(&c, 0.0);
            let u = s.game().oob.unit("2 Wisc").unwrap();
            prop_assert!(u.strength <= u.printed);
            prop_assert_eq!(u.dead, u.strength == 0);
        }
    }
}

mod every_command {
    //! Property tests over the whole command set, the new commands included.
    use super::*;
    use crate::combat::charge::{ChargeCommand, ChargeFacts};
    use crate::combat::checks::CheckCommand;
    use crate::combat::retreat::{Collision, RetreatCommand};
    use crate::combat::{FireCommand, FiringUnit, VolleyCommand};
    use crate::supply::SupplyCommand;
    use companion_core::TwoDice;
    use companion_core::system::GameSystem;

    const UNITS: [&str; 8] = ["19 Ind", "2 Wisc", "7 Ind", "Hall", "1 Tex", "4 Tex", "5 Tex", "nobody"];
    const LEADERS: [&str; 5] = ["Meredith", "Wadsworth", "RobertsonL", "HoodL", "nobody"];

    fn ids(list: &[usize]) -> Vec<String> {
        list.iter().map(|i| UNITS[i % UNITS.len()].to_string()).collect()
    }

    /// A command of any kind from a few numbers: many are refused, which is the point.
    fn command(kind: u8, a: usize, b: usize, x: u8, y: u8) -> Command {
        let d1 = 1 + x % 6;
        let d2 = 1 + y % 6;
        let dice = TwoDice::new(d1, d2).unwrap();
        let die = Die::new(d1).unwrap();
        match kind % 16 {
            0 => Command::NextPhase,
            1 => Command::Loss { unit: UNITS[a % 8].into(), sps: x % 5 },
            2 => Command::Fire(Box::new(FireCommand {
                firers: vec![FiringUnit {
                    unit: UNITS[a % 8].into(),
                    sps: x % 9,
                    mps_remaining: y % 7,
                    was_limbered: false,
                }],
                target: ids(&[4 + b % 4, 4 + (b + 1) % 4]),
                target_leaders: vec![LEADERS[b % 5].into()],
                leader_column: "Combat".into(),
                range: 1 + y % 4,
                round: if a.is_multiple_of(2) { Some(crate::artillery::Round::Shell) } else { None },
                weapon_drm: None,
                protection: None,
                modifiers: vec![],
                out_of_radius: false,
                zero_led: false,
                artillery_leader: false,
                dice,
                allocation: if b.is_multiple_of(3) { Some(vec![x % 3, y % 3]) } else { None },
            })),
            3 => Command::Volley(Box::new(VolleyCommand {
                firer: ids(&[a]),
                trigger: ids(&[b, b + 1]),
                trigger_leaders: vec![LEADERS[a % 5].into()],
                leader_column: "Opening Volley".into(),
                range: 1 + x % 3,
                modifiers: vec![],
                die,
            })),
            4 => Command::Charge(Box::new(ChargeCommand::Declare {
                attackers: ids(&[a]),
                target: ids(&[b]),
                attacking_leaders: vec![],
                target_leaders: vec![LEADERS[b % 5].into()],
                facts: ChargeFacts {
                    stacked_at_start: true,
                    mps_to_enter: true,
                    in_radius: true,
                    facing_target: true,
                    adjacent: true,
                    ..ChargeFacts::default()
                },
            })),
            5 => Command::Charge(Box::new(ChargeCommand::Closing {
                die,
                leader: None,
                modifiers: vec![],
                automatic: x.is_multiple_of(4),
            })),
            6 => Command::Charge(Box::new(ChargeCommand::Volley {
                die,
                firer: ids(&[b]),
                modifiers: vec![],
                leader_column: "Opening Volley".into(),
            })),
            7 => Command::Charge(Box::new(ChargeCommand::Morale {
                dice,
                leader: None,
                charge_modifier: None,
                modifiers: vec![],
                allocation: None,
            })),
            8 => Command::Charge(Box::new(ChargeCommand::Results { target_left_hex: x.is_multiple_of(2) })),
            9 => Command::Check(Box::new(CheckCommand::Distribute {
                due: u32::from(x % 12),
                allocation: vec![y % 3, x % 3, 1],
            })),
            10 => Command::Check(Box::new(CheckCommand::Morale {
                due: Some(u32::from(x % 12)),
                units: ids(&[a]),
                leader: None,
                modifiers: vec![],
                dice,
                adjacent_to_firer: true,
                allocation: None,
            })),
            11 => Command::Check(Box::new(CheckCommand::LeaderLoss {
                leader: LEADERS[a % 5].into(),
                column: "Combat".into(),
                dice,
                modifiers: vec![],
            })),
            12 => Command::Retreat(Box::new(match x % 4 {
                0 => RetreatCommand::EzocLosses {
                    units: ids(&[a, b]),
                    hexes: y % 4,
                    leaders: vec![],
                    leader_column: "Combat".into(),
                    allocation: None,
                },
                1 => RetreatCommand::Collision {
                    retreating: ids(&[a]),
                    stationary: ids(&[b]),
                    choice: [Collision::Displace, Collision::Join, Collision::PassThrough][usize::from(y % 3)],
                    ends_here: y.is_multiple_of(2),
                },
                2 => RetreatCommand::GunsOverrun { battery: UNITS[a % 8].into(), die },
                _ => RetreatCommand::StackEnds { units: ids(&[a, b]) },
            })),
            13 => Command::Supply(Box::new(SupplyCommand::Deplete {
                battery: UNITS[a % 8].into(),
                ammo: crate::artillery::Round::Shell,
                caisson: None,
                due: Some(u32::from(x % 12)),
            })),
            14 => Command::Check(Box::new(CheckCommand::SetAside { due: u32::from(x % 12) })),
            _ => Command::SetMorale { units: ids(&[a]), state: MoraleState::Disorganized },
        }
    }

    fn battle() -> Game {
        crate::combat::tests::battle()
    }

    proptest! {
        /// A refused command leaves the game exactly as it was, applied with or without a
        /// session around it.
        #[test]
        fn a_refused_command_leaves_the_game_unchanged(steps in proptest::collection::vec((any::<u8>(), 0usize..8, 0usize..8, any::<u8>(), any::<u8>()), 1..60)) {
            let mut game = battle();
            game.clock.second = true;
            for (kind, a, b, x, y) in steps {
                let before = game.clone();
                if LineOfBattle::apply(&mut game, &command(kind, a, b, x, y), 0.0).is_err() {
                    prop_assert_eq!(&game, &before);
                }
            }
        }

        /// Whatever Fire, Volleys, Charges, checks and retreats do, every unit's Strength stays
        /// between zero and its printed SPs, and it is Dead exactly at zero.
        #[test]
        fn strength_never_below_zero_in_battle(steps in proptest::collection::vec((any::<u8>(), 0usize..8, 0usize..8, any::<u8>(), any::<u8>()), 1..80)) {
            let mut s = Session::<LineOfBattle>::new(battle());
            for (kind, a, b, x, y) in steps {
                let _ = s.dispatch(&command(kind, a, b, x, y), 0.0);
                for u in &s.game().oob.units {
                    prop_assert!(u.strength <= u.printed);
                    prop_assert_eq!(u.dead, u.strength == 0, "{}", u.id);
                }
            }
        }
    }
}
