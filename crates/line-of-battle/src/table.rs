//! One schema for every "dice roll plus modifiers" table of Line of Battle v3.0.
//!
//! The v3.0 Changes Crib Sheet: "Tables were re-designed to conform to a dice roll plus DRM
//! format". Almost none of them is in the rulebook text (GAPS-line-of-battle.md): the players
//! fill a [`RollTable`] once from their own charts. Every band and every modifier value is a
//! [`Slot`]: entered by the players, or missing and asked for where it is needed. The worked
//! examples show a few modifiers; they are tests, never a source for a table.
//!
//! A table has one or more columns (the Opening Volley Table by range, the Closing Roll Table
//! by Morale Rating, the Leader Loss Table by situation); each column has bands of modified
//! rolls. The Combat Table also has a grid read by the raw roll and the DRM when the raw roll
//! is 9 or more (9.0 procedure, 9.3).

use crate::morale::MoraleState;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A value the players enter from their own charts: entered, or not yet.
///
/// `companion_core::Entered` holds a `Ratio`, which cannot be negative; die-roll modifiers
/// are, so this crate keeps its own entered value.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Slot<T> {
    /// Not entered yet: the players look it up on their chart.
    #[default]
    Missing,
    /// Entered by the players.
    Entered(T),
    /// Stated in the rule prose (not a worked example): shipped, and the players may enter
    /// their own over it.
    RuleText {
        /// The value.
        value: T,
        /// The rule that states it.
        rule: String,
    },
}

impl<T: Copy> Slot<T> {
    /// The entered value, if any.
    pub fn get(&self) -> Option<T> {
        match self {
            Slot::Entered(v) | Slot::RuleText { value: v, .. } => Some(*v),
            Slot::Missing => None,
        }
    }
}

/// How many dice a table rolls. The die size is never stated; d6 is implied (LCV 1.0b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Dice {
    /// One die: Closing Roll (7.1), Opening Volley (9.2), Rally (12.1).
    One,
    /// Two dice: Combat (9.0), Morale (10.1), Command Roll (13.3c), Leader Loss (4.1a),
    /// Fluke Stoppage (13.6h), Recovery (13.7c).
    Two,
}

impl Dice {
    /// The smallest and largest raw roll.
    pub fn range(self) -> (i32, i32) {
        match self {
            Dice::One => (1, 6),
            Dice::Two => (2, 12),
        }
    }
}

/// A span of rolls, either end open ("2 or less", "12 or more").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Span {
    /// The lowest roll in the span; `None`: no lower end.
    pub low: Option<i32>,
    /// The highest roll in the span; `None`: no upper end.
    pub high: Option<i32>,
}

impl Span {
    /// A closed span.
    pub fn between(low: i32, high: i32) -> Span {
        Span { low: Some(low), high: Some(high) }
    }
    /// `high` or less.
    pub fn at_most(high: i32) -> Span {
        Span { low: None, high: Some(high) }
    }
    /// `low` or more.
    pub fn at_least(low: i32) -> Span {
        Span { low: Some(low), high: None }
    }
    /// Whether `roll` is in the span.
    pub fn contains(self, roll: i32) -> bool {
        self.low.is_none_or(|l| roll >= l) && self.high.is_none_or(|h| roll <= h)
    }
    fn overlaps(self, other: Span) -> bool {
        let below = |a: Span, b: Span| matches!((a.high, b.low), (Some(h), Some(l)) if h < l);
        !below(self, other) && !below(other, self)
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.low, self.high) {
            (Some(l), Some(h)) if l == h => write!(f, "{l}"),
            (Some(l), Some(h)) => write!(f, "{l}-{h}"),
            (None, Some(h)) => write!(f, "{h} or less"),
            (Some(l), None) => write!(f, "{l} or more"),
            (None, None) => write!(f, "any roll"),
        }
    }
}

/// One effect of a table result, as the players' chart states it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// "No Effect".
    NoEffect,
    /// A Yes / Pass (Command Roll, Closing Roll, a Base Check passed, Recovery).
    Pass,
    /// A No / Fail.
    Fail,
    /// A numeric loss in SPs (Combat Table, Opening Volley, Morale Table losses).
    Loss(u8),
    /// "M": a Morale Check (9.4).
    MoraleCheck,
    /// Ammunition Depletion of the type used: the Combat Table's reddish band (4.3b, 9.0
    /// example's 10 to 12).
    Depletion,
    /// A Morale State (Morale Table, 10.1).
    State(MoraleState),
    /// A Retreat of so many hexes (10.3).
    Retreat(u8),
    /// The Cowardly Legs reminder (10.4).
    CowardlyLegs,
    /// The Leader is removed (Leader Loss: Captured, Wounded or Killed, 4.1a).
    LeaderLost,
    /// Fluke Stoppage occurs (13.6h Failure Roll).
    FlukeStoppage,
    /// A limited MA, as a fraction "half" (Zero Roll, 4.1d): the chart's words.
    Other(String),
    /// Canister Depletion: the Combat Table's blue band, which depletes a Battery only if it
    /// fired Canister (4.3b, 9.0 example's roll of 9).
    CanisterDepletion,
}

