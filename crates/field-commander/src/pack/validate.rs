//! Checks a pack and says where each problem is ("Seven Days Battles, area 'Richmond': link
//! to 'X' names no area"). Values still missing are not errors: the engine asks for them when
//! it needs them ([`super::CampaignPack::missing`] lists them).

use super::*;
use crate::force::{Entry, Face, ForceType};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// One problem of a pack and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackError {
    /// Where: "Seven Days Battles, area 'Richmond'".
    pub at: String,
    /// What is wrong, in the player's words.
    pub problem: String,
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.problem)
    }
}

/// The most Campaign Turns, Areas or counters a pack may hold: far beyond any campaign.
const MOST_TURNS: u8 = 60;

struct Errors(Vec<PackError>);

impl Errors {
    fn add(&mut self, at: impl Into<String>, problem: impl Into<String>) {
        self.0.push(PackError { at: at.into(), problem: problem.into() });
    }
}

fn q(s: &str) -> String {
    format!("\u{2018}{s}\u{2019}")
}

impl CampaignPack {
    /// Every structural problem of the pack, each with where it is; `Ok` when there are none.
    pub fn validate(&self) -> Result<(), Vec<PackError>> {
        let mut e = Errors(Vec::new());
        if self.name.trim().is_empty() {
            e.add("The pack", "it has no name");
        }
        counters(self, &mut e);
        let mut seen = BTreeSet::new();
        for c in &self.campaigns {
            if c.name.trim().is_empty() {
                e.add("A campaign", "it has no name");
            } else if !seen.insert(c.name.as_str()) {
                e.add(format!("Campaign {}", q(&c.name)), "two campaigns have this name");
            }
            campaign(self, c, &mut e);
        }
        if e.0.is_empty() { Ok(()) } else { Err(e.0) }
    }
}

fn face(f: &Face, at: &str, e: &mut Errors) {
    if let Entry::Entered(Some(a)) | Entry::MadeUp(Some(a)) = f.activation
        && !(1..=10).contains(&a)
    {
        e.add(at, format!("activation number {a} is not 1 to 10 (5.6)"));
    }
    if let Entry::Entered(cv) | Entry::MadeUp(cv) = f.combat
        && cv > 20
    {
        e.add(at, format!("combat value {cv} is beyond 20"));
    }
    if let (Entry::Entered(Some(s)) | Entry::MadeUp(Some(s)), Entry::Entered(cv) | Entry::MadeUp(cv)) =
        (f.superior, f.combat)
        && s > cv
    {
        e.add(at, format!("superior value {s} is above the combat value {cv} (5.7)"));
    }
}

fn counters(p: &CampaignPack, e: &mut Errors) {
    let mut keys = BTreeSet::new();
    for d in &p.counters {
        let at = format!("Counter {}", q(&d.key));
        if d.key.trim().is_empty() {
            e.add(format!("Counter {}", q(&d.counter.name)), "it has no key");
        } else if !keys.insert(d.key.as_str()) {
            e.add(&at, "two counters have this key");
        }
        if d.counter.name.trim().is_empty() {
            e.add(&at, "it has no name");
        }
        let kind = d.counter.kind;
        let fits = match d.echelon {
            Echelon::Named => d.counter.named && kind.is_mobile(),
            Echelon::Brigade | Echelon::Regiment => {
                !d.counter.named && matches!(kind, ForceType::Infantry | ForceType::Cavalry)
            }
            Echelon::Battery => !d.counter.named && kind == ForceType::Artillery,
            Echelon::Static => !d.counter.named && !kind.is_mobile(),
        };
        if !fits {
            e.add(
                &at,
                format!(
                    "a counter of type {kind:?}{} cannot be a {:?} (4.8, 6.1, 6.2)",
                    if d.counter.named { " with a commander's name" } else { " without a commander's name" },
                    d.echelon
                ),
            );
        }
        if d.echelon == Echelon::Named && d.campaign.is_none() {
            e.add(&at, "a Named Force counter carries its Campaign's name (5.3, 7.7)");
        }
        if d.echelon != Echelon::Named && d.campaign.is_some() {
            e.add(&at, "Brigades, Regiments, Batteries, Garrisons and Fortifications have no Campaign name (5.3)");
        }
        match d.copies.value() {
            Some(0) => e.add(&at, "the counter mix holds none of it"),
            Some(n) if d.echelon == Echelon::Named && *n != 1 => {
                e.add(&at, "a Named Force is one counter (copies must be 1)")
            }
            Some(n) if *n > 200 => e.add(&at, format!("{n} copies is beyond the counter mix")),
            _ => {}
        }
        face(&d.counter.full, &format!("{at}, full side"), e);
        if let Entry::Entered(Some(r)) | Entry::MadeUp(Some(r)) = &d.counter.reduced {
            face(r, &format!("{at}, reduced side"), e);
        }
    }
}

