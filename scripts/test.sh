#!/usr/bin/env bash
# `npm test`: the type check and the build, once; every vitest test on the embedded database
# (PGlite, no Redis); with DATABASE_URL (and REDIS_URL) set, every vitest test again on those
# servers at the same time, then every browser spec there with JavaScript on and off, and a smoke pass of the
# core browser specs on the embedded default. With neither set, every browser spec runs on the
# embedded default. Browser specs run in Debian's Chromium; each step says how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's Chromium headless shell (what Playwright runs headless, a third lighter than the full
# browser); the full browser is used when only it is installed.
if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium-headless-shell >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's Chromium headless shell for the browser tests…"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  elif ! command -v chromium >/dev/null 2>&1; then
    echo "The browser tests need Chromium: apt-get install -y chromium-headless-shell (or chromium, or set CHROMIUM_PATH)." >&2
    exit 1
  fi
fi

timings=()
step() {
  local name=$1 started
  shift
  echo "== ${name}"
  started=$(date +%s)
  "$@"
  timings+=("$(printf '%5d s  %s' $(( $(date +%s) - started )) "${name}")")
}
embedded() { env -u DATABASE_URL -u REDIS_URL "$@"; }

# The type check (one core) runs beside the build (mostly another): neither waits for the other.
checked_build() {
  npx tsc --noEmit &
  local typecheck=$!
  npm run --silent build
  wait "${typecheck}"
}

node scripts/plugin-index.js
step "type check and build" checked_build
# Both vitest runs side by side, each output kept whole, then shown in turn; either one failing fails the step.
# Their files wait on databases, timers and child servers often enough that six at once keep two cores busier
# than three: on this machine 316 s side by side, against 239 s (with the corpus) and 183 s one after the other.
vitest_side_by_side() {
  local logs embedded_status=0 servers_status=0
  logs=$(mktemp -d)
  # What does not depend on the run's database runs once, on the servers: the hostile-input corpus tests the HTTP
  # edge (a third of the vitest time), and tests/processes starts the built server and the npm scripts as processes
  # of their own, each on an embedded database of its own. The other run's child servers' fixed ports are moved
  # (tests/setup/ports.ts), so the two runs never share one.
  TEST_PORT_OFFSET=1000 embedded npx vitest run --exclude "tests/integration/hostile-input-*" --exclude "tests/processes/**" > "${logs}/embedded.log" 2>&1 &
  local embedded_run=$!
  npx vitest run > "${logs}/servers.log" 2>&1 || servers_status=$?
  wait "${embedded_run}" || embedded_status=$?
  echo "-- vitest on PGlite (embedded)"
  cat "${logs}/embedded.log"
  echo "-- vitest on ${servers}"
  cat "${logs}/servers.log"
  rm -rf "${logs}"
  [ "${embedded_status}" -eq 0 ] && [ "${servers_status}" -eq 0 ]
}

if [ -n "${DATABASE_URL:-}" ]; then
  servers="PostgreSQL$([ -n "${REDIS_URL:-}" ] && echo " + Redis")"
  step "vitest on PGlite (embedded) and on ${servers}, side by side" vitest_side_by_side
  step "browser specs on ${servers}, JavaScript on and off" npx playwright test
  # Two workers: each starts an embedded database from nothing (its own cluster, every migration, the demo seed), most
  # of what seven short specs cost.
  step "browser smoke on PGlite (embedded), JavaScript off" embedded env E2E_WORKERS=2 npx playwright test --grep @smoke --project=js-off
else
  step "vitest on PGlite (embedded)" embedded npx vitest run
  step "browser specs on PGlite (embedded), JavaScript on and off" npx playwright test
fi
printf '%s\n' "== steps" "${timings[@]}"
