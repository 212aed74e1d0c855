//! The clock: the Turn Record Track (1.4, LCV 1.0d), day and night turns, Visibility (1.4b),
//! the hour marks, reinforcements due from the Orders of Arrival the players entered (2.2),
//! and the Sequence of Play (2.1) as a list of phases.
//!
//! Ruling: the Day marker advances when the Midnight turn (12:00) ends, so the Midnight turn
//! is the last of its day (1.4 "When the midnight hour concludes"; 12.2 rebuilds "once per
//! Day" on it; 13.5b's Midnight Orders close the day).

use crate::game::Game;
use crate::oob::Side;
use crate::refusal::Refused;
use serde::{Deserialize, Serialize};

/// The light of a turn, as the players' Turn Record Track shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Light {
    /// A day turn.
    Day,
    /// A Twilight turn (13.4b First Light, 13.7c automatic Recovery).
    Twilight,
    /// A Night turn (1.4a).
    Night,
}

/// From `from` (minutes after midnight) on, each day, the Track shows `light` and
/// `visibility` (hexes; `None`: not listed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Period {
    /// Minutes after midnight.
    pub from: u16,
    /// The light.
    pub light: Light,
    /// The Visibility listed, in hexes.
    pub visibility: Option<u8>,
}

/// One Segment of the Sequence of Play (2.1a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Segment {
    /// Command Phase: Orders (13.0).
    Orders,
    /// Command Phase: Recovery (13.7c).
    Recovery,
    /// Command Phase: Fluke Stoppage (13.6h), its last Segment.
    FlukeStoppage,
    /// Activity Phase: Place Reinforcements (2.2).
    Reinforcements,
    /// Activity Phase: Consolidation (1.3e).
    Consolidation,
    /// Activity Phase: Movement & Combat (2.3).
    MovementAndCombat,
    /// Rally Phase: Rally (12.1).
    Rally,
    /// Rally Phase: Rebuilding, Midnight turn only (12.2).
    Rebuilding,
}

/// The Segments of one Player Turn in order (2.1a).
pub const SEQUENCE: [Segment; 8] = [
    Segment::Orders,
    Segment::Recovery,
    Segment::FlukeStoppage,
    Segment::Reinforcements,
    Segment::Consolidation,
    Segment::MovementAndCombat,
    Segment::Rally,
    Segment::Rebuilding,
];

impl Segment {
    /// "Command Phase: Orders".
    pub fn label(self) -> &'static str {
        match self {
            Segment::Orders => "Command Phase: Orders",
            Segment::Recovery => "Command Phase: Recovery",
            Segment::FlukeStoppage => "Command Phase: Fluke Stoppage",
            Segment::Reinforcements => "Activity Phase: Place Reinforcements",
            Segment::Consolidation => "Activity Phase: Consolidation",
            Segment::MovementAndCombat => "Activity Phase: Movement & Combat",
            Segment::Rally => "Rally Phase: Rally",
            Segment::Rebuilding => "Rally Phase: Rebuilding",
        }
    }
}

/// One entry of an Order of Arrival (2.2): units arriving, or a Removal (2.2c).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arrival {
    /// The side.
    pub side: Side,
    /// The day of the scenario, 1 first.
    pub day: u8,
    /// The time, minutes after midnight.
    pub minutes: u16,
    /// The units and Leaders, by identity.
    pub units: Vec<String>,
    /// The Entry Area ("A", "3").
    pub entry: String,
    /// A Removal: pulled off the map at the start of the Activity Phase (2.2c).
    pub removal: bool,
    /// Done at the table.
    pub done: bool,
}

/// The Turn Record Track and where the game is in the Sequence of Play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The Game Turn, 1 first.
    pub turn: u32,
    /// The First Player (2.0).
    pub first: Side,
    /// Whether the Second Player Turn is in progress.
    pub second: bool,
    /// The Segment in progress, an index of [`SEQUENCE`].
    pub segment: usize,
    /// The day of the scenario, 1 first.
    pub day: u8,
    /// The time, minutes after midnight (0: the Midnight turn).
    pub minutes: u16,
    /// The players' Turn Record Track, one day's periods (1.4); empty: not entered.
    pub periods: Vec<Period>,
    /// Turns of 30 minutes from this time (LCV 1.0d: 8:30 p.m. is followed by 9:00).
    pub thirty_from: u16,
    /// ... through this time (LCV 1.0d: the process reverses at 3:30 a.m.; 3:00 is the last).
    pub thirty_through: u16,
    /// The Fluke Stoppage grace period in turns (13.6h: 8, "unless the scenario states").
    pub grace_turns: u32,
    /// The Orders of Arrival.
    pub arrivals: Vec<Arrival>,
}

