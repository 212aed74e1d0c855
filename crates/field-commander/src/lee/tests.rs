use super::*;
use crate::battle::Force;
use crate::battlefield::Region::{self, *};
use crate::force::Skill::*;
use crate::force::{Entry, Strength};
use crate::game::{BattleError, Command, FieldCommander};
use crate::testkit::*;
use crate::union::Tactics;
use companion_core::d10::D10;
use companion_core::session::Session;

fn rolls(faces: &[u8]) -> Vec<D10> {
    faces.iter().map(|f| d(*f)).collect()
}

fn column(mut f: Force) -> Force {
    f.formation = Formation::Column;
    f
}

fn at(stage: Stage, forces: Vec<Force>) -> Session<FieldCommander> {
    let mut s = session_at(stage, forces);
    let mut g = s.game().clone();
    g.battle.tactics = Some(Tactics::Defensive);
    g.battle.cup = Some(crate::union::Cup::filled(Tactics::Defensive, vec![]));
    s.replace(g);
    s
}

fn lee(
    s: &mut Session<FieldCommander>,
    force: u32,
    order: LeeOrder,
    faces: &[u8],
) -> Result<crate::game::Report, BattleError> {
    s.dispatch(&Command::ConfederateAct { force, order, rolls: rolls(faces), tie: 0 }, 0.0)
}

fn place(s: &mut Session<FieldCommander>, force: u32, plan: BattlePlan) -> Result<crate::game::Report, BattleError> {
    s.dispatch(&Command::PlacePlan { force: Some(force), plan, rolls: vec![] }, 0.0)
}

fn region(s: &Session<FieldCommander>, id: u32) -> Region {
    s.game().battle.field.get(id).unwrap().region
}

fn march() -> LeeOrder {
    LeeOrder::March { change: FormationChange::None, back: false, second: SecondMove::None }
}

#[test]
fn rule_11_4_example_longstreet_marches_in_column_and_shocks_the_lowest_skill() {
    // Longstreet (Activation 3) in Column; Slocum (Conscript) and a Brigade (Line) ahead.
    let mut s = at(
        Stage::ConfederateResolve,
        vec![
            column(conf_inf(1, "Longstreet", Line, 3, 6, ConfederateFront)),
            union_inf(2, "Slocum", Conscript, 3, 3, UnionFront),
            union_inf(3, "Brigade", Line, 3, 3, UnionFront),
        ],
    );
    let need = lee(&mut s, 1, march(), &[]).unwrap_err();
    let BattleError::NeedRoll { need, .. } = need else { panic!() };
    assert_eq!(need.kind, crate::dice::RollKind::Check { target: 3 }, "the Shock attack's own Activation check (11.4)");
    // 2: Activates. Slocum's Defensive Fire fails to Activate (9); its Shock check at 3 - 2 = 1
    // fails on a 9 (11.4.3): a Hit and a Retreat.
    let r = lee(&mut s, 1, march(), &[2, 9, 9]).unwrap();
    let slocum = s.game().battle.field.get(2).unwrap();
    assert_eq!((slocum.region, slocum.strength), (UnionApproach, Strength::Reduced), "{:?}", r.lines);
    assert_eq!(region(&s, 1), UnionFront, "Longstreet enters");
    assert!(s.game().battle.field.in_melee(1).unwrap(), "with the Brigade: Melee next turn");
}

#[test]
fn rule_11_4_failing_the_shock_activation_holds() {
    let mut s = at(
        Stage::ConfederateResolve,
        vec![
            column(conf_inf(1, "Longstreet", Line, 3, 6, ConfederateFront)),
            union_inf(2, "Slocum", Conscript, 3, 3, UnionFront),
        ],
    );
    lee(&mut s, 1, march(), &[4]).unwrap();
    assert_eq!(region(&s, 1), ConfederateFront);
}

