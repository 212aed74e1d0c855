//! Line of Sight (8.0) as a calculator: the players read the range, the End Points'
//! elevations and Crests and each questionable Obstacle off the map; the engine
//! (`line_of_battle::los`) gives the verdict with its rule: the 1-hex case, the turn's
//! Visibility (1.4b, from the clock), a Sudden Dip, the Easy LOS at 2 or 3 hexes, the Graph
//! Sheet or the formula, with 8.0c's Troop and Orchard cases. Nothing is recorded in the game.

use super::parts::back;
use crate::systems::line_of_battle::model::sight::{Cover, CoverFacts, dip, feature, obstacle_words};
use crate::systems::line_of_battle::store::use_store;
use crate::systems::line_of_battle::ui::number;
use crate::widgets::toggles::Toggles;
use leptos::prelude::*;
use line_of_battle::los::{EndPoint, Method, Obstacle, Sight, line_of_sight};

fn field(label: &'static str, value: RwSignal<String>) -> impl IntoView {
    view! {
        <label class="field">
            <span>{label}</span>
            <input type="text" inputmode="numeric" maxlength="3" autocomplete="off" bind:value=value/>
        </label>
    }
}

/// The LOS screen.
#[component]
pub fn SightScreen() -> impl IntoView {
    let store = use_store();
    let range = RwSignal::new(String::new());
    let a = RwSignal::new(String::from("0"));
    let a_crest = RwSignal::new(false);
    let b = RwSignal::new(String::from("0"));
    let b_crest = RwSignal::new(false);
    let advanced = RwSignal::new(false);
    let challenged = RwSignal::new(false);
    let method = RwSignal::new(None::<Method>);
    let obstacles = RwSignal::new(Vec::<Obstacle>::new());
    let o_from = RwSignal::new(String::new());
    let o_elevation = RwSignal::new(String::from("0"));
    let o_crest = RwSignal::new(false);
    let o_cover = RwSignal::new(Cover::None);
    let o_same_hill = RwSignal::new(false);
    let o_open_order = RwSignal::new(false);
    let o_along = RwSignal::new(false);
    let o_same_side = RwSignal::new(false);
    let o_orchard_in = RwSignal::new(false);
    let dip_crossed = RwSignal::new(false);
    let dip_inside = RwSignal::new(false);
    let problem = RwSignal::new(None::<String>);
    let visibility = move || store.with(|g| g.clock.visibility().ok().flatten());
    let add = move |_| {
        let (Some(from_a), Some(elevation)) = (number::<u32>(&o_from.get()), number::<i32>(&o_elevation.get())) else {
            problem.set(Some("Give the Obstacle's hexes from the first End Point and its elevation level.".into()));
            return;
        };
        obstacles.update(|v| {
            v.push(Obstacle {
                from_a,
                elevation,
                crest: o_crest.get_untracked(),
                features: feature(
                    o_cover.get_untracked(),
                    CoverFacts {
                        open_order: o_open_order.get_untracked(),
                        along_hexside: o_along.get_untracked(),
                        same_side_both: o_same_side.get_untracked(),
                        orchard_at_end_point: o_orchard_in.get_untracked(),
                    },
                )
                .into_iter()
                .collect(),
                same_hill_slope: o_same_hill.get_untracked(),
            })
        });
        problem.set(None);
        o_from.set(String::new());
    };
    let verdict = move || {
        let r = number::<u32>(&range.get())?;
        let sight = Sight {
            range: r,
            a: EndPoint { elevation: number(&a.get()).unwrap_or(0), crest: a_crest.get() },
            b: EndPoint { elevation: number(&b.get()).unwrap_or(0), crest: b_crest.get() },
            obstacles: obstacles.get(),
            visibility: visibility(),
            advanced_heights: advanced.get(),
            method: method.get(),
            easy_challenged: challenged.get(),
            dip: dip(dip_crossed.get(), dip_inside.get()),
        };
        Some(line_of_sight(&sight).map_err(|e| e.to_string()))
    };
    view! {
        <section class="screen lob-combat lob-sight" aria-labelledby="sight-title">
            {back()}
            <h1 id="sight-title">"Line of Sight"</h1>
            <p class="subtitle">"8.0: read the map, enter what it shows; nothing is recorded."</p>
            <p class="muted">{move || match visibility() {
                Some(v) => format!("This turn's Visibility: {v} hexes (1.4b)."),
                None => "No Visibility limit this turn (1.4b).".to_string(),
            }}</p>
            {field("Range in hexes", range)}
            <fieldset class="choices">
                <legend>"The first End Point"</legend>
                {field("The first End Point's elevation level", a)}
                <label class="choice"><input type="checkbox" bind:checked=a_crest/><span>"A Crest at the first End Point (+1, 8.0a)"</span></label>
            </fieldset>
            <fieldset class="choices">
                <legend>"The other End Point"</legend>
                {field("The other End Point's elevation level", b)}
                <label class="choice"><input type="checkbox" bind:checked=b_crest/><span>"A Crest at the other End Point (+1, 8.0a)"</span></label>
            </fieldset>
            <section class="card" aria-label="Obstacles">
                <h2>"Obstacles (8.0a)"</h2>
                <ol class="plain">
                    {move || obstacles.get().into_iter().enumerate().map(|(i, o)| {
                        let text = obstacle_words(&o);
                        view! {
                            <li class="row">
                                <span>{text.clone()}</span>
                                <button type="button" class="button" aria-label=format!("Remove: {text}") on:click=move |_| obstacles.update(|v| { if i < v.len() { v.remove(i); } })>"Remove"</button>
                            </li>
                        }
                    }).collect_view()}
                </ol>
                <details class="more">
                    <summary class="button">"Add an Obstacle"</summary>
                    {field("Hexes from the first End Point", o_from)}
                    {field("Its ground's elevation level", o_elevation)}
                    <label class="choice"><input type="checkbox" bind:checked=o_crest/><span>"A Crest there (+1)"</span></label>
                    <Toggles
                        legend="Under the LOS Line (the largest counts, 8.0b)"
                        options=vec![(Cover::None, "Nothing"), (Cover::Troops, "Troops +1"), (Cover::Orchard, "Orchard +1"), (Cover::Town, "Town +2"), (Cover::Woods, "Woods +3")]
                        value=o_cover
                    />
                    <Show when=move || o_cover.get() == Cover::Troops>
                        <label class="choice"><input type="checkbox" bind:checked=o_open_order/><span>"Every unit there is Open Order (no Troop Modifier, 8.0c)"</span></label>
                        <label class="choice"><input type="checkbox" bind:checked=o_along/><span>"The line runs along a hexside there (8.0c Along Hexsides)"</span></label>
                        <Show when=move || o_along.get()>
                            <label class="choice"><input type="checkbox" bind:checked=o_same_side/><span>"Both hexes of that hexside hold Combat Units of the same side (the Troop Modifier counts, 8.0c)"</span></label>
                        </Show>
                    </Show>
                    <Show when=move || o_cover.get() == Cover::Orchard>
                        <label class="choice"><input type="checkbox" bind:checked=o_orchard_in/><span>"Part of the Orchard is within an End Point hex (ignored, 8.0c)"</span></label>
                    </Show>
                    <label class="choice"><input type="checkbox" bind:checked=o_same_hill/><span>"On the descending slope of the higher End Point's hill (8.0c Same Hill)"</span></label>
                    <button type="button" class="button" on:click=add>"Add the Obstacle"</button>
                </details>
            </section>
            <fieldset class="choices">
                <legend>"Sudden Dip (8.0c)"</legend>
                <label class="choice"><input type="checkbox" bind:checked=dip_crossed/><span>"The LOS crosses a Sudden Dip hexside (its corners included)"</span></label>
                <Show when=move || dip_crossed.get()>
                    <label class="choice"><input type="checkbox" bind:checked=dip_inside/><span>"An End Point is adjacent to the inside (downhill side) of that hexside"</span></label>
                </Show>
            </fieldset>
            <Toggles
                legend="Method (8.0b)"
                options=vec![(None, "By range"), (Some(Method::Graph), "Graph Sheet"), (Some(Method::Formula), "Formula")]
                value=method
            />
            <label class="choice"><input type="checkbox" bind:checked=advanced/><span>"Advanced Heights (optional, 8.0a)"</span></label>
            <label class="choice"><input type="checkbox" bind:checked=challenged/><span>"A player challenges the Easy LOS (8.0)"</span></label>
            {move || verdict().map(|v| match v {
                Ok(v) => view! {
                    <section class="card result" role="status" aria-label="Line of Sight">
                        <p class="headline"><strong>{if v.clear { "Clear" } else { "Blocked" }}</strong></p>
                        <p>{v.why.clone()}</p>
                        <ul class="plain">{v.obstacles.iter().map(|c| view! {
                            <li>{format!(
                                "Obstacle {}: {} hexes from the Lower Point, height {}{}",
                                c.index + 1,
                                c.range,
                                c.height,
                                if c.ignored { ", ignored (Same Hill)" } else if c.blocks { ", Blocks" } else { ", under the line" }
                            )}</li>
                        }).collect_view()}</ul>
                    </section>
                }
                .into_any(),
                Err(e) => view! { <p class="banner warning" role="status">{e}</p> }.into_any(),
            })}
            {move || problem.get().map(|p| view! { <p class="refusal" role="alert">{p}</p> })}
        </section>
    }
    .into_any()
}
