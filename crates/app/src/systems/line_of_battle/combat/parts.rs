//! What the combat screens share: a Stack picked unit by unit (its top unit first), a
//! Leader Loss Check (4.1a), a Morale Check on the players' Morale Table (10.1, 11.3b) with
//! its result put into the game, and the back link.

use crate::systems::line_of_battle::model::{combat, odds};
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::{odds_line, refusal};
use crate::widgets::dice::{DiceEntry, two_dice};
use leptos::prelude::*;
use line_of_battle::game::Command;
use line_of_battle::morale::{MoraleCheck, morale_check, rating_modifier};
use line_of_battle::oob::{Echelon, Side};
use line_of_battle::table::Reading;
use line_of_battle::tables::key;

/// "← Combat".
pub fn back() -> impl IntoView {
    view! { <div class="row back"><a class="button" href="/combat">"← Combat"</a></div> }
}

/// A Stack of `side`'s units on the map, picked one by one (the first picked is the top
/// unit, 6.1b), brigade by brigade.
#[component]
pub fn StackPicker(
    legend: &'static str,
    side: Signal<Side>,
    chosen: RwSignal<Vec<String>>,
    /// Which units may be picked (a Charge: Line Infantry and Mounted Cavalry).
    #[prop(optional)]
    only_chargers: bool,
) -> impl IntoView {
    let store = use_store();
    let brigade = RwSignal::new(String::new());
    let groups = move || {
        store.with(|g| {
            g.oob
                .formations
                .iter()
                .filter(|f| f.side == side.get() && f.echelon != Echelon::Army)
                .filter(|f| g.oob.units.iter().any(|u| u.formation == f.id && u.on_map && !u.dead))
                .map(|f| (f.id.clone(), f.name.clone()))
                .collect::<Vec<_>>()
        })
    };
    let units = move || {
        store.with(|g| {
            g.oob
                .units
                .iter()
                .filter(|u| u.formation == brigade.get() && u.on_map && !u.dead)
                .filter(|u| !only_chargers || combat::may_charge(u))
                .map(|u| (u.id.clone(), format!("{} ({} SP)", u.name, u.strength)))
                .collect::<Vec<_>>()
        })
    };
    let names = move || {
        store.with(|g| chosen.get().iter().filter_map(|id| g.oob.unit(id).map(|u| u.name.clone())).collect::<Vec<_>>())
    };
    view! {
        <fieldset class="choices stack-picker">
            <legend>{legend}</legend>
            <p class="stack-now" aria-live="polite">
                {move || {
                    let n = names();
                    if n.is_empty() { "None picked yet.".to_string() } else { format!("Top first: {}", n.join(", ")) }
                }}
            </p>
            <label class="field">
                <span>"Brigade"</span>
                <select on:change=move |ev| brigade.set(event_target_value(&ev))>
                    <option value="">"Choose a brigade"</option>
                    {move || groups().into_iter().map(|(id, name)| view! { <option value=id>{name}</option> }).collect_view()}
                </select>
            </label>
            <div class="unit-picks">
                {move || units()
                    .into_iter()
                    .map(|(id, label)| {
                        let id = StoredValue::new(id);
                        view! {
                            <button
                                type="button"
                                class="button"
                                aria-pressed=move || if chosen.with(|c| c.contains(&id.get_value())) { "true" } else { "false" }
                                on:click=move |_| chosen.update(|c| {
                                    let id = id.get_value();
                                    if let Some(i) = c.iter().position(|x| *x == id) { c.remove(i); } else { c.push(id); }
                                })
                            >
                                {label}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <Show when=move || !chosen.with(Vec::is_empty)>
                <button type="button" class="button" on:click=move |_| chosen.set(Vec::new())>"Clear the Stack"</button>
            </Show>
        </fieldset>
    }
    .into_any()
}

/// The Leaders of `side` in play, to pick the one in a hex.
pub fn leaders_of(side: Side) -> Vec<(String, String, u8)> {
    let store = use_store();
    store.with_untracked(|g| {
        g.oob
            .leaders
            .iter()
            .filter(|l| l.side == side && !l.lost && l.on_map)
            .map(|l| (l.id.clone(), format!("{} ({}-{})", l.name, l.command, l.morale), l.morale))
            .collect()
    })
}

/// A Leader Loss Check (4.1a): two dice on the column the situation calls for; anything but
/// No Effect removes the Leader (and starts 13.6g for a Formation's senior Leader).
#[component]
pub fn LeaderLossCheck(side: Signal<Side>, #[prop(into)] column: String) -> impl IntoView {
    let store = use_store();
    let leader = RwSignal::new(String::new());
    let col = RwSignal::new(column);
    let faces = RwSignal::new(Vec::<u8>::new());
    let said = RwSignal::new(None::<String>);
    let columns = move || {
        store.with(|g| {
            g.tables
                .get(key::LEADER_LOSS)
                .map(|t| t.columns.iter().map(|c| c.label.clone()).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    };
    let roll = move |_| {
        let Some(d) = two_dice(&faces.get_untracked()) else {
            said.set(Some("Enter both dice first.".into()));
            return;
        };
        let Some(table) = store.with_untracked(|g| g.tables.get(key::LEADER_LOSS).cloned()) else { return };
        match line_of_battle::oob::leader_loss(&table, &col.get_untracked(), d) {
            Ok(false) => {
                said.set(Some(format!("{}: No Effect (4.1a).", leader_name(&leader.get_untracked()))));
                faces.set(Vec::new());
            }
            Ok(true) => match store.dispatch(Command::LeaderLost { leader: leader.get_untracked() }) {
                Ok(o) => {
                    said.set(Some(o.lines.join(" ")));
                    faces.set(Vec::new());
                }
                Err(e) => said.set(Some(e.to_string())),
            },
            Err(e) => said.set(Some(e.to_string())),
        }
    };
    view! {
        <div class="roll-form" role="group" aria-label="Leader Loss Check">
            <h4>"Leader Loss Check (4.1a)"</h4>
            <label class="field">
                <span>"Leader"</span>
                <select on:change=move |ev| leader.set(event_target_value(&ev))>
                    <option value="">"Choose the Leader"</option>
                    {move || leaders_of(side.get()).into_iter().map(|(id, name, _)| view! { <option value=id>{name}</option> }).collect_view()}
                </select>
            </label>
            <label class="field">
                <span>"Column of your Leader Loss Table"</span>
                <select on:change=move |ev| col.set(event_target_value(&ev))>
                    {move || columns().into_iter().map(|c| {
                        let v = c.clone();
                        let shown = c.clone();
                        view! { <option value=c selected=move || col.get() == v>{shown}</option> }
                    }).collect_view()}
                </select>
            </label>
            <DiceEntry name="Leader Loss die" count=Signal::derive(|| 2usize) faces=faces/>
            <button class="button" on:click=roll>"Roll for the Leader"</button>
            {move || said.get().map(|t| view! { <p role="status">{t}</p> })}
        </div>
    }
    .into_any()
}

fn leader_name(id: &str) -> String {
    let store = use_store();
    store.with_untracked(|g| g.oob.leader(id).map(|l| l.name.clone()).unwrap_or_else(|| "The Leader".into()))
}

/// What goes into a Morale Check besides the Stack: the Charge's parts (11.3b).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ChargeParts {
    /// The Charging Stack's Leaders' Morale Values, added.
    pub charging_leaders_morale: u8,
    /// The Charge Modifier read from the SP differential, by name.
    pub modifier: Option<String>,
}

/// A Morale Check of a Stack (10.1): the top unit's rating, one Leader's Morale Value, the
/// chart's modifiers that apply (Wrecked and Limited Defense Status proposed from the game),
/// two dice on the players' Morale Table, and its result applied to the Stack in one step.
#[component]
pub fn MoraleCheckForm(
    units: Signal<Vec<String>>,
    /// The Charge's parts, in a Charge's step f.
    #[prop(optional, into)]
    charge: Option<Signal<ChargeParts>>,
    /// The Stack is adjacent to the Firing Stack (10.2a: Blood Lust only then).
    #[prop(optional)]
    adjacent: Option<bool>,
    /// Hears what the result did, once applied.
    #[prop(optional)]
    on_done: Option<Callback<Vec<String>>>,
) -> impl IntoView {
    let store = use_store();
    let leader = RwSignal::new(String::new());
    let chosen = RwSignal::new(Vec::<String>::new());
    let adjacent = RwSignal::new(adjacent.unwrap_or(true));
    let faces = RwSignal::new(Vec::<u8>::new());
    let problem = RwSignal::new(None::<String>);
    let applied = RwSignal::new(None::<Vec<String>>);
    // New dice: a new result, not yet applied.
    Effect::new(move |_| {
        faces.track();
        applied.set(None);
    });
    let side = move || store.with(|g| units.get().first().and_then(|id| g.oob.unit(id)).map(|u| u.side));
    // The modifiers the game itself shows: Wrecked (1.3b), Limited Defense Status (13.2e).
    Effect::new(move |_| {
        let ids = units.get();
        let proposed = store.with_untracked(|g| {
            let stack = combat::stack(g, &ids);
            let mut p = Vec::new();
            if stack.first().is_some_and(|u| u.wrecked()) {
                p.push("Wrecked".to_string());
            }
            if stack.first().is_some_and(|u| combat::limited_defense(g, u)) {
                p.push("Limited Defense Status".to_string());
            }
            p
        });
        chosen.set(proposed);
    });
    let check = move || -> Option<MoraleCheck> {
        let ids = units.get();
        let top = store.with(|g| combat::stack(g, &ids).first().map(|u| u.rating))?;
        let leader_morale = store.with(|g| g.oob.leader(&leader.get()).map(|l| l.morale));
        let parts = charge.map(|c| c.get()).unwrap_or_default();
        let mut modifiers = chosen.get();
        if let Some(m) = parts.modifier {
            modifiers.push(m);
        }
        Some(MoraleCheck {
            top_rating: top,
            leader_morale,
            charging_leaders_morale: parts.charging_leaders_morale,
            modifiers,
        })
    };
    let extra = move |c: &MoraleCheck| {
        let mut e = Vec::new();
        if c.charging_leaders_morale > 0 {
            e.push((
                "Charging Leaders' Morale Value".to_string(),
                "11.3b".to_string(),
                i32::from(c.charging_leaders_morale),
            ));
        }
        if let Some(m) = c.leader_morale {
            e.push(("Leader's Morale Value".to_string(), "10.1".to_string(), -i32::from(m)));
        }
        e
    };
    let odds = move || {
        let c = check()?;
        let table = store.with(|g| g.tables.get(key::MORALE).cloned())?;
        let mut names = vec![rating_modifier(c.top_rating)];
        names.extend(c.modifiers.iter().cloned());
        let all = odds::readings(&table, "", &names, &extra(&c));
        let chances = all.map(|all| {
            vec![
                (
                    "No effect",
                    odds::chance_that(&all, |r| {
                        r.effects.iter().all(|e| *e == line_of_battle::table::Effect::NoEffect)
                    }),
                ),
                (
                    "Retreat",
                    odds::chance_that(&all, |r| {
                        r.effects.iter().any(|e| matches!(e, line_of_battle::table::Effect::Retreat(_)))
                    }),
                ),
            ]
        });
        Some(odds_line(
            format!("Two dice plus the modifiers, top unit rated {} (10.1)", c.top_rating.letter()),
            chances,
        ))
    };
    let reading = move || -> Option<Result<Reading, String>> {
        let d = two_dice(&faces.get())?;
        let c = check()?;
        let table = store.with(|g| g.tables.get(key::MORALE).cloned())?;
        Some(morale_check(&table, &c, i32::from(d.total())).map_err(|e| e.to_string()))
    };
    let apply = move |_| {
        let Some(Ok(r)) = reading() else { return };
        let (commands, notes) =
            store.with_untracked(|g| combat::morale_result(g, &units.get_untracked(), &r, adjacent.get_untracked()));
        if commands.is_empty() {
            applied.set(Some(notes.clone()));
            if let Some(cb) = on_done {
                cb.run(notes);
            }
            return;
        }
        match store.dispatch_all(commands) {
            Ok(outcomes) => {
                let mut lines: Vec<String> = outcomes.into_iter().flat_map(|o| o.lines).collect();
                lines.extend(notes);
                applied.set(Some(lines.clone()));
                problem.set(None);
                if let Some(cb) = on_done {
                    cb.run(lines);
                }
            }
            Err(e) => problem.set(Some(e.to_string())),
        }
    };
    let modifier_list = move || {
        store.with(|g| {
            g.tables
                .get(key::MORALE)
                .map(|t| {
                    t.modifiers
                        .iter()
                        .filter(|m| !m.name.starts_with("Morale Rating") && !m.name.starts_with("Charge:"))
                        .map(|m| {
                            (
                                m.name.clone(),
                                format!(
                                    "{} ({}){}",
                                    m.name,
                                    m.rule,
                                    m.value.get().map(|v| format!(": {v:+}")).unwrap_or_else(|| ": not entered".into())
                                ),
                            )
                        })
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    };
    view! {
        <div class="roll-form morale-form" role="group" aria-label="Morale Check">
            <label class="field">
                <span>"The one Leader whose Morale Value counts (10.1), if any"</span>
                <select on:change=move |ev| leader.set(event_target_value(&ev))>
                    <option value="">"No Leader"</option>
                    {move || side().map(|s| leaders_of(s).into_iter().map(|(id, name, _)| view! { <option value=id>{name}</option> }).collect_view())}
                </select>
            </label>
            <fieldset class="choices">
                <legend>"Modifiers that apply"</legend>
                {move || modifier_list().into_iter().map(|(name, label)| {
                    let n = StoredValue::new(name);
                    view! {
                        <label class="choice">
                            <input type="checkbox"
                                prop:checked=move || chosen.with(|c| c.contains(&n.get_value()))
                                on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    chosen.update(|c| { c.retain(|x| *x != n.get_value()); if on { c.push(n.get_value()); } });
                                }/>
                            <span>{label}</span>
                        </label>
                    }
                }).collect_view()}
            </fieldset>
            <label class="choice">
                <input type="checkbox" bind:checked=adjacent/>
                <span>"The Stack is adjacent to the Firing (or Charging) Stack (10.2a: Blood Lust only then)"</span>
            </label>
            {odds}
            <DiceEntry name="Morale die" count=Signal::derive(|| 2usize) faces=faces/>
            {move || reading().map(|r| match r {
                Ok(r) => view! {
                    <section class="card result" role="status" aria-label="Morale result">
                        <p class="headline"><strong>{format!(
                            "Morale Table: {} {:+} = {}: {}",
                            r.raw, r.drm, r.modified, crate::systems::line_of_battle::model::tables::effects(&r.effects)
                        )}</strong></p>
                        <ul class="plain">{r.applied.iter().map(|(n, rule, v)| view! { <li>{format!("{n} ({rule}): {v:+}")}</li> }).collect_view()}</ul>
                        {move || match applied.get() {
                            None => view! { <button class="button big primary" on:click=apply>"Apply to the Stack"</button> }.into_any(),
                            Some(lines) => view! {
                                <p class="applied">"Applied to the game."</p>
                                <ul class="plain">{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                            }.into_any(),
                        }}
                    </section>
                }
                .into_any(),
                Err(e) => view! { <p class="banner warning" role="status">{format!("{e}.")}</p> }.into_any(),
            })}
            {refusal(problem)}
        </div>
    }
    .into_any()
}
