//! The movement resolver's model, natively: allowances, rolls and the commands recorded.

use super::*;
use crate::test_dice::{dice, die};
use johnny_reb::rules::unit::Terrain;
use johnny_reb::rules::{CellRef, Entered};
use johnny_reb::state::demo::demo_game;

fn line_regiment() -> Facts {
    Facts {
        name: "1st Tennessee".into(),
        who: Who::Regiment {
            arm: Arm::Infantry,
            formation: Formation::Line,
            stands: 5,
            morale: MoraleLevel::Good,
            prone: false,
        },
        bmp: Some(3),
        officer: None,
        order: None,
        order_formation: None,
    }
}

fn broken() -> Ground {
    Ground::Terrain(TerrainType::Broken)
}

fn twenty_five_mm() -> RulesSettings {
    let mut s = RulesSettings::default();
    s.fire.figures_25mm = true;
    s
}

#[test]
fn rule_6_2_line_through_woods_3_or_5_and_a_failed_roll_disorders() {
    let s = RulesSettings::default();
    let i = Intent { ground: broken(), ..Intent::default() };
    let p = plan(&line_regiment(), &i, &Overrides::new(), &s).unwrap();
    assert_eq!((p.first, p.greater), (Ratio::whole(3), Some(Ratio::whole(5))));
    assert!(p.lines[0].contains("Table 3, Infantry Line, Broken: 3/5 (printed)"), "{:?}", p.lines);
    let roll = p.roll.unwrap();
    assert_eq!((roll.kind, roll.when, roll.target), (RollKind::Disorder, RollWhen::IfGreater, 3));
    // Within 3": no roll, nothing changes.
    let r = resolution(&line_regiment(), Some("r-1tn"), &p, Distance::First, None).unwrap();
    assert!(r.commands.is_empty());
    assert_eq!(r.headline, "1st Tennessee moves up to 3″ (Table 3).");
    assert_eq!(r.settles, vec![ItemKey::Move("r-1tn".into())], "it ticks the tracker's phase-six item");
    // The greater distance waits for the die; a 3 is not higher than BMP 3: disorder.
    assert!(resolution(&line_regiment(), Some("r-1tn"), &p, Distance::Greater, None).is_none());
    let r = resolution(&line_regiment(), Some("r-1tn"), &p, Distance::Greater, Some(die(3))).unwrap();
    assert_eq!(
        r.commands,
        vec![Command::Unit(UnitCommand::SetFormation { regiment: "r-1tn".into(), formation: Formation::Disorder })]
    );
    assert!(r.headline.contains("ends in disorder (6.2)"), "{}", r.headline);
    let r = resolution(&line_regiment(), Some("r-1tn"), &p, Distance::Greater, Some(die(4))).unwrap();
    assert!(r.commands.is_empty());
    // A quick look-up records nothing.
    let r = resolution(&line_regiment(), None, &p, Distance::Greater, Some(die(1))).unwrap();
    assert!(!r.recorded && r.commands.is_empty());
}

#[test]
fn rule_0_1_1_distances_double_for_25mm_figures() {
    let i = Intent { ground: broken(), ..Intent::default() };
    let p = plan(&line_regiment(), &i, &Overrides::new(), &twenty_five_mm()).unwrap();
    assert_eq!((p.first, p.greater), (Ratio::whole(6), Some(Ratio::whole(10))));
    let i = Intent { direction: Direction::FrontToFlankFirst, ..i };
    let p = plan(&line_regiment(), &i, &Overrides::new(), &twenty_five_mm()).unwrap();
    assert!(p.lines.iter().any(|l| l.starts_with("−4″ for the front-to-flank")), "{:?}", p.lines);
}

