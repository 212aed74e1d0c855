//! What a result leaves to settle, kept in the game until settled (`line_of_battle::due`), in
//! 9.4's order: the owner's Loss Distribution (9.4a), Leader Loss Checks (4.1a, before the
//! Morale Check of the same loss), the Morale Check (10.1) and a Battery's Depletion (4.3b);
//! each with its odds and dice, its reading shown before it is applied.

use super::parts::{back, leaders_of};
use super::retreat::retreat_link;
use crate::systems::line_of_battle::model::retreat::address;
use crate::systems::line_of_battle::model::{combat, odds, tables as table_words};
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::{ModifierChoices, odds_line};
use crate::widgets::dice::{DiceEntry, two_dice};
use leptos::prelude::*;
use line_of_battle::artillery::Round;
use line_of_battle::combat::checks::{CheckCommand, morale_modifiers, read_morale};
use line_of_battle::due::DueKind;
use line_of_battle::game::Command;
use line_of_battle::supply::SupplyCommand;
use line_of_battle::table::Effect;
use line_of_battle::tables::key;

/// The screen of what is due.
#[component]
pub fn DueScreen() -> impl IntoView {
    view! {
        <section class="screen lob-combat" aria-labelledby="due-title">
            {back()}
            <h1 id="due-title">"Checks due"</h1>
            <p class="subtitle">"9.4: the loss first, then the Leaders, then the Morale Check."</p>
            <DueList/>
        </section>
    }
    .into_any()
}

