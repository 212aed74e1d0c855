//! The checks every imported file goes through before its own, whatever its system.
//!
//! In this order, refusing at the first problem with a message that says exactly what is
//! wrong: size, nesting ([`MAX_DEPTH`]), JSON syntax, every text's length
//! ([`MAX_TEXT_CHARS`]), every list's length ([`MAX_LIST_LEN`]), every number's size
//! ([`MAX_NUMBER`]), the kind of file (its `format`) and its version (`schema`). A system's
//! own reader then checks the types and its game's own rules. Reading never touches what is
//! saved: the functions here are pure.

use crate::doc::{DecodeError, Doc, Layout, MAX_DOC_BYTES, MAX_GAMES, StoredGame, decode};
use crate::names::shown;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;
use std::ops::RangeInclusive;

/// Largest game or army list file accepted, in bytes. A 100-unit game with a long log is
/// well under 200 KB.
pub const MAX_FILE_BYTES: usize = 1024 * 1024;
/// Largest backup accepted: what the app may store ([`MAX_DOC_BYTES`]).
pub const MAX_BACKUP_BYTES: usize = MAX_DOC_BYTES;
/// Deepest nesting of lists and objects accepted. The app writes at most 9 levels.
pub const MAX_DEPTH: usize = 16;
/// Longest text accepted anywhere in a file, in characters (names have their own limit,
/// [`crate::names::MAX_NAME_CHARS`]; log lines are longer).
pub const MAX_TEXT_CHARS: usize = 1000;
/// Longest list accepted anywhere in a file (a game's log is the longest).
pub const MAX_LIST_LEN: usize = 20_000;
/// Largest number accepted anywhere in a file (times in milliseconds are about 2e12).
pub const MAX_NUMBER: f64 = 1e15;

/// Why a file was refused. Nothing saved was touched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// Larger than the limit.
    TooLarge {
        /// The file's size.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// Nested deeper than [`MAX_DEPTH`].
    TooDeep,
    /// Not JSON.
    NotJson(String),
    /// A text, a list or a number beyond the limits, at this place in the file.
    Limit(String),
    /// Another kind of file (or none of the app's): found this `format`.
    WrongKind {
        /// The format looked for.
        expected: &'static str,
        /// What the players call that kind of file ("a game").
        kind: &'static str,
        /// The format found.
        found: String,
    },
    /// Written by a newer version of the app.
    Newer {
        /// The format number found.
        found: u32,
        /// The newest this version reads.
        reads: u32,
    },
    /// The right kind of file, but a value of the wrong type or shape.
    WrongShape(String),
    /// Well-formed, but not a sound game: the text says what and where.
    Invalid(String),
    /// The saved games are full ([`MAX_GAMES`]).
    NoRoom,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::TooLarge { bytes, limit } => {
                write!(f, "The file is too large ({bytes} bytes; the limit is {limit}).")
            }
            ImportError::TooDeep => {
                write!(f, "The file is nested more than {MAX_DEPTH} levels deep: it is not one of this app's files.")
            }
            ImportError::NotJson(e) => write!(f, "The file is not valid JSON ({e})."),
            ImportError::Limit(e) => write!(f, "The file has {e}."),
            ImportError::WrongKind { kind, found, .. } => {
                write!(f, "This is not {kind} file (its format is {}).", shown(found))
            }
            ImportError::Newer { found, reads } => write!(
                f,
                "The file was written by a newer version of the app (format {found}; this version reads up to {reads})."
            ),
            ImportError::WrongShape(e) => write!(f, "The file has a value of the wrong type: {e}."),
            ImportError::Invalid(e) => write!(f, "The file's game is not sound: {e}."),
            ImportError::NoRoom => {
                write!(f, "This device already keeps {MAX_GAMES} games: delete or export some first.")
            }
        }
    }
}

/// A kind of file the app writes: its `format` tag, what the players call it, and the
/// `schema` numbers it was ever written with.
#[derive(Clone, Debug)]
pub struct FileKind {
    /// The `format` field.
    pub format: &'static str,
    /// What the players call it, with its article ("a game", "an army list").
    pub called: &'static str,
    /// The `schema` numbers this build reads.
    pub schemas: RangeInclusive<u32>,
}

#[derive(Deserialize)]
struct Header {
    format: Option<Value>,
    schema: Option<Value>,
}

