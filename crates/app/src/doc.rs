//! The app's stored document: the core's envelope ([`companion_core::doc::Doc`]) holding every
//! system's saved games, each tagged with its system, and each system's device data.
//!
//! The layout's history, one migration a step:
//! - schema 1: one Johnny Reb `game`;
//! - schema 2: every saved `games` and the `current` one; the Tables Card entries
//!   (`table_entries`) and a quick look-up charge (`settings.charge_lookup`) beside them;
//! - schema 3 (the workspace of three systems): every game says its `system`; each system's
//!   device data sits under `systems`, keyed by the system's id.
//!
//! The storage key is still `johnny-reb`, the app's first name: moving the document to another
//! key would need a migration between keys and buys the players nothing.

use crate::systems::SystemId;
use companion_core::doc::{Doc, Layout, StoredGame, Summary};
use companion_core::exchange::ImportError;
use companion_core::system::GameSystem;
use johnny_reb::JohnnyReb;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Map, Value};

/// The stored layout this build writes, and how every older one comes forward.
pub const LAYOUT: Layout = Layout {
    key: "johnny-reb",
    damaged_key: "johnny-reb.damaged",
    current: 3,
    migrations: &[one_game_to_many, games_tagged_with_their_system],
};

/// The `format` of a full backup (the app's first name, kept so that every backup ever
/// written still reads).
pub const BACKUP_FORMAT: &str = "johnny-reb/backup";

/// Everything the app stores.
pub type AppDoc = Doc<SavedGame, SystemsData>;

/// A saved game of one of the systems.
#[derive(Clone, Debug, PartialEq)]
pub enum SavedGame {
    /// A game of any system (every system's code loads with its screens): kept as stored
    /// until that system's screens read it ([`crate::shell::session`]), so that neither its
    /// types nor its rules weigh on the start-up (issue 15).
    Deferred(Box<DeferredGame>),
}

/// A game kept as its stored JSON, with its system: read and written as a whole by that
/// system's screens, which put every change back here.
#[derive(Clone, Debug, PartialEq)]
pub struct DeferredGame {
    /// Its system.
    pub system: SystemId,
    /// The game as its system writes it: an object with at least `system`, `id` and `name`.
    pub value: Value,
}

impl DeferredGame {
    /// A deferred game from its JSON, which must carry its id and name (every system's game
    /// does: the saved games list needs them before the game's system is loaded).
    pub fn new(system: SystemId, value: Value) -> Result<DeferredGame, String> {
        let text = |field: &str| value.get(field).and_then(Value::as_str).is_some();
        if !value.is_object() || !text("id") || !text("name") {
            return Err(format!("a game of {} without an id or a name", system.name()));
        }
        Ok(DeferredGame { system, value })
    }

    /// A typed game as a deferred one.
    pub fn of<G: Serialize>(system: SystemId, game: &G) -> Result<DeferredGame, String> {
        serde_json::to_value(game).map_err(|e| e.to_string()).and_then(|v| DeferredGame::new(system, v))
    }

    fn text(&self, field: &str) -> &str {
        self.value.get(field).and_then(Value::as_str).unwrap_or_default()
    }

    fn set_text(&mut self, field: &str, text: String) {
        if let Some(object) = self.value.as_object_mut() {
            object.insert(field.into(), Value::String(text));
        }
    }

    /// Reads it as its system's game.
    pub fn read<G: serde::de::DeserializeOwned>(&self) -> Result<G, String> {
        G::deserialize(&self.value).map_err(|e| format!("this game of {} cannot be read: {e}", self.system.name()))
    }
}

impl SavedGame {
    /// The system it belongs to.
    pub fn system(&self) -> SystemId {
        match self {
            SavedGame::Deferred(g) => g.system,
        }
    }

    /// The game as stored, with its system.
    pub fn deferred(&self) -> Option<&DeferredGame> {
        match self {
            SavedGame::Deferred(g) => Some(g),
        }
    }

    /// A typed game of `system` as it is kept.
    pub fn of<G: Serialize>(system: SystemId, game: &G) -> Result<SavedGame, String> {
        DeferredGame::of(system, game).map(|g| SavedGame::Deferred(Box::new(g)))
    }

