//! "Union acts": the app plays the Union one decision at a time (13.0-14.3): Tactics, each
//! Special Battle Plan drawn and resolved, Charge!, each force's Default Battle Plan front to
//! rear with its target by skill and its Hits. Each step says what was decided, why (its
//! rule) and what was rolled; the odds come before every roll; every step is undoable.

use super::dice::random_pick;
use super::ledger::ledger_lines;
use super::step::{ReportCard, RollStep};
use super::store::{battle, use_store};
use field_commander::game::{Command, Report};
use field_commander::sequence::union_next;
use field_commander::state::{Phase, Stage};
use field_commander::union::SpecialPlan;
use leptos::prelude::*;

/// The Union screen.
#[component]
pub fn UnionScreen() -> impl IntoView {
    let store = use_store();
    let last = RwSignal::new(None::<Report>);
    // The random draw and pick of the step in hand, drawn afresh after each step.
    let seed = RwSignal::new((random_pick(), random_pick()));
    // The plan the player drew from his own cup, if he draws.
    let by_hand = RwSignal::new(None::<SpecialPlan>);
    let next = Memo::new(move |_| battle(store, union_next));
    let command = Signal::derive(move || {
        let (pick, tie) = seed.get();
        next.get().map(|n| {
            let c = n.command.with_picks(pick, tie);
            match (c, by_hand.get()) {
                (Command::DrawSpecialPlan { pick, rolls, tie, .. }, Some(p)) => {
                    Command::DrawSpecialPlan { plan: Some(p), pick, rolls, tie }
                }
                (c, _) => c,
            }
        })
    });
    let done = Callback::new(move |r: Report| {
        last.set(Some(r));
        by_hand.set(None);
        seed.set((random_pick(), random_pick()));
    });
    let summary = move || {
        battle(store, |b| {
            ledger_lines(b)
                .into_iter()
                .filter(|(what, _)| {
                    matches!(*what, "Battle Turn" | "Union Tactics" | "Union cup" | "Union plans in effect")
                })
                .map(|(what, v)| format!("{what}: {v}"))
                .collect::<Vec<_>>()
        })
    };
    let drawing = move || matches!(next.get().map(|n| n.command), Some(Command::DrawSpecialPlan { .. }));
    let cup_plans = move || {
        battle(store, |b| {
            let mut plans: Vec<SpecialPlan> = b.cup.as_ref().map(|c| c.contents.clone()).unwrap_or_default();
            plans.sort();
            plans.dedup();
            plans
        })
    };
    let waiting_words = move || {
        battle(store, |b| match (b.phase, b.stage) {
            (Phase::PreBattle, _) => {
                "The battle is being set up: the Union acts once the Battle Turns begin.".to_string()
            }
            (Phase::Ended, _) => "The battle is over.".to_string(),
            (_, Stage::UnionResolve) => {
                "A force of yours with Prepare acts before the Union's plans (12.3.8): on Lee's side.".to_string()
            }
            (_, s) => format!("The battle is at {}: it is Lee's turn to act.", s.label()),
        })
    };
    view! {
        <section class="screen fc" aria-labelledby="union-title">
            <h1 id="union-title">"Union"</h1>
            <p class="subtitle">"The rules play the Union: one tap a decision, each with its rule and its roll."</p>
            <details class="more">
                <summary class="button">{move || summary().first().cloned().unwrap_or_default()}</summary>
                <ul class="fc-summary">{move || summary().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
            </details>
            {move || match next.get() {
                Some(n) => view! {
                    <section class="card fc-next" aria-labelledby="union-next">
                        <h2 id="union-next">{n.title.clone()}</h2>
                        <RollStep command=command act="Union acts" done=done/>
                        <Show when=drawing>
                            <details class="more">
                                <summary class="button">"I draw from my own cup"</summary>
                                <fieldset class="choices inline">
                                    <legend>"The plan drawn"</legend>
                                    {move || cup_plans()
                                        .into_iter()
                                        .map(|p| view! {
                                            <button
                                                class="button"
                                                aria-pressed=move || if by_hand.get() == Some(p) { "true" } else { "false" }
                                                on:click=move |_| by_hand.set(Some(p))
                                            >
                                                {p.label()}
                                            </button>
                                        })
                                        .collect_view()}
                                </fieldset>
                            </details>
                        </Show>
                    </section>
                }
                .into_any(),
                None => view! {
                    <section class="card">
                        <p>{waiting_words}</p>
                        <div class="actions stacked">
                            <a class="button big primary" href="/lee">"Lee's side"</a>
                            <a class="button" href="/">"Game"</a>
                        </div>
                    </section>
                }
                .into_any(),
            }}
            {move || last.get().map(|r| view! { <ReportCard title="What the Union did" report=r/> })}
            <div class="row">
                <button class="button" prop:disabled=move || !store.can_undo() on:click=move |_| { last.set(None); store.undo() }>"Undo"</button>
            </div>
        </section>
    }
    .into_any()
}
