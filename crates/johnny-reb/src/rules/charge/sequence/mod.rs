//! Table 16, the Charge Sequence, as a state machine.
//!
//! A [`Charge`] is declared ([`Charge::declare`], step 1) and then advanced one step at a time
//! with [`Charge::advance`]: the machine's state plus that step's [`Input`] (rolls, inches,
//! terrain, the players' answers) give the next state and what happened, in words with rule
//! numbers. [`Charge::waiting_for`] says what the current step needs ([`Need`]); an input
//! that lacks something (a disorder roll once the greater distance is taken...) gives
//! [`Advance::Waiting`] with what is still missing, and the state is unchanged.
//!
//! What other parts of the engine compute is taken as input: the kills of defensive fire (rule
//! 4), the MMPs of morale checks (Tables 5 and 6, 17 and 18: the morale engine) and melee kills
//! ([`super::melee`]). The machine applies them, runs the morale checks, and follows Table 16.
//!
//! One function resolves each Table 16 step, in a file for each group of steps:
//! `declare` (step 1), `reaction` (step 2), `total_move` (step 3), `close` (step 4),
//! `defensive_fire` (steps 5 and 6, 8 and 9), `fear_of_charge` (step 7), `rout_move`
//! (a defender's forced rout move, steps 7 and 11), `roll_for_impact` (step 10),
//! `impact_loser` (step 11), `melee_round` (step 12) and `cavalry_melee` (5.5.5.b, which
//! takes the place of steps 7 and 12 when cavalry charges cavalry). [`Charge::advance_with`]
//! calls the one the machine's [`Stage`] and the [`Input`] name.

mod cavalry_melee;
mod close;
mod declare;
mod defensive_fire;
mod fear_of_charge;
mod impact_loser;
mod input;
mod melee_round;
mod reaction;
mod roll_for_impact;
mod rout_move;
#[cfg(test)]
mod tests;
mod total_move;

pub use declare::{ChargeSetup, ChargedUnit, ChargingUnit, Objective, Waves};
pub use input::{CounterchargeInput, FireEffect, Input, MoraleCheckInput, OfficerRoll};

use super::cavalry::CavalryAftermath;
use super::distance::ChargeMarks;
use super::impact::{ImpactSeries, ImpactWinner, wave_assault_benefit};
use super::{ChargeRulings, Happened, Side, inches_ge};
use crate::rules::morale::{AfterCheck, Aspect, ChargeElan, ChargeSituation, check};
use crate::rules::tables::t16_charge_sequence::{SequenceStep, step};
use crate::rules::tables::t20_officer_casualty::CasualtyEffect;
use crate::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Terrain};
use crate::rules::{Overrides, Ratio, RuleError, RuleResult};
use serde::{Deserialize, Serialize};

/// Where the machine stands: the step it is waiting to resolve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// 5.5.5.b: cavalry sights cavalry.
    CavalrySighting,
    /// Step 2.
    ChargedUnitReaction,
    /// Step 3a.
    NormalMove,
    /// Step 3b.
    Bonus,
    /// Step 3c.
    AttemptToHalt,
    /// Step 4.
    Close,
    /// Steps 5 and 6.
    DefensiveFireOne,
    /// Step 7.
    FearOfCharge,
    /// Steps 8 and 9.
    DefensiveFireTwo,
    /// Step 10.
    Impact,
    /// Step 11: the losing defender's die.
    DefenderLossDie,
    /// Step 11: a loser's two dice of retreat.
    Retire(Side),
    /// A routed defender's forced rout move (5.5.4 after fear of charge; 5.7.3.b after impact).
    DefenderRoutMove,
    /// Step 12: a melee round.
    Melee,
    /// 5.5.5.b.2: the striking side in a cavalry melee; `second` once the first has struck.
    CavalryStrike {
        /// Who strikes now.
        striker: Side,
        /// The other side has already struck.
        second: bool,
    },
    /// The charge is over.
    Ended,
}

