//! Forces for the tests, with every value entered as a test would from a counter.

use crate::battle::{Field, Force};
use crate::battlefield::{Formation, Region};
use crate::force::{Counter, Entry, Face, ForceType, Loyalty, Skill, Strength};

/// A force with every value entered; infantry get a reduced side one lower.
#[allow(clippy::too_many_arguments)]
pub fn force(
    id: u32,
    name: &str,
    loyalty: Loyalty,
    kind: ForceType,
    skill: Skill,
    activation: Option<u8>,
    combat: u8,
    superior: Option<u8>,
    region: Region,
) -> Force {
    let mut c = Counter::new(name, loyalty, kind, true);
    c.skill = Entry::Entered(skill);
    c.full = Face::entered(activation, combat, superior);
    c.reduced = Entry::Entered(Some(Face::entered(activation, combat.saturating_sub(1), None)));
    let formation = Formation::Line;
    Force {
        id,
        counter: c,
        strength: Strength::Full,
        region,
        formation,
        hard_cover: false,
        entrenched: false,
        cover: false,
    }
}

/// A Union infantry force.
pub fn union_inf(id: u32, name: &str, skill: Skill, activation: u8, combat: u8, region: Region) -> Force {
    force(id, name, Loyalty::Union, ForceType::Infantry, skill, Some(activation), combat, None, region)
}

/// A Confederate infantry force.
pub fn conf_inf(id: u32, name: &str, skill: Skill, activation: u8, combat: u8, region: Region) -> Force {
    force(id, name, Loyalty::Confederate, ForceType::Infantry, skill, Some(activation), combat, None, region)
}

/// A field of these forces.
pub fn field(forces: Vec<Force>) -> Field {
    Field { forces }
}
