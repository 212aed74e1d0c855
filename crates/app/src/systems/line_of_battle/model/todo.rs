//! What the Sequence of Play requires in the segment in progress (2.1), from the game: the
//! Game area's list. Nothing of a side's Orders is in it (1.8): the Command Phase's items send
//! the Phasing Player to his own order book, behind its cover.

use super::words;
use line_of_battle::Game;
use line_of_battle::clock::Segment;
use line_of_battle::morale::MoraleState;

/// One thing to do now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// What, in the players' words.
    pub text: String,
    /// The rule.
    pub rule: &'static str,
    /// Where it is done (an area of the app), if there.
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
}

fn item(text: String, rule: &'static str) -> Item {
    Item { text, rule, link: None, action: None }
}

/// The items of the segment in progress.
pub fn items(game: &Game) -> Vec<Item> {
    let c = &game.clock;
    let side = c.phasing();
    let name = words::side(side);
    let book = || Some((format!("/orders?side={}", words::side_key(side)), "Open the order book"));
    let mut out = Vec::new();
    match c.phase() {
        Segment::Orders => {
            let mut i =
                item(format!("{name} Orders: the Army Commander's Order, arriving Orders to accept, Reissues"), "13.3");
            i.link = book();
            out.push(i);
        }
        Segment::Recovery => {
            let mut i = item(format!("{name} Recovery rolls for Divisions recovering"), "13.7c");
            i.link = book();
            out.push(i);
        }
        Segment::FlukeStoppage => {
            if c.in_grace_period() {
                out.push(item(format!("No Fluke Stoppage rolls in the first {} turns", c.grace_turns), "13.6h"));
            } else {
                let mut i = item(format!("{name} Divisions under Attack Orders check for Fluke Stoppage"), "13.6h");
                i.link = book();
                out.push(i);
            }
        }
        Segment::Reinforcements => {
            for (index, a) in c.arrivals.iter().enumerate() {
                if a.side == side && a.day == c.day && a.minutes == c.minutes && !a.done {
                    let names: Vec<String> = a
                        .units
                        .iter()
                        .map(|id| {
                            game.oob
                                .unit(id)
                                .map(|u| u.name.clone())
                                .or_else(|| game.oob.leader(id).map(|l| l.name.clone()))
                                .unwrap_or_else(|| id.clone())
                        })
                        .collect();
                    let (what, rule) = if a.removal { ("Removal", "2.2c") } else { ("Arrive at Entry Area", "2.2") };
                    let text = if a.removal {
                        format!("{what}: {}", names.join(", "))
                    } else {
                        format!("{what} {}: {}", a.entry, names.join(", "))
                    };
                    let mut i = item(text, rule);
                    i.action = Some(Action::Arrive(index));
                    out.push(i);
                }
            }
        }
        Segment::Consolidation => {
            let mut i = item(format!("{name} Consolidations, if desired"), "1.3e");
            i.link = Some(("/units".into(), "Open the units"));
            out.push(i);
        }
        Segment::MovementAndCombat => {
            let mut i =
                item(format!("{name} Activities: Move, Fire or Charge; Opening Volleys by the other side"), "2.3, 9.2");
            i.link = Some(("/combat".into(), "Open combat"));
            out.push(i);
        }
        Segment::Rally => {
            let own = game.oob.units.iter().filter(|u| u.side == side && u.on_map);
            let marked = own
                .clone()
                .any(|u| matches!(u.state, MoraleState::Shaken | MoraleState::BloodLust | MoraleState::Disorganized));
            if marked {
                let mut i = item(format!("{name}: remove Sh and BL markers, flip DG to Sh"), "12.1");
                i.action = Some(Action::RallyMarkers);
                out.push(i);
            }
            let routed: Vec<String> = own.filter(|u| u.state == MoraleState::Routed).map(|u| u.name.clone()).collect();
            if !routed.is_empty() {
                let mut i = item(format!("Rally roll for each Routed Stack: {}", routed.join(", ")), "12.1");
                i.link = Some(("/combat/rally".into(), "Roll to rally"));
                out.push(i);
            }
            out.push(item("Remove every Cowardly Legs and CBF marker".into(), "10.4b, 4.2l"));
        }
        Segment::Rebuilding => {
            let mut i = item(format!("{name} Rebuilding: 1 SP to each qualified unit"), "12.2");
            i.link = Some(("/combat/rally".into(), "Rebuild"));
            out.push(i);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::line_of_battle::model::fixture;
    use line_of_battle::game::Command;

    fn to(s: &mut companion_core::session::Session<line_of_battle::LineOfBattle>, segment: Segment) {
        while s.game().clock.phase() != segment {
            s.dispatch(&Command::NextPhase, 0.0).unwrap();
        }
    }

    /// 1.8, 2.1b: the Command Phase's items name no Order, only the Phasing Player's book.
    #[test]
    fn rule_2_1_the_command_phase_sends_to_the_book_and_tells_nothing() {
        let g = fixture::game();
        let items = items(&g);
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].link.as_ref().map(|l| l.0.as_str()), Some("/orders?side=federal"));
        assert!(!items[0].text.contains("Order 1"));
    }

    /// 13.6h grace period; 12.1 Rally markers and routed stacks.
    #[test]
    fn rule_12_1_the_rally_phase_lists_markers_and_routed_stacks() {
        let mut s = fixture::session();
        to(&mut s, Segment::FlukeStoppage);
        assert!(items(s.game())[0].text.starts_with("No Fluke Stoppage rolls in the first 8 turns"));
        let mut g = s.game().clone();
        g.oob.unit_mut("19 Ind").unwrap().state = MoraleState::Routed;
        g.oob.unit_mut("2 Wisc").unwrap().state = MoraleState::Disorganized;
        let mut s = companion_core::session::Session::new(g);
        to(&mut s, Segment::Rally);
        let items = items(s.game());
        assert_eq!(items[0].action, Some(Action::RallyMarkers));
        assert!(items[1].text.ends_with("19 Ind"), "{items:?}");
    }
}
