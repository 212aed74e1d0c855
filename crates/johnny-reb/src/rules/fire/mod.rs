//! Small arms and artillery fire (4.1-4.3, 6.8.5, 6.8.7, 9.1.5, 9.3.3, Tables 8-15,
//! Appendices A-D, the fire items of Appendix F): strength, Table 10 kills, Table 11
//! multipliers, Table 12 saves, the morale checks fire triggers, and the exact odds of each
//! before the dice.
//!
//! The procedure of Table 15, as the screens call it:
//! 1. [`small_arms_strength`] or [`artillery_strength`] / [`battery_strength`]: the modified
//!    strength (multipliers first) and the net row shifts, with every step and its source;
//! 2. [`combat_result`]: Table 10 with the dice;
//! 3. [`modify_kills`]: Table 11 (formation, flank, disengaging), rounded down;
//! 4. [`save_number`] then [`casualties_after_saves`]: Table 12, one die per kill, and the
//!    casualty limit of the figures in the arc (4.2.6.g);
//! 5. [`morale_checks`]: what the target must check, in the order of 4.4.2 (the morale part's
//!    [`crate::rules::morale::checks_due`] on what the fire did).
//!
//! [`fire_odds`] gives the distribution of casualties before any die is thrown.
#![warn(missing_docs)]

pub mod artillery;
pub mod combat_results;
pub mod kills;
pub mod morale;
pub mod odds;
pub mod procedure;
pub mod saves;
pub mod sighting;
pub mod small_arms;
pub mod special;

pub use artillery::{
    Ammunition, ArtilleryAmmunition, ArtilleryFire, ArtilleryOutcome, CrewOutcome, GunTable, GunType, Pivot,
    artillery_strength, battery_strength, counterbattery, crew_casualties, indirect_fire,
};
pub use combat_results::{
    CombatResult, Table10Roll, Table10Rows, combat_result, combat_result_odds, table10_kills, table10_row, table10_rows,
};
pub use kills::{FireTarget, Flank, ModifiedKills, brigade_column_kills, modify_kills};
pub use morale::{FireMoraleCheck, MoraleTarget, fire_effects, morale_checks};
pub use odds::{casualty_odds, fire_odds};
pub use procedure::{FireOutcome, ScoredKills, finish_fire, score_kills};
pub use saves::{FireKind, SaveNumber, SavePlan, SaveSituation, casualties_after_saves, save_number};
pub use sighting::{
    ProneView, SightingRoll, ThroughSkirmishers, Woods, prone_blind_beyond, sighting_odds, sighting_roll,
    through_enemy_skirmishers,
};
pub use small_arms::{SmallArmsFire, Visibility, range_band, small_arms_ammunition, small_arms_strength};

use crate::rules::tables::t09_small_arms_modifiers::FireModifier;
use crate::rules::{Cell, CellRef, Entered, Overrides, Ratio, RuleResult, Source, Sourced};
use serde::{Deserialize, Serialize};

/// The opening volley: Table 9 prints x2, rule 4.2.2 says up 2 rows (GAPS.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum OpeningVolley {
    /// Up 2 rows, as rule 4.2.2 states and its worked example uses (default).
    #[default]
    UpTwoRows,
    /// x2 strength, as Table 9 prints it.
    TimesTwo,
}

/// A prone unit that is charged fires "with the x1/2 fire strength penalty for formation
/// change" (6.8.5); whether its prone x1/4 still applies is not said.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProneCharged {
    /// Both: prone x1/4 (unless breechloaders) and the formation change x1/2 (default: the
    /// unit is still prone as it fires, and 6.8.5 adds the penalty).
    #[default]
    HalfAndQuarter,
    /// The formation change x1/2 replaces the prone x1/4 (the unit is getting up).
    HalfOnly,
}

/// The unit of the rocket's flight (Appendix D 6): the text says the die gives the distance
/// "in feet", its worked example flies a 1 to 1" (GAPS.md; RULINGS.md, "Appendices D and F").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum RocketDistance {
    /// Inches, as the worked example measures it (default).
    #[default]
    Inches,
    /// Feet, as the rule text says: twelve inches a pip.
    Feet,
}

