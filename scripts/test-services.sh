#!/usr/bin/env bash
# Install and start what the tests need beyond Python: Debian's chromium (browser tests) and a
# throwaway PostgreSQL server (storage tests). Prints the PostgreSQL URL for the tests.
# Idempotent: a second run reuses the running server.
set -euo pipefail

PGPORT="${SCHAFKOPF_TEST_PGPORT:-54329}"
PGDATA="${SCHAFKOPF_TEST_PGDATA:-/tmp/schafkopf-test-pg}"
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]} (apt-get)" >&2
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >&2
fi

bin="$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")"
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if ! as_pg "$bin/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; then
  if [ ! -f "$PGDATA/PG_VERSION" ]; then
    mkdir -p "$PGDATA"
    [ "$(id -u)" -eq 0 ] && chown postgres "$PGDATA"
    as_pg "$bin/initdb" -D "$PGDATA" -A trust -U postgres >/dev/null
  fi
  as_pg "$bin/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -w \
    -o "-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
fi
as_pg "$bin/psql" -h 127.0.0.1 -p "$PGPORT" -U postgres -tAc \
  "SELECT 1 FROM pg_database WHERE datname='schafkopf_test'" | grep -q 1 \
  || as_pg "$bin/createdb" -h 127.0.0.1 -p "$PGPORT" -U postgres schafkopf_test
echo "postgresql+psycopg://postgres@127.0.0.1:$PGPORT/schafkopf_test"
