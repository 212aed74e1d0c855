//! The forms the player enters the campaign pack in, as plain data with their checks, tested
//! natively: a counter in a few taps ([`CounterForm`]), a Battle Resolution Table cell typed as
//! printed ([`parse_brt_cell`]), a column's heading ([`parse_column`]), a Union Orders chart's
//! row ([`OrderForm`]), a Union Resupply Table's row ([`ResupplyForm`]), and the sheet's
//! numbers ([`number`], [`given_number`]). A form gives a value of the pack or every problem
//! with its field, in the player's words.

mod cells;
mod counter;
mod order;
mod resupply;

pub use cells::{brt_cell_words, parse_brt_cell, parse_column, withdrawal_words};
pub use counter::{CounterForm, FaceForm};
pub use order::{OrderForm, OrderKind};
pub use resupply::{ResupplyForm, ResupplyKind};

use super::Given;
use serde::{Deserialize, Serialize};

/// A problem of a form and the field it is in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldProblem {
    /// The field ("name", "full combat").
    pub field: &'static str,
    /// What is wrong, in the player's words.
    pub problem: String,
}

/// A whole number typed in a field: blank is `None` (not entered); otherwise `lo` to `hi`.
pub fn number(text: &str, lo: u32, hi: u32) -> Result<Option<u32>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    match t.parse::<u32>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(Some(n)),
        Ok(n) => Err(format!("{n} is not {lo} to {hi}")),
        Err(_) => Err(format!("\u{201c}{t}\u{201d} is not a whole number ({lo} to {hi})")),
    }
}

/// A number of the sheet typed in a field: blank is missing; a value unchanged keeps where it
/// came from; a value typed is entered.
pub fn given_number<T>(text: &str, lo: u32, hi: u32, old: &Given<T>) -> Result<Given<T>, String>
where
    T: Copy + PartialEq + TryFrom<u32>,
{
    match number(text, lo, hi)? {
        None => Ok(Given::Missing),
        Some(n) => {
            let v = T::try_from(n).map_err(|_| format!("{n} is too large"))?;
            Ok(match old.value() {
                Some(o) if *o == v => old.clone(),
                _ => Given::Entered(v),
            })
        }
    }
}

/// The text a field shows for a value of the sheet: blank while missing.
pub fn given_text<T: ToString>(g: &Given<T>) -> String {
    g.value().map(ToString::to_string).unwrap_or_default()
}

#[cfg(test)]
mod tests;
