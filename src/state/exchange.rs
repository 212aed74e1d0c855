//! Export and import: a game, an army list (one side's roster), or a full backup, as JSON.
//!
//! Import checks in this order, and refuses at the first problem with a message that says
//! exactly what is wrong: size ([`MAX_FILE_BYTES`], [`MAX_BACKUP_BYTES`]), nesting
//! ([`MAX_DEPTH`]), JSON syntax, every text's length ([`MAX_TEXT_CHARS`]), every list's
//! length ([`MAX_LIST_LEN`]), every number's size ([`MAX_NUMBER`]), the kind of file, the
//! version, the types (serde, with line and column), then the game's own rules (names,
//! unique ids, unit counts, stands of 0.1.1, and so on: [`super::roster::Roster::problems`]).
//! Reading never touches what is saved: the functions here are pure, and the ones that add
//! to an [`AppDoc`] change it only once everything has passed.

use super::game::Game;
use super::roster::{check_name, shown, Army, Side};
use super::schema::{decode, AppDoc, CURRENT_SCHEMA, MAX_DOC_BYTES, MAX_GAMES};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// The `format` of an exported game.
pub const GAME_FORMAT: &str = "johnny-reb/game";
/// The `format` of an exported army list.
pub const ARMY_LIST_FORMAT: &str = "johnny-reb/army-list";
/// The `format` of a full backup.
pub const BACKUP_FORMAT: &str = "johnny-reb/backup";

/// Largest game or army list file accepted, in bytes. A 100-unit game with a long log is
/// well under 200 KB.
pub const MAX_FILE_BYTES: usize = 1024 * 1024;
/// Largest backup accepted: what the app may store ([`MAX_DOC_BYTES`]).
pub const MAX_BACKUP_BYTES: usize = MAX_DOC_BYTES;
/// Deepest nesting of lists and objects accepted. The app writes at most 9 levels.
pub const MAX_DEPTH: usize = 16;
/// Longest text accepted anywhere in a file, in characters (names have their own limit,
/// [`super::command::MAX_NAME_CHARS`]; log lines are longer).
pub const MAX_TEXT_CHARS: usize = 1000;
/// Longest list accepted anywhere in a file (a game's log is the longest).
pub const MAX_LIST_LEN: usize = 20_000;
/// Largest number accepted anywhere in a file (times in milliseconds are about 2e12).
pub const MAX_NUMBER: f64 = 1e15;
/// Largest turn number accepted: an app bound, far beyond any scenario.
pub const MAX_TURN: u32 = 999;

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
        /// The format found.
        found: String,
    },
    /// Written by a newer version of the app.
    Newer {
        /// The format number found.
        found: u32,
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
            ImportError::TooDeep => write!(f, "The file is nested more than {MAX_DEPTH} levels deep: it is not one of this app's files."),
            ImportError::NotJson(e) => write!(f, "The file is not valid JSON ({e})."),
            ImportError::Limit(e) => write!(f, "The file has {e}."),
            ImportError::WrongKind { expected, found } => {
                write!(f, "This is not {} file (its format is {}).", kind_name(expected), shown(found))
            }
            ImportError::Newer { found } => write!(
                f,
                "The file was written by a newer version of the app (format {found}; this version reads up to {CURRENT_SCHEMA})."
            ),
            ImportError::WrongShape(e) => write!(f, "The file has a value of the wrong type: {e}."),
            ImportError::Invalid(e) => write!(f, "The file's game is not sound: {e}."),
            ImportError::NoRoom => write!(f, "This device already keeps {MAX_GAMES} games: delete or export some first."),
        }
    }
}

fn kind_name(format: &str) -> &'static str {
    match format {
        GAME_FORMAT => "a game",
        ARMY_LIST_FORMAT => "an army list",
        _ => "a backup",
    }
}

#[derive(Serialize, Deserialize)]
struct GameFile {
    format: String,
    schema: u32,
    game: Game,
}

/// An army list: one side's roster, with a name for the list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ArmyList {
    /// The side it was exported from (it may be loaded for either).
    pub side: Side,
    /// A name for the list, e.g. the game's.
    pub name: String,
    /// The army.
    pub army: Army,
}

