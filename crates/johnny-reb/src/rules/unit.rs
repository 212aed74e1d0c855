//! The game's own words for what a unit is and does, shared by every resolver.
#![warn(missing_docs)]

use serde::{Deserialize, Serialize};

/// The arm of a unit (0.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Arm {
    /// Infantry.
    Infantry,
    /// Cavalry, mounted or dismounted (6.7).
    Cavalry {
        /// On horseback.
        mounted: bool,
    },
    /// Mounted infantry (6.7.3), mounted or dismounted.
    MountedInfantry {
        /// On horseback.
        mounted: bool,
    },
    /// A gun section (0.1.1).
    Artillery,
}

impl Arm {
    /// Mounted cavalry or mounted infantry on horseback.
    pub fn is_mounted(self) -> bool {
        matches!(self, Arm::Cavalry { mounted: true } | Arm::MountedInfantry { mounted: true })
    }

    /// Fights on foot: infantry, dismounted cavalry or dismounted mounted infantry.
    pub fn is_foot(self) -> bool {
        matches!(self, Arm::Infantry | Arm::Cavalry { mounted: false } | Arm::MountedInfantry { mounted: false })
    }
}

/// Troop quality: the four columns of Tables 5 and 17.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Quality {
    /// Elite troops.
    Elite,
    /// Average troops.
    Average,
    /// Green or tired troops.
    GreenOrTired,
    /// Militia or poor troops.
    MilitiaOrPoor,
}

impl Quality {
    /// All four, in the order the tables print them.
    pub const ALL: [Quality; 4] = [Quality::Elite, Quality::Average, Quality::GreenOrTired, Quality::MilitiaOrPoor];

    /// The column heading as printed.
    pub fn label(self) -> &'static str {
        match self {
            Quality::Elite => "Elite",
            Quality::Average => "Average",
            Quality::GreenOrTired => "Green or Tired",
            Quality::MilitiaOrPoor => "Militia or Poor",
        }
    }
}

/// Formations of infantry, dismounted and mounted cavalry (0.1.2, 6.4, 6.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Formation {
    /// Line (0.1.2).
    Line,
    /// March column (0.1.2).
    MarchColumn,
    /// Skirmish order (6.4.4).
    Skirmish,
    /// Disorder (6.4.2): a state of formation in the tables' rows.
    Disorder,
    /// Attack column (6.8.1).
    AttackColumn,
    /// Brigade column (6.8.2).
    BrigadeColumn,
    /// Extended line (6.8.3).
    ExtendedLine,
    /// Artillery limbered for movement (6.6.1).
    Limbered,
    /// Artillery unlimbered, ready to fire.
    Unlimbered,
}

impl Formation {
    /// The row heading as the tables print it.
    pub fn label(self) -> &'static str {
        match self {
            Formation::Line => "Line",
            Formation::MarchColumn => "March Column",
            Formation::Skirmish => "Skirmish",
            Formation::Disorder => "Disorder",
            Formation::AttackColumn => "Attack Column",
            Formation::BrigadeColumn => "Brigade Column",
            Formation::ExtendedLine => "Extended Line",
            Formation::Limbered => "Limbered",
            Formation::Unlimbered => "Unlimbered",
        }
    }
}

/// Morale levels (2.3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MoraleLevel {
    /// Good morale (2.3.5).
    Good,
    /// Shaken (2.3.5).
    Shaken,
    /// Routed (2.3.5).
    Routed,
}

/// The orders of phase one (Order Codes; 1.2), plus Conditional Hold (3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OrderKind {
    /// Move This Direction (arrow).
    Move,
    /// FM.
    FormationChange,
    /// D.
    Disengage,
    /// FR.
    FirstFire,
    /// C.
    Charge,
    /// H.
    Hold,
    /// CH: only by change at the reveal (3.2).
    ConditionalHold,
}

impl OrderKind {
    /// The code printed on the order counters.
    pub fn code(self) -> &'static str {
        match self {
            OrderKind::Move => "→",
            OrderKind::FormationChange => "FM",
            OrderKind::Disengage => "D",
            OrderKind::FirstFire => "FR",
            OrderKind::Charge => "C",
            OrderKind::Hold => "H",
            OrderKind::ConditionalHold => "CH",
        }
    }

    /// The order's name.
    pub fn label(self) -> &'static str {
        match self {
            OrderKind::Move => "Move This Direction",
            OrderKind::FormationChange => "Formation Change",
            OrderKind::Disengage => "Disengage",
            OrderKind::FirstFire => "First Fire",
            OrderKind::Charge => "Charge",
            OrderKind::Hold => "Hold",
            OrderKind::ConditionalHold => "Conditional Hold",
        }
    }
}

/// Terrain moved through (0.2.2, Table 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Terrain {
    /// Along a road.
    Road,
    /// Open terrain (0.2.2).
    Open,
    /// Broken terrain (0.2.2).
    Broken,
    /// Rough terrain (0.2.2).
    Rough,
    /// Along a trail.
    Trail,
}

/// Artillery weight classes (Table 3, Table 13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GunWeight {
    /// Very light guns.
    VeryLight,
    /// Light guns.
    Light,
    /// Heavy guns.
    Heavy,
}
