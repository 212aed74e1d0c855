//! Messages about saved data and updates, shown above the current area until dealt with.

use crate::shell::browser;
use crate::shell::store::use_shell as use_store;
use companion_core::persist::StorageNotice;
use leptos::prelude::*;

/// Storage problems, a refused command, and a waiting update.
#[component]
pub fn Banners() -> impl IntoView {
    let store = use_store();
    let update_ready = RwSignal::new(false);
    browser::on_update_ready(move || update_ready.set(true));

    let export = move || store.export_current_game();

    let notice_view = move || {
        store.notice.get().map(|notice| {
            let text = notice.to_string();
            let actions = match &notice {
                StorageNotice::Damaged { raw, kept, .. } => {
                    let raw = raw.clone();
                    let kept = *kept;
                    view! {
                        <button class="button primary" on:click=move |_| {
                            let _ = browser::download(&browser::dated_filename("johnny-reb-damaged"), &raw, "application/json");
                        }>"Download the damaged data"</button>
                        <button class="button" on:click=move |_| store.resume_saving()>
                            {if kept { "Dismiss" } else { "I have a copy: resume saving" }}
                        </button>
                    }
                    .into_any()
                }
                StorageNotice::Unavailable(_) | StorageNotice::Full => view! {
                    <button class="button primary" on:click=move |_| export()>"Export the game"</button>
                    <button class="button" on:click=move |_| store.notice.set(None)>"Dismiss"</button>
                }
                .into_any(),
                StorageNotice::Conflict => view! {
                    <button class="button primary" on:click=move |_| store.take_other_tab()>"Load the other tab's version"</button>
                    <button class="button" on:click=move |_| store.keep_this_tab()>"Keep this tab's version"</button>
                }
                .into_any(),
                StorageNotice::ReloadedFromOtherTab => view! {
                    <button class="button" on:click=move |_| store.notice.set(None)>"OK"</button>
                }
                .into_any(),
            };
            view! {
                <div class="banner warning" role="alert">
                    <p>{text}</p>
                    <div class="actions">{actions}</div>
                </div>
            }
        })
    };

    view! {
        <div class="banners">
            {notice_view}
            {move || store.error.get().map(|e| view! {
                <div class="banner error" role="alert">
                    <p>{e}</p>
                    <div class="actions">
                        <button class="button" on:click=move |_| store.error.set(None)>"Dismiss"</button>
                    </div>
                </div>
            })}
            <Show when=move || update_ready.get()>
                <div class="banner info" role="status">
                    <p>"A new version of the app is ready."</p>
                    <div class="actions">
                        <button class="button primary" on:click=move |_| {
                            store.save_now(false);
                            browser::apply_update();
                        }>"Update now"</button>
                        <button class="button" on:click=move |_| update_ready.set(false)>"Later"</button>
                    </div>
                </div>
            </Show>
        </div>
    }
}

/// Where the game's save stands, in a word: the players see that nothing is lost.
#[component]
pub fn SaveState() -> impl IntoView {
    let store = use_store();
    let text = move || match (store.dirty.get(), store.written.get()) {
        (true, _) => "Saving\u{2026}",
        (false, true) => "\u{2713} Saved on this device",
        (false, false) => "Not saved on this device: see the message above",
    };
    view! { <p class="save-state">{text}</p> }
}
