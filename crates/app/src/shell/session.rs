//! The open game of a system whose code loads with its screens (Line of Battle): its session,
//! the one place its games change, with undo and redo ([`companion_core::session::Session`]).
//!
//! The shell keeps such a game as stored JSON ([`crate::doc::DeferredGame`]) and never reads
//! it: the system's screens read it into their session on first use ([`use_session`]), and put
//! every change back into the saved games, where the shell saves it. So the system's types and
//! rules live in its screens' chunks, not in the main module every player loads (issue 15).
//!
//! A screen of such a system gets its store with [`use_session`]:
//!
//! ```ignore
//! pub fn use_store() -> SessionStore<LineOfBattle> {
//!     use_session(|| Game::new(&browser::new_id(), "New game", Clock::new(Side::Confederate, 1, 0)))
//! }
//! ```

use crate::doc::{DeferredGame, SavedGame};
use crate::shell::browser;
use crate::shell::store::{Store as Shell, use_shell};
use crate::systems::SystemId;
use companion_core::session::{EmptyBatch, Session};
use companion_core::system::GameSystem;
use leptos::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::cell::RefCell;
use std::fmt::Display;
use std::rc::Rc;

thread_local! {
    /// The app's root owner: a system's session is kept there, so that it outlives the
    /// screens that made it.
    static ROOT: RefCell<Option<Owner>> = const { RefCell::new(None) };
    /// The systems whose open game is kept in their session between saves ([`keep_open_game`]).
    static KEEPERS: RefCell<Vec<Keeper>> = const { RefCell::new(Vec::new()) };
}

/// Remembers the app's root owner (called once by the shell's `App`).
pub fn remember_root() {
    ROOT.with(|r| *r.borrow_mut() = Owner::current());
}

/// Runs `f` under the app's root owner (or the current one before `App` has run): what it
/// makes outlives the screen that asked for it.
pub fn in_root<T>(f: impl FnOnce() -> T) -> T {
    match ROOT.with(|r| r.borrow().clone()) {
        Some(root) => root.with(f),
        None => f(),
    }
}

/// A system that keeps its open game in its session and hands it back only when the shell
/// asks ([`keep_open_game`]).
struct Keeper {
    system: SystemId,
    game: Rc<dyn Fn() -> Option<SavedGame>>,
    reopened: Rc<dyn Fn()>,
}

/// Registers a system whose screens keep its open game in their session rather than putting
/// it back into the saved games after every change (Johnny Reb: a large roster and its
/// history are then written out once a save, not once a tap). `game` hands the open game back
/// as it stands (`None` when the session does not hold the open game: the saved games do);
/// `reopened` reads the newly opened game, called as soon as a game is opened or shown
/// afresh. Registering again replaces the system's earlier registration.
pub fn keep_open_game(system: SystemId, game: impl Fn() -> Option<SavedGame> + 'static, reopened: impl Fn() + 'static) {
    KEEPERS.with(|k| {
        let mut keepers = k.borrow_mut();
        keepers.retain(|k| k.system != system);
        keepers.push(Keeper { system, game: Rc::new(game), reopened: Rc::new(reopened) });
    });
}

/// The open game of `system` as its session holds it, when it keeps it ([`keep_open_game`]).
pub fn kept_open_game(system: SystemId) -> Option<SavedGame> {
    let game = KEEPERS.with(|k| k.borrow().iter().find(|k| k.system == system).map(|k| k.game.clone()))?;
    game()
}

/// Tells every system that keeps its open game that another game was opened (or shown afresh).
pub fn reopened() {
    let all: Vec<Rc<dyn Fn()>> = KEEPERS.with(|k| k.borrow().iter().map(|k| k.reopened.clone()).collect());
    for reopen in all {
        reopen();
    }
}

/// A system's session as kept under the root owner.
struct Kept<S: GameSystem>
where
    S::Game: Send + Sync,
{
    session: RwSignal<Session<S>>,
    /// Which opening of a game ([`Shell::opened`]) the session holds.
    opening: RwSignal<u64>,
    /// Why the open game could not be read, if it could not.
    problem: RwSignal<Option<String>>,
}

impl<S: GameSystem> Clone for Kept<S>
where
    S::Game: Send + Sync,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<S: GameSystem> Copy for Kept<S> where S::Game: Send + Sync {}

/// What a system's screens read and send; cheap to copy.
pub struct SessionStore<S: GameSystem>
where
    S::Game: Send + Sync,
{
    /// The shell: settings, saving, the saved games, the refusal banner.
    pub shell: Shell,
    /// The open game and its undo stacks.
    pub session: RwSignal<Session<S>>,
    /// Why the open game could not be read: it is kept as stored, and nothing is changed.
    pub problem: RwSignal<Option<String>>,
}

