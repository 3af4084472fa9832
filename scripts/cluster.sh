#!/usr/bin/env bash
# Runs online play as a cluster on this one machine, the shape of a
# deployment over several: PostgreSQL in a folder of the project's (as the
# postgres user, on a unix socket, with no system service), ${CLUSTER:-3}
# server processes sharing it, and nginx in front, balancing HTTP and game
# sockets across them on http://127.0.0.1:${PORT:-8080}. Ctrl-C (or SIGTERM)
# stops them all.
#
# `CLUSTER=3 scripts/start.sh` builds everything and comes here. On its own
# it expects the server binary ($SERVER_BIN, by default the release build)
# and the built site ($SITE, by default dist/). The database and the logs
# stay in $CLUSTER_DIR (target/cluster), so games outlive a restart.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

say() { printf 'cluster: %s\n' "$*"; }
die() { printf 'cluster: error: %s\n' "$*" >&2; exit 1; }

count="${CLUSTER:-3}"
port="${PORT:-8080}"
server="${SERVER_BIN:-$ROOT/target/release/alquerque-server}"
site="${SITE:-$ROOT/dist}"
state="${CLUSTER_DIR:-$ROOT/target/cluster}"
[[ "$count" =~ ^[1-9][0-9]?$ ]] || die "CLUSTER must be a number of processes from 1 to 99, not '$count'"
[ -x "$server" ] || die "no server binary at $server (cargo build --release -p alquerque-server)"
[ -f "$site/index.html" ] || die "no built site in $site (trunk build --release)"
nginx="$(command -v nginx || echo /usr/sbin/nginx)"
[ -x "$nginx" ] || die "nginx is missing: scripts/setup.sh installs it"
pgbin="$(postgres_bin)" || die "PostgreSQL is missing: scripts/setup.sh installs it"

mkdir -p "$state/logs" "$state/nginx" "$state/postgres"
state="$(cd "$state" && pwd)"

# PostgreSQL will not run as root: then it runs as the postgres user, which
# owns its folder.
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
pg="$state/postgres"
[ "$(id -u)" -ne 0 ] || chown postgres:postgres "$pg"
as_postgres test -w "$pg" ||
  die "the postgres user cannot reach $pg: choose a CLUSTER_DIR every user may pass through"

