//! Several games side by side, of any system: new, rename, duplicate, delete (with undo) and
//! resume.
//!
//! The saved games live in [`Doc::games`]; the open one is also in its system's
//! [`crate::session::Session`] while it is played. The protocol for the screens:
//! 1. before any operation here and before saving, put the session's game back with
//!    [`Doc::put_game`];
//! 2. after an operation that changes the open game ([`Doc::new_game`], [`Doc::resume`],
//!    [`Doc::delete_game`] of the open one, [`Doc::restore_game`]), replace the session with
//!    [`Doc::current_game`].
//!
//! Every operation checks first and changes nothing when it refuses.

use crate::doc::{Doc, MAX_GAMES, StoredGame};
use crate::names::{clean_name, copy_name};
use std::fmt;

/// Why an operation on the saved games was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavesError {
    /// No game with this id.
    NoSuchGame(String),
    /// A game with this id exists already.
    DuplicateId(String),
    /// The app keeps at most [`MAX_GAMES`].
    TooMany,
    /// The one remaining game cannot be deleted: start another first.
    LastGame,
    /// The name is not acceptable.
    BadName(String),
}

impl fmt::Display for SavesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SavesError::NoSuchGame(_) => write!(f, "That game is no longer saved on this device."),
            SavesError::DuplicateId(_) => write!(f, "A game with the same identity is already saved."),
            SavesError::TooMany => {
                write!(f, "This device keeps at most {MAX_GAMES} games: delete or export old ones first.")
            }
            SavesError::LastGame => write!(f, "The last game cannot be deleted: start a new one first."),
            SavesError::BadName(why) => write!(f, "{why}"),
        }
    }
}

/// One line of the saved games list.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// What its system says of it.
    pub summary: crate::doc::Summary,
    /// Whether it is the open game.
    pub open: bool,
}

/// A deleted game, kept by the screens so that the deletion can be undone.
#[derive(Clone, Debug, PartialEq)]
pub struct DeletedGame<G> {
    /// The game as it was.
    pub game: G,
    /// Its place in the list.
    pub index: usize,
    /// Whether it was the open game.
    pub was_open: bool,
}

impl<G: StoredGame, S> Doc<G, S> {
    /// The open game.
    pub fn current_game(&self) -> Option<&G> {
        self.games.iter().find(|g| g.id() == self.current)
    }

    /// The open game, to change.
    pub fn current_game_mut(&mut self) -> Option<&mut G> {
        let id = self.current.clone();
        self.games.iter_mut().find(|g| g.id() == id)
    }

    /// A saved game by id.
    pub fn game(&self, id: &str) -> Option<&G> {
        self.games.iter().find(|g| g.id() == id)
    }

    /// Stores a game as it stands (the session's copy of the open game, usually): replaces
    /// the saved game of the same id, or adds it at the end if there is none and room.
    pub fn put_game(&mut self, game: G) {
        if let Some(slot) = self.games.iter_mut().find(|g| g.id() == game.id()) {
            *slot = game;
        } else if self.games.len() < MAX_GAMES {
            self.games.push(game);
        }
    }

    /// The list of saved games, in order.
    pub fn summaries(&self) -> Vec<GameSummary> {
        self.games
            .iter()
            .map(|g| GameSummary {
                id: g.id().to_string(),
                name: g.name().to_string(),
                summary: g.summary(),
                open: g.id() == self.current,
            })
            .collect()
    }

    /// Adds a game (a new one, the demo, or an import) at the end and opens it.
    pub fn new_game(&mut self, game: G) -> Result<(), SavesError> {
        if self.games.len() >= MAX_GAMES {
            return Err(SavesError::TooMany);
        }
        if self.game(game.id()).is_some() {
            return Err(SavesError::DuplicateId(game.id().to_string()));
        }
        self.current = game.id().to_string();
        self.games.push(game);
        Ok(())
    }

    /// Saves an imported game and opens it, named apart from every saved game (a game
    /// imported twice is "Shiloh" and "Shiloh (2)").
    pub fn import_game(&mut self, mut game: G) -> Result<(), SavesError> {
        let taken: Vec<&str> = self.games.iter().map(|g| g.name()).collect();
        let name = crate::names::name_apart(game.name(), &taken);
        game.set_name(name);
        self.new_game(game)
    }

    /// Renames a saved game. (The open game is renamed through its session, by its system's
    /// own command, so that undo covers it.)
    pub fn rename_game(&mut self, id: &str, name: &str) -> Result<(), SavesError> {
        let name = clean_name(name).map_err(|e| SavesError::BadName(e.to_string()))?;
        let g = self.games.iter_mut().find(|g| g.id() == id).ok_or_else(|| SavesError::NoSuchGame(id.into()))?;
        g.set_name(name);
        Ok(())
    }

    /// Copies a saved game under `new_id`, named "... (copy)", placed after it. The copy is
    /// not opened.
    pub fn duplicate_game(&mut self, id: &str, new_id: &str) -> Result<(), SavesError> {
        if self.games.len() >= MAX_GAMES {
            return Err(SavesError::TooMany);
        }
        if self.game(new_id).is_some() {
            return Err(SavesError::DuplicateId(new_id.into()));
        }
        let index = self.games.iter().position(|g| g.id() == id).ok_or_else(|| SavesError::NoSuchGame(id.into()))?;
        let mut copy = self.games.get(index).cloned().ok_or_else(|| SavesError::NoSuchGame(id.into()))?;
        copy.set_id(new_id.to_string());
        copy.set_name(copy_name(copy.name()));
        self.games.insert(index + 1, copy);
        Ok(())
    }

