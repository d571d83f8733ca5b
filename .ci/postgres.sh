# Throwaway PostgreSQL cluster for tests: data in a temp dir, a free port on 127.0.0.1,
# run as the `postgres` user (initdb refuses root). Source this file, then call
# start_throwaway_postgres (sets TEST_DATABASE_URL) and stop_throwaway_postgres.

pg_bin() {
  ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1
}

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start_throwaway_postgres() {
  local bin
  bin="$(pg_bin)"
  PG_TMP="$(mktemp -d /tmp/workspace-pg.XXXXXX)"
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || useradd --system --home-dir "$PG_TMP" postgres
    chown postgres "$PG_TMP"
  fi
  PG_PORT="$(free_port)"
  as_postgres "$bin/initdb" -D "$PG_TMP/data" -U postgres -A trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  as_postgres "$bin/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_TMP -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null
  TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  echo "Throwaway PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$PG_PORT"
}

stop_throwaway_postgres() {
  if [ -n "${PG_TMP:-}" ] && [ -d "$PG_TMP/data" ]; then
    as_postgres "$(pg_bin)/pg_ctl" -D "$PG_TMP/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$PG_TMP"
  fi
}
