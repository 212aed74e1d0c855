//! The roster and order sheet to print: a page per side listing each regiment and gun section
//! with its BMP, figures and weapon, and a column per turn with each order once revealed (blank
//! before: still secret), like the paper order sheets; then the side's officers.

use crate::shell::games::files;
use crate::systems::johnny_reb::store::use_store;
use johnny_reb::rules::Overrides;
use johnny_reb::rules::morale::{ArtillerySituation, BmpTableKind, MoraleRulings, MoraleUnit, bmp};
use johnny_reb::state::game::Game;
use johnny_reb::state::roster::{Army, Battery, Regiment, Roster, Section, Side};
use leptos::prelude::*;

/// Turns with an order column on the sheet.
pub const ORDER_TURNS: u32 = 8;

/// The regiment's BMP from Table 5 (not charged), or its quality where none can be given.
fn bmp_text(r: &Regiment) -> String {
    let unit = MoraleUnit::regiment(r.arm, r.quality);
    match bmp(&unit, BmpTableKind::NotCharged, &Overrides::new(), &MoraleRulings::default()) {
        Ok(v) => v.value.to_string(),
        Err(_) => r.quality.label().to_string(),
    }
}

/// A gun section's BMP in each of Table 5's three artillery rows (a. alone, b. with its
/// complete battery, c. supported by infantry): where it stands decides, at the table.
fn section_bmp_text(section: &Section) -> String {
    [ArtillerySituation::SectionAlone, ArtillerySituation::WithCompleteBattery, ArtillerySituation::SupportedByInfantry]
        .into_iter()
        .map(|situation| {
            let unit = MoraleUnit::gun_section(section.crew_quality, situation);
            match bmp(&unit, BmpTableKind::NotCharged, &Overrides::new(), &MoraleRulings::default()) {
                Ok(v) => v.value.to_string(),
                Err(_) => "?".to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Figures left (of those raised), and the stands as raised, e.g. ("17", "(3-4-3-4-3)").
fn figures_text(r: &Regiment) -> (String, String) {
    let stands: Vec<String> = r.stands.iter().map(u8::to_string).collect();
    let left = r.figures_left();
    let raised = r.figures();
    let total = if left == raised { raised.to_string() } else { format!("{left} of {raised}") };
    (total, format!("({})", stands.join("-")))
}

/// One row of the sheet: a regiment or a gun section.
struct Line {
    /// Its brigade (a regiment) or battery (a section).
    brigade: String,
    name: String,
    bmp: String,
    /// The quality, under the BMP; for a section, what the three BMPs are.
    quality: String,
    figures: (String, String),
    weapon: String,
    /// The revealed order of each turn on the sheet, as its counter code (1.1, 3.1).
    orders: Vec<String>,
}

/// A regiment's revealed order codes for turns 1 to [`ORDER_TURNS`]; empty where not yet
/// revealed (still secret) or not yet played.
fn order_codes(game: &Game, unit: &str) -> Vec<String> {
    (1..=ORDER_TURNS)
        .map(|turn| {
            game.orders
                .iter()
                .filter(|t| t.turn == turn && t.revealed)
                .find_map(|t| t.order_of(unit).map(|o| o.code()))
                .unwrap_or_default()
        })
        .collect()
}

fn section_lines(battery: &Battery, game: &Game, out: &mut Vec<Line>) {
    for section in &battery.sections {
        out.push(Line {
            brigade: battery.name.clone(),
            name: section.name.clone(),
            bmp: section_bmp_text(section),
            quality: format!("{}; alone/battery/supported", section.crew_quality.label()),
            figures: ("1 gun".to_string(), String::new()),
            weapon: section.gun.name.clone(),
            orders: order_codes(game, &section.id),
        });
    }
}

fn lines(army: &Army, game: &Game) -> Vec<Line> {
    let mut out = Vec::new();
    for division in &army.divisions {
        for brigade in &division.brigades {
            for r in &brigade.regiments {
                out.push(Line {
                    brigade: brigade.name.clone(),
                    name: r.name.clone(),
                    bmp: bmp_text(r),
                    quality: r.quality.label().to_string(),
                    figures: figures_text(r),
                    weapon: r.weapon.label().to_string(),
                    orders: order_codes(game, &r.id),
                });
            }
            for battery in &brigade.batteries {
                section_lines(battery, game, &mut out);
            }
        }
        for battery in &division.batteries {
            section_lines(battery, game, &mut out);
        }
    }
    out
}

/// One officer on the sheet: name, rank, what he commands and his condition (8, 11.1).
struct OfficerLine {
    name: String,
    rank: &'static str,
    commands: String,
    condition: String,
}

fn officer_lines(roster: &Roster, side: Side) -> Vec<OfficerLine> {
    let command_name = |id: &str| {
        roster
            .brigade(id)
            .map(|b| b.name.clone())
            .or_else(|| roster.division(id).map(|d| d.name.clone()))
            .or_else(|| roster.regiment(id).map(|r| format!("with {}", r.name)))
    };
    roster
        .army(side)
        .officers
        .iter()
        .map(|o| OfficerLine {
            name: o.name.clone(),
            rank: o.rank.label(),
            commands: o
                .commands
                .as_deref()
                .and_then(command_name)
                .or_else(|| o.with_unit.as_deref().and_then(command_name))
                .unwrap_or_default(),
            condition: o.condition.label(),
        })
        .collect()
}

/// The printable roster and order sheet of the open game.
#[component]
pub fn PrintScreen() -> impl IntoView {
    let store = use_store();
    let game = move || store.session.with(|s| s.game().clone());

    let side_view = move |side: Side| {
        let g = game();
        let rows = lines(g.roster.army(side), &g);
        let officers = officer_lines(&g.roster, side);
        let officers_caption = format!("{} officers", side.label());
        let title = format!("{}: roster and orders", side.label());
        let caption = format!("{} roster and order sheet, {}", side.label(), g.name);
        let empty = rows.is_empty();
        let label = title.clone();
        view! {
            <section class="print-side" aria-label=label>
                <h2>{title}</h2>
                <p class="print-game">{g.name.clone()}</p>
                {if empty {
                    view! { <p class="muted">"No regiments or batteries on this side yet."</p> }.into_any()
                } else {
                    view! {
                        <div class="sheet-scroll">
                            <table class="order-sheet">
                                <caption class="visually-hidden">{caption}</caption>
                                <thead>
                                    <tr>
                                        <th scope="col" class="name-col">"Regiment or section"</th>
                                        <th scope="col">"BMP"</th>
                                        <th scope="col">"Figures"</th>
                                        <th scope="col">"Weapon"</th>
                                        {(1..=ORDER_TURNS).map(|t| view! { <th scope="col" class="turn-col">{format!("T{t}")}</th> }).collect_view()}
                                    </tr>
                                </thead>
                                <tbody>
                                    {rows
                                        .into_iter()
                                        .map(|l| view! {
                                            <tr>
                                                <th scope="row">
                                                    <span class="unit-name">{l.name}</span>
                                                    <span class="unit-brigade">{l.brigade}</span>
                                                </th>
                                                <td>{l.bmp} <span class="unit-quality">{l.quality}</span></td>
                                                <td>{l.figures.0} " " <span class="stands">{l.figures.1}</span></td>
                                                <td>{l.weapon}</td>
                                                {l.orders.into_iter().map(|o| view! { <td class="turn-col">{o}</td> }).collect_view()}
                                            </tr>
                                        })
                                        .collect_view()}
                                </tbody>
                            </table>
                        </div>
                    }
                    .into_any()
                }}
                {(!officers.is_empty()).then(|| view! {
                    <h3>"Officers"</h3>
                    <div class="sheet-scroll">
                        <table class="order-sheet officers-sheet">
                            <caption class="visually-hidden">{officers_caption}</caption>
                            <thead>
                                <tr>
                                    <th scope="col">"Officer"</th>
                                    <th scope="col">"Rank"</th>
                                    <th scope="col">"Commands"</th>
                                    <th scope="col">"Condition"</th>
                                </tr>
                            </thead>
                            <tbody>
                                {officers
                                    .into_iter()
                                    .map(|o| view! {
                                        <tr>
                                            <th scope="row">{o.name}</th>
                                            <td>{o.rank}</td>
                                            <td>{o.commands}</td>
                                            <td>{o.condition}</td>
                                        </tr>
                                    })
                                    .collect_view()}
                            </tbody>
                        </table>
                    </div>
                })}
            </section>
        }
    };

    view! {
        <section class="screen print-screen" aria-labelledby="print-title">
            <h1 id="print-title">"Roster and order sheet"</h1>
            <p class="subtitle no-print">
                "A page per side: each regiment and gun section with its BMP (Table 5, not charged), figures and weapon, a column per turn with the orders revealed so far (blank to write in the rest), then the side's officers."
            </p>
            <div class="row no-print">
                <button class="button primary" on:click=move |_| files::print()>"Print roster and order sheet"</button>
                <a class="button" href="/games">"Back to saved games"</a>
            </div>
            {move || Side::BOTH.into_iter().map(side_view).collect_view()}
        </section>
    }
}