/// Everything due, oldest first, and what the last one settled did.
#[component]
pub fn DueList() -> impl IntoView {
    let store = use_store();
    let said = RwSignal::new(None::<Vec<String>>);
    let retreat = RwSignal::new(None::<String>);
    let ids = move || store.with(|g| g.dues.list.iter().map(|d| d.id).collect::<Vec<_>>());
    view! {
        <div class="dues">
            {move || said.get().map(|lines| view! {
                <section class="card result" role="status" aria-label="Settled">
                    <p class="applied">"Applied to the game."</p>
                    <ul class="plain">{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                    {retreat_link(retreat.get())}
                </section>
            })}
            <Show when=move || !ids().is_empty() fallback=|| view! { <p class="muted">"Nothing is due."</p> }>
                <For each=ids key=|id| *id children=move |id| view! { <DueCard id=id said=said retreat=retreat/> }/>
            </Show>
        </div>
    }
    .into_any()
}

#[component]
fn DueCard(id: u32, said: RwSignal<Option<Vec<String>>>, retreat: RwSignal<Option<String>>) -> impl IntoView {
    let store = use_store();
    let due = store.with_untracked(|g| g.dues.get(id).ok().cloned());
    let Some(due) = due else { return ().into_any() };
    let (text, rule) = store.with_untracked(|g| due.describe(&g.oob));
    let waiting = move || store.with(|g| g.dues.waiting_on(id).map(|d| d.describe(&g.oob).0));
    let problem = RwSignal::new(None::<String>);
    let checked = StoredValue::new(match &due.kind {
        DueKind::MoraleCheck { units, .. } => units.clone(),
        _ => Vec::new(),
    });
    let send = move |c: Command| match store.dispatch(c) {
        Ok(o) => {
            retreat.set(checked.with_value(|u| address(u, &o.lines, false)));
            said.set(Some(o.lines));
            problem.set(None);
        }
        Err(e) => problem.set(Some(e)),
    };
    let set_aside = move |_| send(Command::Check(Box::new(CheckCommand::SetAside { due: id })));
    let kind = StoredValue::new(due.kind.clone());
    let send = Callback::new(send);
    // What must come first is shown instead of the form (a Memo: redrawn only when it changes).
    let waiting = Memo::new(move |_| waiting());
    view! {
        <article class="unit-card due-card" aria-label=text.clone()>
            <h3>{format!("{text} ({rule})")}</h3>
            <Show
                when=move || waiting.get().is_none()
                fallback=move || view! { <p class="muted">{move || format!("First: {}", waiting.get().unwrap_or_default())}</p> }
            >
                {move || due_form(kind.get_value(), id, send)}
            </Show>
            {move || problem.get().map(|p| view! { <p class="refusal" role="alert">{p}</p> })}
            <button class="button" on:click=set_aside>"Not so on the map: set it aside"</button>
        </article>
    }
    .into_any()
}

fn due_form(kind: DueKind, id: u32, send: Callback<Command>) -> AnyView {
    match kind {
        DueKind::Loss { units, sps, .. } => view! { <Distribute id=id units=units sps=sps send=send/> }.into_any(),
        DueKind::LeaderLoss { leader, column, .. } => {
            view! { <LeaderLoss leader=leader column=column send=send/> }.into_any()
        }
        DueKind::MoraleCheck { units, adjacent_to_firer, .. } => {
            view! { <Morale due=Some(id) units=units adjacent=adjacent_to_firer send=send/> }.into_any()
        }
        DueKind::Depletion { batteries, canister_only, fired } => {
            let ammo = if canister_only { Round::Canister } else { fired };
            view! { <Deplete id=id batteries=batteries ammo=ammo send=send/> }.into_any()
        }
    }
}

/// The owner's Loss Distribution (9.4a).
#[component]
fn Distribute(id: u32, units: Vec<String>, sps: u8, send: Callback<Command>) -> impl IntoView {
    let store = use_store();
    let rows: Vec<(String, u8)> =
        store.with_untracked(|g| combat::stack(g, &units).iter().map(|u| (u.name.clone(), u.strength)).collect());
    let strengths: Vec<u8> = rows.iter().map(|r| r.1).collect();
    let allocation = RwSignal::new(combat::first_distribution(&strengths, sps));
    view! {
        <fieldset class="choices">
            <legend>"The Top Unit first, one each before any takes two (9.4a)"</legend>
            {rows.into_iter().enumerate().map(|(i, (name, strength))| view! {
                <div class="stepper-row">
                    <span>{name.clone()}</span>
                    <button type="button" class="button" aria-label=format!("Less loss to {name}") on:click=move |_| allocation.update(|v| if let Some(x) = v.get_mut(i) { *x = x.saturating_sub(1) })>"−"</button>
                    <output class="count">{move || allocation.get().get(i).copied().unwrap_or(0)}</output>
                    <button type="button" class="button" aria-label=format!("More loss to {name}") on:click=move |_| allocation.update(|v| if let Some(x) = v.get_mut(i) { *x = (*x + 1).min(strength) })>"+"</button>
                </div>
            }).collect_view()}
        </fieldset>
        <button class="button primary big" on:click=move |_| send.run(Command::Check(Box::new(CheckCommand::Distribute { due: id, allocation: allocation.get_untracked() })))>"Distribute the loss"</button>
    }
    .into_any()
}

/// A Leader Loss Check (4.1a): two dice on the column the situation calls for.
#[component]
fn LeaderLoss(leader: String, column: String, send: Callback<Command>) -> impl IntoView {
    let store = use_store();
    let faces = RwSignal::new(Vec::<u8>::new());
    let name =
        store.with_untracked(|g| g.oob.leader(&leader).map(|l| l.name.clone()).unwrap_or_else(|| leader.clone()));
    let leader = StoredValue::new(leader);
    let column = StoredValue::new(column);
    let odds = move || {
        let t = store.with(|g| g.tables.get(key::LEADER_LOSS).cloned())?;
        let all = odds::readings(&t, &column.get_value(), &[], &[]);
        Some(odds_line(
            format!("Two dice, column “{}” (4.1a)", column.get_value()),
            all.map(|all| {
                vec![(
                    "The Leader is lost",
                    odds::chance_that(&all, |r| r.effects.iter().any(|e| *e != Effect::NoEffect)),
                )]
            }),
        ))
    };
    let go = move |_| {
        let Some(dice) = two_dice(&faces.get_untracked()) else { return };
        send.run(Command::Check(Box::new(CheckCommand::LeaderLoss {
            leader: leader.get_value(),
            column: column.get_value(),
            dice,
            modifiers: Vec::new(),
        })));
    };
    view! {
        {odds}
        <DiceEntry name=format!("Leader Loss die for {name}") count=Signal::derive(|| 2usize) faces=faces/>
        <button class="button primary big" prop:disabled=move || two_dice(&faces.get()).is_none() on:click=go>{format!("Roll for {name}")}</button>
    }
    .into_any()
}

/// One Battery of the Firing Stack Depleted, the owner's choice (4.3b).
#[component]
fn Deplete(id: u32, batteries: Vec<String>, ammo: Round, send: Callback<Command>) -> impl IntoView {
    let store = use_store();
    let named: Vec<(String, String)> = store.with_untracked(|g| {
        batteries
            .iter()
            .map(|b| (b.clone(), g.oob.unit(b).map(|u| u.name.clone()).unwrap_or_else(|| b.clone())))
            .collect()
    });
    let what = match ammo {
        Round::Shell => "Shell",
        Round::Canister => "Canister",
    };
    view! {
        <div class="actions stacked">
            {named.into_iter().map(|(b, name)| {
                let b = StoredValue::new(b);
                view! {
                    <button class="button" on:click=move |_| send.run(Command::Supply(Box::new(SupplyCommand::Deplete { battery: b.get_value(), ammo, caisson: None, due: Some(id) })))>
                        {format!("Deplete {name} of {what}")}
                    </button>
                }
            }).collect_view()}
        </div>
    }
    .into_any()
}

/// A Morale Check (10.1): the one Leader, the chart's modifiers (the top unit's rating,
/// Wrecked and Limited Defense Status added by the game), the odds, two dice, the reading
/// shown, then applied.
#[component]
pub fn Morale(due: Option<u32>, units: Vec<String>, adjacent: bool, send: Callback<Command>) -> impl IntoView {
    let store = use_store();
    let units = StoredValue::new(units);
    let leader = RwSignal::new(String::new());
    let chosen = RwSignal::new(Vec::<String>::new());
    let adjacent = RwSignal::new(adjacent);
    let faces = RwSignal::new(Vec::<u8>::new());
    let side = store.with_untracked(|g| units.get_value().first().and_then(|id| g.oob.unit(id)).map(|u| u.side));
    let leader_id = move || Some(leader.get()).filter(|l| !l.is_empty());
    let added = move || {
        store.with(|g| {
            let all = morale_modifiers(g, &units.get_value(), &[]);
            all.into_iter().filter(|n| !chosen.with(|c| c.contains(n))).collect::<Vec<_>>()
        })
    };
    let odds = move || {
        let rating = store.with(|g| combat::stack(g, &units.get_value()).first().map(|u| u.rating))?;
        let chances =
            store.with(|g| odds::morale_check(g, &units.get_value(), &chosen.get(), leader_id().as_deref(), 0))?;
        Some(odds_line(format!("Two dice plus the modifiers, top unit rated {} (10.1)", rating.letter()), chances))
    };
    let reading = move || {
        let dice = two_dice(&faces.get())?;
        Some(
            store
                .with(|g| read_morale(g, &units.get_value(), leader_id().as_deref(), 0, &chosen.get(), dice))
                .map_err(|e| e.to_string()),
        )
    };
    let apply = move |_| {
        let Some(dice) = two_dice(&faces.get_untracked()) else { return };
        send.run(Command::Check(Box::new(CheckCommand::Morale {
            due,
            units: units.get_value(),
            leader: leader_id(),
            modifiers: chosen.get_untracked(),
            dice,
            adjacent_to_firer: adjacent.get_untracked(),
            allocation: None,
        })));
    };
    view! {
        <div class="roll-form morale-form" role="group" aria-label="Morale Check">
            <label class="field">
                <span>"The one Leader whose Morale Value counts (10.1), if any"</span>
                <select on:change=move |ev| leader.set(event_target_value(&ev))>
                    <option value="">"No Leader"</option>
                    {side.map(|s| leaders_of(s).into_iter().map(|(id, name, _)| view! { <option value=id>{name}</option> }).collect_view())}
                </select>
            </label>
            <p class="muted">{move || {
                let a = added();
                if a.is_empty() { String::new() } else { format!("Added from the game: {}.", a.join(", ")) }
            }}</p>
            <ModifierChoices table=key::MORALE chosen=chosen legend="Other modifiers that apply" skip_starting=vec!["Morale Rating", "Charge:", "Wrecked", "Limited Defense Status"]/>
            <label class="choice">
                <input type="checkbox" bind:checked=adjacent/>
                <span>"Adjacent to the Firing Stack (10.2a: Blood Lust only then)"</span>
            </label>
            {odds}
            <DiceEntry name="Morale die" count=Signal::derive(|| 2usize) faces=faces/>
            {move || reading().map(|r| match r {
                Ok(r) => view! {
                    <section class="card result" role="status" aria-label="Morale result">
                        <p class="headline"><strong>{format!("Morale Table: {} {:+} = {}: {}", r.raw, r.drm, r.modified, table_words::effects(&r.effects))}</strong></p>
                        <ul class="plain">{r.applied.iter().map(|(n, rule, v)| view! { <li>{format!("{n} ({rule}): {v:+}")}</li> }).collect_view()}</ul>
                        <button class="button big primary" on:click=apply>"Apply to the Stack"</button>
                    </section>
                }
                .into_any(),
                Err(e) => view! { <p class="banner warning" role="status">{format!("{e}.")}</p> }.into_any(),
            })}
        </div>
    }
    .into_any()
}
