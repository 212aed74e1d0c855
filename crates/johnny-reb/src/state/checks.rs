//! The morale checks due: what a fire result, a kill or a charge calls for (4.4.1), waiting to
//! be rolled in the order of 4.4.2. They are part of the game, so they survive a reload, are
//! shared with another tab, and an undo takes back the checks its change queued.
//!
//! A command that reports morale checks ([`super::command::Outcome::morale_checks`]) queues
//! them here itself (in [`super::session::Session::dispatch`]); the resolvers queue the
//! checks that only they can see (a 12 on Table 10, a friendly rout seen) with
//! [`ChecksCommand::Queue`], and take a check off with [`ChecksCommand::Done`] in the same
//! step that applies its result.

use super::error::{CommandError, refused};
use super::game::Game;
use super::ids::UnitId;
use super::roster::{CREW_KILLS_TO_ELIMINATE, GunState};
use crate::rules::morale::triggers::CheckReason;
use serde::{Deserialize, Serialize};

pub use super::checks_state::*;

/// Most checks kept waiting: more than any table sees; a runaway list is refused, not kept.
pub const MAX_DUE: usize = 200;

/// The stands a regiment has lost as the check for `reason` counts them (4.4.2): a stand lost
/// in the same sequence is not applied until the check for that stand lost is reached, so the
/// checks before it (first kill, crew kill, artillery hit) count only the stands lost before,
/// and each stand-lost check counts the stands up to its own. The checks still waiting for the
/// unit tell which stands are not reached yet.
pub fn stands_lost_for_check(game: &Game, unit: &str, reason: CheckReason) -> u32 {
    let now = game.roster.regiment(unit).map_or(0, |r| r.stands_lost() as u32);
    let waiting =
        game.checks_due.iter().filter(|d| d.unit == unit && d.reason == CheckReason::StandLost).count() as u32;
    let not_reached = match reason.order().cmp(&CheckReason::StandLost.order()) {
        std::cmp::Ordering::Less => waiting,
        std::cmp::Ordering::Equal => waiting.saturating_sub(1),
        std::cmp::Ordering::Greater => 0,
    };
    now.saturating_sub(not_reached)
}

