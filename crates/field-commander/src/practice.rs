//! A practice battle to learn the app with. Every value on every counter is made up
//! ([`Entry::MadeUp`]) and says so: none is the game's. The real counters are entered by the
//! player from the game's own components.

use crate::battlefield::{Formation, Region};
use crate::force::{Counter, Entry, Face, ForceType, Loyalty, Skill};
use crate::game::{Battle, Command};
use crate::prebattle::FogTable;

/// A made-up counter: the name says it is not a counter of the game.
fn made_up(name: &str, loyalty: Loyalty, kind: ForceType, skill: Skill, full: (u8, u8), reduced: bool) -> Counter {
    let mut c = Counter::new(format!("Practice {name} (made up)"), loyalty, kind, true);
    c.skill = Entry::MadeUp(skill);
    let face = |(a, cv): (u8, u8)| Face {
        activation: Entry::MadeUp(Some(a)),
        combat: Entry::MadeUp(cv),
        superior: Entry::MadeUp(None),
    };
    c.full = face(full);
    c.reduced = Entry::MadeUp(if reduced { Some(face((full.0, full.1.saturating_sub(2)))) } else { None });
    c
}

/// The practice battle's set-up, as the commands that place it.
pub fn practice_setup() -> (Battle, Vec<Command>) {
    use ForceType::*;
    use Loyalty::*;
    let forces = [
        (made_up("Grey Infantry A", Confederate, Infantry, Skill::Line, (6, 6), true), Region::ConfederateApproach),
        (made_up("Grey Infantry B", Confederate, Infantry, Skill::Veteran, (5, 5), true), Region::ConfederateApproach),
        (made_up("Grey Cavalry", Confederate, Cavalry, Skill::Line, (6, 3), false), Region::ConfederateReserve),
        (made_up("Blue Infantry A", Union, Infantry, Skill::PoorLine, (5, 5), true), Region::UnionApproach),
        (made_up("Blue Infantry B", Union, Infantry, Skill::Conscript, (4, 4), true), Region::UnionApproach),
        (made_up("Blue Battery", Union, Artillery, Skill::Line, (1, 4), false), Region::UnionReserve),
    ];
    let commands = forces
        .into_iter()
        .map(|(counter, region)| Command::AddForce { counter, region, formation: Formation::Line })
        .collect();
    (Battle::new(FogTable::Regular), commands)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::FieldCommander;
    use companion_core::session::Session;

    #[test]
    fn every_practice_value_says_it_is_made_up() {
        let (battle, commands) = practice_setup();
        let mut s = Session::<FieldCommander>::new(battle);
        for c in &commands {
            s.dispatch(c, 0.0).unwrap();
        }
        assert_eq!(s.game().field.forces.len(), 6);
        for f in &s.game().field.forces {
            let c = &f.counter;
            assert!(c.name.contains("made up"), "{}", c.name);
            assert!(c.skill.is_made_up() && c.full.combat.is_made_up() && c.full.activation.is_made_up());
            assert!(c.full.superior.is_made_up() && c.reduced.is_made_up());
            assert!(c.missing().is_empty());
        }
    }
}
