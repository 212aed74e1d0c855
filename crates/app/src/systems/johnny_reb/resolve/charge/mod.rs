//! Charge and melee (5, Tables 16-19) at `/resolve/charge`: a charge declared from two roster
//! units (or typed in as a quick look-up) and resolved through Table 16 one step at a time,
//! driven by the rules engine's [`Charge::waiting_for`]. Each step says what it is (its Table
//! 16 step and rule), shows the target and the odds before the roll, takes the app's roll or
//! the dice thrown on the table, and the charge's log says what happened with rule numbers.
//!
//! A charge of the game is kept in the game through [`ChargeCommand`] (each step logged and
//! undoable, and it survives a reload); a quick look-up is kept on this device only. Several
//! charges of one phase are listed in the order of 5.1.5 (nearest first), each resolved
//! completely before the next. The result goes to the roster in one tap
//! ([`johnny_reb::state::command::charge_result`]).
//!
//! Addresses: `?unit=ID` (the charging regiment: its charge of this turn, or a new one),
//! `?charge=ID` (a charge of the game), `?lookup=1` (the quick look-up on this device).

mod declaration;
mod declare;
mod ended;
mod steps;
pub mod words;

use super::address::{ChargeAt, Resolver};
use super::frame::ResolverFrame;
use crate::shell::router::use_query_map;
use crate::systems::johnny_reb::store::use_store;
use johnny_reb::rules::charge::sequence::Conditions;
use johnny_reb::rules::charge::{Advance, Charge, Input};
use johnny_reb::rules::morale::ArtillerySituation;
use johnny_reb::state::charges::{ChargeCommand, GameCharge, officer_with};
use johnny_reb::state::command::Command;
use johnny_reb::state::game::Game;
use johnny_reb::state::ids::{ChargeId, UnitId};
use johnny_reb::state::roster::Regiment;
use leptos::prelude::*;

/// The formations offered for a unit typed in (the toggles of the declaration and of a
/// fear-of-charge check).
pub fn declare_formations() -> Vec<(johnny_reb::rules::unit::Formation, &'static str)> {
    declare::FORMATIONS.to_vec()
}

/// What the step views know of the two units besides the charge itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Sides {
    /// The charging unit's name.
    pub charger: String,
    /// The charged unit's name.
    pub defender: String,
    /// The charging regiment of the roster (none in a quick look-up).
    pub charger_id: Option<UnitId>,
    /// The charged unit of the roster.
    pub defender_id: Option<UnitId>,
    /// The charging regiment as the roster has it now (before the result is applied).
    pub charger_reg: Option<Regiment>,
    /// The charged regiment as the roster has it now.
    pub defender_reg: Option<Regiment>,
    /// A charged gun section's situation (2.3.3).
    pub guns: ArtillerySituation,
    /// The officer with the charging unit: name and benefit.
    pub charger_officer: Option<(String, u8)>,
    /// The officer with the charged unit.
    pub defender_officer: Option<(String, u8)>,
    /// Which side each unit is on (for the checks of units seeing a rout).
    pub sides: Option<(johnny_reb::state::roster::Side, johnny_reb::state::roster::Side)>,
}

fn officer_named(game: &Game, unit: &str) -> Option<(String, u8)> {
    let (id, benefit) = officer_with(game, unit)?;
    let name = [&game.roster.union, &game.roster.confederate]
        .into_iter()
        .flat_map(|a| a.officers.iter())
        .find(|o| o.id == id)
        .map(|o| o.name.clone())?;
    Some((name, benefit))
}

/// The two units of a game charge as the roster knows them.
pub fn game_sides(game: &Game, gc: &GameCharge) -> Sides {
    let roster = &game.roster;
    let side = |id: &str| roster.side_of(id);
    Sides {
        charger: johnny_reb::state::tracker::unit_name(roster, &gc.charger),
        defender: johnny_reb::state::tracker::unit_name(roster, &gc.defender),
        charger_id: Some(gc.charger.clone()),
        defender_id: Some(gc.defender.clone()),
        charger_reg: roster.regiment(&gc.charger).cloned(),
        defender_reg: roster.regiment(&gc.defender).cloned(),
        guns: gc.guns.unwrap_or(ArtillerySituation::SectionAlone),
        charger_officer: officer_named(game, &gc.charger),
        defender_officer: officer_named(game, &gc.defender),
        sides: side(&gc.charger).zip(side(&gc.defender)),
    }
}

