//! Appendix D, Very Rare Weapons: the numbers of the machine guns (strength by range, read like
//! artillery shot columns), the Requa gun, hand grenades, rocket batteries, wire entanglements
//! and land torpedoes.
#![warn(missing_docs)]

use crate::rules::unit::GunWeight;
use crate::rules::{Cell, Ratio};

/// The appendix's name as printed.
pub const TABLE: &str = "Appendix D";

/// A machine gun of Appendix D: fire strength up to each range, nearest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MachineGun {
    /// As printed.
    pub name: &'static str,
    /// (outer range in inches, fire strength), nearest first.
    pub fire: &'static [(u32, u32)],
    /// What doubles on Table 10 do to the fire strength: x1/2 (Gatling, jam), x1/4 (Agar),
    /// x1/2 now and for the rest of the scenario (Williams, with a morale check).
    pub doubles_multiplier: Ratio,
}

/// The machine guns as printed.
pub const MACHINE_GUNS: [MachineGun; 3] = [
    MachineGun {
        name: "Gatling Gun, Model 1862",
        fire: &[(6, 8), (12, 4), (24, 2), (36, 1)],
        doubles_multiplier: Ratio::HALF,
    },
    MachineGun { name: "Agar Machinegun", fire: &[(6, 6), (12, 3), (24, 1)], doubles_multiplier: Ratio::QUARTER },
    MachineGun {
        name: "Williams Machine Gun",
        fire: &[(6, 4), (12, 2), (24, 1), (36, 1)],
        doubles_multiplier: Ratio::HALF,
    },
];

/// Williams gun: all cover saves reduced by 1.
pub const WILLIAMS_COVER_SAVE_REDUCTION: u8 = 1;

/// Hand grenades: (name, range in inches, fraction of the throwing figures killed).
pub const GRENADES: [(&str, Ratio, Ratio); 2] =
    [("Light grenade", Ratio::ONE, Ratio::QUARTER), ("Heavy grenade", Ratio::HALF, Ratio::HALF)];

/// Land torpedoes explode on one die showing 1 or 2 (disorder and a morale check).
pub const TORPEDO_EXPLODES_AT_MOST: u8 = 2;

/// A rocket section moves as light artillery (Appendix D 6).
pub const ROCKET_MOVES_AS: Cell<GunWeight> = Cell::RuleText { value: GunWeight::Light, rule: "Appendix D 6" };

/// Turns a rocket section needs to set up or take down: "a full non-fire turn" (Appendix D 6).
pub const ROCKET_SETUP_TURNS: Cell<u8> = Cell::RuleText { value: 1, rule: "Appendix D 6" };

/// A unit with any part of a stand within this many inches of the impact rolls for disorder
/// (mounted cavalry is disordered outright) (Appendix D 6).
pub const ROCKET_BURST_INCHES: Cell<Ratio> = Cell::RuleText { value: Ratio::whole(3), rule: "Appendix D 6" };

/// The fire strength of a machine gun at `range` inches; `None` beyond its last range.
///
/// ```
/// use johnny_reb::rules::Ratio;
/// use johnny_reb::rules::tables::appendix_d_rare_weapons::{machine_gun_strength, MACHINE_GUNS};
/// assert_eq!(machine_gun_strength(&MACHINE_GUNS[0], Ratio::whole(10)), Some(4));
/// assert_eq!(machine_gun_strength(&MACHINE_GUNS[1], Ratio::whole(30)), None);
/// ```
pub fn machine_gun_strength(gun: &MachineGun, range: Ratio) -> Option<u32> {
    gun.fire
        .iter()
        .find(|(limit, _)| u64::from(range.numer()) <= u64::from(*limit) * u64::from(range.denom()))
        .map(|(_, s)| *s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tables::t08_small_arms_ranges::transcription;

    #[test]
    fn every_printed_value_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let starts = ["1. Gatling Gun, Model 1862", "2. Agar Machinegun", "3. Williams Machine Gun"];
        for (gun, start) in MACHINE_GUNS.iter().zip(starts) {
            let section = transcription::section(start, "Note:");
            let section = if section.len() > 30 { transcription::section(start, "If doubles") } else { section };
            let ranges = transcription::row(&section, "Range");
            let fire = transcription::row(&section, "Fire");
            assert_eq!(ranges.len(), gun.fire.len(), "{}", gun.name);
            for ((r, f), (limit, strength)) in ranges.iter().zip(&fire).zip(gun.fire) {
                assert_eq!(r, &format!("{limit}\""));
                assert_eq!(f, &strength.to_string());
            }
        }
        let section = transcription::section("5. Ketcham Hand Grenades", "Since it is");
        assert_eq!(transcription::row(&section, "Light grenade"), ["1\" range", "kills 1/4 x figures"]);
        assert_eq!(transcription::row(&section, "Heavy grenade"), ["1/2\" range", "kills 1/2 x figures"]);
        let t = transcription::text();
        assert!(t.contains("if a 1 or 2 is rolled a torpedo has exploded"));
        assert!(t.contains(
            "The rocket section moves as light artillery and requires a full non-fire turn to set up or take down."
        ));
        assert!(t.contains(
            "Any unit that has any part of a stand within 3\" of where the rocket hits must roll for disorder."
        ));
        assert_eq!((ROCKET_MOVES_AS.value(), ROCKET_SETUP_TURNS.value()), (Some(&GunWeight::Light), Some(&1)));
        assert!(t.contains("cut the above fire strength in half"));
        assert!(t.contains("fire effectiveness is quartered due to gun jamming"));
    }
}
