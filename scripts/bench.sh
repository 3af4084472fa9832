#!/usr/bin/env bash
# Perft speed natively and as WebAssembly in node, side by side; the kish
# comparison; and, with --load, the online server under load.
# Usage: scripts/bench.sh [--load]   (the kish comparison builds kish and its
# dependencies on first use; LOAD_GAMES and LOAD_MOVES size the load run)
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" == "--load" ]]; then
  echo "Online play under load (${LOAD_GAMES:-1000} games, three sockets each):"
  cargo test --quiet --release -p alquerque-server --test load -- --ignored --nocapture 2>/dev/null |
    grep -E '^(load|move to|server memory|errors)'
  exit 0
fi
cargo build --quiet --release -p alquerque-cli
cargo build --quiet --release -p alquerque-wasm-bench --target wasm32-unknown-unknown
node scripts/bench.mjs target/release/alquerque target/wasm32-unknown-unknown/release/alquerque_wasm_bench.wasm
echo
echo "Turkish draughts against kish (every capture path, queens land anywhere):"
cargo bench --quiet --manifest-path benches/kish/Cargo.toml 2>/dev/null | grep -v '^$' | grep -v "^test result\|^running"
