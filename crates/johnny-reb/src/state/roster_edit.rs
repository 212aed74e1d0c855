//! Changes to the order of battle: divisions, brigades, regiments, batteries, gun sections
//! and officers added, edited, copied, deleted and moved, a side's army replaced by an army
//! list, a side's stance (11.2). One variant of [`super::command::Command`]. The six kinds of
//! item are edited alike, by the operations of [`super::listed`].

use super::effect::Effect;
use super::error::{CommandError, clean_name, quoted as q, refused};
use super::game::Game;
use super::ids::{BatteryId, BrigadeId, DivisionId, Fresh, OfficerId, RegimentId, SectionId};
use super::listed::{Holder, add, check_roster, clear_dangling, copy, delete, relocate, rename, replace};
use super::roster::{Army, Battery, Brigade, Division, MAX_BENEFIT, Officer, Regiment, Roster, Section, Side};
use crate::rules::command_integrity::Stance;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// A change to the order of battle. Ids name the game's divisions, brigades, regiments,
/// batteries, gun sections and officers; what is added or copied gets a fresh id from the
/// game, returned in [`super::command::Outcome::created`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RosterEdit {
    /// Set the stance of a side's whole army as one command (11.2).
    SetArmyStance {
        /// The side.
        side: Side,
        /// The stance (11.2).
        stance: Stance,
    },
    /// Replace a side's army with an imported army list (already validated by
    /// [`super::exchange`]; checked again here).
    ReplaceArmy {
        /// The side.
        side: Side,
        /// The army.
        army: Army,
    },

    /// Add an empty division at the end of a side.
    AddDivision {
        /// The side.
        side: Side,
        /// The name.
        name: String,
    },
    /// Rename a division and set its stance (11.2).
    EditDivision {
        /// The id of the item.
        id: DivisionId,
        /// The name.
        name: String,
        /// The stance (11.2).
        stance: Stance,
    },
    /// Copy a division with everything in it, placed after it.
    CopyDivision {
        /// The id of the item.
        id: DivisionId,
    },
    /// Delete a division with everything in it.
    DeleteDivision {
        /// The id of the item.
        id: DivisionId,
    },
    /// Move a division to position `to` in its side.
    MoveDivision {
        /// The id of the item.
        id: DivisionId,
        /// The new place, from 0 (past the end means last).
        to: usize,
    },

    /// Add an empty brigade at the end of a division.
    AddBrigade {
        /// The division's id.
        division: DivisionId,
        /// The name.
        name: String,
    },
    /// Rename a brigade.
    RenameBrigade {
        /// The id of the item.
        id: BrigadeId,
        /// The name.
        name: String,
    },
    /// Copy a whole brigade, regiments and batteries, placed after it.
    CopyBrigade {
        /// The id of the item.
        id: BrigadeId,
    },
    /// Delete a brigade with everything in it.
    DeleteBrigade {
        /// The id of the item.
        id: BrigadeId,
    },
    /// Move a brigade to position `to` of a division of the same side.
    MoveBrigade {
        /// The id of the item.
        id: BrigadeId,
        /// The division's id.
        division: DivisionId,
        /// The new place, from 0 (past the end means last).
        to: usize,
    },

    /// Add a regiment at the end of a brigade (its id is replaced by a fresh one).
    AddRegiment {
        /// The brigade's id.
        brigade: BrigadeId,
        /// The regiment as filled in.
        regiment: Regiment,
    },
    /// Replace a regiment with an edited one of the same id.
    EditRegiment {
        /// The regiment as filled in.
        regiment: Regiment,
    },
    /// Copy a regiment, placed after it, with no losses.
    CopyRegiment {
        /// The id of the item.
        id: RegimentId,
    },
    /// Delete a regiment.
    DeleteRegiment {
        /// The id of the item.
        id: RegimentId,
    },
    /// Move a regiment to position `to` of a brigade of the same side.
    MoveRegiment {
        /// The id of the item.
        id: RegimentId,
        /// The brigade's id.
        brigade: BrigadeId,
        /// The new place, from 0 (past the end means last).
        to: usize,
    },

    /// Add an empty battery to a division (divisional artillery) or a brigade.
    AddBattery {
        /// The id of the division or brigade.
        owner: String,
        /// The name.
        name: String,
    },
    /// Rename a battery.
    RenameBattery {
        /// The id of the item.
        id: BatteryId,
        /// The name.
        name: String,
    },
    /// Copy a battery with its sections, placed after it.
    CopyBattery {
        /// The id of the item.
        id: BatteryId,
    },
    /// Delete a battery and its sections.
    DeleteBattery {
        /// The id of the item.
        id: BatteryId,
    },
    /// Move a battery to position `to` of a division or brigade of the same side.
    MoveBattery {
        /// The id of the item.
        id: BatteryId,
        /// The id of the division or brigade.
        owner: String,
        /// The new place, from 0 (past the end means last).
        to: usize,
    },

    /// Add a gun section at the end of a battery (its id is replaced by a fresh one).
    AddSection {
        /// The battery's id.
        battery: BatteryId,
        /// The section as filled in.
        section: Section,
    },
    /// Replace a section with an edited one of the same id.
    EditSection {
        /// The section as filled in.
        section: Section,
    },
    /// Copy a section, placed after it, fresh.
    CopySection {
        /// The id of the item.
        id: SectionId,
    },
    /// Delete a section.
    DeleteSection {
        /// The id of the item.
        id: SectionId,
    },
    /// Move a section to position `to` of its battery.
    MoveSection {
        /// The id of the item.
        id: SectionId,
        /// The new place, from 0 (past the end means last).
        to: usize,
    },

    /// Add an officer to a side (his id is replaced by a fresh one).
    AddOfficer {
        /// The side.
        side: Side,
        /// The officer as filled in.
        officer: Officer,
    },
    /// Replace an officer with an edited one of the same id.
    EditOfficer {
        /// The officer as filled in.
        officer: Officer,
    },
    /// Copy an officer (commanding nothing), placed after him.
    CopyOfficer {
        /// The id of the item.
        id: OfficerId,
    },
    /// Delete an officer.
    DeleteOfficer {
        /// The id of the item.
        id: OfficerId,
    },
    /// Move an officer to position `to` in his side's list.
    MoveOfficer {
        /// The id of the item.
        id: OfficerId,
        /// The new place, from 0 (past the end means last).
        to: usize,
    },
}

