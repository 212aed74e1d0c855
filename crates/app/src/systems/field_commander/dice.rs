//! The d10 (4.5): the app's roll from the system's random source, or the die thrown on the
//! table as ten large face buttons (the face "0" reads 10).

use companion_core::d10::D10;
use leptos::prelude::*;

/// A d10 from the operating system's random source (getrandom, through rand).
pub fn random_d10() -> Option<D10> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::try_from_os_rng().ok()?;
    D10::new(rng.random_range(1..=10)).ok()
}

/// A random number for a draw from a cup or a pick among equals (14.0, 20.0).
pub fn random_pick() -> usize {
    use rand::{Rng, SeedableRng};
    rand::rngs::StdRng::try_from_os_rng().map(|mut r| r.random_range(0..1_000_000)).unwrap_or(0)
}

/// A random order of `ids` (the Union placed at random, 10.2.19).
pub fn shuffled(mut ids: Vec<u32>) -> Vec<u32> {
    for i in (1..ids.len()).rev() {
        let j = random_pick() % (i + 1);
        ids.swap(i, j);
    }
    ids
}

/// The die's ten faces as large buttons under `legend`, with "Roll for me".
#[component]
pub fn D10Entry(#[prop(into)] legend: String, on_roll: Callback<D10>) -> impl IntoView {
    let roll = move |_| {
        if let Some(d) = random_d10() {
            on_roll.run(d);
        }
    };
    view! {
        <div class="fc-d10">
            <button class="button big primary" on:click=roll>"Roll for me"</button>
            <fieldset class="d10-faces">
                <legend>{legend}</legend>
                {(1..=10u8)
                    .map(|face| {
                        let words = if face == 10 { "10 (the 0 face)".to_string() } else { face.to_string() };
                        view! {
                            <button
                                class="button face"
                                aria-label=face.to_string()
                                title=words
                                on:click=move |_| {
                                    if let Ok(d) = D10::new(face) {
                                        on_roll.run(d);
                                    }
                                }
                            >
                                {if face == 10 { "0".to_string() } else { face.to_string() }}
                            </button>
                        }
                    })
                    .collect_view()}
            </fieldset>
            <p class="muted small">"The face 0 reads 10 (4.5)."</p>
        </div>
    }
    .into_any()
}
