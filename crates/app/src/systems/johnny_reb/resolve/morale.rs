//! The morale check (2.3, Tables 2, 5, 6, 7) and the Phase Two rally (2.4): choose the unit,
//! the reason, roll. Everything the game knows is filled in; the rest is asked as toggles.

use super::card::{Applied, Resolution, ResultCard};
use super::picker::{Pick, UnitPicker};
use crate::shell::router::use_query_map;
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::dice::{DiceEntry, thrown};
use crate::widgets::odds::OddsLine;
use crate::widgets::toggles::{Stepper, Toggles};
use johnny_reb::rules::morale::{
    AfterCheck, ArtillerySituation, Aspect, ChargeSituation, Charger, CheckRoll, Consequence, Cover, Isolation, Mmp,
    MoraleResult, MoraleRulings, MoraleSituation, MoraleUnit, RallyingUnit, check, check_odds, fear_of_charge_mmp, mmp,
    rally, rally_odds,
};
use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, Quality};
use johnny_reb::rules::{Overrides, RuleResult, TwoDice};
use johnny_reb::state::checks::ChecksCommand;
use johnny_reb::state::command::Command;
use johnny_reb::state::game::Game;
use johnny_reb::state::roster::GunState;
use johnny_reb::state::roster::RegimentFlag;
use johnny_reb::state::tracker::brigade_loss_modifier;
use johnny_reb::state::units::UnitCommand;
use leptos::prelude::*;

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

fn word(level: MoraleLevel) -> &'static str {
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

