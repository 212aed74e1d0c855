//! Sighting and seeing: sighting rolls in woods (4.2.3.c), a prone unit's view (4.2.7.a) and
//! fire through enemy skirmishers (4.2.3.e); smoke and the visibility limit (Appendix F 14).

use super::{FireRulings, Visibility, at_most};
use crate::rules::{Chance, Die, Distribution, Ratio, RuleError, RuleResult, TwoDice};
use serde::{Deserialize, Serialize};

/// The woods that obscure (4.2.3.c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Woods {
    /// Light woods (broken terrain): two dice.
    Light,
    /// Heavy woods (rough terrain): one die.
    Heavy,
}

/// The sighting roll thrown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SightingRoll {
    /// One die, for heavy woods.
    OneDie(Die),
    /// Two dice, for light woods.
    TwoDice(TwoDice),
}

/// The sighting roll (4.2.3.c): both units sight one another when the roll is greater than
/// the obscuring inches (fire normal), else fire is area fire (x1/2). One roll serves both
/// units, for this turn only. The roll must match the woods (heavy one die, light two).
///
/// ```
/// use johnny_reb::rules::{Die, Ratio};
/// use johnny_reb::rules::fire::{sighting_roll, FireRulings, SightingRoll, Visibility, Woods};
/// let roll = SightingRoll::OneDie(Die::new(4).unwrap());
/// assert_eq!(sighting_roll(Woods::Heavy, Ratio::whole(3), roll, &FireRulings::default()), Ok(Visibility::Clear));
/// ```
pub fn sighting_roll(
    woods: Woods,
    obscuring_inches: Ratio,
    roll: SightingRoll,
    rulings: &FireRulings,
) -> RuleResult<Visibility> {
    let total = match (woods, roll) {
        (Woods::Heavy, SightingRoll::OneDie(d)) => d.face(),
        (Woods::Light, SightingRoll::TwoDice(d)) => d.total(),
        _ => {
            return Err(RuleError::OutOfRange {
                what: "sighting roll",
                detail: "roll one die in heavy woods, two dice in light woods (4.2.3.c)".into(),
            });
        }
    };
    let inches = rulings.card_distance(obscuring_inches);
    Ok(if at_most(Ratio::whole(u32::from(total)), inches) { Visibility::Area } else { Visibility::Clear })
}

/// The exact chance of each result before the sighting roll.
///
/// ```
/// use johnny_reb::rules::{Chance, Ratio};
/// use johnny_reb::rules::fire::{sighting_odds, FireRulings, Visibility, Woods};
/// let d = sighting_odds(Woods::Heavy, Ratio::whole(4), &FireRulings::default());
/// assert_eq!(d.chance_of(&Visibility::Clear), Chance::new(2, 6));
/// ```
pub fn sighting_odds(woods: Woods, obscuring_inches: Ratio, rulings: &FireRulings) -> Distribution<Visibility> {
    let see = |total: u8| {
        let inches = rulings.card_distance(obscuring_inches);
        if at_most(Ratio::whole(u32::from(total)), inches) { Visibility::Area } else { Visibility::Clear }
    };
    match woods {
        Woods::Heavy => Distribution::of_die(|d| see(d.face())),
        Woods::Light => Distribution::of_two_dice(|d| see(d.total())),
    }
}

/// Where a prone unit looks from (4.2.7.a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ProneView {
    /// Open ground, top of slope: 12".
    OpenTopOfSlope,
    /// Open ground, level viewing: 6".
    OpenLevel,
    /// Brush or light woods: 2".
    BrushOrLightWoods,
    /// Crops or heavy woods: 1".
    CropsOrHeavyWoods,
}

/// The distance beyond which a prone unit's fire is blind fire (4.2.7.a), in card inches.
///
/// ```
/// use johnny_reb::rules::Ratio;
/// use johnny_reb::rules::fire::{prone_blind_beyond, ProneView};
/// assert_eq!(prone_blind_beyond(ProneView::CropsOrHeavyWoods), Ratio::ONE);
/// ```
pub fn prone_blind_beyond(view: ProneView) -> Ratio {
    Ratio::whole(match view {
        ProneView::OpenTopOfSlope => 12,
        ProneView::OpenLevel => 6,
        ProneView::BrushOrLightWoods => 2,
        ProneView::CropsOrHeavyWoods => 1,
    })
}

/// Fire at a target behind enemy skirmishers (4.2.3.e), by the distance behind them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ThroughSkirmishers {
    /// Within 1/2": fire at the skirmishers instead, with the massed target effect (4.2.3.d).
    FireAtSkirmishersMassed,
    /// 1/2" to 2": no adverse modifier. Under Appendix F 5, the losses go to the skirmishers
    /// first and what they save passes to the target.
    NoModifier,
    /// 2" to 6": area fire.
    Area,
    /// Over 6": blind fire.
    Blind,
}

