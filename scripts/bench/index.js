// `npm run bench` (after `npm run build`): the product's pages against a
// one-route Remix app, loaded alternately with autocannon in the same run.
// Prints per page req/s, p50, p99 (and their ratio) once its connections are open, how long
// opening them took, and the ratio to the one-route app, the
// app's cold start and RSS, the document's size (and /feed's parts: class attributes, hydration
// data, module preloads, each card) and the gzipped JavaScript each page loads, and which pages
// miss issue 31's targets; writes
// the figures to bench/results/<time>.json so two runs can be compared.
// The app runs on the embedded database, or on DATABASE_URL/REDIS_URL when set,
// with acme seeded at scale (`npm run seed -- --scale`); POSTS sets its feed's size (200,000).
// With both DATABASE_URL and REDIS_URL, the pages are measured again on two web
// processes (WEB_CONCURRENCY=2) against one.
// Requests ask for no compression: remix-serve, which runs the one-route app,
// compresses with brotli's default 4 MB window, which would slow the yardstick
// more than the product (decision 027).
// Settings: ROUNDS (2), DURATION seconds per page and round (8), WARMUP seconds per
// page before the rounds (3), CONNECTIONS (50), ALONE seconds per page at one connection (2),
// for "p50 alone": a request's latency with nothing queued before it, SAMPLES requests per
// page read for their Server-Timing (30).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { pages } from "../../bench/pages.js";
import { createDatabase, pageName, pathOf, requireBuild, seedScaleProgram, serverTimings, signIn } from "./app-pages.js";
import { countCores } from "./cpu-shares.js";
import { documentParts, heldModules } from "./document-parts.js";
import { startFixture } from "./fixture.js";
import { loadPage } from "./load.js";
import { median, rssMbOf } from "./measures.js";
import { startServer } from "./start-server.js";

const ROUNDS = Number(process.env.ROUNDS ?? 2);
const DURATION = Number(process.env.DURATION ?? 8);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const WARMUP = Number(process.env.WARMUP ?? 3);

const APP_PORT = 3590;
const FIXTURE_PORT = 3591;
const APP = `http://127.0.0.1:${APP_PORT}`;

requireBuild();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "recognize-bench-"));
const appEnv = { ...process.env, NODE_ENV: "production", PORT: String(APP_PORT), DATA_DIR: dataDir, DEFAULT_TENANT: "acme" };
// On PostgreSQL, a database of the run's own (and Redis keys of its own), dropped afterwards.
const benchDatabase = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL) : null;
if (benchDatabase) {
  Object.assign(appEnv, { DATABASE_URL: benchDatabase.url, SESSION_SECRET: randomBytes(32).toString("hex"), REDIS_KEY_PREFIX: `bench-${Date.now()}:` });
}
// Pages are measured on a program of a real customer's size: acme gets 10,000 employees and 200,000 ledger entries.
seedScaleProgram(appEnv, process.env.POSTS);

// A bare address opens DEFAULT_TENANT, acme (fetch may not set a Host header of its own).
const startApp = (processes) => startServer(process.execPath, ["build/server.js"], { env: { ...appEnv, WEB_CONCURRENCY: String(processes) } }, `${APP}/login`);
const fixture = await startFixture(FIXTURE_PORT);
let app = await startApp(1);

const cookies = new Map();
for (const page of pages) if (page.as && !cookies.has(page.as)) cookies.set(page.as, await signIn(APP, page.as));

const targets = [{ name: "one-route Remix app", url: fixture.url, headers: {} }];
for (const page of pages) {
  const pagePath = await pathOf(APP, page, cookies);
  targets.push({
    name: pageName(page, pagePath),
    url: `${APP}${pagePath}`,
    headers: page.as ? { Cookie: cookies.get(page.as) } : {},
  });
}

// Each target must answer its page, not a redirect to it, before it is measured.
for (const target of targets) {
  const response = await fetch(target.url, { headers: target.headers, redirect: "manual" });
  if (response.status !== 200) throw new Error(`${target.name} answers ${response.status}`);
}

/**
 * Loads each target for WARMUP seconds (so every one runs optimised code), then
 * ROUNDS times for DURATION seconds once its connections are open, the targets in turn:
 * req/s, p50 and p99 per round, how long opening the connections took, and the cores
 * each consumer used over the rounds.
 */
