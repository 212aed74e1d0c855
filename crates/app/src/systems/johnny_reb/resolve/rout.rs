//! The forced rout move (2.1.2): dice by the path of retreat, their sum in inches; the unit is
//! placed in Disorder (applied with `SetFormation`).

use super::card::{Applied, Resolution, ResultCard};
use super::missing::Problem;
use super::picker::{Pick, UnitPicker};
use crate::shell::router::use_query_map;
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::dice::{DiceEntry, thrown};
use crate::widgets::odds::OddsLine;
use crate::widgets::toggles::Toggles;
use johnny_reb::rules::morale::{forced_rout_dice, forced_rout_distance_odds};
use johnny_reb::rules::unit::{Formation, Terrain};
use johnny_reb::state::command::Command;
use johnny_reb::state::units::UnitCommand;
use leptos::prelude::*;

/// The result of a forced rout move of `inches` for regiment `id` (none: a quick look-up).
pub fn rout_result(name: &str, id: Option<&str>, inches: u32, in_disorder: bool) -> Resolution {
    let commands = match id {
        Some(id) if !in_disorder => {
            vec![Command::Unit(UnitCommand::SetFormation { regiment: id.to_string(), formation: Formation::Disorder })]
        }
        _ => Vec::new(),
    };
    Resolution {
        headline: format!("{name} routs {inches}\" at once, away from the enemy, in Disorder (2.1.2)."),
        details: vec![
            "Its planned moves and actions are cancelled (2.1.2).".into(),
            "If the move would take it beyond the table edge it must rally at once: if it rallies it stops at the edge, if not it is removed (2.1.1).".into(),
        ],
        commands,
        recorded: id.is_some(),
        settles: id.map(|id| vec![format!("rout-{id}")]).unwrap_or_default(),
        ..Resolution::default()
    }
}

/// The forced rout resolver at `/resolve/rout`.
#[component]
pub fn RoutResolver() -> impl IntoView {
    let store = use_store();
    let query = use_query_map();
    let chosen = RwSignal::new(query.with_untracked(|q| q.get("unit")).filter(|s| !s.is_empty()));
    let terrain = RwSignal::new(Terrain::Open);
    let faces = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Applied>);
    Effect::new(move |prev: Option<(Option<String>, Terrain)>| {
        let now = (chosen.get(), terrain.get());
        if prev.is_some_and(|p| p != now) {
            applied.set(None);
            faces.set(Vec::new());
        }
        now
    });
    let count = Signal::derive(move || forced_rout_dice(terrain.get()).unwrap_or(0));
    let unit = move || {
        chosen.get().and_then(|id| {
            store
                .session
                .with(|s| s.game().roster.regiment(&id).map(|r| (r.name.clone(), r.formation == Formation::Disorder)))
        })
    };
    let result = Signal::derive(move || {
        let n = count.get();
        let d = thrown(&faces.get(), n).filter(|_| n > 0)?;
        let inches: u32 = d.iter().map(|f| u32::from(*f)).sum();
        let (name, disorder) = unit().unwrap_or_else(|| ("The unit".into(), false));
        Some(rout_result(&name, chosen.get().as_deref(), inches, disorder))
    });
    view! {
        <section class="screen resolver" aria-labelledby="resolver-title">
            <super::BackToMenu/>
            <h1 id="resolver-title">"Forced rout move"</h1>
            <p class="muted">"2.1.2: when a unit is forced into rout during the turn."</p>
            <UnitPicker pick=Pick::Regiments chosen=chosen/>
            <Toggles legend="Path of retreat" options=vec![(Terrain::Open, "Open"), (Terrain::Road, "Road"), (Terrain::Broken, "Broken"), (Terrain::Rough, "Rough"), (Terrain::Trail, "Trail")] value=terrain/>
            {move || match forced_rout_distance_odds(terrain.get()) {
                Ok(d) => {
                    let n = count.get() as u32;
                    view! { <OddsLine target=format!("Roll {n} dice: {n}\" to {}\"", 6 * n) chances=vec![("10\" or more", d.chance_that(|i| *i >= 10))]/> }.into_any()
                }
                Err(e) => view! { <Problem error=e/> }.into_any(),
            }}
            <DiceEntry name="Die" count=count faces=faces/>
            <ResultCard result=result applied=applied/>
        </section>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_2_1_2_forced_rout_places_the_regiment_in_disorder() {
        assert_eq!(forced_rout_dice(Terrain::Road).unwrap(), 4);
        let r = rout_result("1st Tennessee", Some("r-1tn"), 11, false);
        assert_eq!(
            r.commands,
            vec![Command::Unit(UnitCommand::SetFormation { regiment: "r-1tn".into(), formation: Formation::Disorder })]
        );
        assert!(r.headline.contains("11\""));
        assert!(rout_result("x", Some("r"), 3, true).commands.is_empty());
        assert!(!rout_result("x", None, 3, false).recorded);
    }
}
