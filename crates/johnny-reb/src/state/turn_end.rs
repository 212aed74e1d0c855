//! The end of a turn: what carries over when phase 8 ends (4.3.5.b, 5.1.4, 10.2, 2.3.4.e, 11.2,
//! 8), said in one line by `Command::NextPhase`, and the game's length (the scenario's turns).

use super::game::Game;
use super::ids::UnitId;
use super::roster::{OfficerCondition, Side};
use super::tracker_state::RegimentLoss;
use crate::rules::command_integrity::IntegrityLevel;
use crate::rules::surprise::SurpriseKind;
use crate::rules::unit::OrderKind;

/// The kind of surprise in words (10.2).
pub(super) fn surprise_word(kind: SurpriseKind) -> &'static str {
    match kind {
        SurpriseKind::Tactical => "tactical",
        SurpriseKind::Strategic => "strategic",
    }
}

/// "Turn 3 of 12", or "Turn 3" when the scenario sets no length.
pub fn turn_words(game: &Game) -> String {
    match game.setup.turns {
        Some(n) if game.turn > n => format!("Turn {} (the scenario's {n} turns are over)", game.turn),
        Some(n) => format!("Turn {} of {n}", game.turn),
        None => format!("Turn {}", game.turn),
    }
}

/// Whether this is the scenario's last turn.
pub fn is_last_turn(game: &Game) -> bool {
    game.setup.turns == Some(game.turn)
}

/// The +1 per regiment lost from `brigade` in force on `turn` (2.3.4.e: from the start of the
/// turn after the loss).
pub fn brigade_loss_modifier(game: &Game, brigade: &str, turn: u32) -> u32 {
    game.tracker.regiments_lost.iter().filter(|l| l.brigade == brigade && l.turn < turn).count() as u32
}

