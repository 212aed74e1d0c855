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

use super::cavalry::{CavalryAftermath, Woods, cavalry_aftermath, charge_through_woods, describe_aftermath};
use super::distance::{
    BonusPath, ChargeMarks, ChargeMoveSetup, ChargingArm, attempt_to_halt, bonus_move, chance_to_cover, disorder_roll,
    disorder_roll_target, mark_charge, night_terrain,
};
use super::impact::{
    ImpactSeries, ImpactWinner, artillery_impact, charger_loses, describe_breakthrough, impact, impact_odds,
    wave_assault_benefit,
};
use super::melee::{MeleeEnd, MeleeKills, MeleeUnit, melee_round_end, melee_strength};
use super::{ChargeRulings, Happened, Side, inches_add, inches_ge, inches_sub, show_inches};
use crate::rules::morale::{
    AfterCheck, Aspect, ChargeElan, ChargeSituation, Charger as MoraleCharger, CheckReason, ImpactSide, Mmp,
    MoraleRulings, MoraleSituation, MoraleUnit, check, fear_of_charge_mmp, forced_rout_dice, impact_mmp,
    mmp as morale_mmp, resolve_sequence,
};
use crate::rules::tables::t16_charge_sequence::{SequenceStep, step};
use crate::rules::tables::t20_officer_casualty::CasualtyEffect;
use crate::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality, Terrain};
use crate::rules::{Chance, Die, Distribution, Overrides, Ratio, RuleError, RuleResult, TwoDice};
use serde::{Deserialize, Serialize};

/// What the charge is declared against (5.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Objective {
    /// The enemy unit (the default when none is declared): the charge follows it if it
    /// disengages.
    EnemyUnit,
    /// A position (a gun, a wall): the charge goes there whatever the unit does.
    Position,
}

/// The charging unit as declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChargingUnit {
    /// Its troop quality.
    pub quality: Quality,
    /// Its arm.
    pub arm: Arm,
    /// Its formation when the charge begins.
    pub formation: Formation,
    /// Its morale: only a unit of good morale may be ordered to charge (1.1.3).
    pub morale: MoraleLevel,
    /// Its figures.
    pub figures: u32,
    /// Its stands on the table (Appendix F.12: a single stand may not charge).
    pub stands: u32,
    /// Its Table 5 BMP, for the disorder roll (Table 3) and the attempt to halt (5.3.3).
    pub bmp: i32,
    /// The benefit of an officer present (0 if none).
    pub officer_benefit: u8,
    /// Charging with empty guns (5.1.3): elan -2.
    pub empty_guns: bool,
    /// Which consecutive turn of charging this is: 1, or 2 (5.1.4: in disorder, no elan, no
    /// bonus). A third is not allowed.
    pub consecutive_turn: u8,
    /// The target is more than 45 degrees off the unit's front: the charge is in disorder
    /// (5.1.2).
    pub target_off_front: bool,
}

/// The charged unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChargedUnit {
    /// Its troop quality.
    pub quality: Quality,
    /// Its arm.
    pub arm: Arm,
    /// Its formation.
    pub formation: Formation,
    /// Its morale.
    pub morale: MoraleLevel,
    /// Its figures (for an artillery section, the crew).
    pub figures: u32,
    /// Its order; `None` for a routed unit, which has none (1.1.2).
    pub order: Option<OrderKind>,
    /// Its Table 17 BMP (for losing the impact, 5.7.3.b).
    pub table17_bmp: i32,
    /// The benefit of an officer present (0 if none).
    pub officer_benefit: u8,
}

/// Regiments following the charging unit in a wave assault (6.8.8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waves {
    /// Following waves in good order: -2 each to the first unit's impact roll.
    pub in_good_order: u32,
    /// Following waves in disorder: -1 each.
    pub in_disorder: u32,
}

/// Everything declared for a charge (Table 16 step 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChargeSetup {
    /// The objective (5.1.1).
    pub objective: Objective,
    /// The charging unit.
    pub charger: ChargingUnit,
    /// The charged unit.
    pub defender: ChargedUnit,
    /// Inches from the charging unit to its target (5.1.5: nearer charges are resolved first).
    pub distance: Ratio,
    /// A halting point announced with the charge, in inches from the start (5.3.3).
    pub halting_point: Option<Ratio>,
    /// Following waves of a wave assault (6.8.8).
    pub waves: Waves,
}

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
    /// the Table 18 impact modifiers, elan and waves included: see [`Charge::charger_impact_mmp`]
    /// and [`Charge::defender_impact_mmp`]).
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
        /// Kills the charging unit inflicts (see [`super::melee::melee_kills`]).
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

