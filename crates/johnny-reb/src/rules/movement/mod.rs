//! Phase Six: Movement (rule 6, with 2.1 routed movement), read from Tables 3 and 4.
//!
//! A resolver takes the unit's facts (arm, formation, stands, BMP), the ground it moves
//! through or into, what it does on the way (wheel, front-to-flank, mount...) and the players'
//! [`Overrides`], and returns the allowance in exact inches ([`Allowance`]) with every cost it
//! paid. Dice are always inputs; each roll also has its exact odds.
//!
//! - [`allowance`]: the distance a unit, gun, crew or officer may move this turn, over the
//!   [`Ground`] and at Table 3's rates as entered ([`troop_rate`], [`gun_limbered`]).
//! - [`disorder_roll`], [`disorder_odds`]: the one-die roll after a maximum move (6.2).
//! - [`special`]: disengage (6.5.8), forced rout (2.1.2), split moves (6.3.3), formation
//!   change reach (6.4.1), fences (6.3.4), merged and detached units (6.8), officers (6.9),
//!   resupply (4.2.4.b).

#![warn(missing_docs)]

mod disorder;
mod ground;
mod rates;
pub mod special;

use crate::rules::tables::t03_movement_rates::{self as t03, MoveRow, Rate};
use crate::rules::tables::t04_movement_conditions as t04;
use crate::rules::unit::{Arm, Formation, GunWeight};
use crate::rules::{CellRef, Overrides, Ratio, RuleError, RuleResult, Sourced};
use serde::{Deserialize, Serialize};

pub use disorder::*;
pub use ground::*;
pub use rates::*;
pub use special::*;

/// How a gun section moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GunMove {
    /// Hooked to its limber (6.6.1).
    Limbered,
    /// By prolonge: half the limbered rate (6.6.2).
    Prolonge,
    /// Pushed by the crew: Table 3's E number (6.6.3).
    HandPush,
}

/// What moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mover {
    /// A regiment of infantry or cavalry (mounted or dismounted), in `formation` for this
    /// move, with `stands` stands on the board.
    Regiment {
        /// Infantry, cavalry or mounted infantry, mounted or not during this move.
        arm: Arm,
        /// The formation moved in.
        formation: Formation,
        /// Routed (2.1.1): moves on the routed row.
        routed: bool,
        /// Stands on the board (6.4.2.c: one or two stands may move freely).
        stands: u8,
    },
    /// A gun section.
    Gun {
        /// Its weight class (Table 13).
        weight: GunWeight,
        /// Limbered, by prolonge or by hand.
        how: GunMove,
    },
    /// An artillery crew without its gun: infantry skirmish rate, routed infantry if routed
    /// (6.6.5, notes to Table 3).
    Crew {
        /// Routed.
        routed: bool,
    },
    /// An officer figure (6.9).
    Officer {
        /// Uses his leadership benefit this turn (half movement, 6.9).
        giving_benefits: bool,
    },
}

/// Something a unit does during its move that costs distance or changes the rate (6.5, 6.6,
/// 6.7, 6.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Manoeuvre {
    /// Oblique (6.5.2). Over 45 degrees off the front the whole move is made in disorder at
    /// the disordered rate (6.4.2.c), unless skirmishing or with only one or two stands.
    Oblique {
        /// More than 45 degrees off the front or rear.
        over_45: bool,
    },
    /// Wheel, line only (6.5.3): -1" under 45 degrees, -2" at 45 or more.
    Wheel {
        /// 45 degrees or more.
        at_least_45: bool,
    },
    /// Turn, column only, at column rate (6.5.4): no cost.
    Turn,
    /// Front-to-flank, column to line or line to column (6.5.5): -2" each.
    FrontToFlank,
    /// About face, line only (6.5.6): free when turning to move away; half the rate when
    /// moving backwards still facing the front.
    AboutFace {
        /// Moves backwards still facing the front.
        facing_front: bool,
    },
    /// Rear march, column only (6.5.7): the short distance only, and always a disorder roll.
    RearMarch,
    /// Stands up from lying prone (6.8.5): -1".
    StandUp,
    /// Mounts (6.7.2): at the start (then moves mounted) or the end (after moving on foot).
    Mount {
        /// Done at the start of the move.
        at_start: bool,
    },
    /// Dismounts (6.7.2): at the start (then moves on foot) or the end (after moving mounted).
    Dismount {
        /// Done at the start of the move.
        at_start: bool,
    },
    /// Limbers a gun (6.6.1): a fraction of the limbered move.
    Limber,
    /// Unlimbers a gun (6.6.1): no cost in Table 3.
    Unlimber,
    /// Fire and advance by rushes (6.8.7): skirmish or disorder only, half rates.
    Rushes,
}

