//! Artillery fire: Table 13 (and Appendix B) base strength, Table 14 modifiers, battery fire,
//! ammunition limits, counterbattery and crew kills (4.3, 9.1.5, 9.3.3.b, Appendix F 8 and 9).

use super::saves::{FireKind, SavePlan, SaveSituation, casualties_after_saves, save_number};
use super::{CombatResult, FireRulings, FireStrength, Visibility, resolve_modifier, resolve_strength};
use crate::rules::tables::appendix_b_seacoast as app_b;
use crate::rules::tables::t09_small_arms_modifiers::FireModifier;
use crate::rules::tables::t12_saving_rolls::{FormationSave, Fortification};
use crate::rules::tables::t13_artillery::{self as t13, GunClass, GunRow};
use crate::rules::tables::t14_artillery_modifiers::Table14Row;
use crate::rules::unit::{OrderKind, Quality};
use crate::rules::{Cell, CellRef, Die, Overrides, Ratio, RuleError, RuleResult, Source, Sourced};
use serde::{Deserialize, Serialize};

/// Which card the gun is on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GunTable {
    /// Field artillery, Table 13 (canister to 4").
    #[default]
    Field,
    /// Seacoast artillery, Appendix B (canister to 6"; immobile, pivot only).
    Seacoast,
}

/// A gun section's piece.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GunType {
    /// The card: Table 13 or Appendix B.
    pub table: GunTable,
    /// As printed on the card ("12# Napoleon"); another name asks the players for its row.
    pub name: String,
    /// Smoothbore, rifle or Whitworth (counterbattery saves, indirect fire).
    pub class: GunClass,
    /// A Parrott rifle (Appendix F 9).
    pub parrott: bool,
    /// Siege artillery: up 1 against works (9.1.5).
    pub siege: bool,
}

impl GunType {
    /// A gun printed on Table 13 or Appendix B, by name.
    ///
    /// ```
    /// use johnny_reb::rules::fire::GunType;
    /// assert!(GunType::printed("12# Napoleon").is_some());
    /// assert!(GunType::printed("32# Gun").is_some());
    /// ```
    pub fn printed(name: &str) -> Option<GunType> {
        if let Some(g) = t13::gun_row(name) {
            return Some(GunType {
                table: GunTable::Field,
                name: g.name.into(),
                class: g.class,
                parrott: false,
                siege: false,
            });
        }
        app_b::GUNS.iter().find(|g| g.name == name).map(|g| GunType {
            table: GunTable::Seacoast,
            name: g.name.into(),
            class: g.class,
            parrott: false,
            siege: false,
        })
    }

    fn table_name(&self) -> &'static str {
        match self.table {
            GunTable::Field => t13::TABLE,
            GunTable::Seacoast => app_b::TABLE,
        }
    }

    fn row(&self) -> Option<&'static GunRow> {
        match self.table {
            GunTable::Field => t13::gun_row(&self.name),
            GunTable::Seacoast => app_b::GUNS.iter().find(|g| g.name == self.name),
        }
    }

    fn canister_range(&self) -> Ratio {
        match self.table {
            GunTable::Field => t13::CANISTER_RANGE,
            GunTable::Seacoast => app_b::CANISTER_RANGE,
        }
    }

    fn columbiad(&self) -> bool {
        self.table == GunTable::Seacoast && self.name == app_b::COLUMBIAD
    }
}

/// The ammunition declared (4.3.1, 4.3.6.b).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ammunition {
    /// Shot (and shell).
    #[default]
    Shot,
    /// Canister: one of the gun's four rounds.
    Canister,
    /// Double canister: two rounds, canister's range, a fear-of-charge check first (4.3.6.b).
    DoubleCanister,
}

impl Ammunition {
    /// The kind of fire for saving rolls.
    pub fn fire_kind(self) -> FireKind {
        match self {
            Ammunition::Shot => FireKind::Shot,
            Ammunition::Canister => FireKind::Canister,
            Ammunition::DoubleCanister => FireKind::DoubleCanister,
        }
    }