#[test]
fn rule_12_3_4_engage_example_drives_slocum_back_then_fires() {
    let mut s = at(
        Stage::ConfederatePlans,
        vec![
            column(conf_inf(1, "Longstreet", Line, 7, 6, ConfederateFront)),
            union_inf(2, "Slocum", Conscript, 3, 3, UnionFront),
        ],
    );
    place(&mut s, 1, BattlePlan::Engage).unwrap();
    assert!(place(&mut s, 1, BattlePlan::Volley).is_err(), "one counter a force, and the quantity is 1");
    let mut g = s.game().clone();
    g.battle.stage = Stage::ConfederateResolve;
    s.replace(g);
    assert!(lee(&mut s, 1, LeeOrder::Fire, &[]).is_err(), "a force with a counter must follow it (12.2)");
    // Column: no Activation roll, no roll for the Shock. Slocum's Defensive Fire fails (9), its
    // Shock check at 1 fails (9); Longstreet, alone in the Union Front, changes to Line and
    // fires at range 1 with +1/+1: 7/1, a 5 hits.
    let r = lee(&mut s, 1, LeeOrder::Counter, &[9, 9, 5]).unwrap();
    assert_eq!(region(&s, 1), UnionFront);
    assert_eq!(s.game().battle.field.get(1).unwrap().formation, Formation::Line);
    assert!(s.game().battle.field.get(2).is_err(), "the reduced Slocum is Destroyed: {:?}", r.lines);
    assert!(r.modifiers.iter().any(|m| m.rule == "12.3.4"), "{:?}", r.modifiers);
    assert!(s.game().battle.plans.is_empty(), "the counter goes back to the stock (14.4)");
}

#[test]
fn rule_12_3_6_flank_example_cumulative_minus_five_then_melee() {
    let mut s = at(
        Stage::ConfederateResolve,
        vec![
            column(conf_inf(1, "Longstreet", Line, 5, 6, ConfederateApproach)),
            union_inf(2, "Slocum", Conscript, 3, 3, UnionFront),
            union_inf(3, "Smith", Conscript, 3, 3, UnionFront),
        ],
    );
    let mut g = s.game().clone();
    g.battle.plans.push(PlacedPlan { plan: BattlePlan::Flank, force: Some(1) });
    s.replace(g);
    let r = lee(&mut s, 1, LeeOrder::Counter, &[9, 5]).unwrap();
    assert!(r.modifiers.iter().any(|m| m.rule == "12.3.6" && m.combat == -3), "{:?}", r.modifiers);
    assert_eq!(region(&s, 1), UnionFront);
    assert_eq!(region(&s, 2), UnionApproach, "Slocum fails at 3 - 3 - 2 with a 5");
    assert!(s.game().battle.field.in_melee(1).unwrap(), "Smith is still there: Melee, the counter is discarded");
}

#[test]
fn rule_12_3_10_rapid_fire_example_two_hits_then_the_battery() {
    let mut inf =
        force(1, "Infantry", Loyalty::Confederate, ForceType::Infantry, Line, Some(5), 7, Some(2), ConfederateFront);
    inf.formation = Formation::Line;
    let mut s = at(
        Stage::ConfederateResolve,
        vec![
            inf,
            force(2, "Battery", Loyalty::Union, ForceType::Artillery, Line, None, 3, None, UnionFront),
            union_inf(3, "Poor Line Infantry", PoorLine, 4, 4, UnionFront),
        ],
    );
    let mut g = s.game().clone();
    g.battle.plans.push(PlacedPlan { plan: BattlePlan::RapidFire, force: Some(1) });
    s.replace(g);
    // Line: no roll. 7/2 - 1/-1 = 6/1: a 1 is two Hits on the Poor Line Infantry, Destroyed.
    // The second attack at 5/0 goes to the Battery: a 9 misses.
    let r = lee(&mut s, 1, LeeOrder::Counter, &[1, 9]).unwrap();
    assert!(s.game().battle.field.get(3).is_err(), "{:?}", r.lines);
    assert!(s.game().battle.field.get(2).is_ok());
    assert!(r.lines.iter().any(|l| l.contains("at 5/0")), "{:?}", r.lines);
}

