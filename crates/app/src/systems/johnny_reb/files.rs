//! Johnny Reb's files on the Saved games screen: the open game exported, each side's army list
//! exported or shared, an imported army list loaded for a side, and the print sheet.

use crate::shell::browser;
use crate::shell::games::files;
use crate::shell::store::Store as Shell;
use crate::systems::johnny_reb::store::use_store;
use companion_core::exchange::ImportError;
use johnny_reb::Game;
use johnny_reb::state::command::Command;
use johnny_reb::state::exchange::{self, ARMY_LIST_FORMAT, ArmyList};
use johnny_reb::state::roster::Side;
use johnny_reb::state::roster_edit::RosterEdit;
use leptos::prelude::*;

/// A Johnny Reb file read for import.
pub enum File {
    /// A game.
    Game(Box<Game>),
    /// One side's army list.
    ArmyList(ArmyList),
}

/// Reads a file as a Johnny Reb game or army list; anything else is refused with the reason
/// (the kind found, for the shell to name a backup).
pub fn read_file(raw: &str) -> Result<File, ImportError> {
    match exchange::read_game(raw) {
        Ok(game) => Ok(File::Game(Box::new(game))),
        Err(ImportError::WrongKind { found, .. }) if found == ARMY_LIST_FORMAT => {
            exchange::read_army_list(raw).map(File::ArmyList)
        }
        Err(e) => Err(e),
    }
}

/// Renames the open game through its session, so that undo covers it.
pub fn rename_open_game(shell: Shell, name: String) -> Result<(), String> {
    crate::systems::johnny_reb::store::Store::of(shell)
        .dispatch(Command::RenameGame { name })
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Loads an army list for one side of the open game (undoable from the Game screen).
fn load_army_list(side: Side, list: ArmyList) -> Result<(), String> {
    use_store()
        .dispatch(Command::Roster(RosterEdit::ReplaceArmy { side, army: list.army }))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn quoted(name: &str) -> String {
    format!("\u{201c}{name}\u{201d}")
}

/// What loading an army list for a side says: a list of the other side's takes this side's
/// place, name and colour.
fn loaded_words(from: Side, into: Side) -> String {
    let plural = match into {
        Side::Union => "the Union",
        Side::Confederate => "the Confederates",
    };
    if from == into {
        format!("Loaded the army list for {plural}.")
    } else {
        format!(
            "Loaded the army list for {plural}: exported from the {} side, its units now stand on the {} side.",
            from.label(),
            into.label()
        )
    }
}

/// The question an imported army list asks: for which side of the open game.
#[component]
pub fn ArmyListPrompt(list: ArmyList, report: Callback<Result<String, String>>, done: Callback<()>) -> impl IntoView {
    let (a, b) = (list.clone(), list.clone());
    let regiments = list.army.regiments().count();
    let from = list.side;
    view! {
        <div class="banner warning" role="group" aria-label="Load the army list">
            <p>
                "Army list " {quoted(&list.name)} " (" {list.side.label()} ", " {regiments}
                " regiments). Load it into the open game for which side? It replaces that side's roster; Undo on the Game screen takes it back."
            </p>
            <div class="actions">
                <button class="button primary" on:click=move |_| {
                    done.run(());
                    report.run(load_army_list(Side::Union, a.clone()).map(|_| loaded_words(from, Side::Union)));
                }>"Load for the Union"</button>
                <button class="button primary" on:click=move |_| {
                    done.run(());
                    report.run(load_army_list(Side::Confederate, b.clone()).map(|_| loaded_words(from, Side::Confederate)));
                }>"Load for the Confederates"</button>
                <button class="button" on:click=move |_| done.run(())>"Cancel"</button>
            </div>
        </div>
    }
    .into_any()
}

/// Export, sharing and copying of each side's army list (the game itself is exported by the
/// shell, as every system's is).
#[component]
pub fn ArmyListFiles(report: Callback<Result<String, String>>) -> impl IntoView {
    let store = use_store();
    let open_game = move || store.session.with_untracked(|s| s.game().clone());
    let export_list = move |side: Side| {
        let game = open_game();
        let name = format!("johnny-reb-army-{}", side.label().to_ascii_lowercase());
        report.run(
            browser::download(
                &browser::dated_filename(&name),
                &exchange::export_army_list(&game, side),
                "application/json",
            )
            .map(|_| format!("Exported the {} army list.", side.label())),
        );
    };
    let share_list = move |side: Side| {
        let game = open_game();
        let name = browser::dated_filename(&format!("johnny-reb-army-{}", side.label().to_ascii_lowercase()));
        let title = format!("{} roster: {}", side.label(), game.name);
        files::share_or_download(&name, &title, &exchange::export_army_list(&game, side), move |r| {
            report.run(r.map(|how| match how {
                files::Shared::Shared => format!("The {} roster was handed to the share sheet.", side.label()),
                files::Shared::Downloaded => {
                    format!("This browser cannot share files: the {} roster was downloaded instead.", side.label())
                }
            }))
        });
    };
    let copy_list = move |side: Side| {
        let game = open_game();
        crate::widgets::paste::copy_text(&exchange::export_army_list(&game, side), move |r| {
            report.run(r.map(|_| {
                format!("Copied the {} army list as text: paste it into a message, or into “Paste an army list or game” on the other phone.", side.label())
            }))
        });
    };
    view! {
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
                        <button class="button" on:click=move |_| copy_list(side)>
                            {format!("Copy the {} army list as text", side.label())}
                        </button>
                    </div>
                }
            })
            .collect_view()}
    }
    .into_any()
}
