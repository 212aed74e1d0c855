//! Charge morale: the fear-of-charge check (5.5) and the impact MMP of each side (5.7.1.a),
//! from Table 17 and Table 18 with both formations (note 1), the doubling for mounted cavalry
//! charging foot or guns (5.5.5.a, note 2), and the defender's roll on losing the impact
//! (5.7.3.b).

use super::bmp::{BmpTableKind, MoraleUnit, bmp};
use super::check::{MoraleResult, check, check_odds};
use super::modifiers::{
    Aspect, Cover, FormationModifier, Mmp, Modifier, MoraleSituation, cover_value, push_common, push_elan,
    push_stand_losses, resolve_modifier,
};
use super::{MoraleRulings, MountedFormationRows};
use crate::rules::tables::t18_charge_modifiers::{self as t18, ConditionRow};
use crate::rules::unit::{Arm, Formation, MoraleLevel};
use crate::rules::{Cell, CellRef, Die, Distribution, Overrides, RuleResult, Source, TwoDice};
use serde::{Deserialize, Serialize};

/// A unit's situation in a charge, as defender or as attacker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct ChargeSituation {
    /// What it shares with other checks: stands lost, cover, protection, isolation, brigade
    /// losses, officer, elan, strategic surprise, merged stands, brigade column. Its
    /// `fired_on` is not used: fire and charge aspects never apply together (5.5.3.a).
    pub general: MoraleSituation,
    /// Its formation at the check (a disengaging unit counts as Disorder, 5.2.2).
    pub formation: Formation,
    /// Infantry without bayonets (carbines, repeaters, shotguns, 5.5.3.c); dismounted cavalry
    /// always counts as without.
    pub no_bayonets: bool,
    /// Where the charge comes from (5.5.3.a); disengaging and routed defenders are always
    /// charged on the rear.
    pub charged_on: Aspect,
    /// Charged while changing formation, or prone (5.2.1, 5.5.3.b, 6.8.5).
    pub charged_while_forming: bool,
    /// On Conditional Hold and charged (3.2).
    pub conditional_hold: bool,
    /// The defender's tactical surprise die (10.2.1.b).
    pub tactical_surprise: Option<Die>,
    /// Wave assault: waves following in good order (-2 each at impact, 6.8.8.b).
    pub waves_in_good_order: u32,
    /// Wave assault: waves following in disorder (-1 each at impact, 6.8.8.b).
    pub waves_in_disorder: u32,
}

impl Default for ChargeSituation {
    fn default() -> Self {
        ChargeSituation {
            general: MoraleSituation::default(),
            formation: Formation::Line,
            no_bayonets: false,
            charged_on: Aspect::Front,
            charged_while_forming: false,
            conditional_hold: false,
            tactical_surprise: None,
            waves_in_good_order: 0,
            waves_in_disorder: 0,
        }
    }
}

/// The charging unit, as the defender's fear-of-charge check sees it (5.5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Charger {
    /// Its arm (mounted cavalry doubles the defender's modifiers, 5.5.5.a).
    pub arm: Arm,
    /// Its formation, whose shock effect modifies the defender's BMP.
    pub formation: Formation,
}

/// Which formation column of Table 18.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Column {
    Attacker,
    Defender,
    Impact,
}

fn formation_cell(
    arm: Arm,
    formation: Formation,
    cover: Cover,
    column: Column,
    rulings: &MoraleRulings,
) -> (CellRef, Cell<Option<i32>>) {
    let label = match column {
        Column::Attacker => t18::ATTACKER_COLUMN,
        Column::Defender => t18::DEFENDER_COLUMN,
        Column::Impact => t18::IMPACT_COLUMN,
    };
    let pick = |row: &t18::FormationRow| match column {
        Column::Attacker => row.attacker,
        Column::Defender => row.defender,
        Column::Impact => row.impact,
    };
    // Works remove the shock detriment of extended line (9.1.3, medium works) and of skirmish
    // order (9.1.4, heavy works) for the troops inside.
    if column != Column::Attacker {
        match (formation, cover) {
            (Formation::ExtendedLine, Cover::MediumWorks) => {
                return (
                    CellRef::new(t18::TABLE, formation.label(), label),
                    Cell::RuleText { value: Some(0), rule: "9.1.3" },
                );
            }
            (Formation::Skirmish, Cover::HeavyWorks) => {
                return (
                    CellRef::new(t18::TABLE, formation.label(), label),
                    Cell::RuleText { value: Some(0), rule: "9.1.4" },
                );
            }
            _ => {}
        }
    }
    if arm == Arm::Artillery || matches!(formation, Formation::Limbered | Formation::Unlimbered) {
        return (CellRef::new(t18::TABLE, format!("Artillery {}", formation.label()), label), Cell::Missing);
    }
    if arm.is_mounted() && rulings.mounted_formation_rows == MountedFormationRows::Entered {
        return (CellRef::new(t18::TABLE, format!("Mounted Cavalry {}", formation.label()), label), Cell::Missing);
    }
    match t18::formation_row(formation) {
        Some(row) => (CellRef::new(t18::TABLE, row.label, label), pick(row)),
        None => (CellRef::new(t18::TABLE, formation.label(), label), Cell::Missing),
    }
}

