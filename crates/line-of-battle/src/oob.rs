//! The order of battle: Army, Corps, Division, Brigade and their units and Leaders, with the
//! units' Strength, Morale, Formation and Wrecked status (1.3, 4.1, 6.2, 10.2), Consolidation
//! (1.3e) and Rebuilding (12.2). Every value is entered by the players from their counters.

use crate::morale::{MoraleRating, MoraleState};
use crate::refusal::Refused;
use serde::{Deserialize, Serialize};

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The Confederate player: first unless the scenario says otherwise (1.7).
    Confederate,
    /// The Federal player.
    Federal,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Confederate => Side::Federal,
            Side::Federal => Side::Confederate,
        }
    }
}

/// A Formation's echelon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Echelon {
    /// The Army (its HQ marks no Command, 3.1).
    Army,
    /// A Corps: usually a Command (3.1).
    Corps,
    /// A Division.
    Division,
    /// A Brigade.
    Brigade,
    /// An Artillery Battalion: all its Orders are Move Orders (13.2b).
    ArtilleryBattalion,
}

/// One Formation of the tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Formation {
    /// Its identity ("1/1/1", "Heth").
    pub id: String,
    /// Its name as on the counters.
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Its echelon.
    pub echelon: Echelon,
    /// The Formation above it; `None` for the Army.
    pub parent: Option<String>,
    /// Its Leader.
    pub leader: Option<String>,
    /// Whether it has its own HQ counter (a Command, 3.1).
    pub hq: bool,
}

/// A Combat Unit's arm (1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Arm {
    /// Infantry.
    Infantry,
    /// Cavalry (the Yellow Stripe, 1.3f).
    Cavalry,
    /// Artillery.
    Artillery,
    /// Open Order (4.4).
    OpenOrder,
}

/// A Combat Unit's Formation (6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitFormation {
    /// Line.
    Line,
    /// Column.
    Column,
    /// Mounted.
    Mounted,
    /// Dismounted.
    Dismounted,
    /// Limbered Artillery.
    Limbered,
    /// Unlimbered Artillery.
    Unlimbered,
}

/// A Combat Unit (1.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Its identity.
    pub id: String,
    /// Its name ("19 Ind").
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Its Brigade (or the Formation it belongs to directly).
    pub formation: String,
    /// Its arm.
    pub arm: Arm,
    /// Its Weapon Type code ("R", "SR", "N"): the counter's lower left (1.3c).
    pub weapon: String,
    /// Its printed (full) Strength in SPs.
    pub printed: u8,
    /// Its current Strength (1.3a): hidden from the enemy (1.8).
    pub strength: u8,
    /// Its Morale Rating (1.3d).
    pub rating: MoraleRating,
    /// Its Formation.
    pub unit_formation: UnitFormation,
    /// Its Stack's Morale State.
    pub state: MoraleState,
    /// A Green unit (4.5).
    pub green: bool,
    /// On the map (false: yet to arrive, or removed).
    pub on_map: bool,
    /// In the Dead Pile (9.4b); a Consolidated donor is removed, not Dead (1.3e).
    pub dead: bool,
}

impl Unit {
    /// 1.3b: less than 50% of its printed SPs; Artillery never, and the minimum size is 3 SPs.
    pub fn wrecked(&self) -> bool {
        self.arm != Arm::Artillery && self.printed >= 3 && u16::from(self.strength) * 2 < u16::from(self.printed)
    }

    /// Removes `loss` SPs; at none left it goes to the Dead Pile (9.4b). Never below zero.
    pub fn take_loss(&mut self, loss: u8) {
        self.strength = self.strength.saturating_sub(loss);
        if self.strength == 0 {
            self.dead = true;
            self.on_map = false;
        }
    }
}

/// A Leader (4.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leader {
    /// Its identity.
    pub id: String,
    /// His name.
    pub name: String,
    /// His side.
    pub side: Side,
    /// The Formation he commands.
    pub formation: Option<String>,
    /// Command Value, 0-4 (4.1).
    pub command: u8,
    /// Morale Value, 0-4 (4.1).
    pub morale: u8,
    /// The Army Commander's Awareness in turns, from the Game-Specific Rules and the Order
    /// Delivery Chart (13.3a); `None` for every other Leader.
    pub awareness: Option<u8>,
    /// On the map (13.5a: off-map Leaders cannot issue, Accept or Reissue Orders).
    pub on_map: bool,
    /// Removed from play by Leader Loss (4.1a).
    pub lost: bool,
    /// A "Repl" Leader (4.1c).
    pub repl: bool,
}

