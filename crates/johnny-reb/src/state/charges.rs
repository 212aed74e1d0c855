//! Charges kept in the game (5, Table 16): each declared from two roster units and advanced one
//! Table 16 step at a time through [`ChargeCommand`], one variant of
//! [`super::command::Command`], so that every step is logged and undoable and a charge in
//! progress survives a reload, a locked screen or a flat battery (it is part of the saved
//! game). The rules are the engine's ([`crate::rules::charge::Charge`]); this module only
//! keeps them, reads the roster for them, and says which ordinary commands record a finished
//! charge on the roster ([`super::command::charge_result`]).

use super::error::{CommandError, refused};
use super::game::Game;
use super::roster::{ChargePermission, Regiment};
use crate::rules::charge::cavalry::CavalryAftermath;
use crate::rules::charge::sequence::{ChargedUnit, ChargingUnit, Conditions, Input};
use crate::rules::charge::{Advance, Charge, Happened, Outcome, Side as ChargeSide, show_inches};
use crate::rules::morale::{ArtillerySituation, BmpTableKind, CheckReason, FireEffects, MoraleUnit, bmp};
use crate::rules::unit::{Arm, Formation, MoraleLevel, OrderKind};
use crate::rules::{Overrides, RuleResult};
use serde::{Deserialize, Serialize};

pub use super::charges_state::*;

/// Changes to the game's charges.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ChargeCommand {
    /// Declare a charge (Table 16 step 1): the charging regiment, the charged unit and the
    /// charge as declared by the rules engine ([`Charge::declare_with`], or a continuation).
    Declare {
        /// The charging regiment's id.
        charger: String,
        /// The charged regiment's or section's id.
        defender: String,
        /// The charge as declared.
        charge: Box<Charge>,
        /// The charge it continues, if any.
        follows: Option<String>,
        /// A charged gun section's situation (2.3.3).
        #[serde(default)]
        guns: Option<ArtillerySituation>,
    },
    /// Resolve the current step of a charge with its input (Table 16).
    Step {
        /// The charge's id.
        charge: String,
        /// The step's input.
        input: Box<Input>,
        /// The players' Tables Card entries the step may read (Appendix F.13's Table 10).
        entries: Overrides,
        /// What the players said of the units' situations at this step, kept for the steps
        /// after it (none: the charge keeps what it had).
        #[serde(default)]
        given: Option<Conditions>,
    },
    /// More units on one side than the other in the impact (5.7.2): a series of one-on-one
    /// impacts for the lone unit.
    UnequalImpact {
        /// The charge's id.
        charge: String,
        /// The side of the lone unit.
        lone: ChargeSide,
        /// The enemy units in contact with it.
        contacts: u32,
    },
    /// The charge's result was applied to the roster (written with the commands that apply
    /// it, so that it is undone with them).
    Applied {
        /// The charge's id.
        charge: String,
    },
    /// Forget a charge declared by mistake.
    Discard {
        /// The charge's id.
        charge: String,
    },
}

fn name_of(game: &Game, id: &str) -> String {
    super::tracker::unit_name(&game.roster, id)
}

fn said(happened: &[Happened]) -> String {
    happened.iter().map(|h| format!("{} ({})", h.text.trim_end_matches('.'), h.rule)).collect::<Vec<_>>().join("; ")
}

