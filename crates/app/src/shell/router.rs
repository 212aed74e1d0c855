//! A small client-side router: the current path and query as a signal, same-origin link
//! clicks turned into history entries, and the back button followed.
//!
//! It replaces leptos_router, which cost about 90 KB of wasm before wasm-opt for features this app does not
//! use (nested routes, params, actions, forms); the wasm is most of the first load on a cheap
//! phone. Links stay plain `<a href>` elements, so they work with a screen reader, a long
//! press and "open in new tab".

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

/// Where the app is: the path (always starting with "/") and the query string without "?".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Location {
    /// E.g. "/resolve/morale".
    pub path: String,
    /// E.g. "unit=r-2wi".
    pub query: String,
}

impl Location {
    /// Splits an address into path and query (a fragment is dropped).
    pub fn parse(href: &str) -> Location {
        let href = href.split('#').next().unwrap_or_default();
        let (path, query) = href.split_once('?').unwrap_or((href, ""));
        let path = if path.is_empty() { "/".to_string() } else { path.to_string() };
        Location { path, query: query.to_string() }
    }

    /// The first value of `key` in the query, percent-decoded (the same as [`Location::query_value`]).
    pub fn get(&self, key: &str) -> Option<String> {
        self.query_value(key)
    }

    /// The first value of `key` in the query, percent-decoded.
    pub fn query_value(&self, key: &str) -> Option<String> {
        self.query.split('&').find_map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(k) == key).then(|| decode(v))
        })
    }
}

/// An address with its query: `address("/resolve/morale", &[("unit", "r-2wi")])` is
/// "/resolve/morale?unit=r-2wi". Every key and value is percent-encoded, so that whatever an id
/// holds ("&", "=", "+", "%", a space) comes back whole through [`Location::query_value`].
pub fn address(path: &str, query: &[(&str, &str)]) -> String {
    let mut out = path.to_string();
    for (i, (key, value)) in query.iter().enumerate() {
        out.push(if i == 0 { '?' } else { '&' });
        out.push_str(&encode(key));
        out.push('=');
        out.push_str(&encode(value));
    }
    out
}

/// Percent-encoding of a query part: all but the unreserved characters of RFC 3986.
fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Percent-decoding of a query part ("+" is a space), in plain Rust so it tests natively.
fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() && bytes[i + 1].is_ascii_hexdigit() && bytes[i + 2].is_ascii_hexdigit() => {
                let hex = |b: u8| (b as char).to_digit(16).unwrap_or(0) as u8;
                out.push(hex(bytes[i + 1]) * 16 + hex(bytes[i + 2]));
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The router's state, provided as context by [`provide_router`].
#[derive(Clone, Copy)]
pub struct Router {
    location: RwSignal<Location>,
}

impl Router {
    /// Where the app is now, tracked.
    pub fn location(&self) -> Location {
        self.location.get()
    }
}

fn current_location() -> Location {
    let Some(loc) = web_sys::window().map(|w| w.location()) else { return Location::parse("/") };
    let path = loc.pathname().unwrap_or_else(|_| "/".into());
    let query = loc.search().unwrap_or_default();
    Location { path, query: query.trim_start_matches('?').to_string() }
}

/// Starts the router: reads the address, follows same-origin link clicks and the back
/// button. Call once, at the top of the app.
pub fn provide_router() -> Router {
    let router = Router { location: RwSignal::new(current_location()) };
    provide_context(router);
    let Some(window) = web_sys::window() else { return router };

    let on_pop = Closure::<dyn Fn()>::new(move || router.location.set(current_location()));
    let _ = window.add_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
    on_pop.forget();

    let on_click = Closure::<dyn Fn(web_sys::MouseEvent)>::new(move |ev: web_sys::MouseEvent| {
        if ev.default_prevented()
            || ev.button() != 0
            || ev.meta_key()
            || ev.ctrl_key()
            || ev.shift_key()
            || ev.alt_key()
        {
            return;
        }
        let Some(anchor) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("a[href]").ok().flatten())
            .and_then(|el| el.dyn_into::<web_sys::HtmlAnchorElement>().ok())
        else {
            return;
        };
        if !anchor.target().is_empty() || anchor.has_attribute("download") || anchor.has_attribute("rel") {
            return;
        }
        let Some(window) = web_sys::window() else { return };
        if anchor.origin() != window.location().origin().unwrap_or_default() {
            return;
        }
        let href = format!("{}{}", anchor.pathname(), anchor.search());
        ev.prevent_default();
        if anchor.hash().is_empty() || anchor.pathname() != router.location.with_untracked(|l| l.path.clone()) {
            navigate_with(router, &href);
        }
    });
    if let Some(doc) = window.document() {
        let _ = doc.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref());
    }
    on_click.forget();
    router
}

