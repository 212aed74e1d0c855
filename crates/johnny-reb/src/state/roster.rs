//! The two armies of a game: divisions, brigades, regiments, batteries and their gun sections,
//! and the officers who lead them (0.1, 11).
//!
//! Everything here is plain data with checks. Changes go through
//! [`super::roster_edit::RosterEdit`] and [`super::units::UnitCommand`]; this module gives the pieces they are built from: validation
//! ([`Roster::validate`]), lookups, stand removal (0.1.3) and command integrity (11).

use crate::rules::command_integrity::{Element, ElementKind, Integrity, IntegrityLevel, Stance, integrity};
use crate::rules::officers::OfficerStatus;
use crate::rules::unit::{Arm, Formation, GunWeight, MoraleLevel, Quality};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fmt;

/// Stands in a regiment or battalion as raised (0.1.1: "composed of five stands").
pub const STANDS_PER_REGIMENT: usize = 5;
/// Fewest figures on a stand: the stand-size table of 0.1.1 starts at 1 figure.
pub const MIN_FIGURES_PER_STAND: u8 = 1;
/// Most figures on a stand: the stand-size table of 0.1.1 ends at 6 figures.
pub const MAX_FIGURES_PER_STAND: u8 = 6;
/// At most two stands may be detached as skirmishers (6.8.6.a).
pub const MAX_DETACHED_STANDS: u8 = 2;
/// A gun is limited to four rounds of canister for the whole scenario (4.3.4.a).
pub const CANISTER_ROUNDS: u8 = 4;
/// Two crew kills in one turn eliminate a gun crew (4.3.5.b).
pub const CREW_KILLS_TO_ELIMINATE: u8 = 2;
/// A merged unit may never have more than five stands (6.8.9.a).
pub const MAX_MERGED_STANDS: usize = 5;

/// Longest id the app accepts, in characters. Ids are made by the app; this bounds imports.
pub const MAX_ID_CHARS: usize = 40;
/// Largest officer benefit value accepted. The rules say "usually 1 or 2" with "certain unique
/// officers" better or worse (2.3.4.f): this is an input bound of the app, not a rules value.
pub const MAX_BENEFIT: u8 = 6;
/// Largest scenario point value for an element (11.1 note): an input bound of the app.
pub const MAX_SCENARIO_POINTS: u32 = 50;

/// App limits on the size of a roster, so that a hostile or mistaken file cannot make the app
/// slow or fill storage. A real game is far smaller (the brief's large game: 60 regiments,
/// 20 gun sections, 20 officers).
pub mod limits {
    /// Divisions per side.
    pub const DIVISIONS_PER_SIDE: usize = 20;
    /// Brigades per side.
    pub const BRIGADES_PER_SIDE: usize = 80;
    /// Regiments per side.
    pub const REGIMENTS_PER_SIDE: usize = 250;
    /// Batteries per side.
    pub const BATTERIES_PER_SIDE: usize = 60;
    /// Gun sections per battery.
    pub const SECTIONS_PER_BATTERY: usize = 8;
    /// Officers per side.
    pub const OFFICERS_PER_SIDE: usize = 150;
}

/// The two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The Federal army.
    Union,
    /// The Confederate army.
    Confederate,
}

impl Side {
    /// Both sides, Union first.
    pub const BOTH: [Side; 2] = [Side::Union, Side::Confederate];

    /// The side's name.
    pub fn label(self) -> &'static str {
        match self {
            Side::Union => "Union",
            Side::Confederate => "Confederate",
        }
    }
}

/// Small arms classes (Table 8 rows, Appendix A classes, 4.2.3 shotguns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Weapon {
    /// Table 8. Also breechloading rifles not otherwise specified (Appendix A note 1).
    RifleMusket,
    /// Table 8 (x3 at close range).
    SmoothboreMusket,
    /// Table 8.
    Carbine,
    /// Table 8.
    RepeatingCarbine,
    /// Table 8.
    RepeatingRifle,
    /// The sharpshooter rifle range of Table 8 (Appendix A note 1); its row is not in the
    /// transcription.
    SharpshooterRifle,
    /// Shotguns: x3 at close range (4.2.3).
    Shotgun,
    /// Pistols (named among low-velocity weapons in the advanced rules).
    Pistol,
}

impl Weapon {
    /// Every class, in the order the roster form offers them.
    pub const ALL: [Weapon; 8] = [
        Weapon::RifleMusket,
        Weapon::SmoothboreMusket,
        Weapon::Carbine,
        Weapon::RepeatingCarbine,
        Weapon::RepeatingRifle,
        Weapon::SharpshooterRifle,
        Weapon::Shotgun,
        Weapon::Pistol,
    ];

    /// The name as Table 8 prints it.
    pub fn label(self) -> &'static str {
        match self {
            Weapon::RifleMusket => "Rifle-musket",
            Weapon::SmoothboreMusket => "Smoothbore Musket",
            Weapon::Carbine => "Carbine",
            Weapon::RepeatingCarbine => "Repeating Carbine",
            Weapon::RepeatingRifle => "Repeating Rifle",
            Weapon::SharpshooterRifle => "Sharpshooter Rifle",
            Weapon::Shotgun => "Shotgun",
            Weapon::Pistol => "Pistol",
        }
    }

    /// The traits that follow from the class alone: repeaters repeat; carbines, repeaters and
    /// shotguns carry no bayonets (5.5.3.c). Everything else is the scenario's to say.
    pub fn implied_traits(self) -> WeaponTraits {
        let repeater = matches!(self, Weapon::RepeatingCarbine | Weapon::RepeatingRifle);
        let no_bayonets = repeater || matches!(self, Weapon::Carbine | Weapon::Shotgun | Weapon::Pistol);
        WeaponTraits { repeater, no_bayonets, ..WeaponTraits::default() }
    }
}

/// What a unit's weapons add to their class (Appendix A, 4.2.7, 5.5.3.c).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct WeaponTraits {
    /// Breechload benefit (Appendix A; Table 12 saves in brackets).
    pub breechloader: bool,
    /// Repeater benefit (4.2.7.c).
    pub repeater: bool,
    /// A sharpshooter unit (4.2.7.d).
    pub sharpshooters: bool,
    /// Without bayonets: more fearful of charges (5.5.3.c).
    pub no_bayonets: bool,
    /// Flintlocks: fire down 2 columns (Appendix A note 3).
    pub flintlock: bool,
    /// A poor weapon: fire down 1 column (Appendix A note 4).
    pub poor_weapon: bool,
}

/// A regiment's charges, for 5.1.4.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ChargeRecord {
    /// The last turn it charged.
    pub last_turn: Option<u32>,
    /// How many consecutive turns, ending with `last_turn`, it charged.
    pub in_a_row: u8,
}

/// Whether a regiment may charge this turn (5.1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChargePermission {
    /// A first charge: normal.
    Fresh,
    /// A second consecutive turn: always in disorder, no charge elan, no bonus movement.
    SecondTurn,
    /// It charged on each of the last two turns: "may never charge three turns in a row".
    NotAllowed,
}

impl ChargeRecord {
    /// What 5.1.4 allows on `turn`.
    pub fn permission(&self, turn: u32) -> ChargePermission {
        match self.last_turn {
            Some(t) if t.saturating_add(1) == turn || t == turn => {
                // A charge already recorded this turn counts as the turn's charge.
                let before = if t == turn { self.in_a_row.saturating_sub(1) } else { self.in_a_row };
                match before {
                    0 => ChargePermission::Fresh,
                    1 => ChargePermission::SecondTurn,
                    _ => ChargePermission::NotAllowed,
                }
            }
            _ => ChargePermission::Fresh,
        }
    }

    /// Whether it charged on the turn before `turn` (5.1.4).
    pub fn charged_last_turn(&self, turn: u32) -> bool {
        self.last_turn.is_some_and(|t| t.saturating_add(1) == turn)
    }
}

