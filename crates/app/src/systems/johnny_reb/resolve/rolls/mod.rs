//! Other rolls at `/resolve/rolls`: sighting in woods (4.2.3.c), hasty works (9.1.1), the
//! attempt to halt (5.3.3), the cost of mounting (6.7.2), surprise (10.2) and resupply
//! (4.2.4.b). The menu lists them; `?roll=` opens one (`&unit=` a unit of the game). Each shows
//! its target and odds before the roll, takes the app's die or the table's, and states the
//! result with its rules; where the result changes the game it is applied in one tap. What the
//! players say is one plain form, [`form::RollForm`], resolved natively tested.

pub mod form;
pub mod model;

use super::address::Resolver;
use super::card::{Applied, ResultCard};
use super::frame::{ResolverFrame, from_address, odds_or_problem};
use super::missing::Problem;
use super::picker::{Pick, UnitPicker};
use crate::shell::router::use_query_map;
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::dice::DiceEntry;
use crate::widgets::toggles::{Stepper, Toggles};
use johnny_reb::rules::movement::OfficerOnDieRoll;
use johnny_reb::rules::unit::Quality;
use leptos::prelude::*;

pub use form::*;
pub use model::*;

/// A count of half inches with large − and + buttons, shown as inches.
#[component]
fn HalfInches(label: &'static str, value: RwSignal<u32>, max: u32) -> impl IntoView {
    view! {
        <fieldset class="choices inline stepper">
            <legend>{label}</legend>
            <button class="button" aria-label=format!("Less: {label}") on:click=move |_| value.update(|v| *v = v.saturating_sub(1))>"−"</button>
            <output class="count" aria-live="polite">{move || format!("{}″", half_inches(value.get()))}</output>
            <button class="button" aria-label=format!("More: {label}") on:click=move |_| value.update(|v| *v = (*v + 1).min(max))>"+"</button>
        </fieldset>
    }
    .into_any()
}

/// The Other rolls screen: the menu, or the roll `?roll=` names.
#[component]
pub fn RollsScreen() -> impl IntoView {
    let query = use_query_map();
    let roll = query.with_untracked(|q| match Resolver::read(q) {
        Some(Resolver::Rolls { roll, .. }) => roll,
        _ => None,
    });
    match roll {
        None => view! {
            <ResolverFrame title="Other rolls">
                <nav class="resolve-menu" aria-label="Other rolls">
                    {Roll::ALL.iter().map(|r| view! {
                        <a href=Resolver::Rolls { roll: Some(*r), unit: None, release: false }.href() class="button big">
                            <span>{r.label()}</span>
                            <span class="muted small">{r.rule()}</span>
                        </a>
                    }).collect_view()}
                </nav>
            </ResolverFrame>
        }
        .into_any(),
        Some(r) => view! {
            <ResolverFrame title=r.label() rules=r.rule() up=("/resolve/rolls", "← Other rolls")>
                {match r {
                    Roll::Sighting => view! { <SightingRoller/> }.into_any(),
                    Roll::HastyWorks => view! { <WorksRoller/> }.into_any(),
                    Roll::Halt => view! { <HaltRoller/> }.into_any(),
                    Roll::Mounting => view! { <MountingCost/> }.into_any(),
                    Roll::Surprise => view! { <SurpriseRoller/> }.into_any(),
                    Roll::Resupply => view! { <ResupplyRoller/> }.into_any(),
                }}
            </ResolverFrame>
        }
        .into_any(),
    }
}

/// Clears the dice and the card when `key` changes.
fn reset_on<T: PartialEq + Clone + Send + Sync + 'static>(
    key: impl Fn() -> T + 'static,
    faces: RwSignal<Vec<u8>>,
    applied: RwSignal<Option<Applied>>,
) {
    Effect::new(move |prev: Option<T>| {
        let now = key();
        if prev.is_some_and(|p| p != now) {
            applied.set(None);
            faces.set(Vec::new());
        }
        now
    });
}