#[test]
fn rule_12_3_5_fighting_retreat_example_activates_at_one_and_retreats_two() {
    let mut s = at(
        Stage::ConfederateResolve,
        vec![
            conf_inf(1, "Longstreet", Line, 3, 6, ConfederateFront),
            union_inf(2, "Slocum", Conscript, 3, 3, UnionFront),
            union_inf(3, "Smith", Conscript, 3, 3, UnionFront),
            union_inf(4, "Richardson", Conscript, 3, 3, UnionFront),
        ],
    );
    let mut g = s.game().clone();
    g.battle.plans.push(PlacedPlan { plan: BattlePlan::FightingRetreat, force: Some(1) });
    s.replace(g);
    let need = lee(&mut s, 1, LeeOrder::Counter, &[]).unwrap_err();
    let BattleError::NeedRoll { need, .. } = need else { panic!() };
    assert_eq!(need.kind, crate::dice::RollKind::Check { target: 1 }, "3 - 2 in Line (12.3.5)");
    let r = lee(&mut s, 1, LeeOrder::Counter, &[1, 6]).unwrap();
    assert!(r.lines.iter().any(|l| l.contains("at 5/-1") && l.contains("0 Hit")), "{:?}", r.lines);
    assert_eq!(region(&s, 1), ConfederateReserve);
}

#[test]
fn rule_12_4_1_march_example_column_before_moving_needs_no_roll() {
    let mut s = at(
        Stage::ConfederateResolve,
        vec![
            conf_inf(1, "Longstreet", Line, 3, 6, ConfederateFront),
            union_inf(2, "Slocum", Conscript, 3, 3, UnionApproach),
        ],
    );
    let order = LeeOrder::March { change: FormationChange::Before, back: false, second: SecondMove::None };
    lee(&mut s, 1, order, &[]).unwrap();
    let f = s.game().battle.field.get(1).unwrap();
    assert_eq!((f.region, f.formation), (UnionFront, Formation::Column));
    let line = LeeOrder::March { change: FormationChange::None, back: false, second: SecondMove::None };
    let mut t = at(
        Stage::ConfederateResolve,
        vec![
            conf_inf(1, "Longstreet", Line, 3, 6, ConfederateFront),
            union_inf(2, "Slocum", Conscript, 3, 3, UnionApproach),
        ],
    );
    lee(&mut t, 1, line, &[4]).unwrap();
    assert_eq!(region(&t, 1), ConfederateFront, "in Line it rolls 3 or less; a 4 Holds");
}

#[test]
fn rule_12_2_where_counters_go() {
    let mut s = at(
        Stage::ConfederatePlans,
        vec![
            force(1, "Guns", Loyalty::Confederate, ForceType::Artillery, Line, None, 3, None, ConfederateReserve),
            force(2, "Horse", Loyalty::Confederate, ForceType::Cavalry, Line, Some(5), 3, None, ConfederateApproach),
            conf_inf(3, "Hill", Line, 5, 5, UnionFront),
            union_inf(4, "Slocum", Conscript, 3, 3, UnionFront),
        ],
    );
    let mut g = s.game().clone();
    g.battle.quantities = Some((4, 2));
    s.replace(g);
    assert!(place(&mut s, 1, BattlePlan::Volley).is_err(), "Infantry only");
    assert!(place(&mut s, 2, BattlePlan::AimedVolley).is_err(), "Infantry only");
    assert!(place(&mut s, 3, BattlePlan::Engage).is_err(), "in Melee: no counter (12.2)");
    place(&mut s, 1, BattlePlan::Canister).unwrap();
    place(&mut s, 3, BattlePlan::Prepare).unwrap();
    place(&mut s, 2, BattlePlan::Engage).unwrap();
    s.dispatch(&Command::PlacePlan { force: None, plan: BattlePlan::Formation, rolls: vec![] }, 0.0).unwrap();
    assert!(
        s.dispatch(&Command::PlacePlan { force: None, plan: BattlePlan::Cover, rolls: vec![] }, 0.0).is_err(),
        "the quantity is 4"
    );
    let mut g = s.game().clone();
    g.battle.stage = Stage::UnionResolve;
    s.replace(g);
    let union_first = s.dispatch(&Command::UnionAct { force: 4, rolls: vec![], tie: 0 }, 0.0);
    assert!(union_first.is_err(), "Hill has Prepare: it acts before the Union (12.3.8)");
    assert!(lee(&mut s, 2, LeeOrder::Counter, &[]).is_err(), "the others act in their own step");
    assert!(lee(&mut s, 3, LeeOrder::Counter, &[]).is_err(), "in Melee Hill uses a Default Battle Plan (12.3.8)");
    lee(&mut s, 3, LeeOrder::Fire, &[9]).unwrap();
    assert!(prepared_waiting(&s.game().battle).is_empty());
}

