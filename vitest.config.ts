import path from "node:path";
import { defineConfig } from "vitest/config";
import { writePluginIndexes } from "./scripts/plugin-index.js";
import LongFilesFirst from "./tests/setup/long-files-first";

writePluginIndexes();

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "plugins/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // Three test files at once on this 2-core machine (each has a database of its own, tests/setup/databases.ts):
    // a file waits on its database often enough that a third keeps the cores busy (PGlite 180 s → 155 s, PostgreSQL 131 s → 113 s).
    maxWorkers: 3,
    // A worker keeps the modules it imported for its next file (decision 060): importing the app's source
    // again for each of 77 files was 300 s of a 530 s run. Each file still starts its own app and database.
    isolate: false,
    // Room for a slow day: with both runs side by side a test that starts an app or hashes hundreds of
    // passwords took over 30 s on this machine when it ran at half its usual speed.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ["tests/setup/database-template.ts"],
    // The built server (build/index.js, 15 MB with its dependencies) is imported as Node imports it, untransformed.
    server: { deps: { external: [/\/build\/index\.js$/] } },
    setupFiles: ["tests/setup/vitest.setup.ts"],
    sequence: { sequencer: LongFilesFirst },
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, gone with each clean install), so
    // the embedded and the servers' runs, side by side, transform each file once between them (decision 104).
    experimental: { fsModuleCache: true },
  },
});
