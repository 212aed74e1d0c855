//! The end of a charge: the result in words with its rules, applied to the roster in one tap
//! (kills on both units, morale, disorder, surrender, guns taken, officers hit, the charge
//! counted), the checks of units that saw a rout queued (2.2), and what may follow: the next
//! wave of a wave assault (6.8.8.b), the next impact of an unequal impact (5.7.2) or cavalry
//! passing through into another enemy (5.5.5.b.3).

use super::super::address::{ChargeAt, Resolver};
use super::super::card::{Applied, Resolution, ResultCard};
use super::super::missing::Problem;
use super::super::picker::{Pick, UnitPicker};
use super::super::queue::Due;
use super::declare::{inches, inches_field};
use super::{Ctx, Held, words};
use crate::shell::router::navigate;
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::dice::DiceEntry;
use johnny_reb::rules::charge::cavalry::CavalryAftermath;
use johnny_reb::rules::charge::followups::NextContact;
use johnny_reb::rules::charge::{Charge, Outcome, Side};
use johnny_reb::rules::morale::ArtillerySituation;
use johnny_reb::rules::morale::CheckReason;
use johnny_reb::rules::unit::MoraleLevel;
use johnny_reb::rules::{RuleError, RuleResult};
use johnny_reb::state::charges::{ChargeCommand, charged_unit, charging_unit};
use johnny_reb::state::command::{Command, charge_result};
use johnny_reb::state::ids::UnitId;
use johnny_reb::state::tracker_state::ItemKey;
use leptos::prelude::*;