    /// Canister rounds used.
    pub fn canister_rounds(self) -> u8 {
        match self {
            Ammunition::Shot => 0,
            Ammunition::Canister => 1,
            Ammunition::DoubleCanister => 2,
        }
    }
}

/// How far a section on Hold pivoted to fire (4.3.2, 4.3.3.c).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Pivot {
    /// No pivot.
    #[default]
    None,
    /// 45 degrees or less.
    UpTo45,
    /// Over 45, up to 90 degrees.
    Over45,
    /// Over 90 degrees.
    Over90,
}

/// What a gun has left (4.3.4.a).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ArtilleryAmmunition {
    /// Canister rounds fired this scenario (four at most).
    pub canister_used: u8,
    /// Low on shot: one die on Table 10 for shot from now on.
    pub low_on_shot: bool,
}

/// Canister rounds a gun carries for the whole scenario (4.3.4.a).
pub const CANISTER_ROUNDS: u8 = 4;

/// One section's fire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArtilleryFire {
    /// The piece.
    pub gun: GunType,
    /// Shot, canister or double canister.
    pub ammunition: Ammunition,
    /// Range in inches, front center of the gun to the target's nearest edge.
    pub range: Ratio,
    /// The section's order.
    pub order: OrderKind,
    /// Crew routed.
    pub routed: bool,
    /// Crew shaken.
    pub shaken_crew: bool,
    /// Crew quality (an infantry stand serving a gun is a poor crew, 4.3.5.d).
    pub crew_quality: Quality,
    /// Pivot made to fire.
    pub pivot: Pivot,
    /// Area or blind fire (4.2.3.c; through friendly skirmishers is area fire, 4.3.6.d).
    pub visibility: Visibility,
    /// Shot through friendly skirmishers (4.3.6.d): area fire; doubles hit the skirmishers.
    pub through_friendly_skirmishers: bool,
    /// Inches of light woods the shot passes through (4.3.3.b).
    pub light_woods_inches: Ratio,
    /// Inches of heavy woods the shot passes through (4.3.3.b).
    pub heavy_woods_inches: Ratio,
    /// Target marked Move, Disengage, Charge or routed; FM only when forming skirmishers (4.3.3.a).
    pub target_moving: bool,
    /// Target is charging cavalry: down 2 in all (4.3.3.a).
    pub target_charging_cavalry: bool,
    /// Shot at works as the target (9.1.5).
    pub target_works: Option<WorksTarget>,
    /// Shot at a building as the target (9.3.3.b): up 1 if large.
    pub target_large_building: bool,
    /// Appendix F 8: a group of at least three non-skirmishing regiments within 4".
    pub large_group: bool,
    /// The gun's ammunition state.
    pub ammunition_state: ArtilleryAmmunition,
}

impl Default for ArtilleryFire {
    fn default() -> Self {
        ArtilleryFire {
            gun: GunType {
                table: GunTable::Field,
                name: "12# Napoleon".into(),
                class: GunClass::Smoothbore,
                parrott: false,
                siege: false,
            },
            ammunition: Ammunition::Shot,
            range: Ratio::whole(12),
            order: OrderKind::Hold,
            routed: false,
            shaken_crew: false,
            crew_quality: Quality::Average,
            pivot: Pivot::None,
            visibility: Visibility::Clear,
            through_friendly_skirmishers: false,
            light_woods_inches: Ratio::ZERO,
            heavy_woods_inches: Ratio::ZERO,
            target_moving: false,
            target_charging_cavalry: false,
            target_works: None,
            target_large_building: false,
            large_group: false,
            ammunition_state: ArtilleryAmmunition::default(),
        }
    }
}

