//! The forms of the Units area, built for speed: an Army with its Commander in one form, a
//! Formation with its Leader in one, a brigade's regiments one name and one tap each (the
//! weapon, Strength and rating stay for the next), a Brigade copied whole and its units
//! corrected after.

use crate::systems::line_of_battle::model::{id_for, ids_for, words};
use crate::systems::line_of_battle::store::{Untracked, use_store};
use crate::systems::line_of_battle::ui::{Rating, number, refusal};
use crate::widgets::toggles::Toggles;
use leptos::prelude::*;
use line_of_battle::edit::EditCommand;
use line_of_battle::fire::WEAPONS;
use line_of_battle::game::Command;
use line_of_battle::morale::{MoraleRating, MoraleState};
use line_of_battle::oob::{Arm, Echelon, Formation, Leader, Side, Unit, UnitFormation};

const RATINGS: [MoraleRating; 6] =
    [MoraleRating::A, MoraleRating::B, MoraleRating::C, MoraleRating::D, MoraleRating::E, MoraleRating::F];

fn rating_options() -> Vec<(MoraleRating, String)> {
    RATINGS.iter().map(|r| (*r, r.letter().to_string())).collect()
}

fn text_field(label: &'static str, value: RwSignal<String>) -> impl IntoView {
    view! {
        <label class="field">
            <span>{label}</span>
            <input type="text" maxlength="80" autocomplete="off" bind:value=value/>
        </label>
    }
}

/// A Leader's Command and Morale Values as tapped, or the refusal asking for them (4.1: they
/// are on his counter).
fn values(
    command: RwSignal<Option<u8>>,
    morale: RwSignal<Option<u8>>,
    problem: RwSignal<Option<String>>,
) -> Option<(u8, u8)> {
    let chosen = command.get_untracked().zip(morale.get_untracked());
    if chosen.is_none() {
        problem.set(Some("Tap the Leader's Command Value and Morale Value, as on his counter (4.1).".into()));
    }
    chosen
}

fn number_field(label: &'static str, value: RwSignal<String>) -> impl IntoView {
    view! {
        <label class="field">
            <span>{label}</span>
            <input type="text" inputmode="numeric" pattern="[0-9]*" maxlength="3" autocomplete="off" bind:value=value/>
        </label>
    }
}

/// A side's Army and its Commander (the one Leader with Awareness, 13.3a).
#[component]
pub fn ArmyForm(side: Side) -> impl IntoView {
    let store = use_store();
    let name = RwSignal::new(String::new());
    let commander = RwSignal::new(String::new());
    let command = RwSignal::new(None::<u8>);
    let morale = RwSignal::new(None::<u8>);
    let awareness = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(aware) = number::<u8>(&awareness.get_untracked()) else {
            problem.set(Some(
                "Enter the Army Commander's Awareness in turns, from your Order Delivery Chart (13.3a).".into(),
            ));
            return;
        };
        let Some((command, morale)) = values(command, morale, problem) else { return };
        let ids =
            store.with_untracked(|g| ids_for(&g.oob, &[name.get_untracked().trim(), commander.get_untracked().trim()]));
        let (fid, lid) = (ids[0].clone(), ids[1].clone());
        let commands = vec![
            Command::AddFormation(Formation {
                id: fid.clone(),
                name: name.get_untracked().trim().to_string(),
                side,
                echelon: Echelon::Army,
                parent: None,
                leader: Some(lid.clone()),
                hq: true,
            }),
            Command::AddLeader(Leader {
                id: lid,
                name: commander.get_untracked().trim().to_string(),
                side,
                formation: Some(fid),
                command,
                morale,
                awareness: Some(aware),
                on_map: true,
                lost: false,
                repl: false,
            }),
        ];
        if name.get_untracked().trim().is_empty() || commander.get_untracked().trim().is_empty() {
            problem.set(Some("Name the Army and its Commander.".into()));
            return;
        }
        match store.dispatch_all(commands) {
            Ok(_) => problem.set(None),
            Err(e) => problem.set(Some(e.to_string())),
        }
    };
    view! {
        <form class="lob-form" on:submit=submit aria-label=format!("The {} Army", words::side(side))>
            <h2>{format!("The {} Army", words::side(side))}</h2>
            {text_field("Army name", name)}
            {text_field("Army Commander", commander)}
            <Rating legend="Command Value (4.1)".to_string() value=command/>
            <Rating legend="Morale Value (4.1)".to_string() value=morale/>
            {number_field("Awareness in turns (13.3a: Normal is 2; the others are on your Order Delivery Chart)", awareness)}
            {refusal(problem)}
            <button class="button primary big" type="submit">"Add the Army"</button>
        </form>
    }
    .into_any()
}