/// The morale check or rally resolver at `/resolve/morale` or `/resolve/rally`.
#[component]
pub fn MoraleResolver(kind: Kind) -> impl IntoView {
    let store = use_store();
    let query = use_query_map();
    let chosen = RwSignal::new(query.with_untracked(|q| q.get("unit")).filter(|s| !s.is_empty()));
    let reason = RwSignal::new(
        query
            .with_untracked(|q| q.get("reason"))
            .and_then(|k| CheckReason::from_key(&k))
            .unwrap_or(CheckReason::FirstKill),
    );
    let guns = RwSignal::new(false);
    let quality = RwSignal::new(Quality::Average);
    let level = RwSignal::new(if kind == Kind::Rally { MoraleLevel::Shaken } else { MoraleLevel::Good });
    let stands_lost = RwSignal::new(0u32);
    let benefit = RwSignal::new(0u32);
    let merged = RwSignal::new(0u32);
    let brigade_lost = RwSignal::new(0u32);
    let cover = RwSignal::new(Cover::None);
    let aspect = RwSignal::new(Aspect::Front);
    let isolation = RwSignal::new(Isolation::NotIsolated);
    let protected = RwSignal::new(false);
    let situation = RwSignal::new(ArtillerySituation::SectionAlone);
    let failed_before = RwSignal::new(false);
    let formation = RwSignal::new(Formation::Line);
    let charger_formation = RwSignal::new(Formation::Line);
    let charger_mounted = RwSignal::new(false);
    let faces = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Applied>);

    // A fear-of-charge check queued by a charge (5.5.1): the charging unit of this turn's latest
    // charge in progress, as it stands 3" from its target.
    Effect::new(move |_| {
        if reason.get() != CheckReason::FearOfCharge {
            return;
        }
        let attacker = store.session.with(|s| {
            let g = s.game();
            g.charges.charges.iter().rev().find(|c| c.turn == g.turn).map(|c| c.charge.charger_for_fear_of_charge())
        });
        if let Some(a) = attacker {
            charger_formation.set(a.formation);
            charger_mounted.set(a.arm == Arm::Cavalry { mounted: true });
        }
    });

    let known = Memo::new(move |_| chosen.get().and_then(|id| store.session.with(|s| facts(s.game(), &id))));
    // Fill in what the game knows whenever the unit (or the game) changes; a result already
    // applied keeps its own record on the card.
    Effect::new(move |_| {
        if let Some(f) = known.get() {
            guns.set(f.guns);
            quality.set(f.quality);
            level.set(f.level);
            stands_lost.set(f.stands_lost);
            benefit.set(u32::from(f.benefit));
            merged.set(f.merged);
            formation.set(f.formation);
            brigade_lost.set(f.brigade_lost);
        }
    });
    // A queued check opened from this very screen changes only the query.
    Effect::new(move |_| {
        let (unit, why) = query.with(|q| (q.get("unit"), q.get("reason")));
        if let Some(u) = unit.filter(|u| !u.is_empty()) {
            chosen.set(Some(u));
        }
        if let Some(r) = why.and_then(|k| CheckReason::from_key(&k)) {
            reason.set(r);
        }
    });
    Effect::new(move |prev: Option<(Option<String>, CheckReason)>| {
        let now = (chosen.get(), reason.get());
        if prev.is_some_and(|p| p != now) {
            applied.set(None);
            faces.set(Vec::new());
        }
        now
    });

    let inputs = move || Inputs {
        kind,
        reason: reason.get(),
        guns: guns.get(),
        quality: quality.get(),
        level: level.get(),
        stands_lost: stands_lost.get(),
        benefit: benefit.get(),
        merged: merged.get(),
        brigade_lost: brigade_lost.get(),
        cover: cover.get(),
        aspect: aspect.get(),
        isolation: isolation.get(),
        protected: protected.get(),
        situation: situation.get(),
        failed_before: failed_before.get(),
        formation: formation.get(),
        charger: (charger_formation.get(), charger_mounted.get()),
    };
    let rulings = move || store.session.with(|s| s.game().setup.rules.morale.clone());
    let computed = Memo::new(move |_| {
        let i = inputs();
        store.table_entries.with(|o| inputs_mmp(&i, o, &rulings()))
    });
    let result = Signal::derive(move || {
        let m = computed.get().ok()?;
        let d = thrown(&faces.get(), 2)?;
        let roll = TwoDice::new(*d.first()?, *d.get(1)?).ok()?;
        let i = inputs();
        let r = read(&i, m.value, roll, &rulings());
        let name = known.get().map(|f| f.name).unwrap_or_else(|| "The unit".to_string());
        let (headline, details) = result_words(kind, &name, roll.total(), &r);
        let id = chosen.get();
        let mut cmds = id.as_deref().map(|id| commands(id, i.guns, &r)).unwrap_or_default();
        // The check rolled comes off the list of checks due, in the same step (4.4.2).
        if let Some(id) = id.as_deref() {
            let why = (kind == Kind::Check).then_some(i.reason);
            let waiting = store
                .session
                .with(|s| s.game().checks_due.iter().any(|c| c.unit == id && why.is_none_or(|w| w == c.reason)));
            if waiting {
                cmds.push(Command::Checks(ChecksCommand::Done { unit: id.to_string(), reason: why }));
            }
        }
        Some(Resolution {
            headline,
            details,
            commands: cmds,
            recorded: id.is_some(),
            next: (r.consequence == Consequence::ForcedRoutMove && !i.guns).then(|| {
                (format!("/resolve/rout?unit={}", id.clone().unwrap_or_default()), "Roll the forced rout move")
            }),
            settles: match (kind, id.as_deref()) {
                (Kind::Rally, Some(id)) => vec![format!("rally-{id}")],
                _ => Vec::new(),
            },
            ..Resolution::default()
        })
    });

    let title = if kind == Kind::Check { "Morale check" } else { "Rally" };
    let rules = if kind == Kind::Check { "2.3, Tables 2, 5, 6, 7" } else { "2.4, Tables 5, 6, 7" };
    view! {
        <section class="screen resolver" aria-labelledby="resolver-title">
            <super::BackToMenu/>
            <h1 id="resolver-title">{title}</h1>
            <p class="muted">{rules}</p>
            <UnitPicker pick=Pick::Units chosen=chosen/>
            {move || match known.get() {
                Some(f) => view! {
                    <p class="facts">{format!(
                        "{} · {} · {} · {} stands lost{}",
                        if f.guns { "Gun crew" } else { "Regiment" },
                        f.quality.label(),
                        word(f.level),
                        f.stands_lost,
                        f.officer.map(|o| format!(" · with {o} (benefit {})", f.benefit)).unwrap_or_default()
                    )}</p>
                }.into_any(),
                None => view! {
                    <Toggles legend="Unit" options=vec![(false, "Regiment"), (true, "Gun section")] value=guns/>
                    <Toggles legend="Quality" options=Quality::ALL.iter().map(|q| (*q, q.label())).collect() value=quality/>
                    <Toggles legend="Morale now" options=vec![(MoraleLevel::Good, "Good"), (MoraleLevel::Shaken, "Shaken"), (MoraleLevel::Routed, "Routed")] value=level/>
                    <Stepper label="Stands lost" value=stands_lost max=6/>
                    <Stepper label="Officer's benefit" value=benefit max=6/>
                }.into_any(),
            }}
            {(kind == Kind::Check).then(|| view! {
                <Toggles legend="Reason (Table 2)" options=CheckReason::OFFERED.iter().map(|r| (*r, r.label())).collect() value=reason/>
                <p class="muted">{move || reason.get().rule()}</p>
                <Show when=move || reason.get().from_fire()>
                    <Toggles legend="Fired on (4.4.3.a)" options=vec![(Aspect::Front, "Front"), (Aspect::PartialFlank, "Partial flank"), (Aspect::FullFlank, "Flank"), (Aspect::Rear, "Rear")] value=aspect/>
                </Show>
                <Show when=move || reason.get() == CheckReason::FearOfCharge>
                    <Toggles legend="The charge comes on its (5.5.3.a)" options=vec![(Aspect::Front, "Front"), (Aspect::PartialFlank, "Partial flank"), (Aspect::FullFlank, "Flank"), (Aspect::Rear, "Rear")] value=aspect/>
                    <Toggles legend="Charging unit's formation (Table 18)" options=super::charge::declare_formations() value=charger_formation/>
                    <Toggles legend="Charging unit (5.5.5.a)" options=vec![(false, "On foot"), (true, "Mounted cavalry")] value=charger_mounted/>
                    {move || known.get().is_none().then(|| view! {
                        <Toggles legend="Its formation (Table 18)" options=super::charge::declare_formations() value=formation/>
                    })}
                </Show>
            })}
            <Toggles legend="Cover (2.3.4.b)" options=vec![(Cover::None, "In the open"), (Cover::Cover, "Cover"), (Cover::MediumWorks, "Medium works"), (Cover::HeavyWorks, "Heavy works")] value=cover/>
            <Toggles legend="Friends in sight (2.3.4.d)" options=vec![(Isolation::NotIsolated, "3 or more"), (Isolation::TwoUnits, "2"), (Isolation::OneUnit, "1"), (Isolation::NoUnit, "None")] value=isolation/>
            <Toggles legend="Protected by own troops (2.3.4.c)" options=vec![(false, "No"), (true, "Yes")] value=protected/>
            <Stepper label="Regiments of its brigade lost (2.3.4.e)" value=brigade_lost max=12/>
            <Show when=move || guns.get()>
                <Toggles legend="Guns (2.3.3)" options=vec![(ArtillerySituation::SectionAlone, "Section alone"), (ArtillerySituation::WithCompleteBattery, "With its battery"), (ArtillerySituation::SupportedByInfantry, "Supported by infantry")] value=situation/>
                {(kind == Kind::Rally).then(|| view! {
                    <Toggles legend="Failed to rally on an earlier turn (2.4)" options=vec![(false, "No"), (true, "Yes")] value=failed_before/>
                })}
            </Show>
            {move || match computed.get() {
                Ok(m) => {
                    let i = inputs();
                    let r = rulings();
                    let (what, chance) = match kind {
                        Kind::Check => ("Passes", check_odds(m.value, i.level).chance_that(|x| x.passed())),
                        Kind::Rally => {
                            let who = if i.guns { RallyingUnit::ArtilleryCrew { failed_before: i.failed_before } } else { RallyingUnit::Regiment };
                            ("Rallies", rally_odds(m.value, i.level, who, &r).chance_that(|x| x.rallied()))
                        }
                    };
                    view! {
                        <p class="mmp">{mmp_words(&m)}</p>
                        <OddsLine target=format!("Roll higher than {} on two dice (2 always routs, 12 always rallies: 2.3.2)", m.value) chances=vec![(what, chance)]/>
                    }.into_any()
                }
                Err(e) => view! { <super::missing::Problem error=e/> }.into_any(),
            }}
            <DiceEntry name="Die" count=Signal::derive(|| 2usize) faces=faces/>
            <ResultCard result=result applied=applied/>
        </section>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
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
        let r = read(&inputs(), m.value, TwoDice::new(3, 4).unwrap(), &rulings);
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
        let r = read(&i, m.value, TwoDice::new(1, 2).unwrap(), &rulings);
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
