use super::*;
use crate::artillery::Round;
use crate::combat::tests::battle;
use crate::game::{Command, LineOfBattle};
use companion_core::session::Session;
use proptest::prelude::*;

fn wagon(shell: u16, canister: u16) -> Wagon {
    Wagon {
        id: "1C Supply".into(),
        name: "1 Corps Supply".into(),
        side: Side::Federal,
        formation: "1".into(),
        also_serves: Vec::new(),
        shell,
        canister,
        destroyed: false,
    }
}

fn run(s: &mut Session<LineOfBattle>, c: SupplyCommand) -> Result<Vec<String>, Refused> {
    s.dispatch(&Command::Supply(Box::new(c)), 0.0).map(|o| o.lines)
}

fn session(shell: u16, canister: u16) -> Session<LineOfBattle> {
    let mut s = Session::<LineOfBattle>::new(battle());
    run(&mut s, SupplyCommand::AddWagon(wagon(shell, canister))).unwrap();
    s
}

fn depleted(s: &Session<LineOfBattle>) -> Depletion {
    s.game().supply.marks("Hall").depleted
}

/// 4.3c "Example — Replenishment Costs": a 4 SP Battery Depleted of Shell needs 4 Shell
/// points; with 16 Canister but only 3 Shell in the Wagon it cannot Replenish at all.
#[test]
fn rule_4_3c_example_replenishment_costs() {
    let mut s = session(3, 16);
    s.dispatch(&Command::SetStrength { unit: "Hall".into(), sps: 4 }, 0.0).unwrap();
    run(&mut s, SupplyCommand::Deplete { battery: "Hall".into(), ammo: Round::Shell, caisson: None, due: None })
        .unwrap();
    let refill = SupplyCommand::Caisson { battery: "Hall".into(), ammo: vec![Round::Shell], wagon: "1C Supply".into() };
    let err = run(&mut s, refill).unwrap_err();
    assert_eq!(err.rule, Some("4.3c"));
    assert!(depleted(&s).shell);
    assert_eq!(s.game().supply.wagon("1C Supply").map(|w| (w.shell, w.canister)), Ok((3, 16)));
}

/// 4.3b, 4.3c: a Depletion refilled at once by Caisson Replenishment places no marker and
/// spends one point per SP; never under a CBF marker (4.2l).
#[test]
fn rule_4_3c_caisson_replenishment_at_the_depletion() {
    let mut s = session(20, 20);
    run(
        &mut s,
        SupplyCommand::Deplete {
            battery: "Hall".into(),
            ammo: Round::Canister,
            caisson: Some("1C Supply".into()),
            due: None,
        },
    )
    .unwrap();
    assert!(!depleted(&s).canister);
    assert_eq!(s.game().supply.wagon("1C Supply").map(|w| w.canister), Ok(14));
    run(&mut s, SupplyCommand::SetCbf { batteries: vec!["Hall".into()], level: 1 }).unwrap();
    let err = run(
        &mut s,
        SupplyCommand::Deplete {
            battery: "Hall".into(),
            ammo: Round::Shell,
            caisson: Some("1C Supply".into()),
            due: None,
        },
    )
    .unwrap_err();
    assert_eq!(err.rule, Some("4.2l"));
}

/// 4.3a: a Wagon serves only Batteries of its own Formation (LCV 4.3b adds others).
#[test]
fn rule_4_3a_a_wagon_serves_its_formation() {
    let mut s = Session::<LineOfBattle>::new(battle());
    let mut other = wagon(20, 20);
    other.formation = "2/1".into();
    run(&mut s, SupplyCommand::AddWagon(other.clone())).unwrap();
    run(&mut s, SupplyCommand::Deplete { battery: "Hall".into(), ammo: Round::Shell, caisson: None, due: None })
        .unwrap();
    let refill = SupplyCommand::Caisson { battery: "Hall".into(), ammo: vec![Round::Shell], wagon: "1C Supply".into() };
    assert_eq!(run(&mut s, refill.clone()).unwrap_err().rule, Some("4.3a"));
    let mut g = s.game().clone();
    g.supply.wagons[0].also_serves.push("1/1".into());
    let mut s = Session::<LineOfBattle>::new(g);
    run(&mut s, refill).unwrap();
    run(&mut s, SupplyCommand::WagonDestroyed { wagon: "1C Supply".into() }).unwrap();
    assert_eq!(s.game().supply.wagon("1C Supply").map(|w| w.shell), Ok(0));
}

