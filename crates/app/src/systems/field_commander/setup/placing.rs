//! Placing the forces (10.2.13-10.2.20, 10.3): the Confederates where the player puts them (up
//! to 4 Mobile Forces in the Approach; the Front with the Front Insight), Screen's two forces
//! set aside, the Union at random (the first 4 Infantry and Cavalry in the Approach) or, with
//! Terrain, where the player puts them.

use crate::systems::field_commander::dice::shuffled;
use crate::systems::field_commander::store::{battle, use_store};
use field_commander::battlefield::{Formation, Region};
use field_commander::force::{ForceType, Loyalty};
use field_commander::game::Command;
use field_commander::prebattle::Insight;
use leptos::prelude::*;

#[derive(Clone, Debug, PartialEq)]
struct Placed {
    id: u32,
    name: String,
    kind: ForceType,
    region: Region,
    formation: Formation,
}

fn placed(b: &field_commander::Battle, side: Loyalty) -> Vec<Placed> {
    b.field
        .side(side)
        .map(|f| Placed {
            id: f.id,
            name: f.counter.name.clone(),
            kind: f.counter.kind,
            region: f.region,
            formation: f.formation,
        })
        .collect()
}

/// The placing section.
#[component]
pub fn Placing() -> impl IntoView {
    let store = use_store();
    let confederates = move || battle(store, |b| placed(b, Loyalty::Confederate));
    let union = move || battle(store, |b| placed(b, Loyalty::Union));
    let front = move || battle(store, |b| b.chose_insight(Insight::Front));
    let terrain = move || battle(store, |b| b.chose_insight(Insight::Terrain));
    let union_placed = move || battle(store, |b| b.union_placed);
    let place_union = move |_| {
        let ids = battle(store, |b| b.field.side(Loyalty::Union).map(|f| f.id).collect::<Vec<_>>());
        store.send(Command::PlaceUnion { order: shuffled(ids) });
    };
    let region_buttons = move |p: Placed, options: Vec<Region>| {
        let formation = p.formation;
        view! {
            <fieldset class="choices inline">
                <legend>{format!("{}: Region", p.name)}</legend>
                {options.into_iter().map(|r| view! {
                    <button
                        class="button"
                        aria-pressed={if p.region == r { "true" } else { "false" }}
                        on:click=move |_| store.send(Command::PlaceForce { force: p.id, region: r, formation })
                    >
                        {r.label()}
                    </button>
                }).collect_view()}
            </fieldset>
        }
    };
    let screened = move || battle(store, |b| b.screened.is_some());
    let yours = move || {
        view! {
            <h3>"Your forces"</h3>
            <p class="muted">"Up to 4 Mobile Forces in your Approach, the rest in your Reserve; Garrisons and Fortifications have their own Regions (10.2.15, 10.2.16)."</p>
            {move || confederates().into_iter().filter(|p| p.kind.is_mobile()).map(|p| {
                let mut options = vec![Region::ConfederateReserve, Region::ConfederateApproach];
                if front() {
                    options.push(Region::ConfederateFront);
                }
                let line = matches!(p.kind, ForceType::Infantry | ForceType::Cavalry);
                let q = p.clone();
                view! {
                    {region_buttons(p, options)}
                    {line.then(|| view! {
                        <fieldset class="choices inline">
                            <legend>{format!("{}: Formation (10.3)", q.name)}</legend>
                            {[Formation::Line, Formation::Column].into_iter().map(|f| view! {
                                <button
                                    class="button"
                                    aria-pressed={if q.formation == f { "true" } else { "false" }}
                                    on:click=move |_| store.send(Command::PlaceForce { force: q.id, region: q.region, formation: f })
                                >
                                    {format!("{f:?}")}
                                </button>
                            }).collect_view()}
                        </fieldset>
                    })}
                }
            }).collect_view()}
    }.into_any()
    };
    let theirs = move || {
        view! {
            <h3>"The Union's forces"</h3>
            <button class="button big" on:click=place_union>
                {move || if union_placed() { "Place the Union at random again (10.2.19)" } else { "Place the Union at random (10.2.19)" }}
            </button>
            <Show when=move || union_placed() && terrain()>
                <p class="muted">"Terrain: every Union Force in the Union Approach or Reserve, with no limit (10.2.12.8)."</p>
                {move || union().into_iter().map(|p| region_buttons(p, vec![Region::UnionReserve, Region::UnionApproach])).collect_view()}
            </Show>
            <Show when=union_placed>
                <ul>{move || union().into_iter().map(|p| view! { <li>{format!("{} in the {}", p.name, p.region.label())}</li> }).collect_view()}</ul>
            </Show>
    }.into_any()
    };
    view! {
        <section aria-labelledby="placing-title">
            <h2 id="placing-title">"Place the forces (10.2.13-10.2.20)"</h2>
            <ScreenForces/>
            {move || if screened() {
                view! {
                    <p class="muted">"Screened Approach: the Union first, then yours (10.2.20)."</p>
                    {theirs()}
                    {yours()}
                }.into_any()
            } else {
                view! { {yours()} {theirs()} }.into_any()
            }}
        </section>
    }
    .into_any()
}

