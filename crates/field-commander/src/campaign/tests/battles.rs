//! Battles in the campaign: a Battlefield Sheet battle's result brought back (9.3, 14.7,
//! 14.8), Fog of War's campaign effects (10.2.5-10.2.8), and the Quick and Very Quick battles
//! (part two).

use super::*;
use crate::prebattle::FogEvent;
use crate::quick::Shift;

/// Grey Infantry C and the Grey Cavalry (10) against Blue Infantry C and a Brigade (8) in the
/// Orchard, in the Confederate Resolve Battles step.
fn orchard_battle(rules: BattleRules) -> Campaign {
    let mut c = practice_with(rules);
    run(&mut c, CampaignCommand::AdvanceTurn);
    for k in ["Grey Infantry C", "Grey Cavalry"] {
        put_k(&mut c, k, area("Ridge"));
    }
    let forces = vec![id(&c, "Grey Infantry C"), id(&c, "Grey Cavalry")];
    run(&mut c, CampaignCommand::Move { forces, lee: false, to: "Orchard".into() });
    run(&mut c, CampaignCommand::EndMoves);
    c
}

fn quick(c: &mut Campaign, q: QuickCommand) -> CampaignReport {
    run(c, CampaignCommand::Quick(q))
}

fn fight(roll: u8) -> QuickCommand {
    QuickCommand::Fight { roll: d(roll), confederate_shift: None, union_picks: vec![], confederate_picks: vec![] }
}

#[test]
fn rule_14_7_a_battlefield_battles_result_comes_back_to_the_map() {
    let mut c = orchard_battle(BattleRules::Basic);
    let (inf, cav) = (id(&c, "Grey Infantry C"), id(&c, "Grey Cavalry"));
    let (blue, brigade) = (id(&c, "Blue Infantry C"), id(&c, "Blue Brigade"));
    let bad = |fates: Vec<(u32, Fate)>| CampaignCommand::ApplyBattle {
        area: "Orchard".into(),
        result: BattleResult { fates, ..BattleResult::default() },
    };
    assert!(
        refused(&mut c, bad(vec![(blue, Fate::To { area: "Capital".into(), strength: Strength::Full })]))
            .contains("Capital is not adjacent to Orchard")
    );
    assert!(
        refused(&mut c, bad(vec![(cav, Fate::Stays { strength: Strength::Reduced })]))
            .contains("has no reduced side (5.9)")
    );
    assert!(refused(&mut c, bad(vec![(inf, Fate::Captured)])).contains("only Artillery is captured"));
    let away = id(&c, "Grey Infantry A");
    assert!(refused(&mut c, bad(vec![(away, Fate::Destroyed)])).contains("was not at the battle in Orchard"));
    let over = CampaignCommand::ApplyBattle {
        area: "Orchard".into(),
        result: BattleResult { union_cp: -5, ..BattleResult::default() },
    };
    assert!(refused(&mut c, over).contains("Union Command Points would fall below zero"));
    let result = BattleResult {
        fates: vec![
            (inf, Fate::Stays { strength: Strength::Reduced }),
            (blue, Fate::To { area: "Depot".into(), strength: Strength::Reduced }),
            (brigade, Fate::Destroyed),
        ],
        confederate_cp: 2,
        union_cp: 1,
        scouts: -1,
        lee: None,
        encamp: false,
    };
    run(&mut c, CampaignCommand::ApplyBattle { area: "Orchard".into(), result });
    assert_eq!(place(&c, blue), area("Depot"));
    assert_eq!(place(&c, brigade), Place::AdditionalCup, "11.11: an unnamed Union Brigade goes to its cup");
    assert_eq!(c.piece(inf).unwrap().strength, Strength::Reduced);
    assert_eq!((c.confederate_cp, c.union_cp, c.scouts), (4, 3, 0));
    assert!(c.pending_battles().is_empty());
    run(&mut c, CampaignCommand::EndBattles);
}