/// 4.3c Battery Replenishment: the Battery leaves, refills and returns one hour later (four
/// day turns) at the start of its side's Activity Phase.
#[test]
fn rule_4_3c_battery_replenishment_returns_in_an_hour() {
    let mut s = session(20, 20);
    run(&mut s, SupplyCommand::Deplete { battery: "Hall".into(), ammo: Round::Shell, caisson: None, due: None })
        .unwrap();
    let send = SupplyCommand::SendToWagons {
        battery: "Hall".into(),
        ammo: vec![Round::Shell],
        wagon: "1C Supply".into(),
        turns: None,
    };
    run(&mut s, send).unwrap();
    let hall = s.game().oob.unit("Hall").unwrap();
    assert!(!hall.on_map && !depleted(&s).shell);
    assert_eq!(s.game().supply.marks("Hall").returns, Some(5));
    assert!(run(&mut s, SupplyCommand::Returns { battery: "Hall".into() }).is_err());
    while !(s.game().clock.turn == 5
        && s.game().clock.phase() == crate::clock::Segment::Reinforcements
        && !s.game().clock.second)
    {
        s.dispatch(&Command::NextPhase, 0.0).unwrap();
    }
    assert!(crate::tracker::todo(s.game()).iter().any(|i| i.key == "battery-Hall"));
    run(&mut s, SupplyCommand::Returns { battery: "Hall".into() }).unwrap();
    let hall = s.game().oob.unit("Hall").unwrap();
    assert!(hall.on_map && hall.unit_formation == crate::oob::UnitFormation::Limbered);
}

/// 4.2a through the command: Unlimbering 4 hexes from the enemy is refused; Limbering never.
#[test]
fn rule_4_2a_unlimber_command() {
    let mut s = Session::<LineOfBattle>::new(battle());
    run(&mut s, SupplyCommand::Limber { battery: "Hall".into() }).unwrap();
    let unlimber = |hexes| SupplyCommand::Unlimber {
        battery: "Hall".into(),
        enemy_hexes: hexes,
        in_radius: true,
        prohibited: false,
    };
    assert_eq!(run(&mut s, unlimber(4)).unwrap_err().rule, Some("4.2a"));
    run(&mut s, unlimber(5)).unwrap();
}

/// 4.2l: CBF markers go to level 2 at most and come off in the owner's Rally Phase.
#[test]
fn rule_4_2l_cbf_levels() {
    let mut g = battle();
    let ids = vec!["Hall".to_string()];
    raise_cbf(&mut g, &ids);
    raise_cbf(&mut g, &ids);
    raise_cbf(&mut g, &ids);
    assert_eq!(g.supply.marks("Hall").cbf, 2);
    let mut s = Session::<LineOfBattle>::new(g);
    assert!(run(&mut s, SupplyCommand::RemoveCbf).is_err(), "in the Rally Phase");
    s.dispatch(&Command::NextPhase, 0.0).unwrap();
    run(&mut s, SupplyCommand::RemoveCbf).unwrap();
    assert_eq!(s.game().supply.marks("Hall").cbf, 0);
}

proptest! {
    /// Whatever the players ask, a Wagon's Ammunition never goes below zero: a refill spends
    /// exactly one point per SP of the Battery or nothing, and a refused command changes
    /// nothing.
    #[test]
    fn ammunition_never_below_zero(steps in proptest::collection::vec((0u8..5, 0u8..2, 1u8..8), 1..30), shell in 0u16..20, canister in 0u16..20) {
        use companion_core::system::GameSystem;
        let mut game = session(shell, canister).game().clone();
        for (what, kind, sps) in steps {
            let ammo = if kind == 0 { Round::Shell } else { Round::Canister };
            let c = match what {
                0 => SupplyCommand::Deplete { battery: "Hall".into(), ammo, caisson: None, due: None },
                1 => SupplyCommand::Deplete { battery: "Hall".into(), ammo, caisson: Some("1C Supply".into()), due: None },
                2 => SupplyCommand::Caisson { battery: "Hall".into(), ammo: vec![ammo], wagon: "1C Supply".into() },
                3 => SupplyCommand::SendToWagons { battery: "Hall".into(), ammo: vec![ammo], wagon: "1C Supply".into(), turns: Some(sps.min(6)) },
                _ => SupplyCommand::SetCbf { batteries: vec!["Hall".into()], level: sps % 3 },
            };
            let _ = LineOfBattle::apply(&mut game, &Command::SetStrength { unit: "Hall".into(), sps: sps.min(6) }, 0.0);
            let before = game.clone();
            let strength = u16::from(before.oob.unit("Hall").map(|u| u.strength).unwrap_or(0));
            let points = |g: &Game| g.supply.wagon("1C Supply").map(|w| w.shell + w.canister).unwrap_or(0);
            match LineOfBattle::apply(&mut game, &Command::Supply(Box::new(c)), 0.0) {
                Err(_) => prop_assert_eq!(&game, &before),
                Ok(_) => {
                    let spent = points(&before) - points(&game);
                    prop_assert!(spent == 0 || spent == strength, "spent {} for {} SPs", spent, strength);
                }
            }
            let w = game.supply.wagon("1C Supply").unwrap();
            prop_assert!(w.shell <= shell && w.canister <= canister);
        }
    }
}