/// An infantry or cavalry regiment (or battalion, 0.1.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Regiment {
    /// Stable identity, unique in the game.
    pub id: String,
    /// As the scenario names it, e.g. "24th New York".
    pub name: String,
    /// Infantry, cavalry or mounted infantry, mounted or not (0.1.1, 6.7). Never artillery.
    pub arm: Arm,
    /// Figures on each stand as raised, left to right as seen from behind (0.1.1, 0.1.3).
    pub stands: Vec<u8>,
    /// Troop quality (Table 5).
    pub quality: Quality,
    /// Small arms class.
    pub weapon: Weapon,
    /// Weapon traits.
    #[serde(default)]
    pub traits: WeaponTraits,
    /// Morale level (0.1.3, 2.3.5).
    pub morale: MoraleLevel,
    /// Formation (0.1.2).
    pub formation: Formation,
    /// Figures killed, counted from the left (0.1.3).
    #[serde(default)]
    pub kills: u32,
    /// Stands removed other than by kills, e.g. a routed regiment failing to rally (2.4).
    /// They are taken from the right, away from the killed figures.
    #[serde(default)]
    pub stands_removed: u8,
    /// Removed from the board as lost (a routed unit failing a check, 2.3; surrender).
    #[serde(default)]
    pub removed_from_board: bool,
    /// Out of ammunition for the rest of the scenario (4.2.4.a).
    #[serde(default)]
    pub out_of_ammo: bool,
    /// Has fired its opening volley (4.2.3).
    #[serde(default)]
    pub opening_volley_used: bool,
    /// Charges, for 5.1.4.
    #[serde(default)]
    pub charges: ChargeRecord,
    /// Lying prone (6.8.5).
    #[serde(default)]
    pub prone: bool,
    /// Stands detached as skirmishers, 0 to 2 (6.8.6).
    #[serde(default)]
    pub detached_skirmishers: u8,
    /// The regiment this one merged into (6.8.9): its remaining stands are attached to that
    /// one and fight as one unit with it. It keeps its own figures and kills (6.8.9.b: "loss
    /// of stands, etc. to the original regiment still applies").
    #[serde(default)]
    pub merged_into: Option<String>,
}

/// What a kill did (0.1.3, 4.4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KillEffect {
    /// It was the unit's first kill: a morale check (4.4.1.a; Table 2, no. 3).
    pub first_kill: bool,
    /// A stand went: a morale check with the new +2 (4.4.1.d; Table 2, no. 6).
    pub stand_lost: bool,
    /// It was the last stand: the regiment is lost (11.2) and adjacent units check (4.4.1.e).
    pub regiment_lost: bool,
}

impl Regiment {
    /// A new regiment in line, good morale, no losses.
    pub fn new(
        id: impl Into<String>,
        name: impl Into<String>,
        stands: Vec<u8>,
        quality: Quality,
        weapon: Weapon,
    ) -> Regiment {
        Regiment {
            id: id.into(),
            name: name.into(),
            arm: Arm::Infantry,
            stands,
            quality,
            weapon,
            traits: weapon.implied_traits(),
            morale: MoraleLevel::Good,
            formation: Formation::Line,
            kills: 0,
            stands_removed: 0,
            removed_from_board: false,
            out_of_ammo: false,
            opening_volley_used: false,
            charges: ChargeRecord::default(),
            prone: false,
            detached_skirmishers: 0,
            merged_into: None,
        }
    }

    /// Five stands of `figures` each (0.1.1).
    pub fn even_stands(figures: u8) -> Vec<u8> {
        vec![figures; STANDS_PER_REGIMENT]
    }

    /// Five stands for `total` figures, laid out symmetrically with at most two sizes
    /// (0.1.1.a: 18 figures make 4-3-4-3-4). `None` when no such layout exists.
    pub fn stands_for_total(total: u32) -> Option<Vec<u8>> {
        let n = STANDS_PER_REGIMENT as u32;
        let small = total / n;
        let extra = total % n; // stands with one more figure
        let big = small + 1;
        if small < MIN_FIGURES_PER_STAND as u32
            || (extra > 0 && big > MAX_FIGURES_PER_STAND as u32)
            || small > MAX_FIGURES_PER_STAND as u32
        {
            return None;
        }
        let (small, big) = (small as u8, big as u8);
        // Symmetric patterns for 0..=4 larger stands over five positions.
        let pattern: [bool; 5] = match extra {
            0 => [false; 5],
            1 => [false, false, true, false, false],
            2 => [false, true, false, true, false],
            3 => [true, false, true, false, true],
            _ => [true, true, false, true, true],
        };
        Some(pattern.iter().map(|b| if *b { big } else { small }).collect())
    }

    /// Total figures as raised.
    pub fn figures(&self) -> u32 {
        self.stands.iter().map(|f| *f as u32).sum()
    }

    /// Figures still fighting: raised, less kills, less those on stands removed otherwise.
    pub fn figures_left(&self) -> u32 {
        let mut left = 0u32;
        for (i, f) in self.stands.iter().enumerate() {
            if !self.stand_standing(i) {
                continue;
            }
            let before: u32 = self.stands[..i].iter().map(|f| *f as u32).sum();
            let killed_here = self.kills.saturating_sub(before).min(*f as u32);
            left += *f as u32 - killed_here;
        }
        left
    }

    /// Stands emptied by kills: counted from the left, a stand goes when all its figures are
    /// killed (0.1.3: "the leftmost stand would be removed after the fourth kill"), uneven
    /// stands included.
    pub fn stands_killed(&self) -> usize {
        let mut total = 0u32;
        let mut n = 0;
        for f in &self.stands {
            total += *f as u32;
            if self.kills >= total {
                n += 1;
            } else {
                break;
            }
        }
        n
    }

    /// Whether the stand at `index` (from the left) is still on the board.
    pub fn stand_standing(&self, index: usize) -> bool {
        let killed = self.stands_killed();
        let from_right = self.stands.len().saturating_sub(self.stands_removed as usize);
        index >= killed && index < from_right
    }

    /// Stands lost for morale (2.3.4.a: +2 each), by kills or otherwise.
    pub fn stands_lost(&self) -> usize {
        (self.stands_killed() + self.stands_removed as usize).min(self.stands.len())
    }

    /// Stands still on the board.
    pub fn stands_left(&self) -> usize {
        self.stands.len().saturating_sub(self.stands_lost())
    }

    /// Kills still needed to empty the next stand, or `None` when none stands.
    pub fn kills_to_next_stand(&self) -> Option<u32> {
        if self.stands_left() == 0 {
            return None;
        }
        let upto: u32 = self.stands[..=self.stands_killed()].iter().map(|f| *f as u32).sum();
        Some(upto.saturating_sub(self.kills))
    }

    /// Lost to its command (11.2): all its stands removed, or removed from the board. A
    /// regiment merged into another is not lost while that one stands (11.2, 6.8.9).
    pub fn is_lost(&self) -> bool {
        self.removed_from_board || self.stands_left() == 0
    }

    /// Figures on the stand that takes the next kill (the leftmost standing), if any.
    pub fn next_stand_figures(&self) -> Option<u8> {
        (0..self.stands.len()).find(|i| self.stand_standing(*i)).and_then(|i| self.stands.get(i).copied())
    }

    /// What one more kill would do, without doing it.
    pub fn kill_effect(&self) -> Option<KillEffect> {
        if self.stands_left() == 0 {
            return None;
        }
        let mut after = self.clone();
        after.kills = after.kills.saturating_add(1);
        Some(KillEffect {
            first_kill: self.kills == 0,
            stand_lost: after.stands_lost() > self.stands_lost(),
            regiment_lost: after.stands_left() == 0,
        })
    }

    /// The regiment's problems, each a sentence naming the rule. Empty when it is sound.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if matches!(self.arm, Arm::Artillery) {
            out.push("a regiment is infantry or cavalry; guns go in a battery (0.1.1)".to_string());
        }
        if let Err(why) = check_stands(&self.stands) {
            out.push(why);
        }
        let figures = self.figures();
        if self.kills > figures {
            out.push(format!("{} kills on a regiment of {} figures (0.1.3)", self.kills, figures));
        }
        if self.stands_removed as usize > self.stands.len() {
            out.push(format!("{} stands removed from a regiment of {}", self.stands_removed, self.stands.len()));
        }
        if self.detached_skirmishers > MAX_DETACHED_STANDS {
            out.push(format!(
                "{} stands detached as skirmishers; at most {MAX_DETACHED_STANDS} may be (6.8.6.a)",
                self.detached_skirmishers
            ));
        }
        if matches!(self.formation, Formation::Limbered | Formation::Unlimbered) {
            out.push(format!("{} is a formation of guns, not of a regiment (0.1.2)", self.formation.label()));
        }
        if self.arm.is_mounted()
            && !matches!(
                self.formation,
                Formation::Line | Formation::Skirmish | Formation::MarchColumn | Formation::Disorder
            )
        {
            out.push(format!(
                "mounted cavalry forms line, skirmish, column or disorder, not {} (0.1.2.b)",
                self.formation.label()
            ));
        }
        if self.charges.in_a_row > 2 {
            out.push("a unit may never charge three turns in a row (5.1.4)".to_string());
        }
        out
    }
}

