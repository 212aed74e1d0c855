//! The one module that owns persistence.
//!
//! It loads the stored document at start, saves after changes, never overwrites what it could
//! not read, keeps working in memory when storage is missing or full, and refuses to overwrite
//! another tab's newer save. The browser's local storage is one [`KeyValueStore`]; tests use
//! [`MemoryStore`].

use crate::doc::{DecodeError, Doc, Layout, StoredGame, decode, encode, peek_revision};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

/// What can go wrong with the storage itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// No storage (private browsing, storage disabled).
    Unavailable(String),
    /// The quota is used up.
    Full,
}

/// A string key-value store: local storage, or memory in tests.
pub trait KeyValueStore {
    /// The value under `key`, if any.
    fn get(&self, key: &str) -> Result<Option<String>, StoreError>;
    /// Stores `value` under `key`.
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError>;
}

/// An in-memory store, with an optional capacity in bytes to act out a full disk.
#[derive(Default)]
pub struct MemoryStore {
    items: RefCell<HashMap<String, String>>,
    capacity: Option<usize>,
}

impl MemoryStore {
    /// Unlimited.
    pub fn new() -> MemoryStore {
        MemoryStore::default()
    }

    /// Refuses writes that would take it over `bytes` in total.
    pub fn with_capacity(bytes: usize) -> MemoryStore {
        MemoryStore { items: RefCell::default(), capacity: Some(bytes) }
    }
}

impl KeyValueStore for MemoryStore {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self.items.borrow().get(key).cloned())
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        let mut items = self.items.borrow_mut();
        if let Some(cap) = self.capacity {
            let others: usize = items.iter().filter(|(k, _)| k.as_str() != key).map(|(k, v)| k.len() + v.len()).sum();
            if others + key.len() + value.len() > cap {
                return Err(StoreError::Full);
            }
        }
        items.insert(key.to_string(), value.to_string());
        Ok(())
    }
}

impl<T: KeyValueStore + ?Sized> KeyValueStore for std::rc::Rc<T> {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        (**self).get(key)
    }
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        (**self).set(key, value)
    }
}

/// Something the players must be told about their saved data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StorageNotice {
    /// Storage cannot be used at all: the game lives only in this tab.
    Unavailable(String),
    /// Storage is full: the latest changes are only in memory.
    Full,
    /// The stored data could not be read. `raw` is the text as found, offered for download;
    /// `kept` says whether a copy was put aside in storage under [`Layout::damaged_key`].
    Damaged {
        /// What is wrong with it.
        problem: DecodeError,
        /// The text as found.
        raw: String,
        /// Whether a copy was put aside.
        kept: bool,
    },
    /// Another tab saved a newer version; this tab's unsaved changes were not written over it.
    Conflict,
    /// Another tab saved a newer version and this tab now shows it.
    ReloadedFromOtherTab,
}

impl fmt::Display for StorageNotice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StorageNotice::Unavailable(_) => write!(
                f,
                "This browser is not letting the app save (private browsing or storage turned off). \
                 The game works, but only in this tab: export it before you close the tab."
            ),
            StorageNotice::Full => write!(
                f,
                "The device's storage for this app is full, so the latest changes are not saved. \
                 Export the game, then delete old games to make room."
            ),
            StorageNotice::Damaged { problem, kept, .. } => {
                write!(f, "The saved game could not be opened: {problem}. A new game was started. ")?;
                if *kept {
                    write!(f, "The damaged data is kept: download it to keep a copy.")
                } else {
                    write!(f, "Download the damaged data now: saving is paused so it is not lost.")
                }
            }
            StorageNotice::Conflict => {
                write!(f, "This game was changed in another tab. Your latest change here was not saved over it.")
            }
            StorageNotice::ReloadedFromOtherTab => {
                write!(f, "This game was changed in another tab; now showing the latest version.")
            }
        }
    }
}

/// What loading found.
pub struct Loaded<G, S> {
    /// The document to use (the stored one, or a fresh one).
    pub doc: Doc<G, S>,
    /// What the players must be told, if anything.
    pub notice: Option<StorageNotice>,
}

/// What happened to a save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveOutcome {
    /// Written.
    Saved,
    /// Not written; the notice says why.
    NotSaved(StorageNotice),
}

/// What a change in another tab means for this one.
#[derive(Clone, Debug, PartialEq)]
pub enum ExternalChange<G, S> {
    /// Nothing to do (an older or unreadable write, or our own).
    Ignore,
    /// Show the other tab's document: this tab had nothing unsaved.
    Adopt(Box<Doc<G, S>>),
    /// Both tabs changed the game: ask the players which to keep.
    Conflict(Box<Doc<G, S>>),
}

