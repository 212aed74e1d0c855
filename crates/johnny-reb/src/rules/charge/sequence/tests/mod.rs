//! The tests of the charge sequence, by group of Table 16 steps, with the charges and inputs
//! they share.

mod approach;
mod cavalry;
mod fire_and_fear;
mod impact_and_melee;
mod machine;

use super::*;
use crate::rules::charge::cavalry::Woods;
use crate::rules::charge::distance::BonusPath;
use crate::rules::charge::distance::TerrainChange;
use crate::rules::charge::melee::melee_strength;
use crate::rules::morale::{Aspect, ChargeSituation, CheckReason, MoraleRulings, MoraleSituation, MoraleUnit};
use crate::rules::test_dice::{d, dice, two};
use crate::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality, Terrain};
use crate::rules::{Chance, Overrides, Ratio};
use proptest::prelude::*;

fn go(c: &Charge, input: Input) -> Charge {
    match c.advance(input).unwrap() {
        Advance::Next { charge, .. } => *charge,
        Advance::Waiting(n) => panic!("waiting for {n:?}"),
    }
}

fn no_fire() -> Input {
    Input::DefensiveFire(FireEffect::default())
}

/// Declared, reacted, moved 5" with a three-dice bonus, closed to 3".
fn at_three_inches(distance: u32, bonus: [u8; 3]) -> Charge {
    let c = Charge::declare(ChargeSetup::example(distance, OrderKind::Hold)).unwrap();
    let c = go(&c, Input::ChargedUnitStays);
    let c = go(&c, Input::open_move(5));
    let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&bonus) });
    go(&c, Input::Close)
}

fn to_impact(distance: u32, bonus: [u8; 3]) -> Charge {
    let c = go(&at_three_inches(distance, bonus), no_fire());
    let c = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp: 3, roll: two(5, 5) }));
    go(&c, no_fire())
}

fn cavalry_setup() -> ChargeSetup {
    let mut s = ChargeSetup::example(10, OrderKind::Hold);
    s.charger.arm = Arm::Cavalry { mounted: true };
    s.defender.arm = Arm::Cavalry { mounted: true };
    s
}

fn fear_mmp(c: &Charge, s: ChargeSituation) -> i32 {
    let b = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
    c.fear_of_charge_mmp(&b, s, &Overrides::new(), &MoraleRulings::default()).unwrap().value
}

fn behind_fence() -> crate::rules::morale::MoraleSituation {
    crate::rules::morale::MoraleSituation { cover: crate::rules::morale::Cover::Cover, ..Default::default() }
}
