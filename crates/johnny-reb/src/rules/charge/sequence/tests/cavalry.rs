//! Cavalry against cavalry (5.5.5.b): the check on sighting, the strikes and their aftermath.

use super::*;

#[test]
fn rule_5_5_5_b_cavalry_against_cavalry() {
    let c = Charge::declare(cavalry_setup()).unwrap();
    assert_eq!(c.waiting_for(), Need::CavalrySighting);
    let c = go(
        &c,
        Input::CavalrySighting {
            check: MoraleCheckInput { mmp: 3, roll: two(4, 4) },
            countercharge: true,
            must_turn_over_45: false,
        },
    );
    assert!(c.both_charging);
    let c = go(&c, Input::ChargedUnitStays);
    let c = go(&c, Input::open_move(8));
    let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[1, 1, 1]) });
    let cc = CounterchargeInput {
        charger_moved: Ratio::whole(6),
        normal_move: Ratio::whole(8),
        bonus: Some((BonusPath::all_in(Terrain::Open), dice(&[2, 2, 2]))),
        from_outside_charger_primary_zone: false,
        charge_against_charge: false,
    };
    let c = go(&c, Input::Countercharge(cc));
    let c = go(&c, no_fire());
    let c = go(&c, no_fire());
    let c =
        go(&c, Input::Impact { charger_mmp: 3, charger_roll: two(5, 5), defender_mmp: 3, defender_roll: two(2, 2) });
    // the defender won: it strikes first
    assert_eq!(c.waiting_for(), Need::CavalryStrike(Side::Defender));
    let c = go(
        &c,
        Input::CavalryStrike {
            kills: 3,
            checks: vec![MoraleCheckInput { mmp: 5, roll: two(2, 3) }],
            officer_roll: None,
        },
    );
    assert_eq!(c.charger_morale, MoraleLevel::Shaken);
    assert_eq!(c.waiting_for(), Need::CavalryStrike(Side::Charger));
    let c = go(
        &c,
        Input::CavalryStrike {
            kills: 1,
            checks: vec![MoraleCheckInput { mmp: 3, roll: two(4, 4) }],
            officer_roll: None,
        },
    );
    assert_eq!(
        c.outcome,
        Some(Outcome::Cavalry {
            charger: CavalryAftermath::StandsInDisorder,
            defender: CavalryAftermath::PassesThrough
        })
    );
}

#[test]
fn rule_5_5_5_b_loser_routed_by_the_first_strike_surrenders() {
    let c = Charge::declare(cavalry_setup()).unwrap();
    // failed the sighting check: shaken, in disorder, waiting
    let c = go(
        &c,
        Input::CavalrySighting {
            check: MoraleCheckInput { mmp: 6, roll: two(2, 3) },
            countercharge: true,
            must_turn_over_45: false,
        },
    );
    assert_eq!(c.defender_morale, MoraleLevel::Shaken);
    assert!(c.defender_disordered && !c.both_charging);
    let c = go(&c, Input::ChargedUnitStays);
    let c = go(&c, Input::open_move(8));
    let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[2, 2, 2]) });
    let c = go(&c, Input::Close);
    let c = go(&c, no_fire());
    assert_eq!(c.stage, Stage::DefensiveFireTwo);
    let c = go(&c, no_fire());
    let c =
        go(&c, Input::Impact { charger_mmp: 3, charger_roll: two(2, 2), defender_mmp: 5, defender_roll: two(4, 4) });
    let c = go(
        &c,
        Input::CavalryStrike {
            kills: 3,
            checks: vec![MoraleCheckInput { mmp: 9, roll: two(2, 3) }],
            officer_roll: None,
        },
    );
    assert_eq!(
        c.outcome,
        Some(Outcome::Cavalry { charger: CavalryAftermath::PassesThrough, defender: CavalryAftermath::Surrenders })
    );
}

#[test]
fn rule_5_5_5_b_cavalry_routed_on_sighting_is_chased() {
    let c = Charge::declare(cavalry_setup()).unwrap();
    let c = go(
        &c,
        Input::CavalrySighting {
            check: MoraleCheckInput { mmp: 6, roll: two(1, 1) },
            countercharge: false,
            must_turn_over_45: false,
        },
    );
    assert_eq!(c.stage, Stage::DefenderRoutMove);
    let c = go(&c, Input::RoutMove { terrain: Terrain::Open, dice: dice(&[1, 1, 2]) });
    assert_eq!(c.distance, Ratio::whole(14));
    let c = go(&go(&c, Input::ChargedUnitStays), Input::open_move(8));
    let caught =
        go(&go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[2, 2, 2]) }), Input::Close);
    assert_eq!(caught.outcome, Some(Outcome::DefenderSurrendered));
    let away =
        go(&go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[1, 1, 1]) }), Input::Close);
    assert_eq!(away.outcome, Some(Outcome::DefenderRouted));
}
