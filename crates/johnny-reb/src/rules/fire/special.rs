//! Special fires and the optional fire rules of Appendix F: mortars (Appendix C), the very rare
//! weapons (Appendix D), massed targets (4.2.3.d), the primary fire zone (F 3), firing on own
//! troops (F 4), fire through enemy skirmishers (F 5), low velocity weapons (F 7), skirmishers
//! firing before they move (F 11).

use super::{FireRulings, RocketDistance, Visibility, at_most};
use crate::rules::Distribution;
use crate::rules::tables::appendix_c_mortars::{self as app_c, Mortar};
use crate::rules::tables::appendix_d_rare_weapons::{self as app_d, MachineGun};
use crate::rules::tables::t08_small_arms_ranges::{self as t08, SmallArm};
use crate::rules::unit::{Formation, OrderKind};
use crate::rules::{Die, Overrides, Ratio, RuleError, RuleResult, TwoDice};
use serde::{Deserialize, Serialize};

/// The hit number of a mortar (Appendix C): direct with line of sight, indirect when an
/// officer or spotter within 12" sees the target, +3 for consecutive fire on a non-moving
/// target ("C" mortars), 3 for area fire and 2 for blind fire regardless.
///
/// ```
/// use johnny_reb::rules::Ratio;
/// use johnny_reb::rules::fire::{special::mortar_hit_number, FireRulings, Visibility};
/// use johnny_reb::rules::tables::appendix_c_mortars::MORTARS;
/// let siege = &MORTARS[1];
/// assert_eq!(mortar_hit_number(siege, Ratio::whole(20), true, false, true, Visibility::Clear, &FireRulings::default()), Ok(6));
/// ```
pub fn mortar_hit_number(
    mortar: &Mortar,
    range: Ratio,
    line_of_sight: bool,
    spotter: bool,
    consecutive_on_non_moving_target: bool,
    visibility: Visibility,
    rulings: &FireRulings,
) -> RuleResult<u8> {
    let range = rulings.card_distance(range);
    if !at_most(Ratio::whole(mortar.min_range), range) || !at_most(range, Ratio::whole(mortar.max_range)) {
        return Err(RuleError::OutOfRange {
            what: "mortar range",
            detail: format!("the {} fires from {}\" to {}\"", mortar.name, mortar.min_range, mortar.max_range),
        });
    }
    let base = if line_of_sight {
        mortar.direct_hit
    } else if spotter {
        mortar.indirect_hit
    } else {
        return Err(RuleError::OutOfRange {
            what: "mortar fire",
            detail: "the mortar or an officer or spotter within 12\" must see the target".into(),
        });
    };
    Ok(match rulings.visibility(visibility) {
        Visibility::Area => app_c::AREA_FIRE_HIT,
        Visibility::Blind => app_c::BLIND_FIRE_HIT,
        Visibility::Clear if mortar.consecutive && consecutive_on_non_moving_target => base + app_c::CONSECUTIVE_BONUS,
        Visibility::Clear => base,
    })
}

/// A mortar hits when two dice total at or under the hit number; then its shell value is the
/// fire strength on Tables 9 and 10, and no lineal cover saves apply.
///
/// ```
/// use johnny_reb::rules::TwoDice;
/// use johnny_reb::rules::fire::special::mortar_hits;
/// assert!(mortar_hits(6, TwoDice::new(2, 4).unwrap()));
/// ```
pub fn mortar_hits(hit_number: u8, roll: TwoDice) -> bool {
    roll.total() <= hit_number
}

/// The chance a mortar hits before the roll: two dice at or under the hit number.
///
/// ```
/// use johnny_reb::rules::Chance;
/// use johnny_reb::rules::fire::special::mortar_hit_chance;
/// assert_eq!(mortar_hit_chance(3), Chance::new(3, 36));
/// ```
pub fn mortar_hit_chance(hit_number: u8) -> crate::rules::Chance {
    crate::rules::Distribution::of_two_dice(|r| mortar_hits(hit_number, r)).chance_of(&true)
}

