//! The combat assistant: Fire (9) with its Opening Volley (9.2), the Charge step by step
//! (11.1), Morale Checks (10) and the Rally Phase (12). Every roll is read from the players'
//! own tables, with its modifiers each named with its rule and the odds before the dice;
//! every result goes into the game through its ordinary commands (one undo step each).

pub mod charge;
pub mod dues;
pub mod fire;
pub mod morale;
mod parts;
pub mod rally;
pub mod retreat;
pub mod sight;
pub mod works;

use super::model::words;
use super::store::use_store;
use leptos::prelude::*;

/// The menu.
#[component]
pub fn CombatMenu() -> impl IntoView {
    let store = use_store();
    let now = move || store.with(|g| format!("{}: {}", words::player_turn(&g.clock), g.clock.phase().label()));
    view! {
        <section class="screen lob-combat" aria-labelledby="combat-title">
            <h1 id="combat-title">"Combat"</h1>
            <p class="subtitle">{now}</p>
            <nav class="resolve-menu" aria-label="Combat">
                <a class="button big" href="/combat/fire">"Fire"<span class="small">"9: the 8 SP limit, every modifier, the Combat Table, Loss Distribution; its Opening Volley (9.2)"</span></a>
                <a class="button big" href="/combat/charge">"Charge"<span class="small">"11.1 step by step: Closing Roll, Opening Volley, losses, the Target's Morale Check"</span></a>
                <a class="button big" href="/combat/due">{move || format!("Checks due: {}", store.with(|g| g.dues.list.len()))}<span class="small">"9.4: losses to distribute, Leader Loss and Morale Checks, in order"</span></a>
                <a class="button big" href="/combat/morale">"Morale Check"<span class="small">"10.1: the Morale Table, the Additive Morale Chart, Retreats"</span></a>
                <a class="button big" href="/combat/retreat">"Retreat"<span class="small">"10.3: EZOC losses, Collisions, guns overrun by a Charge"</span></a>
                <a class="button big" href="/combat/rally">"Rally and Rebuilding"<span class="small">"12.1, 12.2: the Rally Phase in its order"</span></a>
                <a class="button big" href="/combat/sight">"Line of Sight"<span class="small">"8.0: the Easy LOS, the Graph Sheet, the formula"</span></a>
                <a class="button big" href="/combat/works">"Breastworks"<span class="small">"5.0: markers, building, removal"</span></a>
            </nav>
        </section>
    }
    .into_any()
}
