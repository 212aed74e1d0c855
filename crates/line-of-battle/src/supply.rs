//! Wagons and Artillery Ammunition (4.3) and the Artillery markers the game keeps: Depletion
//! (4.3b), CBF levels (4.2l), Batteries away for Battery Replenishment (4.3c, LCV 3.3a), and
//! Limbering and Unlimbering (4.2a). A Wagon's starting Ammunition is the Game-Specific
//! Rules' and missing from the text: the players enter it.

use crate::artillery::{Depletion, Round, may_unlimber};
use crate::due::DueKind;
use crate::game::Game;
use crate::oob::{Arm, Side, UnitFormation};
use crate::refusal::Refused;
use serde::{Deserialize, Serialize};

/// 4.2l: the highest CBF level.
pub const MAX_CBF: u8 = 2;

/// A Wagon (4.3a).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wagon {
    /// Its identity.
    pub id: String,
    /// Its name ("11 Corps Supply").
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Its owning Formation: its Ammunition serves only Batteries of it (4.3a).
    pub formation: String,
    /// Other Formations the Game-Specific Rules let it serve (LCV 4.3b: 1st Corps may use the
    /// 11th Corps Wagon).
    pub also_serves: Vec<String>,
    /// Shell points left.
    pub shell: u16,
    /// Canister points left.
    pub canister: u16,
    /// Destroyed, its contents with it (4.3a).
    pub destroyed: bool,
}

/// The markers of one Battery.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BatteryMarks {
    /// The Battery.
    pub battery: String,
    /// Its Depletion markers (4.3b).
    pub depleted: Depletion,
    /// Its hex's CBF level, 0 to 2 (4.2l).
    pub cbf: u8,
    /// Away for Battery Replenishment: the Game Turn it returns (4.3c).
    pub returns: Option<u32>,
}

/// The game's Wagons and Battery markers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Supply {
    /// Every Wagon.
    pub wagons: Vec<Wagon>,
    /// Every Battery with a marker.
    pub batteries: Vec<BatteryMarks>,
}

impl Supply {
    /// A Battery's markers (none: a fresh one).
    pub fn marks(&self, battery: &str) -> BatteryMarks {
        self.batteries
            .iter()
            .find(|b| b.battery == battery)
            .cloned()
            .unwrap_or_else(|| BatteryMarks { battery: battery.into(), ..BatteryMarks::default() })
    }

    fn marks_mut(&mut self, battery: &str) -> &mut BatteryMarks {
        if let Some(i) = self.batteries.iter().position(|b| b.battery == battery) {
            &mut self.batteries[i]
        } else {
            self.batteries.push(BatteryMarks { battery: battery.into(), ..BatteryMarks::default() });
            let last = self.batteries.len() - 1;
            &mut self.batteries[last]
        }
    }

    /// The Wagon `id`.
    pub fn wagon(&self, id: &str) -> Result<&Wagon, Refused> {
        self.wagons.iter().find(|w| w.id == id).ok_or_else(|| Refused::because(format!("no Wagon {id}")))
    }

    fn wagon_mut(&mut self, id: &str) -> Result<&mut Wagon, Refused> {
        self.wagons.iter_mut().find(|w| w.id == id).ok_or_else(|| Refused::because(format!("no Wagon {id}")))
    }
}

