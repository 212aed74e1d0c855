//! Artillery fire's model, by the rules' worked cases.

use super::*;
use crate::systems::johnny_reb::resolve::fire::{TargetCover, WorksCover};
use crate::test_dice::{dice, table10, two};
use johnny_reb::rules::fire::combat_result_odds;
use johnny_reb::rules::morale::check;
use johnny_reb::rules::{CellRef, Entered, RuleError};
use johnny_reb::state::demo::demo_game;
use johnny_reb::state::ids::SectionId;
use johnny_reb::state::units::UnitCommand;

fn strength(fires: &[ArtilleryFire]) -> FireStrength {
    fire_strength(fires, &FireRulings::default(), &Overrides::new()).unwrap().unwrap()
}

fn napoleon() -> FiringGun {
    let g = demo_game("g");
    firing_gun(g.roster.section("s-marye-1").unwrap(), 0)
}

fn unlimbered(class: GunClass) -> Target {
    Target::Guns(GunTarget { class, limbered: false, crew_kills_this_turn: 0 })
}

fn record(id: &str, adjacent: Option<(&str, &str)>) -> TargetRecord {
    TargetRecord {
        id: Some(id.into()),
        name: id.into(),
        adjacent: adjacent.map(|(a, b)| (a.into(), b.into())),
        artillery_hits_before: 0,
    }
}

/// A battery strong enough for the printed top row of Table 10 (100+).
fn top_row() -> FireStrength {
    let c = Conditions { range: Ratio::whole(4), ammunition: Ammunition::Canister, ..Conditions::default() };
    let fire = prepared(&napoleon(), &c, Pivot::None);
    let mut s = strength(&[fire]);
    s.strength = Ratio::whole(100);
    s
}

#[test]
fn rule_4_3_6_a_five_kills_on_section_a_two_saved_crew_eliminated_one_kill_on_b() {
    // "Small arms fire has scored five kills on section A and only two were saved. Thus the
    // crew of A is eliminated and one kill placed on B." Here canister scores the five.
    let o = Overrides::new();
    let target = unlimbered(GunClass::Smoothbore);
    let sit = target_situation(&target, Cover::OPEN, Ammunition::Canister);
    assert_eq!(save_number(&sit, &FireRulings::default(), &o).unwrap().save, 3, "unlimbered crew 1, 2, 3 (4.3.5.b)");
    // Row 100+, roll 2: five kills (Table 10, printed).
    let r = score(
        &top_row(),
        table10(1, 1),
        Ammunition::Canister,
        &target,
        Flank::None,
        &sit,
        (SavesBy::App, 0, &dice(&[2, 1, 4, 5, 6])),
        &FireRulings::default(),
        &o,
    )
    .unwrap()
    .unwrap();
    assert_eq!((r.kills, r.casualties), (5, 3));
    let c = r.crew.unwrap();
    assert!(c.crew_eliminated);
    assert_eq!(c.excess_to_adjacent, 1);
    let (cmds, lines, queue) =
        target_commands(&target, &record("A", Some(("B", "Section B"))), Ammunition::Canister, &r);
    let crew = |s: &str| Command::Unit(UnitCommand::AddCrewKill { section: s.into() });
    assert_eq!(cmds, vec![crew("A"), crew("A"), crew("B")]);
    assert!(lines.iter().any(|l| l.contains("Section B")));
    assert!(queue.is_empty(), "the crew kill checks come from AddCrewKill's outcome");
    // A canister roll of 2 does not run the gun low (4.3.4.a): no ammunition line.
    assert!(!r.lines.iter().any(|l| l.contains("low on shot")));
}

