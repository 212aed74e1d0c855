//! The two charts that are not rolled on, entered from the players' own: the Threshold Values
//! Chart (9.3: how many SPs of a weapon a shot of so many Firing SPs needs for the weapon's
//! DRM) and the Additive Morale Chart (10.2: a Stack's State and a new result combined).

use crate::systems::line_of_battle::model::words;
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::{number, refusal};
use leptos::prelude::*;
use line_of_battle::edit::EditCommand;
use line_of_battle::fire::ThresholdChart;
use line_of_battle::game::Command;
use line_of_battle::morale::{AdditiveChart, MoraleState};
use line_of_battle::table::Slot;

/// The Threshold Values Chart: one Threshold Number for each total of 2 to 8 Firing SPs.
#[component]
pub fn Thresholds() -> impl IntoView {
    let store = use_store();
    let problem = RwSignal::new(None::<String>);
    let value =
        move |total: u8| store.with(|g| g.thresholds.rows.iter().find(|(n, _)| *n == total).and_then(|(_, v)| v.get()));
    let set = move |total: u8, text: String| {
        let mut chart: ThresholdChart = store.with_untracked(|g| g.thresholds.clone());
        chart.rows.retain(|(n, _)| *n != total);
        if !text.trim().is_empty() {
            let Some(v) = number::<u8>(&text) else {
                problem.set(Some(format!("The Threshold Number for {total} Firing SPs is a whole number.")));
                return;
            };
            chart.rows.push((total, Slot::Entered(v)));
        }
        chart.rows.sort_by_key(|(n, _)| *n);
        match store.dispatch(Command::Edit(Box::new(EditCommand::Thresholds(chart)))) {
            Ok(_) => problem.set(None),
            Err(e) => problem.set(Some(format!("Not entered: {e}."))),
        }
    };
    view! {
        <section class="screen tables lob-table" aria-labelledby="table-title">
            <div class="row back"><a class="button" href="/tables">"← All tables"</a></div>
            <h1 id="table-title">"Threshold Values Chart"</h1>
            <p class="subtitle">"9.3: the shot must contain this many SPs of a weapon for its DRM. A shot of one weapon alone needs no chart (9.0 example)."</p>
            {refusal(problem)}
            {(2..=8u8)
                .map(|total| {
                    let text = RwSignal::new(value(total).map(|v| v.to_string()).unwrap_or_default());
                    view! {
                        <label class="field">
                            <span>{move || format!("{total} Firing SPs: Threshold Number{}", if value(total).is_some() { " ✎" } else { " ?" })}</span>
                            <input type="text" inputmode="numeric" maxlength="1" bind:value=text on:change=move |_| set(total, text.get_untracked())/>
                        </label>
                    }
                })
                .collect_view()}
        </section>
    }
    .into_any()
}

const MARKED: [MoraleState; 4] =
    [MoraleState::BloodLust, MoraleState::Shaken, MoraleState::Disorganized, MoraleState::Routed];

/// The Additive Morale Chart: for each State a Stack has and each State a new result gives,
/// the State it ends in.
#[component]
pub fn Additive() -> impl IntoView {
    let store = use_store();
    let problem = RwSignal::new(None::<String>);
    let value = move |current: MoraleState, result: MoraleState| {
        store.with(|g| {
            g.morale_chart.entries.iter().find(|(c, r, _)| *c == current && *r == result).and_then(|(_, _, v)| v.get())
        })
    };
    let set = move |current: MoraleState, result: MoraleState, to: Option<MoraleState>| {
        let mut chart: AdditiveChart = store.with_untracked(|g| g.morale_chart.clone());
        chart.entries.retain(|(c, r, _)| !(*c == current && *r == result));
        if let Some(s) = to {
            chart.entries.push((current, result, Slot::Entered(s)));
        }
        match store.dispatch(Command::Edit(Box::new(EditCommand::MoraleChart(chart)))) {
            Ok(_) => problem.set(None),
            Err(e) => problem.set(Some(format!("Not entered: {e}."))),
        }
    };
    view! {
        <section class="screen tables lob-table" aria-labelledby="table-title">
            <div class="row back"><a class="button" href="/tables">"← All tables"</a></div>
            <h1 id="table-title">"Additive Morale Chart"</h1>
            <p class="subtitle">"10.2: a Stack that already has a Morale State and obtains another ends in the one your chart gives. A Normal Stack simply takes the result."</p>
            {refusal(problem)}
            {MARKED
                .into_iter()
                .flat_map(|current| MARKED.into_iter().map(move |result| (current, result)))
                .map(|(current, result)| {
                    view! {
                        <label class="field">
                            <span>{move || format!("{} plus {}{}", current.label(), result.label(), if value(current, result).is_some() { " ✎" } else { " ?" })}</span>
                            <select on:change=move |ev| {
                                let v = event_target_value(&ev);
                                set(current, result, words::STATES.into_iter().find(|s| s.label() == v));
                            }>
                                <option value="" selected=move || value(current, result).is_none()>"Not entered"</option>
                                {words::STATES
                                    .into_iter()
                                    .map(|s| view! { <option value=s.label() selected=move || value(current, result) == Some(s)>{s.label()}</option> })
                                    .collect_view()}
                            </select>
                        </label>
                    }
                })
                .collect_view()}
        </section>
    }
    .into_any()
}
