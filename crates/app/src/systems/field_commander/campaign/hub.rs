//! The campaign's Game area: the Campaign Turn and its step, the way on from there, the step's
//! to-do list (8.0), the ledgers (the turn track, both sides' Command Points, the Scouts, the
//! cups and piles, Lee, the Objectives and Victory Points), undo and the history.

use super::common::{Done, Problem, UndoRedo, act, campaign, play, send};
use crate::systems::field_commander::store::use_store;
use field_commander::campaign::{CampaignCommand, Phase, PlayCommand};
use field_commander::game::{Command, Report};
use field_commander::pack::{PackEdit, practice_pack};
use leptos::prelude::*;

fn step_command(c: CampaignCommand) -> Command {
    Command::Campaign(PlayCommand::Step(c))
}

/// The way on from the step the campaign is at.
#[component]
fn WayOn() -> impl IntoView {
    let store = use_store();
    let done = RwSignal::new(None::<Report>);
    let problem = RwSignal::new(None::<String>);
    let go = move |c: CampaignCommand| act(store, step_command(c), done, problem);
    let where_ = move || campaign(store, |c| (c.phase, c.pending_battles().is_empty(), c.battle.is_some()));
    let sheet = move || play(store, |p| p.sheet.as_ref().map(|l| l.area.clone()));
    view! {
        <div class="fc-way-on">
            {move || match (sheet(), where_()) {
                (Some(area), _) => view! {
                    <p>{format!("The battle in {area} is on the Battlefield Sheet.")}</p>
                    <a class="button big primary" href="/campaign/battle">"The campaign's battle"</a>
                    <a class="button" href="/">"The Battlefield Sheet"</a>
                }.into_any(),
                (None, None) => ().into_any(),
                (None, Some((Phase::SetUp | Phase::TurnOver, ..))) => view! {
                    <button class="button big primary" on:click=move |_| go(CampaignCommand::AdvanceTurn)>
                        "Advance the Campaign Turn counter (9.1)"
                    </button>
                }.into_any(),
                (None, Some((Phase::ConfederateMoves, ..))) => view! {
                    <a class="button big primary" href="/campaign/map">"Move your forces (9.2)"</a>
                    <button class="button" on:click=move |_| go(CampaignCommand::EndMoves)>"End the Moves"</button>
                }.into_any(),
                (None, Some((Phase::ForcedMarch, ..))) => view! {
                    <a class="button big primary" href="/campaign/map">"Force March (15.1)"</a>
                    <button class="button" on:click=move |_| go(CampaignCommand::EndForcedMarch)>"End the Forced March"</button>
                }.into_any(),
                (None, Some((Phase::ConfederateResupply, ..))) => view! {
                    <a class="button big primary" href="/campaign/resupply">"Resupply (15.3-15.6)"</a>
                    <button class="button" on:click=move |_| go(CampaignCommand::EndConfederateTurn)>"End the Confederate turn"</button>
                }.into_any(),
                (None, Some((Phase::BattlesAfterMoves | Phase::BattlesAfterForcedMarch, false, _) | (Phase::BattlesAfterMoves | Phase::BattlesAfterForcedMarch, _, true))) => view! {
                    <a class="button big primary" href="/campaign/battle">"Resolve the battles"</a>
                }.into_any(),
                (None, Some((Phase::BattlesAfterMoves | Phase::BattlesAfterForcedMarch, true, false))) => view! {
                    <button class="button big primary" on:click=move |_| go(CampaignCommand::EndBattles)>"No battle left: go on"</button>
                }.into_any(),
                (None, Some((Phase::UnionOrders | Phase::UnionBattles | Phase::UnionResupply, ..))) => view! {
                    <a class="button big primary" href="/campaign/union">"Union acts"</a>
                }.into_any(),
                (None, Some((Phase::Over, ..))) => view! { <Ended/> }.into_any(),
            }}
            <Problem problem=problem/>
            <Done report=done/>
        </div>
    }
    .into_any()
}

/// How the campaign ended, its Victory Points, and the Player Log (3.0-3.3, 21.0).
#[component]
fn Ended() -> impl IntoView {
    let store = use_store();
    let done = RwSignal::new(None::<Report>);
    let problem = RwSignal::new(None::<String>);
    let notes = RwSignal::new(String::new());
    let ending = move || {
        campaign(store, |c| {
            c.ending.as_ref().map(|e| {
                let vp =
                    e.vp.as_ref()
                        .map(|v| {
                            format!(
                                "{} Campaign Victory Points against Robert E. Lee's {}: {:?} Command (3.3, 21.0)",
                                v.total, v.lee, v.rating
                            )
                        })
                        .unwrap_or_else(|| "Victory Points not counted: a value of the sheet is missing".into());
                (format!("{:?}: {}", e.outcome, e.why), vp)
            })
        })
        .flatten()
    };
    let grand = move || play(store, |p| (p.grand.total_vp(), p.grand.records.len(), p.grand.next()));
    let record =
        move |_| act(store, Command::Campaign(PlayCommand::Record { notes: notes.get_untracked() }), done, problem);
    view! {
        {move || ending().map(|(what, vp)| view! {
            <section class="card" aria-label="The end of the campaign">
                <h2>"The campaign is over"</h2>
                <p><strong>{what}</strong></p>
                <p>{vp}</p>
            </section>
        })}
        <section class="card" aria-labelledby="grand-title">
            <h2 id="grand-title">"Grand Campaign (21.0)"</h2>
            <p>{move || {
                let (vp, n, next) = grand();
                format!("{n} campaign(s) on the Player Log, {vp} Victory Points; next: {}", next.unwrap_or("none: the Grand Campaign is over"))
            }}</p>
            <label class="field"><span>"Notes for the Player Log"</span><input type="text" bind:value=notes/></label>
            <button class="button" on:click=record>"Note this campaign on the Player Log"</button>
            <a class="button" href="/campaign/start">"Start the next campaign"</a>
        </section>
        <Problem problem=problem/>
        <Done report=done/>
    }
    .into_any()
}

