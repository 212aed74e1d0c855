//! Table 3, Movement Rates (6.2, 6.3), as data with provenance.
//!
//! The transcription prints the infantry line, march column and skirmish rows and the three
//! artillery weights. Everything else (GAPS.md) is [`Cell::Missing`] unless a rule or worked
//! example states it:
//! - routed infantry in broken terrain must move 6" (2.1.1);
//! - infantry in disorder moves 6" in open terrain (6.7.2 example: the 15th Virginia falls back
//!   in disorder "6" in open", dismounted cavalry moving as infantry, 6.7.1);
//! - mounted cavalry in column on a road moves 20" or 24" with a disorder roll (6.7.2 example).
//!
//! Dismounted cavalry uses the infantry rows (6.7.1); crews without guns use the skirmish row
//! and routed crews the routed infantry row (2.1.1, 6.6.5, notes to Table 3).

#![warn(missing_docs)]

use crate::rules::unit::GunWeight;
use crate::rules::{Cell, Ratio};
use serde::{Deserialize, Serialize};

/// The table's name as printed on the card.
pub const TABLE: &str = "Table 3";

/// One Table 3 entry for troops: "NA", one number, or "X/Y".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rate {
    /// "NA": the formation cannot use this column (a line cannot follow a road, 6.3.1).
    NotApplicable,
    /// One number: no risk of disorder (6.2).
    One(Ratio),
    /// "X/Y": X inches without disorder, Y inches with a disorder roll (6.2).
    Two {
        /// X: maximum movement without disorder.
        without_disorder: Ratio,
        /// Y: maximum movement with a disorder roll.
        with_disorder_roll: Ratio,
    },
}

impl Rate {
    /// The first (or only) number; `None` for NA.
    pub fn first(self) -> Option<Ratio> {
        match self {
            Rate::NotApplicable => None,
            Rate::One(x) => Some(x),
            Rate::Two { without_disorder, .. } => Some(without_disorder),
        }
    }

    /// The greatest distance allowed, with or without a disorder roll; `None` for NA.
    pub fn maximum(self) -> Option<Ratio> {
        match self {
            Rate::NotApplicable => None,
            Rate::One(x) => Some(x),
            Rate::Two { with_disorder_roll, .. } => Some(with_disorder_roll),
        }
    }
}

/// The troop rows of Table 3 (infantry, mounted cavalry, officers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MoveRow {
    /// Infantry (and dismounted cavalry) in line.
    Line,
    /// Infantry in march column.
    MarchColumn,
    /// Infantry skirmishers (6.4.4); also crews without guns (6.6.5).
    Skirmish,
    /// Infantry in disorder (6.4.2).
    Disorder,
    /// Extended line (6.8.3): "its own movement rate in Table 3".
    ExtendedLine,
    /// Attack column (6.8.1): "moves at a faster pace than line (see Table 3)".
    AttackColumn,
    /// Brigade column (6.8.2.c): "its own move rates in Table 3".
    BrigadeColumn,
    /// Routed infantry (2.1.1); also routed crews.
    Routed,
    /// Mounted cavalry in line (0.1.2.b).
    CavalryLine,
    /// Mounted cavalry in column.
    CavalryColumn,
    /// Mounted cavalry skirmishers.
    CavalrySkirmish,
    /// Mounted cavalry in disorder.
    CavalryDisorder,
    /// Routed mounted cavalry.
    CavalryRouted,
    /// An officer figure (6.9).
    Officer,
}

impl MoveRow {
    /// Every row, in card order.
    pub const ALL: [MoveRow; 14] = [
        MoveRow::Line,
        MoveRow::MarchColumn,
        MoveRow::Skirmish,
        MoveRow::Disorder,
        MoveRow::ExtendedLine,
        MoveRow::AttackColumn,
        MoveRow::BrigadeColumn,
        MoveRow::Routed,
        MoveRow::CavalryLine,
        MoveRow::CavalryColumn,
        MoveRow::CavalrySkirmish,
        MoveRow::CavalryDisorder,
        MoveRow::CavalryRouted,
        MoveRow::Officer,
    ];

