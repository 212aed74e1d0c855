//! The campaign pack (issue 13, "What the player enters"): its counters with the counter mix,
//! its campaigns (each Campaign Information Sheet, map and Battle Resolution Table), every
//! value marked where it came from; what is still to enter and what is wrong, named; the pack
//! exported as a file and imported from one (validated, with a clear message, never a panic),
//! or pasted as text.

use super::common::{Problem, UndoRedo, play, send};
use crate::shell::browser;
use crate::systems::field_commander::store::use_store;
use field_commander::campaign::PlayCommand;
use field_commander::force::Loyalty;
use field_commander::pack::{CampaignDef, CampaignPack, PackEdit, practice_pack};
use leptos::prelude::*;

fn edit(e: PackEdit) -> PlayCommand {
    PlayCommand::Pack(e)
}

/// A counter design in a line: its values as printed and where they came from.
fn counter_line(d: &field_commander::pack::CounterDesign) -> String {
    let c = &d.counter;
    let v = |e: &field_commander::force::Entry<u8>| match e {
        field_commander::force::Entry::Entered(v) | field_commander::force::Entry::MadeUp(v) => v.to_string(),
        field_commander::force::Entry::Missing => "?".into(),
    };
    let missing = c.missing().len();
    format!(
        "{}: {} {} {:?}, Combat Value {}{}{}",
        d.key,
        c.loyalty.label(),
        c.kind.label(),
        d.echelon,
        v(&c.full.combat),
        d.copies.value().filter(|n| **n > 1).map(|n| format!(", {n} in the mix")).unwrap_or_default(),
        if missing > 0 { format!(" ({missing} to enter)") } else { String::new() }
    )
}

/// The pack's import and export.
#[component]
fn PackFile() -> impl IntoView {
    let store = use_store();
    let status = RwSignal::new(None::<(bool, String)>);
    let take = move |text: &str| -> Result<String, String> {
        let pack = CampaignPack::import(text).map_err(|e| format!("Nothing was imported. {e}"))?;
        let name = pack.name.clone();
        send(store, edit(PackEdit::Replace(Box::new(pack))))?;
        Ok(format!("The campaign pack \u{201c}{name}\u{201d} is imported."))
    };
    let import = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let chosen = input.clone();
        browser::read_chosen_file(&input, companion_core::exchange::MAX_FILE_BYTES, move |read| {
            match read.and_then(|(_, text)| take(&text)) {
                Ok(m) => status.set(Some((false, m))),
                Err(why) => status.set(Some((true, why))),
            }
            chosen.set_value("");
        });
    };
    let export = move |_| {
        let Some(pack) = play(store, |p| p.pack.clone()) else { return };
        if let Err(problems) = pack.validate() {
            status.set(Some((
                true,
                format!(
                    "The pack is not sound yet, so it would not import: {}.",
                    problems.iter().take(3).map(ToString::to_string).collect::<Vec<_>>().join("; ")
                ),
            )));
            return;
        }
        let text = pack.export();
        match browser::download(&browser::dated_filename("field-commander-campaign-pack"), &text, "application/json") {
            Ok(()) => status.set(Some((false, "The campaign pack is exported as a file.".into()))),
            Err(e) => status.set(Some((true, format!("Export failed: {e}")))),
        }
    };
    let paste = move |text: Result<String, String>| -> bool {
        match text.and_then(|t| take(&t)) {
            Ok(m) => {
                status.set(Some((false, m)));
                true
            }
            Err(why) => {
                status.set(Some((true, why)));
                false
            }
        }
    };
    view! {
        <h2 id="pack-file">"The pack as a file"</h2>
        <p class="muted">"Enter the pack once and share it: a file imports on any phone."</p>
        <div class="row">
            <button class="button" on:click=export>"Export the campaign pack"</button>
            <label class="button" for="pack-file-input">"Import a campaign pack"</label>
            <input id="pack-file-input" class="file-input" type="file" accept=".json,application/json" on:change=import/>
        </div>
        <crate::widgets::paste::PasteBox
            label="Paste a campaign pack"
            button="Import the pasted campaign pack"
            max_bytes=companion_core::exchange::MAX_FILE_BYTES
            on_paste=Callback::new(paste)
        />
        {move || status.get().map(|(error, text)| if error {
            view! { <p class="banner error" role="alert">{text}</p> }.into_any()
        } else {
            view! { <p class="banner info" role="status">{text}</p> }.into_any()
        })}
    }
    .into_any()
}

