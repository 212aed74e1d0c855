//! The state modules form one chain with no loops: each module's code may use only modules
//! before it. Tests may use any module (they drive the game through the session).

use std::path::Path;

/// The chain, first to last.
const CHAIN: [&str; 27] = [
    // Shared vocabulary: why a command is refused, the names players type, the ids.
    "error",
    "ids",
    // The order of battle: its units, its organisation, what it answers.
    "troops",
    "roster",
    "roster_query",
    // What each domain keeps in the game.
    "orders_state",
    "tracker_state",
    "charges_state",
    "checks_state",
    "game",
    // What a command did, before it is logged.
    "effect",
    // Each domain's commands.
    "checks",
    "order_sheet",
    "reveal",
    "orders",
    "turn_end",
    "tracker",
    "charges",
    "listed",
    "roster_edit",
    "units",
    // The thin enum over them, and the session that applies it.
    "command",
    "session",
    "result",
    // Built on the session: the demo game, files, this device.
    "demo",
    "exchange",
    "device",
];

/// The module's code without its tests and comments.
fn code(source: &str) -> String {
    let source = source.split("#[cfg(test)]\nmod tests").next().unwrap_or(source);
    source.lines().map(|l| l.split("//").next().unwrap_or_default()).collect::<Vec<_>>().join("\n")
}

/// The state modules named in `code`: `super::x`, `crate::state::x` and the names in
/// `super::{x, y::z}`.
fn used(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let word = |s: &str| s.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect::<String>();
    for prefix in ["super::", "crate::state::"] {
        for (i, _) in code.match_indices(prefix) {
            // `crate::state::x` also contains `state::x`; `super::` inside `crate::state::` never.
            let rest = &code[i + prefix.len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let inner = group.split('}').next().unwrap_or_default();
                out.extend(inner.split(',').map(|p| word(p.trim())).filter(|w| !w.is_empty()));
            } else {
                let w = word(rest);
                if !w.is_empty() {
                    out.push(w);
                }
            }
        }
    }
    out.retain(|w| w != "self");
    out
}

/// What is wrong with `module`'s code: every state module it uses that is not before it.
fn violations(module: &str, source: &str) -> Vec<String> {
    let Some(place) = CHAIN.iter().position(|m| *m == module) else {
        return vec![format!("{module} is not in the chain")];
    };
    used(&code(source))
        .into_iter()
        .filter(|m| CHAIN.contains(&m.as_str()))
        .filter(|m| CHAIN.iter().position(|c| c == m).is_none_or(|p| p >= place))
        .map(|m| format!("{module} uses {m}, which is not before it"))
        .collect()
}

#[test]
fn state_modules_import_only_earlier_ones() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/state");
    let mut seen = Vec::new();
    let mut problems = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let Some(module) = path.file_stem().and_then(|s| s.to_str()).map(str::to_string) else { continue };
        if path.extension().is_none_or(|e| e != "rs") || module == "mod" || module == "layers" {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        problems.extend(violations(&module, &source));
        seen.push(module);
    }
    seen.sort();
    let mut chain: Vec<String> = CHAIN.iter().map(|m| m.to_string()).collect();
    chain.sort();
    assert_eq!(seen, chain, "every state module is in the chain, and only those");
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn a_module_using_a_later_one_is_caught() {
    assert_eq!(
        violations("roster", "use super::session::Session;"),
        vec!["roster uses session, which is not before it"]
    );
    assert_eq!(violations("game", "use super::{roster::Roster, command::Command};").len(), 1);
    assert_eq!(violations("checks", "fn f() { crate::state::charges::execute(); }").len(), 1);
    assert!(violations("command", "use super::game::Game;\nuse super::error::CommandError;").is_empty());
    // A doc comment's link and a test are not imports.
    assert!(violations("error", "//! See [`super::session`].\n#[cfg(test)]\nmod tests { use super::*; }").is_empty());
    assert!(violations("game", "use super::game::Game;").len() == 1, "a module is not before itself");
}