/// A Formation under `parent` with its Leader, in one step.
#[component]
pub fn FormationForm(parent: String) -> impl IntoView {
    let store = use_store();
    let parent = StoredValue::new(parent);
    let parent_formation = store.with_untracked(|g| g.oob.formation(&parent.get_value()).cloned());
    let Some(p) = parent_formation else { return ().into_any() };
    let options: Vec<(Echelon, String)> =
        words::echelons_under(p.echelon).iter().map(|e| (*e, words::echelon(*e).to_string())).collect();
    let echelon = RwSignal::new(options.first().map(|o| o.0).unwrap_or(Echelon::Brigade));
    let name = RwSignal::new(String::new());
    let hq = RwSignal::new(false);
    let leader = RwSignal::new(String::new());
    let command = RwSignal::new(None::<u8>);
    let morale = RwSignal::new(None::<u8>);
    let problem = RwSignal::new(None::<String>);
    let side = p.side;
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let ids =
            store.with_untracked(|g| ids_for(&g.oob, &[name.get_untracked().trim(), leader.get_untracked().trim()]));
        let (fid, lid) = (ids[0].clone(), ids[1].clone());
        let named = !leader.get_untracked().trim().is_empty();
        let mut commands = vec![Command::AddFormation(Formation {
            id: fid.clone(),
            name: name.get_untracked().trim().to_string(),
            side,
            echelon: echelon.get_untracked(),
            parent: Some(parent.get_value()),
            leader: named.then(|| lid.clone()),
            hq: hq.get_untracked() || echelon.get_untracked() == Echelon::Corps,
        })];
        if named {
            let Some((command, morale)) = values(command, morale, problem) else { return };
            commands.push(Command::AddLeader(Leader {
                id: lid,
                name: leader.get_untracked().trim().to_string(),
                side,
                formation: Some(fid),
                command,
                morale,
                awareness: None,
                on_map: true,
                lost: false,
                repl: false,
            }));
        }
        if name.get_untracked().trim().is_empty() {
            problem.set(Some("Name the Formation as on its counters.".into()));
            return;
        }
        match store.dispatch_all(commands) {
            Ok(_) => {
                problem.set(None);
                name.set(String::new());
                leader.set(String::new());
            }
            Err(e) => problem.set(Some(e.to_string())),
        }
    };
    view! {
        <form class="lob-form" on:submit=submit aria-label=format!("New Formation under {}", p.name)>
            <Toggles class="pick" legend="Echelon".to_string() options=options value=echelon/>
            {text_field("Formation name", name)}
            <label class="choice">
                <input type="checkbox" bind:checked=hq/>
                <span>"It has its own HQ counter (3.2)"</span>
            </label>
            {text_field("Its Leader (leave empty if none)", leader)}
            <Rating legend="Leader's Command Value".to_string() value=command/>
            <Rating legend="Leader's Morale Value".to_string() value=morale/>
            {refusal(problem)}
            <button class="button primary" type="submit">"Add the Formation"</button>
        </form>
    }
    .into_any()
}

