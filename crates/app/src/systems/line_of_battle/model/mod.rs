//! What Line of Battle's screens show, computed from the game: pure functions, tested natively.
//!
//! - [`words`]: the sides, the clock and Morale States in the players' words;
//! - [`combat`]: Stacks, Limited Defense Status, Loss Distribution, Morale results;
//! - [`odds`]: the chance of each result of a roll on the players' own tables, before the dice;
//! - [`orders`]: the order book as a side's player reads it (1.8), the delivery of an Order,
//!   the Ending steps;
//! - [`tables`]: the players' tables in words, how much is entered, a band's typed rolls;
//! - [`todo`]: what the Sequence of Play requires in the segment in progress (2.1).

pub mod combat;
pub mod odds;
pub mod orders;
pub mod tables;
pub mod todo;
pub mod words;

#[cfg(test)]
pub(crate) mod fixture;

use line_of_battle::oob::Oob;

/// An identity not yet used in the order of battle: `prefix` and the first free number
/// ("u7"). Identities are the game's own; the players see the names.
pub fn fresh_id(oob: &Oob, prefix: &str) -> String {
    let used = |id: &str| {
        oob.formations.iter().any(|f| f.id == id)
            || oob.units.iter().any(|u| u.id == id)
            || oob.leaders.iter().any(|l| l.id == id)
    };
    (1..).map(|n| format!("{prefix}{n}")).find(|id| !used(id)).unwrap_or_default()
}

/// Several identities at once, none used and none the same (a form that adds a Formation and
/// its Leader in one step).
pub fn fresh_ids(oob: &Oob, prefixes: &[&str]) -> Vec<String> {
    let mut taken = oob.clone();
    let mut out = Vec::new();
    for p in prefixes {
        let id = fresh_id(&taken, p);
        taken.leaders.push(line_of_battle::oob::Leader {
            id: id.clone(),
            name: String::new(),
            side: line_of_battle::oob::Side::Federal,
            formation: None,
            command: 0,
            morale: 0,
            awareness: None,
            on_map: false,
            lost: false,
            repl: false,
        });
        out.push(id);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_identities_are_never_used_twice() {
        let g = fixture::game();
        let ids = fresh_ids(&g.oob, &["f", "f", "l"]);
        assert_eq!(ids, ["f1", "f2", "l1"]);
        assert_eq!(fresh_id(&g.oob, "f"), "f1");
    }
}
