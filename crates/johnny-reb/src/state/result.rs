//! A resolver's result as one change to the game: the tracker items it settles, its commands
//! and the morale checks it queues, in the order the game accepts them. The session applies the
//! batch all or nothing, so one undo takes the whole result back.

use crate::state::checks::{ChecksCommand, Due};
use crate::state::command::Command;
use crate::state::game::Game;
use crate::state::tracker::{TrackerCommand, open_items};
use crate::state::tracker_state::ItemKey;

/// What a resolver's result records, before it is applied.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ResultRecord {
    /// The commands that record the result on the units.
    pub commands: Vec<Command>,
    /// The morale checks it calls for besides those the commands report (4.4.2 order).
    pub queue: Vec<Due>,
    /// The tracker items it settles (a unit's First Fire, its charge, an officer's roll...).
    pub settles: Vec<ItemKey>,
}

/// The commands that apply `record` to `game`, in order; empty when the result changes
/// nothing (a miss with no item open, a quick look-up).
///
/// The ticks go first: the result may take its own item out of the phase (an officer removed
/// by a severe wound, 8; a regiment removed by a rally's 2, 2.4), and a tick after it would be
/// refused with the whole result. Only the items still open in the current phase are ticked.
/// The checks are queued last, after the commands whose losses call for them (4.4.2).
pub fn batch(game: &Game, record: &ResultRecord) -> Vec<Command> {
    let mut batch: Vec<Command> = open_items(game, &record.settles)
        .into_iter()
        .map(|key| Command::Tracker(TrackerCommand::Tick { key }))
        .collect();
    batch.extend(record.commands.iter().cloned());
    if !record.queue.is_empty() {
        batch.push(Command::Checks(ChecksCommand::Queue { checks: record.queue.clone() }));
    }
    batch
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::morale::CheckReason as Reason;
    use crate::rules::tables::t20_officer_casualty::CasualtyEffect;
    use crate::state::demo::demo_game;
    use crate::state::game::Phase;
    use crate::state::session::Session;
    use crate::state::tracker::phase_items;
    use crate::state::units::UnitCommand;

    fn phase_eight() -> Game {
        let mut g = demo_game("g");
        g.phase = Phase::OfficerCasualties;
        g
    }

    fn hit(effect: CasualtyEffect) -> ResultRecord {
        ResultRecord {
            commands: vec![Command::Unit(UnitCommand::OfficerHit { officer: "o-archer".into(), effect })],
            settles: vec!["officer-o-archer".into()],
            ..ResultRecord::default()
        }
    }

    #[test]
    fn rule_8_the_tick_goes_before_the_hit_it_settles() {
        let g = phase_eight();
        let record = hit(CasualtyEffect::SevereWound);
        let b = batch(&g, &record);
        assert_eq!(b.first(), Some(&Command::Tracker(TrackerCommand::Tick { key: "officer-o-archer".into() })));
        assert_eq!(b.get(1), record.commands.first());
        assert_eq!(b.len(), 2);
    }

    #[test]
    fn rule_8_a_result_is_one_undoable_change() {
        let mut s = Session::new(phase_eight());
        let before = s.game().clone();
        let b = batch(s.game(), &hit(CasualtyEffect::SevereWound));
        s.dispatch_all(&b, 0.0).unwrap();
        let item = |g: &Game| phase_items(g).into_iter().find(|i| i.key == "officer-o-archer").map(|i| i.done);
        assert_ne!(item(s.game()), Some(false), "the officer's item is settled");
        assert!(s.undo());
        assert_eq!(s.game(), &before, "one undo takes the whole result back");
    }

    #[test]
    fn a_ticked_item_is_not_ticked_twice_and_other_phases_items_are_left_alone() {
        let mut s = Session::new(phase_eight());
        let tick = Command::Tracker(TrackerCommand::Tick { key: "officer-o-archer".into() });
        s.dispatch(&tick, 0.0).unwrap();
        let record = ResultRecord {
            settles: vec!["officer-o-archer".into(), "first-fire-r-7wi".into()],
            ..ResultRecord::default()
        };
        assert!(batch(s.game(), &record).is_empty(), "nothing changes: nothing is recorded");
    }

    #[test]
    fn rule_4_4_2_the_checks_are_queued_after_the_commands() {
        let g = demo_game("g");
        let due = Due { unit: "r-7wi".into(), name: "7th Wisconsin".into(), reason: Reason::FriendlyRoutOrSurrender };
        let record = ResultRecord {
            commands: vec![Command::Unit(UnitCommand::OfficerHit {
                officer: "o-archer".into(),
                effect: CasualtyEffect::Stunned,
            })],
            queue: vec![due.clone()],
            settles: Vec::new(),
        };
        let b = batch(&g, &record);
        assert_eq!(b.last(), Some(&Command::Checks(ChecksCommand::Queue { checks: vec![due] })));
        assert_eq!(b.len(), 2);
    }
}