/// The Requa gun (Appendix D 4): one die is its fire strength, with the carbine's ranges and
/// multipliers of Table 8. `Ok(None)` beyond the carbine's extreme range.
///
/// ```
/// use johnny_reb::rules::{Die, Overrides, Ratio};
/// use johnny_reb::rules::fire::{special::requa_strength, FireRulings};
/// let s = requa_strength(Die::new(5).unwrap(), Ratio::whole(5), &FireRulings::default(), &Overrides::new());
/// assert_eq!(s, Ok(Some(Ratio::new(5, 2).unwrap())));
/// ```
pub fn requa_strength(
    die: Die,
    range: Ratio,
    rulings: &FireRulings,
    overrides: &Overrides,
) -> RuleResult<Option<Ratio>> {
    let Some(band) = super::range_band(SmallArm::Carbine, range, rulings, overrides)? else { return Ok(None) };
    let m =
        overrides.resolve(&t08::multiplier_cell(SmallArm::Carbine, band), t08::multiplier(SmallArm::Carbine, band))?;
    Ok(Some(Ratio::whole(u32::from(die.face())).mul(m.map_or(Ratio::ONE, |m| m.value))))
}

/// A machine gun's fire strength at a range (Appendix D 1-3); after doubles on Table 10 the
/// jammed strength (Gatling x1/2, Agar x1/4, Williams x1/2 and for the rest of the scenario).
/// RULINGS.md: the same roll is then read at the reduced strength. `None` beyond its range.
///
/// ```
/// use johnny_reb::rules::Ratio;
/// use johnny_reb::rules::fire::{special::machine_gun_strength, FireRulings};
/// use johnny_reb::rules::tables::appendix_d_rare_weapons::MACHINE_GUNS;
/// assert_eq!(machine_gun_strength(&MACHINE_GUNS[0], Ratio::whole(20), true, &FireRulings::default()), Some(Ratio::ONE));
/// ```
pub fn machine_gun_strength(gun: &MachineGun, range: Ratio, jammed: bool, rulings: &FireRulings) -> Option<Ratio> {
    let s = Ratio::whole(app_d::machine_gun_strength(gun, rulings.card_distance(range))?);
    Some(if jammed { s.mul(gun.doubles_multiplier) } else { s })
}

/// Ketcham hand grenades (Appendix D 5): kills without Table 10, a quarter (light, 1") or half
/// (heavy, 1/2") of the throwing figures, rounded down; `None` beyond the throw. Lineal cover
/// saves are ignored.
///
/// ```
/// use johnny_reb::rules::Ratio;
/// use johnny_reb::rules::fire::{special::grenade_kills, FireRulings};
/// assert_eq!(grenade_kills(false, 12, Ratio::ONE, &FireRulings::default()), Some(3));
/// ```
pub fn grenade_kills(heavy: bool, figures: u32, range: Ratio, rulings: &FireRulings) -> Option<u32> {
    let [light, heavy_grenade] = app_d::GRENADES;
    let (_, reach, fraction) = if heavy { heavy_grenade } else { light };
    at_most(rulings.card_distance(range), reach).then(|| fraction.of_floor(figures))
}

/// Massed targets (4.2.3.d): a second unit within 1/2" behind the target, the line of fire
/// through both, takes the same kills scored (each then applies its own Table 11 and 12).
/// Not with the large group benefit (Appendix F 8).
///
/// ```
/// use johnny_reb::rules::Ratio;
/// use johnny_reb::rules::fire::{special::massed_target, FireRulings};
/// assert!(massed_target(Ratio::HALF, true, false, &FireRulings::default()));
/// ```
pub fn massed_target(
    behind: Ratio,
    line_of_fire_through_both: bool,
    large_group_used: bool,
    rulings: &FireRulings,
) -> bool {
    line_of_fire_through_both && !large_group_used && at_most(rulings.card_distance(behind), Ratio::HALF)
}

/// Appendix F 3: whether a unit may fire at this target. Off: always. On: a target in the
/// primary zone must be chosen if any exists, unless the target is charging the firer.
///
/// ```
/// use johnny_reb::rules::fire::{special::primary_fire_zone_allows, FireRulings};
/// let f3 = FireRulings { primary_fire_zone: true, ..Default::default() };
/// assert!(!primary_fire_zone_allows(&f3, false, true, false));
/// ```
pub fn primary_fire_zone_allows(
    rulings: &FireRulings,
    target_in_zone: bool,
    any_target_in_zone: bool,
    target_charging_firer: bool,
) -> bool {
    !rulings.primary_fire_zone || target_charging_firer || target_in_zone || !any_target_in_zone
}

