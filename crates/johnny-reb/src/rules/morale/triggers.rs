//! Which checks a unit must take (Table 2; 2.2, 4.4.1, 6.8.2.d, 6.8.6.b, 6.8.9.b, 8, 9.3.3.b,
//! Appendix F 12) and their order (4.4.2).

use super::MoraleRulings;
use super::modifiers::BrigadeColumn;
use crate::rules::unit::{Arm, MoraleLevel};
use crate::rules::{Ratio, RuleResult};
use serde::{Deserialize, Serialize};

/// Why a unit checks morale.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CheckReason {
    /// An infantry or cavalry unit's first kill (4.4.1.a; Table 2 no. 3).
    FirstKill,
    /// A figure lost by detached skirmishers (6.8.6.b) or, with Appendix F 12, by a regiment
    /// down to a single stand; taken with the first kill in the order.
    FigureLost,
    /// One crew kill on a gun section (4.4.1.b; Table 2 no. 4).
    CrewKill,
    /// A hit by artillery fire, at most three per turn (4.4.1.c; Table 2 no. 5); `canister`
    /// for Appendix F 10.
    ArtilleryHit {
        /// The hit was by canister.
        canister: bool,
    },
    /// One stand lost (4.4.1.d; Table 2 no. 6); for a brigade column, one 20 percent step
    /// (6.8.2.d).
    StandLost,
    /// The firer rolled 12 for kills (4.4.1.f; Table 2 no. 7).
    UnexpectedDevastation,
    /// The nearest unit or gun crew within 3" was eliminated by fire (4.4.1.e; Table 2 no. 8).
    AdjacentUnitEliminated,
    /// A friendly visible unit routed or surrendered (2.2, 4.4.1.g; Table 2 no. 1).
    FriendlyRoutOrSurrender,
    /// A friendly officer hit within 1' (8; Table 2 no. 10).
    OfficerCasualtySeen {
        /// The officer died spectacularly: +1 (Table 20).
        spectacular_death: bool,
    },
    /// The building the unit occupies was hit (9.3.3.b).
    BuildingHit,
    /// A charging enemy came within 3" (5.5.1; Table 2 no. 9), taken on Tables 17 and 18.
    FearOfCharge,
    /// Any other check the rules call for (double canister's fear-of-charge is
    /// [`super::fear_of_charge`], not this).
    Other,
}

impl CheckReason {
    /// Its step in the order of 4.4.2 (1 first kill ... 7 friendly rout); own problems before
    /// other units' problems.
    pub fn order(self) -> u8 {
        match self {
            CheckReason::FirstKill | CheckReason::FigureLost => 1,
            CheckReason::CrewKill => 2,
            CheckReason::ArtilleryHit { .. } => 3,
            CheckReason::StandLost => 4,
            CheckReason::UnexpectedDevastation => 5,
            // Fear of charge is among a unit's own problems (4.4.2).
            CheckReason::BuildingHit | CheckReason::FearOfCharge | CheckReason::Other => 5,
            CheckReason::AdjacentUnitEliminated => 6,
            CheckReason::FriendlyRoutOrSurrender => 7,
            CheckReason::OfficerCasualtySeen { .. } => 7,
        }
    }

    /// The reasons the players pick from in the morale resolver, in the order of its toggles.
    pub const OFFERED: [CheckReason; 10] = [
        CheckReason::FirstKill,
        CheckReason::StandLost,
        CheckReason::CrewKill,
        CheckReason::ArtilleryHit { canister: false },
        CheckReason::UnexpectedDevastation,
        CheckReason::FriendlyRoutOrSurrender,
        CheckReason::AdjacentUnitEliminated,
        CheckReason::OfficerCasualtySeen { spectacular_death: false },
        CheckReason::OfficerCasualtySeen { spectacular_death: true },
        CheckReason::FearOfCharge,
    ];

