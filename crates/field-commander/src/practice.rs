//! A practice battle to learn the app with. Every value on every counter is made up
//! ([`Entry::MadeUp`]) and says so: none is the game's. The real counters are entered by the
//! player from the game's own components. Its Withdrawal table is the rulebook's example of
//! 14.8, named as such, not a campaign's.

use crate::battlefield::{Formation, Region};
use crate::force::{Counter, Entry, Face, ForceType, Loyalty, Skill};
use crate::game::{Command, FieldCommander, Game};
use crate::outcome::WithdrawalTable;
use crate::prebattle::FogTable;
use companion_core::system::GameSystem;

/// A made-up counter: the name says it is not a counter of the game.
fn made_up(
    name: &str,
    loyalty: Loyalty,
    kind: ForceType,
    skill: Skill,
    full: (Option<u8>, u8),
    reduced: bool,
) -> Counter {
    let mut c = Counter::new(format!("Practice {name} (made up)"), loyalty, kind, true);
    c.skill = Entry::MadeUp(skill);
    let face = |(a, cv): (Option<u8>, u8)| Face {
        activation: Entry::MadeUp(a),
        combat: Entry::MadeUp(cv),
        superior: Entry::MadeUp(None),
    };
    c.full = face(full);
    c.reduced = Entry::MadeUp(if reduced { Some(face((full.0, full.1.saturating_sub(2)))) } else { None });
    c
}

/// The practice battle's counters, as the commands that enter them.
pub fn practice_setup() -> Vec<Command> {
    use ForceType::*;
    use Loyalty::*;
    let forces = [
        (
            made_up("Grey Infantry A", Confederate, Infantry, Skill::Line, (Some(6), 6), true),
            Region::ConfederateApproach,
        ),
        (
            made_up("Grey Infantry B", Confederate, Infantry, Skill::Veteran, (Some(5), 5), true),
            Region::ConfederateApproach,
        ),
        (made_up("Grey Cavalry", Confederate, Cavalry, Skill::Line, (Some(6), 3), false), Region::ConfederateReserve),
        (made_up("Blue Infantry A", Union, Infantry, Skill::PoorLine, (Some(5), 5), true), Region::UnionReserve),
        (made_up("Blue Infantry B", Union, Infantry, Skill::Conscript, (Some(4), 4), true), Region::UnionReserve),
        (made_up("Blue Battery", Union, Artillery, Skill::Line, (None, 3), false), Region::UnionReserve),
    ];
    let mut commands: Vec<Command> = forces
        .into_iter()
        .map(|(counter, region)| Command::AddForce { counter, region, formation: Formation::Line })
        .collect();
    commands.push(Command::SetWithdrawalTable(WithdrawalTable::example_14_8()));
    commands
}

/// A new game holding the practice battle's counters on the Regular table.
pub fn practice_game(id: &str, name: &str, now_ms: f64) -> Game {
    let mut game = Game::new(id, name, FogTable::Regular);
    for c in practice_setup() {
        // Every practice command is accepted by an empty battle; one that were not would
        // leave the game as it was, which is still a game to play.
        let mut next = game.clone();
        if FieldCommander::apply(&mut next, &c, now_ms).is_ok() {
            game = next;
        }
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_practice_value_says_it_is_made_up() {
        let g = practice_game("p", "Practice", 0.0);
        assert_eq!(g.battle.field.forces.len(), 6);
        for f in &g.battle.field.forces {
            let c = &f.counter;
            assert!(c.name.contains("made up"), "{}", c.name);
            assert!(c.skill.is_made_up() && c.full.combat.is_made_up() && c.full.activation.is_made_up());
            assert!(c.full.superior.is_made_up() && c.reduced.is_made_up());
            assert!(c.missing().is_empty());
        }
        let table = g.battle.withdrawal_table.as_ref().unwrap();
        assert!(table.campaign.contains("not a campaign's table"), "{}", table.campaign);
    }
}
