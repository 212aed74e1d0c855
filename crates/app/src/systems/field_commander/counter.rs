//! A counter entered in a few taps (5.0): name, side, type, skill, and the Activation number,
//! Combat Value and superscript of each side. Every value is marked entered as it is tapped;
//! what is left is shown as not entered and asked for by the rules when they need it.

use field_commander::force::{Counter, Entry, Face, ForceType, Loyalty, Skill};
use leptos::prelude::*;

/// One choice among `options` as large buttons; `value` is `None` until a button is tapped.
#[component]
pub fn Pick<T>(#[prop(into)] legend: String, options: Vec<(T, String)>, value: RwSignal<Option<T>>) -> impl IntoView
where
    T: Copy + PartialEq + Send + Sync + 'static,
{
    let state = move || if value.get().is_some() { "entered" } else { "not entered" };
    view! {
        <fieldset class="choices inline toggles fc-pick">
            <legend>{legend} " " <span class="muted small">{move || format!("({})", state())}</span></legend>
            {options
                .into_iter()
                .map(|(v, label)| view! {
                    <button
                        class="button"
                        type="button"
                        aria-pressed=move || if value.get() == Some(v) { "true" } else { "false" }
                        on:click=move |_| value.set(Some(v))
                    >
                        {label}
                    </button>
                })
                .collect_view()}
        </fieldset>
    }
    .into_any()
}

fn numbers(from: u8, to: u8) -> Vec<(Option<u8>, String)> {
    (from..=to).map(|n| (Some(n), n.to_string())).collect()
}

fn with_none(words: &str, mut rest: Vec<(Option<u8>, String)>) -> Vec<(Option<u8>, String)> {
    rest.insert(0, (None, words.to_string()));
    rest
}

fn entry<T: Copy>(v: Option<T>) -> Entry<T> {
    v.map(Entry::Entered).unwrap_or(Entry::Missing)
}

/// The three values of one side of a counter.
#[derive(Clone, Copy)]
struct FaceFields {
    activation: RwSignal<Option<Option<u8>>>,
    combat: RwSignal<Option<Option<u8>>>,
    superior: RwSignal<Option<Option<u8>>>,
}

impl FaceFields {
    fn new() -> FaceFields {
        FaceFields { activation: RwSignal::new(None), combat: RwSignal::new(None), superior: RwSignal::new(None) }
    }

    fn face(self) -> Face {
        Face {
            activation: entry(self.activation.get_untracked()),
            combat: self.combat.get_untracked().flatten().map(Entry::Entered).unwrap_or(Entry::Missing),
            superior: entry(self.superior.get_untracked()),
        }
    }
}

#[component]
fn FaceEntry(side: &'static str, fields: FaceFields, #[prop(optional)] most: Option<u8>) -> impl IntoView {
    let top = most.unwrap_or(12);
    view! {
        <Pick legend=format!("{side}: Activation number") options=with_none("None printed", numbers(1, 10)) value=fields.activation/>
        <Pick legend=format!("{side}: Combat Value") options=numbers(0, top) value=fields.combat/>
        <Pick legend=format!("{side}: superscript") options=with_none("None printed", numbers(0, 9)) value=fields.superior/>
    }
    .into_any()
}

/// The counter form. `side` and `kind` fix those (a replacement gun); `most_combat` caps the
/// Combat Value (5.9.1); `submit` names the button; `on_submit` hears the counter.
#[component]
pub fn CounterForm(
    #[prop(optional)] side: Option<Loyalty>,
    #[prop(optional)] kind: Option<ForceType>,
    #[prop(optional)] most_combat: Option<u8>,
    #[prop(into)] submit: String,
    on_submit: Callback<Counter>,
) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let loyalty = RwSignal::new(side);
    let force_type = RwSignal::new(kind);
    let named = RwSignal::new(Some(true));
    let skill = RwSignal::new(None::<Skill>);
    let full = FaceFields::new();
    let has_reduced = RwSignal::new(None::<bool>);
    let reduced = FaceFields::new();
    let problem = RwSignal::new(None::<String>);
    // 6.1: Cavalry, Artillery and Additional Mobile Forces have no reduced side.
    let reduced_asked = move || {
        let mobile_extra = named.get() == Some(false) && force_type.get().is_some_and(|k| k.is_mobile());
        !matches!(force_type.get(), Some(ForceType::Cavalry | ForceType::Artillery)) && !mobile_extra
    };
    let send = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let n = name.get_untracked();
        let (Some(l), Some(k)) = (loyalty.get_untracked(), force_type.get_untracked()) else {
            problem.set(Some("Choose the side and the type.".into()));
            return;
        };
        if n.trim().is_empty() {
            problem.set(Some("Give the counter its name (the commander's, or Brigade, Regiment, Battery).".into()));
            return;
        }
        let mut c = Counter::new(n.trim(), l, k, named.get_untracked().unwrap_or(true));
        c.skill = entry(skill.get_untracked());
        c.full = full.face();
        c.reduced = match (reduced_asked(), has_reduced.get_untracked()) {
            (false, _) => Entry::Entered(None),
            (true, Some(false)) => Entry::Entered(None),
            (true, Some(true)) => Entry::Entered(Some(reduced.face())),
            (true, None) => Entry::Missing,
        };
        problem.set(None);
        on_submit.run(c);
        name.set(String::new());
        skill.set(None);
        for f in [full, reduced] {
            f.activation.set(None);
            f.combat.set(None);
            f.superior.set(None);
        }
        has_reduced.set(None);
    };
    let sides = vec![(Loyalty::Confederate, "Confederate".to_string()), (Loyalty::Union, "Union".to_string())];
    let kinds: Vec<(ForceType, String)> = ForceType::ALL.iter().map(|k| (*k, k.label().to_string())).collect();
    let skills: Vec<(Skill, String)> =
        Skill::ALL.iter().map(|s| (*s, format!("{} ({})", s.label(), s.letter()))).collect();
    view! {
        <form class="fc-counter-form" on:submit=send>
            <label class="field">
                <span>"Name on the counter"</span>
                <input type="text" autocomplete="off" bind:value=name/>
            </label>
            {side.is_none().then(|| view! { <Pick legend="Side" options=sides value=loyalty/> })}
            {kind.is_none().then(|| view! { <Pick legend="Type (5.4)" options=kinds value=force_type/> })}
            <Pick
                legend="Named Force or Additional Force (4.8)"
                options=vec![(true, "Named (a commander)".to_string()), (false, "Brigade, Regiment or Battery".to_string())]
                value=named
            />
            <Pick legend="Skill Level (5.1)" options=skills value=skill/>
            <FaceEntry side="Full side" fields=full most=most_combat.unwrap_or(12)/>
            <Show when=reduced_asked>
                <Pick
                    legend="Reduced side (5.9)"
                    options=vec![(true, "Has a reduced side".to_string()), (false, "No reduced side".to_string())]
                    value=has_reduced
                />
                <Show when=move || has_reduced.get() == Some(true)>
                    <FaceEntry side="Reduced side" fields=reduced/>
                </Show>
            </Show>
            {move || problem.get().map(|p| view! { <p class="banner error" role="alert">{p}</p> })}
            <button class="button big primary" type="submit">{submit.clone()}</button>
        </form>
    }
    .into_any()
}
