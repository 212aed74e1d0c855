//! The ids of what the game refers to by name of its own: regiments, gun sections, either of
//! them as a unit (0.1: a regiment or a gun section), officers, brigades, divisions, batteries
//! and charges. Each is its own type so
//! that an officer's id is never taken for a regiment's; each is written in files as the plain
//! string it always was (`#[serde(transparent)]`), so that every saved game, army list and
//! backup loads unchanged. New ids are made in one place, [`super::roster::Roster::fresh_id`],
//! from the roster's counter and the kind's prefix ([`Fresh`]).

use serde::{Deserialize, Serialize};
use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;

/// An id type the roster makes new ones of ([`super::roster::Roster::fresh`]).
pub trait Fresh: From<String> {
    /// The letters its new ids begin with ("r12").
    const PREFIX: &'static str;
}

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// The id as written in files and addresses.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<String> for $name {
            fn from(id: String) -> Self {
                $name(id)
            }
        }

        impl From<&str> for $name {
            fn from(id: &str) -> Self {
                $name(id.to_string())
            }
        }

        impl From<&String> for $name {
            fn from(id: &String) -> Self {
                $name(id.clone())
            }
        }

        impl From<&$name> for $name {
            fn from(id: &$name) -> Self {
                id.clone()
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> String {
                id.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<$name> for str {
            fn eq(&self, other: &$name) -> bool {
                self == other.0
            }
        }

        impl PartialEq<$name> for &str {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }
    };
}

id_type!(
    /// A regiment's id (0.1.1), unique in the game.
    RegimentId
);
id_type!(
    /// A gun section's id (0.1.1.c), unique in the game.
    SectionId
);
id_type!(
    /// A unit's id: a regiment's or a gun section's (0.1), which share one namespace. Orders,
    /// morale checks, charges and the tracker's items name units.
    UnitId
);
id_type!(
    /// An officer's id (8, 11), unique in the game.
    OfficerId
);
id_type!(
    /// A brigade's id (0.1), unique in the game.
    BrigadeId
);
id_type!(
    /// A division's id (0.1), unique in the game.
    DivisionId
);
id_type!(
    /// A battery's id (0.1.1.c), unique in the game.
    BatteryId
);
id_type!(
    /// A charge's id (5), unique in the game: what the charge resolver's address names.
    ChargeId
);

impl UnitId {
    /// The same id read as a regiment's, for a caller that knows the unit is one.
    pub fn regiment(&self) -> RegimentId {
        RegimentId(self.0.clone())
    }

    /// The same id read as a gun section's, for a caller that knows the unit is one.
    pub fn section(&self) -> SectionId {
        SectionId(self.0.clone())
    }
}

impl Fresh for RegimentId {
    const PREFIX: &'static str = "r";
}

impl Fresh for SectionId {
    const PREFIX: &'static str = "s";
}

impl Fresh for OfficerId {
    const PREFIX: &'static str = "o";
}

impl Fresh for BrigadeId {
    const PREFIX: &'static str = "b";
}

impl Fresh for DivisionId {
    const PREFIX: &'static str = "d";
}

impl Fresh for BatteryId {
    const PREFIX: &'static str = "bt";
}

impl Fresh for ChargeId {
    const PREFIX: &'static str = "charge-";
}

macro_rules! unit_of {
    ($name:ident) => {
        impl From<$name> for UnitId {
            fn from(id: $name) -> UnitId {
                UnitId(id.0)
            }
        }

        impl From<&$name> for UnitId {
            fn from(id: &$name) -> UnitId {
                UnitId(id.0.clone())
            }
        }

        impl PartialEq<$name> for UnitId {
            fn eq(&self, other: &$name) -> bool {
                self.0 == other.0
            }
        }

        impl PartialEq<UnitId> for $name {
            fn eq(&self, other: &UnitId) -> bool {
                self.0 == other.0
            }
        }
    };
}

unit_of!(RegimentId);
unit_of!(SectionId);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_written_as_the_plain_string_saved_games_always_held() {
        let id = RegimentId::from("r-2wi");
        assert_eq!(serde_json::to_string(&id).ok().as_deref(), Some("\"r-2wi\""));
        let back: Option<OfficerId> = serde_json::from_str("\"o-meredith\"").ok();
        assert_eq!(back, Some(OfficerId::from("o-meredith")));
    }

    #[test]
    fn a_regiment_or_a_section_is_a_unit_of_the_same_id() {
        let r = RegimentId::from("r1");
        let s = SectionId::from("s1");
        assert_eq!(UnitId::from(&r), r);
        assert_eq!(UnitId::from(s.clone()), s);
        assert_ne!(UnitId::from(&r), UnitId::from(&s));
    }

    /// A game file written before these ids had types of their own reads into them and is
    /// written back as the very same document (the app's schema-2 fixture, kept in the app's
    /// tests: every division, brigade, battery and charge id in it).
    #[test]
    fn a_stored_game_reads_into_typed_ids_and_is_written_back_unchanged() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../app/tests/fixtures/schema-2/game.json");
        let raw = std::fs::read_to_string(path).unwrap();
        let old: serde_json::Value = serde_json::from_str(&raw).unwrap();
        let game = crate::state::exchange::read_game(&raw).unwrap();
        // Nothing lost, nothing added but the system's tag (schema 3).
        let mut expected = old["game"].clone();
        expected["system"] = "johnny-reb".into();
        assert_eq!(serde_json::to_value(&game).unwrap(), expected);
        let union = &game.roster.union;
        let division = union.divisions.iter().find(|d| d.id == "d-wadsworth").unwrap();
        assert_eq!(division.id, DivisionId::from("d-wadsworth"));
        assert!(division.brigades.iter().any(|b| b.id == "b-iron"));
        assert!(union.batteries().any(|b| b.id == "bt-hall"));
        let charge = game.charges.charges.first().unwrap();
        assert_eq!((&charge.id, &charge.follows), (&ChargeId::from("charge-1"), &None));
    }

    #[test]
    fn a_regiment_lost_to_its_brigade_and_a_charge_followed_are_written_as_plain_strings() {
        let json = r#"{"brigade":"b-iron","regiment":"r-2wi","turn":3}"#;
        let loss: crate::state::tracker_state::RegimentLoss = serde_json::from_str(json).unwrap();
        assert_eq!(loss.brigade, BrigadeId::from("b-iron"));
        assert_eq!(serde_json::to_string(&loss).unwrap(), json);
        let follows: Option<ChargeId> = serde_json::from_str(r#""charge-7""#).unwrap();
        assert_eq!(serde_json::to_string(&follows).unwrap(), r#""charge-7""#);
    }
}
