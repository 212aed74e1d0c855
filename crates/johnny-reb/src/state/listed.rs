//! The six kinds of item of the order of battle (divisions, brigades, regiments, batteries,
//! gun sections, officers) edited alike: each says where it is listed ([`Listed`]), and
//! adding, renaming, replacing, copying, deleting and moving are written once for all of them
//! ([`super::roster_edit::RosterEdit`] uses them).

use super::effect::Effect;
use super::error::{CommandError, not_found, quoted as q, refused};
use super::ids::{BatteryId, BrigadeId, DivisionId, Fresh, OfficerId, RegimentId, SectionId};
use super::roster::{
    Battery, Brigade, CommandScope, Division, Officer, OfficerCondition, Regiment, Roster, Section, Side,
};
use crate::rules::unit::Formation;
use companion_core::names::copy_name;
use std::collections::HashSet;

/// Refuses a roster over the app's limits or otherwise unsound.
pub(crate) fn check_roster(roster: &Roster) -> Result<(), CommandError> {
    roster.validate().map_err(CommandError::Refused)
}

/// Clears every reference to ids no longer in the roster: officers' commands and units,
/// merges, and the integrity levels of commands that are gone.
pub(crate) fn clear_dangling(roster: &mut Roster) {
    let ids: HashSet<String> = roster.ids().into_iter().map(str::to_string).collect();
    roster.levels_reached.retain(|l| match &l.scope {
        CommandScope::Army(_) => true,
        CommandScope::Division(id) => ids.contains(id.as_str()),
        CommandScope::Brigade(id) => ids.contains(id.as_str()),
    });
    for side in Side::BOTH {
        let army = roster.army_mut(side);
        for o in &mut army.officers {
            if o.commands.as_ref().is_some_and(|c| !ids.contains(c.as_str())) {
                o.commands = None;
            }
            if o.with_unit.as_ref().is_some_and(|u| !ids.contains(u.as_str())) {
                o.with_unit = None;
            }
        }
        for d in &mut army.divisions {
            for b in &mut d.brigades {
                for r in &mut b.regiments {
                    if r.merged_into.as_ref().is_some_and(|h| !ids.contains(h.as_str())) {
                        r.merged_into = None;
                    }
                }
            }
        }
    }
}

fn renew_section(s: &mut Section, roster: &Roster, counter: &mut u64) {
    s.id = roster.fresh(counter);
}

fn renew_battery(b: &mut Battery, roster: &Roster, counter: &mut u64) {
    b.id = roster.fresh(counter);
    for s in &mut b.sections {
        renew_section(s, roster, counter);
    }
}

fn renew_regiment(r: &mut Regiment, roster: &Roster, counter: &mut u64) {
    r.id = roster.fresh(counter);
}

/// A brigade copy with fresh ids; merges inside it point at the copies.
fn renew_brigade(b: &mut Brigade, roster: &Roster, counter: &mut u64) {
    b.id = roster.fresh(counter);
    let mut map = Vec::new();
    for r in &mut b.regiments {
        let old = r.id.clone();
        renew_regiment(r, roster, counter);
        map.push((old, r.id.clone()));
    }
    let new_of = |old: &str| map.iter().find(|(o, _)| o == old).map(|(_, n)| n.clone());
    for r in &mut b.regiments {
        r.merged_into = r.merged_into.as_deref().and_then(new_of);
    }
    for bat in &mut b.batteries {
        renew_battery(bat, roster, counter);
    }
}

/// A copied brigade's regiments and batteries get names of their own to edit ("24th
/// Michigan (copy)"), never two units of one name on the roster: orders, checks and the log
/// name units.
fn rename_units(b: &mut Brigade) {
    for r in &mut b.regiments {
        r.name = copy_name(&r.name);
    }
    for bat in &mut b.batteries {
        bat.name = copy_name(&bat.name);
    }
}

fn renew_division(d: &mut Division, roster: &Roster, counter: &mut u64) {
    d.id = roster.fresh(counter);
    for b in &mut d.brigades {
        renew_brigade(b, roster, counter);
    }
    for bat in &mut d.batteries {
        renew_battery(bat, roster, counter);
    }
}

/// The list an item of the order of battle is kept in: a side's divisions or officers, or the
/// brigades, regiments, batteries or sections of the division, brigade or battery with this id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Holder {
    Side(Side),
    Unit(String),
}

impl Holder {
    pub(crate) fn side(&self, roster: &Roster) -> Option<Side> {
        match self {
            Holder::Side(s) => Some(*s),
            Holder::Unit(id) => roster.side_of(id),
        }
    }

