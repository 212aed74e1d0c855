//! The ledger's lines and the next step of "Union acts", on the practice campaign.

use super::*;
use crate::campaign::tests::{advance_to, d, practice};

fn value(c: &Campaign, what: &str) -> String {
    c.ledger().into_iter().find(|l| l.what == what).map(|l| l.value).unwrap_or_else(|| panic!("no {what}"))
}

#[test]
fn rule_4_11_the_turn_counter_shows_the_turn_and_the_side_up() {
    let mut c = practice();
    assert_eq!(c.turn_words(), "Set-up: Campaign Turn 1 of 6 comes next");
    advance_to(&mut c, Phase::ConfederateMoves);
    assert_eq!(c.turn_words(), "Campaign Turn 1 of 6: Confederate turn, the counter's grey side up");
    advance_to(&mut c, Phase::UnionOrders);
    assert_eq!(c.turn_words(), "Campaign Turn 1 of 6: Union turn, the counter's blue side up");
}

#[test]
fn rule_4_3_the_ledger_keeps_points_scouts_cups_and_piles() {
    let mut c = practice();
    advance_to(&mut c, Phase::ConfederateMoves);
    assert_eq!(value(&c, "Confederate Command Points"), "2");
    assert_eq!(value(&c, "Scouts"), "1, 5 counters left in the box (4.10)");
    assert_eq!(value(&c, "Robert E. Lee"), "in Capital, Command Rating 2");
    assert_eq!(value(&c, "Reinforcement cup"), "0 Named Union Forces (4.18)");
    // The practice mix: 3 Brigades less the one in the Orchard, 2 + 1 Regiments, 3 Batteries.
    assert_eq!(value(&c, "Additional Forces cup"), "8 Brigades, Regiments and Batteries (4.19)");
    assert_eq!(value(&c, "Captured Artillery Pile"), "0 Confederate, 0 Union (5.9.2)");
    assert_eq!(value(&c, "Objectives"), "0 achieved, 0 failed, of 2 (3.1)");
    assert_eq!(value(&c, "Victory Points"), "0 so far; Robert E. Lee scored 1 (3.3, 21.0)");
}

#[test]
fn rule_16_3_union_acts_rolls_for_each_group_then_ends_the_orders() {
    let mut c = practice();
    advance_to(&mut c, Phase::UnionOrders);
    let next = c.union_next().unwrap();
    let UnionStep::Orders { group } = next.step else { panic!("{next:?}") };
    assert!(next.title.starts_with("Orders for "), "{}", next.title);
    let (chart, rows) = c.orders_chart(group).unwrap();
    assert!(chart.contains("Orders"), "{chart}");
    assert_eq!(rows.len(), 10);
    while let Some(UnionNext { step: UnionStep::Orders { group }, .. }) = c.union_next() {
        crate::campaign::tests::run(
            &mut c,
            CampaignCommand::UnionOrder { group, rolls: vec![d(2)], shift: 0, picks: vec![], by_hand: None },
        );
    }
    assert_eq!(c.union_next().unwrap().step, UnionStep::EndOrders);
    assert_eq!(practice().union_next(), None, "the Confederate half: the player acts");
}

#[test]
fn rule_18_3_a_follow_up_roll_is_asked_only_where_the_row_has_one() {
    let c = practice();
    // The practice table: 3 a Battery (its Combat Value rolled), 4 a Fortification in an Area
    // rolled, 7 a Garrison in a random Union-Held Area, 1 a Brigade.
    assert!(c.resupply_follow_up(d(3)));
    assert!(c.resupply_follow_up(d(4)));
    assert!(!c.resupply_follow_up(d(7)));
    assert!(!c.resupply_follow_up(d(1)));
}

#[test]
fn rule_18_0_union_acts_steps_through_the_resupply() {
    let mut c = practice();
    advance_to(&mut c, Phase::UnionResupply);
    let mut seen = Vec::new();
    while let Some(n) = c.union_next() {
        seen.push(n.step.clone());
        let cmd = match n.step {
            UnionStep::Refit => CampaignCommand::UnionResupply(UnionResupplyCommand::Refit { picks: vec![] }),
            UnionStep::DrawReinforcement => {
                CampaignCommand::UnionResupply(UnionResupplyCommand::DrawReinforcement { picks: vec![] })
            }
            UnionStep::DrawAdditional => {
                CampaignCommand::UnionResupply(UnionResupplyCommand::DrawAdditional { picks: vec![] })
            }
            UnionStep::Table { .. } => CampaignCommand::UnionResupply(UnionResupplyCommand::RollTable {
                roll: d(6),
                follow_up: None,
                picks: vec![],
            }),
            UnionStep::EndTurn => CampaignCommand::EndTurn,
            other => panic!("{other:?}"),
        };
        crate::campaign::tests::run(&mut c, cmd);
        if c.phase != Phase::UnionResupply {
            break;
        }
    }
    assert!(seen.contains(&UnionStep::Table { roll: 0 }), "{seen:?}");
    assert_eq!(seen.last(), Some(&UnionStep::EndTurn));
    assert_eq!(c.phase, Phase::TurnOver);
}

#[test]
fn part_two_the_quick_battles_column_is_shown_before_the_roll() {
    let mut c = crate::campaign::tests::practice_with(BattleRules::Quick);
    crate::campaign::tests::run(&mut c, CampaignCommand::AdvanceTurn);
    for k in ["Grey Infantry C", "Grey Cavalry"] {
        crate::campaign::tests::put_k(&mut c, k, crate::campaign::tests::area("Ridge"));
    }
    let forces =
        vec![crate::campaign::tests::id(&c, "Grey Infantry C"), crate::campaign::tests::id(&c, "Grey Cavalry")];
    crate::campaign::tests::run(&mut c, CampaignCommand::Move { forces, lee: false, to: "Orchard".into() });
    crate::campaign::tests::run(&mut c, CampaignCommand::EndMoves);
    assert!(c.quick_outlook(None).is_err(), "no battle yet");
    crate::campaign::tests::run(&mut c, CampaignCommand::Quick(QuickCommand::Begin { area: "Orchard".into() }));
    let o = c.quick_outlook(None).unwrap();
    // The Confederates attack 10 against 8 without Lee: +2, the +1 to +3 column, one left to 0.
    assert_eq!(o.attacker, Loyalty::Confederate);
    assert_eq!(
        o.lines[0],
        "Battle Differential +2: the Confederate Attacker's 10 against 8 (Determine Battle Differential)"
    );
    assert!(o.lines.iter().any(|l| l == "Column 0"), "{:?}", o.lines);
    assert_eq!(o.cells.len(), 10);
    assert!(o.cells.iter().all(|(_, cell)| cell.is_some()));
    assert_eq!(c.order_for(99, 1), None);
}
