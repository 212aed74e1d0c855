//! Artillery (4.2) as checks and calculators: Unlimbering (4.2a), round types and their
//! ranges (4.2h) with the Depletions of 4.3b, the single best Canister DRM (4.2h), shots per
//! Target hex (4.2g, 4.2e) and Danger Close (4.2j). The values here are the rule prose's:
//! 5 hexes, 3 hexes, +2 Dense and +1 Normal Canister.

use crate::fire::{Special, ThresholdChart, Weapon};
use crate::refusal::Refused;
use serde::{Deserialize, Serialize};

/// 4.2a: Artillery Unlimbers only at least this many hexes from any enemy Combat Unit.
pub const UNLIMBER_MIN_HEXES: u32 = 5;
/// 4.2h: Canister fires at 3 hexes or less; 4.3b: a Battery Depleted of Shell fires no further.
pub const CANISTER_MAX_RANGE: u8 = 3;
/// 4.2j: Artillery losses at ranges greater than this reach friendly Stacks adjacent to the
/// Target ("Danger Close").
pub const DANGER_CLOSE_RANGE: u8 = 5;

/// What a Battery fires for one shot (4.2h).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Round {
    /// Shell: 1 hex to the weapon's maximum range.
    Shell,
    /// Canister, Dense or Normal by the gun: 3 hexes or less.
    Canister,
}

/// A Battery's Depletion markers (4.3b).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Depletion {
    /// Depleted of Shell.
    pub shell: bool,
    /// Depleted of Canister.
    pub canister: bool,
}

/// The Canister a gun fires (Weapons Characteristics, 4.2h).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Canister {
    /// Dense Canister: +2.
    Dense,
    /// Normal Canister: +1.
    Normal,
}

impl Canister {
    /// The gun's Canister, if it fires any.
    pub fn of(weapon: &Weapon) -> Option<Canister> {
        match weapon.special {
            Special::DenseCanister => Some(Canister::Dense),
            Special::NormalCanister => Some(Canister::Normal),
            _ => None,
        }
    }
    /// The DRM the prose gives it (4.2h).
    pub fn drm(self) -> i32 {
        match self {
            Canister::Dense => 2,
            Canister::Normal => 1,
        }
    }
    /// The Combat Table modifier's name.
    pub fn modifier(self) -> &'static str {
        match self {
            Canister::Dense => crate::tables::combat::DENSE_CANISTER,
            Canister::Normal => crate::tables::combat::NORMAL_CANISTER,
        }
    }
}

/// 4.2a: whether a Battery may Unlimber in its hex. `enemy_hexes` is the count to the nearest
/// enemy Combat Unit regardless of LOS, Visibility or friendly units; `in_radius` says it is
/// within a friendly Infantry Formation's CR (or a Cavalry one's for Horse Artillery);
/// `prohibited` that the TEC prohibits Artillery there. Limbering is always allowed.
pub fn may_unlimber(enemy_hexes: u32, in_radius: bool, prohibited: bool) -> Result<(), Refused> {
    if enemy_hexes < UNLIMBER_MIN_HEXES {
        return Err(Refused::by(
            "4.2a",
            "Artillery Unlimbers only at least 5 hexes from any enemy Combat Unit (Visibility never reduces it, 1.4b)",
        ));
    }
    if !in_radius {
        return Err(Refused::by("4.2a", "Artillery Unlimbers only within a friendly Infantry Formation's CR"));
    }
    if prohibited {
        return Err(Refused::by("4.2a", "the TEC prohibits Artillery in this hex"));
    }
    Ok(())
}

/// 4.2h, 4.3b: whether a Battery with `weapon` and `depleted` may fire `round` at `range`.
pub fn round_allowed(weapon: &Weapon, round: Round, range: u8, depleted: Depletion) -> Result<(), Refused> {
    if depleted.shell && depleted.canister {
        return Err(Refused::by("4.3b", "a Battery Depleted of both types cannot Fire at all"));
    }
    if range == 0 {
        return Err(Refused::by("4.2h", "give the range in hexes"));
    }
    match round {
        Round::Canister => {
            if Canister::of(weapon).is_none() {
                return Err(Refused::by("4.2h", format!("the {} fires no Canister", weapon.name)));
            }
            if range > CANISTER_MAX_RANGE {
                return Err(Refused::by("4.2h", "Canister fires only at ranges of 3 hexes or less"));
            }
            if depleted.canister {
                return Err(Refused::by("4.3b", "Depleted of Canister: fire Shell, without the Canister Modifiers"));
            }
        }
        Round::Shell => {
            if range > weapon.range {
                return Err(Refused::by(
                    "4.2h",
                    format!("Shell reaches {} hexes with the {}", weapon.range, weapon.name),
                ));
            }
            if depleted.shell {
                return Err(Refused::by("4.3b", "Depleted of Shell: no Fire beyond 3 hexes, and Canister within"));
            }
        }
    }
    Ok(())
}