fn condition(overrides: &Overrides, row: &ConditionRow, impact: bool) -> RuleResult<Option<(i32, Source)>> {
    let (column, shipped) =
        if impact { (t18::CONDITION_IMPACT_COLUMN, row.impact) } else { (t18::FEAR_COLUMN, row.fear) };
    resolve_modifier(overrides, &CellRef::new(t18::TABLE, row.label, column), shipped)
}

fn rule_text(overrides: &Overrides, row: &str, column: &str, shipped: Cell<i32>) -> RuleResult<(i32, Source)> {
    super::modifiers::modifier(overrides, t18::TABLE, row, column, shipped)
}

fn push_opt(m: &mut Mmp, modifier: Modifier, v: Option<(i32, Source)>) {
    if let Some((v, s)) = v {
        m.push(modifier, v, s);
    }
}

/// The Table 18 lines of one unit's charge MMP: losses, shaken, cover, bayonets, flank,
/// forming, Conditional Hold, tactical surprise (everything but formation and the Table 6
/// rows).
fn push_table_18_conditions(
    m: &mut Mmp,
    unit: &MoraleUnit,
    s: &ChargeSituation,
    level: MoraleLevel,
    impact: bool,
    overrides: &Overrides,
    rulings: &MoraleRulings,
) -> RuleResult<()> {
    let column = if impact { t18::CONDITION_IMPACT_COLUMN } else { t18::FEAR_COLUMN };
    let per_stand = condition(overrides, &t18::PER_STAND_LOST, impact)?.unwrap_or((0, Source::Entered));
    push_stand_losses(m, &s.general, per_stand, overrides)?;
    if level == MoraleLevel::Shaken {
        push_opt(m, Modifier::Shaken, condition(overrides, &t18::SHAKEN, impact)?);
    }
    if let Some(plain) = condition(overrides, &t18::IN_BEHIND_COVER, impact)? {
        let v = match s.general.cover {
            Cover::MediumWorks | Cover::HeavyWorks if !rulings.works_in_charges => Some(plain),
            c => cover_value(c, plain, overrides)?,
        };
        push_opt(m, Modifier::Cover(s.general.cover), v);
    }
    if s.no_bayonets || unit.arm == (Arm::Cavalry { mounted: false }) {
        push_opt(m, Modifier::NoBayonets, condition(overrides, &t18::NO_BAYONETS, impact)?);
    }
    let aspect = if s.general.disengaging || level == MoraleLevel::Routed { Aspect::Rear } else { s.charged_on };
    let row = match aspect {
        Aspect::Front => None,
        Aspect::PartialFlank | Aspect::FullFlank if s.general.refused_line => None,
        Aspect::PartialFlank => Some(&t18::CHARGED_ON_PARTIAL_FLANK),
        Aspect::FullFlank => Some(&t18::CHARGED_ON_FLANK),
        Aspect::Rear => Some(&t18::CHARGED_ON_REAR),
    };
    if let Some(row) = row {
        push_opt(m, Modifier::ChargedOn(aspect), condition(overrides, row, impact)?);
    }
    if s.charged_while_forming {
        let v = rule_text(overrides, "Charged While Forming (5.5.3.b)", column, t18::CHARGED_WHILE_FORMING)?;
        m.push(Modifier::ChargedWhileForming, v.0, v.1);
    }
    if let Some(die) = s.tactical_surprise {
        let shipped = t18::TACTICAL_SURPRISE_BY_DIE
            .get(usize::from(die.face()).saturating_sub(1))
            .copied()
            .unwrap_or(Cell::Missing);
        let v = rule_text(overrides, "Tactical Surprise (10.2.1.b)", &format!("Die {}", die.face()), shipped)?;
        m.push(Modifier::TacticalSurprise(die.face()), v.0, v.1);
    }
    Ok(())
}

