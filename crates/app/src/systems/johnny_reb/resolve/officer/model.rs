//! Officer casualties' pure part (8, Table 20): the distance row, the hit dice, the effect die,
//! the result with the command that records it, and the next officer of the phase 8 sweep. No
//! Leptos here: tested natively.

use super::super::card::Resolution;
use johnny_reb::rules::Die;
use johnny_reb::rules::officers::{casualty_effect, consequences, is_hit};
use johnny_reb::rules::tables::t20_officer_casualty::{self as t20, CasualtyEffect, DistanceRow};
use johnny_reb::state::command::Command;
use johnny_reb::state::game::Game;
use johnny_reb::state::tracker_state::ItemKey;
use johnny_reb::state::units::UnitCommand;

/// What the players say: the officer (none: a quick look-up), the row of Table 20 (by its
/// place in [`rows`]), the hit dice and the effect die (0 for a die not set).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OfficerForm {
    /// The officer's id.
    pub officer: Option<String>,
    /// The distance row chosen.
    pub row: Option<usize>,
    /// The hit dice's faces.
    pub hit: Vec<u8>,
    /// The effect die's face, once thrown.
    pub effect: Vec<u8>,
}

/// The printed distance rows, farthest first.
pub fn rows() -> Vec<DistanceRow> {
    t20::ROWS.iter().filter_map(|c| c.value().copied()).collect()
}

fn dice(faces: &[u8]) -> Option<Vec<Die>> {
    faces.iter().map(|f| Die::new(*f).ok()).collect()
}

impl OfficerForm {
    /// The distance row chosen.
    pub fn row(&self) -> Option<DistanceRow> {
        self.row.and_then(|i| rows().get(i).copied())
    }

    /// How many hit dice the row rolls.
    pub fn hit_dice(&self) -> usize {
        self.row().map_or(0, |r| usize::from(r.dice))
    }

    /// Whether the hit dice are in and hit (8): the effect die is rolled then.
    pub fn is_hit(&self) -> Option<bool> {
        let r = self.row()?;
        let thrown = crate::widgets::dice::thrown(&self.hit, usize::from(r.dice))?;
        is_hit(r.min_inches, &dice(&thrown)?).ok()
    }
}

/// The result once the dice it needs are in; `None` while one is missing.
pub fn resolve(form: &OfficerForm, game: &Game) -> Option<Resolution> {
    let row = form.row()?;
    let hit = crate::widgets::dice::thrown(&form.hit, usize::from(row.dice))?;
    let effect = crate::widgets::dice::thrown(&form.effect, 1).and_then(|v| v.first().copied());
    let id = form.officer.as_deref();
    let name = id.and_then(|id| game.roster.officer(id)).map_or("The officer", |o| o.name.as_str());
    officer_result(name, id, &row, &hit, effect, game.turn)
}

/// The result of the hit dice and, once hit, the effect die, for officer `id` (none: a quick
/// look-up). `None` while a die is missing.
pub fn officer_result(
    name: &str,
    id: Option<&str>,
    row: &DistanceRow,
    hit: &[u8],
    effect: Option<u8>,
    turn: u32,
) -> Option<Resolution> {
    let total: u32 = hit.iter().map(|f| u32::from(*f)).sum();
    let hits_on = row.hit_on.iter().map(u32::to_string).collect::<Vec<_>>().join(" or ");
    if !is_hit(row.min_inches, &dice(hit)?).ok()? {
        return Some(Resolution {
            headline: format!("{name} is not hit: rolled {total}, {} hits on {hits_on} (8, Table 20).", row.label),
            recorded: id.is_some(),
            settles: id.map(|id| vec![ItemKey::Officer(id.into())]).unwrap_or_default(),
            ..Resolution::default()
        });
    }
    let effect = casualty_effect(Die::new(effect?).ok()?);
    let c = consequences(effect, turn);
    let mut details = Vec::new();
    if c.moved_to_rear {
        details.push("Move him to the rear of the army, near the table edge (8).".to_string());
    }
    details.push(match effect {
        CasualtyEffect::SpectacularDeath => {
            "Friendly units within 1' that saw it check morale, +1 for the spectacular death (Table 2 no. 10, Table 6)."
                .to_string()
        }
        _ => "Friendly units within 1' that saw it check morale (Table 2 no. 10).".to_string(),
    });
    Some(Resolution {
        headline: format!("{name} is hit: {}. {} (8, Table 20)", effect.label(), effect.effect_text()),
        details,
        commands: id
            .map(|id| vec![Command::Unit(UnitCommand::OfficerHit { officer: id.into(), effect })])
            .unwrap_or_default(),
        recorded: id.is_some(),
        settles: id.map(|id| vec![ItemKey::Officer(id.into())]).unwrap_or_default(),
        ..Resolution::default()
    })
}