/// Works shot at as the target (9.1.5, Table 14 "Firing Shot at Fortifications").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WorksTarget {
    /// Hasty works: x2.
    Hasty,
    /// Light works: x1.
    Light,
    /// Medium works: x1/2.
    Medium,
    /// Heavy works: x1/4.
    Heavy,
}

fn row(r: Table14Row, overrides: &Overrides) -> RuleResult<Sourced<FireModifier>> {
    resolve_modifier(&r.cell(), r.shipped(), overrides)
}

fn out_of_range(what: &'static str, detail: &str) -> RuleError {
    RuleError::OutOfRange { what, detail: detail.to_string() }
}

/// Inches of woods as "each N inches or fraction thereof": the number of down shifts.
fn woods_shifts(inches: Ratio, per: u32) -> u32 {
    let (n, d) = (u64::from(inches.numer()), u64::from(inches.denom()) * u64::from(per));
    u32::try_from(n.div_ceil(d)).unwrap_or(u32::MAX)
}

/// The base strength of a section from Table 13 or Appendix B; `Ok(None)` when the target is
/// beyond the gun's effective range for the ammunition (4.3.1: no effect).
fn base_strength(
    fire: &ArtilleryFire,
    rulings: &FireRulings,
    overrides: &Overrides,
) -> RuleResult<Option<Sourced<Ratio>>> {
    let gun = &fire.gun;
    let range = rulings.card_distance(fire.range);
    let table = gun.table_name();
    let shipped_row = gun.row();
    match fire.ammunition {
        Ammunition::Canister | Ammunition::DoubleCanister => {
            if !super::at_most(range, gun.canister_range()) {
                return Ok(None);
            }
            let (column, shipped) = match fire.ammunition {
                Ammunition::Canister => {
                    (format!("Canister 0-{}\"", gun.canister_range()), shipped_row.map(|r| r.canister))
                }
                _ => (format!("Double Canister 0-{}\"", gun.canister_range()), shipped_row.map(|r| r.double_canister)),
            };
            resolve_strength(
                &CellRef::new(table, gun.name.clone(), column),
                shipped.unwrap_or(Cell::Missing),
                overrides,
            )
        }
        Ammunition::Shot => {
            let column = t13::SHOT_COLUMNS.iter().position(|limit| super::at_most(range, Ratio::whole(*limit)));
            let Some(column) = column else { return Ok(None) };
            let shipped = shipped_row.and_then(|r| r.shot.get(column).copied()).unwrap_or(Cell::Missing);
            resolve_strength(&CellRef::new(table, gun.name.clone(), t13::shot_column_label(column)), shipped, overrides)
        }
    }
}