/// Mounted cavalry charging infantry, dismounted cavalry or artillery doubles the defender's
/// Table 18 modifiers (5.5.5.a, Table 18 note 2).
fn doubles(defender: &MoraleUnit, attacker_arm: Arm) -> bool {
    attacker_arm == (Arm::Cavalry { mounted: true }) && (defender.arm.is_foot() || defender.arm == Arm::Artillery)
}

/// The defender's MMP for its fear-of-charge check (5.5.2): Table 17 BMP; Table 18's
/// fear-of-charge column with the net of its own and the attacker's formation (note 1); the
/// Table 6 modifiers that are not replaced (5.5.3: protection, isolation, brigade losses) and
/// the officer; Conditional Hold (3.2), forming (5.5.3.b), tactical and strategic surprise
/// (10.2). Doubled against mounted cavalry where note 2 says.
///
/// ```
/// use johnny_reb::rules::morale::{fear_of_charge_mmp, ChargeSituation, Charger, Cover, MoraleRulings,
///     MoraleSituation, MoraleUnit};
/// use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, Quality};
/// use johnny_reb::rules::Overrides;
/// // 5.5.2: average BMP 3, -1 fence cover, +6 skirmish, -3 attacker in disorder: MMP 5.
/// let b = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
/// let s = ChargeSituation {
///     general: MoraleSituation { cover: Cover::Cover, ..Default::default() },
///     formation: Formation::Skirmish,
///     ..Default::default()
/// };
/// let a = Charger { arm: Arm::Infantry, formation: Formation::Disorder };
/// let m = fear_of_charge_mmp(&b, &s, MoraleLevel::Good, &a, &Overrides::new(), &MoraleRulings::default()).unwrap();
/// assert_eq!(m.value, 5);
/// ```
pub fn fear_of_charge_mmp(
    defender: &MoraleUnit,
    situation: &ChargeSituation,
    level: MoraleLevel,
    attacker: &Charger,
    overrides: &Overrides,
    rulings: &MoraleRulings,
) -> RuleResult<Mmp> {
    fear_mmp(defender, situation, level, Some(attacker), overrides, rulings)
}

/// The MMP of a gun section's fear-of-charge check before firing double canister (4.3.6.b),
/// "whether the gun is in a charged situation or not": without a charger, there is no
/// attacker's formation and no doubling.
///
/// ```
/// use johnny_reb::rules::morale::{double_canister_mmp, ArtillerySituation, ChargeSituation, MoraleRulings, MoraleUnit};
/// use johnny_reb::rules::unit::{Formation, MoraleLevel, Quality};
/// use johnny_reb::rules::{CellRef, Entered, Overrides};
/// let guns = MoraleUnit::gun_section(Quality::Average, ArtillerySituation::WithCompleteBattery);
/// let s = ChargeSituation { formation: Formation::Unlimbered, ..Default::default() };
/// let mut o = Overrides::new();
/// o.set(CellRef::new("Table 18", "Artillery Unlimbered", "Defender's formation"), Entered::NotApplicable);
/// assert_eq!(double_canister_mmp(&guns, &s, MoraleLevel::Good, &o, &MoraleRulings::default()).unwrap().value, 7);
/// ```
pub fn double_canister_mmp(
    guns: &MoraleUnit,
    situation: &ChargeSituation,
    level: MoraleLevel,
    overrides: &Overrides,
    rulings: &MoraleRulings,
) -> RuleResult<Mmp> {
    fear_mmp(guns, situation, level, None, overrides, rulings)
}