#[test]
fn rule_12_3_3_cover_rolls_when_placed_and_shields_from_union_fire() {
    let mut s = at(
        Stage::ConfederatePlans,
        vec![
            conf_inf(1, "Longstreet", Line, 5, 6, ConfederateApproach),
            union_inf(2, "Slocum", Conscript, 3, 4, ConfederateFront),
        ],
    );
    s.dispatch(&Command::PlacePlan { force: Some(1), plan: BattlePlan::Cover, rolls: rolls(&[2]) }, 0.0).unwrap();
    assert!(s.game().battle.field.get(1).unwrap().cover);
    let v =
        crate::union::union_attack(&s.game().battle.field, 2, 1, crate::union::AttackKind::Ranged, &Default::default())
            .unwrap();
    assert_eq!(v.combat(), 3, "the example: 4 becomes 3 (12.3.3)");
}

#[test]
fn rule_12_4_3_disrupt_takes_a_plan_out_of_the_cup() {
    let mut s = at(
        Stage::ConfederateResolve,
        vec![
            force(1, "Stuart", Loyalty::Confederate, ForceType::Cavalry, Line, Some(6), 3, None, ConfederateFront),
            union_inf(2, "Slocum", Conscript, 3, 3, UnionApproach),
        ],
    );
    let order = LeeOrder::Disrupt { plan: Some(crate::union::SpecialPlan::HeavyFire), picks: vec![] };
    lee(&mut s, 1, order, &[4]).unwrap();
    let b = &s.game().battle;
    assert_eq!(region(&s, 1), ConfederateReserve);
    let cup = b.cup.as_ref().unwrap();
    assert!(!cup.contents.contains(&crate::union::SpecialPlan::HeavyFire));
    assert_eq!(cup.disrupted, vec![crate::union::SpecialPlan::HeavyFire], "back at the end of the next draw");
}

#[test]
fn rule_11_2_1_clear_orders_march_in_line_without_a_roll() {
    let mut s = at(
        Stage::ConfederateResolve,
        vec![
            conf_inf(1, "Longstreet", Line, 3, 6, ConfederateApproach),
            union_inf(2, "Slocum", Conscript, 3, 3, UnionApproach),
        ],
    );
    assert!(s.dispatch(&Command::ClearOrders { forces: vec![1] }, 0.0).is_err(), "no Scout");
    let mut g = s.game().clone();
    g.battle.scouts = 1;
    s.replace(g);
    s.dispatch(&Command::ClearOrders { forces: vec![1] }, 0.0).unwrap();
    lee(&mut s, 1, march(), &[]).unwrap();
    assert_eq!(region(&s, 1), ConfederateFront);
    assert_eq!(s.game().battle.scouts, 0);
}

