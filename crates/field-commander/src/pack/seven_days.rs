//! What the rule text's worked examples give of the Seven Days Battles campaign, each value
//! marked with the rule that states it; everything else is missing, to be entered from the
//! Campaign Information Sheet, the map, the counters and the Battle Resolution Table sheet.
//! It is a start for the player's own entry, not a playable pack: its counters are to be
//! entered, so [`CampaignPack::validate`] lists them.

use super::*;
use crate::force::ForceType;
use crate::outcome::Withdrawal;

/// The campaign's name as the text prints it.
pub const SEVEN_DAYS: &str = "Seven Days Battles";

fn area(name: &str, rule: &str) -> Area {
    Area::new(name, Origin::RuleText(rule.into()))
}

fn link(a: &str, b: &str, rule: &str) -> Link {
    Link { a: a.into(), b: b.into(), river: None, origin: Origin::RuleText(rule.into()) }
}

fn toward(to: &str, n: u8) -> Order {
    Order::MoveToward(to.into(), n)
}

fn or_hold(first: Order) -> Order {
    Order::Otherwise(Box::new(first), Box::new(Order::Hold))
}

fn chart(rows: Vec<Order>, rule: &str) -> OrdersChart {
    OrdersChart { rows: rows.into_iter().map(|o| Given::rule(o, rule)).collect() }
}

fn cell(attacker: u8, defender: u8, rule: &str) -> Given<BrtCell> {
    Given::rule(BrtCell { attacker, defender }, rule)
}

/// The Battle Resolution Table's two printed rows and the cells the examples read.
fn brt() -> Brt {
    const TABLE: &str = "Very Quick Battle Rules, Seven Days Battles Battle Resolution Table";
    let bounds = [
        (None, Some(-10)),
        (Some(-9), Some(-7)),
        (Some(-6), Some(-4)),
        (Some(-3), Some(-1)),
        (Some(0), Some(0)),
        (Some(1), Some(3)),
        (Some(4), Some(6)),
        (Some(7), Some(9)),
        (Some(10), None),
    ];
    let row1 = [(3, 1), (3, 1), (3, 1), (3, 1), (2, 1), (2, 1), (2, 1), (1, 1), (0, 1)];
    let row2 = [(3, 1), (3, 1), (3, 1), (2, 1), (2, 1), (2, 1), (1, 1), (1, 1), (1, 1)];
    let mut columns: Vec<BrtColumn> = bounds
        .iter()
        .zip(row1.iter().zip(row2.iter()))
        .map(|(&(low, high), (&a, &b))| {
            let mut cells = vec![Given::Missing; 10];
            cells[0] = cell(a.0, a.1, TABLE);
            cells[1] = cell(b.0, b.1, TABLE);
            BrtColumn { low, high, cells }
        })
        .collect();
    // The examples' readings: a 9 under +1 to +3, a 10 under +4 to +6 (Very Quick, Determine
    // Hits) and a 5 under 0 (Quick, Determine Hits).
    columns[5].cells[8] = cell(1, 2, "Very Quick Battle Rules, Determine Hits to Attacker and Defender");
    columns[6].cells[9] = cell(1, 3, "Very Quick Battle Rules, Determine Hits to Attacker and Defender");
    columns[4].cells[4] = cell(1, 1, "Quick Battle Rules, Determine Hits to Attacker and Defender (Quick)");
    Brt { columns }
}

fn resupply() -> ResupplyTable {
    let mut rows = vec![Given::Missing; 10];
    rows[0] = Given::rule(Resupply::Additional { echelon: Echelon::Brigade, count: 1, arm: None }, "18.2");
    let mut battery = vec![Given::Missing; 10];
    battery[8] = Given::rule(4, "18.3");
    battery[9] = Given::rule(4, "18.3");
    rows[2] = Given::rule(Resupply::Battery(battery), "18.3");
    let mut fort = vec![Given::Missing; 10];
    fort[2] = Given::rule("Crew House".to_string(), "18.3");
    rows[3] = Given::rule(Resupply::Static(ForceType::Fortification, fort), "18.3");
    rows[6] = Given::rule(Resupply::Static(ForceType::Garrison, vec![Given::Missing; 10]), "18.2");
    ResupplyTable { rows }
}

fn condition(text: &str, test: Test, deadline: Deadline) -> Condition {
    Condition {
        text: text.into(),
        test,
        deadline,
        defeat_if_failed: false,
        vp: Given::rule(1, "21.0"),
        origin: Origin::RuleText("3.1".into()),
    }
}

