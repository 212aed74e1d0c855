//! Splits the app's release wasm at its `#[wasm_split]` points (crates/app/src/shell/lazy.rs): a main module
//! that wasm-bindgen then processes, one wasm chunk per lazily loaded screen (and shared
//! chunks for code that several screens use), and `__wasm_split.js`, which fetches and
//! instantiates a chunk the first time its screen is shown.
//!
//! Usage: `jr-wasm-split INPUT.wasm OUT_DIR MAIN_MODULE` where MAIN_MODULE is the path of
//! wasm-bindgen's JS as imported from OUT_DIR (e.g. `./johnny-reb.js`). Prints, as JSON, the
//! chunk files each split point needs. Run by scripts/build.mjs. With `JR_SPLIT_VERBOSE=1` it
//! also prints what went into each module.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, out_dir, main_module] = args.as_slice() else {
        eprintln!("usage: jr-wasm-split INPUT.wasm OUT_DIR MAIN_MODULE");
        return ExitCode::from(2);
    };
    match split(input, out_dir, main_module) {
        Ok(map) => {
            println!("{map}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("jr-wasm-split: {e}");
            ExitCode::FAILURE
        }
    }
}

fn split(input: &str, out_dir: &str, main_module: &str) -> Result<String, String> {
    let wasm = std::fs::read(input).map_err(|e| format!("cannot read {input}: {e}"))?;
    let out_dir = PathBuf::from(out_dir);
    let main_out = out_dir.join("main.wasm");
    let result = wasm_split_cli_support::transform({
        let mut opts = wasm_split_cli_support::Options::new(&wasm);
        opts.output_dir = &out_dir;
        opts.main_out_path = &main_out;
        opts.main_module = main_module;
        opts.link_name = "./__wasm_split.js";
        // What went where, for finding what keeps code in the main module.
        opts.verbose = std::env::var_os("JR_SPLIT_VERBOSE").is_some();
        opts
    })
    .map_err(|e| format!("{e:?}"))?;
    let sorted: BTreeMap<_, _> = result.prefetch_map.into_iter().collect();
    serde_json::to_string_pretty(&sorted).map_err(|e| e.to_string())
}
