//! One screen per Table 16 step, chosen by what the charge waits for ([`Need`]): what the step
//! is, the target number and the odds before the roll, the dice (the app's or the table's),
//! and the button that resolves it. The morale checks a step calls for are worked out by the
//! rules engine from what happened (4.4.1, 4.4.2); the players roll them.

use super::super::missing::Problem;
use super::super::morale::mmp_words;
use super::super::picker::{Pick, UnitPicker};
use super::super::queue::{Due, use_queue};
use super::declare::{FORMATIONS, count_field, inches, inches_field};
use super::{Ctx, Sides, words};
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::dice::DiceEntry;
use crate::widgets::dice::{dice_of as several, one_die as one, two_dice as two};
use crate::widgets::odds::OddsLine;
use crate::widgets::toggles::{Stepper, Toggles};
use johnny_reb::rules::charge::distance::{
    BonusPath, TerrainChange, bonus_dice_count, chance_of_disorder, chance_to_halt, normal_move_rate,
};
use johnny_reb::rules::charge::followups::melee_check_reasons;
use johnny_reb::rules::charge::sequence::{Conditions, CounterchargeInput, FireEffect, MoraleCheckInput, OfficerRoll};
use johnny_reb::rules::charge::{Advance, Charge, ChargeRulings, Input, Need, Side, show_inches};
use johnny_reb::rules::morale::{
    AfterCheck, Aspect, ChargeSituation, CheckReason, Cover, FireEffects, Mmp, MoraleRulings, MoraleSituation,
    MoraleUnit, TriggeredUnit, check, check_odds, checks_due, forced_rout_dice,
};
use johnny_reb::rules::tables::t03_movement_rates::Rate;
use johnny_reb::rules::tables::t20_officer_casualty::CasualtyEffect;
use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Terrain};
use johnny_reb::rules::{Chance, Distribution, Overrides, Ratio, RuleError, RuleResult, TwoDice};
use johnny_reb::state::charges::{kill_effects, stands_lost_after};
use johnny_reb::state::roster::{Regiment, Weapon};
use leptos::prelude::*;

// ---- small helpers ----

/// The explanation of a step, folded below its target, odds and dice.
fn why(rules: &'static str, body: AnyView) -> AnyView {
    view! {
        <details class="more why">
            <summary class="button">{format!("Why (rule {rules})")}</summary>
            {body}
        </details>
    }
    .into_any()
}

/// The button that resolves a step; disabled until everything is in.
fn resolve_button(label: &'static str, ready: Signal<bool>, go: Callback<()>) -> AnyView {
    view! {
        <div class="row step-go">
            <button class="button big primary" disabled=move || !ready.get() on:click=move |_| go.run(())>{label}</button>
        </div>
    }
    .into_any()
}

fn entries() -> Signal<Overrides> {
    let store = use_store();
    Signal::derive(move || store.table_entries.get())
}

fn morale_rulings() -> MoraleRulings {
    use_store().session.with_untracked(|s| s.game().setup.rules.morale.clone())
}

fn charge_rulings() -> ChargeRulings {
    use_store().session.with_untracked(|s| s.game().setup.rules.charges.clone())
}

const TERRAINS: [(Terrain, &str); 4] =
    [(Terrain::Open, "Open"), (Terrain::Road, "Road"), (Terrain::Broken, "Broken"), (Terrain::Rough, "Rough")];
const COVERS: [(Cover, &str); 4] = [
    (Cover::None, "In the open"),
    (Cover::Cover, "In or behind cover"),
    (Cover::MediumWorks, "Medium works"),
    (Cover::HeavyWorks, "Heavy works"),
];
const ASPECTS: [(Aspect, &str); 4] = [
    (Aspect::Front, "Front"),
    (Aspect::PartialFlank, "Partial flank"),
    (Aspect::FullFlank, "Flank"),
    (Aspect::Rear, "Rear"),
];

/// Infantry without bayonets: carbines, repeaters, shotguns, pistols, or dismounted cavalry
/// (5.5.3.c).
pub fn without_bayonets(r: &Regiment) -> bool {
    r.traits.no_bayonets
        || r.traits.repeater
        || matches!(
            r.weapon,
            Weapon::Carbine | Weapon::RepeatingCarbine | Weapon::RepeatingRifle | Weapon::Shotgun | Weapon::Pistol
        )
        || r.arm == Arm::Cavalry { mounted: false }
}

fn reason_words(r: CheckReason) -> &'static str {
    match r {
        CheckReason::FirstKill => "first kill (4.4.1.a)",
        CheckReason::FigureLost => "figure lost (6.8.6.b)",
        CheckReason::CrewKill => "crew kill (4.4.1.b)",
        CheckReason::ArtilleryHit { .. } => "artillery hit (4.4.1.c)",
        CheckReason::StandLost => "stand lost (4.4.1.d)",
        CheckReason::UnexpectedDevastation => "a 12 rolled against it (4.4.1.f)",
        CheckReason::OfficerCasualtySeen { spectacular_death: false } => "its officer hit (Table 2 no. 10)",
        CheckReason::OfficerCasualtySeen { spectacular_death: true } => {
            "its officer's spectacular death (Table 2 no. 10, +1)"
        }
        _ => "other (Table 2)",
    }
}

fn defender_unit(c: &Charge, s: &Sides) -> MoraleUnit {
    if c.setup.defender.arm == Arm::Artillery {
        MoraleUnit::gun_section(c.setup.defender.quality, s.guns)
    } else {
        MoraleUnit::regiment(c.setup.defender.arm, c.setup.defender.quality)
    }
}

fn charger_unit(c: &Charge) -> MoraleUnit {
    MoraleUnit::regiment(c.setup.charger.arm, c.setup.charger.quality)
}

fn lost(c: &Charge, side: Side) -> u32 {
    match side {
        Side::Charger => c.setup.charger.figures.saturating_sub(c.charger_figures),
        Side::Defender => c.setup.defender.figures.saturating_sub(c.defender_figures),
    }
}

// ---- a side's situation for the charge checks (Tables 17, 18) ----

/// What the players say of one side's situation, prefilled from the roster.
#[derive(Clone, Copy)]
struct Situation {
    cover: RwSignal<Cover>,
    aspect: RwSignal<Aspect>,
    no_bayonets: RwSignal<bool>,
    stands_lost: RwSignal<u32>,
    benefit: RwSignal<u32>,
    known: bool,
    /// An earlier step was told it.
    given: bool,
}

impl Situation {
    fn new(c: &Charge, s: &Sides, side: Side) -> Situation {
        let (reg, benefit, given) = match side {
            Side::Charger => (s.charger_reg.as_ref(), c.setup.charger.officer_benefit, c.conditions.charger),
            Side::Defender => (s.defender_reg.as_ref(), c.setup.defender.officer_benefit, c.conditions.defender),
        };
        // What an earlier step was told is where this one starts: never asked twice.
        let stands = match (reg, given) {
            (Some(r), _) => stands_lost_after(r, lost(c, side)),
            (None, Some(g)) => g.general.stands_lost,
            (None, None) => 0,
        };
        Situation {
            cover: RwSignal::new(given.map(|g| g.general.cover).unwrap_or(Cover::None)),
            aspect: RwSignal::new(given.map(|g| g.charged_on).unwrap_or(Aspect::Front)),
            no_bayonets: RwSignal::new(given.map(|g| g.no_bayonets).unwrap_or(reg.is_some_and(without_bayonets))),
            stands_lost: RwSignal::new(stands),
            benefit: RwSignal::new(
                given.filter(|_| reg.is_none()).map(|g| g.general.officer_benefit).unwrap_or(benefit).into(),
            ),
            known: reg.is_some(),
            given: given.is_some(),
        }
    }

    /// The situation as given, read without tracking (for the step's input).
    fn given(&self) -> ChargeSituation {
        untrack(|| self.charge())
    }

    /// The situation in a few words: what the folded toggles say now.
    fn words(&self, defender: bool) -> String {
        let mut out = Vec::new();
        if defender {
            out.push(COVERS.iter().find(|(c, _)| *c == self.cover.get()).map(|(_, w)| *w).unwrap_or("").to_lowercase());
            out.push(format!(
                "charged on the {}",
                ASPECTS.iter().find(|(a, _)| *a == self.aspect.get()).map(|(_, w)| *w).unwrap_or("").to_lowercase()
            ));
        }
        if !self.known {
            out.push(if self.no_bayonets.get() { "without bayonets".into() } else { "with bayonets".into() });
            out.push(format!("{} stands lost", self.stands_lost.get()));
            out.push(format!("officer +{}", self.benefit.get()));
        }
        out.join(", ")
    }

    fn charge(&self) -> ChargeSituation {
        ChargeSituation {
            general: MoraleSituation {
                stands_lost: self.stands_lost.get(),
                cover: self.cover.get(),
                officer_benefit: u8::try_from(self.benefit.get()).unwrap_or(3),
                ..Default::default()
            },
            no_bayonets: self.no_bayonets.get(),
            charged_on: self.aspect.get(),
            ..Default::default()
        }
    }

    /// The toggles: cover and aspect for the charged unit; stands and officer when the roster
    /// does not know them.
    fn view(self, defender: bool) -> AnyView {
        let (cover, aspect, bayonets, stands, officer) = if defender {
            (
                "Charged unit's cover (Table 18)",
                "Charged on (5.5.3.a)",
                "Charged unit without bayonets (5.5.3.c)",
                "Charged unit's stands lost",
                "Charged unit's officer benefit",
            )
        } else {
            (
                "",
                "",
                "Charging unit without bayonets (5.5.3.c)",
                "Charging unit's stands lost",
                "Charging unit's officer benefit",
            )
        };
        if !defender && self.known {
            return ().into_any();
        }
        let who = if defender { "Charged unit" } else { "Charging unit" };
        let said = if self.given { "as given before" } else { "change if not so" };
        // Folded to one line, what it says now: the step's target and dice stay in view.
        view! {
            <details class="more conditions">
                <summary class="button">{move || format!("{who}: {} ({said}, Table 18)", self.words(defender))}</summary>
                {defender.then(|| view! {
                    <Toggles legend=cover options=COVERS.to_vec() value=self.cover/>
                    <Toggles legend=aspect options=ASPECTS.to_vec() value=self.aspect/>
                })}
                {(!self.known).then(|| view! {
                    <Toggles legend=bayonets options=vec![(false, "Has bayonets"), (true, "Without")] value=self.no_bayonets/>
                    <Stepper label=stands value=self.stands_lost max=6/>
                    <Stepper label=officer value=self.benefit max=3/>
                })}
            </details>
        }
        .into_any()
    }
}

