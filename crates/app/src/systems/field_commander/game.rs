//! The Game area: where the battle stands in 10.1's sequence with what is left to do, the
//! ledger of the Player Help Sheet, the Battlefield Sheet, undo and the history.

use super::captured::CapturedGuns;
use super::ledger::Ledger;
use super::sheet::Sheet;
use super::step::{ReportCard, RollStep};
use super::store::{battle, use_store};
use crate::widgets::history::{self, History, UndoRedo};
use field_commander::game::{Command, Report};
use field_commander::sequence::{Mark, todo_list};
use field_commander::state::{BattleResult, Phase, Stage};
use leptos::prelude::*;

/// The way on from the step the battle is at: the screen to open or the button to tap.
#[component]
fn WayOn() -> impl IntoView {
    let store = use_store();
    let last = RwSignal::new(None::<Report>);
    let where_ = move || battle(store, |b| (b.phase, b.stage, b.rout_checked, b.result));
    let withdraw = Signal::derive(move || {
        (battle(store, |b| b.result) == Some(BattleResult::WithdrawalDue)).then(|| Command::Withdraw { rolls: vec![] })
    });
    let next = move |_| store.send(Command::NextStep);
    // A campaign's battle ends on the campaign map, its Withdrawal included (14.7, 14.8).
    let campaign_over = move || store.with(|g| g.campaign_battle_over());
    view! {
        <div class="fc-way-on">
            {move || match (campaign_over(), where_()) {
                (Some(words), _) => view! {
                    <p>{words}</p>
                    <a class="button big primary" href="/campaign/battle">"Bring the result back to the campaign"</a>
                }
                .into_any(),
                (None, where_) => match where_ {
                    (Phase::PreBattle, ..) if battle(store, |b| b.field.forces.is_empty()) => ().into_any(),
                    (Phase::PreBattle, ..) => view! { <a class="button big primary" href="/setup">"Set up the battle"</a> }.into_any(),
                    (Phase::BattleTurns, Stage::UnionTactics | Stage::UnionDraw | Stage::UnionResolve, ..) => view! {
                        <a class="button big primary" href="/union">"Union acts"</a>
                        <a class="button" href="/lee">"Lee's side"</a>
                    }
                    .into_any(),
                    (Phase::BattleTurns, Stage::RoutCheck, false, _) => view! {
                        <button class="button big primary" on:click=move |_| store.send(Command::RoutCheck)>"Rout Check (14.5)"</button>
                    }
                    .into_any(),
                    (Phase::BattleTurns, Stage::RoutCheck, true, _) => view! {
                        <button class="button big primary" on:click=move |_| store.send(Command::EndTurn)>"Advance the Battle Turn counter (14.6)"</button>
                    }
                    .into_any(),
                    (Phase::BattleTurns, ..) => view! {
                        <a class="button big primary" href="/lee">"Lee's side"</a>
                        <button class="button" on:click=next>"Next step"</button>
                    }
                    .into_any(),
                    (Phase::Ended, _, _, Some(BattleResult::WithdrawalDue)) => view! {
                        <h2>"Withdrawal (14.8)"</h2>
                        <RollStep command=withdraw act="Resolve the Withdrawal" done=Callback::new(move |r| last.set(Some(r)))/>
                    }
                    .into_any(),
                    (Phase::Ended, ..) => view! { <p class="muted">"The battle is over. Its history is below."</p> }.into_any(),
                },
            }}
            {move || last.get().map(|r| view! { <ReportCard title="What happened" report=r/> })}
        </div>
    }
    .into_any()
}

