#!/bin/sh
# Makes the PostgreSQL server binaries available for the store tests on a fresh Debian/Ubuntu CI machine
# (run as root). The tests start their own throwaway server (test/support/global-setup.ts); this only
# installs the binaries, it does not start anything and needs no configuration.
#
# test/support/postgres.ts looks for initdb, pg_ctl and postgres in: $POSTGRES_BIN_DIR, /usr/local/bin,
# /usr/lib/postgresql/<newest>/bin, then $PATH. Debian's package installs them in
# /usr/lib/postgresql/<version>/bin and creates the `postgres` user the tests run the server as.
# Alternatively, skip this and set TEST_DATABASE_URL to a server whose user may CREATE DATABASE.
set -eu

have_server() {
  for dir in "${POSTGRES_BIN_DIR:-}" /usr/local/bin /usr/lib/postgresql/*/bin; do
    if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ]; then
      echo "PostgreSQL server binaries: $dir"
      return 0
    fi
  done
  command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1 && command -v postgres >/dev/null 2>&1
}

if have_server; then
  exit 0
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update
# The package's post-install script may try to start a default cluster on port 5432; where no init
# system runs that fails harmlessly, and the tests never use it (they pick a free port).
apt-get install -y --no-install-recommends postgresql
have_server
