//! The scenario on the clock: its start (the First Player, the first turn's day and time, the
//! Fluke Stoppage grace period; 2.0, 1.4, 13.6h), the players' Turn Record Track (light and
//! Visibility by the hour, 1.4a, 1.4b) and the Orders of Arrival (2.2), all from the
//! scenario's own pages and charts.

use super::model::words;
use super::store::{Untracked, use_store};
use super::ui::{ChoiceBox, number, refusal};
use crate::widgets::toggles::Toggles;
use leptos::prelude::*;
use line_of_battle::clock::{Arrival, Clock, Light, Period};
use line_of_battle::edit::EditCommand;
use line_of_battle::game::Command;
use line_of_battle::oob::Side;
use line_of_battle::orders::commands::OrderCommand;
use line_of_battle::supply::{SupplyCommand, Wagon};

/// The scenario's clock screen.
#[component]
pub fn SetupScreen() -> impl IntoView {
    view! {
        <section class="screen lob-setup" aria-labelledby="setup-title">
            <div class="row back"><a class="button" href="/">"← Game"</a></div>
            <h1 id="setup-title">"Scenario and clock"</h1>
            <Start/>
            <Track/>
            <Arrivals/>
            <Wagons/>
        </section>
    }
    .into_any()
}

fn light_word(l: Light) -> &'static str {
    match l {
        Light::Day => "Day",
        Light::Twilight => "Twilight",
        Light::Night => "Night",
    }
}

#[component]
fn Start() -> impl IntoView {
    let store = use_store();
    let c = store.with_untracked(|g| g.clock.clone());
    let first = RwSignal::new(c.first);
    let day = RwSignal::new(c.day.to_string());
    let time = RwSignal::new(words::time_value(c.minutes));
    let grace = RwSignal::new(c.grace_turns.to_string());
    let problem = RwSignal::new(None::<String>);
    let open = move || store.with(|g| g.clock.turn == 1 && !g.clock.second && g.clock.segment == 0);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let (Some(d), Some(m), Some(gr)) = (
            number::<u8>(&day.get_untracked()),
            words::parse_time(&time.get_untracked()),
            number::<u32>(&grace.get_untracked()),
        ) else {
            problem.set(Some(
                "Give the day (1 for the first), the time of the first turn and the grace period in turns.".into(),
            ));
            return;
        };
        let c = EditCommand::Start { first: first.get_untracked(), day: d, minutes: m, grace_turns: gr };
        match store.dispatch(Command::Edit(Box::new(c))) {
            Ok(_) => problem.set(None),
            Err(e) => problem.set(Some(e.to_string())),
        }
    };
    let sides: Vec<(Side, String)> = words::SIDES.iter().map(|s| (*s, words::side(*s).to_string())).collect();
    view! {
        <h2>"The scenario's start"</h2>
        <p class="muted">{move || store.with(|g| format!("Now: {}, {}; {}.", words::turn(&g.clock), words::time(&g.clock), words::player_turn(&g.clock)))}</p>
        <Show when=open fallback=|| view! { <p class="muted">"Set before the first Player Turn begins; the game has begun."</p> }>
            <form class="lob-form" on:submit=submit aria-label="The scenario's start">
                <Toggles class="pick" legend="First Player (2.0)".to_string() options=sides.clone() value=first/>
                <label class="field"><span>"Day of the scenario (1 for the first)"</span><input type="text" inputmode="numeric" maxlength="2" bind:value=day/></label>
                <label class="field"><span>"Time of the first turn (1.4)"</span><input type="time" step="900" bind:value=time/></label>
                <label class="field"><span>"Turns without Fluke Stoppage rolls (13.6h: 8 unless the scenario says)"</span><input type="text" inputmode="numeric" maxlength="3" bind:value=grace/></label>
                {refusal(problem)}
                <button class="button primary" type="submit">"Set the start"</button>
            </form>
        </Show>
    }
    .into_any()
}