    /// Checks a game read from a file or a backup by its system's own rules.
    pub fn check(&self) -> Result<(), String> {
        match self {
            SavedGame::Deferred(g) => match g.system {
                SystemId::JohnnyReb => johnny_reb::state::exchange::check_game(&g.read()?),
                SystemId::LineOfBattle => line_of_battle::file::check_game(&g.read()?),
                SystemId::FieldCommander => field_commander::file::check_game(&g.read()?),
            },
        }
    }

    /// The game as its system's game file (importable on any device).
    pub fn export_file(&self) -> String {
        match self {
            SavedGame::Deferred(g) => companion_core::exchange::export_game_file(game_file(g.system), &g.value),
        }
    }

    /// Reads a game file of any system the app knows, by its `format`, and checks it by its
    /// system's rules; `None` when the file is not a game file of any system (an army list,
    /// a backup, something else), for the caller to say what it is.
    pub fn read_file(raw: &str) -> Option<Result<SavedGame, ImportError>> {
        let format = companion_core::exchange::format_of(raw)?;
        let deferred = |system: SystemId, game: Result<Value, ImportError>| {
            game.and_then(|v| DeferredGame::new(system, v).map_err(ImportError::Invalid))
                .map(|g| SavedGame::Deferred(Box::new(g)))
        };
        if format == johnny_reb::state::exchange::GAME_FORMAT {
            let game = johnny_reb::state::exchange::read_game(raw)
                .and_then(|g| serde_json::to_value(g).map_err(|e| ImportError::WrongShape(e.to_string())));
            Some(deferred(SystemId::JohnnyReb, game))
        } else if format == line_of_battle::file::GAME_FORMAT {
            let game = line_of_battle::file::read_game(raw)
                .and_then(|g| serde_json::to_value(g).map_err(|e| ImportError::WrongShape(e.to_string())));
            Some(deferred(SystemId::LineOfBattle, game))
        } else if format == field_commander::file::GAME_FORMAT {
            let game = field_commander::file::read_game(raw)
                .and_then(|g| serde_json::to_value(g).map_err(|e| ImportError::WrongShape(e.to_string())));
            Some(deferred(SystemId::FieldCommander, game))
        } else {
            None
        }
    }
}

/// The kind of a system's game file.
fn game_file(system: SystemId) -> &'static companion_core::exchange::FileKind {
    match system {
        SystemId::JohnnyReb => &johnny_reb::state::exchange::GAME_FILE,
        SystemId::LineOfBattle => &line_of_battle::file::GAME_FILE,
        SystemId::FieldCommander => &field_commander::file::GAME_FILE,
    }
}

/// What the saved games list says of a deferred game: its system's summary once read, or
/// that it cannot be read (it is kept as it was, never overwritten).
fn deferred_summary(g: &DeferredGame) -> Summary {
    let read = match g.system {
        SystemId::JohnnyReb => g.read::<johnny_reb::Game>().map(|g| g.summary()),
        SystemId::LineOfBattle => g.read::<line_of_battle::Game>().map(|g| g.summary()),
        SystemId::FieldCommander => g.read::<field_commander::Game>().map(|g| g.summary()),
    };
    read.unwrap_or_else(|why| Summary {
        system: g.system.name(),
        progress: why,
        size: String::new(),
        last_change_ms: None,
    })
}

impl StoredGame for SavedGame {
    fn from_stored(value: Value) -> Result<Self, String> {
        let system = value.get("system").and_then(Value::as_str).unwrap_or_default();
        match SystemId::from_id(system) {
            Some(system) => DeferredGame::new(system, value).map(|g| SavedGame::Deferred(Box::new(g))),
            None => {
                Err(format!("a game of a system this version does not know ({})", companion_core::names::shown(system)))
            }
        }
    }

    fn id(&self) -> &str {
        match self {
            SavedGame::Deferred(g) => g.text("id"),
        }
    }
    fn set_id(&mut self, id: String) {
        match self {
            SavedGame::Deferred(g) => g.set_text("id", id),
        }
    }
    fn name(&self) -> &str {
        match self {
            SavedGame::Deferred(g) => g.text("name"),
        }
    }
    fn set_name(&mut self, name: String) {
        match self {
            SavedGame::Deferred(g) => g.set_text("name", name),
        }
    }
    fn summary(&self) -> Summary {
        match self {
            SavedGame::Deferred(g) => deferred_summary(g),
        }
    }
}

