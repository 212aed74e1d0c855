//! The stored document and its versions.
//!
//! Everything the app keeps lives in one JSON document, [`AppDoc`], under one storage key. Its
//! `schema` number says which layout it has; [`decode`] migrates any earlier layout forward
//! one step at a time and refuses, without touching it, a document it cannot read.

use super::game::Game;
use super::settings::Settings;
use crate::rules::Overrides;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// The layout this build writes.
pub const CURRENT_SCHEMA: u32 = 2;

/// Refuse documents larger than this many bytes before parsing them (5 MB is the usual
/// local storage quota, so nothing real is larger).
pub const MAX_DOC_BYTES: usize = 8 * 1024 * 1024;

/// Most saved games kept side by side. An app limit, so storage cannot fill silently.
pub const MAX_GAMES: usize = 50;

/// Everything the app stores.
///
/// Schema 1 held one `game`; schema 2 holds every saved game and the id of the open one
/// (see [`super::saves`] for the operations on them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AppDoc {
    /// The layout number, [`CURRENT_SCHEMA`] once decoded.
    pub schema: u32,
    /// Raised on every save; a stored revision above the one this tab last saw means another
    /// tab wrote in between.
    pub revision: u64,
    /// Which tab wrote it last.
    #[serde(default)]
    pub writer: String,
    /// Device settings.
    #[serde(default)]
    pub settings: Settings,
    /// Every saved game, in the order the list shows them. Never empty once decoded.
    pub games: Vec<Game>,
    /// The id of the open game, one of `games`.
    pub current: String,
    /// The players' Tables Card entries: values the transcription lacks, or their card's
    /// value over a shipped one.
    #[serde(default)]
    pub table_entries: Overrides,
}

impl AppDoc {
    /// A first-run document holding one game, open.
    pub fn fresh(game: Game) -> AppDoc {
        AppDoc {
            schema: CURRENT_SCHEMA,
            revision: 0,
            writer: String::new(),
            settings: Settings::default(),
            current: game.id.clone(),
            games: vec![game],
            table_entries: Overrides::new(),
        }
    }

    /// Checks what a decoded document promises: at least one game, at most [`MAX_GAMES`],
    /// unique game ids. An unknown `current` is repaired to the first game (nothing is lost).
    pub fn check(&mut self) -> Result<(), String> {
        if self.games.is_empty() {
            return Err("it holds no game".into());
        }
        if self.games.len() > MAX_GAMES {
            return Err(format!("it holds {} games; the app keeps at most {MAX_GAMES}", self.games.len()));
        }
        let mut ids = std::collections::HashSet::new();
        for g in &self.games {
            if !ids.insert(g.id.as_str()) {
                return Err(format!("two games have the id {}", super::roster::shown(&g.id)));
            }
        }
        if !ids.contains(self.current.as_str()) {
            self.current = self.games.first().map(|g| g.id.clone()).unwrap_or_default();
        }
        Ok(())
    }
}

/// Why a stored document could not be read. The raw text is kept by the caller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Not JSON, or not the shape this app writes.
    Corrupt(String),
    /// Written by a newer version of the app than this one.
    Newer {
        /// The format number found.
        found: u32,
    },
    /// Too large to be anything this app wrote.
    TooLarge {
        /// Its size.
        bytes: usize,
    },
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Corrupt(why) => write!(f, "the saved data is damaged ({why})"),
            DecodeError::Newer { found } => write!(
                f,
                "the saved data was written by a newer version of the app (format {found}; this version reads up to {CURRENT_SCHEMA})"
            ),
            DecodeError::TooLarge { bytes } => write!(f, "the saved data is too large to be a game ({bytes} bytes)"),
        }
    }
}

/// One migration: turns a document of schema `n` into schema `n + 1`.
type Migration = fn(Value) -> Result<Value, String>;

/// `MIGRATIONS[i]` migrates schema `i + 1` to `i + 2`. Each has its own test below. A new
/// layout adds one function here and raises [`CURRENT_SCHEMA`].
const MIGRATIONS: &[Migration] = &[one_game_to_many];

/// Schema 1 to 2: the one `game` becomes the only entry of `games`, and is the open one.
/// Its missing roster is filled by `#[serde(default)]` when the game is read.
fn one_game_to_many(mut value: Value) -> Result<Value, String> {
    let obj = value.as_object_mut().ok_or("the document is not an object")?;
    let game = obj.remove("game").ok_or("it has no game")?;
    let id = game
        .get("id")
        .and_then(Value::as_str)
        .ok_or("its game has no id")?
        .to_string();
    obj.insert("games".into(), Value::Array(vec![game]));
    obj.insert("current".into(), Value::String(id));
    Ok(value)
}

/// The header fields read before anything else.
#[derive(Deserialize)]
struct Header {
    schema: u32,
    #[serde(default)]
    revision: u64,
}

/// Reads only the schema and revision of a stored document.
pub fn peek_revision(raw: &str) -> Option<u64> {
    serde_json::from_str::<Header>(raw).ok().map(|h| h.revision)
}

