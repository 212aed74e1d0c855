//! Component and storage tests in headless Chromium (wasm-bindgen-test):
//! `cargo test --target wasm32-unknown-unknown` (scripts/test runs it).
#![cfg(target_arch = "wasm32")]

use companion::doc::{AppDoc, LAYOUT, SavedGame};
use companion::shell::browser::{BrowserStore, local_storage};
use companion::systems::SystemId;
use companion_core::persist::{KeyValueStore, Loaded, Persistence, SaveOutcome, StorageNotice, StoreError};
use johnny_reb::Game;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn storage() -> BrowserStore {
    local_storage().expect("the test browser has local storage")
}

const DOC_KEY: &str = LAYOUT.key;
const DAMAGED_KEY: &str = LAYOUT.damaged_key;

fn game(id: &str, name: &str) -> SavedGame {
    SavedGame::of(SystemId::JohnnyReb, &Game::new(id, name)).unwrap()
}

/// The open game, read as Johnny Reb's screens read it.
fn open_game(doc: &AppDoc) -> Option<Game> {
    doc.current_game().and_then(SavedGame::deferred).and_then(|g| g.read().ok())
}

fn load(p: &mut Persistence<BrowserStore>, id: &str, name: &str) -> AppDoc {
    let loaded: Loaded<SavedGame, companion::doc::SystemsData> = p.load(|| game(id, name));
    loaded.doc
}

fn turn(doc: &AppDoc) -> u32 {
    open_game(doc).map(|g| g.turn).unwrap_or(0)
}

fn clear() {
    web_sys::window().unwrap().local_storage().unwrap().unwrap().clear().unwrap();
}

#[wasm_bindgen_test]
fn local_storage_round_trips_a_game() {
    clear();
    let mut p = Persistence::new(Some(storage()), "tab-test", &LAYOUT);
    let mut doc = load(&mut p, "g", "Chancellorsville");
    let mut g = open_game(&doc).unwrap();
    g.turn = 6;
    doc.put_game(SavedGame::of(SystemId::JohnnyReb, &g).unwrap());
    assert_eq!(p.save(&mut doc, false), SaveOutcome::Saved);
    let mut again = Persistence::new(Some(storage()), "tab-other", &LAYOUT);
    assert_eq!(turn(&load(&mut again, "x", "x")), 6);
}

#[wasm_bindgen_test]
fn a_full_local_storage_is_reported_as_full() {
    clear();
    // Chromium's quota is 5 MB per origin (UTF-16 counted); 6 M characters cannot fit.
    let huge = "x".repeat(6 * 1024 * 1024);
    assert_eq!(storage().set("johnny-reb.test-huge", &huge), Err(StoreError::Full));
    clear();
}

#[wasm_bindgen_test]
fn damaged_data_in_local_storage_is_kept_aside() {
    clear();
    storage().set(DOC_KEY, "{\"schema\":1,").unwrap();
    let mut p = Persistence::new(Some(storage()), "tab-test", &LAYOUT);
    let loaded: Loaded<SavedGame, companion::doc::SystemsData> = p.load(|| game("g", "Fresh"));
    assert!(matches!(loaded.notice, Some(StorageNotice::Damaged { kept: true, .. })));
    assert_eq!(storage().get(DAMAGED_KEY).unwrap().as_deref(), Some("{\"schema\":1,"));
    assert_eq!(companion_core::doc::StoredGame::name(loaded.doc.current_game().unwrap()), "Fresh");
    clear();
}

fn body() -> web_sys::HtmlElement {
    web_sys::window().unwrap().document().unwrap().body().unwrap()
}

async fn next_frame() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window().unwrap().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 20).unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

#[wasm_bindgen_test]
async fn the_shell_shows_six_areas_and_the_tracker_moves_on() {
    clear();
    let container = web_sys::window().unwrap().document().unwrap().create_element("div").unwrap();
    body().append_child(&container).unwrap();
    let handle = leptos::mount::mount_to(container.clone().unchecked_into(), companion::shell::App);
    next_frame().await;

    let labels: Vec<String> = {
        let links = container.query_selector_all("nav[aria-label=Main] a").unwrap();
        (0..links.length()).map(|i| links.item(i).unwrap().text_content().unwrap_or_default()).collect()
    };
    for area in ["Game", "Orders", "Roster", "Resolve", "Tables", "Settings"] {
        assert!(labels.iter().any(|l| l.contains(area)), "{area} missing from {labels:?}");
    }

    let text = || container.text_content().unwrap_or_default();
    assert!(text().contains("Phase 1 of 8: Mark Orders"), "{}", text());
    // An empty game shows its ways in first ("Open the demo game"): the tracker's button is
    // found by its words.
    assert!(text().contains("Start here"), "{}", text());
    let buttons = container.query_selector_all("button.big").unwrap();
    let next = (0..buttons.length())
        .filter_map(|i| buttons.item(i))
        .find(|b| b.text_content().is_some_and(|t| t.trim() == "Next phase"))
        .unwrap();
    next.unchecked_ref::<web_sys::HtmlElement>().click();
    next_frame().await;
    assert!(text().contains("Phase 2 of 8: Routs and Rallies"), "{}", text());
    drop(handle);
    clear();
}
