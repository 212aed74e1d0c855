//! Small arms fire through the steps of Table 15: strength and multipliers (Tables 8, 9), the
//! row and its shifts, kills from Table 10, Table 11, saving rolls (Table 12: the app rolls one
//! die per kill, or the players say how many were saved) and the casualty limit (4.2.6.g).
//! Applied to the target one kill at a time (`AddKill`), with the morale checks it calls for
//! queued in the order of 4.4.2.

use super::card::{Applied, Resolution, ResultCard};
use super::dice::{thrown, DiceEntry};
use super::missing::Problem;
use super::morale::Reason;
use super::odds::OddsLine;
use super::picker::{Pick, UnitPicker};
use super::queue::Due;
use super::toggles::{Stepper, Toggles};
use crate::rules::dice::{DiceSource, RandomDice};
use crate::rules::fire::{
    casualties_after_saves, combat_result, combat_result_odds, modify_kills, range_band, save_number, small_arms_strength, CombatResult,
    FireRulings, FireStrength, FireTarget, Flank, SavePlan, SaveSituation, SmallArmsFire, Table10Roll, Visibility,
};
use crate::rules::tables::appendix_a_firearms::Firearm;
use crate::rules::tables::t08_small_arms_ranges::{RangeBand, SmallArm};
use crate::rules::tables::t09_small_arms_modifiers::FireModifier;
use crate::rules::tables::t12_saving_rolls::{AreaCover, FormationSave, LinealCover};
use crate::rules::unit::{Arm, Formation, MoraleLevel, Quality};
use crate::rules::{Die, Overrides, Ratio, RuleError, RuleResult, TwoDice};
use crate::state::command::{Command, RegimentFlag};
use crate::state::roster::{Regiment, Weapon};
use crate::ui::store::use_store;
use leptos::prelude::*;
use crate::ui::router::use_query_map;

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
        firearm: Firearm { breechloader: t.breechloader || Firearm::of(row).breechloader, flintlock: t.flintlock, poor: t.poor_weapon, ..Firearm::of(row) },
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

/// The cover the target is in or behind, for Table 12.
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

/// The target's saving situation (Table 12) for this fire.
pub fn save_situation(t: &TargetFacts, cover: TargetCover, close: bool) -> SaveSituation {
    let mounted = matches!(t.arm, Arm::Cavalry { mounted: true } | Arm::MountedInfantry { mounted: true });
    let formation = match (t.prone, t.formation) {
        (true, _) => Some(FormationSave::ProneSmallArms),
        (_, Formation::Skirmish) if mounted => Some(FormationSave::SkirmishMounted),
        (_, Formation::Skirmish) => Some(FormationSave::SkirmishFoot),
        (_, Formation::ExtendedLine) => Some(FormationSave::ExtendedLine),
        _ => None,
    };
    SaveSituation {
        close_range: close,
        target_breechloaders: t.breechloaders,
        formation,
        lineal: match cover {
            TargetCover::Fence => Some(LinealCover::WoodFence),
            TargetCover::Wall => Some(LinealCover::StoneWall),
            _ => None,
        },
        area: match cover {
            TargetCover::LightWoods => Some(AreaCover::LightWoods),
            TargetCover::HeavyWoods => Some(AreaCover::HeavyWoods),
            _ => None,
        },
        ..SaveSituation::default()
    }
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
/// `save_dice` the app's dice (one per kill with a save).
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
        (n, SavesBy::Table) => format!("Saves on 1 to {n} (Table 12): {} saved on the table.", saves.1.min(modified.kills)),
    });
    if modified.kills > target.figures {
        lines.push(format!("Casualty limit: no more than the {} figures in the arc of fire (4.2.6.g).", target.figures));
    }
    if result.out_of_ammunition {
        lines.push("A roll of 2: the firer is out of ammunition for the rest of the game (4.2.4.a, Table 10 note 1).".into());
    }
    if result.unexpected_devastation {
        lines.push("A roll of 12: the target checks morale for unexpected devastation (4.4.1.f, Table 10 note 2).".into());
    }
    Ok(Some(FireResult { result, kills: modified.kills, save, casualties, lines }))
}

