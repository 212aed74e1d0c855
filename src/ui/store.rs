//! The app's reactive store: the one place the views send commands to.
//!
//! It wraps a [`Session`] (the game and its undo stacks) in signals, saves after every change
//! (debounced, and at once when the page is hidden), and surfaces storage problems as notices.

use crate::rules::{CellRef, Entered, Overrides};
use crate::state::command::{Command, CommandError, Outcome, Session};
use crate::state::game::Game;
use crate::state::persist::{ExternalChange, Persistence, SaveOutcome, StorageNotice};
use crate::state::schema::AppDoc;
use crate::state::settings::Settings;
use crate::ui::browser::{self, BrowserStore};
use crate::ui::tables::entry;
use crate::ui::tables::model::EntryKind;
use leptos::prelude::*;
use std::cell::RefCell;
use std::time::Duration;

/// Delay between the last change and its save. Short enough that a locked screen loses
/// nothing, long enough that a burst of taps is one write.
pub const SAVE_DEBOUNCE: Duration = Duration::from_millis(250);

thread_local! {
    static PERSISTENCE: RefCell<Option<Persistence<BrowserStore>>> = const { RefCell::new(None) };
    /// A document from another tab waiting for the players' choice.
    static PENDING_OTHER: RefCell<Option<AppDoc>> = const { RefCell::new(None) };
}

/// Signals every view reads; cheap to copy.
#[derive(Clone, Copy)]
pub struct Store {
    pub session: RwSignal<Session>,
    pub settings: RwSignal<Settings>,
    /// The storage problem to show, if any.
    pub notice: RwSignal<Option<StorageNotice>>,
    /// A refused command's message.
    pub error: RwSignal<Option<String>>,
    /// The players' Tables Card entries (saved with the document).
    pub table_entries: RwSignal<Overrides>,
    /// Changes not yet written.
    pub dirty: RwSignal<bool>,
    /// The stored document: every saved game (the open one as last put back) and settings.
    pub saves: RwSignal<AppDoc>,
    /// Bumped on each change so the debounced save knows whether it is the latest.
    generation: RwSignal<u64>,
}

fn new_game() -> Game {
    Game::new(browser::new_id(), "New game")
}

impl Store {
    /// Loads the saved document (or starts fresh) and wires saving, the storage event and
    /// page hiding.
    pub fn load() -> Store {
        let mut persistence = Persistence::new(browser::local_storage(), browser::new_id());
        let loaded = persistence.load(new_game);
        browser::set_snapshot(snapshot(&loaded.doc));
        PERSISTENCE.with(|p| *p.borrow_mut() = Some(persistence));
        let store = Store {
            session: RwSignal::new(Session::new(loaded.doc.current_game().cloned().unwrap_or_else(new_game))),
            settings: RwSignal::new(loaded.doc.settings.clone()),
            table_entries: RwSignal::new(loaded.doc.table_entries.clone()),
            notice: RwSignal::new(loaded.notice),
            error: RwSignal::new(None),
            dirty: RwSignal::new(false),
            saves: RwSignal::new(loaded.doc),
            generation: RwSignal::new(0),
        };
        store.listen();
        store
    }

    fn listen(self) {
        browser::on_storage_change(crate::state::persist::DOC_KEY, move |raw| self.external_change(raw));
        browser::on_page_hidden(move || self.save_now(false));
    }

    /// Applies a command to the game; a refused command shows its reason and changes nothing.
    pub fn dispatch(self, command: Command) {
        let _ = self.dispatch_outcome(command);
    }

    /// Applies a command and returns what it did (the morale checks it calls for, a stand
    /// lost, integrity levels crossed), or `None` when it was refused (the reason is shown).
    pub fn dispatch_outcome(self, command: Command) -> Option<Outcome> {
        self.dispatch_all(vec![command])?.pop()
    }

    /// Applies several commands as one change (one undo step), or none of them when one is
    /// refused (its reason is shown).
    pub fn dispatch_all(self, commands: Vec<Command>) -> Option<Vec<Outcome>> {
        let mut result = Err(CommandError::Refused(String::new()));
        self.session.update(|s| result = s.dispatch_all(&commands, browser::now_ms()));
        match result {
            Ok(outcomes) => {
                self.error.set(None);
                self.changed();
                Some(outcomes)
            }
            Err(e) => {
                self.error.set(Some(refusal(&e)));
                None
            }
        }
    }

    /// Takes back the last change.
    pub fn undo(self) {
        let mut done = false;
        self.session.update(|s| done = s.undo());
        if done {
            self.changed();
        }
    }

    /// Puts back the last undone change.
    pub fn redo(self) {
        let mut done = false;
        self.session.update(|s| done = s.redo());
        if done {
            self.changed();
        }
    }

    /// Changes the device settings.
    pub fn update_settings(self, f: impl FnOnce(&mut Settings)) {
        self.settings.update(f);
        self.changed();
    }

    /// Records one Tables Card entry, replacing any earlier one for the cell.
    pub fn set_table_entry(self, cell: CellRef, value: Entered) {
        self.edit_table_entries(|o| o.set(cell, value));
    }

    /// Forgets one Tables Card entry: the shipped value, or the gap, comes back.
    pub fn reset_table_entry(self, cell: &CellRef) {
        let mut had = false;
        self.table_entries.update(|o| had = o.reset(cell).is_some());
        if had {
            self.changed();
        }
    }