/// One band of a column: the modified rolls it covers and its effects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Band {
    /// The modified rolls.
    pub rolls: Span,
    /// What the chart says, in order (10.1: "Execute them in the order presented").
    pub effects: Vec<Effect>,
}

/// One column of a table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Column {
    /// Its label as printed ("Range 2", "A", "Charge Defender"); empty for a one-column table.
    pub label: String,
    /// Its bands; none yet: the column is missing.
    pub bands: Vec<Band>,
}

/// One cell of the Combat Table's grid for raw rolls of 9 or more (9.0): read by the raw
/// roll and the total DRM.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GridCell {
    /// The raw rolls.
    pub raw: Span,
    /// The total DRMs.
    pub drm: Span,
    /// The result.
    pub effects: Vec<Effect>,
}

/// A named die-roll modifier of a table, with the rule that calls for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// Its name as on the chart ("Firer MPs Remaining 6").
    pub name: String,
    /// The rule that calls for it ("9.1e").
    pub rule: String,
    /// Its value, from the players' chart.
    pub value: Slot<i32>,
}

/// A "dice roll plus modifiers" table filled by the players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollTable {
    /// Its key in the game ("combat", "morale", "command-roll").
    pub key: String,
    /// Its name as on the chart ("Combat Table").
    pub name: String,
    /// The rule that uses it ("9.3").
    pub rule: String,
    /// How many dice.
    pub dice: Dice,
    /// Its columns.
    pub columns: Vec<Column>,
    /// From which raw roll the grid replaces the columns (9.0: "if the raw roll is 9 or
    /// more"); `None`: no grid.
    pub grid_from_raw: Option<i32>,
    /// The grid (Combat Table only).
    pub grid: Vec<GridCell>,
    /// The named modifiers.
    pub modifiers: Vec<Modifier>,
}

/// Why a table read from a file, or entered, is not usable: with where, in the players' words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    /// "Combat Table, column \"\", band 3".
    pub at: String,
    /// What is wrong.
    pub problem: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.problem)
    }
}

/// Why a roll could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LookupError {
    /// The table lacks the column.
    NoColumn {
        /// The table's name.
        table: String,
        /// The column asked for.
        column: String,
    },
    /// No band (or grid cell) holds the roll: the players have not entered it.
    Missing {
        /// The table's name.
        table: String,
        /// The column.
        column: String,
        /// The modified roll (or raw roll for the grid).
        roll: i32,
    },
    /// A modifier's value has not been entered.
    MissingModifier {
        /// The table's name.
        table: String,
        /// The modifier.
        modifier: String,
    },
}

impl fmt::Display for LookupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LookupError::NoColumn { table, column } => write!(f, "{table} has no column \u{201c}{column}\u{201d}"),
            LookupError::Missing { table, column, roll } => {
                write!(f, "{table}, column \u{201c}{column}\u{201d}, roll {roll}: enter it from your chart")
            }
            LookupError::MissingModifier { table, modifier } => {
                write!(f, "{table}, modifier \u{201c}{modifier}\u{201d}: enter its value from your chart")
            }
        }
    }
}

/// A roll read on a table: the raw roll, the modifiers applied, and the effects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// The dice as rolled.
    pub raw: i32,
    /// The modifiers applied, each with its value.
    pub applied: Vec<(String, String, i32)>,
    /// The total DRM.
    pub drm: i32,
    /// Raw plus DRM.
    pub modified: i32,
    /// Whether the grid was read (raw roll at or past `grid_from_raw`).
    pub from_grid: bool,
    /// The effects.
    pub effects: Vec<Effect>,
}

impl Reading {
    /// Whether the result is a Pass (Yes).
    pub fn passed(&self) -> bool {
        self.effects.contains(&Effect::Pass)
    }
    /// The SP loss in the result, if any.
    pub fn loss(&self) -> u8 {
        self.effects.iter().map(|e| if let Effect::Loss(n) = e { *n } else { 0 }).sum()
    }
}

