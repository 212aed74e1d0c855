//! Corrections the players make to what they entered: a unit or a Leader edited after it was
//! added (a copied Brigade's regiments renamed, a wrong printed Strength), a unit entered by
//! mistake removed, and the two charts that are not "dice roll plus modifiers" tables (the
//! Threshold Values Chart, 9.3; the Additive Morale Chart, 10.2) entered from the players' own.

use crate::fire::ThresholdChart;
use crate::game::Game;
use crate::morale::AdditiveChart;
use crate::oob::{Leader, Side, Unit};
use crate::refusal::Refused;
use serde::{Deserialize, Serialize};

/// A correction of the order of battle or of a chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum EditCommand {
    /// Replaces the unit with the same identity: its name, arm, weapon, printed and current
    /// Strength, Morale Rating and Green flag (its side and Formation stay).
    Unit(Unit),
    /// Replaces the Leader with the same identity: his name, values, Awareness and Repl flag
    /// (his side and command stay; 4.1b commands are changed by `Command::Command`).
    Leader(Leader),
    /// Removes a unit entered by mistake (not a loss: losses are `Command::Loss`).
    RemoveUnit(String),
    /// The players' Threshold Values Chart (9.3).
    Thresholds(ThresholdChart),
    /// The players' Additive Morale Chart (10.2).
    MoraleChart(AdditiveChart),
    /// The scenario's start, set before play: the First Player (2.0), the day and time of the
    /// first turn on the Turn Record Track (1.4), and the Fluke Stoppage grace period (13.6h:
    /// 8 turns "unless the scenario specifically states otherwise").
    Start {
        /// The First Player.
        first: Side,
        /// The day of the scenario, 1 first.
        day: u8,
        /// The first turn's time, minutes after midnight.
        minutes: u16,
        /// The grace period in turns.
        grace_turns: u32,
    },
}