/// Phase 8's sweep: the officer after `current` still in the game, in roster order (Union
/// first), or the first when none is chosen.
pub fn next_officer(game: &Game, current: Option<&str>) -> Option<String> {
    let roster = &game.roster;
    let all: Vec<&johnny_reb::state::roster::Officer> =
        roster.union.officers.iter().chain(roster.confederate.officers.iter()).collect();
    let from = current.and_then(|id| all.iter().position(|o| o.id == id)).map_or(0, |i| i + 1);
    all.iter().skip(from).find(|o| !o.is_removed()).map(|o| o.id.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use johnny_reb::state::demo::demo_game;
    use johnny_reb::state::roster::OfficerCondition;

    #[test]
    fn rule_8_table_20_under_2_inches_hits_on_5_or_6_then_the_effect_die() {
        let under = rows().last().copied().unwrap();
        assert_eq!(under.label, "Under 2\"");
        let miss = officer_result("Meredith", Some("o-m"), &under, &[4], None, 3).unwrap();
        assert!(miss.headline.contains("not hit") && miss.commands.is_empty());
        assert!(officer_result("Meredith", Some("o-m"), &under, &[5], None, 3).is_none(), "waits for the effect die");
        let hit = officer_result("Meredith", Some("o-m"), &under, &[5], Some(6), 3).unwrap();
        assert_eq!(
            hit.commands,
            vec![Command::Unit(UnitCommand::OfficerHit {
                officer: "o-m".into(),
                effect: CasualtyEffect::SpectacularDeath
            })]
        );
        assert!(hit.details.iter().any(|d| d.contains("+1")));
        let look_up = officer_result("The officer", None, &under, &[6], Some(1), 3).unwrap();
        assert!(look_up.commands.is_empty() && !look_up.recorded);
    }

    #[test]
    fn rule_8_the_form_names_the_officer_from_the_game() {
        let g = demo_game("g");
        let under = rows().len() - 1;
        let mut form =
            OfficerForm { officer: Some("o-archer".into()), row: Some(under), hit: vec![6], effect: Vec::new() };
        assert_eq!(form.is_hit(), Some(true));
        assert_eq!(resolve(&form, &g), None, "waits for the effect die");
        form.effect = vec![1];
        let r = resolve(&form, &g).unwrap();
        let name = &g.roster.officer("o-archer").unwrap().name;
        assert!(r.headline.starts_with(&format!("{name} is hit: Stunned")), "{}", r.headline);
        assert_eq!(r.settles, vec![ItemKey::Officer("o-archer".into())]);
        assert_eq!(resolve(&OfficerForm { row: None, ..form }, &g), None, "no row, no roll");
    }

    #[test]
    fn rule_8_every_officer_in_turn_skips_those_removed() {
        let mut g = demo_game("g");
        let first = next_officer(&g, None).unwrap();
        let second = next_officer(&g, Some(&first)).unwrap();
        g.roster.officer_mut(&second).unwrap().condition = OfficerCondition::Dead;
        let third = next_officer(&g, Some(&first)).unwrap();
        assert_ne!(third, second);
        let mut seen = vec![first];
        while let Some(next) = next_officer(&g, seen.last().map(String::as_str)) {
            seen.push(next);
        }
        let all = g.roster.union.officers.len() + g.roster.confederate.officers.len();
        assert_eq!(seen.len(), all - 1, "each officer still in the game once");
    }
}