/// One deduction from a move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveCost {
    /// What was paid for, in the game's words.
    pub what: &'static str,
    /// The rule that sets it.
    pub rule: &'static str,
    /// Inches deducted.
    pub inches: Ratio,
}

/// A halving of the rate (6.5.6, 6.6.2, 6.8.7, 6.9).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Halving {
    /// Why, in the game's words.
    pub what: &'static str,
    /// The rule that sets it.
    pub rule: &'static str,
}

/// When the unit rolls for disorder after this move (6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DisorderCheck {
    /// No risk of disorder.
    Never,
    /// Only if it moves farther than [`Allowance::without_disorder`].
    IfBeyondFirst,
    /// At the end of the move whatever the distance (rear march, 6.5.7).
    Always,
}

/// The distance a mover may cover this turn, and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Allowance {
    /// The Table 3 cell used, as printed on the card.
    pub cell: CellRef,
    /// The entry found there, with its provenance.
    pub rate: Sourced<Rate>,
    /// Inches the mover may go without a disorder roll, after every cost.
    pub without_disorder: Ratio,
    /// Inches it may go with a disorder roll, after every cost (`None`: no greater distance).
    pub with_disorder_roll: Option<Ratio>,
    /// When the disorder roll is made.
    pub disorder_check: DisorderCheck,
    /// The whole move is made in disorder (6.4.2.c, 6.5.2).
    pub moves_in_disorder: bool,
    /// The distance must be moved in full: a routed unit "must move" it (2.1.1).
    pub mandatory: bool,
    /// Why the rate was halved, if it was (each halving applies once, before the costs).
    pub halved_by: Vec<Halving>,
    /// Each deduction, in order.
    pub costs: Vec<MoveCost>,
    /// After dismounting at the end, the first dismounted stand still advances this far from
    /// the horses (6.7.2: "always gets 1" of movement").
    pub dismounted_advance: Option<Ratio>,
    /// A gun that limbers may still fire this turn when limbering takes half a move or less
    /// (6.6.1.c).
    pub may_fire_after_limbering: Option<bool>,
}

impl Allowance {
    /// The greatest distance allowed this turn.
    pub fn maximum(&self) -> Ratio {
        self.with_disorder_roll.unwrap_or(self.without_disorder)
    }

    /// Whether moving `moved` inches calls for a disorder roll (6.2, 6.5.7); an error if it
    /// is beyond the allowance.
    ///
    /// ```
    /// use johnny_reb::rules::movement::{allowance, Ground, MoveRequest, Mover, MovementRulings, TerrainType};
    /// use johnny_reb::rules::unit::{Arm, Formation};
    /// use johnny_reb::rules::{Overrides, Ratio};
    /// let req = MoveRequest {
    ///     mover: Mover::Regiment { arm: Arm::Infantry, formation: Formation::Line, routed: false, stands: 5 },
    ///     ground: Ground::Terrain(TerrainType::Open), bmp: None, manoeuvres: vec![],
    /// };
    /// let a = allowance(&req, &Overrides::new(), &MovementRulings::default()).unwrap();
    /// assert_eq!(a.disorder_roll_due(Ratio::whole(5)), Ok(false));
    /// assert_eq!(a.disorder_roll_due(Ratio::whole(8)), Ok(true));
    /// assert!(a.disorder_roll_due(Ratio::whole(9)).is_err());
    /// ```
    pub fn disorder_roll_due(&self, moved: Ratio) -> RuleResult<bool> {
        if exceeds(moved, self.maximum()) {
            return Err(out_of_range(format!("{moved}\" is beyond the {}\" allowed", self.maximum())));
        }
        Ok(match self.disorder_check {
            DisorderCheck::Never => false,
            DisorderCheck::Always => true,
            DisorderCheck::IfBeyondFirst => exceeds(moved, self.without_disorder),
        })
    }
}