/// Applies a charge command; the log line on success.
pub fn execute(cmd: &ChargeCommand, game: &mut Game) -> Result<String, CommandError> {
    match cmd {
        ChargeCommand::Declare { charger, defender, charge, follows, guns } => {
            let r = game
                .roster
                .regiment(charger)
                .ok_or_else(|| refused("The charging unit is not a regiment of the roster."))?;
            if r.is_lost() {
                return Err(refused(format!("{} is no longer on the board.", r.name)));
            }
            let defender_side =
                game.roster.side_of(defender).ok_or_else(|| refused("The charged unit is not in the roster."))?;
            if game.roster.regiment(defender).is_none() && game.roster.section(defender).is_none() {
                return Err(refused("The charged unit must be a regiment or a gun section."));
            }
            if game.roster.side_of(charger) == Some(defender_side) {
                return Err(refused("A charge is made against an enemy unit (5.1.1)."));
            }
            if follows.is_none() {
                if r.charges.permission(game.turn) == ChargePermission::NotAllowed {
                    return Err(refused(format!(
                        "{} charged the last two turns: a unit may never charge three turns in a row (5.1.4).",
                        r.name
                    )));
                }
                if let Some(open) = game
                    .charges
                    .charges
                    .iter()
                    .find(|c| c.turn == game.turn && c.charger == *charger && c.charge.outcome.is_none())
                {
                    return Err(refused(format!(
                        "{}'s charge against {} is still being resolved.",
                        r.name,
                        name_of(game, &open.defender)
                    )));
                }
            } else if let Some(f) = follows
                && game.charges.get(f).is_none()
            {
                return Err(refused("The charge it continues is not in the game."));
            }
            let id = game.roster.fresh_id("charge-", &mut game.next_id);
            let text = format!(
                "{} charges {}, {} away (5.1){}",
                r.name,
                name_of(game, defender),
                show_inches(charge.setup.distance),
                if follows.is_some() { ", continuing the charge before it" } else { "" }
            );
            game.charges.charges.push(GameCharge {
                id,
                turn: game.turn,
                charger: charger.clone(),
                defender: defender.clone(),
                charge: (**charge).clone(),
                applied: false,
                follows: follows.clone(),
                guns: *guns,
            });
            Ok(text)
        }
        ChargeCommand::Step { charge, input, entries, given } => {
            let rulings = game.setup.rules.charges.clone();
            let names = game.charges.get(charge).map(|c| (name_of(game, &c.charger), name_of(game, &c.defender)));
            let gc = game
                .charges
                .charges
                .iter_mut()
                .find(|c| c.id == *charge)
                .ok_or_else(|| refused("No such charge in this game."))?;
            if gc.applied {
                return Err(refused("This charge's result is already applied to the game."));
            }
            let step = gc
                .charge
                .table16_step()
                .map(|s| format!("Table 16 step {}{}", s.number, s.letter.map(String::from).unwrap_or_default()));
            let conditions = given.unwrap_or(gc.charge.conditions);
            match gc.charge.advance_given((**input).clone(), conditions, &rulings, entries) {
                Ok(Advance::Next { charge: next, happened }) => {
                    gc.charge = *next;
                    let (a, b) = names.unwrap_or_default();
                    Ok(format!("{a} charging {b}, {}: {}", step.unwrap_or_else(|| "Table 16".into()), said(&happened)))
                }
                Ok(Advance::Waiting(need)) => Err(refused(format!("This step still needs more: {need:?}."))),
                Err(e) => Err(refused(e.to_string())),
            }
        }
        ChargeCommand::UnequalImpact { charge, lone, contacts } => {
            let gc = game
                .charges
                .charges
                .iter_mut()
                .find(|c| c.id == *charge)
                .ok_or_else(|| refused("No such charge in this game."))?;
            gc.charge = gc.charge.unequal_impact(*lone, *contacts).map_err(|e| refused(e.to_string()))?;
            Ok(format!("Unequal impact: {contacts} units in contact with the lone unit (5.7.2)"))
        }
        ChargeCommand::Applied { charge } => {
            let gc = game
                .charges
                .charges
                .iter_mut()
                .find(|c| c.id == *charge)
                .ok_or_else(|| refused("No such charge in this game."))?;
            if gc.charge.outcome.is_none() {
                return Err(refused("The charge is not over yet: its result cannot be applied."));
            }
            if gc.applied {
                return Err(refused("This charge's result is already applied to the game."));
            }
            gc.applied = true;
            // The kills just applied queued first-kill, stand-lost and crew-kill checks (4.4.1)
            // that the charge has already rolled (5.4.3, 5.8.2): they do not wait again.
            let units = [gc.charger.clone(), gc.defender.clone()];
            game.checks_due.retain(|c| {
                !(units.contains(&c.unit)
                    && matches!(c.reason, CheckReason::FirstKill | CheckReason::StandLost | CheckReason::CrewKill))
            });
            Ok("The charge's result is applied to the roster".to_string())
        }
        ChargeCommand::Discard { charge } => {
            let at = game
                .charges
                .charges
                .iter()
                .position(|c| c.id == *charge)
                .ok_or_else(|| refused("No such charge in this game."))?;
            if game.charges.charges.iter().any(|c| c.follows.as_deref() == Some(charge.as_str())) {
                return Err(refused("Another charge continues this one: discard that one first."));
            }
            let gc = game.charges.charges.remove(at);
            Ok(format!(
                "The charge of {} against {} is discarded",
                name_of(game, &gc.charger),
                name_of(game, &gc.defender)
            ))
        }
    }
}

