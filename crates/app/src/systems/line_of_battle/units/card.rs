//! A Formation with its Leader, its units and the Formations under it; a unit's card with
//! its state changed in one tap.

use super::forms::{CopyBrigade, FormationForm, LeaderForm, UnitEdit, UnitForm};
use crate::systems::line_of_battle::model::words;
use crate::systems::line_of_battle::store::use_store;
use crate::systems::line_of_battle::ui::refusal;
use leptos::prelude::*;
use line_of_battle::artillery::Round;
use line_of_battle::game::Command;
use line_of_battle::oob::{Arm, Echelon, Side};
use line_of_battle::supply::SupplyCommand;

/// A Formation, its Leader, its units and every Formation under it.
#[component]
pub fn FormationBlock(id: String, depth: usize) -> impl IntoView {
    let store = use_store();
    let fid = StoredValue::new(id.clone());
    let formation = move || store.with(|g| g.oob.formation(&fid.get_value()).cloned());
    let units = move || {
        store.with(|g| {
            g.oob.units.iter().filter(|u| u.formation == fid.get_value()).map(|u| u.id.clone()).collect::<Vec<_>>()
        })
    };
    let children = move || {
        store.with(|g| {
            g.oob
                .formations
                .iter()
                .filter(|f| f.parent.as_deref() == Some(fid.get_value().as_str()))
                .map(|f| f.id.clone())
                .collect::<Vec<_>>()
        })
    };
    let heading = move || {
        formation().map(|f| format!("{} ({}{})", f.name, words::echelon(f.echelon), if f.hq { ", HQ" } else { "" }))
    };
    let echelon = move || formation().map(|f| f.echelon);
    let takes_units = move || !matches!(echelon(), Some(Echelon::Army) | None);
    let brigade = move || echelon() == Some(Echelon::Brigade);
    let title = move || {
        let h = heading().unwrap_or_default();
        match depth {
            0 => view! { <h2 class="formation-title">{h}</h2> }.into_any(),
            1 => view! { <h3 class="formation-title">{h}</h3> }.into_any(),
            _ => view! { <h4 class="formation-title">{h}</h4> }.into_any(),
        }
    };
    view! {
        <section class=format!("formation depth-{}", depth.min(3)) aria-label=move || formation().map(|f| f.name).unwrap_or_default()>
            {title}
            <FormationLeader id=fid.get_value()/>
            <div class="unit-grid">
                <For each=units key=|id| id.clone() children=move |id| view! { <UnitCard id=id/> }/>
            </div>
            <Show when=takes_units>
                <details class="more">
                    <summary class="button">{move || if brigade() { "Add a regiment".to_string() } else { format!("Add a unit to {}", formation().map(|f| f.name).unwrap_or_default()) }}</summary>
                    <UnitForm formation=fid.get_value()/>
                </details>
            </Show>
            <Show when=brigade>
                <details class="more">
                    <summary class="button">"Copy this brigade"</summary>
                    <CopyBrigade brigade=fid.get_value()/>
                </details>
            </Show>
            <For each=children key=|id| id.clone() children=move |id| view! { <FormationBlock id=id depth=depth + 1/> }.into_any()/>
            <Show when=move || echelon().is_some_and(|e| !words::echelons_under(e).is_empty())>
                <details class="more">
                    <summary class="button">{move || format!("Add under {}", formation().map(|f| f.name).unwrap_or_default())}</summary>
                    <FormationForm parent=fid.get_value()/>
                </details>
            </Show>
        </section>
    }
    .into_any()
}

/// The Formation's Leader with his values, his loss (4.1a) and his correction.
#[component]
fn FormationLeader(id: String) -> impl IntoView {
    let store = use_store();
    let fid = StoredValue::new(id);
    let leader = Memo::new(move |_| {
        store.with(|g| {
            g.oob.formation(&fid.get_value()).and_then(|f| f.leader.clone()).and_then(|l| g.oob.leader(&l).cloned())
        })
    });
    let problem = RwSignal::new(None::<String>);
    move || match leader.get() {
        None => view! {
            <details class="more">
                <summary class="button">"Add its Leader"</summary>
                <LeaderForm formation=fid.get_value()/>
            </details>
        }
        .into_any(),
        Some(l) => {
            let lid = StoredValue::new(l.id.clone());
            let line = format!(
                "{} {}-{}{}{}",
                l.name,
                l.command,
                l.morale,
                l.awareness
                    .map(|a| format!(", Awareness {a} turn{}", if a == 1 { "" } else { "s" }))
                    .unwrap_or_default(),
                if l.command == 0 { ", a Zero (4.1d)" } else { "" }
            );
            let lost = l.lost;
            view! {
                <p class="leader-line">
                    <span class="leader-name">{line}</span>
                    {lost.then(|| view! { <span class="badge routed">"Lost (4.1a)"</span> })}
                </p>
                <details class="more">
                    <summary class="button">{format!("Leader {}", l.name)}</summary>
                    <Show when=move || !lost>
                        <div class="row">
                            <button class="button danger" on:click=move |_| {
                                match store.dispatch(Command::LeaderLost { leader: lid.get_value() }) {
                                    Ok(_) => problem.set(None),
                                    Err(e) => problem.set(Some(e.to_string())),
                                }
                            }>{format!("{} is lost (4.1a)", l.name)}</button>
                        </div>
                    </Show>
                    {refusal(problem)}
                    <LeaderForm formation=fid.get_value() editing=lid.get_value()/>
                </details>
            }
            .into_any()
        }
    }
}

