//! The Battlefield Sheet (10.2.14) as the player sees it across the table: the Union Reserve
//! at the top, the Confederate Reserve at the bottom, every force in its Region with what
//! matters at arm's length: name, side, skill, full or reduced, Formation, plan and state.

use field_commander::Battle;
use field_commander::battle::Force;
use field_commander::battlefield::{Formation, Region};
use field_commander::force::{Entry, Loyalty, Strength};
use field_commander::lee;
use leptos::prelude::*;

/// What a force's card says, in words (no colour carries meaning).
#[derive(Clone, Debug, PartialEq)]
pub struct ForceCard {
    /// Its number.
    pub id: u32,
    /// The counter's name.
    pub name: String,
    /// "Union" or "Confederate".
    pub side: Loyalty,
    /// "Infantry, Line (L)".
    pub kind_skill: String,
    /// "Full 5/2, Activation 6" or "Reduced 3".
    pub values: String,
    /// Column or Line.
    pub formation: &'static str,
    /// Plans and markers on it: a Battle Plan Counter, Hard Cover, Entrench, Cover.
    pub plans: Vec<String>,
    /// Its state: in Melee, Routed, acted this turn.
    pub state: Vec<&'static str>,
    /// A value on it is made up (the practice battle): the card says so.
    pub made_up: bool,
}

fn entry_words<T: std::fmt::Display>(e: &Entry<T>) -> String {
    match e {
        Entry::Missing => "?".into(),
        Entry::Entered(v) | Entry::MadeUp(v) => v.to_string(),
    }
}

/// The card of a force as it stands in the battle.
pub fn card(b: &Battle, f: &Force) -> ForceCard {
    let c = &f.counter;
    let skill = match c.skill {
        Entry::Missing => "skill ?".to_string(),
        Entry::Entered(s) | Entry::MadeUp(s) => format!("{} ({})", s.label(), s.letter()),
    };
    let face = c.face(f.strength).ok();
    let values = match face {
        Some(face) => {
            let cv = entry_words(&face.combat);
            let sup = match face.superior {
                Entry::Entered(Some(s)) | Entry::MadeUp(Some(s)) => format!("/{s}"),
                Entry::Missing => "/?".into(),
                _ => String::new(),
            };
            let act = match face.activation {
                Entry::Entered(Some(a)) | Entry::MadeUp(Some(a)) => format!(", Activation {a}"),
                Entry::Entered(None) | Entry::MadeUp(None) => ", no Activation number".into(),
                Entry::Missing => ", Activation ?".into(),
            };
            format!("Combat {cv}{sup}{act}")
        }
        None => "values ?".into(),
    };
    let strength = if f.strength == Strength::Full { "Full" } else { "Reduced" };
    let mut plans: Vec<String> = b
        .plans
        .iter()
        .filter(|p| p.force == Some(f.id))
        .map(|p| format!("{} ({})", p.plan.label(), p.plan.rule()))
        .collect();
    if f.hard_cover {
        plans.push("Hard Cover (14.1.2)".into());
    }
    if f.entrenched {
        plans.push("Entrench (10.2.12.3)".into());
    }
    if f.cover {
        plans.push("Cover active (12.3.3)".into());
    }
    let mut state = Vec::new();
    if b.field.in_melee(f.id).unwrap_or(false) {
        state.push("In Melee");
    }
    if b.routed == Some(c.loyalty) {
        state.push("Routed");
    }
    if b.acted.contains(&f.id) || b.lee_acted.contains(&f.id) {
        state.push("Acted this turn");
    }
    if b.clear_orders.contains(&f.id) {
        state.push("Clear Orders");
    }
    let made_up = c.skill.is_made_up() || c.full.combat.is_made_up();
    ForceCard {
        id: f.id,
        name: c.name.clone(),
        side: c.loyalty,
        kind_skill: format!("{}, {skill}", c.kind.label()),
        values: format!("{strength}: {values}"),
        formation: if f.formation == Formation::Column { "Column" } else { "Line" },
        plans,
        state,
        made_up,
    }
}

/// One force's card.
#[component]
pub fn ForceView(card: ForceCard, #[prop(optional)] children: Option<Children>) -> impl IntoView {
    let side = if card.side == Loyalty::Union { "union" } else { "confederate" };
    view! {
        <li class=format!("fc-force {side}") aria-label=card.name.clone()>
            <p class="fc-force-name"><strong>{card.name.clone()}</strong></p>
            <p class="fc-force-facts">
                <span class="fc-side">{card.side.label()}</span>" · "{card.kind_skill.clone()}
            </p>
            <p class="fc-force-facts">{card.values.clone()}" · "{card.formation}</p>
            {(!card.plans.is_empty()).then(|| view! { <p class="fc-plan">{card.plans.join(", ")}</p> })}
            {(!card.state.is_empty()).then(|| view! { <p class="fc-state">{card.state.join(", ")}</p> })}
            {card.made_up.then(|| view! { <p class="badge fc-made-up">"Practice: made-up values, not the game's"</p> })}
            {children.map(|c| c())}
        </li>
    }
    .into_any()
}

/// The sheet's six Regions, the Union Reserve first (the far edge of the table).
#[component]
pub fn Sheet() -> impl IntoView {
    let store = super::store::use_store();
    let regions = move || {
        super::store::battle(store, |b| {
            Region::ALL
                .iter()
                .rev()
                .map(|r| {
                    let forces: Vec<ForceCard> =
                        b.field.forces.iter().filter(|f| f.region == *r).map(|f| card(b, f)).collect();
                    let limit = r
                        .limit()
                        .map(|n| format!("up to {n} Mobile Forces a side"))
                        .unwrap_or_else(|| "no limit".into());
                    (*r, limit, forces)
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="fc-sheet" aria-label="Battlefield Sheet">
            {move || {
                regions()
                    .into_iter()
                    .map(|(region, limit, forces)| {
                        let title = region.label();
                        view! {
                            <section class="fc-region" aria-label=title>
                                <h3>{title} <span class="muted small">{format!(" ({limit})")}</span></h3>
                                {if forces.is_empty() {
                                    view! { <p class="muted">"Empty"</p> }.into_any()
                                } else {
                                    view! {
                                        <ul class="fc-forces">
                                            {forces.into_iter().map(|c| view! { <ForceView card=c/> }).collect_view()}
                                        </ul>
                                    }
                                    .into_any()
                                }}
                            </section>
                        }
                    })
                    .collect_view()
            }}
        </section>
    }
    .into_any()
}

/// A force's name, or its number if it is gone.
pub fn name_of(b: &Battle, id: u32) -> String {
    b.field.get(id).map(|f| f.counter.name.clone()).unwrap_or_else(|_| format!("Force {id}"))
}

/// The Battle Plan Counter attached to a force, if any (12.2).
pub fn plan_of(b: &Battle, id: u32) -> Option<lee::BattlePlan> {
    lee::attached(b, id)
}
