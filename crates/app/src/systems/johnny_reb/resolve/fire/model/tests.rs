//! Small arms fire's model, by the rules' worked cases.

use super::*;
use crate::test_dice::table10;
use johnny_reb::rules::fire::{small_arms_ammunition, small_arms_strength};
use johnny_reb::rules::unit::Quality;
use johnny_reb::state::demo::demo_game;
use johnny_reb::state::units::UnitCommand;

fn line(figures: u32) -> TargetFacts {
    TargetFacts {
        arm: Arm::Infantry,
        formation: Formation::Line,
        figures,
        disengaging_or_routed: false,
        prone: false,
        breechloaders: false,
    }
}

#[test]
fn rule_4_2_4_a_100_strength_rolling_7_kills_ten_in_the_open_limited_to_the_arc() {
    let o = Overrides::new();
    let rulings = FireRulings::default();
    let fire = SmallArmsFire { figures: 100, range: Ratio::whole(4), ..SmallArmsFire::default() };
    let s = small_arms_strength(&fire, &rulings, &o).unwrap().unwrap();
    let roll = table10(3, 4);
    let open = save_situation(&line(14), Cover::OPEN, false);
    let r = score(&s, roll, &line(14), Flank::None, &open, (SavesBy::App, 0, &[]), &rulings, &o).unwrap().unwrap();
    assert_eq!((r.result.kills, r.save, r.casualties), (10, 0, 10));
    let r = score(&s, roll, &line(6), Flank::None, &open, (SavesBy::App, 0, &[]), &rulings, &o).unwrap().unwrap();
    assert_eq!(r.casualties, 6, "4.2.6.g: no more than the figures in the arc");
}

#[test]
fn rule_4_2_2_row_4_kills_are_asked_from_the_card() {
    let o = Overrides::new();
    let rulings = FireRulings::default();
    let fire = SmallArmsFire {
        figures: 23,
        range: Ratio::whole(8),
        formation: Formation::Skirmish,
        ..SmallArmsFire::default()
    };
    let s = small_arms_strength(&fire, &rulings, &o).unwrap().unwrap();
    let roll = table10(3, 4);
    let open = save_situation(&line(14), Cover::OPEN, false);
    let e = score(&s, roll, &line(14), Flank::None, &open, (SavesBy::Table, 0, &[]), &rulings, &o);
    assert!(matches!(e, Err(RuleError::Missing(c)) if c.to_string() == "Table 10, row 4, roll 7"));
}

#[test]
fn rule_4_2_6_a_saves_entered_from_the_table() {
    let o = Overrides::new();
    let rulings = FireRulings::default();
    let fire = SmallArmsFire { figures: 100, range: Ratio::whole(4), ..SmallArmsFire::default() };
    let s = small_arms_strength(&fire, &rulings, &o).unwrap().unwrap();
    let roll = table10(3, 4);
    let t = TargetFacts { formation: Formation::Skirmish, ..line(20) };
    let sit = save_situation(&t, Cover::OPEN, false);
    let r = score(&s, roll, &t, Flank::None, &sit, (SavesBy::Table, 4, &[]), &rulings, &o).unwrap().unwrap();
    assert!(r.save > 0);
    assert!(r.casualties <= r.kills.saturating_sub(4));
    assert!(
        score(&s, roll, &t, Flank::None, &sit, (SavesBy::App, 0, &[]), &rulings, &o).unwrap().is_none(),
        "waits for the app's dice"
    );
}

#[test]
fn rule_4_2_2_a_roster_regiment_fires_with_what_the_roster_knows() {
    let g = demo_game("g");
    let r = g.roster.regiment("r-2wi").unwrap();
    let f = firer_fire(r, 1).unwrap();
    assert_eq!((f.figures, f.quality, f.opening_volley, f.officer_benefit), (15, Quality::Elite, true, 1));
}

fn saves(t: &TargetFacts, cover: Cover, close: bool, o: &Overrides) -> RuleResult<u8> {
    save_number(&save_situation(t, cover, close), &FireRulings::default(), o).map(|n| n.save)
}

