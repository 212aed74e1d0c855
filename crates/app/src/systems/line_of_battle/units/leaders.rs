//! The Leaders screen (4.1b-d), opened from the Game area's items: each command a Leader's loss
//! left empty, filled by promotion down the chain of command (4.1b) or by a Repl with the
//! values on the counter's back (4.1c), and each Zero Roll due (4.1d) with the chance of each
//! result before the die. What a command does is shown, with its rules, before it is applied;
//! each is one undo step.

use crate::systems::line_of_battle::model::leaders::{self, Vacancy};
use crate::systems::line_of_battle::model::words;
use crate::systems::line_of_battle::store::{Store, Untracked, use_store};
use crate::systems::line_of_battle::ui::{Rating, SideSwitch, applied, refusal};
use crate::widgets::dice::{DiceEntry, one_die};
use crate::widgets::odds::chance_words;
use crate::widgets::toggles::Toggles;
use leptos::prelude::*;
use line_of_battle::game::Command;
use line_of_battle::promotion::{LeaderCommand, ReplValues};
use line_of_battle::tables::key;

/// The Leaders screen.
#[component]
pub fn LeadersScreen() -> impl IntoView {
    let store = use_store();
    let side = RwSignal::new(store.with_untracked(|g| g.clock.phasing()));
    let said = RwSignal::new(None::<Vec<String>>);
    let list = Memo::new(move |_| store.with(|g| leaders::vacancies(g, side.get())));
    let zeros = Memo::new(move |_| store.with(leaders::zero_rolls_due));
    view! {
        <section class="screen lob-units lob-leaders" aria-labelledby="leaders-title">
            <div class="row back"><a class="button" href="/units">"← Units"</a></div>
            <h1 id="leaders-title">"Leaders"</h1>
            <p class="subtitle">"4.1b-d: a command left empty, a Repl, a Zero Roll; each shown before it is applied."</p>
            {move || said.get().map(|lines| applied("Applied", lines))}
            <SideSwitch side=side/>
            <h2>"Commands left empty (4.1b, 4.1c)"</h2>
            <Show when=move || !list.with(Vec::is_empty) fallback=|| view! { <p class="muted">"Every command is filled."</p> }>
                <For each=move || list.get() key=|v| (v.formation.clone(), v.candidates.clone()) children=move |v| view! { <VacancyCard vacancy=v said=said/> }/>
            </Show>
            <h2>{move || format!("Zero Rolls due ({}, 4.1d)", store.with(|g| words::side(g.clock.phasing())))}</h2>
            <Show when=move || !zeros.with(Vec::is_empty) fallback=|| view! { <p class="muted">"No Zero-led Brigade under Attack or Defensive Orders owes a roll this Activity Phase."</p> }>
                <For each=move || zeros.get() key=|z| z.0.clone() children=move |(id, name)| view! { <ZeroRoll brigade=id name=name said=said/> }/>
            </Show>
        </section>
    }
    .into_any()
}

/// Sends a Leader command: what it did is shown above, a refusal beside its button.
fn send(store: Store, c: Command, said: RwSignal<Option<Vec<String>>>, problem: RwSignal<Option<String>>) {
    match store.dispatch(c) {
        Ok(o) => {
            said.set(Some(o.lines));
            problem.set(None);
        }
        Err(e) => problem.set(Some(e)),
    }
}