/// The result card of what the form says, with the game.
fn result_of(said: Memo<RollForm>) -> Signal<Option<super::card::Resolution>> {
    let store = use_store();
    Signal::derive(move || said.with(|f| store.session.with(|s| store.table_entries.with(|o| resolve(f, s.game(), o)))))
}

/// The odds before the roll of what the form says, or the problem that stops it.
fn odds_of(said: Memo<RollForm>) -> impl Fn() -> Option<AnyView> + Copy {
    let store = use_store();
    move || {
        said.with(|f| store.session.with(|s| store.table_entries.with(|o| odds(f, s.game(), o)))).map(odds_or_problem)
    }
}

/// The facts of the chosen regiment of the game, read again when the game changes.
fn facts_of(chosen: RwSignal<Option<String>>) -> Memo<Option<RegimentFacts>> {
    let store = use_store();
    Memo::new(move |_| {
        let id = chosen.get()?;
        store.session.with(|s| store.table_entries.with(|o| regiment_facts(s.game(), &id, o)))
    })
}

#[component]
fn SightingRoller() -> impl IntoView {
    // Heavy woods (true) or light (false): a shared `Toggles<bool>` (see movement's toggles).
    let heavy = RwSignal::new(false);
    let measured = RwSignal::new(6u32); // half inches: 3"
    let faces = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Applied>);
    reset_on(move || (heavy.get(), measured.get()), faces, applied);
    let said = Memo::new(move |_| RollForm {
        heavy_woods: heavy.get(),
        measured_halves: measured.get(),
        faces: faces.get(),
        ..RollForm::new(Roll::Sighting)
    });
    let count = Signal::derive(move || said.with(RollForm::dice));
    let result = result_of(said);
    view! {
        <p class="muted">"A firer in woods, or both units in woods: one roll for the two of them (4.2.3.c)."</p>
        <Toggles legend="Woods" options=vec![(false, "Light woods (two dice)"), (true, "Heavy woods (one die)")] value=heavy/>
        <HalfInches label="Obscuring inches, as measured" value=measured max=48/>
        {odds_of(said)}
        <DiceEntry name="Die" count=count faces=faces/>
        <ResultCard result=result applied=applied/>
    }
    .into_any()
}

#[component]
fn WorksRoller() -> impl IntoView {
    let chosen = from_address();
    let quality = RwSignal::new(Quality::Average);
    let officer = RwSignal::new(false);
    let benefit = RwSignal::new(1u32);
    // Broken, rough, behind a fence or hedge (all allowed), or in the open (not).
    let ground = RwSignal::new(WorksGround::Broken);
    let faces = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Applied>);
    let known = facts_of(chosen);
    Effect::new(move |_| {
        if let Some(f) = known.get() {
            officer.set(f.benefit > 0);
            benefit.set(u32::from(f.benefit.max(1)));
        }
    });
    reset_on(move || (chosen.get(), quality.get(), officer.get(), benefit.get(), ground.get()), faces, applied);
    let said = Memo::new(move |_| RollForm {
        unit: chosen.get(),
        known: known.get(),
        quality: quality.get(),
        officer: officer.get(),
        benefit: benefit.get(),
        ground: ground.get(),
        faces: faces.get(),
        ..RollForm::new(Roll::HastyWorks)
    });
    let store = use_store();
    let rulings = move || store.session.with(|s| s.game().setup.rules.movement.clone());
    let allowed = move || said.with(|f| f.ground.allowed());
    let odds = odds_of(said);
    let result = result_of(said);
    view! {
        <p class="muted">"Marked FM; announced when orders are revealed; the regiment goes into disorder and rolls after all movement, before moving fire (9.1.1)."</p>
        <UnitPicker pick=Pick::Regiments chosen=chosen/>
        {move || match known.get() {
            Some(f) => view! { <p class="facts">{format!("BMP {} · {}{}", f.bmp, f.formation.label(), f.officer.map(|o| format!(" · with {o}")).unwrap_or_default())}</p> }.into_any(),
            None => view! { <Toggles legend="Quality (Table 5)" options=Quality::ALL.iter().map(|q| (*q, q.label())).collect() value=quality/> }.into_any(),
        }}
        <Toggles legend="Where it stands (9.1.1)" options=WorksGround::ALL.to_vec() value=ground/>
        <Toggles legend="Officer present (9.1.1)" options=vec![(false, "No"), (true, "Yes")] value=officer/>
        <Show when=move || officer.get() && rulings().hasty_works_officer == OfficerOnDieRoll::BenefitValue>
            <Stepper label="Officer's benefit" value=benefit max=3/>
        </Show>
        {move || if allowed() {
            odds()
        } else {
            Some(view! { <p class="problem" role="alert">"Hasty works cannot be attempted in the open, only in broken or rough terrain or behind a fence or hedge (9.1.1)."</p> }.into_any())
        }}
        <Show when=allowed>
            <DiceEntry name="Die" count=Signal::derive(|| 1usize) faces=faces/>
        </Show>
        <ResultCard result=result applied=applied/>
    }
    .into_any()
}

