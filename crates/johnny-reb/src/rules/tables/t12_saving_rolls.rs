//! Table 12, Saving Rolls: a target saves a kill when its die shows 1 up to its save number
//! (4.2.6). Every printed list runs 1, 2, ... n, so a save number is kept as `n`.
//!
//! Printed: the formation rows and the notes. The lineal cover rows are cut from the
//! transcription; the rule text gives the wood fence (1, 9.1.1), the fraise (1, 2; 9.2.2.c) and
//! the chevaux-de-frise (1; 9.2.3.c). Area cover: light woods 1, 2 (6.5.8.b), heavy woods
//! 1, 2, 3 (4.2.6.b). Fortification cover: heavy works 1-5 within 1" and one fewer per inch
//! behind (4.2.6.d). Stone walls, light and medium works, other area cover and buildings are
//! missing.
#![warn(missing_docs)]

use crate::rules::{Cell, CellRef};
use serde::{Deserialize, Serialize};

/// The table's name as printed.
pub const TABLE: &str = "Table 12";

/// A formation row of Table 12.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FormationSave {
    /// Skirmishing infantry or dismounted cavalry: 1, 2, 3, (4 with breechloaders). Saves
    /// against shot.
    SkirmishFoot,
    /// Skirmishing mounted cavalry: 1, 2. Saves against shot.
    SkirmishMounted,
    /// Lying prone, against small arms and canister: 1-4.
    ProneSmallArms,
    /// Lying prone, against shot: 1, 2.
    ProneShot,
    /// Extended line: 1, (2 with breechloaders). Saves against shot.
    ExtendedLine,
    /// Unlimbered crew: 1, 2, 3 (4.3.5.b).
    UnlimberedCrew,
    /// A gun against shot, Whitworth: 1, 2, 3 (4.3.5.a).
    GunWhitworth,
    /// A gun against shot, other rifle: 1-4.
    GunOtherRifle,
    /// A gun against shot, smoothbore: 1-5.
    GunSmoothbore,
}

impl FormationSave {
    /// Every formation row, as printed.
    pub const ALL: [FormationSave; 9] = [
        FormationSave::SkirmishFoot,
        FormationSave::SkirmishMounted,
        FormationSave::ProneSmallArms,
        FormationSave::ProneShot,
        FormationSave::ExtendedLine,
        FormationSave::UnlimberedCrew,
        FormationSave::GunWhitworth,
        FormationSave::GunOtherRifle,
        FormationSave::GunSmoothbore,
    ];

    /// The row as printed.
    pub fn label(self) -> &'static str {
        use FormationSave::*;
        match self {
            SkirmishFoot => "Skirmish: Infantry/Dismntd Cav*",
            SkirmishMounted => "Skirmish: Mounted Cavalry*",
            ProneSmallArms => "Lying Prone: Small Arms/Canister",
            ProneShot => "Lying Prone: Shot*",
            ExtendedLine => "Extended Line*",
            UnlimberedCrew => "Unlimbered Crew",
            GunWhitworth => "Gun: Whitworth Shot*",
            GunOtherRifle => "Gun: Other Rifle Shot*",
            GunSmoothbore => "Gun: Smoothbore Shot*",
        }
    }

    /// The save number, printed.
    pub fn save(self) -> Cell<u8> {
        use FormationSave::*;
        Cell::Printed(match self {
            SkirmishFoot | UnlimberedCrew | GunWhitworth => 3,
            SkirmishMounted | ProneShot => 2,
            ProneSmallArms | GunOtherRifle => 4,
            ExtendedLine => 1,
            GunSmoothbore => 5,
        })
    }

    /// The number in parentheses, used only with breechloaders (Table 12 note 1, 4.2.7.b).
    pub fn breechloader_save(self) -> Option<u8> {
        match self {
            FormationSave::SkirmishFoot => Some(4),
            FormationSave::ExtendedLine => Some(2),
            _ => None,
        }
    }

    /// Marked * on the card: saves against artillery shot (note 5).
    pub fn saves_against_shot(self) -> bool {
        !matches!(self, FormationSave::ProneSmallArms | FormationSave::UnlimberedCrew)
    }
}

/// Lineal cover (4.2.6.c): within 1" and between the firer and the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LinealCover {
    /// Wood fence: 1 (9.1.1; Appendix F 7).
    WoodFence,
    /// Stone wall: not in the text.
    StoneWall,
    /// Hedge: not in the text.
    Hedge,
    /// Light works: not in the text (4.2.6.e implies 2 or 3).
    LightWorks,
    /// Fraise: 1, 2, or 1, 2, 3 with breechloaders (9.2.2.c).
    Fraise,
    /// Chevaux-de-frise: 1, or 1, 2 with breechloaders (9.2.3.c).
    ChevauxDeFrise,
}

impl LinealCover {
    /// Every row, in card order (for the Tables screen).
    pub const ALL: [LinealCover; 6] = [
        LinealCover::WoodFence,
        LinealCover::StoneWall,
        LinealCover::Hedge,
        LinealCover::LightWorks,
        LinealCover::Fraise,
        LinealCover::ChevauxDeFrise,
    ];