#[test]
fn rule_6_2_officer_present_and_dismounted_cavalry_modify_the_target() {
    let s = RulesSettings::default();
    let i = Intent { officer: true, ..Intent::default() };
    let p = plan(&line_regiment(), &i, &Overrides::new(), &s).unwrap();
    assert_eq!(p.roll.unwrap().target, 2);
    let cav = Facts {
        who: Who::Regiment {
            arm: Arm::Cavalry { mounted: false },
            formation: Formation::Line,
            stands: 5,
            morale: MoraleLevel::Good,
            prone: false,
        },
        ..line_regiment()
    };
    let p = plan(&cav, &Intent::default(), &Overrides::new(), &s).unwrap();
    assert_eq!(p.roll.unwrap().target, 4);
}

#[test]
fn rule_6_5_5_front_to_flank_records_the_new_formation() {
    let s = RulesSettings::default();
    // The column turns front-to-flank at the start and crosses the fence in line: 5" - 2" = 3".
    let column = Facts {
        who: Who::Regiment {
            arm: Arm::Infantry,
            formation: Formation::MarchColumn,
            stands: 5,
            morale: MoraleLevel::Good,
            prone: false,
        },
        ..line_regiment()
    };
    let i = Intent { ground: broken(), direction: Direction::FrontToFlankFirst, ..Intent::default() };
    let p = plan(&column, &i, &Overrides::new(), &s).unwrap();
    assert_eq!((p.first, p.greater), (Ratio::whole(1), Some(Ratio::whole(3))));
    let r = resolution(&column, Some("r"), &p, Distance::Greater, Some(die(5))).unwrap();
    assert_eq!(
        r.commands,
        vec![Command::Unit(UnitCommand::SetFormation { regiment: "r".into(), formation: Formation::Line })]
    );
    // The column moves 14" down the road and turns front-to-flank at the end: 16" - 2".
    let i = Intent { ground: Ground::Road, direction: Direction::FrontToFlankLast, ..Intent::default() };
    let p = plan(&column, &i, &Overrides::new(), &s).unwrap();
    assert_eq!(p.greater, Some(Ratio::whole(14)));
    // A failed roll leaves it in disorder instead.
    let r = resolution(&column, Some("r"), &p, Distance::Greater, Some(die(2))).unwrap();
    assert_eq!(
        r.commands,
        vec![Command::Unit(UnitCommand::SetFormation { regiment: "r".into(), formation: Formation::Disorder })]
    );
}

#[test]
fn rule_6_5_6_backwards_facing_front_halves_and_6_5_7_rear_march_always_rolls() {
    let s = RulesSettings::default();
    let i = Intent { direction: Direction::Backwards, ..Intent::default() };
    let p = plan(&line_regiment(), &i, &Overrides::new(), &s).unwrap();
    // Regiment B moves back 4" facing the enemy: half of 8".
    assert_eq!(p.greater, Some(Ratio::whole(4)));
    let column = Facts {
        who: Who::Regiment {
            arm: Arm::Infantry,
            formation: Formation::MarchColumn,
            stands: 5,
            morale: MoraleLevel::Good,
            prone: false,
        },
        ..line_regiment()
    };
    let p =
        plan(&column, &Intent { direction: Direction::RearMarch, ..Intent::default() }, &Overrides::new(), &s).unwrap();
    assert_eq!((p.first, p.greater), (Ratio::whole(9), None));
    assert!(roll_due(&p, Distance::First));
}

#[test]
fn rule_6_4_2_c_oblique_over_45_is_made_in_disorder_and_recorded() {
    let s = RulesSettings::default();
    let i = Intent { direction: Direction::ObliqueOver45, ..Intent::default() };
    // Infantry disorder in the open is 6" (6.7.2 example).
    let p = plan(&line_regiment(), &i, &Overrides::new(), &s).unwrap();
    assert_eq!((p.first, p.greater, p.roll), (Ratio::whole(6), None, None));
    let r = resolution(&line_regiment(), Some("r"), &p, Distance::First, None).unwrap();
    assert_eq!(
        r.commands,
        vec![Command::Unit(UnitCommand::SetFormation { regiment: "r".into(), formation: Formation::Disorder })]
    );
}

