//! The players' tables as the Tables area shows them: each result and modifier in words with
//! where its value comes from, how much of a table is entered, and a band's rolls read from
//! what was typed.

use line_of_battle::morale::MoraleState;
use line_of_battle::table::{Effect, RollTable, Slot, Span};

/// A result in the chart's words.
pub fn effect(e: &Effect) -> String {
    match e {
        Effect::NoEffect => "No Effect".into(),
        Effect::Pass => "Yes (pass)".into(),
        Effect::Fail => "No (fail)".into(),
        Effect::Loss(n) => format!("{n} SP loss"),
        Effect::MoraleCheck => "Morale Check (M)".into(),
        Effect::Depletion => "Ammunition Depletion".into(),
        Effect::CanisterDepletion => "Canister Depletion".into(),
        Effect::State(s) => s.label().to_string(),
        Effect::Retreat(n) => format!("Retreat {n} hex{}", if *n == 1 { "" } else { "es" }),
        Effect::CowardlyLegs => "Cowardly Legs".into(),
        Effect::LeaderLost => "Leader lost".into(),
        Effect::FlukeStoppage => "Fluke Stoppage".into(),
        Effect::Other(t) => t.clone(),
    }
}

/// A result list in words: "1 SP loss, Morale Check (M)".
pub fn effects(list: &[Effect]) -> String {
    if list.is_empty() { "nothing entered".into() } else { list.iter().map(effect).collect::<Vec<_>>().join(", ") }
}

/// The results a players' chart may give, by table, for the buttons of a band's entry.
pub fn palette(key: &str) -> Vec<Effect> {
    use line_of_battle::tables::key as k;
    let states = [MoraleState::BloodLust, MoraleState::Shaken, MoraleState::Disorganized, MoraleState::Routed]
        .into_iter()
        .map(Effect::State);
    match key {
        k::COMMAND_ROLL | k::CLOSING | k::FLUKE_BASE | k::RECOVERY_BASE | k::RECOVERY_ROLL => {
            vec![Effect::Pass, Effect::Fail]
        }
        k::FLUKE_FAILURE => vec![Effect::FlukeStoppage, Effect::NoEffect],
        k::LEADER_LOSS => vec![Effect::NoEffect, Effect::LeaderLost],
        k::COMBAT => {
            vec![
                Effect::NoEffect,
                Effect::Loss(1),
                Effect::Loss(2),
                Effect::Loss(3),
                Effect::MoraleCheck,
                Effect::Depletion,
            ]
        }
        k::OPENING_VOLLEY => vec![Effect::NoEffect, Effect::Loss(1), Effect::Loss(2)],
        k::MORALE => {
            let mut v = vec![Effect::NoEffect];
            v.extend(states);
            v.extend([
                Effect::Retreat(1),
                Effect::Retreat(2),
                Effect::Retreat(3),
                Effect::Loss(1),
                Effect::Loss(2),
                Effect::CowardlyLegs,
            ]);
            v
        }
        _ => vec![Effect::NoEffect, Effect::Pass, Effect::Fail, Effect::Loss(1), Effect::MoraleCheck],
    }
}

/// Where a modifier's value comes from: "✎ entered", "§ 5.0d", "? not entered".
pub fn provenance(v: &Slot<i32>) -> String {
    match v {
        Slot::Entered(_) => "✎ entered".into(),
        Slot::RuleText { rule, .. } => format!("§ rule text {rule}"),
        Slot::Missing => "? not entered".into(),
    }
}

/// How much of a table the players have entered, in words.
pub fn progress(t: &RollTable) -> String {
    let bands: usize = t.columns.iter().map(|c| c.bands.len()).sum();
    let entered = t.modifiers.iter().filter(|m| m.value.get().is_some()).count();
    let mut parts = vec![match bands {
        0 => "no result entered".to_string(),
        1 => "1 band".to_string(),
        n => format!("{n} bands"),
    }];
    if t.columns.len() > 1 {
        parts.push(format!("{} columns", t.columns.len()));
    }
    if t.grid_from_raw.is_some() {
        parts.push(format!("{} grid cell{}", t.grid.len(), if t.grid.len() == 1 { "" } else { "s" }));
    }
    if !t.modifiers.is_empty() {
        parts.push(format!("{entered} of {} modifiers", t.modifiers.len()));
    }
    parts.join(", ")
}

/// The rolls a band covers, from its two typed ends: an empty end is open ("7 or less",
/// "8 or more").
pub fn span(low: &str, high: &str) -> Result<Span, String> {
    let end = |s: &str, which: &str| -> Result<Option<i32>, String> {
        let s = s.trim().replace('−', "-");
        if s.is_empty() {
            Ok(None)
        } else {
            s.parse().map(Some).map_err(|_| format!("The {which} roll is a whole number, or empty for no end."))
        }
    };
    let (low, high) = (end(low, "lowest")?, end(high, "highest")?);
    match (low, high) {
        (None, None) => Err("Give at least one end of the band.".into()),
        (Some(l), Some(h)) if l > h => Err("The lowest roll is above the highest.".into()),
        _ => Ok(Span { low, high }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use line_of_battle::tables::TableSet;

    #[test]
    fn a_band_is_read_from_its_typed_ends() {
        assert_eq!(span("", "7"), Ok(Span::at_most(7)));
        assert_eq!(span("8", " "), Ok(Span::at_least(8)));
        assert_eq!(span("−2", "3"), Ok(Span::between(-2, 3)));
        assert!(span("9", "3").is_err());
        assert!(span("", "").is_err());
        assert!(span("x", "3").unwrap_err().contains("whole number"));
    }

    /// The standard set as shipped: nothing entered but the rule text's own values (5.0d,
    /// 13.2e), never a worked example's.
    #[test]
    fn the_shipped_tables_say_what_is_left_to_enter() {
        let set = TableSet::standard();
        let closing = set.get("closing").unwrap();
        assert_eq!(progress(closing), "no result entered, 1 of 9 modifiers");
        let m = closing.modifier("Starting in Breastworks").unwrap();
        assert_eq!(provenance(&m.value), "§ rule text 5.0d");
        assert_eq!(provenance(&Slot::Missing), "? not entered");
        assert_eq!(effects(&[Effect::Loss(1), Effect::MoraleCheck]), "1 SP loss, Morale Check (M)");
    }
}
