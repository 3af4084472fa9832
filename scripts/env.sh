# Shared environment of the project's scripts; sourced, not run.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BROWSER_TESTS="$ROOT/tests/browser"
TRUNK_VERSION="0.21.14"
CARGO_FUZZ_VERSION="0.13.2"
WASM_TARGET="wasm32-unknown-unknown"

# Cargo-installed tools, and the npm test package's wasm-opt (binaryen 132)
# ahead of any other wasm-opt on the machine.
export PATH="$BROWSER_TESTS/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# Trunk must never reach the network, and accepts only true/false in its
# boolean variables (NO_COLOR=1 makes it exit).
export TRUNK_SKIP_VERSION_CHECK=true
export TRUNK_COLOR=never
unset NO_COLOR
export RUST_BACKTRACE=0

# The wasm-bindgen version recorded in Cargo.lock.
wasm_bindgen_version() {
  awk '
    /^\[\[package\]\]/ { name = "" }
    /^name = / { name = $3 }
    /^version = / && name == "\"wasm-bindgen\"" { gsub(/"/, "", $3); print $3; exit }
  ' "$ROOT/Cargo.lock"
}

# The newest installed PostgreSQL server's programs (Debian keeps each
# major version in /usr/lib/postgresql/<n>/bin).
postgres_bin() {
  local found
  found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
  [ -n "$found" ] && [ -x "$found/postgres" ] && printf '%s\n' "$found"
}
