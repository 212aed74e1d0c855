//! Concealment and surprise (rule 10): hidden movement counters, revealing them, observation
//! balloons (Appendix E), and tactical and strategic surprise. The morale modifiers that surprise produces are handed to the
//! morale part of the engine as numbers with their rule.

#![warn(missing_docs)]

use crate::rules::movement::{chance_to_beat, check_bmp, cmp_inches};
use crate::rules::tables::appendix_e_balloons as app_e;
use crate::rules::tables::t18_charge_modifiers as t18;
use crate::rules::unit::Formation;
use crate::rules::{Cell, Chance, Die, Distribution, Ratio, RuleError, RuleResult};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// Counters a side may use (10.1.1.a, b): one real counter per regiment or battery, or one per
/// brigade or artillery battalion marked together, plus one dummy per regiment or battery
/// either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterAllowance {
    /// Counters that stand for real units.
    pub real: u32,
    /// Dummy counters.
    pub dummies: u32,
}

/// The hidden movement counters for `units` regiments and batteries, of which `brigade_groups`
/// groups of `grouped_units` units in all are marked by one brigade counter each (10.1.1.b).
///
/// ```
/// use johnny_reb::rules::surprise::counters_allowed;
/// let c = counters_allowed(8, 1, 4).unwrap();
/// assert_eq!((c.real, c.dummies), (5, 8));
/// ```
pub fn counters_allowed(units: u32, brigade_groups: u32, grouped_units: u32) -> RuleResult<CounterAllowance> {
    if grouped_units > units || brigade_groups > grouped_units || (brigade_groups == 0) != (grouped_units == 0) {
        return Err(RuleError::OutOfRange {
            what: "hidden movement",
            detail: format!("{brigade_groups} brigade counters cannot mark {grouped_units} of {units} units"),
        });
    }
    Ok(CounterAllowance { real: units - grouped_units + brigade_groups, dummies: units })
}

/// What a hidden movement counter marks (10.1.1.a, b): the head of a column, the centre of a
/// line or skirmish line, the centre of the lead regiment of a brigade attack column.
pub fn counter_marks(formation: Formation) -> &'static str {
    match formation {
        Formation::MarchColumn => "the head of the column",
        Formation::BrigadeColumn => "the centre of the lead regiment",
        _ => "the centre of the unit",
    }
}

/// What two opposing counters that see each other turn out to be (10.1.2.b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sighting {
    /// Both real: both units are placed on the table.
    BothPlaced,
    /// Both dummies: both are removed.
    BothRemoved,
    /// One real, one dummy: the dummy is removed; the real unit may stay hidden and its owner
    /// reveals nothing more.
    DummyRemoved {
        /// Whether the first counter is the real one.
        first_is_real: bool,
    },
}

/// The outcome when two opposing counters become visible to each other and the claim is made
/// (10.1.2.b). A turn in which neither player claims means they did not see each other
/// (10.1.2.c). A revealed real unit never goes back to hidden movement (10.1.2).
///
/// ```
/// use johnny_reb::rules::surprise::{sighting, Sighting};
/// assert_eq!(sighting(true, false), Sighting::DummyRemoved { first_is_real: true });
/// ```
pub fn sighting(first_real: bool, second_real: bool) -> Sighting {
    match (first_real, second_real) {
        (true, true) => Sighting::BothPlaced,
        (false, false) => Sighting::BothRemoved,
        (first_is_real, _) => Sighting::DummyRemoved { first_is_real },
    }
}

/// Units behind medium or heavy works are not visible until the enemy is within 3" of the
/// works (10.1.2.a).
///
/// ```
/// use johnny_reb::rules::surprise::visible_behind_works;
/// use johnny_reb::rules::Ratio;
/// assert!(!visible_behind_works(Ratio::whole(4)));
/// ```
pub fn visible_behind_works(enemy_distance_to_works: Ratio) -> bool {
    cmp_inches(enemy_distance_to_works, Ratio::whole(3)) != Ordering::Greater
}

/// The time of day, for an observation balloon's sight (Appendix E).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DayTime {
    /// Early morning or late evening: 3'.
    MorningOrEvening,
    /// Midday: 5'.
    Midday,
}