#[test]
fn rule_11_5_melee_fire_plus_three_and_a_gun_captured() {
    let mut s = at(
        Stage::ConfederateResolve,
        vec![
            conf_inf(1, "Longstreet", Line, 5, 6, UnionReserve),
            force(2, "Battery", Loyalty::Union, ForceType::Artillery, Line, None, 4, None, UnionReserve),
            union_inf(3, "Slocum", Conscript, 3, 3, ConfederateReserve),
        ],
    );
    let r = lee(&mut s, 1, LeeOrder::Fire, &[8]).unwrap();
    assert!(r.modifiers.iter().any(|m| m.rule == "11.5" && m.combat == 3), "{:?}", r.modifiers);
    let b = &s.game().battle;
    assert!(b.field.get(2).is_err());
    assert_eq!(b.captured.len(), 1, "a gun destroyed in Melee is captured (5.9.1)");
    let mut swap = crate::force::Counter::new("Confederate Battery", Loyalty::Confederate, ForceType::Artillery, false);
    swap.skill = Entry::Entered(Line);
    swap.full = crate::force::Face::entered(None, 5, None);
    let too_big = Command::ReplaceCapturedGun { index: 0, counter: Some(swap.clone()) };
    assert!(s.dispatch(&too_big, 0.0).is_err(), "equal or lower Combat Value (5.9.1)");
    swap.full = crate::force::Face::entered(None, 4, None);
    s.dispatch(&Command::ReplaceCapturedGun { index: 0, counter: Some(swap) }, 0.0).unwrap();
    let gun = s.game().battle.field.side(Loyalty::Confederate).find(|f| f.counter.kind == ForceType::Artillery);
    assert_eq!(gun.map(|g| g.region), Some(UnionReserve), "in the same Region");
}

#[test]
fn rule_14_1_10_heavy_fire_asks_for_the_hit_force_check() {
    let mut s = at(
        Stage::UnionResolve,
        vec![
            conf_inf(1, "Longstreet", Line, 5, 6, ConfederateFront),
            union_inf(2, "Slocum", Conscript, 3, 6, UnionFront),
        ],
    );
    let mut g = s.game().clone();
    g.battle.effects.heavy_fire = true;
    s.replace(g);
    let err = s.dispatch(&Command::UnionAct { force: 2, rolls: rolls(&[2, 3]), tie: 0 }, 0.0).unwrap_err();
    let BattleError::NeedRoll { need, so_far } = err else { panic!() };
    assert!(need.what.contains("Heavy Fire"), "{}", need.what);
    assert!(so_far.iter().any(|l| l.contains("flipped")), "{so_far:?}");
    s.dispatch(&Command::UnionAct { force: 2, rolls: rolls(&[2, 3, 7]), tie: 0 }, 0.0).unwrap();
    assert_eq!(region(&s, 1), ConfederateApproach, "7 against 5 fails: one Region back (14.1.10)");
}

#[test]
fn rule_12_4_5_routed_forces_only_retreat() {
    let mut s = at(
        Stage::ConfederateResolve,
        vec![
            conf_inf(1, "Longstreet", Line, 5, 6, ConfederateReserve),
            union_inf(2, "Slocum", Conscript, 3, 6, UnionFront),
        ],
    );
    let mut g = s.game().clone();
    g.battle.routed = Some(Loyalty::Confederate);
    s.replace(g);
    assert!(lee(&mut s, 1, LeeOrder::Hold, &[]).is_err());
    assert!(s.dispatch(&Command::NextStep, 0.0).is_err(), "every Routed force Retreats first");
    lee(&mut s, 1, LeeOrder::Retreat, &[]).unwrap();
    assert!(s.game().battle.field.get(1).is_err(), "behind its Reserve it leaves the battle");
    assert_eq!(s.game().battle.result, Some(crate::state::BattleResult::RoutedOff(Loyalty::Confederate)));
}

#[test]
fn rule_11_4_3_the_shock_checks_are_said_with_their_modifiers_before_the_first_roll() {
    let mut s = at(
        Stage::ConfederateResolve,
        vec![
            column(conf_inf(1, "Longstreet", Line, 5, 6, ConfederateApproach)),
            union_inf(2, "Slocum", Conscript, 3, 3, UnionFront),
        ],
    );
    let mut g = s.game().clone();
    g.battle.plans.push(PlacedPlan { plan: BattlePlan::Flank, force: Some(1) });
    s.replace(g);
    let err = lee(&mut s, 1, LeeOrder::Counter, &[]).unwrap_err();
    let BattleError::NeedRoll { so_far, .. } = err else { panic!() };
    assert!(
        so_far.iter().any(|l| l == "Slocum's Shock check: -2 or less (3: Flank -3 (12.3.6), Formation -2 (11.4.3))"),
        "{so_far:?}"
    );
    assert!(so_far.iter().any(|l| l.starts_with("Longstreet's Shock check if Slocum passes: 8 or less")), "{so_far:?}");
}