// ---- morale checks in a row (4.4.2) ----

type Compute = Callback<(Vec<CheckReason>, Vec<TwoDice>), RuleResult<Vec<MoraleCheckInput>>>;

/// A side's checks: the reasons due (in the order of 4.4.2) and two dice each.
#[derive(Clone, Copy)]
struct Checks {
    reasons: Memo<RuleResult<Vec<CheckReason>>>,
    pool: [RwSignal<Vec<u8>>; 8],
    compute: Compute,
    start: MoraleLevel,
    /// The first failure ends the sequence (5.4.3: the charge halts; RULINGS.md).
    stop_at_failure: bool,
    /// What calls for the checks is known (a melee round's kills are rolled).
    known: Signal<bool>,
}

impl Checks {
    fn new(reasons: Memo<RuleResult<Vec<CheckReason>>>, compute: Compute, start: MoraleLevel) -> Checks {
        Checks {
            reasons,
            pool: std::array::from_fn(|_| RwSignal::new(Vec::new())),
            compute,
            start,
            stop_at_failure: false,
            known: Signal::derive(|| true),
        }
    }

    /// Whether the checks after this result are still taken.
    fn goes_on(&self, before: MoraleLevel, after: Option<MoraleLevel>) -> Option<MoraleLevel> {
        match after {
            Some(l) if self.stop_at_failure && l > before => None,
            other => other,
        }
    }

    fn rolls(&self, n: usize) -> Vec<Option<TwoDice>> {
        (0..n).map(|i| self.pool.get(i).and_then(|p| two(&p.get()))).collect()
    }

    /// The checks ready for the machine; `None` while a die is missing.
    fn inputs(&self) -> Option<RuleResult<Vec<MoraleCheckInput>>> {
        if !self.known.get() {
            return None;
        }
        let reasons = match self.reasons.get() {
            Ok(r) => r,
            Err(e) => return Some(Err(e)),
        };
        if reasons.len() > self.pool.len() {
            return Some(Err(RuleError::OutOfRange {
                what: "morale checks",
                detail: "more than eight checks at once: roll them with the morale resolver".into(),
            }));
        }
        // Once a check removes the unit the rest are not taken (4.4.2): they need no dice.
        let rolls = self.rolls(reasons.len());
        let mut dice = Vec::new();
        let mut level = Some(self.start);
        for k in 0..reasons.len() {
            let Some(now) = level else {
                dice.push(TwoDice::new(6, 6).ok()?);
                continue;
            };
            let roll = rolls.get(k).copied().flatten()?;
            dice.push(roll);
            let mmp = match self.compute.run((reasons[..=k].to_vec(), dice.clone())) {
                Ok(v) => v.get(k).map(|m| m.mmp)?,
                Err(e) => return Some(Err(e)),
            };
            level = self.goes_on(
                now,
                match check(mmp, roll, now).after {
                    AfterCheck::Morale(l) => Some(l),
                    AfterCheck::Removed => None,
                },
            );
        }
        Some(self.compute.run((reasons, dice)))
    }

    fn view(self, who: &'static str) -> AnyView {
        let rows = move || -> AnyView {
            if !self.known.get() {
                return view! { <p class="muted">{format!("{who}: its checks follow from the kills it takes; roll the melee dice first.")}</p> }.into_any();
            }
            let reasons = match self.reasons.get() {
                Ok(r) => r,
                Err(e) => return view! { <Problem error=e/> }.into_any(),
            };
            if reasons.is_empty() {
                return view! { <p class="muted">{format!("{who}: no morale check due (4.4.1).")}</p> }.into_any();
            }
            let rolls = self.rolls(reasons.len());
            let mut level = Some(self.start);
            let mut out = Vec::new();
            for (k, reason) in reasons.iter().enumerate() {
                let Some(now) = level else { break };
                // The MMP of check k depends only on the checks before it (4.4.2): any die for it.
                let mut dice: Vec<TwoDice> = rolls.iter().take(k).flatten().copied().collect();
                if dice.len() < k {
                    break;
                }
                let Ok(any) = TwoDice::new(6, 6) else { break };
                dice.push(any);
                let Some(faces) = self.pool.get(k).copied() else { break };
                let mmp = match self.compute.run((reasons[..=k].to_vec(), dice)) {
                    Ok(v) => v.get(k).map(|m| m.mmp),
                    Err(e) => {
                        out.push(view! { <Problem error=e/> }.into_any());
                        break;
                    }
                };
                let Some(mmp) = mmp else { break };
                let pass = check_odds(mmp, now).chance_that(|r| r.passed());
                let name = format!("{who}'s check {} die", k + 1);
                out.push(view! {
                    <div class="check">
                        <OddsLine target=format!("{who}, check {} of {}: {}, MMP {mmp}: roll higher than {mmp} (2.3)", k + 1, reasons.len(), reason_words(*reason)) chances=vec![("Passes", pass)]/>
                        <DiceEntry name=name count=Signal::derive(|| 2usize) faces=faces/>
                    </div>
                }.into_any());
                level = rolls.get(k).copied().flatten().and_then(|roll| {
                    self.goes_on(
                        now,
                        match check(mmp, roll, now).after {
                            AfterCheck::Morale(l) => Some(l),
                            AfterCheck::Removed => None,
                        },
                    )
                });
            }
            out.into_iter().collect_view().into_any()
        };
        view! { <div class="checks">{rows}</div> }.into_any()
    }
}

// ---- the step ----

/// A step with nothing to ask (Table 16 step 2 when the charged unit can only stay as it is,
/// step 4 when no countercharge may be made): its one input. It is shown with the step after
/// it and resolved with it, in the order of Table 16.
fn nothing_to_ask(c: &Charge) -> Option<Input> {
    match c.waiting_for() {
        Need::ChargedUnitReaction { order, may_change_formation } => {
            let choice = matches!(order, Some(OrderKind::Disengage | OrderKind::Move))
                || (order == Some(OrderKind::FormationChange) && may_change_formation);
            (!choice).then_some(Input::ChargedUnitStays)
        }
        Need::Close { may_countercharge: false } => Some(Input::Close),
        _ => None,
    }
}

/// The step on screen: the first step that asks something, the steps before it that have
/// nothing to ask (their inputs), and what those say, in words with their rules.
#[derive(Clone, PartialEq)]
struct OnScreen {
    charge: Charge,
    before: Vec<Input>,
    said: Vec<String>,
}

fn on_screen(c: &Charge, rulings: &ChargeRulings, entries: &Overrides) -> OnScreen {
    let mut now = OnScreen { charge: c.clone(), before: Vec::new(), said: Vec::new() };
    while let Some(input) = nothing_to_ask(&now.charge) {
        // A step that ends the charge (it falls short of the 3" halt) is shown as itself.
        let Ok(Advance::Next { charge, happened }) = now.charge.advance_with(input.clone(), rulings, entries) else {
            break;
        };
        if charge.stage == johnny_reb::rules::charge::Stage::Ended || now.before.len() >= 3 {
            break;
        }
        let step = now.charge.table16_step().map(|s| s.citation()).unwrap_or_default();
        let what =
            happened.iter().map(|h| format!("{} ({})", h.text.trim_end_matches('.'), h.rule)).collect::<Vec<_>>();
        now.said.push(format!("{step}: {}.", what.join("; ")));
        now.before.push(input);
        now.charge = *charge;
    }
    now
}

/// The step the charge waits for.
#[component]
pub fn Step(ctx: Ctx) -> impl IntoView {
    let key = Memo::new(move |_| ctx.shown.with(|s| s.as_ref().map(|s| (s.charge.waiting_for(), s.charge.log.len()))));
    let rulings = StoredValue::new(charge_rulings());
    let entries = entries();
    let step = Memo::new(move |_| {
        // Read, not only tracked: a memo never read is never computed, so never told of a change.
        key.with(|_| ());
        let c = ctx.charge()?;
        Some(rulings.with_value(|r| on_screen(&c, r, &entries.get_untracked())))
    });
    // Each step is brought into view at its heading: the button just tapped is at the bottom
    // of the last one, and the list of charges and the declaration are above the first.
    let heading = NodeRef::<leptos::html::H3>::new();
    Effect::new(move |_| {
        step.with(|_| ());
        if let Some(h) = heading.get_untracked() {
            h.scroll_into_view();
        }
    });
    view! {
        <h3 class="step" node_ref=heading>{move || step.with(|s| s.as_ref().map(|s| words::step_heading(&s.charge)))}</h3>
        {move || step.with(|s| s.as_ref().map(|s| s.said.iter().map(|t| view! { <p class="muted skipped">{t.clone()}</p> }).collect_view()))}
        {move || {
            let Some(on) = step.get() else { return ().into_any() };
            let Some(s) = ctx.sides() else { return ().into_any() };
            let c = on.charge;
            let ctx = if on.before.is_empty() { ctx } else { ctx.after(on.before) };
            match c.waiting_for() {
                Need::CavalrySighting => cavalry_sighting(ctx, &c, &s),
                Need::ChargedUnitReaction { order, may_change_formation } => reaction(ctx, &c, &s, order, may_change_formation),
                Need::NormalMove | Need::DisorderRoll { .. } => normal_move(ctx, &c, &s),
                Need::Bonus => bonus(ctx, &c),
                Need::HaltRoll { must_beat } => halt(ctx, &c, must_beat),
                Need::Close { may_countercharge } => close(ctx, &c, may_countercharge),
                Need::DefensiveFire { step } => defensive_fire(ctx, &c, &s, step),
                Need::FearOfCharge => fear_of_charge(ctx, &c, &s),
                Need::RoutMove => rout_move(ctx, &c, &s),
                Need::ImpactRolls { against_artillery: true, .. } => artillery_impact(ctx, &c, &s),
                Need::ImpactRolls { .. } => impact(ctx, &c, &s),
                Need::LossDie { must_beat } => loss_die(ctx, &s, must_beat),
                Need::Retire(side) => retire(ctx, &c, &s, side),
                Need::MeleeRound { round, defender_fights_back, .. } => melee(ctx, &c, &s, round, defender_fights_back),
                Need::CavalryStrike(side) => cavalry_strike(ctx, &c, &s, side),
                Need::OfficerEffectDie(_) | Need::Nothing => ().into_any(),
            }
        }}
    }
    .into_any()
}