/// A movement question: who moves, over what ground, doing what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRequest {
    /// What moves.
    pub mover: Mover,
    /// The ground moved through or into: the worst any part of the unit enters (6.3.2). A
    /// fence crossed makes it at least broken (6.3.4).
    pub ground: Ground,
    /// Its BMP (Table 5), needed to mount or dismount (6.7.2).
    pub bmp: Option<u8>,
    /// What it does on the way.
    pub manoeuvres: Vec<Manoeuvre>,
}

fn out_of_range(detail: impl Into<String>) -> RuleError {
    RuleError::OutOfRange { what: "movement", detail: detail.into() }
}

/// The Table 3 row a regiment uses (6.7.1: dismounted cavalry moves as infantry; mounted
/// infantry on horseback uses the cavalry rows, RULINGS.md).
///
/// ```
/// use johnny_reb::rules::movement::row_for;
/// use johnny_reb::rules::tables::t03_movement_rates::MoveRow;
/// use johnny_reb::rules::unit::{Arm, Formation};
/// assert_eq!(row_for(Arm::Cavalry { mounted: false }, Formation::Line, false).unwrap(), MoveRow::Line);
/// assert_eq!(row_for(Arm::Cavalry { mounted: true }, Formation::MarchColumn, false).unwrap(), MoveRow::CavalryColumn);
/// ```
pub fn row_for(arm: Arm, formation: Formation, routed: bool) -> RuleResult<MoveRow> {
    if arm == Arm::Artillery {
        return Err(out_of_range("a gun section moves as a gun, not on a regiment's row"));
    }
    let mounted = arm.is_mounted();
    if routed {
        return Ok(if mounted { MoveRow::CavalryRouted } else { MoveRow::Routed });
    }
    let row = match (mounted, formation) {
        (false, Formation::Line) => MoveRow::Line,
        (false, Formation::MarchColumn) => MoveRow::MarchColumn,
        (false, Formation::Skirmish) => MoveRow::Skirmish,
        (false, Formation::Disorder) => MoveRow::Disorder,
        (false, Formation::AttackColumn) => MoveRow::AttackColumn,
        (false, Formation::BrigadeColumn) => MoveRow::BrigadeColumn,
        (false, Formation::ExtendedLine) => MoveRow::ExtendedLine,
        (true, Formation::Line) => MoveRow::CavalryLine,
        (true, Formation::MarchColumn) => MoveRow::CavalryColumn,
        (true, Formation::Skirmish) => MoveRow::CavalrySkirmish,
        (true, Formation::Disorder) => MoveRow::CavalryDisorder,
        (true, f) => {
            return Err(out_of_range(format!(
                "mounted cavalry forms line, column, skirmish or disorder (0.1.2.b), not {}",
                f.label()
            )));
        }
        (false, f) => {
            return Err(out_of_range(format!("{} is an artillery state, not a formation of troops", f.label())));
        }
    };
    Ok(row)
}

fn is_line(f: Formation) -> bool {
    matches!(f, Formation::Line | Formation::BrigadeColumn)
}

fn is_column(f: Formation) -> bool {
    f == Formation::MarchColumn
}

