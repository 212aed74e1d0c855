//! Set-up (7.x), the Sequence of Play (8.0), Moves (9.2), the Forced March (15.1) and Late
//! Arrivals (7.9).

use super::*;

#[test]
fn rule_7_8_and_7_6_the_practice_set_up() {
    let (c, r) = Campaign::start(&practice_pack(), PRACTICE, Settings::default()).unwrap();
    assert_eq!(c.phase, Phase::SetUp);
    assert_eq!(c.lee.as_deref(), Some("Capital"));
    assert_eq!(place(&c, id(&c, "Grey Infantry A")), area("Capital"));
    assert_eq!(place(&c, id(&c, "Grey Infantry B")), Place::Waiting, "a Late Arrival waits off the map (7.9)");
    // 7.6: the Capital, held by the Confederates alone, and the Depot, by the Union alone.
    assert_eq!(place(&c, id(&c, "Grey Garrison")), area("Capital"));
    assert_eq!(place(&c, id(&c, "Grey Fortification")), area("Capital"));
    assert_eq!(place(&c, id(&c, "Blue Garrison")), area("Depot"));
    assert_eq!(place(&c, id(&c, "Blue Fortification")), area("Depot"));
    assert!(r.lines.iter().any(|l| l.contains("a City or Fort held by the Confederate forces (7.6)")), "{:?}", r.lines);
    // 7.10-7.12: the extras beside the map, in the Additional Forces cup, in the pile.
    assert!(ids(&c, "Grey Brigade").iter().all(|i| place(&c, *i) == Place::Beside));
    let brigades = ids(&c, "Blue Brigade");
    assert_eq!(place(&c, brigades[0]), area("Orchard"));
    assert!(brigades[1..].iter().all(|i| place(&c, *i) == Place::AdditionalCup));
    assert_eq!(ids(&c, "Blue Garrison").iter().filter(|i| place(&c, **i) == Place::StaticPile).count(), 2);
    assert!(c.cup(&Place::ReinforcementCup).is_empty());
    assert_eq!((c.confederate_cp, c.union_cp, c.scouts), (2, 2, 1), "7.4, as entered");
    // 16.3.3: the Brigade in the Orchard joins the II Corps group there.
    assert_eq!(c.group_of(brigades[0]), Some(GroupTag::Corps("II".into())));
}

#[test]
fn rule_7_7_the_counter_mix_is_the_limit_of_what_is_placed() {
    let mut pack = practice_pack();
    for _ in 0..3 {
        pack.campaigns[0].starting_forces.push(crate::pack::Placement {
            counter: "Blue Battery 4".into(),
            area: crate::pack::Given::MadeUp("Depot".into()),
            origin: crate::pack::Origin::MadeUp,
        });
    }
    let e = Campaign::start(&pack, PRACTICE, Settings::default()).unwrap_err();
    assert!(e.to_string().contains("the counter mix holds 1"), "{e}");
}

#[test]
fn rule_8_0_the_steps_come_in_order_and_none_is_gone_back_to() {
    let mut c = practice();
    assert!(refused(&mut c, CampaignCommand::EndMoves).contains("Confederate Moves (9.2)"));
    let r = run(&mut c, CampaignCommand::AdvanceTurn);
    assert_eq!(r.lines[0], "Campaign Turn 1 of 6: the counter's grey Confederate side up (9.1)");
    for phase in [
        Phase::BattlesAfterMoves,
        Phase::ForcedMarch,
        Phase::BattlesAfterForcedMarch,
        Phase::ConfederateResupply,
        Phase::UnionOrders,
        Phase::UnionBattles,
        Phase::UnionResupply,
        Phase::TurnOver,
    ] {
        advance_to(&mut c, phase);
        assert_eq!(c.phase, phase);
    }
    assert!(refused(&mut c, CampaignCommand::EndMoves).contains("the campaign is at Next Turn (19.0)"));
    run(&mut c, CampaignCommand::AdvanceTurn);
    assert_eq!((c.turn, c.phase), (2, Phase::ConfederateMoves));
    assert!(c.log.iter().any(|l| l.text.contains("Union Turn: the Campaign Turn counter's blue side up (16.0)")));
}

