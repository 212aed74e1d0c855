//! Other rolls at `/resolve/rolls`: sighting in woods (4.2.3.c), hasty works (9.1.1), the
//! attempt to halt (5.3.3), the cost of mounting (6.7.2), surprise (10.2) and resupply
//! (4.2.4.b). The menu lists them; `?roll=` opens one (`&unit=` a unit of the game). Each shows
//! its target and odds before the roll, takes the app's die or the table's, and states the
//! result with its rules; where the result changes the game it is applied in one tap.

use super::card::{Applied, Resolution, ResultCard};
use super::missing::Problem;
use super::picker::{Pick, UnitPicker};
use crate::shell::router::use_query_map;
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::dice::{DiceEntry, thrown};
use crate::widgets::odds::OddsLine;
use crate::widgets::toggles::{Stepper, Toggles};
use johnny_reb::rules::charge::distance::{attempt_to_halt, chance_to_halt};
use johnny_reb::rules::fire::{FireRulings, SightingRoll, Visibility, Woods, sighting_odds, sighting_roll};
use johnny_reb::rules::movement::{MovementRulings, OfficerOnDieRoll, TerrainType, chance_to_beat, mounting_cost};
use johnny_reb::rules::settings::RulesSettings;
use johnny_reb::rules::surprise::{Alertness, strategic_release, tactical_surprise, tactical_surprise_odds};
use johnny_reb::rules::unit::{Arm, Formation, Quality};
use johnny_reb::rules::works::{hasty_works_allowed, hasty_works_roll, hasty_works_target};
use johnny_reb::rules::{Cell, Chance, Die, Distribution, Ratio, RuleError, RuleResult, TwoDice};
use johnny_reb::state::command::Command;
use johnny_reb::state::game::Game;
use johnny_reb::state::roster::RegimentFlag;
use johnny_reb::state::units::UnitCommand;
use leptos::prelude::*;

/// The other rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Roll {
    /// Sighting in woods (4.2.3.c).
    Sighting,
    /// Hasty works (9.1.1).
    HastyWorks,
    /// Attempt to halt a charge (5.3.3).
    Halt,
    /// The cost of mounting or dismounting (6.7.2).
    Mounting,
    /// Tactical surprise and the strategic release roll (10.2).
    Surprise,
    /// Resupply of an out-of-ammunition unit (4.2.4.b).
    Resupply,
}

impl Roll {
    /// Every roll, in the menu's order.
    pub const ALL: [Roll; 6] =
        [Roll::Sighting, Roll::HastyWorks, Roll::Halt, Roll::Mounting, Roll::Surprise, Roll::Resupply];

    /// The word in `?roll=`.
    pub fn key(self) -> &'static str {
        match self {
            Roll::Sighting => "sighting",
            Roll::HastyWorks => "works",
            Roll::Halt => "halt",
            Roll::Mounting => "mounting",
            Roll::Surprise => "surprise",
            Roll::Resupply => "resupply",
        }
    }

    /// The roll for a `?roll=` word.
    pub fn from_key(key: &str) -> Option<Roll> {
        Roll::ALL.into_iter().find(|r| r.key() == key)
    }

    /// Its name on the menu and as the screen's title.
    pub fn label(self) -> &'static str {
        match self {
            Roll::Sighting => "Sighting in woods",
            Roll::HastyWorks => "Hasty works",
            Roll::Halt => "Attempt to halt",
            Roll::Mounting => "Mounting cost",
            Roll::Surprise => "Surprise",
            Roll::Resupply => "Resupply",
        }
    }

    /// Its rules.
    pub fn rule(self) -> &'static str {
        match self {
            Roll::Sighting => "4.2.3.c",
            Roll::HastyWorks => "9.1.1",
            Roll::Halt => "5.3.3",
            Roll::Mounting => "6.7.2",
            Roll::Surprise => "10.2",
            Roll::Resupply => "4.2.4.b",
        }
    }
}

/// Half inches as the table measures them: 7 is "3 1/2″".
pub fn half_inches(halves: u32) -> Ratio {
    Ratio::new(halves, 2).unwrap_or(Ratio::ZERO)
}

