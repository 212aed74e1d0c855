//! Saved games: several games side by side (new, the demo, resume, rename, duplicate, delete
//! with undo), export and import of games and army lists, sharing a roster, and the backup of
//! everything.
//!
//! The operations follow the protocol of [`crate::state::saves`]: the session's game is put
//! back into the saved games before each one, the session is replaced when the open game
//! changes, and the store is told so that the change is saved. A refused operation changes
//! nothing and says why.

pub mod files;

use crate::state::command::{clean_name, Command};
use crate::state::demo::demo_game;
use crate::state::exchange::{self, ArmyList, ImportError, ARMY_LIST_FORMAT, BACKUP_FORMAT, MAX_BACKUP_BYTES, MAX_FILE_BYTES};
use crate::state::game::Game;
use crate::state::roster::Side;
use crate::state::saves::{DeletedGame, GameSummary};
use crate::state::schema::{AppDoc, MAX_GAMES};
use crate::ui::browser;
use crate::ui::store::{use_store, Store};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Runs `op` on the saved games with the session's game put back first. On success the new
/// list is kept, the session follows the open game if it changed, and the change is saved;
/// on refusal nothing changes.
pub fn apply<R>(store: Store, op: impl FnOnce(&mut AppDoc) -> Result<R, String>) -> Result<R, String> {
    let open = store.session.with_untracked(|s| s.game().clone());
    let mut doc = store.saves.get_untracked();
    doc.current = open.id.clone();
    doc.put_game(open.clone());
    let result = op(&mut doc)?;
    if doc.current_game() != Some(&open) {
        if let Some(game) = doc.current_game().cloned() {
            store.session.update(|s| s.replace(game));
        }
    }
    store.saves.set(doc);
    store.changed();
    Ok(result)
}

/// The saved games as the list shows them, the open one as it stands in play.
pub fn summaries(store: Store) -> Vec<GameSummary> {
    let open = store.session.with(|s| s.game().clone());
    store.saves.with(|saves| {
        let mut doc = saves.clone();
        doc.current = open.id.clone();
        doc.put_game(open);
        doc.summaries()
    })
}

/// Starts a new, empty game and opens it.
pub fn new_game(store: Store) -> Result<(), String> {
    apply(store, |d| d.new_game(Game::new(browser::new_id(), "New game")).map_err(|e| e.to_string()))
}

/// Adds the demo game and opens it.
pub fn open_demo(store: Store) -> Result<(), String> {
    apply(store, |d| d.new_game(demo_game(&browser::new_id())).map_err(|e| e.to_string()))
}

/// Opens a saved game.
pub fn resume(store: Store, id: &str) -> Result<(), String> {
    apply(store, |d| d.resume(id).map(|_| ()).map_err(|e| e.to_string()))
}

/// Renames a game: the open one through its session (so that undo covers it), another in the
/// saved games.
pub fn rename(store: Store, id: &str, name: &str) -> Result<(), String> {
    let name = clean_name(name).map_err(|e| e.to_string())?;
    let open = store.session.with_untracked(|s| s.game().id == id);
    if open {
        let outcome = store.dispatch_outcome(Command::RenameGame { name });
        match outcome {
            Some(_) => Ok(()),
            None => Err(store.error.get_untracked().unwrap_or_else(|| "The name was refused.".into())),
        }
    } else {
        apply(store, |d| d.rename_game(id, &name).map_err(|e| e.to_string()))
    }
}

/// Copies a game; the copy is placed after it and not opened.
pub fn duplicate(store: Store, id: &str) -> Result<(), String> {
    apply(store, |d| d.duplicate_game(id, &browser::new_id()).map_err(|e| e.to_string()))
}

/// Deletes a game; returns it so that the deletion can be undone.
pub fn delete(store: Store, id: &str) -> Result<DeletedGame, String> {
    apply(store, |d| d.delete_game(id).map_err(|e| e.to_string()))
}