    /// Deletes a saved game and returns it for undo. Deleting the open game opens its
    /// neighbour. The last game cannot be deleted.
    pub fn delete_game(&mut self, id: &str) -> Result<DeletedGame<G>, SavesError> {
        let index = self.games.iter().position(|g| g.id() == id).ok_or_else(|| SavesError::NoSuchGame(id.into()))?;
        if self.games.len() == 1 {
            return Err(SavesError::LastGame);
        }
        let game = self.games.remove(index);
        let was_open = game.id() == self.current;
        if was_open {
            let next = index.min(self.games.len().saturating_sub(1));
            self.current = self.games.get(next).map(|g| g.id().to_string()).unwrap_or_default();
        }
        Ok(DeletedGame { game, index, was_open })
    }

    /// Undoes a deletion: the game goes back to its place, and is opened again if it was open.
    pub fn restore_game(&mut self, deleted: DeletedGame<G>) -> Result<(), SavesError> {
        if self.games.len() >= MAX_GAMES {
            return Err(SavesError::TooMany);
        }
        if self.game(deleted.game.id()).is_some() {
            return Err(SavesError::DuplicateId(deleted.game.id().to_string()));
        }
        if deleted.was_open {
            self.current = deleted.game.id().to_string();
        }
        let index = deleted.index.min(self.games.len());
        self.games.insert(index, deleted.game);
        Ok(())
    }

    /// Opens a saved game; returns it for the session.
    pub fn resume(&mut self, id: &str) -> Result<&G, SavesError> {
        let game = self.games.iter().find(|g| g.id() == id).ok_or_else(|| SavesError::NoSuchGame(id.into()))?;
        self.current = id.to_string();
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doc::tests::{TOY, ToyDoc, toy};
    use crate::doc::{decode, encode};

    fn doc() -> ToyDoc {
        Doc::fresh(&TOY, toy("g1", "Antietam"))
    }

    #[test]
    fn new_rename_duplicate_resume() {
        let mut d = doc();
        d.new_game(toy("g2", "Shiloh")).unwrap();
        assert_eq!(d.current, "g2");
        assert_eq!(d.new_game(toy("g2", "again")), Err(SavesError::DuplicateId("g2".into())));
        d.rename_game("g1", "  Sharpsburg ").unwrap();
        assert_eq!(d.game("g1").unwrap().name, "Sharpsburg");
        assert!(matches!(d.rename_game("g1", "<b>x</b>"), Err(SavesError::BadName(_))));
        d.duplicate_game("g1", "g3").unwrap();
        let names: Vec<_> = d.summaries().into_iter().map(|s| s.name).collect();
        assert_eq!(names, ["Sharpsburg", "Sharpsburg (copy)", "Shiloh"]);
        assert_eq!(d.resume("g1").unwrap().name, "Sharpsburg");
        assert!(d.summaries()[0].open);
        assert!(matches!(d.resume("nope"), Err(SavesError::NoSuchGame(_))));
        assert_eq!(d.current, "g1", "a refused resume changes nothing");
        // The list survives storage.
        assert_eq!(decode(&encode(&d), &TOY).unwrap().0, d);
    }

    #[test]
    fn a_game_imported_twice_is_named_apart() {
        let mut d = doc();
        d.import_game(toy("g2", "Antietam")).unwrap();
        d.import_game(toy("g3", "Antietam")).unwrap();
        d.import_game(toy("g4", "Shiloh")).unwrap();
        let names: Vec<_> = d.summaries().into_iter().map(|s| s.name).collect();
        assert_eq!(names, ["Antietam", "Antietam (2)", "Antietam (3)", "Shiloh"]);
        assert_eq!(d.current, "g4", "the imported game is the open one");
    }

    #[test]
    fn delete_with_undo_and_never_the_last_game() {
        let mut d = doc();
        assert_eq!(d.delete_game("g1"), Err(SavesError::LastGame));
        d.new_game(toy("g2", "Shiloh")).unwrap();
        d.new_game(toy("g3", "Perryville")).unwrap();
        d.resume("g2").unwrap();
        let before = d.clone();
        let deleted = d.delete_game("g2").unwrap();
        assert_eq!(d.current, "g3", "the neighbour opens");
        assert_eq!(d.games.len(), 2);
        d.restore_game(deleted).unwrap();
        assert_eq!(d, before);
    }

    #[test]
    fn put_game_stores_the_sessions_copy() {
        let mut d = doc();
        let mut g = d.current_game().unwrap().clone();
        g.turn = 5;
        d.put_game(g);
        assert_eq!(d.current_game().unwrap().turn, 5);
        assert_eq!(d.games.len(), 1);
    }

    #[test]
    fn at_most_max_games() {
        let mut d = doc();
        for i in 2..=MAX_GAMES {
            d.new_game(toy(&format!("g{i}"), "x")).unwrap();
        }
        assert_eq!(d.new_game(toy("more", "x")), Err(SavesError::TooMany));
        assert_eq!(d.duplicate_game("g1", "more"), Err(SavesError::TooMany));
        assert_eq!(d.games.len(), MAX_GAMES);
    }
}
