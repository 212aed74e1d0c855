//! The combat commands with the worked examples' units. Every table here is the test's: its
//! bands are made up around the modifiers a worked example shows, entered as the players
//! would; they are never the game's charts.

use super::charge::{ChargeCommand, ChargeFacts};
use super::checks::CheckCommand;
use super::retreat::{Collision, RetreatCommand};
use super::*;
use crate::clock::Segment;
use crate::due::DueKind;
use crate::fire::Special;
use crate::game::{Command, LineOfBattle};
use crate::morale::{MoraleRating, MoraleState};
use crate::oob::tests::{formation, leader, unit};
use crate::oob::{Arm, Echelon, Side, UnitFormation};
use crate::table::{Band, Column, Dice, Effect, GridCell, Modifier, RollTable, Slot, Span};
use crate::tables::key;
use companion_core::session::Session;
use companion_core::{Die, TwoDice};

fn entered(name: &str, v: i32) -> Modifier {
    Modifier { name: name.into(), rule: "test".into(), value: Slot::Entered(v) }
}

fn put_entries(t: &mut RollTable, entries: &[(&str, i32)]) {
    for (name, v) in entries {
        match t.modifiers.iter_mut().find(|m| m.name == *name) {
            Some(m) => m.value = Slot::Entered(*v),
            None => t.modifiers.push(entered(name, *v)),
        }
    }
}

fn column(label: &str, bands: Vec<Band>) -> Column {
    Column { label: label.into(), bands }
}

fn band(rolls: Span, effects: Vec<Effect>) -> Band {
    Band { rolls, effects }
}

fn confederate<T>(mut x: T, set: impl FnOnce(&mut T)) -> T {
    set(&mut x);
    x
}

