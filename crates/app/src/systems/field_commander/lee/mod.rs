//! Lee's side of a Battle Turn: his Insights (12.1), his Battle Plan Counters placed (12.2),
//! and each force's plan resolved (14.4; Prepare first, 12.3.8) with every modifier of its
//! attacks shown with its rule, the Union's Defensive Fire and Shock checks rolled for it.

mod insights;
mod orders;
mod plans;

use super::step::{ReportCard, RollStep};
use super::store::{battle, use_store};
use field_commander::game::{Command, Report};
use field_commander::state::{Phase, Stage};
use leptos::prelude::*;

/// A command waiting for its rolls, with what it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    /// What it is, in words.
    pub title: String,
    /// The command, without dice.
    pub command: Command,
}

/// The step in hand and the last report, shared by the screen's parts.
#[derive(Clone, Copy)]
pub struct LeeState {
    /// The step waiting for its rolls (or for the tap that applies it).
    pub pending: RwSignal<Option<Pending>>,
    /// What the last step did.
    pub last: RwSignal<Option<Report>>,
}

/// The Lee screen.
#[component]
pub fn LeeScreen() -> impl IntoView {
    let store = use_store();
    let state = LeeState { pending: RwSignal::new(None), last: RwSignal::new(None) };
    provide_context(state);
    // A step of Lee's whose first dice were thrown before a reload: taken up again.
    Effect::new(move |_| {
        let waiting = battle(store, |b| b.rolled_for.clone());
        if let Some(c) = waiting
            && state.pending.get_untracked().is_none()
            && matches!(
                *c,
                Command::ConfederateAct { .. }
                    | Command::PlacePlan { .. }
                    | Command::ActivateInsight { .. }
                    | Command::RerollInsight { .. }
            )
        {
            state.pending.set(Some(Pending { title: "The step in hand: its first dice are kept".into(), command: *c }));
        }
    });
    let stage = move || battle(store, |b| (b.phase, b.stage, b.rout_checked));
    let command = Signal::derive(move || state.pending.get().map(|p| p.command));
    let done = Callback::new(move |r: Report| {
        state.last.set(Some(r));
        state.pending.set(None);
    });
    let next = move |_| {
        state.pending.set(None);
        store.send(Command::NextStep);
    };
    view! {
        <section class="screen fc" aria-labelledby="lee-title">
            <h1 id="lee-title">"Lee"</h1>
            <p class="subtitle">{move || store.with(|g| g.progress())}</p>
            {move || state.pending.get().map(|p| view! {
                <section class="card fc-next" aria-labelledby="lee-pending">
                    <h2 id="lee-pending">{p.title.clone()}</h2>
                    <RollStep command=command act="Do it" done=done/>
                    <button class="button" on:click=move |_| state.pending.set(None)>"Choose something else"</button>
                </section>
            })}
            {move || state.last.get().map(|r| view! { <ReportCard title="What happened" report=r/> })}
            {move || match stage() {
                (Phase::PreBattle, ..) => view! { <a class="button big primary" href="/setup">"Set up the battle"</a> }.into_any(),
                (Phase::Ended, ..) => view! { <p>"The battle is over."</p><a class="button big" href="/">"Game"</a> }.into_any(),
                (_, Stage::Insights, _) => view! {
                    <insights::InsightStep/>
                    <button class="button big" on:click=next>"Done with Insights: place Battle Plans"</button>
                }
                .into_any(),
                (_, Stage::ConfederatePlans, _) => view! {
                    <plans::PlanPlacement/>
                    <button class="button big" on:click=next>"Done placing: the Union's turn"</button>
                }
                .into_any(),
                (_, Stage::UnionTactics | Stage::UnionDraw, _) => view! {
                    <p>"The Union determines its Tactics and draws its Special Battle Plans now (13.0, 14.0)."</p>
                    <a class="button big primary" href="/union">"Union acts"</a>
                }
                .into_any(),
                (_, Stage::UnionResolve, _) => view! {
                    <orders::ForcesToAct/>
                    <a class="button big" href="/union">"Union acts"</a>
                }
                .into_any(),
                (_, Stage::ConfederateResolve, _) => view! {
                    <orders::ForcesToAct/>
                    <button class="button big" on:click=next>"Done: the Rout Check"</button>
                }
                .into_any(),
                (_, Stage::RoutCheck, false) => view! {
                    <button class="button big primary" on:click=move |_| store.send(Command::RoutCheck)>"Rout Check (14.5)"</button>
                }
                .into_any(),
                (_, Stage::RoutCheck, true) => view! {
                    <button class="button big primary" on:click=move |_| store.send(Command::EndTurn)>"Advance the Battle Turn counter (14.6)"</button>
                }
                .into_any(),
                _ => ().into_any(),
            }}
            <div class="row">
                <button class="button" prop:disabled=move || !store.can_undo() on:click=move |_| { state.last.set(None); store.undo() }>"Undo"</button>
                <a class="button" href="/">"Game"</a>
            </div>
        </section>
    }
    .into_any()
}
