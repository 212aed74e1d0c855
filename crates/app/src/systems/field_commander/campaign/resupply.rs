//! The Confederate Resupply (15.3-15.6): the turn's Command Points and Scouts are in; then
//! Refit (2 Command Points a reduced force), purchases of forces from beside the map at their
//! Combat Value (full or reduced, placed with Confederate Forces), and Scouts at 1 Command
//! Point each, in that order.

use super::common::{Done, Problem, UndoRedo, act, campaign, force_line};
use crate::systems::field_commander::store::use_store;
use crate::widgets::toggles::Stepper;
use field_commander::campaign::{CampaignCommand, Phase, Place, PlayCommand};
use field_commander::force::{Loyalty, Strength};
use field_commander::game::{Command, Report};
use leptos::prelude::*;

fn step(c: CampaignCommand) -> Command {
    Command::Campaign(PlayCommand::Step(c))
}

/// The Confederate Resupply screen.
#[component]
pub fn ResupplyScreen() -> impl IntoView {
    let store = use_store();
    let done = RwSignal::new(None::<Report>);
    let problem = RwSignal::new(None::<String>);
    let here = move || campaign(store, |c| c.phase == Phase::ConfederateResupply).unwrap_or(false);
    let cp = move || campaign(store, |c| (c.confederate_cp, c.scouts)).unwrap_or((0, 0));
    let reduced = move || {
        campaign(store, |c| {
            c.pieces
                .iter()
                .filter(|p| p.strength == Strength::Reduced && matches!(p.place, Place::Area(_)))
                .filter(|p| c.loyalty(p.id).is_ok_and(|l| l == Loyalty::Confederate))
                .map(|p| (p.id, force_line(c, p.id)))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    let beside = move || {
        campaign(store, |c| {
            c.at(&Place::Beside)
                .into_iter()
                .map(|id| {
                    let k = c.counter(id).ok();
                    let full = k.and_then(|k| k.full.combat.get(&k.name, "combat").ok());
                    let red = k.and_then(|k| k.reduced_side().ok().flatten()).and_then(|f| match f.combat {
                        field_commander::force::Entry::Entered(v) | field_commander::force::Entry::MadeUp(v) => Some(v),
                        field_commander::force::Entry::Missing => None,
                    });
                    (id, c.name(id), full, red)
                })
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    let areas = move || {
        campaign(store, |c| {
            c.def
                .map
                .areas
                .iter()
                .map(|a| a.name.clone())
                .filter(|a| !c.in_area(a, Loyalty::Confederate).is_empty())
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    let to = RwSignal::new(None::<String>);
    let scouts = RwSignal::new(1u32);
    let buy = move |force: u32, reduced: bool| {
        let Some(area) = to.get_untracked().or_else(|| areas().first().cloned()) else {
            problem.set(Some("No Area holds Confederate Forces to place new ones with (15.5).".into()));
            return;
        };
        act(store, step(CampaignCommand::Buy { force, reduced, area }), done, problem);
    };
    view! {
        <section class="screen fc fc-campaign" aria-labelledby="resupply-title">
            <h1 id="resupply-title">"Confederate Resupply"</h1>
            <Show when=here fallback=|| view! { <p>"The Confederate Resupply comes after the Forced March's battles (15.3)."</p> }>
                <p class="turn-card">{move || { let (c, s) = cp(); format!("{c} Command Points, {s} Scouts") }}</p>
                <h2>"Refit (15.4)"</h2>
                <p class="muted">"2 Command Points flip a reduced force to full strength."</p>
                <ul class="fc-forces">
                    {move || {
                        let list = reduced();
                        if list.is_empty() {
                            view! { <li class="muted">"No reduced force."</li> }.into_any()
                        } else {
                            list.into_iter().map(|(id, line)| view! {
                                <li>{line.clone()}" "<button class="button" aria-label=format!("Refit {line}: 2 Command Points") on:click=move |_| act(store, step(CampaignCommand::Refit { force: id }), done, problem)>"Refit: 2 Command Points"</button></li>
                            }).collect_view().into_any()
                        }
                    }}
                </ul>
                <h2>"Purchase New Forces (15.5)"</h2>
                <fieldset class="choices inline toggles">
                    <legend>"Placed in"</legend>
                    {move || areas().into_iter().enumerate().map(|(i, a)| {
                        let is = a.clone();
                        let pick = a.clone();
                        view! { <button class="button" aria-pressed=move || { let t = to.get(); if t.as_deref() == Some(is.as_str()) || (t.is_none() && i == 0) { "true" } else { "false" } } on:click=move |_| to.set(Some(pick.clone()))>{a}</button> }
                    }).collect_view()}
                </fieldset>
                <ul class="fc-forces">
                    {move || beside().into_iter().map(|(id, name, full, red)| view! {
                        <li>
                            {name.clone()}" "
                            {full.map(|cv| {
                                let label = format!("Buy {name}: {cv} Command Points");
                                view! { <button class="button" aria-label=label on:click=move |_| buy(id, false)>{format!("Buy: {cv} Command Points")}</button> }
                            })}
                            {red.map(|cv| {
                                let label = format!("Buy {name} reduced: {cv} Command Points");
                                view! { <button class="button" aria-label=label on:click=move |_| buy(id, true)>{format!("Buy reduced: {cv}")}</button> }
                            })}
                        </li>
                    }).collect_view()}
                </ul>
                <h2>"Purchase Scouts (15.6)"</h2>
                <Stepper label="Scouts to buy" value=scouts max=20/>
                <button class="button" on:click=move |_| act(store, step(CampaignCommand::BuyScouts { count: scouts.get_untracked() }), done, problem)>"Buy them: 1 Command Point each"</button>
                <button class="button big primary" on:click=move |_| act(store, step(CampaignCommand::EndConfederateTurn), done, problem)>"End the Confederate turn (16.0)"</button>
            </Show>
            <Problem problem=problem/>
            <Done report=done/>
            <UndoRedo store=store report=done/>
            <a class="button" href="/campaign">"Back to the campaign"</a>
        </section>
    }
    .into_any()
}