#[test]
fn rule_4_2_6_d_fortification_cover_by_zone() {
    let o = Overrides::new();
    let heavy = |zone| Cover { works: WorksCover::HeavyWorks, zone, ..Cover::OPEN };
    // The diagram: within 1" 1-5, 1"-2" 1-4, ... 4"-5" 1, beyond 5" none.
    for (zone, save) in [(0, 5), (1, 4), (2, 3), (3, 2), (4, 1), (5, 0)] {
        assert_eq!(saves(&line(20), heavy(zone), false, &o), Ok(save), "zone {zone}");
    }
    // An enemy unit directly on the works firing at a unit so displaced: no saves.
    assert_eq!(saves(&line(20), Cover { enemy_on_works: true, ..heavy(2) }, false, &o), Ok(0));
    // Close range reduces cover saves by 1 (4.2.6.b).
    assert_eq!(saves(&line(20), heavy(0), true, &o), Ok(4));
    // Medium works are asked for from the card.
    let medium = Cover { works: WorksCover::MediumWorks, ..Cover::OPEN };
    assert!(matches!(saves(&line(20), medium, false, &o), Err(RuleError::Missing(c)) if c.row == "Medium Works"));
}

#[test]
fn rule_4_2_6_e_wrong_side_of_works() {
    let o = Overrides::new();
    let wrong = |works| Cover { works, ..Cover::OPEN };
    // "If these were light works, the save number would be 1; if medium or heavy, 1, 2."
    assert_eq!(saves(&line(20), wrong(WorksCover::WrongSideLight), false, &o), Ok(1));
    assert_eq!(saves(&line(20), wrong(WorksCover::WrongSideMediumHeavy), false, &o), Ok(2));
    // Provided there is no enemy unit directly on the works facing them.
    let faced = Cover { enemy_on_works: true, ..wrong(WorksCover::WrongSideMediumHeavy) };
    assert_eq!(saves(&line(20), faced, false, &o), Ok(0));
    // Medium or heavy: *1, 2 against shot too; light works not against shot (note 6).
    let against = |c, kind| {
        save_number(&save_situation_against(&line(20), c, false, kind), &FireRulings::default(), &o).map(|n| n.save)
    };
    assert_eq!(against(wrong(WorksCover::WrongSideMediumHeavy), FireKind::Shot), Ok(2));
    assert_eq!(against(wrong(WorksCover::WrongSideLight), FireKind::Shot), Ok(0));
}

#[test]
fn rule_9_obstacles_buildings_and_hasty_works_saves() {
    let o = Overrides::new();
    let behind = |works| Cover { works, ..Cover::OPEN };
    // 9.2.2.c: directly behind a fraise 1, 2; 1, 2, 3 with breechloaders.
    assert_eq!(saves(&line(20), behind(WorksCover::Fraise), false, &o), Ok(2));
    assert_eq!(saves(&TargetFacts { breechloaders: true, ..line(20) }, behind(WorksCover::Fraise), false, &o), Ok(3));
    // 9.2.3.c: a chevaux-de-frise 1, and no protection from artillery fire, canister included.
    assert_eq!(saves(&line(20), behind(WorksCover::ChevauxDeFrise), false, &o), Ok(1));
    let canister = save_situation_against(&line(20), behind(WorksCover::ChevauxDeFrise), false, FireKind::Canister);
    assert_eq!(save_number(&canister, &FireRulings::default(), &o).unwrap().save, 0);
    // 9.3.3.a: the building's save is asked for from the card.
    assert!(
        matches!(saves(&line(20), behind(WorksCover::StoneBuilding), false, &o), Err(RuleError::Missing(c)) if c.row == "Stone Building")
    );
    // 9.1.1: "a wood fence, which normally saves on 1, converted to hasty works saves on 1 or 2".
    let fence = Cover { ground: TargetCover::Fence, hasty: true, ..Cover::OPEN };
    assert_eq!(saves(&line(20), fence, false, &o), Ok(2));
    assert_eq!(saves(&line(20), Cover::ground(TargetCover::Fence), false, &o), Ok(1));
    // Light woods (1, 2) in hasty works: 1, 2, 3.
    let woods = Cover { ground: TargetCover::LightWoods, hasty: true, ..Cover::OPEN };
    assert_eq!(saves(&line(20), woods, false, &o), Ok(3));
    // Skirmishers in heavy works' first zone: best (5) + 1 (4.2.6.a).
    let skirmish = TargetFacts { formation: Formation::Skirmish, ..line(20) };
    assert_eq!(saves(&skirmish, Cover { works: WorksCover::HeavyWorks, ..Cover::OPEN }, false, &o), Ok(6));
}

