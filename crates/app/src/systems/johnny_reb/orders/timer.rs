//! The marking timer of phase one (1.1.1): large digits computed from the stored deadline
//! (never from a counter, so a locked screen or a reload loses nothing), the screen kept awake
//! while it runs, and at zero a vibration, a sound and a visible "Time is up".
//!
//! The Screen Wake Lock, vibration and Web Audio are reached through `js_sys::Reflect`: where a
//! browser lacks one, nothing happens and nothing is logged.

use crate::shell::browser;
use crate::systems::johnny_reb::store::use_store;
use johnny_reb::state::command::Command;
use johnny_reb::state::orders::{MarkingTimer, OrdersCommand, clock};
use js_sys::{Array, Function, Promise, Reflect};
use leptos::prelude::*;
use std::cell::RefCell;
use std::time::Duration;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

thread_local! {
    /// The AudioContext, created in a tap so that mobile browsers let it sound.
    static AUDIO: RefCell<Option<JsValue>> = const { RefCell::new(None) };
    /// The held wake lock, to release when the timer stops.
    static WAKE_LOCK: RefCell<Option<JsValue>> = const { RefCell::new(None) };
    /// Whether the running timer wants the screen kept awake.
    static WANT_AWAKE: RefCell<bool> = const { RefCell::new(false) };
    /// Swallows a refused promise (no wake lock, audio not allowed) without a console error.
    static IGNORE: Closure<dyn FnMut(JsValue)> = Closure::new(|_: JsValue| {});
    /// Keeps the wake lock sentinel once granted.
    static KEEP_LOCK: Closure<dyn FnMut(JsValue)> = Closure::new(|lock: JsValue| {
        WAKE_LOCK.with(|w| *w.borrow_mut() = Some(lock));
    });
}

fn get(obj: &JsValue, name: &str) -> Option<JsValue> {
    Reflect::get(obj, &JsValue::from_str(name)).ok().filter(|v| !v.is_undefined() && !v.is_null())
}

fn call(obj: &JsValue, name: &str, args: &[JsValue]) -> Option<JsValue> {
    let f = get(obj, name)?.dyn_into::<Function>().ok()?;
    let list: Array = args.iter().collect();
    f.apply(obj, &list).ok()
}

fn quiet(p: Option<JsValue>) {
    if let Some(p) = p.and_then(|p| p.dyn_into::<Promise>().ok()) {
        IGNORE.with(|c| {
            let _ = p.catch(c);
        });
    }
}

fn navigator() -> Option<JsValue> {
    web_sys::window().map(|w| JsValue::from(w.navigator()))
}

/// Creates (or resumes) the AudioContext; call it from a tap.
pub fn unlock_audio() {
    AUDIO.with(|a| {
        let mut a = a.borrow_mut();
        if a.is_none() {
            let Some(window) = web_sys::window().map(JsValue::from) else { return };
            let ctor = get(&window, "AudioContext").or_else(|| get(&window, "webkitAudioContext"));
            if let Some(ctor) = ctor.and_then(|c| c.dyn_into::<Function>().ok()) {
                *a = Reflect::construct(&ctor, &Array::new()).ok();
            }
        }
        if let Some(ctx) = a.as_ref()
            && get(ctx, "state").and_then(|s| s.as_string()).as_deref() == Some("suspended")
        {
            quiet(call(ctx, "resume", &[]));
        }
    });
}

/// A short tone, if the AudioContext was created in a tap.
fn beep() {
    AUDIO.with(|a| {
        let Some(ctx) = a.borrow().clone() else { return };
        let (Some(osc), Some(gain), Some(dest)) =
            (call(&ctx, "createOscillator", &[]), call(&ctx, "createGain", &[]), get(&ctx, "destination"))
        else {
            return;
        };
        if let Some(freq) = get(&osc, "frequency") {
            let _ = Reflect::set(&freq, &"value".into(), &JsValue::from_f64(880.0));
        }
        if let Some(g) = get(&gain, "gain") {
            let _ = Reflect::set(&g, &"value".into(), &JsValue::from_f64(0.3));
        }
        call(&osc, "connect", std::slice::from_ref(&gain));
        call(&gain, "connect", &[dest]);
        let now = get(&ctx, "currentTime").and_then(|t| t.as_f64()).unwrap_or(0.0);
        call(&osc, "start", &[JsValue::from_f64(now)]);
        call(&osc, "stop", &[JsValue::from_f64(now + 0.8)]);
    });
}

