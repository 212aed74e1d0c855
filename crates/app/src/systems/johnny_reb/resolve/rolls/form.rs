//! What the players say on the other rolls' screen, as one plain form for every roll, and
//! what it gives with the game: the dice it takes, the odds before the roll, the result card
//! (4.2.3.c, 9.1.1, 5.3.3, 6.7.2, 10.2, 4.2.4.b). No Leptos here: tested natively.

use super::super::frame::Odds;
use super::model::*;
use johnny_reb::rules::fire::{Visibility, Woods, sighting_odds};
use johnny_reb::rules::movement::{TerrainType, chance_to_beat};
use johnny_reb::rules::surprise::{Alertness, tactical_surprise_odds};
use johnny_reb::rules::unit::{Arm, Formation, Quality};
use johnny_reb::rules::works::hasty_works_allowed;
use johnny_reb::rules::{Chance, Distribution, Overrides, RuleError, RuleResult};
use johnny_reb::state::game::Game;

use super::super::card::Resolution;
use crate::widgets::dice::{one_die, thrown};

/// Where a regiment stands to throw up hasty works (9.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorksGround {
    /// Broken terrain.
    Broken,
    /// Rough terrain.
    Rough,
    /// Behind a fence or hedge.
    Fence,
    /// In the open.
    Open,
}

impl WorksGround {
    /// Every place, in the screen's order, with its words.
    pub const ALL: [(WorksGround, &'static str); 4] = [
        (WorksGround::Broken, "Broken"),
        (WorksGround::Rough, "Rough"),
        (WorksGround::Fence, "Behind a fence or hedge"),
        (WorksGround::Open, "In the open"),
    ];

    /// Whether hasty works may be attempted here (9.1.1).
    pub fn allowed(self) -> bool {
        let (terrain, fence) = match self {
            WorksGround::Broken => (TerrainType::Broken, false),
            WorksGround::Rough => (TerrainType::Rough, false),
            WorksGround::Fence => (TerrainType::Open, true),
            WorksGround::Open => (TerrainType::Open, false),
        };
        hasty_works_allowed(terrain, fence)
    }
}

/// What the players say on the screen of one roll: the regiment of the game (none: a quick
/// look-up, its quality or BMP typed in), what the roll asks, and the dice.
#[derive(Clone, Debug, PartialEq)]
pub struct RollForm {
    /// The roll.
    pub roll: Roll,
    /// The regiment's id.
    pub unit: Option<String>,
    /// The regiment as the game had it when it was chosen (resupply keeps what it read, so the
    /// card keeps the result it recorded).
    pub known: Option<RegimentFacts>,
    /// A regiment typed in: its quality (Table 5).
    pub quality: Quality,
    /// Heavy woods (one die) rather than light (two dice) (4.2.3.c).
    pub heavy_woods: bool,
    /// The obscuring woods as measured, in half inches (4.2.3.c).
    pub measured_halves: u32,
    /// An officer present at the works (9.1.1).
    pub officer: bool,
    /// The officer's benefit (9.1.1, 5.3.3).
    pub benefit: u32,
    /// Where the regiment stands (9.1.1).
    pub ground: WorksGround,
    /// The move is made mounted (6.7.2).
    pub mounted_move: bool,
    /// The strategic release roll (10.2.2.a) rather than tactical surprise (10.2.1.b).
    pub release: bool,
    /// A unit typed in: its BMP, for the release roll (Table 5).
    pub bmp_typed: u32,
    /// The dice as thrown.
    pub faces: Vec<u8>,
}

impl RollForm {
    /// The screen's form as it opens for `roll`.
    pub fn new(roll: Roll) -> RollForm {
        RollForm {
            roll,
            unit: None,
            known: None,
            quality: Quality::Average,
            heavy_woods: false,
            measured_halves: 6,
            officer: false,
            benefit: 0,
            ground: WorksGround::Broken,
            mounted_move: true,
            release: false,
            bmp_typed: 3,
            faces: Vec::new(),
        }
    }

    /// How many dice the roll takes: two in light woods (4.2.3.c), one otherwise.
    pub fn dice(&self) -> usize {
        if self.roll == Roll::Sighting && !self.heavy_woods { 2 } else { 1 }
    }

    fn woods(&self) -> Woods {
        if self.heavy_woods { Woods::Heavy } else { Woods::Light }
    }

