//! The Basic Morale Point (2.3.3, Tables 5 and 17).

use super::{ArtilleryColumns, MoraleRulings};
use crate::rules::tables::t05_bmp::{BmpTable, INFANTRY_CAVALRY_ROW, TABLE_5};
use crate::rules::tables::t17_bmp_charged::TABLE_17;
use crate::rules::unit::{Arm, Quality};
use crate::rules::{Cell, CellRef, Overrides, Ratio, RuleError, RuleResult, Sourced};
use serde::{Deserialize, Serialize};

/// Which BMP table applies (2.3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BmpTableKind {
    /// Table 5, for every check that is not a charge check (fire, rallies, routs seen, melee
    /// 5.8.2).
    NotCharged,
    /// Table 17, for the fear-of-charge check (5.5.2) and the impact (5.7.1.a).
    Charged,
}

impl BmpTableKind {
    fn table(self) -> &'static BmpTable {
        match self {
            BmpTableKind::NotCharged => &TABLE_5,
            BmpTableKind::Charged => &TABLE_17,
        }
    }
}

/// An artillery section's situation: the three artillery rows of Tables 5 and 17 (2.3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ArtillerySituation {
    /// a. Section alone.
    SectionAlone,
    /// b. With its complete battery: all sections of the battery within 1".
    WithCompleteBattery,
    /// c. Supported by infantry: any part within 1" of a non-routed friendly infantry unit.
    SupportedByInfantry,
}

impl ArtillerySituation {
    /// The row for a section: supported by infantry is used whenever it applies, even if the
    /// battery is also together (RULINGS.md, "Morale").
    pub fn from_flags(in_complete_battery: bool, supported_by_infantry: bool) -> ArtillerySituation {
        match (in_complete_battery, supported_by_infantry) {
            (_, true) => ArtillerySituation::SupportedByInfantry,
            (true, false) => ArtillerySituation::WithCompleteBattery,
            (false, false) => ArtillerySituation::SectionAlone,
        }
    }

    fn row(self) -> usize {
        match self {
            ArtillerySituation::SectionAlone => 0,
            ArtillerySituation::WithCompleteBattery => 1,
            ArtillerySituation::SupportedByInfantry => 2,
        }
    }
}

/// What the BMP depends on: arm, quality and, for a gun section, its situation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoraleUnit {
    /// Infantry, cavalry, mounted infantry or artillery.
    pub arm: Arm,
    /// Elite, average, green or tired, militia or poor.
    pub quality: Quality,
    /// For artillery only: alone, in battery, or supported by infantry.
    pub artillery: Option<ArtillerySituation>,
}

impl MoraleUnit {
    /// An infantry or cavalry unit (any arm but artillery).
    pub fn regiment(arm: Arm, quality: Quality) -> MoraleUnit {
        MoraleUnit { arm, quality, artillery: None }
    }

    /// A gun section in the given situation.
    pub fn gun_section(quality: Quality, situation: ArtillerySituation) -> MoraleUnit {
        MoraleUnit { arm: Arm::Artillery, quality, artillery: Some(situation) }
    }
}

/// The cell of a BMP table for a unit, as shipped (before the players' entries): what the
/// app shows as the address to enter a missing value under.
///
/// ```
/// use johnny_reb::rules::morale::{bmp_cell, ArtillerySituation, BmpTableKind, MoraleRulings, MoraleUnit};
/// use johnny_reb::rules::unit::Quality;
/// use johnny_reb::rules::Cell;
/// let guns = MoraleUnit::gun_section(Quality::Average, ArtillerySituation::SectionAlone);
/// let (cell, value) = bmp_cell(&guns, BmpTableKind::NotCharged, &MoraleRulings::default()).unwrap();
/// assert_eq!(cell.to_string(), "Table 5, Artillery a. Section Alone, Average");
/// assert_eq!(value, Cell::Printed(6));
/// ```
pub fn bmp_cell(unit: &MoraleUnit, table: BmpTableKind, rulings: &MoraleRulings) -> RuleResult<(CellRef, Cell<i32>)> {
    let t = table.table();
    let q = Quality::ALL.iter().position(|q| *q == unit.quality).unwrap_or(0);
    match (unit.arm, unit.artillery) {
        (Arm::Artillery, None) => Err(RuleError::OutOfRange {
            what: "artillery situation",
            detail: "a gun section's BMP needs its situation: alone, with complete battery, or supported by infantry (2.3.3)".to_string(),
        }),
        (Arm::Artillery, Some(situation)) => {
            let (label, values) = t.artillery.get(situation.row()).copied().unwrap_or(("", [0; 3]));
            let cell = CellRef::new(t.table, format!("Artillery {label}"), unit.quality.label());
            // Three printed values for four columns (GAPS.md): the ruling places them.
            let index = match rulings.artillery_bmp_columns {
                ArtilleryColumns::EliteAverageGreen => Some(q),
                ArtilleryColumns::AverageGreenMilitia => q.checked_sub(1),
            };
            let shipped = match index.and_then(|i| values.get(i)) {
                Some(v) => Cell::Printed(i32::from(*v)),
                None => Cell::Missing,
            };
            Ok((cell, shipped))
        }
        (_, _) => {
            let cell = CellRef::new(t.table, INFANTRY_CAVALRY_ROW, unit.quality.label());
            let v = t.infantry_cavalry.get(q).copied().unwrap_or(0);
            Ok((cell, Cell::Printed(i32::from(v))))
        }
    }
}