/// The distance a mover may go this turn (6.2-6.9), and what it cost.
///
/// The rate is Table 3's for the row and ground; then, in order: the half rates (about face
/// facing front, rushes, prolonge, officers giving benefits), then the inch costs (wheel,
/// front-to-flank, standing up, mounting, limbering). Costs never take a distance below zero.
///
/// ```
/// use johnny_reb::rules::movement::{allowance, Ground, Manoeuvre, MoveRequest, Mover, MovementRulings, TerrainType};
/// use johnny_reb::rules::unit::{Arm, Formation};
/// use johnny_reb::rules::{Overrides, Ratio};
/// // 6.5.5: a line in broken terrain turns front-to-flank: 5" maximum less 2" leaves 3".
/// let req = MoveRequest {
///     mover: Mover::Regiment { arm: Arm::Infantry, formation: Formation::Line, routed: false, stands: 5 },
///     ground: Ground::Terrain(TerrainType::Broken),
///     bmp: Some(3),
///     manoeuvres: vec![Manoeuvre::FrontToFlank],
/// };
/// let a = allowance(&req, &Overrides::new(), &MovementRulings::default()).unwrap();
/// assert_eq!(a.with_disorder_roll, Some(Ratio::whole(3)));
/// assert_eq!(a.without_disorder, Ratio::whole(1));
/// ```
pub fn allowance(request: &MoveRequest, overrides: &Overrides, rulings: &MovementRulings) -> RuleResult<Allowance> {
    let ground = request.ground.under(rulings);
    let m = &request.manoeuvres;
    let has = |x: Manoeuvre| m.contains(&x);
    let mut costs: Vec<MoveCost> = Vec::new();
    let mut halves: Vec<(&'static str, &'static str)> = Vec::new();
    let mut moves_in_disorder = false;
    let mut mandatory = false;
    let mut disorder_check_always = false;
    let mut short_only = false;
    let mut dismounted_advance = None;
    let mut may_fire_after_limbering = None;

    let (cell, rate): (CellRef, Sourced<Rate>) = match request.mover {
        Mover::Regiment { arm, formation, routed, stands } => {
            if stands == 0 || stands > 25 {
                return Err(out_of_range(format!("a regiment has 1 to 25 stands on the board, not {stands}")));
            }
            let mut formation = formation;
            for x in m {
                match *x {
                    Manoeuvre::Limber | Manoeuvre::Unlimber => {
                        return Err(out_of_range("only artillery limbers or unlimbers (6.6.1)"));
                    }
                    Manoeuvre::Wheel { .. } if !is_line(formation) => {
                        return Err(out_of_range("only a line wheels (6.5.3)"));
                    }
                    Manoeuvre::Turn if !is_column(formation) => {
                        return Err(out_of_range("only a column turns (6.5.4)"));
                    }
                    Manoeuvre::AboutFace { .. } if !is_line(formation) && formation != Formation::ExtendedLine => {
                        return Err(out_of_range("about face is done in line (6.5.6)"));
                    }
                    Manoeuvre::RearMarch if !is_column(formation) => {
                        return Err(out_of_range("rear march is done in column (6.5.7)"));
                    }
                    Manoeuvre::FrontToFlank if !matches!(formation, Formation::Line | Formation::MarchColumn) => {
                        return Err(out_of_range(
                            "front-to-flank turns a column into a line or a line into a column (6.5.5)",
                        ));
                    }
                    Manoeuvre::Rushes if !matches!(formation, Formation::Skirmish | Formation::Disorder) => {
                        return Err(out_of_range("only skirmishers or a disordered unit advance by rushes (6.8.7)"));
                    }
                    Manoeuvre::Mount { .. } | Manoeuvre::Dismount { .. }
                        if !matches!(arm, Arm::Cavalry { .. } | Arm::MountedInfantry { .. }) =>
                    {
                        return Err(out_of_range("only cavalry or mounted infantry mount and dismount (6.7.2)"));
                    }
                    Manoeuvre::Mount { at_start } if at_start != arm.is_mounted() => {
                        return Err(out_of_range(
                            "mounting at the start means moving mounted; mounting at the end means moving on foot (6.7.2)",
                        ));
                    }
                    Manoeuvre::Dismount { at_start } if at_start == arm.is_mounted() => {
                        return Err(out_of_range(
                            "dismounting at the start means moving on foot; dismounting at the end means moving mounted (6.7.2)",
                        ));
                    }
                    Manoeuvre::Oblique { over_45: true }
                        if !routed && formation != Formation::Skirmish && stands > 2 =>
                    {
                        formation = Formation::Disorder;
                        moves_in_disorder = true;
                    }
                    _ => {}
                }
            }
            if routed {
                moves_in_disorder = true;
                mandatory = true;
            }
            // Appendix F.12: a regiment of a single stand is always in disorder.
            if rulings.single_stands && stands == 1 && !routed && formation != Formation::Disorder {
                formation = Formation::Disorder;
                moves_in_disorder = true;
            }
            let row = row_for(arm, formation, routed)?;
            let column = ground.column();
            (troop_rate_ref(row, column), troop_rate(row, column, overrides)?)
        }
        Mover::Crew { routed } => {
            no_manoeuvres_but_oblique(m, "an artillery crew")?;
            mandatory = routed;
            let row = if routed { MoveRow::Routed } else { MoveRow::Skirmish };
            let column = ground.column();
            (troop_rate_ref(row, column), troop_rate(row, column, overrides)?)
        }
        Mover::Officer { giving_benefits } => {
            no_manoeuvres_but_oblique(m, "an officer")?;
            if giving_benefits {
                halves.push(("officer giving leadership benefits", "6.9"));
            }
            let column = ground.column();
            (troop_rate_ref(MoveRow::Officer, column), troop_rate(MoveRow::Officer, column, overrides)?)
        }
        Mover::Gun { weight, how } => {
            for x in m {
                if !matches!(x, Manoeuvre::Limber | Manoeuvre::Unlimber | Manoeuvre::Oblique { .. } | Manoeuvre::Turn) {
                    return Err(out_of_range(format!("a gun section does not {x:?} (6.6)")));
                }
            }
            let (cell, value) = match how {
                GunMove::HandPush => {
                    if has(Manoeuvre::Limber) || has(Manoeuvre::Unlimber) {
                        return Err(out_of_range("a gun pushed by hand is unlimbered (6.6.3)"));
                    }
                    let v = gun_hand_push(weight, ground, overrides, rulings)?;
                    let col = ground_label_for_gun(ground, "hand-pushed (E)");
                    (CellRef::new(t03::TABLE, t03::weight_label(weight), col), v)
                }
                GunMove::Limbered | GunMove::Prolonge => {
                    if how == GunMove::Prolonge {
                        halves.push(("prolonge", "6.6.2"));
                    }
                    let v = gun_limbered(weight, ground, overrides)?;
                    let col = match ground {
                        Ground::Trail(_) => ground.column().label().to_string(),
                        _ => ground_label_for_gun(ground, "limbered (D)"),
                    };
                    (CellRef::new(t03::TABLE, t03::weight_label(weight), col), v)
                }
            };
            (cell, Sourced { value: Rate::One(value.value), source: value.source })
        }
    };

    let (mut x, mut y) = match rate.value {
        Rate::NotApplicable => {
            return Err(out_of_range(format!(
                "{cell} is NA: this formation cannot use it (6.3.1); move at the rate of the terrain the road or trail runs through"
            )));
        }
        Rate::One(v) => (v, None),
        Rate::Two { without_disorder, with_disorder_roll } => (without_disorder, Some(with_disorder_roll)),
    };

    for man in m {
        match *man {
            Manoeuvre::AboutFace { facing_front: true } => halves.push(("backwards facing the front", "6.5.6")),
            Manoeuvre::Rushes => halves.push(("advancing by rushes", "6.8.7")),
            Manoeuvre::RearMarch => {
                short_only = true;
                disorder_check_always = true;
            }
            _ => {}
        }
    }
    let full_x = x;
    for _ in &halves {
        x = x.mul(Ratio::HALF);
        y = y.map(|v| v.mul(Ratio::HALF));
    }
    let halved_by: Vec<Halving> = halves.iter().map(|(what, rule)| Halving { what, rule }).collect();
    if short_only {
        y = None;
    }

    let mut deduct = |what: &'static str, rule: &'static str, inches: Ratio, costs: &mut Vec<MoveCost>| {
        x = sub_saturating(x, inches);
        y = y.map(|v| sub_saturating(v, inches));
        costs.push(MoveCost { what, rule, inches });
    };
    for man in m {
        match *man {
            Manoeuvre::Wheel { at_least_45 } => {
                let (cell, what) = if at_least_45 {
                    (t04::WHEEL_45_OR_MORE_COST, "wheel of 45 degrees or more")
                } else {
                    (t04::WHEEL_UNDER_45_COST, "wheel under 45 degrees")
                };
                let v = *cell.value().unwrap_or(&Ratio::ZERO);
                deduct(what, "6.5.3", v, &mut costs);
            }
            Manoeuvre::FrontToFlank => {
                let v = *t04::FRONT_TO_FLANK_COST.value().unwrap_or(&Ratio::ZERO);
                deduct("front-to-flank", "6.5.5", v, &mut costs);
            }
            Manoeuvre::StandUp => deduct("standing up from prone", "6.8.5", Ratio::whole(1), &mut costs),
            Manoeuvre::Mount { .. } | Manoeuvre::Dismount { .. } => {
                let bmp =
                    request.bmp.ok_or_else(|| out_of_range("the unit's BMP is needed to mount or dismount (6.7.2)"))?;
                let mounted_move = matches!(request.mover, Mover::Regiment { arm, .. } if arm.is_mounted());
                let inches = mounting_cost(bmp, mounted_move)?;
                let what = if mounted_move {
                    "mount or dismount, twice BMP for mounted movement"
                } else {
                    "mount or dismount, BMP for dismounted movement"
                };
                deduct(what, "6.7.2", inches, &mut costs);
                if *man == (Manoeuvre::Dismount { at_start: false }) {
                    dismounted_advance = Some(Ratio::whole(1));
                }
            }
            Manoeuvre::Limber | Manoeuvre::Unlimber => {
                if let Mover::Gun { weight, .. } = request.mover {
                    let (fraction, what) = if *man == Manoeuvre::Limber {
                        (cost_to_limber(weight, overrides)?.value, "limber")
                    } else {
                        (cost_to_unlimber(weight, overrides)?.value, "unlimber")
                    };
                    let inches = full_x.mul(fraction);
                    deduct(what, "6.6.1", inches, &mut costs);
                    if *man == Manoeuvre::Limber {
                        may_fire_after_limbering = Some(!exceeds(fraction, Ratio::HALF));
                    }
                }
            }
            _ => {}
        }
    }

    let disorder_check = if disorder_check_always {
        DisorderCheck::Always
    } else if y.is_some() {
        DisorderCheck::IfBeyondFirst
    } else {
        DisorderCheck::Never
    };
    Ok(Allowance {
        cell,
        rate,
        without_disorder: x,
        with_disorder_roll: y,
        disorder_check,
        moves_in_disorder,
        mandatory,
        halved_by,
        costs,
        dismounted_advance,
        may_fire_after_limbering,
    })
}

