//! The unit picker: a regiment or gun section (or an officer) of the game, or none for a quick
//! look-up with nothing recorded.

use crate::systems::johnny_reb::store::use_store;
use johnny_reb::state::roster::Side;
use leptos::prelude::*;

/// What a picker lists.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// Regiments and gun sections still in play.
    Units,
    /// Regiments only.
    Regiments,
    /// Officers still in the game.
    Officers,
    /// Batteries (battery fire, 4.3.6.a) and gun sections still in play.
    Artillery,
}

/// A labelled select, by side; the first choice is the quick look-up. `chosen` is the id.
#[component]
pub fn UnitPicker(
    pick: Pick,
    chosen: RwSignal<Option<String>>,
    #[prop(optional)] label: Option<&'static str>,
    /// Only the units this keeps (by id), when given: those that could have seen a rout, say.
    #[prop(optional)]
    only: Option<Callback<String, bool>>,
) -> impl IntoView {
    let store = use_store();
    let label = label.unwrap_or(match pick {
        Pick::Officers => "Officer",
        Pick::Regiments => "Regiment",
        Pick::Units => "Regiment or gun section",
        Pick::Artillery => "Gun section or battery",
    });
    let options = move || {
        store.session.with(|s| {
            let roster = &s.game().roster;
            [Side::Union, Side::Confederate]
                .into_iter()
                .map(|side| {
                    let army = roster.army(side);
                    let mut items: Vec<(String, String)> = match pick {
                        Pick::Officers => army
                            .officers
                            .iter()
                            .filter(|o| !o.is_removed())
                            .map(|o| (o.id.to_string(), o.name.clone()))
                            .collect(),
                        Pick::Artillery => army
                            .batteries()
                            .filter(|b| b.sections.len() > 1)
                            .map(|b| (b.id.to_string(), format!("{} (battery fire)", b.name)))
                            .chain(
                                army.sections()
                                    .filter(|s| !s.state.is_lost())
                                    .map(|s| (s.id.to_string(), s.name.clone())),
                            )
                            .collect(),
                        _ => army
                            .regiments()
                            .filter(|r| !r.is_lost() && r.merged_into.is_none())
                            .map(|r| (r.id.to_string(), r.name.clone()))
                            .collect(),
                    };
                    if pick == Pick::Units {
                        items.extend(
                            army.sections().filter(|s| !s.state.is_lost()).map(|s| (s.id.to_string(), s.name.clone())),
                        );
                    }
                    if let Some(keep) = only {
                        items.retain(|(id, _)| keep.run(id.clone()));
                    }
                    (side, items)
                })
                .filter(|(_, items)| !items.is_empty())
                .collect::<Vec<_>>()
        })
    };
    view! {
        <label class="field picker">
            <span>{label}</span>
            <select aria-label=label on:change=move |ev| {
                let v = event_target_value(&ev);
                chosen.set((!v.is_empty()).then_some(v));
            }>
                <option value="" selected=move || chosen.get().is_none()>"None: quick look-up (nothing recorded)"</option>
                {move || options().into_iter().map(|(side, items)| view! {
                    <optgroup label=side.label()>
                        {items.into_iter().map(|(id, name)| {
                            let mine = id.clone();
                            view! { <option value=id selected=move || chosen.get().as_deref() == Some(mine.as_str())>{name}</option> }
                        }).collect_view()}
                    </optgroup>
                }).collect_view()}
            </select>
        </label>
    }
    .into_any()
}