/// The end-of-turn housekeeping when phase 8 of `game.turn` ends, before the turn number
/// moves on. Returns what changed, one clause each.
pub fn end_of_turn(game: &mut Game) -> Vec<String> {
    let turn = game.turn;
    let mut lines = Vec::new();

    // 4.3.5.b: a single crew kill is cancelled at the end of the turn.
    let mut cancelled = Vec::new();
    for side in Side::BOTH {
        for d in &mut game.roster.army_mut(side).divisions {
            let bats = d.brigades.iter_mut().flat_map(|b| b.batteries.iter_mut());
            for bat in bats.chain(d.batteries.iter_mut()) {
                for s in &mut bat.sections {
                    if s.crew_kills_this_turn == 1 {
                        cancelled.push(s.name.clone());
                    }
                    s.crew_kills_this_turn = 0;
                }
            }
        }
    }
    if !cancelled.is_empty() {
        lines.push(format!("single crew kills cancelled: {} (4.3.5.b)", cancelled.join(", ")));
    }

    // 5.1.4: a Charge order counts as a charge, recorded or not; two turns in a row forbid a
    // third.
    let charged: Vec<UnitId> = game
        .orders_this_turn()
        .map(|t| t.units_with(OrderKind::Charge).map(|o| o.unit.clone()).collect())
        .unwrap_or_default();
    for id in charged {
        if let Some(r) = game.roster.regiment_mut(&id)
            && r.charges.last_turn != Some(turn)
        {
            r.charges.in_a_row =
                if r.charges.charged_last_turn(turn) { r.charges.in_a_row.saturating_add(1) } else { 1 };
            r.charges.last_turn = Some(turn);
        }
    }
    let mut second = Vec::new();
    let mut barred = Vec::new();
    for side in Side::BOTH {
        for r in game.roster.army(side).regiments() {
            if r.charges.last_turn == Some(turn) && !r.is_lost() {
                if r.charges.in_a_row >= 2 {
                    barred.push(r.name.clone());
                } else {
                    second.push(r.name.clone());
                }
            }
        }
    }
    if !second.is_empty() {
        lines.push(format!(
            "charged this turn, a charge next turn is in disorder without elan or bonus: {} (5.1.4)",
            second.join(", ")
        ));
    }
    if !barred.is_empty() {
        lines.push(format!("charged two turns in a row, may not charge next turn: {} (5.1.4)", barred.join(", ")));
    }

    // 10.2: surprise lasts the scenario's number of turns.
    for s in &mut game.tracker.surprises {
        if s.turns_left == 0 {
            continue;
        }
        s.turns_left -= 1;
        let rule = if s.kind == SurpriseKind::Strategic { "10.2.2" } else { "10.2.1" };
        if s.turns_left == 0 {
            lines.push(format!("{} surprise of the {} ends ({rule})", surprise_word(s.kind), s.side.label()));
        } else {
            let turns =
                if s.turns_left == 1 { "1 more turn".to_string() } else { format!("{} more turns", s.turns_left) };
            lines.push(format!("{} surprise of the {}: {turns} ({rule})", surprise_word(s.kind), s.side.label()));
        }
    }
    game.tracker.surprises.retain(|s| s.turns_left > 0);

    // 2.3.4.e: each regiment lost gives its brigade's other regiments +1, from next turn.
    let mut now_lost = Vec::new();
    for side in Side::BOTH {
        for d in &game.roster.army(side).divisions {
            for b in &d.brigades {
                for r in &b.regiments {
                    if r.is_lost() {
                        now_lost.push((b.id.clone(), b.name.clone(), r.id.clone(), r.name.clone()));
                    }
                }
            }
        }
    }
    // A loss taken back (a kill removed by mistake) is no longer counted.
    game.tracker.regiments_lost.retain(|l| now_lost.iter().any(|(b, _, r, _)| *b == l.brigade && *r == l.regiment));
    for (b, bname, r, rname) in now_lost {
        if !game.tracker.regiments_lost.iter().any(|l| l.regiment == r) {
            game.tracker.regiments_lost.push(RegimentLoss { brigade: b.clone(), regiment: r, turn });
            let total = brigade_loss_modifier(game, &b, turn + 1);
            lines.push(format!(
                "{rname} lost: from turn {} {bname}'s regiments check morale at +{total} (2.3.4.e)",
                turn + 1
            ));
        }
    }

    // 11.2: a level reached this turn restricts the command from the next.
    for l in game.roster.levels_reached.iter().filter(|l| l.turn == turn) {
        let name = game
            .roster
            .commands()
            .into_iter()
            .find(|c| c.scope == l.scope)
            .map(|c| c.name)
            .unwrap_or_else(|| "A command".into());
        let what = match l.level {
            IntegrityLevel::CeaseOffensive => "ceases offensive activity: no advance or charge against the enemy",
            IntegrityLevel::RetireFromField => "retires from the field: all its units move away from the enemy",
            IntegrityLevel::Fighting => continue,
        };
        lines.push(format!("from turn {} {name} {what} (11.2)", turn + 1));
    }

    // Table 20, 8: stunned "for one turn", the turn after the hit; he recovers at its end.
    for side in Side::BOTH {
        for o in &mut game.roster.army_mut(side).officers {
            if let OfficerCondition::Stunned { turn: hit } = o.condition {
                if hit.saturating_add(1) <= turn {
                    o.condition = OfficerCondition::Unhurt;
                    lines.push(format!("{} recovers from being stunned (8)", o.name));
                } else if hit == turn {
                    lines.push(format!("{} is stunned: no benefits, no movement in turn {} (8)", o.name, turn + 1));
                }
            }
        }
    }

    if is_last_turn(game) {
        lines.push(format!("the scenario's last turn ({turn}) is over"));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::revealed;
    use crate::rules::tables::t20_officer_casualty::CasualtyEffect;

    use crate::state::demo::demo_game;
    use crate::state::orders::UnitOrder;
    use crate::state::tracker::tests::to_turn_end;
    use crate::state::tracker::{TrackerCommand, phase_items};
    use crate::state::units::UnitCommand;
    use crate::state::{command::Command, session::Session};

    #[test]
    fn rule_4_3_5_b_single_crew_kill_cancelled_in_the_end_of_turn_line() {
        let mut s = Session::new(demo_game("g"));
        s.dispatch(&Command::Unit(UnitCommand::AddCrewKill { section: "s-hall-1".into() }), 0.0).unwrap();
        let line = to_turn_end(&mut s);
        assert!(line.starts_with("End of turn 1: "), "{line}");
        assert!(line.contains("single crew kills cancelled: ") && line.contains("(4.3.5.b)"), "{line}");
        assert!(line.ends_with("Turn 2 begins: phase 1, Mark Orders"), "{line}");
        assert_eq!(s.game().roster.section("s-hall-1").unwrap().crew_kills_this_turn, 0);
    }
    #[test]
    fn rule_5_1_4_a_charge_order_counts_as_a_charge() {
        let mut s =
            Session::new(revealed(demo_game("g"), vec![UnitOrder::example("r-2wi", Side::Union, OrderKind::Charge)]));
        let line = to_turn_end(&mut s);
        assert!(line.contains("a charge next turn is in disorder") && line.contains("2nd Wisconsin"), "{line}");
        let r = s.game().roster.regiment("r-2wi").unwrap();
        assert_eq!((r.charges.last_turn, r.charges.in_a_row), (Some(1), 1));
        // Turn 2: charged again (recorded by hand this time): barred from turn 3.
        s.dispatch(&Command::Unit(UnitCommand::RecordCharge { regiment: "r-2wi".into() }), 0.0).unwrap();
        let line = to_turn_end(&mut s);
        assert!(line.contains("may not charge next turn: 2nd Wisconsin (5.1.4)"), "{line}");
        assert!(s.dispatch(&Command::Unit(UnitCommand::RecordCharge { regiment: "r-2wi".into() }), 0.0).is_err());
    }
    #[test]
    fn rule_10_2_surprise_counts_down_and_ends() {
        let mut s = Session::new(demo_game("g"));
        s.dispatch(
            &Command::Tracker(TrackerCommand::SetSurprise {
                side: Side::Union,
                kind: SurpriseKind::Tactical,
                turns: 2,
            }),
            0.0,
        )
        .unwrap();
        assert!(phase_items(s.game())[0].text.contains("Conditional Hold"));
        let line = to_turn_end(&mut s);
        assert!(line.contains("tactical surprise of the Union: 1 more turn (10.2.1)"), "{line}");
        assert!(s.game().tracker.surprise_on(Side::Union).is_some());
        let line = to_turn_end(&mut s);
        assert!(line.contains("tactical surprise of the Union ends (10.2.1)"), "{line}");
        assert!(s.game().tracker.surprise_on(Side::Union).is_none());
        let keys: Vec<String> = phase_items(s.game()).into_iter().map(|i| i.key.to_string()).collect();
        assert_eq!(keys, vec!["mark"]);
    }
    #[test]
    fn rule_2_3_4_e_a_regiment_lost_counts_from_the_next_turn() {
        let mut s = Session::new(demo_game("g"));
        s.dispatch(
            &Command::Unit(UnitCommand::SetFlag {
                regiment: "r-2wi".into(),
                flag: crate::state::roster::RegimentFlag::RemovedFromBoard,
                on: true,
            }),
            0.0,
        )
        .unwrap();
        assert_eq!(brigade_loss_modifier(s.game(), "b-iron", 1), 0);
        let line = to_turn_end(&mut s);
        assert!(
            line.contains("2nd Wisconsin lost: from turn 2 Iron Brigade's regiments check morale at +1 (2.3.4.e)"),
            "{line}"
        );
        assert_eq!(brigade_loss_modifier(s.game(), "b-iron", 1), 0);
        assert_eq!(brigade_loss_modifier(s.game(), "b-iron", 2), 1);
        // Counted once.
        let line = to_turn_end(&mut s);
        assert!(!line.contains("2.3.4.e"), "{line}");
    }
    #[test]
    fn rule_11_2_a_level_reached_restricts_from_the_next_turn() {
        let mut s = Session::new(demo_game("g"));
        for id in ["r-5al", "r-14tn", "r-1tn"] {
            s.dispatch(
                &Command::Unit(UnitCommand::SetFlag {
                    regiment: id.into(),
                    flag: crate::state::roster::RegimentFlag::RemovedFromBoard,
                    on: true,
                }),
                0.0,
            )
            .unwrap();
        }
        let line = to_turn_end(&mut s);
        assert!(line.contains("from turn 2 Archer's Brigade ceases offensive activity"), "{line}");
    }
    #[test]
    fn rule_8_a_stunned_officer_misses_one_turn_then_recovers() {
        let mut s = Session::new(demo_game("g"));
        s.dispatch(
            &Command::Unit(UnitCommand::OfficerHit { officer: "o-archer".into(), effect: CasualtyEffect::Stunned }),
            0.0,
        )
        .unwrap();
        let line = to_turn_end(&mut s);
        assert!(line.contains("is stunned: no benefits, no movement in turn 2 (8)"), "{line}");
        let line = to_turn_end(&mut s);
        assert!(line.contains("recovers from being stunned (8)"), "{line}");
        assert_eq!(s.game().roster.officer("o-archer").unwrap().condition, OfficerCondition::Unhurt);
    }
    #[test]
    fn the_game_length_is_shown_and_its_end_said() {
        let mut s = Session::new(demo_game("g"));
        assert_eq!(turn_words(s.game()), "Turn 1");
        s.dispatch(&Command::Tracker(TrackerCommand::SetTurns { turns: Some(2) }), 0.0).unwrap();
        assert_eq!(turn_words(s.game()), "Turn 1 of 2");
        assert!(s.dispatch(&Command::Tracker(TrackerCommand::SetTurns { turns: Some(0) }), 0.0).is_err());
        to_turn_end(&mut s);
        assert!(is_last_turn(s.game()));
        let line = to_turn_end(&mut s);
        assert!(line.contains("the scenario's last turn (2) is over"), "{line}");
        assert_eq!(turn_words(s.game()), "Turn 3 (the scenario's 2 turns are over)");
    }
    #[test]
    fn nothing_to_carry_over_says_so() {
        let mut s = Session::new(Game::new("g", "Empty"));
        let line = to_turn_end(&mut s);
        assert_eq!(line, "End of turn 1: nothing carries over. Turn 2 begins: phase 1, Mark Orders");
    }
}
