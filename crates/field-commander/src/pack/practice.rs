//! A practice campaign to learn the app with. Every value is made up ([`Given::MadeUp`],
//! [`Entry::MadeUp`], [`Origin::MadeUp`]) and every name says so: none is the game's. The real
//! campaigns are entered by the player from the game's own components.

use super::*;
use crate::force::{Entry, Face, ForceType, Loyalty, Skill};
use crate::outcome::Withdrawal;
use crate::prebattle::FogEvent;

/// The practice campaign's name.
pub const PRACTICE: &str = "Practice Campaign (made up)";

fn m<T>(v: T) -> Given<T> {
    Given::MadeUp(v)
}

#[allow(clippy::too_many_arguments)]
fn design(
    key: &str,
    loyalty: Loyalty,
    kind: ForceType,
    echelon: Echelon,
    corps: Option<&str>,
    skill: Skill,
    full: (Option<u8>, u8, Option<u8>),
    reduced: Option<(Option<u8>, u8)>,
    copies: u32,
) -> CounterDesign {
    let named = echelon == Echelon::Named;
    let mut c = Counter::new(format!("{key} (made up)"), loyalty, kind, named);
    c.corps = corps.map(str::to_string);
    c.skill = Entry::MadeUp(skill);
    c.full = Face { activation: Entry::MadeUp(full.0), combat: Entry::MadeUp(full.1), superior: Entry::MadeUp(full.2) };
    c.reduced = Entry::MadeUp(reduced.map(|(a, cv)| Face {
        activation: Entry::MadeUp(a),
        combat: Entry::MadeUp(cv),
        superior: Entry::MadeUp(None),
    }));
    CounterDesign {
        key: key.into(),
        counter: c,
        echelon,
        campaign: named.then(|| PRACTICE.to_string()),
        copies: m(copies),
    }
}

fn counters() -> Vec<CounterDesign> {
    use Echelon::*;
    use ForceType::*;
    use Loyalty::*;
    use Skill::*;
    vec![
        design(
            "Grey Infantry A",
            Confederate,
            Infantry,
            Named,
            Some("J"),
            Veteran,
            (Some(7), 7, Some(2)),
            Some((Some(6), 4)),
            1,
        ),
        design(
            "Grey Infantry B",
            Confederate,
            Infantry,
            Named,
            Some("J"),
            Line,
            (Some(6), 6, None),
            Some((Some(5), 4)),
            1,
        ),
        design(
            "Grey Infantry C",
            Confederate,
            Infantry,
            Named,
            Some("L"),
            Line,
            (Some(6), 6, None),
            Some((Some(5), 3)),
            1,
        ),
        design("Grey Cavalry", Confederate, Cavalry, Named, None, Veteran, (Some(7), 4, Some(1)), None, 1),
        design("Grey Guns", Confederate, Artillery, Named, None, Line, (Some(4), 4, None), None, 1),
        design("Grey Brigade", Confederate, Infantry, Brigade, None, Line, (Some(5), 3, None), None, 3),
        design("Grey Regiment", Confederate, Cavalry, Regiment, None, Line, (Some(6), 2, None), None, 2),
        design("Grey Battery", Confederate, Artillery, Battery, None, Line, (None, 3, None), None, 2),
        design("Grey Garrison", Confederate, Garrison, Static, None, PoorLine, (Some(4), 2, None), None, 3),
        design("Grey Fortification", Confederate, Fortification, Static, None, Line, (None, 3, None), None, 3),
        design(
            "Blue Infantry A",
            Union,
            Infantry,
            Named,
            Some("I"),
            PoorLine,
            (Some(5), 6, None),
            Some((Some(4), 4)),
            1,
        ),
        design(
            "Blue Infantry B",
            Union,
            Infantry,
            Named,
            Some("I"),
            Conscript,
            (Some(4), 5, None),
            Some((Some(3), 3)),
            1,
        ),
        design(
            "Blue Infantry C",
            Union,
            Infantry,
            Named,
            Some("II"),
            Line,
            (Some(6), 6, Some(1)),
            Some((Some(5), 4)),
            1,
        ),
        design("Blue Cavalry", Union, Cavalry, Named, None, Line, (Some(5), 3, None), None, 1),
        design("Blue Brigade", Union, Infantry, Brigade, None, Conscript, (Some(4), 2, None), None, 3),
        design("Blue Regiment", Union, Infantry, Regiment, None, Conscript, (Some(4), 1, None), None, 2),
        design("Blue Cavalry Regiment", Union, Cavalry, Regiment, None, Line, (Some(5), 1, None), None, 1),
        design("Blue Battery 2", Union, Artillery, Battery, None, Line, (None, 2, None), None, 2),
        design("Blue Battery 4", Union, Artillery, Battery, None, Veteran, (None, 4, None), None, 1),
        design("Blue Garrison", Union, Garrison, Static, None, Conscript, (Some(3), 2, None), None, 3),
        design("Blue Fortification", Union, Fortification, Static, None, Line, (None, 4, None), None, 3),
    ]
}

