//! What the players say on the artillery fire screen (4.3, Tables 13-15), as one plain form,
//! and the fire it makes with the game: the guns, the double canister checks, the strength,
//! the score and the result card. No Leptos here: tested natively.

use super::super::card::Resolution;
use super::super::distance::measured;
use super::super::fire::{Cover, SavesBy, TargetFacts, disengaging_or_routed, table10_roll, target_breechloaders};
use super::super::morale::{self as morale_view, CheckReason};
use super::super::queue::Due;
use super::model::*;
use crate::widgets::dice::two_dice;
use johnny_reb::rules::fire::{
    Ammunition, ArtilleryAmmunition, ArtilleryFire, FireStrength, FireTarget, Flank, GunTable, GunType, Pivot,
    SavePlan, SaveSituation, Table10Roll, Visibility, combat_result, indirect_fire, modify_kills, save_number,
};
use johnny_reb::rules::morale::{ArtillerySituation, Mmp, MoraleResult, check};
use johnny_reb::rules::tables::t13_artillery::GunClass;
use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality};
use johnny_reb::rules::{Die, Overrides, Ratio, RuleResult};
use johnny_reb::state::command::Command;
use johnny_reb::state::game::Game;
use johnny_reb::state::ids::{RegimentId, SectionId, UnitId};
use johnny_reb::state::roster::{self, GunState};
use johnny_reb::state::tracker_state::ItemKey;

/// How the target is moving (4.3.3.a).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetMotion {
    Still,
    Moving,
    ChargingCavalry,
}

/// How the firer sees the target (4.2.3.c, 4.3.6.c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    Seen,
    Area,
    Blind,
    Indirect,
}

/// What the players say: the firer and the target (none: typed in, a quick look-up), what
/// the roster cannot know, and the dice.
#[derive(Clone, Debug, PartialEq)]
pub struct ArtilleryForm {
    /// The firing gun section or battery's id.
    pub firer: Option<String>,
    /// The target regiment or gun section's id.
    pub target: Option<UnitId>,
    /// A firer typed in: its gun by name, its class when the name is not on Table 13.
    pub gun_name: String,
    /// Its class (Table 13).
    pub gun_class: GunClass,
    /// Its crew's quality.
    pub crew: Quality,
    /// How many sections fire together (4.3.6.a).
    pub sections: usize,
    /// Low on shot (4.3.4.a).
    pub low_on_shot: bool,
    /// Shot, canister or double canister (4.3.1).
    pub ammunition: Ammunition,
    /// The range as typed (4.3.1).
    pub range: String,
    /// The firer's order (Table 14).
    pub order: OrderKind,
    /// Each section's pivot (Table 14), by section.
    pub pivots: Vec<Pivot>,
    /// Each section's crew (Table 14), by section.
    pub crews: Vec<MoraleLevel>,
    /// How the target is seen (4.2.3.c, 4.3.6.c).
    pub sight: Sight,
    /// Indirect fire's distances as typed: the observer's, the object to the target and to
    /// the gun (4.3.6.c).
    pub observer: String,
    /// The object to the target.
    pub object_to_target: String,
    /// The object to the gun.
    pub object_to_gun: String,
    /// The object is a line of skirmishers (4.3.6.c).
    pub object_skirmishers: bool,
    /// How the target moves (4.3.3.a).
    pub moving: TargetMotion,
    /// Inches of light woods the shot passes, as typed (4.3.3.b).
    pub light_woods: String,
    /// Inches of heavy woods.
    pub heavy_woods: String,
    /// Shot through a friendly skirmish line (4.3.6.d).
    pub through_skirmishers: bool,
    /// Those skirmishers' id, checked when hit.
    pub skirmishers: Option<RegimentId>,
    /// Appendix F 8, a large group.
    pub large_group: bool,
    /// A target typed in is a gun section.
    pub target_is_guns: bool,
    /// A regiment typed in: figures in the arc and formation.
    pub target_figures: u32,
    /// Its formation.
    pub target_formation: Formation,
    /// Disengaging or routed (Table 11), as the players say.
    pub disengaging: bool,
    /// A gun section typed in: its class, limbered, crew kills this turn.
    pub target_class: GunClass,
    /// Limbered.
    pub target_limbered: bool,
    /// Crew kills this turn (4.3.5.b).
    pub target_crew_kills: u32,
    /// A battery deployed together: shot kills go on to the adjacent section (4.3.6.a).
    pub together: bool,
    /// Fire on the flank (Table 11).
    pub flank: Flank,
    /// The target's cover (Table 12, 9).
    pub cover: Cover,
    /// Artillery hit checks the target took earlier this turn (4.4.1.c).
    pub hits_before: u8,
    /// Double canister: the firing guns' situation for their check (4.3.6.b).
    pub situation: ArtillerySituation,
    /// Double canister: each section's check dice, by section.
    pub check_faces: Vec<Vec<u8>>,
    /// The Table 10 dice's faces, 0 for a die not set.
    pub faces: Vec<u8>,
    /// Who rolls the saves.
    pub saves_by: SavesBy,
    /// The kills saved on the table.
    pub saved: u32,
    /// The app's saving dice.
    pub save_dice: Vec<Die>,
}

