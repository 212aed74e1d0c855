//! The shell: the current area above a bottom navigation bar that reaches every area.

use crate::ui::banners::Banners;
use crate::ui::browser;
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

/// The screen for an address.
fn screen(location: &Location) -> AnyView {
    match location.path.trim_end_matches('/') {
        "" => view! { <game::GameScreen/> }.into_any(),
        "/orders" => view! { <orders::OrdersScreen/> }.into_any(),
        "/roster" => view! { <roster::RosterScreen/> }.into_any(),
        "/resolve" => view! { <resolve::ResolveScreen/> }.into_any(),
        "/resolve/morale" => view! { <resolve::MoraleScreen/> }.into_any(),
        "/resolve/rally" => view! { <resolve::RallyScreen/> }.into_any(),
        "/resolve/officer" => view! { <resolve::OfficerScreen/> }.into_any(),
        "/resolve/fire" => view! { <resolve::FireScreen/> }.into_any(),
        "/resolve/rout" => view! { <resolve::RoutScreen/> }.into_any(),
        "/resolve/charge" => view! { <resolve::ChargeScreen/> }.into_any(),
        "/resolve/move" => view! { <resolve::NotBuilt route="move"/> }.into_any(),
        "/resolve/artillery" => view! { <resolve::ArtilleryScreen/> }.into_any(),
        "/tables" => view! { <tables::TablesScreen/> }.into_any(),
        "/settings" => view! { <settings::SettingsScreen/> }.into_any(),
        "/games" => view! { <games::GamesScreen/> }.into_any(),
        "/print" => view! { <print::PrintScreen/> }.into_any(),
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