#[test]
fn rule_4_2_3_g_and_9_firer_in_works_building_and_behind_obstacles() {
    let o = Overrides::new();
    let r = FireRulings::default();
    let base = SmallArmsFire { figures: 20, range: Ratio::whole(4), ..SmallArmsFire::default() };
    let strength = |f: SmallArmsFire| small_arms_strength(&f, &r, &o).unwrap().unwrap();
    let plain = strength(base.clone());
    let heavy = strength(with_firer_conditions(
        base.clone(),
        FirerWorks::HeavyWorks,
        false,
        ObstacleInTheWay::None,
        false,
        false,
    ));
    assert_eq!(heavy.row_shifts - plain.row_shifts, 2, "9.1.4: up 2 out of heavy works");
    let medium = strength(with_firer_conditions(
        base.clone(),
        FirerWorks::MediumWorks,
        false,
        ObstacleInTheWay::None,
        false,
        false,
    ));
    assert_eq!(medium.row_shifts - plain.row_shifts, 1, "9.1.3: up 1 out of medium works");
    // 4.2.3.g: turned works give no benefit.
    let turned = strength(with_firer_conditions(
        base.clone(),
        FirerWorks::HeavyWorks,
        true,
        ObstacleInTheWay::None,
        false,
        false,
    ));
    assert_eq!(turned.row_shifts, plain.row_shifts);
    // 9.3.3.a: firing out of a building is quartered.
    let building = strength(with_firer_conditions(
        base.clone(),
        FirerWorks::Building,
        false,
        ObstacleInTheWay::None,
        false,
        false,
    ));
    assert_eq!(building.strength, plain.strength.mul(Ratio::QUARTER));
    // 9.2.1.c, 9.2.2.c, 9.2.3.c: down 1 column.
    for obstacle in
        [ObstacleInTheWay::AcrossAbatis, ObstacleInTheWay::BehindFraise, ObstacleInTheWay::AcrossChevauxDeFrise]
    {
        let s = strength(with_firer_conditions(base.clone(), FirerWorks::None, false, obstacle, false, false));
        assert_eq!(s.row_shifts, plain.row_shifts - 1, "{obstacle:?}");
    }
}

#[test]
fn rule_4_2_7_c_repeaters_rapid_fire_and_second_fire() {
    let o = Overrides::new();
    let r = FireRulings::default();
    let repeaters = SmallArmsFire {
        figures: 20,
        range: Ratio::whole(4),
        firearm: Firearm::of(SmallArm::RepeatingRifle),
        opening_volley: true,
        ..SmallArmsFire::default()
    };
    let first = small_arms_strength(
        &with_firer_conditions(repeaters.clone(), FirerWorks::None, false, ObstacleInTheWay::None, false, false),
        &r,
        &o,
    )
    .unwrap()
    .unwrap();
    let second = small_arms_strength(
        &with_firer_conditions(repeaters.clone(), FirerWorks::None, false, ObstacleInTheWay::None, true, false),
        &r,
        &o,
    )
    .unwrap()
    .unwrap();
    // The opening volley (up 1 for repeaters) counts on the first of the two fires only.
    assert_eq!(first.row_shifts - second.row_shifts, 1);
    let rapid_fire =
        with_firer_conditions(repeaters.clone(), FirerWorks::None, false, ObstacleInTheWay::None, false, true);
    let rapid = small_arms_strength(&rapid_fire, &r, &o).unwrap().unwrap();
    assert_eq!(rapid.strength, first.strength.mul(Ratio::whole(2)), "rapid fire doubles the strength");
    // Rapid fire runs out of ammunition on 7 or less.
    let seven = combat_result(Ratio::whole(100), 0, table10(3, 4), &o).unwrap();
    assert!(small_arms_ammunition(&rapid_fire, &seven));
    assert!(ammunition_line(&seven, true).unwrap().contains("7 or less"));
    assert_eq!(ammunition_line(&seven, false), None);
    // Not for other weapons: the toggles do nothing on a rifle-musket.
    let musket =
        with_firer_conditions(SmallArmsFire::default(), FirerWorks::None, false, ObstacleInTheWay::None, true, true);
    assert!(!musket.rapid_fire && !musket.repeater_second_fire);
}