    /// The side's or the holding division's, brigade's or battery's name, for the log.
    pub(crate) fn name(&self, roster: &Roster) -> String {
        match self {
            Holder::Side(s) => s.label().to_string(),
            Holder::Unit(id) => roster
                .division(id)
                .map(|d| d.name.clone())
                .or_else(|| roster.brigade(id).map(|b| b.name.clone()))
                .or_else(|| roster.battery(id).map(|b| b.name.clone()))
                .unwrap_or_default(),
        }
    }

    pub(crate) fn id(&self) -> &str {
        match self {
            Holder::Side(s) => s.label(),
            Holder::Unit(id) => id,
        }
    }
}

/// An item of the order of battle: where it is listed and how it is copied.
pub(crate) trait Listed: Clone {
    /// Its word in "there is no ... in this game".
    const WHAT: &'static str;
    /// Its word at the start of a log line.
    const TITLE: &'static str;
    /// The word for what holds it, in "there is no ...".
    const HOLDER: &'static str;
    /// The letters its ids begin with ([`Roster::fresh_id`]).
    const PREFIX: &'static str;
    fn id(&self) -> &str;
    fn set_id(&mut self, id: String);
    fn name(&self) -> &str;
    fn set_name(&mut self, name: String);
    /// The list holding the item `id`, and its place in it.
    fn locate(roster: &Roster, id: &str) -> Option<(Holder, usize)>;
    /// The list `holder` holds of this kind of item.
    fn list_mut<'a>(roster: &'a mut Roster, holder: &Holder) -> Option<&'a mut Vec<Self>>;
    /// A copy with fresh ids and a "(copy)" name; what belongs to the original alone (losses,
    /// markers, attachments) stays behind.
    fn copy_of(&self, roster: &Roster, counter: &mut u64) -> Self;
    /// What the log adds after "copied as ...".
    fn copy_note(&self) -> String {
        String::new()
    }
}

fn find<T: Listed>(roster: &Roster, id: &str) -> Result<(Holder, usize), CommandError> {
    T::locate(roster, id).ok_or_else(|| not_found(T::WHAT, id))
}

fn holder_list<'a, T: Listed>(roster: &'a mut Roster, holder: &Holder) -> Result<&'a mut Vec<T>, CommandError> {
    T::list_mut(roster, holder).ok_or_else(|| not_found(T::HOLDER, holder.id()))
}

/// Adds `item` at the end of the list `into` holds, with a fresh id; returns the id.
pub(crate) fn add<T: Listed>(
    roster: &mut Roster,
    counter: &mut u64,
    into: &Holder,
    mut item: T,
) -> Result<String, CommandError> {
    holder_list::<T>(roster, into)?;
    item.set_id(roster.fresh_id(T::PREFIX, counter));
    let id = item.id().to_string();
    holder_list::<T>(roster, into)?.push(item);
    check_roster(roster)?;
    Ok(id)
}

/// Renames the item `id`; returns its old name.
pub(crate) fn rename<T: Listed>(roster: &mut Roster, id: &str, name: String) -> Result<String, CommandError> {
    let (from, i) = find::<T>(roster, id)?;
    let item = T::list_mut(roster, &from).and_then(|l| l.get_mut(i)).ok_or_else(|| not_found(T::WHAT, id))?;
    let old = item.name().to_string();
    item.set_name(name);
    Ok(old)
}

/// Replaces the item of the same id with `item`, as the players edited it.
pub(crate) fn replace<T: Listed>(roster: &mut Roster, item: T) -> Result<String, CommandError> {
    let (from, i) = find::<T>(roster, item.id())?;
    let text = format!("{} {} edited", T::TITLE, q(item.name()));
    let id = item.id().to_string();
    let slot = T::list_mut(roster, &from).and_then(|l| l.get_mut(i)).ok_or_else(|| not_found(T::WHAT, &id))?;
    *slot = item;
    check_roster(roster)?;
    Ok(text)
}

/// Copies the item `id`, placed after it.
pub(crate) fn copy<T: Listed>(roster: &mut Roster, counter: &mut u64, id: &str) -> Result<Effect, CommandError> {
    let (from, i) = find::<T>(roster, id)?;
    let original = T::list_mut(roster, &from).and_then(|l| l.get(i).cloned()).ok_or_else(|| not_found(T::WHAT, id))?;
    let copy = original.copy_of(roster, counter);
    let text = format!("{} copied as {}{}", T::TITLE, q(copy.name()), copy.copy_note());
    let new_id = copy.id().to_string();
    holder_list::<T>(roster, &from)?.insert(i + 1, copy);
    check_roster(roster)?;
    Ok(Effect::created(text, new_id))
}