    /// Its word in `/resolve/morale?reason=...`.
    pub fn key(self) -> &'static str {
        match self {
            CheckReason::FirstKill => "first-kill",
            CheckReason::FigureLost => "figure-lost",
            CheckReason::StandLost => "stand-lost",
            CheckReason::CrewKill => "crew-kill",
            CheckReason::ArtilleryHit { canister: false } => "artillery-hit",
            CheckReason::ArtilleryHit { canister: true } => "canister-hit",
            CheckReason::UnexpectedDevastation => "devastation",
            CheckReason::FriendlyRoutOrSurrender => "saw-rout",
            CheckReason::AdjacentUnitEliminated => "neighbour-eliminated",
            CheckReason::OfficerCasualtySeen { spectacular_death: false } => "officer-hit",
            CheckReason::OfficerCasualtySeen { spectacular_death: true } => "spectacular-death",
            CheckReason::BuildingHit => "building-hit",
            CheckReason::FearOfCharge => "fear-of-charge",
            CheckReason::Other => "other",
        }
    }

    /// The offered reason named by `key` ([`CheckReason::key`]).
    pub fn from_key(key: &str) -> Option<CheckReason> {
        CheckReason::OFFERED.into_iter().find(|r| r.key() == key)
    }

    /// Every reason, offered or not: a waiting check's address may name any.
    pub const ALL: [CheckReason; 14] = [
        CheckReason::FirstKill,
        CheckReason::FigureLost,
        CheckReason::StandLost,
        CheckReason::CrewKill,
        CheckReason::ArtilleryHit { canister: false },
        CheckReason::ArtilleryHit { canister: true },
        CheckReason::UnexpectedDevastation,
        CheckReason::FriendlyRoutOrSurrender,
        CheckReason::AdjacentUnitEliminated,
        CheckReason::OfficerCasualtySeen { spectacular_death: false },
        CheckReason::OfficerCasualtySeen { spectacular_death: true },
        CheckReason::BuildingHit,
        CheckReason::FearOfCharge,
        CheckReason::Other,
    ];

    /// The reason named by `key`, offered or not ([`CheckReason::key`]).
    pub fn from_any_key(key: &str) -> Option<CheckReason> {
        CheckReason::ALL.into_iter().find(|r| r.key() == key)
    }

    /// The words on its toggle.
    pub fn label(self) -> &'static str {
        match self {
            CheckReason::FirstKill => "First kill",
            CheckReason::FigureLost => "Figure lost",
            CheckReason::StandLost => "Stand lost",
            CheckReason::CrewKill => "Crew hit",
            CheckReason::ArtilleryHit { canister: false } => "Artillery hit",
            CheckReason::ArtilleryHit { canister: true } => "Canister hit",
            CheckReason::UnexpectedDevastation => "Rolled 12 on Table 10",
            CheckReason::FriendlyRoutOrSurrender => "Saw a friend rout",
            CheckReason::AdjacentUnitEliminated => "Neighbour eliminated",
            CheckReason::OfficerCasualtySeen { spectacular_death: false } => "Saw an officer hit",
            CheckReason::OfficerCasualtySeen { spectacular_death: true } => "Saw a spectacular death",
            CheckReason::BuildingHit => "Building hit",
            CheckReason::FearOfCharge => "Fear of charge",
            CheckReason::Other => "Other",
        }
    }

    /// Its line of Table 2 and the rule: "Table 2 no. 6, 4.4.1.d".
    pub fn rule(self) -> &'static str {
        match self {
            CheckReason::FirstKill => "Table 2 no. 3, 4.4.1.a",
            CheckReason::FigureLost => "6.8.6.b, Appendix F 12",
            CheckReason::StandLost => "Table 2 no. 6, 4.4.1.d",
            CheckReason::CrewKill => "Table 2 no. 4, 4.4.1.b",
            CheckReason::ArtilleryHit { canister: false } => "Table 2 no. 5, 4.4.1.c",
            CheckReason::ArtilleryHit { canister: true } => "Table 2 no. 5, 4.4.1.c, Appendix F 10",
            CheckReason::UnexpectedDevastation => "Table 2 no. 7, 4.4.1.f",
            CheckReason::FriendlyRoutOrSurrender => "Table 2 no. 1, 2.2",
            CheckReason::AdjacentUnitEliminated => "Table 2 no. 8, 4.4.1.e",
            CheckReason::OfficerCasualtySeen { .. } => "Table 2 no. 10, 8",
            CheckReason::BuildingHit => "9.3.3.b",
            CheckReason::FearOfCharge => "Table 2 no. 9, 5.5.1, Tables 17 and 18",
            CheckReason::Other => "Table 2",
        }
    }

    /// Checks caused by fire, where the side it came from counts (4.4.3.a).
    pub fn from_fire(self) -> bool {
        matches!(
            self,
            CheckReason::FirstKill
                | CheckReason::FigureLost
                | CheckReason::StandLost
                | CheckReason::CrewKill
                | CheckReason::ArtilleryHit { .. }
                | CheckReason::UnexpectedDevastation
        )
    }
}

