//! The Game area's list: the engine's to-do list of the Segment in progress (2.1,
//! `line_of_battle::tracker`), each item with where it is done, and nothing of a side's
//! Orders (1.8): the items of the order book (acceptances, Reissues, the Army Commander's
//! roll, Ending steps, Recovery, Fluke Stoppage) are left to the Phasing Player's own book,
//! behind its cover, and the list only sends him there.

use super::words;
use line_of_battle::Game;
use line_of_battle::clock::Segment;
use line_of_battle::tracker::{self, Subject, Todo};

/// One item of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The engine's key (ticks are kept by it); empty for the order book's line.
    pub key: String,
    /// What, in the players' words.
    pub text: String,
    /// The rule.
    pub rule: String,
    /// Done (by the game, or ticked).
    pub done: bool,
    /// Required by the rules (not only allowed).
    pub required: bool,
    /// Where it is done, if in another area.
    pub link: Option<(String, &'static str)>,
    /// A one-tap action on the Game area.
    pub action: Option<Action>,
}

/// A one-tap action of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Places the Order of Arrival entry with this index (2.2).
    Arrive(usize),
    /// The Rally Phase's markers: Sh and BL removed, DG flipped to Sh (12.1 parts 1-2).
    RallyMarkers,
    /// The recipient absorbs the donor, the players having Stacked them (1.3e).
    Consolidate {
        /// Absorbs.
        recipient: String,
        /// Gives all its SPs and is removed.
        donor: String,
    },
}

/// The order book's items: never on the Game area (1.8).
pub fn in_the_book(t: &Todo) -> bool {
    const BOOK: [&str; 8] =
        ["accept-", "held-", "reissue-", "army-order", "ending-", "recovery-", "fluke-", "midnight"];
    matches!(t.subject, Some(Subject::Order(_))) || BOOK.iter().any(|k| t.key.starts_with(k))
}

