//! A Retreat as the players tell it from the map (10.3): the Retreating Stack, its Unlimbered
//! guns overrun when the Retreat comes from a Charge (10.3d), the EZOC hexes it enters
//! (10.3b) and the Stacks it collides with (10.3c). The engine's `RetreatCommand`s are put
//! together in the rules' order and worked on a copy of the game first, so that the players
//! read every loss and Morale State with its rule before one tap applies them all (one undo).

use companion_core::Die;
use companion_core::system::GameSystem;
use line_of_battle::combat::retreat::{Collision, RetreatCommand};
use line_of_battle::game::{Command, Game, LineOfBattle};
use line_of_battle::oob::{Arm, UnitFormation};

/// One Collision on the way (10.3c).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meeting {
    /// The stationary Stack, top first.
    pub stationary: Vec<String>,
    /// What it chose.
    pub choice: Collision,
    /// The Retreat ends in its hex.
    pub ends_here: bool,
}

/// What the players say of a Retreat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RetreatForm {
    /// The Retreating Stack, top first.
    pub units: Vec<String>,
    /// The die for its Unlimbered guns, when the Retreat comes from a Charge (10.3d).
    pub overrun: Option<(String, Die)>,
    /// EZOC hexes entered (10.3b).
    pub ezoc_hexes: u8,
    /// Its Leaders (a Leader Loss Check each when an EZOC hex is entered, 10.3b).
    pub leaders: Vec<String>,
    /// The Leader Loss Table's column for them.
    pub leader_column: String,
    /// The Collisions, in the order met.
    pub meetings: Vec<Meeting>,
    /// Friendly units already in the hex where the Retreat ends, top first: the Stacking
    /// limit is enforced at the end of a Retreat (6.1a, 10.3a).
    pub ends_with: Vec<String>,
}

/// The Retreat's commands and what they do, worked on a copy of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The commands, in the rules' order.
    pub commands: Vec<Command>,
    /// What they do, in the game's words with their rules.
    pub lines: Vec<String>,
}

/// The Unlimbered Batteries of the Stack a Charge's Retreat overruns (10.3d).
pub fn unlimbered_guns(game: &Game, units: &[String]) -> Vec<String> {
    units
        .iter()
        .filter_map(|id| game.oob.unit(id))
        .filter(|u| u.arm == Arm::Artillery && u.unit_formation == UnitFormation::Unlimbered && !u.dead)
        .map(|u| u.id.clone())
        .collect()
}

/// Puts the Retreat's commands together in the rules' order and works them on a copy of the
/// game: the overrun guns first (10.3d: "the remainder Limbers and conducts the Retreat"),
/// then the EZOC losses (10.3b), then each Collision (10.3c), none once EZOC losses have
/// eliminated the Stack, and last the Stack where the Retreat ends, when it ends with other
/// units (6.1a: Over-Stacking is enforced at the end of a Retreat; 10.0: one Morale State).
/// `Err`: the refusal, with its rule.
pub fn plan(game: &Game, form: &RetreatForm) -> Result<Plan, String> {
    if form.units.is_empty() {
        return Err("Pick the Retreating Stack, top unit first.".into());
    }
    let mut copy = game.clone();
    let mut commands = Vec::new();
    let mut lines = Vec::new();
    let mut run = |copy: &mut Game, c: Command, commands: &mut Vec<Command>| -> Result<(), String> {
        let out = LineOfBattle::apply(copy, &c, 0.0).map_err(|e| e.to_string())?;
        lines.extend(out.lines);
        commands.push(c);
        Ok(())
    };
    if let Some((battery, die)) = &form.overrun {
        let c = RetreatCommand::GunsOverrun { battery: battery.clone(), die: *die };
        run(&mut copy, Command::Retreat(Box::new(c)), &mut commands)?;
    }
    let alive = |g: &Game| -> Vec<String> {
        form.units.iter().filter(|id| g.oob.unit(id).is_some_and(|u| !u.dead)).cloned().collect()
    };
    if form.ezoc_hexes > 0 {
        let units = alive(&copy);
        if !units.is_empty() {
            let c = RetreatCommand::EzocLosses {
                units,
                hexes: form.ezoc_hexes,
                leaders: form.leaders.clone(),
                leader_column: form.leader_column.clone(),
                allocation: None,
            };
            run(&mut copy, Command::Retreat(Box::new(c)), &mut commands)?;
        }
    }
    let retreating = alive(&copy);
    if retreating.is_empty() {
        if !form.meetings.is_empty() {
            lines.push("The Retreating Stack is eliminated: no Collisions occur (10.3b)".into());
        }
        return Ok(Plan { commands, lines });
    }
    for m in &form.meetings {
        let c = RetreatCommand::Collision {
            retreating: alive(&copy),
            stationary: m.stationary.clone(),
            choice: m.choice,
            ends_here: m.ends_here,
        };
        run(&mut copy, Command::Retreat(Box::new(c)), &mut commands)?;
    }
    let mut end = alive(&copy);
    let joined_there = form.meetings.iter().filter(|m| m.ends_here && m.choice == Collision::Join);
    for id in joined_there.flat_map(|m| &m.stationary).chain(&form.ends_with) {
        if !end.contains(id) {
            end.push(id.clone());
        }
    }
    if end.len() > retreating.len() {
        let c = RetreatCommand::StackEnds { units: end };
        run(&mut copy, Command::Retreat(Box::new(c)), &mut commands)?;
        if lines.iter().any(|l| l.contains("Over-Stacked")) {
            lines.push(
                "Retreating units cannot end Over-Stacked: extend the Retreat the minimum number of hexes needed to avoid it (10.3, 10.3a)"
                    .into(),
            );
        }
    }
    if commands.is_empty() {
        lines.push("No EZOC hex entered and no Collision: the Retreat changes nothing in the game (10.3)".into());
    }
    Ok(Plan { commands, lines })
}

