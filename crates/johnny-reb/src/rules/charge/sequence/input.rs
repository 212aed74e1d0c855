//! The players' inputs to the steps of Table 16: rolls, inches, terrain, their answers, and what
//! the fire resolvers and the morale engine computed.

use crate::rules::charge::Side;
use crate::rules::charge::cavalry::Woods;
use crate::rules::charge::distance::BonusPath;
use crate::rules::unit::{Formation, Terrain};
use crate::rules::{Die, Ratio, TwoDice};
use serde::{Deserialize, Serialize};

/// One morale check: the MMP as the unit stands when it takes it (4.4.2: after a failure the
/// remaining checks carry the shaken or routed modifier) and the two dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleCheckInput {
    /// The modified morale point.
    pub mmp: i32,
    /// The two dice.
    pub roll: TwoDice,
}

/// The effect of defensive fire on the charging unit (5.4, 5.6), from the fire resolvers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireEffect {
    /// Kills after multipliers and saves (charging units never have cover saves, 5.4.2).
    pub kills: u32,
    /// The charging unit's morale checks the fire requires (Table 2, 4.4.2), in order;
    /// empty when none is required.
    pub checks: Vec<MoraleCheckInput>,
}

/// A countercharge (5.3.5) or, when the charged unit was itself charging the charger, a
/// charge against a charge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterchargeInput {
    /// How far the charging unit had come when the countercharge was declared: it must be in
    /// the defender's primary fire zone, within 5" (5.3.5.a).
    pub charger_moved: Ratio,
    /// The countercharging unit's normal move (Table 3, in disorder: 5.3.5.b).
    pub normal_move: Ratio,
    /// Its bonus: where it is made and the dice. A countercharge counts them as half inches
    /// (5.3.5.b); a charge against a charge, and cavalry against cavalry (5.5.5.b), as inches.
    pub bonus: Option<(BonusPath, Vec<Die>)>,
    /// Delivered from outside the charging unit's primary zone: the charger turns to face it,
    /// in disorder (5.3.5.c).
    pub from_outside_charger_primary_zone: bool,
    /// The charged unit had itself been ordered to charge the charger (5.5.1, 5.7.1.a: both
    /// use elan); otherwise it is a countercharge from Hold.
    pub charge_against_charge: bool,
}

/// The players' inputs, one kind for each step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Input {
    /// 5.5.5.b: the defending cavalry's fear-of-charge check on sighting the charge, and
    /// whether it will countercharge if it passes (Hold or Move forward only).
    CavalrySighting {
        /// The check.
        check: MoraleCheckInput,
        /// It will countercharge if it passes.
        countercharge: bool,
        /// It must wheel or turn more than 45 degrees to face the attacker.
        must_turn_over_45: bool,
    },
    /// Step 2: the charged unit moved (disengaged, formed, or moved half) and is now this
    /// far from the charger; a new formation if it formed (5.2).
    ChargedUnitMoved {
        /// Inches between the units now.
        distance_now: Ratio,
        /// The formation it took, if it changed formation (5.2.1).
        new_formation: Option<Formation>,
    },
    /// Step 2: the charged unit stays as it is.
    ChargedUnitStays,
    /// Step 3a: the normal move (5.3.1).
    NormalMove {
        /// Its distance in inches (Table 3 for formation and terrain).
        inches: Ratio,
        /// The greater Table 3 distance was taken: a disorder roll is needed.
        greater_distance: bool,
        /// The disorder roll (one die).
        disorder_roll: Option<Die>,
        /// The worst terrain of the charge path (6.3.1): mounted cavalry charging in broken or
        /// rough is in disorder from the start of its normal move (5.3.2.b).
        terrain: Terrain,
        /// A mounted charge through woods: which woods and one die (Appendix F.13, used only
        /// when the optional rule is on).
        woods: Option<(Woods, Die)>,
    },
    /// Step 3b: no bonus move.
    NoBonus,
    /// Step 3b: the bonus, declared and rolled (5.3.2).
    Bonus {
        /// Where the bonus portion is made.
        path: BonusPath,
        /// The dice (Table 4: road 4, open 3, broken 2, rough 1).
        dice: Vec<Die>,
    },
    /// Step 3c: the die for the attempt to halt (5.3.3).
    HaltRoll(Die),
    /// Step 4: the charging unit moves to 3" from the defender (5.3.4).
    Close,
    /// Step 4: the defender countercharges (5.3.5).
    Countercharge(CounterchargeInput),
    /// Steps 5 and 6, or 8 and 9: defensive fire and the charging unit's morale.
    DefensiveFire(FireEffect),
    /// Step 7: the charged unit's fear-of-charge check (5.5; Tables 17 and 18).
    FearOfCharge(MoraleCheckInput),
    /// A forced rout move (2.1.2): the terrain of the path of retreat and the dice.
    RoutMove {
        /// Road 4 dice, open 3, broken 2, rough 1.
        terrain: Terrain,
        /// The dice.
        dice: Vec<Die>,
    },
    /// Step 10a: the dice for impact, and each side's impact MMP in full (Table 17 BMP with
    /// the Table 18 impact modifiers, elan and waves included: see
    /// [`Charge::charger_impact_mmp`](super::Charge::charger_impact_mmp) and
    /// [`Charge::defender_impact_mmp`](super::Charge::defender_impact_mmp)).
    Impact {
        /// The charging unit's impact MMP.
        charger_mmp: i32,
        /// Its dice.
        charger_roll: TwoDice,
        /// The defender's MMP.
        defender_mmp: i32,
        /// Its dice.
        defender_roll: TwoDice,
    },
    /// Step 10b: the crew stays with its guns and both roll (5.7.1.b).
    ArtilleryImpact {
        /// The charging unit's dice.
        charger_roll: TwoDice,
        /// The artillery's dice.
        artillery_roll: TwoDice,
    },
    /// Step 10b: the crew flees as skirmishers to the nearest infantry (5.7).
    CrewFlees,
    /// Step 11: the losing defender's one die (5.7.3.b).
    LossDie(Die),
    /// Step 11: two dice for the inches a loser falls back or retires (5.7.3).
    Retire(TwoDice),
    /// Step 12: one melee round (5.8).
    MeleeRound {
        /// Kills the charging unit inflicts (see
        /// [`melee_kills`](crate::rules::charge::melee::melee_kills)).
        charger_kills: u32,
        /// Kills the defender inflicts.
        defender_kills: u32,
        /// The charging unit's morale checks for the round, in order.
        charger_checks: Vec<MoraleCheckInput>,
        /// The defender's.
        defender_checks: Vec<MoraleCheckInput>,
        /// The casualty rolls of officers used in this round (5.8.2, 8).
        #[serde(default)]
        officer_rolls: Vec<OfficerRoll>,
    },
    /// 5.5.5.b.2: one side's strike in a cavalry melee: the kills and the victim's checks.
    CavalryStrike {
        /// Kills the striking side inflicts.
        kills: u32,
        /// The victim's morale checks, in order.
        checks: Vec<MoraleCheckInput>,
        /// The casualty roll of the striking side's officer, if one was used (5.8.2, 8).
        #[serde(default)]
        officer_roll: Option<OfficerRoll>,
    },
}

/// The casualty roll of an officer used for a melee strength modifier (5.8.2: "after melee
/// kills are calculated and before morale is checked"; 8, Table 20: in contact, the "Under 2\""
/// row, one die, hit on 5 or 6; then one die for the effect).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfficerRoll {
    /// The side whose officer rolls.
    pub side: Side,
    /// The hit die.
    pub hit: Die,
    /// The effect die, needed only when he is hit.
    pub effect: Option<Die>,
}
