//! The Seven Days Battles' worked examples (3.1, 16.1.1, 16.1.2, 16.3.1, 18.1, 18.3) on the
//! campaign the rule text gives, with test entries (marked Entered) for what it does not.

use super::*;
use crate::force::{Entry, Face, ForceType, Skill};
use crate::outcome::Withdrawal;
use crate::pack::{
    ArrivalWhere, BrtCell, CounterDesign, Echelon, Given, Resupply, SEVEN_DAYS, seven_days_from_the_text,
};

#[allow(clippy::too_many_arguments)]
fn counter(
    key: &str,
    loyalty: Loyalty,
    kind: ForceType,
    echelon: Echelon,
    corps: Option<&str>,
    skill: Skill,
    cv: u8,
    copies: u32,
) -> CounterDesign {
    let named = echelon == Echelon::Named;
    let mut c = crate::force::Counter::new(key, loyalty, kind, named);
    c.corps = corps.map(str::to_string);
    c.skill = Entry::Entered(skill);
    let act = if kind == ForceType::Artillery || kind == ForceType::Fortification { None } else { Some(5) };
    c.full = Face::entered(act, cv, None);
    c.reduced =
        Entry::Entered((named && kind == ForceType::Infantry).then(|| Face::entered(act, cv.saturating_sub(2), None)));
    CounterDesign {
        key: key.into(),
        counter: c,
        echelon,
        campaign: named.then(|| SEVEN_DAYS.to_string()),
        copies: Given::Entered(copies),
    }
}

