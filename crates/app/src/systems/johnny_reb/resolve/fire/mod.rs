//! Small arms fire through the steps of Table 15: strength and multipliers (Tables 8, 9), the
//! row and its shifts, kills from Table 10, Table 11, saving rolls (Table 12: the app rolls one
//! die per kill, or the players say how many were saved) and the casualty limit (4.2.6.g).
//! Works, buildings and obstacles (9) on either side, and a repeater's second fire and rapid
//! fire (4.2.7.c), are folded away behind the common case. Applied to the target one kill at
//! a time (`AddKill`), with the morale checks it calls for queued in the order of 4.4.2.

pub mod model;

use super::card::Applied;
use super::distance::DistanceField;
use super::frame::{ResolverFrame, from_address};
use super::missing::Problem;
use super::picker::{Pick, UnitPicker};
use super::saves::FireEnd;
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::dice::DiceEntry;
use crate::widgets::odds::OddsLine;
use crate::widgets::toggles::Toggles;
use johnny_reb::rules::Die;
use johnny_reb::rules::dice::{DiceSource, RandomDice};
use johnny_reb::rules::fire::{Flank, Visibility, combat_result_odds};
use johnny_reb::rules::tables::t08_small_arms_ranges::SmallArm;
use johnny_reb::rules::unit::{Formation, Quality};
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
    let firer = from_address();
    let target = RwSignal::new(None::<String>);
    let figures = RwSignal::new(20u32);
    let weapon = RwSignal::new(SmallArm::RifleMusket);
    let quality = RwSignal::new(Quality::Average);
    let formation = RwSignal::new(Formation::Line);
    let sharpshooters = RwSignal::new(false);
    let range = RwSignal::new("4".to_string());
    let opening = RwSignal::new(false);
    // What the game knows of the firer fills the form: its revealed First Fire order (1.2),
    // again whenever another firer is picked.
    let first_fire = RwSignal::new(false);
    Effect::new(move |_| {
        let known =
            firer.get().is_some_and(|id| store.session.with_untracked(|s| model::has_first_fire_order(s.game(), &id)));
        first_fire.set(known);
    });
    let moving = RwSignal::new(false);
    let visibility = RwSignal::new(Visibility::Clear);
    let t_figures = RwSignal::new(20u32);
    let t_formation = RwSignal::new(Formation::Line);
    let disengaging = RwSignal::new(false);
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

    let form = Memo::new(move |_| FireForm {
        firer: firer.get(),
        target: target.get(),
        figures: figures.get(),
        weapon: weapon.get(),
        quality: quality.get(),
        formation: formation.get(),
        sharpshooters: sharpshooters.get(),
        range: range.get(),
        opening: opening.get(),
        first_fire: first_fire.get(),
        moving: moving.get(),
        visibility: visibility.get(),
        target_figures: t_figures.get(),
        target_formation: t_formation.get(),
        disengaging: disengaging.get(),
        flank: flank.get(),
        cover: cover(),
        firer_works: firer_works.get(),
        works_flanked: works_flanked.get(),
        obstacle: obstacle.get(),
        second_fire: second_fire.get(),
        rapid: rapid.get(),
        saves_by: saves_by.get(),
        saved: saved.get(),
        save_dice: save_faces.get(),
        faces: faces.get(),
    });
    let firer_unit = Memo::new(move |_| {
        let id = firer.get()?;
        store.session.with(|s| firer_of(s.game(), &id))
    });
    Effect::new(move |_| {
        if let Some((_, Ok(f))) = firer_unit.get() {
            opening.set(f.opening_volley);
        }
    });
    let target_unit = Memo::new(move |_| {
        let id = target.get()?;
        store.session.with(|s| target_of(s.game(), &id))
    });
    // A target of the game routed or marked Disengage fills the choice (Table 11).
    Effect::new(move |_| {
        let known =
            target.get().is_some_and(|id| store.session.with_untracked(|s| disengaging_or_routed(s.game(), &id)));
        disengaging.set(known);
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

    let fire = Memo::new(move |_| form.with(|fm| store.session.with(|s| model::fire(fm, s.game()))));
    let strength = Memo::new(move |_| {
        form.with(|fm| store.session.with(|s| store.table_entries.with(|o| model::strength(fm, s.game(), o))))
    });
    let one_die = move || form.with(|fm| store.session.with(|s| model::one_die(fm, s.game())));
    let dice_count = Signal::derive(move || if one_die() { 1 } else { 2 });
    let outcome = Memo::new(move |_| {
        form.with(|fm| store.session.with(|s| store.table_entries.with(|o| model::outcome(fm, s.game(), o))))
    });
    let save_no =
        move || form.with(|fm| store.session.with(|s| store.table_entries.with(|o| model::save_no(fm, s.game(), o))));
    // The app's saving dice: one per kill with a save (4.2.6.a).
    let roll_saves = move |_| {
        let needed = form.with_untracked(|fm| {
            store.session.with_untracked(|s| store.table_entries.with_untracked(|o| saves_needed(fm, s.game(), o)))
        });
        if let (Some(Ok(n)), Ok(mut d)) = (needed, RandomDice::from_os()) {
            save_faces.set((0..n).filter_map(|_| d.die().ok()).collect());
        }
    };
    let result = Signal::derive(move || {
        form.with(|fm| store.session.with(|s| store.table_entries.with(|o| model::resolve(fm, s.game(), o))))
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
                    <Toggles legend="Sharpshooters (4.2.7.d)" options=vec![(false, "No"), (true, "Yes: saves down 1")] value=sharpshooters/>
                }.into_any(),
            }}
            <DistanceField label="Range in inches" value=range/>
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
<Toggles legend="Target disengaging or routed (Table 11)" options=vec![(false, "No"), (true, "Yes: kills x1/2, no disorder or flank multiplier")] value=disengaging/>
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