/// The unit's BMP from Table 5 (not charged) or Table 17 (charged), with its source; the
/// players' entry first, a missing artillery column asked for by name (2.3.3).
///
/// ```
/// use johnny_reb::rules::morale::{bmp, BmpTableKind, MoraleRulings, MoraleUnit, ArtillerySituation};
/// use johnny_reb::rules::unit::{Arm, Quality};
/// use johnny_reb::rules::{Overrides, RuleError};
/// let rulings = MoraleRulings::default();
/// let average = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
/// assert_eq!(bmp(&average, BmpTableKind::NotCharged, &Overrides::new(), &rulings).unwrap().value, 3);
/// let guns = MoraleUnit::gun_section(Quality::Elite, ArtillerySituation::SectionAlone);
/// assert_eq!(bmp(&guns, BmpTableKind::Charged, &Overrides::new(), &rulings).unwrap().value, 8);
/// let poor = MoraleUnit::gun_section(Quality::MilitiaOrPoor, ArtillerySituation::SectionAlone);
/// assert!(matches!(bmp(&poor, BmpTableKind::NotCharged, &Overrides::new(), &rulings), Err(RuleError::Missing(_))));
/// ```
pub fn bmp(
    unit: &MoraleUnit,
    table: BmpTableKind,
    overrides: &Overrides,
    rulings: &MoraleRulings,
) -> RuleResult<Sourced<i32>> {
    let (cell, shipped) = bmp_cell(unit, table, rulings)?;
    let shipped = match shipped {
        Cell::Printed(v) => Cell::Printed(Ratio::whole(v.unsigned_abs())),
        Cell::RuleText { value, rule } => Cell::RuleText { value: Ratio::whole(value.unsigned_abs()), rule },
        Cell::Missing => Cell::Missing,
    };
    match overrides.resolve(&cell, shipped)? {
        Some(Sourced { value, source }) if value.denom() == 1 => {
            let v = i32::try_from(value.numer())
                .map_err(|_| RuleError::OutOfRange { what: "BMP", detail: format!("{cell}: {value} is too large") })?;
            Ok(Sourced { value: v, source })
        }
        Some(Sourced { value, .. }) => {
            Err(RuleError::OutOfRange { what: "BMP", detail: format!("{cell}: a BMP is a whole number, not {value}") })
        }
        None => Err(RuleError::OutOfRange {
            what: "BMP",
            detail: format!("{cell} is entered as NA: this unit has no BMP there"),
        }),
    }
}

