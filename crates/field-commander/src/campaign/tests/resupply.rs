//! Confederate Resupply (15.3-15.6).

use super::*;

#[test]
fn rule_15_3_command_points_and_free_scouts_each_resupply() {
    let mut c = practice();
    advance_to(&mut c, Phase::BattlesAfterForcedMarch);
    let r = run(&mut c, CampaignCommand::EndBattles);
    assert_eq!((c.phase, c.confederate_cp, c.scouts), (Phase::ConfederateResupply, 5, 2));
    assert!(r.lines.iter().any(|l| l == "Confederate Resupply: +3 Command Points (15.3), now 5"), "{:?}", r.lines);
}

#[test]
fn rule_15_3_1_free_scouts_stop_at_the_counters_in_the_game() {
    let mut c = practice();
    advance_to(&mut c, Phase::BattlesAfterForcedMarch);
    c.scouts = 6;
    let r = run(&mut c, CampaignCommand::EndBattles);
    assert_eq!(c.scouts, 6);
    assert!(r.lines.iter().any(|l| l == "The Scout counters are a hard limit: no more are left (4.10)"));
}

#[test]
fn optional_number_of_scout_counters_by_level() {
    let settings = Settings {
        scout_number_by_level: true,
        difficulty: Difficulty { player: crate::pack::PlayerLevel::Easy, ..Difficulty::default() },
        ..Settings::default()
    };
    let mut c = start(&practice_pack(), PRACTICE, settings);
    advance_to(&mut c, Phase::ConfederateResupply);
    assert_eq!(c.scouts, 3, "1 at set-up, 1 a turn, +1 at Easy");
}

#[test]
fn rule_15_4_example_three_reduced_forces_cost_six() {
    let mut c = practice();
    advance_to(&mut c, Phase::ConfederateResupply);
    c.confederate_cp = 6;
    let forces = [id(&c, "Grey Infantry A"), id(&c, "Grey Infantry C"), id(&c, "Grey Infantry B")];
    put(&mut c, forces[2], area("Capital"));
    for f in forces {
        c.piece_mut(f).unwrap().strength = Strength::Reduced;
    }
    for f in forces {
        run(&mut c, CampaignCommand::Refit { force: f });
    }
    assert_eq!(c.confederate_cp, 0);
    assert!(forces.iter().all(|f| c.piece(*f).unwrap().strength == Strength::Full));
    let cav = id(&c, "Grey Cavalry");
    assert!(refused(&mut c, CampaignCommand::Refit { force: cav }).contains("is at full strength"));
}

#[test]
fn rule_15_5_example_buying_a_destroyed_force_full_or_reduced() {
    // The example's counter is 8, reduced 5; the practice counter is 6, reduced 3.
    let mut c = practice();
    advance_to(&mut c, Phase::ConfederateResupply);
    let inf = id(&c, "Grey Infantry C");
    put(&mut c, inf, Place::Beside);
    c.confederate_cp = 5;
    let e = refused(&mut c, CampaignCommand::Buy { force: inf, reduced: false, area: "Capital".into() });
    assert!(e.contains("costs 6 Command Points; you have 5 (15.5)"), "{e}");
    let e = refused(&mut c, CampaignCommand::Buy { force: inf, reduced: true, area: "Mill".into() });
    assert!(e.contains("Mill has none (15.5)"), "{e}");
    put_k(&mut c, "Blue Regiment", area("Capital"));
    run(&mut c, CampaignCommand::Buy { force: inf, reduced: true, area: "Capital".into() });
    assert_eq!(
        (c.confederate_cp, place(&c, inf), c.piece(inf).unwrap().strength),
        (2, area("Capital"), Strength::Reduced)
    );
    // Refit comes before purchases: the force bought reduced waits for a later Resupply.
    assert!(
        refused(&mut c, CampaignCommand::Refit { force: inf })
            .contains("Refit (15.4) comes before purchases of forces (15.5)")
    );
    let cav = id(&c, "Grey Cavalry");
    put(&mut c, cav, Place::Beside);
    assert!(
        refused(&mut c, CampaignCommand::Buy { force: cav, reduced: true, area: "Capital".into() })
            .contains("has no reduced side")
    );
    let guns = id(&c, "Grey Guns");
    put(&mut c, guns, Place::Captured);
    assert!(
        refused(&mut c, CampaignCommand::Buy { force: guns, reduced: false, area: "Capital".into() })
            .contains("cannot be repurchased")
    );
    let brigade = id(&c, "Grey Brigade");
    c.confederate_cp = 3;
    run(&mut c, CampaignCommand::Buy { force: brigade, reduced: false, area: "Capital".into() });
    assert_eq!(c.confederate_cp, 0, "a Brigade costs its Combat Value");
}

#[test]
fn rule_15_6_scouts_cost_one_point_and_the_counters_are_the_limit() {
    let mut c = practice();
    advance_to(&mut c, Phase::ConfederateResupply);
    c.confederate_cp = 10;
    assert_eq!(c.scouts, 2);
    let e = refused(&mut c, CampaignCommand::BuyScouts { count: 5 });
    assert!(e.contains("only 4 Scout counters are left: the counters are a hard limit (15.6)"), "{e}");
    run(&mut c, CampaignCommand::BuyScouts { count: 4 });
    assert_eq!((c.scouts, c.confederate_cp), (6, 6));
    assert!(refused(&mut c, CampaignCommand::Refit { force: 1 }).contains("comes before"));
}
