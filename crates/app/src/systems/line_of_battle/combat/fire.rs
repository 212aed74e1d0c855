//! Fire (9): the Firing Stack and the SPs fired from each of its units (the 8 SP limit, 9.1b;
//! DG halving after it, 10.2d), its fewest MPs remaining (9.1e), the Range and the Target
//! Stack; who may fire (9.1, 3.3e, 1.4b); every Combat Table modifier named with its rule
//! (9.0-9.3, 1.3b, 13.2e, 4.1d, 1.6c, 5.0e); the Opening Volley a fire after moving triggers
//! (9.2); two dice on the players' Combat Table (the grid at a raw 9 or more); the result's
//! actions in order (9.4) and the owner's Loss Distribution (9.4a).

use super::parts::{LeaderLossCheck, StackPicker, back};
use super::volley::OpeningVolley;
use crate::systems::line_of_battle::model::{combat, odds, tables as table_words, words};
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::{odds_line, refusal};
use crate::widgets::dice::{DiceEntry, two_dice};
use leptos::prelude::*;
use line_of_battle::fire::{
    FireSituation, Special, check_capable, combat_modifiers, combat_roll, result_actions, weapon,
};
use line_of_battle::morale::MoraleState;
use line_of_battle::oob::Arm;
use line_of_battle::table::Reading;
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