#[component]
fn Track() -> impl IntoView {
    let store = use_store();
    let periods = move || {
        store.with(|g| {
            let mut p = g.clock.periods.clone();
            p.sort_by_key(|p| p.from);
            p
        })
    };
    let from = RwSignal::new(String::from("05:00"));
    let light = RwSignal::new(Light::Day);
    let visibility = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let put = move |list: Vec<Period>| match store.dispatch(Command::Orders(Box::new(OrderCommand::SetTrack(list)))) {
        Ok(_) => problem.set(None),
        Err(e) => problem.set(Some(e.to_string())),
    };
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(m) = words::parse_time(&from.get_untracked()) else {
            problem.set(Some("Give the time from which the Track shows this light.".into()));
            return;
        };
        let v = visibility.get_untracked();
        let vis = if v.trim().is_empty() { None } else { number::<u8>(&v) };
        if !v.trim().is_empty() && vis.is_none() {
            problem.set(Some("Visibility is a number of hexes, or empty when the Track lists none (1.4b).".into()));
            return;
        }
        let mut list = periods();
        list.retain(|p| p.from != m);
        list.push(Period { from: m, light: light.get_untracked(), visibility: vis });
        put(list);
    };
    let lights: Vec<(Light, String)> =
        [Light::Day, Light::Twilight, Light::Night].into_iter().map(|l| (l, light_word(l).to_string())).collect();
    view! {
        <h2>"Turn Record Track"</h2>
        <p class="muted">"From your Track: from which time each day is Day, Twilight or Night, and the Visibility it lists (1.4a: Night is 2 hexes unless 1 is listed)."</p>
        <ul class="plain track">
            {move || periods()
                .into_iter()
                .map(|p| {
                    let text = format!(
                        "From {}: {}{}",
                        Clock::time_label(p.from),
                        light_word(p.light),
                        p.visibility.map(|v| format!(", Visibility {v} hexes")).unwrap_or_default()
                    );
                    view! {
                        <li class="band">
                            <span class="band-text">{text.clone()}</span>
                            <button class="button" aria-label=format!("Remove: {text}") on:click=move |_| {
                                let mut list = periods();
                                list.retain(|x| x.from != p.from);
                                put(list);
                            }>"Remove"</button>
                        </li>
                    }
                })
                .collect_view()}
        </ul>
        <form class="lob-form" on:submit=add aria-label="A period of the Track">
            <label class="field"><span>"From"</span><input type="time" step="900" bind:value=from/></label>
            <Toggles class="pick" legend="Light".to_string() options=lights value=light/>
            <label class="field"><span>"Visibility in hexes (empty: none listed)"</span><input type="text" inputmode="numeric" maxlength="2" bind:value=visibility/></label>
            {refusal(problem)}
            <button class="button" type="submit">"Add to the Track"</button>
        </form>
    }
    .into_any()
}

#[component]
fn Arrivals() -> impl IntoView {
    let store = use_store();
    let side = RwSignal::new(Side::Confederate);
    let day = RwSignal::new(String::from("1"));
    let time = RwSignal::new(String::new());
    let entry = RwSignal::new(String::new());
    let removal = RwSignal::new(false);
    let chosen = RwSignal::new(Vec::<String>::new());
    let problem = RwSignal::new(None::<String>);
    let list = move || {
        store.with(|g| {
            g.clock
                .arrivals
                .iter()
                .map(|a| {
                    let names: Vec<String> = a
                        .units
                        .iter()
                        .map(|id| {
                            g.oob
                                .unit(id)
                                .map(|u| u.name.clone())
                                .or_else(|| g.oob.leader(id).map(|l| l.name.clone()))
                                .unwrap_or_else(|| id.clone())
                        })
                        .collect();
                    format!(
                        "{} day {}, {}: {} {}{}",
                        words::side(a.side),
                        a.day,
                        Clock::time_label(a.minutes),
                        if a.removal { "Removal of".to_string() } else { format!("at Entry Area {},", a.entry) },
                        names.join(", "),
                        if a.done { " (done)" } else { "" }
                    )
                })
                .collect::<Vec<_>>()
        })
    };
    let candidates = move || {
        store.with(|g| {
            let s = side.get();
            g.oob
                .units
                .iter()
                .filter(|u| u.side == s)
                .map(|u| (u.id.clone(), u.name.clone()))
                .chain(g.oob.leaders.iter().filter(|l| l.side == s).map(|l| (l.id.clone(), l.name.clone())))
                .collect::<Vec<_>>()
        })
    };
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let (Some(d), Some(m)) = (number::<u8>(&day.get_untracked()), words::parse_time(&time.get_untracked())) else {
            problem.set(Some("Give the day and time of the arrival, as the Order of Arrival lists them.".into()));
            return;
        };
        if chosen.get_untracked().is_empty() {
            problem.set(Some("Choose the units and Leaders that arrive.".into()));
            return;
        }
        let a = Arrival {
            side: side.get_untracked(),
            day: d,
            minutes: m,
            units: chosen.get_untracked(),
            entry: entry.get_untracked().trim().to_string(),
            removal: removal.get_untracked(),
            done: false,
        };
        match store.dispatch(Command::Orders(Box::new(OrderCommand::AddArrival(a)))) {
            Ok(_) => {
                problem.set(None);
                chosen.set(Vec::new());
            }
            Err(e) => problem.set(Some(e.to_string())),
        }
    };
    let sides: Vec<(Side, String)> = words::SIDES.iter().map(|s| (*s, words::side(*s).to_string())).collect();
    view! {
        <h2>"Orders of Arrival (2.2)"</h2>
        <ul class="plain">{move || list().into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}</ul>
        <details class="more">
            <summary class="button">"Add an arrival or a Removal"</summary>
            <form class="lob-form" on:submit=add aria-label="An arrival">
                <Toggles class="pick" legend="Side".to_string() options=sides value=side/>
                <label class="field"><span>"Day"</span><input type="text" inputmode="numeric" maxlength="2" bind:value=day/></label>
                <label class="field"><span>"Time"</span><input type="time" step="900" bind:value=time/></label>
                <label class="field"><span>"Entry Area"</span><input type="text" maxlength="20" bind:value=entry/></label>
                <label class="choice"><input type="checkbox" bind:checked=removal/><span>"A Removal (2.2c)"</span></label>
                <fieldset class="choices">
                    <legend>"Units and Leaders"</legend>
                    {move || candidates().into_iter().map(|(id, name)| view! { <ChoiceBox id=id label=name chosen=chosen/> }).collect_view()}
                </fieldset>
                {refusal(problem)}
                <button class="button" type="submit">"Add the arrival"</button>
            </form>
        </details>
    }
    .into_any()
}