/// A Formation's Leader added, or (`editing`) one corrected.
#[component]
pub fn LeaderForm(formation: String, #[prop(optional)] editing: Option<String>) -> impl IntoView {
    let store = use_store();
    let formation = StoredValue::new(formation);
    let old = editing.as_ref().and_then(|id| store.with_untracked(|g| g.oob.leader(id).cloned()));
    let old = StoredValue::new(old);
    let o = old.get_value();
    let name = RwSignal::new(o.as_ref().map(|l| l.name.clone()).unwrap_or_default());
    let command = RwSignal::new(o.as_ref().map(|l| l.command));
    let morale = RwSignal::new(o.as_ref().map(|l| l.morale));
    let awareness = RwSignal::new(o.as_ref().and_then(|l| l.awareness).map(|a| a.to_string()).unwrap_or_default());
    let repl = RwSignal::new(o.as_ref().is_some_and(|l| l.repl));
    let is_army =
        store.with_untracked(|g| g.oob.formation(&formation.get_value()).is_some_and(|f| f.echelon == Echelon::Army));
    let problem = RwSignal::new(None::<String>);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let aware = if is_army { number::<u8>(&awareness.get_untracked()) } else { None };
        let Some((command_value, morale_value)) = values(command, morale, problem) else { return };
        let command = match old.get_value() {
            Some(l) => Command::Edit(Box::new(EditCommand::Leader(Leader {
                name: name.get_untracked().trim().to_string(),
                command: command_value,
                morale: morale_value,
                awareness: aware.or(if is_army { l.awareness } else { None }),
                repl: repl.get_untracked(),
                ..l
            }))),
            None => {
                let Some(side) = store.with_untracked(|g| g.oob.formation(&formation.get_value()).map(|f| f.side))
                else {
                    return;
                };
                let id = store.with_untracked(|g| id_for(&g.oob, name.get_untracked().trim()));
                // The Formation names its Leader and the Leader his Formation: both in one step.
                let leader = Leader {
                    id: id.clone(),
                    name: name.get_untracked().trim().to_string(),
                    side,
                    formation: None,
                    command: command_value,
                    morale: morale_value,
                    awareness: aware,
                    on_map: true,
                    lost: false,
                    repl: repl.get_untracked(),
                };
                match store.dispatch_all(vec![
                    Command::AddLeader(leader),
                    Command::Command { leader: id, formation: formation.get_value() },
                ]) {
                    Ok(_) => problem.set(None),
                    Err(e) => problem.set(Some(e.to_string())),
                }
                return;
            }
        };
        match store.dispatch(command) {
            Ok(_) => problem.set(None),
            Err(e) => problem.set(Some(e.to_string())),
        }
    };
    let button = if editing.is_some() { "Save the Leader" } else { "Add the Leader" };
    view! {
        <form class="lob-form" on:submit=submit aria-label=button>
            {text_field("Leader's name", name)}
            <Rating legend="Command Value (4.1)".to_string() value=command/>
            <Rating legend="Morale Value (4.1)".to_string() value=morale/>
            {is_army.then(|| number_field("Awareness in turns (13.3a)", awareness))}
            <label class="choice">
                <input type="checkbox" bind:checked=repl/>
                <span>"A Repl Leader (4.1c)"</span>
            </label>
            {refusal(problem)}
            <button class="button" type="submit">{button}</button>
        </form>
    }
    .into_any()
}

fn default_formation(arm: Arm) -> UnitFormation {
    match arm {
        Arm::Infantry | Arm::OpenOrder => UnitFormation::Line,
        Arm::Cavalry => UnitFormation::Mounted,
        Arm::Artillery => UnitFormation::Limbered,
    }
}

fn weapon_options(artillery: bool) -> Vec<(&'static str, String)> {
    let mut seen: Vec<&str> = Vec::new();
    WEAPONS
        .iter()
        .filter(|w| w.artillery == artillery)
        .filter(|w| {
            let fresh = !seen.contains(&w.code);
            seen.push(w.code);
            fresh
        })
        .map(|w| (w.code, format!("{} {} (range {})", w.code, w.name, w.range)))
        .collect()
}

