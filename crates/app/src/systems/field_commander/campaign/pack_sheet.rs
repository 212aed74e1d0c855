//! A Campaign Information Sheet entered (4.20), section by section as the sheet lays it out:
//! its numbers (Lee's rating, the turn track, Command Points and Scouts, plan quantities, the
//! group maximum, Victory Points), the starting forces and Objectives, the Union Orders charts
//! (16.1), the Withdrawal table (14.8), the Union Resupply Table (18.2, 18.3), the Victory and
//! Defeat conditions (3.1, 3.2), the Late Arrivals (7.9) and the Special Rules as text (7.1).
//! Each section saves the sheet whole, as one undoable change.

use super::common::Problem;
use super::pack_map::{area_names, campaign_at, change_campaign, put};
use crate::shell::router::use_query_map;
use crate::systems::field_commander::store::{Store, use_store};
use field_commander::outcome::Withdrawal;
use field_commander::pack::form::{
    OrderForm, OrderKind, ResupplyForm, ResupplyKind, given_number, given_text, withdrawal_words,
};
use field_commander::pack::{
    ArrivalWhen, ArrivalWhere, CampaignDef, Condition, Deadline, Given, LateArrival, Note, Origin, Placement, Test,
    TurnEnd,
};
use leptos::prelude::*;

/// One number of the sheet: its label, its text, its range, and where it goes.
struct NumberField {
    label: &'static str,
    text: RwSignal<String>,
    lo: u32,
    hi: u32,
}

fn field(label: &'static str, g: &Given<impl ToString>, lo: u32, hi: u32) -> NumberField {
    NumberField { label, text: RwSignal::new(given_text(g)), lo, hi }
}

fn prov<T>(g: &Given<T>) -> String {
    g.provenance()
}

/// The keys of the pack's counters that campaign `c` may place: its own and those of no
/// campaign in particular.
fn counter_keys(store: Store, c: usize) -> Vec<String> {
    let name = campaign_at(store, c).map(|d| d.name).unwrap_or_default();
    super::common::play(store, |p| {
        p.pack
            .as_ref()
            .map(|k| {
                k.counters
                    .iter()
                    .filter(|d| d.campaign.as_ref().is_none_or(|n| *n == name))
                    .map(|d| d.key.clone())
                    .collect()
            })
            .unwrap_or_default()
    })
}

