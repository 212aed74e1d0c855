//! A regiment's formation change in place (6.4.1, 6.4.2.a, 6.4.4), mounting or dismounting
//! without moving (6.7.2).

use super::regiment::RegimentNow;
use super::{
    Facts, Intent, MountChange, Plan, RollKind, RollWhen, Standing, disorder_roll, inches, out_of_range, source_words,
};
use johnny_reb::rules::movement::formation_change_reach;
use johnny_reb::rules::settings::RulesSettings;
use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel};
use johnny_reb::rules::{Overrides, RuleResult};

/// A formation change in place.
pub(super) fn formation_change_plan(
    facts: &Facts,
    i: &Intent,
    now: RegimentNow,
    o: &Overrides,
    settings: &RulesSettings,
) -> RuleResult<Plan> {
    let (arm, formation, _, morale, prone) = now;
    if morale == MoraleLevel::Routed {
        return Err(out_of_range("a routed unit cannot change formation: it must rally first (6.4.2.a)"));
    }
    let to = i.new_formation;
    let mounted_after = arm.is_mounted() != (i.mount != MountChange::Stays);
    let reach = formation_change_reach(arm.is_mounted() && mounted_after, i.ground, o, &settings.movement)?;
    let mut lines = vec![format!(
        "One stand stays in place (it may pivot); every other stand moves at most {}, the skirmish rate in this ground, centre to centre ({}; 6.4.1).",
        inches(settings, reach.value),
        source_words(&reach.source)
    )];
    if i.mount != MountChange::Stays {
        if !matches!(arm, Arm::Cavalry { .. } | Arm::MountedInfantry { .. }) {
            return Err(out_of_range("only cavalry or mounted infantry mount and dismount (6.7.2)"));
        }
        lines.push(format!(
            "It {} without moving, with the free formation change that goes with it (6.7.2).",
            if arm.is_mounted() { "dismounts" } else { "mounts" }
        ));
    }
    if prone {
        lines.push("It stands up from lying prone (6.8.5).".into());
    }
    let after = Standing::Regiment { formation: to, mounted: mounted_after, prone: false };
    let roll = if formation == Formation::Skirmish && to != Formation::Skirmish {
        lines.push("Reforming from skirmish order: one die must be higher than the BMP, or the regiment goes into disorder (6.4.4).".into());
        Some(disorder_roll(facts, arm, i.officer, RollWhen::Always, RollKind::Reform)?)
    } else {
        if formation == Formation::Disorder {
            lines.push("Reforming from disorder: a unit of good or shaken morale with a Formation Change order takes its new formation (6.4.2.a).".into());
        }
        None
    };
    Ok(Plan::settled(lines, settings.table_inches(reach.value), after, "changes formation")
        .with_roll(roll, after.disordered()))
}