/// A command about Wagons and Artillery markers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SupplyCommand {
    /// A Wagon with its starting Ammunition as the Game-Specific Rules state it (4.3a).
    AddWagon(Wagon),
    /// 4.3a: an enemy Infantry or Cavalry unit moved adjacent with no friendly Combat Unit in
    /// its hex, or it suffered a Combat Table Loss result.
    WagonDestroyed {
        /// The Wagon.
        wagon: String,
    },
    /// 4.3b: one Battery is Depleted; with `caisson`, Caisson Replenishment refills it at once
    /// from that Wagon instead (4.3c: the players state its conditions are met by naming it).
    Deplete {
        /// The Battery.
        battery: String,
        /// The type Depleted.
        ammo: Round,
        /// The Wagon for an automatic Caisson Replenishment.
        caisson: Option<String>,
        /// The Depletion due it settles, if any.
        due: Option<u32>,
    },
    /// 4.3c Caisson Replenishment of a marker already placed, at any time.
    Caisson {
        /// The Battery.
        battery: String,
        /// The types to refill.
        ammo: Vec<Round>,
        /// The Wagon (within 25 Limbered MPs, the path clear of enemy units and EZOCs).
        wagon: String,
    },
    /// 4.3c Battery Replenishment in the player's own Player Turn: the Battery, moved to within
    /// 1 of its HQ, leaves the map, refills and returns one hour later; LCV 3.3a: the
    /// Confederates roll one die for the turns instead (`turns`).
    SendToWagons {
        /// The Battery.
        battery: String,
        /// The types to refill.
        ammo: Vec<Round>,
        /// The Wagon.
        wagon: String,
        /// The turns until it returns, when a Game-Specific Rule rolls for them.
        turns: Option<u8>,
    },
    /// 4.3c: the Battery returns Limbered within 1 of its HQ at the start of the Activity Phase.
    Returns {
        /// The Battery.
        battery: String,
    },
    /// 4.2l: sets the CBF level of a hex's Artillery (a correction).
    SetCbf {
        /// The hex's Batteries.
        batteries: Vec<String>,
        /// The level, 0 to 2.
        level: u8,
    },
    /// 4.2l, 12.1 part 5: the Rally Phase removes every CBF marker of the Phasing side.
    RemoveCbf,
    /// 4.2a: Unlimbers a Battery after checking its hex.
    Unlimber {
        /// The Battery.
        battery: String,
        /// Hexes to the nearest enemy Combat Unit.
        enemy_hexes: u32,
        /// Within a friendly Infantry Formation's CR (Cavalry's for Horse Artillery).
        in_radius: bool,
        /// The TEC prohibits Artillery in the hex.
        prohibited: bool,
    },
    /// Limbers a Battery: allowed whatever the enemy (4.2a).
    Limber {
        /// The Battery.
        battery: String,
    },
}

fn battery<'a>(game: &'a Game, id: &str) -> Result<&'a crate::oob::Unit, Refused> {
    let u = game.oob.unit(id).ok_or_else(|| Refused::because(format!("no unit {id}")))?;
    if u.arm != Arm::Artillery {
        return Err(Refused::by("4.3", format!("{} is not a Battery", u.name)));
    }
    Ok(u)
}

/// 4.3a: whether `wagon` serves `battery`: a Battery of its owning Formation (at any level
/// below it) or of a Formation the Game-Specific Rules add.
pub fn serves(game: &Game, wagon: &Wagon, battery: &str) -> bool {
    let Some(u) = game.oob.unit(battery) else { return false };
    let mut here = game.oob.formation(&u.formation);
    let mut guard = 0;
    while let Some(f) = here {
        if f.id == wagon.formation || wagon.also_serves.contains(&f.id) {
            return true;
        }
        guard += 1;
        if guard > 64 {
            break;
        }
        here = f.parent.as_deref().and_then(|p| game.oob.formation(p));
    }
    false
}

fn label(ammo: Round) -> &'static str {
    match ammo {
        Round::Shell => "Shell",
        Round::Canister => "Canister",
    }
}

/// 4.3c: expends one point per SP of the Battery from the Wagon, all or nothing.
fn expend(game: &mut Game, wagon: &str, battery: &str, ammo: &[Round]) -> Result<Vec<String>, Refused> {
    let b = battery_of(game, battery)?;
    let sps = u16::from(b.1);
    let w = game.supply.wagon(wagon)?.clone();
    if w.destroyed {
        return Err(Refused::by("4.3a", format!("{} is destroyed", w.name)));
    }
    if w.side != b.0 || !serves(game, &w, battery) {
        return Err(Refused::by("4.3a", format!("{}'s Ammunition serves only Batteries of its Formation", w.name)));
    }
    let need_shell = if ammo.contains(&Round::Shell) { sps } else { 0 };
    let need_canister = if ammo.contains(&Round::Canister) { sps } else { 0 };
    if w.shell < need_shell || w.canister < need_canister {
        return Err(Refused::by(
            "4.3c",
            format!(
                "{} holds {} Shell and {} Canister; a {sps} SP Battery needs {sps} of each type refilled (no partial Replenishment)",
                w.name, w.shell, w.canister
            ),
        ));
    }
    let slot = game.supply.wagon_mut(wagon)?;
    slot.shell -= need_shell;
    slot.canister -= need_canister;
    let what: Vec<&str> = ammo.iter().map(|a| label(*a)).collect();
    Ok(vec![format!(
        "{} spends {sps} points of {} from {}: {} Shell and {} Canister left (4.3c)",
        battery,
        what.join(" and "),
        slot.name,
        slot.shell,
        slot.canister
    )])
}

fn battery_of(game: &Game, id: &str) -> Result<(Side, u8), Refused> {
    battery(game, id).map(|u| (u.side, u.strength))
}