impl Default for ArtilleryForm {
    fn default() -> ArtilleryForm {
        ArtilleryForm {
            firer: None,
            target: None,
            gun_name: "12# Napoleon".into(),
            gun_class: GunClass::Rifle,
            crew: Quality::Average,
            sections: 1,
            low_on_shot: false,
            ammunition: Ammunition::Shot,
            range: "12".into(),
            order: OrderKind::Hold,
            pivots: vec![Pivot::None; MAX_SECTIONS],
            crews: vec![MoraleLevel::Good; MAX_SECTIONS],
            sight: Sight::Seen,
            observer: "6".into(),
            object_to_target: "3".into(),
            object_to_gun: "3".into(),
            object_skirmishers: false,
            moving: TargetMotion::Still,
            light_woods: "0".into(),
            heavy_woods: "0".into(),
            through_skirmishers: false,
            skirmishers: None,
            large_group: false,
            target_is_guns: false,
            target_figures: 20,
            target_formation: Formation::Line,
            disengaging: false,
            target_class: GunClass::Smoothbore,
            target_limbered: false,
            target_crew_kills: 0,
            together: true,
            flank: Flank::None,
            cover: Cover::OPEN,
            hits_before: 0,
            situation: ArtillerySituation::WithCompleteBattery,
            check_faces: vec![Vec::new(); MAX_SECTIONS],
            faces: Vec::new(),
            saves_by: SavesBy::App,
            saved: 0,
            save_dice: Vec::new(),
        }
    }
}

/// The guns a firer typed in fires with: `sections` of one gun (Table 13 or Appendix B by
/// name, else the name and class given), each crew as the players say it.
pub fn typed_guns(form: &ArtilleryForm) -> Vec<FiringGun> {
    let name = &form.gun_name;
    let known = roster::GunType::known().into_iter().find(|g| &g.name == name);
    let gun = match (GunType::printed(name), known) {
        (Some(p), _) => p,
        (None, Some(k)) => engine_gun(&k),
        (None, None) => GunType {
            table: GunTable::Field,
            name: name.clone(),
            class: form.gun_class,
            parrott: name.contains("Parrott"),
            siege: false,
        },
    };
    (0..form.sections.clamp(1, MAX_SECTIONS))
        .map(|i| FiringGun {
            id: None,
            name: format!("Section {}", i + 1),
            fire: ArtilleryFire {
                gun: gun.clone(),
                crew_quality: form.crew,
                ammunition_state: ArtilleryAmmunition { canister_used: 0, low_on_shot: form.low_on_shot },
                ..ArtilleryFire::default()
            },
            // Typed in: the crew as the players give it (Table 14, a double canister's check).
            morale: form.crews.get(i).copied().unwrap_or(MoraleLevel::Good),
            officer_benefit: 0,
        })
        .collect()
}

