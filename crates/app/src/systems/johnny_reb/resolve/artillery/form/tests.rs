//! Artillery fire's form with the demo game, by the cases of the end-to-end tests.
//!
//! Table 10's row list and most of its cells are missing from the transcription (GAPS.md):
//! `test_card` stands for the players' entries. Its numbers are made up for the tests, not
//! the card's values.

use super::*;
use johnny_reb::rules::tables::t10_combat_results::{kills_cell, row_count_cell, row_position_cell};
use johnny_reb::rules::tables::t13_artillery::GunClass;
use johnny_reb::rules::{CellRef, Entered, RuleError};
use johnny_reb::state::demo::demo_game;
use johnny_reb::state::units::UnitCommand;

/// MADE UP for the tests: eight rows, and rows 12 and 6 for rolls 2 to 12 (none: the card's
/// dash).
fn test_card() -> Overrides {
    let mut o = Overrides::new();
    let rows = [100, 80, 40, 30, 20, 12, 6, 4];
    o.set(row_count_cell(), Entered::Value(Ratio::whole(rows.len() as u32)));
    for (i, r) in rows.iter().enumerate().skip(1) {
        o.set(row_position_cell(i + 1), Entered::Value(Ratio::whole(*r)));
    }
    let cells: [(u32, [Option<u32>; 11]); 2] = [
        (12, [None, Some(1), Some(1), Some(2), Some(2), Some(3), Some(4), Some(5), Some(5), Some(6), Some(7)]),
        (6, [None, None, Some(1), Some(1), Some(1), Some(2), Some(2), Some(3), Some(3), Some(4), Some(4)]),
    ];
    for (row, values) in cells {
        for (roll, v) in (2u8..).zip(values) {
            let e = v.map_or(Entered::NotApplicable, |k| Entered::Value(Ratio::whole(k)));
            o.set(kills_cell(Ratio::whole(row), roll), e);
        }
    }
    o
}

fn canister_at_24th_michigan(faces: Vec<u8>) -> ArtilleryForm {
    ArtilleryForm {
        firer: Some("s-marye-1".into()),
        target: Some("r-24mi".into()),
        ammunition: Ammunition::Canister,
        range: "4".into(),
        faces,
        ..ArtilleryForm::default()
    }
}

fn kills_on(r: &Resolution, regiment: &str) -> usize {
    r.commands.iter().filter(|c| **c == Command::Unit(UnitCommand::AddKill { regiment: regiment.into() })).count()
}

#[test]
fn rule_4_3_4_a_section_fires_canister_at_a_roster_regiment() {
    let (g, o) = (demo_game("g"), test_card());
    let form = canister_at_24th_michigan(vec![4]);
    // Table 13: canister 12 at 0-4"; on Hold x1.
    let s = strength(&form, &g, &o).unwrap().unwrap().unwrap();
    assert_eq!((s.strength, s.row_shifts), (Ratio::whole(12), 0));
    assert_eq!(resolve(&form, &g, &o), None, "waits for the second die");
    let form = canister_at_24th_michigan(vec![4, 5]);
    let r = resolve(&form, &g, &o).unwrap_or_else(|| panic!("{:?}", outcome(&form, &g, &o)));
    assert_eq!(r.headline, "5 casualties on 24th Michigan (4.3.4, Table 15).");
    assert!(r.details.iter().any(|l| l == "Table 10: row 12, roll 9: 5 kills (4.2.4)."), "{:?}", r.details);
    assert_eq!(kills_on(&r, "r-24mi"), 5);
    assert!(r.recorded);
    // The section's fire settles its item of phase 4 or 7 (4.1, 7).
    assert!(r.settles.contains(&ItemKey::Hold("s-marye-1".into())), "{:?}", r.settles);
}