#[test]
fn rule_4_3_5_b_one_crew_kill_and_the_limbered_crew_has_no_save() {
    let o = Overrides::new();
    let limbered = Target::Guns(GunTarget { class: GunClass::Rifle, limbered: true, crew_kills_this_turn: 1 });
    let sit = target_situation(&limbered, Cover::ground(TargetCover::Fence), Ammunition::Canister);
    assert_eq!(save_number(&sit, &FireRulings::default(), &o).unwrap().save, 0);
    let r = score(
        &top_row(),
        table10(1, 1),
        Ammunition::Canister,
        &limbered,
        Flank::None,
        &sit,
        (SavesBy::App, 0, &[]),
        &FireRulings::default(),
        &o,
    )
    .unwrap()
    .unwrap();
    let c = r.crew.unwrap();
    // One earlier this turn and five now: the crew goes, four more beyond it.
    assert!(c.crew_eliminated);
    assert_eq!(c.excess_to_adjacent, 4);
    let (cmds, ..) = target_commands(&limbered, &record("A", None), Ammunition::Canister, &r);
    assert_eq!(
        cmds,
        vec![Command::Unit(UnitCommand::AddCrewKill { section: "A".into() })],
        "only the second kill is new"
    );
}

#[test]
fn rule_4_3_5_a_counterbattery_saves_by_gun_type() {
    let o = Overrides::new();
    let rulings = FireRulings::default();
    let s = top_row();
    // Row 100+, roll 3: six kills; a smoothbore saves on 1 to 5 against shot.
    let smooth = unlimbered(GunClass::Smoothbore);
    let sit = target_situation(&smooth, Cover::OPEN, Ammunition::Shot);
    assert_eq!(save_number(&sit, &rulings, &o).unwrap().save, 5);
    let saved = score(
        &s,
        table10(1, 2),
        Ammunition::Shot,
        &smooth,
        Flank::None,
        &sit,
        (SavesBy::App, 0, &dice(&[1, 2, 3, 4, 5, 5])),
        &rulings,
        &o,
    )
    .unwrap()
    .unwrap();
    assert_eq!((saved.kills, saved.guns_destroyed), (6, 0));
    assert!(target_commands(&smooth, &record("A", None), Ammunition::Shot, &saved).0.is_empty());
    let hit = score(
        &s,
        table10(1, 2),
        Ammunition::Shot,
        &smooth,
        Flank::None,
        &sit,
        (SavesBy::App, 0, &dice(&[1, 6, 3, 6, 5, 5])),
        &rulings,
        &o,
    )
    .unwrap()
    .unwrap();
    assert_eq!(hit.guns_destroyed, 2);
    let (cmds, lines, _) = target_commands(&smooth, &record("A", Some(("B", "Section B"))), Ammunition::Shot, &hit);
    let destroyed = |s: &str| Command::Unit(UnitCommand::SetGunState { section: s.into(), state: GunState::Destroyed });
    assert_eq!(cmds, vec![destroyed("A"), destroyed("B")]);
    assert!(lines.iter().any(|l| l.contains("4.3.5.a")));
    // Whitworth saves on 1 to 3, other rifles 1 to 4.
    let w = target_situation(&unlimbered(GunClass::Whitworth), Cover::OPEN, Ammunition::Shot);
    let r = target_situation(&unlimbered(GunClass::Rifle), Cover::OPEN, Ammunition::Shot);
    assert_eq!(save_number(&w, &rulings, &o).unwrap().save, 3);
    assert_eq!(save_number(&r, &rulings, &o).unwrap().save, 4);
    // Shot does not kill crews: no crew outcome.
    assert!(hit.crew.is_none());
}