#[test]
fn rule_14_8_4_encamp_keeps_both_armies_without_a_new_battle_this_step() {
    let mut c = orchard_battle(BattleRules::Basic);
    run(
        &mut c,
        CampaignCommand::ApplyBattle {
            area: "Orchard".into(),
            result: BattleResult { encamp: true, ..BattleResult::default() },
        },
    );
    assert!(c.pending_battles().is_empty());
    run(&mut c, CampaignCommand::EndBattles);
    run(&mut c, CampaignCommand::EndForcedMarch);
    assert_eq!(c.pending_battles(), vec!["Orchard".to_string()], "after the Forced March, a new battle (14.8.4)");
}

#[test]
fn rule_10_2_6_fog_of_war_events_change_the_campaign() {
    let mut c = orchard_battle(BattleRules::Basic);
    let fog =
        |event: FogEvent, choices: FogChoices| CampaignCommand::FogOfWar { area: "Orchard".into(), event, choices };
    run(&mut c, fog(FogEvent::GainCommandPoints(2), FogChoices::default()));
    assert_eq!(c.confederate_cp, 4);
    c.scouts = 6;
    let r = run(&mut c, fog(FogEvent::GainScout, FogChoices::default()));
    assert_eq!((c.scouts, r.lines[0].as_str()), (6, "No Scout counter is left: none gained (4.10)"));
    // Event 4: a Brigade bought into a Confederate-Held Area other than the battle's.
    let brigade = id(&c, "Grey Brigade");
    let buy = |to: &str| FogChoices { buy_brigade: Some((brigade, to.into())), ..FogChoices::default() };
    assert!(
        refused(&mut c, fog(FogEvent::BuyBrigade, buy("Orchard")))
            .contains("not a Confederate-Held Area other than the battle's")
    );
    run(&mut c, fog(FogEvent::BuyBrigade, buy("Capital")));
    assert_eq!((place(&c, brigade), c.confederate_cp), (area("Capital"), 2));
    // Event 5: a 6 with 2 Command Points moves them to the Union.
    let u = c.union_cp;
    run(&mut c, fog(FogEvent::RegimentOrCommandPoints, FogChoices { follow_up: Some(d(6)), ..FogChoices::default() }));
    assert_eq!((c.confederate_cp, c.union_cp), (0, u + 2));
    // Without 2 Command Points, a Union Regiment joins the battle instead.
    run(&mut c, fog(FogEvent::RegimentOrCommandPoints, FogChoices { follow_up: Some(d(9)), ..FogChoices::default() }));
    assert_eq!(place(&c, id(&c, "Blue Regiment")), area("Orchard"));
    // Event 6: Disease in a random Confederate-Held Area: the Capital's Infantry.
    let a = id(&c, "Grey Infantry A");
    run(&mut c, fog(FogEvent::Disease, FogChoices::default()));
    assert_eq!(c.piece(a).unwrap().strength, Strength::Reduced);
    // Event 7: the Reinforcement cup is empty: a Brigade from the Additional Forces cup.
    let r = run(&mut c, fog(FogEvent::UnionReinforcement, FogChoices::default()));
    assert!(r.lines.iter().any(|l| l.contains("Blue Brigade (made up) joins the battle in Orchard")), "{:?}", r.lines);
    // Event 8: a 1 adds a Union Fortification to the battle.
    run(&mut c, fog(FogEvent::FortificationOrGarrison, FogChoices { follow_up: Some(d(1)), ..FogChoices::default() }));
    assert_eq!(
        c.in_area("Orchard", Loyalty::Union)
            .iter()
            .filter(|i| c.counter(**i).unwrap().kind == crate::force::ForceType::Fortification)
            .count(),
        1
    );
}

