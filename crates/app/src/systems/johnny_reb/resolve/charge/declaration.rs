//! What the players say at Table 16 step 1, the charge declared (3.1, 5.1), as one plain
//! form, and the charge it declares with the game: the two units from the roster (or typed in,
//! a quick look-up), what the app cannot know, and the command that records it. No Leptos
//! here: tested natively.

use super::super::distance::{measured, parse_inches};
use super::words;
use johnny_reb::rules::charge::Charge;
use johnny_reb::rules::charge::sequence::{ChargeSetup, ChargedUnit, ChargingUnit, Objective, Waves};
use johnny_reb::rules::morale::{ArtillerySituation, BmpTableKind, MoraleUnit, bmp};
use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality};
use johnny_reb::rules::{Overrides, RuleError, RuleResult};
use johnny_reb::state::charges::{ChargeCommand, charge_objective, charged_unit, charging_unit, revealed_order};
use johnny_reb::state::game::Game;
use johnny_reb::state::ids::UnitId;
use johnny_reb::state::roster::ChargePermission;

/// A charging unit typed in (a quick look-up): what the roster would otherwise tell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypedCharger {
    /// Its quality (Table 5).
    pub quality: Quality,
    /// Infantry, cavalry or mounted infantry.
    pub arm: Arm,
    /// Its formation.
    pub formation: Formation,
    /// Its figures.
    pub figures: u32,
    /// Its stands.
    pub stands: u32,
    /// The benefit of the officer with it (2.3.4.f).
    pub benefit: u32,
    /// Charging a second turn in a row (5.1.4).
    pub second_turn: bool,
}

impl Default for TypedCharger {
    fn default() -> Self {
        TypedCharger {
            quality: Quality::Average,
            arm: Arm::Infantry,
            formation: Formation::Line,
            figures: 20,
            stands: 5,
            benefit: 0,
            second_turn: false,
        }
    }
}

/// A charged unit typed in (a quick look-up).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypedDefender {
    /// Its quality, or its crew's (Table 5).
    pub quality: Quality,
    /// Its arm: artillery for guns.
    pub arm: Arm,
    /// Its formation (guns are unlimbered).
    pub formation: Formation,
    /// Its figures.
    pub figures: u32,
    /// Its morale.
    pub morale: MoraleLevel,
    /// The benefit of the officer with it.
    pub benefit: u32,
}

impl Default for TypedDefender {
    fn default() -> Self {
        TypedDefender {
            quality: Quality::Average,
            arm: Arm::Infantry,
            formation: Formation::Line,
            figures: 20,
            morale: MoraleLevel::Good,
            benefit: 0,
        }
    }
}

/// What the players say at the declaration: the two units of the roster (none: typed in),
/// and what the app cannot know.
#[derive(Clone, Debug, PartialEq)]
pub struct ChargeForm {
    /// The charging regiment's id.
    pub charger: Option<String>,
    /// The charged regiment's or gun section's id.
    pub defender: Option<String>,
    /// The distance to the target as typed (5.1.5).
    pub distance: String,
    /// The target more than 45 degrees off the charger's front (5.1.2).
    pub off_front: bool,
    /// Charging with empty guns (5.1.3).
    pub empty_guns: bool,
    /// The enemy unit or a position (5.1.1).
    pub objective: Objective,
    /// The halting point announced, inches as typed; empty for none (5.3.3).
    pub halting: String,
    /// Waves behind in good order (6.8.8).
    pub waves_good: u32,
    /// Waves behind in disorder (6.8.8).
    pub waves_disorder: u32,
    /// The charged unit's order, when it is not revealed in the game.
    pub order: OrderKind,
    /// Crew figures at charged guns.
    pub crew: u32,
    /// Charged guns' situation (2.3.3).
    pub guns: ArtillerySituation,
    /// The charging unit typed in.
    pub typed_charger: TypedCharger,
    /// The charged unit typed in.
    pub typed_defender: TypedDefender,
}

impl Default for ChargeForm {
    fn default() -> Self {
        ChargeForm {
            charger: None,
            defender: None,
            distance: String::new(),
            off_front: false,
            empty_guns: false,
            objective: Objective::EnemyUnit,
            halting: String::new(),
            waves_good: 0,
            waves_disorder: 0,
            order: OrderKind::Hold,
            crew: 0,
            guns: ArtillerySituation::SectionAlone,
            typed_charger: TypedCharger::default(),
            typed_defender: TypedDefender::default(),
        }
    }
}