proptest::proptest! {
    /// Whatever the player taps, the counters placed never exceed the quantity, a force carries
    /// one besides Prepare, none goes on a force in Melee, and Formation stays beside the sheet
    /// (12.2, 12.3.7, 12.3.8).
    #[test]
    fn counters_placed_keep_to_12_2(
        taps in proptest::collection::vec((0usize..5, 0usize..11), 0..20),
        quantity in 0u32..5,
    ) {
        let mut s = at(
            Stage::ConfederatePlans,
            vec![
                conf_inf(1, "Longstreet", Line, 5, 6, ConfederateApproach),
                force(2, "Stuart", Loyalty::Confederate, ForceType::Cavalry, Line, Some(6), 3, None, ConfederateFront),
                force(3, "Guns", Loyalty::Confederate, ForceType::Artillery, Line, None, 3, None, ConfederateReserve),
                conf_inf(4, "Hill", Line, 5, 5, UnionFront),
                union_inf(5, "Slocum", Conscript, 3, 3, UnionFront),
            ],
        );
        let mut g = s.game().clone();
        g.battle.quantities = Some((quantity, 2));
        s.replace(g);
        for (force, plan) in taps {
            let force = if force == 0 { None } else { Some(force as u32) };
            let plan = BattlePlan::ALL[plan];
            let rolls = if plan == BattlePlan::Cover { vec![d(1)] } else { vec![] };
            let _ = s.dispatch(&Command::PlacePlan { force, plan, rolls }, 0.0);
        }
        let b = &s.game().battle;
        proptest::prop_assert!(b.plans.len() as u32 <= quantity);
        for id in 1..=4u32 {
            let on: Vec<&PlacedPlan> = b.plans.iter().filter(|p| p.force == Some(id)).collect();
            proptest::prop_assert!(on.iter().filter(|p| p.plan != BattlePlan::Prepare).count() <= 1);
            if id == 4 {
                proptest::prop_assert!(on.iter().all(|p| p.plan == BattlePlan::Prepare), "Hill is in Melee");
            }
        }
        proptest::prop_assert!(b.plans.iter().all(|p| (p.plan == BattlePlan::Formation) == p.force.is_none()));
    }
}

#[test]
fn rule_11_9_lee_picks_among_tied_targets_of_the_lowest_skill() {
    let forces = vec![
        conf_inf(1, "Longstreet", Line, 5, 6, ConfederateFront),
        union_inf(2, "Slocum", Conscript, 3, 6, UnionFront),
        union_inf(3, "Sumner", Conscript, 3, 6, UnionFront),
        union_inf(4, "Porter", Veteran, 3, 6, UnionFront),
    ];
    let s = at(Stage::ConfederateResolve, forces.clone());
    let tied = tied_targets(&s.game().battle, 1).unwrap();
    assert_eq!(tied, vec![2, 3], "the two Conscripts, not the Veteran");
    for (tie, want) in [(0, 2), (1, 3)] {
        let mut s = at(Stage::ConfederateResolve, forces.clone());
        let (target, _) = attack_preview(&s.game().battle, 1, None, tie).unwrap().unwrap();
        assert_eq!(target, want, "the preview names the player's pick");
        let r = s.dispatch(&Command::ConfederateAct { force: 1, order: LeeOrder::Fire, rolls: rolls(&[9]), tie }, 0.0);
        let name = if want == 2 { "Slocum" } else { "Sumner" };
        assert!(r.unwrap().lines.iter().any(|l| l.contains(&format!("attacks {name}"))));
    }
}