/// Gives every division, brigade, regiment, battery, section and officer of an incoming
/// army a fresh id, and points the officers, merges and attachments at the new ids.
fn renew_army(army: &mut Army, roster: &Roster, counter: &mut u64) {
    let mut map: HashMap<String, String> = HashMap::new();
    {
        let mut fresh = |id: &mut dyn Renewed| {
            let new = roster.fresh_id(id.prefix(), counter);
            map.insert(id.renew(new.clone()), new);
        };
        for d in &mut army.divisions {
            fresh(&mut d.id);
            for b in &mut d.brigades {
                fresh(&mut b.id);
                for r in &mut b.regiments {
                    fresh(&mut r.id);
                }
                for bat in &mut b.batteries {
                    fresh(&mut bat.id);
                    for s in &mut bat.sections {
                        fresh(&mut s.id);
                    }
                }
            }
            for bat in &mut d.batteries {
                fresh(&mut bat.id);
                for s in &mut bat.sections {
                    fresh(&mut s.id);
                }
            }
        }
        for o in &mut army.officers {
            fresh(&mut o.id);
        }
    }
    let remap = |id: Option<&str>| id.and_then(|i| map.get(i).cloned());
    for o in &mut army.officers {
        o.commands = remap(o.commands.as_deref());
        o.with_unit = remap(o.with_unit.as_deref()).map(Into::into);
    }
    for d in &mut army.divisions {
        for b in &mut d.brigades {
            for r in &mut b.regiments {
                r.merged_into = remap(r.merged_into.as_deref()).map(Into::into);
            }
        }
    }
}

/// An id given a new value; returns the old one.
trait Renewed {
    /// The letters its kind's new ids begin with ([`Fresh::PREFIX`]).
    fn prefix(&self) -> &'static str;
    fn renew(&mut self, new: String) -> String;
}

impl<T: Fresh + Clone + Into<String>> Renewed for T {
    fn prefix(&self) -> &'static str {
        T::PREFIX
    }
    fn renew(&mut self, new: String) -> String {
        std::mem::replace(self, T::from(new)).into()
    }
}

/// Cleans the names of a regiment the players filled in.
fn clean_regiment(r: &mut Regiment) -> Result<(), CommandError> {
    r.name = clean_name(&r.name)?;
    let problems = r.problems();
    if let Some(p) = problems.first() {
        return Err(refused(format!("{}: {p}.", q(&r.name))));
    }
    Ok(())
}

fn clean_section(s: &mut Section) -> Result<(), CommandError> {
    s.name = clean_name(&s.name)?;
    s.gun.name = clean_name(&s.gun.name)?;
    if let Some(p) = s.problems().first() {
        return Err(refused(format!("{}: {p}.", q(&s.name))));
    }
    Ok(())
}

fn clean_officer(o: &mut Officer) -> Result<(), CommandError> {
    o.name = clean_name(&o.name)?;
    if o.benefit > MAX_BENEFIT {
        return Err(refused(format!(
            "A benefit value is usually 1 or 2 (2.3.4.f); the app takes up to {MAX_BENEFIT}."
        )));
    }
    Ok(())
}