#[test]
fn rule_4_3_4_only_formations_and_fortification_cover_save_from_shot() {
    let o = Overrides::new();
    let rulings = FireRulings::default();
    let save = |t: &TargetFacts, cover: Cover, a: Ammunition| {
        save_number(&target_situation(&Target::Regiment(t.clone()), cover, a), &rulings, &o).unwrap().save
    };
    let line = TargetFacts {
        arm: Arm::Infantry,
        formation: Formation::Line,
        figures: 20,
        disengaging_or_routed: false,
        prone: false,
        breechloaders: false,
    };
    let woods = Cover::ground(TargetCover::HeavyWoods);
    assert_eq!(save(&line, woods, Ammunition::Shot), 0);
    // Canister saves as small arms; double canister reduces cover saves by 1 (4.2.6.b).
    assert_eq!(save(&line, woods, Ammunition::Canister), 3);
    assert_eq!(save(&line, woods, Ammunition::DoubleCanister), 2);
    let skirmish = TargetFacts { formation: Formation::Skirmish, ..line.clone() };
    assert_eq!(save(&skirmish, Cover::OPEN, Ammunition::Shot), 3);
    let heavy_works = Cover { works: WorksCover::HeavyWorks, ..Cover::OPEN };
    assert_eq!(save(&line, heavy_works, Ammunition::Shot), 5);
    // Prone against shot saves 1, 2 (Table 12).
    let prone = TargetFacts { prone: true, ..line };
    assert_eq!(save(&prone, Cover::OPEN, Ammunition::Shot), 2);
    assert_eq!(save(&prone, Cover::OPEN, Ammunition::Canister), 4);
}

#[test]
fn rule_4_3_6_a_battery_strengths_summed_after_multipliers_shifts_once() {
    let c = Conditions { range: Ratio::whole(20), ..Conditions::default() };
    let g = napoleon();
    // "If one section pivoted over 45 degrees, the entire battery's fire is shifted down 1 row."
    let s = strength(&[prepared(&g, &c, Pivot::None), prepared(&g, &c, Pivot::Over45)]);
    assert_eq!((s.strength, s.row_shifts), (Ratio::whole(6), -1));
    // Over 90 degrees halves only the section that pivoted so (4.3.3.c).
    let s = strength(&[prepared(&g, &c, Pivot::None), prepared(&g, &c, Pivot::Over90)]);
    assert_eq!((s.strength, s.row_shifts), (Ratio::new(9, 2).unwrap(), 0));
    assert_eq!(
        strength_words(&s),
        "2 sections, base 6 · Pivoted Over 90 degrees on H x1/2 = strength 4 1/2, no row shift (4.3.3, 4.3.6.a)"
    );
    // A section low on shot makes the battery roll one die (RULINGS.md).
    let mut low = g.clone();
    low.fire.ammunition_state.low_on_shot = true;
    assert!(one_die(&[prepared(&g, &c, Pivot::None), prepared(&low, &c, Pivot::None)]));
    let canister = Conditions { ammunition: Ammunition::Canister, range: Ratio::whole(3), ..c };
    assert!(!one_die(&[prepared(&low, &canister, Pivot::None)]), "canister rolls two dice (4.3.4.a)");
}

#[test]
fn rule_4_3_1_beyond_effective_range_no_effect() {
    let g = napoleon();
    let canister = Conditions { ammunition: Ammunition::Canister, range: Ratio::whole(5), ..Conditions::default() };
    assert_eq!(
        fire_strength(&[prepared(&g, &canister, Pivot::None)], &FireRulings::default(), &Overrides::new()),
        Ok(None)
    );
    let shot = Conditions { range: Ratio::whole(37), ..Conditions::default() };
    assert_eq!(
        fire_strength(&[prepared(&g, &shot, Pivot::None)], &FireRulings::default(), &Overrides::new()),
        Ok(None)
    );
}

