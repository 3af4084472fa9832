#!/usr/bin/env bash
# The strength table: every level against the level below, GAMES games per
# pair (default 100, sides alternating, two random opening plies), for every
# game. Slow: the pairs with Expert take most of an hour per game.
# Usage: scripts/strength.sh [GAMES] [GAME ...]
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-100}"
shift || true
keys=("$@")
[ ${#keys[@]} -gt 0 ] || keys=(classic special qirkat bell turkish chesquerque)
cargo build --quiet --release -p alquerque-cli
for key in "${keys[@]}"; do
  for pair in "easy beginner" "medium easy" "hard medium" "expert hard"; do
    set -- $pair
    target/release/alquerque match "$key" --a "$1" --b "$2" --games "$games" | head -1
  done
done
