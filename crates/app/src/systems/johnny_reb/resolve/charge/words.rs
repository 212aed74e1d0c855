//! The charge in words for the screens: plain functions, tested natively.

use super::Sides;
use johnny_reb::rules::charge::cavalry::CavalryAftermath;
use johnny_reb::rules::charge::{Charge, Need, Outcome, Side, show_inches};
use johnny_reb::rules::unit::{MoraleLevel, OrderKind};

/// A morale level in words.
pub fn level(l: MoraleLevel) -> &'static str {
    match l {
        MoraleLevel::Good => "good",
        MoraleLevel::Shaken => "shaken",
        MoraleLevel::Routed => "routed",
    }
}

/// An order in words, with its counter.
pub fn order(o: Option<OrderKind>) -> String {
    match o {
        None => "no order (routed)".into(),
        Some(o) => format!("{} ({})", o.label(), o.code()),
    }
}

/// What a step still needs, when an input lacked it.
pub fn still_needs(need: &Need) -> String {
    match need {
        Need::DisorderRoll { must_beat } => {
            format!("The greater distance needs its disorder roll: one die, higher than {must_beat} (6.2).")
        }
        Need::OfficerEffectDie(_) => "The officer is hit: roll one die for the effect (Table 20).".into(),
        other => format!("This step still needs its input ({other:?})."),
    }
}

/// How a charge ended, in a few words.
pub fn outcome_short(o: Outcome) -> &'static str {
    match o {
        Outcome::FellShort => "fell short",
        Outcome::HaltedShort => "halted short",
        Outcome::NoContact => "no contact",
        Outcome::ChargerStopped(Some(MoraleLevel::Shaken)) => "charger shaken by fire",
        Outcome::ChargerStopped(Some(MoraleLevel::Routed)) => "charger routed by fire",
        Outcome::ChargerStopped(_) => "charger destroyed",
        Outcome::DefenderRemoved => "defender removed",
        Outcome::DefenderRouted => "defender routed",
        Outcome::DefenderSurrendered => "defender surrendered",
        Outcome::DefenderDrivenBack => "defender driven back",
        Outcome::ChargerRepulsed => "charger thrown back",
        Outcome::GunsTaken => "guns taken",
        Outcome::MeleeSurrender(Side::Charger) => "charger surrendered in melee",
        Outcome::MeleeSurrender(Side::Defender) => "defender surrendered in melee",
        Outcome::MeleeBothRout => "both routed in melee",
        Outcome::Cavalry { .. } => "cavalry melee over",
    }
}

/// The result in one sentence, with its rules.
pub fn outcome_headline(o: Outcome, s: &Sides) -> String {
    let (a, d) = (&s.charger, &s.defender);
    match o {
        Outcome::FellShort => format!("{a}'s charge falls short of {d}: it ends at its total charge distance (5.3.4)."),
        Outcome::HaltedShort => format!("{a}'s charge halts short of {d}: no impact (5.7)."),
        Outcome::NoContact => format!("{a} and {d} do not meet: both halt where their moves end (5.3.5)."),
        Outcome::ChargerStopped(Some(MoraleLevel::Shaken)) => {
            format!("{a} is shaken by the defensive fire: its charge halts (5.4.3).")
        }
        Outcome::ChargerStopped(Some(MoraleLevel::Routed)) => {
            format!(
                "{a} is routed by the defensive fire: it makes its forced rout move from where it was fired on (5.4.3, 2.1.2)."
            )
        }
        Outcome::ChargerStopped(_) => format!("{a} is destroyed by the defensive fire (5.4.3)."),
        Outcome::DefenderRemoved => format!("{d} breaks and is removed from play (5.5.4, 2.3.5.d)."),
        Outcome::DefenderRouted => format!("{d} routs out of reach; {a} completes its charge move (5.5.4, 5.7.4)."),
        Outcome::DefenderSurrendered => format!("{d} routs, is caught by the charge and surrenders (5.5.4, 5.7.4)."),
        Outcome::DefenderDrivenBack => format!("{a} wins the impact: {d} retires shaken and in disorder (5.7.3.b)."),
        Outcome::ChargerRepulsed => format!("{d} wins the impact: {a} falls back shaken and in disorder (5.7.3.a)."),
        Outcome::GunsTaken => format!("The crew of {d} flees: {a} takes the guns (5.7)."),
        Outcome::MeleeSurrender(Side::Charger) => format!("{a} routs in the melee and surrenders to {d} (5.8.2)."),
        Outcome::MeleeSurrender(Side::Defender) => format!("{d} routs in the melee and surrenders to {a} (5.8.2)."),
        Outcome::MeleeBothRout => format!(
            "{a} and {d} both rout in the same round: both make the forced rout move away from each other (5.8.2)."
        ),
        Outcome::Cavalry { charger, defender } => {
            format!("Cavalry melee over (5.5.5.b): {a} {}; {d} {}.", aftermath(charger), aftermath(defender))
        }
    }
}