#[test]
fn rule_6_3_3_split_move_regiment_b() {
    let s = RulesSettings::default();
    let i = Intent { split: Some(broken()), ..Intent::default() };
    let p = plan(&line_regiment(), &i, &Overrides::new(), &s).unwrap();
    // Half a normal open move (2 1/2") then half a normal broken move (1 1/2"): 4" in all.
    assert_eq!(p.first, Ratio::whole(4));
    assert_eq!(p.greater, Some(Ratio::new(13, 2).unwrap()));
    assert!(p.lines.iter().any(|l| l.contains("First half") && l.contains("2 1/2″")), "{:?}", p.lines);
}

#[test]
fn rule_6_7_2_the_mounted_column_dismounts_at_the_end() {
    let s = RulesSettings::default();
    let mut o = Overrides::new();
    // The cavalry column rows are missing from the transcription: asked, here entered.
    let road = johnny_reb::rules::movement::troop_rate_ref(
        johnny_reb::rules::tables::t03_movement_rates::MoveRow::CavalryColumn,
        Ground::Road.column(),
    );
    assert_eq!(road.to_string(), "Table 3, Cavalry Column, Road");
    let cav = Facts {
        who: Who::Regiment {
            arm: Arm::Cavalry { mounted: true },
            formation: Formation::MarchColumn,
            stands: 5,
            morale: MoraleLevel::Good,
            prone: false,
        },
        ..line_regiment()
    };
    let i = Intent {
        ground: Ground::Road,
        mount: MountChange::AtEnd,
        new_formation: Formation::Skirmish,
        ..Intent::default()
    };
    // 20" column on road (6.7.2 example) is shipped as rule text: 20 - 2 x 3 = 14", 24 - 6 = 18".
    let p = plan(&cav, &i, &o, &s).unwrap();
    assert_eq!((p.first, p.greater), (Ratio::whole(14), Some(Ratio::whole(18))));
    assert!(p.lines.iter().any(|l| l.contains("horseholders")));
    let r = resolution(&cav, Some("r"), &p, Distance::First, None).unwrap();
    assert_eq!(
        r.commands,
        vec![Command::Unit(UnitCommand::SetMounted {
            regiment: "r".into(),
            mounted: false,
            formation: Formation::Skirmish
        })]
    );
    // Failing the roll after the long move: the dismounted stands are deployed in disorder.
    let r = resolution(&cav, Some("r"), &p, Distance::Greater, Some(die(1))).unwrap();
    assert_eq!(
        r.commands,
        vec![Command::Unit(UnitCommand::SetMounted {
            regiment: "r".into(),
            mounted: false,
            formation: Formation::Disorder
        })]
    );
    // The 15th Virginia on foot in disorder falls back 3" to its horses (6" - 3 BMP).
    let on_foot = Facts {
        who: Who::Regiment {
            arm: Arm::Cavalry { mounted: false },
            formation: Formation::Disorder,
            stands: 5,
            morale: MoraleLevel::Good,
            prone: false,
        },
        ..line_regiment()
    };
    let i = Intent { mount: MountChange::AtEnd, new_formation: Formation::Line, ..Intent::default() };
    let p = plan(&on_foot, &i, &o, &s).unwrap();
    assert_eq!(p.first, Ratio::whole(3));
    // An entry from the players' card replaces the rule-text value.
    o.set(road, Entered::Value(Ratio::whole(22)));
    o.set(CellRef::new("Table 3", "Cavalry Column", "Road (Y, with disorder roll)"), Entered::Value(Ratio::whole(26)));
    let i = Intent {
        ground: Ground::Road,
        mount: MountChange::AtEnd,
        new_formation: Formation::Skirmish,
        ..Intent::default()
    };
    let p = plan(&cav, &i, &o, &s).unwrap();
    assert_eq!((p.first, p.greater), (Ratio::whole(16), Some(Ratio::whole(20))));
}

