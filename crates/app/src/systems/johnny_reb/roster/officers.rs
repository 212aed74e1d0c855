//! A side's officers: benefit value, the unit they are with, and their fate (Table 20, 8).

use super::use_alerts;
use crate::systems::johnny_reb::store::use_store;
use johnny_reb::rules::tables::t20_officer_casualty::CasualtyEffect;
use johnny_reb::state::command::Command;
use johnny_reb::state::ids::OfficerId;
use johnny_reb::state::roster::{MAX_BENEFIT, Officer, OfficerCondition, Rank, Side};
use johnny_reb::state::roster_edit::RosterEdit;
use johnny_reb::state::units::UnitCommand;
use leptos::prelude::*;

fn effect_words(effect: CasualtyEffect) -> &'static str {
    match effect {
        CasualtyEffect::Stunned => "Stunned",
        CasualtyEffect::LightWound => "Light wound",
        CasualtyEffect::SevereWound => "Severe wound",
        CasualtyEffect::SpectacularDeath => "Spectacular death",
    }
}

/// The officers of one side, with a form to add one.
#[component]
pub fn OfficerList(side: RwSignal<Side>) -> impl IntoView {
    let store = use_store();
    let alerts = use_alerts();
    let ids = move || {
        store
            .session
            .with(|s| s.game().roster.army(side.get()).officers.iter().map(|o| o.id.clone()).collect::<Vec<_>>())
    };
    let name = RwSignal::new(String::new());
    let benefit = RwSignal::new(String::from("1"));
    let rank = RwSignal::new(Rank::BrigadeCommander);
    let problem = RwSignal::new(None::<String>);

    view! {
        <section class="officers" aria-labelledby="officers-title">
            <h2 id="officers-title">"Officers"</h2>
            <For each=ids key=|id| id.clone() children=move |id| view! { <OfficerRow id=id side=side/> }/>
            <form class="add-named" aria-label="New officer" on:submit=move |ev| {
                ev.prevent_default();
                let Ok(b) = benefit.get_untracked().trim().parse::<u8>() else {
                    problem.set(Some(format!("The benefit value is a whole number from 0 to {MAX_BENEFIT}.")));
                    return;
                };
                let officer = Officer {
                    id: "new".into(),
                    name: name.get_untracked().trim().to_string(),
                    rank: rank.get_untracked(),
                    benefit: b,
                    commands: None,
                    with_unit: None,
                    condition: OfficerCondition::Unhurt,
                    scenario_points: None,
                };
                if alerts.dispatch(store, Command::Roster(RosterEdit::AddOfficer { side: side.get_untracked(), officer })).is_some() {
                    name.set(String::new());
                    problem.set(None);
                }
            }>
                <label class="field"><span>"Officer name"</span><input type="text" maxlength="80" bind:value=name/></label>
                <label class="field"><span>"Benefit value"</span><input type="number" inputmode="numeric" min="0" max="6" bind:value=benefit/></label>
                <label class="field">
                    <span>"Rank"</span>
                    <select on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some(r) = [Rank::DivisionCommander, Rank::BrigadeCommander, Rank::Other].into_iter().find(|r| r.label() == v) { rank.set(r); }
                    }>
                        {[Rank::BrigadeCommander, Rank::DivisionCommander, Rank::Other].into_iter().map(|r| view! {
                            <option value=r.label() selected=move || rank.get() == r>{r.label()}</option>
                        }).collect_view()}
                    </select>
                </label>
                {move || problem.get().map(|p| view! { <p class="form-error" role="alert">{p}</p> })}
                <button class="button" type="submit">"Add officer"</button>
            </form>
        </section>
    }
    .into_any()
}