/// The two units of a quick look-up.
pub fn lookup_sides(guns: Option<ArtillerySituation>) -> Sides {
    Sides {
        charger: "The charging unit".into(),
        defender: "The charged unit".into(),
        charger_id: None,
        defender_id: None,
        charger_reg: None,
        defender_reg: None,
        guns: guns.unwrap_or(ArtillerySituation::SectionAlone),
        charger_officer: None,
        defender_officer: None,
        sides: None,
    }
}

/// Where the charge on screen is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Held {
    /// A charge of the game, by id.
    Game(ChargeId),
    /// The quick look-up on this device.
    Lookup,
}

/// The charge on screen: the charge, its units, whether its result was applied.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// Where it is kept.
    pub held: Held,
    /// The charge.
    pub charge: Charge,
    /// Its units.
    pub sides: Sides,
    /// Its result is applied to the game.
    pub applied: bool,
    /// The charge it continues, if any.
    pub follows: Option<ChargeId>,
}

/// Everything a step view needs; cheap to copy.
#[derive(Clone, Copy)]
pub struct Ctx {
    /// The charge on screen.
    pub shown: Memo<Option<Shown>>,
    /// Resolves the current step with its input.
    pub advance: Callback<Input>,
    /// Resolves the current step with its input and what the players said of the units'
    /// situations at it, kept for the later steps.
    pub advance_given: Callback<(Input, Conditions)>,
    /// Resolves several steps in turn as one change (one step to take back): each input, and
    /// what the players said at it (none: as the charge has it).
    pub send: Callback<Vec<(Input, Option<Conditions>)>>,
    /// A problem with the last step (a quick look-up's refusal).
    pub problem: RwSignal<Option<String>>,
    /// Declares an unequal impact (5.7.2): the lone unit's side and the units in contact.
    pub unequal: Callback<(johnny_reb::rules::charge::Side, u32)>,
}

impl Ctx {
    /// The context of a step shown after steps that have nothing to ask: resolving it
    /// resolves those first, with their one input each, in the order of Table 16.
    pub fn after(self, before: Vec<Input>) -> Ctx {
        let send = self.send;
        let first = StoredValue::new(before);
        let with = move |last: (Input, Option<Conditions>)| {
            let mut all: Vec<(Input, Option<Conditions>)> = first.get_value().into_iter().map(|i| (i, None)).collect();
            all.push(last);
            send.run(all);
        };
        Ctx {
            advance: Callback::new(move |input: Input| with((input, None))),
            advance_given: Callback::new(move |(input, given): (Input, Conditions)| with((input, Some(given)))),
            ..self
        }
    }

    /// The charge now, without tracking.
    pub fn charge(&self) -> Option<Charge> {
        self.shown.with_untracked(|s| s.as_ref().map(|s| s.charge.clone()))
    }

    /// The units now, without tracking.
    pub fn sides(&self) -> Option<Sides> {
        self.shown.with_untracked(|s| s.as_ref().map(|s| s.sides.clone()))
    }
}