/// What the current step is waiting for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Need {
    /// [`Input::CavalrySighting`].
    CavalrySighting,
    /// [`Input::ChargedUnitMoved`] or [`Input::ChargedUnitStays`]; `may_change_formation` is
    /// false when the charge begins within 3" (5.2.1).
    ChargedUnitReaction {
        /// The charged unit's order.
        order: Option<OrderKind>,
        /// It may still form (FM, charge beginning beyond 3").
        may_change_formation: bool,
    },
    /// [`Input::NormalMove`].
    NormalMove,
    /// The disorder roll: one die, which must be higher than this (Table 3).
    DisorderRoll {
        /// The modified BMP.
        must_beat: i32,
    },
    /// [`Input::Bonus`] or [`Input::NoBonus`].
    Bonus,
    /// [`Input::HaltRoll`]: one die, which must be higher than this (5.3.3).
    HaltRoll {
        /// The BMP less the officer's benefit.
        must_beat: i32,
    },
    /// [`Input::Close`] or, if allowed, [`Input::Countercharge`].
    Close {
        /// The defender is on Hold (or charging the charger) and may countercharge.
        may_countercharge: bool,
    },
    /// [`Input::DefensiveFire`]: Table 16 step 5 (first fire) or 8 (second fire, always at
    /// close range, 5.6).
    DefensiveFire {
        /// The Table 16 step: 5 or 8.
        step: u8,
    },
    /// [`Input::FearOfCharge`].
    FearOfCharge,
    /// [`Input::RoutMove`] for the defender.
    RoutMove,
    /// [`Input::Impact`], or for guns [`Input::ArtilleryImpact`] / [`Input::CrewFlees`].
    ImpactRolls {
        /// The target is artillery (5.7.1.b).
        against_artillery: bool,
        /// The charger's elan, part of its impact MMP (5.1.3).
        charger_elan: i32,
        /// The following waves' benefit, part of the first unit's impact MMP (6.8.8.b).
        wave_benefit: i32,
        /// The charging unit is in disorder at the point of contact (Table 18 "Disorder").
        charger_disordered: bool,
    },
    /// [`Input::LossDie`]: higher than this or the defender routs (5.7.3.b).
    LossDie {
        /// The Table 17 BMP less the officer's benefit.
        must_beat: i32,
    },
    /// [`Input::Retire`] for this side.
    Retire(Side),
    /// [`Input::MeleeRound`].
    MeleeRound {
        /// The round, from 1.
        round: u32,
        /// From the second round both sides count as in disorder with all figures (5.8.2).
        both_in_disorder_all_figures: bool,
        /// The defender fights back (not if marked Disengage, 5.8.2).
        defender_fights_back: bool,
    },
    /// [`Input::CavalryStrike`] by this side.
    CavalryStrike(Side),
    /// The officer of this side was hit in the melee: his effect die is needed (8, Table 20).
    OfficerEffectDie(Side),
    /// The charge is over.
    Nothing,
}

/// How the charge ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The charge did not reach the temporary halt 3" from the target (5.3.4): it ends at its
    /// total charge distance (RULINGS.md).
    FellShort,
    /// It reached 3" but its total charge distance does not reach the defender: it halts there
    /// after the fear-of-charge step (RULINGS.md).
    HaltedShort,
    /// A countercharge or charge against a charge that did not meet.
    NoContact,
    /// Defensive fire stopped the charge: the charger is shaken (halted), routed (forced rout
    /// move from where it was fired on) or removed (5.4.3).
    ChargerStopped(Option<MoraleLevel>),
    /// The defender was removed by a morale check.
    DefenderRemoved,
    /// The defender routed out of reach of the charge.
    DefenderRouted,
    /// The defender routed and was caught: it surrenders (5.5.4, 5.5.5.a, 5.7.4).
    DefenderSurrendered,
    /// The defender lost the impact and retired shaken out of reach (5.7.3.b, 5.7.4).
    DefenderDrivenBack,
    /// The charger lost the impact and fell back shaken and in disorder (5.7.3.a); in a wave
    /// assault all waves are thrown back (6.8.8.b).
    ChargerRepulsed,
    /// The gun crew fled; the charger takes the guns (5.7).
    GunsTaken,
    /// A side routed in melee and surrendered (5.8.2).
    MeleeSurrender(Side),
    /// Both routed in the same melee round: both make the forced rout move away from each
    /// other (5.8.2).
    MeleeBothRout,
    /// Cavalry against cavalry (5.5.5.b.3): each side's lot.
    Cavalry {
        /// The charging cavalry.
        charger: CavalryAftermath,
        /// The defending cavalry.
        defender: CavalryAftermath,
    },
}

