//! The Charge Process (11.1) as game commands, one step at a time, the Charge in progress
//! kept in the game so that a reload keeps it: a) Declaration, b) the Closing Roll, c) the
//! Opening Volley with d) the attacking Leaders' checks and e) the automatic Target loss
//! with its Leaders' checks, f) the Target's Morale Check, g) the results. The step machine
//! is [`crate::charge::Charge`].

use super::checks::{apply_morale, leads_a_unit_of, read_morale};
use super::{apply_loss, in_activity, leader_checks, nothing_open, stack};
use crate::charge::{Charge, ChargeStep, Charger, Declaration, StepResult, closed, closing_roll};
use crate::due::DueKind;
use crate::game::Game;
use crate::morale::MoraleState;
use crate::oob::{Arm, UnitFormation};
use crate::refusal::Refused;
use crate::stacking::STACKING_LIMIT;
use crate::tables::key;
use companion_core::{Die, TwoDice};
use serde::{Deserialize, Serialize};

/// The Leader Loss Table's column for the Target's Leaders after the automatic loss (11.1e).
pub const CHARGE_DEFENDER: &str = "Charge Defender";

/// What the players see on the map at the Declaration (11.2).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChargeFacts {
    /// The Charging units were Stacked together at the start of the Phase.
    pub stacked_at_start: bool,
    /// They have the MPs to enter the Target hex.
    pub mps_to_enter: bool,
    /// They are in Command Radius for this first announcement (later Charges are exempt).
    pub in_radius: bool,
    /// Their Center Front is aimed at the Target (6.3d).
    pub facing_target: bool,
    /// Stacked with Combat Units that do not take part.
    pub with_others: bool,
    /// Moving by the One Hex Move (7.0a).
    pub one_hex_move: bool,
    /// The Target is adjacent, not in or across Prohibited Terrain.
    pub adjacent: bool,
    /// Attacking through the Target's frontal Breastworks (11.3a).
    pub through_breastworks: bool,
}

/// A Charge in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChargeState {
    /// The Charging Stack, top first.
    pub attackers: Vec<String>,
    /// The Target Stack, top first.
    pub target: Vec<String>,
    /// The Leaders with the Charging Stack.
    pub attacking_leaders: Vec<String>,
    /// The Leaders in the Target hex.
    pub target_leaders: Vec<String>,
    /// The step machine.
    pub machine: Charge,
    /// The Closing Roll failed (11.4b).
    pub closing_failed: bool,
    /// The cause its checks are filed under.
    pub cause: u32,
}

/// A step of the Charge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChargeCommand {
    /// a) Declaration: the Charging Stack, its Leaders and the Target hex (11.1a, 11.2).
    Declare {
        /// The Charging units, top first.
        attackers: Vec<String>,
        /// The Target Stack, top first.
        target: Vec<String>,
        /// Leaders with the Charging Stack.
        attacking_leaders: Vec<String>,
        /// Leaders in the Target hex.
        target_leaders: Vec<String>,
        /// What the players see.
        facts: ChargeFacts,
    },
    /// b) The Charge Closing Roll (7.1).
    Closing {
        /// The die.
        die: Die,
        /// The Leader whose Morale Value is the DRM; he is with the Stack.
        leader: Option<String>,
        /// The Closing Roll Table's other modifiers ("Charge starting adjacent", "Rear",
        /// "Starting in Breastworks").
        modifiers: Vec<String>,
        /// One of 7.1b's automatic successes holds (the Target hex holds or is adjacent to
        /// only enemy Open Order Capable or Non-Combat Units; no enemy in sight).
        automatic: bool,
    },
    /// c) The Inactive Player's Opening Volley at Charge Range (Range 1 after a failed Closing
    /// Roll), then d) and e).
    Volley {
        /// The die.
        die: Die,
        /// The Opening Volley Firer's units.
        firer: Vec<String>,
        /// The Opening Volley Table's other modifiers.
        modifiers: Vec<String>,
        /// The Leader Loss Table's column for the attacking Leaders (11.1d).
        leader_column: String,
    },
    /// f) The Target's Morale Check (11.3b).
    Morale {
        /// The two dice.
        dice: TwoDice,
        /// The Target's one Leader whose Morale Value is subtracted.
        leader: Option<String>,
        /// The Charge Modifier the players read from the SP differential ("Charge: Bigger").
        charge_modifier: Option<String>,
        /// The Morale Table's other modifiers.
        modifiers: Vec<String>,
        /// The owner's distribution of a Morale Table loss (9.4a).
        allocation: Option<Vec<u8>>,
    },
    /// g) The results (11.3c, 11.4d): whether any Combat Unit remains in the Target hex.
    Results {
        /// No Combat Unit of the Target remains in its hex.
        target_left_hex: bool,
    },
}

