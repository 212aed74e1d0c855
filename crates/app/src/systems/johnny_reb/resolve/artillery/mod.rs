//! Artillery fire through the steps of Table 15 (4.3): one gun section or a battery firing
//! together (4.3.6.a), with shot, canister or double canister (its fear-of-charge check first,
//! 4.3.6.b); Table 13's base strength by gun, range and ammunition; Table 14's modifiers
//! (order, crew, pivot, sight, woods, a moving target); Table 10 with shot running low on a 2
//! and the four rounds of canister (4.3.4.a); Tables 11 and 12 on a regiment; counterbattery
//! saves by gun type (4.3.5.a) and crew kills, two in one turn (4.3.5.b), on a gun section;
//! fire through friendly skirmishers (4.3.6.d) and indirect fire (4.3.6.c). Applied to the
//! game one kill, one crew kill, one round at a time, with the morale checks it calls for
//! queued in the order of 4.4.2.

pub mod form;
pub mod model;

use super::card::Applied;
use super::distance::DistanceField;
use super::fire::{Cover, CoverChoice, SavesBy, TargetCover, WorksCover, disengaging_or_routed, number_field};
use super::frame::{ResolverFrame, from_address};
use super::missing::Problem;
use super::morale as morale_view;
use super::picker::{Pick, UnitPicker};
use super::saves::FireEnd;
use crate::systems::johnny_reb::store::{Store, use_store};
use crate::widgets::dice::DiceEntry;
use crate::widgets::odds::OddsLine;
use crate::widgets::toggles::{Stepper, Toggles};
use johnny_reb::Game;
use johnny_reb::rules::dice::{DiceSource, RandomDice};
use johnny_reb::rules::fire::{Ammunition, Flank, GunType, Pivot, combat_result_odds, save_number};
use johnny_reb::rules::morale::{AfterCheck, ArtillerySituation, check_odds};
use johnny_reb::rules::tables::t13_artillery::GunClass;
use johnny_reb::rules::unit::{Formation, MoraleLevel, OrderKind, Quality};
use johnny_reb::rules::{Die, Overrides};
use johnny_reb::state::roster;
use leptos::prelude::*;

pub use form::{ArtilleryForm, Sight, TargetMotion, TargetSection};
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

/// `f` of the form, the game and the players' table entries (tracked).
fn read_form<T>(said: Memo<ArtilleryForm>, store: Store, f: impl FnOnce(&ArtilleryForm, &Game, &Overrides) -> T) -> T {
    said.with(|form| store.session.with(|s| store.table_entries.with(|o| f(form, s.game(), o))))
}

/// The artillery fire resolver at `/resolve/artillery` (`?unit=` a gun section or a battery).
#[component]
pub fn ArtilleryResolver() -> impl IntoView {
    let store = use_store();
    let firer = from_address();
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
            .with_untracked(|f| {
                f.as_ref().and_then(|(_, g, _)| g.first().and_then(|g| g.id.as_ref().map(|i| i.to_string())))
            })
            .unwrap_or(id);
        if let Some(o) = store.session.with_untracked(|s| revealed_order(s.game(), &first)) {
            order.set(o);
        }
    });
    // Everything the players said, as one plain form: what follows is read from it and the game.
    let said = Memo::new(move |_| ArtilleryForm {
        firer: firer.get(),
        target: target.get().map(Into::into),
        gun_name: gun_name.get(),
        gun_class: gun_class.get(),
        crew: crew.get(),
        sections: sections.get(),
        low_on_shot: low_on_shot.get(),
        ammunition: ammunition.get(),
        range: range.get(),
        order: order.get(),
        pivots: pivots.iter().map(|p| p.get()).collect(),
        crews: crews.iter().map(|c| c.get()).collect(),
        sight: sight.get(),
        observer: observer.get(),
        object_to_target: object_to_target.get(),
        object_to_gun: object_to_gun.get(),
        object_skirmishers: object_skirmishers.get(),
        moving: moving.get(),
        light_woods: light_woods.get(),
        heavy_woods: heavy_woods.get(),
        through_skirmishers: through_skirmishers.get(),
        skirmishers: skirmishers.get().map(Into::into),
        large_group: large_group.get(),
        target_is_guns: target_is_guns.get(),
        target_figures: t_figures.get(),
        target_formation: t_formation.get(),
        disengaging: disengaging.get(),
        target_class: t_class.get(),
        target_limbered: t_limbered.get(),
        target_crew_kills: t_crew_kills.get(),
        together: together.get(),
        flank: flank.get(),
        cover: cover(),
        hits_before: hits_before.get(),
        situation: situation.get(),
        check_faces: check_faces.iter().map(|f| f.get()).collect(),
        faces: faces.get(),
        saves_by: saves_by.get(),
        saved: saved.get(),
        save_dice: save_faces.get(),
    });
    let rulings = move || store.session.with(|s| s.game().setup.rules.fire.clone());
    let guns = Memo::new(move |_| said.with(|f| store.session.with(|s| form::guns(f, s.game()))));
    // Each section's crew as the roster knows it (Table 14), again whenever another firer is
    // picked; typed in, the players say it.
    Effect::new(move |_| {
        if let Some((_, g, _)) = roster_firer.get() {
            for (crew, gun) in crews.iter().zip(g.iter()) {
                crew.set(gun.morale);
            }
        }
    });

    // The target from the roster.
    let target_regiment = Memo::new(move |_| {
        let id = target.get()?;
        store.session.with(|s| form::target_regiment(s.game(), &id))
    });
    let target_section = Memo::new(move |_| {
        let id = target.get()?;
        store.session.with(|s| form::target_section(s.game(), &id))
    });
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
    let target_kind = Memo::new(move |_| said.with(|f| store.session.with(|s| form::target_kind(f, s.game()))));
    let checks = Memo::new(move |_| read_form(said, store, form::checks));
    let strength = Memo::new(move |_| read_form(said, store, form::strength));
    let one = move || read_form(said, store, form::rolls_one_die);
    let dice_count = Signal::derive(move || if one() { 1 } else { 2 });
    let situation_now = move || said.with(|f| store.session.with(|s| form::situation(f, s.game())));
    let outcome = Memo::new(move |_| read_form(said, store, form::outcome));
    let save_no =
        move || store.table_entries.with(|o| save_number(&situation_now(), &rulings(), o)).map(|n| n.save).unwrap_or(0);
    // The app's saving dice: one per kill with a save (4.2.6.a, 4.3.5).
    let roll_saves = move |_| {
        let needed = untrack(|| read_form(said, store, form::save_dice_needed));
        if let (Some(Ok(n)), Ok(mut d)) = (needed, RandomDice::from_os()) {
            save_faces.set((0..n).filter_map(|_| d.die().ok()).collect());
        }
    };

    let result = Signal::derive(move || read_form(said, store, form::resolve));

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
                (None, Some(TargetSection { gun: g, adjacent, state, .. })) => view! {
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