#[component]
fn HaltRoller() -> impl IntoView {
    let chosen = RwSignal::new(None::<String>);
    let quality = RwSignal::new(Quality::Average);
    let benefit = RwSignal::new(0u32);
    let faces = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Applied>);
    let known = facts_of(chosen);
    Effect::new(move |_| {
        if let Some(f) = known.get() {
            benefit.set(u32::from(f.benefit));
        }
    });
    reset_on(move || (chosen.get(), quality.get(), benefit.get()), faces, applied);
    let said = Memo::new(move |_| RollForm {
        unit: chosen.get(),
        known: known.get(),
        quality: quality.get(),
        benefit: benefit.get(),
        faces: faces.get(),
        ..RollForm::new(Roll::Halt)
    });
    let result = result_of(said);
    view! {
        <p class="muted">"A halting point (a wood line, road, fence or works) announced when the charge was declared; rolled after marking the charge distances (5.3.3)."</p>
        <UnitPicker pick=Pick::Regiments chosen=chosen label="Charging regiment"/>
        {move || match known.get() {
            Some(f) => view! { <p class="facts">{format!("BMP {}{}", f.bmp, f.officer.map(|o| format!(" · with {o}")).unwrap_or_default())}</p> }.into_any(),
            None => view! { <Toggles legend="Quality (Table 5)" options=Quality::ALL.iter().map(|q| (*q, q.label())).collect() value=quality/> }.into_any(),
        }}
        <Stepper label="Officer's benefit (5.3.3)" value=benefit max=3/>
        {odds_of(said)}
        <DiceEntry name="Die" count=Signal::derive(|| 1usize) faces=faces/>
        <ResultCard result=result applied=applied/>
    }
    .into_any()
}

