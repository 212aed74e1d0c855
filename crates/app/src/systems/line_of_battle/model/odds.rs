//! The odds before a roll on one of the players' tables: every raw roll of the table's dice
//! read with the modifiers that apply, so the chance of each result is exact. A band the
//! players have not entered stops the odds with the same words as the roll would.

use companion_core::Chance;
use line_of_battle::table::{Dice, Effect, LookupError, Reading, RollTable};

/// The chance of a raw roll of `dice`: one die, 1 in 6; two dice, the ways to make it in 36.
pub fn raw_chance(dice: Dice, raw: i32) -> Chance {
    match dice {
        Dice::One if (1..=6).contains(&raw) => Chance::new(1, 6),
        Dice::Two if (2..=12).contains(&raw) => Chance::new((6 - (raw - 7).abs()) as u64, 36),
        _ => Chance::NEVER,
    }
}

/// Every raw roll of the table read in `column` with `apply` and `extra`, with its chance.
pub fn readings(
    table: &RollTable,
    column: &str,
    apply: &[String],
    extra: &[(String, String, i32)],
) -> Result<Vec<(Reading, Chance)>, LookupError> {
    let names: Vec<&str> = apply.iter().map(String::as_str).collect();
    let (low, high) = table.dice.range();
    (low..=high).map(|raw| Ok((table.read(column, raw, &names, extra)?, raw_chance(table.dice, raw)))).collect()
}

/// The chance that the reading satisfies `pred`.
pub fn chance_that(readings: &[(Reading, Chance)], pred: impl Fn(&Reading) -> bool) -> Chance {
    readings.iter().filter(|(r, _)| pred(r)).fold(Chance::NEVER, |acc, (_, c)| acc.plus(*c))
}

/// The chance of a Pass (Yes) on a Command Roll, Closing Roll, Base Check or Recovery Roll.
pub fn pass(
    table: &RollTable,
    column: &str,
    apply: &[String],
    extra: &[(String, String, i32)],
) -> Result<Chance, LookupError> {
    Ok(chance_that(&readings(table, column, apply, extra)?, Reading::passed))
}

/// The chance of any SP loss, and of a Morale Check, on a Combat Table or Opening Volley roll.
pub fn loss_and_check(
    table: &RollTable,
    apply: &[String],
    extra: &[(String, String, i32)],
) -> Result<(Chance, Chance), LookupError> {
    let all = readings(table, "", apply, extra)?;
    Ok((chance_that(&all, |r| r.loss() > 0), chance_that(&all, |r| r.effects.contains(&Effect::MoraleCheck))))
}