/// The to-do list of the battle (10.1).
#[component]
fn ToDo() -> impl IntoView {
    let store = use_store();
    let list = move || battle(store, todo_list);
    view! {
        <ol class="fc-todo" aria-labelledby="todo-title">
            {move || {
                list()
                    .into_iter()
                    .map(|t| {
                        let mark = match t.mark {
                            Mark::Done => "Done: ",
                            Mark::Now => "Now: ",
                            Mark::Later => "",
                        };
                        let class = match t.mark {
                            Mark::Done => "done",
                            Mark::Now => "now",
                            Mark::Later => "later",
                        };
                        view! {
                            <li class=format!("fc-todo-item {class}")>
                                <span class="fc-mark">{mark}</span>{t.text.clone()}
                                {(!t.items.is_empty()).then(|| view! {
                                    <ul>{t.items.iter().map(|i| view! { <li>{i.clone()}</li> }).collect_view()}</ul>
                                })}
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ol>
    }
    .into_any()
}

/// A campaign with no battle on the Battlefield Sheet: what the campaign needs now, in place of
/// an empty battle's set-up (8.0).
#[component]
fn CampaignNow() -> impl IntoView {
    let store = use_store();
    let now = move || store.with(|g| g.campaign_now());
    move || {
        now().map(|n| {
            let (href, go) = if n.battle_waiting {
                ("/campaign/battle", "Resolve the battles")
            } else if n.over {
                ("/campaign", "The end of the campaign")
            } else {
                ("/campaign", "Go on with the campaign")
            };
            view! {
                <section class="card" aria-labelledby="fc-campaign-now-title">
                    <h2 id="fc-campaign-now-title">{format!("The campaign: {}", n.name)}</h2>
                    <p><strong>{format!("Now: {}", n.step)}</strong></p>
                    <ul>{n.items.into_iter().map(|i| view! { <li>{i}</li> }).collect_view()}</ul>
                    <p class="muted">"No battle of the campaign is on the Battlefield Sheet."</p>
                    <div class="actions stacked">
                        <a class="button primary big" href=href>{go}</a>
                    </div>
                </section>
            }
        })
    }
}

/// The Game area.
#[component]
pub fn GameScreen() -> impl IntoView {
    let store = use_store();
    let name = move || store.with(|g| g.name.clone());
    let progress = move || {
        store.with(|g| match g.battle.phase {
            _ if g.campaign_now().is_some() => g.campaign_now().map(|n| n.step).unwrap_or_default(),
            Phase::BattleTurns => g.battle.stage.label().to_string(),
            _ => g.progress(),
        })
    };
    let turn = move || {
        if let Some(now) = store.with(|g| g.campaign_now()) {
            return now.turn;
        }
        battle(store, |b| match b.phase {
            Phase::PreBattle => "Pre-Battle".to_string(),
            Phase::BattleTurns => {
                let of = if b.routed.is_some() {
                    String::new()
                } else {
                    b.turns.map(|t| format!(" of {t}")).unwrap_or_default()
                };
                format!("Battle Turn {}{of}", b.turn)
            }
            Phase::Ended => "Battle over".to_string(),
        })
    };
    let in_campaign = move || store.with(|g| g.campaign_now().is_some());
    let empty = move || !in_campaign() && battle(store, |b| b.phase == Phase::PreBattle && b.field.forces.is_empty());
    view! {
        <section class="screen fc" aria-labelledby="game-title">
            <h1 id="game-title">"Game"</h1>
            {move || store.problem.get().map(|why| view! {
                <p class="banner error" role="alert">
                    {why} " It is kept as it was: export it from Saved games to keep a copy, or open another game."
                </p>
            })}
            <p class="subtitle">{name}</p>
            <div class="turn-card" aria-live="polite">
                <p class="turn">{turn}</p>
                <p class="phase">{progress}</p>
            </div>
            <Show when=empty>
                <section class="card first-start" aria-labelledby="fc-start-title">
                    <h2 id="fc-start-title">"Start here"</h2>
                    <p>"Enter your counters from the game's components, or try the practice battle, whose every value is made up."</p>
                    <div class="actions stacked">
                        <a class="button primary big" href="/setup">"Set up the battle"</a>
                    </div>
                </section>
            </Show>
            <CampaignNow/>
            <Show when=move || !in_campaign()>
                <h2 id="todo-title">"To do (10.1)"</h2>
                <WayOn/>
                <ToDo/>
                <CapturedGuns/>
                <Ledger/>
                <h2>"Battlefield Sheet"</h2>
                <Sheet/>
            </Show>
            <UndoRedo
                can_undo=Signal::derive(move || store.can_undo())
                can_redo=Signal::derive(move || store.can_redo())
                undo=Callback::new(move |()| store.undo())
                redo=Callback::new(move |()| store.redo())
            />
            <div class="row">
                <a class="button" href="/games">"Saved games"</a>
            </div>
            <History
                latest=Signal::derive(move || store.with(|g| history::latest(&g.log, 10)))
                count=Signal::derive(move || store.with(|g| history::count(&g.log)))
                every=Signal::derive(move || store.with(|g| history::every_line(&g.log)))
            />
        </section>
    }
    .into_any()
}