/// Applies a correction; a refusal changes nothing.
pub fn execute(game: &mut Game, command: &EditCommand) -> Result<Vec<String>, Refused> {
    match command {
        EditCommand::Unit(new) => {
            let old = game.oob.unit(&new.id).ok_or_else(|| Refused::because(format!("no unit {}", new.id)))?.clone();
            if new.name.trim().is_empty() {
                return Err(Refused::because("a unit needs a name"));
            }
            if new.printed == 0 || new.strength > new.printed {
                return Err(Refused::by("1.3a", "a unit has 1 SP or more printed and no more than that now"));
            }
            let u = game.oob.unit_mut(&new.id)?;
            *u = Unit { side: old.side, formation: old.formation.clone(), ..new.clone() };
            u.dead = u.strength == 0;
            if u.dead {
                u.on_map = false;
            }
            Ok(vec![format!("{} corrected: {}{} {}", u.name, u.weapon, u.printed, u.rating.letter())])
        }
        EditCommand::Leader(new) => {
            let old =
                game.oob.leader(&new.id).ok_or_else(|| Refused::because(format!("no Leader {}", new.id)))?.clone();
            if new.command > 4 || new.morale > 4 {
                return Err(Refused::by("4.1", "a Leader's values are 0 to 4"));
            }
            if new.name.trim().is_empty() {
                return Err(Refused::because("a Leader needs a name"));
            }
            let another_commander =
                game.oob.leaders.iter().any(|l| l.id != new.id && l.side == old.side && l.army_commander());
            if new.army_commander() && another_commander {
                return Err(Refused::by("13.3a", "a side has one Army Commander with Awareness"));
            }
            let l = game.oob.leader_mut(&new.id)?;
            *l = Leader { side: old.side, formation: old.formation.clone(), ..new.clone() };
            Ok(vec![format!("{} corrected: {}-{}", l.name, l.command, l.morale)])
        }
        EditCommand::RemoveUnit(id) => {
            let i = game
                .oob
                .units
                .iter()
                .position(|u| &u.id == id)
                .ok_or_else(|| Refused::because(format!("no unit {id}")))?;
            let u = game.oob.units.remove(i);
            Ok(vec![format!("{} removed from the order of battle", u.name)])
        }
        EditCommand::Thresholds(chart) => {
            let mut totals: Vec<u8> = chart.rows.iter().map(|(n, _)| *n).collect();
            totals.sort_unstable();
            totals.dedup();
            if totals.len() != chart.rows.len() {
                return Err(Refused::by("9.3", "each total of Firing SPs has one row"));
            }
            if chart.rows.iter().any(|(n, v)| *n == 0 || *n > 8 || v.get().is_some_and(|t| t == 0 || t > *n)) {
                return Err(Refused::by(
                    "9.3",
                    "a row is a total of 1 to 8 Firing SPs (9.1b) and its Threshold Number no more than that total",
                ));
            }
            game.thresholds = chart.clone();
            Ok(vec!["Threshold Values Chart entered (9.3)".into()])
        }
        EditCommand::MoraleChart(chart) => {
            for (i, (c, r, _)) in chart.entries.iter().enumerate() {
                if chart.entries[..i].iter().any(|(c2, r2, _)| c2 == c && r2 == r) {
                    return Err(Refused::by("10.2", format!("{} plus {} is entered twice", c.label(), r.label())));
                }
            }
            game.morale_chart = chart.clone();
            Ok(vec!["Additive Morale Chart entered (10.2)".into()])
        }
        EditCommand::Start { first, day, minutes, grace_turns } => {
            let c = &game.clock;
            if c.turn != 1 || c.second || c.segment != 0 {
                return Err(Refused::by("2.0", "the scenario's start is set before the first Player Turn begins"));
            }
            if *day == 0 || *minutes >= 24 * 60 || minutes % 15 != 0 {
                return Err(Refused::by("1.4", "the first turn is a day from 1 and a time on the quarter hour"));
            }
            let c = &mut game.clock;
            c.first = *first;
            c.day = *day;
            c.minutes = *minutes;
            c.grace_turns = *grace_turns;
            Ok(vec![format!(
                "The scenario starts on day {day} at {}, {first:?} Player first; no Fluke Stoppage for {grace_turns} turns",
                crate::clock::Clock::time_label(*minutes)
            )])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Command, LineOfBattle};
    use crate::morale::{MoraleRating, MoraleState};
    use crate::table::Slot;
    use companion_core::session::Session;

    fn edit(c: EditCommand) -> Command {
        Command::Edit(Box::new(c))
    }

    #[test]
    fn a_copied_regiment_is_renamed_and_its_strength_corrected() {
        let mut s = Session::<LineOfBattle>::new(crate::orders::test_game());
        let mut u = s.game().oob.unit("2 Wisc").cloned().unwrap();
        u.name = "6 Wisc".into();
        u.printed = 5;
        u.strength = 5;
        u.rating = MoraleRating::A;
        u.formation = "elsewhere".into();
        s.dispatch(&edit(EditCommand::Unit(u)), 0.0).unwrap();
        let w = s.game().oob.unit("2 Wisc").unwrap();
        assert_eq!(
            (w.name.as_str(), w.printed, w.rating, w.formation.as_str()),
            ("6 Wisc", 5, MoraleRating::A, "1/1/1")
        );
        let mut bad = w.clone();
        bad.strength = 9;
        assert!(s.dispatch(&edit(EditCommand::Unit(bad)), 0.0).is_err(), "1.3a");
        s.dispatch(&edit(EditCommand::RemoveUnit("2 Wisc".into())), 0.0).unwrap();
        assert!(s.game().oob.unit("2 Wisc").is_none());
        assert!(s.undo());
        assert!(s.game().oob.unit("2 Wisc").is_some());
    }

    #[test]
    fn a_second_army_commander_is_refused() {
        let mut s = Session::<LineOfBattle>::new(crate::orders::test_game());
        let mut l = s.game().oob.leader("Reynolds").cloned().unwrap();
        l.awareness = Some(1);
        let err = s.dispatch(&edit(EditCommand::Leader(l.clone())), 0.0).unwrap_err();
        assert_eq!(err.rule, Some("13.3a"));
        l.awareness = None;
        l.command = 3;
        s.dispatch(&edit(EditCommand::Leader(l)), 0.0).unwrap();
        assert_eq!(s.game().oob.leader("Reynolds").map(|l| l.command), Some(3));
    }

    /// 2.0, 1.4: the scenario's start is set before play, on the quarter hour.
    #[test]
    fn rule_2_0_the_scenarios_start() {
        let mut s = Session::<LineOfBattle>::new(crate::orders::test_game());
        let start = |minutes| edit(EditCommand::Start { first: Side::Confederate, day: 1, minutes, grace_turns: 8 });
        assert!(s.dispatch(&start(7 * 60 + 10), 0.0).is_err());
        s.dispatch(&start(7 * 60), 0.0).unwrap();
        assert_eq!((s.game().clock.first, s.game().clock.minutes), (Side::Confederate, 7 * 60));
        s.dispatch(&Command::NextPhase, 0.0).unwrap();
        assert_eq!(s.dispatch(&start(8 * 60), 0.0).unwrap_err().rule, Some("2.0"));
    }

    #[test]
    fn rule_9_3_and_10_2_charts_are_checked() {
        let mut s = Session::<LineOfBattle>::new(crate::orders::test_game());
        let chart = ThresholdChart { rows: vec![(8, Slot::Entered(3))] };
        s.dispatch(&edit(EditCommand::Thresholds(chart.clone())), 0.0).unwrap();
        assert_eq!(s.game().thresholds.obtains(8, 3), Ok(true));
        let bad = ThresholdChart { rows: vec![(9, Slot::Entered(3))] };
        assert!(s.dispatch(&edit(EditCommand::Thresholds(bad)), 0.0).is_err());
        let twice = AdditiveChart {
            entries: vec![
                (MoraleState::Shaken, MoraleState::Shaken, Slot::Entered(MoraleState::Disorganized)),
                (MoraleState::Shaken, MoraleState::Shaken, Slot::Entered(MoraleState::Routed)),
            ],
        };
        assert!(s.dispatch(&edit(EditCommand::MoraleChart(twice)), 0.0).is_err());
    }
}