/// Adds checks to the game's list and puts the whole list in the order of 4.4.2: each unit
/// takes the checks for its own problems (first kill ... unexpected devastation, steps 1-5)
/// one unit after another, in the order the units were first queued; then the checks for what
/// the units saw (an adjacent unit eliminated, a rout or surrender, an officer hit: steps 6
/// and 7). 4.4.2's example: A checks first loss and artillery hit, then B, then C, then A and
/// C for seeing B rout. Several checks for one reason are kept (one per stand lost, one per
/// artillery hit: 4.4.1.c, 4.4.2 step 4), but what the rules fold into one is queued once
/// ([`folds`]), and a unit the fire eliminated keeps no check ([`eliminated`]).
pub fn queue(game: &mut Game, checks: impl IntoIterator<Item = Due>) {
    let mut added: Vec<Due> = Vec::new();
    for c in checks {
        // 4.4.1.f: one volley has one kill roll, so one check for its 12.
        if c.reason == CheckReason::UnexpectedDevastation && added.contains(&c) {
            continue;
        }
        added.push(c);
    }
    for c in added {
        let waiting = game.checks_due.iter().filter(|d| d.unit == c.unit && folds(d.reason) == folds(c.reason)).count();
        if most_waiting(c.reason).is_none_or(|most| waiting < most) {
            game.checks_due.push(c);
        }
    }
    let gone: Vec<UnitId> =
        game.checks_due.iter().filter(|c| eliminated(game, &c.unit)).map(|c| c.unit.clone()).collect();
    game.checks_due.retain(|c| !gone.contains(&c.unit));
    let mut units: Vec<UnitId> = Vec::new();
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

/// The reasons counted together when checks fold: an artillery hit is one, by canister or not
/// (4.4.1.c, Appendix F 10).
fn folds(reason: CheckReason) -> CheckReason {
    match reason {
        CheckReason::ArtilleryHit { .. } => CheckReason::ArtilleryHit { canister: false },
        r => r,
    }
}

/// How many checks for one reason a unit may have waiting, when the rules fold them (4.4.1,
/// 4.4.2): one first kill (4.4.1.a: there is one first kill), one crew kill (4.4.1.b: a second
/// kill in the turn eliminates the crew, 4.3.5.b), three artillery hits (4.4.1.c: "a limit of
/// three checks for artillery hits per turn per unit"), one adjacent unit eliminated (4.4.1.e:
/// a battery of three sections eliminated is checked for once). Stands lost are one check per
/// stand (4.4.2 step 4), routs seen one per rout (4.4.1.g): not folded.
fn most_waiting(reason: CheckReason) -> Option<usize> {
    match reason {
        CheckReason::FirstKill | CheckReason::CrewKill | CheckReason::AdjacentUnitEliminated => Some(1),
        CheckReason::ArtilleryHit { .. } => Some(3),
        _ => None,
    }
}

/// A unit gone from the table checks no more (4.4.2: a routed unit that fails is removed as
/// lost): a regiment whose last stand is lost, a gun lost (11.2), a crew eliminated by its
/// second kill of the turn (4.3.5.b).
fn eliminated(game: &Game, unit: &str) -> bool {
    if let Some(r) = game.roster.regiment(unit) {
        return r.stands_left() == 0;
    }
    game.roster.section(unit).is_some_and(|s| {
        s.state.is_lost() || (s.state == GunState::Abandoned && s.crew_kills_this_turn >= CREW_KILLS_TO_ELIMINATE)
    })
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
        reason: Option<CheckReason>,
    },
    /// Clear the whole list (the players settled the checks on the table).
    Clear,
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
    use crate::state::demo::demo_game;
    use crate::state::units::UnitCommand;
    use crate::state::{command::Command, session::Session};

    fn due(unit: &str, reason: CheckReason) -> Due {
        Due { unit: unit.into(), name: unit.into(), reason }
    }

    /// 4.4.2, the case: a regiment with no losses takes kills enough to lose a stand,
    /// from artillery: first kill, artillery hit and stand lost are queued. The first two count
    /// no stand lost; the stand-lost check counts it; once it is rolled, later checks count it.
    #[test]
    fn rule_4_4_2_a_stand_lost_counts_only_from_its_own_check() {
        let mut s = Session::new(demo_game("g"));
        let unit = "r-2wi";
        let mut kills = 0;
        while s.game().roster.regiment(unit).is_some_and(|r| r.stands_lost() == 0) && kills < 20 {
            s.dispatch(&Command::Unit(UnitCommand::AddKill { regiment: unit.into() }), 0.0).unwrap();
            kills += 1;
        }
        let mut g = s.game().clone();
        assert_eq!(g.roster.regiment(unit).map(|r| r.stands_lost()), Some(1));
        queue(&mut g, [due(unit, CheckReason::ArtilleryHit { canister: false })]);
        let reasons: Vec<CheckReason> = g.checks_due.iter().filter(|c| c.unit == unit).map(|c| c.reason).collect();
        assert_eq!(
            reasons,
            vec![CheckReason::FirstKill, CheckReason::ArtilleryHit { canister: false }, CheckReason::StandLost]
        );
        assert_eq!(stands_lost_for_check(&g, unit, CheckReason::FirstKill), 0);
        assert_eq!(stands_lost_for_check(&g, unit, CheckReason::ArtilleryHit { canister: false }), 0);
        assert_eq!(stands_lost_for_check(&g, unit, CheckReason::StandLost), 1);
        // Rolled in their order: the stand is counted once its own check is reached.
        g.checks_due.retain(|c| c.reason == CheckReason::StandLost || c.unit != unit);
        assert_eq!(stands_lost_for_check(&g, unit, CheckReason::StandLost), 1);
        g.checks_due.clear();
        assert_eq!(stands_lost_for_check(&g, unit, CheckReason::FriendlyRoutOrSurrender), 1);
        assert_eq!(stands_lost_for_check(&g, unit, CheckReason::FirstKill), 1, "nothing waiting: all losses count");
    }

    #[test]
    fn rule_4_4_2_own_losses_before_what_was_seen_whatever_the_order_queued() {
        let mut g = demo_game("g");
        queue(&mut g, [due("r-7wi", CheckReason::FriendlyRoutOrSurrender)]);
        queue(&mut g, [due("r-2wi", CheckReason::StandLost), due("r-2wi", CheckReason::FirstKill)]);
        let order: Vec<CheckReason> = g.checks_due.iter().map(|c| c.reason).collect();
        assert_eq!(order, vec![CheckReason::FirstKill, CheckReason::StandLost, CheckReason::FriendlyRoutOrSurrender]);
    }

    #[test]
    fn rule_4_4_2_example_each_regiment_settles_its_own_losses_then_all_check_for_the_rout() {
        // 4.4.2's example: A, B and C take first losses from artillery; B routs.
        let mut g = demo_game("g");
        let (a, b, c) = ("r-2wi", "r-6wi", "r-7wi");
        queue(&mut g, [a, b, c].map(|u| due(u, CheckReason::FirstKill)));
        queue(&mut g, [a, b, c].map(|u| due(u, CheckReason::ArtilleryHit { canister: false })));
        queue(&mut g, [a, c].map(|u| due(u, CheckReason::FriendlyRoutOrSurrender)));
        let order: Vec<(&str, CheckReason)> = g.checks_due.iter().map(|d| (d.unit.as_str(), d.reason)).collect();
        assert_eq!(
            order,
            vec![
                (a, CheckReason::FirstKill),
                (a, CheckReason::ArtilleryHit { canister: false }),
                (b, CheckReason::FirstKill),
                (b, CheckReason::ArtilleryHit { canister: false }),
                (c, CheckReason::FirstKill),
                (c, CheckReason::ArtilleryHit { canister: false }),
                (a, CheckReason::FriendlyRoutOrSurrender),
                (c, CheckReason::FriendlyRoutOrSurrender),
            ]
        );
    }

    #[test]
    fn rule_4_4_1_a_a_first_kill_queues_its_check_in_the_game_and_undo_takes_it_back() {
        let mut s = Session::new(demo_game("g"));
        s.dispatch(&Command::Unit(UnitCommand::AddKill { regiment: "r-2wi".into() }), 0.0).unwrap();
        assert_eq!(s.game().checks_due.len(), 1);
        assert_eq!(s.game().checks_due[0].reason, CheckReason::FirstKill);
        assert!(s.undo());
        assert!(s.game().checks_due.is_empty());
    }

    #[test]
    fn a_check_rolled_comes_off_the_list_and_is_logged() {
        let mut s = Session::new(demo_game("g"));
        let q = ChecksCommand::Queue {
            checks: vec![
                due("r-2wi", CheckReason::UnexpectedDevastation),
                due("r-7wi", CheckReason::FriendlyRoutOrSurrender),
            ],
        };
        s.dispatch(&Command::Checks(q), 0.0).unwrap();
        let done = ChecksCommand::Done { unit: "r-7wi".into(), reason: None };
        let out = s.dispatch(&Command::Checks(done.clone()), 0.0).unwrap();
        assert!(out.text.contains("rolled"), "{}", out.text);
        assert_eq!(s.game().checks_due, vec![due("r-2wi", CheckReason::UnexpectedDevastation)]);
        assert!(s.dispatch(&Command::Checks(done), 0.0).is_err(), "nothing left for that unit");
        s.dispatch(&Command::Checks(ChecksCommand::Clear), 0.0).unwrap();
        assert!(s.game().checks_due.is_empty());
    }

    #[test]
    fn checks_for_units_not_in_the_game_are_refused() {
        let mut s = Session::new(demo_game("g"));
        let q = ChecksCommand::Queue { checks: vec![due("nobody", CheckReason::FriendlyRoutOrSurrender)] };
        assert!(s.dispatch(&Command::Checks(q), 0.0).is_err());
        assert!(s.game().checks_due.is_empty());
    }

    #[test]
    fn rule_4_4_2_one_check_per_stand_lost_is_kept() {
        let mut g = demo_game("g");
        queue(&mut g, [due("r-2wi", CheckReason::StandLost), due("r-2wi", CheckReason::StandLost)]);
        assert_eq!(g.checks_due.len(), 2);
    }

    fn reasons(g: &Game, unit: &str) -> Vec<CheckReason> {
        g.checks_due.iter().filter(|c| c.unit == unit).map(|c| c.reason).collect()
    }

    /// One volley's result as the resolvers apply it: its kills, then its own checks.
    fn volley(s: &mut Session, kills: Vec<Command>, checks: Vec<Due>) {
        use crate::state::result::{ResultRecord, batch};
        let record = ResultRecord { commands: kills, queue: checks, settles: Vec::new() };
        let b = batch(s.game(), &record);
        s.dispatch_all(&b, 0.0).unwrap();
    }

    /// 4.4.1, 4.4.2: what the rules make one check is queued once for a unit, however many
    /// times one volley (or one phase of fire) calls for it; stands lost stay one per stand.
    #[test]
    fn rule_4_4_2_one_volley_queues_once_the_checks_the_rules_fold() {
        let mut s = Session::new(demo_game("g"));
        let unit = "r-2wi";
        let kill = || Command::Unit(UnitCommand::AddKill { regiment: unit.into() });
        // A kill marked, taken back and marked again is still the one first kill (4.4.1.a).
        s.dispatch(&kill(), 0.0).unwrap();
        s.dispatch(&Command::Unit(UnitCommand::RemoveKill { regiment: unit.into() }), 0.0).unwrap();
        // One volley: its 12 written twice is one unexpected devastation (4.4.1.f); a shot
        // and a canister hit from other guns are artillery hits, three a turn at most (4.4.1.c).
        let hit = |canister| due(unit, CheckReason::ArtilleryHit { canister });
        volley(
            &mut s,
            vec![kill()],
            vec![
                due(unit, CheckReason::UnexpectedDevastation),
                due(unit, CheckReason::UnexpectedDevastation),
                hit(false),
                hit(true),
            ],
        );
        volley(&mut s, vec![], vec![hit(false), hit(false)]);
        // A battery of three sections eliminated beside it is one check (4.4.1.e's example).
        volley(&mut s, vec![], [0; 3].map(|_| due(unit, CheckReason::AdjacentUnitEliminated)).to_vec());
        assert_eq!(
            reasons(s.game(), unit),
            vec![
                CheckReason::FirstKill,
                CheckReason::ArtilleryHit { canister: false },
                CheckReason::ArtilleryHit { canister: true },
                CheckReason::ArtilleryHit { canister: false },
                CheckReason::UnexpectedDevastation,
                CheckReason::AdjacentUnitEliminated,
            ]
        );
        // Two stands lost are two checks (4.4.2 step 4).
        let mut kills = 0;
        while s.game().roster.regiment(unit).is_some_and(|r| r.stands_lost() < 2) && kills < 40 {
            s.dispatch(&kill(), 0.0).unwrap();
            kills += 1;
        }
        assert_eq!(reasons(s.game(), unit).iter().filter(|r| **r == CheckReason::StandLost).count(), 2);
    }

    /// 4.3.5.b: two crew kills in one volley eliminate the crew: no crew-kill check waits for
    /// the crew that is gone.
    #[test]
    fn rule_4_3_5_b_a_crew_eliminated_by_one_volley_has_no_check_waiting() {
        let mut s = Session::new(demo_game("g"));
        let crew_kill = || Command::Unit(UnitCommand::AddCrewKill { section: "s-hall-1".into() });
        volley(&mut s, vec![crew_kill()], vec![]);
        assert_eq!(reasons(s.game(), "s-hall-1"), vec![CheckReason::CrewKill]);
        volley(&mut s, vec![crew_kill()], vec![due("s-hall-1", CheckReason::UnexpectedDevastation)]);
        assert_eq!(reasons(s.game(), "s-hall-1"), vec![]);
    }

    /// 4.4.1.d, 4.4.2: a volley that takes a regiment's last stand leaves no checks for the
    /// regiment lost (11.2), only for the others.
    #[test]
    fn rule_4_4_2_a_regiment_lost_to_one_volley_has_no_check_waiting() {
        let mut s = Session::new(demo_game("g"));
        let unit = "r-1tn";
        let figures = s.game().roster.regiment(unit).map_or(0, |r| r.figures_left());
        let kills = (0..figures).map(|_| Command::Unit(UnitCommand::AddKill { regiment: unit.into() })).collect();
        volley(
            &mut s,
            kills,
            vec![due(unit, CheckReason::UnexpectedDevastation), due("r-2wi", CheckReason::FriendlyRoutOrSurrender)],
        );
        assert_eq!(s.game().roster.regiment(unit).map(|r| r.stands_left()), Some(0));
        assert_eq!(reasons(s.game(), unit), vec![]);
        assert_eq!(reasons(s.game(), "r-2wi"), vec![CheckReason::FriendlyRoutOrSurrender]);
    }

    #[test]
    fn reasons_round_trip_through_their_keys() {
        for r in CheckReason::OFFERED {
            assert_eq!(CheckReason::from_key(r.key()), Some(r));
        }
    }
}