fn fear_mmp(
    defender: &MoraleUnit,
    situation: &ChargeSituation,
    level: MoraleLevel,
    attacker: Option<&Charger>,
    overrides: &Overrides,
    rulings: &MoraleRulings,
) -> RuleResult<Mmp> {
    let mut m = Mmp::new(bmp(defender, BmpTableKind::Charged, overrides, rulings)?);
    let cover = situation.general.cover;
    // Note 1: the defender adds its own formation's and the attacker's formation's values.
    let own = if level == MoraleLevel::Routed {
        (CellRef::new(t18::TABLE, t18::ROUTED_ROW.label, t18::DEFENDER_COLUMN), t18::ROUTED_ROW.defender)
    } else {
        let formation = if situation.general.disengaging { Formation::Disorder } else { situation.formation };
        formation_cell(defender.arm, formation, cover, Column::Defender, rulings)
    };
    push_opt(&mut m, Modifier::Formation(FormationModifier::Defender), resolve_modifier(overrides, &own.0, own.1)?);
    if let Some(attacker) = attacker {
        let theirs = formation_cell(attacker.arm, attacker.formation, Cover::None, Column::Attacker, rulings);
        push_opt(
            &mut m,
            Modifier::Formation(FormationModifier::Attacker),
            resolve_modifier(overrides, &theirs.0, theirs.1)?,
        );
    }
    push_table_18_conditions(&mut m, defender, situation, level, false, overrides, rulings)?;
    if attacker.is_some_and(|a| doubles(defender, a.arm)) {
        let table_18 = m.value.saturating_sub(m.bmp.value);
        m.push(Modifier::DoubledByMountedCharge, table_18, Source::RuleText("5.5.5.a".to_string()));
    }
    if situation.conditional_hold {
        let v =
            rule_text(overrides, "Conditional Hold, Charged (3.2)", t18::FEAR_COLUMN, t18::CONDITIONAL_HOLD_CHARGED)?;
        m.push(Modifier::ConditionalHold, v.0, v.1);
    }
    push_common(&mut m, defender, &situation.general, true, overrides)?;
    Ok(m)
}

/// The fear-of-charge check itself (5.5.2, 5.5.4): the MMP and the result of the roll. A
/// defender that routs makes the forced rout move at once and surrenders if it is contacted
/// (5.5.4). When mounted cavalry charges mounted cavalry the defender checks as soon as the
/// charger is in sight, and a defender that fails is also placed in disorder (5.5.5.b).
///
/// ```
/// use johnny_reb::rules::morale::{fear_of_charge, ChargeSituation, Charger, Cover, MoraleRulings,
///     MoraleSituation, MoraleUnit};
/// use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, Quality};
/// use johnny_reb::rules::{Overrides, TwoDice};
/// // 5.5.2: MMP 2 behind a fence; "a roll of 3 or more with two dice passes the check".
/// let b = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
/// let s = ChargeSituation { general: MoraleSituation { cover: Cover::Cover, ..Default::default() }, ..Default::default() };
/// let a = Charger { arm: Arm::Infantry, formation: Formation::Line };
/// let (m, r) = fear_of_charge(&b, &s, MoraleLevel::Good, &a, TwoDice::new(1, 2).unwrap(),
///     &Overrides::new(), &MoraleRulings::default()).unwrap();
/// assert_eq!(m.value, 2);
/// assert!(r.passed());
/// ```
pub fn fear_of_charge(
    defender: &MoraleUnit,
    situation: &ChargeSituation,
    level: MoraleLevel,
    attacker: &Charger,
    roll: TwoDice,
    overrides: &Overrides,
    rulings: &MoraleRulings,
) -> RuleResult<(Mmp, MoraleResult)> {
    let m = fear_of_charge_mmp(defender, situation, level, attacker, overrides, rulings)?;
    let r = check(m.value, roll, level);
    Ok((m, r))
}

/// The odds of [`fear_of_charge`] before the roll.
///
/// ```
/// use johnny_reb::rules::morale::{fear_of_charge_odds, ChargeSituation, Charger, MoraleRulings, MoraleUnit};
/// use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, Quality};
/// use johnny_reb::rules::{Chance, Overrides};
/// let b = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
/// let a = Charger { arm: Arm::Infantry, formation: Formation::Line };
/// let d = fear_of_charge_odds(&b, &ChargeSituation::default(), MoraleLevel::Good, &a,
///     &Overrides::new(), &MoraleRulings::default()).unwrap();
/// assert_eq!(d.chance_that(|r| r.passed()), Chance::new(33, 36)); // higher than 3
/// ```
pub fn fear_of_charge_odds(
    defender: &MoraleUnit,
    situation: &ChargeSituation,
    level: MoraleLevel,
    attacker: &Charger,
    overrides: &Overrides,
    rulings: &MoraleRulings,
) -> RuleResult<Distribution<MoraleResult>> {
    let m = fear_of_charge_mmp(defender, situation, level, attacker, overrides, rulings)?;
    Ok(check_odds(m.value, level))
}