impl Clock {
    /// Turn 1 at `day` and `minutes`, with LCV's turn lengths (1.0d) and 13.6h's grace period.
    pub fn new(first: Side, day: u8, minutes: u16) -> Clock {
        Clock {
            turn: 1,
            first,
            second: false,
            segment: 0,
            day,
            minutes,
            periods: Vec::new(),
            thirty_from: 20 * 60 + 30,
            thirty_through: 3 * 60,
            grace_turns: 8,
            arrivals: Vec::new(),
        }
    }

    /// The Segment in progress.
    pub fn phase(&self) -> Segment {
        SEQUENCE.get(self.segment).copied().unwrap_or(Segment::Orders)
    }

    /// The Phasing Player.
    pub fn phasing(&self) -> Side {
        if self.second { self.first.other() } else { self.first }
    }

    /// This turn's length in minutes: 15 by day, 30 at night (1.1), as LCV 1.0d sets the tracks.
    pub fn length_at(&self, minutes: u16) -> u16 {
        let thirty = if self.thirty_from > self.thirty_through {
            minutes >= self.thirty_from || minutes <= self.thirty_through
        } else {
            (self.thirty_from..=self.thirty_through).contains(&minutes)
        };
        if thirty { 30 } else { 15 }
    }

    /// The time and day `turns` turns after now.
    pub fn after(&self, turns: u32) -> (u8, u16) {
        let (mut day, mut minutes) = (self.day, self.minutes);
        for _ in 0..turns {
            let next = u32::from(minutes) + u32::from(self.length_at(minutes));
            if minutes == 0 {
                day = day.saturating_add(1);
            }
            minutes = (next % 1440) as u16;
        }
        (day, minutes)
    }

    /// The Track's period at `minutes`, if entered.
    pub fn period_at(&self, minutes: u16) -> Option<Period> {
        let mut sorted = self.periods.clone();
        sorted.sort_by_key(|p| p.from);
        sorted.iter().rev().find(|p| p.from <= minutes).or(sorted.last()).copied()
    }

    /// This turn's light; `None`: the Track is not entered.
    pub fn light(&self) -> Option<Light> {
        self.period_at(self.minutes).map(|p| p.light)
    }

    /// 1.4a, 1.4b: a listed Visibility; at Night two hexes unless one is listed; otherwise
    /// unlimited (`Ok(None)`). `Err`: the Track is not entered.
    pub fn visibility(&self) -> Result<Option<u8>, Refused> {
        let p = self.period_at(self.minutes).ok_or_else(|| Refused::by("1.4", "enter the Turn Record Track first"))?;
        Ok(match (p.light, p.visibility) {
            (Light::Night, Some(1)) => Some(1),
            (Light::Night, _) => Some(2),
            (_, v) => v,
        })
    }

    /// 1.4: the Hour marker advances at each :00 space.
    pub fn on_the_hour(&self) -> bool {
        self.minutes.is_multiple_of(60)
    }

    /// The Midnight turn (12.2, 13.5b).
    pub fn midnight(&self) -> bool {
        self.minutes == 0
    }

    /// 13.6h: no Fluke Stoppage rolls in the first turns of play.
    pub fn in_grace_period(&self) -> bool {
        self.turn <= self.grace_turns
    }

    /// The time as the Track shows it: "1:45 p.m.", "12:00 midnight".
    pub fn time_label(minutes: u16) -> String {
        let (h, m) = (minutes / 60, minutes % 60);
        match h {
            0 if m == 0 => "12:00 midnight".into(),
            0 => format!("12:{m:02} a.m."),
            1..=11 => format!("{h}:{m:02} a.m."),
            12 => format!("12:{m:02} p.m."),
            _ => format!("{}:{m:02} p.m.", h - 12),
        }
    }

    /// The Orders of Arrival due for `side` at exactly this turn and not yet done (2.2);
    /// [`crate::schedule::waiting`] adds those still waiting from earlier turns.
    pub fn due(&self, side: Side) -> Vec<&Arrival> {
        self.arrivals
            .iter()
            .filter(|a| a.side == side && a.day == self.day && a.minutes == self.minutes && !a.done)
            .collect()
    }
}