#[test]
fn rule_4_3_4_a_ammunition_commands() {
    let rulings = FireRulings::default();
    let o = Overrides::new();
    let g = napoleon();
    let two_result = combat_result(Ratio::whole(100), 0, table10(1, 1), &o).unwrap();
    let seven = combat_result(Ratio::whole(100), 0, table10(3, 4), &o).unwrap();
    let with_id = |c: &Conditions| vec![(Some(SectionId::from("s")), g.name.clone(), prepared(&g, c, Pivot::None))];
    // Shot: a 2 runs the gun low.
    let (cmds, _) = firer_commands(&with_id(&Conditions::default()), &two_result, true, &rulings);
    assert_eq!(cmds, vec![Command::Unit(UnitCommand::SetLowOnShot { section: "s".into(), on: true })]);
    assert!(firer_commands(&with_id(&Conditions::default()), &seven, false, &rulings).0.is_empty());
    // Canister: one round; double canister two; a 2 does not matter.
    let canister = Conditions { ammunition: Ammunition::Canister, range: Ratio::whole(3), ..Conditions::default() };
    assert_eq!(
        firer_commands(&with_id(&canister), &two_result, true, &rulings).0,
        vec![Command::Unit(UnitCommand::UseCanister { section: "s".into(), rounds: 1 })]
    );
    let double = Conditions { ammunition: Ammunition::DoubleCanister, ..canister };
    assert_eq!(
        firer_commands(&with_id(&double), &seven, false, &rulings).0,
        vec![Command::Unit(UnitCommand::UseCanister { section: "s".into(), rounds: 2 })]
    );
    // Appendix F 9: a Parrott rolling 2 bursts instead of running low.
    let demo = demo_game("g");
    let parrott = firing_gun(demo.roster.section("s-pd-1").unwrap(), 0);
    let f9 = FireRulings { parrott_rifles: true, ..FireRulings::default() };
    let p = vec![(
        Some(SectionId::from("p")),
        parrott.name.clone(),
        prepared(&parrott, &Conditions::default(), Pivot::None),
    )];
    let (cmds, lines) = firer_commands(&p, &two_result, true, &f9);
    assert_eq!(cmds, vec![Command::Unit(UnitCommand::SetGunState { section: "p".into(), state: GunState::Destroyed })]);
    assert!(lines[0].contains("Appendix F 9"));
    // A quick look-up records nothing.
    let quick = vec![(None, "Section 1".to_string(), prepared(&g, &Conditions::default(), Pivot::None))];
    assert!(firer_commands(&quick, &two_result, true, &rulings).0.is_empty());
}

#[test]
fn rule_4_3_6_b_double_canister_check_first() {
    let mut o = Overrides::new();
    o.set(CellRef::new("Table 18", "Artillery Unlimbered", "Defender's formation"), Entered::NotApplicable);
    let g = napoleon();
    let m =
        double_canister_check_mmp(&g, ArtillerySituation::WithCompleteBattery, &o, &MoraleRulings::default()).unwrap();
    assert_eq!(m.value, 7, "Table 17, average crew with its battery, as the engine's example");
    // A crew that routs does not fire; one that fails and holds fires shaken.
    let routs = check(m.value, two(1, 1), MoraleLevel::Good);
    assert_eq!(after_check(&g, &routs), None);
    let fails = check(m.value, two(3, 3), MoraleLevel::Good);
    let shaken = after_check(&g, &fails).unwrap();
    assert!(shaken.fire.shaken_crew);
    let c = Conditions { ammunition: Ammunition::DoubleCanister, range: Ratio::whole(4), ..Conditions::default() };
    assert_eq!(strength(&[prepared(&shaken, &c, Pivot::None)]).strength, Ratio::whole(10), "20 x1/2 for a shaken crew");
    let passes = check(m.value, two(5, 6), MoraleLevel::Good);
    assert!(!after_check(&g, &passes).unwrap().fire.shaken_crew);
}

