//! Artillery fire through the steps of Table 15 (4.3): one gun section or a battery firing
//! together (4.3.6.a), with shot, canister or double canister (its fear-of-charge check first,
//! 4.3.6.b); Table 13's base strength by gun, range and ammunition; Table 14's modifiers
//! (order, crew, pivot, sight, woods, a moving target); Table 10 with shot running low on a 2
//! and the four rounds of canister (4.3.4.a); Tables 11 and 12 on a regiment; counterbattery
//! saves by gun type (4.3.5.a) and crew kills, two in one turn (4.3.5.b), on a gun section;
//! fire through friendly skirmishers (4.3.6.d) and indirect fire (4.3.6.c). Applied to the
//! game one kill, one crew kill, one round at a time, with the morale checks it calls for
//! queued in the order of 4.4.2.

use super::card::{Applied, Resolution, ResultCard};
use super::fire::{
    Cover, CoverChoice, SavesBy, TargetCover, TargetFacts, WorksCover, number_field, resolve as score_on_regiment,
    save_situation_against,
};
use super::missing::Problem;
use super::morale::{self as morale_view, CheckReason};
use super::picker::{Pick, UnitPicker};
use super::queue::Due;
use crate::shell::router::use_query_map;
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::dice::{DiceEntry, thrown};
use crate::widgets::odds::{OddsLine, chance_words};
use crate::widgets::toggles::{Stepper, Toggles};
use johnny_reb::rules::dice::{DiceSource, RandomDice};
use johnny_reb::rules::fire::{
    Ammunition, ArtilleryAmmunition, ArtilleryFire, CombatResult, CrewOutcome, FireKind, FireRulings, FireStrength,
    FireTarget, Flank, GunTable, GunType, Pivot, SavePlan, SaveSituation, Table10Roll, Visibility, artillery_strength,
    battery_strength, casualties_after_saves, casualty_odds, combat_result, combat_result_odds, crew_casualties,
    indirect_fire, modify_kills, save_number,
};
use johnny_reb::rules::morale::{
    AfterCheck, ArtillerySituation, ChargeSituation, MoraleResult, MoraleRulings, MoraleSituation, MoraleUnit, check,
    check_odds, double_canister_mmp,
};
use johnny_reb::rules::tables::t09_small_arms_modifiers::FireModifier;
use johnny_reb::rules::tables::t12_saving_rolls::FormationSave;
use johnny_reb::rules::tables::t13_artillery::{self as t13, GunClass};
use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality};
use johnny_reb::rules::{Chance, Die, Distribution, Overrides, Ratio, RuleResult, TwoDice};
use johnny_reb::state::command::Command;
use johnny_reb::state::game::Game;
use johnny_reb::state::roster::{self, Bore, GunState, Section};
use johnny_reb::state::units::UnitCommand;
use leptos::prelude::*;
use std::collections::BTreeMap;

/// The most sections one resolution fires together (a battery is two or three, 0.1.1.c).
pub const MAX_SECTIONS: usize = 6;

/// The rules engine's gun for a roster gun type: a gun printed on Table 13 or Appendix B by
/// its printed row; any other by the roster's name and bore (its values are asked for by name).
/// A Parrott rifle is named so (Appendix F 9).
///
/// ```
/// use johnny_reb::state::roster::GunType;
/// use companion::systems::johnny_reb::resolve::artillery::engine_gun;
/// use johnny_reb::rules::tables::t13_artillery::GunClass;
/// let parrott = GunType::known().into_iter().find(|g| g.name == "10# Parrott").unwrap();
/// let g = engine_gun(&parrott);
/// assert!(g.parrott && g.class == GunClass::Rifle);
/// ```
pub fn engine_gun(g: &roster::GunType) -> GunType {
    let parrott = g.name.contains("Parrott");
    match GunType::printed(&g.name) {
        Some(printed) => GunType { parrott, ..printed },
        None => {
            GunType { table: GunTable::Field, name: g.name.clone(), class: class_of(g.bore), parrott, siege: false }
        }
    }
}

/// The counterbattery class of a roster bore (4.3.5.a).
pub fn class_of(bore: Bore) -> GunClass {
    match bore {
        Bore::Smoothbore => GunClass::Smoothbore,
        Bore::Rifle => GunClass::Rifle,
        Bore::Whitworth => GunClass::Whitworth,
    }
}

/// Why a roster section cannot fire now, if it cannot: its gun lost or abandoned (4.3.5),
/// limbered (6.6.1), its crew routed (Table 14: NA).
pub fn cannot_fire(s: &Section) -> Option<String> {
    if s.state != GunState::InAction {
        return Some(format!("{}: the gun is {}, it cannot fire (4.3.5).", s.name, s.state.label()));
    }
    if s.limbered {
        return Some(format!("{}: limbered, it cannot fire until it unlimbers (6.6.1).", s.name));
    }
    if s.morale == MoraleLevel::Routed {
        return Some(format!("{}: the crew is routed, it cannot fire (Table 14: NA).", s.name));
    }
    None
}

/// One gun section that fires, as the game knows it (or as typed in).
#[derive(Clone, Debug, PartialEq)]
pub struct FiringGun {
    /// The roster section's id (none in a quick look-up).
    pub id: Option<String>,
    /// Its name.
    pub name: String,
    /// Its gun, crew and ammunition (4.3.4.a), before this fire's conditions.
    pub fire: ArtilleryFire,
    /// Crew morale.
    pub morale: MoraleLevel,
    /// The best benefit of the officers with it (2.3.4.f), for the double canister check.
    pub officer_benefit: u8,
}

/// A roster section as a gun that may fire.
pub fn firing_gun(s: &Section, officer_benefit: u8) -> FiringGun {
    FiringGun {
        id: Some(s.id.clone()),
        name: s.name.clone(),
        fire: ArtilleryFire {
            gun: engine_gun(&s.gun),
            crew_quality: s.crew_quality,
            shaken_crew: s.morale == MoraleLevel::Shaken,
            routed: s.morale == MoraleLevel::Routed,
            ammunition_state: ArtilleryAmmunition { canister_used: s.canister_used, low_on_shot: s.low_on_shot },
            ..ArtilleryFire::default()
        },
        morale: s.morale,
        officer_benefit,
    }
}

/// The guns of a roster section, or of every section of a battery (4.3.6.a), with the
/// sections that cannot fire and why. `None` if `id` is neither.
pub fn roster_guns(game: &Game, id: &str) -> Option<(String, Vec<FiringGun>, Vec<String>)> {
    let roster = &game.roster;
    let benefit = |unit: &str| morale_view::facts(game, unit).map_or(0, |f| f.benefit);
    let sections: Vec<&Section> = match (roster.section(id), roster.battery(id)) {
        (Some(s), _) => vec![s],
        (None, Some(b)) => b.sections.iter().collect(),
        (None, None) => return None,
    };
    let name = roster
        .battery(id)
        .map(|b| b.name.clone())
        .or_else(|| sections.first().map(|s| s.name.clone()))
        .unwrap_or_default();
    let mut guns = Vec::new();
    let mut idle = Vec::new();
    for s in sections {
        match cannot_fire(s) {
            Some(why) => idle.push(why),
            None if guns.len() < MAX_SECTIONS => guns.push(firing_gun(s, benefit(&s.id))),
            None => idle.push(format!("{}: at most {MAX_SECTIONS} sections fire together here.", s.name)),
        }
    }
    Some((name, guns, idle))
}

/// The conditions of this fire that every section shares (4.3.1, 4.3.3, 4.3.6).
#[derive(Clone, Debug, PartialEq)]
pub struct Conditions {
    /// Shot, canister or double canister.
    pub ammunition: Ammunition,
    /// Range in inches.
    pub range: u32,
    /// The order (Table 14: H/FR x1; CH, FM, Move x1/2).
    pub order: OrderKind,
    /// Seen, area or blind fire (after indirect fire's conditions, 4.3.6.c).
    pub visibility: Visibility,
    /// Shot through a friendly skirmish line (4.3.6.d).
    pub through_friendly_skirmishers: bool,
    /// Inches of light and of heavy woods the shot passes through (4.3.3.b).
    pub woods: (u32, u32),
    /// Target marked Move, Disengage, Charge or routed (4.3.3.a).
    pub target_moving: bool,
    /// Target is charging cavalry (4.3.3.a: down 2 in all).
    pub charging_cavalry: bool,
    /// Appendix F 8, a large group.
    pub large_group: bool,
}

impl Default for Conditions {
    fn default() -> Self {
        Conditions {
            ammunition: Ammunition::Shot,
            range: 12,
            order: OrderKind::Hold,
            visibility: Visibility::Clear,
            through_friendly_skirmishers: false,
            woods: (0, 0),
            target_moving: false,
            charging_cavalry: false,
            large_group: false,
        }
    }
}

/// A gun's fire with this fire's conditions and its own pivot.
pub fn prepared(gun: &FiringGun, c: &Conditions, pivot: Pivot) -> ArtilleryFire {
    ArtilleryFire {
        ammunition: c.ammunition,
        range: Ratio::whole(c.range),
        order: c.order,
        pivot,
        visibility: c.visibility,
        through_friendly_skirmishers: c.through_friendly_skirmishers && c.ammunition == Ammunition::Shot,
        light_woods_inches: Ratio::whole(c.woods.0),
        heavy_woods_inches: Ratio::whole(c.woods.1),
        target_moving: c.target_moving,
        target_charging_cavalry: c.charging_cavalry,
        large_group: c.large_group,
        ..gun.fire.clone()
    }
}

/// The strength of one section (4.3.1-4.3.3) or of a battery (4.3.6.a: summed after the
/// multipliers, each row shift once for the whole); `Ok(None)` when no gun reaches the target.
pub fn fire_strength(
    fires: &[ArtilleryFire],
    rulings: &FireRulings,
    o: &Overrides,
) -> RuleResult<Option<FireStrength>> {
    match fires {
        [] => Ok(None),
        [one] => artillery_strength(one, rulings, o),
        many => battery_strength(many, rulings, o),
    }
}

/// One die on Table 10: a section low on shot fires shot with one die (4.3.4.a); a battery
/// with such a section among it rolls one die (RULINGS.md, "Artillery fire").
pub fn one_die(fires: &[ArtilleryFire]) -> bool {
    fires.iter().any(ArtilleryFire::one_die)
}

