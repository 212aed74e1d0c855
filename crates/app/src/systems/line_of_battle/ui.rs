//! Small pieces every Line of Battle screen shares: the cover between the sides, the side
//! switch, a Leader's value 0-4 as a row of large buttons (`widgets::toggles::Toggles`), a
//! refusal shown beside its buttons, the odds before a roll on the players' own table and its
//! modifiers as checkboxes.

use super::model::words;
use crate::widgets::odds::chance_words;
use crate::widgets::toggles::Toggles;
use companion_core::Chance;
use leptos::prelude::*;
use line_of_battle::Refused;
use line_of_battle::oob::Side;
use line_of_battle::table::LookupError;

/// The two sides as a pair of large buttons; the chosen one pressed.
#[component]
pub fn SideSwitch(side: RwSignal<Side>, #[prop(optional)] label: Option<&'static str>) -> impl IntoView {
    view! {
        <div class="segmented" role="group" aria-label=label.unwrap_or("Side")>
            {words::SIDES
                .into_iter()
                .map(|s| view! {
                    <button
                        class="button"
                        aria-pressed=move || if side.get() == s { "true" } else { "false" }
                        on:click=move |_| side.set(s)
                    >
                        {words::side(s)}
                    </button>
                })
                .collect_view()}
        </div>
    }
    .into_any()
}

/// The cover between the sides on a shared device (1.8): "Hand the device to the Confederate
/// player", the side asked for (else the Phasing Player) opened on one large tap, the other
/// side's a smaller one. Which side is open is never saved: a reload brings the cover back.
#[component]
pub fn Cover(
    /// The side asked for in the address; else the Phasing Player's is offered first.
    asked: Option<Side>,
    /// What opens: "order book", "units".
    noun: &'static str,
    /// Why it is covered, with the rule.
    why: &'static str,
    /// The side open, if any.
    open: RwSignal<Option<Side>>,
) -> impl IntoView {
    let first = asked.unwrap_or_else(|| super::store::use_store().with(|g| g.clock.phasing()));
    let other = first.other();
    view! {
        <section class="cover" aria-labelledby="cover-title">
            <h2 id="cover-title">{format!("Hand the device to the {} player", words::side(first))}</h2>
            <p>{why}</p>
            <button class="button primary big cover-start" on:click=move |_| open.set(Some(first))>
                {format!("Open the {} {noun}", words::side(first))}
            </button>
            <div class="row">
                <button class="button" on:click=move |_| open.set(Some(other))>
                    {format!("Open the {} {noun}", words::side(other))}
                </button>
            </div>
        </section>
    }
    .into_any()
}

/// A Leader's value, 0 (worst) to 4 (best) (4.1); none pressed until read off his counter
/// (GAPS: no Leader's value is in the text, so the form guesses none).
#[component]
pub fn Rating(legend: String, value: RwSignal<Option<u8>>) -> impl IntoView {
    let options = (0..=4u8).map(|v| (Some(v), v.to_string())).collect::<Vec<_>>();
    view! { <Toggles legend=legend options=options value=value class="pick"/> }.into_any()
}

/// What a command did, once applied: "Applied to the game." and its lines (`label` names the
/// status for a screen reader).
pub fn applied(label: &'static str, lines: Vec<String>) -> impl IntoView {
    view! {
        <section class="card result" role="status" aria-label=label>
            <p class="applied">"Applied to the game."</p>
            <ul class="plain">{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
        </section>
    }
}

/// A refusal beside the buttons that caused it (the game is unchanged).
pub fn refusal(text: RwSignal<Option<String>>) -> impl IntoView {
    move || text.get().map(|t| view! { <p class="refusal" role="alert">{t}</p> })
}

/// A refusal's words, with its rule.
pub fn refused(e: &Refused) -> String {
    e.to_string()
}

/// The odds of a roll on the players' table, or what must be entered first.
pub fn odds_line(target: String, chances: Result<Vec<(&'static str, Chance)>, LookupError>) -> AnyView {
    match chances {
        Ok(chances) => view! {
            <div class="odds" role="group" aria-label="Before the roll">
                <p class="target"><strong>{target}</strong></p>
                <p>
                    {chances
                        .into_iter()
                        .map(|(what, c)| view! { <span class="chance">{format!("{what}: {}", chance_words(c))}</span>" " })
                        .collect_view()}
                </p>
            </div>
        }
        .into_any(),
        Err(e) => view! {
            <div class="banner warning missing-entry" role="status">
                <p>{format!("Odds and result need your chart: {e}.")}</p>
                <a class="button" href="/tables">"Open the tables"</a>
            </div>
        }
        .into_any(),
    }
}

/// A table's modifiers as checkboxes, each with its rule and value or "not entered", leaving
/// out those the screen asks for or the game adds itself: `skip` by name, `skip_starting` by
/// what the name starts with ("Morale Rating" for its six, A to F). The names are the players'
/// table's own, so a modifier they added is offered too.
#[component]
pub fn ModifierChoices(
    table: &'static str,
    chosen: RwSignal<Vec<String>>,
    #[prop(optional)] skip: Vec<&'static str>,
    #[prop(optional)] skip_starting: Vec<&'static str>,
    #[prop(default = "Modifiers that apply")] legend: &'static str,
) -> impl IntoView {
    let store = super::store::use_store();
    let skipped = StoredValue::new((skip, skip_starting));
    let modifiers = move || {
        store.with(|g| {
            g.tables
                .get(table)
                .map(|t| {
                    t.modifiers
                        .iter()
                        .filter(|m| {
                            !skipped.with_value(|(names, starts)| {
                                names.contains(&m.name.as_str()) || starts.iter().any(|p| m.name.starts_with(p))
                            })
                        })
                        .map(|m| {
                            let value = m.value.get().map(|v| format!("{v:+}")).unwrap_or_else(|| "not entered".into());
                            (m.name.clone(), format!("{} ({}): {value}", m.name, m.rule))
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    };
    view! {
        <Show when=move || !modifiers().is_empty()>
            <fieldset class="choices">
                <legend>{legend}</legend>
                {move || modifiers().into_iter().map(|(name, shown)| view! { <ChoiceBox id=name label=shown chosen=chosen/> }).collect_view()}
            </fieldset>
        </Show>
    }
    .into_any()
}

/// A checkbox that puts `id` into `chosen` when ticked and takes it out when not: one of a
/// list the players tick (modifiers, Leaders, units).
#[component]
pub fn ChoiceBox(id: String, #[prop(into)] label: String, chosen: RwSignal<Vec<String>>) -> impl IntoView {
    let id = StoredValue::new(id);
    view! {
        <label class="choice">
            <input type="checkbox"
                prop:checked=move || chosen.with(|c| c.contains(&id.get_value()))
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    chosen.update(|c| {
                        c.retain(|x| *x != id.get_value());
                        if on {
                            c.push(id.get_value());
                        }
                    });
                }/>
            <span>{label}</span>
        </label>
    }
}

/// A number typed in a field, if it is one.
pub fn number<T: std::str::FromStr>(text: &str) -> Option<T> {
    text.trim().parse().ok()
}