/// The sheet's numbers.
#[component]
fn Numbers(store: Store, c: usize) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let Some(d) = campaign_at(store, c) else { return ().into_any() };
    let f = vec![
        field("Lee's Command Rating (4.7)", &d.lee_rating, 1, 10),
        field("Campaign Turns on the track (4.21)", &d.turns, 1, 60),
        field("Confederate Command Points at set-up (7.4)", &d.starting.confederate_cp, 0, 99),
        field("Union Command Points at set-up (7.4)", &d.starting.union_cp, 0, 99),
        field("Scouts at set-up (7.4)", &d.starting.scouts, 0, 30),
        field("Confederate Command Points each turn (15.3)", &d.confederate_cp_per_turn, 0, 99),
        field("Scouts each turn (15.3.1)", &d.scouts_per_turn, 0, 30),
        field("Union Command Points each turn, Regular (18.0)", &d.union_cp_per_turn.regular, 0, 99),
        field("Union Command Points each turn, Hard", &d.union_cp_per_turn.hard, 0, 99),
        field("Union Command Points each turn, Veteran", &d.union_cp_per_turn.veteran, 0, 99),
        field("Union Resupply Table rolls, Regular (18.2)", &d.union_resupply_rolls.regular, 0, 10),
        field("Union Resupply Table rolls, Hard", &d.union_resupply_rolls.hard, 0, 10),
        field("Union Resupply Table rolls, Veteran", &d.union_resupply_rolls.veteran, 0, 10),
        field("Your Battle Plans without Lee, Easy (10.2.10)", &d.plans.confederate.easy, 0, 10),
        field("Your Battle Plans without Lee, Regular", &d.plans.confederate.regular, 0, 10),
        field("Your Battle Plans without Lee, Hard", &d.plans.confederate.hard, 0, 10),
        field("Union Special Battle Plans, Regular (10.2.10)", &d.plans.union.regular, 0, 10),
        field("Union Special Battle Plans, Hard", &d.plans.union.hard, 0, 10),
        field("Union Special Battle Plans, Veteran", &d.plans.union.veteran, 0, 10),
        field("Union Group Maximum (16.3)", &d.group_maximum, 1, 20),
        field("Robert E. Lee's Campaign Victory Points (3.3)", &d.lee_vp, 0, 99),
    ];
    let provenance: Vec<String> = vec![
        prov(&d.lee_rating),
        prov(&d.turns),
        prov(&d.starting.confederate_cp),
        prov(&d.starting.union_cp),
        prov(&d.starting.scouts),
        prov(&d.confederate_cp_per_turn),
        prov(&d.scouts_per_turn),
        prov(&d.union_cp_per_turn.regular),
        prov(&d.union_cp_per_turn.hard),
        prov(&d.union_cp_per_turn.veteran),
        prov(&d.union_resupply_rolls.regular),
        prov(&d.union_resupply_rolls.hard),
        prov(&d.union_resupply_rolls.veteran),
        prov(&d.plans.confederate.easy),
        prov(&d.plans.confederate.regular),
        prov(&d.plans.confederate.hard),
        prov(&d.plans.union.regular),
        prov(&d.plans.union.hard),
        prov(&d.plans.union.veteran),
        prov(&d.group_maximum),
        prov(&d.lee_vp),
    ];
    let texts: Vec<RwSignal<String>> = f.iter().map(|x| x.text).collect();
    let ranges: Vec<(u32, u32, &'static str)> = f.iter().map(|x| (x.lo, x.hi, x.label)).collect();
    let lee_start = RwSignal::new(d.lee_start.value().cloned().unwrap_or_default());
    let areas: Vec<String> = d.map.areas.iter().map(|a| a.name.clone()).collect();
    let save = move |_| {
        let Some(mut d) = campaign_at(store, c) else { return };
        let t = |i: usize| texts.get(i).map(|s| s.get_untracked()).unwrap_or_default();
        let mut bad = Vec::new();
        macro_rules! set {
            ($i:expr, $slot:expr) => {{
                let (lo, hi, label) = ranges.get($i).copied().unwrap_or((0, 0, ""));
                match given_number(&t($i), lo, hi, &$slot) {
                    Ok(v) => $slot = v,
                    Err(e) => bad.push(format!("{label}: {e}")),
                }
            }};
        }
        set!(0, d.lee_rating);
        set!(1, d.turns);
        set!(2, d.starting.confederate_cp);
        set!(3, d.starting.union_cp);
        set!(4, d.starting.scouts);
        set!(5, d.confederate_cp_per_turn);
        set!(6, d.scouts_per_turn);
        set!(7, d.union_cp_per_turn.regular);
        set!(8, d.union_cp_per_turn.hard);
        set!(9, d.union_cp_per_turn.veteran);
        set!(10, d.union_resupply_rolls.regular);
        set!(11, d.union_resupply_rolls.hard);
        set!(12, d.union_resupply_rolls.veteran);
        set!(13, d.plans.confederate.easy);
        set!(14, d.plans.confederate.regular);
        set!(15, d.plans.confederate.hard);
        set!(16, d.plans.union.regular);
        set!(17, d.plans.union.hard);
        set!(18, d.plans.union.veteran);
        set!(19, d.group_maximum);
        set!(20, d.lee_vp);
        let start = lee_start.get_untracked();
        if !start.is_empty() && d.lee_start.value() != Some(&start) {
            d.lee_start = Given::Entered(start);
        }
        if bad.is_empty() {
            put(store, c, d, problem);
        } else {
            problem.set(Some(bad.join(" ")));
        }
    };
    view! {
        <details class="more" open=true>
            <summary class="button">"The sheet's numbers"</summary>
            <p class="muted">"A number left blank is not entered: the app asks for it when the rules need it."</p>
            {f.into_iter().zip(provenance).map(|(x, p)| view! {
                <label class="field fc-number">
                    <span>{x.label}" "<span class="muted small">{format!("({p})")}</span></span>
                    <input type="text" inputmode="numeric" bind:value=x.text/>
                </label>
            }).collect_view()}
            <label class="field"><span>"Where Robert E. Lee starts (7.8)"</span>
                <select on:change=move |ev| lee_start.set(event_target_value(&ev))>
                    <option value="">"Choose an Area"</option>
                    {areas.into_iter().map(|a| {
                        let selected = a == lee_start.get_untracked();
                        view! { <option value=a.clone() selected=selected>{a.clone()}</option> }
                    }).collect_view()}
                </select>
            </label>
            <Problem problem=problem/>
            <button class="button primary" on:click=save>"Save the numbers"</button>
        </details>
    }
    .into_any()
}

