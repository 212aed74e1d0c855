//! A campaign in the saved game: its battle on the Battlefield Sheet from set-up to its result
//! on the map, through the game's own commands.

use super::*;
use crate::battlefield::Step;
use crate::campaign::{BattleRules, Phase as CampaignPhase, Place, Settings};
use crate::game::{FieldCommander, FogChoice};
use crate::pack::{PRACTICE, PackEdit, practice_pack};
use companion_core::d10::D10;
use companion_core::system::GameSystem;

fn d(face: u8) -> D10 {
    D10::new(face).unwrap()
}

fn run(g: &mut Game, c: Command) -> Report {
    let mut next = g.clone();
    match FieldCommander::apply(&mut next, &c, 1.0) {
        Ok(r) => {
            *g = next;
            r
        }
        Err(e) => panic!("{c:?} refused: {e}"),
    }
}

fn refused(g: &Game, c: Command) -> String {
    let mut next = g.clone();
    FieldCommander::apply(&mut next, &c, 1.0).expect_err("should be refused").to_string()
}

fn step(g: &mut Game, c: CampaignCommand) -> Report {
    run(g, Command::Campaign(PlayCommand::Step(c)))
}

fn piece(g: &Game, key: &str) -> u32 {
    let c = g.campaign.campaign.as_ref().unwrap();
    let design = c.counters.iter().position(|d| d.key == key).unwrap();
    c.pieces.iter().find(|p| p.design == design).unwrap().id
}

fn place(g: &Game, key: &str) -> Place {
    let c = g.campaign.campaign.as_ref().unwrap();
    c.piece(piece(g, key)).unwrap().place.clone()
}

/// The practice campaign on the Basic rules, its Confederates moved into the Orchard against
/// Blue Infantry C and a Brigade: the battle to resolve (9.3).
fn orchard(confederates: &[&str]) -> Game {
    let mut g = Game::new("g", "Campaign", crate::prebattle::FogTable::Regular);
    run(&mut g, Command::Campaign(PlayCommand::Pack(PackEdit::Replace(Box::new(practice_pack())))));
    let settings = Settings { battles: BattleRules::Basic, ..Settings::default() };
    run(&mut g, Command::Campaign(PlayCommand::Start { campaign: PRACTICE.into(), settings }));
    step(&mut g, CampaignCommand::AdvanceTurn);
    let c = g.campaign.campaign.as_mut().unwrap();
    for k in confederates {
        let design = c.counters.iter().position(|d| d.key == *k).unwrap();
        let id = c.pieces.iter().find(|p| p.design == design).unwrap().id;
        c.piece_mut(id).unwrap().place = Place::Area("Ridge".into());
    }
    let forces: Vec<u32> = confederates.iter().map(|k| piece(&g, k)).collect();
    step(&mut g, CampaignCommand::Move { forces, lee: false, to: "Orchard".into() });
    step(&mut g, CampaignCommand::EndMoves);
    g
}

#[test]
fn rule_10_2_9_a_campaign_battle_enveloped_on_the_sheet_comes_back_to_the_map() {
    let all = ["Grey Infantry A", "Grey Infantry C", "Grey Cavalry", "Grey Guns", "Grey Brigade"];
    let mut g = orchard(&all);
    assert_eq!(
        g.progress(),
        "Practice Campaign (made up): Campaign Turn 1 of 6: Confederate turn, the counter's grey side up"
    );
    run(&mut g, Command::SheetBattle { area: "Orchard".into() });
    assert_eq!(g.battle.field.forces.len(), 7);
    assert!(refused(&g, Command::SheetBattle { area: "Orchard".into() }).contains("finish it first"));
    assert!(
        refused(&g, Command::Campaign(PlayCommand::Step(CampaignCommand::EndBattles))).contains("Battlefield Sheet")
    );
    let blue = g.battle.field.side(Loyalty::Union).map(|f| f.id).next().unwrap();
    assert!(refused(&g, Command::RemoveForce { force: blue }).contains("the campaign's counter"));
    // Fog of War on the Regular table: a 2, 2 Command Points (10.2.6).
    run(&mut g, Command::RollFogOfWar { roll: d(2) });
    run(&mut g, Command::ResolveFogEvent { rolls: vec![], choice: FogChoice::None, pick: 0 });
    // 27 against 8: the Union forces are Enveloped (10.2.9).
    assert_eq!(g.campaign_battle_over(), None, "the battle is being set up");
    run(&mut g, Command::EnvelopmentCheck);
    assert_eq!(g.battle.result, Some(BattleResult::Enveloped(Loyalty::Union)));
    assert_eq!(
        g.campaign_battle_over().as_deref(),
        Some(
            "The battle in Orchard is over: the Union forces were Enveloped (10.2.9); bring its result back to the campaign map (14.7)."
        )
    );
    let r = run(&mut g, Command::SheetResult(AfterBattle::default()));
    assert!(r.lines.iter().any(|l| l.contains("The battle in Orchard is over (14.7)")), "{:?}", r.lines);
    assert!(g.campaign.sheet.is_none() && g.battle.field.forces.is_empty());
    assert_eq!(g.campaign_battle_over(), None, "the result is on the map");
    assert_eq!(place(&g, "Blue Infantry C"), Place::ReinforcementCup);
    assert_eq!(place(&g, "Blue Brigade"), Place::AdditionalCup);
    assert_eq!(place(&g, "Grey Guns"), Place::Area("Orchard".into()));
    let c = g.campaign.campaign.as_ref().unwrap();
    assert_eq!(c.confederate_cp, 2 + 2 + 1, "the set-up's 2, Fog of War's 2, the Envelopment's 1 (15.3)");
    step(&mut g, CampaignCommand::EndBattles);
    assert_eq!(g.campaign.campaign.as_ref().unwrap().phase, CampaignPhase::ForcedMarch);
}