/// The odds before a Morale Check (10.1) of the Stack `units` on the players' Morale Table:
/// the top unit's rating, the chart's modifiers `names` with those the game adds, the one
/// Leader's Morale Value subtracted and, in a Charge, the Charging Leaders' added (11.3b).
/// `None` with no Morale Table or no unit named.
pub fn morale_check(
    game: &line_of_battle::Game,
    units: &[String],
    names: &[String],
    leader: Option<&str>,
    charging_leaders: u8,
) -> Option<Result<Vec<(&'static str, Chance)>, LookupError>> {
    let table = game.tables.get(line_of_battle::tables::key::MORALE)?;
    let rating = units.first().and_then(|id| game.oob.unit(id)).map(|u| u.rating)?;
    let mut list = vec![line_of_battle::morale::rating_modifier(rating)];
    list.extend(line_of_battle::combat::checks::morale_modifiers(game, units, names));
    let mut extra = Vec::new();
    if charging_leaders > 0 {
        extra.push(("Charging Leaders' Morale Value".to_string(), "11.3b".to_string(), i32::from(charging_leaders)));
    }
    if let Some(m) = leader.and_then(|l| game.oob.leader(l)).map(|l| l.morale) {
        extra.push(("Leader's Morale Value".to_string(), "10.1".to_string(), -i32::from(m)));
    }
    Some(readings(table, "", &list, &extra).map(|r| {
        vec![
            ("No effect", chance_that(&r, |r| r.effects.iter().all(|e| *e == Effect::NoEffect))),
            ("A Retreat", chance_that(&r, |r| r.effects.iter().any(|e| matches!(e, Effect::Retreat(_))))),
        ]
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::line_of_battle::model::fixture;
    use line_of_battle::morale::MoraleState;
    use line_of_battle::table::{Band, Column, Modifier, Slot, Span};

    fn yes_from(n: i32) -> RollTable {
        let mut t = RollTable::new("command-roll", "Command Roll Table", "13.3c", Dice::Two);
        t.columns.push(Column {
            label: String::new(),
            bands: vec![
                Band { rolls: Span::at_most(n - 1), effects: vec![Effect::Fail] },
                Band { rolls: Span::at_least(n), effects: vec![Effect::Pass] },
            ],
        });
        t
    }

    #[test]
    fn two_dice_are_counted_in_thirty_sixths() {
        let total: Chance = (2..=12).fold(Chance::NEVER, |a, r| a.plus(raw_chance(Dice::Two, r)));
        assert_eq!(total, Chance::ALWAYS);
        assert_eq!(raw_chance(Dice::Two, 7), Chance::new(6, 36));
        assert_eq!(raw_chance(Dice::One, 7), Chance::NEVER);
    }

    /// 13.3c: two dice plus the Leader's Command Value: a 3-rated Leader needing 8 on the
    /// test chart passes on a raw 5 or more, 30 in 36.
    #[test]
    fn the_command_value_shifts_the_odds() {
        let cv = vec![("Command Value".to_string(), "13.3c".to_string(), 3)];
        assert_eq!(pass(&yes_from(8), "", &[], &cv), Ok(Chance::new(30, 36)));
        assert_eq!(pass(&yes_from(8), "", &[], &[]), Ok(Chance::new(15, 36)));
    }

    #[test]
    fn a_band_not_entered_stops_the_odds() {
        let mut t = yes_from(8);
        t.columns[0].bands.pop();
        assert!(matches!(pass(&t, "", &[], &[]), Err(LookupError::Missing { roll: 8, .. })));
        assert!(matches!(
            pass(&RollTable::new("x", "X", "1", Dice::Two), "", &[], &[]),
            Err(LookupError::NoColumn { .. })
        ));
    }

    /// A Morale Table entered by the players (every value made up for the test): two dice,
    /// 2 or less Blood Lust, 3 to 9 no effect, 10 and 11 Shaken and a 1-hex Retreat, 12 or
    /// more Disorganized and a 2-hex Retreat; Morale Rating B +1, "Flank" +2.
    fn morale_table() -> RollTable {
        let entered = |name: &str, v| Modifier { name: name.into(), rule: "test".into(), value: Slot::Entered(v) };
        let band = |rolls, effects| Band { rolls, effects };
        let mut t = RollTable::new(line_of_battle::tables::key::MORALE, "Morale Table", "10.1", Dice::Two);
        t.modifiers = vec![entered("Morale Rating A", 0), entered("Morale Rating B", 1), entered("Flank", 2)];
        t.columns.push(Column {
            label: String::new(),
            bands: vec![
                band(Span::at_most(2), vec![Effect::State(MoraleState::BloodLust)]),
                band(Span::between(3, 9), vec![Effect::NoEffect]),
                band(Span::between(10, 11), vec![Effect::State(MoraleState::Shaken), Effect::Retreat(1)]),
                band(Span::at_least(12), vec![Effect::State(MoraleState::Disorganized), Effect::Retreat(2)]),
            ],
        });
        t
    }

    /// 10.1, 10.2: the odds of a Morale Check read from the top unit's rating, the chart's
    /// modifiers, the Leader's Morale Value subtracted and, in a Charge, the Charging Leaders'
    /// added (11.3b). The 19th Indiana (B, +1) with Meredith (Morale 3): raw - 2, no effect on
    /// a raw 5 to 11 (29 in 36), a Retreat only on a 12 (1 in 36).
    #[test]
    fn rule_10_2_morale_check_odds_on_an_entered_table() {
        let mut g = fixture::game();
        let stack = vec!["19 Ind".to_string()];
        // The new game's Morale Table has no values yet: the odds stop at the first one needed.
        let blank = morale_check(&g, &stack, &[], None, 0);
        assert!(
            matches!(&blank, Some(Err(LookupError::MissingModifier { modifier, .. })) if modifier == "Morale Rating B"),
            "{blank:?}"
        );
        g.tables.put(morale_table()).unwrap();
        let odds = |names: &[&str], leader, charging| {
            let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
            morale_check(&g, &stack, &names, leader, charging).map(|r| r.map_err(|e| e.to_string()))
        };
        assert_eq!(
            odds(&[], Some("Meredith"), 0),
            Some(Ok(vec![("No effect", Chance::new(29, 36)), ("A Retreat", Chance::new(1, 36))]))
        );
        // Without a Leader, flanked: raw + 3, no effect on a raw 2 to 6 (15 in 36), a Retreat
        // on 7 or more (21 in 36).
        assert_eq!(
            odds(&["Flank"], None, 0),
            Some(Ok(vec![("No effect", Chance::new(15, 36)), ("A Retreat", Chance::new(21, 36))]))
        );
        // Two Charging Leaders' Morale Value added back (11.3b): raw + 0, a Retreat on 10 or more.
        assert_eq!(
            odds(&[], Some("Meredith"), 2),
            Some(Ok(vec![("No effect", Chance::new(29, 36)), ("A Retreat", Chance::new(6, 36))]))
        );
        assert_eq!(morale_check(&g, &[], &[], None, 0), None, "no unit named, no odds");
    }
}
