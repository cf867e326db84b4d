// `npm run bench:lighthouse` (after `npm run build`): Lighthouse 12 (mobile preset, simulated
// throttling) on the pages of issue 31's target, signed in as the demo employee, with Debian's
// Chromium. Lighthouse is fetched by npx on first use, pinned to 12.2.3 (13 needs Node 22), and is
// not a dependency of the app. Prints, per page, the median of RUNS (3) runs of performance,
// accessibility and best practices, the first and largest contentful paints (and the largest as this
// machine's browser saw it, unthrottled), the total blocking time and the audits that did not pass;
// then the same of the one-route Remix app, the yardstick of `npm run bench`.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startFixture } from "./fixture.js";
import { startServer } from "./start-server.js";
import { requireBuild } from "./app-pages.js";

const RUNS = Number(process.env.RUNS ?? 3);
const PORT = 3592;
const FIXTURE_PORT = 3593;
const APP = `http://127.0.0.1:${PORT}`;
const DEMO_PASSWORD = "Recognize-2026!";
const LIGHTHOUSE = "lighthouse@12.2.3";
const CHROME = process.env.CHROME_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-headless-shell"].find((file) => fs.existsSync(file));
const CATEGORIES = ["performance", "accessibility", "best-practices"];

requireBuild();
if (!CHROME) {
  console.error("No Chromium: apt-get install -y chromium (or set CHROME_PATH).");
  process.exit(1);
}

// The demo programs on a fresh embedded database; a bare address opens acme.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recognize-lighthouse-"));
const env = { ...process.env, NODE_ENV: "production", PORT: String(PORT), DATA_DIR: dataDir, DEFAULT_TENANT: "acme", DEMO_SEED: "true", LOG_LEVEL: "warn" };
delete env.DATABASE_URL;
delete env.REDIS_URL;
process.on("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
const app = await startServer(process.execPath, ["build/server.js"], { env }, `${APP}/login`);
const fixture = await startFixture(FIXTURE_PORT);

const response = await fetch(`${APP}/login`, {
  method: "POST",
  headers: { Origin: APP, "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams({ username: "employee", password: DEMO_PASSWORD }),
  redirect: "manual",
});
const cookie = response.headers.getSetCookie().map((header) => header.split(";")[0]).join("; ");
if (response.status !== 302 || !cookie) throw new Error(`could not sign in as employee (${response.status})`);

const feed = await (await fetch(`${APP}/feed`, { headers: { Cookie: cookie } })).text();
const firstLink = (pattern) => {
  const found = pattern.exec(feed)?.[0];
  if (!found) throw new Error(`no link matching ${pattern} on /feed`);
  return found;
};
const pages = [
  { path: "/login", signedIn: false },
  { path: "/feed", signedIn: true },
  { path: firstLink(/\/post\/\d+/), signedIn: true },
  { path: "/notifications", signedIn: true },
  { path: firstLink(/\/profile\/\d+/), signedIn: true },
].map((page) => ({ ...page, name: page.path.replace(/\d+/g, "{id}"), url: `${APP}${page.path}` }));
// The yardstick: Remix and React alone, starting before the first paint (the product's pages start after it, decision 083).
pages.push({ name: "one-route Remix app", url: fixture.url, signedIn: false });

const run = promisify(execFile);

/** One Lighthouse run of a page: its report (the JSON Lighthouse writes). */
async function lighthouse(page) {
  const args = [
    "--yes",
    LIGHTHOUSE,
    page.url,
    "--output=json",
    "--output-path=stdout",
    "--quiet",
    `--only-categories=${CATEGORIES.join(",")}`,
    "--chrome-flags=--headless --no-sandbox --disable-gpu",
    ...(page.signedIn ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  const { stdout } = await run("npx", args, { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const score = (report, category) => Math.round((report.categories[category]?.score ?? 0) * 100);

/** Where an accessibility audit failed: the first elements it names. */
function where(audit) {
  const selectors = (audit.details?.items ?? []).map((item) => item.node?.selector).filter(Boolean);
  return selectors.length === 0 ? "" : ` at ${selectors.slice(0, 3).join("; ")}${selectors.length > 3 ? ` and ${selectors.length - 3} more` : ""}`;
}

const rows = [];
for (const page of pages) {
  const reports = [];
  for (let i = 0; i < RUNS; i++) reports.push(await lighthouse(page));
  // The run whose performance is the median one says which audits failed.
  const middle = [...reports].sort((a, b) => score(a, "performance") - score(b, "performance"))[Math.floor(reports.length / 2)];
  const failing = Object.values(middle.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode))
    .filter((audit) => CATEGORIES.some((category) => middle.categories[category].auditRefs.some((ref) => ref.id === audit.id && (ref.weight > 0 || category !== "performance"))))
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}${where(audit)}`);
  rows.push({
    page: page.name,
    ...Object.fromEntries(CATEGORIES.map((category) => [category, median(reports.map((report) => score(report, category)))])),
    fcp: median(reports.map((report) => report.audits["first-contentful-paint"].numericValue / 1000)).toFixed(1),
    lcp: median(reports.map((report) => report.audits["largest-contentful-paint"].numericValue / 1000)).toFixed(1),
    tbt: Math.round(median(reports.map((report) => report.audits["total-blocking-time"].numericValue))),
    // What this machine's browser did, unthrottled: far under the simulation when requests that started before the paint weigh on it (decision 079).
    observedLcp: median(reports.map((report) => report.audits.metrics.details.items[0].observedLargestContentfulPaint / 1000)).toFixed(2),
    failing,
  });
}

console.log(`\nLighthouse ${LIGHTHOUSE.split("@")[1]}, mobile (simulated throttling), median of ${RUNS} runs, signed in as the demo employee\n`);
console.log("| page | performance | accessibility | best practices | first contentful paint | largest contentful paint | observed, unthrottled | total blocking time |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
for (const row of rows) console.log(`| ${row.page} | ${row.performance} | ${row.accessibility} | ${row["best-practices"]} | ${row.fcp} s | ${row.lcp} s | ${row.observedLcp} s | ${row.tbt} ms |`);
console.log("");
for (const row of rows) console.log(`${row.page}: ${row.failing.length === 0 ? "every audit passes" : `not passing: ${row.failing.join(", ")}`}`);
await app.stop();
await fixture.stop();