/// Advances to the next Segment (skipping Rebuilding but on the Midnight turn, 12.2), the
/// next Player Turn, or the next Game Turn, and says what the new Segment requires.
pub fn next_phase(game: &mut Game) -> Result<Vec<String>, Refused> {
    let mut lines = Vec::new();
    let c = &mut game.clock;
    let past_end = |c: &Clock, i: usize| i >= SEQUENCE.len() || (SEQUENCE[i] == Segment::Rebuilding && !c.midnight());
    let mut next = c.segment + 1;
    if past_end(c, next) {
        next = 0;
        if c.second {
            let (day, minutes) = c.after(1);
            c.second = false;
            c.turn += 1;
            c.day = day;
            c.minutes = minutes;
            lines.push(format!(
                "Turn {}: day {}, {} (2.1a Game Turn End)",
                c.turn,
                c.day,
                Clock::time_label(c.minutes)
            ));
        } else {
            c.second = true;
        }
    }
    c.segment = next;
    let (side, turn) = (c.phasing(), c.turn);
    lines.push(format!("{side:?} {}", c.phase().label()));
    match c.phase() {
        Segment::Orders => lines.extend(game.book.deliver(side, turn, &game.oob)),
        Segment::FlukeStoppage => {
            if game.clock.in_grace_period() {
                lines.push("No Fluke Stoppage rolls in the grace period (13.6h)".into());
            } else {
                for f in game.book.fluke_checks_due(side, turn, &game.oob) {
                    lines.push(format!("{f} checks for Fluke Stoppage (13.6h)"));
                }
            }
        }
        Segment::Reinforcements => {
            for (_, a) in crate::schedule::waiting(&game.clock, side) {
                let what = if a.removal { "Removal (2.2c)" } else { "arrives (2.2)" };
                lines.push(format!("{} {what} at Entry Area {}", a.units.join(", "), a.entry));
            }
        }
        Segment::Rebuilding => lines.push("Rebuild: 1 SP to each qualified unit (12.2)".into()),
        _ => {}
    }
    Ok(lines)
}

/// Marks an arrival done: its units and Leaders are on the map, or removed (2.2, 2.2c).
pub fn arrive(game: &mut Game, index: usize) -> Result<Vec<String>, Refused> {
    let side = game.clock.phasing();
    if game.clock.phase() != Segment::Reinforcements {
        return Err(Refused::by("2.2", "reinforcements are placed at the beginning of the Activity Phase"));
    }
    let a = game.clock.arrivals.get(index).cloned().ok_or_else(|| Refused::because("no such arrival"))?;
    // 2.2 Play Note: what could not enter at its time waits off the map for later Activity
    // Phases.
    let due =
        crate::schedule::order_key(a.day, a.minutes) <= crate::schedule::order_key(game.clock.day, game.clock.minutes);
    if a.side != side || a.done || !due {
        return Err(Refused::by("2.2", "that arrival is not due this Player Turn"));
    }
    for id in &a.units {
        if let Ok(u) = game.oob.unit_mut(id) {
            u.on_map = !a.removal;
        } else if let Ok(l) = game.oob.leader_mut(id) {
            l.on_map = !a.removal;
        } else {
            return Err(Refused::because(format!("no unit or Leader {id}")));
        }
    }
    if let Some(slot) = game.clock.arrivals.get_mut(index) {
        slot.done = true;
    }
    Ok(vec![format!("{} {}", a.units.join(", "), if a.removal { "removed (2.2c)" } else { "placed (2.2)" })])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// LCV 1.0d: 7:00 to 8:30 p.m. on the Hour marker in 15 minutes, "the next turn after
    /// 8:30 p.m. is 9:00 p.m.", then the 30 Min Track until it reverses at 3:30 a.m.
    #[test]
    fn rule_lcv_1_0d_turn_record_chart() {
        let c = Clock::new(Side::Confederate, 1, 20 * 60 + 15);
        assert_eq!(c.after(1), (1, 20 * 60 + 30));
        assert_eq!(c.after(2), (1, 21 * 60));
        assert_eq!(c.after(3), (1, 21 * 60 + 30));
        let c = Clock::new(Side::Confederate, 1, 3 * 60);
        assert_eq!(c.after(1), (1, 3 * 60 + 30));
        assert_eq!(c.after(2), (1, 3 * 60 + 45));
    }

    /// 13.3a example: issued at 7:30 a.m., four turns later is 8:30 a.m.; 1:00 p.m. plus three
    /// turns is 1:45 p.m.
    #[test]
    fn rule_13_3a_turns_on_the_track() {
        let c = Clock::new(Side::Federal, 1, 7 * 60 + 30);
        assert_eq!(Clock::time_label(c.after(4).1), "8:30 a.m.");
        let c = Clock::new(Side::Federal, 1, 13 * 60);
        assert_eq!(Clock::time_label(c.after(3).1), "1:45 p.m.");
    }

    #[test]
    fn rule_1_4_day_advances_after_the_midnight_turn() {
        let c = Clock::new(Side::Federal, 1, 23 * 60 + 30);
        assert_eq!(c.after(1), (1, 0));
        assert_eq!(c.after(2), (2, 30));
    }

    #[test]
    fn rule_1_4a_night_visibility() {
        let mut c = Clock::new(Side::Federal, 1, 22 * 60);
        assert!(c.visibility().is_err(), "the Track is the players'");
        c.periods = vec![
            Period { from: 5 * 60, light: Light::Day, visibility: None },
            Period { from: 20 * 60, light: Light::Night, visibility: None },
        ];
        assert_eq!(c.visibility(), Ok(Some(2)));
        c.minutes = 60;
        assert_eq!(c.light(), Some(Light::Night), "the night wraps past midnight");
        c.minutes = 12 * 60;
        assert_eq!(c.visibility(), Ok(None));
    }
}
