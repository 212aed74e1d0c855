//! The morale checks due: what a fire result, a kill or a charge calls for (4.4.1), waiting to
//! be rolled in the order of 4.4.2. They are part of the game, so they survive a reload, are
//! shared with another tab, and an undo takes back the checks its change queued.
//!
//! A command that reports morale checks ([`super::command::Outcome::morale_checks`]) queues
//! them here itself (in [`super::command::Session::dispatch`]); the resolvers queue the
//! checks that only they can see (a 12 on Table 10, a friendly rout seen) with
//! [`ChecksCommand::Queue`], and take a check off with [`ChecksCommand::Done`] in the same
//! step that applies its result.

use super::command::{CheckReason as KillReason, CommandError, MoraleCheck};
use super::game::Game;
use crate::rules::morale::triggers::CheckReason;
use serde::{Deserialize, Serialize};

/// Why a unit checks (Table 2), as the players pick it in the morale resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reason {
    /// No. 3: its first kill (4.4.1.a).
    FirstKill,
    /// No. 6: a stand lost (4.4.1.d).
    StandLost,
    /// No. 4: a crew kill to a gun section (4.4.1.b).
    CrewKill,
    /// No. 5: hit by artillery fire (4.4.1.c).
    ArtilleryHit,
    /// No. 7: a 12 on Table 10 (4.4.1.f).
    Devastation,
    /// No. 1: saw a friendly unit rout or surrender within 1' (2.2).
    SawRout,
    /// No. 8: a friendly unit within 3" eliminated by fire (4.4.1.e).
    NeighbourEliminated,
    /// No. 10: saw a friendly officer hit within 1' (8).
    OfficerHit,
    /// No. 10 with the spectacular death's +1 (8, Table 20).
    SpectacularDeath,
    /// No. 9: a charging enemy came within 3" (5.5.1): Tables 17 and 18.
    FearOfCharge,
}

impl Reason {
    /// Every reason, in the order of the resolver's toggles.
    pub const ALL: [Reason; 10] = [
        Reason::FirstKill,
        Reason::StandLost,
        Reason::CrewKill,
        Reason::ArtilleryHit,
        Reason::Devastation,
        Reason::SawRout,
        Reason::NeighbourEliminated,
        Reason::OfficerHit,
        Reason::SpectacularDeath,
        Reason::FearOfCharge,
    ];

    /// The word in `/resolve/morale?reason=...`.
    pub fn key(self) -> &'static str {
        match self {
            Reason::FirstKill => "first-kill",
            Reason::StandLost => "stand-lost",
            Reason::CrewKill => "crew-kill",
            Reason::ArtilleryHit => "artillery-hit",
            Reason::Devastation => "devastation",
            Reason::SawRout => "saw-rout",
            Reason::NeighbourEliminated => "neighbour-eliminated",
            Reason::OfficerHit => "officer-hit",
            Reason::SpectacularDeath => "spectacular-death",
            Reason::FearOfCharge => "fear-of-charge",
        }
    }

    /// The reason named by `key` ([`Reason::key`]).
    pub fn from_key(key: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.key() == key)
    }

    /// The rules engine's reason for this check (4.4.1, Table 2).
    pub fn check(self) -> CheckReason {
        match self {
            Reason::FirstKill => CheckReason::FirstKill,
            Reason::CrewKill => CheckReason::CrewKill,
            Reason::ArtilleryHit => CheckReason::ArtilleryHit { canister: false },
            Reason::StandLost => CheckReason::StandLost,
            Reason::Devastation => CheckReason::UnexpectedDevastation,
            Reason::NeighbourEliminated => CheckReason::AdjacentUnitEliminated,
            Reason::SawRout => CheckReason::FriendlyRoutOrSurrender,
            Reason::OfficerHit => CheckReason::OfficerCasualtySeen { spectacular_death: false },
            Reason::SpectacularDeath => CheckReason::OfficerCasualtySeen { spectacular_death: true },
            // Table 2 no. 9, taken on Tables 17 and 18; among a unit's own problems (4.4.2).
            Reason::FearOfCharge => CheckReason::Other,
        }
    }

    /// Its step in the order of 4.4.2, as the rules engine gives it
    /// ([`CheckReason::order`]): own problems before other units'.
    pub fn order(self) -> u8 {
        self.check().order()
    }

    /// The words on its toggle.
    pub fn label(self) -> &'static str {
        match self {
            Reason::FirstKill => "First kill",
            Reason::StandLost => "Stand lost",
            Reason::CrewKill => "Crew hit",
            Reason::ArtilleryHit => "Artillery hit",
            Reason::Devastation => "Rolled 12 on Table 10",
            Reason::SawRout => "Saw a friend rout",
            Reason::NeighbourEliminated => "Neighbour eliminated",
            Reason::OfficerHit => "Saw an officer hit",
            Reason::SpectacularDeath => "Saw a spectacular death",
            Reason::FearOfCharge => "Fear of charge",
        }
    }

    /// "Table 2 no. 6, 4.4.1.d".
    pub fn rule(self) -> &'static str {
        match self {
            Reason::FirstKill => "Table 2 no. 3, 4.4.1.a",
            Reason::StandLost => "Table 2 no. 6, 4.4.1.d",
            Reason::CrewKill => "Table 2 no. 4, 4.4.1.b",
            Reason::ArtilleryHit => "Table 2 no. 5, 4.4.1.c",
            Reason::Devastation => "Table 2 no. 7, 4.4.1.f",
            Reason::SawRout => "Table 2 no. 1, 2.2",
            Reason::NeighbourEliminated => "Table 2 no. 8, 4.4.1.e",
            Reason::OfficerHit | Reason::SpectacularDeath => "Table 2 no. 10, 8",
            Reason::FearOfCharge => "Table 2 no. 9, 5.5.1, Tables 17 and 18",
        }
    }

    /// Checks caused by fire, where the side it came from counts (4.4.3.a).
    pub fn from_fire(self) -> bool {
        matches!(
            self,
            Reason::FirstKill | Reason::StandLost | Reason::CrewKill | Reason::ArtilleryHit | Reason::Devastation
        )
    }
}