// 5.5.5.b
fn cavalry_sighting(ctx: Ctx, c: &Charge, s: &Sides) -> AnyView {
    // Read once here: the closures below may run outside the component's context.
    let (mr, cr) = (StoredValue::new(morale_rulings()), StoredValue::new(charge_rulings()));
    let _ = cr;
    let sit = Situation::new(c, s, Side::Defender);
    let countercharge = RwSignal::new(false);
    let turn = RwSignal::new(false);
    let faces = RwSignal::new(Vec::<u8>::new());
    let (charge, unit, level) = (c.clone(), defender_unit(c, s), c.defender_morale);
    let entries = entries();
    let mmp = Memo::new(move |_| charge.fear_of_charge_mmp(&unit, sit.charge(), &entries.get(), &mr.get_value()));
    let may = matches!(c.setup.defender.order, Some(OrderKind::Hold) | Some(OrderKind::Move));
    let given = c.conditions;
    let go = Callback::new(move |_| {
        let (Ok(m), Some(roll)) = (mmp.get_untracked(), two(&faces.get_untracked())) else { return };
        let input = Input::CavalrySighting {
            check: MoraleCheckInput { mmp: m.value, roll },
            countercharge: countercharge.get_untracked(),
            must_turn_over_45: turn.get_untracked(),
        };
        ctx.advance_given.run((input, given.with(Side::Defender, sit.given())));
    });
    view! {
        {sit.view(true)}
        {mmp_view(mmp, level, "The defending cavalry")}
        <DiceEntry name="Defender's check die" count=Signal::derive(|| 2usize) faces=faces/>
        {may.then(|| view! {
            <Toggles legend="If it passes, it countercharges (5.5.5.b)" options=vec![(false, "No"), (true, "Yes")] value=countercharge/>
            <Toggles legend="It must turn more than 45° to face the charge" options=vec![(false, "No"), (true, "Yes: in disorder")] value=turn/>
        })}
        {resolve_button("Resolve the check", Signal::derive(move || mmp.get().is_ok() && two(&faces.get()).is_some()), go)}
    }
    .into_any()
}

fn mmp_view(mmp: Memo<RuleResult<Mmp>>, level: MoraleLevel, who: &'static str) -> AnyView {
    let shown = move || match mmp.get() {
        Ok(m) => {
            let d = check_odds(m.value, level);
            view! {
                <OddsLine target=format!("Roll higher than {} on two dice (2 always routs, 12 always passes: 2.3.2)", m.value)
                    chances=vec![("Passes", d.chance_that(|r| r.passed())), ("Routs", d.chance_that(|r| !matches!(r.after, AfterCheck::Morale(MoraleLevel::Good | MoraleLevel::Shaken))))]/>
                <p class="mmp">{format!("{who}: {}", mmp_words(&m))}</p>
            }
            .into_any()
        }
        Err(e) => view! { <Problem error=e/> }.into_any(),
    };
    view! { {shown} }.into_any()
}

// Step 2 (5.2)
fn reaction(ctx: Ctx, c: &Charge, s: &Sides, order: Option<OrderKind>, may_form: bool) -> AnyView {
    let moved = RwSignal::new(false);
    let now = RwSignal::new(show_inches(c.distance).trim_end_matches('"').to_string());
    let formation = RwSignal::new(Formation::Line);
    let say = match order {
        Some(OrderKind::Disengage) => {
            "Marked Disengage: it makes its disengage move now, before the charger moves (5.2.2, 6.5.8); it is disordered and charged on the rear."
        }
        Some(OrderKind::FormationChange) if may_form => {
            "Marked Form: it may change into its declared formation before the charger moves; it is charged-while-forming either way (+3, 5.2.1)."
        }
        Some(OrderKind::FormationChange) => {
            "Marked Form, but the charge begins within 3\": it receives the charge as it is, charged-while-forming (+3, 5.2.1)."
        }
        Some(OrderKind::Move) => {
            "Marked Move: it changes its order to Conditional Hold, unless the charger came into sight only after half its charge move (5.2.3)."
        }
        _ => "It stays as it is (5.2.4: guns on Hold may pivot to face the charge unless it began within 3\").",
    };
    let d = c.distance;
    let go = Callback::new(move |_| {
        let distance_now = inches(&now.get_untracked()).unwrap_or(d);
        let input = match order {
            Some(OrderKind::Disengage) => Input::ChargedUnitMoved { distance_now, new_formation: None },
            Some(OrderKind::FormationChange) if may_form && moved.get_untracked() => {
                Input::ChargedUnitMoved { distance_now: d, new_formation: Some(formation.get_untracked()) }
            }
            Some(OrderKind::Move) if moved.get_untracked() => {
                Input::ChargedUnitMoved { distance_now, new_formation: None }
            }
            _ => Input::ChargedUnitStays,
        };
        ctx.advance.run(input);
    });
    view! {
        <p>{format!("{}: {}", s.defender, words::order(order))}</p>
        {match order {
            Some(OrderKind::Disengage) => inches_field("Distance between the units after its disengage move, inches", now),
            Some(OrderKind::FormationChange) if may_form => view! {
                <Toggles legend="It forms before the charger moves (5.2.1)" options=vec![(false, "No, as it is"), (true, "Yes")] value=moved/>
                <Show when=move || moved.get()>
                    <Toggles legend="Into formation" options=FORMATIONS.to_vec() value=formation/>
                </Show>
            }.into_any(),
            Some(OrderKind::Move) => view! {
                <Toggles legend="The charger came into sight only after half its charge move (5.2.3)" options=vec![(false, "No: to CH now"), (true, "Yes: half its move first")] value=moved/>
                <Show when=move || moved.get()>{inches_field("Distance between the units after its half move, inches", now)}</Show>
            }.into_any(),
            _ => ().into_any(),
        }}
        {resolve_button("Go on to the charge move", Signal::derive(|| true), go)}
        {why("5.2", view! { <p class="muted">{say}</p> }.into_any())}
    }
    .into_any()
}

/// Inches as the field shows them: 5, 2.5, 2.25.
fn field_text(r: Ratio) -> String {
    let (n, d) = (r.numer(), r.denom().max(1));
    match d {
        1 => n.to_string(),
        2 | 4 => {
            let hundredths = n * (100 / d);
            let text = format!("{}.{:02}", hundredths / 100, hundredths % 100);
            text.trim_end_matches('0').to_string()
        }
        _ => format!("{n}/{d}"),
    }
}

// Step 3a (5.3.1)
fn normal_move(ctx: Ctx, c: &Charge, s: &Sides) -> AnyView {
    let settings = StoredValue::new(use_store().session.with_untracked(|st| st.game().setup.rules.clone()));
    let move_in = RwSignal::new(String::new());
    let greater = RwSignal::new(false);
    let terrain = RwSignal::new(c.charge_terrain.unwrap_or(Terrain::Open));
    let faces = RwSignal::new(Vec::<u8>::new());
    let (bmp, officer, arm) = (c.setup.charger.bmp, c.setup.charger.officer_benefit > 0, c.setup.charger.arm);
    let formation = c.setup.charger.formation;
    let must_beat = johnny_reb::rules::charge::distance::disorder_roll_target(bmp, officer, arm);
    let disorder = chance_of_disorder(bmp, officer, arm);
    let already = c.disordered_from_start;
    let entries = entries();
    // The game knows the charging regiment: its Table 3 distance for its formation and the
    // ground chosen (5.3.1, 6.3.1). A quick look-up asks for it.
    let known = s.charger_id.is_some();
    let table = Memo::new(move |_| {
        known.then(|| {
            settings.with_value(|st| normal_move_rate(arm, formation, terrain.get(), &entries.get(), &st.movement))
        })
    });
    let has_greater = Memo::new(move |_| match table.get() {
        Some(Ok((_, r))) => matches!(r.value, Rate::Two { .. }),
        _ => true,
    });
    // The field follows Table 3 as the ground and the distance taken change; the players may
    // type another distance over it.
    Effect::new(move |_| {
        if let Some(Ok((_, r))) = table.get() {
            let card = if greater.get() { r.value.maximum() } else { r.value.first() };
            if let Some(card) = card {
                move_in.set(field_text(settings.with_value(|st| st.table_inches(card))));
            }
        }
    });
    let ready = Signal::derive(move || {
        inches(&move_in.get()).is_some()
            && (!greater.get() || !has_greater.get() || already || one(&faces.get()).is_some())
    });
    let go = Callback::new(move |_| {
        let Some(inches) = inches(&move_in.get_untracked()) else { return };
        let g = greater.get_untracked() && has_greater.get_untracked();
        ctx.advance.run(Input::NormalMove {
            inches,
            greater_distance: g,
            disorder_roll: if g { one(&faces.get_untracked()) } else { None },
            terrain: terrain.get_untracked(),
            woods: None,
        });
    });
    let card = move || match table.get() {
        Some(Ok((cell, r))) => {
            let words = match r.value {
                Rate::Two { without_disorder, with_disorder_roll } => format!(
                    "{} without disorder, {} with the disorder roll",
                    show_inches(without_disorder),
                    show_inches(with_disorder_roll)
                ),
                other => other.first().map(show_inches).unwrap_or_default(),
            };
            let source = r.source.to_string();
            view! { <p class="mmp">{format!("{cell}: {words} ({source}).")}</p> }.into_any()
        }
        Some(Err(e)) => view! { <Problem error=e/> }.into_any(),
        None => ().into_any(),
    };
    let formation_words = format!(
        "{}: its move for its formation ({}) and the worst ground of its path, from Table 3 (5.3.1, 6.3.1); \
         the greater distance needs a disorder roll (6.2).",
        s.charger,
        formation.label()
    );
    let ground =
        move || TERRAINS.iter().find(|(t, _)| *t == terrain.get()).map(|(_, w)| w.to_lowercase()).unwrap_or_default();
    view! {
        <details class="more conditions">
            <summary class="button">{move || format!("Worst ground of the path: {} (change if not so, 6.3.1)", ground())}</summary>
            <Toggles legend="Worst terrain on the charge path (6.3.1)" options=TERRAINS.to_vec() value=terrain/>
        </details>
        {card}
        {inches_field("Normal move, inches (Table 3)", move_in)}
        {(!already).then(|| view! {
            <Show when=move || has_greater.get()>
                <Toggles legend="Greater distance (6.2)" options=vec![(false, "No"), (true, "Yes: disorder roll")] value=greater/>
            </Show>
            <Show when=move || greater.get() && has_greater.get()>
                <OddsLine target=format!("Disorder roll: one die, higher than {must_beat} or a yellow pipe cleaner at the end of the normal move (5.3.1, 6.2)") chances=vec![("Disordered", disorder)]/>
                <DiceEntry name="Disorder die" count=Signal::derive(|| 1usize) faces=faces/>
            </Show>
        })}
        {already.then(|| view! { <p class="muted">"It charges in disorder from the start: no disorder roll."</p> })}
        {resolve_button("Mark the normal move", ready, go)}
        {why("5.3.1", view! { <p class="muted">{formation_words}</p> }.into_any())}
    }
    .into_any()
}

