//! The Modified Morale Point for checks that are not charge checks: Table 5 BMP plus the
//! modifiers of Table 6 and of the rule text (2.3.4, 4.4.3, 5.1.3, 6.7.3, 6.8, 8, 9.3.2,
//! 10.2.2, Appendix F 2 and 10).

use super::MoraleRulings;
use super::bmp::{BmpTableKind, MoraleUnit, bmp};
use crate::rules::tables::t06_bmp_modifiers as t6;
use crate::rules::unit::{Arm, MoraleLevel};
use crate::rules::{Cell, CellRef, Entered, Overrides, Ratio, RuleError, RuleResult, Source, Sourced};
use serde::{Deserialize, Serialize};

/// One line of an MMP: why it is there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Modifier {
    /// Stands lost, +2 each (2.3.4.a; Table 18 for charges).
    StandsLost(u32),
    /// Brigade column: complete 20 percent steps of its stands lost, +2 each (6.8.2.d).
    BrigadeColumnLosses(u32),
    /// Shaken (2.3.5.b).
    Shaken,
    /// Routed (2.3.5.c).
    Routed,
    /// In or behind cover, or works, or a building (2.3.4.b, 9.3.2).
    Cover(Cover),
    /// Protected by own troops (2.3.4.c).
    ProtectedByOwnTroops,
    /// Isolated (2.3.4.d).
    Isolated(Isolation),
    /// Regiments of the same brigade lost before this turn (2.3.4.e).
    RegimentsLostFromBrigade(u32),
    /// The best officer within 1", by his benefit value (2.3.4.f).
    OfficerPresent(u8),
    /// Fired on flank, partial flank or rear (4.4.3.a).
    FiredOn(Aspect),
    /// A routed unit fired on at close range or by double canister: always as fired on rear
    /// (4.4.3.b).
    RoutedFiredOnAtCloseRange,
    /// Charge elan of a charging unit (5.1.3; Table 18).
    ChargeElan(ChargeElan),
    /// Mounted infantry charging mounted (6.7.3).
    MountedInfantryCharging,
    /// Strategic surprise: a modifier equal to the unit's own BMP (10.2.2.b).
    StrategicSurprise,
    /// Seeing an officer's spectacular death (8, Table 20).
    SpectacularDeath,
    /// Detached skirmishers, 1 worse than the parent regiment (6.8.6.b).
    DetachedSkirmishers,
    /// Merged unit, per stand attached (6.8.9.b).
    MergedStandsAttached(u32),
    /// Optional: unreasonable order to a shaken unit that failed to rally (Appendix F 2).
    UnreasonableOrder,
    /// Optional: artillery hit by canister (Appendix F 10).
    CanisterHit,
    /// Formation (Table 18): for fear-of-charge the net of the defender's and the attacker's
    /// formation (note 1); for impact the unit's own.
    Formation(FormationModifier),
    /// Does not have bayonets (5.5.3.c).
    NoBayonets,
    /// Charged on flank, partial flank or rear (5.5.3.a).
    ChargedOn(Aspect),
    /// Charged while forming (5.5.3.b, 5.2.1, 6.8.5).
    ChargedWhileForming,
    /// On Conditional Hold when charged (3.2).
    ConditionalHold,
    /// Tactical surprise, by the defender's die (10.2.1.b).
    TacticalSurprise(u8),
    /// Wave assault: following waves in good order and in disorder (6.8.8.b).
    Waves {
        /// Waves in good order (-2 each).
        good_order: u32,
        /// Waves in disorder (-1 each).
        disorder: u32,
    },
    /// Mounted cavalry charging infantry, dismounted cavalry or artillery: the defender's
    /// Table 18 modifiers are doubled; this line is the added half (5.5.5.a, Table 18 note 2).
    DoubledByMountedCharge,
}

