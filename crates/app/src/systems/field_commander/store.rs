//! Field Commander's store: the open game's session ([`crate::shell::session`]), read from the
//! saved games by these screens, which load with their own code; and what every screen asks of
//! it: the battle, a step tried on a copy, a die thrown for a step that needs more.

use crate::shell::browser;
use crate::shell::session::{SessionStore, use_session};
use companion_core::d10::D10;
use field_commander::game::{BattleError, Command, Report, trial};
use field_commander::prebattle::FogTable;
use field_commander::{Battle, FieldCommander, Game};
use leptos::prelude::*;

/// What Field Commander's screens read and send.
pub type Store = SessionStore<FieldCommander>;

/// Field Commander's store.
pub fn use_store() -> Store {
    use_session(|| new_game(browser::new_id()))
}

/// A new game: an empty battle on the Regular Fog of War table (the set-up chooses another).
pub fn new_game(id: String) -> Game {
    Game::new(&id, "New battle", FogTable::Regular)
}

/// Reads the battle, tracked.
pub fn battle<R>(store: Store, f: impl FnOnce(&Battle) -> R) -> R {
    store.with(|g| f(&g.battle))
}

/// Reads the battle, untracked (for a tap's handler).
pub fn battle_now<R>(store: Store, f: impl FnOnce(&Battle) -> R) -> R {
    store.session.with_untracked(|s| f(&s.game().battle))
}

/// What a step would do now, tried on a copy of the game (tracked): its report, the next roll
/// it needs, or why it is refused.
pub fn try_step(store: Store, command: &Command) -> Result<Report, BattleError> {
    store.with(|g| trial(g, command))
}

/// Gives a step one more die: kept in the game while the step needs more (so a reload keeps
/// it), or the step applied when it has all it needs. Returns the step's report once applied.
pub fn give_die(store: Store, command: &Command, die: D10) -> Result<Option<Report>, String> {
    let with = command.clone().with_rolls(vec![die]);
    let tried = store.session.with_untracked(|s| trial(s.game(), &with));
    match tried {
        Err(BattleError::NeedRoll { .. }) => {
            store.dispatch(Command::Roll { roll: die, step: Box::new(command.clone()) })?;
            Ok(None)
        }
        _ => store.dispatch(with).map(Some),
    }
}
