//! The disorder roll after a move (6.2, 6.7.3): its target, its result and odds, and a move
//! finished with it.

use super::{Allowance, check_bmp};
use crate::rules::unit::Arm;
use crate::rules::{Chance, Die, Distribution, Ratio, RuleError, RuleResult};
use serde::{Deserialize, Serialize};

/// The number a disorder roll must beat: the BMP, -1 with an officer within 1", +1 for
/// dismounted cavalry or mounted infantry on horseback (6.2, 6.7.3). These are the only two
/// modifiers.
///
/// ```
/// use johnny_reb::rules::movement::disorder_target;
/// use johnny_reb::rules::unit::Arm;
/// assert_eq!(disorder_target(3, true, Arm::Cavalry { mounted: false }), 3);
/// ```
pub fn disorder_target(bmp: u8, officer_present: bool, arm: Arm) -> i16 {
    let mut t = bmp as i16;
    if officer_present {
        t -= 1;
    }
    if matches!(arm, Arm::Cavalry { mounted: false } | Arm::MountedInfantry { mounted: true }) {
        t += 1;
    }
    t
}

/// The result of a disorder roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DisorderResult {
    /// Rolled higher than the modified BMP: no effect.
    Steady,
    /// Not higher: the unit is placed in disorder.
    Disordered,
}

/// The disorder roll of 6.2 (also for moving through a friendly unit, 6.4.2.b, and for
/// reforming from skirmish, 6.4.4): one die, which must be higher than the modified BMP.
///
/// ```
/// use johnny_reb::rules::movement::{disorder_roll, DisorderResult};
/// use johnny_reb::rules::{unit::Arm, Die};
/// let d4 = Die::new(4).unwrap();
/// assert_eq!(disorder_roll(3, false, Arm::Infantry, d4).unwrap(), DisorderResult::Steady);
/// assert_eq!(disorder_roll(3, false, Arm::Cavalry { mounted: false }, d4).unwrap(), DisorderResult::Disordered);
/// ```
pub fn disorder_roll(bmp: u8, officer_present: bool, arm: Arm, die: Die) -> RuleResult<DisorderResult> {
    check_bmp(bmp)?;
    Ok(if (die.face() as i16) > disorder_target(bmp, officer_present, arm) {
        DisorderResult::Steady
    } else {
        DisorderResult::Disordered
    })
}

/// The exact odds of the disorder roll before it is thrown.
///
/// ```
/// use johnny_reb::rules::movement::{disorder_odds, DisorderResult};
/// use johnny_reb::rules::{unit::Arm, Chance};
/// let d = disorder_odds(3, true, Arm::Infantry).unwrap();
/// assert_eq!(d.chance_of(&DisorderResult::Steady), Chance::new(4, 6));
/// ```
pub fn disorder_odds(bmp: u8, officer_present: bool, arm: Arm) -> RuleResult<Distribution<DisorderResult>> {
    check_bmp(bmp)?;
    let t = disorder_target(bmp, officer_present, arm);
    Ok(Distribution::of_die(
        |d| if (d.face() as i16) > t { DisorderResult::Steady } else { DisorderResult::Disordered },
    ))
}

/// The chance of passing a one-die roll that must beat `target` (a face above it).
///
/// ```
/// use johnny_reb::rules::movement::chance_to_beat;
/// use johnny_reb::rules::Chance;
/// assert_eq!(chance_to_beat(4), Chance::new(1, 3));
/// ```
pub fn chance_to_beat(target: i16) -> Chance {
    let faces = (1..=6).filter(|f| *f > target).count() as u64;
    Chance::new(faces, 6)
}

/// How a move ended (6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveOutcome {
    /// Inches moved.
    pub moved: Ratio,
    /// The disorder roll, if one was due.
    pub roll: Option<DisorderResult>,
    /// The unit is in disorder at the end of the move.
    pub in_disorder: bool,
}