/// Resolves an officer's casualty roll in the melee (5.8.2, 8, Table 20: in contact, the
/// "Under 2\"" row): records a hit in `c`, or says the effect die is still needed.
fn melee_officer_roll(c: &mut Charge, roll: OfficerRoll, round: u32, h: &mut Vec<Happened>) -> Option<Need> {
    let who = if roll.side == Side::Charger { "The charging unit's officer" } else { "The defender's officer" };
    // One die at "Under 2\"": is_hit cannot fail for one die.
    if !crate::rules::officers::is_hit(Ratio::ZERO, &[roll.hit]).unwrap_or(false) {
        h.push(Happened::new(
            "5.8.2",
            format!("{who} used in the melee rolls {}: not hit (8, Table 20).", roll.hit.face()),
        ));
        return None;
    }
    let Some(effect_die) = roll.effect else { return Some(Need::OfficerEffectDie(roll.side)) };
    let effect = crate::rules::officers::casualty_effect(effect_die);
    c.officer_casualties.push(MeleeOfficerCasualty { side: roll.side, round, effect });
    h.push(Happened::new(
        "5.8.2",
        format!(
            "{who} used in the melee rolls {}: hit, {} ({}); his own unit checks morale for it with the melee's own checks (Table 2 no. 10).",
            roll.hit.face(),
            effect.label(),
            effect.effect_text()
        ),
    ));
    None
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

impl Charge {
    /// Declares a charge (Table 16 step 1; 5.1.1-5.1.4). Errors: a charger not of good morale
    /// (1.1.3), a third consecutive charge (5.1.4), empty guns in disorder or skirmish (5.1.3),
    /// no figures.
    ///
    /// ```
    /// use johnny_reb::rules::charge::sequence::*;
    /// use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind};
    /// use johnny_reb::rules::Ratio;
    /// let setup = ChargeSetup {
    ///     objective: Objective::EnemyUnit,
    ///     charger: ChargingUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    ///         figures: 24, stands: 4, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    ///     defender: ChargedUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    ///         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    ///     distance: Ratio::whole(8), halting_point: None, waves: Waves::default(),
    /// };
    /// let charge = Charge::declare(setup).unwrap();
    /// assert_eq!(charge.elan, -1);
    /// assert!(matches!(charge.waiting_for(), Need::ChargedUnitReaction { .. }));
    /// ```
    pub fn declare(setup: ChargeSetup) -> RuleResult<Charge> {
        Charge::declare_with(setup, &ChargeRulings::default())
    }

    /// Declares a charge under the given rulings: with Appendix F.12 (single stands) on, a
    /// regiment down to one stand may not charge.
    ///
    /// ```
    /// # use johnny_reb::rules::charge::sequence::*;
    /// # use johnny_reb::rules::charge::ChargeRulings;
    /// # use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind};
    /// # use johnny_reb::rules::Ratio;
    /// # let mut setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 24, stands: 4, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// setup.charger.stands = 1;
    /// let f12 = ChargeRulings { single_stands: true, ..ChargeRulings::default() };
    /// assert!(Charge::declare_with(setup, &f12).is_err());
    /// assert!(Charge::declare(setup).is_ok());
    /// ```
    pub fn declare_with(setup: ChargeSetup, rulings: &ChargeRulings) -> RuleResult<Charge> {
        let c = &setup.charger;
        if rulings.single_stands && c.stands <= 1 {
            return Err(out_of_range(
                "charging unit",
                "a regiment reduced to a single stand may not charge (Appendix F.12)",
            ));
        }
        let d = &setup.defender;
        if c.morale != MoraleLevel::Good {
            return Err(out_of_range("charging unit", "only a unit of good morale may charge (1.1.3, 2.3.5.b)"));
        }
        match c.consecutive_turn {
            1 | 2 => {}
            0 => return Err(out_of_range("consecutive charge", "count this turn's charge as 1")),
            _ => {
                return Err(out_of_range("consecutive charge", "a unit may never charge three turns in a row (5.1.4)"));
            }
        }
        if c.empty_guns && matches!(c.formation, Formation::Disorder | Formation::Skirmish) {
            return Err(out_of_range(
                "empty guns",
                "a charge with empty guns cannot be ordered in disorder or skirmish (5.1.3)",
            ));
        }
        if c.figures == 0 || d.figures == 0 || c.figures > 500 || d.figures > 500 {
            return Err(out_of_range("figures", "both units need 1 to 500 figures"));
        }
        if !inches_ge(Ratio::whole(200), setup.distance) {
            return Err(out_of_range(
                "charge distance",
                format!("{} is beyond any charge", show_inches(setup.distance)),
            ));
        }
        let mut log = vec![Happened::new(
            "5.1.1",
            match setup.objective {
                Objective::EnemyUnit => "The charge is declared against the enemy unit.",
                Objective::Position => "The charge is declared against a position.",
            },
        )];
        log.push(Happened::new(
            "5.1.5",
            format!(
                "The target is {} away: charges are resolved nearest first, each completely.",
                show_inches(setup.distance)
            ),
        ));
        let second_turn = c.consecutive_turn == 2;
        let elan = if second_turn {
            log.push(Happened::new("5.1.4", "A second consecutive charge: in disorder, no elan, no bonus move."));
            0
        } else if c.empty_guns {
            log.push(Happened::new(
                "5.1.3",
                "Charging with empty guns: elan -2 to all morale checks and impact; no fire this turn.",
            ));
            -2
        } else {
            log.push(Happened::new(
                "5.1.3",
                "Charge elan: -1 to all morale checks and impact until the charge is stopped.",
            ));
            -1
        };
        let mut disordered = second_turn;
        if c.target_off_front {
            disordered = true;
            log.push(Happened::new(
                "5.1.2",
                "The target is more than 45 degrees off the front: the charge is made in disorder.",
            ));
        }
        if c.formation == Formation::Disorder {
            disordered = true;
        }
        if c.arm == (Arm::MountedInfantry { mounted: true }) {
            disordered = true;
            log.push(Happened::new("6.7.3", "Mounted infantry charges in disorder, with +1 to its morale."));
        }
        let cavalry_vs_cavalry = c.arm == (Arm::Cavalry { mounted: true }) && d.arm == (Arm::Cavalry { mounted: true });
        let routed_or_disengaging = d.morale == MoraleLevel::Routed || d.order == Some(OrderKind::Disengage);
        if d.morale == MoraleLevel::Routed {
            log.push(Happened::new("5.5.3.a", "The charged unit is routed: it counts as charged-on-rear."));
        }
        let stage = if cavalry_vs_cavalry {
            log.push(Happened::new(
                "5.5.5.b",
                "Cavalry charges cavalry: the defender checks fear of charge as soon as the charge is in sight.",
            ));
            Stage::CavalrySighting
        } else {
            Stage::ChargedUnitReaction
        };
        Ok(Charge {
            setup,
            stage,
            distance: setup.distance,
            charger_morale: c.morale,
            defender_morale: d.morale,
            charger_figures: c.figures,
            defender_figures: d.figures,
            defender_formation: d.formation,
            elan,
            disordered_from_start: disordered,
            failed_disorder_roll: false,
            normal_move: None,
            charge_terrain: None,
            impact: None,
            marks: None,
            charger_turned_in_disorder: false,
            both_charging: false,
            cavalry_vs_cavalry,
            defender_disordered: d.formation == Formation::Disorder || routed_or_disengaging,
            defender_charged_on_rear: routed_or_disengaging,
            defender_charged_while_forming: false,
            defender_on_conditional_hold: d.order == Some(OrderKind::ConditionalHold),
            melee_round: 0,
            outcome: None,
            log,
            within_3_inches: false,
            defender_checked_fear: false,
            officer_casualties: Vec::new(),
            series: None,
        })
    }

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

    /// The chance that the charge reaches the defender (impact) with a bonus along `path`,
    /// before the bonus is rolled (5.3.2, Table 4). Needs the normal move (step 3a done).
    ///
    /// ```
    /// # use johnny_reb::rules::charge::sequence::*;
    /// # use johnny_reb::rules::charge::distance::BonusPath;
    /// # use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Terrain};
    /// # use johnny_reb::rules::{Chance, Ratio};
    /// # let setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 24, stands: 4, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// let c = Charge::declare(setup).unwrap();
    /// let Advance::Next { charge: c, .. } = c.advance(Input::ChargedUnitStays).unwrap() else { panic!() };
    /// let Advance::Next { charge: c, .. } = c.advance(Input::NormalMove { inches: Ratio::whole(5), greater_distance: false, disorder_roll: None, terrain: Terrain::Open, woods: None }).unwrap() else { panic!() };
    /// // 8" away, 5" normal move: three dice must make 3 or more.
    /// assert_eq!(c.chance_to_reach_impact(BonusPath::all_in(Terrain::Open)).unwrap(), Chance::ALWAYS);
    /// ```
    pub fn chance_to_reach_impact(&self, path: BonusPath) -> RuleResult<Chance> {
        let normal = self.normal_move.ok_or(out_of_range("normal move", "give the normal move first (step 3a)"))?;
        if self.setup.charger.consecutive_turn == 2 {
            return chance_to_cover(normal, None, false, self.distance);
        }
        chance_to_cover(normal, Some(path), false, self.distance)
    }

    /// The chance that the charging unit wins the impact (lowest total), and of a tie, given
    /// both impact MMPs as for [`Input::Impact`].
    ///
    /// ```
    /// # use johnny_reb::rules::charge::sequence::*;
    /// # use johnny_reb::rules::charge::impact::ImpactWinner;
    /// # use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind};
    /// # use johnny_reb::rules::{Chance, Ratio};
    /// # let setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 24, stands: 4, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// let c = Charge::declare(setup).unwrap();
    /// // Equal BMPs: the charger's elan (-1, in its MMP) makes it likelier to win than to lose.
    /// let d = c.impact_odds(3 + c.elan, 3);
    /// assert!(d.chance_of(&ImpactWinner::Won(Side::Charger)).percent() > 50.0);
    /// # use johnny_reb::rules::charge::Side;
    /// ```
    pub fn impact_odds(&self, charger_mmp: i32, defender_mmp: i32) -> Distribution<ImpactWinner> {
        impact_odds(charger_mmp, defender_mmp)
    }

    /// The charging unit's elan as the morale engine names it (5.1.3).
    pub fn morale_elan(&self) -> ChargeElan {
        match self.elan {
            -1 => ChargeElan::Charging,
            e if e <= -2 => ChargeElan::EmptyGuns,
            _ => ChargeElan::None,
        }
    }

    /// The charging unit as the defender's fear-of-charge check sees it at the 3" halt: its
    /// formation, Disorder if it is disordered there (5.5.2, Table 18 attacker's column).
    pub fn charger_for_fear_of_charge(&self) -> MoraleCharger {
        let at = inches_sub(self.distance, Ratio::whole(3));
        let disordered = self.disordered_from_start
            || self.charger_turned_in_disorder
            || self.marks.as_ref().is_some_and(|m| m.disordered_at(at));
        MoraleCharger {
            arm: self.setup.charger.arm,
            formation: if disordered { Formation::Disorder } else { self.setup.charger.formation },
        }
    }

    /// The charged unit's situation with what the machine knows filled in: its formation
    /// (Disorder if disordered), charged-while-forming (5.2.1), charged-on-rear when
    /// disengaging or routed (5.2.2, 5.5.3.a), Conditional Hold (3.2). `situation` gives the
    /// rest (stands lost, cover, flank, bayonets, officer...).
    pub fn defender_situation(&self, situation: ChargeSituation) -> ChargeSituation {
        let mut s = situation;
        s.formation = if self.defender_disordered { Formation::Disorder } else { self.defender_formation };
        s.charged_while_forming |= self.defender_charged_while_forming;
        if self.defender_charged_on_rear {
            s.charged_on = Aspect::Rear;
        }
        s.general.disengaging = self.setup.defender.order == Some(OrderKind::Disengage);
        s.conditional_hold |= self.defender_on_conditional_hold;
        s
    }

    /// The charging unit's situation at impact with what the machine knows filled in: its
    /// formation (Disorder if disordered at contact), its elan, the following waves (5.1.3,
    /// 5.3.2.b, 6.8.8.b).
    pub fn charger_situation(&self, situation: ChargeSituation) -> ChargeSituation {
        let mut s = situation;
        s.formation =
            if self.charger_disordered_at_contact() { Formation::Disorder } else { self.setup.charger.formation };
        s.general.elan = self.morale_elan();
        s.waves_in_good_order = self.setup.waves.in_good_order;
        s.waves_in_disorder = self.setup.waves.in_disorder;
        s
    }

    /// The charging unit's MMP for a morale check from defensive fire (Table 16 steps 6 and 9;
    /// 5.4.3: Tables 5 and 6 as in 4.4) from the morale engine, with its elan filled in.
    /// `general` gives the rest (stands lost, cover, flank of the fire, officer...).
    ///
    /// ```
    /// # use johnny_reb::rules::charge::sequence::*;
    /// # use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality};
    /// # use johnny_reb::rules::Ratio;
    /// use johnny_reb::rules::morale::{MoraleRulings, MoraleSituation, MoraleUnit};
    /// use johnny_reb::rules::Overrides;
    /// # let setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 24, stands: 4, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// let c = Charge::declare(setup).unwrap();
    /// // An average regiment that lost a stand to the defensive fire: 3 + 2 - 1 elan.
    /// let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
    /// let general = MoraleSituation { stands_lost: 1, ..Default::default() };
    /// assert_eq!(c.charger_fire_mmp(&unit, general, &Overrides::new(), &MoraleRulings::default()).unwrap().value, 4);
    /// ```
    pub fn charger_fire_mmp(
        &self,
        charger: &MoraleUnit,
        general: MoraleSituation,
        overrides: &Overrides,
        rulings: &MoraleRulings,
    ) -> RuleResult<Mmp> {
        let mut g = general;
        g.elan = self.morale_elan();
        morale_mmp(charger, &g, self.charger_morale, overrides, rulings)
    }

    /// A side's elan and morale level for its melee checks: the charger keeps its elan unless
    /// the ruling drops it; a defender keeps the elan it was given only if it was charging the
    /// charger.
    fn melee_elan_and_level(
        &self,
        side: Side,
        charge_rulings: &ChargeRulings,
        given: ChargeElan,
    ) -> (ChargeElan, MoraleLevel) {
        match side {
            Side::Charger => {
                (if charge_rulings.elan_in_melee { self.morale_elan() } else { ChargeElan::None }, self.charger_morale)
            }
            Side::Defender => {
                let charging = self.both_charging && self.setup.defender.order == Some(OrderKind::Charge);
                (if charging && charge_rulings.elan_in_melee { given } else { ChargeElan::None }, self.defender_morale)
            }
        }
    }

    /// The charging unit's checks for defensive fire, ready for [`FireEffect::checks`]: the
    /// reasons due (the morale engine's `checks_due`) resolved in the order of 4.4.2 with one
    /// roll each, each MMP from the unit's level at that point, the elan filled in.
    /// `general.stands_lost` is the stands lost before this fire.
    pub fn charger_fire_checks(
        &self,
        charger: &MoraleUnit,
        general: MoraleSituation,
        reasons: &[CheckReason],
        dice: &[TwoDice],
        overrides: &Overrides,
        rulings: &MoraleRulings,
    ) -> RuleResult<Vec<MoraleCheckInput>> {
        let mut g = general;
        g.elan = self.morale_elan();
        let r = resolve_sequence(charger, &g, self.charger_morale, reasons, dice, overrides, rulings)?;
        Ok(r.steps
            .iter()
            .zip(dice.iter())
            .map(|(st, roll)| MoraleCheckInput { mmp: st.mmp.value, roll: *roll })
            .collect())
    }

    /// One side's melee checks for the round, ready for [`Input::MeleeRound`] or
    /// [`Input::CavalryStrike`]: as [`Charge::charger_fire_checks`], from Tables 5 and 6
    /// (5.8.2), with elan as [`Charge::melee_mmp`] gives it.
    #[allow(clippy::too_many_arguments)]
    pub fn melee_checks(
        &self,
        side: Side,
        unit: &MoraleUnit,
        general: MoraleSituation,
        reasons: &[CheckReason],
        dice: &[TwoDice],
        charge_rulings: &ChargeRulings,
        overrides: &Overrides,
        rulings: &MoraleRulings,
    ) -> RuleResult<Vec<MoraleCheckInput>> {
        let mut g = general;
        let (elan, level) = self.melee_elan_and_level(side, charge_rulings, g.elan);
        g.elan = elan;
        let r = resolve_sequence(unit, &g, level, reasons, dice, overrides, rulings)?;
        Ok(r.steps
            .iter()
            .zip(dice.iter())
            .map(|(st, roll)| MoraleCheckInput { mmp: st.mmp.value, roll: *roll })
            .collect())
    }

    /// A side's MMP for a morale check in the melee (5.8.2: Table 5 BMP, Table 6 modifiers)
    /// from the morale engine, at its current morale; the charger keeps its elan unless
    /// [`ChargeRulings::elan_in_melee`] is off, a defender has none unless it was charging too.
    pub fn melee_mmp(
        &self,
        side: Side,
        unit: &MoraleUnit,
        general: MoraleSituation,
        charge_rulings: &ChargeRulings,
        overrides: &Overrides,
        rulings: &MoraleRulings,
    ) -> RuleResult<Mmp> {
        let mut g = general;
        let (elan, level) = self.melee_elan_and_level(side, charge_rulings, g.elan);
        g.elan = elan;
        morale_mmp(unit, &g, level, overrides, rulings)
    }

    /// The charged unit's fear-of-charge MMP (5.5.2; Tables 17 and 18, both formations, the
    /// cavalry doubling of 5.5.5.a) from the morale engine, for [`Input::FearOfCharge`].
    ///
    /// ```
    /// # use johnny_reb::rules::charge::sequence::*;
    /// # use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality};
    /// # use johnny_reb::rules::Ratio;
    /// use johnny_reb::rules::morale::{ChargeSituation, MoraleRulings, MoraleUnit};
    /// use johnny_reb::rules::Overrides;
    /// # let setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 24, stands: 4, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: Quality::Average, arm: Arm::Infantry, formation: Formation::Skirmish, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// let c = Charge::declare(setup).unwrap();
    /// // An average unit in skirmish order charged by a line: 3 + 6.
    /// let b = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
    /// let m = c.fear_of_charge_mmp(&b, ChargeSituation::default(), &Overrides::new(), &MoraleRulings::default()).unwrap();
    /// assert_eq!(m.value, 9);
    /// ```
    pub fn fear_of_charge_mmp(
        &self,
        defender: &MoraleUnit,
        situation: ChargeSituation,
        overrides: &Overrides,
        rulings: &MoraleRulings,
    ) -> RuleResult<Mmp> {
        fear_of_charge_mmp(
            defender,
            &self.defender_situation(situation),
            self.defender_morale,
            &self.charger_for_fear_of_charge(),
            overrides,
            rulings,
        )
    }

    /// The charging unit's impact MMP (5.7.1.a; Tables 17 and 18) from the morale engine,
    /// with its elan, disorder at contact and waves, for [`Input::Impact`].
    pub fn charger_impact_mmp(
        &self,
        charger: &MoraleUnit,
        situation: ChargeSituation,
        overrides: &Overrides,
        rulings: &MoraleRulings,
    ) -> RuleResult<Mmp> {
        impact_mmp(
            charger,
            &self.charger_situation(situation),
            self.charger_morale,
            ImpactSide::Attacker,
            overrides,
            rulings,
        )
    }

    /// The charged (or countercharging) unit's impact MMP (5.7.1.a; Tables 17 and 18, the
    /// cavalry doubling of 5.5.5.a) from the morale engine, for [`Input::Impact`]. A unit that
    /// was itself charging the charger has elan (5.7.1.a: "If both are charging, both use the
    /// elan modifier"); a countercharging one has none (5.3.5.c).
    pub fn defender_impact_mmp(
        &self,
        defender: &MoraleUnit,
        situation: ChargeSituation,
        overrides: &Overrides,
        rulings: &MoraleRulings,
    ) -> RuleResult<Mmp> {
        let mut s = self.defender_situation(situation);
        if !self.both_charging {
            s.general.elan = ChargeElan::None;
        } else if self.setup.defender.order != Some(OrderKind::Charge) {
            // a countercharge, or cavalry countercharging cavalry: no elan (5.3.5.c)
            s.general.elan = ChargeElan::None;
        }
        let side = if self.both_charging {
            ImpactSide::Attacker
        } else {
            ImpactSide::Defender { attacker: self.setup.charger.arm }
        };
        impact_mmp(defender, &s, self.defender_morale, side, overrides, rulings)
    }

    /// One side as it fights in the current melee round (5.8.2): in the first round the
    /// figures of its stands within 2" of the point of contact (`figures_within_2in`), from the
    /// second all its figures; its formation (Disorder if it is disordered); its morale; the
    /// row shift of an officer used in the melee (0 to 3).
    ///
    /// ```
    /// # use johnny_reb::rules::charge::sequence::*;
    /// # use johnny_reb::rules::charge::Side;
    /// # use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind};
    /// # use johnny_reb::rules::Ratio;
    /// # let setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 24, stands: 4, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// let c = Charge::declare(setup).unwrap();
    /// let u = c.melee_unit(Side::Defender, 12, 0);
    /// assert_eq!((u.figures, u.formation), (12, Formation::Line));
    /// ```
    pub fn melee_unit(&self, side: Side, figures_within_2in: u32, officer_shift: u8) -> MeleeUnit {
        let round = self.melee_round.max(1);
        let (arm, quality, morale, all, formation, disordered, disengaging) = match side {
            Side::Charger => (
                self.setup.charger.arm,
                self.setup.charger.quality,
                self.charger_morale,
                self.charger_figures,
                self.setup.charger.formation,
                self.charger_disordered_at_contact(),
                false,
            ),
            Side::Defender => (
                self.setup.defender.arm,
                self.setup.defender.quality,
                self.defender_morale,
                self.defender_figures,
                self.defender_formation,
                self.defender_disordered,
                self.setup.defender.order == Some(OrderKind::Disengage),
            ),
        };
        MeleeUnit {
            arm,
            formation: if disordered { Formation::Disorder } else { formation },
            quality,
            morale,
            figures: if round >= 2 { all } else { figures_within_2in.min(all) },
            officer_shift,
            disengaging,
        }
    }

    /// The kills one side inflicts in the current melee round (5.8.2; Tables 19 and 10), for
    /// [`Input::MeleeRound`] or [`Input::CavalryStrike`].
    ///
    /// ```
    /// # use johnny_reb::rules::charge::sequence::*;
    /// # use johnny_reb::rules::charge::Side;
    /// # use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind};
    /// # use johnny_reb::rules::{Overrides, Ratio, TwoDice};
    /// # let setup = ChargeSetup { objective: Objective::EnemyUnit,
    /// #     charger: ChargingUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 40, stands: 5, bmp: 3, officer_benefit: 0, empty_guns: false, consecutive_turn: 1, target_off_front: false },
    /// #     defender: ChargedUnit { quality: johnny_reb::rules::unit::Quality::Average, arm: Arm::Infantry, formation: Formation::Line, morale: MoraleLevel::Good,
    /// #         figures: 20, order: Some(OrderKind::Hold), table17_bmp: 3, officer_benefit: 0 },
    /// #     distance: Ratio::whole(8), halting_point: None, waves: Waves::default() };
    /// let c = Charge::declare(setup).unwrap();
    /// // 40 figures in line x3 = 120: Table 10 "100+", a 7 kills 10.
    /// let k = c.melee_kills(Side::Charger, 40, 0, TwoDice::new(3, 4).unwrap(), &Overrides::new()).unwrap();
    /// assert_eq!(k.kills, 10);
    /// ```
    pub fn melee_kills(
        &self,
        side: Side,
        figures_within_2in: u32,
        officer_shift: u8,
        roll: TwoDice,
        overrides: &Overrides,
    ) -> RuleResult<MeleeKills> {
        let unit = self.melee_unit(side, figures_within_2in, officer_shift);
        let (enemy_arm, enemy_figures) = match side {
            Side::Charger => (self.setup.defender.arm, self.defender_figures),
            Side::Defender => (self.setup.charger.arm, self.charger_figures),
        };
        let strength = melee_strength(&unit, enemy_arm, self.melee_round.max(1), overrides)?;
        let mut kills = super::melee::melee_kills(&strength, roll, enemy_figures, overrides)?;
        let mut happened = strength.happened;
        happened.append(&mut kills.happened);
        kills.happened = happened;
        Ok(kills)
    }

    /// The distribution of one side's kills in the current melee round, before the roll.
    pub fn melee_kills_odds(
        &self,
        side: Side,
        figures_within_2in: u32,
        officer_shift: u8,
        overrides: &Overrides,
    ) -> RuleResult<Distribution<u32>> {
        let mut items = Vec::new();
        for roll in TwoDice::all() {
            items.push((
                self.melee_kills(side, figures_within_2in, officer_shift, roll, overrides)?.kills,
                Chance::new(1, 36),
            ));
        }
        Ok(Distribution::from_weighted(items))
    }

    fn next(&self, mut charge: Charge, happened: Vec<Happened>) -> RuleResult<Advance> {
        charge.log.extend(happened.iter().cloned());
        Ok(Advance::Next { charge: Box::new(charge), happened })
    }

    fn end(mut charge: Charge, outcome: Outcome, happened: &mut Vec<Happened>) -> Charge {
        charge.stage = Stage::Ended;
        charge.outcome = Some(outcome);
        charge.elan = 0;
        happened.push(Happened::new("Table 16", format!("The charge ends: {}.", outcome.words())));
        charge
    }

    fn wrong_input(&self) -> RuleError {
        out_of_range("charge step", format!("this step waits for {:?}", self.waiting_for()))
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

    /// Resolves the current step with its input (Table 16): the next state and what happened,
    /// or what is still missing. An input of the wrong kind for the step is an error. The
    /// players' table entries (`overrides`) serve Appendix F.13's Table 10 lookup.
    pub fn advance_with(&self, input: Input, rulings: &ChargeRulings, overrides: &Overrides) -> RuleResult<Advance> {
        let mut c = self.clone();
        let mut h = Vec::new();
        match (self.stage, input) {
            (Stage::Ended, _) => return Ok(Advance::Waiting(Need::Nothing)),

            (Stage::CavalrySighting, Input::CavalrySighting { check: chk, countercharge, must_turn_over_45 }) => {
                let level = run_checks(
                    "The defending cavalry (fear of charge, 5.5.5.b)",
                    c.defender_morale,
                    &[chk],
                    false,
                    &mut h,
                );
                match level {
                    None => {
                        c.defender_morale = MoraleLevel::Routed;
                        let c = Self::end(c, Outcome::DefenderRemoved, &mut h);
                        return self.next(c, h);
                    }
                    Some(l) if l > self.defender_morale => {
                        c.defender_morale = if l == MoraleLevel::Routed { l } else { MoraleLevel::Shaken };
                        c.defender_disordered = true;
                        h.push(Happened::new(
                            "5.5.5.b",
                            "It failed: shaken and in disorder, it sits waiting for the blow.",
                        ));
                        if l == MoraleLevel::Routed {
                            c.stage = Stage::DefenderRoutMove;
                            return self.next(c, h);
                        }
                    }
                    Some(l) => {
                        c.defender_morale = l;
                        if countercharge {
                            let may =
                                matches!(self.setup.defender.order, Some(OrderKind::Hold) | Some(OrderKind::Move));
                            if !may {
                                return Err(out_of_range(
                                    "countercharge",
                                    "only cavalry marked Hold or Move forward may countercharge (5.5.5.b)",
                                ));
                            }
                            c.both_charging = true;
                            h.push(Happened::new(
                                "5.5.5.b",
                                if must_turn_over_45 {
                                    "It passed and countercharges at once, in disorder as it must turn more than 45 degrees."
                                } else {
                                    "It passed and countercharges at once: both roll their bonus as if the other were not there."
                                },
                            ));
                            if must_turn_over_45 {
                                c.defender_disordered = true;
                            }
                        }
                    }
                }
                c.stage = Stage::ChargedUnitReaction;
            }

            (Stage::ChargedUnitReaction, Input::ChargedUnitStays) => {
                match self.setup.defender.order {
                    Some(OrderKind::Disengage) => {
                        return Err(out_of_range(
                            "charged unit",
                            "a unit marked D performs its disengage move now (5.2.2): give its new distance",
                        ));
                    }
                    Some(OrderKind::FormationChange) => {
                        c.defender_charged_while_forming = true;
                        h.push(Happened::new("5.2.1", "The unit marked FM receives the charge as it is: charged-while-forming, +3 to its charge checks."));
                    }
                    Some(OrderKind::Move) => {
                        c.defender_on_conditional_hold = true;
                        h.push(Happened::new(
                            "5.2.3",
                            "The unit marked Move changes its order to CH (3.2: +1 to its morale if charged).",
                        ));
                    }
                    Some(OrderKind::Hold) | Some(OrderKind::ConditionalHold)
                        if self.setup.defender.arm == Arm::Artillery =>
                    {
                        h.push(Happened::new("5.2.4", "Guns on H or CH may pivot to face the charge unless it began within 3\"; pivoting does not cancel a flank or rear penalty."));
                    }
                    _ => h.push(Happened::new("5.2", "The charged unit stays as it is.")),
                }
                c.stage = Stage::NormalMove;
            }
            (Stage::ChargedUnitReaction, Input::ChargedUnitMoved { distance_now, new_formation }) => {
                match self.setup.defender.order {
                    Some(OrderKind::Disengage) => {
                        c.defender_disordered = true;
                        c.defender_charged_on_rear = true;
                        h.push(Happened::new(
                            "5.2.2",
                            format!(
                                "The unit marked D disengages now (6.5.8), {} away: disordered and charged-on-rear.",
                                show_inches(distance_now)
                            ),
                        ));
                        if self.setup.objective == Objective::Position {
                            h.push(Happened::new(
                                "5.1.1",
                                "The charge is against the position: it goes there, not after the unit.",
                            ));
                        }
                    }
                    Some(OrderKind::FormationChange) => {
                        if inches_ge(Ratio::whole(3), self.distance) {
                            return Err(out_of_range(
                                "formation change",
                                "the charge begins within 3\": the unit receives it as it is (5.2.1)",
                            ));
                        }
                        c.defender_charged_while_forming = true;
                        if let Some(f) = new_formation {
                            c.defender_formation = f;
                            c.defender_disordered = f == Formation::Disorder;
                        }
                        h.push(Happened::new(
                            "5.2.1",
                            format!("The unit marked FM forms before the charger moves{}: charged-while-forming, +3 to its charge checks.",
                                new_formation.map(|f| format!(" into {}", f.label())).unwrap_or_default()),
                        ));
                    }
                    Some(OrderKind::Move) => {
                        c.defender_on_conditional_hold = true;
                        h.push(Happened::new(
                            "5.2.3",
                            format!("The charger came into sight only after half its charge move: the unit completes half its move ({} away now), then goes to CH.", show_inches(distance_now)),
                        ));
                    }
                    _ => {
                        return Err(out_of_range(
                            "charged unit",
                            "only a unit marked D, FM or Move moves before the charger (5.2)",
                        ));
                    }
                }
                if self.setup.objective == Objective::EnemyUnit {
                    c.distance = distance_now;
                }
                c.stage = Stage::NormalMove;
            }

            (
                Stage::NormalMove,
                Input::NormalMove { inches, greater_distance, disorder_roll: roll, terrain, woods },
            ) => {
                if !inches_ge(Ratio::whole(60), inches) {
                    return Err(out_of_range(
                        "normal move",
                        format!("{} is beyond any Table 3 rate", show_inches(inches)),
                    ));
                }
                c.normal_move = Some(inches);
                c.charge_terrain = Some(terrain);
                h.push(Happened::new("5.3.1", format!("Normal move: {}.", show_inches(inches))));
                if greater_distance && !self.disordered_from_start {
                    let arm = self.setup.charger.arm;
                    let officer = self.setup.charger.officer_benefit > 0;
                    let Some(roll) = roll else {
                        return Ok(Advance::Waiting(Need::DisorderRoll {
                            must_beat: disorder_roll_target(self.setup.charger.bmp, officer, arm),
                        }));
                    };
                    let r = disorder_roll(self.setup.charger.bmp, officer, arm, roll);
                    c.failed_disorder_roll = r.disordered;
                    h.push(Happened::new(
                        "5.3.1",
                        if r.disordered {
                            format!("Disorder roll {} is not higher than {}: a yellow pipe cleaner at the end of the normal move.", r.roll, r.target)
                        } else {
                            format!("Disorder roll {} beats {}: no disorder from the normal move.", r.roll, r.target)
                        },
                    ));
                }
                if let Some((kind, die)) = woods
                    && self.setup.charger.arm.is_mounted()
                {
                    let (lost, said) = charge_through_woods(
                        self.charger_figures,
                        self.setup.charger.bmp,
                        die,
                        kind,
                        rulings,
                        overrides,
                    )?;
                    c.charger_figures = self.charger_figures.saturating_sub(lost);
                    h.extend(said);
                    if c.charger_figures == 0 {
                        let c = Self::end(c, Outcome::ChargerStopped(None), &mut h);
                        return self.next(c, h);
                    }
                }
                if self.setup.charger.consecutive_turn == 2 {
                    c.marks = Some(mark_charge(&self.move_setup(&c), None));
                    h.push(Happened::new("5.1.4", "No bonus on a second consecutive charge."));
                    c.stage = Stage::Close;
                } else {
                    c.stage = Stage::Bonus;
                }
            }

            (Stage::Bonus, Input::NoBonus) => {
                let marks = mark_charge(&self.move_setup(&c), None);
                h.push(Happened::new(
                    "5.3.1",
                    format!("No bonus: a red pipe cleaner at {}.", show_inches(marks.total)),
                ));
                c.marks = Some(marks);
                c.stage = Stage::Close;
            }
            (Stage::Bonus, Input::Bonus { path, dice }) => {
                let path = if rulings.night {
                    h.push(Happened::new("F.15", "Night: the bonus terrain counts one level worse."));
                    path.at_night()
                } else {
                    path
                };
                let bonus = bonus_move(&dice, path, false)?;
                h.extend(bonus.happened.iter().cloned());
                let marks = mark_charge(&self.move_setup(&c), Some(bonus));
                h.push(Happened::new(
                    "5.3.2",
                    format!(
                        "Red pipe cleaner (total charge distance) at {}{}.",
                        show_inches(marks.total),
                        marks
                            .disorder_at
                            .map(|d| format!("; yellow (disorder) at {}", show_inches(d)))
                            .unwrap_or_default()
                    ),
                ));
                let halting = self.setup.halting_point.filter(|p| !inches_ge(*p, marks.total));
                c.marks = Some(marks);
                c.stage = if halting.is_some() { Stage::AttemptToHalt } else { Stage::Close };
            }

            (Stage::AttemptToHalt, Input::HaltRoll(die)) => {
                let r = attempt_to_halt(self.setup.charger.bmp, self.setup.charger.officer_benefit, die);
                if let (true, Some(point), Some(marks)) = (r.halts, self.setup.halting_point, c.marks.as_mut()) {
                    marks.total = point;
                    // "or at the end of its total charge, whichever comes first" (5.3.2.b)
                    if let Some(d) = marks.disorder_at
                        && !inches_ge(point, d)
                    {
                        marks.disorder_at = Some(point);
                    }
                    h.push(Happened::new(
                        "5.3.3",
                        format!(
                            "Rolled {}, higher than {}: the red pipe cleaner moves to the halting point, {}.",
                            r.roll,
                            r.target,
                            show_inches(point)
                        ),
                    ));
                } else {
                    h.push(Happened::new(
                        "5.3.3",
                        format!(
                            "Rolled {}, not higher than {}: the unit charges its full bonus distance.",
                            r.roll, r.target
                        ),
                    ));
                }
                c.stage = Stage::Close;
            }

            (Stage::Close, Input::Close) => {
                let total = self.total();
                if self.defender_morale == MoraleLevel::Routed && self.cavalry_vs_cavalry {
                    let caught = inches_ge(total, self.distance);
                    h.push(Happened::new(
                        "5.5.4",
                        if caught {
                            "The charge reaches the routed cavalry: it surrenders."
                        } else {
                            "The routed cavalry is beyond the charge."
                        },
                    ));
                    let c = Self::end(
                        c,
                        if caught { Outcome::DefenderSurrendered } else { Outcome::DefenderRouted },
                        &mut h,
                    );
                    return self.next(c, h);
                }
                let halt_point = inches_sub(self.distance, Ratio::whole(3));
                if !inches_ge(total, halt_point) {
                    h.push(Happened::new(
                        "5.3.4",
                        format!("The total charge distance {} does not reach the temporary halt 3\" from the defender ({}).", show_inches(total), show_inches(halt_point)),
                    ));
                    let c = Self::end(c, Outcome::FellShort, &mut h);
                    return self.next(c, h);
                }
                h.push(Happened::new(
                    "5.3.4",
                    "The charging unit moves to 3\" from the defender and halts there for defensive fire.",
                ));
                c.stage = Stage::DefensiveFireOne;
            }
            (Stage::Close, Input::Countercharge(cc)) => {
                if !self.cavalry_vs_cavalry
                    && !cc.charge_against_charge
                    && self.setup.defender.order != Some(OrderKind::Hold)
                {
                    return Err(out_of_range("countercharge", "only a unit on Hold may countercharge (5.3.5.a)"));
                }
                if cc.charge_against_charge && self.setup.defender.order != Some(OrderKind::Charge) {
                    return Err(out_of_range("charge against charge", "the charged unit is not marked Charge"));
                }
                if self.cavalry_vs_cavalry && !self.both_charging {
                    return Err(out_of_range(
                        "countercharge",
                        "the defending cavalry did not pass its check and choose to countercharge (5.5.5.b)",
                    ));
                }
                let total = self.total();
                if !inches_ge(total, cc.charger_moved) {
                    return Err(out_of_range(
                        "countercharge",
                        "the charger cannot have moved farther than its total charge distance",
                    ));
                }
                let gap = inches_sub(self.distance, cc.charger_moved);
                if !self.cavalry_vs_cavalry && !cc.charge_against_charge && !inches_ge(Ratio::whole(5), gap) {
                    return Err(out_of_range(
                        "countercharge",
                        "the charger is not yet in the defender's primary fire zone, 5\" straight ahead (5.3.5.a)",
                    ));
                }
                let half_inches = !cc.charge_against_charge && !self.cavalry_vs_cavalry;
                let bonus = match &cc.bonus {
                    Some((path, dice)) => {
                        Some(bonus_move(dice, if rulings.night { path.at_night() } else { *path }, half_inches)?)
                    }
                    None => None,
                };
                let counter_total =
                    inches_add(cc.normal_move, bonus.as_ref().map(|b| b.distance).unwrap_or(Ratio::ZERO));
                if let Some(b) = &bonus {
                    h.extend(b.happened.iter().cloned());
                }
                c.both_charging = true;
                if cc.charge_against_charge {
                    h.push(Happened::new(
                        "5.5.1",
                        "Both units are charging each other: no fear-of-charge check; both use elan at impact.",
                    ));
                } else if !self.cavalry_vs_cavalry {
                    c.defender_disordered = true;
                    h.push(Happened::new(
                        "5.3.5.b",
                        format!(
                            "The defender countercharges in disorder, {} in all; it has no charge elan.",
                            show_inches(counter_total)
                        ),
                    ));
                }
                if cc.from_outside_charger_primary_zone {
                    c.charger_turned_in_disorder = true;
                    h.push(Happened::new("5.3.5.c", "The countercharge comes from outside the charger's primary zone: it turns to face it, in disorder."));
                }
                let reach = inches_add(counter_total, inches_sub(total, cc.charger_moved));
                if !inches_ge(reach, gap) {
                    h.push(Happened::new(
                        "5.3.5",
                        format!("Together they cover {} of the {} between them: they do not meet, and both halt where their moves end.", show_inches(reach), show_inches(gap)),
                    ));
                    let c = Self::end(c, Outcome::NoContact, &mut h);
                    return self.next(c, h);
                }
                // They meet where the countercharger's move ends, or where the charger comes on
                // to it: the contact point, from the charger's start (RULINGS.md).
                c.distance = inches_add(cc.charger_moved, inches_sub(gap, counter_total));
                h.push(Happened::new(
                    "5.3.5.c",
                    format!(
                        "They meet {} from the charger's start: resolved as charge against charge, straight to impact after any other defensive fire.",
                        show_inches(c.distance)
                    ),
                ));
                c.stage = Stage::DefensiveFireOne;
            }

            (Stage::DefensiveFireOne | Stage::DefensiveFireTwo, Input::DefensiveFire(fire)) => {
                let first = self.stage == Stage::DefensiveFireOne;
                let (fire_rule, morale_rule) =
                    if first { ("5.4", "Table 16 step 6") } else { ("5.6", "Table 16 step 9") };
                if fire.kills == 0 && fire.checks.is_empty() {
                    h.push(Happened::new(fire_rule, "No defensive fire effect on the charging unit."));
                } else {
                    c.charger_figures = self.charger_figures.saturating_sub(fire.kills);
                    h.push(Happened::new(
                        fire_rule,
                        format!(
                            "Defensive fire{}: {} kill(s) on the charging unit (no cover saves for chargers, 5.4.2).",
                            if first { "" } else { " at close range" },
                            fire.kills
                        ),
                    ));
                }
                if c.charger_figures == 0 {
                    h.push(Happened::new(fire_rule, "The charging unit is destroyed."));
                    let c = Self::end(c, Outcome::ChargerStopped(None), &mut h);
                    return self.next(c, h);
                }
                let level = run_checks(
                    &format!("The charging unit ({morale_rule})"),
                    self.charger_morale,
                    &fire.checks,
                    true,
                    &mut h,
                );
                match level {
                    Some(MoraleLevel::Good) => {}
                    Some(MoraleLevel::Shaken) => {
                        c.charger_morale = MoraleLevel::Shaken;
                        h.push(Happened::new("5.4.3", "Shaken: the charge halts here; it may still fire a disordered, moving, shaken volley in Phase Seven."));
                        let c = Self::end(c, Outcome::ChargerStopped(Some(MoraleLevel::Shaken)), &mut h);
                        return self.next(c, h);
                    }
                    Some(MoraleLevel::Routed) => {
                        c.charger_morale = MoraleLevel::Routed;
                        h.push(Happened::new(
                            "5.4.3",
                            "Routed: it makes the forced rout move (2.1.2) from where it received fire.",
                        ));
                        let c = Self::end(c, Outcome::ChargerStopped(Some(MoraleLevel::Routed)), &mut h);
                        return self.next(c, h);
                    }
                    None => {
                        let c = Self::end(c, Outcome::ChargerStopped(None), &mut h);
                        return self.next(c, h);
                    }
                }
                if first {
                    c.within_3_inches = true;
                    if self.cavalry_vs_cavalry {
                        h.push(Happened::new(
                            "5.5.5.b",
                            "The defending cavalry took its fear-of-charge check on sighting the charge.",
                        ));
                        c.stage = Stage::DefensiveFireTwo;
                    } else if self.defender_checked_fear {
                        h.push(Happened::new(
                            "6.8.8.b",
                            "The defender already took its one fear-of-charge check against this wave assault.",
                        ));
                        c.stage = Stage::DefensiveFireTwo;
                    } else if self.both_charging {
                        h.push(Happened::new("5.5.1", "Both units are charging: no fear-of-charge check."));
                        c.stage = Stage::DefensiveFireTwo;
                    } else {
                        c.stage = Stage::FearOfCharge;
                    }
                } else if !self.both_charging && !inches_ge(self.total(), self.distance) {
                    h.push(Happened::new(
                        "5.7",
                        format!(
                            "The total charge distance {} does not reach the defender {} away: the charge halts short.",
                            show_inches(self.total()),
                            show_inches(self.distance)
                        ),
                    ));
                    let c = Self::end(c, Outcome::HaltedShort, &mut h);
                    return self.next(c, h);
                } else {
                    h.push(Happened::new("5.7", "There will be an impact: the charging unit moves into contact."));
                    c.stage = Stage::Impact;
                }
            }

            (Stage::FearOfCharge, Input::FearOfCharge(chk)) => {
                c.defender_checked_fear = true;
                let level =
                    run_checks("The charged unit (fear of charge, 5.5.2)", self.defender_morale, &[chk], false, &mut h);
                match level {
                    None => {
                        h.push(Happened::new(
                            "2.3.5.d",
                            "The routed unit disintegrates; within close range of the enemy it surrenders.",
                        ));
                        let c = Self::end(c, Outcome::DefenderRemoved, &mut h);
                        return self.next(c, h);
                    }
                    Some(MoraleLevel::Routed) => {
                        c.defender_morale = MoraleLevel::Routed;
                        h.push(Happened::new(
                            "5.5.4",
                            "It routs and makes the forced rout move at once; friendly units seeing it that are not charged check morale now, charged ones after their own charge.",
                        ));
                        c.stage = Stage::DefenderRoutMove;
                    }
                    Some(l) => {
                        c.defender_morale = l;
                        h.push(Happened::new(
                            "5.5.4",
                            "It stands; units within 3\" of the charge check fear of charge too (5.5.1).",
                        ));
                        c.stage = Stage::DefensiveFireTwo;
                    }
                }
            }

            (Stage::DefenderRoutMove, Input::RoutMove { terrain, dice }) => {
                let terrain = if rulings.night { night_terrain(terrain) } else { terrain };
                let wanted = forced_rout_dice(terrain)?;
                if dice.len() != wanted {
                    return Err(out_of_range(
                        "rout move dice",
                        format!("a rout through {terrain:?} rolls {wanted} dice (2.1.2), not {}", dice.len()),
                    ));
                }
                let rout: u32 = dice.iter().map(|d| u32::from(d.face())).sum();
                c.defender_disordered = true;
                if self.marks.is_none() {
                    // Routed on sighting the cavalry (5.5.5.b), before the charge was marked:
                    // the charge goes on, and takes its surrender if it reaches it (5.5.4).
                    c.distance = inches_add(self.distance, Ratio::whole(rout));
                    h.push(Happened::new(
                        "5.5.4",
                        format!(
                            "The routed unit runs {rout}\" in disorder, {} from the charger now; the charge goes on.",
                            show_inches(c.distance)
                        ),
                    ));
                    c.stage = Stage::ChargedUnitReaction;
                    return self.next(c, h);
                }
                let total = self.total();
                let caught = inches_ge(total, inches_add(self.distance, Ratio::whole(rout)));
                let after_impact = self.impact.is_some();
                h.push(Happened::new("2.1.2", format!("The routed unit runs {rout}\" in disorder.")));
                let surrenders = caught && (!after_impact || rulings.routed_loser_caught_surrenders);
                if surrenders {
                    h.push(Happened::new(
                        if after_impact {
                            "5.7.4"
                        } else if self.setup.charger.arm.is_mounted() {
                            "5.5.5.a"
                        } else {
                            "5.5.4"
                        },
                        format!(
                            "The charge's total distance {} carries it into the routed unit: it surrenders.",
                            show_inches(total)
                        ),
                    ));
                    let c = Self::end(c, Outcome::DefenderSurrendered, &mut h);
                    return self.next(c, h);
                }
                h.push(Happened::new(
                    "5.5.4",
                    "The routed unit gets beyond the charge; the charging unit completes its move.",
                ));
                let c = Self::end(c, Outcome::DefenderRouted, &mut h);
                return self.next(c, h);
            }

            (Stage::Impact, Input::CrewFlees) => {
                if self.setup.defender.arm != Arm::Artillery {
                    return Err(self.wrong_input());
                }
                h.push(Happened::new("5.7", "The crew flees as skirmishers to the nearest infantry and shares its fate; the charger takes the guns."));
                let c = Self::end(c, Outcome::GunsTaken, &mut h);
                return self.next(c, h);
            }
            (Stage::Impact, Input::ArtilleryImpact { charger_roll, artillery_roll }) => {
                if self.setup.defender.arm != Arm::Artillery {
                    return Err(out_of_range("impact", "the target is not artillery: roll with MMPs (5.7.1.a)"));
                }
                let r = artillery_impact(
                    self.charger_figures,
                    charger_roll,
                    self.defender_figures,
                    artillery_roll,
                    self.wave_benefit(),
                )?;
                h.extend(r.happened.iter().cloned());
                if r.winner == ImpactWinner::Tie {
                    c.defender_formation = Formation::Skirmish;
                }
                self.after_impact(&mut c, r.winner, &mut h);
            }
            (Stage::Impact, Input::Impact { charger_mmp, charger_roll, defender_mmp, defender_roll }) => {
                if self.setup.defender.arm == Arm::Artillery {
                    return Err(out_of_range(
                        "impact",
                        "against guns both sides add the enemy's figures (5.7.1.b): use the artillery impact",
                    ));
                }
                let r = impact(charger_mmp, charger_roll, defender_mmp, defender_roll);
                h.extend(r.happened.iter().cloned());
                self.after_impact(&mut c, r.winner, &mut h);
            }

            (Stage::DefenderLossDie, Input::LossDie(die)) => {
                let target =
                    self.setup.defender.table17_bmp.saturating_sub(i32::from(self.setup.defender.officer_benefit));
                if i32::from(die.face()) <= target {
                    c.defender_morale = MoraleLevel::Routed;
                    c.defender_disordered = true;
                    h.push(Happened::new(
                        "5.7.3.b",
                        format!(
                            "Rolled {}, not higher than {target}: the defender routs and makes the forced rout move.",
                            die.face()
                        ),
                    ));
                    c.stage = Stage::DefenderRoutMove;
                } else {
                    c.defender_morale = MoraleLevel::Shaken;
                    c.defender_disordered = true;
                    h.push(Happened::new("5.7.3.b", format!("Rolled {}, higher than {target}: the defender is shaken and retires in disorder, facing the winner.", die.face())));
                    c.stage = Stage::Retire(Side::Defender);
                }
            }
            (Stage::Retire(Side::Charger), Input::Retire(dice)) => {
                let (_, said) = charger_loses(dice);
                h.extend(said);
                c.charger_morale = MoraleLevel::Shaken;
                if self.setup.waves.in_good_order + self.setup.waves.in_disorder > 0 {
                    h.push(Happened::new(
                        "6.8.8.b",
                        "The first charging unit lost: all the waves are thrown back shaken and in disorder.",
                    ));
                }
                let c = Self::end(c, Outcome::ChargerRepulsed, &mut h);
                return self.next(c, h);
            }
            (Stage::Retire(Side::Defender), Input::Retire(dice)) => {
                let inches = Ratio::whole(u32::from(dice.total()));
                h.push(Happened::new("5.7.3.b", format!("The defender retires {}.", show_inches(inches))));
                let left = inches_sub(self.total(), self.distance);
                h.push(describe_breakthrough(left, inches));
                if super::impact::breakthrough_contacts(left, inches) && self.series.is_some() {
                    // 5.7.2: in an unequal impact the lone unit, caught again, rolls for impact
                    // again, shaken and in disorder (the 18th Alabama's third roll).
                    c.disordered_from_start = true;
                    c.defender_disordered = true;
                    if let Some(series) = c.series.as_mut() {
                        series.after_roll(false, Some(MoraleLevel::Shaken), true);
                    }
                    h.push(Happened::new("5.7.2", "The winner's charge carries it into contact again: the lone unit rolls for impact again, shaken and in disorder."));
                    c.stage = Stage::Impact;
                } else if super::impact::breakthrough_contacts(left, inches) {
                    c.disordered_from_start = true;
                    c.defender_disordered = true;
                    c.melee_round = 1;
                    c.stage = Stage::Melee;
                } else {
                    let c = Self::end(c, Outcome::DefenderDrivenBack, &mut h);
                    return self.next(c, h);
                }
            }

            (
                Stage::Melee,
                Input::MeleeRound { charger_kills, defender_kills, charger_checks, defender_checks, officer_rolls },
            ) => {
                if self.setup.defender.order == Some(OrderKind::Disengage) && defender_kills > 0 {
                    return Err(out_of_range(
                        "melee",
                        "a defending unit marked Disengage never fights back in a melee (5.8.2)",
                    ));
                }
                let round = self.melee_round;
                c.defender_figures = self.defender_figures.saturating_sub(charger_kills);
                c.charger_figures = self.charger_figures.saturating_sub(defender_kills);
                h.push(Happened::new(
                    "5.8.2",
                    format!("Melee round {round}: the charger kills {charger_kills}, the defender kills {defender_kills}, at the same time."),
                ));
                // 5.8.2: the officer's roll comes after the kills and before the morale checks.
                for roll in &officer_rolls {
                    if let Some(need) = melee_officer_roll(&mut c, *roll, round, &mut h) {
                        return Ok(Advance::Waiting(need));
                    }
                }
                let cl = run_checks("The charging unit", self.charger_morale, &charger_checks, false, &mut h);
                let dl = run_checks("The defender", self.defender_morale, &defender_checks, false, &mut h);
                let cl_level =
                    if c.charger_figures == 0 { MoraleLevel::Routed } else { cl.unwrap_or(MoraleLevel::Routed) };
                let dl_level =
                    if c.defender_figures == 0 { MoraleLevel::Routed } else { dl.unwrap_or(MoraleLevel::Routed) };
                c.charger_morale = cl_level;
                c.defender_morale = dl_level;
                match melee_round_end(cl_level, dl_level) {
                    MeleeEnd::Continues => {
                        h.push(Happened::new(
                            "5.8.2",
                            "Neither side routs: another round, both in disorder with all their figures.",
                        ));
                        c.melee_round = round + 1;
                    }
                    MeleeEnd::Surrenders(side) => {
                        h.push(Happened::new(
                            "5.8.2",
                            format!("The {} routs and surrenders to the other; units that see it check morale unless waiting on their own charge.",
                                if side == Side::Charger { "charging unit" } else { "defender" }),
                        ));
                        let c = Self::end(c, Outcome::MeleeSurrender(side), &mut h);
                        return self.next(c, h);
                    }
                    MeleeEnd::BothRout => {
                        h.push(Happened::new("5.8.2", "Both rout in the same round: both make the forced rout move directly away from each other."));
                        let c = Self::end(c, Outcome::MeleeBothRout, &mut h);
                        return self.next(c, h);
                    }
                }
            }

            (Stage::CavalryStrike { striker, second }, Input::CavalryStrike { kills, checks, officer_roll }) => {
                let victim = striker.other();
                let (figures, level) = match victim {
                    Side::Charger => (&mut c.charger_figures, self.charger_morale),
                    Side::Defender => (&mut c.defender_figures, self.defender_morale),
                };
                *figures = figures.saturating_sub(kills);
                let wiped = *figures == 0;
                h.push(Happened::new(
                    "5.5.5.b",
                    format!(
                        "The {} strikes: {kills} kill(s).",
                        if striker == Side::Charger { "charging cavalry" } else { "defending cavalry" }
                    ),
                ));
                if let Some(roll) = officer_roll {
                    if roll.side != striker {
                        return Err(out_of_range(
                            "officer",
                            "only the striking side's officer rolls now (5.5.5.b.2, 5.8.2)",
                        ));
                    }
                    if let Some(need) = melee_officer_roll(&mut c, roll, 0, &mut h) {
                        return Ok(Advance::Waiting(need));
                    }
                }
                let who = if victim == Side::Charger { "The charging cavalry" } else { "The defending cavalry" };
                let after = if wiped { None } else { run_checks(who, level, &checks, false, &mut h) };
                let after_level = after.unwrap_or(MoraleLevel::Routed);
                match victim {
                    Side::Charger => c.charger_morale = after_level,
                    Side::Defender => c.defender_morale = after_level,
                }
                if after_level == MoraleLevel::Routed {
                    let (ca, da) = match victim {
                        Side::Charger => (CavalryAftermath::Surrenders, cavalry_aftermath(Some(c.defender_morale))),
                        Side::Defender => (cavalry_aftermath(Some(c.charger_morale)), CavalryAftermath::Surrenders),
                    };
                    h.push(describe_aftermath(Side::Charger, ca));
                    h.push(describe_aftermath(Side::Defender, da));
                    let c = Self::end(c, Outcome::Cavalry { charger: ca, defender: da }, &mut h);
                    return self.next(c, h);
                }
                if second {
                    let ca = cavalry_aftermath(Some(c.charger_morale));
                    let da = cavalry_aftermath(Some(c.defender_morale));
                    h.push(describe_aftermath(Side::Charger, ca));
                    h.push(describe_aftermath(Side::Defender, da));
                    let c = Self::end(c, Outcome::Cavalry { charger: ca, defender: da }, &mut h);
                    return self.next(c, h);
                }
                c.stage = Stage::CavalryStrike { striker: victim, second: true };
            }

            _ => return Err(self.wrong_input()),
        }
        self.next(c, h)
    }

    fn after_impact(&self, c: &mut Charge, winner: ImpactWinner, h: &mut Vec<Happened>) {
        c.impact = Some(winner);
        if self.cavalry_vs_cavalry {
            match winner {
                ImpactWinner::Won(side) => {
                    h.push(Happened::new(
                        "5.5.5.b",
                        "Cavalry against cavalry: neither moves; the winner of the impact strikes first in the melee.",
                    ));
                    c.stage = Stage::CavalryStrike { striker: side, second: false };
                }
                ImpactWinner::Tie => {
                    h.push(Happened::new("5.5.5.b", "A tied impact: the melee is simultaneous (RULINGS.md)."));
                    c.melee_round = 1;
                    c.stage = Stage::Melee;
                }
            }
            return;
        }
        match winner {
            ImpactWinner::Tie => {
                c.melee_round = 1;
                c.stage = Stage::Melee;
            }
            ImpactWinner::Won(Side::Defender) => {
                c.elan = 0;
                c.stage = Stage::Retire(Side::Charger);
            }
            ImpactWinner::Won(Side::Charger) => {
                if self.defender_morale == MoraleLevel::Good {
                    c.stage = Stage::DefenderLossDie;
                } else {
                    c.defender_morale = MoraleLevel::Routed;
                    c.defender_disordered = true;
                    h.push(Happened::new(
                        "5.7.3.b",
                        "The defender lost the impact while shaken: it routs and makes the forced rout move.",
                    ));
                    c.stage = Stage::DefenderRoutMove;
                }
            }
        }
    }

    fn total(&self) -> Ratio {
        self.marks.as_ref().map(|m| m.total).unwrap_or(Ratio::ZERO)
    }

    fn move_setup(&self, c: &Charge) -> ChargeMoveSetup {
        ChargeMoveSetup {
            arm: if self.setup.charger.arm.is_mounted() { ChargingArm::Mounted } else { ChargingArm::Foot },
            normal_move: c.normal_move.unwrap_or(Ratio::ZERO),
            disordered_from_start: self.disordered_from_start,
            failed_normal_move_roll: c.failed_disorder_roll,
            worst_terrain: c.charge_terrain.unwrap_or(Terrain::Open),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::charge::distance::TerrainChange;
    use proptest::prelude::*;

    fn d(f: u8) -> Die {
        Die::new(f).unwrap()
    }

    fn two(a: u8, b: u8) -> TwoDice {
        TwoDice::new(a, b).unwrap()
    }

    fn dice(faces: &[u8]) -> Vec<Die> {
        faces.iter().map(|&f| d(f)).collect()
    }

    fn infantry_setup(distance: u32, order: OrderKind) -> ChargeSetup {
        ChargeSetup {
            objective: Objective::EnemyUnit,
            charger: ChargingUnit {
                quality: Quality::Average,
                arm: Arm::Infantry,
                formation: Formation::Line,
                morale: MoraleLevel::Good,
                figures: 24,
                stands: 4,
                bmp: 3,
                officer_benefit: 0,
                empty_guns: false,
                consecutive_turn: 1,
                target_off_front: false,
            },
            defender: ChargedUnit {
                quality: Quality::Average,
                arm: Arm::Infantry,
                formation: Formation::Line,
                morale: MoraleLevel::Good,
                figures: 20,
                order: Some(order),
                table17_bmp: 3,
                officer_benefit: 0,
            },
            distance: Ratio::whole(distance),
            halting_point: None,
            waves: Waves::default(),
        }
    }

    fn go(c: &Charge, input: Input) -> Charge {
        match c.advance(input).unwrap() {
            Advance::Next { charge, .. } => *charge,
            Advance::Waiting(n) => panic!("waiting for {n:?}"),
        }
    }

    fn normal(inches: u32) -> Input {
        Input::NormalMove {
            inches: Ratio::whole(inches),
            greater_distance: false,
            disorder_roll: None,
            terrain: Terrain::Open,
            woods: None,
        }
    }

    fn no_fire() -> Input {
        Input::DefensiveFire(FireEffect::default())
    }

    /// Declared, reacted, moved 5" with a three-dice bonus, closed to 3".
    fn at_three_inches(distance: u32, bonus: [u8; 3]) -> Charge {
        let c = Charge::declare(infantry_setup(distance, OrderKind::Hold)).unwrap();
        let c = go(&c, Input::ChargedUnitStays);
        let c = go(&c, normal(5));
        let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&bonus) });
        go(&c, Input::Close)
    }

    #[test]
    fn rule_5_3_2_b_marks_through_the_machine() {
        let c = Charge::declare(infantry_setup(10, OrderKind::Hold)).unwrap();
        let c = go(&c, Input::ChargedUnitStays);
        let c = go(&c, normal(5));
        let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[1, 2, 3]) });
        let marks = c.marks.clone().unwrap();
        assert_eq!(marks.total, Ratio::whole(11));
        assert_eq!(marks.disorder_at, Some(Ratio::whole(8)));
        // at the point of contact, 10" on, the charger is in disorder
        assert!(c.charger_disordered_at_contact());
    }

    #[test]
    fn rule_5_3_2_c_18th_indiana_through_the_machine() {
        let c = Charge::declare(infantry_setup(12, OrderKind::Hold)).unwrap();
        let c = go(&c, Input::ChargedUnitStays);
        let c = go(&c, normal(5));
        let path = BonusPath {
            terrain: Terrain::Open,
            enters: Some(TerrainChange { after: Ratio::whole(5), terrain: Terrain::Broken }),
        };
        let c = go(&c, Input::Bonus { path, dice: dice(&[4, 4, 2]) });
        assert_eq!(c.marks.as_ref().unwrap().total, Ratio::new(25, 2).unwrap());
    }

    #[test]
    fn a_greater_distance_waits_for_the_disorder_roll() {
        let c = Charge::declare(infantry_setup(10, OrderKind::Hold)).unwrap();
        let c = go(&c, Input::ChargedUnitStays);
        let input = Input::NormalMove {
            inches: Ratio::whole(8),
            greater_distance: true,
            disorder_roll: None,
            terrain: Terrain::Open,
            woods: None,
        };
        assert_eq!(c.advance(input).unwrap(), Advance::Waiting(Need::DisorderRoll { must_beat: 3 }));
        let input = Input::NormalMove {
            inches: Ratio::whole(8),
            greater_distance: true,
            disorder_roll: Some(d(2)),
            terrain: Terrain::Open,
            woods: None,
        };
        let c = go(&c, input);
        assert!(c.failed_disorder_roll);
        let c = go(&c, Input::NoBonus);
        assert_eq!(c.marks.as_ref().unwrap().disorder_at, Some(Ratio::whole(8)));
    }

    #[test]
    fn the_wrong_input_is_an_error_and_the_end_waits_for_nothing() {
        let c = Charge::declare(infantry_setup(10, OrderKind::Hold)).unwrap();
        assert!(c.advance(Input::NoBonus).is_err());
        let c = go(&c, Input::ChargedUnitStays);
        let c = go(&c, normal(2));
        let c = go(&c, Input::NoBonus);
        let c = go(&c, Input::Close);
        assert_eq!(c.outcome, Some(Outcome::FellShort));
        assert_eq!(c.waiting_for(), Need::Nothing);
        assert_eq!(c.advance(Input::Close).unwrap(), Advance::Waiting(Need::Nothing));
    }

    #[test]
    fn declaration_errors() {
        let mut s = infantry_setup(10, OrderKind::Hold);
        s.charger.consecutive_turn = 3;
        assert!(Charge::declare(s).is_err());
        let mut s = infantry_setup(10, OrderKind::Hold);
        s.charger.empty_guns = true;
        s.charger.formation = Formation::Skirmish;
        assert!(Charge::declare(s).is_err());
        let mut s = infantry_setup(10, OrderKind::Hold);
        s.charger.morale = MoraleLevel::Shaken;
        assert!(Charge::declare(s).is_err());
    }

    #[test]
    fn rule_5_1_3_and_5_1_4_elan() {
        let mut s = infantry_setup(10, OrderKind::Hold);
        assert_eq!(Charge::declare(s).unwrap().elan, -1);
        s.charger.empty_guns = true;
        assert_eq!(Charge::declare(s).unwrap().elan, -2);
        s.charger.empty_guns = false;
        s.charger.consecutive_turn = 2;
        let c = Charge::declare(s).unwrap();
        assert_eq!(c.elan, 0);
        assert!(c.disordered_from_start);
        // no bonus on a second consecutive charge: straight from the normal move to step 4
        let c = go(&c, Input::ChargedUnitStays);
        let c = go(&c, normal(5));
        assert_eq!(c.stage, Stage::Close);
    }

    #[test]
    fn rule_5_2_1_forming_within_three_inches() {
        // B is within 3": it cannot change formation. C beyond 3" can. Both are
        // charged-while-forming.
        let b = Charge::declare(infantry_setup(2, OrderKind::FormationChange)).unwrap();
        assert_eq!(
            b.waiting_for(),
            Need::ChargedUnitReaction { order: Some(OrderKind::FormationChange), may_change_formation: false }
        );
        assert!(
            b.advance(Input::ChargedUnitMoved { distance_now: Ratio::whole(2), new_formation: Some(Formation::Line) })
                .is_err()
        );
        let b = go(&b, Input::ChargedUnitStays);
        assert!(b.defender_charged_while_forming);
        let c = Charge::declare(infantry_setup(6, OrderKind::FormationChange)).unwrap();
        let c = go(&c, Input::ChargedUnitMoved { distance_now: Ratio::whole(6), new_formation: Some(Formation::Line) });
        assert!(c.defender_charged_while_forming);
    }

    #[test]
    fn rule_5_2_2_disengaging_unit_is_disordered_and_charged_on_rear() {
        let c = Charge::declare(infantry_setup(6, OrderKind::Disengage)).unwrap();
        assert!(c.advance(Input::ChargedUnitStays).is_err());
        let c = go(&c, Input::ChargedUnitMoved { distance_now: Ratio::whole(10), new_formation: None });
        assert!(c.defender_disordered && c.defender_charged_on_rear);
        assert_eq!(c.distance, Ratio::whole(10));
        // 5.1.1 (2): against a position the charge does not follow the unit
        let mut s = infantry_setup(6, OrderKind::Disengage);
        s.objective = Objective::Position;
        let c = go(
            &Charge::declare(s).unwrap(),
            Input::ChargedUnitMoved { distance_now: Ratio::whole(10), new_formation: None },
        );
        assert_eq!(c.distance, Ratio::whole(6));
    }

    #[test]
    fn rule_5_3_3_attempt_to_halt_moves_the_red_marker() {
        let mut s = infantry_setup(14, OrderKind::Hold);
        s.halting_point = Some(Ratio::whole(9));
        let c = go(&Charge::declare(s).unwrap(), Input::ChargedUnitStays);
        let c = go(&c, normal(5));
        let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[4, 4, 4]) });
        assert_eq!(c.waiting_for(), Need::HaltRoll { must_beat: 3 });
        let held = go(&c, Input::HaltRoll(d(4)));
        assert_eq!(held.marks.as_ref().unwrap().total, Ratio::whole(9));
        let full = go(&c, Input::HaltRoll(d(3)));
        assert_eq!(full.marks.as_ref().unwrap().total, Ratio::whole(17));
    }

    #[test]
    fn rule_5_4_3_shaken_by_defensive_fire_halts_the_charge() {
        let c = at_three_inches(8, [3, 3, 3]);
        let fire = FireEffect { kills: 3, checks: vec![MoraleCheckInput { mmp: 5, roll: two(2, 3) }] };
        let c = go(&c, Input::DefensiveFire(fire));
        assert_eq!(c.outcome, Some(Outcome::ChargerStopped(Some(MoraleLevel::Shaken))));
        assert_eq!(c.charger_figures, 21);
        // the first failure stops the charge; later checks are not taken
        let c2 = at_three_inches(8, [3, 3, 3]);
        let fire = FireEffect {
            kills: 3,
            checks: vec![MoraleCheckInput { mmp: 5, roll: two(2, 3) }, MoraleCheckInput { mmp: 7, roll: two(2, 3) }],
        };
        let c2 = go(&c2, Input::DefensiveFire(fire));
        assert_eq!(c2.charger_morale, MoraleLevel::Shaken);
    }

    #[test]
    fn rule_5_5_2_fear_of_charge_examples() {
        // MMP 2: a 3 or more passes. MMP 8: 9 or more. MMP 5: 6 or more.
        for (mmp, pass, fail) in [(2, 3, 2), (8, 9, 8), (5, 6, 5)] {
            let c = go(&at_three_inches(8, [3, 3, 3]), no_fire());
            assert_eq!(c.stage, Stage::FearOfCharge);
            let split = |t: u8| if t <= 7 { (1, t - 1) } else { (t - 6, 6) };
            let (a, b) = split(pass);
            let passed = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp, roll: two(a, b) }));
            assert_eq!(passed.defender_morale, MoraleLevel::Good, "MMP {mmp} roll {pass}");
            let (a, b) = split(fail);
            let failed = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp, roll: two(a, b) }));
            assert_ne!(failed.defender_morale, MoraleLevel::Good, "MMP {mmp} roll {fail}");
        }
        assert_eq!(crate::rules::morale::chance_to_pass(2), Chance::new(35, 36));
    }

    #[test]
    fn rule_5_5_4_routed_defender_caught_surrenders_or_gets_away() {
        // 8" away, total 14": a rout of 6" or less is caught.
        let c = go(&at_three_inches(8, [3, 3, 3]), no_fire());
        let c = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp: 5, roll: two(1, 1) }));
        assert_eq!(c.stage, Stage::DefenderRoutMove);
        assert!(c.advance(Input::RoutMove { terrain: Terrain::Open, dice: dice(&[1, 2]) }).is_err());
        let caught = go(&c, Input::RoutMove { terrain: Terrain::Open, dice: dice(&[1, 2, 3]) });
        assert_eq!(caught.outcome, Some(Outcome::DefenderSurrendered));
        let away = go(&c, Input::RoutMove { terrain: Terrain::Open, dice: dice(&[3, 2, 3]) });
        assert_eq!(away.outcome, Some(Outcome::DefenderRouted));
    }

    fn to_impact(distance: u32, bonus: [u8; 3]) -> Charge {
        let c = go(&at_three_inches(distance, bonus), no_fire());
        let c = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp: 3, roll: two(5, 5) }));
        go(&c, no_fire())
    }

    #[test]
    fn rule_5_7_4_breakthrough_into_melee_until_surrender() {
        // 5" away, 5" normal move and a bonus of 6: the total charge distance is 6" beyond
        // the contact point. The defender loses the impact and retires 3": contact again.
        let c = to_impact(5, [2, 2, 2]);
        assert_eq!(c.stage, Stage::Impact);
        assert_eq!(
            c.waiting_for(),
            Need::ImpactRolls {
                against_artillery: false,
                charger_elan: -1,
                wave_benefit: 0,
                charger_disordered: false
            }
        );
        let c = go(
            &c,
            Input::Impact { charger_mmp: 3, charger_roll: two(2, 2), defender_mmp: 3, defender_roll: two(4, 4) },
        );
        assert_eq!(c.impact, Some(ImpactWinner::Won(Side::Charger)));
        assert_eq!(c.waiting_for(), Need::LossDie { must_beat: 3 });
        let c = go(&c, Input::LossDie(d(5)));
        assert_eq!(c.defender_morale, MoraleLevel::Shaken);
        let c = go(&c, Input::Retire(two(1, 2)));
        assert_eq!(c.stage, Stage::Melee);
        assert_eq!(
            c.waiting_for(),
            Need::MeleeRound { round: 1, both_in_disorder_all_figures: false, defender_fights_back: true }
        );
        let c = go(
            &c,
            Input::MeleeRound {
                charger_kills: 4,
                defender_kills: 2,
                charger_checks: vec![MoraleCheckInput { mmp: 3, roll: two(5, 5) }],
                defender_checks: vec![MoraleCheckInput { mmp: 7, roll: two(4, 4) }],
                officer_rolls: vec![],
            },
        );
        assert_eq!(c.melee_round, 2);
        assert_eq!((c.charger_figures, c.defender_figures), (22, 16));
        // round two: all figures, both in disorder (x2 vs foot), the shaken defender x1/2
        let u = c.melee_unit(Side::Charger, 5, 0);
        assert_eq!((u.figures, u.formation), (22, Formation::Disorder));
        let s = melee_strength(&c.melee_unit(Side::Defender, 5, 0), Arm::Infantry, 2, &Overrides::new()).unwrap();
        assert_eq!(s.strength, Ratio::whole(16));
        assert!(c.melee_kills_odds(Side::Charger, 5, 0, &Overrides::new()).is_err()); // row 44: not in the text
        let c = go(
            &c,
            Input::MeleeRound {
                charger_kills: 4,
                defender_kills: 0,
                charger_checks: vec![],
                defender_checks: vec![MoraleCheckInput { mmp: 9, roll: two(3, 3) }],
                officer_rolls: vec![],
            },
        );
        assert_eq!(c.outcome, Some(Outcome::MeleeSurrender(Side::Defender)));
    }

    #[test]
    fn retiring_out_of_reach_ends_the_charge() {
        let c = to_impact(5, [2, 2, 2]);
        let c = go(
            &c,
            Input::Impact { charger_mmp: 3, charger_roll: two(2, 2), defender_mmp: 3, defender_roll: two(4, 4) },
        );
        let c = go(&c, Input::LossDie(d(5)));
        let c = go(&c, Input::Retire(two(6, 6)));
        assert_eq!(c.outcome, Some(Outcome::DefenderDrivenBack));
    }

    #[test]
    fn rule_5_7_3_a_charger_loses_and_falls_back() {
        let c = to_impact(5, [2, 2, 2]);
        let c = go(
            &c,
            Input::Impact { charger_mmp: 3, charger_roll: two(6, 6), defender_mmp: 3, defender_roll: two(1, 2) },
        );
        assert_eq!(c.waiting_for(), Need::Retire(Side::Charger));
        let c = go(&c, Input::Retire(two(1, 2)));
        assert_eq!(c.outcome, Some(Outcome::ChargerRepulsed));
        assert_eq!(c.charger_morale, MoraleLevel::Shaken);
    }

    #[test]
    fn rule_5_7_3_b_shaken_loser_routs_and_a_caught_loser_surrenders() {
        let c = to_impact(5, [2, 2, 2]);
        let mut shaken = c.clone();
        shaken.defender_morale = MoraleLevel::Shaken;
        let s = go(
            &shaken,
            Input::Impact { charger_mmp: 3, charger_roll: two(2, 2), defender_mmp: 5, defender_roll: two(4, 4) },
        );
        assert_eq!(s.stage, Stage::DefenderRoutMove);
        let caught = go(&s, Input::RoutMove { terrain: Terrain::Open, dice: dice(&[1, 2, 1]) });
        assert_eq!(caught.outcome, Some(Outcome::DefenderSurrendered));
        let rulings = ChargeRulings { routed_loser_caught_surrenders: false, ..ChargeRulings::default() };
        let Advance::Next { charge, .. } = s
            .advance_with(
                Input::RoutMove { terrain: Terrain::Open, dice: dice(&[1, 2, 1]) },
                &rulings,
                &Overrides::new(),
            )
            .unwrap()
        else {
            panic!()
        };
        assert_eq!(charge.outcome, Some(Outcome::DefenderRouted));
        // a good-morale loser rolling not higher than its Table 17 BMP routs
        let c = go(
            &c,
            Input::Impact { charger_mmp: 3, charger_roll: two(2, 2), defender_mmp: 3, defender_roll: two(4, 4) },
        );
        let c = go(&c, Input::LossDie(d(3)));
        assert_eq!(c.stage, Stage::DefenderRoutMove);
    }

    #[test]
    fn a_tied_impact_is_a_melee() {
        let c = to_impact(5, [2, 2, 2]);
        // 2 (3 - 1 elan) + 6 = 8; 3 + 5 = 8
        let c = go(
            &c,
            Input::Impact { charger_mmp: 2, charger_roll: two(3, 3), defender_mmp: 3, defender_roll: two(2, 3) },
        );
        assert_eq!(c.stage, Stage::Melee);
    }

    #[test]
    fn rule_5_7_1_b_artillery_impact_in_the_machine() {
        let mut s = infantry_setup(5, OrderKind::Hold);
        s.charger.figures = 9;
        s.defender.arm = Arm::Artillery;
        s.defender.formation = Formation::Unlimbered;
        s.defender.figures = 4;
        let c = Charge::declare(s).unwrap();
        let c = go(&c, Input::ChargedUnitStays);
        let c = go(&c, normal(5));
        let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[2, 2, 2]) });
        let c = go(&c, Input::Close);
        let c = go(&c, no_fire());
        let c = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp: 9, roll: two(5, 5) }));
        let c = go(&c, no_fire());
        assert!(
            c.advance(Input::Impact {
                charger_mmp: 3,
                charger_roll: two(2, 2),
                defender_mmp: 3,
                defender_roll: two(4, 4)
            })
            .is_err()
        );
        let fled = go(&c, Input::CrewFlees);
        assert_eq!(fled.outcome, Some(Outcome::GunsTaken));
        // the infantry adds 4, the guns 9: 4 + 6 = 10 against 9 + 2 = 11
        let won = go(&c, Input::ArtilleryImpact { charger_roll: two(3, 3), artillery_roll: two(1, 1) });
        assert_eq!(won.impact, Some(ImpactWinner::Won(Side::Charger)));
        // a tie: melee with the artillery as if in skirmish
        let tie = go(&c, Input::ArtilleryImpact { charger_roll: two(6, 1), artillery_roll: two(1, 1) });
        assert_eq!(tie.stage, Stage::Melee);
        assert_eq!(tie.defender_formation, Formation::Skirmish);
    }

    #[test]
    fn rule_6_8_2_e_brigade_column_impact() {
        // The column's impact MMP is -1: 2 BMP -1 charging +2 for 20 percent loss -4 for
        // brigade column. The machine adds the -1 elan to the rest (2 + 2 - 4 = 0).
        let mut s = infantry_setup(5, OrderKind::Hold);
        s.charger.formation = Formation::BrigadeColumn;
        s.charger.bmp = 2;
        let c = Charge::declare(s).unwrap();
        let c = go(&c, Input::ChargedUnitStays);
        let c = go(&c, normal(5));
        let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[2, 2, 2]) });
        let c = go(&c, Input::Close);
        let c = go(&c, no_fire());
        let c = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp: 3, roll: two(5, 5) }));
        // "MMP is three ... A roll of 4 or more will pass the check."
        let mmp_fire = 2 - 1 + crate::rules::charge::impact::brigade_column_loss_modifier(20, 6).unwrap();
        assert_eq!(mmp_fire, 3);
        let held = go(
            &c,
            Input::DefensiveFire(FireEffect {
                kills: 0,
                checks: vec![MoraleCheckInput { mmp: mmp_fire, roll: two(2, 2) }],
            }),
        );
        assert_eq!(held.stage, Stage::Impact);
        let failed = go(
            &c,
            Input::DefensiveFire(FireEffect {
                kills: 0,
                checks: vec![MoraleCheckInput { mmp: mmp_fire, roll: two(1, 2) }],
            }),
        );
        assert_eq!(failed.outcome, Some(Outcome::ChargerStopped(Some(MoraleLevel::Shaken))));
        // The morale engine gives the column's impact MMP from the machine's state: -1.
        let lead = MoraleUnit::regiment(Arm::Infantry, Quality::Elite);
        let general = crate::rules::morale::MoraleSituation {
            stands_lost: 6,
            brigade_column: Some(crate::rules::morale::BrigadeColumn { stands_at_forming: 20 }),
            ..Default::default()
        };
        let column_mmp = held
            .charger_impact_mmp(
                &lead,
                ChargeSituation { general, ..Default::default() },
                &Overrides::new(),
                &MoraleRulings::default(),
            )
            .unwrap()
            .value;
        assert_eq!(column_mmp, -1);
        let Advance::Next { happened, .. } = held
            .advance(Input::Impact {
                charger_mmp: column_mmp,
                charger_roll: two(4, 4),
                defender_mmp: 3,
                defender_roll: two(3, 3),
            })
            .unwrap()
        else {
            panic!()
        };
        assert!(happened.iter().any(|e| e.text.contains("MMP -1 = 7")), "{happened:?}");
    }

    #[test]
    fn rule_6_8_8_b_waves_add_to_the_impact_roll() {
        let mut s = infantry_setup(5, OrderKind::Hold);
        s.waves = Waves { in_good_order: 1, in_disorder: 1 };
        let c = Charge::declare(s).unwrap();
        let c = go(&c, Input::ChargedUnitStays);
        let c = go(&c, normal(5));
        let c = go(&c, Input::NoBonus);
        let c = go(&c, Input::Close);
        let c = go(&c, no_fire());
        let c = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp: 3, roll: two(5, 5) }));
        let c = go(&c, no_fire());
        assert!(matches!(c.waiting_for(), Need::ImpactRolls { wave_benefit: -3, .. }));
        // 3 - 1 elan - 2 - 1 for the waves = -1; + 7 = 6 against 3 + 4 = 7
        let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
        let mmp = c
            .charger_impact_mmp(&unit, ChargeSituation::default(), &Overrides::new(), &MoraleRulings::default())
            .unwrap();
        assert_eq!(mmp.value, -1);
        let defender = c
            .defender_impact_mmp(&unit, ChargeSituation::default(), &Overrides::new(), &MoraleRulings::default())
            .unwrap();
        assert_eq!(defender.value, 3);
        let c = go(
            &c,
            Input::Impact {
                charger_mmp: mmp.value,
                charger_roll: two(3, 4),
                defender_mmp: 3,
                defender_roll: two(2, 2),
            },
        );
        assert_eq!(c.impact, Some(ImpactWinner::Won(Side::Charger)));
        let d = c.impact_odds(3, 3);
        assert_eq!(d.total(), Chance::ALWAYS);
    }

    #[test]
    fn rule_5_3_5_countercharge() {
        let c = Charge::declare(infantry_setup(8, OrderKind::Hold)).unwrap();
        let c = go(&c, Input::ChargedUnitStays);
        let c = go(&c, normal(5));
        let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[1, 1, 1]) });
        assert_eq!(c.waiting_for(), Need::Close { may_countercharge: true });
        let cc = CounterchargeInput {
            charger_moved: Ratio::whole(4),
            normal_move: Ratio::whole(2),
            bonus: Some((BonusPath::all_in(Terrain::Open), dice(&[2, 2, 2]))),
            from_outside_charger_primary_zone: true,
            charge_against_charge: false,
        };
        // not yet within 5": the charger moved only 2" of 8"
        let early = CounterchargeInput { charger_moved: Ratio::whole(2), ..cc.clone() };
        assert!(c.advance(Input::Countercharge(early)).is_err());
        let met = go(&c, Input::Countercharge(cc));
        assert!(met.both_charging && met.defender_disordered && met.charger_turned_in_disorder);
        // no fear of charge when both charge
        let met = go(&met, no_fire());
        assert_eq!(met.stage, Stage::DefensiveFireTwo);
        let met = go(&met, no_fire());
        assert_eq!(met.stage, Stage::Impact);
        // only from Hold
        let c = Charge::declare(infantry_setup(8, OrderKind::ConditionalHold)).unwrap();
        let c = go(&go(&go(&c, Input::ChargedUnitStays), normal(5)), Input::NoBonus);
        let cc = CounterchargeInput {
            charger_moved: Ratio::whole(4),
            normal_move: Ratio::whole(2),
            bonus: None,
            from_outside_charger_primary_zone: false,
            charge_against_charge: false,
        };
        assert!(c.advance(Input::Countercharge(cc)).is_err());
    }

    fn cavalry_setup() -> ChargeSetup {
        let mut s = infantry_setup(10, OrderKind::Hold);
        s.charger.arm = Arm::Cavalry { mounted: true };
        s.defender.arm = Arm::Cavalry { mounted: true };
        s
    }

    #[test]
    fn rule_5_5_5_b_cavalry_against_cavalry() {
        let c = Charge::declare(cavalry_setup()).unwrap();
        assert_eq!(c.waiting_for(), Need::CavalrySighting);
        let c = go(
            &c,
            Input::CavalrySighting {
                check: MoraleCheckInput { mmp: 3, roll: two(4, 4) },
                countercharge: true,
                must_turn_over_45: false,
            },
        );
        assert!(c.both_charging);
        let c = go(&c, Input::ChargedUnitStays);
        let c = go(&c, normal(8));
        let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[1, 1, 1]) });
        let cc = CounterchargeInput {
            charger_moved: Ratio::whole(6),
            normal_move: Ratio::whole(8),
            bonus: Some((BonusPath::all_in(Terrain::Open), dice(&[2, 2, 2]))),
            from_outside_charger_primary_zone: false,
            charge_against_charge: false,
        };
        let c = go(&c, Input::Countercharge(cc));
        let c = go(&c, no_fire());
        let c = go(&c, no_fire());
        let c = go(
            &c,
            Input::Impact { charger_mmp: 3, charger_roll: two(5, 5), defender_mmp: 3, defender_roll: two(2, 2) },
        );
        // the defender won: it strikes first
        assert_eq!(c.waiting_for(), Need::CavalryStrike(Side::Defender));
        let c = go(
            &c,
            Input::CavalryStrike {
                kills: 3,
                checks: vec![MoraleCheckInput { mmp: 5, roll: two(2, 3) }],
                officer_roll: None,
            },
        );
        assert_eq!(c.charger_morale, MoraleLevel::Shaken);
        assert_eq!(c.waiting_for(), Need::CavalryStrike(Side::Charger));
        let c = go(
            &c,
            Input::CavalryStrike {
                kills: 1,
                checks: vec![MoraleCheckInput { mmp: 3, roll: two(4, 4) }],
                officer_roll: None,
            },
        );
        assert_eq!(
            c.outcome,
            Some(Outcome::Cavalry {
                charger: CavalryAftermath::StandsInDisorder,
                defender: CavalryAftermath::PassesThrough
            })
        );
    }

    #[test]
    fn rule_5_5_5_b_loser_routed_by_the_first_strike_surrenders() {
        let c = Charge::declare(cavalry_setup()).unwrap();
        // failed the sighting check: shaken, in disorder, waiting
        let c = go(
            &c,
            Input::CavalrySighting {
                check: MoraleCheckInput { mmp: 6, roll: two(2, 3) },
                countercharge: true,
                must_turn_over_45: false,
            },
        );
        assert_eq!(c.defender_morale, MoraleLevel::Shaken);
        assert!(c.defender_disordered && !c.both_charging);
        let c = go(&c, Input::ChargedUnitStays);
        let c = go(&c, normal(8));
        let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[2, 2, 2]) });
        let c = go(&c, Input::Close);
        let c = go(&c, no_fire());
        assert_eq!(c.stage, Stage::DefensiveFireTwo);
        let c = go(&c, no_fire());
        let c = go(
            &c,
            Input::Impact { charger_mmp: 3, charger_roll: two(2, 2), defender_mmp: 5, defender_roll: two(4, 4) },
        );
        let c = go(
            &c,
            Input::CavalryStrike {
                kills: 3,
                checks: vec![MoraleCheckInput { mmp: 9, roll: two(2, 3) }],
                officer_roll: None,
            },
        );
        assert_eq!(
            c.outcome,
            Some(Outcome::Cavalry { charger: CavalryAftermath::PassesThrough, defender: CavalryAftermath::Surrenders })
        );
    }

    #[test]
    fn rule_5_5_5_b_cavalry_routed_on_sighting_is_chased() {
        let c = Charge::declare(cavalry_setup()).unwrap();
        let c = go(
            &c,
            Input::CavalrySighting {
                check: MoraleCheckInput { mmp: 6, roll: two(1, 1) },
                countercharge: false,
                must_turn_over_45: false,
            },
        );
        assert_eq!(c.stage, Stage::DefenderRoutMove);
        let c = go(&c, Input::RoutMove { terrain: Terrain::Open, dice: dice(&[1, 1, 2]) });
        assert_eq!(c.distance, Ratio::whole(14));
        let c = go(&go(&c, Input::ChargedUnitStays), normal(8));
        let caught =
            go(&go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[2, 2, 2]) }), Input::Close);
        assert_eq!(caught.outcome, Some(Outcome::DefenderSurrendered));
        let away =
            go(&go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[1, 1, 1]) }), Input::Close);
        assert_eq!(away.outcome, Some(Outcome::DefenderRouted));
    }

    #[test]
    fn mounted_cavalry_in_broken_ground_is_disordered_from_the_start() {
        let mut s = infantry_setup(10, OrderKind::Hold);
        s.charger.arm = Arm::Cavalry { mounted: true };
        let c = go(&Charge::declare(s).unwrap(), Input::ChargedUnitStays);
        let c = go(
            &c,
            Input::NormalMove {
                inches: Ratio::whole(6),
                greater_distance: false,
                disorder_roll: None,
                terrain: Terrain::Broken,
                woods: None,
            },
        );
        let c = go(&c, Input::Bonus { path: BonusPath::all_in(Terrain::Broken), dice: dice(&[3, 3]) });
        assert_eq!(c.marks.as_ref().unwrap().disorder_at, Some(Ratio::ZERO));
    }

    fn fear_mmp(c: &Charge, s: ChargeSituation) -> i32 {
        let b = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
        c.fear_of_charge_mmp(&b, s, &Overrides::new(), &MoraleRulings::default()).unwrap().value
    }

    fn behind_fence() -> crate::rules::morale::MoraleSituation {
        crate::rules::morale::MoraleSituation { cover: crate::rules::morale::Cover::Cover, ..Default::default() }
    }

    #[test]
    fn rule_5_5_2_fear_of_charge_mmps_through_the_machine() {
        // B: average BMP 3, -1 fence cover: MMP 2, a 3 or more passes.
        let c = go(&at_three_inches(8, [3, 3, 3]), no_fire());
        assert_eq!(fear_mmp(&c, ChargeSituation { general: behind_fence(), ..Default::default() }), 2);
        let passed = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp: 2, roll: two(1, 2) }));
        assert_eq!(passed.defender_morale, MoraleLevel::Good);
        // B in skirmish order: +6, MMP 8, a 9 or more passes.
        let mut s = infantry_setup(8, OrderKind::Hold);
        s.defender.formation = Formation::Skirmish;
        let c = Charge::declare(s).unwrap();
        let c = go(&go(&go(&go(&c, Input::ChargedUnitStays), normal(5)), Input::NoBonus), Input::Close);
        assert_eq!(fear_mmp(&c, ChargeSituation { general: behind_fence(), ..Default::default() }), 8);
        // ...and -3 for the attacker in disorder: MMP 5, a 6 or more passes.
        let mut s = infantry_setup(8, OrderKind::Hold);
        s.defender.formation = Formation::Skirmish;
        s.charger.target_off_front = true;
        let c = Charge::declare(s).unwrap();
        let c = go(&go(&go(&go(&c, Input::ChargedUnitStays), normal(5)), Input::NoBonus), Input::Close);
        assert_eq!(c.charger_for_fear_of_charge().formation, Formation::Disorder);
        assert_eq!(fear_mmp(&c, ChargeSituation { general: behind_fence(), ..Default::default() }), 5);
    }

    #[test]
    fn rule_5_2_1_forming_penalties_through_the_machine() {
        // B within 3" on its flank: +6 charged-on-flank and +3 charged-while-forming.
        let b = go(&Charge::declare(infantry_setup(2, OrderKind::FormationChange)).unwrap(), Input::ChargedUnitStays);
        let flank = ChargeSituation { charged_on: Aspect::FullFlank, ..Default::default() };
        assert_eq!(fear_mmp(&b, flank), 3 + 6 + 3);
        // C beyond 3" forms, and still takes +3.
        let c = Charge::declare(infantry_setup(6, OrderKind::FormationChange)).unwrap();
        let c = go(&c, Input::ChargedUnitMoved { distance_now: Ratio::whole(6), new_formation: Some(Formation::Line) });
        assert_eq!(fear_mmp(&c, ChargeSituation::default()), 3 + 3);
    }

    #[test]
    fn rule_5_1_2_a_target_off_the_front_is_charged_in_disorder() {
        let mut s = infantry_setup(8, OrderKind::Hold);
        s.charger.target_off_front = true;
        let c = Charge::declare(s).unwrap();
        assert!(c.disordered_from_start);
        let c = go(
            &go(&go(&c, Input::ChargedUnitStays), normal(5)),
            Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[3, 3, 3]) },
        );
        assert_eq!(c.marks.as_ref().unwrap().disorder_at, Some(Ratio::ZERO));
        assert!(c.charger_disordered_at_contact());
    }

    #[test]
    fn rule_5_2_4_guns_on_hold_charged_on_flank() {
        // The guns suffer +6 charged-on-flank whether or not they pivot (distance X over 3").
        use crate::rules::morale::{ArtillerySituation, BmpTableKind, bmp};
        let mut s = infantry_setup(6, OrderKind::Hold);
        s.defender.arm = Arm::Artillery;
        s.defender.formation = Formation::Unlimbered;
        s.defender.figures = 4;
        let c = go(&Charge::declare(s).unwrap(), Input::ChargedUnitStays);
        let guns = MoraleUnit::gun_section(Quality::Average, ArtillerySituation::SectionAlone);
        let mut o = Overrides::new();
        // the artillery rows of Table 18 are not in the transcription: the card's entry
        o.set(
            crate::rules::CellRef::new("Table 18", "Artillery Unlimbered", "Defender's formation"),
            crate::rules::Entered::NotApplicable,
        );
        let base = bmp(&guns, BmpTableKind::Charged, &o, &MoraleRulings::default()).unwrap().value;
        let flank = ChargeSituation { charged_on: Aspect::FullFlank, ..Default::default() };
        let m = c.fear_of_charge_mmp(&guns, flank, &o, &MoraleRulings::default()).unwrap();
        assert_eq!(m.value, base + 6);
    }

    #[test]
    fn rule_5_5_3_a_charge_and_fire_aspects_never_together() {
        // Unit C: +4 full flank fire at the time of fire, +8 charged-on-rear at the fear of
        // charge check, but not both.
        let c = Charge::declare(infantry_setup(8, OrderKind::Hold)).unwrap();
        let general = crate::rules::morale::MoraleSituation { fired_on: Aspect::FullFlank, ..Default::default() };
        assert_eq!(fear_mmp(&c, ChargeSituation { general, charged_on: Aspect::Rear, ..Default::default() }), 3 + 8);
        // a disengaging unit is always charged on the rear (5.2.2), and counts as disordered
        let d = go(
            &Charge::declare(infantry_setup(6, OrderKind::Disengage)).unwrap(),
            Input::ChargedUnitMoved { distance_now: Ratio::whole(9), new_formation: None },
        );
        assert_eq!(fear_mmp(&d, ChargeSituation::default()), 3 + 3 + 8);
    }

    #[test]
    fn rule_5_2_3_a_unit_marked_move_goes_to_conditional_hold() {
        let c = go(&Charge::declare(infantry_setup(8, OrderKind::Move)).unwrap(), Input::ChargedUnitStays);
        assert!(c.defender_on_conditional_hold);
        assert_eq!(fear_mmp(&c, ChargeSituation::default()), 3 + 1);
    }

    #[test]
    fn charger_fire_checks_from_the_morale_engine() {
        // An average regiment loses its first figures and a stand to the first defensive
        // fire: first-kill check at 3 - 1 = 2, then stand-lost at 2 + 2 = 4.
        let c = at_three_inches(8, [3, 3, 3]);
        let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
        let reasons = [CheckReason::StandLost, CheckReason::FirstKill];
        let dice = [two(3, 3), two(2, 2)];
        let checks = c
            .charger_fire_checks(
                &unit,
                MoraleSituation::default(),
                &reasons,
                &dice,
                &Overrides::new(),
                &MoraleRulings::default(),
            )
            .unwrap();
        assert_eq!(checks.iter().map(|k| k.mmp).collect::<Vec<_>>(), vec![2, 4]);
        let c = go(&c, Input::DefensiveFire(FireEffect { kills: 5, checks }));
        assert_eq!(c.outcome, Some(Outcome::ChargerStopped(Some(MoraleLevel::Shaken))));
    }

    #[test]
    fn melee_checks_keep_the_elan_by_default() {
        let c = to_impact(5, [2, 2, 2]);
        let c = go(
            &c,
            Input::Impact { charger_mmp: 2, charger_roll: two(3, 3), defender_mmp: 3, defender_roll: two(2, 3) },
        );
        assert_eq!(c.stage, Stage::Melee);
        let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
        let g = MoraleSituation { stands_lost: 1, ..Default::default() };
        let on = ChargeRulings::default();
        let off = ChargeRulings { elan_in_melee: false, ..ChargeRulings::default() };
        let m = |side, r: &ChargeRulings| {
            c.melee_mmp(side, &unit, g, r, &Overrides::new(), &MoraleRulings::default()).unwrap().value
        };
        assert_eq!(m(Side::Charger, &on), 4);
        assert_eq!(m(Side::Charger, &off), 5);
        assert_eq!(m(Side::Defender, &on), 5);
    }

    #[test]
    fn rule_5_1_5_nearest_charge_first() {
        assert_eq!(resolution_order(&[Ratio::whole(8), Ratio::whole(6)]), vec![1, 0]);
        assert_eq!(resolution_order(&[Ratio::new(13, 2).unwrap(), Ratio::whole(6), Ratio::whole(7)]), vec![1, 0, 2]);
        assert!(resolution_order(&[]).is_empty());
    }

    #[test]
    fn appendix_f_13_woods_losses_in_the_machine() {
        let mut s = infantry_setup(10, OrderKind::Hold);
        s.charger.arm = Arm::Cavalry { mounted: true };
        s.charger.figures = 100;
        let c = go(&Charge::declare(s).unwrap(), Input::ChargedUnitStays);
        let input = Input::NormalMove {
            inches: Ratio::whole(6),
            greater_distance: false,
            disorder_roll: None,
            terrain: Terrain::Broken,
            woods: Some((Woods::Heavy, d(4))),
        };
        // off by default: nothing lost
        let off = go(&c, input.clone());
        assert_eq!(off.charger_figures, 100);
        let on = ChargeRulings { cavalry_charge_through_woods: true, ..ChargeRulings::default() };
        let Advance::Next { charge, .. } = c.advance_with(input, &on, &Overrides::new()).unwrap() else { panic!() };
        assert_eq!(charge.charger_figures, 90);
    }

    #[test]
    fn appendix_f_15_night_charge_bonus() {
        let c =
            go(&go(&Charge::declare(infantry_setup(10, OrderKind::Hold)).unwrap(), Input::ChargedUnitStays), normal(5));
        let night = ChargeRulings { night: true, ..ChargeRulings::default() };
        let open = Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[3, 3, 3]) };
        // at night the open counts as broken: two dice, not three
        assert!(c.advance_with(open, &night, &Overrides::new()).is_err());
        let two_dice = Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&[3, 3]) };
        let Advance::Next { charge, .. } = c.advance_with(two_dice, &night, &Overrides::new()).unwrap() else {
            panic!()
        };
        assert_eq!(charge.marks.as_ref().unwrap().total, Ratio::whole(11));
    }

    #[test]
    fn a_charge_within_3_inches_but_short_of_contact_halts_after_the_checks() {
        // 8" away, 5" normal move, no bonus: it reaches the 3" point, not the defender.
        let c = Charge::declare(infantry_setup(8, OrderKind::Hold)).unwrap();
        let c = go(&go(&go(&go(&c, Input::ChargedUnitStays), normal(5)), Input::NoBonus), Input::Close);
        let c = go(&c, no_fire());
        let c = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp: 3, roll: two(4, 4) }));
        let c = go(&c, no_fire());
        assert_eq!(c.outcome, Some(Outcome::HaltedShort));
    }

    #[test]
    fn a_countercharge_that_does_not_meet() {
        let c = Charge::declare(infantry_setup(12, OrderKind::Hold)).unwrap();
        let c = go(&go(&go(&c, Input::ChargedUnitStays), normal(8)), Input::NoBonus);
        let cc = CounterchargeInput {
            charger_moved: Ratio::whole(8),
            normal_move: Ratio::ZERO,
            bonus: None,
            from_outside_charger_primary_zone: false,
            charge_against_charge: false,
        };
        let c = go(&c, Input::Countercharge(cc));
        assert_eq!(c.outcome, Some(Outcome::NoContact));
    }

    #[test]
    fn both_rout_in_the_same_melee_round() {
        let c = to_impact(5, [2, 2, 2]);
        let c = go(
            &c,
            Input::Impact { charger_mmp: 2, charger_roll: two(3, 3), defender_mmp: 3, defender_roll: two(2, 3) },
        );
        let rout = vec![MoraleCheckInput { mmp: 3, roll: two(1, 1) }];
        let c = go(
            &c,
            Input::MeleeRound {
                charger_kills: 2,
                defender_kills: 2,
                charger_checks: rout.clone(),
                defender_checks: rout,
                officer_rolls: vec![],
            },
        );
        assert_eq!(c.outcome, Some(Outcome::MeleeBothRout));
    }

    #[test]
    fn a_routed_defender_failing_fear_of_charge_is_removed() {
        let mut s = infantry_setup(8, OrderKind::Hold);
        s.defender.morale = MoraleLevel::Routed;
        s.defender.order = None;
        let c = Charge::declare(s).unwrap();
        assert!(c.defender_charged_on_rear && c.defender_disordered);
        let c = go(&go(&go(&go(&c, Input::ChargedUnitStays), normal(5)), Input::NoBonus), Input::Close);
        let c = go(&c, no_fire());
        let c = go(&c, Input::FearOfCharge(MoraleCheckInput { mmp: 9, roll: two(3, 3) }));
        assert_eq!(c.outcome, Some(Outcome::DefenderRemoved));
    }

    #[test]
    fn a_charge_in_progress_survives_saving_and_loading() {
        let c = go(&at_three_inches(8, [3, 3, 3]), no_fire());
        let text = serde_json::to_string(&c).unwrap();
        let back: Charge = serde_json::from_str(&text).unwrap();
        assert_eq!(back, c);
    }

    #[test]
    fn every_stage_names_its_table_16_step() {
        let c = Charge::declare(infantry_setup(8, OrderKind::Hold)).unwrap();
        assert_eq!(c.table16_step().map(|s| s.number), Some(2));
        let c = at_three_inches(8, [3, 3, 3]);
        assert_eq!(c.table16_step().map(|s| s.number), Some(5));
    }

    fn arb_input() -> impl Strategy<Value = Input> {
        let die = 1u8..=6;
        let roll = (1u8..=6, 1u8..=6).prop_map(|(a, b)| two(a, b));
        let check = (-5i32..15, roll.clone()).prop_map(|(mmp, roll)| MoraleCheckInput { mmp, roll });
        prop_oneof![
            Just(Input::ChargedUnitStays),
            (0u32..15).prop_map(|i| Input::ChargedUnitMoved { distance_now: Ratio::whole(i), new_formation: None }),
            (0u32..12, any::<bool>(), proptest::option::of(die.clone())).prop_map(|(i, g, r)| Input::NormalMove {
                inches: Ratio::whole(i),
                greater_distance: g,
                disorder_roll: r.map(d),
                terrain: Terrain::Open,
                woods: None
            }),
            Just(Input::NoBonus),
            proptest::collection::vec(die.clone(), 3)
                .prop_map(|f| Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: dice(&f) }),
            die.clone().prop_map(|f| Input::HaltRoll(d(f))),
            Just(Input::Close),
            (0u32..5, proptest::collection::vec(check.clone(), 0..3))
                .prop_map(|(k, checks)| Input::DefensiveFire(FireEffect { kills: k, checks })),
            check.clone().prop_map(Input::FearOfCharge),
            proptest::collection::vec(die.clone(), 3)
                .prop_map(|f| Input::RoutMove { terrain: Terrain::Open, dice: dice(&f) }),
            (-5i32..15, roll.clone(), -5i32..15, roll.clone()).prop_map(|(a, r1, b, r2)| Input::Impact {
                charger_mmp: a,
                charger_roll: r1,
                defender_mmp: b,
                defender_roll: r2
            }),
            die.clone().prop_map(|f| Input::LossDie(d(f))),
            roll.clone().prop_map(Input::Retire),
            (
                0u32..8,
                0u32..8,
                proptest::collection::vec(check.clone(), 0..2),
                proptest::collection::vec(check.clone(), 0..2)
            )
                .prop_map(|(a, b, x, y)| Input::MeleeRound {
                    charger_kills: a,
                    defender_kills: b,
                    charger_checks: x,
                    defender_checks: y,
                    officer_rolls: vec![]
                }),
            (0u32..8, proptest::collection::vec(check.clone(), 0..2)).prop_map(|(k, checks)| Input::CavalryStrike {
                kills: k,
                checks,
                officer_roll: None
            }),
            (check, any::<bool>(), any::<bool>()).prop_map(|(check, countercharge, must_turn_over_45)| {
                Input::CavalrySighting { check, countercharge, must_turn_over_45 }
            }),
            (roll.clone(), roll.clone())
                .prop_map(|(a, b)| Input::ArtilleryImpact { charger_roll: a, artillery_roll: b }),
            Just(Input::CrewFlees),
            (0u32..12, 0u32..6, proptest::collection::vec(die.clone(), 3), any::<bool>(), any::<bool>()).prop_map(
                |(moved, normal, f, outside, against)| {
                    Input::Countercharge(CounterchargeInput {
                        charger_moved: Ratio::whole(moved),
                        normal_move: Ratio::whole(normal),
                        bonus: Some((BonusPath::all_in(Terrain::Open), dice(&f))),
                        from_outside_charger_primary_zone: outside,
                        charge_against_charge: against,
                    })
                }
            ),
        ]
    }

    proptest! {
        #[test]
        fn the_machine_never_panics_and_ends_in_an_outcome(
            distance in 0u32..16,
            cavalry in any::<bool>(),
            guns in any::<bool>(),
            inputs in proptest::collection::vec(arb_input(), 0..150),
        ) {
            let mut s = if cavalry { cavalry_setup() } else { infantry_setup(distance, OrderKind::Hold) };
            s.distance = Ratio::whole(distance);
            if guns {
                s.defender.arm = Arm::Artillery;
                s.defender.figures = 4;
            }
            let mut c = Charge::declare(s).unwrap();
            for input in inputs {
                if let Ok(Advance::Next { charge, .. }) = c.advance(input) {
                    c = *charge;
                }
                prop_assert_eq!(c.stage == Stage::Ended, c.outcome.is_some());
                prop_assert!(c.charger_figures <= 24 && c.defender_figures <= 20);
                prop_assert!(c.waiting_for() == Need::Nothing || c.outcome.is_none());
            }
        }
    }
}
