//! Morale: the Basic Morale Point (BMP), its modifiers, the check itself, rallies, the order
//! of several checks, fear-of-charge and the impact MMP (rules 2.2-2.4, 4.4, 5.5, 5.7.1;
//! Tables 2, 5, 6, 7, 17, 18).
//!
//! - The core is [`check()`]: MMP = BMP + modifiers; two dice; the unit passes if the roll is
//!   higher than the MMP, a 2 routs at once and a 12 restores good morale (2.3.1, 2.3.2,
//!   Table 7). [`rally()`] is the Phase Two rally attempt (2.4). Odds: [`check_odds`],
//!   [`chance_to_pass`], [`rally_odds`], [`chance_to_rally`].
//! - BMP: [`bmp()`] from Table 5 or 17 ([`BmpTableKind`]) for a [`MoraleUnit`].
//! - MMP with its itemised breakdown ([`Mmp`], [`ModifierLine`]): [`mmp()`] for fire, routs
//!   seen, rallies and melee ([`MoraleSituation`]); [`fear_of_charge_mmp`] and [`impact_mmp`]
//!   for charges ([`ChargeSituation`], [`Charger`], [`ImpactSide`]).
//! - Which checks are due: [`checks_due`] ([`FireEffects`], [`TriggeredUnit`]), [`seen_check`],
//!   [`fear_of_charge_due`], [`may_rally`]; several in a row: [`resolve_sequence`] and
//!   [`sequence_odds`] (4.4.2).
//! - The players' choices: [`MoraleRulings`].
#![warn(missing_docs)]

pub mod bmp;
pub mod charged;
pub mod check;
pub mod modifiers;
pub mod rally;
pub mod sequence;
pub mod triggers;

pub use bmp::{ArtillerySituation, BmpTableKind, MoraleUnit, bmp, bmp_cell, merged_bmp};
pub use charged::{
    ChargeSituation, Charger, ImpactLoss, ImpactSide, defender_loses_impact, defender_loses_impact_odds,
    double_canister_mmp, fear_of_charge, fear_of_charge_mmp, fear_of_charge_odds, impact_mmp,
};
pub use check::{
    AfterCheck, CheckRoll, Consequence, DetachedOutcome, MoraleResult, RallyingUnit, chance_to_pass, chance_to_rally,
    check, check_odds, detached_skirmishers_outcome, rally, rally_odds,
};
pub use modifiers::{
    Aspect, BrigadeColumn, ChargeElan, Cover, FormationModifier, Isolation, Mmp, Modifier, ModifierLine,
    MoraleSituation, below_zero_cell, mmp, set_modifier_entry,
};
pub use rally::{
    forced_rout_dice, forced_rout_distance_odds, may_rally, rally_at_table_edge, rally_at_table_edge_odds, rally_unit,
    rally_unit_odds,
};
pub use sequence::{MAX_CHECKS_FOR_ODDS, SequenceResult, SequenceStep, resolve_sequence, sequence_odds};
pub use triggers::{
    CheckReason, FireEffects, SeenCheck, SeenEvent, Sighting, TriggeredUnit, checks_due, fear_of_charge_due, in_order,
    seen_check,
};

use serde::{Deserialize, Serialize};

/// What a rally roll of 12 does to a routed unit (Table 7 against 2.3.2; see RULINGS.md,
/// "Morale").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum RoutedRallyTwelve {
    /// Rule 2.3.2 (and 2.4, "Rule 2.3.2 ... also applies during rally attempts"): a shaken or
    /// routed unit that rolls 12 finds new courage and has good morale.
    #[default]
    GoodMorale,
    /// Table 7's rally row as transcribed, "Rolls of 2 or 12: Same as above; if already
    /// Routed, remove whole unit": a routed unit that rolls 12 to rally is removed.
    RemoveUnit,
}

/// Which quality columns the three printed artillery values of Tables 5 and 17 stand under
/// (GAPS.md; RULINGS.md, "Morale").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum ArtilleryColumns {
    /// Elite, Average, Green or Tired, as the values stand left-aligned in the transcription;
    /// Militia or Poor is asked of the players.
    #[default]
    EliteAverageGreen,
    /// Average, Green or Tired, Militia or Poor; Elite is asked of the players.
    AverageGreenMilitia,
}

/// Where the formation modifiers of a mounted unit in a charge come from (Table 18 prints
/// formation rows only under "Infantry or Dismounted Cavalry").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum MountedFormationRows {
    /// Asked of the players, as "`Table 18, Mounted Cavalry <formation>, <column>`".
    #[default]
    Entered,
    /// The printed infantry rows are used for mounted units too.
    AsFoot,
}

/// The optional rules of Appendix F that touch morale; all off by default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct OptionalMoraleRules {
    /// Appendix F 2, Orders for Shaken Units: +3 for an unreasonable order.
    pub orders_for_shaken_units: bool,
    /// Appendix F 10, Canister Hit: +1 to the check for an artillery hit by canister.
    pub canister_hit: bool,
    /// Appendix F 12, Single Stands: a one-stand regiment checks at every further figure
    /// killed.
    pub single_stands: bool,
}

/// The players' choices where the morale rules admit two playable readings, and the optional
/// rules of Appendix F that touch morale. Every default is the ruling written in RULINGS.md.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct MoraleRulings {
    /// A rally roll of 12 by a routed unit (Table 7 against 2.3.2).
    pub routed_rally_twelve: RoutedRallyTwelve,
    /// The columns of the artillery BMP values (Tables 5 and 17).
    pub artillery_bmp_columns: ArtilleryColumns,
    /// Mounted units' formation rows in Table 18.
    pub mounted_formation_rows: MountedFormationRows,
    /// Medium and heavy works give -2 and -3 (2.3.4.b) in charge checks too, instead of
    /// Table 18's plain -1 cover. Default on.
    pub works_in_charges: bool,
    /// The officer's benefit (2.3.4.f) counts in the impact MMP. Default on.
    pub officer_at_impact: bool,
    /// Table 6's protection, isolation and brigade-loss modifiers count in the impact MMP too
    /// (5.7.1.a names only Table 18). Default off.
    pub table_6_modifiers_at_impact: bool,
    /// The optional rules of Appendix F.
    pub optional: OptionalMoraleRules,
}

impl Default for MoraleRulings {
    fn default() -> Self {
        MoraleRulings {
            routed_rally_twelve: RoutedRallyTwelve::default(),
            artillery_bmp_columns: ArtilleryColumns::default(),
            mounted_formation_rows: MountedFormationRows::default(),
            works_in_charges: true,
            officer_at_impact: true,
            table_6_modifiers_at_impact: false,
            optional: OptionalMoraleRules::default(),
        }
    }
}