/// Both sides: the Federal test order of battle with the 7th Indiana (4 SPs, B) and Hall's
/// battery, and Hood's Division with the 1st Texas (7 SPs, A); Federal Phasing in the
/// Movement & Combat Segment; the test's tables.
pub(crate) fn battle() -> Game {
    let mut g = crate::orders::test_game();
    g.oob.add_unit(unit("7 Ind", "1/1/1", 4, 4)).unwrap();
    let mut hall = unit("Hall", "1/1/1", 6, 6);
    hall.arm = Arm::Artillery;
    hall.weapon = "N".into();
    hall.unit_formation = UnitFormation::Unlimbered;
    g.oob.add_unit(hall).unwrap();
    let c = |f: crate::oob::Formation| confederate(f, |f| f.side = Side::Confederate);
    g.oob.add_formation(c(formation("ANV", Echelon::Army, None, Some("Lee")))).unwrap();
    g.oob.add_formation(c(formation("1C", Echelon::Corps, Some("ANV"), Some("Longstreet")))).unwrap();
    g.oob.add_formation(c(formation("Hood", Echelon::Division, Some("1C"), Some("HoodL")))).unwrap();
    g.oob.add_formation(c(formation("Robertson", Echelon::Brigade, Some("Hood"), Some("RobertsonL")))).unwrap();
    let l = |l: crate::oob::Leader| confederate(l, |l| l.side = Side::Confederate);
    g.oob.add_leader(l(leader("Longstreet", "1C", 2, 3))).unwrap();
    g.oob.add_leader(l(leader("HoodL", "Hood", 3, 3))).unwrap();
    g.oob.add_leader(l(leader("RobertsonL", "Robertson", 2, 2))).unwrap();
    let u = |id: &str, printed, strength, rating| {
        confederate(unit(id, "Robertson", printed, strength), |u| {
            u.side = Side::Confederate;
            u.rating = rating;
        })
    };
    g.oob.add_unit(u("1 Tex", 8, 7, MoraleRating::A)).unwrap();
    g.oob.add_unit(u("4 Tex", 6, 5, MoraleRating::B)).unwrap();
    g.oob.add_unit(u("5 Tex", 6, 3, MoraleRating::B)).unwrap();
    let mut combat = crate::tables::TableSet::standard().get(key::COMBAT).cloned().unwrap();
    put_entries(
        &mut combat,
        &[
            ("Firer MPs Remaining 4", 0),
            ("Breechloader", 1),
            ("Number of Firing SPs 4", -1),
            ("Range 1", 0),
            ("Range 2", 0),
        ],
    );
    put_entries(&mut combat, &[("Number of Firing SPs 6", 0), ("Firer MPs Remaining 6", 1), ("Range 6", -1)]);
    combat.columns.push(column(
        "",
        vec![
            band(Span::at_most(6), vec![Effect::NoEffect]),
            band(Span::between(7, 8), vec![Effect::MoraleCheck]),
            band(Span::at_least(9), vec![Effect::Loss(1), Effect::MoraleCheck]),
        ],
    ));
    combat.grid = vec![
        GridCell {
            raw: Span::between(9, 9),
            drm: Span::at_most(20),
            effects: vec![Effect::Loss(1), Effect::MoraleCheck, Effect::CanisterDepletion],
        },
        GridCell {
            raw: Span::between(10, 12),
            drm: Span::at_most(20),
            effects: vec![Effect::Loss(2), Effect::MoraleCheck, Effect::Depletion],
        },
    ];
    g.tables.put(combat).unwrap();
    let mut volley = RollTable::new(key::OPENING_VOLLEY, "Opening Volley Table", "9.2", Dice::One);
    volley.modifiers = vec![
        entered("Range 1", 2),
        entered("Range 2", 1),
        entered("Range 3", 0),
        entered("Charge Range", 3),
        entered("Canister", 1),
        entered("Triggering Stack 8 SPs", 1),
        entered("Not the Firing unit", 1),
        entered("Green Firer", -2),
    ];
    volley.columns.push(column(
        "",
        vec![
            band(Span::at_most(6), vec![Effect::NoEffect]),
            band(Span::between(7, 8), vec![Effect::Loss(1)]),
            band(Span::at_least(9), vec![Effect::Loss(2)]),
        ],
    ));
    g.tables.put(volley).unwrap();
    let mut closing = RollTable::new(key::CLOSING, "Closing Roll Table", "7.1", Dice::One);
    closing.modifiers =
        ["A", "B", "C", "D", "E", "F"].iter().map(|r| entered(&format!("Morale Rating {r}"), 3)).collect();
    closing.modifiers[1].value = Slot::Entered(1);
    closing.columns.push(column(
        "",
        vec![band(Span::at_most(4), vec![Effect::Fail]), band(Span::at_least(5), vec![Effect::Pass])],
    ));
    g.tables.put(closing).unwrap();
    let mut morale = RollTable::new(key::MORALE, "Morale Table", "10.1", Dice::Two);
    morale.modifiers = vec![
        entered("Morale Rating A", 0),
        entered("Morale Rating B", 1),
        entered("Wrecked", 3),
        entered("Charge: Bigger", 2),
        entered("Limited Defense Status", 1),
    ];
    morale.columns.push(column(
        "",
        vec![
            band(Span::at_most(2), vec![Effect::State(MoraleState::BloodLust)]),
            band(Span::between(3, 9), vec![Effect::NoEffect]),
            band(
                Span::between(10, 11),
                vec![Effect::State(MoraleState::Shaken), Effect::Retreat(1), Effect::CowardlyLegs],
            ),
            band(
                Span::at_least(12),
                vec![Effect::State(MoraleState::Disorganized), Effect::Retreat(2), Effect::Loss(1)],
            ),
        ],
    ));
    g.tables.put(morale).unwrap();
    let mut loss = RollTable::new(key::LEADER_LOSS, "Leader Loss Table", "4.1a", Dice::Two);
    for label in ["Combat", "Opening Volley", "Charge Defender", "Capture"] {
        loss.columns.push(column(
            label,
            vec![band(Span::at_most(10), vec![Effect::NoEffect]), band(Span::at_least(11), vec![Effect::LeaderLost])],
        ));
    }
    loss.modifiers = vec![entered("Sharpshooter", 1)];
    g.tables.put(loss).unwrap();
    g.clock.segment = 5;
    g
}

fn confederate_turn(mut g: Game) -> Game {
    g.clock.second = true;
    g
}