/// Where a hidden movement counter seen from a balloon stands (Appendix E). Buildings,
/// fences and forts do not obstruct; woods still conceal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BalloonCover {
    /// In the open.
    Open,
    /// In light woods.
    LightWoods,
    /// In heavy woods.
    HeavyWoods,
}

/// How far, in inches, a balloon observer sees in every direction (Appendix E): 36" early
/// and late, 60" at midday.
///
/// ```
/// use johnny_reb::rules::surprise::{balloon_radius, DayTime};
/// use johnny_reb::rules::Ratio;
/// assert_eq!(balloon_radius(DayTime::Midday).value(), Some(&Ratio::whole(60)));
/// ```
pub fn balloon_radius(time: DayTime) -> Cell<Ratio> {
    match time {
        DayTime::MorningOrEvening => app_e::RADIUS_MORNING_EVENING,
        DayTime::Midday => app_e::RADIUS_MIDDAY,
    }
}

/// Whether the balloon's die for one hidden counter within its radius makes the opponent
/// report whether the counter is real or a dummy (Appendix E): open 1-4, light woods 1-2,
/// heavy woods 1. Nothing else is told.
///
/// ```
/// use johnny_reb::rules::surprise::{balloon_spots, BalloonCover};
/// use johnny_reb::rules::Die;
/// assert!(balloon_spots(BalloonCover::Open, Die::new(4).unwrap()));
/// assert!(!balloon_spots(BalloonCover::LightWoods, Die::new(3).unwrap()));
/// ```
pub fn balloon_spots(cover: BalloonCover, die: Die) -> bool {
    let index = match cover {
        BalloonCover::Open => 0,
        BalloonCover::LightWoods => 1,
        BalloonCover::HeavyWoods => 2,
    };
    app_e::REPORT_AT_MOST.get(index).is_some_and(|(_, most)| die.face() <= *most)
}

/// The exact chance the balloon's die makes the opponent report (Appendix E).
///
/// ```
/// use johnny_reb::rules::surprise::{balloon_chance, BalloonCover};
/// use johnny_reb::rules::Chance;
/// assert_eq!(balloon_chance(BalloonCover::Open), Chance::new(2, 3));
/// ```
pub fn balloon_chance(cover: BalloonCover) -> Chance {
    Distribution::of_die(|d| balloon_spots(cover, d)).chance_of(&true)
}

/// How surprised a unit is under tactical surprise (10.2.1.b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Alertness {
    /// 1: no change, unit alert.
    Alert,
    /// 2, 3: +1, moderate surprise.
    ModeratelySurprised,
    /// 4, 5: +2, very surprised.
    VerySurprised,
    /// 6: +3, totally surprised.
    TotallySurprised,
}

impl Alertness {
    /// The Table 18 modifier to the defender's fear-of-charge and impact rolls: half the die,
    /// rounded down (10.2.1.b). The values are Table 18's
    /// ([`t18::TACTICAL_SURPRISE_BY_DIE`]), read at the lowest face of the band.
    pub fn charge_modifier(self) -> Cell<i32> {
        let face: usize = match self {
            Alertness::Alert => 1,
            Alertness::ModeratelySurprised => 2,
            Alertness::VerySurprised => 4,
            Alertness::TotallySurprised => 6,
        };
        t18::TACTICAL_SURPRISE_BY_DIE.get(face - 1).copied().unwrap_or(Cell::Missing)
    }

    /// The label as printed.
    pub fn label(self) -> &'static str {
        match self {
            Alertness::Alert => "No change, unit alert",
            Alertness::ModeratelySurprised => "moderate surprise",
            Alertness::VerySurprised => "very surprised",
            Alertness::TotallySurprised => "totally surprised",
        }
    }
}