/// The guns that would fire: the firer's of the game that can, or those typed in.
pub fn guns(form: &ArtilleryForm, game: &Game) -> Vec<FiringGun> {
    match form.firer.as_deref().and_then(|id| roster_guns(game, id)) {
        Some((_, g, _)) => g,
        None => typed_guns(form),
    }
}

/// Indirect fire's visibility from its conditions (4.3.6.c); none when the fire is not
/// indirect.
pub fn indirect(form: &ArtilleryForm, game: &Game) -> Option<RuleResult<Visibility>> {
    if form.sight != Sight::Indirect {
        return None;
    }
    let class = guns(form, game).first().map_or(GunClass::Smoothbore, |g| g.fire.gun.class);
    let read = || -> RuleResult<Visibility> {
        indirect_fire(
            class,
            measured("Observer's distance", &form.observer)?,
            measured("Range", &form.range)?,
            measured("Object to the target", &form.object_to_target)?,
            measured("Object to the gun", &form.object_to_gun)?,
            form.object_skirmishers,
            &game.setup.rules.fire,
        )
    };
    Some(read())
}

/// The distances every section's fire shares, as typed: the range, light and heavy woods
/// (4.3.1, 4.3.3.b).
pub fn distances(form: &ArtilleryForm) -> RuleResult<(Ratio, Ratio, Ratio)> {
    Ok((
        measured("Range", &form.range)?,
        measured("Light woods", &form.light_woods)?,
        measured("Heavy woods", &form.heavy_woods)?,
    ))
}

/// The conditions every section's fire shares (4.3.1, 4.3.3, 4.3.6).
pub fn conditions(form: &ArtilleryForm, game: &Game) -> Conditions {
    let d = distances(form).ok();
    Conditions {
        ammunition: form.ammunition,
        range: d.map_or(Ratio::ZERO, |d| d.0),
        order: form.order,
        visibility: match form.sight {
            Sight::Seen => Visibility::Clear,
            Sight::Area => Visibility::Area,
            Sight::Blind => Visibility::Blind,
            Sight::Indirect => indirect(form, game).and_then(Result::ok).unwrap_or(Visibility::Blind),
        },
        through_friendly_skirmishers: form.through_skirmishers,
        woods: d.map_or((Ratio::ZERO, Ratio::ZERO), |d| (d.1, d.2)),
        target_moving: form.moving != TargetMotion::Still,
        charging_cavalry: form.moving == TargetMotion::ChargingCavalry,
        large_group: form.large_group,
    }
}

/// A target regiment of the game: its name and what the fire needs of it.
pub fn target_regiment(game: &Game, id: &str) -> Option<(String, TargetFacts)> {
    let r = game.roster.regiment(id)?;
    Some((
        r.name.clone(),
        TargetFacts {
            arm: r.arm,
            formation: r.formation,
            figures: r.figures_left(),
            disengaging_or_routed: disengaging_or_routed(game, id),
            prone: r.prone,
            breechloaders: target_breechloaders(r),
        },
    ))
}

/// A target gun section of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetSection {
    /// Its name.
    pub name: String,
    /// Its gun as a target.
    pub gun: GunTarget,
    /// The adjacent section of its battery, id and name (4.3.6.a).
    pub adjacent: Option<(SectionId, String)>,
    /// Its gun's state.
    pub state: GunState,
}