fn map() -> Map {
    let area = |name: &str, battle: bool, city: bool| Area {
        name: name.into(),
        battle_area: m(battle),
        city_or_fort: m(city),
        inaccessible: false,
        origin: Origin::MadeUp,
    };
    let link = |a: &str, b: &str, river: Option<&str>| Link {
        a: a.into(),
        b: b.into(),
        river: river.map(str::to_string),
        origin: Origin::MadeUp,
    };
    Map {
        areas: vec![
            area("Capital", false, true),
            area("Crossroads", false, false),
            area("Mill", false, false),
            area("Ford", false, false),
            area("Hills", false, false),
            area("Ridge", true, false),
            area("Orchard", true, false),
            area("Depot", true, true),
        ],
        links: vec![
            link("Capital", "Crossroads", None),
            link("Capital", "Mill", None),
            link("Crossroads", "Ford", None),
            link("Mill", "Ford", None),
            link("Crossroads", "Hills", None),
            link("Ford", "Ridge", Some("Practice River")),
            link("Hills", "Ridge", None),
            link("Ridge", "Orchard", None),
            link("Orchard", "Depot", None),
        ],
    }
}

fn brt() -> Brt {
    let bounds = [(None, Some(-4)), (Some(-3), Some(-1)), (Some(0), Some(0)), (Some(1), Some(3)), (Some(4), None)];
    let columns = bounds
        .iter()
        .enumerate()
        .map(|(i, &(low, high))| {
            let i = i as u8;
            let cells = (1..=10u8)
                .map(|roll| {
                    let attacker = (3u8.saturating_sub(i / 2) + u8::from(roll <= 3)).min(3);
                    let defender = 1 + u8::from(roll >= 8) + u8::from(i >= 3 && roll >= 5);
                    m(BrtCell { attacker, defender })
                })
                .collect();
            BrtColumn { low, high, cells }
        })
        .collect();
    Brt { columns }
}

fn chart(rows: [Order; 10]) -> OrdersChart {
    OrdersChart { rows: rows.into_iter().map(m).collect() }
}

