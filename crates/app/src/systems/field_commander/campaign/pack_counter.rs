//! A counter of the pack entered in a few taps (5.0): its side, sort and type, name, Campaign
//! and Corps, Skill Level, each side's Activation number, Combat Value and superscript as
//! large buttons, and how many the counter mix holds (4.10, 18.2). A value not tapped is
//! missing and asked for when the rules need it; a value kept as it was keeps its provenance.

use super::common::{Problem, play, send};
use crate::shell::router::{navigate, use_query_map};
use crate::systems::field_commander::counter::Pick;
use crate::systems::field_commander::store::use_store;
use field_commander::campaign::PlayCommand;
use field_commander::force::{Entry, Face, ForceType, Loyalty, Skill};
use field_commander::pack::form::{CounterForm, FaceForm};
use field_commander::pack::{CounterDesign, Echelon, PackEdit};
use leptos::prelude::*;

fn numbers(from: u8, to: u8) -> Vec<(Option<u8>, String)> {
    (from..=to).map(|n| (Some(n), n.to_string())).collect()
}

fn with_none(words: &str, mut rest: Vec<(Option<u8>, String)>) -> Vec<(Option<u8>, String)> {
    rest.insert(0, (None, words.to_string()));
    rest
}

fn value<T: Copy>(e: &Entry<T>) -> Option<T> {
    match e {
        Entry::Entered(v) | Entry::MadeUp(v) => Some(*v),
        Entry::Missing => None,
    }
}

/// A side's three values as tapped: `None` not yet tapped; `Some(None)` none printed.
#[derive(Clone, Copy)]
struct Side {
    activation: RwSignal<Option<Option<u8>>>,
    combat: RwSignal<Option<Option<u8>>>,
    superior: RwSignal<Option<Option<u8>>>,
}

impl Side {
    fn of(face: Option<&Face>) -> Side {
        Side {
            activation: RwSignal::new(face.and_then(|f| value(&f.activation))),
            combat: RwSignal::new(face.and_then(|f| value(&f.combat)).map(Some)),
            superior: RwSignal::new(face.and_then(|f| value(&f.superior))),
        }
    }

    fn form(self) -> FaceForm {
        let text = |v: Option<Option<u8>>| v.flatten().map(|n| n.to_string()).unwrap_or_default();
        FaceForm {
            activation: text(self.activation.get_untracked()),
            no_activation: self.activation.get_untracked() == Some(None),
            combat: text(self.combat.get_untracked()),
            superior: text(self.superior.get_untracked()),
        }
    }
}

#[component]
fn SideEntry(side: &'static str, fields: Side) -> impl IntoView {
    view! {
        <Pick legend=format!("{side}: Activation number (5.6)") options=with_none("None printed", numbers(1, 10)) value=fields.activation/>
        <Pick legend=format!("{side}: Combat Value (5.7)") options=numbers(0, 15) value=fields.combat/>
        <Pick legend=format!("{side}: superscript (5.7)") options=with_none("None printed", numbers(0, 9)) value=fields.superior/>
    }
    .into_any()
}