/// The strength in words: "12# Napoleon, base 12 · Blind Fire x1/4 = strength 3, no row shift
/// (4.3.3)"; a battery: "2 sections, base 6 · ...". Steps that change nothing (x1) are left out.
pub fn strength_words(s: &FireStrength) -> String {
    let guns: Vec<&str> = s.steps.iter().filter_map(|st| st.what.strip_suffix(" base strength")).collect();
    let who = match guns.as_slice() {
        [one] => one.to_string(),
        many => format!("{} sections", many.len()),
    };
    let mut out = format!("{who}, base {}", s.base);
    for step in &s.steps {
        let m = match step.modifier {
            _ if step.what.ends_with("base strength") => continue,
            FireModifier::Times(r) if r == Ratio::ONE => continue,
            FireModifier::Times(r) => format!("x{r}"),
            FireModifier::Rows(n) if n >= 0 => format!("up {n}"),
            FireModifier::Rows(n) => format!("down {}", -n),
        };
        out.push_str(&format!(" · {} {m}", step.what));
    }
    let shifts = match s.row_shifts {
        0 => "no row shift".to_string(),
        n if n > 0 => format!("{n} row(s) up"),
        n => format!("{} row(s) down", -n),
    };
    out.push_str(&format!(" = strength {}, {shifts} (4.3.3, 4.3.6.a)", s.strength));
    out
}

/// The kills scored on Table 10 before the dice, as (kills, chance), fewest first.
pub fn kills_spread(d: &Distribution<CombatResult>) -> Vec<(u32, Chance)> {
    let mut by: BTreeMap<u32, Chance> = BTreeMap::new();
    for (r, c) in d.outcomes() {
        let slot = by.entry(r.kills).or_insert(Chance::new(0, 1));
        *slot = slot.plus(*c);
    }
    by.into_iter().collect()
}

/// The spread in words: "0 kills 17% · 1 kill 8% · ...".
pub fn spread_words(spread: &[(u32, Chance)]) -> String {
    spread
        .iter()
        .map(|(k, c)| format!("{k} {}: {}", if *k == 1 { "kill" } else { "kills" }, chance_words(*c)))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The chance, before any die, that the fire destroys the gun (shot, 4.3.5.a) or eliminates
/// the crew (canister, 4.3.5.b): every Table 10 roll, through Table 11 and the saves.
pub fn gun_target_chance(
    d: &Distribution<CombatResult>,
    g: &GunTarget,
    ammunition: Ammunition,
    flank: Flank,
    situation: &SaveSituation,
    rulings: &FireRulings,
    o: &Overrides,
) -> RuleResult<Chance> {
    let formation = if g.limbered { Formation::Limbered } else { Formation::Unlimbered };
    let ft = FireTarget { arm: Arm::Artillery, formation, disengaging_or_routed: false, flank };
    let save = save_number(situation, rulings, o)?.save;
    let plan = SavePlan { save, outside_cover: None, figures_in_arc: u32::MAX };
    let before = u32::from(g.crew_kills_this_turn);
    let mut total = Chance::new(0, 1);
    for (r, c) in d.outcomes() {
        let kills = modify_kills(r.kills, &ft, o)?.kills;
        let unsaved = casualty_odds(kills, &plan)?;
        let p = match ammunition {
            Ammunition::Shot => unsaved.chance_that(|u| *u > 0),
            _ => unsaved.chance_that(|u| crew_casualties(before, *u).crew_eliminated),
        };
        total = total.plus(c.times(p));
    }
    Ok(total)
}

/// A gun section fired at (counterbattery with shot, crew kills with canister).
#[derive(Clone, Debug, PartialEq)]
pub struct GunTarget {
    /// Smoothbore, rifle or Whitworth: its save against shot (4.3.5.a).
    pub class: GunClass,
    /// Limbered: no crew save (4.3.5.b).
    pub limbered: bool,
    /// Crew kills it took earlier this turn (4.3.5.b).
    pub crew_kills_this_turn: u8,
}

/// What the fire hits.
#[derive(Clone, Debug, PartialEq)]
pub enum Target {
    /// A regiment: Tables 11 and 12, the casualty limit.
    Regiment(TargetFacts),
    /// A gun section.
    Guns(GunTarget),
}

/// The save situation of a target against this ammunition (4.3.4, 4.3.5, Table 12).
pub fn target_situation(target: &Target, cover: Cover, ammunition: Ammunition) -> SaveSituation {
    let kind = ammunition.fire_kind();
    match target {
        Target::Regiment(t) => save_situation_against(t, cover, false, kind),
        Target::Guns(g) => {
            // Gun sections have no formation save but their own: the gun's against shot
            // (4.3.5.a), the unlimbered crew's against canister (4.3.5.b); works cover both
            // (9.1.3, 9.1.4).
            let facts = TargetFacts {
                arm: Arm::Artillery,
                formation: Formation::Unlimbered,
                figures: 0,
                routed: false,
                prone: false,
                breechloaders: false,
            };
            let mut s = save_situation_against(&facts, cover, false, kind);
            s.formation = match (kind, g.limbered) {
                (FireKind::Shot, _) => Some(match g.class {
                    GunClass::Whitworth => FormationSave::GunWhitworth,
                    GunClass::Rifle => FormationSave::GunOtherRifle,
                    GunClass::Smoothbore => FormationSave::GunSmoothbore,
                }),
                (_, false) => Some(FormationSave::UnlimberedCrew),
                // 4.3.5.b: "If the artillery section is limbered when it receives fire, the
                // crew does not benefit": nor from cover (RULINGS.md, "Artillery fire").
                (_, true) => return SaveSituation { fire: kind, ..SaveSituation::default() },
            };
            s
        }
    }
}

/// What one artillery fire did.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    /// Table 10.
    pub result: CombatResult,
    /// Kills after Table 11.
    pub kills: u32,
    /// The save number (0: none).
    pub save: u8,
    /// Figures lost by a regiment; crew kills, or gun-destroying kills, on a section.
    pub casualties: u32,
    /// A crew's state after canister (4.3.5.b).
    pub crew: Option<CrewOutcome>,
    /// Shot kills not saved on a gun: the first destroys it, further ones go to the adjacent
    /// section of a battery deployed together (4.3.5.a, 4.3.6.a).
    pub guns_destroyed: u32,
    /// The lines that say how.
    pub lines: Vec<String>,
}

/// Table 15 steps 5 to 7 for one artillery roll on `target`; `Ok(None)` while the app's save
/// dice are not rolled yet.
#[allow(clippy::too_many_arguments)]
pub fn score(
    s: &FireStrength,
    roll: Table10Roll,
    ammunition: Ammunition,
    target: &Target,
    flank: Flank,
    situation: &SaveSituation,
    saves: (SavesBy, u32, &[Die]),
    rulings: &FireRulings,
    o: &Overrides,
) -> RuleResult<Option<Scored>> {
    let mut scored = match target {
        Target::Regiment(t) => {
            let Some(r) = score_on_regiment(s, roll, t, flank, situation, saves, rulings, o)? else { return Ok(None) };
            Scored {
                result: r.result,
                kills: r.kills,
                save: r.save,
                casualties: r.casualties,
                crew: None,
                guns_destroyed: 0,
                lines: r.lines,
            }
        }
        Target::Guns(g) => {
            let result = combat_result(s.strength, s.row_shifts, roll, o)?;
            let formation = if g.limbered { Formation::Limbered } else { Formation::Unlimbered };
            let ft = FireTarget { arm: Arm::Artillery, formation, disengaging_or_routed: false, flank };
            let modified = modify_kills(result.kills, &ft, o)?;
            let save = save_number(situation, rulings, o)?.save;
            let plan = SavePlan { save, outside_cover: None, figures_in_arc: u32::MAX };
            let needed = plan.dice_needed(modified.kills);
            let unsaved = match saves {
                _ if needed == 0 => modified.kills,
                (SavesBy::App, _, dice) if dice.len() == needed => casualties_after_saves(modified.kills, &plan, dice)?,
                (SavesBy::App, _, _) => return Ok(None),
                (SavesBy::Table, saved, _) => modified.kills.saturating_sub(saved),
            };
            let mut lines = vec![match result.row {
                Some(row) => {
                    format!("Table 10: row {}, roll {}: {} kills (4.3.4).", row_label(row), result.roll, result.kills)
                }
                None => "Table 10: no row applies, no kills (4.2.2).".to_string(),
            }];
            if modified.kills != result.kills {
                lines.push(format!(
                    "Table 11: x{} gives {} kills, rounded down (4.3.4.b).",
                    modified.multiplier, modified.kills
                ));
            }
            let save_words = match (save, saves.0) {
                (0, _) => "no save".to_string(),
                (n, SavesBy::App) => {
                    let faces: Vec<String> = saves.2.iter().map(|d| d.face().to_string()).collect();
                    format!("saves on 1 to {n}, one die per kill: {}", faces.join(", "))
                }
                (n, SavesBy::Table) => format!("saves on 1 to {n}: {} saved on the table", saves.1.min(modified.kills)),
            };
            let (crew, guns_destroyed) = if ammunition == Ammunition::Shot {
                lines.push(format!("Counterbattery: {save_words} (4.3.5.a, Table 12)."));
                (None, unsaved)
            } else {
                lines.push(format!("Crew: {save_words} (4.3.5.b, Table 12).",));
                (Some(crew_casualties(u32::from(g.crew_kills_this_turn), unsaved)), 0)
            };
            Scored { result, kills: modified.kills, save, casualties: unsaved, crew, guns_destroyed, lines }
        }
    };
    if scored.result.out_of_ammunition && ammunition == Ammunition::Shot {
        scored.lines.push(
            "A roll of 2 with shot: the gun runs low on shot and rolls one die for shot from now on (4.3.4.a).".into(),
        );
    }
    Ok(Some(scored))
}

fn row_label(row: Ratio) -> String {
    if row == Ratio::whole(100) { "100+".into() } else { row.to_string() }
}

/// The target as the game records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetRecord {
    /// The roster id (none in a quick look-up: nothing is recorded).
    pub id: Option<String>,
    /// Its name.
    pub name: String,
    /// The adjacent section of a battery deployed together (4.3.6.a), for a gun target.
    pub adjacent: Option<(String, String)>,
    /// Artillery hit checks the regiment took earlier this turn (4.4.1.c: three at most).
    pub artillery_hits_before: u8,
}