/// The sighting roll's result in words (4.2.3.c): `measured` inches of woods on the table.
pub fn sighting_result(woods: Woods, measured: Ratio, faces: &[u8], rulings: &FireRulings) -> RuleResult<Resolution> {
    let roll = match (woods, faces) {
        (Woods::Heavy, [a, ..]) => SightingRoll::OneDie(Die::new(*a)?),
        (Woods::Light, [a, b, ..]) => SightingRoll::TwoDice(TwoDice::new(*a, *b)?),
        _ => {
            return Err(RuleError::OutOfRange {
                what: "dice",
                detail: "one die in heavy woods, two in light woods (4.2.3.c)".into(),
            });
        }
    };
    let total: u32 = match roll {
        SightingRoll::OneDie(d) => u32::from(d.face()),
        SightingRoll::TwoDice(d) => u32::from(d.total()),
    };
    let seen = sighting_roll(woods, measured, roll, rulings)? == Visibility::Clear;
    let headline = if seen {
        format!("Rolled {total}, greater than {measured}″: the units sight one another; fire is normal (4.2.3.c).")
    } else {
        format!(
            "Rolled {total}, not greater than {measured}″: not sighted; fire between them is area fire, x1/2 (4.2.3.c)."
        )
    };
    Ok(Resolution {
        headline,
        details: vec![
            "One roll serves both units: both sight one another or neither does. It holds for this turn only; measure and roll again next turn (4.2.3.c).".into(),
            "A unit outside the woods firing in fires blind (x1/4) unless the target is within 1″ of the edge and marked Move or FM (4.2.3.c).".into(),
        ],
        ..Default::default()
    })
}

/// The hasty works result (9.1.1) for regiment `id` (none: a quick look-up), in `formation`
/// now. Either way the regiment is in disorder: it was placed there at the announcement.
pub fn hasty_works_resolution(
    name: &str,
    id: Option<&str>,
    formation: Formation,
    bmp: u8,
    officer_benefit: Option<u8>,
    die: Die,
    rulings: &MovementRulings,
) -> RuleResult<Resolution> {
    let built = hasty_works_roll(bmp, officer_benefit, die, rulings)?;
    let target = hasty_works_target(bmp, officer_benefit, rulings);
    let headline = if built {
        format!(
            "{name} rolled {}, higher than {target}: the hasty works are finished along its whole frontage (9.1.1).",
            die.face()
        )
    } else {
        format!(
            "{name} rolled {}, not higher than {target}: the works are not finished; all it has done is put itself in disorder (9.1.1).",
            die.face()
        )
    };
    let mut details = Vec::new();
    if built {
        details.push("That stretch of ground saves 1 better: a wood fence saves on 1 or 2, broken ground with no save saves on 1 (9.1.1). Mark the works on the table; they stay with the ground.".into());
    }
    details.push(
        "It stays in disorder this turn and may fire; charged, it is a disordered unit on Conditional Hold (9.1.1)."
            .into(),
    );
    let commands = match id {
        Some(id) if formation != Formation::Disorder => {
            vec![Command::Unit(UnitCommand::SetFormation { regiment: id.into(), formation: Formation::Disorder })]
        }
        _ => Vec::new(),
    };
    // The attempt is the regiment's Formation Change this turn: its phase-six item (9.1.1, 6.1).
    let settles = id.map(|id| vec![format!("move-{id}")]).unwrap_or_default();
    Ok(Resolution { headline, details, commands, recorded: id.is_some(), settles, ..Default::default() })
}

/// The attempt to halt (5.3.3) in words: the BMP less the officer's benefit must be beaten.
pub fn halt_resolution(name: &str, bmp: u8, officer_benefit: u8, die: Die) -> Resolution {
    let h = attempt_to_halt(i32::from(bmp), officer_benefit, die);
    let headline = if h.halts {
        format!(
            "{name} rolled {}, higher than {}: it halts at the announced point; the red marker goes there (5.3.3).",
            h.roll, h.target
        )
    } else {
        format!("{name} rolled {}, not higher than {}: it charges the full bonus distance (5.3.3).", h.roll, h.target)
    };
    Resolution { headline, ..Default::default() }
}

/// The cost of mounting or dismounting in words (6.7.2), in inches on this table.
pub fn mounting_words(bmp: u8, mounted_move: bool, settings: &RulesSettings) -> RuleResult<String> {
    let cost = settings.table_inches(mounting_cost(bmp, mounted_move)?);
    Ok(if mounted_move {
        format!("Mounting or dismounting costs {cost}″ of a move made mounted: twice its BMP of {bmp} (6.7.2).")
    } else {
        format!("Mounting or dismounting costs {cost}″ of a move made on foot: its BMP of {bmp} (6.7.2).")
    })
}

