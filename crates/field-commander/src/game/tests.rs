use super::*;
use crate::force::{Entry, Face, Skill};
use companion_core::session::Session;

fn d(face: u8) -> D10 {
    D10::new(face).unwrap()
}

fn infantry(name: &str, loyalty: Loyalty, skill: Skill, activation: u8, combat: u8) -> Counter {
    let mut c = Counter::new(name, loyalty, ForceType::Infantry, true);
    c.skill = Entry::Entered(skill);
    c.full = Face::entered(Some(activation), combat, None);
    c.reduced = Entry::Entered(Some(Face::entered(Some(activation), combat - 1, None)));
    c
}

fn add(s: &mut Session<FieldCommander>, c: Counter, region: Region) {
    s.dispatch(&Command::AddForce { counter: c, region, formation: Formation::Line }, 0.0).unwrap();
}

fn set_up() -> Session<FieldCommander> {
    let mut s = Session::<FieldCommander>::new(Battle::new(FogTable::Regular));
    add(&mut s, infantry("Slocum", Loyalty::Union, Skill::Conscript, 3, 3), Region::UnionApproach);
    add(&mut s, infantry("Smith", Loyalty::Union, Skill::Conscript, 3, 3), Region::UnionApproach);
    add(&mut s, infantry("Longstreet", Loyalty::Confederate, Skill::Line, 3, 6), Region::ConfederateApproach);
    s.dispatch(&Command::RollFogOfWar { roll: d(2) }, 0.0).unwrap();
    let q = QuantityInputs {
        confederate_without_lee: 1,
        lee_rating_if_present: None,
        union_base: 2,
        union_fog_bonus: 0,
        purchase: crate::prebattle::PlanPurchase::None,
        insights_selected: 0,
    };
    s.dispatch(&Command::SetQuantities(q), 0.0).unwrap();
    s.dispatch(&Command::StartBattle, 0.0).unwrap();
    s
}

fn act(
    s: &mut Session<FieldCommander>,
    force: u32,
    activation: Option<u8>,
    attack: Option<u8>,
) -> Result<Report, BattleError> {
    s.dispatch(&Command::UnionAct { force, activation: activation.map(d), attack: attack.map(d), tie: 0 }, 0.0)
}

#[test]
fn a_battle_from_set_up_to_a_union_attack() {
    let mut s = set_up();
    assert_eq!(s.game().turns, Some(4), "Fog of War 2: 4 Battle Turns (10.2.6)");
    assert!(s.dispatch(&Command::DetermineTactics { tie_roll: None }, 0.0).is_err(), "6 to 6 asks for the roll");
    s.dispatch(&Command::DetermineTactics { tie_roll: Some(d(4)) }, 0.0).unwrap();
    assert_eq!(s.game().tactics, Some(Tactics::Aggressive));
    assert_eq!(s.game().field.get(1).unwrap().formation, Formation::Column, "10.3");
    s.dispatch(&Command::DrawSpecialPlan { pick: 10, roll: None, tie: 0 }, 0.0).unwrap();
    s.dispatch(&Command::DrawSpecialPlan { pick: 1, roll: None, tie: 0 }, 0.0).unwrap();
    assert!(s.game().effects.well_struck);
    assert!(s.dispatch(&Command::DrawSpecialPlan { pick: 0, roll: None, tie: 0 }, 0.0).is_err(), "quantity 2");
    assert!(act(&mut s, 2, None, None).is_err(), "front to rear, in placing order (14.3)");
    act(&mut s, 1, None, None).unwrap();
    act(&mut s, 2, None, None).unwrap();
    assert_eq!(s.game().field.get(1).unwrap().region, Region::UnionFront);
    s.dispatch(&Command::EndTurn, 0.0).unwrap();
    assert_eq!(s.game().cup.as_ref().unwrap().contents.len(), 14, "plans go back at the end of the turn");

    s.dispatch(&Command::DetermineTactics { tie_roll: Some(d(6)) }, 0.0).unwrap();
    act(&mut s, 1, None, None).unwrap();
    act(&mut s, 2, None, None).unwrap();
    assert_eq!(s.game().union_cp, 1, "the first entry into the Confederate Front pays 1 (18.4)");
    s.dispatch(&Command::EndTurn, 0.0).unwrap();

    s.dispatch(&Command::DetermineTactics { tie_roll: Some(d(8)) }, 0.0).unwrap();
    let pick = s.game().cup.as_ref().unwrap().contents.iter().position(|p| *p == SpecialPlan::WellStruck).unwrap();
    s.dispatch(&Command::DrawSpecialPlan { pick, roll: None, tie: 0 }, 0.0).unwrap();
    assert!(act(&mut s, 1, None, None).is_err(), "the Activation check is asked for");
    let report = act(&mut s, 1, Some(2), Some(4)).unwrap();
    assert_eq!(report.modifiers, vec![Modifier::new("14.1.4", "Well-Struck", 2, 0)]);
    assert_eq!(report.hits, vec![HitTaken { force: 3, result: crate::force::HitResult::Flipped }]);
    assert_eq!(s.game().field.get(1).unwrap().formation, Formation::Line, "Combat changes to Line (14.2.2)");
    assert!(s.undo());
    assert_eq!(s.game().field.get(3).unwrap().strength, Strength::Full, "undo takes the Hit back");
}

