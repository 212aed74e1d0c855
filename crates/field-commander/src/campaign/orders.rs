//! Union Orders (16.0): the Union's groups by Corps or Independent Force with their Additional
//! Forces up to the Group Maximum (16.3), the orders roll with the player's Scouts (16.3.1,
//! optional O16.3.1), the chart by where the group stands (16.1.1, 16.1.2), and the order read
//! and carried out (16.4), never across a river the Union does not cross (16.2).

use super::*;
use crate::pack::{HeldPlace, Order, OrdersChart};
use std::collections::BTreeMap;

/// The key of a group (16.3): its Corps, its Independent Force, or its own number.
pub type GroupKey = GroupTag;

/// A Union group for this Union Orders step (16.3): formed when the step begins, each rolled
/// for once ("Treat all rolls as if they are conducted simultaneously").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrdersGroup {
    /// Where it stands.
    pub area: String,
    /// Its Corps, Independent Force or number.
    pub tag: GroupTag,
    /// Its forces.
    pub members: Vec<u32>,
    /// Its order has been carried out (or 16.2 keeps it in place).
    pub done: bool,
}

/// What an order does (16.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Moved {
    /// The Areas entered, in order.
    Path(Vec<String>),
    /// Stays, and why.
    Hold(String),
    /// The order is fulfilled already ("Otherwise", 16.4).
    Done(String),
    /// The order cannot be carried out ("Otherwise", 16.4).
    Cannot(String),
    /// Words for the player to carry out.
    ByHand(String),
}

impl Campaign {
    /// The group a Union Mobile Force belongs to (16.3.2, 16.3.3).
    pub fn group_of(&self, id: u32) -> Option<GroupTag> {
        let d = self.design(id).ok()?;
        if d.counter.loyalty != Loyalty::Union || !d.counter.kind.is_mobile() {
            return None;
        }
        if d.echelon == Echelon::Named {
            return Some(match &d.counter.corps {
                Some(c) => GroupTag::Corps(c.clone()),
                None => GroupTag::Independent(id),
            });
        }
        Some(self.piece(id).ok()?.group.clone().unwrap_or(GroupTag::Own(0)))
    }

    /// The Union groups on the map now: in each Area, by Corps, Independent Force or number
    /// (16.3).
    pub fn union_groups(&self) -> Vec<OrdersGroup> {
        let mut by: BTreeMap<(usize, GroupTag), Vec<u32>> = BTreeMap::new();
        for p in &self.pieces {
            let Place::Area(a) = &p.place else { continue };
            let Some(tag) = self.group_of(p.id) else { continue };
            let order = self.def.map.areas.iter().position(|x| &x.name == a).unwrap_or(usize::MAX);
            by.entry((order, tag)).or_default().push(p.id);
        }
        by.into_iter()
            .filter_map(|((_, tag), members)| {
                let area = members.first().and_then(|id| match self.piece(*id).ok()?.place.clone() {
                    Place::Area(a) => Some(a),
                    _ => None,
                })?;
                Some(OrdersGroup { area, tag, members, done: false })
            })
            .collect()
    }

    /// The Union Group Maximum (16.3).
    pub fn group_maximum(&self) -> RuleResult<usize> {
        Ok(usize::from(self.def.group_maximum.copied(|| self.def.cell("Union Orders", "Group Maximum"))?))
    }

    /// A Union Additional Force placed in `area` joins a group there with room: one with a
    /// Named Force first, then one of Additional Forces; among several, a pick; with none, it
    /// forms a new group (16.3.3; ruling "Union groups").
    pub(crate) fn join_group(
        &mut self,
        id: u32,
        area: &str,
        picks: &mut Picks,
        r: &mut CampaignReport,
    ) -> RuleResult<()> {
        if !self.is_union_additional(id) {
            return Ok(());
        }
        let max = self.group_maximum()?;
        let groups: Vec<OrdersGroup> = self
            .union_groups()
            .into_iter()
            .filter(|g| g.area == area && !g.members.contains(&id) && g.members.len() < max)
            .collect();
        let named: Vec<GroupTag> = groups
            .iter()
            .filter(|g| g.members.iter().any(|m| self.design(*m).is_ok_and(|d| d.echelon == Echelon::Named)))
            .map(|g| g.tag.clone())
            .collect();
        let others: Vec<GroupTag> = groups.iter().map(|g| g.tag.clone()).filter(|t| !named.contains(t)).collect();
        let pool = if named.is_empty() { others } else { named };
        let tag = match picks.one(&pool) {
            Some(t) => t,
            None => {
                let t = GroupTag::Own(self.next_group);
                self.next_group += 1;
                t
            }
        };
        r.say(format!("{} joins {} in {area} (16.3.3)", self.name(id), self.group_name(&tag)));
        self.piece_mut(id)?.group = Some(tag);
        Ok(())
    }