/// The charge resolver at `/resolve/charge`.
#[component]
pub fn ChargeResolver() -> impl IntoView {
    let store = use_store();
    let query = use_query_map();
    let problem = RwSignal::new(None::<String>);
    let held = Memo::new(move |_| match query.with(ChargeAt::read) {
        ChargeAt::Lookup => store.charge_lookup.with(|l| l.is_some()).then_some(Held::Lookup),
        ChargeAt::Game(id) => Some(Held::Game(id)),
        ChargeAt::Unit(unit) => store.session.with(|s| {
            let g = s.game();
            g.charges.latest_for(g.turn, &unit).map(|c| Held::Game(c.id.clone()))
        }),
        ChargeAt::Declare | ChargeAt::New => None,
    });
    let shown = Memo::new(move |_| -> Option<Shown> {
        match held.get()? {
            Held::Game(id) => store.session.with(|s| {
                let g = s.game();
                let gc = g.charges.get(&id)?;
                Some(Shown {
                    held: Held::Game(id.clone()),
                    charge: gc.charge.clone(),
                    sides: game_sides(g, gc),
                    applied: gc.applied,
                    follows: gc.follows.clone(),
                })
            }),
            Held::Lookup => store.charge_lookup.with(|lookup| {
                lookup.as_ref().map(|l| Shown {
                    held: Held::Lookup,
                    charge: l.charge.clone(),
                    sides: lookup_sides(l.guns),
                    applied: false,
                    follows: None,
                })
            }),
        }
    });
    let send = Callback::new(move |inputs: Vec<(Input, Option<Conditions>)>| {
        problem.set(None);
        match held.get_untracked() {
            Some(Held::Game(id)) => {
                let entries = store.table_entries.get_untracked();
                let commands = inputs
                    .into_iter()
                    .map(|(input, given)| {
                        Command::Charge(ChargeCommand::Step {
                            charge: id.clone(),
                            input: Box::new(input),
                            entries: entries.clone(),
                            given,
                        })
                    })
                    .collect();
                if let Err(e) = store.dispatch_all(commands) {
                    store.refuse(&e);
                }
            }
            Some(Held::Lookup) => {
                let rulings = store.session.with_untracked(|s| s.game().setup.rules.charges.clone());
                let entries = store.table_entries.get_untracked();
                let Some(mut lookup) = store.charge_lookup.get_untracked() else { return };
                let mut now = lookup.charge.clone();
                for (input, given) in inputs {
                    let given = given.unwrap_or(now.conditions);
                    match now.advance_given(input, given, &rulings, &entries) {
                        Ok(Advance::Next { charge, .. }) => now = *charge,
                        Ok(Advance::Waiting(need)) => return problem.set(Some(words::still_needs(&need))),
                        Err(e) => return problem.set(Some(e.to_string())),
                    }
                }
                lookup.history.push(std::mem::replace(&mut lookup.charge, now));
                store.set_charge_lookup(Some(lookup));
            }
            None => {}
        }
    });
    let advance = Callback::new(move |input: Input| send.run(vec![(input, None)]));
    let advance_given = Callback::new(move |(input, given): (Input, Conditions)| send.run(vec![(input, Some(given))]));
    let unequal = Callback::new(move |(lone, contacts): (johnny_reb::rules::charge::Side, u32)| {
        problem.set(None);
        match held.get_untracked() {
            Some(Held::Game(id)) => {
                store.send(Command::Charge(ChargeCommand::UnequalImpact { charge: id, lone, contacts }))
            }
            Some(Held::Lookup) => {
                let Some(mut lookup) = store.charge_lookup.get_untracked() else { return };
                match lookup.charge.unequal_impact(lone, contacts) {
                    Ok(next) => {
                        lookup.history.push(std::mem::replace(&mut lookup.charge, next));
                        store.set_charge_lookup(Some(lookup));
                    }
                    Err(e) => problem.set(Some(e.to_string())),
                }
            }
            None => {}
        }
    });
    let ctx = Ctx { shown, advance, advance_given, send, problem, unequal };
    // Whether a charge is on screen: a memo, so that the view is not rebuilt at every step.
    let has_charge = Memo::new(move |_| shown.with(|s| s.is_some()));
    let preset = match query.with_untracked(ChargeAt::read) {
        ChargeAt::Unit(unit) => Some(unit.to_string()),
        _ => None,
    };

    view! {
        <ResolverFrame title="Charge and melee" rules="5, Tables 16-19: declare, then each step of Table 16 in turn until the charge ends or a side routs." class="charge">
            <ChargeList/>
            {move || if has_charge.get() {
                view! { <ChargeView ctx=ctx/> }.into_any()
            } else {
                view! { <declare::DeclareForm preset=preset.clone()/> }.into_any()
            }}
        </ResolverFrame>
    }
    .into_any()
}

/// The charges of this turn in the order of 5.1.5, and the Charge orders not yet declared.
#[component]
fn ChargeList() -> impl IntoView {
    let store = use_store();
    let items = Memo::new(move |_| {
        store.session.with(|s| {
            let g = s.game();
            let mut out: Vec<(String, String)> = g
                .charges
                .of_turn(g.turn)
                .into_iter()
                .map(|c| {
                    let sides = game_sides(g, c);
                    let state = match (c.applied, c.charge.outcome) {
                        (true, _) => "applied".to_string(),
                        (false, Some(o)) => format!("over: {}", words::outcome_short(o)),
                        (false, None) => c.charge.table16_step().map(|s| s.citation()).unwrap_or_default(),
                    };
                    (
                        Resolver::Charge(ChargeAt::Game(c.id.clone())).href(),
                        format!(
                            "{} charges {}, {} ({state})",
                            sides.charger,
                            sides.defender,
                            johnny_reb::rules::charge::show_inches(c.charge.setup.distance)
                        ),
                    )
                })
                .collect();
            if let Some(t) = g.orders_this_turn().filter(|t| t.revealed) {
                for o in t.units_with(johnny_reb::rules::unit::OrderKind::Charge) {
                    if g.charges.charges.iter().any(|c| c.turn == g.turn && c.charger == o.unit) {
                        continue;
                    }
                    let target = o
                        .objective
                        .as_deref()
                        .map(|t| format!(" {}", johnny_reb::state::tracker::unit_name(&g.roster, t)))
                        .unwrap_or_default();
                    out.push((
                        Resolver::Charge(ChargeAt::Unit(o.unit.clone())).href(),
                        format!(
                            "{} charges{target}: declare it",
                            johnny_reb::state::tracker::unit_name(&g.roster, &o.unit)
                        ),
                    ));
                }
            }
            out
        })
    });
    view! {
        <Show when=move || items.with(|i| !i.is_empty())>
            <nav class="card" aria-labelledby="charges-title">
                <h2 id="charges-title">"Charges this turn"</h2>
                <p class="muted">"Nearest charge first, each completely before the next (5.1.5)."</p>
                <ul class="plain charge-list">
                    {move || items.get().into_iter().map(|(href, text)| view! { <li><a class="button big" href=href>{text}</a></li> }).collect_view()}
                </ul>
                <p><a class="button" href=Resolver::Charge(ChargeAt::New).href()>"Declare another charge"</a></p>
            </nav>
        </Show>
    }
    .into_any()
}

