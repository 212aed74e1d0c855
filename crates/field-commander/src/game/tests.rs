use super::*;
use crate::battlefield::{Formation, Region};
use crate::force::{Entry, Face, ForceType, Loyalty, Skill, Strength};
use crate::prebattle::{FogTable, PlanPurchase};
use crate::testkit::{conf_inf, d, session_at, union_inf};
use crate::union::{SpecialPlan, Tactics};
use companion_core::session::Session;
use proptest::prelude::*;

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

fn quantities() -> QuantityInputs {
    QuantityInputs {
        confederate_without_lee: 1,
        lee_rating_if_present: None,
        union_base: 2,
        union_fog_bonus: 0,
        purchase: PlanPurchase::None,
        insights_selected: 0,
    }
}

fn set_up() -> Session<FieldCommander> {
    let mut s = Session::<FieldCommander>::new(Game::new("g1", "Gaines's Mill", FogTable::Regular));
    add(&mut s, infantry("Slocum", Loyalty::Union, Skill::Conscript, 3, 3), Region::UnionApproach);
    add(&mut s, infantry("Smith", Loyalty::Union, Skill::Conscript, 3, 3), Region::UnionApproach);
    add(&mut s, infantry("Longstreet", Loyalty::Confederate, Skill::Line, 3, 6), Region::ConfederateApproach);
    s.dispatch(&Command::RollFogOfWar { roll: d(2) }, 0.0).unwrap();
    s.dispatch(&Command::ResolveFogEvent { rolls: vec![], choice: FogChoice::None, pick: 0 }, 0.0).unwrap();
    s.dispatch(&Command::EnvelopmentCheck, 0.0).unwrap();
    let q = Command::SetQuantities { inputs: quantities(), insights: vec![], lee_rating: None };
    s.dispatch(&q, 0.0).unwrap();
    s.dispatch(&Command::PlaceUnion { order: vec![2, 1] }, 0.0).unwrap();
    s.dispatch(&Command::StartBattle, 0.0).unwrap();
    s
}

fn act(s: &mut Session<FieldCommander>, force: u32, rolls: &[u8]) -> Result<Report, BattleError> {
    s.dispatch(&Command::UnionAct { force, rolls: rolls.iter().map(|r| d(*r)).collect(), tie: 0 }, 0.0)
}

fn draw(s: &mut Session<FieldCommander>, plan: SpecialPlan) {
    s.dispatch(&Command::DrawSpecialPlan { plan: Some(plan), pick: 0, rolls: vec![], tie: 0 }, 0.0).unwrap();
}

fn to_tactics(s: &mut Session<FieldCommander>) {
    s.dispatch(&Command::NextStep, 0.0).unwrap();
    s.dispatch(&Command::NextStep, 0.0).unwrap();
    assert_eq!(s.game().battle.stage, Stage::UnionTactics);
}

fn end_turn(s: &mut Session<FieldCommander>) {
    s.dispatch(&Command::NextStep, 0.0).unwrap();
    s.dispatch(&Command::RoutCheck, 0.0).unwrap();
    s.dispatch(&Command::EndTurn, 0.0).unwrap();
}

