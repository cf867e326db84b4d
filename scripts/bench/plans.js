// `npm run bench:plans` (after `npm run build`; PostgreSQL on this machine, as a superuser): every
// statement the app's pages run, with PostgreSQL's plan as it ran (auto_explain), at the scale seed.
// Signs in as the demo admin, manager and employee and visits every page their links reach (one per
// shape of path: /post/1 and /post/2 are one), twice each, one at a time; then prints per page the
// statements and PostgreSQL's time for them on both visits, and every plan that read more than ROWS
// (1,000) rows of a table in one sequential scan or took longer than SLOW (5) ms: a missing index,
// or a join order the planner kept (decision 097). auto_explain writes to the server's log; PG_LOG
// names that file (Debian's default when unset). Settings: POSTS (20,000), PAGES (400), ROWS, SLOW.
import fs from "node:fs";
import { benchAppEnv, createDatabase, requireBuild, seedScaleProgram, signIn } from "./app-pages.js";
import { startServer } from "./start-server.js";

const PORT = 3594;
const APP = `http://127.0.0.1:${PORT}`;
const ROWS = Number(process.env.ROWS ?? 1000);
const SLOW = Number(process.env.SLOW ?? 5);
const PAGES = Number(process.env.PAGES ?? 400);
const PG_LOG = process.env.PG_LOG ?? "/var/log/postgresql/postgresql-15-main.log";
const START = ["/feed", "/profile", "/notifications", "/settings", "/report", "/admin/people", "/transaction-history", "/program-settings", "/approvals", "/storefront", "/people"];
const SKIPPED = /logout|download|export|\.(csv|xlsx|pdf|ics)\b|^\/assets\/|^\/build\//;

if (!process.env.DATABASE_URL) {
  console.error("usage: DATABASE_URL=… npm run bench:plans (auto_explain is PostgreSQL's)");
  process.exit(1);
}
requireBuild();
if (!fs.existsSync(PG_LOG)) {
  console.error(`No server log at ${PG_LOG}: set PG_LOG to the file PostgreSQL logs to.`);
  process.exit(1);
}

const database = await createDatabase(process.env.DATABASE_URL);
const env = { ...benchAppEnv(database.url, "plans"), PORT: String(PORT) };
seedScaleProgram(env, process.env.POSTS ?? 20000);
// Every new connection of the app's database explains each statement it runs, as it ran.
const { default: pg } = await import("pg");
const admin = new pg.Client({ connectionString: database.url });
await admin.connect();
const name = new URL(database.url).pathname.slice(1);
for (const setting of ["session_preload_libraries = 'auto_explain'", "auto_explain.log_min_duration = 0", "auto_explain.log_analyze = on", "auto_explain.log_format = json"]) {
  await admin.query(`alter database ${name} set ${setting}`);
}
await admin.end();
const server = await startServer(process.execPath, ["build/server.js"], { env }, `${APP}/login`);

/** The plans PostgreSQL logged since `offset`: each statement's text, time and plan. */
function plansSince(offset) {
  const log = fs.readFileSync(PG_LOG).subarray(offset).toString();
  return [...log.matchAll(/duration: ([\d.]+) ms {2}plan:\n((?:\t.*\n?)+)/g)].flatMap((match) => {
    try {
      const { "Query Text": text, Plan: plan } = JSON.parse(match[2].replace(/^\t/gm, ""));
      return [{ ms: Number(match[1]), text: text.replace(/\s+/g, " ").trim(), plan }];
    } catch {
      // A plan still being written when the log was read (its page outlasted the wait): left out.
      return [];
    }
  });
}

/** The sequential scans of `plan` that read more than ROWS rows (kept and filtered out, every loop). */
function wideScans(plan, found = []) {
  const read = ((plan["Actual Rows"] ?? 0) + (plan["Rows Removed by Filter"] ?? 0)) * (plan["Actual Loops"] ?? 1);
  if (plan["Node Type"] === "Seq Scan" && read > ROWS) found.push(`${plan["Relation Name"]}: ${read} rows`);
  for (const child of plan.Plans ?? []) wideScans(child, found);
  return found;
}

const pages = [];
const shapes = new Set();
for (const who of ["admin", "manager", "employee"]) {
  const cookie = await signIn(APP, who);
  const queue = [...START];
  while (queue.length > 0 && pages.length < PAGES) {
    const pagePath = queue.shift();
    const shape = `${who} ${pagePath.replace(/\d+/g, "N").replace(/=[^&]*/g, "=")}`;
    if (shapes.has(shape) || SKIPPED.test(pagePath)) continue;
    shapes.add(shape);
    // Asked twice: the first answer also reads what the process then keeps (the viewer, the
    // program's settings, cached pages); the second is what a page costs from then on.
    const visits = [];
    let html = "";
    let status = 0;
    for (let visit = 0; visit < 2; visit++) {
      const offset = fs.statSync(PG_LOG).size;
      const response = await fetch(`${APP}${pagePath}`, { headers: { Cookie: cookie }, redirect: "manual" });
      status = response.status;
      html = (response.headers.get("content-type") ?? "").includes("text/html") ? await response.text() : (await response.arrayBuffer(), "");
      // The log is written as statements end; the page's last ones are in it once it settles.
      await new Promise((resolve) => setTimeout(resolve, 150));
      visits.push(plansSince(offset).filter((statement) => !statement.text.includes("jobs.")));
    }
    for (const [, href] of html.matchAll(/href="(\/[^"#]*)"/g)) if (!href.startsWith("//")) queue.push(href.replaceAll("&amp;", "&"));
    pages.push({ page: `${pagePath} (${who})`, status, first: visits[0], again: visits[1] });
  }
}
await server.stop();
await database.drop();

const pgMs = (statements) => statements.reduce((sum, statement) => sum + statement.ms, 0).toFixed(2);
console.log(`\n${pages.length} pages; per page the statements PostgreSQL ran and its time for them, on a first visit and on the next (the job engine's polling left out; a background job's statements may land in a visit's count)\n`);
console.log("| page | status | statements | PostgreSQL ms | statements again | PostgreSQL ms again |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const { page, status, first, again } of pages) {
  console.log(`| ${page} | ${status} | ${first.length} | ${pgMs(first)} | ${again.length} | ${pgMs(again)} |`);
}
const flagged = new Map();
for (const { page, first, again } of pages) {
  for (const statement of [...first, ...again]) {
    const scans = wideScans(statement.plan);
    if (scans.length === 0 && statement.ms <= SLOW) continue;
    const key = statement.text.slice(0, 300);
    const known = flagged.get(key) ?? { ms: 0, scans, pages: new Set() };
    known.ms = Math.max(known.ms, statement.ms);
    known.pages.add(page);
    flagged.set(key, known);
  }
}
console.log(`\nstatements with a sequential scan over ${ROWS} rows or slower than ${SLOW} ms: ${flagged.size}`);
for (const [text, { ms, scans, pages: on }] of [...flagged].sort((a, b) => b[1].ms - a[1].ms)) {
  console.log(`\n${ms.toFixed(2)} ms${scans.length ? `, scans ${scans.join(", ")}` : ""}; on ${[...on].slice(0, 3).join(", ")}${on.size > 3 ? ` and ${on.size - 3} more` : ""}\n  ${text}`);
}
