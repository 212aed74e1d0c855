//! Fog of War (10.2.1-10.2.8): the Difficulty Level's table, the roll and its Scout re-rolls,
//! the event with its follow-up roll and the player's choice, the Union force it adds, then
//! the Envelopment Check (10.2.9).

use crate::systems::field_commander::dice::{D10Entry, random_pick};
use crate::systems::field_commander::step::{ReportCard, RollStep};
use crate::systems::field_commander::store::{battle, battle_now, use_store};
use field_commander::campaign::FogChoices;
use field_commander::game::{Command, FogChoice, Report};
use field_commander::prebattle::{FogEvent, FogRow, FogTable};
use leptos::prelude::*;

/// The Fog of War section.
#[component]
pub fn FogOfWar() -> impl IntoView {
    let store = use_store();
    let last = RwSignal::new(None::<Report>);
    let choice = RwSignal::new(FogChoice::None);
    let pick = RwSignal::new(random_pick());
    let facts = move || {
        battle(store, |b| (b.fog_table, b.fog_rolls.len(), b.fog.row, b.fog.resolved, b.fog.awaiting, b.scouts))
    };
    let roll = Callback::new(move |d| store.send(Command::RollFogOfWar { roll: d }));
    let resolve = Signal::derive(move || {
        let (_, _, row, resolved, ..) = facts();
        (row.is_some() && !resolved).then(|| Command::ResolveFogEvent {
            rolls: vec![],
            choice: choice.get(),
            pick: pick.get(),
        })
    });
    let done = Callback::new(move |mut r: Report| {
        // In a campaign's battle, Disease strikes a random Confederate-Held Area of the campaign
        // map (10.2.6, 10.2.7): the event reaches the map once it is resolved here.
        let event = battle_now(store, |b| b.fog.row.map(|row| row.event));
        let campaign =
            store.session.with_untracked(|s| s.game().campaign.sheet.as_ref().is_some_and(|l| !l.fog_on_map));
        if campaign
            && choice.get_untracked() == FogChoice::None
            && let Some(e @ (FogEvent::Disease | FogEvent::VirulentDisease)) = event
        {
            let choices = FogChoices { picks: (0..8).map(|_| random_pick()).collect(), ..FogChoices::default() };
            match store.dispatch(Command::SheetFog { event: e, choices }) {
                Ok(more) => r.lines.extend(more.lines),
                Err(why) => r.lines.push(why),
            }
        }
        last.set(Some(r));
    });
    let checked = move || battle(store, |b| b.envelopment_checked);
    view! {
        <section aria-labelledby="fog-title">
            <h2 id="fog-title">"Fog of War (10.2.1)"</h2>
            {move || {
                let (table, rolls, row, resolved, awaiting, scouts) = facts();
                view! {
                    <fieldset class="choices inline">
                        <legend>"Table, by Difficulty Level (7.14)"</legend>
                        {[FogTable::Regular, FogTable::Hard, FogTable::Veteran].into_iter().map(|t| view! {
                            <button
                                class="button"
                                aria-pressed={if t == table { "true" } else { "false" }}
                                prop:disabled={rolls > 0}
                                on:click=move |_| store.send(Command::SetFogTable(t))
                            >
                                {format!("{t:?}")}
                            </button>
                        }).collect_view()}
                    </fieldset>
                    {match row {
                        Some(r) => view! {
                            <p class="fc-fog-row"><strong>{format!("{} Battle Turns: {}", r.turns, r.event.words())}</strong></p>
                        }.into_any(),
                        None if table == FogTable::Hard => view! { <HardRowNine/> }.into_any(),
                        None => ().into_any(),
                    }}
                    {if rolls == 0 {
                        view! { <D10Entry legend="Fog of War roll" on_roll=roll/> }.into_any()
                    } else if !resolved && scouts > 0 {
                        view! {
                            <details class="more">
                                <summary class="button">{format!("Discard a Scout to re-roll ({scouts} left, 10.2.2)")}</summary>
                                <p class="muted">"The earlier roll cannot be taken back."</p>
                                <D10Entry legend="Fog of War re-roll" on_roll=roll/>
                            </details>
                        }.into_any()
                    } else {
                        ().into_any()
                    }}
                    {(!resolved && row.is_some()).then(|| {
                        let event = row.map(|r| r.event);
                        view! {
                            <h3>"The event (10.2.5)"</h3>
                            {matches!(event, Some(FogEvent::BuyBrigade)).then(|| view! {
                                <fieldset class="choices inline">
                                    <legend>"Pay 2 Command Points for a Brigade?"</legend>
                                    <button class="button" aria-pressed=move || if choice.get() == FogChoice::Pay { "true" } else { "false" } on:click=move |_| choice.set(FogChoice::Pay)>"Pay 2"</button>
                                    <button class="button" aria-pressed=move || if choice.get() == FogChoice::None { "true" } else { "false" } on:click=move |_| choice.set(FogChoice::None)>"Decline"</button>
                                </fieldset>
                            })}
                            {matches!(event, Some(FogEvent::Disease | FogEvent::VirulentDisease | FogEvent::Desertion)).then(|| view! {
                                <fieldset class="choices inline">
                                    <legend>"Where it strikes"</legend>
                                    <button class="button" aria-pressed=move || if choice.get() == FogChoice::None { "true" } else { "false" } on:click=move |_| choice.set(FogChoice::None)>"A random Confederate Held Area on the map"</button>
                                    <button class="button" aria-pressed=move || if choice.get() == FogChoice::HereInThisBattle { "true" } else { "false" } on:click=move |_| choice.set(FogChoice::HereInThisBattle)>"I hold no other Area: this battle"</button>
                                </fieldset>
                            })}
                            <RollStep command=resolve act="Resolve the event" done=done/>
                        }
                    })}
                    {awaiting.map(|f| view! {
                        <p class="banner info">{format!("The event adds a Union {f:?}: enter it with the counters above, or:")}</p>
                        <button class="button" on:click=move |_| store.send(Command::FogForceUnavailable)>"None is available"</button>
                    })}
                }
            }}
            {move || last.get().map(|r| view! { <ReportCard title="Fog of War" report=r/> })}
            <FogOnTheMap/>
            <h2>"Envelopment Check (10.2.9)"</h2>
            <Show
                when=checked
                fallback=move || view! {
                    <button class="button big" on:click=move |_| store.send(Command::EnvelopmentCheck)>"Compare the Combat Values"</button>
                }
            >
                <p>"Made: no Envelopment."</p>
            </Show>
        </section>
    }
    .into_any()
}

