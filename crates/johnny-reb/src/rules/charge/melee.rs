//! Melee (5.8): the melee strength of each side from Table 19, the kills from Table 10, and
//! the rounds, fought until a side routs or surrenders.

use super::{Happened, Side};
use crate::rules::fire::{CombatResult, Table10Roll, combat_result};
use crate::rules::tables::t19_melee_modifiers::{self as t19, FormationRow, Versus};
use crate::rules::unit::{Arm, Formation, MoraleLevel, Quality};
use crate::rules::{CellRef, Chance, Distribution, Overrides, Ratio, RuleError, RuleResult, Source, TwoDice};
use serde::{Deserialize, Serialize};

/// One side of a melee, as Table 19 needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeleeUnit {
    /// Infantry, cavalry (mounted or not), mounted infantry, or artillery crew.
    pub arm: Arm,
    /// Its formation. From the second round both sides count as in disorder (5.8.2).
    pub formation: Formation,
    /// Troop quality (Table 19: elite up 1, green/tired down 1, militia/poor down 2).
    pub quality: Quality,
    /// Shaken units fight at x1/2 (Table 19).
    pub morale: MoraleLevel,
    /// The figures that count this round: in the first round those of the stands within 2" of
    /// the point of contact, afterwards all (5.8.2).
    pub figures: u32,
    /// The row shift of an officer used for a melee strength modifier (0 to 3; Table 19
    /// "up 1, 2, 3"). Such an officer must then roll for casualty (5.8.2, rule 8).
    pub officer_shift: u8,
    /// A defending unit marked Disengage never fights back in a melee (5.8.2).
    pub disengaging: bool,
}

/// A side's melee strength: the strength for Table 10 and the row shifts to apply to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeleeStrength {
    /// Figures times the formation multiplier, halved if shaken (rounded as Table 10's rows
    /// are found: the row at or below, 4.2.2).
    pub strength: Ratio,
    /// Row shifts on Table 10: quality and officer (up positive).
    pub row_shift: i32,
    /// Where the formation multiplier came from.
    pub formation_source: Source,
    /// How the strength was found, in words.
    pub happened: Vec<Happened>,
}

/// The Table 19 formation row for a unit, as the card names it (5.8.2, 5.7.1.b).
fn formation_row(arm: Arm, formation: Formation, round: u32) -> RuleResult<FormationRow> {
    // From the second round every unit counts as in disorder (5.8.2).
    let formation = if round >= 2 { Formation::Disorder } else { formation };
    if arm.is_mounted() {
        let label = match formation {
            Formation::Line | Formation::ExtendedLine => "Mounted Cavalry Line",
            Formation::MarchColumn | Formation::AttackColumn | Formation::BrigadeColumn => "Mounted Cavalry Column",
            Formation::Skirmish => "Mounted Cavalry Skirmish",
            Formation::Disorder => "Mounted Cavalry Disorder",
            Formation::Limbered | Formation::Unlimbered => {
                return Err(RuleError::OutOfRange {
                    what: "mounted formation",
                    detail: "mounted cavalry is in line, column, skirmish or disorder (0.1.2.b)".to_string(),
                });
            }
        };
        return t19::MOUNTED_ROWS
            .iter()
            .copied()
            .find(|r| r.label == label)
            .ok_or(RuleError::OutOfRange { what: "Table 19 row", detail: label.to_string() });
    }
    // Artillery crews melee as if in skirmish formation (5.7.1.b).
    let label = match (arm, formation) {
        (Arm::Artillery, Formation::Disorder) => "Disorder",
        (Arm::Artillery, _) => "Skirmish",
        (_, f) => match f {
            Formation::Limbered | Formation::Unlimbered => {
                return Err(RuleError::OutOfRange {
                    what: "formation",
                    detail: "limbered or unlimbered is a formation of guns, not of foot".to_string(),
                });
            }
            other => other.label(),
        },
    };
    t19::FOOT_ROWS
        .iter()
        .copied()
        .find(|r| r.label == label)
        .ok_or(RuleError::OutOfRange { what: "Table 19 row", detail: label.to_string() })
}

