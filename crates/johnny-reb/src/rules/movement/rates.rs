//! Table 3's rates as this game reads them: the players' entries first, then the printed
//! values, for troops and guns (Table 3, 6.6), with the cells the card lacks.

use super::{Ground, MovementRulings, TerrainType, VeryLightBrokenHandPush};
use crate::rules::tables::t03_movement_rates::{self as t03, GunColumn, MoveRow, Rate, RateColumn};
use crate::rules::unit::GunWeight;
use crate::rules::{Cell, CellRef, Entered, Overrides, Ratio, RuleError, RuleResult, Source, Sourced};

fn second_ref(row: MoveRow, column: RateColumn) -> CellRef {
    CellRef::new(t03::TABLE, row.label(), format!("{} (Y, with disorder roll)", column.label()))
}

/// The cell address of a troop rate, as the players find it on the card.
pub fn troop_rate_ref(row: MoveRow, column: RateColumn) -> CellRef {
    CellRef::new(t03::TABLE, row.label(), column.label())
}

fn source_of<T>(cell: &Cell<T>) -> Source {
    match cell {
        Cell::RuleText { rule, .. } => Source::RuleText(rule.to_string()),
        _ => Source::Printed,
    }
}

/// A Table 3 troop entry: the players' entries first, then the shipped value. A missing entry
/// is asked for as two cells: the first number (or NA), then the second number after the slash
/// (NA if the card prints only one). Trail entries have one number only.
///
/// ```
/// use johnny_reb::rules::movement::troop_rate;
/// use johnny_reb::rules::tables::t03_movement_rates::{MoveRow, Rate, RateColumn};
/// use johnny_reb::rules::{CellRef, Entered, Overrides, Ratio, RuleError};
/// let mut o = Overrides::new();
/// let x = CellRef::new("Table 3", "Infantry Attack Column", "Open");
/// assert_eq!(troop_rate(MoveRow::AttackColumn, RateColumn::Open, &o), Err(RuleError::Missing(x.clone())));
/// o.set(x, Entered::Value(Ratio::whole(7)));
/// let y = CellRef::new("Table 3", "Infantry Attack Column", "Open (Y, with disorder roll)");
/// o.set(y, Entered::NotApplicable);
/// assert_eq!(troop_rate(MoveRow::AttackColumn, RateColumn::Open, &o).unwrap().value, Rate::One(Ratio::whole(7)));
/// ```
pub fn troop_rate(row: MoveRow, column: RateColumn, overrides: &Overrides) -> RuleResult<Sourced<Rate>> {
    let main = troop_rate_ref(row, column);
    let second = second_ref(row, column);
    let shipped = t03::troop_rate(row, column);
    let entered = |value| Ok(Sourced { value, source: Source::Entered });
    match overrides.get(&main) {
        Some(Entered::NotApplicable) => entered(Rate::NotApplicable),
        Some(Entered::Value(x)) => {
            if column.is_trail() {
                return entered(Rate::One(x));
            }
            match (overrides.get(&second), shipped) {
                (Some(Entered::Value(y)), _) => entered(Rate::Two { without_disorder: x, with_disorder_roll: y }),
                (Some(Entered::NotApplicable), _) => entered(Rate::One(x)),
                (None, Cell::Missing) => Err(RuleError::Missing(second)),
                (None, Cell::Printed(Rate::Two { with_disorder_roll, .. }))
                | (None, Cell::RuleText { value: Rate::Two { with_disorder_roll, .. }, .. }) => {
                    entered(Rate::Two { without_disorder: x, with_disorder_roll })
                }
                (None, _) => entered(Rate::One(x)),
            }
        }
        None => match shipped {
            Cell::Missing => Err(RuleError::Missing(main)),
            Cell::Printed(rate) | Cell::RuleText { value: rate, .. } => {
                let source = source_of(&shipped);
                // A house rule may replace only the second number of a shipped "X/Y".
                match (rate, overrides.get(&second)) {
                    (Rate::Two { without_disorder, .. }, Some(Entered::Value(y))) => Ok(Sourced {
                        value: Rate::Two { without_disorder, with_disorder_roll: y },
                        source: Source::Entered,
                    }),
                    (Rate::Two { without_disorder, .. }, Some(Entered::NotApplicable)) => {
                        Ok(Sourced { value: Rate::One(without_disorder), source: Source::Entered })
                    }
                    _ => Ok(Sourced { value: rate, source }),
                }
            }
        },
    }
}

/// Every Table 3 cell the transcription lacks, as the players will be asked for it: each
/// missing troop entry's first number and (outside the trail column) its second number, the
/// hand-push numbers on trails, and the heavy gun's cost to limber. For a screen where the
/// players enter their card once.
///
/// ```
/// use johnny_reb::rules::movement::table_3_missing_cells;
/// use johnny_reb::rules::CellRef;
/// let cells = table_3_missing_cells();
/// assert!(cells.contains(&CellRef::new("Table 3", "Infantry Attack Column", "Open")));
/// assert!(cells.contains(&CellRef::new("Table 3", "Heavy", "Cost to Limber")));
/// assert!(!cells.contains(&CellRef::new("Table 3", "Infantry Line", "Open")));
/// ```
pub fn table_3_missing_cells() -> Vec<CellRef> {
    let mut cells = Vec::new();
    for row in MoveRow::ALL {
        for column in RateColumn::ALL {
            if t03::troop_rate(row, column) == Cell::Missing {
                cells.push(troop_rate_ref(row, column));
                if !column.is_trail() {
                    cells.push(second_ref(row, column));
                }
            }
        }
    }
    for weight in t03::WEIGHTS {
        for t in [TerrainType::Open, TerrainType::Broken, TerrainType::Rough] {
            let label = Ground::Trail(t).column().label();
            cells.push(CellRef::new(t03::TABLE, t03::weight_label(weight), format!("{label}, hand-pushed (E)")));
        }
        if t03::cost_to_limber(weight) == Cell::Missing {
            cells.push(CellRef::new(t03::TABLE, t03::weight_label(weight), "Cost to Limber"));
        }
    }
    cells
}