/// The rule text's Seven Days with test entries for the rest.
pub(super) fn seven_days() -> CampaignPack {
    use Echelon::*;
    use ForceType::*;
    use Loyalty::*;
    let mut pack = seven_days_from_the_text();
    pack.scouts = Given::Entered(5);
    pack.hard_fog_row_9 =
        Given::Entered(crate::prebattle::FogRow { turns: 4, event: crate::prebattle::FogEvent::UnionPlans(1) });
    pack.counters = vec![
        counter("Longstreet", Confederate, Infantry, Named, Some("L"), Skill::Veteran, 8, 1),
        counter("A.P. Hill", Confederate, Infantry, Named, Some("L"), Skill::Line, 7, 1),
        counter("D.H. Hill", Confederate, Infantry, Named, Some("L"), Skill::Line, 7, 1),
        counter("Stuart", Confederate, Cavalry, Named, None, Skill::Veteran, 4, 1),
        counter("Pendleton", Confederate, Artillery, Named, None, Skill::Line, 4, 1),
        counter("Jackson", Confederate, Infantry, Named, Some("J"), Skill::Elite, 8, 1),
        counter("III-1", Union, Infantry, Named, Some("III"), Skill::Line, 5, 1),
        counter("III-2", Union, Infantry, Named, Some("III"), Skill::Conscript, 4, 1),
        counter("III-3", Union, Infantry, Named, Some("III"), Skill::Conscript, 4, 1),
        counter("V-1", Union, Infantry, Named, Some("V"), Skill::Line, 4, 1),
        counter("V-2", Union, Infantry, Named, Some("V"), Skill::Line, 5, 1),
        counter("V-3", Union, Infantry, Named, Some("V"), Skill::Line, 5, 1),
        counter("Union Brigade", Union, Infantry, Brigade, None, Skill::Conscript, 2, 1),
        counter("Union Battery 3", Union, Artillery, Battery, None, Skill::Line, 3, 1),
        counter("Union Battery 4", Union, Artillery, Battery, None, Skill::Line, 4, 1),
        counter("Union Battery 2", Union, Artillery, Battery, None, Skill::Line, 2, 1),
        counter("Union Garrison", Union, Garrison, Static, None, Skill::Conscript, 2, 2),
        counter("Union Fortification", Union, Fortification, Static, None, Skill::Line, 4, 2),
        counter("Confederate Garrison", Confederate, Garrison, Static, None, Skill::Line, 2, 3),
        counter("Confederate Fortification", Confederate, Fortification, Static, None, Skill::Line, 3, 3),
    ];
    let c = &mut pack.campaigns[0];
    let links = [
        ("Richmond (North)", "Richmond (Center)"),
        ("Richmond (Center)", "Richmond (South)"),
        ("Richmond (Center)", "Seven Pines"),
        ("Oak Grove", "Beaver Dam Creek"),
        ("Seven Pines", "Glendale"),
        ("Glendale", "Crew House"),
        ("Crew House", "West House"),
        ("West House", "Malvern Hill"),
        ("Crew House", "Western Run"),
        ("Western Run", "Malvern Hill"),
    ];
    for (a, b) in links {
        c.map.links.push(crate::pack::Link {
            a: a.into(),
            b: b.into(),
            river: None,
            origin: crate::pack::Origin::Entered,
        });
    }
    for a in &mut c.map.areas {
        if a.battle_area.is_missing() {
            a.battle_area = Given::Entered(matches!(a.name.as_str(), "West House" | "Western Run" | "Malvern Hill"));
        }
        if a.city_or_fort.is_missing() {
            a.city_or_fort = Given::Entered(false);
        }
    }
    c.lee_start = Given::Entered("Richmond (Center)".into());
    for s in &mut c.starting_forces {
        s.area = Given::Entered("Richmond (Center)".into());
    }
    c.starting = crate::pack::StartingPoints {
        confederate_cp: Given::Entered(0),
        union_cp: Given::Entered(0),
        scouts: Given::Entered(0),
    };
    c.confederate_cp_per_turn = Given::Entered(3);
    c.scouts_per_turn = Given::Entered(1);
    c.plans.confederate.easy = Given::Entered(2);
    c.plans.confederate.hard = Given::Entered(1);
    c.plans.union.hard = Given::Entered(3);
    c.plans.union.veteran = Given::Entered(3);
    c.lee_vp = Given::Entered(4);
    c.withdrawal.rows =
        (1..=10).map(|r| Given::Entered(if r <= 5 { Withdrawal::UnionRetreat } else { Withdrawal::Encamp })).collect();
    for row in c.union_resupply.rows.iter_mut().filter(|r| r.is_missing()) {
        *row = Given::Entered(Resupply::Nothing);
    }
    if let Some(Given::RuleText { value: Resupply::Battery(v), .. }) = c.union_resupply.rows.get_mut(2) {
        for x in v.iter_mut().filter(|x| x.is_missing()) {
            *x = Given::Entered(2);
        }
    }
    for i in [3usize, 6] {
        if let Some(Given::RuleText { value: Resupply::Static(_, v), .. }) = c.union_resupply.rows.get_mut(i) {
            for x in v.iter_mut().filter(|x| x.is_missing()) {
                *x = Given::Entered("Malvern Hill".into());
            }
        }
    }
    for col in &mut c.brt.columns {
        for cell in col.cells.iter_mut().filter(|x| x.is_missing()) {
            *cell = Given::Entered(BrtCell { attacker: 1, defender: 1 });
        }
    }
    c.late_arrivals[0].forces = vec!["Jackson".into()];
    if let crate::pack::ArrivalWhen::RollFromTurn { target, .. } = &mut c.late_arrivals[0].when {
        *target = Given::Entered(5);
    }
    assert_eq!(c.late_arrivals[0].area, ArrivalWhere::ConfederateHeld);
    assert_eq!(pack.validate(), Ok(()));
    pack
}

fn seven_days_at(phase: Phase) -> Campaign {
    let mut c = start(&seven_days(), SEVEN_DAYS, Settings::default());
    advance_to(&mut c, phase);
    c
}

fn third_corps_in(c: &mut Campaign, at: &str) -> Vec<u32> {
    let ids: Vec<u32> = ["III-1", "III-2", "III-3"].iter().map(|k| id(c, k)).collect();
    for i in &ids {
        put(c, *i, area(at));
    }
    c.groups = c.union_groups();
    ids
}