    /// A group's name for the ledger.
    pub fn group_name(&self, tag: &GroupTag) -> String {
        match tag {
            GroupTag::Corps(c) => format!("the {c} Corps group"),
            GroupTag::Independent(id) => format!("{}'s group", self.name(*id)),
            GroupTag::Own(n) => format!("Additional Forces group {n}"),
        }
    }

    /// Forms the groups of this Union Orders step; groups in an Area with Confederate Forces
    /// do not move (16.2).
    pub(crate) fn begin_union_orders(&mut self, r: &mut CampaignReport) {
        let mut groups = self.union_groups();
        for g in &mut groups {
            if !self.in_area(&g.area, Loyalty::Confederate).is_empty() {
                g.done = true;
                r.say(format!(
                    "{} in {} does not move: Confederate Forces are there and a battle will be fought (16.2)",
                    self.group_name(&g.tag),
                    g.area
                ));
            }
        }
        r.say(format!(
            "{} Union groups to roll for, in the order the player chooses (16.3)",
            groups.iter().filter(|g| !g.done).count()
        ));
        self.groups = groups;
    }

    /// The chart a group in `area` reads (16.1.1, 16.1.2) at its Difficulty Level, and its name.
    pub(crate) fn chart_for(&self, area: &str) -> RuleResult<(&OrdersChart, String)> {
        let lvl = &self.settings.difficulty;
        let (charts, level, kind) = if self.in_battle_area(area)? {
            (&self.def.battle_area_orders, lvl.battle_area_orders, "Battle Area Orders (16.1.2)")
        } else {
            (&self.def.map_orders, lvl.map_orders, "Campaign Map Orders (16.1.1)")
        };
        let chart = charts.at(level).ok_or_else(|| {
            refuse(format!("the sheet offers no {level:?} {kind} chart: choose another Difficulty Level (7.14)"))
        })?;
        Ok((chart, format!("{kind}, {level:?}")))
    }

