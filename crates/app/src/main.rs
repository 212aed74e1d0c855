//! The WebAssembly entry point, built by scripts/build.mjs.

fn main() {
    companion::shell::start();
}