fn state_of(game: &Game) -> Result<&ChargeState, Refused> {
    game.charge.as_ref().ok_or_else(|| Refused::by("11.1", "no Charge in progress: declare one"))
}

fn sps_able_to_fire(game: &Game, ids: &[String]) -> u16 {
    ids.iter()
        .filter_map(|id| game.oob.unit(id))
        .filter(|u| {
            !u.dead
                && u.state != MoraleState::Routed
                && !matches!(u.unit_formation, UnitFormation::Column | UnitFormation::Mounted | UnitFormation::Limbered)
        })
        .map(|u| u16::from(u.strength))
        .sum()
}

fn alive(game: &Game, ids: &[String]) -> Vec<String> {
    ids.iter().filter(|id| game.oob.unit(id).is_some_and(|u| !u.dead)).cloned().collect()
}

/// Applies a Charge step.
pub(crate) fn execute(game: &mut Game, command: &ChargeCommand) -> Result<Vec<String>, Refused> {
    let mut lines = match command {
        ChargeCommand::Declare { attackers, target, attacking_leaders, target_leaders, facts } => {
            declare(game, attackers, target, attacking_leaders, target_leaders, facts)?
        }
        ChargeCommand::Closing { die, leader, modifiers, automatic } => {
            closing(game, *die, leader.as_deref(), modifiers, *automatic)?
        }
        ChargeCommand::Volley { die, firer, modifiers, leader_column } => {
            volley(game, *die, firer, modifiers, leader_column)?
        }
        ChargeCommand::Morale { dice, leader, charge_modifier, modifiers, allocation } => {
            morale(game, *dice, leader.as_deref(), charge_modifier.as_deref(), modifiers, allocation.as_deref())?
        }
        ChargeCommand::Results { target_left_hex } => results(game, *target_left_hex)?,
    };
    if game.charge.as_ref().is_some_and(|c| c.machine.step == ChargeStep::Over) {
        game.charge = None;
        lines.push("This Charge is over (11.1)".into());
    }
    Ok(lines)
}