#[test]
fn rule_4_3_6_a_battery_strengths_summed_and_a_2_runs_it_low_on_shot() {
    let (g, o) = (demo_game("g"), test_card());
    let mut form = ArtilleryForm {
        firer: Some("bt-marye".into()),
        target: Some("r-2wi".into()),
        range: "20".into(),
        ..ArtilleryForm::default()
    };
    assert_eq!(guns(&form, &g).len(), 2, "both sections of the battery");
    // Shot 3 each at 24": 6 for the battery.
    let s = strength(&form, &g, &o).unwrap().unwrap().unwrap();
    assert_eq!((s.strength, s.row_shifts), (Ratio::whole(6), 0));
    // One section pivoting over 45 degrees shifts the whole battery down 1 (4.3.6.a).
    form.pivots[1] = Pivot::Over45;
    assert_eq!(strength(&form, &g, &o).unwrap().unwrap().unwrap().row_shifts, -1, "down 1");
    form.pivots[1] = Pivot::None;
    form.faces = vec![3, 4];
    let r = resolve(&form, &g, &o).unwrap();
    assert_eq!(r.headline, "2 casualties on 2nd Wisconsin (4.3.4, Table 15).");
    form.faces = vec![1, 1];
    let r = resolve(&form, &g, &o).unwrap();
    assert_eq!(r.headline, "0 casualties on 2nd Wisconsin (4.3.4, Table 15).");
    assert!(r.details.iter().any(|l| l.contains("the gun runs low on shot")), "{:?}", r.details);
}

#[test]
fn rule_4_3_5_b_canister_on_a_gun_section_a_crew_kill() {
    let (g, o) = (demo_game("g"), test_card());
    let form = ArtilleryForm {
        target: Some("s-hall-1".into()),
        saves_by: SavesBy::Table,
        ..canister_at_24th_michigan(vec![1, 2])
    };
    assert!(matches!(target_kind(&form, &g), Target::Guns(GunTarget { class: GunClass::Rifle, limbered: false, .. })));
    // One kill; the unlimbered crew saves on 1, 2, 3 (4.3.5.b): the players saved none.
    let r = resolve(&form, &g, &o).unwrap();
    assert_eq!(
        r.headline,
        "Hall, right section: a crew kill, cancelled at the end of the turn unless another follows (4.3.5.b)."
    );
    assert!(r.commands.contains(&Command::Unit(UnitCommand::AddCrewKill { section: "s-hall-1".into() })));
    // The app rolls one saving die for the one kill.
    let app = ArtilleryForm { saves_by: SavesBy::App, ..form };
    assert!(matches!(save_dice_needed(&app, &g, &o), Some(Ok(1))));
}

#[test]
fn rule_4_3_6_b_a_crew_that_routs_at_its_check_fires_no_double_canister() {
    let (g, mut o) = (demo_game("g"), test_card());
    o.set(CellRef::new("Table 18", "Artillery Unlimbered", "Defender's formation"), Entered::NotApplicable);
    let mut form = ArtilleryForm { ammunition: Ammunition::DoubleCanister, ..canister_at_24th_michigan(vec![4, 5]) };
    assert_eq!(checks(&form, &g, &o).len(), 1);
    assert_eq!(strength(&form, &g, &o), None, "the check is rolled first");
    assert_eq!(resolve(&form, &g, &o), None);
    form.check_faces[0] = vec![1, 1];
    let r = resolve(&form, &g, &o).unwrap();
    assert_eq!(r.headline, "The crew routs before firing: no double canister is fired (4.3.6.b).");
    assert!(r.recorded && !r.commands.is_empty(), "the crew's rout is recorded");
    assert_eq!(kills_on(&r, "r-24mi"), 0);
}

#[test]
fn rule_4_3_1_a_quick_look_up_records_nothing() {
    let (g, o) = (demo_game("g"), test_card());
    let form = ArtilleryForm {
        ammunition: Ammunition::Canister,
        range: "4".into(),
        faces: vec![4, 5],
        ..ArtilleryForm::default()
    };
    assert_eq!(guns(&form, &g)[0].fire.gun.name, "12# Napoleon", "typed in");
    let r = resolve(&form, &g, &o).unwrap();
    assert_eq!(r.headline, "5 casualties on the target (4.3.4, Table 15).");
    assert!(!r.recorded && r.commands.is_empty() && r.queue.is_empty() && r.settles.is_empty());
}

#[test]
fn rule_4_3_1_a_range_that_cannot_be_read_stops_the_fire() {
    let (g, o) = (demo_game("g"), test_card());
    let form = ArtilleryForm { range: "5,5".into(), ..canister_at_24th_michigan(vec![4, 5]) };
    assert!(
        matches!(strength(&form, &g, &o), Some(Err(RuleError::OutOfRange { .. }))),
        "{:?}",
        strength(&form, &g, &o)
    );
    assert_eq!(resolve(&form, &g, &o), None);
}