/// The fire rulings and the optional rules of Appendix F that touch fire. Every optional rule
/// is off by default (Appendix F: "should not be used unless all players agree").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FireRulings {
    /// Opening volley reading (4.2.2 against Table 9). Repeaters get up 1 either way (4.2.7.c).
    pub opening_volley: OpeningVolley,
    /// A prone unit firing at the unit charging it (6.8.5).
    pub prone_charged: ProneCharged,
    /// 25 mm figures: every distance doubles (0.1.1), so ranges are measured against twice
    /// the card's inches.
    pub figures_25mm: bool,
    /// Appendix F 3, Primary Fire Zone.
    pub primary_fire_zone: bool,
    /// Appendix F 4, Firing on Own Troops.
    pub firing_on_own_troops: bool,
    /// Appendix F 5, Fire Through Enemy Skirmishers (losses to the skirmishers first).
    pub fire_through_enemy_skirmishers: bool,
    /// Appendix F 6, Linear Density.
    pub linear_density: bool,
    /// Appendix F 7, Low Velocity Fire.
    pub low_velocity_fire: bool,
    /// Appendix F 8, Artillery Fire at Large Group.
    pub artillery_fire_at_large_group: bool,
    /// Appendix F 9, Parrott Rifles.
    pub parrott_rifles: bool,
    // Appendix F 10, Canister Hit, is a morale modifier: `MoraleRulings::optional.canister_hit`.
    /// Appendix F 11, Skirmishers fire before moving.
    pub skirmishers_fire_before_moving: bool,
    /// Appendix F 14, Smoke and Visibility.
    pub smoke_and_visibility: bool,
    /// The rocket's flight unit (Appendix D 6).
    pub rocket_distance: RocketDistance,
    /// Appendix F 15, Night: all firing is area fire (its movement half is
    /// `MovementRulings::night`; `settings::RulesSettings` keeps the two in step).
    pub night: bool,
}

impl Default for FireRulings {
    fn default() -> Self {
        FireRulings {
            opening_volley: OpeningVolley::UpTwoRows,
            prone_charged: ProneCharged::HalfAndQuarter,
            figures_25mm: false,
            primary_fire_zone: false,
            firing_on_own_troops: false,
            fire_through_enemy_skirmishers: false,
            linear_density: false,
            low_velocity_fire: false,
            artillery_fire_at_large_group: false,
            parrott_rifles: false,
            skirmishers_fire_before_moving: false,
            smoke_and_visibility: false,
            rocket_distance: RocketDistance::Inches,
            night: false,
        }
    }
}

impl FireRulings {
    /// What the firer sees after the night rule (Appendix F 15: all firing is area fire; blind
    /// fire stays blind).
    ///
    /// ```
    /// use johnny_reb::rules::fire::{FireRulings, Visibility};
    /// let night = FireRulings { night: true, ..Default::default() };
    /// assert_eq!(night.visibility(Visibility::Clear), Visibility::Area);
    /// assert_eq!(night.visibility(Visibility::Blind), Visibility::Blind);
    /// assert_eq!(FireRulings::default().visibility(Visibility::Clear), Visibility::Clear);
    /// ```
    pub fn visibility(&self, seen: Visibility) -> Visibility {
        if self.night && seen == Visibility::Clear { Visibility::Area } else { seen }
    }

    /// A measured distance as the card reads it: halved for 25 mm figures (0.1.1).
    pub fn card_distance(&self, measured: Ratio) -> Ratio {
        if self.figures_25mm { measured.mul(Ratio::HALF) } else { measured }
    }
}

/// One modifier applied to a fire, for the breakdown the app shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The condition, as the table or rule names it.
    pub what: String,
    /// Its effect.
    pub modifier: FireModifier,
    /// Where the value came from.
    pub source: Source,
}

/// A modified fire strength: multipliers applied, row shifts summed (4.2.2, 4.3.6.a).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FireStrength {
    /// Base strength: figures firing, or the gun's Table 13 value.
    pub base: Ratio,
    /// Every modifier, in the order applied.
    pub steps: Vec<Step>,
    /// The strength after all multipliers (rounded only when the row is found).
    pub strength: Ratio,
    /// Net row shifts (positive = up).
    pub row_shifts: i32,
}

impl FireStrength {
    pub(crate) fn new(base: Ratio) -> FireStrength {
        FireStrength { base, steps: Vec::new(), strength: base, row_shifts: 0 }
    }

    pub(crate) fn apply(&mut self, what: impl Into<String>, m: Sourced<FireModifier>) {
        match m.value {
            FireModifier::Times(r) => self.strength = self.strength.mul(r),
            FireModifier::Rows(n) => self.row_shifts = self.row_shifts.saturating_add(n),
        }
        self.steps.push(Step { what: what.into(), modifier: m.value, source: m.source });
    }
}

/// The three cells the players may enter for a modifier: a multiplier at column `modifier`
/// (or `x`), a shift at `rows up` or `rows down`. NA at `modifier` means "no modifier".
///
/// ```
/// use johnny_reb::rules::CellRef;
/// use johnny_reb::rules::fire::modifier_entry_cells;
/// let [x, up, down] = modifier_entry_cells(&CellRef::new("Table 9", "First Fire", "modifier"));
/// assert_eq!(up.to_string(), "Table 9, First Fire, rows up");
/// # let _ = (x, down);
/// ```
pub fn modifier_entry_cells(cell: &CellRef) -> [CellRef; 3] {
    [
        CellRef::new(cell.table.clone(), cell.row.clone(), "modifier"),
        CellRef::new(cell.table.clone(), cell.row.clone(), "rows up"),
        CellRef::new(cell.table.clone(), cell.row.clone(), "rows down"),
    ]
}