/// Table 3's gun column for the ground.
pub(super) fn gun_column(ground: Ground) -> GunColumn {
    match ground {
        Ground::Road => GunColumn::Road,
        Ground::Terrain(TerrainType::Open) | Ground::Trail(TerrainType::Open) => GunColumn::Open,
        Ground::Terrain(TerrainType::Broken) | Ground::Trail(TerrainType::Broken) => GunColumn::Broken,
        Ground::Terrain(TerrainType::Rough) | Ground::Trail(TerrainType::Rough) => GunColumn::Rough,
    }
}

fn resolve_number(cell: CellRef, shipped: Cell<Ratio>, overrides: &Overrides) -> RuleResult<Sourced<Ratio>> {
    match overrides.resolve(&cell, shipped)? {
        Some(v) => Ok(v),
        None => Err(RuleError::OutOfRange {
            what: "movement",
            detail: format!("{cell} is marked NA: this move is not allowed"),
        }),
    }
}

/// D: limbered movement of a gun section on this ground (6.6.1, 6.6.4), with overrides.
///
/// ```
/// use johnny_reb::rules::movement::{gun_limbered, Ground, TerrainType};
/// use johnny_reb::rules::{unit::GunWeight, Overrides, Ratio};
/// let d = gun_limbered(GunWeight::Heavy, Ground::Trail(TerrainType::Broken), &Overrides::new()).unwrap();
/// assert_eq!(d.value, Ratio::whole(6));
/// ```
pub fn gun_limbered(weight: GunWeight, ground: Ground, overrides: &Overrides) -> RuleResult<Sourced<Ratio>> {
    let row = t03::weight_label(weight);
    match ground {
        Ground::Trail(t) => {
            let col = gun_column(Ground::Terrain(t));
            let shipped = t03::limbered_trail(weight, col).unwrap_or(Cell::Missing);
            let label = Ground::Trail(t).column().label();
            resolve_number(CellRef::new(t03::TABLE, row, label), shipped, overrides)
        }
        _ => {
            let col = gun_column(ground);
            let cell = CellRef::new(t03::TABLE, row, format!("{}, limbered (D)", col.label()));
            resolve_number(cell, t03::limbered(weight, col), overrides)
        }
    }
}

/// E: hand-pushed movement of a gun section on this ground (6.6.3), with overrides and the
/// 6.6.3 ruling. Table 3 prints no hand-push number for trails: it is asked of the players.
///
/// ```
/// use johnny_reb::rules::movement::{gun_hand_push, Ground, MovementRulings, TerrainType};
/// use johnny_reb::rules::{unit::GunWeight, Overrides, Ratio};
/// let e = gun_hand_push(GunWeight::Heavy, Ground::Terrain(TerrainType::Rough), &Overrides::new(), &MovementRulings::default());
/// assert_eq!(e.unwrap().value, Ratio::HALF);
/// ```
pub fn gun_hand_push(
    weight: GunWeight,
    ground: Ground,
    overrides: &Overrides,
    rulings: &MovementRulings,
) -> RuleResult<Sourced<Ratio>> {
    let row = t03::weight_label(weight);
    if let Ground::Trail(_) = ground {
        let cell = CellRef::new(t03::TABLE, row, format!("{}, hand-pushed (E)", ground.column().label()));
        return resolve_number(cell, Cell::Missing, overrides);
    }
    let col = gun_column(ground);
    let mut shipped = t03::hand_push(weight, col);
    if weight == GunWeight::VeryLight
        && col == GunColumn::Broken
        && rulings.very_light_broken_hand_push == VeryLightBrokenHandPush::Rule663
    {
        shipped = Cell::RuleText { value: Ratio::whole(4), rule: "6.6.3" };
    }
    let cell = CellRef::new(t03::TABLE, row, format!("{}, hand-pushed (E)", col.label()));
    resolve_number(cell, shipped, overrides)
}

/// Cost to limber as a fraction of the move (6.6.1), with overrides.
///
/// ```
/// use johnny_reb::rules::movement::cost_to_limber;
/// use johnny_reb::rules::{unit::GunWeight, Overrides, Ratio, RuleError};
/// assert_eq!(cost_to_limber(GunWeight::VeryLight, &Overrides::new()).unwrap().value, Ratio::QUARTER);
/// assert!(matches!(cost_to_limber(GunWeight::Heavy, &Overrides::new()), Err(RuleError::Missing(_))));
/// ```
pub fn cost_to_limber(weight: GunWeight, overrides: &Overrides) -> RuleResult<Sourced<Ratio>> {
    let cell = CellRef::new(t03::TABLE, t03::weight_label(weight), "Cost to Limber");
    resolve_number(cell, t03::cost_to_limber(weight), overrides)
}

/// Cost to unlimber as a fraction of the move (6.6.1), with overrides.
pub fn cost_to_unlimber(weight: GunWeight, overrides: &Overrides) -> RuleResult<Sourced<Ratio>> {
    let cell = CellRef::new(t03::TABLE, t03::weight_label(weight), "Cost to Unlimber");
    resolve_number(cell, t03::cost_to_unlimber(weight), overrides)
}