impl Outcome {
    /// How the charge ended, in a few words for the players.
    ///
    /// ```
    /// use johnny_reb::rules::charge::{Outcome, Side};
    /// assert_eq!(Outcome::MeleeSurrender(Side::Defender).words(), "the defender routs in the melee and surrenders");
    /// ```
    pub fn words(self) -> &'static str {
        match self {
            Outcome::FellShort => "it falls short of the temporary halt",
            Outcome::HaltedShort => "it halts short of the defender",
            Outcome::NoContact => "the two units do not meet",
            Outcome::ChargerStopped(Some(MoraleLevel::Shaken)) => "the charging unit is shaken by defensive fire",
            Outcome::ChargerStopped(Some(MoraleLevel::Routed)) => "the charging unit is routed by defensive fire",
            Outcome::ChargerStopped(_) => "the charging unit is destroyed",
            Outcome::DefenderRemoved => "the defender is removed",
            Outcome::DefenderRouted => "the defender routs out of reach",
            Outcome::DefenderSurrendered => "the defender is caught and surrenders",
            Outcome::DefenderDrivenBack => "the defender is driven back",
            Outcome::ChargerRepulsed => "the charging unit is thrown back",
            Outcome::GunsTaken => "the guns are taken",
            Outcome::MeleeSurrender(Side::Charger) => "the charging unit routs in the melee and surrenders",
            Outcome::MeleeSurrender(Side::Defender) => "the defender routs in the melee and surrenders",
            Outcome::MeleeBothRout => "both rout in the melee",
            Outcome::Cavalry { .. } => "the cavalry melee is over",
        }
    }
}

fn level_word(l: MoraleLevel) -> &'static str {
    match l {
        MoraleLevel::Good => "good",
        MoraleLevel::Shaken => "shaken",
        MoraleLevel::Routed => "routed",
    }
}

/// The result of [`Charge::advance`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advance {
    /// The step was resolved: the next state and what happened.
    Next {
        /// The charge after the step.
        charge: Box<Charge>,
        /// What happened in this step.
        happened: Vec<Happened>,
    },
    /// The input lacks something: what the step is still waiting for. State unchanged.
    Waiting(Need),
}

/// A charge in progress (Table 16).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Charge {
    /// What was declared.
    pub setup: ChargeSetup,
    /// The step waiting to be resolved.
    pub stage: Stage,
    /// Inches from the charger's start to the defender (after any move of the defender in
    /// step 2).
    pub distance: Ratio,
    /// The charging unit's morale now.
    pub charger_morale: MoraleLevel,
    /// The defender's morale now.
    pub defender_morale: MoraleLevel,
    /// The charging unit's figures now.
    pub charger_figures: u32,
    /// The defender's figures now.
    pub defender_figures: u32,
    /// The defender's formation now.
    pub defender_formation: Formation,
    /// The charge elan modifier (5.1.3): -1, -2 with empty guns, 0 for a second turn's charge
    /// or once the charge is stopped.
    pub elan: i32,
    /// The charge is in disorder from its start (5.1.2, 5.1.4, 6.7.3, or already disordered).
    pub disordered_from_start: bool,
    /// The disorder roll of the normal move failed (5.3.1).
    pub failed_disorder_roll: bool,
    /// The normal move, once given (5.3.1).
    pub normal_move: Option<Ratio>,
    /// The worst terrain of the charge path, once given (6.3.1, 5.3.2.b).
    pub charge_terrain: Option<Terrain>,
    /// The impact's result, once rolled (5.7).
    pub impact: Option<ImpactWinner>,
    /// The marked distances, once marked (5.3).
    pub marks: Option<ChargeMarks>,
    /// The charger turned to face a countercharge from outside its primary zone (5.3.5.c).
    pub charger_turned_in_disorder: bool,
    /// Both units charged (a countercharge or charge against charge): no fear of charge.
    pub both_charging: bool,
    /// Mounted cavalry against mounted cavalry (5.5.5.b).
    pub cavalry_vs_cavalry: bool,
    /// The defender is in disorder (disengaging 5.2.2, countercharging 5.3.5.b, failed the
    /// cavalry sighting 5.5.5.b, lost the impact 5.7.3).
    pub defender_disordered: bool,
    /// The defender is charged-on-rear for every charge check (disengaging or routed, 5.2.2,
    /// 5.5.3.a).
    pub defender_charged_on_rear: bool,
    /// The defender is charged-while-forming (5.2.1): +3 to its charge checks.
    pub defender_charged_while_forming: bool,
    /// The defender is on Conditional Hold: marked CH, or marked Move and changed to CH when
    /// charged (3.2, 5.2.3): +1 to its morale if charged, half effect fire.
    pub defender_on_conditional_hold: bool,
    /// The current melee round (0 before any melee).
    pub melee_round: u32,
    /// How the charge ended, once it has.
    pub outcome: Option<Outcome>,
    /// Everything that happened, in order.
    pub log: Vec<Happened>,
    /// The charger came within 3" of its target and was not stopped by the first defensive
    /// fire (Table 16 step 6): from here the units it came within 3" of check fear of charge
    /// (5.5.1; [`Charge::bystanders_check`]).
    #[serde(default)]
    pub within_3_inches: bool,
    /// The charged unit has taken its fear-of-charge check in this charge, or in an earlier
    /// wave of the same wave assault: it takes only one (6.8.8.b).
    #[serde(default)]
    pub defender_checked_fear: bool,
    /// Officers used in the melee and hit by their casualty roll (5.8.2, 8, Table 20): the
    /// side and the round, and the effect.
    #[serde(default)]
    pub officer_casualties: Vec<MeleeOfficerCasualty>,
    /// An unequal impact (5.7.2): the lone unit's series of one-on-one impacts.
    #[serde(default)]
    pub series: Option<ImpactSeries>,
    /// What the players have said of the units' situations at the steps taken so far, so that
    /// each later step starts from it and nothing is asked twice. Not written while empty, so
    /// that a charge saved before conditions were kept is written back as it was read.
    #[serde(default, skip_serializing_if = "Conditions::is_empty")]
    pub conditions: Conditions,
}

