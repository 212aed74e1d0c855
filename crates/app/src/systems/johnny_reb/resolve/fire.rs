//! Small arms fire through the steps of Table 15: strength and multipliers (Tables 8, 9), the
//! row and its shifts, kills from Table 10, Table 11, saving rolls (Table 12: the app rolls one
//! die per kill, or the players say how many were saved) and the casualty limit (4.2.6.g).
//! Works, buildings and obstacles (9) on either side, and a repeater's second fire and rapid
//! fire (4.2.7.c), are folded away behind the common case. Applied to the target one kill at
//! a time (`AddKill`), with the morale checks it calls for queued in the order of 4.4.2.

use super::card::{Applied, Resolution, ResultCard};
use super::missing::Problem;
use super::picker::{Pick, UnitPicker};
use super::queue::Due;
use crate::shell::router::use_query_map;
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::dice::{DiceEntry, thrown};
use crate::widgets::odds::OddsLine;
use crate::widgets::toggles::{Stepper, Toggles};
use johnny_reb::rules::dice::{DiceSource, RandomDice};
use johnny_reb::rules::fire::{
    CombatResult, FireKind, FireRulings, FireStrength, FireTarget, Flank, SavePlan, SaveSituation, SmallArmsFire,
    Table10Roll, Visibility, casualties_after_saves, combat_result, combat_result_odds, modify_kills, range_band,
    save_number, small_arms_ammunition, small_arms_strength,
};
use johnny_reb::rules::morale::CheckReason;
use johnny_reb::rules::tables::appendix_a_firearms::Firearm;
use johnny_reb::rules::tables::t08_small_arms_ranges::{RangeBand, SmallArm};
use johnny_reb::rules::tables::t09_small_arms_modifiers::FireModifier;
use johnny_reb::rules::tables::t12_saving_rolls::{AreaCover, FormationSave, Fortification, LinealCover, WorksKind};
use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, Quality};
use johnny_reb::rules::{Die, Overrides, Ratio, RuleError, RuleResult, TwoDice};
use johnny_reb::state::command::Command;
use johnny_reb::state::roster::RegimentFlag;
use johnny_reb::state::roster::{Regiment, Weapon};
use johnny_reb::state::units::UnitCommand;
use leptos::prelude::*;

/// The Table 8 row of a roster weapon; pistols have none (4.2.3).
fn small_arm(w: Weapon) -> Option<SmallArm> {
    Some(match w {
        Weapon::RifleMusket => SmallArm::RifleMusket,
        Weapon::SmoothboreMusket => SmallArm::SmoothboreMusket,
        Weapon::Carbine => SmallArm::Carbine,
        Weapon::RepeatingCarbine => SmallArm::RepeatingCarbine,
        Weapon::RepeatingRifle => SmallArm::RepeatingRifle,
        Weapon::SharpshooterRifle => SmallArm::SharpshooterRifle,
        Weapon::Shotgun => SmallArm::Shotgun,
        Weapon::Pistol => return None,
    })
}

/// The firer as the roster knows it: figures not marked off, weapon, quality, formation,
/// shaken, opening volley still to fire, ammunition, officer with it.
pub fn firer_fire(r: &Regiment, officer_benefit: u8) -> RuleResult<SmallArmsFire> {
    let row = small_arm(r.weapon).ok_or_else(|| RuleError::OutOfRange {
        what: "weapon",
        detail: "pistols have no row on Table 8: resolve this fire from the Tables Card".into(),
    })?;
    let t = r.traits;
    Ok(SmallArmsFire {
        figures: r.figures_left(),
        firearm: Firearm {
            breechloader: t.breechloader || Firearm::of(row).breechloader,
            flintlock: t.flintlock,
            poor: t.poor_weapon,
            ..Firearm::of(row)
        },
        formation: r.formation,
        mounted: matches!(r.arm, Arm::Cavalry { mounted: true } | Arm::MountedInfantry { mounted: true }),
        sharpshooters: t.sharpshooters,
        quality: r.quality,
        shaken: r.morale == MoraleLevel::Shaken,
        opening_volley: !r.opening_volley_used,
        out_of_ammunition: r.out_of_ammo,
        prone: r.prone,
        officer_benefit,
        ..SmallArmsFire::default()
    })
}

/// The ground the target is in or behind, for Table 12 (the common cases).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetCover {
    /// In the open.
    Open,
    /// Behind a wood fence.
    Fence,
    /// Behind a stone wall.
    Wall,
    /// In light woods.
    LightWoods,
    /// In heavy woods.
    HeavyWoods,
}

/// Works, buildings and obstacles the target is in or behind (9; Table 12's lineal and
/// fortification cover, 4.2.6.c-e, 9.2.2.c, 9.2.3.c, 9.3.3.a).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorksCover {
    /// None.
    None,
    /// Within 1" behind light works (lineal cover, 4.2.6.c, 9.1.2).
    LightWorks,
    /// Behind medium works, by zone (4.2.6.d, 9.1.3).
    MediumWorks,
    /// Behind heavy works, by zone (4.2.6.d, 9.1.4).
    HeavyWorks,
    /// Touching light works on the "wrong" side (4.2.6.e): 1.
    WrongSideLight,
    /// Touching medium or heavy works on the "wrong" side (4.2.6.e): 1, 2.
    WrongSideMediumHeavy,
    /// Directly behind a fraise (9.2.2.c).
    Fraise,
    /// Behind a chevaux-de-frise (9.2.3.c): no protection from artillery.
    ChevauxDeFrise,
    /// Inside a wooden building (9.3.3.a).
    WoodenBuilding,
    /// Inside a stone or masonry building (9.3.3.a).
    StoneBuilding,
}

/// Everything the players say about the target's cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cover {
    /// The ground.
    pub ground: TargetCover,
    /// That ground strengthened by hasty works: its cover save +1 (9.1.1).
    pub hasty: bool,
    /// Works, buildings, obstacles.
    pub works: WorksCover,
    /// Behind medium or heavy works: 0 within 1", 1 from 1" to 2", ... 5 beyond 5" (4.2.6.d).
    pub zone: u8,
    /// An enemy unit directly on the works fires at it (4.2.6.d) or faces it (4.2.6.e): no
    /// saves from the works.
    pub enemy_on_works: bool,
}

