//! The other rolls' pure part: each roll's target, odds and result with the commands that
//! record it (4.2.3.c, 9.1.1, 5.3.3, 6.7.2, 10.2, 4.2.4.b). No Leptos here: tested natively.

use super::super::card::Resolution;
use super::super::frame::Odds;
use super::super::movement::model::regiment_bmp;
use johnny_reb::rules::charge::distance::{attempt_to_halt, chance_to_halt};
use johnny_reb::rules::fire::{FireRulings, SightingRoll, Visibility, Woods, sighting_roll};
use johnny_reb::rules::movement::{MovementRulings, chance_to_beat, mounting_cost};
use johnny_reb::rules::settings::RulesSettings;
use johnny_reb::rules::surprise::{strategic_release, tactical_surprise};
use johnny_reb::rules::unit::{Arm, Formation, Quality};
use johnny_reb::rules::works::{hasty_works_roll, hasty_works_target};
use johnny_reb::rules::{Cell, Die, Overrides, Ratio, RuleError, RuleResult, TwoDice};
use johnny_reb::state::command::Command;
use johnny_reb::state::game::Game;
use johnny_reb::state::roster::RegimentFlag;
use johnny_reb::state::tracker_state::ItemKey;
use johnny_reb::state::units::UnitCommand;

/// The other rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Roll {
    /// Sighting in woods (4.2.3.c).
    Sighting,
    /// Hasty works (9.1.1).
    HastyWorks,
    /// Attempt to halt a charge (5.3.3).
    Halt,
    /// The cost of mounting or dismounting (6.7.2).
    Mounting,
    /// Tactical surprise and the strategic release roll (10.2).
    Surprise,
    /// Resupply of an out-of-ammunition unit (4.2.4.b).
    Resupply,
}

impl Roll {
    /// Every roll, in the menu's order.
    pub const ALL: [Roll; 6] =
        [Roll::Sighting, Roll::HastyWorks, Roll::Halt, Roll::Mounting, Roll::Surprise, Roll::Resupply];

    /// The word in `?roll=`.
    pub fn key(self) -> &'static str {
        match self {
            Roll::Sighting => "sighting",
            Roll::HastyWorks => "works",
            Roll::Halt => "halt",
            Roll::Mounting => "mounting",
            Roll::Surprise => "surprise",
            Roll::Resupply => "resupply",
        }
    }

    /// The roll for a `?roll=` word.
    pub fn from_key(key: &str) -> Option<Roll> {
        Roll::ALL.into_iter().find(|r| r.key() == key)
    }

    /// Its name on the menu and as the screen's title.
    pub fn label(self) -> &'static str {
        match self {
            Roll::Sighting => "Sighting in woods",
            Roll::HastyWorks => "Hasty works",
            Roll::Halt => "Attempt to halt",
            Roll::Mounting => "Mounting cost",
            Roll::Surprise => "Surprise",
            Roll::Resupply => "Resupply",
        }
    }

    /// Its rules.
    pub fn rule(self) -> &'static str {
        match self {
            Roll::Sighting => "4.2.3.c",
            Roll::HastyWorks => "9.1.1",
            Roll::Halt => "5.3.3",
            Roll::Mounting => "6.7.2",
            Roll::Surprise => "10.2",
            Roll::Resupply => "4.2.4.b",
        }
    }
}

/// Half inches as the table measures them: 7 is "3 1/2″".
pub fn half_inches(halves: u32) -> Ratio {
    Ratio::new(halves, 2).unwrap_or(Ratio::ZERO)
}

