//! A row of the Union Resupply Table (18.2, 18.3) as the form holds it: what the Union gains,
//! how many, of which arm, and the follow-up roll's column where the row has one.

use super::{given_text, number};
use crate::force::ForceType;
use crate::pack::{Echelon, Given, Resupply};
use serde::{Deserialize, Serialize};

/// The kinds of result the table prints (18.2, 18.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResupplyKind {
    /// Nothing.
    Nothing,
    /// Extra Command Points.
    CommandPoints,
    /// Brigades from the Additional Forces cup.
    Brigade,
    /// Regiments from the Additional Forces cup.
    Regiment,
    /// A Battery whose Combat Value a follow-up roll gives.
    Battery,
    /// A Reinforcement from the Reinforcement cup.
    Reinforcement,
    /// A Garrison from the Static Forces Pile.
    Garrison,
    /// A Fortification from the Static Forces Pile.
    Fortification,
    /// Words the app does not read.
    Words,
}

impl ResupplyKind {
    /// Every kind, in the order the form offers them.
    pub const ALL: [ResupplyKind; 9] = [
        ResupplyKind::Nothing,
        ResupplyKind::Brigade,
        ResupplyKind::Regiment,
        ResupplyKind::Battery,
        ResupplyKind::Reinforcement,
        ResupplyKind::Garrison,
        ResupplyKind::Fortification,
        ResupplyKind::CommandPoints,
        ResupplyKind::Words,
    ];

    /// The kind in the table's words.
    pub fn label(self) -> &'static str {
        match self {
            ResupplyKind::Nothing => "Nothing",
            ResupplyKind::CommandPoints => "Command Points",
            ResupplyKind::Brigade => "Brigade",
            ResupplyKind::Regiment => "Regiment",
            ResupplyKind::Battery => "Battery (roll again)",
            ResupplyKind::Reinforcement => "Reinforcement",
            ResupplyKind::Garrison => "Garrison",
            ResupplyKind::Fortification => "Fortification",
            ResupplyKind::Words => "Other words (applied by hand)",
        }
    }
}

/// A table row as the form holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResupplyForm {
    /// What the Union gains.
    pub kind: ResupplyKind,
    /// How many (counters or Command Points).
    pub count: String,
    /// Infantry or Cavalry, where the row says which.
    pub arm: Option<ForceType>,
    /// The follow-up roll's column (18.3): a Battery's Combat Value, or a Static Force's Area,
    /// for rolls 1 to 10; all blank for a random Union-Held Area.
    pub follow_up: Vec<String>,
    /// The words of a row the app does not read.
    pub words: String,
}

impl Default for ResupplyForm {
    fn default() -> Self {
        ResupplyForm {
            kind: ResupplyKind::Nothing,
            count: "1".into(),
            arm: None,
            follow_up: vec![String::new(); 10],
            words: String::new(),
        }
    }
}

impl ResupplyForm {
    /// The form of a table's row.
    pub fn from_row(r: &Resupply) -> ResupplyForm {
        let mut f = ResupplyForm::default();
        match r {
            Resupply::Nothing => {}
            Resupply::CommandPoints(n) => {
                f.kind = ResupplyKind::CommandPoints;
                f.count = n.to_string();
            }
            Resupply::Additional { echelon, count, arm } => {
                f.kind = if *echelon == Echelon::Regiment { ResupplyKind::Regiment } else { ResupplyKind::Brigade };
                f.count = count.to_string();
                f.arm = *arm;
            }
            Resupply::Battery(values) => {
                f.kind = ResupplyKind::Battery;
                f.follow_up = values.iter().map(given_text).collect();
            }
            Resupply::Reinforcement => f.kind = ResupplyKind::Reinforcement,
            Resupply::Static(kind, areas) => {
                f.kind =
                    if *kind == ForceType::Garrison { ResupplyKind::Garrison } else { ResupplyKind::Fortification };
                if !areas.is_empty() {
                    f.follow_up = areas.iter().map(|a| a.value().cloned().unwrap_or_default()).collect();
                }
            }
            Resupply::Text(t) => {
                f.kind = ResupplyKind::Words;
                f.words = t.clone();
            }
        }
        f.follow_up.resize(10, String::new());
        f
    }

    /// The row, or what is wrong with the form.
    pub fn row(&self) -> Result<Resupply, String> {
        let count = || -> Result<u8, String> {
            number(&self.count, 1, 20)?.map(|n| n as u8).ok_or_else(|| "type how many".to_string())
        };
        Ok(match self.kind {
            ResupplyKind::Nothing => Resupply::Nothing,
            ResupplyKind::CommandPoints => Resupply::CommandPoints(count()?),
            ResupplyKind::Brigade | ResupplyKind::Regiment => Resupply::Additional {
                echelon: if self.kind == ResupplyKind::Brigade { Echelon::Brigade } else { Echelon::Regiment },
                count: count()?,
                arm: self.arm.filter(|k| matches!(k, ForceType::Infantry | ForceType::Cavalry)),
            },
            ResupplyKind::Battery => {
                let mut values = Vec::new();
                for (i, v) in self.follow_up.iter().take(10).enumerate() {
                    values.push(match number(v, 0, 20).map_err(|e| format!("follow-up roll {}: {e}", i + 1))? {
                        Some(n) => Given::Entered(n as u8),
                        None => Given::Missing,
                    });
                }
                values.resize(10, Given::Missing);
                Resupply::Battery(values)
            }
            ResupplyKind::Reinforcement => Resupply::Reinforcement,
            ResupplyKind::Garrison | ResupplyKind::Fortification => {
                let kind =
                    if self.kind == ResupplyKind::Garrison { ForceType::Garrison } else { ForceType::Fortification };
                let areas: Vec<Given<String>> = self
                    .follow_up
                    .iter()
                    .take(10)
                    .map(|a| if a.trim().is_empty() { Given::Missing } else { Given::Entered(a.trim().to_string()) })
                    .collect();
                if areas.iter().all(Given::is_missing) {
                    Resupply::Static(kind, Vec::new())
                } else {
                    let mut areas = areas;
                    areas.resize(10, Given::Missing);
                    Resupply::Static(kind, areas)
                }
            }
            ResupplyKind::Words => {
                let w = self.words.trim();
                if w.is_empty() {
                    return Err("type the row's words".into());
                }
                Resupply::Text(w.to_string())
            }
        })
    }
}