// Step 3b (5.3.2, Table 4)
fn bonus(ctx: Ctx, c: &Charge) -> AnyView {
    let take = RwSignal::new(true);
    // The ground given for the normal move is where the bonus starts from (5.3.2.c).
    let terrain = RwSignal::new(c.charge_terrain.filter(|t| bonus_dice_count(*t).is_ok()).unwrap_or(Terrain::Open));
    let worse = RwSignal::new(None::<Terrain>);
    let after = RwSignal::new(String::new());
    let faces = RwSignal::new(Vec::<u8>::new());
    let path = move || BonusPath {
        terrain: terrain.get(),
        enters: worse.get().and_then(|t| inches(&after.get()).map(|a| TerrainChange { after: a, terrain: t })),
    };
    let count = Signal::derive(move || bonus_dice_count(terrain.get()).unwrap_or(0));
    let charge = StoredValue::new(c.clone());
    let reach = move || charge.with_value(|c| c.chance_to_reach_impact(path()));
    let ready = Signal::derive(move || !take.get() || several(&faces.get(), count.get()).is_some());
    let go = Callback::new(move |_| {
        if !take.get_untracked() {
            ctx.advance.run(Input::NoBonus);
            return;
        }
        let Some(dice) = several(&faces.get_untracked(), count.get_untracked()) else { return };
        ctx.advance.run(Input::Bonus { path: path(), dice });
    });
    let said = StoredValue::new(format!(
        "the target is {} away, the normal move {}",
        show_inches(c.distance),
        c.normal_move.map(show_inches).unwrap_or_default()
    ));
    view! {
        <Toggles legend="Bonus move (5.3.2)" options=vec![(true, "Declare the bonus"), (false, "No bonus")] value=take/>
        <Show when=move || take.get()>
            {move || match reach() {
                Ok(ch) => view! { <OddsLine target=format!("{} dice (Table 4); {}", count.get(), said.get_value()) chances=vec![("Reaches the target (impact)", ch)]/> }.into_any(),
                Err(e) => view! { <Problem error=e/> }.into_any(),
            }}
            <DiceEntry name="Bonus die" count=count faces=faces/>
        </Show>
        {resolve_button("Mark the charge", ready, go)}
        <Show when=move || take.get()>
            <details class="more conditions">
                <summary class="button">{move || format!("Bonus in {} (change if not so, 5.3.2.c)", TERRAINS.iter().find(|(t, _)| *t == terrain.get()).map(|(_, w)| w.to_lowercase()).unwrap_or_default())}</summary>
                <Toggles legend="Terrain of the bonus portion (5.3.2.c)" options=TERRAINS.to_vec() value=terrain/>
                <Toggles legend="The bonus runs into worse terrain (5.3.2.c)" options=vec![(None, "No"), (Some(Terrain::Broken), "Broken"), (Some(Terrain::Rough), "Rough")] value=worse/>
                <Show when=move || worse.get().is_some()>{inches_field("After how many inches of the roll", after)}</Show>
            </details>
        </Show>
    }
    .into_any()
}

// Step 3c (5.3.3)
fn halt(ctx: Ctx, c: &Charge, must_beat: i32) -> AnyView {
    let faces = RwSignal::new(Vec::<u8>::new());
    let chance = chance_to_halt(c.setup.charger.bmp, c.setup.charger.officer_benefit);
    let point = c.setup.halting_point.map(show_inches).unwrap_or_default();
    let go = Callback::new(move |_| {
        if let Some(d) = one(&faces.get_untracked()) {
            ctx.advance.run(Input::HaltRoll(d));
        }
    });
    view! {
        <OddsLine target=format!("Halt at the announced point, {point}: one die higher than {must_beat} (BMP less the officer's benefit, 5.3.3)") chances=vec![("Halts there", chance)]/>
        <DiceEntry name="Halt die" count=Signal::derive(|| 1usize) faces=faces/>
        {resolve_button("Resolve the attempt to halt", Signal::derive(move || one(&faces.get()).is_some()), go)}
    }
    .into_any()
}

// Step 4 (5.3.4, 5.3.5)
fn close(ctx: Ctx, c: &Charge, may_countercharge: bool) -> AnyView {
    let counter = RwSignal::new(false);
    let moved = RwSignal::new(String::new());
    let normal = RwSignal::new(String::new());
    let terrain = RwSignal::new(Terrain::Open);
    let outside = RwSignal::new(false);
    let faces = RwSignal::new(Vec::<u8>::new());
    let against = c.setup.defender.order == Some(OrderKind::Charge);
    let count = Signal::derive(move || bonus_dice_count(terrain.get()).unwrap_or(0));
    let ready = Signal::derive(move || {
        !counter.get()
            || (inches(&moved.get()).is_some()
                && inches(&normal.get()).is_some()
                && several(&faces.get(), count.get()).is_some())
    });
    let go = Callback::new(move |_| {
        if !counter.get_untracked() {
            ctx.advance.run(Input::Close);
            return;
        }
        let (Some(m), Some(n), Some(dice)) = (
            inches(&moved.get_untracked()),
            inches(&normal.get_untracked()),
            several(&faces.get_untracked(), count.get_untracked()),
        ) else {
            return;
        };
        ctx.advance.run(Input::Countercharge(CounterchargeInput {
            charger_moved: m,
            normal_move: n,
            bonus: Some((BonusPath::all_in(terrain.get_untracked()), dice)),
            from_outside_charger_primary_zone: outside.get_untracked(),
            charge_against_charge: against,
        }));
    });
    let total = c.marks.as_ref().map(|m| show_inches(m.total)).unwrap_or_default();
    view! {
        <p>{format!("The charging unit moves up to 3\" from the defender and halts there for defensive fire; its total charge distance is {total} (5.3.4).")}</p>
        {may_countercharge.then(|| view! {
            <Toggles legend=if against { "The charged unit charges the charger too (5.5.1)" } else { "The defender on Hold countercharges (5.3.5)" } options=vec![(false, "No"), (true, "Yes")] value=counter/>
            <Show when=move || counter.get()>
                {inches_field("How far the charger had come when it was declared, inches", moved)}
                {inches_field("The countercharging unit's normal move, inches (in disorder, 5.3.5.b)", normal)}
                <Toggles legend="Terrain of its bonus" options=TERRAINS.to_vec() value=terrain/>
                <Toggles legend="From outside the charger's primary zone (5.3.5.c)" options=vec![(false, "No"), (true, "Yes: the charger turns, in disorder")] value=outside/>
                <DiceEntry name="Countercharge bonus die" count=count faces=faces/>
            </Show>
        })}
        {resolve_button("Resolve step 4", ready, go)}
    }
    .into_any()
}