/// The way into a campaign: its pack first.
#[component]
fn Start() -> impl IntoView {
    let store = use_store();
    let problem = RwSignal::new(None::<String>);
    let has_pack = move || play(store, |p| p.pack.is_some());
    let practice = move |_| match send(store, PlayCommand::Pack(PackEdit::Replace(Box::new(practice_pack())))) {
        Ok(_) => problem.set(None),
        Err(why) => problem.set(Some(why)),
    };
    view! {
        <section class="card first-start" aria-labelledby="campaign-start-title">
            <h2 id="campaign-start-title">"Start a campaign"</h2>
            <p>"A campaign is played from its pack: the counters, each Campaign Information Sheet, the map and the Battle Resolution Table, entered once from your game's components (the rulebook prints none of them)."</p>
            <div class="actions stacked">
                <Show when=has_pack>
                    <a class="button big primary" href="/campaign/start">"Start a campaign from the pack"</a>
                </Show>
                <a class="button big" href="/pack">{move || if has_pack() { "The campaign pack" } else { "Enter or import a campaign pack" }}</a>
                <Show when=move || !has_pack()>
                    <button class="button" on:click=practice>"Load the practice pack (made-up values, not the game's)"</button>
                </Show>
            </div>
            <Problem problem=problem/>
        </section>
    }
    .into_any()
}

/// The campaign's Game area.
#[component]
pub fn CampaignScreen() -> impl IntoView {
    let store = use_store();
    let started = move || campaign(store, |_| ()).is_some();
    let turn = move || campaign(store, |c| c.turn_words()).unwrap_or_default();
    let phase = move || campaign(store, |c| c.phase.label().to_string()).unwrap_or_default();
    let name = move || campaign(store, |c| c.def.name.clone()).unwrap_or_default();
    let todo = move || campaign(store, |c| c.to_do()).unwrap_or_default();
    let ledger = move || campaign(store, |c| c.ledger()).unwrap_or_default();
    let recent = move || {
        campaign(store, |c| c.log.iter().rev().take(12).map(|e| e.text.clone()).collect::<Vec<_>>()).unwrap_or_default()
    };
    let history_opened = RwSignal::new(false);
    view! {
        <section class="screen fc fc-campaign" aria-labelledby="campaign-title">
            <h1 id="campaign-title">"Campaign"</h1>
            {move || store.problem.get().map(|why| view! { <p class="banner error" role="alert">{why}</p> })}
            <Show when=started fallback=|| view! { <Start/> }>
                <p class="subtitle">{name}</p>
                <div class="turn-card" aria-live="polite">
                    <p class="turn">{turn}</p>
                    <p class="phase">{phase}</p>
                </div>
                <h2 id="campaign-todo-title">"To do (8.0)"</h2>
                <WayOn/>
                <ul class="fc-todo" aria-labelledby="campaign-todo-title">
                    {move || todo().into_iter().map(|t| view! {
                        <li class=if t.required { "fc-todo-item now" } else { "fc-todo-item later" }>
                            <span class="fc-mark">{if t.required { "Must: " } else { "May: " }}</span>{t.what}
                        </li>
                    }).collect_view()}
                </ul>
                <section class="fc-ledger" aria-label="Campaign ledger">
                    <h2>"Ledger"</h2>
                    <dl>
                        {move || ledger().into_iter().map(|l| view! {
                            <div class="fc-ledger-line"><dt>{l.what}</dt><dd>{l.value}</dd></div>
                        }).collect_view()}
                    </dl>
                </section>
                <div class="row">
                    <a class="button" href="/campaign/map">"The campaign map"</a>
                    <a class="button" href="/pack">"The campaign pack"</a>
                </div>
                <UndoRedo store=store/>
                <h2>"History"</h2>
                <ol class="history" reversed>{move || recent().into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}</ol>
                <details class="more" on:toggle=move |_| history_opened.set(true)>
                    <summary class="button">"The whole history"</summary>
                    <ol class="history">
                        {move || history_opened.get().then(|| campaign(store, |c| c.log.iter().map(|e| {
                            view! { <li>{format!("Turn {}, {}: {}", e.turn, e.phase.label(), e.text)}</li> }
                        }).collect_view()))}
                    </ol>
                </details>
            </Show>
        </section>
    }
    .into_any()
}