impl<S: GameSystem> Clone for SessionStore<S>
where
    S::Game: Send + Sync,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<S: GameSystem> Copy for SessionStore<S> where S::Game: Send + Sync {}

/// The system whose key is `S::ID`.
fn system_of<S: GameSystem>() -> Option<SystemId> {
    SystemId::from_id(S::ID)
}

/// The store of system `S`'s open game: its session, read from the saved games the first
/// time and again whenever another game has been opened since. `blank` makes the game the
/// session holds while the open game is not one of `S`'s (nobody sees it).
pub fn use_session<S: GameSystem>(blank: impl FnOnce() -> S::Game) -> SessionStore<S>
where
    S::Game: Send + Sync + DeserializeOwned,
{
    let shell = use_shell();
    let kept = use_context::<Kept<S>>().unwrap_or_else(|| {
        let make = || {
            let kept = Kept::<S> {
                session: RwSignal::new(Session::new(blank())),
                opening: RwSignal::new(u64::MAX),
                problem: RwSignal::new(None),
            };
            provide_context(kept);
            kept
        };
        in_root(make)
    });
    let opening = shell.opened.get_untracked();
    if kept.opening.get_untracked() != opening {
        kept.opening.set(opening);
        let open = shell.saves.with_untracked(|d| d.current_game().and_then(SavedGame::deferred).cloned());
        if let Some(game) = open.filter(|g| Some(g.system) == system_of::<S>()) {
            match game.read::<S::Game>() {
                Ok(game) => {
                    kept.session.update(|s| s.replace(game));
                    kept.problem.set(None);
                }
                Err(why) => kept.problem.set(Some(why)),
            }
        }
    }
    SessionStore { shell, session: kept.session, problem: kept.problem }
}

impl<S: GameSystem> SessionStore<S>
where
    S::Game: Send + Sync + Serialize,
    S::Error: EmptyBatch + Display,
{
    /// Reads the open game, tracked: a view that calls it is redrawn when the game changes.
    pub fn with<R>(self, f: impl FnOnce(&S::Game) -> R) -> R {
        self.session.with(|s| f(s.game()))
    }

    /// The open game as it stands, untracked (for a tap's handler).
    pub fn game(self) -> S::Game {
        self.session.with_untracked(|s| s.game().clone())
    }

    /// Applies a command and returns what it did, or the refusal for the caller to show
    /// beside its buttons: the game is unchanged.
    pub fn dispatch(self, command: S::Command) -> Result<S::Outcome, String> {
        let mut outcomes = self.dispatch_all(vec![command])?;
        outcomes.pop().ok_or_else(|| S::Error::nothing_to_do().to_string())
    }

    /// Applies several commands as one change (one undo step), or none of them when one is
    /// refused. A game that could not be read is never changed (nor overwritten).
    pub fn dispatch_all(self, commands: Vec<S::Command>) -> Result<Vec<S::Outcome>, String> {
        if let Some(why) = self.problem.get_untracked() {
            return Err(why);
        }
        let mut result = Err(S::Error::nothing_to_do());
        self.session.update(|s| result = s.dispatch_all(&commands, browser::now_ms()));
        match result {
            Ok(outcomes) => {
                // A change that went through ends an earlier refusal's message.
                self.shell.error.set(None);
                self.put_back();
                Ok(outcomes)
            }
            Err(e) => Err(e.to_string()),
        }
    }

    /// Applies a command for a tap whose refusal the error banner shows.
    pub fn send(self, command: S::Command) {
        if let Err(why) = self.dispatch(command) {
            self.shell.error.set(Some(why));
        }
    }

    /// Whether there is a change to take back (tracked).
    pub fn can_undo(self) -> bool {
        self.session.with(|s| s.can_undo())
    }

    /// Whether there is an undone change to put back (tracked).
    pub fn can_redo(self) -> bool {
        self.session.with(|s| s.can_redo())
    }

    /// Takes back the last change.
    pub fn undo(self) {
        let mut done = false;
        self.session.update(|s| done = s.undo());
        if done {
            self.put_back();
        }
    }

    /// Puts back the last undone change.
    pub fn redo(self) {
        let mut done = false;
        self.session.update(|s| done = s.redo());
        if done {
            self.put_back();
        }
    }

    /// Puts the game as it stands back into the saved games, to be saved.
    fn put_back(self) {
        let Some(system) = system_of::<S>() else { return };
        let kept = self.session.with_untracked(|s| DeferredGame::of(system, s.game()));
        match kept {
            Ok(game) => {
                self.shell.saves.update(|d| d.put_game(SavedGame::Deferred(Box::new(game))));
                self.shell.changed();
            }
            Err(why) => self.shell.error.set(Some(format!("This change could not be saved: {why}"))),
        }
    }
}