fn area_ok(c: &CampaignDef, name: &str, at: &str, what: &str, e: &mut Errors) {
    if c.map.area(name).is_none() {
        e.add(at, format!("{what} {} names no area of the map", q(name)));
    }
}

fn campaign(p: &CampaignPack, c: &CampaignDef, e: &mut Errors) {
    let name = &c.name;
    let at = |what: String| format!("{name}, {what}");
    map(c, e);
    if let Some(t) = c.turns.value()
        && !(1..=MOST_TURNS).contains(t)
    {
        e.add(at("turn track".into()), format!("{t} turns is not 1 to {MOST_TURNS} (4.21)"));
    }
    if let Some(r) = c.lee_rating.value()
        && !(1..=10).contains(r)
    {
        e.add(at("Lee's Command Rating".into()), format!("{r} is not 1 to 10 (4.7)"));
    }
    if let Some(g) = c.group_maximum.value()
        && *g == 0
    {
        e.add(at("Union Group Maximum".into()), "a group holds at least 1 Force (16.3)");
    }
    if let Some(a) = c.lee_start.value() {
        area_ok(c, a, &at("Robert E. Lee's start".into()), "the area", e);
    }
    // Starting forces and late arrivals: every counter exists, may be used in this campaign
    // (7.7), and is not placed more often than the counter mix holds it.
    let mut used: BTreeMap<&str, u32> = BTreeMap::new();
    let mut check_counter = |key: &str, where_: String, e: &mut Errors| match p.counter(key) {
        None => e.add(where_, format!("{} names no counter of the pack", q(key))),
        Some(d) => {
            if d.campaign.as_ref().is_some_and(|n| n != name) {
                e.add(
                    where_.clone(),
                    format!("{} is a counter of the {} campaign (7.7)", q(key), d.campaign.clone().unwrap_or_default()),
                );
            }
            let n = used.entry(&d.key).or_insert(0);
            *n += 1;
            if let Some(copies) = d.copies.value()
                && *n > *copies
            {
                e.add(where_, format!("{} is placed {n} times; the counter mix holds {copies}", q(key)));
            }
        }
    };
    for (i, s) in c.starting_forces.iter().enumerate() {
        let w = at(format!("starting force {} ({})", i + 1, s.counter));
        check_counter(&s.counter, w.clone(), e);
        if let Some(a) = s.area.value() {
            area_ok(c, a, &w, "the area", e);
        }
    }
    for (i, l) in c.late_arrivals.iter().enumerate() {
        let w = at(format!("late arrival {}", i + 1));
        if l.forces.is_empty() {
            e.add(&w, "it names no forces");
        }
        for f in &l.forces {
            check_counter(f, w.clone(), e);
        }
        if let ArrivalWhere::Area(a) = &l.area {
            area_ok(c, a, &w, "the area", e);
        }
        let turn = match &l.when {
            ArrivalWhen::Turn(t) | ArrivalWhen::RollFromTurn { turn: t, .. } => Some(*t),
            ArrivalWhen::Condition(_) => None,
        };
        if let (Some(t), Some(len)) = (turn, c.turns.value())
            && (t == 0 || t > *len)
        {
            e.add(&w, format!("turn {t} is not on the {len}-turn track"));
        }
        if let ArrivalWhen::RollFromTurn { target: given, .. } = &l.when
            && given.value().is_some_and(|t| !(1..=10).contains(t))
        {
            e.add(&w, "the target number is not 1 to 10");
        }
    }
    for (i, o) in c.objectives.iter().enumerate() {
        if let Some(a) = o.value() {
            area_ok(c, a, &at(format!("objective {}", i + 1)), "the area", e);
        }
    }
    for (kind, charts) in [("Campaign Map Orders", &c.map_orders), ("Battle Area Orders", &c.battle_area_orders)] {
        for (level, chart) in
            [("Regular", Some(&charts.regular)), ("Hard", charts.hard.as_ref()), ("Veteran", charts.veteran.as_ref())]
        {
            let Some(chart) = chart else { continue };
            let w = at(format!("{kind} ({level})"));
            if chart.rows.len() != 10 {
                e.add(&w, format!("{} rows; the d10 chart has 10", chart.rows.len()));
            }
            for (i, row) in chart.rows.iter().enumerate() {
                if let Some(o) = row.value() {
                    order(c, o, &format!("{w}, roll {}", i + 1), 0, e);
                }
            }
        }
    }
    if c.withdrawal.rows.len() != 10 {
        e.add(at("Withdrawal table".into()), format!("{} rows; the d10 table has 10", c.withdrawal.rows.len()));
    }
    resupply(c, e);
    for (i, cond) in c.conditions.iter().enumerate() {
        condition(c, cond, &at(format!("condition {} ({})", i + 1, cond.text)), e);
    }
    if let Some(cas) = &c.casualties {
        for a in &cas.areas {
            area_ok(c, a, &at("casualties (21.1)".into()), "the area", e);
        }
    }
    for r in &c.rivers {
        if let Some(a) = &r.instead_toward {
            area_ok(c, a, &at(format!("river {}", q(&r.river))), "the area", e);
        }
        if !c.map.links.iter().any(|l| l.river.as_ref() == Some(&r.river)) {
            e.add(at(format!("river {}", q(&r.river))), "no link of the map crosses it");
        }
    }
    brt(c, e);
}