/// One check due.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Due {
    /// The unit's id.
    pub unit: String,
    /// Its name.
    pub name: String,
    /// Why (Table 2).
    pub reason: Reason,
}

impl From<MoraleCheck> for Due {
    fn from(c: MoraleCheck) -> Due {
        let reason = match c.reason {
            KillReason::FirstKill => Reason::FirstKill,
            KillReason::CrewKill => Reason::CrewKill,
            KillReason::StandLost => Reason::StandLost,
        };
        Due { unit: c.unit, name: c.name, reason }
    }
}

/// Most checks kept waiting: more than any table sees; a runaway list is refused, not kept.
pub const MAX_DUE: usize = 200;

/// Adds checks to the game's list and puts the whole list in the order of 4.4.2: each unit
/// takes the checks for its own problems (first kill ... unexpected devastation, steps 1-5)
/// one unit after another, in the order the units were first queued; then the checks for what
/// the units saw (an adjacent unit eliminated, a rout or surrender, an officer hit: steps 6
/// and 7). 4.4.2's example: A checks first loss and artillery hit, then B, then C, then A and
/// C for seeing B rout. Several checks for one reason are kept (one per stand lost, one per
/// artillery hit: 4.4.1.c, 4.4.2 step 4).
pub fn queue(game: &mut Game, checks: impl IntoIterator<Item = Due>) {
    game.checks_due.extend(checks);
    let mut units: Vec<String> = Vec::new();
    for c in &game.checks_due {
        if !units.contains(&c.unit) {
            units.push(c.unit.clone());
        }
    }
    let place = |c: &Due| units.iter().position(|u| *u == c.unit).unwrap_or(usize::MAX);
    let seen = |c: &Due| c.reason.order() >= 6;
    game.checks_due.sort_by_cached_key(|c| {
        if seen(c) {
            (1, usize::from(c.reason.order()), place(c))
        } else {
            (0, place(c), usize::from(c.reason.order()))
        }
    });
    game.checks_due.truncate(MAX_DUE);
}

/// Changes to the list of checks due.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChecksCommand {
    /// Queue checks a resolver found (4.4.1), in the order of 4.4.2.
    Queue {
        /// The checks.
        checks: Vec<Due>,
    },
    /// A waiting check has been rolled: take the first check of `unit` (for `reason`, or any
    /// reason) off the list.
    Done {
        /// The unit's id.
        unit: String,
        /// The reason, or any.
        reason: Option<Reason>,
    },
    /// Clear the whole list (the players settled the checks on the table).
    Clear,
}

fn refused(why: &str) -> CommandError {
    CommandError::Refused(why.to_string())
}

