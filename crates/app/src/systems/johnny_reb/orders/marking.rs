//! Marking one side's orders (1.1): its regiments and gun sections by brigade and battery, one
//! order per unit in one or two taps, one order for a whole brigade or battery (1.1.2), and
//! every refusal shown with its reason.

use super::timer::{MarkingClock, unlock_audio};
use crate::systems::johnny_reb::roster::morale_words;
use crate::systems::johnny_reb::store::{Store, use_store};
use johnny_reb::rules::command_integrity::IntegrityLevel;
use johnny_reb::rules::unit::{Formation, MoraleLevel, OrderKind};
use johnny_reb::state::command::Command;
use johnny_reb::state::game::Game;
use johnny_reb::state::ids::UnitId;
use johnny_reb::state::orders::{
    MoveDirection, OrderChoice, OrderedUnit, OrdersCommand, integrity_of, units_of, unmarked_units,
};
use johnny_reb::state::roster::{Roster, Side};
use leptos::prelude::*;

/// The six orders of phase one (1.2), in counter-sheet order.
const ORDERS: [OrderKind; 6] = [
    OrderKind::Move,
    OrderKind::FormationChange,
    OrderKind::Disengage,
    OrderKind::FirstFire,
    OrderKind::Charge,
    OrderKind::Hold,
];

const REGIMENT_FORMATIONS: [Formation; 6] = [
    Formation::Line,
    Formation::MarchColumn,
    Formation::Skirmish,
    Formation::AttackColumn,
    Formation::BrigadeColumn,
    Formation::ExtendedLine,
];

const SECTION_FORMATIONS: [Formation; 2] = [Formation::Limbered, Formation::Unlimbered];

/// A brigade's regiments or a battery's sections: what one counter may cover (1.1.2).
#[derive(Clone, Debug, PartialEq)]
struct Group {
    id: String,
    name: String,
    units: Vec<OrderedUnit>,
}

/// The side's groups by division, in roster order, with the units still in play.
fn groups_of(roster: &Roster, side: Side) -> Vec<(String, Vec<Group>)> {
    let units = units_of(roster, side);
    let take = |group: &str| units.iter().filter(|u| u.group == group).cloned().collect::<Vec<_>>();
    let mut out = Vec::new();
    for d in &roster.army(side).divisions {
        let mut groups = Vec::new();
        for b in &d.brigades {
            groups.push(Group { id: b.id.to_string(), name: b.name.clone(), units: take(&b.id) });
            for bat in &b.batteries {
                groups.push(Group { id: bat.id.to_string(), name: bat.name.clone(), units: take(&bat.id) });
            }
        }
        for bat in &d.batteries {
            groups.push(Group { id: bat.id.to_string(), name: bat.name.clone(), units: take(&bat.id) });
        }
        groups.retain(|g| !g.units.is_empty());
        if !groups.is_empty() {
            out.push((d.name.clone(), groups));
        }
    }
    out
}

/// What an order tap applies to.
#[derive(Clone, Debug, PartialEq)]
enum Target {
    Unit(UnitId),
    Group(String),
}

/// Sends the order; a refusal's reason goes to `refusal` (shown beside the buttons).
fn send(store: Store, target: &Target, order: OrderChoice, refusal: RwSignal<Option<String>>) -> bool {
    let cmd = match target {
        Target::Unit(unit) => OrdersCommand::Mark { unit: unit.clone(), order },
        Target::Group(group) => OrdersCommand::MarkGroup { group: group.clone(), order },
    };
    match store.dispatch(Command::Orders(cmd)) {
        Ok(_) => {
            refusal.set(None);
            true
        }
        Err(e) => {
            refusal.set(Some(e.to_string()));
            false
        }
    }
}

/// The step after the first tap, for orders that need more.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Step {
    Direction,
    /// A shaken unit's move: the player confirms it does not close on the enemy (1.1.3).
    ConfirmAway(MoveDirection),
    /// A forward move of a command that has ceased offensive activity: allowed only into a
    /// position friendly troops hold, or for an isolated unit rejoining (11.2).
    ConfirmFriendly(MoveDirection),
    Formation,
    Objective,
}