/// The end of the charge on screen.
#[component]
pub fn Ended(ctx: Ctx) -> impl IntoView {
    let store = use_store();
    let shown = ctx.shown;
    let applied = RwSignal::new(None::<Applied>);
    let seen = RwSignal::new(Vec::<String>::new());
    let pick = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        if let Some(id) = pick.get() {
            seen.update(|v| {
                if !v.contains(&id) {
                    v.push(id.clone());
                }
            });
        }
    });
    let result = Signal::derive(move || -> Option<Resolution> {
        let s = shown.get()?;
        let outcome = s.charge.outcome?;
        let mut details = Vec::new();
        for hit in &s.charge.officer_casualties {
            let who = if hit.side == Side::Charger { &s.sides.charger } else { &s.sides.defender };
            details.push(format!(
                "The officer with {who} was hit in the melee: {}. {} (5.8.2, 8, Table 20)",
                hit.effect.label(),
                hit.effect.effect_text()
            ));
        }
        let (charger_routs, defender_routs) = words::routs_seen(&s.charge);
        if charger_routs || defender_routs {
            details.push("Friendly units within 1' that see a rout or surrender check morale, unless they are waiting on their own charge (2.2, 5.1.5, 5.8.2): add them below.".into());
        }
        if s.charge.bystanders_check().is_some() {
            details.push("Units the charge came within 3\" of check fear of charge (5.5.1), if not yet done.".into());
        }
        let commands = match &s.held {
            Held::Game(id) => store.session.with(|st| {
                let g = st.game();
                g.charges.get(id).map(|gc| charge_result(g, gc)).unwrap_or_default()
            }),
            Held::Lookup => Vec::new(),
        };
        if !commands.is_empty() {
            details.push("Applying marks the kills off both units, sets morale and disorder, removes a unit that surrendered, takes captured guns and counts the charge for 5.1.4; the checks taken in the charge are not queued again.".into());
        }
        let queue: Vec<Due> = seen
            .get()
            .into_iter()
            .map(|unit| {
                let name = store.session.with(|st| johnny_reb::state::tracker::unit_name(&st.game().roster, &unit));
                Due { unit: unit.into(), name, reason: CheckReason::FriendlyRoutOrSurrender }
            })
            .collect();
        let next = match (&s.sides.charger_id, &s.sides.defender_id, outcome) {
            (Some(id), _, Outcome::ChargerStopped(Some(MoraleLevel::Routed)) | Outcome::MeleeBothRout) => {
                Some((Resolver::Rout(Some(id.clone())).href(), "Roll the charging unit's forced rout move"))
            }
            _ => None,
        };
        // The tracker's phase 5 item for this charge (state::tracker: `charge-ID`).
        let settles = s.sides.charger_id.iter().map(|id| ItemKey::Charge(id.clone())).collect();
        Some(Resolution {
            headline: words::outcome_headline(outcome, &s.sides),
            details,
            commands,
            recorded: matches!(s.held, Held::Game(_)),
            queue,
            next,
            settles,
        })
    });
    let done_before = move || shown.with(|s| s.as_ref().is_some_and(|s| s.applied)) && applied.with(|a| a.is_none());
    let routs = move || shown.with(|s| s.as_ref().map(|s| words::routs_seen(&s.charge)).unwrap_or((false, false)));
    // Only friends of a unit that routed or surrendered, not routed themselves, are offered
    // (2.2): never the routed unit watching itself, never the enemy.
    let could_have_seen = Callback::new(move |id: String| {
        let (charger_routed, defender_routed) = routs();
        let routed: Vec<String> = shown.with_untracked(|s| {
            s.as_ref()
                .map(|s| {
                    [(charger_routed, &s.sides.charger_id), (defender_routed, &s.sides.defender_id)]
                        .into_iter()
                        .filter_map(|(r, id)| if r { id.as_ref().map(|i| i.to_string()) } else { None })
                        .collect()
                })
                .unwrap_or_default()
        });
        // A quick look-up names no unit of the roster: anyone may be added.
        routed.is_empty()
            || store.session.with_untracked(|st| routed.iter().any(|r| st.game().roster.could_see_rout(&id, r)))
    });
    view! {
        {move || if done_before() {
            view! {
                <section class="card result" role="status" aria-label="Result">
                    <p class="headline"><strong>{move || result.get().map(|r| r.headline).unwrap_or_default()}</strong></p>
                    <p class="applied">"Applied to the game."</p>
                </section>
            }.into_any()
        } else {
            view! {
                <Show when=move || { let (a, d) = routs(); a || d }>
                    <div role="group" aria-label="Friendly units that saw the rout or surrender (2.2)">
                        <p><strong>"Friendly units that saw the rout or surrender (2.2)"</strong></p>
                        <UnitPicker pick=Pick::Units chosen=pick label="Add a unit that saw it" only=could_have_seen/>
                        <p>{move || {
                            let names: Vec<String> = seen.get().iter().map(|u| store.session.with(|st| johnny_reb::state::tracker::unit_name(&st.game().roster, u))).collect();
                            if names.is_empty() { "None added.".to_string() } else { format!("To check: {}.", names.join(", ")) }
                        }}</p>
                    </div>
                </Show>
                <ResultCard result=result applied=applied/>
            }.into_any()
        }}
        <FollowUps ctx=ctx/>
    }
    .into_any()
}