/// Checks figures per stand: five stands (0.1.1), 1 to 6 figures each (0.1.1 stand sizes), at
/// most two stand sizes laid out symmetrically (0.1.1.a).
///
/// ```
/// use johnny_reb::state::roster::check_stands;
/// assert!(check_stands(&[4, 3, 4, 3, 4]).is_ok());
/// assert!(check_stands(&[4, 4, 4, 3, 3]).is_err()); // not symmetrical
/// assert!(check_stands(&[4, 3, 2, 3, 4]).is_err()); // three sizes
/// ```
pub fn check_stands(stands: &[u8]) -> Result<(), String> {
    if stands.len() != STANDS_PER_REGIMENT {
        return Err(format!("a regiment has {STANDS_PER_REGIMENT} stands, not {} (0.1.1)", stands.len()));
    }
    if let Some(f) = stands.iter().find(|f| **f < MIN_FIGURES_PER_STAND || **f > MAX_FIGURES_PER_STAND) {
        return Err(format!(
            "a stand holds {MIN_FIGURES_PER_STAND} to {MAX_FIGURES_PER_STAND} figures, not {f} (0.1.1 stand sizes)"
        ));
    }
    let sizes: HashSet<u8> = stands.iter().copied().collect();
    if sizes.len() > 2 {
        return Err("an uneven regiment may have no more than two stand sizes (0.1.1.a)".into());
    }
    let mirrored: Vec<u8> = stands.iter().rev().copied().collect();
    if mirrored != stands {
        let layout: Vec<String> = stands.iter().map(|f| f.to_string()).collect();
        return Err(format!(
            "uneven regiments are laid out symmetrically, e.g. 4-3-4-3-4, not {} (0.1.1.a)",
            layout.join("-")
        ));
    }
    Ok(())
}

/// The bore of a gun, which sets its save against shot (Table 12, 4.3.5.a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Bore {
    /// Smoothbore.
    Smoothbore,
    /// Rifled (other than Whitworth).
    Rifle,
    /// Whitworth rifle.
    Whitworth,
}

/// A gun type: its Table 13 name, bore and weight class.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GunType {
    /// As Table 13 names it, e.g. "12# Napoleon".
    pub name: String,
    /// Smoothbore, rifle or Whitworth.
    pub bore: Bore,
    /// Weight class (Table 13 weight column, Table 3). `None` when the transcription lacks it
    /// and the players have not entered it from their Tables Card.
    pub weight: Option<GunWeight>,
}

impl GunType {
    /// The gun types whose name, bore and weight the transcription gives: Table 13 prints the
    /// 12# Napoleon (smoothbore, heavy) and the 6# Gun (smoothbore; its weight is cut); rule
    /// 6.6.1's example calls the 10-pound Parrott a light gun; 0.1.1.c names the three-inch
    /// rifle (weight not given). Any other type is entered by the players.
    pub fn known() -> Vec<GunType> {
        let g = |name: &str, bore, weight| GunType { name: name.to_string(), bore, weight };
        vec![
            g("12# Napoleon", Bore::Smoothbore, Some(GunWeight::Heavy)),
            g("6# Gun", Bore::Smoothbore, None),
            g("10# Parrott", Bore::Rifle, Some(GunWeight::Light)),
            g("3\" Rifle", Bore::Rifle, None),
        ]
    }
}

/// What has become of a gun (4.3.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GunState {
    /// Crewed and in action.
    #[default]
    InAction,
    /// Crew routed, killed or gone (4.3.5.d). Not a command loss (11.2).
    Abandoned,
    /// Spiked: destroyed voluntarily (4.3.5.c). Lost (11.2).
    Spiked,
    /// Destroyed by counterbattery fire (4.3.5.a). Lost (11.2).
    Destroyed,
    /// Captured by the enemy (4.3.5). Lost (11.2).
    Captured,
}

impl GunState {
    /// Whether the gun counts as lost to its command (11.2: "when the gun ... is captured or
    /// removed from the board").
    pub fn is_lost(self) -> bool {
        matches!(self, GunState::Spiked | GunState::Destroyed | GunState::Captured)
    }

    /// The word the players see.
    pub fn label(self) -> &'static str {
        match self {
            GunState::InAction => "in action",
            GunState::Abandoned => "abandoned",
            GunState::Spiked => "spiked",
            GunState::Destroyed => "destroyed",
            GunState::Captured => "captured",
        }
    }
}

/// A gun section: one model gun for two cannon (0.1.1.c).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Section {
    /// Stable identity, unique in the game.
    pub id: String,
    /// E.g. "Left section".
    pub name: String,
    /// Gun type.
    pub gun: GunType,
    /// Crew quality (Tables 5, 14).
    pub crew_quality: Quality,
    /// Limbered for movement (6.6.1): a limbered section cannot fire.
    #[serde(default)]
    pub limbered: bool,
    /// Crew morale (2.3.5).
    #[serde(default = "good")]
    pub morale: MoraleLevel,
    /// Rounds of canister fired, of [`CANISTER_ROUNDS`] (4.3.4.a; double canister uses two,
    /// 4.3.4.b).
    #[serde(default)]
    pub canister_used: u8,
    /// Low on shot: one die on Table 10 from now on (4.3.4.a).
    #[serde(default)]
    pub low_on_shot: bool,
    /// Crew kills this turn; one is cancelled at the end of the turn, two eliminate the crew
    /// (4.3.5.b).
    #[serde(default)]
    pub crew_kills_this_turn: u8,
    /// What has become of the gun.
    #[serde(default)]
    pub state: GunState,
}

fn good() -> MoraleLevel {
    MoraleLevel::Good
}

impl Section {
    /// A new section, unlimbered and in action.
    pub fn new(id: impl Into<String>, name: impl Into<String>, gun: GunType, crew_quality: Quality) -> Section {
        Section {
            id: id.into(),
            name: name.into(),
            gun,
            crew_quality,
            limbered: false,
            morale: MoraleLevel::Good,
            canister_used: 0,
            low_on_shot: false,
            crew_kills_this_turn: 0,
            state: GunState::InAction,
        }
    }

    /// Rounds of canister left (4.3.4.a).
    pub fn canister_left(&self) -> u8 {
        CANISTER_ROUNDS.saturating_sub(self.canister_used)
    }

    /// The section's problems, each naming the rule. Empty when sound.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.canister_used > CANISTER_ROUNDS {
            out.push(format!(
                "{} rounds of canister used; a gun has {CANISTER_ROUNDS} for the scenario (4.3.4.a)",
                self.canister_used
            ));
        }
        if self.crew_kills_this_turn > CREW_KILLS_TO_ELIMINATE {
            out.push(format!(
                "{} crew kills this turn; {CREW_KILLS_TO_ELIMINATE} eliminate a crew (4.3.5.b)",
                self.crew_kills_this_turn
            ));
        }
        if let Err(why) = check_name(&self.gun.name) {
            out.push(format!("gun type: {why}"));
        }
        out
    }
}

/// An artillery battery: two or three sections usually (0.1.1.c).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Battery {
    /// Stable identity, unique in the game.
    pub id: String,
    /// E.g. "Battery A, 2nd Maine".
    pub name: String,
    /// Its gun sections.
    #[serde(default)]
    pub sections: Vec<Section>,
}

/// A brigade: regiments and any batteries attached to it (0.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Brigade {
    /// Stable identity, unique in the game.
    pub id: String,
    /// E.g. "Iron Brigade".
    pub name: String,
    /// Its regiments, in roster order.
    #[serde(default)]
    pub regiments: Vec<Regiment>,
    /// Batteries attached to the brigade.
    #[serde(default)]
    pub batteries: Vec<Battery>,
}

/// A division: two or more brigades with supporting artillery (0.1). Also the usual "command"
/// of rule 11.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Division {
    /// Stable identity, unique in the game.
    pub id: String,
    /// E.g. "Wadsworth's Division".
    pub name: String,
    /// Normal, apathetic or determined (11.2).
    #[serde(default)]
    pub stance: Stance,
    /// Its brigades.
    #[serde(default)]
    pub brigades: Vec<Brigade>,
    /// Divisional artillery.
    #[serde(default)]
    pub batteries: Vec<Battery>,
}