/// A select of the map's Areas bound to `value`.
#[component]
fn AreaSelect(#[prop(into)] label: String, areas: Vec<String>, value: RwSignal<String>) -> impl IntoView {
    view! {
        <label class="field"><span>{label}</span>
            <select on:change=move |ev| value.set(event_target_value(&ev))>
                <option value="">"Choose an Area"</option>
                {areas.into_iter().map(|a| {
                    let selected = a == value.get_untracked();
                    view! { <option value=a.clone() selected=selected>{a.clone()}</option> }
                }).collect_view()}
            </select>
        </label>
    }
    .into_any()
}

/// The starting forces and the Objectives (7.8, 7.13).
#[component]
fn Placements(store: Store, c: usize) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let def = move || campaign_at(store, c);
    let change = move |f: &dyn Fn(&mut CampaignDef)| change_campaign(store, c, problem, f);
    let counters = move || counter_keys(store, c);
    let areas = move || area_names(store, c);
    let counter = RwSignal::new(String::new());
    let area = RwSignal::new(String::new());
    let objective = RwSignal::new(String::new());
    view! {
        <details class="more">
            <summary class="button">{move || format!("Starting forces ({}) and Objectives ({})", def().map(|d| d.starting_forces.len()).unwrap_or(0), def().map(|d| d.objectives.len()).unwrap_or(0))}</summary>
            <h3>"Starting Forces and Placement (7.8)"</h3>
            <ul class="fc-forces">
                {move || def().map(|d| d.starting_forces.iter().enumerate().map(|(i, s)| view! {
                    <li>{format!("{} in {}", s.counter, s.area.value().cloned().unwrap_or_else(|| "(Area not entered)".into()))}" "
                        <button class="button" on:click=move |_| change(&move |d: &mut CampaignDef| { if i < d.starting_forces.len() { d.starting_forces.remove(i); } })>"Take off"</button>
                    </li>
                }).collect_view())}
            </ul>
            <label class="field"><span>"Counter"</span>
                <select on:change=move |ev| counter.set(event_target_value(&ev))>
                    <option value="">"Choose a counter"</option>
                    {move || counters().into_iter().map(|k| view! { <option value=k.clone()>{k.clone()}</option> }).collect_view()}
                </select>
            </label>
            {move || view! { <AreaSelect label="Placed in" areas=areas() value=area/> }}
            <Problem problem=problem/>
            <button class="button primary" on:click=move |_| {
                let (k, a) = (counter.get_untracked(), area.get_untracked());
                if k.is_empty() || a.is_empty() {
                    problem.set(Some("Choose the counter and its Area.".into()));
                    return;
                }
                change(&move |d: &mut CampaignDef| d.starting_forces.push(Placement { counter: k.clone(), area: Given::Entered(a.clone()), origin: Origin::Entered }));
            }>"Place it"</button>
            <h3>"Objectives (7.13)"</h3>
            <ul class="fc-forces">
                {move || def().map(|d| d.objectives.iter().enumerate().map(|(i, o)| view! {
                    <li>{o.value().cloned().unwrap_or_else(|| "(not entered)".into())}" "
                        <button class="button" on:click=move |_| change(&move |d: &mut CampaignDef| { if i < d.objectives.len() { d.objectives.remove(i); } })>"Take off"</button>
                    </li>
                }).collect_view())}
            </ul>
            {move || view! { <AreaSelect label="An Objective Area" areas=areas() value=objective/> }}
            <button class="button primary" on:click=move |_| {
                let a = objective.get_untracked();
                if !a.is_empty() {
                    change(&move |d: &mut CampaignDef| d.objectives.push(Given::Entered(a.clone())));
                }
            }>"Add the Objective"</button>
        </details>
    }
    .into_any()
}

/// Writes each touched row of a ten-row chart's forms into `slots` as entered (a value left as
/// it was keeps its provenance) and names the rows that do not read, counted from 1.
fn enter_touched_rows<F, T>(
    rows: StoredValue<Vec<RwSignal<F>>>,
    touched: StoredValue<Vec<RwSignal<bool>>>,
    slots: &mut [Given<T>],
    read: impl Fn(&F) -> Result<T, String>,
) -> Vec<String>
where
    F: Clone + Default + Send + Sync + 'static,
    T: PartialEq,
{
    let mut bad = Vec::new();
    for (i, slot) in slots.iter_mut().enumerate() {
        if !touched.with_value(|t| t.get(i).is_some_and(|s| s.get_untracked())) {
            continue;
        }
        let form = rows.with_value(|r| r.get(i).map(|s| s.get_untracked())).unwrap_or_default();
        match read(&form) {
            Ok(value) => {
                if slot.value() != Some(&value) {
                    *slot = Given::Entered(value);
                }
            }
            Err(e) => bad.push(format!("Roll {}: {e}.", i + 1)),
        }
    }
    bad
}

