#!/bin/bash
# usage: pgload.sh SERVE_BIN INSTANCES LABEL [loadtest flags...]
# The 1,000-room PostgreSQL run of docs/lab/server-load-postgres.md: a fresh
# database on a throwaway cluster in $PGLOAD_DIR (default /tmp/pgload;
# started on first use like internal/pgtest's, but with fsync and
# synchronous_commit on, and pg_stat_statements; its data directory a copy
# of $PGLOAD_TEMPLATE, made by the same initdb, when given), INSTANCES servers of
# SERVE_BIN, and the load test of $LT (default SERVE_BIN), everything under
# nice -n -5 (run it as root, under `flock /work/measure.lock`). Prints the
# load test's summary, uptime, the processor ticks (1/100 s) of each server
# and of PostgreSQL (below), the log flushes (pg_stat_wal), the wait
# events sampled each second, and leaves the busiest statements in
# $PGLOAD_DIR/out/LABEL/statements.txt. With PROFILE=1, each server's
# processor profile of 20 s from the 5th second is left there too
# (cpuN.pprof; `go tool pprof -top SERVE_BIN FILE`). Stop the cluster with
#   su postgres -s /bin/sh -c "$BIN/pg_ctl -D $PGLOAD_DIR/data stop -m fast"
set -u
bin=$1; n=$2; label=$3; shift 3
lt=${LT:-$bin}
dir=${PGLOAD_DIR:-/tmp/pgload}
pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
out=$dir/out/$label; mkdir -p "$out"
q() { psql -At -h "$dir" -U tabula "$@"; }
if ! "$pgbin/pg_isready" -q -h "$dir" -U tabula -d postgres; then
  if [ -n "${PGLOAD_TEMPLATE:-}" ]; then # a data directory of the same initdb (TestPGLoadRuns: internal/pgtest's)
    cp -a "$PGLOAD_TEMPLATE" "$dir/data" && chown -R postgres:postgres "$dir"
  else
    mkdir -p "$dir/data" && chown -R postgres:postgres "$dir"
    su postgres -s /bin/sh -c "$pgbin/initdb -D $dir/data -U tabula --auth=trust -E UTF8 --no-sync --locale=C" >"$dir/initdb.log" 2>&1
  fi
  # The cluster outlives this run: it must not inherit the open files of
  # whoever started it (flock's lock file would stay held while it runs).
  ( for fd in $(ls /proc/$BASHPID/fd); do [ "$fd" -gt 2 ] && [ "$fd" -lt 255 ] && eval "exec $fd>&-"; done
    exec nice -n -5 su postgres -s /bin/sh -c "$pgbin/postgres -D $dir/data -k $dir -c listen_addresses= -c max_connections=200 \
    -c shared_preload_libraries=pg_stat_statements -c track_wal_io_timing=on" >"$dir/pg.log" 2>&1 ) &
  for _ in $(seq 100); do "$pgbin/pg_isready" -q -h "$dir" -U tabula -d postgres && break; sleep 0.1; done
fi
db=r$(date +%s%N | cut -c1-13)
createdb -h "$dir" -U tabula "$db"
q -d "$db" -c "CREATE EXTENSION IF NOT EXISTS pg_stat_statements" >/dev/null
url="postgres://tabula@/$db?host=$dir&sslmode=disable${POOL:+&pool_max_conns=$POOL}"
pids=(); bases=()
for i in $(seq "$n"); do
  port=$((18100 + i))
  nice -n -5 "$bin" serve --addr 127.0.0.1:$port --db "$url" --rooms-per-minute 1000000 --conns-per-ip 100000 --conns 20000 --http-conns 20000 --http-conns-per-ip 100000 --msg-rate 1000 >"$out/serve$i.log" 2>&1 &
  pids+=($!); bases+=(http://127.0.0.1:$port)
done
for b in "${bases[@]}"; do for _ in $(seq 100); do curl -sf "$b/healthz" >/dev/null && break; sleep 0.1; done; done
q -d "$db" -c "SELECT pg_stat_statements_reset()" -c "SELECT pg_stat_reset_shared('wal')" >/dev/null
(for _ in $(seq 40); do q -d "$db" -c "SELECT coalesce(wait_event_type, '-') || ':' || coalesce(wait_event, 'CPU') || ':' || state
  FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"; sleep 1; done) >"$out/waits.txt" 2>/dev/null &
sampler=$!
pm=$(head -1 "$dir/data/postmaster.pid")
# PostgreSQL's processor time: that of this database's backends (read
# before the servers close them) and of the cluster's own writers (WAL
# writer, checkpointer, background writer); not autovacuum's, which also
# cleans the databases of earlier runs.
ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
pgticks() {
  local s=0 p
  for p in $(pgrep -P "$pm" -f 'walwriter|checkpointer|background writer') \
    $(q -d "$db" -c "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"); do
    s=$((s + $(ticks "$p")))
  done
  echo $s
}
pg0=$(pgticks)
uptime
if [ -n "${PROFILE:-}" ]; then
  for i in $(seq "$n"); do
    (sleep 5; curl -sf -o "$out/cpu$i.pprof" "${bases[$((i - 1))]}/api/debug/pprof/profile?seconds=20") &
  done
fi
nice -n -5 "$lt" loadtest --server "$(IFS=,; echo "${bases[*]}")" --rooms 1000 --duration 30s --think 1s "$@" 2>&1 | tee "$out/loadtest.txt"
uptime
kill $sampler 2>/dev/null
q -d "$db" -c "SELECT 'log flushes ' || wal_sync || ', ' || round(wal_sync_time::numeric) || ' ms' FROM pg_stat_wal"
q -d "$db" -c "SELECT calls, round(total_exec_time::numeric, 1), round(mean_exec_time::numeric, 3), left(regexp_replace(query, '\s+', ' ', 'g'), 110)
  FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 25" >"$out/statements.txt"
pg1=$(pgticks)
for p in "${pids[@]}"; do echo "serve $p: $(ticks "$p") ticks"; kill "$p"; done
wait "${pids[@]}" 2>/dev/null
echo "postgres: $((pg1 - pg0)) ticks"
[ -n "${KEEP:-}" ] || dropdb -h "$dir" -U tabula "$db" # KEEP=1 keeps the run's database
sort "$out/waits.txt" | uniq -c | sort -rn | head -8
