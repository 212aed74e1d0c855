//! The dice of the app's tests, by their faces: one helper for every test module.

use johnny_reb::rules::fire::Table10Roll;
use johnny_reb::rules::{Die, TwoDice};

/// One die showing `face` (1-6).
pub fn die(face: u8) -> Die {
    Die::new(face).unwrap()
}

/// Dice showing `faces`, in order.
pub fn dice(faces: &[u8]) -> Vec<Die> {
    faces.iter().map(|f| die(*f)).collect()
}

/// Two dice showing `a` and `b`.
pub fn two(a: u8, b: u8) -> TwoDice {
    TwoDice::new(a, b).unwrap()
}

/// A Table 10 roll of two dice showing `a` and `b`.
pub fn table10(a: u8, b: u8) -> Table10Roll {
    Table10Roll::TwoDice(two(a, b))
}