impl Modifier {
    /// The modifier's name in the game's words, for the MMP breakdown.
    pub fn label(&self) -> &'static str {
        match self {
            Modifier::StandsLost(_) => "Stands lost",
            Modifier::BrigadeColumnLosses(_) => "Brigade column, per 20 percent lost",
            Modifier::Shaken => "Shaken",
            Modifier::Routed => "Routed",
            Modifier::Cover(Cover::MediumWorks) => "Medium works",
            Modifier::Cover(Cover::HeavyWorks) => "Heavy works",
            Modifier::Cover(_) => "In or behind cover",
            Modifier::ProtectedByOwnTroops => "Protected by own troops",
            Modifier::Isolated(_) => "Isolated",
            Modifier::RegimentsLostFromBrigade(_) => "Regiments lost, same brigade",
            Modifier::OfficerPresent(_) => "Officer present",
            Modifier::FiredOn(Aspect::Rear) => "Fired on rear",
            Modifier::FiredOn(Aspect::FullFlank) => "Fired on flank",
            Modifier::FiredOn(_) => "Fired on partial flank",
            Modifier::RoutedFiredOnAtCloseRange => "Routed, fired on at close range or by double canister",
            Modifier::ChargeElan(ChargeElan::EmptyGuns) => "Charge elan, empty guns",
            Modifier::ChargeElan(_) => "Charge elan",
            Modifier::MountedInfantryCharging => "Mounted infantry charging",
            Modifier::StrategicSurprise => "Strategic surprise",
            Modifier::SpectacularDeath => "Spectacular death",
            Modifier::DetachedSkirmishers => "Detached skirmishers",
            Modifier::MergedStandsAttached(_) => "Merged unit, stands attached",
            Modifier::UnreasonableOrder => "Unreasonable order",
            Modifier::CanisterHit => "Canister hit",
            Modifier::Formation(FormationModifier::Defender) => "Defender's formation",
            Modifier::Formation(FormationModifier::Attacker) => "Attacker's formation",
            Modifier::Formation(FormationModifier::Impact) => "Formation",
            Modifier::NoBayonets => "Does not have bayonets",
            Modifier::ChargedOn(Aspect::Rear) => "Charged on rear",
            Modifier::ChargedOn(Aspect::FullFlank) => "Charged on flank",
            Modifier::ChargedOn(_) => "Charged on partial flank",
            Modifier::ChargedWhileForming => "Charged while forming",
            Modifier::ConditionalHold => "Conditional Hold, charged",
            Modifier::TacticalSurprise(_) => "Tactical surprise",
            Modifier::Waves { .. } => "Wave assault",
            Modifier::DoubledByMountedCharge => "Doubled: mounted cavalry charge",
        }
    }

    /// The rule that gives it.
    pub fn rule(&self) -> &'static str {
        match self {
            Modifier::StandsLost(_) => "2.3.4.a",
            Modifier::BrigadeColumnLosses(_) => "6.8.2.d",
            Modifier::Shaken => "2.3.5.b",
            Modifier::Routed => "2.3.5.c",
            Modifier::Cover(_) => "2.3.4.b",
            Modifier::ProtectedByOwnTroops => "2.3.4.c",
            Modifier::Isolated(_) => "2.3.4.d",
            Modifier::RegimentsLostFromBrigade(_) => "2.3.4.e",
            Modifier::OfficerPresent(_) => "2.3.4.f",
            Modifier::FiredOn(_) => "4.4.3.a",
            Modifier::RoutedFiredOnAtCloseRange => "4.4.3.b",
            Modifier::ChargeElan(_) => "5.1.3",
            Modifier::MountedInfantryCharging => "6.7.3",
            Modifier::StrategicSurprise => "10.2.2.b",
            Modifier::SpectacularDeath => "8",
            Modifier::DetachedSkirmishers => "6.8.6.b",
            Modifier::MergedStandsAttached(_) => "6.8.9.b",
            Modifier::UnreasonableOrder => "Appendix F 2",
            Modifier::CanisterHit => "Appendix F 10",
            Modifier::Formation(_) => "5.5.2",
            Modifier::NoBayonets => "5.5.3.c",
            Modifier::ChargedOn(_) => "5.5.3.a",
            Modifier::ChargedWhileForming => "5.5.3.b",
            Modifier::ConditionalHold => "3.2",
            Modifier::TacticalSurprise(_) => "10.2.1.b",
            Modifier::Waves { .. } => "6.8.8.b",
            Modifier::DoubledByMountedCharge => "5.5.5.a",
        }
    }
}