/// The facts a disorder roll needs (6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisorderFacts {
    /// The unit's BMP (Table 5).
    pub bmp: u8,
    /// An officer within 1".
    pub officer_present: bool,
    /// The unit's arm during the move.
    pub arm: Arm,
}

/// Ends a move of `moved` inches under `allowance`: rolls for disorder if one is due, with the
/// die given (an error asks for the die when it is needed and missing).
///
/// ```
/// use johnny_reb::rules::movement::{allowance, finish_move, DisorderFacts, Ground, MoveRequest, Mover, MovementRulings, TerrainType};
/// use johnny_reb::rules::unit::{Arm, Formation};
/// use johnny_reb::rules::{Die, Overrides, Ratio};
/// let req = MoveRequest {
///     mover: Mover::Regiment { arm: Arm::Infantry, formation: Formation::Line, routed: false, stands: 5 },
///     ground: Ground::Terrain(TerrainType::Open), bmp: None, manoeuvres: vec![],
/// };
/// let a = allowance(&req, &Overrides::new(), &MovementRulings::default()).unwrap();
/// let facts = DisorderFacts { bmp: 3, officer_present: false, arm: Arm::Infantry };
/// // 8" of 5/8 and a roll of 3, not higher than BMP 3: disorder.
/// let out = finish_move(&a, Ratio::whole(8), &facts, Some(Die::new(3).unwrap())).unwrap();
/// assert!(out.in_disorder);
/// assert!(finish_move(&a, Ratio::whole(8), &facts, None).is_err());
/// assert!(!finish_move(&a, Ratio::whole(5), &facts, None).unwrap().in_disorder);
/// ```
pub fn finish_move(
    allowance: &Allowance,
    moved: Ratio,
    facts: &DisorderFacts,
    die: Option<Die>,
) -> RuleResult<MoveOutcome> {
    let due = allowance.disorder_roll_due(moved)?;
    let roll = if due {
        let die = die.ok_or_else(|| RuleError::OutOfRange {
            what: "dice",
            detail: "a disorder roll is due (6.2): enter one die".into(),
        })?;
        Some(disorder_roll(facts.bmp, facts.officer_present, facts.arm, die)?)
    } else {
        None
    };
    let in_disorder = allowance.moves_in_disorder || roll == Some(DisorderResult::Disordered);
    Ok(MoveOutcome { moved, roll, in_disorder })
}

/// The exact chance that a move of `moved` inches ends in disorder, before the roll.
///
/// ```
/// use johnny_reb::rules::movement::{allowance, disorder_chance_for_move, DisorderFacts, Ground, MoveRequest, Mover, MovementRulings, TerrainType};
/// use johnny_reb::rules::unit::{Arm, Formation};
/// use johnny_reb::rules::{Chance, Overrides, Ratio};
/// let req = MoveRequest {
///     mover: Mover::Regiment { arm: Arm::Infantry, formation: Formation::Line, routed: false, stands: 5 },
///     ground: Ground::Terrain(TerrainType::Open), bmp: None, manoeuvres: vec![],
/// };
/// let a = allowance(&req, &Overrides::new(), &MovementRulings::default()).unwrap();
/// let facts = DisorderFacts { bmp: 3, officer_present: false, arm: Arm::Infantry };
/// assert_eq!(disorder_chance_for_move(&a, Ratio::whole(8), &facts).unwrap(), Chance::new(1, 2));
/// ```
pub fn disorder_chance_for_move(allowance: &Allowance, moved: Ratio, facts: &DisorderFacts) -> RuleResult<Chance> {
    if allowance.moves_in_disorder {
        return Ok(Chance::ALWAYS);
    }
    if !allowance.disorder_roll_due(moved)? {
        return Ok(Chance::NEVER);
    }
    Ok(disorder_odds(facts.bmp, facts.officer_present, facts.arm)?.chance_of(&DisorderResult::Disordered))
}
