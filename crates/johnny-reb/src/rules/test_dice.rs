//! Dice for the tests, written as their faces: one shared copy instead of one per test module.
//! A face out of 1-6 is a mistake in the test itself, so these unwrap.

use crate::rules::{Die, TwoDice};

/// One die showing `face`.
pub(crate) fn d(face: u8) -> Die {
    Die::new(face).unwrap()
}

/// Two dice showing `a` and `b`.
pub(crate) fn two(a: u8, b: u8) -> TwoDice {
    TwoDice::new(a, b).unwrap()
}

/// Dice showing `faces`, in order.
pub(crate) fn dice(faces: &[u8]) -> Vec<Die> {
    faces.iter().map(|&f| d(f)).collect()
}
