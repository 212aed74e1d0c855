//! Dice entry: the app's roll, or the dice thrown on the table as large face buttons (1-6 per
//! die), never a text field.

use johnny_reb::rules::dice::{DiceSource, RandomDice};
use johnny_reb::rules::{Die, TwoDice};
use leptos::prelude::*;

/// The faces of the first `n` dice, once every one of them is set.
pub fn thrown(faces: &[u8], n: usize) -> Option<Vec<u8>> {
    let faces = faces.get(..n)?;
    faces.iter().all(|f| (1..=6).contains(f)).then(|| faces.to_vec())
}

/// The first die, once it is set.
pub fn one_die(faces: &[u8]) -> Option<Die> {
    Die::new(*thrown(faces, 1)?.first()?).ok()
}

/// The first two dice, once both are set.
pub fn two_dice(faces: &[u8]) -> Option<TwoDice> {
    let d = thrown(faces, 2)?;
    TwoDice::new(*d.first()?, *d.get(1)?).ok()
}

/// The first `n` dice, once every one of them is set.
pub fn dice_of(faces: &[u8], n: usize) -> Option<Vec<Die>> {
    thrown(faces, n)?.into_iter().map(|f| Die::new(f).ok()).collect()
}

/// `count` dice named "`name` 1", "`name` 2"... (just `name` for one die), each a group of six
/// face buttons, with "Roll for me" and "Clear the dice". `faces` holds 0 for a die not set.
#[component]
pub fn DiceEntry(
    #[prop(into)] name: String,
    #[prop(into)] count: Signal<usize>,
    faces: RwSignal<Vec<u8>>,
) -> impl IntoView {
    let name = StoredValue::new(name);
    let set = move |i: usize, face: u8| {
        faces.update(|v| {
            if v.len() <= i {
                v.resize(i + 1, 0);
            }
            if let Some(slot) = v.get_mut(i) {
                *slot = face;
            }
        })
    };
    let roll = move |_| {
        let n = count.get_untracked();
        if let Ok(mut dice) = RandomDice::from_os() {
            faces.set((0..n).map(|_| dice.die().map(|d| d.face()).unwrap_or(1)).collect());
        }
    };
    view! {
        <div class="dice">
            {move || {
                let n = count.get();
                (0..n)
                    .map(|i| {
                        let legend = name.with_value(|name| if n == 1 { name.clone() } else { format!("{name} {}", i + 1) });
                        view! {
                            <fieldset class="die-faces">
                                <legend>{legend}</legend>
                                {(1..=6u8)
                                    .map(|face| view! {
                                        <button
                                            type="button"
                                            class="button face"
                                            aria-pressed=move || if faces.with(|v| v.get(i) == Some(&face)) { "true" } else { "false" }
                                            on:click=move |_| set(i, face)
                                        >
                                            {face}
                                        </button>
                                    })
                                    .collect_view()}
                            </fieldset>
                        }
                    })
                    .collect_view()
            }}
            <div class="row">
                <button type="button" class="button" on:click=roll>"Roll for me"</button>
                <button type="button" class="button" on:click=move |_| faces.set(Vec::new())>"Clear the dice"</button>
            </div>
        </div>
    }
    .into_any()
}