#[test]
fn rule_14_8_the_withdrawal_of_a_campaign_battle_is_settled_on_the_map() {
    let mut g = orchard(&["Grey Infantry C", "Grey Cavalry"]);
    run(&mut g, Command::SheetBattle { area: "Orchard".into() });
    // The battle has run its turns (the engine's own tests fight them): the Withdrawal box,
    // the Cavalry having left the sheet behind its Reserve (14.5.1).
    let cav = g.battle.field.side(Loyalty::Confederate).find(|f| f.counter.kind == crate::force::ForceType::Cavalry);
    let cav = cav.unwrap().id;
    g.battle.field.step(cav, Step::OffTheSheet).unwrap();
    g.battle.phase = crate::state::Phase::Ended;
    g.battle.result = Some(BattleResult::WithdrawalDue);
    assert!(refused(&g, Command::Withdraw { rolls: vec![d(4)] }).contains("settled on the campaign map"));
    assert!(
        g.campaign_battle_over()
            .is_some_and(|w| w.ends_with("where the campaign's Withdrawal table is rolled (14.8).")),
        "{:?}",
        g.campaign_battle_over()
    );
    let say = refused(&g, Command::SheetResult(AfterBattle::default()));
    assert!(say.contains("say where Grey Cavalry (made up) goes"), "{say}");
    let cav_piece = piece(&g, "Grey Cavalry");
    let after = AfterBattle { confederate_to: vec![(cav_piece, "Ridge".into())], ..AfterBattle::default() };
    let say = refused(&g, Command::SheetResult(after.clone()));
    assert!(say.contains("roll the d10 on the Withdrawal table"), "{say}");
    // 6 against 8, a 4: Union Retreat on the practice table (14.8.2).
    let r = run(&mut g, Command::SheetResult(AfterBattle { withdrawal_roll: Some(d(4)), ..after }));
    assert!(
        r.lines.iter().any(|l| l.ends_with("the Withdrawal table reads 4: Union Retreat (14.8.2) (14.8)")),
        "the result in words, not the program's name: {:?}",
        r.lines
    );
    assert_eq!(place(&g, "Grey Cavalry"), Place::Area("Ridge".into()));
    assert_eq!(place(&g, "Blue Infantry C"), Place::Area("Depot".into()));
    assert_eq!(place(&g, "Grey Infantry C"), Place::Area("Orchard".into()));
}

#[test]
fn rule_10_2_6_disease_from_a_battle_on_the_sheet_strikes_the_campaign_map() {
    let mut g = orchard(&["Grey Infantry C", "Grey Cavalry"]);
    run(&mut g, Command::SheetBattle { area: "Orchard".into() });
    let fog = |event| Command::SheetFog { event, choices: FogChoices::default() };
    assert!(refused(&g, fog(FogEvent::GainScout)).contains("resolved on the sheet"));
    assert!(refused(&g, fog(FogEvent::Disease)).contains("resolve this battle's Fog of War event on the sheet first"));
    // A 6 on the Regular table: Disease in a random Confederate-Held Area (10.2.6).
    run(&mut g, Command::RollFogOfWar { roll: d(6) });
    run(&mut g, Command::ResolveFogEvent { rolls: vec![], choice: FogChoice::None, pick: 0 });
    run(&mut g, fog(FogEvent::Disease));
    assert!(refused(&g, fog(FogEvent::Disease)).contains("already"));
    let c = g.campaign.campaign.as_ref().unwrap();
    let a = c.piece(piece(&g, "Grey Infantry A")).unwrap();
    assert_eq!(a.strength, crate::force::Strength::Reduced, "the Capital's Infantry, the one Area you Hold");
}

