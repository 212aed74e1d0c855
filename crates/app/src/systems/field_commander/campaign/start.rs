//! Starting a campaign from the pack (7.0): which campaign, the Difficulty Levels mixed as the
//! player likes (7.14), how battles are fought (the Basic rules on the Battlefield Sheet, or
//! the Quick or Very Quick rules on the campaign map), and the optional rules that touch the
//! campaign (7.15).

use super::common::{Problem, play, send};
use crate::shell::router::navigate;
use crate::systems::field_commander::store::use_store;
use crate::widgets::toggles::Toggles;
use field_commander::campaign::{BattleRules, Difficulty, PlayCommand, Settings};
use field_commander::pack::{PlayerLevel, UnionLevel};
use field_commander::prebattle::FogTable;
use leptos::prelude::*;

fn union_levels() -> Vec<(UnionLevel, &'static str)> {
    vec![(UnionLevel::Regular, "Regular"), (UnionLevel::Hard, "Hard"), (UnionLevel::Veteran, "Veteran")]
}

/// The start screen.
#[component]
pub fn StartScreen() -> impl IntoView {
    let store = use_store();
    let problem = RwSignal::new(None::<String>);
    let names = move || {
        play(store, |p| {
            p.pack.as_ref().map(|k| k.campaigns.iter().map(|c| c.name.clone()).collect::<Vec<_>>()).unwrap_or_default()
        })
    };
    let chosen = RwSignal::new(None::<String>);
    let player = RwSignal::new(PlayerLevel::Regular);
    let union_plans = RwSignal::new(UnionLevel::Regular);
    let fog = RwSignal::new(FogTable::Regular);
    let map_orders = RwSignal::new(UnionLevel::Regular);
    let area_orders = RwSignal::new(UnionLevel::Regular);
    let resupply = RwSignal::new(UnionLevel::Regular);
    let battles = RwSignal::new(BattleRules::VeryQuick);
    let cumulative = RwSignal::new(false);
    let by_level = RwSignal::new(false);
    let problems =
        move || play(store, |p| p.pack.as_ref().map(|k| k.validate().err().unwrap_or_default()).unwrap_or_default());
    let missing = move || play(store, |p| p.pack.as_ref().map(|k| k.missing().len()).unwrap_or(0));
    let in_progress = move || play(store, |p| p.campaign.as_ref().is_some_and(|c| c.ending.is_none()));
    let start = move |_| {
        let Some(name) = chosen.get_untracked().or_else(|| names().first().cloned()) else {
            problem.set(Some("The pack has no campaign yet: enter its Campaign Information Sheet first.".into()));
            return;
        };
        let settings = Settings {
            difficulty: Difficulty {
                player: player.get_untracked(),
                union_plans: union_plans.get_untracked(),
                fog: fog.get_untracked(),
                map_orders: map_orders.get_untracked(),
                battle_area_orders: area_orders.get_untracked(),
                resupply: resupply.get_untracked(),
            },
            battles: battles.get_untracked(),
            scouts_shift_cumulatively: cumulative.get_untracked(),
            scout_number_by_level: by_level.get_untracked(),
        };
        match send(store, PlayCommand::Start { campaign: name, settings }) {
            Ok(_) => {
                problem.set(None);
                navigate("/campaign");
            }
            Err(why) => problem.set(Some(why)),
        }
    };
    view! {
        <section class="screen fc" aria-labelledby="start-title">
            <h1 id="start-title">"Start a campaign"</h1>
            <Show when=in_progress>
                <p class="banner warning">"A campaign is in progress in this game: it must end before another starts. Start a new game from Saved games for another campaign."</p>
            </Show>
            <fieldset class="choices toggles">
                <legend>"The campaign (7.0)"</legend>
                {move || names().into_iter().enumerate().map(|(i, n)| {
                    let value = n.clone();
                    let pressed = move || {
                        let c = chosen.get();
                        if c.as_deref() == Some(value.as_str()) || (c.is_none() && i == 0) { "true" } else { "false" }
                    };
                    let pick = n.clone();
                    view! { <button class="button" aria-pressed=pressed on:click=move |_| chosen.set(Some(pick.clone()))>{n}</button> }
                }).collect_view()}
            </fieldset>
            {move || {
                let p = problems();
                (!p.is_empty()).then(|| view! {
                    <div class="banner warning" role="status">
                        <p>{format!("The pack is not sound yet ({} problem(s)): put them right on the pack's screens.", p.len())}</p>
                        <ul>{p.into_iter().take(6).map(|e| view! { <li>{e.to_string()}</li> }).collect_view()}</ul>
                    </div>
                })
            }}
            {move || (missing() > 0).then(|| view! {
                <p class="muted">{format!("{} value(s) of the pack are still to enter: the app asks for each when the rules need it.", missing())}</p>
            })}
            <h2>"How battles are fought"</h2>
            <Toggles
                legend="Battles (part two)"
                options=vec![
                    (BattleRules::VeryQuick, "Very Quick: one roll"),
                    (BattleRules::Quick, "Quick: turn by turn"),
                    (BattleRules::Basic, "On the Battlefield Sheet"),
                ]
                value=battles
            />
            <h2>"Difficulty Levels (7.14)"</h2>
            <Toggles legend="Your Battle Plan Counters" options=vec![(PlayerLevel::Easy, "Easy"), (PlayerLevel::Regular, "Regular"), (PlayerLevel::Hard, "Hard")] value=player/>
            <Toggles legend="Union Special Battle Plans" options=union_levels() value=union_plans/>
            <Toggles legend="Fog of War table" options=vec![(FogTable::Regular, "Regular"), (FogTable::Hard, "Hard"), (FogTable::Veteran, "Veteran")] value=fog/>
            <Toggles legend="Campaign Map Orders" options=union_levels() value=map_orders/>
            <Toggles legend="Battle Area Orders" options=union_levels() value=area_orders/>
            <Toggles legend="Union Resupply" options=union_levels() value=resupply/>
            <details class="more">
                <summary class="button">"Optional rules (7.15)"</summary>
                <Toggles legend="Several Scouts shift a Union Orders roll (O16.3.1)" options=vec![(false, "No"), (true, "Yes")] value=cumulative/>
                <Toggles legend="Scout counters by your level" options=vec![(false, "No"), (true, "Yes")] value=by_level/>
            </details>
            <Problem problem=problem/>
            <button class="button big primary" prop:disabled=in_progress on:click=start>"Start the campaign"</button>
            <a class="button" href="/campaign">"Back to the campaign"</a>
        </section>
    }
    .into_any()
}