/// The campaign pack screen.
#[component]
pub fn PackScreen() -> impl IntoView {
    let store = use_store();
    let problem = RwSignal::new(None::<String>);
    let has = move || play(store, |p| p.pack.is_some());
    let run = move |e: PackEdit| match send(store, edit(e)) {
        Ok(_) => problem.set(None),
        Err(why) => problem.set(Some(why)),
    };
    let name = RwSignal::new(play(store, |p| p.pack.as_ref().map(|k| k.name.clone())).unwrap_or_default());
    let new_campaign = RwSignal::new(String::new());
    let problems = move || play(store, |p| p.pack.as_ref().and_then(|k| k.validate().err()).unwrap_or_default());
    let missing = move || play(store, |p| p.pack.as_ref().map(|k| k.missing()).unwrap_or_default());
    let counters = move || {
        play(store, |p| {
            p.pack.as_ref().map(|k| {
                k.counters.iter().enumerate().map(|(i, d)| (i, d.counter.loyalty, counter_line(d))).collect::<Vec<_>>()
            })
        })
        .unwrap_or_default()
    };
    let campaigns = move || {
        play(store, |p| p.pack.as_ref().map(|k| k.campaigns.iter().map(|c| c.name.clone()).collect::<Vec<_>>()))
            .unwrap_or_default()
    };
    let scouts = move || play(store, |p| p.pack.as_ref().map(|k| (k.scouts.value().copied(), k.scouts.provenance())));
    let scout_text = RwSignal::new(String::new());
    view! {
        <section class="screen fc fc-pack" aria-labelledby="pack-title">
            <h1 id="pack-title">"Campaign pack"</h1>
            <p class="subtitle">"Counters, Campaign Information Sheets, maps and Battle Resolution Tables, entered once from your game's components."</p>
            <Show when=has fallback=move || view! {
                <div class="actions stacked">
                    <button class="button big primary" on:click=move |_| run(PackEdit::Rename("My campaign pack".into()))>"Start an empty pack"</button>
                    <button class="button" on:click=move |_| run(PackEdit::Replace(Box::new(practice_pack())))>"Load the practice pack (made-up values, not the game's)"</button>
                </div>
            }>
                <form class="row" on:submit=move |ev: leptos::ev::SubmitEvent| { ev.prevent_default(); run(PackEdit::Rename(name.get_untracked())); }>
                    <label class="field"><span>"The pack's name"</span><input type="text" bind:value=name/></label>
                    <button class="button" type="submit">"Rename"</button>
                </form>
                {move || {
                    let p = problems();
                    if p.is_empty() {
                        view! { <p class="banner info" role="status">"The pack is sound: a campaign can start from it."</p> }.into_any()
                    } else {
                        view! {
                            <div class="banner warning" role="status">
                                <p>{format!("{} problem(s) to put right:", p.len())}</p>
                                <ul>{p.into_iter().take(12).map(|e| view! { <li>{e.to_string()}</li> }).collect_view()}</ul>
                            </div>
                        }.into_any()
                    }
                }}
                <details class="more">
                    <summary class="button">{move || format!("{} value(s) still to enter", missing().len())}</summary>
                    <ul>{move || missing().into_iter().take(40).map(|c| view! { <li>{c.to_string()}</li> }).collect_view()}</ul>
                </details>
                <h2>"Counters (5.0, 4.10)"</h2>
                {move || scouts().map(|(n, prov)| view! {
                    <form class="row" on:submit=move |ev: leptos::ev::SubmitEvent| {
                        ev.prevent_default();
                        match field_commander::pack::form::number(&scout_text.get_untracked(), 0, 100) {
                            Ok(v) => run(PackEdit::SetScouts(v.map(field_commander::pack::Given::Entered).unwrap_or_default())),
                            Err(e) => problem.set(Some(format!("Scout counters: {e}"))),
                        }
                    }>
                        <label class="field">
                            <span>{format!("Scout counters in the game (4.10): {} ({prov})", n.map(|v| v.to_string()).unwrap_or_else(|| "not entered".into()))}</span>
                            <input type="text" inputmode="numeric" bind:value=scout_text/>
                        </label>
                        <button class="button" type="submit">"Set"</button>
                    </form>
                })}
                {[Loyalty::Confederate, Loyalty::Union].into_iter().map(|side| view! {
                    <h3>{side.label()}</h3>
                    <ul class="fc-forces">
                        {move || counters().into_iter().filter(|c| c.1 == side).map(|(i, _, line)| view! {
                            <li><a class="button" href=format!("/pack/counter?i={i}")>{line}</a></li>
                        }).collect_view()}
                    </ul>
                }).collect_view()}
                <a class="button big primary" href="/pack/counter">"Enter a counter"</a>
                <h2>"Campaigns (4.20)"</h2>
                <ul class="fc-forces">
                    {move || campaigns().into_iter().enumerate().map(|(i, n)| view! {
                        <li class="card">
                            <h3>{n}</h3>
                            <div class="row">
                                <a class="button" href=format!("/pack/sheet?c={i}")>"Information Sheet"</a>
                                <a class="button" href=format!("/pack/map?c={i}")>"Map"</a>
                                <a class="button" href=format!("/pack/brt?c={i}")>"Battle Resolution Table"</a>
                            </div>
                        </li>
                    }).collect_view()}
                </ul>
                <form class="row" on:submit=move |ev: leptos::ev::SubmitEvent| {
                    ev.prevent_default();
                    run(PackEdit::PutCampaign { at: None, def: Box::new(CampaignDef::blank(new_campaign.get_untracked().trim())) });
                    new_campaign.set(String::new());
                }>
                    <label class="field"><span>"A new campaign's name"</span><input type="text" bind:value=new_campaign/></label>
                    <button class="button" type="submit">"Add the campaign"</button>
                </form>
            </Show>
            <Problem problem=problem/>
            <PackFile/>
            <UndoRedo store=store/>
            <a class="button" href="/campaign">"Back to the campaign"</a>
        </section>
    }
    .into_any()
}
