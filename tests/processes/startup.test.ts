import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { freshDatabase, migratedDataDir } from "../setup/databases";
import { testPort } from "../setup/ports";

/** Starts server.ts as `npm start` would and returns how it ended. */
function startServer(env: Record<string, string>, args: string[] = []) {
  // The compiled server (npm run build ran before the tests), with plain Node: production needs no tsx.
  const result = spawnSync(process.execPath, ["build/server.js", ...args], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      DATA_DIR: migratedDataDir("start-"),
      ...env,
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr };
}

// Each test starts the built server in a process of its own (a 15 MB bundle to load): on a busy
// machine one start takes seconds, so these have the time the spawn itself allows, not vitest's 30 s.
describe("start-up refuses bad configuration with a clear message", { timeout: 130_000 }, () => {
  it("names a bad environment variable", () => {
    const { status, stderr } = startServer({ PORT: "70000" });
    expect(status).toBe(1);
    expect(stderr).toContain("Invalid environment:\n  - PORT: Too big: expected number to be <=65535");
  });

  it("refuses several web processes on the embedded database", () => {
    const { status, stderr } = startServer({ WEB_CONCURRENCY: "2" });
    expect(status).toBe(1);
    expect(stderr).toContain("WEB_CONCURRENCY: above 1 needs DATABASE_URL and REDIS_URL");
  });

  it("leaves jobs to worker processes only where there can be some", () => {
    const web = startServer({ WORKERS: "0" });
    expect(web.status).toBe(1);
    expect(web.stderr).toContain("WORKERS: 0 needs DATABASE_URL: on the embedded database no other process can run the jobs");
    const worker = startServer({}, ["--worker"]);
    expect(worker.status).toBe(1);
    expect(worker.stderr).toContain("DATABASE_URL: a worker process needs it; on the embedded database the web process runs the jobs");
  });

  it("names the tenant file, the JSON path and the reason", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tenants-"));
    const acme = JSON.parse(fs.readFileSync("tenants/acme.json", "utf8"));
    acme.points.pointValue = -1;
    fs.writeFileSync(path.join(dir, "acme.json"), JSON.stringify(acme));
    const { status, stderr } = startServer({ TENANTS_DIR: dir });
    expect(status).toBe(1);
    expect(stderr).toContain(`Invalid tenant configuration:\n  - ${path.join(dir, "acme.json")} at $.points.pointValue: must be above 0`);
  });

  it("says in one line which server it could not reach, without its password", () => {
    // Port 9 on the loopback: nothing listens there, so the connection is refused at once.
    const database = startServer({ DATABASE_URL: "postgres://app:hunter2@127.0.0.1:9/recognize", SESSION_SECRET: "x".repeat(40) });
    expect(database.status).toBe(1);
    expect(database.stderr.trim()).toBe("Could not reach PostgreSQL at postgres://app:***@127.0.0.1:9/recognize: connect ECONNREFUSED 127.0.0.1:9");
    const redis = startServer({ REDIS_URL: "redis://:hunter2@127.0.0.1:9" });
    expect(redis.status).toBe(1);
    expect(redis.stderr.trim()).toBe("Could not reach Redis at redis://:***@127.0.0.1:9: connect ECONNREFUSED 127.0.0.1:9");
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))("npm run worker", () => {
  it("runs jobs without serving HTTP, and stops on SIGTERM", async () => {
    const database = await freshDatabase();
    onTestFinished(() => database.drop());
    if (database.target.kind !== "postgres") throw new Error("expected PostgreSQL");
    const child = spawn(process.execPath, ["build/server.js", "--worker"], {
      env: { PATH: process.env.PATH, NODE_ENV: "test", DATABASE_URL: database.target.url, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "worker-")) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    for (let waited = 0; !output.includes('"worker_started"') && waited < 60_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(JSON.parse(output.split("\n").find((line) => line.includes('"worker_started"'))!)).toMatchObject({ workers: 2 });
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).not.toContain('"listening"');
  }, 90_000);
});

/** A migrated embedded database of the test's own (closed when it ends), its cross-program handle and kysely's `sql`. */
async function openEmbedded(prefix: string) {
  const { openDatabase, crossProgramDb } = await import("~/modules/db/database.server");
  const { sql } = await import("kysely");
  const database = await openDatabase({ kind: "pglite", dataDir: migratedDataDir(prefix) });
  onTestFinished(() => database.close());
  return { database, db: crossProgramDb(database), sql };
}

describe("the embedded database", () => {
  it("gathers planner statistics at start-up, as it has no autovacuum to do it", async () => {
    const { startApp } = await import("~/modules/app.server");
    const { parseEnv } = await import("~/modules/env.server");
    const { createLogger } = await import("~/modules/logger.server");
    const { crossProgramDb } = await import("~/modules/db/database.server");
    const { sql } = await import("kysely");
    const dataDir = migratedDataDir("analyze-");
    const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir });
    const start = () => startApp(env, createLogger("silent"), { database: { kind: "pglite", dataDir }, seedDemo: false });
    const columnStats = async (app: Awaited<ReturnType<typeof start>>) =>
      (await sql<{ n: number }>`select count(*)::int as n from pg_stats where tablename = 'feed_item'`.execute(crossProgramDb(app.database))).rows[0]!.n;

    // A feed that grew while the app ran (or was seeded at scale): only ANALYZE writes the statistics the
    // planner reads; without them it took 200,000 posts for an empty table and walked them all for each page.
    const first = await start();
    const db = crossProgramDb(first.database);
    const program = await db.selectFrom("program").select("id").executeTakeFirstOrThrow();
    await sql`insert into feed_item (program_id, kind, foreign_id, data) select ${program.id}, 'userGenerated', 'grown-' || g, '{}' from generate_series(1, 5000) g`.execute(db);
    await first.close();

    const second = await start();
    onTestFinished(() => second.close());
    expect(await columnStats(second)).toBeGreaterThan(0);
  }, 90_000);

  it("analyzes new tables and tables that grew, and leaves the others' statistics to the hourly vacuum", async () => {
    const { database, db, sql } = await openEmbedded("analyze-changed-");
    const rowsSeen = async (table: string) => (await sql<{ rows: number }>`select reltuples::int as rows from pg_class where relname = ${table}`.execute(db)).rows[0]!.rows;
    await sql`create table grown (id int)`.execute(db);
    await sql`create table thinned (id int)`.execute(db);
    await sql`insert into thinned select g from generate_series(1, 1000) g`.execute(db);
    await database.analyze();
    expect(await rowsSeen("thinned")).toBe(1000);

    await sql`insert into grown select g from generate_series(1, 500) g`.execute(db);
    // Deleting leaves a table its size until a vacuum: its statistics wait for the hourly VACUUM (ANALYZE).
    await sql`delete from thinned where id > 10`.execute(db);
    await database.analyze();
    expect(await rowsSeen("grown")).toBe(500);
    expect(await rowsSeen("thinned")).toBe(1000);
    await database.vacuum();
    expect(await rowsSeen("thinned")).toBe(10);
  });

  it("is vacuumed as autovacuum would do it: dead rows reclaimed, pages marked all-visible for index-only scans", async () => {
    const { database, db, sql } = await openEmbedded("vacuum-");
    await sql`create table churn (id int primary key, n int)`.execute(db);
    await sql`insert into churn select g, 0 from generate_series(1, 20000) g`.execute(db);
    await sql`update churn set n = n + 1`.execute(db);
    const pages = async () => (await sql<{ pages: number; visible: number }>`select relpages as pages, relallvisible as visible from pg_class where relname = 'churn'`.execute(db)).rows[0]!;
    await database.analyze();
    expect((await pages()).visible).toBe(0);
    await database.vacuum();
    const after = await pages();
    expect(after.visible).toBe(after.pages);
    // The space of the dead versions is reused: another full update does not grow the table.
    await sql`update churn set n = n + 1`.execute(db);
    await database.vacuum();
    expect((await pages()).pages).toBe(after.pages);
  });

  it("is one process's: another is refused with a clear message, and the lock of one that is gone is taken over", async () => {
    const { openDatabase } = await import("~/modules/db/database.server");
    const { LOCK_FILE } = await import("~/modules/db/data-dir-lock.server");
    const dataDir = migratedDataDir("lock-");
    const lockFile = path.join(dataDir, "pglite", LOCK_FILE);

    // A server that holds the directory: a second server (or seed, or migrate) on it stops at once, saying why.
    const server = spawn(process.execPath, ["build/server.js"], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: String(testPort(3795)), DATA_DIR: dataDir },
      stdio: "ignore",
    });
    const serverExited = new Promise((resolve) => server.once("exit", resolve));
    onTestFinished(async () => {
      if (server.exitCode === null) server.kill("SIGKILL");
      await serverExited;
    });
    for (let waited = 0; !fs.existsSync(lockFile) && waited < 60_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    const second = startServer({ DATA_DIR: dataDir, PORT: String(testPort(3796)) });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`The embedded database in ${path.join(dataDir, "pglite")} is open in process ${server.pid}`);
    await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(`is open in process ${server.pid}`);
    server.kill("SIGKILL");
    await serverExited;

    // Killed, it left its lock behind: the next process takes it over, and holds it against a second open in the same process.
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(server.pid));
    const database = await openDatabase({ kind: "pglite", dataDir });
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(`is open in process ${process.pid}`);
    await database.close();
    expect(fs.existsSync(lockFile)).toBe(false);
    const reopened = await openDatabase({ kind: "pglite", dataDir });
    await reopened.close();
  }, 120_000);
});