fn declare(
    game: &mut Game,
    attackers: &[String],
    target: &[String],
    attacking_leaders: &[String],
    target_leaders: &[String],
    facts: &ChargeFacts,
) -> Result<Vec<String>, Refused> {
    in_activity(game)?;
    nothing_open(game)?;
    let a = stack(game, attackers)?;
    let t = stack(game, target)?;
    let side = game.clock.phasing();
    if a[0].side != side {
        return Err(Refused::by("11.1", "only the Phasing Player can Charge"));
    }
    if t[0].side == side {
        return Err(Refused::by("11.2", "the Target hex holds enemy Combat Units"));
    }
    for l in attacking_leaders.iter().chain(target_leaders) {
        let leader = game.oob.leader(l).ok_or_else(|| Refused::because(format!("no Leader {l}")))?;
        if leader.lost {
            return Err(Refused::by("4.1a", format!("{} is out of play", leader.name)));
        }
    }
    let finished = a.iter().any(|u| game.this_turn.is_finished(&game.clock, &u.id));
    let over = a.iter().map(|u| u16::from(u.strength)).sum::<u16>() > STACKING_LIMIT;
    let d = Declaration {
        units: a
            .iter()
            .map(|u| Charger {
                id: u.id.clone(),
                arm: u.arm,
                formation: u.unit_formation,
                strength: u.strength,
                state: u.state,
            })
            .collect(),
        top_rating: a[0].rating,
        stacked_at_start: facts.stacked_at_start,
        mps_to_enter: facts.mps_to_enter,
        in_radius: facts.in_radius
            || game.this_turn.current(&game.clock).is_some_and(|r| a.iter().all(|u| r.charged.contains(&u.id))),
        facing_target: facts.facing_target,
        finished,
        over_stacked: over,
        with_others: facts.with_others,
        one_hex_move: facts.one_hex_move,
        adjacent: facts.adjacent,
    };
    if a.iter().any(|u| u.arm == Arm::OpenOrder) {
        return Err(Refused::by("4.4a", "Open Order units cannot Charge"));
    }
    let mounted = a.iter().all(|u| u.arm == Arm::Cavalry);
    let formed_infantry = t.iter().any(|u| {
        u.arm == Arm::Infantry
            && u.unit_formation == UnitFormation::Line
            && !matches!(u.state, MoraleState::Disorganized | MoraleState::Routed)
    });
    if mounted && formed_infantry {
        return Err(Refused::by("11.4e", "a Mounted Charge's Target cannot hold Line Infantry unless DG or Routed"));
    }
    let target_sps = sps_able_to_fire(game, target).min(255) as u8;
    let mut machine = Charge::declare(&d, target_sps)?;
    machine.through_breastworks = facts.through_breastworks;
    machine.target_artillery_or_open_order = t.iter().all(|u| matches!(u.arm, Arm::Artillery | Arm::OpenOrder));
    let cause = game.dues.cause();
    let mut lines = vec![format!(
        "{} Charges {}: the Opening Volley is Triggered, even if the Closing Roll fails (11.1c, 9.2)",
        a[0].name, t[0].name
    )];
    if !machine.mounted && t.iter().all(|u| u.arm == Arm::OpenOrder) {
        lines.push("An Open Order Capable Target may Retire 2 hexes instead (4.4c, 4.4d)".into());
    }
    game.charge = Some(ChargeState {
        attackers: attackers.to_vec(),
        target: target.to_vec(),
        attacking_leaders: attacking_leaders.to_vec(),
        target_leaders: target_leaders.to_vec(),
        machine,
        closing_failed: false,
        cause,
    });
    Ok(lines)
}

fn closing(
    game: &mut Game,
    die: Die,
    leader: Option<&str>,
    modifiers: &[String],
    automatic: bool,
) -> Result<Vec<String>, Refused> {
    let c = state_of(game)?.clone();
    if c.machine.step != ChargeStep::ClosingRoll {
        return Err(Refused::by("11.1", format!("the step due is {:?}", c.machine.step)));
    }
    let a = stack(game, &c.attackers)?;
    let state = a.iter().map(|u| u.state).fold(MoraleState::BloodLust, MoraleState::worst);
    let leader_morale = match leader {
        Some(l) if !c.attacking_leaders.iter().any(|x| x == l) => {
            return Err(Refused::by("7.1", "the Leader must be in the Stack before the Closing Roll"));
        }
        Some(l) => game.oob.leader(l).map(|x| x.morale),
        None => None,
    };
    let over = a.iter().map(|u| u16::from(u.strength)).sum::<u16>() > STACKING_LIMIT;
    let (passed, line) = if over {
        (false, "Over-Stacked: the Charge Closing Roll fails (6.1a)".to_string())
    } else if state == MoraleState::Disorganized {
        (false, "DG units cannot pass a Closing Roll (10.2d)".to_string())
    } else if automatic || state == MoraleState::BloodLust {
        (true, "The Closing Roll succeeds automatically (7.1b)".to_string())
    } else {
        let table = game.tables.get(key::CLOSING).ok_or_else(|| Refused::because("no Closing Roll Table"))?;
        let r = closing_roll(table, state, a[0].rating, modifiers, leader_morale, die.face())
            .map_err(|e| Refused::because(e.to_string()))?;
        let ok = closed(&r);
        let modified = r.map(|r| r.modified).unwrap_or(0);
        (ok, format!("Charge Closing Roll {}: {}", modified, if ok { "the Charge goes in" } else { "failed" }))
    };
    let mut lines = vec![line];
    if let Some(cs) = game.charge.as_mut() {
        cs.machine.closing(passed)?;
        cs.closing_failed = !passed;
    }
    if !passed {
        lines.push(
            "No Charge: the Opening Volley still comes, at Range 1; the Stack may Fire at the Target instead (11.4b, 7.1c)".into(),
        );
    }
    Ok(lines)
}

