//! Invariants under any sequence of commands: cups never hold more than their pool, a force is
//! in one place, the counter mix is never exceeded, Scouts never beyond their counters, and a
//! refused command leaves the campaign unchanged.

use super::*;
use crate::prebattle::FogEvent;
use proptest::prelude::*;
use std::collections::BTreeMap;

const AREAS: [&str; 8] = ["Capital", "Crossroads", "Mill", "Ford", "Hills", "Ridge", "Orchard", "Depot"];

fn arb_d10() -> impl Strategy<Value = D10> {
    (1u8..=10).prop_map(|v| D10::new(v).unwrap())
}

fn arb_area() -> impl Strategy<Value = String> {
    (0usize..AREAS.len()).prop_map(|i| AREAS[i].to_string())
}

fn arb_picks() -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::vec(0usize..6, 0..4)
}

fn arb_step() -> impl Strategy<Value = CampaignCommand> {
    use CampaignCommand as C;
    prop_oneof![
        4 => Just(C::AdvanceTurn),
        4 => Just(C::EndMoves),
        4 => Just(C::EndBattles),
        3 => Just(C::EndForcedMarch),
        3 => Just(C::EndConfederateTurn),
        3 => Just(C::EndUnionOrders),
        3 => Just(C::EndTurn),
        4 => (proptest::collection::vec(1u32..40, 0..3), any::<bool>(), arb_area()).prop_map(|(forces, lee, to)| C::Move { forces, lee, to }),
        2 => (proptest::collection::vec(1u32..40, 0..3), any::<bool>(), proptest::collection::vec(arb_area(), 1..3))
            .prop_map(|(forces, lee, path)| C::ForcedMarch { forces, lee, path }),
        2 => (1u32..40).prop_map(|force| C::Refit { force }),
        2 => (1u32..40, any::<bool>(), arb_area()).prop_map(|(force, reduced, area)| C::Buy { force, reduced, area }),
        2 => (0u32..4).prop_map(|count| C::BuyScouts { count }),
        4 => (0usize..4, proptest::collection::vec(arb_d10(), 0..3), -2i8..=2, arb_picks())
            .prop_map(|(group, rolls, shift, picks)| C::UnionOrder { group, rolls, shift, picks, by_hand: None }),
        2 => arb_picks().prop_map(|picks| C::UnionResupply(UnionResupplyCommand::Refit { picks })),
        2 => arb_picks().prop_map(|picks| C::UnionResupply(UnionResupplyCommand::DrawReinforcement { picks })),
        2 => arb_picks().prop_map(|picks| C::UnionResupply(UnionResupplyCommand::DrawAdditional { picks })),
        3 => (arb_d10(), proptest::option::of(arb_d10()), arb_picks())
            .prop_map(|(roll, follow_up, picks)| C::UnionResupply(UnionResupplyCommand::RollTable { roll, follow_up, picks })),
        2 => (0usize..2, proptest::option::of(arb_d10()), proptest::option::of(arb_area()))
            .prop_map(|(arrival, roll, area)| C::Arrive { arrival, roll, area }),
        3 => arb_area().prop_map(|area| C::Quick(QuickCommand::Begin { area })),
        3 => arb_d10().prop_map(|roll| C::Quick(QuickCommand::FogRoll { roll })),
        3 => (proptest::option::of(arb_d10()), arb_picks(), proptest::option::of(arb_d10()))
            .prop_map(|(follow_up, picks, desertion_roll)| C::Quick(QuickCommand::FogEvent(FogChoices { follow_up, picks, buy_brigade: None, desertion_roll }))),
        4 => (arb_d10(), arb_picks(), arb_picks())
            .prop_map(|(roll, union_picks, confederate_picks)| C::Quick(QuickCommand::Fight { roll, confederate_shift: None, union_picks, confederate_picks })),
        2 => Just(C::Quick(QuickCommand::NextTurn)),
        2 => (proptest::option::of(arb_d10()), any::<bool>(), arb_picks())
            .prop_map(|(roll, retreat_instead, picks)| C::Quick(QuickCommand::Withdraw { roll, retreat_instead, picks })),
        1 => (arb_picks(), proptest::collection::vec((1u32..40, arb_area()), 0..3))
            .prop_map(|(union_picks, confederate_to)| C::Quick(QuickCommand::Rout { union_picks, confederate_to })),
        1 => proptest::collection::vec((1u32..40, arb_area()), 0..3).prop_map(|confederate_to| C::Quick(QuickCommand::Retreat { confederate_to })),
        1 => (arb_area(), 0usize..11, arb_picks(), proptest::option::of(arb_d10())).prop_map(|(area, e, picks, follow_up)| {
            let events = [
                FogEvent::RandomInsight, FogEvent::GainCommandPoints(2), FogEvent::GainScout, FogEvent::BuyBrigade,
                FogEvent::RegimentOrCommandPoints, FogEvent::Disease, FogEvent::VirulentDisease, FogEvent::UnionReinforcement,
                FogEvent::FortificationOrGarrison, FogEvent::UnionPlans(1), FogEvent::Desertion,
            ];
            C::FogOfWar { area, event: events[e], choices: FogChoices { follow_up, picks, buy_brigade: None, desertion_roll: follow_up } }
        }),
    ]
}