impl Leader {
    /// Whether he is the Army Commander (he alone has Awareness).
    pub fn army_commander(&self) -> bool {
        self.awareness.is_some()
    }
}

/// The order of battle of both sides.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Oob {
    /// Every Formation.
    pub formations: Vec<Formation>,
    /// Every Combat Unit.
    pub units: Vec<Unit>,
    /// Every Leader.
    pub leaders: Vec<Leader>,
}

fn rating_ok(v: u8, what: &str) -> Result<(), Refused> {
    if v > 4 { Err(Refused::by("4.1", format!("a {what} is 0 to 4, not {v}"))) } else { Ok(()) }
}

impl Oob {
    /// The Formation `id`.
    pub fn formation(&self, id: &str) -> Option<&Formation> {
        self.formations.iter().find(|f| f.id == id)
    }
    /// The unit `id`.
    pub fn unit(&self, id: &str) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }
    /// The unit `id`, to change.
    pub fn unit_mut(&mut self, id: &str) -> Result<&mut Unit, Refused> {
        self.units.iter_mut().find(|u| u.id == id).ok_or_else(|| Refused::because(format!("no unit {id}")))
    }
    /// The Leader `id`.
    pub fn leader(&self, id: &str) -> Option<&Leader> {
        self.leaders.iter().find(|l| l.id == id)
    }
    /// The Leader `id`, to change.
    pub fn leader_mut(&mut self, id: &str) -> Result<&mut Leader, Refused> {
        self.leaders.iter_mut().find(|l| l.id == id).ok_or_else(|| Refused::because(format!("no Leader {id}")))
    }

    fn unused(&self, id: &str) -> Result<(), Refused> {
        if id.trim().is_empty() {
            return Err(Refused::because("an identity cannot be empty"));
        }
        let used = self.formations.iter().any(|f| f.id == id)
            || self.units.iter().any(|u| u.id == id)
            || self.leaders.iter().any(|l| l.id == id);
        if used { Err(Refused::because(format!("{id} is already in the order of battle"))) } else { Ok(()) }
    }

    /// Adds a Formation under its parent (of its side, one echelon above or the Army).
    pub fn add_formation(&mut self, f: Formation) -> Result<(), Refused> {
        self.unused(&f.id)?;
        match (&f.parent, f.echelon) {
            (None, Echelon::Army) => {}
            (None, _) => return Err(Refused::by("3.1", "every Formation but the Army has one above it")),
            (Some(p), _) => {
                let parent = self.formation(p).ok_or_else(|| Refused::because(format!("no Formation {p}")))?;
                if parent.side != f.side {
                    return Err(Refused::because("a Formation belongs to its own side's tree"));
                }
                if parent.echelon >= f.echelon || parent.echelon == Echelon::ArtilleryBattalion {
                    return Err(Refused::by("3.3", "a Formation sits below a higher echelon"));
                }
            }
        }
        self.formations.push(f);
        Ok(())
    }

    /// Adds a unit to its Formation.
    pub fn add_unit(&mut self, u: Unit) -> Result<(), Refused> {
        self.unused(&u.id)?;
        let f =
            self.formation(&u.formation).ok_or_else(|| Refused::because(format!("no Formation {}", u.formation)))?;
        if f.side != u.side {
            return Err(Refused::because("a unit belongs to its own side's Formation"));
        }
        if u.printed == 0 || u.strength > u.printed {
            return Err(Refused::by("1.3a", "a unit has 1 SP or more printed and no more than that now"));
        }
        self.units.push(u);
        Ok(())
    }

    /// Adds a Leader; the one with Awareness is his side's Army Commander.
    pub fn add_leader(&mut self, l: Leader) -> Result<(), Refused> {
        self.unused(&l.id)?;
        rating_ok(l.command, "Command Value")?;
        rating_ok(l.morale, "Morale Value")?;
        if l.army_commander() && self.leaders.iter().any(|o| o.side == l.side && o.army_commander()) {
            return Err(Refused::by("13.3a", "a side has one Army Commander with Awareness"));
        }
        if let Some(f) = &l.formation {
            let side =
                self.formation(f).map(|f| f.side).ok_or_else(|| Refused::because(format!("no Formation {f}")))?;
            if side != l.side {
                return Err(Refused::because("a Leader commands his own side's Formation"));
            }
        }
        self.leaders.push(l);
        Ok(())
    }

    /// Copies a Brigade with its units under new identities (`suffix` added): the quick way
    /// to enter a brigade of regiments.
    pub fn copy_brigade(&mut self, brigade: &str, new_id: &str, new_name: &str) -> Result<(), Refused> {
        let mut f =
            self.formation(brigade).cloned().ok_or_else(|| Refused::because(format!("no Formation {brigade}")))?;
        f.id = new_id.into();
        f.name = new_name.into();
        f.leader = None;
        self.add_formation(f)?;
        let units: Vec<Unit> = self.units.iter().filter(|u| u.formation == brigade).cloned().collect();
        for mut u in units {
            u.id = format!("{}@{new_id}", u.id);
            u.formation = new_id.into();
            self.add_unit(u)?;
        }
        Ok(())
    }

    /// The Formation's Leader, if he is in play.
    pub fn leader_of(&self, formation: &str) -> Option<&Leader> {
        let id = self.formation(formation)?.leader.as_deref()?;
        self.leader(id).filter(|l| !l.lost)
    }

    /// The Formations under `formation`, at every level below.
    pub fn below(&self, formation: &str) -> Vec<&Formation> {
        let mut out: Vec<&Formation> = Vec::new();
        let mut frontier = vec![formation.to_string()];
        while let Some(id) = frontier.pop() {
            for f in self.formations.iter().filter(|f| f.parent.as_deref() == Some(id.as_str())) {
                frontier.push(f.id.clone());
                out.push(f);
            }
        }
        out
    }

    /// The Formation at `echelon` at or above `formation`.
    pub fn above(&self, formation: &str, echelon: Echelon) -> Option<&Formation> {
        let mut here = self.formation(formation);
        while let Some(f) = here {
            if f.echelon == echelon {
                return Some(f);
            }
            here = f.parent.as_deref().and_then(|p| self.formation(p));
        }
        None
    }

    /// 4.1d: a Brigade led by a Zero (Command Value 0); never above Brigade level.
    pub fn zero_led(&self, brigade: &str) -> bool {
        self.formation(brigade).is_some_and(|f| f.echelon == Echelon::Brigade)
            && self.leader_of(brigade).is_some_and(|l| l.command == 0)
    }

    /// 1.3e Consolidation: the recipient absorbs the whole donor. `stacked` and `marked`
    /// (BL, DG or Routed) are what the players see on the map.
    pub fn consolidate(&mut self, recipient: &str, donor: &str, stacked: bool) -> Result<(), Refused> {
        let r = self.unit(recipient).ok_or_else(|| Refused::because(format!("no unit {recipient}")))?;
        let d = self.unit(donor).ok_or_else(|| Refused::because(format!("no unit {donor}")))?;
        let no = |why: &str| Err(Refused::by("1.3e", why));
        if recipient == donor {
            return no("a unit cannot absorb itself");
        }
        if u16::from(r.strength) + u16::from(d.strength) > u16::from(r.printed) {
            return no("the recipient would become over-strength");
        }
        if d.strength >= d.printed {
            return no("the donor must have lost at least 1 SP");
        }
        if r.wrecked() {
            return no("the recipient cannot be Wrecked");
        }
        if r.formation != d.formation {
            return no("both units must belong to the same Brigade");
        }
        if r.arm != d.arm || r.weapon != d.weapon {
            return no("both units must be the same unit type and Weapon type");
        }
        if !stacked {
            return no("both units must be Stacked together");
        }
        let marked =
            |s: MoraleState| matches!(s, MoraleState::BloodLust | MoraleState::Disorganized | MoraleState::Routed);
        if marked(r.state) || marked(d.state) {
            return no("neither unit can be BL, DG or Routed");
        }
        if r.green != d.green {
            return no("Green units consolidate only with Green units");
        }
        if r.dead || d.dead || !r.on_map || !d.on_map {
            return no("both units must be on the map");
        }
        let given = d.strength;
        self.unit_mut(donor)?.on_map = false;
        self.unit_mut(donor)?.strength = 0;
        self.unit_mut(recipient)?.strength += given;
        Ok(())
    }

    /// 12.2 Rebuilding, on the Midnight turn: 1 SP to each Infantry and Artillery unit (living
    /// or dead, not Green, 4.5) of `side` that has lost one; `eligible` says which the players found in CR or
    /// in the Dead Pile. Returns the units rebuilt.
    pub fn rebuild(&mut self, side: Side, eligible: &dyn Fn(&Unit) -> bool) -> Vec<String> {
        let mut rebuilt = Vec::new();
        for u in self.units.iter_mut().filter(|u| u.side == side) {
            // 12.2: Infantry and Artillery; 4.5: Green units cannot Rebuild.
            let arm_ok = matches!(u.arm, Arm::Infantry | Arm::Artillery) && !u.green;
            let removed_donor = !u.on_map && !u.dead && u.strength == 0;
            if arm_ok && u.strength < u.printed && !removed_donor && eligible(u) {
                u.strength += 1;
                if u.dead {
                    u.dead = false;
                    u.on_map = true;
                }
                rebuilt.push(u.id.clone());
            }
        }
        rebuilt
    }
}