#[test]
fn rule_9_2_moves_one_adjacent_area_free_each_force_once() {
    let mut c = practice();
    run(&mut c, CampaignCommand::AdvanceTurn);
    let a = id(&c, "Grey Infantry A");
    let cav = id(&c, "Grey Cavalry");
    let cp = c.confederate_cp;
    let r = run(&mut c, CampaignCommand::Move { forces: vec![a, cav], lee: false, to: "Crossroads".into() });
    assert!(r.lines[0].ends_with("Capital \u{2192} Crossroads (9.2, no cost)"), "{:?}", r.lines);
    assert_eq!((place(&c, a), place(&c, cav), c.confederate_cp), (area("Crossroads"), area("Crossroads"), cp));
    assert!(
        refused(&mut c, CampaignCommand::Move { forces: vec![a], lee: false, to: "Hills".into() })
            .contains("has moved in the Moves step already")
    );
    let guns = id(&c, "Grey Guns");
    assert!(
        refused(&mut c, CampaignCommand::Move { forces: vec![guns], lee: false, to: "Ford".into() })
            .contains("Ford is not adjacent to Capital (9.2)")
    );
    let garrison = id(&c, "Grey Garrison");
    assert!(
        refused(&mut c, CampaignCommand::Move { forces: vec![garrison], lee: false, to: "Mill".into() })
            .contains("Static Force: it never moves (6.2)")
    );
    let blue = id(&c, "Blue Cavalry");
    assert!(
        refused(&mut c, CampaignCommand::Move { forces: vec![blue], lee: false, to: "Ridge".into() })
            .contains("is a Union Force")
    );
    assert!(
        refused(&mut c, CampaignCommand::Move { forces: vec![guns, a], lee: false, to: "Mill".into() })
            .contains("has moved")
    );
}

#[test]
fn rule_9_2_lee_moves_free_with_his_forces_and_never_alone_by_choice() {
    let mut c = practice();
    run(&mut c, CampaignCommand::AdvanceTurn);
    // 3.2: alone in the Mill, the campaign would be lost; the app refuses the move.
    let e = refused(&mut c, CampaignCommand::Move { forces: vec![], lee: true, to: "Mill".into() });
    assert!(e.contains("would leave Robert E. Lee alone in Mill: the campaign would be lost (3.2)"), "{e}");
    let a = id(&c, "Grey Infantry A");
    run(&mut c, CampaignCommand::Move { forces: vec![a], lee: true, to: "Mill".into() });
    assert_eq!(c.lee.as_deref(), Some("Mill"));
    // Leaving him behind alone is refused too.
    let cav = id(&c, "Grey Cavalry");
    c.lee = Some("Capital".into());
    for other in c.in_area("Capital", Loyalty::Confederate) {
        if other != cav {
            put(&mut c, other, Place::Beside);
        }
    }
    let e = refused(&mut c, CampaignCommand::Move { forces: vec![cav], lee: false, to: "Crossroads".into() });
    assert!(e.contains("would leave Robert E. Lee alone in Capital"), "{e}");
    run(&mut c, CampaignCommand::Move { forces: vec![cav], lee: true, to: "Crossroads".into() });
    assert_eq!(c.lee.as_deref(), Some("Crossroads"));
}

#[test]
fn rule_9_3_a_move_into_union_forces_means_a_battle() {
    let mut c = practice();
    run(&mut c, CampaignCommand::AdvanceTurn);
    put_k(&mut c, "Grey Cavalry", area("Crossroads"));
    let cav = id(&c, "Grey Cavalry");
    let r = run(&mut c, CampaignCommand::Move { forces: vec![cav], lee: false, to: "Hills".into() });
    assert!(r.lines.iter().any(|l| l == "Union Forces are in Hills: a battle will be fought (9.3)"));
    let r = run(&mut c, CampaignCommand::EndMoves);
    assert!(
        r.lines.iter().any(|l| l == "Battles to resolve, in the order the player chooses (9.3): Hills"),
        "{:?}",
        r.lines
    );
    assert!(refused(&mut c, CampaignCommand::EndBattles).contains("battles remain to be resolved in Hills (9.3)"));
}

#[test]
fn rule_15_1_forced_march_one_command_point_a_force_lee_free() {
    let mut c = practice();
    advance_to(&mut c, Phase::ForcedMarch);
    let (a, cav) = (id(&c, "Grey Infantry C"), id(&c, "Grey Cavalry"));
    c.confederate_cp = 2;
    let r = run(&mut c, CampaignCommand::ForcedMarch { forces: vec![a, cav], lee: true, path: vec!["Mill".into()] });
    assert!(r.lines[0].contains("for 2 Command Points (15.1)"), "{:?}", r.lines);
    assert_eq!((c.confederate_cp, c.lee.as_deref()), (0, Some("Mill")));
    let guns = id(&c, "Grey Guns");
    let e = refused(
        &mut c,
        CampaignCommand::ForcedMarch { forces: vec![guns], lee: false, path: vec!["Crossroads".into()] },
    );
    assert!(e.contains("costs 1 Command Points; you have 0 (15.1)"), "{e}");
}