/// The tactical surprise roll, one die per regiment or gun section (10.2.1.b).
///
/// ```
/// use johnny_reb::rules::surprise::{tactical_surprise, Alertness};
/// use johnny_reb::rules::Die;
/// let a = tactical_surprise(Die::new(5).unwrap());
/// assert_eq!(a, Alertness::VerySurprised);
/// assert_eq!(a.charge_modifier().value(), Some(&2));
/// ```
pub fn tactical_surprise(die: Die) -> Alertness {
    match die.face() / 2 {
        0 => Alertness::Alert,
        1 => Alertness::ModeratelySurprised,
        2 => Alertness::VerySurprised,
        _ => Alertness::TotallySurprised,
    }
}

/// The exact odds of each degree of tactical surprise.
///
/// ```
/// use johnny_reb::rules::surprise::{tactical_surprise_odds, Alertness};
/// use johnny_reb::rules::Chance;
/// assert_eq!(tactical_surprise_odds().chance_of(&Alertness::TotallySurprised), Chance::new(1, 6));
/// ```
pub fn tactical_surprise_odds() -> Distribution<Alertness> {
    Distribution::of_die(tactical_surprise)
}

/// What surprise imposes on a surprised unit (10.2.1, 10.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SurpriseKind {
    /// Tactical surprise, for the scenario's number of turns.
    Tactical,
    /// Strategic surprise, for the scenario's number of turns.
    Strategic,
}

/// The penalties of surprise on a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SurprisePenalties {
    /// Marked CH automatically (10.2.1.a); under strategic surprise, until released (10.2.2.a).
    pub marked_conditional_hold: bool,
    /// Forfeits the opening volley advantage (10.2.1.c, 10.2.2.d).
    pub forfeits_opening_volley: bool,
    /// Under strategic surprise, every morale check adds the regiment's own BMP (10.2.2.b).
    pub morale_adds_own_bmp: bool,
    /// If charged, the tactical surprise roll also applies (10.2.2.c; always, for tactical).
    pub tactical_roll_if_charged: bool,
}

/// The penalties of a kind of surprise while it lasts and the unit is not released.
///
/// ```
/// use johnny_reb::rules::surprise::{surprise_penalties, SurpriseKind};
/// assert!(surprise_penalties(SurpriseKind::Tactical).marked_conditional_hold);
/// ```
pub fn surprise_penalties(kind: SurpriseKind) -> SurprisePenalties {
    SurprisePenalties {
        marked_conditional_hold: true,
        forfeits_opening_volley: true,
        morale_adds_own_bmp: kind == SurpriseKind::Strategic,
        tactical_roll_if_charged: true,
    }
}

/// Whether surprise of a scenario's `turns` starting on `first_turn` is in effect on `turn`.
pub fn surprise_in_effect(first_turn: u32, turns: u32, turn: u32) -> bool {
    turn >= first_turn && turn < first_turn.saturating_add(turns)
}

/// The strategic surprise modifier to a regiment's morale checks: its own BMP (10.2.2.b; an
/// average regiment of BMP 3 must roll higher than 6).
///
/// ```
/// use johnny_reb::rules::surprise::strategic_surprise_morale_modifier;
/// assert_eq!(strategic_surprise_morale_modifier(3).unwrap().value(), Some(&3));
/// ```
pub fn strategic_surprise_morale_modifier(bmp: u8) -> RuleResult<Cell<i8>> {
    check_bmp(bmp)?;
    Ok(Cell::RuleText { value: bmp as i8, rule: "10.2.2.b" })
}

/// The release roll in the rally phase under strategic surprise (10.2.2.a): one die higher
/// than the unit's BMP releases it, and it may be given any order on later turns.
///
/// ```
/// use johnny_reb::rules::surprise::strategic_release;
/// use johnny_reb::rules::Die;
/// assert!(strategic_release(3, Die::new(4).unwrap()).unwrap());
/// assert!(!strategic_release(3, Die::new(3).unwrap()).unwrap());
/// ```
pub fn strategic_release(bmp: u8, die: Die) -> RuleResult<bool> {
    check_bmp(bmp)?;
    Ok(die.face() > bmp)
}

