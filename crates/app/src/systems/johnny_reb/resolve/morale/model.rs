//! The morale resolver's pure part: what the game knows of the unit, the players' inputs, the
//! MMP (2.3.3, 2.3.4, 4.4.3), the roll read by check or rally (2.3, 2.4), and the result with
//! the commands that record it. No Leptos here: tested natively.

use super::super::address::Resolver;
use super::super::card::Resolution;
use crate::widgets::dice::two_dice;
use johnny_reb::rules::morale::{
    AfterCheck, ArtillerySituation, Aspect, ChargeSituation, Charger, CheckRoll, Consequence, Cover, Isolation, Mmp,
    MoraleResult, MoraleRulings, MoraleSituation, MoraleUnit, RallyingUnit, check, fear_of_charge_mmp, mmp, rally,
};
use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, Quality};
use johnny_reb::rules::{Overrides, RuleResult, TwoDice};
use johnny_reb::state::checks::ChecksCommand;
use johnny_reb::state::command::Command;
use johnny_reb::state::game::Game;
use johnny_reb::state::ids::UnitId;
use johnny_reb::state::roster::GunState;
use johnny_reb::state::roster::RegimentFlag;
use johnny_reb::state::tracker::brigade_loss_modifier;
use johnny_reb::state::tracker_state::ItemKey;
use johnny_reb::state::units::UnitCommand;

pub use johnny_reb::rules::morale::CheckReason;

/// A forced check (2.3) or a Phase Two rally attempt (2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A forced morale check.
    Check,
    /// A rally attempt.
    Rally,
}

/// What the game knows about the unit.
#[derive(Clone, Debug, PartialEq)]
pub struct Facts {
    /// Its name.
    pub name: String,
    /// A gun section's crew.
    pub guns: bool,
    /// Its arm.
    pub arm: Arm,
    /// Its quality (a crew's for a section).
    pub quality: Quality,
    /// Its morale now.
    pub level: MoraleLevel,
    /// Stands lost (2.3.4.a).
    pub stands_lost: u32,
    /// The best benefit of the officers with it who give benefits this turn (2.3.4.f).
    pub benefit: u8,
    /// His name.
    pub officer: Option<String>,
    /// Stands attached from merged regiments (6.8.9.b).
    pub merged: u32,
    /// Its formation (Table 18, for a fear-of-charge check).
    pub formation: Formation,
    /// Regiments lost from its brigade, in force this turn (2.3.4.e: from the turn after the
    /// loss).
    pub brigade_lost: u32,
}

/// The facts of a regiment or section of `game`.
pub fn facts(game: &Game, id: &str) -> Option<Facts> {
    let roster = &game.roster;
    let (name, guns, arm, quality, level, stands_lost, merged, formation) = if let Some(r) = roster.regiment(id) {
        (
            r.name.clone(),
            false,
            r.arm,
            r.quality,
            r.morale,
            r.stands_lost() as u32,
            roster.merged_modifier(id).unsigned_abs(),
            r.formation,
        )
    } else {
        let s = roster.section(id)?;
        let f = if s.limbered { Formation::Limbered } else { Formation::Unlimbered };
        (s.name.clone(), true, Arm::Artillery, s.crew_quality, s.morale, 0, 0, f)
    };
    let best = [&roster.union, &roster.confederate]
        .into_iter()
        .flat_map(|a| a.officers.iter())
        .filter(|o| o.with_unit.as_deref() == Some(id) && o.condition.status().gives_benefits(game.turn))
        .max_by_key(|o| o.benefit);
    let brigade_lost = roster
        .find_regiment(id)
        .and_then(|at| roster.army(at.side).divisions.get(at.division)?.brigades.get(at.brigade))
        .map(|b| brigade_loss_modifier(game, &b.id, game.turn))
        .unwrap_or(0);
    Some(Facts {
        name,
        guns,
        arm,
        quality,
        level,
        stands_lost,
        benefit: best.map(|o| o.benefit).unwrap_or(0),
        officer: best.map(|o| o.name.clone()),
        merged,
        formation,
        brigade_lost,
    })
}

pub(super) fn word(level: MoraleLevel) -> &'static str {
    match level {
        MoraleLevel::Good => "good",
        MoraleLevel::Shaken => "shaken",
        MoraleLevel::Routed => "routed",
    }
}

/// The MMP in words: "BMP 3 (Table 5) + stands lost +2 (2.3.4.a) = MMP 5".
pub fn mmp_words(m: &Mmp) -> String {
    let mut s = format!("BMP {}", m.bmp.value);
    for l in &m.lines {
        s.push_str(&format!(" · {} {:+} ({})", l.modifier.label(), l.value, l.modifier.rule()));
    }
    s.push_str(&format!(" = MMP {}", m.value));
    s
}