#[component]
fn OfficerRow(id: OfficerId, side: RwSignal<Side>) -> impl IntoView {
    let store = use_store();
    let alerts = use_alerts();
    let id = StoredValue::new(id);
    let officer = Memo::new(move |_| {
        store
            .session
            .with(|s| s.game().roster.army(side.get()).officers.iter().find(|o| o.id == id.get_value()).cloned())
    });
    let name = move || officer.get().map(|o| o.name).unwrap_or_default();
    view! {
        <Show when=move || officer.get().is_some()>
            <article class="unit-card officer" aria-label=name>
                {move || officer.get().map(|o| view! {
                    <header class="unit-head"><h4>{o.name.clone()}</h4><span class="badge">{o.rank.label()}</span></header>
                    <p class="unit-facts">{format!("Benefit {} · {}", o.benefit, o.condition.label())}</p>
                    <p class="unit-facts muted">
                        {o.commands.as_ref().and_then(|c| store.session.with_untracked(|s| {
                            let roster = &s.game().roster;
                            roster.brigade(c).map(|b| format!("Commands {}", b.name)).or_else(|| roster.division(c).map(|d| format!("Commands {}", d.name)))
                        }))}
                    </p>
                    <p class="unit-facts muted">
                        {o.with_unit.as_ref().and_then(|u| store.session.with_untracked(|s| s.game().roster.regiment(u).map(|r| format!("With {}", r.name))))}
                    </p>
                })}
                <details class="more">
                    <summary class="button">{move || format!("More for {}", name())}</summary>
                    <p class="muted">"The effect die of Table 20:"</p>
                    <div class="row">
                        {CasualtyEffect::ALL.into_iter().map(|effect| view! {
                            <button class="button" on:click=move |_| {
                                alerts.dispatch(store, Command::Unit(UnitCommand::OfficerHit { officer: id.get_value(), effect }));
                            }>{effect_words(effect)}</button>
                        }).collect_view()}
                    </div>
                    // He leads a brigade or a division by his rank (11.1), apart from the
                    // regiment he rides with (2.3.4.f).
                    <label class="field">
                        <span>"Commands"</span>
                        <select on:change=move |ev| {
                            let v = event_target_value(&ev);
                            if let Some(mut o) = officer.get_untracked() {
                                o.commands = if v.is_empty() { None } else { Some(v) };
                                alerts.dispatch(store, Command::Roster(RosterEdit::EditOfficer { officer: o }));
                            }
                        }>
                            <option value="" selected=move || officer.get().is_some_and(|o| o.commands.is_none())>"No command"</option>
                            {move || {
                                let (leads, rank) = officer.get().map(|o| (o.commands, o.rank)).unwrap_or((None, Rank::Other));
                                store.session.with(|s| {
                                    s.game()
                                        .roster
                                        .commands_for(side.get(), rank)
                                        .into_iter()
                                        .map(|(id, words)| {
                                            let selected = leads.as_deref() == Some(id.as_str());
                                            view! { <option value=id selected=selected>{words}</option> }
                                        })
                                        .collect_view()
                                })
                            }}
                        </select>
                    </label>
                    <label class="field">
                        <span>"With regiment"</span>
                        <select on:change=move |ev| {
                            let v = event_target_value(&ev);
                            let unit = if v.is_empty() { None } else { Some(v.into()) };
                            alerts.dispatch(store, Command::Unit(UnitCommand::SetOfficerWith { officer: id.get_value(), unit }));
                        }>
                            <option value="" selected=move || officer.get().is_some_and(|o| o.with_unit.is_none())>"With no regiment"</option>
                            {move || {
                                let with = officer.get().and_then(|o| o.with_unit);
                                store.session.with(|s| {
                                    s.game()
                                        .roster
                                        .army(side.get())
                                        .regiments()
                                        .map(|r| {
                                            let selected = with.as_deref() == Some(r.id.as_str());
                                            view! { <option value=r.id.to_string() selected=selected>{r.name.clone()}</option> }
                                        })
                                        .collect_view()
                                })
                            }}
                        </select>
                    </label>
                    <div class="row">
                        <button class="button" on:click=move |_| {
                            alerts.dispatch(store, Command::Unit(UnitCommand::SetOfficerCondition { officer: id.get_value(), condition: OfficerCondition::Unhurt }));
                        }>"Unhurt"</button>
                        <button class="button danger" on:click=move |_| { alerts.dispatch(store, Command::Roster(RosterEdit::DeleteOfficer { id: id.get_value() })); }>"Delete officer"</button>
                    </div>
                </details>
            </article>
        </Show>
    }
    .into_any()
}
