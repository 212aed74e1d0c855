//! Table 11: kills scored multiplied by the target's formation and by flank fire, then rounded
//! down (4.2.5, 6.5.8, 6.8.1, 6.8.2.f).

use crate::rules::tables::t11_fire_multipliers::Table11Row;
use crate::rules::unit::{Arm, Formation};
use crate::rules::{Overrides, Ratio, RuleError, RuleResult, Source, Sourced};
use serde::{Deserialize, Serialize};

/// Flank fire on the target (4.2.5.a-c, 4.3.4.b).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Flank {
    /// Half or less of the firer outside the target's 45 degree arcs.
    #[default]
    None,
    /// The majority of the firer outside them.
    Partial,
    /// The entire firer outside them, or within both the frontal and the rearward arc.
    Full,
}

/// The target as Table 11 sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireTarget {
    /// Infantry, cavalry (mounted or not) or a gun section.
    pub arm: Arm,
    /// Its formation at the moment of fire (4.4.3.a: judged then).
    pub formation: Formation,
    /// Marked Disengage (even before it moves, 4.2.5 example) or routed.
    pub disengaging_or_routed: bool,
    /// Flank fire.
    pub flank: Flank,
}

/// Kills after Table 11.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModifiedKills {
    /// Kills scored on Table 10.
    pub scored: u32,
    /// The product of the multipliers used.
    pub multiplier: Ratio,
    /// Each multiplier and its source.
    pub steps: Vec<(String, Sourced<Ratio>)>,
    /// Kills after the multipliers, rounded down.
    pub kills: u32,
}

fn row(r: Table11Row, overrides: &Overrides) -> RuleResult<Sourced<Ratio>> {
    match overrides.resolve(&r.cell(), r.shipped())? {
        Some(s) => Ok(s),
        None => Ok(Sourced { value: Ratio::ONE, source: Source::Entered }),
    }
}

/// Applies Table 11 to the kills scored: the formation's multiplier and the flank multiplier,
/// multiplied together, then rounded down (4.2.5). Disengaging and routed units take x1/2 and
/// never the disorder or flank multipliers; an attack column takes x2 from all fire instead of
/// any flank multiplier (6.8.1). Gun sections have no formation row: flank fire only (4.3.4.b);
/// a limbered gun marked D takes half (6.5.8.b).
///
/// ```
/// use johnny_reb::rules::Overrides;
/// use johnny_reb::rules::fire::{modify_kills, Flank, FireTarget};
/// use johnny_reb::rules::unit::{Arm, Formation};
/// // 4.2.5: three kills on infantry in disorder: 4.5, rounded down to four.
/// let target = FireTarget { arm: Arm::Infantry, formation: Formation::Disorder, disengaging_or_routed: false, flank: Flank::None };
/// assert_eq!(modify_kills(3, &target, &Overrides::new()).unwrap().kills, 4);
/// ```
pub fn modify_kills(scored: u32, target: &FireTarget, overrides: &Overrides) -> RuleResult<ModifiedKills> {
    use Formation::*;
    let mut steps: Vec<(String, Sourced<Ratio>)> = Vec::new();
    let mut push = |r: Table11Row, overrides: &Overrides| -> RuleResult<()> {
        steps.push((r.label().to_string(), row(r, overrides)?));
        Ok(())
    };
    let mut flank_allowed = true;
    if target.disengaging_or_routed {
        let r = if target.arm == Arm::Artillery {
            Table11Row::LimberedDisengaging
        } else {
            Table11Row::DisengagingOrRouted
        };
        push(r, overrides)?;
        flank_allowed = false;
    } else if target.arm == Arm::Artillery {
        // No formation row for gun sections.
    } else if target.arm.is_mounted() {
        let r = match target.formation {
            Line => Table11Row::MountedLine,
            MarchColumn => Table11Row::MountedColumn,
            Skirmish => Table11Row::MountedSkirmish,
            Disorder => Table11Row::MountedDisorder,
            f => return Err(bad_formation(f)),
        };
        push(r, overrides)?;
    } else {
        let r = match target.formation {
            Line => Table11Row::Line,
            MarchColumn => Table11Row::MarchColumn,
            Skirmish => Table11Row::Skirmish,
            Disorder => Table11Row::Disorder,
            AttackColumn => {
                flank_allowed = false;
                Table11Row::AttackColumn
            }
            // 6.8.2.f: the lead regiment's kills, flank judged on it; see brigade_column_kills.
            BrigadeColumn => Table11Row::Line,
            ExtendedLine => Table11Row::ExtendedLine,
            f => return Err(bad_formation(f)),
        };
        push(r, overrides)?;
    }
    if flank_allowed {
        match target.flank {
            Flank::None => {}
            Flank::Partial => push(Table11Row::PartialFlank, overrides)?,
            Flank::Full => push(Table11Row::FullFlank, overrides)?,
        }
    }
    let multiplier = steps.iter().fold(Ratio::ONE, |acc, (_, s)| acc.mul(s.value));
    Ok(ModifiedKills { scored, multiplier, steps, kills: multiplier.of_floor(scored) })
}

