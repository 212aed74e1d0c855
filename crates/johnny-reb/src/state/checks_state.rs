//! What a game keeps of the morale checks due (4.4.1, 4.4.2): each check waiting to be
//! rolled and why. Queuing and the commands are in [`super::checks`].

use super::ids::UnitId;
use crate::rules::morale::triggers::CheckReason;
use serde::{Deserialize, Serialize};

/// One check due.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Due {
    /// The unit's id.
    pub unit: UnitId,
    /// Its name.
    pub name: String,
    /// Why (Table 2), saved in the words of [`saved_reason`].
    #[serde(with = "saved_reason")]
    pub reason: CheckReason,
}

/// A waiting check's reason as saved games hold it: the words of the players' ten reasons
/// ("FirstKill", "Devastation", "SawRout"...), and the rules' own names for the others.
pub mod saved_reason {
    use crate::rules::morale::triggers::CheckReason;
    use serde::{Deserialize, Deserializer, Serializer};

    const WORDS: [(CheckReason, &str); 14] = [
        (CheckReason::FirstKill, "FirstKill"),
        (CheckReason::StandLost, "StandLost"),
        (CheckReason::CrewKill, "CrewKill"),
        (CheckReason::ArtilleryHit { canister: false }, "ArtilleryHit"),
        (CheckReason::UnexpectedDevastation, "Devastation"),
        (CheckReason::FriendlyRoutOrSurrender, "SawRout"),
        (CheckReason::AdjacentUnitEliminated, "NeighbourEliminated"),
        (CheckReason::OfficerCasualtySeen { spectacular_death: false }, "OfficerHit"),
        (CheckReason::OfficerCasualtySeen { spectacular_death: true }, "SpectacularDeath"),
        (CheckReason::FearOfCharge, "FearOfCharge"),
        (CheckReason::FigureLost, "FigureLost"),
        (CheckReason::ArtilleryHit { canister: true }, "CanisterHit"),
        (CheckReason::BuildingHit, "BuildingHit"),
        (CheckReason::Other, "Other"),
    ];

    /// The reason's saved word.
    pub fn word(reason: CheckReason) -> &'static str {
        WORDS.iter().find(|(r, _)| *r == reason).map_or("Other", |(_, w)| w)
    }

    /// Writes the reason's word.
    pub fn serialize<S: Serializer>(reason: &CheckReason, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(word(*reason))
    }

    /// Reads a saved word; an unknown word is refused, as before.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<CheckReason, D::Error> {
        let saved = String::deserialize(deserializer)?;
        WORDS.iter().find(|(_, w)| *w == saved).map(|(r, _)| *r).ok_or_else(|| {
            serde::de::Error::unknown_variant(
                &saved,
                &[
                    "FirstKill",
                    "StandLost",
                    "CrewKill",
                    "ArtilleryHit",
                    "Devastation",
                    "SawRout",
                    "NeighbourEliminated",
                    "OfficerHit",
                    "SpectacularDeath",
                    "FearOfCharge",
                    "FigureLost",
                    "CanisterHit",
                    "BuildingHit",
                    "Other",
                ],
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_4_4_1_waiting_checks_are_saved_in_the_words_of_earlier_builds() {
        for (reason, word) in [
            (CheckReason::FirstKill, "FirstKill"),
            (CheckReason::UnexpectedDevastation, "Devastation"),
            (CheckReason::FriendlyRoutOrSurrender, "SawRout"),
            (CheckReason::AdjacentUnitEliminated, "NeighbourEliminated"),
            (CheckReason::OfficerCasualtySeen { spectacular_death: true }, "SpectacularDeath"),
            (CheckReason::FearOfCharge, "FearOfCharge"),
        ] {
            let due = Due { unit: "r-2wi".into(), name: "2nd Wisconsin".into(), reason };
            let json = serde_json::to_string(&due).unwrap();
            assert_eq!(json, format!("{{\"unit\":\"r-2wi\",\"name\":\"2nd Wisconsin\",\"reason\":\"{word}\"}}"));
            assert_eq!(serde_json::from_str::<Due>(&json).unwrap(), due);
        }
        // Every reason the resolver offers has a word of its own, and every word reads back.
        let all = CheckReason::OFFERED.into_iter().chain([
            CheckReason::FigureLost,
            CheckReason::ArtilleryHit { canister: true },
            CheckReason::BuildingHit,
            CheckReason::Other,
        ]);
        for r in all {
            let json = serde_json::to_string(&Due { unit: "u".into(), name: "U".into(), reason: r }).unwrap();
            assert_eq!(serde_json::from_str::<Due>(&json).unwrap().reason, r, "{json}");
        }
        assert!(serde_json::from_str::<Due>(r#"{"unit":"u","name":"U","reason":"Nonsense"}"#).is_err());
    }
}
