//! The table-side companion for Civil War wargames, in the browser.
//!
//! - [`shell`]: the Leptos frame every system shares (navigation, the stored document and its
//!   saving, saved games, settings, banners, the browser's edge);
//! - [`widgets`]: the shared widgets of the resolvers (dice entry, odds, toggles);
//! - [`systems`]: one folder of screens per game system, each over its own pure rules crate;
//! - [`doc`]: the stored document's layout and migrations (pure, tested natively).

pub mod doc;
pub mod shell;
pub mod systems;
pub mod widgets;

#[cfg(test)]
mod test_dice;
