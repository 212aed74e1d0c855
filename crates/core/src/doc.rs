//! The stored document: every saved game of every system, the device's settings and each
//! system's own device data, under one storage key, with its layout number.
//!
//! [`Doc`] is generic over the app's saved game `G` (one variant per system, each tagged with
//! its system's id) and the systems' device data `S`. The app names its layout in a
//! [`Layout`]: the number it writes and one migration per older number. [`decode`] migrates an
//! older document forward one step at a time and refuses, without touching it, a document it
//! cannot read.

use crate::settings::Settings;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// Refuse documents larger than this many bytes before parsing them (5 MB is the usual
/// local storage quota, so nothing real is larger).
pub const MAX_DOC_BYTES: usize = 8 * 1024 * 1024;

/// Most saved games kept side by side. An app limit, so storage cannot fill silently.
pub const MAX_GAMES: usize = 50;

/// One saved game, whatever its system: what the envelope and the saved games list need.
pub trait StoredGame: Clone + Sized {
    /// Reads a stored game (its system named by a field of its own) from its JSON. Each game
    /// is read from the document's JSON on its own, so that a system's game is read by that
    /// system's reader alone, with no buffering of unknown fields.
    fn from_stored(value: Value) -> Result<Self, String>;
    /// Stable identity, unique among the saved games.
    fn id(&self) -> &str;
    /// Gives the game a new identity (a copy, an import).
    fn set_id(&mut self, id: String);
    /// The name the players gave it.
    fn name(&self) -> &str;
    /// Renames it.
    fn set_name(&mut self, name: String);
    /// One line of the saved games list.
    fn summary(&self) -> Summary;
}

/// What the saved games list says of a game, in its system's words.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The system's name ("Johnny Reb (2nd edition)").
    pub system: &'static str,
    /// Where it stands ("Turn 3, phase 5 of 8: Charges").
    pub progress: String,
    /// How big it is ("12 regiments").
    pub size: String,
    /// When it last changed, milliseconds since the epoch.
    pub last_change_ms: Option<f64>,
}

/// Everything the app stores. Read only through [`decode`] (each game by
/// [`StoredGame::from_stored`]); written by [`encode`].
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(bound(serialize = "G: Serialize, S: Serialize"))]
pub struct Doc<G, S> {
    /// The layout number, the app's [`Layout::current`] once decoded.
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
    pub games: Vec<G>,
    /// The id of the open game, one of `games`.
    pub current: String,
    /// Each system's own device data (the players' entered table values, say).
    #[serde(default)]
    pub systems: S,
}

impl<G: StoredGame, S: Default> Doc<G, S> {
    /// A first-run document holding one game, open.
    pub fn fresh(layout: &Layout, game: G) -> Self {
        Doc {
            schema: layout.current,
            revision: 0,
            writer: String::new(),
            settings: Settings::default(),
            current: game.id().to_string(),
            games: vec![game],
            systems: S::default(),
        }
    }
}

impl<G: StoredGame, S> Doc<G, S> {
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
            if !ids.insert(g.id()) {
                return Err(format!("two games have the id {}", crate::names::shown(g.id())));
            }
        }
        if !ids.contains(self.current.as_str()) {
            self.current = self.games.first().map(|g| g.id().to_string()).unwrap_or_default();
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
        /// The newest this version reads.
        reads: u32,
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
            DecodeError::Newer { found, reads } => write!(
                f,
                "the saved data was written by a newer version of the app (format {found}; this version reads up to {reads})"
            ),
            DecodeError::TooLarge { bytes } => write!(f, "the saved data is too large to be a game ({bytes} bytes)"),
        }
    }
}

/// One migration: turns a document of schema `n` into schema `n + 1`.
pub type Migration = fn(Value) -> Result<Value, String>;

/// The app's stored layout: its storage keys, the number it writes, and how to bring every
/// older number forward.
pub struct Layout {
    /// The storage key of the document.
    pub key: &'static str,
    /// Where a document that could not be read is kept, untouched, for the players to download.
    pub damaged_key: &'static str,
    /// The layout this build writes.
    pub current: u32,
    /// `migrations[i]` migrates schema `i + 1` to `i + 2`: exactly `current - 1` of them.
    pub migrations: &'static [Migration],
}