#[test]
fn rule_10_1_a_battle_from_set_up_to_a_union_attack() {
    let mut s = set_up();
    let b = &s.game().battle;
    assert_eq!(b.turns, Some(4), "Fog of War 2: 4 Battle Turns (10.2.6)");
    assert_eq!(b.confederate_cp, 2, "and 2 Command Points");
    assert_eq!((b.phase, b.stage), (Phase::BattleTurns, Stage::Insights));
    to_tactics(&mut s);
    let need = s.dispatch(&Command::DetermineTactics { rolls: vec![] }, 0.0).unwrap_err();
    assert!(matches!(need, BattleError::NeedRoll { .. }), "6 to 6 asks for the roll: {need:?}");
    s.dispatch(&Command::DetermineTactics { rolls: vec![d(4)] }, 0.0).unwrap();
    assert_eq!(s.game().battle.tactics, Some(Tactics::Aggressive));
    assert_eq!(s.game().battle.field.get(1).unwrap().formation, Formation::Column, "10.3");
    draw(&mut s, SpecialPlan::FogOfWar);
    draw(&mut s, SpecialPlan::WellStruck);
    assert!(s.game().battle.effects.well_struck);
    assert_eq!(s.game().battle.stage, Stage::UnionResolve, "quantity 2: the draw is over");
    assert!(act(&mut s, 2, &[]).is_err(), "front to rear, in placing order (14.3)");
    act(&mut s, 1, &[]).unwrap();
    act(&mut s, 2, &[]).unwrap();
    assert_eq!(s.game().battle.field.get(1).unwrap().region, Region::UnionFront);
    assert_eq!(s.game().battle.stage, Stage::ConfederateResolve);
    end_turn(&mut s);
    assert_eq!(s.game().battle.cup.as_ref().unwrap().contents.len(), 14, "plans go back at the end of the turn");
    assert_eq!((s.game().battle.turn, s.game().battle.stage), (2, Stage::Insights));

    to_tactics(&mut s);
    s.dispatch(&Command::DetermineTactics { rolls: vec![d(6)] }, 0.0).unwrap();
    draw(&mut s, SpecialPlan::FogOfWar);
    draw(&mut s, SpecialPlan::FogOfWar);
    act(&mut s, 1, &[]).unwrap();
    act(&mut s, 2, &[]).unwrap();
    assert_eq!(s.game().battle.union_cp, 1, "the first entry into the Confederate Front pays 1 (18.4)");
    end_turn(&mut s);

    to_tactics(&mut s);
    s.dispatch(&Command::DetermineTactics { rolls: vec![d(8)] }, 0.0).unwrap();
    draw(&mut s, SpecialPlan::WellStruck);
    draw(&mut s, SpecialPlan::FogOfWar);
    let need = act(&mut s, 1, &[]).unwrap_err();
    let BattleError::NeedRoll { need, .. } = need else { panic!() };
    assert_eq!(need.kind, crate::dice::RollKind::Check { target: 3 }, "Slocum's Activation 3 (14.2.2)");
    let report = act(&mut s, 1, &[2, 4]).unwrap();
    assert_eq!(report.modifiers, vec![Modifier::new("14.1.4", "Well-Struck", 2, 0)]);
    assert_eq!(report.hits, vec![HitTaken { force: 3, result: crate::force::HitResult::Flipped }]);
    assert_eq!(s.game().battle.field.get(1).unwrap().formation, Formation::Line, "Combat changes to Line (14.2.2)");
    assert!(s.undo());
    assert_eq!(s.game().battle.field.get(3).unwrap().strength, Strength::Full, "undo takes the Hit back");
}

#[test]
fn rule_10_2_2_a_reroll_spends_a_scout() {
    let mut g = Game::new("g", "Hard", FogTable::Hard);
    g.battle.scouts = 1;
    let mut s = Session::<FieldCommander>::new(g);
    s.dispatch(&Command::RollFogOfWar { roll: d(8) }, 0.0).unwrap();
    s.dispatch(&Command::RollFogOfWar { roll: d(2) }, 0.0).unwrap();
    assert_eq!((s.game().battle.scouts, s.game().battle.turns), (0, Some(4)));
    assert!(s.dispatch(&Command::RollFogOfWar { roll: d(3) }, 0.0).is_err(), "no Scout left");
    assert!(s.dispatch(&Command::RollFogOfWar { roll: d(9) }, 0.0).is_err());
}

