//! A regiment's move, charge or disengage worked out before any die (6.2-6.8, 5.3.1, 6.5.8.a,
//! 2.1.1): Table 3's allowance with its costs, a split move (6.3.3), mounting and dismounting
//! (6.7.2), and how it stands after.

use super::formation::formation_change_plan;
use super::{
    Direction, Facts, Intent, Mode, MountChange, MovesAs, Plan, RollKind, RollWhen, Standing, allowance_lines,
    disorder_roll, inches, out_of_range, rate_words, source_words,
};
use johnny_reb::rules::movement::{
    DisorderCheck, Manoeuvre, MoveRequest, Mover, allowance, disengage_regiment, front_to_flank, horseholders_needed,
    split_move,
};
use johnny_reb::rules::settings::RulesSettings;
use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel};
use johnny_reb::rules::{Overrides, RuleResult};

fn moving_arm(arm: Arm, mount: MountChange) -> Arm {
    let flip = |mounted: bool| match arm {
        Arm::Cavalry { .. } => Arm::Cavalry { mounted },
        Arm::MountedInfantry { .. } => Arm::MountedInfantry { mounted },
        a => a,
    };
    match mount {
        MountChange::AtStart => flip(!arm.is_mounted()),
        _ => arm,
    }
}

/// How a regiment stands now: arm, formation, stands, morale, prone.
pub(super) type RegimentNow = (Arm, Formation, u8, MoraleLevel, bool);

