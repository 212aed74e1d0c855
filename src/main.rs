//! The WebAssembly entry point built by Trunk.

fn main() {
    johnny_reb::ui::start();
}
