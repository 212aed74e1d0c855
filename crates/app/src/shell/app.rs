//! The shell: the current area above a bottom navigation bar that reaches every area of the
//! open game's system.

use crate::shell::banners::{Banners, SaveState};
use crate::shell::browser;
use crate::shell::lazy::lazy_screen;
use crate::shell::router::{Location, NavLink, provide_router};
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
    let store = Store::load();
    provide_context(store);
    crate::shell::session::remember_root();
    Effect::new(move |_| browser::apply_theme(store.settings.get().theme));

    let location = provide_router();

    view! {
        <div class="shell">
            <Banners/>
            <SaveState/>
            <main id="main" class="area">
                // The whole location (path and query) picks the screen, so a resolver opened
                // for another unit starts afresh from its query.
                {move || screen(store, &location.location())}
            </main>
            <nav class="bottom-nav" aria-label="Main">
                {move || {
                    areas(store.system.get())
                        .iter()
                        .map(|area| {
                            view! {
                                <NavLink href=area.href exact={area.href == "/"}>
                                    <span class="nav-icon" aria-hidden="true">{area.icon}</span>
                                    <span class="nav-label">{area.label}</span>
                                </NavLink>
                            }
                        })
                        .collect_view()
                }}
            </nav>
        </div>
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