/// An officer's rank, which sets his command value (11.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rank {
    /// A divisional officer: 5 points (11.1).
    DivisionCommander,
    /// A brigade officer: 3 points (11.1).
    BrigadeCommander,
    /// Any other officer (a regimental colonel, an aide): no command points.
    Other,
}

impl Rank {
    /// The word the players see.
    pub fn label(self) -> &'static str {
        match self {
            Rank::DivisionCommander => "Division commander",
            Rank::BrigadeCommander => "Brigade commander",
            Rank::Other => "Officer",
        }
    }
}

/// An officer's condition after Phase Eight (8, Table 20).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OfficerCondition {
    /// Unhurt.
    #[default]
    Unhurt,
    /// Stunned in this turn: no benefits, no movement during the next turn (8).
    Stunned {
        /// The turn he was hit.
        turn: u32,
    },
    /// Lightly wounded: no benefits for the rest of the game, moved to the rear (8).
    LightWound,
    /// Severely wounded: removed from the game (8).
    SevereWound,
    /// Killed (the spectacular death of Table 20): removed from the game.
    Dead,
}

impl OfficerCondition {
    /// His standing as the rules engine knows it.
    pub fn status(self) -> OfficerStatus {
        match self {
            OfficerCondition::Unhurt => OfficerStatus::Active,
            OfficerCondition::Stunned { turn } => OfficerStatus::Stunned { turn },
            OfficerCondition::LightWound => OfficerStatus::LightlyWounded,
            OfficerCondition::SevereWound | OfficerCondition::Dead => OfficerStatus::Removed,
        }
    }

    /// The words the players see.
    pub fn label(self) -> String {
        match self {
            OfficerCondition::Unhurt => "unhurt".into(),
            OfficerCondition::Stunned { turn } => format!("stunned (hit on turn {turn})"),
            OfficerCondition::LightWound => "lightly wounded".into(),
            OfficerCondition::SevereWound => "severely wounded".into(),
            OfficerCondition::Dead => "dead".into(),
        }
    }
}

/// An officer (6.9, 8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Officer {
    /// Stable identity, unique in the game.
    pub id: String,
    /// E.g. "Brig. Gen. Solomon Meredith".
    pub name: String,
    /// Rank, for command value (11.1).
    pub rank: Rank,
    /// Benefit value, "usually 1 or 2" (2.3.4.f): it lowers a unit's morale point.
    pub benefit: u8,
    /// The brigade or division he commands, by id.
    #[serde(default)]
    pub commands: Option<String>,
    /// The unit (regiment or section) he is with, by id.
    #[serde(default)]
    pub with_unit: Option<String>,
    /// His condition (Table 20).
    #[serde(default)]
    pub condition: OfficerCondition,
    /// The scenario's point value for him, when it differs from 11.1's.
    #[serde(default)]
    pub scenario_points: Option<u32>,
}

impl Officer {
    /// Whether he is off the board for rule 11.2 (severe wound or death).
    pub fn is_removed(&self) -> bool {
        matches!(self.condition.status(), OfficerStatus::Removed)
    }
}

/// One side's army.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Army {
    /// Its divisions, in roster order.
    #[serde(default)]
    pub divisions: Vec<Division>,
    /// Its officers, in roster order.
    #[serde(default)]
    pub officers: Vec<Officer>,
    /// The stance of the whole army as one command (11.2).
    #[serde(default)]
    pub stance: Stance,
}

/// Both armies of a game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Roster {
    /// The Union army.
    #[serde(default)]
    pub union: Army,
    /// The Confederate army.
    #[serde(default)]
    pub confederate: Army,
    /// When each command first reached each integrity level (11.2: restrictions apply "on the
    /// turn after"). Kept by [`super::session::Session::dispatch`].
    #[serde(default)]
    pub levels_reached: Vec<LevelReached>,
}

/// A command reached an integrity level on a turn (11.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelReached {
    /// Which command.
    pub scope: CommandScope,
    /// The level reached.
    pub level: IntegrityLevel,
    /// The turn it was reached.
    pub turn: u32,
}

/// The scope of a command for rule 11: a side's whole army, a division or a brigade.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CommandScope {
    /// The whole army of a side.
    Army(Side),
    /// One division, by id.
    Division(String),
    /// One brigade, by id.
    Brigade(String),
}

/// A command's integrity, with its name for display.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandIntegrity {
    /// Which command.
    pub scope: CommandScope,
    /// Its name.
    pub name: String,
    /// Value, losses and level (11.1, 11.2).
    pub integrity: Integrity,
}

/// A command whose integrity level changed with a command (11.2): the warning to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelCrossed {
    /// Which command.
    pub scope: CommandScope,
    /// Its name.
    pub name: String,
    /// The level before.
    pub from: IntegrityLevel,
    /// The level now. Its restrictions apply from the next turn (11.2).
    pub to: IntegrityLevel,
}

impl fmt::Display for LevelCrossed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = |l: IntegrityLevel| match l {
            IntegrityLevel::Fighting => "fighting",
            IntegrityLevel::CeaseOffensive => "cease offensive activity",
            IntegrityLevel::RetireFromField => "retire from the field",
        };
        if self.to > self.from {
            write!(f, "{} has reached \u{201c}{}\u{201d} (11.2), from next turn", self.name, what(self.to))
        } else {
            write!(f, "{} is back to \u{201c}{}\u{201d} (11.2)", self.name, what(self.to))
        }
    }
}

/// Checks a name found in a roster: not empty, not too long, no markup or control characters.
pub fn check_name(name: &str) -> Result<(), String> {
    super::error::clean_name(name).map(|_| ()).map_err(|e| e.to_string())?;
    if name.trim() != name {
        return Err("a name cannot start or end with spaces".into());
    }
    Ok(())
}

fn check_id(id: &str) -> Result<(), String> {
    if id.is_empty() || id.chars().count() > MAX_ID_CHARS {
        return Err(format!("an id has 1 to {MAX_ID_CHARS} characters"));
    }
    if !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(format!("id \u{201c}{}\u{201d} may only have letters, digits, - and _", id.escape_debug()));
    }
    Ok(())
}

/// Where a unit sits in a roster.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegimentAt {
    /// Its side.
    pub side: Side,
    /// Index of its division in the army.
    pub division: usize,
    /// Index of its brigade in the division.
    pub brigade: usize,
    /// Index in the brigade.
    pub index: usize,
}

/// The owner of a battery: a division or a brigade.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatteryAt {
    /// Its side.
    pub side: Side,
    /// Index of the division.
    pub division: usize,
    /// Index of the brigade, or `None` for divisional artillery.
    pub brigade: Option<usize>,
    /// Index among the owner's batteries.
    pub index: usize,
}

impl Army {
    /// All regiments, in roster order.
    pub fn regiments(&self) -> impl Iterator<Item = &Regiment> {
        self.divisions.iter().flat_map(|d| d.brigades.iter()).flat_map(|b| b.regiments.iter())
    }

    /// All batteries, in roster order (divisional artillery after the brigades').
    pub fn batteries(&self) -> impl Iterator<Item = &Battery> {
        self.divisions.iter().flat_map(|d| d.brigades.iter().flat_map(|b| b.batteries.iter()).chain(d.batteries.iter()))
    }

    /// All gun sections.
    pub fn sections(&self) -> impl Iterator<Item = &Section> {
        self.batteries().flat_map(|b| b.sections.iter())
    }

    /// All brigades.
    pub fn brigades(&self) -> impl Iterator<Item = &Brigade> {
        self.divisions.iter().flat_map(|d| d.brigades.iter())
    }
}

impl Roster {
    /// One side's army.
    pub fn army(&self, side: Side) -> &Army {
        match side {
            Side::Union => &self.union,
            Side::Confederate => &self.confederate,
        }
    }

    /// One side's army, to change.
    pub fn army_mut(&mut self, side: Side) -> &mut Army {
        match side {
            Side::Union => &mut self.union,
            Side::Confederate => &mut self.confederate,
        }
    }

