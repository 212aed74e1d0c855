//! The shell: the current area above a bottom navigation bar that reaches every area.

use crate::ui::banners::Banners;
use crate::ui::browser;
use crate::ui::store::Store;
use crate::ui::{game, games, orders, print, resolve, roster, settings, tables};
use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes, A};
use leptos_router::path;

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
    // The morale checks due outlive a change of screen (4.4.2).
    provide_context(resolve::queue::Queue::new());
    Effect::new(move |_| browser::apply_theme(store.settings.get().theme));

    view! {
        <Router>
            <div class="shell">
                <Banners/>
                <main id="main" class="area">
                    <Routes fallback=|| view! { <NotFound/> }>
                        <Route path=path!("") view=game::GameScreen/>
                        <Route path=path!("orders") view=orders::OrdersScreen/>
                        <Route path=path!("roster") view=roster::RosterScreen/>
                        <Route path=path!("resolve") view=resolve::ResolveScreen/>
                        <Route path=path!("resolve/morale") view=resolve::MoraleScreen/>
                        <Route path=path!("resolve/rally") view=resolve::RallyScreen/>
                        <Route path=path!("resolve/officer") view=resolve::OfficerScreen/>
                        <Route path=path!("resolve/fire") view=resolve::FireScreen/>
                        <Route path=path!("resolve/charge") view=|| view! { <resolve::NotBuilt route="charge"/> }/>
                        <Route path=path!("resolve/move") view=|| view! { <resolve::NotBuilt route="move"/> }/>
                        <Route path=path!("resolve/rout") view=resolve::RoutScreen/>
                        <Route path=path!("resolve/artillery") view=|| view! { <resolve::NotBuilt route="artillery"/> }/>
                        <Route path=path!("tables") view=tables::TablesScreen/>
                        <Route path=path!("settings") view=settings::SettingsScreen/>
                        <Route path=path!("games") view=games::GamesScreen/>
                        <Route path=path!("print") view=print::PrintScreen/>
                    </Routes>
                </main>
                <nav class="bottom-nav" aria-label="Main">
                    {AREAS
                        .iter()
                        .map(|area| {
                            view! {
                                <A href=area.href exact=true>
                                    <span class="nav-icon" aria-hidden="true">{area.icon}</span>
                                    <span class="nav-label">{area.label}</span>
                                </A>
                            }
                        })
                        .collect_view()}
                </nav>
            </div>
        </Router>
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
