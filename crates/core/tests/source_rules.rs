//! Rules about the whole workspace's source, checked on every test run. Kept with the core, the
//! smallest crate, so that running them needs no build of the app's library for the host
//! (scripts/test tests the app's library with `--lib` alone).

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every crate's `src` folder in the workspace.
fn sources() -> Vec<PathBuf> {
    let crates = workspace().join("crates");
    let mut out = Vec::new();
    for entry in fs::read_dir(&crates).unwrap() {
        let src = entry.unwrap().path().join("src");
        if src.is_dir() {
            out.extend(rust_files(&src));
        }
    }
    out
}

/// The packages `package` depends on to build, for the host and for the browser, as cargo
/// itself resolves them (`cargo tree`), not as a search of the source would guess.
fn dependencies(package: &str) -> Vec<String> {
    let mut out = Vec::new();
    for target in [None, Some("wasm32-unknown-unknown")] {
        let mut cmd = std::process::Command::new(env!("CARGO"));
        cmd.current_dir(workspace()).args([
            "tree",
            "--offline",
            "-p",
            package,
            "-e",
            "normal,build",
            "--prefix",
            "none",
            "--format",
            "{p}",
        ]);
        if let Some(t) = target {
            cmd.args(["--target", t]);
        }
        let done = cmd.output().unwrap();
        assert!(done.status.success(), "cargo tree -p {package}: {}", String::from_utf8_lossy(&done.stderr));
        out.extend(
            String::from_utf8_lossy(&done.stdout)
                .lines()
                .filter_map(|l| l.split_whitespace().next())
                .map(str::to_string),
        );
    }
    out.sort();
    out.dedup();
    out
}

/// The shared core and each system's rules crate are pure: nothing of Leptos, the browser or
/// storage anywhere in what they build with (issue 12), and a system depends on no other.
#[test]
fn the_core_and_the_rules_crates_build_without_leptos_or_the_browser() {
    let forbidden =
        ["leptos", "web-sys", "js-sys", "wasm-bindgen", "gloo-storage", "gloo-utils", "reactive_graph", "tachys"];
    for package in ["companion-core", "johnny-reb", "field-commander", "line-of-battle"] {
        let deps = dependencies(package);
        assert!(deps.iter().any(|d| d == "serde"), "cargo tree -p {package} listed {deps:?}");
        for dep in &deps {
            assert!(
                !forbidden.iter().any(|f| dep == f || dep.starts_with(&format!("{f}-"))),
                "{package} depends on {dep}"
            );
        }
        let ours: Vec<&str> = deps
            .iter()
            .map(String::as_str)
            .filter(|d| ["companion-core", "johnny-reb", "field-commander", "line-of-battle", "companion"].contains(d))
            .collect();
        let expected: Vec<&str> =
            if package == "companion-core" { vec!["companion-core"] } else { vec!["companion-core", package] };
        assert_eq!(ours, expected, "{package} depends only on the core among the workspace's crates");
    }
}

/// Files that are test modules of their parent (`#[cfg(test)] mod name;`), and the folders
/// of such modules (`name/`), whose every file is a submodule of the tests.
fn test_module_files(files: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for file in files {
        let text = fs::read_to_string(file).unwrap();
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for pair in lines.windows(2) {
            if pair[0] == "#[cfg(test)]"
                && let Some(name) = pair[1]
                    .trim_start_matches("pub(crate) ")
                    .trim_start_matches("pub ")
                    .strip_prefix("mod ")
                    .and_then(|r| r.strip_suffix(';'))
            {
                let dir = file.parent().unwrap();
                let dir = if file.file_name().is_some_and(|n| n == "mod.rs" || n == "lib.rs" || n == "main.rs") {
                    dir.to_path_buf()
                } else {
                    dir.join(file.file_stem().unwrap())
                };
                out.push(dir.join(format!("{name}.rs")));
                out.push(dir.join(name));
            }
        }
    }
    out
}

/// A panic in WebAssembly kills the app: outside test modules, nothing calls unwrap or expect.
#[test]
fn no_unwrap_or_expect_outside_tests() {
    let mut offenders = Vec::new();
    let files = sources();
    let test_files = test_module_files(&files);
    for file in files.into_iter().filter(|f| !test_files.iter().any(|t| f.starts_with(t))) {
        let text = fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.contains("#[cfg(test)]") {
                break;
            }
            let code = line.split("//").next().unwrap_or("");
            if code.contains(".unwrap()") || code.contains(".expect(") {
                offenders.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(offenders.is_empty(), "unwrap/expect outside tests:\n{}", offenders.join("\n"));
}