/// The Seven Days Battles campaign as far as the rule text gives it.
pub fn seven_days_from_the_text() -> CampaignPack {
    let richmond = ["Richmond (North)", "Richmond (Center)", "Richmond (South)"];
    let mut areas: Vec<Area> = richmond.iter().map(|n| area(n, "2.2")).collect();
    for a in &mut areas {
        a.city_or_fort = Given::rule(true, "7.6");
    }
    for (n, rule) in [
        ("Seven Pines", "2.1"),
        ("Oak Grove", "16.4"),
        ("Beaver Dam Creek", "3.1"),
        ("Glendale", "3.1"),
        ("Frayser's Farm", "9.2"),
        ("Malvern Hill", "3.1"),
        ("Crew House", "3.1"),
        ("West House", "3.1"),
        ("Western Run", "3.1"),
    ] {
        areas.push(area(n, rule));
    }
    if let Some(crew) = areas.iter_mut().find(|a| a.name == "Crew House") {
        crew.battle_area = Given::rule(true, "16.1.2");
    }
    let map =
        Map { areas, links: vec![link("Glendale", "Frayser's Farm", "9.2"), link("Seven Pines", "Oak Grove", "16.4")] };
    let map_orders = chart(
        vec![
            toward("Malvern Hill", 1),
            Order::Hold,
            Order::Random,
            toward("Malvern Hill", 1),
            Order::TowardClosestUnionHeld,
            Order::Random,
            toward("Malvern Hill", 1),
            Order::Hold,
            Order::TowardClosestUnionHeld,
            toward("Malvern Hill", 2),
        ],
        "16.1.1",
    );
    let battle_area_orders = chart(
        vec![
            Order::Hold,
            or_hold(toward("Crew House", 1)),
            or_hold(Order::TowardClosestConfederate(true)),
            Order::Hold,
            or_hold(toward("West House", 1)),
            or_hold(Order::TowardClosestConfederate(true)),
            Order::Hold,
            or_hold(toward("Western Run", 1)),
            or_hold(toward("Malvern Hill", 1)),
            Order::Hold,
        ],
        "16.1.2",
    );
    let starting_forces = ["Longstreet", "A.P. Hill", "D.H. Hill", "Stuart", "Pendleton"]
        .iter()
        .map(|n| Placement { counter: (*n).into(), area: Given::Missing, origin: Origin::RuleText("7.8".into()) })
        .collect();
    let campaign = CampaignDef {
        name: SEVEN_DAYS.into(),
        origin: Origin::RuleText("2.2, 3.1, 7.8, 16.1".into()),
        lee_rating: Given::rule(2, "10.2.12"),
        turns: Given::rule(9, "3.2"),
        lee_start: Given::Missing,
        starting: StartingPoints::default(),
        starting_forces,
        late_arrivals: vec![LateArrival {
            forces: Vec::new(),
            when: ArrivalWhen::RollFromTurn { turn: 3, target: Given::Missing },
            area: ArrivalWhere::ConfederateHeld,
            text: "Special Rule #2: all Jackson's Forces start off the map; from Turn 3 roll d10 against a target \
                   number; on a success they enter an Area Held by Confederate Forces of the player's choice"
                .into(),
            origin: Origin::RuleText("7.9".into()),
        }],
        special_rules: vec![
            Note {
                text: "Special Rule #2: Jackson's Forces arrive from Turn 3 on a d10 roll (7.9)".into(),
                origin: Origin::RuleText("7.9".into()),
            },
            Note {
                text: "In the Oak Grove battle the Confederate player gains the Entrench Insight for free even though \
                       Robert E. Lee is not present (10.2.12)"
                    .into(),
                origin: Origin::RuleText("10.2.12".into()),
            },
        ],
        objectives: richmond.iter().map(|n| Given::rule((*n).to_string(), "2.2")).collect(),
        confederate_cp_per_turn: Given::Missing,
        scouts_per_turn: Given::Missing,
        union_cp_per_turn: UnionLevels {
            regular: Given::rule(3, "18.2"),
            hard: Given::rule(4, "18.2"),
            veteran: Given::rule(5, "18.2"),
        },
        union_resupply_rolls: UnionLevels {
            regular: Given::rule(2, "18.2"),
            hard: Given::rule(3, "18.2"),
            veteran: Given::rule(4, "18.2"),
        },
        plans: PlanQuantities {
            confederate: PlayerLevels {
                easy: Given::Missing,
                regular: Given::rule(1, "10.2.10"),
                hard: Given::Missing,
            },
            union: UnionLevels { regular: Given::rule(2, "10.2.10"), hard: Given::Missing, veteran: Given::Missing },
        },
        group_maximum: Given::rule(6, "16.3.3"),
        map_orders: OrdersCharts { regular: map_orders, hard: None, veteran: None },
        battle_area_orders: OrdersCharts { regular: battle_area_orders, hard: None, veteran: None },
        withdrawal: WithdrawalRows { rows: vec![Given::<Withdrawal>::Missing; 10] },
        union_resupply: resupply(),
        conditions: vec![
            condition(
                "Clear the Beaver Dam Creek Area of all Union Forces by the end of the Confederate Phase of Turn 2",
                Test::Clear(vec!["Beaver Dam Creek".into()]),
                Deadline::By(2, TurnEnd::Confederate),
            ),
            condition(
                "One of your Force counters must reach Glendale by the end of Turn 5",
                Test::Reach { area: "Glendale".into(), corps: None },
                Deadline::By(5, TurnEnd::Turn),
            ),
            condition(
                "One Force must have entered Malvern Hill by the end of Turn 9",
                Test::Reach { area: "Malvern Hill".into(), corps: None },
                Deadline::By(9, TurnEnd::Turn),
            ),
            condition(
                "At least one Force counter in Crew House, West House and Western Run at the end of Turn 9",
                Test::Present(vec!["Crew House".into(), "West House".into(), "Western Run".into()]),
                Deadline::At(9, TurnEnd::Turn),
            ),
            condition(
                "Hold Richmond (each Richmond Area throughout the Campaign, 2.2)",
                Test::Hold { areas: richmond.iter().map(|s| s.to_string()).collect(), min_combat: None },
                Deadline::Throughout,
            ),
        ],
        lee_vp: Given::Missing,
        casualties: None,
        rivers: Vec::new(),
        map,
        brt: brt(),
    };
    CampaignPack {
        name: "Seven Days Battles from the rule text".into(),
        counters: Vec::new(),
        scouts: Given::Missing,
        hard_fog_row_9: Given::Missing,
        campaigns: vec![campaign],
    }
}
