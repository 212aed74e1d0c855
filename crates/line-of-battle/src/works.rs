//! Breastworks (5.0): each side's markers as the scenario allocates them (5.0a; LCV 1.0a: 15
//! Federal, none Confederate), their building (5.0b), removal and capture (5.0c). Hexes are
//! labels only (1.5a); what the players see on the map they state.

use crate::game::Game;
use crate::oob::Side;
use crate::orders::OrderKind;
use crate::orders::effective::{Following, following};
use crate::refusal::Refused;
use serde::{Deserialize, Serialize};

/// 5.0b: the Formation must have been under the same Defensive Orders this long.
pub const DEFENSIVE_MINUTES: u32 = 180;

/// A Breastworks marker on the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Breastwork {
    /// The hex's label ("B14.24").
    pub hex: String,
    /// Whose marker it is (a captured one stays the builder's, used "as is", 5.0c).
    pub owner: Side,
    /// Its Facing: the Frontal hexsides whose Fires it protects against (5.0e).
    pub facing: String,
}

/// The sides' Breastworks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Works {
    /// Markers each side has in all (5.0a), less those the enemy destroyed (5.0c).
    pub pools: Vec<(Side, u8)>,
    /// Markers on the map.
    pub placed: Vec<Breastwork>,
}

impl Works {
    /// The side's markers in all.
    pub fn pool(&self, side: Side) -> u8 {
        self.pools.iter().find(|(s, _)| *s == side).map(|(_, n)| *n).unwrap_or(0)
    }

    /// The side's markers not on the map.
    pub fn available(&self, side: Side) -> u8 {
        let used = self.placed.iter().filter(|b| b.owner == side).count();
        self.pool(side).saturating_sub(used.min(255) as u8)
    }

    fn set_pool(&mut self, side: Side, n: u8) {
        self.pools.retain(|(s, _)| *s != side);
        self.pools.push((side, n));
    }
}

/// LCV 1.0a: "The Federal player has 15 Breastwork markers available. The Confederates have
/// none."
pub const LCV_POOLS: [(Side, u8); 2] = [(Side::Federal, 15), (Side::Confederate, 0)];

/// What the players state when building (5.0b).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Site {
    /// The hex's label.
    pub hex: String,
    /// The Formation building them: its Defensive Orders are checked in the book.
    pub formation: String,
    /// The Facing.
    pub facing: String,
    /// A friendly unit in Line has held the hex continuously for those 3 hours.
    pub line_held: bool,
    /// No enemy Formation under Attack Orders attacked the position in that time.
    pub unattacked: bool,
    /// The hex holds some of the Woods symbol (LCV 1.0a says the same).
    pub woods: bool,
}

/// A command about Breastworks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WorksCommand {
    /// 5.0a: the scenario's allocation for a side.
    Allocate {
        /// The side.
        side: Side,
        /// Markers.
        markers: u8,
    },
    /// 5.0b: builds Breastworks, or rebuilds the hex's own to change their Facing.
    Build(Site),
    /// 5.0c: removes the marker from a hex: the owner's goes back to his pool; an enemy's is
    /// destroyed for good.
    Remove {
        /// The hex.
        hex: String,
        /// The side removing it.
        by: Side,
    },
}

/// Applies a Breastworks command.
pub fn execute(game: &mut Game, command: &WorksCommand) -> Result<Vec<String>, Refused> {
    match command {
        WorksCommand::Allocate { side, markers } => {
            let on_map = game.works.placed.iter().filter(|b| b.owner == *side).count();
            if usize::from(*markers) < on_map {
                return Err(Refused::by("5.0a", format!("{on_map} of {side:?}'s markers are on the map")));
            }
            game.works.set_pool(*side, *markers);
            Ok(vec![format!("{side:?}: {markers} Breastwork markers (5.0a)")])
        }
        WorksCommand::Build(site) => build(game, site),
        WorksCommand::Remove { hex, by } => {
            let i = game
                .works
                .placed
                .iter()
                .position(|b| b.hex == *hex)
                .ok_or_else(|| Refused::because(format!("no Breastworks in {hex}")))?;
            let b = game.works.placed.remove(i);
            if b.owner == *by {
                Ok(vec![format!("Breastworks in {hex} removed for use elsewhere (5.0c)")])
            } else {
                let left = game.works.pool(b.owner).saturating_sub(1);
                game.works.set_pool(b.owner, left);
                Ok(vec![format!("{:?}'s Breastworks in {hex} destroyed: they cannot be rebuilt (5.0c)", b.owner)])
            }
        }
    }
}