#[test]
fn a_game_with_a_campaign_goes_to_a_file_and_back_and_a_battle_saved_before_still_reads() {
    let mut g = orchard(&["Grey Infantry C"]);
    run(&mut g, Command::SheetBattle { area: "Orchard".into() });
    let file = crate::file::export_game(&g);
    assert_eq!(crate::file::read_game(&file), Ok(g.clone()));
    let mut old = serde_json::to_value(Game::new("o", "Old battle", crate::prebattle::FogTable::Regular)).unwrap();
    assert!(old.get("campaign").is_none(), "a battle alone writes no campaign");
    old.as_object_mut().unwrap().remove("campaign");
    let read: Game = serde_json::from_value(old).unwrap();
    assert!(read.campaign.is_blank());
}

#[test]
fn rule_14_8_a_battle_of_its_own_resolves_its_withdrawal_on_the_sheet() {
    let mut g = Game::new("b", "Battle", crate::prebattle::FogTable::Regular);
    g.battle.phase = crate::state::Phase::Ended;
    g.battle.result = Some(BattleResult::WithdrawalDue);
    assert_eq!(g.campaign_battle_over(), None, "no campaign waits for it");
}

#[test]
fn rule_8_0_the_game_area_of_a_campaign_says_what_the_campaign_needs_with_no_battle_on_the_sheet() {
    let mut g = Game::new("g", "Campaign", crate::prebattle::FogTable::Regular);
    assert_eq!(g.campaign_now(), None, "a battle of its own");
    run(&mut g, Command::Campaign(PlayCommand::Pack(PackEdit::Replace(Box::new(practice_pack())))));
    assert_eq!(g.campaign_now(), None, "a pack alone is no campaign yet");
    let settings = Settings { battles: BattleRules::Basic, ..Settings::default() };
    run(&mut g, Command::Campaign(PlayCommand::Start { campaign: PRACTICE.into(), settings }));
    let now = g.campaign_now().unwrap();
    assert_eq!(now.step, "Set-up (7.0)");
    assert_eq!(now.items, vec!["Advance the Campaign Turn counter (9.1)".to_string()]);
    assert!(!now.battle_waiting && !now.over);
    let mut g = orchard(&["Grey Infantry C", "Grey Cavalry"]);
    let now = g.campaign_now().unwrap();
    assert!(now.battle_waiting, "{now:?}");
    assert!(now.items.iter().any(|i| i.contains("Resolve the battle in Orchard")), "{:?}", now.items);
    run(&mut g, Command::SheetBattle { area: "Orchard".into() });
    assert_eq!(g.campaign_now(), None, "the battle on the sheet is the campaign's now");
}

#[test]
fn rule_10_2_20_the_screened_approach_cavalry_stays_in_the_battle_location_area() {
    let mut g = orchard(&["Grey Infantry C", "Grey Cavalry"]);
    run(&mut g, Command::SheetBattle { area: "Orchard".into() });
    let cav = g.battle.field.side(Loyalty::Confederate).find(|f| f.counter.kind == crate::force::ForceType::Cavalry);
    let cavalry = cav.unwrap().id;
    run(&mut g, Command::ScreenedApproach { cavalry });
    // The battle is fought (the engine's own tests fight it): the Union is gone.
    g.battle.field.forces.retain(|f| f.counter.loyalty == Loyalty::Confederate);
    g.battle.phase = crate::state::Phase::Ended;
    g.battle.result = Some(BattleResult::OneSideLeft(Loyalty::Confederate));
    run(&mut g, Command::SheetResult(AfterBattle::default()));
    assert_eq!(place(&g, "Grey Cavalry"), Place::Area("Orchard".into()), "back on the map, not destroyed");
    assert_eq!(place(&g, "Grey Infantry C"), Place::Area("Orchard".into()));
}