/// Classifies fire through enemy skirmishers by how far behind them the target is.
///
/// ```
/// use johnny_reb::rules::Ratio;
/// use johnny_reb::rules::fire::{through_enemy_skirmishers, FireRulings, ThroughSkirmishers};
/// assert_eq!(through_enemy_skirmishers(Ratio::whole(3), &FireRulings::default()), ThroughSkirmishers::Area);
/// ```
pub fn through_enemy_skirmishers(behind: Ratio, rulings: &FireRulings) -> ThroughSkirmishers {
    let d = rulings.card_distance(behind);
    if at_most(d, Ratio::HALF) {
        ThroughSkirmishers::FireAtSkirmishersMassed
    } else if at_most(d, Ratio::whole(2)) {
        ThroughSkirmishers::NoModifier
    } else if at_most(d, Ratio::whole(6)) {
        ThroughSkirmishers::Area
    } else {
        ThroughSkirmishers::Blind
    }
}

/// Appendix F 14: after firing has begun, a 6 at the end of a turn cuts open ground
/// visibility by 1". Returns the new visibility in inches.
///
/// ```
/// use johnny_reb::rules::{Die, Ratio};
/// use johnny_reb::rules::fire::sighting::smoke_end_of_turn;
/// assert_eq!(smoke_end_of_turn(Ratio::whole(5), Die::new(6).unwrap()), Ratio::whole(4));
/// ```
pub fn smoke_end_of_turn(visibility: Ratio, roll: Die) -> Ratio {
    if roll.face() == 6 && visibility.numer() >= visibility.denom() {
        Ratio::new(visibility.numer() - visibility.denom(), visibility.denom()).unwrap_or(Ratio::ZERO)
    } else {
        visibility
    }
}

/// Appendix F 14 at the end of a turn: once any firing has begun, a 6 cuts open ground
/// visibility by 1"; with the rule off, or before the first shot, it stays. Returns the
/// visibility for the next turn.
///
/// ```
/// use johnny_reb::rules::{Die, Ratio};
/// use johnny_reb::rules::fire::{sighting::smoke_after_turn, FireRulings};
/// let f14 = FireRulings { smoke_and_visibility: true, ..Default::default() };
/// let six = Die::new(6).unwrap();
/// assert_eq!(smoke_after_turn(Ratio::whole(5), true, six, &f14), Ratio::whole(4));
/// assert_eq!(smoke_after_turn(Ratio::whole(5), false, six, &f14), Ratio::whole(5));
/// ```
pub fn smoke_after_turn(visibility: Ratio, firing_begun: bool, roll: Die, rulings: &FireRulings) -> Ratio {
    if rulings.smoke_and_visibility && firing_begun { smoke_end_of_turn(visibility, roll) } else { visibility }
}

/// The odds of next turn's open ground visibility (Appendix F 14).
///
/// ```
/// use johnny_reb::rules::{Chance, Ratio};
/// use johnny_reb::rules::fire::{sighting::smoke_after_turn_odds, FireRulings};
/// let f14 = FireRulings { smoke_and_visibility: true, ..Default::default() };
/// assert_eq!(smoke_after_turn_odds(Ratio::whole(5), true, &f14).chance_of(&Ratio::whole(4)), Chance::new(1, 6));
/// ```
pub fn smoke_after_turn_odds(visibility: Ratio, firing_begun: bool, rulings: &FireRulings) -> Distribution<Ratio> {
    Distribution::of_die(|d| smoke_after_turn(visibility, firing_begun, d, rulings))
}

/// A firer's visibility limit under Appendix F 14: the open ground visibility, 1" more for a
/// unit on a hill.
///
/// ```
/// use johnny_reb::rules::Ratio;
/// use johnny_reb::rules::fire::sighting::visibility_limit;
/// assert_eq!(visibility_limit(Ratio::whole(4), true), Ratio::whole(5));
/// ```
pub fn visibility_limit(open_ground: Ratio, on_hill: bool) -> Ratio {
    if on_hill {
        Ratio::new(open_ground.numer().saturating_add(open_ground.denom()), open_ground.denom()).unwrap_or(open_ground)
    } else {
        open_ground
    }
}

