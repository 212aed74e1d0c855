//! Why a resolver could not give a result: a value the text lacks, or an input out of range.

use crate::provenance::CellRef;
use std::fmt;

/// Why a resolver could not give a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// A table value the transcription lacks and the players have not entered yet.
    /// The cell says exactly what to look up on the game's printed tables.
    Missing(CellRef),
    /// An input outside what the rules allow (a die of 7, a regiment of 40 stands...).
    OutOfRange {
        /// What was out of range ("die", "BMP", "setting"...).
        what: &'static str,
        /// Why, in the players' words.
        detail: String,
    },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Missing(cell) => {
                write!(f, "{cell} is not in the rulebook text: enter it from your game's printed tables")
            }
            RuleError::OutOfRange { what, detail } => write!(f, "{what}: {detail}"),
        }
    }
}

impl std::error::Error for RuleError {}

/// Shorthand for a resolver's result.
pub type RuleResult<T> = Result<T, RuleError>;