/// The tactical surprise roll in words (10.2.1.b, Table 18).
pub fn tactical_words(name: &str, die: Die) -> Resolution {
    let a = tactical_surprise(die);
    let headline = match a.charge_modifier() {
        Cell::Printed(0) | Cell::RuleText { value: 0, .. } => {
            format!("{name} rolled {}: no change, unit alert (10.2.1.b).", die.face())
        }
        Cell::Printed(m) | Cell::RuleText { value: m, .. } => {
            format!(
                "{name} rolled {}: {}, +{m} to its fear-of-charge and impact rolls (10.2.1.b, Table 18).",
                die.face(),
                a.label()
            )
        }
        Cell::Missing => {
            format!("{name} rolled {}: {} (10.2.1.b); its Table 18 modifier is on your card.", die.face(), a.label())
        }
    };
    Resolution {
        headline,
        details: vec!["Surprised units forfeit the opening volley while the surprise lasts (10.2.1.c).".into()],
        ..Default::default()
    }
}

/// The strategic surprise release roll in words (10.2.2.a).
pub fn release_words(name: &str, bmp: u8, die: Die) -> RuleResult<Resolution> {
    let released = strategic_release(bmp, die)?;
    let headline = if released {
        format!(
            "{name} rolled {}, higher than its BMP of {bmp}: released; it may be given any order from the next turn (10.2.2.a).",
            die.face()
        )
    } else {
        format!(
            "{name} rolled {}, not higher than its BMP of {bmp}: still surprised, on Conditional Hold; roll again next rally phase (10.2.2.a).",
            die.face()
        )
    };
    Ok(Resolution {
        headline,
        details: vec!["The game does not record which units are released: note it with the unit's orders.".into()],
        ..Default::default()
    })
}

/// The resupply roll (4.2.4.b) for regiment `id` on `turn`: it leaves by a friendly road and
/// returns a die of turns later; applying it clears its out-of-ammunition marker.
pub fn resupply_resolution(name: &str, id: Option<&str>, out_of_ammo: bool, turn: u32, die: Die) -> Resolution {
    let back = johnny_reb::rules::movement::resupply_return_turn(turn, die);
    let commands = match id {
        Some(id) if out_of_ammo => {
            vec![Command::Unit(UnitCommand::SetFlag { regiment: id.into(), flag: RegimentFlag::OutOfAmmo, on: false })]
        }
        _ => Vec::new(),
    };
    Resolution {
        headline: format!(
            "{name} rolled {}: it returns {} turns later, on turn {back}, with its ammunition replenished (4.2.4.b).",
            die.face(),
            die.face()
        ),
        details: vec![
            "It leaves the board now by a friendly road and comes back on turn ".to_string() + &back.to_string() + ".",
            if commands.is_empty() {
                "Nothing to record: it is not marked out of ammunition.".to_string()
            } else {
                "Applying takes off its out-of-ammunition marker (4.2.4.a).".to_string()
            },
        ],
        recorded: id.is_some() && out_of_ammo,
        commands,
        ..Default::default()
    }
}

/// What a roll needs to know of a regiment of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct RegimentFacts {
    /// Its name.
    pub name: String,
    /// Its arm.
    pub arm: Arm,
    /// Its BMP (Table 5).
    pub bmp: u8,
    /// Its formation.
    pub formation: Formation,
    /// The best benefit of the officers with it (0 for none).
    pub benefit: u8,
    /// His name.
    pub officer: Option<String>,
    /// Out of ammunition (4.2.4.a).
    pub out_of_ammo: bool,
}

/// The facts of regiment `id` of `game`.
pub fn regiment_facts(game: &Game, id: &str, overrides: &johnny_reb::rules::Overrides) -> Option<RegimentFacts> {
    let r = game.roster.regiment(id)?;
    let m = super::morale::facts(game, id)?;
    let bmp = super::movement::model::regiment_bmp(r.arm, r.quality, overrides, &game.setup.rules).ok()?;
    Some(RegimentFacts {
        name: r.name.clone(),
        arm: r.arm,
        bmp,
        formation: r.formation,
        benefit: m.benefit,
        officer: m.officer,
        out_of_ammo: r.out_of_ammo,
    })
}

/// A count of half inches with large − and + buttons, shown as inches.
#[component]
fn HalfInches(label: &'static str, value: RwSignal<u32>, max: u32) -> impl IntoView {
    view! {
        <fieldset class="choices inline stepper">
            <legend>{label}</legend>
            <button class="button" aria-label=format!("Less: {label}") on:click=move |_| value.update(|v| *v = v.saturating_sub(1))>"−"</button>
            <output class="count" aria-live="polite">{move || format!("{}″", half_inches(value.get()))}</output>
            <button class="button" aria-label=format!("More: {label}") on:click=move |_| value.update(|v| *v = (*v + 1).min(max))>"+"</button>
        </fieldset>
    }
    .into_any()
}