/// Which side of the impact a unit is on (5.7.1.a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ImpactSide {
    /// The charged unit, charged by a unit of this arm (mounted cavalry doubles its Table 18
    /// modifiers, 5.5.5.a).
    Defender {
        /// The charging unit's arm.
        attacker: Arm,
    },
    /// The charging or countercharging unit (its elan is in `general.elan`; none when
    /// countercharging, 5.3.5.c, or charging a second turn, 5.1.4).
    Attacker,
}

/// A unit's impact MMP (5.7.1.a): Table 17 BMP with the impact modifiers of Table 18 that
/// apply to the unit itself: its own formation, elan, bayonets, flank, losses, shaken, cover;
/// with forming (5.5.3.b), Conditional Hold (3.2), tactical and strategic surprise (10.2),
/// mounted infantry (6.7.3), waves (6.8.8.b), merged stands (6.8.9.b) and, by the ruling's
/// default, the officer (2.3.4.f). The two sides add two dice each; the lowest sum wins.
///
/// ```
/// use johnny_reb::rules::morale::{impact_mmp, BrigadeColumn, ChargeElan, ChargeSituation, ImpactSide,
///     MoraleRulings, MoraleSituation, MoraleUnit};
/// use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, Quality};
/// use johnny_reb::rules::Overrides;
/// // 6.8.2 example: 2 BMP -1 charging +2 for 20 percent loss -4 brigade column = -1.
/// let lead = MoraleUnit::regiment(Arm::Infantry, Quality::Elite);
/// let s = ChargeSituation {
///     general: MoraleSituation { stands_lost: 6, elan: ChargeElan::Charging,
///         brigade_column: Some(BrigadeColumn { stands_at_forming: 20 }), ..Default::default() },
///     formation: Formation::BrigadeColumn,
///     ..Default::default()
/// };
/// let m = impact_mmp(&lead, &s, MoraleLevel::Good, ImpactSide::Attacker, &Overrides::new(),
///     &MoraleRulings::default()).unwrap();
/// assert_eq!(m.value, -1);
/// ```
pub fn impact_mmp(
    unit: &MoraleUnit,
    situation: &ChargeSituation,
    level: MoraleLevel,
    side: ImpactSide,
    overrides: &Overrides,
    rulings: &MoraleRulings,
) -> RuleResult<Mmp> {
    let mut m = Mmp::new(bmp(unit, BmpTableKind::Charged, overrides, rulings)?);
    let cover = situation.general.cover;
    let formation = if situation.general.disengaging { Formation::Disorder } else { situation.formation };
    let own = formation_cell(unit.arm, formation, cover, Column::Impact, rulings);
    push_opt(&mut m, Modifier::Formation(FormationModifier::Impact), resolve_modifier(overrides, &own.0, own.1)?);
    push_table_18_conditions(&mut m, unit, situation, level, true, overrides, rulings)?;
    // Elan is a Table 18 row ("-1, -2") but only a charger has it; it is never doubled.
    if let ImpactSide::Defender { attacker } = side
        && doubles(unit, attacker)
    {
        let table_18 = m.value.saturating_sub(m.bmp.value);
        m.push(Modifier::DoubledByMountedCharge, table_18, Source::RuleText("5.5.5.a".to_string()));
    }
    push_elan(&mut m, unit, situation.general.elan, situation.general.charging, overrides, true)?;
    if situation.conditional_hold {
        let v = rule_text(
            overrides,
            "Conditional Hold, Charged (3.2)",
            t18::CONDITION_IMPACT_COLUMN,
            t18::CONDITIONAL_HOLD_CHARGED,
        )?;
        m.push(Modifier::ConditionalHold, v.0, v.1);
    }
    if situation.waves_in_good_order > 0 || situation.waves_in_disorder > 0 {
        let good = rule_text(
            overrides,
            "Wave Assault, Wave in Good Order (6.8.8.b)",
            t18::CONDITION_IMPACT_COLUMN,
            t18::WAVE_IN_GOOD_ORDER,
        )?;
        let dis = rule_text(
            overrides,
            "Wave Assault, Wave in Disorder (6.8.8.b)",
            t18::CONDITION_IMPACT_COLUMN,
            t18::WAVE_IN_DISORDER,
        )?;
        let n = |x: u32| i32::try_from(x).unwrap_or(i32::MAX);
        let v = good
            .0
            .saturating_mul(n(situation.waves_in_good_order))
            .saturating_add(dis.0.saturating_mul(n(situation.waves_in_disorder)));
        m.push(
            Modifier::Waves { good_order: situation.waves_in_good_order, disorder: situation.waves_in_disorder },
            v,
            Source::RuleText("6.8.8.b".to_string()),
        );
    }
    let mut general = situation.general;
    // Elan and the mounted infantry penalty are already counted, from Table 18.
    general.elan = super::modifiers::ChargeElan::None;
    general.charging = false;
    if !rulings.officer_at_impact {
        general.officer_benefit = 0;
    }
    push_common(&mut m, unit, &general, rulings.table_6_modifiers_at_impact, overrides)?;
    Ok(m)
}

