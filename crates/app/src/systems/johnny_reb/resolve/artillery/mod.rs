//! Artillery fire through the steps of Table 15 (4.3): one gun section or a battery firing
//! together (4.3.6.a), with shot, canister or double canister (its fear-of-charge check first,
//! 4.3.6.b); Table 13's base strength by gun, range and ammunition; Table 14's modifiers
//! (order, crew, pivot, sight, woods, a moving target); Table 10 with shot running low on a 2
//! and the four rounds of canister (4.3.4.a); Tables 11 and 12 on a regiment; counterbattery
//! saves by gun type (4.3.5.a) and crew kills, two in one turn (4.3.5.b), on a gun section;
//! fire through friendly skirmishers (4.3.6.d) and indirect fire (4.3.6.c). Applied to the
//! game one kill, one crew kill, one round at a time, with the morale checks it calls for
//! queued in the order of 4.4.2.

pub mod model;

use super::card::{Applied, Resolution};
use super::distance::{DistanceField, measured};
use super::fire::table10_roll;
use super::fire::{
    Cover, CoverChoice, SavesBy, TargetCover, TargetFacts, WorksCover, disengaging_or_routed, number_field,
};
use super::frame::{ResolverFrame, from_address};
use super::missing::Problem;
use super::morale::{self as morale_view, CheckReason};
use super::picker::{Pick, UnitPicker};
use super::queue::Due;
use super::saves::FireEnd;
use crate::shell::router::use_query_map;
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::dice::DiceEntry;
use crate::widgets::dice::two_dice;
use crate::widgets::odds::OddsLine;
use crate::widgets::toggles::{Stepper, Toggles};
use johnny_reb::rules::dice::{DiceSource, RandomDice};
use johnny_reb::rules::fire::{
    Ammunition, ArtilleryAmmunition, ArtilleryFire, FireStrength, FireTarget, Flank, GunTable, GunType, Pivot,
    SavePlan, Table10Roll, Visibility, combat_result, combat_result_odds, indirect_fire, modify_kills, save_number,
};
use johnny_reb::rules::morale::{AfterCheck, ArtillerySituation, MoraleResult, check, check_odds};
use johnny_reb::rules::tables::t13_artillery::GunClass;
use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality};
use johnny_reb::rules::{Die, Ratio, RuleResult};
use johnny_reb::state::command::Command;
use johnny_reb::state::roster::{self};
use leptos::prelude::*;

pub use model::*;

const FORMATIONS: [(Formation, &str); 6] = [
    (Formation::Line, "Line"),
    (Formation::Skirmish, "Skirmish"),
    (Formation::AttackColumn, "Attack column"),
    (Formation::MarchColumn, "March column"),
    (Formation::Disorder, "Disorder"),
    (Formation::ExtendedLine, "Extended line"),
];

