# Shared by scripts/serve and scripts/test: installs whatever is missing, idempotently, and
# puts the project's tools on PATH. Sourced, not run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
have() { command -v "$1" >/dev/null 2>&1; }

# Runs a command as root: directly when root, through sudo when allowed; otherwise prints
# exactly what to install and stops.
as_root_or_explain() {
  local what="$1"; shift
  if [ "$(id -u)" = 0 ]; then "$@"; return; fi
  if have sudo && sudo -n true 2>/dev/null; then sudo "$@"; return; fi
  echo "error: $what is missing and installing it needs root. Run:" >&2
  echo "  sudo $*" >&2
  echo "then run this command again." >&2
  exit 1
}

wasm_bindgen_version() {
  # The CLI must equal the crate exactly: read it from Cargo.lock.
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock
}

setup() {
  local with_browser="${1:-}"
  if ! have cargo || ! have rustup; then
    echo "error: Rust is missing. Install rustup (stable toolchain), then run this command again." >&2
    exit 1
  fi
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  fi
  local component
  for component in rustfmt clippy; do
    if ! rustup component list --installed 2>/dev/null | grep -q "^$component"; then
      say "adding the $component component"
      rustup component add "$component"
    fi
  done
  [ -f Cargo.lock ] || cargo generate-lockfile
  local wb; wb="$(wasm_bindgen_version)"
  if ! (have wasm-bindgen && wasm-bindgen --version 2>/dev/null | grep -q " $wb\$"); then
    say "installing wasm-bindgen-cli $wb (about 3 minutes, once)"
    # Without --locked: with it, cargo asks for a dependency version the registry lacks.
    cargo install wasm-bindgen-cli --version "$wb" --force
  fi
  if ! have node || ! have npm; then
    as_root_or_explain "Node.js" apt-get install -y nodejs npm
  fi
  if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -f node_modules/.package-lock.json ] \
     || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "installing the npm tools (binaryen 132 for wasm-opt, playwright-core)"
    npm ci --no-audit --no-fund
  fi
  # chromium-headless-shell is the end-to-end tests' browser, Chromium the start-up
  # measurements' and the screenshots' (tests/e2e/harness.mjs).
  if [ "$with_browser" = "--with-browser" ] && { ! have chromium || ! have chromium-headless-shell; }; then
    say "installing Debian's Chromium and its headless shell"
    as_root_or_explain "Chromium" apt-get update
    as_root_or_explain "Chromium" env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y chromium chromium-headless-shell
  fi
  return 0
}