/// The sighting roll's result in words (4.2.3.c): `measured` inches of woods on the table.
pub fn sighting_result(woods: Woods, measured: Ratio, faces: &[u8], rulings: &FireRulings) -> RuleResult<Resolution> {
    let roll = match (woods, faces) {
        (Woods::Heavy, [a, ..]) => SightingRoll::OneDie(Die::new(*a)?),
        (Woods::Light, [a, b, ..]) => SightingRoll::TwoDice(TwoDice::new(*a, *b)?),
        _ => {
            return Err(RuleError::OutOfRange {
                what: "dice",
                detail: "one die in heavy woods, two in light woods (4.2.3.c)".into(),
            });
        }
    };
    let total: u32 = match roll {
        SightingRoll::OneDie(d) => u32::from(d.face()),
        SightingRoll::TwoDice(d) => u32::from(d.total()),
    };
    let seen = sighting_roll(woods, measured, roll, rulings)? == Visibility::Clear;
    let headline = if seen {
        format!("Rolled {total}, greater than {measured}″: the units sight one another; fire is normal (4.2.3.c).")
    } else {
        format!(
            "Rolled {total}, not greater than {measured}″: not sighted; fire between them is area fire, x1/2 (4.2.3.c)."
        )
    };
    Ok(Resolution {
        headline,
        details: vec![
            "One roll serves both units: both sight one another or neither does. It holds for this turn only; measure and roll again next turn (4.2.3.c).".into(),
            "A unit outside the woods firing in fires blind (x1/4) unless the target is within 1″ of the edge and marked Move or FM (4.2.3.c).".into(),
        ],
        ..Default::default()
    })
}

/// The hasty works result (9.1.1) for regiment `id` (none: a quick look-up), in `formation`
/// now. Either way the regiment is in disorder: it was placed there at the announcement.
pub fn hasty_works_resolution(
    name: &str,
    id: Option<&str>,
    formation: Formation,
    bmp: u8,
    officer_benefit: Option<u8>,
    die: Die,
    rulings: &MovementRulings,
) -> RuleResult<Resolution> {
    let built = hasty_works_roll(bmp, officer_benefit, die, rulings)?;
    let target = hasty_works_target(bmp, officer_benefit, rulings);
    let headline = if built {
        format!(
            "{name} rolled {}, higher than {target}: the hasty works are finished along its whole frontage (9.1.1).",
            die.face()
        )
    } else {
        format!(
            "{name} rolled {}, not higher than {target}: the works are not finished; all it has done is put itself in disorder (9.1.1).",
            die.face()
        )
    };
    let mut details = Vec::new();
    if built {
        details.push("That stretch of ground saves 1 better: a wood fence saves on 1 or 2, broken ground with no save saves on 1 (9.1.1). Mark the works on the table; they stay with the ground.".into());
    }
    details.push(
        "It stays in disorder this turn and may fire; charged, it is a disordered unit on Conditional Hold (9.1.1)."
            .into(),
    );
    let commands = match id {
        Some(id) if formation != Formation::Disorder => {
            vec![Command::Unit(UnitCommand::SetFormation { regiment: id.into(), formation: Formation::Disorder })]
        }
        _ => Vec::new(),
    };
    // The attempt is the regiment's Formation Change this turn: its phase-six item (9.1.1, 6.1).
    let settles = id.map(|id| vec![ItemKey::Move(id.into())]).unwrap_or_default();
    Ok(Resolution { headline, details, commands, recorded: id.is_some(), settles, ..Default::default() })
}

/// The attempt to halt (5.3.3) in words: the BMP less the officer's benefit must be beaten.
pub fn halt_resolution(name: &str, bmp: u8, officer_benefit: u8, die: Die) -> Resolution {
    let h = attempt_to_halt(i32::from(bmp), officer_benefit, die);
    let headline = if h.halts {
        format!(
            "{name} rolled {}, higher than {}: it halts at the announced point; the red marker goes there (5.3.3).",
            h.roll, h.target
        )
    } else {
        format!("{name} rolled {}, not higher than {}: it charges the full bonus distance (5.3.3).", h.roll, h.target)
    };
    Resolution { headline, ..Default::default() }
}

/// The cost of mounting or dismounting in words (6.7.2), in inches on this table.
pub fn mounting_words(bmp: u8, mounted_move: bool, settings: &RulesSettings) -> RuleResult<String> {
    let cost = settings.table_inches(mounting_cost(bmp, mounted_move)?);
    Ok(if mounted_move {
        format!("Mounting or dismounting costs {cost}″ of a move made mounted: twice its BMP of {bmp} (6.7.2).")
    } else {
        format!("Mounting or dismounting costs {cost}″ of a move made on foot: its BMP of {bmp} (6.7.2).")
    })
}