#[test]
fn rule_5_9_1_a_campaign_battles_captured_gun_offers_the_campaigns_own_replacements() {
    let mut g = orchard(&["Grey Infantry C", "Grey Guns"]);
    run(&mut g, Command::SheetBattle { area: "Orchard".into() });
    let guns = g.battle.field.side(Loyalty::Confederate).find(|f| f.counter.kind == crate::force::ForceType::Artillery);
    let guns = guns.unwrap().clone();
    g.battle.field.forces.retain(|f| f.id != guns.id);
    g.battle.phase = crate::state::Phase::BattleTurns;
    g.battle.captured.push(crate::state::Capture {
        gun: guns.counter.clone(),
        by: Loyalty::Union,
        region: Some(guns.region),
        settled: None,
    });
    let offered = g.capture_candidates(0).unwrap();
    assert_eq!(offered.len(), 1, "the Battery of 4, the same Combat Value (5.9.2.2): {offered:?}");
    assert_eq!(offered[0].name, "Blue Battery 4 (made up)");
    run(&mut g, Command::ReplaceCapturedGun { index: 0, counter: Some(offered[0].clone()) });
    assert!(g.battle.field.forces.iter().any(|f| f.counter.name == "Blue Battery 4 (made up)"));
    g.battle.captured.push(crate::state::Capture { settled: None, ..g.battle.captured[0].clone() });
    let offered = g.capture_candidates(1).unwrap();
    assert!(
        offered.iter().all(|k| k.full.combat.get("", "").ok() == Some(2)),
        "the one Battery of 4 is used: {offered:?}"
    );
    assert_eq!(Game::new("h", "H", crate::prebattle::FogTable::Regular).capture_candidates(0), None);
}

#[test]
fn rule_10_2_8_desertion_from_a_battle_on_the_sheet_checks_a_force_on_the_campaign_map() {
    let mut g = orchard(&["Grey Infantry C", "Grey Cavalry"]);
    run(&mut g, Command::SheetBattle { area: "Orchard".into() });
    g.battle.fog_table = crate::prebattle::FogTable::Veteran;
    // A 10 on the Veteran table: Desertion in a random Confederate-Held Area (10.2.8).
    run(&mut g, Command::RollFogOfWar { roll: d(10) });
    assert_eq!(g.fog_for_the_map(), None, "not resolved yet");
    run(&mut g, Command::ResolveFogEvent { rolls: vec![], choice: FogChoice::None, pick: 0 });
    assert_eq!(g.fog_for_the_map(), Some(FogEvent::Desertion));
    let c = g.campaign.campaign.as_ref().unwrap();
    let (at, who) = c.desertion_target("Orchard", &[0, 0]).unwrap();
    assert_eq!((at.as_str(), who), ("Capital", piece(&g, "Grey Infantry A")), "the one Area you Hold");
    let fog = |roll| Command::SheetFog {
        event: FogEvent::Desertion,
        choices: FogChoices { picks: vec![0, 0], desertion_roll: roll, ..FogChoices::default() },
    };
    assert!(refused(&g, fog(None)).contains("roll the deserting force's Activation check"));
    // A 10 fails any Activation check (4.5): removed from the game.
    run(&mut g, fog(Some(d(10))));
    assert_eq!(place(&g, "Grey Infantry A"), Place::Removed);
    assert_eq!(g.fog_for_the_map(), None, "it has reached the map");
}

#[test]
fn rule_10_2_6_the_brigade_paid_for_in_a_battle_on_the_sheet_is_placed_on_the_campaign_map() {
    let mut g = orchard(&["Grey Infantry C", "Grey Cavalry"]);
    run(&mut g, Command::SheetBattle { area: "Orchard".into() });
    g.battle.confederate_cp = 4;
    g.campaign.campaign.as_mut().unwrap().confederate_cp = 4;
    // A 4 on the Regular table: pay 2 Command Points for a Brigade (10.2.6).
    run(&mut g, Command::RollFogOfWar { roll: d(4) });
    run(&mut g, Command::ResolveFogEvent { rolls: vec![], choice: FogChoice::Pay, pick: 0 });
    assert_eq!(g.fog_for_the_map(), Some(FogEvent::BuyBrigade));
    let c = g.campaign.campaign.as_ref().unwrap();
    let (brigades, areas) = c.brigade_choices("Orchard");
    assert!(!brigades.is_empty(), "an unpurchased Brigade beside the map");
    assert_eq!(areas, vec!["Capital".to_string()], "Held, and not the battle's Area");
    let choices = FogChoices { buy_brigade: Some((brigades[0], areas[0].clone())), ..FogChoices::default() };
    run(&mut g, Command::SheetFog { event: FogEvent::BuyBrigade, choices });
    let c = g.campaign.campaign.as_ref().unwrap();
    assert_eq!(c.piece(brigades[0]).unwrap().place, Place::Area("Capital".into()));
    assert_eq!(g.fog_for_the_map(), None);
}
