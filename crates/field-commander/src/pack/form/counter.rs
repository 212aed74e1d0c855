//! A counter entered in a few taps (5.0): its side, sort and type as choices, its name, Corps
//! and Skill Level, and each side's numbers typed as printed. A value left blank is missing
//! (the engine asks for it when it needs it); a value kept as it was keeps where it came from,
//! a value typed is marked entered.

use super::{FieldProblem, number};
use crate::force::{Counter, Entry, Face, ForceType, Loyalty, Skill};
use crate::pack::{CounterDesign, Echelon, Given};
use serde::{Deserialize, Serialize};

/// One side of a counter as typed (5.6, 5.7).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FaceForm {
    /// The Activation number, 1 to 10; blank while not entered.
    pub activation: String,
    /// The counter prints no Activation number (some Artillery, 11.1.1).
    pub no_activation: bool,
    /// The Combat Value, 0 to 20; blank while not entered.
    pub combat: String,
    /// The superscripted Superior Combat Value; blank when none is printed.
    pub superior: String,
}

/// A counter as the form holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterForm {
    /// The commander's name, or the generic counter's ("Union Infantry Brigade 2").
    pub name: String,
    /// Confederate or Union (5.2).
    pub side: Loyalty,
    /// Named Force, Brigade, Regiment, Battery, or Static (4.8, 6.1, 6.2).
    pub echelon: Echelon,
    /// Infantry, Cavalry, Artillery, Garrison or Fortification (5.4).
    pub kind: ForceType,
    /// The Campaign name on a Named counter (5.3).
    pub campaign: String,
    /// The Corps identifier; blank for an Independent Force (5.5).
    pub corps: String,
    /// The medallion's Skill Level (5.1); `None` while not entered.
    pub skill: Option<Skill>,
    /// The full-strength side.
    pub full: FaceForm,
    /// The reduced side, when the counter has one (5.9).
    pub reduced: Option<FaceForm>,
    /// How many of this counter the mix holds (a Named counter is one).
    pub copies: String,
    /// The design this form was opened on, whose values keep their provenance if unchanged.
    pub original: Option<CounterDesign>,
}

impl CounterForm {
    /// An empty form for a new counter.
    pub fn new(side: Loyalty, echelon: Echelon) -> CounterForm {
        let kind = CounterForm::kinds(echelon).first().copied().unwrap_or(ForceType::Infantry);
        CounterForm {
            name: String::new(),
            side,
            echelon,
            kind,
            campaign: String::new(),
            corps: String::new(),
            skill: None,
            full: FaceForm::default(),
            reduced: None,
            copies: if echelon == Echelon::Named { "1".into() } else { String::new() },
            original: None,
        }
    }