/// The file's fields are spelt out rather than `#[serde(flatten)]`ed: flattening reads the
/// whole army a second way (through serde's buffered content), which added 75 KB to the wasm.
#[derive(Serialize, Deserialize)]
struct ArmyListFile {
    format: String,
    schema: u32,
    side: Side,
    name: String,
    army: Army,
}

#[derive(Serialize)]
struct BackupOut<'a> {
    format: &'a str,
    schema: u32,
    doc: &'a AppDoc,
}

#[derive(Deserialize)]
struct Header {
    format: Option<Value>,
    schema: Option<Value>,
}

/// A game as a JSON file.
pub fn export_game(game: &Game) -> String {
    let file = GameFile { format: GAME_FORMAT.into(), schema: CURRENT_SCHEMA, game: game.clone() };
    pretty(serde_json::to_string(&file).unwrap_or_default())
}

/// Indents a compact file for people to read. Going through `Value` reuses the compact
/// serializer the stored document needs, instead of a second, pretty one for every type:
/// that keeps the wasm small.
fn pretty(compact: String) -> String {
    match serde_json::from_str::<Value>(&compact) {
        Ok(v) => serde_json::to_string_pretty(&v).unwrap_or(compact),
        Err(_) => compact,
    }
}

/// One side's army as an army list file.
pub fn export_army_list(game: &Game, side: Side) -> String {
    let list = ArmyList { side, name: game.name.clone(), army: game.roster.army(side).clone() };
    let file = ArmyListFile {
        format: ARMY_LIST_FORMAT.into(),
        schema: CURRENT_SCHEMA,
        side: list.side,
        name: list.name,
        army: list.army,
    };
    pretty(serde_json::to_string(&file).unwrap_or_default())
}