/// 4.2h: the single best Canister DRM a shot gets. "If the Threshold Value (9.3) is met
/// counting exclusively Dense Canister — the Dense DRM; counting Normal Canister or any mix of
/// both — the Normal DRM; if it isn't met counting both types, neither DRM applies."
pub fn canister_drm(
    total_sps: u8,
    dense_sps: u8,
    normal_sps: u8,
    thresholds: &ThresholdChart,
) -> Result<Option<Canister>, Refused> {
    if dense_sps > 0 && thresholds.obtains(total_sps, dense_sps)? {
        return Ok(Some(Canister::Dense));
    }
    let both = dense_sps.saturating_add(normal_sps);
    if both > 0 && thresholds.obtains(total_sps, both)? {
        return Ok(Some(Canister::Normal));
    }
    Ok(None)
}

/// 4.2g, 4.2e: Artillery shots allowed against one Target hex in a Phase: one, or three with an
/// Artillery Leader in or adjacent to each Firing Stack.
pub fn artillery_shots_allowed(artillery_leader: bool) -> usize {
    if artillery_leader { 3 } else { 1 }
}

/// 4.2j Danger Close: the loss each friendly Stack adjacent to the Target takes (the same
/// numeric loss, one unit of the owner's choice in each), when Artillery fires beyond 5 hexes.
pub fn danger_close(artillery: bool, range: u8, loss: u8) -> Option<u8> {
    (artillery && range > DANGER_CLOSE_RANGE && loss > 0).then_some(loss)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fire::weapon;
    use crate::table::Slot;

    fn gun(code: &str) -> &'static Weapon {
        weapon(code, true).unwrap()
    }

    /// 4.2a: at least 5 hexes from any enemy Combat Unit, within an Infantry Formation's CR.
    #[test]
    fn rule_4_2a_unlimbering() {
        assert_eq!(may_unlimber(4, true, false).unwrap_err().rule, Some("4.2a"));
        assert!(may_unlimber(5, true, false).is_ok());
        assert!(may_unlimber(9, false, false).is_err());
        assert!(may_unlimber(9, true, true).is_err());
    }

    /// 4.2h: Canister within 3 hexes, Shell to the gun's range; Whitworths fire no Canister;
    /// 4.3b: Depletions.
    #[test]
    fn rule_4_2h_round_types_and_4_3b_depletion() {
        let none = Depletion::default();
        assert!(round_allowed(gun("N"), Round::Canister, 3, none).is_ok());
        assert!(round_allowed(gun("N"), Round::Canister, 4, none).is_err());
        assert!(round_allowed(gun("N"), Round::Shell, 16, none).is_ok());
        assert!(round_allowed(gun("N"), Round::Shell, 17, none).is_err());
        assert!(round_allowed(gun("W"), Round::Canister, 1, none).is_err());
        let shell = Depletion { shell: true, canister: false };
        assert!(round_allowed(gun("R"), Round::Shell, 5, shell).is_err());
        assert!(round_allowed(gun("R"), Round::Canister, 2, shell).is_ok());
        let both = Depletion { shell: true, canister: true };
        assert!(round_allowed(gun("R"), Round::Canister, 2, both).is_err());
    }

    /// 4.2h "Example — SPs & Canister": 2 SPs of Dense and 4 of Normal Canister fire together;
    /// 6 SPs have a Threshold of 3 (the example's, entered as the players would): the Dense
    /// alone is not enough, so the 6 SPs get only the +1 Normal Canister DRM.
    #[test]
    fn rule_4_2h_example_sps_and_canister() {
        let chart = ThresholdChart { rows: vec![(6, Slot::Entered(3))] };
        assert_eq!(canister_drm(6, 2, 4, &chart), Ok(Some(Canister::Normal)));
        assert_eq!(Canister::Normal.drm(), 1);
        assert_eq!(canister_drm(6, 3, 3, &chart), Ok(Some(Canister::Dense)));
        assert_eq!(Canister::Dense.drm(), 2);
        assert_eq!(canister_drm(6, 1, 1, &chart), Ok(None));
    }

    /// 4.2j "Example — Danger Close Loss Application": a 1 SP loss on the Target takes one SP
    /// off each friendly Stack adjacent to it, at ranges greater than 5 hexes.
    #[test]
    fn rule_4_2j_danger_close_example() {
        assert_eq!(danger_close(true, 6, 1), Some(1));
        assert_eq!(danger_close(true, 5, 1), None);
        assert_eq!(danger_close(false, 8, 1), None);
    }

    /// 4.2g, 4.2e: one Artillery shot per Target per Phase, three with an Artillery Leader.
    #[test]
    fn rule_4_2g_shots_per_target() {
        assert_eq!(artillery_shots_allowed(false), 1);
        assert_eq!(artillery_shots_allowed(true), 3);
    }
}