// Steps 5-6 and 8-9 (5.4, 5.6)
fn defensive_fire(ctx: Ctx, c: &Charge, s: &Sides, step: u8) -> AnyView {
    // Read once here: the closures below may run outside the component's context.
    let (mr, cr) = (StoredValue::new(morale_rulings()), StoredValue::new(charge_rulings()));
    let _ = cr;
    let kills = RwSignal::new(0u32);
    let twelve = RwSignal::new(false);
    // Fired on as at the first defensive fire, if it was (4.4.3.a).
    let aspect = RwSignal::new(c.conditions.fired_on.unwrap_or(Aspect::Front));
    let given = c.conditions;
    let first = RwSignal::new(false);
    let stands_now = RwSignal::new(0u32);
    let stands_before = RwSignal::new(0u32);
    let reg = s.charger_reg.clone();
    let known = reg.is_some();
    let earlier = lost(c, Side::Charger);
    let (arm, level, benefit) = (c.setup.charger.arm, c.charger_morale, c.setup.charger.officer_benefit);
    let reg2 = reg.clone();
    let reasons = Memo::new(move |_| -> RuleResult<Vec<CheckReason>> {
        let k = kills.get();
        let mut e = match &reg2 {
            Some(r) => kill_effects(r, earlier, k),
            None => FireEffects {
                figures_lost: k,
                first_kill: first.get() && k > 0,
                stands_lost: stands_now.get(),
                ..Default::default()
            },
        };
        e.unexpected_devastation = u32::from(twelve.get());
        checks_due(&TriggeredUnit::new(arm, level), &e, &mr.get_value())
    });
    let charge = c.clone();
    let entries = entries();
    let compute: Compute = Callback::new(move |(reasons, dice): (Vec<CheckReason>, Vec<TwoDice>)| {
        let general = MoraleSituation {
            stands_lost: match &reg {
                Some(r) => stands_lost_after(r, earlier),
                None => stands_before.get_untracked(),
            },
            officer_benefit: benefit,
            fired_on: aspect.get_untracked(),
            ..Default::default()
        };
        charge.charger_fire_checks(
            &charger_unit(&charge),
            general,
            &reasons,
            &dice,
            &entries.get_untracked(),
            &mr.get_value(),
        )
    });
    let checks = Checks { stop_at_failure: true, ..Checks::new(reasons, compute, level) };
    let go = Callback::new(move |_| {
        let Some(Ok(list)) = checks.inputs() else { return };
        let input = Input::DefensiveFire(FireEffect { kills: kills.get_untracked(), checks: list });
        if kills.get_untracked() > 0 {
            ctx.advance_given.run((input, Conditions { fired_on: Some(aspect.get_untracked()), ..given }));
        } else {
            ctx.advance.run(input);
        }
    });
    let who = if step == 5 {
        "Units on Hold, charged or not, that have not fired this turn may fire now (5.4.1); declare any range over 3\" (5.4.2)."
    } else {
        "Units on Hold that have not fired, and charged units on CH or FM, may fire now, always at close range (5.6)."
    };
    view! {
        <Stepper label="Casualties on the charging unit" value=kills max=60/>
        <Show when=move || { kills.get() > 0 }>
            <details class="more conditions">
                <summary class="button">{move || format!(
                    "Fired on its {}, {} (change if not so, 4.4.1.f, 4.4.3.a)",
                    ASPECTS.iter().find(|(a, _)| *a == aspect.get()).map(|(_, w)| w.to_lowercase()).unwrap_or_default(),
                    if twelve.get() { "a 12 rolled" } else { "no 12 rolled" }
                )}</summary>
                <Toggles legend="A firer rolled 12 on Table 10 (4.4.1.f)" options=vec![(false, "No"), (true, "Yes")] value=twelve/>
                <Toggles legend="Fired on (4.4.3.a)" options=ASPECTS.to_vec() value=aspect/>
            </details>
            {(!known).then(|| view! {
                <Toggles legend="Its first kill of the game (4.4.1.a)" options=vec![(false, "No"), (true, "Yes")] value=first/>
                <Stepper label="Stands it loses to this fire" value=stands_now max=6/>
                <Stepper label="Stands it had lost before" value=stands_before max=6/>
            })}
        </Show>
        {checks.view("The charging unit")}
        {resolve_button(if step == 5 { "Resolve steps 5 and 6" } else { "Resolve steps 8 and 9" }, Signal::derive(move || matches!(checks.inputs(), Some(Ok(_)))), go)}
        {why(if step == 5 { "5.4" } else { "5.6" }, view! {
            <p class="muted">{who}</p>
            <p class="muted">"Enter the casualties after Table 11 (charging units never get cover saves, 5.4.2), or work the fire out first with the small arms fire resolver as a quick look-up, then enter its casualties here (applying it there as well would count them twice)."</p>
            <p><a class="button" href="/resolve/fire">"Open the small arms fire resolver"</a></p>
        }.into_any())}
    }
    .into_any()
}

// Step 7 (5.5)
fn fear_of_charge(ctx: Ctx, c: &Charge, s: &Sides) -> AnyView {
    // Read once here: the closures below may run outside the component's context.
    let (mr, cr) = (StoredValue::new(morale_rulings()), StoredValue::new(charge_rulings()));
    let _ = cr;
    let queue = use_queue();
    let store = use_store();
    let sit = Situation::new(c, s, Side::Defender);
    let faces = RwSignal::new(Vec::<u8>::new());
    let (charge, unit, level) = (c.clone(), defender_unit(c, s), c.defender_morale);
    let entries = entries();
    let mmp = Memo::new(move |_| charge.fear_of_charge_mmp(&unit, sit.charge(), &entries.get(), &mr.get_value()));
    let others = RwSignal::new(Vec::<String>::new());
    let pick = RwSignal::new(None::<String>);
    let given = c.conditions;
    Effect::new(move |_| {
        if let Some(id) = pick.get() {
            others.update(|o| {
                if !o.contains(&id) {
                    o.push(id.clone());
                }
            });
        }
    });
    let go = Callback::new(move |_| {
        let (Ok(m), Some(roll)) = (mmp.get_untracked(), two(&faces.get_untracked())) else { return };
        // 5.5.1: the others within 3" check too; queued, each opening the morale check.
        let due: Vec<Due> = others
            .get_untracked()
            .into_iter()
            .map(|unit| {
                let name =
                    store.session.with_untracked(|st| johnny_reb::state::tracker::unit_name(&st.game().roster, &unit));
                Due { unit, name, reason: CheckReason::FearOfCharge }
            })
            .collect();
        queue.push(due);
        let input = Input::FearOfCharge(MoraleCheckInput { mmp: m.value, roll });
        ctx.advance_given.run((input, given.with(Side::Defender, sit.given())));
    });
    let attacker = c.charger_for_fear_of_charge();
    let shock = format!(
        "The charging unit's shock: {} in {} (Table 18, attacker's formation).",
        arm_word(attacker.arm),
        attacker.formation.label()
    );
    let others_words = move || {
        let names: Vec<String> = others
            .get()
            .iter()
            .map(|u| store.session.with(|st| johnny_reb::state::tracker::unit_name(&st.game().roster, u)))
            .collect();
        if names.is_empty() {
            "none added".to_string()
        } else {
            format!("queued when this step is resolved: {}", names.join(", "))
        }
    };
    view! {
        {sit.view(true)}
        {mmp_view(mmp, level, "The charged unit")}
        <DiceEntry name="Defender's check die" count=Signal::derive(|| 2usize) faces=faces/>
        <details class="more conditions">
            <summary class="button">{move || format!("Other units within 3\" check too (5.5.1): {}", others_words())}</summary>
            <div role="group" aria-label="Other units within 3 inches of the charge">
                <UnitPicker pick=Pick::Units chosen=pick label="Add a unit within 3\""/>
            </div>
        </details>
        {resolve_button("Resolve the fear-of-charge check", Signal::derive(move || mmp.get().is_ok() && two(&faces.get()).is_some()), go)}
        {why("5.5", view! { <p class="muted">{shock}</p> }.into_any())}
    }
    .into_any()
}

fn arm_word(a: Arm) -> &'static str {
    match a {
        Arm::Infantry => "infantry",
        Arm::Cavalry { mounted: true } => "mounted cavalry",
        Arm::Cavalry { mounted: false } => "dismounted cavalry",
        Arm::MountedInfantry { .. } => "mounted infantry",
        Arm::Artillery => "artillery",
    }
}

// 2.1.2 within the charge (5.5.4, 5.7.3.b)
fn rout_move(ctx: Ctx, c: &Charge, s: &Sides) -> AnyView {
    let terrain = RwSignal::new(Terrain::Open);
    let faces = RwSignal::new(Vec::<u8>::new());
    let count = Signal::derive(move || forced_rout_dice(terrain.get()).unwrap_or(0));
    let total = c.marks.as_ref().map(|m| m.total).unwrap_or(Ratio::ZERO);
    let distance = c.distance;
    let caught_if = {
        let t = johnny_reb::rules::charge::inches_sub(total, distance);
        t.numer() / t.denom().max(1)
    };
    let chance = move || Distribution::of_dice_total(count.get(), |t| t <= caught_if).chance_of(&true);
    let go = Callback::new(move |_| {
        if let Some(dice) = several(&faces.get_untracked(), count.get_untracked()) {
            ctx.advance.run(Input::RoutMove { terrain: terrain.get_untracked(), dice });
        }
    });
    let marked = c.marks.is_some();
    view! {
        <p>{format!("{} routs and makes its forced rout move at once, in disorder, directly away (2.1.2).", s.defender)}</p>
        <Toggles legend="Terrain of its path of retreat (2.1.2)" options=TERRAINS.to_vec() value=terrain/>
        {move || marked.then(|| view! { <OddsLine target=format!("Caught by the charge, and surrenders, if it runs {caught_if}\" or less (5.5.4)") chances=vec![("Caught", chance())]/> })}
        <DiceEntry name="Rout die" count=count faces=faces/>
        {resolve_button("Resolve the rout move", Signal::derive(move || several(&faces.get(), count.get()).is_some()), go)}
    }
    .into_any()
}