impl ChargeForm {
    /// Both units are of the roster: the charge is recorded in the game; otherwise it is a
    /// quick look-up.
    pub fn recorded(&self) -> bool {
        self.charger.is_some() && self.defender.is_some()
    }
}

/// The objective of the charging regiment's Charge order, revealed in phase three (3.1,
/// 5.1.1): the unit it charges, filled in once the regiment is chosen.
pub fn ordered_defender(game: &Game, charger: &str) -> Option<String> {
    charge_objective(game, charger).map(String::from)
}

/// Whether the charged unit is a gun section (2.3.3 then applies).
pub fn defender_is_guns(form: &ChargeForm, game: &Game) -> bool {
    match &form.defender {
        Some(id) => game.roster.section(id).is_some(),
        None => form.typed_defender.arm == Arm::Artillery,
    }
}

/// The charged unit's order in force, once revealed (3).
pub fn revealed(form: &ChargeForm, game: &Game) -> Option<OrderKind> {
    form.defender.as_deref().and_then(|id| revealed_order(game, id))
}

/// The charging regiment in one line, as the roster has it, with which turn of charging this
/// is (5.1.4).
pub fn charger_facts(game: &Game, id: &str) -> Option<String> {
    let r = game.roster.regiment(id)?;
    let turn = match r.charges.permission(game.turn) {
        ChargePermission::Fresh => "first turn of charging",
        ChargePermission::SecondTurn => "second turn in a row: in disorder, no elan, no bonus (5.1.4)",
        ChargePermission::NotAllowed => "charged the last two turns: may not charge (5.1.4)",
    };
    Some(format!(
        "{} figures · {} stands · {} · {} · {} · {turn}",
        r.figures_left(),
        r.stands_left(),
        r.quality.label(),
        r.formation.label(),
        words::level(r.morale)
    ))
}

/// The charged regiment or gun section in one line.
pub fn defender_facts(game: &Game, id: &str) -> Option<String> {
    if let Some(r) = game.roster.regiment(id) {
        return Some(format!(
            "{} figures · {} · {} · {}",
            r.figures_left(),
            r.quality.label(),
            r.formation.label(),
            words::level(r.morale)
        ));
    }
    game.roster
        .section(id)
        .map(|sec| format!("Gun section · crew {} · {}", sec.crew_quality.label(), words::level(sec.morale)))
}

fn charging(form: &ChargeForm, game: &Game, entries: &Overrides) -> RuleResult<ChargingUnit> {
    let mut c = match &form.charger {
        Some(id) => charging_unit(game, id, entries)?.ok_or_else(|| RuleError::OutOfRange {
            what: "charging unit",
            detail: "choose a regiment of the roster".into(),
        })?,
        None => {
            let t = &form.typed_charger;
            let rulings = &game.setup.rules.morale;
            ChargingUnit {
                quality: t.quality,
                arm: t.arm,
                formation: t.formation,
                morale: MoraleLevel::Good,
                figures: t.figures,
                stands: t.stands,
                bmp: bmp(&MoraleUnit::regiment(t.arm, t.quality), BmpTableKind::NotCharged, entries, rulings)?.value,
                officer_benefit: u8::try_from(t.benefit).unwrap_or(3),
                empty_guns: false,
                consecutive_turn: if t.second_turn { 2 } else { 1 },
                target_off_front: false,
            }
        }
    };
    c.empty_guns = form.empty_guns;
    c.target_off_front = form.off_front;
    Ok(c)
}

fn charged(form: &ChargeForm, game: &Game, entries: &Overrides) -> RuleResult<ChargedUnit> {
    match &form.defender {
        Some(id) => charged_unit(game, id, Some(form.order), form.crew, form.guns, entries)?.ok_or_else(|| {
            RuleError::OutOfRange {
                what: "charged unit",
                detail: "choose a regiment or gun section of the roster".into(),
            }
        }),
        None => {
            let t = &form.typed_defender;
            let guns_here = t.arm == Arm::Artillery;
            let unit = if guns_here {
                MoraleUnit::gun_section(t.quality, form.guns)
            } else {
                MoraleUnit::regiment(t.arm, t.quality)
            };
            Ok(ChargedUnit {
                quality: t.quality,
                arm: t.arm,
                formation: if guns_here { Formation::Unlimbered } else { t.formation },
                morale: t.morale,
                figures: t.figures,
                order: (t.morale != MoraleLevel::Routed).then_some(form.order),
                table17_bmp: bmp(&unit, BmpTableKind::Charged, entries, &game.setup.rules.morale)?.value,
                officer_benefit: u8::try_from(t.benefit).unwrap_or(3),
            })
        }
    }
}

