//! Cavalry charge variations (5.5.5): mounted cavalry charging infantry or artillery
//! (5.5.5.a), cavalry against cavalry (5.5.5.b), and the optional charge through woods
//! (Appendix F.13).

use super::impact::ImpactWinner;
use super::{ChargeRulings, Happened, Side};
use crate::rules::fire::{table10_kills, table10_row};
use crate::rules::unit::{Arm, MoraleLevel};
use crate::rules::{Chance, Die, Distribution, Overrides, Ratio, RuleError, RuleResult};
use serde::{Deserialize, Serialize};

/// Whether the defender's Table 18 modifiers are doubled (5.5.5.a, Table 18 note 2): mounted
/// cavalry charging infantry, dismounted cavalry or artillery. (The morale engine's
/// fear-of-charge and impact MMPs apply it; this is the same test for display.)
///
/// ```
/// use johnny_reb::rules::charge::cavalry::doubles_defender_modifiers;
/// use johnny_reb::rules::unit::Arm;
/// assert!(doubles_defender_modifiers(Arm::Cavalry { mounted: true }, Arm::Infantry));
/// assert!(!doubles_defender_modifiers(Arm::Cavalry { mounted: true }, Arm::Cavalry { mounted: true }));
/// ```
pub fn doubles_defender_modifiers(charger: Arm, defender: Arm) -> bool {
    charger == (Arm::Cavalry { mounted: true }) && (defender.is_foot() || defender == Arm::Artillery)
}

/// The defender's Table 18 modifiers to its BMP, fear-of-charge or impact, with the doubling of
/// 5.5.5.a when it applies: `own` is the sum of the modifiers of the defender's own situation
/// (its formation, cover, flank, stands lost, shaken, bayonets...), `attacker_formation` the
/// attacking formation's column (fear of charge only; zero at impact). Both are doubled
/// ("double all modifiers on Table 18"), as the morale engine does.
///
/// ```
/// use johnny_reb::rules::charge::cavalry::defender_table18_modifiers;
/// // 5.5.5.a: skirmishers (+6) behind cover (-1) charged by cavalry: +12 - 2 = +10.
/// assert_eq!(defender_table18_modifiers(6 - 1, 0, true), 10);
/// ```
pub fn defender_table18_modifiers(own: i32, attacker_formation: i32, doubled: bool) -> i32 {
    if doubled {
        own.saturating_add(attacker_formation).saturating_mul(2)
    } else {
        own.saturating_add(attacker_formation)
    }
}

/// The defender's answer to charging cavalry after its fear-of-charge check, which it takes
/// as soon as the enemy is in sight (5.5.5.b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CavalryDefence {
    /// It failed: shaken and in disorder, it waits for the blow.
    ShakenWaits,
    /// It passed and, marked Hold or Move forward, countercharges at once; in disorder if it
    /// must wheel or turn more than 45 degrees to face the attacker.
    Countercharges {
        /// The countercharge is delivered in disorder.
        in_disorder: bool,
    },
    /// It passed but may not countercharge (not on Hold or Move forward), or chose not to.
    Stands,
}

/// The defender's answer in cavalry against cavalry (5.5.5.b). `passed` is the fear-of-charge
/// check's outcome; `may_countercharge` whether it is marked Hold or Move forward and
/// chooses to; `must_turn_over_45` whether it must wheel or turn more than 45 degrees.
///
/// ```
/// use johnny_reb::rules::charge::cavalry::{cavalry_defence, CavalryDefence};
/// assert_eq!(cavalry_defence(false, true, false), CavalryDefence::ShakenWaits);
/// assert_eq!(cavalry_defence(true, true, true), CavalryDefence::Countercharges { in_disorder: true });
/// ```
pub fn cavalry_defence(passed: bool, may_countercharge: bool, must_turn_over_45: bool) -> CavalryDefence {
    match (passed, may_countercharge) {
        (false, _) => CavalryDefence::ShakenWaits,
        (true, true) => CavalryDefence::Countercharges { in_disorder: must_turn_over_45 },
        (true, false) => CavalryDefence::Stands,
    }
}

/// Who strikes first in a melee between mounted cavalry (5.5.5.b.2): the winner of the impact
/// inflicts its kills first; the loser removes them and checks morale, and strikes back only
/// if not routed (a routed loser surrenders). `None` on a tied impact: RULINGS.md rules that
/// the melee is then simultaneous as in 5.8.2.
///
/// ```
/// use johnny_reb::rules::charge::cavalry::first_to_strike;
/// use johnny_reb::rules::charge::impact::ImpactWinner;
/// use johnny_reb::rules::charge::Side;
/// assert_eq!(first_to_strike(ImpactWinner::Won(Side::Defender)), Some(Side::Defender));
/// ```
pub fn first_to_strike(impact: ImpactWinner) -> Option<Side> {
    match impact {
        ImpactWinner::Won(side) => Some(side),
        ImpactWinner::Tie => None,
    }
}

