//! The views. They render the state of [`store::Store`] and send it commands; they hold no game
//! logic of their own.

pub mod app;
pub mod banners;
pub mod browser;
pub mod game;
pub mod games;
pub mod lazy;
pub mod orders;
pub mod print;
pub mod resolve;
pub mod roster;
pub mod router;
pub mod settings;
pub mod store;
pub mod tables;

pub use app::App;

/// Starts the app: installs the crash screen, then mounts the shell on `<body>`.
pub fn start() {
    browser::install_panic_screen();
    leptos::mount::mount_to_body(App);
    browser::mark_started();
}