/// Puts checks in the order of 4.4.2, keeping the given order within a step.
///
/// ```
/// use johnny_reb::rules::morale::{in_order, CheckReason};
/// let v = in_order(&[CheckReason::StandLost, CheckReason::FirstKill]);
/// assert_eq!(v, vec![CheckReason::FirstKill, CheckReason::StandLost]);
/// ```
pub fn in_order(checks: &[CheckReason]) -> Vec<CheckReason> {
    let mut v = checks.to_vec();
    v.sort_by_key(|c| c.order());
    v
}

/// What one phase of fire (or a melee round) did to a unit or let it see (4.4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct FireEffects {
    /// Figures killed now.
    pub figures_lost: u32,
    /// This includes the unit's first kill of the game.
    pub first_kill: bool,
    /// A gun section lost one crew figure.
    pub crew_kill: bool,
    /// Hits by artillery fire (one per firing section that caused losses).
    pub artillery_hits: u32,
    /// Of those hits, how many were by canister (Appendix F 10); the first ones are taken as
    /// canister.
    pub canister_hits: u32,
    /// Stands removed now.
    pub stands_lost: u32,
    /// Firers that rolled 12 for kills against it.
    pub unexpected_devastation: u32,
    /// Adjacent units eliminated by fire.
    pub adjacent_units_eliminated: u32,
    /// Friendly visible routs or surrenders seen.
    pub friendly_routs_seen: u32,
}

/// The unit as the triggers see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TriggeredUnit {
    /// Its arm.
    pub arm: Arm,
    /// Its morale level now.
    pub level: MoraleLevel,
    /// Checks for artillery hits it already took this turn (limit three, 4.4.1.c).
    pub artillery_hit_checks_this_turn: u32,
    /// A brigade column in good order, and its stands lost before this fire (6.8.2.d).
    pub brigade_column: Option<(BrigadeColumn, u32)>,
    /// A merged unit takes no new first-casualty check (6.8.9.b).
    pub merged: bool,
    /// Detached skirmishing stands (1 or 2) and figures lost before this fire (6.8.6.b).
    pub detached: Option<(u32, u32)>,
    /// Down to a single stand (Appendix F 12).
    pub single_stand: bool,
}

impl TriggeredUnit {
    /// A unit with nothing special about it.
    pub fn new(arm: Arm, level: MoraleLevel) -> TriggeredUnit {
        TriggeredUnit {
            arm,
            level,
            artillery_hit_checks_this_turn: 0,
            brigade_column: None,
            merged: false,
            detached: None,
            single_stand: false,
        }
    }
}

