//! Rules about the source itself, checked on every test run.

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

fn src(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(sub)
}

/// The rules engine is pure: no browser, no framework, no storage (issue 3).
#[test]
fn rules_know_nothing_of_leptos_the_browser_or_storage() {
    let forbidden = ["leptos", "web_sys", "gloo", "wasm_bindgen", "js_sys", "localStorage", "crate::ui", "crate::state"];
    let files = rust_files(&src("rules"));
    assert!(!files.is_empty());
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for word in forbidden {
            assert!(!text.contains(word), "{} mentions {word}", file.display());
        }
    }
}

/// The state layer knows no views.
#[test]
fn state_knows_nothing_of_the_views() {
    for file in rust_files(&src("state")) {
        let text = fs::read_to_string(&file).unwrap();
        for word in ["leptos", "web_sys", "crate::ui"] {
            assert!(!text.contains(word), "{} mentions {word}", file.display());
        }
    }
}

/// Files that are test modules of their parent (`#[cfg(test)] mod name;`).
fn test_module_files(files: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for file in files {
        let text = fs::read_to_string(file).unwrap();
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for pair in lines.windows(2) {
            if pair[0] == "#[cfg(test)]" {
                if let Some(name) = pair[1].strip_prefix("mod ").and_then(|r| r.strip_suffix(';')) {
                    let dir = file.parent().unwrap();
                    let dir = if file.file_name().is_some_and(|n| n == "mod.rs" || n == "lib.rs" || n == "main.rs") {
                        dir.to_path_buf()
                    } else {
                        dir.join(file.file_stem().unwrap())
                    };
                    out.push(dir.join(format!("{name}.rs")));
                    out.push(dir.join(name).join("mod.rs"));
                }
            }
        }
    }
    out
}

/// A panic in WebAssembly kills the app: outside test modules, nothing calls unwrap or expect.
#[test]
fn no_unwrap_or_expect_outside_tests() {
    let mut offenders = Vec::new();
    let files = rust_files(&src(""));
    let test_files = test_module_files(&files);
    for file in files.into_iter().filter(|f| !test_files.contains(f)) {
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
