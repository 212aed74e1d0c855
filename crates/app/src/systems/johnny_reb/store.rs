//! Johnny Reb's part of the store: the open game's session (the one place its games change)
//! and the device's Tables Card entries and quick look-up charge. Johnny Reb's screens reach
//! it through [`use_store`]; saving, settings and the saved games are the shell's
//! ([`crate::shell::store`]).

use super::tables::entry;
use super::tables::model::EntryKind;
use crate::doc::SavedGame;
use crate::shell::browser;
use crate::shell::store::{Store as Shell, use_shell};
use johnny_reb::Game;
use johnny_reb::rules::{CellRef, Overrides};
use johnny_reb::state::charges::LookupCharge;
use johnny_reb::state::command::{Command, Outcome, TurnCommand};
use johnny_reb::state::device::DeviceData;
use johnny_reb::state::error::CommandError;
use johnny_reb::state::result::{self, ResultRecord};
use johnny_reb::state::session::Session;
use leptos::prelude::*;

/// Johnny Reb's signals, held by the shell's store.
#[derive(Clone, Copy)]
pub struct Signals {
    /// The open game (when it is a Johnny Reb game) and its undo stacks.
    pub session: RwSignal<Session>,
    /// The players' Tables Card entries (saved with the document).
    pub table_entries: RwSignal<Overrides>,
    /// A quick look-up charge in progress on this device.
    pub charge_lookup: RwSignal<Option<LookupCharge>>,
}

impl Signals {
    /// The signals for a document's open game and device data. When the open game is another
    /// system's, the session holds an empty game nobody sees until a Johnny Reb game opens.
    pub fn new(open: &SavedGame, device: &DeviceData) -> Signals {
        let game = open.johnny_reb().cloned().unwrap_or_else(|| Game::new(browser::new_id(), "New game"));
        Signals {
            session: RwSignal::new(Session::new(game)),
            table_entries: RwSignal::new(device.table_entries.clone()),
            charge_lookup: RwSignal::new(device.charge_lookup.clone()),
        }
    }

    /// The open game as it stands.
    pub fn game(self) -> Game {
        self.session.with_untracked(|s| s.game().clone())
    }

    /// The device data as it stands, to save.
    pub fn device(self) -> DeviceData {
        DeviceData {
            table_entries: self.table_entries.get_untracked(),
            charge_lookup: self.charge_lookup.get_untracked(),
        }
    }

    /// Shows another document's device data.
    pub fn set_device(self, device: &DeviceData) {
        self.table_entries.set(device.table_entries.clone());
        self.charge_lookup.set(device.charge_lookup.clone());
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
}

/// Johnny Reb's store, from the shell's.
pub fn use_store() -> Store {
    Store::of(use_shell())
}

impl Store {
    /// Johnny Reb's part of a shell's store.
    pub fn of(shell: Shell) -> Store {
        let Signals { session, table_entries, charge_lookup } = shell.johnny_reb;
        Store { shell, session, table_entries, charge_lookup, error: shell.error }
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
    /// the Game area is in the main module, and what it reaches is what every player loads
    /// first. A refusal is shown in the banner; the game is unchanged.
    pub fn send_turn(self, command: TurnCommand) {
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
        let mut done = false;
        self.session.update(|s| done = s.undo());
        if done {
            self.shell.changed();
        }
    }

    /// Puts back the last undone change.
    pub fn redo(self) {
        let mut done = false;
        self.session.update(|s| done = s.redo());
        if done {
            self.shell.changed();
        }
    }

    /// Changes the quick look-up charge kept on this device.
    pub fn set_charge_lookup(self, lookup: Option<LookupCharge>) {
        self.charge_lookup.set(lookup);
        self.shell.changed();
    }

    /// Changes the Tables Card entries in one step (an entry that spans several cells, an
    /// imported table set).
    pub fn edit_table_entries(self, f: impl FnOnce(&mut Overrides)) {
        self.table_entries.update(f);
        self.shell.changed();
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
