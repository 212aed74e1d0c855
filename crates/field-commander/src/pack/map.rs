//! The campaign map (2.0, 2.3, 4.1, 7.6): named Areas, which of them are in the Battle Area
//! and which hold a City or Fort, the links between adjacent Areas and the rivers they cross.
//! Entered by the player from the map; the text names some Areas in its examples.

use super::given::{Given, Origin};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// One Area of the map (2.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Area {
    /// Its unique name, as printed on the map.
    pub name: String,
    /// Inside the red dashed line of the Battle Area (2.3).
    pub battle_area: Given<bool>,
    /// Bears a City or Fort symbol (7.6).
    pub city_or_fort: Given<bool>,
    /// Forces may not enter it (2.1: water, or a Special Rule): named for flavour only.
    #[serde(default)]
    pub inaccessible: bool,
    /// Where it came from.
    #[serde(default)]
    pub origin: Origin,
}

impl Area {
    /// An Area with its flags still to be entered.
    pub fn new(name: impl Into<String>, origin: Origin) -> Area {
        Area {
            name: name.into(),
            battle_area: Given::Missing,
            city_or_fort: Given::Missing,
            inaccessible: false,
            origin,
        }
    }
}

/// Two adjacent Areas (1.0.1, 9.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Link {
    /// One Area.
    pub a: String,
    /// The other.
    pub b: String,
    /// The river the link crosses, if any (16.2).
    #[serde(default)]
    pub river: Option<String>,
    /// Where it came from.
    #[serde(default)]
    pub origin: Origin,
}

/// The campaign map.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Map {
    /// Every Area.
    pub areas: Vec<Area>,
    /// Every link between adjacent Areas.
    pub links: Vec<Link>,
}

impl Map {
    /// The Area with this name.
    pub fn area(&self, name: &str) -> Option<&Area> {
        self.areas.iter().find(|a| a.name == name)
    }

    /// Whether forces may stand in this Area (named and accessible, 2.1).
    pub fn enterable(&self, name: &str) -> bool {
        self.area(name).is_some_and(|a| !a.inaccessible)
    }

    /// The Areas adjacent to `name` that forces may enter; links across `closed` rivers are
    /// left out (16.2). Sorted by name, so that a pick among them is repeatable.
    pub fn neighbours(&self, name: &str, closed: &[String]) -> Vec<String> {
        let mut out = BTreeSet::new();
        for l in &self.links {
            if l.river.as_ref().is_some_and(|r| closed.contains(r)) {
                continue;
            }
            let other = if l.a == name {
                &l.b
            } else if l.b == name {
                &l.a
            } else {
                continue;
            };
            if other != name && self.enterable(other) {
                out.insert(other.clone());
            }
        }
        out.into_iter().collect()
    }

    /// Whether two Areas are adjacent (across any river).
    pub fn adjacent(&self, a: &str, b: &str) -> bool {
        self.neighbours(a, &[]).iter().any(|n| n == b)
    }

    /// The number of moves from each Area to the nearest of `targets`, through enterable
    /// Areas and never across `closed` rivers. Areas that cannot reach a target are absent.
    pub fn distances_to(&self, targets: &[String], closed: &[String]) -> BTreeMap<String, u32> {
        let mut dist = BTreeMap::new();
        let mut queue = VecDeque::new();
        for t in targets {
            if self.enterable(t) && !dist.contains_key(t) {
                dist.insert(t.clone(), 0);
                queue.push_back(t.clone());
            }
        }
        while let Some(at) = queue.pop_front() {
            let d = dist.get(&at).copied().unwrap_or(0);
            for n in self.neighbours(&at, closed) {
                if !dist.contains_key(&n) {
                    dist.insert(n.clone(), d + 1);
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// The neighbours of `from` one move closer to the nearest of `targets` (every shortest
    /// route's first step), sorted by name.
    pub fn steps_toward(&self, from: &str, targets: &[String], closed: &[String]) -> Vec<String> {
        let dist = self.distances_to(targets, closed);
        let Some(here) = dist.get(from).copied() else { return Vec::new() };
        if here == 0 {
            return Vec::new();
        }
        self.neighbours(from, closed).into_iter().filter(|n| dist.get(n).copied() == Some(here - 1)).collect()
    }
}