impl Cover {
    /// In the open, nothing else.
    pub const OPEN: Cover =
        Cover { ground: TargetCover::Open, hasty: false, works: WorksCover::None, zone: 0, enemy_on_works: false };

    /// Cover of `ground` alone.
    pub fn ground(ground: TargetCover) -> Cover {
        Cover { ground, ..Cover::OPEN }
    }
}

impl Default for Cover {
    fn default() -> Self {
        Cover::OPEN
    }
}

/// The target's side of the fire.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetFacts {
    /// Arm.
    pub arm: Arm,
    /// Formation.
    pub formation: Formation,
    /// Figures in the arc of fire (the casualty limit, 4.2.6.g).
    pub figures: u32,
    /// Routed (Table 11).
    pub routed: bool,
    /// Lying prone.
    pub prone: bool,
    /// Breechloaders (Table 12 notes 1 and 2).
    pub breechloaders: bool,
}

/// The target's saving situation (Table 12) for small arms fire.
pub fn save_situation(t: &TargetFacts, cover: Cover, close: bool) -> SaveSituation {
    save_situation_against(t, cover, close, FireKind::SmallArms)
}

/// The target's saving situation (Table 12) against a kind of fire: small arms, canister,
/// double canister or shot (4.3.4: only the starred formations and fortification cover save
/// from shot; the engine's [`save_number`] leaves out the rest).
pub fn save_situation_against(t: &TargetFacts, cover: Cover, close: bool, fire: FireKind) -> SaveSituation {
    let mounted = matches!(t.arm, Arm::Cavalry { mounted: true } | Arm::MountedInfantry { mounted: true });
    let formation = match (t.prone, t.formation) {
        (true, _) if fire == FireKind::Shot => Some(FormationSave::ProneShot),
        (true, _) => Some(FormationSave::ProneSmallArms),
        (_, Formation::Skirmish) if mounted => Some(FormationSave::SkirmishMounted),
        (_, Formation::Skirmish) => Some(FormationSave::SkirmishFoot),
        (_, Formation::ExtendedLine) => Some(FormationSave::ExtendedLine),
        _ => None,
    };
    let artillery = fire != FireKind::SmallArms;
    // Light works, a fraise or a chevaux-de-frise are lineal cover like a fence (4.2.6.c);
    // chosen with a fence or wall, the works are the cover counted.
    let lineal = match cover.works {
        WorksCover::LightWorks => Some(LinealCover::LightWorks),
        WorksCover::Fraise => Some(LinealCover::Fraise),
        // 9.2.3.c: "No protection from artillery fire" (canister included).
        WorksCover::ChevauxDeFrise if artillery => None,
        WorksCover::ChevauxDeFrise => Some(LinealCover::ChevauxDeFrise),
        _ => match cover.ground {
            TargetCover::Fence => Some(LinealCover::WoodFence),
            TargetCover::Wall => Some(LinealCover::StoneWall),
            _ => None,
        },
    };
    let ground_lineal = matches!(cover.ground, TargetCover::Fence | TargetCover::Wall);
    let fortification = match cover.works {
        WorksCover::MediumWorks => Some((Fortification::MediumWorks, cover.zone.min(5))),
        WorksCover::HeavyWorks => Some((Fortification::HeavyWorks, cover.zone.min(5))),
        _ => None,
    };
    let wrong_side = match cover.works {
        WorksCover::WrongSideLight if !cover.enemy_on_works => Some(WorksKind::Light),
        WorksCover::WrongSideMediumHeavy if !cover.enemy_on_works => Some(WorksKind::Medium),
        _ => None,
    };
    let building = match cover.works {
        WorksCover::WoodenBuilding => Some(false),
        WorksCover::StoneBuilding => Some(true),
        _ => None,
    };
    SaveSituation {
        fire,
        close_range: close,
        target_breechloaders: t.breechloaders,
        formation,
        lineal,
        lineal_hasty_works: cover.hasty && ground_lineal && lineal.is_some() && matches!(cover.works, WorksCover::None),
        area: match cover.ground {
            TargetCover::LightWoods => Some(AreaCover::LightWoods),
            TargetCover::HeavyWoods => Some(AreaCover::HeavyWoods),
            _ => None,
        },
        area_hasty_works: cover.hasty && matches!(cover.ground, TargetCover::LightWoods | TargetCover::HeavyWoods),
        fortification,
        enemy_on_works: cover.enemy_on_works,
        wrong_side,
        building,
        ..SaveSituation::default()
    }
}

/// Where the firer fires from (4.2.3.g, 9.1.3, 9.1.4, 9.3.3.a).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirerWorks {
    /// Not from works or a building.
    None,
    /// Within 1" behind medium works: up 1.
    MediumWorks,
    /// Within 1" behind heavy works: up 2.
    HeavyWorks,
    /// Out of a building: x1/4.
    Building,
}

/// An obstacle the firer fires across or from behind (9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObstacleInTheWay {
    /// None.
    None,
    /// Across an abatis: down 1 (9.2.1.c).
    AcrossAbatis,
    /// From behind a fraise: down 1 (9.2.2.c).
    BehindFraise,
    /// Across a chevaux-de-frise: down 1 (9.2.3.c).
    AcrossChevauxDeFrise,
}

/// The firer's works, building and obstacle, and a repeater's fire, put on the fire.
pub fn with_firer_conditions(
    mut f: SmallArmsFire,
    works: FirerWorks,
    flanked: bool,
    obstacle: ObstacleInTheWay,
    second_fire: bool,
    rapid: bool,
) -> SmallArmsFire {
    f.works = match works {
        FirerWorks::MediumWorks => Some(WorksKind::Medium),
        FirerWorks::HeavyWorks => Some(WorksKind::Heavy),
        _ => None,
    };
    f.works_flanked = flanked && f.works.is_some();
    f.from_building = works == FirerWorks::Building;
    f.across_abatis = obstacle == ObstacleInTheWay::AcrossAbatis;
    f.behind_fraise = obstacle == ObstacleInTheWay::BehindFraise;
    f.across_chevaux_de_frise = obstacle == ObstacleInTheWay::AcrossChevauxDeFrise;
    f.repeater_second_fire = second_fire && f.firearm.repeater;
    f.rapid_fire = rapid && f.firearm.repeater;
    f
}