#[test]
fn rule_6_4_4_reform_from_skirmish_rolls_and_6_4_2_a_from_disorder_does_not() {
    let s = RulesSettings::default();
    let skirmish = Facts {
        who: Who::Regiment {
            arm: Arm::Infantry,
            formation: Formation::Skirmish,
            stands: 5,
            morale: MoraleLevel::Good,
            prone: false,
        },
        ..line_regiment()
    };
    let i = Intent { mode: Mode::FormationChange, new_formation: Formation::Line, ..Intent::default() };
    let p = plan(&skirmish, &i, &Overrides::new(), &s).unwrap();
    assert_eq!(p.first, Ratio::whole(12), "skirmish rate in the open (6.4.1)");
    assert_eq!(p.roll.map(|r| (r.kind, r.target)), Some((RollKind::Reform, 3)));
    let ok = resolution(&skirmish, Some("r"), &p, Distance::First, Some(die(4))).unwrap();
    assert_eq!(
        ok.commands,
        vec![Command::Unit(UnitCommand::SetFormation { regiment: "r".into(), formation: Formation::Line })]
    );
    let bad = resolution(&skirmish, Some("r"), &p, Distance::First, Some(die(3))).unwrap();
    assert_eq!(
        bad.commands,
        vec![Command::Unit(UnitCommand::SetFormation { regiment: "r".into(), formation: Formation::Disorder })]
    );
    let disorder = Facts {
        who: Who::Regiment {
            arm: Arm::Infantry,
            formation: Formation::Disorder,
            stands: 5,
            morale: MoraleLevel::Shaken,
            prone: false,
        },
        ..line_regiment()
    };
    let p = plan(&disorder, &i, &Overrides::new(), &s).unwrap();
    assert!(p.roll.is_none());
    let routed = Facts {
        who: Who::Regiment {
            arm: Arm::Infantry,
            formation: Formation::Disorder,
            stands: 5,
            morale: MoraleLevel::Routed,
            prone: false,
        },
        ..line_regiment()
    };
    assert!(plan(&routed, &i, &Overrides::new(), &s).is_err());
}

#[test]
fn rule_6_5_8_disengage_ends_in_disorder_and_the_gun_risks_an_accident() {
    let s = RulesSettings::default();
    let i = Intent { mode: Mode::Disengage, ..Intent::default() };
    let p = plan(&line_regiment(), &i, &Overrides::new(), &s).unwrap();
    // 6" disorder distance in the open plus up to 4" (Table 4).
    assert_eq!(p.first, Ratio::whole(10));
    let r = resolution(&line_regiment(), Some("r"), &p, Distance::First, None).unwrap();
    assert_eq!(
        r.commands,
        vec![Command::Unit(UnitCommand::SetFormation { regiment: "r".into(), formation: Formation::Disorder })]
    );
    let gun = Facts { who: Who::Guns { weight: Some(GunWeight::Light), limbered: true }, bmp: None, ..line_regiment() };
    let i = Intent {
        mode: Mode::Disengage,
        accident_ground: AccidentGround::LightWoods,
        ground: broken(),
        ..Intent::default()
    };
    let p = plan(&gun, &i, &Overrides::new(), &s).unwrap();
    // Light woods save on 1 or 2: the gun smashes on 1, 2 or 3 (6.5.8.b).
    assert_eq!(p.roll.map(|r| r.target), Some(3));
    let r = resolution(&gun, Some("s"), &p, Distance::First, Some(die(3))).unwrap();
    assert_eq!(
        r.commands,
        vec![Command::Unit(UnitCommand::SetGunState { section: "s".into(), state: GunState::Destroyed })]
    );
    let unlimbered = Facts { who: Who::Guns { weight: Some(GunWeight::Light), limbered: false }, ..gun };
    assert!(plan(&unlimbered, &i, &Overrides::new(), &s).is_err());
}

