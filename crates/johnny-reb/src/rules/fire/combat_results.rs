//! Table 10, Combat Results: from a modified strength, row shifts and the dice to kills scored
//! (4.2.2, 4.2.4, Table 10 notes 1 and 2). Fire and melee (5.8.2) both read it.
//!
//! The strength given is the *modified* strength: every multiplier already applied (4.2.2,
//! "always calculate multipliers before shifts"). The row is the one at or below that strength
//! ("if the modified strength falls between two row numbers, use the lower row"), then moved
//! by the net row shifts (positive = up, toward the "100+" row).

use crate::rules::tables::t10_combat_results as t10;
use crate::rules::{Chance, Die, Distribution, Overrides, Ratio, RuleError, RuleResult, Source, TwoDice};
use serde::{Deserialize, Serialize};

/// `a < b` by value. (`Ratio`'s derived ordering compares numerators first, not values.)
pub(crate) fn less(a: Ratio, b: Ratio) -> bool {
    u64::from(a.numer()) * u64::from(b.denom()) < u64::from(b.numer()) * u64::from(a.denom())
}

/// The dice thrown on Table 10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Table10Roll {
    /// Two dice, the normal roll.
    TwoDice(TwoDice),
    /// One die: a unit out of ammunition (4.2.4.a, Table 10 note 1) or a gun low on shot
    /// (4.3.4.a). A 1 scores no kills.
    OneDie(Die),
}

impl Table10Roll {
    /// The column read on Table 10: the two dice's total, or the single die's face.
    pub fn total(self) -> u8 {
        match self {
            Table10Roll::TwoDice(d) => d.total(),
            Table10Roll::OneDie(d) => d.face(),
        }
    }
}

/// Table 10's rows as the players entered them from their card, highest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table10Rows {
    rows: Vec<Ratio>,
}

impl Table10Rows {
    /// Row strengths, highest ("100+") first.
    pub fn rows(&self) -> &[Ratio] {
        &self.rows
    }

    /// Checks an entered row list against what the text says: "100+" on top, strictly
    /// descending, rows 80, 30, 6 and 4 present, and 6 directly above 4 (4.2.2).
    ///
    /// ```
    /// use johnny_reb::rules::Ratio;
    /// use johnny_reb::rules::fire::Table10Rows;
    /// let rows: Vec<Ratio> = [100, 80, 30, 6, 4].map(Ratio::whole).to_vec();
    /// assert!(Table10Rows::new(rows).is_ok());
    /// assert!(Table10Rows::new([100, 80, 30, 6, 5, 4].map(Ratio::whole).to_vec()).is_err());
    /// ```
    pub fn new(rows: Vec<Ratio>) -> RuleResult<Table10Rows> {
        let bad = |detail: String| RuleError::OutOfRange { what: "Table 10 row list", detail };
        if rows.first() != Some(&t10::TOP_ROW) {
            return Err(bad("the top row of Table 10 is printed as 100+: row 1 must be 100".into()));
        }
        if rows.windows(2).any(|w| matches!(w, [a, b] if !less(*b, *a))) {
            return Err(
                bad("rows must be entered from the top of the card down, each lower than the one above".into()),
            );
        }
        for named in t10::ROWS_NAMED_BY_TEXT {
            if !rows.contains(&named) {
                return Err(bad(format!(
                    "the rules name a row {named} (4.2.2, 4.2.4, Table 10); it is not in the list"
                )));
            }
        }
        let six = rows.iter().position(|r| *r == t10::ROW_6);
        let four = rows.iter().position(|r| *r == t10::ROW_4);
        if let (Some(six), Some(four)) = (six, four)
            && four != six + 1
        {
            return Err(bad("rule 4.2.2 shifts up one row from 4 to 6: no row may lie between them".into()));
        }
        Ok(Table10Rows { rows })
    }

    /// The row for a modified strength and net shifts; `None` = no row (no kills).
    fn locate(&self, strength: Ratio, row_shifts: i32) -> Option<Ratio> {
        let base = self.rows.iter().position(|r| !less(strength, *r))?;
        let shifted = (base as i64) - i64::from(row_shifts);
        // Shifting up past "100+" stays on it (RULINGS.md); down past the lowest row leaves the table.
        let shifted = usize::try_from(shifted.max(0)).ok()?;
        self.rows.get(shifted).copied()
    }
}

