use super::*;
use crate::force::{Entry, ForceType, Loyalty};
use crate::outcome::Withdrawal;
use companion_core::exchange::ImportError;
use proptest::prelude::*;

fn errors(pack: &CampaignPack) -> Vec<String> {
    pack.validate().err().unwrap_or_default().iter().map(ToString::to_string).collect()
}

#[test]
fn the_practice_pack_is_sound_and_every_value_says_it_is_made_up() {
    let pack = practice_pack();
    assert_eq!(pack.validate(), Ok(()));
    assert!(pack.missing().is_empty(), "{:?}", pack.missing());
    let text = pack.export();
    for other in ["\"Entered\"", "\"entered\"", "\"RuleText\"", "\"rule_text\"", "\"Missing\"", "{}"] {
        assert!(!text.contains(other), "the practice pack holds a value marked {other}");
    }
    assert!(text.contains("\"MadeUp\"") && text.contains("\"made_up\""));
    for d in &pack.counters {
        assert!(d.counter.name.contains("made up"), "{}", d.counter.name);
        assert!(d.counter.missing().is_empty());
    }
    assert!(pack.campaigns.iter().all(|c| c.name.contains("made up") && c.origin == Origin::MadeUp));
    assert!(pack.campaigns[0].map.areas.iter().all(|a| a.origin == Origin::MadeUp));
}

#[test]
fn rule_18_2_seven_days_union_command_points_and_resupply_rolls_by_level() {
    let pack = seven_days_from_the_text();
    let c = pack.campaign(SEVEN_DAYS).unwrap();
    assert_eq!(c.union_cp_per_turn.regular, Given::rule(3, "18.2"));
    assert_eq!(c.union_cp_per_turn.hard, Given::rule(4, "18.2"));
    assert_eq!(c.union_cp_per_turn.veteran, Given::rule(5, "18.2"));
    assert_eq!(c.union_resupply_rolls.at(UnionLevel::Regular).value(), Some(&2));
    assert_eq!(c.union_resupply_rolls.at(UnionLevel::Hard).value(), Some(&3));
    assert_eq!(c.union_resupply_rolls.at(UnionLevel::Veteran).value(), Some(&4));
    // 18.2's and 18.3's examples: a 1 gains a Brigade, a 7 a Garrison with a follow-up roll,
    // a 3 a Battery whose 9-10 is Combat Value 4, a 4 a Fortification whose 3 is Crew House.
    let rows = &c.union_resupply.rows;
    assert_eq!(rows[0].value(), Some(&Resupply::Additional { echelon: Echelon::Brigade, count: 1, arm: None }));
    assert!(matches!(rows[6].value(), Some(Resupply::Static(ForceType::Garrison, a)) if a.len() == 10));
    let Some(Resupply::Battery(cv)) = rows[2].value() else { panic!("row 3") };
    assert_eq!((cv[8].value(), cv[9].value(), cv[0].value()), (Some(&4), Some(&4), None));
    let Some(Resupply::Static(ForceType::Fortification, areas)) = rows[3].value() else { panic!("row 4") };
    assert_eq!(areas[2].value().map(String::as_str), Some("Crew House"));
    assert!(rows[1].is_missing() && rows[9].is_missing());
}

#[test]
fn rule_16_1_seven_days_orders_charts_are_the_examples() {
    let pack = seven_days_from_the_text();
    let c = pack.campaign(SEVEN_DAYS).unwrap();
    let map = &c.map_orders.regular.rows;
    let toward = |a: &str, n| Order::MoveToward(a.into(), n);
    assert_eq!(map[3], Given::rule(toward("Malvern Hill", 1), "16.1.1"), "16.1.1: a 4 moves toward Malvern Hill");
    assert_eq!(map[9].value(), Some(&toward("Malvern Hill", 2)));
    assert_eq!(map[4].value(), Some(&Order::TowardClosestUnionHeld));
    let battle = &c.battle_area_orders.regular.rows;
    assert_eq!(battle[1].value(), Some(&Order::Otherwise(Box::new(toward("Crew House", 1)), Box::new(Order::Hold))));
    assert_eq!(battle[0].value(), Some(&Order::Hold));
    assert!(c.map_orders.hard.is_none(), "the text shows no Hard chart");
    assert_eq!(c.group_maximum, Given::rule(6, "16.3.3"));
}