/// The checks a unit must take for what happened (Table 2 nos. 1, 3-8; 4.4.1), in the order
/// of 4.4.2.
///
/// ```
/// use johnny_reb::rules::morale::{checks_due, CheckReason, FireEffects, MoraleRulings, TriggeredUnit};
/// use johnny_reb::rules::unit::{Arm, MoraleLevel};
/// let unit = TriggeredUnit::new(Arm::Infantry, MoraleLevel::Good);
/// let fire = FireEffects { first_kill: true, artillery_hits: 1, figures_lost: 4, stands_lost: 1, ..Default::default() };
/// assert_eq!(checks_due(&unit, &fire, &MoraleRulings::default()).unwrap(), vec![
///     CheckReason::FirstKill, CheckReason::ArtilleryHit { canister: false }, CheckReason::StandLost,
/// ]);
/// ```
pub fn checks_due(
    unit: &TriggeredUnit,
    effects: &FireEffects,
    rulings: &MoraleRulings,
) -> RuleResult<Vec<CheckReason>> {
    let mut due = Vec::new();
    let artillery = unit.arm == Arm::Artillery;
    let push_n = |due: &mut Vec<CheckReason>, reason: CheckReason, n: u32| {
        for _ in 0..n.min(1000) {
            due.push(reason);
        }
    };
    if !artillery {
        // 4.4.1.a; a brigade column is exempt (6.8.2.d), a merged unit takes no new one (6.8.9.b).
        if effects.first_kill && unit.brigade_column.is_none() && !unit.merged {
            due.push(CheckReason::FirstKill);
        }
        if let Some((stands, before)) = unit.detached {
            let per = stands.clamp(1, 2);
            let n = (before.saturating_add(effects.figures_lost) / per).saturating_sub(before / per);
            push_n(&mut due, CheckReason::FigureLost, n);
        } else if unit.single_stand && rulings.optional.single_stands && !effects.first_kill {
            push_n(&mut due, CheckReason::FigureLost, effects.figures_lost);
        }
        let room = 3u32.saturating_sub(unit.artillery_hit_checks_this_turn);
        let hits = effects.artillery_hits.min(room);
        for i in 0..hits {
            due.push(CheckReason::ArtilleryHit { canister: i < effects.canister_hits });
        }
        match unit.brigade_column {
            Some((column, before)) => {
                let n = column
                    .steps_lost(before.saturating_add(effects.stands_lost))?
                    .saturating_sub(column.steps_lost(before)?);
                push_n(&mut due, CheckReason::StandLost, n);
            }
            None => push_n(&mut due, CheckReason::StandLost, effects.stands_lost),
        }
    } else if effects.crew_kill {
        due.push(CheckReason::CrewKill);
    }
    push_n(&mut due, CheckReason::UnexpectedDevastation, effects.unexpected_devastation);
    push_n(&mut due, CheckReason::AdjacentUnitEliminated, effects.adjacent_units_eliminated);
    // 2.2: routed units do not check for seeing other routed units.
    if unit.level != MoraleLevel::Routed {
        push_n(&mut due, CheckReason::FriendlyRoutOrSurrender, effects.friendly_routs_seen);
    }
    Ok(in_order(&due))
}

/// What was seen routing or surrendering (2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SeenEvent {
    /// A friendly unit routing, moving routed, or surrendering.
    RoutOrSurrender,
    /// Skirmishers routing on the turn they went from skirmishers to routed (no check).
    SkirmishersJustRouted,
    /// Routed gun crews abandoning their guns.
    GunCrewAbandoningGuns,
    /// Routed gun crews otherwise (no check).
    RoutedGunCrew,
    /// A friendly officer hit (8: the same conditions as seeing a rout).
    OfficerHit,
}

/// Where the event was seen from (2.2): within 12" in the front visibility arc or 3" in the
/// rearward arc, with the LOS unblocked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Sighting {
    /// Distance in inches to the nearest part of the routed unit or the surrender.
    pub distance: Ratio,
    /// In the observer's front arc (else the rearward arc).
    pub in_front_arc: bool,
    /// The line of sight is unblocked.
    pub los_unblocked: bool,
}

/// When an observer checks for what it saw (2.2, 5.1.5, 5.5.4, 5.8.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SeenCheck {
    /// No check.
    None,
    /// Check at once.
    Now,
    /// A unit being charged (or charging) waits until its own charge sequence is resolved
    /// (5.1.5, 5.5.4); a unit in melee until the melee ends, unless it is an officer casualty
    /// within the melee (5.8.2).
    AfterOwnCharge,
}

