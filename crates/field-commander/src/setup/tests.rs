use super::*;
use crate::force::{Entry, Face, Skill};
use crate::game::{Command, FieldCommander, Game};
use crate::prebattle::{FogTable, PlanPurchase};
use crate::testkit::d;
use companion_core::session::Session;

fn counter(name: &str, loyalty: Loyalty, kind: ForceType, cv: u8) -> Counter {
    let mut c = Counter::new(name, loyalty, kind, false);
    c.skill = Entry::Entered(Skill::Line);
    c.full = Face::entered(Some(5), cv, None);
    c
}

fn add(s: &mut Session<FieldCommander>, c: Counter, region: Region) {
    s.dispatch(&Command::AddForce { counter: c, region, formation: Formation::Line }, 0.0).unwrap();
}

fn fog(s: &mut Session<FieldCommander>, roll: u8) {
    s.dispatch(&Command::RollFogOfWar { roll: d(roll) }, 0.0).unwrap();
}

#[test]
fn rule_10_2_6_event_8_the_fortification_joins_in_the_union_reserve() {
    let mut s = Session::<FieldCommander>::new(Game::new("g", "G", FogTable::Regular));
    add(&mut s, counter("Longstreet", Loyalty::Confederate, ForceType::Infantry, 6), Region::ConfederateApproach);
    add(&mut s, counter("Brigade", Loyalty::Union, ForceType::Infantry, 4), Region::UnionApproach);
    fog(&mut s, 8);
    let resolve = |rolls: Vec<D10>| Command::ResolveFogEvent { rolls, choice: FogChoice::None, pick: 0 };
    assert!(matches!(s.dispatch(&resolve(vec![]), 0.0), Err(crate::game::BattleError::NeedRoll { .. })));
    s.dispatch(&resolve(vec![d(2)]), 0.0).unwrap();
    assert_eq!(s.game().battle.fog.awaiting, Some(FogForce::Fortification));
    assert!(s.dispatch(&Command::RollFogOfWar { roll: d(3) }, 0.0).is_err(), "no re-roll once resolved (10.2.2)");
    assert!(s.dispatch(&Command::EnvelopmentCheck, 0.0).is_err(), "its force counts");
    add(&mut s, counter("Fort", Loyalty::Union, ForceType::Fortification, 2), Region::UnionApproach);
    let fort = s.game().battle.field.side(Loyalty::Union).find(|f| f.counter.kind == ForceType::Fortification).unwrap();
    assert_eq!(fort.region, Region::UnionReserve, "10.2.6 event 8, 10.2.18");
    assert_eq!(s.game().battle.fog.awaiting, None);
    s.dispatch(&Command::EnvelopmentCheck, 0.0).unwrap();
}

#[test]
fn rule_10_2_6_event_7_no_reinforcement_gives_the_union_four_points() {
    let mut s = Session::<FieldCommander>::new(Game::new("g", "G", FogTable::Regular));
    fog(&mut s, 7);
    s.dispatch(&Command::ResolveFogEvent { rolls: vec![], choice: FogChoice::None, pick: 0 }, 0.0).unwrap();
    s.dispatch(&Command::FogForceUnavailable, 0.0).unwrap();
    assert_eq!(s.game().battle.union_cp, 4);
}

#[test]
fn rule_10_2_6_event_5_six_to_ten_transfers_two_points() {
    let mut g = Game::new("g", "G", FogTable::Regular);
    g.battle.confederate_cp = 3;
    let mut s = Session::<FieldCommander>::new(g);
    fog(&mut s, 5);
    s.dispatch(&Command::ResolveFogEvent { rolls: vec![d(7)], choice: FogChoice::None, pick: 0 }, 0.0).unwrap();
    assert_eq!((s.game().battle.confederate_cp, s.game().battle.union_cp), (1, 2));
}

#[test]
fn rule_10_2_10_example_fog_of_war_ten_and_lee_present() {
    let mut s = Session::<FieldCommander>::new(Game::new("g", "Seven Days", FogTable::Regular));
    add(&mut s, counter("Longstreet", Loyalty::Confederate, ForceType::Infantry, 6), Region::ConfederateApproach);
    add(&mut s, counter("Brigade", Loyalty::Union, ForceType::Infantry, 4), Region::UnionApproach);
    fog(&mut s, 0);
    s.dispatch(&Command::ResolveFogEvent { rolls: vec![], choice: FogChoice::None, pick: 0 }, 0.0).unwrap();
    s.dispatch(&Command::EnvelopmentCheck, 0.0).unwrap();
    let mut g = s.game().clone();
    g.battle.confederate_cp = 2;
    s.replace(g);
    let inputs = QuantityInputs {
        confederate_without_lee: 1,
        lee_rating_if_present: Some(2),
        union_base: 2,
        union_fog_bonus: 0,
        purchase: PlanPurchase::One,
        insights_selected: 0,
    };
    let set = Command::SetQuantities { inputs, insights: vec![Insight::Entrench], lee_rating: None };
    s.dispatch(&set, 0.0).unwrap();
    let b = &s.game().battle;
    assert_eq!(b.quantities, Some((2, 4)), "Lee 2 + 1 bought - 1 Insight; the Union 2 + 2 (10.2.10-10.2.12)");
    assert_eq!((b.confederate_cp, b.lee_rating), (0, Some(2)));
    s.dispatch(&set, 0.0).unwrap();
    assert_eq!(s.game().battle.confederate_cp, 0, "set again: the first purchase is refunded");
}