/// The modified strength of one section (Table 15 steps 3-4, Table 14, 4.3.3): `Ok(None)`
/// when the target is beyond the gun's reach with that ammunition (no effect, 4.3.1).
/// Errors: a section marked D or routed may not fire; FR may not pivot (4.3.2); canister
/// used up (4.3.4.a); shot only through friendly skirmishers (4.3.6.d) and at works (9.1.5).
///
/// ```
/// use johnny_reb::rules::{Overrides, Ratio};
/// use johnny_reb::rules::fire::{artillery_strength, ArtilleryFire, FireRulings, Pivot};
/// // A 12# Napoleon on Hold at 20", pivoted over 45 degrees: shot 3, down 1.
/// let fire = ArtilleryFire { range: Ratio::whole(20), pivot: Pivot::Over45, ..Default::default() };
/// let s = artillery_strength(&fire, &FireRulings::default(), &Overrides::new()).unwrap().unwrap();
/// assert_eq!((s.strength, s.row_shifts), (Ratio::whole(3), -1));
/// ```
pub fn artillery_strength(
    fire: &ArtilleryFire,
    rulings: &FireRulings,
    overrides: &Overrides,
) -> RuleResult<Option<FireStrength>> {
    if fire.routed || fire.order == OrderKind::Disengage {
        return Err(out_of_range("artillery fire", "a section marked D or routed may not fire (Table 14: NA)"));
    }
    if fire.order == OrderKind::Charge {
        return Err(out_of_range("artillery fire", "gun sections do not charge"));
    }
    if fire.order == OrderKind::FirstFire && fire.pivot != Pivot::None {
        return Err(out_of_range("pivot", "a section marked FR cannot pivot (4.3.2)"));
    }
    let shot = fire.ammunition == Ammunition::Shot;
    if !shot && fire.ammunition_state.canister_used.saturating_add(fire.ammunition.canister_rounds()) > CANISTER_ROUNDS
    {
        return Err(out_of_range(
            "canister",
            "the gun has fired its four rounds of canister (4.3.4.a); it may only fire shot",
        ));
    }
    if !shot && (fire.through_friendly_skirmishers || fire.target_works.is_some() || fire.target_large_building) {
        return Err(out_of_range(
            "canister",
            "only shot may fire through friendly skirmishers or at works and buildings (4.3.6.d, 9.1.5, 9.3.3.b)",
        ));
    }
    let Some(base) = base_strength(fire, rulings, overrides)? else { return Ok(None) };
    let mut s = FireStrength::new(base.value);
    s.steps.push(super::Step {
        what: format!("{} base strength", fire.gun.name),
        modifier: FireModifier::Times(Ratio::ONE),
        source: base.source,
    });

    // Multipliers.
    let order_row = match fire.order {
        OrderKind::Hold | OrderKind::FirstFire => Table14Row::HoldOrFirstFire,
        _ => Table14Row::ConditionalHoldFormationOrMove,
    };
    s.apply(order_row.label(), row(order_row, overrides)?);
    if fire.shaken_crew {
        s.apply(Table14Row::ShakenCrew.label(), row(Table14Row::ShakenCrew, overrides)?);
    }
    // Pivot penalties apply on Hold only: CH is already halved (4.3.3.c).
    let pivot_penalty = fire.order == OrderKind::Hold;
    if pivot_penalty && fire.gun.columbiad() {
        // Appendix B: 45 or less down 1, over 45 x1/2, over 90 x1/4.
        let m = match fire.pivot {
            Pivot::None => None,
            Pivot::UpTo45 => Some(FireModifier::Rows(-1)),
            Pivot::Over45 => Some(FireModifier::Times(Ratio::HALF)),
            Pivot::Over90 => Some(FireModifier::Times(Ratio::QUARTER)),
        };
        if let Some(m) = m {
            s.apply("Columbiad pivot", Sourced { value: m, source: Source::RuleText("Appendix B".into()) });
        }
    } else if pivot_penalty && fire.pivot == Pivot::Over90 {
        s.apply(Table14Row::PivotOver90.label(), row(Table14Row::PivotOver90, overrides)?);
    }
    let visibility = if fire.through_friendly_skirmishers && fire.visibility == Visibility::Clear {
        Visibility::Area
    } else {
        fire.visibility
    };
    let visibility = rulings.visibility(visibility);
    match visibility {
        Visibility::Clear => {}
        Visibility::Area => s.apply(Table14Row::AreaFire.label(), row(Table14Row::AreaFire, overrides)?),
        Visibility::Blind => s.apply(Table14Row::BlindFire.label(), row(Table14Row::BlindFire, overrides)?),
    }
    if let Some(works) = fire.target_works {
        let r = match works {
            WorksTarget::Hasty => Table14Row::VsHastyWorks,
            WorksTarget::Light => Table14Row::VsLightWorks,
            WorksTarget::Medium => Table14Row::VsMediumWorks,
            WorksTarget::Heavy => Table14Row::VsHeavyWorks,
        };
        s.apply(r.label(), row(r, overrides)?);
    }

    // Row shifts.
    if pivot_penalty && !fire.gun.columbiad() && fire.pivot == Pivot::Over45 {
        s.apply(Table14Row::Pivot45To90.label(), row(Table14Row::Pivot45To90, overrides)?);
    }
    match fire.crew_quality {
        Quality::Elite => s.apply(Table14Row::EliteCrew.label(), row(Table14Row::EliteCrew, overrides)?),
        Quality::Average => {}
        Quality::GreenOrTired => {
            s.apply(Table14Row::GreenOrTiredCrew.label(), row(Table14Row::GreenOrTiredCrew, overrides)?)
        }
        Quality::MilitiaOrPoor => s.apply(Table14Row::PoorCrew.label(), row(Table14Row::PoorCrew, overrides)?),
    }
    if shot {
        for (inches, per, r) in [
            (fire.light_woods_inches, 12, Table14Row::Each12LightWoods),
            (fire.heavy_woods_inches, 6, Table14Row::Each6HeavyWoods),
        ] {
            let card = rulings.card_distance(inches);
            for _ in 0..woods_shifts(card, per).min(20) {
                s.apply(r.label(), row(r, overrides)?);
            }
        }
    }
    if fire.target_moving || fire.target_charging_cavalry {
        s.apply(Table14Row::TargetMoving.label(), row(Table14Row::TargetMoving, overrides)?);
    }
    if fire.target_charging_cavalry {
        s.apply(Table14Row::ChargingCavalryExtra.label(), row(Table14Row::ChargingCavalryExtra, overrides)?);
    }
    if fire.target_works.is_some() && fire.gun.siege {
        s.apply(Table14Row::SiegeVsWorks.label(), row(Table14Row::SiegeVsWorks, overrides)?);
    }
    if fire.target_large_building {
        s.apply(Table14Row::VsLargeBuilding.label(), row(Table14Row::VsLargeBuilding, overrides)?);
    }
    if fire.large_group && rulings.artillery_fire_at_large_group {
        s.apply(Table14Row::LargeGroup.label(), row(Table14Row::LargeGroup, overrides)?);
    }
    Ok(Some(s))
}

