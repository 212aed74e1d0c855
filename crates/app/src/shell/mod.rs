//! The shell every system shares: the app's frame and navigation, the stored document and its
//! saving, the saved games of every system, settings, banners, and the edge to the browser.
//! It renders the open game's system's areas and screens ([`crate::systems`]).

pub mod app;
pub mod banners;
pub mod browser;
pub mod games;
pub mod lazy;
pub mod router;
pub mod session;
pub mod settings;
pub mod store;

pub use app::App;

/// Starts the app: installs the crash screen, then mounts the shell on `<body>`.
pub fn start() {
    browser::install_panic_screen();
    leptos::mount::mount_to_body(App);
    browser::mark_started();
}