#[test]
fn rule_15_1_1_jackson_marches_two_areas_for_one_point_unless_hit_or_blocked() {
    let mut c = practice();
    advance_to(&mut c, Phase::ForcedMarch);
    c.confederate_cp = 5;
    let jackson = id(&c, "Grey Infantry A");
    let other = id(&c, "Grey Infantry C");
    let path = vec!["Crossroads".to_string(), "Ford".to_string()];
    let e = refused(&mut c, CampaignCommand::ForcedMarch { forces: vec![other], lee: false, path: path.clone() });
    assert!(e.contains("only Jackson's Forces (\u{2018}J\u{2019}) that have not suffered a Hit (15.1.1)"), "{e}");
    c.piece_mut(jackson).unwrap().strength = Strength::Reduced;
    assert!(
        refused(&mut c, CampaignCommand::ForcedMarch { forces: vec![jackson], lee: false, path: path.clone() })
            .contains("15.1.1")
    );
    c.piece_mut(jackson).unwrap().strength = Strength::Full;
    put_k(&mut c, "Blue Regiment", area("Crossroads"));
    let e = refused(&mut c, CampaignCommand::ForcedMarch { forces: vec![jackson], lee: false, path: path.clone() });
    assert!(e.contains("Union Forces are in Crossroads: Jackson's Forces stop there"), "{e}");
    put_k(&mut c, "Blue Regiment", Place::AdditionalCup);
    run(&mut c, CampaignCommand::ForcedMarch { forces: vec![jackson], lee: false, path });
    assert_eq!((place(&c, jackson), c.confederate_cp), (area("Ford"), 4));
}

#[test]
fn rule_7_9_a_late_arrival_rolls_from_its_turn_once_a_turn_into_a_confederate_held_area() {
    let mut c = practice();
    run(&mut c, CampaignCommand::AdvanceTurn);
    let b = id(&c, "Grey Infantry B");
    let arrive =
        |roll: u8, area: &str| CampaignCommand::Arrive { arrival: 0, roll: Some(d(roll)), area: Some(area.into()) };
    assert!(refused(&mut c, arrive(1, "Capital")).contains("starts on Turn 2 (7.9)"));
    advance_to(&mut c, Phase::TurnOver);
    run(&mut c, CampaignCommand::AdvanceTurn);
    let r = run(&mut c, arrive(6, "Capital"));
    assert!(r.lines.iter().any(|l| l == "Late Arrival 1: 6 against 5: not this turn (7.9)"), "{:?}", r.lines);
    assert_eq!(place(&c, b), Place::Waiting);
    assert!(refused(&mut c, arrive(2, "Capital")).contains("was rolled for this turn"));
    advance_to(&mut c, Phase::TurnOver);
    run(&mut c, CampaignCommand::AdvanceTurn);
    assert!(refused(&mut c, arrive(3, "Mill")).contains("Mill is not Held by Confederate Forces (7.9)"));
    run(&mut c, arrive(5, "Capital"));
    assert_eq!(place(&c, b), area("Capital"));
    assert!(refused(&mut c, arrive(1, "Capital")).contains("is on the map already"));
}

#[test]
fn rule_7_9_arrivals_by_turn_come_when_the_counter_enters_the_box() {
    let mut pack = practice_pack();
    pack.campaigns[0].late_arrivals[0].when = crate::pack::ArrivalWhen::Turn(2);
    pack.campaigns[0].late_arrivals[0].area = crate::pack::ArrivalWhere::Area("Mill".into());
    let mut c = start(&pack, PRACTICE, Settings::default());
    advance_to(&mut c, Phase::TurnOver);
    let b = id(&c, "Grey Infantry B");
    assert_eq!(place(&c, b), Place::Waiting);
    let r = run(&mut c, CampaignCommand::AdvanceTurn);
    assert_eq!(place(&c, b), area("Mill"));
    assert!(r.lines.iter().any(|l| l.starts_with("Late Arrivals enter Mill")));
}