/// A target gun section of the game: its name, its gun, the adjacent section of its battery
/// (4.3.6.a) and its gun's state.
pub fn target_section(game: &Game, id: &str) -> Option<TargetSection> {
    let sec = game.roster.section(id)?;
    Some(TargetSection {
        name: sec.name.clone(),
        gun: GunTarget {
            class: engine_gun(&sec.gun).class,
            limbered: sec.limbered,
            crew_kills_this_turn: sec.crew_kills_this_turn,
        },
        adjacent: adjacent_section(&game.roster, id),
        state: sec.state,
    })
}

/// The target: of the game (a regiment disengaging or routed also as the players say), or
/// typed in.
pub fn target_kind(form: &ArtilleryForm, game: &Game) -> Target {
    let id = form.target.as_deref();
    if let Some((_, t)) = id.and_then(|id| target_regiment(game, id)) {
        let disengaging_or_routed = t.disengaging_or_routed || form.disengaging;
        return Target::Regiment(TargetFacts { disengaging_or_routed, ..t });
    }
    if let Some(s) = id.and_then(|id| target_section(game, id)) {
        return Target::Guns(s.gun);
    }
    if id.is_none() && form.target_is_guns {
        return Target::Guns(GunTarget {
            class: form.target_class,
            limbered: form.target_limbered,
            crew_kills_this_turn: u8::try_from(form.target_crew_kills).unwrap_or(2),
        });
    }
    Target::Regiment(TargetFacts {
        arm: Arm::Infantry,
        formation: form.target_formation,
        figures: form.target_figures,
        disengaging_or_routed: form.disengaging,
        prone: false,
        breechloaders: false,
    })
}

/// The target's name: of the game, or "the target".
pub fn target_name(form: &ArtilleryForm, game: &Game) -> String {
    let id = form.target.as_deref();
    id.and_then(|id| target_regiment(game, id))
        .map(|(n, _)| n)
        .or_else(|| id.and_then(|id| target_section(game, id)).map(|s| s.name))
        .unwrap_or_else(|| "the target".into())
}

/// Double canister: each gun and its check's MMP before firing (4.3.6.b); none for other
/// ammunition.
pub fn checks(form: &ArtilleryForm, game: &Game, entries: &Overrides) -> Vec<(FiringGun, RuleResult<Mmp>)> {
    if form.ammunition != Ammunition::DoubleCanister {
        return Vec::new();
    }
    let rules = &game.setup.rules.morale;
    guns(form, game)
        .into_iter()
        .map(|g| {
            let m = double_canister_check_mmp(&g, form.situation, entries, rules);
            (g, m)
        })
        .collect()
}

/// Each double canister check's result and dice total, once every check is rolled.
pub fn check_results(form: &ArtilleryForm, game: &Game, entries: &Overrides) -> Option<Vec<(MoraleResult, u8)>> {
    checks(form, game, entries)
        .iter()
        .enumerate()
        .map(|(i, (g, m))| {
            let m = m.as_ref().ok()?;
            let roll = two_dice(form.check_faces.get(i)?)?;
            Some((check(m.value, roll, g.morale), roll.total()))
        })
        .collect()
}

/// The guns that fire: all, or after double canister those whose crews did not rout.
pub fn firing(form: &ArtilleryForm, game: &Game, entries: &Overrides) -> Option<Vec<FiringGun>> {
    let guns = guns(form, game);
    if form.ammunition != Ammunition::DoubleCanister {
        return Some(guns);
    }
    let results = check_results(form, game, entries)?;
    Some(guns.iter().zip(results.iter()).filter_map(|(g, (r, _))| after_check(g, r)).collect())
}

/// Each firing section's fire with this fire's conditions, its pivot and its crew.
pub fn fires(form: &ArtilleryForm, game: &Game, entries: &Overrides) -> Option<Vec<ArtilleryFire>> {
    let c = conditions(form, game);
    Some(
        firing(form, game, entries)?
            .iter()
            .enumerate()
            .map(|(i, g)| {
                let fire = prepared(g, &c, form.pivots.get(i).copied().unwrap_or(Pivot::None));
                with_crew(fire, form.crews.get(i).copied().unwrap_or(g.morale))
            })
            .collect(),
    )
}