/// Battery fire (4.3.6.a): the sections' strengths after their multipliers are added; each row
/// shift condition that applies to any section applies once to the whole battery. Sections out
/// of range add nothing. `Ok(None)` when no section reaches the target.
///
/// ```
/// use johnny_reb::rules::{Overrides, Ratio};
/// use johnny_reb::rules::fire::{battery_strength, ArtilleryFire, FireRulings, Pivot};
/// let a = ArtilleryFire { range: Ratio::whole(30), ..Default::default() };
/// let b = ArtilleryFire { pivot: Pivot::Over45, ..a.clone() };
/// let s = battery_strength(&[a.clone(), b, a], &FireRulings::default(), &Overrides::new()).unwrap().unwrap();
/// assert_eq!((s.strength, s.row_shifts), (Ratio::whole(3), -1));
/// ```
pub fn battery_strength(
    sections: &[ArtilleryFire],
    rulings: &FireRulings,
    overrides: &Overrides,
) -> RuleResult<Option<FireStrength>> {
    let mut total: Option<FireStrength> = None;
    let mut shift_steps: Vec<super::Step> = Vec::new();
    for section in sections {
        let Some(s) = artillery_strength(section, rulings, overrides)? else { continue };
        // Each condition once for the battery; a condition counted several times in one
        // section (woods: each 12" or 6") keeps the largest count of any section.
        for step in s.steps.iter().filter(|st| matches!(st.modifier, FireModifier::Rows(_))) {
            let here = s.steps.iter().filter(|t| t.what == step.what).count();
            let kept = shift_steps.iter().filter(|t| t.what == step.what).count();
            if kept < here {
                shift_steps.push(step.clone());
            }
        }
        let mut multiplier_steps: Vec<super::Step> =
            s.steps.iter().filter(|st| matches!(st.modifier, FireModifier::Times(_))).cloned().collect();
        match total.as_mut() {
            None => {
                let mut t = FireStrength::new(s.strength);
                t.base = s.base;
                t.steps.append(&mut multiplier_steps);
                total = Some(t);
            }
            Some(t) => {
                t.base = add(t.base, s.base);
                t.strength = add(t.strength, s.strength);
                t.steps.append(&mut multiplier_steps);
            }
        }
    }
    let Some(mut t) = total else { return Ok(None) };
    for step in shift_steps {
        if let FireModifier::Rows(n) = step.modifier {
            t.row_shifts = t.row_shifts.saturating_add(n);
        }
        t.steps.push(step);
    }
    Ok(Some(t))
}