/// The formation line of a charge MMP.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FormationModifier {
    /// The defender's own formation at a fear-of-charge check.
    Defender,
    /// The attacker's formation, its shock effect on the defender.
    Attacker,
    /// The unit's own formation at impact.
    Impact,
}

/// Cover (2.3.4.b). A wooden building is cover, a stone one counts as medium works (9.3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Cover {
    /// No cover benefit (or an enemy has an uncovered LOS to the unit).
    #[default]
    None,
    /// In or behind cover: -1.
    Cover,
    /// Anywhere in the fire zone of medium works, or in a stone building: -2.
    MediumWorks,
    /// In heavy works: -3.
    HeavyWorks,
}

/// Isolation (2.3.4.d), by the friendly, visible, non-routed units a clear line reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Isolation {
    /// Three or more: no modifier.
    #[default]
    NotIsolated,
    /// Only two: +1.
    TwoUnits,
    /// Only one: +2.
    OneUnit,
    /// None: +3.
    NoUnit,
}

impl Isolation {
    /// From the number of friendly units a line can be traced to.
    pub fn from_traceable(units: u32) -> Isolation {
        match units {
            0 => Isolation::NoUnit,
            1 => Isolation::OneUnit,
            2 => Isolation::TwoUnits,
            _ => Isolation::NotIsolated,
        }
    }
}

/// Where fire or a charge comes from, judged at the moment of fire (4.4.3.a, 0.1.2.c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Aspect {
    /// From the front: no modifier.
    #[default]
    Front,
    /// Partial flank.
    PartialFlank,
    /// Full flank.
    FullFlank,
    /// Rear: wholly from within the 45 degree rearward arc.
    Rear,
}

/// Charge elan (5.1.3). None for a countercharge (5.3.5.c) or a second-turn charge (5.1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum ChargeElan {
    /// Not charging, countercharging, or charging a second turn.
    #[default]
    None,
    /// Charging: -1.
    Charging,
    /// Charging with empty guns: -2.
    EmptyGuns,
}

/// A brigade column in good order (6.8.2.d): it checks as one unit, with +2 per 20 percent of
/// its stands lost instead of +2 per stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BrigadeColumn {
    /// Stands in the column when it formed.
    pub stands_at_forming: u32,
}

impl BrigadeColumn {
    /// Complete 20 percent steps lost.
    pub fn steps_lost(self, stands_lost: u32) -> RuleResult<u32> {
        if self.stands_at_forming < 3 {
            return Err(RuleError::OutOfRange {
                what: "brigade column",
                detail: format!(
                    "a brigade column has at least three regiments (6.8.2), not {} stands",
                    self.stands_at_forming
                ),
            });
        }
        Ok(stands_lost.saturating_mul(5) / self.stands_at_forming)
    }
}