// ---- what the roster knows ----

/// The best benefit of the officers with `unit` who give benefits this turn, and his id.
pub fn officer_with(game: &Game, unit: &str) -> Option<(String, u8)> {
    [&game.roster.union, &game.roster.confederate]
        .into_iter()
        .flat_map(|a| a.officers.iter())
        .filter(|o| o.with_unit.as_deref() == Some(unit) && o.condition.status().gives_benefits(game.turn))
        .max_by_key(|o| o.benefit)
        .map(|o| (o.id.clone(), o.benefit))
}

/// A unit's order in force this turn, once the orders are revealed (3, 3.2); `None` before the
/// reveal or when no order was recorded (the players then say it).
pub fn revealed_order(game: &Game, unit: &str) -> Option<OrderKind> {
    let t = game.orders_this_turn().filter(|t| t.revealed)?;
    t.order_of(unit).map(|o| o.in_force())
}

/// The objective of `unit`'s Charge order this turn, if one is recorded (3.1, 5.1.1).
pub fn charge_objective(game: &Game, unit: &str) -> Option<String> {
    let t = game.orders_this_turn()?;
    t.order_of(unit).filter(|o| o.kind == OrderKind::Charge).and_then(|o| o.objective.clone())
}

/// The charging regiment as the roster knows it (5.1): quality, arm, formation, morale,
/// figures and stands left, its Table 5 BMP, the officer with it, and which consecutive turn
/// of charging this is (5.1.4). What the roster cannot know (empty guns, the target off the
/// front) is left false for the players to set.
pub fn charging_unit(game: &Game, id: &str, overrides: &Overrides) -> RuleResult<Option<ChargingUnit>> {
    let Some(r) = game.roster.regiment(id) else { return Ok(None) };
    let rulings = &game.setup.rules.morale;
    let bmp = bmp(&MoraleUnit::regiment(r.arm, r.quality), BmpTableKind::NotCharged, overrides, rulings)?.value;
    Ok(Some(ChargingUnit {
        quality: r.quality,
        arm: r.arm,
        formation: r.formation,
        morale: r.morale,
        figures: r.figures_left(),
        stands: r.stands_left() as u32,
        bmp,
        officer_benefit: officer_with(game, id).map(|o| o.1).unwrap_or(0),
        empty_guns: false,
        consecutive_turn: match r.charges.permission(game.turn) {
            ChargePermission::Fresh => 1,
            ChargePermission::SecondTurn => 2,
            ChargePermission::NotAllowed => 3,
        },
        target_off_front: false,
    }))
}

/// The charged unit as the roster knows it: a regiment, or a gun section with its crew
/// (`crew_figures`, counted on the table, and the section's situation for Table 17). Its order
/// is the revealed one, or `order` when the players give it.
pub fn charged_unit(
    game: &Game,
    id: &str,
    order: Option<OrderKind>,
    crew_figures: u32,
    guns: ArtillerySituation,
    overrides: &Overrides,
) -> RuleResult<Option<ChargedUnit>> {
    let rulings = &game.setup.rules.morale;
    let order = revealed_order(game, id).or(order);
    let officer_benefit = officer_with(game, id).map(|o| o.1).unwrap_or(0);
    if let Some(r) = game.roster.regiment(id) {
        let table17_bmp =
            bmp(&MoraleUnit::regiment(r.arm, r.quality), BmpTableKind::Charged, overrides, rulings)?.value;
        return Ok(Some(ChargedUnit {
            quality: r.quality,
            arm: r.arm,
            formation: r.formation,
            morale: r.morale,
            figures: r.figures_left(),
            order: if r.morale == MoraleLevel::Routed { None } else { order },
            table17_bmp,
            officer_benefit,
        }));
    }
    let Some(s) = game.roster.section(id) else { return Ok(None) };
    let table17_bmp =
        bmp(&MoraleUnit::gun_section(s.crew_quality, guns), BmpTableKind::Charged, overrides, rulings)?.value;
    Ok(Some(ChargedUnit {
        quality: s.crew_quality,
        arm: Arm::Artillery,
        formation: if s.limbered { Formation::Limbered } else { Formation::Unlimbered },
        morale: s.morale,
        figures: crew_figures,
        order: if s.morale == MoraleLevel::Routed { None } else { order },
        table17_bmp,
        officer_benefit,
    }))
}

