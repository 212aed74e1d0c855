//! Officer casualties (8, Table 20): one officer, or every officer in turn in Phase Eight.
//! The hit is applied with `OfficerHit`.

use super::card::{Applied, Resolution, ResultCard};
use super::picker::{Pick, UnitPicker};
use crate::shell::router::use_query_map;
use crate::systems::johnny_reb::store::use_store;
use crate::widgets::dice::{DiceEntry, thrown};
use crate::widgets::odds::OddsLine;
use crate::widgets::toggles::Toggles;
use johnny_reb::rules::Die;
use johnny_reb::rules::officers::{casualty_effect, consequences, effect_odds, hit_chance, is_hit};
use johnny_reb::rules::tables::t20_officer_casualty::{self as t20, CasualtyEffect, DistanceRow};
use johnny_reb::state::command::Command;
use johnny_reb::state::game::Phase;
use johnny_reb::state::units::UnitCommand;
use leptos::prelude::*;

/// The printed distance rows, farthest first.
fn rows() -> Vec<DistanceRow> {
    t20::ROWS.iter().filter_map(|c| c.value().copied()).collect()
}

fn dice(faces: &[u8]) -> Option<Vec<Die>> {
    faces.iter().map(|f| Die::new(*f).ok()).collect()
}

/// The result of the hit dice and, once hit, the effect die, for officer `id` (none: a quick
/// look-up). `None` while a die is missing.
pub fn officer_result(
    name: &str,
    id: Option<&str>,
    row: &DistanceRow,
    hit: &[u8],
    effect: Option<u8>,
    turn: u32,
) -> Option<Resolution> {
    let total: u32 = hit.iter().map(|f| u32::from(*f)).sum();
    let hits_on = row.hit_on.iter().map(u32::to_string).collect::<Vec<_>>().join(" or ");
    if !is_hit(row.min_inches, &dice(hit)?).ok()? {
        return Some(Resolution {
            headline: format!("{name} is not hit: rolled {total}, {} hits on {hits_on} (8, Table 20).", row.label),
            recorded: id.is_some(),
            settles: id.map(|id| vec![format!("officer-{id}")]).unwrap_or_default(),
            ..Resolution::default()
        });
    }
    let effect = casualty_effect(Die::new(effect?).ok()?);
    let c = consequences(effect, turn);
    let mut details = Vec::new();
    if c.moved_to_rear {
        details.push("Move him to the rear of the army, near the table edge (8).".to_string());
    }
    details.push(match effect {
        CasualtyEffect::SpectacularDeath => {
            "Friendly units within 1' that saw it check morale, +1 for the spectacular death (Table 2 no. 10, Table 6)."
                .to_string()
        }
        _ => "Friendly units within 1' that saw it check morale (Table 2 no. 10).".to_string(),
    });
    Some(Resolution {
        headline: format!("{name} is hit: {}. {} (8, Table 20)", effect.label(), effect.effect_text()),
        details,
        commands: id
            .map(|id| vec![Command::Unit(UnitCommand::OfficerHit { officer: id.to_string(), effect })])
            .unwrap_or_default(),
        recorded: id.is_some(),
        settles: id.map(|id| vec![format!("officer-{id}")]).unwrap_or_default(),
        ..Resolution::default()
    })
}

