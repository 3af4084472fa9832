#!/usr/bin/env bash
# Perft speed natively and as WebAssembly in node, side by side; the kish
# comparison; with --load, the online server under load; with --lobby, what
# 1 000 idle lobby pages cost it, polling as the page did and pushed as it is now; with --abuse, what
# failed logins and a socket flood cost it; with --tournament, an arena of
# 1 000 players at a human pace (BENCH_PLAYERS, BENCH_SECONDS); with --bots, 50 games
# against the house bots at once within their CPU budget (BENCH_GAMES, BENCH_BOT_THREADS,
# BENCH_SECONDS); and, with --web, the
# web app's weight: asset sizes (raw, gzip, brotli), bytes a phone transfers to
# the home screen and to the computer's first reply, and Lighthouse scores.
# Usage: scripts/bench.sh [--load | --lobby | --abuse | --tournament | --bots | --web]   (the kish comparison builds kish and
# its dependencies on first use; LOAD_GAMES and LOAD_MOVES size the load run;
# --web reads DIST_DIR (default dist/) and SERVER_BIN (default the release
# server, else the debug one), building either only when it is missing)
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" == "--load" ]]; then
  echo "Online play under load (${LOAD_GAMES:-1000} games, three sockets each), one process on"
  echo "SQLite, then three on PostgreSQL:"
  "$(dirname "$0")/setup.sh" >/dev/null
  cargo test --quiet --release -p alquerque-server --test load -- --ignored --nocapture 2>/dev/null |
    grep -E '^(one|three|  load|  move to|  server memory|  errors)'
  exit 0
fi
if [[ "${1:-}" == "--lobby" ]]; then
  "$(dirname "$0")/setup.sh" >/dev/null
  cargo test --quiet --release -p alquerque-server --test lobby_load -- --ignored --nocapture 2>/dev/null |
    grep -E '^(Idle|polled|pushed)'
  exit 0
fi
if [[ "${1:-}" == "--abuse" ]]; then
  echo "What an attacker's volume costs the server (BENCH_SERVER_BIN measures another build):"
  "$(dirname "$0")/setup.sh" >/dev/null
  cargo test --quiet --release -p alquerque-server --test abuse -- --ignored --nocapture --test-threads 1 2>/dev/null |
    grep -E '^(failed logins|socket flood)'
  exit 0
fi
if [[ "${1:-}" == "--tournament" ]]; then
  "$(dirname "$0")/setup.sh" >/dev/null
  cargo test --quiet --release -p alquerque-server --test tournament_load -- --ignored --nocapture 2>/dev/null |
    grep -E '^(arena of|  )'
  exit 0
fi
if [[ "${1:-}" == "--bots" ]]; then
  "$(dirname "$0")/setup.sh" >/dev/null
  cargo test --quiet --release -p alquerque-server --test bot_load -- --ignored --nocapture 2>/dev/null |
    grep -E '^([0-9]+ bot games|  )'
  exit 0
fi
if [[ "${1:-}" == "--web" ]]; then
  if [[ -z "${DIST_DIR:-}" && ! -f dist/index.html ]]; then
    trunk build --release
  fi
  if [[ -z "${SERVER_BIN:-}" && ! -x target/release/alquerque-server && ! -x target/debug/alquerque-server ]]; then
    cargo build --quiet --release -p alquerque-server
  fi
  if [[ ! -d tests/browser/node_modules ]]; then
    (cd tests/browser && npm ci --silent)
  fi
  node scripts/web-bench.mjs
  exit 0
fi
cargo build --quiet --release -p alquerque-cli
cargo build --quiet --release -p alquerque-wasm-bench --target wasm32-unknown-unknown
node scripts/bench.mjs target/release/alquerque target/wasm32-unknown-unknown/release/alquerque_wasm_bench.wasm
node scripts/review-bench.mjs target/wasm32-unknown-unknown/release/alquerque_wasm_bench.wasm
echo
echo "Turkish draughts against kish (every capture path, queens land anywhere):"
cargo bench --quiet --manifest-path benches/kish/Cargo.toml 2>/dev/null | grep -v '^$' | grep -v "^test result\|^running"