    /// The row as a player finds it on the card.
    pub fn label(self) -> &'static str {
        match self {
            MoveRow::Line => "Infantry Line",
            MoveRow::MarchColumn => "Infantry March Column",
            MoveRow::Skirmish => "Infantry Skirmish",
            MoveRow::Disorder => "Infantry Disorder",
            MoveRow::ExtendedLine => "Infantry Extended Line",
            MoveRow::AttackColumn => "Infantry Attack Column",
            MoveRow::BrigadeColumn => "Infantry Brigade Column",
            MoveRow::Routed => "Infantry Routed",
            MoveRow::CavalryLine => "Cavalry Line",
            MoveRow::CavalryColumn => "Cavalry Column",
            MoveRow::CavalrySkirmish => "Cavalry Skirmish",
            MoveRow::CavalryDisorder => "Cavalry Disorder",
            MoveRow::CavalryRouted => "Cavalry Routed",
            MoveRow::Officer => "Officer",
        }
    }
}

/// The terrain columns of Table 3; the trail column holds three numbers, one for a trail in
/// each bounding terrain ("A-B-C", 6.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RateColumn {
    /// Road.
    Road,
    /// Open terrain.
    Open,
    /// Broken terrain.
    Broken,
    /// Rough terrain.
    Rough,
    /// A trail in open terrain (the A of "A-B-C").
    TrailOpen,
    /// A trail in broken terrain (the B).
    TrailBroken,
    /// A trail in rough terrain (the C).
    TrailRough,
}

impl RateColumn {
    /// Every column, in card order.
    pub const ALL: [RateColumn; 7] = [
        RateColumn::Road,
        RateColumn::Open,
        RateColumn::Broken,
        RateColumn::Rough,
        RateColumn::TrailOpen,
        RateColumn::TrailBroken,
        RateColumn::TrailRough,
    ];

    /// The column as a player finds it on the card.
    pub fn label(self) -> &'static str {
        match self {
            RateColumn::Road => "Road",
            RateColumn::Open => "Open",
            RateColumn::Broken => "Broken",
            RateColumn::Rough => "Rough",
            RateColumn::TrailOpen => "Trail (open)",
            RateColumn::TrailBroken => "Trail (broken)",
            RateColumn::TrailRough => "Trail (rough)",
        }
    }

    /// Whether this is one of the three trail numbers.
    pub fn is_trail(self) -> bool {
        matches!(self, RateColumn::TrailOpen | RateColumn::TrailBroken | RateColumn::TrailRough)
    }
}

const fn w(n: u32) -> Ratio {
    Ratio::whole(n)
}

const fn two(x: u32, y: u32) -> Cell<Rate> {
    Cell::Printed(Rate::Two { without_disorder: w(x), with_disorder_roll: w(y) })
}

const fn one(x: u32) -> Cell<Rate> {
    Cell::Printed(Rate::One(w(x)))
}

const NA: Cell<Rate> = Cell::Printed(Rate::NotApplicable);