/// The row list from the players' entries (`Table 10, row list, ...`); a gap is a request for
/// the next cell to enter: first the number of rows, then each row from the top.
///
/// ```
/// use johnny_reb::rules::{Entered, Overrides, Ratio, RuleError};
/// use johnny_reb::rules::fire::table10_rows;
/// use johnny_reb::rules::tables::t10_combat_results::{row_count_cell, row_position_cell};
/// let mut o = Overrides::new();
/// assert_eq!(table10_rows(&o), Err(RuleError::Missing(row_count_cell())));
/// o.set(row_count_cell(), Entered::Value(Ratio::whole(5)));
/// assert_eq!(table10_rows(&o), Err(RuleError::Missing(row_position_cell(2))));
/// for (k, r) in [(2, 80), (3, 30), (4, 6), (5, 4)] {
///     o.set(row_position_cell(k), Entered::Value(Ratio::whole(r)));
/// }
/// assert_eq!(table10_rows(&o).unwrap().rows().len(), 5);
/// ```
pub fn table10_rows(overrides: &Overrides) -> RuleResult<Table10Rows> {
    let count_cell = t10::row_count_cell();
    let bad = |detail: String| RuleError::OutOfRange { what: "Table 10 row list", detail };
    let count = match overrides.resolve(&count_cell, crate::rules::Cell::Missing)? {
        Some(v) if v.value.denom() == 1 && (t10::FEWEST_ROWS..=t10::MOST_ROWS).contains(&v.value.numer()) => {
            v.value.numer() as usize
        }
        Some(v) => {
            return Err(bad(format!(
                "{} rows is not possible: a card prints {} to {} rows (the text names {})",
                v.value,
                t10::FEWEST_ROWS,
                t10::MOST_ROWS,
                t10::FEWEST_ROWS
            )));
        }
        None => return Err(bad("the number of rows cannot be NA".into())),
    };
    let mut rows = Vec::with_capacity(count);
    for position in 1..=count {
        let cell = t10::row_position_cell(position);
        match overrides.resolve(&cell, t10::shipped_row_position(position))? {
            Some(v) => rows.push(v.value),
            None => return Err(bad(format!("row {position} cannot be NA: enter its strength"))),
        }
    }
    Table10Rows::new(rows)
}

/// What the text alone tells about the rows, used while the players have not entered the
/// row list: "100+" is the top row, and a strength from 4 up to (not including) 6 is on row 4,
/// with row 6 one row up (4.2.2).
fn locate_from_text(strength: Ratio, row_shifts: i32) -> Option<Ratio> {
    if !less(strength, t10::TOP_ROW) && row_shifts >= 0 {
        Some(t10::TOP_ROW)
    } else if !less(strength, t10::ROW_4) && less(strength, t10::ROW_6) {
        match row_shifts {
            0 => Some(t10::ROW_4),
            1 => Some(t10::ROW_6),
            _ => None,
        }
    } else {
        None
    }
}

/// The Table 10 row for a modified strength after net row shifts (positive = up). `Ok(None)`:
/// no row applies, so no kills - the strength is zero, below the lowest row, or shifted below
/// it (RULINGS.md). Shifts above "100+" stay on "100+".
///
/// ```
/// use johnny_reb::rules::{Overrides, Ratio};
/// use johnny_reb::rules::fire::table10_row;
/// // 4.2.2: 23 x 1/2 x 1/2 = 5.75 is on row 4; green (down 1) and opening volley (up 2) -> row 6.
/// let strength = Ratio::new(23, 4).unwrap();
/// assert_eq!(table10_row(strength, 0, &Overrides::new()), Ok(Some(Ratio::whole(4))));
/// assert_eq!(table10_row(strength, 1, &Overrides::new()), Ok(Some(Ratio::whole(6))));
/// ```
pub fn table10_row(strength: Ratio, row_shifts: i32, overrides: &Overrides) -> RuleResult<Option<Ratio>> {
    if strength == Ratio::ZERO {
        return Ok(None);
    }
    match table10_rows(overrides) {
        Ok(rows) => Ok(rows.locate(strength, row_shifts)),
        Err(RuleError::Missing(cell)) => {
            locate_from_text(strength, row_shifts).map(Some).ok_or(RuleError::Missing(cell))
        }
        Err(e) => Err(e),
    }
}

