//! One screen per Table 16 step, chosen by what the charge waits for ([`Need`]): what the step
//! is, the target number and the odds before the roll, the dice (the app's or the table's),
//! and the button that resolves it. The morale checks a step calls for are worked out by the
//! rules engine from what happened (4.4.1, 4.4.2); the players roll them.

use super::super::frame::{Odds, odds_or_problem};
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

mod approach;
mod contact;
#[cfg(test)]
mod tests;

use approach::*;
use contact::*;