/// Vibrates where the device can and the page has been tapped.
fn vibrate() {
    let Some(nav) = navigator() else { return };
    let tapped = get(&nav, "userActivation").and_then(|u| get(&u, "hasBeenActive")).and_then(|v| v.as_bool());
    if tapped == Some(true) {
        let pattern: Array = [300.0, 150.0, 300.0].iter().map(|v| JsValue::from_f64(*v)).collect();
        call(&nav, "vibrate", &[pattern.into()]);
    }
}

fn request_wake_lock() {
    let Some(lock) = navigator().and_then(|n| get(&n, "wakeLock")) else { return };
    if let Some(p) = call(&lock, "request", &[JsValue::from_str("screen")]).and_then(|p| p.dyn_into::<Promise>().ok()) {
        KEEP_LOCK.with(|keep| {
            IGNORE.with(|ignore| {
                let _ = p.then(keep).catch(ignore);
            })
        });
    }
}

fn release_wake_lock() {
    WANT_AWAKE.with(|w| *w.borrow_mut() = false);
    if let Some(lock) = WAKE_LOCK.with(|w| w.borrow_mut().take()) {
        quiet(call(&lock, "release", &[]));
    }
}

/// Keeps the screen awake while `WANT_AWAKE`; a wake lock is dropped when the page is hidden,
/// so it is taken again when the page is visible (Screen Wake Lock).
fn keep_awake() {
    WANT_AWAKE.with(|w| *w.borrow_mut() = true);
    request_wake_lock();
    thread_local! { static LISTENING: RefCell<bool> = const { RefCell::new(false) }; }
    if !LISTENING.with(|l| l.replace(true)) {
        let handle = window_event_listener_untyped("visibilitychange", |_| {
            let visible = web_sys::window()
                .and_then(|w| w.document())
                .map(|d| d.visibility_state() == web_sys::VisibilityState::Visible)
                .unwrap_or(false);
            if visible && WANT_AWAKE.with(|w| *w.borrow()) {
                request_wake_lock();
            }
        });
        std::mem::forget(handle);
    }
}

/// Whole seconds left, rounded up, never below zero.
pub fn seconds_left(deadline_ms: f64, now_ms: f64) -> u32 {
    let left = ((deadline_ms - now_ms) / 1000.0).ceil();
    if left <= 0.0 || !left.is_finite() { 0 } else { left.min(f64::from(u32::MAX)) as u32 }
}

/// The running timer: big digits, and at zero the alarm and [`OrdersCommand::TimeUp`].
#[component]
pub fn MarkingClock(timer: MarkingTimer, on_time_up: Callback<String>) -> impl IntoView {
    let store = use_store();
    let now = RwSignal::new(browser::now_ms());
    let deadline = timer.deadline_ms;
    let fired = StoredValue::new(false);
    keep_awake();
    let tick = move || {
        let t = browser::now_ms();
        now.try_set(t);
        if seconds_left(deadline, t) == 0 && fired.try_get_value() == Some(false) {
            fired.try_set_value(true);
            release_wake_lock();
            vibrate();
            beep();
            match store.dispatch(Command::Orders(OrdersCommand::TimeUp)) {
                Ok(out) => on_time_up.run(out.text),
                Err(e) => store.refuse(&e),
            }
        }
    };
    if let Ok(handle) = set_interval_with_handle(tick, Duration::from_millis(250)) {
        on_cleanup(move || {
            handle.clear();
            release_wake_lock();
        });
    }
    // Already past the deadline (opened after it ran out): act at once.
    request_animation_frame(tick);
    let left = move || seconds_left(deadline, now.get());

    view! {
        <div class="marking-clock" role="timer" aria-label="Time left to mark orders">
            <span class="clock-digits" aria-hidden="true">{move || clock(left())}</span>
            <span class="visually-hidden">{move || format!("{} left", clock(left()))}</span>
        </div>
    }
    .into_any()
}