fn ids(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn dice(a: u8, b: u8) -> TwoDice {
    TwoDice::new(a, b).unwrap()
}

fn die(n: u8) -> Die {
    Die::new(n).unwrap()
}

fn run(s: &mut Session<LineOfBattle>, c: Command) -> Result<Vec<String>, crate::Refused> {
    s.dispatch(&c, 0.0).map(|o| o.lines)
}

fn fire(firers: &[(&str, u8, u8)], target: &[&str], range: u8, roll: TwoDice) -> FireCommand {
    FireCommand {
        firers: firers
            .iter()
            .map(|(u, sps, mps)| FiringUnit {
                unit: u.to_string(),
                sps: *sps,
                mps_remaining: *mps,
                was_limbered: false,
            })
            .collect(),
        target: ids(target),
        target_leaders: Vec::new(),
        leader_column: "Combat".into(),
        range,
        round: None,
        weapon_drm: None,
        protection: None,
        modifiers: Vec::new(),
        out_of_radius: false,
        zero_led: false,
        artillery_leader: false,
        dice: roll,
        allocation: None,
    }
}

fn strength(s: &Session<LineOfBattle>, id: &str) -> u8 {
    s.game().oob.unit(id).map(|u| u.strength).unwrap_or(0)
}

/// 9.0 "Example of Combat Table DRMs" as a Fire: 4 MPs remaining +0, Breechloader alone in
/// its hex +1, 4 Firing SPs -1, Range 1 +0: a total of +0. A roll of 9 reads the grid: one
/// SP off the Target's Top Unit, Leader Loss Check, Morale Check; the Firers are Finished.
#[test]
fn rule_9_0_example_of_combat_table_drms_as_a_fire() {
    let mut g = battle();
    g.oob.unit_mut("7 Ind").unwrap().weapon = "B".into();
    let mut c = fire(&[("7 Ind", 4, 4)], &["4 Tex", "5 Tex"], 1, dice(4, 5));
    c.weapon_drm = Some(Special::Breechloader);
    c.target_leaders = ids(&["RobertsonL"]);
    assert_eq!(
        fire_modifiers(&g, &c).unwrap(),
        ["Firer MPs Remaining 4", "Breechloader", "Number of Firing SPs 4", "Range 1"]
    );
    assert_eq!(read_fire(&g, &c).unwrap().drm, 0);
    let mut s = Session::<LineOfBattle>::new(g);
    let lines = run(&mut s, Command::Fire(Box::new(c.clone()))).unwrap();
    assert_eq!(strength(&s, "4 Tex"), 4, "{lines:?}");
    let kinds: Vec<&DueKind> = s.game().dues.list.iter().map(|d| &d.kind).collect();
    assert!(matches!(kinds[0], DueKind::LeaderLoss { .. }));
    assert!(matches!(kinds[1], DueKind::MoraleCheck { adjacent_to_firer: true, .. }));
    // The Morale Check waits for the Leader Loss Check (4.1a).
    let morale = s.game().dues.list[1].id;
    let check = |d| CheckCommand::Morale {
        due: Some(d),
        units: Vec::new(),
        leader: None,
        modifiers: Vec::new(),
        dice: dice(3, 3),
        adjacent_to_firer: false,
        allocation: None,
    };
    assert!(run(&mut s, Command::Check(Box::new(check(morale)))).is_err());
    let ll = CheckCommand::LeaderLoss {
        leader: "RobertsonL".into(),
        column: "Combat".into(),
        dice: dice(2, 3),
        modifiers: vec![],
    };
    run(&mut s, Command::Check(Box::new(ll))).unwrap();
    run(&mut s, Command::Check(Box::new(check(morale)))).unwrap();
    assert!(s.game().dues.list.is_empty());
    // 9.1: a Stack Fires once per Activity Phase.
    let err = run(&mut s, Command::Fire(Box::new(c))).unwrap_err();
    assert_eq!(err.rule, Some("9.1"));
}

/// 9.4a: a two SP loss on a Stack of three is the owner's to distribute; the Top Unit takes
/// the first and each one before any takes two.
#[test]
fn rule_9_4a_the_owner_distributes_the_loss() {
    let mut g = battle();
    g.oob.unit_mut("4 Tex").unwrap().weapon = "R".into();
    let mut s = Session::<LineOfBattle>::new(g);
    let c = fire(&[("2 Wisc", 6, 6)], &["1 Tex", "4 Tex", "5 Tex"], 2, dice(5, 5));
    run(&mut s, Command::Fire(Box::new(c))).unwrap();
    let due = s.game().dues.list[0].id;
    assert!(matches!(s.game().dues.list[0].kind, DueKind::Loss { sps: 2, .. }));
    let distribute = |a: &[u8]| Command::Check(Box::new(CheckCommand::Distribute { due, allocation: a.to_vec() }));
    assert_eq!(run(&mut s, distribute(&[0, 1, 1])).unwrap_err().rule, Some("9.4a"));
    assert_eq!(run(&mut s, distribute(&[2, 0, 0])).unwrap_err().rule, Some("9.4a"));
    run(&mut s, distribute(&[1, 0, 1])).unwrap();
    assert_eq!((strength(&s, "1 Tex"), strength(&s, "4 Tex"), strength(&s, "5 Tex")), (6, 5, 2));
    // The raw 10 read the grid: a Morale Check is due, no Depletion for Small Arms.
    assert_eq!(s.game().dues.list.len(), 1);
}

/// 9.4b: the Stack's last Combat Unit destroyed: Dead Pile, no Morale Check.
#[test]
fn rule_9_4b_the_last_unit_destroyed() {
    let mut g = battle();
    g.oob.unit_mut("5 Tex").unwrap().strength = 1;
    let mut s = Session::<LineOfBattle>::new(g);
    let lines = run(&mut s, Command::Fire(Box::new(fire(&[("2 Wisc", 6, 6)], &["5 Tex"], 1, dice(6, 5))))).unwrap();
    assert!(lines.iter().any(|l| l.contains("9.4b")), "{lines:?}");
    assert!(s.game().oob.unit("5 Tex").unwrap().dead);
    assert!(s.game().dues.list.is_empty());
}

/// 9.2 "Example of Opening Volley": Range 2 (+1), Frontal Canister (+1), the Triggering
/// unit of 8 SPs (+1) and not the Firing unit (+1): +4; a roll of 5 gives 9, a 2 SP loss
/// on the Triggering Stack's Top Unit, with no Morale Check.
#[test]
fn rule_9_2_example_of_opening_volley_as_a_command() {
    let mut g = confederate_turn(battle());
    g.oob.unit_mut("1 Tex").unwrap().printed = 8;
    g.oob.unit_mut("1 Tex").unwrap().strength = 8;
    let mut s = Session::<LineOfBattle>::new(g);
    let v = VolleyCommand {
        firer: ids(&["Hall"]),
        trigger: ids(&["1 Tex", "4 Tex"]),
        trigger_leaders: ids(&["RobertsonL"]),
        leader_column: "Opening Volley".into(),
        range: 2,
        modifiers: ids(&["Canister", "Triggering Stack 8 SPs", "Not the Firing unit"]),
        die: die(5),
    };
    let lines = run(&mut s, Command::Volley(Box::new(v.clone()))).unwrap();
    assert!(lines[0].contains("5 +4 = 9: 2 SP"), "{lines:?}");
    assert_eq!((strength(&s, "1 Tex"), strength(&s, "4 Tex")), (6, 5));
    assert!(matches!(s.game().dues.list[0].kind, DueKind::LeaderLoss { .. }));
    assert_eq!(s.game().dues.list.len(), 1, "no Morale Check (9.2)");
    // Canister needs Canister available.
    let mut g = confederate_turn(battle());
    g.supply.batteries.push(crate::supply::BatteryMarks {
        battery: "Hall".into(),
        depleted: crate::artillery::Depletion { shell: false, canister: true },
        ..Default::default()
    });
    let mut s = Session::<LineOfBattle>::new(g);
    assert_eq!(run(&mut s, Command::Volley(Box::new(v))).unwrap_err().rule, Some("9.2"));
}

fn facts() -> ChargeFacts {
    ChargeFacts {
        stacked_at_start: true,
        mps_to_enter: true,
        in_radius: true,
        facing_target: true,
        with_others: false,
        one_hex_move: false,
        adjacent: true,
        through_breastworks: false,
    }
}

fn declare(attackers: &[&str], target: &[&str]) -> Command {
    Command::Charge(Box::new(ChargeCommand::Declare {
        attackers: ids(attackers),
        target: ids(target),
        attacking_leaders: Vec::new(),
        target_leaders: Vec::new(),
        facts: facts(),
    }))
}

fn reload(s: &Session<LineOfBattle>) -> Session<LineOfBattle> {
    let text = serde_json::to_string(s.game()).unwrap();
    Session::new(serde_json::from_str(&text).unwrap())
}

/// 11.3c "Example of a Charge Sequence" as the game's commands, the game saved and read back
/// between every step: the 1st Texas (7 SPs, A) Charges the 7th Indiana (4 SPs, B).
#[test]
fn rule_11_3c_example_of_a_charge_sequence_as_commands() {
    let mut s = Session::<LineOfBattle>::new(confederate_turn(battle()));
    run(&mut s, declare(&["1 Tex"], &["7 Ind"])).unwrap();
    let mut s = reload(&s);
    // The Charge Closing Roll: +3 for the A rating, a modified 9.
    let closing = ChargeCommand::Closing { die: die(6), leader: None, modifiers: vec![], automatic: false };
    let lines = run(&mut s, Command::Charge(Box::new(closing))).unwrap();
    assert!(lines[0].contains("9"), "{lines:?}");
    let mut s = reload(&s);
    // The Opening Volley at Charge Range (+3): 4 becomes 7, 1 SP; the Texans keep at least 4
    // SPs, so the 7 Ind automatically loses 1.
    let volley = ChargeCommand::Volley {
        die: die(4),
        firer: ids(&["7 Ind"]),
        modifiers: vec![],
        leader_column: "Opening Volley".into(),
    };
    run(&mut s, Command::Charge(Box::new(volley))).unwrap();
    assert_eq!((strength(&s, "1 Tex"), strength(&s, "7 Ind")), (6, 3));
    let mut s = reload(&s);
    // "Bigger" +2 and the B rating +1: a roll of 7 modifies to 10: Shaken, retreat one hex.
    let morale = ChargeCommand::Morale {
        dice: dice(3, 4),
        leader: None,
        charge_modifier: Some("Charge: Bigger".into()),
        modifiers: vec![],
        allocation: None,
    };
    let lines = run(&mut s, Command::Charge(Box::new(morale))).unwrap();
    assert!(lines[0].contains("6 SPs against 3") && lines[0].contains("7 +3 = 10"), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("Retreat 1")), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("Cowardly Legs")), "{lines:?}");
    assert_eq!(s.game().oob.unit("7 Ind").map(|u| u.state), Some(MoraleState::Shaken));
    let mut s = reload(&s);
    let lines = run(&mut s, Command::Charge(Box::new(ChargeCommand::Results { target_left_hex: true }))).unwrap();
    assert!(lines[0].contains("Advance"), "{lines:?}");
    assert!(s.game().charge.is_none());
    assert!(s.game().this_turn.charged.contains(&"1 Tex".to_string()), "it may Charge on (11.3c)");
}

