//! The shared vocabulary of every command: why a command is refused ([`CommandError`]) and
//! the names the players type. The first module of the state: it imports no other.

use std::fmt;

/// Why a command was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// A name must have something in it and be of reasonable length.
    BadName(String),
    /// No such unit, command or officer in the game.
    NotFound {
        /// What was looked for: "regiment", "battery"...
        what: &'static str,
        /// The id asked for.
        id: String,
    },
    /// The rules (or the app's limits) do not allow it; the text says why, with the rule.
    Refused(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::BadName(why) => write!(f, "{why}"),
            CommandError::NotFound { what, id } => {
                write!(f, "There is no {what} {} in this game.", companion_core::names::shown(id))
            }
            CommandError::Refused(why) => write!(f, "{why}"),
        }
    }
}

pub use companion_core::names::MAX_NAME_CHARS;

/// Checks a name typed by a player (see [`companion_core::names::clean_name`]).
pub fn clean_name(name: &str) -> Result<String, CommandError> {
    companion_core::names::clean_name(name).map_err(|e| CommandError::BadName(e.0))
}

/// No such unit, command or officer.
pub fn not_found(what: &'static str, id: &str) -> CommandError {
    CommandError::NotFound { what, id: id.to_string() }
}

/// Refused by the rules or the app's limits; `why` says why, with the rule.
pub fn refused(why: impl Into<String>) -> CommandError {
    CommandError::Refused(why.into())
}

/// A name as the log shows it, in curly quotes.
pub fn quoted(name: &str) -> String {
    format!("\u{201c}{name}\u{201d}")
}
