//! A gun section's move, limbering and disengage (6.6, 6.5.8.b), with the accident roll of a
//! disengaging gun.

use super::{
    AccidentGround, Intent, Mode, Plan, Roll, RollKind, RollWhen, Standing, allowance_lines, inches, out_of_range,
};
use johnny_reb::rules::movement::{GunMove, Manoeuvre, MoveRequest, Mover, allowance, disengage_gun};
use johnny_reb::rules::settings::RulesSettings;
use johnny_reb::rules::tables::t12_saving_rolls::AreaCover;
use johnny_reb::rules::unit::GunWeight;
use johnny_reb::rules::{Cell, Overrides, Ratio, RuleResult};

fn accident_save(ground: AccidentGround, o: &Overrides) -> RuleResult<u8> {
    let cover = match ground {
        AccidentGround::Open => return Ok(0),
        AccidentGround::LightWoods => AreaCover::LightWoods,
        AccidentGround::HeavyWoods => AreaCover::HeavyWoods,
    };
    let shipped = match cover.save() {
        Cell::Printed(v) => Cell::Printed(Ratio::whole(u32::from(v))),
        Cell::RuleText { value, rule } => Cell::RuleText { value: Ratio::whole(u32::from(value)), rule },
        Cell::Missing => Cell::Missing,
    };
    Ok(o.resolve(&cover.cell(), shipped)?
        .map(|s| u8::try_from(s.value.numer() / s.value.denom().max(1)).unwrap_or(6))
        .unwrap_or(0))
}

/// A gun section's move, limbering or disengage.
pub(super) fn guns_plan(
    weight: GunWeight,
    limbered: bool,
    i: &Intent,
    o: &Overrides,
    settings: &RulesSettings,
) -> RuleResult<Plan> {
    let rulings = &settings.movement;
    match i.mode {
        Mode::Charge => Err(out_of_range("guns do not charge (5)")),
        Mode::FormationChange => {
            let after = Standing::Guns { limbered: !limbered, lost: false };
            let line = if limbered {
                "It unlimbers without moving: no cost (Table 3; Formation Change, 6.6.1.a)."
            } else {
                "It limbers without moving (Formation Change, 6.6.1.a)."
            };
            Ok(Plan::settled(vec![line.into()], Ratio::ZERO, after, if limbered { "unlimbers" } else { "limbers" }))
        }
        Mode::Disengage => {
            if !limbered {
                return Err(out_of_range("only limbered guns disengage (6.5.8.b): limber it first"));
            }
            let d = disengage_gun(weight, i.ground, o, rulings)?;
            let save = accident_save(i.accident_ground, o)?;
            let lines = vec![
                format!(
                    "It must move its full limbered distance to the rear, {}, plus a bonus of up to {} if it wishes (6.5.8.b, Table 4).",
                    inches(settings, d.must_move.value),
                    inches(settings, d.bonus_up_to.value)
                ),
                "Fire on it is halved while it disengages (6.5.8.b).".into(),
            ];
            let roll = Roll {
                kind: RollKind::Accident,
                when: RollWhen::Always,
                target: i16::from(save) + 1,
                why: "the ground's saving roll plus one (6.5.8.b)",
            };
            let after = Standing::Guns { limbered: true, lost: false };
            Ok(Plan::settled(lines, settings.table_inches(d.reach()), after, "disengages")
                .with_roll(Some(roll), Standing::Guns { limbered: true, lost: true }))
        }
        Mode::Move => {
            let mut manoeuvres = Vec::new();
            if i.gun_move == GunMove::HandPush && limbered {
                return Err(out_of_range("a gun pushed by hand is unlimbered (6.6.3): unlimber it first"));
            }
            if i.gun_move == GunMove::Limbered && !limbered {
                manoeuvres.push(Manoeuvre::Limber);
            }
            let unlimber = i.gun_move == GunMove::Limbered && i.unlimber_at_end;
            if unlimber {
                manoeuvres.push(Manoeuvre::Unlimber);
            }
            let request =
                MoveRequest { mover: Mover::Gun { weight, how: i.gun_move }, ground: i.ground, bmp: None, manoeuvres };
            let a = allowance(&request, o, rulings)?;
            let mut lines = allowance_lines(&a, settings);
            if unlimber {
                lines.push("Unlimbering at the end costs nothing (Table 3).".into());
            }
            if i.gun_move == GunMove::Prolonge {
                lines.push(
                    "By prolonge it fires as moving artillery, just before moving or in Phase Seven (6.6.2).".into(),
                );
            }
            let limbered_after = match i.gun_move {
                GunMove::Limbered => !unlimber,
                _ => limbered,
            };
            let after = Standing::Guns { limbered: limbered_after, lost: false };
            Ok(Plan {
                greater: a.with_disorder_roll.map(|g| settings.table_inches(g)),
                ..Plan::settled(lines, settings.table_inches(a.without_disorder), after, "moves")
            })
        }
    }
}