#[test]
fn rule_10_2_8_desertion_removes_a_force_for_good() {
    let mut c = orchard_battle(BattleRules::Basic);
    let picks = FogChoices { picks: vec![0, 0], desertion_roll: Some(d(10)), ..FogChoices::default() };
    let a = id(&c, "Grey Infantry A");
    run(&mut c, CampaignCommand::FogOfWar { area: "Orchard".into(), event: FogEvent::Desertion, choices: picks });
    assert_eq!(place(&c, a), Place::Removed, "a natural 10 fails: out of the game");
}

#[test]
fn rule_10_2_9_envelopment_destroys_the_weaker_side_before_any_fight() {
    let mut c = practice_with(BattleRules::Quick);
    run(&mut c, CampaignCommand::AdvanceTurn);
    let (a, inf) = (id(&c, "Grey Infantry A"), id(&c, "Grey Infantry C"));
    put(&mut c, a, area("Crossroads"));
    put(&mut c, inf, area("Crossroads"));
    run(&mut c, CampaignCommand::Move { forces: vec![a, inf], lee: false, to: "Hills".into() });
    run(&mut c, CampaignCommand::EndMoves);
    quick(&mut c, QuickCommand::Begin { area: "Hills".into() });
    quick(&mut c, QuickCommand::FogRoll { roll: d(2) });
    let cp = c.confederate_cp;
    let r = quick(&mut c, QuickCommand::FogEvent(FogChoices::default()));
    assert!(
        r.lines.iter().any(|l| l
            == "Envelopment Check: 3 Union against 13 Confederate: the Union forces are Enveloped and destroyed (10.2.9)"),
        "{:?}",
        r.lines
    );
    assert_eq!(place(&c, id(&c, "Blue Cavalry")), Place::ReinforcementCup);
    assert_eq!(c.confederate_cp, cp + 2 + 1, "2 from Fog of War's event, 1 for the Envelopment (15.3)");
    assert!(c.battle.is_none());
    run(&mut c, CampaignCommand::EndBattles);
}

#[test]
fn quick_battle_turn_by_turn_to_the_last_confederate() {
    let mut c = orchard_battle(BattleRules::Quick);
    assert!(refused(&mut c, CampaignCommand::Quick(fight(5))).contains("no Quick battle is being fought"));
    quick(&mut c, QuickCommand::Begin { area: "Orchard".into() });
    c.scouts = 1;
    quick(&mut c, QuickCommand::FogRoll { roll: d(7) });
    let r = quick(&mut c, QuickCommand::FogRoll { roll: d(2) });
    assert_eq!(c.scouts, 0);
    assert!(r.lines[0].starts_with("A Scout spent to re-roll Fog of War"));
    assert!(
        refused(&mut c, CampaignCommand::Quick(QuickCommand::FogRoll { roll: d(3) }))
            .contains("you have none (10.2.2)")
    );
    let r = quick(&mut c, QuickCommand::FogEvent(FogChoices::default()));
    assert!(r.lines.iter().any(|l| l.starts_with("4 Battle Turns less two: 2")), "{:?}", r.lines);
    // Turn 1: the Confederates attack 10 against 8 without Lee: +2, one column left, the 0
    // column; a 5 there is A 2 D 1 (made up).
    let (inf, cav, blue, brigade) =
        (id(&c, "Grey Infantry C"), id(&c, "Grey Cavalry"), id(&c, "Blue Infantry C"), id(&c, "Blue Brigade"));
    let r = quick(&mut c, fight(5));
    assert!(r.lines.iter().any(|l| l == "Column 0"), "{:?}", r.lines);
    assert_eq!(place(&c, inf), Place::Beside, "two Hits on the Line infantry, the lowest Skill Level");
    assert_eq!(place(&c, brigade), Place::AdditionalCup);
    assert_eq!(c.battle.as_ref().unwrap().stage, QuickStage::Decide);
    assert!(refused(&mut c, CampaignCommand::EndBattles).contains("a battle is being fought"));
    quick(&mut c, QuickCommand::NextTurn);
    // Turn 2: the Union's 6 against 4 attacks: +2, a column right for the Confederates
    // defending without Lee: +4 or more; a 9 there is A 1 D 3.
    let r = quick(&mut c, fight(9));
    assert!(
        r.lines.iter().any(|l| l == "Battle Turn 2 of 2: the Union forces attack (Determine Attacker (Quick))"),
        "{:?}",
        r.lines
    );
    assert_eq!(place(&c, cav), Place::Beside);
    assert_eq!(c.piece(blue).unwrap().strength, Strength::Reduced);
    assert!(r.lines.iter().any(|l| l.starts_with("2 Hits on the Confederate forces are discounted")), "{:?}", r.lines);
    assert!(c.battle.is_none(), "every Confederate destroyed: the battle ends (14.7 (Quick))");
    run(&mut c, CampaignCommand::EndBattles);
}

