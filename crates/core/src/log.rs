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
}
