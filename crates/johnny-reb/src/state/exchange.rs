//! Export and import of Johnny Reb's files: a game, and an army list (one side's roster), as
//! JSON. A full backup of everything is the app's ([`companion_core::exchange`]).
//!
//! Every file first goes through the core's checks ([`companion_core::exchange::precheck`]:
//! size, nesting, JSON, the length of every text and list, every number, the kind of file and
//! its version), then its types (serde, with line and column), then the game's own rules
//! (names, unique ids, unit counts, stands of 0.1.1, and so on:
//! [`super::roster::Roster::problems`]). Reading is pure: nothing saved is touched.

use super::game::Game;
use super::roster::{Army, Side, check_name, shown};
use companion_core::exchange::{FileKind, precheck, pretty};
pub use companion_core::exchange::{ImportError, MAX_BACKUP_BYTES, MAX_FILE_BYTES};
use serde::{Deserialize, Serialize};

/// The `format` of an exported game.
pub const GAME_FORMAT: &str = "johnny-reb/game";
/// The `format` of an exported army list.
pub const ARMY_LIST_FORMAT: &str = "johnny-reb/army-list";
/// The layout of a game (and of an army's roster) in files: 2 since files first appeared.
/// It is the game's own number, apart from the stored document's.
pub const GAME_SCHEMA: u32 = 2;
/// Largest turn number accepted: an app bound, far beyond any scenario.
pub const MAX_TURN: u32 = 999;

/// A game file.
pub const GAME_FILE: FileKind = FileKind { format: GAME_FORMAT, called: "a game", schemas: 2..=GAME_SCHEMA };
/// An army list file.
pub const ARMY_LIST_FILE: FileKind =
    FileKind { format: ARMY_LIST_FORMAT, called: "an army list", schemas: 2..=GAME_SCHEMA };

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

/// A game as a JSON file.
pub fn export_game(game: &Game) -> String {
    companion_core::exchange::export_game_file(&GAME_FILE, game)
}

/// One side's army as an army list file.
pub fn export_army_list(game: &Game, side: Side) -> String {
    let list = ArmyList { side, name: game.name.clone(), army: game.roster.army(side).clone() };
    let file = ArmyListFile {
        format: ARMY_LIST_FORMAT.into(),
        schema: GAME_SCHEMA,
        side: list.side,
        name: list.name,
        army: list.army,
    };
    pretty(serde_json::to_string(&file).unwrap_or_default())
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
    // The core's reading goes through the checked `Value`, as stored documents do
    // (doc::decode): one deserializer for every game keeps the wasm small.
    let game: Game = companion_core::exchange::read_game_file(raw, &GAME_FILE)?;
    check_game(&game).map_err(ImportError::Invalid)?;
    Ok(game)
}

/// Reads an army list; checks everything. Load it into a game with
/// [`super::command::Command::ReplaceArmy`], which gives it fresh ids (so that it may be
/// loaded for either side, or twice) and can be undone.
pub fn read_army_list(raw: &str) -> Result<ArmyList, ImportError> {
    let value = precheck(raw, MAX_FILE_BYTES, &ARMY_LIST_FILE)?;
    let file: ArmyListFile = serde_json::from_value(value).map_err(|e| ImportError::WrongShape(e.to_string()))?;
    let list = ArmyList { side: file.side, name: file.name, army: file.army };
    check_name(&list.name).map_err(|e| ImportError::Invalid(format!("army list name {}: {e}", shown(&list.name))))?;
    let mut roster = super::roster::Roster::default();
    *roster.army_mut(list.side) = list.army.clone();
    roster.validate().map_err(ImportError::Invalid)?;
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::demo::demo_game;
    use crate::state::roster_edit::RosterEdit;
    use crate::state::{command::Command, session::Session};
    use serde_json::Value;

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
        s.dispatch(&Command::Roster(RosterEdit::ReplaceArmy { side: Side::Confederate, army: list.army.clone() }), 0.0)
            .unwrap();
        let r = &s.game().roster;
        assert_eq!(r.confederate.regiments().count(), g.roster.union.regiments().count());
        assert!(r.problems().is_empty(), "{:?}", r.problems());
        // Officers still command their (renamed) brigades.
        let commanded = r.confederate.officers.iter().filter(|o| o.commands.is_some()).count();
        assert_eq!(commanded, g.roster.union.officers.iter().filter(|o| o.commands.is_some()).count());
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
        let deep_string = export_game(&game()).replacen("Iron Brigade", "[[[[[[[[[[[[[[[[[[[[[[[[", 1);
        assert!(read_game(&deep_string).is_ok());
    }

    #[test]
    fn refuses_what_is_not_json_or_not_ours() {
        assert!(matches!(refused(""), ImportError::NotJson(_)));
        assert!(matches!(refused("{\"a\":"), ImportError::NotJson(_)));
        assert!(matches!(refused("[1,2]"), ImportError::WrongKind { .. }));
        let e = refused(&export_army_list(&game(), Side::Union));
        assert!(e.to_string().contains("not a game file"), "{e}");
        assert!(e.to_string().contains("johnny-reb/army-list"), "{e}");
        assert!(matches!(read_army_list(&export_game(&game())), Err(ImportError::WrongKind { .. })));
    }

    #[test]
    fn refuses_a_newer_version() {
        let raw = export_game(&game()).replacen(&format!("\"schema\": {GAME_SCHEMA}"), "\"schema\": 99", 1);
        assert_eq!(refused(&raw), ImportError::Newer { found: 99, reads: GAME_SCHEMA });
    }

    #[test]
    fn refuses_megabytes_of_text_in_a_name() {
        let raw = export_game(&game()).replacen("Iron Brigade", &"A".repeat(5000), 1);
        let e = refused(&raw);
        assert!(
            matches!(&e, ImportError::Limit(m) if m.contains("5000 characters") && m.contains("brigades[0].name")),
            "{e}"
        );
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
            c.id = format!("x{i}").into();
            b.regiments.push(c);
        }
        let e = read_game(&export_game(&g)).unwrap_err();
        assert!(matches!(&e, ImportError::Invalid(m) if m.contains("310 regiments; the app takes at most 250")), "{e}");
        // Thousands are refused by size before they are even parsed.
        for i in 300..3000 {
            let mut c = r.clone();
            c.id = format!("x{i}").into();
            g.roster.union.divisions[0].brigades[0].regiments.push(c);
        }
        assert!(matches!(read_game(&export_game(&g)), Err(ImportError::TooLarge { .. })));
    }

    #[test]
    fn refuses_a_long_list() {
        let raw = format!(
            "{{\"format\":\"{GAME_FORMAT}\",\"schema\":2,\"x\":[{}0]}}",
            "0,".repeat(companion_core::exchange::MAX_LIST_LEN)
        );
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
        v["game"]["roster"]["union"]["divisions"][0]["brigades"][0]["regiments"][0]["stands"] =
            serde_json::json!([4, 4, 4, 3, 3]);
        let e = refused(&v.to_string());
        assert!(matches!(&e, ImportError::Invalid(m) if m.contains("symmetrically") && m.contains("0.1.1.a")), "{e}");
    }
}
