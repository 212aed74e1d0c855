//! The Fire Combat and Opening Volley commands (9, 9.2, 9.3, 9.4).

use super::{apply_loss, in_activity, leader_checks, nothing_open, stack};
use crate::artillery::{Round, artillery_shots_allowed, danger_close, round_allowed};
use crate::due::DueKind;
use crate::fire::{FireSituation, Firer, Special, check_capable, combat_modifiers, combat_roll, volley_range, weapon};
use crate::game::Game;
use crate::morale::MoraleState;
use crate::oob::{Arm, Unit, UnitFormation};
use crate::orders::effective::in_limited_defense;
use crate::refusal::Refused;
use crate::table::{Effect, Reading};
use crate::tables::{combat, key};
use companion_core::{Die, TwoDice};
use serde::{Deserialize, Serialize};

/// One unit of the Firing Stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FiringUnit {
    /// The unit.
    pub unit: String,
    /// The SPs the player fires from it (9.1c: fewer to meet a Threshold).
    pub sps: u8,
    /// Its MPs remaining, fractions dropped; Artillery counts its Limbered MA (9.1e, 4.2g).
    pub mps_remaining: u8,
    /// Artillery that began the Phase Limbered needs 3 MPs to Fire (9.1).
    pub was_limbered: bool,
}

/// A Fire Combat (9.3): the Phasing Player's Stack fires at one Target hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireCommand {
    /// The Firing Stack's units that fire.
    pub firers: Vec<FiringUnit>,
    /// The Target Stack, top first (its top Combat Unit sets the modifiers, 9.3).
    pub target: Vec<String>,
    /// The Leaders in the Target hex (4.1a).
    pub target_leaders: Vec<String>,
    /// The Leader Loss Table's column for a Combat Table loss, as the players' chart names it.
    pub leader_column: String,
    /// Range in hexes.
    pub range: u8,
    /// Artillery's round (4.2h); `None` for Small Arms alone.
    pub round: Option<Round>,
    /// The one Small Arms weapon DRM the player claims (9.3); Canister comes from `round`.
    pub weapon_drm: Option<Special>,
    /// The Target's Protection, by its modifier's name (9.1f).
    pub protection: Option<String>,
    /// Other modifiers of the players' Combat Table that apply, by name ("Rear", "Stone Wall",
    /// "Breastworks").
    pub modifiers: Vec<String>,
    /// The Stack began its move Out of CR (3.3e: no Fire).
    pub out_of_radius: bool,
    /// A Zero-led Brigade firing on its Zero Roll's limited MA (4.1d).
    pub zero_led: bool,
    /// An Artillery Leader in or adjacent to the Firing Stack (4.2e: a second and third shot).
    pub artillery_leader: bool,
    /// The two dice.
    pub dice: TwoDice,
    /// The owner's distribution of the loss, top first (9.4a); `None`: settled later if he
    /// has a choice.
    pub allocation: Option<Vec<u8>>,
}

/// An Opening Volley (9.2): the Inactive Player's Stack fires at the Triggering Stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VolleyCommand {
    /// The Opening Volley Firer's units.
    pub firer: Vec<String>,
    /// The Triggering Stack, top first: its Top Unit takes the loss (9.2).
    pub trigger: Vec<String>,
    /// The Leaders in the Triggering Stack (4.1a).
    pub trigger_leaders: Vec<String>,
    /// The Leader Loss Table's column for an Opening Volley loss.
    pub leader_column: String,
    /// Range, 1 to 3 hexes.
    pub range: u8,
    /// Other modifiers of the players' Opening Volley Table that apply ("Canister", "Not
    /// Firing", "Not the Firing unit", the Triggering Stack's SPs).
    pub modifiers: Vec<String>,
    /// The die.
    pub die: Die,
}

fn firer_of(u: &Unit, f: &FiringUnit) -> Firer {
    Firer {
        id: u.id.clone(),
        sps: f.sps,
        strength: u.strength,
        weapon: u.weapon.clone(),
        artillery: u.arm == Arm::Artillery,
        formation: u.unit_formation,
        mps_remaining: f.mps_remaining,
        was_limbered: f.was_limbered,
        wrecked: u.wrecked(),
    }
}

