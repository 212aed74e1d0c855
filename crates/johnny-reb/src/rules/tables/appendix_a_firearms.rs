//! Appendix A, Civil War Shoulder Firearms: which Table 8 row a weapon uses and which benefits
//! it carries (breechloader, repeater, long range), with the flintlock and poor weapon notes.
//!
//! The transcription keeps only the four smoothbores; every other weapon of the list is
//! missing, so the app lets the players describe a weapon by its class and benefits
//! ([`Firearm`]), as the appendix's columns do.
#![warn(missing_docs)]

use super::t08_small_arms_ranges::SmallArm;
use serde::{Deserialize, Serialize};

/// The appendix's name as printed.
pub const TABLE: &str = "Appendix A";

/// A regiment's weapon, described by the appendix's columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Firearm {
    /// The Table 8 row whose ranges it uses (note 1: the most applicable; breechloading rifles
    /// not otherwise specified use the rifle-musket; a long-range benefit uses the sharpshooter
    /// rifle row).
    pub range_row: SmallArm,
    /// Breechload benefit (4.2.7.b).
    pub breechloader: bool,
    /// Repeater benefit (4.2.7.c); it carries every breechloader benefit too.
    pub repeater: bool,
    /// Flintlock instead of caps: fire down 2 (note 3).
    pub flintlock: bool,
    /// A "poor quality" weapon: fire down 1 (note 4).
    pub poor: bool,
}

impl Firearm {
    /// A plain weapon of a Table 8 row; the repeating rows carry the repeater benefit.
    ///
    /// ```
    /// use johnny_reb::rules::tables::appendix_a_firearms::Firearm;
    /// use johnny_reb::rules::tables::t08_small_arms_ranges::SmallArm;
    /// assert!(Firearm::of(SmallArm::RepeatingRifle).has_breechloader_benefits());
    /// assert!(!Firearm::of(SmallArm::RifleMusket).has_breechloader_benefits());
    /// ```
    pub fn of(range_row: SmallArm) -> Firearm {
        let repeater = range_row.is_repeater();
        Firearm { range_row, breechloader: repeater, repeater, flintlock: false, poor: false }
    }

    /// Breechloaders and repeaters (4.2.7.c: "all the benefits of breechloaders").
    pub fn has_breechloader_benefits(self) -> bool {
        self.breechloader || self.repeater
    }
}

/// A weapon the transcription lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListedWeapon {
    /// As printed.
    pub name: &'static str,
    /// The weapon, as its columns describe it.
    pub firearm: Firearm,
    /// The notes column.
    pub notes: &'static str,
}

const fn smoothbore(name: &'static str, notes: &'static str) -> ListedWeapon {
    ListedWeapon {
        name,
        firearm: Firearm {
            range_row: SmallArm::SmoothboreMusket,
            breechloader: false,
            repeater: false,
            flintlock: false,
            poor: false,
        },
        notes,
    }
}

/// The weapons the transcription keeps (all smoothbores, no benefits marked).
pub const LISTED: [ListedWeapon; 4] = [
    smoothbore("Musket Model 1822, 1840, 1841, 1842", "Common C.S. early war"),
    smoothbore("All Foreign Smoothbore Muskets", ""),
    smoothbore("Hall Rifle (all versions)", ""),
    smoothbore("Palmetto Musket", "Common C.S. early war"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tables::t08_small_arms_ranges::transcription;

    #[test]
    fn every_listed_weapon_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let section = transcription::section("COMMON CIVIL WAR SHOULDER FIREARMS", "1. Ranges:");
        for w in LISTED {
            let cells = transcription::row(&section, w.name);
            assert_eq!(cells.first().map(String::as_str), Some("Smoothbore"), "{}", w.name);
            assert_eq!(cells.last().map(String::as_str).filter(|c| *c != "Smoothbore").unwrap_or(""), w.notes);
            assert_eq!(w.firearm.range_row, SmallArm::SmoothboreMusket);
        }
        let t = transcription::text();
        assert!(t.contains("modify its fire down 2 columns"));
        assert!(t.contains(
            "A poor weapon with flintlocks would suffer both of these penalties for a total detriment of down 3 columns"
        ));
    }
}
