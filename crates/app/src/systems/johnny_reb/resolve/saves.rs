//! The saving rolls of a fire (Table 12), shared by small arms and artillery fire: the app
//! rolls one die per kill, or the players say how many kills they saved on the table.

use super::fire::SavesBy;
use crate::widgets::toggles::{Stepper, Toggles};
use leptos::prelude::*;

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
