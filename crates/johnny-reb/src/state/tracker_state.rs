//! What a game keeps of the turn tracker: the items ticked by hand, the surprise in force
//! (10.2) and the regiments lost from their brigades (2.3.4.e). The tracker's items and
//! commands are in [`super::tracker`].

use super::ids::{BrigadeId, OfficerId, RegimentId, SectionId, UnitId};
use super::roster::Side;
use crate::rules::surprise::SurpriseKind;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Longest game the settings accept, in turns.
pub const MAX_TURNS: u32 = 200;
/// Longest surprise the settings accept, in turns.
pub const MAX_SURPRISE_TURNS: u32 = 50;

/// One item ticked by hand: turn, phase and item key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tick {
    /// The turn.
    pub turn: u32,
    /// The phase's number, 1 to 8.
    pub phase: u8,
    /// The item's [`PhaseItem::key`].
    pub key: ItemKey,
}

/// A side under surprise for the scenario's number of turns (10.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SurpriseState {
    /// The surprised side.
    pub side: Side,
    /// Tactical or strategic.
    pub kind: SurpriseKind,
    /// Turns it still lasts, this one included; counted down at the end of each turn.
    pub turns_left: u32,
}

/// A regiment counted as lost to its brigade at the end of `turn` (2.3.4.e).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegimentLoss {
    /// The brigade's id.
    pub brigade: BrigadeId,
    /// The regiment's id.
    pub regiment: RegimentId,
    /// The turn at whose end it was counted.
    pub turn: u32,
}

/// The tracker's part of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrackerState {
    /// Items ticked by hand.
    #[serde(default)]
    pub ticks: Vec<Tick>,
    /// Sides under surprise (10.2).
    #[serde(default)]
    pub surprises: Vec<SurpriseState>,
    /// Regiments lost from their brigades, for the +1 per regiment lost (2.3.4.e).
    #[serde(default)]
    pub regiments_lost: Vec<RegimentLoss>,
}

impl TrackerState {
    /// Whether the item `key` of `turn`'s phase `phase` is ticked.
    pub fn is_ticked(&self, turn: u32, phase: u8, key: &ItemKey) -> bool {
        self.ticks.iter().any(|t| t.turn == turn && t.phase == phase && t.key == *key)
    }

    /// The surprise on `side`, while it lasts.
    pub fn surprise_on(&self, side: Side) -> Option<&SurpriseState> {
        self.surprises.iter().find(|s| s.side == side && s.turns_left > 0)
    }
}

/// One thing the rules require in the current phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseItem {
    /// Stable within the turn and phase: what ticks are kept by.
    pub key: ItemKey,
    /// What the players do, in the game's words.
    pub text: String,
    /// The rule behind it.
    pub rule: &'static str,
    /// The unit's or officer's id it concerns, if one.
    pub subject: Option<String>,
    /// The screen that settles it.
    pub link: Option<ItemLink>,
    /// Ticked by hand.
    pub done: bool,
}

/// The screen that settles a tracker item: the Orders area, or a resolver with the unit or
/// officer it opens on. The app writes its address (one piece of code with the screens that
/// read it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ItemLink {
    /// The Orders area: marking, the reveal, Conditional Hold (1.1, 3, 10.2.1.a).
    Orders,
    /// The morale check, no unit named: units that saw a rout (2.2).
    Morale,
    /// A routed unit's move (2.1).
    Rout(UnitId),
    /// A shaken or routed unit's rally (2.4).
    Rally(UnitId),
    /// A regiment's small arms fire (4.2).
    Fire(UnitId),
    /// A gun section's fire (4.3).
    Artillery(SectionId),
    /// A unit's charge (5).
    Charge(UnitId),
    /// A unit's move (6).
    Move(UnitId),
    /// An officer's casualty roll (8, Table 20).
    Officer(OfficerId),
    /// The roll to release a unit from strategic surprise (10.2.2.a).
    SurpriseRelease,
}

