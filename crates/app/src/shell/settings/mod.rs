//! Settings area: theme, saved data, diagnostics.

use crate::shell::store::use_shell as use_store;
use companion_core::settings::Theme;
use leptos::prelude::*;

/// Device settings.
#[component]
pub fn SettingsScreen() -> impl IntoView {
    let store = use_store();
    let theme = move || store.settings.with(|s| s.theme);
    let export = move |_| store.export_current_game();

    view! {
        <section class="screen" aria-labelledby="settings-title">
            <h1 id="settings-title">"Settings"</h1>
            <fieldset class="choices">
                <legend>"Theme"</legend>
                {Theme::ALL
                    .into_iter()
                    .map(|t| {
                        view! {
                            <label class="choice">
                                <input
                                    type="radio"
                                    name="theme"
                                    prop:checked=move || theme() == t
                                    on:change=move |_| store.update_settings(|s| s.theme = t)
                                />
                                <span>{t.label()}</span>
                            </label>
                        }
                    })
                    .collect_view()}
            </fieldset>
            <h2>"Saved data"</h2>
            <p class="muted">"The game is saved on this device after every change."</p>
            <div class="row">
                <button class="button" on:click=export>"Export the game"</button>
            </div>
            <h2>"Diagnostics"</h2>
            <p class="muted">"Shows the screen the app falls back to if it ever fails. Your game stays saved."</p>
            <div class="row">
                <button class="button" on:click=move |_| {
                    store.save_now(false);
                    panic!("crash screen test requested from Settings");
                }>"Test the error screen"</button>
            </div>
        </section>
    }
}