    /// Every id in use, on both sides.
    pub fn ids(&self) -> HashSet<&str> {
        let mut ids = HashSet::new();
        for side in Side::BOTH {
            let a = self.army(side);
            for d in &a.divisions {
                ids.insert(d.id.as_str());
                for b in &d.brigades {
                    ids.insert(b.id.as_str());
                    ids.extend(b.regiments.iter().map(|r| r.id.as_str()));
                }
            }
            for bat in a.batteries() {
                ids.insert(bat.id.as_str());
                ids.extend(bat.sections.iter().map(|s| s.id.as_str()));
            }
            ids.extend(a.officers.iter().map(|o| o.id.as_str()));
        }
        ids
    }

    /// A new id not yet used, from the roster's own counter (`prefix` then a number).
    pub fn fresh_id(&self, prefix: &str, counter: &mut u64) -> String {
        let ids = self.ids();
        loop {
            *counter = counter.saturating_add(1);
            let id = format!("{prefix}{counter}");
            if !ids.contains(id.as_str()) {
                return id;
            }
        }
    }

    /// Finds a regiment.
    pub fn find_regiment(&self, id: &str) -> Option<RegimentAt> {
        for side in Side::BOTH {
            for (di, d) in self.army(side).divisions.iter().enumerate() {
                for (bi, b) in d.brigades.iter().enumerate() {
                    if let Some(index) = b.regiments.iter().position(|r| r.id == id) {
                        return Some(RegimentAt { side, division: di, brigade: bi, index });
                    }
                }
            }
        }
        None
    }

    /// A regiment by id.
    pub fn regiment(&self, id: &str) -> Option<&Regiment> {
        let at = self.find_regiment(id)?;
        self.army(at.side).divisions.get(at.division)?.brigades.get(at.brigade)?.regiments.get(at.index)
    }

    /// A regiment by id, to change.
    pub fn regiment_mut(&mut self, id: &str) -> Option<&mut Regiment> {
        let at = self.find_regiment(id)?;
        self.army_mut(at.side).divisions.get_mut(at.division)?.brigades.get_mut(at.brigade)?.regiments.get_mut(at.index)
    }

    /// Finds a brigade: side, division index, brigade index.
    pub fn find_brigade(&self, id: &str) -> Option<(Side, usize, usize)> {
        for side in Side::BOTH {
            for (di, d) in self.army(side).divisions.iter().enumerate() {
                if let Some(bi) = d.brigades.iter().position(|b| b.id == id) {
                    return Some((side, di, bi));
                }
            }
        }
        None
    }

    /// A brigade by id.
    pub fn brigade(&self, id: &str) -> Option<&Brigade> {
        let (s, d, b) = self.find_brigade(id)?;
        self.army(s).divisions.get(d)?.brigades.get(b)
    }

    /// A brigade by id, to change.
    pub fn brigade_mut(&mut self, id: &str) -> Option<&mut Brigade> {
        let (s, d, b) = self.find_brigade(id)?;
        self.army_mut(s).divisions.get_mut(d)?.brigades.get_mut(b)
    }

    /// Finds a division: side and index.
    pub fn find_division(&self, id: &str) -> Option<(Side, usize)> {
        Side::BOTH.into_iter().find_map(|s| self.army(s).divisions.iter().position(|d| d.id == id).map(|i| (s, i)))
    }

    /// A division by id.
    pub fn division(&self, id: &str) -> Option<&Division> {
        let (s, i) = self.find_division(id)?;
        self.army(s).divisions.get(i)
    }

    /// A division by id, to change.
    pub fn division_mut(&mut self, id: &str) -> Option<&mut Division> {
        let (s, i) = self.find_division(id)?;
        self.army_mut(s).divisions.get_mut(i)
    }

    /// Finds a battery.
    pub fn find_battery(&self, id: &str) -> Option<BatteryAt> {
        for side in Side::BOTH {
            for (di, d) in self.army(side).divisions.iter().enumerate() {
                if let Some(index) = d.batteries.iter().position(|b| b.id == id) {
                    return Some(BatteryAt { side, division: di, brigade: None, index });
                }
                for (bi, b) in d.brigades.iter().enumerate() {
                    if let Some(index) = b.batteries.iter().position(|x| x.id == id) {
                        return Some(BatteryAt { side, division: di, brigade: Some(bi), index });
                    }
                }
            }
        }
        None
    }

    /// The battery list a battery sits in, to change.
    pub fn battery_list_mut(&mut self, at: BatteryAt) -> Option<&mut Vec<Battery>> {
        let d = self.army_mut(at.side).divisions.get_mut(at.division)?;
        match at.brigade {
            None => Some(&mut d.batteries),
            Some(b) => Some(&mut d.brigades.get_mut(b)?.batteries),
        }
    }

    /// A battery by id.
    pub fn battery(&self, id: &str) -> Option<&Battery> {
        let at = self.find_battery(id)?;
        let d = self.army(at.side).divisions.get(at.division)?;
        match at.brigade {
            None => d.batteries.get(at.index),
            Some(b) => d.brigades.get(b)?.batteries.get(at.index),
        }
    }

    /// A battery by id, to change.
    pub fn battery_mut(&mut self, id: &str) -> Option<&mut Battery> {
        let at = self.find_battery(id)?;
        self.battery_list_mut(at)?.get_mut(at.index)
    }

    /// The battery holding a section, and the section's index in it.
    pub fn find_section(&self, id: &str) -> Option<(String, usize)> {
        Side::BOTH.into_iter().find_map(|s| {
            self.army(s).batteries().find_map(|b| b.sections.iter().position(|x| x.id == id).map(|i| (b.id.clone(), i)))
        })
    }

    /// A section by id.
    pub fn section(&self, id: &str) -> Option<&Section> {
        let (bat, i) = self.find_section(id)?;
        self.battery(&bat)?.sections.get(i)
    }

    /// A section by id, to change.
    pub fn section_mut(&mut self, id: &str) -> Option<&mut Section> {
        let (bat, i) = self.find_section(id)?;
        self.battery_mut(&bat)?.sections.get_mut(i)
    }

    /// The commands an officer of `rank` may lead on `side` (11.1): a brigade commander a
    /// brigade, a division commander a division, any other officer either. Ids with names
    /// ("Brigade: Iron Brigade"), in roster order.
    pub fn commands_for(&self, side: Side, rank: Rank) -> Vec<(String, String)> {
        let army = self.army(side);
        let divisions = army.divisions.iter().map(|d| (d.id.clone(), format!("Division: {}", d.name)));
        let brigades = army
            .divisions
            .iter()
            .flat_map(|d| d.brigades.iter())
            .map(|b| (b.id.clone(), format!("Brigade: {}", b.name)));
        match rank {
            Rank::BrigadeCommander => brigades.collect(),
            Rank::DivisionCommander => divisions.collect(),
            Rank::Other => divisions.chain(brigades).collect(),
        }
    }

    /// A unit that could have seen `routed` rout or surrender, and so checks morale for it
    /// (2.2, Table 2 no. 1): a friend of it, not routed itself, not the unit that routed.
    pub fn could_see_rout(&self, witness: &str, routed: &str) -> bool {
        witness != routed
            && self.side_of(witness).is_some_and(|side| self.side_of(routed) == Some(side))
            && self.morale_of(witness).is_some_and(|m| m != MoraleLevel::Routed)
    }

    /// The morale of a regiment or gun section's crew, by id.
    pub fn morale_of(&self, id: &str) -> Option<MoraleLevel> {
        self.regiment(id).map(|r| r.morale).or_else(|| self.section(id).map(|s| s.morale))
    }

    /// Finds an officer: side and index.
    pub fn find_officer(&self, id: &str) -> Option<(Side, usize)> {
        Side::BOTH.into_iter().find_map(|s| self.army(s).officers.iter().position(|o| o.id == id).map(|i| (s, i)))
    }

    /// An officer by id.
    pub fn officer(&self, id: &str) -> Option<&Officer> {
        let (s, i) = self.find_officer(id)?;
        self.army(s).officers.get(i)
    }

    /// An officer by id, to change.
    pub fn officer_mut(&mut self, id: &str) -> Option<&mut Officer> {
        let (s, i) = self.find_officer(id)?;
        self.army_mut(s).officers.get_mut(i)
    }

    /// The regiments merged into `host` (6.8.9).
    pub fn merged_parts(&self, host: &str) -> Vec<&Regiment> {
        match self.find_regiment(host) {
            Some(at) => self
                .army(at.side)
                .divisions
                .get(at.division)
                .and_then(|d| d.brigades.get(at.brigade))
                .map(|b| b.regiments.iter().filter(|r| r.merged_into.as_deref() == Some(host)).collect())
                .unwrap_or_default(),
            None => Vec::new(),
        }
    }

