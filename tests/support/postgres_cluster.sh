#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A private PostgreSQL cluster for the tests (ctest fixture "postgres"):
#   postgres_cluster.sh start DIR   initdb in a new temporary directory, start the server on a
#                                   free loopback port, write its URL to DIR/url
#   postgres_cluster.sh stop DIR    stop it, remove the temporary directory and DIR
# Run as root, the server runs as the unprivileged user `nobody` (PostgreSQL refuses root),
# in a directory under /tmp that it owns (DIR, in the build tree, may not be reachable for it).
# Fails loudly when PostgreSQL's server binaries are missing: `./ludus.sh` installs them.
set -euo pipefail
action=${1:?usage: postgres_cluster.sh start|stop DIR}
dir=${2:?usage: postgres_cluster.sh start|stop DIR}

bindir=""
if command -v pg_config >/dev/null && [ -x "$(pg_config --bindir)/initdb" ]; then
  bindir=$(pg_config --bindir)
else
  for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$candidate/initdb" ]; then bindir=$candidate; break; fi
  done
fi
if [ -z "$bindir" ]; then
  echo "postgres_cluster.sh: PostgreSQL server binaries (initdb, pg_ctl) not found; install Debian's postgresql (./ludus.sh does)" >&2
  exit 1
fi

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"
  else
    "$@"
  fi
}

case "$action" in
  start)
    if [ -f "$dir/url" ] && [ -f "$dir/cluster" ] &&
       as_owner "$bindir/pg_ctl" -D "$(cat "$dir/cluster")/data" status >/dev/null 2>&1; then
      exit 0  # already running (a re-run of the fixture)
    fi
    rm -rf "$dir"
    mkdir -p "$dir"
    cluster=$(mktemp -d "${TMPDIR:-/tmp}/ludus-postgres-XXXXXX")
    echo "$cluster" >"$dir/cluster"
    [ "$(id -u)" -eq 0 ] && chown nobody:nogroup "$cluster"
    as_owner "$bindir/initdb" -D "$cluster/data" -U ludus --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    # A port below the kernel's ephemeral range (by default 32768-60999, where the tests'
    # own client connections take their local ports, so a port free a moment ago may be
    # taken when the server binds it), on which nothing listens; a few tries, since another
    # process may still take it first.  Tuned for tests: no fsync (a lost test cluster is
    # recreated), enough connections for several server instances at once.
    low=$(awk '{print $1}' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
    started=no
    for _ in $(seq 5); do
      for _ in $(seq 100); do
        port=$((10000 + RANDOM % (low - 10000)))
        (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null || break
      done
      if as_owner "$bindir/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w -t 60 \
          -o "-p $port -k $cluster -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
          start >/dev/null; then
        started=yes
        break
      fi
    done
    [ "$started" = yes ] || { cat "$cluster/server.log" >&2; exit 1; }
    echo "postgresql://ludus@127.0.0.1:$port/postgres" >"$dir/url"
    echo "postgres_cluster.sh: PostgreSQL ($bindir) at $(cat "$dir/url") in $cluster"
    ;;
  stop)
    if [ -f "$dir/cluster" ]; then
      cluster=$(cat "$dir/cluster")
      as_owner "$bindir/pg_ctl" -D "$cluster/data" -m immediate -w stop >/dev/null 2>&1 || true
      case "$cluster" in */ludus-postgres-*) rm -rf "$cluster" ;; esac
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "postgres_cluster.sh: unknown action '$action' (start or stop)" >&2
    exit 2
    ;;
esac