/// A campaign battle's Fog of War event still to reach the campaign map (10.2.6-10.2.8):
/// Desertion's Activation check on the force it picks, shown before the roll; the Brigade paid
/// for and where it goes; Disease if a reload came between.
#[component]
fn FogOnTheMap() -> impl IntoView {
    let store = use_store();
    let last = RwSignal::new(None::<Report>);
    let problem = RwSignal::new(None::<String>);
    let picks: Vec<usize> = (0..8).map(|_| random_pick()).collect();
    let picks = StoredValue::new(picks);
    let due = move || store.with(|g| g.fog_for_the_map());
    let area = move || store.with(|g| g.campaign.sheet.as_ref().map(|l| l.area.clone()).unwrap_or_default());
    let send = move |event: FogEvent, choices: FogChoices| match store.dispatch(Command::SheetFog { event, choices }) {
        Ok(r) => {
            problem.set(None);
            last.set(Some(r));
        }
        Err(why) => problem.set(Some(why)),
    };
    let brigade = RwSignal::new(None::<u32>);
    let to = RwSignal::new(None::<String>);
    view! {
        {move || due().map(|event| match event {
            FogEvent::Desertion => {
                let target = store.with(|g| {
                    let c = g.campaign.campaign.as_ref()?;
                    let (at, id) = c.desertion_target(&area(), &picks.get_value())?;
                    let counter = c.counter(id).ok()?;
                    let strength = c.piece(id).ok()?.strength;
                    let act = counter.face(strength).ok()?.activation.get(&counter.name, "activation").ok()?;
                    Some((at, c.name(id), act))
                });
                let words = match &target {
                    Some((at, name, Some(a))) => format!("Desertion in {at}: {name} makes an Activation check, {a} or less passes and takes a Hit, more leaves the game ({}% to pass; 4.5, 10.2.8)", u32::from((*a).clamp(1, 9)) * 10),
                    Some((at, name, None)) => format!("Desertion in {at}: {name} has no Activation number and cannot pass: it leaves the game whatever the roll (10.2.8)"),
                    None => "Desertion: no Confederate Force to check (10.2.5)".to_string(),
                };
                view! {
                    <section class="card" aria-labelledby="map-fog-title">
                        <h3 id="map-fog-title">"Desertion on the campaign map (10.2.8)"</h3>
                        <p>{words}</p>
                        <D10Entry legend="The Activation check" on_roll=Callback::new(move |d| send(FogEvent::Desertion, FogChoices {
                            picks: picks.get_value(),
                            desertion_roll: Some(d),
                            ..FogChoices::default()
                        }))/>
                    </section>
                }.into_any()
            }
            FogEvent::BuyBrigade => {
                let (brigades, areas) = store.with(|g| {
                    g.campaign.campaign.as_ref().map(|c| {
                        let (b, a) = c.brigade_choices(&area());
                        (b.into_iter().map(|id| (id, c.name(id))).collect::<Vec<_>>(), a)
                    })
                }).unwrap_or_default();
                view! {
                    <section class="card" aria-labelledby="map-fog-title">
                        <h3 id="map-fog-title">"The Brigade you paid for (10.2.6)"</h3>
                        <p>"It goes to a Confederate-Held Area on the campaign map, not this battle's."</p>
                        <fieldset class="choices">
                            <legend>"The Brigade"</legend>
                            {brigades.into_iter().map(|(id, name)| view! {
                                <button class="button" aria-pressed=move || if brigade.get() == Some(id) { "true" } else { "false" } on:click=move |_| brigade.set(Some(id))>{name}</button>
                            }).collect_view()}
                        </fieldset>
                        <fieldset class="choices">
                            <legend>"The Area"</legend>
                            {areas.into_iter().map(|a| {
                                let b = a.clone();
                                view! {
                                    <button class="button" aria-pressed=move || if to.get().as_deref() == Some(b.as_str()) { "true" } else { "false" } on:click=move |_| to.set(Some(a.clone()))>{a.clone()}</button>
                                }
                            }).collect_view()}
                        </fieldset>
                        <button
                            class="button primary"
                            prop:disabled=move || brigade.get().is_none() || to.get().is_none()
                            on:click=move |_| if let (Some(b), Some(a)) = (brigade.get_untracked(), to.get_untracked()) {
                                send(FogEvent::BuyBrigade, FogChoices { buy_brigade: Some((b, a)), ..FogChoices::default() })
                            }
                        >"Place the Brigade"</button>
                    </section>
                }.into_any()
            }
            e => view! {
                <section class="card" aria-labelledby="map-fog-title">
                    <h3 id="map-fog-title">"Fog of War on the campaign map (10.2.6, 10.2.7)"</h3>
                    <button class="button primary" on:click=move |_| send(e, FogChoices { picks: picks.get_value(), ..FogChoices::default() })>
                        {format!("{}: strike a random Area you Hold", e.words())}
                    </button>
                </section>
            }.into_any(),
        })}
        {move || problem.get().map(|p| view! { <p class="banner error" role="alert">{p}</p> })}
        {move || last.get().map(|r| view! { <ReportCard title="On the campaign map" report=r/> })}
    }
    .into_any()
}