    /// The row name.
    pub fn label(self) -> &'static str {
        match self {
            LinealCover::WoodFence => "Wood Fence",
            LinealCover::StoneWall => "Stone Wall",
            LinealCover::Hedge => "Hedge",
            LinealCover::LightWorks => "Light Works",
            LinealCover::Fraise => "Fraise",
            LinealCover::ChevauxDeFrise => "Chevaux-de-Frise",
        }
    }

    /// The save number with its provenance.
    pub fn save(self) -> Cell<u8> {
        match self {
            LinealCover::WoodFence => Cell::RuleText { value: 1, rule: "9.1.1" },
            LinealCover::Fraise => Cell::RuleText { value: 2, rule: "9.2.2.c" },
            LinealCover::ChevauxDeFrise => Cell::RuleText { value: 1, rule: "9.2.3.c" },
            LinealCover::StoneWall | LinealCover::Hedge | LinealCover::LightWorks => Cell::Missing,
        }
    }

    /// Breechloaders add one: stone walls and wood fences (4.2.7.b, Table 12 note 2), the
    /// fraise and the chevaux-de-frise (9.2.2.c, 9.2.3.c).
    pub fn breechloaders_add_one(self) -> bool {
        !matches!(self, LinealCover::Hedge | LinealCover::LightWorks)
    }

    /// Saves against artillery shot: none of the lineal covers (note 5; 9.1.2; 9.2.2.c; 9.2.3.c).
    pub fn saves_against_shot(self) -> bool {
        false
    }

    /// The cell address.
    pub fn cell(self) -> CellRef {
        CellRef::new(TABLE, self.label(), "save number")
    }
}

/// Area cover (4.2.6.f): the fire passes through at least 1" of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AreaCover {
    /// Light woods: 1, 2 (6.5.8.b).
    LightWoods,
    /// Heavy woods: 1, 2, 3 (4.2.6.b).
    HeavyWoods,
    /// Brush: not in the text.
    Brush,
    /// Crops: not in the text.
    Crops,
    /// Other broken ground: no saves unless strengthened by hasty works, then 1 (9.1.1).
    OtherBroken,
}

impl AreaCover {
    /// Every row, in card order (for the Tables screen).
    pub const ALL: [AreaCover; 5] =
        [AreaCover::LightWoods, AreaCover::HeavyWoods, AreaCover::Brush, AreaCover::Crops, AreaCover::OtherBroken];

    /// The row name.
    pub fn label(self) -> &'static str {
        match self {
            AreaCover::LightWoods => "Light Woods",
            AreaCover::HeavyWoods => "Heavy Woods",
            AreaCover::Brush => "Brush",
            AreaCover::Crops => "Crops",
            AreaCover::OtherBroken => "Broken Ground",
        }
    }

    /// The save number with its provenance.
    pub fn save(self) -> Cell<u8> {
        match self {
            AreaCover::LightWoods => Cell::RuleText { value: 2, rule: "6.5.8.b" },
            AreaCover::HeavyWoods => Cell::RuleText { value: 3, rule: "4.2.6.b" },
            AreaCover::OtherBroken => Cell::RuleText { value: 0, rule: "9.1.1" },
            AreaCover::Brush | AreaCover::Crops => Cell::Missing,
        }
    }

    /// The cell address.
    pub fn cell(self) -> CellRef {
        CellRef::new(TABLE, self.label(), "save number")
    }
}

/// Medium or heavy works (fortification cover, 4.2.6.d).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Fortification {
    /// Medium works: the normal save (within 1") is not in the text.
    MediumWorks,
    /// Heavy works: 1-5 within 1" (4.2.6.d).
    HeavyWorks,
}

impl Fortification {
    /// Every row, in card order (for the Tables screen).
    pub const ALL: [Fortification; 2] = [Fortification::MediumWorks, Fortification::HeavyWorks];

    /// The row name.
    pub fn label(self) -> &'static str {
        match self {
            Fortification::MediumWorks => "Medium Works",
            Fortification::HeavyWorks => "Heavy Works",
        }
    }

    /// The normal save within 1" of the works.
    pub fn save(self) -> Cell<u8> {
        match self {
            Fortification::HeavyWorks => Cell::RuleText { value: 5, rule: "4.2.6.d" },
            Fortification::MediumWorks => Cell::Missing,
        }
    }

    /// The cell address of the normal save.
    pub fn cell(self) -> CellRef {
        CellRef::new(TABLE, self.label(), "save number within 1\"")
    }
}

/// The save in the zone `zone` inches behind the works (0 = within 1", 1 = 1" to 2", ...):
/// one fewer per zone, "decreasing in effectiveness equal to the numbers of saves" (4.2.6.d).
///
/// ```
/// use johnny_reb::rules::tables::t12_saving_rolls::fortification_zone_save;
/// assert_eq!(fortification_zone_save(5, 0), 5);
/// assert_eq!(fortification_zone_save(5, 3), 2);
/// assert_eq!(fortification_zone_save(5, 5), 0);
/// ```
pub fn fortification_zone_save(normal: u8, zone: u8) -> u8 {
    normal.saturating_sub(zone)
}

