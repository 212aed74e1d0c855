//! What an Order says, field by field as its type needs (13.1, 13.2a-d, 13.1d, 13.4b).

use crate::systems::line_of_battle::store::use_store;
use leptos::prelude::*;
use line_of_battle::orders::{Condition, DefensivePosition, Instructions, OrderKind};

/// The fields of an Order being written.
#[derive(Clone, Copy)]
pub struct Fields {
    objective: RwSignal<String>,
    route: RwSignal<String>,
    departure: RwSignal<String>,
    axis: RwSignal<String>,
    orientation: RwSignal<String>,
    front: RwSignal<String>,
    left: RwSignal<String>,
    right: RwSignal<String>,
    preliminary: RwSignal<String>,
    text: RwSignal<String>,
    reserves: RwSignal<Vec<String>>,
    condition: RwSignal<String>,
    condition_formation: RwSignal<String>,
    condition_minutes: RwSignal<String>,
}

impl Fields {
    /// Empty fields.
    pub fn new() -> Fields {
        let s = || RwSignal::new(String::new());
        Fields {
            objective: s(),
            route: s(),
            departure: s(),
            axis: s(),
            orientation: s(),
            front: s(),
            left: s(),
            right: s(),
            preliminary: s(),
            text: s(),
            reserves: RwSignal::new(Vec::new()),
            condition: s(),
            condition_formation: s(),
            condition_minutes: s(),
        }
    }

    /// What the Order says, for its type.
    pub fn instructions(self, kind: OrderKind) -> Instructions {
        let get = |s: RwSignal<String>| s.get_untracked().trim().to_string();
        let position = (kind == OrderKind::Defensive).then(|| DefensivePosition {
            orientation: get(self.orientation),
            front_line: get(self.front),
            left: get(self.left),
            right: get(self.right),
        });
        let condition = match self.condition.get_untracked().as_str() {
            "before" => Some(Condition::BeforeFirstLight),
            "first" => Some(Condition::FirstLight),
            "with" => Some(Condition::With(get(self.condition_formation))),
            "after" => Some(Condition::After {
                formation: get(self.condition_formation),
                minutes: get(self.condition_minutes).parse().unwrap_or(0),
            }),
            _ => None,
        };
        Instructions {
            objective: if kind == OrderKind::Defensive || kind == OrderKind::Reserve {
                String::new()
            } else {
                get(self.objective)
            },
            route: if matches!(kind, OrderKind::Attack | OrderKind::Move) { get(self.route) } else { String::new() },
            line_of_departure: if kind == OrderKind::Attack { get(self.departure) } else { String::new() },
            axis: if kind == OrderKind::Attack { get(self.axis) } else { String::new() },
            position,
            reserves: if kind == OrderKind::Move { Vec::new() } else { self.reserves.get_untracked() },
            preliminary: if kind == OrderKind::Move { String::new() } else { get(self.preliminary) },
            condition,
            text: get(self.text),
        }
    }

    /// Empties the fields after the Order is written.
    pub fn clear(self) {
        for s in [
            self.objective,
            self.route,
            self.departure,
            self.axis,
            self.orientation,
            self.front,
            self.left,
            self.right,
            self.preliminary,
            self.text,
            self.condition,
            self.condition_formation,
            self.condition_minutes,
        ] {
            s.set(String::new());
        }
        self.reserves.set(Vec::new());
    }
}

fn field(label: &'static str, value: RwSignal<String>) -> AnyView {
    view! {
        <label class="field">
            <span>{label}</span>
            <input type="text" maxlength="200" autocomplete="off" bind:value=value/>
        </label>
    }
    .into_any()
}

/// The fields the Order's type needs, the others left out.
#[component]
pub fn InstructionFields(
    kind: RwSignal<OrderKind>,
    fields: Fields,
    /// The Formation ordered: its subordinate Formations may be set in Reserve (13.2d).
    formation: RwSignal<String>,
) -> impl IntoView {
    let store = use_store();
    let below = move || {
        store.with(|g| {
            g.oob.below(&formation.get()).into_iter().map(|f| (f.id.clone(), f.name.clone())).collect::<Vec<_>>()
        })
    };
    let f = fields;
    view! {
        <div class="order-fields">
            {move || match kind.get() {
                OrderKind::Attack => view! {
                    {field("Starting Location: the Line of Departure (13.2a)", f.departure)}
                    {field("Route to the Line of Departure", f.route)}
                    {field("Axis of Advance", f.axis)}
                    {field("Objective", f.objective)}
                }
                .into_any(),
                OrderKind::Move => view! {
                    {field("Objective: the HQ's destination (13.2b)", f.objective)}
                    {field("Route, by road as much as possible", f.route)}
                }
                .into_any(),
                OrderKind::Defensive => view! {
                    {field("Orientation of the Defensive Position (13.2c)", f.orientation)}
                    {field("Front-line", f.front)}
                    {field("Left boundary", f.left)}
                    {field("Right boundary", f.right)}
                }
                .into_any(),
                OrderKind::Reserve => ().into_any(),
            }}
            <Show when=move || kind.get() != OrderKind::Move>
                <fieldset class="choices">
                    <legend>{move || if kind.get() == OrderKind::Reserve { "Formations set in Reserve (13.2d)" } else { "Reserve, if any (13.2d)" }}</legend>
                    {move || {
                        let options = below();
                        if options.is_empty() {
                            view! { <p class="muted">"No Formation under this one."</p> }.into_any()
                        } else {
                            options
                                .into_iter()
                                .map(|(id, name)| {
                                    let id = StoredValue::new(id);
                                    view! {
                                        <label class="choice">
                                            <input
                                                type="checkbox"
                                                prop:checked=move || f.reserves.with(|r| r.contains(&id.get_value()))
                                                on:change=move |ev| {
                                                    let on = event_target_checked(&ev);
                                                    f.reserves.update(|r| {
                                                        r.retain(|x| *x != id.get_value());
                                                        if on {
                                                            r.push(id.get_value());
                                                        }
                                                    });
                                                }
                                            />
                                            <span>{name}</span>
                                        </label>
                                    }
                                })
                                .collect_view()
                                .into_any()
                        }
                    }}
                </fieldset>
                {field("Preliminary Movement Instructions (13.1d), if any", f.preliminary)}
            </Show>
            <details class="more">
                <summary class="button">"A starting Condition (13.4b), rarely"</summary>
                <label class="field">
                    <span>"Condition"</span>
                    <select on:change=move |ev| f.condition.set(event_target_value(&ev))>
                        <option value="">"None"</option>
                        <option value="before">"Before First Light"</option>
                        <option value="first">"First Light"</option>
                        <option value="with">"When another Formation begins its attack"</option>
                        <option value="after">"A period after another Formation begins its attack"</option>
                    </select>
                </label>
                <Show when=move || matches!(f.condition.get().as_str(), "with" | "after")>
                    {field("That Formation", f.condition_formation)}
                </Show>
                <Show when=move || f.condition.get() == "after">
                    {field("Minutes after (hours or half hours: 30, 60, 90...)", f.condition_minutes)}
                </Show>
            </details>
            {field("In your own words (13.1a), if you like", f.text)}
        </div>
    }
    .into_any()
}
