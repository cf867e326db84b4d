// What the benchmarks share about the app they measure: a database of their own, the demo
// users' sessions, the pages' paths and the documents' Server-Timing.

import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const DEMO_PASSWORD = "Recognize-2026!";

/** Ends the bench, saying what to run, when `checkout` (this one by default) has no build. */
export function requireBuild(checkout = ".") {
  if (fs.existsSync(path.join(checkout, "build/server.js"))) return;
  console.error(checkout === "." ? "No build: run `npm run build` first." : `No build in ${checkout}: run \`npm run build\` there first.`);
  process.exit(1);
}

/**
 * The environment of the app a bench starts on a database of its own (`url`): production mode, acme
 * for a bare address, and a data directory, session secret and Redis keys of its own (`name` marks them).
 */
export function benchAppEnv(url, name) {
  return {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DEFAULT_TENANT: "acme",
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `recognize-${name}-`)),
    DATABASE_URL: url,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    REDIS_KEY_PREFIX: `bench-${name}-${Date.now()}:`,
  };
}

/** Seeds acme at scale (`npm run seed -- --scale`) into `env`'s database: `posts` in its feed (else the seed's default). */
export function seedScaleProgram(env, posts) {
  console.error("seeding the scale program…");
  execFileSync(process.execPath, ["--import", "./scripts/run-source.js", "scripts/seed.ts", "--scale", "acme", ...(posts ? ["--posts", String(posts)] : [])], {
    env: { ...env, NODE_ENV: "development", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** A fresh PostgreSQL database beside `url`'s, for one run; `drop` removes it. */
export async function createDatabase(url) {
  const { default: pg } = await import("pg");
  const name = `recognize_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The session cookie of a demo user, signed in through the login form of the app at `base`. */
export async function signIn(base, username) {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password: DEMO_PASSWORD }),
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().map((header) => header.split(";")[0]).join("; ");
  if (response.status !== 302 || !cookie) throw new Error(`could not sign in as ${username} (${response.status})`);
  return cookie;
}

/** A page's path (bench/pages.js): its own, or (with `link`) the first matching href on it, after `prefix`. */
export async function pathOf(base, page, cookies) {
  if (!page.link) return page.path;
  const html = await (await fetch(`${base}${page.path}`, { headers: page.as ? { Cookie: cookies.get(page.as) } : {} })).text();
  const found = page.link.exec(html)?.[1];
  if (!found) throw new Error(`no link matching ${page.link} on ${page.path}`);
  return `${page.prefix ?? ""}${found}`;
}

/** How a page is named in the benches' tables: its path, ids as `{id}` where a link found it, and who asks. */
export function pageName(page, pagePath) {
  return `${page.link ? pagePath.replace(/\d+/g, "{id}") : pagePath}${page.as ? ` (${page.as})` : " (visitor)"}`;
}

/** A document's Server-Timing as milliseconds by name (`data`, `render`); a JSON answer has none. */
export function serverTimings(response) {
  const timings = {};
  for (const [, name, duration] of (response.headers.get("server-timing") ?? "").matchAll(/(\w+);dur=([\d.]+)/g)) timings[name] = Number(duration);
  return timings;
}