/// A unit entered from its counter: name, weapon and full Strength ("R5", 1.3c), rating
/// (1.3d). The weapon, Strength and rating stay for the next regiment of the brigade.
#[component]
pub fn UnitForm(formation: String) -> impl IntoView {
    let store = use_store();
    let formation = StoredValue::new(formation);
    let under_battalion = store.with_untracked(|g| {
        g.oob.formation(&formation.get_value()).is_some_and(|f| f.echelon == Echelon::ArtilleryBattalion)
    });
    let arm = RwSignal::new(if under_battalion { Arm::Artillery } else { Arm::Infantry });
    let name = RwSignal::new(String::new());
    let weapon = RwSignal::new(String::from(if under_battalion { "N" } else { "R" }));
    let printed = RwSignal::new(String::new());
    let now = RwSignal::new(String::new());
    let rating = RwSignal::new(MoraleRating::C);
    let green = RwSignal::new(false);
    let problem = RwSignal::new(None::<String>);
    let name_ref = NodeRef::<leptos::html::Input>::new();
    // A new arm's first weapon, when the chosen one is not of it.
    Effect::new(move |_| {
        let artillery = arm.get() == Arm::Artillery;
        let code = weapon.get_untracked();
        if !WEAPONS.iter().any(|w| w.code == code && w.artillery == artillery) {
            weapon.set(if artillery { "N".into() } else { "R".into() });
        }
    });
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(full) = number::<u8>(&printed.get_untracked()).filter(|n| *n > 0) else {
            problem.set(Some("Enter the full Strength printed on the counter, in SPs (1.3c).".into()));
            return;
        };
        let strength =
            if now.get_untracked().trim().is_empty() { Some(full) } else { number::<u8>(&now.get_untracked()) };
        let Some(strength) = strength else {
            problem.set(Some("Enter the SPs it has now, or leave the field empty for full Strength (1.7).".into()));
            return;
        };
        let Some(side) = store.with_untracked(|g| g.oob.formation(&formation.get_value()).map(|f| f.side)) else {
            return;
        };
        let id = store.with_untracked(|g| id_for(&g.oob, name.get_untracked().trim()));
        let a = arm.get_untracked();
        let unit = Unit {
            id,
            name: name.get_untracked().trim().to_string(),
            side,
            formation: formation.get_value(),
            arm: a,
            weapon: weapon.get_untracked(),
            printed: full,
            strength,
            rating: rating.get_untracked(),
            unit_formation: default_formation(a),
            state: MoraleState::Normal,
            green: green.get_untracked(),
            on_map: true,
            dead: false,
        };
        if unit.name.is_empty() {
            problem.set(Some("Name the unit as on its counter.".into()));
            return;
        }
        match store.dispatch(Command::AddUnit(unit)) {
            Ok(_) => {
                problem.set(None);
                name.set(String::new());
                now.set(String::new());
                if let Some(input) = name_ref.get_untracked() {
                    let _ = input.focus();
                }
            }
            Err(e) => problem.set(Some(e.to_string())),
        }
    };
    let arms: Vec<(Arm, String)> = words::ARMS.iter().map(|a| (*a, words::arm(*a).to_string())).collect();
    view! {
        <form class="lob-form unit-form" on:submit=submit aria-label="New unit">
            <label class="field">
                <span>"Unit name"</span>
                <input type="text" maxlength="80" autocomplete="off" node_ref=name_ref bind:value=name/>
            </label>
            <Toggles class="pick" legend="Arm".to_string() options=arms value=arm/>
            <label class="field">
                <span>"Weapon (1.3c)"</span>
                <select on:change=move |ev| weapon.set(event_target_value(&ev))>
                    {move || weapon_options(arm.get() == Arm::Artillery)
                        .into_iter()
                        .map(|(code, label)| view! { <option value=code selected=move || weapon.get() == code>{label}</option> })
                        .collect_view()}
                </select>
            </label>
            {number_field("Full Strength in SPs", printed)}
            {number_field("SPs now (empty: full Strength)", now)}
            <Toggles class="pick" legend="Morale Rating (1.3d)".to_string() options=rating_options() value=rating/>
            <label class="choice">
                <input type="checkbox" bind:checked=green/>
                <span>"Green unit (4.5)"</span>
            </label>
            {refusal(problem)}
            <button class="button primary" type="submit">"Add the unit"</button>
        </form>
    }
    .into_any()
}

