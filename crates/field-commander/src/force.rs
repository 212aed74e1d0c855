//! Force counters (5.0, 6.0): skill, type, full and reduced sides with their activation, combat
//! and superior values. Counters are components, not in the text (GAPS-field-commander.md):
//! every value is [`Entry::Missing`] until the player enters it from the counter.

use companion_core::error::{RuleError, RuleResult};
use companion_core::provenance::CellRef;
use serde::{Deserialize, Serialize};

/// A value of a counter and where it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Entry<T> {
    /// Not entered yet: the engine asks for it rather than guessing.
    Missing,
    /// Entered by the player from the counter.
    Entered(T),
    /// Made up for the practice battle; never the game's value.
    MadeUp(T),
}

impl<T: Copy> Entry<T> {
    /// The value, or a request naming the counter and the value to look up.
    pub fn get(&self, counter: &str, what: &str) -> RuleResult<T> {
        match self {
            Entry::Entered(v) | Entry::MadeUp(v) => Ok(*v),
            Entry::Missing => Err(RuleError::Missing(CellRef::new("Counter", counter, what))),
        }
    }

    /// Whether the value is made up (the practice battle says so beside it).
    pub fn is_made_up(&self) -> bool {
        matches!(self, Entry::MadeUp(_))
    }
}

/// The two armies (5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Loyalty {
    /// The player's army.
    Confederate,
    /// The army the app plays.
    Union,
}

impl Loyalty {
    /// The army's name.
    pub fn label(self) -> &'static str {
        match self {
            Loyalty::Confederate => "Confederate",
            Loyalty::Union => "Union",
        }
    }

    /// The other army.
    pub fn opponent(self) -> Loyalty {
        match self {
            Loyalty::Confederate => Loyalty::Union,
            Loyalty::Union => Loyalty::Confederate,
        }
    }
}

/// Skill Level, weakest first (5.1): the derived order is the rules' order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Skill {
    /// Conscript (C).
    Conscript,
    /// Poor Line (P).
    PoorLine,
    /// Line (L).
    Line,
    /// Veteran (V).
    Veteran,
    /// Elite (E).
    Elite,
}

impl Skill {
    /// Every Skill Level, weakest first (5.1).
    pub const ALL: [Skill; 5] = [Skill::Conscript, Skill::PoorLine, Skill::Line, Skill::Veteran, Skill::Elite];

    /// The name, as 5.1 gives it.
    pub fn label(self) -> &'static str {
        match self {
            Skill::Conscript => "Conscript",
            Skill::PoorLine => "Poor Line",
            Skill::Line => "Line",
            Skill::Veteran => "Veteran",
            Skill::Elite => "Elite",
        }
    }

    /// The medallion's letter (5.1).
    pub fn letter(self) -> &'static str {
        match self {
            Skill::Conscript => "C",
            Skill::PoorLine => "P",
            Skill::Line => "L",
            Skill::Veteran => "V",
            Skill::Elite => "E",
        }
    }
}

/// Force Type (5.4, 6.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ForceType {
    /// Mobile (6.1).
    Infantry,
    /// Mobile; no reduced side (6.1).
    Cavalry,
    /// Mobile; no reduced side (6.1).
    Artillery,
    /// Static (6.2).
    Garrison,
    /// Static (6.2).
    Fortification,
}

impl ForceType {
    /// Every type, in the order of 5.4.
    pub const ALL: [ForceType; 5] =
        [ForceType::Infantry, ForceType::Cavalry, ForceType::Artillery, ForceType::Garrison, ForceType::Fortification];

    /// The type's name.
    pub fn label(self) -> &'static str {
        match self {
            ForceType::Infantry => "Infantry",
            ForceType::Cavalry => "Cavalry",
            ForceType::Artillery => "Artillery",
            ForceType::Garrison => "Garrison",
            ForceType::Fortification => "Fortification",
        }
    }

    /// Infantry, Cavalry and Artillery move (6.1); Garrisons and Fortifications do not (6.2).
    pub fn is_mobile(self) -> bool {
        matches!(self, ForceType::Infantry | ForceType::Cavalry | ForceType::Artillery)
    }

    /// Artillery and Fortifications fire at range and never in Melee (11.6, 11.7).
    pub fn is_gun(self) -> bool {
        matches!(self, ForceType::Artillery | ForceType::Fortification)
    }
}

/// One side of a counter (5.6, 5.7): the activation number (some Artillery has none, 11.1.1),
/// the combat value and the superscripted superior value, if printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Face {
    /// Activation number; `None` where the counter prints none.
    pub activation: Entry<Option<u8>>,
    /// Combat value (also the Buy Cost, 5.7).
    pub combat: Entry<u8>,
    /// Superscripted Combat Value; `None` where the counter prints none.
    pub superior: Entry<Option<u8>>,
}

impl Face {
    /// A side with nothing entered yet.
    pub const MISSING: Face = Face { activation: Entry::Missing, combat: Entry::Missing, superior: Entry::Missing };

    /// A side with every value entered.
    pub fn entered(activation: Option<u8>, combat: u8, superior: Option<u8>) -> Face {
        Face {
            activation: Entry::Entered(activation),
            combat: Entry::Entered(combat),
            superior: Entry::Entered(superior),
        }
    }
}