fn check_invariants(c: &Campaign, copies: &BTreeMap<usize, usize>) -> Result<(), TestCaseError> {
    // One piece per counter of the mix, each in one place: the counts never change.
    let mut now: BTreeMap<usize, usize> = BTreeMap::new();
    for p in &c.pieces {
        *now.entry(p.design).or_default() += 1;
    }
    prop_assert_eq!(&now, copies, "the counter mix changed");
    let mut seen = std::collections::BTreeSet::new();
    for p in &c.pieces {
        prop_assert!(seen.insert(p.id), "force {} listed twice", p.id);
        if let Place::Area(a) = &p.place {
            prop_assert!(c.def.map.enterable(a), "force {} in {a}, not an Area", p.id);
        }
    }
    for cup in [Place::ReinforcementCup, Place::AdditionalCup, Place::StaticPile, Place::Captured] {
        let pool = c.pool(&cup);
        let held = c.cup(&cup);
        prop_assert!(held.len() <= pool.len(), "{cup:?} holds more than its pool");
        prop_assert!(held.iter().all(|id| pool.contains(id)), "{cup:?} holds a counter not of its pool");
    }
    prop_assert!(c.scouts <= 6, "Scouts {} beyond the 6 counters", c.scouts);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn any_sequence_of_commands_keeps_the_campaign_sound(
        rules in prop_oneof![Just(BattleRules::Basic), Just(BattleRules::Quick), Just(BattleRules::VeryQuick)],
        steps in proptest::collection::vec(arb_step(), 1..80),
    ) {
        let mut c = practice_with(rules);
        let mut copies: BTreeMap<usize, usize> = BTreeMap::new();
        for p in &c.pieces {
            *copies.entry(p.design).or_default() += 1;
        }
        check_invariants(&c, &copies)?;
        for step in &steps {
            let before = c.clone();
            match apply(&mut c, step, 0.0) {
                Ok(_) => {}
                Err(_) => prop_assert_eq!(&c, &before, "a refused command changed the campaign: {:?}", step),
            }
            check_invariants(&c, &copies)?;
        }
    }

    #[test]
    fn the_turn_always_goes_on_through_its_steps(rolls in proptest::collection::vec(1u8..=10, 40)) {
        // Playing every step with whatever dice keeps the campaign going or ends it; it never
        // sticks where nothing is allowed.
        let mut c = practice_with(BattleRules::VeryQuick);
        let mut i = 0usize;
        let mut roll = || { i += 1; D10::new(rolls[i % rolls.len()]).unwrap() };
        for _ in 0..400 {
            if c.phase == Phase::Over || c.turn > 2 {
                break;
            }
            let cmd = match (&c.battle, c.phase) {
                (Some(b), _) => CampaignCommand::Quick(match b.stage {
                    QuickStage::FogOfWar if b.fog_rolls.is_empty() => QuickCommand::FogRoll { roll: roll() },
                    QuickStage::FogOfWar => QuickCommand::FogEvent(FogChoices { follow_up: Some(roll()), desertion_roll: Some(roll()), ..FogChoices::default() }),
                    QuickStage::Fight => QuickCommand::Fight { roll: roll(), confederate_shift: None, union_picks: vec![], confederate_picks: vec![] },
                    QuickStage::Decide => QuickCommand::NextTurn,
                    QuickStage::Withdrawal => QuickCommand::Withdraw { roll: Some(roll()), retreat_instead: false, picks: vec![] },
                    QuickStage::Routed(_) => QuickCommand::Rout { union_picks: vec![], confederate_to: vec![] },
                }),
                (None, p) if p.resolves_battles() => match c.pending_battles().first() {
                    Some(a) => CampaignCommand::Quick(QuickCommand::Begin { area: a.clone() }),
                    None => CampaignCommand::EndBattles,
                },
                (None, Phase::UnionOrders) => match c.groups.iter().position(|g| !g.done) {
                    Some(group) => CampaignCommand::UnionOrder { group, rolls: vec![roll()], shift: 0, picks: vec![], by_hand: None },
                    None => CampaignCommand::EndUnionOrders,
                },
                (None, Phase::UnionResupply) => match c.union_stage {
                    UnionStage::Refit => CampaignCommand::UnionResupply(UnionResupplyCommand::Refit { picks: vec![] }),
                    UnionStage::Reinforcements => CampaignCommand::UnionResupply(UnionResupplyCommand::DrawReinforcement { picks: vec![] }),
                    UnionStage::Additional => CampaignCommand::UnionResupply(UnionResupplyCommand::DrawAdditional { picks: vec![] }),
                    UnionStage::Table(_) => CampaignCommand::UnionResupply(UnionResupplyCommand::RollTable { roll: roll(), follow_up: Some(roll()), picks: vec![] }),
                    UnionStage::Done => CampaignCommand::EndTurn,
                },
                (None, Phase::SetUp | Phase::TurnOver) => CampaignCommand::AdvanceTurn,
                (None, Phase::ConfederateMoves) => CampaignCommand::EndMoves,
                (None, Phase::ForcedMarch) => CampaignCommand::EndForcedMarch,
                (None, Phase::ConfederateResupply) => CampaignCommand::EndConfederateTurn,
                (None, _) => break,
            };
            if let Err(e) = apply(&mut c, &cmd, 0.0) {
                // A routed Confederate army must be told where to go: send each to the first
                // free Area.
                let done = match &cmd {
                    CampaignCommand::Quick(QuickCommand::Rout { .. }) => {
                        let b = c.battle.clone().unwrap();
                        let free: Vec<String> = c.def.map.neighbours(&b.area, &[]).into_iter().filter(|a| c.in_area(a, Loyalty::Union).is_empty()).collect();
                        let to = c.in_area(&b.area, Loyalty::Confederate).into_iter().filter_map(|id| free.first().map(|a| (id, a.clone()))).collect();
                        apply(&mut c, &CampaignCommand::Quick(QuickCommand::Rout { union_picks: vec![], confederate_to: to }), 0.0).is_ok()
                    }
                    _ => false,
                };
                prop_assert!(done, "stuck at {:?} with {:?}: {e}", c.phase, cmd);
            }
        }
    }
}