    /// Stands of a merged unit: the host's and its parts' (6.8.9.a: never more than five).
    pub fn merged_stands(&self, host: &str) -> usize {
        let own = self.regiment(host).map(|r| r.stands_left()).unwrap_or(0);
        own + self.merged_parts(host).iter().map(|p| p.stands_left()).sum::<usize>()
    }

    /// The morale modifier of a merged unit: -1 for each stand attached to the regiment
    /// (6.8.9.b). Zero for a regiment that has not merged.
    pub fn merged_modifier(&self, host: &str) -> i32 {
        -(self.merged_parts(host).iter().map(|p| p.stands_left() as i32).sum::<i32>())
    }

    /// The side a unit, command or officer belongs to.
    pub fn side_of(&self, id: &str) -> Option<Side> {
        if let Some(at) = self.find_regiment(id) {
            return Some(at.side);
        }
        if let Some((s, _, _)) = self.find_brigade(id) {
            return Some(s);
        }
        if let Some((s, _)) = self.find_division(id) {
            return Some(s);
        }
        if let Some(at) = self.find_battery(id) {
            return Some(at.side);
        }
        if let Some((bat, _)) = self.find_section(id) {
            return self.find_battery(&bat).map(|a| a.side);
        }
        self.find_officer(id).map(|(s, _)| s)
    }

    /// The elements of a command (11.1): its regiments, gun sections, and the brigade and
    /// divisional officers commanding its brigades and divisions.
    pub fn elements(&self, scope: &CommandScope) -> Vec<Element> {
        let mut out = Vec::new();
        let (side, divisions, brigades): (Side, Vec<&Division>, Vec<&Brigade>) = match scope {
            CommandScope::Army(s) => {
                let a = self.army(*s);
                (*s, a.divisions.iter().collect(), a.brigades().collect())
            }
            CommandScope::Division(id) => match (self.find_division(id), self.division(id)) {
                (Some((s, _)), Some(d)) => (s, vec![d], d.brigades.iter().collect()),
                _ => return out,
            },
            CommandScope::Brigade(id) => match (self.find_brigade(id), self.brigade(id)) {
                (Some((s, _, _)), Some(b)) => (s, Vec::new(), vec![b]),
                _ => return out,
            },
        };
        let army = self.army(side);
        // A regiment is lost when all its own stands are removed; merging is not a loss
        // (11.2), and a merged regiment's stands keep their own count (6.8.9.b).
        for b in &brigades {
            for r in &b.regiments {
                out.push(Element { kind: ElementKind::Regiment, scenario_points: None, lost: r.is_lost() });
            }
        }
        let mut batteries: Vec<&Battery> = brigades.iter().flat_map(|b| b.batteries.iter()).collect();
        batteries.extend(divisions.iter().flat_map(|d| d.batteries.iter()));
        for bat in batteries {
            for s in &bat.sections {
                out.push(Element { kind: ElementKind::GunSection, scenario_points: None, lost: s.state.is_lost() });
            }
        }
        let brigade_ids: HashSet<&str> = brigades.iter().map(|b| b.id.as_str()).collect();
        let division_ids: HashSet<&str> = divisions.iter().map(|d| d.id.as_str()).collect();
        for o in &army.officers {
            let Some(c) = o.commands.as_deref() else { continue };
            let kind = match o.rank {
                Rank::BrigadeCommander if brigade_ids.contains(c) => ElementKind::BrigadeOfficer,
                Rank::DivisionCommander if division_ids.contains(c) => ElementKind::DivisionalOfficer,
                _ => continue,
            };
            out.push(Element { kind, scenario_points: o.scenario_points, lost: o.is_removed() });
        }
        out
    }

    /// The stance that sets a command's levels (11.2): a brigade takes its division's.
    pub fn stance(&self, scope: &CommandScope) -> Stance {
        match scope {
            CommandScope::Army(s) => self.army(*s).stance,
            CommandScope::Division(id) => self.division(id).map(|d| d.stance).unwrap_or_default(),
            CommandScope::Brigade(id) => self
                .find_brigade(id)
                .and_then(|(s, d, _)| self.army(s).divisions.get(d))
                .map(|d| d.stance)
                .unwrap_or_default(),
        }
    }

    /// A command's value and level (11.1, 11.2); `None` for an empty or unknown command.
    pub fn integrity(&self, scope: &CommandScope) -> Option<Integrity> {
        integrity(&self.elements(scope), self.stance(scope)).ok()
    }

    /// The level whose restrictions are in force for a command on `turn`: the highest level
    /// it reached on an earlier turn (11.2, "beginning on the turn after").
    pub fn level_in_force(&self, scope: &CommandScope, turn: u32) -> IntegrityLevel {
        self.levels_reached
            .iter()
            .filter(|l| &l.scope == scope)
            .map(|l| crate::rules::command_integrity::level_in_force(l.level, l.turn, turn))
            .max()
            .unwrap_or(IntegrityLevel::Fighting)
    }

    /// Records the levels crossed on `turn`: a level reached is noted once; going back below
    /// a level (a kill taken back) forgets it.
    pub fn note_levels(&mut self, crossed: &[LevelCrossed], turn: u32) {
        for c in crossed {
            if c.to > c.from {
                for level in [IntegrityLevel::CeaseOffensive, IntegrityLevel::RetireFromField] {
                    let known = self.levels_reached.iter().any(|l| l.scope == c.scope && l.level == level);
                    if level > c.from && level <= c.to && !known {
                        self.levels_reached.push(LevelReached { scope: c.scope.clone(), level, turn });
                    }
                }
            } else {
                self.levels_reached.retain(|l| !(l.scope == c.scope && l.level > c.to));
            }
        }
    }

    /// Every command with points: each army, each division, each brigade.
    pub fn commands(&self) -> Vec<CommandIntegrity> {
        let mut out = Vec::new();
        for side in Side::BOTH {
            let a = self.army(side);
            let mut scopes = vec![(CommandScope::Army(side), format!("{} army", side.label()))];
            for d in &a.divisions {
                scopes.push((CommandScope::Division(d.id.clone()), d.name.clone()));
                for b in &d.brigades {
                    scopes.push((CommandScope::Brigade(b.id.clone()), b.name.clone()));
                }
            }
            for (scope, name) in scopes {
                if let Some(integrity) = self.integrity(&scope) {
                    out.push(CommandIntegrity { scope, name, integrity });
                }
            }
        }
        out
    }

    /// The commands whose level differs between `before` and `self`.
    pub fn levels_crossed(&self, before: &Roster) -> Vec<LevelCrossed> {
        self.levels_crossed_from(&before.commands())
    }

    /// The commands whose integrity level differs from `old` (the roster's
    /// [`Roster::commands`] before a change), without keeping a copy of the whole roster.
    pub fn levels_crossed_from(&self, old: &[CommandIntegrity]) -> Vec<LevelCrossed> {
        self.commands()
            .into_iter()
            .filter_map(|now| {
                let from = old
                    .iter()
                    .find(|o| o.scope == now.scope)
                    .map(|o| o.integrity.level)
                    .unwrap_or(IntegrityLevel::Fighting);
                (from != now.integrity.level).then_some(LevelCrossed {
                    scope: now.scope,
                    name: now.name,
                    from,
                    to: now.integrity.level,
                })
            })
            .collect()
    }