/// The Wagons and their starting Ammunition, as the Game-Specific Rules state them (4.3a).
#[component]
fn Wagons() -> impl IntoView {
    let store = use_store();
    let side = RwSignal::new(Side::Confederate);
    let name = RwSignal::new(String::new());
    let formation = RwSignal::new(String::new());
    let shell = RwSignal::new(String::new());
    let canister = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let list = move || {
        store.with(|g| {
            g.supply
                .wagons
                .iter()
                .map(|w| {
                    format!(
                        "{} ({}): {} Shell, {} Canister{}",
                        w.name,
                        words::side(w.side),
                        w.shell,
                        w.canister,
                        if w.destroyed { ", destroyed" } else { "" }
                    )
                })
                .collect::<Vec<_>>()
        })
    };
    let formations = move || {
        store.with(|g| {
            g.oob
                .formations
                .iter()
                .filter(|f| f.side == side.get())
                .map(|f| (f.id.clone(), f.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let (Some(s), Some(c)) = (number::<u16>(&shell.get_untracked()), number::<u16>(&canister.get_untracked()))
        else {
            problem
                .set(Some("Give the Wagon's Shell and Canister points, from the Game-Specific Rules (4.3a).".into()));
            return;
        };
        let n = name.get_untracked().trim().to_string();
        let id = store.with_untracked(|g| {
            (1..)
                .map(|i| if i == 1 { n.clone() } else { format!("{n} ({i})") })
                .find(|id| !g.supply.wagons.iter().any(|w| &w.id == id))
                .unwrap_or_default()
        });
        let w = Wagon {
            id,
            name: n,
            side: side.get_untracked(),
            formation: formation.get_untracked(),
            also_serves: Vec::new(),
            shell: s,
            canister: c,
            destroyed: false,
        };
        match store.dispatch(Command::Supply(Box::new(SupplyCommand::AddWagon(w)))) {
            Ok(_) => {
                problem.set(None);
                name.set(String::new());
            }
            Err(e) => problem.set(Some(e)),
        }
    };
    let sides: Vec<(Side, String)> = words::SIDES.iter().map(|s| (*s, words::side(*s).to_string())).collect();
    view! {
        <h2>"Wagons (4.3a)"</h2>
        <ul class="plain">{move || list().into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}</ul>
        <details class="more">
            <summary class="button">"Add a Wagon"</summary>
            <form class="lob-form" on:submit=add aria-label="A Wagon">
                <Toggles class="pick" legend="Side".to_string() options=sides value=side/>
                <label class="field"><span>"Wagon's name"</span><input type="text" maxlength="60" bind:value=name/></label>
                <label class="field">
                    <span>"Its Formation (its Ammunition serves that Formation's Batteries)"</span>
                    <select on:change=move |ev| formation.set(event_target_value(&ev))>
                        <option value="">"Choose a Formation"</option>
                        {move || formations().into_iter().map(|(id, n)| view! { <option value=id>{n}</option> }).collect_view()}
                    </select>
                </label>
                <label class="field"><span>"Shell points"</span><input type="text" inputmode="numeric" maxlength="4" bind:value=shell/></label>
                <label class="field"><span>"Canister points"</span><input type="text" inputmode="numeric" maxlength="4" bind:value=canister/></label>
                {refusal(problem)}
                <button class="button" type="submit">"Add the Wagon"</button>
            </form>
        </details>
    }
    .into_any()
}
