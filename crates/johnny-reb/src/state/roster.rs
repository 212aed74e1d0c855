//! The two armies of a game: divisions, brigades, batteries and the officers who lead them
//! (0.1, 11), holding the regiments and gun sections of [`super::troops`].
//!
//! Everything here is plain data with checks. Changes go through
//! [`super::roster_edit::RosterEdit`] and [`super::units::UnitCommand`]; this module gives the
//! pieces they are built from: validation ([`Roster::validate`]) and lookups. What the order of
//! battle answers beyond them (command integrity, 11) is [`super::roster_query`].

pub use super::ids::{BatteryId, BrigadeId, DivisionId, Fresh, OfficerId, UnitId};
use crate::rules::command_integrity::{IntegrityLevel, Stance};
use crate::rules::officers::OfficerStatus;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

pub use super::troops::{
    Bore, CANISTER_ROUNDS, CREW_KILLS_TO_ELIMINATE, ChargePermission, ChargeRecord, GunState, GunType, KillEffect,
    MAX_DETACHED_STANDS, MAX_FIGURES_PER_STAND, MAX_MERGED_STANDS, MIN_FIGURES_PER_STAND, Regiment, RegimentFlag,
    RegimentId, STANDS_PER_REGIMENT, Section, SectionId, Side, Weapon, WeaponTraits, check_name, check_stands,
};

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

/// An artillery battery: two or three sections usually (0.1.1.c).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Battery {
    /// Stable identity, unique in the game.
    pub id: BatteryId,
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
    pub id: BrigadeId,
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
    pub id: DivisionId,
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
    pub id: OfficerId,
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
    pub with_unit: Option<UnitId>,
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
    Division(DivisionId),
    /// One brigade, by id.
    Brigade(BrigadeId),
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

    /// A new id of the kind `T` not yet used ([`Roster::fresh_id`] with its prefix).
    pub fn fresh<T: Fresh>(&self, counter: &mut u64) -> T {
        T::from(self.fresh_id(T::PREFIX, counter))
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
    pub fn find_section(&self, id: &str) -> Option<(BatteryId, usize)> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::demo::demo_game;

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