/// A Force counter as the player entered it (5.0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    /// The commander's name for a Named Force, or "Brigade", "Regiment", "Battery" (4.8).
    pub name: String,
    /// Confederate or Union (5.2).
    pub loyalty: Loyalty,
    /// The graphic (5.4).
    pub kind: ForceType,
    /// A Named Force carries a commander's name; Additional Forces do not (4.8).
    pub named: bool,
    /// The Corps identifier; `None` for an Independent Force (5.5).
    pub corps: Option<String>,
    /// The medallion (5.1).
    pub skill: Entry<Skill>,
    /// The full-strength side (5.9).
    pub full: Face,
    /// The reduced side; `None` where the counter has none.
    pub reduced: Entry<Option<Face>>,
}

impl Counter {
    /// A counter whose values are all still to be entered.
    pub fn new(name: impl Into<String>, loyalty: Loyalty, kind: ForceType, named: bool) -> Counter {
        Counter {
            name: name.into(),
            loyalty,
            kind,
            named,
            corps: None,
            skill: Entry::Missing,
            full: Face::MISSING,
            reduced: Entry::Missing,
        }
    }

    /// The reduced side. Cavalry, Artillery and Additional Forces have none by 6.1, whatever
    /// was entered; other counters need it entered.
    pub fn reduced_side(&self) -> RuleResult<Option<Face>> {
        let additional = !self.named && self.kind.is_mobile();
        if matches!(self.kind, ForceType::Cavalry | ForceType::Artillery) || additional {
            return Ok(None);
        }
        self.reduced.get(&self.name, "reduced side")
    }

    /// The side showing.
    pub fn face(&self, strength: Strength) -> RuleResult<Face> {
        match strength {
            Strength::Full => Ok(self.full),
            Strength::Reduced => self.reduced_side()?.ok_or_else(|| RuleError::OutOfRange {
                what: "force",
                detail: format!("{} has no reduced side", self.name),
            }),
        }
    }

    /// Every value the engine would ask for that is still missing, as the cells to enter.
    pub fn missing(&self) -> Vec<CellRef> {
        let mut out = Vec::new();
        let mut face = |f: &Face, side: &str| {
            if f.activation == Entry::Missing {
                out.push(CellRef::new("Counter", &self.name, format!("{side} activation")));
            }
            if f.combat == Entry::Missing {
                out.push(CellRef::new("Counter", &self.name, format!("{side} combat value")));
            }
            if f.superior == Entry::Missing {
                out.push(CellRef::new("Counter", &self.name, format!("{side} superior value")));
            }
        };
        face(&self.full, "full");
        if let Entry::Entered(Some(r)) | Entry::MadeUp(Some(r)) = &self.reduced {
            face(r, "reduced");
        }
        if self.skill == Entry::Missing {
            out.insert(0, CellRef::new("Counter", &self.name, "skill"));
        }
        if self.reduced == Entry::Missing && matches!(self.reduced_side(), Err(RuleError::Missing(_))) {
            out.push(CellRef::new("Counter", &self.name, "reduced side"));
        }
        out
    }
}

/// Which side of the counter is face up (5.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Strength {
    /// Full strength.
    Full,
    /// Flipped to the side with the red slash.
    Reduced,
}

/// What one Hit did (11.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HitResult {
    /// Flipped to the reduced side.
    Flipped,
    /// Removed from play (5.9, 11.10): a reduced force, or one with no reduced side, or whose
    /// reduced side prints no activation number or combat value.
    Destroyed,
}

/// One Hit on a force showing `strength` (5.9, 11.10). Nothing here flips a reduced force back:
/// only Refit (15.4) and Union Resupply (18.0) do, outside a battle.
pub fn suffer_hit(counter: &Counter, strength: Strength) -> RuleResult<HitResult> {
    if strength == Strength::Reduced {
        return Ok(HitResult::Destroyed);
    }
    match counter.reduced_side()? {
        None => Ok(HitResult::Destroyed),
        Some(r) => {
            // 5.9: a reduced side with no Activation number is no side to flip to. A reduced
            // side without a Combat Value is entered as no reduced side at all.
            let activation = r.activation.get(&counter.name, "reduced activation")?;
            r.combat.get(&counter.name, "reduced combat value")?;
            Ok(if activation.is_none() { HitResult::Destroyed } else { HitResult::Flipped })
        }
    }
}

/// Where a destroyed force goes (11.11, 4.18, 4.19, 6.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Destination {
    /// Named Mobile Union Forces (4.18).
    ReinforcementCup,
    /// Union Brigades, Regiments and Batteries (4.19).
    AdditionalForcesCup,
    /// Garrisons and Fortifications (6.2.1).
    StaticForcesPile,
    /// Confederate forces, next to the campaign map for repurchase (15.5).
    BesideTheMap,
}

/// 11.11. The rule also lists Union Garrisons and Fortifications under the Additional Forces
/// cup and then under the Static Forces Pile: ruling "Destroyed static forces" in RULINGS.md
/// follows 4.19 and 6.2.1, the pile.
pub fn destination(counter: &Counter) -> Destination {
    match (counter.loyalty, counter.kind.is_mobile(), counter.named) {
        (Loyalty::Confederate, _, _) => Destination::BesideTheMap,
        (Loyalty::Union, false, _) => Destination::StaticForcesPile,
        (Loyalty::Union, true, true) => Destination::ReinforcementCup,
        (Loyalty::Union, true, false) => Destination::AdditionalForcesCup,
    }
}
