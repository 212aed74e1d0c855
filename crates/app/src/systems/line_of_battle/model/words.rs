//! The game's things in the players' words: the sides, the Turn Record Track and the Sequence
//! of Play (1.4, 2.1), Morale States, Formations, echelons and Order types.

use line_of_battle::clock::{Clock, Light};
use line_of_battle::morale::MoraleState;
use line_of_battle::oob::{Arm, Echelon, Side, UnitFormation};
use line_of_battle::orders::OrderKind;

/// Both sides, the First Player's usual first (1.7: "The Confederate Player is first").
pub const SIDES: [Side; 2] = [Side::Confederate, Side::Federal];

/// "Confederate", "Federal".
pub fn side(s: Side) -> &'static str {
    match s {
        Side::Confederate => "Confederate",
        Side::Federal => "Federal",
    }
}

/// The side's key in an address ("?side=federal").
pub fn side_key(s: Side) -> &'static str {
    match s {
        Side::Confederate => "confederate",
        Side::Federal => "federal",
    }
}

/// The side an address names.
pub fn side_from_key(key: &str) -> Option<Side> {
    SIDES.into_iter().find(|s| side_key(*s) == key)
}

/// "Day 1, 7:30 a.m.": the Day, Hour and Minute markers (1.4).
pub fn time(clock: &Clock) -> String {
    format!("Day {}, {}", clock.day, Clock::time_label(clock.minutes))
}

/// "Turn 3 of the game": the Game Turn.
pub fn turn(clock: &Clock) -> String {
    format!("Turn {}", clock.turn)
}

/// The turn's light and length, as the players' Turn Record Track has it (1.1, 1.4a).
pub fn light(clock: &Clock) -> String {
    let minutes = clock.length_at(clock.minutes);
    match clock.light() {
        Some(Light::Day) => format!("Day turn, {minutes} minutes"),
        Some(Light::Twilight) => format!("Twilight turn, {minutes} minutes"),
        Some(Light::Night) => format!("Night turn, {minutes} minutes (1.4a)"),
        None => format!("{minutes}-minute turn"),
    }
}

/// The Visibility (1.4b, 1.4a).
pub fn visibility(clock: &Clock) -> String {
    match clock.visibility() {
        Ok(None) => "Visibility unlimited (1.4b)".into(),
        Ok(Some(1)) => "Visibility 1 hex (1.4b)".into(),
        Ok(Some(n)) => format!("Visibility {n} hexes (1.4b)"),
        Err(_) => "Light and Visibility: enter the Turn Record Track (1.4)".into(),
    }
}

/// "First Player Turn: Confederate" (2.0).
pub fn player_turn(clock: &Clock) -> String {
    let which = if clock.second { "Second" } else { "First" };
    format!("{which} Player Turn: {}", side(clock.phasing()))
}

/// A Morale State's marker (10.2).
pub fn state(s: MoraleState) -> &'static str {
    s.label()
}

/// A Morale State's short marker, as on the counters.
pub fn state_short(s: MoraleState) -> &'static str {
    match s {
        MoraleState::BloodLust => "BL",
        MoraleState::Normal => "Normal",
        MoraleState::Shaken => "Sh",
        MoraleState::Disorganized => "DG",
        MoraleState::Routed => "R",
    }
}

/// Every Morale State, best to worst (10.2).
pub const STATES: [MoraleState; 5] =
    [MoraleState::BloodLust, MoraleState::Normal, MoraleState::Shaken, MoraleState::Disorganized, MoraleState::Routed];

/// A unit Formation (6.2).
pub fn formation(f: UnitFormation) -> &'static str {
    match f {
        UnitFormation::Line => "Line",
        UnitFormation::Column => "Column",
        UnitFormation::Mounted => "Mounted",
        UnitFormation::Dismounted => "Dismounted",
        UnitFormation::Limbered => "Limbered",
        UnitFormation::Unlimbered => "Unlimbered",
    }
}

/// The Formations an arm can take (6.2).
pub fn formations_of(arm: Arm) -> &'static [UnitFormation] {
    match arm {
        Arm::Infantry | Arm::OpenOrder => &[UnitFormation::Line, UnitFormation::Column],
        Arm::Cavalry => &[UnitFormation::Mounted, UnitFormation::Dismounted, UnitFormation::Column],
        Arm::Artillery => &[UnitFormation::Unlimbered, UnitFormation::Limbered],
    }
}