/// A cavalry unit's lot after both sides have struck and checked morale (5.5.5.b.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CavalryAftermath {
    /// Good morale: it passes through the enemy in disorder to the full extent of its total
    /// charge move, and repeats impact and melee against any other enemy it contacts.
    PassesThrough,
    /// Shaken: it stands in place, in disorder.
    StandsInDisorder,
    /// Routed: it surrenders and is removed from the table.
    Surrenders,
}

/// The lot of a cavalry unit after the cavalry melee (5.5.5.b.3); `None` (removed by its
/// checks) surrenders too.
///
/// ```
/// use johnny_reb::rules::charge::cavalry::{cavalry_aftermath, CavalryAftermath};
/// use johnny_reb::rules::unit::MoraleLevel;
/// assert_eq!(cavalry_aftermath(Some(MoraleLevel::Good)), CavalryAftermath::PassesThrough);
/// ```
pub fn cavalry_aftermath(morale: Option<MoraleLevel>) -> CavalryAftermath {
    match morale {
        Some(MoraleLevel::Good) => CavalryAftermath::PassesThrough,
        Some(MoraleLevel::Shaken) => CavalryAftermath::StandsInDisorder,
        Some(MoraleLevel::Routed) | None => CavalryAftermath::Surrenders,
    }
}

/// The aftermath in words.
pub fn describe_aftermath(side: Side, aftermath: CavalryAftermath) -> Happened {
    let who = match side {
        Side::Charger => "The charging cavalry",
        Side::Defender => "The defending cavalry",
    };
    let text = match aftermath {
        CavalryAftermath::PassesThrough => {
            format!(
                "{who} has good morale: it passes through the enemy in disorder to the full extent of its total charge move."
            )
        }
        CavalryAftermath::StandsInDisorder => format!("{who} is shaken: it stands in place, in disorder."),
        CavalryAftermath::Surrenders => format!("{who} is routed: it surrenders and is removed from the table."),
    };
    Happened::new("5.5.5.b", text)
}

/// Woods a mounted charge goes through (Appendix F.13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Woods {
    /// Light woods: half the Table 10 result, rounded down.
    Light,
    /// Heavy woods: the Table 10 result.
    Heavy,
}

/// Figures lost to the trees in a cavalry charge through woods (Appendix F.13, optional): the
/// mounted figures in the charge are the Table 10 strength row; one die plus the unit's BMP is
/// the column; the result is the figures lost in heavy woods, half of it (rounded down) in
/// light woods. Permanent kills, checked for morale like any other. With the optional rule off
/// ([`ChargeRulings::cavalry_charge_through_woods`]) nothing is lost.
///
/// ```
/// use johnny_reb::rules::charge::cavalry::{charge_through_woods, Woods};
/// use johnny_reb::rules::charge::ChargeRulings;
/// use johnny_reb::rules::{Die, Overrides};
/// let on = ChargeRulings { cavalry_charge_through_woods: true, ..ChargeRulings::default() };
/// // 100 mounted figures, BMP 3, a 4: Table 10 "100+", roll 7: 10 figures; half in light woods.
/// let lost = charge_through_woods(100, 3, Die::new(4).unwrap(), Woods::Light, &on, &Overrides::new()).unwrap();
/// assert_eq!(lost.0, 5);
/// ```
pub fn charge_through_woods(
    mounted_figures: u32,
    bmp: i32,
    roll: Die,
    woods: Woods,
    rulings: &ChargeRulings,
    overrides: &Overrides,
) -> RuleResult<(u32, Vec<Happened>)> {
    if !rulings.cavalry_charge_through_woods {
        return Ok((
            0,
            vec![Happened::new("F.13", "The optional rule for cavalry charging through woods is not in use.")],
        ));
    }
    let column = i32::from(roll.face()).saturating_add(bmp);
    let column = u8::try_from(column).ok().filter(|c| (2..=12).contains(c)).ok_or(RuleError::OutOfRange {
        what: "cavalry charge through woods",
        detail: format!("one die ({}) plus BMP {bmp} is {column}, off Table 10's columns 2 to 12", roll.face()),
    })?;
    let row = match table10_row(Ratio::whole(mounted_figures), 0, overrides)? {
        Some(row) => row,
        None => return Ok((0, vec![Happened::new("F.13", "No Table 10 row for so few figures: none lost.")])),
    };
    let result = table10_kills(row, column, overrides)?.value.min(mounted_figures);
    let lost = match woods {
        Woods::Heavy => result,
        Woods::Light => result / 2,
    };
    Ok((
        lost,
        vec![Happened::new(
            "F.13",
            format!(
                "Charge through {} woods: Table 10 row {}, column {} (die {} + BMP {bmp}) gives {result}; {lost} figure(s) lost to the trees.",
                match woods {
                    Woods::Heavy => "heavy",
                    Woods::Light => "light",
                },
                crate::rules::tables::t10_combat_results::row_label(row),
                column,
                roll.face()
            ),
        )],
    ))
}

