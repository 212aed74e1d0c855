//! Movement arithmetic the rules state in prose (7.0, 6.2, 7.0f, 4.1d, 4.5, 9.1) and the
//! optional Advanced Road Columns' lengths ([7.2 Opt]). The MAs themselves are the Terrain
//! Effects Chart's: the players give them.

use serde::{Deserialize, Serialize};

/// 7.0f, 10.2d, 4.1d: half an MA, fractions dropped.
pub fn half(ma: u8) -> u8 {
    ma / 2
}

/// 6.2: the MA left after a Formation change, "proportionally; truncate any fractions":
/// `remaining` of the old Formation's `from_ma` becomes so much of the new one's `to_ma`.
pub fn proportional(remaining: u8, from_ma: u8, to_ma: u8) -> u8 {
    if from_ma == 0 {
        return 0;
    }
    (u16::from(remaining) * u16::from(to_ma) / u16::from(from_ma)).min(255) as u8
}

/// 4.5: a Green unit's Line MA is 4, not 6 (its Column MA is normal).
pub const GREEN_LINE_MA: u8 = 4;

/// 9.1: the MPs a unit needs left to Fire: 2 for Small Arms, 3 for Artillery that was
/// Limbered.
pub fn can_fire_with(mps_remaining: u8, limbered_artillery: bool) -> bool {
    mps_remaining >= if limbered_artillery { 3 } else { 2 }
}

/// 4.5: a Green unit spends its whole MA to change Formation, except in a Withdrawal (13.7a),
/// when it pays the TEC's cost.
pub fn formation_change_cost(green: bool, withdrawing: bool, ma: u8, tec_cost: u8) -> u8 {
    if green && !withdrawing { ma } else { tec_cost }
}

/// What marches in an Advanced Road Column ([7.2 Opt] 7.2c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Marcher {
    /// Infantry or Open Order: 3 SPs a hex.
    Infantry,
    /// Artillery: 4 SPs a hex.
    Artillery,
    /// Mounted Cavalry: 1 SP a hex.
    Cavalry,
    /// Mounted Cavalry at the optional 1.5 SPs a hex.
    CavalryPrecise,
}

/// [7.2 Opt] 7.2c Column Length in hexes: the SPs a hex holds, the last part-filled hex
/// rounded down in Normal Terrain and up in Constricted Terrain; a unit always has its own
/// hex.
pub fn column_length(marcher: Marcher, sps: u8, constricted: bool) -> u16 {
    // SPs per hex, doubled to keep the 1.5 whole.
    let per = match marcher {
        Marcher::Infantry => 6,
        Marcher::Artillery => 8,
        Marcher::Cavalry => 2,
        Marcher::CavalryPrecise => 3,
    };
    let twice = u16::from(sps) * 2;
    let full = twice / per;
    let part = twice % per > 0;
    (full + u16::from(part && constricted)).max(1)
}

/// [7.2 Opt] 7.2c: a Wagon takes 6 hexes, the Army Reserve Ordnance Train 16.
pub fn wagon_length(reserve_ordnance_train: bool) -> u16 {
    if reserve_ordnance_train { 16 } else { 6 }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 6.2 "Example — Remaining Proportional MA": a Line unit (MA 6) changes to Column
    /// spending 1 MP: 8/6 × 5 = 6.67, truncated to 6.
    #[test]
    fn rule_6_2_remaining_proportional_ma() {
        assert_eq!(proportional(5, 6, 8), 6);
    }

    /// 4.1d "Example — Zero-led Brigade MAs": a DG Line unit (MA 3) with the Half result has
    /// MA 1 (3 divided by 2, rounded down), too few to Fire even standing still; not DG, with
    /// 3 MPs remaining, it could Fire.
    #[test]
    fn rule_4_1d_example_zero_led_brigade_mas() {
        let dg_line = half(6);
        assert_eq!(dg_line, 3);
        assert_eq!(half(dg_line), 1);
        assert!(!can_fire_with(half(dg_line), false));
        assert!(can_fire_with(3, false));
    }

    /// 4.5: Green units spend their whole MA to change Formation, but not in a Withdrawal.
    #[test]
    fn rule_4_5_green_formation_changes() {
        assert_eq!(formation_change_cost(true, false, GREEN_LINE_MA, 1), 4);
        assert_eq!(formation_change_cost(true, true, GREEN_LINE_MA, 1), 1);
        assert_eq!(formation_change_cost(false, false, 6, 1), 1);
    }

    /// [7.2 Opt] "Example — Road Column Lengths": Infantry of 8 SPs takes 2 hexes in Normal
    /// Terrain and 3 in Constricted; a 6 SP Battery 1 and 2; a 2 SP Battery shares its hex;
    /// Cavalry of 10 SPs fills 10 hexes, or with the optional 1.5, 6 (Normal) or 7.
    #[test]
    fn rule_7_2c_example_road_column_lengths() {
        assert_eq!(column_length(Marcher::Infantry, 8, false), 2);
        assert_eq!(column_length(Marcher::Infantry, 8, true), 3);
        assert_eq!(column_length(Marcher::Artillery, 6, false), 1);
        assert_eq!(column_length(Marcher::Artillery, 6, true), 2);
        assert_eq!(column_length(Marcher::Artillery, 2, false), 1);
        assert_eq!(column_length(Marcher::Cavalry, 10, false), 10);
        assert_eq!(column_length(Marcher::Cavalry, 10, true), 10);
        assert_eq!(column_length(Marcher::CavalryPrecise, 10, false), 6);
        assert_eq!(column_length(Marcher::CavalryPrecise, 10, true), 7);
        assert_eq!(wagon_length(false), 6);
    }
}
