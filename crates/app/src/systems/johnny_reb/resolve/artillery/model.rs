//! Artillery fire's pure part (4.3, Tables 13-15): the guns from the roster, the conditions,
//! the strength, the score on the target and the commands that record it. No Leptos here:
//! tested natively.

use super::super::fire::{Cover, SavesBy, TargetFacts, save_situation_against, score as score_on_regiment};
use super::super::morale::{self as morale_view, CheckReason};
use super::super::queue::Due;
use crate::widgets::odds::chance_words;
use johnny_reb::rules::fire::{
    Ammunition, ArtilleryAmmunition, ArtilleryFire, CombatResult, CrewOutcome, FireKind, FireRulings, FireStrength,
    FireTarget, Flank, GunTable, GunType, Pivot, SavePlan, SaveSituation, Table10Roll, Visibility, artillery_strength,
    battery_strength, casualties_after_saves, casualty_odds, combat_result, crew_casualties, modify_kills, save_number,
};
use johnny_reb::rules::morale::{
    AfterCheck, ArtillerySituation, ChargeSituation, MoraleResult, MoraleRulings, MoraleSituation, MoraleUnit,
    double_canister_mmp,
};
use johnny_reb::rules::tables::t09_small_arms_modifiers::FireModifier;
use johnny_reb::rules::tables::t12_saving_rolls::FormationSave;
use johnny_reb::rules::tables::t13_artillery::{self as t13, GunClass};
use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind};
use johnny_reb::rules::{Chance, Die, Distribution, Overrides, Ratio, RuleResult};
use johnny_reb::state::command::Command;
use johnny_reb::state::game::Game;
use johnny_reb::state::ids::{SectionId, UnitId};
use johnny_reb::state::roster::{self, Bore, GunState, Section};
use johnny_reb::state::units::UnitCommand;
use std::collections::BTreeMap;

/// The most sections one resolution fires together (a battery is two or three, 0.1.1.c).
pub const MAX_SECTIONS: usize = 6;

/// The rules engine's gun for a roster gun type: a gun printed on Table 13 or Appendix B by
/// its printed row; any other by the roster's name and bore (its values are asked for by name).
/// A Parrott rifle is named so (Appendix F 9).
///
/// (A Parrott: `tests::a_parrott_is_a_rifle_named_so`.)
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
    pub id: Option<SectionId>,
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

/// A section's fire with its crew's state as the players give it (Table 14: a shaken crew
/// x1/2; a routed crew, like a section marked D, may not fire).
pub fn with_crew(fire: ArtilleryFire, crew: MoraleLevel) -> ArtilleryFire {
    ArtilleryFire { shaken_crew: crew == MoraleLevel::Shaken, routed: crew == MoraleLevel::Routed, ..fire }
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
    /// Range in inches, to the half inch (4.3.1).
    pub range: Ratio,
    /// The order (Table 14: H/FR x1; CH, FM, Move x1/2).
    pub order: OrderKind,
    /// Seen, area or blind fire (after indirect fire's conditions, 4.3.6.c).
    pub visibility: Visibility,
    /// Shot through a friendly skirmish line (4.3.6.d).
    pub through_friendly_skirmishers: bool,
    /// Inches of light and of heavy woods the shot passes through (4.3.3.b).
    pub woods: (Ratio, Ratio),
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
            range: Ratio::whole(12),
            order: OrderKind::Hold,
            visibility: Visibility::Clear,
            through_friendly_skirmishers: false,
            woods: (Ratio::ZERO, Ratio::ZERO),
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
        range: c.range,
        order: c.order,
        pivot,
        visibility: c.visibility,
        through_friendly_skirmishers: c.through_friendly_skirmishers && c.ammunition == Ammunition::Shot,
        light_woods_inches: c.woods.0,
        heavy_woods_inches: c.woods.1,
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
        match step.modifier {
            _ if step.what.ends_with("base strength") => continue,
            FireModifier::Times(r) if r == Ratio::ONE => continue,
            m => out.push_str(&format!(" · {} {}", step.what, super::super::fire::modifier_words(m))),
        }
    }
    let shifts = super::super::fire::row_shift_words(s.row_shifts);
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
                disengaging_or_routed: false,
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

pub(super) fn row_label(row: Ratio) -> String {
    if row == Ratio::whole(100) { "100+".into() } else { row.to_string() }
}

/// The target as the game records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetRecord {
    /// The roster id (none in a quick look-up: nothing is recorded).
    pub id: Option<UnitId>,
    /// Its name.
    pub name: String,
    /// The adjacent section of a battery deployed together (4.3.6.a), for a gun target.
    pub adjacent: Option<(SectionId, String)>,
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
                    .extend((0..r.casualties).map(|_| Command::Unit(UnitCommand::AddKill { regiment: id.regiment() })));
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
                        section: id.section(),
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
                commands.extend((0..here).map(|_| Command::Unit(UnitCommand::AddCrewKill { section: id.section() })));
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
    guns: &[(Option<SectionId>, String, ArtilleryFire)],
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
pub fn adjacent_section(roster: &roster::Roster, id: &str) -> Option<(SectionId, String)> {
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

pub(super) const PIVOT_LEGENDS: [&str; MAX_SECTIONS] = [
    "Pivot, section 1 (4.3.2)",
    "Pivot, section 2 (4.3.2)",
    "Pivot, section 3 (4.3.2)",
    "Pivot, section 4 (4.3.2)",
    "Pivot, section 5 (4.3.2)",
    "Pivot, section 6 (4.3.2)",
];

pub(super) const CREW_LEGENDS: [&str; MAX_SECTIONS] = [
    "Crew, section 1 (Table 14)",
    "Crew, section 2 (Table 14)",
    "Crew, section 3 (Table 14)",
    "Crew, section 4 (Table 14)",
    "Crew, section 5 (Table 14)",
    "Crew, section 6 (Table 14)",
];

pub(super) const CHECK_DICE: [&str; MAX_SECTIONS] = [
    "Section 1 check die",
    "Section 2 check die",
    "Section 3 check die",
    "Section 4 check die",
    "Section 5 check die",
    "Section 6 check die",
];

pub(super) const PIVOTS: [(Pivot, &str); 4] = [
    (Pivot::None, "None"),
    (Pivot::UpTo45, "45° or less"),
    (Pivot::Over45, "Over 45°: down 1"),
    (Pivot::Over90, "Over 90°: x1/2"),
];

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

pub(super) fn class_words(c: GunClass) -> &'static str {
    match c {
        GunClass::Smoothbore => "Smoothbore",
        GunClass::Rifle => "Rifle",
        GunClass::Whitworth => "Whitworth",
    }
}

#[cfg(test)]
mod tests;
