//! Time on the Turn Record Track beyond the next turn: how long past turns lasted, how many
//! turns an hour takes (4.3c, 5.0b), and arrivals still waiting (2.2 Play Note).

use crate::clock::{Arrival, Clock};
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

    /// 1.4 ruling: the Midnight turn is the last of its day.
    #[test]
    fn the_midnight_turn_closes_its_day() {
        assert!(order_key(1, 0) > order_key(1, 23 * 60 + 30));
        assert!(order_key(2, 30) > order_key(1, 0));
    }
}