/// What the players have said of the two units' situations at earlier steps: each side's
/// situation for its charge checks (cover, where it is charged from, bayonets, and stands lost
/// and officer where the roster does not know them: Tables 17 and 18, 5.5.3), and how the
/// charging unit was fired on (4.4.3.a). The fear-of-charge check (5.5.2) and the impact
/// (5.7.1.a) read the same Table 18 conditions: the cover given for the one is the cover of
/// the other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Conditions {
    /// The charging unit's situation, once given.
    pub charger: Option<ChargeSituation>,
    /// The charged unit's situation, once given.
    pub defender: Option<ChargeSituation>,
    /// Where the charging unit was fired on by defensive fire (4.4.3.a), once given.
    pub fired_on: Option<Aspect>,
}

impl Conditions {
    /// Nothing given yet.
    pub fn is_empty(&self) -> bool {
        *self == Conditions::default()
    }

    /// A side's situation as given, or the default (in the open, charged on the front).
    pub fn of(&self, side: Side) -> ChargeSituation {
        match side {
            Side::Charger => self.charger,
            Side::Defender => self.defender,
        }
        .unwrap_or_default()
    }

    /// These conditions with a side's situation given at this step.
    pub fn with(mut self, side: Side, situation: ChargeSituation) -> Conditions {
        match side {
            Side::Charger => self.charger = Some(situation),
            Side::Defender => self.defender = Some(situation),
        }
        self
    }
}

/// An officer used in a melee who was hit by his casualty roll (5.8.2, 8, Table 20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeleeOfficerCasualty {
    /// The side he fought with.
    pub side: Side,
    /// The melee round (or 0 for a cavalry strike).
    pub round: u32,
    /// What the hit did (Table 20, effect die).
    pub effect: CasualtyEffect,
}

fn out_of_range(what: &'static str, detail: impl Into<String>) -> RuleError {
    RuleError::OutOfRange { what, detail: detail.into() }
}

