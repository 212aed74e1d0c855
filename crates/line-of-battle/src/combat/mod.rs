//! Fire Combat (9) and Opening Volleys (9.2) as game commands: the players name the Stacks,
//! the range and what they see; the engine reads the units' values from the order of
//! battle, adds every die-roll modifier the rules call for, reads the players' tables, and
//! applies the result in 9.4's order: the loss through Loss Distribution (9.4a), then what is
//! left to settle ([`crate::due`]): Leader Loss Checks (4.1a), the Morale Check (10.1), a
//! Battery's Depletion (4.3b). The Charge (11) is in [`charge`], the checks due in
//! [`checks`], retreats in [`retreat`].

pub mod charge;
pub mod checks;
mod fire;
mod loss;
pub mod retreat;

pub use fire::{FireCommand, FiringUnit, VolleyCommand, fire_modifiers, read_fire, read_volley};
pub(crate) use fire::{fire, volley};
pub use loss::only_distribution;
pub(crate) use loss::{apply_loss, leader_checks, stack};

use crate::clock::Segment;
use crate::game::Game;
use crate::refusal::Refused;

/// 2.3: "Once a Firing or Charging process begins, it must be completed in its entirety and
/// the unit(s) Finished before other units begin their Activities."
pub(crate) fn nothing_open(game: &Game) -> Result<(), Refused> {
    if game.charge.is_some() {
        return Err(Refused::by("2.3", "finish the Charge in progress first"));
    }
    if let Some(d) = game.dues.list.first() {
        let (what, _) = d.describe(&game.oob);
        return Err(Refused::by("2.3", format!("settle what the last result left first: {what}")));
    }
    Ok(())
}

/// Fire and Charges are the Phasing Player's, in his Activity Phase (2.3, 9.3).
pub(crate) fn in_activity(game: &Game) -> Result<(), Refused> {
    if game.clock.phase() != Segment::MovementAndCombat {
        return Err(Refused::by("2.3", "Fire and Charges are made in the Activity Phase's Movement & Combat"));
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests;
