//! Field Commander's campaign (issue 13): the campaign pack entered in forms built for it and
//! kept as a file, a campaign started from it, its ledgers and to-do list, the Confederate
//! turn, "Union acts" for the Union's turn, and its battles on the Battlefield Sheet or with
//! the Quick and Very Quick rules. Every screen is a lazy chunk of its own, reading the open
//! game through Field Commander's store; every step goes through the game's commands, so it is
//! undoable and saved.

pub mod battle;
pub mod common;
pub mod hub;
pub mod map;
pub mod pack;
pub mod pack_brt;
pub mod pack_counter;
pub mod pack_map;
pub mod pack_sheet;
pub mod resupply;
pub mod start;
pub mod union;

use crate::shell::lazy::lazy_screen;
use leptos::prelude::*;

/// The campaign's screen for a path, if it has one.
pub fn screen(path: &str) -> Option<AnyView> {
    Some(match path {
        "/campaign" => lazy_screen!(fc_campaign, view! { <hub::CampaignScreen/> }),
        "/campaign/start" => lazy_screen!(fc_campaign_start, view! { <start::StartScreen/> }),
        "/campaign/map" => lazy_screen!(fc_campaign_map, view! { <map::MapScreen/> }),
        "/campaign/union" => lazy_screen!(fc_campaign_union, view! { <union::UnionScreen/> }),
        "/campaign/battle" => lazy_screen!(fc_campaign_battle, view! { <battle::BattleScreen/> }),
        "/campaign/resupply" => lazy_screen!(fc_campaign_resupply, view! { <resupply::ResupplyScreen/> }),
        "/pack" => lazy_screen!(fc_pack, view! { <pack::PackScreen/> }),
        "/pack/counter" => lazy_screen!(fc_pack_counter, view! { <pack_counter::CounterScreen/> }),
        "/pack/map" => lazy_screen!(fc_pack_map, view! { <pack_map::MapEntryScreen/> }),
        "/pack/sheet" => lazy_screen!(fc_pack_sheet, view! { <pack_sheet::SheetScreen/> }),
        "/pack/brt" => lazy_screen!(fc_pack_brt, view! { <pack_brt::BrtScreen/> }),
        _ => return None,
    })
}
