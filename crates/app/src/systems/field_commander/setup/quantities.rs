//! Battle Plan Quantities (10.2.10), buying more (10.2.11), Insights (10.2.12), and Scouts
//! taking Union Special Battle Plans out of the cup for the battle (14.0.1). The Campaign
//! Information Sheet's numbers are entered by the player.

use crate::systems::field_commander::store::{battle, use_store};
use crate::widgets::toggles::Stepper;
use field_commander::game::Command;
use field_commander::prebattle::{Insight, PlanPurchase, QuantityInputs};
use field_commander::setup::SCREENED_APPROACH_INSIGHTS;
use field_commander::union::SpecialPlan;
use leptos::prelude::*;

/// The quantities and Insights.
#[component]
pub fn Quantities() -> impl IntoView {
    let store = use_store();
    let before = battle(store, |b| b.quantity_inputs);
    let without_lee = RwSignal::new(before.map(|q| q.confederate_without_lee).unwrap_or(1));
    // Before the quantities are first set, Lee is as the battle knows him: in a campaign's
    // battle, present when his counter is in the Battle Location Area (10.2.17).
    let lee_present = RwSignal::new(match before {
        Some(q) => q.lee_rating_if_present.is_some(),
        None => battle(store, |b| b.lee_present),
    });
    let rating = RwSignal::new(battle(store, |b| b.lee_rating.map(u32::from)).unwrap_or(2));
    let union_base = RwSignal::new(before.map(|q| q.union_base).unwrap_or(2));
    let purchase = RwSignal::new(before.map(|q| q.purchase).unwrap_or(PlanPurchase::None));
    let insights = RwSignal::new(battle(store, |b| {
        b.insight_counters.iter().filter(|c| !c.free).map(|c| c.insight).collect::<Vec<Insight>>()
    }));
    let set = move |_| {
        let present = lee_present.get_untracked();
        let r = rating.get_untracked();
        let inputs = QuantityInputs {
            confederate_without_lee: without_lee.get_untracked(),
            lee_rating_if_present: present.then_some(r),
            union_base: union_base.get_untracked(),
            union_fog_bonus: 0,
            purchase: purchase.get_untracked(),
            insights_selected: 0,
        };
        // Screened Approach: Terrain, Front and Duration with or without Lee (10.2.20).
        let screened = battle(store, |b| b.screened.is_some());
        let chosen: Vec<Insight> = insights
            .get_untracked()
            .into_iter()
            .filter(|i| present || (screened && SCREENED_APPROACH_INSIGHTS.contains(i)))
            .collect();
        store.send(Command::SetQuantities { inputs, insights: chosen, lee_rating: u8::try_from(r).ok() });
    };
    let set_now = move || battle(store, |b| b.quantities);
    let ready = move || battle(store, |b| b.envelopment_checked);
    view! {
        <section aria-labelledby="quantities-title">
            <h2 id="quantities-title">"Battle Plans and Insights (10.2.10-10.2.12)"</h2>
            {move || set_now().map(|(c, u)| view! { <p><strong>{format!("Each turn: {c} Confederate Battle Plans, {u} Union Special Battle Plans")}</strong></p> })}
            <Show when=ready fallback=|| view! { <p class="muted">"After the Envelopment Check (10.1)."</p> }>
                <p class="muted">"From your Campaign Information Sheet, at your Difficulty Level."</p>
                <Stepper label="Your Battle Plans without Lee" value=without_lee max=9/>
                <fieldset class="choices inline">
                    <legend>"Robert E. Lee (10.2.17)"</legend>
                    <button class="button" aria-pressed=move || if lee_present.get() { "true" } else { "false" } on:click=move |_| lee_present.set(true)>"Present"</button>
                    <button class="button" aria-pressed=move || if !lee_present.get() { "true" } else { "false" } on:click=move |_| lee_present.set(false)>"Absent"</button>
                </fieldset>
                <Stepper label="Lee's Command Rating (4.7)" value=rating max=6/>
                <Stepper label="Union Special Battle Plans" value=union_base max=9/>
                <fieldset class="choices inline">
                    <legend>"Buy Battle Plans (10.2.11)"</legend>
                    {[(PlanPurchase::None, "None"), (PlanPurchase::One, "+1 for 2 CP"), (PlanPurchase::Two, "+2 for 5 CP")].into_iter().map(|(p, l)| view! {
                        <button class="button" aria-pressed=move || if purchase.get() == p { "true" } else { "false" } on:click=move |_| purchase.set(p)>{l}</button>
                    }).collect_view()}
                </fieldset>
                <Show when=move || lee_present.get() || battle(store, |b| b.screened.is_some())>
                    <fieldset class="choices">
                        <legend>"Insights: each costs one Battle Plan (10.2.12)"</legend>
                        <Show when=move || !lee_present.get()>
                            <p class="muted">"Screened Approach: Terrain, Front and Duration without Lee (10.2.20)."</p>
                        </Show>
                        {move || {
                            let lee = lee_present.get();
                            Insight::ALL.into_iter().filter(move |i| lee || SCREENED_APPROACH_INSIGHTS.contains(i)).map(|i| view! {
                            <button
                                class="button"
                                aria-pressed=move || if insights.with(|v| v.contains(&i)) { "true" } else { "false" }
                                on:click=move |_| insights.update(|v| if let Some(x) = v.iter().position(|y| *y == i) { v.remove(x); } else { v.push(i); })
                            >
                                {format!("{} ({})", i.label(), i.rule())}
                            </button>
                            <p class="muted small">{i.words()}</p>
                        }).collect_view()
                        }}
                    </fieldset>
                </Show>
                <button class="button big primary" on:click=set>"Set the Battle Plans"</button>
                <ScoutsAgainstPlans/>
            </Show>
        </section>
    }
    .into_any()
}

/// Scouts remove Union Special Battle Plans for this battle (14.0.1).
#[component]
fn ScoutsAgainstPlans() -> impl IntoView {
    let store = use_store();
    let facts = move || battle(store, |b| (b.scouts, b.scout_removed.clone()));
    view! {
        {move || {
            let (scouts, removed) = facts();
            let names: Vec<&str> = removed.iter().map(|p| p.label()).collect();
            (scouts > 0 || !removed.is_empty()).then(|| view! {
                <details class="more">
                    <summary class="button">{format!("Scouts against the Union's plans (14.0.1): {scouts} Scouts")}</summary>
                    {(!names.is_empty()).then(|| view! { <p>{format!("Removed for this battle: {}", names.join(", "))}</p> })}
                    <fieldset class="choices inline">
                        <legend>"Discard a Scout to remove"</legend>
                        {SpecialPlan::ALL.into_iter().map(|p| view! {
                            <button class="button" prop:disabled={scouts == 0} on:click=move |_| store.send(Command::ScoutRemovesPlan { plan: p })>{p.label()}</button>
                        }).collect_view()}
                    </fieldset>
                </details>
            })
        }}
    }
    .into_any()
}
