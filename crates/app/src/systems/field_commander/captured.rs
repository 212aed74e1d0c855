//! Captured guns waiting for their replacement (5.9.1, 5.9.2): the capturing side's Artillery
//! counter of the same or a lower Combat Value, or, with none available, 2 Command Points.

use super::counter::CounterForm;
use super::store::{battle, use_store};
use field_commander::force::{Entry, ForceType, Loyalty};
use field_commander::game::Command;
use leptos::prelude::*;

/// The captures still to settle.
#[component]
pub fn CapturedGuns() -> impl IntoView {
    let store = use_store();
    let waiting = move || {
        battle(store, |b| {
            b.captured
                .iter()
                .enumerate()
                .filter(|(_, c)| c.settled.is_none())
                .map(|(i, c)| {
                    let cv = match c.gun.full.combat {
                        Entry::Entered(v) | Entry::MadeUp(v) => v,
                        Entry::Missing => 0,
                    };
                    (i, c.gun.name.clone(), c.by, cv)
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        {move || {
            let list = waiting();
            (!list.is_empty()).then(|| view! {
                <section class="fc-captured" aria-labelledby="captured-title">
                    <h2 id="captured-title">"Captured guns (5.9.1)"</h2>
                    {list
                        .into_iter()
                        .map(|(index, name, by, cv)| {
                            let source = if by == Loyalty::Union {
                                "The Union takes its replacement from the Captured Artillery Pile first, then the Additional Forces cup (5.9.2.2)"
                            } else {
                                "Take your replacement from the Captured Artillery Pile or your available Artillery (5.9.2.1)"
                            };
                            view! {
                                <article class="card">
                                    <p><strong>{format!("{name}, captured by the {}", by.label())}</strong></p>
                                    <p class="muted">{format!("{source}: a {} Artillery counter of Combat Value {cv} or lower.", by.label())}</p>
                                    {move || match store.with(|g| g.capture_candidates(index)) {
                                        // A campaign's battle: its own counters, as the rule picks them.
                                        Some(offered) if !offered.is_empty() => view! {
                                            <fieldset class="choices">
                                                <legend>{if by == Loyalty::Union {
                                                    "The rule's pick: choose among equals (5.9.2.2, 20.0)"
                                                } else {
                                                    "Your pick (5.9.2.1)"
                                                }}</legend>
                                                {offered.into_iter().map(|c| {
                                                    let cv = c.full.combat.get(&c.name, "Combat Value").map(|v| v.to_string()).unwrap_or_default();
                                                    let label = format!("Place {} (Combat Value {cv})", c.name);
                                                    view! {
                                                        <button class="button" on:click=move |_| store.send(Command::ReplaceCapturedGun { index, counter: Some(c.clone()) })>{label}</button>
                                                    }
                                                }).collect_view()}
                                            </fieldset>
                                        }.into_any(),
                                        offered => {
                                            let campaign = offered.is_some();
                                            view! {
                                                <button
                                                    class="button"
                                                    on:click=move |_| store.send(Command::ReplaceCapturedGun { index, counter: None })
                                                >
                                                    {format!("None available: the {} side gains 2 Command Points", by.label())}
                                                </button>
                                                <Show when=move || !campaign>
                                                    <details class="more">
                                                        <summary class="button">"Enter its replacement"</summary>
                                                        <CounterForm
                                                            side=by
                                                            kind=ForceType::Artillery
                                                            most_combat=cv
                                                            submit="Place the replacement"
                                                            on_submit=Callback::new(move |c| store.send(Command::ReplaceCapturedGun { index, counter: Some(c) }))
                                                        />
                                                    </details>
                                                </Show>
                                            }.into_any()
                                        }
                                    }}
                                </article>
                            }
                        })
                        .collect_view()}
                </section>
            })
        }}
    }
    .into_any()
}