/// The Combat Table's modifiers for a Fire, each with its rule: [`combat_modifiers`] with the
/// Open Order column (4.4a), the CBF level of the Firing Artillery (4.2l) and the players'
/// named modifiers. Also what the screens show before the roll.
pub fn fire_modifiers(game: &Game, c: &FireCommand) -> Result<Vec<String>, Refused> {
    let ids: Vec<String> = c.firers.iter().map(|f| f.unit.clone()).collect();
    let units = stack(game, &ids)?;
    let firers: Vec<Firer> = units.iter().zip(&c.firers).map(|(u, f)| firer_of(u, f)).collect();
    let situation = situation(game, c, &units)?;
    check_capable(&firers, &situation)?;
    let table = game.tables.get(key::COMBAT).ok_or_else(|| Refused::because("no Combat Table"))?;
    let mut names = combat_modifiers(&firers, &situation, table, &game.thresholds)?;
    // 4.4a: Open Order units read the Open Order column of MPs Remaining.
    if units.iter().all(|u| u.arm == Arm::OpenOrder) {
        for n in names.iter_mut() {
            if let Some(rest) = n.strip_prefix(&format!("{} ", combat::MPS_REMAINING)) {
                *n = format!("{} {rest}", combat::MPS_REMAINING_OPEN_ORDER);
            }
        }
    }
    let cbf = units.iter().filter(|u| u.arm == Arm::Artillery).map(|u| game.supply.marks(&u.id).cbf).max();
    if let Some(level) = cbf.filter(|l| *l > 0) {
        names.push(format!("{} {level}", combat::CBF_LEVEL));
    }
    for m in &c.modifiers {
        if !names.contains(m) {
            names.push(m.clone());
        }
    }
    Ok(names)
}

fn situation(game: &Game, c: &FireCommand, units: &[Unit]) -> Result<FireSituation, Refused> {
    let state = units.iter().map(|u| u.state).fold(MoraleState::BloodLust, MoraleState::worst);
    let artillery: Vec<&Unit> = units.iter().filter(|u| u.arm == Arm::Artillery).collect();
    let weapon_drm = match c.round {
        Some(Round::Canister) => {
            if c.weapon_drm.is_some_and(|w| !matches!(w, Special::DenseCanister | Special::NormalCanister)) {
                return Err(Refused::by("9.3", "choose only one weapon DRM: Canister is fired"));
            }
            Some(Special::DenseCanister)
        }
        _ => c.weapon_drm,
    };
    if !artillery.is_empty() && c.round.is_none() {
        return Err(Refused::by("4.2h", "say whether the Artillery fires Shell or Canister"));
    }
    Ok(FireSituation {
        range: c.range,
        visibility: game.clock.visibility().ok().flatten(),
        disorganized: state == MoraleState::Disorganized,
        routed: state == MoraleState::Routed,
        out_of_radius: c.out_of_radius,
        fired: units.iter().any(|u| game.this_turn.has_fired(&game.clock, &u.id)),
        limited_defense: units.iter().any(|u| in_limited_defense(&game.book, &game.oob, &u.formation)),
        zero_led: c.zero_led,
        protection: c.protection.clone(),
        weapon_drm,
    })
}

/// 9.3: reads the Fire on the players' Combat Table without changing the game: the screens'
/// preview, and the first half of [`fire`].
pub fn read_fire(game: &Game, c: &FireCommand) -> Result<Reading, Refused> {
    let names = fire_modifiers(game, c)?;
    let table = game.tables.get(key::COMBAT).ok_or_else(|| Refused::because("no Combat Table"))?;
    combat_roll(table, &names, c.dice.total()).map_err(|e| Refused::because(e.to_string()))
}

