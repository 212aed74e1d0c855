//! Time on the Turn Record Track beyond the next turn: how long past turns lasted, how many
//! turns an hour takes (4.3c, 5.0b), and arrivals still waiting (2.2 Play Note).

use crate::clock::{Arrival, Clock, Light};
use crate::oob::Side;

/// The time of the turn before `(day, minutes)`: 30 minutes earlier when that turn was a
/// 30-minute one, else 15 (LCV 1.0d); the Midnight turn closes its day (1.4 ruling).
pub fn previous(clock: &Clock, day: u8, minutes: u16) -> (u8, u16) {
    let back = |by: u16| (minutes + 1440 - by) % 1440;
    let p = if clock.length_at(back(30)) == 30 { back(30) } else { back(15) };
    let day = if p == 0 { day.saturating_sub(1).max(1) } else { day };
    (day, p)
}

/// Minutes from the start of Game Turn `turn` to the start of the current turn.
pub fn minutes_since(clock: &Clock, turn: u32) -> u32 {
    let (mut day, mut minutes) = (clock.day, clock.minutes);
    let mut total = 0;
    for _ in turn..clock.turn {
        let (d, m) = previous(clock, day, minutes);
        total += u32::from(clock.length_at(m));
        day = d;
        minutes = m;
    }
    total
}

/// The number of turns from now whose lengths add up to at least `minutes` (4.3c: "one hour
/// later": 4 day turns, 2 night turns).
pub fn turns_to_cover(clock: &Clock, minutes: u32) -> u32 {
    let mut at = clock.minutes;
    let mut total = 0;
    let mut turns = 0;
    while total < minutes && turns < 500 {
        total += u32::from(clock.length_at(at));
        at = ((u32::from(at) + u32::from(clock.length_at(at))) % 1440) as u16;
        turns += 1;
    }
    turns
}

/// A time's place in its day: the Midnight turn is its day's last (1.4 ruling).
pub fn order_key(day: u8, minutes: u16) -> u32 {
    u32::from(day) * 1441 + if minutes == 0 { 1440 } else { u32::from(minutes) }
}

/// The arrivals of `side` due now or earlier and not yet placed, with their index: 2.2's Play
/// Note lines up the excess off map to enter in later Activity Phases.
pub fn waiting(clock: &Clock, side: Side) -> Vec<(usize, &Arrival)> {
    let now = order_key(clock.day, clock.minutes);
    clock
        .arrivals
        .iter()
        .enumerate()
        .filter(|(_, a)| a.side == side && !a.done && order_key(a.day, a.minutes) <= now)
        .collect()
}

/// What the Turn Record Track says of the current turn, for the screens (1.4, 1.4a-b, LCV
/// 1.0d, 13.6h).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnFacts {
    /// The Game Turn.
    pub turn: u32,
    /// The day of the scenario.
    pub day: u8,
    /// The time as the Track shows it.
    pub time: String,
    /// The turn's length in minutes (1.1: 15 by day, 30 at night; LCV 1.0d).
    pub minutes: u16,
    /// Day, Twilight or Night, once the Track is entered.
    pub light: Option<Light>,
    /// The Visibility in hexes; `None`: unlimited or the Track not entered (1.4b).
    pub visibility: Option<u8>,
    /// The Hour marker advances this turn (1.4: the :00 space).
    pub hour_mark: bool,
    /// The Midnight turn: Rebuilding (12.2), the Midnight Orders (13.5b), the Day marker
    /// advances when it ends (1.4).
    pub midnight: bool,
    /// The first full Night Turn: no unit is Locked by EZOCs (6.4).
    pub first_night: bool,
    /// Within the Fluke Stoppage grace period (13.6h).
    pub grace: bool,
    /// The scenario's Last Turn.
    pub last_turn: bool,
}

/// The current turn's facts.
pub fn facts(game: &crate::game::Game) -> TurnFacts {
    let c = &game.clock;
    let light = c.light();
    let (_, before) = previous(c, c.day, c.minutes);
    let before = c.period_at(before).map(|p| p.light);
    TurnFacts {
        turn: c.turn,
        day: c.day,
        time: Clock::time_label(c.minutes),
        minutes: c.length_at(c.minutes),
        light,
        visibility: c.visibility().ok().flatten(),
        hour_mark: c.on_the_hour(),
        midnight: c.midnight(),
        first_night: light == Some(Light::Night) && before.is_some_and(|b| b != Light::Night),
        grace: c.in_grace_period(),
        last_turn: game.scenario.last == Some((c.day, c.minutes)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// LCV 1.0d backwards: 9:00 p.m. follows 8:30, 3:45 a.m. follows 3:30.
    #[test]
    fn rule_lcv_1_0d_the_track_read_backwards() {
        let c = Clock::new(Side::Federal, 1, 0);
        assert_eq!(previous(&c, 1, 21 * 60), (1, 20 * 60 + 30));
        assert_eq!(previous(&c, 1, 20 * 60 + 30), (1, 20 * 60 + 15));
        assert_eq!(previous(&c, 2, 3 * 60 + 45), (2, 3 * 60 + 30));
        assert_eq!(previous(&c, 2, 30), (1, 0));
        assert_eq!(previous(&c, 2, 12 * 60), (2, 11 * 60 + 45));
    }

    /// 4.3c "Return in One Hour": four day turns, two night turns.
    #[test]
    fn rule_4_3c_one_hour_in_turns() {
        assert_eq!(turns_to_cover(&Clock::new(Side::Federal, 1, 14 * 60), 60), 4);
        assert_eq!(turns_to_cover(&Clock::new(Side::Federal, 1, 22 * 60), 60), 2);
    }

    #[test]
    fn minutes_since_a_past_turn() {
        let mut c = Clock::new(Side::Federal, 1, 9 * 60);
        c.turn = 13;
        assert_eq!(minutes_since(&c, 1), 180);
        assert_eq!(minutes_since(&c, 13), 0);
    }

    /// 1.4, 1.4a, 6.4: the Track's facts: night Visibility of two hexes, the first full Night
    /// Turn, the hour marks.
    #[test]
    fn rule_1_4_the_turns_facts() {
        use crate::clock::Period;
        let mut g = crate::game::Game::new("g", "t", Clock::new(Side::Federal, 1, 20 * 60));
        g.clock.periods = vec![
            Period { from: 5 * 60, light: Light::Day, visibility: None },
            Period { from: 19 * 60 + 30, light: Light::Twilight, visibility: Some(6) },
            Period { from: 20 * 60, light: Light::Night, visibility: None },
        ];
        let f = facts(&g);
        assert_eq!((f.light, f.visibility, f.first_night, f.hour_mark), (Some(Light::Night), Some(2), true, true));
        g.clock.minutes = 21 * 60;
        let f = facts(&g);
        assert!(!f.first_night);
        assert_eq!(f.minutes, 30);
        g.clock.minutes = 19 * 60 + 45;
        assert_eq!(facts(&g).visibility, Some(6));
    }

    /// 1.4 ruling: the Midnight turn is the last of its day.
    #[test]
    fn the_midnight_turn_closes_its_day() {
        assert!(order_key(1, 0) > order_key(1, 23 * 60 + 30));
        assert!(order_key(2, 30) > order_key(1, 0));
    }
}
