//! Which command runs in which step of the battle (10.1), and where each is carried out.

use crate::dice::Dice;
use crate::game::{Command, Report, Step, refuse};
use crate::state::{Battle, Phase, Stage};
use crate::{ending, insight, lee, setup, union_turn};

/// Refuses a command outside its step.
pub(crate) fn at(g: &Battle, stages: &[Stage], what: &str) -> Step {
    if g.phase == Phase::BattleTurns && stages.contains(&g.stage) {
        return Ok(());
    }
    let now = if g.phase == Phase::BattleTurns { g.stage.label() } else { "outside the Battle Turns" };
    Err(refuse(format!("{what} belongs to {}; the battle is at {now}", stages_words(stages))))
}

fn stages_words(stages: &[Stage]) -> String {
    stages.iter().map(|s| s.label()).collect::<Vec<_>>().join(" or ")
}

/// Refuses a set-up command once the battle has begun.
pub(crate) fn before_battle(g: &Battle, what: &str) -> Step {
    if g.phase == Phase::PreBattle { Ok(()) } else { Err(refuse(format!("{what} is done before the battle (10.2)"))) }
}

/// Carries out one battle command.
pub(crate) fn step(g: &mut Battle, command: &Command, dice: &mut Dice, r: &mut Report) -> Step {
    use Command::*;
    match command {
        RenameGame { .. } | Roll { .. } | Campaign(_) | SheetBattle { .. } | SheetResult(_) | SheetFog { .. } => {
            Err(refuse("handled by the game"))
        }
        AddForce { counter, region, formation } => setup::add_force(g, counter, *region, *formation, r),
        EnterCounter { force, counter } => setup::enter_counter(g, *force, counter, r),
        RemoveForce { force } => setup::remove_force(g, *force, r),
        PlaceForce { force, region, formation } => setup::place_force(g, *force, *region, *formation, r),
        SetFogTable(table) => {
            before_battle(g, "Choosing the Fog of War table")?;
            if !g.fog_rolls.is_empty() {
                return Err(refuse("Fog of War is rolled: the table is chosen before the roll (10.2.1)"));
            }
            g.fog_table = *table;
            r.say(format!("The {table:?} Fog of War table (7.14, 10.2.1)"));
            Ok(())
        }
        EnterHardRow9(row) => {
            crate::prebattle::check_hard_row_9(*row)?;
            g.hard_row_9 = Some(*row);
            r.say(format!("Hard Fog of War row 9 entered: {} Battle Turns (10.2.7)", row.turns));
            Ok(())
        }
        SetLedger { scouts, confederate_cp, union_cp } => {
            before_battle(g, "Setting the Scouts and Command Points")?;
            g.scouts = *scouts;
            g.confederate_cp = *confederate_cp;
            g.union_cp = *union_cp;
            r.say(format!(
                "{scouts} Scouts; Command Points: {confederate_cp} Confederate, {union_cp} Union (4.9, 4.10)"
            ));
            Ok(())
        }
        RollFogOfWar { roll } => setup::roll_fog(g, *roll, r),
        ResolveFogEvent { choice, pick, .. } => setup::resolve_fog_event(g, *choice, *pick, dice, r),
        FogForceUnavailable => setup::fog_force_unavailable(g, r),
        EnvelopmentCheck => setup::envelopment_check(g, r),
        SetQuantities { inputs, insights, lee_rating } => setup::set_quantities(g, inputs, insights, *lee_rating, r),
        ScoutRemovesPlan { plan } => setup::scout_removes_plan(g, *plan, r),
        SetScreenForces { cavalry, infantry } => setup::set_screen_forces(g, *cavalry, *infantry, r),
        ScreenedApproach { cavalry } => setup::screened_approach(g, *cavalry, r),
        PlaceUnion { order } => setup::place_union(g, order, r),
        SetWithdrawalTable(table) => {
            g.withdrawal_table = Some(table.clone());
            r.say(format!("Withdrawal table entered: {} (14.8)", table.campaign));
            Ok(())
        }
        StartBattle => setup::start_battle(g, r),
        Duration { longer } => insight::duration(g, *longer, r),
        Entrench { force } => insight::entrench(g, *force, r),
        ActivateInsight { insight, target, tie, .. } => insight::activate(g, *insight, *target, dice, *tie, r),
        RerollInsight { tie, .. } => insight::reroll(g, dice, *tie, r),
        PlacePlan { force, plan, .. } => lee::place_plan(g, *force, *plan, dice, r),
        NextStep => ending::next_step(g, r),
        DetermineTactics { .. } => union_turn::determine_tactics(g, dice, r),
        DrawSpecialPlan { plan, pick, tie, .. } => union_turn::draw(g, *plan, *pick, dice, *tie, r),
        ChargeActivations { .. } => crate::charge::activations(g, dice, r),
        ChargeAttack { force, tie, .. } => crate::charge::failed_attack(g, *force, dice, *tie, r),
        ChargeShock { force, tie, .. } => crate::charge::shock(g, *force, dice, *tie, r),
        UnionAct { force, tie, .. } => union_turn::union_act(g, *force, dice, *tie, r),
        ConfederateAct { force, order, tie, .. } => lee::act(g, *force, order, dice, *tie, r),
        UseFormationPlan { changes } => lee::use_formation_plan(g, changes, r),
        ClearOrders { forces } => lee::clear_orders(g, forces, r),
        Hit { force } => crate::hits::by_hand(g, *force, r),
        RoutCheck => ending::rout_check(g, r),
        EndTurn => ending::end_turn(g, r),
        Withdraw { .. } => ending::withdraw(g, dice, r),
        ReplaceCapturedGun { index, counter } => ending::replace_captured_gun(g, *index, counter.as_ref(), r),
    }
}
