//! Appendix B, Seacoast Artillery: immobile heavy guns, pivot only, canister to 6".
//! The 8" Columbiad's shot values are not printed (missing); it fires every other turn and
//! has heavier pivot penalties.
#![warn(missing_docs)]

use super::t13_artillery::{GunClass, GunRow};
use crate::rules::unit::GunWeight;
use crate::rules::{Cell, Ratio};

/// The appendix's name as printed.
pub const TABLE: &str = "Appendix B";

/// Seacoast canister reaches 6" (the column "Canister 0-6\"").
pub const CANISTER_RANGE: Ratio = Ratio::whole(6);

const fn s(n: u32) -> Cell<Option<Ratio>> {
    Cell::Printed(Some(Ratio::whole(n)))
}
const NA: Cell<Option<Ratio>> = Cell::Printed(None);

/// The seacoast guns as printed. They are immobile: their weight is not applicable; Table 3
/// does not move them, so it is left missing rather than guessed.
pub const GUNS: [GunRow; 3] = [
    GunRow {
        name: "32# Gun",
        class: GunClass::Smoothbore,
        canister: s(20),
        double_canister: s(25),
        shot: [s(12), s(6), s(3), s(1), NA],
        weight: Cell::<GunWeight>::Missing,
    },
    GunRow {
        name: "42# Gun",
        class: GunClass::Smoothbore,
        canister: s(25),
        double_canister: s(30),
        shot: [s(15), s(8), s(4), s(2), NA],
        weight: Cell::<GunWeight>::Missing,
    },
    GunRow {
        name: "8\" Columbiad",
        class: GunClass::Smoothbore,
        canister: s(30),
        double_canister: s(40),
        shot: [Cell::Missing; 5],
        weight: Cell::<GunWeight>::Missing,
    },
];

/// The 8" Columbiad (marked * on the card): fires only every other turn.
pub const COLUMBIAD: &str = "8\" Columbiad";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tables::t08_small_arms_ranges::transcription;

    fn strength(c: &str) -> Option<Ratio> {
        if c == "NA" { None } else { Some(Ratio::parse(c).unwrap()) }
    }

    #[test]
    fn every_printed_value_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let section = transcription::section("SEACOAST ARTILLERY", "* Can only fire");
        assert_eq!(transcription::row(&section, "Gun Type")[0], "Canister 0-6\"");
        for gun in GUNS {
            let label = if gun.name == COLUMBIAD { "8\" Columbiad*" } else { gun.name };
            let cells = transcription::row(&section, label);
            let (single, double) = cells[0].trim_end_matches(')').split_once('(').unwrap();
            assert_eq!(gun.canister, Cell::Printed(strength(single)));
            assert_eq!(gun.double_canister, Cell::Printed(strength(double)));
            for (i, shot) in gun.shot.iter().enumerate() {
                match cells.get(i + 1) {
                    Some(c) => assert_eq!(*shot, Cell::Printed(strength(c)), "{} {i}", gun.name),
                    None => assert_eq!(*shot, Cell::Missing),
                }
            }
        }
        let t = transcription::text();
        assert!(
            t.contains("Pivot 45 degrees or Less: down 1. Pivot Over 45 degrees: x1/2. Pivot Over 90 degrees: x1/4.")
        );
    }
}
