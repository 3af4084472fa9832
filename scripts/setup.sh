#!/usr/bin/env bash
# Installs whatever the build and the tests need and is missing. Every step
# checks first and skips itself when already satisfied, so running this again
# takes seconds. A cold run compiles Trunk and wasm-bindgen-cli from
# crates.io: expect 15-25 minutes.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

say() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    die "need root to run: $*"
  fi
}

# --- System packages (Debian) ---------------------------------------------
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
command -v cc >/dev/null || missing+=(build-essential)
command -v pkg-config >/dev/null || missing+=(pkg-config)
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
# PostgreSQL's server: the tests of the PostgreSQL store start their own
# clusters from it, in temporary folders.
compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null || missing+=(postgresql)
# nginx balances the processes of CLUSTER=N scripts/start.sh, and its test.
[ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v curl >/dev/null || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]} with apt"
  # The project starts PostgreSQL and nginx itself, in its own folders:
  # their packages must not start system services on install.
  no_services=/usr/sbin/policy-rc.d
  added_policy=0
  if [ ! -e "$no_services" ]; then
    printf '#!/bin/sh\nexit 101\n' | as_root tee "$no_services" >/dev/null
    as_root chmod +x "$no_services"
    added_policy=1
  fi
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
  [ "$added_policy" = 0 ] || as_root rm -f "$no_services"
else
  say "ok: chromium, chromium-driver, a C toolchain, node, npm, PostgreSQL, nginx and curl"
fi
node_major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$node_major" -ge 20 ] || die "node $(node --version) is too old: the browser tests need node 20 or later"

# --- Rust -----------------------------------------------------------------
command -v rustup >/dev/null || die "rustup is missing: install Rust with rustup first"
components="$(rustup component list --installed)"
for component in rustfmt clippy; do
  if grep -q "^$component" <<<"$components"; then
    say "ok: rust component $component"
  else
    say "adding rust component $component"
    rustup component add "$component"
  fi
done
if grep -qx "$WASM_TARGET" <<<"$(rustup target list --installed)"; then
  say "ok: rust target $WASM_TARGET"
else
  say "adding rust target $WASM_TARGET"
  rustup target add "$WASM_TARGET"
fi

# --- Trunk ----------------------------------------------------------------
if [ "$(trunk --version 2>/dev/null)" = "trunk $TRUNK_VERSION" ]; then
  say "ok: trunk $TRUNK_VERSION"
else
  say "installing trunk $TRUNK_VERSION with cargo (10-15 minutes on two cores)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

# --- wasm-bindgen-cli, the same version as the wasm-bindgen in Cargo.lock ---
wb_version="$(wasm_bindgen_version)"
[ -n "$wb_version" ] || die "Cargo.lock names no wasm-bindgen version"
if [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $wb_version" ]; then
  say "ok: wasm-bindgen-cli $wb_version"
else
  say "installing wasm-bindgen-cli $wb_version with cargo (5-10 minutes)"
  # Some releases' own lockfiles name crate versions the registry lacks, so
  # fall back to a fresh resolution when --locked fails.
  cargo install wasm-bindgen-cli --version "$wb_version" --locked ||
    cargo install wasm-bindgen-cli --version "$wb_version" --force
fi

# --- cargo-fuzz, for the short fuzz run of the test command -----------------
if cargo fuzz --version >/dev/null 2>&1; then
  say "ok: cargo-fuzz"
else
  say "installing cargo-fuzz with cargo (2-3 minutes)"
  cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked
fi

# --- Node test dependencies: Playwright and wasm-opt (binaryen) ----------
lock_hash="$(sha256sum tests/browser/package-lock.json | cut -d' ' -f1)"
stamp="$BROWSER_TESTS/node_modules/.installed-from"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock_hash" ]; then
  say "ok: node test dependencies (tests/browser/node_modules)"
else
  say "installing node test dependencies with npm ci"
  (cd "$BROWSER_TESTS" && npm ci --no-audit --no-fund)
  echo "$lock_hash" >"$stamp"
fi
wasm_opt_version="$(wasm-opt --version 2>/dev/null || true)"
case "$wasm_opt_version" in
  *"(version_132)"*) say "ok: wasm-opt 132 at $(command -v wasm-opt)" ;;
  *) die "wasm-opt on PATH is '${wasm_opt_version:-missing}', not binaryen 132" ;;
esac

# --- Crates: Trunk builds offline, so everything must be downloaded -------
if cargo fetch --offline >/dev/null 2>&1; then
  say "ok: the crates in Cargo.lock are downloaded"
else
  say "downloading the crates in Cargo.lock"
  cargo fetch
fi

say "done"
