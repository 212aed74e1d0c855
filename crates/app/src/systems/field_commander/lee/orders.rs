//! Each Confederate force's plan as it acts (14.4): its Battle Plan Counter, or the Default
//! Battle Plans open to it (12.4, 11.5), the attack it would make with every modifier and its
//! rule before the roll; the Formation counter (12.3.7) and Clear Orders (11.2.1).

use super::{LeeState, Pending};
use crate::systems::field_commander::dice::random_pick;
use crate::systems::field_commander::step::modifier_words;
use crate::systems::field_commander::store::{battle, use_store};
use field_commander::battlefield::{Formation, Region};
use field_commander::force::{ForceType, Loyalty};
use field_commander::game::Command;
use field_commander::lee::{self, FormationChange, LeeOrder, SecondMove};
use field_commander::state::Stage;
use field_commander::union::SpecialPlan;
use leptos::prelude::*;

/// A force that may act now.
#[derive(Clone, Debug, PartialEq)]
struct Actor {
    id: u32,
    name: String,
    facts: String,
    counter: Option<(String, &'static str)>,
    choices: Vec<LeeOrder>,
    cavalry: bool,
    melee: bool,
    in_reserve: bool,
    /// The Union forces of equal lowest Skill Level its attack may take (11.9): the player's pick.
    tied: Vec<(u32, String)>,
}

/// The fire a force would make at the `tie`th of its tied targets, with every modifier.
fn fire_words(b: &field_commander::Battle, id: u32, tie: usize) -> Option<String> {
    lee::attack_preview(b, id, None, tie).ok().flatten().map(|(t, v)| {
        let mods: Vec<String> = v.modifiers.iter().map(modifier_words).collect();
        let mods = if mods.is_empty() { "no modifier".to_string() } else { mods.join(", ") };
        format!(
            "Fire at {} at {}/{} ({}; printed {})",
            b.field.get(t).map(|x| x.counter.name.clone()).unwrap_or_default(),
            v.combat(),
            v.superior(),
            mods,
            v.printed_combat
        )
    })
}

fn actors(b: &field_commander::Battle) -> Vec<Actor> {
    let prepared = lee::prepared_waiting(b);
    b.field
        .side(Loyalty::Confederate)
        .filter(|f| !b.lee_acted.contains(&f.id))
        .filter(|f| b.stage != Stage::UnionResolve || prepared.contains(&f.id))
        .map(|f| {
            let melee = b.field.in_melee(f.id).unwrap_or(false);
            let counter = lee::attached(b, f.id).filter(|_| !melee).map(|p| (p.label().to_string(), p.words()));
            let tied = lee::tied_targets(b, f.id)
                .unwrap_or_default()
                .into_iter()
                .map(|t| (t, b.field.get(t).map(|x| x.counter.name.clone()).unwrap_or_default()))
                .collect();
            Actor {
                id: f.id,
                name: f.counter.name.clone(),
                facts: format!(
                    "{}, {:?}, in the {}{}",
                    f.counter.kind.label(),
                    f.formation,
                    f.region.label(),
                    if melee { ", in Melee" } else { "" }
                ),
                counter,
                choices: lee::default_choices(b, f.id),
                cavalry: f.counter.kind == ForceType::Cavalry,
                melee,
                in_reserve: f.region == Region::ConfederateReserve,
                tied,
            }
        })
        .collect()
}

/// The forces that may act now, each with its choices.
#[component]
pub fn ForcesToAct() -> impl IntoView {
    let store = use_store();
    let list = move || battle(store, actors);
    view! {
        <section aria-labelledby="act-title">
            <h2 id="act-title">{move || battle(store, |b| if b.stage == Stage::UnionResolve {
                "Prepared forces act first (12.3.8)"
            } else {
                "Resolve Confederate Battle Plans (14.4)"
            })}</h2>
            <ul class="fc-act-list">
                {move || {
                    let all = list();
                    if all.is_empty() {
                        view! { <li class="muted">"No force is left to act."</li> }.into_any()
                    } else {
                        all.into_iter().map(|a| view! { <ActorCard actor=a/> }).collect_view().into_any()
                    }
                }}
            </ul>
            <FormationCounter/>
            <ClearOrders/>
        </section>
    }
    .into_any()
}

#[component]
fn ActorCard(actor: Actor) -> impl IntoView {
    let state = expect_context::<LeeState>();
    let store = use_store();
    let change = RwSignal::new(FormationChange::None);
    let second = RwSignal::new(SecondMove::None);
    let back = RwSignal::new(actor.melee);
    let id = actor.id;
    // Ties among the lowest Skill Level are the player's to break (11.9).
    let tie = RwSignal::new(0usize);
    let tied = actor.tied.clone();
    let name = StoredValue::new(actor.name.clone());
    let ask = move |order: LeeOrder, what: String| {
        let title = format!("{}: {what}", name.get_value());
        state.pending.set(Some(Pending {
            title,
            command: Command::ConfederateAct { force: id, order, rolls: vec![], tie: tie.get_untracked() },
        }));
    };
    let cup = move || {
        battle(store, |b| {
            let mut p: Vec<SpecialPlan> = b.cup.as_ref().map(|c| c.contents.clone()).unwrap_or_default();
            p.sort();
            p.dedup();
            p
        })
    };
    let choices = actor.choices.clone();
    let fire = move || battle(store, |b| fire_words(b, id, tie.get()));
    let cavalry = actor.cavalry;
    let melee = actor.melee;
    let in_reserve = actor.in_reserve;
    view! {
        <li class="card fc-actor">
            <p><strong>{actor.name.clone()}</strong></p>
            <p class="muted">{actor.facts.clone()}</p>
            {(tied.len() > 1).then(|| view! {
                <fieldset class="choices inline">
                    <legend>"Its target among equal Skill Levels: your pick (11.9)"</legend>
                    {tied.into_iter().enumerate().map(|(i, (_, n))| view! {
                        <button class="button" aria-pressed=move || if tie.get() == i { "true" } else { "false" } on:click=move |_| tie.set(i)>{n}</button>
                    }).collect_view()}
                </fieldset>
            })}
            {match actor.counter.clone() {
                Some((plan, words)) => {
                    let label = format!("Follow {plan}");
                    view! {
                        <p class="fc-plan">{format!("Carries {plan}: {words}")}</p>
                        <button class="button big primary" on:click=move |_| ask(LeeOrder::Counter, plan.clone())>{label}</button>
                    }
                }
                .into_any(),
                None => view! {
                    <div class="fc-orders">
                        {choices.into_iter().map(|order| match order {
                            LeeOrder::March { .. } => view! {
                                <details class="more">
                                    <summary class="button">"March (12.4.1)"</summary>
                                    {(!melee).then(|| view! {
                                        <fieldset class="choices inline">
                                            <legend>"Change Formation"</legend>
                                            {[(FormationChange::None, "No"), (FormationChange::Before, "Before moving"), (FormationChange::After, "After moving")]
                                                .into_iter()
                                                .map(|(v, l)| view! {
                                                    <button class="button" aria-pressed=move || if change.get() == v { "true" } else { "false" } on:click=move |_| change.set(v)>{l}</button>
                                                })
                                                .collect_view()}
                                        </fieldset>
                                    })}
                                    {(in_reserve && !melee).then(|| view! {
                                        <fieldset class="choices inline">
                                            <legend>"Direction"</legend>
                                            <button class="button" aria-pressed=move || if !back.get() { "true" } else { "false" } on:click=move |_| back.set(false)>"Toward the Union"</button>
                                            <button class="button" aria-pressed=move || if back.get() { "true" } else { "false" } on:click=move |_| back.set(true)>"Off the sheet (14.5.1)"</button>
                                        </fieldset>
                                    })}
                                    {cavalry.then(|| view! {
                                        <fieldset class="choices inline">
                                            <legend>"Cavalry's second move"</legend>
                                            {[(SecondMove::None, "None"), (SecondMove::Advance, "Advance again"), (SecondMove::Retreat, "Retreat")]
                                                .into_iter()
                                                .map(|(v, l)| view! {
                                                    <button class="button" aria-pressed=move || if second.get() == v { "true" } else { "false" } on:click=move |_| second.set(v)>{l}</button>
                                                })
                                                .collect_view()}
                                        </fieldset>
                                    })}
                                    <button
                                        class="button primary"
                                        on:click=move |_| ask(
                                            LeeOrder::March { change: change.get_untracked(), back: back.get_untracked(), second: second.get_untracked() },
                                            if back.get_untracked() { "March back (11.5, 14.5.1)".into() } else { "March (12.4.1)".into() },
                                        )
                                    >
                                        {if melee { "March back out of the Melee" } else { "March" }}
                                    </button>
                                </details>
                            }
                            .into_any(),
                            LeeOrder::Fire => {
                                let words = move || fire().unwrap_or_else(|| "Fire (12.4.2): no Union Force in reach".into());
                                view! {
                                    <button class="button" on:click=move |_| ask(LeeOrder::Fire, "Fire (12.4.2)".into())>{words}</button>
                                }
                                .into_any()
                            }
                            LeeOrder::Disrupt { .. } => view! {
                                <details class="more">
                                    <summary class="button">"Disrupt (12.4.3)"</summary>
                                    <button class="button" on:click=move |_| ask(
                                        LeeOrder::Disrupt { plan: None, picks: vec![random_pick(), random_pick(), random_pick()] },
                                        "Disrupt: three plans at random (12.4.3)".into(),
                                    )>"Three plans at random"</button>
                                    <fieldset class="choices inline">
                                        <legend>"Or examine the cup and take one"</legend>
                                        {move || cup().into_iter().map(|p| view! {
                                            <button class="button" on:click=move |_| ask(
                                                LeeOrder::Disrupt { plan: Some(p), picks: vec![] },
                                                format!("Disrupt: take {} (12.4.3)", p.label()),
                                            )>{p.label()}</button>
                                        }).collect_view()}
                                    </fieldset>
                                </details>
                            }
                            .into_any(),
                            LeeOrder::Pivot => view! {
                                <button class="button" on:click=move |_| ask(LeeOrder::Pivot, "Pivot (12.4.4)".into())>"Pivot (12.4.4)"</button>
                            }
                            .into_any(),
                            LeeOrder::Retreat => view! {
                                <button class="button primary" on:click=move |_| ask(LeeOrder::Retreat, "Retreat (12.4.5)".into())>"Retreat (12.4.5)"</button>
                            }
                            .into_any(),
                            LeeOrder::Hold => view! {
                                <button class="button" on:click=move |_| ask(LeeOrder::Hold, "Hold (12.4.6)".into())>"Hold (12.4.6)"</button>
                            }
                            .into_any(),
                            LeeOrder::Counter => ().into_any(),
                        }).collect_view()}
                    </div>
                }
                .into_any(),
            }}
        </li>
    }
    .into_any()
}

/// The Formation counter, once placed (12.3.7).
#[component]
fn FormationCounter() -> impl IntoView {
    let store = use_store();
    let chosen = RwSignal::new(Vec::<(u32, Formation)>::new());
    let open =
        move || battle(store, |b| !b.formation_used && b.plans.iter().any(|p| p.plan == lee::BattlePlan::Formation));
    let forces = move || {
        battle(store, |b| {
            b.field
                .side(Loyalty::Confederate)
                .filter(|f| matches!(f.counter.kind, ForceType::Infantry | ForceType::Cavalry))
                .map(|f| (f.id, f.counter.name.clone(), f.formation))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <Show when=open>
            <details class="more">
                <summary class="button">"Use the Formation counter (12.3.7)"</summary>
                <p class="muted">"Up to 3 forces change Formation, Melee included."</p>
                {move || forces().into_iter().map(|(id, name, now)| {
                    let to = if now == Formation::Line { Formation::Column } else { Formation::Line };
                    view! {
                        <button
                            class="button"
                            aria-pressed=move || if chosen.with(|c| c.iter().any(|x| x.0 == id)) { "true" } else { "false" }
                            on:click=move |_| chosen.update(|c| {
                                if let Some(i) = c.iter().position(|x| x.0 == id) { c.remove(i); } else if c.len() < 3 { c.push((id, to)); }
                            })
                        >
                            {format!("{name}: to {to:?}")}
                        </button>
                    }
                }).collect_view()}
                <button class="button primary" on:click=move |_| {
                    store.send(Command::UseFormationPlan { changes: chosen.get_untracked() });
                    chosen.set(Vec::new());
                }>"Change their Formation"</button>
            </details>
        </Show>
    }
    .into_any()
}

/// Clear Orders with a Scout (11.2.1).
#[component]
fn ClearOrders() -> impl IntoView {
    let store = use_store();
    let chosen = RwSignal::new(Vec::<u32>::new());
    let scouts = move || battle(store, |b| b.scouts);
    let forces = move || {
        battle(store, |b| {
            b.field
                .side(Loyalty::Confederate)
                .filter(|f| !b.lee_acted.contains(&f.id) && !b.clear_orders.contains(&f.id))
                .map(|f| (f.id, f.counter.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <Show when=move || { scouts() > 0 }>
            <details class="more">
                <summary class="button">{move || format!("Clear Orders: a Scout, no Activation check (11.2.1; {} Scouts)", scouts())}</summary>
                <p class="muted">"Up to 3 forces on Default Battle Plans, or one on a Battle Plan Counter, this turn."</p>
                {move || forces().into_iter().map(|(id, name)| view! {
                    <button
                        class="button"
                        aria-pressed=move || if chosen.with(|c| c.contains(&id)) { "true" } else { "false" }
                        on:click=move |_| chosen.update(|c| if let Some(i) = c.iter().position(|x| *x == id) { c.remove(i); } else { c.push(id); })
                    >
                        {name}
                    </button>
                }).collect_view()}
                <button class="button primary" on:click=move |_| {
                    store.send(Command::ClearOrders { forces: chosen.get_untracked() });
                    chosen.set(Vec::new());
                }>"Discard a Scout: Clear Orders"</button>
            </details>
        </Show>
    }
    .into_any()
}