/// Nesting depth of JSON text, without parsing it (so that deep nesting is refused before
/// the parser meets it).
fn depth(raw: &str) -> usize {
    let (mut depth, mut max, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    for b in raw.bytes() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// Checks every text, list and number against the limits; the error names the place.
fn check_limits(value: &Value, path: &mut String) -> Result<(), ImportError> {
    match value {
        Value::String(s) => {
            let n = s.chars().count();
            if n > MAX_TEXT_CHARS {
                return Err(ImportError::Limit(format!(
                    "a text of {n} characters at {path} (the limit is {MAX_TEXT_CHARS})"
                )));
            }
        }
        Value::Number(n) => {
            let big = n.as_f64().is_none_or(|x| !x.is_finite() || x.abs() > MAX_NUMBER);
            if big {
                return Err(ImportError::Limit(format!("a number too large at {path} ({n})")));
            }
        }
        Value::Array(items) => {
            if items.len() > MAX_LIST_LEN {
                return Err(ImportError::Limit(format!(
                    "a list of {} items at {path} (the limit is {MAX_LIST_LEN})",
                    items.len()
                )));
            }
            for (i, item) in items.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                check_limits(item, path)?;
                path.truncate(len);
            }
        }
        Value::Object(map) => {
            if map.len() > MAX_LIST_LEN {
                return Err(ImportError::Limit(format!("an object of {} fields at {path}", map.len())));
            }
            for (k, item) in map {
                if k.chars().count() > MAX_TEXT_CHARS {
                    return Err(ImportError::Limit(format!(
                        "a field name of {} characters at {path}",
                        k.chars().count()
                    )));
                }
                let len = path.len();
                path.push('.');
                path.push_str(&k.chars().take(40).collect::<String>());
                check_limits(item, path)?;
                path.truncate(len);
            }
        }
        Value::Null | Value::Bool(_) => {}
    }
    Ok(())
}

/// The format tag of a file, if it is JSON with one (to tell the players what a file is
/// before reading it as one kind or another).
pub fn format_of(raw: &str) -> Option<String> {
    if raw.len() > MAX_BACKUP_BYTES || depth(raw) > MAX_DEPTH {
        return None;
    }
    let value: Value = serde_json::from_str(raw).ok()?;
    value.get("format").and_then(Value::as_str).map(str::to_string)
}

/// The checks every file goes through before its own: size, depth, JSON, limits, kind and
/// version. Returns the file as JSON for the system's typed reading.
///
/// ```
/// use companion_core::exchange::{precheck, FileKind, ImportError};
/// let game = FileKind { format: "toy/game", called: "a game", schemas: 2..=2 };
/// assert!(precheck(r#"{"format":"toy/game","schema":2}"#, 1000, &game).is_ok());
/// assert!(matches!(precheck(r#"{"format":"toy/game","schema":3}"#, 1000, &game), Err(ImportError::Newer { found: 3, .. })));
/// assert!(matches!(precheck(r#"{"format":"other"}"#, 1000, &game), Err(ImportError::WrongKind { .. })));
/// ```
pub fn precheck(raw: &str, limit: usize, kind: &FileKind) -> Result<Value, ImportError> {
    if raw.len() > limit {
        return Err(ImportError::TooLarge { bytes: raw.len(), limit });
    }
    if depth(raw) > MAX_DEPTH {
        return Err(ImportError::TooDeep);
    }
    let value: Value = serde_json::from_str(raw).map_err(|e| ImportError::NotJson(e.to_string()))?;
    check_limits(&value, &mut String::from("the top"))?;
    let wrong = |found: String| ImportError::WrongKind { expected: kind.format, kind: kind.called, found };
    let header = Header::deserialize(&value).map_err(|_| wrong("not an object".into()))?;
    let found = match header.format {
        Some(Value::String(s)) => s,
        Some(other) => other.to_string(),
        None => "missing".into(),
    };
    if found != kind.format {
        return Err(wrong(found));
    }
    let schema = header
        .schema
        .as_ref()
        .and_then(Value::as_u64)
        .ok_or_else(|| ImportError::WrongShape("\u{201c}schema\u{201d} is not a whole number".into()))?;
    let newest = *kind.schemas.end();
    if schema > u64::from(newest) {
        return Err(ImportError::Newer { found: schema.min(u64::from(u32::MAX)) as u32, reads: newest });
    }
    if schema < u64::from(*kind.schemas.start()) {
        return Err(ImportError::WrongShape(format!("format number {schema} was never written for files")));
    }
    Ok(value)
}

/// Indents a compact file for people to read. Going through `Value` reuses the compact
/// serializer the stored document needs, instead of a second, pretty one for every type:
/// that keeps the wasm small.
pub fn pretty(compact: String) -> String {
    match serde_json::from_str::<Value>(&compact) {
        Ok(v) => serde_json::to_string_pretty(&v).unwrap_or(compact),
        Err(_) => compact,
    }
}

#[derive(Serialize)]
struct GameOut<'a, G> {
    format: &'a str,
    schema: u32,
    game: &'a G,
}