/// The fire's strength (4.3.1-4.3.3, 4.3.6.a), or what stops it: a distance not read, an
/// indirect fire not allowed, a table value missing; none while double canister's checks
/// are not all rolled.
pub fn strength(form: &ArtilleryForm, game: &Game, entries: &Overrides) -> Option<RuleResult<Option<FireStrength>>> {
    if let Err(e) = distances(form) {
        return Some(Err(e));
    }
    if let Some(Err(e)) = indirect(form, game) {
        return Some(Err(e));
    }
    let f = fires(form, game, entries)?;
    Some(fire_strength(&f, &game.setup.rules.fire, entries))
}

/// One die on Table 10 (4.3.4.a).
pub fn rolls_one_die(form: &ArtilleryForm, game: &Game, entries: &Overrides) -> bool {
    fires(form, game, entries).is_some_and(|f| one_die(&f))
}

/// The Table 10 roll, once its dice are in.
pub fn roll(form: &ArtilleryForm, game: &Game, entries: &Overrides) -> Option<Table10Roll> {
    table10_roll(&form.faces, rolls_one_die(form, game, entries))
}

/// How many saving dice the app rolls: one per kill after Table 11 that has a save (4.2.6.a,
/// 4.3.5); none before the strength and the roll are known.
pub fn save_dice_needed(form: &ArtilleryForm, game: &Game, entries: &Overrides) -> Option<RuleResult<usize>> {
    let Some(Ok(Some(s))) = strength(form, game, entries) else { return None };
    let r = roll(form, game, entries)?;
    let needed = || -> RuleResult<usize> {
        let result = combat_result(s.strength, s.row_shifts, r, entries)?;
        let (target, arc) = match target_kind(form, game) {
            Target::Regiment(t) => (
                FireTarget {
                    arm: t.arm,
                    formation: t.formation,
                    disengaging_or_routed: t.disengaging_or_routed,
                    flank: form.flank,
                },
                t.figures,
            ),
            Target::Guns(g) => (
                FireTarget {
                    arm: Arm::Artillery,
                    formation: if g.limbered { Formation::Limbered } else { Formation::Unlimbered },
                    disengaging_or_routed: false,
                    flank: form.flank,
                },
                u32::MAX,
            ),
        };
        let kills = modify_kills(result.kills, &target, entries)?.kills;
        let save = save_number(&situation(form, game), &game.setup.rules.fire, entries)?.save;
        Ok(SavePlan { save, outside_cover: None, figures_in_arc: arc }.dice_needed(kills))
    };
    Some(needed())
}

/// The target's saving situation (Table 12).
pub fn situation(form: &ArtilleryForm, game: &Game) -> SaveSituation {
    target_situation(&target_kind(form, game), form.cover, form.ammunition)
}

/// Table 15 steps 5 to 7 on the target, once the strength and the roll are known.
pub fn outcome(form: &ArtilleryForm, game: &Game, entries: &Overrides) -> Option<RuleResult<Option<Scored>>> {
    let s = match strength(form, game, entries)? {
        Ok(Some(s)) => s,
        _ => return None,
    };
    let roll = roll(form, game, entries)?;
    Some(score(
        &s,
        roll,
        form.ammunition,
        &target_kind(form, game),
        form.flank,
        &situation(form, game),
        (form.saves_by, form.saved, &form.save_dice),
        &game.setup.rules.fire,
        entries,
    ))
}