fn map(c: &CampaignDef, e: &mut Errors) {
    let mut names = BTreeSet::new();
    for a in &c.map.areas {
        if a.name.trim().is_empty() {
            e.add(format!("{}, map", c.name), "an area has no name");
        } else if !names.insert(a.name.as_str()) {
            e.add(format!("{}, area {}", c.name, q(&a.name)), "two areas have this name");
        }
    }
    let mut pairs = BTreeSet::new();
    for l in &c.map.links {
        let at = format!("{}, area {}", c.name, q(&l.a));
        for end in [&l.a, &l.b] {
            if !names.contains(end.as_str()) {
                e.add(&at, format!("link to {} names no area", q(end)));
            }
        }
        if l.a == l.b {
            e.add(&at, "a link joins the area to itself");
        }
        let key = if l.a <= l.b { (l.a.as_str(), l.b.as_str()) } else { (l.b.as_str(), l.a.as_str()) };
        if l.a != l.b && !pairs.insert(key) {
            e.add(&at, format!("the link to {} is entered twice", q(&l.b)));
        }
    }
}

fn order(c: &CampaignDef, o: &Order, at: &str, depth: u8, e: &mut Errors) {
    match o {
        Order::Advance(n) | Order::TowardConfederateHeld(_, n) | Order::MoveToward(_, n) | Order::TowardLee(n)
            if !(1..=3).contains(n) =>
        {
            e.add(at, format!("moves {n} areas; orders move 1 to 3 (16.4)"));
        }
        _ => {}
    }
    match o {
        Order::MoveToward(a, _) => area_ok(c, a, at, "the area", e),
        Order::Otherwise(a, b) => {
            if depth >= 1 {
                e.add(at, "an \u{201c}Otherwise\u{201d} inside another is not read (16.4 gives two instructions)");
                return;
            }
            order(c, a, at, depth + 1, e);
            order(c, b, at, depth + 1, e);
        }
        _ => {}
    }
}