/// Runs morale checks in order. With `stop_at_failure`, stops at the first check that lowers
/// the level (the charge halts at once, 5.4.3). `None` is removal.
fn run_checks(
    who: &str,
    level: MoraleLevel,
    checks: &[MoraleCheckInput],
    stop_at_failure: bool,
    happened: &mut Vec<Happened>,
) -> Option<MoraleLevel> {
    let mut now = level;
    for (k, c) in checks.iter().enumerate() {
        let r = check(c.mmp, c.roll, now);
        let after = match r.after {
            AfterCheck::Morale(l) => Some(l),
            AfterCheck::Removed => None,
        };
        happened.push(Happened::new(
            "2.3",
            format!(
                "{who} checks morale{}: MMP {}, rolled {}: {}.",
                if checks.len() > 1 { format!(" ({} of {})", k + 1, checks.len()) } else { String::new() },
                c.mmp,
                c.roll.total(),
                match after {
                    Some(l) if l == now => format!("passes, stays {}", level_word(l)),
                    Some(l) => format!("now {}", level_word(l)),
                    None => "removed from play".to_string(),
                }
            ),
        ));
        match after {
            None => return None,
            Some(l) => {
                let worse = l > now;
                now = l;
                if worse && stop_at_failure {
                    break;
                }
            }
        }
    }
    Some(now)
}

/// The order in which charges are resolved (5.1.5): nearest charger-to-target distance first,
/// each completely before the next. Takes each charge's distance and gives their indices in
/// order; equal distances keep the order given (the players settle them).
///
/// ```
/// use johnny_reb::rules::charge::sequence::resolution_order;
/// use johnny_reb::rules::Ratio;
/// // 5.1.5: a charge from 8" is resolved after one from 6".
/// assert_eq!(resolution_order(&[Ratio::whole(8), Ratio::whole(6)]), vec![1, 0]);
/// ```
pub fn resolution_order(distances: &[Ratio]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..distances.len()).collect();
    order.sort_by(|&a, &b| match (distances.get(a), distances.get(b)) {
        (Some(x), Some(y)) => super::inches_cmp(*x, *y),
        _ => std::cmp::Ordering::Equal,
    });
    order
}

/// What a step function made of its input: the step is resolved (the dispatcher keeps the
/// charge as the step left it), or the input lacks something and the charge stays as it was.
enum Resolved {
    /// The step is resolved.
    Next,
    /// The step still waits for this.
    Waiting(Need),
}

impl Charge {
    /// The printed Table 16 step the machine is at.
    pub fn table16_step(&self) -> Option<SequenceStep> {
        match self.stage {
            Stage::CavalrySighting => step(7, None),
            Stage::ChargedUnitReaction => step(2, None),
            Stage::NormalMove => step(3, Some('a')),
            Stage::Bonus => step(3, Some('b')),
            Stage::AttemptToHalt => step(3, Some('c')),
            Stage::Close => step(4, None),
            Stage::DefensiveFireOne => step(5, None),
            Stage::FearOfCharge | Stage::DefenderRoutMove => step(7, None),
            Stage::DefensiveFireTwo => step(8, None),
            Stage::Impact => step(10, None),
            Stage::DefenderLossDie | Stage::Retire(_) => step(11, None),
            Stage::Melee | Stage::CavalryStrike { .. } => step(12, None),
            Stage::Ended => None,
        }
    }

    /// The charging unit is in disorder at the point of contact with the defender.
    pub fn charger_disordered_at_contact(&self) -> bool {
        self.disordered_from_start
            || self.charger_turned_in_disorder
            || self.marks.as_ref().is_some_and(|m| m.disordered_at(self.distance))
    }

    fn wave_benefit(&self) -> i32 {
        wave_assault_benefit(self.setup.waves.in_good_order, self.setup.waves.in_disorder)
    }

    /// The charging unit's elan as the morale engine names it (5.1.3).
    pub fn morale_elan(&self) -> ChargeElan {
        match self.elan {
            -1 => ChargeElan::Charging,
            e if e <= -2 => ChargeElan::EmptyGuns,
            _ => ChargeElan::None,
        }
    }

