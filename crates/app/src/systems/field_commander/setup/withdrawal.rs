//! The campaign's Withdrawal table (14.8), which each Campaign Information Sheet prints and
//! the rulebook does not: entered once, roll by roll. The rulebook's own example may be used
//! for practice, named as what it is.

use crate::systems::field_commander::store::{battle, use_store};
use field_commander::game::Command;
use field_commander::outcome::{Withdrawal, WithdrawalTable};
use leptos::prelude::*;

const RESULTS: [(Withdrawal, &str); 4] = [
    (Withdrawal::Rejoin, "Rejoin"),
    (Withdrawal::UnionRetreat, "Union Retreat"),
    (Withdrawal::ConfederateRetreat, "Confederate Retreat"),
    (Withdrawal::Encamp, "Encamp"),
];

/// The Withdrawal table's entry.
#[component]
pub fn WithdrawalTableEntry() -> impl IntoView {
    let store = use_store();
    let campaign = RwSignal::new(String::new());
    let rows = RwSignal::new([None::<Withdrawal>; 10]);
    let entered = move || battle(store, |b| b.withdrawal_table.as_ref().map(|t| t.campaign.clone()));
    let set = move |_| {
        let r = rows.get_untracked();
        let bands: Vec<(u8, u8, Withdrawal)> =
            r.iter().enumerate().filter_map(|(i, w)| w.map(|w| (i as u8 + 1, i as u8 + 1, w))).collect();
        let name = campaign.get_untracked();
        let name = if name.trim().is_empty() { "my campaign".to_string() } else { name.trim().to_string() };
        store.send(Command::SetWithdrawalTable(WithdrawalTable { campaign: name, bands }));
    };
    view! {
        <section aria-labelledby="withdrawal-title">
            <h2 id="withdrawal-title">"Withdrawal table (14.8)"</h2>
            <p>{move || match entered() {
                Some(c) => format!("Entered: {c}."),
                None => "Each campaign prints its own on its Campaign Information Sheet; it is read when the battle reaches the Withdrawal box.".into(),
            }}</p>
            <details class="more">
                <summary class="button">"Enter your campaign's table"</summary>
                <label class="field">
                    <span>"Campaign"</span>
                    <input type="text" autocomplete="off" bind:value=campaign/>
                </label>
                {(0..10usize).map(|i| view! {
                    <fieldset class="choices inline">
                        <legend>{format!("Roll {}", i + 1)}</legend>
                        {RESULTS.into_iter().map(|(w, label)| view! {
                            <button
                                class="button"
                                aria-pressed=move || if rows.with(|r| r.get(i).copied().flatten() == Some(w)) { "true" } else { "false" }
                                on:click=move |_| rows.update(|r| if let Some(x) = r.get_mut(i) { *x = Some(w); })
                            >
                                {label}
                            </button>
                        }).collect_view()}
                    </fieldset>
                }).collect_view()}
                <button class="button primary" on:click=set>"Enter the table"</button>
            </details>
            <button class="button" on:click=move |_| store.send(Command::SetWithdrawalTable(WithdrawalTable::example_14_8()))>
                "For practice: the rulebook's example in 14.8 (not a campaign's table)"
            </button>
        </section>
    }
    .into_any()
}