/// Whether and when a unit checks for seeing a rout, a surrender or an officer hit (2.2, 8;
/// Table 2 nos. 1 and 10).
///
/// ```
/// use johnny_reb::rules::morale::{seen_check, SeenCheck, SeenEvent, Sighting};
/// use johnny_reb::rules::unit::MoraleLevel;
/// use johnny_reb::rules::Ratio;
/// let near = Sighting { distance: Ratio::whole(8), in_front_arc: true, los_unblocked: true };
/// assert_eq!(seen_check(MoraleLevel::Good, SeenEvent::RoutOrSurrender, near, false), SeenCheck::Now);
/// let behind = Sighting { in_front_arc: false, ..near };
/// assert_eq!(seen_check(MoraleLevel::Good, SeenEvent::RoutOrSurrender, behind, false), SeenCheck::None);
/// ```
pub fn seen_check(
    observer: MoraleLevel,
    event: SeenEvent,
    sighting: Sighting,
    engaged_in_own_charge: bool,
) -> SeenCheck {
    let limit: u64 = if sighting.in_front_arc { 12 } else { 3 };
    let within = u64::from(sighting.distance.numer()) <= limit * u64::from(sighting.distance.denom());
    let triggers = match event {
        SeenEvent::RoutOrSurrender | SeenEvent::GunCrewAbandoningGuns => observer != MoraleLevel::Routed,
        SeenEvent::SkirmishersJustRouted | SeenEvent::RoutedGunCrew => false,
        // Table 7, "Routed Units: Officer Casualty: Check required."
        SeenEvent::OfficerHit => true,
    };
    match (triggers && within && sighting.los_unblocked, engaged_in_own_charge) {
        (false, _) => SeenCheck::None,
        (true, false) => SeenCheck::Now,
        (true, true) => SeenCheck::AfterOwnCharge,
    }
}