/// 11.4b: a failed Charge Closing Roll still draws the Opening Volley, at Range 1; the Charge
/// is then over. 11.4d: a Defender who stands firm Finishes the Charging Stack.
#[test]
fn rule_11_4b_failed_closing_and_11_4d_standing_firm() {
    let mut g = confederate_turn(battle());
    g.oob.unit_mut("4 Tex").unwrap().rating = MoraleRating::B;
    let mut s = Session::<LineOfBattle>::new(g);
    run(&mut s, declare(&["4 Tex"], &["7 Ind"])).unwrap();
    let closing = ChargeCommand::Closing { die: die(1), leader: None, modifiers: vec![], automatic: false };
    run(&mut s, Command::Charge(Box::new(closing))).unwrap();
    // Range 1 (+2) rather than Charge Range (+3): 5 + 2 = 7, 1 SP.
    let volley = ChargeCommand::Volley {
        die: die(5),
        firer: ids(&["7 Ind"]),
        modifiers: vec![],
        leader_column: "Opening Volley".into(),
    };
    let lines = run(&mut s, Command::Charge(Box::new(volley))).unwrap();
    assert!(lines[0].contains("5 +2 = 7"), "{lines:?}");
    assert!(s.game().charge.is_none());
    assert_eq!(strength(&s, "7 Ind"), 4, "no Target loss");
    // Standing firm.
    let mut s = Session::<LineOfBattle>::new(confederate_turn(battle()));
    run(&mut s, declare(&["1 Tex"], &["7 Ind"])).unwrap();
    let closing = ChargeCommand::Closing { die: die(6), leader: None, modifiers: vec![], automatic: false };
    run(&mut s, Command::Charge(Box::new(closing))).unwrap();
    let volley = ChargeCommand::Volley {
        die: die(1),
        firer: ids(&["7 Ind"]),
        modifiers: vec![],
        leader_column: "Opening Volley".into(),
    };
    run(&mut s, Command::Charge(Box::new(volley))).unwrap();
    let morale = ChargeCommand::Morale {
        dice: dice(2, 3),
        leader: None,
        charge_modifier: None,
        modifiers: vec![],
        allocation: None,
    };
    run(&mut s, Command::Charge(Box::new(morale))).unwrap();
    run(&mut s, Command::Charge(Box::new(ChargeCommand::Results { target_left_hex: false }))).unwrap();
    assert!(s.game().this_turn.finished.contains(&"1 Tex".to_string()));
    assert_eq!(run(&mut s, declare(&["1 Tex"], &["7 Ind"])).unwrap_err().rule, Some("11.2"));
}