/// Everything about a unit's situation that changes its MMP in checks that are not charge
/// checks. `Default` is a unit in the open with no losses, no officer and nothing else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct MoraleSituation {
    /// Stands removed from play for whatever reason (2.3.4.a).
    pub stands_lost: u32,
    /// Cover (2.3.4.b).
    pub cover: Cover,
    /// Friendly non-routed troops between it and the enemy (2.3.4.c).
    pub protected_by_own_troops: bool,
    /// Isolation (2.3.4.d).
    pub isolation: Isolation,
    /// Regiments of its brigade lost before the start of this turn (2.3.4.e).
    pub regiments_lost_from_brigade: u32,
    /// The best benefit value among officers within 1"; 0 for none (2.3.4.f).
    pub officer_benefit: u8,
    /// Where the fire came from (4.4.3.a).
    pub fired_on: Aspect,
    /// Marked Disengage: immune to fired-on-flank and rear (4.4.3.b, 6.5.8).
    pub disengaging: bool,
    /// In refused line: no flank penalty, rear still applies (6.8.4).
    pub refused_line: bool,
    /// The fire came from close range or double canister (4.4.3.b, for routed units).
    pub close_range_or_double_canister: bool,
    /// Charge elan until its charge is stopped (5.1.3).
    pub elan: ChargeElan,
    /// Charging or countercharging even without elan (a second-turn charge, 5.1.4, or a
    /// countercharge, 5.3.5.c): mounted infantry still suffer their +1 (6.7.3).
    pub charging: bool,
    /// Under strategic surprise (10.2.2.b).
    pub strategic_surprise: bool,
    /// The check is for seeing an officer's spectacular death (8).
    pub saw_spectacular_death: bool,
    /// Detached skirmishing stands; the other fields are the parent's (6.8.6.b).
    pub detached_skirmishers: bool,
    /// Stands attached to this regiment to form a merged unit (6.8.9.b).
    pub merged_stands_attached: u32,
    /// A brigade column in good order (6.8.2.d); `stands_lost` then counts the column's.
    pub brigade_column: Option<BrigadeColumn>,
    /// Optional rule: the check for an unreasonable order (Appendix F 2).
    pub unreasonable_order: bool,
    /// Optional rule: the check is for an artillery hit by canister (Appendix F 10).
    pub canister_hit: bool,
}

/// One line of an MMP with its value and where the value comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModifierLine {
    /// What it is for.
    pub modifier: Modifier,
    /// Its value (positive worsens).
    pub value: i32,
    /// Printed, rule text, or entered.
    pub source: Source,
}

/// A Modified Morale Point with its breakdown, for display beside the roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mmp {
    /// The BMP and its source.
    pub bmp: Sourced<i32>,
    /// Each modifier applied.
    pub lines: Vec<ModifierLine>,
    /// BMP plus every modifier: the roll must be higher than this.
    pub value: i32,
}

impl Mmp {
    pub(crate) fn new(bmp: Sourced<i32>) -> Mmp {
        let value = bmp.value;
        Mmp { bmp, lines: Vec::new(), value }
    }

    pub(crate) fn push(&mut self, modifier: Modifier, value: i32, source: Source) {
        if value != 0 {
            self.value = self.value.saturating_add(value);
            self.lines.push(ModifierLine { modifier, value, source });
        }
    }

    /// The value of one kind of line, summed (0 if absent).
    pub fn of(&self, pred: impl Fn(&Modifier) -> bool) -> i32 {
        self.lines.iter().filter(|l| pred(&l.modifier)).fold(0i32, |a, l| a.saturating_add(l.value))
    }
}

/// The companion cell under which the players enter a modifier below zero: the same table and
/// row, column "`<column>, below zero`", holding the modifier's size (an entry of 2 there means
/// -2). [`Entered`] values are never negative, so a signed cell needs the pair.
///
/// ```
/// use johnny_reb::rules::morale::below_zero_cell;
/// use johnny_reb::rules::CellRef;
/// let cell = CellRef::new("Table 18", "Mounted Cavalry Line", "Attacker's formation");
/// assert_eq!(below_zero_cell(&cell).column, "Attacker's formation, below zero");
/// ```
pub fn below_zero_cell(cell: &CellRef) -> CellRef {
    CellRef::new(cell.table.clone(), cell.row.clone(), format!("{}, below zero", cell.column))
}