/// The shipped value of a troop row and column.
///
/// ```
/// use johnny_reb::rules::tables::t03_movement_rates::{troop_rate, MoveRow, Rate, RateColumn};
/// use johnny_reb::rules::{Cell, Ratio};
/// assert_eq!(
///     troop_rate(MoveRow::Line, RateColumn::Open),
///     Cell::Printed(Rate::Two { without_disorder: Ratio::whole(5), with_disorder_roll: Ratio::whole(8) })
/// );
/// assert_eq!(troop_rate(MoveRow::AttackColumn, RateColumn::Open), Cell::Missing);
/// ```
pub fn troop_rate(row: MoveRow, column: RateColumn) -> Cell<Rate> {
    use RateColumn as C;
    match (row, column) {
        (MoveRow::Line, C::Road) => NA,
        (MoveRow::Line, C::Open) => two(5, 8),
        (MoveRow::Line, C::Broken) => two(3, 5),
        (MoveRow::Line, C::Rough) => two(1, 2),
        (MoveRow::Line, _) => NA,

        (MoveRow::MarchColumn, C::Road) => two(12, 16),
        (MoveRow::MarchColumn, C::Open) => two(9, 12),
        (MoveRow::MarchColumn, C::Broken) => two(5, 7),
        (MoveRow::MarchColumn, C::Rough) => two(2, 3),
        (MoveRow::MarchColumn, C::TrailOpen) => one(12),
        (MoveRow::MarchColumn, C::TrailBroken) => one(8),
        (MoveRow::MarchColumn, C::TrailRough) => one(4),

        (MoveRow::Skirmish, C::Open) => one(12),
        (MoveRow::Skirmish, C::Broken) => one(6),
        (MoveRow::Skirmish, C::Rough) => one(3),
        (MoveRow::Skirmish, _) => NA,

        (MoveRow::Disorder, C::Open) => Cell::RuleText { value: Rate::One(w(6)), rule: "6.7.2" },
        (MoveRow::Routed, C::Broken) => Cell::RuleText { value: Rate::One(w(6)), rule: "2.1.1" },
        (MoveRow::CavalryColumn, C::Road) => {
            Cell::RuleText { value: Rate::Two { without_disorder: w(20), with_disorder_roll: w(24) }, rule: "6.7.2" }
        }
        _ => Cell::Missing,
    }
}

/// The artillery terrain columns that print "D / E" (limbered / hand-pushed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GunColumn {
    /// Road.
    Road,
    /// Open.
    Open,
    /// Broken.
    Broken,
    /// Rough.
    Rough,
}

impl GunColumn {
    /// Every column, in card order.
    pub const ALL: [GunColumn; 4] = [GunColumn::Road, GunColumn::Open, GunColumn::Broken, GunColumn::Rough];

    /// The column as printed.
    pub fn label(self) -> &'static str {
        match self {
            GunColumn::Road => "Road",
            GunColumn::Open => "Open",
            GunColumn::Broken => "Broken",
            GunColumn::Rough => "Rough",
        }
    }
}

/// The weight row label as printed.
pub fn weight_label(weight: GunWeight) -> &'static str {
    match weight {
        GunWeight::VeryLight => "Very light",
        GunWeight::Light => "Light",
        GunWeight::Heavy => "Heavy",
    }
}

/// The artillery weights, in card order.
pub const WEIGHTS: [GunWeight; 3] = [GunWeight::VeryLight, GunWeight::Light, GunWeight::Heavy];

/// D: maximum limbered movement of a gun section (6.6.1).
///
/// ```
/// use johnny_reb::rules::tables::t03_movement_rates::{limbered, GunColumn};
/// use johnny_reb::rules::{unit::GunWeight, Cell, Ratio};
/// assert_eq!(limbered(GunWeight::Light, GunColumn::Open), Cell::Printed(Ratio::whole(12)));
/// ```
pub fn limbered(weight: GunWeight, column: GunColumn) -> Cell<Ratio> {
    let d = match (weight, column) {
        (GunWeight::VeryLight, GunColumn::Road) => 20,
        (GunWeight::VeryLight, GunColumn::Open) => 16,
        (GunWeight::VeryLight, GunColumn::Broken) => 8,
        (GunWeight::VeryLight, GunColumn::Rough) => 4,
        (GunWeight::Light, GunColumn::Road) => 16,
        (GunWeight::Light, GunColumn::Open) => 12,
        (GunWeight::Light, GunColumn::Broken) => 6,
        (GunWeight::Light, GunColumn::Rough) => 3,
        (GunWeight::Heavy, GunColumn::Road) => 14,
        (GunWeight::Heavy, GunColumn::Open) => 10,
        (GunWeight::Heavy, GunColumn::Broken) => 5,
        (GunWeight::Heavy, GunColumn::Rough) => 2,
    };
    Cell::Printed(w(d))
}