    /// Rolls for and moves one group (16.1, 16.3.1, 16.4).
    pub(crate) fn union_order(
        &mut self,
        group: usize,
        rolls: &[D10],
        shift: i8,
        picks: &[usize],
        by_hand: Option<&str>,
        r: &mut CampaignReport,
    ) -> RuleResult<()> {
        let g = self.groups.get(group).cloned().ok_or_else(|| refuse(format!("no Union group {}", group + 1)))?;
        if g.done {
            return Err(refuse(format!("{} has had its order this step (16.3)", self.group_name(&g.tag))));
        }
        let Some((last, rerolls)) = rolls.split_last() else {
            return Err(refuse("roll the d10 for the group's orders (16.3)"));
        };
        if shift.unsigned_abs() > 1 && !self.settings.scouts_shift_cumulatively {
            return Err(refuse("one Scout shifts the roll by 1 (16.3.1); more only with optional rule O16.3.1"));
        }
        let spent = u32::try_from(rerolls.len()).unwrap_or(u32::MAX).saturating_add(u32::from(shift.unsigned_abs()));
        if spent > self.scouts {
            return Err(refuse(format!("that needs {spent} Scouts; you have {} (16.3.1)", self.scouts)));
        }
        let value = i32::from(last.value()) + i32::from(shift);
        let value = u8::try_from(value)
            .ok()
            .filter(|v| (1..=10).contains(v))
            .ok_or_else(|| refuse(format!("{} shifted by {shift} is off the chart (1 to 10)", last.value())))?;
        let (chart, chart_name) = self.chart_for(&g.area)?;
        let cell = || self.def.cell(chart_name.clone(), format!("roll {value}"));
        let order =
            chart.rows.get(usize::from(value - 1)).ok_or_else(|| RuleError::Missing(cell()))?.get(cell)?.clone();
        let n = g.members.len();
        let who = format!("{} in {} ({n} force{})", self.group_name(&g.tag), g.area, if n == 1 { "" } else { "s" });
        let mut chars = who.chars();
        let who: String = chars.next().map(|f| f.to_uppercase().chain(chars).collect()).unwrap_or_default();
        for (i, roll) in rolls.iter().enumerate() {
            r.rolled(format!("Union Orders, {who}{}", if i > 0 { " (re-roll)" } else { "" }), *roll);
        }
        self.scouts -= spent;
        if !rerolls.is_empty() {
            r.say(format!("{} Scouts spent on re-rolls (16.3.1)", rerolls.len()));
        }
        if shift != 0 {
            r.say(format!("{} Scouts spent to shift the roll by {shift:+} (16.3.1)", shift.unsigned_abs()));
        }
        r.say(format!("{who}: {value} on the {chart_name} chart: \u{201c}{}\u{201d}", order.words()));
        let mut picks = Picks::new(picks);
        let moved = self.carry_out(&order, &g, &mut picks, 0)?;
        let path = match moved {
            Moved::Path(p) => p,
            Moved::Hold(why) | Moved::Done(why) | Moved::Cannot(why) => {
                r.say(format!("The group holds in {}: {why} (16.4)", g.area));
                Vec::new()
            }
            Moved::ByHand(words) => {
                let to = by_hand.ok_or_else(|| {
                    refuse(format!("the order reads \u{201c}{words}\u{201d}: say where the group goes (16.4)"))
                })?;
                if to != g.area && !self.def.map.adjacent(&g.area, to) {
                    return Err(refuse(format!("{to} is not adjacent to {}", g.area)));
                }
                if to == g.area { Vec::new() } else { vec![to.to_string()] }
            }
        };
        if let Some(end) = path.last() {
            for m in &g.members {
                self.piece_mut(*m)?.place = Place::Area(end.clone());
            }
            r.say(format!("The group moves {} \u{2192} {} (16.4)", g.area, path.join(" \u{2192} ")));
            if !self.in_area(end, Loyalty::Confederate).is_empty() {
                r.say(format!("Confederate Forces are in {end}: a battle will be fought (17.0)"));
            }
        }
        if let Some(done) = self.groups.get_mut(group) {
            done.done = true;
        }
        Ok(())
    }

    fn confederate_areas(&self) -> Vec<String> {
        self.def
            .map
            .areas
            .iter()
            .map(|a| a.name.clone())
            .filter(|a| !self.in_area(a, Loyalty::Confederate).is_empty())
            .collect()
    }

    fn confederate_cv(&self, area: &str) -> RuleResult<u32> {
        self.total(&self.in_area(area, Loyalty::Confederate))
    }

    /// The rivers the Union does not cross (16.2).
    fn closed_rivers(&self) -> Vec<String> {
        self.def.rivers.iter().map(|r| r.river.clone()).collect()
    }

    /// Up to `n` moves toward the nearest of `targets`, stopping on entering an Area with
    /// Confederate Forces (ruling "Union moves of more than one Area").
    fn walk(&self, from: &str, targets: &[String], n: u8, picks: &mut Picks) -> Vec<String> {
        let closed = self.closed_rivers();
        let mut path = Vec::new();
        let mut at = from.to_string();
        for _ in 0..n {
            if targets.contains(&at) {
                break;
            }
            let steps = self.def.map.steps_toward(&at, targets, &closed);
            let Some(next) = picks.one(&steps) else { break };
            at = next.clone();
            path.push(next);
            if !self.in_area(&at, Loyalty::Confederate).is_empty() {
                break;
            }
        }
        path
    }

    /// A move toward `targets`, or the river rule's Area when only a forbidden crossing leads
    /// there (16.2).
    fn toward(&self, from: &str, targets: &[String], n: u8, picks: &mut Picks, what: &str) -> Moved {
        if targets.iter().any(|t| t == from) {
            return Moved::Done(format!("the group is in {from} already"));
        }
        let path = self.walk(from, targets, n, picks);
        if !path.is_empty() {
            return Moved::Path(path);
        }
        if !self.def.map.steps_toward(from, targets, &[]).is_empty()
            && let Some(rule) = self.def.rivers.iter().find(|r| r.instead_toward.is_some())
            && let Some(instead) = &rule.instead_toward
        {
            let path = self.walk(from, std::slice::from_ref(instead), n, picks);
            if !path.is_empty() {
                return Moved::Path(path);
            }
        }
        Moved::Cannot(format!("no way toward {what}"))
    }