fn add(a: Ratio, b: Ratio) -> Ratio {
    let num = u64::from(a.numer()) * u64::from(b.denom()) + u64::from(b.numer()) * u64::from(a.denom());
    let den = u64::from(a.denom()) * u64::from(b.denom());
    let g = {
        let (mut x, mut y) = (num, den);
        while y != 0 {
            let t = x % y;
            x = y;
            y = t;
        }
        x.max(1)
    };
    Ratio::new(u32::try_from(num / g).unwrap_or(u32::MAX), u32::try_from(den / g).unwrap_or(u32::MAX))
        .unwrap_or(Ratio::ZERO)
}

/// What follows a section's roll on Table 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArtilleryOutcome {
    /// The gun's ammunition after this fire.
    pub ammunition: ArtilleryAmmunition,
    /// A Parrott rolled 2 under Appendix F 9: remove the piece and its crew.
    pub parrott_burst: bool,
    /// Shot through friendly skirmishers scored kills with doubles: the skirmishers take the
    /// same kills (4.3.6.d). They check morale as hit by artillery in any case.
    pub friendly_skirmishers_hit: bool,
    /// Double canister needs a fear-of-charge check before firing (4.3.6.b).
    pub fear_of_charge_check_first: bool,
}

impl ArtilleryFire {
    /// Whether this fire rolls one die on Table 10: shot from a gun low on shot (4.3.4.a).
    pub fn one_die(&self) -> bool {
        self.ammunition == Ammunition::Shot && self.ammunition_state.low_on_shot
    }

    /// The consequences of a Table 10 result: canister spent, shot running low on a 2 (not
    /// canister), a Parrott bursting instead (Appendix F 9), friendly skirmishers hit on
    /// doubles (4.3.6.d). `doubles` are the two dice showing the same face.
    ///
    /// ```
    /// use johnny_reb::rules::{Overrides, Ratio, TwoDice};
    /// use johnny_reb::rules::fire::{combat_result, ArtilleryFire, FireRulings, Table10Roll};
    /// let fire = ArtilleryFire::default();
    /// let r = combat_result(Ratio::whole(100), 0, Table10Roll::TwoDice(TwoDice::new(1, 1).unwrap()), &Overrides::new()).unwrap();
    /// assert!(fire.outcome(&r, true, &FireRulings::default()).ammunition.low_on_shot);
    /// ```
    pub fn outcome(&self, result: &CombatResult, doubles: bool, rulings: &FireRulings) -> ArtilleryOutcome {
        let mut ammunition = self.ammunition_state;
        ammunition.canister_used =
            ammunition.canister_used.saturating_add(self.ammunition.canister_rounds()).min(CANISTER_ROUNDS);
        let two = result.out_of_ammunition && !result.one_die;
        let parrott_burst = two && rulings.parrott_rifles && self.gun.parrott;
        if two && self.ammunition == Ammunition::Shot && !parrott_burst {
            ammunition.low_on_shot = true;
        }
        ArtilleryOutcome {
            ammunition,
            parrott_burst,
            friendly_skirmishers_hit: self.through_friendly_skirmishers
                && doubles
                && !result.one_die
                && result.kills > 0,
            fear_of_charge_check_first: self.ammunition == Ammunition::DoubleCanister,
        }
    }
}