/// Records the players' entry for a signed modifier cell (`None` is the card's "NA"): a value
/// of zero or more under the cell itself, a negative one as its size under
/// [`below_zero_cell`]; the other of the pair is cleared.
///
/// ```
/// use johnny_reb::rules::morale::{set_modifier_entry, fear_of_charge_mmp, ChargeSituation, Charger,
///     MoraleRulings, MoraleUnit};
/// use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, Quality};
/// use johnny_reb::rules::{CellRef, Overrides};
/// let mut o = Overrides::new();
/// let cell = CellRef::new("Table 18", "Attack Column", "Defender's formation");
/// set_modifier_entry(&mut o, &cell, Some(-1));
/// let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
/// let s = ChargeSituation { formation: Formation::AttackColumn, ..Default::default() };
/// let a = Charger { arm: Arm::Infantry, formation: Formation::Line };
/// let m = fear_of_charge_mmp(&unit, &s, MoraleLevel::Good, &a, &o, &MoraleRulings::default()).unwrap();
/// assert_eq!(m.value, 2);
/// ```
pub fn set_modifier_entry(overrides: &mut Overrides, cell: &CellRef, value: Option<i32>) {
    let minus = below_zero_cell(cell);
    match value {
        None => {
            overrides.reset(&minus);
            overrides.set(cell.clone(), Entered::NotApplicable);
        }
        Some(v) if v < 0 => {
            overrides.reset(cell);
            overrides.set(minus, Entered::Value(Ratio::whole(v.unsigned_abs())));
        }
        Some(v) => {
            overrides.reset(&minus);
            overrides.set(cell.clone(), Entered::Value(Ratio::whole(v.unsigned_abs())));
        }
    }
}

fn whole(cell: &CellRef, r: Ratio) -> RuleResult<i32> {
    if r.denom() != 1 {
        return Err(RuleError::OutOfRange {
            what: "modifier",
            detail: format!("{cell}: a modifier is a whole number, not {r}"),
        });
    }
    i32::try_from(r.numer())
        .map_err(|_| RuleError::OutOfRange { what: "modifier", detail: format!("{cell}: {r} is too large") })
}

/// Looks a signed modifier cell up: the players' entry first (a negative one under
/// [`below_zero_cell`]), then the shipped value. `Ok(None)` is "NA".
pub(crate) fn resolve_modifier(
    overrides: &Overrides,
    cell: &CellRef,
    shipped: Cell<Option<i32>>,
) -> RuleResult<Option<(i32, Source)>> {
    let minus = below_zero_cell(cell);
    if let Some(Entered::Value(r)) = overrides.get(&minus) {
        return Ok(Some((-whole(&minus, r)?, Source::Entered)));
    }
    match overrides.get(cell) {
        Some(Entered::NotApplicable) => return Ok(None),
        Some(Entered::Value(r)) => return Ok(Some((whole(cell, r)?, Source::Entered))),
        _ => {}
    }
    match shipped {
        Cell::Printed(v) => Ok(v.map(|v| (v, Source::Printed))),
        Cell::RuleText { value, rule } => Ok(value.map(|v| (v, Source::RuleText(rule.to_string())))),
        Cell::Missing => Err(RuleError::Missing(cell.clone())),
    }
}

/// A modifier cell that always has a value (Table 6 rows and rule-text modifiers).
pub(crate) fn modifier(
    overrides: &Overrides,
    table: &str,
    row: &str,
    column: &str,
    shipped: Cell<i32>,
) -> RuleResult<(i32, Source)> {
    let cell = CellRef::new(table, row, column);
    let shipped = match shipped {
        Cell::Printed(v) => Cell::Printed(Some(v)),
        Cell::RuleText { value, rule } => Cell::RuleText { value: Some(value), rule },
        Cell::Missing => Cell::Missing,
    };
    Ok(resolve_modifier(overrides, &cell, shipped)?.unwrap_or((0, Source::Entered)))
}

fn t6(overrides: &Overrides, row: &str, shipped: Cell<i32>) -> RuleResult<(i32, Source)> {
    modifier(overrides, t6::TABLE, row, "Modifier", shipped)
}

