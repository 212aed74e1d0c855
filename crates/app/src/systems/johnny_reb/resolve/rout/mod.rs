//! The forced rout move (2.1.2): dice by the path of retreat, their sum in inches; the unit is
//! placed in Disorder (applied with `SetFormation`). The rules part is [`model`].

pub mod model;

use super::card::{Applied, ResultCard};
use super::frame::{ResolverFrame, from_address, odds_or_problem};
use super::picker::{Pick, UnitPicker};
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::dice::DiceEntry;
use crate::widgets::toggles::Toggles;
use johnny_reb::rules::unit::Terrain;
use leptos::prelude::*;
use model::{PATHS, RoutForm, dice_count, odds, resolve};

/// The forced rout resolver at `/resolve/rout`.
#[component]
pub fn RoutResolver() -> impl IntoView {
    let store = use_store();
    let chosen = from_address();
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
    let form = Memo::new(move |_| RoutForm { unit: chosen.get(), path: terrain.get(), faces: faces.get() });
    let count = Signal::derive(move || form.with(dice_count));
    // Only a new path changes the odds: the dice do not build the line (or its entry field) anew.
    let before = Memo::new(move |_| form.with(odds));
    let result = Signal::derive(move || form.with(|f| store.session.with(|s| resolve(f, s.game()))));
    view! {
        <ResolverFrame title="Forced rout move" rules="2.1.2: when a unit is forced into rout during the turn.">
            <UnitPicker pick=Pick::Regiments chosen=chosen/>
            <Toggles legend="Path of retreat" options=PATHS.to_vec() value=terrain/>
            {move || odds_or_problem(before.get())}
            <DiceEntry name="Die" count=count faces=faces/>
            <ResultCard result=result applied=applied/>
        </ResolverFrame>
    }
    .into_any()
}