#[test]
fn by_hand_moves_and_points_for_special_rules_keep_the_limits() {
    let mut c = practice();
    run(&mut c, CampaignCommand::AdvanceTurn);
    let brigade = id(&c, "Grey Brigade");
    run(&mut c, CampaignCommand::ByHand { force: brigade, to: area("Mill"), why: "a special rule".into() });
    assert_eq!(place(&c, brigade), area("Mill"));
    assert!(
        refused(&mut c, CampaignCommand::AdjustPoints { confederate_cp: -9, union_cp: 0, scouts: 0, why: "x".into() })
            .contains("would fall below zero")
    );
    assert!(
        refused(&mut c, CampaignCommand::AdjustPoints { confederate_cp: 0, union_cp: 0, scouts: 9, why: "x".into() })
            .contains("more Scouts than the counters in the game (4.10)")
    );
    run(&mut c, CampaignCommand::AdjustPoints { confederate_cp: 3, union_cp: -2, scouts: 1, why: "x".into() });
    assert_eq!((c.confederate_cp, c.union_cp, c.scouts), (5, 0, 2));
}

#[test]
fn the_campaign_is_a_game_system_with_undo_and_survives_a_reload() {
    use companion_core::session::Session;
    let mut s = Session::<CampaignSystem>::new(practice());
    s.dispatch(&CampaignCommand::AdvanceTurn, 1.0).unwrap();
    let a = id(s.game(), "Grey Infantry A");
    s.dispatch(&CampaignCommand::Move { forces: vec![a], lee: false, to: "Mill".into() }, 2.0).unwrap();
    assert!(s.dispatch(&CampaignCommand::Move { forces: vec![a], lee: false, to: "Ford".into() }, 3.0).is_err());
    let text = serde_json::to_string(s.game()).unwrap();
    let back: Campaign = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, s.game());
    assert!(s.game().log.iter().any(|l| l.text.contains("Capital \u{2192} Mill")));
    assert!(s.undo());
    assert_eq!(place(s.game(), a), area("Capital"));
}

#[test]
fn a_campaign_starts_only_from_a_sound_pack_and_asks_for_what_it_lacks() {
    let seven = crate::pack::seven_days_from_the_text();
    let e = Campaign::start(&seven, crate::pack::SEVEN_DAYS, Settings::default()).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("campaign: the campaign pack is not sound: Seven Days Battles, starting force 1 (Longstreet)"),
        "{e}"
    );
    let mut pack = practice_pack();
    pack.campaigns[0].starting.scouts = crate::pack::Given::Missing;
    let e = Campaign::start(&pack, PRACTICE, Settings::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Campaign Information Sheet, Practice Campaign (made up), Set-up (7.4), Scouts is not in the rulebook text: enter it from your game's printed tables"
    );
    assert!(Campaign::start(&practice_pack(), "Gettysburg", Settings::default()).is_err());
}

#[test]
fn rule_8_0_each_step_lists_what_it_requires() {
    let mut c = practice();
    assert_eq!(c.to_do()[0], todo::ToDo { what: "Advance the Campaign Turn counter (9.1)".into(), required: true });
    advance_to(&mut c, Phase::TurnOver);
    run(&mut c, CampaignCommand::AdvanceTurn);
    let items: Vec<String> = c.to_do().into_iter().map(|t| t.what).collect();
    assert!(items.contains(&"Roll for Late Arrival 1: 5 or less (7.9)".to_string()), "{items:?}");
    assert!(
        items.contains(&"Objective, throughout: Hold the Capital throughout the campaign (made up) (3.1)".to_string()),
        "{items:?}"
    );
    advance_to(&mut c, Phase::UnionOrders);
    let required: Vec<String> = c.to_do().into_iter().filter(|t| t.required).map(|t| t.what).collect();
    assert_eq!(required.len(), 3, "{required:?}");
    assert!(
        required[0].starts_with("Roll the orders of Blue Cavalry (made up)'s group in Hills (16.3)"),
        "{required:?}"
    );
}

#[test]
fn a_saved_campaign_stays_shallow_enough_for_a_backup() {
    fn depth(v: &serde_json::Value) -> usize {
        match v {
            serde_json::Value::Array(a) => 1 + a.iter().map(depth).max().unwrap_or(0),
            serde_json::Value::Object(o) => 1 + o.values().map(depth).max().unwrap_or(0),
            _ => 0,
        }
    }
    // The core refuses files nested more than 16 deep; a backup wraps each game in 4 or 5.
    let mut c = practice_with(BattleRules::Quick);
    advance_to(&mut c, Phase::UnionOrders);
    assert!(depth(&serde_json::to_value(&c).unwrap()) <= 10);
    let s = start(&super::seven_days::seven_days(), crate::pack::SEVEN_DAYS, Settings::default());
    assert!(depth(&serde_json::to_value(&s).unwrap()) <= 10);
}
