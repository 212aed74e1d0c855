//! Leaders after a loss, as the Leaders screen shows them (4.1b-d): each command left empty
//! with who could fill it, the Zero Rolls due this Activity Phase with the chance of each
//! result on the players' Zero Roll Table, and any Leader command worked on a copy of the game
//! first, so that the players read what it does, with its rules, before they apply it.

use super::odds;
use companion_core::Chance;
use companion_core::system::GameSystem;
use line_of_battle::game::{Command, Game, LineOfBattle};
use line_of_battle::oob::{Echelon, Side};
use line_of_battle::promotion::{candidates, zero_roll_due};
use line_of_battle::table::{Effect, LookupError, RollTable};

/// A command left empty (4.1b).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vacancy {
    /// The Formation.
    pub formation: String,
    /// Its name.
    pub name: String,
    /// A Brigade: a Repl takes it (4.1c); above, a subordinate is promoted (4.1b).
    pub brigade: bool,
    /// Who could be promoted into it: (Leader, "Name (C-M)"), the players' choice where
    /// Seniority cannot tell.
    pub candidates: Vec<(String, String)>,
}

/// The commands of `side` left empty by a Leader's loss (the Game area's "vacancy" items).
pub fn vacancies(game: &Game, side: Side) -> Vec<Vacancy> {
    game.oob
        .formations
        .iter()
        .filter(|f| f.side == side && f.echelon != Echelon::Army && f.leader.is_some())
        .filter(|f| game.oob.leader_of(&f.id).is_none())
        .map(|f| Vacancy {
            formation: f.id.clone(),
            name: f.name.clone(),
            brigade: f.echelon == Echelon::Brigade,
            candidates: candidates(game, &f.id)
                .into_iter()
                .map(|l| {
                    let away = if l.on_map { "" } else { ", not yet on the map" };
                    (l.id.clone(), format!("{} ({}-{}{away})", l.name, l.command, l.morale))
                })
                .collect(),
        })
        .collect()
}

/// The Zero-led Brigades of the Phasing Player that owe a Zero Roll now (4.1d): (id, name).
pub fn zero_rolls_due(game: &Game) -> Vec<(String, String)> {
    let side = game.clock.phasing();
    game.oob
        .formations
        .iter()
        .filter(|f| f.side == side && f.echelon == Echelon::Brigade && zero_roll_due(game, &f.id))
        .map(|f| (f.id.clone(), f.name.clone()))
        .collect()
}

/// The Zero Roll Table's results in the players' words with the chance of each, in the
/// table's order (4.1d: one die, no modifiers).
pub fn zero_roll_odds(table: &RollTable) -> Result<Vec<(String, Chance)>, LookupError> {
    let mut out: Vec<(String, Chance)> = Vec::new();
    for (reading, chance) in odds::readings(table, "", &[], &[])? {
        let words = reading
            .effects
            .iter()
            .map(|e| match e {
                Effect::Other(w) => w.clone(),
                other => super::tables::effects(std::slice::from_ref(other)),
            })
            .collect::<Vec<_>>()
            .join(", ");
        match out.iter_mut().find(|(w, _)| *w == words) {
            Some((_, c)) => *c = c.plus(chance),
            None => out.push((words, chance)),
        }
    }
    Ok(out)
}

/// What `commands` would do, worked on a copy of the game: their lines, or the refusal.
pub fn try_on_copy(game: &Game, commands: &[Command]) -> Result<Vec<String>, String> {
    let mut copy = game.clone();
    let mut lines = Vec::new();
    for c in commands {
        lines.extend(LineOfBattle::apply(&mut copy, c, 0.0).map_err(|e| e.to_string())?.lines);
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::line_of_battle::model::fixture;
    use companion_core::Die;
    use line_of_battle::promotion::{LeaderCommand, ReplValues};
    use line_of_battle::table::{Band, Column, Dice, Span};
    use line_of_battle::tables::key;

    fn lost(g: &mut Game, leader: &str) {
        let mut s = companion_core::session::Session::<LineOfBattle>::new(g.clone());
        s.dispatch(&Command::LeaderLost { leader: leader.into() }, 0.0).unwrap();
        *g = s.game().clone();
    }

    /// 4.1b: a Division whose Leader is lost is filled from its Brigade Leaders; the Brigade
    /// that opens takes a Repl whose values the players read from the counter's back (4.1c).
    #[test]
    fn rule_4_1b_a_vacancy_names_who_could_fill_it() {
        let mut g = fixture::game();
        lost(&mut g, "Wadsworth");
        let v = vacancies(&g, Side::Federal);
        assert_eq!(v.len(), 1);
        assert_eq!((v[0].formation.as_str(), v[0].brigade), ("1/1", false));
        assert_eq!(v[0].candidates, [("Meredith".to_string(), "Meredith (2-3)".to_string())]);
        assert!(vacancies(&g, Side::Confederate).is_empty());
        let promote = Command::Leaders(Box::new(LeaderCommand::Promote {
            formation: "1/1".into(),
            choices: vec![],
            repl: Some(ReplValues { command: 1, morale: 2 }),
        }));
        let lines = try_on_copy(&g, std::slice::from_ref(&promote)).unwrap();
        assert!(lines.iter().any(|l| l.contains("Meredith is promoted to command 1/1 (4.1b)")), "{lines:?}");
        assert!(lines.iter().any(|l| l.contains("A Repl (1-2) commands 1/1/1")), "{lines:?}");
        assert!(g.oob.leader_of("1/1").is_none(), "worked on a copy");
    }

    /// 4.1d: a Zero-led Brigade under Attack or Defensive Orders rolls; without Orders it owes
    /// none. The odds are read from the players' table (made up here).
    #[test]
    fn rule_4_1d_zero_roll_odds_from_the_players_table() {
        let mut t = RollTable::new(key::ZERO_ROLL, "Zero Roll Table", "4.1d", Dice::One);
        t.columns.push(Column {
            label: String::new(),
            bands: vec![
                Band { rolls: Span::at_most(2), effects: vec![Effect::Other("Half MA".into())] },
                Band { rolls: Span::at_least(3), effects: vec![Effect::Other("Full MA".into())] },
            ],
        });
        let o = zero_roll_odds(&t).unwrap();
        assert_eq!(o, [("Half MA".to_string(), Chance::new(2, 6)), ("Full MA".to_string(), Chance::new(4, 6))]);
        let mut g = fixture::game();
        g.oob.leader_mut("Meredith").unwrap().command = 0;
        assert!(zero_rolls_due(&g).is_empty(), "no Attack or Defensive Orders");
        let roll =
            Command::Leaders(Box::new(LeaderCommand::ZeroRoll { brigade: "1/1/1".into(), die: Die::new(2).unwrap() }));
        assert!(try_on_copy(&g, &[roll]).unwrap_err().contains("4.1d"));
    }
}