/// Deletes the item `id` with everything in it, and every reference to what went.
pub(crate) fn delete<T: Listed>(roster: &mut Roster, id: &str) -> Result<String, CommandError> {
    let (from, i) = find::<T>(roster, id)?;
    let list = holder_list::<T>(roster, &from)?;
    if i >= list.len() {
        return Err(not_found(T::WHAT, id));
    }
    let item = list.remove(i);
    clear_dangling(roster);
    Ok(format!("{} {} deleted", T::TITLE, q(item.name())))
}

/// Takes the item `id` out of its list and puts it at place `to` (from 0; past the end means
/// last) of the list `into` holds, its own when `None`, on the same side. Returns its name,
/// its new place (from 0) and what holds it now.
pub(crate) fn relocate<T: Listed>(
    roster: &mut Roster,
    id: &str,
    into: Option<Holder>,
    to: usize,
) -> Result<(String, usize, Holder), CommandError> {
    let (from, i) = find::<T>(roster, id)?;
    let into = into.unwrap_or_else(|| from.clone());
    holder_list::<T>(roster, &into)?;
    if from.side(roster) != into.side(roster) {
        return Err(refused(format!("A {} cannot change sides.", T::WHAT)));
    }
    let list = holder_list::<T>(roster, &from)?;
    if i >= list.len() {
        return Err(not_found(T::WHAT, id));
    }
    let item = list.remove(i);
    let name = item.name().to_string();
    let list = holder_list::<T>(roster, &into)?;
    let place = to.min(list.len());
    list.insert(place, item);
    Ok((name, place, into))
}

macro_rules! named {
    () => {
        fn id(&self) -> &str {
            &self.id
        }
        fn set_id(&mut self, id: String) {
            self.id = id.into();
        }
        fn name(&self) -> &str {
            &self.name
        }
        fn set_name(&mut self, name: String) {
            self.name = name;
        }
    };
}

impl Listed for Division {
    const WHAT: &'static str = "division";
    const TITLE: &'static str = "Division";
    const HOLDER: &'static str = "side";
    const PREFIX: &'static str = <DivisionId as Fresh>::PREFIX;
    named!();
    fn locate(roster: &Roster, id: &str) -> Option<(Holder, usize)> {
        roster.find_division(id).map(|(side, i)| (Holder::Side(side), i))
    }
    fn list_mut<'a>(roster: &'a mut Roster, holder: &Holder) -> Option<&'a mut Vec<Self>> {
        match holder {
            Holder::Side(side) => Some(&mut roster.army_mut(*side).divisions),
            Holder::Unit(_) => None,
        }
    }
    fn copy_of(&self, roster: &Roster, counter: &mut u64) -> Self {
        let mut copy = self.clone();
        renew_division(&mut copy, roster, counter);
        copy.name = copy_name(&copy.name);
        for b in &mut copy.brigades {
            rename_units(b);
        }
        for bat in &mut copy.batteries {
            bat.name = copy_name(&bat.name);
        }
        copy
    }
}

impl Listed for Brigade {
    const WHAT: &'static str = "brigade";
    const TITLE: &'static str = "Brigade";
    const HOLDER: &'static str = "division";
    const PREFIX: &'static str = <BrigadeId as Fresh>::PREFIX;
    named!();
    fn locate(roster: &Roster, id: &str) -> Option<(Holder, usize)> {
        let (side, di, bi) = roster.find_brigade(id)?;
        let division = roster.army(side).divisions.get(di)?;
        Some((Holder::Unit(division.id.to_string()), bi))
    }
    fn list_mut<'a>(roster: &'a mut Roster, holder: &Holder) -> Option<&'a mut Vec<Self>> {
        roster.division_mut(holder.id()).map(|d| &mut d.brigades)
    }
    fn copy_of(&self, roster: &Roster, counter: &mut u64) -> Self {
        let mut copy = self.clone();
        renew_brigade(&mut copy, roster, counter);
        copy.name = copy_name(&copy.name);
        rename_units(&mut copy);
        copy
    }
    fn copy_note(&self) -> String {
        format!(" with {} regiments", self.regiments.len())
    }
}