// Step 10a (5.7.1.a)
fn impact(ctx: Ctx, c: &Charge, s: &Sides) -> AnyView {
    // Read once here: the closures below may run outside the component's context.
    let (mr, cr) = (StoredValue::new(morale_rulings()), StoredValue::new(charge_rulings()));
    let _ = cr;
    let def = Situation::new(c, s, Side::Defender);
    let att = Situation::new(c, s, Side::Charger);
    let given = c.conditions;
    let cf = RwSignal::new(Vec::<u8>::new());
    let df = RwSignal::new(Vec::<u8>::new());
    let entries = entries();
    let (c1, c2) = (c.clone(), c.clone());
    let (du, cu) = (defender_unit(c, s), charger_unit(c));
    let charger_mmp = Memo::new(move |_| c1.charger_impact_mmp(&cu, att.charge(), &entries.get(), &mr.get_value()));
    let defender_mmp = Memo::new(move |_| c2.defender_impact_mmp(&du, def.charge(), &entries.get(), &mr.get_value()));
    let go = Callback::new(move |_| {
        let (Ok(a), Ok(d), Some(ar), Some(dr)) = (
            charger_mmp.get_untracked(),
            defender_mmp.get_untracked(),
            two(&cf.get_untracked()),
            two(&df.get_untracked()),
        ) else {
            return;
        };
        let input = Input::Impact { charger_mmp: a.value, charger_roll: ar, defender_mmp: d.value, defender_roll: dr };
        ctx.advance_given.run((input, given.with(Side::Charger, att.given()).with(Side::Defender, def.given())));
    });
    let charge = c.clone();
    view! {
        {att.view(false)}
        {def.view(true)}
        {move || match (charger_mmp.get(), defender_mmp.get()) {
            (Ok(a), Ok(d)) => {
                let odds = charge.impact_odds(a.value, d.value);
                view! {
                    <OddsLine target=format!("Lowest total wins: two dice + {} against two dice + {}", a.value, d.value) chances=vec![
                        ("Charger wins", odds.chance_of(&johnny_reb::rules::charge::impact::ImpactWinner::Won(Side::Charger))),
                        ("Tie: melee", odds.chance_of(&johnny_reb::rules::charge::impact::ImpactWinner::Tie)),
                        ("Defender wins", odds.chance_of(&johnny_reb::rules::charge::impact::ImpactWinner::Won(Side::Defender))),
                    ]/>
                }.into_any()
            }
            (Err(e), _) | (_, Err(e)) => view! { <Problem error=e/> }.into_any(),
        }}
        <DiceEntry name="Charger's impact die" count=Signal::derive(|| 2usize) faces=cf/>
        <DiceEntry name="Defender's impact die" count=Signal::derive(|| 2usize) faces=df/>
        {resolve_button("Resolve the impact", Signal::derive(move || charger_mmp.get().is_ok() && defender_mmp.get().is_ok() && two(&cf.get()).is_some() && two(&df.get()).is_some()), go)}
        {why("5.7.1.a", view! {
            <p class="muted">"Each side's Table 17 BMP with the Table 18 impact modifiers that apply to it; each rolls two dice and adds its MMP; the lowest total wins, a tie is a melee (5.7.1.a)."</p>
            {move || charger_mmp.get().ok().map(|a| view! { <p class="mmp">{format!("Charging unit: {}", mmp_words(&a))}</p> })}
            {move || defender_mmp.get().ok().map(|d| view! { <p class="mmp">{format!("Charged unit: {}", mmp_words(&d))}</p> })}
        }.into_any())}
        {unequal_view(ctx, c)}
    }
    .into_any()
}

/// 5.7.2: more units on one side than the other in contact.
fn unequal_view(ctx: Ctx, c: &Charge) -> AnyView {
    if c.series.is_some() {
        let s = c
            .series
            .map(|s| {
                format!("Unequal impact: {} enemy unit(s) still in contact with the lone unit (5.7.2).", s.contacts)
            })
            .unwrap_or_default();
        return view! { <p class="muted">{s}</p> }.into_any();
    }
    let lone = RwSignal::new(Side::Defender);
    let contacts = RwSignal::new(2u32);
    view! {
        <details class="more">
            <summary class="button">"More units in contact on one side (5.7.2)"</summary>
            <Toggles legend="The lone unit" options=vec![(Side::Defender, "The charged unit"), (Side::Charger, "The charging unit")] value=lone/>
            <Stepper label="Enemy units in contact with it" value=contacts max=6/>
            <p class="muted">"The side with more units chooses the order of the one-on-one impacts; each is resolved here in turn."</p>
            <div class="row">
                <button class="button" disabled=move || contacts.get() < 2 on:click=move |_| ctx.unequal.run((lone.get_untracked(), contacts.get_untracked()))>"Declare the unequal impact"</button>
            </div>
        </details>
    }
    .into_any()
}

// Step 10b (5.7, 5.7.1.b)
fn artillery_impact(ctx: Ctx, c: &Charge, s: &Sides) -> AnyView {
    let flee = RwSignal::new(false);
    let cf = RwSignal::new(Vec::<u8>::new());
    let af = RwSignal::new(Vec::<u8>::new());
    let wave =
        johnny_reb::rules::charge::impact::wave_assault_benefit(c.setup.waves.in_good_order, c.setup.waves.in_disorder);
    let charger_adds = i32::try_from(c.defender_figures).unwrap_or(0) + wave;
    let guns_add = i32::try_from(c.charger_figures).unwrap_or(0);
    let odds = johnny_reb::rules::charge::impact::impact_odds(charger_adds, guns_add);
    let (win, tie) = (
        odds.chance_of(&johnny_reb::rules::charge::impact::ImpactWinner::Won(Side::Charger)),
        odds.chance_of(&johnny_reb::rules::charge::impact::ImpactWinner::Tie),
    );
    let target = StoredValue::new(format!(
        "Each side rolls two dice and adds the enemy's figures: {} adds {charger_adds}, {} adds {guns_add}; lowest wins, a tie is a melee (5.7.1.b)",
        s.charger, s.defender
    ));
    let go = Callback::new(move |_| {
        if flee.get_untracked() {
            ctx.advance.run(Input::CrewFlees);
            return;
        }
        if let (Some(a), Some(b)) = (two(&cf.get_untracked()), two(&af.get_untracked())) {
            ctx.advance.run(Input::ArtilleryImpact { charger_roll: a, artillery_roll: b });
        }
    });
    view! {
        <Toggles legend="The crew flees as skirmishers to the nearest infantry (5.7)" options=vec![(false, "No, it fights for its guns"), (true, "Yes")] value=flee/>
        <Show when=move || !flee.get()>
            <OddsLine target=target.get_value() chances=vec![("Charger wins", win), ("Tie: melee", tie)]/>
            <DiceEntry name="Charger's impact die" count=Signal::derive(|| 2usize) faces=cf/>
            <DiceEntry name="Artillery's impact die" count=Signal::derive(|| 2usize) faces=af/>
        </Show>
        {unequal_view(ctx, c)}
        {resolve_button("Resolve the impact", Signal::derive(move || flee.get() || (two(&cf.get()).is_some() && two(&af.get()).is_some())), go)}
    }
    .into_any()
}

// Step 11 (5.7.3.b)
fn loss_die(ctx: Ctx, s: &Sides, must_beat: i32) -> AnyView {
    let faces = RwSignal::new(Vec::<u8>::new());
    let holds = Distribution::of_die(|d| i32::from(d.face()) > must_beat).chance_of(&true);
    let go = Callback::new(move |_| {
        if let Some(d) = one(&faces.get_untracked()) {
            ctx.advance.run(Input::LossDie(d));
        }
    });
    view! {
        <OddsLine target=format!("{} lost the impact: one die higher than {must_beat} (Table 17 BMP, officer only) or it routs (5.7.3.b)", s.defender) chances=vec![("Only shaken", holds), ("Routs", holds.complement())]/>
        <DiceEntry name="Loss die" count=Signal::derive(|| 1usize) faces=faces/>
        {resolve_button("Resolve the loser's die", Signal::derive(move || one(&faces.get()).is_some()), go)}
    }
    .into_any()
}

// Step 11 (5.7.3, 5.7.4)
fn retire(ctx: Ctx, c: &Charge, s: &Sides, side: Side) -> AnyView {
    let faces = RwSignal::new(Vec::<u8>::new());
    let (who, what) = match side {
        Side::Charger => (
            s.charger.clone(),
            "falls back two dice in inches away from the winner, shaken and in disorder, still facing it (5.7.3.a)",
        ),
        Side::Defender => (
            s.defender.clone(),
            "retires two dice in inches away from the winner, shaken and in disorder, still facing it (5.7.3.b)",
        ),
    };
    let total = c.marks.as_ref().map(|m| m.total).unwrap_or(Ratio::ZERO);
    let left = johnny_reb::rules::charge::inches_sub(total, c.distance);
    let left_whole = left.numer() / left.denom().max(1);
    let contact = Distribution::of_dice_total(2, |t| t <= left_whole).chance_of(&true);
    let go = Callback::new(move |_| {
        if let Some(d) = two(&faces.get_untracked()) {
            ctx.advance.run(Input::Retire(d));
        }
    });
    view! {
        <p>{format!("{who} {what}.")}</p>
        {(side == Side::Defender).then(|| view! {
            <OddsLine target=format!("The winner completes its charge, {} beyond the contact point: contact again, and melee, if the loser goes no farther (5.7.4)", show_inches(left)) chances=vec![("Melee", contact)]/>
        })}
        <DiceEntry name="Retire die" count=Signal::derive(|| 2usize) faces=faces/>
        {resolve_button("Resolve the move", Signal::derive(move || two(&faces.get()).is_some()), go)}
    }
    .into_any()
}

/// One side of a melee round: figures within 2", its officer, its dice and its kills.
#[derive(Clone, Copy)]
struct Fighter {
    side: Side,
    within: RwSignal<u32>,
    officer: RwSignal<bool>,
    faces: RwSignal<Vec<u8>>,
    hit: RwSignal<Vec<u8>>,
    effect: RwSignal<Vec<u8>>,
}

impl Fighter {
    fn new(c: &Charge, side: Side) -> Fighter {
        let all = if side == Side::Charger { c.charger_figures } else { c.defender_figures };
        Fighter {
            side,
            within: RwSignal::new(all),
            officer: RwSignal::new(false),
            faces: RwSignal::new(Vec::new()),
            hit: RwSignal::new(Vec::new()),
            effect: RwSignal::new(Vec::new()),
        }
    }

    fn shift(&self, benefit: u8) -> u8 {
        if self.officer.get() { benefit.min(3) } else { 0 }
    }