fn quality_shift(q: Quality) -> i32 {
    let label = match q {
        Quality::Elite => "Elite",
        Quality::Average => "Average",
        Quality::GreenOrTired => "Green/Tired",
        Quality::MilitiaOrPoor => "Militia/Poor",
    };
    t19::QUALITY_SHIFTS.iter().find(|(l, _)| *l == label).map(|(_, s)| *s).unwrap_or(0)
}

/// The melee strength of `unit` against `enemy` in melee round `round` (1 is the first)
/// (5.8.2, Table 19): its figures times the formation multiplier vs. foot or vs. mounted,
/// x1/2 if shaken, with the quality and officer row shifts. A unit marked Disengage has no
/// strength (it never fights back). A missing Table 19 cell (the mounted rows) is looked up in
/// `overrides` first.
///
/// ```
/// use johnny_reb::rules::charge::melee::{melee_strength, MeleeUnit};
/// use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, Quality};
/// use johnny_reb::rules::{Overrides, Ratio};
/// // 5.8.2: infantry in march column meleeing with mounted cavalry counts x1/2.
/// let column = MeleeUnit { arm: Arm::Infantry, formation: Formation::MarchColumn, quality: Quality::Average,
///     morale: MoraleLevel::Good, figures: 12, officer_shift: 0, disengaging: false };
/// let s = melee_strength(&column, Arm::Cavalry { mounted: true }, 1, &Overrides::new()).unwrap();
/// assert_eq!(s.strength, Ratio::whole(6));
/// ```
pub fn melee_strength(unit: &MeleeUnit, enemy: Arm, round: u32, overrides: &Overrides) -> RuleResult<MeleeStrength> {
    if round == 0 {
        return Err(RuleError::OutOfRange { what: "melee round", detail: "rounds count from 1".to_string() });
    }
    if unit.figures > 500 {
        return Err(RuleError::OutOfRange { what: "melee figures", detail: format!("{} figures", unit.figures) });
    }
    if unit.officer_shift > 3 {
        return Err(RuleError::OutOfRange {
            what: "officer melee benefit",
            detail: format!("Table 19 gives an officer up 1, 2 or 3, not {}", unit.officer_shift),
        });
    }
    let mut happened = Vec::new();
    if unit.disengaging {
        happened.push(Happened::new("5.8.2", "A defending unit marked Disengage never fights back in a melee."));
        return Ok(MeleeStrength { strength: Ratio::ZERO, row_shift: 0, formation_source: Source::Printed, happened });
    }
    let versus = if enemy.is_mounted() { Versus::Mounted } else { Versus::Foot };
    let row = formation_row(unit.arm, unit.formation, round)?;
    let cell = CellRef::new(t19::TABLE, row.label, versus.label());
    let multiplier = overrides.resolve(&cell, row.cell(versus))?.ok_or(RuleError::Missing(cell.clone()))?;
    let mut strength = Ratio::whole(unit.figures).mul(multiplier.value);
    happened.push(Happened::new(
        "5.8.2",
        format!(
            "{} figures, {} {} x{} ({}): {}.",
            unit.figures,
            row.label,
            versus.label(),
            multiplier.value,
            multiplier.source,
            strength
        ),
    ));
    if unit.morale == MoraleLevel::Shaken {
        let shaken = t19::SHAKEN.value().copied().unwrap_or(Ratio::HALF);
        strength = strength.mul(shaken);
        happened.push(Happened::new("Table 19", format!("Shaken morale x1/2: {strength}.")));
    }
    let q = quality_shift(unit.quality);
    let row_shift = q + i32::from(unit.officer_shift);
    if q != 0 {
        happened.push(Happened::new(
            "Table 19",
            format!("{}: {} {} row(s).", unit.quality.label(), if q > 0 { "up" } else { "down" }, q.abs()),
        ));
    }
    if unit.officer_shift > 0 {
        happened.push(Happened::new(
            "5.8.2",
            format!(
                "Officer present: up {}; he must roll for casualty before morale is checked (rule 8).",
                unit.officer_shift
            ),
        ));
    }
    Ok(MeleeStrength { strength, row_shift, formation_source: multiplier.source, happened })
}