/// Puts the changed campaign back when every row read, or says which did not (nothing is kept
/// of a chart with a row that does not read).
fn put_unless_bad(store: Store, c: usize, def: CampaignDef, problem: RwSignal<Option<String>>, bad: Vec<String>) {
    if bad.is_empty() {
        put(store, c, def, problem);
    } else {
        problem.set(Some(bad.join(" ")));
    }
}

/// One Union Orders chart of ten rows (16.1.1, 16.1.2).
#[component]
fn OrdersChartEntry(store: Store, c: usize, battle_area: bool) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let Some(d) = campaign_at(store, c) else { return ().into_any() };
    let chart = if battle_area { &d.battle_area_orders.regular } else { &d.map_orders.regular };
    let areas: Vec<String> = d.map.areas.iter().map(|a| a.name.clone()).collect();
    let rows: Vec<RwSignal<OrderForm>> = (0..10)
        .map(|i| {
            RwSignal::new(chart.rows.get(i).and_then(|r| r.value()).map(OrderForm::from_order).unwrap_or_default())
        })
        .collect();
    let entered: Vec<bool> = (0..10).map(|i| chart.rows.get(i).is_some_and(|r| !r.is_missing())).collect();
    let touched: Vec<RwSignal<bool>> = entered.iter().map(|e| RwSignal::new(*e)).collect();
    let rows = StoredValue::new(rows);
    let touched = StoredValue::new(touched);
    let save = move |_| {
        let Some(mut d) = campaign_at(store, c) else { return };
        let chart = if battle_area { &mut d.battle_area_orders.regular } else { &mut d.map_orders.regular };
        chart.rows.resize(10, Given::Missing);
        let bad = enter_touched_rows(rows, touched, &mut chart.rows, OrderForm::order);
        put_unless_bad(store, c, d, problem, bad);
    };
    let kinds: Vec<OrderKind> = OrderKind::ALL.to_vec();
    view! {
        <details class="more">
            <summary class="button">{if battle_area { "Union Battle Area Orders (16.1.2)" } else { "Union Campaign Map Orders (16.1.1)" }}</summary>
            <ol class="fc-chart-entry">
                {(0..10usize).map(|i| {
                    let row = rows.with_value(|r| r.get(i).copied());
                    let t = touched.with_value(|r| r.get(i).copied());
                    let (Some(row), Some(t)) = (row, t) else { return ().into_any() };
                    let kinds = kinds.clone();
                    let areas = areas.clone();
                    view! {
                        <li>
                            <fieldset class="fc-order-row">
                                <legend>{format!("Roll {}", i + 1)}{move || if t.get() { String::new() } else { " (not entered)".into() }}</legend>
                                <select aria-label=format!("Roll {} order", i + 1) on:change=move |ev| {
                                    let v = event_target_value(&ev);
                                    if let Some(k) = OrderKind::ALL.iter().find(|k| format!("{k:?}") == v) {
                                        row.update(|r| r.kind = *k);
                                        t.set(true);
                                    }
                                }>
                                    {kinds.iter().map(|k| {
                                        let selected = row.get_untracked().kind == *k && t.get_untracked();
                                        view! { <option value=format!("{k:?}") selected=selected>{k.label()}</option> }
                                    }).collect_view()}
                                </select>
                                <Show when=move || row.get().kind.names_area()>
                                    <select aria-label=format!("Roll {} Area", i + 1) on:change=move |ev| { let v = event_target_value(&ev); row.update(|r| r.area = v); t.set(true); }>
                                        <option value="">"Toward which Area"</option>
                                        {areas.iter().map(|a| { let s = row.get_untracked().area == *a; view! { <option value=a.clone() selected=s>{a.clone()}</option> } }).collect_view()}
                                    </select>
                                </Show>
                                <Show when=move || row.get().kind.counts_areas()>
                                    <select aria-label=format!("Roll {} how many Areas", i + 1) on:change=move |ev| { let v = event_target_value(&ev).parse().unwrap_or(1); row.update(|r| r.times = v); t.set(true); }>
                                        {(1..=3u8).map(|n| { let s = row.get_untracked().times == n; view! { <option value=n.to_string() selected=s>{format!("x{n}")}</option> } }).collect_view()}
                                    </select>
                                </Show>
                                <Show when=move || row.get().kind == OrderKind::Words>
                                    <input type="text" aria-label=format!("Roll {} words", i + 1) prop:value=move || row.get().words on:input=move |ev| { let v = event_target_value(&ev); row.update(|r| r.words = v); t.set(true); }/>
                                </Show>
                                <select aria-label=format!("Roll {} otherwise", i + 1) on:change=move |ev| {
                                    let v = event_target_value(&ev);
                                    let k = OrderKind::ALL.iter().find(|k| format!("{k:?}") == v).copied();
                                    row.update(|r| r.otherwise = k.map(|k| (k, String::new())));
                                    t.set(true);
                                }>
                                    <option value="">"No \u{201c}Otherwise\u{201d}"</option>
                                    {OrderKind::ALL.iter().filter(|k| **k != OrderKind::Words && !k.names_area()).map(|k| {
                                        let s = row.get_untracked().otherwise.as_ref().is_some_and(|o| o.0 == *k);
                                        view! { <option value=format!("{k:?}") selected=s>{format!("Otherwise, {}", k.label())}</option> }
                                    }).collect_view()}
                                </select>
                            </fieldset>
                        </li>
                    }.into_any()
                }).collect_view()}
            </ol>
            <Problem problem=problem/>
            <button class="button primary" on:click=save>"Save the chart"</button>
        </details>
    }
    .into_any()
}