/// What a tracker item is about: the key its ticks are kept by. Saved games and the resolvers'
/// links write it in words ("mark", "rout-r-2wi", "surprise-Union"): [`ItemKey::parse`] and
/// its [`fmt::Display`] turn one into the other, so ticks saved by earlier builds load as the
/// same items.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ItemKey {
    /// A side under surprise marks Conditional Hold (10.2.1.a, 10.2.2.a).
    Surprise(Side),
    /// Mark the orders (1.1).
    Mark,
    /// A unit routed this turn moves (2.1).
    Rout(UnitId),
    /// Units that saw a friendly rout check morale (2.2).
    SeenRouts,
    /// A strategic surprise may be released (10.2.2).
    Release(Side),
    /// A shaken or routed unit tries to rally (2.4).
    Rally(UnitId),
    /// Reveal both sides' orders (3.1).
    Reveal,
    /// Declare each charge's objective (3.1).
    Declare,
    /// The Conditional Hold changes (3.2).
    ConditionalHold,
    /// A unit on First Fire fires (4.1).
    FirstFire(UnitId),
    /// A unit on Hold may fire in phase seven (4.1, 7).
    Hold(UnitId),
    /// No orders recorded: the first fire is settled at the table (4).
    FireUnrecorded,
    /// No orders recorded: the charges are settled at the table (5).
    ChargeOrder,
    /// A unit's charge (5.1).
    Charge(UnitId),
    /// A unit moves (6.1).
    Move(UnitId),
    /// Units on Hold fire at movers (6.1).
    HoldAtMovers,
    /// No orders recorded: the movement is settled at the table (6).
    MoveUnrecorded,
    /// A unit that moved may fire in phase seven (7).
    MovingFire(UnitId),
    /// No orders recorded: the second fire is settled at the table (7).
    Fire7Unrecorded,
    /// An officer hit this turn (8, Table 20).
    Officer(OfficerId),
    /// A key this build does not know (written by another): kept as it was, matching no item.
    Unknown(String),
}

impl ItemKey {
    /// The items a unit's fire settles: its First Fire (4.1), its fire on Hold (4.1, 6.1) and
    /// its fire after moving (7); only the one open in the current phase is ticked.
    pub fn fire_of(unit: &str) -> [ItemKey; 3] {
        [ItemKey::FirstFire(unit.into()), ItemKey::Hold(unit.into()), ItemKey::MovingFire(unit.into())]
    }

    /// The rules allow it and do not require it: a unit on Hold may fire or keep its fire
    /// (4.1, 6.1), a unit that moved may fire (7). Left undone, nothing is skipped; the
    /// "move on anyway?" question lists these after what the rules require.
    pub fn optional(&self) -> bool {
        matches!(self, ItemKey::Hold(_) | ItemKey::HoldAtMovers | ItemKey::MovingFire(_) | ItemKey::Fire7Unrecorded)
    }
}

impl ItemKey {
    /// The key these words name ([`ItemKey`]'s `Display` writes them).
    pub fn parse(words: &str) -> ItemKey {
        let side = |label: &str| Side::BOTH.into_iter().find(|s| s.label() == label);
        let fixed = match words {
            "mark" => Some(ItemKey::Mark),
            "seen-routs" => Some(ItemKey::SeenRouts),
            "reveal" => Some(ItemKey::Reveal),
            "declare" => Some(ItemKey::Declare),
            "conditional-hold" => Some(ItemKey::ConditionalHold),
            "fire-unrecorded" => Some(ItemKey::FireUnrecorded),
            "charge-order" => Some(ItemKey::ChargeOrder),
            "hold-at-movers" => Some(ItemKey::HoldAtMovers),
            "move-unrecorded" => Some(ItemKey::MoveUnrecorded),
            "fire7-unrecorded" => Some(ItemKey::Fire7Unrecorded),
            _ => None,
        };
        let id = |prefix: &str| words.strip_prefix(prefix).filter(|id| !id.is_empty());
        let unit = |prefix: &str, key: fn(UnitId) -> ItemKey| id(prefix).map(|id| key(id.into()));
        fixed
            .or_else(|| words.strip_prefix("surprise-").and_then(side).map(ItemKey::Surprise))
            .or_else(|| words.strip_prefix("release-").and_then(side).map(ItemKey::Release))
            .or_else(|| unit("rout-", ItemKey::Rout))
            .or_else(|| unit("rally-", ItemKey::Rally))
            .or_else(|| unit("first-fire-", ItemKey::FirstFire))
            .or_else(|| unit("hold-", ItemKey::Hold))
            .or_else(|| unit("charge-", ItemKey::Charge))
            .or_else(|| unit("move-", ItemKey::Move))
            .or_else(|| unit("moving-fire-", ItemKey::MovingFire))
            .or_else(|| id("officer-").map(|id| ItemKey::Officer(id.into())))
            .unwrap_or_else(|| ItemKey::Unknown(words.to_string()))
    }
}