/// 11.4a: a Charging Stack destroyed by the Opening Volley: no Target loss, no Morale Check.
#[test]
fn rule_11_4a_attacker_destroyed() {
    let mut g = confederate_turn(battle());
    g.oob.unit_mut("5 Tex").unwrap().strength = 2;
    let mut s = Session::<LineOfBattle>::new(g);
    run(&mut s, declare(&["5 Tex"], &["7 Ind"])).unwrap();
    let closing = ChargeCommand::Closing { die: die(6), leader: None, modifiers: vec![], automatic: false };
    run(&mut s, Command::Charge(Box::new(closing))).unwrap();
    let volley = ChargeCommand::Volley {
        die: die(6),
        firer: ids(&["7 Ind"]),
        modifiers: vec![],
        leader_column: "Opening Volley".into(),
    };
    let lines = run(&mut s, Command::Charge(Box::new(volley))).unwrap();
    assert!(lines.iter().any(|l| l.contains("11.4a")), "{lines:?}");
    assert!(s.game().charge.is_none());
    assert_eq!(strength(&s, "7 Ind"), 4);
}

/// 11.2, 4.4a: a Charge's requirements, checked from the game: Open Order never Charges; a
/// Charge is the Phasing Player's; one at a time (2.3).
#[test]
fn rule_11_2_charge_requirements_from_the_game() {
    let mut g = confederate_turn(battle());
    g.oob.unit_mut("4 Tex").unwrap().arm = Arm::OpenOrder;
    let mut s = Session::<LineOfBattle>::new(g);
    assert_eq!(run(&mut s, declare(&["4 Tex"], &["7 Ind"])).unwrap_err().rule, Some("4.4a"));
    assert!(run(&mut s, declare(&["7 Ind"], &["1 Tex"])).is_err(), "not the Phasing Player's");
    run(&mut s, declare(&["1 Tex"], &["7 Ind"])).unwrap();
    assert_eq!(run(&mut s, declare(&["5 Tex"], &["2 Wisc"])).unwrap_err().rule, Some("2.3"));
}

