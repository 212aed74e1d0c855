//! Table 16 step 1: the charge declared (5.1): its objective, the two units, the distance
//! that sets the order of resolution (5.1.5), the elan (5.1.3) and a charge in disorder from
//! its start (5.1.2, 5.1.4, 6.7.3).

use super::{Charge, Conditions, Stage, out_of_range};
use crate::rules::charge::{ChargeRulings, Happened, inches_ge, show_inches};
use crate::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality};
use crate::rules::{Ratio, RuleResult};
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
        may_charge(&setup, rulings)?;
        let (c, d) = (&setup.charger, &setup.defender);
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
        let elan = elan(c, &mut log);
        let disordered = disordered_from_start(c, &mut log);
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
            conditions: Conditions::default(),
        })
    }
}

/// Whether the charge may be declared (Table 16 step 1): a regiment of more than one stand
/// (Appendix F.12, when on), of good morale (1.1.3, 2.3.5.b), in its first or second
/// consecutive turn of charging (5.1.4), not with empty guns in disorder or skirmish (5.1.3);
/// both units with figures, the target within reach of any charge.
fn may_charge(setup: &ChargeSetup, rulings: &ChargeRulings) -> RuleResult<()> {
    let (c, d) = (&setup.charger, &setup.defender);
    if rulings.single_stands && c.stands <= 1 {
        return Err(out_of_range(
            "charging unit",
            "a regiment reduced to a single stand may not charge (Appendix F.12)",
        ));
    }
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
        return Err(out_of_range("charge distance", format!("{} is beyond any charge", show_inches(setup.distance))));
    }
    Ok(())
}

/// The charge elan (5.1.3): -1, -2 with empty guns, none on a second consecutive charge
/// (5.1.4); said in `log`.
fn elan(c: &ChargingUnit, log: &mut Vec<Happened>) -> i32 {
    if c.consecutive_turn == 2 {
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
    }
}

/// Whether the charge is in disorder from its start: a second consecutive charge (5.1.4), a
/// target more than 45 degrees off the front (5.1.2), a unit already in disorder, mounted
/// infantry (6.7.3); said in `log`.
fn disordered_from_start(c: &ChargingUnit, log: &mut Vec<Happened>) -> bool {
    let mut disordered = c.consecutive_turn == 2;
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
    disordered
}