/// The Fire screen.
#[component]
pub fn FireScreen() -> impl IntoView {
    let store = use_store();
    let phasing = store.with_untracked(|g| g.clock.phasing());
    let firing = RwSignal::new(Vec::<String>::new());
    let sps = RwSignal::new(Vec::<u8>::new());
    let target = RwSignal::new(Vec::<String>::new());
    let mps = RwSignal::new(6u8);
    let limbered = RwSignal::new(false);
    let range = RwSignal::new(2u8);
    let out_of_radius = RwSignal::new(false);
    let limited = RwSignal::new(false);
    let zero = RwSignal::new(false);
    let protection = RwSignal::new(String::new());
    let special = RwSignal::new(None::<Special>);
    let moved = RwSignal::new(false);
    let faces = RwSignal::new(Vec::<u8>::new());
    let allocation = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Vec<String>>);
    let problem = RwSignal::new(None::<String>);

    // A new Firing Stack: all of each unit fires, to the 8 SP limit; Limited Defense Status
    // and a Zero-led Brigade read from the game.
    Effect::new(move |_| {
        let ids = firing.get();
        let (strengths, lds, z) = store.with_untracked(|g| {
            let st = combat::stack(g, &ids);
            (
                st.iter().map(|u| u.strength).collect::<Vec<_>>(),
                st.first().is_some_and(|u| combat::limited_defense(g, u)),
                st.first().is_some_and(|u| g.oob.zero_led(&u.formation)),
            )
        });
        sps.set(combat::first_choice(&strengths));
        limited.set(lds);
        zero.set(z);
    });
    let chosen = move || firing.get().into_iter().zip(sps.get()).collect::<Vec<_>>();
    let firers = move || {
        let c = chosen();
        store.with(|g| combat::firers(g, &c, mps.get(), limbered.get()))
    };
    let specials = move || {
        let mut s: Vec<Special> = firers()
            .iter()
            .filter_map(|f| weapon(&f.weapon, f.artillery).map(|w| w.special))
            .filter(|s| *s != Special::None)
            .collect();
        s.dedup();
        s
    };
    let situation = move || {
        store.with(|g| {
            let st = combat::stack(g, &firing.get());
            let state = combat::stack_state(&st);
            FireSituation {
                range: range.get(),
                visibility: g.clock.visibility().ok().flatten(),
                disorganized: state == MoraleState::Disorganized,
                routed: state == MoraleState::Routed,
                out_of_radius: out_of_radius.get(),
                fired: false,
                limited_defense: limited.get(),
                zero_led: zero.get(),
                protection: Some(protection.get()).filter(|p| !p.is_empty()),
                weapon_drm: special.get(),
            }
        })
    };
    let modifiers = move || -> Result<Vec<String>, String> {
        let f = firers();
        let s = situation();
        check_capable(&f, &s).map_err(|e| e.to_string())?;
        let table = store.with(|g| g.tables.get(key::COMBAT).cloned()).ok_or("no Combat Table")?;
        store.with(|g| combat_modifiers(&f, &s, &table, &g.thresholds)).map_err(|e| e.to_string())
    };
    // A Memo: applying the result changes the game, not the reading, so what was applied stays
    // on screen.
    let reading = Memo::new(move |_| -> Option<Result<Reading, String>> {
        let d = two_dice(&faces.get())?;
        let m = match modifiers() {
            Ok(m) => m,
            Err(e) => return Some(Err(e)),
        };
        let table = store.with(|g| g.tables.get(key::COMBAT).cloned())?;
        Some(combat_roll(&table, &m, d.total()).map_err(|e| e.to_string()))
    });
    // A new reading: the owner's distribution proposed afresh (9.4a), nothing applied yet.
    Effect::new(move |_| {
        let loss = reading.get().and_then(Result::ok).map(|r| r.loss()).unwrap_or(0);
        let strengths = store.with_untracked(|g| {
            combat::stack(g, &target.get_untracked()).iter().map(|u| u.strength).collect::<Vec<_>>()
        });
        allocation.set(combat::first_distribution(&strengths, loss));
        applied.set(None);
    });
    let apply = move |_| {
        let Some(Ok(r)) = reading.get_untracked() else { return };
        let result = store.with_untracked(|g| {
            let units = combat::stack(g, &target.get_untracked());
            combat::loss_commands(&units, r.loss(), &allocation.get_untracked())
        });
        match result {
            Ok(commands) if commands.is_empty() => applied.set(Some(vec!["No loss to apply.".into()])),
            Ok(commands) => match store.dispatch_all(commands) {
                Ok(outcomes) => {
                    applied.set(Some(outcomes.into_iter().flat_map(|o| o.lines).collect()));
                    problem.set(None);
                }
                Err(e) => problem.set(Some(e.to_string())),
            },
            Err(e) => problem.set(Some(e)),
        }
    };
    let protections = [names::PROTECTION, names::STONE_WALL, names::BREASTWORKS];
    let target_side = Signal::derive(move || phasing.other());
    view! {
        <section class="screen lob-combat lob-fire" aria-labelledby="fire-title">
            {back()}
            <h1 id="fire-title">"Fire"</h1>
            <p class="subtitle">{format!("{} fires (9.3: the Phasing Player rolls).", words::side(phasing))}</p>
            <StackPicker legend="The Firing Stack" side=Signal::derive(move || phasing) chosen=firing/>
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
                <Show when=move || store.with(|g| combat::stack(g, &firing.get()).iter().any(|u| u.arm == Arm::Artillery))>
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
            <Show when=move || moved.get() && !firing.with(Vec::is_empty)>
                <h2>"Opening Volley first (9.2)"</h2>
                <OpeningVolley trigger=Signal::derive(move || firing.get()) on_done=Callback::new(move |_| {
                    // The SPs fired are those left after the Volley (9.1b).
                    let strengths = store.with_untracked(|g| combat::stack(g, &firing.get_untracked()).iter().map(|u| u.strength).collect::<Vec<_>>());
                    sps.update(|v| for (x, s) in v.iter_mut().zip(strengths) { *x = (*x).min(s) });
                })/>
                <LeaderLossCheck side=Signal::derive(move || phasing) column=""/>
            </Show>
            <details class="more">
                <summary class="button">"The Target's terrain, the weapon, Command"</summary>
                <label class="field">
                    <span>"The Target hex's Protection, one only (9.1f)"</span>
                    <select on:change=move |ev| protection.set(event_target_value(&ev))>
                        <option value="">"None"</option>
                        {protections.iter().map(|p| view! { <option value=*p>{*p}</option> }).collect_view()}
                    </select>
                </label>
                <label class="field">
                    <span>"The one weapon DRM used (9.3)"</span>
                    <select on:change=move |ev| {
                        let v = event_target_value(&ev);
                        special.set(specials().into_iter().find(|s| special_words(*s) == v));
                    }>
                        <option value="">"None"</option>
                        {move || specials().into_iter().map(|s| view! { <option value=special_words(s)>{special_words(s)}</option> }).collect_view()}
                    </select>
                </label>
                <label class="choice"><input type="checkbox" bind:checked=limited/><span>"Limited Defense Status: no +1 for MPs remaining (13.2e)"</span></label>
                <label class="choice"><input type="checkbox" bind:checked=zero/><span>"A Zero-led Brigade on its Zero Roll's MA (4.1d)"</span></label>
                <label class="choice"><input type="checkbox" bind:checked=out_of_radius/><span>"The Stack began its move out of Command Radius (3.3e)"</span></label>
            </details>
            <Show when=move || !firing.with(Vec::is_empty) && !target.with(Vec::is_empty)>
                {move || match modifiers() {
                    Err(e) => view! { <p class="refusal" role="alert">{e}</p> }.into_any(),
                    Ok(m) => {
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
                        let (leaders, guns) = (true, store.with(|g| combat::stack(g, &target.get()).iter().any(|u| u.arm == Arm::Artillery && u.unit_formation == line_of_battle::oob::UnitFormation::Unlimbered)));
                        let actions = result_actions(&r, leaders, guns);
                        let loss = r.loss();
                        let morale_href = format!("/combat/morale?units={}", target.get().join(","));
                        view! {
                            <section class="card result" role="status" aria-label="Result">
                                <p class="headline"><strong>{headline}</strong></p>
                                <ol class="steps">{actions.into_iter().map(|a| view! { <li>{a}</li> }).collect_view()}</ol>
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
                                {move || match applied.get() {
                                    None => view! { <button class="button big primary" on:click=apply>{if loss > 0 { "Apply the loss" } else { "Done: no loss" }}</button> }.into_any(),
                                    Some(lines) => view! {
                                        <p class="applied">"Applied to the game."</p>
                                        <ul class="plain">{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                                    }
                                    .into_any(),
                                }}
                                {r.effects.contains(&line_of_battle::table::Effect::MoraleCheck).then(|| view! {
                                    <a class="button big" href=morale_href.clone()>"Morale Check of the Target Stack (10.1)"</a>
                                })}
                            </section>
                            <Show when=move || loss.gt(&0)>
                                <LeaderLossCheck side=target_side column=""/>
                            </Show>
                        }
                        .into_any()
                    }
                })}
            </Show>
            {refusal(problem)}
        </section>
    }
    .into_any()
}