/// A game is stored as its system writes it: each system's game carries its own tag
/// ([`companion_core::system::SystemTag`]), so no wrapper is needed on the way out.
impl Serialize for SavedGame {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            SavedGame::Deferred(g) => g.value.serialize(serializer),
        }
    }
}

/// Each system's device data, under its id, kept as stored: the system's screens read it and
/// put every change back (the shell reads none of it).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SystemsData {
    /// Johnny Reb's Tables Card entries and quick look-up charge
    /// (`johnny_reb::state::device::DeviceData`, read by its screens): an object.
    #[serde(rename = "johnny-reb")]
    pub johnny_reb: Map<String, Value>,
}

/// Schema 1 to 2: the one `game` becomes the only entry of `games`, and is the open one.
/// Its missing roster is filled by `#[serde(default)]` when the game is read.
fn one_game_to_many(mut value: Value) -> Result<Value, String> {
    let obj = value.as_object_mut().ok_or("the document is not an object")?;
    let game = obj.remove("game").ok_or("it has no game")?;
    let id = game.get("id").and_then(Value::as_str).ok_or("its game has no id")?.to_string();
    obj.insert("games".into(), Value::Array(vec![game]));
    obj.insert("current".into(), Value::String(id));
    Ok(value)
}

/// Schema 2 to 3: every game was Johnny Reb's and says so now; the Tables Card entries and the
/// quick look-up charge move under `systems["johnny-reb"]`.
fn games_tagged_with_their_system(mut value: Value) -> Result<Value, String> {
    let obj = value.as_object_mut().ok_or("the document is not an object")?;
    let games = obj.get_mut("games").and_then(Value::as_array_mut).ok_or("it has no list of games")?;
    for game in games.iter_mut() {
        let game = game.as_object_mut().ok_or("a game is not an object")?;
        let rest = std::mem::take(game);
        game.insert("system".into(), Value::String(JohnnyReb::ID.into()));
        game.extend(rest);
    }
    let mut jr = Map::new();
    if let Some(entries) = obj.remove("table_entries") {
        jr.insert("table_entries".into(), entries);
    }
    if let Some(lookup) = obj.get_mut("settings").and_then(Value::as_object_mut).and_then(|s| s.remove("charge_lookup"))
    {
        jr.insert("charge_lookup".into(), lookup);
    }
    let mut systems = Map::new();
    systems.insert(JohnnyReb::ID.into(), Value::Object(jr));
    obj.insert("systems".into(), Value::Object(systems));
    Ok(value)
}

/// Everything the app stores, in one file.
pub fn export_backup(doc: &AppDoc) -> String {
    companion_core::exchange::export_backup(doc, BACKUP_FORMAT)
}