/// The order buttons for a unit or a group, with the second step where an order needs one.
#[component]
fn OrderPicker(
    target: Target,
    /// Who takes the order (one unit, or the group's units).
    units: Vec<OrderedUnit>,
    /// The enemy's units, the objectives a charge may have (5.1.1).
    enemies: Vec<OrderedUnit>,
    /// The order marked, for aria-pressed.
    current: Signal<Option<OrderKind>>,
    /// Called after an order is marked.
    on_done: Callback<()>,
    /// Names the buttons' group for screen readers.
    label: String,
) -> impl IntoView {
    let store = use_store();
    let step = RwSignal::new(None::<Step>);
    let refusal = RwSignal::new(None::<String>);
    let target = StoredValue::new(target);
    let shaken = units.iter().any(|u| u.morale == MoraleLevel::Shaken);
    let sections = units.iter().all(|u| u.section);
    let f2 = move || store.session.with_untracked(|s| s.game().setup.rules.movement.orders_for_shaken_units);
    let ceased = store
        .session
        .with_untracked(|s| units.iter().any(|u| integrity_of(s.game(), u) == IntegrityLevel::CeaseOffensive));
    let enemies = StoredValue::new(enemies);

    let mark = move |order: OrderChoice| {
        if send(store, &target.get_value(), order, refusal) {
            step.set(None);
            on_done.run(());
        }
    };
    let tap = move |kind: OrderKind| {
        unlock_audio();
        refusal.set(None);
        match kind {
            OrderKind::Move => step.set(Some(Step::Direction)),
            OrderKind::FormationChange => step.set(Some(Step::Formation)),
            OrderKind::Charge if shaken && !f2() => {
                // Refused by the rules: send it so the reason comes from them (1.1.3).
                step.set(None);
                if let Some(e) = enemies.get_value().first() {
                    mark(OrderChoice::charge(e.id.clone()));
                } else {
                    refusal.set(Some("There is no enemy unit to charge.".into()));
                }
            }
            OrderKind::Charge => step.set(Some(Step::Objective)),
            other => mark(OrderChoice::plain(other)),
        }
    };
    let direction = move |d: MoveDirection| {
        if shaken {
            step.set(Some(Step::ConfirmAway(d)));
        } else if ceased && d.is_forward() {
            step.set(Some(Step::ConfirmFriendly(d)));
        } else {
            mark(OrderChoice::movement(d, d.is_forward()));
        }
    };
    let formations: Vec<Formation> = if sections { SECTION_FORMATIONS.to_vec() } else { REGIMENT_FORMATIONS.to_vec() };

    view! {
        <div class="order-picker" role="group" aria-label=label>
            <div class="order-buttons">
                {ORDERS
                    .into_iter()
                    .map(|kind| view! {
                        <button
                            class="button order"
                            aria-pressed=move || if current.get() == Some(kind) { "true" } else { "false" }
                            on:click=move |_| tap(kind)
                        >
                            <span class="order-code">{kind.code()}</span>
                            " "
                            <span class="order-word">{kind.label()}</span>
                        </button>
                    })
                    .collect_view()}
            </div>
            {move || match step.get() {
                None => ().into_any(),
                Some(Step::Direction) => view! {
                    <fieldset class="choices step">
                        <legend>"Direction of the move (1.2)"</legend>
                        <div class="direction-grid">
                            {MoveDirection::ALL
                                .into_iter()
                                .map(|d| view! {
                                    <button class="button" aria-label=d.label() on:click=move |_| direction(d)>
                                        <span aria-hidden="true">{d.arrow()}</span>" "{d.label()}
                                    </button>
                                })
                                .collect_view()}
                        </div>
                        <button class="button" on:click=move |_| step.set(None)>"Cancel"</button>
                    </fieldset>
                }
                .into_any(),
                Some(Step::ConfirmAway(d)) => view! {
                    <fieldset class="choices step">
                        <legend>"A shaken unit may not move any closer to the enemy (1.1.3)"</legend>
                        <p>{format!("Does this move {} keep it from coming any closer to the enemy?", d.label())}</p>
                        <div class="row">
                            <button class="button primary" on:click=move |_| mark(OrderChoice::movement(d, false))>
                                "It does not close on the enemy"
                            </button>
                            {f2().then(|| view! {
                                <button class="button" on:click=move |_| mark(OrderChoice::movement(d, true))>
                                    "It closes on the enemy (Appendix F.2)"
                                </button>
                            })}
                            <button class="button" on:click=move |_| step.set(None)>"Cancel"</button>
                        </div>
                    </fieldset>
                }
                .into_any(),
                Some(Step::ConfirmFriendly(d)) => view! {
                    <fieldset class="choices step">
                        <legend>"The command has ceased offensive activity (11.2)"</legend>
                        <p>{format!("A move {} toward the enemy is allowed only into a position friendly troops already hold, or for an isolated unit rejoining the main force.", d.label())}</p>
                        <div class="row">
                            <button class="button primary" on:click=move |_| mark(OrderChoice { into_friendly_position: true, ..OrderChoice::movement(d, true) })>
                                "Into a position friendly troops hold"
                            </button>
                            <button class="button" on:click=move |_| mark(OrderChoice { rejoining: true, ..OrderChoice::movement(d, true) })>
                                "Isolated, rejoining the main force"
                            </button>
                            <button class="button" on:click=move |_| mark(OrderChoice::movement(d, true))>"Neither"</button>
                            <button class="button" on:click=move |_| step.set(None)>"Cancel"</button>
                        </div>
                    </fieldset>
                }
                .into_any(),
                Some(Step::Formation) => view! {
                    <fieldset class="choices step">
                        <legend>"New formation (1.2)"</legend>
                        <div class="row">
                            {formations
                                .clone()
                                .into_iter()
                                .map(|f| view! {
                                    <button class="button" on:click=move |_| mark(OrderChoice {
                                        formation: Some(f),
                                        ..OrderChoice::plain(OrderKind::FormationChange)
                                    })>{f.label()}</button>
                                })
                                .collect_view()}
                        </div>
                        <button class="button" on:click=move |_| step.set(None)>"Cancel"</button>
                    </fieldset>
                }
                .into_any(),
                Some(Step::Objective) => view! {
                    <fieldset class="choices step">
                        <legend>"Objective of the charge (3.1, 5.1.1)"</legend>
                        <div class="row">
                            {enemies
                                .get_value()
                                .into_iter()
                                .map(|e| {
                                    let id = e.id.clone();
                                    view! {
                                        <button class="button" on:click=move |_| mark(OrderChoice::charge(id.clone()))>
                                            {e.name.clone()}
                                        </button>
                                    }
                                })
                                .collect_view()}
                        </div>
                        <button class="button" on:click=move |_| step.set(None)>"Cancel"</button>
                    </fieldset>
                }
                .into_any(),
            }}
            <p class="refusal" role="alert">{move || refusal.get()}</p>
        </div>
    }
    .into_any()
}