/// The strength in words: "30 figures · Close range x2 · ... = 60, 1 row up".
pub fn strength_words(s: &FireStrength) -> String {
    let mut out = format!("{} figures", s.base);
    for step in &s.steps {
        let m = match step.modifier {
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
    out.push_str(&format!(" = strength {}, {shifts} (4.2.2)", s.strength));
    out
}

/// How the saves were rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavesBy {
    /// The app rolls one die per kill.
    App,
    /// The players rolled and say how many were saved.
    Table,
}

/// Everything after the Table 10 dice: the kills, the saves and the casualties, in words.
#[derive(Clone, Debug, PartialEq)]
pub struct FireResult {
    /// Table 10.
    pub result: CombatResult,
    /// After Table 11.
    pub kills: u32,
    /// The save number (Table 12), 0 for none.
    pub save: u8,
    /// Figures lost after saves and the limit.
    pub casualties: u32,
    /// The lines that say how.
    pub lines: Vec<String>,
}

/// Table 15 steps 5 to 7 for one roll: `saved` are the kills the players saved on the table,
/// `save_dice` the app's dice (one per kill with a save). What the roll does to the firer's
/// ammunition is the caller's to say: it differs for small arms, repeaters and guns.
#[allow(clippy::too_many_arguments)]
pub fn resolve(
    s: &FireStrength,
    roll: Table10Roll,
    target: &TargetFacts,
    flank: Flank,
    situation: &SaveSituation,
    saves: (SavesBy, u32, &[Die]),
    rulings: &FireRulings,
    o: &Overrides,
) -> RuleResult<Option<FireResult>> {
    let result = combat_result(s.strength, s.row_shifts, roll, o)?;
    let ft = FireTarget { arm: target.arm, formation: target.formation, disengaging_or_routed: target.routed, flank };
    let modified = modify_kills(result.kills, &ft, o)?;
    let save = save_number(situation, rulings, o)?.save;
    let plan = SavePlan { save, outside_cover: None, figures_in_arc: target.figures };
    let needed = plan.dice_needed(modified.kills);
    let casualties = match saves {
        _ if needed == 0 => modified.kills.min(target.figures),
        (SavesBy::App, _, dice) if dice.len() == needed => casualties_after_saves(modified.kills, &plan, dice)?,
        (SavesBy::App, _, _) => return Ok(None),
        (SavesBy::Table, saved, _) => modified.kills.saturating_sub(saved).min(target.figures),
    };
    let row = result.row.map(|r| if r == Ratio::whole(100) { "100+".to_string() } else { r.to_string() });
    let mut lines = vec![match row {
        Some(row) => format!("Table 10: row {row}, roll {}: {} kills (4.2.4).", result.roll, result.kills),
        None => "Table 10: no row applies, no kills (4.2.2).".to_string(),
    }];
    if modified.kills != result.kills {
        lines.push(format!("Table 11: x{} gives {} kills, rounded down (4.2.5).", modified.multiplier, modified.kills));
    }
    lines.push(match (save, saves.0) {
        (0, _) => "No saving roll (Table 12).".to_string(),
        (n, SavesBy::App) => {
            let faces: Vec<String> = saves.2.iter().map(|d| d.face().to_string()).collect();
            format!("Saves on 1 to {n} (Table 12), one die per kill: {}.", faces.join(", "))
        }
        (n, SavesBy::Table) => {
            format!("Saves on 1 to {n} (Table 12): {} saved on the table.", saves.1.min(modified.kills))
        }
    });
    if modified.kills > target.figures {
        lines
            .push(format!("Casualty limit: no more than the {} figures in the arc of fire (4.2.6.g).", target.figures));
    }
    if result.unexpected_devastation {
        lines.push(
            "A roll of 12: the target checks morale for unexpected devastation (4.4.1.f, Table 10 note 2).".into(),
        );
    }
    Ok(Some(FireResult { result, kills: modified.kills, save, casualties, lines }))
}

/// What a small arms roll does to the firer's ammunition, in words: a 2 (4.2.4.a), either
/// fire of a repeater (4.2.7.c), 7 or less on rapid fire (4.2.7.c).
pub fn ammunition_line(result: &CombatResult, out_of_ammunition: bool) -> Option<String> {
    match (out_of_ammunition, result.out_of_ammunition) {
        (true, true) => Some(
            "A roll of 2: the firer is out of ammunition for the rest of the game (4.2.4.a, Table 10 note 1).".into(),
        ),
        (true, false) => Some(format!(
            "Rapid fire rolled {} (7 or less): the firer is out of ammunition and may not use rapid fire again (4.2.7.c).",
            result.roll
        )),
        (false, _) => None,
    }
}

/// The zones behind medium and heavy works (4.2.6.d), as toggles.
const ZONES: [(u8, &str); 6] =
    [(0, "Within 1\""), (1, "1\" to 2\""), (2, "2\" to 3\""), (3, "3\" to 4\""), (4, "4\" to 5\""), (5, "Beyond 5\"")];

/// The target's cover as toggles, the common ground first; works, buildings and obstacles
/// folded away under one summary (9).
#[component]
pub fn CoverChoice(
    ground: RwSignal<TargetCover>,
    hasty: RwSignal<bool>,
    works: RwSignal<WorksCover>,
    zone: RwSignal<u8>,
    enemy_on_works: RwSignal<bool>,
) -> impl IntoView {
    view! {
        <Toggles legend="Target's cover (Table 12)" options=vec![(TargetCover::Open, "In the open"), (TargetCover::Fence, "Wood fence"), (TargetCover::Wall, "Stone wall"), (TargetCover::LightWoods, "Light woods"), (TargetCover::HeavyWoods, "Heavy woods")] value=ground/>
        <Show when=move || ground.get() != TargetCover::Open>
            <Toggles legend="Strengthened by hasty works (9.1.1)" options=vec![(false, "No"), (true, "Yes: save +1")] value=hasty/>
        </Show>
        <details class="more">
            <summary class="button">{move || match works.get() {
                WorksCover::None => "Target's works, building or obstacle (9)".to_string(),
                w => format!("Target's works (9): {}", works_words(w)),
            }}</summary>
            <Toggles legend="Target's works, building or obstacle (9)" options=vec![
                (WorksCover::None, "None"),
                (WorksCover::LightWorks, "Light works"),
                (WorksCover::MediumWorks, "Medium works"),
                (WorksCover::HeavyWorks, "Heavy works"),
                (WorksCover::WrongSideLight, "Wrong side of light works"),
                (WorksCover::WrongSideMediumHeavy, "Wrong side of medium or heavy works"),
                (WorksCover::Fraise, "Behind a fraise"),
                (WorksCover::ChevauxDeFrise, "Behind a chevaux-de-frise"),
                (WorksCover::WoodenBuilding, "Wooden building"),
                (WorksCover::StoneBuilding, "Stone building"),
            ] value=works/>
            <Show when=move || matches!(works.get(), WorksCover::MediumWorks | WorksCover::HeavyWorks)>
                <Toggles legend="Distance behind the works (4.2.6.d)" options=ZONES.to_vec() value=zone/>
                <Toggles legend="An enemy unit on the works fires at it (4.2.6.d)" options=vec![(false, "No"), (true, "Yes: no saves")] value=enemy_on_works/>
            </Show>
            <Show when=move || matches!(works.get(), WorksCover::WrongSideLight | WorksCover::WrongSideMediumHeavy)>
                <Toggles legend="An enemy unit on the works faces it (4.2.6.e)" options=vec![(false, "No"), (true, "Yes: no saves")] value=enemy_on_works/>
            </Show>
        </details>
    }
    .into_any()
}

/// The firer's works and obstacle in words, for the folded summary.
pub fn firer_words(w: FirerWorks, o: ObstacleInTheWay) -> String {
    let works = match w {
        FirerWorks::None => None,
        FirerWorks::MediumWorks => Some("medium works"),
        FirerWorks::HeavyWorks => Some("heavy works"),
        FirerWorks::Building => Some("a building"),
    };
    let obstacle = match o {
        ObstacleInTheWay::None => None,
        ObstacleInTheWay::AcrossAbatis => Some("across an abatis"),
        ObstacleInTheWay::BehindFraise => Some("behind a fraise"),
        ObstacleInTheWay::AcrossChevauxDeFrise => Some("across a chevaux-de-frise"),
    };
    [works, obstacle].into_iter().flatten().collect::<Vec<_>>().join(", ")
}

/// The works choice in words, for the folded summary.
pub fn works_words(w: WorksCover) -> &'static str {
    match w {
        WorksCover::None => "none",
        WorksCover::LightWorks => "light works",
        WorksCover::MediumWorks => "medium works",
        WorksCover::HeavyWorks => "heavy works",
        WorksCover::WrongSideLight => "wrong side of light works",
        WorksCover::WrongSideMediumHeavy => "wrong side of medium or heavy works",
        WorksCover::Fraise => "behind a fraise",
        WorksCover::ChevauxDeFrise => "behind a chevaux-de-frise",
        WorksCover::WoodenBuilding => "wooden building",
        WorksCover::StoneBuilding => "stone building",
    }
}

