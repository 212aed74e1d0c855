//! Every change to a game is a [`Command`], checked and then applied in one place
//! ([`Session::dispatch`]), which records it in the log and makes it undoable.

use super::game::{Game, LogEntry};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A change a player asks for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Move on to the next phase; after phase 8, the next turn (0.5: phases are never
    /// skipped, and only undo goes back).
    NextPhase,
    /// Give the game a new name.
    RenameGame { name: String },
}

/// Why a command was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// A name must have something in it and be of reasonable length.
    BadName(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::BadName(why) => write!(f, "{why}"),
        }
    }
}

/// Longest name the app accepts, in characters.
pub const MAX_NAME_CHARS: usize = 80;

/// Checks a name typed by a player: trimmed, not empty, not too long.
pub fn clean_name(name: &str) -> Result<String, CommandError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(CommandError::BadName("A name cannot be empty.".into()));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(CommandError::BadName(format!("A name can have at most {MAX_NAME_CHARS} characters.")));
    }
    Ok(name.to_string())
}

impl Command {
    /// Checks the command against the game, then applies it. Returns the log text.
    fn execute(&self, game: &mut Game) -> Result<String, CommandError> {
        match self {
            Command::NextPhase => {
                let from = game.phase;
                let (next, new_turn) = from.next();
                game.phase = next;
                if new_turn {
                    game.turn = game.turn.saturating_add(1);
                    Ok(format!("Turn {} begins: phase 1, {}", game.turn, next.name()))
                } else {
                    Ok(format!("Phase {}: {}", next.number(), next.name()))
                }
            }
            Command::RenameGame { name } => {
                let name = clean_name(name)?;
                let text = format!("Game renamed to \u{201c}{name}\u{201d}");
                game.name = name;
                Ok(text)
            }
        }
    }
}

/// Most undo steps kept in memory.
pub const UNDO_LIMIT: usize = 200;

/// A game together with its undo and redo stacks. The one place where games change.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    game: Game,
    undo: Vec<Game>,
    redo: Vec<Game>,
}

impl Session {
    /// Starts a session on a game, with nothing to undo.
    pub fn new(game: Game) -> Session {
        Session { game, undo: Vec::new(), redo: Vec::new() }
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Applies a command, logging it at `now_ms`. A refused command changes nothing.
    pub fn dispatch(&mut self, command: &Command, now_ms: f64) -> Result<(), CommandError> {
        let before = self.game.clone();
        let mut next = self.game.clone();
        let text = command.execute(&mut next)?;
        next.log.push(LogEntry { turn: next.turn, phase: next.phase, at_ms: now_ms, text });
        self.undo.push(before);
        if self.undo.len() > UNDO_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
        self.game = next;
        Ok(())
    }

    /// Whether there is something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last change; returns false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some(prev) => {
                self.redo.push(std::mem::replace(&mut self.game, prev));
                true
            }
            None => false,
        }
    }

    /// Puts back the last undone change; returns false when there is none.
    pub fn redo(&mut self) -> bool {
        match self.redo.pop() {
            Some(next) => {
                self.undo.push(std::mem::replace(&mut self.game, next));
                true
            }
            None => false,
        }
    }

    /// Replaces the game wholesale (loaded from storage or from another tab); clears undo.
    pub fn replace(&mut self, game: Game) {
        *self = Session::new(game);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::game::Phase;

    fn session() -> Session {
        Session::new(Game::new("g1", "Test"))
    }

    #[test]
    fn next_phase_after_eight_starts_turn_two() {
        let mut s = session();
        for _ in 0..8 {
            s.dispatch(&Command::NextPhase, 0.0).unwrap();
        }
        assert_eq!((s.game().turn, s.game().phase), (2, Phase::MarkOrders));
        assert_eq!(s.game().log.len(), 8);
        assert!(s.game().log[7].text.contains("Turn 2"));
    }

    #[test]
    fn undo_and_redo_every_command_kind() {
        let cmds = [Command::NextPhase, Command::RenameGame { name: "Shiloh".into() }];
        for cmd in cmds {
            let mut s = session();
            let before = s.game().clone();
            s.dispatch(&cmd, 5.0).unwrap();
            let after = s.game().clone();
            assert_ne!(before, after, "{cmd:?} changed nothing");
            assert!(s.undo());
            assert_eq!(s.game(), &before);
            assert!(s.redo());
            assert_eq!(s.game(), &after);
        }
    }

    #[test]
    fn refused_command_changes_nothing_and_cannot_be_undone() {
        let mut s = session();
        let err = s.dispatch(&Command::RenameGame { name: "   ".into() }, 0.0);
        assert!(matches!(err, Err(CommandError::BadName(_))));
        assert!(!s.can_undo());
        assert_eq!(s.game().name, "Test");
    }

    #[test]
    fn a_new_command_clears_redo() {
        let mut s = session();
        s.dispatch(&Command::NextPhase, 0.0).unwrap();
        s.undo();
        s.dispatch(&Command::RenameGame { name: "B".into() }, 0.0).unwrap();
        assert!(!s.can_redo());
    }
}