/// The charge's set-up: both units, the distance (5.1.5), the halting point (5.3.3), the waves
/// (6.8.8). What cannot be read is refused with what is asked.
pub fn setup(form: &ChargeForm, game: &Game, entries: &Overrides) -> RuleResult<ChargeSetup> {
    let charger = charging(form, game, entries)?;
    let defender = charged(form, game, entries)?;
    let distance = parse_inches(&form.distance).map_err(|_| RuleError::OutOfRange {
        what: "distance",
        detail: "give the distance from the charging unit to its target, in inches (5.1.5)".into(),
    })?;
    // Empty: no halting point announced (5.3.3).
    let halting_point =
        if form.halting.trim().is_empty() { None } else { Some(measured("halting point", &form.halting)?) };
    Ok(ChargeSetup {
        objective: form.objective,
        charger,
        defender,
        distance,
        halting_point,
        waves: Waves { in_good_order: form.waves_good, in_disorder: form.waves_disorder },
    })
}

/// The charge declared (Table 16 step 1) under the game's house rules, or why it may not be.
pub fn resolve(form: &ChargeForm, game: &Game, entries: &Overrides) -> RuleResult<Charge> {
    Charge::declare_with(setup(form, game, entries)?, &game.setup.rules.charges)
}

/// The charge elan and disorder it starts with, in words (5.1.2, 5.1.3, 5.1.4).
pub fn declared_words(charge: &Charge) -> String {
    let elan = match charge.elan {
        0 => "no charge elan".to_string(),
        e => format!("charge elan {e} (5.1.3)"),
    };
    let dis = if charge.disordered_from_start { "; in disorder from the start" } else { "" };
    format!("{elan}{dis}.")
}