/// Puts a deleted game back exactly as it was, in its place, open again if it was open.
pub fn undo_delete(store: Store, deleted: DeletedGame) -> Result<(), String> {
    apply(store, |d| d.restore_game(deleted).map_err(|e| e.to_string()))
}

/// What an imported file turned out to be.
pub enum Imported {
    /// A game, now saved and open: its name.
    Game(String),
    /// An army list, waiting for the players to say which side it is for.
    ArmyList(ArmyList),
}

/// Imports a game file (saved and opened) or reads an army list (to be loaded for a side). A
/// file that is neither, malformed or hostile is refused with the reason; nothing changes.
pub fn import_file(store: Store, raw: &str) -> Result<Imported, String> {
    match exchange::read_game(raw) {
        Ok(mut game) => {
            game.id = browser::new_id();
            let name = game.name.clone();
            apply(store, |d| {
                if d.games.len() >= MAX_GAMES {
                    return Err(ImportError::NoRoom.to_string());
                }
                d.new_game(game).map_err(|e| e.to_string())
            })?;
            Ok(Imported::Game(name))
        }
        Err(ImportError::WrongKind { found, .. }) if found == ARMY_LIST_FORMAT => {
            exchange::read_army_list(raw).map(Imported::ArmyList).map_err(|e| e.to_string())
        }
        Err(ImportError::WrongKind { found, .. }) if found == BACKUP_FORMAT => {
            Err("This file is a backup of everything: use \u{201c}Restore a backup\u{201d} to restore it.".into())
        }
        Err(e) => Err(e.to_string()),
    }
}

/// Loads an army list for one side of the open game (undoable from the Game screen).
pub fn load_army_list(store: Store, side: Side, list: ArmyList) -> Result<(), String> {
    match store.dispatch_outcome(Command::ReplaceArmy { side, army: list.army }) {
        Some(_) => Ok(()),
        None => Err(store.error.get_untracked().unwrap_or_else(|| "The army list was refused.".into())),
    }
}

/// Replaces everything saved with a backup (already read and checked).
pub fn restore_backup(store: Store, backup: AppDoc) {
    let settings = backup.settings.clone();
    let _ = apply(store, move |d| {
        *d = backup;
        Ok(())
    });
    store.settings.set(settings);
}

/// The open game, as it stands in play.
fn open_game(store: Store) -> Game {
    store.session.with_untracked(|s| s.game().clone())
}

fn file_stem(name: &str) -> String {
    let mut stem: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
        .collect();
    while stem.contains("--") {
        stem = stem.replace("--", "-");
    }
    let stem: String = stem.trim_matches('-').chars().take(40).collect();
    if stem.is_empty() { "game".into() } else { stem }
}

fn quoted(name: &str) -> String {
    format!("\u{201c}{name}\u{201d}")
}

fn describe(s: &GameSummary) -> String {
    let phase = crate::state::game::Phase::ALL.get(usize::from(s.phase.saturating_sub(1))).map(|p| p.name()).unwrap_or("");
    format!("Turn {}, phase {} of 8: {}", s.turn, s.phase, phase)
}