    /// Its officer's casualty (5.8.2, Table 20 "Under 2\"": hit on 5 or 6): `None` for no roll
    /// or not hit yet known; `Some(None)` not hit; `Some(Some(e))` hit.
    fn officer_roll(&self) -> Option<Option<OfficerRoll>> {
        if !self.officer.get() {
            return Some(None);
        }
        let hit = one(&self.hit.get())?;
        let effect = one(&self.effect.get());
        if hit.face() >= 5 && effect.is_none() {
            return None;
        }
        Some(Some(OfficerRoll { side: self.side, hit, effect }))
    }

    fn officer_hit(&self) -> Option<CasualtyEffect> {
        let roll = self.officer_roll()??;
        if roll.hit.face() >= 5 { roll.effect.map(johnny_reb::rules::officers::casualty_effect) } else { None }
    }
}

/// One side's kills in a melee round: the kills, whether it rolled 12 (4.4.1.f), and how.
type Kills = Option<RuleResult<(u32, bool, String)>>;

// Step 12 (5.8)
fn melee(ctx: Ctx, c: &Charge, s: &Sides, round: u32, fights_back: bool) -> AnyView {
    // Read once here: the closures below may run outside the component's context.
    let (mr, cr) = (StoredValue::new(morale_rulings()), StoredValue::new(charge_rulings()));
    let _ = cr;
    let a = Fighter::new(c, Side::Charger);
    let d = Fighter::new(c, Side::Defender);
    let entries = entries();
    let ab = s.charger_officer.as_ref().map(|o| o.1).unwrap_or(c.setup.charger.officer_benefit);
    let db = s.defender_officer.as_ref().map(|o| o.1).unwrap_or(c.setup.defender.officer_benefit);
    let charge = StoredValue::new(c.clone());
    let kills = move |f: Fighter, benefit: u8| -> Kills {
        let roll = two(&f.faces.get())?;
        let k = charge.with_value(|c| c.melee_kills(f.side, f.within.get(), f.shift(benefit), roll, &entries.get()));
        Some(k.map(|k| {
            let said = k.happened.iter().map(|h| format!("{} ({})", h.text, h.rule)).collect::<Vec<_>>().join(" ");
            (k.kills, k.table10.unexpected_devastation, said)
        }))
    };
    let odds = move |f: Fighter, benefit: u8| {
        charge.with_value(|c| c.melee_kills_odds(f.side, f.within.get(), f.shift(benefit), &entries.get()))
    };
    let a_kills = Memo::new(move |_| kills(a, ab));
    let d_kills = Memo::new(move |_| if fights_back { kills(d, db) } else { Some(Ok((0, false, String::new()))) });
    let kill_count = |k: Kills| k.and_then(|r| r.ok()).map(|k| k.0);
    let twelve = |k: Kills| k.and_then(|r| r.ok()).is_some_and(|k| k.1);
    // The checks each side takes for the round (5.8.2, 4.4.1), its officer's hit included.
    let side_checks = move |victim: Fighter, kills_on_it: Memo<Kills>, reg: Option<Regiment>| {
        let side = victim.side;
        let c = charge.get_value();
        let (arm, level) = match side {
            Side::Charger => (c.setup.charger.arm, c.charger_morale),
            Side::Defender => (c.setup.defender.arm, c.defender_morale),
        };
        let earlier = lost(&c, side);
        let reg2 = reg.clone();
        let reasons = Memo::new(move |_| -> RuleResult<Vec<CheckReason>> {
            let Some(k) = kill_count(kills_on_it.get()) else { return Ok(Vec::new()) };
            let mut e = match &reg2 {
                Some(r) => kill_effects(r, earlier, k),
                None => FireEffects { figures_lost: k, ..Default::default() },
            };
            e.unexpected_devastation = u32::from(twelve(kills_on_it.get()));
            melee_check_reasons(&TriggeredUnit::new(arm, level), &e, victim.officer_hit(), &mr.get_value())
        });
        let unit = if side == Side::Charger {
            charger_unit(&c)
        } else {
            MoraleUnit::regiment(c.setup.defender.arm, c.setup.defender.quality)
        };
        let benefit =
            if side == Side::Charger { c.setup.charger.officer_benefit } else { c.setup.defender.officer_benefit };
        let compute: Compute = Callback::new(move |(reasons, dice): (Vec<CheckReason>, Vec<TwoDice>)| {
            let general = MoraleSituation {
                stands_lost: reg.as_ref().map(|r| stands_lost_after(r, earlier)).unwrap_or(0),
                officer_benefit: benefit,
                ..Default::default()
            };
            charge.with_value(|c| {
                c.melee_checks(
                    side,
                    &unit,
                    general,
                    &reasons,
                    &dice,
                    &cr.get_value(),
                    &entries.get_untracked(),
                    &mr.get_value(),
                )
            })
        });
        Checks {
            known: Signal::derive(move || kill_count(kills_on_it.get()).is_some()),
            ..Checks::new(reasons, compute, level)
        }
    };
    let a_checks = side_checks(a, d_kills, s.charger_reg.clone());
    let d_checks = side_checks(d, a_kills, s.defender_reg.clone());
    let ready = Signal::derive(move || {
        kill_count(a_kills.get()).is_some()
            && kill_count(d_kills.get()).is_some()
            && a.officer_roll().is_some()
            && d.officer_roll().is_some()
            && matches!(a_checks.inputs(), Some(Ok(_)))
            && matches!(d_checks.inputs(), Some(Ok(_)))
    });
    let go = Callback::new(move |_| {
        let (Some(ak), Some(dk), Some(Ok(ac)), Some(Ok(dc)), Some(ao), Some(dof)) = (
            kill_count(a_kills.get_untracked()),
            kill_count(d_kills.get_untracked()),
            a_checks.inputs(),
            d_checks.inputs(),
            a.officer_roll(),
            d.officer_roll(),
        ) else {
            return;
        };
        ctx.advance.run(Input::MeleeRound {
            charger_kills: ak,
            defender_kills: dk,
            charger_checks: ac,
            defender_checks: dc,
            officer_rolls: ao.into_iter().chain(dof).collect(),
        });
    });
    let fighter_view = move |f: Fighter, name: String, benefit: u8, has_officer: bool, k: Memo<Kills>| {
        let (within, dice, officer, hit, effect) = if f.side == Side::Charger {
            (
                "Charging unit's figures within 2\" of the contact (5.8.2)",
                "Charger's melee die",
                "Charging unit's officer fights in the melee (Table 19)",
                "Charger's officer hit die",
                "Charger's officer effect die",
            )
        } else {
            (
                "Charged unit's figures within 2\" of the contact (5.8.2)",
                "Defender's melee die",
                "Charged unit's officer fights in the melee (Table 19)",
                "Defender's officer hit die",
                "Defender's officer effect die",
            )
        };
        let with_officer = has_officer && benefit > 0;
        let fields = view! {
            {(round == 1).then(|| count_field(within, f.within))}
            {with_officer.then(|| view! {
                <Toggles legend=officer options=vec![(false, "No"), (true, "Yes: his benefit in rows up, then he rolls for casualty")] value=f.officer/>
            })}
        }
        .into_any();
        // Who fights, in a few words: all its figures and no officer unless changed.
        let fights = Signal::derive(move || {
            let officer = if !with_officer {
                ""
            } else if f.officer.get() {
                ", its officer"
            } else {
                ", no officer"
            };
            format!("{name} {}{officer}", f.within.get())
        });
        let odds = Signal::derive(move || {
            odds(f, benefit)
                .map(|dist| (dist.chance_that(|k| *k > 0), dist.outcomes().iter().map(|(k, _)| *k).max().unwrap_or(0)))
        });
        let rolls = view! {
            <DiceEntry name=dice count=Signal::derive(|| 2usize) faces=f.faces/>
            {move || match k.get() {
                Some(Ok((_, _, said))) => view! { <p class="mmp">{said}</p> }.into_any(),
                Some(Err(e)) => view! { <Problem error=e/> }.into_any(),
                None => ().into_any(),
            }}
            <Show when=move || f.officer.get()>
                <OddsLine target="His casualty roll (5.8.2; Table 20, under 2 inches): hit on 5 or 6 with one die".to_string() chances=vec![("Hit", Chance::new(1, 3))]/>
                <DiceEntry name=hit count=Signal::derive(|| 1usize) faces=f.hit/>
                <Show when=move || one(&f.hit.get()).is_some_and(|d| d.face() >= 5)>
                    <DiceEntry name=effect count=Signal::derive(|| 1usize) faces=f.effect/>
                </Show>
            </Show>
        }
        .into_any();
        (fields, fights, odds, rolls, round == 1 || with_officer)
    };
    let all = if round >= 2 {
        "From the second round both sides count as in disorder with all their figures (5.8.2)."
    } else {
        "First round: each side counts the figures of its stands within 2\" of the point of contact (5.8.2)."
    };
    let said = format!("Round {round}. {all} Kills are simultaneous and never reduced by Tables 11 or 12.");
    let (a_fields, a_fights, a_odds, a_rolls, a_asks) =
        fighter_view(a, s.charger.clone(), ab, s.charger_officer.is_some() || s.charger_id.is_none(), a_kills);
    let (d_fields, d_fights, d_odds, d_rolls, d_asks) =
        fighter_view(d, s.defender.clone(), db, s.defender_officer.is_some() || s.defender_id.is_none(), d_kills);
    let (a_name, d_name) = (s.charger.clone(), s.defender.clone());
    // Both sides' odds in one block, then each side's dice: the round on one screen.
    let both_odds = move || {
        match (a_odds.get(), if fights_back { d_odds.get().map(Some) } else { Ok(None) }) {
        (Ok((a_any, a_best)), Ok(d)) => {
            let mut target = format!("Kills (Tables 19 and 10): {a_name} 0 to {a_best}");
            let mut chances = vec![("The charger kills at least one", a_any)];
            if let Some((d_any, d_best)) = d {
                target.push_str(&format!(", {d_name} 0 to {d_best}"));
                chances.push(("the defender at least one", d_any));
            }
            view! { <OddsLine target=target chances=chances/> }.into_any()
        }
        (Err(RuleError::Missing(_)), _) | (_, Err(RuleError::Missing(_))) => view! { <p class="muted">"The odds need values of Table 10 the transcription lacks; the roll asks for its own cell."</p> }.into_any(),
        (Err(e), _) | (_, Err(e)) => view! { <Problem error=e/> }.into_any(),
    }
    };
    let fighting = move || {
        let d = if fights_back { format!("; {}", d_fights.get()) } else { String::new() };
        format!("Fighting: {}{d} (change if not so, 5.8.2)", a_fights.get())
    };
    view! {
        {(a_asks || (fights_back && d_asks)).then(|| view! {
            <details class="more conditions">
                <summary class="button">{fighting}</summary>
                {a_fields}
                {fights_back.then_some(d_fields)}
            </details>
        })}
        {both_odds}
        {a_rolls}
        {if fights_back {
            d_rolls
        } else {
            view! { <p>{format!("{} is marked Disengage: it never fights back in a melee (5.8.2).", s.defender)}</p> }.into_any()
        }}
        <h4>"Morale after the round (5.8.2, 4.4)"</h4>
        {a_checks.view("The charging unit")}
        {d_checks.view("The charged unit")}
        {resolve_button("Resolve this melee round", ready, go)}
        {why("5.8.2", view! { <p class="muted">{said}</p> }.into_any())}
    }
    .into_any()
}