/// One regiment or section: its order now and the order buttons.
#[component]
fn UnitCard(unit: OrderedUnit, enemies: Vec<OrderedUnit>) -> impl IntoView {
    let store = use_store();
    let id = StoredValue::new(unit.id.clone());
    let order = Memo::new(move |_| {
        store.session.with(|s| s.game().orders_this_turn().and_then(|t| t.order_of(&id.get_value()).cloned()))
    });
    let current = Signal::derive(move || order.get().map(|o| o.kind));
    let name = unit.name.clone();
    let routed = unit.morale == MoraleLevel::Routed;
    let objective_name = move || {
        order.get().and_then(|o| o.objective).map(|obj| {
            store.session.with(|s| {
                let r = &s.game().roster;
                r.regiment(&obj)
                    .map(|x| x.name.clone())
                    .or_else(|| r.section(&obj).map(|x| x.name.clone()))
                    .unwrap_or_default()
            })
        })
    };
    view! {
        <article class="unit-card order-card" aria-label=name.clone()>
            <header class="unit-head">
                <h4>{name.clone()}</h4>
                <span class="badge">{morale_words(unit.morale)}</span>
            </header>
            {if routed {
                view! { <p class="unit-facts">"Routed: not marked; it moves in Phase Two until rallied (1.1.3)."</p> }.into_any()
            } else {
                view! {
                    <p class="unit-facts current-order" aria-live="polite">
                        {move || match order.get() {
                            None => "Not marked yet".to_string(),
                            Some(o) => {
                                let mut t = format!("Order: {} {}", o.code(), o.words());
                                if let Some(n) = objective_name() {
                                    t.push_str(&format!(", objective {n}"));
                                }
                                t
                            }
                        }}
                    </p>
                    <OrderPicker
                        target=Target::Unit(unit.id.clone())
                        units=vec![unit.clone()]
                        enemies=enemies
                        current=current
                        on_done=Callback::new(|_| ())
                        label=format!("Orders for {name}")
                    />
                    <Show when=move || order.get().is_some()>
                        <button
                            class="button"
                            on:click=move |_| store.send(Command::Orders(OrdersCommand::Clear { unit: id.get_value() }))
                        >
                            "Take back this order"
                        </button>
                    </Show>
                }
                .into_any()
            }}
        </article>
    }
    .into_any()
}

