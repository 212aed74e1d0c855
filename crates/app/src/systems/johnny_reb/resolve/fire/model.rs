//! Small arms fire's pure part (4.2, Table 15): the firer's fire, the target's cover and
//! saves, the result and the commands that record it. No Leptos here: tested natively.

use super::super::card::Resolution;
use super::super::morale::CheckReason;
use super::super::queue::Due;
use crate::widgets::dice::two_dice;
use johnny_reb::rules::fire::{
    CombatResult, FireKind, FireRulings, FireStrength, FireTarget, Flank, SavePlan, SaveSituation, SmallArmsFire,
    Table10Roll, casualties_after_saves, combat_result, modify_kills, save_number,
};
use johnny_reb::rules::fire::{Visibility, range_band, small_arms_ammunition, small_arms_strength};
use johnny_reb::rules::tables::appendix_a_firearms::Firearm;
use johnny_reb::rules::tables::t08_small_arms_ranges::RangeBand;
use johnny_reb::rules::tables::t08_small_arms_ranges::SmallArm;
use johnny_reb::rules::tables::t09_small_arms_modifiers::FireModifier;
use johnny_reb::rules::tables::t12_saving_rolls::{AreaCover, FormationSave, Fortification, LinealCover, WorksKind};
use johnny_reb::rules::unit::Quality;
use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel};
use johnny_reb::rules::{Die, Overrides, Ratio, RuleError, RuleResult};
use johnny_reb::state::command::Command;
use johnny_reb::state::game::Game;
use johnny_reb::state::roster::RegimentFlag;
use johnny_reb::state::roster::{Regiment, Weapon};
use johnny_reb::state::tracker_state::ItemKey;
use johnny_reb::state::units::UnitCommand;