fn check_fire(game: &Game, c: &FireCommand) -> Result<(Vec<Unit>, Vec<Unit>), Refused> {
    in_activity(game)?;
    nothing_open(game)?;
    let ids: Vec<String> = c.firers.iter().map(|f| f.unit.clone()).collect();
    let units = stack(game, &ids)?;
    let side = game.clock.phasing();
    if units.iter().any(|u| u.side != side) {
        return Err(Refused::by("9.3", "the Phasing Player's units Fire; the Inactive Player's make Opening Volleys"));
    }
    if let Some(u) = units.iter().find(|u| game.this_turn.is_finished(&game.clock, &u.id)) {
        return Err(Refused::by("9.1", format!("{} is Finished this Phase", u.name)));
    }
    let target = stack(game, &c.target)?;
    if target.iter().any(|u| u.side == side) {
        return Err(Refused::by("9.1", "the Target hex must hold enemy Combat Units"));
    }
    let artillery: Vec<&Unit> = units.iter().filter(|u| u.arm == Arm::Artillery).collect();
    if let (Some(round), false) = (c.round, artillery.is_empty()) {
        for b in &artillery {
            let w = weapon(&b.weapon, true)
                .ok_or_else(|| Refused::because(format!("{}'s Weapon code is not in the listing", b.name)))?;
            round_allowed(w, round, c.range, game.supply.marks(&b.id).depleted)?;
        }
        let allowed = artillery_shots_allowed(c.artillery_leader);
        if game.this_turn.artillery_shots_at(&game.clock, &c.target) >= allowed {
            return Err(Refused::by(
                "4.2g",
                "the Target hex has had its Artillery shot this Phase (4.2e: three with an Artillery Leader)",
            ));
        }
    }
    Ok((units, target))
}

/// 9.3, 9.4: a Fire Combat, applied.
pub(crate) fn fire(game: &mut Game, c: &FireCommand) -> Result<Vec<String>, Refused> {
    let (units, target) = check_fire(game, c)?;
    let r = read_fire(game, c)?;
    let mut lines =
        vec![format!("Fire at {}: {} {:+} = {}: {}", target[0].name, r.raw, r.drm, r.modified, describe(&r.effects))];
    let cause = game.dues.cause();
    let loss = r.loss();
    let applied = apply_loss(game, &c.target, loss, c.allocation.as_deref(), false, ("9.4", cause))?;
    lines.extend(applied.lines);
    if loss > 0 {
        lines.extend(leader_checks(game, &c.target_leaders, &c.leader_column, "4.1a", cause)?);
    }
    let morale = r.effects.iter().any(|e| matches!(e, Effect::MoraleCheck | Effect::State(_) | Effect::Retreat(_)));
    if morale && !applied.destroyed_all {
        let alive: Vec<String> = if applied.pending {
            c.target.clone()
        } else {
            c.target.iter().filter(|id| game.oob.unit(id).is_some_and(|u| !u.dead)).cloned().collect()
        };
        game.dues
            .add(cause, DueKind::MoraleCheck { units: alive, adjacent_to_firer: c.range == 1, rule: "9.4".into() });
        lines.push("Morale Check due (10.1)".into());
    }
    let unlimbered: Vec<String> = target
        .iter()
        .filter(|u| u.arm == Arm::Artillery && u.unit_formation == UnitFormation::Unlimbered)
        .map(|u| u.id.clone())
        .collect();
    if morale && !unlimbered.is_empty() {
        lines.extend(crate::supply::raise_cbf(game, &unlimbered));
    }
    let batteries: Vec<String> = units.iter().filter(|u| u.arm == Arm::Artillery).map(|u| u.id.clone()).collect();
    if let (Some(round), false) = (c.round, batteries.is_empty()) {
        let blue = r.effects.contains(&Effect::CanisterDepletion) && round == Round::Canister;
        let red = r.effects.contains(&Effect::Depletion);
        if blue || red {
            game.dues
                .add(cause, DueKind::Depletion { batteries: batteries.clone(), canister_only: !red, fired: round });
            lines.push("Depletion: the owner picks one Battery of the Firing Stack (4.3b)".into());
        }
        game.this_turn.now(&game.clock).artillery_targets.push(c.target.clone());
        if let Some(n) = danger_close(true, c.range, loss) {
            lines.push(format!(
                "Danger Close: {n} SP off each friendly Stack adjacent to the Target, no Morale Checks (4.2j)"
            ));
        }
    }
    let ids: Vec<String> = units.iter().map(|u| u.id.clone()).collect();
    game.this_turn.mark_fired(&game.clock, &ids);
    lines.push("The Firing units are Finished (9.1a)".into());
    Ok(lines)
}