    /// Whether Confederate Forces adjacent to `area` outnumber the group's Combat Value, more
    /// than 1:1 (16.4).
    fn outmatched_at(&self, area: &str, group_cv: u32) -> RuleResult<Option<u32>> {
        let mut cv = 0;
        for n in self.def.map.neighbours(area, &[]) {
            cv += self.confederate_cv(&n)?;
        }
        Ok((cv > group_cv).then_some(cv))
    }

    /// Among `targets`, the nearest to `from`, then the lowest Confederate Combat Value, then a
    /// pick (16.4, 20.0).
    fn nearest_weakest(&self, from: &str, targets: &[String], picks: &mut Picks) -> RuleResult<Option<String>> {
        let dist = self.def.map.distances_to(&[from.to_string()], &self.closed_rivers());
        let mut scored = Vec::new();
        for t in targets {
            if let Some(d) = dist.get(t) {
                scored.push((*d, self.confederate_cv(t)?, t.clone()));
            }
        }
        let best = scored.iter().map(|s| (s.0, s.1)).min();
        let tied: Vec<String> = scored.into_iter().filter(|s| Some((s.0, s.1)) == best).map(|s| s.2).collect();
        Ok(picks.one(&tied))
    }

    fn places(&self, what: HeldPlace) -> RuleResult<Vec<String>> {
        match what {
            HeldPlace::Objective => self.objectives(),
            HeldPlace::CityOrFort => self.cities_and_forts(),
        }
    }

    fn advance(&self, g: &OrdersGroup, n: u8, picks: &mut Picks) -> RuleResult<Moved> {
        let conf = self.confederate_areas();
        if conf.is_empty() {
            return Ok(Moved::Cannot("no Confederate Force is on the map".into()));
        }
        let dist = self.def.map.distances_to(&conf, &self.closed_rivers());
        if n == 1 || dist.get(&g.area).is_some_and(|d| *d <= u32::from(n)) {
            return self.toward_closest_confederates(&g.area, &conf, n, picks);
        }
        // Advance x2, x3 out of reach: toward the weakest Confederate-occupied Area, unless that
        // would end beside Confederates stronger than the group (16.4).
        let cvs: Vec<(u32, String)> =
            conf.iter().map(|a| Ok((self.confederate_cv(a)?, a.clone()))).collect::<RuleResult<_>>()?;
        let low = cvs.iter().map(|c| c.0).min();
        let weakest: Vec<String> = cvs.into_iter().filter(|c| Some(c.0) == low).map(|c| c.1).collect();
        let Some(target) = self.nearest_weakest(&g.area, &weakest, picks)? else {
            return Ok(Moved::Cannot("no way toward a Confederate Force".into()));
        };
        let moved = self.toward(&g.area, std::slice::from_ref(&target), n, picks, &target);
        self.hold_if_outmatched(g, moved)
    }

    /// Toward the closest Confederate Force; between equally close ones, toward the weaker
    /// (20.0's example), then a pick.
    fn toward_closest_confederates(&self, from: &str, areas: &[String], n: u8, picks: &mut Picks) -> RuleResult<Moved> {
        match self.nearest_weakest(from, areas, picks)? {
            Some(target) => {
                Ok(self.toward(from, std::slice::from_ref(&target), n, picks, "the closest Confederate Force"))
            }
            None => Ok(Moved::Cannot("no way toward a Confederate Force".into())),
        }
    }

    fn hold_if_outmatched(&self, g: &OrdersGroup, moved: Moved) -> RuleResult<Moved> {
        if let Moved::Path(p) = &moved
            && let Some(end) = p.last()
        {
            let mine = self.total(&g.members)?;
            if let Some(cv) = self.outmatched_at(end, mine)? {
                return Ok(Moved::Hold(format!(
                    "{end} is beside Confederate Forces of Combat Value {cv} against the group's {mine}, more than 1:1"
                )));
            }
        }
        Ok(moved)
    }