/// Adds a modifier `count` times.
fn push_times(mmp: &mut Mmp, m: Modifier, count: u32, unit: (i32, Source)) {
    let n = i32::try_from(count).unwrap_or(i32::MAX);
    mmp.push(m, unit.0.saturating_mul(n), unit.1);
}

/// The stand-loss line: +2 per stand, or +2 per 20 percent for a brigade column (6.8.2.d).
pub(crate) fn push_stand_losses(
    mmp: &mut Mmp,
    situation: &MoraleSituation,
    per_stand: (i32, Source),
    overrides: &Overrides,
) -> RuleResult<()> {
    match situation.brigade_column {
        Some(column) => {
            let steps = column.steps_lost(situation.stands_lost)?;
            let v =
                t6(overrides, "Brigade Column, per 20 Percent Lost (6.8.2.d)", t6::BRIGADE_COLUMN_PER_20_PERCENT_LOST)?;
            push_times(mmp, Modifier::BrigadeColumnLosses(steps), steps, v);
        }
        None => push_times(mmp, Modifier::StandsLost(situation.stands_lost), situation.stands_lost, per_stand),
    }
    Ok(())
}

/// The modifiers every check shares, fire or charge: protection, isolation, regiments lost,
/// officer, strategic surprise, spectacular death, detached skirmishers, merged stands, elan
/// and mounted infantry (2.3.4.c-f, 5.1.3, 6.7.3, 6.8.6, 6.8.9, 8, 10.2.2).
pub(crate) fn push_common(
    mmp: &mut Mmp,
    unit: &MoraleUnit,
    situation: &MoraleSituation,
    with_table_6_rows: bool,
    overrides: &Overrides,
) -> RuleResult<()> {
    if with_table_6_rows {
        if situation.protected_by_own_troops {
            let v = t6(overrides, "Protected by Own Troops", t6::PROTECTED_BY_OWN_TROOPS)?;
            mmp.push(Modifier::ProtectedByOwnTroops, v.0, v.1);
        }
        let iso = match situation.isolation {
            Isolation::NotIsolated => None,
            Isolation::TwoUnits => Some(0),
            Isolation::OneUnit => Some(1),
            Isolation::NoUnit => Some(2),
        };
        if let Some(i) = iso {
            let shipped = t6::ISOLATED.get(i).copied().unwrap_or(Cell::Missing);
            let column = ["+1", "+2", "+3"].get(i).copied().unwrap_or("");
            let v = modifier(overrides, t6::TABLE, "Isolated", column, shipped)?;
            mmp.push(Modifier::Isolated(situation.isolation), v.0, v.1);
        }
        if situation.regiments_lost_from_brigade > 0 {
            let v = t6(overrides, "Per Regiment Lost, Same Brigade", t6::PER_REGIMENT_LOST_SAME_BRIGADE)?;
            push_times(
                mmp,
                Modifier::RegimentsLostFromBrigade(situation.regiments_lost_from_brigade),
                situation.regiments_lost_from_brigade,
                v,
            );
        }
    }
    if situation.officer_benefit > 0 {
        mmp.push(
            Modifier::OfficerPresent(situation.officer_benefit),
            -i32::from(situation.officer_benefit),
            Source::RuleText("2.3.4.f".to_string()),
        );
    }
    push_elan(mmp, unit, situation.elan, situation.charging, overrides, false)?;
    if situation.strategic_surprise {
        // "a modifier equal to their own BMP" (10.2.2.b): the surprise rules own the value.
        let bmp = u8::try_from(mmp.bmp.value).unwrap_or(u8::MAX);
        let cell = crate::rules::surprise::strategic_surprise_morale_modifier(bmp)?;
        if let Cell::RuleText { value, rule } = cell {
            mmp.push(Modifier::StrategicSurprise, i32::from(value), Source::RuleText(rule.to_string()));
        }
    }
    if situation.saw_spectacular_death {
        let v = t6(overrides, "Spectacular Death (8, Table 20)", t6::SPECTACULAR_DEATH)?;
        mmp.push(Modifier::SpectacularDeath, v.0, v.1);
    }
    if situation.detached_skirmishers {
        let v = t6(overrides, "Detached Skirmishers (6.8.6.b)", t6::DETACHED_SKIRMISHERS)?;
        mmp.push(Modifier::DetachedSkirmishers, v.0, v.1);
    }
    if situation.merged_stands_attached > 0 {
        let v = t6(overrides, "Merged Unit, per Stand Attached (6.8.9.b)", t6::MERGED_PER_STAND_ATTACHED)?;
        push_times(
            mmp,
            Modifier::MergedStandsAttached(situation.merged_stands_attached),
            situation.merged_stands_attached,
            v,
        );
    }
    Ok(())
}