/// The distribution of figures lost to the trees (Appendix F.13) before the die is rolled.
///
/// ```
/// use johnny_reb::rules::charge::cavalry::{charge_through_woods_odds, Woods};
/// use johnny_reb::rules::charge::ChargeRulings;
/// use johnny_reb::rules::{Chance, Overrides};
/// let on = ChargeRulings { cavalry_charge_through_woods: true, ..ChargeRulings::default() };
/// let d = charge_through_woods_odds(100, 3, Woods::Heavy, &on, &Overrides::new()).unwrap();
/// assert_eq!(d.total(), Chance::ALWAYS);
/// ```
pub fn charge_through_woods_odds(
    mounted_figures: u32,
    bmp: i32,
    woods: Woods,
    rulings: &ChargeRulings,
    overrides: &Overrides,
) -> RuleResult<Distribution<u32>> {
    let mut items = Vec::new();
    for face in Die::FACES {
        items.push((charge_through_woods(mounted_figures, bmp, face, woods, rulings, overrides)?.0, Chance::new(1, 6)));
    }
    Ok(Distribution::from_weighted(items))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_5_5_5_a_doubled_modifiers() {
        // "if infantry is behind cover, the morale benefit would be -2; if skirmishing, the
        // shock penalty would be +12; if charged-on-flank, it would be +12."
        assert_eq!(defender_table18_modifiers(-1, 0, true), -2);
        assert_eq!(defender_table18_modifiers(6, 0, true), 12);
        assert_eq!(defender_table18_modifiers(6, 0, false), 6);
        assert_eq!(defender_table18_modifiers(0, -3, true), -6);
        // the morale engine agrees: an average line behind cover charged by cavalry in line
        use crate::rules::morale::{
            ChargeSituation, Charger, Cover, MoraleRulings, MoraleSituation, MoraleUnit, fear_of_charge_mmp,
        };
        use crate::rules::unit::{Formation, Quality};
        let b = MoraleUnit::regiment(Arm::Infantry, Quality::Average);
        let s = ChargeSituation {
            general: MoraleSituation { cover: Cover::Cover, ..Default::default() },
            formation: Formation::Skirmish,
            ..Default::default()
        };
        let a = Charger { arm: Arm::Cavalry { mounted: true }, formation: Formation::Line };
        // the mounted rows of Table 18 are the players' entries; say the card's line row is 0
        let mut o = Overrides::new();
        o.set(
            crate::rules::CellRef::new("Table 18", "Mounted Cavalry Line", "Attacker's formation"),
            crate::rules::Entered::Value(crate::rules::Ratio::ZERO),
        );
        let m = fear_of_charge_mmp(&b, &s, MoraleLevel::Good, &a, &o, &MoraleRulings::default()).unwrap();
        assert_eq!(m.value, 3 + defender_table18_modifiers(6 - 1, 0, true));
    }

    #[test]
    fn rule_5_5_5_a_who_is_doubled() {
        let cav = Arm::Cavalry { mounted: true };
        assert!(doubles_defender_modifiers(cav, Arm::Artillery));
        assert!(doubles_defender_modifiers(cav, Arm::Cavalry { mounted: false }));
        assert!(!doubles_defender_modifiers(Arm::Infantry, Arm::Infantry));
        assert!(!doubles_defender_modifiers(Arm::Cavalry { mounted: false }, Arm::Infantry));
        assert!(!doubles_defender_modifiers(Arm::MountedInfantry { mounted: true }, Arm::Infantry));
    }

    #[test]
    fn appendix_f_13_charge_through_woods() {
        let off = ChargeRulings::default();
        assert_eq!(
            charge_through_woods(100, 3, Die::new(4).unwrap(), Woods::Heavy, &off, &Overrides::new()).unwrap().0,
            0
        );
        let on = ChargeRulings { cavalry_charge_through_woods: true, ..off };
        // 100+ row, column 4 + 3 = 7: 10 kills in heavy woods, 5 in light.
        assert_eq!(
            charge_through_woods(100, 3, Die::new(4).unwrap(), Woods::Heavy, &on, &Overrides::new()).unwrap().0,
            10
        );
        assert_eq!(
            charge_through_woods(100, 3, Die::new(4).unwrap(), Woods::Light, &on, &Overrides::new()).unwrap().0,
            5
        );
        // column 9 + ... off the table is an error
        assert!(charge_through_woods(100, 8, Die::new(6).unwrap(), Woods::Heavy, &on, &Overrides::new()).is_err());
        // a row the transcription lacks is asked for
        assert!(matches!(
            charge_through_woods(12, 3, Die::new(4).unwrap(), Woods::Heavy, &on, &Overrides::new()),
            Err(RuleError::Missing(_))
        ));
    }

    #[test]
    fn rule_5_5_5_b_procedure() {
        assert_eq!(cavalry_defence(true, false, false), CavalryDefence::Stands);
        assert_eq!(first_to_strike(ImpactWinner::Won(Side::Charger)), Some(Side::Charger));
        assert_eq!(first_to_strike(ImpactWinner::Tie), None);
        assert_eq!(cavalry_aftermath(Some(MoraleLevel::Shaken)), CavalryAftermath::StandsInDisorder);
        assert_eq!(cavalry_aftermath(None), CavalryAftermath::Surrenders);
    }
}
