//! Johnny Reb's part of the store: the open game's session (the one place its games change)
//! and the device's Tables Card entries and quick look-up charge. Johnny Reb's screens reach
//! it through [`use_store`]; saving, settings and the saved games are the shell's
//! ([`crate::shell::store`]).
//!
//! The shell keeps Johnny Reb's games and device data as stored JSON and never reads them: the
//! first of these screens to run (all of them lazy chunks) reads the open game into a session
//! kept under the app's root owner, and reads it again whenever another game is opened. The
//! session keeps the game between saves: the shell asks for it before each save and each
//! operation on the saved games ([`crate::shell::session::keep_open_game`]), so that a tap on
//! a large roster does not write the whole game out. The device data is put back into the
//! saved document at each change (it is small).

use super::tables::entry;
use super::tables::model::EntryKind;
use crate::doc::SavedGame;
use crate::shell::browser;
use crate::shell::session;
use crate::shell::store::{Store as Shell, use_shell};
use crate::systems::SystemId;
use johnny_reb::Game;
use johnny_reb::rules::{CellRef, Overrides};
use johnny_reb::state::charges::LookupCharge;
use johnny_reb::state::command::{Command, Outcome, TurnCommand};
use johnny_reb::state::device::DeviceData;
use johnny_reb::state::error::CommandError;
use johnny_reb::state::result::{self, ResultRecord};
use johnny_reb::state::session::Session;
use leptos::prelude::*;
use serde::Deserialize;
use serde_json::Value;
use std::cell::Cell;

thread_local! {
    /// Johnny Reb's signals, once a screen has made them.
    static KEPT: Cell<Option<Kept>> = const { Cell::new(None) };
}

/// Johnny Reb's signals, kept under the app's root owner so that they outlive the screens.
#[derive(Clone, Copy)]
struct Kept {
    session: RwSignal<Session>,
    table_entries: RwSignal<Overrides>,
    charge_lookup: RwSignal<Option<LookupCharge>>,
    /// Why the open game could not be read, if it could not: it is kept as stored and
    /// nothing changes it.
    problem: RwSignal<Option<String>>,
    /// Which opening of a game ([`Shell::opened`]) the session holds.
    opening: RwSignal<u64>,
}

impl Kept {
    /// The signals, made (and registered with the shell) on first use.
    fn of(shell: Shell) -> Kept {
        let alive = |k: &Kept| k.session.try_with_untracked(|_| ()).is_some();
        if let Some(kept) = KEPT.with(Cell::get).filter(alive) {
            return kept;
        }
        let kept = session::in_root(|| Kept {
            session: RwSignal::new(Session::new(Game::new(browser::new_id(), "New game"))),
            table_entries: RwSignal::new(Overrides::default()),
            charge_lookup: RwSignal::new(None),
            problem: RwSignal::new(None),
            opening: RwSignal::new(u64::MAX),
        });
        KEPT.with(|k| k.set(Some(kept)));
        session::keep_open_game(SystemId::JohnnyReb, move || kept.open_game(shell), move || kept.read(shell));
        kept.read(shell);
        kept
    }

    /// Reads the open game and the device data from the saved document, when another game
    /// has been opened (or the document shown afresh) since they were last read. A game of
    /// another system leaves the session as it is (nobody sees it).
    fn read(self, shell: Shell) {
        let opening = shell.opened.get_untracked();
        if self.opening.get_untracked() == opening {
            return;
        }
        self.opening.set(opening);
        let device = shell.saves.with_untracked(|d| read_device(&d.systems.johnny_reb));
        let (device, unreadable) = match device {
            Ok(device) => (device, None),
            Err(why) => (DeviceData::default(), Some(why)),
        };
        self.table_entries.set(device.table_entries);
        self.charge_lookup.set(device.charge_lookup);
        if let Some(why) = unreadable {
            shell.error.set(Some(why));
        }
        let open = shell.saves.with_untracked(|d| d.current_game().and_then(SavedGame::deferred).cloned());
        if let Some(game) = open.filter(|g| g.system == SystemId::JohnnyReb) {
            match game.read::<Game>() {
                Ok(game) => {
                    self.session.update(|s| s.replace(game));
                    self.problem.set(None);
                }
                Err(why) => self.problem.set(Some(why)),
            }
        }
    }

