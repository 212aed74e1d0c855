//! The resolvers' addresses: what a link writes and what the screen reads, in one place. A
//! link is made with [`Resolver::href`] and a screen reads its address with [`Resolver::read`],
//! through the router's own query writing and parsing ([`crate::shell::router::address`],
//! [`Location::query_value`]), so that an id holding "&", "+" or a space comes back whole.
//! The tracker's links ([`ItemLink`], from the rules crate) are turned into addresses here too.

use super::rolls::model::Roll;
use crate::shell::router::{Location, address};
use johnny_reb::rules::morale::CheckReason;
use johnny_reb::state::ids::{ChargeId, OfficerId, UnitId};
use johnny_reb::state::tracker_state::ItemLink;

/// A morale check's address (`/resolve/morale`): the unit, the reason and, for the next check
/// of the list of checks due, the count waiting (which makes each next check a new address).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoraleCheck {
    /// The unit checking.
    pub unit: Option<UnitId>,
    /// Why it checks (Table 2).
    pub reason: Option<CheckReason>,
    /// The number of checks waiting, when opened as the next of them (4.4.2).
    pub due: Option<usize>,
}

/// What the charge resolver's address (`/resolve/charge`) opens on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ChargeAt {
    /// The charges of this turn and the declaration.
    #[default]
    Declare,
    /// A new declaration, after a charge (a different address from [`ChargeAt::Declare`], so
    /// that the screen starts afresh).
    New,
    /// The quick look-up charge kept on this device.
    Lookup,
    /// A charge of the game (5).
    Game(ChargeId),
    /// The latest charge of this unit this turn, or its declaration.
    Unit(UnitId),
}

/// A resolver's address, with what it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolver {
    /// Morale check (2.3, Table 2).
    Morale(MoraleCheck),
    /// Rally (2.4).
    Rally(Option<UnitId>),
    /// Officer casualties (8, Table 20).
    Officer(Option<OfficerId>),
    /// Small arms fire (4.2).
    Fire(Option<UnitId>),
    /// Artillery fire (4.3): a gun section's or a battery's id, both under `unit`.
    Artillery(Option<String>),
    /// Forced rout move (2.1.2).
    Rout(Option<UnitId>),
    /// Movement (6).
    Move(Option<UnitId>),
    /// Charge and melee (5).
    Charge(ChargeAt),
    /// Other rolls: the menu, or one roll, with its unit; `release` for the strategic
    /// surprise's release roll (10.2.2.a).
    Rolls {
        /// The roll, none for the menu.
        roll: Option<Roll>,
        /// The unit rolling.
        unit: Option<UnitId>,
        /// The release from strategic surprise rather than tactical surprise.
        release: bool,
    },
}

const UNIT: &str = "unit";
const OFFICER: &str = "officer";
const REASON: &str = "reason";
const DUE: &str = "due";
const CHARGE: &str = "charge";
const NEW: &str = "new";
const LOOKUP: &str = "lookup";
const ROLL: &str = "roll";
const KIND: &str = "kind";
const RELEASE: &str = "release";