/// The result card: double canister's checks first (4.3.6.b), then the kills, crew kills or
/// guns destroyed on the target, the firer's ammunition, the checks queued in the order of
/// 4.4.2 and the tracker items of the sections' fire settled (4.1, 7).
pub fn resolve(form: &ArtilleryForm, game: &Game, entries: &Overrides) -> Option<Resolution> {
    let ammo = form.ammunition;
    let rulings = &game.setup.rules.fire;
    let mut commands: Vec<Command> = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    let mut queue: Vec<Due> = Vec::new();
    // Double canister: the checks' results first (4.3.6.b).
    if ammo == Ammunition::DoubleCanister {
        let results = check_results(form, game, entries)?;
        for ((g, _), (r, total)) in checks(form, game, entries).iter().zip(results.iter()) {
            let (headline, more) = morale_view::result_words(morale_view::Kind::Check, &g.name, *total, r);
            lines.push(format!("Fear-of-charge check before double canister (4.3.6.b): {headline}"));
            lines.extend(more);
            if let Some(id) = &g.id {
                commands.extend(morale_view::commands(id, true, r));
            }
        }
        if firing(form, game, entries).is_some_and(|f| f.is_empty()) {
            return Some(Resolution {
                headline: "The crew routs before firing: no double canister is fired (4.3.6.b).".into(),
                details: lines,
                recorded: !commands.is_empty(),
                commands,
                ..Default::default()
            });
        }
    }
    let r = outcome(form, game, entries)?.ok()??;
    let f = fires(form, game, entries)?;
    let firing_guns = firing(form, game, entries)?;
    let doubles = matches!(roll(form, game, entries), Some(Table10Roll::TwoDice(d)) if d.is_doubles());
    let tname = target_name(form, game);
    let target = target_kind(form, game);
    lines.extend(r.lines.iter().cloned());
    let named: Vec<(Option<SectionId>, String, ArtilleryFire)> =
        firing_guns.iter().zip(f.iter()).map(|(g, fire)| (g.id.clone(), g.name.clone(), fire.clone())).collect();
    let (firer_cmds, firer_lines) = firer_commands(&named, &r.result, doubles, rulings);
    lines.extend(firer_lines);
    let headline = match (&target, ammo) {
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
    let adjacent = form
        .target
        .as_deref()
        .and_then(|id| target_section(game, id))
        .and_then(|s| s.adjacent)
        .filter(|_| form.together);
    let t = TargetRecord {
        id: form.target.clone(),
        name: tname.clone(),
        adjacent,
        artillery_hits_before: form.hits_before,
    };
    let (target_cmds, target_lines, target_queue) = target_commands(&target, &t, ammo, &r);
    commands.extend(target_cmds);
    lines.extend(target_lines);
    queue.extend(target_queue);
    if r.result.unexpected_devastation
        && let Some(id) = form.target.clone()
    {
        queue.push(Due { unit: id, name: tname.clone(), reason: CheckReason::UnexpectedDevastation });
    }
    // 4.3.6.d: doubles that score kills hit the friendly skirmishers too.
    if f.iter().any(|fire| fire.outcome(&r.result, doubles, rulings).friendly_skirmishers_hit) {
        lines.push(format!(
            "Doubles with kills: your skirmishers are hit by the same {} kills (4.3.6.d). Prone, they save them all; standing, they roll their saves. Either way they check morale as hit by artillery (4.4.1.c).",
            r.result.kills
        ));
        if let Some(sid) = form.skirmishers.clone() {
            let name = game.roster.regiment(&sid).map(|r| r.name.clone()).unwrap_or_default();
            queue.push(Due { unit: sid.into(), name, reason: CheckReason::ArtilleryHit { canister: false } });
        }
    }
    commands.extend(firer_cmds);
    Some(Resolution {
        headline,
        details: lines,
        recorded: !commands.is_empty() || !queue.is_empty() || form.firer.is_some() || form.target.is_some(),
        commands,
        queue,
        // Each section's fire settles its item of phase 4 or 7 (4.1, 7).
        settles: firing_guns.iter().filter_map(|g| g.id.as_ref()).flat_map(|id| ItemKey::fire_of(id)).collect(),
        ..Default::default()
    })
}

#[cfg(test)]
mod tests;
