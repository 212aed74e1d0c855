//! Saved games of every system: several games side by side (new, with the choice of system;
//! the demo, resume, rename, duplicate, delete with undo), import of a game file, the open
//! game's own files ([`crate::systems::johnny_reb::files`]), and the backup of everything.
//!
//! The operations follow the protocol of [`companion_core::saves`]: the session's game is put
//! back into the saved games before each one, the session is replaced when the open game
//! changes, and the store is told so that the change is saved. A refused operation changes
//! nothing and says why.

pub mod files;

use crate::doc::{AppDoc, SavedGame, export_backup, read_backup};
use crate::shell::browser;
use crate::shell::store::{Store, use_shell};
use crate::systems::SystemId;
use crate::systems::johnny_reb::files as jr_files;
use companion_core::doc::{MAX_GAMES, StoredGame};
use companion_core::exchange::{ImportError, MAX_BACKUP_BYTES, MAX_FILE_BYTES};
use companion_core::names::clean_name;
use companion_core::saves::{DeletedGame, GameSummary};
use johnny_reb::state::exchange::ArmyList;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Runs `op` on the saved games with the session's game put back first. On success the new
/// list is kept, the session follows the open game if it changed, and the change is saved;
/// on refusal nothing changes.
pub fn apply<R>(store: Store, op: impl FnOnce(&mut AppDoc) -> Result<R, String>) -> Result<R, String> {
    let open = store.open_game();
    let mut doc = store.document();
    let result = op(&mut doc)?;
    let reopen = doc.current_game().filter(|g| *g != &open).cloned();
    // The saved games first: a system that reads its open game from them does so on open.
    store.saves.set(doc);
    if let Some(game) = reopen {
        store.open(&game);
    }
    store.changed();
    Ok(result)
}

/// The saved games as the list shows them, the open one as it stands in play.
pub fn summaries(store: Store) -> Vec<GameSummary> {
    store.track_changes();
    store.document().summaries()
}

/// Starts a new, empty game of a system and opens it.
pub fn new_game(store: Store, system: SystemId) -> Result<(), String> {
    let game: SavedGame = match system {
        SystemId::JohnnyReb => SavedGame::of(system, &johnny_reb::Game::new(browser::new_id(), "New game"))?,
        SystemId::LineOfBattle => {
            SavedGame::of(system, &crate::systems::line_of_battle::store::new_game(browser::new_id()))?
        }
        SystemId::FieldCommander => {
            SavedGame::of(system, &crate::systems::field_commander::store::new_game(browser::new_id()))?
        }
    };
    apply(store, |d| d.new_game(game).map_err(|e| e.to_string()))
}

/// Adds the demo game and opens it.
pub fn open_demo(store: Store) -> Result<(), String> {
    let demo = SavedGame::of(SystemId::JohnnyReb, &johnny_reb::state::demo::demo_game(&browser::new_id()))?;
    apply(store, |d| d.new_game(demo).map_err(|e| e.to_string()))
}

/// Opens a saved game.
pub fn resume(store: Store, id: &str) -> Result<(), String> {
    apply(store, |d| d.resume(id).map(|_| ()).map_err(|e| e.to_string()))
}