/// The Table 8 row of a roster weapon; pistols have none (4.2.3).
pub(super) fn small_arm(w: Weapon) -> Option<SmallArm> {
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
            // The roster's repeater trait on a weapon of another row (4.2.7.c).
            repeater: t.repeater || Firearm::of(row).repeater,
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

/// A target with breechloaders saves better in loose order and behind fences (4.2.7.b): by
/// its traits or by its weapon's row (repeaters carry every breechloader benefit, 4.2.7.c).
pub fn target_breechloaders(r: &Regiment) -> bool {
    r.traits.breechloader
        || r.traits.repeater
        || small_arm(r.weapon).is_some_and(|row| Firearm::of(row).has_breechloader_benefits())
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
    /// Marked Disengage (even before it moves, 4.2.5) or routed: kills x1/2 (Table 11).
    pub disengaging_or_routed: bool,
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

/// A Table 9 or Table 14 modifier in words: "x2", "up 1", "down 2".
pub fn modifier_words(m: FireModifier) -> String {
    match m {
        FireModifier::Times(r) => format!("x{r}"),
        FireModifier::Rows(n) if n >= 0 => format!("up {n}"),
        FireModifier::Rows(n) => format!("down {}", -n),
    }
}

/// The net row shift on Table 10 in words: "no row shift", "1 row(s) up".
pub fn row_shift_words(shifts: i32) -> String {
    match shifts {
        0 => "no row shift".to_string(),
        n if n > 0 => format!("{n} row(s) up"),
        n => format!("{} row(s) down", -n),
    }
}

/// The strength in words: "30 figures · Close range x2 · ... = 60, 1 row up".
pub fn strength_words(s: &FireStrength) -> String {
    let mut out = format!("{} figures", s.base);
    for step in &s.steps {
        out.push_str(&format!(" · {} {}", step.what, modifier_words(step.modifier)));
    }
    out.push_str(&format!(" = strength {}, {} (4.2.2)", s.strength, row_shift_words(s.row_shifts)));
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
pub fn score(
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
    let ft = FireTarget {
        arm: target.arm,
        formation: target.formation,
        disengaging_or_routed: target.disengaging_or_routed,
        flank,
    };
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

/// What the players say: the firer and the target (none: entered by hand, a quick look-up),
/// what the roster cannot know, and the dice.
#[derive(Clone, Debug, PartialEq)]
pub struct FireForm {
    /// The firing regiment's id.
    pub firer: Option<String>,
    /// The target regiment's id.
    pub target: Option<String>,
    /// A firer entered by hand: figures, weapon, quality, formation.
    pub figures: u32,
    /// Its weapon.
    pub weapon: SmallArm,
    /// Its quality.
    pub quality: Quality,
    /// Its formation.
    pub formation: Formation,
    /// A sharpshooter unit (4.2.7.d).
    pub sharpshooters: bool,
    /// The range as typed, in inches to the half inch (4.2.3.a, Table 8).
    pub range: String,
    /// An opening volley (4.2.2).
    pub opening: bool,
    /// A First Fire order (1.2).
    pub first_fire: bool,
    /// Moved or changed formation (4.2.3.b).
    pub moving: bool,
    /// The sight of the target (4.2.3).
    pub visibility: Visibility,
    /// A target entered by hand: figures in the arc and formation.
    pub target_figures: u32,
    /// Its formation.
    pub target_formation: Formation,
    /// It is disengaging or routed (Table 11), as the players say (a target of the game is
    /// also so when the game knows it).
    pub disengaging: bool,
    /// Fire on its flank (Table 11).
    pub flank: Flank,
    /// Its cover (Table 12, 9).
    pub cover: Cover,
    /// The firer's works (4.2.3.g, 9.1, 9.3.3.a).
    pub firer_works: FirerWorks,
    /// An enemy that turned the works fires on its flank (4.2.3.g).
    pub works_flanked: bool,
    /// An obstacle in the way (9.2).
    pub obstacle: ObstacleInTheWay,
    /// A repeater's second fire (4.2.7.c).
    pub second_fire: bool,
    /// Rapid fire (4.2.7.c).
    pub rapid: bool,
    /// Who rolls the saves.
    pub saves_by: SavesBy,
    /// The kills saved on the table.
    pub saved: u32,
    /// The app's saving dice.
    pub save_dice: Vec<Die>,
    /// The Table 10 dice's faces, 0 for a die not set.
    pub faces: Vec<u8>,
}

/// The firer's revealed order this turn is First Fire (1.2, 4.1): the form opened for it, from
/// its tracker item or its card, starts with the order counted, as the players marked it.
/// Past phase 3 the orders are known, as the tracker reads them, even if the reveal was not
/// recorded.
pub fn has_first_fire_order(game: &Game, firer: &str) -> bool {
    game.orders_this_turn()
        .filter(|t| t.revealed || game.phase.number() > 3)
        .and_then(|t| t.order_of(firer))
        .is_some_and(|o| o.in_force() == johnny_reb::rules::unit::OrderKind::FirstFire)
}

impl Default for FireForm {
    fn default() -> FireForm {
        FireForm {
            firer: None,
            target: None,
            figures: 20,
            weapon: SmallArm::RifleMusket,
            quality: Quality::Average,
            formation: Formation::Line,
            sharpshooters: false,
            range: "4".into(),
            opening: false,
            first_fire: false,
            moving: false,
            visibility: Visibility::Clear,
            target_figures: 20,
            target_formation: Formation::Line,
            disengaging: false,
            flank: Flank::None,
            cover: Cover::OPEN,
            firer_works: FirerWorks::None,
            works_flanked: false,
            obstacle: ObstacleInTheWay::None,
            second_fire: false,
            rapid: false,
            saves_by: SavesBy::App,
            saved: 0,
            save_dice: Vec::new(),
            faces: Vec::new(),
        }
    }
}

/// The firing regiment of the game: its name and its fire, with the best benefit of the
/// officers with it who give benefits this turn.
pub fn firer_of(game: &Game, id: &str) -> Option<(String, RuleResult<SmallArmsFire>)> {
    let r = game.roster.regiment(id)?;
    let benefit = game
        .roster
        .union
        .officers
        .iter()
        .chain(game.roster.confederate.officers.iter())
        .filter(|o| o.with_unit.as_deref() == Some(id) && o.condition.status().gives_benefits(game.turn))
        .map(|o| o.benefit)
        .max()
        .unwrap_or(0);
    Some((r.name.clone(), firer_fire(r, benefit)))
}

/// A regiment of the game is routed, or marked Disengage this turn (its revealed order, or
/// any order past phase 3, as [`has_first_fire_order`] reads them): Table 11's x1/2.
pub fn disengaging_or_routed(game: &Game, id: &str) -> bool {
    let routed = game.roster.regiment(id).is_some_and(|r| r.morale == MoraleLevel::Routed);
    routed
        || game
            .orders_this_turn()
            .filter(|t| t.revealed || game.phase.number() > 3)
            .and_then(|t| t.order_of(id))
            .is_some_and(|o| o.in_force() == johnny_reb::rules::unit::OrderKind::Disengage)
}

/// The target regiment of the game: its name, whether it has kills already, and its facts.
pub fn target_of(game: &Game, id: &str) -> Option<(String, bool, TargetFacts)> {
    let r = game.roster.regiment(id)?;
    Some((
        r.name.clone(),
        r.kills > 0,
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

/// The fire: the firer's (from the game, or entered) with the range and the conditions.
pub fn fire(form: &FireForm, game: &Game) -> RuleResult<SmallArmsFire> {
    let mut f = match form.firer.as_deref().and_then(|id| firer_of(game, id)) {
        Some((_, f)) => f?,
        None => SmallArmsFire {
            figures: form.figures,
            firearm: Firearm::of(form.weapon),
            quality: form.quality,
            formation: form.formation,
            sharpshooters: form.sharpshooters,
            ..SmallArmsFire::default()
        },
    };
    f.range = super::super::distance::measured("Range", &form.range)?;
    f.opening_volley = form.opening;
    f.first_fire = form.first_fire;
    f.moving = form.moving;
    f.visibility = form.visibility;
    Ok(with_firer_conditions(f, form.firer_works, form.works_flanked, form.obstacle, form.second_fire, form.rapid))
}

/// The strength and row shifts (Table 15 steps 1 to 3); `None` beyond effective range.
pub fn strength(form: &FireForm, game: &Game, entries: &Overrides) -> RuleResult<Option<FireStrength>> {
    small_arms_strength(&fire(form, game)?, &game.setup.rules.fire, entries)
}

/// The target's facts, from the game or entered.
pub fn target_facts(form: &FireForm, game: &Game) -> TargetFacts {
    let mut t = form.target.as_deref().and_then(|id| target_of(game, id)).map(|(_, _, t)| t).unwrap_or(TargetFacts {
        arm: Arm::Infantry,
        formation: form.target_formation,
        figures: form.target_figures,
        disengaging_or_routed: false,
        prone: false,
        breechloaders: false,
    });
    // The players' word adds to the game's: a Disengage order not recorded (Table 11).
    t.disengaging_or_routed |= form.disengaging;
    t
}

/// The target's save situation, at close range or not (Table 12).
pub fn situation(form: &FireForm, game: &Game, entries: &Overrides) -> SaveSituation {
    let f = fire(form, game).ok();
    let close = f.as_ref().is_some_and(|f| {
        range_band(f.firearm.range_row, f.range, &game.setup.rules.fire, entries) == Ok(Some(RangeBand::Close))
    });
    // Fired on by sharpshooters: the final save down 1 (4.2.7.d).
    let sharpshooter_fire = f.is_some_and(|f| f.sharpshooters);
    SaveSituation { sharpshooter_fire, ..save_situation(&target_facts(form, game), form.cover, close) }
}

/// Out of ammunition, the fire rolls one die on Table 10 (4.2.4.b).
pub fn one_die(form: &FireForm, game: &Game) -> bool {
    fire(form, game).is_ok_and(|f| f.out_of_ammunition)
}

/// The Table 10 roll, once its dice are in.
pub fn roll(form: &FireForm, game: &Game) -> Option<Table10Roll> {
    table10_roll(&form.faces, one_die(form, game))
}

/// A Table 10 roll of one die (out of ammunition, 4.2.4.b) or two, once they are set.
pub fn table10_roll(faces: &[u8], one_die: bool) -> Option<Table10Roll> {
    if one_die {
        crate::widgets::dice::one_die(faces).map(Table10Roll::OneDie)
    } else {
        two_dice(faces).map(Table10Roll::TwoDice)
    }
}

/// The save number (Table 12), 0 for none.
pub fn save_no(form: &FireForm, game: &Game, entries: &Overrides) -> u8 {
    save_number(&situation(form, game, entries), &game.setup.rules.fire, entries).map_or(0, |n| n.save)
}

/// How many saving dice the app rolls: one per kill with a save (4.2.6.a).
pub fn saves_needed(form: &FireForm, game: &Game, entries: &Overrides) -> Option<RuleResult<usize>> {
    let s = strength(form, game, entries).ok()??;
    let r = roll(form, game)?;
    let t = target_facts(form, game);
    Some((|| {
        let result = combat_result(s.strength, s.row_shifts, r, entries)?;
        let ft = FireTarget {
            arm: t.arm,
            formation: t.formation,
            disengaging_or_routed: t.disengaging_or_routed,
            flank: form.flank,
        };
        let kills = modify_kills(result.kills, &ft, entries)?.kills;
        let save = save_number(&situation(form, game, entries), &game.setup.rules.fire, entries)?.save;
        Ok(SavePlan { save, outside_cover: None, figures_in_arc: t.figures }.dice_needed(kills))
    })())
}

/// Table 15 steps 4 to 7 once the dice are in: `None` while the strength or a die is missing.
pub fn outcome(form: &FireForm, game: &Game, entries: &Overrides) -> Option<RuleResult<Option<FireResult>>> {
    let s = strength(form, game, entries).ok()??;
    let roll = roll(form, game)?;
    let t = target_facts(form, game);
    let saves = (form.saves_by, form.saved, form.save_dice.as_slice());
    Some(score(&s, roll, &t, form.flank, &situation(form, game, entries), saves, &game.setup.rules.fire, entries))
}

/// The result card: the casualties on the target one kill at a time, the firer's opening
/// volley and ammunition marked, the check a 12 calls for (4.4.1.f), the tracker item of the
/// firer's fire settled (4.1, 7).
pub fn resolve(form: &FireForm, game: &Game, entries: &Overrides) -> Option<Resolution> {
    let r = outcome(form, game, entries)?.ok()??;
    // A 2 on either fire of a repeater, 7 or less on rapid fire (4.2.4.a, 4.2.7.c).
    let out_of_ammunition = fire(form, game).is_ok_and(|f| small_arms_ammunition(&f, &r.result));
    let target = form.target.as_deref();
    let tname = target.and_then(|id| target_of(game, id)).map_or_else(|| "the target".into(), |(n, ..)| n);
    let mut commands: Vec<Command> = match target {
        Some(id) => (0..r.casualties).map(|_| Command::Unit(UnitCommand::AddKill { regiment: id.into() })).collect(),
        None => Vec::new(),
    };
    let mut queue = Vec::new();
    if let Some(fid) = form.firer.as_deref() {
        if form.opening {
            commands.push(Command::Unit(UnitCommand::SetFlag {
                regiment: fid.into(),
                flag: RegimentFlag::OpeningVolleyUsed,
                on: true,
            }));
        }
        if out_of_ammunition {
            commands.push(Command::Unit(UnitCommand::SetFlag {
                regiment: fid.into(),
                flag: RegimentFlag::OutOfAmmo,
                on: true,
            }));
        }
    }
    if let (Some(id), true) = (target, r.result.unexpected_devastation && r.casualties > 0) {
        queue.push(Due { unit: id.into(), name: tname.clone(), reason: CheckReason::UnexpectedDevastation });
    }
    let mut lines = r.lines;
    if let Some(line) = ammunition_line(&r.result, out_of_ammunition) {
        lines.push(line);
    }
    if target.is_some() && r.casualties > 0 {
        lines.push("Applying marks the kills off from the left (0.1.3) and queues the morale checks they call for (4.4.1, 4.4.2).".into());
    }
    Some(Resolution {
        headline: format!("{} casualties on {tname} (Table 15).", r.casualties),
        details: lines,
        commands,
        recorded: target.is_some() || form.firer.is_some(),
        queue,
        // The firer's fire settles its item of phase 4 or 7 (4.1, 7).
        settles: form.firer.as_deref().map(|f| ItemKey::fire_of(f).to_vec()).unwrap_or_default(),
        ..Resolution::default()
    })
}

#[cfg(test)]
mod tests;