    /// Reads an order for a group (16.4).
    pub(crate) fn carry_out(&self, order: &Order, g: &OrdersGroup, picks: &mut Picks, depth: u8) -> RuleResult<Moved> {
        if depth > 4 {
            return Ok(Moved::Cannot("the order is nested too deep".into()));
        }
        let from = g.area.as_str();
        Ok(match order {
            Order::Hold => Moved::Hold("the order is Hold".into()),
            Order::Advance(n) => self.advance(g, *n, picks)?,
            Order::Random => {
                let around = self.def.map.neighbours(from, &self.closed_rivers());
                match picks.one(&around) {
                    Some(a) => Moved::Path(vec![a]),
                    None => Moved::Cannot("no adjacent Area".into()),
                }
            }
            Order::TowardUnionHeld(what) => {
                let targets: Vec<String> =
                    self.places(*what)?.into_iter().filter(|a| self.holder(a) == Some(Loyalty::Union)).collect();
                if targets.is_empty() {
                    // None held: a random adjacent Area with Union Forces, else an empty one.
                    let around = self.def.map.neighbours(from, &self.closed_rivers());
                    let with: Vec<String> =
                        around.iter().filter(|a| !self.in_area(a, Loyalty::Union).is_empty()).cloned().collect();
                    let empty: Vec<String> = around
                        .iter()
                        .filter(|a| self.holder(a).is_none() && self.in_area(a, Loyalty::Confederate).is_empty())
                        .cloned()
                        .collect();
                    match picks.one(if with.is_empty() { &empty } else { &with }) {
                        Some(a) => Moved::Path(vec![a]),
                        None => Moved::Hold("no adjacent Area with Union Forces or empty".into()),
                    }
                } else {
                    self.toward(from, &targets, 1, picks, "the closest Union-Held one")
                }
            }
            Order::TowardConfederateHeld(what, n) => {
                let targets: Vec<String> =
                    self.places(*what)?.into_iter().filter(|a| self.holder(a) == Some(Loyalty::Confederate)).collect();
                if targets.is_empty() {
                    return self.advance(g, *n, picks);
                }
                let Some(target) = self.nearest_weakest(from, &targets, picks)? else {
                    return Ok(Moved::Cannot("no way toward a Confederate-Held one".into()));
                };
                let mine = self.total(&g.members)?;
                let theirs = self.confederate_cv(&target)?;
                if *n > 1 && theirs > mine {
                    return Ok(Moved::Hold(format!(
                        "the Confederates in {target} have Combat Value {theirs} against the group's {mine}, more than 1:1"
                    )));
                }
                let moved = self.toward(from, std::slice::from_ref(&target), *n, picks, &target);
                self.hold_if_outmatched(g, moved)?
            }
            Order::MoveToward(target, n) => self.toward(from, std::slice::from_ref(target), *n, picks, target),
            Order::TowardLee(n) => match &self.lee {
                Some(lee) => self.toward(from, std::slice::from_ref(lee), *n, picks, "Robert E. Lee"),
                None => Moved::Cannot("Robert E. Lee is not on the map".into()),
            },
            Order::TowardClosestConfederate(battle_area_only) => {
                let mut targets = Vec::new();
                for a in self.confederate_areas() {
                    if !battle_area_only || self.in_battle_area(&a)? {
                        targets.push(a);
                    }
                }
                if targets.is_empty() {
                    Moved::Cannot("no Confederate Force within the Battle Area".into())
                } else {
                    self.toward_closest_confederates(from, &targets, 1, picks)?
                }
            }
            Order::TowardClosestUnionHeld => {
                let targets: Vec<String> = self.held_by(Loyalty::Union).into_iter().filter(|a| a != from).collect();
                if targets.is_empty() {
                    Moved::Cannot("no other Union-Held Area".into())
                } else {
                    self.toward(from, &targets, 1, picks, "the closest Union-Held Area")
                }
            }
            Order::Otherwise(first, then) => match self.carry_out(first, g, picks, depth + 1)? {
                Moved::Done(why) | Moved::Cannot(why) => match self.carry_out(then, g, picks, depth + 1)? {
                    Moved::Hold(next) => Moved::Hold(format!("{why}, so: {next}")),
                    Moved::Done(next) => Moved::Done(format!("{why}, so: {next}")),
                    Moved::Cannot(next) => Moved::Cannot(format!("{why}, so: {next}")),
                    other => other,
                },
                other => other,
            },
            Order::Text(words) => Moved::ByHand(words.clone()),
        })
    }
}