impl Resolver {
    /// Its path, without the query.
    pub fn path(&self) -> &'static str {
        match self {
            Resolver::Morale(_) => "/resolve/morale",
            Resolver::Rally(_) => "/resolve/rally",
            Resolver::Officer(_) => "/resolve/officer",
            Resolver::Fire(_) => "/resolve/fire",
            Resolver::Artillery(_) => "/resolve/artillery",
            Resolver::Rout(_) => "/resolve/rout",
            Resolver::Move(_) => "/resolve/move",
            Resolver::Charge(_) => "/resolve/charge",
            Resolver::Rolls { .. } => "/resolve/rolls",
        }
    }

    /// The address a link writes.
    pub fn href(&self) -> String {
        let due = match self {
            Resolver::Morale(MoraleCheck { due: Some(n), .. }) => n.to_string(),
            _ => String::new(),
        };
        // Each key with its value, none where the address names nothing.
        let pairs: Vec<(&str, Option<&str>)> = match self {
            Resolver::Morale(m) => vec![
                (UNIT, m.unit.as_deref()),
                (REASON, m.reason.map(CheckReason::key)),
                (DUE, m.due.map(|_| due.as_str())),
            ],
            Resolver::Rally(u) | Resolver::Fire(u) | Resolver::Rout(u) | Resolver::Move(u) => {
                vec![(UNIT, u.as_deref())]
            }
            Resolver::Artillery(u) => vec![(UNIT, u.as_deref())],
            Resolver::Officer(o) => vec![(OFFICER, o.as_deref())],
            Resolver::Charge(at) => match at {
                ChargeAt::Declare => vec![],
                ChargeAt::New => vec![(NEW, Some("1"))],
                ChargeAt::Lookup => vec![(LOOKUP, Some("1"))],
                ChargeAt::Game(id) => vec![(CHARGE, Some(id.as_str()))],
                ChargeAt::Unit(id) => vec![(UNIT, Some(id.as_str()))],
            },
            Resolver::Rolls { roll, unit, release } => {
                vec![(ROLL, roll.map(Roll::key)), (UNIT, unit.as_deref()), (KIND, release.then_some(RELEASE))]
            }
        };
        let query: Vec<(&str, &str)> = pairs.into_iter().filter_map(|(k, v)| v.map(|v| (k, v))).collect();
        address(self.path(), &query)
    }

    /// The resolver an address names, none for another screen. An empty id names nothing.
    pub fn read(l: &Location) -> Option<Resolver> {
        let id = |key: &str| l.query_value(key).filter(|v| !v.is_empty());
        let unit = || id(UNIT).map(UnitId::from);
        Some(match l.path.as_str() {
            "/resolve/morale" => Resolver::Morale(MoraleCheck {
                unit: unit(),
                reason: l.query_value(REASON).and_then(|k| CheckReason::from_any_key(&k)),
                due: l.query_value(DUE).and_then(|n| n.parse().ok()),
            }),
            "/resolve/rally" => Resolver::Rally(unit()),
            "/resolve/officer" => Resolver::Officer(id(OFFICER).map(OfficerId::from)),
            "/resolve/fire" => Resolver::Fire(unit()),
            "/resolve/artillery" => Resolver::Artillery(id(UNIT)),
            "/resolve/rout" => Resolver::Rout(unit()),
            "/resolve/move" => Resolver::Move(unit()),
            "/resolve/charge" => Resolver::Charge(if l.query_value(LOOKUP).is_some() {
                ChargeAt::Lookup
            } else if let Some(c) = id(CHARGE) {
                ChargeAt::Game(c.into())
            } else if let Some(u) = unit() {
                ChargeAt::Unit(u)
            } else if l.query_value(NEW).is_some() {
                ChargeAt::New
            } else {
                ChargeAt::Declare
            }),
            "/resolve/rolls" => Resolver::Rolls {
                roll: l.query_value(ROLL).and_then(|k| Roll::from_key(&k)),
                unit: unit(),
                release: l.query_value(KIND).as_deref() == Some(RELEASE),
            },
            _ => return None,
        })
    }

    /// The unit or officer the address names: the one the resolver opens on.
    pub fn subject(&self) -> Option<String> {
        match self {
            Resolver::Morale(m) => m.unit.as_ref().map(UnitId::to_string),
            Resolver::Rally(u) | Resolver::Fire(u) | Resolver::Rout(u) | Resolver::Move(u) => {
                u.as_ref().map(UnitId::to_string)
            }
            Resolver::Rolls { unit, .. } => unit.as_ref().map(UnitId::to_string),
            Resolver::Artillery(u) => u.clone(),
            Resolver::Officer(o) => o.as_ref().map(OfficerId::to_string),
            Resolver::Charge(ChargeAt::Unit(u)) => Some(u.to_string()),
            Resolver::Charge(_) => None,
        }
    }
}

impl MoraleCheck {
    /// The morale check an address names; nothing named on another screen.
    pub fn read(l: &Location) -> MoraleCheck {
        match Resolver::read(l) {
            Some(Resolver::Morale(m)) => m,
            _ => MoraleCheck::default(),
        }
    }
}

impl ChargeAt {
    /// What the charge resolver's address opens on; the declaration on another screen.
    pub fn read(l: &Location) -> ChargeAt {
        match Resolver::read(l) {
            Some(Resolver::Charge(at)) => at,
            _ => ChargeAt::Declare,
        }
    }
}

