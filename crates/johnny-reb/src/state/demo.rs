//! A demo game to explore the app with: the morning of 1 July 1863 west of Gettysburg, on
//! McPherson's Ridge, much reduced. Names are historical; strengths are rounded to figures of
//! 20 men (0.1.1.a) and laid out by [`Regiment::stands_for_total`]; benefit values are the
//! usual 1 or 2 (2.3.4.f). It is clearly labelled a demo in its name.

use super::game::Game;
use super::ids::UnitId;
use super::roster::{
    Army, Battery, Brigade, Division, GunType, Officer, OfficerCondition, Rank, Regiment, Roster, Section,
};
use crate::rules::command_integrity::Stance;
use crate::rules::unit::Quality;

/// The words that open the demo's name, so the screens and players can tell it apart.
pub const DEMO_LABEL: &str = "Demo";

/// The demo game's name.
pub const DEMO_NAME: &str = "Demo: McPherson's Ridge, 1 July 1863";

fn regiment(id: &str, name: &str, figures: u32, quality: Quality) -> Regiment {
    // Every total used below has a layout; five stands of three is the fallback.
    let stands = Regiment::stands_for_total(figures).unwrap_or_else(|| Regiment::even_stands(3));
    Regiment::new(id, name, stands, quality, super::roster::Weapon::RifleMusket)
}

fn section(id: &str, name: &str, gun: &GunType, crew: Quality) -> Section {
    Section::new(id, name, gun.clone(), crew)
}

fn officer(id: &str, name: &str, rank: Rank, benefit: u8, commands: &str, with_unit: Option<&str>) -> Officer {
    Officer {
        id: id.into(),
        name: name.into(),
        rank,
        benefit,
        commands: Some(commands.into()),
        with_unit: with_unit.map(UnitId::from),
        condition: OfficerCondition::Unhurt,
        scenario_points: None,
    }
}