#[test]
fn rule_6_6_1_the_parrott_limbers_for_half_its_open_move_and_unlimbers() {
    let s = RulesSettings::default();
    let gun =
        Facts { who: Who::Guns { weight: Some(GunWeight::Light), limbered: false }, bmp: None, ..line_regiment() };
    let i = Intent { unlimber_at_end: true, ..Intent::default() };
    let p = plan(&gun, &i, &Overrides::new(), &s).unwrap();
    assert_eq!(p.first, Ratio::whole(6));
    assert!(p.lines.iter().any(|l| l.contains("may fire this turn")));
    let r = resolution(&gun, Some("s"), &p, Distance::First, None).unwrap();
    assert!(r.commands.is_empty(), "limbers and unlimbers: unlimbered as before");
    let r = resolution(
        &gun,
        Some("s"),
        &plan(&gun, &Intent::default(), &Overrides::new(), &s).unwrap(),
        Distance::First,
        None,
    )
    .unwrap();
    assert_eq!(r.commands, vec![Command::Unit(UnitCommand::SetLimbered { section: "s".into(), limbered: true })]);
    // By hand it must be unlimbered; by prolonge at half the limbered rate (6.6.2, 6.6.3).
    let i = Intent { gun_move: GunMove::HandPush, ..Intent::default() };
    assert_eq!(plan(&gun, &i, &Overrides::new(), &s).unwrap().first, Ratio::whole(3));
    let limbered = Facts { who: Who::Guns { weight: Some(GunWeight::Light), limbered: true }, ..gun.clone() };
    assert!(plan(&limbered, &i, &Overrides::new(), &s).is_err());
    let i = Intent { gun_move: GunMove::Prolonge, ..Intent::default() };
    assert_eq!(plan(&limbered, &i, &Overrides::new(), &s).unwrap().first, Ratio::whole(6));
}

#[test]
fn rule_5_3_2_charge_marks_red_at_11_yellow_at_8() {
    let s = RulesSettings::default();
    let thrown = dice(&[1, 2, 3]);
    let bonus = Bonus { terrain: Terrain::Open, enters: None };
    let (marks, words) = charge_marks(
        &line_regiment(),
        Ground::Terrain(TerrainType::Open),
        Ratio::whole(5),
        false,
        Some((bonus, &thrown)),
        &s,
    )
    .unwrap();
    assert_eq!((marks.total, marks.disorder_at), (Ratio::whole(11), Some(Ratio::whole(8))));
    assert!(words.iter().any(|w| w.contains("11″")), "{words:?}");
    // 5.3.2.c: a 10 in the open, into the woods 5" on: 7 1/2" of bonus, disorder 5" on.
    let thrown = dice(&[4, 3, 3]);
    let bonus = Bonus { terrain: Terrain::Open, enters: Some((Terrain::Broken, Ratio::whole(5))) };
    let (marks, _) = charge_marks(
        &line_regiment(),
        Ground::Terrain(TerrainType::Open),
        Ratio::whole(5),
        false,
        Some((bonus, &thrown)),
        &s,
    )
    .unwrap();
    assert_eq!((marks.total, marks.disorder_at), (Ratio::new(25, 2).unwrap(), Some(Ratio::whole(10))));
    // Two dice are wrong for the open.
    assert!(
        charge_marks(
            &line_regiment(),
            Ground::Terrain(TerrainType::Open),
            Ratio::whole(5),
            false,
            Some((bonus, &thrown[..2])),
            &s
        )
        .is_err()
    );
}

