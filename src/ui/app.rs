//! The shell: the current area above a bottom navigation bar that reaches every area.

use crate::ui::banners::Banners;
use crate::ui::browser;
use crate::ui::lazy::lazy_screen;
use crate::ui::store::Store;
use crate::ui::{game, games, orders, print, resolve, roster, settings, tables};
use leptos::prelude::*;
use crate::ui::router::{provide_router, Location, NavLink};

/// One entry of the bottom navigation bar.
struct Area {
    href: &'static str,
    label: &'static str,
    /// A letter-free glyph beside the label; the label alone carries the meaning.
    icon: &'static str,
}

const AREAS: [Area; 6] = [
    Area { href: "/", label: "Game", icon: "⚑" },
    Area { href: "/orders", label: "Orders", icon: "✎" },
    Area { href: "/roster", label: "Roster", icon: "☰" },
    Area { href: "/resolve", label: "Resolve", icon: "⚄" },
    Area { href: "/tables", label: "Tables", icon: "▦" },
    Area { href: "/settings", label: "Settings", icon: "⚙" },
];

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    let store = Store::load();
    provide_context(store);
    Effect::new(move |_| browser::apply_theme(store.settings.get().theme));

    let location = provide_router();

    view! {
        <div class="shell">
            <Banners/>
            <main id="main" class="area">
                // The whole location (path and query) picks the screen, so a resolver opened
                // for another unit starts afresh from its query.
                {move || screen(&location.location())}
            </main>
            <nav class="bottom-nav" aria-label="Main">
                {AREAS
                    .iter()
                    .map(|area| {
                        view! {
                            <NavLink href=area.href exact={area.href == "/"}>
                                <span class="nav-icon" aria-hidden="true">{area.icon}</span>
                                <span class="nav-label">{area.label}</span>
                            </NavLink>
                        }
                    })
                    .collect_view()}
            </nav>
        </div>
    }
    .into_any()
}

/// The screen for an address. The Game area comes with the shell; every other screen is
/// loaded from its own wasm chunk on first visit (src/ui/lazy.rs). A new screen is one line:
/// `"/path" => lazy_screen!(chunk_name, view! { <area::Screen/> }),` with a chunk name of its
/// own.
fn screen(location: &Location) -> AnyView {
    match location.path.trim_end_matches('/') {
        "" => view! { <game::GameScreen/> }.into_any(),
        "/orders" => lazy_screen!(orders, view! { <orders::OrdersScreen/> }),
        "/roster" => lazy_screen!(roster, view! { <roster::RosterScreen/> }),
        "/resolve" => lazy_screen!(resolve_menu, view! { <resolve::ResolveScreen/> }),
        "/resolve/morale" => lazy_screen!(resolve_morale, view! { <resolve::MoraleScreen/> }),
        "/resolve/rally" => lazy_screen!(resolve_rally, view! { <resolve::RallyScreen/> }),
        "/resolve/officer" => lazy_screen!(resolve_officer, view! { <resolve::OfficerScreen/> }),
        "/resolve/fire" => lazy_screen!(resolve_fire, view! { <resolve::FireScreen/> }),
        "/resolve/rout" => lazy_screen!(resolve_rout, view! { <resolve::RoutScreen/> }),
        "/resolve/charge" => lazy_screen!(resolve_charge, view! { <resolve::ChargeScreen/> }),
        "/resolve/move" => lazy_screen!(resolve_move, view! { <resolve::MoveScreen/> }),
        "/resolve/rolls" => lazy_screen!(resolve_rolls, view! { <resolve::RollsScreen/> }),
        "/resolve/artillery" => lazy_screen!(resolve_artillery, view! { <resolve::ArtilleryScreen/> }),
        "/tables" => lazy_screen!(tables, view! { <tables::TablesScreen/> }),
        "/settings" => lazy_screen!(settings, view! { <settings::SettingsScreen/> }),
        "/games" => lazy_screen!(games, view! { <games::GamesScreen/> }),
        "/print" => lazy_screen!(print, view! { <print::PrintScreen/> }),
        _ => view! { <NotFound/> }.into_any(),
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