/// The address of the screen that settles a tracker item.
pub fn item_href(link: &ItemLink) -> String {
    let resolver = match link {
        ItemLink::Orders => return "/orders".to_string(),
        ItemLink::Morale => Resolver::Morale(MoraleCheck::default()),
        ItemLink::Rout(u) => Resolver::Rout(Some(u.clone())),
        ItemLink::Rally(u) => Resolver::Rally(Some(u.clone())),
        ItemLink::Fire(u) => Resolver::Fire(Some(u.clone())),
        ItemLink::Artillery(s) => Resolver::Artillery(Some(s.to_string())),
        ItemLink::Charge(u) => Resolver::Charge(ChargeAt::Unit(u.clone())),
        ItemLink::Move(u) => Resolver::Move(Some(u.clone())),
        ItemLink::Officer(o) => Resolver::Officer(Some(o.clone())),
        ItemLink::SurpriseRelease => Resolver::Rolls { roll: Some(Roll::Surprise), unit: None, release: true },
    };
    resolver.href()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ids as the roster makes them, as imports bring them, and with every character a query
    /// must escape.
    const IDS: [&str; 6] = ["r-2wi", "s-hall-1", "r12", "a&b=c", "50% off+1", "’Rebel’ #1?"];

    fn every_address(id: &str) -> Vec<Resolver> {
        let u = || Some(UnitId::from(id));
        let mut all = vec![
            Resolver::Rally(u()),
            Resolver::Rally(None),
            Resolver::Officer(Some(id.into())),
            Resolver::Officer(None),
            Resolver::Fire(u()),
            Resolver::Artillery(Some(id.to_string())),
            Resolver::Rout(u()),
            Resolver::Move(u()),
            Resolver::Move(None),
            Resolver::Charge(ChargeAt::Declare),
            Resolver::Charge(ChargeAt::New),
            Resolver::Charge(ChargeAt::Lookup),
            Resolver::Charge(ChargeAt::Game(id.into())),
            Resolver::Charge(ChargeAt::Unit(id.into())),
            Resolver::Morale(MoraleCheck::default()),
        ];
        for reason in CheckReason::ALL {
            all.push(Resolver::Morale(MoraleCheck { unit: u(), reason: Some(reason), due: None }));
            all.push(Resolver::Morale(MoraleCheck { unit: u(), reason: Some(reason), due: Some(3) }));
        }
        for roll in Roll::ALL {
            for release in [false, true] {
                all.push(Resolver::Rolls { roll: Some(roll), unit: u(), release });
                all.push(Resolver::Rolls { roll: Some(roll), unit: None, release });
            }
        }
        all.push(Resolver::Rolls { roll: None, unit: None, release: false });
        all
    }

    #[test]
    fn every_address_a_link_writes_is_read_back_by_its_screen() {
        for id in IDS {
            for r in every_address(id) {
                let href = r.href();
                let l = Location::parse(&href);
                assert_eq!(l.path, r.path(), "{href}");
                assert_eq!(Resolver::read(&l).as_ref(), Some(&r), "{href}");
            }
        }
    }

    #[test]
    fn an_id_with_characters_a_query_escapes_is_written_escaped_and_read_whole() {
        let r = Resolver::Rout(Some("a&b=c d+e".into()));
        assert_eq!(r.href(), "/resolve/rout?unit=a%26b%3Dc%20d%2Be");
        assert_eq!(Resolver::read(&Location::parse(&r.href())).and_then(|r| r.subject()).as_deref(), Some("a&b=c d+e"));
    }

    /// The addresses players have bookmarked or the app wrote before are read as they were.
    #[test]
    fn the_addresses_written_before_are_read_as_before() {
        let read = |href: &str| Resolver::read(&Location::parse(href));
        let morale = MoraleCheck { unit: Some("r-1tn".into()), reason: Some(CheckReason::StandLost), due: None };
        assert_eq!(read("/resolve/morale?unit=r-1tn&reason=stand-lost"), Some(Resolver::Morale(morale.clone())));
        assert_eq!(Resolver::Morale(morale).href(), "/resolve/morale?unit=r-1tn&reason=stand-lost");
        assert_eq!(read("/resolve/charge?new=1"), Some(Resolver::Charge(ChargeAt::New)));
        assert_eq!(read("/resolve/charge?lookup=1"), Some(Resolver::Charge(ChargeAt::Lookup)));
        assert_eq!(read("/resolve/charge?charge=charge-3"), Some(Resolver::Charge(ChargeAt::Game("charge-3".into()))));
        assert_eq!(
            read("/resolve/charge?unit="),
            Some(Resolver::Charge(ChargeAt::Declare)),
            "an empty id names nothing"
        );
        assert_eq!(read("/resolve/officer?officer=o-archer").and_then(|r| r.subject()).as_deref(), Some("o-archer"));
        assert_eq!(
            read("/resolve/rolls?roll=works"),
            Some(Resolver::Rolls { roll: Some(Roll::HastyWorks), unit: None, release: false })
        );
        assert_eq!(read("/tables?t=10"), None);
    }

    /// The tracker's links open the same addresses as before (0.5, Table 1's items).
    #[test]
    fn each_tracker_link_opens_the_address_it_always_did() {
        let cases = [
            (ItemLink::Orders, "/orders"),
            (ItemLink::Morale, "/resolve/morale"),
            (ItemLink::Rout("r-2wi".into()), "/resolve/rout?unit=r-2wi"),
            (ItemLink::Rally("r-24mi".into()), "/resolve/rally?unit=r-24mi"),
            (ItemLink::Fire("r-7wi".into()), "/resolve/fire?unit=r-7wi"),
            (ItemLink::Artillery("s-hall-1".into()), "/resolve/artillery?unit=s-hall-1"),
            (ItemLink::Charge("r-2wi".into()), "/resolve/charge?unit=r-2wi"),
            (ItemLink::Move("r-1tn".into()), "/resolve/move?unit=r-1tn"),
            (ItemLink::Officer("o-archer".into()), "/resolve/officer?officer=o-archer"),
            (ItemLink::SurpriseRelease, "/resolve/rolls?roll=surprise&kind=release"),
        ];
        for (link, href) in cases {
            assert_eq!(item_href(&link), href);
        }
    }
}
