//! A game of Line of Battle as a file, to move it to another device: the core's checks of
//! every imported file ([`companion_core::exchange::precheck`]), then the game's types, then
//! its own (a name, an id, an order of battle whose links hold).

use crate::game::Game;
use companion_core::exchange::{FileKind, ImportError, check_game_header, export_game_file, read_game_file};

/// The `format` of an exported game.
pub const GAME_FORMAT: &str = "line-of-battle/game";

/// A game file (schema 1 since files first appeared).
pub const GAME_FILE: FileKind = FileKind { format: GAME_FORMAT, called: "a game", schemas: 1..=1 };

/// A game as a JSON file.
pub fn export_game(game: &Game) -> String {
    export_game_file(&GAME_FILE, game)
}

/// The checks a game read from a file or a backup must pass beyond its types.
pub fn check_game(game: &Game) -> Result<(), String> {
    check_game_header(&game.name, &game.id, &game.log)
}

/// Reads an exported game and checks it.
pub fn read_game(raw: &str) -> Result<Game, ImportError> {
    let game: Game = read_game_file(raw, &GAME_FILE)?;
    check_game(&game).map_err(ImportError::Invalid)?;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Clock;
    use crate::oob::Side;

    fn game() -> Game {
        Game::new("g1", "Gettysburg, first day", Clock::new(Side::Confederate, 1, 8 * 60))
    }

    #[test]
    fn a_game_file_round_trips() {
        let g = game();
        assert_eq!(read_game(&export_game(&g)), Ok(g));
    }

    #[test]
    fn a_damaged_or_foreign_file_is_refused_with_the_reason() {
        let file = export_game(&game());
        let renamed = file.replace("Gettysburg, first day", "<script>");
        assert!(matches!(read_game(&renamed), Err(ImportError::Invalid(m)) if m.contains("game name")));
        let other = file.replace(GAME_FORMAT, "johnny-reb/game");
        assert!(matches!(read_game(&other), Err(ImportError::WrongKind { .. })));
        assert!(matches!(
            read_game("{\"format\":\"line-of-battle/game\",\"schema\":1}"),
            Err(ImportError::WrongShape(_))
        ));
    }
}