/// What the fire does to the target, as commands (one kill or crew kill at a time, a gun
/// destroyed), the lines that say so, and the checks to queue besides those the commands
/// report (4.4.1.c, the artillery hit). The first kill, crew kill and stand lost checks come
/// from the commands' outcomes.
pub fn target_commands(
    target: &Target,
    t: &TargetRecord,
    ammunition: Ammunition,
    r: &Scored,
) -> (Vec<Command>, Vec<String>, Vec<Due>) {
    let mut commands = Vec::new();
    let mut lines = Vec::new();
    let mut queue = Vec::new();
    match target {
        Target::Regiment(_) => {
            if let Some(id) = &t.id {
                commands
                    .extend((0..r.casualties).map(|_| Command::Unit(UnitCommand::AddKill { regiment: id.clone() })));
                // 4.4.1.c: one check per hit, at most three a turn.
                if r.casualties > 0 && t.artillery_hits_before < 3 {
                    queue.push(Due {
                        unit: id.clone(),
                        name: t.name.clone(),
                        reason: CheckReason::ArtilleryHit { canister: false },
                    });
                }
                if r.casualties > 0 {
                    lines.push("Applying marks the kills off from the left (0.1.3) and queues the morale checks they call for (4.4.1, 4.4.2).".into());
                }
            } else if r.casualties > 0 {
                lines.push("The target checks morale for its first kill, the artillery hit (three at most a turn) and each stand lost (4.4.1, 4.4.2).".into());
            }
        }
        Target::Guns(_) if ammunition == Ammunition::Shot => {
            if r.guns_destroyed > 0 {
                lines.push("Remove the gun, limber and crew as lost (4.3.5.a); friendly units within 3\" check for a unit eliminated (4.4.1.e).".into());
                if let Some(id) = &t.id {
                    commands.push(Command::Unit(UnitCommand::SetGunState {
                        section: id.clone(),
                        state: GunState::Destroyed,
                    }));
                }
            }
            if r.guns_destroyed > 1 {
                match &t.adjacent {
                    Some((aid, aname)) if t.id.is_some() => {
                        lines.push(format!("A further kill not saved goes on the adjacent section, {aname}: its gun is destroyed too (4.3.6.a)."));
                        commands.push(Command::Unit(UnitCommand::SetGunState { section: aid.clone(), state: GunState::Destroyed }));
                    }
                    _ => lines.push(format!("{} further kill(s) not saved go on the adjacent section of a battery deployed together (4.3.6.a).", r.guns_destroyed - 1)),
                }
            }
        }
        Target::Guns(g) => {
            let Some(c) = r.crew else { return (commands, lines, queue) };
            let here = c.kills_this_turn.saturating_sub(u32::from(g.crew_kills_this_turn.min(2)));
            if let Some(id) = &t.id {
                commands.extend((0..here).map(|_| Command::Unit(UnitCommand::AddCrewKill { section: id.clone() })));
            }
            if c.crew_eliminated {
                lines.push("Two crew kills this turn: the crew is eliminated; the gun stays, abandoned (4.3.5.b). Friendly units within 3\" check for a unit eliminated (4.4.1.e).".into());
            } else if c.crew_kill_check && t.id.is_none() {
                lines.push("The section checks morale for the crew kill (4.4.1.b).".into());
            }
            if c.excess_to_adjacent > 0 {
                match &t.adjacent {
                    Some((aid, aname)) if t.id.is_some() => {
                        let n = c.excess_to_adjacent.min(2);
                        lines.push(format!("{n} extra kill(s) go on the adjacent section, {aname} (4.3.6.a)."));
                        commands
                            .extend((0..n).map(|_| Command::Unit(UnitCommand::AddCrewKill { section: aid.clone() })));
                    }
                    _ => lines.push(format!(
                        "{} extra kill(s) go on the adjacent section of a battery deployed together (4.3.6.a).",
                        c.excess_to_adjacent
                    )),
                }
            }
        }
    }
    (commands, lines, queue)
}

/// The commands that record what the fire did to the firing sections: canister rounds used
/// (4.3.4.a, 4.3.6.b), shot running low on a 2, or a Parrott bursting instead (Appendix F 9);
/// with the lines that say so.
pub fn firer_commands(
    guns: &[(Option<String>, String, ArtilleryFire)],
    result: &CombatResult,
    doubles: bool,
    rulings: &FireRulings,
) -> (Vec<Command>, Vec<String>) {
    let mut commands = Vec::new();
    let mut lines = Vec::new();
    for (id, name, fire) in guns {
        let out = fire.outcome(result, doubles, rulings);
        if out.parrott_burst {
            lines.push(format!("{name}: a Parrott rolling 2 bursts: remove the piece and its crew (Appendix F 9)."));
        }
        let Some(id) = id else { continue };
        let rounds = fire.ammunition.canister_rounds();
        if rounds > 0 {
            commands.push(Command::Unit(UnitCommand::UseCanister { section: id.clone(), rounds }));
        }
        if out.parrott_burst {
            commands.push(Command::Unit(UnitCommand::SetGunState { section: id.clone(), state: GunState::Destroyed }));
        } else if out.ammunition.low_on_shot && !fire.ammunition_state.low_on_shot {
            commands.push(Command::Unit(UnitCommand::SetLowOnShot { section: id.clone(), on: true }));
        }
    }
    (commands, lines)
}

/// The double canister check's MMP for one gun (4.3.6.b, 5.5): Table 17 for the crew in its
/// situation, unlimbered, with its officer, "whether the gun is in a charged situation or not".
pub fn double_canister_check_mmp(
    gun: &FiringGun,
    situation: ArtillerySituation,
    o: &Overrides,
    rulings: &MoraleRulings,
) -> RuleResult<johnny_reb::rules::morale::Mmp> {
    let unit = MoraleUnit::gun_section(gun.fire.crew_quality, situation);
    let s = ChargeSituation {
        formation: Formation::Unlimbered,
        general: MoraleSituation { officer_benefit: gun.officer_benefit, ..MoraleSituation::default() },
        ..ChargeSituation::default()
    };
    double_canister_mmp(&unit, &s, gun.morale, o, rulings)
}

/// A gun after its double canister check: it fires unless its crew routed (4.3.6.b); a crew
/// that failed but held fires shaken (RULINGS.md, "Artillery fire").
pub fn after_check(gun: &FiringGun, r: &MoraleResult) -> Option<FiringGun> {
    match r.after {
        AfterCheck::Morale(MoraleLevel::Routed) | AfterCheck::Removed => None,
        AfterCheck::Morale(level) => {
            let mut g = gun.clone();
            g.morale = level;
            g.fire.shaken_crew = level == MoraleLevel::Shaken;
            Some(g)
        }
    }
}

/// The section of `id`'s battery next to it, still in action (4.3.6.a: extra kills go to the
/// adjacent section of a battery deployed together): the next in order, else the one before.
pub fn adjacent_section(roster: &roster::Roster, id: &str) -> Option<(String, String)> {
    let (battery, i) = roster.find_section(id)?;
    let b = roster.battery(&battery)?;
    let ok = |s: &&Section| s.state == GunState::InAction;
    b.sections
        .iter()
        .skip(i + 1)
        .find(ok)
        .or_else(|| b.sections.iter().take(i).rev().find(ok))
        .map(|s| (s.id.clone(), s.name.clone()))
}

/// Is the target regiment moving for 4.3.3.a by its revealed order: Move, Disengage, Charge, or
/// a Formation Change into skirmishers; and is it charging cavalry.
pub fn target_moving(game: &Game, id: &str) -> (bool, bool) {
    let Some(r) = game.roster.regiment(id) else { return (false, false) };
    let order = game.orders_this_turn().filter(|t| t.revealed).and_then(|t| t.order_of(id));
    let kind = order.map(|o| o.in_force());
    let forming_skirmishers =
        order.is_some_and(|o| o.kind == OrderKind::FormationChange && o.formation == Some(Formation::Skirmish));
    let moving = r.morale == MoraleLevel::Routed
        || matches!(kind, Some(OrderKind::Move | OrderKind::Disengage | OrderKind::Charge))
        || forming_skirmishers;
    let cavalry = kind == Some(OrderKind::Charge) && r.arm.is_mounted();
    (moving, cavalry)
}

/// The revealed order of a section this turn, if any.
pub fn revealed_order(game: &Game, id: &str) -> Option<OrderKind> {
    game.orders_this_turn().filter(|t| t.revealed).and_then(|t| t.order_of(id)).map(|o| o.in_force())
}

/// Every gun name the quick look-up offers: printed on Table 13, named by the rules (the
/// roster's known types), and any the players entered values for.
pub fn gun_choices(o: &Overrides) -> Vec<(String, GunClass)> {
    let mut out: Vec<(String, GunClass)> = t13::GUNS.iter().map(|g| (g.name.to_string(), g.class)).collect();
    for g in roster::GunType::known() {
        if !out.iter().any(|(n, _)| *n == g.name) {
            out.push((g.name.clone(), class_of(g.bore)));
        }
    }
    for (cell, _) in o.iter() {
        if cell.table == t13::TABLE && !out.iter().any(|(n, _)| *n == cell.row) {
            out.push((cell.row.clone(), GunClass::Rifle));
        }
    }
    out
}

const PIVOT_LEGENDS: [&str; MAX_SECTIONS] = [
    "Pivot, section 1 (4.3.2)",
    "Pivot, section 2 (4.3.2)",
    "Pivot, section 3 (4.3.2)",
    "Pivot, section 4 (4.3.2)",
    "Pivot, section 5 (4.3.2)",
    "Pivot, section 6 (4.3.2)",
];

const CHECK_DICE: [&str; MAX_SECTIONS] = [
    "Section 1 check die",
    "Section 2 check die",
    "Section 3 check die",
    "Section 4 check die",
    "Section 5 check die",
    "Section 6 check die",
];

const PIVOTS: [(Pivot, &str); 4] = [
    (Pivot::None, "None"),
    (Pivot::UpTo45, "45° or less"),
    (Pivot::Over45, "Over 45°: down 1"),
    (Pivot::Over90, "Over 90°: x1/2"),
];

const FORMATIONS: [(Formation, &str); 6] = [
    (Formation::Line, "Line"),
    (Formation::Skirmish, "Skirmish"),
    (Formation::AttackColumn, "Attack column"),
    (Formation::MarchColumn, "March column"),
    (Formation::Disorder, "Disorder"),
    (Formation::ExtendedLine, "Extended line"),
];

/// How the target is moving (4.3.3.a).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TargetMotion {
    Still,
    Moving,
    ChargingCavalry,
}

/// How the firer sees the target (4.2.3.c, 4.3.6.c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sight {
    Seen,
    Area,
    Blind,
    Indirect,
}