    /// The open game as the session holds it, for the shell to save; `None` when the session
    /// does not hold the open game (another was opened since, or it could not be read: the
    /// saved games hold it as it was).
    fn open_game(self, shell: Shell) -> Option<SavedGame> {
        if self.opening.get_untracked() != shell.opened.get_untracked() || self.problem.get_untracked().is_some() {
            return None;
        }
        let kept = self.session.with_untracked(|s| SavedGame::of(SystemId::JohnnyReb, s.game()));
        kept.map_err(|why| shell.error.set(Some(format!("This change could not be saved: {why}")))).ok()
    }
}

/// Reads the device data kept in the saved document.
fn read_device(stored: &serde_json::Map<String, Value>) -> Result<DeviceData, String> {
    DeviceData::deserialize(&Value::Object(stored.clone()))
        .map_err(|e| format!("The Tables Card entries saved on this device cannot be read ({e}): they are left out."))
}

/// The device data as the saved document keeps it (an object).
fn stored_device(device: &DeviceData) -> Result<serde_json::Map<String, Value>, String> {
    match serde_json::to_value(device) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err("the device data is not an object".into()),
        Err(e) => Err(e.to_string()),
    }
}

/// What Johnny Reb's screens read and send; cheap to copy.
#[derive(Clone, Copy)]
pub struct Store {
    /// The shell: settings, saving, the saved games.
    pub shell: Shell,
    /// The open game and its undo stacks.
    pub session: RwSignal<Session>,
    /// The players' Tables Card entries.
    pub table_entries: RwSignal<Overrides>,
    /// A quick look-up charge in progress on this device.
    pub charge_lookup: RwSignal<Option<LookupCharge>>,
    /// A refused command's message.
    pub error: RwSignal<Option<String>>,
    /// Why the open game could not be read: it is kept as stored, and nothing is changed.
    pub problem: RwSignal<Option<String>>,
}

/// Johnny Reb's store, from the shell's.
pub fn use_store() -> Store {
    Store::of(use_shell())
}

impl Store {
    /// Johnny Reb's part of a shell's store, its open game read if it was not yet.
    pub fn of(shell: Shell) -> Store {
        let kept = Kept::of(shell);
        kept.read(shell);
        let Kept { session, table_entries, charge_lookup, problem, .. } = kept;
        Store { shell, session, table_entries, charge_lookup, error: shell.error, problem }
    }

    /// The refusal of a change to a game that could not be read (it is kept as it was).
    fn unreadable(self) -> Result<(), CommandError> {
        match self.problem.get_untracked() {
            Some(why) => Err(CommandError::Refused(why)),
            None => Ok(()),
        }
    }

    /// Applies a command to the game, for a tap whose refusal the error banner shows: the
    /// game is unchanged.
    pub fn send(self, command: Command) {
        if let Err(e) = self.dispatch(command) {
            self.refuse(&e);
        }
    }

    /// Shows a refusal in the error banner.
    pub fn refuse(self, error: &CommandError) {
        self.error.set(Some(error.to_string()));
    }

    /// Applies a command and returns what it did (the morale checks it calls for, a stand
    /// lost, integrity levels crossed), or the refusal, for the caller to show (beside its
    /// buttons, or in the banner with [`Store::refuse`]): the game is unchanged.
    pub fn dispatch(self, command: Command) -> Result<Outcome, CommandError> {
        let mut outcomes = self.dispatch_all(vec![command])?;
        outcomes.pop().ok_or_else(|| CommandError::Refused("Nothing to do.".into()))
    }

    /// Applies several commands as one change (one undo step), or none of them when one is
    /// refused (its reason is returned, for the caller to show).
    pub fn dispatch_all(self, commands: Vec<Command>) -> Result<Vec<Outcome>, CommandError> {
        self.unreadable()?;
        let mut result = Err(CommandError::Refused(String::new()));
        self.session.update(|s| result = s.dispatch_all(&commands, browser::now_ms()));
        if result.is_ok() {
            // A change that went through ends an earlier refusal's message.
            self.error.set(None);
            self.shell.changed();
        }
        result
    }

