//! The roster and order sheet to print: a page per side listing each regiment with its BMP,
//! figures and weapon, and a column per turn with each order once revealed (blank before:
//! still secret), like the paper order sheets.

use crate::shell::games::files;
use crate::systems::johnny_reb::store::use_store;
use johnny_reb::rules::Overrides;
use johnny_reb::rules::morale::{BmpTableKind, MoraleRulings, MoraleUnit, bmp};
use johnny_reb::state::game::Game;
use johnny_reb::state::roster::{Army, Regiment, Side};
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

/// Figures left (of those raised), and the stands as raised, e.g. ("17", "(3-4-3-4-3)").
fn figures_text(r: &Regiment) -> (String, String) {
    let stands: Vec<String> = r.stands.iter().map(u8::to_string).collect();
    let left = r.figures_left();
    let raised = r.figures();
    let total = if left == raised { raised.to_string() } else { format!("{left} of {raised}") };
    (total, format!("({})", stands.join("-")))
}

/// One row of the sheet.
struct Line {
    brigade: String,
    name: String,
    bmp: String,
    quality: &'static str,
    figures: (String, String),
    weapon: &'static str,
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

fn lines(army: &Army, game: &Game) -> Vec<Line> {
    let mut out = Vec::new();
    for division in &army.divisions {
        for brigade in &division.brigades {
            for r in &brigade.regiments {
                out.push(Line {
                    brigade: brigade.name.clone(),
                    name: r.name.clone(),
                    bmp: bmp_text(r),
                    quality: r.quality.label(),
                    figures: figures_text(r),
                    weapon: r.weapon.label(),
                    orders: order_codes(game, &r.id),
                });
            }
        }
    }
    out
}

/// The printable roster and order sheet of the open game.
#[component]
pub fn PrintScreen() -> impl IntoView {
    let store = use_store();
    let game = move || store.session.with(|s| s.game().clone());

    let side_view = move |side: Side| {
        let g = game();
        let rows = lines(g.roster.army(side), &g);
        let title = format!("{}: roster and orders", side.label());
        let caption = format!("{} roster and order sheet, {}", side.label(), g.name);
        let empty = rows.is_empty();
        let label = title.clone();
        view! {
            <section class="print-side" aria-label=label>
                <h2>{title}</h2>
                <p class="print-game">{g.name.clone()}</p>
                {if empty {
                    view! { <p class="muted">"No regiments on this side yet."</p> }.into_any()
                } else {
                    view! {
                        <div class="sheet-scroll">
                            <table class="order-sheet">
                                <caption class="visually-hidden">{caption}</caption>
                                <thead>
                                    <tr>
                                        <th scope="col">"Regiment"</th>
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
            </section>
        }
    };

    view! {
        <section class="screen print-screen" aria-labelledby="print-title">
            <h1 id="print-title">"Roster and order sheet"</h1>
            <p class="subtitle no-print">
                "A page per side: regiment, BMP (Table 5, not charged), figures, weapon, and a column per turn: the orders revealed so far, blank to write in the rest."
            </p>
            <div class="row no-print">
                <button class="button primary" on:click=move |_| files::print()>"Print roster and order sheet"</button>
                <a class="button" href="/games">"Back to saved games"</a>
            </div>
            {move || Side::BOTH.into_iter().map(side_view).collect_view()}
        </section>
    }
}