/// An arm (1.3).
pub fn arm(a: Arm) -> &'static str {
    match a {
        Arm::Infantry => "Infantry",
        Arm::Cavalry => "Cavalry",
        Arm::Artillery => "Artillery",
        Arm::OpenOrder => "Open Order",
    }
}

/// Every arm.
pub const ARMS: [Arm; 4] = [Arm::Infantry, Arm::Cavalry, Arm::Artillery, Arm::OpenOrder];

/// An echelon (3.1).
pub fn echelon(e: Echelon) -> &'static str {
    match e {
        Echelon::Army => "Army",
        Echelon::Corps => "Corps",
        Echelon::Division => "Division",
        Echelon::Brigade => "Brigade",
        Echelon::ArtilleryBattalion => "Artillery Battalion",
    }
}

/// The echelons a Formation may have under one of `parent` (3.1, 3.3).
pub fn echelons_under(parent: Echelon) -> &'static [Echelon] {
    match parent {
        Echelon::Army => &[Echelon::Corps, Echelon::Division, Echelon::ArtilleryBattalion],
        Echelon::Corps => &[Echelon::Division, Echelon::ArtilleryBattalion, Echelon::Brigade],
        Echelon::Division => &[Echelon::Brigade],
        Echelon::Brigade | Echelon::ArtilleryBattalion => &[],
    }
}

/// An Order type (13.2).
pub fn kind(k: OrderKind) -> &'static str {
    match k {
        OrderKind::Attack => "Attack",
        OrderKind::Move => "Move",
        OrderKind::Defensive => "Defensive",
        OrderKind::Reserve => "Reserve",
    }
}

/// An Order type's rule.
pub fn kind_rule(k: OrderKind) -> &'static str {
    match k {
        OrderKind::Attack => "13.2a",
        OrderKind::Move => "13.2b",
        OrderKind::Defensive => "13.2c",
        OrderKind::Reserve => "13.2d",
    }
}

/// Every Order type.
pub const KINDS: [OrderKind; 4] = [OrderKind::Attack, OrderKind::Move, OrderKind::Defensive, OrderKind::Reserve];

/// A time typed in a time field ("07:30", "19:45"), in minutes after midnight.
pub fn parse_time(s: &str) -> Option<u16> {
    let (h, m) = s.trim().split_once(':')?;
    let (h, m): (u16, u16) = (h.parse().ok()?, m.get(..2).unwrap_or(m).parse().ok()?);
    (h < 24 && m < 60).then_some(h * 60 + m)
}

/// Minutes after midnight as a time field's value ("07:30").
pub fn time_value(minutes: u16) -> String {
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_typed_time_is_read() {
        assert_eq!(parse_time("07:30"), Some(450));
        assert_eq!(parse_time("19:45:00"), Some(19 * 60 + 45));
        assert_eq!(parse_time("25:00"), None);
        assert_eq!(time_value(450), "07:30");
    }

    use super::*;
    use line_of_battle::clock::Period;

    #[test]
    fn rule_1_4_the_clock_in_words() {
        let mut c = Clock::new(Side::Confederate, 1, 21 * 60);
        assert_eq!(time(&c), "Day 1, 9:00 p.m.");
        assert_eq!(player_turn(&c), "First Player Turn: Confederate");
        assert!(visibility(&c).contains("enter the Turn Record Track"));
        assert_eq!(light(&c), "30-minute turn", "LCV 1.0d");
        c.periods = vec![
            Period { from: 5 * 60, light: Light::Day, visibility: None },
            Period { from: 20 * 60, light: Light::Night, visibility: None },
        ];
        assert_eq!(visibility(&c), "Visibility 2 hexes (1.4b)");
        assert_eq!(light(&c), "Night turn, 30 minutes (1.4a)");
        c.second = true;
        assert_eq!(player_turn(&c), "Second Player Turn: Federal");
    }

    #[test]
    fn a_side_round_trips_through_its_address_key() {
        for s in SIDES {
            assert_eq!(side_from_key(side_key(s)), Some(s));
        }
        assert_eq!(side_from_key("union"), None);
    }
}