fn navigate_with(router: Router, href: &str) {
    let next = Location::parse(href);
    if router.location.with_untracked(|l| *l == next) {
        return;
    }
    if let Some(window) = web_sys::window() {
        if let Ok(history) = window.history() {
            let _ = history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(href));
        }
        window.scroll_to_with_x_and_y(0.0, 0.0);
    }
    router.location.set(next);
}

fn use_router() -> Option<Router> {
    use_context::<Router>()
}

/// The current location, tracked.
pub fn use_location() -> Memo<Location> {
    let router = use_router();
    Memo::new(move |_| router.map(|r| r.location.get()).unwrap_or_default())
}

/// The current location, for reading its query: `query.with(|q| q.get("unit"))`.
pub fn use_query_map() -> Memo<Location> {
    use_location()
}

/// Goes to `href` (a path with an optional query), as a new history entry.
pub fn navigate(href: &str) {
    if let Some(router) = use_router() {
        navigate_with(router, href);
    }
}

/// Whether the area at `href` is the current page at `path`: the area's own path or one
/// under it ("/orders" for "/orders/brigade"), the Game area ("/") only itself. The bottom
/// bar marks it `aria-current="page"`, its highlight and what a screen reader announces.
pub fn is_current(path: &str, href: &str) -> bool {
    path == href || (href != "/" && path.strip_prefix(href).is_some_and(|rest| rest.starts_with('/')))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_splits_into_path_and_query() {
        let l = Location::parse("/resolve/morale?unit=r-2wi&reason=first%20kill#top");
        assert_eq!(l.path, "/resolve/morale");
        assert_eq!(l.query_value("unit").as_deref(), Some("r-2wi"));
        assert_eq!(l.query_value("missing"), None);
        assert_eq!(Location::parse("").path, "/");
        assert_eq!(Location::parse("/tables").query, "");
        assert_eq!(l.query_value("reason").as_deref(), Some("first kill"));
        assert_eq!(decode("a+b%2Fc%"), "a b/c%");
        assert_eq!(decode("%E2%80%99"), "’");
    }

    #[test]
    fn the_bottom_bar_marks_the_area_shown_and_its_sub_pages() {
        assert!(is_current("/", "/"));
        assert!(!is_current("/orders", "/"));
        assert!(is_current("/resolve", "/resolve"));
        assert!(is_current("/resolve/morale", "/resolve"));
        assert!(!is_current("/resolvers", "/resolve"));
        assert!(!is_current("/tables", "/resolve"));
    }

    #[test]
    fn every_value_written_into_an_address_is_read_back_whole() {
        let tricky = ["r-2wi", "a&b=c", "1+1 %2B", "50% ", "’quoted’", "#top?x", ""];
        for value in tricky {
            let href = address("/resolve/morale", &[("unit", value), ("k&=", "v")]);
            let l = Location::parse(&href);
            assert_eq!(l.path, "/resolve/morale", "{href}");
            assert_eq!(l.query_value("unit").as_deref(), Some(value), "{href}");
            assert_eq!(l.query_value("k&=").as_deref(), Some("v"), "{href}");
        }
        assert_eq!(address("/resolve", &[]), "/resolve");
        assert_eq!(address("/resolve/rout", &[("unit", "r 1&")]), "/resolve/rout?unit=r%201%26");
    }
}