impl RollTable {
    /// An empty table: every column and modifier still to be entered.
    pub fn new(key: &str, name: &str, rule: &str, dice: Dice) -> RollTable {
        RollTable {
            key: key.into(),
            name: name.into(),
            rule: rule.into(),
            dice,
            columns: Vec::new(),
            grid_from_raw: None,
            grid: Vec::new(),
            modifiers: Vec::new(),
        }
    }

    /// The modifier called `name`, if the table has it.
    pub fn modifier(&self, name: &str) -> Option<&Modifier> {
        self.modifiers.iter().find(|m| m.name == name)
    }

    /// Checks the table: names, columns, bands in order without overlap, grid cells, and
    /// modifiers, every problem with where it is.
    pub fn validate(&self) -> Result<(), Vec<TableError>> {
        let mut errors = Vec::new();
        let here = |at: String, problem: &str| TableError { at, problem: problem.into() };
        let name =
            if self.name.trim().is_empty() { format!("table \u{201c}{}\u{201d}", self.key) } else { self.name.clone() };
        if self.key.trim().is_empty() {
            errors.push(here(name.clone(), "the table has no key"));
        }
        if self.name.trim().is_empty() {
            errors.push(here(name.clone(), "the table has no name"));
        }
        if self.rule.trim().is_empty() {
            errors.push(here(name.clone(), "the table names no rule"));
        }
        for (i, column) in self.columns.iter().enumerate() {
            let at = format!("{name}, column \u{201c}{}\u{201d}", column.label);
            if self.columns[..i].iter().any(|c| c.label == column.label) {
                errors.push(here(at.clone(), "two columns have this label"));
            }
            let mut bands: Vec<&Band> = column.bands.iter().collect();
            for (j, band) in column.bands.iter().enumerate() {
                let at = format!("{at}, band {} ({})", j + 1, band.rolls);
                if let (Some(l), Some(h)) = (band.rolls.low, band.rolls.high)
                    && l > h
                {
                    errors.push(here(at.clone(), "its lowest roll is above its highest"));
                }
                if band.effects.is_empty() {
                    errors.push(here(
                        at.clone(),
                        "it has no result (enter \u{201c}No Effect\u{201d} if the chart says so)",
                    ));
                }
                if column.bands[..j].iter().any(|b| b.rolls.overlaps(band.rolls)) {
                    errors.push(here(at, "it overlaps an earlier band"));
                }
            }
            bands.sort_by_key(|b| b.rolls.low.unwrap_or(i32::MIN));
            for pair in bands.windows(2) {
                if let (Some(h), Some(l)) = (pair[0].rolls.high, pair[1].rolls.low)
                    && l > h + 1
                {
                    errors.push(here(at.clone(), &format!("no band holds rolls {} to {}", h + 1, l - 1)));
                }
            }
        }
        match (self.grid_from_raw, self.grid.is_empty()) {
            (None, false) => errors.push(here(name.clone(), "it has a grid but no raw roll from which it is read")),
            (Some(from), _) if !(self.dice.range().0..=self.dice.range().1).contains(&from) => {
                errors.push(here(name.clone(), "the grid's first raw roll cannot be rolled"))
            }
            _ => {}
        }
        for (k, cell) in self.grid.iter().enumerate() {
            let at = format!("{name}, grid cell {} (raw {}, DRM {})", k + 1, cell.raw, cell.drm);
            if cell.effects.is_empty() {
                errors.push(here(at.clone(), "it has no result"));
            }
            if self.grid[..k].iter().any(|c| c.raw.overlaps(cell.raw) && c.drm.overlaps(cell.drm)) {
                errors.push(here(at, "it overlaps an earlier cell"));
            }
        }
        for (i, m) in self.modifiers.iter().enumerate() {
            let at = format!("{name}, modifier \u{201c}{}\u{201d}", m.name);
            if m.name.trim().is_empty() {
                errors.push(here(at.clone(), "a modifier has no name"));
            }
            if m.rule.trim().is_empty() {
                errors.push(here(at.clone(), "the modifier names no rule"));
            }
            if self.modifiers[..i].iter().any(|o| o.name == m.name) {
                errors.push(here(at, "two modifiers have this name"));
            }
        }
        if errors.is_empty() { Ok(()) } else { Err(errors) }
    }