/// What may follow the charge: the next wave (6.8.8.b), the next impact (5.7.2, 5.5.5.b.3).
#[component]
fn FollowUps(ctx: Ctx) -> impl IntoView {
    let store = use_store();
    let shown = ctx.shown;
    let kind = Memo::new(move |_| {
        shown.with(|s| {
            let s = s.as_ref()?;
            let c = &s.charge;
            let outcome = c.outcome?;
            let waves = c.setup.waves.in_good_order + c.setup.waves.in_disorder > 0;
            let stopped = matches!(outcome, Outcome::ChargerStopped(_) | Outcome::FellShort | Outcome::HaltedShort);
            if stopped && waves {
                return Some(Follow::Wave);
            }
            let passes = matches!(outcome, Outcome::Cavalry { charger: CavalryAftermath::PassesThrough, .. });
            let lone = c.series.map(|x| x.lone);
            if passes || (lone == Some(Side::Charger) && c.series.is_some_and(|x| x.contacts > 1) && c.impact.is_some())
            {
                return Some(Follow::Defender);
            }
            if lone == Some(Side::Defender)
                && outcome == Outcome::ChargerRepulsed
                && c.series.is_some_and(|x| x.contacts > 1)
            {
                return Some(Follow::Charger);
            }
            None
        })
    });
    let unit = RwSignal::new(None::<String>);
    let distance = RwSignal::new(String::new());
    let faces = RwSignal::new(Vec::<u8>::new());
    let next = Memo::new(move |_| -> Option<RuleResult<Charge>> {
        let s = shown.get()?;
        let k = kind.get()?;
        let id = unit.get()?;
        let entries = store.table_entries.get();
        let made = store.session.with(|st| -> RuleResult<Charge> {
            let g = st.game();
            let none = || RuleError::OutOfRange { what: "unit", detail: "choose a unit of the roster".into() };
            match k {
                Follow::Wave => {
                    let wave = charging_unit(g, &id, &entries)?.ok_or_else(none)?;
                    let d = inches(&distance.get()).ok_or(RuleError::OutOfRange {
                        what: "distance",
                        detail: "give the wave's distance to the target".into(),
                    })?;
                    let die = crate::widgets::dice::one_die(&faces.get());
                    s.charge.next_wave(wave, d, die)
                }
                Follow::Defender => {
                    let d =
                        charged_unit(g, &id, None, 0, ArtillerySituation::SectionAlone, &entries)?.ok_or_else(none)?;
                    s.charge.impact_again(NextContact::Defender(d))
                }
                Follow::Charger => {
                    let a = charging_unit(g, &id, &entries)?.ok_or_else(none)?;
                    s.charge.impact_again(NextContact::Charger(a))
                }
            }
        });
        Some(made)
    });
    let go = move |_| {
        let (Some(s), Some(Ok(charge)), Some(k), Some(id)) =
            (shown.get_untracked(), next.get_untracked(), kind.get_untracked(), unit.get_untracked())
        else {
            return;
        };
        let Held::Game(follows) = s.held else { return };
        let id = UnitId::from(id);
        let (charger, defender) = match k {
            Follow::Wave => (id, s.sides.defender_id.unwrap_or_default()),
            Follow::Defender => (s.sides.charger_id.unwrap_or_default(), id),
            Follow::Charger => (id, s.sides.defender_id.unwrap_or_default()),
        };
        let cmd = ChargeCommand::Declare {
            charger: charger.clone(),
            defender,
            charge: Box::new(charge),
            follows: Some(follows),
            guns: None,
        };
        match store.dispatch(Command::Charge(cmd)) {
            Ok(_) => {
                let id = store.session.with_untracked(|st| st.game().charges.charges.last().map(|c| c.id.clone()));
                if let Some(id) = id {
                    navigate(&Resolver::Charge(ChargeAt::Game(id)).href());
                }
            }
            Err(e) => store.refuse(&e),
        }
    };
    let is_game = move || shown.with(|s| matches!(s.as_ref().map(|s| &s.held), Some(Held::Game(_))));
    view! {
        {move || (is_game()).then(|| kind.get()).flatten().map(|k| {
            let (title, label) = match k {
                Follow::Wave => ("The next wave passes through the stopped first wave (6.8.8.b)", "Next wave (regiment)"),
                Follow::Defender => ("The charging unit goes on into another enemy unit in contact (5.7.2, 5.5.5.b.3)", "Next enemy unit"),
                Follow::Charger => ("The next charging unit in contact rolls for impact against the lone defender (5.7.2)", "Next charging regiment"),
            };
            view! {
                <section class="card" aria-label="What follows">
                    <h3>{title}</h3>
                    <UnitPicker pick=Pick::Units chosen=unit label=label/>
                    {(k == Follow::Wave).then(|| view! {
                        {inches_field("The wave's distance to the target, inches", distance)}
                        <p class="muted">"A wave in order rolls one die for disorder as it passes through (higher than its BMP, officer -1; 6.4.2, 6.2); a wave in disorder passes with no roll."</p>
                        <DiceEntry name="Pass-through die" count=Signal::derive(|| 1usize) faces=faces/>
                    })}
                    {move || next.get().map(|r| match r {
                        Ok(_) => view! { <div class="row"><button class="button big primary" on:click=go>"Go on with it"</button></div> }.into_any(),
                        Err(e) => view! { <Problem error=e/> }.into_any(),
                    })}
                </section>
            }
        })}
    }
    .into_any()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Follow {
    Wave,
    Defender,
    Charger,
}