/// Whether a unit must take a fear-of-charge check (5.5.1; Table 2 no. 9): a charging enemy
/// unit comes to, or passes within, 3" (mounted cavalry charged by mounted cavalry: as soon as
/// the charger is in sight, 5.5.5.b), unless the charger was shaken or routed by defensive
/// fire, or the two units charge or countercharge each other.
///
/// ```
/// use johnny_reb::rules::morale::fear_of_charge_due;
/// assert!(fear_of_charge_due(true, false, false));
/// assert!(!fear_of_charge_due(true, true, false));
/// assert!(!fear_of_charge_due(true, false, true));
/// ```
pub fn fear_of_charge_due(
    charger_within_3_inches: bool,
    charger_stopped_by_fire: bool,
    charging_each_other: bool,
) -> bool {
    charger_within_3_inches && !charger_stopped_by_fire && !charging_each_other
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reg() -> TriggeredUnit {
        TriggeredUnit::new(Arm::Infantry, MoraleLevel::Good)
    }

    #[test]
    fn rule_2_2_who_checks_for_a_rout() {
        let at = |d: u32, front: bool| Sighting { distance: Ratio::whole(d), in_front_arc: front, los_unblocked: true };
        // 12" to the front, 3" to the rear, LOS unblocked.
        assert_eq!(seen_check(MoraleLevel::Good, SeenEvent::RoutOrSurrender, at(12, true), false), SeenCheck::Now);
        assert_eq!(seen_check(MoraleLevel::Good, SeenEvent::RoutOrSurrender, at(13, true), false), SeenCheck::None);
        assert_eq!(seen_check(MoraleLevel::Shaken, SeenEvent::RoutOrSurrender, at(3, false), false), SeenCheck::Now);
        assert_eq!(seen_check(MoraleLevel::Good, SeenEvent::RoutOrSurrender, at(4, false), false), SeenCheck::None);
        let blocked = Sighting { los_unblocked: false, ..at(2, true) };
        assert_eq!(seen_check(MoraleLevel::Good, SeenEvent::RoutOrSurrender, blocked, false), SeenCheck::None);
        let half = Sighting { distance: Ratio::new(7, 2).unwrap(), in_front_arc: false, los_unblocked: true };
        assert_eq!(seen_check(MoraleLevel::Good, SeenEvent::RoutOrSurrender, half, false), SeenCheck::None);
        // The three exceptions.
        assert_eq!(seen_check(MoraleLevel::Routed, SeenEvent::RoutOrSurrender, at(1, true), false), SeenCheck::None);
        assert_eq!(
            seen_check(MoraleLevel::Good, SeenEvent::SkirmishersJustRouted, at(1, true), false),
            SeenCheck::None
        );
        assert_eq!(seen_check(MoraleLevel::Good, SeenEvent::RoutedGunCrew, at(1, true), false), SeenCheck::None);
        assert_eq!(seen_check(MoraleLevel::Good, SeenEvent::GunCrewAbandoningGuns, at(1, true), false), SeenCheck::Now);
        // Routed units still check for officer casualties (Table 7).
        assert_eq!(seen_check(MoraleLevel::Routed, SeenEvent::OfficerHit, at(1, true), false), SeenCheck::Now);
    }

    #[test]
    fn rule_5_5_4_units_being_charged_wait() {
        // The 3rd Louisiana, not charged, checks at once for the 2nd Texas's rout; a unit
        // being charged waits for its own charge sequence.
        let s = Sighting { distance: Ratio::whole(5), in_front_arc: true, los_unblocked: true };
        assert_eq!(seen_check(MoraleLevel::Good, SeenEvent::RoutOrSurrender, s, false), SeenCheck::Now);
        assert_eq!(seen_check(MoraleLevel::Good, SeenEvent::RoutOrSurrender, s, true), SeenCheck::AfterOwnCharge);
        // ...and must check fear of charge if the pursuit comes within 3" (5.5.1).
        assert!(fear_of_charge_due(true, false, false));
    }

    #[test]
    fn rule_4_4_1_e_a_battery_eliminated_is_one_check() {
        // The entire battery of three sections is eliminated: one check, for the one
        // adjacent section.
        let fire = FireEffects { adjacent_units_eliminated: 1, ..Default::default() };
        assert_eq!(
            checks_due(&reg(), &fire, &MoraleRulings::default()).unwrap(),
            vec![CheckReason::AdjacentUnitEliminated]
        );
    }

    #[test]
    fn rule_4_4_1_c_three_artillery_hits_at_most() {
        let fire = FireEffects { artillery_hits: 5, canister_hits: 1, ..Default::default() };
        let due = checks_due(&reg(), &fire, &MoraleRulings::default()).unwrap();
        assert_eq!(
            due,
            vec![
                CheckReason::ArtilleryHit { canister: true },
                CheckReason::ArtilleryHit { canister: false },
                CheckReason::ArtilleryHit { canister: false },
            ]
        );
        let later = TriggeredUnit { artillery_hit_checks_this_turn: 2, ..reg() };
        assert_eq!(checks_due(&later, &fire, &MoraleRulings::default()).unwrap().len(), 1);
    }

    #[test]
    fn rule_4_4_1_artillery_checks_only_crew_kills() {
        let guns = TriggeredUnit::new(Arm::Artillery, MoraleLevel::Good);
        let fire =
            FireEffects { first_kill: true, crew_kill: true, artillery_hits: 1, stands_lost: 1, ..Default::default() };
        assert_eq!(checks_due(&guns, &fire, &MoraleRulings::default()).unwrap(), vec![CheckReason::CrewKill]);
    }

    #[test]
    fn rule_4_4_2_order() {
        let fire = FireEffects {
            first_kill: true,
            artillery_hits: 2,
            stands_lost: 2,
            unexpected_devastation: 1,
            adjacent_units_eliminated: 1,
            friendly_routs_seen: 1,
            ..Default::default()
        };
        let due = checks_due(&reg(), &fire, &MoraleRulings::default()).unwrap();
        let orders: Vec<u8> = due.iter().map(|c| c.order()).collect();
        assert_eq!(orders, vec![1, 3, 3, 4, 4, 5, 6, 7]);
        assert_eq!(
            in_order(&[CheckReason::FriendlyRoutOrSurrender, CheckReason::StandLost, CheckReason::FirstKill]),
            vec![CheckReason::FirstKill, CheckReason::StandLost, CheckReason::FriendlyRoutOrSurrender]
        );
    }

    #[test]
    fn rule_2_2_routed_units_do_not_check_for_routs() {
        let routed = TriggeredUnit::new(Arm::Infantry, MoraleLevel::Routed);
        let fire = FireEffects { friendly_routs_seen: 2, ..Default::default() };
        assert!(checks_due(&routed, &fire, &MoraleRulings::default()).unwrap().is_empty());
        assert_eq!(checks_due(&reg(), &fire, &MoraleRulings::default()).unwrap().len(), 2);
    }

    #[test]
    fn rule_6_8_2_d_brigade_column_checks_per_20_percent() {
        let column = TriggeredUnit { brigade_column: Some((BrigadeColumn { stands_at_forming: 15 }, 2)), ..reg() };
        let fire = FireEffects { first_kill: true, stands_lost: 4, ..Default::default() };
        // No first casualty check; 2 -> 6 stands of 15 crosses 3 and 6: two checks.
        assert_eq!(checks_due(&column, &fire, &MoraleRulings::default()).unwrap(), vec![CheckReason::StandLost; 2]);
    }

    #[test]
    fn rule_6_8_6_b_detached_skirmishers_and_6_8_9_b_merged() {
        let one = TriggeredUnit { detached: Some((1, 0)), ..reg() };
        let fire = FireEffects { figures_lost: 3, ..Default::default() };
        assert_eq!(checks_due(&one, &fire, &MoraleRulings::default()).unwrap(), vec![CheckReason::FigureLost; 3]);
        let two = TriggeredUnit { detached: Some((2, 1)), ..reg() };
        assert_eq!(checks_due(&two, &fire, &MoraleRulings::default()).unwrap(), vec![CheckReason::FigureLost; 2]);
        let merged = TriggeredUnit { merged: true, ..reg() };
        let first = FireEffects { first_kill: true, ..Default::default() };
        assert!(checks_due(&merged, &first, &MoraleRulings::default()).unwrap().is_empty());
    }

    #[test]
    fn appendix_f_12_single_stands_only_when_chosen() {
        let single = TriggeredUnit { single_stand: true, ..reg() };
        let fire = FireEffects { figures_lost: 2, ..Default::default() };
        assert!(checks_due(&single, &fire, &MoraleRulings::default()).unwrap().is_empty());
        let mut r = MoraleRulings::default();
        r.optional.single_stands = true;
        assert_eq!(checks_due(&single, &fire, &r).unwrap().len(), 2);
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn checks_due_never_panics(
            figures in any::<u32>(), hits in any::<u32>(), canister in any::<u32>(), stands in any::<u32>(),
            devastation in 0u32..5, adjacent in 0u32..5, routs in 0u32..5, before in any::<u32>(),
            column in proptest::option::of(0u32..40), detached in proptest::option::of(0u32..4), flags in any::<[bool; 4]>(),
        ) {
            let unit = TriggeredUnit {
                arm: if flags[0] { Arm::Artillery } else { Arm::Infantry },
                level: MoraleLevel::Good,
                artillery_hit_checks_this_turn: before % 5,
                brigade_column: column.map(|c| (BrigadeColumn { stands_at_forming: c }, before)),
                merged: flags[1],
                detached: detached.map(|d| (d, before)),
                single_stand: flags[2],
            };
            let fire = FireEffects {
                figures_lost: figures % 2000, first_kill: flags[3], crew_kill: flags[3], artillery_hits: hits, canister_hits: canister,
                stands_lost: stands % 2000, unexpected_devastation: devastation, adjacent_units_eliminated: adjacent,
                friendly_routs_seen: routs,
            };
            if let Ok(due) = checks_due(&unit, &fire, &MoraleRulings::default()) {
                let hits = due.iter().filter(|c| matches!(c, CheckReason::ArtilleryHit { .. })).count();
                prop_assert!(hits <= 3);
                let orders: Vec<u8> = due.iter().map(|c| c.order()).collect();
                let mut sorted = orders.clone();
                sorted.sort();
                prop_assert_eq!(orders, sorted);
            }
        }
    }

    #[test]
    fn every_reason_has_a_key_of_its_own_that_names_it_again() {
        for r in CheckReason::ALL {
            assert_eq!(CheckReason::from_any_key(r.key()), Some(r));
        }
        assert!(CheckReason::OFFERED.iter().all(|r| CheckReason::ALL.contains(r)));
        assert_eq!(CheckReason::from_any_key("no-such-reason"), None);
    }
}