/// The Other rolls screen: the menu, or the roll `?roll=` names.
#[component]
pub fn RollsScreen() -> impl IntoView {
    let query = use_query_map();
    let roll = query.with_untracked(|q| q.get("roll")).and_then(|k| Roll::from_key(&k));
    match roll {
        None => view! {
            <section class="screen resolver" aria-labelledby="resolver-title">
                <super::BackToMenu/>
                <h1 id="resolver-title">"Other rolls"</h1>
                <nav class="resolve-menu" aria-label="Other rolls">
                    {Roll::ALL.iter().map(|r| view! {
                        <a href=format!("/resolve/rolls?roll={}", r.key()) class="button big">
                            <span>{r.label()}</span>
                            <span class="muted small">{r.rule()}</span>
                        </a>
                    }).collect_view()}
                </nav>
            </section>
        }
        .into_any(),
        Some(r) => view! {
            <section class="screen resolver" aria-labelledby="resolver-title">
                <super::BackToMenu/>
                <div class="row back"><a href="/resolve/rolls" class="button">"← Other rolls"</a></div>
                <h1 id="resolver-title">{r.label()}</h1>
                <p class="muted">{r.rule()}</p>
                {match r {
                    Roll::Sighting => view! { <SightingRoller/> }.into_any(),
                    Roll::HastyWorks => view! { <WorksRoller/> }.into_any(),
                    Roll::Halt => view! { <HaltRoller/> }.into_any(),
                    Roll::Mounting => view! { <MountingCost/> }.into_any(),
                    Roll::Surprise => view! { <SurpriseRoller/> }.into_any(),
                    Roll::Resupply => view! { <ResupplyRoller/> }.into_any(),
                }}
            </section>
        }
        .into_any(),
    }
}

fn one_die(faces: &[u8]) -> Option<Die> {
    thrown(faces, 1).and_then(|d| d.first().and_then(|f| Die::new(*f).ok()))
}

/// Clears the dice and the card when `key` changes.
fn reset_on<T: PartialEq + Clone + Send + Sync + 'static>(
    key: impl Fn() -> T + 'static,
    faces: RwSignal<Vec<u8>>,
    applied: RwSignal<Option<Applied>>,
) {
    Effect::new(move |prev: Option<T>| {
        let now = key();
        if prev.is_some_and(|p| p != now) {
            applied.set(None);
            faces.set(Vec::new());
        }
        now
    });
}

#[component]
fn SightingRoller() -> impl IntoView {
    let store = use_store();
    // Heavy woods (true) or light (false): a shared `Toggles<bool>` (see movement's toggles).
    let heavy = RwSignal::new(false);
    let woods = move || if heavy.get() { Woods::Heavy } else { Woods::Light };
    let measured = RwSignal::new(6u32); // half inches: 3"
    let faces = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Applied>);
    reset_on(move || (heavy.get(), measured.get()), faces, applied);
    let rulings = move || store.session.with(|s| s.game().setup.rules.fire.clone());
    let count = Signal::derive(move || if heavy.get() { 1 } else { 2 });
    let result = Signal::derive(move || {
        let n = count.get();
        let d = thrown(&faces.get(), n)?;
        sighting_result(woods(), half_inches(measured.get()), &d, &rulings()).ok()
    });
    view! {
        <p class="muted">"A firer in woods, or both units in woods: one roll for the two of them (4.2.3.c)."</p>
        <Toggles legend="Woods" options=vec![(false, "Light woods (two dice)"), (true, "Heavy woods (one die)")] value=heavy/>
        <HalfInches label="Obscuring inches, as measured" value=measured max=48/>
        {move || {
            let inches = half_inches(measured.get());
            let d = sighting_odds(woods(), inches, &rulings());
            let dice = if heavy.get() { "one die" } else { "two dice" };
            view! {
                <OddsLine target=format!("Roll greater than {inches}″ on {dice} to sight (4.2.3.c)") chances=vec![("Sighted", d.chance_of(&Visibility::Clear)), ("Area fire", d.chance_of(&Visibility::Area))]/>
            }
        }}
        <DiceEntry name="Die" count=count faces=faces/>
        <ResultCard result=result applied=applied/>
    }
    .into_any()
}