#[test]
fn rule_10_2_10_and_3_2_seven_days_quantities_rating_and_turns() {
    let pack = seven_days_from_the_text();
    let c = pack.campaign(SEVEN_DAYS).unwrap();
    assert_eq!(c.plans.confederate.regular, Given::rule(1, "10.2.10"));
    assert_eq!(c.plans.union.regular, Given::rule(2, "10.2.10"));
    assert_eq!(c.lee_rating, Given::rule(2, "10.2.12"));
    assert_eq!(c.turns, Given::rule(9, "3.2"));
    assert!(c.lee_start.is_missing(), "\u{201c}in Richmond\u{201d} does not say which of the three Areas");
    let richmond: Vec<_> = c.map.areas.iter().filter(|a| a.name.starts_with("Richmond")).collect();
    assert_eq!(richmond.len(), 3);
    assert!(richmond.iter().all(|a| a.city_or_fort == Given::rule(true, "7.6")));
    assert_eq!(c.map.area("Crew House").unwrap().battle_area, Given::rule(true, "16.1.2"));
    assert!(c.map.adjacent("Glendale", "Frayser's Farm"), "9.2's example moves between them");
    assert_eq!(c.objectives.len(), 3);
    assert_eq!(c.conditions.len(), 5);
    assert!(c.conditions.iter().all(|k| k.vp == Given::rule(1, "21.0")));
}

#[test]
fn very_quick_seven_days_battle_resolution_table_rows_and_example_cells() {
    let pack = seven_days_from_the_text();
    let brt = &pack.campaign(SEVEN_DAYS).unwrap().brt;
    assert_eq!(brt.columns.len(), 9);
    let cell = |col: usize, roll: u8| brt.cell(SEVEN_DAYS, col, roll).ok().map(|c| (c.attacker, c.defender));
    assert_eq!(cell(0, 1), Some((3, 1)));
    assert_eq!(cell(8, 1), Some((0, 1)), "\u{201c}A: -\u{201d} is no Hit");
    assert_eq!(cell(3, 2), Some((2, 1)));
    assert_eq!(cell(5, 9), Some((1, 2)));
    assert_eq!(cell(6, 10), Some((1, 3)));
    assert_eq!(cell(4, 5), Some((1, 1)));
    assert!(cell(4, 6).is_none(), "not in the text: asked for");
    assert_eq!(brt.column_of(-5).unwrap(), 2);
    assert_eq!(brt.column_of(-7).unwrap(), 1);
    assert_eq!(brt.column_of(-40).unwrap(), 0);
    assert_eq!(brt.column_of(12).unwrap(), 8);
    assert_eq!(brt.columns[1].label(), "-9 to -7");
    assert_eq!(brt.columns[0].label(), "-10 or less");
    assert_eq!(brt.columns[8].label(), "+10 or more");
}

#[test]
fn the_seven_days_start_lists_what_is_still_to_enter() {
    let pack = seven_days_from_the_text();
    let e = errors(&pack);
    assert!(
        e.contains(&"Seven Days Battles, starting force 1 (Longstreet): \u{2018}Longstreet\u{2019} names no counter of the pack".to_string()),
        "{e:?}"
    );
    assert!(e.contains(&"Seven Days Battles, late arrival 1: it names no forces".to_string()), "{e:?}");
    let missing = pack.missing();
    assert!(missing.iter().any(|m| m.row == "Withdrawal table" && m.column == "roll 1"));
    assert!(missing.iter().any(|m| m.table == "Hard Fog of War Event Table (10.2.7)"));
}

#[test]
fn a_bad_pack_is_refused_with_where_each_problem_is() {
    let mut pack = practice_pack();
    let c = &mut pack.campaigns[0];
    c.map.links.push(Link { a: "Capital".into(), b: "Nowhere".into(), river: None, origin: Origin::Entered });
    c.map.links.push(Link { a: "Mill".into(), b: "Capital".into(), river: None, origin: Origin::Entered });
    c.map_orders.regular.rows.pop();
    c.group_maximum = Given::Entered(0);
    c.brt.columns[2].low = Some(1);
    c.starting_forces.push(Placement {
        counter: "Grey Infantry A".into(),
        area: Given::Entered("Mill".into()),
        origin: Origin::Entered,
    });
    pack.counters[0].copies = Given::Entered(2);
    pack.counters[5].echelon = Echelon::Battery;
    let dup = pack.counters[1].clone();
    pack.counters.push(dup);
    let e = errors(&pack);
    let want = [
        "Practice Campaign (made up), area \u{2018}Capital\u{2019}: link to \u{2018}Nowhere\u{2019} names no area",
        "Practice Campaign (made up), area \u{2018}Mill\u{2019}: the link to \u{2018}Capital\u{2019} is entered twice",
        "Practice Campaign (made up), Campaign Map Orders (Regular): 9 rows; the d10 chart has 10",
        "Practice Campaign (made up), Union Group Maximum: a group holds at least 1 Force (16.3)",
        "Practice Campaign (made up), Battle Resolution Table, column 3 (+1 to 0): its lowest differential is above its highest",
        "Counter \u{2018}Grey Infantry A\u{2019}: a Named Force is one counter (copies must be 1)",
        "Counter \u{2018}Grey Brigade\u{2019}: a counter of type Infantry without a commander's name cannot be a Battery (4.8, 6.1, 6.2)",
        "Counter \u{2018}Grey Infantry B\u{2019}: two counters have this key",
    ];
    for w in want {
        assert!(e.contains(&w.to_string()), "missing {w:?} in {e:#?}");
    }
    assert!(e.iter().any(|x| x.contains("it starts at 1; the column before ends at -1")), "{e:#?}");
}