/// The Saved games screen.
#[component]
pub fn GamesScreen() -> impl IntoView {
    let store = use_store();
    // What the last operation did, and what was refused.
    let note = RwSignal::new(None::<String>);
    let problem = RwSignal::new(None::<String>);
    let deleted = RwSignal::new(None::<DeletedGame>);
    let renaming = RwSignal::new(None::<String>);
    let pending_list = RwSignal::new(None::<ArmyList>);
    let pending_backup = RwSignal::new(None::<AppDoc>);

    let report = move |result: Result<String, String>| match result {
        Ok(text) => {
            problem.set(None);
            note.set(Some(text));
        }
        Err(why) => {
            note.set(None);
            problem.set(Some(why));
        }
    };

    let on_new = move |_| {
        deleted.set(None);
        report(new_game(store).map(|_| "A new game is open.".into()));
    };
    let on_demo = move |_| {
        deleted.set(None);
        report(open_demo(store).map(|_| "The demo game is open: explore freely, it is only an example.".into()));
    };

    let export_game = move |_| {
        let game = open_game(store);
        let name = format!("johnny-reb-game-{}", file_stem(&game.name));
        report(
            browser::download(&browser::dated_filename(&name), &exchange::export_game(&game), "application/json")
                .map(|_| format!("Exported {}.", quoted(&game.name))),
        );
    };
    let export_list = move |side: Side| {
        let game = open_game(store);
        let name = format!("johnny-reb-army-{}", side.label().to_ascii_lowercase());
        report(
            browser::download(&browser::dated_filename(&name), &exchange::export_army_list(&game, side), "application/json")
                .map(|_| format!("Exported the {} army list.", side.label())),
        );
    };
    let share_list = move |side: Side| {
        let game = open_game(store);
        let name = browser::dated_filename(&format!("johnny-reb-army-{}", side.label().to_ascii_lowercase()));
        let title = format!("{} roster: {}", side.label(), game.name);
        files::share_or_download(&name, &title, &exchange::export_army_list(&game, side), move |r| {
            report(r.map(|how| match how {
                files::Shared::Shared => format!("The {} roster was handed to the share sheet.", side.label()),
                files::Shared::Downloaded => {
                    format!("This browser cannot share files: the {} roster was downloaded instead.", side.label())
                }
            }))
        });
    };
    let backup = move |_| {
        report(
            browser::download(&browser::dated_filename("johnny-reb-backup"), &exchange::export_backup(&store.document()), "application/json")
                .map(|_| "Backed up every game and the settings in one file.".into()),
        );
    };

    let on_import = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else {
            return;
        };
        pending_list.set(None);
        pending_backup.set(None);
        files::read_chosen(&input, MAX_FILE_BYTES, move |text| {
            let result = text.and_then(|raw| import_file(store, &raw));
            match result {
                Ok(Imported::Game(name)) => {
                    deleted.set(None);
                    report(Ok(format!("Imported {} and opened it.", quoted(&name))));
                }
                Ok(Imported::ArmyList(list)) => {
                    problem.set(None);
                    note.set(None);
                    pending_list.set(Some(list));
                }
                Err(why) => report(Err(format!("Not imported. {why} Nothing saved was changed."))),
            }
        });
    };
    let on_restore_file = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else {
            return;
        };
        pending_list.set(None);
        pending_backup.set(None);
        files::read_chosen(&input, MAX_BACKUP_BYTES, move |text| {
            match text.and_then(|raw| exchange::read_backup(&raw).map_err(|e| e.to_string())) {
                Ok(doc) => {
                    problem.set(None);
                    note.set(None);
                    pending_backup.set(Some(doc));
                }
                Err(why) => report(Err(format!("Not restored. {why} Nothing saved was changed."))),
            }
        });
    };

    let list_view = move || {
        summaries(store)
            .into_iter()
            .map(|s| {
                let id = s.id.clone();
                let name = s.name.clone();
                let when = s.last_change_ms.map(files::local_time).unwrap_or_else(|| "no changes yet".into());
                let regiments = match s.regiments {
                    1 => "1 regiment".to_string(),
                    n => format!("{n} regiments"),
                };
                let is_demo = name.starts_with(&format!("{}:", crate::state::demo::DEMO_LABEL));
                let (id_open, id_rename, id_dup, id_del, id_save) = (id.clone(), id.clone(), id.clone(), id.clone(), id.clone());
                let editing = {
                    let id = id.clone();
                    move || renaming.get().as_deref() == Some(id.as_str())
                };
                let text = RwSignal::new(name.clone());
                let label = format!("New name for {}", quoted(&name));
                let (n1, n2, n3, n4) = (name.clone(), name.clone(), name.clone(), name.clone());
                view! {
                    <li class="game-card" class:open=s.open>
                        <h3 class="game-name">{name.clone()}</h3>
                        {s.open.then(|| view! { <p class="badge">"Open now"</p> })}
                        {is_demo.then(|| view! { <p class="badge demo">"Demo game: an example to explore"</p> })}
                        <p class="game-facts">{describe(&s)}</p>
                        <p class="game-facts">{regiments} " \u{b7} last change " {when}</p>
                        <Show when=editing.clone()>
                            <form class="rename" on:submit={
                                let id = id_save.clone();
                                move |ev: leptos::ev::SubmitEvent| {
                                    ev.prevent_default();
                                    let result = rename(store, &id, &text.get_untracked());
                                    if result.is_ok() {
                                        renaming.set(None);
                                    }
                                    report(result.map(|_| format!("Renamed to {}.", quoted(text.get_untracked().trim()))));
                                }
                            }>
                                <label class="field">
                                    <span>{label.clone()}</span>
                                    <input
                                        type="text"
                                        maxlength="80"
                                        prop:value=move || text.get()
                                        on:input=move |ev| text.set(event_target_value(&ev))
                                    />
                                </label>
                                <div class="row">
                                    <button class="button primary" type="submit">"Save name"</button>
                                    <button class="button" type="button" on:click=move |_| renaming.set(None)>"Cancel"</button>
                                </div>
                            </form>
                        </Show>
                        <div class="row actions">
                            {(!s.open).then(|| {
                                let id = id_open.clone();
                                view! {
                                    <button class="button primary" aria-label=format!("Open {}", n1) on:click=move |_| {
                                        deleted.set(None);
                                        report(resume(store, &id).map(|_| format!("{} is open.", quoted(&n1))));
                                    }>"Open"</button>
                                }
                            })}
                            <button class="button" aria-label=format!("Rename {}", n2) on:click=move |_| {
                                renaming.set(Some(id_rename.clone()));
                            }>"Rename"</button>
                            <button class="button" aria-label=format!("Duplicate {}", n3) on:click=move |_| {
                                deleted.set(None);
                                let copied = n3.clone();
                                report(duplicate(store, &id_dup).map(|_| format!("Copied {}.", quoted(&copied))));
                            }>"Duplicate"</button>
                            <button
                                class="button"
                                aria-label=format!("Delete {}", n4)
                                on:click=move |_| match delete(store, &id_del) {
                                    Ok(gone) => {
                                        problem.set(None);
                                        note.set(None);
                                        deleted.set(Some(gone));
                                    }
                                    Err(why) => report(Err(why)),
                                }
                            >"Delete"</button>
                        </div>
                    </li>
                }
            })
            .collect_view()
    };

    view! {
        <section class="screen games" aria-labelledby="games-title">
            <h1 id="games-title">"Saved games"</h1>
            <p class="subtitle">"Every game on this device. The open one is the one you play in the other areas."</p>
            <div class="row">
                <a class="button" href="/">"Back to the game"</a>
            </div>
            <div class="messages" aria-live="polite">
                {move || deleted.get().map(|gone| {
                    let name = gone.game.name.clone();
                    view! {
                        <div class="banner info">
                            <p role="status">"Deleted " {quoted(&name)} "."</p>
                            <div class="actions">
                                <button class="button primary" on:click=move |_| {
                                    if let Some(gone) = deleted.get_untracked() {
                                        let name = gone.game.name.clone();
                                        deleted.set(None);
                                        report(undo_delete(store, gone).map(|_| format!("{} is back.", quoted(&name))));
                                    }
                                }>"Undo delete"</button>
                                <button class="button" on:click=move |_| deleted.set(None)>"OK"</button>
                            </div>
                        </div>
                    }
                })}
                {move || note.get().map(|text| view! {
                    <div class="banner info">
                        <p role="status">{text}</p>
                        <div class="actions">
                            <button class="button" on:click=move |_| note.set(None)>"OK"</button>
                        </div>
                    </div>
                })}
                {move || problem.get().map(|text| view! {
                    <div class="banner error">
                        <p role="alert">{text}</p>
                        <div class="actions">
                            <button class="button" on:click=move |_| problem.set(None)>"Dismiss"</button>
                        </div>
                    </div>
                })}
                {move || pending_list.get().map(|list| {
                    let (a, b) = (list.clone(), list.clone());
                    let regiments = list.army.regiments().count();
                    view! {
                        <div class="banner warning" role="group" aria-label="Load the army list">
                            <p>
                                "Army list " {quoted(&list.name)} " (" {list.side.label()} ", " {regiments}
                                " regiments). Load it into the open game for which side? It replaces that side's roster; Undo on the Game screen takes it back."
                            </p>
                            <div class="actions">
                                <button class="button primary" on:click=move |_| {
                                    pending_list.set(None);
                                    report(load_army_list(store, Side::Union, a.clone()).map(|_| "Loaded the army list for the Union.".into()));
                                }>"Load for the Union"</button>
                                <button class="button primary" on:click=move |_| {
                                    pending_list.set(None);
                                    report(load_army_list(store, Side::Confederate, b.clone()).map(|_| "Loaded the army list for the Confederates.".into()));
                                }>"Load for the Confederates"</button>
                                <button class="button" on:click=move |_| pending_list.set(None)>"Cancel"</button>
                            </div>
                        </div>
                    }
                })}
                {move || pending_backup.get().map(|doc| {
                    let now = summaries(store).len();
                    let then = doc.games.len();
                    view! {
                        <div class="banner warning" role="alertdialog" aria-label="Restore the backup">
                            <p>
                                "Replace everything on this device with this backup? The " {now}
                                " games saved now are replaced by the backup's " {then}
                                ". Back up first if you may want them."
                            </p>
                            <div class="actions">
                                <button class="button primary" on:click=move |_| {
                                    if let Some(doc) = pending_backup.get_untracked() {
                                        pending_backup.set(None);
                                        deleted.set(None);
                                        let n = doc.games.len();
                                        restore_backup(store, doc);
                                        report(Ok(format!("Restored the backup: {n} games.")));
                                    }
                                }>"Replace everything"</button>
                                <button class="button" on:click=move |_| pending_backup.set(None)>"Cancel"</button>
                            </div>
                        </div>
                    }
                })}
            </div>
            <div class="row">
                <button class="button primary" on:click=on_new>"New game"</button>
                <button class="button" on:click=on_demo>"Open the demo game"</button>
            </div>
            <p class="muted">"The demo is an example to explore: part of McPherson's Ridge, 1 July 1863."</p>
            <h2>"Games on this device"</h2>
            <ul class="game-list">{list_view}</ul>

            <h2>"Export and import"</h2>
            <div class="row">
                <button class="button" on:click=export_game>"Export the open game"</button>
            </div>
            {Side::BOTH
                .into_iter()
                .map(|side| {
                    view! {
                        <div class="row">
                            <button class="button" on:click=move |_| export_list(side)>
                                {format!("Export the {} army list", side.label())}
                            </button>
                            <button class="button" on:click=move |_| share_list(side)>
                                {format!("Share the {} roster", side.label())}
                            </button>
                        </div>
                    }
                })
                .collect_view()}
            <div class="row">
                <label class="button file-button">
                    <span>"Import a game or army list"</span>
                    <input type="file" accept=".json,application/json" class="visually-hidden" on:change=on_import/>
                </label>
            </div>
            <p class="muted">"A game file opens as a new game. An army list replaces one side's roster of the open game."</p>

            <h2>"Print"</h2>
            <div class="row">
                <a class="button" href="/print">"Roster and order sheet"</a>
            </div>

            <h2>"Backup"</h2>
            <p class="muted">"One file with every game and the settings, to keep or to move to another device."</p>
            <div class="row">
                <button class="button" on:click=backup>"Back up everything"</button>
                <label class="button file-button">
                    <span>"Restore a backup"</span>
                    <input type="file" accept=".json,application/json" class="visually-hidden" on:change=on_restore_file/>
                </label>
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::file_stem;

    #[test]
    fn file_names_are_plain() {
        assert_eq!(file_stem("Demo: McPherson's Ridge, 1 July 1863"), "demo-mcpherson-s-ridge-1-july-1863");
        assert_eq!(file_stem("<>"), "game");
    }
}