    /// Applies one of the Game area's commands (the phase moved on, an item ticked) as one
    /// change, through the rules' narrow entry point ([`johnny_reb::state::session::apply_turn`]):
    /// the Game area's chunk is fetched right after the first render, and what it reaches is
    /// what every Johnny Reb player loads first. A refusal is shown in the banner; the game is
    /// unchanged.
    pub fn send_turn(self, command: TurnCommand) {
        if let Err(e) = self.unreadable() {
            return self.refuse(&e);
        }
        let mut result = Err(CommandError::Refused(String::new()));
        self.session.update(|s| {
            result = s.dispatch_with(|g| johnny_reb::state::session::apply_turn(g, &command, browser::now_ms()))
        });
        match result {
            Ok(_) => {
                self.error.set(None);
                self.shell.changed();
            }
            Err(e) => self.refuse(&e),
        }
    }

    /// Applies a resolver's result as one change, in the order the game takes it
    /// ([`result::batch`]). `Ok(false)`: the result changes nothing and nothing is recorded.
    pub fn apply_result(self, record: &ResultRecord) -> Result<bool, CommandError> {
        let batch = self.session.with_untracked(|s| result::batch(s.game(), record));
        if batch.is_empty() {
            return Ok(false);
        }
        self.dispatch_all(batch).map(|_| true)
    }

    /// Takes back the last change.
    pub fn undo(self) {
        if self.unreadable().is_err() {
            return;
        }
        let mut done = false;
        self.session.update(|s| done = s.undo());
        if done {
            self.shell.changed();
        }
    }

    /// Puts back the last undone change.
    pub fn redo(self) {
        if self.unreadable().is_err() {
            return;
        }
        let mut done = false;
        self.session.update(|s| done = s.redo());
        if done {
            self.shell.changed();
        }
    }

    /// Changes the quick look-up charge kept on this device.
    pub fn set_charge_lookup(self, lookup: Option<LookupCharge>) {
        self.charge_lookup.set(lookup);
        self.put_back_device();
    }

    /// Puts the device data as it stands back into the saved document, to be saved.
    fn put_back_device(self) {
        let device = DeviceData {
            table_entries: self.table_entries.get_untracked(),
            charge_lookup: self.charge_lookup.get_untracked(),
        };
        match stored_device(&device) {
            Ok(stored) => {
                self.shell.saves.update(|d| d.systems.johnny_reb = stored);
                self.shell.changed();
            }
            Err(why) => self.error.set(Some(format!("This change could not be saved: {why}"))),
        }
    }

    /// Changes the Tables Card entries in one step (an entry that spans several cells, an
    /// imported table set).
    pub fn edit_table_entries(self, f: impl FnOnce(&mut Overrides)) {
        self.table_entries.update(f);
        self.put_back_device();
    }

    /// Enters what the players typed for a Tables Card cell; a refusal says what is wrong and
    /// saves nothing.
    pub fn enter_table_value(self, cell: &CellRef, kind: EntryKind, text: &str) -> Result<(), String> {
        let changes = entry::parse_entry(cell, kind, text)?;
        self.edit_table_entries(|o| entry::apply(o, changes));
        Ok(())
    }

    /// Puts a Tables Card cell back to its shipped value (or its gap).
    pub fn reset_table_value(self, cell: &CellRef, kind: EntryKind) {
        let changes = entry::reset_changes(cell, kind);
        self.edit_table_entries(|o| entry::apply(o, changes));
    }

    /// Adds a table set file's entries (they replace the same cells); a refused file changes
    /// nothing. Returns how many entries it held.
    pub fn import_table_set(self, text: &str) -> Result<usize, String> {
        let set = entry::decode_table_set(text)?;
        self.edit_table_entries(|o| entry::merge(o, &set));
        Ok(set.len())
    }
}