#[component]
fn WorksRoller() -> impl IntoView {
    let store = use_store();
    let query = use_query_map();
    let chosen = RwSignal::new(query.with_untracked(|q| q.get("unit")).filter(|s| !s.is_empty()));
    let quality = RwSignal::new(Quality::Average);
    let officer = RwSignal::new(false);
    let benefit = RwSignal::new(1u32);
    // Broken, rough, behind a fence or hedge (all allowed), or in the open (not).
    let place = RwSignal::new(0u8);
    let allowed = move || {
        let (terrain, fence) = match place.get() {
            0 => (TerrainType::Broken, false),
            1 => (TerrainType::Rough, false),
            2 => (TerrainType::Open, true),
            _ => (TerrainType::Open, false),
        };
        hasty_works_allowed(terrain, fence)
    };
    let faces = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Applied>);
    let known = Memo::new(move |_| {
        let id = chosen.get()?;
        store.session.with(|s| store.table_entries.with(|o| regiment_facts(s.game(), &id, o)))
    });
    Effect::new(move |_| {
        if let Some(f) = known.get() {
            officer.set(f.benefit > 0);
            benefit.set(u32::from(f.benefit.max(1)));
        }
    });
    reset_on(move || (chosen.get(), quality.get(), officer.get(), benefit.get(), place.get()), faces, applied);
    let rulings = move || store.session.with(|s| s.game().setup.rules.movement.clone());
    let bmp = move || -> RuleResult<u8> {
        match known.get() {
            Some(f) => Ok(f.bmp),
            None => {
                let s = store.session.with(|s| s.game().setup.rules.clone());
                store.table_entries.with(|o| super::movement::model::regiment_bmp(Arm::Infantry, quality.get(), o, &s))
            }
        }
    };
    let help = move || officer.get().then(|| u8::try_from(benefit.get()).unwrap_or(1));
    let result = Signal::derive(move || {
        if !allowed() {
            return None;
        }
        let die = one_die(&faces.get())?;
        let b = bmp().ok()?;
        let (name, formation) =
            known.get().map(|f| (f.name, f.formation)).unwrap_or_else(|| ("The regiment".into(), Formation::Line));
        hasty_works_resolution(&name, chosen.get().as_deref(), formation, b, help(), die, &rulings()).ok()
    });
    view! {
        <p class="muted">"Marked FM; announced when orders are revealed; the regiment goes into disorder and rolls after all movement, before moving fire (9.1.1)."</p>
        <UnitPicker pick=Pick::Regiments chosen=chosen/>
        {move || match known.get() {
            Some(f) => view! { <p class="facts">{format!("BMP {} · {}{}", f.bmp, f.formation.label(), f.officer.map(|o| format!(" · with {o}")).unwrap_or_default())}</p> }.into_any(),
            None => view! { <Toggles legend="Quality (Table 5)" options=Quality::ALL.iter().map(|q| (*q, q.label())).collect() value=quality/> }.into_any(),
        }}
        <Toggles legend="Where it stands (9.1.1)" options=vec![(0, "Broken"), (1, "Rough"), (2, "Behind a fence or hedge"), (3, "In the open")] value=place/>
        <Toggles legend="Officer present (9.1.1)" options=vec![(false, "No"), (true, "Yes")] value=officer/>
        <Show when=move || officer.get() && rulings().hasty_works_officer == OfficerOnDieRoll::BenefitValue>
            <Stepper label="Officer's benefit" value=benefit max=3/>
        </Show>
        {move || match (allowed(), bmp()) {
            (false, _) => view! { <p class="problem" role="alert">"Hasty works cannot be attempted in the open, only in broken or rough terrain or behind a fence or hedge (9.1.1)."</p> }.into_any(),
            (true, Err(e)) => view! { <Problem error=e/> }.into_any(),
            (true, Ok(b)) => {
                let target = hasty_works_target(b, help(), &rulings());
                let chance = chance_to_beat(target);
                let why = if help().is_some() { format!("BMP {b}, helped by the officer") } else { format!("BMP {b}") };
                view! { <OddsLine target=format!("Roll higher than {target} on one die ({why}; 9.1.1)") chances=vec![("Works finished", chance), ("Not finished", chance.complement())]/> }.into_any()
            }
        }}
        <Show when=move || allowed()>
            <DiceEntry name="Die" count=Signal::derive(|| 1usize) faces=faces/>
        </Show>
        <ResultCard result=result applied=applied/>
    }
    .into_any()
}