const FORMATIONS: [(Formation, &str); 5] = [
    (Formation::Line, "Line"),
    (Formation::Skirmish, "Skirmish"),
    (Formation::AttackColumn, "Attack column"),
    (Formation::MarchColumn, "March column"),
    (Formation::Disorder, "Disorder"),
];

/// A number typed in a field (figures, inches).
fn number_field(label: &'static str, value: RwSignal<u32>) -> AnyView {
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
    let cover = RwSignal::new(TargetCover::Open);
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
            let benefit = g.roster.union.officers.iter().chain(g.roster.confederate.officers.iter())
                .filter(|o| o.with_unit.as_deref() == Some(id.as_str()) && o.condition.status().gives_benefits(g.turn))
                .map(|o| o.benefit).max().unwrap_or(0);
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
            Some((r.name.clone(), r.kills > 0, TargetFacts {
                arm: r.arm,
                formation: r.formation,
                figures: r.figures_left(),
                routed: r.morale == MoraleLevel::Routed,
                prone: r.prone,
                breechloaders: r.traits.breechloader || r.traits.repeater,
            }))
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
        Ok(f)
    });
    let strength = Memo::new(move |_| -> RuleResult<Option<FireStrength>> {
        let f = fire.get()?;
        store.table_entries.with(|o| small_arms_strength(&f, &rulings(), o))
    });
    let close = move || {
        fire.get().ok().is_some_and(|f| store.table_entries.with(|o| range_band(f.firearm.range_row, f.range, &rulings(), o)) == Ok(Some(RangeBand::Close)))
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
        let situation = save_situation(&t, cover.get(), close());
        let dice = save_faces.get();
        Some(store.table_entries.with(|o| resolve(&s, roll, &t, flank.get(), &situation, (saves_by.get(), saved.get(), &dice), &rulings(), o)))
    });
    let save_no = move || {
        let sit = save_situation(&target_facts(), cover.get(), close());
        store.table_entries.with(|o| save_number(&sit, &rulings(), o)).map(|n| n.save).unwrap_or(0)
    };
    // The app's saving dice: one per kill with a save (4.2.6.a).
    let roll_saves = move |_| {
        let Ok(Some(s)) = strength.get_untracked() else { return };
        let Some(r) = roll() else { return };
        let t = target_facts();
        let needed = store.table_entries.with_untracked(|o| -> RuleResult<usize> {
            let result = combat_result(s.strength, s.row_shifts, r, o)?;
            let ft = FireTarget { arm: t.arm, formation: t.formation, disengaging_or_routed: t.routed, flank: flank.get_untracked() };
            let kills = modify_kills(result.kills, &ft, o)?.kills;
            let save = save_number(&save_situation(&t, cover.get_untracked(), close()), &rulings(), o)?.save;
            Ok(SavePlan { save, outside_cover: None, figures_in_arc: t.figures }.dice_needed(kills))
        });
        if let (Ok(n), Ok(mut d)) = (needed, RandomDice::from_os()) {
            save_faces.set((0..n).filter_map(|_| d.die().ok()).collect());
        }
    };
    let result = Signal::derive(move || {
        let r = outcome.get()?.ok()??;
        let tname = target_unit.get().map(|(n, ..)| n).unwrap_or_else(|| "the target".into());
        let mut commands: Vec<Command> = match target.get() {
            Some(id) => (0..r.casualties).map(|_| Command::AddKill { regiment: id.clone() }).collect(),
            None => Vec::new(),
        };
        let mut queue = Vec::new();
        if let Some(fid) = firer.get() {
            if opening.get() {
                commands.push(Command::SetFlag { regiment: fid.clone(), flag: RegimentFlag::OpeningVolleyUsed, on: true });
            }
            if r.result.out_of_ammunition {
                commands.push(Command::SetFlag { regiment: fid, flag: RegimentFlag::OutOfAmmo, on: true });
            }
        }
        if let (Some(id), true) = (target.get(), r.result.unexpected_devastation && r.casualties > 0) {
            queue.push(Due { unit: id, name: tname.clone(), reason: Reason::Devastation });
        }
        let mut lines = r.lines;
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
            settles: firer.get().map(|f| ["first-fire", "hold", "moving-fire"].map(|k| format!("{k}-{f}")).to_vec()).unwrap_or_default(),
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
            <Toggles legend="Target's cover (Table 12)" options=vec![(TargetCover::Open, "In the open"), (TargetCover::Fence, "Wood fence"), (TargetCover::Wall, "Stone wall"), (TargetCover::LightWoods, "Light woods"), (TargetCover::HeavyWoods, "Heavy woods")] value=cover/>
            <h2>"Table 10"</h2>
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
    use crate::state::demo::demo_game;

    fn line(figures: u32) -> TargetFacts {
        TargetFacts { arm: Arm::Infantry, formation: Formation::Line, figures, routed: false, prone: false, breechloaders: false }
    }

    #[test]
    fn rule_4_2_4_a_100_strength_rolling_7_kills_ten_in_the_open_limited_to_the_arc() {
        let o = Overrides::new();
        let rulings = FireRulings::default();
        let fire = SmallArmsFire { figures: 100, range: Ratio::whole(4), ..SmallArmsFire::default() };
        let s = small_arms_strength(&fire, &rulings, &o).unwrap().unwrap();
        let roll = Table10Roll::TwoDice(TwoDice::new(3, 4).unwrap());
        let open = save_situation(&line(14), TargetCover::Open, false);
        let r = resolve(&s, roll, &line(14), Flank::None, &open, (SavesBy::App, 0, &[]), &rulings, &o).unwrap().unwrap();
        assert_eq!((r.result.kills, r.save, r.casualties), (10, 0, 10));
        let r = resolve(&s, roll, &line(6), Flank::None, &open, (SavesBy::App, 0, &[]), &rulings, &o).unwrap().unwrap();
        assert_eq!(r.casualties, 6, "4.2.6.g: no more than the figures in the arc");
    }

    #[test]
    fn rule_4_2_2_row_4_kills_are_asked_from_the_card() {
        let o = Overrides::new();
        let rulings = FireRulings::default();
        let fire = SmallArmsFire { figures: 23, range: Ratio::whole(8), formation: Formation::Skirmish, ..SmallArmsFire::default() };
        let s = small_arms_strength(&fire, &rulings, &o).unwrap().unwrap();
        let roll = Table10Roll::TwoDice(TwoDice::new(3, 4).unwrap());
        let open = save_situation(&line(14), TargetCover::Open, false);
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
        let sit = save_situation(&t, TargetCover::Open, false);
        let r = resolve(&s, roll, &t, Flank::None, &sit, (SavesBy::Table, 4, &[]), &rulings, &o).unwrap().unwrap();
        assert!(r.save > 0);
        assert!(r.casualties <= r.kills.saturating_sub(4));
        assert!(resolve(&s, roll, &t, Flank::None, &sit, (SavesBy::App, 0, &[]), &rulings, &o).unwrap().is_none(), "waits for the app's dice");
    }

    #[test]
    fn rule_4_2_2_a_roster_regiment_fires_with_what_the_roster_knows() {
        let g = demo_game("g");
        let r = g.roster.regiment("r-2wi").unwrap();
        let f = firer_fire(r, 1).unwrap();
        assert_eq!((f.figures, f.quality, f.opening_volley, f.officer_benefit), (15, Quality::Elite, true, 1));
    }
}