/// The kills one side scores in a melee round (5.8.2): its melee strength cross-indexed with
/// two dice on Table 10 (out of ammunition or not, melee always rolls two dice), not modified
/// by Tables 11 or 12, and never more than the enemy's figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeleeKills {
    /// The Table 10 roll as read (row, kills and their source, a 12's unexpected devastation).
    pub table10: CombatResult,
    /// The kills the enemy removes.
    pub kills: u32,
    /// What happened, in words.
    pub happened: Vec<Happened>,
}

/// The kills from a melee strength and two dice (5.8.2, Table 10). `enemy_figures` caps them.
///
/// ```
/// use johnny_reb::rules::charge::melee::{melee_kills, melee_strength, MeleeUnit};
/// use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, Quality};
/// use johnny_reb::rules::{Overrides, TwoDice};
/// // 40 figures in line against foot: 120, the "100+" row; a 7 kills 10.
/// let line = MeleeUnit { arm: Arm::Infantry, formation: Formation::Line, quality: Quality::Average,
///     morale: MoraleLevel::Good, figures: 40, officer_shift: 0, disengaging: false };
/// let s = melee_strength(&line, Arm::Infantry, 1, &Overrides::new()).unwrap();
/// let k = melee_kills(&s, TwoDice::new(3, 4).unwrap(), 30, &Overrides::new()).unwrap();
/// assert_eq!(k.kills, 10);
/// ```
pub fn melee_kills(
    strength: &MeleeStrength,
    roll: TwoDice,
    enemy_figures: u32,
    overrides: &Overrides,
) -> RuleResult<MeleeKills> {
    let table10 = combat_result(strength.strength, strength.row_shift, Table10Roll::TwoDice(roll), overrides)?;
    let kills = table10.kills.min(enemy_figures);
    let mut happened = vec![Happened::new(
        "5.8.2",
        match table10.row {
            Some(row) => format!(
                "Table 10 row {}, roll {}: {} kill(s), not modified by Tables 11 or 12.",
                crate::rules::tables::t10_combat_results::row_label(row),
                table10.roll,
                table10.kills
            ),
            None => format!("No Table 10 row for a strength of {}: no kills.", strength.strength),
        },
    )];
    if kills < table10.kills {
        happened.push(Happened::new("5.8.2", format!("Only {enemy_figures} enemy figures are left to kill.")));
    }
    if table10.unexpected_devastation {
        happened
            .push(Happened::new("4.4.1.f", "A 12 on Table 10: the enemy checks morale for unexpected devastation."));
    }
    Ok(MeleeKills { table10, kills, happened })
}

/// The exact distribution of a side's melee kills before the roll (5.8.2, Table 10). A
/// missing Table 10 cell on any roll is asked for first.
///
/// ```
/// use johnny_reb::rules::charge::melee::{melee_kills_odds, melee_strength, MeleeUnit};
/// use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, Quality};
/// use johnny_reb::rules::{Chance, Overrides};
/// let line = MeleeUnit { arm: Arm::Infantry, formation: Formation::Line, quality: Quality::Average,
///     morale: MoraleLevel::Good, figures: 40, officer_shift: 0, disengaging: false };
/// let s = melee_strength(&line, Arm::Infantry, 1, &Overrides::new()).unwrap();
/// let d = melee_kills_odds(&s, 30, &Overrides::new()).unwrap();
/// assert_eq!(d.chance_that(|k| *k >= 12), Chance::new(10, 36));
/// ```
pub fn melee_kills_odds(
    strength: &MeleeStrength,
    enemy_figures: u32,
    overrides: &Overrides,
) -> RuleResult<Distribution<u32>> {
    let mut items = Vec::new();
    for roll in TwoDice::all() {
        items.push((melee_kills(strength, roll, enemy_figures, overrides)?.kills, Chance::new(1, 36)));
    }
    Ok(Distribution::from_weighted(items))
}

/// How one melee round ended for the morale of both sides (5.8.1, 5.8.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MeleeEnd {
    /// Neither routed: fight another round, both in disorder with all figures (5.8.2).
    Continues,
    /// This side routed: it surrenders to the other and is removed (5.8.2).
    Surrenders(Side),
    /// Both routed in the same round: both make the forced rout move directly away from each
    /// other (5.8.2).
    BothRout,
}

