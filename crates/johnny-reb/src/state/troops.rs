//! The pieces of an order of battle: the sides, regiments with their weapons and stands, and
//! gun sections with their guns (0.1). Plain data with its checks (0.1.1-0.1.3, 4.3.4-4.3.5,
//! 5.1.4, 6.8.6, 6.8.9); the organisation that holds them is [`super::roster`].

pub use super::ids::{RegimentId, SectionId};
use crate::rules::unit::{Arm, Formation, GunWeight, MoraleLevel, Quality};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

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
    pub id: RegimentId,
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
    pub merged_into: Option<RegimentId>,
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
        id: impl Into<RegimentId>,
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
    pub id: SectionId,
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
    pub fn new(id: impl Into<SectionId>, name: impl Into<String>, gun: GunType, crew_quality: Quality) -> Section {
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

/// Checks a name found in a roster: not empty, not too long, no markup or control characters.
pub fn check_name(name: &str) -> Result<(), String> {
    super::error::clean_name(name).map(|_| ()).map_err(|e| e.to_string())?;
    if name.trim() != name {
        return Err("a name cannot start or end with spaces".into());
    }
    Ok(())
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

    fn reg(stands: Vec<u8>) -> Regiment {
        Regiment::new("r1", "24th New York", stands, Quality::Average, Weapon::RifleMusket)
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
}