/// The tactical surprise roll in words (10.2.1.b, Table 18).
pub fn tactical_words(name: &str, die: Die) -> Resolution {
    let a = tactical_surprise(die);
    let headline = match a.charge_modifier() {
        Cell::Printed(0) | Cell::RuleText { value: 0, .. } => {
            format!("{name} rolled {}: no change, unit alert (10.2.1.b).", die.face())
        }
        Cell::Printed(m) | Cell::RuleText { value: m, .. } => {
            format!(
                "{name} rolled {}: {}, +{m} to its fear-of-charge and impact rolls (10.2.1.b, Table 18).",
                die.face(),
                a.label()
            )
        }
        Cell::Missing => {
            format!("{name} rolled {}: {} (10.2.1.b); its Table 18 modifier is on your card.", die.face(), a.label())
        }
    };
    Resolution {
        headline,
        details: vec!["Surprised units forfeit the opening volley while the surprise lasts (10.2.1.c).".into()],
        ..Default::default()
    }
}

/// The strategic surprise release roll in words (10.2.2.a).
pub fn release_words(name: &str, bmp: u8, die: Die) -> RuleResult<Resolution> {
    let released = strategic_release(bmp, die)?;
    let headline = if released {
        format!(
            "{name} rolled {}, higher than its BMP of {bmp}: released; it may be given any order from the next turn (10.2.2.a).",
            die.face()
        )
    } else {
        format!(
            "{name} rolled {}, not higher than its BMP of {bmp}: still surprised, on Conditional Hold; roll again next rally phase (10.2.2.a).",
            die.face()
        )
    };
    Ok(Resolution {
        headline,
        details: vec!["The game does not record which units are released: note it with the unit's orders.".into()],
        ..Default::default()
    })
}

/// The resupply roll (4.2.4.b) for regiment `id` on `turn`: it leaves by a friendly road and
/// returns a die of turns later; applying it clears its out-of-ammunition marker.
pub fn resupply_resolution(name: &str, id: Option<&str>, out_of_ammo: bool, turn: u32, die: Die) -> Resolution {
    let back = johnny_reb::rules::movement::resupply_return_turn(turn, die);
    let commands = match id {
        Some(id) if out_of_ammo => {
            vec![Command::Unit(UnitCommand::SetFlag { regiment: id.into(), flag: RegimentFlag::OutOfAmmo, on: false })]
        }
        _ => Vec::new(),
    };
    Resolution {
        headline: format!(
            "{name} rolled {}: it returns {} turns later, on turn {back}, with its ammunition replenished (4.2.4.b).",
            die.face(),
            die.face()
        ),
        details: vec![
            "It leaves the board now by a friendly road and comes back on turn ".to_string() + &back.to_string() + ".",
            if commands.is_empty() {
                "Nothing to record: it is not marked out of ammunition.".to_string()
            } else {
                "Applying takes off its out-of-ammunition marker (4.2.4.a).".to_string()
            },
        ],
        recorded: id.is_some() && out_of_ammo,
        commands,
        ..Default::default()
    }
}

/// What a roll needs to know of a regiment of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct RegimentFacts {
    /// Its name.
    pub name: String,
    /// Its arm.
    pub arm: Arm,
    /// Its BMP (Table 5).
    pub bmp: u8,
    /// Its formation.
    pub formation: Formation,
    /// The best benefit of the officers with it (0 for none).
    pub benefit: u8,
    /// His name.
    pub officer: Option<String>,
    /// Out of ammunition (4.2.4.a).
    pub out_of_ammo: bool,
}

/// The facts of regiment `id` of `game`.
pub fn regiment_facts(game: &Game, id: &str, overrides: &johnny_reb::rules::Overrides) -> Option<RegimentFacts> {
    let r = game.roster.regiment(id)?;
    let m = super::super::morale::facts(game, id)?;
    let bmp = super::super::movement::model::regiment_bmp(r.arm, r.quality, overrides, &game.setup.rules).ok()?;
    Some(RegimentFacts {
        name: r.name.clone(),
        arm: r.arm,
        bmp,
        formation: r.formation,
        benefit: m.benefit,
        officer: m.officer,
        out_of_ammo: r.out_of_ammo,
    })
}

/// The BMP of the regiment of the game, or of an infantry regiment of `quality` typed in
/// (Table 5).
pub fn bmp_of(known: Option<&RegimentFacts>, quality: Quality, game: &Game, o: &Overrides) -> RuleResult<u8> {
    match known {
        Some(f) => Ok(f.bmp),
        None => regiment_bmp(Arm::Infantry, quality, o, &game.setup.rules),
    }
}

