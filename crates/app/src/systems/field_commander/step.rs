//! One step of the battle taken roll by roll: what the dice given so far did, the next roll
//! the rules call for with its odds, the die (the app's or the table's), and the step applied
//! once it has all it needs. Every die is kept in the game as it is thrown (undoable, saved).

use super::dice::D10Entry;
use super::store::{Store, give_die, try_step, use_store};
use companion_core::chance::Chance;
use field_commander::combat::Modifier;
use field_commander::game::{BattleError, Command, Report};
use leptos::prelude::*;

/// The modifiers of an attack or a Shock check, each with its rule (11.8).
pub fn modifier_words(m: &Modifier) -> String {
    format!("{} {:+}/{:+} ({})", m.what, m.combat, m.superior, m.rule)
}

/// A chance on the d10 in words, counted in tenths: "60% (6 in 10)".
pub fn d10_words(c: Chance) -> String {
    let tenths = (c.numer() * 10).checked_div(c.denom()).unwrap_or(0);
    format!("{}% ({tenths} in 10)", tenths * 10)
}

/// The target and the chances that matter, before the roll.
#[component]
fn Odds(#[prop(into)] target: String, chances: Vec<(&'static str, Chance)>) -> impl IntoView {
    view! {
        <div class="odds" role="group" aria-label="Before the roll">
            <p class="target"><strong>{target}</strong></p>
            <p>
                {chances
                    .into_iter()
                    .map(|(what, c)| view! { <span class="chance">{format!("{what}: {}", d10_words(c))}</span>" " })
                    .collect_view()}
            </p>
        </div>
    }
    .into_any()
}

/// What a step did: each line with its rule and its roll, the modifiers used.
#[component]
pub fn ReportCard(#[prop(into)] title: String, report: Report) -> impl IntoView {
    let label = title.clone();
    view! {
        <section class="result fc-report" role="status" aria-label=label>
            <h2>{title}</h2>
            <ol class="fc-lines">
                {report.lines.iter().map(|l| view! { <li>{l.clone()}</li> }).collect_view()}
            </ol>
            {(!report.modifiers.is_empty()).then(|| view! {
                <p class="muted">"Modifiers: " {report.modifiers.iter().map(modifier_words).collect::<Vec<_>>().join("; ")}</p>
            })}
        </section>
    }
    .into_any()
}

fn apply(store: Store, command: &Command, done: Callback<Report>, problem: RwSignal<Option<String>>) {
    match store.dispatch(command.clone()) {
        Ok(r) => {
            problem.set(None);
            done.run(r);
        }
        Err(why) => problem.set(Some(why)),
    }
}

/// A step: `command` (without dice) tried on a copy of the game; the rolls it needs asked one
/// by one with their odds; `act` the button of a step that needs none; `done` hears the
/// report once the step is applied.
#[component]
pub fn RollStep(
    /// The step's command, without dice; `None`: nothing to do.
    #[prop(into)]
    command: Signal<Option<Command>>,
    /// The words of the button that applies a step needing no roll.
    #[prop(into)]
    act: String,
    /// Hears the report of the applied step.
    done: Callback<Report>,
) -> impl IntoView {
    let store = use_store();
    let problem = RwSignal::new(None::<String>);
    let act = StoredValue::new(act);
    // A step with dice already thrown is the one they were thrown for, as it was asked (its
    // choices and random picks), even after a reload.
    let command = Signal::derive(move || {
        let asked = command.get()?;
        let waiting = super::store::battle(store, |b| b.rolled_for.clone());
        Some(match waiting {
            Some(c) if c.step_key() == asked.step_key() => *c,
            _ => asked,
        })
    });
    let tried = Memo::new(move |_| command.get().map(|c| try_step(store, &c)));
    let on_die = Callback::new(move |die| {
        let Some(c) = command.get_untracked() else { return };
        match give_die(store, &c, die) {
            Ok(Some(r)) => {
                problem.set(None);
                done.run(r);
            }
            Ok(None) => problem.set(None),
            Err(why) => problem.set(Some(why)),
        }
    });
    view! {
        <div class="fc-step">
            {move || match tried.get() {
                None => ().into_any(),
                Some(Ok(_)) => view! {
                    <button
                        class="button big primary"
                        on:click=move |_| {
                            if let Some(c) = command.get_untracked() {
                                apply(store, &c, done, problem);
                            }
                        }
                    >
                        {act.get_value()}
                    </button>
                }
                .into_any(),
                Some(Err(BattleError::NeedRoll { need, so_far })) => {
                    let chances = need.chances();
                    view! {
                        {(!so_far.is_empty()).then(|| view! {
                            <ol class="fc-lines so-far" aria-label="So far">
                                {so_far.iter().map(|l| view! { <li>{l.clone()}</li> }).collect_view()}
                            </ol>
                        })}
                        <p class="fc-need"><strong>{format!("Roll the d10: {}", need.what)}</strong></p>
                        <Odds target=need.target_words() chances=chances/>
                        <D10Entry legend="The d10".to_string() on_roll=on_die/>
                    }
                    .into_any()
                }
                Some(Err(e)) => view! { <p class="banner warning" role="alert">{e.to_string()}</p> }.into_any(),
            }}
            {move || problem.get().map(|p| view! { <p class="banner error" role="alert">{p}</p> })}
        </div>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_4_5_odds_are_counted_in_tenths_of_the_d10() {
        assert_eq!(d10_words(Chance::new(5, 10)), "50% (5 in 10)");
        assert_eq!(d10_words(Chance::new(1, 10)), "10% (1 in 10)");
        assert_eq!(d10_words(Chance::new(0, 10)), "0% (0 in 10)");
    }
}