impl fmt::Display for ItemKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ItemKey::Surprise(side) => write!(f, "surprise-{}", side.label()),
            ItemKey::Mark => f.write_str("mark"),
            ItemKey::Rout(id) => write!(f, "rout-{id}"),
            ItemKey::SeenRouts => f.write_str("seen-routs"),
            ItemKey::Release(side) => write!(f, "release-{}", side.label()),
            ItemKey::Rally(id) => write!(f, "rally-{id}"),
            ItemKey::Reveal => f.write_str("reveal"),
            ItemKey::Declare => f.write_str("declare"),
            ItemKey::ConditionalHold => f.write_str("conditional-hold"),
            ItemKey::FirstFire(id) => write!(f, "first-fire-{id}"),
            ItemKey::Hold(id) => write!(f, "hold-{id}"),
            ItemKey::FireUnrecorded => f.write_str("fire-unrecorded"),
            ItemKey::ChargeOrder => f.write_str("charge-order"),
            ItemKey::Charge(id) => write!(f, "charge-{id}"),
            ItemKey::Move(id) => write!(f, "move-{id}"),
            ItemKey::HoldAtMovers => f.write_str("hold-at-movers"),
            ItemKey::MoveUnrecorded => f.write_str("move-unrecorded"),
            ItemKey::MovingFire(id) => write!(f, "moving-fire-{id}"),
            ItemKey::Fire7Unrecorded => f.write_str("fire7-unrecorded"),
            ItemKey::Officer(id) => write!(f, "officer-{id}"),
            ItemKey::Unknown(words) => f.write_str(words),
        }
    }
}

impl From<&str> for ItemKey {
    fn from(words: &str) -> ItemKey {
        ItemKey::parse(words)
    }
}

impl From<String> for ItemKey {
    fn from(words: String) -> ItemKey {
        ItemKey::parse(&words)
    }
}

impl PartialEq<&str> for ItemKey {
    fn eq(&self, words: &&str) -> bool {
        *self == ItemKey::parse(words)
    }
}

impl Serialize for ItemKey {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for ItemKey {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(ItemKey::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn every_key_is_written_in_the_words_saved_games_hold() {
        let keys = [
            (ItemKey::Surprise(Side::Union), "surprise-Union"),
            (ItemKey::Mark, "mark"),
            (ItemKey::Rout("r-2wi".into()), "rout-r-2wi"),
            (ItemKey::SeenRouts, "seen-routs"),
            (ItemKey::Release(Side::Confederate), "release-Confederate"),
            (ItemKey::Rally("r-24mi".into()), "rally-r-24mi"),
            (ItemKey::Reveal, "reveal"),
            (ItemKey::Declare, "declare"),
            (ItemKey::ConditionalHold, "conditional-hold"),
            (ItemKey::FirstFire("r-7wi".into()), "first-fire-r-7wi"),
            (ItemKey::Hold("s-hall-1".into()), "hold-s-hall-1"),
            (ItemKey::FireUnrecorded, "fire-unrecorded"),
            (ItemKey::ChargeOrder, "charge-order"),
            (ItemKey::Charge("r-2wi".into()), "charge-r-2wi"),
            (ItemKey::Move("r-1tn".into()), "move-r-1tn"),
            (ItemKey::HoldAtMovers, "hold-at-movers"),
            (ItemKey::MoveUnrecorded, "move-unrecorded"),
            (ItemKey::MovingFire("r-6wi".into()), "moving-fire-r-6wi"),
            (ItemKey::Fire7Unrecorded, "fire7-unrecorded"),
            (ItemKey::Officer("o-archer".into()), "officer-o-archer"),
            (ItemKey::Unknown("from-a-later-build".into()), "from-a-later-build"),
        ];
        for (key, words) in keys {
            assert_eq!(key.to_string(), words);
            assert_eq!(ItemKey::parse(words), key, "{words}");
            let tick = Tick { turn: 2, phase: 4, key: key.clone() };
            let json = serde_json::to_string(&tick).unwrap();
            assert_eq!(json, format!("{{\"turn\":2,\"phase\":4,\"key\":\"{words}\"}}"));
            assert_eq!(serde_json::from_str::<Tick>(&json).unwrap(), tick);
        }
    }

    proptest! {
        /// Whatever words a saved tick holds, they load and are written back unchanged.
        #[test]
        fn any_saved_words_load_and_are_written_back_unchanged(words in "[a-zA-Z0-9-]{0,24}") {
            let key = ItemKey::parse(&words);
            prop_assert_eq!(key.to_string(), words.clone());
            let json = serde_json::to_string(&key).unwrap();
            prop_assert_eq!(serde_json::from_str::<ItemKey>(&json).unwrap(), key);
        }
    }
}