/// The Withdrawal table (14.8): ten results, each one tap.
#[component]
fn WithdrawalEntry(store: Store, c: usize) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let def = move || campaign_at(store, c);
    let set = move |i: usize, w: Withdrawal| {
        if let Some(mut d) = campaign_at(store, c) {
            d.withdrawal.rows.resize(10, Given::Missing);
            if let Some(slot) = d.withdrawal.rows.get_mut(i) {
                *slot = Given::Entered(w);
            }
            put(store, c, d, problem);
        }
    };
    let results = [Withdrawal::Rejoin, Withdrawal::UnionRetreat, Withdrawal::ConfederateRetreat, Withdrawal::Encamp];
    view! {
        <details class="more">
            <summary class="button">{move || format!("Withdrawal table (14.8): {} of 10 rows", def().map(|d| d.withdrawal.rows.iter().filter(|r| !r.is_missing()).count()).unwrap_or(0))}</summary>
            <Problem problem=problem/>
            {(0..10usize).map(|i| view! {
                <fieldset class="choices inline toggles">
                    <legend>{format!("Roll {}", i + 1)}</legend>
                    {results.iter().map(|w| {
                        let w = *w;
                        view! {
                            <button class="button" aria-pressed=move || if def().and_then(|d| d.withdrawal.rows.get(i).and_then(|r| r.value().copied())) == Some(w) { "true" } else { "false" }
                                on:click=move |_| set(i, w)>{withdrawal_words(w)}</button>
                        }
                    }).collect_view()}
                </fieldset>
            }).collect_view()}
        </details>
    }
    .into_any()
}