// 5.5.5.b.2
fn cavalry_strike(ctx: Ctx, c: &Charge, s: &Sides, striker: Side) -> AnyView {
    // Read once here: the closures below may run outside the component's context.
    let (mr, cr) = (StoredValue::new(morale_rulings()), StoredValue::new(charge_rulings()));
    let _ = cr;
    let f = Fighter::new(c, striker);
    let entries = entries();
    let benefit =
        if striker == Side::Charger { c.setup.charger.officer_benefit } else { c.setup.defender.officer_benefit };
    let charge = c.clone();
    let k = Memo::new(move |_| {
        let roll = two(&f.faces.get())?;
        Some(charge.melee_kills(striker, f.within.get(), f.shift(benefit), roll, &entries.get()))
    });
    let victim = striker.other();
    let (arm, level) = match victim {
        Side::Charger => (c.setup.charger.arm, c.charger_morale),
        Side::Defender => (c.setup.defender.arm, c.defender_morale),
    };
    let reg = if victim == Side::Charger { s.charger_reg.clone() } else { s.defender_reg.clone() };
    let earlier = lost(c, victim);
    let reasons = Memo::new(move |_| -> RuleResult<Vec<CheckReason>> {
        let Some(Ok(k)) = k.get() else { return Ok(Vec::new()) };
        let mut e = match &reg {
            Some(r) => kill_effects(r, earlier, k.kills),
            None => FireEffects { figures_lost: k.kills, ..Default::default() },
        };
        e.unexpected_devastation = u32::from(k.table10.unexpected_devastation);
        checks_due(&TriggeredUnit::new(arm, level), &e, &mr.get_value())
    });
    let cc = c.clone();
    let unit = MoraleUnit::regiment(
        arm,
        if victim == Side::Charger { c.setup.charger.quality } else { c.setup.defender.quality },
    );
    let general = MoraleSituation {
        stands_lost: (if victim == Side::Charger { s.charger_reg.as_ref() } else { s.defender_reg.as_ref() })
            .map(|r| stands_lost_after(r, earlier))
            .unwrap_or(0),
        officer_benefit: if victim == Side::Charger {
            c.setup.charger.officer_benefit
        } else {
            c.setup.defender.officer_benefit
        },
        ..Default::default()
    };
    let compute: Compute = Callback::new(move |(reasons, dice): (Vec<CheckReason>, Vec<TwoDice>)| {
        cc.melee_checks(
            victim,
            &unit,
            general,
            &reasons,
            &dice,
            &cr.get_value(),
            &entries.get_untracked(),
            &mr.get_value(),
        )
    });
    let checks = Checks {
        known: Signal::derive(move || matches!(k.get(), Some(Ok(_)))),
        ..Checks::new(reasons, compute, level)
    };
    let go = Callback::new(move |_| {
        let (Some(Ok(kk)), Some(Ok(list)), Some(officer)) = (k.get_untracked(), checks.inputs(), f.officer_roll())
        else {
            return;
        };
        ctx.advance.run(Input::CavalryStrike { kills: kk.kills, checks: list, officer_roll: officer });
    });
    let (who, whom) = if striker == Side::Charger {
        (s.charger.clone(), s.defender.clone())
    } else {
        (s.defender.clone(), s.charger.clone())
    };
    view! {
        <p>{format!("{who} strikes first; {whom} removes its dead and checks morale before striking back (5.5.5.b.2).")}</p>
        {count_field("Figures of the striking side within 2\" (5.8.2)", f.within)}
        <DiceEntry name="Striker's melee die" count=Signal::derive(|| 2usize) faces=f.faces/>
        {move || match k.get() {
            Some(Ok(k)) => view! { <p class="mmp">{format!("{} kill(s).", k.kills)}</p> }.into_any(),
            Some(Err(e)) => view! { <Problem error=e/> }.into_any(),
            None => ().into_any(),
        }}
        {checks.view("The struck unit")}
        {resolve_button("Resolve the strike", Signal::derive(move || matches!(k.get(), Some(Ok(_))) && matches!(checks.inputs(), Some(Ok(_)))), go)}
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use johnny_reb::rules::charge::sequence::{ChargeSetup, ChargedUnit, ChargingUnit, Objective, Waves};
    use johnny_reb::rules::charge::{Advance, Stage};
    use johnny_reb::rules::unit::Quality;

    fn charge(order: OrderKind, distance: u32) -> Charge {
        let setup = ChargeSetup {
            objective: Objective::EnemyUnit,
            charger: ChargingUnit {
                quality: Quality::Average,
                arm: Arm::Infantry,
                formation: Formation::Line,
                morale: MoraleLevel::Good,
                figures: 24,
                stands: 4,
                bmp: 3,
                officer_benefit: 0,
                empty_guns: false,
                consecutive_turn: 1,
                target_off_front: false,
            },
            defender: ChargedUnit {
                quality: Quality::Average,
                arm: Arm::Infantry,
                formation: Formation::Line,
                morale: MoraleLevel::Good,
                figures: 20,
                order: Some(order),
                table17_bmp: 3,
                officer_benefit: 0,
            },
            distance: Ratio::whole(distance),
            halting_point: None,
            waves: Waves::default(),
        };
        Charge::declare(setup).unwrap()
    }

    fn next(c: &Charge, input: Input) -> Charge {
        match c.advance(input).unwrap() {
            Advance::Next { charge, .. } => *charge,
            Advance::Waiting(n) => panic!("waiting for {n:?}"),
        }
    }

    fn normal(inches: u32) -> Input {
        Input::NormalMove {
            inches: Ratio::whole(inches),
            greater_distance: false,
            disorder_roll: None,
            terrain: Terrain::Open,
            woods: None,
        }
    }

    /// Table 16 step 2 asks nothing of a unit on Hold (5.2.4): the screen is step 3a's, which
    /// resolves step 2 first; a unit marked Move is asked (5.2.3).
    #[test]
    fn rule_5_2_4_a_unit_on_hold_is_not_asked_at_step_2() {
        let (r, o) = (ChargeRulings::default(), Overrides::new());
        let on = on_screen(&charge(OrderKind::Hold, 8), &r, &o);
        assert_eq!(on.charge.stage, Stage::NormalMove);
        assert_eq!(on.before, vec![Input::ChargedUnitStays]);
        assert_eq!(on.said.len(), 1);
        let asked = on_screen(&charge(OrderKind::Move, 8), &r, &o);
        assert_eq!(asked.charge.stage, Stage::ChargedUnitReaction);
        assert!(asked.before.is_empty());
    }

    /// Step 4 asks nothing when the defender may not countercharge (5.3.5: Hold only): the
    /// screen is the defensive fire's; a charge that falls short of the 3" halt shows step 4
    /// itself, which ends it (5.3.4).
    #[test]
    fn rule_5_3_4_the_close_is_shown_with_the_defensive_fire() {
        let (r, o) = (ChargeRulings::default(), Overrides::new());
        let c = next(&charge(OrderKind::Move, 9), Input::ChargedUnitStays);
        let c = next(&next(&c, normal(5)), Input::NoBonus);
        // 9" away with 5" of normal move: it falls short of the 3" halt.
        let short = on_screen(&c, &r, &o);
        assert_eq!(short.charge.stage, Stage::Close);
        let c = next(&charge(OrderKind::Move, 6), Input::ChargedUnitStays);
        let c = next(&next(&c, normal(5)), Input::NoBonus);
        let on = on_screen(&c, &r, &o);
        assert_eq!(on.charge.stage, Stage::DefensiveFireOne);
        assert_eq!(on.before, vec![Input::Close]);
        // On Hold it may countercharge: asked.
        let c = next(&charge(OrderKind::Hold, 6), Input::ChargedUnitStays);
        let c = next(&next(&c, normal(5)), Input::NoBonus);
        assert_eq!(on_screen(&c, &r, &o).charge.stage, Stage::Close);
    }

    #[test]
    fn table_3_inches_in_the_field() {
        assert_eq!(field_text(Ratio::whole(5)), "5");
        assert_eq!(field_text(Ratio::new(11, 2).unwrap()), "5.5");
        assert_eq!(field_text(Ratio::new(9, 4).unwrap()), "2.25");
        assert_eq!(inches(&field_text(Ratio::new(11, 2).unwrap())), Some(Ratio::new(11, 2).unwrap()));
    }
}