#[test]
fn rule_4_2_4_a_the_form_as_a_quick_look_up_records_nothing() {
    let g = demo_game("g");
    let o = Overrides::new();
    let mut form = FireForm { figures: 100, target_figures: 14, faces: vec![3], ..FireForm::default() };
    assert_eq!(resolve(&form, &g, &o), None, "waits for the second die");
    form.faces.push(4);
    let r = resolve(&form, &g, &o).unwrap_or_else(|| panic!("{:?}", outcome(&form, &g, &o)));
    assert_eq!(r.headline, "10 casualties on the target (Table 15).");
    assert!(!r.recorded && r.commands.is_empty() && r.settles.is_empty());
    form.target_figures = 6;
    assert!(resolve(&form, &g, &o).unwrap().headline.starts_with("6 casualties"), "4.2.6.g");
}

#[test]
fn rule_4_2_6_g_the_form_on_a_target_of_the_game_marks_each_kill_within_its_figures() {
    let g = demo_game("g");
    let o = Overrides::new();
    let form = FireForm {
        figures: 100,
        target: Some("r-1tn".into()),
        faces: vec![3, 4],
        saves_by: SavesBy::Table,
        ..FireForm::default()
    };
    let r = resolve(&form, &g, &o).unwrap_or_else(|| panic!("{:?}", outcome(&form, &g, &o)));
    let figures = g.roster.regiment("r-1tn").unwrap().figures_left();
    let kills =
        r.commands.iter().filter(|c| **c == Command::Unit(UnitCommand::AddKill { regiment: "r-1tn".into() })).count();
    assert_eq!(kills as u32, 10.min(figures), "{}", r.headline);
    assert!(r.headline.starts_with(&format!("{kills} casualties on 1st Tennessee")), "{}", r.headline);
    assert!(r.recorded && r.settles.is_empty(), "no firer of the game: no tracker item");
    let saved = FireForm { saved: 3, ..form };
    let fewer = resolve(&saved, &g, &o).unwrap().commands.len();
    assert!(fewer < kills || save_no(&saved, &g, &o) == 0, "saves entered from the table count (4.2.6.a)");
}

/// 1.2, 4.1: a regiment whose revealed order is First Fire fires with it counted; before the
/// reveal (still secret) or with another order, it is not.
#[test]
fn rule_1_2_a_revealed_first_fire_order_fills_the_form() {
    use johnny_reb::rules::unit::OrderKind;
    use johnny_reb::state::orders::{TurnOrders, UnitOrder};
    use johnny_reb::state::roster::Side;
    let mut g = demo_game("g");
    let order = |unit: &str, kind| UnitOrder::example(unit, Side::Union, kind);
    g.orders.push(TurnOrders {
        turn: g.turn,
        orders: vec![order("r-6wi", OrderKind::FirstFire), order("r-2wi", OrderKind::Hold)],
        ..TurnOrders::default()
    });
    assert!(!has_first_fire_order(&g, "r-6wi"), "not yet revealed: the order is still secret");
    if let Some(t) = g.orders.last_mut() {
        t.revealed = true;
    }
    assert!(has_first_fire_order(&g, "r-6wi"));
    assert!(!has_first_fire_order(&g, "r-2wi"));
    assert!(!has_first_fire_order(&g, "r-nobody"));
    // Table 11: a revealed Disengage order makes the target disengaging, even before it moves.
    if let Some(t) = g.orders.last_mut() {
        t.orders.push(order("r-24mi", OrderKind::Disengage));
    }
    assert!(disengaging_or_routed(&g, "r-24mi"));
    assert!(!disengaging_or_routed(&g, "r-2wi"));
}