/// Parses a stored document of any known schema into the current layout.
///
/// Returns the document and whether it was migrated.
pub fn decode(raw: &str) -> Result<(AppDoc, bool), DecodeError> {
    if raw.len() > MAX_DOC_BYTES {
        return Err(DecodeError::TooLarge { bytes: raw.len() });
    }
    let mut value: Value = serde_json::from_str(raw).map_err(|e| DecodeError::Corrupt(e.to_string()))?;
    let header: Header = serde_json::from_value(value.clone())
        .map_err(|e| DecodeError::Corrupt(format!("no format number: {e}")))?;
    if header.schema > CURRENT_SCHEMA {
        return Err(DecodeError::Newer { found: header.schema });
    }
    if header.schema == 0 {
        return Err(DecodeError::Corrupt("format number 0 was never written".into()));
    }
    let mut schema = header.schema;
    while schema < CURRENT_SCHEMA {
        let step = MIGRATIONS
            .get((schema - 1) as usize)
            .ok_or_else(|| DecodeError::Corrupt(format!("no migration from format {schema}")))?;
        value = step(value).map_err(|e| DecodeError::Corrupt(format!("migrating format {schema}: {e}")))?;
        schema += 1;
        if let Some(obj) = value.as_object_mut() {
            obj.insert("schema".into(), Value::from(schema));
        }
    }
    let mut doc: AppDoc = serde_json::from_value(value).map_err(|e| DecodeError::Corrupt(e.to_string()))?;
    doc.check().map_err(DecodeError::Corrupt)?;
    Ok((doc, header.schema != CURRENT_SCHEMA))
}

/// Serialises a document for storage.
pub fn encode(doc: &AppDoc) -> String {
    // Serialising plain data with string keys cannot fail; an empty string would be refused
    // by decode, never silently accepted.
    serde_json::to_string(doc).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::game::Game;
    use proptest::prelude::*;

    fn doc() -> AppDoc {
        AppDoc::fresh(Game::new("g1", "Gettysburg"))
    }

    #[test]
    fn current_documents_round_trip() {
        let d = doc();
        assert_eq!(decode(&encode(&d)), Ok((d, false)));
    }

    #[test]
    fn table_entries_are_kept_and_default_to_none() {
        use crate::rules::{CellRef, Entered, Ratio};
        let mut d = doc();
        d.table_entries.set(CellRef::new("Table 10", "row 80", "roll 9"), Entered::Value(Ratio::whole(11)));
        assert_eq!(decode(&encode(&d)), Ok((d.clone(), false)));
        // A document saved before the field existed reads with no entries.
        let mut value: serde_json::Value = serde_json::from_str(&encode(&d)).unwrap();
        value.as_object_mut().unwrap().remove("table_entries");
        let (old, _) = decode(&value.to_string()).unwrap();
        assert!(old.table_entries.is_empty());
    }

    #[test]
    fn every_schema_below_current_has_a_migration() {
        assert_eq!(MIGRATIONS.len() as u32, CURRENT_SCHEMA - 1);
    }

    #[test]
    fn a_newer_document_is_refused_not_misread() {
        let raw = encode(&doc()).replacen(&format!("\"schema\":{CURRENT_SCHEMA}"), "\"schema\":99", 1);
        assert_eq!(decode(&raw), Err(DecodeError::Newer { found: 99 }));
    }

    #[test]
    fn damaged_documents_say_what_is_wrong() {
        for raw in ["", "{", "null", "[]", "{\"schema\":1}", "{\"schema\":\"one\"}", "{\"schema\":0,\"revision\":1}"] {
            assert!(matches!(decode(raw), Err(DecodeError::Corrupt(_))), "{raw:?}");
        }
    }

    #[test]
    fn migration_1_to_2_keeps_the_one_game_as_the_open_one() {
        // A document as schema 1 wrote it: one game, no roster.
        let old = r#"{"schema":1,"revision":7,"writer":"tab-x","settings":{"theme":"Dark"},
            "game":{"id":"g9","name":"Shiloh","turn":3,"phase":"Charges","log":[]}}"#;
        let (d, migrated) = decode(old).unwrap();
        assert!(migrated);
        assert_eq!(d.schema, 2);
        assert_eq!((d.revision, d.writer.as_str()), (7, "tab-x"));
        assert_eq!(d.settings.theme, crate::state::settings::Theme::Dark);
        assert_eq!(d.games.len(), 1);
        assert_eq!(d.current, "g9");
        assert_eq!((d.games[0].name.as_str(), d.games[0].turn), ("Shiloh", 3));
        assert!(d.games[0].roster.union.divisions.is_empty());
        // And it round-trips in the new layout.
        assert_eq!(decode(&encode(&d)).unwrap(), (d, false));
    }

    #[test]
    fn migration_1_to_2_refuses_a_document_without_a_game() {
        assert!(matches!(decode(r#"{"schema":1,"revision":1}"#), Err(DecodeError::Corrupt(_))));
        assert!(matches!(decode(r#"{"schema":1,"revision":1,"game":{"name":"x"}}"#), Err(DecodeError::Corrupt(_))));
    }

    #[test]
    fn schema_2_documents_keep_their_promises() {
        let mut d = doc();
        d.games.push(Game::new("g1", "Twin"));
        assert!(matches!(decode(&encode(&d)), Err(DecodeError::Corrupt(m)) if m.contains("two games")));
        let mut d = doc();
        d.games.clear();
        assert!(matches!(decode(&encode(&d)), Err(DecodeError::Corrupt(m)) if m.contains("no game")));
        let mut d = doc();
        d.current = "gone".into();
        assert_eq!(decode(&encode(&d)).unwrap().0.current, "g1");
    }

    proptest! {
        #[test]
        fn decode_never_panics(raw in ".{0,200}") {
            let _ = decode(&raw);
        }
    }
}