fn place(t: &Todo) -> (Option<(String, &'static str)>, Option<Action>) {
    match (&t.subject, t.key.as_str()) {
        (Some(Subject::Due(_)), _) => (Some(("/combat/due".into(), "Settle it")), None),
        (Some(Subject::Arrival(i)), _) => (None, Some(Action::Arrive(*i))),
        (Some(Subject::Consolidation { recipient, donor }), _) => {
            (None, Some(Action::Consolidate { recipient: recipient.clone(), donor: donor.clone() }))
        }
        (_, "rally-markers") => (None, Some(Action::RallyMarkers)),
        (_, "rebuild") => (Some(("/combat/rally".into(), "Rebuild")), None),
        (_, "charge") => (Some(("/combat/charge".into(), "Go on with the Charge")), None),
        (_, k) if k.starts_with("rally-") => (Some(("/combat/rally".into(), "Roll to rally")), None),
        (_, k) if k.starts_with("vacancy-") => (Some(("/units/leaders".into(), "Fill the command")), None),
        (_, k) if k.starts_with("zero-") => (Some(("/units/leaders".into(), "Roll the Zero Roll")), None),
        (_, k) if k.starts_with("consolidate-") => (Some(("/units".into(), "Open the units")), None),
        _ => (None, None),
    }
}

/// The list for the Game area.
pub fn items(game: &Game) -> Vec<Item> {
    let c = &game.clock;
    let side = c.phasing();
    let all = tracker::todo(game);
    let mut out = Vec::new();
    let command_phase = matches!(c.phase(), Segment::Orders | Segment::Recovery | Segment::FlukeStoppage);
    let grace = c.phase() == Segment::FlukeStoppage && c.in_grace_period();
    if (command_phase && !grace) || all.iter().any(in_the_book) {
        out.push(Item {
            key: String::new(),
            text: format!("{}: the {} player's order book, behind its cover", c.phase().label(), words::side(side)),
            rule: "13".into(),
            done: false,
            required: true,
            link: Some((format!("/orders?side={}", words::side_key(side)), "Open the order book")),
            action: None,
        });
    }
    for t in all.into_iter().filter(|t| !in_the_book(t)) {
        let (link, action) = place(&t);
        out.push(Item { key: t.key, text: t.text, rule: t.rule, done: t.done, required: t.required, link, action });
    }
    if c.phase() == Segment::MovementAndCombat {
        out.push(Item {
            key: String::new(),
            text: format!("{} Activities: Move, Fire or Charge; Opening Volleys by the other side", words::side(side)),
            rule: "2.3, 9.2".into(),
            done: false,
            required: false,
            link: Some(("/combat".into(), "Open combat")),
            action: None,
        });
    }
    out
}

/// What the rules require in this segment and is not done yet: asked about before "Next phase"
/// moves on (2.1: the Sequence of Play is followed in order; nothing is skipped unsaid). The
/// order book's line and the Activities line are reminders with nothing to tick, so never asked.
pub fn still_required(items: &[Item]) -> Vec<Item> {
    items.iter().filter(|i| i.required && !i.done && !i.key.is_empty()).cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::line_of_battle::model::fixture;
    use line_of_battle::game::Command;
    use line_of_battle::morale::MoraleState;
    use line_of_battle::orders::OrderKind;
    use line_of_battle::orders::commands::OrderCommand;

    fn to(s: &mut companion_core::session::Session<line_of_battle::LineOfBattle>, segment: Segment) {
        while s.game().clock.phase() != segment {
            s.dispatch(&Command::NextPhase, 0.0).unwrap();
        }
    }

    /// 1.8, 2.1b: an Order awaiting acceptance is on the engine's list, never on the Game
    /// area's: it only sends the Phasing Player to his book.
    #[test]
    fn rule_1_8_the_game_area_names_no_order() {
        let mut s = fixture::session();
        fixture::run(
            &mut s,
            OrderCommand::Write {
                kind: OrderKind::Move,
                formation: "1".into(),
                recipient: "Reynolds".into(),
                instructions: fixture::move_to("Cemetery Hill"),
                mps: 1,
                roll: fixture::dice(6, 6),
                in_radius: true,
                modifiers: vec![],
            },
        );
        // One turn for the distance and Meade's 2 of Awareness: it arrives on turn 4 (13.3a).
        while s.game().clock.turn < 4 {
            to(&mut s, Segment::Recovery);
            to(&mut s, Segment::Orders);
        }
        assert!(tracker::todo(s.game()).iter().any(|t| t.text.contains("Order 1")), "the engine lists it");
        let items = items(s.game());
        assert!(items.iter().all(|i| !i.text.contains("Order 1") && !i.text.contains("Reynolds")), "{items:?}");
        assert_eq!(items[0].link.as_ref().map(|l| l.0.as_str()), Some("/orders?side=federal"));
    }

    /// 13.6h grace period; 12.1 Rally markers and routed stacks, each with its place.
    #[test]
    fn rule_12_1_the_rally_phase_lists_markers_and_routed_stacks() {
        let mut s = fixture::session();
        to(&mut s, Segment::FlukeStoppage);
        let list = items(s.game());
        assert!(list[0].text.starts_with("No Fluke Stoppage rolls"), "{list:?}");
        let mut g = s.game().clone();
        g.oob.unit_mut("19 Ind").unwrap().state = MoraleState::Routed;
        let mut s = companion_core::session::Session::new(g);
        to(&mut s, Segment::Rally);
        let list = items(s.game());
        assert_eq!(list[0].action, Some(Action::RallyMarkers));
        assert!(list.iter().any(|i| i.text.starts_with("Rally roll for 19 Ind") && i.link.is_some()), "{list:?}");
    }

    /// 2.1: "Next phase" asks about what the rules require and is not done, never about the
    /// order book's reminder (1.8: it names nothing of a side's Orders); ticking an item ends
    /// the question.
    #[test]
    fn rule_2_1_next_phase_asks_about_what_is_required_and_not_done() {
        let mut s = fixture::session();
        to(&mut s, Segment::Orders);
        let list = items(s.game());
        assert!(list.iter().any(|i| i.required && i.key.is_empty()), "the order book's line: {list:?}");
        assert!(still_required(&list).iter().all(|i| !i.key.is_empty()));
        let mut g = s.game().clone();
        g.oob.unit_mut("19 Ind").unwrap().state = MoraleState::Routed;
        let mut s = companion_core::session::Session::new(g);
        to(&mut s, Segment::Rally);
        let open = still_required(&items(s.game()));
        assert!(!open.is_empty(), "{:?}", items(s.game()));
        assert!(open.iter().all(|i| i.required && !i.done));
        for i in &open {
            let tick =
                Command::Tracker(line_of_battle::tracker::TrackerCommand::Tick { key: i.key.clone(), done: true });
            s.dispatch(&tick, 0.0).unwrap();
        }
        assert_eq!(still_required(&items(s.game())), vec![]);
    }

    /// 1.3e: a Consolidation the rules allow is one tap on the Game area, and gone once done.
    #[test]
    fn rule_1_3e_a_consolidation_is_one_tap() {
        let mut g = fixture::session().game().clone();
        // The Federal Brigade's two regiments of Rifles (6 SPs printed), at 3 SPs (not Wrecked,
        // 1.3b) and 2.
        let (recipient, donor) = (String::from("19 Ind"), String::from("2 Wisc"));
        g.oob.unit_mut(&recipient).unwrap().strength = 3;
        g.oob.unit_mut(&donor).unwrap().strength = 2;
        let mut s = companion_core::session::Session::new(g);
        to(&mut s, Segment::Consolidation);
        let action = Action::Consolidate { recipient: recipient.clone(), donor: donor.clone() };
        assert!(items(s.game()).iter().any(|i| i.action.as_ref() == Some(&action)), "{:?}", items(s.game()));
        s.dispatch(&Command::Consolidate { recipient: recipient.clone(), donor, stacked: true }, 0.0).unwrap();
        assert!(items(s.game()).iter().all(|i| !matches!(&i.action, Some(Action::Consolidate { .. }))));
        assert_eq!(s.game().oob.unit(&recipient).map(|u| u.strength), Some(5));
    }
}