fn volley(
    game: &mut Game,
    die: Die,
    firer: &[String],
    modifiers: &[String],
    leader_column: &str,
) -> Result<Vec<String>, Refused> {
    let c = state_of(game)?.clone();
    if c.machine.step != ChargeStep::OpeningVolley {
        return Err(Refused::by("11.1", format!("the step due is {:?}", c.machine.step)));
    }
    let f = stack(game, firer)?;
    if f[0].side == game.clock.phasing() {
        return Err(Refused::by("11.1c", "the Inactive Player makes the Opening Volley"));
    }
    let mut names = vec![crate::fire::volley_range(1, true, c.closing_failed)?];
    if f.iter().any(|u| u.green) {
        names.push("Green Firer".into());
    }
    for m in modifiers {
        if !names.contains(m) {
            names.push(m.clone());
        }
    }
    let table = game.tables.get(key::OPENING_VOLLEY).ok_or_else(|| Refused::because("no Opening Volley Table"))?;
    let (r, loss) = crate::fire::opening_volley(table, &names, die.face(), c.machine.mounted)
        .map_err(|e| Refused::because(e.to_string()))?;
    let mut lines = vec![format!("Opening Volley: {} {:+} = {}: {loss} SP", r.raw, r.drm, r.modified)];
    if c.machine.mounted && loss > 0 {
        lines.push("Mounted Charges suffer double Opening Volley losses (11.4e)".into());
    }
    let attackers = alive(game, &c.attackers);
    if loss > 0 {
        lines.extend(apply_loss(game, &attackers, loss, None, true, ("11.1c", c.cause))?.lines);
        lines.extend(leader_checks(game, &c.attacking_leaders, leader_column, "11.1d", c.cause)?);
    }
    let step = game.charge.as_mut().map(|cs| cs.machine.volley(loss, c.closing_failed)).transpose()?;
    match step {
        Some(StepResult::AttackerDestroyed) => {
            lines.push("The Charging Stack is destroyed: no Target loss, no Morale Check (11.4a)".into());
            return Ok(lines);
        }
        _ if c.closing_failed => {
            lines.push("The Charge did not go in (11.4b)".into());
            return Ok(lines);
        }
        _ => {}
    }
    // e) Target Losses (11.3a), automatic.
    let result = game.charge.as_mut().map(|cs| cs.machine.target_losses()).transpose()?;
    match result {
        Some(StepResult::TargetLoss) => {
            let target = alive(game, &c.target);
            let applied = apply_loss(game, &target, 1, None, false, ("11.3a", c.cause))?;
            lines.push("The Charging Stack has at least 4 SPs: the Target loses 1 SP (11.3a)".into());
            lines.extend(applied.lines);
            lines.extend(leader_checks(game, &c.target_leaders, CHARGE_DEFENDER, "11.1e", c.cause)?);
            if applied.destroyed_all
                && let Some(cs) = game.charge.as_mut()
            {
                cs.machine.step = ChargeStep::Results;
                lines.push("No Combat Unit is left in the Target hex: no Morale Check".into());
            }
        }
        Some(StepResult::TargetDestroyed) => {
            let target = alive(game, &c.target);
            let all: u8 =
                target.iter().filter_map(|id| game.oob.unit(id)).map(|u| u.strength).fold(0, u8::saturating_add);
            lines.push("A Mounted Charge destroys a Target of Artillery or Open Order only (11.4e)".into());
            lines.extend(apply_loss(game, &target, all, None, false, ("11.4e", c.cause))?.lines);
            lines.extend(leader_checks(game, &c.target_leaders, CHARGE_DEFENDER, "11.4e", c.cause)?);
        }
        _ => lines.push("No Target loss: fewer than 4 SPs, or through frontal Breastworks (11.3a)".into()),
    }
    Ok(lines)
}