/// The Union Resupply Table (18.2, 18.3): each row's result and follow-up column.
#[component]
fn ResupplyEntry(store: Store, c: usize) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let Some(d) = campaign_at(store, c) else { return ().into_any() };
    let rows: Vec<RwSignal<ResupplyForm>> = (0..10)
        .map(|i| {
            RwSignal::new(
                d.union_resupply.rows.get(i).and_then(|r| r.value()).map(ResupplyForm::from_row).unwrap_or_default(),
            )
        })
        .collect();
    let touched: Vec<RwSignal<bool>> =
        (0..10).map(|i| RwSignal::new(d.union_resupply.rows.get(i).is_some_and(|r| !r.is_missing()))).collect();
    let rows = StoredValue::new(rows);
    let touched = StoredValue::new(touched);
    let save = move |_| {
        let Some(mut d) = campaign_at(store, c) else { return };
        d.union_resupply.rows.resize(10, Given::Missing);
        let bad = enter_touched_rows(rows, touched, &mut d.union_resupply.rows, ResupplyForm::row);
        put_unless_bad(store, c, d, problem, bad);
    };
    view! {
        <details class="more">
            <summary class="button">"Union Resupply Table (18.2, 18.3)"</summary>
            <ol class="fc-chart-entry">
                {(0..10usize).map(|i| {
                    let (Some(row), Some(t)) = (rows.with_value(|r| r.get(i).copied()), touched.with_value(|r| r.get(i).copied())) else { return ().into_any() };
                    view! {
                        <li>
                            <fieldset class="fc-order-row">
                                <legend>{format!("Roll {}", i + 1)}{move || if t.get() { String::new() } else { " (not entered)".into() }}</legend>
                                <select aria-label=format!("Resupply roll {}", i + 1) on:change=move |ev| {
                                    let v = event_target_value(&ev);
                                    if let Some(k) = ResupplyKind::ALL.iter().find(|k| format!("{k:?}") == v) {
                                        row.update(|r| r.kind = *k);
                                        t.set(true);
                                    }
                                }>
                                    {ResupplyKind::ALL.iter().map(|k| {
                                        let s = row.get_untracked().kind == *k && t.get_untracked();
                                        view! { <option value=format!("{k:?}") selected=s>{k.label()}</option> }
                                    }).collect_view()}
                                </select>
                                <Show when=move || matches!(row.get().kind, ResupplyKind::Brigade | ResupplyKind::Regiment | ResupplyKind::CommandPoints)>
                                    <input type="text" inputmode="numeric" aria-label=format!("Resupply roll {} how many", i + 1) prop:value=move || row.get().count on:input=move |ev| { let v = event_target_value(&ev); row.update(|r| r.count = v); t.set(true); }/>
                                </Show>
                                <Show when=move || row.get().kind == ResupplyKind::Words>
                                    <input type="text" aria-label=format!("Resupply roll {} words", i + 1) prop:value=move || row.get().words on:input=move |ev| { let v = event_target_value(&ev); row.update(|r| r.words = v); t.set(true); }/>
                                </Show>
                                <Show when=move || matches!(row.get().kind, ResupplyKind::Battery | ResupplyKind::Garrison | ResupplyKind::Fortification)>
                                    <details class="more">
                                        <summary class="button">"The follow-up roll's column (18.3)"</summary>
                                        {(0..10usize).map(|j| view! {
                                            <label class="field fc-number"><span>{format!("Follow-up {}", j + 1)}</span>
                                                <input type="text" prop:value=move || row.get().follow_up.get(j).cloned().unwrap_or_default()
                                                    on:input=move |ev| { let v = event_target_value(&ev); row.update(|r| { r.follow_up.resize(10, String::new()); if let Some(s) = r.follow_up.get_mut(j) { *s = v; } }); t.set(true); }/>
                                            </label>
                                        }).collect_view()}
                                    </details>
                                </Show>
                            </fieldset>
                        </li>
                    }.into_any()
                }).collect_view()}
            </ol>
            <Problem problem=problem/>
            <button class="button primary" on:click=save>"Save the table"</button>
        </details>
    }
    .into_any()
}