fn order(c: &mut Campaign, at: &str, rolls: &[u8], shift: i8) -> CampaignReport {
    let group = c.groups.iter().position(|g| g.area == at).unwrap();
    run(
        c,
        CampaignCommand::UnionOrder {
            group,
            rolls: rolls.iter().map(|r| d(*r)).collect(),
            shift,
            picks: vec![],
            by_hand: None,
        },
    )
}

#[test]
fn rule_16_1_1_example_a_4_moves_the_third_corps_toward_malvern_hill() {
    let mut c = seven_days_at(Phase::UnionOrders);
    let iii = third_corps_in(&mut c, "Glendale");
    let r = order(&mut c, "Glendale", &[4], 0);
    assert!(
        r.lines.iter().any(|l| l.contains(
            "The III Corps group in Glendale (3 forces): 4 on the Campaign Map Orders (16.1.1), Regular chart"
        )),
        "{:?}",
        r.lines
    );
    assert!(iii.iter().all(|i| place(&c, *i) == area("Crew House")), "the whole group moves one Area");
}

#[test]
fn rule_16_1_2_example_in_crew_house_a_2_holds() {
    let mut c = seven_days_at(Phase::UnionOrders);
    let iii = third_corps_in(&mut c, "Crew House");
    let r = order(&mut c, "Crew House", &[2], 0);
    assert!(r.lines.iter().any(|l| l.contains("Battle Area Orders (16.1.2), Regular chart")), "{:?}", r.lines);
    assert!(iii.iter().all(|i| place(&c, *i) == area("Crew House")));
    assert!(
        r.lines
            .iter()
            .any(|l| l
                == "The group holds in Crew House: the group is in Crew House already, so: the order is Hold (16.4)"),
        "{:?}",
        r.lines
    );
}

#[test]
fn rule_16_3_1_example_a_scout_turns_a_2_into_a_1_and_the_group_holds() {
    let mut c = seven_days_at(Phase::UnionOrders);
    c.scouts = 1;
    let iii = third_corps_in(&mut c, "West House");
    order(&mut c, "West House", &[2], -1);
    assert_eq!(c.scouts, 0);
    assert!(iii.iter().all(|i| place(&c, *i) == area("West House")));
    // Without the Scout, the 2 moves it to Crew House.
    let mut c = seven_days_at(Phase::UnionOrders);
    let iii = third_corps_in(&mut c, "West House");
    order(&mut c, "West House", &[2], 0);
    assert!(iii.iter().all(|i| place(&c, *i) == area("Crew House")));
}

#[test]
fn rule_16_1_2_the_closest_confederate_force_counts_only_within_the_battle_area() {
    let mut c = seven_days_at(Phase::UnionOrders);
    let iii = third_corps_in(&mut c, "Western Run");
    let r = order(&mut c, "Western Run", &[3], 0);
    assert!(r.lines.iter().any(|l| l.contains("no Confederate Force within the Battle Area")), "{:?}", r.lines);
    assert!(iii.iter().all(|i| place(&c, *i) == area("Western Run")));
    let mut c = seven_days_at(Phase::UnionOrders);
    let iii = third_corps_in(&mut c, "Western Run");
    put_k(&mut c, "Stuart", area("Crew House"));
    order(&mut c, "Western Run", &[3], 0);
    assert!(iii.iter().all(|i| place(&c, *i) == area("Crew House")));
}