/// Loads and saves the app's document through a store that may be missing.
pub struct Persistence<K: KeyValueStore> {
    store: Option<K>,
    layout: &'static Layout,
    tab_id: String,
    /// The revision this tab last loaded or saved.
    seen_revision: u64,
    /// Saving is paused until the players have the damaged data safe.
    paused: bool,
}

impl<K: KeyValueStore> Persistence<K> {
    /// `store` is `None` when the browser gives no storage at all.
    pub fn new(store: Option<K>, tab_id: impl Into<String>, layout: &'static Layout) -> Self {
        Persistence { store, layout, tab_id: tab_id.into(), seen_revision: 0, paused: false }
    }

    /// The layout it reads and writes.
    pub fn layout(&self) -> &'static Layout {
        self.layout
    }

    /// Loads the stored document, or starts fresh with `new_game`, saying why when it matters.
    pub fn load<G, S>(&mut self, new_game: impl FnOnce() -> G) -> Loaded<G, S>
    where
        G: StoredGame,
        S: DeserializeOwned + Default,
    {
        let layout = self.layout;
        let fresh = move || Doc::fresh(layout, new_game());
        let Some(store) = &self.store else {
            return Loaded { doc: fresh(), notice: Some(StorageNotice::Unavailable("no local storage".into())) };
        };
        match store.get(layout.key) {
            Err(StoreError::Unavailable(why)) => Loaded { doc: fresh(), notice: Some(StorageNotice::Unavailable(why)) },
            Err(StoreError::Full) => Loaded { doc: fresh(), notice: Some(StorageNotice::Full) },
            Ok(None) => Loaded { doc: fresh(), notice: None },
            Ok(Some(raw)) => match decode(&raw, layout) {
                Ok((doc, _migrated)) => {
                    self.seen_revision = doc.revision;
                    Loaded { doc, notice: None }
                }
                Err(problem) => {
                    // Never overwrite what could not be read: put it aside first, and if that
                    // fails, pause saving until the players have downloaded it.
                    let kept = store.set(layout.damaged_key, &raw).is_ok();
                    self.paused = !kept;
                    self.seen_revision = peek_revision(&raw).unwrap_or(0);
                    Loaded { doc: fresh(), notice: Some(StorageNotice::Damaged { problem, raw, kept }) }
                }
            },
        }
    }

    /// The players have the damaged data safe (downloaded it or chose to discard it).
    pub fn resume_saving(&mut self) {
        self.paused = false;
    }

    /// Whether saving is paused to protect damaged data.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Saves `doc`, unless another tab has saved a newer revision since this tab last looked
    /// (then nothing is written and [`StorageNotice::Conflict`] is returned). With `force`, the
    /// players chose to keep this tab's version over the other's.
    pub fn save<G: Serialize, S: Serialize>(&mut self, doc: &mut Doc<G, S>, force: bool) -> SaveOutcome {
        if self.paused {
            return SaveOutcome::NotSaved(StorageNotice::Conflict);
        }
        let Some(store) = &self.store else {
            return SaveOutcome::NotSaved(StorageNotice::Unavailable("no local storage".into()));
        };
        let stored_revision = match store.get(self.layout.key) {
            Ok(Some(raw)) => peek_revision(&raw).unwrap_or(0),
            Ok(None) => 0,
            Err(StoreError::Unavailable(why)) => return SaveOutcome::NotSaved(StorageNotice::Unavailable(why)),
            Err(StoreError::Full) => return SaveOutcome::NotSaved(StorageNotice::Full),
        };
        if stored_revision > self.seen_revision && !force {
            return SaveOutcome::NotSaved(StorageNotice::Conflict);
        }
        doc.revision = stored_revision.max(self.seen_revision) + 1;
        doc.writer = self.tab_id.clone();
        match store.set(self.layout.key, &encode(doc)) {
            Ok(()) => {
                self.seen_revision = doc.revision;
                SaveOutcome::Saved
            }
            Err(StoreError::Full) => SaveOutcome::NotSaved(StorageNotice::Full),
            Err(StoreError::Unavailable(why)) => SaveOutcome::NotSaved(StorageNotice::Unavailable(why)),
        }
    }

    /// Another tab wrote `raw` under the layout's key. `dirty` says whether this tab has
    /// changes not yet saved.
    pub fn external_change<G, S>(&mut self, raw: Option<&str>, dirty: bool) -> ExternalChange<G, S>
    where
        G: StoredGame,
        S: DeserializeOwned + Default,
    {
        let Some(raw) = raw else { return ExternalChange::Ignore };
        // Nothing newer than what this tab has seen (its own saves, or the document as it read
        // it): the revision says so without reading every game.
        if peek_revision(raw).is_some_and(|revision| revision <= self.seen_revision) {
            return ExternalChange::Ignore;
        }
        let Ok((doc, _)) = decode(raw, self.layout) else { return ExternalChange::Ignore };
        if doc.revision <= self.seen_revision || doc.writer == self.tab_id {
            return ExternalChange::Ignore;
        }
        if dirty {
            ExternalChange::Conflict(Box::new(doc))
        } else {
            self.seen_revision = doc.revision;
            ExternalChange::Adopt(Box::new(doc))
        }
    }

    /// The players chose the other tab's version in a conflict.
    pub fn adopt<G, S>(&mut self, doc: &Doc<G, S>) {
        self.seen_revision = doc.revision;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::tests::{TOY, Toy, toy};
    use std::rc::Rc;

    const DOC_KEY: &str = TOY.key;
    const DAMAGED_KEY: &str = TOY.damaged_key;

    fn game() -> Toy {
        toy("g1", "Antietam")
    }

    fn load(p: &mut Persistence<impl KeyValueStore>) -> Loaded<Toy, ()> {
        p.load(game)
    }

    #[test]
    fn first_start_is_fresh_and_silent() {
        let mut p = Persistence::new(Some(MemoryStore::new()), "tab-a", &TOY);
        let loaded = load(&mut p);
        assert_eq!(loaded.doc.current_game().unwrap().name, "Antietam");
        assert_eq!(loaded.notice, None);
    }

    #[test]
    fn a_saved_game_comes_back() {
        let store = Rc::new(MemoryStore::new());
        let mut p = Persistence::new(Some(store.clone()), "tab-a", &TOY);
        let mut doc = load(&mut p).doc;
        doc.current_game_mut().unwrap().turn = 4;
        assert_eq!(p.save(&mut doc, false), SaveOutcome::Saved);
        let mut again = Persistence::new(Some(store), "tab-b", &TOY);
        assert_eq!(again.load::<Toy, ()>(|| toy("x", "other")).doc.current_game().unwrap().turn, 4);
    }

    #[test]
    fn damaged_data_is_kept_aside_and_never_overwritten() {
        let store = Rc::new(MemoryStore::new());
        store.set(DOC_KEY, "{\"schema\":1, this is not json").unwrap();
        let mut p = Persistence::new(Some(store.clone()), "tab-a", &TOY);
        let loaded = load(&mut p);
        match &loaded.notice {
            Some(StorageNotice::Damaged { raw, kept: true, .. }) => assert!(raw.contains("not json")),
            other => panic!("expected a damaged notice, got {other:?}"),
        }
        assert_eq!(store.get(DAMAGED_KEY).unwrap().as_deref(), Some("{\"schema\":1, this is not json"));
    }

    #[test]
    fn damaged_data_that_cannot_be_kept_pauses_saving() {
        let raw = "x".repeat(50);
        let store = Rc::new(MemoryStore::with_capacity(60 + DOC_KEY.len()));
        store.set(DOC_KEY, &raw).unwrap();
        let mut p = Persistence::new(Some(store.clone()), "tab-a", &TOY);
        let mut doc = load(&mut p).doc;
        assert!(p.is_paused());
        assert!(matches!(p.save(&mut doc, false), SaveOutcome::NotSaved(_)));
        assert_eq!(store.get(DOC_KEY).unwrap(), Some(raw), "the damaged data was overwritten");
    }

    #[test]
    fn a_newer_version_document_is_not_overwritten_silently() {
        let store = Rc::new(MemoryStore::new());
        let future = "{\"schema\":7,\"revision\":3,\"game\":{}}";
        store.set(DOC_KEY, future).unwrap();
        let mut p = Persistence::new(Some(store.clone()), "tab-a", &TOY);
        let loaded = load(&mut p);
        assert!(matches!(
            loaded.notice,
            Some(StorageNotice::Damaged { problem: DecodeError::Newer { found: 7, .. }, .. })
        ));
        assert_eq!(store.get(DAMAGED_KEY).unwrap().as_deref(), Some(future));
    }

    #[test]
    fn no_storage_keeps_working_in_memory() {
        let mut p: Persistence<MemoryStore> = Persistence::new(None, "tab-a", &TOY);
        let mut loaded = load(&mut p);
        assert!(matches!(loaded.notice, Some(StorageNotice::Unavailable(_))));
        assert!(matches!(p.save(&mut loaded.doc, false), SaveOutcome::NotSaved(StorageNotice::Unavailable(_))));
    }

    #[test]
    fn full_storage_says_so() {
        let store = MemoryStore::with_capacity(20);
        let mut p = Persistence::new(Some(store), "tab-a", &TOY);
        let mut doc = load(&mut p).doc;
        assert_eq!(p.save(&mut doc, false), SaveOutcome::NotSaved(StorageNotice::Full));
    }

    #[test]
    fn two_tabs_never_silently_destroy_each_others_changes() {
        let store = Rc::new(MemoryStore::new());
        let mut a = Persistence::new(Some(store.clone()), "tab-a", &TOY);
        let mut b = Persistence::new(Some(store.clone()), "tab-b", &TOY);
        let mut doc_a = load(&mut a).doc;
        let mut doc_b = load(&mut b).doc;

        doc_a.current_game_mut().unwrap().turn = 2;
        assert_eq!(a.save(&mut doc_a, false), SaveOutcome::Saved);

        // Tab B missed the storage event and saves its own change: refused.
        doc_b.current_game_mut().unwrap().name = "B's name".into();
        assert_eq!(b.save(&mut doc_b, false), SaveOutcome::NotSaved(StorageNotice::Conflict));
        let stored = store.get(DOC_KEY).unwrap().unwrap();
        assert_eq!(decode::<Toy, ()>(&stored, &TOY).unwrap().0.current_game().unwrap().turn, 2);

        // The storage event reaches B: with unsaved changes it is a conflict to ask about.
        assert!(matches!(b.external_change::<Toy, ()>(Some(&stored), true), ExternalChange::Conflict(_)));
        // Without unsaved changes B simply shows A's version...
        match b.external_change::<Toy, ()>(Some(&stored), false) {
            ExternalChange::Adopt(doc) => assert_eq!(doc.current_game().unwrap().turn, 2),
            other => panic!("expected adopt, got {other:?}"),
        }
        // ...and can save on top of it afterwards.
        let mut doc_b = decode::<Toy, ()>(&stored, &TOY).unwrap().0;
        doc_b.current_game_mut().unwrap().turn = 3;
        assert_eq!(b.save(&mut doc_b, false), SaveOutcome::Saved);
        // A keeping its own version over B's must be the players' explicit choice.
        doc_a.current_game_mut().unwrap().turn = 9;
        assert_eq!(a.save(&mut doc_a, false), SaveOutcome::NotSaved(StorageNotice::Conflict));
        assert_eq!(a.save(&mut doc_a, true), SaveOutcome::Saved);
    }

    #[test]
    fn a_tab_ignores_its_own_and_older_writes() {
        let store = Rc::new(MemoryStore::new());
        let mut a = Persistence::new(Some(store.clone()), "tab-a", &TOY);
        let mut doc = load(&mut a).doc;
        a.save(&mut doc, false);
        let raw = store.get(DOC_KEY).unwrap();
        assert_eq!(a.external_change::<Toy, ()>(raw.as_deref(), false), ExternalChange::Ignore);
        assert_eq!(a.external_change::<Toy, ()>(Some("garbage"), false), ExternalChange::Ignore);
    }

    /// A tab starts listening for other tabs' saves only after its first frame (the shell's
    /// `Store::listen`) and then looks at what is stored once: a save made in between is
    /// shown, the document it read itself is not taken for a change.
    #[test]
    fn a_save_before_the_tab_listens_is_found_when_it_looks() {
        let store = Rc::new(MemoryStore::new());
        let mut first = Persistence::new(Some(store.clone()), "tab-a", &TOY);
        let mut doc = load(&mut first).doc;
        first.save(&mut doc, false);

        let mut late = Persistence::new(Some(store.clone()), "tab-b", &TOY);
        load(&mut late);
        let as_read = store.get(DOC_KEY).unwrap();
        assert_eq!(late.external_change::<Toy, ()>(as_read.as_deref(), false), ExternalChange::Ignore);

        doc.current_game_mut().unwrap().turn = 5;
        assert_eq!(first.save(&mut doc, false), SaveOutcome::Saved);
        let now = store.get(DOC_KEY).unwrap();
        match late.external_change::<Toy, ()>(now.as_deref(), false) {
            ExternalChange::Adopt(doc) => assert_eq!(doc.current_game().unwrap().turn, 5),
            other => panic!("expected the other tab's save, got {other:?}"),
        }
    }
}