/// The result of a check or rally in words, with its rules, and what to do on the table.
pub fn result_words(kind: Kind, name: &str, total: u8, r: &MoraleResult) -> (String, Vec<String>) {
    let after = match r.after {
        AfterCheck::Morale(l) => word(l).to_string(),
        AfterCheck::Removed => "removed from play".to_string(),
    };
    let headline = match (kind, r.roll) {
        (Kind::Rally, _) if r.before == MoraleLevel::Good => format!("{name} has good morale: nothing to rally (2.4)."),
        (_, CheckRoll::InstantRout) => format!("{name} rolled 2: routs at once, now {after} (2.3.2)."),
        (_, CheckRoll::InstantRally) if r.after == AfterCheck::Removed => {
            format!("{name} rolled 12 while routed: removed from play (Table 7, as chosen in Settings).")
        }
        (_, CheckRoll::InstantRally) => format!("{name} rolled 12: finds new courage, now good (2.3.2)."),
        (Kind::Check, CheckRoll::Passed) => {
            format!("{name} rolled {total} against MMP {}: passed, stays {after} (2.3.1).", r.mmp)
        }
        (Kind::Check, CheckRoll::Failed) => {
            format!("{name} rolled {total} against MMP {}: failed, {} becomes {after} (2.3.1).", r.mmp, word(r.before))
        }
        (Kind::Rally, _) if r.rallied() => {
            format!("{name} rolled {total} against MMP {}: rallies, now {after} (2.4).", r.mmp)
        }
        (Kind::Rally, _) => {
            format!("{name} rolled {total} against MMP {}: fails to rally, stays {after} (2.4).", r.mmp)
        }
    };
    let detail = match r.consequence {
        Consequence::None => None,
        Consequence::ForcedRoutMove => Some(
            "It routs: its orders are cancelled, it is placed in Disorder and makes its forced rout move now (2.1.2: 4 dice along a road, 3 in the open, 2 broken, 1 rough). Friendly units within 1' that see it check morale (2.2).",
        ),
        Consequence::Disintegrates => Some(
            "It disintegrates and is removed; within close range of enemy weapons it surrenders (2.3.5.d). Friendly units within 1' that see it check morale (2.2).",
        ),
        Consequence::RemoveOneStand => Some("A routed regiment that fails to rally loses one stand now (2.4)."),
        Consequence::CrewHasOneMoreChance => Some("The routed crew has one more turn to rally (2.4)."),
        Consequence::RemoveUnit => Some("Remove the unit from play (2.3.2, 2.4)."),
    };
    (headline, detail.into_iter().map(str::to_string).collect())
}

/// The commands that record a result for unit `id` (a section if `guns`).
pub fn commands(id: &str, guns: bool, r: &MoraleResult) -> Vec<Command> {
    let mut out = Vec::new();
    match r.after {
        AfterCheck::Morale(l) if l != r.before => {
            out.push(Command::Unit(UnitCommand::SetMorale { unit: id.into(), level: l }))
        }
        AfterCheck::Morale(_) => {}
        AfterCheck::Removed if guns => {
            out.push(Command::Unit(UnitCommand::SetGunState { section: id.into(), state: GunState::Abandoned }));
        }
        AfterCheck::Removed => out.push(Command::Unit(UnitCommand::SetFlag {
            regiment: id.into(),
            flag: RegimentFlag::RemovedFromBoard,
            on: true,
        })),
    }
    if r.consequence == Consequence::RemoveOneStand && !guns {
        out.push(Command::Unit(UnitCommand::RemoveStand { regiment: id.into() }));
    }
    out
}

/// Everything the resolver's toggles hold.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inputs {
    /// Check or rally.
    pub kind: Kind,
    /// Why (a check only).
    pub reason: CheckReason,
    /// A gun section.
    pub guns: bool,
    /// Quality.
    pub quality: Quality,
    /// Morale now.
    pub level: MoraleLevel,
    /// Stands lost.
    pub stands_lost: u32,
    /// Officer benefit.
    pub benefit: u32,
    /// Merged stands attached.
    pub merged: u32,
    /// Regiments of its brigade lost before this turn.
    pub brigade_lost: u32,
    /// Cover.
    pub cover: Cover,
    /// Where the fire came from.
    pub aspect: Aspect,
    /// Isolation.
    pub isolation: Isolation,
    /// Protected by own troops.
    pub protected: bool,
    /// A gun section's situation.
    pub situation: ArtillerySituation,
    /// A routed crew that already failed to rally.
    pub failed_before: bool,
    /// Its formation (a fear-of-charge check: Table 18, defender's formation).
    pub formation: Formation,
    /// The charging unit's formation and whether it is mounted cavalry (a fear-of-charge
    /// check: Table 18, attacker's formation; 5.5.5.a).
    pub charger: (Formation, bool),
}