#[test]
fn roster_facts_fill_in_the_unit() {
    let g = demo_game("g");
    let f = facts(&g, "r-19in", &Overrides::new()).unwrap();
    assert_eq!(f.bmp, Some(2), "elite (Table 5)");
    assert_eq!(f.officer.as_deref(), Some("Brig. Gen. Solomon Meredith"));
    assert!(matches!(f.who, Who::Regiment { formation: Formation::Line, stands: 5, .. }));
    let g2 = facts(&g, "s-marye-1", &Overrides::new()).unwrap();
    assert_eq!(g2.who, Who::Guns { weight: Some(GunWeight::Heavy), limbered: false });
    assert!(facts(&g, "nope", &Overrides::new()).is_none());
}

#[test]
fn missing_table_3_cells_are_asked_for() {
    let attack = Facts {
        who: Who::Regiment {
            arm: Arm::Infantry,
            formation: Formation::AttackColumn,
            stands: 5,
            morale: MoraleLevel::Good,
            prone: false,
        },
        ..line_regiment()
    };
    let e = plan(&attack, &Intent::default(), &Overrides::new(), &RulesSettings::default()).unwrap_err();
    assert!(matches!(e, RuleError::Missing(c) if c.to_string() == "Table 3, Infantry Attack Column, Open"));
}

#[test]
fn rule_6_8_5_a_prone_regiment_stands_up_for_1_inch() {
    let s = RulesSettings::default();
    let prone = Facts {
        who: Who::Regiment {
            arm: Arm::Infantry,
            formation: Formation::Line,
            stands: 5,
            morale: MoraleLevel::Good,
            prone: true,
        },
        ..line_regiment()
    };
    let p = plan(&prone, &Intent::default(), &Overrides::new(), &s).unwrap();
    assert_eq!((p.first, p.greater), (Ratio::whole(4), Some(Ratio::whole(7))));
    let r = resolution(&prone, Some("r"), &p, Distance::First, None).unwrap();
    assert_eq!(
        r.commands,
        vec![Command::Unit(UnitCommand::SetFlag { regiment: "r".into(), flag: RegimentFlag::Prone, on: false })]
    );
}

#[test]
fn rule_5_3_2_b_charge_resolution_waits_for_every_die() {
    let s = RulesSettings::default();
    let i = Intent { mode: Mode::Charge, ..Intent::default() };
    let p = plan(&line_regiment(), &i, &Overrides::new(), &s).unwrap();
    assert_eq!(p.charge_normal, Some((Ratio::whole(5), Some(Ratio::whole(8)))));
    let open = Ground::Terrain(TerrainType::Open);
    let bonus = Bonus { terrain: Terrain::Open, enters: None };
    let thrown = dice(&[1, 2, 3]);
    assert!(
        charge_resolution(
            &line_regiment(),
            None,
            &p,
            open,
            Distance::First,
            None,
            Some((bonus, thrown[..2].to_vec())),
            &s
        )
        .is_none()
    );
    let r = charge_resolution(
        &line_regiment(),
        Some("r"),
        &p,
        open,
        Distance::First,
        None,
        Some((bonus, thrown.clone())),
        &s,
    )
    .unwrap()
    .unwrap();
    assert_eq!(r.headline, "1st Tennessee charges: red marker 11″ from the start (5.3).");
    assert!(r.commands.is_empty(), "the charge itself is recorded by the charge resolver");
    // The greater normal move needs its disorder die first; failed, the yellow marker is at 8".
    assert!(charge_resolution(&line_regiment(), None, &p, open, Distance::Greater, None, None, &s).is_none());
    let r = charge_resolution(&line_regiment(), None, &p, open, Distance::Greater, Some(die(2)), None, &s)
        .unwrap()
        .unwrap();
    assert!(r.details.iter().any(|d| d.contains("Yellow marker, where it falls into disorder: 8″")), "{:?}", r.details);
    // 25 mm figures: the markers are measured at twice the card's inches.
    let r = charge_resolution(
        &line_regiment(),
        None,
        &p,
        open,
        Distance::First,
        None,
        Some((bonus, thrown)),
        &twenty_five_mm(),
    )
    .unwrap()
    .unwrap();
    assert!(r.headline.contains("22″"), "{}", r.headline);
}