/// What Appendix F 14 makes of a target `range` (measured) away: beyond the firer's
/// visibility limit it is obscured and the fire is area fire; otherwise clear. With the rule
/// off, always clear (the other causes of area and blind fire are the caller's).
///
/// ```
/// use johnny_reb::rules::Ratio;
/// use johnny_reb::rules::fire::{sighting::smoke_visibility, FireRulings, Visibility};
/// let f14 = FireRulings { smoke_and_visibility: true, ..Default::default() };
/// assert_eq!(smoke_visibility(Ratio::whole(6), Ratio::whole(5), false, &f14), Visibility::Area);
/// assert_eq!(smoke_visibility(Ratio::whole(6), Ratio::whole(5), true, &f14), Visibility::Clear);
/// assert_eq!(smoke_visibility(Ratio::whole(6), Ratio::whole(5), false, &FireRulings::default()), Visibility::Clear);
/// ```
pub fn smoke_visibility(range: Ratio, open_ground: Ratio, firer_on_hill: bool, rulings: &FireRulings) -> Visibility {
    if rulings.smoke_and_visibility
        && !at_most(rulings.card_distance(range), visibility_limit(open_ground, firer_on_hill))
    {
        Visibility::Area
    } else {
        Visibility::Clear
    }
}

/// The chance a sighting succeeds, for display.
///
/// ```
/// use johnny_reb::rules::{Chance, Ratio};
/// use johnny_reb::rules::fire::{sighting::chance_to_sight, FireRulings, Woods};
/// assert_eq!(chance_to_sight(Woods::Heavy, Ratio::whole(3), &FireRulings::default()), Chance::new(1, 2));
/// ```
pub fn chance_to_sight(woods: Woods, obscuring_inches: Ratio, rulings: &FireRulings) -> Chance {
    sighting_odds(woods, obscuring_inches, rulings).chance_of(&Visibility::Clear)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn appendix_f_14_smoke_and_visibility() {
        // Midmorning, clear day: open ground visibility of 5"; a unit on a hill sees 6".
        let f14 = FireRulings { smoke_and_visibility: true, ..Default::default() };
        let five = Ratio::whole(5);
        assert_eq!(visibility_limit(five, true), Ratio::whole(6));
        assert_eq!(smoke_visibility(five, five, false, &f14), Visibility::Clear);
        assert_eq!(smoke_visibility(Ratio::new(11, 2).unwrap(), five, false, &f14), Visibility::Area);
        assert_eq!(smoke_visibility(Ratio::new(11, 2).unwrap(), five, true, &f14), Visibility::Clear);
        // Once firing has begun, a 6 at the end of a turn takes an inch off; never below 0".
        let six = Die::new(6).unwrap();
        assert_eq!(smoke_after_turn(five, true, six, &f14), Ratio::whole(4));
        assert_eq!(smoke_after_turn(five, true, Die::new(5).unwrap(), &f14), five);
        assert_eq!(smoke_after_turn(Ratio::ZERO, true, six, &f14), Ratio::ZERO);
        assert_eq!(smoke_after_turn(five, true, six, &FireRulings::default()), five);
        assert_eq!(smoke_after_turn_odds(five, true, &f14).total(), Chance::ALWAYS);
    }

    #[test]
    fn rule_4_2_3_c_sighting_rolls() {
        let r = FireRulings::default();
        let light = SightingRoll::TwoDice(TwoDice::new(2, 3).unwrap());
        assert_eq!(sighting_roll(Woods::Light, Ratio::whole(5), light, &r), Ok(Visibility::Area));
        assert_eq!(sighting_roll(Woods::Light, Ratio::whole(4), light, &r), Ok(Visibility::Clear));
        assert!(sighting_roll(Woods::Heavy, Ratio::whole(4), light, &r).is_err());
        assert_eq!(chance_to_sight(Woods::Light, Ratio::whole(7), &r), Chance::new(15, 36));
    }

    #[test]
    fn rule_4_2_3_e_bands_behind_skirmishers() {
        let r = FireRulings::default();
        assert_eq!(through_enemy_skirmishers(Ratio::HALF, &r), ThroughSkirmishers::FireAtSkirmishersMassed);
        assert_eq!(through_enemy_skirmishers(Ratio::whole(2), &r), ThroughSkirmishers::NoModifier);
        assert_eq!(through_enemy_skirmishers(Ratio::whole(6), &r), ThroughSkirmishers::Area);
        assert_eq!(through_enemy_skirmishers(Ratio::whole(7), &r), ThroughSkirmishers::Blind);
    }

    #[test]
    fn rule_4_2_7_a_prone_view() {
        assert_eq!(prone_blind_beyond(ProneView::OpenLevel), Ratio::whole(6));
        assert_eq!(smoke_end_of_turn(Ratio::whole(5), Die::new(6).unwrap()), Ratio::whole(4));
        assert_eq!(smoke_end_of_turn(Ratio::ZERO, Die::new(6).unwrap()), Ratio::ZERO);
    }

    proptest! {
        #[test]
        fn sighting_odds_sum_to_one(inches in 0u32..20, light: bool) {
            let woods = if light { Woods::Light } else { Woods::Heavy };
            prop_assert_eq!(sighting_odds(woods, Ratio::whole(inches), &FireRulings::default()).total(), Chance::ALWAYS);
        }
    }
}