/// The demo game under `id`: two divisions, four brigades, 17 regiments, three batteries of
/// two sections, six officers, at turn 1.
pub fn demo_game(id: &str) -> Game {
    let known = GunType::known();
    let napoleon = known.first().cloned().unwrap_or(GunType {
        name: "12# Napoleon".into(),
        bore: super::roster::Bore::Smoothbore,
        weight: Some(crate::rules::unit::GunWeight::Heavy),
    });
    let rifle = known.get(3).cloned().unwrap_or_else(|| napoleon.clone());
    let parrott = known.get(2).cloned().unwrap_or_else(|| napoleon.clone());

    let union = Army {
        stance: Stance::Normal,
        divisions: vec![Division {
            id: "d-wadsworth".into(),
            name: "Wadsworth's Division".into(),
            stance: Stance::Normal,
            brigades: vec![
                Brigade {
                    id: "b-iron".into(),
                    name: "Iron Brigade".into(),
                    regiments: vec![
                        regiment("r-2wi", "2nd Wisconsin", 15, Quality::Elite),
                        regiment("r-6wi", "6th Wisconsin", 17, Quality::Elite),
                        regiment("r-7wi", "7th Wisconsin", 18, Quality::Elite),
                        regiment("r-19in", "19th Indiana", 15, Quality::Elite),
                        regiment("r-24mi", "24th Michigan", 25, Quality::Average),
                    ],
                    batteries: Vec::new(),
                },
                Brigade {
                    id: "b-cutler".into(),
                    name: "Cutler's Brigade".into(),
                    regiments: vec![
                        regiment("r-76ny", "76th New York", 19, Quality::Average),
                        regiment("r-56pa", "56th Pennsylvania", 13, Quality::Average),
                        regiment("r-147ny", "147th New York", 19, Quality::GreenOrTired),
                        regiment("r-95ny", "95th New York", 12, Quality::Average),
                        regiment("r-14bk", "14th Brooklyn", 16, Quality::Average),
                    ],
                    batteries: Vec::new(),
                },
            ],
            batteries: vec![Battery {
                id: "bt-hall".into(),
                name: "2nd Maine Battery (Hall)".into(),
                sections: vec![
                    section("s-hall-1", "Hall, right section", &rifle, Quality::Average),
                    section("s-hall-2", "Hall, left section", &rifle, Quality::Average),
                ],
            }],
        }],
        officers: vec![
            officer("o-wadsworth", "Brig. Gen. James S. Wadsworth", Rank::DivisionCommander, 1, "d-wadsworth", None),
            officer("o-meredith", "Brig. Gen. Solomon Meredith", Rank::BrigadeCommander, 1, "b-iron", Some("r-19in")),
            officer("o-cutler", "Brig. Gen. Lysander Cutler", Rank::BrigadeCommander, 1, "b-cutler", Some("r-76ny")),
        ],
    };

    let confederate = Army {
        stance: Stance::Normal,
        divisions: vec![Division {
            id: "d-heth".into(),
            name: "Heth's Division".into(),
            stance: Stance::Normal,
            brigades: vec![
                Brigade {
                    id: "b-archer".into(),
                    name: "Archer's Brigade".into(),
                    regiments: vec![
                        regiment("r-1tn", "1st Tennessee", 14, Quality::Average),
                        regiment("r-7tn", "7th Tennessee", 13, Quality::Elite),
                        regiment("r-14tn", "14th Tennessee", 11, Quality::Average),
                        regiment("r-13al", "13th Alabama", 16, Quality::Average),
                        regiment("r-5al", "5th Alabama Battalion", 7, Quality::Average),
                    ],
                    batteries: Vec::new(),
                },
                Brigade {
                    id: "b-davis".into(),
                    name: "Davis's Brigade".into(),
                    regiments: vec![
                        regiment("r-2ms", "2nd Mississippi", 24, Quality::Average),
                        regiment("r-42ms", "42nd Mississippi", 28, Quality::GreenOrTired),
                    ],
                    batteries: Vec::new(),
                },
            ],
            batteries: vec![
                Battery {
                    id: "bt-marye".into(),
                    name: "Fredericksburg Artillery (Marye)".into(),
                    sections: vec![
                        section("s-marye-1", "Marye, 1st section", &napoleon, Quality::Average),
                        section("s-marye-2", "Marye, 2nd section", &napoleon, Quality::Average),
                    ],
                },
                Battery {
                    id: "bt-pee-dee".into(),
                    name: "Pee Dee Artillery (Zimmerman)".into(),
                    sections: vec![
                        section("s-pd-1", "Zimmerman, 1st section", &parrott, Quality::Average),
                        section("s-pd-2", "Zimmerman, 2nd section", &parrott, Quality::GreenOrTired),
                    ],
                },
            ],
        }],
        officers: vec![
            officer("o-heth", "Maj. Gen. Henry Heth", Rank::DivisionCommander, 1, "d-heth", None),
            officer("o-archer", "Brig. Gen. James J. Archer", Rank::BrigadeCommander, 1, "b-archer", Some("r-13al")),
            officer("o-davis", "Brig. Gen. Joseph R. Davis", Rank::BrigadeCommander, 1, "b-davis", Some("r-42ms")),
        ],
    };

    let mut game = Game::new(id, DEMO_NAME);
    game.roster = Roster { union, confederate, levels_reached: Vec::new() };
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::command_integrity::IntegrityLevel;
    use crate::state::roster::{CommandScope, Side};

    #[test]
    fn the_demo_is_sound_and_labelled() {
        let g = demo_game("demo");
        assert!(g.name.starts_with(DEMO_LABEL));
        assert_eq!(g.roster.problems(), Vec::<String>::new());
        assert_eq!(g.roster.union.regiments().count() + g.roster.confederate.regiments().count(), 17);
        assert_eq!(g.roster.union.sections().count() + g.roster.confederate.sections().count(), 6);
        // Uneven regiments laid out symmetrically (0.1.1.a): 17 figures are 3-4-3-4-3.
        assert_eq!(g.roster.regiment("r-6wi").unwrap().stands, vec![3, 4, 3, 4, 3]);
    }

    #[test]
    fn the_demo_commands_have_values() {
        let g = demo_game("demo");
        // Wadsworth: 10 regiments x 2 + 2 sections x 1 + 2 brigadiers x 3 + 1 divisional x 5 (11.1).
        let i = g.roster.integrity(&CommandScope::Division("d-wadsworth".into())).unwrap();
        assert_eq!((i.value, i.lost, i.level), (33, 0, IntegrityLevel::Fighting));
        let army = g.roster.integrity(&CommandScope::Army(Side::Confederate)).unwrap();
        assert_eq!(army.value, 7 * 2 + 4 + 2 * 3 + 5);
    }
}
