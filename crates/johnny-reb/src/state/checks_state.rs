//! What a game keeps of the morale checks due (4.4.1, 4.4.2): each check waiting to be
//! rolled and why. Queuing and the commands are in [`super::checks`].

use crate::rules::morale::triggers::CheckReason;
use serde::{Deserialize, Serialize};

/// Why a unit checks (Table 2), as the players pick it in the morale resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reason {
    /// No. 3: its first kill (4.4.1.a).
    FirstKill,
    /// No. 6: a stand lost (4.4.1.d).
    StandLost,
    /// No. 4: a crew kill to a gun section (4.4.1.b).
    CrewKill,
    /// No. 5: hit by artillery fire (4.4.1.c).
    ArtilleryHit,
    /// No. 7: a 12 on Table 10 (4.4.1.f).
    Devastation,
    /// No. 1: saw a friendly unit rout or surrender within 1' (2.2).
    SawRout,
    /// No. 8: a friendly unit within 3" eliminated by fire (4.4.1.e).
    NeighbourEliminated,
    /// No. 10: saw a friendly officer hit within 1' (8).
    OfficerHit,
    /// No. 10 with the spectacular death's +1 (8, Table 20).
    SpectacularDeath,
    /// No. 9: a charging enemy came within 3" (5.5.1): Tables 17 and 18.
    FearOfCharge,
}

impl Reason {
    /// Every reason, in the order of the resolver's toggles.
    pub const ALL: [Reason; 10] = [
        Reason::FirstKill,
        Reason::StandLost,
        Reason::CrewKill,
        Reason::ArtilleryHit,
        Reason::Devastation,
        Reason::SawRout,
        Reason::NeighbourEliminated,
        Reason::OfficerHit,
        Reason::SpectacularDeath,
        Reason::FearOfCharge,
    ];

    /// The word in `/resolve/morale?reason=...`.
    pub fn key(self) -> &'static str {
        match self {
            Reason::FirstKill => "first-kill",
            Reason::StandLost => "stand-lost",
            Reason::CrewKill => "crew-kill",
            Reason::ArtilleryHit => "artillery-hit",
            Reason::Devastation => "devastation",
            Reason::SawRout => "saw-rout",
            Reason::NeighbourEliminated => "neighbour-eliminated",
            Reason::OfficerHit => "officer-hit",
            Reason::SpectacularDeath => "spectacular-death",
            Reason::FearOfCharge => "fear-of-charge",
        }
    }

    /// The reason named by `key` ([`Reason::key`]).
    pub fn from_key(key: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.key() == key)
    }

    /// The rules engine's reason for this check (4.4.1, Table 2).
    pub fn check(self) -> CheckReason {
        match self {
            Reason::FirstKill => CheckReason::FirstKill,
            Reason::CrewKill => CheckReason::CrewKill,
            Reason::ArtilleryHit => CheckReason::ArtilleryHit { canister: false },
            Reason::StandLost => CheckReason::StandLost,
            Reason::Devastation => CheckReason::UnexpectedDevastation,
            Reason::NeighbourEliminated => CheckReason::AdjacentUnitEliminated,
            Reason::SawRout => CheckReason::FriendlyRoutOrSurrender,
            Reason::OfficerHit => CheckReason::OfficerCasualtySeen { spectacular_death: false },
            Reason::SpectacularDeath => CheckReason::OfficerCasualtySeen { spectacular_death: true },
            // Table 2 no. 9, taken on Tables 17 and 18; among a unit's own problems (4.4.2).
            Reason::FearOfCharge => CheckReason::Other,
        }
    }

    /// Its step in the order of 4.4.2, as the rules engine gives it
    /// ([`CheckReason::order`]): own problems before other units'.
    pub fn order(self) -> u8 {
        self.check().order()
    }

    /// The words on its toggle.
    pub fn label(self) -> &'static str {
        match self {
            Reason::FirstKill => "First kill",
            Reason::StandLost => "Stand lost",
            Reason::CrewKill => "Crew hit",
            Reason::ArtilleryHit => "Artillery hit",
            Reason::Devastation => "Rolled 12 on Table 10",
            Reason::SawRout => "Saw a friend rout",
            Reason::NeighbourEliminated => "Neighbour eliminated",
            Reason::OfficerHit => "Saw an officer hit",
            Reason::SpectacularDeath => "Saw a spectacular death",
            Reason::FearOfCharge => "Fear of charge",
        }
    }

    /// "Table 2 no. 6, 4.4.1.d".
    pub fn rule(self) -> &'static str {
        match self {
            Reason::FirstKill => "Table 2 no. 3, 4.4.1.a",
            Reason::StandLost => "Table 2 no. 6, 4.4.1.d",
            Reason::CrewKill => "Table 2 no. 4, 4.4.1.b",
            Reason::ArtilleryHit => "Table 2 no. 5, 4.4.1.c",
            Reason::Devastation => "Table 2 no. 7, 4.4.1.f",
            Reason::SawRout => "Table 2 no. 1, 2.2",
            Reason::NeighbourEliminated => "Table 2 no. 8, 4.4.1.e",
            Reason::OfficerHit | Reason::SpectacularDeath => "Table 2 no. 10, 8",
            Reason::FearOfCharge => "Table 2 no. 9, 5.5.1, Tables 17 and 18",
        }
    }

    /// Checks caused by fire, where the side it came from counts (4.4.3.a).
    pub fn from_fire(self) -> bool {
        matches!(
            self,
            Reason::FirstKill | Reason::StandLost | Reason::CrewKill | Reason::ArtilleryHit | Reason::Devastation
        )
    }
}

/// One check due.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Due {
    /// The unit's id.
    pub unit: String,
    /// Its name.
    pub name: String,
    /// Why (Table 2).
    pub reason: Reason,
}