#[test]
fn rule_10_2_2_a_reroll_spends_a_scout() {
    let mut s = Session::<FieldCommander>::new(Battle { scouts: 1, ..Battle::new(FogTable::Hard) });
    s.dispatch(&Command::RollFogOfWar { roll: d(8) }, 0.0).unwrap();
    s.dispatch(&Command::RollFogOfWar { roll: d(2) }, 0.0).unwrap();
    assert_eq!((s.game().scouts, s.game().turns), (0, Some(4)));
    assert!(s.dispatch(&Command::RollFogOfWar { roll: d(3) }, 0.0).is_err(), "no Scout left");
    assert!(s.dispatch(&Command::RollFogOfWar { roll: d(9) }, 0.0).is_err());
}

#[test]
fn rule_10_2_9_envelopment_ends_the_battle() {
    let mut s = Session::<FieldCommander>::new(Battle::new(FogTable::Regular));
    add(&mut s, infantry("Slocum", Loyalty::Union, Skill::Conscript, 3, 2), Region::UnionApproach);
    add(&mut s, infantry("Longstreet", Loyalty::Confederate, Skill::Line, 3, 6), Region::ConfederateApproach);
    s.dispatch(&Command::RollFogOfWar { roll: d(2) }, 0.0).unwrap();
    let q = QuantityInputs {
        confederate_without_lee: 1,
        lee_rating_if_present: None,
        union_base: 2,
        union_fog_bonus: 0,
        purchase: crate::prebattle::PlanPurchase::None,
        insights_selected: 0,
    };
    s.dispatch(&Command::SetQuantities(q), 0.0).unwrap();
    s.dispatch(&Command::StartBattle, 0.0).unwrap();
    assert_eq!(s.game().phase, Phase::Ended);
    assert_eq!(s.game().confederate_cp, 1, "15.3: +1 for an Envelopment");
    assert!(s.game().field.side(Loyalty::Union).next().is_none());
}

#[test]
fn a_missing_counter_value_is_asked_for_not_guessed() {
    let mut s = Session::<FieldCommander>::new(Battle::new(FogTable::Regular));
    let blank = Counter::new("Gibbon", Loyalty::Union, ForceType::Infantry, true);
    assert_eq!(blank.missing().len(), 5);
    add(&mut s, blank, Region::UnionApproach);
    s.dispatch(&Command::RollFogOfWar { roll: d(2) }, 0.0).unwrap();
    let err = s.dispatch(&Command::RoutCheck, 0.0).unwrap_err();
    assert!(matches!(err, BattleError::Rule(RuleError::Missing(_))), "{err:?}");
}

#[test]
fn rule_14_1_1_close_ranks_cancels_a_confederate_hit() {
    let mut s = set_up();
    s.dispatch(&Command::DetermineTactics { tie_roll: Some(d(4)) }, 0.0).unwrap();
    s.dispatch(&Command::DrawSpecialPlan { pick: 2, roll: None, tie: 0 }, 0.0).unwrap();
    let r = s.dispatch(&Command::Hit { force: 1 }, 0.0).unwrap();
    assert!(r.hits.is_empty());
    assert_eq!(s.game().cup.as_ref().unwrap().contents.len(), 14, "Close Ranks is back in the cup");
    let r = s.dispatch(&Command::Hit { force: 1 }, 0.0).unwrap();
    assert_eq!(r.hits.len(), 1);
}

#[test]
fn the_battle_survives_a_save_and_reload() {
    let s = set_up();
    let text = serde_json_string(s.game());
    let back: Battle = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, s.game());
}

fn serde_json_string(b: &Battle) -> String {
    serde_json::to_string(b).unwrap()
}
