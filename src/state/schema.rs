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
pub const CURRENT_SCHEMA: u32 = 1;

/// Refuse documents larger than this many bytes before parsing them (5 MB is the usual
/// local storage quota, so nothing real is larger).
pub const MAX_DOC_BYTES: usize = 8 * 1024 * 1024;

/// Everything the app stores.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AppDoc {
    pub schema: u32,
    /// Raised on every save; a stored revision above the one this tab last saw means another
    /// tab wrote in between.
    pub revision: u64,
    /// Which tab wrote it last.
    #[serde(default)]
    pub writer: String,
    #[serde(default)]
    pub settings: Settings,
    pub game: Game,
    /// The players' Tables Card entries: values the transcription lacks, or their card's
    /// value over a shipped one.
    #[serde(default)]
    pub table_entries: Overrides,
}

impl AppDoc {
    /// A first-run document.
    pub fn fresh(game: Game) -> AppDoc {
        AppDoc {
            schema: CURRENT_SCHEMA,
            revision: 0,
            writer: String::new(),
            settings: Settings::default(),
            game,
            table_entries: Overrides::new(),
        }
    }
}

/// Why a stored document could not be read. The raw text is kept by the caller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Not JSON, or not the shape this app writes.
    Corrupt(String),
    /// Written by a newer version of the app than this one.
    Newer { found: u32 },
    /// Too large to be anything this app wrote.
    TooLarge { bytes: usize },
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
const MIGRATIONS: &[Migration] = &[];

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
    let doc: AppDoc = serde_json::from_value(value).map_err(|e| DecodeError::Corrupt(e.to_string()))?;
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
        let raw = encode(&doc()).replacen("\"schema\":1", "\"schema\":99", 1);
        assert_eq!(decode(&raw), Err(DecodeError::Newer { found: 99 }));
    }

    #[test]
    fn damaged_documents_say_what_is_wrong() {
        for raw in ["", "{", "null", "[]", "{\"schema\":1}", "{\"schema\":\"one\"}", "{\"schema\":0,\"revision\":1}"] {
            assert!(matches!(decode(raw), Err(DecodeError::Corrupt(_))), "{raw:?}");
        }
    }

    proptest! {
        #[test]
        fn decode_never_panics(raw in ".{0,200}") {
            let _ = decode(&raw);
        }
    }
}