/// The command that records the charge in the game, when both units are of the roster.
pub fn declare_command(form: &ChargeForm, game: &Game, charge: Charge) -> Option<ChargeCommand> {
    let (charger, defender) = (form.charger.as_deref()?, form.defender.as_deref()?);
    Some(ChargeCommand::Declare {
        charger: UnitId::from(charger),
        defender: UnitId::from(defender),
        charge: Box::new(charge),
        follows: None,
        guns: defender_is_guns(form, game).then_some(form.guns),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use johnny_reb::rules::Ratio;
    use johnny_reb::state::demo::demo_game;
    use johnny_reb::state::orders_state::{TurnOrders, UnitOrder};
    use johnny_reb::state::roster::Side;

    fn typed(distance: &str) -> ChargeForm {
        ChargeForm { distance: distance.into(), ..ChargeForm::default() }
    }

    fn o() -> Overrides {
        Overrides::new()
    }

    #[test]
    fn rule_5_1_5_the_distance_is_asked_before_the_charge_is_declared() {
        let g = demo_game("g");
        let e = resolve(&typed(""), &g, &o()).unwrap_err();
        assert!(e.to_string().contains("5.1.5"), "{e}");
        let c = resolve(&typed("6 1/2"), &g, &o()).unwrap();
        assert_eq!(c.distance, Ratio::new(13, 2).unwrap());
    }

    #[test]
    fn rule_5_1_3_charge_elan_minus_1_and_minus_2_with_empty_guns() {
        let g = demo_game("g");
        let c = resolve(&typed("6"), &g, &o()).unwrap();
        assert_eq!(c.elan, -1);
        assert_eq!(declared_words(&c), "charge elan -1 (5.1.3).");
        let empty = resolve(&ChargeForm { empty_guns: true, ..typed("6") }, &g, &o()).unwrap();
        assert_eq!(empty.elan, -2);
    }

    #[test]
    fn rule_5_1_2_a_target_more_than_45_degrees_off_the_front_is_charged_in_disorder() {
        let g = demo_game("g");
        let c = resolve(&ChargeForm { off_front: true, ..typed("6") }, &g, &o()).unwrap();
        assert!(c.disordered_from_start);
        assert!(declared_words(&c).ends_with("; in disorder from the start."), "{}", declared_words(&c));
        assert!(!resolve(&typed("6"), &g, &o()).unwrap().disordered_from_start);
    }

    #[test]
    fn rule_5_1_4_a_second_turn_in_a_row_is_in_disorder_without_elan() {
        let g = demo_game("g");
        let second =
            ChargeForm { typed_charger: TypedCharger { second_turn: true, ..TypedCharger::default() }, ..typed("6") };
        let c = resolve(&second, &g, &o()).unwrap();
        assert_eq!(c.elan, 0);
        assert!(c.disordered_from_start);
        assert_eq!(declared_words(&c), "no charge elan; in disorder from the start.");
    }

    #[test]
    fn rule_5_3_3_a_halting_point_is_read_as_inches_or_refused() {
        let g = demo_game("g");
        let s = setup(&ChargeForm { halting: "4".into(), ..typed("6") }, &g, &o()).unwrap();
        assert_eq!(s.halting_point, Some(Ratio::whole(4)));
        assert_eq!(setup(&typed("6"), &g, &o()).unwrap().halting_point, None);
        assert!(setup(&ChargeForm { halting: "4,5".into(), ..typed("6") }, &g, &o()).is_err());
    }

    #[test]
    fn rule_3_1_a_charge_of_the_roster_is_recorded_against_its_objective() {
        let mut g = demo_game("g");
        let charger = g.roster.union.regiments().next().map(|r| r.id.to_string()).unwrap();
        let target = g.roster.confederate.regiments().next().map(|r| r.id.to_string()).unwrap();
        // Its Charge order names the target (3.1).
        g.orders.push(TurnOrders {
            turn: g.turn,
            orders: vec![UnitOrder {
                unit: charger.as_str().into(),
                side: Side::Union,
                kind: OrderKind::Charge,
                direction: None,
                formation: None,
                objective: Some(target.as_str().into()),
                toward_enemy: true,
                morale_when_marked: MoraleLevel::Good,
                by_default: false,
                conditional_hold: None,
                group: None,
                if_rallied: false,
            }],
            ..TurnOrders::default()
        });
        assert_eq!(ordered_defender(&g, &charger), Some(target.clone()));
        let form = ChargeForm { charger: Some(charger.clone()), defender: Some(target.clone()), ..typed("6") };
        assert!(form.recorded() && !defender_is_guns(&form, &g));
        let charge = resolve(&form, &g, &o()).unwrap();
        match declare_command(&form, &g, charge) {
            Some(ChargeCommand::Declare { charger: c, defender: d, guns, follows, .. }) => {
                assert_eq!((c.as_str(), d.as_str(), guns, follows), (charger.as_str(), target.as_str(), None, None));
            }
            other => panic!("{other:?}"),
        }
        assert!(charger_facts(&g, &charger).unwrap().contains("first turn of charging"));
        assert!(defender_facts(&g, &target).unwrap().contains("figures"));
    }

    #[test]
    fn rule_2_3_3_charged_guns_keep_their_situation() {
        let g = demo_game("g");
        let section = g.roster.confederate.sections().next().map(|s| s.id.to_string()).unwrap();
        let charger = g.roster.union.regiments().next().map(|r| r.id.to_string()).unwrap();
        let form = ChargeForm {
            charger: Some(charger),
            defender: Some(section.clone()),
            crew: 4,
            guns: ArtillerySituation::WithCompleteBattery,
            ..typed("6")
        };
        assert!(defender_is_guns(&form, &g));
        assert!(defender_facts(&g, &section).unwrap().starts_with("Gun section"));
        let charge = resolve(&form, &g, &o()).unwrap();
        assert!(matches!(
            declare_command(&form, &g, charge),
            Some(ChargeCommand::Declare { guns: Some(ArtillerySituation::WithCompleteBattery), .. })
        ));
    }

    #[test]
    fn a_quick_look_up_records_nothing() {
        let g = demo_game("g");
        let form = typed("6");
        assert!(!form.recorded());
        let charge = resolve(&form, &g, &o()).unwrap();
        assert!(declare_command(&form, &g, charge).is_none());
        let guns = ChargeForm {
            typed_defender: TypedDefender { arm: Arm::Artillery, ..TypedDefender::default() },
            ..typed("6")
        };
        assert!(defender_is_guns(&guns, &g));
        assert_eq!(resolve(&guns, &g, &o()).unwrap().setup.defender.formation, Formation::Unlimbered);
    }
}