impl ChecksCommand {
    /// Checks and applies the change; returns the log line.
    pub fn execute(&self, game: &mut Game) -> Result<String, CommandError> {
        match self {
            ChecksCommand::Queue { checks } => {
                if checks.is_empty() {
                    return Err(refused("There is no check to queue."));
                }
                if checks
                    .iter()
                    .any(|c| game.roster.regiment(&c.unit).is_none() && game.roster.section(&c.unit).is_none())
                {
                    return Err(refused(
                        "A morale check can only be queued for a regiment or gun section of this game.",
                    ));
                }
                let words: Vec<String> =
                    checks.iter().map(|c| format!("{} ({})", c.name, c.reason.label().to_lowercase())).collect();
                queue(game, checks.iter().cloned());
                Ok(format!("Morale check due (4.4.2): {}", words.join(", ")))
            }
            ChecksCommand::Done { unit, reason } => {
                let at = game.checks_due.iter().position(|c| &c.unit == unit && reason.is_none_or(|r| r == c.reason));
                let i = at.ok_or_else(|| refused("No such morale check is waiting."))?;
                let c = game.checks_due.remove(i);
                Ok(format!("Morale check rolled: {} ({})", c.name, c.reason.label().to_lowercase()))
            }
            ChecksCommand::Clear => {
                if game.checks_due.is_empty() {
                    return Err(refused("No morale check is waiting."));
                }
                let n = game.checks_due.len();
                game.checks_due.clear();
                Ok(format!("{n} waiting morale check(s) cleared by the players"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::command::{Command, Session};
    use crate::state::demo::demo_game;

    fn due(unit: &str, reason: Reason) -> Due {
        Due { unit: unit.into(), name: unit.into(), reason }
    }

    #[test]
    fn rule_4_4_2_own_losses_before_what_was_seen_whatever_the_order_queued() {
        let mut g = demo_game("g");
        queue(&mut g, [due("r-7wi", Reason::SawRout)]);
        queue(&mut g, [due("r-2wi", Reason::StandLost), due("r-2wi", Reason::FirstKill)]);
        let order: Vec<Reason> = g.checks_due.iter().map(|c| c.reason).collect();
        assert_eq!(order, vec![Reason::FirstKill, Reason::StandLost, Reason::SawRout]);
    }

    #[test]
    fn rule_4_4_2_example_each_regiment_settles_its_own_losses_then_all_check_for_the_rout() {
        // 4.4.2's example: A, B and C take first losses from artillery; B routs.
        let mut g = demo_game("g");
        let (a, b, c) = ("r-2wi", "r-6wi", "r-7wi");
        queue(&mut g, [a, b, c].map(|u| due(u, Reason::FirstKill)));
        queue(&mut g, [a, b, c].map(|u| due(u, Reason::ArtilleryHit)));
        queue(&mut g, [a, c].map(|u| due(u, Reason::SawRout)));
        let order: Vec<(&str, Reason)> = g.checks_due.iter().map(|d| (d.unit.as_str(), d.reason)).collect();
        assert_eq!(
            order,
            vec![
                (a, Reason::FirstKill),
                (a, Reason::ArtilleryHit),
                (b, Reason::FirstKill),
                (b, Reason::ArtilleryHit),
                (c, Reason::FirstKill),
                (c, Reason::ArtilleryHit),
                (a, Reason::SawRout),
                (c, Reason::SawRout),
            ]
        );
    }

    #[test]
    fn rule_4_4_1_a_a_first_kill_queues_its_check_in_the_game_and_undo_takes_it_back() {
        let mut s = Session::new(demo_game("g"));
        s.dispatch(&Command::AddKill { regiment: "r-2wi".into() }, 0.0).unwrap();
        assert_eq!(s.game().checks_due.len(), 1);
        assert_eq!(s.game().checks_due[0].reason, Reason::FirstKill);
        assert!(s.undo());
        assert!(s.game().checks_due.is_empty());
    }

    #[test]
    fn a_check_rolled_comes_off_the_list_and_is_logged() {
        let mut s = Session::new(demo_game("g"));
        let q = ChecksCommand::Queue { checks: vec![due("r-2wi", Reason::Devastation), due("r-7wi", Reason::SawRout)] };
        s.dispatch(&Command::Checks(q), 0.0).unwrap();
        let done = ChecksCommand::Done { unit: "r-7wi".into(), reason: None };
        let out = s.dispatch(&Command::Checks(done.clone()), 0.0).unwrap();
        assert!(out.text.contains("rolled"), "{}", out.text);
        assert_eq!(s.game().checks_due, vec![due("r-2wi", Reason::Devastation)]);
        assert!(s.dispatch(&Command::Checks(done), 0.0).is_err(), "nothing left for that unit");
        s.dispatch(&Command::Checks(ChecksCommand::Clear), 0.0).unwrap();
        assert!(s.game().checks_due.is_empty());
    }

    #[test]
    fn checks_for_units_not_in_the_game_are_refused() {
        let mut s = Session::new(demo_game("g"));
        let q = ChecksCommand::Queue { checks: vec![due("nobody", Reason::SawRout)] };
        assert!(s.dispatch(&Command::Checks(q), 0.0).is_err());
        assert!(s.game().checks_due.is_empty());
    }

    #[test]
    fn rule_4_4_2_one_check_per_stand_lost_is_kept() {
        let mut g = demo_game("g");
        queue(&mut g, [due("r-2wi", Reason::StandLost), due("r-2wi", Reason::StandLost)]);
        assert_eq!(g.checks_due.len(), 2);
    }

    #[test]
    fn reasons_round_trip_through_their_keys() {
        for r in Reason::ALL {
            assert_eq!(Reason::from_key(r.key()), Some(r));
        }
    }
}