    /// Every problem of the roster, each prefixed with where it is. Empty when sound: unique
    /// ids, names, sizes within [`limits`], units within the rules, officers pointing at
    /// existing commands and units.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut seen: HashSet<&str> = HashSet::new();
        let mut ids: Vec<(&str, String)> = Vec::new();
        for side in Side::BOTH {
            let a = self.army(side);
            let sl = side.label();
            let count = |n: usize, max: usize, what: &str, out: &mut Vec<String>| {
                if n > max {
                    out.push(format!("{sl}: {n} {what}; the app takes at most {max}"));
                }
            };
            count(a.divisions.len(), limits::DIVISIONS_PER_SIDE, "divisions", &mut out);
            count(a.brigades().count(), limits::BRIGADES_PER_SIDE, "brigades", &mut out);
            count(a.regiments().count(), limits::REGIMENTS_PER_SIDE, "regiments", &mut out);
            count(a.batteries().count(), limits::BATTERIES_PER_SIDE, "batteries", &mut out);
            count(a.officers.len(), limits::OFFICERS_PER_SIDE, "officers", &mut out);
            for d in &a.divisions {
                let dp = format!("{sl} \u{203a} {}", shown(&d.name));
                ids.push((&d.id, dp.clone()));
                name_problem(&d.name, &dp, &mut out);
                for b in &d.brigades {
                    let bp = format!("{dp} \u{203a} {}", shown(&b.name));
                    ids.push((&b.id, bp.clone()));
                    name_problem(&b.name, &bp, &mut out);
                    for r in &b.regiments {
                        let rp = format!("{bp} \u{203a} {}", shown(&r.name));
                        ids.push((&r.id, rp.clone()));
                        name_problem(&r.name, &rp, &mut out);
                        out.extend(r.problems().into_iter().map(|p| format!("{rp}: {p}")));
                        if let Some(host) = &r.merged_into {
                            let same_brigade = b.regiments.iter().any(|x| &x.id == host && x.id != r.id);
                            if !same_brigade {
                                out.push(format!("{rp}: merged into a regiment not of its brigade (6.8.9)"));
                            } else if self.regiment(host).is_some_and(|h| h.merged_into.is_some()) {
                                out.push(format!("{rp}: merged into a regiment that itself merged"));
                            }
                        }
                        if r.merged_into.is_none() {
                            let parts = self.merged_parts(&r.id);
                            let stands = r.stands_left() + parts.iter().map(|p| p.stands_left()).sum::<usize>();
                            if !parts.is_empty() && stands > MAX_MERGED_STANDS {
                                out.push(format!(
                                    "{rp}: a merged unit may never have more than {MAX_MERGED_STANDS} stands (6.8.9.a)"
                                ));
                            }
                        }
                    }
                    battery_problems(&b.batteries, &bp, &mut ids, &mut out);
                }
                battery_problems(&d.batteries, &dp, &mut ids, &mut out);
            }
            for o in &a.officers {
                let op = format!("{sl} \u{203a} {}", shown(&o.name));
                ids.push((&o.id, op.clone()));
                name_problem(&o.name, &op, &mut out);
                if o.benefit > MAX_BENEFIT {
                    out.push(format!(
                        "{op}: a benefit value of {} is beyond the app's limit of {MAX_BENEFIT}",
                        o.benefit
                    ));
                }
                if o.scenario_points.is_some_and(|p| p > MAX_SCENARIO_POINTS) {
                    out.push(format!("{op}: scenario points beyond the app's limit of {MAX_SCENARIO_POINTS}"));
                }
                if let Some(c) = &o.commands {
                    let ok = match o.rank {
                        Rank::BrigadeCommander => self.find_brigade(c).is_some_and(|(s, _, _)| s == side),
                        Rank::DivisionCommander => self.find_division(c).is_some_and(|(s, _)| s == side),
                        Rank::Other => self.find_brigade(c).is_some() || self.find_division(c).is_some(),
                    };
                    if !ok {
                        out.push(format!(
                            "{op}: commands a {} not in his army",
                            match o.rank {
                                Rank::DivisionCommander => "division",
                                _ => "brigade",
                            }
                        ));
                    }
                }
                if let Some(u) = &o.with_unit
                    && self.find_regiment(u).is_none()
                    && self.find_section(u).is_none()
                {
                    out.push(format!("{op}: is with a unit not in the roster"));
                }
            }
        }
        if self.levels_reached.len() > 6 * (limits::DIVISIONS_PER_SIDE + limits::BRIGADES_PER_SIDE + 1) {
            out.push("too many integrity records".to_string());
        }
        for (i, place) in &ids {
            if let Err(why) = check_id(i) {
                out.push(format!("{place}: {why}"));
            } else if !seen.insert(i) {
                out.push(format!("{place}: id \u{201c}{i}\u{201d} is used twice"));
            }
        }
        out
    }

    /// Checks the whole roster; the first problems found, joined, when it is not sound.
    pub fn validate(&self) -> Result<(), String> {
        let problems = self.problems();
        if problems.is_empty() {
            Ok(())
        } else {
            let n = problems.len();
            let mut text = problems.into_iter().take(5).collect::<Vec<_>>().join("; ");
            if n > 5 {
                text.push_str(&format!("; and {} more", n - 5));
            }
            Err(text)
        }
    }
}
pub use companion_core::names::shown;

fn name_problem(name: &str, place: &str, out: &mut Vec<String>) {
    if let Err(why) = check_name(name) {
        out.push(format!("{place}: {why}"));
    }
}

fn battery_problems<'a>(
    batteries: &'a [Battery],
    place: &str,
    ids: &mut Vec<(&'a str, String)>,
    out: &mut Vec<String>,
) {
    for bat in batteries {
        let p = format!("{place} \u{203a} {}", shown(&bat.name));
        ids.push((&bat.id, p.clone()));
        name_problem(&bat.name, &p, out);
        if bat.sections.len() > limits::SECTIONS_PER_BATTERY {
            out.push(format!(
                "{p}: {} sections; the app takes at most {}",
                bat.sections.len(),
                limits::SECTIONS_PER_BATTERY
            ));
        }
        for s in &bat.sections {
            let sp = format!("{p} \u{203a} {}", shown(&s.name));
            ids.push((&s.id, sp.clone()));
            name_problem(&s.name, &sp, out);
            out.extend(s.problems().into_iter().map(|x| format!("{sp}: {x}")));
        }
    }
}

/// A marker on a regiment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RegimentFlag {
    /// Out of ammunition for the rest of the scenario (4.2.4.a).
    OutOfAmmo,
    /// Its opening volley has been fired (4.2.3).
    OpeningVolleyUsed,
    /// Lying prone (6.8.5).
    Prone,
    /// Removed from the board as lost (2.3, a routed unit failing a check).
    RemovedFromBoard,
}