/// The Victory and Defeat conditions (3.1, 3.2) and Late Arrivals (7.9), Special Rules (7.1).
#[component]
fn Conditions(store: Store, c: usize) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let def = move || campaign_at(store, c);
    let change = move |f: &dyn Fn(&mut CampaignDef)| change_campaign(store, c, problem, f);
    let areas = move || area_names(store, c);
    let text = RwSignal::new(String::new());
    let test = RwSignal::new("hold".to_string());
    let area = RwSignal::new(String::new());
    let deadline = RwSignal::new("throughout".to_string());
    let turn = RwSignal::new(String::new());
    let defeat = RwSignal::new(false);
    let vp = RwSignal::new("1".to_string());
    let rule = RwSignal::new(String::new());
    let add = move |_| {
        let words = text.get_untracked().trim().to_string();
        if words.is_empty() {
            problem.set(Some("Type the condition as the sheet words it.".into()));
            return;
        }
        let a = area.get_untracked();
        let needs_area = test.get_untracked() != "hand";
        if needs_area && a.is_empty() {
            problem.set(Some("Choose the condition's Area.".into()));
            return;
        }
        let t = match test.get_untracked().as_str() {
            "present" => Test::Present(vec![a]),
            "clear" => Test::Clear(vec![a]),
            "reach" => Test::Reach { area: a, corps: None },
            "hand" => Test::ByHand,
            _ => Test::Hold { areas: vec![a], min_combat: None },
        };
        let n = turn.get_untracked().trim().parse::<u8>().unwrap_or(0);
        let dl = match deadline.get_untracked().as_str() {
            "end" => Deadline::AtEnd,
            "by" => Deadline::By(n, TurnEnd::Turn),
            "at" => Deadline::At(n, TurnEnd::Turn),
            _ => Deadline::Throughout,
        };
        if matches!(dl, Deadline::By(0, _) | Deadline::At(0, _)) {
            problem.set(Some("Type the turn of the deadline.".into()));
            return;
        }
        let points = vp.get_untracked().trim().parse::<u32>().map(Given::Entered).unwrap_or_default();
        let cond = Condition {
            text: words,
            test: t,
            deadline: dl,
            defeat_if_failed: defeat.get_untracked(),
            vp: points,
            origin: Origin::Entered,
        };
        change(&move |d: &mut CampaignDef| d.conditions.push(cond.clone()));
        text.set(String::new());
    };
    view! {
        <details class="more">
            <summary class="button">{move || format!("Victory and Defeat conditions ({})", def().map(|d| d.conditions.len()).unwrap_or(0))}</summary>
            <ul class="fc-forces">
                {move || def().map(|d| d.conditions.iter().enumerate().map(|(i, x)| view! {
                    <li>{format!("{}{}", x.text, if x.defeat_if_failed { " (Defeat if failed)" } else { "" })}" "
                        <button class="button" on:click=move |_| change(&move |d: &mut CampaignDef| { if i < d.conditions.len() { d.conditions.remove(i); } })>"Take off"</button>
                    </li>
                }).collect_view())}
            </ul>
            <label class="field"><span>"The condition, as the sheet words it"</span><input type="text" bind:value=text/></label>
            <label class="field"><span>"What it asks (2.1, 3.1)"</span>
                <select on:change=move |ev| test.set(event_target_value(&ev))>
                    <option value="hold">"Hold an Area"</option>
                    <option value="present">"A force in an Area"</option>
                    <option value="clear">"No Union Forces in an Area"</option>
                    <option value="reach">"A force reaches an Area"</option>
                    <option value="hand">"Something the app does not read: I say"</option>
                </select>
            </label>
            {move || view! { <AreaSelect label="Its Area" areas=areas() value=area/> }}
            <label class="field"><span>"When"</span>
                <select on:change=move |ev| deadline.set(event_target_value(&ev))>
                    <option value="throughout">"Throughout the campaign"</option>
                    <option value="end">"At the end of the campaign"</option>
                    <option value="by">"By the end of a turn"</option>
                    <option value="at">"At the end of a turn"</option>
                </select>
            </label>
            <label class="field"><span>"The turn (for a deadline)"</span><input type="text" inputmode="numeric" bind:value=turn/></label>
            <label class="field"><span>"Campaign Victory Points (3.3)"</span><input type="text" inputmode="numeric" bind:value=vp/></label>
            <crate::widgets::toggles::Toggles legend="Failing it loses the campaign (3.2)" options=vec![(false, "No"), (true, "Yes")] value=defeat/>
            <Problem problem=problem/>
            <button class="button primary" on:click=add>"Add the condition"</button>
            <h3>"Special Rules (7.1)"</h3>
            <ul class="fc-forces">
                {move || def().map(|d| d.special_rules.iter().enumerate().map(|(i, n)| view! {
                    <li>{n.text.clone()}" "
                        <button class="button" on:click=move |_| change(&move |d: &mut CampaignDef| { if i < d.special_rules.len() { d.special_rules.remove(i); } })>"Take off"</button>
                    </li>
                }).collect_view())}
            </ul>
            <label class="field"><span>"A Special Rule, as text: the app shows it, you apply it"</span><input type="text" bind:value=rule/></label>
            <button class="button" on:click=move |_| {
                let t = rule.get_untracked().trim().to_string();
                if !t.is_empty() {
                    change(&move |d: &mut CampaignDef| d.special_rules.push(Note { text: t.clone(), origin: Origin::Entered }));
                    rule.set(String::new());
                }
            }>"Add the Special Rule"</button>
        </details>
    }
    .into_any()
}