#[test]
fn rule_4_4_1_c_artillery_hit_queued_three_times_a_turn_at_most() {
    let t = TargetFacts {
        arm: Arm::Infantry,
        formation: Formation::Line,
        figures: 20,
        disengaging_or_routed: false,
        prone: false,
        breechloaders: false,
    };
    let target = Target::Regiment(t);
    let r = Scored {
        result: combat_result(Ratio::whole(100), 0, table10(1, 2), &Overrides::new()).unwrap(),
        kills: 2,
        save: 0,
        casualties: 2,
        crew: None,
        guns_destroyed: 0,
        lines: Vec::new(),
    };
    let (cmds, _, queue) = target_commands(&target, &record("r", None), Ammunition::Shot, &r);
    assert_eq!(
        cmds,
        vec![
            Command::Unit(UnitCommand::AddKill { regiment: "r".into() }),
            Command::Unit(UnitCommand::AddKill { regiment: "r".into() })
        ]
    );
    assert_eq!(queue.iter().map(|d| d.reason).collect::<Vec<_>>(), vec![CheckReason::ArtilleryHit { canister: false }]);
    let third = TargetRecord { artillery_hits_before: 3, ..record("r", None) };
    assert!(target_commands(&target, &third, Ammunition::Shot, &r).2.is_empty());
    let quick = TargetRecord { id: None, ..record("r", None) };
    let (cmds, lines, queue) = target_commands(&target, &quick, Ammunition::Shot, &r);
    assert!(cmds.is_empty() && queue.is_empty() && !lines.is_empty());
}

#[test]
fn roster_sections_and_batteries_fill_in_what_the_game_knows() {
    let mut g = demo_game("g");
    let (name, guns, idle) = roster_guns(&g, "bt-marye").unwrap();
    assert_eq!((name.as_str(), guns.len(), idle.len()), ("Fredericksburg Artillery (Marye)", 2, 0));
    assert_eq!(guns[0].fire.gun.class, GunClass::Smoothbore);
    if let Some(s) = g.roster.section_mut("s-marye-2") {
        s.limbered = true;
    }
    if let Some(s) = g.roster.section_mut("s-marye-1") {
        s.canister_used = 3;
        s.low_on_shot = true;
        s.morale = MoraleLevel::Shaken;
    }
    let (_, guns, idle) = roster_guns(&g, "bt-marye").unwrap();
    assert_eq!(guns.len(), 1);
    assert!(idle[0].contains("6.6.1"));
    let f = &guns[0].fire;
    assert_eq!(f.ammunition_state, ArtilleryAmmunition { canister_used: 3, low_on_shot: true });
    assert!(f.shaken_crew);
    assert!(gun_words(&guns[0]).contains("canister 1 of 4 left · low on shot · shaken"));
    // Double canister with one round left is refused by the engine (4.3.4.a).
    let c = Conditions { ammunition: Ammunition::DoubleCanister, range: Ratio::whole(3), ..Conditions::default() };
    assert!(fire_strength(&[prepared(&guns[0], &c, Pivot::None)], &FireRulings::default(), &Overrides::new()).is_err());
    // The 3" rifle of Hall's battery is asked for by name from Table 13.
    let (_, hall, _) = roster_guns(&g, "s-hall-1").unwrap();
    let e = fire_strength(
        &[prepared(&hall[0], &Conditions::default(), Pivot::None)],
        &FireRulings::default(),
        &Overrides::new(),
    );
    assert_eq!(e, Err(RuleError::Missing(CellRef::new("Table 13", "3\" Rifle", "Shot 0-12\""))));
    assert_eq!(
        adjacent_section(&g.roster, "s-hall-1"),
        Some(("s-hall-2".into(), "Hall, right section".replace("right", "left")))
    );
    assert_eq!(adjacent_section(&g.roster, "s-hall-2").map(|a| a.0), Some("s-hall-1".into()));
    assert!(roster_guns(&g, "r-2wi").is_none());
}

