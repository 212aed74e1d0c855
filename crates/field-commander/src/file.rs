//! A game of Field Commander: Robert E. Lee as a file, to move it to another device: the core's
//! checks of every imported file ([`companion_core::exchange::precheck`]), then the game's
//! types, then its own (a name, an id, counters whose names are clean, times that are real).

use crate::game::Game;
use companion_core::exchange::{FileKind, ImportError, check_game_header, export_game_file, read_game_file};
use companion_core::names::{clean_name, shown};

/// The `format` of an exported game.
pub const GAME_FORMAT: &str = "field-commander-rel/game";

/// A game file (schema 1 since files first appeared).
pub const GAME_FILE: FileKind = FileKind { format: GAME_FORMAT, called: "a game", schemas: 1..=1 };

/// Most forces on one Battlefield Sheet: far more than any battle brings.
const MAX_FORCES: usize = 200;

/// A game as a JSON file.
pub fn export_game(game: &Game) -> String {
    export_game_file(&GAME_FILE, game)
}

/// The checks a game read from a file or a backup must pass beyond its types.
pub fn check_game(game: &Game) -> Result<(), String> {
    check_game_header(&game.name, &game.id, &game.log)?;
    let b = &game.battle;
    if b.field.forces.len() > MAX_FORCES {
        return Err(format!("{} forces on one Battlefield Sheet", b.field.forces.len()));
    }
    for f in &b.field.forces {
        clean_name(&f.counter.name).map_err(|e| format!("counter {}: {e}", shown(&f.counter.name)))?;
        if f.id >= b.next_id {
            return Err("a force's number is not below the next one".into());
        }
    }
    check_campaign(&game.campaign)
}

/// Most counters a campaign holds: far more than any counter mix.
const MAX_PIECES: usize = 5000;

/// The campaign's own checks: its names clean (they are shown and sent to battles), its
/// counters within reason, the battle on the sheet naming counters of the campaign.
fn check_campaign(play: &crate::campaign::CampaignPlay) -> Result<(), String> {
    let counters =
        play.pack.iter().flat_map(|p| p.counters.iter()).chain(play.campaign.iter().flat_map(|c| c.counters.iter()));
    for d in counters {
        clean_name(&d.counter.name).map_err(|e| format!("counter {}: {e}", shown(&d.counter.name)))?;
    }
    if let Some(c) = &play.campaign {
        if c.pieces.len() > MAX_PIECES {
            return Err(format!("{} counters in one campaign", c.pieces.len()));
        }
        if c.pieces.iter().any(|p| c.counters.get(p.design).is_none()) {
            return Err("a counter of the campaign has no design".into());
        }
        if let Some(link) = &play.sheet
            && link.forces.iter().any(|(_, piece)| c.piece(*piece).is_err())
        {
            return Err("the battle on the sheet names a counter the campaign does not have".into());
        }
    } else if play.sheet.is_some() {
        return Err("a campaign battle without its campaign".into());
    }
    Ok(())
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
    use crate::practice::practice_game;

    #[test]
    fn a_game_file_round_trips() {
        let g = practice_game("g1", "Practice at Gaines's Mill", 1.0);
        assert_eq!(read_game(&export_game(&g)), Ok(g));
    }

    #[test]
    fn a_damaged_or_foreign_file_is_refused_with_the_reason() {
        let file = export_game(&practice_game("g1", "Practice", 1.0));
        let renamed = file.replacen("Practice Grey Infantry A (made up)", "<script>", 1);
        assert!(matches!(read_game(&renamed), Err(ImportError::Invalid(m)) if m.contains("counter")));
        let other = file.replace(GAME_FORMAT, "johnny-reb/game");
        assert!(matches!(read_game(&other), Err(ImportError::WrongKind { .. })));
        assert!(matches!(
            read_game("{\"format\":\"field-commander-rel/game\",\"schema\":1}"),
            Err(ImportError::WrongShape(_))
        ));
    }
}