/// What a charged unit that lost the impact becomes (5.7.3.b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ImpactLoss {
    /// Routed: the forced rout move at once (2.1.2).
    Routs,
    /// Shaken: it retires two dice in inches from the winner, in disorder, still facing it.
    FallsBackShaken,
}

/// A charged unit that loses the impact (5.7.3.b): already shaken, it routs; otherwise it
/// rolls one die and routs unless the roll is higher than its Table 17 BMP, modified only by
/// an officer present.
///
/// ```
/// use johnny_reb::rules::morale::{defender_loses_impact, ImpactLoss, MoraleRulings, MoraleUnit};
/// use johnny_reb::rules::unit::{Arm, MoraleLevel, Quality};
/// use johnny_reb::rules::{Die, Overrides};
/// let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
/// let r = defender_loses_impact(&unit, MoraleLevel::Good, 0, Die::new(4).unwrap(),
///     &Overrides::new(), &MoraleRulings::default()).unwrap();
/// assert_eq!(r, ImpactLoss::FallsBackShaken);
/// ```
pub fn defender_loses_impact(
    unit: &MoraleUnit,
    level: MoraleLevel,
    officer_benefit: u8,
    die: Die,
    overrides: &Overrides,
    rulings: &MoraleRulings,
) -> RuleResult<ImpactLoss> {
    if level != MoraleLevel::Good {
        return Ok(ImpactLoss::Routs);
    }
    let target = bmp(unit, BmpTableKind::Charged, overrides, rulings)?.value.saturating_sub(i32::from(officer_benefit));
    Ok(if i32::from(die.face()) > target { ImpactLoss::FallsBackShaken } else { ImpactLoss::Routs })
}

/// The odds of [`defender_loses_impact`] before the die.
///
/// ```
/// use johnny_reb::rules::morale::{defender_loses_impact_odds, ImpactLoss, MoraleRulings, MoraleUnit};
/// use johnny_reb::rules::unit::{Arm, MoraleLevel, Quality};
/// use johnny_reb::rules::{Chance, Overrides};
/// // Elite (Table 17 BMP 2) with an officer of benefit 1: routs only on a 1.
/// let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Elite);
/// let d = defender_loses_impact_odds(&unit, MoraleLevel::Good, 1, &Overrides::new(), &MoraleRulings::default()).unwrap();
/// assert_eq!(d.chance_of(&ImpactLoss::Routs), Chance::new(1, 6));
/// ```
pub fn defender_loses_impact_odds(
    unit: &MoraleUnit,
    level: MoraleLevel,
    officer_benefit: u8,
    overrides: &Overrides,
    rulings: &MoraleRulings,
) -> RuleResult<Distribution<ImpactLoss>> {
    let target = bmp(unit, BmpTableKind::Charged, overrides, rulings)?.value.saturating_sub(i32::from(officer_benefit));
    Ok(Distribution::of_die(|d| {
        if level != MoraleLevel::Good || i32::from(d.face()) <= target {
            ImpactLoss::Routs
        } else {
            ImpactLoss::FallsBackShaken
        }
    }))
}

#[cfg(test)]
mod tests;
