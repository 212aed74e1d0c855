//! What Line of Battle's screens show, computed from the game: pure functions, tested natively.
//!
//! - [`words`]: the sides, the clock and Morale States in the players' words;
//! - [`combat`]: Stacks, Limited Defense Status, Loss Distribution, Morale results;
//! - [`leaders`]: commands left empty, Zero Rolls due and their odds (4.1b-d);
//! - [`odds`]: the chance of each result of a roll on the players' own tables, before the dice;
//! - [`orders`]: the order book as a side's player reads it (1.8), the delivery of an Order,
//!   the Ending steps;
//! - [`retreat`]: a Retreat told from the map, planned on a copy of the game (10.3);
//! - [`sight`]: the Line of Sight calculator's features, Sudden Dip and Obstacles (8.0c);
//! - [`tables`]: the players' tables in words, how much is entered, a band's typed rolls;
//! - [`todo`]: what the Sequence of Play requires in the segment in progress (2.1).

pub mod combat;
pub mod leaders;
pub mod odds;
pub mod orders;
pub mod retreat;
pub mod sight;
pub mod tables;
pub mod todo;
pub mod words;

#[cfg(test)]
pub(crate) mod fixture;

use line_of_battle::oob::Oob;

/// An identity for something the players name: the name itself while no other Formation,
/// unit or Leader has it ("Third Corps"), else the name with the first free number ("Lee
/// (2)"). The game's own lines say identities, so the players read their own names there.
pub fn id_for(oob: &Oob, name: &str) -> String {
    ids_for(oob, &[name]).pop().unwrap_or_default()
}

/// Identities for several things added in one step (an Army and its Commander), none used and
/// none the same.
pub fn ids_for(oob: &Oob, names: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for name in names {
        let base = if name.trim().is_empty() { "unnamed" } else { name.trim() };
        let used = |id: &str| {
            out.iter().any(|o| o == id)
                || oob.formations.iter().any(|f| f.id == id)
                || oob.units.iter().any(|u| u.id == id)
                || oob.leaders.iter().any(|l| l.id == id)
        };
        let id = std::iter::once(base.to_string())
            .chain((2..).map(|n| format!("{base} ({n})")))
            .find(|id| !used(id))
            .unwrap_or_default();
        out.push(id);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identities_are_the_names_never_used_twice() {
        let g = fixture::game();
        assert_eq!(
            ids_for(&g.oob, &["Iron Brigade", "Meredith", "Iron Brigade"]),
            ["Iron Brigade", "Meredith (2)", "Iron Brigade (2)"]
        );
        assert_eq!(id_for(&g.oob, " Hood "), "Hood");
        assert_eq!(id_for(&g.oob, ""), "unnamed");
    }
}
