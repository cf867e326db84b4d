// `npm run bench:programs` (after `npm run build` and `npm run seed -- --programs N`, on
// PostgreSQL): the feed of one generated program against the feeds of all of them, requests
// spread over every program in turn, in alternating rounds. Prints req/s, p50 and p99 of both,
// their ratio (issue 31's target: all programs within 80% of one), and the web process's RSS
// after each mode, so a cache that grows with the number of programs shows. Then every program's
// people pages: the profile and the recognition story of PEOPLE (50) of each program's people, as
// its demo employee, and the RSS after them: what the process keeps of many programs' people.
// Redis is used when REDIS_URL is set. Settings: ROUNDS (3), DURATION seconds per mode and round
// (10), WARMUP seconds per mode (5), CONNECTIONS (50), PEOPLE (50).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { median, rssMbOf } from "./measures.js";
import { startServer } from "./start-server.js";
import { requireBuild } from "./app-pages.js";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const PEOPLE = Number(process.env.PEOPLE ?? 50);
const PORT = 3592;
const DEMO_PASSWORD = "Recognize-2026!";

if (!process.env.DATABASE_URL) {
  console.error("bench:programs measures many programs on PostgreSQL: set DATABASE_URL (and REDIS_URL).");
  process.exit(1);
}
requireBuild();
const tenantsDir = path.resolve(process.env.DATA_DIR ?? "data", "load-tenants");
const subdomains = fs.existsSync(tenantsDir)
  ? fs.readdirSync(tenantsDir).filter((file) => /^load-\d+\.json$/.test(file)).map((file) => file.slice(0, -".json".length)).sort()
  : [];
if (subdomains.length === 0) {
  console.error(`No generated programs in ${tenantsDir}: run \`npm run seed -- --programs 200\` first (with the same DATABASE_URL and DATA_DIR).`);
  process.exit(1);
}

const hostOf = (subdomain) => `${subdomain}.localhost:${PORT}`;
const env = {
  ...process.env,
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  PORT: String(PORT),
  TENANTS_DIR: tenantsDir,
  DEFAULT_TENANT: subdomains[0],
  SESSION_SECRET: randomBytes(32).toString("hex"),
  REDIS_KEY_PREFIX: `bench-programs-${Date.now()}:`,
};
const app = await startServer(process.execPath, ["build/server.js"], { env }, `http://127.0.0.1:${PORT}/login`);

/** A request to the app as one program's host; resolves with the status, the cookies set and the body. */
function request(subdomain, pathname, { method = "GET", form, cookie } = {}) {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const headers = { Host: hostOf(subdomain), ...(cookie ? { Cookie: cookie } : {}) };
  if (body) Object.assign(headers, { Origin: `http://${hostOf(subdomain)}`, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) });
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: PORT, path: pathname, method, headers }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode, cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]), body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

console.error(`signing in to ${subdomains.length} programs…`);
const cookies = [];
for (const subdomain of subdomains) {
  const signedIn = await request(subdomain, "/login", { method: "POST", form: { username: "employee", password: DEMO_PASSWORD } });
  if (signedIn.status !== 302) throw new Error(`could not sign in to ${subdomain} (${signedIn.status}): seed it with \`npm run seed -- --programs N\``);
  const cookie = signedIn.cookies.join("; ");
  const feed = await request(subdomain, "/feed", { cookie });
  if (feed.status !== 200) throw new Error(`${subdomain}'s /feed answers ${feed.status}`);
  cookies.push({ subdomain, host: hostOf(subdomain), cookie });
}

/** The feed of one program, or of every program in turn (each connection's next request goes to the next program). */
function load(mode, duration) {
  let next = 0;
  const first = cookies[0];
  const options = {
    url: `http://127.0.0.1:${PORT}/feed`,
    connections: CONNECTIONS,
    duration,
    headers: { host: first.host, cookie: first.cookie },
  };
  if (mode === "all") {
    options.requests = [
      {
        setupRequest(req) {
          const { host, cookie } = cookies[next++ % cookies.length];
          return { ...req, headers: { ...req.headers, host, cookie } };
        },
      },
    ];
  }
  return autocannon(options);
}

const modes = { one: `one program (${subdomains[0]})`, all: `all ${subdomains.length} programs` };
const runs = { one: [], all: [] };
const rss = { one: 0, all: 0 };
for (const mode of ["one", "all"]) await load(mode, WARMUP);
for (let round = 1; round <= ROUNDS; round++) {
  for (const mode of ["one", "all"]) {
    const result = await load(mode, DURATION);
    if (result.non2xx || result.errors) throw new Error(`${modes[mode]}: ${result.non2xx} answers other than 2xx, ${result.errors} errors`);
    runs[mode].push({ requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
    rss[mode] = rssMbOf(app.child.pid);
    console.error(`round ${round}: /feed of ${modes[mode]} ${result.requests.average.toFixed(0)} req/s`);
  }
}

/** The profile and the story of the first `PEOPLE` people of each program, eight requests at a time; the RSS after. */
async function peoplePages() {
  const { default: pg } = await import("pg");
  const sql = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await sql.connect();
  const paths = [];
  for (const [index, subdomain] of subdomains.entries()) {
    const { rows } = await sql.query("select e.id from employee e join program p on p.id = e.program_id where p.subdomain = $1 order by e.id limit $2", [subdomain, PEOPLE]);
    for (const { id } of rows) paths.push([cookies[index], `/profile/${id}`], [cookies[index], `/profile/${id}/story`]);
  }
  await sql.end();
  const started = performance.now();
  let next = 0;
  const asker = async () => {
    while (next < paths.length) {
      const [{ subdomain, cookie }, pathname] = paths[next++];
      const answer = await request(subdomain, pathname, { cookie });
      if (answer.status !== 200) throw new Error(`${subdomain}'s ${pathname} answers ${answer.status}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, asker));
  return { requests: paths.length, seconds: (performance.now() - started) / 1000, rssMb: rssMbOf(app.child.pid) };
}
const people = await peoplePages();
console.error(`people pages: ${people.requests} in ${people.seconds.toFixed(0)} s`);
await app.stop();

const row = (mode) => ({
  requestsPerSecond: Math.round(median(runs[mode].map((run) => run.requestsPerSecond))),
  p50: median(runs[mode].map((run) => run.p50)),
  p99: median(runs[mode].map((run) => run.p99)),
  rssMb: rss[mode],
});
const one = row("one");
const all = row("all");
const ratio = all.requestsPerSecond / one.requestsPerSecond;
console.log(`\n/feed on PostgreSQL${process.env.REDIS_URL ? " + Redis" : ""}, ${ROUNDS} rounds of ${DURATION} s, ${CONNECTIONS} connections (median of the rounds)\n`);
console.log("| feed of | req/s | p50 | p99 | RSS after |");
console.log("| --- | --- | --- | --- | --- |");
for (const mode of ["one", "all"]) {
  const measured = mode === "one" ? one : all;
  console.log(`| ${modes[mode]} | ${measured.requestsPerSecond} | ${measured.p50} ms | ${measured.p99} ms | ${measured.rssMb} MB |`);
}
console.log(`\nThen the profile and the story of ${PEOPLE} people of each program (${people.requests} pages in ${people.seconds.toFixed(0)} s): RSS after ${people.rssMb} MB.`);
const rssMb = Math.max(one.rssMb, all.rssMb, people.rssMb);
console.log(`\ntargets: all programs within 80% of one: ${(ratio * 100).toFixed(0)}%, ${ratio >= 0.8 ? "met" : "under"}; RSS ≤ 300 MB: ${rssMb} MB, ${rssMb <= 300 ? "met" : "over"}`);