/// The side's Leaders who command nothing (a Repl, a Leader whose Formation was given to
/// another): each can be given a Formation's command (4.1b, 4.1c).
#[component]
pub fn SpareLeaders(side: Side) -> impl IntoView {
    let store = use_store();
    let spare = move || {
        store.with(|g| {
            g.oob
                .leaders
                .iter()
                .filter(|l| {
                    l.side == side
                        && !l.lost
                        && !g.oob.formations.iter().any(|f| f.leader.as_deref() == Some(l.id.as_str()))
                })
                .map(|l| (l.id.clone(), l.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let formations = move || {
        store.with(|g| {
            g.oob
                .formations
                .iter()
                .filter(|f| f.side == side)
                .map(|f| (f.id.clone(), f.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    view! {
        <Show when=move || !spare().is_empty()>
            <h2>"Leaders without a command"</h2>
            <ul class="plain">
                {move || spare()
                    .into_iter()
                    .map(|(id, name)| {
                        let id = StoredValue::new(id);
                        view! {
                            <li>
                                <label class="field">
                                    <span>{format!("Give {name} the command of (4.1b)")}</span>
                                    <select on:change=move |ev| {
                                        let f = event_target_value(&ev);
                                        if !f.is_empty() {
                                            store.send(Command::Command { leader: id.get_value(), formation: f });
                                        }
                                    }>
                                        <option value="">"Choose a Formation"</option>
                                        {formations().into_iter().map(|(f, n)| view! { <option value=f>{n}</option> }).collect_view()}
                                    </select>
                                </label>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </Show>
    }
    .into_any()
}

/// A unit: its Strength with one tap to lose or regain an SP, its Morale State and Formation
/// in one tap each, Wrecked and Dead said in words.
#[component]
pub fn UnitCard(id: String) -> impl IntoView {
    let store = use_store();
    let uid = StoredValue::new(id);
    // A Memo: the card is drawn again only when its unit changes.
    let unit = Memo::new(move |_| store.with(|g| g.oob.unit(&uid.get_value()).cloned()));
    let problem = RwSignal::new(None::<String>);
    let send = move |c: Command| match store.dispatch(c) {
        Ok(_) => problem.set(None),
        Err(e) => problem.set(Some(e.to_string())),
    };
    move || {
        let Some(u) = unit.get() else { return ().into_any() };
        let name = u.name.clone();
        let facts = format!(
            "{}{} {} · {} · {}",
            u.weapon,
            u.printed,
            u.rating.letter(),
            words::arm(u.arm),
            words::formation(u.unit_formation)
        );
        let strength = format!("{} of {} SP", u.strength, u.printed);
        let (wrecked, dead, green, off) = (u.wrecked() && !u.dead, u.dead, u.green, !u.on_map && !u.dead);
        let current = u.state;
        let formation = u.unit_formation;
        let sps = u.strength;
        view! {
            <article class="unit-card lob-unit" aria-label=name.clone()>
                <div class="unit-head">
                    <h4>{name.clone()}</h4>
                    <span class="strength"><strong>{strength}</strong></span>
                </div>
                <p class="unit-facts">
                    {facts}
                    {wrecked.then(|| view! { " " <span class="badge shaken">"Wrecked (1.3b)"</span> })}
                    {dead.then(|| view! { " " <span class="badge routed">"Dead Pile (9.4b)"</span> })}
                    {green.then(|| view! { " " <span class="badge">"Green (4.5)"</span> })}
                    {off.then(|| view! { " " <span class="badge">"Off the map"</span> })}
                </p>
                <div class="row kill-row">
                    <button class="button kill" aria-label=format!("Lose 1 SP: {name}") on:click=move |_| send(Command::Loss { unit: uid.get_value(), sps: 1 })>"−1 SP"</button>
                    <button class="button" aria-label=format!("Regain 1 SP: {name}") on:click=move |_| send(Command::SetStrength { unit: uid.get_value(), sps: sps.saturating_add(1) })>"+1 SP"</button>
                </div>
                <div class="states" role="group" aria-label=format!("Morale State of {name}")>
                    {words::STATES
                        .into_iter()
                        .map(|s| view! {
                            <button
                                class="button"
                                aria-pressed=if current == s { "true" } else { "false" }
                                aria-label=words::state(s)
                                on:click=move |_| send(Command::SetMorale { units: vec![uid.get_value()], state: s })
                            >
                                {words::state_short(s)}
                            </button>
                        })
                        .collect_view()}
                </div>
                <div class="formations" role="group" aria-label=format!("Formation of {name}")>
                    {words::formations_of(u.arm)
                        .iter()
                        .map(|f| {
                            let f = *f;
                            view! {
                                <button
                                    class="button"
                                    aria-pressed=if formation == f { "true" } else { "false" }
                                    on:click=move |_| send(Command::SetFormation { unit: uid.get_value(), formation: f })
                                >
                                    {words::formation(f)}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
                {(u.arm == Arm::Artillery).then(|| view! { <Ammunition id=uid.get_value()/> })}
                {refusal(problem)}
                <details class="more">
                    <summary class="button">{format!("Correct {name}")}</summary>
                    <UnitEdit id=uid.get_value()/>
                </details>
            </article>
        }
        .into_any()
    }
}

/// A Battery's Ammunition (4.3b): its Depletion markers and CBF level, a Depletion marked in
/// one tap, and a Caisson Replenishment from one of its side's Wagons (4.3c).
#[component]
fn Ammunition(id: String) -> impl IntoView {
    let store = use_store();
    let id = StoredValue::new(id);
    let marks = move || store.with(|g| g.supply.marks(&id.get_value()));
    let wagons = move || {
        store.with(|g| {
            let side = g.oob.unit(&id.get_value()).map(|u| u.side);
            g.supply
                .wagons
                .iter()
                .filter(|w| Some(w.side) == side && !w.destroyed)
                .map(|w| (w.id.clone(), format!("{} ({} Shell, {} Canister)", w.name, w.shell, w.canister)))
                .collect::<Vec<_>>()
        })
    };
    let wagon = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let send = move |c: SupplyCommand| match store.dispatch(Command::Supply(Box::new(c))) {
        Ok(_) => problem.set(None),
        Err(e) => problem.set(Some(e)),
    };
    let words = |depleted: bool| if depleted { "Depleted" } else { "ready" };
    view! {
        <div class="ammunition" role="group" aria-label="Ammunition (4.3b)">
            <p class="unit-facts">{move || {
                let m = marks();
                format!(
                    "Shell {}, Canister {}{}",
                    words(m.depleted.shell),
                    words(m.depleted.canister),
                    if m.cbf > 0 { format!(", CBF level {} (4.2l)", m.cbf) } else { String::new() }
                )
            }}</p>
            <div class="row">
                {[(Round::Shell, "Shell"), (Round::Canister, "Canister")].into_iter().map(|(ammo, label)| {
                    let depleted = move || marks().depleted;
                    let is = move || match ammo { Round::Shell => depleted().shell, Round::Canister => depleted().canister };
                    view! {
                        <Show
                            when=is
                            fallback=move || view! {
                                <button class="button" on:click=move |_| send(SupplyCommand::Deplete { battery: id.get_value(), ammo, caisson: None, due: None })>{format!("Depleted of {label}")}</button>
                            }
                        >
                            <button class="button" prop:disabled=move || wagon.get().is_empty() on:click=move |_| send(SupplyCommand::Caisson { battery: id.get_value(), ammo: vec![ammo], wagon: wagon.get_untracked() })>{format!("Refill {label} by Caisson")}</button>
                        </Show>
                    }
                }).collect_view()}
            </div>
            <Show when=move || (marks().depleted.shell || marks().depleted.canister) && !wagons().is_empty()>
                <label class="field">
                    <span>"From the Wagon (within 25 Limbered MPs, the path clear, 4.3c)"</span>
                    <select on:change=move |ev| wagon.set(event_target_value(&ev))>
                        <option value="">"Choose a Wagon"</option>
                        {move || wagons().into_iter().map(|(w, n)| view! { <option value=w>{n}</option> }).collect_view()}
                    </select>
                </label>
            </Show>
            {refusal(problem)}
        </div>
    }
    .into_any()
}