/// Appendix F 4: with a friendly unit in the firer's primary zone and doubles rolled, it
/// receives half of the casualties. Returns (to the target, to the friendly unit); RULINGS.md:
/// the friendly unit takes the half rounded down, before each unit's saves.
///
/// ```
/// use johnny_reb::rules::fire::{special::own_troops_split, FireRulings};
/// let f4 = FireRulings { firing_on_own_troops: true, ..Default::default() };
/// assert_eq!(own_troops_split(6, true, true, &f4), (3, 3));
/// ```
pub fn own_troops_split(kills: u32, doubles: bool, friendly_in_zone: bool, rulings: &FireRulings) -> (u32, u32) {
    if rulings.firing_on_own_troops && doubles && friendly_in_zone {
        let friendly = kills / 2;
        (kills - friendly, friendly)
    } else {
        (kills, 0)
    }
}

/// Appendix F 5: fire at a target 1/2" to 2" behind enemy skirmishers hits the skirmishers
/// first; what they save passes to the target, which saves in turn. Returns the kills passed
/// on to the target.
///
/// ```
/// use johnny_reb::rules::fire::special::passed_through_skirmishers;
/// assert_eq!(passed_through_skirmishers(5, 2), 3);
/// ```
pub fn passed_through_skirmishers(losses: u32, skirmisher_casualties: u32) -> u32 {
    losses.saturating_sub(skirmisher_casualties)
}

/// Fire at a dismounted regiment's horses (6.7.2.b): no cover saves, and no result unless all
/// the horse figures are killed in one turn, when they bolt and the regiment is left walking.
///
/// ```
/// use johnny_reb::rules::fire::special::horses_driven_off;
/// assert!(!horses_driven_off(4, 3));
/// assert!(horses_driven_off(4, 4));
/// ```
pub fn horses_driven_off(horse_figures: u32, kills_this_turn: u32) -> bool {
    horse_figures > 0 && kills_this_turn >= horse_figures
}

/// Appendix F 7: smoothbore musket, shotgun, pistol and non-repeating carbine fire is low
/// velocity (cover saves +1). Pistols have no Table 8 row; pass `SmallArm::Carbine` rows as
/// their weapons are described.
///
/// ```
/// use johnny_reb::rules::fire::special::is_low_velocity;
/// use johnny_reb::rules::tables::t08_small_arms_ranges::SmallArm;
/// assert!(is_low_velocity(SmallArm::Carbine) && !is_low_velocity(SmallArm::RepeatingCarbine));
/// ```
pub fn is_low_velocity(weapon: SmallArm) -> bool {
    matches!(weapon, SmallArm::SmoothboreMusket | SmallArm::Shotgun | SmallArm::Carbine)
}

/// How far a rocket flies (Appendix D 6): the die dropped over the shoulder gives the
/// direction where it lands and the distance by its pips, in inches or in feet
/// ([`RocketDistance`]). Returned as the distance to measure on the table (doubled for 25 mm
/// figures, 0.1.1).
///
/// ```
/// use johnny_reb::rules::{Die, Ratio};
/// use johnny_reb::rules::fire::{special::rocket_flight, FireRulings, RocketDistance};
/// assert_eq!(rocket_flight(Die::new(1).unwrap(), &FireRulings::default()), Ratio::ONE);
/// let feet = FireRulings { rocket_distance: RocketDistance::Feet, ..Default::default() };
/// assert_eq!(rocket_flight(Die::new(2).unwrap(), &feet), Ratio::whole(24));
/// ```
pub fn rocket_flight(die: Die, rulings: &FireRulings) -> Ratio {
    let per_pip = match rulings.rocket_distance {
        RocketDistance::Inches => 1,
        RocketDistance::Feet => 12,
    };
    let scale = if rulings.figures_25mm { 2 } else { 1 };
    Ratio::whole(u32::from(die.face()) * per_pip * scale)
}

/// The exact odds of each rocket flight distance (one in six each).
///
/// ```
/// use johnny_reb::rules::{Chance, Ratio};
/// use johnny_reb::rules::fire::{special::rocket_flight_odds, FireRulings};
/// assert_eq!(rocket_flight_odds(&FireRulings::default()).chance_of(&Ratio::whole(6)), Chance::new(1, 6));
/// ```
pub fn rocket_flight_odds(rulings: &FireRulings) -> Distribution<Ratio> {
    Distribution::of_die(|d| rocket_flight(d, rulings))
}

/// What a rocket's impact does to one unit (Appendix D 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RocketEffect {
    /// No part of a stand within 3": nothing.
    Unaffected,
    /// Within 3": a normal disorder roll (6.2; `movement::disorder_roll`).
    DisorderRoll,
    /// Mounted cavalry within 3": disordered outright.
    Disordered,
}