/// The document's own fields, read before its games.
#[derive(Deserialize)]
struct Envelope<S> {
    schema: u32,
    revision: u64,
    #[serde(default)]
    writer: String,
    #[serde(default)]
    settings: Settings,
    current: String,
    #[serde(default)]
    systems: S,
}

/// The header fields read before anything else.
#[derive(Deserialize)]
struct Header {
    schema: u32,
    #[serde(default)]
    revision: u64,
}

/// Reads only the revision of a stored document.
pub fn peek_revision(raw: &str) -> Option<u64> {
    serde_json::from_str::<Header>(raw).ok().map(|h| h.revision)
}

/// Brings a stored document of any known schema to `layout.current`, as JSON: the size, the
/// format number and every migration are checked. Returns the value and the schema found.
pub fn migrate(raw: &str, layout: &Layout) -> Result<(Value, u32), DecodeError> {
    if raw.len() > MAX_DOC_BYTES {
        return Err(DecodeError::TooLarge { bytes: raw.len() });
    }
    let mut value: Value = serde_json::from_str(raw).map_err(|e| DecodeError::Corrupt(e.to_string()))?;
    let header: Header =
        Header::deserialize(&value).map_err(|e| DecodeError::Corrupt(format!("no format number: {e}")))?;
    if header.schema > layout.current {
        return Err(DecodeError::Newer { found: header.schema, reads: layout.current });
    }
    if header.schema == 0 {
        return Err(DecodeError::Corrupt("format number 0 was never written".into()));
    }
    let mut schema = header.schema;
    while schema < layout.current {
        let step = layout
            .migrations
            .get((schema - 1) as usize)
            .ok_or_else(|| DecodeError::Corrupt(format!("no migration from format {schema}")))?;
        value = step(value).map_err(|e| DecodeError::Corrupt(format!("migrating format {schema}: {e}")))?;
        schema += 1;
        if let Some(obj) = value.as_object_mut() {
            obj.insert("schema".into(), Value::from(schema));
        }
    }
    Ok((value, header.schema))
}

/// Parses a stored document of any known schema into the current layout.
///
/// Returns the document and whether it was migrated.
pub fn decode<G, S>(raw: &str, layout: &Layout) -> Result<(Doc<G, S>, bool), DecodeError>
where
    G: StoredGame,
    S: DeserializeOwned + Default,
{
    let (mut value, found) = migrate(raw, layout)?;
    let games = match value.as_object_mut().and_then(|o| o.remove("games")) {
        Some(Value::Array(games)) => games,
        Some(_) => return Err(DecodeError::Corrupt("its games are not a list".into())),
        None => return Err(DecodeError::Corrupt("missing field `games`".into())),
    };
    let envelope: Envelope<S> = serde_json::from_value(value).map_err(|e| DecodeError::Corrupt(e.to_string()))?;
    let games = games
        .into_iter()
        .enumerate()
        .map(|(i, g)| G::from_stored(g).map_err(|e| DecodeError::Corrupt(format!("game {}: {e}", i + 1))))
        .collect::<Result<Vec<G>, DecodeError>>()?;
    let Envelope { schema, revision, writer, settings, current, systems } = envelope;
    let mut doc = Doc { schema, revision, writer, settings, games, current, systems };
    doc.check().map_err(DecodeError::Corrupt)?;
    Ok((doc, found != layout.current))
}