/// The Hard table's row 9, which the text does not print (10.2.7): entered from the Player
/// Help Sheet before it is needed, as a pick among what the rules allow (1 to 6 Battle Turns,
/// an event the printed tables hold).
#[component]
fn HardRowNine() -> impl IntoView {
    let store = use_store();
    let entered = move || battle(store, |b| b.hard_row_9);
    let (turn_range, events) = field_commander::prebattle::hard_row_9_choices();
    let turns = RwSignal::new(None::<u8>);
    let event = RwSignal::new(None::<FogEvent>);
    let enter = move |_| {
        if let (Some(t), Some(e)) = (turns.get_untracked(), event.get_untracked()) {
            store.send(Command::EnterHardRow9(FogRow { turns: t, event: e }));
        }
    };
    view! {
        <details class="more">
            <summary class="button">{move || match entered() {
                Some(r) => format!("Hard table row 9, as entered: {} Battle Turns, {}", r.turns, r.event.words()),
                None => "The Hard table's row 9 is not printed: enter it from your Player Help Sheet".into(),
            }}</summary>
            <p class="muted">"Not in the rulebook: pick what your Player Help Sheet prints."</p>
            <fieldset class="choices inline">
                <legend>"Battle Turns"</legend>
                {turn_range.map(|t| view! {
                    <button class="button" aria-pressed=move || if turns.get() == Some(t) { "true" } else { "false" } on:click=move |_| turns.set(Some(t))>{t.to_string()}</button>
                }).collect_view()}
            </fieldset>
            <fieldset class="choices">
                <legend>"Event"</legend>
                {events.into_iter().map(|e| view! {
                    <button class="button" aria-pressed=move || if event.get() == Some(e) { "true" } else { "false" } on:click=move |_| event.set(Some(e))>{e.words()}</button>
                }).collect_view()}
            </fieldset>
            <button
                class="button primary"
                prop:disabled=move || turns.get().is_none() || event.get().is_none()
                on:click=enter
            >"Enter row 9"</button>
        </details>
    }
    .into_any()
}
