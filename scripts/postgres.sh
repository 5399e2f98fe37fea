#!/usr/bin/env bash
# A throwaway PostgreSQL server for the server's tests: Debian's PostgreSQL, a cluster made in a
# temporary folder, listening on the loopback only, trusting its connections, without fsync
# (nothing in it outlives the tests), stopped and removed at the end whatever the tests did.
# PostgreSQL refuses to run as root: run as root, the cluster belongs to the postgres user.
#
#   scripts/postgres.sh run CMD...   starts it, runs CMD with DAMA_TEST_POSTGRES set to its URL
#                                    (postgres://postgres@127.0.0.1:PORT), stops it; CMD's status
#
# POSTGRES_FSYNC=1 keeps fsync on (a benchmark's fair comparison with SQLite's synchronous FULL).
#
# Installed by scripts/setup.sh postgres when missing (Debian's postgresql package).
set -euo pipefail

[ "${1:-}" = run ] && [ $# -ge 2 ] || { echo "usage: $0 run CMD..." >&2; exit 2; }
shift

pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$pgbin/pg_ctl" ] || { echo "postgres: no PostgreSQL in /usr/lib/postgresql (apt-get install postgresql)" >&2; exit 1; }

dir=$(mktemp -d "${TMPDIR:-/tmp}/dama-postgres.XXXXXX")
as_owner() { "$@"; }
if [ "$(id -u)" = 0 ]; then
    chown postgres: "$dir"
    as_owner() { runuser -u postgres -- "$@"; }
fi

# A free port of the loopback, from 54320 up.
port=54320
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done

stop() {
    as_owner "$pgbin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap stop EXIT

start=$SECONDS
as_owner "$pgbin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; exit 1; }
as_owner "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-h 127.0.0.1 -p $port -k $dir $([ "${POSTGRES_FSYNC:-}" = 1 ] || echo -F) -c max_connections=400" start >/dev/null ||
    { cat "$dir/server.log" >&2; exit 1; }
echo "postgres: PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (started in $((SECONDS - start)) s)"

rc=0
DAMA_TEST_POSTGRES="postgres://postgres@127.0.0.1:$port" "$@" || rc=$?
exit "$rc"