/// The effect of a rocket on a unit whose nearest stand is `distance` (measured) from the
/// point of impact (Appendix D 6).
///
/// ```
/// use johnny_reb::rules::Ratio;
/// use johnny_reb::rules::fire::{special::{rocket_effect, RocketEffect}, FireRulings};
/// let r = FireRulings::default();
/// assert_eq!(rocket_effect(Ratio::whole(3), false, &r), RocketEffect::DisorderRoll);
/// assert_eq!(rocket_effect(Ratio::whole(2), true, &r), RocketEffect::Disordered);
/// assert_eq!(rocket_effect(Ratio::whole(4), true, &r), RocketEffect::Unaffected);
/// ```
pub fn rocket_effect(distance: Ratio, mounted_cavalry: bool, rulings: &FireRulings) -> RocketEffect {
    let burst = app_d::ROCKET_BURST_INCHES.value().copied().unwrap_or(Ratio::whole(3));
    match (at_most(rulings.card_distance(distance), burst), mounted_cavalry) {
        (false, _) => RocketEffect::Unaffected,
        (true, false) => RocketEffect::DisorderRoll,
        (true, true) => RocketEffect::Disordered,
    }
}

/// When a unit under a Move order fires (1.2, 7; Appendix F 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MovingFireTime {
    /// In Phase Seven, after the move (1.2, 7).
    PhaseSeven,
    /// Immediately before moving, in Phase Six, as artillery may (Appendix F 11): the move
    /// that follows may not bring it into contact with the enemy.
    BeforeMoving,
}

/// The times a unit may choose from to fire this turn when it moves: always Phase Seven for
/// a Move order (1.2); with Appendix F 11 on, skirmishers may fire before moving instead. The
/// fire is moving fire at half effect either way (1.2, 4.2.3.b). Empty for orders that do not
/// move and fire (a Formation Change is not a move: RULINGS.md, "Appendices D and F").
///
/// ```
/// use johnny_reb::rules::fire::{special::{moving_fire_times, MovingFireTime}, FireRulings};
/// use johnny_reb::rules::unit::{Formation, OrderKind};
/// let f11 = FireRulings { skirmishers_fire_before_moving: true, ..Default::default() };
/// assert_eq!(moving_fire_times(Formation::Skirmish, OrderKind::Move, &FireRulings::default()), vec![MovingFireTime::PhaseSeven]);
/// assert_eq!(moving_fire_times(Formation::Skirmish, OrderKind::Move, &f11), vec![MovingFireTime::BeforeMoving, MovingFireTime::PhaseSeven]);
/// ```
pub fn moving_fire_times(formation: Formation, order: OrderKind, rulings: &FireRulings) -> Vec<MovingFireTime> {
    match order {
        OrderKind::Move if formation == Formation::Skirmish && rulings.skirmishers_fire_before_moving => {
            vec![MovingFireTime::BeforeMoving, MovingFireTime::PhaseSeven]
        }
        OrderKind::Move => vec![MovingFireTime::PhaseSeven],
        _ => Vec::new(),
    }
}