    /// What the current step is waiting for.
    pub fn waiting_for(&self) -> Need {
        match self.stage {
            Stage::CavalrySighting => Need::CavalrySighting,
            Stage::ChargedUnitReaction => Need::ChargedUnitReaction {
                order: self.setup.defender.order,
                may_change_formation: self.setup.defender.order == Some(OrderKind::FormationChange)
                    && !inches_ge(Ratio::whole(3), self.distance),
            },
            Stage::NormalMove => Need::NormalMove,
            Stage::Bonus => Need::Bonus,
            Stage::AttemptToHalt => Need::HaltRoll {
                must_beat: self.setup.charger.bmp.saturating_sub(i32::from(self.setup.charger.officer_benefit)),
            },
            Stage::Close => Need::Close {
                may_countercharge: self.cavalry_vs_cavalry
                    || matches!(self.setup.defender.order, Some(OrderKind::Hold) | Some(OrderKind::Charge)),
            },
            Stage::DefensiveFireOne => Need::DefensiveFire { step: 5 },
            Stage::FearOfCharge => Need::FearOfCharge,
            Stage::DefensiveFireTwo => Need::DefensiveFire { step: 8 },
            Stage::DefenderRoutMove => Need::RoutMove,
            Stage::Impact => Need::ImpactRolls {
                against_artillery: self.setup.defender.arm == Arm::Artillery,
                charger_elan: self.elan,
                wave_benefit: self.wave_benefit(),
                charger_disordered: self.charger_disordered_at_contact(),
            },
            Stage::DefenderLossDie => Need::LossDie {
                must_beat: self
                    .setup
                    .defender
                    .table17_bmp
                    .saturating_sub(i32::from(self.setup.defender.officer_benefit)),
            },
            Stage::Retire(side) => Need::Retire(side),
            Stage::Melee => Need::MeleeRound {
                round: self.melee_round,
                both_in_disorder_all_figures: self.melee_round >= 2,
                defender_fights_back: self.setup.defender.order != Some(OrderKind::Disengage),
            },
            Stage::CavalryStrike { striker, .. } => Need::CavalryStrike(striker),
            Stage::Ended => Need::Nothing,
        }
    }

    /// Resolves the current step with its input (Table 16), using the default rulings and no
    /// entries of the players.
    ///
    /// ```
    /// use johnny_reb::rules::charge::sequence::*;
    /// use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Terrain};
    /// use johnny_reb::rules::{Die, Ratio};
    /// # let setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 24, stands: 4, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// let c = Charge::declare(setup).unwrap();
    /// let Advance::Next { charge: c, .. } = c.advance(Input::ChargedUnitStays).unwrap() else { panic!() };
    /// // The greater Table 3 distance without its disorder roll: the step asks for the die.
    /// let move8 = Input::NormalMove { inches: Ratio::whole(8), greater_distance: true, disorder_roll: None, terrain: Terrain::Open, woods: None };
    /// assert_eq!(c.advance(move8).unwrap(), Advance::Waiting(Need::DisorderRoll { must_beat: 3 }));
    /// let move8 = Input::NormalMove { inches: Ratio::whole(8), greater_distance: true, disorder_roll: Some(Die::new(5).unwrap()), terrain: Terrain::Open, woods: None };
    /// let Advance::Next { charge: c, happened } = c.advance(move8).unwrap() else { panic!() };
    /// assert_eq!(c.waiting_for(), Need::Bonus);
    /// assert!(happened.iter().any(|e| e.rule == "5.3.1"));
    /// ```
    pub fn advance(&self, input: Input) -> RuleResult<Advance> {
        self.advance_with(input, &ChargeRulings::default(), &Overrides::new())
    }

    /// Resolves the current step with its input and what the players said of the units'
    /// situations at it (kept for the steps after it, [`Conditions`]).
    pub fn advance_given(
        &self,
        input: Input,
        conditions: Conditions,
        rulings: &ChargeRulings,
        overrides: &Overrides,
    ) -> RuleResult<Advance> {
        let mut given = self.clone();
        given.conditions = conditions;
        given.advance_with(input, rulings, overrides)
    }