/// Charge elan (5.1.3) and the mounted infantry penalty (6.7.3); at impact the values are
/// Table 18's "-1, -2".
pub(crate) fn push_elan(
    mmp: &mut Mmp,
    unit: &MoraleUnit,
    elan: ChargeElan,
    charging: bool,
    overrides: &Overrides,
    impact: bool,
) -> RuleResult<()> {
    use crate::rules::tables::t18_charge_modifiers as t18;
    let v = match (elan, impact) {
        (ChargeElan::None, _) => None,
        (ChargeElan::Charging, false) => Some(t6(overrides, "Charge Elan (5.1.3)", t6::CHARGE_ELAN)?),
        (ChargeElan::EmptyGuns, false) => {
            Some(t6(overrides, "Charge Elan, Empty Guns (5.1.3)", t6::CHARGE_ELAN_EMPTY_GUNS)?)
        }
        (ChargeElan::Charging, true) => {
            let cell = CellRef::new(t18::TABLE, t18::CHARGING.label, t18::CONDITION_IMPACT_COLUMN);
            resolve_modifier(overrides, &cell, t18::CHARGING.impact)?
        }
        (ChargeElan::EmptyGuns, true) => {
            let cell = CellRef::new(t18::TABLE, t18::CHARGING_EMPTY_GUNS.label, t18::CONDITION_IMPACT_COLUMN);
            resolve_modifier(overrides, &cell, t18::CHARGING_EMPTY_GUNS.impact)?
        }
    };
    if let Some((v, s)) = v {
        mmp.push(Modifier::ChargeElan(elan), v, s);
    }
    if (charging || elan != ChargeElan::None) && unit.arm == (Arm::MountedInfantry { mounted: true }) {
        let v = t6(overrides, "Mounted Infantry Charging (6.7.3)", t6::MOUNTED_INFANTRY_CHARGING)?;
        mmp.push(Modifier::MountedInfantryCharging, v.0, v.1);
    }
    Ok(())
}

/// The cover line (2.3.4.b): -1, or -2 and -3 for medium and heavy works.
pub(crate) fn cover_value(
    cover: Cover,
    plain: (i32, Source),
    overrides: &Overrides,
) -> RuleResult<Option<(i32, Source)>> {
    Ok(match cover {
        Cover::None => None,
        Cover::Cover => Some(plain),
        Cover::MediumWorks => {
            Some(modifier(overrides, t6::TABLE, "OR If Cover is Medium, Heavy Works", "Medium", t6::MEDIUM_WORKS)?)
        }
        Cover::HeavyWorks => {
            Some(modifier(overrides, t6::TABLE, "OR If Cover is Medium, Heavy Works", "Heavy", t6::HEAVY_WORKS)?)
        }
    })
}