async function measure(measured, label) {
  for (const target of measured) await autocannon({ url: target.url, headers: target.headers, connections: CONNECTIONS, duration: WARMUP });
  const runs = new Map(measured.map((target) => [target.name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const target of measured) {
      const counting = countCores(app.child.pid);
      const { non2xx, errors, ...figures } = await loadPage({ url: target.url, headers: target.headers, connections: CONNECTIONS, duration: DURATION });
      const cores = counting.stop();
      if (non2xx || errors) throw new Error(`${target.name}: ${non2xx} answers other than 2xx, ${errors} errors`);
      runs.get(target.name).push({ ...figures, cores });
      console.error(`${label}, round ${round}: ${target.name} ${figures.requestsPerSecond.toFixed(0)} req/s`);
    }
  }
  return runs;
}
const runs = await measure(targets, "one process");

/** One request at a time for ALONE seconds: the latency of a page with nothing queued before it. */
const ALONE = Number(process.env.ALONE ?? 2);
const alone = new Map();
for (const target of targets) {
  const result = await autocannon({ url: target.url, headers: target.headers, connections: 1, duration: ALONE });
  alone.set(target.name, result.latency.p50);
}

/**
 * Where a page's time goes, from the Server-Timing of SAMPLES requests made one
 * at a time: `data` (tenant, session, loaders), the part of it until the viewer was known
 * (`viewer`), and `render` (React), medians.
 * A JSON answer has no render; a one-route request costs 1000 / its req/s ms,
 * so no page can reach a ratio above that divided by its render alone.
 */
const SAMPLES = Number(process.env.SAMPLES ?? 30);
const timings = new Map();
for (const target of targets.slice(1)) {
  const samples = { viewer: [], data: [], render: [] };
  for (let i = 0; i < SAMPLES; i++) {
    const response = await fetch(target.url, { headers: target.headers });
    await response.arrayBuffer();
    for (const [name, duration] of Object.entries(serverTimings(response))) samples[name]?.push(duration);
  }
  timings.set(target.name, samples);
}

const rssMb = rssMbOf(app.child.pid);

/** What a browser downloads for a page: its document (bytes, uncompressed) and the JavaScript of its module preloads and imports (gzipped). */
async function pageWeight(target) {
  const html = await (await fetch(target.url, { headers: target.headers })).text();
  const files = new Set([...heldModules(html), ...[...html.matchAll(/import\s*(?:[^"']*from\s*)?"(\/build\/[^"]+\.js)"/g)].map((m) => m[1])]);
  let bytes = 0;
  for (const file of files) {
    bytes += gzipSync(Buffer.from(await (await fetch(new URL(file, target.url))).arrayBuffer())).length;
  }
  return { htmlBytes: Buffer.byteLength(html), jsBytes: bytes, parts: documentParts(html) };
}

/** The cores each consumer used, averaged over a page's rounds (null without /proc). */
function meanCores(pageRuns) {
  const measured = pageRuns.map((run) => run.cores).filter(Boolean);
  if (measured.length === 0) return null;
  return Object.fromEntries(Object.keys(measured[0]).map((name) => [name, Number((measured.reduce((sum, cores) => sum + cores[name], 0) / measured.length).toFixed(2))]));
}

const baseline = median(runs.get(targets[0].name).map((run) => run.requestsPerSecond));
const rows = [];
for (const target of targets) {
  const measured = runs.get(target.name);
  const requestsPerSecond = median(measured.map((run) => run.requestsPerSecond));
  const weight = await pageWeight(target);
  rows.push({
    page: target.name,
    requestsPerSecond: Math.round(requestsPerSecond),
    p50: median(measured.map((run) => run.p50)),
    p99: median(measured.map((run) => run.p99)),
    openingMs: median(measured.map((run) => run.openingMs)),
    p50Alone: alone.get(target.name),
    ratio: Number((requestsPerSecond / baseline).toFixed(2)),
    gzippedJsKb: Math.round(weight.jsBytes / 1024),
    htmlKb: Number((weight.htmlBytes / 1024).toFixed(1)),
    documentParts: weight.parts,
    ...serverTimes(timings.get(target.name)),
    rounds: measured,
  });
}

function serverTimes(samples) {
  if (!samples?.render.length) return { viewerMs: null, dataMs: null, renderMs: null, renderCeiling: null };
  const renderMs = median(samples.render);
  const viewerMs = samples.viewer.length ? median(samples.viewer) : null;
  return { viewerMs, dataMs: median(samples.data), renderMs, renderCeiling: Number((1000 / baseline / renderMs).toFixed(2)) };
}

// Scale-out: the same pages on two web processes sharing the port, the database and Redis.
const scaleOut = [];
if (process.env.DATABASE_URL && process.env.REDIS_URL) {
  await app.stop();
  app = await startApp(2);
  const appTargets = targets.slice(1);
  const twoProcesses = await measure(appTargets, "two processes");
  for (const target of appTargets) {
    const two = median(twoProcesses.get(target.name).map((run) => run.requestsPerSecond));
    const one = rows.find((row) => row.page === target.name).requestsPerSecond;
    scaleOut.push({
      page: target.name,
      oneProcess: one,
      twoProcesses: Math.round(two),
      factor: Number((two / one).toFixed(2)),
      cores: { oneProcess: meanCores(runs.get(target.name)), twoProcesses: meanCores(twoProcesses.get(target.name)) },
    });
  }
}

await app.stop();
await fixture.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
await benchDatabase?.drop();

const database = process.env.DATABASE_URL ? `PostgreSQL${process.env.REDIS_URL ? " + Redis" : ""}` : "PGlite (embedded)";
const result = {
  at: new Date().toISOString(),
  database,
  posts: Number(process.env.POSTS ?? 200_000),
  settings: { rounds: ROUNDS, durationSeconds: DURATION, connections: CONNECTIONS, cpus: os.cpus().length },
  coldStartSeconds: Number(app.seconds.toFixed(2)),
  rssMb,
  pages: rows,
  scaleOut,
};
fs.mkdirSync("bench/results", { recursive: true });
const file = path.join("bench/results", `${result.at.replace(/[:.]/g, "-")}.json`);
fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);

console.log(`\n${database}, ${result.posts.toLocaleString("en-US")} posts, ${ROUNDS} rounds of ${DURATION} s, ${CONNECTIONS} connections (median of the rounds)\n`);
console.log("| page | req/s | p50 | p99 | p99/p50 | opening | ratio | HTML | JS gzip | p50 alone | viewer | data | render | render-only ceiling |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
const ms = (value) => (value === null ? "–" : `${value.toFixed(1)} ms`);
const tail = (row) => row.p99 / Math.max(row.p50, 1);
for (const row of rows) {
  const ceiling = row.renderCeiling === null ? "–" : row.renderCeiling.toFixed(2);
  console.log(
    `| ${row.page} | ${row.requestsPerSecond} | ${row.p50} ms | ${row.p99} ms | ${tail(row).toFixed(1)} | ${row.openingMs} ms | ${row.ratio.toFixed(2)} | ${row.htmlKb} KB | ${row.gzippedJsKb} KB | ${row.p50Alone} ms | ${ms(row.viewerMs)} | ${ms(row.dataMs)} | ${ms(row.renderMs)} | ${ceiling} |`,
  );
}
// Issue 31's targets: p99 within 10 times p50 under load; on document pages, data no dearer than the render; RSS within 300 MB on PostgreSQL.
const products = rows.slice(1);
const overTail = products.filter((row) => tail(row) > 10).map((row) => `${row.page} (${tail(row).toFixed(1)}×)`);
const dataOverRender = products.filter((row) => row.renderMs !== null && row.dataMs > row.renderMs).map((row) => `${row.page} (${ms(row.dataMs)} > ${ms(row.renderMs)})`);
console.log(`
targets: p99 ≤ 10 × p50: ${overTail.length === 0 ? "every page" : `over on ${overTail.join(", ")}`}`);
console.log(`targets: data ≤ render: ${dataOverRender.length === 0 ? "every document page" : `over on ${dataOverRender.join(", ")}`}`);
// Where knowing the viewer alone takes longer than the render, no loader of the page can meet the target (decision 087).
const viewerOverRender = products.filter((row) => row.viewerMs !== null && row.viewerMs > row.renderMs).map((row) => row.page);
console.log(`targets: pages whose viewer alone is over their render: ${viewerOverRender.join(", ") || "none"}`);
const feed = products.find((row) => row.page.startsWith("/feed ("));
if (feed) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const { bytes, classAttributes, hydrationData, modulePreloads, cards } = feed.documentParts;
  const overCards = cards.filter((card) => card.bytes > 3 * 1024).map((card) => `${card.id} ${kb(card.bytes)}`);
  console.log(`targets: /feed ≤ 35 KB: ${kb(bytes)} (class attributes ${kb(classAttributes)}, hydration data ${kb(hydrationData)}, module preloads ${kb(modulePreloads)}); cards over 3 KB: ${overCards.join(", ") || "none"}`);
}
if (process.env.DATABASE_URL) console.log(`targets: RSS ≤ 300 MB on PostgreSQL: ${result.rssMb} MB, ${result.rssMb <= 300 ? "met" : "over"}`);
console.log(`\nreq/s, p50 and p99: once all ${CONNECTIONS} connections are open; opening: from the round's start until each had its first answer.`);
console.log("viewer, data and render: medians of the pages' Server-Timing, one request at a time (viewer: from the request to knowing who asks, a part of data); render-only ceiling: the ratio a page would reach if nothing but its React render cost anything.");
if (scaleOut.length > 0) {
  const shares = (cores) => (cores ? Object.entries(cores).map(([name, used]) => `${name} ${used.toFixed(2)}`).join(", ") : "–");
  console.log("\n| page | 1 process | 2 processes | factor | cores used, 1 process | cores used, 2 processes |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const row of scaleOut) {
    console.log(`| ${row.page} | ${row.oneProcess} | ${row.twoProcesses} | ${row.factor.toFixed(2)} | ${shares(row.cores.oneProcess)} | ${shares(row.cores.twoProcesses)} |`);
  }
  console.log(`\ncores used: the average over the rounds, of the ${os.cpus().length} this machine has; the load generator is autocannon, in the bench's own process.`);
}
console.log(`\nstart to the first page (on the seeded data): ${result.coldStartSeconds} s; app RSS after the run: ${result.rssMb} MB`);
console.log(`written to ${file}`);
