//! The shell: the current area above a bottom navigation bar that reaches every area of the
//! open game's system.

use crate::shell::banners::{Banners, SaveState};
use crate::shell::browser;
use crate::shell::lazy::lazy_screen;
use crate::shell::router::{Location, is_current, provide_router};
use crate::shell::store::Store;
use crate::shell::{games, settings};
use crate::systems::{Area, SystemId, field_commander, johnny_reb, line_of_battle};
use leptos::prelude::*;

/// The bottom bar's areas of the open game's system.
fn areas(system: SystemId) -> &'static [Area] {
    match system {
        SystemId::JohnnyReb => &johnny_reb::AREAS,
        SystemId::LineOfBattle => &line_of_battle::AREAS,
        SystemId::FieldCommander => &field_commander::AREAS,
    }
}

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    // The first frame holds the navigation alone, what a player reaches for first; the
    // current area, the notices and the save state follow at once (issue 15: they were 35 ms
    // of a start-up of 75 at 4x, most of it V8 compiling their functions on first call). The
    // area's chunk was fetched only after that frame before, so its screen comes no later;
    // the notices have nothing to say before it but a storage problem, shown a frame later.
    // Asked for before the store's own deferred work, so that the area's chunk is asked for
    // first.
    let first_frame_drawn = RwSignal::new(false);
    browser::after_first_frame(move || first_frame_drawn.set(true));
    let store = Store::load();
    provide_context(store);
    crate::shell::session::remember_root();

    let location = provide_router();
    // One path for every link of the bottom bar to compare with (issue 15: a memo each cost
    // the first render).
    let path = Memo::new(move |_| location.location().path);

    view! {
        <div class="shell">
            {move || first_frame_drawn.get().then(notices)}
            <main id="main" class="area">
                // The whole location (path and query) picks the screen, so a resolver opened
                // for another unit starts afresh from its query.
                {move || {
                    let location = location.location();
                    first_frame_drawn.get().then(|| screen(store, &location))
                }}
            </main>
            <nav class="bottom-nav" aria-label="Main">
                {move || {
                    areas(store.system.get()).iter().map(|area| nav_link(area, path)).collect_view()
                }}
            </nav>
        </div>
    }
    .into_any()
}

/// A link of the bottom bar, marked `aria-current="page"` while its area is shown.
fn nav_link(area: &'static Area, path: Memo<String>) -> impl IntoView {
    let href = area.href;
    view! {
        <a href=href aria-current=move || path.with(|p| is_current(p, href)).then_some("page")>
            <span class="nav-icon" aria-hidden="true">{area.icon}</span>
            <span class="nav-label">{area.label}</span>
        </a>
    }
}

/// The banners above the current area and the save state under them. Not inlined, so that
/// the first render's closure does not carry (and V8 compile) their views.
#[inline(never)]
fn notices() -> AnyView {
    view! {
        <Banners/>
        <SaveState/>
    }
    .into_any()
}

/// The screen for an address: the shell's own (saved games, settings), or the open game's
/// system's. Every screen but the Game area is loaded from its own wasm chunk on first visit
/// ([`crate::shell::lazy`]).
///
/// The system is read only for a system's screen: opening another system's game from Saved
/// games keeps that screen (and what it says about the change) in place.
fn screen(store: Store, location: &Location) -> AnyView {
    let path = location.path.trim_end_matches('/');
    match path {
        "/settings" => lazy_screen!(shell_settings, view! { <settings::SettingsScreen/> }),
        "/games" => lazy_screen!(shell_games, view! { <games::GamesScreen/> }),
        _ => match store.system.get() {
            SystemId::JohnnyReb => johnny_reb::screen(path),
            SystemId::LineOfBattle => {
                // Another game opened (or shown from another tab): its screens read it afresh.
                store.opened.track();
                line_of_battle::screen(path)
            }
            SystemId::FieldCommander => {
                // Another game opened (or shown from another tab): its screens read it afresh.
                store.opened.track();
                field_commander::screen(path)
            }
        }
        .unwrap_or_else(|| view! { <NotFound/> }.into_any()),
    }
}

#[component]
fn NotFound() -> impl IntoView {
    view! {
        <section class="screen">
            <h1>"Page not found"</h1>
            <p>"This address is not part of the app. Use the buttons below to choose an area."</p>
        </section>
    }
}