/// The artillery fire resolver at `/resolve/artillery` (`?unit=` a gun section or a battery).
#[component]
pub fn ArtilleryResolver() -> impl IntoView {
    let store = use_store();
    let query = use_query_map();
    let firer = RwSignal::new(query.with_untracked(|q| q.get("unit")).filter(|s| !s.is_empty()));
    let target = RwSignal::new(None::<String>);
    // Quick look-up of the firer.
    let gun_name = RwSignal::new("12# Napoleon".to_string());
    let gun_class = RwSignal::new(GunClass::Rifle);
    let crew = RwSignal::new(Quality::Average);
    let sections = RwSignal::new(1usize);
    let low_on_shot = RwSignal::new(false);
    // The fire.
    let ammunition = RwSignal::new(Ammunition::Shot);
    let range = RwSignal::new(12u32);
    let order = RwSignal::new(OrderKind::Hold);
    let pivots: [RwSignal<Pivot>; MAX_SECTIONS] = std::array::from_fn(|_| RwSignal::new(Pivot::None));
    let sight = RwSignal::new(Sight::Seen);
    let observer = RwSignal::new(6u32);
    let object_to_target = RwSignal::new(3u32);
    let object_to_gun = RwSignal::new(3u32);
    let object_skirmishers = RwSignal::new(false);
    let moving = RwSignal::new(TargetMotion::Still);
    let light_woods = RwSignal::new(0u32);
    let heavy_woods = RwSignal::new(0u32);
    let through_skirmishers = RwSignal::new(false);
    let skirmishers = RwSignal::new(None::<String>);
    let large_group = RwSignal::new(false);
    // The target.
    let target_is_guns = RwSignal::new(false);
    let t_figures = RwSignal::new(20u32);
    let t_formation = RwSignal::new(Formation::Line);
    let t_class = RwSignal::new(GunClass::Smoothbore);
    let t_limbered = RwSignal::new(false);
    let t_crew_kills = RwSignal::new(0u32);
    let together = RwSignal::new(true);
    let flank = RwSignal::new(Flank::None);
    let ground = RwSignal::new(TargetCover::Open);
    let hasty = RwSignal::new(false);
    let works_cover = RwSignal::new(WorksCover::None);
    let zone = RwSignal::new(0u8);
    let enemy_on_works = RwSignal::new(false);
    let hits_before = RwSignal::new(0u8);
    // Double canister's checks.
    let situation = RwSignal::new(ArtillerySituation::WithCompleteBattery);
    let check_faces: [RwSignal<Vec<u8>>; MAX_SECTIONS] = std::array::from_fn(|_| RwSignal::new(Vec::new()));
    // The roll and saves.
    let faces = RwSignal::new(Vec::<u8>::new());
    let saves_by = RwSignal::new(SavesBy::App);
    let saved = RwSignal::new(0u32);
    let save_faces = RwSignal::new(Vec::<Die>::new());
    let applied = RwSignal::new(None::<Applied>);

    let rulings = move || store.session.with(|s| s.game().setup.rules.fire.clone());
    let morale_rulings = move || store.session.with(|s| s.game().setup.rules.morale.clone());
    let cover = move || Cover {
        ground: ground.get(),
        hasty: hasty.get(),
        works: works_cover.get(),
        zone: zone.get(),
        enemy_on_works: enemy_on_works.get(),
    };

    // The firer from the roster: its guns, and those that cannot fire.
    let roster_firer = Memo::new(move |_| {
        let id = firer.get()?;
        store.session.with(|s| roster_guns(s.game(), &id))
    });
    // What the roster knows is filled in: the order revealed this turn.
    Effect::new(move |_| {
        let Some(id) = firer.get() else { return };
        let first = roster_firer
            .with_untracked(|f| f.as_ref().and_then(|(_, g, _)| g.first().and_then(|g| g.id.clone())))
            .unwrap_or(id);
        if let Some(o) = store.session.with_untracked(|s| revealed_order(s.game(), &first)) {
            order.set(o);
        }
    });
    let guns = Memo::new(move |_| -> Vec<FiringGun> {
        if let Some((_, g, _)) = roster_firer.get() {
            return g;
        }
        let name = gun_name.get();
        let printed = GunType::printed(&name);
        let known = roster::GunType::known().into_iter().find(|g| g.name == name);
        let gun = match (printed, known) {
            (Some(p), _) => p,
            (None, Some(k)) => engine_gun(&k),
            (None, None) => GunType {
                table: GunTable::Field,
                name: name.clone(),
                class: gun_class.get(),
                parrott: name.contains("Parrott"),
                siege: false,
            },
        };
        (0..sections.get().clamp(1, MAX_SECTIONS))
            .map(|i| FiringGun {
                id: None,
                name: format!("Section {}", i + 1),
                fire: ArtilleryFire {
                    gun: gun.clone(),
                    crew_quality: crew.get(),
                    ammunition_state: ArtilleryAmmunition { canister_used: 0, low_on_shot: low_on_shot.get() },
                    ..ArtilleryFire::default()
                },
                morale: MoraleLevel::Good,
                officer_benefit: 0,
            })
            .collect()
    });
    let indirect = Memo::new(move |_| -> Option<RuleResult<Visibility>> {
        if sight.get() != Sight::Indirect {
            return None;
        }
        let class = guns.with(|g| g.first().map(|g| g.fire.gun.class)).unwrap_or(GunClass::Smoothbore);
        let w = Ratio::whole;
        Some(indirect_fire(
            class,
            w(observer.get()),
            w(range.get()),
            w(object_to_target.get()),
            w(object_to_gun.get()),
            object_skirmishers.get(),
            &rulings(),
        ))
    });
    let conditions = move || Conditions {
        ammunition: ammunition.get(),
        range: range.get(),
        order: order.get(),
        visibility: match sight.get() {
            Sight::Seen => Visibility::Clear,
            Sight::Area => Visibility::Area,
            Sight::Blind => Visibility::Blind,
            Sight::Indirect => indirect.get().and_then(Result::ok).unwrap_or(Visibility::Blind),
        },
        through_friendly_skirmishers: through_skirmishers.get(),
        woods: (light_woods.get(), heavy_woods.get()),
        target_moving: moving.get() != TargetMotion::Still,
        charging_cavalry: moving.get() == TargetMotion::ChargingCavalry,
        large_group: large_group.get(),
    };

    // The target from the roster.
    let target_regiment = Memo::new(move |_| {
        let id = target.get()?;
        store.session.with(|s| {
            let r = s.game().roster.regiment(&id)?;
            Some((
                r.name.clone(),
                TargetFacts {
                    arm: r.arm,
                    formation: r.formation,
                    figures: r.figures_left(),
                    routed: r.morale == MoraleLevel::Routed,
                    prone: r.prone,
                    breechloaders: r.traits.breechloader || r.traits.repeater,
                },
            ))
        })
    });
    let target_section = Memo::new(move |_| {
        let id = target.get()?;
        store.session.with(|s| {
            let roster = &s.game().roster;
            let sec = roster.section(&id)?;
            let g = GunTarget {
                class: engine_gun(&sec.gun).class,
                limbered: sec.limbered,
                crew_kills_this_turn: sec.crew_kills_this_turn,
            };
            Some((sec.name.clone(), g, adjacent_section(roster, &id), sec.state))
        })
    });
    // A moving target is read from its revealed order (4.3.3.a).
    Effect::new(move |_| {
        let Some(id) = target.get() else { return };
        let (m, cav) = store.session.with_untracked(|s| target_moving(s.game(), &id));
        moving.set(match (m, cav) {
            (_, true) => TargetMotion::ChargingCavalry,
            (true, false) => TargetMotion::Moving,
            _ => TargetMotion::Still,
        });
    });
    // A new firer, target, ammunition or roll starts the card afresh.
    Effect::new(move |prev: Option<(Option<String>, Option<String>, Ammunition)>| {
        let now = (firer.get(), target.get(), ammunition.get());
        if prev.is_some_and(|p| p != now) {
            applied.set(None);
            faces.set(Vec::new());
            save_faces.set(Vec::new());
            for f in check_faces {
                f.set(Vec::new());
            }
        }
        now
    });
    let target_kind = Memo::new(move |_| -> Target {
        if let Some((_, t)) = target_regiment.get() {
            return Target::Regiment(t);
        }
        if let Some((_, g, _, _)) = target_section.get() {
            return Target::Guns(g);
        }
        if target.get().is_none() && target_is_guns.get() {
            return Target::Guns(GunTarget {
                class: t_class.get(),
                limbered: t_limbered.get(),
                crew_kills_this_turn: u8::try_from(t_crew_kills.get()).unwrap_or(2),
            });
        }
        Target::Regiment(TargetFacts {
            arm: Arm::Infantry,
            formation: t_formation.get(),
            figures: t_figures.get(),
            routed: false,
            prone: false,
            breechloaders: false,
        })
    });
    let target_name = move || {
        target_regiment
            .get()
            .map(|(n, _)| n)
            .or_else(|| target_section.get().map(|(n, ..)| n))
            .unwrap_or_else(|| "the target".into())
    };

    // Double canister: each gun's check before firing (4.3.6.b).
    let checks = Memo::new(move |_| -> Vec<(FiringGun, RuleResult<johnny_reb::rules::morale::Mmp>)> {
        if ammunition.get() != Ammunition::DoubleCanister {
            return Vec::new();
        }
        let sit = situation.get();
        let rules = morale_rulings();
        guns.get()
            .into_iter()
            .map(|g| {
                let m = store.table_entries.with(|o| double_canister_check_mmp(&g, sit, o, &rules));
                (g, m)
            })
            .collect()
    });
    let check_results = Memo::new(move |_| -> Option<Vec<(MoraleResult, u8)>> {
        checks
            .get()
            .iter()
            .enumerate()
            .map(|(i, (g, m))| {
                let m = m.as_ref().ok()?;
                let f = thrown(&check_faces.get(i)?.get(), 2)?;
                let roll = TwoDice::new(*f.first()?, *f.get(1)?).ok()?;
                Some((check(m.value, roll, g.morale), roll.total()))
            })
            .collect()
    });
    // The guns that fire: all, or after double canister those whose crews did not rout.
    let firing = Memo::new(move |_| -> Option<Vec<FiringGun>> {
        if ammunition.get() != Ammunition::DoubleCanister {
            return Some(guns.get());
        }
        let results = check_results.get()?;
        Some(guns.get().iter().zip(results.iter()).filter_map(|(g, (r, _))| after_check(g, r)).collect())
    });
    let fires = Memo::new(move |_| -> Option<Vec<ArtilleryFire>> {
        let c = conditions();
        Some(
            firing
                .get()?
                .iter()
                .enumerate()
                .map(|(i, g)| prepared(g, &c, pivots.get(i).map_or(Pivot::None, |p| p.get())))
                .collect(),
        )
    });
    let strength = Memo::new(move |_| -> Option<RuleResult<Option<FireStrength>>> {
        if let Some(Err(e)) = indirect.get() {
            return Some(Err(e));
        }
        let f = fires.get()?;
        Some(store.table_entries.with(|o| fire_strength(&f, &rulings(), o)))
    });
    let one = move || fires.get().is_some_and(|f| one_die(&f));
    let dice_count = Signal::derive(move || if one() { 1 } else { 2 });
    let roll = move || {
        let d = thrown(&faces.get(), dice_count.get())?;
        match d.as_slice() {
            [a] => Die::new(*a).ok().map(Table10Roll::OneDie),
            [a, b] => TwoDice::new(*a, *b).ok().map(Table10Roll::TwoDice),
            _ => None,
        }
    };
    let situation_now = move || target_situation(&target_kind.get(), cover(), ammunition.get());
    let outcome = Memo::new(move |_| -> Option<RuleResult<Option<Scored>>> {
        let s = match strength.get()? {
            Ok(Some(s)) => s,
            _ => return None,
        };
        let roll = roll()?;
        let dice = save_faces.get();
        Some(store.table_entries.with(|o| {
            score(
                &s,
                roll,
                ammunition.get(),
                &target_kind.get(),
                flank.get(),
                &situation_now(),
                (saves_by.get(), saved.get(), &dice),
                &rulings(),
                o,
            )
        }))
    });
    let save_no =
        move || store.table_entries.with(|o| save_number(&situation_now(), &rulings(), o)).map(|n| n.save).unwrap_or(0);
    // The app's saving dice: one per kill with a save (4.2.6.a, 4.3.5).
    let roll_saves = move |_| {
        let Some(Ok(Some(s))) = strength.get_untracked() else { return };
        let Some(r) = roll() else { return };
        let t = target_kind.get_untracked();
        let needed = store.table_entries.with_untracked(|o| -> RuleResult<usize> {
            let result = combat_result(s.strength, s.row_shifts, r, o)?;
            let (ft, arc) = match &t {
                Target::Regiment(t) => (
                    FireTarget {
                        arm: t.arm,
                        formation: t.formation,
                        disengaging_or_routed: t.routed,
                        flank: flank.get_untracked(),
                    },
                    t.figures,
                ),
                Target::Guns(g) => (
                    FireTarget {
                        arm: Arm::Artillery,
                        formation: if g.limbered { Formation::Limbered } else { Formation::Unlimbered },
                        disengaging_or_routed: false,
                        flank: flank.get_untracked(),
                    },
                    u32::MAX,
                ),
            };
            let kills = modify_kills(result.kills, &ft, o)?.kills;
            let save = save_number(&situation_now(), &rulings(), o)?.save;
            Ok(SavePlan { save, outside_cover: None, figures_in_arc: arc }.dice_needed(kills))
        });
        if let (Ok(n), Ok(mut d)) = (needed, RandomDice::from_os()) {
            save_faces.set((0..n).filter_map(|_| d.die().ok()).collect());
        }
    };

    let result = Signal::derive(move || -> Option<Resolution> {
        let ammo = ammunition.get();
        let mut commands: Vec<Command> = Vec::new();
        let mut lines: Vec<String> = Vec::new();
        let mut queue: Vec<Due> = Vec::new();
        // Double canister: the checks' results first (4.3.6.b).
        if ammo == Ammunition::DoubleCanister {
            let results = check_results.get()?;
            for ((g, _), (r, total)) in checks.get().iter().zip(results.iter()) {
                let (headline, more) = morale_view::result_words(morale_view::Kind::Check, &g.name, *total, r);
                lines.push(format!("Fear-of-charge check before double canister (4.3.6.b): {headline}"));
                lines.extend(more);
                if let Some(id) = &g.id {
                    commands.extend(morale_view::commands(id, true, r));
                }
            }
            if firing.get().is_some_and(|f| f.is_empty()) {
                return Some(Resolution {
                    headline: "The crew routs before firing: no double canister is fired (4.3.6.b).".into(),
                    details: lines,
                    recorded: !commands.is_empty(),
                    commands,
                    ..Default::default()
                });
            }
        }
        let r = outcome.get()?.ok()??;
        let f = fires.get()?;
        let firing_guns = firing.get()?;
        let doubles = matches!(roll(), Some(Table10Roll::TwoDice(d)) if d.is_doubles());
        let tname = target_name();
        lines.extend(r.lines.iter().cloned());
        let named: Vec<(Option<String>, String, ArtilleryFire)> =
            firing_guns.iter().zip(f.iter()).map(|(g, fire)| (g.id.clone(), g.name.clone(), fire.clone())).collect();
        let (firer_cmds, firer_lines) = firer_commands(&named, &r.result, doubles, &rulings());
        lines.extend(firer_lines);
        let headline = match (&target_kind.get(), ammo) {
            (Target::Regiment(_), _) => format!("{} casualties on {tname} (4.3.4, Table 15).", r.casualties),
            (Target::Guns(_), Ammunition::Shot) if r.guns_destroyed > 0 => {
                format!("{tname}: the gun is destroyed by counterbattery fire (4.3.5.a).")
            }
            (Target::Guns(_), Ammunition::Shot) if r.kills > 0 => {
                format!("{tname}: every shot kill saved, the gun survives (4.3.5.a).")
            }
            (Target::Guns(_), _) => match r.crew {
                Some(c) if c.crew_eliminated => format!(
                    "{tname}: {} crew kill(s), the crew is eliminated and the gun abandoned (4.3.5.b).",
                    r.casualties
                ),
                Some(c) if c.crew_kill_check => {
                    format!("{tname}: a crew kill, cancelled at the end of the turn unless another follows (4.3.5.b).")
                }
                _ => format!("No kills on {tname} (4.3.4)."),
            },
        };
        // The target.
        let t = TargetRecord {
            id: target.get(),
            name: tname.clone(),
            adjacent: target_section.get().and_then(|(.., a, _)| a).filter(|_| together.get()),
            artillery_hits_before: hits_before.get(),
        };
        let (target_cmds, target_lines, target_queue) = target_commands(&target_kind.get(), &t, ammo, &r);
        commands.extend(target_cmds);
        lines.extend(target_lines);
        queue.extend(target_queue);
        if r.result.unexpected_devastation
            && let Some(id) = target.get()
        {
            queue.push(Due { unit: id, name: tname.clone(), reason: CheckReason::UnexpectedDevastation });
        }
        // 4.3.6.d: doubles that score kills hit the friendly skirmishers too.
        if f.iter().any(|fire| fire.outcome(&r.result, doubles, &rulings()).friendly_skirmishers_hit) {
            lines.push(format!(
                "Doubles with kills: your skirmishers are hit by the same {} kills (4.3.6.d). Prone, they save them all; standing, they roll their saves. Either way they check morale as hit by artillery (4.4.1.c).",
                r.result.kills
            ));
            if let Some(sid) = skirmishers.get() {
                let name =
                    store.session.with(|s| s.game().roster.regiment(&sid).map(|r| r.name.clone())).unwrap_or_default();
                queue.push(Due { unit: sid, name, reason: CheckReason::ArtilleryHit { canister: false } });
            }
        }
        commands.extend(firer_cmds);
        Some(Resolution {
            headline,
            details: lines,
            recorded: !commands.is_empty() || !queue.is_empty() || firer.get().is_some() || target.get().is_some(),
            commands,
            queue,
            // Each section's fire settles its item of phase 4 or 7 (4.1, 7).
            settles: firing_guns
                .iter()
                .filter_map(|g| g.id.as_ref())
                .flat_map(|id| ["first-fire", "hold", "moving-fire"].map(|k| format!("{k}-{id}")))
                .collect(),
            ..Default::default()
        })
    });

    let shot = move || ammunition.get() == Ammunition::Shot;
    view! {
        <section class="screen resolver" aria-labelledby="resolver-title">
            <super::BackToMenu/>
            <h1 id="resolver-title">"Artillery fire"</h1>
            <p class="muted">"4.3, Tables 13-15: base strength, modifiers, battery fire, Table 10, Tables 11 and 12, counterbattery and crew kills."</p>
            <h2>"Firer"</h2>
            <UnitPicker pick=Pick::Artillery chosen=firer label="Firing section or battery"/>
            {move || match roster_firer.get() {
                Some((name, guns, idle)) => view! {
                    <p class="facts">{format!("{name}: {} firing", if guns.len() == 1 { "one section".to_string() } else { format!("{} sections", guns.len()) })}</p>
                    <ul class="facts">
                        {guns.iter().map(|g| view! { <li>{gun_words(g)}</li> }).collect_view()}
                    </ul>
                    {idle.into_iter().map(|why| view! { <p class="problem" role="alert">{why}</p> }).collect_view()}
                }.into_any(),
                None => view! {
                    <label class="field">
                        <span>"Gun (Table 13)"</span>
                        <select aria-label="Gun (Table 13)" on:change=move |ev| gun_name.set(event_target_value(&ev))>
                            {move || store.table_entries.with(gun_choices).into_iter().map(|(n, _)| {
                                let mine = n.clone();
                                let label = n.clone();
                                view! { <option value=n selected=move || gun_name.get() == mine>{label}</option> }
                            }).collect_view()}
                        </select>
                    </label>
                    <Show when=move || GunType::printed(&gun_name.get()).is_none() && !roster::GunType::known().iter().any(|g| g.name == gun_name.get())>
                        <Toggles legend="Bore (4.3.5.a)" options=vec![(GunClass::Smoothbore, "Smoothbore"), (GunClass::Rifle, "Rifle"), (GunClass::Whitworth, "Whitworth")] value=gun_class/>
                    </Show>
                    <Toggles legend="Crew" options=Quality::ALL.iter().map(|q| (*q, q.label())).collect() value=crew/>
                    <Toggles legend="Sections firing together (4.3.6.a)" options=vec![(1usize, "1"), (2, "2"), (3, "3"), (4, "4")] value=sections/>
                    <Toggles legend="Low on shot (4.3.4.a)" options=vec![(false, "No"), (true, "Yes: one die for shot")] value=low_on_shot/>
                }.into_any(),
            }}
            <Toggles legend="Ammunition (4.3.1)" options=vec![(Ammunition::Shot, "Shot"), (Ammunition::Canister, "Canister"), (Ammunition::DoubleCanister, "Double canister")] value=ammunition/>
            {number_field("Range in inches", range)}
            <Toggles legend="Order (Table 14)" options=vec![(OrderKind::Hold, "Hold"), (OrderKind::FirstFire, "First Fire"), (OrderKind::ConditionalHold, "Conditional Hold"), (OrderKind::FormationChange, "Formation Change"), (OrderKind::Move, "Move")] value=order/>
            <Show when=move || order.get() == OrderKind::Hold>
                {move || {
                    let gs = guns.get();
                    let many = gs.len() > 1;
                    gs.iter().enumerate().map(|(i, g)| {
                        let legend = if many { PIVOT_LEGENDS.get(i).copied().unwrap_or("Pivot (4.3.2)") } else { "Pivot to fire (4.3.2)" };
                        let value = pivots.get(i).copied().unwrap_or(pivots[0]);
                        view! {
                            {(many && g.id.is_some()).then(|| view! { <p class="muted small">{format!("Section {}: {}", i + 1, g.name)}</p> })}
                            <Toggles legend=legend options=PIVOTS.to_vec() value=value/>
                        }
                    }).collect_view()
                }}
            </Show>
            <Toggles legend="Sight of the target" options=vec![(Sight::Seen, "Seen"), (Sight::Area, "Area fire"), (Sight::Blind, "Blind fire"), (Sight::Indirect, "Indirect fire (4.3.6.c)")] value=sight/>
            <Show when=move || sight.get() == Sight::Indirect>
                {number_field("Observer's distance from the gun, inches", observer)}
                {number_field("Intervening object to the target, inches", object_to_target)}
                {number_field("Intervening object to the gun, inches", object_to_gun)}
                <Toggles legend="The intervening object is a skirmish line" options=vec![(false, "No: blind fire"), (true, "Yes: area fire")] value=object_skirmishers/>
            </Show>
            <Toggles legend="Target moving (4.3.3.a)" options=vec![(TargetMotion::Still, "No"), (TargetMotion::Moving, "Moving, disengaging, charging or routed: down 1"), (TargetMotion::ChargingCavalry, "Charging cavalry: down 2")] value=moving/>
            <Show when=shot>
                <details class="more">
                    <summary class="button">"Woods and friendly skirmishers in the way (4.3.3.b, 4.3.6.d)"</summary>
                    {number_field("Inches of light woods crossed", light_woods)}
                    {number_field("Inches of heavy woods crossed", heavy_woods)}
                    <Toggles legend="Through friendly skirmishers (4.3.6.d)" options=vec![(false, "No"), (true, "Yes: area fire")] value=through_skirmishers/>
                    <Show when=move || through_skirmishers.get()>
                        <UnitPicker pick=Pick::Regiments chosen=skirmishers label="Friendly skirmishers"/>
                    </Show>
                </details>
            </Show>
            <Show when=move || rulings().artillery_fire_at_large_group>
                <Toggles legend="Large group (Appendix F 8)" options=vec![(false, "No"), (true, "Yes: up 1")] value=large_group/>
            </Show>

            <h2>"Target"</h2>
            <UnitPicker pick=Pick::Units chosen=target label="Target unit"/>
            {move || match (target_regiment.get(), target_section.get()) {
                (Some((_, t)), _) => view! { <p class="facts">{format!("{} figures · {}", t.figures, t.formation.label())}</p> }.into_any(),
                (None, Some((_, g, adjacent, state))) => view! {
                    <p class="facts">{format!(
                        "{} · {} · {} crew kill(s) this turn · gun {}",
                        class_words(g.class),
                        if g.limbered { "limbered" } else { "unlimbered" },
                        g.crew_kills_this_turn,
                        state.label()
                    )}</p>
                    {adjacent.map(|(_, name)| view! {
                        <Toggles legend="Battery deployed together (4.3.6.a)" options=vec![(true, "Yes: extra kills go on the next section"), (false, "No")] value=together/>
                        <p class="muted small">{format!("Next section: {name}")}</p>
                    })}
                }.into_any(),
                (None, None) => view! {
                    <Toggles legend="Target is" options=vec![(false, "A regiment"), (true, "A gun section")] value=target_is_guns/>
                    <Show
                        when=move || target_is_guns.get()
                        fallback=move || view! {
                            {number_field("Target figures in the arc", t_figures)}
                            <Toggles legend="Target formation" options=FORMATIONS.to_vec() value=t_formation/>
                        }
                    >
                        <Toggles legend="Target gun (4.3.5.a)" options=vec![(GunClass::Smoothbore, "Smoothbore"), (GunClass::Rifle, "Rifle"), (GunClass::Whitworth, "Whitworth")] value=t_class/>
                        <Toggles legend="Target limbered (4.3.5.b)" options=vec![(false, "Unlimbered"), (true, "Limbered")] value=t_limbered/>
                        <Stepper label="Crew kills earlier this turn" value=t_crew_kills max=1/>
                    </Show>
                }.into_any(),
            }}
            <Toggles legend="Fire on the target's flank (Table 11, 4.3.4.b)" options=vec![(Flank::None, "Front"), (Flank::Partial, "Partial flank"), (Flank::Full, "Full flank")] value=flank/>
            <CoverChoice ground=ground hasty=hasty works=works_cover zone=zone enemy_on_works=enemy_on_works/>
            <Show when=move || shot() && matches!(target_kind.get(), Target::Regiment(_))>
                <p class="muted small">"Against shot only formations and fortification cover save (4.3.4)."</p>
            </Show>
            <Show when=move || matches!(target_kind.get(), Target::Regiment(_))>
                <Toggles legend="Artillery hit checks it took this turn (4.4.1.c, three at most)" options=vec![(0u8, "None"), (1, "1"), (2, "2"), (3, "3")] value=hits_before/>
            </Show>

            <Show when=move || ammunition.get() == Ammunition::DoubleCanister>
                <h2>"Fear-of-charge check first (4.3.6.b)"</h2>
                <p class="muted">"Double canister uses two rounds. The crew checks fear of charge (5.5, Tables 17 and 18) before firing, charged or not; if it does not rout, it fires."</p>
                <Toggles legend="The section is (Table 17)" options=vec![(ArtillerySituation::WithCompleteBattery, "With its complete battery"), (ArtillerySituation::SectionAlone, "Alone"), (ArtillerySituation::SupportedByInfantry, "Supported by infantry")] value=situation/>
                {move || {
                    let list = checks.get();
                    let many = list.len() > 1;
                    list.into_iter().enumerate().map(|(i, (g, m))| match m {
                        Err(e) => view! { <Problem error=e/> }.into_any(),
                        Ok(m) => {
                            let pass = check_odds(m.value, g.morale).chance_that(|r| !matches!(r.after, AfterCheck::Morale(MoraleLevel::Routed) | AfterCheck::Removed));
                            let name = if many { CHECK_DICE.get(i).copied().unwrap_or("Check die") } else { "Check die" };
                            let faces = check_faces.get(i).copied().unwrap_or(check_faces[0]);
                            view! {
                                <OddsLine target=format!("{}: roll higher than {} on two dice ({})", g.name, m.value, morale_view::mmp_words(&m)) chances=vec![("Does not rout", pass)]/>
                                <DiceEntry name=name count=2usize faces=faces/>
                            }.into_any()
                        }
                    }).collect_view()
                }}
            </Show>

            <h2>"The roll (Table 10)"</h2>
            {move || match strength.get() {
                None => view! { <p class="muted">"Roll the fear-of-charge check first."</p> }.into_any(),
                Some(Err(e)) => view! { <Problem error=e/> }.into_any(),
                Some(Ok(None)) => view! { <p class="headline">"Beyond the gun's effective range for this ammunition: the fire has no effect, and no new target may be declared (4.3.1)."</p> }.into_any(),
                Some(Ok(Some(s))) => {
                    let odds = store.table_entries.with(|o| combat_result_odds(s.strength, s.row_shifts, one(), o));
                    let low = shot() && !one();
                    view! {
                        <p class="mmp">{strength_words(&s)}</p>
                        {one().then(|| view! { <p class="muted">"Low on shot: one die on Table 10, a 1 scores nothing (4.3.4.a)."</p> })}
                        {match odds {
                            Ok(d) => {
                                let mut chances = vec![("Any kill", d.chance_that(|r| r.kills > 0))];
                                if low {
                                    chances.push(("Runs low on shot (a 2)", d.chance_that(|r| r.out_of_ammunition)));
                                }
                                chances.push(("Roll of 12", d.chance_that(|r| r.unexpected_devastation)));
                                if let Target::Guns(g) = target_kind.get() {
                                    let what = if shot() { "Gun destroyed" } else { "Crew eliminated" };
                                    let c = store.table_entries.with(|o| gun_target_chance(&d, &g, ammunition.get(), flank.get(), &situation_now(), &rulings(), o));
                                    if let Ok(c) = c {
                                        chances.push((what, c));
                                    }
                                }
                                let spread = spread_words(&kills_spread(&d));
                                view! {
                                    <OddsLine target="Kills scored before Table 11 and the saves" chances=chances/>
                                    <p class="muted small">{spread}</p>
                                }.into_any()
                            }
                            Err(_) => view! { <p class="muted">"The odds need every value of this row of Table 10; the roll needs only its own."</p> }.into_any(),
                        }}
                    }.into_any()
                }
            }}
            <Show when=move || matches!(strength.get(), Some(Ok(Some(_))))>
                <DiceEntry name="Die" count=dice_count faces=faces/>
            </Show>
            {move || match outcome.get() {
                Some(Err(e)) => Some(view! { <Problem error=e/> }.into_any()),
                _ => None,
            }}
            <Show when=move || matches!(outcome.get(), Some(Ok(_))) && save_no() != 0>
                <Toggles legend="Saving rolls (Table 12)" options=vec![(SavesBy::App, "The app rolls them"), (SavesBy::Table, "We rolled them")] value=saves_by/>
                {move || match saves_by.get() {
                    SavesBy::App => view! {
                        <div class="row"><button class="button big" on:click=roll_saves>"Roll the saving dice"</button></div>
                    }.into_any(),
                    SavesBy::Table => view! { <Stepper label="Kills saved" value=saved max=60/> }.into_any(),
                }}
            </Show>
            <ResultCard result=result applied=applied/>
        </section>
    }
    .into_any()
}