const FORMATIONS: [(Formation, &str); 5] = [
    (Formation::Line, "Line"),
    (Formation::Skirmish, "Skirmish"),
    (Formation::AttackColumn, "Attack column"),
    (Formation::MarchColumn, "March column"),
    (Formation::Disorder, "Disorder"),
];

/// A number typed in a field (figures, inches).
pub fn number_field(label: &'static str, value: RwSignal<u32>) -> AnyView {
    view! {
        <label class="field">
            <span>{label}</span>
            <input inputmode="numeric" prop:value=move || value.get().to_string() on:input=move |ev| {
                if let Ok(v) = event_target_value(&ev).trim().parse::<u32>() {
                    value.set(v.min(999));
                }
            }/>
        </label>
    }
    .into_any()
}

/// The small arms fire resolver at `/resolve/fire` (`?unit=` the firing regiment).
#[component]
pub fn FireResolver() -> impl IntoView {
    let store = use_store();
    let query = use_query_map();
    let firer = RwSignal::new(query.with_untracked(|q| q.get("unit")).filter(|s| !s.is_empty()));
    let target = RwSignal::new(None::<String>);
    let figures = RwSignal::new(20u32);
    let weapon = RwSignal::new(SmallArm::RifleMusket);
    let quality = RwSignal::new(Quality::Average);
    let formation = RwSignal::new(Formation::Line);
    let range = RwSignal::new(4u32);
    let opening = RwSignal::new(false);
    let first_fire = RwSignal::new(false);
    let moving = RwSignal::new(false);
    let visibility = RwSignal::new(Visibility::Clear);
    let t_figures = RwSignal::new(20u32);
    let t_formation = RwSignal::new(Formation::Line);
    let flank = RwSignal::new(Flank::None);
    let ground = RwSignal::new(TargetCover::Open);
    let hasty = RwSignal::new(false);
    let works_cover = RwSignal::new(WorksCover::None);
    let zone = RwSignal::new(0u8);
    let enemy_on_works = RwSignal::new(false);
    let firer_works = RwSignal::new(FirerWorks::None);
    let works_flanked = RwSignal::new(false);
    let obstacle = RwSignal::new(ObstacleInTheWay::None);
    let second_fire = RwSignal::new(false);
    let rapid = RwSignal::new(false);
    let cover = move || Cover {
        ground: ground.get(),
        hasty: hasty.get(),
        works: works_cover.get(),
        zone: zone.get(),
        enemy_on_works: enemy_on_works.get(),
    };
    let saves_by = RwSignal::new(SavesBy::App);
    let saved = RwSignal::new(0u32);
    let save_faces = RwSignal::new(Vec::<Die>::new());
    let faces = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Applied>);

    let rulings = move || store.session.with(|s| s.game().setup.rules.fire.clone());
    let firer_unit = Memo::new(move |_| {
        let id = firer.get()?;
        store.session.with(|s| {
            let g = s.game();
            let r = g.roster.regiment(&id)?;
            let benefit = g
                .roster
                .union
                .officers
                .iter()
                .chain(g.roster.confederate.officers.iter())
                .filter(|o| o.with_unit.as_deref() == Some(id.as_str()) && o.condition.status().gives_benefits(g.turn))
                .map(|o| o.benefit)
                .max()
                .unwrap_or(0);
            Some((r.name.clone(), firer_fire(r, benefit)))
        })
    });
    Effect::new(move |_| {
        if let Some((_, Ok(f))) = firer_unit.get() {
            opening.set(f.opening_volley);
        }
    });
    let target_unit = Memo::new(move |_| {
        let id = target.get()?;
        store.session.with(|s| {
            let r = s.game().roster.regiment(&id)?;
            Some((
                r.name.clone(),
                r.kills > 0,
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
    // A new firer, target or roll starts the card afresh.
    Effect::new(move |prev: Option<(Option<String>, Option<String>)>| {
        let now = (firer.get(), target.get());
        if prev.is_some_and(|p| p != now) {
            applied.set(None);
            faces.set(Vec::new());
            save_faces.set(Vec::new());
        }
        now
    });

    let fire = Memo::new(move |_| -> RuleResult<SmallArmsFire> {
        let mut f = match firer_unit.get() {
            Some((_, f)) => f?,
            None => SmallArmsFire {
                figures: figures.get(),
                firearm: Firearm::of(weapon.get()),
                quality: quality.get(),
                formation: formation.get(),
                ..SmallArmsFire::default()
            },
        };
        f.range = Ratio::whole(range.get());
        f.opening_volley = opening.get();
        f.first_fire = first_fire.get();
        f.moving = moving.get();
        f.visibility = visibility.get();
        Ok(with_firer_conditions(
            f,
            firer_works.get(),
            works_flanked.get(),
            obstacle.get(),
            second_fire.get(),
            rapid.get(),
        ))
    });
    let strength = Memo::new(move |_| -> RuleResult<Option<FireStrength>> {
        let f = fire.get()?;
        store.table_entries.with(|o| small_arms_strength(&f, &rulings(), o))
    });
    let close = move || {
        fire.get().ok().is_some_and(|f| {
            store.table_entries.with(|o| range_band(f.firearm.range_row, f.range, &rulings(), o))
                == Ok(Some(RangeBand::Close))
        })
    };
    let target_facts = move || {
        target_unit.get().map(|(_, _, t)| t).unwrap_or(TargetFacts {
            arm: Arm::Infantry,
            formation: t_formation.get(),
            figures: t_figures.get(),
            routed: false,
            prone: false,
            breechloaders: false,
        })
    };
    let one_die = move || fire.get().is_ok_and(|f| f.out_of_ammunition);
    let dice_count = Signal::derive(move || if one_die() { 1 } else { 2 });
    let roll = move || {
        let d = thrown(&faces.get(), dice_count.get())?;
        match d.as_slice() {
            [a] => Die::new(*a).ok().map(Table10Roll::OneDie),
            [a, b] => TwoDice::new(*a, *b).ok().map(Table10Roll::TwoDice),
            _ => None,
        }
    };
    let outcome = Memo::new(move |_| -> Option<RuleResult<Option<FireResult>>> {
        let s = match strength.get() {
            Ok(Some(s)) => s,
            _ => return None,
        };
        let roll = roll()?;
        let t = target_facts();
        let situation = save_situation(&t, cover(), close());
        let dice = save_faces.get();
        Some(store.table_entries.with(|o| {
            resolve(&s, roll, &t, flank.get(), &situation, (saves_by.get(), saved.get(), &dice), &rulings(), o)
        }))
    });
    let save_no = move || {
        let sit = save_situation(&target_facts(), cover(), close());
        store.table_entries.with(|o| save_number(&sit, &rulings(), o)).map(|n| n.save).unwrap_or(0)
    };
    // The app's saving dice: one per kill with a save (4.2.6.a).
    let roll_saves = move |_| {
        let Ok(Some(s)) = strength.get_untracked() else { return };
        let Some(r) = roll() else { return };
        let t = target_facts();
        let needed = store.table_entries.with_untracked(|o| -> RuleResult<usize> {
            let result = combat_result(s.strength, s.row_shifts, r, o)?;
            let ft = FireTarget {
                arm: t.arm,
                formation: t.formation,
                disengaging_or_routed: t.routed,
                flank: flank.get_untracked(),
            };
            let kills = modify_kills(result.kills, &ft, o)?.kills;
            let save = save_number(&save_situation(&t, cover(), close()), &rulings(), o)?.save;
            Ok(SavePlan { save, outside_cover: None, figures_in_arc: t.figures }.dice_needed(kills))
        });
        if let (Ok(n), Ok(mut d)) = (needed, RandomDice::from_os()) {
            save_faces.set((0..n).filter_map(|_| d.die().ok()).collect());
        }
    };
    let result = Signal::derive(move || {
        let r = outcome.get()?.ok()??;
        // A 2 on either fire of a repeater, 7 or less on rapid fire (4.2.4.a, 4.2.7.c).
        let out_of_ammunition = fire.get().is_ok_and(|f| small_arms_ammunition(&f, &r.result));
        let tname = target_unit.get().map(|(n, ..)| n).unwrap_or_else(|| "the target".into());
        let mut commands: Vec<Command> = match target.get() {
            Some(id) => {
                (0..r.casualties).map(|_| Command::Unit(UnitCommand::AddKill { regiment: id.clone() })).collect()
            }
            None => Vec::new(),
        };
        let mut queue = Vec::new();
        if let Some(fid) = firer.get() {
            if opening.get() {
                commands.push(Command::Unit(UnitCommand::SetFlag {
                    regiment: fid.clone(),
                    flag: RegimentFlag::OpeningVolleyUsed,
                    on: true,
                }));
            }
            if out_of_ammunition {
                commands.push(Command::Unit(UnitCommand::SetFlag {
                    regiment: fid,
                    flag: RegimentFlag::OutOfAmmo,
                    on: true,
                }));
            }
        }
        if let (Some(id), true) = (target.get(), r.result.unexpected_devastation && r.casualties > 0) {
            queue.push(Due { unit: id, name: tname.clone(), reason: CheckReason::UnexpectedDevastation });
        }
        let mut lines = r.lines;
        if let Some(line) = ammunition_line(&r.result, out_of_ammunition) {
            lines.push(line);
        }
        if target.get().is_some() && r.casualties > 0 {
            lines.push("Applying marks the kills off from the left (0.1.3) and queues the morale checks they call for (4.4.1, 4.4.2).".into());
        }
        Some(Resolution {
            headline: format!("{} casualties on {tname} (Table 15).", r.casualties),
            details: lines,
            commands,
            recorded: target.get().is_some() || firer.get().is_some(),
            queue,
            // The firer's fire settles its item of phase 4 or 7 (4.1, 7).
            settles: firer
                .get()
                .map(|f| ["first-fire", "hold", "moving-fire"].map(|k| format!("{k}-{f}")).to_vec())
                .unwrap_or_default(),
            ..Resolution::default()
        })
    });

    view! {
        <section class="screen resolver" aria-labelledby="resolver-title">
            <super::BackToMenu/>
            <h1 id="resolver-title">"Small arms fire"</h1>
            <p class="muted">"Table 15: strength, multipliers, row and shifts, Table 10, Table 11, saves, casualty limit."</p>
            <h2>"Firer"</h2>
            <UnitPicker pick=Pick::Regiments chosen=firer label="Firing regiment"/>
            {move || match firer_unit.get() {
                Some((_, Err(e))) => view! { <Problem error=e/> }.into_any(),
                Some((_, Ok(f))) => view! { <p class="facts">{format!("{} figures · {} · {} · {}", f.figures, f.firearm.range_row.label(), f.quality.label(), f.formation.label())}</p> }.into_any(),
                None => view! {
                    {number_field("Figures firing", figures)}
                    <Toggles legend="Weapon" options=SmallArm::ALL.iter().map(|w| (*w, w.label())).collect() value=weapon/>
                    <Toggles legend="Quality" options=Quality::ALL.iter().map(|q| (*q, q.label())).collect() value=quality/>
                    <Toggles legend="Formation" options=FORMATIONS.to_vec() value=formation/>
                }.into_any(),
            }}
            {number_field("Range in inches", range)}
            <Toggles legend="Opening volley (4.2.2)" options=vec![(false, "No"), (true, "Yes")] value=opening/>
            <Toggles legend="First fire order (1.2)" options=vec![(false, "No"), (true, "Yes")] value=first_fire/>
            <Toggles legend="Moved or changed formation (4.2.3.b)" options=vec![(false, "No"), (true, "Yes")] value=moving/>
            <Toggles legend="Sight of the target (4.2.3)" options=vec![(Visibility::Clear, "Seen"), (Visibility::Area, "Area fire"), (Visibility::Blind, "Blind fire")] value=visibility/>
            <Show when=move || fire.get().is_ok_and(|f| f.firearm.repeater)>
                <Toggles legend="Repeater's fire this turn (4.2.7.c)" options=vec![(false, "First fire"), (true, "Second fire")] value=second_fire/>
                <Toggles legend="Rapid fire (4.2.7.c)" options=vec![(false, "No"), (true, "Yes: x2, out of ammo on 7 or less")] value=rapid/>
            </Show>
            <details class="more">
                <summary class="button">{move || match (firer_works.get(), obstacle.get()) {
                    (FirerWorks::None, ObstacleInTheWay::None) => "Firer's works, building or obstacle (9)".to_string(),
                    (w, o) => format!("Firer's works (9): {}", firer_words(w, o)),
                }}</summary>
                <Toggles legend="Firer fires from (4.2.3.g, 9.1, 9.3.3.a)" options=vec![
                    (FirerWorks::None, "Open ground"),
                    (FirerWorks::MediumWorks, "Medium works: up 1"),
                    (FirerWorks::HeavyWorks, "Heavy works: up 2"),
                    (FirerWorks::Building, "A building: x1/4"),
                ] value=firer_works/>
                <Show when=move || matches!(firer_works.get(), FirerWorks::MediumWorks | FirerWorks::HeavyWorks)>
                    <Toggles legend="Enemy that turned the works fires on its flank (4.2.3.g)" options=vec![(false, "No"), (true, "Yes: no works benefit")] value=works_flanked/>
                </Show>
                <Toggles legend="Obstacle (9.2)" options=vec![
                    (ObstacleInTheWay::None, "None"),
                    (ObstacleInTheWay::AcrossAbatis, "Across an abatis"),
                    (ObstacleInTheWay::BehindFraise, "From behind a fraise"),
                    (ObstacleInTheWay::AcrossChevauxDeFrise, "Across a chevaux-de-frise"),
                ] value=obstacle/>
            </details>
            <h2>"Target"</h2>
            <UnitPicker pick=Pick::Regiments chosen=target label="Target regiment"/>
            {move || match target_unit.get() {
                Some((_, _, t)) => view! { <p class="facts">{format!("{} figures · {}", t.figures, t.formation.label())}</p> }.into_any(),
                None => view! {
                    {number_field("Target figures in the arc", t_figures)}
                    <Toggles legend="Target formation" options=FORMATIONS.to_vec() value=t_formation/>
                }.into_any(),
            }}
            <Toggles legend="Fire on the target's flank (Table 11)" options=vec![(Flank::None, "Front"), (Flank::Partial, "Partial flank"), (Flank::Full, "Full flank")] value=flank/>
            <CoverChoice ground=ground hasty=hasty works=works_cover zone=zone enemy_on_works=enemy_on_works/>
            <h2>"The roll (Table 10)"</h2>
            {move || match strength.get() {
                Err(e) => view! { <Problem error=e/> }.into_any(),
                Ok(None) => view! { <p class="headline">"Beyond effective range: the fire has no effect (4.2.3.a)."</p> }.into_any(),
                Ok(Some(s)) => {
                    let odds = store.table_entries.with(|o| combat_result_odds(s.strength, s.row_shifts, one_die(), o));
                    view! {
                        <p class="mmp">{strength_words(&s)}</p>
                        {match odds {
                            Ok(d) => view! { <OddsLine target="Kills scored before Table 11 and the saves" chances=vec![("Any kill", d.chance_that(|r| r.kills > 0)), ("Roll of 12", d.chance_that(|r| r.unexpected_devastation))]/> }.into_any(),
                            Err(_) => view! { <p class="muted">"The odds need every value of this row of Table 10; the roll needs only its own."</p> }.into_any(),
                        }}
                    }.into_any()
                }
            }}
            <DiceEntry name="Die" count=dice_count faces=faces/>
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

#[cfg(test)]
mod tests {
    use super::*;
    use johnny_reb::state::demo::demo_game;

    fn line(figures: u32) -> TargetFacts {
        TargetFacts {
            arm: Arm::Infantry,
            formation: Formation::Line,
            figures,
            routed: false,
            prone: false,
            breechloaders: false,
        }
    }

    #[test]
    fn rule_4_2_4_a_100_strength_rolling_7_kills_ten_in_the_open_limited_to_the_arc() {
        let o = Overrides::new();
        let rulings = FireRulings::default();
        let fire = SmallArmsFire { figures: 100, range: Ratio::whole(4), ..SmallArmsFire::default() };
        let s = small_arms_strength(&fire, &rulings, &o).unwrap().unwrap();
        let roll = Table10Roll::TwoDice(TwoDice::new(3, 4).unwrap());
        let open = save_situation(&line(14), Cover::OPEN, false);
        let r =
            resolve(&s, roll, &line(14), Flank::None, &open, (SavesBy::App, 0, &[]), &rulings, &o).unwrap().unwrap();
        assert_eq!((r.result.kills, r.save, r.casualties), (10, 0, 10));
        let r = resolve(&s, roll, &line(6), Flank::None, &open, (SavesBy::App, 0, &[]), &rulings, &o).unwrap().unwrap();
        assert_eq!(r.casualties, 6, "4.2.6.g: no more than the figures in the arc");
    }

    #[test]
    fn rule_4_2_2_row_4_kills_are_asked_from_the_card() {
        let o = Overrides::new();
        let rulings = FireRulings::default();
        let fire = SmallArmsFire {
            figures: 23,
            range: Ratio::whole(8),
            formation: Formation::Skirmish,
            ..SmallArmsFire::default()
        };
        let s = small_arms_strength(&fire, &rulings, &o).unwrap().unwrap();
        let roll = Table10Roll::TwoDice(TwoDice::new(3, 4).unwrap());
        let open = save_situation(&line(14), Cover::OPEN, false);
        let e = resolve(&s, roll, &line(14), Flank::None, &open, (SavesBy::Table, 0, &[]), &rulings, &o);
        assert!(matches!(e, Err(RuleError::Missing(c)) if c.to_string() == "Table 10, row 4, roll 7"));
    }

    #[test]
    fn rule_4_2_6_a_saves_entered_from_the_table() {
        let o = Overrides::new();
        let rulings = FireRulings::default();
        let fire = SmallArmsFire { figures: 100, range: Ratio::whole(4), ..SmallArmsFire::default() };
        let s = small_arms_strength(&fire, &rulings, &o).unwrap().unwrap();
        let roll = Table10Roll::TwoDice(TwoDice::new(3, 4).unwrap());
        let t = TargetFacts { formation: Formation::Skirmish, ..line(20) };
        let sit = save_situation(&t, Cover::OPEN, false);
        let r = resolve(&s, roll, &t, Flank::None, &sit, (SavesBy::Table, 4, &[]), &rulings, &o).unwrap().unwrap();
        assert!(r.save > 0);
        assert!(r.casualties <= r.kills.saturating_sub(4));
        assert!(
            resolve(&s, roll, &t, Flank::None, &sit, (SavesBy::App, 0, &[]), &rulings, &o).unwrap().is_none(),
            "waits for the app's dice"
        );
    }

    #[test]
    fn rule_4_2_2_a_roster_regiment_fires_with_what_the_roster_knows() {
        let g = demo_game("g");
        let r = g.roster.regiment("r-2wi").unwrap();
        let f = firer_fire(r, 1).unwrap();
        assert_eq!((f.figures, f.quality, f.opening_volley, f.officer_benefit), (15, Quality::Elite, true, 1));
    }

    fn saves(t: &TargetFacts, cover: Cover, close: bool, o: &Overrides) -> RuleResult<u8> {
        save_number(&save_situation(t, cover, close), &FireRulings::default(), o).map(|n| n.save)
    }

    #[test]
    fn rule_4_2_6_d_fortification_cover_by_zone() {
        let o = Overrides::new();
        let heavy = |zone| Cover { works: WorksCover::HeavyWorks, zone, ..Cover::OPEN };
        // The diagram: within 1" 1-5, 1"-2" 1-4, ... 4"-5" 1, beyond 5" none.
        for (zone, save) in [(0, 5), (1, 4), (2, 3), (3, 2), (4, 1), (5, 0)] {
            assert_eq!(saves(&line(20), heavy(zone), false, &o), Ok(save), "zone {zone}");
        }
        // An enemy unit directly on the works firing at a unit so displaced: no saves.
        assert_eq!(saves(&line(20), Cover { enemy_on_works: true, ..heavy(2) }, false, &o), Ok(0));
        // Close range reduces cover saves by 1 (4.2.6.b).
        assert_eq!(saves(&line(20), heavy(0), true, &o), Ok(4));
        // Medium works are asked for from the card.
        let medium = Cover { works: WorksCover::MediumWorks, ..Cover::OPEN };
        assert!(matches!(saves(&line(20), medium, false, &o), Err(RuleError::Missing(c)) if c.row == "Medium Works"));
    }

    #[test]
    fn rule_4_2_6_e_wrong_side_of_works() {
        let o = Overrides::new();
        let wrong = |works| Cover { works, ..Cover::OPEN };
        // "If these were light works, the save number would be 1; if medium or heavy, 1, 2."
        assert_eq!(saves(&line(20), wrong(WorksCover::WrongSideLight), false, &o), Ok(1));
        assert_eq!(saves(&line(20), wrong(WorksCover::WrongSideMediumHeavy), false, &o), Ok(2));
        // Provided there is no enemy unit directly on the works facing them.
        let faced = Cover { enemy_on_works: true, ..wrong(WorksCover::WrongSideMediumHeavy) };
        assert_eq!(saves(&line(20), faced, false, &o), Ok(0));
        // Medium or heavy: *1, 2 against shot too; light works not against shot (note 6).
        let against = |c, kind| {
            save_number(&save_situation_against(&line(20), c, false, kind), &FireRulings::default(), &o).map(|n| n.save)
        };
        assert_eq!(against(wrong(WorksCover::WrongSideMediumHeavy), FireKind::Shot), Ok(2));
        assert_eq!(against(wrong(WorksCover::WrongSideLight), FireKind::Shot), Ok(0));
    }

    #[test]
    fn rule_9_obstacles_buildings_and_hasty_works_saves() {
        let o = Overrides::new();
        let behind = |works| Cover { works, ..Cover::OPEN };
        // 9.2.2.c: directly behind a fraise 1, 2; 1, 2, 3 with breechloaders.
        assert_eq!(saves(&line(20), behind(WorksCover::Fraise), false, &o), Ok(2));
        assert_eq!(
            saves(&TargetFacts { breechloaders: true, ..line(20) }, behind(WorksCover::Fraise), false, &o),
            Ok(3)
        );
        // 9.2.3.c: a chevaux-de-frise 1, and no protection from artillery fire, canister included.
        assert_eq!(saves(&line(20), behind(WorksCover::ChevauxDeFrise), false, &o), Ok(1));
        let canister = save_situation_against(&line(20), behind(WorksCover::ChevauxDeFrise), false, FireKind::Canister);
        assert_eq!(save_number(&canister, &FireRulings::default(), &o).unwrap().save, 0);
        // 9.3.3.a: the building's save is asked for from the card.
        assert!(
            matches!(saves(&line(20), behind(WorksCover::StoneBuilding), false, &o), Err(RuleError::Missing(c)) if c.row == "Stone Building")
        );
        // 9.1.1: "a wood fence, which normally saves on 1, converted to hasty works saves on 1 or 2".
        let fence = Cover { ground: TargetCover::Fence, hasty: true, ..Cover::OPEN };
        assert_eq!(saves(&line(20), fence, false, &o), Ok(2));
        assert_eq!(saves(&line(20), Cover::ground(TargetCover::Fence), false, &o), Ok(1));
        // Light woods (1, 2) in hasty works: 1, 2, 3.
        let woods = Cover { ground: TargetCover::LightWoods, hasty: true, ..Cover::OPEN };
        assert_eq!(saves(&line(20), woods, false, &o), Ok(3));
        // Skirmishers in heavy works' first zone: best (5) + 1 (4.2.6.a).
        let skirmish = TargetFacts { formation: Formation::Skirmish, ..line(20) };
        assert_eq!(saves(&skirmish, Cover { works: WorksCover::HeavyWorks, ..Cover::OPEN }, false, &o), Ok(6));
    }

    #[test]
    fn rule_4_2_3_g_and_9_firer_in_works_building_and_behind_obstacles() {
        let o = Overrides::new();
        let r = FireRulings::default();
        let base = SmallArmsFire { figures: 20, range: Ratio::whole(4), ..SmallArmsFire::default() };
        let strength = |f: SmallArmsFire| small_arms_strength(&f, &r, &o).unwrap().unwrap();
        let plain = strength(base.clone());
        let heavy = strength(with_firer_conditions(
            base.clone(),
            FirerWorks::HeavyWorks,
            false,
            ObstacleInTheWay::None,
            false,
            false,
        ));
        assert_eq!(heavy.row_shifts - plain.row_shifts, 2, "9.1.4: up 2 out of heavy works");
        let medium = strength(with_firer_conditions(
            base.clone(),
            FirerWorks::MediumWorks,
            false,
            ObstacleInTheWay::None,
            false,
            false,
        ));
        assert_eq!(medium.row_shifts - plain.row_shifts, 1, "9.1.3: up 1 out of medium works");
        // 4.2.3.g: turned works give no benefit.
        let turned = strength(with_firer_conditions(
            base.clone(),
            FirerWorks::HeavyWorks,
            true,
            ObstacleInTheWay::None,
            false,
            false,
        ));
        assert_eq!(turned.row_shifts, plain.row_shifts);
        // 9.3.3.a: firing out of a building is quartered.
        let building = strength(with_firer_conditions(
            base.clone(),
            FirerWorks::Building,
            false,
            ObstacleInTheWay::None,
            false,
            false,
        ));
        assert_eq!(building.strength, plain.strength.mul(Ratio::QUARTER));
        // 9.2.1.c, 9.2.2.c, 9.2.3.c: down 1 column.
        for obstacle in
            [ObstacleInTheWay::AcrossAbatis, ObstacleInTheWay::BehindFraise, ObstacleInTheWay::AcrossChevauxDeFrise]
        {
            let s = strength(with_firer_conditions(base.clone(), FirerWorks::None, false, obstacle, false, false));
            assert_eq!(s.row_shifts, plain.row_shifts - 1, "{obstacle:?}");
        }
    }

    #[test]
    fn rule_4_2_7_c_repeaters_rapid_fire_and_second_fire() {
        let o = Overrides::new();
        let r = FireRulings::default();
        let repeaters = SmallArmsFire {
            figures: 20,
            range: Ratio::whole(4),
            firearm: Firearm::of(SmallArm::RepeatingRifle),
            opening_volley: true,
            ..SmallArmsFire::default()
        };
        let first = small_arms_strength(
            &with_firer_conditions(repeaters.clone(), FirerWorks::None, false, ObstacleInTheWay::None, false, false),
            &r,
            &o,
        )
        .unwrap()
        .unwrap();
        let second = small_arms_strength(
            &with_firer_conditions(repeaters.clone(), FirerWorks::None, false, ObstacleInTheWay::None, true, false),
            &r,
            &o,
        )
        .unwrap()
        .unwrap();
        // The opening volley (up 1 for repeaters) counts on the first of the two fires only.
        assert_eq!(first.row_shifts - second.row_shifts, 1);
        let rapid_fire =
            with_firer_conditions(repeaters.clone(), FirerWorks::None, false, ObstacleInTheWay::None, false, true);
        let rapid = small_arms_strength(&rapid_fire, &r, &o).unwrap().unwrap();
        assert_eq!(rapid.strength, first.strength.mul(Ratio::whole(2)), "rapid fire doubles the strength");
        // Rapid fire runs out of ammunition on 7 or less.
        let seven = combat_result(Ratio::whole(100), 0, Table10Roll::TwoDice(TwoDice::new(3, 4).unwrap()), &o).unwrap();
        assert!(small_arms_ammunition(&rapid_fire, &seven));
        assert!(ammunition_line(&seven, true).unwrap().contains("7 or less"));
        assert_eq!(ammunition_line(&seven, false), None);
        // Not for other weapons: the toggles do nothing on a rifle-musket.
        let musket = with_firer_conditions(
            SmallArmsFire::default(),
            FirerWorks::None,
            false,
            ObstacleInTheWay::None,
            true,
            true,
        );
        assert!(!musket.rapid_fire && !musket.repeater_second_fire);
    }
}