#[component]
fn HaltRoller() -> impl IntoView {
    let store = use_store();
    let chosen = RwSignal::new(None::<String>);
    let quality = RwSignal::new(Quality::Average);
    let benefit = RwSignal::new(0u32);
    let faces = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Applied>);
    let known = Memo::new(move |_| {
        let id = chosen.get()?;
        store.session.with(|s| store.table_entries.with(|o| regiment_facts(s.game(), &id, o)))
    });
    Effect::new(move |_| {
        if let Some(f) = known.get() {
            benefit.set(u32::from(f.benefit));
        }
    });
    reset_on(move || (chosen.get(), quality.get(), benefit.get()), faces, applied);
    let bmp = move || -> RuleResult<u8> {
        match known.get() {
            Some(f) => Ok(f.bmp),
            None => {
                let s = store.session.with(|s| s.game().setup.rules.clone());
                store.table_entries.with(|o| super::movement::model::regiment_bmp(Arm::Infantry, quality.get(), o, &s))
            }
        }
    };
    let help = move || u8::try_from(benefit.get()).unwrap_or(0);
    let result = Signal::derive(move || {
        let die = one_die(&faces.get())?;
        let name = known.get().map(|f| f.name).unwrap_or_else(|| "The charging unit".into());
        Some(halt_resolution(&name, bmp().ok()?, help(), die))
    });
    view! {
        <p class="muted">"A halting point (a wood line, road, fence or works) announced when the charge was declared; rolled after marking the charge distances (5.3.3)."</p>
        <UnitPicker pick=Pick::Regiments chosen=chosen label="Charging regiment"/>
        {move || match known.get() {
            Some(f) => view! { <p class="facts">{format!("BMP {}{}", f.bmp, f.officer.map(|o| format!(" · with {o}")).unwrap_or_default())}</p> }.into_any(),
            None => view! { <Toggles legend="Quality (Table 5)" options=Quality::ALL.iter().map(|q| (*q, q.label())).collect() value=quality/> }.into_any(),
        }}
        <Stepper label="Officer's benefit (5.3.3)" value=benefit max=3/>
        {move || match bmp() {
            Err(e) => view! { <Problem error=e/> }.into_any(),
            Ok(b) => {
                let target = i32::from(b) - i32::from(help());
                let chance = chance_to_halt(i32::from(b), help());
                view! { <OddsLine target=format!("Roll higher than {target} on one die (BMP {b} less the officer's benefit; 5.3.3)") chances=vec![("Halts", chance), ("Charges on", chance.complement())]/> }.into_any()
            }
        }}
        <DiceEntry name="Die" count=Signal::derive(|| 1usize) faces=faces/>
        <ResultCard result=result applied=applied/>
    }
    .into_any()
}

#[component]
fn MountingCost() -> impl IntoView {
    let store = use_store();
    let chosen = RwSignal::new(None::<String>);
    let quality = RwSignal::new(Quality::Average);
    let mounted_move = RwSignal::new(true);
    let known = Memo::new(move |_| {
        let id = chosen.get()?;
        store.session.with(|s| store.table_entries.with(|o| regiment_facts(s.game(), &id, o)))
    });
    Effect::new(move |_| {
        if let Some(f) = known.get() {
            // Mounting at the end of a move on foot, dismounting at the end of a mounted one:
            // the move is made as the unit stands now.
            mounted_move.set(f.arm.is_mounted());
        }
    });
    let settings = move || store.session.with(|s| s.game().setup.rules.clone());
    let words = move || -> RuleResult<String> {
        let bmp = match known.get() {
            Some(f) if !matches!(f.arm, Arm::Cavalry { .. } | Arm::MountedInfantry { .. }) => {
                return Err(RuleError::OutOfRange {
                    what: "mounting",
                    detail: format!("{} has no horses: only cavalry and mounted infantry mount (6.7.2)", f.name),
                });
            }
            Some(f) => f.bmp,
            None => store.table_entries.with(|o| {
                super::movement::model::regiment_bmp(Arm::Cavalry { mounted: true }, quality.get(), o, &settings())
            })?,
        };
        mounting_words(bmp, mounted_move.get(), &settings())
    };
    view! {
        <p class="muted">"Only at the start or the end of the move; a unit that dismounts at the end still gets 1″. Mounting or dismounting without moving is a Formation Change (6.7.2)."</p>
        <UnitPicker pick=Pick::Regiments chosen=chosen/>
        {move || known.get().is_none().then(|| view! { <Toggles legend="Quality (Table 5)" options=Quality::ALL.iter().map(|q| (*q, q.label())).collect() value=quality/> })}
        <Toggles legend="The move is made" options=vec![(true, "Mounted"), (false, "On foot")] value=mounted_move/>
        {move || match words() {
            Ok(w) => view! { <section class="card result" role="status" aria-label="Result"><p class="headline"><strong>{w}</strong></p></section> }.into_any(),
            Err(e) => view! { <Problem error=e/> }.into_any(),
        }}
        {move || chosen.get().map(|id| view! { <p><a class="button" href=format!("/resolve/move?unit={id}")>"Its whole move, with mounting (Movement)"</a></p> })}
    }
    .into_any()
}