impl RosterEdit {
    /// Checks the change against the game, then applies it (on the session's copy, thrown
    /// away on refusal).
    pub fn execute(&self, game: &mut Game) -> Result<Effect, CommandError> {
        let counter = &mut game.next_id;
        let roster = &mut game.roster;
        let unit = |id: &str| Holder::Unit(id.to_string());
        let text = match self {
            RosterEdit::SetArmyStance { side, stance } => {
                roster.army_mut(*side).stance = *stance;
                format!("{} army: stance {:?} (11.2)", side.label(), stance)
            }
            RosterEdit::ReplaceArmy { side, army } => {
                let mut army = army.clone();
                renew_army(&mut army, roster, counter);
                *roster.army_mut(*side) = army;
                clear_dangling(roster);
                check_roster(roster)?;
                let a = roster.army(*side);
                format!(
                    "{} army list loaded: {} regiments, {} gun sections, {} officers",
                    side.label(),
                    a.regiments().count(),
                    a.sections().count(),
                    a.officers.len()
                )
            }

            RosterEdit::AddDivision { side, name } => {
                let name = clean_name(name)?;
                let text = format!("{}: division {} added", side.label(), q(&name));
                let division = Division {
                    id: DivisionId::default(),
                    name,
                    stance: Stance::Normal,
                    brigades: Vec::new(),
                    batteries: Vec::new(),
                };
                return Ok(Effect::created(text, add(roster, counter, &Holder::Side(*side), division)?));
            }
            RosterEdit::AddBrigade { division, name } => {
                let name = clean_name(name)?;
                let into = unit(division);
                let text = format!("{}: brigade {} added", into.name(roster), q(&name));
                let brigade = Brigade { id: BrigadeId::default(), name, regiments: Vec::new(), batteries: Vec::new() };
                return Ok(Effect::created(text, add(roster, counter, &into, brigade)?));
            }
            RosterEdit::AddRegiment { brigade, regiment } => {
                let mut r = regiment.clone();
                clean_regiment(&mut r)?;
                r.merged_into = None;
                let into = unit(brigade);
                let text = format!("{}: regiment {} added ({} figures)", into.name(roster), q(&r.name), r.figures());
                return Ok(Effect::created(text, add(roster, counter, &into, r)?));
            }
            RosterEdit::AddBattery { owner, name } => {
                let name = clean_name(name)?;
                let text = format!("Battery {} added", q(&name));
                let battery = Battery { id: BatteryId::default(), name, sections: Vec::new() };
                return Ok(Effect::created(text, add(roster, counter, &unit(owner), battery)?));
            }
            RosterEdit::AddSection { battery, section } => {
                let mut s = section.clone();
                clean_section(&mut s)?;
                let into = unit(battery);
                let text = format!("{}: section {} added ({})", into.name(roster), q(&s.name), s.gun.name);
                return Ok(Effect::created(text, add(roster, counter, &into, s)?));
            }
            RosterEdit::AddOfficer { side, officer } => {
                let mut o = officer.clone();
                clean_officer(&mut o)?;
                let text = format!("{}: {} {} added (benefit {})", side.label(), o.rank.label(), q(&o.name), o.benefit);
                return Ok(Effect::created(text, add(roster, counter, &Holder::Side(*side), o)?));
            }

            RosterEdit::EditDivision { id, name, stance } => {
                let name = clean_name(name)?;
                let new = q(&name);
                let old = rename::<Division>(roster, id, name)?;
                if let Some(d) = roster.division_mut(id) {
                    d.stance = *stance;
                }
                format!("Division {} is now {new} ({stance:?})", q(&old))
            }
            RosterEdit::RenameBrigade { id, name } => {
                let name = clean_name(name)?;
                let new = q(&name);
                format!("Brigade {} renamed {new}", q(&rename::<Brigade>(roster, id, name)?))
            }
            RosterEdit::RenameBattery { id, name } => {
                let name = clean_name(name)?;
                let new = q(&name);
                format!("Battery {} renamed {new}", q(&rename::<Battery>(roster, id, name)?))
            }
            RosterEdit::EditRegiment { regiment } => {
                let mut r = regiment.clone();
                clean_regiment(&mut r)?;
                replace(roster, r)?
            }
            RosterEdit::EditSection { section } => {
                let mut s = section.clone();
                clean_section(&mut s)?;
                replace(roster, s)?
            }
            RosterEdit::EditOfficer { officer } => {
                let mut o = officer.clone();
                clean_officer(&mut o)?;
                replace(roster, o)?
            }

            RosterEdit::CopyDivision { id } => return copy::<Division>(roster, counter, id),
            RosterEdit::CopyBrigade { id } => return copy::<Brigade>(roster, counter, id),
            RosterEdit::CopyRegiment { id } => return copy::<Regiment>(roster, counter, id),
            RosterEdit::CopyBattery { id } => return copy::<Battery>(roster, counter, id),
            RosterEdit::CopySection { id } => return copy::<Section>(roster, counter, id),
            RosterEdit::CopyOfficer { id } => return copy::<Officer>(roster, counter, id),

            RosterEdit::DeleteDivision { id } => delete::<Division>(roster, id)?,
            RosterEdit::DeleteBrigade { id } => delete::<Brigade>(roster, id)?,
            RosterEdit::DeleteRegiment { id } => delete::<Regiment>(roster, id)?,
            RosterEdit::DeleteBattery { id } => delete::<Battery>(roster, id)?,
            RosterEdit::DeleteSection { id } => delete::<Section>(roster, id)?,
            RosterEdit::DeleteOfficer { id } => delete::<Officer>(roster, id)?,

            RosterEdit::MoveDivision { id, to } => {
                let (name, place, _) = relocate::<Division>(roster, id, None, *to)?;
                format!("Division {} moved to place {}", q(&name), place + 1)
            }
            RosterEdit::MoveBrigade { id, division, to } => {
                let (name, place, into) = relocate::<Brigade>(roster, id, Some(unit(division)), *to)?;
                format!("Brigade {} moved to {}, place {}", q(&name), q(&into.name(roster)), place + 1)
            }
            RosterEdit::MoveRegiment { id, brigade, to } => {
                let (name, place, into) = relocate::<Regiment>(roster, id, Some(unit(brigade)), *to)?;
                format!("Regiment {} moved to {}, place {}", q(&name), q(&into.name(roster)), place + 1)
            }
            RosterEdit::MoveBattery { id, owner, to } => {
                let (name, place, _) = relocate::<Battery>(roster, id, Some(unit(owner)), *to)?;
                format!("Battery {} moved, place {}", q(&name), place + 1)
            }
            RosterEdit::MoveSection { id, to } => {
                let (_, place, into) = relocate::<Section>(roster, id, None, *to)?;
                format!("{}: section moved to place {}", into.name(roster), place + 1)
            }
            RosterEdit::MoveOfficer { id, to } => {
                let (_, place, _) = relocate::<Officer>(roster, id, None, *to)?;
                format!("Officer moved to place {}", place + 1)
            }
        };
        Ok(Effect::from(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::command::Command;
    use crate::state::demo::demo_game;
    use crate::state::session::Session;
    use crate::state::units::UnitCommand;

    fn demo() -> Session {
        Session::new(demo_game("g1"))
    }

    fn kill(s: &mut Session, id: &str, n: u32) {
        for _ in 0..n {
            s.dispatch(&Command::Unit(UnitCommand::AddKill { regiment: id.into() }), 0.0).unwrap();
        }
    }

    #[test]
    fn copying_a_brigade_gives_fresh_ids_and_no_losses_carry_over_to_copied_regiments() {
        let mut s = demo();
        kill(&mut s, "r-2wi", 3);
        let out = s.dispatch(&Command::Roster(RosterEdit::CopyBrigade { id: "b-iron".into() }), 0.0).unwrap();
        let new_id = out.created.unwrap();
        let g = s.game();
        let copy = g.roster.brigade(&new_id).unwrap();
        assert_eq!(copy.name, "Iron Brigade (copy)");
        assert_eq!(copy.regiments.len(), 5);
        // Fresh names to edit, never a second "2nd Wisconsin" on the roster.
        assert_eq!(copy.regiments.first().map(|r| r.name.as_str()), Some("2nd Wisconsin (copy)"));
        let mut names: Vec<&str> = g.roster.union.regiments().map(|r| r.name.as_str()).collect();
        let all = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all, "two regiments share a name");
        assert!(g.roster.problems().is_empty());
        let out = s.dispatch(&Command::Roster(RosterEdit::CopyRegiment { id: "r-2wi".into() }), 0.0).unwrap();
        assert_eq!(s.game().roster.regiment(&out.created.unwrap()).unwrap().kills, 0);
    }

    #[test]
    fn deleting_clears_references_and_undo_restores_them() {
        let mut s = demo();
        s.dispatch(&Command::Roster(RosterEdit::DeleteBrigade { id: "b-iron".into() }), 0.0).unwrap();
        let o = s.game().roster.officer("o-meredith").unwrap();
        assert_eq!((o.commands.as_deref(), o.with_unit.as_deref()), (None, None));
        s.undo();
        assert_eq!(s.game().roster.officer("o-meredith").unwrap().commands.as_deref(), Some("b-iron"));
    }
}