/// The Late Arrivals (7.9).
#[component]
fn Arrivals(store: Store, c: usize) -> impl IntoView {
    let problem = RwSignal::new(None::<String>);
    let def = move || campaign_at(store, c);
    let change = move |f: &dyn Fn(&mut CampaignDef)| change_campaign(store, c, problem, f);
    let counter = RwSignal::new(String::new());
    let turn = RwSignal::new(String::new());
    let target = RwSignal::new(String::new());
    let where_ = RwSignal::new("held".to_string());
    let area = RwSignal::new(String::new());
    let words = RwSignal::new(String::new());
    let counters = move || counter_keys(store, c);
    let areas = move || area_names(store, c);
    let add = move |_| {
        let k = counter.get_untracked();
        let Ok(t) = turn.get_untracked().trim().parse::<u8>() else {
            problem.set(Some("Type the turn they come (or start rolling).".into()));
            return;
        };
        if k.is_empty() {
            problem.set(Some("Choose the counter that arrives.".into()));
            return;
        }
        let when = match target.get_untracked().trim().parse::<u8>() {
            Ok(n) => ArrivalWhen::RollFromTurn { turn: t, target: Given::Entered(n) },
            Err(_) => ArrivalWhen::Turn(t),
        };
        let at = match where_.get_untracked().as_str() {
            "area" => ArrivalWhere::Area(area.get_untracked()),
            "choice" => ArrivalWhere::PlayerChoice,
            _ => ArrivalWhere::ConfederateHeld,
        };
        let l = LateArrival { forces: vec![k], when, area: at, text: words.get_untracked(), origin: Origin::Entered };
        change(&move |d: &mut CampaignDef| d.late_arrivals.push(l.clone()));
    };
    view! {
        <details class="more">
            <summary class="button">{move || format!("Late Arrivals (7.9): {}", def().map(|d| d.late_arrivals.len()).unwrap_or(0))}</summary>
            <ul class="fc-forces">
                {move || def().map(|d| d.late_arrivals.iter().enumerate().map(|(i, l)| view! {
                    <li>{format!("{} ({:?})", l.forces.join(", "), l.when)}" "
                        <button class="button" on:click=move |_| change(&move |d: &mut CampaignDef| { if i < d.late_arrivals.len() { d.late_arrivals.remove(i); } })>"Take off"</button>
                    </li>
                }).collect_view())}
            </ul>
            <label class="field"><span>"Counter"</span>
                <select on:change=move |ev| counter.set(event_target_value(&ev))>
                    <option value="">"Choose a counter"</option>
                    {move || counters().into_iter().map(|k| view! { <option value=k.clone()>{k.clone()}</option> }).collect_view()}
                </select>
            </label>
            <label class="field"><span>"The turn it comes, or the first turn of its roll"</span><input type="text" inputmode="numeric" bind:value=turn/></label>
            <label class="field"><span>"The roll's target number, if the sheet has one"</span><input type="text" inputmode="numeric" bind:value=target/></label>
            <label class="field"><span>"Where"</span>
                <select on:change=move |ev| where_.set(event_target_value(&ev))>
                    <option value="held">"An Area the Confederates Hold, your choice"</option>
                    <option value="area">"A named Area"</option>
                    <option value="choice">"Any Area, your choice"</option>
                </select>
            </label>
            {move || view! { <AreaSelect label="The named Area" areas=areas() value=area/> }}
            <label class="field"><span>"The sheet's words"</span><input type="text" bind:value=words/></label>
            <Problem problem=problem/>
            <button class="button primary" on:click=add>"Add the Late Arrival"</button>
        </details>
    }
    .into_any()
}

/// The sheet screen: `?c=N`, the pack's campaign N.
#[component]
pub fn SheetScreen() -> impl IntoView {
    let store = use_store();
    let c: usize = use_query_map().get_untracked().get("c").and_then(|v| v.parse().ok()).unwrap_or(0);
    let name = campaign_at(store, c).map(|d| d.name).unwrap_or_else(|| "No such campaign".into());
    view! {
        <section class="screen fc fc-pack" aria-labelledby="psheet-title">
            <h1 id="psheet-title">"Campaign Information Sheet"</h1>
            <p class="subtitle">{name}</p>
            <p class="muted">"Enter the sheet's sections from your own sheet; enter the map first, so that its Areas can be chosen here."</p>
            // Each section says what it refused just above its own button, where the player
            // is: the sheet is long, and a message at its top went unseen.
            <Numbers store=store c=c/>
            <Placements store=store c=c/>
            <OrdersChartEntry store=store c=c battle_area=false/>
            <OrdersChartEntry store=store c=c battle_area=true/>
            <WithdrawalEntry store=store c=c/>
            <ResupplyEntry store=store c=c/>
            <Conditions store=store c=c/>
            <Arrivals store=store c=c/>
            <div class="row">
                <a class="button" href=format!("/pack/map?c={c}")>"The map"</a>
                <a class="button" href=format!("/pack/brt?c={c}")>"The Battle Resolution Table"</a>
                <a class="button" href="/pack">"Back to the pack"</a>
            </div>
        </section>
    }
    .into_any()
}
