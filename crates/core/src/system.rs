//! The boundary every game system implements: its game, its commands, and the one function
//! that applies a command to a game. The [`crate::session::Session`] gives undo, redo and
//! "all or nothing" batches for free; the system's own log is written by [`GameSystem::apply`].
//!
//! A system's pure crate implements this trait on a unit type:
//!
//! ```
//! use companion_core::session::Session;
//! use companion_core::system::GameSystem;
//!
//! /// A toy system: a counter that refuses to go below zero.
//! struct Counter;
//! impl GameSystem for Counter {
//!     const ID: &'static str = "counter";
//!     const NAME: &'static str = "Counter";
//!     type Game = i32;
//!     type Command = i32;
//!     type Outcome = i32;
//!     type Error = String;
//!     fn apply(game: &mut i32, add: &i32, _now_ms: f64) -> Result<i32, String> {
//!         *game += add;
//!         if *game < 0 { Err("below zero".into()) } else { Ok(*game) }
//!     }
//! }
//!
//! let mut s = Session::<Counter>::new(1);
//! assert_eq!(s.dispatch(&2, 0.0), Ok(3));
//! // A refused command leaves the game as it was.
//! assert!(s.dispatch(&-10, 0.0).is_err());
//! assert_eq!(*s.game(), 3);
//! assert!(s.undo());
//! assert_eq!(*s.game(), 1);
//! ```

/// A game system the companion serves.
pub trait GameSystem: 'static {
    /// The system's key in stored documents and files (`"johnny-reb"`): never changes.
    const ID: &'static str;
    /// Its name as the players know it.
    const NAME: &'static str;
    /// A game in progress: everything that is saved and undone.
    type Game: Clone;
    /// A change a player (or the app playing a side) asks for.
    type Command;
    /// What an applied command did, for the screens.
    type Outcome;
    /// Why a command was refused.
    type Error;

    /// Checks `command` against `game` and applies it, writing the game's log. On refusal the
    /// session throws `game` away, so a refusal half-way changes nothing.
    fn apply(game: &mut Self::Game, command: &Self::Command, now_ms: f64) -> Result<Self::Outcome, Self::Error>;
}

/// The tag a system's stored game carries as its field `system`: it is written as the
/// system's [`GameSystem::ID`], so that the stored document says whose game it is, and is
/// read as whatever was there (the app picks the system by it before the game is read).
///
/// ```
/// use companion_core::system::{GameSystem, SystemTag};
/// struct Toy;
/// impl GameSystem for Toy {
///     const ID: &'static str = "toy";
///     const NAME: &'static str = "Toy";
///     type Game = ();
///     type Command = ();
///     type Outcome = ();
///     type Error = ();
///     fn apply(_: &mut (), _: &(), _: f64) -> Result<(), ()> { Ok(()) }
/// }
/// assert_eq!(serde_json::to_string(&SystemTag::<Toy>::default()).unwrap(), "\"toy\"");
/// ```
pub struct SystemTag<S>(std::marker::PhantomData<fn() -> S>);

impl<S> Default for SystemTag<S> {
    fn default() -> Self {
        SystemTag(std::marker::PhantomData)
    }
}

impl<S> Clone for SystemTag<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for SystemTag<S> {}

impl<S> PartialEq for SystemTag<S> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<S: GameSystem> std::fmt::Debug for SystemTag<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(S::ID)
    }
}

impl<S: GameSystem> serde::Serialize for SystemTag<S> {
    fn serialize<Z: serde::Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(S::ID)
    }
}

impl<'de, S> serde::Deserialize<'de> for SystemTag<S> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        serde::de::IgnoredAny::deserialize(deserializer).map(|_| SystemTag::default())
    }
}
