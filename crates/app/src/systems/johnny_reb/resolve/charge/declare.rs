//! Table 16 step 1: the charge declared (5.1). From two roster units everything the game knows
//! is filled in (quality, arm, formation, morale, figures and stands left, BMP, the officer
//! with each, the charged unit's revealed order, which consecutive turn of charging it is);
//! the players give what the app cannot know (the distance, the direction, empty guns, a
//! halting point, waves behind), common case first. Without units it is a quick look-up. What
//! they say is one plain form, [`super::declaration::ChargeForm`], declared natively tested.

use super::super::address::{ChargeAt, Resolver};
use super::super::distance::{DistanceField, parse_inches};
use super::super::missing::Problem;
use super::super::picker::{Pick, UnitPicker};
use super::declaration::{
    ChargeForm, TypedCharger, TypedDefender, charger_facts, declare_command, declared_words, defender_facts,
    defender_is_guns, ordered_defender, resolve, revealed,
};
use super::words;
use crate::shell::router::navigate;
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::toggles::{Stepper, Toggles};
use johnny_reb::rules::charge::Charge;
use johnny_reb::rules::charge::sequence::Objective;
use johnny_reb::rules::morale::ArtillerySituation;
use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality};
use johnny_reb::rules::{Ratio, RuleResult};
use johnny_reb::state::charges::LookupCharge;
use johnny_reb::state::command::Command;
use leptos::prelude::*;

/// Formations offered for a unit typed in.
pub const FORMATIONS: [(Formation, &str); 6] = [
    (Formation::Line, "Line"),
    (Formation::AttackColumn, "Attack column"),
    (Formation::MarchColumn, "March column"),
    (Formation::Skirmish, "Skirmish"),
    (Formation::Disorder, "Disorder"),
    (Formation::ExtendedLine, "Extended line"),
];

/// Arms offered for a charging unit typed in.
pub const ARMS: [(Arm, &str); 4] = [
    (Arm::Infantry, "Infantry"),
    (Arm::Cavalry { mounted: true }, "Mounted cavalry"),
    (Arm::Cavalry { mounted: false }, "Dismounted cavalry"),
    (Arm::MountedInfantry { mounted: true }, "Mounted infantry"),
];

/// Orders a charged unit may have.
pub const ORDERS: [(OrderKind, &str); 7] = [
    (OrderKind::Hold, "Hold"),
    (OrderKind::ConditionalHold, "Cond. Hold"),
    (OrderKind::FirstFire, "First Fire"),
    (OrderKind::Move, "Move"),
    (OrderKind::FormationChange, "Form"),
    (OrderKind::Disengage, "Disengage"),
    (OrderKind::Charge, "Charge"),
];

/// Reads inches as the players write them: 6, 6 1/2, 6.5 (the one parser of every distance
/// field, [`parse_inches`]).
pub fn inches(text: &str) -> Option<Ratio> {
    parse_inches(text).ok()
}

/// A text field for inches, saying why it cannot read what is typed.
pub fn inches_field(label: &'static str, value: RwSignal<String>) -> AnyView {
    view! { <DistanceField label=label value=value/> }.into_any()
}

/// A whole number typed in a field.
pub fn count_field(label: &'static str, value: RwSignal<u32>) -> AnyView {
    view! {
        <label class="field">
            <span>{label}</span>
            <input inputmode="numeric" autocomplete="off" prop:value=move || value.get().to_string() on:input=move |ev| {
                if let Ok(v) = event_target_value(&ev).trim().parse::<u32>() {
                    value.set(v.min(500));
                }
            }/>
        </label>
    }
    .into_any()
}

