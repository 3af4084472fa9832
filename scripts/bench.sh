#!/usr/bin/env bash
# Perft speed natively and as WebAssembly in node, side by side.
# Usage: scripts/bench.sh (the kish comparison builds kish and its
# dependencies on first use)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet --release -p alquerque-cli
cargo build --quiet --release -p alquerque-wasm-bench --target wasm32-unknown-unknown
node scripts/bench.mjs target/release/alquerque target/wasm32-unknown-unknown/release/alquerque_wasm_bench.wasm
echo
echo "Turkish draughts against kish (every capture path, queens land anywhere):"
cargo bench --quiet --manifest-path benches/kish/Cargo.toml 2>/dev/null | grep -v '^$' | grep -v "^test result\|^running"