#[derive(Deserialize)]
struct GameIn<G> {
    game: G,
}

/// A game of any system as a file of `kind` (`format`, `schema`, `game`), written at the
/// newest schema `kind` reads, indented for people to read.
pub fn export_game_file<G: Serialize>(kind: &FileKind, game: &G) -> String {
    let file = GameOut { format: kind.format, schema: *kind.schemas.end(), game };
    pretty(serde_json::to_string(&file).unwrap_or_default())
}

/// Reads a game file of `kind`: [`precheck`]'s checks, then the game's types (the system's
/// own rules are the caller's). Pure: nothing saved is touched.
///
/// ```
/// use companion_core::exchange::{export_game_file, read_game_file, FileKind, ImportError};
/// const GAME: FileKind = FileKind { format: "toy/game", called: "a game", schemas: 1..=1 };
/// let file = export_game_file(&GAME, &vec![3u8, 4]);
/// assert_eq!(read_game_file::<Vec<u8>>(&file, &GAME), Ok(vec![3, 4]));
/// assert!(matches!(read_game_file::<Vec<u8>>("{\"format\":\"toy/game\",\"schema\":1}", &GAME), Err(ImportError::WrongShape(_))));
/// ```
pub fn read_game_file<G: DeserializeOwned>(raw: &str, kind: &FileKind) -> Result<G, ImportError> {
    let value = precheck(raw, MAX_FILE_BYTES, kind)?;
    let file: GameIn<G> = serde_json::from_value(value).map_err(|e| ImportError::WrongShape(e.to_string()))?;
    Ok(file.game)
}

/// Longest game id a file may carry (the app writes short random ids).
pub const MAX_GAME_ID_CHARS: usize = 64;

/// The checks every system's game read from a file or a backup must pass beyond its types: a
/// clean name, an id of 1 to [`MAX_GAME_ID_CHARS`] characters, log lines at real times. A
/// system adds its own after these.
///
/// ```
/// use companion_core::exchange::check_game_header;
/// use companion_core::log::LogEntry;
/// let log = vec![LogEntry::new(1, (), 1.0e12, "Turn 1".to_string())];
/// assert_eq!(check_game_header("Gettysburg", "g1", &log), Ok(()));
/// assert!(check_game_header("<script>", "g1", &log).unwrap_err().contains("game name"));
/// assert!(check_game_header("Gettysburg", "", &log).is_err());
/// let bad = vec![LogEntry::new(1, (), f64::NAN, "Turn 1".to_string())];
/// assert!(check_game_header("Gettysburg", "g1", &bad).is_err());
/// ```
pub fn check_game_header<P>(name: &str, id: &str, log: &[crate::log::LogEntry<P>]) -> Result<(), String> {
    crate::names::clean_name(name).map_err(|e| format!("game name {}: {e}", shown(name)))?;
    if id.is_empty() || id.chars().count() > MAX_GAME_ID_CHARS {
        return Err("the game's id is empty or too long".into());
    }
    if log.iter().any(|e| !e.at_ms.is_finite()) {
        return Err("a log entry has an impossible time".into());
    }
    Ok(())
}

#[derive(Serialize)]
struct BackupOut<'a, D> {
    format: &'a str,
    schema: u32,
    doc: &'a D,
}