/// Kills at one cell of Table 10 (`roll` 2 to 12): the players' entry, else the printed or
/// rule-text value. The card's dash (entered as NA) is no kills.
///
/// ```
/// use johnny_reb::rules::{Overrides, Ratio};
/// use johnny_reb::rules::fire::table10_kills;
/// // 4.2.4: "a unit firing on the 30 row rolled a 9 with two dice, so seven kills are scored".
/// assert_eq!(table10_kills(Ratio::whole(30), 9, &Overrides::new()).unwrap().value, 7);
/// assert!(table10_kills(Ratio::whole(30), 8, &Overrides::new()).is_err());
/// ```
pub fn table10_kills(row: Ratio, roll: u8, overrides: &Overrides) -> RuleResult<crate::rules::Sourced<u32>> {
    if !(2..=12).contains(&roll) {
        return Err(RuleError::OutOfRange {
            what: "Table 10 roll",
            detail: format!("columns run 2 to 12, not {roll}"),
        });
    }
    let cell = t10::kills_cell(row, roll);
    match overrides.resolve(&cell, t10::shipped(row, roll))? {
        Some(v) if v.value.denom() == 1 => Ok(crate::rules::Sourced { value: v.value.numer(), source: v.source }),
        Some(v) => Err(RuleError::OutOfRange {
            what: "Table 10 entry",
            detail: format!("{cell} holds {}, but kills are whole figures", v.value),
        }),
        None => Ok(crate::rules::Sourced { value: 0, source: crate::rules::Source::Entered }),
    }
}

/// One roll on Table 10.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CombatResult {
    /// The row read, after shifts; `None` when no row applies (no kills).
    pub row: Option<Ratio>,
    /// The column read: the two dice's total, or the one die's face.
    pub roll: u8,
    /// Rolled with one die (out of ammunition, low on shot).
    pub one_die: bool,
    /// Kills scored, before Table 11 multipliers and Table 12 saves.
    pub kills: u32,
    /// Where the kills value came from; `None` when no cell was read (no row, or one die
    /// showing 1).
    pub source: Option<Source>,
    /// Table 10 note 1 / 4.2.4.a: two dice rolled 2. Small arms are out of ammunition for the
    /// rest of the game; shot runs low (4.3.4.a). Canister and melee ignore it.
    pub out_of_ammunition: bool,
    /// Table 10 note 2 / 4.4.1.f: two dice rolled 12; the target checks morale for
    /// unexpected devastation.
    pub unexpected_devastation: bool,
}

/// Resolves one Table 10 roll: modified strength (multipliers applied), net row shifts
/// (positive = up) and the dice.
///
/// ```
/// use johnny_reb::rules::{Die, Overrides, Ratio, TwoDice};
/// use johnny_reb::rules::fire::{combat_result, Table10Roll};
/// let o = Overrides::new();
/// let r = combat_result(Ratio::whole(120), 0, Table10Roll::TwoDice(TwoDice::new(1, 1).unwrap()), &o).unwrap();
/// assert_eq!((r.kills, r.out_of_ammunition), (5, true));
/// let r = combat_result(Ratio::whole(120), 0, Table10Roll::TwoDice(TwoDice::new(6, 6).unwrap()), &o).unwrap();
/// assert_eq!((r.kills, r.unexpected_devastation), (15, true));
/// // Out of ammunition: one die, a 1 is no kills (4.2.4.a).
/// let r = combat_result(Ratio::whole(120), 0, Table10Roll::OneDie(Die::new(1).unwrap()), &o).unwrap();
/// assert_eq!(r.kills, 0);
/// ```
pub fn combat_result(
    strength: Ratio,
    row_shifts: i32,
    roll: Table10Roll,
    overrides: &Overrides,
) -> RuleResult<CombatResult> {
    let total = roll.total();
    let one_die = matches!(roll, Table10Roll::OneDie(_));
    let out_of_ammunition = !one_die && total == 2;
    let unexpected_devastation = !one_die && total == 12;
    let row = table10_row(strength, row_shifts, overrides)?;
    let looked_up = match row {
        Some(row) if !(one_die && total == 1) => Some(table10_kills(row, total, overrides)?),
        _ => None,
    };
    Ok(CombatResult {
        row,
        roll: total,
        one_die,
        kills: looked_up.as_ref().map_or(0, |s| s.value),
        source: looked_up.map(|s| s.source),
        out_of_ammunition,
        unexpected_devastation,
    })
}