/// Serialises a document for storage.
pub fn encode<G: Serialize, S: Serialize>(doc: &Doc<G, S>) -> String {
    // Serialising plain data with string keys cannot fail; an empty string would be refused
    // by decode, never silently accepted.
    serde_json::to_string(doc).unwrap_or_default()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A toy game for the envelope's own tests.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub struct Toy {
        pub id: String,
        pub name: String,
        #[serde(default)]
        pub turn: u32,
    }

    impl StoredGame for Toy {
        fn from_stored(value: Value) -> Result<Self, String> {
            serde_json::from_value(value).map_err(|e| e.to_string())
        }
        fn id(&self) -> &str {
            &self.id
        }
        fn set_id(&mut self, id: String) {
            self.id = id;
        }
        fn name(&self) -> &str {
            &self.name
        }
        fn set_name(&mut self, name: String) {
            self.name = name;
        }
        fn summary(&self) -> Summary {
            Summary {
                system: "Toy",
                progress: format!("Turn {}", self.turn),
                size: String::new(),
                last_change_ms: None,
            }
        }
    }

    pub type ToyDoc = Doc<Toy, ()>;

    fn one_game_to_many(mut value: Value) -> Result<Value, String> {
        let obj = value.as_object_mut().ok_or("the document is not an object")?;
        let game = obj.remove("game").ok_or("it has no game")?;
        let id = game.get("id").and_then(Value::as_str).ok_or("its game has no id")?.to_string();
        obj.insert("games".into(), Value::Array(vec![game]));
        obj.insert("current".into(), Value::String(id));
        Ok(value)
    }

    pub const TOY: Layout =
        Layout { key: "toy", damaged_key: "toy.damaged", current: 2, migrations: &[one_game_to_many] };

    pub fn toy(id: &str, name: &str) -> Toy {
        Toy { id: id.into(), name: name.into(), turn: 1 }
    }

    fn doc() -> ToyDoc {
        Doc::fresh(&TOY, toy("g1", "Gettysburg"))
    }

    #[test]
    fn current_documents_round_trip() {
        let d = doc();
        assert_eq!(decode(&encode(&d), &TOY), Ok((d, false)));
    }

    #[test]
    fn a_newer_document_is_refused_not_misread() {
        let raw = encode(&doc()).replacen("\"schema\":2", "\"schema\":99", 1);
        assert_eq!(decode::<Toy, ()>(&raw, &TOY), Err(DecodeError::Newer { found: 99, reads: 2 }));
    }

    #[test]
    fn damaged_documents_say_what_is_wrong() {
        for raw in ["", "{", "null", "[]", "{\"schema\":1}", "{\"schema\":\"one\"}", "{\"schema\":0,\"revision\":1}"] {
            assert!(matches!(decode::<Toy, ()>(raw, &TOY), Err(DecodeError::Corrupt(_))), "{raw:?}");
        }
        let huge = "x".repeat(MAX_DOC_BYTES + 1);
        assert!(matches!(decode::<Toy, ()>(&huge, &TOY), Err(DecodeError::TooLarge { .. })));
    }

    #[test]
    fn an_older_document_is_migrated_one_step_at_a_time() {
        let old = r#"{"schema":1,"revision":7,"writer":"tab-x","settings":{"theme":"Dark"},
            "game":{"id":"g9","name":"Shiloh","turn":3}}"#;
        let (d, migrated): (ToyDoc, bool) = decode(old, &TOY).unwrap();
        assert!(migrated);
        assert_eq!((d.schema, d.revision, d.writer.as_str(), d.current.as_str()), (2, 7, "tab-x", "g9"));
        assert_eq!(d.settings.theme, crate::settings::Theme::Dark);
        assert_eq!(d.games, vec![Toy { id: "g9".into(), name: "Shiloh".into(), turn: 3 }]);
        assert_eq!(decode(&encode(&d), &TOY).unwrap(), (d, false));
    }

    #[test]
    fn a_missing_migration_is_a_damaged_document_not_a_panic() {
        const GAP: Layout = Layout { key: "gap", damaged_key: "gap.d", current: 3, migrations: &[] };
        assert!(
            matches!(decode::<Toy, ()>(r#"{"schema":1,"revision":1}"#, &GAP), Err(DecodeError::Corrupt(m)) if m.contains("no migration"))
        );
    }

    #[test]
    fn documents_keep_their_promises() {
        let mut d = doc();
        d.games.push(toy("g1", "Twin"));
        assert!(
            matches!(decode::<Toy, ()>(&encode(&d), &TOY), Err(DecodeError::Corrupt(m)) if m.contains("two games"))
        );
        let mut d = doc();
        d.games.clear();
        assert!(matches!(decode::<Toy, ()>(&encode(&d), &TOY), Err(DecodeError::Corrupt(m)) if m.contains("no game")));
        let mut d = doc();
        d.current = "gone".into();
        assert_eq!(decode::<Toy, ()>(&encode(&d), &TOY).unwrap().0.current, "g1");
    }

    proptest! {
        #[test]
        fn decode_never_panics(raw in ".{0,200}") {
            let _ = decode::<Toy, ()>(&raw, &TOY);
        }
    }
}