#[test]
fn rule_4_3_5_chance_of_destroying_the_gun_or_eliminating_the_crew() {
    let o = Overrides::new();
    let rulings = FireRulings::default();
    let d = combat_result_odds(Ratio::whole(100), 0, false, &o).unwrap();
    // Row 100+ scores at least five kills: a limbered crew (no save) is always eliminated.
    let limbered = GunTarget { class: GunClass::Rifle, limbered: true, crew_kills_this_turn: 0 };
    let sit = target_situation(&Target::Guns(limbered.clone()), Cover::OPEN, Ammunition::Canister);
    assert_eq!(
        gun_target_chance(&d, &limbered, Ammunition::Canister, Flank::None, &sit, &rulings, &o),
        Ok(Chance::new(1, 1))
    );
    // Against shot a smoothbore saves each kill on 1 to 5: the gun survives five kills
    // with chance (5/6)^5, and more kills leave it less.
    let smooth = GunTarget { class: GunClass::Smoothbore, limbered: false, crew_kills_this_turn: 0 };
    let sit = target_situation(&Target::Guns(smooth.clone()), Cover::OPEN, Ammunition::Shot);
    let c = gun_target_chance(&d, &smooth, Ammunition::Shot, Flank::None, &sit, &rulings, &o).unwrap();
    let five = Chance::new(5u64.pow(5), 6u64.pow(5)).complement();
    assert!(c.percent() > five.percent() && c.percent() < 100.0);
}

#[test]
fn the_odds_spread_sums_to_one() {
    let d = combat_result_odds(Ratio::whole(100), 0, false, &Overrides::new()).unwrap();
    let spread = kills_spread(&d);
    let total = spread.iter().fold(Chance::new(0, 1), |a, (_, c)| a.plus(*c));
    assert_eq!(total, Chance::new(1, 1));
    assert_eq!(spread.first().map(|s| s.0), Some(5));
    assert!(spread_words(&spread).starts_with("5 kills: "));
}

#[test]
fn gun_choices_list_printed_known_and_entered_guns() {
    let mut o = Overrides::new();
    o.set(CellRef::new("Table 13", "20# Parrott", "Shot 24\""), Entered::Value(Ratio::whole(4)));
    let names: Vec<String> = gun_choices(&o).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["12# Napoleon", "6# Gun", "10# Parrott", "3\" Rifle", "20# Parrott"]);
    let three_inch = roster::GunType::known().into_iter().find(|g| g.name == "3\" Rifle").unwrap();
    assert_eq!(engine_gun(&three_inch).class, GunClass::Rifle);
    assert!(!engine_gun(&three_inch).parrott);
}

/// Table 14: "Shaken Crew x1/2"; "Marked D or Routed: NA". The roster's crew fills the form.
#[test]
fn rule_table_14_a_shaken_crew_halves_the_section_and_a_routed_one_may_not_fire() {
    let c = Conditions { range: Ratio::whole(20), ..Conditions::default() };
    let g = napoleon();
    let crewed = |crew| with_crew(prepared(&g, &c, Pivot::None), crew);
    let good = strength(&[crewed(MoraleLevel::Good)]).strength;
    assert_eq!(strength(&[crewed(MoraleLevel::Shaken)]).strength, good.mul(Ratio::HALF));
    let routed = fire_strength(&[crewed(MoraleLevel::Routed)], &FireRulings::default(), &Overrides::new());
    assert!(routed.is_err(), "a routed crew may not fire");
    let mut game = demo_game("g");
    game.roster.section_mut("s-hall-1").unwrap().morale = MoraleLevel::Shaken;
    let (_, guns, _) = roster_guns(&game, "s-hall-1").unwrap();
    assert_eq!(guns[0].morale, MoraleLevel::Shaken, "the form starts from the roster's crew");
    assert!(guns[0].fire.shaken_crew);
}

/// Appendix F 9: a Parrott rifle is named so; the engine's gun is a rifle marked Parrott.
#[test]
fn a_parrott_is_a_rifle_named_so() {
    use johnny_reb::rules::tables::t13_artillery::GunClass;
    let parrott = johnny_reb::state::roster::GunType::known().into_iter().find(|g| g.name == "10# Parrott").unwrap();
    let g = engine_gun(&parrott);
    assert!(g.parrott && g.class == GunClass::Rifle);
}
