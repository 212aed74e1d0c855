//! The machine as a whole: the wrong input, saving and loading, every stage's Table 16 step,
//! and a property test that no sequence of inputs makes it panic.

use super::*;

#[test]
fn the_wrong_input_is_an_error_and_the_end_waits_for_nothing() {
    let c = Charge::declare(ChargeSetup::example(10, OrderKind::Hold)).unwrap();
    assert!(c.advance(Input::NoBonus).is_err());
    let c = go(&c, Input::ChargedUnitStays);
    let c = go(&c, Input::open_move(2));
    let c = go(&c, Input::NoBonus);
    let c = go(&c, Input::Close);
    assert_eq!(c.outcome, Some(Outcome::FellShort));
    assert_eq!(c.waiting_for(), Need::Nothing);
    assert_eq!(c.advance(Input::Close).unwrap(), Advance::Waiting(Need::Nothing));
}

#[test]
fn a_charge_in_progress_survives_saving_and_loading() {
    let c = go(&at_three_inches(8, [3, 3, 3]), no_fire());
    let text = serde_json::to_string(&c).unwrap();
    let back: Charge = serde_json::from_str(&text).unwrap();
    assert_eq!(back, c);
}

#[test]
fn every_stage_names_its_table_16_step() {
    let c = Charge::declare(ChargeSetup::example(8, OrderKind::Hold)).unwrap();
    assert_eq!(c.table16_step().map(|s| s.number), Some(2));
    let c = at_three_inches(8, [3, 3, 3]);
    assert_eq!(c.table16_step().map(|s| s.number), Some(5));
}

fn arb_input() -> impl Strategy<Value = Input> {
    let die = 1u8..=6;
    let roll = (1u8..=6, 1u8..=6).prop_map(|(a, b)| two(a, b));
    let check = (-5i32..15, roll.clone()).prop_map(|(mmp, roll)| MoraleCheckInput { mmp, roll });
    prop_oneof![
        Just(Input::ChargedUnitStays),
        (0u32..15).prop_map(|i| Input::ChargedUnitMoved { distance_now: Ratio::whole(i), new_formation: None }),
        (0u32..12, any::<bool>(), proptest::option::of(die.clone())).prop_map(|(i, g, r)| Input::NormalMove {
            inches: Ratio::whole(i),
            greater_distance: g,
            disorder_roll: r.map(d),
            terrain: Terrain::Open,
            woods: None
        }),
        Just(Input::NoBonus),
        proptest::collection::vec(die.clone(), 3)
            .prop_map(|f| Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&f) }),
        die.clone().prop_map(|f| Input::HaltRoll(d(f))),
        Just(Input::Close),
        (0u32..5, proptest::collection::vec(check.clone(), 0..3))
            .prop_map(|(k, checks)| Input::DefensiveFire(FireEffect { kills: k, checks })),
        check.clone().prop_map(Input::FearOfCharge),
        proptest::collection::vec(die.clone(), 3)
            .prop_map(|f| Input::RoutMove { terrain: Terrain::Open, dice: dice(&f) }),
        (-5i32..15, roll.clone(), -5i32..15, roll.clone()).prop_map(|(a, r1, b, r2)| Input::Impact {
            charger_mmp: a,
            charger_roll: r1,
            defender_mmp: b,
            defender_roll: r2
        }),
        die.clone().prop_map(|f| Input::LossDie(d(f))),
        roll.clone().prop_map(Input::Retire),
        (
            0u32..8,
            0u32..8,
            proptest::collection::vec(check.clone(), 0..2),
            proptest::collection::vec(check.clone(), 0..2)
        )
            .prop_map(|(a, b, x, y)| Input::MeleeRound {
                charger_kills: a,
                defender_kills: b,
                charger_checks: x,
                defender_checks: y,
                officer_rolls: vec![]
            }),
        (0u32..8, proptest::collection::vec(check.clone(), 0..2)).prop_map(|(k, checks)| Input::CavalryStrike {
            kills: k,
            checks,
            officer_roll: None
        }),
        (check, any::<bool>(), any::<bool>()).prop_map(|(check, countercharge, must_turn_over_45)| {
            Input::CavalrySighting { check, countercharge, must_turn_over_45 }
        }),
        (roll.clone(), roll.clone()).prop_map(|(a, b)| Input::ArtilleryImpact { charger_roll: a, artillery_roll: b }),
        Just(Input::CrewFlees),
        (0u32..12, 0u32..6, proptest::collection::vec(die.clone(), 3), any::<bool>(), any::<bool>()).prop_map(
            |(moved, normal, f, outside, against)| {
                Input::Countercharge(CounterchargeInput {
                    charger_moved: Ratio::whole(moved),
                    normal_move: Ratio::whole(normal),
                    bonus: Some((BonusPath::all_in(Terrain::Open), dice(&f))),
                    from_outside_charger_primary_zone: outside,
                    charge_against_charge: against,
                })
            }
        ),
    ]
}

proptest! {
    #[test]
    fn the_machine_never_panics_and_ends_in_an_outcome(
        distance in 0u32..16,
        cavalry in any::<bool>(),
        guns in any::<bool>(),
        inputs in proptest::collection::vec(arb_input(), 0..150),
    ) {
        let mut s = if cavalry { cavalry_setup() } else { ChargeSetup::example(distance, OrderKind::Hold) };
        s.distance = Ratio::whole(distance);
        if guns {
            s.defender.arm = Arm::Artillery;
            s.defender.figures = 4;
        }
        let mut c = Charge::declare(s).unwrap();
        for input in inputs {
            if let Ok(Advance::Next { charge, .. }) = c.advance(input) {
                c = *charge;
            }
            prop_assert_eq!(c.stage == Stage::Ended, c.outcome.is_some());
            prop_assert!(c.charger_figures <= 24 && c.defender_figures <= 20);
            prop_assert!(c.waiting_for() == Need::Nothing || c.outcome.is_none());
        }
    }
}