#[test]
fn rule_4_2_3_a_table_8_half_inch_ranges_compared_exactly() {
    let g = demo_game("g");
    let o = Overrides::new();
    let at = |range: &str| strength(&FireForm { figures: 20, range: range.into(), ..FireForm::default() }, &g, &o);
    // A rifle-musket: normal to 5", long to 10", extreme to 15" (Table 8).
    assert_eq!(at("5").unwrap().unwrap().strength, Ratio::whole(20), "at the limit: normal");
    assert_eq!(at("5.5").unwrap().unwrap().strength, Ratio::whole(10), "5.5\" is long range, x1/2");
    assert_eq!(at("5 1/2").unwrap().unwrap().strength, Ratio::whole(10));
    assert_eq!(at("15").unwrap().unwrap().strength, Ratio::whole(5), "extreme, x1/4");
    assert_eq!(at("15.5"), Ok(None), "past extreme range the fire has no effect (4.2.3.a)");
    for bad in ["5,5", "abc", "-5", "5.3"] {
        match at(bad) {
            Err(RuleError::OutOfRange { detail, .. }) => assert!(detail.contains("5 1/2"), "{bad}: {detail}"),
            other => panic!("{bad}: {other:?}"),
        }
    }
}

/// 4.2.7.d: "skirmishers when fired upon by Sharpshooters have a save number of 1, 2 instead
/// of 1, 2, 3" — from the roster's trait, and from the quick look-up's toggle.
#[test]
fn rule_4_2_7_d_sharpshooters_reduce_a_skirmish_targets_save_to_1_2() {
    let mut g = demo_game("g");
    let o = Overrides::new();
    g.roster.regiment_mut("r-1tn").unwrap().formation = Formation::Skirmish;
    let form = FireForm { firer: Some("r-2wi".into()), target: Some("r-1tn".into()), ..FireForm::default() };
    assert_eq!(save_no(&form, &g, &o), 3, "skirmishers save on 1 to 3 (Table 12)");
    g.roster.regiment_mut("r-2wi").unwrap().traits.sharpshooters = true;
    assert_eq!(save_no(&form, &g, &o), 2, "fired on by sharpshooters: 1, 2");
    let look_up = FireForm { target_formation: Formation::Skirmish, sharpshooters: true, ..FireForm::default() };
    assert_eq!(save_no(&look_up, &g, &o), 2);
}

/// 4.2.7.b-c: the roster's repeater trait reaches the fire (up 1, a second fire) and a target's
/// repeating weapon its breechloader saves, whichever way the roster says it.
#[test]
fn rule_4_2_7_c_the_roster_repeater_trait_reaches_the_fire_and_the_saves() {
    let mut g = demo_game("g");
    let o = Overrides::new();
    g.roster.regiment_mut("r-2wi").unwrap().traits.repeater = true;
    let form = FireForm { firer: Some("r-2wi".into()), target: Some("r-1tn".into()), ..FireForm::default() };
    assert!(fire(&form, &g).unwrap().firearm.repeater);
    g.roster.regiment_mut("r-1tn").unwrap().formation = Formation::Skirmish;
    g.roster.regiment_mut("r-1tn").unwrap().weapon = Weapon::RepeatingRifle;
    g.roster.regiment_mut("r-1tn").unwrap().traits = Default::default();
    assert_eq!(save_no(&form, &g, &o), 4, "breechloaders in skirmish save on 1 to 4 (4.2.7.b)");
}

/// Table 11: "Disengaging/Routed x1/2"; "** never suffer disorder or flank fire multipliers".
/// The players choose it; a target of the game marked Disengage or routed fills it.
#[test]
fn rule_table_11_a_disengaging_target_halves_the_kills() {
    let mut g = demo_game("g");
    let o = Overrides::new();
    let form = FireForm { figures: 100, target_figures: 14, faces: vec![3, 4], ..FireForm::default() };
    assert_eq!(resolve(&form, &g, &o).unwrap().headline, "10 casualties on the target (Table 15).");
    let away = FireForm { disengaging: true, flank: Flank::Full, ..form.clone() };
    assert_eq!(resolve(&away, &g, &o).unwrap().headline, "5 casualties on the target (Table 15).");
    assert!(!disengaging_or_routed(&g, "r-1tn"));
    g.roster.regiment_mut("r-1tn").unwrap().morale = MoraleLevel::Routed;
    assert!(disengaging_or_routed(&g, "r-1tn"));
    let on_game = FireForm { target: Some("r-1tn".into()), ..form };
    assert!(target_facts(&on_game, &g).disengaging_or_routed);
}
