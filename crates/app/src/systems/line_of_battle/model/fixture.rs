//! A small game for the models' tests: the Federal Army of the Potomac's I Corps with one
//! Brigade of two regiments, and the Confederate Army with one Brigade. Every table value in
//! it is made up for the tests (the players enter the real ones from their charts).

use companion_core::TwoDice;
use companion_core::session::Session;
use line_of_battle::clock::Clock;
use line_of_battle::game::{Command, Game, LineOfBattle};
use line_of_battle::morale::{MoraleRating, MoraleState};
use line_of_battle::oob::{Arm, Echelon, Formation, Leader, Side, Unit, UnitFormation};
use line_of_battle::orders::Instructions;
use line_of_battle::orders::commands::OrderCommand;
use line_of_battle::table::{Band, Column, Dice, Effect, RollTable, Span};
use line_of_battle::tables::key;

pub fn dice(a: u8, b: u8) -> TwoDice {
    TwoDice::new(a, b).unwrap()
}

fn formation(id: &str, side: Side, echelon: Echelon, parent: Option<&str>, leader: Option<&str>) -> Formation {
    Formation {
        id: id.into(),
        name: id.into(),
        side,
        echelon,
        parent: parent.map(Into::into),
        leader: leader.map(Into::into),
        hq: matches!(echelon, Echelon::Army | Echelon::Corps),
    }
}

fn leader(id: &str, side: Side, formation: &str, command: u8, morale: u8, awareness: Option<u8>) -> Leader {
    Leader {
        id: id.into(),
        name: id.into(),
        side,
        formation: Some(formation.into()),
        command,
        morale,
        awareness,
        on_map: true,
        lost: false,
        repl: false,
    }
}

pub fn unit(id: &str, side: Side, brigade: &str, weapon: &str, printed: u8, rating: MoraleRating) -> Unit {
    Unit {
        id: id.into(),
        name: id.into(),
        side,
        formation: brigade.into(),
        arm: Arm::Infantry,
        weapon: weapon.into(),
        printed,
        strength: printed,
        rating,
        unit_formation: UnitFormation::Line,
        state: MoraleState::Normal,
        green: false,
        on_map: true,
        dead: false,
    }
}

/// A made-up test chart: `from` or more passes.
pub fn yes_from(k: &str, from: i32) -> RollTable {
    let mut t = RollTable::new(k, k, "13", Dice::Two);
    t.columns.push(Column {
        label: String::new(),
        bands: vec![
            Band { rolls: Span::at_most(from - 1), effects: vec![Effect::Fail] },
            Band { rolls: Span::at_least(from), effects: vec![Effect::Pass] },
        ],
    });
    t
}

pub fn game() -> Game {
    let mut g = Game::new("g", "test", Clock::new(Side::Federal, 1, 7 * 60 + 30));
    let (f, c) = (Side::Federal, Side::Confederate);
    let o = &mut g.oob;
    o.add_formation(formation("AoP", f, Echelon::Army, None, Some("Meade"))).unwrap();
    o.add_formation(formation("1", f, Echelon::Corps, Some("AoP"), Some("Reynolds"))).unwrap();
    o.add_formation(formation("1/1", f, Echelon::Division, Some("1"), Some("Wadsworth"))).unwrap();
    o.add_formation(formation("1/1/1", f, Echelon::Brigade, Some("1/1"), Some("Meredith"))).unwrap();
    o.add_leader(leader("Meade", f, "AoP", 3, 2, Some(2))).unwrap();
    o.add_leader(leader("Reynolds", f, "1", 4, 3, None)).unwrap();
    o.add_leader(leader("Wadsworth", f, "1/1", 2, 2, None)).unwrap();
    o.add_leader(leader("Meredith", f, "1/1/1", 2, 3, None)).unwrap();
    o.add_unit(unit("19 Ind", f, "1/1/1", "R", 6, MoraleRating::B)).unwrap();
    o.add_unit(unit("2 Wisc", f, "1/1/1", "R", 6, MoraleRating::A)).unwrap();
    o.add_formation(formation("ANV", c, Echelon::Army, None, Some("Lee"))).unwrap();
    o.add_formation(formation("Arch", c, Echelon::Brigade, Some("ANV"), Some("Archer"))).unwrap();
    o.add_leader(leader("Lee", c, "ANV", 4, 3, Some(3))).unwrap();
    o.add_leader(leader("Archer", c, "Arch", 2, 2, None)).unwrap();
    o.add_unit(unit("1 Tenn", c, "Arch", "R", 7, MoraleRating::A)).unwrap();
    g.tables.put(yes_from(key::COMMAND_ROLL, 8)).unwrap();
    g
}

pub fn session() -> Session<LineOfBattle> {
    Session::new(game())
}

pub fn run(s: &mut Session<LineOfBattle>, c: OrderCommand) -> Vec<String> {
    s.dispatch(&Command::Orders(Box::new(c)), 0.0).unwrap().lines
}

pub fn move_to(objective: &str) -> Instructions {
    Instructions { objective: objective.into(), route: "the Baltimore Pike".into(), ..Instructions::default() }
}