#[test]
fn a_counter_of_another_campaign_or_beyond_the_mix_is_refused() {
    let mut pack = practice_pack();
    pack.counters[0].campaign = Some("Antietam".into());
    pack.campaigns[0].starting_forces.push(Placement {
        counter: "Blue Brigade".into(),
        area: Given::MadeUp("Depot".into()),
        origin: Origin::MadeUp,
    });
    pack.counters.iter_mut().find(|d| d.key == "Blue Brigade").unwrap().copies = Given::MadeUp(1);
    let e = errors(&pack);
    assert!(e.iter().any(|x| x.contains("is a counter of the Antietam campaign (7.7)")), "{e:#?}");
    assert!(
        e.iter().any(|x| x.contains("\u{2018}Blue Brigade\u{2019} is placed 2 times; the counter mix holds 1")),
        "{e:#?}"
    );
}

#[test]
fn the_pack_file_round_trips() {
    let pack = practice_pack();
    let text = pack.export();
    assert!(text.contains("\"format\": \"field-commander/campaign-pack\""));
    assert_eq!(CampaignPack::import(&text), Ok(pack));
}

#[test]
fn malformed_and_hostile_files_are_refused_with_a_clear_message() {
    let refused = |raw: &str| CampaignPack::import(raw).expect_err("refused");
    assert!(matches!(refused("not json"), PackFileError::File(ImportError::NotJson(_))));
    assert!(matches!(refused(&"[".repeat(40)), PackFileError::File(ImportError::TooDeep)));
    assert!(matches!(refused(&" ".repeat(2_000_000)), PackFileError::File(ImportError::TooLarge { .. })));
    let e = refused(r#"{"format":"johnny-reb/game","schema":2}"#);
    assert_eq!(e.to_string(), "This is not a campaign pack file (its format is \u{201c}johnny-reb/game\u{201d}).");
    assert!(matches!(
        refused(r#"{"format":"field-commander/campaign-pack","schema":9}"#),
        PackFileError::File(ImportError::Newer { .. })
    ));
    let mut v = practice_pack().export().replacen("\"MadeUp\": 6", "\"MadeUp\": -6", 1);
    assert!(matches!(refused(&v), PackFileError::Shape(_)), "{v}");
    v = practice_pack().export().replacen("\"MadeUp\": 6", "\"MadeUp\": 1e300", 1);
    assert!(matches!(refused(&v), PackFileError::File(ImportError::Limit(_))));
    let shape = refused(r#"{"format":"field-commander/campaign-pack","schema":1,"name":7}"#);
    assert!(shape.to_string().starts_with("This campaign pack has a value of the wrong type"), "{shape}");
    let mut bad = practice_pack();
    bad.campaigns[0].conditions[0].test = Test::Hold { areas: vec!["Atlantis".into()], min_combat: None };
    let e = refused(&bad.export());
    assert!(matches!(e, PackFileError::Invalid(_)));
    assert!(e.to_string().contains("the area \u{2018}Atlantis\u{2019} names no area of the map"), "{e}");
}

#[test]
fn the_withdrawal_table_is_given_to_the_battle_engine_in_bands() {
    let pack = practice_pack();
    let t = pack.campaigns[0].withdrawal_table().unwrap();
    assert_eq!(t.bands, crate::outcome::WithdrawalTable::example_14_8().bands);
    let seven = seven_days_from_the_text();
    let e = seven.campaigns[0].withdrawal_table().unwrap_err();
    assert_eq!(
        e.to_string(),
        "Withdrawal table, Seven Days Battles, 1, result is not in the rulebook text: enter it from your game's printed tables"
    );
    let _ = Withdrawal::Encamp;
}

#[test]
fn map_distances_and_steps_follow_the_links_and_rivers() {
    let pack = practice_pack();
    let map = &pack.campaigns[0].map;
    let d = map.distances_to(&["Depot".into()], &[]);
    assert_eq!(d.get("Capital"), Some(&5));
    let closed = vec!["Practice River".to_string()];
    let d2 = map.distances_to(&["Depot".into()], &closed);
    assert_eq!(d.get("Ford"), Some(&3));
    assert_eq!(d2.get("Ford"), Some(&5), "around by Crossroads and Hills");
    assert_eq!(map.steps_toward("Capital", &["Ford".into()], &[]), vec!["Crossroads".to_string(), "Mill".to_string()]);
    assert!(map.neighbours("Ford", &closed).iter().all(|n| n != "Ridge"));
}

fn arb_given<T: std::fmt::Debug + Clone + 'static>(
    v: impl Strategy<Value = T> + Clone + 'static,
) -> impl Strategy<Value = Given<T>> {
    prop_oneof![
        Just(Given::Missing),
        v.clone().prop_map(Given::Entered),
        (v.clone(), "[0-9.]{1,6}").prop_map(|(value, rule)| Given::RuleText { value, rule }),
        v.prop_map(Given::MadeUp),
    ]
}

fn arb_pack() -> impl Strategy<Value = CampaignPack> {
    let names = proptest::collection::btree_set("[A-Za-z\u{e9}' ]{1,12}", 1..7);
    (
        names,
        proptest::collection::vec((0usize..7, 0usize..7, any::<bool>()), 0..12),
        arb_given(0u8..40),
        arb_given(1u32..30),
        arb_given(any::<bool>()),
        "\\PC{0,20}",
    )
        .prop_map(|(names, links, turns, scouts, flag, text)| {
            let mut pack = practice_pack();
            let names: Vec<String> = names.into_iter().filter(|n| !n.trim().is_empty()).collect();
            let c = &mut pack.campaigns[0];
            c.turns = turns;
            c.special_rules.push(Note { text, origin: Origin::Entered });
            for n in &names {
                let mut a = Area::new(format!("Extra {n}"), Origin::Entered);
                a.battle_area = flag.clone();
                c.map.areas.push(a);
            }
            for (i, j, river) in links {
                if let (Some(a), Some(b)) = (names.get(i), names.get(j)) {
                    c.map.links.push(Link {
                        a: format!("Extra {a}"),
                        b: format!("Extra {b}"),
                        river: river.then(|| "Practice River".into()),
                        origin: Origin::Entered,
                    });
                }
            }
            pack.scouts = scouts;
            pack.counters[0].counter.skill = Entry::Entered(crate::force::Skill::Elite);
            pack.counters[1].counter.loyalty = Loyalty::Confederate;
            pack
        })
}

proptest! {
    #[test]
    fn a_pack_that_passes_validation_round_trips_through_its_file(pack in arb_pack()) {
        if pack.validate().is_ok() {
            prop_assert_eq!(CampaignPack::import(&pack.export()), Ok(pack));
        } else {
            prop_assert!(matches!(CampaignPack::import(&pack.export()), Err(PackFileError::Invalid(_))));
        }
    }

    #[test]
    fn importing_never_panics_on_any_text(raw in "\\PC{0,200}") {
        let _ = CampaignPack::import(&raw);
    }
}

fn depth(v: &serde_json::Value) -> usize {
    match v {
        serde_json::Value::Array(a) => 1 + a.iter().map(depth).max().unwrap_or(0),
        serde_json::Value::Object(o) => 1 + o.values().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

#[test]
fn given_values_are_written_flat_and_the_pack_file_stays_shallow() {
    let g: Given<u8> = Given::rule(3, "18.2");
    assert_eq!(serde_json::to_string(&g).unwrap(), r#"{"rule_text":3,"rule":"18.2"}"#);
    assert_eq!(serde_json::to_string(&Given::<u8>::Missing).unwrap(), "{}");
    assert_eq!(serde_json::from_str::<Given<u8>>(r#"{"entered":4}"#).unwrap(), Given::Entered(4));
    let both = serde_json::from_str::<Given<u8>>(r#"{"entered":4,"made_up":4}"#).unwrap_err();
    assert!(both.to_string().contains("one of them"), "{both}");
    assert!(serde_json::from_str::<Given<u8>>(r#"{"rule_text":4}"#).is_err(), "a rule text value names its rule");
    // The core refuses files nested more than 16 deep; a pack and a saved campaign leave room
    // for the app's own wrapping (a backup's document, its games).
    for pack in [practice_pack(), seven_days_from_the_text()] {
        let v: serde_json::Value = serde_json::from_str(&pack.export()).unwrap();
        assert!(depth(&v) <= 11, "{}: {}", pack.name, depth(&v));
    }
    let mut pack = practice_pack();
    let nested = Order::Otherwise(
        Box::new(Order::Otherwise(Box::new(Order::Hold), Box::new(Order::Hold))),
        Box::new(Order::Hold),
    );
    pack.campaigns[0].map_orders.regular.rows[0] = Given::Entered(nested);
    assert!(errors(&pack).iter().any(|e| e.contains("inside another is not read")));
}
