#!/usr/bin/env bash
# Sets up whatever is missing, builds the game, and serves it with online
# play from one server process on http://127.0.0.1:${PORT:-8080}. Games are
# kept in ${DATABASE:-alquerque.db}; the site's recurring tournaments are
# ${TOURNAMENTS:-scripts/tournaments.toml}; the house bots play with
# ${BOT_THREADS:-1} core(s). WATCH=1 serves with Trunk instead,
# rebuilding on every change (without online play). CLUSTER=N runs N server
# processes on one PostgreSQL behind nginx instead (scripts/cluster.sh).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

"$ROOT/scripts/setup.sh"
port="${PORT:-8080}"
if [ "${WATCH:-0}" = 1 ]; then
  echo "start: serving the game on http://127.0.0.1:$port/ with Trunk (Ctrl-C stops)"
  exec trunk serve --release --address 127.0.0.1 --port "$port"
fi
trunk build --release
cargo build --release -p alquerque-server
if [ -n "${CLUSTER:-}" ]; then
  exec "$ROOT/scripts/cluster.sh"
fi
echo "start: serving the game and online play on http://127.0.0.1:$port/ (Ctrl-C stops)"
exec target/release/alquerque-server --addr "127.0.0.1:$port" --site dist \
  --db "${DATABASE:-alquerque.db}" --tournaments "${TOURNAMENTS:-scripts/tournaments.toml}" \
  --house-bots --bot-threads "${BOT_THREADS:-1}"
