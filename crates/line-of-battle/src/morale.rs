//! Morale (10): ratings, Morale States, the Morale Check's modifiers, and the Rally Phase (12.1).

use crate::table::{Effect, LookupError, Reading, RollTable, Slot};
use companion_core::Die;
use serde::{Deserialize, Serialize};

/// A Combat Unit's Morale Rating, A (best) to F (worst); it never changes (1.3d).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MoraleRating {
    /// Best.
    A,
    /// B.
    B,
    /// C.
    C,
    /// D.
    D,
    /// E.
    E,
    /// Worst.
    F,
}

impl MoraleRating {
    /// The letter, as the column and modifier labels use it.
    pub fn letter(self) -> &'static str {
        match self {
            MoraleRating::A => "A",
            MoraleRating::B => "B",
            MoraleRating::C => "C",
            MoraleRating::D => "D",
            MoraleRating::E => "E",
            MoraleRating::F => "F",
        }
    }
}

/// A Stack's Morale State, best to worst (10.2): one per Stack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MoraleState {
    /// Blood Lust (10.2a).
    BloodLust,
    /// Normal: unmarked (10.2b).
    #[default]
    Normal,
    /// Shaken (10.2c).
    Shaken,
    /// Disorganized (10.2d).
    Disorganized,
    /// Routed (10.2e).
    Routed,
}

impl MoraleState {
    /// One level worse (10.3c Displacement: "Sh becomes DG"); Routed stays Routed.
    pub fn decreased(self) -> MoraleState {
        match self {
            MoraleState::BloodLust => MoraleState::Normal,
            MoraleState::Normal => MoraleState::Shaken,
            MoraleState::Shaken => MoraleState::Disorganized,
            MoraleState::Disorganized | MoraleState::Routed => MoraleState::Routed,
        }
    }

    /// The worse of two (10.0 "Ending a Move Stacked", 10.3c Joining).
    pub fn worst(self, other: MoraleState) -> MoraleState {
        self.max(other)
    }

    /// Its marker's name.
    pub fn label(self) -> &'static str {
        match self {
            MoraleState::BloodLust => "Blood Lust",
            MoraleState::Normal => "Normal",
            MoraleState::Shaken => "Shaken",
            MoraleState::Disorganized => "Disorganized",
            MoraleState::Routed => "Routed",
        }
    }
}

/// The Additive Morale Chart (10.2): the state of a Stack that already has one and obtains
/// another. Missing from the text: entered by the players, pair by pair.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdditiveChart {
    /// (current, new result, combined).
    pub entries: Vec<(MoraleState, MoraleState, Slot<MoraleState>)>,
}

impl AdditiveChart {
    /// The combined state; `None`: the players have not entered this pair. A Normal Stack
    /// simply takes the result (10.2: the chart is for a Stack that "already has one").
    pub fn combine(&self, current: MoraleState, result: MoraleState) -> Option<MoraleState> {
        if current == MoraleState::Normal {
            return Some(result);
        }
        self.entries.iter().find(|(c, r, _)| *c == current && *r == result).and_then(|(_, _, s)| s.get())
    }
}

/// What goes into one Morale Check (10.1, 11.3b).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoraleCheck {
    /// The Stack's current top Combat Unit's rating: it picks the rating modifier (10.1).
    pub top_rating: MoraleRating,
    /// The one Leader's Morale Value used (10.1), subtracted; `None`: no Leader.
    pub leader_morale: Option<u8>,
    /// The Charging Stack's Leaders' Morale Values, added (11.3b).
    pub charging_leaders_morale: u8,
    /// The chart's other modifiers that apply, by name ("Wrecked", "Cowardly Legs",
    /// "Limited Defense Status", "Charge: Bigger").
    pub modifiers: Vec<String>,
}

/// The Morale Table's modifier for a rating: "Morale Rating B".
pub fn rating_modifier(rating: MoraleRating) -> String {
    format!("Morale Rating {}", rating.letter())
}

/// Rolls a Morale Check on the players' Morale Table. When the result is Blood Lust, the
/// friendly Leader's DRM is taken out and the roll read again (10.2a: "Leaders never help
/// units to become Blood Lusted").
pub fn morale_check(table: &RollTable, check: &MoraleCheck, raw: i32) -> Result<Reading, LookupError> {
    let mut names = vec![rating_modifier(check.top_rating)];
    names.extend(check.modifiers.iter().cloned());
    let apply: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut extra = Vec::new();
    if check.charging_leaders_morale > 0 {
        extra.push((
            "Charging Leaders' Morale Value".to_string(),
            "11.3b".to_string(),
            i32::from(check.charging_leaders_morale),
        ));
    }
    let without_leader = extra.clone();
    if let Some(m) = check.leader_morale {
        extra.push(("Leader's Morale Value".to_string(), "10.1".to_string(), -i32::from(m)));
    }
    let reading = table.read("", raw, &apply, &extra)?;
    if check.leader_morale.is_some() && reading.effects.contains(&Effect::State(MoraleState::BloodLust)) {
        return table.read("", raw, &apply, &without_leader);
    }
    Ok(reading)
}

