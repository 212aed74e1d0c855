//! The browser at the edge of the app: local storage, the storage event, page hiding, file
//! downloads, the crash screen, themes and the service worker's update signal.
//!
//! Every call here tolerates the browser refusing: nothing a page or its storage does can
//! panic the app from this module.

use crate::doc::LAYOUT;
use companion_core::persist::{KeyValueStore, StoreError};
use companion_core::settings::Theme;
use leptos::prelude::*;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;
use wasm_bindgen::{JsCast, JsValue};

thread_local! {
    /// The last document written or loaded, for the crash screen's export.
    static SNAPSHOT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Local storage as the app's [`KeyValueStore`].
pub struct BrowserStore(web_sys::Storage);

fn describe(e: &JsValue) -> String {
    e.dyn_ref::<web_sys::DomException>()
        .map(|d| format!("{}: {}", d.name(), d.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "the browser refused".to_string())
}

fn is_quota(e: &JsValue) -> bool {
    e.dyn_ref::<web_sys::DomException>()
        .map(|d| d.name() == "QuotaExceededError" || d.code() == 22 || d.name() == "NS_ERROR_DOM_QUOTA_REACHED")
        .unwrap_or(false)
}

impl KeyValueStore for BrowserStore {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.0.get_item(key).map_err(|e| StoreError::Unavailable(describe(&e)))
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.0
            .set_item(key, value)
            .map_err(|e| if is_quota(&e) { StoreError::Full } else { StoreError::Unavailable(describe(&e)) })
    }
}

/// Local storage, or `None` when the browser gives none (private browsing, storage disabled,
/// or access throws).
pub fn local_storage() -> Option<BrowserStore> {
    let window = web_sys::window()?;
    match window.local_storage() {
        Ok(Some(storage)) => Some(BrowserStore(storage)),
        _ => None,
    }
}

/// The raw stored document, if it can be read.
pub fn local_storage_raw() -> Option<String> {
    local_storage().and_then(|s| s.get(LAYOUT.key).ok().flatten())
}

/// A random identifier for games and tabs.
pub fn new_id() -> String {
    let a = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let b = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    format!("{:08x}{:08x}", a, b)
}

/// The device clock, in milliseconds since the Unix epoch.
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// Records the document the crash screen would export.
pub fn set_snapshot(text: String) {
    SNAPSHOT.with(|s| {
        if let Ok(mut s) = s.try_borrow_mut() {
            *s = text;
        }
    });
}

/// Calls `f` with the new value whenever another tab writes `key`.
pub fn on_storage_change(key: &'static str, f: impl Fn(Option<String>) + 'static) {
    let handle = window_event_listener(leptos::ev::storage, move |e: web_sys::StorageEvent| {
        if e.key().as_deref() == Some(key) {
            f(e.new_value());
        }
    });
    // The shell lives as long as the page.
    std::mem::forget(handle);
}

/// Calls `f` when the page is hidden (screen locked, tab switched, app closed), so that
/// nothing is lost when the browser freezes or discards it.
pub fn on_page_hidden(f: impl Fn() + Clone + 'static) {
    let g = f.clone();
    let h1 = window_event_listener_untyped("visibilitychange", move |_| {
        let hidden = web_sys::window()
            .and_then(|w| w.document())
            .map(|d| d.visibility_state() == web_sys::VisibilityState::Hidden)
            .unwrap_or(false);
        if hidden {
            g();
        }
    });
    let h2 = window_event_listener_untyped("pagehide", move |_| f());
    std::mem::forget(h1);
    std::mem::forget(h2);
}

/// Offers `text` as a file download named `filename`.
pub fn download(filename: &str, text: &str, mime: &str) -> Result<(), String> {
    let url = blob_url(text, mime).ok_or("the browser could not prepare the file")?;
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement =
        document.create_element("a").map_err(|e| describe(&e))?.dyn_into().map_err(|_| "no link")?;
    a.set_href(&url);
    a.set_download(filename);
    a.set_class_name("hidden");
    if let Some(body) = document.body() {
        let _ = body.append_child(&a);
        a.click();
        let _ = body.remove_child(&a);
    }
    // The URL is kept: revoking it at once can cancel the download in some browsers.
    Ok(())
}

/// Reads the file chosen in a file input as text, refusing one larger than `max_bytes` before
/// reading it. `done` gets the file's name and text, or what went wrong.
pub fn read_chosen_file(
    input: &web_sys::HtmlInputElement,
    max_bytes: usize,
    done: impl FnOnce(Result<(String, String), String>) + 'static,
) {
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return done(Err("No file was chosen.".into()));
    };
    let name = file.name();
    if file.size() > max_bytes as f64 {
        return done(Err(format!(
            "\"{name}\" is too large ({} KB; at most {} KB).",
            (file.size() / 1024.0).ceil(),
            max_bytes / 1024
        )));
    }
    let reader = match web_sys::FileReader::new() {
        Ok(r) => r,
        Err(e) => return done(Err(describe(&e))),
    };
    let done =
        std::rc::Rc::new(RefCell::new(Some(Box::new(done) as Box<dyn FnOnce(Result<(String, String), String>)>)));
    let finish = {
        let done = done.clone();
        move |result| {
            if let Some(f) = done.borrow_mut().take() {
                f(result);
            }
        }
    };
    let finish_error = finish.clone();
    let loaded = reader.clone();
    let onload = wasm_bindgen::closure::Closure::once_into_js(move || {
        let text = loaded.result().ok().and_then(|v| v.as_string());
        finish(text.map(|t| (name, t)).ok_or_else(|| "the file could not be read as text".to_string()));
    });
    let onerror = wasm_bindgen::closure::Closure::once_into_js(move || {
        finish_error(Err("the browser could not read the file".to_string()));
    });
    reader.set_onload(Some(onload.unchecked_ref()));
    reader.set_onerror(Some(onerror.unchecked_ref()));
    if let Err(e) = reader.read_as_text(&file)
        && let Some(f) = done.borrow_mut().take()
    {
        f(Err(describe(&e)));
    }
}