/// A modifier cell: the players' entry first (see [`modifier_entry_cells`]), then the shipped
/// value; a gap is a request for `cell` (column "modifier").
pub fn resolve_modifier(
    cell: &CellRef,
    shipped: Cell<FireModifier>,
    overrides: &Overrides,
) -> RuleResult<Sourced<FireModifier>> {
    let [times, up, down] = modifier_entry_cells(cell);
    let x = CellRef::new(cell.table.clone(), cell.row.clone(), "x");
    let entered = |m| Ok(Sourced { value: m, source: Source::Entered });
    let as_rows = |r: Ratio| i32::try_from(r.floor()).unwrap_or(i32::MAX);
    match overrides.get(&times).or_else(|| overrides.get(&x)) {
        Some(Entered::Value(r)) => return entered(FireModifier::Times(r)),
        Some(Entered::NotApplicable) => return entered(FireModifier::Rows(0)),
        None => {}
    }
    if let Some(Entered::Value(r)) = overrides.get(&up) {
        return entered(FireModifier::Rows(as_rows(r)));
    }
    if let Some(Entered::Value(r)) = overrides.get(&down) {
        return entered(FireModifier::Rows(-as_rows(r)));
    }
    match shipped {
        Cell::Printed(v) => Ok(Sourced { value: v, source: Source::Printed }),
        Cell::RuleText { value, rule } => Ok(Sourced { value, source: Source::RuleText(rule.to_string()) }),
        Cell::Missing => Err(crate::rules::RuleError::Missing(cell.clone())),
    }
}

/// A small whole-number cell (a save number): entry first, then shipped.
pub(crate) fn resolve_count(cell: &CellRef, shipped: Cell<u8>, overrides: &Overrides) -> RuleResult<Sourced<u8>> {
    let shipped = match shipped {
        Cell::Printed(v) => Cell::Printed(Ratio::whole(u32::from(v))),
        Cell::RuleText { value, rule } => Cell::RuleText { value: Ratio::whole(u32::from(value)), rule },
        Cell::Missing => Cell::Missing,
    };
    match overrides.resolve(cell, shipped)? {
        Some(s) => Ok(Sourced { value: u8::try_from(s.value.floor()).unwrap_or(u8::MAX).min(6), source: s.source }),
        None => Ok(Sourced { value: 0, source: Source::Entered }),
    }
}

/// A strength cell that may read "NA" on the card (beyond the gun's reach).
pub(crate) fn resolve_strength(
    cell: &CellRef,
    shipped: Cell<Option<Ratio>>,
    overrides: &Overrides,
) -> RuleResult<Option<Sourced<Ratio>>> {
    match (overrides.get(cell), shipped) {
        (Some(Entered::Value(v)), _) => Ok(Some(Sourced { value: v, source: Source::Entered })),
        (Some(Entered::NotApplicable), _) => Ok(None),
        (None, Cell::Printed(v)) => Ok(v.map(|value| Sourced { value, source: Source::Printed })),
        (None, Cell::RuleText { value, rule }) => {
            Ok(value.map(|value| Sourced { value, source: Source::RuleText(rule.to_string()) }))
        }
        (None, Cell::Missing) => Err(crate::rules::RuleError::Missing(cell.clone())),
    }
}

/// `a <= b` by value.
pub(crate) fn at_most(a: Ratio, b: Ratio) -> bool {
    !combat_results::less(b, a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rulings_default_from_empty_settings() {
        let r: FireRulings = serde_json::from_str("{}").unwrap();
        assert_eq!(r, FireRulings::default());
        assert_eq!(r.opening_volley, OpeningVolley::UpTwoRows);
        let r: FireRulings = serde_json::from_str(r#"{"parrott_rifles":true}"#).unwrap();
        assert!(r.parrott_rifles && !r.linear_density);
        let back: FireRulings = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
        assert_eq!(back, r);
    }

    #[test]
    fn entered_modifiers_replace_shipped_ones() {
        let cell = CellRef::new("Table 9", "Elite", "modifier");
        let mut o = Overrides::new();
        assert!(resolve_modifier(&cell, Cell::Missing, &o).is_err());
        o.set(CellRef::new("Table 9", "Elite", "rows down"), Entered::Value(Ratio::whole(2)));
        assert_eq!(resolve_modifier(&cell, Cell::Missing, &o).unwrap().value, FireModifier::Rows(-2));
        o.set(cell.clone(), Entered::NotApplicable);
        assert_eq!(resolve_modifier(&cell, Cell::Missing, &o).unwrap().value, FireModifier::Rows(0));
    }
}
