//! The browser edge of the Saved games screen: reading a chosen file's text, and sharing a
//! file through the Web Share API where the browser has it.
//!
//! Nothing here panics when the browser refuses: every failure comes back as a message.

use crate::shell::browser;
use wasm_bindgen::{JsCast, JsValue};

/// Reads the first file chosen in `input` and calls `then` with its text, or with the
/// message to show. A file larger than `limit` bytes is refused before it is read, with the
/// same words as [`johnny_reb::state::exchange::ImportError::TooLarge`]. The input is cleared so
/// that the same file can be chosen again.
pub fn read_chosen(
    input: &web_sys::HtmlInputElement,
    limit: usize,
    then: impl FnOnce(Result<String, String>) + 'static,
) {
    let file = input.files().and_then(|list| list.get(0));
    input.set_value("");
    let Some(file) = file else {
        return;
    };
    let bytes = file.size();
    if !bytes.is_finite() || bytes > limit as f64 {
        let bytes = if bytes.is_finite() { bytes as usize } else { usize::MAX };
        then(Err(johnny_reb::state::exchange::ImportError::TooLarge { bytes, limit }.to_string()));
        return;
    }
    let promise = file.text();
    leptos::task::spawn_local(async move {
        let result = wasm_bindgen_futures::JsFuture::from(promise).await;
        match result {
            Ok(text) => match text.as_string() {
                Some(text) => then(Ok(text)),
                None => then(Err("The file could not be read as text.".into())),
            },
            Err(_) => then(Err("The browser could not read the file.".into())),
        }
    });
}

/// What became of a share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shared {
    /// Handed to the device's share sheet (or the player closed it).
    Shared,
    /// The browser cannot share files: the file was downloaded instead.
    Downloaded,
}

/// Shares `text` as a JSON file through `navigator.share` where the browser can share files,
/// and otherwise downloads it. `done` hears what happened, or the error to show.
pub fn share_or_download(filename: &str, title: &str, text: &str, done: impl FnOnce(Result<Shared, String>) + 'static) {
    match share_promise(filename, title, text) {
        Some(promise) => {
            let (filename, text) = (filename.to_string(), text.to_string());
            leptos::task::spawn_local(async move {
                match wasm_bindgen_futures::JsFuture::from(promise).await {
                    Ok(_) => done(Ok(Shared::Shared)),
                    // The player closed the share sheet: nothing to do.
                    Err(e) if is_abort(&e) => done(Ok(Shared::Shared)),
                    // The share failed (not allowed here, say): download instead.
                    Err(_) => done(browser::download(&filename, &text, "application/json").map(|_| Shared::Downloaded)),
                }
            });
        }
        None => done(browser::download(filename, text, "application/json").map(|_| Shared::Downloaded)),
    }
}

fn is_abort(e: &JsValue) -> bool {
    e.dyn_ref::<web_sys::DomException>().is_some_and(|d| d.name() == "AbortError")
}

/// Starts `navigator.share({files, title})` if the browser has it and says it can share this
/// file; `None` otherwise (feature-detected, never assumed).
fn share_promise(filename: &str, title: &str, text: &str) -> Option<js_sys::Promise> {
    let navigator: JsValue = web_sys::window()?.navigator().into();
    let share =
        js_sys::Reflect::get(&navigator, &JsValue::from_str("share")).ok()?.dyn_into::<js_sys::Function>().ok()?;
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::FilePropertyBag::new();
    options.set_type("application/json");
    let file = web_sys::File::new_with_str_sequence_and_options(&parts, filename, &options).ok()?;
    let data = js_sys::Object::new();
    js_sys::Reflect::set(&data, &JsValue::from_str("files"), &js_sys::Array::of1(&file)).ok()?;
    js_sys::Reflect::set(&data, &JsValue::from_str("title"), &JsValue::from_str(title)).ok()?;
    if let Ok(can_share) = js_sys::Reflect::get(&navigator, &JsValue::from_str("canShare")) {
        if let Some(can_share) = can_share.dyn_ref::<js_sys::Function>() {
            if !can_share.call1(&navigator, &data).ok()?.is_truthy() {
                return None;
            }
        } else {
            // Sharing without canShare cannot be asked about files: download instead.
            return None;
        }
    }
    share.call1(&navigator, &data).ok()?.dyn_into::<js_sys::Promise>().ok()
}

/// A time as the device shows it, e.g. "1 Dec 2026, 19:40".
pub fn local_time(ms: f64) -> String {
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let d = js_sys::Date::new(&JsValue::from_f64(ms));
    if d.get_time().is_nan() {
        return "unknown".into();
    }
    let month = MONTHS.get(d.get_month() as usize).copied().unwrap_or("");
    format!("{} {} {}, {:02}:{:02}", d.get_date(), month, d.get_full_year(), d.get_hours(), d.get_minutes())
}

/// Opens the browser's print dialog.
pub fn print() {
    if let Some(w) = web_sys::window() {
        let _ = w.print();
    }
}

/// A file name's stem from a game's name: lower-case letters, digits and dashes, at most 40.
pub fn file_stem(name: &str) -> String {
    let mut stem: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
    while stem.contains("--") {
        stem = stem.replace("--", "-");
    }
    let stem: String = stem.trim_matches('-').chars().take(40).collect();
    if stem.is_empty() { "game".into() } else { stem }
}

#[cfg(test)]
mod tests {
    use super::file_stem;

    #[test]
    fn file_names_are_plain() {
        assert_eq!(file_stem("Demo: McPherson's Ridge, 1 July 1863"), "demo-mcpherson-s-ridge-1-july-1863");
        assert_eq!(file_stem("<>"), "game");
    }
}