/// The MMP of a unit for any check that is not a charge check: fire (4.4), routs seen (2.2),
/// rallies (2.4), melee (5.8.2), officer casualties seen (8), and a charging unit's check for
/// defensive fire (5.4.3). Table 5 BMP plus Table 6 and the rule text's modifiers.
///
/// ```
/// use johnny_reb::rules::morale::{mmp, MoraleRulings, MoraleSituation, MoraleUnit};
/// use johnny_reb::rules::unit::{Arm, MoraleLevel, Quality};
/// use johnny_reb::rules::Overrides;
/// // 2.3.4.a: "an average regiment with two stands lost would have a morale of 7".
/// let unit = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
/// let situation = MoraleSituation { stands_lost: 2, ..Default::default() };
/// let m = mmp(&unit, &situation, MoraleLevel::Good, &Overrides::new(), &MoraleRulings::default()).unwrap();
/// assert_eq!(m.value, 7);
/// ```
pub fn mmp(
    unit: &MoraleUnit,
    situation: &MoraleSituation,
    level: MoraleLevel,
    overrides: &Overrides,
    rulings: &MoraleRulings,
) -> RuleResult<Mmp> {
    let mut m = Mmp::new(bmp(unit, BmpTableKind::NotCharged, overrides, rulings)?);
    let per_stand = t6(overrides, "Per Stand Lost", t6::PER_STAND_LOST)?;
    push_stand_losses(&mut m, situation, per_stand, overrides)?;
    match level {
        MoraleLevel::Good => {}
        MoraleLevel::Shaken => {
            let v = t6(overrides, "Shaken", t6::SHAKEN)?;
            m.push(Modifier::Shaken, v.0, v.1);
        }
        MoraleLevel::Routed => {
            let v = t6(overrides, "Routed", t6::ROUTED)?;
            m.push(Modifier::Routed, v.0, v.1);
        }
    }
    let plain = t6(overrides, "In/Behind Cover", t6::IN_BEHIND_COVER)?;
    if let Some((v, s)) = cover_value(situation.cover, plain, overrides)? {
        m.push(Modifier::Cover(situation.cover), v, s);
    }
    push_common(&mut m, unit, situation, true, overrides)?;
    push_fired_on(&mut m, situation, level, overrides)?;
    if situation.unreasonable_order && rulings.optional.orders_for_shaken_units {
        let v = t6(overrides, "Unreasonable Order (Appendix F 2)", t6::UNREASONABLE_ORDER)?;
        m.push(Modifier::UnreasonableOrder, v.0, v.1);
    }
    if situation.canister_hit && rulings.optional.canister_hit {
        let v = t6(overrides, "Canister Hit (Appendix F 10)", t6::CANISTER_HIT)?;
        m.push(Modifier::CanisterHit, v.0, v.1);
    }
    Ok(m)
}

/// Fired on flank or rear (4.4.3.a) with its exceptions: disengaging units are immune, routed
/// units too unless the fire was at close range or double canister, which is always +6
/// (4.4.3.b); refused line cancels the flank penalties only (6.8.4).
fn push_fired_on(
    m: &mut Mmp,
    situation: &MoraleSituation,
    level: MoraleLevel,
    overrides: &Overrides,
) -> RuleResult<()> {
    if situation.disengaging {
        return Ok(());
    }
    if level == MoraleLevel::Routed {
        if situation.close_range_or_double_canister {
            let v = t6(overrides, "Fired on Rear (4.4.3.a)", t6::FIRED_ON_REAR)?;
            m.push(Modifier::RoutedFiredOnAtCloseRange, v.0, v.1);
        }
        return Ok(());
    }
    let v = match situation.fired_on {
        Aspect::Front => None,
        Aspect::PartialFlank | Aspect::FullFlank if situation.refused_line => None,
        Aspect::PartialFlank => Some(t6(overrides, "Fired on Partial Flank (4.4.3.a)", t6::FIRED_ON_PARTIAL_FLANK)?),
        Aspect::FullFlank => Some(t6(overrides, "Fired on Full Flank (4.4.3.a)", t6::FIRED_ON_FULL_FLANK)?),
        Aspect::Rear => Some(t6(overrides, "Fired on Rear (4.4.3.a)", t6::FIRED_ON_REAR)?),
    };
    if let Some((v, s)) = v {
        m.push(Modifier::FiredOn(situation.fired_on), v, s);
    }
    Ok(())
}

#[cfg(test)]
mod tests;