/// 10.2a: Blood Lust only adjacent to the Firing Stack; a Blood Lusted Stack ignores Retreat
/// and Loss results. 10.1: the Leader must have a unit of his own Formation in the Stack.
#[test]
fn rule_10_2a_blood_lust_in_a_morale_check() {
    let mut s = Session::<LineOfBattle>::new(battle());
    let check = |adjacent, leader: Option<&str>, roll| {
        Command::Check(Box::new(CheckCommand::Morale {
            due: None,
            units: ids(&["1 Tex"]),
            leader: leader.map(String::from),
            modifiers: vec![],
            dice: roll,
            adjacent_to_firer: adjacent,
            allocation: None,
        }))
    };
    assert_eq!(run(&mut s, check(true, Some("Meredith"), dice(1, 1))).unwrap_err().rule, Some("10.1"));
    run(&mut s, check(false, None, dice(1, 1))).unwrap();
    assert_eq!(s.game().oob.unit("1 Tex").map(|u| u.state), Some(MoraleState::Normal));
    run(&mut s, check(true, None, dice(1, 1))).unwrap();
    assert_eq!(s.game().oob.unit("1 Tex").map(|u| u.state), Some(MoraleState::BloodLust));
    // Blood Lust and a result of DG, Retreat 2, 1 SP: the Additive Chart entered by the
    // players gives Normal (the test's entry); Retreat and Loss are ignored.
    let mut g = s.game().clone();
    g.morale_chart.entries.push((
        MoraleState::BloodLust,
        MoraleState::Disorganized,
        Slot::Entered(MoraleState::Normal),
    ));
    let mut s = Session::<LineOfBattle>::new(g);
    let lines = run(&mut s, check(true, None, dice(6, 6))).unwrap();
    assert!(lines.iter().any(|l| l.contains("ignores the Retreat")), "{lines:?}");
    assert_eq!(strength(&s, "1 Tex"), 7);
}