#[test]
fn rule_18_1_example_refit_then_reinforcements_then_additional_forces() {
    let mut c = seven_days_at(Phase::UnionBattles);
    let line = id(&c, "III-1");
    put(&mut c, line, area("Malvern Hill"));
    c.piece_mut(line).unwrap().strength = Strength::Reduced;
    put_k(&mut c, "V-3", area("West House"));
    put_k(&mut c, "V-1", Place::ReinforcementCup);
    put_k(&mut c, "V-2", Place::ReinforcementCup);
    put_k(&mut c, "Union Battery 4", Place::Unused);
    put_k(&mut c, "Union Battery 2", Place::Unused);
    c.union_cp = 6;
    let r = run(&mut c, CampaignCommand::EndBattles);
    assert!(r.lines.iter().any(|l| l == "Union Resupply: +3 Command Points at Regular (18.0), now 9"), "{:?}", r.lines);
    assert_eq!(c.union_stage, UnionStage::Refit);
    run(&mut c, CampaignCommand::UnionResupply(UnionResupplyCommand::Refit { picks: vec![] }));
    assert_eq!((c.union_cp, c.piece(line).unwrap().strength), (7, Strength::Full));
    // The Infantry of V Corps, Combat Value 4: bought, 3 left, placed with V Corps.
    let r = run(&mut c, CampaignCommand::UnionResupply(UnionResupplyCommand::DrawReinforcement { picks: vec![0] }));
    assert_eq!((c.union_cp, place(&c, id(&c, "V-1"))), (3, area("West House")));
    assert!(r.lines.iter().any(|l| l.contains("bought it for 4 Command Points (18.1)")));
    // Combat Value 5: more than the 3 left; it goes back and the drawing stops.
    let r = run(&mut c, CampaignCommand::UnionResupply(UnionResupplyCommand::DrawReinforcement { picks: vec![0] }));
    assert_eq!(place(&c, id(&c, "V-2")), Place::ReinforcementCup);
    assert!(r.lines.iter().any(|l| l.contains("it goes back and the drawing stops (18.1)")), "{:?}", r.lines);
    assert_eq!(c.union_stage, UnionStage::Additional);
    // The Brigade (2) is bought and placed in a random Union-Held Area; the Battery (3) is not.
    let brigade = id(&c, "Union Brigade");
    run(&mut c, CampaignCommand::UnionResupply(UnionResupplyCommand::DrawAdditional { picks: vec![0, 1] }));
    assert_eq!((c.union_cp, place(&c, brigade)), (1, area("West House")));
    run(&mut c, CampaignCommand::UnionResupply(UnionResupplyCommand::DrawAdditional { picks: vec![0] }));
    assert_eq!(place(&c, id(&c, "Union Battery 3")), Place::AdditionalCup);
    assert_eq!(c.union_stage, UnionStage::Table(0));
    assert_eq!(c.union_cp, 1, "held until the next turn");
}

#[test]
fn rule_18_3_example_a_battery_of_4_and_a_fortification_moved_from_crew_house() {
    let mut c = seven_days_at(Phase::UnionResupply);
    put_k(&mut c, "Stuart", area("Crew House"));
    for (k, a) in [("V-1", "West House"), ("V-2", "Western Run"), ("V-3", "Malvern Hill")] {
        put_k(&mut c, k, area(a));
    }
    c.union_stage = UnionStage::Table(0);
    let battery = id(&c, "Union Battery 4");
    let r = run(
        &mut c,
        CampaignCommand::UnionResupply(UnionResupplyCommand::RollTable {
            roll: d(3),
            follow_up: Some(d(10)),
            picks: vec![0, 2],
        }),
    );
    assert!(r.lines.iter().any(|l| l.contains("A Battery of Combat Value 4 (18.3)")), "{:?}", r.lines);
    assert_eq!(place(&c, battery), area("Western Run"), "a random Union-Held Area: the third");
    let fort = ids(&c, "Union Fortification")[0];
    let r = run(
        &mut c,
        CampaignCommand::UnionResupply(UnionResupplyCommand::RollTable {
            roll: d(4),
            follow_up: Some(d(3)),
            picks: vec![0, 0],
        }),
    );
    assert!(
        r.lines.iter().any(|l| l == "Crew House has Confederate Forces: a random Union-Held Area instead (18.3)"),
        "{:?}",
        r.lines
    );
    assert_eq!(place(&c, fort), area("Malvern Hill"));
    assert_eq!(c.union_stage, UnionStage::Done, "two rolls at Regular (18.2)");
    let e = refused(
        &mut c,
        CampaignCommand::UnionResupply(UnionResupplyCommand::RollTable { roll: d(1), follow_up: None, picks: vec![] }),
    );
    assert!(e.contains("not the Union Resupply Table"), "{e}");
}