fn resupply(c: &CampaignDef, e: &mut Errors) {
    let w = format!("{}, Union Resupply Table", c.name);
    if c.union_resupply.rows.len() != 10 {
        e.add(&w, format!("{} rows; the d10 table has 10", c.union_resupply.rows.len()));
    }
    for (i, row) in c.union_resupply.rows.iter().enumerate() {
        let at = format!("{w}, roll {}", i + 1);
        match row.value() {
            Some(Resupply::Additional { echelon, count, arm }) => {
                if !matches!(echelon, Echelon::Brigade | Echelon::Regiment | Echelon::Battery) {
                    e.add(&at, "the Additional Forces cup holds Brigades, Regiments and Batteries (4.19)");
                }
                if *count == 0 {
                    e.add(&at, "it gains no Force");
                }
                if arm.is_some_and(|k| !matches!(k, ForceType::Infantry | ForceType::Cavalry)) {
                    e.add(&at, "a Brigade or Regiment is Infantry or Cavalry");
                }
            }
            Some(Resupply::Battery(values)) if values.len() != 10 => {
                e.add(&at, format!("the follow-up roll has {} results; the d10 has 10", values.len()));
            }
            Some(Resupply::Static(kind, areas)) => {
                if kind.is_mobile() {
                    e.add(&at, "the Static Forces Pile holds Garrisons and Fortifications (6.2.1)");
                }
                if !areas.is_empty() && areas.len() != 10 {
                    e.add(&at, format!("the follow-up roll has {} results; the d10 has 10", areas.len()));
                }
                for a in areas.iter().filter_map(Given::value) {
                    area_ok(c, a, &at, "the follow-up area", e);
                }
            }
            _ => {}
        }
    }
}

fn condition(c: &CampaignDef, cond: &Condition, at: &str, e: &mut Errors) {
    let areas: Vec<&String> = match &cond.test {
        Test::Hold { areas, .. } | Test::Present(areas) | Test::Clear(areas) => areas.iter().collect(),
        Test::Reach { area, .. } => vec![area],
        Test::ByHand => Vec::new(),
    };
    if areas.is_empty() && cond.test != Test::ByHand {
        e.add(at, "it names no area");
    }
    for a in areas {
        area_ok(c, a, at, "the area", e);
    }
    if let (Deadline::By(t, _) | Deadline::At(t, _), Some(len)) = (cond.deadline, c.turns.value())
        && (t == 0 || t > *len)
    {
        e.add(at, format!("turn {t} is not on the {len}-turn track"));
    }
}

fn brt(c: &CampaignDef, e: &mut Errors) {
    let w = format!("{}, Battle Resolution Table", c.name);
    let cols = &c.brt.columns;
    if cols.is_empty() {
        return;
    }
    for (i, col) in cols.iter().enumerate() {
        let at = format!("{w}, column {} ({})", i + 1, col.label());
        if col.cells.len() != 10 {
            e.add(&at, format!("{} cells; the d10 column has 10", col.cells.len()));
        }
        if let (Some(l), Some(h)) = (col.low, col.high)
            && l > h
        {
            e.add(&at, "its lowest differential is above its highest");
        }
        if i == 0 && col.low.is_some() {
            e.add(&at, "the first column takes every lower differential (\u{201c}or less\u{201d})");
        }
        if i + 1 == cols.len() && col.high.is_some() {
            e.add(&at, "the last column takes every higher differential (\u{201c}or more\u{201d})");
        }
        if i > 0 && col.low.is_none() {
            e.add(&at, "only the first column is open below");
        }
        if i + 1 < cols.len() && col.high.is_none() {
            e.add(&at, "only the last column is open above");
        }
        if let (Some(prev), Some(l)) = (cols.get(i.wrapping_sub(1)).and_then(|p| p.high), col.low)
            && i > 0
            && l != prev.saturating_add(1)
        {
            e.add(&at, format!("it starts at {l}; the column before ends at {prev}"));
        }
    }
}

