import { defineConfig, type LaunchOptions } from "@playwright/test";

/** Each JavaScript mode gets its own server and fresh demo data, so neither run sees the other's changes. */
const ports = { "js-on": 3210, "js-off": 3211 } as const;

// Debian's Chromium (apt-get install chromium); Playwright's own browser download is never used.
const launchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  // One worker per JavaScript mode: the modes run side by side, each against its own server and
  // data, and a mode's tests run one after another, since they share its demo people.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: { launchOptions, trace: "retain-on-failure" },
  projects: [
    { name: "js-on", workers: 1, use: { browserName: "chromium", javaScriptEnabled: true, baseURL: `http://acme.localhost:${ports["js-on"]}` } },
    { name: "js-off", workers: 1, use: { browserName: "chromium", javaScriptEnabled: false, baseURL: `http://acme.localhost:${ports["js-off"]}` } },
  ],
  // scripts/test.sh builds first, so the two servers never build at the same time.
  webServer: Object.values(ports).map((port) => ({
    command: "npx tsx tests/e2e/serve.ts",
    env: { PORT: String(port) },
    url: `http://localhost:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