/// The BMP of a merged unit (6.8.9.b): that of the regiment with the most figures; if the
/// figures are equal, the lower BMP. `regiments` are (figures, BMP) pairs; empty is an error.
///
/// ```
/// use johnny_reb::rules::morale::merged_bmp;
/// assert_eq!(merged_bmp(&[(8, 3), (6, 2)]).unwrap(), 3);
/// assert_eq!(merged_bmp(&[(6, 4), (6, 3)]).unwrap(), 3);
/// ```
pub fn merged_bmp(regiments: &[(u32, i32)]) -> RuleResult<i32> {
    let most = regiments.iter().map(|(f, _)| *f).max().ok_or(RuleError::OutOfRange {
        what: "merged unit",
        detail: "a merged unit is formed from at least one regiment (6.8.9)".to_string(),
    })?;
    regiments
        .iter()
        .filter(|(f, _)| *f == most)
        .map(|(_, b)| *b)
        .min()
        .ok_or(RuleError::OutOfRange { what: "merged unit", detail: "no regiment".to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Entered, Source};

    #[test]
    fn infantry_and_cavalry_bmp_by_quality() {
        let r = MoraleRulings::default();
        let o = Overrides::new();
        for (q, v) in Quality::ALL.iter().zip([2, 3, 4, 5]) {
            for arm in [Arm::Infantry, Arm::Cavalry { mounted: true }, Arm::MountedInfantry { mounted: false }] {
                let u = MoraleUnit::regiment(arm, *q);
                assert_eq!(bmp(&u, BmpTableKind::NotCharged, &o, &r).unwrap().value, v);
                assert_eq!(bmp(&u, BmpTableKind::Charged, &o, &r).unwrap().value, v);
            }
        }
    }

    #[test]
    fn artillery_columns_follow_the_ruling() {
        let o = Overrides::new();
        let first = MoraleRulings::default();
        let last = MoraleRulings { artillery_bmp_columns: ArtilleryColumns::AverageGreenMilitia, ..Default::default() };
        let sup = ArtillerySituation::SupportedByInfantry;
        let get = |q, r: &MoraleRulings, t| bmp(&MoraleUnit::gun_section(q, sup), t, &o, r);
        assert_eq!(get(Quality::Elite, &first, BmpTableKind::NotCharged).unwrap().value, 2);
        assert_eq!(get(Quality::GreenOrTired, &first, BmpTableKind::Charged).unwrap().value, 6);
        assert!(matches!(get(Quality::MilitiaOrPoor, &first, BmpTableKind::Charged), Err(RuleError::Missing(_))));
        assert!(matches!(get(Quality::Elite, &last, BmpTableKind::Charged), Err(RuleError::Missing(_))));
        assert_eq!(get(Quality::MilitiaOrPoor, &last, BmpTableKind::NotCharged).unwrap().value, 5);
        assert_eq!(get(Quality::Average, &last, BmpTableKind::Charged).unwrap().value, 4);
    }

    #[test]
    fn a_missing_column_names_the_cell_and_takes_the_entry() {
        let r = MoraleRulings::default();
        let u = MoraleUnit::gun_section(Quality::MilitiaOrPoor, ArtillerySituation::WithCompleteBattery);
        let want =
            CellRef::new("Table 5", "Artillery b. With Complete Battery (within 1\") (2.3.3)", "Militia or Poor");
        assert_eq!(bmp(&u, BmpTableKind::NotCharged, &Overrides::new(), &r), Err(RuleError::Missing(want.clone())));
        let mut o = Overrides::new();
        o.set(want, Entered::Value(Ratio::whole(7)));
        let got = bmp(&u, BmpTableKind::NotCharged, &o, &r).unwrap();
        assert_eq!((got.value, got.source), (7, Source::Entered));
    }

    #[test]
    fn rule_6_8_9_b_merged_bmp() {
        // The 1st South Carolina has the most figures so its BMP (3) is used.
        assert_eq!(merged_bmp(&[(9, 3), (5, 2)]).unwrap(), 3);
        assert_eq!(merged_bmp(&[(5, 5), (5, 2), (4, 1)]).unwrap(), 2);
        assert!(merged_bmp(&[]).is_err());
    }

    #[test]
    fn rule_2_3_3_batteries_and_support() {
        // Cobb's Battery has no infantry support; Bledsoe's is within 1" of the 18th Virginia.
        assert_eq!(ArtillerySituation::from_flags(true, false), ArtillerySituation::WithCompleteBattery);
        assert_eq!(ArtillerySituation::from_flags(true, true), ArtillerySituation::SupportedByInfantry);
        assert_eq!(ArtillerySituation::from_flags(false, false), ArtillerySituation::SectionAlone);
        let r = MoraleRulings::default();
        let o = Overrides::new();
        let cobb = MoraleUnit::gun_section(Quality::Average, ArtillerySituation::WithCompleteBattery);
        let bledsoe = MoraleUnit::gun_section(Quality::Average, ArtillerySituation::SupportedByInfantry);
        assert_eq!(bmp(&cobb, BmpTableKind::NotCharged, &o, &r).unwrap().value, 4);
        assert_eq!(bmp(&bledsoe, BmpTableKind::NotCharged, &o, &r).unwrap().value, 4);
        assert_eq!(bmp(&cobb, BmpTableKind::Charged, &o, &r).unwrap().value, 7);
        assert_eq!(bmp(&bledsoe, BmpTableKind::Charged, &o, &r).unwrap().value, 5);
        assert!(bmp(&MoraleUnit::regiment(Arm::Artillery, Quality::Average), BmpTableKind::Charged, &o, &r).is_err());
    }
}