#[test]
fn quick_battle_an_army_destroyed_to_the_last_force_ends_it_without_a_rout() {
    let mut c = orchard_battle(BattleRules::Quick);
    put_k(&mut c, "Grey Infantry A", area("Orchard"));
    quick(&mut c, QuickCommand::Begin { area: "Orchard".into() });
    quick(&mut c, QuickCommand::FogRoll { roll: d(2) });
    quick(&mut c, QuickCommand::FogEvent(FogChoices::default()));
    // 17 against 8 at +9: the +4 or more column, a column left for Lee's absence: +1 to +3.
    // A 9 there: A 2, D 3: the Brigade goes, Blue Infantry C is flipped then destroyed.
    let cp = c.confederate_cp;
    let r = quick(&mut c, fight(9));
    assert_eq!(place(&c, id(&c, "Blue Infantry C")), Place::ReinforcementCup, "{:?}", r.lines);
    assert!(c.battle.is_none(), "the Union army is destroyed to the last force");
    assert_eq!(c.confederate_cp, cp, "no Command Point for a Rout");
}

#[test]
fn quick_battle_the_player_may_retreat_between_turns() {
    let mut c = orchard_battle(BattleRules::Quick);
    quick(&mut c, QuickCommand::Begin { area: "Orchard".into() });
    quick(&mut c, QuickCommand::FogRoll { roll: d(2) });
    quick(&mut c, QuickCommand::FogEvent(FogChoices::default()));
    let cav = id(&c, "Grey Cavalry");
    let inf = id(&c, "Grey Infantry C");
    // A 10 in the 0 column: A 2, D 2 (made up): the Line infantry is flipped and destroyed;
    // the Brigade goes and Blue Infantry C is flipped: 4 against 4, a Battle Turn left.
    quick(&mut c, fight(10));
    assert_eq!(place(&c, inf), Place::Beside);
    let e =
        refused(&mut c, CampaignCommand::Quick(QuickCommand::Retreat { confederate_to: vec![(cav, "Depot".into())] }));
    assert!(e.contains("Depot is not an adjacent Area free of Union Forces (14.5)"), "{e}");
    assert!(
        refused(&mut c, CampaignCommand::Quick(QuickCommand::Retreat { confederate_to: vec![] })).contains("say where")
    );
    quick(&mut c, QuickCommand::Retreat { confederate_to: vec![(cav, "Ridge".into())] });
    assert_eq!(place(&c, cav), area("Ridge"));
    assert!(c.battle.is_none());
}