/// Reads a full backup into a document to replace the stored one (older backups are
/// migrated as stored documents are), every game checked by its system's rules.
pub fn read_backup(raw: &str) -> Result<AppDoc, ImportError> {
    let doc: AppDoc = companion_core::exchange::read_backup(raw, BACKUP_FORMAT, &LAYOUT)?;
    for g in &doc.games {
        g.check()
            .map_err(|e| ImportError::Invalid(format!("in game {}: {e}", companion_core::names::shown(g.name()))))?;
    }
    Ok(doc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use companion_core::doc::{DecodeError, decode, encode};
    use johnny_reb::state::demo::demo_game;

    fn fixture(name: &str) -> String {
        let path = format!("{}/tests/fixtures/schema-2/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// A Johnny Reb game as the document keeps it.
    fn jr(game: &johnny_reb::Game) -> SavedGame {
        SavedGame::of(SystemId::JohnnyReb, game).unwrap()
    }

    /// A saved game read as Johnny Reb's, as its screens read it.
    fn read_jr(saved: &SavedGame) -> johnny_reb::Game {
        let kept = saved.deferred().unwrap();
        assert_eq!(kept.system, SystemId::JohnnyReb);
        kept.read().unwrap()
    }

    fn doc() -> AppDoc {
        Doc::fresh(&LAYOUT, jr(&demo_game("g1")))
    }

    #[test]
    fn every_schema_below_current_has_a_migration() {
        assert_eq!(LAYOUT.migrations.len() as u32, LAYOUT.current - 1);
    }

    #[test]
    fn current_documents_round_trip_with_each_game_tagged() {
        let mut d = doc();
        let mut device = johnny_reb::state::device::DeviceData::default();
        device.table_entries.set(
            johnny_reb::rules::CellRef::new("Table 10", "row 80", "roll 9"),
            johnny_reb::rules::Entered::Value(johnny_reb::rules::Ratio::whole(11)),
        );
        let Value::Object(stored) = serde_json::to_value(&device).unwrap() else { panic!("not an object") };
        d.systems.johnny_reb = stored;
        let raw = encode(&d);
        // Each game says its system (its fields written in the order of the stored JSON).
        let written: Value = serde_json::from_str(&raw).unwrap();
        assert_eq!((&written["games"][0]["system"], &written["games"][0]["id"]), (&"johnny-reb".into(), &"g1".into()));
        assert_eq!(written["games"].as_array().map(Vec::len), Some(1));
        let back: AppDoc = decode(&raw, &LAYOUT).unwrap().0;
        assert_eq!(back, d);
        // Read back by Johnny Reb's screens: the game and the entries as they were.
        assert_eq!(read_jr(&back.games[0]), demo_game("g1"));
        let read: johnny_reb::state::device::DeviceData =
            serde_json::from_value(Value::Object(back.systems.johnny_reb)).unwrap();
        assert_eq!(read, device);
    }

    #[test]
    fn a_game_of_an_unknown_system_is_refused_not_misread() {
        let raw = encode(&doc()).replacen(r#""system":"johnny-reb""#, r#""system":"kriegspiel""#, 1);
        assert!(
            matches!(decode::<SavedGame, SystemsData>(&raw, &LAYOUT), Err(DecodeError::Corrupt(m)) if m.contains("kriegspiel"))
        );
    }

    /// The document a player's device holds today comes forward whole: every field of every
    /// game, the theme, the Tables Card entries and the quick look-up charge.
    #[test]
    fn the_stored_document_of_schema_2_loads_unchanged() {
        let raw = fixture("stored-document.json");
        let old: Value = serde_json::from_str(&raw).unwrap();
        let (d, migrated): (AppDoc, bool) = decode(&raw, &LAYOUT).unwrap();
        assert!(migrated);
        assert_eq!((d.schema, d.revision, d.writer.as_str(), d.current.as_str()), (3, 41, "tab-fixture", "g"));
        assert_eq!(d.settings.theme, companion_core::settings::Theme::Dark);
        assert_eq!(d.games.len(), 2);
        // Each game reads exactly as schema 2's reader read it.
        for (i, g) in d.games.iter().enumerate() {
            let then: johnny_reb::Game = serde_json::from_value(old["games"][i].clone()).unwrap();
            assert_eq!(read_jr(g), then);
        }
        let first = read_jr(&d.games[0]);
        assert_eq!((first.charges.charges.len(), first.checks_due.len(), first.setup.turns), (1, 2, Some(12)));
        let jr: johnny_reb::state::device::DeviceData =
            serde_json::from_value(Value::Object(d.systems.johnny_reb.clone())).unwrap();
        let jr = &jr;
        assert_eq!(serde_json::to_value(&jr.table_entries).unwrap(), old["table_entries"]);
        assert_eq!(jr.table_entries.len(), 2);
        assert_eq!(serde_json::to_value(&jr.charge_lookup).unwrap(), old["settings"]["charge_lookup"]);
        assert!(jr.charge_lookup.is_some());
        // Written again, it is the old document with the system named: nothing lost, nothing
        // added but the tags.
        let again: Value = serde_json::from_str(&encode(&d)).unwrap();
        let mut expected = old.clone();
        expected["schema"] = 3.into();
        for g in expected["games"].as_array_mut().unwrap() {
            g["system"] = "johnny-reb".into();
        }
        let entries = expected.as_object_mut().unwrap().remove("table_entries").unwrap();
        let lookup = expected["settings"].as_object_mut().unwrap().remove("charge_lookup").unwrap();
        expected["systems"] =
            serde_json::json!({ "johnny-reb": { "table_entries": entries, "charge_lookup": lookup } });
        assert_eq!(again, expected);
    }

    /// A Johnny Reb game that cannot be read (hand-edited, say) is kept exactly as it was and
    /// said unreadable in the saved games, the other games untouched, as every system's is.
    #[test]
    fn a_damaged_johnny_reb_game_is_kept_and_said_unreadable_without_losing_the_others() {
        let mut d = doc();
        d.new_game(jr(&johnny_reb::Game::new("g2", "Brandy Station"))).unwrap();
        let raw = encode(&d).replacen(r#""turn":1"#, r#""turn":"one""#, 1);
        let (back, _): (AppDoc, bool) = decode(&raw, &LAYOUT).unwrap();
        assert_eq!(back.games.len(), 2);
        let unreadable = back.games.iter().filter(|g| g.deferred().unwrap().read::<johnny_reb::Game>().is_err());
        let damaged = unreadable.collect::<Vec<_>>();
        assert_eq!(damaged.len(), 1);
        assert!(damaged[0].summary().progress.contains("cannot be read"), "{}", damaged[0].summary().progress);
        assert!(damaged[0].check().is_err());
        assert_eq!(serde_json::to_value(damaged[0]).unwrap(), damaged[0].deferred().unwrap().value);
        let other = back.games.iter().find(|g| g.id() != damaged[0].id()).unwrap();
        assert!(other.check().is_ok());
    }

    #[test]
    fn a_backup_of_schema_2_restores_everything() {
        let stored: AppDoc = decode(&fixture("stored-document.json"), &LAYOUT).unwrap().0;
        assert_eq!(read_backup(&fixture("backup.json")), Ok(stored));
    }

    #[test]
    fn files_of_schema_2_still_import() {
        use johnny_reb::state::exchange::{read_army_list, read_game};
        let stored: AppDoc = decode(&fixture("stored-document.json"), &LAYOUT).unwrap().0;
        let game = read_game(&fixture("game.json")).unwrap();
        assert_eq!(read_jr(&stored.games[0]), game);
        let list = read_army_list(&fixture("army-list.json")).unwrap();
        assert_eq!(list.army, game.roster.union);
        let set = crate::systems::johnny_reb::tables::entry::decode_table_set(&fixture("table-set.json")).unwrap();
        let device: johnny_reb::state::device::DeviceData =
            serde_json::from_value(Value::Object(stored.systems.johnny_reb)).unwrap();
        assert_eq!(set, device.table_entries);
    }

    #[test]
    fn a_backup_round_trips_and_refuses_a_bad_game_or_a_newer_version() {
        let mut d = doc();
        d.new_game(jr(&johnny_reb::Game::new("g2", "Second"))).unwrap();
        assert_eq!(read_backup(&export_backup(&d)), Ok(d.clone()));
        let mut bad = d.clone();
        bad.games[0].set_name("<b>".into());
        assert!(matches!(read_backup(&export_backup(&bad)), Err(ImportError::Invalid(m)) if m.contains("HTML")));
        let newer = export_backup(&d).replacen("\"schema\":3", "\"schema\":4", 1);
        assert!(matches!(read_backup(&newer), Err(ImportError::Newer { found: 4, reads: 3 })));
    }

    fn lob_game(id: &str, name: &str) -> line_of_battle::Game {
        use line_of_battle::{clock::Clock, oob::Side};
        line_of_battle::Game::new(id, name, Clock::new(Side::Confederate, 1, 8 * 60))
    }

    fn with_lob(d: &mut AppDoc, game: &line_of_battle::Game) {
        let kept = DeferredGame::of(SystemId::LineOfBattle, game).unwrap();
        d.new_game(SavedGame::Deferred(Box::new(kept))).unwrap();
    }

    #[test]
    fn a_line_of_battle_game_is_kept_as_stored_and_read_by_its_system() {
        let mut d = doc();
        let game = lob_game("lob1", "Gettysburg, first day");
        with_lob(&mut d, &game);
        let (back, _): (AppDoc, bool) = decode(&encode(&d), &LAYOUT).unwrap();
        assert_eq!(back, d);
        let kept = back.game("lob1").and_then(SavedGame::deferred).unwrap();
        assert_eq!(kept.system, SystemId::LineOfBattle);
        assert_eq!(kept.read::<line_of_battle::Game>().unwrap(), game);
        let summary = back.game("lob1").unwrap().summary();
        assert_eq!(summary.system, line_of_battle::LineOfBattle::NAME);
        assert!(summary.progress.starts_with("Turn 1"), "{}", summary.progress);
    }

    #[test]
    fn a_damaged_line_of_battle_game_is_kept_and_said_unreadable_without_losing_the_others() {
        let mut d = doc();
        with_lob(&mut d, &lob_game("lob1", "Gettysburg"));
        let raw = encode(&d).replacen(r#""clock":{"#, r#""clock":7,"x":{"#, 1);
        let (back, _): (AppDoc, bool) = decode(&raw, &LAYOUT).unwrap();
        assert_eq!(back.games.len(), 2, "the Johnny Reb game is there too");
        let damaged = back.game("lob1").unwrap();
        assert_eq!(damaged.name(), "Gettysburg");
        assert!(damaged.summary().progress.contains("cannot be read"));
        assert!(damaged.check().is_err());
        // Written back exactly as it was read: nothing of it is lost.
        assert_eq!(serde_json::to_value(damaged).unwrap(), damaged.deferred().unwrap().value);
        // A game of a deferred system without an id or a name is refused.
        let nameless = raw.replacen(r#""name":"Gettysburg""#, r#""title":"Gettysburg""#, 1);
        assert!(decode::<SavedGame, SystemsData>(&nameless, &LAYOUT).is_err());
    }

    #[test]
    fn a_line_of_battle_game_file_is_exported_and_read_back_by_its_format() {
        let game = lob_game("lob1", "Gettysburg");
        let saved = SavedGame::Deferred(Box::new(DeferredGame::of(SystemId::LineOfBattle, &game).unwrap()));
        let file = saved.export_file();
        assert_eq!(companion_core::exchange::format_of(&file).as_deref(), Some(line_of_battle::file::GAME_FORMAT));
        assert_eq!(SavedGame::read_file(&file), Some(Ok(saved)));
        let jr_file = jr(&demo_game("g1")).export_file();
        let read = SavedGame::read_file(&jr_file).unwrap().unwrap();
        assert_eq!(read_jr(&read), demo_game("g1"));
        assert_eq!(SavedGame::read_file(r#"{"format":"johnny-reb/army-list","schema":2}"#), None);
        let bad = file.replacen("Gettysburg", "<b>", 1);
        assert!(matches!(SavedGame::read_file(&bad), Some(Err(ImportError::Invalid(_)))));
    }

    #[test]
    fn a_field_commander_game_is_kept_as_stored_and_its_file_read_back_by_its_format() {
        let mut d = doc();
        let game = field_commander::practice::practice_game("fc1", "Practice at Gaines's Mill", 5.0);
        let kept = DeferredGame::of(SystemId::FieldCommander, &game).unwrap();
        d.new_game(SavedGame::Deferred(Box::new(kept))).unwrap();
        let (back, _): (AppDoc, bool) = decode(&encode(&d), &LAYOUT).unwrap();
        assert_eq!(back, d);
        let saved = back.game("fc1").unwrap();
        assert_eq!(saved.deferred().unwrap().read::<field_commander::Game>().unwrap(), game);
        assert_eq!(saved.summary().progress, "Setting up the battle (10.2)");
        assert_eq!(saved.summary().size, "3 Confederate and 3 Union forces");
        let file = saved.export_file();
        assert_eq!(companion_core::exchange::format_of(&file).as_deref(), Some(field_commander::file::GAME_FORMAT));
        assert_eq!(SavedGame::read_file(&file), Some(Ok(saved.clone())));
        assert!(saved.check().is_ok());
    }
}