/// 4.1a Leader Loss: two dice on the players' Leader Loss Table, in the column the situation
/// calls for ("Charge Defender", "Capture"); anything but No Effect removes the Leader.
pub fn leader_loss(
    table: &crate::table::RollTable,
    column: &str,
    dice: companion_core::TwoDice,
) -> Result<bool, Refused> {
    let r = table.read(column, i32::from(dice.total()), &[], &[]).map_err(|e| Refused::because(e.to_string()))?;
    Ok(!r.effects.iter().all(|e| *e == crate::table::Effect::NoEffect))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn unit(id: &str, brigade: &str, printed: u8, strength: u8) -> Unit {
        Unit {
            id: id.into(),
            name: id.into(),
            side: Side::Federal,
            formation: brigade.into(),
            arm: Arm::Infantry,
            weapon: "R".into(),
            printed,
            strength,
            rating: MoraleRating::B,
            unit_formation: UnitFormation::Line,
            state: MoraleState::Normal,
            green: false,
            on_map: true,
            dead: false,
        }
    }

    pub(crate) fn formation(id: &str, echelon: Echelon, parent: Option<&str>, leader: Option<&str>) -> Formation {
        Formation {
            id: id.into(),
            name: id.into(),
            side: Side::Federal,
            echelon,
            parent: parent.map(Into::into),
            leader: leader.map(Into::into),
            hq: matches!(echelon, Echelon::Army | Echelon::Corps),
        }
    }

    pub(crate) fn leader(id: &str, formation: &str, command: u8, morale: u8) -> Leader {
        Leader {
            id: id.into(),
            name: id.into(),
            side: Side::Federal,
            formation: Some(formation.into()),
            command,
            morale,
            awareness: None,
            on_map: true,
            lost: false,
            repl: false,
        }
    }

    /// Army of the Potomac / I Corps / 1st Division / 1st Brigade with two regiments.
    pub(crate) fn oob() -> Oob {
        let mut o = Oob::default();
        o.add_formation(formation("AoP", Echelon::Army, None, Some("Meade"))).unwrap();
        o.add_formation(formation("1", Echelon::Corps, Some("AoP"), Some("Reynolds"))).unwrap();
        o.add_formation(formation("1/1", Echelon::Division, Some("1"), Some("Wadsworth"))).unwrap();
        o.add_formation(formation("1/1/1", Echelon::Brigade, Some("1/1"), Some("Meredith"))).unwrap();
        let mut meade = leader("Meade", "AoP", 3, 2);
        meade.awareness = Some(2);
        o.add_leader(meade).unwrap();
        o.add_leader(leader("Reynolds", "1", 4, 3)).unwrap();
        o.add_leader(leader("Wadsworth", "1/1", 2, 2)).unwrap();
        o.add_leader(leader("Meredith", "1/1/1", 2, 3)).unwrap();
        o.add_unit(unit("19 Ind", "1/1/1", 6, 4)).unwrap();
        o.add_unit(unit("2 Wisc", "1/1/1", 6, 6)).unwrap();
        o
    }

    /// 1.3b example: a 6 SP unit is Wrecked at 2 SPs, not at 3.
    #[test]
    fn rule_1_3b_wrecked_determination() {
        let mut u = unit("u", "b", 6, 3);
        assert!(!u.wrecked());
        u.strength = 2;
        assert!(u.wrecked());
        // A 2 SP unit is destroyed before it is Wrecked; Artillery never is.
        assert!(!unit("u", "b", 2, 0).wrecked());
        let mut guns = unit("g", "b", 6, 1);
        guns.arm = Arm::Artillery;
        assert!(!guns.wrecked());
    }

    /// 1.7 example: "19 Ind (4), 2 Wisc (1/1/1)": 19 Ind at 4 SPs, 2 Wisc at full strength.
    #[test]
    fn rule_1_7_set_up_strengths() {
        let o = oob();
        assert_eq!(o.unit("19 Ind").map(|u| u.strength), Some(4));
        assert_eq!(o.unit("2 Wisc").map(|u| u.strength), Some(6));
        assert_eq!(o.above("1/1/1", Echelon::Corps).map(|f| f.id.as_str()), Some("1"));
        assert_eq!(o.below("1").len(), 2);
    }

    #[test]
    fn rule_1_3e_consolidation() {
        let mut o = oob();
        o.add_unit(unit("7 Wisc", "1/1/1", 6, 2)).unwrap();
        // The recipient would be over-strength.
        assert!(o.consolidate("2 Wisc", "7 Wisc", true).is_err());
        // Not stacked.
        assert!(o.consolidate("19 Ind", "7 Wisc", false).is_err());
        o.consolidate("19 Ind", "7 Wisc", true).unwrap();
        assert_eq!(o.unit("19 Ind").map(|u| u.strength), Some(6));
        let donor = o.unit("7 Wisc").unwrap();
        assert!(!donor.on_map && !donor.dead, "removed, not Dead (1.3e)");
        // A full-strength donor cannot give.
        assert!(o.consolidate("19 Ind", "2 Wisc", true).is_err());
    }

    #[test]
    fn rule_12_2_rebuild_one_sp_living_or_dead_not_cavalry() {
        let mut o = oob();
        o.unit_mut("2 Wisc").unwrap().take_loss(6);
        let mut cav = unit("8 Ill", "1/1/1", 5, 3);
        cav.arm = Arm::Cavalry;
        o.add_unit(cav).unwrap();
        let rebuilt = o.rebuild(Side::Federal, &|_| true);
        assert_eq!(rebuilt, vec!["19 Ind".to_string(), "2 Wisc".to_string()]);
        let w = o.unit("2 Wisc").unwrap();
        assert_eq!((w.strength, w.dead, w.on_map), (1, false, true));
        assert_eq!(o.unit("8 Ill").map(|u| u.strength), Some(3));
    }

    #[test]
    fn rule_4_1d_zero_led_brigade() {
        let mut o = oob();
        assert!(!o.zero_led("1/1/1"));
        o.leader_mut("Meredith").unwrap().command = 0;
        assert!(o.zero_led("1/1/1"));
        o.leader_mut("Wadsworth").unwrap().command = 0;
        assert!(!o.zero_led("1/1"), "never above the Brigade level");
    }

    #[test]
    fn rule_4_1a_leader_loss_reads_the_column() {
        use crate::table::{Band, Column, Dice, Effect, RollTable, Span};
        let mut t = RollTable::new("leader-loss", "Leader Loss Table", "4.1a", Dice::Two);
        t.columns.push(Column {
            label: "Charge Defender".into(),
            bands: vec![
                Band { rolls: Span::at_most(10), effects: vec![Effect::NoEffect] },
                Band { rolls: Span::at_least(11), effects: vec![Effect::LeaderLost] },
            ],
        });
        let roll = |a, b| companion_core::TwoDice::new(a, b).unwrap();
        assert_eq!(leader_loss(&t, "Charge Defender", roll(6, 5)), Ok(true));
        assert_eq!(leader_loss(&t, "Charge Defender", roll(1, 1)), Ok(false));
        assert!(leader_loss(&t, "Capture", roll(6, 6)).is_err(), "a column not entered is asked for");
    }

    #[test]
    fn a_leader_value_above_four_is_refused() {
        let mut o = oob();
        assert!(o.add_leader(leader("Cutler", "1/1/1", 5, 1)).is_err());
    }
}