/// 12.1 part 3: one die plus the Morale Value of one Leader in the hex; 5 or more rallies
/// the Routed Stack to DG.
pub fn rally_routed(die: Die, leader_morale: Option<u8>) -> bool {
    u32::from(die.face()) + u32::from(leader_morale.unwrap_or(0)) >= 5
}

/// The Rally Phase's steps in their strict order (12.1).
pub const RALLY_STEPS: [&str; 6] = [
    "Remove the Active Player's Sh, BL and all Cowardly Legs markers",
    "Flip all DG markers to Sh (not in Towns, 1.6b, or Over-Stacked, 6.1a)",
    "Roll for each Routed Stack: one die plus one Leader's Morale Value, 5 or more becomes DG",
    "Routed Stacks that failed within 5 hexes of an enemy Combat Unit retreat to at least 6 hexes away",
    "Remove all CBF markers (4.2l)",
    "Rebuilding, Midnight turn only (12.2)",
];

/// The state a Stack moves to in the Rally Phase's first two steps (12.1): Sh and BL go,
/// DG becomes Sh unless `dg_held` (a Town hex or Over-Stacked).
pub fn rally_marker_step(state: MoraleState, dg_held: bool) -> MoraleState {
    match state {
        MoraleState::BloodLust | MoraleState::Shaken => MoraleState::Normal,
        MoraleState::Disorganized if !dg_held => MoraleState::Shaken,
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Band, Column, Dice, Modifier, Span};

    fn entered(name: &str, rule: &str, v: i32) -> Modifier {
        Modifier { name: name.into(), rule: rule.into(), value: Slot::Entered(v) }
    }

    /// A Morale Table with only what 10.2a's example needs; the bands are the test's, not
    /// the game's.
    fn table() -> RollTable {
        let mut t = RollTable::new("morale", "Morale Table", "10.1", Dice::Two);
        t.columns.push(Column {
            label: String::new(),
            bands: vec![
                Band { rolls: Span::at_most(2), effects: vec![Effect::State(MoraleState::BloodLust)] },
                Band { rolls: Span::at_least(3), effects: vec![Effect::NoEffect] },
            ],
        });
        t.modifiers = vec![entered("Morale Rating A", "10.1", 0), entered("Wrecked", "1.3b", 3)];
        t
    }

    /// 10.2a example: Wrecked (+3), a 4-rated Leader (-4), an A unit (+0): -1; for Blood Lust
    /// the Leader is ignored, so BL becomes impossible.
    #[test]
    fn rule_10_2a_blood_lust_example() {
        let check = MoraleCheck {
            top_rating: MoraleRating::A,
            leader_morale: Some(4),
            charging_leaders_morale: 0,
            modifiers: vec!["Wrecked".into()],
        };
        let t = table();
        // A raw 3 with -1 would be 2: Blood Lust; without the Leader it is 6.
        let r = morale_check(&t, &check, 3).unwrap();
        assert_eq!(r.drm, 3);
        assert_eq!(r.effects, vec![Effect::NoEffect]);
        let r = morale_check(&t, &check, 5).unwrap();
        assert_eq!(r.drm, -1);
    }

    #[test]
    fn rule_12_1_rally_needs_five() {
        assert!(rally_routed(Die::new(5).unwrap(), None));
        assert!(!rally_routed(Die::new(4).unwrap(), None));
        assert!(rally_routed(Die::new(2).unwrap(), Some(3)));
    }

    #[test]
    fn rule_12_1_markers_step() {
        assert_eq!(rally_marker_step(MoraleState::Disorganized, false), MoraleState::Shaken);
        assert_eq!(rally_marker_step(MoraleState::Disorganized, true), MoraleState::Disorganized);
        assert_eq!(rally_marker_step(MoraleState::BloodLust, false), MoraleState::Normal);
        assert_eq!(rally_marker_step(MoraleState::Routed, false), MoraleState::Routed);
    }

    #[test]
    fn rule_10_3c_displacement_decreases_one_level() {
        assert_eq!(MoraleState::Shaken.decreased(), MoraleState::Disorganized);
        assert_eq!(MoraleState::Normal.worst(MoraleState::Routed), MoraleState::Routed);
    }
}
