import { it } from "vitest";

/**
 * A test of what happens when requests race. Races need several connections:
 * PGlite serves one at a time, so there the test could not fail and is skipped,
 * saying why. It runs on PostgreSQL (DATABASE_URL), as `.ci/run` does.
 */
export function itRaces(name: string, test: () => Promise<void>, timeout?: number) {
  if (process.env.DATABASE_URL) return it(name, test, timeout);
  return it.skip(`${name} [skipped: races need PostgreSQL; PGlite serves one connection at a time]`, test);
}