/// The unit, its situation and its MMP for `inputs` (2.3.3, 2.3.4, 4.4.3).
pub fn inputs_mmp(i: &Inputs, overrides: &Overrides, rulings: &MoraleRulings) -> RuleResult<Mmp> {
    let unit = if i.guns {
        MoraleUnit::gun_section(i.quality, i.situation)
    } else {
        MoraleUnit::regiment(Arm::Infantry, i.quality)
    };
    if i.kind == Kind::Check && i.reason == CheckReason::FearOfCharge {
        // 5.5.1, 5.5.2: Tables 17 and 18, the charge coming from `aspect` (5.5.3.a).
        let situation = ChargeSituation {
            general: MoraleSituation {
                stands_lost: i.stands_lost,
                cover: i.cover,
                protected_by_own_troops: i.protected,
                isolation: i.isolation,
                regiments_lost_from_brigade: i.brigade_lost,
                officer_benefit: u8::try_from(i.benefit).unwrap_or(u8::MAX),
                merged_stands_attached: i.merged,
                ..Default::default()
            },
            formation: i.formation,
            charged_on: i.aspect,
            ..Default::default()
        };
        let (formation, mounted) = i.charger;
        let charger = Charger { arm: if mounted { Arm::Cavalry { mounted: true } } else { Arm::Infantry }, formation };
        return fear_of_charge_mmp(&unit, &situation, i.level, &charger, overrides, rulings);
    }
    let fire = i.kind == Kind::Check && i.reason.from_fire();
    let situation = MoraleSituation {
        stands_lost: i.stands_lost,
        cover: i.cover,
        protected_by_own_troops: i.protected,
        isolation: i.isolation,
        regiments_lost_from_brigade: i.brigade_lost,
        officer_benefit: u8::try_from(i.benefit).unwrap_or(u8::MAX),
        fired_on: if fire { i.aspect } else { Aspect::Front },
        saw_spectacular_death: i.kind == Kind::Check
            && i.reason == CheckReason::OfficerCasualtySeen { spectacular_death: true },
        merged_stands_attached: i.merged,
        ..Default::default()
    };
    mmp(&unit, &situation, i.level, overrides, rulings)
}

/// Reads the roll for `inputs` against `mmp`.
pub fn read(i: &Inputs, mmp: i32, roll: TwoDice, rulings: &MoraleRulings) -> MoraleResult {
    match i.kind {
        Kind::Check => check(mmp, roll, i.level),
        Kind::Rally => {
            let who = if i.guns {
                RallyingUnit::ArtilleryCrew { failed_before: i.failed_before }
            } else {
                RallyingUnit::Regiment
            };
            rally(mmp, roll, i.level, who, rulings)
        }
    }
}

/// What the players say: the unit (none: a quick look-up), the toggles, the two dice.
#[derive(Clone, Debug, PartialEq)]
pub struct MoraleForm {
    /// The unit's id.
    pub unit: Option<String>,
    /// The toggles.
    pub inputs: Inputs,
    /// The faces thrown, 0 for a die not set.
    pub faces: Vec<u8>,
}

