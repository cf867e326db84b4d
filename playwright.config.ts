import fs from "node:fs";
import { defineConfig, type LaunchOptions } from "@playwright/test";

/**
 * Debian's Chromium; Playwright's own browser download is never used. Its headless shell
 * (apt-get install chromium-headless-shell), what Playwright runs headless by default, takes
 * about 30 % less of the run than the full browser (no GPU process); the full one still works.
 */
const DEBIAN_BROWSERS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

const launchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? DEBIAN_BROWSERS.find((file) => fs.existsSync(file)) ?? DEBIAN_BROWSERS[1],
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  // Core flows in tests/e2e, each plugin's in its own folder.
  testDir: ".",
  testMatch: ["tests/e2e/**/*.spec.ts", "plugins/*/tests/**/*.spec.ts"],
  // Each worker starts a server of its own (tests/e2e/test.ts), with its own database and demo
  // people: spec files run side by side, a file's tests one after another. Three workers keep two
  // cores busy (the browser computes more than it waits); more only slow each test down.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  reporter: [["list"]],
  // A test's budget under CI's load, three browsers and three servers on two cores: a page and its
  // two axe checks take a few seconds there, and the longest flows (Moments' post with both checks,
  // reacted to and commented on) a minute and a half.
  timeout: 180_000,
  // An assertion's wait. Under that load a navigation (its loaders, and its route's code the first
  // time) sometimes takes longer than Playwright's default 5 s; how fast pages are is the benchmark's
  // business (npm run bench), not the tests'.
  expect: { timeout: 15_000 },
  // No trace by default: recording one (its screencast most) took a third of the browser step's CPU.
  // To see why a test fails, run it again with `--trace retain-on-failure` (README, "Tests").
  use: { launchOptions, trace: "off" },
  projects: [
    { name: "js-on", use: { browserName: "chromium", javaScriptEnabled: true } },
    // Every page's axe check runs once, with JavaScript (the specs check pages without it as they go).
    { name: "js-off", testIgnore: "tests/e2e/accessibility.spec.ts", use: { browserName: "chromium", javaScriptEnabled: false } },
  ],
});
