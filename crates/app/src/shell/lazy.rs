//! Screens loaded on first visit, each from its own wasm chunk, so that the first render needs
//! only the shell (issues 2 and 15); every system's Game area is such a screen too.
//!
//! A lazy screen is one line in `app.rs`'s `screen()`:
//!
//! ```ignore
//! "/orders" => lazy_screen!(jr_orders, view! { <orders::OrdersScreen/> }),
//! ```
//!
//! The first argument names the chunk; every lazy screen has its own name (a name used twice
//! puts both screens in one chunk). The second is any view. The release build
//! (scripts/build.mjs) cuts the wasm at each such point: what only that screen uses goes into
//! its chunk, what several screens use into shared chunks, fetched together the first time one
//! of them is shown. Shared code is grouped by the names' prefix up to the first `_` (`jr_`,
//! `fc_`, `lob_`, `shell_`): one chunk for what a system's screens share, one for each set of
//! systems sharing code, so a screen fetches a few chunks, not hundreds
//! (tools/wasm-split-cli-support). A new screen's chunk name starts with its system's prefix. The service worker caches every chunk at install, so every screen works
//! offline after the first visit. Natively (tests) and in an unsplit build the screen is
//! simply there.

use leptos::prelude::*;
use std::future::Future;
use std::pin::Pin;

/// What a chunk hands back once loaded: the function that builds its screen. A plain function
/// pointer, so the loaded state is `Copy` and the view is built afresh on each render.
pub type Build = fn() -> AnyView;

/// The error of a chunk that could not be fetched (offline before the service worker had
/// cached it, or a server gone); re-exported for `lazy_screen!`.
pub use wasm_split_helpers::SplitLoaderError;

/// Fetches a screen's chunk (once; later calls find it loaded) and hands back its [`Build`].
/// Boxed, so that [`lazy_view`] is one function for every screen: generic over each screen's
/// loader, it was 49 copies of the same views in the main module (about 80 KB of its code,
/// compiled before every first render).
pub type Load = fn() -> Pin<Box<dyn Future<Output = Result<Build, SplitLoaderError>>>>;

/// A screen from its own wasm chunk; see the module documentation.
#[cfg(all(feature = "split", target_arch = "wasm32"))]
macro_rules! lazy_screen {
    ($chunk:ident, $view:expr) => {{
        #[wasm_split_helpers::wasm_split($chunk, fallible)]
        fn $chunk() -> Result<$crate::shell::lazy::Build, $crate::shell::lazy::SplitLoaderError> {
            Ok(|| leptos::prelude::IntoAny::into_any($view))
        }
        $crate::shell::lazy::lazy_view(|| Box::pin($chunk()))
    }};
}

/// The screen itself: natively and in a build without split points, every screen is in the
/// one module.
#[cfg(not(all(feature = "split", target_arch = "wasm32")))]
macro_rules! lazy_screen {
    ($chunk:ident, $view:expr) => {{ leptos::prelude::IntoAny::into_any($view) }};
}
pub(crate) use lazy_screen;

#[derive(Clone, Copy)]
enum Loading {
    Pending,
    Ready(Build),
    Failed,
}

/// Shows "Loading…" while `load` fetches the chunk, then the screen it builds; if the chunk
/// cannot be fetched, says so and offers to try again (a failed load is not remembered).
#[cfg_attr(not(all(feature = "split", target_arch = "wasm32")), allow(dead_code))]
pub fn lazy_view(load: Load) -> AnyView {
    let state = RwSignal::new(Loading::Pending);
    let start = move || {
        state.set(Loading::Pending);
        leptos::task::spawn_local(async move {
            let next = match load().await {
                Ok(build) => Loading::Ready(build),
                Err(_) => Loading::Failed,
            };
            // The screen may have been left before its chunk arrived.
            let _ = state.try_set(next);
        });
    };
    start();
    (move || match state.get() {
        Loading::Pending => view! {
            <section class="screen">
                <p class="loading" role="status">"Loading…"</p>
            </section>
        }
        .into_any(),
        Loading::Ready(build) => build(),
        Loading::Failed => view! {
            <section class="screen">
                <div class="banner warning" role="alert">
                    <p>"This screen could not be loaded. It is fetched the first time it is opened; check the connection, then try again."</p>
                    <div class="actions">
                        <button class="button primary" on:click=move |_| start()>"Try again"</button>
                    </div>
                </div>
            </section>
        }
        .into_any(),
    })
    .into_any()
}