    /// Changes the Tables Card entries in one step (an entry that spans several cells, an
    /// imported table set).
    pub fn edit_table_entries(self, f: impl FnOnce(&mut Overrides)) {
        self.table_entries.update(f);
        self.changed();
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

    /// Marks the document changed and schedules its save (debounced).
    pub fn changed(self) {
        self.dirty.set(true);
        let generation = self.generation.get_untracked() + 1;
        self.generation.set(generation);
        set_timeout(
            move || {
                if self.generation.get_untracked() == generation {
                    self.save_now(false);
                }
            },
            SAVE_DEBOUNCE,
        );
    }

    /// Downloads the open game as a game file (importable on any device); a failure is shown.
    pub fn export_current_game(self) {
        let doc = self.document();
        let text = match doc.current_game() {
            Some(game) => crate::state::exchange::export_game(game),
            None => crate::state::schema::encode(&doc),
        };
        if let Err(e) = browser::download(&browser::dated_filename("johnny-reb-game"), &text, "application/json") {
            self.error.set(Some(format!("Export failed: {e}")));
        }
    }

    /// The document as it stands in memory.
    pub fn document(self) -> AppDoc {
        let mut doc = self.saves.get_untracked();
        let game = self.session.with_untracked(|s| s.game().clone());
        doc.current = game.id.clone();
        doc.put_game(game);
        doc.settings = self.settings.get_untracked();
        doc.table_entries = self.table_entries.get_untracked();
        doc
    }

    /// Writes now if anything is unsaved (or `force` to keep this tab's version over another's).
    pub fn save_now(self, force: bool) {
        if !self.dirty.get_untracked() && !force {
            return;
        }
        let mut doc = self.document();
        browser::set_snapshot(snapshot(&doc));
        let outcome = PERSISTENCE.with(|p| p.borrow_mut().as_mut().map(|p| p.save(&mut doc, force)));
        match outcome {
            Some(SaveOutcome::Saved) => {
                self.dirty.set(false);
                // A save that succeeds ends an earlier full-storage or conflict warning.
                if matches!(self.notice.get_untracked(), Some(StorageNotice::Full | StorageNotice::Conflict)) {
                    self.notice.set(None);
                }
            }
            Some(SaveOutcome::NotSaved(notice)) => {
                // Keep a more specific notice (damaged data, no storage) on screen.
                let keep = matches!(
                    self.notice.get_untracked(),
                    Some(StorageNotice::Damaged { .. } | StorageNotice::Unavailable(_))
                );
                if !keep {
                    self.notice.set(Some(notice));
                }
            }
            None => {}
        }
    }

    fn external_change(self, raw: Option<String>) {
        let dirty = self.dirty.get_untracked();
        let change = PERSISTENCE
            .with(|p| p.borrow_mut().as_mut().map(|p| p.external_change(raw.as_deref(), dirty)));
        match change {
            Some(ExternalChange::Adopt(doc)) => {
                self.show(*doc);
                self.notice.set(Some(StorageNotice::ReloadedFromOtherTab));
            }
            Some(ExternalChange::Conflict(doc)) => {
                PENDING_OTHER.with(|p| *p.borrow_mut() = Some(*doc));
                self.notice.set(Some(StorageNotice::Conflict));
            }
            _ => {}
        }
    }

    fn show(self, doc: AppDoc) {
        let game = doc.current_game().cloned().unwrap_or_else(new_game);
        self.session.update(|s| s.replace(game));
        self.settings.set(doc.settings.clone());
        self.table_entries.set(doc.table_entries.clone());
        self.saves.set(doc);
        self.dirty.set(false);
    }

    /// In a conflict, the players chose the other tab's version.
    pub fn take_other_tab(self) {
        if let Some(doc) = PENDING_OTHER.with(|p| p.borrow_mut().take()) {
            PERSISTENCE.with(|p| {
                if let Some(p) = p.borrow_mut().as_mut() {
                    p.adopt(&doc);
                }
            });
            self.show(doc);
        } else if let Some(raw) = browser::local_storage_raw() {
            if let Ok((doc, _)) = crate::state::schema::decode(&raw) {
                PERSISTENCE.with(|p| {
                    if let Some(p) = p.borrow_mut().as_mut() {
                        p.adopt(&doc);
                    }
                });
                self.show(doc);
            }
        }
        self.notice.set(None);
    }

    /// In a conflict, the players chose to keep this tab's version.
    pub fn keep_this_tab(self) {
        PENDING_OTHER.with(|p| p.borrow_mut().take());
        self.dirty.set(true);
        self.notice.set(None);
        self.save_now(true);
    }

    /// The players have the damaged data safe; saving may go on.
    pub fn resume_saving(self) {
        PERSISTENCE.with(|p| {
            if let Some(p) = p.borrow_mut().as_mut() {
                p.resume_saving();
            }
        });
        self.notice.set(None);
        self.dirty.set(true);
        self.save_now(false);
    }
}

/// What the crash screen exports: the open game as a game file (importable again).
fn snapshot(doc: &AppDoc) -> String {
    doc.current_game().map(crate::state::exchange::export_game).unwrap_or_else(|| crate::state::schema::encode(doc))
}

fn refusal(e: &CommandError) -> String {
    e.to_string()
}

/// The store provided by the shell.
pub fn use_store() -> Store {
    // Provided by `App` before any screen renders.
    use_context::<Store>().unwrap_or_else(|| {
        let store = Store::load();
        provide_context(store);
        store
    })
}
