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
    Field { forces, ..Field::default() }
}

/// A d10 showing `face` (0 reads 10).
pub fn d(face: u8) -> companion_core::d10::D10 {
    companion_core::d10::D10::new(face).unwrap()
}

/// A session on a battle at `stage` of Battle Turn 1 of 4 with these forces, quantities 1
/// Confederate and 2 Union, the set-up done.
pub fn session_at(
    stage: crate::state::Stage,
    forces: Vec<Force>,
) -> companion_core::session::Session<crate::game::FieldCommander> {
    use crate::state::Phase;
    let mut g = crate::game::Game::new("test", "Test battle", crate::prebattle::FogTable::Regular);
    let b = &mut g.battle;
    b.next_id = forces.iter().map(|f| f.id).max().unwrap_or(0) + 1;
    b.field = field(forces);
    b.phase = Phase::BattleTurns;
    b.stage = stage;
    b.turns = Some(4);
    b.quantities = Some((1, 2));
    b.fog.resolved = true;
    b.envelopment_checked = true;
    b.union_placed = true;
    companion_core::session::Session::new(g)
}