#[test]
fn rule_10_2_19_the_union_is_placed_at_random_and_the_battle_starts() {
    let mut s = Session::<FieldCommander>::new(Game::new("g", "G", FogTable::Regular));
    add(&mut s, counter("Longstreet", Loyalty::Confederate, ForceType::Infantry, 6), Region::ConfederateApproach);
    for n in 0..5 {
        add(&mut s, counter(&format!("Union {n}"), Loyalty::Union, ForceType::Infantry, 2), Region::UnionApproach);
    }
    add(&mut s, counter("Guns", Loyalty::Union, ForceType::Artillery, 3), Region::UnionApproach);
    assert!(s.dispatch(&Command::StartBattle, 0.0).is_err());
    fog(&mut s, 2);
    s.dispatch(&Command::ResolveFogEvent { rolls: vec![], choice: FogChoice::None, pick: 0 }, 0.0).unwrap();
    s.dispatch(&Command::EnvelopmentCheck, 0.0).unwrap();
    let inputs = QuantityInputs {
        confederate_without_lee: 1,
        lee_rating_if_present: None,
        union_base: 2,
        union_fog_bonus: 0,
        purchase: PlanPurchase::None,
        insights_selected: 0,
    };
    s.dispatch(&Command::SetQuantities { inputs, insights: vec![], lee_rating: None }, 0.0).unwrap();
    assert!(s.dispatch(&Command::PlaceUnion { order: vec![2, 3] }, 0.0).is_err(), "every Union force once");
    s.dispatch(&Command::PlaceUnion { order: vec![7, 6, 5, 4, 3, 2] }, 0.0).unwrap();
    let b = &s.game().battle;
    assert_eq!(b.field.get(7).unwrap().region, Region::UnionReserve, "Artillery in the Reserve");
    assert_eq!(b.field.mobile_in(Loyalty::Union, Region::UnionApproach), 4, "the first 4 Infantry");
    assert_eq!(b.field.get(2).unwrap().region, Region::UnionReserve, "the fifth");
    s.dispatch(&Command::StartBattle, 0.0).unwrap();
    assert_eq!(s.game().battle.stage, crate::state::Stage::Insights);
    assert!(s.game().battle.result.is_none());
}

#[test]
fn rule_10_2_20_screened_approach_places_the_union_first_and_keeps_the_cavalry_on_the_map() {
    let mut s = Session::<FieldCommander>::new(Game::new("g", "G", FogTable::Regular));
    add(&mut s, counter("Longstreet", Loyalty::Confederate, ForceType::Infantry, 6), Region::ConfederateReserve);
    add(&mut s, counter("Stuart", Loyalty::Confederate, ForceType::Cavalry, 3), Region::ConfederateReserve);
    add(&mut s, counter("Brigade", Loyalty::Union, ForceType::Infantry, 4), Region::UnionReserve);
    let (longstreet, stuart, brigade) = (1, 2, 3);
    let screened = |id| Command::ScreenedApproach { cavalry: id };
    assert!(s.dispatch(&screened(longstreet), 0.0).is_err(), "a Cavalry Force only");
    assert!(s.dispatch(&screened(brigade), 0.0).is_err(), "a Confederate one");
    s.dispatch(&screened(stuart), 0.0).unwrap();
    assert!(s.game().battle.field.get(stuart).is_err(), "kept on the campaign map");
    assert!(s.dispatch(&screened(stuart), 0.0).is_err(), "once");
    fog(&mut s, 2);
    s.dispatch(&Command::ResolveFogEvent { rolls: vec![], choice: FogChoice::None, pick: 0 }, 0.0).unwrap();
    s.dispatch(&Command::EnvelopmentCheck, 0.0).unwrap();
    let inputs = QuantityInputs {
        confederate_without_lee: 2,
        lee_rating_if_present: None,
        union_base: 2,
        union_fog_bonus: 0,
        purchase: PlanPurchase::None,
        insights_selected: 0,
    };
    let set = |insights| Command::SetQuantities { inputs, insights, lee_rating: None };
    assert!(s.dispatch(&set(vec![Insight::Morale]), 0.0).is_err(), "Morale still needs Lee (10.2.12)");
    s.dispatch(&set(vec![Insight::Terrain]), 0.0).unwrap();
    assert_eq!(s.game().battle.quantities, Some((1, 2)), "Terrain without Lee, one Battle Plan (10.2.20, 10.2.12)");
    let list = crate::sequence::todo_list(&s.game().battle);
    assert!(list[5].text.contains("Place the Union Forces first"), "{:?}", list[5]);
    assert_eq!(list[5].mark, crate::sequence::Mark::Now);
    let place =
        Command::PlaceForce { force: longstreet, region: Region::ConfederateApproach, formation: Formation::Line };
    let e = s.dispatch(&place, 0.0).unwrap_err().to_string();
    assert!(e.contains("place the Union Forces first"), "{e}");
    assert!(setup_missing(&s.game().battle)[0].starts_with("Place the Union Forces"));
    s.dispatch(&Command::PlaceUnion { order: vec![brigade] }, 0.0).unwrap();
    assert!(s.dispatch(&screened(stuart), 0.0).is_err(), "not once the Union is placed");
    s.dispatch(&place, 0.0).unwrap();
    s.dispatch(&Command::StartBattle, 0.0).unwrap();
}