#[test]
fn rule_10_2_9_envelopment_ends_the_battle() {
    let mut s = Session::<FieldCommander>::new(Game::new("g", "E", FogTable::Regular));
    add(&mut s, infantry("Slocum", Loyalty::Union, Skill::Conscript, 3, 2), Region::UnionApproach);
    add(&mut s, infantry("Longstreet", Loyalty::Confederate, Skill::Line, 3, 6), Region::ConfederateApproach);
    s.dispatch(&Command::RollFogOfWar { roll: d(2) }, 0.0).unwrap();
    assert!(s.dispatch(&Command::EnvelopmentCheck, 0.0).is_err(), "the event's forces count: resolve it first");
    s.dispatch(&Command::ResolveFogEvent { rolls: vec![], choice: FogChoice::None, pick: 0 }, 0.0).unwrap();
    s.dispatch(&Command::EnvelopmentCheck, 0.0).unwrap();
    let b = &s.game().battle;
    assert_eq!(b.phase, Phase::Ended);
    assert_eq!(b.result, Some(BattleResult::Enveloped(Loyalty::Union)));
    assert_eq!(b.confederate_cp, 3, "2 from Fog of War and 1 for the Envelopment (15.3)");
    assert!(b.field.side(Loyalty::Union).next().is_none());
}

#[test]
fn a_missing_counter_value_is_asked_for_not_guessed() {
    let mut s = Session::<FieldCommander>::new(Game::new("g", "M", FogTable::Regular));
    let blank = Counter::new("Gibbon", Loyalty::Union, ForceType::Infantry, true);
    assert_eq!(blank.missing().len(), 5);
    add(&mut s, blank, Region::UnionApproach);
    s.dispatch(&Command::RollFogOfWar { roll: d(2) }, 0.0).unwrap();
    s.dispatch(&Command::ResolveFogEvent { rolls: vec![], choice: FogChoice::None, pick: 0 }, 0.0).unwrap();
    let err = s.dispatch(&Command::EnvelopmentCheck, 0.0).unwrap_err();
    assert!(matches!(err, BattleError::Rule(RuleError::Missing(_))), "{err:?}");
    assert!(!s.game().battle.envelopment_checked, "a refused command changes nothing");
}

#[test]
fn rule_14_1_1_close_ranks_cancels_a_confederate_hit() {
    let mut s = set_up();
    to_tactics(&mut s);
    s.dispatch(&Command::DetermineTactics { rolls: vec![d(4)] }, 0.0).unwrap();
    draw(&mut s, SpecialPlan::CloseRanks);
    let r = s.dispatch(&Command::Hit { force: 1 }, 0.0).unwrap();
    assert!(r.hits.is_empty());
    assert_eq!(s.game().battle.cup.as_ref().unwrap().contents.len(), 14, "Close Ranks is back in the cup");
    let r = s.dispatch(&Command::Hit { force: 1 }, 0.0).unwrap();
    assert_eq!(r.hits.len(), 1);
}

#[test]
fn the_game_survives_a_save_and_reload() {
    let s = set_up();
    let text = serde_json::to_string(s.game()).unwrap();
    assert!(text.contains("\"system\":\"field-commander-rel\""), "the stored game says its system");
    let back = Game::from_stored(serde_json::from_str(&text).unwrap()).unwrap();
    assert_eq!(&back, s.game());
}

#[test]
fn a_game_is_renamed_and_summed_up_for_the_saved_games_list() {
    let mut s = set_up();
    assert!(s.dispatch(&Command::RenameGame { name: "  ".into() }, 0.0).is_err(), "a game needs a name");
    s.dispatch(&Command::RenameGame { name: " Malvern Hill ".into() }, 5.0).unwrap();
    assert_eq!(s.game().name(), "Malvern Hill");
    let sum = s.game().summary();
    assert_eq!(sum.system, "Field Commander: Robert E. Lee");
    assert_eq!(sum.progress, "Battle Turn 1 of 4: Insight Activation (12.1)");
    assert_eq!(sum.size, "1 Confederate and 2 Union forces");
    assert_eq!(sum.last_change_ms, Some(5.0));
    let fresh = Game::new("n", "New", FogTable::Regular);
    assert_eq!(fresh.summary().progress, "Setting up the battle (10.2)");
}

