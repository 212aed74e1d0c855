//! One line of a game's history, in the game's own words.

use serde::{Deserialize, Serialize};

/// One line of the game's history. `P` is the system's phase (or whatever marks the time
/// within a turn in that game).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogEntry<P> {
    /// The turn it happened in.
    pub turn: u32,
    /// The phase it happened in.
    pub phase: P,
    /// Milliseconds since the Unix epoch, from the device clock.
    pub at_ms: f64,
    /// What happened, in the game's words.
    pub text: String,
    /// Kept from the other side's player until the system says it may be shown: a side's
    /// hidden orders (Johnny Reb 1.1 until the reveal of 3.1; Line of Battle 1.8). Old saved
    /// games, written before this field, read it as `false`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub secret: bool,
}

impl<P> LogEntry<P> {
    /// A line anyone at the table may read.
    pub fn new(turn: u32, phase: P, at_ms: f64, text: String) -> LogEntry<P> {
        LogEntry { turn, phase, at_ms, text, secret: false }
    }
}

#[cfg(test)]
mod tests {
    use super::LogEntry;

    #[test]
    fn an_entry_saved_before_secrets_existed_reads_as_public_and_a_public_one_writes_no_field() {
        let old: LogEntry<u8> = serde_json::from_str(r#"{"turn":1,"phase":2,"at_ms":0.0,"text":"x"}"#).unwrap();
        assert!(!old.secret);
        assert!(!serde_json::to_string(&old).unwrap().contains("secret"));
        let hidden = LogEntry { secret: true, ..old };
        let back: LogEntry<u8> = serde_json::from_str(&serde_json::to_string(&hidden).unwrap()).unwrap();
        assert!(back.secret);
    }
}