/// Counterbattery (4.3.5.a): a save per shot kill by the target gun's type (Whitworth 1-3,
/// other rifle 1-4, smoothbore 1-5), best-plus-one with any fortification cover; any kill not
/// saved destroys the gun. `dice`: one per kill. Returns whether the gun is destroyed.
///
/// ```
/// use johnny_reb::rules::{Die, Overrides};
/// use johnny_reb::rules::fire::{counterbattery, FireRulings};
/// use johnny_reb::rules::tables::t13_artillery::GunClass;
/// let dice = [Die::new(5).unwrap(), Die::new(6).unwrap()];
/// assert_eq!(counterbattery(2, GunClass::Smoothbore, None, &dice, &FireRulings::default(), &Overrides::new()), Ok(true));
/// ```
pub fn counterbattery(
    shot_kills: u32,
    class: GunClass,
    fortification: Option<(Fortification, u8)>,
    dice: &[Die],
    rulings: &FireRulings,
    overrides: &Overrides,
) -> RuleResult<bool> {
    let plan = counterbattery_plan(class, fortification, rulings, overrides)?;
    Ok(casualties_after_saves(shot_kills, &plan, dice)? > 0)
}

/// The saves of a gun against counterbattery shot (4.3.5.a): by gun type, with its works.
fn counterbattery_plan(
    class: GunClass,
    fortification: Option<(Fortification, u8)>,
    rulings: &FireRulings,
    overrides: &Overrides,
) -> RuleResult<SavePlan> {
    let formation = match class {
        GunClass::Whitworth => FormationSave::GunWhitworth,
        GunClass::Rifle => FormationSave::GunOtherRifle,
        GunClass::Smoothbore => FormationSave::GunSmoothbore,
    };
    let situation =
        SaveSituation { fire: FireKind::Shot, formation: Some(formation), fortification, ..Default::default() };
    let save = save_number(&situation, rulings, overrides)?.save;
    let plan = SavePlan { save, outside_cover: None, figures_in_arc: u32::MAX };
    Ok(plan)
}

/// The chance a gun is destroyed by `shot_kills` before the save dice: one minus the chance
/// every kill is saved (see [`counterbattery`]).
///
/// ```
/// use johnny_reb::rules::{Chance, Overrides};
/// use johnny_reb::rules::fire::{artillery::counterbattery_chance, FireRulings};
/// use johnny_reb::rules::tables::t13_artillery::GunClass;
/// let c = counterbattery_chance(2, GunClass::Smoothbore, None, &FireRulings::default(), &Overrides::new()).unwrap();
/// assert_eq!(c, Chance::new(11, 36));
/// ```
pub fn counterbattery_chance(
    shot_kills: u32,
    class: GunClass,
    fortification: Option<(Fortification, u8)>,
    rulings: &FireRulings,
    overrides: &Overrides,
) -> RuleResult<crate::rules::Chance> {
    let plan = counterbattery_plan(class, fortification, rulings, overrides)?;
    let d = super::odds::casualty_odds(shot_kills, &plan)?;
    Ok(d.chance_of(&0).complement())
}

/// A crew's state after canister or small arms casualties (4.3.5.b, 4.3.6.a).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrewOutcome {
    /// Crew kills this turn so far, including these.
    pub kills_this_turn: u32,
    /// Two kills in one turn: the crew is eliminated; the gun is abandoned, not removed.
    pub crew_eliminated: bool,
    /// Kills beyond the crew, to the adjacent section of a battery deployed together.
    pub excess_to_adjacent: u32,
    /// One crew figure was killed and the crew stands: the section checks morale (4.4.1.b,
    /// Table 2 item 4).
    pub crew_kill_check: bool,
}