/// Checks the move of skirmishers that fired before moving (Appendix F 11): it may not bring
/// them into direct contact with the enemy.
///
/// ```
/// use johnny_reb::rules::fire::special::check_move_after_early_fire;
/// assert!(check_move_after_early_fire(true, false).is_ok());
/// assert!(check_move_after_early_fire(true, true).is_err());
/// assert!(check_move_after_early_fire(false, true).is_ok());
/// ```
pub fn check_move_after_early_fire(fired_before_moving: bool, move_contacts_enemy: bool) -> RuleResult<()> {
    if fired_before_moving && move_contacts_enemy {
        Err(RuleError::OutOfRange {
            what: "skirmishers' move",
            detail: "skirmishers that fired before moving may not move into contact with the enemy (Appendix F 11)"
                .to_string(),
        })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tables::appendix_c_mortars::MORTARS;
    use crate::rules::tables::appendix_d_rare_weapons::MACHINE_GUNS;

    #[test]
    fn appendix_c_8_inch_siege_mortar_example() {
        let siege = &MORTARS[1];
        let r = FireRulings::default();
        // First turn: 7 is higher than 3, a miss.
        let first = mortar_hit_number(siege, Ratio::whole(20), true, false, false, Visibility::Clear, &r).unwrap();
        assert_eq!(first, 3);
        assert!(!mortar_hits(first, TwoDice::new(3, 4).unwrap()));
        // Third turn, same spot: 6 equals 3 + 3 for consecutive fire on a non-moving target.
        let third = mortar_hit_number(siege, Ratio::whole(20), true, false, true, Visibility::Clear, &r).unwrap();
        assert_eq!(third, 6);
        assert!(mortar_hits(third, TwoDice::new(2, 4).unwrap()));
        assert_eq!(siege.shell_value, Ratio::whole(15));
        assert!(siege.every_other_turn);
        assert!(mortar_hit_number(siege, Ratio::whole(8), true, false, false, Visibility::Clear, &r).is_err());
        assert_eq!(mortar_hit_number(siege, Ratio::whole(20), true, false, true, Visibility::Blind, &r), Ok(2));
    }

    #[test]
    fn appendix_d_machine_guns_and_grenades() {
        let r = FireRulings::default();
        assert_eq!(machine_gun_strength(&MACHINE_GUNS[0], Ratio::whole(12), false, &r), Some(Ratio::whole(4)));
        assert_eq!(machine_gun_strength(&MACHINE_GUNS[0], Ratio::whole(12), true, &r), Some(Ratio::whole(2)));
        assert_eq!(machine_gun_strength(&MACHINE_GUNS[1], Ratio::whole(6), true, &r), Some(Ratio::new(6, 4).unwrap()));
        assert_eq!(grenade_kills(false, 13, Ratio::ONE, &r), Some(3));
        assert_eq!(grenade_kills(true, 13, Ratio::ONE, &r), None);
        assert_eq!(grenade_kills(true, 13, Ratio::HALF, &r), Some(6));
    }

    #[test]
    fn appendix_f_3_4_5() {
        let on = FireRulings { primary_fire_zone: true, firing_on_own_troops: true, ..Default::default() };
        assert!(!primary_fire_zone_allows(&on, false, true, false));
        assert!(primary_fire_zone_allows(&on, false, true, true));
        assert!(primary_fire_zone_allows(&FireRulings::default(), false, true, false));
        assert_eq!(own_troops_split(7, true, true, &on), (4, 3));
        assert_eq!(own_troops_split(7, false, true, &on), (7, 0));
        assert_eq!(passed_through_skirmishers(5, 2), 3);
    }

    #[test]
    fn appendix_d_6_rocket_example() {
        // "The die lands here with a 1, so the rocket flies this way to a distance of 1". If
        // the 1st New York is within 3" of the impact point, it must take a normal disorder
        // roll."
        let r = FireRulings::default();
        assert_eq!(rocket_flight(Die::new(1).unwrap(), &r), Ratio::ONE);
        assert_eq!(rocket_effect(Ratio::whole(3), false, &r), RocketEffect::DisorderRoll);
        assert_eq!(rocket_effect(Ratio::new(7, 2).unwrap(), false, &r), RocketEffect::Unaffected);
        let big = FireRulings { figures_25mm: true, ..r.clone() };
        assert_eq!(rocket_flight(Die::new(3).unwrap(), &big), Ratio::whole(6));
        assert_eq!(rocket_effect(Ratio::whole(6), false, &big), RocketEffect::DisorderRoll);
        let feet = FireRulings { rocket_distance: RocketDistance::Feet, ..r };
        assert_eq!(rocket_flight(Die::new(6).unwrap(), &feet), Ratio::whole(72));
        assert_eq!(rocket_flight_odds(&feet).total(), crate::rules::Chance::ALWAYS);
    }

    #[test]
    fn appendix_f_11_skirmishers_fire_before_moving() {
        let off = FireRulings::default();
        let on = FireRulings { skirmishers_fire_before_moving: true, ..Default::default() };
        assert_eq!(moving_fire_times(Formation::Line, OrderKind::Move, &on), vec![MovingFireTime::PhaseSeven]);
        assert_eq!(moving_fire_times(Formation::Skirmish, OrderKind::Move, &off), vec![MovingFireTime::PhaseSeven]);
        assert!(moving_fire_times(Formation::Skirmish, OrderKind::Move, &on).contains(&MovingFireTime::BeforeMoving));
        assert!(moving_fire_times(Formation::Skirmish, OrderKind::Hold, &on).is_empty());
        assert!(check_move_after_early_fire(true, true).is_err());
    }

    #[test]
    fn rule_4_2_3_d_massed_targets() {
        let r = FireRulings::default();
        assert!(massed_target(Ratio::HALF, true, false, &r));
        assert!(!massed_target(Ratio::ONE, true, false, &r));
        assert!(!massed_target(Ratio::HALF, false, false, &r));
        assert!(!massed_target(Ratio::HALF, true, true, &r));
    }
}