#[component]
fn SurpriseRoller() -> impl IntoView {
    let store = use_store();
    let query = use_query_map();
    // false: tactical (when charged); true: strategic release (the tracker's `&kind=release`).
    let kind = RwSignal::new(query.with_untracked(|q| q.get("kind")).as_deref() == Some("release"));
    let chosen = RwSignal::new(None::<String>);
    let bmp_quick = RwSignal::new(3u32);
    let faces = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Applied>);
    let known = Memo::new(move |_| {
        let id = chosen.get()?;
        store.session.with(|s| store.table_entries.with(|o| regiment_facts(s.game(), &id, o)))
    });
    reset_on(move || (kind.get(), chosen.get(), bmp_quick.get()), faces, applied);
    let bmp = move || known.get().map(|f| f.bmp).unwrap_or_else(|| u8::try_from(bmp_quick.get()).unwrap_or(3));
    let result = Signal::derive(move || {
        let die = one_die(&faces.get())?;
        let name = known.get().map(|f| f.name).unwrap_or_else(|| "The unit".into());
        if kind.get() { release_words(&name, bmp(), die).ok() } else { Some(tactical_words(&name, die)) }
    });
    view! {
        <Toggles legend="Roll" options=vec![(false, "Tactical surprise, when charged (10.2.1.b)"), (true, "Strategic surprise, release (10.2.2.a)")] value=kind/>
        <UnitPicker pick=Pick::Regiments chosen=chosen/>
        {move || (kind.get() && known.get().is_none()).then(|| view! { <Stepper label="Its BMP (Table 5)" value=bmp_quick max=12/> })}
        {move || if kind.get() {
            let b = bmp();
            let chance = chance_to_beat(i16::from(b));
            view! { <OddsLine target=format!("Roll higher than its BMP of {b} on one die (10.2.2.a)") chances=vec![("Released", chance), ("Still surprised", chance.complement())]/> }.into_any()
        } else {
            let d: Distribution<Alertness> = tactical_surprise_odds();
            view! { <OddsLine target="One die, halved and rounded down: the Table 18 modifier (10.2.1.b)" chances=vec![
                ("Alert", d.chance_of(&Alertness::Alert)),
                ("+1", d.chance_of(&Alertness::ModeratelySurprised)),
                ("+2", d.chance_of(&Alertness::VerySurprised)),
                ("+3", d.chance_of(&Alertness::TotallySurprised)),
            ]/> }.into_any()
        }}
        <DiceEntry name="Die" count=Signal::derive(|| 1usize) faces=faces/>
        <ResultCard result=result applied=applied/>
    }
    .into_any()
}