/// What mounting or dismounting costs of a move (6.7.2): twice the BMP in inches when the move
/// itself is made mounted, the BMP when it is made on foot. (Table 4's summary says "deduct
/// unit's BMP"; the rule and its three examples govern, RULINGS.md.) Card inches.
///
/// ```
/// use johnny_reb::rules::movement::mounting_cost;
/// use johnny_reb::rules::Ratio;
/// // 6.7.2: the mounted column pays 2 x 3 BMP; the 15th Virginia on foot pays its BMP of 3.
/// assert_eq!(mounting_cost(3, true).unwrap(), Ratio::whole(6));
/// assert_eq!(mounting_cost(3, false).unwrap(), Ratio::whole(3));
/// ```
pub fn mounting_cost(bmp: u8, mounted_move: bool) -> RuleResult<Ratio> {
    check_bmp(bmp)?;
    Ok(Ratio::whole(u32::from(bmp) * if mounted_move { 2 } else { 1 }))
}

/// The formation a front-to-flank turns a unit into (6.5.5): a column into a line, a line into
/// a column. Any other formation cannot turn front-to-flank.
///
/// ```
/// use johnny_reb::rules::movement::front_to_flank;
/// use johnny_reb::rules::unit::Formation;
/// assert_eq!(front_to_flank(Formation::MarchColumn).unwrap(), Formation::Line);
/// assert!(front_to_flank(Formation::Skirmish).is_err());
/// ```
pub fn front_to_flank(formation: Formation) -> RuleResult<Formation> {
    match formation {
        Formation::Line => Ok(Formation::MarchColumn),
        Formation::MarchColumn => Ok(Formation::Line),
        f => Err(out_of_range(format!(
            "front-to-flank turns a column into a line or a line into a column (6.5.5), not {}",
            f.label()
        ))),
    }
}

fn no_manoeuvres_but_oblique(m: &[Manoeuvre], who: &str) -> RuleResult<()> {
    match m.iter().find(|x| !matches!(x, Manoeuvre::Oblique { .. })) {
        Some(x) => Err(out_of_range(format!("{who} moves freely and does not {x:?} (6.6.5, 6.9)"))),
        None => Ok(()),
    }
}

fn ground_label_for_gun(ground: Ground, what: &str) -> String {
    format!("{}, {what}", gun_column(ground).label())
}

pub(crate) fn check_bmp(bmp: u8) -> RuleResult<()> {
    if bmp > 12 {
        Err(RuleError::OutOfRange { what: "BMP", detail: format!("a BMP of {bmp} is not on Table 5 or 17") })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests;