pids=()
stop() {
  trap - INT TERM EXIT
  say "stopping"
  [ ${#pids[@]} -eq 0 ] || kill -TERM "${pids[@]}" 2>/dev/null || true
  [ ${#pids[@]} -eq 0 ] || wait "${pids[@]}" 2>/dev/null || true
  if [ -f "$pg/data/postmaster.pid" ]; then
    as_postgres "$pgbin/pg_ctl" stop -D "$pg/data" -m fast -s >/dev/null 2>&1 || true
  fi
  say "stopped"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- PostgreSQL -------------------------------------------------------------
if [ ! -f "$pg/data/PG_VERSION" ]; then
  say "making a PostgreSQL cluster in $pg/data"
  as_postgres "$pgbin/initdb" -D "$pg/data" -U postgres -A trust >"$state/logs/initdb.log" 2>&1 ||
    die "initdb failed: see $state/logs/initdb.log"
fi
# Only a unix socket, in a folder only postgres (and root) may enter. One
# left running by a run that was killed is used as it is.
if as_postgres "$pgbin/pg_ctl" status -D "$pg/data" >/dev/null 2>&1; then
  say "PostgreSQL is already running in $pg/data"
else
  as_postgres "$pgbin/pg_ctl" start -D "$pg/data" -l "$pg/postgres.log" -w -s \
    -o "-k $pg -c listen_addresses= -c unix_socket_permissions=0700 -c max_connections=$((count * 20 + 20))" ||
    die "PostgreSQL did not start: see $pg/postgres.log"
fi
exists="$(as_postgres "$pgbin/psql" -h "$pg" -U postgres -d postgres -tAc \
  "SELECT 1 FROM pg_database WHERE datname = 'alquerque'")"
[ "$exists" = 1 ] || as_postgres "$pgbin/createdb" -h "$pg" -U postgres alquerque
url="postgres://postgres@/alquerque?host=$pg"
say "PostgreSQL on $url"

# --- The server processes -------------------------------------------------
addrs=()
for i in $(seq 1 "$count"); do
  log="$state/logs/server-$i.log"
  "$server" --addr 127.0.0.1:0 --db "$url" --site "$site" --trusted-proxy 127.0.0.1 \
    --tournaments "${TOURNAMENTS:-$ROOT/scripts/tournaments.toml}" \
    --house-bots --bot-threads "${BOT_THREADS:-1}" >"$log" &
  pids+=($!)
  addr=""
  for _ in $(seq 1 100); do
    addr="$(grep -o '"addr":"[^"]*"' "$log" | head -1 | cut -d'"' -f4 || true)"
    [ -n "$addr" ] && break
    kill -0 "${pids[-1]}" 2>/dev/null || die "server $i stopped: see $log"
    sleep 0.1
  done
  [ -n "$addr" ] || die "server $i did not say where it listens: see $log"
  addrs+=("$addr")
  say "server $i on $addr (log: $log)"
done

# --- nginx ------------------------------------------------------------------
# Open files the workers may hold: two for each proxied connection.
files="$(ulimit -Hn)"
[ "$files" = unlimited ] || [ "$files" -gt 65536 ] && files=65536
upstreams="$(printf '        server %s max_fails=1 fail_timeout=2s;\n' "${addrs[@]}")"
cat >"$state/nginx/nginx.conf" <<EOF
daemon off;
worker_processes auto;
worker_rlimit_nofile $files;
pid $state/nginx/nginx.pid;
error_log $state/logs/nginx-error.log warn;
events { worker_connections 8192; }
http {
    access_log off;
    client_body_temp_path $state/nginx/body;
    proxy_temp_path $state/nginx/proxy;
    fastcgi_temp_path $state/nginx/fastcgi;
    uwsgi_temp_path $state/nginx/uwsgi;
    scgi_temp_path $state/nginx/scgi;
    # A game socket asks to be upgraded; anything else may keep its
    # connection to the server process alive.
    map \$http_upgrade \$connection_upgrade {
        default upgrade;
        '' '';
    }
    upstream alquerque {
$upstreams
        keepalive 32;
    }
    server {
        listen 127.0.0.1:$port;
        location / {
            proxy_pass http://alquerque;
            proxy_http_version 1.1;
            proxy_set_header Upgrade \$http_upgrade;
            proxy_set_header Connection \$connection_upgrade;
            # The port too: the server checks a socket's Origin against it.
            proxy_set_header Host \$http_host;
            # The client's address as nginx saw it, replacing whatever the
            # client wrote in either header: the servers trust only this.
            proxy_set_header X-Forwarded-For \$remote_addr;
            proxy_set_header Forwarded "";
            # Game sockets ping every 3 s; a quiet one is cut by the server.
            proxy_read_timeout 60s;
            # A process that stopped answering is skipped for a request
            # that may be repeated (not a POST that may have been done).
            proxy_next_upstream error timeout;
            add_header X-Served-By \$upstream_addr always;
        }
    }
}
EOF
"$nginx" -t -q -p "$state/nginx" -c "$state/nginx/nginx.conf" -e "$state/logs/nginx-error.log" ||
  die "nginx refused its configuration: see $state/logs/nginx-error.log"
"$nginx" -p "$state/nginx" -c "$state/nginx/nginx.conf" -e "$state/logs/nginx-error.log" &
pids+=($!)
for _ in $(seq 1 100); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/health" 2>/dev/null && break
  kill -0 "${pids[-1]}" 2>/dev/null || die "nginx stopped: see $state/logs/nginx-error.log"
  sleep 0.1
done
say "serving the game and online play on http://127.0.0.1:$port/ through nginx, across $count processes (Ctrl-C stops)"

# Until Ctrl-C, or until every process has stopped. One that stops is said
# (nginx passes over it meanwhile); a supervisor would start it again.
while [ ${#pids[@]} -gt 0 ]; do
  wait -n "${pids[@]}" || true
  alive=()
  for pid in "${pids[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then alive+=("$pid"); else say "process $pid stopped"; fi
  done
  pids=("${alive[@]}")
done
# Every process has stopped, by Ctrl-C (when the signal reached them before
# the trap ran) or on its own: either way the cluster is not serving.
say "every process has stopped"
exit 1