/// The officer casualty resolver at `/resolve/officer`.
#[component]
pub fn OfficerResolver() -> impl IntoView {
    let store = use_store();
    let query = use_query_map();
    let chosen = RwSignal::new(query.with_untracked(|q| q.get("officer")).filter(|s| !s.is_empty()));
    let row = RwSignal::new(None::<usize>);
    let hit_faces = RwSignal::new(Vec::<u8>::new());
    let effect_faces = RwSignal::new(Vec::<u8>::new());
    let applied = RwSignal::new(None::<Applied>);
    let sweep = RwSignal::new(false);
    let table = rows();
    let table = StoredValue::new(table);

    Effect::new(move |prev: Option<Option<String>>| {
        let now = chosen.get();
        if prev.is_some_and(|p| p != now) {
            row.set(None);
            hit_faces.set(Vec::new());
            effect_faces.set(Vec::new());
            applied.set(None);
        }
        now
    });
    let officer_name = move || {
        chosen.get().and_then(|id| store.session.with(|s| s.game().roster.officer(&id).map(|o| o.name.clone())))
    };
    let the_row = move || row.get().and_then(|i| table.with_value(|t| t.get(i).copied()));
    let dice_count = Signal::derive(move || the_row().map(|r| usize::from(r.dice)).unwrap_or(0));
    let hit_dice = move || the_row().and_then(|r| thrown(&hit_faces.get(), usize::from(r.dice)));
    let is_a_hit = move || {
        let r = the_row()?;
        let d = dice(&hit_dice()?)?;
        is_hit(r.min_inches, &d).ok()
    };
    let result = Signal::derive(move || {
        let r = the_row()?;
        let hit = hit_dice()?;
        let effect = thrown(&effect_faces.get(), 1).and_then(|v| v.first().copied());
        let turn = store.session.with(|s| s.game().turn);
        let id = chosen.get();
        officer_result(&officer_name().unwrap_or_else(|| "The officer".into()), id.as_deref(), &r, &hit, effect, turn)
    });
    // Phase Eight: every officer still in the game, in roster order, one after another.
    let next_officer = move || {
        store.session.with(|s| {
            let roster = &s.game().roster;
            let all: Vec<&johnny_reb::state::roster::Officer> =
                roster.union.officers.iter().chain(roster.confederate.officers.iter()).collect();
            let from = chosen.get().and_then(|id| all.iter().position(|o| o.id == id)).map(|i| i + 1).unwrap_or(0);
            all.iter().skip(from).find(|o| !o.is_removed()).map(|o| o.id.clone())
        })
    };
    let phase_eight = move || store.session.with(|s| s.game().phase == Phase::OfficerCasualties);

    view! {
        <section class="screen resolver" aria-labelledby="resolver-title">
            <super::BackToMenu/>
            <h1 id="resolver-title">"Officer casualties"</h1>
            <p class="muted">"8, Table 20: the closest the officer, or the unit he helped, came to a non-routed enemy this turn. An officer used in melee rolls at Under 2\" (5.8.2)."</p>
            <UnitPicker pick=Pick::Officers chosen=chosen/>
            <Show when=move || chosen.get().is_none() && next_officer().is_some()>
                <div class="row">
                    <button class=move || if phase_eight() { "button big primary" } else { "button big" } on:click=move |_| {
                        sweep.set(true);
                        chosen.set(next_officer());
                    }>"Roll for every officer in turn (phase 8)"</button>
                </div>
            </Show>
            <Toggles legend="Closest to the enemy" options=table.with_value(|t| t.iter().enumerate().map(|(i, r)| (Some(i), r.label)).collect()) value=row/>
            {move || the_row().map(|r| {
                let hits_on = r.hit_on.iter().map(u32::to_string).collect::<Vec<_>>().join(" or ");
                let dice_words = if r.dice == 1 { "one die".to_string() } else { format!("{} dice", r.dice) };
                view! {
                    <OddsLine target=format!("Hit on {hits_on} with {dice_words}") chances=vec![("Hit", hit_chance(r.min_inches))]/>
                }
            })}
            <DiceEntry name="Hit die" count=dice_count faces=hit_faces/>
            <Show when=move || is_a_hit() == Some(true)>
                <p class="headline" role="status"><strong>"Hit. Now roll the effect die."</strong></p>
                <OddsLine
                    target="1 stunned · 2-3 light wound · 4-5 severe wound · 6 spectacular death"
                    chances=CasualtyEffect::ALL.iter().map(|e| (e.label(), effect_odds().chance_of(e))).collect()
                />
                <DiceEntry name="Effect die" count=Signal::derive(|| 1usize) faces=effect_faces/>
            </Show>
            <ResultCard result=result applied=applied/>
            // Only once the result is applied ("Done" for a miss): that ticks the officer's phase 8
            // item, so the sweep cannot leave one unticked behind it.
            <Show when=move || sweep.get() && chosen.get().is_some() && applied.get().is_some()>
                <div class="row">
                    {move || match next_officer() {
                        Some(_) => view! { <button class="button big" on:click=move |_| chosen.set(next_officer())>"Next officer"</button> }.into_any(),
                        None => view! { <p>"Every officer has rolled."</p> }.into_any(),
                    }}
                </div>
            </Show>
        </section>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_8_table_20_under_2_inches_hits_on_5_or_6_then_the_effect_die() {
        let under = rows().last().copied().unwrap();
        assert_eq!(under.label, "Under 2\"");
        let miss = officer_result("Meredith", Some("o-m"), &under, &[4], None, 3).unwrap();
        assert!(miss.headline.contains("not hit") && miss.commands.is_empty());
        assert!(officer_result("Meredith", Some("o-m"), &under, &[5], None, 3).is_none(), "waits for the effect die");
        let hit = officer_result("Meredith", Some("o-m"), &under, &[5], Some(6), 3).unwrap();
        assert_eq!(
            hit.commands,
            vec![Command::Unit(UnitCommand::OfficerHit {
                officer: "o-m".into(),
                effect: CasualtyEffect::SpectacularDeath
            })]
        );
        assert!(hit.details.iter().any(|d| d.contains("+1")));
        let look_up = officer_result("The officer", None, &under, &[6], Some(1), 3).unwrap();
        assert!(look_up.commands.is_empty() && !look_up.recorded);
    }
}