/// A file's text: `file` as indented JSON, for the systems whose crates do not write JSON
/// themselves (a system's file type always serializes; an empty text would be refused on
/// import, never read as something else).
///
/// ```
/// use companion_core::exchange::{file_text, precheck, FileKind};
/// #[derive(serde::Serialize)]
/// struct Toy { format: &'static str, schema: u32 }
/// let text = file_text(&Toy { format: "toy/file", schema: 1 });
/// let kind = FileKind { format: "toy/file", called: "a toy file", schemas: 1..=1 };
/// assert!(precheck(&text, 1000, &kind).is_ok());
/// ```
pub fn file_text<T: Serialize>(file: &T) -> String {
    serde_json::to_string_pretty(file).unwrap_or_default()
}

/// Everything the app stores, in one file of kind `format`.
pub fn export_backup<G: Serialize, S: Serialize>(doc: &Doc<G, S>, format: &str) -> String {
    serde_json::to_string(&BackupOut { format, schema: doc.schema, doc }).unwrap_or_default()
}

/// Reads a full backup into a document to replace the stored one (older backups are
/// migrated as stored documents are). The caller checks every game by its system's rules.
pub fn read_backup<G, S>(raw: &str, format: &'static str, layout: &Layout) -> Result<Doc<G, S>, ImportError>
where
    G: StoredGame,
    S: DeserializeOwned + Default,
{
    // Backups first appeared with schema 2.
    let kind = FileKind { format, called: "a backup", schemas: 2..=layout.current };
    let value = precheck(raw, MAX_BACKUP_BYTES, &kind)?;
    let inner =
        value.get("doc").ok_or_else(|| ImportError::WrongShape("the backup has no \u{201c}doc\u{201d}".into()))?;
    let text = serde_json::to_string(inner).map_err(|e| ImportError::WrongShape(e.to_string()))?;
    let (doc, _) = decode(&text, layout).map_err(|e| match e {
        DecodeError::Newer { found, reads } => ImportError::Newer { found, reads },
        other => ImportError::WrongShape(other.to_string()),
    })?;
    Ok(doc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::tests::{TOY, Toy, toy};

    const GAME: FileKind = FileKind { format: "toy/game", called: "a game", schemas: 2..=2 };

    fn refused(raw: &str) -> ImportError {
        precheck(raw, MAX_FILE_BYTES, &GAME).expect_err("should be refused")
    }

    #[test]
    fn hostile_files_are_refused_with_the_reason() {
        assert!(matches!(refused(&"x".repeat(MAX_FILE_BYTES + 1)), ImportError::TooLarge { .. }));
        assert_eq!(refused(&"[".repeat(MAX_DEPTH + 1)), ImportError::TooDeep);
        assert!(matches!(refused("{\"format\": "), ImportError::NotJson(_)));
        let long = format!(r#"{{"format":"toy/game","schema":2,"name":"{}"}}"#, "a".repeat(MAX_TEXT_CHARS + 1));
        assert!(matches!(refused(&long), ImportError::Limit(m) if m.contains("the top.name")));
        assert!(matches!(refused(r#"{"format":"toy/game","schema":2,"n":1e300}"#), ImportError::Limit(_)));
        assert!(matches!(refused(r#"{"format":"toy/game","schema":"two"}"#), ImportError::WrongShape(_)));
        assert!(matches!(refused(r#"{"format":"toy/game","schema":1}"#), ImportError::WrongShape(_)));
        assert!(matches!(refused("[]"), ImportError::WrongKind { found, .. } if found == "not an object"));
        assert_eq!(
            refused(r#"{"format":"toy/army","schema":2}"#).to_string(),
            "This is not a game file (its format is \u{201c}toy/army\u{201d})."
        );
    }

    #[test]
    fn a_backup_round_trips_and_a_newer_one_is_refused() {
        let mut doc: Doc<Toy, ()> = Doc::fresh(&TOY, toy("g1", "Antietam"));
        doc.revision = 3;
        let file = export_backup(&doc, "toy/backup");
        assert_eq!(format_of(&file).as_deref(), Some("toy/backup"));
        assert_eq!(read_backup::<Toy, ()>(&file, "toy/backup", &TOY), Ok(doc));
        let newer = file.replacen("\"schema\":2", "\"schema\":9", 1);
        assert!(matches!(
            read_backup::<Toy, ()>(&newer, "toy/backup", &TOY),
            Err(ImportError::Newer { found: 9, reads: 2 })
        ));
    }
}