impl Listed for Regiment {
    const WHAT: &'static str = "regiment";
    const TITLE: &'static str = "Regiment";
    const HOLDER: &'static str = "brigade";
    const PREFIX: &'static str = <RegimentId as Fresh>::PREFIX;
    named!();
    fn locate(roster: &Roster, id: &str) -> Option<(Holder, usize)> {
        let at = roster.find_regiment(id)?;
        let brigade = roster.army(at.side).divisions.get(at.division)?.brigades.get(at.brigade)?;
        Some((Holder::Unit(brigade.id.to_string()), at.index))
    }
    fn list_mut<'a>(roster: &'a mut Roster, holder: &Holder) -> Option<&'a mut Vec<Self>> {
        roster.brigade_mut(holder.id()).map(|b| &mut b.regiments)
    }
    /// A fresh regiment of the same make: no losses, no markers (0.1.1).
    fn copy_of(&self, roster: &Roster, counter: &mut u64) -> Self {
        let mut copy = Regiment::new("", copy_name(&self.name), self.stands.clone(), self.quality, self.weapon);
        copy.arm = self.arm;
        copy.traits = self.traits;
        copy.formation = if self.arm.is_mounted() { Formation::Line } else { self.formation };
        if matches!(copy.formation, Formation::Disorder) {
            copy.formation = Formation::Line;
        }
        renew_regiment(&mut copy, roster, counter);
        copy
    }
}

impl Listed for Battery {
    const WHAT: &'static str = "battery";
    const TITLE: &'static str = "Battery";
    const HOLDER: &'static str = "division or brigade";
    const PREFIX: &'static str = <BatteryId as Fresh>::PREFIX;
    named!();
    fn locate(roster: &Roster, id: &str) -> Option<(Holder, usize)> {
        let at = roster.find_battery(id)?;
        let division = roster.army(at.side).divisions.get(at.division)?;
        let owner = match at.brigade {
            Some(bi) => division.brigades.get(bi)?.id.to_string(),
            None => division.id.to_string(),
        };
        Some((Holder::Unit(owner), at.index))
    }
    /// A brigade's batteries, or a division's (divisional artillery).
    fn list_mut<'a>(roster: &'a mut Roster, holder: &Holder) -> Option<&'a mut Vec<Self>> {
        let id = holder.id();
        if roster.brigade(id).is_some() {
            roster.brigade_mut(id).map(|b| &mut b.batteries)
        } else {
            roster.division_mut(id).map(|d| &mut d.batteries)
        }
    }
    /// The same guns with fresh crews (4.3.4, 4.3.5).
    fn copy_of(&self, roster: &Roster, counter: &mut u64) -> Self {
        let mut copy = self.clone();
        renew_battery(&mut copy, roster, counter);
        copy.name = copy_name(&copy.name);
        for s in &mut copy.sections {
            *s = Section::new(s.id.clone(), s.name.clone(), s.gun.clone(), s.crew_quality);
        }
        copy
    }
}

impl Listed for Section {
    const WHAT: &'static str = "gun section";
    const TITLE: &'static str = "Section";
    const HOLDER: &'static str = "battery";
    const PREFIX: &'static str = <SectionId as Fresh>::PREFIX;
    named!();
    fn locate(roster: &Roster, id: &str) -> Option<(Holder, usize)> {
        roster.find_section(id).map(|(battery, i)| (Holder::Unit(battery.into()), i))
    }
    fn list_mut<'a>(roster: &'a mut Roster, holder: &Holder) -> Option<&'a mut Vec<Self>> {
        roster.battery_mut(holder.id()).map(|b| &mut b.sections)
    }
    /// The same gun with a fresh crew.
    fn copy_of(&self, roster: &Roster, counter: &mut u64) -> Self {
        let mut copy = Section::new("", copy_name(&self.name), self.gun.clone(), self.crew_quality);
        copy.limbered = self.limbered;
        renew_section(&mut copy, roster, counter);
        copy
    }
}

impl Listed for Officer {
    const WHAT: &'static str = "officer";
    const TITLE: &'static str = "Officer";
    const HOLDER: &'static str = "side";
    const PREFIX: &'static str = <OfficerId as Fresh>::PREFIX;
    named!();
    fn locate(roster: &Roster, id: &str) -> Option<(Holder, usize)> {
        roster.find_officer(id).map(|(side, i)| (Holder::Side(side), i))
    }
    fn list_mut<'a>(roster: &'a mut Roster, holder: &Holder) -> Option<&'a mut Vec<Self>> {
        match holder {
            Holder::Side(side) => Some(&mut roster.army_mut(*side).officers),
            Holder::Unit(_) => None,
        }
    }
    /// Unhurt, commanding nothing, with no one.
    fn copy_of(&self, roster: &Roster, counter: &mut u64) -> Self {
        let mut copy = self.clone();
        copy.id = roster.fresh(counter);
        copy.name = copy_name(&copy.name);
        copy.commands = None;
        copy.with_unit = None;
        copy.condition = OfficerCondition::Unhurt;
        copy
    }
}
