//! The forced rout move's pure part (2.1.2): the dice by the path of retreat, their odds, and
//! the result with the command that records it. No Leptos here: tested natively.

use super::super::card::Resolution;
use super::super::frame::Odds;
use johnny_reb::rules::RuleResult;
use johnny_reb::rules::morale::{forced_rout_dice, forced_rout_distance_odds};
use johnny_reb::rules::unit::{Formation, Terrain};
use johnny_reb::state::command::Command;
use johnny_reb::state::game::Game;
use johnny_reb::state::tracker_state::ItemKey;
use johnny_reb::state::units::UnitCommand;

/// What the players say: the regiment (none: a quick look-up), the path of retreat, the dice.
#[derive(Clone, Debug, PartialEq)]
pub struct RoutForm {
    /// The routing regiment's id.
    pub unit: Option<String>,
    /// The ground of the path of retreat.
    pub path: Terrain,
    /// The faces thrown, 0 for a die not set.
    pub faces: Vec<u8>,
}

/// The paths of retreat the players choose from, the common case first.
pub const PATHS: [(Terrain, &str); 5] = [
    (Terrain::Open, "Open"),
    (Terrain::Road, "Road"),
    (Terrain::Broken, "Broken"),
    (Terrain::Rough, "Rough"),
    (Terrain::Trail, "Trail"),
];

/// How many dice the path of retreat rolls (2.1.2); none where the rules give no move.
pub fn dice_count(form: &RoutForm) -> usize {
    forced_rout_dice(form.path).unwrap_or(0)
}

/// The target and the chance of a long rout, before the dice.
pub fn odds(form: &RoutForm) -> RuleResult<Odds> {
    let d = forced_rout_distance_odds(form.path)?;
    let n = dice_count(form) as u32;
    Ok(Odds {
        target: format!("Roll {n} dice: {n}\" to {}\"", 6 * n),
        chances: vec![("10\" or more", d.chance_that(|i| *i >= 10))],
    })
}

/// The result once every die is in; `None` while one is missing.
pub fn resolve(form: &RoutForm, game: &Game) -> Option<Resolution> {
    let n = dice_count(form);
    let faces = crate::widgets::dice::thrown(&form.faces, n).filter(|_| n > 0)?;
    let inches: u32 = faces.iter().map(|f| u32::from(*f)).sum();
    let unit = form.unit.as_deref();
    let regiment = unit.and_then(|id| game.roster.regiment(id));
    let name = regiment.map_or("The unit", |r| r.name.as_str());
    let in_disorder = regiment.is_some_and(|r| r.formation == Formation::Disorder);
    Some(rout_result(name, unit, inches, in_disorder))
}

/// The result of a forced rout move of `inches` for regiment `id` (none: a quick look-up).
pub fn rout_result(name: &str, id: Option<&str>, inches: u32, in_disorder: bool) -> Resolution {
    let commands = match id {
        Some(id) if !in_disorder => {
            vec![Command::Unit(UnitCommand::SetFormation { regiment: id.into(), formation: Formation::Disorder })]
        }
        _ => Vec::new(),
    };
    Resolution {
        headline: format!("{name} routs {inches}\" at once, away from the enemy, in Disorder (2.1.2)."),
        details: vec![
            "Its planned moves and actions are cancelled (2.1.2).".into(),
            "If the move would take it beyond the table edge it must rally at once: if it rallies it stops at the edge, if not it is removed (2.1.1).".into(),
        ],
        commands,
        recorded: id.is_some(),
        settles: id.map(|id| vec![ItemKey::Rout(id.into())]).unwrap_or_default(),
        ..Resolution::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use johnny_reb::state::demo::demo_game;

    fn form(unit: Option<&str>, path: Terrain, faces: &[u8]) -> RoutForm {
        RoutForm { unit: unit.map(str::to_string), path, faces: faces.to_vec() }
    }

    #[test]
    fn rule_2_1_2_forced_rout_places_the_regiment_in_disorder() {
        assert_eq!(forced_rout_dice(Terrain::Road).unwrap(), 4);
        let r = rout_result("1st Tennessee", Some("r-1tn"), 11, false);
        assert_eq!(
            r.commands,
            vec![Command::Unit(UnitCommand::SetFormation { regiment: "r-1tn".into(), formation: Formation::Disorder })]
        );
        assert!(r.headline.contains("11\""));
        assert!(rout_result("x", Some("r"), 3, true).commands.is_empty());
        assert!(!rout_result("x", None, 3, false).recorded);
    }

    #[test]
    fn rule_2_1_2_the_dice_by_the_path_of_retreat_from_the_game() {
        let g = demo_game("g");
        let id = g.roster.union.regiments().next().map(|r| r.id.clone());
        let mut f = form(id.as_deref(), Terrain::Road, &[3, 4, 5]);
        assert_eq!(resolve(&f, &g), None, "waits for the fourth die");
        f.faces.push(6);
        let r = resolve(&f, &g).unwrap();
        assert!(r.headline.contains("18\""), "{}", r.headline);
        assert_eq!(r.settles, vec![ItemKey::Rout(id.unwrap().into())]);
        assert!(odds(&f).unwrap().target.starts_with("Roll 4 dice: 4\" to 24\""));
    }

    #[test]
    fn rule_2_1_2_a_quick_look_up_records_nothing() {
        let g = demo_game("g");
        let n = dice_count(&form(None, Terrain::Open, &[]));
        let r = resolve(&form(None, Terrain::Open, &vec![6; n]), &g).unwrap();
        assert!(r.headline.starts_with("The unit routs"));
        assert!(!r.recorded && r.commands.is_empty() && r.settles.is_empty());
    }
}