/// Crew casualties (after the unlimbered crew's 1, 2, 3 saves; none when limbered), counted
/// over the turn: two eliminate the crew, extra kills pass to the adjacent section (4.3.6.a);
/// a single kill is cancelled at the end of the turn.
///
/// ```
/// use johnny_reb::rules::fire::crew_casualties;
/// // 4.3.6.a: five kills on section A, two saved: crew of A eliminated, one kill placed on B.
/// let c = crew_casualties(0, 5 - 2);
/// assert!(c.crew_eliminated);
/// assert_eq!(c.excess_to_adjacent, 1);
/// ```
pub fn crew_casualties(kills_earlier_this_turn: u32, casualties: u32) -> CrewOutcome {
    let before = kills_earlier_this_turn.min(2);
    let total = before.saturating_add(casualties);
    CrewOutcome {
        kills_this_turn: total.min(2),
        crew_eliminated: total >= 2,
        excess_to_adjacent: total.saturating_sub(2),
        // Table 2 item 4: a section that took one hit checks; an eliminated crew is gone.
        crew_kill_check: casualties > 0 && total < 2,
    }
}

/// Indirect fire (4.3.6.c): allowed for smoothbores only, with a friendly observer (an officer
/// counts) within 12" of the gun, the target at least 12" away, and the intervening object at
/// least 3" from both target and gun. `Ok(visibility)`: area fire over a skirmish line, blind
/// fire over anything else. Distances as measured (25 mm halves them to the card).
///
/// ```
/// use johnny_reb::rules::Ratio;
/// use johnny_reb::rules::fire::{indirect_fire, FireRulings, Visibility};
/// use johnny_reb::rules::tables::t13_artillery::GunClass;
/// let w = |n| Ratio::whole(n);
/// let v = indirect_fire(GunClass::Smoothbore, w(8), w(20), w(5), w(4), true, &FireRulings::default());
/// assert_eq!(v, Ok(Visibility::Area));
/// ```
pub fn indirect_fire(
    class: GunClass,
    observer_distance: Ratio,
    target_distance: Ratio,
    object_to_target: Ratio,
    object_to_gun: Ratio,
    object_is_skirmish_line: bool,
    rulings: &FireRulings,
) -> RuleResult<Visibility> {
    let c = |r| rulings.card_distance(r);
    let twelve = Ratio::whole(12);
    let three = Ratio::whole(3);
    let no = |d: &str| Err(out_of_range("indirect fire", d));
    if class != GunClass::Smoothbore {
        return no("only smoothbore guns (not rifles) may fire indirectly (4.3.6.c)");
    }
    if !super::at_most(c(observer_distance), twelve) {
        return no("the observing friendly unit must be within 12\" of the gun section");
    }
    if !super::at_most(twelve, c(target_distance)) {
        return no("the target must be at least 12\" from the gun section");
    }
    if !super::at_most(three, c(object_to_target)) || !super::at_most(three, c(object_to_gun)) {
        return no("the intervening object must be at least 3\" from both the target and the gun section");
    }
    Ok(if object_is_skirmish_line { Visibility::Area } else { Visibility::Blind })
}

/// Works destroyed by shot (9.1.5): inches equal to the kills.
///
/// ```
/// use johnny_reb::rules::fire::artillery::works_destroyed_inches;
/// assert_eq!(works_destroyed_inches(3), 3);
/// ```
pub fn works_destroyed_inches(kills: u32) -> u32 {
    kills
}

/// Whether a building fired on is destroyed (9.3.3.b): one kill destroys a wooden structure,
/// two kills in one turn a stone one. When it is, troops inside leave in disorder and lose
/// figures equal to one die.
///
/// ```
/// use johnny_reb::rules::fire::artillery::building_destroyed;
/// assert!(building_destroyed(false, 1) && !building_destroyed(true, 1));
/// ```
pub fn building_destroyed(stone: bool, kills_this_turn: u32) -> bool {
    kills_this_turn >= if stone { 2 } else { 1 }
}

#[cfg(test)]
mod tests;