/// Buildings (9.3.3.a): "the troops inside receive a saving roll on Table 12"; the number is
/// not in the text.
pub fn building_cell(stone: bool) -> CellRef {
    CellRef::new(TABLE, if stone { "Stone Building" } else { "Wooden Building" }, "save number")
}

/// On the "wrong" side of works, touching them (4.2.6.e, note 6): light 1, medium and heavy
/// 1, 2.
pub fn wrong_side_save(works: WorksKind) -> Cell<u8> {
    match works {
        WorksKind::Light => Cell::Printed(1),
        WorksKind::Medium | WorksKind::Heavy => Cell::Printed(2),
    }
}

/// Light, medium and heavy works (9.1.2-9.1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WorksKind {
    /// Light works.
    Light,
    /// Medium works.
    Medium,
    /// Heavy works.
    Heavy,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_fortification_rows_are_listed_once_in_order() {
        // The match is exhaustive: a new row fails to compile until it is listed here and in ALL.
        let index = |r: Fortification| match r {
            Fortification::MediumWorks => 0,
            Fortification::HeavyWorks => 1,
        };
        for (i, r) in Fortification::ALL.iter().enumerate() {
            assert_eq!(index(*r), i);
        }
    }

    #[test]
    fn all_areacover_rows_are_listed_once_in_order() {
        // The match is exhaustive: a new row fails to compile until it is listed here and in ALL.
        let index = |r: AreaCover| match r {
            AreaCover::LightWoods => 0,
            AreaCover::HeavyWoods => 1,
            AreaCover::Brush => 2,
            AreaCover::Crops => 3,
            AreaCover::OtherBroken => 4,
        };
        for (i, r) in AreaCover::ALL.iter().enumerate() {
            assert_eq!(index(*r), i);
        }
    }

    #[test]
    fn all_linealcover_rows_are_listed_once_in_order() {
        // The match is exhaustive: a new row fails to compile until it is listed here and in ALL.
        let index = |r: LinealCover| match r {
            LinealCover::WoodFence => 0,
            LinealCover::StoneWall => 1,
            LinealCover::Hedge => 2,
            LinealCover::LightWorks => 3,
            LinealCover::Fraise => 4,
            LinealCover::ChevauxDeFrise => 5,
        };
        for (i, r) in LinealCover::ALL.iter().enumerate() {
            assert_eq!(index(*r), i);
        }
    }
    use crate::rules::tables::t08_small_arms_ranges::transcription;

    /// "1, 2, 3, (4)" -> (3, Some(4)).
    fn parse(list: &str) -> (u8, Option<u8>) {
        let mut plain = 0;
        let mut paren = None;
        for item in list.split(',').map(str::trim) {
            if let Some(n) = item.strip_prefix('(').and_then(|s| s.strip_suffix(')')) {
                paren = Some(n.parse().unwrap());
            } else {
                let n: u8 = item.parse().unwrap();
                assert_eq!(n, plain + 1, "lists run 1, 2, ... n");
                plain = n;
            }
        }
        (plain, paren)
    }

    #[test]
    fn every_printed_value_matches_the_transcription() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let section = transcription::section("Table 12. Saving Rolls", "Table 13.");
        for row in FormationSave::ALL {
            let cells = transcription::row(&section, row.label());
            let (save, paren) = parse(&cells[0]);
            assert_eq!(row.save(), Cell::Printed(save), "{row:?}");
            assert_eq!(row.breechloader_save(), paren, "{row:?}");
            assert_eq!(row.saves_against_shot(), row.label().ends_with('*'), "{row:?}");
        }
        assert!(
            section.iter().any(|l| l == "6. If on \"wrong\" side of works, use 1 for light and *1, 2 for med/hvy.")
        );
        assert_eq!(wrong_side_save(WorksKind::Light), Cell::Printed(1));
        assert_eq!(wrong_side_save(WorksKind::Heavy), Cell::Printed(2));
    }

    #[test]
    fn rule_text_saves_are_in_the_text() {
        if !crate::rules::tables::transcription_present() {
            return;
        }
        let t = transcription::text();
        for phrase in [
            "Hence a wood fence, which normally saves on 1, converted to hasty works saves on 1 or 2",
            "if a limbered gun disengages through light woods, which have a normal saving roll of 1 or 2",
            "if a unit in heavy woods, which normally saves on 1, 2, or 3",
            "unit in the zone within 1\": saves of 1, 2, 3, 4, 5 (normal saves for heavy works); 1\" to 2\": saves of 1, 2, 3, 4; 2\" to 3\": saves of 1, 2, 3; 3\" to 4\": saves of 1, 2; 4\" to 5\": save of 1; further than 5\" away: no saves",
            "Troops taking cover directly behind the fraise save on 1, 2 or 1, 2, 3 if equipped with breechloaders",
            "Units taking cover behind it save on 1 or 1, 2 for breechloaders",
        ] {
            assert!(t.contains(phrase), "{phrase}");
        }
        for zone in 0..6 {
            assert_eq!(fortification_zone_save(5, zone), 5 - zone);
        }
    }
}