    /// The officer's help at the works: his benefit when one is present (9.1.1).
    pub fn works_help(&self) -> Option<u8> {
        self.officer.then(|| u8::try_from(self.benefit).unwrap_or(1))
    }

    /// The officer's benefit at the attempt to halt (5.3.3).
    pub fn halt_help(&self) -> u8 {
        u8::try_from(self.benefit).unwrap_or(0)
    }
}

/// The regiment's BMP: the game's, or an infantry regiment's of the quality typed in (Table 5).
pub fn regiment_bmp_of(form: &RollForm, game: &Game, entries: &Overrides) -> RuleResult<u8> {
    bmp_of(form.known.as_ref(), form.quality, game, entries)
}

/// The BMP the release roll must beat: the game's regiment's, or as typed (10.2.2.a).
pub fn release_bmp(form: &RollForm) -> u8 {
    form.known.as_ref().map(|f| f.bmp).unwrap_or_else(|| u8::try_from(form.bmp_typed).unwrap_or(3))
}

/// The odds before the roll, or the problem that stops it; none for the mounting cost, which
/// is not rolled.
pub fn odds(form: &RollForm, game: &Game, entries: &Overrides) -> Option<RuleResult<Odds>> {
    let rules = &game.setup.rules;
    Some(match form.roll {
        Roll::Sighting => {
            let inches = half_inches(form.measured_halves);
            let d = sighting_odds(form.woods(), inches, &rules.fire);
            let dice = if form.heavy_woods { "one die" } else { "two dice" };
            Ok(Odds {
                target: format!("Roll greater than {inches}″ on {dice} to sight (4.2.3.c)"),
                chances: vec![
                    ("Sighted", d.chance_of(&Visibility::Clear)),
                    ("Area fire", d.chance_of(&Visibility::Area)),
                ],
            })
        }
        Roll::HastyWorks => {
            regiment_bmp_of(form, game, entries).map(|b| hasty_works_odds(b, form.works_help(), &rules.movement))
        }
        Roll::Halt => regiment_bmp_of(form, game, entries).map(|b| halt_odds(b, form.halt_help())),
        Roll::Mounting => return None,
        Roll::Surprise if form.release => {
            let b = release_bmp(form);
            let chance = chance_to_beat(i16::from(b));
            Ok(Odds {
                target: format!("Roll higher than its BMP of {b} on one die (10.2.2.a)"),
                chances: vec![("Released", chance), ("Still surprised", chance.complement())],
            })
        }
        Roll::Surprise => {
            let d: Distribution<Alertness> = tactical_surprise_odds();
            Ok(Odds {
                target: "One die, halved and rounded down: the Table 18 modifier (10.2.1.b)".into(),
                chances: vec![
                    ("Alert", d.chance_of(&Alertness::Alert)),
                    ("+1", d.chance_of(&Alertness::ModeratelySurprised)),
                    ("+2", d.chance_of(&Alertness::VerySurprised)),
                    ("+3", d.chance_of(&Alertness::TotallySurprised)),
                ],
            })
        }
        Roll::Resupply => {
            let half: Chance = Distribution::of_die(|d| d.face() <= 3).chance_of(&true);
            Ok(Odds {
                target: "Roll one die: it returns that many turns later (4.2.4.b)".into(),
                chances: vec![("Back within 3 turns", half)],
            })
        }
    })
}

/// The cost of mounting or dismounting in words (6.7.2), refused for a regiment without
/// horses.
pub fn mounting(form: &RollForm, game: &Game, entries: &Overrides) -> RuleResult<String> {
    let settings = &game.setup.rules;
    let bmp = match &form.known {
        Some(f) if !matches!(f.arm, Arm::Cavalry { .. } | Arm::MountedInfantry { .. }) => {
            return Err(RuleError::OutOfRange {
                what: "mounting",
                detail: format!("{} has no horses: only cavalry and mounted infantry mount (6.7.2)", f.name),
            });
        }
        Some(f) => f.bmp,
        None => super::super::movement::model::regiment_bmp(
            Arm::Cavalry { mounted: true },
            form.quality,
            entries,
            settings,
        )?,
    };
    mounting_words(bmp, form.mounted_move, settings)
}

/// The result card once the dice are thrown: what happened, with the commands that record it
/// for a regiment of the game. None before the dice, where the roll may not be made (hasty
/// works in the open, 9.1.1) or for the mounting cost, which is not rolled.
pub fn resolve(form: &RollForm, game: &Game, entries: &Overrides) -> Option<Resolution> {
    let rules = &game.setup.rules;
    let named = |quick: &str| form.known.as_ref().map_or_else(|| quick.to_string(), |f| f.name.clone());
    match form.roll {
        Roll::Sighting => {
            let d = thrown(&form.faces, form.dice())?;
            sighting_result(form.woods(), half_inches(form.measured_halves), &d, &rules.fire).ok()
        }
        Roll::HastyWorks => {
            if !form.ground.allowed() {
                return None;
            }
            let die = one_die(&form.faces)?;
            let b = regiment_bmp_of(form, game, entries).ok()?;
            let formation = form.known.as_ref().map_or(Formation::Line, |f| f.formation);
            hasty_works_resolution(
                &named("The regiment"),
                form.unit.as_deref(),
                formation,
                b,
                form.works_help(),
                die,
                &rules.movement,
            )
            .ok()
        }
        Roll::Halt => {
            let die = one_die(&form.faces)?;
            let b = regiment_bmp_of(form, game, entries).ok()?;
            Some(halt_resolution(&named("The charging unit"), b, form.halt_help(), die))
        }
        Roll::Mounting => None,
        Roll::Surprise => {
            let die = one_die(&form.faces)?;
            let name = named("The unit");
            if form.release {
                release_words(&name, release_bmp(form), die).ok()
            } else {
                Some(tactical_words(&name, die))
            }
        }
        Roll::Resupply => {
            let die = one_die(&form.faces)?;
            let out_of_ammo = form.known.as_ref().is_some_and(|f| f.out_of_ammo);
            Some(resupply_resolution(&named("The regiment"), form.unit.as_deref(), out_of_ammo, game.turn, die))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use johnny_reb::rules::Ratio;
    use johnny_reb::state::command::Command;
    use johnny_reb::state::demo::demo_game;
    use johnny_reb::state::roster::RegimentFlag;
    use johnny_reb::state::tracker_state::ItemKey;
    use johnny_reb::state::units::UnitCommand;

    fn o() -> Overrides {
        Overrides::new()
    }

    /// The form of `roll` for regiment `id` of `game`, as the screen fills it.
    fn of_game(roll: Roll, game: &Game, id: &str) -> RollForm {
        RollForm { unit: Some(id.into()), known: regiment_facts(game, id, &o()), ..RollForm::new(roll) }
    }

    #[test]
    fn rule_4_2_3_c_sighting_two_dice_in_light_woods_one_in_heavy() {
        let g = demo_game("g");
        let light = RollForm { measured_halves: 8, ..RollForm::new(Roll::Sighting) };
        assert_eq!(light.dice(), 2);
        let odds = odds(&light, &g, &o()).unwrap().unwrap();
        assert_eq!(odds.target, "Roll greater than 4″ on two dice to sight (4.2.3.c)");
        assert_eq!(odds.chances[0].1, Chance::new(30, 36), "5 or more on two dice");
        assert!(resolve(&RollForm { faces: vec![2], ..light.clone() }, &g, &o()).is_none(), "one die of two");
        let seen = resolve(&RollForm { faces: vec![2, 3], ..light }, &g, &o()).unwrap();
        assert!(seen.headline.contains("sight one another"), "{}", seen.headline);
        let heavy = RollForm { heavy_woods: true, measured_halves: 7, faces: vec![3], ..RollForm::new(Roll::Sighting) };
        assert_eq!(heavy.dice(), 1);
        assert!(resolve(&heavy, &g, &o()).unwrap().headline.contains("area fire"));
        assert_eq!(half_inches(heavy.measured_halves), Ratio::new(7, 2).unwrap());
    }

    #[test]
    fn rule_9_1_1_hasty_works_not_in_the_open_and_the_regiment_put_in_disorder() {
        let g = demo_game("g");
        assert!(WorksGround::Fence.allowed() && WorksGround::Broken.allowed() && !WorksGround::Open.allowed());
        let open = RollForm { ground: WorksGround::Open, faces: vec![6], ..of_game(Roll::HastyWorks, &g, "r-2wi") };
        assert!(resolve(&open, &g, &o()).is_none());
        let works = RollForm { faces: vec![1], ..of_game(Roll::HastyWorks, &g, "r-2wi") };
        let r = resolve(&works, &g, &o()).unwrap();
        assert!(r.headline.starts_with("2nd Wisconsin rolled 1"), "{}", r.headline);
        assert_eq!(
            r.commands,
            vec![Command::Unit(UnitCommand::SetFormation { regiment: "r-2wi".into(), formation: Formation::Disorder })]
        );
        assert_eq!(r.settles, vec![ItemKey::Move("r-2wi".into())]);
    }

    #[test]
    fn rule_9_1_1_an_officer_present_helps_with_his_benefit() {
        let g = demo_game("g");
        let alone = RollForm::new(Roll::HastyWorks);
        let helped = RollForm { officer: true, benefit: 1, ..RollForm::new(Roll::HastyWorks) };
        assert_eq!((alone.works_help(), helped.works_help()), (None, Some(1)));
        let (a, h) = (odds(&alone, &g, &o()).unwrap().unwrap(), odds(&helped, &g, &o()).unwrap().unwrap());
        assert!(h.chances[0].1.percent() > a.chances[0].1.percent(), "{:?} {:?}", a.chances, h.chances);
    }

    #[test]
    fn rule_5_3_3_the_halt_beats_the_bmp_less_the_officers_benefit() {
        let g = demo_game("g");
        let form = RollForm { benefit: 1, faces: vec![6], ..of_game(Roll::Halt, &g, "r-19in") };
        let bmp = regiment_bmp_of(&form, &g, &o()).unwrap();
        assert_eq!(odds(&form, &g, &o()).unwrap().unwrap(), halt_odds(bmp, 1));
        let r = resolve(&form, &g, &o()).unwrap();
        assert!(r.headline.starts_with("19th Indiana rolled 6") && r.headline.contains("halts"), "{}", r.headline);
        assert!(r.commands.is_empty());
    }

    #[test]
    fn rule_6_7_2_only_cavalry_and_mounted_infantry_mount() {
        let g = demo_game("g");
        let infantry = of_game(Roll::Mounting, &g, "r-2wi");
        assert!(mounting(&infantry, &g, &o()).unwrap_err().to_string().contains("has no horses"));
        let quick = RollForm { mounted_move: false, ..RollForm::new(Roll::Mounting) };
        assert!(mounting(&quick, &g, &o()).unwrap().contains("of a move made on foot"));
        assert!(odds(&quick, &g, &o()).is_none() && resolve(&quick, &g, &o()).is_none(), "not rolled");
    }

    #[test]
    fn rule_10_2_1_b_tactical_surprise_and_10_2_2_a_the_release_roll() {
        let g = demo_game("g");
        let tactical = odds(&RollForm::new(Roll::Surprise), &g, &o()).unwrap().unwrap();
        assert_eq!(tactical.chances.len(), 4);
        assert_eq!(tactical.chances.iter().fold(Chance::NEVER, |a, (_, c)| a.plus(*c)), Chance::ALWAYS);
        let release = RollForm { release: true, bmp_typed: 4, faces: vec![5], ..RollForm::new(Roll::Surprise) };
        assert_eq!(
            odds(&release, &g, &o()).unwrap().unwrap().target,
            "Roll higher than its BMP of 4 on one die (10.2.2.a)"
        );
        assert!(resolve(&release, &g, &o()).unwrap().headline.contains("released"));
        let known = RollForm { release: true, faces: vec![1], ..of_game(Roll::Surprise, &g, "r-2wi") };
        assert_eq!(release_bmp(&known), known.known.as_ref().unwrap().bmp, "the game's BMP, not the typed one");
    }

    #[test]
    fn rule_4_2_4_b_resupply_clears_the_marker_read_when_the_regiment_was_chosen() {
        let mut g = demo_game("g");
        if let Some(r) = g.roster.regiment_mut("r-2wi") {
            r.out_of_ammo = true;
        }
        let form = RollForm { faces: vec![2], ..of_game(Roll::Resupply, &g, "r-2wi") };
        // Applied: the game no longer marks it, but the card keeps what it recorded.
        if let Some(r) = g.roster.regiment_mut("r-2wi") {
            r.out_of_ammo = false;
        }
        let r = resolve(&form, &g, &o()).unwrap();
        assert!(r.headline.contains(&format!("on turn {}", g.turn + 2)), "{}", r.headline);
        assert_eq!(
            r.commands,
            vec![Command::Unit(UnitCommand::SetFlag {
                regiment: "r-2wi".into(),
                flag: RegimentFlag::OutOfAmmo,
                on: false
            })]
        );
    }
}