/// A firing section in words: "Marye, 1st section: 12# Napoleon · Average crew · canister 4 of 4
/// · shot".
pub fn gun_words(g: &FiringGun) -> String {
    let a = g.fire.ammunition_state;
    let mut s = format!(
        "{}: {} · {} crew · canister {} of {} left",
        g.name,
        g.fire.gun.name,
        g.fire.crew_quality.label(),
        johnny_reb::rules::fire::artillery::CANISTER_ROUNDS.saturating_sub(a.canister_used),
        johnny_reb::rules::fire::artillery::CANISTER_ROUNDS
    );
    if a.low_on_shot {
        s.push_str(" · low on shot");
    }
    if g.morale == MoraleLevel::Shaken {
        s.push_str(" · shaken");
    }
    s
}

fn class_words(c: GunClass) -> &'static str {
    match c {
        GunClass::Smoothbore => "Smoothbore",
        GunClass::Rifle => "Rifle",
        GunClass::Whitworth => "Whitworth",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use johnny_reb::rules::{CellRef, Entered, RuleError};
    use johnny_reb::state::demo::demo_game;

    fn dice(faces: &[u8]) -> Vec<Die> {
        faces.iter().map(|f| Die::new(*f).unwrap()).collect()
    }

    fn two(a: u8, b: u8) -> Table10Roll {
        Table10Roll::TwoDice(TwoDice::new(a, b).unwrap())
    }

    fn strength(fires: &[ArtilleryFire]) -> FireStrength {
        fire_strength(fires, &FireRulings::default(), &Overrides::new()).unwrap().unwrap()
    }

    fn napoleon() -> FiringGun {
        let g = demo_game("g");
        firing_gun(g.roster.section("s-marye-1").unwrap(), 0)
    }

    fn unlimbered(class: GunClass) -> Target {
        Target::Guns(GunTarget { class, limbered: false, crew_kills_this_turn: 0 })
    }

    fn record(id: &str, adjacent: Option<(&str, &str)>) -> TargetRecord {
        TargetRecord {
            id: Some(id.into()),
            name: id.into(),
            adjacent: adjacent.map(|(a, b)| (a.into(), b.into())),
            artillery_hits_before: 0,
        }
    }

    /// A battery strong enough for the printed top row of Table 10 (100+).
    fn top_row() -> FireStrength {
        let c = Conditions { range: 4, ammunition: Ammunition::Canister, ..Conditions::default() };
        let fire = prepared(&napoleon(), &c, Pivot::None);
        let mut s = strength(&[fire]);
        s.strength = Ratio::whole(100);
        s
    }

    #[test]
    fn rule_4_3_6_a_five_kills_on_section_a_two_saved_crew_eliminated_one_kill_on_b() {
        // "Small arms fire has scored five kills on section A and only two were saved. Thus the
        // crew of A is eliminated and one kill placed on B." Here canister scores the five.
        let o = Overrides::new();
        let target = unlimbered(GunClass::Smoothbore);
        let sit = target_situation(&target, Cover::OPEN, Ammunition::Canister);
        assert_eq!(
            save_number(&sit, &FireRulings::default(), &o).unwrap().save,
            3,
            "unlimbered crew 1, 2, 3 (4.3.5.b)"
        );
        // Row 100+, roll 2: five kills (Table 10, printed).
        let r = score(
            &top_row(),
            two(1, 1),
            Ammunition::Canister,
            &target,
            Flank::None,
            &sit,
            (SavesBy::App, 0, &dice(&[2, 1, 4, 5, 6])),
            &FireRulings::default(),
            &o,
        )
        .unwrap()
        .unwrap();
        assert_eq!((r.kills, r.casualties), (5, 3));
        let c = r.crew.unwrap();
        assert!(c.crew_eliminated);
        assert_eq!(c.excess_to_adjacent, 1);
        let (cmds, lines, queue) =
            target_commands(&target, &record("A", Some(("B", "Section B"))), Ammunition::Canister, &r);
        let crew = |s: &str| Command::Unit(UnitCommand::AddCrewKill { section: s.into() });
        assert_eq!(cmds, vec![crew("A"), crew("A"), crew("B")]);
        assert!(lines.iter().any(|l| l.contains("Section B")));
        assert!(queue.is_empty(), "the crew kill checks come from AddCrewKill's outcome");
        // A canister roll of 2 does not run the gun low (4.3.4.a): no ammunition line.
        assert!(!r.lines.iter().any(|l| l.contains("low on shot")));
    }

    #[test]
    fn rule_4_3_5_b_one_crew_kill_and_the_limbered_crew_has_no_save() {
        let o = Overrides::new();
        let limbered = Target::Guns(GunTarget { class: GunClass::Rifle, limbered: true, crew_kills_this_turn: 1 });
        let sit = target_situation(&limbered, Cover::ground(TargetCover::Fence), Ammunition::Canister);
        assert_eq!(save_number(&sit, &FireRulings::default(), &o).unwrap().save, 0);
        let r = score(
            &top_row(),
            two(1, 1),
            Ammunition::Canister,
            &limbered,
            Flank::None,
            &sit,
            (SavesBy::App, 0, &[]),
            &FireRulings::default(),
            &o,
        )
        .unwrap()
        .unwrap();
        let c = r.crew.unwrap();
        // One earlier this turn and five now: the crew goes, four more beyond it.
        assert!(c.crew_eliminated);
        assert_eq!(c.excess_to_adjacent, 4);
        let (cmds, ..) = target_commands(&limbered, &record("A", None), Ammunition::Canister, &r);
        assert_eq!(
            cmds,
            vec![Command::Unit(UnitCommand::AddCrewKill { section: "A".into() })],
            "only the second kill is new"
        );
    }

    #[test]
    fn rule_4_3_5_a_counterbattery_saves_by_gun_type() {
        let o = Overrides::new();
        let rulings = FireRulings::default();
        let s = top_row();
        // Row 100+, roll 3: six kills; a smoothbore saves on 1 to 5 against shot.
        let smooth = unlimbered(GunClass::Smoothbore);
        let sit = target_situation(&smooth, Cover::OPEN, Ammunition::Shot);
        assert_eq!(save_number(&sit, &rulings, &o).unwrap().save, 5);
        let saved = score(
            &s,
            two(1, 2),
            Ammunition::Shot,
            &smooth,
            Flank::None,
            &sit,
            (SavesBy::App, 0, &dice(&[1, 2, 3, 4, 5, 5])),
            &rulings,
            &o,
        )
        .unwrap()
        .unwrap();
        assert_eq!((saved.kills, saved.guns_destroyed), (6, 0));
        assert!(target_commands(&smooth, &record("A", None), Ammunition::Shot, &saved).0.is_empty());
        let hit = score(
            &s,
            two(1, 2),
            Ammunition::Shot,
            &smooth,
            Flank::None,
            &sit,
            (SavesBy::App, 0, &dice(&[1, 6, 3, 6, 5, 5])),
            &rulings,
            &o,
        )
        .unwrap()
        .unwrap();
        assert_eq!(hit.guns_destroyed, 2);
        let (cmds, lines, _) = target_commands(&smooth, &record("A", Some(("B", "Section B"))), Ammunition::Shot, &hit);
        let destroyed =
            |s: &str| Command::Unit(UnitCommand::SetGunState { section: s.into(), state: GunState::Destroyed });
        assert_eq!(cmds, vec![destroyed("A"), destroyed("B")]);
        assert!(lines.iter().any(|l| l.contains("4.3.5.a")));
        // Whitworth saves on 1 to 3, other rifles 1 to 4.
        let w = target_situation(&unlimbered(GunClass::Whitworth), Cover::OPEN, Ammunition::Shot);
        let r = target_situation(&unlimbered(GunClass::Rifle), Cover::OPEN, Ammunition::Shot);
        assert_eq!(save_number(&w, &rulings, &o).unwrap().save, 3);
        assert_eq!(save_number(&r, &rulings, &o).unwrap().save, 4);
        // Shot does not kill crews: no crew outcome.
        assert!(hit.crew.is_none());
    }

    #[test]
    fn rule_4_3_4_only_formations_and_fortification_cover_save_from_shot() {
        let o = Overrides::new();
        let rulings = FireRulings::default();
        let save = |t: &TargetFacts, cover: Cover, a: Ammunition| {
            save_number(&target_situation(&Target::Regiment(t.clone()), cover, a), &rulings, &o).unwrap().save
        };
        let line = TargetFacts {
            arm: Arm::Infantry,
            formation: Formation::Line,
            figures: 20,
            routed: false,
            prone: false,
            breechloaders: false,
        };
        let woods = Cover::ground(TargetCover::HeavyWoods);
        assert_eq!(save(&line, woods, Ammunition::Shot), 0);
        // Canister saves as small arms; double canister reduces cover saves by 1 (4.2.6.b).
        assert_eq!(save(&line, woods, Ammunition::Canister), 3);
        assert_eq!(save(&line, woods, Ammunition::DoubleCanister), 2);
        let skirmish = TargetFacts { formation: Formation::Skirmish, ..line.clone() };
        assert_eq!(save(&skirmish, Cover::OPEN, Ammunition::Shot), 3);
        let heavy_works = Cover { works: WorksCover::HeavyWorks, ..Cover::OPEN };
        assert_eq!(save(&line, heavy_works, Ammunition::Shot), 5);
        // Prone against shot saves 1, 2 (Table 12).
        let prone = TargetFacts { prone: true, ..line };
        assert_eq!(save(&prone, Cover::OPEN, Ammunition::Shot), 2);
        assert_eq!(save(&prone, Cover::OPEN, Ammunition::Canister), 4);
    }

    #[test]
    fn rule_4_3_6_a_battery_strengths_summed_after_multipliers_shifts_once() {
        let c = Conditions { range: 20, ..Conditions::default() };
        let g = napoleon();
        // "If one section pivoted over 45 degrees, the entire battery's fire is shifted down 1 row."
        let s = strength(&[prepared(&g, &c, Pivot::None), prepared(&g, &c, Pivot::Over45)]);
        assert_eq!((s.strength, s.row_shifts), (Ratio::whole(6), -1));
        // Over 90 degrees halves only the section that pivoted so (4.3.3.c).
        let s = strength(&[prepared(&g, &c, Pivot::None), prepared(&g, &c, Pivot::Over90)]);
        assert_eq!((s.strength, s.row_shifts), (Ratio::new(9, 2).unwrap(), 0));
        assert_eq!(
            strength_words(&s),
            "2 sections, base 6 · Pivoted Over 90 degrees on H x1/2 = strength 4 1/2, no row shift (4.3.3, 4.3.6.a)"
        );
        // A section low on shot makes the battery roll one die (RULINGS.md).
        let mut low = g.clone();
        low.fire.ammunition_state.low_on_shot = true;
        assert!(one_die(&[prepared(&g, &c, Pivot::None), prepared(&low, &c, Pivot::None)]));
        let canister = Conditions { ammunition: Ammunition::Canister, range: 3, ..c };
        assert!(!one_die(&[prepared(&low, &canister, Pivot::None)]), "canister rolls two dice (4.3.4.a)");
    }

    #[test]
    fn rule_4_3_1_beyond_effective_range_no_effect() {
        let g = napoleon();
        let canister = Conditions { ammunition: Ammunition::Canister, range: 5, ..Conditions::default() };
        assert_eq!(
            fire_strength(&[prepared(&g, &canister, Pivot::None)], &FireRulings::default(), &Overrides::new()),
            Ok(None)
        );
        let shot = Conditions { range: 37, ..Conditions::default() };
        assert_eq!(
            fire_strength(&[prepared(&g, &shot, Pivot::None)], &FireRulings::default(), &Overrides::new()),
            Ok(None)
        );
    }

    #[test]
    fn rule_4_3_4_a_ammunition_commands() {
        let rulings = FireRulings::default();
        let o = Overrides::new();
        let g = napoleon();
        let two_result = combat_result(Ratio::whole(100), 0, two(1, 1), &o).unwrap();
        let seven = combat_result(Ratio::whole(100), 0, two(3, 4), &o).unwrap();
        let with_id = |c: &Conditions| vec![(Some("s".to_string()), g.name.clone(), prepared(&g, c, Pivot::None))];
        // Shot: a 2 runs the gun low.
        let (cmds, _) = firer_commands(&with_id(&Conditions::default()), &two_result, true, &rulings);
        assert_eq!(cmds, vec![Command::Unit(UnitCommand::SetLowOnShot { section: "s".into(), on: true })]);
        assert!(firer_commands(&with_id(&Conditions::default()), &seven, false, &rulings).0.is_empty());
        // Canister: one round; double canister two; a 2 does not matter.
        let canister = Conditions { ammunition: Ammunition::Canister, range: 3, ..Conditions::default() };
        assert_eq!(
            firer_commands(&with_id(&canister), &two_result, true, &rulings).0,
            vec![Command::Unit(UnitCommand::UseCanister { section: "s".into(), rounds: 1 })]
        );
        let double = Conditions { ammunition: Ammunition::DoubleCanister, ..canister };
        assert_eq!(
            firer_commands(&with_id(&double), &seven, false, &rulings).0,
            vec![Command::Unit(UnitCommand::UseCanister { section: "s".into(), rounds: 2 })]
        );
        // Appendix F 9: a Parrott rolling 2 bursts instead of running low.
        let demo = demo_game("g");
        let parrott = firing_gun(demo.roster.section("s-pd-1").unwrap(), 0);
        let f9 = FireRulings { parrott_rifles: true, ..FireRulings::default() };
        let p = vec![(
            Some("p".to_string()),
            parrott.name.clone(),
            prepared(&parrott, &Conditions::default(), Pivot::None),
        )];
        let (cmds, lines) = firer_commands(&p, &two_result, true, &f9);
        assert_eq!(
            cmds,
            vec![Command::Unit(UnitCommand::SetGunState { section: "p".into(), state: GunState::Destroyed })]
        );
        assert!(lines[0].contains("Appendix F 9"));
        // A quick look-up records nothing.
        let quick = vec![(None, "Section 1".to_string(), prepared(&g, &Conditions::default(), Pivot::None))];
        assert!(firer_commands(&quick, &two_result, true, &rulings).0.is_empty());
    }

    #[test]
    fn rule_4_3_6_b_double_canister_check_first() {
        let mut o = Overrides::new();
        o.set(CellRef::new("Table 18", "Artillery Unlimbered", "Defender's formation"), Entered::NotApplicable);
        let g = napoleon();
        let m = double_canister_check_mmp(&g, ArtillerySituation::WithCompleteBattery, &o, &MoraleRulings::default())
            .unwrap();
        assert_eq!(m.value, 7, "Table 17, average crew with its battery, as the engine's example");
        // A crew that routs does not fire; one that fails and holds fires shaken.
        let routs = check(m.value, TwoDice::new(1, 1).unwrap(), MoraleLevel::Good);
        assert_eq!(after_check(&g, &routs), None);
        let fails = check(m.value, TwoDice::new(3, 3).unwrap(), MoraleLevel::Good);
        let shaken = after_check(&g, &fails).unwrap();
        assert!(shaken.fire.shaken_crew);
        let c = Conditions { ammunition: Ammunition::DoubleCanister, range: 4, ..Conditions::default() };
        assert_eq!(
            strength(&[prepared(&shaken, &c, Pivot::None)]).strength,
            Ratio::whole(10),
            "20 x1/2 for a shaken crew"
        );
        let passes = check(m.value, TwoDice::new(5, 6).unwrap(), MoraleLevel::Good);
        assert!(!after_check(&g, &passes).unwrap().fire.shaken_crew);
    }

    #[test]
    fn rule_4_4_1_c_artillery_hit_queued_three_times_a_turn_at_most() {
        let t = TargetFacts {
            arm: Arm::Infantry,
            formation: Formation::Line,
            figures: 20,
            routed: false,
            prone: false,
            breechloaders: false,
        };
        let target = Target::Regiment(t);
        let r = Scored {
            result: combat_result(Ratio::whole(100), 0, two(1, 2), &Overrides::new()).unwrap(),
            kills: 2,
            save: 0,
            casualties: 2,
            crew: None,
            guns_destroyed: 0,
            lines: Vec::new(),
        };
        let (cmds, _, queue) = target_commands(&target, &record("r", None), Ammunition::Shot, &r);
        assert_eq!(
            cmds,
            vec![
                Command::Unit(UnitCommand::AddKill { regiment: "r".into() }),
                Command::Unit(UnitCommand::AddKill { regiment: "r".into() })
            ]
        );
        assert_eq!(
            queue.iter().map(|d| d.reason).collect::<Vec<_>>(),
            vec![CheckReason::ArtilleryHit { canister: false }]
        );
        let third = TargetRecord { artillery_hits_before: 3, ..record("r", None) };
        assert!(target_commands(&target, &third, Ammunition::Shot, &r).2.is_empty());
        let quick = TargetRecord { id: None, ..record("r", None) };
        let (cmds, lines, queue) = target_commands(&target, &quick, Ammunition::Shot, &r);
        assert!(cmds.is_empty() && queue.is_empty() && !lines.is_empty());
    }

    #[test]
    fn roster_sections_and_batteries_fill_in_what_the_game_knows() {
        let mut g = demo_game("g");
        let (name, guns, idle) = roster_guns(&g, "bt-marye").unwrap();
        assert_eq!((name.as_str(), guns.len(), idle.len()), ("Fredericksburg Artillery (Marye)", 2, 0));
        assert_eq!(guns[0].fire.gun.class, GunClass::Smoothbore);
        if let Some(s) = g.roster.section_mut("s-marye-2") {
            s.limbered = true;
        }
        if let Some(s) = g.roster.section_mut("s-marye-1") {
            s.canister_used = 3;
            s.low_on_shot = true;
            s.morale = MoraleLevel::Shaken;
        }
        let (_, guns, idle) = roster_guns(&g, "bt-marye").unwrap();
        assert_eq!(guns.len(), 1);
        assert!(idle[0].contains("6.6.1"));
        let f = &guns[0].fire;
        assert_eq!(f.ammunition_state, ArtilleryAmmunition { canister_used: 3, low_on_shot: true });
        assert!(f.shaken_crew);
        assert!(gun_words(&guns[0]).contains("canister 1 of 4 left · low on shot · shaken"));
        // Double canister with one round left is refused by the engine (4.3.4.a).
        let c = Conditions { ammunition: Ammunition::DoubleCanister, range: 3, ..Conditions::default() };
        assert!(
            fire_strength(&[prepared(&guns[0], &c, Pivot::None)], &FireRulings::default(), &Overrides::new()).is_err()
        );
        // The 3" rifle of Hall's battery is asked for by name from Table 13.
        let (_, hall, _) = roster_guns(&g, "s-hall-1").unwrap();
        let e = fire_strength(
            &[prepared(&hall[0], &Conditions::default(), Pivot::None)],
            &FireRulings::default(),
            &Overrides::new(),
        );
        assert_eq!(e, Err(RuleError::Missing(CellRef::new("Table 13", "3\" Rifle", "Shot 0-12\""))));
        assert_eq!(
            adjacent_section(&g.roster, "s-hall-1"),
            Some(("s-hall-2".into(), "Hall, right section".replace("right", "left")))
        );
        assert_eq!(adjacent_section(&g.roster, "s-hall-2").map(|a| a.0), Some("s-hall-1".into()));
        assert!(roster_guns(&g, "r-2wi").is_none());
    }

    #[test]
    fn rule_4_3_5_chance_of_destroying_the_gun_or_eliminating_the_crew() {
        let o = Overrides::new();
        let rulings = FireRulings::default();
        let d = combat_result_odds(Ratio::whole(100), 0, false, &o).unwrap();
        // Row 100+ scores at least five kills: a limbered crew (no save) is always eliminated.
        let limbered = GunTarget { class: GunClass::Rifle, limbered: true, crew_kills_this_turn: 0 };
        let sit = target_situation(&Target::Guns(limbered.clone()), Cover::OPEN, Ammunition::Canister);
        assert_eq!(
            gun_target_chance(&d, &limbered, Ammunition::Canister, Flank::None, &sit, &rulings, &o),
            Ok(Chance::new(1, 1))
        );
        // Against shot a smoothbore saves each kill on 1 to 5: the gun survives five kills
        // with chance (5/6)^5, and more kills leave it less.
        let smooth = GunTarget { class: GunClass::Smoothbore, limbered: false, crew_kills_this_turn: 0 };
        let sit = target_situation(&Target::Guns(smooth.clone()), Cover::OPEN, Ammunition::Shot);
        let c = gun_target_chance(&d, &smooth, Ammunition::Shot, Flank::None, &sit, &rulings, &o).unwrap();
        let five = Chance::new(5u64.pow(5), 6u64.pow(5)).complement();
        assert!(c.percent() > five.percent() && c.percent() < 100.0);
    }

    #[test]
    fn the_odds_spread_sums_to_one() {
        let d = combat_result_odds(Ratio::whole(100), 0, false, &Overrides::new()).unwrap();
        let spread = kills_spread(&d);
        let total = spread.iter().fold(Chance::new(0, 1), |a, (_, c)| a.plus(*c));
        assert_eq!(total, Chance::new(1, 1));
        assert_eq!(spread.first().map(|s| s.0), Some(5));
        assert!(spread_words(&spread).starts_with("5 kills: "));
    }

    #[test]
    fn gun_choices_list_printed_known_and_entered_guns() {
        let mut o = Overrides::new();
        o.set(CellRef::new("Table 13", "20# Parrott", "Shot 24\""), Entered::Value(Ratio::whole(4)));
        let names: Vec<String> = gun_choices(&o).into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["12# Napoleon", "6# Gun", "10# Parrott", "3\" Rifle", "20# Parrott"]);
        let three_inch = roster::GunType::known().into_iter().find(|g| g.name == "3\" Rifle").unwrap();
        assert_eq!(engine_gun(&three_inch).class, GunClass::Rifle);
        assert!(!engine_gun(&three_inch).parrott);
    }
}