fn blob_url(text: &str, mime: &str) -> Option<String> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
    web_sys::Url::create_object_url_with_blob(&blob).ok()
}

/// A file name with the date, e.g. `johnny-reb-game-2026-12-01.json`.
pub fn dated_filename(stem: &str) -> String {
    let date = js_sys::Date::new_0();
    format!("{stem}-{:04}-{:02}-{:02}.json", date.get_full_year(), date.get_month() + 1, date.get_date())
}

/// Shows the theme on `<html data-theme>`; "Follow device" removes it so CSS follows
/// `prefers-color-scheme`.
pub fn apply_theme(theme: Theme) {
    let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) else {
        return;
    };
    let _ = match theme.attribute() {
        Some(value) => root.set_attribute("data-theme", value),
        None => root.remove_attribute("data-theme"),
    };
}

/// How long a page that draws no frame (opened hidden) waits before [`after_first_frame`]'s
/// work runs anyway; public/pwa.js waits as long before registering the service worker.
const HIDDEN_PAGE_WAIT: Duration = Duration::from_millis(250);

/// Runs `f` once the first frame is drawn: what the players need not see in it (the storage
/// listeners, the notices, the crash screen's copy of the game) waits, so that the navigation
/// is on screen sooner (issue 15: each piece of the start-up costs V8 the compilation of its
/// functions on their first call). A hidden page draws no frame: a timeout runs `f` instead,
/// whichever comes first.
pub fn after_first_frame(f: impl FnOnce() + 'static) {
    type Once = Rc<Cell<Option<Box<dyn FnOnce()>>>>;
    let once: Once = Rc::new(Cell::new(Some(Box::new(f))));
    let run = |once: &Once| {
        if let Some(f) = once.take() {
            f();
        }
    };
    let by_frame = once.clone();
    request_animation_frame(move || set_timeout(move || run(&by_frame), Duration::ZERO));
    set_timeout(move || run(&once), HIDDEN_PAGE_WAIT);
}