fn campaign() -> CampaignDef {
    use Order::*;
    let place =
        |counter: &str, area: &str| Placement { counter: counter.into(), area: m(area.into()), origin: Origin::MadeUp };
    let toward = |a: &str, n: u8| MoveToward(a.into(), n);
    let cond = |text: &str, test: Test, deadline: Deadline| Condition {
        text: format!("{text} (made up)"),
        test,
        deadline,
        defeat_if_failed: false,
        vp: m(1),
        origin: Origin::MadeUp,
    };
    CampaignDef {
        name: PRACTICE.into(),
        origin: Origin::MadeUp,
        lee_rating: m(2),
        turns: m(6),
        lee_start: m("Capital".into()),
        starting: StartingPoints { confederate_cp: m(2), union_cp: m(2), scouts: m(1) },
        starting_forces: vec![
            place("Grey Infantry A", "Capital"),
            place("Grey Infantry C", "Capital"),
            place("Grey Cavalry", "Capital"),
            place("Grey Guns", "Capital"),
            place("Blue Infantry A", "Depot"),
            place("Blue Infantry B", "Depot"),
            place("Blue Infantry C", "Orchard"),
            place("Blue Cavalry", "Hills"),
            place("Blue Brigade", "Orchard"),
        ],
        late_arrivals: vec![LateArrival {
            forces: vec!["Grey Infantry B".into()],
            when: ArrivalWhen::RollFromTurn { turn: 2, target: m(5) },
            area: ArrivalWhere::ConfederateHeld,
            text: "From turn 2, on a d10 of 5 or less, Grey Infantry B enters a Confederate-Held Area (made up)".into(),
            origin: Origin::MadeUp,
        }],
        special_rules: vec![Note { text: "No special rules: this campaign is made up".into(), origin: Origin::MadeUp }],
        objectives: vec![m("Capital".into()), m("Depot".into())],
        confederate_cp_per_turn: m(3),
        scouts_per_turn: m(1),
        union_cp_per_turn: UnionLevels { regular: m(3), hard: m(4), veteran: m(5) },
        union_resupply_rolls: UnionLevels { regular: m(1), hard: m(2), veteran: m(3) },
        plans: PlanQuantities {
            confederate: PlayerLevels { easy: m(2), regular: m(1), hard: m(1) },
            union: UnionLevels { regular: m(2), hard: m(3), veteran: m(3) },
        },
        group_maximum: m(4),
        map_orders: OrdersCharts {
            regular: chart([
                toward("Capital", 1),
                Hold,
                Random,
                Advance(1),
                TowardClosestUnionHeld,
                TowardConfederateHeld(HeldPlace::Objective, 1),
                toward("Capital", 1),
                Hold,
                Advance(2),
                TowardLee(1),
            ]),
            hard: None,
            veteran: None,
        },
        battle_area_orders: OrdersCharts {
            regular: chart([
                Hold,
                Otherwise(Box::new(toward("Depot", 1)), Box::new(Hold)),
                Otherwise(Box::new(TowardClosestConfederate(true)), Box::new(Hold)),
                Hold,
                Advance(1),
                TowardUnionHeld(HeldPlace::Objective),
                Hold,
                Otherwise(Box::new(toward("Ridge", 1)), Box::new(Hold)),
                Advance(1),
                Hold,
            ]),
            hard: None,
            veteran: None,
        },
        withdrawal: WithdrawalRows {
            rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
                .iter()
                .map(|r| {
                    m(match r {
                        1..=2 => Withdrawal::Rejoin,
                        3..=5 => Withdrawal::UnionRetreat,
                        6..=8 => Withdrawal::ConfederateRetreat,
                        _ => Withdrawal::Encamp,
                    })
                })
                .collect(),
        },
        union_resupply: ResupplyTable {
            rows: vec![
                m(Resupply::Additional { echelon: Echelon::Brigade, count: 1, arm: None }),
                m(Resupply::Additional { echelon: Echelon::Regiment, count: 1, arm: Some(ForceType::Infantry) }),
                m(Resupply::Battery(vec![m(2), m(2), m(2), m(2), m(2), m(2), m(2), m(4), m(4), m(4)])),
                m(Resupply::Static(ForceType::Fortification, (0..10).map(|_| m("Depot".to_string())).collect())),
                m(Resupply::Reinforcement),
                m(Resupply::Nothing),
                m(Resupply::Static(ForceType::Garrison, Vec::new())),
                m(Resupply::Nothing),
                m(Resupply::CommandPoints(1)),
                m(Resupply::CommandPoints(2)),
            ],
        },
        conditions: vec![
            cond(
                "Hold the Capital throughout the campaign",
                Test::Hold { areas: vec!["Capital".into()], min_combat: None },
                Deadline::Throughout,
            ),
            cond(
                "A Force reaches the Depot by the end of turn 6",
                Test::Reach { area: "Depot".into(), corps: None },
                Deadline::By(6, TurnEnd::Turn),
            ),
        ],
        lee_vp: m(1),
        casualties: Some(Casualties { target: m(12), areas: Vec::new(), against_union: false }),
        rivers: vec![RiverRule { river: "Practice River".into(), instead_toward: Some("Orchard".into()) }],
        map: map(),
        brt: brt(),
    }
}

/// The practice pack: one small made-up campaign with its counters.
pub fn practice_pack() -> CampaignPack {
    CampaignPack {
        name: "Practice pack (made up)".into(),
        counters: counters(),
        scouts: m(6),
        hard_fog_row_9: m(crate::prebattle::FogRow { turns: 4, event: FogEvent::UnionPlans(1) }),
        campaigns: vec![campaign()],
    }
}