/// E: maximum hand-pushed movement (6.6.3).
pub fn hand_push(weight: GunWeight, column: GunColumn) -> Cell<Ratio> {
    let e = match (weight, column) {
        (GunWeight::VeryLight, GunColumn::Road) => w(6),
        (GunWeight::VeryLight, GunColumn::Open) => w(4),
        (GunWeight::VeryLight, GunColumn::Broken) => w(3),
        (GunWeight::VeryLight, GunColumn::Rough) => w(2),
        (GunWeight::Light, GunColumn::Road) => w(4),
        (GunWeight::Light, GunColumn::Open) => w(3),
        (GunWeight::Light, GunColumn::Broken) => w(2),
        (GunWeight::Light, GunColumn::Rough) => w(1),
        (GunWeight::Heavy, GunColumn::Road) => w(4),
        (GunWeight::Heavy, GunColumn::Open) => w(2),
        (GunWeight::Heavy, GunColumn::Broken) => w(1),
        (GunWeight::Heavy, GunColumn::Rough) => Ratio::HALF,
    };
    Cell::Printed(e)
}

/// Limbered movement on a trail, "A-B-C" for a trail in open, broken, rough (6.3.1).
/// `bounding` is [`GunColumn::Open`], [`GunColumn::Broken`] or [`GunColumn::Rough`]; a road
/// is not a trail and gives NA (`None`).
///
/// ```
/// use johnny_reb::rules::tables::t03_movement_rates::{limbered_trail, GunColumn};
/// use johnny_reb::rules::{unit::GunWeight, Cell, Ratio};
/// assert_eq!(limbered_trail(GunWeight::Light, GunColumn::Rough), Some(Cell::Printed(Ratio::whole(4))));
/// ```
pub fn limbered_trail(weight: GunWeight, bounding: GunColumn) -> Option<Cell<Ratio>> {
    let abc = match weight {
        GunWeight::VeryLight => [16, 12, 6],
        GunWeight::Light => [12, 8, 4],
        GunWeight::Heavy => [10, 6, 3],
    };
    let v = match bounding {
        GunColumn::Road => return None,
        GunColumn::Open => abc[0],
        GunColumn::Broken => abc[1],
        GunColumn::Rough => abc[2],
    };
    Some(Cell::Printed(w(v)))
}

/// Cost to limber, as a fraction of the move (6.6.1). The heavy row's value is cut from the
/// transcription (GAPS.md).
///
/// ```
/// use johnny_reb::rules::tables::t03_movement_rates::cost_to_limber;
/// use johnny_reb::rules::{unit::GunWeight, Cell, Ratio};
/// assert_eq!(cost_to_limber(GunWeight::Light), Cell::Printed(Ratio::HALF));
/// assert_eq!(cost_to_limber(GunWeight::Heavy), Cell::Missing);
/// ```
pub fn cost_to_limber(weight: GunWeight) -> Cell<Ratio> {
    match weight {
        GunWeight::VeryLight => Cell::Printed(Ratio::QUARTER),
        GunWeight::Light => Cell::Printed(Ratio::HALF),
        GunWeight::Heavy => Cell::Missing,
    }
}