/// Marks the shell as rendered (for the start-up measurement and the tests).
pub fn mark_started() {
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("data-started", "true");
    }
    if let Some(perf) = web_sys::window().and_then(|w| w.performance()) {
        let _ = perf.mark("jr-shell-rendered");
    }
}

/// Where the document's save stands, on `<html data-save>`: "saving" from the change that
/// calls for a save, then "saved" or "not-saved". Set at once, not on the next render, so that
/// whoever looks right after a tap (the end-to-end tests) sees the change already pending.
pub fn set_save_state(state: &str) {
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("data-save", state);
    }
}

/// Calls `f` once a new version of the app is installed and waiting (public/pwa.js).
pub fn on_update_ready(f: impl Fn() + 'static) {
    let ready = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &JsValue::from_str("jrUpdateReady")).ok())
        .map(|v| v.is_truthy())
        .unwrap_or(false);
    if ready {
        f();
    }
    let handle = window_event_listener_untyped("jr-update-ready", move |_| f());
    std::mem::forget(handle);
}

/// Asks the waiting version to take over; public/pwa.js reloads the page when it has.
pub fn apply_update() {
    if let (Some(w), Ok(e)) = (web_sys::window(), web_sys::Event::new("jr-apply-update")) {
        let _ = w.dispatch_event(&e);
    }
}

/// Replaces a dead app with a clear screen that still lets the players export their game.
pub fn install_panic_screen() {
    std::panic::set_hook(Box::new(|info| {
        let message = info.to_string();
        web_sys::console::error_1(&JsValue::from_str(&message));
        show_crash_screen(&message);
    }));
}

fn show_crash_screen(message: &str) -> Option<()> {
    let document = web_sys::window()?.document()?;
    let body = document.body()?;
    let snapshot = SNAPSHOT.with(|s| s.try_borrow().map(|s| s.clone()).unwrap_or_default());
    let game = if snapshot.is_empty() { local_storage_raw().unwrap_or_default() } else { snapshot };

    let el = |tag: &str, text: &str| -> Option<web_sys::Element> {
        let e = document.create_element(tag).ok()?;
        e.set_text_content(Some(text));
        Some(e)
    };
    body.set_text_content(None);
    let screen = document.create_element("div").ok()?;
    screen.set_class_name("crash");
    screen.set_attribute("role", "alert").ok()?;
    let h1 = el("h1", "The app hit an error and stopped")?;
    screen.append_child(&h1).ok()?;
    let p = el(
        "p",
        "Your game up to the last change is kept on this device. Export it to keep a copy, \
         then reload the app.",
    )?;
    screen.append_child(&p).ok()?;
    if let Some(url) = blob_url(&game, "application/json") {
        let a = el("a", "Export the current game")?;
        a.set_attribute("href", &url).ok()?;
        a.set_attribute("download", &dated_filename("johnny-reb-game")).ok()?;
        a.set_class_name("button primary");
        screen.append_child(&a).ok()?;
    }
    let reload = el("a", "Reload the app")?;
    reload.set_attribute("href", "./").ok()?;
    // A real page load: the router's click handler lives in the dead wasm.
    reload.set_attribute("rel", "external").ok()?;
    reload.set_class_name("button");
    screen.append_child(&reload).ok()?;
    let details = el("details", "")?;
    let summary = el("summary", "Technical details")?;
    details.append_child(&summary).ok()?;
    let pre = el("pre", message)?;
    details.append_child(&pre).ok()?;
    screen.append_child(&details).ok()?;
    body.append_child(&screen).ok()?;
    Some(())
}
