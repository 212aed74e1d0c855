//! Phase three (3): both sides' orders together, each charge with its objective (3.1), the
//! changes to Conditional Hold the rules demand with their reasons (3.2, 5.2.3, Appendix F.2),
//! accepted in one tap, and the players' own changes to CH where allowed (3.2).

use crate::systems::johnny_reb::store::use_store;
use johnny_reb::rules::orders::may_change_to_conditional_hold;
use johnny_reb::rules::unit::OrderKind;
use johnny_reb::state::command::Command;
use johnny_reb::state::game::Phase;
use johnny_reb::state::orders::{OrdersCommand, PlayMode, UnitOrder, proposals};
use johnny_reb::state::roster::{Roster, Side};
use leptos::prelude::*;

fn name_of(roster: &Roster, id: &str) -> String {
    roster
        .regiment(id)
        .map(|r| r.name.clone())
        .or_else(|| roster.section(id).map(|s| s.name.clone()))
        .unwrap_or_default()
}

/// The order in words, with the charge's objective and any change to CH.
fn order_line(roster: &Roster, o: &UnitOrder) -> String {
    let mut t = format!("{} {}", o.code(), o.words());
    if let Some(obj) = &o.objective {
        t.push_str(&format!(" \u{201c}{}\u{201d}", name_of(roster, obj)));
    }
    if let Some(ch) = &o.conditional_hold {
        let why = if ch.forced { "required" } else { "chosen" };
        t.push_str(&format!(" → Conditional Hold ({why}, {})", ch.rule));
    }
    t
}

/// The reveal: the button before it, the orders and changes after.
#[component]
pub fn Reveal() -> impl IntoView {
    let store = use_store();
    let dispatch = move |c: OrdersCommand| store.send(Command::Orders(c));
    let game = move || store.session.with(|s| s.game().clone());
    let revealed = move || store.session.with(|s| s.game().orders_this_turn().is_some_and(|t| t.revealed));
    let in_phase_three = move || store.session.with(|s| s.game().phase == Phase::RevealOrders);

    let proposals_view = move || {
        let g = game();
        let list = proposals(&g);
        if list.is_empty() || g.phase != Phase::RevealOrders {
            return ().into_any();
        }
        let many = list.len() > 1;
        view! {
            <section class="proposals" aria-labelledby="proposals-title">
                <h2 id="proposals-title">"Required changes to Conditional Hold"</h2>
                <ul class="plain">
                    {list
                        .into_iter()
                        .map(|p| {
                            let unit = p.unit.clone();
                            let unit2 = p.unit.clone();
                            let title = format!("{} ({}): must change to Conditional Hold ({})", p.name, p.side.label(), p.rule);
                            let label = format!("Accept: {} to Conditional Hold", p.name);
                            let half = format!("{}: half its move, then Conditional Hold (5.2.3)", p.name);
                            view! {
                                <li class="unit-card proposal" aria-label=p.name.clone()>
                                    <p><strong>{title}</strong></p>
                                    <p>{format!("Why: {}.", p.reason)}</p>
                                    <div class="row">
                                        <button class="button primary" aria-label=label on:click=move |_| dispatch(OrdersCommand::AcceptProposal { unit: Some(unit.clone()), half_move: false })>
                                            "Accept: Conditional Hold"
                                        </button>
                                        {p.may_half_move.then(|| view! {
                                            <button class="button" aria-label=half on:click=move |_| dispatch(OrdersCommand::AcceptProposal { unit: Some(unit2.clone()), half_move: true })>
                                                "Charger seen late: half move first (5.2.3)"
                                            </button>
                                        })}
                                    </div>
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
                {many.then(|| view! {
                    <button class="button primary big" on:click=move |_| dispatch(OrdersCommand::AcceptProposal { unit: None, half_move: false })>
                        "Accept all"
                    </button>
                })}
            </section>
        }
        .into_any()
    };

    let side_view = move |side: Side| {
        let g = game();
        let own = g.setup.orders.mode == PlayMode::OwnDevices;
        let phase3 = g.phase == Phase::RevealOrders;
        let Some(turn) = g.orders_this_turn().cloned() else { return ().into_any() };
        let orders: Vec<UnitOrder> = turn.orders.iter().filter(|o| o.side == side).cloned().collect();
        if orders.is_empty() {
            return ().into_any();
        }
        let title = format!("{} orders", side.label());
        view! {
            <section class="revealed-side" aria-label=title.clone()>
                <h2>{title.clone()}</h2>
                <ul class="plain">
                    {orders
                        .into_iter()
                        .map(|o| {
                            let name = name_of(&g.roster, &o.unit);
                            let line = order_line(&g.roster, &o);
                            let unit = o.unit.clone();
                            let may_ch = phase3 && may_change_to_conditional_hold(o.kind);
                            let chosen = o.conditional_hold.as_ref().is_some_and(|c| !c.forced);
                            let toggle = if may_ch && o.conditional_hold.is_none() {
                                let u = unit.clone();
                                Some(view! {
                                    <button class="button" aria-label=format!("Change {name} to Conditional Hold") on:click=move |_| dispatch(OrdersCommand::SetConditionalHold { unit: u.clone(), on: true })>
                                        "Change to CH"
                                    </button>
                                }.into_any())
                            } else if phase3 && chosen {
                                let u = unit.clone();
                                Some(view! {
                                    <button class="button" aria-label=format!("Back to {} for {name}", o.kind.label()) on:click=move |_| dispatch(OrdersCommand::SetConditionalHold { unit: u.clone(), on: false })>
                                        {format!("Back to {}", o.kind.label())}
                                    </button>
                                }.into_any())
                            } else {
                                None
                            };
                            let charged = turn.charged.contains(&unit);
                            let charged_toggle = (own && phase3 && o.kind == OrderKind::Move && o.conditional_hold.is_none()).then(|| {
                                let u = unit.clone();
                                view! {
                                    <button class="button" aria-pressed={if charged { "true" } else { "false" }} on:click=move |_| dispatch(OrdersCommand::SetCharged { unit: u.clone(), on: !charged })>
                                        "Will be charged"
                                    </button>
                                }
                            });
                            view! {
                                <li class="unit-card revealed" aria-label=name.clone()>
                                    <p><strong>{name.clone()}</strong>": "{line}</p>
                                    {(toggle.is_some() || charged_toggle.is_some()).then(|| view! { <div class="row">{toggle}{charged_toggle}</div> })}
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </section>
        }
        .into_any()
    };

    view! {
        <Show
            when=revealed
            fallback=move || view! {
                <section class="cover" aria-labelledby="reveal-title">
                    <h2 id="reveal-title">"Reveal the orders"</h2>
                    <p>"Both sides turn their counters over together (3.1)."</p>
                    <button class="button primary big" prop:disabled=move || !in_phase_three() on:click=move |_| dispatch(OrdersCommand::Reveal)>
                        "Reveal orders"
                    </button>
                    <Show when=move || !in_phase_three()>
                        <p class="muted">"Orders are revealed in phase 3, after the routs and rallies."</p>
                    </Show>
                </section>
            }
        >
            {proposals_view}
            <p class="muted">"Any order but First Fire and Charge may be changed to Conditional Hold now (3.2)."</p>
            {move || Side::BOTH.into_iter().map(side_view).collect_view()}
        </Show>
    }
    .into_any()
}