    /// Resolves the current step with its input (Table 16): the next state and what happened,
    /// or what is still missing. An input of the wrong kind for the step is an error. The
    /// players' table entries (`overrides`) serve Appendix F.13's Table 10 lookup.
    ///
    /// Each arm names the stage and the input it takes, and calls that step's own function (in
    /// the file of its group of steps). A step function reads the charge as it stood (`self`)
    /// and writes the charge as the step leaves it (`c`, a copy) and what happened (`h`); a
    /// refusal or a step still waiting drops both, so the charge is unchanged.
    pub fn advance_with(&self, input: Input, rulings: &ChargeRulings, overrides: &Overrides) -> RuleResult<Advance> {
        let mut c = self.clone();
        let mut h = Vec::new();
        let resolved = match (self.stage, input) {
            (Stage::Ended, _) => return Ok(Advance::Waiting(Need::Nothing)),
            (Stage::CavalrySighting, Input::CavalrySighting { check: chk, countercharge, must_turn_over_45 }) => {
                self.cavalry_sighting(&mut c, &mut h, chk, countercharge, must_turn_over_45)?
            }
            (Stage::ChargedUnitReaction, Input::ChargedUnitStays) => self.charged_unit_stays(&mut c, &mut h)?,
            (Stage::ChargedUnitReaction, Input::ChargedUnitMoved { distance_now, new_formation }) => {
                self.charged_unit_moved(&mut c, &mut h, distance_now, new_formation)?
            }
            (Stage::NormalMove, input @ Input::NormalMove { .. }) => {
                self.normal_move(&mut c, &mut h, input, rulings, overrides)?
            }
            (Stage::Bonus, Input::NoBonus) => self.no_bonus(&mut c, &mut h)?,
            (Stage::Bonus, Input::Bonus { path, dice }) => self.bonus(&mut c, &mut h, path, &dice, rulings)?,
            (Stage::AttemptToHalt, Input::HaltRoll(die)) => self.attempt_to_halt(&mut c, &mut h, die)?,
            (Stage::Close, Input::Close) => self.close(&mut c, &mut h)?,
            (Stage::Close, Input::Countercharge(cc)) => self.countercharge(&mut c, &mut h, &cc, rulings)?,
            (Stage::DefensiveFireOne | Stage::DefensiveFireTwo, Input::DefensiveFire(fire)) => {
                self.defensive_fire(&mut c, &mut h, &fire)?
            }
            (Stage::FearOfCharge, Input::FearOfCharge(chk)) => self.fear_of_charge(&mut c, &mut h, chk)?,
            (Stage::DefenderRoutMove, Input::RoutMove { terrain, dice }) => {
                self.rout_move(&mut c, &mut h, terrain, &dice, rulings)?
            }
            (Stage::Impact, Input::CrewFlees) => self.crew_flees(&mut c, &mut h)?,
            (Stage::Impact, Input::ArtilleryImpact { charger_roll, artillery_roll }) => {
                self.roll_artillery_impact(&mut c, &mut h, charger_roll, artillery_roll)?
            }
            (Stage::Impact, Input::Impact { charger_mmp, charger_roll, defender_mmp, defender_roll }) => {
                self.roll_impact(&mut c, &mut h, charger_mmp, charger_roll, defender_mmp, defender_roll)?
            }
            (Stage::DefenderLossDie, Input::LossDie(die)) => self.loss_die(&mut c, &mut h, die)?,
            (Stage::Retire(Side::Charger), Input::Retire(dice)) => self.charger_falls_back(&mut c, &mut h, dice)?,
            (Stage::Retire(Side::Defender), Input::Retire(dice)) => self.defender_retires(&mut c, &mut h, dice)?,
            (Stage::Melee, input @ Input::MeleeRound { .. }) => self.melee_round(&mut c, &mut h, input)?,
            (Stage::CavalryStrike { striker, second }, input @ Input::CavalryStrike { .. }) => {
                self.cavalry_strike(&mut c, &mut h, striker, second, input)?
            }
            _ => return Err(self.wrong_input()),
        };
        match resolved {
            Resolved::Next => self.next(c, h),
            Resolved::Waiting(need) => Ok(Advance::Waiting(need)),
        }
    }

    /// The step resolved: what happened joins the charge's log.
    fn next(&self, mut charge: Charge, happened: Vec<Happened>) -> RuleResult<Advance> {
        charge.log.extend(happened.iter().cloned());
        Ok(Advance::Next { charge: Box::new(charge), happened })
    }

    /// Ends the charge with its outcome (the elan ends with it, 5.1.3).
    fn end(charge: &mut Charge, outcome: Outcome, happened: &mut Vec<Happened>) {
        charge.stage = Stage::Ended;
        charge.outcome = Some(outcome);
        charge.elan = 0;
        happened.push(Happened::new("Table 16", format!("The charge ends: {}.", outcome.words())));
    }

    fn wrong_input(&self) -> RuleError {
        out_of_range("charge step", format!("this step waits for {:?}", self.waiting_for()))
    }

    fn total(&self) -> Ratio {
        self.marks.as_ref().map(|m| m.total).unwrap_or(Ratio::ZERO)
    }
}