#[test]
fn very_quick_battle_one_roll_times_the_battle_turns_then_the_withdrawal() {
    let mut c = orchard_battle(BattleRules::VeryQuick);
    quick(&mut c, QuickCommand::Begin { area: "Orchard".into() });
    quick(&mut c, QuickCommand::FogRoll { roll: d(1) });
    let r = quick(&mut c, QuickCommand::FogEvent(FogChoices::default()));
    assert!(r.lines.iter().any(|l| l.starts_with("3 Battle Turns less two: 1")), "{:?}", r.lines);
    assert!(c.battle.as_ref().unwrap().confederate_shift, "the Insight becomes a Confederate shift");
    // 10 against 8: +1 to +3; a column left without Lee, right again by the player. A 6: A 2, D 2.
    let r = run(
        &mut c,
        CampaignCommand::Quick(QuickCommand::Fight {
            roll: d(6),
            confederate_shift: Some(Shift::Right),
            union_picks: vec![],
            confederate_picks: vec![],
        }),
    );
    assert!(
        r.lines.iter().any(|l| l == "Confederate BRT \u{b1}1: one column Right (Fog of War and Battle Turns)"),
        "{:?}",
        r.lines
    );
    assert!(
        r.lines.iter().any(|l| l == "Rolled 6: A 2 D 2 (Determine Hits to Attacker and Defender)"),
        "{:?}",
        r.lines
    );
    assert!(!c.battle.as_ref().unwrap().confederate_shift, "used");
    assert_eq!(c.battle.as_ref().unwrap().stage, QuickStage::Withdrawal);
    // The Grey Infantry C is gone (4 left), the Brigade gone and Blue Infantry C flipped (4):
    // less than 2:1, the table: a 9 is Encamp.
    assert!(
        refused(
            &mut c,
            CampaignCommand::Quick(QuickCommand::Withdraw { roll: None, retreat_instead: false, picks: vec![] })
        )
        .contains("roll the d10 on the Withdrawal table")
    );
    assert!(
        refused(
            &mut c,
            CampaignCommand::Quick(QuickCommand::Withdraw { roll: Some(d(9)), retreat_instead: true, picks: vec![] })
        )
        .contains("only a Rejoin")
    );
    quick(&mut c, QuickCommand::Withdraw { roll: Some(d(9)), retreat_instead: false, picks: vec![] });
    assert!(c.pending_battles().is_empty());
    assert_eq!(c.encamped, vec!["Orchard".to_string()]);
}

#[test]
fn rule_14_8_3_a_confederate_retreat_loses_the_guns_and_goes_to_one_random_area() {
    let mut c = orchard_battle(BattleRules::VeryQuick);
    put_k(&mut c, "Grey Battery", area("Orchard"));
    quick(&mut c, QuickCommand::Begin { area: "Orchard".into() });
    quick(&mut c, QuickCommand::FogRoll { roll: d(1) });
    quick(&mut c, QuickCommand::FogEvent(FogChoices::default()));
    // 13 against 8 at +5, a column left without Lee: +1 to +3; a 4 there: A 2, D 1, one Battle
    // Turn: the Line infantry goes, and the Brigade: 7 against 6.
    quick(&mut c, fight(4));
    // A 7 on the made-up table: Confederate Retreat.
    let battery = id(&c, "Grey Battery");
    let guns_before = c.cup(&Place::AdditionalCup).len();
    let r = quick(&mut c, QuickCommand::Withdraw { roll: Some(d(7)), retreat_instead: false, picks: vec![0] });
    assert_eq!(place(&c, battery), Place::Captured, "{:?}", r.lines);
    assert_eq!(
        c.cup(&Place::AdditionalCup).len() + 1,
        guns_before,
        "a Union Battery of 3 or less takes its place (5.9.2.2)"
    );
    assert!(c.in_area("Orchard", Loyalty::Confederate).is_empty());
    assert_eq!(
        place(&c, id(&c, "Grey Cavalry")),
        area("Ridge"),
        "no Confederate-Held Area beside: one the Union does not Hold"
    );
    let twos = ids(&c, "Blue Battery 2");
    assert!(twos.iter().any(|g| place(&c, *g) == area("Orchard")), "the Union's highest gun of 3 or less: a 2");
}

