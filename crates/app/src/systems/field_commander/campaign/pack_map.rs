//! A campaign's map entered (2.0-2.3, 7.6, 16.2): each Area by name, whether it is inside the
//! Battle Area and whether it bears a City or Fort (each "not entered" until tapped), Areas
//! forces may not enter, and the links between adjacent Areas with the river each crosses.

use super::common::{Problem, play, send};
use crate::shell::router::use_query_map;
use crate::systems::field_commander::store::use_store;
use field_commander::campaign::PlayCommand;
use field_commander::pack::{Area, CampaignDef, Given, Link, Origin, PackEdit};
use leptos::prelude::*;

/// The campaign of `?c=N`, as entered.
pub fn campaign_at(store: super::super::store::Store, c: usize) -> Option<CampaignDef> {
    play(store, |p| p.pack.as_ref().and_then(|k| k.campaigns.get(c).cloned()))
}

/// Puts a campaign back into the pack, changed.
pub fn put(store: super::super::store::Store, c: usize, def: CampaignDef, problem: RwSignal<Option<String>>) {
    match send(store, PlayCommand::Pack(PackEdit::PutCampaign { at: Some(c), def: Box::new(def) })) {
        Ok(_) => problem.set(None),
        Err(why) => problem.set(Some(why)),
    }
}

/// Changes campaign `c` with `f` and puts it back into the pack; a refusal is said in `problem`.
pub fn change_campaign(
    store: super::super::store::Store,
    c: usize,
    problem: RwSignal<Option<String>>,
    f: &dyn Fn(&mut CampaignDef),
) {
    if let Some(mut d) = campaign_at(store, c) {
        f(&mut d);
        put(store, c, d, problem);
    }
}

/// The names of campaign `c`'s map's Areas, in the map's order.
pub fn area_names(store: super::super::store::Store, c: usize) -> Vec<String> {
    campaign_at(store, c).map(|d| d.map.areas.iter().map(|a| a.name.clone()).collect()).unwrap_or_default()
}

fn flag_words(g: &Given<bool>) -> &'static str {
    match g.value() {
        Some(true) => "yes",
        Some(false) => "no",
        None => "not entered",
    }
}