/// The declaration form.
#[component]
pub fn DeclareForm(preset: Option<String>) -> impl IntoView {
    let store = use_store();
    let charger = RwSignal::new(preset.clone());
    let defender =
        RwSignal::new(preset.as_deref().and_then(|u| store.session.with_untracked(|s| ordered_defender(s.game(), u))));
    // What the app cannot know.
    let distance = RwSignal::new(String::new());
    let off_front = RwSignal::new(false);
    let empty_guns = RwSignal::new(false);
    let objective = RwSignal::new(Objective::EnemyUnit);
    let halting = RwSignal::new(String::new());
    let waves_good = RwSignal::new(0u32);
    let waves_disorder = RwSignal::new(0u32);
    let order = RwSignal::new(OrderKind::Hold);
    let crew = RwSignal::new(0u32);
    let guns = RwSignal::new(ArtillerySituation::SectionAlone);
    // A unit typed in (quick look-up).
    let typed_c = TypedCharger::default();
    let c_quality = RwSignal::new(typed_c.quality);
    let c_arm = RwSignal::new(typed_c.arm);
    let c_formation = RwSignal::new(typed_c.formation);
    let c_figures = RwSignal::new(typed_c.figures);
    let c_stands = RwSignal::new(typed_c.stands);
    let c_benefit = RwSignal::new(typed_c.benefit);
    let c_second = RwSignal::new(typed_c.second_turn);
    let typed_d = TypedDefender::default();
    let d_quality = RwSignal::new(typed_d.quality);
    let d_arm = RwSignal::new(typed_d.arm);
    let d_formation = RwSignal::new(typed_d.formation);
    let d_figures = RwSignal::new(typed_d.figures);
    let d_morale = RwSignal::new(typed_d.morale);
    let d_benefit = RwSignal::new(typed_d.benefit);

    // The charge order's objective, once the charger is chosen (3.1, 5.1.1).
    Effect::new(move |prev: Option<Option<String>>| {
        let c = charger.get();
        if prev.is_some()
            && let Some(target) =
                c.as_deref().and_then(|u| store.session.with_untracked(|s| ordered_defender(s.game(), u)))
        {
            defender.set(Some(target));
        }
        c
    });
    // Everything the players said, as one plain form: what follows is read from it and the game.
    let said = Memo::new(move |_| ChargeForm {
        charger: charger.get(),
        defender: defender.get(),
        distance: distance.get(),
        off_front: off_front.get(),
        empty_guns: empty_guns.get(),
        objective: objective.get(),
        halting: halting.get(),
        waves_good: waves_good.get(),
        waves_disorder: waves_disorder.get(),
        order: order.get(),
        crew: crew.get(),
        guns: guns.get(),
        typed_charger: TypedCharger {
            quality: c_quality.get(),
            arm: c_arm.get(),
            formation: c_formation.get(),
            figures: c_figures.get(),
            stands: c_stands.get(),
            benefit: c_benefit.get(),
            second_turn: c_second.get(),
        },
        typed_defender: TypedDefender {
            quality: d_quality.get(),
            arm: d_arm.get(),
            formation: d_formation.get(),
            figures: d_figures.get(),
            morale: d_morale.get(),
            benefit: d_benefit.get(),
        },
    });
    let guns_charged = move || said.with(|f| store.session.with(|s| defender_is_guns(f, s.game())));
    let revealed_order = move || said.with(|f| store.session.with(|s| revealed(f, s.game())));
    let declared = Memo::new(move |_| -> RuleResult<Charge> {
        let entries = store.table_entries.get();
        said.with(|f| store.session.with(|s| resolve(f, s.game(), &entries)))
    });
    let declare = move |_| {
        let Ok(charge) = declared.get_untracked() else { return };
        let form = said.get_untracked();
        let cmd = store.session.with_untracked(|s| declare_command(&form, s.game(), charge.clone()));
        match (cmd, form.charger.clone()) {
            (Some(cmd), Some(a)) => match store.dispatch(Command::Charge(cmd)) {
                Ok(_) => {
                    let id = store
                        .session
                        .with_untracked(|s| s.game().charges.latest_for(s.game().turn, &a).map(|c| c.id.clone()));
                    if let Some(id) = id {
                        navigate(&Resolver::Charge(ChargeAt::Game(id)).href());
                    }
                }
                Err(e) => store.refuse(&e),
            },
            _ => {
                let guns_now = store.session.with_untracked(|s| defender_is_guns(&form, s.game()));
                store.set_charge_lookup(Some(LookupCharge {
                    charge,
                    history: Vec::new(),
                    guns: guns_now.then_some(form.guns),
                }));
                navigate(&Resolver::Charge(ChargeAt::Lookup).href());
            }
        }
    };
    let lookup_open = move || store.charge_lookup.with(|l| l.is_some());
    // 5.1.5: each charge is resolved completely before the next is begun.
    let unfinished = move || {
        store.session.with(|s| {
            let g = s.game();
            g.charges.of_turn(g.turn).into_iter().find(|c| c.charge.outcome.is_none()).map(|c| {
                let sides = super::game_sides(g, c);
                (
                    Resolver::Charge(ChargeAt::Game(c.id.clone())).href(),
                    format!("Finish the charge of {} against {} first (5.1.5)", sides.charger, sides.defender),
                )
            })
        })
    };

    view! {
        <section class="card declare" aria-labelledby="declare-title">
            <h2 id="declare-title">"Table 16 step 1: Declare the charge (3.1, 5.1)"</h2>
            {move || unfinished().map(|(href, text)| view! {
                <p class="notice">"Each charge is resolved completely before the next is begun (5.1.5)."</p>
                <p><a class="button" href=href>{text}</a></p>
            })}
            <Show when=lookup_open>
                <p><a class="button" href=Resolver::Charge(ChargeAt::Lookup).href()>"Back to the quick look-up in progress"</a></p>
            </Show>
            <UnitPicker pick=Pick::Regiments chosen=charger label="Charging regiment"/>
            {move || match charger.get() {
                Some(id) => {
                    let line = store.session.with(|s| charger_facts(s.game(), &id));
                    view! { <p class="facts">{line}</p> }.into_any()
                }
                None => view! {
                    <Toggles legend="Charging unit" options=ARMS.to_vec() value=c_arm/>
                    <Toggles legend="Its quality" options=Quality::ALL.iter().map(|q| (*q, q.label())).collect() value=c_quality/>
                    <Toggles legend="Its formation" options=FORMATIONS.to_vec() value=c_formation/>
                    {count_field("Its figures", c_figures)}
                    <Stepper label="Its stands" value=c_stands max=10/>
                    <Stepper label="Its officer's benefit" value=c_benefit max=3/>
                    <Toggles legend="Charging (5.1.4)" options=vec![(false, "First turn"), (true, "Second turn in a row")] value=c_second/>
                }.into_any(),
            }}
            <UnitPicker pick=Pick::Units chosen=defender label="Charged unit"/>
            {move || match defender.get() {
                Some(id) => {
                    let line = store.session.with(|s| defender_facts(s.game(), &id));
                    view! { <p class="facts">{line}</p> }.into_any()
                }
                None => view! {
                    <Toggles legend="Charged unit" options=ARMS.iter().copied().chain([(Arm::Artillery, "Artillery")]).collect() value=d_arm/>
                    <Toggles legend="Its quality " options=Quality::ALL.iter().map(|q| (*q, q.label())).collect() value=d_quality/>
                    <Show when=move || d_arm.get() != Arm::Artillery>
                        <Toggles legend="Its formation " options=FORMATIONS.to_vec() value=d_formation/>
                        {count_field("Its figures ", d_figures)}
                    </Show>
                    <Toggles legend="Its morale" options=vec![(MoraleLevel::Good, "Good"), (MoraleLevel::Shaken, "Shaken"), (MoraleLevel::Routed, "Routed")] value=d_morale/>
                    <Stepper label="Its officer's benefit " value=d_benefit max=3/>
                }.into_any(),
            }}
            {move || match revealed_order() {
                Some(o) => view! { <p class="facts">{format!("Its order, revealed: {}", words::order(Some(o)))}</p> }.into_any(),
                None => view! { <Toggles legend="The charged unit's order" options=ORDERS.to_vec() value=order/> }.into_any(),
            }}
            <Show when=guns_charged>
                {count_field("Crew figures at the guns", crew)}
                <Toggles legend="The guns (2.3.3)" options=vec![(ArtillerySituation::SectionAlone, "Section alone"), (ArtillerySituation::WithCompleteBattery, "With its battery"), (ArtillerySituation::SupportedByInfantry, "Supported by infantry")] value=guns/>
            </Show>
            {inches_field("Distance to the target, inches (5.1.5)", distance)}
            <Toggles legend="Target more than 45° off its front (5.1.2)" options=vec![(false, "No"), (true, "Yes: in disorder")] value=off_front/>
            <Toggles legend="Charging with empty guns (5.1.3)" options=vec![(false, "No"), (true, "Yes: elan -2")] value=empty_guns/>
            <details class="more">
                <summary class="button">"Less common: objective, halting point, waves"</summary>
                <Toggles legend="Objective (5.1.1)" options=vec![(Objective::EnemyUnit, "The enemy unit"), (Objective::Position, "A position")] value=objective/>
                <DistanceField label="Halting point announced, inches from the start (5.3.3); empty for none" value=halting/>
                <Stepper label="Waves behind in good order (6.8.8)" value=waves_good max=6/>
                <Stepper label="Waves behind in disorder (6.8.8)" value=waves_disorder max=6/>
            </details>
            {move || match declared.get() {
                Ok(c) => {
                    let recorded = said.with(ChargeForm::recorded);
                    view! {
                        <p class="mmp">{declared_words(&c)}</p>
                        {(!recorded).then(|| view! { <p class="muted">"Quick look-up: nothing is recorded in the game."</p> })}
                        <div class="row">
                            <button class="button big primary" on:click=declare>{if recorded { "Declare the charge" } else { "Start the quick look-up" }}</button>
                        </div>
                    }.into_any()
                }
                Err(e) => view! { <Problem error=e/> }.into_any(),
            }}
        </section>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inches_as_the_players_write_them() {
        assert_eq!(inches("6"), Some(Ratio::whole(6)));
        assert_eq!(inches("6 1/2\""), Some(Ratio::new(13, 2).unwrap()));
        assert_eq!(inches("2.5"), Some(Ratio::new(5, 2).unwrap()));
        assert_eq!(inches(""), None);
        assert_eq!(inches("abc"), None);
    }
}
