//! A game with its undo and redo stacks: the one place where a system's games change.

use crate::system::GameSystem;

/// Most undo steps kept in memory.
pub const UNDO_LIMIT: usize = 200;

/// A game together with its undo and redo stacks.
pub struct Session<S: GameSystem> {
    game: S::Game,
    undo: Vec<S::Game>,
    redo: Vec<S::Game>,
}

impl<S: GameSystem> Clone for Session<S> {
    fn clone(&self) -> Self {
        Session { game: self.game.clone(), undo: self.undo.clone(), redo: self.redo.clone() }
    }
}

impl<S: GameSystem> PartialEq for Session<S>
where
    S::Game: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        self.game == other.game && self.undo == other.undo && self.redo == other.redo
    }
}

impl<S: GameSystem> std::fmt::Debug for Session<S>
where
    S::Game: std::fmt::Debug,
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session").field("game", &self.game).field("undo", &self.undo.len()).finish()
    }
}

/// What [`Session::dispatch_all`] refuses before any command runs.
pub trait EmptyBatch {
    /// The refusal of an empty batch of commands.
    fn nothing_to_do() -> Self;
}

impl EmptyBatch for String {
    fn nothing_to_do() -> Self {
        "Nothing to do.".into()
    }
}

impl<S: GameSystem> Session<S>
where
    S::Error: EmptyBatch,
{
    /// Applies a command, logging it at `now_ms`. A refused command changes nothing.
    pub fn dispatch(&mut self, command: &S::Command, now_ms: f64) -> Result<S::Outcome, S::Error> {
        let mut outcomes = self.dispatch_all(std::slice::from_ref(command), now_ms)?;
        outcomes.pop().ok_or_else(S::Error::nothing_to_do)
    }

    /// Applies several commands as one change: one undo step takes them all back (a fire
    /// result's ten kills and the tracker tick it settles). If any is refused, none is
    /// applied and the error is that command's.
    pub fn dispatch_all(&mut self, commands: &[S::Command], now_ms: f64) -> Result<Vec<S::Outcome>, S::Error> {
        if commands.is_empty() {
            return Err(S::Error::nothing_to_do());
        }
        self.dispatch_with(|next| commands.iter().map(|command| S::apply(next, command, now_ms)).collect())
    }
}

impl<S: GameSystem> Session<S> {
    /// Applies a change made by `change` instead of [`GameSystem::apply`], as one undo step; a
    /// refusal changes nothing. For a system's narrower entry point (the few commands a first
    /// screen sends), so that what the screen reaches, and the main module holds, is only
    /// what those commands need:
    ///
    /// ```
    /// # use companion_core::session::Session;
    /// # use companion_core::system::GameSystem;
    /// # struct Counter;
    /// # impl GameSystem for Counter {
    /// #     const ID: &'static str = "counter";
    /// #     const NAME: &'static str = "Counter";
    /// #     type Game = i32; type Command = i32; type Outcome = i32; type Error = String;
    /// #     fn apply(g: &mut i32, c: &i32, _: f64) -> Result<i32, String> { *g += c; Ok(*g) }
    /// # }
    /// let mut s = Session::<Counter>::new(1);
    /// assert_eq!(s.dispatch_with(|g| { *g += 1; Ok::<_, String>(*g) }), Ok(2));
    /// assert!(s.dispatch_with(|g| { *g = 99; Err::<i32, _>("no".to_string()) }).is_err());
    /// assert_eq!(*s.game(), 2);
    /// assert!(s.undo());
    /// assert_eq!(*s.game(), 1);
    /// ```
    pub fn dispatch_with<T, E>(&mut self, change: impl FnOnce(&mut S::Game) -> Result<T, E>) -> Result<T, E> {
        let mut next = self.game.clone();
        let done = change(&mut next)?;
        let before = std::mem::replace(&mut self.game, next);
        self.undo.push(before);
        if self.undo.len() > UNDO_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
        Ok(done)
    }

    /// Starts a session on a game, with nothing to undo.
    pub fn new(game: S::Game) -> Self {
        Session { game, undo: Vec::new(), redo: Vec::new() }
    }

    /// The game as it stands.
    pub fn game(&self) -> &S::Game {
        &self.game
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
    pub fn replace(&mut self, game: S::Game) {
        *self = Session::new(game);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    struct Tally;
    impl GameSystem for Tally {
        const ID: &'static str = "tally";
        const NAME: &'static str = "Tally";
        type Game = Vec<u8>;
        type Command = u8;
        type Outcome = usize;
        type Error = String;
        fn apply(game: &mut Vec<u8>, c: &u8, _now: f64) -> Result<usize, String> {
            game.push(*c);
            if *c == 0 { Err("zero is refused".into()) } else { Ok(game.len()) }
        }
    }

    #[test]
    fn a_refused_batch_changes_nothing_and_leaves_undo_alone() {
        let mut s = Session::<Tally>::new(vec![]);
        s.dispatch(&1, 0.0).unwrap();
        let before = s.clone();
        assert_eq!(s.dispatch_all(&[2, 3, 0, 4], 0.0), Err("zero is refused".into()));
        assert_eq!(s, before);
        assert_eq!(s.dispatch_all(&[], 0.0), Err("Nothing to do.".into()));
    }

    #[test]
    fn a_batch_is_one_undo_step() {
        let mut s = Session::<Tally>::new(vec![]);
        s.dispatch_all(&[1, 2, 3], 0.0).unwrap();
        assert!(s.undo());
        assert!(s.game().is_empty());
        assert!(!s.can_undo());
        assert!(s.redo());
        assert_eq!(s.game(), &vec![1, 2, 3]);
    }

    #[test]
    fn undo_keeps_at_most_the_limit() {
        let mut s = Session::<Tally>::new(vec![]);
        for _ in 0..UNDO_LIMIT + 5 {
            s.dispatch(&1, 0.0).unwrap();
        }
        let mut n = 0;
        while s.undo() {
            n += 1;
        }
        assert_eq!(n, UNDO_LIMIT);
        assert_eq!(s.game().len(), 5);
    }

    proptest! {
        /// Undoing every change, whatever was refused on the way, gives back the first game;
        /// redoing them all gives back the last.
        #[test]
        fn undo_all_then_redo_all_round_trips(cmds in proptest::collection::vec(0u8..4, 0..40)) {
            let mut s = Session::<Tally>::new(vec![9]);
            for c in &cmds {
                let _ = s.dispatch(c, 0.0);
            }
            let last = s.game().clone();
            while s.undo() {}
            prop_assert_eq!(s.game(), &vec![9]);
            while s.redo() {}
            prop_assert_eq!(s.game(), &last);
        }
    }
}
