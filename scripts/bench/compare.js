// `npm run bench:compare -- <other checkout>` (both built, with DATABASE_URL and REDIS_URL set):
// this checkout's build against another's (a `git worktree` of the commit before a change, say),
// both serving one database at once, each page of bench/pages.js asked of the two in turn, so
// a machine whose speed drifts between runs (it does here, by a third within minutes) slows both
// alike. Prints per page the medians of the documents' Server-Timing (`data`, `render`), of the
// whole answer as this client waited for it and of its size. Two processes share the database, so
// PostgreSQL only.
// Settings: SAMPLES requests a page and build (300), after WARMUP (50); POSTS, the scale
// program's feed (20,000).
import path from "node:path";
import { pages } from "../../bench/pages.js";
import { benchAppEnv, createDatabase, pageName, pathOf, requireBuild, seedScaleProgram, serverTimings, signIn } from "./app-pages.js";
import { median } from "./measures.js";
import { startServer } from "./start-server.js";

const SAMPLES = Number(process.env.SAMPLES ?? 300);
const WARMUP = Number(process.env.WARMUP ?? 50);
const other = process.argv[2] && path.resolve(process.argv[2]);

if (!other || !process.env.DATABASE_URL || !process.env.REDIS_URL) {
  console.error("usage: DATABASE_URL=… REDIS_URL=… npm run bench:compare -- <other checkout, built>");
  process.exit(1);
}
requireBuild(other);
requireBuild();

const database = await createDatabase(process.env.DATABASE_URL);
const env = benchAppEnv(database.url, "compare");
seedScaleProgram(env, process.env.POSTS ?? 20000);

// The other build answers at the first port, this one at the second; one session works on both.
const builds = [
  { name: path.basename(other), cwd: other, base: "http://127.0.0.1:3596" },
  { name: "this checkout", cwd: process.cwd(), base: "http://127.0.0.1:3597" },
];
const servers = [];
for (const build of builds) {
  servers.push(await startServer(process.execPath, ["build/server.js"], { cwd: build.cwd, env: { ...env, PORT: new URL(build.base).port } }, `${build.base}/login`));
}

const cookies = new Map();
for (const page of pages) if (page.as && !cookies.has(page.as)) cookies.set(page.as, await signIn(builds[1].base, page.as));

async function ask(base, pagePath, headers) {
  const started = performance.now();
  const response = await fetch(`${base}${pagePath}`, { headers, redirect: "manual" });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${base}${pagePath} answers ${response.status}`);
  return { wall: performance.now() - started, kb: body.byteLength / 1024, ...serverTimings(response) };
}

const format = (values, digits = 2) => (values.length ? median(values).toFixed(digits) : "–");
console.log(`\n${builds[0].name} (A) against ${builds[1].name} (B): medians of ${SAMPLES} requests a page, the two asked in turn, one request at a time\n`);
console.log("| page | data A | data B | render A | render B | answer A | answer B | KB A | KB B |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const page of pages) {
  const pagePath = await pathOf(builds[1].base, page, cookies);
  const headers = page.as ? { Cookie: cookies.get(page.as) } : {};
  const samples = builds.map(() => ({ data: [], render: [], wall: [], kb: [] }));
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    // Alternate which build goes first, so neither always follows the other's garbage.
    for (const index of i % 2 ? [1, 0] : [0, 1]) {
      const answer = await ask(builds[index].base, pagePath, headers);
      if (i < WARMUP) continue;
      for (const [name, value] of Object.entries(answer)) samples[index][name]?.push(value);
    }
  }
  const [a, b] = samples;
  console.log(`| ${pageName(page, pagePath)} | ${format(a.data)} | ${format(b.data)} | ${format(a.render)} | ${format(b.render)} | ${format(a.wall)} | ${format(b.wall)} | ${format(a.kb, 1)} | ${format(b.kb, 1)} |`);
}

for (const server of servers) await server.stop();
await database.drop();