/// The result once both dice are in; `None` while one is missing or the MMP cannot be worked
/// out. `entries` are the players' Tables Card entries.
pub fn resolve(form: &MoraleForm, game: &Game, entries: &Overrides) -> Option<Resolution> {
    let i = &form.inputs;
    let rulings = &game.setup.rules.morale;
    let m = inputs_mmp(i, entries, rulings).ok()?;
    let roll = two_dice(&form.faces)?;
    let r = read(i, m.value, roll, rulings);
    let id = form.unit.as_deref();
    let name = id.and_then(|id| facts(game, id)).map_or_else(|| "The unit".to_string(), |f| f.name);
    let (headline, details) = result_words(i.kind, &name, roll.total(), &r);
    let mut cmds = id.map(|id| commands(id, i.guns, &r)).unwrap_or_default();
    // The check rolled comes off the list of checks due, in the same step (4.4.2).
    if let Some(id) = id {
        let why = (i.kind == Kind::Check).then_some(i.reason);
        let waiting = game.checks_due.iter().any(|c| c.unit == id && why.is_none_or(|w| w == c.reason));
        if waiting {
            cmds.push(Command::Checks(ChecksCommand::Done { unit: id.to_string(), reason: why }));
        }
    }
    Some(Resolution {
        headline,
        details,
        commands: cmds,
        recorded: id.is_some(),
        next: (r.consequence == Consequence::ForcedRoutMove && !i.guns)
            .then(|| (Resolver::Rout(id.map(UnitId::from)).href(), "Roll the forced rout move")),
        settles: match (i.kind, id) {
            (Kind::Rally, Some(id)) => vec![ItemKey::Rally(id.into())],
            _ => Vec::new(),
        },
        ..Resolution::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_dice::two;
    use johnny_reb::state::demo::demo_game;

    #[test]
    fn rule_4_4_2_checks_queue_in_the_rules_engine_order() {
        let listed = [
            CheckReason::FirstKill,
            CheckReason::CrewKill,
            CheckReason::ArtilleryHit { canister: false },
            CheckReason::StandLost,
            CheckReason::UnexpectedDevastation,
            CheckReason::AdjacentUnitEliminated,
            CheckReason::FriendlyRoutOrSurrender,
        ];
        let steps: Vec<u8> = listed.iter().map(|r| r.order()).collect();
        assert_eq!(steps, vec![1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(CheckReason::OfficerCasualtySeen { spectacular_death: false }.order(), 7);
    }

    fn inputs() -> Inputs {
        Inputs {
            kind: Kind::Check,
            reason: CheckReason::StandLost,
            guns: false,
            quality: Quality::Average,
            level: MoraleLevel::Good,
            stands_lost: 2,
            benefit: 0,
            merged: 0,
            brigade_lost: 0,
            cover: Cover::None,
            aspect: Aspect::Front,
            isolation: Isolation::NotIsolated,
            protected: false,
            situation: ArtillerySituation::SectionAlone,
            failed_before: false,
            formation: Formation::Line,
            charger: (Formation::Line, false),
        }
    }

    #[test]
    fn rule_5_5_2_a_queued_fear_of_charge_check_uses_tables_17_and_18() {
        // 5.5.2's third example: BMP 3, fence -1, skirmish +6, attacker in disorder -3: MMP 5.
        let i = Inputs {
            reason: CheckReason::FearOfCharge,
            stands_lost: 0,
            cover: Cover::Cover,
            formation: Formation::Skirmish,
            charger: (Formation::Disorder, false),
            ..inputs()
        };
        assert_eq!(inputs_mmp(&i, &Overrides::new(), &MoraleRulings::default()).unwrap().value, 5);
        assert_eq!(CheckReason::from_key("fear-of-charge"), Some(CheckReason::FearOfCharge));
    }

    #[test]
    fn rule_2_3_4_a_average_regiment_two_stands_lost_checks_at_7_and_a_7_fails() {
        let rulings = MoraleRulings::default();
        let m = inputs_mmp(&inputs(), &Overrides::new(), &rulings).unwrap();
        assert_eq!(m.value, 7);
        let r = read(&inputs(), m.value, two(3, 4), &rulings);
        assert_eq!(r.after, AfterCheck::Morale(MoraleLevel::Shaken));
        assert_eq!(
            commands("r-1", false, &r),
            vec![Command::Unit(UnitCommand::SetMorale { unit: "r-1".into(), level: MoraleLevel::Shaken })]
        );
        let (headline, _) = result_words(Kind::Check, "1st Tennessee", 7, &r);
        assert!(headline.contains("failed") && headline.contains("2.3.1"), "{headline}");
    }

    #[test]
    fn rule_4_4_3_a_flank_counts_only_for_fire() {
        let rulings = MoraleRulings::default();
        let flank = Inputs { aspect: Aspect::FullFlank, ..inputs() };
        let fired = inputs_mmp(&flank, &Overrides::new(), &rulings).unwrap().value;
        let seen =
            inputs_mmp(&Inputs { reason: CheckReason::FriendlyRoutOrSurrender, ..flank }, &Overrides::new(), &rulings)
                .unwrap()
                .value;
        assert!(fired > seen);
    }

    #[test]
    fn rule_2_4_routed_regiment_failing_to_rally_loses_a_stand() {
        let rulings = MoraleRulings::default();
        let i = Inputs { kind: Kind::Rally, level: MoraleLevel::Routed, stands_lost: 0, ..inputs() };
        let m = inputs_mmp(&i, &Overrides::new(), &rulings).unwrap();
        let r = read(&i, m.value, two(1, 2), &rulings);
        assert_eq!(
            commands("r-1", false, &r),
            vec![Command::Unit(UnitCommand::RemoveStand { regiment: "r-1".into() })]
        );
    }

    #[test]
    fn rule_2_3_4_f_facts_of_a_roster_regiment_include_its_officer() {
        let g = demo_game("g");
        let f = facts(&g, "r-19in").unwrap();
        assert_eq!(
            (f.quality, f.level, f.stands_lost, f.benefit, f.merged),
            (Quality::Elite, MoraleLevel::Good, 0, 1, 0)
        );
        assert!(facts(&g, "s-hall-1").unwrap().guns);
        assert!(facts(&g, "nope").is_none());
    }
}
