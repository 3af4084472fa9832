#!/usr/bin/env bash
# Sets up whatever is missing, then builds the game and serves it on
# http://127.0.0.1:${PORT:-8080}, rebuilding when a source file changes.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

"$ROOT/scripts/setup.sh"
port="${PORT:-8080}"
echo "start: serving the game on http://127.0.0.1:$port/ (Ctrl-C stops)"
exec trunk serve --release --address 127.0.0.1 --port "$port"