fn morale(
    game: &mut Game,
    dice: TwoDice,
    leader: Option<&str>,
    charge_modifier: Option<&str>,
    modifiers: &[String],
    allocation: Option<&[u8]>,
) -> Result<Vec<String>, Refused> {
    let c = state_of(game)?.clone();
    if c.machine.step != ChargeStep::TargetMorale {
        return Err(Refused::by("11.1", format!("the step due is {:?}", c.machine.step)));
    }
    if let Some(d) = game
        .dues
        .list
        .iter()
        .find(|d| d.cause == c.cause && matches!(d.kind, DueKind::LeaderLoss { .. } | DueKind::Loss { .. }))
    {
        let (what, _) = d.describe(&game.oob);
        return Err(Refused::by("11.1", format!("first: {what}")));
    }
    if let Some(l) = leader
        && !c.target_leaders.iter().any(|x| x == l)
    {
        return Err(Refused::by("11.3b", "the Target's Leader must be in the Target hex"));
    }
    let charging: u8 = c
        .attacking_leaders
        .iter()
        .filter_map(|id| game.oob.leader(id))
        .filter(|l| !l.lost)
        .map(|l| l.morale)
        .fold(0, u8::saturating_add);
    let target = alive(game, &c.target);
    let mut names = modifiers.to_vec();
    if let Some(m) = charge_modifier {
        names.push(m.to_string());
    }
    if let Some(l) = leader
        && !leads_a_unit_of(&game.oob, l, &target)
    {
        return Err(Refused::by("10.1", "the Leader needs a Combat Unit of his own Formation in the Stack"));
    }
    let r = read_morale(game, &target, leader, charging, &names, dice)?;
    let mut lines = vec![format!(
        "Target's Morale Check: Charging Stack {} SPs against {} (11.3b): {} {:+} = {}",
        sps_able_to_fire(game, &c.attackers),
        sps_able_to_fire(game, &target),
        r.raw,
        r.drm,
        r.modified
    )];
    lines.extend(apply_morale(game, &target, &r, true, true, allocation, c.cause)?);
    if let Some(cs) = game.charge.as_mut() {
        cs.machine.step = ChargeStep::Results;
    }
    Ok(lines)
}

fn results(game: &mut Game, target_left_hex: bool) -> Result<Vec<String>, Refused> {
    let c = state_of(game)?.clone();
    if c.machine.step != ChargeStep::Results {
        return Err(Refused::by("11.1", format!("the step due is {:?}", c.machine.step)));
    }
    if !target_left_hex && alive(game, &c.target).is_empty() {
        return Err(Refused::by("11.3c", "no Combat Unit remains in the Target hex"));
    }
    let text = game.charge.as_mut().map(|cs| cs.machine.results(target_left_hex)).transpose()?.unwrap_or_default();
    let attackers = alive(game, &c.attackers);
    if target_left_hex {
        let r = game.this_turn.now(&game.clock);
        for id in &attackers {
            if !r.charged.contains(id) {
                r.charged.push(id.clone());
            }
        }
    } else {
        game.this_turn.mark_finished(&game.clock, &attackers);
    }
    Ok(vec![text.to_string()])
}