/// What `kills` more figures lost would do to a roster regiment that has already lost
/// `earlier` figures in this charge (4.4.1: its first kill, the stands emptied), for the morale
/// checks they call for.
pub fn kill_effects(r: &Regiment, earlier: u32, kills: u32) -> FireEffects {
    let mut before = r.clone();
    before.kills = before.kills.saturating_add(earlier);
    let mut after = before.clone();
    after.kills = after.kills.saturating_add(kills);
    FireEffects {
        figures_lost: kills,
        first_kill: kills > 0 && before.kills == 0,
        stands_lost: (after.stands_lost() - before.stands_lost()) as u32,
        ..FireEffects::default()
    }
}

/// Stands a roster regiment has lost once `earlier` more figures are killed (2.3.4.a, Table 18
/// "for each stand unit has lost").
pub fn stands_lost_after(r: &Regiment, earlier: u32) -> u32 {
    let mut after = r.clone();
    after.kills = after.kills.saturating_add(earlier);
    after.stands_lost() as u32
}

/// Whether the charging unit ends the charge in disorder: it lost the impact (5.7.3.a), fell
/// into disorder on the way in (its yellow marker, 5.3.1-5.3.2), or fought a melee (5.8.2).
pub fn charger_ends_in_disorder(c: &Charge, outcome: Outcome) -> bool {
    match outcome {
        Outcome::ChargerRepulsed | Outcome::MeleeBothRout | Outcome::MeleeSurrender(_) => true,
        Outcome::Cavalry { charger, .. } => charger != CavalryAftermath::Surrenders,
        Outcome::FellShort
        | Outcome::HaltedShort
        | Outcome::DefenderRouted
        | Outcome::DefenderSurrendered
        | Outcome::DefenderDrivenBack => {
            c.disordered_from_start || c.marks.as_ref().is_some_and(|m| m.disordered_at(m.total))
        }
        _ => c.charger_disordered_at_contact() && c.impact.is_some(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::charge::ChargeSetup;
    use crate::rules::charge::distance::BonusPath;
    use crate::rules::charge::sequence::{FireEffect, MoraleCheckInput, Objective, Waves};
    use crate::rules::unit::Terrain;
    use crate::rules::{Die, Ratio, TwoDice};
    use crate::state::command::charge_result;
    use crate::state::demo::demo_game;
    use crate::state::orders::{TurnOrders, UnitOrder};
    use crate::state::roster::{GunState, RegimentFlag, Side};
    use crate::state::units::UnitCommand;
    use crate::state::{command::Command, session::Session};

    fn d(f: u8) -> Die {
        Die::new(f).unwrap()
    }

    fn two(a: u8, b: u8) -> TwoDice {
        TwoDice::new(a, b).unwrap()
    }

    fn session() -> Session {
        let mut g = demo_game("g");
        g.orders.push(TurnOrders {
            turn: 1,
            orders: vec![
                UnitOrder {
                    unit: "r-2wi".into(),
                    side: Side::Union,
                    kind: OrderKind::Charge,
                    direction: None,
                    formation: None,
                    objective: Some("r-1tn".into()),
                    toward_enemy: true,
                    morale_when_marked: MoraleLevel::Good,
                    by_default: false,
                    conditional_hold: None,
                    group: None,
                    if_rallied: false,
                },
                UnitOrder {
                    unit: "r-1tn".into(),
                    side: Side::Confederate,
                    kind: OrderKind::Hold,
                    direction: None,
                    formation: None,
                    objective: None,
                    toward_enemy: false,
                    morale_when_marked: MoraleLevel::Good,
                    by_default: false,
                    conditional_hold: None,
                    group: None,
                    if_rallied: false,
                },
            ],
            marked: Side::BOTH.to_vec(),
            timer: None,
            revealed: true,
            charged: Vec::new(),
        });
        Session::new(g)
    }

    fn declare(s: &mut Session, distance: u32) -> String {
        let g = s.game();
        let o = Overrides::new();
        let charger = charging_unit(g, "r-2wi", &o).unwrap().unwrap();
        let defender = charged_unit(g, "r-1tn", None, 0, ArtillerySituation::SectionAlone, &o).unwrap().unwrap();
        assert_eq!(defender.order, Some(OrderKind::Hold), "the revealed order is read");
        let setup = ChargeSetup {
            objective: Objective::EnemyUnit,
            charger,
            defender,
            distance: Ratio::whole(distance),
            halting_point: None,
            waves: Waves::default(),
        };
        let charge = Charge::declare(setup).unwrap();
        let cmd = ChargeCommand::Declare {
            charger: "r-2wi".into(),
            defender: "r-1tn".into(),
            charge: Box::new(charge),
            follows: None,
            guns: None,
        };
        s.dispatch(&Command::Charge(cmd), 0.0).unwrap();
        s.game().charges.charges.last().unwrap().id.clone()
    }

    fn step(s: &mut Session, id: &str, input: Input) {
        let cmd =
            ChargeCommand::Step { charge: id.into(), input: Box::new(input), entries: Overrides::new(), given: None };
        s.dispatch(&Command::Charge(cmd), 0.0).unwrap();
    }

    /// The 2nd Wisconsin (15 figures, elite) charges the 1st Tennessee (14, average) from 5"
    /// and wins by breakthrough into a melee that the Tennesseans lose.
    fn to_the_end(s: &mut Session) -> String {
        let id = declare(s, 5);
        step(s, &id, Input::ChargedUnitStays);
        step(
            s,
            &id,
            Input::NormalMove {
                inches: Ratio::whole(5),
                greater_distance: false,
                disorder_roll: None,
                terrain: Terrain::Open,
                woods: None,
            },
        );
        step(s, &id, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: vec![d(2), d(2), d(2)] });
        step(s, &id, Input::Close);
        step(
            s,
            &id,
            Input::DefensiveFire(FireEffect { kills: 3, checks: vec![MoraleCheckInput { mmp: 2, roll: two(4, 4) }] }),
        );
        step(s, &id, Input::FearOfCharge(MoraleCheckInput { mmp: 3, roll: two(5, 5) }));
        step(s, &id, Input::DefensiveFire(FireEffect::default()));
        step(
            s,
            &id,
            Input::Impact { charger_mmp: 1, charger_roll: two(2, 2), defender_mmp: 3, defender_roll: two(4, 4) },
        );
        step(s, &id, Input::LossDie(d(5)));
        step(s, &id, Input::Retire(two(1, 2)));
        step(
            s,
            &id,
            Input::MeleeRound {
                charger_kills: 5,
                defender_kills: 2,
                charger_checks: vec![],
                defender_checks: vec![MoraleCheckInput { mmp: 9, roll: two(3, 3) }],
                officer_rolls: vec![],
            },
        );
        id
    }

    /// The cover the players give at the fear-of-charge step (5.5.2) is kept in the game's
    /// charge, through the steps that do not give it again, for the impact (5.7.1.a); a step
    /// saved before conditions were kept (no `given`) still reads.
    #[test]
    fn rule_5_7_1_a_cover_given_at_fear_of_charge_kept_in_the_game() {
        use crate::rules::morale::{ChargeSituation, Cover};
        let mut s = session();
        let id = declare(&mut s, 5);
        step(&mut s, &id, Input::ChargedUnitStays);
        step(
            &mut s,
            &id,
            Input::NormalMove {
                inches: Ratio::whole(5),
                greater_distance: false,
                disorder_roll: None,
                terrain: Terrain::Open,
                woods: None,
            },
        );
        step(&mut s, &id, Input::Bonus { path: BonusPath::all_in(Terrain::Open), dice: vec![d(2), d(2), d(2)] });
        step(&mut s, &id, Input::Close);
        step(&mut s, &id, Input::DefensiveFire(FireEffect::default()));
        let mut covered = ChargeSituation::default();
        covered.general.cover = Cover::Cover;
        let given = Conditions::default().with(ChargeSide::Defender, covered);
        let cmd = ChargeCommand::Step {
            charge: id.clone(),
            input: Box::new(Input::FearOfCharge(MoraleCheckInput { mmp: 2, roll: two(5, 5) })),
            entries: Overrides::new(),
            given: Some(given),
        };
        s.dispatch(&Command::Charge(cmd), 0.0).unwrap();
        step(&mut s, &id, Input::DefensiveFire(FireEffect::default()));
        let c = &s.game().charges.get(&id).unwrap().charge;
        assert_eq!(c.conditions.of(ChargeSide::Defender).general.cover, Cover::Cover);
        let old: ChargeCommand =
            serde_json::from_str(r#"{"Step":{"charge":"charge-1","input":"Close","entries":[]}}"#).unwrap();
        assert!(matches!(old, ChargeCommand::Step { given: None, .. }));
    }

    #[test]
    fn rule_5_charge_declared_stepped_applied_and_undone() {
        let mut s = session();
        let before = s.game().clone();
        let id = to_the_end(&mut s);
        let gc = s.game().charges.get(&id).unwrap().clone();
        assert_eq!(gc.charge.outcome, Some(Outcome::MeleeSurrender(ChargeSide::Defender)));
        // Every step is in the history with its rule.
        assert!(
            s.game().log.iter().any(|l| l.text.contains("2nd Wisconsin charging 1st Tennessee, Table 16 step 12")
                && l.text.contains("5.8.2"))
        );
        let cmds = charge_result(s.game(), &gc);
        let kills = |who: &str| {
            cmds.iter()
                .filter(|c| matches!(c, Command::Unit(UnitCommand::AddKill { regiment }) if regiment == who))
                .count()
        };
        assert_eq!((kills("r-2wi"), kills("r-1tn")), (5, 5));
        assert!(cmds.contains(&Command::Unit(UnitCommand::SetFlag {
            regiment: "r-1tn".into(),
            flag: RegimentFlag::RemovedFromBoard,
            on: true
        })));
        assert!(cmds.contains(&Command::Unit(UnitCommand::SetFormation {
            regiment: "r-2wi".into(),
            formation: Formation::Disorder
        })));
        assert!(cmds.contains(&Command::Unit(UnitCommand::RecordCharge { regiment: "r-2wi".into() })));
        assert_eq!(cmds.last(), Some(&Command::Charge(ChargeCommand::Applied { charge: id.clone() })));
        let steps = cmds.len();
        for c in &cmds {
            s.dispatch(c, 0.0).unwrap();
        }
        let g = s.game();
        assert!(g.checks_due.is_empty(), "the checks the charge rolled do not wait again: {:?}", g.checks_due);
        assert_eq!(g.roster.regiment("r-2wi").unwrap().figures_left(), 10);
        assert!(g.roster.regiment("r-1tn").unwrap().removed_from_board);
        assert!(g.charges.get(&id).unwrap().applied);
        // Applying twice is refused; a step after applying too.
        assert!(s.dispatch(&Command::Charge(ChargeCommand::Applied { charge: id.clone() }), 0.0).is_err());
        // Undone: the roster as it was before the result.
        for _ in 0..steps {
            s.undo();
        }
        assert_eq!(s.game().roster, before.roster);
        assert!(!s.game().charges.get(&id).unwrap().applied);
        // And every step of the charge undoes too, back to before the declaration.
        while s.game().charges.get(&id).is_some() {
            assert!(s.undo());
        }
        assert_eq!(s.game().charges, before.charges);
    }

    #[test]
    fn rule_5_the_trackers_charge_item_is_settled_once_the_result_is_applied() {
        let mut s = session();
        for _ in 0..4 {
            s.dispatch(&Command::NextPhase, 0.0).unwrap();
        }
        assert_eq!(s.game().phase, crate::state::game::Phase::Charges);
        let item = |s: &Session| {
            crate::state::tracker::phase_items(s.game()).into_iter().find(|i| i.key == "charge-r-2wi").map(|i| i.done)
        };
        assert_eq!(item(&s), Some(false));
        let id = to_the_end(&mut s);
        assert_eq!(item(&s), Some(false), "over but not applied");
        let gc = s.game().charges.get(&id).unwrap().clone();
        for c in charge_result(s.game(), &gc) {
            s.dispatch(&c, 0.0).unwrap();
        }
        assert_eq!(item(&s), Some(true));
    }

    #[test]
    fn a_charge_in_progress_survives_a_save_and_load_of_the_game() {
        let mut s = session();
        let id = declare(&mut s, 8);
        step(&mut s, &id, Input::ChargedUnitStays);
        step(
            &mut s,
            &id,
            Input::NormalMove {
                inches: Ratio::whole(5),
                greater_distance: false,
                disorder_roll: None,
                terrain: Terrain::Open,
                woods: None,
            },
        );
        let text = serde_json::to_string(s.game()).unwrap();
        let back: Game = serde_json::from_str(&text).unwrap();
        assert_eq!(back.charges, s.game().charges);
        assert_eq!(back.charges.get(&id).unwrap().charge.waiting_for(), crate::rules::charge::Need::Bonus);
        // A game saved before charges existed still loads, with none.
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v.as_object_mut().unwrap().remove("charges");
        let old: Game = serde_json::from_value(v).unwrap();
        assert!(old.charges.charges.is_empty());
    }

    #[test]
    fn refusals_change_nothing() {
        let mut s = session();
        let id = declare(&mut s, 8);
        // The wrong input for the step.
        let cmd = ChargeCommand::Step {
            charge: id.clone(),
            input: Box::new(Input::Close),
            entries: Overrides::new(),
            given: None,
        };
        assert!(s.dispatch(&Command::Charge(cmd), 0.0).is_err());
        // A second charge by the same regiment while the first is open.
        let g = s.game().clone();
        let charge = g.charges.get(&id).unwrap().charge.clone();
        let again = ChargeCommand::Declare {
            charger: "r-2wi".into(),
            defender: "r-1tn".into(),
            charge: Box::new(charge.clone()),
            follows: None,
            guns: None,
        };
        assert!(s.dispatch(&Command::Charge(again), 0.0).is_err());
        // Against a friend.
        let friend = ChargeCommand::Declare {
            charger: "r-2wi".into(),
            defender: "r-7wi".into(),
            charge: Box::new(charge),
            follows: None,
            guns: None,
        };
        assert!(s.dispatch(&Command::Charge(friend), 0.0).is_err());
        // Applying before the end.
        assert!(s.dispatch(&Command::Charge(ChargeCommand::Applied { charge: id.clone() }), 0.0).is_err());
        assert_eq!(s.game(), &g);
        // An unequal impact is declared only at the impact step.
        let unequal = ChargeCommand::UnequalImpact { charge: id.clone(), lone: ChargeSide::Defender, contacts: 2 };
        assert!(s.dispatch(&Command::Charge(unequal), 0.0).is_err());
        // Discard is undoable.
        s.dispatch(&Command::Charge(ChargeCommand::Discard { charge: id.clone() }), 0.0).unwrap();
        assert!(s.game().charges.get(&id).is_none());
        s.undo();
        assert!(s.game().charges.get(&id).is_some());
    }

    #[test]
    fn rule_5_1_5_charges_of_the_turn_nearest_first() {
        let mut s = session();
        let far = declare(&mut s, 8);
        // A second charger, nearer.
        let g = s.game();
        let o = Overrides::new();
        let mut setup = ChargeSetup {
            objective: Objective::EnemyUnit,
            charger: charging_unit(g, "r-6wi", &o).unwrap().unwrap(),
            defender: charged_unit(g, "r-7tn", Some(OrderKind::Hold), 0, ArtillerySituation::SectionAlone, &o)
                .unwrap()
                .unwrap(),
            distance: Ratio::whole(6),
            halting_point: None,
            waves: Waves::default(),
        };
        setup.charger.consecutive_turn = 1;
        let cmd = ChargeCommand::Declare {
            charger: "r-6wi".into(),
            defender: "r-7tn".into(),
            charge: Box::new(Charge::declare(setup).unwrap()),
            follows: None,
            guns: None,
        };
        s.dispatch(&Command::Charge(cmd), 0.0).unwrap();
        let order: Vec<&str> = s.game().charges.of_turn(1).iter().map(|c| c.charger.as_str()).collect();
        assert_eq!(order, vec!["r-6wi", "r-2wi"]);
        assert_eq!(s.game().charges.open_for(1, "r-2wi").map(|c| c.id.clone()), Some(far));
    }

    #[test]
    fn rule_5_7_guns_taken_when_the_crew_flees_and_a_crew_that_loses_melee_records_two_kills() {
        let mut s = session();
        let g = s.game();
        let o = Overrides::new();
        // The 1st Tennessee charges the Union's right section of Hall's battery (4 crew).
        let setup = ChargeSetup {
            objective: Objective::EnemyUnit,
            charger: charging_unit(g, "r-1tn", &o).unwrap().unwrap(),
            defender: charged_unit(g, "s-hall-1", Some(OrderKind::Hold), 4, ArtillerySituation::SectionAlone, &o)
                .unwrap()
                .unwrap(),
            distance: Ratio::whole(4),
            halting_point: None,
            waves: Waves::default(),
        };
        assert_eq!((setup.defender.arm, setup.defender.figures), (crate::rules::unit::Arm::Artillery, 4));
        let charge = Charge::declare(setup).unwrap();
        let cmd = ChargeCommand::Declare {
            charger: "r-1tn".into(),
            defender: "s-hall-1".into(),
            charge: Box::new(charge),
            follows: None,
            guns: Some(ArtillerySituation::SectionAlone),
        };
        s.dispatch(&Command::Charge(cmd), 0.0).unwrap();
        let id = s.game().charges.charges.last().unwrap().id.clone();
        step(&mut s, &id, Input::ChargedUnitStays);
        step(
            &mut s,
            &id,
            Input::NormalMove {
                inches: Ratio::whole(5),
                greater_distance: false,
                disorder_roll: None,
                terrain: Terrain::Open,
                woods: None,
            },
        );
        step(&mut s, &id, Input::NoBonus);
        step(&mut s, &id, Input::Close);
        step(&mut s, &id, Input::DefensiveFire(FireEffect::default()));
        step(&mut s, &id, Input::FearOfCharge(MoraleCheckInput { mmp: 5, roll: two(6, 5) }));
        step(&mut s, &id, Input::DefensiveFire(FireEffect::default()));
        let before = s.clone();
        step(&mut s, &id, Input::CrewFlees);
        let gc = s.game().charges.get(&id).unwrap().clone();
        assert_eq!(gc.charge.outcome, Some(Outcome::GunsTaken));
        let cmds = charge_result(s.game(), &gc);
        assert!(cmds.contains(&Command::Unit(UnitCommand::SetGunState {
            section: "s-hall-1".into(),
            state: GunState::Captured
        })));
        assert!(!cmds.iter().any(|c| matches!(c, Command::Unit(UnitCommand::AddCrewKill { .. }))));
        // Instead the crew fights for its guns: a tie, then a melee round in which three of
        // the crew fall but the charging regiment routs and surrenders (5.8.2): two crew kills
        // eliminate the crew (4.3.5.b), the third is not recorded.
        let mut s = before;
        step(&mut s, &id, Input::ArtilleryImpact { charger_roll: two(6, 6), artillery_roll: two(1, 1) });
        let c = s.game().charges.get(&id).unwrap().charge.clone();
        assert_eq!(c.stage, crate::rules::charge::Stage::Melee);
        step(
            &mut s,
            &id,
            Input::MeleeRound {
                charger_kills: 3,
                defender_kills: 0,
                charger_checks: vec![MoraleCheckInput { mmp: 9, roll: two(1, 1) }],
                defender_checks: vec![MoraleCheckInput { mmp: 9, roll: two(5, 5) }],
                officer_rolls: vec![],
            },
        );
        let gc = s.game().charges.get(&id).unwrap().clone();
        assert_eq!(gc.charge.outcome, Some(Outcome::MeleeSurrender(ChargeSide::Charger)));
        let cmds = charge_result(s.game(), &gc);
        assert_eq!(cmds.iter().filter(|c| matches!(c, Command::Unit(UnitCommand::AddCrewKill { .. }))).count(), 2);
        for c in &cmds {
            s.dispatch(c, 0.0).unwrap();
        }
        assert_eq!(s.game().roster.section("s-hall-1").unwrap().state, GunState::Abandoned);
        assert!(s.game().roster.regiment("r-1tn").unwrap().removed_from_board);
    }

    #[test]
    fn rule_4_4_1_kill_effects_of_the_roster_regiment() {
        let g = demo_game("g");
        let r = g.roster.regiment("r-1tn").unwrap(); // 14 figures: 3-3-2-3-3
        let e = kill_effects(r, 0, 3);
        assert!(e.first_kill);
        assert_eq!(e.stands_lost, 1);
        let e = kill_effects(r, 3, 2);
        assert!(!e.first_kill);
        assert_eq!(e.stands_lost, 0);
        let e = kill_effects(r, 3, 3);
        assert_eq!(e.stands_lost, 1);
        assert_eq!(stands_lost_after(r, 6), 2);
    }
}
