//! An Opening Volley (9.2): the Inactive Player's one die plus the modifiers of his Opening
//! Volley Table, at the Trigger's range (a Charge's own "Charge Range", Range 1 after a failed
//! Charge Closing Roll, 11.4b); its loss all to the Triggering Stack's top unit, the remainder
//! to the next (9.2, 9.4a), doubled against a Mounted Charge (11.4e); no Morale Check.

use crate::systems::line_of_battle::model::{combat, odds};
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::{odds_line, refusal};
use crate::widgets::dice::{DiceEntry, one_die};
use leptos::prelude::*;
use line_of_battle::fire::{opening_volley, opening_volley_distribution, volley_range};
use line_of_battle::game::Command;
use line_of_battle::tables::key;

/// The Opening Volley against the Triggering Stack `trigger` (its top unit first).
#[component]
pub fn OpeningVolley(
    trigger: Signal<Vec<String>>,
    /// Against a Charge.
    #[prop(optional)]
    charge: bool,
    /// After a failed Charge Closing Roll (11.4b: Range 1).
    #[prop(optional, into)]
    closing_failed: Option<Signal<bool>>,
    /// A Mounted Charge (11.4e: double losses).
    #[prop(optional, into)]
    mounted: Option<Signal<bool>>,
    /// Hears the SPs lost once applied.
    on_done: Callback<u8>,
) -> impl IntoView {
    let store = use_store();
    let range = RwSignal::new(1u8);
    let chosen = RwSignal::new(Vec::<String>::new());
    let faces = RwSignal::new(Vec::<u8>::new());
    let problem = RwSignal::new(None::<String>);
    let done = RwSignal::new(false);
    let failed = move || closing_failed.map(|s| s.get()).unwrap_or(false);
    let doubled = move || mounted.map(|s| s.get()).unwrap_or(false);
    let names = move || -> Result<Vec<String>, String> {
        let r = volley_range(range.get(), charge, failed()).map_err(|e| e.to_string())?;
        let mut n = vec![r];
        n.extend(chosen.get());
        Ok(n)
    };
    let others = move || {
        store.with(|g| {
            g.tables
                .get(key::OPENING_VOLLEY)
                .map(|t| {
                    t.modifiers
                        .iter()
                        .filter(|m| !m.name.starts_with("Range") && m.name != "Charge Range")
                        .map(|m| {
                            (
                                m.name.clone(),
                                format!(
                                    "{} ({}){}",
                                    m.name,
                                    m.rule,
                                    m.value.get().map(|v| format!(": {v:+}")).unwrap_or_else(|| ": not entered".into())
                                ),
                            )
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    };
    let odds = move || {
        let table = store.with(|g| g.tables.get(key::OPENING_VOLLEY).cloned())?;
        let n = match names() {
            Ok(n) => n,
            Err(e) => return Some(view! { <p class="refusal" role="alert">{e}</p> }.into_any()),
        };
        Some(odds_line(
            "The Inactive Player rolls one die plus the modifiers (9.2)".into(),
            odds::loss_and_check(&table, &n, &[]).map(|(loss, _)| vec![("A loss", loss)]),
        ))
    };
    let result = move || -> Option<Result<(String, u8), String>> {
        let die = one_die(&faces.get())?;
        let table = store.with(|g| g.tables.get(key::OPENING_VOLLEY).cloned())?;
        let n = match names() {
            Ok(n) => n,
            Err(e) => return Some(Err(e)),
        };
        Some(
            opening_volley(&table, &n, die.face(), doubled())
                .map(|(r, loss)| {
                    let words = crate::systems::line_of_battle::model::tables::effects(&r.effects);
                    (
                        format!(
                            "Opening Volley: {} {:+} = {}: {words}{}",
                            r.raw,
                            r.drm,
                            r.modified,
                            if doubled() && loss > 0 { ", doubled against a Mounted Charge (11.4e)" } else { "" }
                        ),
                        loss,
                    )
                })
                .map_err(|e| e.to_string()),
        )
    };
    let apply = move |_| {
        let Some(Ok((_, loss))) = result() else { return };
        let commands = store.with_untracked(|g| {
            let units = combat::stack(g, &trigger.get_untracked());
            let strengths: Vec<u8> = units.iter().map(|u| u.strength).collect();
            units
                .iter()
                .zip(opening_volley_distribution(&strengths, loss))
                .filter(|(_, l)| *l > 0)
                .map(|(u, l)| Command::Loss { unit: u.id.clone(), sps: l })
                .collect::<Vec<_>>()
        });
        if commands.is_empty() {
            done.set(true);
            on_done.run(0);
            return;
        }
        match store.dispatch_all(commands) {
            Ok(_) => {
                done.set(true);
                problem.set(None);
                on_done.run(loss);
            }
            Err(e) => problem.set(Some(e.to_string())),
        }
    };
    view! {
        <div class="roll-form volley" role="group" aria-label="Opening Volley">
            {(!charge).then(|| view! {
                <fieldset class="choices inline">
                    <legend>"Range from the Opening Volley Stack (3 hexes or less)"</legend>
                    {(1..=3u8).map(|r| view! {
                        <button type="button" class="button" aria-pressed=move || if range.get() == r { "true" } else { "false" } on:click=move |_| range.set(r)>{r}</button>
                    }).collect_view()}
                </fieldset>
            })}
            <fieldset class="choices">
                <legend>"Modifiers that apply"</legend>
                {move || others().into_iter().map(|(name, label)| {
                    let n = StoredValue::new(name);
                    view! {
                        <label class="choice">
                            <input type="checkbox"
                                prop:checked=move || chosen.with(|c| c.contains(&n.get_value()))
                                on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    chosen.update(|c| { c.retain(|x| *x != n.get_value()); if on { c.push(n.get_value()); } });
                                }/>
                            <span>{label}</span>
                        </label>
                    }
                }).collect_view()}
            </fieldset>
            {odds}
            <DiceEntry name="Opening Volley die" count=Signal::derive(|| 1usize) faces=faces/>
            {move || result().map(|r| match r {
                Ok((text, loss)) => view! {
                    <section class="card result" role="status" aria-label="Opening Volley result">
                        <p class="headline"><strong>{text}</strong></p>
                        {move || if done.get() {
                            view! { <p class="applied">"Applied to the game."</p> }.into_any()
                        } else {
                            let label = if loss > 0 { format!("Apply the {loss} SP loss to the top unit") } else { "No loss: go on".to_string() };
                            view! { <button class="button big primary" on:click=apply>{label}</button> }.into_any()
                        }}
                    </section>
                }
                .into_any(),
                Err(e) => view! { <p class="banner warning" role="status">{format!("{e}.")}</p> }.into_any(),
            })}
            {refusal(problem)}
        </div>
    }
    .into_any()
}