#[component]
fn MountingCost() -> impl IntoView {
    let store = use_store();
    let chosen = RwSignal::new(None::<String>);
    let quality = RwSignal::new(Quality::Average);
    let mounted_move = RwSignal::new(true);
    let known = facts_of(chosen);
    Effect::new(move |_| {
        if let Some(f) = known.get() {
            // Mounting at the end of a move on foot, dismounting at the end of a mounted one:
            // the move is made as the unit stands now.
            mounted_move.set(f.arm.is_mounted());
        }
    });
    let said = Memo::new(move |_| RollForm {
        unit: chosen.get(),
        known: known.get(),
        quality: quality.get(),
        mounted_move: mounted_move.get(),
        ..RollForm::new(Roll::Mounting)
    });
    let words = move || said.with(|f| store.session.with(|s| store.table_entries.with(|o| mounting(f, s.game(), o))));
    view! {
        <p class="muted">"Only at the start or the end of the move; a unit that dismounts at the end still gets 1″. Mounting or dismounting without moving is a Formation Change (6.7.2)."</p>
        <UnitPicker pick=Pick::Regiments chosen=chosen/>
        {move || known.get().is_none().then(|| view! { <Toggles legend="Quality (Table 5)" options=Quality::ALL.iter().map(|q| (*q, q.label())).collect() value=quality/> })}
        <Toggles legend="The move is made" options=vec![(true, "Mounted"), (false, "On foot")] value=mounted_move/>
        {move || match words() {
            Ok(w) => view! { <section class="card result" role="status" aria-label="Result"><p class="headline"><strong>{w}</strong></p></section> }.into_any(),
            Err(e) => view! { <Problem error=e/> }.into_any(),
        }}
        {move || chosen.get().map(|id| view! { <p><a class="button" href=Resolver::Move(Some(id.into())).href()>"Its whole move, with mounting (Movement)"</a></p> })}
    }
    .into_any()
}

#[component]
fn SurpriseRoller() -> impl IntoView {
    let query = use_query_map();
    // false: tactical (when charged); true: strategic release (the tracker's `&kind=release`).
    let kind = RwSignal::new(
        query.with_untracked(|q| matches!(Resolver::read(q), Some(Resolver::Rolls { release: true, .. }))),
    );
    let chosen = RwSignal::new(None::<String>);
    let bmp_quick = RwSignal::new(3u32);
    let faces = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Applied>);
    let known = facts_of(chosen);
    reset_on(move || (kind.get(), chosen.get(), bmp_quick.get()), faces, applied);
    let said = Memo::new(move |_| RollForm {
        unit: chosen.get(),
        known: known.get(),
        release: kind.get(),
        bmp_typed: bmp_quick.get(),
        faces: faces.get(),
        ..RollForm::new(Roll::Surprise)
    });
    let result = result_of(said);
    view! {
        <Toggles legend="Roll" options=vec![(false, "Tactical surprise, when charged (10.2.1.b)"), (true, "Strategic surprise, release (10.2.2.a)")] value=kind/>
        <UnitPicker pick=Pick::Regiments chosen=chosen/>
        {move || (kind.get() && known.get().is_none()).then(|| view! { <Stepper label="Its BMP (Table 5)" value=bmp_quick max=12/> })}
        {odds_of(said)}
        <DiceEntry name="Die" count=Signal::derive(|| 1usize) faces=faces/>
        <ResultCard result=result applied=applied/>
    }
    .into_any()
}

#[component]
fn ResupplyRoller() -> impl IntoView {
    let store = use_store();
    let chosen = from_address();
    let faces = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Applied>);
    // Read when chosen: once applied, the card keeps the result it recorded.
    let known = Memo::new(move |_| {
        let id = chosen.get()?;
        store.session.with_untracked(|s| store.table_entries.with_untracked(|o| regiment_facts(s.game(), &id, o)))
    });
    reset_on(move || chosen.get(), faces, applied);
    let said = Memo::new(move |_| RollForm {
        unit: chosen.get(),
        known: known.get(),
        faces: faces.get(),
        ..RollForm::new(Roll::Resupply)
    });
    let result = result_of(said);
    view! {
        <p class="muted">"An out-of-ammunition unit leaves the board by a friendly road and returns a die of turns later (4.2.4.b)."</p>
        <UnitPicker pick=Pick::Regiments chosen=chosen/>
        {move || known.get().map(|f| view! {
            <p class="facts">{if f.out_of_ammo { "Out of ammunition".to_string() } else { "Not marked out of ammunition".to_string() }}</p>
        })}
        {odds_of(said)}
        <DiceEntry name="Die" count=Signal::derive(|| 1usize) faces=faces/>
        <ResultCard result=result applied=applied/>
    }
    .into_any()
}
