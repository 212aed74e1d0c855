//! Text in and out of the app for sharing in a message: a file's contents copied to the
//! clipboard, and a box to paste such text into, for players whose phones pass text more
//! easily than files (a chat, a mail).
//!
//! ```ignore
//! view! { <PasteBox label="Paste a table set" button="Import the pasted table set" on_paste=Callback::new(|text| ...)/> }
//! ```

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// Copies `text` to the clipboard; `done` hears whether the browser let it. Nothing panics
/// when the browser has no clipboard or refuses it: the message says what to do instead.
pub fn copy_text(text: &str, done: impl FnOnce(Result<(), String>) + 'static) {
    let refused = "This browser did not let the app copy: use the file instead.";
    let promise = (|| {
        let navigator: JsValue = web_sys::window()?.navigator().into();
        let clipboard = js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard")).ok()?;
        let write = js_sys::Reflect::get(&clipboard, &JsValue::from_str("writeText"))
            .ok()?
            .dyn_into::<js_sys::Function>()
            .ok()?;
        write.call1(&clipboard, &JsValue::from_str(text)).ok()?.dyn_into::<js_sys::Promise>().ok()
    })();
    match promise {
        Some(promise) => leptos::task::spawn_local(async move {
            done(wasm_bindgen_futures::JsFuture::from(promise).await.map(|_| ()).map_err(|_| refused.to_string()));
        }),
        None => done(Err(refused.to_string())),
    }
}

/// A folded box to paste text copied on another device, with its import button. Text over
/// `max_bytes` is refused before it is read, as a file of that size would be.
#[component]
pub fn PasteBox(
    /// The fold's title and the box's label.
    label: &'static str,
    /// The button's words.
    button: &'static str,
    /// Most bytes accepted.
    max_bytes: usize,
    /// Hears the pasted text, or the reason it was refused; answers whether it was taken (the
    /// box is emptied then, and kept to be corrected otherwise).
    on_paste: Callback<Result<String, String>, bool>,
) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let pasted = text.get_untracked();
        if pasted.trim().is_empty() {
            on_paste.run(Err("The box is empty: paste the text first.".into()));
        } else if pasted.len() > max_bytes {
            on_paste.run(Err(format!(
                "The text is too large ({} KB, at most {} KB).",
                pasted.len() / 1024,
                max_bytes / 1024
            )));
        } else if on_paste.run(Ok(pasted)) {
            text.set(String::new());
        }
    };
    view! {
        <details class="more paste-box">
            <summary class="button">{label}</summary>
            <form on:submit=submit>
                <label class="field">
                    <span>{label}</span>
                    <textarea rows="4" spellcheck="false" autocomplete="off" bind:value=text></textarea>
                </label>
                <button class="button" type="submit">{button}</button>
            </form>
        </details>
    }
}
