//! Line of Battle's store: the open game's session ([`crate::shell::session`]), read from the
//! saved games by these screens, which load with their own code.

use crate::shell::browser;
use crate::shell::session::{SessionStore, use_session};
use leptos::prelude::*;
use line_of_battle::clock::Clock;
use line_of_battle::oob::Side;
use line_of_battle::{Game, LineOfBattle};

/// What Line of Battle's screens read and send.
pub type Store = SessionStore<LineOfBattle>;

/// Line of Battle's store.
pub fn use_store() -> Store {
    use_session(|| new_game(browser::new_id()))
}

/// A new game: the Confederate player first (1.7: "unless the scenario says otherwise"), the
/// first day; the players set the scenario's own start on the Game area before they play.
pub fn new_game(id: String) -> Game {
    Game::new(&id, "New game", Clock::new(Side::Confederate, 1, 0))
}

/// Reading the open game without tracking it (a tap's handler, a form's first values).
pub trait Untracked {
    /// Reads the game, untracked.
    fn with_untracked<R>(self, f: impl FnOnce(&Game) -> R) -> R;
}

impl Untracked for Store {
    fn with_untracked<R>(self, f: impl FnOnce(&Game) -> R) -> R {
        self.session.with_untracked(|s| f(s.game()))
    }
}
