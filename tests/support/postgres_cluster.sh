#!/usr/bin/env bash
# A private PostgreSQL cluster for the tests (ctest fixture "postgres"):
#   postgres_cluster.sh start DIR   initdb in DIR/data, start it on a free loopback port,
#                                   write its URL to DIR/url
#   postgres_cluster.sh stop DIR    stop it and remove DIR
# Run as root, the server runs as the unprivileged user `nobody` (PostgreSQL refuses root).
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
    if [ -f "$dir/url" ] && as_owner "$bindir/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
      exit 0  # already running (a re-run of the fixture)
    fi
    rm -rf "$dir"
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown nobody:nogroup "$dir"
    # A port nothing listens on (a connection to it is refused).
    for _ in $(seq 100); do
      port=$((20000 + RANDOM % 40000))
      (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null || break
    done
    as_owner "$bindir/initdb" -D "$dir/data" -U ludus --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    # Tuned for tests: no fsync (a lost test cluster is recreated), enough connections for
    # several server instances at once.
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgresql://ludus@127.0.0.1:$port/postgres" >"$dir/url"
    echo "postgres_cluster.sh: PostgreSQL ($bindir) at $(cat "$dir/url")"
    ;;
  stop)
    if [ -d "$dir/data" ]; then
      as_owner "$bindir/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "postgres_cluster.sh: unknown action '$action' (start or stop)" >&2
    exit 2
    ;;
esac