fn describe(effects: &[Effect]) -> String {
    let words: Vec<String> = effects
        .iter()
        .map(|e| match e {
            Effect::NoEffect => "No Effect".into(),
            Effect::Loss(n) => format!("{n} SP"),
            Effect::MoraleCheck => "Morale Check".into(),
            Effect::Depletion => "Depletion".into(),
            Effect::CanisterDepletion => "Canister Depletion".into(),
            other => format!("{other:?}"),
        })
        .collect();
    words.join(", ")
}

/// 9.2: reads an Opening Volley without changing the game.
pub fn read_volley(game: &Game, c: &VolleyCommand) -> Result<(Reading, u8), Refused> {
    let firer = stack(game, &c.firer)?;
    let mut names = vec![volley_range(c.range, false, false)?];
    // 4.5: Green units make Opening Volleys at -2 (a Green unit is always its Stack's top).
    if firer.iter().any(|u| u.green) {
        names.push("Green Firer".into());
    }
    for m in &c.modifiers {
        if !names.contains(m) {
            names.push(m.clone());
        }
    }
    let table = game.tables.get(key::OPENING_VOLLEY).ok_or_else(|| Refused::because("no Opening Volley Table"))?;
    crate::fire::opening_volley(table, &names, c.die.face(), false).map_err(|e| Refused::because(e.to_string()))
}

/// 9.2: an Opening Volley, applied: the loss on the Triggering Stack's Top Unit, then the
/// next; Leader Loss Checks; no Morale Check; never a Depletion.
pub(crate) fn volley(game: &mut Game, c: &VolleyCommand) -> Result<Vec<String>, Refused> {
    in_activity(game)?;
    nothing_open(game)?;
    let firer = stack(game, &c.firer)?;
    let trigger = stack(game, &c.trigger)?;
    let phasing = game.clock.phasing();
    if trigger[0].side != phasing || firer[0].side == phasing {
        return Err(Refused::by("9.2", "the Inactive Player's Stack fires at the Phasing Stack that Triggered it"));
    }
    let able = firer.iter().any(|u| {
        !matches!(u.unit_formation, UnitFormation::Column | UnitFormation::Mounted | UnitFormation::Limbered)
            && u.state != MoraleState::Routed
    });
    if !able {
        return Err(Refused::by("9.2", "the Opening Volley Firer needs a unit able to Fire (9.1)"));
    }
    if c.modifiers.iter().any(|m| m == "Canister") {
        let canister = firer.iter().any(|u| {
            u.arm == Arm::Artillery
                && weapon(&u.weapon, true).is_some_and(|w| crate::artillery::Canister::of(w).is_some())
                && !game.supply.marks(&u.id).depleted.canister
        });
        if !canister {
            return Err(Refused::by("9.2", "the Canister DRM needs Canister available"));
        }
    }
    let (r, loss) = read_volley(game, c)?;
    let mut lines =
        vec![format!("Opening Volley at {}: {} {:+} = {}: {loss} SP", trigger[0].name, r.raw, r.drm, r.modified)];
    if loss == 0 {
        lines.push("No loss: no Leader Loss Checks (9.2)".into());
        return Ok(lines);
    }
    let cause = game.dues.cause();
    lines.extend(apply_loss(game, &c.trigger, loss, None, true, ("9.2", cause))?.lines);
    lines.extend(leader_checks(game, &c.trigger_leaders, &c.leader_column, "9.2", cause)?);
    lines.push("No Morale Check from an Opening Volley (9.2)".into());
    Ok(lines)
}