/// Everything the app stores, in one file.
pub fn export_backup(doc: &AppDoc) -> String {
    serde_json::to_string(&BackupOut { format: BACKUP_FORMAT, schema: CURRENT_SCHEMA, doc }).unwrap_or_default()
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
                return Err(ImportError::Limit(format!("a text of {n} characters at {path} (the limit is {MAX_TEXT_CHARS})")));
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
                return Err(ImportError::Limit(format!("a list of {} items at {path} (the limit is {MAX_LIST_LEN})", items.len())));
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
                    return Err(ImportError::Limit(format!("a field name of {} characters at {path}", k.chars().count())));
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

/// The checks every file goes through before its own: size, depth, JSON, limits, kind and
/// version.
fn precheck(raw: &str, limit: usize, expected: &'static str) -> Result<Value, ImportError> {
    if raw.len() > limit {
        return Err(ImportError::TooLarge { bytes: raw.len(), limit });
    }
    if depth(raw) > MAX_DEPTH {
        return Err(ImportError::TooDeep);
    }
    let value: Value = serde_json::from_str(raw).map_err(|e| ImportError::NotJson(e.to_string()))?;
    check_limits(&value, &mut String::from("the top"))?;
    let header: Header = serde_json::from_value(value.clone())
        .map_err(|_| ImportError::WrongKind { expected, found: "not an object".into() })?;
    let found = match header.format {
        Some(Value::String(s)) => s,
        Some(other) => other.to_string(),
        None => "missing".into(),
    };
    if found != expected {
        return Err(ImportError::WrongKind { expected, found });
    }
    let schema = header
        .schema
        .as_ref()
        .and_then(Value::as_u64)
        .ok_or_else(|| ImportError::WrongShape("\u{201c}schema\u{201d} is not a whole number".into()))?;
    if schema > CURRENT_SCHEMA as u64 {
        return Err(ImportError::Newer { found: schema.min(u32::MAX as u64) as u32 });
    }
    if schema < 2 {
        // Export files first appeared with schema 2.
        return Err(ImportError::WrongShape(format!("format number {schema} was never written for files")));
    }
    Ok(value)
}

/// The checks a game must pass beyond its types.
pub fn check_game(game: &Game) -> Result<(), String> {
    check_name(&game.name).map_err(|e| format!("game name {}: {e}", shown(&game.name)))?;
    if game.turn == 0 || game.turn > MAX_TURN {
        return Err(format!("turn {} is not between 1 and {MAX_TURN}", game.turn));
    }
    if game.id.is_empty() || game.id.chars().count() > super::roster::MAX_ID_CHARS {
        return Err("the game's id is empty or too long".into());
    }
    if game.log.iter().any(|e| e.turn > MAX_TURN || !e.at_ms.is_finite()) {
        return Err("a log entry has an impossible turn or time".into());
    }
    game.roster.validate()
}

/// Reads an exported game; checks everything (see the module notes).
pub fn read_game(raw: &str) -> Result<Game, ImportError> {
    // Typed reading goes through the checked `Value`, as stored documents do (schema::decode):
    // one deserializer for every game keeps the wasm small.
    let value = precheck(raw, MAX_FILE_BYTES, GAME_FORMAT)?;
    let file: GameFile = serde_json::from_value(value).map_err(|e| ImportError::WrongShape(e.to_string()))?;
    check_game(&file.game).map_err(ImportError::Invalid)?;
    Ok(file.game)
}

/// Reads an exported game and adds it to the saved games under `new_id`, opened. On any
/// refusal `doc` is unchanged.
pub fn import_game(doc: &mut AppDoc, raw: &str, new_id: &str) -> Result<(), ImportError> {
    if doc.games.len() >= MAX_GAMES {
        return Err(ImportError::NoRoom);
    }
    let mut game = read_game(raw)?;
    game.id = new_id.to_string();
    doc.new_game(game).map_err(|e| ImportError::Invalid(e.to_string()))
}

/// Reads an army list; checks everything. Load it into a game with
/// [`super::command::Command::ReplaceArmy`], which gives it fresh ids (so that it may be
/// loaded for either side, or twice) and can be undone.
pub fn read_army_list(raw: &str) -> Result<ArmyList, ImportError> {
    let value = precheck(raw, MAX_FILE_BYTES, ARMY_LIST_FORMAT)?;
    let file: ArmyListFile = serde_json::from_value(value).map_err(|e| ImportError::WrongShape(e.to_string()))?;
    let list = ArmyList { side: file.side, name: file.name, army: file.army };
    check_name(&list.name).map_err(|e| ImportError::Invalid(format!("army list name {}: {e}", shown(&list.name))))?;
    let mut roster = super::roster::Roster::default();
    *roster.army_mut(list.side) = list.army.clone();
    roster.validate().map_err(ImportError::Invalid)?;
    Ok(list)
}

/// Reads a full backup into a document to replace the stored one (older backups are
/// migrated as stored documents are). Checks every game.
pub fn read_backup(raw: &str) -> Result<AppDoc, ImportError> {
    let value = precheck(raw, MAX_BACKUP_BYTES, BACKUP_FORMAT)?;
    let inner = value.get("doc").ok_or_else(|| ImportError::WrongShape("the backup has no \u{201c}doc\u{201d}".into()))?;
    let text = serde_json::to_string(inner).map_err(|e| ImportError::WrongShape(e.to_string()))?;
    let (doc, _) = decode(&text).map_err(|e| match e {
        super::schema::DecodeError::Newer { found } => ImportError::Newer { found },
        other => ImportError::WrongShape(other.to_string()),
    })?;
    for g in &doc.games {
        check_game(g).map_err(|e| ImportError::Invalid(format!("in game {}: {e}", shown(&g.name))))?;
    }
    Ok(doc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::command::{Command, Session};
    use crate::state::demo::demo_game;

    fn game() -> Game {
        demo_game("g1")
    }

    fn refused(raw: &str) -> ImportError {
        read_game(raw).expect_err("should be refused")
    }

    #[test]
    fn a_game_round_trips() {
        let g = game();
        assert_eq!(read_game(&export_game(&g)).unwrap(), g);
    }

    #[test]
    fn an_army_list_round_trips_and_loads_for_either_side_with_fresh_ids() {
        let g = game();
        let raw = export_army_list(&g, Side::Union);
        let list = read_army_list(&raw).unwrap();
        assert_eq!(list.army, g.roster.union);
        let mut s = Session::new(g.clone());
        s.dispatch(&Command::ReplaceArmy { side: Side::Confederate, army: list.army.clone() }, 0.0).unwrap();
        let r = &s.game().roster;
        assert_eq!(r.confederate.regiments().count(), g.roster.union.regiments().count());
        assert!(r.problems().is_empty(), "{:?}", r.problems());
        // Officers still command their (renamed) brigades.
        let commanded = r.confederate.officers.iter().filter(|o| o.commands.is_some()).count();
        assert_eq!(commanded, g.roster.union.officers.iter().filter(|o| o.commands.is_some()).count());
    }

    #[test]
    fn a_backup_restores_everything() {
        let mut d = AppDoc::fresh(game());
        d.new_game(Game::new("g2", "Second")).unwrap();
        assert_eq!(read_backup(&export_backup(&d)).unwrap(), d);
    }

    #[test]
    fn import_adds_the_game_and_refusal_touches_nothing() {
        let mut d = AppDoc::fresh(Game::new("g0", "Mine"));
        let before = d.clone();
        assert!(import_game(&mut d, "{not json", "g5").is_err());
        assert!(import_game(&mut d, &export_game(&game()).replace("Iron Brigade", "<script>x</script>"), "g5").is_err());
        assert_eq!(d, before);
        import_game(&mut d, &export_game(&game()), "g5").unwrap();
        assert_eq!(d.current, "g5");
        assert_eq!(d.games.len(), 2);
    }

    #[test]
    fn refuses_a_file_too_large() {
        let raw = format!("{{\"format\":\"{GAME_FORMAT}\",\"pad\":\"{}\"}}", "x".repeat(MAX_FILE_BYTES));
        assert!(matches!(refused(&raw), ImportError::TooLarge { .. }));
        assert!(refused(&raw).to_string().contains("too large"));
    }

    #[test]
    fn refuses_deep_nesting() {
        let raw = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
        assert_eq!(refused(&raw), ImportError::TooDeep);
        // Brackets inside strings do not count.
        assert_eq!(depth(r#"{"a":"[[[[[[[[[[[[[[[[[[[[[[[["}"#), 1);
    }

    #[test]
    fn refuses_what_is_not_json_or_not_ours() {
        assert!(matches!(refused(""), ImportError::NotJson(_)));
        assert!(matches!(refused("{\"a\":"), ImportError::NotJson(_)));
        assert!(matches!(refused("[1,2]"), ImportError::WrongKind { .. }));
        let backup = export_backup(&AppDoc::fresh(game()));
        let e = refused(&backup);
        assert!(e.to_string().contains("not a game file"), "{e}");
        assert!(matches!(read_army_list(&export_game(&game())), Err(ImportError::WrongKind { .. })));
    }

    #[test]
    fn refuses_a_newer_version() {
        let raw = export_game(&game()).replacen(&format!("\"schema\": {CURRENT_SCHEMA}"), "\"schema\": 99", 1);
        assert_eq!(refused(&raw), ImportError::Newer { found: 99 });
    }

    #[test]
    fn refuses_megabytes_of_text_in_a_name() {
        let raw = export_game(&game()).replacen("Iron Brigade", &"A".repeat(5000), 1);
        let e = refused(&raw);
        assert!(matches!(&e, ImportError::Limit(m) if m.contains("5000 characters") && m.contains("brigades[0].name")), "{e}");
    }

    #[test]
    fn refuses_a_name_too_long_for_a_name() {
        let raw = export_game(&game()).replacen("Iron Brigade", &"A".repeat(200), 1);
        let e = refused(&raw);
        assert!(matches!(&e, ImportError::Invalid(m) if m.contains("at most 80")), "{e}");
    }

    #[test]
    fn refuses_names_containing_html() {
        let raw = export_game(&game()).replacen("Iron Brigade", "<img src=x onerror=alert(1)>", 1);
        let e = refused(&raw);
        assert!(matches!(&e, ImportError::Invalid(m) if m.contains("HTML")), "{e}");
    }

    #[test]
    fn refuses_wrong_types_saying_what() {
        let raw = export_game(&game()).replacen("\"kills\": 0", "\"kills\": \"many\"", 1);
        let e = refused(&raw);
        assert!(matches!(&e, ImportError::WrongShape(m) if m.contains("\"many\"") && m.contains("expected")), "{e}");
        let raw = export_game(&game()).replacen("\"quality\": \"Elite\"", "\"quality\": \"Legendary\"", 1);
        assert!(matches!(refused(&raw), ImportError::WrongShape(_)));
    }

    #[test]
    fn refuses_huge_numbers() {
        let raw = export_game(&game()).replacen("\"kills\": 0", "\"kills\": 1e300", 1);
        assert!(matches!(refused(&raw), ImportError::Limit(m) if m.contains("number too large")));
        let raw = export_game(&game()).replacen("\"kills\": 0", "\"kills\": 99999999999", 1);
        assert!(matches!(refused(&raw), ImportError::WrongShape(_)));
        let raw = export_game(&game()).replacen("\"kills\": 0", "\"kills\": 400", 1);
        assert!(matches!(refused(&raw), ImportError::Invalid(m) if m.contains("400 kills")));
        let raw = export_game(&game()).replacen("\"turn\": 1", "\"turn\": 100000", 1);
        assert!(matches!(refused(&raw), ImportError::Invalid(m) if m.contains("turn")));
    }

    #[test]
    fn refuses_thousands_of_units() {
        let mut g = game();
        let r = g.roster.union.divisions[0].brigades[0].regiments[0].clone();
        let b = &mut g.roster.union.divisions[0].brigades[0];
        for i in 0..300 {
            let mut c = r.clone();
            c.id = format!("x{i}");
            b.regiments.push(c);
        }
        let e = read_game(&export_game(&g)).unwrap_err();
        assert!(matches!(&e, ImportError::Invalid(m) if m.contains("310 regiments; the app takes at most 250")), "{e}");
        // Thousands are refused by size before they are even parsed.
        for i in 300..3000 {
            let mut c = r.clone();
            c.id = format!("x{i}");
            g.roster.union.divisions[0].brigades[0].regiments.push(c);
        }
        assert!(matches!(read_game(&export_game(&g)), Err(ImportError::TooLarge { .. })));
    }

    #[test]
    fn refuses_a_long_list() {
        let raw = format!("{{\"format\":\"{GAME_FORMAT}\",\"schema\":2,\"x\":[{}0]}}", "0,".repeat(MAX_LIST_LEN));
        assert!(matches!(refused(&raw), ImportError::Limit(m) if m.contains("list of")));
    }

    #[test]
    fn refuses_duplicate_ids() {
        let g = game();
        let first = g.roster.union.divisions[0].brigades[0].regiments[0].id.clone();
        let second = g.roster.union.divisions[0].brigades[0].regiments[1].id.clone();
        let raw = export_game(&g).replace(&format!("\"id\": \"{second}\""), &format!("\"id\": \"{first}\""));
        let e = refused(&raw);
        assert!(matches!(&e, ImportError::Invalid(m) if m.contains("used twice")), "{e}");
    }

    #[test]
    fn refuses_bad_stands() {
        let g = game();
        let raw = export_game(&g);
        let mut v: Value = serde_json::from_str(&raw).unwrap();
        v["game"]["roster"]["union"]["divisions"][0]["brigades"][0]["regiments"][0]["stands"] = serde_json::json!([4, 4, 4, 3, 3]);
        let e = refused(&v.to_string());
        assert!(matches!(&e, ImportError::Invalid(m) if m.contains("symmetrically") && m.contains("0.1.1.a")), "{e}");
    }

    #[test]
    fn refuses_a_backup_with_a_bad_game_and_keeps_nothing() {
        let mut d = AppDoc::fresh(game());
        d.games[0].name = "<b>".into();
        let e = read_backup(&export_backup(&d)).unwrap_err();
        assert!(matches!(&e, ImportError::Invalid(m) if m.contains("HTML")), "{e}");
        let raw = export_backup(&AppDoc::fresh(game())).replacen("\"schema\":2", "\"schema\":3", 1);
        assert!(matches!(read_backup(&raw), Err(ImportError::Newer { found: 3 })));
    }
}