/// Every outcome of the roll before it is thrown: the 36 rolls of two dice, or the 6 faces of
/// one die, each with its exact chance. A missing cell on any roll is asked for first.
///
/// ```
/// use johnny_reb::rules::{Chance, Overrides, Ratio};
/// use johnny_reb::rules::fire::combat_result_odds;
/// let d = combat_result_odds(Ratio::whole(100), 0, false, &Overrides::new()).unwrap();
/// assert_eq!(d.total(), Chance::ALWAYS);
/// assert_eq!(d.chance_that(|r| r.kills >= 14), Chance::new(3, 36));
/// ```
pub fn combat_result_odds(
    strength: Ratio,
    row_shifts: i32,
    one_die: bool,
    overrides: &Overrides,
) -> RuleResult<Distribution<CombatResult>> {
    let mut outcomes = Vec::new();
    if one_die {
        for face in Die::FACES {
            outcomes
                .push((combat_result(strength, row_shifts, Table10Roll::OneDie(face), overrides)?, Chance::new(1, 6)));
        }
    } else {
        for dice in TwoDice::all() {
            outcomes.push((
                combat_result(strength, row_shifts, Table10Roll::TwoDice(dice), overrides)?,
                Chance::new(1, 36),
            ));
        }
    }
    Ok(Distribution::from_weighted(outcomes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Entered;
    use proptest::prelude::*;

    /// A row list as players might enter it, for tests only (the real list is on their card).
    fn entered_rows(rows: &[u32]) -> Overrides {
        let mut o = Overrides::new();
        o.set(t10::row_count_cell(), Entered::Value(Ratio::whole(rows.len() as u32)));
        for (k, r) in rows.iter().enumerate() {
            o.set(t10::row_position_cell(k + 1), Entered::Value(Ratio::whole(*r)));
        }
        o
    }

    #[test]
    fn rule_4_2_2_skirmishers_at_long_range() {
        // 25 figures, two casualties, skirmishing at long range: 23 x 1/2 x 1/2 = 5.75 -> row 4;
        // green (down 1) and opening volley (up 2): up one row, from 4 to 6.
        let strength = Ratio::whole(23).mul(Ratio::HALF).mul(Ratio::HALF);
        assert_eq!(strength, Ratio::new(575, 100).unwrap());
        let o = Overrides::new();
        assert_eq!(table10_row(strength, 0, &o), Ok(Some(Ratio::whole(4))));
        assert_eq!(table10_row(strength, -1 + 2, &o), Ok(Some(Ratio::whole(6))));
        // The same with a row list entered.
        let o = entered_rows(&[100, 80, 60, 30, 20, 10, 8, 6, 4, 2, 1]);
        assert_eq!(table10_row(strength, 1, &o), Ok(Some(Ratio::whole(6))));
    }

    #[test]
    fn rule_4_2_4_row_30_roll_9_seven_kills() {
        let o = Overrides::new();
        let k = table10_kills(Ratio::whole(30), 9, &o).unwrap();
        assert_eq!(k.value, 7);
        assert_eq!(k.source, Source::RuleText("4.2.4".into()));
        let o = entered_rows(&[100, 80, 30, 6, 4]);
        let r = combat_result(Ratio::whole(35), 0, Table10Roll::TwoDice(TwoDice::new(4, 5).unwrap()), &o).unwrap();
        assert_eq!((r.row, r.kills), (Some(Ratio::whole(30)), 7));
    }

    #[test]
    fn a_missing_cell_is_asked_for_precisely() {
        let o = entered_rows(&[100, 80, 30, 20, 6, 4]);
        let r = combat_result(Ratio::whole(25), 0, Table10Roll::TwoDice(TwoDice::new(3, 4).unwrap()), &o);
        assert_eq!(r, Err(RuleError::Missing(crate::rules::CellRef::new("Table 10", "row 20", "roll 7"))));
        let o = Overrides::new();
        let r = combat_result(Ratio::whole(25), 0, Table10Roll::TwoDice(TwoDice::new(3, 4).unwrap()), &o);
        assert_eq!(r, Err(RuleError::Missing(t10::row_count_cell())));
        // Row 80 at roll 9 is not printed.
        assert_eq!(
            table10_kills(Ratio::whole(80), 9, &o),
            Err(RuleError::Missing(t10::kills_cell(Ratio::whole(80), 9)))
        );
    }

    #[test]
    fn dash_entered_as_na_is_no_kills() {
        let mut o = entered_rows(&[100, 80, 30, 6, 4]);
        o.set(t10::kills_cell(Ratio::whole(4), 3), Entered::NotApplicable);
        let r = combat_result(Ratio::whole(4), 0, Table10Roll::TwoDice(TwoDice::new(1, 2).unwrap()), &o).unwrap();
        assert_eq!(r.kills, 0);
    }

    #[test]
    fn shifts_stop_at_the_top_and_fall_off_the_bottom() {
        let o = entered_rows(&[100, 80, 30, 6, 4]);
        assert_eq!(table10_row(Ratio::whole(90), 3, &o), Ok(Some(t10::TOP_ROW)));
        assert_eq!(table10_row(Ratio::whole(5), -1, &o), Ok(None));
        assert_eq!(table10_row(Ratio::whole(3), 0, &o), Ok(None));
        assert_eq!(table10_row(Ratio::ZERO, 5, &Overrides::new()), Ok(None));
    }

    #[test]
    fn row_list_must_agree_with_the_text() {
        assert!(Table10Rows::new([100, 80, 30, 6, 4].map(Ratio::whole).to_vec()).is_ok());
        assert!(Table10Rows::new([100, 80, 6, 4].map(Ratio::whole).to_vec()).is_err());
        assert!(Table10Rows::new([100, 30, 80, 6, 4].map(Ratio::whole).to_vec()).is_err());
        assert!(Table10Rows::new([90, 80, 30, 6, 4].map(Ratio::whole).to_vec()).is_err());
    }

    #[test]
    fn odds_of_the_top_row() {
        let d = combat_result_odds(Ratio::whole(150), 0, false, &Overrides::new()).unwrap();
        assert_eq!(d.total(), Chance::ALWAYS);
        assert_eq!(d.chance_that(|r| r.out_of_ammunition), Chance::new(1, 36));
        assert_eq!(d.chance_that(|r| r.kills == 12), Chance::new(4 + 3, 36));
        let d = combat_result_odds(Ratio::whole(150), 0, true, &Overrides::new()).unwrap();
        assert_eq!(d.chance_that(|r| r.kills == 0), Chance::new(1, 6));
        assert_eq!(d.chance_that(|r| r.unexpected_devastation), Chance::NEVER);
    }

    proptest! {
        #[test]
        fn top_row_never_panics_and_kills_are_bounded(a in 1u8..=6, b in 1u8..=6, s in 0u32..1000, shift in -20i32..20) {
            let o = entered_rows(&[100, 80, 30, 6, 4]);
            let roll = Table10Roll::TwoDice(TwoDice::new(a, b).unwrap());
            match combat_result(Ratio::whole(s), shift, roll, &o) {
                Ok(r) => prop_assert!(r.kills <= 15),
                Err(RuleError::Missing(_)) => {}
                Err(e) => prop_assert!(false, "unexpected {e}"),
            }
        }

        #[test]
        fn any_entered_list_never_panics(rows in proptest::collection::vec(0u32..200, 0..12), s in 0u32..300, shift in -30i32..30) {
            let o = entered_rows(&rows);
            let _ = table10_row(Ratio::whole(s), shift, &o);
        }
    }
}