/// The counter screen: `?i=N` edits the pack's counter N, else a new one.
#[component]
pub fn CounterScreen() -> impl IntoView {
    let store = use_store();
    let query = use_query_map();
    let at: Option<usize> = query.get_untracked().get("i").and_then(|i| i.parse().ok());
    let original: Option<CounterDesign> =
        at.and_then(|i| play(store, |p| p.pack.as_ref().and_then(|k| k.counters.get(i).cloned())));
    let first_campaign =
        play(store, |p| p.pack.as_ref().and_then(|k| k.campaigns.first().map(|c| c.name.clone()))).unwrap_or_default();
    let start = original.as_ref().map(CounterForm::from_design).unwrap_or_else(|| {
        let mut f = CounterForm::new(Loyalty::Confederate, Echelon::Named);
        f.campaign = first_campaign.clone();
        f
    });
    let name = RwSignal::new(start.name.clone());
    let side = RwSignal::new(Some(start.side));
    let echelon = RwSignal::new(Some(start.echelon));
    let kind = RwSignal::new(Some(start.kind));
    let campaign = RwSignal::new(start.campaign.clone());
    let corps = RwSignal::new(start.corps.clone());
    let skill = RwSignal::new(start.skill);
    let full = Side::of(original.as_ref().map(|d| &d.counter.full));
    let reduced_face = original.as_ref().and_then(|d| match &d.counter.reduced {
        Entry::Entered(Some(f)) | Entry::MadeUp(Some(f)) => Some(*f),
        _ => None,
    });
    let has_reduced = RwSignal::new(original.as_ref().map(|_| reduced_face.is_some()));
    let reduced = Side::of(reduced_face.as_ref());
    let copies = RwSignal::new(start.copies.clone());
    let problem = RwSignal::new(None::<String>);
    let original = StoredValue::new(original);
    let may_be_reduced = move || {
        let mut f =
            CounterForm::new(side.get().unwrap_or(Loyalty::Confederate), echelon.get().unwrap_or(Echelon::Named));
        f.kind = kind.get().unwrap_or(ForceType::Infantry);
        f.may_be_reduced()
    };
    let kinds = move || {
        CounterForm::kinds(echelon.get().unwrap_or(Echelon::Named))
            .iter()
            .map(|k| (*k, k.label().to_string()))
            .collect::<Vec<_>>()
    };
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let (Some(l), Some(e), Some(k)) = (side.get_untracked(), echelon.get_untracked(), kind.get_untracked()) else {
            problem.set(Some("Choose the side, the sort and the type.".into()));
            return;
        };
        let form = CounterForm {
            name: name.get_untracked(),
            side: l,
            echelon: e,
            kind: k,
            campaign: campaign.get_untracked(),
            corps: corps.get_untracked(),
            skill: skill.get_untracked(),
            full: full.form(),
            reduced: (may_be_reduced() && has_reduced.get_untracked() == Some(true)).then(|| reduced.form()),
            copies: copies.get_untracked(),
            original: original.get_value(),
        };
        match form.design() {
            Err(problems) => {
                problem.set(Some(problems.iter().map(|p| p.problem.clone()).collect::<Vec<_>>().join(" ")))
            }
            Ok(design) => match send(store, PlayCommand::Pack(PackEdit::PutCounter { at, design })) {
                Ok(_) => navigate("/pack"),
                Err(why) => problem.set(Some(why)),
            },
        }
    };
    let remove = move |_| {
        if let Some(i) = at {
            match send(store, PlayCommand::Pack(PackEdit::RemoveCounter(i))) {
                Ok(_) => navigate("/pack"),
                Err(why) => problem.set(Some(why)),
            }
        }
    };
    let sides = vec![(Loyalty::Confederate, "Confederate".to_string()), (Loyalty::Union, "Union".to_string())];
    let sorts = vec![
        (Echelon::Named, "Named Force".to_string()),
        (Echelon::Brigade, "Brigade".to_string()),
        (Echelon::Regiment, "Regiment".to_string()),
        (Echelon::Battery, "Battery".to_string()),
        (Echelon::Static, "Garrison or Fortification".to_string()),
    ];
    let skills: Vec<(Skill, String)> =
        Skill::ALL.iter().map(|s| (*s, format!("{} ({})", s.label(), s.letter()))).collect();
    view! {
        <section class="screen fc fc-pack" aria-labelledby="pcounter-title">
            <h1 id="pcounter-title">{if at.is_some() { "A counter of the pack" } else { "A new counter" }}</h1>
            <form class="fc-counter-form" on:submit=save>
                <label class="field"><span>"Name on the counter"</span><input type="text" autocomplete="off" bind:value=name/></label>
                <Pick legend="Side (5.2)" options=sides value=side/>
                <Pick legend="Sort (4.8, 6.1, 6.2)" options=sorts value=echelon/>
                {move || view! { <Pick legend="Type (5.4)" options=kinds() value=kind/> }}
                <Show when=move || echelon.get() == Some(Echelon::Named)>
                    <label class="field"><span>"Campaign name on the counter (5.3)"</span><input type="text" bind:value=campaign/></label>
                    <label class="field"><span>"Corps identifier (5.5); blank for an Independent Force"</span><input type="text" bind:value=corps/></label>
                </Show>
                <Pick legend="Skill Level (5.1)" options=skills value=skill/>
                <SideEntry side="Full side" fields=full/>
                <Show when=may_be_reduced>
                    <Pick legend="Reduced side (5.9)" options=vec![(true, "Has a reduced side".to_string()), (false, "No reduced side".to_string())] value=has_reduced/>
                    <Show when=move || has_reduced.get() == Some(true)>
                        <SideEntry side="Reduced side" fields=reduced/>
                    </Show>
                </Show>
                <Show when=move || echelon.get() != Some(Echelon::Named)>
                    <label class="field"><span>"How many the counter mix holds (4.10, 18.2)"</span><input type="text" inputmode="numeric" bind:value=copies/></label>
                </Show>
                <Problem problem=problem/>
                <button class="button big primary" type="submit">"Save the counter"</button>
            </form>
            {at.map(|_| view! { <button class="button" on:click=remove>"Take it out of the pack"</button> })}
            <a class="button" href="/pack">"Back to the pack"</a>
        </section>
    }
    .into_any()
}
