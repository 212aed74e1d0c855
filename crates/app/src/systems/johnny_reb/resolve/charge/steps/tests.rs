use super::*;
use johnny_reb::rules::charge::sequence::ChargeSetup;
use johnny_reb::rules::charge::{Advance, Stage};

fn charge(order: OrderKind, distance: u32) -> Charge {
    Charge::declare(ChargeSetup::example(distance, order)).unwrap()
}

fn next(c: &Charge, input: Input) -> Charge {
    match c.advance(input).unwrap() {
        Advance::Next { charge, .. } => *charge,
        Advance::Waiting(n) => panic!("waiting for {n:?}"),
    }
}

/// Table 16 step 2 asks nothing of a unit on Hold (5.2.4): the screen is step 3a's, which
/// resolves step 2 first; a unit marked Move is asked (5.2.3).
#[test]
fn rule_5_2_4_a_unit_on_hold_is_not_asked_at_step_2() {
    let (r, o) = (ChargeRulings::default(), Overrides::new());
    let on = on_screen(&charge(OrderKind::Hold, 8), &r, &o);
    assert_eq!(on.charge.stage, Stage::NormalMove);
    assert_eq!(on.before, vec![Input::ChargedUnitStays]);
    assert_eq!(on.said.len(), 1);
    let asked = on_screen(&charge(OrderKind::Move, 8), &r, &o);
    assert_eq!(asked.charge.stage, Stage::ChargedUnitReaction);
    assert!(asked.before.is_empty());
}

/// Step 4 asks nothing when the defender may not countercharge (5.3.5: Hold only): the
/// screen is the defensive fire's; a charge that falls short of the 3" halt shows step 4
/// itself, which ends it (5.3.4).
#[test]
fn rule_5_3_4_the_close_is_shown_with_the_defensive_fire() {
    let (r, o) = (ChargeRulings::default(), Overrides::new());
    let c = next(&charge(OrderKind::Move, 9), Input::ChargedUnitStays);
    let c = next(&next(&c, Input::open_move(5)), Input::NoBonus);
    // 9" away with 5" of normal move: it falls short of the 3" halt.
    let short = on_screen(&c, &r, &o);
    assert_eq!(short.charge.stage, Stage::Close);
    let c = next(&charge(OrderKind::Move, 6), Input::ChargedUnitStays);
    let c = next(&next(&c, Input::open_move(5)), Input::NoBonus);
    let on = on_screen(&c, &r, &o);
    assert_eq!(on.charge.stage, Stage::DefensiveFireOne);
    assert_eq!(on.before, vec![Input::Close]);
    // On Hold it may countercharge: asked.
    let c = next(&charge(OrderKind::Hold, 6), Input::ChargedUnitStays);
    let c = next(&next(&c, Input::open_move(5)), Input::NoBonus);
    assert_eq!(on_screen(&c, &r, &o).charge.stage, Stage::Close);
}

#[test]
fn table_3_inches_in_the_field() {
    assert_eq!(field_text(Ratio::whole(5)), "5");
    assert_eq!(field_text(Ratio::new(11, 2).unwrap()), "5.5");
    assert_eq!(field_text(Ratio::new(9, 4).unwrap()), "2.25");
    assert_eq!(inches(&field_text(Ratio::new(11, 2).unwrap())), Some(Ratio::new(11, 2).unwrap()));
}
