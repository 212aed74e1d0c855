//! The app's reactive store: the stored document (every system's saved games and device
//! data), the device settings and the storage notices, saved after every change (debounced,
//! and at once when the page is hidden).
//!
//! The shell keeps every game as stored JSON and reads none of them: the open game lives in
//! its system's session, made by that system's screens ([`crate::shell::session`]), which
//! either put every change back into the saved games or hand the game back when the shell
//! asks for it, before every save and every operation on the saved games ([`Store::document`]).
//! A newly opened game is read by its system's screens ([`Store::open`]). So nothing of any
//! system's types or rules is in the main module every player loads (issue 15).

use crate::doc::{AppDoc, LAYOUT, SavedGame};
use crate::shell::browser::{self, BrowserStore};
use crate::shell::session;
use crate::systems::SystemId;
use companion_core::persist::{ExternalChange, Persistence, SaveOutcome, StorageNotice};
use companion_core::settings::Settings;
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
    /// Device settings.
    pub settings: RwSignal<Settings>,
    /// The storage problem to show, if any.
    pub notice: RwSignal<Option<StorageNotice>>,
    /// A refused command's message.
    pub error: RwSignal<Option<String>>,
    /// Changes not yet written.
    pub dirty: RwSignal<bool>,
    /// Whether the last save was written (false: storage missing, full, paused or refused).
    pub written: RwSignal<bool>,
    /// The stored document: every saved game (the open one as last put back) and settings.
    pub saves: RwSignal<AppDoc>,
    /// The system of the open game: its areas and screens are the ones shown.
    pub system: RwSignal<SystemId>,
    /// Raised each time a game is opened (or shown afresh from another tab): a system whose
    /// open game is kept as stored reads it again ([`crate::shell::session`]).
    pub opened: RwSignal<u64>,
    /// Bumped on each change so the debounced save knows whether it is the latest.
    generation: RwSignal<u64>,
}

/// The game a first start or a damaged document opens: an empty Johnny Reb game, as stored
/// JSON (its screens read it).
fn new_game() -> SavedGame {
    crate::systems::first_game(browser::new_id())
}

impl Store {
    /// Loads the saved document (or starts fresh) and wires saving, the storage event and
    /// page hiding.
    pub fn load() -> Store {
        let mut persistence = Persistence::new(browser::local_storage(), browser::new_id(), &LAYOUT);
        let loaded = persistence.load(new_game);
        PERSISTENCE.with(|p| *p.borrow_mut() = Some(persistence));
        let open = loaded.doc.current_game().cloned().unwrap_or_else(new_game);
        let store = Store {
            settings: RwSignal::new(loaded.doc.settings.clone()),
            notice: RwSignal::new(loaded.notice),
            error: RwSignal::new(None),
            dirty: RwSignal::new(false),
            written: RwSignal::new(true),
            system: RwSignal::new(open.system()),
            opened: RwSignal::new(0),
            saves: RwSignal::new(loaded.doc),
            generation: RwSignal::new(0),
        };
        // The theme shows from the first frame; the Effect that follows its changes (whoever
        // makes them) is made after it, one piece fewer in the first frame (issue 15).
        browser::apply_theme(store.settings.with_untracked(|s| s.theme));
        let written = store.notice.with_untracked(|n| n.is_none());
        store.written.set(written);
        browser::set_save_state(if written { "saved" } else { "not-saved" });
        // Both wait for the first frame (issue 15; 7 and 5 ms of the first render at 4x): the
        // listeners, and the crash screen's copy of the open game (until then a crash exports
        // the stored document as it was read, `browser::install_panic_screen`).
        browser::after_first_frame(move || {
            store.listen();
            session::in_root(|| Effect::new(move |_| browser::apply_theme(store.settings.get().theme)));
            browser::set_snapshot(snapshot(&store.document()));
        });
        store
    }

    /// Follows other tabs' saves and saves when the page is hidden. Wired after the first
    /// frame: what another tab saved since this one read the document is looked for then.
    fn listen(self) {
        browser::on_storage_change(LAYOUT.key, move |raw| self.external_change(raw));
        browser::on_page_hidden(move || self.save_now(false));
        self.external_change(browser::local_storage_raw());
    }

