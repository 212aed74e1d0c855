//! The WebAssembly entry point, built by scripts/build.mjs.

fn main() {
    johnny_reb::ui::start();
}
