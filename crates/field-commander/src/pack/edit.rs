//! Changes to the campaign pack as the player enters it, one form at a time: a counter put or
//! taken out, a campaign's sheet put (each form edits its part of a copy and puts it whole),
//! the Scout counters of the mix, the Hard table's row 9, or the whole pack replaced by one
//! read from a file. Each change is checked for what the form alone can get wrong (a name, a
//! key used twice); a pack that is not yet sound is kept (the player enters it over several
//! sittings) and [`CampaignPack::validate`] names what is left to put right.

use super::{CampaignDef, CampaignPack, CounterDesign, Given};
use crate::prebattle::FogRow;
use companion_core::error::{RuleError, RuleResult};
use companion_core::names::clean_name;
use serde::{Deserialize, Serialize};

/// A change to the campaign pack.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PackEdit {
    /// Names the pack.
    Rename(String),
    /// Puts a counter design: in place of the one at `at`, or added at the end.
    PutCounter {
        /// The design replaced, by its place in the list.
        at: Option<usize>,
        /// The design.
        design: CounterDesign,
    },
    /// Takes a counter design out.
    RemoveCounter(usize),
    /// Puts a campaign: in place of the one at `at`, or added at the end.
    PutCampaign {
        /// The campaign replaced, by its place in the list.
        at: Option<usize>,
        /// The campaign.
        def: Box<CampaignDef>,
    },
    /// Takes a campaign out.
    RemoveCampaign(usize),
    /// The Scout counters in the game: the hard limit (4.10).
    SetScouts(Given<u32>),
    /// The Hard Fog of War table's row 9 from the Player Help Sheet (10.2.7).
    SetHardRow9(Given<FogRow>),
    /// The whole pack, read from a file or started afresh.
    Replace(Box<CampaignPack>),
}

impl CampaignDef {
    /// A campaign with only its name: every value of its sheet still to enter, its d10 tables
    /// with ten empty rows (16.1, 14.8, 18.2) and its Battle Resolution Table with the Seven
    /// Days table's nine column headings as a start (part two), their cells empty.
    pub fn blank(name: &str) -> CampaignDef {
        fn ten<T: Clone>() -> Vec<Given<T>> {
            vec![Given::Missing; 10]
        }
        let columns = [
            (None, Some(-10)),
            (Some(-9), Some(-7)),
            (Some(-6), Some(-4)),
            (Some(-3), Some(-1)),
            (Some(0), Some(0)),
            (Some(1), Some(3)),
            (Some(4), Some(6)),
            (Some(7), Some(9)),
            (Some(10), None),
        ];
        CampaignDef {
            name: name.to_string(),
            map_orders: super::OrdersCharts { regular: super::OrdersChart::missing(), hard: None, veteran: None },
            battle_area_orders: super::OrdersCharts {
                regular: super::OrdersChart::missing(),
                hard: None,
                veteran: None,
            },
            withdrawal: super::WithdrawalRows { rows: ten() },
            union_resupply: super::ResupplyTable { rows: ten() },
            brt: super::Brt {
                columns: columns.iter().map(|&(low, high)| super::BrtColumn { low, high, cells: ten() }).collect(),
            },
            ..CampaignDef::default()
        }
    }
}

fn refuse(detail: impl Into<String>) -> RuleError {
    RuleError::OutOfRange { what: "campaign pack", detail: detail.into() }
}

fn name_ok(name: &str, what: &str) -> RuleResult<String> {
    clean_name(name).map_err(|e| refuse(format!("{what}: {e}")))
}

impl CampaignPack {
    /// Applies a change and says what it did; a refused change leaves the pack as it was.
    pub fn edit(&mut self, edit: &PackEdit) -> RuleResult<String> {
        match edit {
            PackEdit::Rename(name) => {
                self.name = name_ok(name, "the pack's name")?;
                Ok(format!("The campaign pack is named \u{201c}{}\u{201d}", self.name))
            }
            PackEdit::PutCounter { at, design } => {
                let key = name_ok(&design.key, "the counter's key")?;
                name_ok(&design.counter.name, "the counter's name")?;
                if let Some(corps) = &design.counter.corps {
                    name_ok(corps, "the Corps identifier")?;
                }
                if let Some(c) = &design.campaign {
                    name_ok(c, "the Campaign name")?;
                }
                if self.counters.iter().enumerate().any(|(i, d)| Some(i) != *at && d.key == key) {
                    return Err(refuse(format!("another counter is {key}: each counter has a key of its own")));
                }
                match at {
                    Some(i) => {
                        let slot = self.counters.get_mut(*i).ok_or_else(|| refuse("no such counter"))?;
                        let old = std::mem::replace(slot, design.clone());
                        if old.key != design.key {
                            self.rename_counter(&old.key, &design.key);
                        }
                        Ok(format!("Counter {key} entered"))
                    }
                    None => {
                        self.counters.push(design.clone());
                        Ok(format!("Counter {key} added"))
                    }
                }
            }
            PackEdit::RemoveCounter(i) => {
                if *i >= self.counters.len() {
                    return Err(refuse("no such counter"));
                }
                let d = self.counters.remove(*i);
                Ok(format!("Counter {} taken out of the pack", d.key))
            }
            PackEdit::PutCampaign { at, def } => {
                let name = name_ok(&def.name, "the campaign's name")?;
                if self.campaigns.iter().enumerate().any(|(i, c)| Some(i) != *at && c.name == name) {
                    return Err(refuse(format!("another campaign is called {name}")));
                }
                for a in &def.map.areas {
                    name_ok(&a.name, "an Area's name")?;
                }
                match at {
                    Some(i) => {
                        let slot = self.campaigns.get_mut(*i).ok_or_else(|| refuse("no such campaign"))?;
                        *slot = (**def).clone();
                        Ok(format!("The {name} campaign's sheet entered"))
                    }
                    None => {
                        self.campaigns.push((**def).clone());
                        Ok(format!("The {name} campaign added"))
                    }
                }
            }
            PackEdit::RemoveCampaign(i) => {
                if *i >= self.campaigns.len() {
                    return Err(refuse("no such campaign"));
                }
                let c = self.campaigns.remove(*i);
                Ok(format!("The {} campaign taken out of the pack", c.name))
            }
            PackEdit::SetScouts(n) => {
                if n.value().is_some_and(|n| *n > 100) {
                    return Err(refuse("more than 100 Scout counters is beyond any counter mix"));
                }
                self.scouts = n.clone();
                Ok(format!("Scout counters in the game: {} (4.10)", n.value().map_or("missing".into(), u32::to_string)))
            }
            PackEdit::SetHardRow9(row) => {
                if row.value().is_some_and(|r| !(1..=6).contains(&r.turns)) {
                    return Err(refuse("a Fog of War row lasts 1 to 6 Battle Turns (10.2.4)"));
                }
                self.hard_fog_row_9 = row.clone();
                Ok("The Hard Fog of War table's row 9 entered (10.2.7)".into())
            }
            PackEdit::Replace(pack) => {
                *self = (**pack).clone();
                Ok(format!("The campaign pack \u{201c}{}\u{201d} in place", self.name))
            }
        }
    }

    /// A counter's key changed: the campaigns' starting forces and Late Arrivals follow it.
    fn rename_counter(&mut self, old: &str, new: &str) {
        for c in &mut self.campaigns {
            for s in &mut c.starting_forces {
                if s.counter == old {
                    s.counter = new.to_string();
                }
            }
            for l in &mut c.late_arrivals {
                for f in &mut l.forces {
                    if f == old {
                        *f = new.to_string();
                    }
                }
            }
        }
    }
}
