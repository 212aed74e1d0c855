//! What the campaign's screens share: the campaign read from the open game, its commands sent,
//! random picks for draws and ties (20.0), a report card of what a step did, a force's line.

use super::super::dice::random_pick;
use super::super::store::Store;
use field_commander::campaign::{Campaign, CampaignCommand, CampaignPlay, CampaignReport, PlayCommand};
use field_commander::game::{Command, Report};
use leptos::prelude::*;

/// Reads the campaign side of the game, tracked.
pub fn play<R>(store: Store, f: impl FnOnce(&CampaignPlay) -> R) -> R {
    store.with(|g| f(&g.campaign))
}

/// Reads the campaign, tracked; `None` when none has been started.
pub fn campaign<R>(store: Store, f: impl FnOnce(&Campaign) -> R) -> Option<R> {
    store.with(|g| g.campaign.campaign.as_ref().map(f))
}

/// Reads the campaign, untracked (for a tap's handler).
pub fn campaign_now<R>(store: Store, f: impl FnOnce(&Campaign) -> R) -> Option<R> {
    store.session.with_untracked(|s| s.game().campaign.campaign.as_ref().map(f))
}

/// Sends a campaign step; the refusal is returned for the screen to show beside its buttons.
pub fn step(store: Store, c: CampaignCommand) -> Result<Report, String> {
    store.dispatch(Command::Campaign(PlayCommand::Step(c)))
}

/// Sends a campaign command of the game.
pub fn send(store: Store, c: PlayCommand) -> Result<Report, String> {
    store.dispatch(Command::Campaign(c))
}

/// What a command would do, tried on a copy of the campaign side (tracked).
pub fn trial(store: Store, c: &PlayCommand) -> Result<CampaignReport, String> {
    store.with(|g| g.campaign.trial(c).map_err(|e| e.to_string()))
}

/// Random picks for draws from a cup, random Areas and ties (4.18, 4.19, 20.0).
pub fn picks() -> Vec<usize> {
    (0..8).map(|_| random_pick()).collect()
}

/// What a step did, each line with its rule and its roll.
#[component]
pub fn Done(report: RwSignal<Option<Report>>) -> impl IntoView {
    move || {
        report.get().map(|r| {
            view! {
                <section class="result fc-report" role="status" aria-label="What happened">
                    <h2>"What happened"</h2>
                    <ol class="fc-lines">{r.lines.iter().map(|l| view! { <li>{l.clone()}</li> }).collect_view()}</ol>
                </section>
            }
        })
    }
}

/// A refusal beside the buttons that caused it.
#[component]
pub fn Problem(problem: RwSignal<Option<String>>) -> impl IntoView {
    move || problem.get().map(|p| view! { <p class="banner error" role="alert">{p}</p> })
}

/// Runs a step for a tap: its report kept for the screen, or its refusal shown.
pub fn act(store: Store, c: Command, done: RwSignal<Option<Report>>, problem: RwSignal<Option<String>>) {
    match store.dispatch(c) {
        Ok(r) => {
            problem.set(None);
            done.set(Some(r));
        }
        Err(why) => problem.set(Some(why)),
    }
}

/// A force on the campaign map in a line: its counter's name, side up and Combat Value.
pub fn force_line(c: &Campaign, id: u32) -> String {
    let strength = c.piece(id).map(|p| p.strength).ok();
    let side = match strength {
        Some(field_commander::force::Strength::Reduced) => ", reduced",
        _ => "",
    };
    let cv = c.combat(id).map(|v| format!(", Combat Value {v}")).unwrap_or_else(|_| ", Combat Value missing".into());
    let kind = c.counter(id).map(|k| k.kind.label()).unwrap_or("");
    format!("{} ({kind}{cv}{side})", c.name(id))
}

/// Undo and Redo for the campaign's screens; the screen's report of the step, if it has one,
/// is put away with it, so that an undone step is not shown as done.
#[component]
pub fn UndoRedo(store: Store, #[prop(optional)] report: Option<RwSignal<Option<Report>>>) -> impl IntoView {
    let forget = move || {
        if let Some(r) = report {
            r.set(None);
        }
    };
    view! {
        <div class="row">
            <button class="button" prop:disabled=move || !store.can_undo() on:click=move |_| { store.undo(); forget() }>"Undo"</button>
            <button class="button" prop:disabled=move || !store.can_redo() on:click=move |_| { store.redo(); forget() }>"Redo"</button>
        </div>
    }
    .into_any()
}