/// The charge on screen: its state, the step waiting (or its end), and its log.
#[component]
fn ChargeView(ctx: Ctx) -> impl IntoView {
    let store = use_store();
    let shown = ctx.shown;
    let title = move || {
        shown.with(|s| {
            s.as_ref().map(|s| format!("{} charges {}", s.sides.charger, s.sides.defender)).unwrap_or_default()
        })
    };
    let facts = move || shown.with(|s| s.as_ref().map(|s| words::state_line(&s.charge, &s.sides)).unwrap_or_default());
    // Only whether it has ended: the step view keys itself on the step, and the end view must
    // outlive applying its result (its Undo).
    let ended = Memo::new(move |_| {
        shown.with(|s| s.as_ref().map(|s| s.charge.stage == johnny_reb::rules::charge::Stage::Ended))
    });
    let back = move |_| {
        let Some(s) = shown.get_untracked() else { return };
        match s.held {
            Held::Game(_) => store.undo(),
            Held::Lookup => {
                let mut lookup = store.charge_lookup.get_untracked();
                if let Some(l) = lookup.as_mut()
                    && let Some(prev) = l.history.pop()
                {
                    l.charge = prev;
                }
                store.set_charge_lookup(lookup);
            }
        }
    };
    let discard = move |_| {
        let Some(s) = shown.get_untracked() else { return };
        match s.held {
            Held::Game(id) => store.send(Command::Charge(ChargeCommand::Discard { charge: id })),
            Held::Lookup => store.set_charge_lookup(None),
        }
        crate::shell::router::navigate(&Resolver::Charge(ChargeAt::New).href());
    };
    let can_back = move || {
        shown.with(|s| match s {
            Some(Shown { held: Held::Lookup, .. }) => {
                store.charge_lookup.with(|l| l.as_ref().is_some_and(|l| !l.history.is_empty()))
            }
            // Undo takes back the game's last change: only when that is a step of this charge.
            Some(Shown { applied: false, sides, .. }) => store.session.with(|s| {
                s.can_undo()
                    && s.game().log.last().is_some_and(|l| {
                        l.text.starts_with(&format!("{} charging {}", sides.charger, sides.defender))
                            || l.text.starts_with(&format!("{} charges {}", sides.charger, sides.defender))
                    })
            }),
            _ => false,
        })
    };
    view! {
        <section class="card charge-view" aria-labelledby="charge-title">
            <h2 id="charge-title">{title}</h2>
            {move || shown.with(|s| matches!(s, Some(Shown { held: Held::Lookup, .. }))).then(|| view! { <p class="muted">"Quick look-up: nothing is recorded in the game."</p> })}
            <p class="facts">{facts}</p>
            {move || ctx.problem.get().map(|p| view! { <p class="problem" role="alert">{p}</p> })}
            {move || match ended.get() {
                Some(true) => view! { <ended::Ended ctx=ctx/> }.into_any(),
                Some(false) => view! { <steps::Step ctx=ctx/> }.into_any(),
                None => ().into_any(),
            }}
            <details class="more charge-log" open=true>
                <summary class="button">{move || format!("What happened ({})", shown.with(|s| s.as_ref().map(|s| s.charge.log.len()).unwrap_or(0)))}</summary>
                <ol aria-label="What happened">
                    {move || shown.with(|s| s.as_ref().map(|s| s.charge.log.clone()).unwrap_or_default()).into_iter().map(|h| view! {
                        <li>{format!("{} ({})", h.text, h.rule)}</li>
                    }).collect_view()}
                </ol>
            </details>
            <div class="row">
                <button class="button" disabled=move || !can_back() on:click=back>"Take back the last step"</button>
                <button class="button" disabled=move || shown.with(|s| s.as_ref().is_some_and(|s| s.applied)) on:click=discard>"Discard this charge"</button>
            </div>
        </section>
    }
    .into_any()
}