/// A command left empty: who is promoted into it (Seniority, or the players' choice where it
/// cannot tell) and the Repl at the end of the chain.
#[component]
fn VacancyCard(vacancy: Vacancy, said: RwSignal<Option<Vec<String>>>) -> impl IntoView {
    let store = use_store();
    let chosen = RwSignal::new(None::<usize>);
    let command = RwSignal::new(None::<u8>);
    let morale = RwSignal::new(None::<u8>);
    let problem = RwSignal::new(None::<String>);
    let brigade = vacancy.brigade;
    let formation = StoredValue::new(vacancy.formation.clone());
    let candidates = StoredValue::new(vacancy.candidates.clone());
    let mut options = vec![(None, "By Seniority (4.1b)".to_string())];
    options.extend(vacancy.candidates.iter().enumerate().map(|(i, (_, label))| (Some(i), label.clone())));
    let repl = move || match (command.get(), morale.get()) {
        (Some(c), Some(m)) => Some(ReplValues { command: c, morale: m }),
        _ => None,
    };
    let the_command = move || -> Option<Command> {
        let f = formation.get_value();
        if brigade {
            return repl().map(|values| Command::Leaders(Box::new(LeaderCommand::Repl { brigade: f, values })));
        }
        let choices = chosen
            .get()
            .and_then(|i| candidates.with_value(|c| c.get(i).map(|(id, _)| (f.clone(), id.clone()))))
            .into_iter()
            .collect();
        Some(Command::Leaders(Box::new(LeaderCommand::Promote { formation: f, choices, repl: repl() })))
    };
    let preview = move || the_command().map(|c| store.with(|g| leaders::try_on_copy(g, &[c])));
    let apply = move |_| {
        if let Some(c) = the_command() {
            send(store, c, said, problem);
        }
    };
    let name = vacancy.name.clone();
    view! {
        <article class="unit-card vacancy-card" aria-label=format!("{name} has lost its Leader")>
            <h3>{format!("{name} has lost its Leader")}</h3>
            {(!brigade).then(|| view! {
                <Toggles class="pick" legend=format!("Promoted to command {name}") options=options value=chosen/>
            })}
            <p class="muted">{if brigade {
                "A Repl takes the Brigade: his values are on the counter's back (4.1c)."
            } else {
                "The opening this makes below is filled in turn, down to a Brigade, where a Repl takes over: his values from the counter's back, if you have them (4.1c)."
            }}</p>
            <Rating legend="Repl's Command Value (4.1c)".to_string() value=command/>
            <Rating legend="Repl's Morale Value (4.1c)".to_string() value=morale/>
            {move || match preview() {
                None => view! { <p class="muted">"Tap the Repl's two values first."</p> }.into_any(),
                Some(Ok(lines)) => view! {
                    <section class="card result" role="status" aria-label=format!("What it does for {}", formation.get_value())>
                        <ul class="plain">{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                        <button class="button big primary" on:click=apply>{if brigade { "Place the Repl" } else { "Promote" }}</button>
                    </section>
                }
                .into_any(),
                Some(Err(e)) => view! { <p class="banner warning" role="status">{e}</p> }.into_any(),
            }}
            {refusal(problem)}
        </article>
    }
    .into_any()
}

/// A Zero Roll (4.1d): one die on the players' Zero Roll Table, the chance of each result
/// first, the reading shown before it is applied.
#[component]
fn ZeroRoll(brigade: String, name: String, said: RwSignal<Option<Vec<String>>>) -> impl IntoView {
    let store = use_store();
    let faces = RwSignal::new(Vec::<u8>::new());
    let problem = RwSignal::new(None::<String>);
    let brigade = StoredValue::new(brigade);
    let odds = store.with_untracked(|g| g.tables.get(key::ZERO_ROLL).map(leaders::zero_roll_odds));
    let the_command = move || {
        one_die(&faces.get())
            .map(|die| Command::Leaders(Box::new(LeaderCommand::ZeroRoll { brigade: brigade.get_value(), die })))
    };
    let preview = move || the_command().map(|c| store.with(|g| leaders::try_on_copy(g, &[c])));
    let apply = move |_| {
        if let Some(c) = the_command() {
            send(store, c, said, problem);
        }
    };
    view! {
        <article class="unit-card zero-card" aria-label=format!("Zero Roll for {name}")>
            <h3>{format!("Zero Roll for {name}, before any of its units acts")}</h3>
            {match odds {
                Some(Ok(list)) => view! {
                    <div class="odds" role="group" aria-label="Before the roll">
                        <p class="target"><strong>"One die on your Zero Roll Table (4.1d)"</strong></p>
                        <p>{list.into_iter().map(|(what, c)| view! { <span class="chance">{format!("{what}: {}", chance_words(c))}</span>" " }).collect_view()}</p>
                    </div>
                }
                .into_any(),
                Some(Err(e)) => view! {
                    <div class="banner warning missing-entry" role="status">
                        <p>{format!("Odds and result need your chart: {e}.")}</p>
                        <a class="button" href="/tables">"Open the tables"</a>
                    </div>
                }
                .into_any(),
                None => view! { <p class="banner warning" role="status">"Enter your Zero Roll Table in the Tables area first."</p> }.into_any(),
            }}
            <DiceEntry name="Zero Roll die" count=Signal::derive(|| 1usize) faces=faces/>
            {move || preview().map(|r| match r {
                Ok(lines) => view! {
                    <section class="card result" role="status" aria-label="Zero Roll result">
                        <ul class="plain">{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                        <button class="button big primary" on:click=apply>"Apply the Zero Roll"</button>
                    </section>
                }
                .into_any(),
                Err(e) => view! { <p class="banner warning" role="status">{e}</p> }.into_any(),
            })}
            {refusal(problem)}
        </article>
    }
    .into_any()
}
