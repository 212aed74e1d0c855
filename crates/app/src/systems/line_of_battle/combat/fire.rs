//! Fire (9) through the engine's Fire command: the Firing Stack and the SPs fired from each
//! unit (the 8 SP limit, 9.1b), its fewest MPs remaining (9.1e), the Range and the Target
//! Stack; who may fire (9.1, 3.3e, 1.4b) and every Combat Table modifier named with its rule,
//! read by the engine from the game (Limited Defense Status, CBF, Open Order's column...);
//! the Opening Volley a fire after moving triggers (9.2); two dice on the players' Combat Table
//! (the grid at a raw 9 or more); the owner's Loss Distribution (9.4a); then what the result
//! leaves due, settled in 9.4's order.

use super::dues::DueList;
use super::parts::{LeaderColumn, LeaderPicks, StackPicker, back};
use crate::systems::line_of_battle::model::{combat, odds, tables as table_words, words};
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::{ModifierChoices, odds_line, refusal};
use crate::widgets::dice::{DiceEntry, one_die, two_dice};
use crate::widgets::toggles::Toggles;
use companion_core::TwoDice;
use leptos::prelude::*;
use line_of_battle::artillery::Round;
use line_of_battle::combat::{FireCommand, FiringUnit, VolleyCommand, fire_modifiers, read_fire, read_volley};
use line_of_battle::fire::{Special, weapon};
use line_of_battle::game::Command;
use line_of_battle::oob::Arm;
use line_of_battle::table::Effect as Result_;
use line_of_battle::tables::{combat as names, key};

fn special_words(s: Special) -> &'static str {
    match s {
        Special::Breechloader => "Breechloader",
        Special::Repeater => "Repeater",
        Special::BuckNBall => "Buck 'n Ball",
        Special::DenseCanister | Special::NormalCanister => "Canister (4.2h)",
        Special::None => "None",
    }
}

/// The modifiers the engine adds itself, or that have their own control here.
const SKIP: [&str; 14] = [
    names::MPS_REMAINING,
    names::FIRING_SPS,
    "Range ",
    names::CBF_LEVEL,
    names::BREECHLOADER,
    names::REPEATER,
    names::BUCK_N_BALL,
    names::CANISTER,
    names::DENSE_CANISTER,
    names::NORMAL_CANISTER,
    names::PROTECTION,
    names::STONE_WALL,
    names::BREASTWORKS,
    names::ZERO_LED,
];