/// A crew's state (Table 14).
const CREWS: [(MoraleLevel, &str); 3] =
    [(MoraleLevel::Good, "Good"), (MoraleLevel::Shaken, "Shaken: x1/2"), (MoraleLevel::Routed, "Routed: may not fire")];

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
    let _query = use_query_map();
    let firer = from_address("unit");
    let target = RwSignal::new(None::<String>);
    // Quick look-up of the firer.
    let gun_name = RwSignal::new("12# Napoleon".to_string());
    let gun_class = RwSignal::new(GunClass::Rifle);
    let crew = RwSignal::new(Quality::Average);
    let sections = RwSignal::new(1usize);
    let low_on_shot = RwSignal::new(false);
    // The fire.
    let ammunition = RwSignal::new(Ammunition::Shot);
    let range = RwSignal::new("12".to_string());
    let order = RwSignal::new(OrderKind::Hold);
    let pivots: [RwSignal<Pivot>; MAX_SECTIONS] = std::array::from_fn(|_| RwSignal::new(Pivot::None));
    let crews: [RwSignal<MoraleLevel>; MAX_SECTIONS] = std::array::from_fn(|_| RwSignal::new(MoraleLevel::Good));
    let sight = RwSignal::new(Sight::Seen);
    let observer = RwSignal::new("6".to_string());
    let object_to_target = RwSignal::new("3".to_string());
    let object_to_gun = RwSignal::new("3".to_string());
    let object_skirmishers = RwSignal::new(false);
    let moving = RwSignal::new(TargetMotion::Still);
    let light_woods = RwSignal::new("0".to_string());
    let heavy_woods = RwSignal::new("0".to_string());
    let through_skirmishers = RwSignal::new(false);
    let skirmishers = RwSignal::new(None::<String>);
    let large_group = RwSignal::new(false);
    // The target.
    let target_is_guns = RwSignal::new(false);
    let t_figures = RwSignal::new(20u32);
    let t_formation = RwSignal::new(Formation::Line);
    let disengaging = RwSignal::new(false);
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
                // Typed in: the crew as the players give it (Table 14, a double canister's check).
                morale: crews.get(i).map_or(MoraleLevel::Good, |c| c.get()),
                officer_benefit: 0,
            })
            .collect()
    });
    // Each section's crew as the roster knows it (Table 14), again whenever another firer is
    // picked; typed in, the players say it.
    Effect::new(move |_| {
        if let Some((_, g, _)) = roster_firer.get() {
            for (crew, gun) in crews.iter().zip(g.iter()) {
                crew.set(gun.morale);
            }
        }
    });
    let indirect = Memo::new(move |_| -> Option<RuleResult<Visibility>> {
        if sight.get() != Sight::Indirect {
            return None;
        }
        let class = guns.with(|g| g.first().map(|g| g.fire.gun.class)).unwrap_or(GunClass::Smoothbore);
        let m = |what, text: RwSignal<String>| text.with(|t| measured(what, t));
        let read = || -> RuleResult<Visibility> {
            indirect_fire(
                class,
                m("Observer's distance", observer)?,
                m("Range", range)?,
                m("Object to the target", object_to_target)?,
                m("Object to the gun", object_to_gun)?,
                object_skirmishers.get(),
                &rulings(),
            )
        };
        Some(read())
    });
    // The distances every section's fire shares, as typed (4.3.1, 4.3.3.b).
    let distances = Memo::new(move |_| -> RuleResult<(Ratio, Ratio, Ratio)> {
        Ok((
            range.with(|t| measured("Range", t))?,
            light_woods.with(|t| measured("Light woods", t))?,
            heavy_woods.with(|t| measured("Heavy woods", t))?,
        ))
    });
    let conditions = move || Conditions {
        ammunition: ammunition.get(),
        range: distances.get().map_or(Ratio::ZERO, |d| d.0),
        order: order.get(),
        visibility: match sight.get() {
            Sight::Seen => Visibility::Clear,
            Sight::Area => Visibility::Area,
            Sight::Blind => Visibility::Blind,
            Sight::Indirect => indirect.get().and_then(Result::ok).unwrap_or(Visibility::Blind),
        },
        through_friendly_skirmishers: through_skirmishers.get(),
        woods: distances.get().map_or((Ratio::ZERO, Ratio::ZERO), |d| (d.1, d.2)),
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
                    disengaging_or_routed: disengaging_or_routed(s.game(), &id),
                    prone: r.prone,
                    breechloaders: super::fire::target_breechloaders(r),
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
    // A target of the game routed or marked Disengage fills the choice (Table 11).
    Effect::new(move |_| {
        let known =
            target.get().is_some_and(|id| store.session.with_untracked(|s| disengaging_or_routed(s.game(), &id)));
        disengaging.set(known);
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
            let disengaging_or_routed = t.disengaging_or_routed || disengaging.get();
            return Target::Regiment(TargetFacts { disengaging_or_routed, ..t });
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
            disengaging_or_routed: disengaging.get(),
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
                let roll = two_dice(&check_faces.get(i)?.get())?;
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
                .map(|(i, g)| {
                    let fire = prepared(g, &c, pivots.get(i).map_or(Pivot::None, |p| p.get()));
                    with_crew(fire, crews.get(i).map_or(g.morale, |c| c.get()))
                })
                .collect(),
        )
    });
    let strength = Memo::new(move |_| -> Option<RuleResult<Option<FireStrength>>> {
        if let Err(e) = distances.get() {
            return Some(Err(e));
        }
        if let Some(Err(e)) = indirect.get() {
            return Some(Err(e));
        }
        let f = fires.get()?;
        Some(store.table_entries.with(|o| fire_strength(&f, &rulings(), o)))
    });
    let one = move || fires.get().is_some_and(|f| one_die(&f));
    let dice_count = Signal::derive(move || if one() { 1 } else { 2 });
    let roll = move || table10_roll(&faces.get(), one());
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
                        disengaging_or_routed: t.disengaging_or_routed,
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
        <ResolverFrame title="Artillery fire" rules="4.3, Tables 13-15: base strength, modifiers, battery fire, Table 10, Tables 11 and 12, counterbattery and crew kills.">
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
            <DistanceField label="Range in inches" value=range/>
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
            {move || {
                let gs = guns.get();
                let many = gs.len() > 1;
                gs.iter().enumerate().map(|(i, _)| {
                    let legend = if many { CREW_LEGENDS.get(i).copied().unwrap_or("Crew (Table 14)") } else { "Crew (Table 14)" };
                    let value = crews.get(i).copied().unwrap_or(crews[0]);
                    view! { <Toggles legend=legend options=CREWS.to_vec() value=value/> }
                }).collect_view()
            }}
            <Toggles legend="Sight of the target" options=vec![(Sight::Seen, "Seen"), (Sight::Area, "Area fire"), (Sight::Blind, "Blind fire"), (Sight::Indirect, "Indirect fire (4.3.6.c)")] value=sight/>
            <Show when=move || sight.get() == Sight::Indirect>
                <DistanceField label="Observer's distance from the gun, inches" value=observer/>
                <DistanceField label="Intervening object to the target, inches" value=object_to_target/>
                <DistanceField label="Intervening object to the gun, inches" value=object_to_gun/>
                <Toggles legend="The intervening object is a skirmish line" options=vec![(false, "No: blind fire"), (true, "Yes: area fire")] value=object_skirmishers/>
            </Show>
            <Toggles legend="Target moving (4.3.3.a)" options=vec![(TargetMotion::Still, "No"), (TargetMotion::Moving, "Moving, disengaging, charging or routed: down 1"), (TargetMotion::ChargingCavalry, "Charging cavalry: down 2")] value=moving/>
            <Show when=shot>
                <details class="more">
                    <summary class="button">"Woods and friendly skirmishers in the way (4.3.3.b, 4.3.6.d)"</summary>
                    <DistanceField label="Inches of light woods crossed" value=light_woods/>
                    <DistanceField label="Inches of heavy woods crossed" value=heavy_woods/>
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
                <Toggles legend="Target disengaging or routed (Table 11)" options=vec![(false, "No"), (true, "Yes: kills x1/2, no disorder or flank multiplier")] value=disengaging/>
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
            <FireEnd
                problem=Signal::derive(move || outcome.get().and_then(Result::err))
                saves_shown=Signal::derive(move || matches!(outcome.get(), Some(Ok(_))) && save_no() != 0)
                saves_by=saves_by
                saved=saved
                on_roll=Callback::new(roll_saves)
                result=result
                applied=applied
            />
        </ResolverFrame>
    }
    .into_any()
}