/// The map entry screen.
#[component]
pub fn MapEntryScreen() -> impl IntoView {
    let store = use_store();
    let c: usize = use_query_map().get_untracked().get("c").and_then(|v| v.parse().ok()).unwrap_or(0);
    let problem = RwSignal::new(None::<String>);
    let def = move || campaign_at(store, c);
    let change = move |f: &dyn Fn(&mut CampaignDef)| change_campaign(store, c, problem, f);
    let new_area = RwSignal::new(String::new());
    let link_a = RwSignal::new(String::new());
    let link_b = RwSignal::new(String::new());
    let river = RwSignal::new(String::new());
    let add_area = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let name = new_area.get_untracked().trim().to_string();
        if name.is_empty() {
            problem.set(Some("Type the Area's name as the map prints it.".into()));
            return;
        }
        if def().is_some_and(|d| d.map.area(&name).is_some()) {
            problem.set(Some(format!("{name} is on the map already.")));
            return;
        }
        change(&|d| d.map.areas.push(Area::new(name.clone(), Origin::Entered)));
        new_area.set(String::new());
    };
    let add_link = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let (a, b) = (link_a.get_untracked(), link_b.get_untracked());
        if a.is_empty() || b.is_empty() || a == b {
            problem.set(Some("Choose two different Areas.".into()));
            return;
        }
        if def().is_some_and(|d| d.map.links.iter().any(|l| (l.a == a && l.b == b) || (l.a == b && l.b == a))) {
            problem.set(Some(format!("{a} and {b} are linked already.")));
            return;
        }
        let r = river.get_untracked().trim().to_string();
        change(&|d| {
            d.map.links.push(Link {
                a: a.clone(),
                b: b.clone(),
                river: (!r.is_empty()).then(|| r.clone()),
                origin: Origin::Entered,
            })
        });
        river.set(String::new());
    };
    let names =
        move || def().map(|d| d.map.areas.iter().map(|a| a.name.clone()).collect::<Vec<_>>()).unwrap_or_default();
    view! {
        <section class="screen fc fc-pack" aria-labelledby="pmap-title">
            <h1 id="pmap-title">"Campaign map"</h1>
            <p class="subtitle">{move || def().map(|d| d.name).unwrap_or_else(|| "No such campaign".into())}</p>
            <p class="muted">"Enter the Areas as the map prints them, then each link between two adjacent Areas. Forces move only between linked Areas (9.2)."</p>
            <h2>{move || format!("Areas ({})", names().len())}</h2>
            <ul class="fc-forces">
                {move || def().map(|d| d.map.areas.iter().enumerate().map(|(i, a)| {
                    let flag = move |which: u8, v: Option<bool>| change(&move |d: &mut CampaignDef| {
                        if let Some(x) = d.map.areas.get_mut(i) {
                            let g = v.map(Given::Entered).unwrap_or_default();
                            if which == 0 { x.battle_area = g } else { x.city_or_fort = g }
                        }
                    });
                    let tri = move |which: u8, legend: &'static str, now: &Given<bool>| {
                        let now = now.value().copied();
                        view! {
                            <fieldset class="choices inline toggles">
                                <legend>{legend}</legend>
                                <button class="button" aria-pressed=if now == Some(true) { "true" } else { "false" } on:click=move |_| flag(which, Some(true))>"Yes"</button>
                                <button class="button" aria-pressed=if now == Some(false) { "true" } else { "false" } on:click=move |_| flag(which, Some(false))>"No"</button>
                            </fieldset>
                        }
                    };
                    view! {
                        <li class="card">
                            <h3>{a.name.clone()}</h3>
                            <p class="muted small">{format!("Battle Area: {}; City or Fort: {}; {}", flag_words(&a.battle_area), flag_words(&a.city_or_fort), match &a.origin { Origin::MadeUp => "made up", Origin::RuleText(r) => r.as_str(), Origin::Entered => "entered" })}</p>
                            {tri(0, "Inside the Battle Area (2.3)", &a.battle_area)}
                            {tri(1, "City or Fort (7.6)", &a.city_or_fort)}
                            <button class="button" on:click=move |_| change(&move |d: &mut CampaignDef| {
                                if i < d.map.areas.len() {
                                    let gone = d.map.areas.remove(i).name;
                                    d.map.links.retain(|l| l.a != gone && l.b != gone);
                                }
                            })>"Take the Area off"</button>
                        </li>
                    }
                }).collect_view())}
            </ul>
            <form class="row" on:submit=add_area>
                <label class="field"><span>"A new Area's name"</span><input type="text" bind:value=new_area/></label>
                <button class="button primary" type="submit">"Add the Area"</button>
            </form>
            <h2>{move || format!("Links ({})", def().map(|d| d.map.links.len()).unwrap_or(0))}</h2>
            <ul class="fc-forces">
                {move || def().map(|d| d.map.links.iter().enumerate().map(|(i, l)| view! {
                    <li>
                        {format!("{} \u{2194} {}{}", l.a, l.b, l.river.as_ref().map(|r| format!(", across the {r}")).unwrap_or_default())}
                        " "
                        <button class="button" on:click=move |_| change(&move |d: &mut CampaignDef| { if i < d.map.links.len() { d.map.links.remove(i); } })>"Take off"</button>
                    </li>
                }).collect_view())}
            </ul>
            <form class="fc-link-form" on:submit=add_link>
                <label class="field"><span>"From"</span>
                    <select on:change=move |ev| link_a.set(event_target_value(&ev))>
                        <option value="">"Choose an Area"</option>
                        {move || names().into_iter().map(|n| view! { <option value=n.clone()>{n.clone()}</option> }).collect_view()}
                    </select>
                </label>
                <label class="field"><span>"To"</span>
                    <select on:change=move |ev| link_b.set(event_target_value(&ev))>
                        <option value="">"Choose an Area"</option>
                        {move || names().into_iter().map(|n| view! { <option value=n.clone()>{n.clone()}</option> }).collect_view()}
                    </select>
                </label>
                <label class="field"><span>"River crossed (16.2), if any"</span><input type="text" bind:value=river/></label>
                <button class="button primary" type="submit">"Link them"</button>
            </form>
            <Problem problem=problem/>
            <a class="button" href="/pack">"Back to the pack"</a>
        </section>
    }
    .into_any()
}