/// A brigade or battery with its units and the "same order for all" action (1.1.2).
#[component]
fn GroupBlock(group: Group, enemies: Vec<OrderedUnit>) -> impl IntoView {
    let open = RwSignal::new(false);
    let name = group.name.clone();
    let units = group.units.clone();
    let picker_enemies = enemies.clone();
    let all = units.len() > 1;
    view! {
        <section class="brigade order-group" aria-label=name.clone()>
            <h3>{name.clone()}</h3>
            {all.then(|| {
                let name = name.clone();
                let units = units.clone();
                let enemies = picker_enemies.clone();
                let id = group.id.clone();
                view! {
                    <button
                        class="button"
                        aria-expanded=move || if open.get() { "true" } else { "false" }
                        on:click=move |_| open.update(|o| *o = !*o)
                    >
                        {format!("Same order for all of {name}")}
                    </button>
                    <Show when=move || open.get()>
                        <OrderPicker
                            target=Target::Group(id.clone())
                            units=units.clone()
                            enemies=enemies.clone()
                            current=Signal::derive(|| None)
                            on_done=Callback::new(move |_| open.set(false))
                            label=format!("One order for all of {}", name.clone())
                        />
                    </Show>
                }
            })}
            {units.into_iter().map(|u| view! { <UnitCard unit=u enemies=enemies.clone()/> }).collect_view()}
        </section>
    }
    .into_any()
}

/// The units of a side still without an order this turn, asked about before finishing.
#[derive(Clone, Debug, PartialEq)]
struct Unmarked {
    total: usize,
    names: Vec<String>,
}

impl Unmarked {
    fn of(game: &Game, side: Side) -> Unmarked {
        let marked =
            game.orders_this_turn().map_or(0, |t| t.orders.iter().filter(|o| o.side == side && !o.by_default).count());
        let names: Vec<String> = unmarked_units(game, side).into_iter().map(|u| u.name).collect();
        Unmarked { total: marked + names.len(), names }
    }

    /// "10 of 12 marked: give the other 2 Hold (1.1.2)?"
    fn question(&self) -> String {
        let marked = self.total.saturating_sub(self.names.len());
        let other = self.names.len();
        format!("{marked} of {} marked: give the other {other} Hold (1.1.2)?", self.total)
    }
}

/// One side marking its orders, with the timer if it runs.
#[component]
pub fn MarkingSide(side: Side, on_message: Callback<String>) -> impl IntoView {
    let store = use_store();
    let (groups, enemies, timer) = store.session.with_untracked(|s| {
        let g = s.game();
        let enemy = if side == Side::Union { Side::Confederate } else { Side::Union };
        (groups_of(&g.roster, side), units_of(&g.roster, enemy), g.orders_this_turn().and_then(|t| t.timer))
    });
    // Finishing early gives Hold to every unit not marked (1.1.2): the player is told how many
    // and which, and asked, before it happens. At time-out it stays automatic (1.1.1).
    let unmarked_question = RwSignal::new(None::<Unmarked>);
    let finish_now = move || {
        unmarked_question.set(None);
        match store.dispatch(Command::Orders(OrdersCommand::FinishMarking { side })) {
            Ok(out) => on_message.run(out.text),
            Err(e) => store.refuse(&e),
        }
    };
    let finish = move |_| {
        let unmarked = store.session.with_untracked(|s| Unmarked::of(s.game(), side));
        if unmarked.names.is_empty() { finish_now() } else { unmarked_question.set(Some(unmarked)) }
    };
    let empty = groups.is_empty();
    view! {
        <section class="marking" aria-labelledby="marking-title">
            <h2 id="marking-title">{format!("{} orders", side.label())}</h2>
            {timer.map(|t| view! { <MarkingClock timer=t on_time_up=on_message/> })}
            <p class="muted">"One order per regiment and gun section (1.1.2). Units not marked in time are given Hold (1.1.1)."</p>
            {empty.then(|| view! { <p>"This side has no regiments or gun sections in play. Add them in the Roster."</p> })}
            {groups
                .into_iter()
                .map(|(division, groups)| {
                    let enemies = enemies.clone();
                    view! {
                        <section class="division" aria-label=division.clone()>
                            <h2 class="division-name">{division.clone()}</h2>
                            {groups.into_iter().map(|g| view! { <GroupBlock group=g enemies=enemies.clone()/> }).collect_view()}
                        </section>
                    }
                })
                .collect_view()}
            {move || match unmarked_question.get() {
                None => view! {
                    <div class="row">
                        <button class="button primary big" on:click=finish>{format!("Finished marking for the {}", side.label())}</button>
                    </div>
                }
                .into_any(),
                Some(u) => view! {
                    <div class="banner warning" role="alertdialog" aria-labelledby="unmarked-question">
                        <p id="unmarked-question"><strong>{u.question()}</strong></p>
                        <p id="unmarked-names">"Not marked:"</p>
                        <ul aria-labelledby="unmarked-names">{u.names.iter().map(|n| view! { <li>{n.clone()}</li> }).collect_view()}</ul>
                        <div class="actions">
                            <button class="button primary" on:click=move |_| finish_now()>"Give them Hold and finish"</button>
                            <button class="button" on:click=move |_| unmarked_question.set(None)>"Keep marking"</button>
                        </div>
                    </div>
                }
                .into_any(),
            }}
        </section>
    }
    .into_any()
}