#[test]
fn rule_18_2_a_battery_not_available_is_the_next_lower_and_a_missing_one_is_ignored() {
    let mut c = seven_days_at(Phase::UnionResupply);
    put_k(&mut c, "V-3", area("Malvern Hill"));
    put_k(&mut c, "Union Battery 4", Place::Captured);
    c.union_stage = UnionStage::Table(0);
    run(
        &mut c,
        CampaignCommand::UnionResupply(UnionResupplyCommand::RollTable {
            roll: d(3),
            follow_up: Some(d(9)),
            picks: vec![],
        }),
    );
    assert_eq!(place(&c, id(&c, "Union Battery 3")), area("Malvern Hill"), "no 4 left: the 3");
    put_k(&mut c, "Union Battery 2", Place::Unused);
    let r = run(
        &mut c,
        CampaignCommand::UnionResupply(UnionResupplyCommand::RollTable {
            roll: d(3),
            follow_up: Some(d(1)),
            picks: vec![],
        }),
    );
    assert!(
        r.lines.iter().any(|l| l.contains("No Battery of Combat Value 2 or lower left: ignored, not re-rolled (18.2)")),
        "{:?}",
        r.lines
    );
}

#[test]
fn rule_3_1_example_beaver_dam_creek_not_cleared_by_the_end_of_the_confederate_phase_of_turn_2() {
    let mut c = start(&seven_days(), SEVEN_DAYS, Settings::default());
    let porter = id(&c, "V-3");
    put(&mut c, porter, area("Beaver Dam Creek"));
    run(&mut c, CampaignCommand::AdvanceTurn);
    let r = run(&mut c, CampaignCommand::EndMoves);
    assert!(
        r.lines.iter().any(|l| l.starts_with("Condition failed: Hold Richmond")),
        "North and South are not held: {:?}",
        r.lines
    );
    advance_to(&mut c, Phase::TurnOver);
    assert_eq!(c.conditions[0], ConditionState::Pending);
    run(&mut c, CampaignCommand::AdvanceTurn);
    advance_to(&mut c, Phase::ConfederateResupply);
    let r = run(&mut c, CampaignCommand::EndConfederateTurn);
    assert!(
        r.lines.iter().any(|l| l.starts_with("Condition failed: Clear the Beaver Dam Creek Area")),
        "{:?}",
        r.lines
    );
    assert_eq!(c.conditions[0], ConditionState::Failed);
    assert!(c.ending.is_none(), "a failed Objective is a Union Victory at the end, not a Defeat condition");
}

#[test]
fn rule_3_1_example_reaching_glendale_by_turn_5_is_kept_once_done() {
    let mut c = start(&seven_days(), SEVEN_DAYS, Settings::default());
    run(&mut c, CampaignCommand::AdvanceTurn);
    let stuart = id(&c, "Stuart");
    run(&mut c, CampaignCommand::Move { forces: vec![stuart], lee: false, to: "Seven Pines".into() });
    advance_to(&mut c, Phase::ForcedMarch);
    c.confederate_cp = 1;
    let r =
        run(&mut c, CampaignCommand::ForcedMarch { forces: vec![stuart], lee: false, path: vec!["Glendale".into()] });
    assert!(
        r.lines
            .iter()
            .any(|l| l
                == "Condition achieved: One of your Force counters must reach Glendale by the end of Turn 5 (3.1)"),
        "{:?}",
        r.lines
    );
    assert_eq!(c.conditions[1], ConditionState::Achieved);
}
