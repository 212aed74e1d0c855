//! Union Orders (16.0-16.4) on the practice map.

use super::*;
use crate::pack::Order;

fn at_orders() -> Campaign {
    let mut c = practice();
    advance_to(&mut c, Phase::UnionOrders);
    c
}

fn group_in(c: &Campaign, area: &str) -> usize {
    c.groups.iter().position(|g| g.area == area).unwrap_or_else(|| panic!("no group in {area}: {:?}", c.groups))
}

fn order(c: &mut Campaign, area: &str, rolls: &[u8], shift: i8) -> CampaignReport {
    let group = group_in(c, area);
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
fn rule_16_3_groups_by_corps_and_independent_forces() {
    let c = at_orders();
    let groups: Vec<(String, GroupTag, usize)> =
        c.groups.iter().map(|g| (g.area.clone(), g.tag.clone(), g.members.len())).collect();
    let cav = id(&c, "Blue Cavalry");
    assert_eq!(
        groups,
        vec![
            ("Hills".into(), GroupTag::Independent(cav), 1),
            ("Orchard".into(), GroupTag::Corps("II".into()), 2),
            ("Depot".into(), GroupTag::Corps("I".into()), 2),
        ]
    );
}

#[test]
fn rule_16_3_3_additional_forces_join_a_group_up_to_the_maximum_then_form_their_own() {
    let mut c = practice();
    run(&mut c, CampaignCommand::AdvanceTurn);
    let regiments = ids(&c, "Blue Regiment");
    let cavalry = id(&c, "Blue Cavalry Regiment");
    for r in regiments.iter().chain([cavalry].iter()) {
        run(&mut c, CampaignCommand::ByHand { force: *r, to: area("Orchard"), why: "test".into() });
    }
    assert_eq!(c.group_of(regiments[0]), Some(GroupTag::Corps("II".into())));
    assert_eq!(c.group_of(regiments[1]), Some(GroupTag::Corps("II".into())), "the Group Maximum of 4 reached");
    assert_eq!(c.group_of(cavalry), Some(GroupTag::Own(1)), "beyond the maximum, a group of its own");
    let orchard: Vec<usize> =
        c.union_groups().iter().filter(|g| g.area == "Orchard").map(|g| g.members.len()).collect();
    assert_eq!(orchard, vec![4, 1]);
}

#[test]
fn rule_16_2_a_group_with_confederates_in_its_area_does_not_move() {
    let mut c = practice();
    advance_to(&mut c, Phase::ConfederateResupply);
    put_k(&mut c, "Grey Cavalry", area("Hills"));
    c.encamped.clear();
    let r = run(&mut c, CampaignCommand::EndConfederateTurn);
    assert!(
        r.lines
            .iter()
            .any(|l| l
                .contains("in Hills does not move: Confederate Forces are there and a battle will be fought (16.2)")),
        "{:?}",
        r.lines
    );
    let g = group_in(&c, "Hills");
    assert!(c.groups[g].done);
    assert!(
        refused(
            &mut c,
            CampaignCommand::UnionOrder { group: g, rolls: vec![d(1)], shift: 0, picks: vec![], by_hand: None }
        )
        .contains("has had its order")
    );
}

#[test]
fn rule_16_3_1_scouts_re_roll_and_shift_the_orders_roll() {
    let mut c = at_orders();
    c.scouts = 3;
    let g = group_in(&c, "Hills");
    let cav = id(&c, "Blue Cavalry");
    let cmd = |rolls: Vec<u8>, shift: i8| CampaignCommand::UnionOrder {
        group: g,
        rolls: rolls.into_iter().map(d).collect(),
        shift,
        picks: vec![],
        by_hand: None,
    };
    assert!(refused(&mut c, cmd(vec![2], 2)).contains("one Scout shifts the roll by 1 (16.3.1)"));
    assert!(refused(&mut c, cmd(vec![10], 1)).contains("off the chart"));
    let e = refused(&mut c, cmd(vec![2, 2, 2, 2], 1));
    assert!(e.contains("that needs 4 Scouts; you have 3 (16.3.1)"), "{e}");
    // A 2 (Hold) re-rolled, another 2, shifted by one to a 1: toward the Capital.
    let r = run(&mut c, cmd(vec![2, 2], -1));
    assert!(r.lines.iter().any(|l| l == "1 Scouts spent on re-rolls (16.3.1)"), "{:?}", r.lines);
    assert_eq!(c.scouts, 1);
    assert_eq!(place(&c, cav), area("Crossroads"));
}

#[test]
fn optional_o16_3_1_several_scouts_shift_by_their_number() {
    let settings = Settings { scouts_shift_cumulatively: true, ..Settings::default() };
    let mut c = start(&practice_pack(), PRACTICE, settings);
    advance_to(&mut c, Phase::UnionOrders);
    c.scouts = 2;
    let cav = id(&c, "Blue Cavalry");
    // The example: a 7 shifted by two to a 5; here a 3 (Random) to a 1 (toward the Capital).
    order(&mut c, "Hills", &[3], -2);
    assert_eq!((c.scouts, place(&c, cav)), (0, area("Crossroads")));
}

#[test]
fn rule_16_4_advance_moves_toward_the_closest_confederate_force() {
    let mut c = at_orders();
    let cav = id(&c, "Blue Cavalry");
    let r = order(&mut c, "Hills", &[4], 0);
    assert!(
        r.lines
            .iter()
            .any(|l| l.contains(": 4 on the Campaign Map Orders (16.1.1), Regular chart: \u{201c}Advance\u{201d}")),
        "{:?}",
        r.lines
    );
    assert_eq!(place(&c, cav), area("Crossroads"));
}

#[test]
fn rule_16_4_advance_x2_stops_on_entering_confederate_forces() {
    let mut c = at_orders();
    let cav = id(&c, "Blue Cavalry");
    let r = order(&mut c, "Hills", &[9], 0);
    assert_eq!(place(&c, cav), area("Capital"));
    assert!(
        r.lines.iter().any(|l| l == "Confederate Forces are in Capital: a battle will be fought (17.0)"),
        "{:?}",
        r.lines
    );
}

#[test]
fn rule_16_4_toward_a_confederate_held_objective_holds_beside_a_stronger_enemy() {
    let mut c = at_orders();
    let cav = id(&c, "Blue Cavalry");
    let r = order(&mut c, "Hills", &[6], 0);
    assert_eq!(place(&c, cav), area("Hills"));
    assert!(
        r.lines.iter().any(|l| l.contains(
            "Crossroads is beside Confederate Forces of Combat Value 26 against the group's 3, more than 1:1"
        )),
        "{:?}",
        r.lines
    );
}

#[test]
fn rule_16_4_toward_the_closest_union_held_area_and_toward_lee() {
    let mut c = at_orders();
    let cav = id(&c, "Blue Cavalry");
    order(&mut c, "Hills", &[5], 0);
    assert_eq!(place(&c, cav), area("Ridge"), "the Orchard, two Areas away, is the closest Union-Held Area");
    let mut c = at_orders();
    order(&mut c, "Hills", &[10], 0);
    assert_eq!(place(&c, cav), area("Crossroads"), "toward Robert E. Lee in the Capital");
}

#[test]
fn rule_16_1_2_a_group_in_the_battle_area_reads_the_battle_area_chart() {
    let mut c = at_orders();
    let inf = id(&c, "Blue Infantry C");
    let r = order(&mut c, "Orchard", &[2], 0);
    assert!(r.lines.iter().any(|l| l.contains("Battle Area Orders (16.1.2), Regular chart")), "{:?}", r.lines);
    assert_eq!(place(&c, inf), area("Depot"));
    // In the Depot already, "Move to the Depot. Otherwise, Hold" holds.
    let mut c = at_orders();
    let a = id(&c, "Blue Infantry A");
    let r = order(&mut c, "Depot", &[2], 0);
    assert_eq!(place(&c, a), area("Depot"));
    assert!(
        r.lines
            .iter()
            .any(|l| l == "The group holds in Depot: the group is in Depot already, so: the order is Hold (16.4)"),
        "{:?}",
        r.lines
    );
}

#[test]
fn rule_16_2_the_union_never_crosses_the_river_and_goes_instead_where_the_sheet_says() {
    let mut c = at_orders();
    c.def.map_orders.regular.rows[0] = crate::pack::Given::Entered(Order::MoveToward("Depot".into(), 1));
    let cav = id(&c, "Blue Cavalry");
    put(&mut c, cav, area("Ford"));
    c.groups = c.union_groups();
    order(&mut c, "Ford", &[1], 0);
    assert_eq!(place(&c, cav), area("Crossroads"), "around by the Hills, not across the river");
    let mut c = at_orders();
    c.def.map_orders.regular.rows[0] = crate::pack::Given::Entered(Order::MoveToward("Depot".into(), 1));
    c.def.map.links.retain(|l| !(l.a == "Hills" && l.b == "Ridge"));
    c.def.rivers[0].instead_toward = Some("Mill".into());
    put(&mut c, cav, area("Ford"));
    c.groups = c.union_groups();
    order(&mut c, "Ford", &[1], 0);
    assert_eq!(place(&c, cav), area("Mill"), "only across the river: toward the Mill instead");
}

#[test]
fn rule_16_4_an_order_the_app_cannot_read_is_moved_by_hand() {
    let mut c = at_orders();
    c.def.map_orders.regular.rows[1] =
        crate::pack::Given::Entered(Order::Text("March to the sound of the guns".into()));
    let g = group_in(&c, "Hills");
    let cmd = |to: Option<&str>| CampaignCommand::UnionOrder {
        group: g,
        rolls: vec![d(2)],
        shift: 0,
        picks: vec![],
        by_hand: to.map(str::to_string),
    };
    assert!(
        refused(&mut c, cmd(None))
            .contains("the order reads \u{201c}March to the sound of the guns\u{201d}: say where the group goes")
    );
    assert!(refused(&mut c, cmd(Some("Depot"))).contains("Depot is not adjacent to Hills"));
    run(&mut c, cmd(Some("Ridge")));
    assert_eq!(place(&c, id(&c, "Blue Cavalry")), area("Ridge"));
}

#[test]
fn rule_16_3_every_group_rolls_before_the_step_ends_and_a_missing_chart_is_said() {
    let mut c = at_orders();
    assert!(refused(&mut c, CampaignCommand::EndUnionOrders).contains("roll for every Union group first"));
    c.settings.difficulty.map_orders = crate::pack::UnionLevel::Hard;
    let e = refused(
        &mut c,
        CampaignCommand::UnionOrder { group: 0, rolls: vec![d(1)], shift: 0, picks: vec![], by_hand: None },
    );
    assert!(e.contains("the sheet offers no Hard Campaign Map Orders (16.1.1) chart"), "{e}");
}

#[test]
fn rule_20_0_example_between_two_equally_close_confederate_forces_the_weaker() {
    let mut c = at_orders();
    for k in ["Grey Garrison", "Grey Fortification", "Grey Guns"] {
        put_k(&mut c, k, Place::Beside);
    }
    for k in ["Grey Infantry C", "Grey Cavalry", "Grey Regiment"] {
        put_k(&mut c, k, area("Ford"));
    }
    c.lee = Some("Ford".into());
    for k in ["Grey Infantry A", "Grey Brigade"] {
        put_k(&mut c, k, area("Hills"));
    }
    let cav = id(&c, "Blue Cavalry");
    put(&mut c, cav, area("Crossroads"));
    c.groups = c.union_groups();
    // The Ford holds 12, the Hills 10, both one Area away: the Advance goes to the weaker.
    order(&mut c, "Crossroads", &[4], 0);
    assert_eq!(place(&c, cav), area("Hills"));
}

#[test]
fn rule_14_5_quick_a_rout_at_3_to_1_sends_the_routed_union_away() {
    let mut c = practice_with(BattleRules::Quick);
    run(&mut c, CampaignCommand::AdvanceTurn);
    for k in ["Grey Infantry A", "Grey Infantry C", "Grey Cavalry", "Grey Guns"] {
        put_k(&mut c, k, area("Ridge"));
    }
    put_k(&mut c, "Blue Regiment", area("Orchard"));
    let forces = c.in_area("Ridge", Loyalty::Confederate);
    run(&mut c, CampaignCommand::Move { forces, lee: false, to: "Orchard".into() });
    run(&mut c, CampaignCommand::EndMoves);
    run(&mut c, CampaignCommand::Quick(QuickCommand::Begin { area: "Orchard".into() }));
    run(&mut c, CampaignCommand::Quick(QuickCommand::FogRoll { roll: d(2) }));
    run(&mut c, CampaignCommand::Quick(QuickCommand::FogEvent(FogChoices::default())));
    // 21 against 9 at +12, a column left without Lee: +1 to +3; an 8 there: A 2, D 3. The Line
    // infantry goes (15 left); the Brigade, the Regiment go and Blue Infantry C is flipped (4).
    let cp = c.confederate_cp;
    let r = run(
        &mut c,
        CampaignCommand::Quick(QuickCommand::Fight {
            roll: d(8),
            confederate_shift: None,
            union_picks: vec![],
            confederate_picks: vec![],
        }),
    );
    assert!(
        r.lines
            .iter()
            .any(|l| l
                == "The Union forces are Routed at 3:1 (14.5 (Quick)); the Confederate forces gain 1 Command Points (15.3, 18.4)"),
        "{:?}",
        r.lines
    );
    assert_eq!(c.confederate_cp, cp + 1);
    assert_eq!(c.battle.as_ref().unwrap().stage, QuickStage::Routed(Loyalty::Union));
    run(&mut c, CampaignCommand::Quick(QuickCommand::Rout { union_picks: vec![], confederate_to: vec![] }));
    assert_eq!(place(&c, id(&c, "Blue Infantry C")), area("Depot"), "to an adjacent Area the Union Holds");
    assert!(c.battle.is_none() && c.pending_battles().is_empty());
}