    /// Reads a roll: `raw` is the dice as rolled, `column` the column's label, `apply` the
    /// names of the modifiers that apply, `extra` any DRMs from outside the chart's list
    /// (a Leader's value, the unit's rating DRM), each with its name and rule.
    pub fn read(
        &self,
        column: &str,
        raw: i32,
        apply: &[&str],
        extra: &[(String, String, i32)],
    ) -> Result<Reading, LookupError> {
        let mut applied = Vec::new();
        for name in apply {
            let m = self.modifier(name).ok_or_else(|| LookupError::MissingModifier {
                table: self.name.clone(),
                modifier: (*name).to_string(),
            })?;
            let value = m
                .value
                .get()
                .ok_or_else(|| LookupError::MissingModifier { table: self.name.clone(), modifier: m.name.clone() })?;
            applied.push((m.name.clone(), m.rule.clone(), value));
        }
        applied.extend(extra.iter().cloned());
        let drm: i32 = applied.iter().map(|(_, _, v)| v).sum();
        let modified = raw + drm;
        let missing = |roll| LookupError::Missing { table: self.name.clone(), column: column.into(), roll };
        if let Some(from) = self.grid_from_raw
            && raw >= from
        {
            let cell = self.grid.iter().find(|c| c.raw.contains(raw) && c.drm.contains(drm)).ok_or(missing(raw))?;
            return Ok(Reading { raw, applied, drm, modified, from_grid: true, effects: cell.effects.clone() });
        }
        let col = self
            .columns
            .iter()
            .find(|c| c.label == column)
            .ok_or_else(|| LookupError::NoColumn { table: self.name.clone(), column: column.into() })?;
        let band = col.bands.iter().find(|b| b.rolls.contains(modified)).ok_or(missing(modified))?;
        Ok(Reading { raw, applied, drm, modified, from_grid: false, effects: band.effects.clone() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command_roll() -> RollTable {
        let mut t = RollTable::new("command-roll", "Command Roll Table", "13.3c", Dice::Two);
        t.columns.push(Column {
            label: String::new(),
            bands: vec![
                Band { rolls: Span::at_most(7), effects: vec![Effect::Fail] },
                Band { rolls: Span::at_least(8), effects: vec![Effect::Pass] },
            ],
        });
        t.modifiers.push(Modifier { name: "Release Reserves".into(), rule: "13.2d".into(), value: Slot::Missing });
        t
    }

    #[test]
    fn a_filled_table_validates_and_reads() {
        let t = command_roll();
        assert_eq!(t.validate(), Ok(()));
        let r = t.read("", 5, &[], &[("Command Value".into(), "13.3c".into(), 3)]).unwrap();
        assert_eq!(r.modified, 8);
        assert!(r.passed());
    }

    #[test]
    fn a_missing_modifier_is_asked_for_by_name() {
        let err = command_roll().read("", 5, &["Release Reserves"], &[]).unwrap_err();
        assert!(err.to_string().contains("Release Reserves"), "{err}");
    }

    #[test]
    fn overlaps_and_gaps_are_named() {
        let mut t = command_roll();
        t.columns[0].bands[1].rolls = Span::at_least(7);
        let errs = t.validate().unwrap_err();
        assert!(errs.iter().any(|e| e.problem.contains("overlaps")), "{errs:?}");
        t.columns[0].bands[1].rolls = Span::at_least(10);
        let errs = t.validate().unwrap_err();
        assert!(errs.iter().any(|e| e.problem.contains("no band holds rolls 8 to 9")), "{errs:?}");
    }

    #[test]
    fn an_unentered_roll_is_missing_not_guessed() {
        let mut t = command_roll();
        t.columns[0].bands.pop();
        assert!(matches!(t.read("", 12, &[], &[]), Err(LookupError::Missing { roll: 12, .. })));
    }

    /// 9.0: "if the raw roll is 9 or more, ignore the top part of the Table and use the
    /// result given in the grid below it".
    #[test]
    fn rule_9_0_raw_nine_or_more_reads_the_grid() {
        let mut t = RollTable::new("combat", "Combat Table", "9.3", Dice::Two);
        t.columns.push(Column {
            label: String::new(),
            bands: vec![Band { rolls: Span::at_most(20), effects: vec![Effect::NoEffect] }],
        });
        t.grid_from_raw = Some(9);
        t.grid.push(GridCell {
            raw: Span::between(9, 9),
            drm: Span::between(0, 0),
            effects: vec![Effect::Loss(1), Effect::MoraleCheck, Effect::CanisterDepletion],
        });
        assert_eq!(t.validate(), Ok(()));
        let r = t.read("", 9, &[], &[]).unwrap();
        assert!(r.from_grid);
        assert_eq!(r.loss(), 1);
        let r = t.read("", 8, &[], &[]).unwrap();
        assert!(!r.from_grid);
    }
}