/// Screened Approach (10.2.20): a Confederate Cavalry Force kept on the campaign map, the
/// Union placed first, and Terrain, Front and Duration open without Lee.
#[component]
pub fn ScreenedApproach() -> impl IntoView {
    let store = use_store();
    let chosen = move || battle(store, |b| b.screened.as_ref().map(|c| c.name.clone()));
    let open = move || battle(store, |b| b.screened.is_none() && !b.union_placed);
    let cavalry = move || {
        battle(store, |b| {
            b.field
                .side(Loyalty::Confederate)
                .filter(|f| f.counter.kind == ForceType::Cavalry)
                .map(|f| (f.id, f.counter.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    view! {
        {move || match (chosen(), open(), cavalry().is_empty()) {
            (Some(name), ..) => view! {
                <section class="card" aria-labelledby="screened-title">
                    <h2 id="screened-title">"Screened Approach (10.2.20)"</h2>
                    <p>{format!("{name} stays on the campaign map in the Battle Location Area. The Union is placed first, then your forces; Terrain, Front and Duration may be selected with or without Lee.")}</p>
                </section>
            }.into_any(),
            (None, true, false) => view! {
                <details class="more">
                    <summary class="button">"Screened Approach with a Cavalry Force (10.2.20)"</summary>
                    <p class="muted">"The Union is placed before your forces; the Cavalry Force stays on the campaign map, out of the battle. Terrain, Front and Duration may be selected whether or not Lee is present. Choose it before the Battle Plans to have those Insights without Lee."</p>
                    <fieldset class="choices inline">
                        <legend>"The Cavalry Force that screens"</legend>
                        {cavalry().into_iter().map(|(id, name)| view! {
                            <button class="button" on:click=move |_| store.send(Command::ScreenedApproach { cavalry: id })>
                                {format!("{name} screens")}
                            </button>
                        }).collect_view()}
                    </fieldset>
                </details>
            }.into_any(),
            _ => ().into_any(),
        }}
    }
    .into_any()
}

/// Screen's Cavalry and Infantry Force, kept off the sheet (10.2.12.7).
#[component]
fn ScreenForces() -> impl IntoView {
    let store = use_store();
    let cavalry = RwSignal::new(None::<u32>);
    let infantry = RwSignal::new(None::<u32>);
    let wanted = move || battle(store, |b| b.chose_insight(Insight::Screen) && b.screen.is_none());
    let of = move |kind: ForceType| {
        battle(store, |b| {
            b.field
                .side(Loyalty::Confederate)
                .filter(|f| f.counter.kind == kind)
                .map(|f| (f.id, f.counter.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let set = move |_| {
        if let (Some(c), Some(i)) = (cavalry.get_untracked(), infantry.get_untracked()) {
            store.send(Command::SetScreenForces { cavalry: c, infantry: i });
        }
    };
    view! {
        <Show when=wanted>
            <h3>"Screen (10.2.12.7)"</h3>
            <fieldset class="choices inline">
                <legend>"The Cavalry Force kept off the sheet"</legend>
                {move || of(ForceType::Cavalry).into_iter().map(|(id, name)| view! {
                    <button class="button" aria-pressed=move || if cavalry.get() == Some(id) { "true" } else { "false" } on:click=move |_| cavalry.set(Some(id))>{name}</button>
                }).collect_view()}
            </fieldset>
            <fieldset class="choices inline">
                <legend>"The Infantry Force that makes the attacks"</legend>
                {move || of(ForceType::Infantry).into_iter().map(|(id, name)| view! {
                    <button class="button" aria-pressed=move || if infantry.get() == Some(id) { "true" } else { "false" } on:click=move |_| infantry.set(Some(id))>{name}</button>
                }).collect_view()}
            </fieldset>
            <button class="button primary" on:click=set>"Set them aside"</button>
        </Show>
    }
    .into_any()
}