    /// The types a counter of this sort may show (4.8, 6.1, 6.2).
    pub fn kinds(echelon: Echelon) -> &'static [ForceType] {
        match echelon {
            Echelon::Named => &[ForceType::Infantry, ForceType::Cavalry, ForceType::Artillery],
            Echelon::Brigade | Echelon::Regiment => &[ForceType::Infantry, ForceType::Cavalry],
            Echelon::Battery => &[ForceType::Artillery],
            Echelon::Static => &[ForceType::Garrison, ForceType::Fortification],
        }
    }

    /// Whether the counter can have a reduced side: Cavalry, Artillery, Brigades, Regiments
    /// and Batteries have none (6.1).
    pub fn may_be_reduced(&self) -> bool {
        matches!(self.kind, ForceType::Infantry | ForceType::Garrison | ForceType::Fortification)
            && matches!(self.echelon, Echelon::Named | Echelon::Static)
    }

    /// The form of an existing design.
    pub fn from_design(d: &CounterDesign) -> CounterForm {
        let c = &d.counter;
        CounterForm {
            name: c.name.clone(),
            side: c.loyalty,
            echelon: d.echelon,
            kind: c.kind,
            campaign: d.campaign.clone().unwrap_or_default(),
            corps: c.corps.clone().unwrap_or_default(),
            skill: value(&c.skill),
            full: face_form(&c.full),
            reduced: match &c.reduced {
                Entry::Entered(Some(f)) | Entry::MadeUp(Some(f)) => Some(face_form(f)),
                _ => None,
            },
            copies: d.copies.value().map(u32::to_string).unwrap_or_default(),
            original: Some(d.clone()),
        }
    }

    /// The key the design is known by in the pack: a Named counter's name with its campaign,
    /// a generic counter's name.
    pub fn key(&self) -> String {
        let name = self.name.trim();
        if self.echelon == Echelon::Named && !self.campaign.trim().is_empty() {
            format!("{name} ({})", self.campaign.trim())
        } else {
            name.to_string()
        }
    }

    /// The design, or every problem of the form with its field.
    pub fn design(&self) -> Result<CounterDesign, Vec<FieldProblem>> {
        let mut problems = Vec::new();
        let mut bad = |field: &'static str, problem: String| problems.push(FieldProblem { field, problem });
        if self.name.trim().is_empty() {
            bad("name", "Enter the name printed on the counter.".into());
        }
        if !CounterForm::kinds(self.echelon).contains(&self.kind) {
            bad("kind", format!("A {:?} cannot be {:?} (4.8, 6.1, 6.2).", self.echelon, self.kind));
        }
        let named = self.echelon == Echelon::Named;
        if named && self.campaign.trim().is_empty() {
            bad("campaign", "A Named Force carries its Campaign's name (5.3, 7.7).".into());
        }
        let old = self.original.as_ref().map(|d| &d.counter);
        let full = self.face(&self.full, old.map(|c| &c.full), "full", &mut bad);
        let reduced = match (&self.reduced, self.may_be_reduced()) {
            (Some(f), true) => {
                let old_face = match old.map(|c| &c.reduced) {
                    Some(Entry::Entered(Some(o)) | Entry::MadeUp(Some(o))) => Some(o),
                    _ => None,
                };
                Entry::Entered(Some(self.face(f, old_face, "reduced", &mut bad)))
            }
            _ => Entry::Entered(None),
        };
        let copies: Given<u32> = if named {
            keep(self.original.as_ref().map(|d| &d.copies), 1)
        } else {
            match number(&self.copies, 1, 200) {
                Ok(None) => Given::Missing,
                Ok(Some(n)) => keep(self.original.as_ref().map(|d| &d.copies), n),
                Err(e) => {
                    bad("copies", format!("Copies: {e}"));
                    Given::Missing
                }
            }
        };
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut counter = Counter::new(self.name.trim(), self.side, self.kind, named);
        let corps = self.corps.trim();
        counter.corps = (!corps.is_empty()).then(|| corps.to_string());
        counter.skill = match self.skill {
            Some(s) => keep_entry(old.map(|c| &c.skill), s),
            None => Entry::Missing,
        };
        counter.full = full;
        counter.reduced = match (old.map(|c| &c.reduced), &reduced) {
            (Some(o @ Entry::MadeUp(_)), Entry::Entered(v)) if entry_value(o) == Some(v) => *o,
            _ => reduced,
        };
        let campaign = named.then(|| self.campaign.trim().to_string());
        // A design opened again keeps its key while its name and campaign are unchanged.
        let key = match &self.original {
            Some(o) if o.counter.name == counter.name && o.campaign == campaign => o.key.clone(),
            _ => self.key(),
        };
        Ok(CounterDesign { key, counter, echelon: self.echelon, campaign, copies })
    }

    fn face(&self, f: &FaceForm, old: Option<&Face>, side: &str, bad: &mut impl FnMut(&'static str, String)) -> Face {
        let field = |what: &'static str| -> &'static str {
            match (side, what) {
                ("full", "activation") => "full activation",
                ("full", "combat") => "full combat",
                ("full", _) => "full superior",
                (_, "activation") => "reduced activation",
                (_, "combat") => "reduced combat",
                _ => "reduced superior",
            }
        };
        let activation = if f.no_activation {
            keep_entry(old.map(|o| &o.activation), None)
        } else {
            match number(&f.activation, 1, 10) {
                Ok(None) => Entry::Missing,
                Ok(Some(a)) => keep_entry(old.map(|o| &o.activation), Some(a as u8)),
                Err(e) => {
                    bad(field("activation"), format!("The {side} side's Activation number: {e} (5.6)"));
                    Entry::Missing
                }
            }
        };
        let combat = match number(&f.combat, 0, 20) {
            Ok(None) => Entry::Missing,
            Ok(Some(c)) => keep_entry(old.map(|o| &o.combat), c as u8),
            Err(e) => {
                bad(field("combat"), format!("The {side} side's Combat Value: {e} (5.7)"));
                Entry::Missing
            }
        };
        let superior = match (number(&f.superior, 0, 20), combat) {
            (Ok(None), Entry::Missing) => Entry::Missing,
            (Ok(None), _) => keep_entry(old.map(|o| &o.superior), None),
            (Ok(Some(s)), Entry::Entered(c) | Entry::MadeUp(c)) if s as u8 > c => {
                bad(field("superior"), format!("The superscript {s} is above the Combat Value {c} (5.7)"));
                Entry::Missing
            }
            (Ok(Some(s)), _) => keep_entry(old.map(|o| &o.superior), Some(s as u8)),
            (Err(e), _) => {
                bad(field("superior"), format!("The {side} side's superscript: {e} (5.7)"));
                Entry::Missing
            }
        };
        Face { activation, combat, superior }
    }
}

fn value<T: Copy>(e: &Entry<T>) -> Option<T> {
    entry_value(e).copied()
}

fn entry_value<T>(e: &Entry<T>) -> Option<&T> {
    match e {
        Entry::Entered(v) | Entry::MadeUp(v) => Some(v),
        Entry::Missing => None,
    }
}

/// The old entry when its value is the one typed (so a made-up value stays marked made up),
/// else the value marked entered.
fn keep_entry<T: Copy + PartialEq>(old: Option<&Entry<T>>, v: T) -> Entry<T> {
    match old {
        Some(o @ Entry::MadeUp(x)) if *x == v => *o,
        _ => Entry::Entered(v),
    }
}

fn keep(old: Option<&Given<u32>>, v: u32) -> Given<u32> {
    match old {
        Some(o) if o.value() == Some(&v) => o.clone(),
        _ => Given::Entered(v),
    }
}

fn face_form(f: &Face) -> FaceForm {
    let opt = |e: &Entry<Option<u8>>| value(e).flatten().map(|v| v.to_string()).unwrap_or_default();
    FaceForm {
        activation: opt(&f.activation),
        no_activation: matches!(f.activation, Entry::Entered(None) | Entry::MadeUp(None)),
        combat: value(&f.combat).map(|v| v.to_string()).unwrap_or_default(),
        superior: opt(&f.superior),
    }
}