/// The exact chance of release (10.2.2.a).
///
/// ```
/// use johnny_reb::rules::surprise::strategic_release_chance;
/// use johnny_reb::rules::Chance;
/// assert_eq!(strategic_release_chance(4).unwrap(), Chance::new(1, 3));
/// ```
pub fn strategic_release_chance(bmp: u8) -> RuleResult<Chance> {
    check_bmp(bmp)?;
    Ok(chance_to_beat(bmp as i16))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn rule_10_2_1_b_surprise_table() {
        let a = |f| tactical_surprise(Die::new(f).unwrap());
        assert_eq!(a(1), Alertness::Alert);
        assert_eq!((a(2), a(3)), (Alertness::ModeratelySurprised, Alertness::ModeratelySurprised));
        assert_eq!((a(4), a(5)), (Alertness::VerySurprised, Alertness::VerySurprised));
        assert_eq!(a(6), Alertness::TotallySurprised);
        let odds = tactical_surprise_odds();
        assert_eq!(odds.chance_of(&Alertness::Alert), Chance::new(1, 6));
        assert_eq!(odds.total(), Chance::ALWAYS);
    }

    #[test]
    fn appendix_e_observation_balloons() {
        assert_eq!(balloon_radius(DayTime::MorningOrEvening).value(), Some(&Ratio::whole(36)));
        let spots = |c| Die::FACES.iter().filter(|d| balloon_spots(c, **d)).count();
        assert_eq!(
            (spots(BalloonCover::Open), spots(BalloonCover::LightWoods), spots(BalloonCover::HeavyWoods)),
            (4, 2, 1)
        );
        assert_eq!(balloon_chance(BalloonCover::HeavyWoods), Chance::new(1, 6));
    }

    #[test]
    fn rule_10_2_1_b_alertness_reads_table_18() {
        for die in Die::FACES {
            let by_die = t18::TACTICAL_SURPRISE_BY_DIE[usize::from(die.face()) - 1];
            assert_eq!(tactical_surprise(die).charge_modifier(), by_die, "{die:?}");
        }
    }

    #[test]
    fn rule_10_2_1_b_table_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let book = crate::rules::tables::rulebook();
        for (faces, alert) in [
            ("1", Alertness::Alert),
            ("2, 3", Alertness::ModeratelySurprised),
            ("4, 5", Alertness::VerySurprised),
            ("6", Alertness::TotallySurprised),
        ] {
            let m = *alert.charge_modifier().value().unwrap();
            let line = if m == 0 {
                format!("{faces}\t{}", alert.label())
            } else {
                format!("{faces}\t+{m}, {}", alert.label())
            };
            assert!(book.contains(&line), "{line}");
        }
    }

    #[test]
    fn rule_10_2_2_b_average_regiment_must_roll_higher_than_6() {
        assert_eq!(strategic_surprise_morale_modifier(3).unwrap().value(), Some(&3));
        assert_eq!(3 + 3, 6);
        assert_eq!(strategic_release_chance(3).unwrap(), Chance::new(1, 2));
        assert!(surprise_penalties(SurpriseKind::Strategic).morale_adds_own_bmp);
        assert!(!surprise_penalties(SurpriseKind::Tactical).morale_adds_own_bmp);
        assert!(surprise_in_effect(1, 2, 2) && !surprise_in_effect(1, 2, 3));
    }

    #[test]
    fn rule_10_1_hidden_movement() {
        assert_eq!(sighting(true, true), Sighting::BothPlaced);
        assert_eq!(sighting(false, false), Sighting::BothRemoved);
        assert_eq!(sighting(false, true), Sighting::DummyRemoved { first_is_real: false });
        assert!(visible_behind_works(Ratio::whole(3)));
        assert!(!visible_behind_works(Ratio::new(7, 2).unwrap()));
        assert_eq!(counters_allowed(5, 0, 0).unwrap(), CounterAllowance { real: 5, dummies: 5 });
        assert!(counters_allowed(5, 1, 0).is_err());
        assert_eq!(counter_marks(Formation::MarchColumn), "the head of the column");
    }

    proptest! {
        #[test]
        fn release_odds_match_the_roll(bmp in 0u8..13) {
            let passes = Die::FACES.iter().filter(|d| strategic_release(bmp, **d).unwrap()).count();
            prop_assert_eq!(strategic_release_chance(bmp).unwrap(), Chance::new(passes as u64, 6));
        }
    }
}