#[component]
fn ResupplyRoller() -> impl IntoView {
    let store = use_store();
    let query = use_query_map();
    let chosen = RwSignal::new(query.with_untracked(|q| q.get("unit")).filter(|s| !s.is_empty()));
    let faces = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Applied>);
    // Read when chosen: once applied, the card keeps the result it recorded.
    let known = Memo::new(move |_| {
        let id = chosen.get()?;
        store.session.with_untracked(|s| store.table_entries.with_untracked(|o| regiment_facts(s.game(), &id, o)))
    });
    reset_on(move || chosen.get(), faces, applied);
    let turn = move || store.session.with(|s| s.game().turn);
    let result = Signal::derive(move || {
        let die = one_die(&faces.get())?;
        let f = known.get();
        let name = f.as_ref().map(|f| f.name.clone()).unwrap_or_else(|| "The regiment".into());
        Some(resupply_resolution(&name, chosen.get().as_deref(), f.is_some_and(|f| f.out_of_ammo), turn(), die))
    });
    let half: Chance = Distribution::of_die(|d| d.face() <= 3).chance_of(&true);
    view! {
        <p class="muted">"An out-of-ammunition unit leaves the board by a friendly road and returns a die of turns later (4.2.4.b)."</p>
        <UnitPicker pick=Pick::Regiments chosen=chosen/>
        {move || known.get().map(|f| view! {
            <p class="facts">{if f.out_of_ammo { "Out of ammunition".to_string() } else { "Not marked out of ammunition".to_string() }}</p>
        })}
        <OddsLine target="Roll one die: it returns that many turns later (4.2.4.b)" chances=vec![("Back within 3 turns", half)]/>
        <DiceEntry name="Die" count=Signal::derive(|| 1usize) faces=faces/>
        <ResultCard result=result applied=applied/>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use johnny_reb::rules::Overrides;
    use johnny_reb::state::demo::demo_game;

    fn d(f: u8) -> Die {
        Die::new(f).unwrap()
    }

    #[test]
    fn every_roll_has_a_key_that_reads_back() {
        for r in Roll::ALL {
            assert_eq!(Roll::from_key(r.key()), Some(r));
        }
        assert_eq!(Roll::from_key("nope"), None);
    }

    #[test]
    fn rule_4_2_3_c_sighting_greater_than_the_obscuring_inches() {
        let r = FireRulings::default();
        // Heavy woods, 3 1/2" of woods: a 4 sights, a 3 does not.
        let seen = sighting_result(Woods::Heavy, half_inches(7), &[4], &r).unwrap();
        assert!(seen.headline.contains("sight one another") && seen.headline.contains("3 1/2″"), "{}", seen.headline);
        let not = sighting_result(Woods::Heavy, half_inches(7), &[3], &r).unwrap();
        assert!(not.headline.contains("area fire"), "{}", not.headline);
        // Light woods: two dice; 4" needs 5 or more.
        assert!(sighting_result(Woods::Light, Ratio::whole(4), &[2, 2], &r).unwrap().headline.contains("area fire"));
        assert!(
            sighting_result(Woods::Light, Ratio::whole(4), &[2, 3], &r).unwrap().headline.contains("sight one another")
        );
        assert!(sighting_result(Woods::Light, Ratio::whole(4), &[2], &r).is_err());
        assert!(!seen.recorded && seen.commands.is_empty());
    }

    #[test]
    fn rule_9_1_1_new_jersey_regiments_need_4_or_3() {
        let r = MovementRulings::default();
        // The 2nd New Jersey, BMP 3, no officer: a 3 fails, a 4 succeeds.
        let fail = hasty_works_resolution("2nd New Jersey", Some("r-2nj"), Formation::Line, 3, None, d(3), &r).unwrap();
        assert!(fail.headline.contains("not finished"), "{}", fail.headline);
        assert_eq!(
            fail.commands,
            vec![Command::Unit(UnitCommand::SetFormation { regiment: "r-2nj".into(), formation: Formation::Disorder })]
        );
        let ok = hasty_works_resolution("2nd New Jersey", Some("r-2nj"), Formation::Line, 3, None, d(4), &r).unwrap();
        assert!(ok.headline.contains("finished along its whole frontage"), "{}", ok.headline);
        // The 1st New Jersey has an officer: a 3 succeeds.
        let first = hasty_works_resolution("1st New Jersey", None, Formation::Line, 3, Some(1), d(3), &r).unwrap();
        assert!(first.headline.contains("higher than 2"), "{}", first.headline);
        assert!(first.commands.is_empty() && !first.recorded);
        // Already in disorder: nothing more to record.
        assert!(
            hasty_works_resolution("x", Some("r"), Formation::Disorder, 3, None, d(6), &r).unwrap().commands.is_empty()
        );
    }

    #[test]
    fn rule_5_3_3_halt_beats_the_bmp_less_the_officer() {
        assert!(halt_resolution("1st Tennessee", 3, 1, d(3)).headline.contains("halts at the announced point"));
        assert!(halt_resolution("1st Tennessee", 3, 0, d(3)).headline.contains("charges the full bonus"));
    }

    #[test]
    fn rule_6_7_2_mounting_cost_in_words_and_doubled_for_25mm() {
        let mut s = RulesSettings::default();
        assert_eq!(
            mounting_words(3, true, &s).unwrap(),
            "Mounting or dismounting costs 6″ of a move made mounted: twice its BMP of 3 (6.7.2)."
        );
        assert!(mounting_words(3, false, &s).unwrap().contains("costs 3″"));
        s.fire.figures_25mm = true;
        assert!(mounting_words(3, false, &s).unwrap().contains("costs 6″"));
    }

    #[test]
    fn rule_10_2_surprise_rolls() {
        assert!(tactical_words("x", d(1)).headline.contains("unit alert"));
        assert!(tactical_words("x", d(5)).headline.contains("+2 to its fear-of-charge"));
        assert!(release_words("x", 3, d(4)).unwrap().headline.contains("released"));
        assert!(release_words("x", 3, d(3)).unwrap().headline.contains("still surprised"));
    }

    #[test]
    fn rule_4_2_4_b_resupply_returns_four_turns_later_and_clears_out_of_ammo() {
        let r = resupply_resolution("2nd Wisconsin", Some("r-2wi"), true, 5, d(4));
        assert!(r.headline.contains("on turn 9"), "{}", r.headline);
        assert_eq!(
            r.commands,
            vec![Command::Unit(UnitCommand::SetFlag {
                regiment: "r-2wi".into(),
                flag: RegimentFlag::OutOfAmmo,
                on: false
            })]
        );
        let r = resupply_resolution("2nd Wisconsin", Some("r-2wi"), false, 5, d(4));
        assert!(r.commands.is_empty() && !r.recorded);
    }

    #[test]
    fn roster_facts_for_the_rolls() {
        let g = demo_game("g");
        let f = regiment_facts(&g, "r-19in", &Overrides::new()).unwrap();
        assert_eq!((f.bmp, f.benefit, f.formation), (2, 1, Formation::Line));
        assert!(regiment_facts(&g, "s-hall-1", &Overrides::new()).is_none());
    }
}