/// A unit corrected (a copied regiment renamed, a wrong value), or removed.
#[component]
pub fn UnitEdit(id: String) -> impl IntoView {
    let store = use_store();
    let Some(u) = store.with_untracked(|g| g.oob.unit(&id).cloned()) else { return ().into_any() };
    let old = StoredValue::new(u.clone());
    let name = RwSignal::new(u.name.clone());
    let weapon = RwSignal::new(u.weapon.clone());
    let printed = RwSignal::new(u.printed.to_string());
    let rating = RwSignal::new(u.rating);
    let green = RwSignal::new(u.green);
    let problem = RwSignal::new(None::<String>);
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some(full) = number::<u8>(&printed.get_untracked()) else {
            problem.set(Some("Enter the full Strength in SPs.".into()));
            return;
        };
        let o = old.get_value();
        let unit = Unit {
            name: name.get_untracked().trim().to_string(),
            weapon: weapon.get_untracked().trim().to_string(),
            printed: full,
            strength: o.strength.min(full),
            rating: rating.get_untracked(),
            green: green.get_untracked(),
            ..o
        };
        match store.dispatch(Command::Edit(Box::new(EditCommand::Unit(unit)))) {
            Ok(_) => problem.set(None),
            Err(e) => problem.set(Some(e.to_string())),
        }
    };
    let remove = move |_| {
        if let Err(e) = store.dispatch(Command::Edit(Box::new(EditCommand::RemoveUnit(old.get_value().id)))) {
            problem.set(Some(e.to_string()));
        }
    };
    view! {
        <form class="lob-form" on:submit=save aria-label=format!("Correct {}", u.name)>
            {text_field("Unit name", name)}
            {text_field("Weapon code", weapon)}
            {number_field("Full Strength in SPs", printed)}
            <Toggles class="pick" legend="Morale Rating".to_string() options=rating_options() value=rating/>
            <label class="choice">
                <input type="checkbox" bind:checked=green/>
                <span>"Green unit (4.5)"</span>
            </label>
            {refusal(problem)}
            <div class="row">
                <button class="button primary" type="submit">"Save the unit"</button>
                <button class="button danger" type="button" on:click=remove>"Remove (entered by mistake)"</button>
            </div>
        </form>
    }
    .into_any()
}

/// A Brigade copied with its units under a new name: the quick way to a brigade like one
/// already entered, its regiments then corrected.
#[component]
pub fn CopyBrigade(brigade: String) -> impl IntoView {
    let store = use_store();
    let brigade = StoredValue::new(brigade);
    let name = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let new_name = name.get_untracked().trim().to_string();
        let id = store.with_untracked(|g| id_for(&g.oob, &new_name));
        if new_name.is_empty() {
            problem.set(Some("Name the new brigade.".into()));
            return;
        }
        match store.dispatch(Command::CopyBrigade { from: brigade.get_value(), id, name: new_name }) {
            Ok(_) => {
                problem.set(None);
                name.set(String::new());
            }
            Err(e) => problem.set(Some(e.to_string())),
        }
    };
    view! {
        <form class="lob-form" on:submit=submit aria-label="Copy the brigade">
            {text_field("New brigade's name", name)}
            <p class="muted">"Its regiments are copied with their values: correct each one's name after."</p>
            {refusal(problem)}
            <button class="button" type="submit">"Copy the brigade"</button>
        </form>
    }
    .into_any()
}
