//! The end of a fire, shared by small arms and artillery fire: what is wrong with the roll,
//! the saving rolls (Table 12: the app rolls one die per kill, or the players say how many
//! kills they saved on the table) and the result card.

use super::card::{Applied, Resolution, ResultCard};
use super::fire::SavesBy;
use super::missing::Problem;
use crate::widgets::toggles::{Stepper, Toggles};
use johnny_reb::rules::RuleError;
use leptos::prelude::*;

/// The end of a fire resolver: the roll's problem, if any, the saving rolls once the fire has
/// kills to save, and the result card.
#[component]
pub fn FireEnd(
    /// What is wrong with the roll.
    #[prop(into)]
    problem: Signal<Option<RuleError>>,
    /// The fire has a result with kills that may be saved.
    #[prop(into)]
    saves_shown: Signal<bool>,
    /// The app or the table.
    saves_by: RwSignal<SavesBy>,
    /// The kills saved on the table.
    saved: RwSignal<u32>,
    /// Rolls the saving dice in the app.
    on_roll: Callback<()>,
    /// The result, once every die is in.
    #[prop(into)]
    result: Signal<Option<Resolution>>,
    /// What applying it recorded.
    applied: RwSignal<Option<Applied>>,
) -> impl IntoView {
    view! {
        {move || problem.get().map(|e| view! { <Problem error=e/> })}
        <SavingRolls shown=saves_shown saves_by=saves_by saved=saved on_roll=on_roll/>
        <ResultCard result=result applied=applied/>
    }
    .into_any()
}

/// Who rolls the saves, and the roll or the count; shown once the fire has kills to save.
#[component]
pub fn SavingRolls(
    /// The fire has a result with kills that may be saved.
    #[prop(into)]
    shown: Signal<bool>,
    /// The app or the table.
    saves_by: RwSignal<SavesBy>,
    /// The kills saved on the table.
    saved: RwSignal<u32>,
    /// Rolls the saving dice in the app.
    on_roll: Callback<()>,
) -> impl IntoView {
    view! {
        <Show when=move || shown.get()>
            <Toggles legend="Saving rolls (Table 12)" options=vec![(SavesBy::App, "The app rolls them"), (SavesBy::Table, "We rolled them")] value=saves_by/>
            {move || match saves_by.get() {
                SavesBy::App => view! {
                    <div class="row"><button class="button big" on:click=move |_| on_roll.run(())>"Roll the saving dice"</button></div>
                }.into_any(),
                SavesBy::Table => view! { <Stepper label="Kills saved" value=saved max=60/> }.into_any(),
            }}
        </Show>
    }
}