fn bad_formation(f: Formation) -> RuleError {
    RuleError::OutOfRange { what: "target formation", detail: format!("Table 11 has no row for {}", f.label()) }
}

/// Kills on each regiment of a brigade column (6.8.2.f), lead regiment first, from the kills
/// on the lead regiment after Table 11: shot puts the same on every regiment; canister and
/// small arms put it on the first two and half (rounded down) on the rest. Under flank fire
/// every regiment takes the lead regiment's kills.
///
/// ```
/// use johnny_reb::rules::fire::brigade_column_kills;
/// // 6.8.2.f: "if a defending regiment scored eight kills ... the first two regiments suffer
/// // eight each, while all the rest suffer four each".
/// assert_eq!(brigade_column_kills(8, 4, false, false), vec![8, 8, 4, 4]);
/// assert_eq!(brigade_column_kills(5, 3, true, false), vec![5, 5, 5]);
/// ```
pub fn brigade_column_kills(lead_kills: u32, regiments: usize, shot: bool, flank_fire: bool) -> Vec<u32> {
    (0..regiments.min(64))
        .map(|i| if shot || flank_fire || i < 2 { lead_kills } else { Ratio::HALF.of_floor(lead_kills) })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{CellRef, Entered};
    use proptest::prelude::*;

    fn target(formation: Formation, flank: Flank) -> FireTarget {
        FireTarget { arm: Arm::Infantry, formation, disengaging_or_routed: false, flank }
    }

    #[test]
    fn rule_4_2_5_three_kills_in_disorder_become_four() {
        let k = modify_kills(3, &target(Formation::Disorder, Flank::None), &Overrides::new()).unwrap();
        assert_eq!((k.multiplier, k.kills), (Ratio::ONE_AND_HALF, 4));
    }

    #[test]
    fn rule_6_8_4_full_flank_doubles_and_6_8_2_f_brigade_column() {
        assert_eq!(modify_kills(3, &target(Formation::Line, Flank::Full), &Overrides::new()).unwrap().kills, 6);
        // "if a brigade column received full flank fire that caused two casualties, there would
        // be four casualties on each regiment."
        let lead = modify_kills(2, &target(Formation::BrigadeColumn, Flank::Full), &Overrides::new()).unwrap().kills;
        assert_eq!(brigade_column_kills(lead, 3, false, true), vec![4, 4, 4]);
        assert_eq!(brigade_column_kills(8, 5, false, false), vec![8, 8, 4, 4, 4]);
    }

    #[test]
    fn rule_4_2_5_disengaging_negates_flank_and_attack_column_ignores_it() {
        let d = FireTarget { disengaging_or_routed: true, ..target(Formation::Disorder, Flank::Full) };
        assert_eq!(modify_kills(5, &d, &Overrides::new()).unwrap().kills, 2);
        assert_eq!(modify_kills(3, &target(Formation::AttackColumn, Flank::Full), &Overrides::new()).unwrap().kills, 6);
    }

    #[test]
    fn partial_flank_is_asked_for() {
        let t = target(Formation::Line, Flank::Partial);
        assert_eq!(
            modify_kills(3, &t, &Overrides::new()),
            Err(RuleError::Missing(CellRef::new("Table 11", "Partial Flank", "multiplier")))
        );
        let mut o = Overrides::new();
        o.set(CellRef::new("Table 11", "Partial Flank", "multiplier"), Entered::Value(Ratio::ONE_AND_HALF));
        assert_eq!(modify_kills(3, &t, &o).unwrap().kills, 4);
    }

    proptest! {
        #[test]
        fn kills_never_negative_and_at_most_triple(scored in 0u32..100, f in 0usize..7, flank in 0usize..2, d: bool) {
            let formations = [Formation::Line, Formation::MarchColumn, Formation::Skirmish, Formation::Disorder, Formation::AttackColumn, Formation::BrigadeColumn, Formation::ExtendedLine];
            let flanks = [Flank::None, Flank::Full];
            let t = FireTarget { arm: Arm::Infantry, formation: formations[f], disengaging_or_routed: d, flank: flanks[flank] };
            let k = modify_kills(scored, &t, &Overrides::new()).unwrap();
            prop_assert!(k.kills <= scored * 3);
        }
    }
}