fn depleted_of(d: Depletion, ammo: Round) -> bool {
    match ammo {
        Round::Shell => d.shell,
        Round::Canister => d.canister,
    }
}

fn set_depleted(d: &mut Depletion, ammo: Round, value: bool) {
    match ammo {
        Round::Shell => d.shell = value,
        Round::Canister => d.canister = value,
    }
}

/// Applies a supply command.
pub fn execute(game: &mut Game, command: &SupplyCommand) -> Result<Vec<String>, Refused> {
    match command {
        SupplyCommand::AddWagon(w) => {
            if w.id.trim().is_empty() || game.supply.wagons.iter().any(|o| o.id == w.id) {
                return Err(Refused::because("a Wagon needs an identity of its own"));
            }
            let f = game
                .oob
                .formation(&w.formation)
                .ok_or_else(|| Refused::because(format!("no Formation {}", w.formation)))?;
            if f.side != w.side {
                return Err(Refused::by("4.3a", "a Wagon serves its own side's Formation"));
            }
            game.supply.wagons.push(Wagon { destroyed: false, ..w.clone() });
            Ok(vec![format!("{} with {} Shell and {} Canister (4.3a)", w.name, w.shell, w.canister)])
        }
        SupplyCommand::WagonDestroyed { wagon } => {
            let w = game.supply.wagon_mut(wagon)?;
            if w.destroyed {
                return Err(Refused::because(format!("{} is already destroyed", w.name)));
            }
            w.destroyed = true;
            w.shell = 0;
            w.canister = 0;
            Ok(vec![format!("{} destroyed with its Ammunition (4.3a)", w.name)])
        }
        SupplyCommand::Deplete { battery: id, ammo, caisson, due } => {
            let b = battery(game, id)?.clone();
            if let Some(d) = due {
                let DueKind::Depletion { batteries, canister_only, fired } = &game.dues.get(*d)?.kind else {
                    return Err(Refused::because("that is not a Depletion due"));
                };
                if !batteries.contains(id) {
                    return Err(Refused::by("4.3b", "the Depletion falls on one Battery of the Firing Stack"));
                }
                if *canister_only && *ammo != Round::Canister {
                    return Err(Refused::by("4.3b", "the blue band Depletes Canister only"));
                }
                if !*canister_only && ammo != fired {
                    return Err(Refused::by("4.3b", "the reddish band Depletes the type fired"));
                }
            }
            let marks = game.supply.marks(id);
            let mut lines = Vec::new();
            if depleted_of(marks.depleted, *ammo) {
                lines.push(format!("{} is already Depleted of {}", b.name, label(*ammo)));
            } else if let Some(w) = caisson {
                if marks.cbf > 0 {
                    return Err(Refused::by("4.2l", "a Battery under a CBF marker cannot do Caisson Replenishment"));
                }
                lines.extend(expend(game, w, id, &[*ammo])?);
                lines.push(format!("{} refilled by Caisson: no Depletion marker (4.3c)", b.name));
            } else {
                set_depleted(&mut game.supply.marks_mut(id).depleted, *ammo, true);
                lines.push(format!("{} Depleted of {} (4.3b)", b.name, label(*ammo)));
            }
            if let Some(d) = due {
                game.dues.settle(*d);
            }
            Ok(lines)
        }
        SupplyCommand::Caisson { battery: id, ammo, wagon } => {
            let b = battery(game, id)?.clone();
            let marks = game.supply.marks(id);
            if marks.cbf > 0 {
                return Err(Refused::by("4.2l", "a Battery under a CBF marker cannot do Caisson Replenishment"));
            }
            if ammo.is_empty() || ammo.iter().any(|a| !depleted_of(marks.depleted, *a)) {
                return Err(Refused::by("4.3c", format!("{} is not Depleted of that type", b.name)));
            }
            let mut lines = expend(game, wagon, id, ammo)?;
            let m = game.supply.marks_mut(id);
            for a in ammo {
                set_depleted(&mut m.depleted, *a, false);
            }
            lines.push(format!("{}'s Depletion removed (4.3c)", b.name));
            Ok(lines)
        }
        SupplyCommand::SendToWagons { battery: id, ammo, wagon, turns } => {
            let b = battery(game, id)?.clone();
            if b.side != game.clock.phasing() {
                return Err(Refused::by("4.3c", "Battery Replenishment only in the player's own Player Turn"));
            }
            let marks = game.supply.marks(id);
            if marks.returns.is_some() || !b.on_map {
                return Err(Refused::because(format!("{} is not on the map", b.name)));
            }
            if ammo.is_empty() || ammo.iter().any(|a| !depleted_of(marks.depleted, *a)) {
                return Err(Refused::by("4.3c", format!("{} is not Depleted of that type", b.name)));
            }
            let mut lines = expend(game, wagon, id, ammo)?;
            let back = match turns {
                Some(t) if (1..=6).contains(t) => game.clock.turn + u32::from(*t),
                Some(_) => return Err(Refused::by("LCV 3.3a", "one die: 1 to 6 turns")),
                None => game.clock.turn + crate::schedule::turns_to_cover(&game.clock, 60),
            };
            let m = game.supply.marks_mut(id);
            for a in ammo {
                set_depleted(&mut m.depleted, *a, false);
            }
            m.returns = Some(back);
            m.cbf = 0;
            let u = game.oob.unit_mut(id)?;
            u.on_map = false;
            u.unit_formation = UnitFormation::Limbered;
            lines.push(format!(
                "{} leaves the map to refill and returns on turn {back} within 1 of its HQ (4.3c)",
                b.name
            ));
            Ok(lines)
        }
        SupplyCommand::Returns { battery: id } => {
            let b = battery(game, id)?.clone();
            let marks = game.supply.marks(id);
            let Some(back) = marks.returns else {
                return Err(Refused::because(format!("{} is not away refilling", b.name)));
            };
            if game.clock.turn < back
                || game.clock.phase() != crate::clock::Segment::Reinforcements
                || b.side != game.clock.phasing()
            {
                return Err(Refused::by(
                    "4.3c",
                    format!("{} returns at the start of its side's Activity Phase on turn {back}", b.name),
                ));
            }
            game.supply.marks_mut(id).returns = None;
            let u = game.oob.unit_mut(id)?;
            u.on_map = true;
            u.unit_formation = UnitFormation::Limbered;
            Ok(vec![format!("{} returns Limbered within 1 of its HQ (4.3c)", b.name)])
        }
        SupplyCommand::SetCbf { batteries, level } => {
            if *level > MAX_CBF {
                return Err(Refused::by("4.2l", "CBF levels are 1 and 2"));
            }
            for id in batteries {
                battery(game, id)?;
            }
            for id in batteries {
                game.supply.marks_mut(id).cbf = *level;
            }
            Ok(vec![format!("{}: CBF level {level} (4.2l)", batteries.join(", "))])
        }
        SupplyCommand::RemoveCbf => {
            if game.clock.phase() != crate::clock::Segment::Rally {
                return Err(Refused::by("12.1", "CBF markers come off in the Rally Phase"));
            }
            let side = game.clock.phasing();
            let ids: Vec<String> = game
                .oob
                .units
                .iter()
                .filter(|u| u.side == side && u.arm == Arm::Artillery)
                .map(|u| u.id.clone())
                .collect();
            for b in game.supply.batteries.iter_mut().filter(|b| ids.contains(&b.battery)) {
                b.cbf = 0;
            }
            game.this_turn.now(&game.clock).cbf_removed = true;
            Ok(vec![format!("{side:?}: all CBF markers removed (4.2l, 12.1)")])
        }
        SupplyCommand::Unlimber { battery: id, enemy_hexes, in_radius, prohibited } => {
            let b = battery(game, id)?.clone();
            if b.unit_formation == UnitFormation::Unlimbered {
                return Err(Refused::because(format!("{} is already Unlimbered", b.name)));
            }
            may_unlimber(*enemy_hexes, *in_radius, *prohibited)?;
            game.oob.unit_mut(id)?.unit_formation = UnitFormation::Unlimbered;
            Ok(vec![format!("{} Unlimbers (4.2a)", b.name)])
        }
        SupplyCommand::Limber { battery: id } => {
            let b = battery(game, id)?.clone();
            game.oob.unit_mut(id)?.unit_formation = UnitFormation::Limbered;
            Ok(vec![format!("{} Limbers (4.2a)", b.name)])
        }
    }
}

/// 4.2l, 9.4: a Morale result or worse on a hex with Unlimbered Artillery raises its CBF
/// marker one level, to 2 at most.
pub fn raise_cbf(game: &mut Game, batteries: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    for id in batteries {
        let m = game.supply.marks_mut(id);
        if m.cbf < MAX_CBF {
            m.cbf += 1;
        }
        lines.push(format!("{id}: CBF level {} (4.2l)", m.cbf));
    }
    lines
}

#[cfg(test)]
mod tests;
