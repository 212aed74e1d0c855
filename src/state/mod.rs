//! Game state, the commands that change it, and its persistence. No views here: the UI
//! renders this state and sends [`command::Command`]s.

#![warn(missing_docs)]

pub mod charges;
pub mod checks;
pub mod command;
pub mod demo;
pub mod exchange;
pub mod game;
pub mod orders;
pub mod persist;
pub mod roster;
pub mod saves;
pub mod schema;
pub mod settings;
pub mod tracker;

#[cfg(test)]
mod purity {
    /// The game state is native Rust: no view or browser crate in src/state (so the rules and
    /// state run and are tested natively).
    #[test]
    fn no_view_or_browser_crates_in_state() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/state");
        let banned = [concat!("lep", "tos"), concat!("web", "_sys"), concat!("web", "-sys"), concat!("wasm", "_bindgen"), concat!("gloo", "_")];
        let mut checked = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for word in banned {
                    assert!(!text.contains(word), "{} mentions {word}", path.display());
                }
                checked += 1;
            }
        }
        assert!(checked >= 8);
    }
}