#[test]
fn rule_4_5_dice_thrown_for_a_step_wait_in_the_game() {
    let forces = vec![
        union_inf(1, "Slocum", Skill::Conscript, 5, 4, Region::UnionFront),
        conf_inf(2, "Longstreet", Skill::Line, 5, 6, Region::ConfederateFront),
    ];
    let mut s = session_at(Stage::UnionResolve, forces);
    let mut g = s.game().clone();
    g.battle.tactics = Some(Tactics::Defensive);
    s.replace(g);
    let step = Command::UnionAct { force: 1, rolls: vec![], tie: 0 };
    s.dispatch(&Command::Roll { roll: d(3), step: Box::new(step.clone()) }, 0.0).unwrap();
    assert_eq!(s.game().battle.rolled, vec![d(3)], "kept in the saved game");
    assert_eq!(s.game().battle.rolled_for.as_deref(), Some(&step), "with the step as asked");
    let other = Command::Roll { roll: d(1), step: Box::new(Command::UnionAct { force: 9, rolls: vec![], tie: 0 }) };
    assert!(s.dispatch(&other, 0.0).is_err(), "dice wait for one step at a time");
    let err = trial(s.game(), &step).unwrap_err();
    let BattleError::NeedRoll { need, so_far } = err else { panic!() };
    assert!(need.what.contains("attack"), "{}", need.what);
    assert!(so_far.iter().any(|l| l.contains("rolls 3")), "{so_far:?}");
    let r = s.dispatch(&Command::UnionAct { force: 1, rolls: vec![d(9)], tie: 0 }, 0.0).unwrap();
    assert!(r.lines.iter().any(|l| l.contains("rolls 9")), "{:?}", r.lines);
    assert!(s.game().battle.rolled.is_empty() && s.game().battle.rolled_for.is_none());
    let too_many = Command::UnionAct { force: 1, rolls: vec![d(1), d(1), d(1), d(1), d(1)], tie: 0 };
    assert!(s.dispatch(&too_many, 0.0).is_err());
}

proptest! {
    /// Any dice given to a Union force's step either complete it or ask for exactly one more,
    /// and what was reported before the missing roll is what the whole step reports first.
    #[test]
    fn dice_complete_a_step_or_ask_for_one_more(faces in proptest::collection::vec(1u8..=10, 0..4)) {
        let forces = vec![
            union_inf(1, "Slocum", Skill::Conscript, 5, 4, Region::UnionFront),
            conf_inf(2, "Longstreet", Skill::Line, 5, 6, Region::ConfederateFront),
        ];
        let mut s = session_at(Stage::UnionResolve, forces);
        let mut g = s.game().clone();
        g.battle.tactics = Some(Tactics::Defensive);
        g.battle.effects.heavy_fire = true;
        s.replace(g);
        let rolls: Vec<D10> = faces.iter().map(|f| d(*f)).collect();
        let cmd = Command::UnionAct { force: 1, rolls: rolls.clone(), tie: 0 };
        match trial(s.game(), &cmd) {
            Ok(_) => {
                let fewer = Command::UnionAct { force: 1, rolls: rolls[..rolls.len().saturating_sub(1)].to_vec(), tie: 0 };
                if !rolls.is_empty() {
                    let asks = matches!(trial(s.game(), &fewer), Err(BattleError::NeedRoll { .. }));
                    prop_assert!(asks, "one die fewer asks for it");
                }
            }
            Err(BattleError::NeedRoll { so_far, .. }) => {
                let mut more = rolls.clone();
                more.extend([d(10); 4]);
                let full = Command::UnionAct { force: 1, rolls: more, tie: 0 };
                if let Ok(r) = trial(s.game(), &full) {
                    prop_assert!(r.lines.starts_with(&so_far));
                }
            }
            Err(BattleError::Rule(e)) => prop_assert!(e.to_string().contains("more dice"), "{e}"),
            Err(e) => prop_assert!(false, "{e:?}"),
        }
    }
}