fn aftermath(a: CavalryAftermath) -> &'static str {
    match a {
        CavalryAftermath::PassesThrough => "passes through in disorder to its full charge distance",
        CavalryAftermath::StandsInDisorder => "stands in place, shaken and in disorder",
        CavalryAftermath::Surrenders => "surrenders and is removed",
    }
}

/// Whether a unit routed or surrendered in this charge, so that friendly units seeing it check
/// morale (2.2; 5.5.4, 5.8.2): the charging unit, the charged one.
pub fn routs_seen(c: &Charge) -> (bool, bool) {
    let Some(o) = c.outcome else { return (false, false) };
    let charger = matches!(
        o,
        Outcome::ChargerStopped(Some(MoraleLevel::Routed))
            | Outcome::MeleeSurrender(Side::Charger)
            | Outcome::MeleeBothRout
    ) || matches!(o, Outcome::Cavalry { charger: CavalryAftermath::Surrenders, .. });
    let defender = matches!(
        o,
        Outcome::DefenderRemoved
            | Outcome::DefenderRouted
            | Outcome::DefenderSurrendered
            | Outcome::MeleeSurrender(Side::Defender)
            | Outcome::MeleeBothRout
    ) || matches!(o, Outcome::Cavalry { defender: CavalryAftermath::Surrenders, .. });
    (charger, defender)
}

/// The state of the charge in one line: both units, the distance and the pipe cleaners.
pub fn state_line(c: &Charge, s: &Sides) -> String {
    let mut line = format!(
        "{}: {} figures, {}{} · {}: {} figures, {}{}, {} · {} apart",
        s.charger,
        c.charger_figures,
        level(c.charger_morale),
        if c.charger_disordered_at_contact() && c.impact.is_some() { ", in disorder" } else { "" },
        s.defender,
        c.defender_figures,
        level(c.defender_morale),
        if c.defender_disordered { ", in disorder" } else { "" },
        order(c.setup.defender.order),
        show_inches(c.distance),
    );
    if let Some(m) = &c.marks {
        line.push_str(&format!(" · red pipe cleaner (total) {}", show_inches(m.total)));
        if let Some(d) = m.disorder_at {
            line.push_str(&format!(", yellow (disorder) {}", show_inches(d)));
        }
    }
    if c.melee_round > 0 && c.outcome.is_none() {
        line.push_str(&format!(" · melee round {}", c.melee_round));
    }
    line
}

/// The step waiting, as the heading of its screen: "Table 16 step 3a: Determine normal move;
/// roll for disorder (5.3.1)."
pub fn step_heading(c: &Charge) -> String {
    let extra = match c.stage {
        johnny_reb::rules::charge::Stage::DefenderRoutMove => {
            Some("The routed defender's forced rout move (5.5.4, 2.1.2).")
        }
        johnny_reb::rules::charge::Stage::CavalrySighting => {
            Some("Cavalry charging cavalry: the defender checks fear of charge on sighting it (5.5.5.b).")
        }
        johnny_reb::rules::charge::Stage::CavalryStrike { .. } => {
            Some("Cavalry melee: the winner of the impact strikes first (5.5.5.b.2).")
        }
        _ => None,
    };
    match (c.table16_step(), extra) {
        (_, Some(e)) => e.to_string(),
        (Some(step), None) => format!("{}: {}", step.citation(), step.text),
        (None, None) => "The charge is over.".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use johnny_reb::rules::charge::sequence::{ChargeSetup, ChargedUnit, ChargingUnit};
    use johnny_reb::rules::unit::Quality;

    fn charge() -> Charge {
        let charger =
            ChargingUnit { quality: Quality::Elite, figures: 15, stands: 5, bmp: 2, ..ChargingUnit::example() };
        let defender = ChargedUnit { figures: 14, ..ChargedUnit::example(OrderKind::Hold) };
        Charge::declare(ChargeSetup { charger, defender, ..ChargeSetup::example(6, OrderKind::Hold) }).unwrap()
    }

    #[test]
    fn rule_5_table_16_the_step_and_the_state_in_words() {
        let c = charge();
        let s = super::super::lookup_sides(None);
        assert_eq!(step_heading(&c), "Table 16 step 2: Move charged units marked D or FM (5.2).");
        assert_eq!(
            state_line(&c, &s),
            "The charging unit: 15 figures, good · The charged unit: 14 figures, good, Hold (H) · 6\" apart"
        );
        assert_eq!(
            outcome_headline(Outcome::MeleeSurrender(Side::Defender), &s),
            "The charged unit routs in the melee and surrenders to The charging unit (5.8.2)."
        );
        assert_eq!(routs_seen(&c), (false, false));
    }
}