/// The Fire screen.
#[component]
pub fn FireScreen() -> impl IntoView {
    let store = use_store();
    let phasing = store.with_untracked(|g| g.clock.phasing());
    let firing = RwSignal::new(Vec::<String>::new());
    let sps = RwSignal::new(Vec::<u8>::new());
    let target = RwSignal::new(Vec::<String>::new());
    let target_leaders = RwSignal::new(Vec::<String>::new());
    let column = RwSignal::new(String::new());
    let mps = RwSignal::new(6u8);
    let limbered = RwSignal::new(false);
    let range = RwSignal::new(2u8);
    let round = RwSignal::new(Round::Shell);
    let out_of_radius = RwSignal::new(false);
    let zero = RwSignal::new(false);
    let protection = RwSignal::new(String::new());
    let special = RwSignal::new(None::<Special>);
    let chosen = RwSignal::new(Vec::<String>::new());
    let moved = RwSignal::new(false);
    let faces = RwSignal::new(Vec::<u8>::new());
    let allocation = RwSignal::new(Vec::<u8>::new());
    let problem = RwSignal::new(None::<String>);
    let fired = RwSignal::new(None::<Vec<String>>);

    // A new Firing Stack: all of each unit fires, to the 8 SP limit (9.1b).
    Effect::new(move |_| {
        let ids = firing.get();
        let (strengths, z) = store.with_untracked(|g| {
            let st = combat::stack(g, &ids);
            (
                st.iter().map(|u| u.strength).collect::<Vec<_>>(),
                st.first().is_some_and(|u| g.oob.zero_led(&u.formation)),
            )
        });
        sps.set(combat::first_choice(&strengths));
        zero.set(z);
    });
    let artillery = move || store.with(|g| combat::stack(g, &firing.get()).iter().any(|u| u.arm == Arm::Artillery));
    let command = move |dice: TwoDice| FireCommand {
        firers: firing
            .get()
            .into_iter()
            .zip(sps.get())
            .map(|(unit, sps)| FiringUnit { unit, sps, mps_remaining: mps.get(), was_limbered: limbered.get() })
            .collect(),
        target: target.get(),
        target_leaders: target_leaders.get(),
        leader_column: column.get(),
        range: range.get(),
        round: artillery().then(|| round.get()),
        weapon_drm: special.get(),
        protection: Some(protection.get()).filter(|p| !p.is_empty()),
        modifiers: chosen.get(),
        out_of_radius: out_of_radius.get(),
        zero_led: zero.get(),
        artillery_leader: false,
        dice,
        allocation: Some(allocation.get()),
    };
    let specials = move || {
        let mut s: Vec<Special> = store.with(|g| {
            combat::stack(g, &firing.get())
                .iter()
                .filter(|u| u.arm != Arm::Artillery)
                .filter_map(|u| weapon(&u.weapon, false).map(|w| w.special))
                .filter(|s| *s != Special::None)
                .collect()
        });
        s.dedup();
        s
    };
    let placeholder = || TwoDice::new(1, 1).ok();
    let modifiers = Memo::new(move |_| -> Option<Result<Vec<String>, String>> {
        let c = command(placeholder()?);
        Some(store.with(|g| fire_modifiers(g, &c)).map_err(|e| e.to_string()))
    });
    let reading = Memo::new(move |_| {
        let d = two_dice(&faces.get())?;
        let c = command(d);
        Some(store.with(|g| read_fire(g, &c)).map_err(|e| e.to_string()))
    });
    // A new reading: the owner's distribution proposed afresh (9.4a).
    Effect::new(move |_| {
        let loss = reading.get().and_then(Result::ok).map(|r| r.loss()).unwrap_or(0);
        let strengths = store.with_untracked(|g| {
            combat::stack(g, &target.get_untracked()).iter().map(|u| u.strength).collect::<Vec<_>>()
        });
        allocation.set(combat::first_distribution(&strengths, loss));
    });
    let apply = move |_| {
        let Some(d) = two_dice(&faces.get_untracked()) else { return };
        let c = command(d);
        match store.dispatch(Command::Fire(Box::new(c))) {
            Ok(o) => {
                fired.set(Some(o.lines));
                problem.set(None);
            }
            Err(e) => problem.set(Some(e)),
        }
    };
    let again = move |_| {
        fired.set(None);
        faces.set(Vec::new());
        firing.set(Vec::new());
        target.set(Vec::new());
    };
    let target_side = Signal::derive(move || phasing.other());
    let rounds = StoredValue::new(vec![
        (Round::Shell, "Shell".to_string()),
        (Round::Canister, "Canister (3 hexes or less)".to_string()),
    ]);
    view! {
        <section class="screen lob-combat lob-fire" aria-labelledby="fire-title">
            {back()}
            <h1 id="fire-title">"Fire"</h1>
            <p class="subtitle">{format!("{} fires (9.3: the Phasing Player rolls).", words::side(phasing))}</p>
            <Show when=move || fired.get().is_none() fallback=move || view! {
                <section class="card result" role="status" aria-label="Fire applied">
                    <p class="applied">"Applied to the game."</p>
                    <ul class="plain">{move || fired.get().unwrap_or_default().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                </section>
                <h2>"Now, in 9.4's order"</h2>
                <DueList/>
                <div class="row"><button class="button" on:click=again>"Another fire"</button></div>
            }>
                <StackPicker legend="The Firing Stack" side=Signal::derive(move || phasing) chosen=firing used=true/>
                <Show when=move || !firing.with(Vec::is_empty)>
                    <fieldset class="choices">
                        <legend>{move || format!("SPs fired: {} of 8 at most (9.1b, 9.1c)", sps.get().iter().map(|s| u32::from(*s)).sum::<u32>())}</legend>
                        {move || {
                            let rows = store.with(|g| combat::stack(g, &firing.get()).iter().map(|u| (u.name.clone(), u.strength)).collect::<Vec<_>>());
                            rows.into_iter().enumerate().map(|(i, (name, strength))| view! {
                                <div class="stepper-row">
                                    <span>{name.clone()}</span>
                                    <button type="button" class="button" aria-label=format!("Fewer SPs from {name}") on:click=move |_| sps.update(|v| if let Some(x) = v.get_mut(i) { *x = x.saturating_sub(1) })>"−"</button>
                                    <output class="count">{move || sps.get().get(i).copied().unwrap_or(0)}</output>
                                    <button type="button" class="button" aria-label=format!("More SPs from {name}") on:click=move |_| sps.update(|v| if let Some(x) = v.get_mut(i) { *x = (*x + 1).min(strength) })>"+"</button>
                                </div>
                            }).collect_view()
                        }}
                    </fieldset>
                    <fieldset class="choices inline stepper">
                        <legend>"Fewest MPs remaining among them (9.1e)"</legend>
                        <button type="button" class="button" aria-label="Fewer MPs remaining" on:click=move |_| mps.update(|v| *v = v.saturating_sub(1))>"−"</button>
                        <output class="count" aria-live="polite">{move || mps.get()}</output>
                        <button type="button" class="button" aria-label="More MPs remaining" on:click=move |_| mps.update(|v| *v = (*v + 1).min(10))>"+"</button>
                    </fieldset>
                    <Show when=artillery>
                        <Toggles class="pick" legend="The Artillery fires (4.2h)".to_string() options=rounds.get_value() value=round/>
                        <label class="choice"><input type="checkbox" bind:checked=limbered/><span>"The Artillery began the Phase Limbered (3 MPs needed, 9.1)"</span></label>
                    </Show>
                    <label class="choice"><input type="checkbox" bind:checked=moved/><span>"Units of the Stack spent MPs this Phase: an Opening Volley is triggered (9.2)"</span></label>
                </Show>
                <fieldset class="choices inline stepper">
                    <legend>"Range in hexes"</legend>
                    <button type="button" class="button" aria-label="Shorter range" on:click=move |_| range.update(|v| *v = v.saturating_sub(1).max(1))>"−"</button>
                    <output class="count" aria-live="polite">{move || range.get()}</output>
                    <button type="button" class="button" aria-label="Longer range" on:click=move |_| range.update(|v| *v = (*v + 1).min(38))>"+"</button>
                </fieldset>
                <StackPicker legend="The Target Stack" side=target_side chosen=target/>
                <LeaderPicks legend="Leaders in the Target hex" side=target_side chosen=target_leaders/>
                <Show when=move || moved.get() && !firing.with(Vec::is_empty)>
                    <h2>"Opening Volley first (9.2)"</h2>
                    <VolleyForm trigger=Signal::derive(move || firing.get())/>
                </Show>
                <details class="more">
                    <summary class="button">"The Target's terrain, the weapon, Command"</summary>
                    <label class="field">
                        <span>"The Target hex's Protection, one only (9.1f)"</span>
                        <select on:change=move |ev| protection.set(event_target_value(&ev))>
                            <option value="">"None"</option>
                            {[names::PROTECTION, names::STONE_WALL, names::BREASTWORKS].iter().map(|p| view! { <option value=*p>{*p}</option> }).collect_view()}
                        </select>
                    </label>
                    <label class="field">
                        <span>"The one weapon DRM claimed (9.3)"</span>
                        <select on:change=move |ev| {
                            let v = event_target_value(&ev);
                            special.set(specials().into_iter().find(|s| special_words(*s) == v));
                        }>
                            <option value="">"None"</option>
                            {move || specials().into_iter().map(|s| view! { <option value=special_words(s)>{special_words(s)}</option> }).collect_view()}
                        </select>
                    </label>
                    <ModifierChoices table=key::COMBAT chosen=chosen legend="Other modifiers that apply" skip_starting=SKIP.to_vec()/>
                    <label class="choice"><input type="checkbox" bind:checked=zero/><span>"A Zero-led Brigade on its Zero Roll's MA (4.1d)"</span></label>
                    <label class="choice"><input type="checkbox" bind:checked=out_of_radius/><span>"The Stack began its move out of Command Radius (3.3e)"</span></label>
                    <LeaderColumn column=column/>
                </details>
                <Show when=move || !firing.with(Vec::is_empty) && !target.with(Vec::is_empty)>
                    {move || match modifiers.get() {
                        None => ().into_any(),
                        Some(Err(e)) => view! { <p class="refusal" role="alert">{e}</p> }.into_any(),
                        Some(Ok(m)) => {
                            let values = store.with(|g| g.tables.get(key::COMBAT).map(|t| combat::modifier_values(t, &m)).unwrap_or_default());
                            let table = store.with(|g| g.tables.get(key::COMBAT).cloned());
                            let chances = table.map(|t| odds::loss_and_check(&t, &m, &[]).map(|(l, c)| vec![("A loss", l), ("A Morale Check", c)]));
                            view! {
                                <h2>"Combat Table modifiers"</h2>
                                <ul class="plain modifiers-used">
                                    {values.into_iter().map(|(name, rule, v)| {
                                        let value = v.map(|v| format!("{v:+}")).unwrap_or_else(|| "not entered: enter it in Tables".into());
                                        view! { <li>{format!("{name} ({rule}): {value}")}</li> }
                                    }).collect_view()}
                                </ul>
                                {chances.map(|c| odds_line("Two dice plus the modifiers; a raw 9 or more reads the grid (9.0)".into(), c))}
                            }
                            .into_any()
                        }
                    }}
                    <DiceEntry name="Fire die" count=Signal::derive(|| 2usize) faces=faces/>
                    {move || reading.get().map(|r| match r {
                        Err(e) => view! { <p class="banner warning" role="status">{format!("{e}.")}</p> }.into_any(),
                        Ok(r) => {
                            let headline = format!(
                                "Combat Table: {} {:+} = {}{}: {}",
                                r.raw,
                                r.drm,
                                r.modified,
                                if r.from_grid { " (the grid, raw 9 or more)" } else { "" },
                                table_words::effects(&r.effects)
                            );
                            let loss = r.loss();
                            let check = r.effects.contains(&Result_::MoraleCheck);
                            view! {
                                <section class="card result" role="status" aria-label="Result">
                                    <p class="headline"><strong>{headline}</strong></p>
                                    <ol class="steps">
                                        {(loss > 0).then(|| view! { <li>"Apply the loss, with Loss Distribution (9.4a)"</li><li>"Leader Loss Checks for the Leaders in the Target hex (4.1a)"</li> })}
                                        {check.then(|| view! { <li>"Morale Check of the Target Stack (10.1)"</li> })}
                                    </ol>
                                    <Show when=move || loss.gt(&0)>
                                        <fieldset class="choices">
                                            <legend>"Loss Distribution: the Top Unit first, one each before any takes two (9.4a)"</legend>
                                            {move || {
                                                let rows = store.with(|g| combat::stack(g, &target.get()).iter().map(|u| (u.name.clone(), u.strength)).collect::<Vec<_>>());
                                                rows.into_iter().enumerate().map(|(i, (name, strength))| view! {
                                                    <div class="stepper-row">
                                                        <span>{name.clone()}</span>
                                                        <button type="button" class="button" aria-label=format!("Less loss to {name}") on:click=move |_| allocation.update(|v| if let Some(x) = v.get_mut(i) { *x = x.saturating_sub(1) })>"−"</button>
                                                        <output class="count">{move || allocation.get().get(i).copied().unwrap_or(0)}</output>
                                                        <button type="button" class="button" aria-label=format!("More loss to {name}") on:click=move |_| allocation.update(|v| if let Some(x) = v.get_mut(i) { *x = (*x + 1).min(strength) })>"+"</button>
                                                    </div>
                                                }).collect_view()
                                            }}
                                        </fieldset>
                                    </Show>
                                    <button class="button big primary" on:click=apply>"Apply the result"</button>
                                </section>
                            }
                            .into_any()
                        }
                    })}
                </Show>
                {refusal(problem)}
            </Show>
        </section>
    }
    .into_any()
}

/// An Opening Volley (9.2) through the engine: the Inactive Player's Stack (one die plus
/// his table's modifiers at the Trigger's range), its loss on the Triggering Stack's top unit
/// and then the next, its Leaders' checks; no Morale Check.
#[component]
pub fn VolleyForm(trigger: Signal<Vec<String>>) -> impl IntoView {
    let store = use_store();
    let side = store.with_untracked(|g| g.clock.phasing().other());
    let firer = RwSignal::new(Vec::<String>::new());
    let leaders = RwSignal::new(Vec::<String>::new());
    let column = RwSignal::new(String::new());
    let range = RwSignal::new(1u8);
    let chosen = RwSignal::new(Vec::<String>::new());
    let faces = RwSignal::new(Vec::<u8>::new());
    let problem = RwSignal::new(None::<String>);
    let done = RwSignal::new(None::<Vec<String>>);
    let command = move || -> Option<VolleyCommand> {
        Some(VolleyCommand {
            firer: firer.get(),
            trigger: trigger.get(),
            trigger_leaders: leaders.get(),
            leader_column: column.get(),
            range: range.get(),
            modifiers: chosen.get(),
            die: one_die(&faces.get())?,
        })
    };
    let odds = move || {
        let t = store.with(|g| g.tables.get(key::OPENING_VOLLEY).cloned())?;
        let mut names = vec![format!("Range {}", range.get())];
        names.extend(chosen.get());
        Some(odds_line(
            "The Inactive Player rolls one die plus the modifiers (9.2)".into(),
            odds::loss_and_check(&t, &names, &[]).map(|(l, _)| vec![("A loss", l)]),
        ))
    };
    let reading = move || {
        let c = command()?;
        if firer.with(Vec::is_empty) {
            return None;
        }
        Some(store.with(|g| read_volley(g, &c)).map_err(|e| e.to_string()))
    };
    let apply = move |_| {
        let Some(c) = command() else { return };
        match store.dispatch(Command::Volley(Box::new(c))) {
            Ok(o) => {
                done.set(Some(o.lines));
                problem.set(None);
            }
            Err(e) => problem.set(Some(e)),
        }
    };
    let sides = Signal::derive(move || side);
    view! {
        <div class="roll-form volley" role="group" aria-label="Opening Volley">
            <StackPicker legend="The Opening Volley Stack (the Inactive Player's)" side=sides chosen=firer used=true/>
            <fieldset class="choices inline">
                <legend>"Range to the Triggering Stack (3 hexes or less)"</legend>
                {(1..=3u8).map(|r| view! {
                    <button type="button" class="button" aria-pressed=move || if range.get() == r { "true" } else { "false" } on:click=move |_| range.set(r)>{r}</button>
                }).collect_view()}
            </fieldset>
            <ModifierChoices table=key::OPENING_VOLLEY chosen=chosen legend="Other modifiers that apply" skip_starting=vec!["Range", "Charge Range", "Green Firer"]/>
            <LeaderPicks legend="Leaders with the Triggering Stack" side=Signal::derive(move || side.other()) chosen=leaders/>
            <LeaderColumn column=column/>
            {odds}
            <DiceEntry name="Opening Volley die" count=Signal::derive(|| 1usize) faces=faces/>
            {move || match done.get() {
                Some(lines) => view! {
                    <section class="card result" role="status" aria-label="Opening Volley result">
                        <p class="applied">"Applied to the game."</p>
                        <ul class="plain">{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                    </section>
                }
                .into_any(),
                None => reading().map(|r| match r {
                    Ok((r, loss)) => view! {
                        <section class="card result" role="status" aria-label="Opening Volley result">
                            <p class="headline"><strong>{format!("Opening Volley: {} {:+} = {}: {}", r.raw, r.drm, r.modified, table_words::effects(&r.effects))}</strong></p>
                            <button class="button big primary" on:click=apply>{if loss > 0 { format!("Apply the {loss} SP loss to the top unit") } else { "No loss: go on".to_string() }}</button>
                        </section>
                    }
                    .into_any(),
                    Err(e) => view! { <p class="banner warning" role="status">{format!("{e}.")}</p> }.into_any(),
                }).unwrap_or_else(|| ().into_any()),
            }}
            {refusal(problem)}
        </div>
    }
    .into_any()
}