/// 10.3b: one SP per Stack per EZOC hex entered, never for Open Order units.
#[test]
fn rule_10_3b_ezoc_losses() {
    let mut g = battle();
    g.oob.unit_mut("4 Tex").unwrap().arm = Arm::OpenOrder;
    let mut s = Session::<LineOfBattle>::new(g);
    let ezoc = |units: &[&str], hexes| {
        Command::Retreat(Box::new(RetreatCommand::EzocLosses {
            units: ids(units),
            hexes,
            leaders: vec![],
            leader_column: "Combat".into(),
            allocation: None,
        }))
    };
    run(&mut s, ezoc(&["4 Tex"], 2)).unwrap();
    assert_eq!(strength(&s, "4 Tex"), 5);
    run(&mut s, ezoc(&["1 Tex", "4 Tex"], 2)).unwrap();
    assert_eq!((strength(&s, "1 Tex"), strength(&s, "4 Tex")), (5, 5));
}

/// 10.3c Collisions: Displacement makes the stationary Stack one level worse (Sh becomes
/// DG); a Pass Through with 4 SPs on either side makes both the worst decreased; Joining
/// never breaks the Stacking Limit.
#[test]
fn rule_10_3c_collisions() {
    let mut g = battle();
    g.oob.unit_mut("4 Tex").unwrap().state = MoraleState::Shaken;
    let mut s = Session::<LineOfBattle>::new(g);
    let collide = |r: &[&str], st: &[&str], choice, ends_here| {
        Command::Retreat(Box::new(RetreatCommand::Collision {
            retreating: ids(r),
            stationary: ids(st),
            choice,
            ends_here,
        }))
    };
    run(&mut s, collide(&["5 Tex"], &["4 Tex"], Collision::Displace, true)).unwrap();
    assert_eq!(s.game().oob.unit("4 Tex").map(|u| u.state), Some(MoraleState::Disorganized));
    assert!(run(&mut s, collide(&["5 Tex"], &["1 Tex"], Collision::PassThrough, true)).is_err());
    run(&mut s, collide(&["5 Tex"], &["1 Tex"], Collision::PassThrough, false)).unwrap();
    assert_eq!(s.game().oob.unit("1 Tex").map(|u| u.state), Some(MoraleState::Shaken));
    let mut g = battle();
    g.oob.unit_mut("1 Tex").unwrap().strength = 8;
    g.oob.unit_mut("4 Tex").unwrap().printed = 9;
    g.oob.unit_mut("4 Tex").unwrap().strength = 9;
    let mut s = Session::<LineOfBattle>::new(g);
    assert_eq!(run(&mut s, collide(&["1 Tex"], &["4 Tex"], Collision::Join, true)).unwrap_err().rule, Some("10.3c"));
}