/// The Retreat's address for a Morale result that calls for one (10.1, 10.3): the Stack in
/// the address, `charge` when the Retreat comes from a Charge (10.3d).
pub fn address(units: &[String], lines: &[String], from_charge: bool) -> Option<String> {
    let retreats = lines.iter().any(|l| l.starts_with("Retreat ") && l.contains("(10.3"));
    (retreats && !units.is_empty()).then(|| {
        let list: Vec<String> = units.iter().map(|u| encode(u)).collect();
        format!("/combat/retreat?units={}{}", list.join(","), if from_charge { "&charge=1" } else { "" })
    })
}

/// A query value percent-encoded (all but letters, digits and `-_.~`).
fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::line_of_battle::model::fixture;
    use companion_core::session::Session;
    use line_of_battle::morale::MoraleState;

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn strength(g: &Game, id: &str) -> u8 {
        g.oob.unit(id).map(|u| u.strength).unwrap_or(0)
    }

    /// 10.3b: one SP per Stack for each EZOC hex entered, the rule named before the tap; the
    /// plan changes nothing until applied, then one step of the session does it all.
    #[test]
    fn rule_10_3b_ezoc_losses_shown_then_applied_in_one_step() {
        let g = fixture::game();
        let form = RetreatForm { units: ids(&["19 Ind"]), ezoc_hexes: 2, ..RetreatForm::default() };
        let p = plan(&g, &form).unwrap();
        assert!(p.lines.iter().any(|l| l.contains("2 SP for the Stack (10.3b)")), "{:?}", p.lines);
        assert_eq!(strength(&g, "19 Ind"), 6, "the plan works on a copy");
        let mut s = Session::<LineOfBattle>::new(g);
        s.dispatch_all(&p.commands, 0.0).unwrap();
        assert_eq!(strength(s.game(), "19 Ind"), 4);
        s.undo();
        assert_eq!(strength(s.game(), "19 Ind"), 6, "one undo takes the whole Retreat back");
    }

    /// 10.3b: "If EZOC losses eliminate a Retreating Stack, no Collisions occur."
    #[test]
    fn rule_10_3b_an_eliminated_stack_collides_with_no_one() {
        let mut g = fixture::game();
        if let Ok(u) = g.oob.unit_mut("19 Ind") {
            u.strength = 1;
        }
        let form = RetreatForm {
            units: ids(&["19 Ind"]),
            ezoc_hexes: 1,
            meetings: vec![Meeting { stationary: ids(&["2 Wisc"]), choice: Collision::Displace, ends_here: true }],
            ..RetreatForm::default()
        };
        let p = plan(&g, &form).unwrap();
        assert_eq!(p.commands.len(), 1, "{:?}", p.lines);
        assert!(p.lines.iter().any(|l| l.contains("no Collisions occur (10.3b)")), "{:?}", p.lines);
    }

    /// 10.3c: a Displacement makes the stationary Stack one level worse; a Pass Through
    /// where the Retreat ends is refused with the rule.
    #[test]
    fn rule_10_3c_collisions_planned_with_their_rule() {
        let g = fixture::game();
        let meet = |choice, ends_here| RetreatForm {
            units: ids(&["19 Ind"]),
            meetings: vec![Meeting { stationary: ids(&["2 Wisc"]), choice, ends_here }],
            ..RetreatForm::default()
        };
        let p = plan(&g, &meet(Collision::Displace, true)).unwrap();
        assert!(p.lines.iter().any(|l| l.contains("now Shaken (10.3c)")), "{:?}", p.lines);
        let mut s = Session::<LineOfBattle>::new(g.clone());
        s.dispatch_all(&p.commands, 0.0).unwrap();
        assert_eq!(s.game().oob.unit("2 Wisc").map(|u| u.state), Some(MoraleState::Shaken));
        let refused = plan(&g, &meet(Collision::PassThrough, true)).unwrap_err();
        assert!(refused.contains("10.3c"), "{refused}");
    }

    /// 6.1a, 10.3a: a Retreat that ends in a friendly Stack's hex with more than 16 SPs there:
    /// the hex is DG (Routed if already DG), shown with the rules before the tap and applied
    /// with the rest of the Retreat; ending beside fewer SPs changes no Morale State.
    #[test]
    fn rule_10_3_a_retreat_that_ends_over_stacked_is_disorganized() {
        let mut g = fixture::game();
        if let Ok(u) = g.oob.unit_mut("2 Wisc") {
            (u.printed, u.strength) = (11, 11);
        }
        let form = RetreatForm { units: ids(&["19 Ind"]), ends_with: ids(&["2 Wisc"]), ..RetreatForm::default() };
        let p = plan(&g, &form).unwrap();
        assert!(p.lines.iter().any(|l| l == "17 SPs in the hex, Disorganized (6.1a, 10.0)"), "{:?}", p.lines);
        assert!(
            p.lines.iter().any(|l| l.starts_with("17 SPs: Over-Stacked") && l.ends_with("(6.1a)")),
            "{:?}",
            p.lines
        );
        assert!(p.lines.iter().any(|l| l.contains("(10.3, 10.3a)")), "{:?}", p.lines);
        assert!(
            matches!(&p.commands[..], [Command::Retreat(r)] if matches!(&**r, RetreatCommand::StackEnds { units } if units == &ids(&["19 Ind", "2 Wisc"])))
        );
        let mut s = Session::<LineOfBattle>::new(g.clone());
        s.dispatch_all(&p.commands, 0.0).unwrap();
        for id in ["19 Ind", "2 Wisc"] {
            assert_eq!(s.game().oob.unit(id).map(|u| u.state), Some(MoraleState::Disorganized), "{id}");
        }
        if let Ok(u) = g.oob.unit_mut("2 Wisc") {
            u.strength = 10;
        }
        let p = plan(&g, &form).unwrap();
        assert_eq!(p.lines[0], "16 SPs in the hex, Normal (6.1a, 10.0)");
        assert!(!p.lines.iter().any(|l| l.contains("Over-Stacked")), "{:?}", p.lines);
        let alone = plan(&g, &RetreatForm { units: ids(&["19 Ind"]), ..RetreatForm::default() }).unwrap();
        assert!(alone.commands.is_empty(), "a Retreat ending alone is not checked: {:?}", alone.lines);
    }

    /// 10.3d: Unlimbered guns overrun by a Charge lose one die of SPs before the Retreat.
    #[test]
    fn rule_10_3d_guns_overrun_first() {
        let mut g = fixture::game();
        let mut gun = fixture::unit(
            "Hall",
            line_of_battle::oob::Side::Federal,
            "1/1/1",
            "N",
            3,
            line_of_battle::morale::MoraleRating::B,
        );
        gun.arm = Arm::Artillery;
        gun.unit_formation = UnitFormation::Unlimbered;
        g.oob.add_unit(gun).unwrap();
        assert_eq!(unlimbered_guns(&g, &ids(&["Hall", "19 Ind"])), ["Hall"]);
        let form = RetreatForm {
            units: ids(&["Hall", "19 Ind"]),
            overrun: Some(("Hall".into(), Die::new(2).unwrap())),
            ezoc_hexes: 1,
            ..RetreatForm::default()
        };
        let p = plan(&g, &form).unwrap();
        assert!(p.lines[0].contains("Hall loses 2 SP, 1 left (10.3d)"), "{:?}", p.lines);
        assert!(matches!(&p.commands[0], Command::Retreat(r) if matches!(**r, RetreatCommand::GunsOverrun { .. })));
    }

    #[test]
    fn rule_10_3_a_morale_result_with_a_retreat_leads_to_it() {
        let lines = ids(&[
            "The Stack is now Disorganized (10.2)",
            "Retreat 1 hexes to the rear, away from the enemy, together (10.3, 10.3a); one SP per EZOC hex entered (10.3b)",
        ]);
        assert_eq!(address(&ids(&["7 Ind"]), &lines, true).as_deref(), Some("/combat/retreat?units=7%20Ind&charge=1"));
        assert_eq!(address(&ids(&["7 Ind"]), &lines[..1], false), None);
    }
}