/// The odds of the hasty works roll: higher than the BMP, helped by an officer (9.1.1).
pub fn hasty_works_odds(bmp: u8, officer_benefit: Option<u8>, rulings: &MovementRulings) -> Odds {
    let target = hasty_works_target(bmp, officer_benefit, rulings);
    let chance = chance_to_beat(target);
    let why =
        if officer_benefit.is_some() { format!("BMP {bmp}, helped by the officer") } else { format!("BMP {bmp}") };
    Odds {
        target: format!("Roll higher than {target} on one die ({why}; 9.1.1)"),
        chances: vec![("Works finished", chance), ("Not finished", chance.complement())],
    }
}

/// The odds of the attempt to halt: higher than the BMP less the officer's benefit (5.3.3).
pub fn halt_odds(bmp: u8, officer_benefit: u8) -> Odds {
    let target = i32::from(bmp) - i32::from(officer_benefit);
    let chance = chance_to_halt(i32::from(bmp), officer_benefit);
    Odds {
        target: format!("Roll higher than {target} on one die (BMP {bmp} less the officer's benefit; 5.3.3)"),
        chances: vec![("Halts", chance), ("Charges on", chance.complement())],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_dice::die;
    use johnny_reb::rules::Chance;
    use johnny_reb::state::demo::demo_game;

    #[test]
    fn every_roll_has_a_key_that_reads_back() {
        for r in Roll::ALL {
            assert_eq!(Roll::from_key(r.key()), Some(r));
        }
        assert_eq!(Roll::from_key("nope"), None);
    }

    #[test]
    fn rule_4_2_3_c_sighting_greater_than_the_obscuring_inches() {
        let r = FireRulings::default();
        // Heavy woods, 3 1/2" of woods: a 4 sights, a 3 does not.
        let seen = sighting_result(Woods::Heavy, half_inches(7), &[4], &r).unwrap();
        assert!(seen.headline.contains("sight one another") && seen.headline.contains("3 1/2″"), "{}", seen.headline);
        let not = sighting_result(Woods::Heavy, half_inches(7), &[3], &r).unwrap();
        assert!(not.headline.contains("area fire"), "{}", not.headline);
        // Light woods: two dice; 4" needs 5 or more.
        assert!(sighting_result(Woods::Light, Ratio::whole(4), &[2, 2], &r).unwrap().headline.contains("area fire"));
        assert!(
            sighting_result(Woods::Light, Ratio::whole(4), &[2, 3], &r).unwrap().headline.contains("sight one another")
        );
        assert!(sighting_result(Woods::Light, Ratio::whole(4), &[2], &r).is_err());
        assert!(!seen.recorded && seen.commands.is_empty());
    }

    #[test]
    fn rule_9_1_1_new_jersey_regiments_need_4_or_3() {
        let r = MovementRulings::default();
        // The 2nd New Jersey, BMP 3, no officer: a 3 fails, a 4 succeeds.
        let fail =
            hasty_works_resolution("2nd New Jersey", Some("r-2nj"), Formation::Line, 3, None, die(3), &r).unwrap();
        assert!(fail.headline.contains("not finished"), "{}", fail.headline);
        assert_eq!(
            fail.commands,
            vec![Command::Unit(UnitCommand::SetFormation { regiment: "r-2nj".into(), formation: Formation::Disorder })]
        );
        let ok = hasty_works_resolution("2nd New Jersey", Some("r-2nj"), Formation::Line, 3, None, die(4), &r).unwrap();
        assert!(ok.headline.contains("finished along its whole frontage"), "{}", ok.headline);
        // The 1st New Jersey has an officer: a 3 succeeds.
        let first = hasty_works_resolution("1st New Jersey", None, Formation::Line, 3, Some(1), die(3), &r).unwrap();
        assert!(first.headline.contains("higher than 2"), "{}", first.headline);
        assert!(first.commands.is_empty() && !first.recorded);
        // Already in disorder: nothing more to record.
        assert!(
            hasty_works_resolution("x", Some("r"), Formation::Disorder, 3, None, die(6), &r)
                .unwrap()
                .commands
                .is_empty()
        );
    }

    #[test]
    fn rule_5_3_3_halt_beats_the_bmp_less_the_officer() {
        assert!(halt_resolution("1st Tennessee", 3, 1, die(3)).headline.contains("halts at the announced point"));
        assert!(halt_resolution("1st Tennessee", 3, 0, die(3)).headline.contains("charges the full bonus"));
    }

    #[test]
    fn rule_6_7_2_mounting_cost_in_words_and_doubled_for_25mm() {
        let mut s = RulesSettings::default();
        assert_eq!(
            mounting_words(3, true, &s).unwrap(),
            "Mounting or dismounting costs 6″ of a move made mounted: twice its BMP of 3 (6.7.2)."
        );
        assert!(mounting_words(3, false, &s).unwrap().contains("costs 3″"));
        s.fire.figures_25mm = true;
        assert!(mounting_words(3, false, &s).unwrap().contains("costs 6″"));
    }

    #[test]
    fn rule_10_2_surprise_rolls() {
        assert!(tactical_words("x", die(1)).headline.contains("unit alert"));
        assert!(tactical_words("x", die(5)).headline.contains("+2 to its fear-of-charge"));
        assert!(release_words("x", 3, die(4)).unwrap().headline.contains("released"));
        assert!(release_words("x", 3, die(3)).unwrap().headline.contains("still surprised"));
    }

    #[test]
    fn rule_4_2_4_b_resupply_returns_four_turns_later_and_clears_out_of_ammo() {
        let r = resupply_resolution("2nd Wisconsin", Some("r-2wi"), true, 5, die(4));
        assert!(r.headline.contains("on turn 9"), "{}", r.headline);
        assert_eq!(
            r.commands,
            vec![Command::Unit(UnitCommand::SetFlag {
                regiment: "r-2wi".into(),
                flag: RegimentFlag::OutOfAmmo,
                on: false
            })]
        );
        let r = resupply_resolution("2nd Wisconsin", Some("r-2wi"), false, 5, die(4));
        assert!(r.commands.is_empty() && !r.recorded);
    }

    #[test]
    fn roster_facts_for_the_rolls() {
        let g = demo_game("g");
        let f = regiment_facts(&g, "r-19in", &Overrides::new()).unwrap();
        assert_eq!((f.bmp, f.benefit, f.formation), (2, 1, Formation::Line));
        assert!(regiment_facts(&g, "s-hall-1", &Overrides::new()).is_none());
    }

    #[test]
    fn rule_9_1_1_and_5_3_3_the_bmp_of_a_regiment_of_the_game_or_typed_in() {
        let g = demo_game("g");
        let o = Overrides::new();
        let f = regiment_facts(&g, "r-19in", &o).unwrap();
        assert_eq!(bmp_of(Some(&f), Quality::Elite, &g, &o).unwrap(), 2, "the game's regiment, whatever is typed");
        assert_eq!(
            bmp_of(None, Quality::Average, &g, &o).unwrap(),
            regiment_bmp(Arm::Infantry, Quality::Average, &o, &g.setup.rules).unwrap()
        );
    }

    #[test]
    fn rule_9_1_1_hasty_works_odds_higher_than_the_bmp() {
        let r = MovementRulings::default();
        let o = hasty_works_odds(3, None, &r);
        assert_eq!(o.target, "Roll higher than 3 on one die (BMP 3; 9.1.1)");
        assert_eq!(o.chances, vec![("Works finished", Chance::new(1, 2)), ("Not finished", Chance::new(1, 2))]);
        let helped = hasty_works_odds(3, Some(1), &r);
        assert!(helped.target.contains("helped by the officer"), "{}", helped.target);
        assert_eq!(helped.chances[0].1, Chance::new(2, 3), "higher than 2");
    }

    #[test]
    fn rule_5_3_3_halt_odds_higher_than_the_bmp_less_the_officer() {
        let o = halt_odds(3, 1);
        assert_eq!(o.target, "Roll higher than 2 on one die (BMP 3 less the officer's benefit; 5.3.3)");
        assert_eq!(o.chances[0], ("Halts", chance_to_halt(3, 1)));
        assert_eq!(o.chances[1].1, chance_to_halt(3, 1).complement());
    }
}