/// Cost to unlimber, as a fraction of the move: "No cost" for every weight.
pub fn cost_to_unlimber(_weight: GunWeight) -> Cell<Ratio> {
    Cell::Printed(Ratio::ZERO)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::tables::rulebook;

    /// The lines of Table 3 in the transcription.
    fn table_lines(book: &str) -> Vec<String> {
        let start = book.rfind("\nTable 3. Movement Rates (6.2, 6.3)\n").unwrap();
        let end = book[start..].find("Table 4. Summary").unwrap() + start;
        book[start..end].lines().map(|l| l.to_string()).collect()
    }

    fn parse_rate(text: &str) -> Rate {
        let t = text.trim();
        if t == "NA" {
            return Rate::NotApplicable;
        }
        match t.split_once('/') {
            Some((x, y)) => {
                Rate::Two { without_disorder: Ratio::parse(x).unwrap(), with_disorder_roll: Ratio::parse(y).unwrap() }
            }
            None => Rate::One(Ratio::parse(t).unwrap()),
        }
    }

    #[test]
    fn printed_troop_rows_match_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let book = rulebook();
        let lines = table_lines(&book);
        let rows = [
            ("Line (0.1.2)", MoveRow::Line),
            ("March Column (0.1.2)", MoveRow::MarchColumn),
            ("Skirmish (6.4.4)", MoveRow::Skirmish),
        ];
        for (label, row) in rows {
            let line = lines.iter().find(|l| l.starts_with(label)).unwrap();
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 6, "{line}");
            for (i, col) in
                [RateColumn::Road, RateColumn::Open, RateColumn::Broken, RateColumn::Rough].into_iter().enumerate()
            {
                assert_eq!(troop_rate(row, col), Cell::Printed(parse_rate(fields[i + 1])), "{label} {col:?}");
            }
            let trail = fields[5].trim();
            let trail_cols = [RateColumn::TrailOpen, RateColumn::TrailBroken, RateColumn::TrailRough];
            if trail == "NA" {
                for c in trail_cols {
                    assert_eq!(troop_rate(row, c), NA);
                }
            } else {
                let abc: Vec<&str> = trail.split('-').collect();
                for (c, v) in trail_cols.into_iter().zip(abc) {
                    assert_eq!(troop_rate(row, c), Cell::Printed(parse_rate(v)), "{label} {c:?}");
                }
            }
        }
    }

    #[test]
    fn printed_artillery_rows_match_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let book = rulebook();
        let lines = table_lines(&book);
        for weight in WEIGHTS {
            let line = lines.iter().find(|l| l.starts_with(&format!("{}\t", weight_label(weight)))).unwrap();
            let fields: Vec<&str> = line.split('\t').collect();
            for (i, col) in GunColumn::ALL.into_iter().enumerate() {
                let (d, e) = fields[i + 1].split_once(" / ").unwrap();
                assert_eq!(limbered(weight, col), Cell::Printed(Ratio::parse(d).unwrap()), "{line}");
                assert_eq!(hand_push(weight, col), Cell::Printed(Ratio::parse(e).unwrap()), "{line}");
            }
            let abc: Vec<&str> = fields[5].split('-').collect();
            for (col, v) in [GunColumn::Open, GunColumn::Broken, GunColumn::Rough].into_iter().zip(abc) {
                assert_eq!(limbered_trail(weight, col), Some(Cell::Printed(Ratio::parse(v).unwrap())));
            }
            assert_eq!(fields[6].trim(), "No cost");
            assert_eq!(cost_to_unlimber(weight), Cell::Printed(Ratio::ZERO));
            match fields.get(7) {
                Some(text) => {
                    let frac = text.trim().trim_end_matches(" of move");
                    assert_eq!(cost_to_limber(weight), Cell::Printed(Ratio::parse(frac).unwrap()), "{line}");
                }
                None => assert_eq!(cost_to_limber(weight), Cell::Missing, "{line}"),
            }
        }
    }

    #[test]
    fn rule_text_values_quote_their_rules() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let book = rulebook();
        assert!(book.contains("a routed infantry regiment crossing broken terrain must move 6\""));
        assert!(book.contains("They can move 3\" before mounting (6\" in open - 3 BMP)"));
        assert!(book.contains("It moves 14\" (20\" column on road - 2 x 3 BMP for dismount)"));
        assert!(book.contains("took the long move of 24\" rather than 20\""));
    }
}