impl RegimentFlag {
    /// The words of the marker.
    pub fn label(self) -> &'static str {
        match self {
            RegimentFlag::OutOfAmmo => "out of ammo",
            RegimentFlag::OpeningVolleyUsed => "opening volley fired",
            RegimentFlag::Prone => "lying prone",
            RegimentFlag::RemovedFromBoard => "removed from the board",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::demo::demo_game;

    fn reg(stands: Vec<u8>) -> Regiment {
        Regiment::new("r1", "24th New York", stands, Quality::Average, Weapon::RifleMusket)
    }

    /// 2.2, Table 2 no. 1: the units that may have seen a rout are its friends, not the
    /// routed unit itself, not the enemy, not a unit routed already.
    #[test]
    fn rule_2_2_only_friends_not_routed_could_see_a_rout() {
        let mut g = demo_game("g");
        assert!(g.roster.could_see_rout("r-6wi", "r-2wi"));
        assert!(!g.roster.could_see_rout("r-2wi", "r-2wi"), "itself");
        assert!(!g.roster.could_see_rout("r-1tn", "r-2wi"), "an enemy");
        if let Some(r) = g.roster.regiment_mut("r-6wi") {
            r.morale = MoraleLevel::Routed;
        }
        assert!(!g.roster.could_see_rout("r-6wi", "r-2wi"), "routed itself");
        assert!(!g.roster.could_see_rout("r-nobody", "r-2wi"));
    }

    #[test]
    fn rule_0_1_1_five_stands_of_one_to_six_figures() {
        assert!(check_stands(&[4; 5]).is_ok());
        assert!(check_stands(&[1; 5]).is_ok());
        assert!(check_stands(&[6; 5]).is_ok());
        assert!(check_stands(&[4; 4]).unwrap_err().contains("5 stands"));
        assert!(check_stands(&[4; 6]).is_err());
        assert!(check_stands(&[0, 4, 4, 4, 0]).unwrap_err().contains("1 to 6"));
        assert!(check_stands(&[7; 5]).is_err());
    }

    #[test]
    fn rule_0_1_1_a_uneven_regiments() {
        // "a regiment of 360 men would consist of three stands of four figures and two stands
        // of three figures ... 4-3-4-3-4".
        assert_eq!(Regiment::stands_for_total(18), Some(vec![4, 3, 4, 3, 4]));
        assert!(check_stands(&[4, 3, 4, 3, 4]).is_ok());
        assert!(check_stands(&[3, 4, 4, 4, 3]).is_ok(), "also symmetrical");
        assert!(check_stands(&[4, 4, 3, 3, 4]).unwrap_err().contains("symmetrically"));
        assert!(check_stands(&[5, 4, 3, 4, 5]).unwrap_err().contains("two stand sizes"));
        assert_eq!(Regiment::stands_for_total(20), Some(vec![4; 5]));
        assert_eq!(Regiment::stands_for_total(30), Some(vec![6; 5]));
        assert_eq!(Regiment::stands_for_total(4), None, "fewer than one figure a stand");
        assert_eq!(Regiment::stands_for_total(31), None, "more than six on a stand");
        for total in 5..=30 {
            let stands = Regiment::stands_for_total(total).unwrap();
            assert!(check_stands(&stands).is_ok(), "{total}: {stands:?}");
            assert_eq!(stands.iter().map(|f| *f as u32).sum::<u32>(), total);
        }
    }

    #[test]
    fn rule_0_1_3_the_leftmost_stand_goes_after_the_fourth_kill() {
        let mut r = reg(vec![4; 5]);
        for kills in 0..=3 {
            r.kills = kills;
            assert_eq!(r.stands_lost(), 0);
        }
        assert_eq!(r.kill_effect().map(|e| e.stand_lost), Some(true));
        r.kills = 4;
        assert_eq!((r.stands_lost(), r.stands_left(), r.figures_left()), (1, 4, 16));
        assert!(!r.stand_standing(0) && r.stand_standing(1));
        r.kills = 20;
        assert!(r.is_lost());
        assert_eq!(r.kill_effect(), None);
    }

    #[test]
    fn rule_0_1_3_uneven_stands_go_in_turn_from_the_left() {
        let mut r = reg(vec![3, 4, 3, 4, 3]);
        let goes: Vec<u32> = (1..=17)
            .filter(|k| {
                r.kills = k - 1;
                r.kill_effect().is_some_and(|e| e.stand_lost)
            })
            .collect();
        assert_eq!(goes, vec![3, 7, 10, 14, 17]);
        r.kills = 3;
        assert_eq!(r.kills_to_next_stand(), Some(4));
        assert_eq!(r.next_stand_figures(), Some(4));
    }

    #[test]
    fn stands_removed_otherwise_come_from_the_right() {
        // 2.4: a routed regiment that fails to rally loses a stand.
        let mut r = reg(vec![4; 5]);
        r.kills = 2;
        r.stands_removed = 1;
        assert_eq!((r.stands_left(), r.figures_left()), (4, 14));
        assert!(r.stand_standing(0) && !r.stand_standing(4));
        // Kills still take the left stands first.
        r.kills = 4;
        assert_eq!(r.stands_left(), 3);
        r.stands_removed = 4;
        assert!(r.is_lost());
    }

    #[test]
    fn rule_5_1_4_charges() {
        let mut c = ChargeRecord::default();
        assert_eq!(c.permission(3), ChargePermission::Fresh);
        c = ChargeRecord { last_turn: Some(3), in_a_row: 1 };
        assert!(c.charged_last_turn(4));
        assert_eq!(c.permission(4), ChargePermission::SecondTurn);
        assert_eq!(c.permission(5), ChargePermission::Fresh);
        c = ChargeRecord { last_turn: Some(4), in_a_row: 2 };
        assert_eq!(c.permission(5), ChargePermission::NotAllowed);
        assert_eq!(c.permission(4), ChargePermission::SecondTurn, "this turn's charge is the second");
    }

    #[test]
    fn regiment_checks() {
        let mut r = reg(vec![4; 5]);
        assert!(r.problems().is_empty());
        r.kills = 21;
        assert!(r.problems()[0].contains("0.1.3"));
        let mut r = reg(vec![4; 5]);
        r.detached_skirmishers = 3;
        assert!(r.problems()[0].contains("6.8.6.a"));
        let mut r = reg(vec![4; 5]);
        r.arm = Arm::Cavalry { mounted: true };
        r.formation = Formation::AttackColumn;
        assert!(r.problems()[0].contains("0.1.2.b"));
        r.arm = Arm::Artillery;
        r.formation = Formation::Line;
        assert!(r.problems()[0].contains("battery"));
        let mut s = Section::new("s", "Left", GunType::known()[0].clone(), Quality::Average);
        s.canister_used = 5;
        assert!(s.problems()[0].contains("4.3.4.a"));
    }

    #[test]
    fn weapons_and_their_traits() {
        assert!(Weapon::RepeatingRifle.implied_traits().repeater);
        assert!(Weapon::Carbine.implied_traits().no_bayonets);
        assert!(!Weapon::RifleMusket.implied_traits().no_bayonets);
        assert_eq!(Weapon::ALL.len(), 8);
        assert_eq!(Weapon::SmoothboreMusket.label(), "Smoothbore Musket");
    }

    #[test]
    fn rule_11_2_losses_that_count() {
        assert!(!GunState::Abandoned.is_lost());
        for s in [GunState::Spiked, GunState::Destroyed, GunState::Captured] {
            assert!(s.is_lost());
        }
        assert_eq!(OfficerCondition::LightWound.status(), OfficerStatus::LightlyWounded);
        assert_eq!(OfficerCondition::SevereWound.status(), OfficerStatus::Removed);
        assert_eq!(OfficerCondition::Dead.status(), OfficerStatus::Removed);
        // A lightly wounded brigadier stays in the game at the rear: not a loss.
        let mut g = demo_game("g");
        g.roster.officer_mut("o-cutler").unwrap().condition = OfficerCondition::LightWound;
        assert_eq!(g.roster.integrity(&CommandScope::Brigade("b-cutler".into())).unwrap().lost, 0);
        g.roster.officer_mut("o-cutler").unwrap().condition = OfficerCondition::SevereWound;
        assert_eq!(g.roster.integrity(&CommandScope::Brigade("b-cutler".into())).unwrap().lost, 3);
        // Scenario points for an officer (11.1 note).
        g.roster.officer_mut("o-wadsworth").unwrap().scenario_points = Some(4);
        assert_eq!(g.roster.integrity(&CommandScope::Division("d-wadsworth".into())).unwrap().value, 32);
        // A brigade takes its division's stance.
        g.roster.division_mut("d-wadsworth").unwrap().stance = Stance::Determined;
        assert_eq!(g.roster.stance(&CommandScope::Brigade("b-iron".into())), Stance::Determined);
    }

    #[test]
    fn every_command_is_listed_and_empty_commands_have_no_integrity() {
        let g = demo_game("g");
        // Two armies, two divisions, four brigades.
        assert_eq!(g.roster.commands().len(), 8);
        assert_eq!(Roster::default().commands(), vec![]);
        assert_eq!(g.roster.integrity(&CommandScope::Brigade("nope".into())), None);
    }

    #[test]
    fn rule_11_1_an_officer_leads_the_commands_of_his_rank_on_his_side() {
        let g = demo_game("g");
        let brigades = g.roster.commands_for(Side::Union, Rank::BrigadeCommander);
        assert!(brigades.iter().all(|(_, n)| n.starts_with("Brigade: ")), "{brigades:?}");
        assert!(brigades.iter().any(|(id, _)| id == "b-iron"));
        let divisions = g.roster.commands_for(Side::Union, Rank::DivisionCommander);
        assert!(!divisions.is_empty() && divisions.iter().all(|(_, n)| n.starts_with("Division: ")));
        // Never the other side's.
        assert!(!g.roster.commands_for(Side::Confederate, Rank::Other).iter().any(|(id, _)| id == "b-iron"));
        assert_eq!(g.roster.commands_for(Side::Union, Rank::Other).len(), brigades.len() + divisions.len());
    }

    #[test]
    fn roster_problems_name_the_place() {
        let mut g = demo_game("g");
        g.roster.regiment_mut("r-2wi").unwrap().stands = vec![4, 4, 4, 3, 3];
        g.roster.officer_mut("o-heth").unwrap().commands = Some("b-iron".into());
        let p = g.roster.problems();
        assert!(p.iter().any(|x| x.starts_with("Union \u{203a} \u{201c}Wadsworth's Division\u{201d} \u{203a} \u{201c}Iron Brigade\u{201d} \u{203a} \u{201c}2nd Wisconsin\u{201d}: uneven")), "{p:?}");
        assert!(p.iter().any(|x| x.contains("Heth") && x.contains("not in his army")), "{p:?}");
        assert!(g.roster.validate().is_err());
        // A hostile name is shortened and escaped in messages.
        assert_eq!(shown("a\"b\n"), "\u{201c}a\"b\\n\u{201d}");
        assert!(shown(&"x".repeat(500)).chars().count() < 50);
    }
}