/// A regiment's move, charge or disengage.
pub(super) fn regiment_plan(
    facts: &Facts,
    i: &Intent,
    now: RegimentNow,
    o: &Overrides,
    settings: &RulesSettings,
) -> RuleResult<Plan> {
    let (arm, formation, stands, morale, prone) = now;
    let routed = morale == MoraleLevel::Routed;
    let rulings = &settings.movement;
    match i.mode {
        Mode::Disengage => {
            if routed {
                return Err(out_of_range("a routed unit makes its rout move, not a disengage (2.1.1)"));
            }
            let d = disengage_regiment(arm, i.ground, o, rulings)?;
            let lines = vec![
                format!(
                    "It must move the full disorder distance, {} ({}), away from the enemy, plus a bonus of up to {} if it wishes (6.5.8.a, Table 4).",
                    inches(settings, d.must_move.value),
                    source_words(&d.must_move.source),
                    inches(settings, d.bonus_up_to.value)
                ),
                "It ends in disorder, facing away from the enemy; it may not fire nor fight back in melee; fire on it is halved; charged, it counts as charged on the rear (6.5.8.a).".into(),
            ];
            let after = Standing::Regiment { formation: Formation::Disorder, mounted: arm.is_mounted(), prone: false };
            Ok(Plan::settled(lines, settings.table_inches(d.reach()), after, "disengages"))
        }
        Mode::FormationChange => formation_change_plan(facts, i, now, o, settings),
        Mode::Move | Mode::Charge => {
            let charge = i.mode == Mode::Charge;
            if charge && routed {
                return Err(out_of_range("a routed unit cannot charge (2.1.2)"));
            }
            let mount = if charge || routed { MountChange::Stays } else { i.mount };
            if mount != MountChange::Stays && !matches!(arm, Arm::Cavalry { .. } | Arm::MountedInfantry { .. }) {
                return Err(out_of_range("only cavalry or mounted infantry mount and dismount (6.7.2)"));
            }
            let move_arm = moving_arm(arm, mount);
            let direction = if charge || routed { Direction::Forward } else { i.direction };
            let moving = match (mount, direction) {
                (MountChange::AtStart, _) => i.new_formation,
                (_, Direction::FrontToFlankFirst) => front_to_flank(formation)?,
                _ => match i.moves_as {
                    MovesAs::Skirmish if !charge => Formation::Skirmish,
                    MovesAs::ExtendedLine if !charge && formation == Formation::Line => Formation::ExtendedLine,
                    _ => formation,
                },
            };
            let mut manoeuvres = Vec::new();
            if prone {
                manoeuvres.push(Manoeuvre::StandUp);
            }
            manoeuvres.extend(direction.manoeuvre());
            let at_start = mount == MountChange::AtStart;
            match (mount, arm.is_mounted()) {
                (MountChange::Stays, _) => {}
                (_, true) => manoeuvres.push(Manoeuvre::Dismount { at_start }),
                (_, false) => manoeuvres.push(Manoeuvre::Mount { at_start }),
            }
            if i.rushes && !charge {
                manoeuvres.push(Manoeuvre::Rushes);
            }
            let mover = Mover::Regiment { arm: move_arm, formation: moving, routed, stands };
            let request = MoveRequest { mover, ground: i.ground, bmp: facts.bmp, manoeuvres };
            let split = match i.split {
                Some(second)
                    if !charge && !routed && direction == Direction::Forward && request.manoeuvres.is_empty() =>
                {
                    Some(second)
                }
                _ => None,
            };
            let (mut lines, first, greater, check, in_disorder) = match split {
                Some(second) => {
                    let s = split_move(mover, i.ground, second, o, rulings)?;
                    let mut lines = vec!["Split move: half the move at each rate, each half wholly in its ground, no inches carried over (6.3.3).".to_string()];
                    for (half, a) in [("First half", &s.first), ("Second half", &s.second)] {
                        let greater = a
                            .with_disorder_roll
                            .map(|g| format!(", or up to {} with the disorder roll", inches(settings, g)))
                            .unwrap_or_default();
                        lines.push(format!(
                            "{half}: {}: {} ({}), halved: up to {}{greater}.",
                            a.cell,
                            rate_words(&a.rate.value),
                            source_words(&a.rate.source),
                            inches(settings, a.without_disorder)
                        ));
                    }
                    let first =
                        johnny_reb::rules::movement::total_inches(s.first.without_disorder, s.second.without_disorder);
                    let greater = match (s.first.with_disorder_roll, s.second.with_disorder_roll) {
                        (None, None) => None,
                        (a, b) => Some(johnny_reb::rules::movement::total_inches(
                            a.unwrap_or(s.first.without_disorder),
                            b.unwrap_or(s.second.without_disorder),
                        )),
                    };
                    let check = if greater.is_some() { DisorderCheck::IfBeyondFirst } else { DisorderCheck::Never };
                    (lines, first, greater, check, s.first.moves_in_disorder || s.second.moves_in_disorder)
                }
                None => {
                    let a = allowance(&request, o, rulings)?;
                    (
                        allowance_lines(&a, settings),
                        a.without_disorder,
                        a.with_disorder_roll,
                        a.disorder_check,
                        a.moves_in_disorder,
                    )
                }
            };
            if mount != MountChange::Stays && arm.is_mounted() && horseholders_needed(stands) {
                lines.push("One stand stays behind as the horseholders (6.7.2.b).".into());
            }
            if i.officer {
                lines.push("An officer who helps with the roll moves at half his rate this turn, unless he stays with this unit all turn (6.9).".into());
            }
            let final_formation = if in_disorder || routed {
                Formation::Disorder
            } else {
                match (mount, direction) {
                    (MountChange::AtStart | MountChange::AtEnd, _) => i.new_formation,
                    (_, Direction::FrontToFlankLast) => front_to_flank(moving)?,
                    _ => moving,
                }
            };
            let mounted_after = arm.is_mounted() != (mount != MountChange::Stays);
            let after = Standing::Regiment { formation: final_formation, mounted: mounted_after, prone: false };
            let when = match check {
                DisorderCheck::Never => RollWhen::Never,
                DisorderCheck::IfBeyondFirst => RollWhen::IfGreater,
                DisorderCheck::Always => RollWhen::Always,
            };
            let roll = if when == RollWhen::Never || in_disorder || routed {
                None
            } else {
                Some(disorder_roll(facts, move_arm, i.officer, when, RollKind::Disorder)?)
            };
            if charge {
                lines.insert(0, "The charge's normal move: the Table 3 distance for its formation and the ground, with the disorder roll if the greater distance is taken (5.3.1).".into());
            }
            // A charge's disorder falls at its yellow marker, in the charge itself (5.3): only
            // standing up is recorded here.
            let charging = Standing::Regiment { formation, mounted: arm.is_mounted(), prone: false };
            Ok(Plan {
                lines,
                first: settings.table_inches(first),
                greater: greater.map(|g| settings.table_inches(g)),
                roll,
                after: if charge { charging } else { after },
                after_fail: if charge { charging } else { after.disordered() },
                verb: if charge {
                    "charges"
                } else if routed {
                    "routs"
                } else {
                    "moves"
                },
                charge_normal: charge.then_some((first, greater)),
            })
        }
    }
}