    /// Changes the device settings.
    pub fn update_settings(self, f: impl FnOnce(&mut Settings)) {
        self.settings.update(f);
        self.changed();
    }

    /// Marks the document changed and schedules its save (debounced).
    pub fn changed(self) {
        browser::set_save_state("saving");
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

    /// The open game as it stands in play: as its system's session keeps it, or as the saved
    /// games hold it (a system's screens put every change back there).
    pub fn open_game(self) -> SavedGame {
        session::kept_open_game(self.system.get_untracked())
            .or_else(|| self.saves.with_untracked(|d| d.current_game().cloned()))
            .unwrap_or_else(new_game)
    }

    /// Tracks every change to the document (a view that lists the saved games as they stand).
    pub fn track_changes(self) {
        self.generation.track();
        self.saves.track();
    }

    /// The saved games with the open game as it stands in play: the whole document.
    pub fn document(self) -> AppDoc {
        let mut doc = self.saves.get_untracked();
        let open = self.open_game();
        doc.current = companion_core::doc::StoredGame::id(&open).to_string();
        doc.put_game(open);
        doc.settings = self.settings.get_untracked();
        doc
    }

    /// Shows a document: its open game in its system's session, its settings and data.
    pub fn show(self, doc: AppDoc) {
        let open = doc.current_game().cloned().unwrap_or_else(new_game);
        self.settings.set(doc.settings.clone());
        // The saved games first: a system that reads its open game from them does so on open.
        self.saves.set(doc);
        self.open(&open);
        self.dirty.set(false);
    }

    /// Hands a game to its system's session (undo starts afresh) and shows its system. The
    /// game must already be in the saved games: its system reads it from there.
    pub fn open(self, game: &SavedGame) {
        self.opened.update(|n| *n += 1);
        session::reopened();
        // Setting it wakes the frame, which would build the screen afresh (and lose what it
        // was saying): only a change of system should.
        if self.system.get_untracked() != game.system() {
            self.system.set(game.system());
        }
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
                browser::set_save_state("saved");
                self.written.set(true);
                self.dirty.set(false);
                // A save that succeeds ends an earlier full-storage or conflict warning.
                if matches!(self.notice.get_untracked(), Some(StorageNotice::Full | StorageNotice::Conflict)) {
                    self.notice.set(None);
                }
            }
            Some(SaveOutcome::NotSaved(notice)) => {
                browser::set_save_state("not-saved");
                self.written.set(false);
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

    /// Downloads the open game as a game file (importable on any device); a failure is shown.
    pub fn export_current_game(self) {
        let doc = self.document();
        let name = format!("{}-game", self.system.get_untracked().id());
        if let Err(e) = browser::download(&browser::dated_filename(&name), &snapshot(&doc), "application/json") {
            self.error.set(Some(format!("Export failed: {e}")));
        }
    }

    fn external_change(self, raw: Option<String>) {
        let dirty = self.dirty.get_untracked();
        let change = PERSISTENCE.with(|p| p.borrow_mut().as_mut().map(|p| p.external_change(raw.as_deref(), dirty)));
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

    /// In a conflict, the players chose the other tab's version.
    pub fn take_other_tab(self) {
        let other = PENDING_OTHER.with(|p| p.borrow_mut().take()).or_else(|| {
            browser::local_storage_raw()
                .and_then(|raw| companion_core::doc::decode(&raw, &LAYOUT).ok().map(|(doc, _)| doc))
        });
        if let Some(doc) = other {
            PERSISTENCE.with(|p| {
                if let Some(p) = p.borrow_mut().as_mut() {
                    p.adopt(&doc);
                }
            });
            self.show(doc);
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

/// What the crash screen exports: the open game as a game file of its system (importable
/// again), or the whole document if there is none.
fn snapshot(doc: &AppDoc) -> String {
    match doc.current_game() {
        Some(game) => game.export_file(),
        None => companion_core::doc::encode(doc),
    }
}

/// The store provided by the shell.
pub fn use_shell() -> Store {
    // Provided by `App` before any screen renders.
    use_context::<Store>().unwrap_or_else(|| {
        let store = Store::load();
        provide_context(store);
        store
    })
}