/// The end of a melee round from each side's morale after its checks (5.8.2). A side removed
/// by its checks counts as routed.
///
/// ```
/// use johnny_reb::rules::charge::melee::{melee_round_end, MeleeEnd};
/// use johnny_reb::rules::charge::Side;
/// use johnny_reb::rules::unit::MoraleLevel;
/// assert_eq!(melee_round_end(MoraleLevel::Shaken, MoraleLevel::Routed), MeleeEnd::Surrenders(Side::Defender));
/// ```
pub fn melee_round_end(charger: MoraleLevel, defender: MoraleLevel) -> MeleeEnd {
    match (charger == MoraleLevel::Routed, defender == MoraleLevel::Routed) {
        (true, true) => MeleeEnd::BothRout,
        (true, false) => MeleeEnd::Surrenders(Side::Charger),
        (false, true) => MeleeEnd::Surrenders(Side::Defender),
        (false, false) => MeleeEnd::Continues,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn unit(arm: Arm, formation: Formation, figures: u32) -> MeleeUnit {
        MeleeUnit {
            arm,
            formation,
            quality: Quality::Average,
            morale: MoraleLevel::Good,
            figures,
            officer_shift: 0,
            disengaging: false,
        }
    }

    #[test]
    fn rule_5_8_2_mounted_line_vs_infantry_x2() {
        let cav = unit(Arm::Cavalry { mounted: true }, Formation::Line, 8);
        let s = melee_strength(&cav, Arm::Infantry, 1, &Overrides::new()).unwrap();
        assert_eq!(s.strength, Ratio::whole(16));
        assert_eq!(s.formation_source, Source::RuleText("5.8.2".to_string()));
    }

    #[test]
    fn rule_5_8_2_march_column_vs_mounted_x_half() {
        let inf = unit(Arm::Infantry, Formation::MarchColumn, 9);
        let s = melee_strength(&inf, Arm::Cavalry { mounted: true }, 1, &Overrides::new()).unwrap();
        assert_eq!(s.strength, Ratio::new(9, 2).unwrap());
    }

    #[test]
    fn rule_5_8_2_later_rounds_are_in_disorder() {
        let inf = unit(Arm::Infantry, Formation::Line, 10);
        assert_eq!(melee_strength(&inf, Arm::Infantry, 1, &Overrides::new()).unwrap().strength, Ratio::whole(30));
        assert_eq!(melee_strength(&inf, Arm::Infantry, 2, &Overrides::new()).unwrap().strength, Ratio::whole(20));
    }

    #[test]
    fn rule_5_8_2_disengaging_never_fights_back() {
        let mut inf = unit(Arm::Infantry, Formation::Line, 10);
        inf.disengaging = true;
        assert_eq!(melee_strength(&inf, Arm::Infantry, 1, &Overrides::new()).unwrap().strength, Ratio::ZERO);
    }

    #[test]
    fn rule_5_7_1_b_artillery_melees_as_skirmishers() {
        let guns = unit(Arm::Artillery, Formation::Unlimbered, 4);
        assert_eq!(melee_strength(&guns, Arm::Infantry, 1, &Overrides::new()).unwrap().strength, Ratio::whole(4));
    }

    #[test]
    fn table_19_shaken_quality_and_officer() {
        let mut inf = unit(Arm::Infantry, Formation::Line, 10);
        inf.morale = MoraleLevel::Shaken;
        inf.quality = Quality::MilitiaOrPoor;
        inf.officer_shift = 1;
        let s = melee_strength(&inf, Arm::Infantry, 1, &Overrides::new()).unwrap();
        assert_eq!(s.strength, Ratio::whole(15));
        assert_eq!(s.row_shift, -1);
        inf.officer_shift = 4;
        assert!(melee_strength(&inf, Arm::Infantry, 1, &Overrides::new()).is_err());
    }

    #[test]
    fn missing_mounted_rows_ask_the_players() {
        let cav = unit(Arm::Cavalry { mounted: true }, Formation::Line, 8);
        let cell = CellRef::new("Table 19", "Mounted Cavalry Line", "Vs. Mounted");
        assert_eq!(
            melee_strength(&cav, Arm::Cavalry { mounted: true }, 1, &Overrides::new()),
            Err(RuleError::Missing(cell.clone()))
        );
        let mut o = Overrides::new();
        o.set(cell, crate::rules::Entered::Value(Ratio::whole(1)));
        assert_eq!(melee_strength(&cav, Arm::Cavalry { mounted: true }, 1, &o).unwrap().strength, Ratio::whole(8));
    }

    #[test]
    fn melee_ends() {
        assert_eq!(melee_round_end(MoraleLevel::Good, MoraleLevel::Shaken), MeleeEnd::Continues);
        assert_eq!(melee_round_end(MoraleLevel::Routed, MoraleLevel::Routed), MeleeEnd::BothRout);
        assert_eq!(melee_round_end(MoraleLevel::Routed, MoraleLevel::Good), MeleeEnd::Surrenders(Side::Charger));
    }

    #[test]
    fn melee_kills_from_table_10() {
        let line = unit(Arm::Infantry, Formation::Line, 40);
        let s = melee_strength(&line, Arm::Infantry, 1, &Overrides::new()).unwrap();
        let k = melee_kills(&s, TwoDice::new(6, 6).unwrap(), 30, &Overrides::new()).unwrap();
        assert_eq!(k.kills, 15);
        assert!(k.table10.unexpected_devastation);
        // capped at the enemy's figures
        let k = melee_kills(&s, TwoDice::new(6, 6).unwrap(), 4, &Overrides::new()).unwrap();
        assert_eq!(k.kills, 4);
        // a melee roll of 2 still scores (no ammunition needed)
        let k = melee_kills(&s, TwoDice::new(1, 1).unwrap(), 30, &Overrides::new()).unwrap();
        assert_eq!(k.kills, 5);
        // a row the transcription lacks is asked of the players
        let small = unit(Arm::Infantry, Formation::Line, 7);
        let s = melee_strength(&small, Arm::Infantry, 1, &Overrides::new()).unwrap();
        assert!(matches!(
            melee_kills(&s, TwoDice::new(3, 4).unwrap(), 30, &Overrides::new()),
            Err(RuleError::Missing(_))
        ));
        let d = melee_kills_odds(
            &melee_strength(&line, Arm::Infantry, 1, &Overrides::new()).unwrap(),
            30,
            &Overrides::new(),
        )
        .unwrap();
        assert_eq!(d.total(), Chance::ALWAYS);
    }

    proptest! {
        #[test]
        fn melee_kills_never_exceed_the_enemy(figs in 34u32..80, enemy in 0u32..40, a in 1u8..=6, b in 1u8..=6) {
            let s = melee_strength(&unit(Arm::Infantry, Formation::Line, figs), Arm::Infantry, 1, &Overrides::new()).unwrap();
            let k = melee_kills(&s, TwoDice::new(a, b).unwrap(), enemy, &Overrides::new()).unwrap();
            prop_assert!(k.kills <= enemy);
        }

        #[test]
        fn melee_strength_never_panics(f in 0u32..1000, form in 0usize..9, arm in 0usize..5, round in 0u32..5, shift in 0u8..6, enemy_mounted in any::<bool>()) {
            let formation = [Formation::Line, Formation::MarchColumn, Formation::Skirmish, Formation::Disorder,
                Formation::AttackColumn, Formation::BrigadeColumn, Formation::ExtendedLine, Formation::Limbered, Formation::Unlimbered][form];
            let arm = [Arm::Infantry, Arm::Cavalry { mounted: true }, Arm::Cavalry { mounted: false },
                Arm::MountedInfantry { mounted: true }, Arm::Artillery][arm];
            let mut u = unit(arm, formation, f);
            u.officer_shift = shift;
            let enemy = if enemy_mounted { Arm::Cavalry { mounted: true } } else { Arm::Infantry };
            if let Ok(s) = melee_strength(&u, enemy, round, &Overrides::new()) {
                // never more than three times the figures
                prop_assert!(crate::rules::charge::inches_ge(Ratio::whole(3 * f), s.strength));
            }
        }
    }
}