/// Renames a game: the open one through its session (so that undo covers it), another in the
/// saved games.
pub fn rename(store: Store, id: &str, name: &str) -> Result<(), String> {
    let name = clean_name(name).map_err(|e| e.to_string())?;
    if store.open_game().id() == id {
        match store.system.get_untracked() {
            SystemId::JohnnyReb => jr_files::rename_open_game(store, name),
            // Renamed in the saved games, then read again by its screens (its undo starts afresh).
            SystemId::LineOfBattle | SystemId::FieldCommander => {
                apply(store, |d| d.rename_game(id, &name).map_err(|e| e.to_string())).map(|_| {
                    store.opened.update(|n| *n += 1);
                })
            }
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
pub fn delete(store: Store, id: &str) -> Result<DeletedGame<SavedGame>, String> {
    apply(store, |d| d.delete_game(id).map_err(|e| e.to_string()))
}

/// Puts a deleted game back exactly as it was, in its place, open again if it was open.
pub fn undo_delete(store: Store, deleted: DeletedGame<SavedGame>) -> Result<(), String> {
    apply(store, |d| d.restore_game(deleted).map_err(|e| e.to_string()))
}

/// What an imported file turned out to be.
pub enum Imported {
    /// A game, now saved and open: its name.
    Game(String),
    /// A Johnny Reb army list, waiting for the players to say which side it is for.
    ArmyList(ArmyList),
}

/// Imports a game file of any system (saved and opened) or reads an army list (to be loaded
/// for a side). A file that is neither, malformed or hostile is refused with the reason;
/// nothing changes.
pub fn import_file(store: Store, raw: &str) -> Result<Imported, String> {
    let mut game = match SavedGame::read_file(raw) {
        Some(read) => read.map_err(|e| e.to_string())?,
        // Not a game file of any system: a Johnny Reb army list, a backup, or nothing of ours.
        None => match jr_files::read_file(raw) {
            Ok(jr_files::File::Game(game)) => SavedGame::of(SystemId::JohnnyReb, &game)?,
            Ok(jr_files::File::ArmyList(_)) if store.system.get_untracked() != SystemId::JohnnyReb => {
                return Err(format!(
                    "This is a Johnny Reb army list, and the open game is a game of {}: open a Johnny Reb game first.",
                    store.system.get_untracked().name()
                ));
            }
            Ok(jr_files::File::ArmyList(list)) => return Ok(Imported::ArmyList(list)),
            Err(ImportError::WrongKind { found, .. }) if found == crate::doc::BACKUP_FORMAT => {
                return Err(
                    "This file is a backup of everything: use \u{201c}Restore a backup\u{201d} to restore it.".into()
                );
            }
            Err(e) => return Err(e.to_string()),
        },
    };
    game.set_id(browser::new_id());
    let name = apply(store, |d| {
        if d.games.len() >= MAX_GAMES {
            return Err(ImportError::NoRoom.to_string());
        }
        d.import_game(game).map_err(|e| e.to_string())?;
        Ok(d.current_game().map(|g| g.name().to_string()).unwrap_or_default())
    })?;
    Ok(Imported::Game(name))
}

/// Downloads the open game as its system's game file, named after the system and the game.
pub fn export_open_game(store: Store) -> Result<String, String> {
    let game = store.open_game();
    let name = format!("{}-game-{}", store.system.get_untracked().id(), files::file_stem(game.name()));
    browser::download(&browser::dated_filename(&name), &game.export_file(), "application/json")
        .map(|_| format!("Exported {}.", quoted(game.name())))
}

/// Replaces everything saved with a backup (already read and checked).
pub fn restore_backup(store: Store, backup: AppDoc) {
    store.show(backup);
    store.changed();
}

fn quoted(name: &str) -> String {
    format!("\u{201c}{name}\u{201d}")
}

/// The Saved games screen.
#[component]
pub fn GamesScreen() -> impl IntoView {
    let store = use_shell();
    // What the last operation did, and what was refused.
    let note = RwSignal::new(None::<String>);
    let problem = RwSignal::new(None::<String>);
    let deleted = RwSignal::new(None::<DeletedGame<SavedGame>>);
    // The new game's choice of system, open.
    let choosing = RwSignal::new(false);
    let renaming = RwSignal::new(None::<String>);
    let pending_list = RwSignal::new(None::<ArmyList>);
    let pending_backup = RwSignal::new(None::<AppDoc>);

    // "Import an army list" on a game's first start lands here, at the import.
    if crate::shell::router::use_query_map().with_untracked(|q| q.get("show")).as_deref() == Some("import") {
        request_animation_frame(|| {
            if let Some(heading) = document().get_element_by_id("import-title") {
                heading.scroll_into_view();
            }
        });
    }

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
        choosing.update(|c| *c = !*c);
    };
    let start = move |system: SystemId| {
        choosing.set(false);
        report(new_game(store, system).map(|_| "A new game is open.".into()));
    };
    let on_demo = move |_| {
        deleted.set(None);
        report(open_demo(store).map(|_| "The demo game is open: explore freely, it is only an example.".into()));
    };

    let backup = move |_| {
        report(
            browser::download(
                &browser::dated_filename("johnny-reb-backup"),
                &export_backup(&store.document()),
                "application/json",
            )
            .map(|_| "Backed up every game and the settings in one file.".into()),
        );
    };

    // A game or army list, from a file or pasted text: read and checked the same way.
    let take_text = move |text: Result<String, String>| -> bool {
        let result = text.and_then(|raw| import_file(store, &raw));
        match result {
            Ok(Imported::Game(name)) => {
                deleted.set(None);
                report(Ok(format!("Imported {} and opened it.", quoted(&name))));
                true
            }
            Ok(Imported::ArmyList(list)) => {
                problem.set(None);
                note.set(None);
                pending_list.set(Some(list));
                true
            }
            Err(why) => {
                report(Err(format!("Not imported. {why} Nothing saved was changed.")));
                false
            }
        }
    };
    let on_import = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else {
            return;
        };
        pending_list.set(None);
        pending_backup.set(None);
        files::read_chosen(&input, MAX_FILE_BYTES, move |text| {
            take_text(text);
        });
    };
    let on_paste = move |text: Result<String, String>| {
        pending_list.set(None);
        pending_backup.set(None);
        take_text(text)
    };
    let on_restore_file = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else {
            return;
        };
        pending_list.set(None);
        pending_backup.set(None);
        files::read_chosen(&input, MAX_BACKUP_BYTES, move |text| {
            match text.and_then(|raw| read_backup(&raw).map_err(|e| e.to_string())) {
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
                let when = s.summary.last_change_ms.map(|ms| format!("last change {}", files::local_time(ms))).unwrap_or_else(|| "no changes yet".into());
                let is_demo = name.starts_with(&format!("{}:", johnny_reb::state::demo::DEMO_LABEL));
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
                        <p class="game-facts">{s.summary.system}</p>
                        <p class="game-facts">{s.summary.progress.clone()}</p>
                        <p class="game-facts">{s.summary.size.clone()} " \u{b7} " {when}</p>
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
                    let name = gone.game.name().to_string();
                    view! {
                        <div class="banner info">
                            <p role="status">"Deleted " {quoted(&name)} "."</p>
                            <div class="actions">
                                <button class="button primary" on:click=move |_| {
                                    if let Some(gone) = deleted.get_untracked() {
                                        let name = gone.game.name().to_string();
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
                {move || pending_list.get().map(|list| view! {
                    <jr_files::ArmyListPrompt list=list report=Callback::new(report) done=Callback::new(move |_| pending_list.set(None))/>
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
                <button class="button primary" on:click=on_new aria-expanded=move || choosing.get().to_string()>"New game"</button>
                <button class="button" on:click=on_demo>"Open the demo game"</button>
            </div>
            <Show when=move || choosing.get()>
                <div class="system-choice" role="group" aria-labelledby="system-choice-title">
                    <h2 id="system-choice-title">"Which game?"</h2>
                    {SystemId::ALL
                        .into_iter()
                        .map(|system| view! {
                            <button class="button choice-card" on:click=move |_| start(system)>
                                <span class="choice-title">{system.name()}</span>
                                <span class="muted">{system.blurb()}</span>
                            </button>
                        })
                        .collect_view()}
                </div>
            </Show>
            <p class="muted">"The demo is an example to explore: part of McPherson's Ridge, 1 July 1863."</p>
            <h2>"Games on this device"</h2>
            <ul class="game-list">{list_view}</ul>

            <h2 id="import-title">"Export and import"</h2>
            <div class="row">
                <button class="button" on:click=move |_| report(export_open_game(store))>"Export the open game"</button>
            </div>
            {move || match store.system.get() {
                SystemId::JohnnyReb => view! { <jr_files::ArmyListFiles report=Callback::new(report)/> }.into_any(),
                SystemId::LineOfBattle | SystemId::FieldCommander => ().into_any(),
            }}
            <div class="row">
                <label class="button file-button">
                    <span>"Import a game or army list"</span>
                    <input type="file" accept=".json,application/json" class="visually-hidden" on:change=on_import/>
                </label>
            </div>
            <crate::widgets::paste::PasteBox
                label="Paste an army list or game"
                button="Import the pasted text"
                max_bytes=MAX_FILE_BYTES
                on_paste=Callback::new(on_paste)
            />
            <p class="muted">"A game file opens as a new game. An army list replaces one side's roster of the open game. Text copied as text on another phone is pasted here."</p>

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