/// 10.3d: Unlimbered Artillery retreating from a Charge loses one die of SPs and Limbers.
#[test]
fn rule_10_3d_guns_overrun() {
    let mut s = Session::<LineOfBattle>::new(battle());
    run(&mut s, Command::Retreat(Box::new(RetreatCommand::GunsOverrun { battery: "Hall".into(), die: die(4) })))
        .unwrap();
    let hall = s.game().oob.unit("Hall").unwrap();
    assert_eq!((hall.strength, hall.unit_formation), (2, UnitFormation::Limbered));
}

/// 6.1a, 10.0: a Stack that ends its move Over-Stacked becomes DG.
#[test]
fn rule_6_1a_a_stack_ends_over_stacked() {
    let mut g = battle();
    g.oob.unit_mut("1 Tex").unwrap().strength = 8;
    g.oob.unit_mut("4 Tex").unwrap().printed = 9;
    g.oob.unit_mut("4 Tex").unwrap().strength = 9;
    let mut s = Session::<LineOfBattle>::new(g);
    run(&mut s, Command::Retreat(Box::new(RetreatCommand::StackEnds { units: ids(&["4 Tex", "1 Tex"]) }))).unwrap();
    assert_eq!(s.game().oob.unit("1 Tex").map(|u| u.state), Some(MoraleState::Disorganized));
}

/// 4.2g: one Artillery shot per Target hex per Phase; 4.3b: a reddish band Depletes one
/// Battery, the owner's choice, of the type fired.
#[test]
fn rule_4_2g_one_artillery_shot_and_4_3b_depletion() {
    let mut s = Session::<LineOfBattle>::new(battle());
    let mut c = fire(&[("Hall", 6, 6)], &["1 Tex"], 6, dice(6, 6));
    assert_eq!(run(&mut s, Command::Fire(Box::new(c.clone()))).unwrap_err().rule, Some("4.2h"));
    c.round = Some(crate::artillery::Round::Shell);
    let lines = run(&mut s, Command::Fire(Box::new(c.clone()))).unwrap();
    assert!(lines.iter().any(|l| l.contains("Danger Close")), "{lines:?}");
    let dep = s.game().dues.list.iter().find(|d| matches!(d.kind, DueKind::Depletion { .. })).map(|d| d.id).unwrap();
    let deplete = |ammo| {
        Command::Supply(Box::new(crate::supply::SupplyCommand::Deplete {
            battery: "Hall".into(),
            ammo,
            caisson: None,
            due: Some(dep),
        }))
    };
    assert!(run(&mut s, deplete(crate::artillery::Round::Canister)).is_err(), "the type fired");
    run(&mut s, deplete(crate::artillery::Round::Shell)).unwrap();
    assert!(s.game().supply.marks("Hall").depleted.shell);
    let mut again = c;
    again.firers[0].unit = "Hall".into();
    assert!(run(&mut s, Command::Fire(Box::new(again))).is_err());
}

/// 4.1a, 13.6g: a Leader lost on the Leader Loss Table leaves his Formation's command empty
/// and starts its Ending steps when it had Orders.
#[test]
fn rule_4_1a_leader_loss_check() {
    let mut s = Session::<LineOfBattle>::new(battle());
    let check = |roll| {
        Command::Check(Box::new(CheckCommand::LeaderLoss {
            leader: "Meredith".into(),
            column: "Capture".into(),
            dice: roll,
            modifiers: vec!["Sharpshooter".into()],
        }))
    };
    let lines = run(&mut s, check(dice(5, 4))).unwrap();
    assert!(lines[0].contains("No Effect (10)"), "{lines:?}");
    run(&mut s, check(dice(5, 5))).unwrap();
    assert!(s.game().oob.leader_of("1/1/1").is_none());
    assert!(run(&mut s, check(dice(6, 6))).is_err(), "already out of play");
}

#[test]
fn fire_and_charges_only_in_the_activity_phase() {
    let mut g = battle();
    g.clock.segment = 0;
    let mut s = Session::<LineOfBattle>::new(g);
    let c = fire(&[("2 Wisc", 6, 6)], &["1 Tex"], 1, dice(1, 1));
    assert_eq!(run(&mut s, Command::Fire(Box::new(c))).unwrap_err().rule, Some("2.3"));
    assert_eq!(s.game().clock.phase(), Segment::Orders);
}
