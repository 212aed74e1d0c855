//! Table 16 step 1: the charge declared (5.1). From two roster units everything the game knows
//! is filled in (quality, arm, formation, morale, figures and stands left, BMP, the officer
//! with each, the charged unit's revealed order, which consecutive turn of charging it is);
//! the players give what the app cannot know (the distance, the direction, empty guns, a
//! halting point, waves behind), common case first. Without units it is a quick look-up.

use super::super::distance::{DistanceField, measured, parse_inches};
use super::super::missing::Problem;
use super::super::picker::{Pick, UnitPicker};
use super::words;
use crate::shell::router::navigate;
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::toggles::{Stepper, Toggles};
use johnny_reb::rules::charge::Charge;
use johnny_reb::rules::charge::sequence::{ChargeSetup, ChargedUnit, ChargingUnit, Objective, Waves};
use johnny_reb::rules::morale::{ArtillerySituation, BmpTableKind, MoraleUnit, bmp};
use johnny_reb::rules::unit::{Arm, Formation, MoraleLevel, OrderKind, Quality};
use johnny_reb::rules::{Ratio, RuleError, RuleResult};
use johnny_reb::state::charges::{
    ChargeCommand, LookupCharge, charge_objective, charged_unit, charging_unit, revealed_order,
};
use johnny_reb::state::command::Command;
use johnny_reb::state::ids::UnitId;
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
    let defender = RwSignal::new(
        preset
            .as_deref()
            .and_then(|u| store.session.with_untracked(|s| charge_objective(s.game(), u)))
            .map(String::from),
    );
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
    let c_quality = RwSignal::new(Quality::Average);
    let c_arm = RwSignal::new(Arm::Infantry);
    let c_formation = RwSignal::new(Formation::Line);
    let c_figures = RwSignal::new(20u32);
    let c_stands = RwSignal::new(5u32);
    let c_benefit = RwSignal::new(0u32);
    let c_second = RwSignal::new(false);
    let d_quality = RwSignal::new(Quality::Average);
    let d_arm = RwSignal::new(Arm::Infantry);
    let d_formation = RwSignal::new(Formation::Line);
    let d_figures = RwSignal::new(20u32);
    let d_morale = RwSignal::new(MoraleLevel::Good);
    let d_benefit = RwSignal::new(0u32);

    // The charge order's objective, once the charger is chosen (3.1, 5.1.1).
    Effect::new(move |prev: Option<Option<String>>| {
        let c = charger.get();
        if prev.is_some()
            && let Some(target) =
                c.as_deref().and_then(|u| store.session.with_untracked(|s| charge_objective(s.game(), u)))
        {
            defender.set(Some(target.to_string()));
        }
        c
    });
    let defender_is_guns = move || match defender.get() {
        Some(id) => store.session.with(|s| s.game().roster.section(&id).is_some()),
        None => d_arm.get() == Arm::Artillery,
    };
    let revealed = move || defender.get().and_then(|id| store.session.with(|s| revealed_order(s.game(), &id)));

    let setup = Memo::new(move |_| -> RuleResult<ChargeSetup> {
        let entries = store.table_entries.get();
        let rulings = store.session.with(|s| s.game().setup.rules.morale.clone());
        let mut c: ChargingUnit = match charger.get() {
            Some(id) => store.session.with(|s| charging_unit(s.game(), &id, &entries))?.ok_or_else(|| {
                RuleError::OutOfRange { what: "charging unit", detail: "choose a regiment of the roster".into() }
            })?,
            None => {
                let arm = c_arm.get();
                let quality = c_quality.get();
                ChargingUnit {
                    quality,
                    arm,
                    formation: c_formation.get(),
                    morale: MoraleLevel::Good,
                    figures: c_figures.get(),
                    stands: c_stands.get(),
                    bmp: bmp(&MoraleUnit::regiment(arm, quality), BmpTableKind::NotCharged, &entries, &rulings)?.value,
                    officer_benefit: u8::try_from(c_benefit.get()).unwrap_or(3),
                    empty_guns: false,
                    consecutive_turn: if c_second.get() { 2 } else { 1 },
                    target_off_front: false,
                }
            }
        };
        c.empty_guns = empty_guns.get();
        c.target_off_front = off_front.get();
        let d: ChargedUnit = match defender.get() {
            Some(id) => store
                .session
                .with(|s| charged_unit(s.game(), &id, Some(order.get()), crew.get(), guns.get(), &entries))?
                .ok_or_else(|| RuleError::OutOfRange {
                    what: "charged unit",
                    detail: "choose a regiment or gun section of the roster".into(),
                })?,
            None => {
                let arm = d_arm.get();
                let quality = d_quality.get();
                let guns_here = arm == Arm::Artillery;
                let unit = if guns_here {
                    MoraleUnit::gun_section(quality, guns.get())
                } else {
                    MoraleUnit::regiment(arm, quality)
                };
                ChargedUnit {
                    quality,
                    arm,
                    formation: if guns_here { Formation::Unlimbered } else { d_formation.get() },
                    morale: d_morale.get(),
                    figures: d_figures.get(),
                    order: (d_morale.get() != MoraleLevel::Routed).then(|| order.get()),
                    table17_bmp: bmp(&unit, BmpTableKind::Charged, &entries, &rulings)?.value,
                    officer_benefit: u8::try_from(d_benefit.get()).unwrap_or(3),
                }
            }
        };
        let distance = inches(&distance.get()).ok_or_else(|| RuleError::OutOfRange {
            what: "distance",
            detail: "give the distance from the charging unit to its target, in inches (5.1.5)".into(),
        })?;
        // Empty: no halting point announced (5.3.3).
        let halting_point = match halting.with(|h| h.trim().is_empty()) {
            true => None,
            false => Some(halting.with(|h| measured("halting point", h))?),
        };
        Ok(ChargeSetup {
            objective: objective.get(),
            charger: c,
            defender: d,
            distance,
            halting_point,
            waves: Waves { in_good_order: waves_good.get(), in_disorder: waves_disorder.get() },
        })
    });
    let declared = Memo::new(move |_| -> RuleResult<Charge> {
        let s = setup.get()?;
        let rulings = store.session.with(|st| st.game().setup.rules.charges.clone());
        Charge::declare_with(s, &rulings)
    });
    let declare = move |_| {
        let Ok(charge) = declared.get_untracked() else { return };
        let guns_now = defender_is_guns().then(|| guns.get_untracked());
        match (charger.get_untracked(), defender.get_untracked()) {
            (Some(a), Some(d)) => {
                let cmd = ChargeCommand::Declare {
                    charger: UnitId::from(&a),
                    defender: d.into(),
                    charge: Box::new(charge),
                    follows: None,
                    guns: guns_now,
                };
                match store.dispatch(Command::Charge(cmd)) {
                    Ok(_) => {
                        let id = store
                            .session
                            .with_untracked(|s| s.game().charges.latest_for(s.game().turn, &a).map(|c| c.id.clone()));
                        if let Some(id) = id {
                            navigate(&format!("/resolve/charge?charge={id}"));
                        }
                    }
                    Err(e) => store.refuse(&e),
                }
            }
            _ => {
                store.set_charge_lookup(Some(LookupCharge { charge, history: Vec::new(), guns: guns_now }));
                navigate("/resolve/charge?lookup=1");
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
                    format!("/resolve/charge?charge={}", c.id),
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
                <p><a class="button" href="/resolve/charge?lookup=1">"Back to the quick look-up in progress"</a></p>
            </Show>
            <UnitPicker pick=Pick::Regiments chosen=charger label="Charging regiment"/>
            {move || match charger.get() {
                Some(id) => {
                    let line = store.session.with(|s| {
                        let g = s.game();
                        let r = g.roster.regiment(&id)?;
                        let turn = match r.charges.permission(g.turn) {
                            johnny_reb::state::roster::ChargePermission::Fresh => "first turn of charging".to_string(),
                            johnny_reb::state::roster::ChargePermission::SecondTurn => "second turn in a row: in disorder, no elan, no bonus (5.1.4)".to_string(),
                            johnny_reb::state::roster::ChargePermission::NotAllowed => "charged the last two turns: may not charge (5.1.4)".to_string(),
                        };
                        Some(format!("{} figures · {} stands · {} · {} · {} · {turn}", r.figures_left(), r.stands_left(), r.quality.label(), r.formation.label(), words::level(r.morale)))
                    });
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
                    let line = store.session.with(|s| {
                        let g = s.game();
                        if let Some(r) = g.roster.regiment(&id) {
                            Some(format!("{} figures · {} · {} · {}", r.figures_left(), r.quality.label(), r.formation.label(), words::level(r.morale)))
                        } else {
                            g.roster.section(&id).map(|sec| format!("Gun section · crew {} · {}", sec.crew_quality.label(), words::level(sec.morale)))
                        }
                    });
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
            {move || match revealed() {
                Some(o) => view! { <p class="facts">{format!("Its order, revealed: {}", words::order(Some(o)))}</p> }.into_any(),
                None => view! { <Toggles legend="The charged unit's order" options=ORDERS.to_vec() value=order/> }.into_any(),
            }}
            <Show when=defender_is_guns>
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
                    let elan = match c.elan { 0 => "no charge elan".to_string(), e => format!("charge elan {e} (5.1.3)") };
                    let dis = if c.disordered_from_start { "; in disorder from the start" } else { "" };
                    let recorded = charger.get().is_some() && defender.get().is_some();
                    view! {
                        <p class="mmp">{format!("{elan}{dis}.")}</p>
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