/// Every value the engine may ask for that is still missing.
pub(super) fn missing(p: &CampaignPack) -> Vec<CellRef> {
    let mut out = Vec::new();
    for d in &p.counters {
        out.extend(d.counter.missing());
        if d.copies.is_missing() {
            out.push(CellRef::new("Counter mix", &d.key, "copies"));
        }
    }
    if p.scouts.is_missing() {
        out.push(CellRef::new("Counter mix", "Scout counters", "copies"));
    }
    if p.hard_fog_row_9.is_missing() {
        out.push(CellRef::new("Hard Fog of War Event Table (10.2.7)", "9", "row"));
    }
    for c in &p.campaigns {
        let mut need = |g: bool, row: &str, col: &str| {
            if g {
                out.push(c.cell(row, col));
            }
        };
        need(c.lee_rating.is_missing(), "Robert E. Lee", "Command Rating");
        need(c.turns.is_missing(), "Campaign Turn Track", "turns");
        need(c.lee_start.is_missing(), "Robert E. Lee", "starting area");
        need(c.starting.confederate_cp.is_missing(), "Set-up (7.4)", "Confederate Command Points");
        need(c.starting.union_cp.is_missing(), "Set-up (7.4)", "Union Command Points");
        need(c.starting.scouts.is_missing(), "Set-up (7.4)", "Scouts");
        need(c.confederate_cp_per_turn.is_missing(), "Confederate Resupply", "Command Points");
        need(c.scouts_per_turn.is_missing(), "Confederate Resupply", "Scouts");
        need(c.group_maximum.is_missing(), "Union Orders", "Group Maximum");
        need(c.lee_vp.is_missing(), "Campaign Victory Points", "Robert E. Lee");
        for (lvl, g) in [
            ("Regular", &c.union_cp_per_turn.regular),
            ("Hard", &c.union_cp_per_turn.hard),
            ("Veteran", &c.union_cp_per_turn.veteran),
        ] {
            need(g.is_missing(), "Union Resupply", &format!("Command Points ({lvl})"));
        }
        for (lvl, g) in [
            ("Regular", &c.union_resupply_rolls.regular),
            ("Hard", &c.union_resupply_rolls.hard),
            ("Veteran", &c.union_resupply_rolls.veteran),
        ] {
            need(g.is_missing(), "Union Resupply", &format!("rolls ({lvl})"));
        }
        for (lvl, g) in [
            ("Easy", &c.plans.confederate.easy),
            ("Regular", &c.plans.confederate.regular),
            ("Hard", &c.plans.confederate.hard),
        ] {
            need(g.is_missing(), "Battle Plans", &format!("Confederate ({lvl})"));
        }
        for (lvl, g) in
            [("Regular", &c.plans.union.regular), ("Hard", &c.plans.union.hard), ("Veteran", &c.plans.union.veteran)]
        {
            need(g.is_missing(), "Battle Plans", &format!("Union ({lvl})"));
        }
        for (i, s) in c.starting_forces.iter().enumerate() {
            need(s.area.is_missing(), &format!("Starting Forces, {} ({})", i + 1, s.counter), "area");
        }
        for (kind, chart) in
            [("Campaign Map Orders", &c.map_orders.regular), ("Battle Area Orders", &c.battle_area_orders.regular)]
        {
            for (i, r) in chart.rows.iter().enumerate() {
                need(r.is_missing(), kind, &format!("roll {}", i + 1));
            }
        }
        for (i, r) in c.withdrawal.rows.iter().enumerate() {
            need(r.is_missing(), "Withdrawal table", &format!("roll {}", i + 1));
        }
        for (i, r) in c.union_resupply.rows.iter().enumerate() {
            need(r.is_missing(), "Union Resupply Table", &format!("roll {}", i + 1));
        }
        for a in &c.map.areas {
            need(a.battle_area.is_missing(), &format!("Map, {}", a.name), "in the Battle Area");
            need(a.city_or_fort.is_missing(), &format!("Map, {}", a.name), "City or Fort");
        }
        for col in &c.brt.columns {
            for (i, cell) in col.cells.iter().enumerate() {
                if cell.is_missing() {
                    out.push(CellRef::new(
                        format!("Battle Resolution Table, {}", c.name),
                        format!("roll {}", i + 1),
                        col.label(),
                    ));
                }
            }
        }
    }
    out
}
