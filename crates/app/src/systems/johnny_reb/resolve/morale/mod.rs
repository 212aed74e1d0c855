//! The morale check (2.3, Tables 2, 5, 6, 7) and the Phase Two rally (2.4): choose the unit,
//! the reason, roll. Everything the game knows is filled in; the rest is asked as toggles. The
//! rules part is [`model`].

pub mod model;

use super::address::{MoraleCheck, Resolver};
use super::card::{Applied, ResultCard};
use super::frame::{ResolverFrame, from_address};
use super::picker::{Pick, UnitPicker};
use crate::shell::router::use_query_map;
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::dice::DiceEntry;
use crate::widgets::odds::OddsLine;
use crate::widgets::toggles::{Stepper, Toggles};
use johnny_reb::rules::morale::{ArtillerySituation, Aspect, Cover, Isolation, RallyingUnit, check_odds, rally_odds};
use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, Quality};
use leptos::prelude::*;

pub use model::*;

/// The morale check or rally resolver at `/resolve/morale` or `/resolve/rally`.
#[component]
pub fn MoraleResolver(kind: Kind) -> impl IntoView {
    let store = use_store();
    let query = use_query_map();
    let chosen = from_address();
    let reason = RwSignal::new(
        query
            .with_untracked(MoraleCheck::read)
            .reason
            .filter(|r| CheckReason::OFFERED.contains(r))
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
            // A stand lost in the same sequence counts from its own check on (4.4.2).
            let why = reason.get();
            let counted = match (kind, chosen.get_untracked()) {
                (Kind::Check, Some(id)) => store
                    .session
                    .with_untracked(|s| johnny_reb::state::checks::stands_lost_for_check(s.game(), &id, why)),
                _ => f.stands_lost,
            };
            stands_lost.set(counted);
            benefit.set(u32::from(f.benefit));
            merged.set(f.merged);
            formation.set(f.formation);
            brigade_lost.set(f.brigade_lost);
        }
    });
    // A queued check opened from this very screen changes only the query.
    Effect::new(move |_| {
        let (unit, why) = query.with(|q| (Resolver::read(q).and_then(|r| r.subject()), MoraleCheck::read(q).reason));
        if let Some(u) = unit {
            chosen.set(Some(u));
        }
        if let Some(r) = why.filter(|r| CheckReason::OFFERED.contains(r)) {
            reason.set(r);
        }
    });
    // Another unit, reason or check due (the next one of the list: `due` in the address) starts
    // afresh.
    Effect::new(move |prev: Option<(Option<String>, CheckReason, Option<usize>)>| {
        let now = (chosen.get(), reason.get(), query.with(|q| MoraleCheck::read(q).due));
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
    let form = Memo::new(move |_| MoraleForm { unit: chosen.get(), inputs: inputs(), faces: faces.get() });
    let result = Signal::derive(move || {
        form.with(|f| store.session.with(|s| store.table_entries.with(|o| model::resolve(f, s.game(), o))))
    });

    let title = if kind == Kind::Check { "Morale check" } else { "Rally" };
    let rules = if kind == Kind::Check { "2.3, Tables 2, 5, 6, 7" } else { "2.4, Tables 5, 6, 7" };
    // A check opened from the list of checks due (or the next one after it) shows the check
    // itself first: the unit and reason, the odds, the dice and the result within the first
    // screen; what the players may change comes after (4.4.2).
    let queued = kind == Kind::Check
        && query.with_untracked(MoraleCheck::read).unit.is_some()
        && query.with_untracked(MoraleCheck::read).reason.is_some();
    let picker = view! { <UnitPicker pick=Pick::Units chosen=chosen/> }.into_any();
    let target = move || {
        let name = known.get().map_or_else(|| "The unit".to_string(), |f| f.name);
        let why = reason.get();
        format!("{name}: {} ({})", why.label().to_lowercase(), why.rule())
    };
    let facts_view = view! {
            {move || match known.get() {
                Some(f) => view! {
                    <p class="facts">{format!(
                        "{} · {} · {} · {} stands lost{}",
                        if f.guns { "Gun crew" } else { "Regiment" },
                        f.quality.label(),
                        word(f.level),
                        stands_lost.get(),
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
    }
    .into_any();
    let reasons = view! {
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
    }
    .into_any();
    let modifiers = view! {
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
    }
    .into_any();
    let odds = view! {
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
    }
    .into_any();
    let dice = view! { <DiceEntry name="Die" count=Signal::derive(|| 2usize) faces=faces/> }.into_any();
    let card = view! { <ResultCard result=result applied=applied/> }.into_any();
    let parts: Vec<AnyView> = if queued {
        let target = view! { <p class="check-target"><strong>{target}</strong></p> }.into_any();
        let heading = view! {
            <h2>"What applies"</h2>
            <p class="muted">"Change what is not so on the table: the odds above follow."</p>
        }
        .into_any();
        vec![target, facts_view, odds, dice, card, heading, reasons, modifiers, picker]
    } else {
        vec![picker, facts_view, reasons, modifiers, odds, dice, card]
    };
    view! { <ResolverFrame title=title rules=rules>{parts}</ResolverFrame> }.into_any()
}
