//! Small arms fire through the steps of Table 15: strength and multipliers (Tables 8, 9), the
//! row and its shifts, kills from Table 10, Table 11, saving rolls (Table 12: the app rolls one
//! die per kill, or the players say how many were saved) and the casualty limit (4.2.6.g).
//! Works, buildings and obstacles (9) on either side, and a repeater's second fire and rapid
//! fire (4.2.7.c), are folded away behind the common case. Applied to the target one kill at
//! a time (`AddKill`), with the morale checks it calls for queued in the order of 4.4.2.

pub mod model;

use super::card::{Applied, Resolution, ResultCard};
use super::frame::{ResolverFrame, from_address};
use super::missing::Problem;
use super::morale::Reason;
use super::picker::{Pick, UnitPicker};
use super::queue::Due;
use crate::shell::router::use_query_map;
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::dice::{DiceEntry, thrown};
use crate::widgets::odds::OddsLine;
use crate::widgets::toggles::{Stepper, Toggles};
use johnny_reb::rules::dice::{DiceSource, RandomDice};
use johnny_reb::rules::fire::{
    FireStrength, FireTarget, Flank, SavePlan, SmallArmsFire, Table10Roll, Visibility, combat_result,
    combat_result_odds, modify_kills, range_band, save_number, small_arms_ammunition, small_arms_strength,
};
use johnny_reb::rules::tables::appendix_a_firearms::Firearm;
use johnny_reb::rules::tables::t08_small_arms_ranges::{RangeBand, SmallArm};
use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, Quality};
use johnny_reb::rules::{Die, Ratio, RuleResult, TwoDice};
use johnny_reb::state::command::{Command, RegimentFlag};
use leptos::prelude::*;

pub use model::*;

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
    let _query = use_query_map();
    let firer = from_address("unit");
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
            Some(id) => (0..r.casualties).map(|_| Command::AddKill { regiment: id.clone() }).collect(),
            None => Vec::new(),
        };
        let mut queue = Vec::new();
        if let Some(fid) = firer.get() {
            if opening.get() {
                commands.push(Command::SetFlag {
                    regiment: fid.clone(),
                    flag: RegimentFlag::OpeningVolleyUsed,
                    on: true,
                });
            }
            if out_of_ammunition {
                commands.push(Command::SetFlag { regiment: fid, flag: RegimentFlag::OutOfAmmo, on: true });
            }
        }
        if let (Some(id), true) = (target.get(), r.result.unexpected_devastation && r.casualties > 0) {
            queue.push(Due { unit: id, name: tname.clone(), reason: Reason::Devastation });
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
        <ResolverFrame title="Small arms fire" rules="Table 15: strength, multipliers, row and shifts, Table 10, Table 11, saves, casualty limit.">
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
        </ResolverFrame>
    }
    .into_any()
}