#[test]
fn very_quick_rejoin_may_become_a_retreat_or_a_new_battle() {
    let mut c = orchard_battle(BattleRules::VeryQuick);
    quick(&mut c, QuickCommand::Begin { area: "Orchard".into() });
    quick(&mut c, QuickCommand::FogRoll { roll: d(1) });
    quick(&mut c, QuickCommand::FogEvent(FogChoices::default()));
    // One Battle Turn, a 9 at column 0: A 2 D 2; both armies keep a force.
    quick(&mut c, fight(9));
    let r = quick(&mut c, QuickCommand::Withdraw { roll: Some(d(1)), retreat_instead: false, picks: vec![] });
    assert!(r.lines.iter().any(|l| l.starts_with("Rejoin: a new battle at once")), "{:?}", r.lines);
    assert_eq!(c.battle.as_ref().unwrap().stage, QuickStage::FogOfWar);
}

#[test]
fn rule_10_2_10_a_battle_on_the_sheet_starts_from_the_campaign() {
    let mut c = orchard_battle(BattleRules::Basic);
    let forces = c.forces_at("Orchard").unwrap();
    assert_eq!(forces.len(), 4);
    assert_eq!(forces[0].1.name, "Grey Infantry C (made up)");
    let q = c.quantity_inputs("Orchard").unwrap();
    assert_eq!((q.confederate_without_lee, q.lee_rating_if_present, q.union_base), (1, None, 2));
    c.lee = Some("Orchard".into());
    assert_eq!(c.quantity_inputs("Orchard").unwrap().lee_rating_if_present, Some(2), "Lee's Command Rating (10.2.10)");
    assert_eq!(crate::prebattle::plan_quantities(&c.quantity_inputs("Orchard").unwrap()).unwrap(), (2, 2));
}

#[test]
fn rule_14_7_very_quick_the_whole_union_army_destroyed_ends_the_battle_without_a_withdrawal() {
    let mut c = orchard_battle(BattleRules::VeryQuick);
    put_k(&mut c, "Blue Brigade", Place::AdditionalCup);
    let blue = id(&c, "Blue Infantry C");
    c.piece_mut(blue).unwrap().strength = Strength::Reduced;
    quick(&mut c, QuickCommand::Begin { area: "Orchard".into() });
    quick(&mut c, QuickCommand::FogRoll { roll: d(1) });
    quick(&mut c, QuickCommand::FogEvent(FogChoices::default()));
    let r = quick(&mut c, fight(6));
    assert_eq!(place(&c, blue), Place::ReinforcementCup, "{:?}", r.lines);
    assert!(c.in_area("Orchard", Loyalty::Union).is_empty());
    assert!(c.battle.is_none(), "no Union Retreat with nothing left to move: {:?}", c.battle);
    assert!(
        r.lines.iter().any(|l| l.starts_with("The whole Union army is destroyed: the battle ends with no Withdrawal")),
        "{:?}",
        r.lines
    );
    assert!(!c.in_area("Orchard", Loyalty::Confederate).is_empty(), "the Confederates stay in the Orchard");
    assert!(c.pending_battles().is_empty());
    run(&mut c, CampaignCommand::EndBattles);
}

#[test]
fn rule_11_10_very_quick_both_armies_destroyed_end_the_battle_with_nobody_to_withdraw() {
    let mut c = orchard_battle(BattleRules::VeryQuick);
    quick(&mut c, QuickCommand::Begin { area: "Orchard".into() });
    quick(&mut c, QuickCommand::FogRoll { roll: d(2) });
    quick(&mut c, QuickCommand::FogEvent(FogChoices::default()));
    // Two Battle Turns, a 9 at column 0: 4 Hits each way, every force gone, a Hit discounted
    // on each side (11.10 (Very Quick)).
    let r = quick(&mut c, fight(9));
    assert!(
        r.lines.iter().any(|l| l.starts_with("Both armies are destroyed: the battle ends with no Withdrawal")),
        "{:?}",
        r.lines
    );
    assert!(c.battle.is_none() && c.pending_battles().is_empty());
    assert!(c.in_area("Orchard", Loyalty::Union).is_empty() && c.in_area("Orchard", Loyalty::Confederate).is_empty());
}
