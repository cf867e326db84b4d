#!/usr/bin/env bash
# `npm test`: types, unit and integration tests (vitest), then end-to-end tests in
# Debian's Chromium with JavaScript on and off (Playwright). The suite runs on the
# embedded database; set DATABASE_URL and REDIS_URL to run it on real servers.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's Chromium for the browser tests…"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Chromium: apt-get install -y chromium (or set CHROMIUM_PATH)." >&2
    exit 1
  fi
fi

echo "== database: $([ -n "${DATABASE_URL:-}" ] && echo PostgreSQL || echo "PGlite (embedded)"), sessions and limits: $([ -n "${REDIS_URL:-}" ] && echo Redis || echo "database and memory")"
npx tsc --noEmit
npm run --silent build
npx vitest run
npx playwright test