fn build(game: &mut Game, site: &Site) -> Result<Vec<String>, Refused> {
    let f = game
        .oob
        .formation(&site.formation)
        .ok_or_else(|| Refused::because(format!("no Formation {}", site.formation)))?;
    let side = f.side;
    if site.hex.trim().is_empty() {
        return Err(Refused::by("1.5a", "name the hex"));
    }
    if !site.woods {
        return Err(Refused::by("5.0b", "Breastworks need some of the Woods symbol in the hex"));
    }
    if !site.line_held {
        return Err(Refused::by("5.0b", "a friendly unit in Line must have held the hex for 3 hours"));
    }
    if !site.unattacked {
        return Err(Refused::by("5.0b", "not while an enemy Formation under Attack Orders attacked the position"));
    }
    let order = match following(&game.book, &game.oob, &site.formation) {
        Following::Order(o) if o.kind == OrderKind::Defensive => o,
        Following::NoOrders => {
            return Err(Refused::by("13.2e", "no Breastworks in Limited Defense Status"));
        }
        _ => return Err(Refused::by("5.0b", "only under Defensive Orders")),
    };
    let accepted = match order.status {
        crate::orders::Status::Accepted(t) => t,
        _ => order.written,
    };
    let held = crate::schedule::minutes_since(&game.clock, accepted);
    if held < DEFENSIVE_MINUTES {
        return Err(Refused::by(
            "5.0b",
            format!("under the same Defensive Orders for {held} minutes: 3 hours are needed"),
        ));
    }
    let existing = game.works.placed.iter().position(|b| b.hex == site.hex);
    match existing {
        Some(i) if game.works.placed[i].owner == side => {
            game.works.placed[i].facing = site.facing.clone();
            Ok(vec![format!("Breastworks in {} rebuilt facing {} (5.0b)", site.hex, site.facing)])
        }
        Some(_) => Err(Refused::by(
            "5.0c",
            "captured enemy Breastworks are used as they are; remove them first to build your own",
        )),
        None => {
            if game.works.available(side) == 0 {
                return Err(Refused::by("5.0a", format!("{side:?} has no Breastwork marker left")));
            }
            game.works.placed.push(Breastwork { hex: site.hex.clone(), owner: side, facing: site.facing.clone() });
            Ok(vec![format!(
                "Breastworks built in {} facing {}; {} markers left (5.0b)",
                site.hex,
                site.facing,
                game.works.available(side)
            )])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Command, LineOfBattle};
    use crate::orders::commands::OrderCommand;
    use crate::orders::{DefensivePosition, Instructions};
    use companion_core::session::Session;

    fn site(hex: &str) -> Site {
        Site {
            hex: hex.into(),
            formation: "1/1/1".into(),
            facing: "west".into(),
            line_held: true,
            unattacked: true,
            woods: true,
        }
    }

    fn build(s: &mut Session<LineOfBattle>, site: Site) -> Result<Vec<String>, Refused> {
        s.dispatch(&Command::Works(WorksCommand::Build(site)), 0.0).map(|o| o.lines)
    }

    fn defending() -> Session<LineOfBattle> {
        let mut s = Session::<LineOfBattle>::new(crate::orders::test_game());
        let dp = DefensivePosition {
            orientation: "west".into(),
            front_line: "the ridge".into(),
            left: "the Pike".into(),
            right: "the cut".into(),
        };
        let order = OrderCommand::InForce {
            side: Side::Federal,
            kind: OrderKind::Defensive,
            formation: "1/1".into(),
            recipient: "Wadsworth".into(),
            instructions: Instructions { position: Some(dp), ..Instructions::default() },
        };
        s.dispatch(&Command::Orders(Box::new(order)), 0.0).unwrap();
        for (side, n) in LCV_POOLS {
            s.dispatch(&Command::Works(WorksCommand::Allocate { side, markers: n }), 0.0).unwrap();
        }
        s
    }

    /// 5.0b: the same Defensive Orders for at least 3 hours, a unit in Line all that time, no
    /// attack, some Woods; LCV 1.0a: 15 Federal markers, none Confederate.
    #[test]
    fn rule_5_0b_building_breastworks() {
        let mut s = defending();
        assert_eq!(build(&mut s, site("B14.24")).unwrap_err().rule, Some("5.0b"), "not yet 3 hours");
        while s.game().clock.turn < 13 {
            s.dispatch(&Command::NextPhase, 0.0).unwrap();
        }
        assert!(build(&mut s, Site { woods: false, ..site("B14.24") }).is_err());
        assert!(build(&mut s, Site { line_held: false, ..site("B14.24") }).is_err());
        build(&mut s, site("B14.24")).unwrap();
        assert_eq!(s.game().works.available(Side::Federal), 14);
        // Rebuilding the same hex changes its Facing; no hex holds two markers.
        build(&mut s, Site { facing: "north".into(), ..site("B14.24") }).unwrap();
        assert_eq!(s.game().works.placed.len(), 1);
        assert_eq!(s.game().works.available(Side::Confederate), 0);
    }

    /// 5.0c: the owner's marker goes back to his pool; the enemy's is destroyed for good.
    #[test]
    fn rule_5_0c_removing_breastworks() {
        let mut s = defending();
        while s.game().clock.turn < 13 {
            s.dispatch(&Command::NextPhase, 0.0).unwrap();
        }
        build(&mut s, site("B14.24")).unwrap();
        build(&mut s, site("B14.25")).unwrap();
        let remove = |hex: &str, by| Command::Works(WorksCommand::Remove { hex: hex.into(), by });
        s.dispatch(&remove("B14.24", Side::Federal), 0.0).unwrap();
        assert_eq!(s.game().works.available(Side::Federal), 14);
        s.dispatch(&remove("B14.25", Side::Confederate), 0.0).unwrap();
        assert_eq!((s.game().works.pool(Side::Federal), s.game().works.available(Side::Federal)), (14, 14));
    }
}
