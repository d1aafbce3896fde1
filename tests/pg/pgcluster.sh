#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests: initdb into a fresh temporary folder,
# listening on a Unix socket in that folder only (no TCP), owned by the `postgres`
# system user when run as root (the server refuses to run as root), else by the caller.
#
#   pgcluster.sh start STATEFILE   start one; STATEFILE gets its folder (one line)
#   pgcluster.sh stop STATEFILE    stop it and remove its folder (a no-op when none runs)
#
# The tests reach it through HIRELOOP_TEST_PGHOST=<folder> (the socket directory) as the
# cluster's superuser; they never connect anywhere else.
set -euo pipefail

action=${1:-}
state=${2:-}
[ -n "$action" ] && [ -n "$state" ] || { echo "usage: $0 start|stop STATEFILE" >&2; exit 2; }

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bindir/initdb" ] || { echo "pgcluster: no PostgreSQL server (install postgresql-15)" >&2; exit 1; }

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$action" in
  start)
    dir=$(mktemp -d /tmp/hireloop-pg.XXXXXX)
    chmod 0700 "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir"
    echo "$dir" >"$state"
    # Durability is not what these tests are about: no fsync makes each test's
    # CREATE DATABASE and migrations quick.
    as_owner "$bindir/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    # Logins that must give a password (tst_teamserver's refusals, tst_connectdialog's
    # prompt); everyone else is trusted on the socket, which only this folder's owner and
    # root can reach.
    as_owner sh -c "{ echo 'local all pwtest,connectpw scram-sha-256'; cat '$dir/data/pg_hba.conf'; } >'$dir/data/pg_hba.new' \
      && mv '$dir/data/pg_hba.new' '$dir/data/pg_hba.conf'"
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
      -o "-c listen_addresses='' -c unix_socket_directories='$dir' -c fsync=off -c synchronous_commit=off \
          -c full_page_writes=off -c max_connections=200 -c shared_buffers=128MB" >/dev/null \
      || { cat "$dir/server.log" >&2; exit 1; }
    echo "$dir"
    ;;
  stop)
    [ -f "$state" ] || exit 0
    dir=$(cat "$state")
    if [ -n "$dir" ] && [ -d "$dir/data" ]; then
      as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    case "$dir" in /tmp/hireloop-pg.*) rm -rf "$dir" ;; esac
    rm -f "$state"
    ;;
  *) echo "usage: $0 start|stop STATEFILE" >&2; exit 2 ;;
esac
